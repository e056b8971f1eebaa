//! `dlx cover`: solve or count an exact-cover problem given in Knuth's
//! format ([`dlx_engine::dlx::knuth`]).
//!
//! Standard output gets only the answer: the first solution, every (or
//! every M-th) solution separated by blank lines, or the count (`at least
//! N` when a bound cut the search short). Warnings, errors, progress and
//! statistics go to the error output.

use std::fmt;
use std::io::{self, Read, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub use super::Part;
use super::{ExitStatus, output_failed};
use dlx_engine::dlx::knuth::{self, KnuthProblem};
use dlx_engine::dlx::{EngineKind, Outcome, Problem, Propagate, Stats};
use dlx_engine::dlx::{Run, RunProgress, Runner, SearchLimits, Split};

/// How often `--progress` reports.
pub const PROGRESS_EVERY: Duration = Duration::from_secs(3);

/// What to print.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// The first solution.
    #[default]
    First,
    /// The number of solutions.
    Count,
    /// Every solution.
    All,
    /// Every M-th solution (the M-th, the 2M-th, ...).
    Every(u64),
    /// Knuth's estimate of the solutions from random paths, drawn from a
    /// seed ([`Problem::estimate`]).
    Estimate {
        /// The random paths.
        probes: u64,
        /// The seed of their draws.
        seed: u64,
    },
}

/// Parses a positive number of seconds (`--timeout 2.5`).
pub fn parse_seconds(s: &str) -> Result<Duration, String> {
    match s.trim().parse::<f64>() {
        Ok(x) if x > 0.0 => Duration::try_from_secs_f64(x).map_err(|e| e.to_string()),
        _ => Err(format!("'{s}' is not a positive number of seconds")),
    }
}

/// The options of `dlx cover`; the default prints the first solution of
/// standard input on one thread.
#[derive(Clone, Debug)]
pub struct CoverOptions {
    /// The input file; standard input if `None` or `-`.
    pub input: Option<PathBuf>,
    /// What to print.
    pub mode: Mode,
    /// Stop after this many solutions.
    pub limit: Option<u64>,
    /// Stop after about this many search-tree nodes.
    pub max_nodes: Option<u64>,
    /// Stop after this long.
    pub timeout: Option<Duration>,
    /// Report progress at this interval.
    pub progress: Option<Duration>,
    /// Print nodes, updates, solutions and time.
    pub stats: bool,
    /// Threads; 0 means one per available core.
    pub threads: usize,
    /// Solve only this share of the tree.
    pub part: Option<Part>,
    /// The search's engine.
    pub engine: EngineKind,
    /// What the search deduces between choices ([`Problem::set_propagate`]).
    pub propagate: Propagate,
    /// With [`Mode::Count`]: count with a memo of at most this many bytes
    /// ([`Runner::count`]).
    pub memo_bytes: Option<usize>,
}

impl Default for CoverOptions {
    fn default() -> Self {
        CoverOptions {
            input: None,
            mode: Mode::First,
            limit: None,
            max_nodes: None,
            timeout: None,
            progress: None,
            stats: false,
            threads: 1,
            part: None,
            engine: EngineKind::Auto,
            propagate: Propagate::Off,
            memo_bytes: None,
        }
    }
}

