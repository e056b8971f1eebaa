//! The commands behind the `dlx` binary, as library functions: each takes
//! plain options and output streams and returns an [`ExitStatus`], so tests
//! drive them without a process and the binary only parses flags.
//!
//! Exit codes, the same for every command ([`ExitStatus`]): 0 all went
//! well (every puzzle solved, a solution found, the work done), 1 some
//! puzzle or problem had no solution (within the limits, if any were given),
//! 2 some input or argument was malformed or unreadable. A closed output
//! pipe (`dlx solve big.txt | head`) ends the run quietly with the status so
//! far.

pub mod bench;
pub mod cover;
pub mod generate;
pub mod problem;
pub mod shell;
pub mod sudoku;

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::{Path, PathBuf};

/// The outcome of a run, worst first when combined.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum ExitStatus {
    /// Everything solved (or counted).
    #[default]
    Success = 0,
    /// Some puzzle had no solution.
    NoSolution = 1,
    /// Some input was malformed or could not be read.
    BadInput = 2,
}

impl ExitStatus {
    /// The process exit code.
    pub fn code(self) -> u8 {
        self as u8
    }
}

/// Where input comes from: a file, or standard input for `-`.
pub enum Input {
    /// Standard input.
    Stdin,
    /// A file.
    File(PathBuf),
    /// Bytes in memory, with the name messages use (for tests and fuzzing).
    Bytes(String, Vec<u8>),
}

impl Input {
    /// `-` is standard input; anything else a path.
    pub fn from_arg(arg: &Path) -> Self {
        if arg == Path::new("-") {
            Input::Stdin
        } else {
            Input::File(arg.to_path_buf())
        }
    }

    /// The inputs named on a command line: standard input when none.
    pub fn from_args(args: &[PathBuf]) -> Vec<Self> {
        if args.is_empty() {
            vec![Input::Stdin]
        } else {
            args.iter().map(|a| Self::from_arg(a)).collect()
        }
    }

    /// The name used in messages.
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".to_string(),
            Input::File(p) => p.display().to_string(),
            Input::Bytes(name, _) => name.clone(),
        }
    }

    /// Opens the input for buffered reading.
    pub fn open(&self) -> io::Result<Box<dyn BufRead>> {
        Ok(match self {
            Input::Stdin => Box::new(BufReader::with_capacity(1 << 16, io::stdin())),
            Input::File(p) => Box::new(BufReader::with_capacity(1 << 16, File::open(p)?)),
            Input::Bytes(_, bytes) => Box::new(io::Cursor::new(bytes.clone())),
        })
    }
}

/// The number of worker threads for a `--threads` value: `0` means one
/// per core (1 when that cannot be told).
pub fn thread_count(requested: usize) -> usize {
    match requested {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
}

/// Whether an output error means the reader went away (`| head`): the run
/// then ends quietly.
pub fn is_broken_pipe(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::BrokenPipe
}

/// The status for a failed write to standard output: quiet success when
/// the reader went away, an error (reported on `err`) otherwise.
fn output_failed(e: &io::Error, err: &mut (impl io::Write + ?Sized)) -> ExitStatus {
    if is_broken_pipe(e) {
        ExitStatus::Success
    } else {
        let _ = writeln!(err, "dlx: cannot write the output: {e}");
        ExitStatus::BadInput
    }
}
