//! The `dlx` command: parses flags and calls the library.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use dlx::app::cover::{CoverOptions, Mode, Part, parse_seconds};
use dlx::app::generate::{Generator, parse_cell};

/// Dancing-links exact-cover solver, with Sudoku on top.
#[derive(Parser, Debug)]
#[command(name = "dlx", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

const EXIT_CODES: &str = "\
Exit codes: 0 a solution was found (or the count is not 0), 1 no solution \
(none found within the limits, if a limit was given), 2 bad input or \
arguments. A closed standard output (dlx cover --all | head) ends quietly \
with 0.";

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve or count an exact-cover problem in Knuth's DLX1 format
    /// (with DLX2 colors, item:color).
    #[command(after_help = format!(
        "{EXIT_CODES}\n\nA count cut short by --limit, --max-nodes or --timeout is a lower \
         bound: it is printed as 'at least N' and standard error says which limit stopped it."
    ))]
    Cover(CoverArgs),
    /// Write a classic exact-cover problem in Knuth's format.
    #[command(after_help = EXIT_CODES)]
    Gen(GenArgs),
}

#[derive(Args, Debug)]
struct CoverArgs {
    /// Input in Knuth's format; standard input if absent or '-'.
    file: Option<PathBuf>,
    /// Print the number of solutions instead of the first solution.
    #[arg(long, conflicts_with_all = ["all", "every"])]
    count: bool,
    /// Print every solution, separated by blank lines (streamed).
    #[arg(long, conflicts_with = "every")]
    all: bool,
    /// Print every M-th solution (the M-th, the 2M-th, ...).
    #[arg(long, value_name = "M", value_parser = clap::value_parser!(u64).range(1..))]
    every: Option<u64>,
    /// Stop after N solutions (a count is then a lower bound).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,
    /// Stop after about N search-tree nodes (a count is then a lower bound).
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// Stop after SECS seconds (a count is then a lower bound).
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    timeout: Option<Duration>,
    /// Report on standard error every few seconds how much of the tree is
    /// done (Knuth's estimate from the branch positions on the current path).
    #[arg(long)]
    progress: bool,
    /// Print search nodes, link updates, solutions and time on standard error.
    #[arg(long)]
    stats: bool,
    /// Search on N threads (0: one per core); same count and solutions as one.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(0..=1024))]
    threads: u16,
    /// Search only share K of N disjoint shares of the tree (K = 1..N); the
    /// N counts add up to the full count. A share with no solution exits 0.
    #[arg(long, value_name = "K/N")]
    part: Option<Part>,
}

#[derive(Args, Debug)]
struct GenArgs {
    #[command(subcommand)]
    problem: GenProblem,
}

#[derive(Subcommand, Debug)]
enum GenProblem {
    /// n queens: rows and columns primary, diagonals secondary.
    Queens {
        /// Board size.
        n: usize,
    },
    /// Langford pairs for n (each solution and its reversal).
    Langford {
        /// Largest number.
        n: usize,
    },
    /// The 12 pentominoes in a ROWS x COLS rectangle, optionally with holes.
    Pentominoes {
        /// Rows of the board.
        #[arg(long, default_value_t = 6)]
        rows: usize,
        /// Columns of the board.
        #[arg(long, default_value_t = 10)]
        cols: usize,
        /// A cell left empty, ROW,COL (0-based); repeat for more.
        #[arg(long = "hole", value_name = "ROW,COL", value_parser = parse_cell)]
        holes: Vec<(usize, usize)>,
    },
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    let (stdout, mut stderr) = (std::io::stdout(), std::io::stderr());
    let mut out = std::io::BufWriter::new(stdout.lock());
    let code = match cli.command {
        Command::Cover(a) => {
            let mode = match (a.count, a.all, a.every) {
                (true, _, _) => Mode::Count,
                (_, _, Some(m)) => Mode::Every(m),
                (_, true, _) => Mode::All,
                _ => Mode::First,
            };
            let opts = CoverOptions {
                input: a.file,
                mode,
                limit: a.limit,
                max_nodes: a.max_nodes,
                timeout: a.timeout,
                progress: a.progress.then_some(dlx::app::cover::PROGRESS_EVERY),
                stats: a.stats,
                threads: a.threads.into(),
                part: a.part,
            };
            dlx::app::cover::run(&opts, std::io::stdin().lock(), &mut out, &mut stderr)
        }
        Command::Gen(a) => {
            let generator = match a.problem {
                GenProblem::Queens { n } => Generator::Queens(n),
                GenProblem::Langford { n } => Generator::Langford(n),
                GenProblem::Pentominoes { rows, cols, holes } => {
                    Generator::Pentominoes { rows, cols, holes }
                }
            };
            dlx::app::generate::run(&generator, &mut out, &mut stderr)
        }
    };
    std::process::ExitCode::from(code)
}