/// Runs `dlx cover`; `stdin` is read when no file is named.
pub fn run(
    opts: &CoverOptions,
    stdin: impl Read,
    out: &mut impl Write,
    err: &mut (impl Write + Send),
) -> ExitStatus {
    let (name, bytes) = match read_input(opts.input.as_ref(), stdin) {
        Ok(read) => read,
        Err(message) => {
            let _ = writeln!(err, "dlx cover: {message}");
            return ExitStatus::BadInput;
        }
    };
    let (mut problem, warnings) = match knuth::parse(&bytes) {
        Ok(parsed) => parsed,
        Err(e) => {
            let _ = writeln!(err, "dlx cover: {name}: {e}");
            return ExitStatus::BadInput;
        }
    };
    for w in &warnings {
        let _ = writeln!(err, "dlx cover: {name}: warning: {w}");
    }
    problem.problem.set_propagate(opts.propagate);
    if let Mode::Estimate { probes, seed } = opts.mode {
        return match problem.problem.estimate(probes, seed) {
            Ok(estimate) => match writeln!(out, "{estimate}") {
                Ok(()) => ExitStatus::Success,
                Err(e) => output_failed(&e, err),
            },
            Err(e) => {
                let _ = writeln!(err, "dlx cover: {name}: {e}");
                ExitStatus::BadInput
            }
        };
    }
    let threads = super::thread_count(opts.threads);
    match solve(opts, threads, &problem, out, err) {
        Ok(code) => code,
        Err(Failure::Output(e)) => output_failed(&e, err),
        Err(Failure::Run(message)) => {
            let _ = writeln!(err, "dlx cover: {name}: {message}");
            ExitStatus::BadInput
        }
    }
}

/// Reads the named file, or `stdin`; returns the input's name for
/// messages and its bytes.
fn read_input(path: Option<&PathBuf>, mut stdin: impl Read) -> Result<(String, Vec<u8>), String> {
    let mut bytes = Vec::new();
    match path.filter(|p| p.as_os_str() != "-") {
        Some(path) => {
            let name = path.display().to_string();
            std::fs::read(path)
                .map(|b| (name.clone(), b))
                .map_err(|e| format!("cannot read {name}: {e}"))
        }
        None => stdin
            .read_to_end(&mut bytes)
            .map(|_| ("<stdin>".to_owned(), bytes))
            .map_err(|e| format!("cannot read standard input: {e}")),
    }
}

enum Failure {
    Output(io::Error),
    Run(String),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::Output(e)
    }
}

/// Solves or counts `problem` as `opts` says on `threads` threads, prints
/// the answer to `out`, and what else there is to say to `err`.
fn solve(
    opts: &CoverOptions,
    threads: usize,
    problem: &KnuthProblem,
    out: &mut impl Write,
    err: &mut (impl Write + Send),
) -> Result<ExitStatus, Failure> {
    let start = Instant::now();
    let progress = Progress {
        last: Mutex::new((start, &mut *err)),
        every: opts.progress.unwrap_or(Duration::MAX),
        start,
    };
    let report = |r: &RunProgress| progress.report(r);
    let on_progress: Option<&(dyn Fn(&RunProgress) + Sync)> = match opts.progress {
        Some(_) => Some(&report),
        None => None,
    };
    let runner = Runner {
        threads,
        limits: run_limits(opts),
        // A deadline too far to represent is no deadline.
        deadline: opts.timeout.and_then(|t| start.checked_add(t)),
        on_progress,
        engine: opts.engine,
        cancel: None,
        share: opts.part.map(|part| (part.k, part.n)),
    };
    let run_error = |e: &dyn fmt::Display| Failure::Run(e.to_string());
    let run = match opts.mode {
        Mode::Count => runner
            .count(&problem.problem, opts.memo_bytes)
            .map_err(|e| run_error(&e))?,
        mode => print_solutions(&runner, mode, problem, out)?,
    };
    let (outcome, stats, split) = (run.count.outcome, run.count.stats, run.split);
    let elapsed = start.elapsed();
    let err = progress.into_err();
    if outcome == Outcome::Overflow {
        return Err(Failure::Run(OVERFLOW.to_owned()));
    }
    let cut = cut_reason(outcome);
    if opts.mode == Mode::Count {
        match cut {
            None => writeln!(out, "{}", stats.solutions)?,
            Some(_) => writeln!(out, "at least {}", stats.solutions)?,
        }
    }
    out.flush()?;
    if let (Some(why), false) = (cut, opts.mode == Mode::First) {
        let _ = writeln!(
            err,
            "dlx cover: stopped by {why} after {}: the count is a lower bound",
            solutions(stats.solutions)
        );
    }
    if opts.stats {
        write_stats(
            err,
            &stats,
            elapsed,
            threads,
            split,
            opts,
            run.engine,
            &problem.problem,
        );
    }
    Ok(no_solution_status(opts, &stats, cut, err))
}

