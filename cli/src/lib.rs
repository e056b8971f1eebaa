//! The commands behind the `dlx` binary, as library functions: each takes
//! plain options and output streams and returns an [`ExitStatus`], so tests
//! drive them without a process and the binary only parses flags.
//!
//! Exit codes, the same for every command ([`ExitStatus`]): 0 all went
//! well (every puzzle solved, a solution found, the work done), 1 some
//! puzzle or problem had no solution (within the limits, if any were given),
//! 2 some input or argument was malformed or unreadable, 3 a search was cut
//! by a node budget before it settled its puzzle, 130 Ctrl-C stopped the
//! run (`solve`, `count`). A closed output
//! pipe (`dlx solve big.txt | head`) ends the run quietly with the status so
//! far.

pub mod bench;
pub mod cover;
pub mod generate;
pub mod problem;
pub mod shell;
pub mod sudoku;

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The outcome of a run, combined by taking the worst: in the order of
/// the variants (so `Unsettled`, code 3, ranks below `BadInput`, code 2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ExitStatus {
    /// Everything solved (or counted).
    #[default]
    Success = 0,
    /// Some puzzle had no solution.
    NoSolution = 1,
    /// Some search was stopped by `--max-nodes` before it settled the
    /// puzzle (a solve that found nothing, a count of 0 so far): worse than
    /// a proof of no solution, not as bad as unreadable input.
    Unsettled = 3,
    /// Some input was malformed or could not be read.
    BadInput = 2,
    /// Ctrl-C stopped the run (128 + SIGINT, as shells report it): what
    /// was printed is partial, the last count a lower bound.
    Interrupted = 130,
}

impl ExitStatus {
    /// The process exit code.
    pub fn code(self) -> u8 {
        self as u8
    }

    /// How bad the outcome is, for combining: the order of the variants,
    /// not of the codes.
    fn rank(self) -> u8 {
        match self {
            ExitStatus::Success => 0,
            ExitStatus::NoSolution => 1,
            ExitStatus::Unsettled => 2,
            ExitStatus::BadInput => 3,
            ExitStatus::Interrupted => 4,
        }
    }
}

impl Ord for ExitStatus {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl PartialOrd for ExitStatus {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// Where input comes from: a file, or standard input for `-`.
#[derive(Clone)]
pub enum Input {
    /// Standard input.
    Stdin,
    /// A file.
    File(PathBuf),
    /// Bytes in memory, with the name messages use (for tests, fuzzing,
    /// and standard input read ahead for `--part`).
    Bytes(String, Arc<[u8]>),
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

    /// The inputs named on a command line: standard input when none. An
    /// argument that is no existing path but reads as a puzzle line (the
    /// line or variant format: `dlx solve 4.....8.5.3...`) is that puzzle,
    /// named `<argument K>` in messages (`K` its place among the inputs);
    /// anything else is a path, and a missing one is reported as such.
    pub fn from_args(args: &[PathBuf]) -> Vec<Self> {
        if args.is_empty() {
            return vec![Input::Stdin];
        }
        args.iter()
            .enumerate()
            .map(|(k, a)| match Self::puzzle_argument(a) {
                Some(text) => Input::Bytes(format!("<argument {}>", k + 1), text.into()),
                None => Self::from_arg(a),
            })
            .collect()
    }

    /// The text of `arg` as an input, when it is no path that exists and
    /// reads as one puzzle line.
    fn puzzle_argument(arg: &Path) -> Option<Vec<u8>> {
        let text = arg.to_str()?;
        if arg.exists() || text.contains(['\n', '/']) {
            return None;
        }
        let line = dlx_engine::format::by_name("line").expect("format::ALL lists the line format");
        let opts = dlx_engine::format::Options::default();
        match line.read(Box::new(text.as_bytes()), &opts).next() {
            Some(Ok(_)) => Some(format!("{text}\n").into_bytes()),
            _ => None,
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
            Input::Bytes(_, bytes) => Box::new(io::Cursor::new(Arc::clone(bytes))),
        })
    }
}

/// Share `k` of `n` (`--part K/N`), 1-based: of a search tree
/// (`dlx cover`, see [`dlx_engine::dlx::Runner::share`]) or of the cases
/// of a run (`dlx solve`, `dlx count`, see [`Part::range`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    /// Which share, `1..=n`.
    pub k: usize,
    /// How many shares.
    pub n: usize,
}

impl Part {
    /// The contiguous range of `total` items (0-based) that share `k` of
    /// `n` takes: `(k-1)*total/n .. k*total/n`, rounded down. The `n`
    /// ranges are disjoint, in order, cover `0..total`, and differ in
    /// length by at most one (shares past the end are empty when `n >
    /// total`).
    pub fn range(&self, total: usize) -> Range<usize> {
        // u128: `k * total` cannot overflow.
        let at = |k: usize| (k as u128 * total as u128 / self.n as u128) as usize;
        at(self.k - 1)..at(self.k)
    }
}

impl std::str::FromStr for Part {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("'{s}' is not K/N with 1 <= K <= N");
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let (k, n) = (
            k.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        if k == 0 || k > n {
            return Err(bad());
        }
        Ok(Part { k, n })
    }
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

pub use dlx_engine::dlx::thread_count;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn part_ranges_are_contiguous_and_even() {
        for total in [0, 1, 5, 49_158] {
            for n in [1, 2, 3, 8, 64] {
                let ranges: Vec<_> = (1..=n).map(|k| Part { k, n }.range(total)).collect();
                assert_eq!(ranges[0].start, 0);
                assert_eq!(ranges[n - 1].end, total);
                for pair in ranges.windows(2) {
                    assert_eq!(pair[0].end, pair[1].start, "{total} {n}");
                }
                let lens: Vec<_> = ranges.iter().map(|r| r.len()).collect();
                let (min, max) = (lens.iter().min().unwrap(), lens.iter().max().unwrap());
                assert!(max - min <= 1, "{total} {n} {lens:?}");
            }
        }
        assert_eq!(Part { k: 2, n: 3 }.range(10), 3..6);
        assert_eq!(Part { k: 1, n: 1 }.range(usize::MAX), 0..usize::MAX);
    }
}