/// The run's bounds: `--limit` (one solution when only the first is
/// printed) and `--max-nodes`.
fn run_limits(opts: &CoverOptions) -> SearchLimits {
    SearchLimits {
        max_solutions: match opts.mode {
            Mode::First => 1,
            _ => opts.limit.unwrap_or(u64::MAX),
        },
        max_nodes: opts.max_nodes.unwrap_or(u64::MAX),
    }
}

/// Prints the first, every, or every M-th solution (`mode`), each option
/// on a line of its own, blank lines between solutions; the first
/// solution is flushed at once.
fn print_solutions(
    runner: &Runner,
    mode: Mode,
    problem: &KnuthProblem,
    out: &mut impl Write,
) -> Result<Run, Failure> {
    let every = match mode {
        Mode::Every(m) => m.max(1),
        _ => 1,
    };
    let mut index = 0u64;
    let mut printed = 0u64;
    let mut failed = None;
    let result = runner.solutions(&problem.problem, |options| {
        index += 1;
        if !index.is_multiple_of(every) {
            return ControlFlow::Continue(());
        }
        let first = printed == 0;
        printed += 1;
        let mut write = || -> io::Result<()> {
            if !first {
                writeln!(out)?;
            }
            for &k in options {
                writeln!(out, "{}", problem.format_option(k))?;
            }
            if mode == Mode::First {
                out.flush()
            } else {
                Ok(())
            }
        };
        match write() {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                failed = Some(e);
                ControlFlow::Break(())
            }
        }
    });
    if let Some(e) = failed {
        return Err(Failure::Output(e));
    }
    result.map_err(|e| Failure::Run(e.to_string()))
}

/// `--progress`: a line on the error output at most every `every`, from
/// whichever thread reports first.
struct Progress<'a, W> {
    /// When the last line was written, and where lines go.
    last: Mutex<(Instant, &'a mut W)>,
    every: Duration,
    /// When the run started.
    start: Instant,
}

impl<'a, W: Write> Progress<'a, W> {
    fn report(&self, r: &RunProgress) {
        let Ok(mut guard) = self.last.lock() else {
            return;
        };
        let (last, err) = &mut *guard;
        if last.elapsed() >= self.every {
            *last = Instant::now();
            let _ = writeln!(
                err,
                "dlx cover: progress: {:.2}% of the tree (Knuth's estimate), {} nodes, {}, {:.1} s",
                100.0 * r.fraction_done,
                r.nodes,
                solutions(r.solutions),
                self.start.elapsed().as_secs_f64()
            );
        }
    }

    /// The error output back, once the run is over.
    fn into_err(self) -> &'a mut W {
        self.last
            .into_inner()
            .map_or_else(|e| e.into_inner().1, |g| g.1)
    }
}

/// The exit status: no solution (said on the error output unless a count
/// said it) for a whole problem without one; a share with no solution is
/// a normal answer, not a failed job.
fn no_solution_status(
    opts: &CoverOptions,
    stats: &Stats,
    cut: Option<&str>,
    err: &mut impl Write,
) -> ExitStatus {
    if stats.solutions != 0 || opts.part.is_some() {
        return ExitStatus::Success;
    }
    if opts.mode != Mode::Count {
        let _ = match cut {
            None => writeln!(err, "dlx cover: no solution"),
            Some(why) => writeln!(
                err,
                "dlx cover: no solution found before {why} stopped the search"
            ),
        };
    }
    ExitStatus::NoSolution
}

/// The error of a count past `u128::MAX` (only a memo's count, or the sum
/// of a run's, gets there): no count is printed, exit code 2.
pub const OVERFLOW: &str = "the count passes 2^128 - 1 \
    (340282366920938463463374607431768211455), the most dlx counts to: no count printed";

/// Which flag cut the search short, if one did.
fn cut_reason(outcome: Outcome) -> Option<&'static str> {
    match outcome {
        // `solve` returns an overflow as an error before asking.
        Outcome::Exhausted | Outcome::Overflow => None,
        Outcome::SolutionLimit => Some("--limit"),
        Outcome::NodeLimit => Some("--max-nodes"),
        // Only the deadline or the output stops a run, and a failed output
        // ends the command before this point.
        Outcome::Stopped => Some("--timeout"),
        // An outcome newer than this command cut nothing it asked for.
        _ => None,
    }
}

#[allow(clippy::too_many_arguments)]
fn write_stats(
    err: &mut impl Write,
    stats: &Stats,
    elapsed: Duration,
    threads: usize,
    split: Split,
    opts: &CoverOptions,
    engine: EngineKind,
    problem: &Problem,
) {
    let part = opts.part;
    let _ = write!(
        err,
        "dlx cover: {} nodes, {} updates",
        stats.nodes, stats.updates
    );
    // Blocking is the only propagator a problem without sums runs.
    if matches!(opts.propagate, Propagate::Blocking | Propagate::All) {
        let _ = write!(err, ", {} options removed", stats.removed);
    }
    let _ = write!(
        err,
        ", {}, {:.3} s, {} engine",
        solutions(stats.solutions),
        elapsed.as_secs_f64(),
        engine
    );
    if problem.has_multiplicities() {
        // Algorithm M's tree is never split (dlx::multiplicity).
        let _ = write!(err, " (Algorithm M, multiplicities: one subproblem)");
    }
    match split {
        // Runner::count counted it on one thread before splitting.
        Split::Probed { within } => {
            let _ = write!(
                err,
                ", not split (searched on one thread, within {within} nodes)"
            );
        }
        Split::Subproblems(n) if threads > 1 || part.is_some() => {
            let _ = write!(
                err,
                ", {n} subproblems on {threads} thread{}",
                if threads == 1 { "" } else { "s" }
            );
        }
        _ => {}
    }
    if let Some(part) = part {
        let _ = write!(err, " (share {part})");
    }
    let _ = writeln!(err);
}

/// `1 solution`, `N solutions`.
fn solutions(n: u128) -> String {
    match n {
        1 => "1 solution".to_owned(),
        n => format!("{n} solutions"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_on(text: &str, opts: CoverOptions) -> (ExitStatus, String, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = run(&opts, text.as_bytes(), &mut out, &mut err);
        (
            code,
            String::from_utf8(out).unwrap(),
            String::from_utf8(err).unwrap(),
        )
    }

    const TOY: &str = include_str!("../../data/dlx/knuth_toy_example.dlx");

    #[test]
    fn first_solution_and_count() {
        let (code, out, _) = run_on(TOY, CoverOptions::default());
        assert_eq!(code, ExitStatus::Success);
        let mut lines: Vec<_> = out.lines().collect();
        lines.sort();
        assert_eq!(lines, ["A D", "B G", "C E F"]);
        let opts = CoverOptions {
            mode: Mode::Count,
            ..CoverOptions::default()
        };
        assert_eq!(
            run_on(TOY, opts),
            (ExitStatus::Success, "1\n".into(), String::new())
        );
    }

    #[test]
    fn what_the_bit_sets_refuse_auto_takes_to_the_links() {
        // Colors, and propagation.
        let colored = "a b | c\na c:1\nb c:1\na b\n";
        let cases = [
            (
                colored,
                Propagate::Off,
                "2\n",
                "the bit-set engine does not handle colors; use the dancing links",
            ),
            (
                TOY,
                Propagate::Blocking,
                "1\n",
                "only the dancing links without multiplicities propagate",
            ),
        ];
        for (text, propagate, count, refusal) in cases {
            let bits = CoverOptions {
                mode: Mode::Count,
                engine: EngineKind::Bits,
                propagate,
                stats: true,
                ..CoverOptions::default()
            };
            let (code, out, err) = run_on(text, bits.clone());
            assert_eq!((code, out.as_str()), (ExitStatus::BadInput, ""));
            assert_eq!(err, format!("dlx cover: <stdin>: {refusal}\n"));
            let auto = CoverOptions {
                engine: EngineKind::Auto,
                ..bits
            };
            let (code, out, err) = run_on(text, auto);
            assert_eq!((code, out.as_str()), (ExitStatus::Success, count));
            assert!(err.trim_end().ends_with(" s, links engine"), "{err}");
        }
    }

    #[test]
    fn blocking_keeps_counts_and_solutions_and_says_what_it_removed() {
        // Eight queens (diagonals secondary) and Knuth's toy: counts on one
        // and two threads, every solution, and the options removed in
        // --stats.
        let queens = dlx_engine::dlx::Classic::Queens(8).text().unwrap();
        for (text, count) in [(queens.as_str(), "92\n"), (TOY, "1\n")] {
            for threads in [1, 2] {
                let off = CoverOptions {
                    mode: Mode::Count,
                    stats: true,
                    threads,
                    ..CoverOptions::default()
                };
                let blocking = CoverOptions {
                    propagate: Propagate::Blocking,
                    ..off.clone()
                };
                let (code, out, err) = run_on(text, off);
                assert_eq!((code, out.as_str()), (ExitStatus::Success, count));
                assert!(!err.contains("removed"), "{err}");
                let (code, out, err) = run_on(text, blocking);
                assert_eq!((code, out.as_str()), (ExitStatus::Success, count));
                assert!(err.contains(" options removed, "), "{err}");
            }
            let every = |propagate| {
                let opts = CoverOptions {
                    mode: Mode::All,
                    propagate,
                    ..CoverOptions::default()
                };
                let (code, out, _) = run_on(text, opts.clone());
                assert_eq!(code, ExitStatus::Success);
                // The same bytes on two threads (the tree stays whole).
                let two = CoverOptions { threads: 2, ..opts };
                assert_eq!(run_on(text, two).1, out);
                let mut solutions: Vec<String> = out
                    .split("\n\n")
                    .map(|s| {
                        let mut lines: Vec<&str> = s.lines().collect();
                        lines.sort_unstable();
                        lines.join("\n")
                    })
                    .collect();
                solutions.sort();
                solutions
            };
            assert_eq!(every(Propagate::Off), every(Propagate::Blocking));
        }
    }

    #[test]
    fn stats_say_whether_a_count_on_threads_was_split() {
        // n-queens 6 ends within the one-thread probe; 11 (69,528 nodes)
        // goes past it and is split.
        for (n, count, split) in [(6, 4, false), (11, 2680, true)] {
            let text = dlx_engine::dlx::Classic::Queens(n).text().unwrap();
            let opts = CoverOptions {
                mode: Mode::Count,
                stats: true,
                threads: 2,
                ..CoverOptions::default()
            };
            let (code, out, err) = run_on(&text, opts);
            assert_eq!((code, out), (ExitStatus::Success, format!("{count}\n")));
            let line = err.trim_end();
            match split {
                false => assert!(
                    line.ends_with(", not split (searched on one thread, within 65536 nodes)"),
                    "{line}"
                ),
                true => assert!(line.ends_with(" subproblems on 2 threads"), "{line}"),
            }
        }
    }

    #[test]
    fn no_solution_exits_1() {
        let opts = CoverOptions {
            mode: Mode::Count,
            ..CoverOptions::default()
        };
        assert_eq!(run_on("a b\na\n", opts.clone()).0, ExitStatus::NoSolution);
        let (code, out, err) = run_on("a b\na\n", CoverOptions::default());
        assert_eq!((code, out.as_str()), (ExitStatus::NoSolution, ""));
        assert_eq!(err, "dlx cover: no solution\n");
    }

    #[test]
    fn bad_input_exits_2_with_the_position() {
        let (code, out, err) = run_on("a b\na x\n", CoverOptions::default());
        assert_eq!((code, out.as_str()), (ExitStatus::BadInput, ""));
        assert_eq!(
            err,
            "dlx cover: <stdin>: line 2, column 3: unknown item 'x'\n"
        );
        let opts = CoverOptions {
            input: Some("/nonexistent/x.dlx".into()),
            ..CoverOptions::default()
        };
        let (code, _, err) = run_on("", opts);
        assert_eq!(code, ExitStatus::BadInput);
        assert!(
            err.starts_with("dlx cover: cannot read /nonexistent/x.dlx: "),
            "{err}"
        );
    }

    #[test]
    fn all_every_and_limit() {
        let text = "a b c\na b\na c\nc\nb\n"; // lua_dlx1_simple: 2 solutions
        let all = CoverOptions {
            mode: Mode::All,
            ..CoverOptions::default()
        };
        let (code, out, err) = run_on(text, all.clone());
        assert_eq!(
            (code, out.as_str(), err.as_str()),
            (ExitStatus::Success, "a b\nc\n\na c\nb\n", "")
        );
        let every = CoverOptions {
            mode: Mode::Every(2),
            ..CoverOptions::default()
        };
        assert_eq!(run_on(text, every).1, "a c\nb\n");
        let limited = CoverOptions {
            limit: Some(1),
            ..all
        };
        let (code, out, err) = run_on(text, limited);
        assert_eq!((code, out.as_str()), (ExitStatus::Success, "a b\nc\n"));
        assert_eq!(
            err,
            "dlx cover: stopped by --limit after 1 solution: the count is a lower bound\n"
        );
        let count = CoverOptions {
            mode: Mode::Count,
            limit: Some(1),
            ..CoverOptions::default()
        };
        assert_eq!(run_on(text, count).1, "at least 1\n");
    }

    #[test]
    fn stats_and_progress_go_to_the_error_output() {
        let opts = CoverOptions {
            mode: Mode::Count,
            stats: true,
            progress: Some(Duration::ZERO),
            threads: 2,
            ..CoverOptions::default()
        };
        let text = dlx_engine::dlx::Classic::Queens(9).text().unwrap();
        let (code, out, err) = run_on(&text, opts);
        assert_eq!((code, out.as_str()), (ExitStatus::Success, "352\n"));
        assert!(err.contains("dlx cover: progress: "), "{err}");
        assert!(err.contains("% of the tree (Knuth's estimate)"), "{err}");
        let last = err.lines().last().unwrap();
        assert!(
            last.contains(" nodes, ") && last.contains(" updates, 352 solutions, "),
            "{last}"
        );
    }

    #[test]
    fn max_nodes_gives_a_lower_bound() {
        // On 2 threads the split of queens 8 alone takes more nodes.
        for threads in [1, 2] {
            let opts = CoverOptions {
                mode: Mode::Count,
                max_nodes: Some(50),
                threads,
                ..CoverOptions::default()
            };
            let text = dlx_engine::dlx::Classic::Queens(8).text().unwrap();
            let (code, out, err) = run_on(&text, opts);
            assert!(out.starts_with("at least "), "{out}");
            assert!(err.contains("stopped by --max-nodes"), "{err}");
            assert!(code == ExitStatus::Success || code == ExitStatus::NoSolution);
        }
    }

    #[test]
    fn part_and_timeout_parse() {
        assert_eq!("2/5".parse(), Ok(Part { k: 2, n: 5 }));
        for bad in ["0/5", "6/5", "5", "a/b", "1/0"] {
            assert!(bad.parse::<Part>().is_err(), "{bad}");
        }
        assert_eq!(parse_seconds("1.5"), Ok(Duration::from_millis(1500)));
        assert!(parse_seconds("0").is_err() && parse_seconds("x").is_err());
        assert!(parse_seconds("1e300").is_err());
    }

    #[test]
    fn broken_pipe_ends_quietly() {
        struct Closed;
        impl Write for Closed {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::ErrorKind::BrokenPipe.into())
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let mut err = Vec::new();
        let opts = CoverOptions {
            mode: Mode::All,
            ..CoverOptions::default()
        };
        let code = run(&opts, TOY.as_bytes(), &mut Closed, &mut err);
        assert_eq!((code, err.len()), (ExitStatus::Success, 0));
    }
}
