//! `dlx bench`: every solver on every puzzle of each input, timed in turns
//! in one process, and a table (or JSON) per input.
//!
//! # Method
//!
//! * All puzzles of an input are read first (optionally every `k`-th), so
//!   reading costs nothing during timing.
//! * Each solver first solves the first [`Options::warmup`] puzzles
//!   untimed (caches, branch predictors, the per-shape matrix compiled).
//! * Then the puzzles go in chunks of [`CHUNK`]: every solver solves the
//!   chunk in turn, and the order of the solvers rotates from chunk to
//!   chunk. A burst of load on a shared machine thus hits every solver
//!   alike, which is what keeps the *ratios* meaningful when absolute times
//!   are noisy.
//! * Each puzzle is timed on its own (one `Instant` pair around the search)
//!   so the table can give a median as well as a mean.
//! * With `--threads N` the chunks go to `N` threads on the library's
//!   batch pipeline ([`Batch`]), each chunk to the next thread free (the
//!   chunks smaller than [`CHUNK`] when there are too few for every
//!   thread), and each thread does all of the above on its chunks with its
//!   own solvers (warm-up included). Totals, means and medians are
//!   over all puzzles as with one thread (the total is then the work of
//!   all threads together); puzzles per second is the number of puzzles
//!   over the busiest thread's time for that solver, the throughput the
//!   threads reach together.
//!
//! # Invariants
//!
//! * Every puzzle read is counted for every solver: a search cut by the
//!   per-puzzle node budget counts as *unfinished* and its time (up to the
//!   cut) stays in the totals. Nothing is dropped silently, so a solver's
//!   figures with unfinished puzzles are lower bounds, and its ratio is
//!   printed as `>=`.
//! * A puzzle whose givens clash counts as finished with no solution.
//! * `search nodes` are each solver's own unit (an item chosen by Algorithm
//!   X; a digit placed by the naive DFS): comparable across puzzles and
//!   runs, not across solvers.

use std::fmt::Write as _;
use std::io::Write;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;

use super::sudoku::{SolverKind, Solvers};
use super::{ExitStatus, Input, is_broken_pipe};
use dlx_engine::dlx::Batch;
use dlx_engine::dlx::{Outcome, SearchLimits};
use dlx_engine::format::{self, Alphabet};
use dlx_engine::sudoku::{Grid, PuzzleError, Shape};

/// Puzzles each solver solves before the next solver takes its turn.
pub const CHUNK: usize = 64;

/// The per-puzzle node budget when none is given: the naive DFS stops after
/// this many digit placements (well under a second); the engine needs a
/// few hundred nodes for the hardest 9x9 puzzles.
pub const DEFAULT_BUDGET: u64 = 1_000_000;

/// What `dlx bench` does.
#[derive(Clone, Debug)]
pub struct Options {
    /// The solvers, in the order of the table.
    pub solvers: Vec<SolverKind>,
    /// Stop each search at this many solutions (2: a uniqueness check).
    pub limit: u64,
    /// Stop each search after this many search nodes; the puzzle then
    /// counts as unfinished.
    pub budget: u64,
    /// Take every `every`-th puzzle of each input (1: all).
    pub every: usize,
    /// Puzzles each solver solves untimed before timing starts.
    pub warmup: usize,
    /// Print JSON instead of tables.
    pub json: bool,
    /// Draw a progress bar on standard error.
    pub progress: bool,
    /// Box shape, when the cell count does not decide it.
    pub shape: Option<Shape>,
    /// Digit symbols.
    pub alphabet: Alphabet,
    /// Threads the puzzles are spread over (0: one per core).
    pub threads: usize,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            solvers: vec![SolverKind::Dlx, SolverKind::Naive],
            limit: 2,
            budget: DEFAULT_BUDGET,
            every: 1,
            warmup: 50,
            json: false,
            progress: false,
            shape: None,
            alphabet: Alphabet::default(),
            threads: 1,
        }
    }
}

/// One solver's figures on one input.
#[derive(Clone, Debug, PartialEq)]
pub struct SolverResult {
    /// `dlx` or `naive`.
    pub solver: String,
    /// Puzzles searched (all of the input's).
    pub puzzles: usize,
    /// Solutions found, summed over puzzles (each at most the limit).
    pub solutions: u128,
    /// Puzzles whose search hit the node budget.
    pub unfinished: usize,
    /// Search nodes, summed over puzzles.
    pub nodes: u64,
    /// Time of each puzzle, in input order.
    pub times: Vec<Duration>,
    /// The time the threads took together: the largest of the threads'
    /// totals (the total itself on one thread).
    pub elapsed: Duration,
}

impl SolverResult {
    fn new(solver: String, puzzles: usize) -> Self {
        Self {
            solver,
            puzzles,
            solutions: 0,
            unfinished: 0,
            nodes: 0,
            times: vec![Duration::ZERO; puzzles],
            elapsed: Duration::ZERO,
        }
    }

    /// Total time.
    pub fn total(&self) -> Duration {
        self.times.iter().sum()
    }

    /// Mean microseconds per puzzle.
    pub fn mean_us(&self) -> f64 {
        per(self.total().as_secs_f64() * 1e6, self.puzzles)
    }

    /// Median microseconds per puzzle.
    pub fn median_us(&self) -> f64 {
        median(&self.times).as_secs_f64() * 1e6
    }

    /// Puzzles per second, all threads together.
    pub fn rate(&self) -> f64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            self.puzzles as f64 / secs
        } else {
            0.0
        }
    }

    /// Search nodes per puzzle.
    pub fn nodes_per_puzzle(&self) -> f64 {
        per(self.nodes as f64, self.puzzles)
    }
}

fn per(x: f64, n: usize) -> f64 {
    if n == 0 { 0.0 } else { x / n as f64 }
}

/// The median of `times` (the mean of the middle two for an even count;
/// zero for none).
pub fn median(times: &[Duration]) -> Duration {
    let mut sorted = times.to_vec();
    sorted.sort_unstable();
    let n = sorted.len();
    match n {
        0 => Duration::ZERO,
        _ if n % 2 == 1 => sorted[n / 2],
        _ => (sorted[n / 2 - 1] + sorted[n / 2]) / 2,
    }
}

/// The results on one input.
#[derive(Clone, Debug, PartialEq)]
pub struct SetResult {
    /// The input's name.
    pub name: String,
    /// Lines that could not be read as puzzles (reported, not searched).
    pub bad_lines: usize,
    /// One entry per solver, in the order asked.
    pub solvers: Vec<SolverResult>,
}

impl SetResult {
    /// The fastest solver's total time: among the solvers that finished
    /// every puzzle when there are any, else among all.
    fn fastest(&self) -> Option<Duration> {
        let finished = self.solvers.iter().filter(|s| s.unfinished == 0);
        finished
            .map(SolverResult::total)
            .min()
            .or_else(|| self.solvers.iter().map(SolverResult::total).min())
    }

    /// `solver`'s total time over the fastest's, and whether that is only
    /// a lower bound (the solver left puzzles unfinished).
    pub fn ratio(&self, solver: &SolverResult) -> (f64, bool) {
        let fastest = self.fastest().unwrap_or_default().as_secs_f64();
        let ratio = if fastest > 0.0 {
            solver.total().as_secs_f64() / fastest
        } else {
            1.0
        };
        (ratio, solver.unfinished > 0)
    }
}

/// Everything a run measured.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The solution limit of each search.
    pub limit: u64,
    /// The node budget of each search.
    pub budget: u64,
    /// Every how many puzzles one was taken.
    pub every: usize,
    /// Threads the puzzles were spread over.
    pub threads: usize,
    /// One entry per input.
    pub sets: Vec<SetResult>,
}

/// Reads the puzzles of one input (every `every`-th, counting from the
/// first); unreadable lines are reported on `err` and counted.
pub fn load(
    input: &Input,
    shape: Option<Shape>,
    alphabet: &Alphabet,
    every: usize,
    err: &mut dyn Write,
) -> std::io::Result<(Vec<Grid>, usize)> {
    let name = input.name();
    let reader = input.open()?;
    let mut puzzles = Vec::new();
    let mut bad = 0;
    let line = format::by_name("line").expect("format::ALL lists the line format");
    let opts = format::Options {
        shape,
        alphabet: alphabet.clone(),
        rules: Vec::new(),
    };
    for (i, case) in line.read(reader, &opts).enumerate() {
        match case {
            Ok(case) if i % every.max(1) == 0 => puzzles.push(case.grid),
            Ok(_) => {}
            Err(e) => {
                let _ = writeln!(err, "dlx: {name}: {e}");
                bad += 1;
            }
        }
    }
    Ok((puzzles, bad))
}

/// Runs `kind` on one puzzle within the limits: its time, solutions,
/// nodes, and whether it finished.
fn time_one(
    solvers: &mut Solvers,
    kind: SolverKind,
    puzzle: &Grid,
    limits: SearchLimits,
) -> (Duration, u128, u64, bool) {
    let solver = solvers.for_rules(kind, puzzle.shape(), None);
    let started = Instant::now();
    let result = solver.and_then(|solver| solver.search(puzzle, limits, None));
    let time = started.elapsed();
    match result {
        Ok(report) => (
            time,
            report.stats.solutions,
            report.stats.nodes,
            report.outcome != Outcome::NodeLimit,
        ),
        Err(PuzzleError::Conflict(_) | PuzzleError::Cage { .. }) => (time, 0, 0, true),
        Err(e) => unreachable!("solvers are chosen by shape, for plain Sudoku: {e}"),
    }
}

/// Times every solver of `opts` on every puzzle, in turns, spread over
/// the threads (see the module documentation); `bar` advances by one per
/// puzzle and solver.
pub fn measure(puzzles: &[Grid], opts: &Options, bar: &ProgressBar) -> Vec<SolverResult> {
    let threads = super::thread_count(opts.threads).clamp(1, puzzles.len().max(1));
    // Chunks of `CHUNK`, smaller when there are too few for every thread.
    let size = CHUNK.min(puzzles.len().div_ceil(threads)).max(1);
    let mut results: Vec<SolverResult> = opts
        .solvers
        .iter()
        .map(|&kind| SolverResult::new(kind.to_string(), puzzles.len()))
        .collect();
    // Each thread's total time per solver, for the busiest thread's.
    let mut busy = vec![vec![Duration::ZERO; opts.solvers.len()]; threads];
    let _: ControlFlow<()> = Batch { window: 2, grab: 1 }.run(
        (0..threads).map(|id| (id, None)),
        || puzzles.chunks(size).enumerate(),
        |(id, solvers), (c, chunk)| {
            let solvers = solvers.get_or_insert_with(|| warmed(puzzles, opts));
            (*id, c, measure_chunk(solvers, c, chunk, opts, bar))
        },
        |(id, c, chunk)| {
            for (s, (result, part)) in results.iter_mut().zip(chunk).enumerate() {
                busy[id][s] += part.times.iter().sum::<Duration>();
                result.times[c * size..][..part.times.len()].copy_from_slice(&part.times);
                result.solutions += part.solutions;
                result.nodes += part.nodes;
                result.unfinished += part.unfinished;
            }
            ControlFlow::Continue(())
        },
    );
    for (s, result) in results.iter_mut().enumerate() {
        result.elapsed = busy.iter().map(|b| b[s]).max().unwrap_or_default();
    }
    results
}

/// A thread's solvers, each solver of `opts` warmed up on the first
/// [`Options::warmup`] puzzles, untimed.
fn warmed(puzzles: &[Grid], opts: &Options) -> Solvers {
    let mut solvers = Solvers::default();
    for &kind in &opts.solvers {
        for puzzle in puzzles.iter().take(opts.warmup) {
            time_one(&mut solvers, kind, puzzle, limits(opts));
        }
    }
    solvers
}

/// The limits of each search of `opts`.
fn limits(opts: &Options) -> SearchLimits {
    SearchLimits {
        max_solutions: opts.limit,
        max_nodes: opts.budget,
    }
}

/// Chunk `c` timed with every solver in turn, the order rotated by `c`:
/// each solver's figures on it (in the order of `opts.solvers`).
fn measure_chunk(
    solvers: &mut Solvers,
    c: usize,
    chunk: &[Grid],
    opts: &Options,
    bar: &ProgressBar,
) -> Vec<SolverResult> {
    let count = opts.solvers.len();
    let mut results: Vec<SolverResult> = opts
        .solvers
        .iter()
        .map(|&kind| SolverResult::new(kind.to_string(), chunk.len()))
        .collect();
    for turn in 0..count {
        let s = (c + turn) % count;
        let kind = opts.solvers[s];
        let result = &mut results[s];
        for (i, puzzle) in chunk.iter().enumerate() {
            let (time, solutions, nodes, finished) = time_one(solvers, kind, puzzle, limits(opts));
            result.times[i] = time;
            result.solutions += solutions;
            result.nodes += nodes;
            result.unfinished += usize::from(!finished);
        }
        bar.inc(chunk.len() as u64);
    }
    results
}

/// `dlx bench`: measures every input and prints the tables (or JSON) on
/// `out`. Unreadable inputs or lines give [`ExitStatus::BadInput`];
/// otherwise the run succeeds, whatever the solvers found.
pub fn run(
    inputs: &[Input],
    opts: &Options,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> ExitStatus {
    let mut status = ExitStatus::Success;
    let mut report = Report {
        limit: opts.limit,
        budget: opts.budget,
        every: opts.every.max(1),
        threads: super::thread_count(opts.threads),
        sets: Vec::new(),
    };
    for input in inputs {
        let name = input.name();
        let (puzzles, bad_lines) = match load(input, opts.shape, &opts.alphabet, opts.every, err) {
            Ok(loaded) => loaded,
            Err(e) => {
                let _ = writeln!(err, "dlx: {name}: {e}");
                status = status.max(ExitStatus::BadInput);
                continue;
            }
        };
        if bad_lines > 0 {
            status = status.max(ExitStatus::BadInput);
        }
        let bar = progress_bar(opts, &name, puzzles.len() * opts.solvers.len());
        let solvers = measure(&puzzles, opts, &bar);
        bar.finish_and_clear();
        let set = SetResult {
            name,
            bad_lines,
            solvers,
        };
        if !opts.json
            && let Err(e) = out.write_all(render_table(&report, &set).as_bytes())
        {
            return write_failed(&e, err, status);
        }
        report.sets.push(set);
    }
    let written = if opts.json {
        writeln!(out, "{}", render_json(&report)).and_then(|()| out.flush())
    } else {
        out.flush()
    };
    match written {
        Ok(()) => status,
        Err(e) => write_failed(&e, err, status),
    }
}

fn write_failed(e: &std::io::Error, err: &mut dyn Write, status: ExitStatus) -> ExitStatus {
    if is_broken_pipe(e) {
        return status;
    }
    let _ = writeln!(err, "dlx: cannot write output: {e}");
    ExitStatus::BadInput
}

fn progress_bar(opts: &Options, name: &str, len: usize) -> ProgressBar {
    if !opts.progress {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len as u64);
    let style = ProgressStyle::with_template(
        "{msg} [{elapsed_precise}] {wide_bar} {pos}/{len} searches (eta {eta})",
    )
    .expect("a valid template");
    bar.set_style(style);
    bar.set_message(name.to_string());
    bar
}

/// The table of one input, as text: a heading line, then one row per
/// solver.
pub fn render_table(report: &Report, set: &SetResult) -> String {
    let puzzles = set.solvers.first().map_or(0, |s| s.puzzles);
    let mut text = format!(
        "{}: {} puzzles{}, counting up to {} solutions, budget {} nodes per puzzle{}\n",
        set.name,
        puzzles,
        if report.every > 1 {
            format!(" (every {}th)", report.every)
        } else {
            String::new()
        },
        report.limit,
        report.budget,
        if report.threads > 1 {
            format!(", on {} threads", report.threads)
        } else {
            String::new()
        }
    );
    if set.bad_lines > 0 {
        let _ = writeln!(text, "  {} unreadable lines skipped", set.bad_lines);
    }
    let _ = writeln!(
        text,
        "{:<7} {:>8} {:>9} {:>10} {:>10} {:>11} {:>11} {:>11} {:>12} {:>9}",
        "solver",
        "puzzles",
        "solutions",
        "unfinished",
        "total s",
        "mean µs",
        "median µs",
        "puzzles/s",
        "nodes/puzzle",
        "ratio"
    );
    for s in &set.solvers {
        let (ratio, bound) = set.ratio(s);
        let ratio = format!("{}{ratio:.2}", if bound { ">=" } else { "" });
        let _ = writeln!(
            text,
            "{:<7} {:>8} {:>9} {:>10} {:>10.3} {:>11.1} {:>11.1} {:>11.0} {:>12.1} {:>9}",
            s.solver,
            s.puzzles,
            s.solutions,
            s.unfinished,
            s.total().as_secs_f64(),
            s.mean_us(),
            s.median_us(),
            s.rate(),
            s.nodes_per_puzzle(),
            ratio
        );
    }
    text.push('\n');
    text
}

/// The whole report as JSON: `{limit, budget, every, threads, sets: [{name,
/// bad_lines, solvers: [{solver, puzzles, solutions, unfinished, total_s,
/// mean_us, median_us, puzzles_per_s, nodes_per_puzzle, ratio,
/// ratio_is_lower_bound}]}]}`.
pub fn render_json(report: &Report) -> String {
    let sets: Vec<_> = report
        .sets
        .iter()
        .map(|set| {
            let solvers: Vec<_> = set
                .solvers
                .iter()
                .map(|s| {
                    let (ratio, bound) = set.ratio(s);
                    json!({
                        "solver": s.solver,
                        "puzzles": s.puzzles,
                        "solutions": s.solutions,
                        "unfinished": s.unfinished,
                        "total_s": s.total().as_secs_f64(),
                        "mean_us": s.mean_us(),
                        "median_us": s.median_us(),
                        "puzzles_per_s": s.rate(),
                        "nodes_per_puzzle": s.nodes_per_puzzle(),
                        "ratio": ratio,
                        "ratio_is_lower_bound": bound,
                    })
                })
                .collect();
            json!({ "name": set.name, "bad_lines": set.bad_lines, "solvers": solvers })
        })
        .collect();
    let value = json!({
        "limit": report.limit,
        "budget": report.budget,
        "every": report.every,
        "threads": report.threads,
        "sets": sets,
    });
    serde_json::to_string_pretty(&value).expect("JSON values always serialize")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn us(n: u64) -> Duration {
        Duration::from_micros(n)
    }

    #[test]
    fn median_of_odd_even_and_empty() {
        assert_eq!(median(&[us(5), us(1), us(3)]), us(3));
        assert_eq!(median(&[us(4), us(1), us(3), us(10)]), us(3) + us(1) / 2);
        assert_eq!(median(&[]), Duration::ZERO);
    }

    fn result(solver: &'static str, times: &[u64], unfinished: usize) -> SolverResult {
        SolverResult {
            solver: solver.into(),
            puzzles: times.len(),
            solutions: times.len() as u128,
            unfinished,
            nodes: 10 * times.len() as u64,
            times: times.iter().map(|&t| us(t)).collect(),
            elapsed: us(times.iter().sum()),
        }
    }

    fn report(solvers: Vec<SolverResult>) -> (Report, SetResult) {
        let set = SetResult {
            name: "set.txt".into(),
            bad_lines: 0,
            solvers,
        };
        let report = Report {
            limit: 2,
            budget: 100,
            every: 1,
            threads: 1,
            sets: vec![set.clone()],
        };
        (report, set)
    }

    #[test]
    fn table_shows_ratios_and_marks_lower_bounds() {
        let (report, set) = report(vec![
            result("dlx", &[10, 20, 30], 0),
            result("naive", &[100, 200, 300], 1),
        ]);
        let table = render_table(&report, &set);
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(
            lines[0],
            "set.txt: 3 puzzles, counting up to 2 solutions, budget 100 nodes per puzzle"
        );
        let header: Vec<&str> = lines[1].split_whitespace().collect();
        assert_eq!(
            header,
            [
                "solver",
                "puzzles",
                "solutions",
                "unfinished",
                "total",
                "s",
                "mean",
                "µs",
                "median",
                "µs",
                "puzzles/s",
                "nodes/puzzle",
                "ratio"
            ]
        );
        let dlx: Vec<&str> = lines[2].split_whitespace().collect();
        assert_eq!(
            dlx,
            [
                "dlx", "3", "3", "0", "0.000", "20.0", "20.0", "50000", "10.0", "1.00"
            ]
        );
        let naive: Vec<&str> = lines[3].split_whitespace().collect();
        assert_eq!(naive[3], "1");
        assert_eq!(naive[5], "200.0");
        assert_eq!(naive[9], ">=10.00");
    }

    #[test]
    fn fastest_is_taken_among_solvers_that_finished() {
        // The naive run is cut short, so faster, but it is no reference.
        let (_, set) = report(vec![
            result("dlx", &[10, 10], 0),
            result("naive", &[1, 1], 2),
        ]);
        assert_eq!(set.ratio(&set.solvers[0]), (1.0, false));
        let (ratio, bound) = set.ratio(&set.solvers[1]);
        assert!((ratio - 0.1).abs() < 1e-9 && bound);
    }

    #[test]
    fn json_has_every_field() {
        let (report, _) = report(vec![result("dlx", &[10, 30], 0)]);
        let value: serde_json::Value = serde_json::from_str(&render_json(&report)).unwrap();
        let s = &value["sets"][0]["solvers"][0];
        assert_eq!(s["solver"], "dlx");
        assert_eq!(s["mean_us"], 20.0);
        assert_eq!(s["unfinished"], 0);
        assert_eq!(s["ratio_is_lower_bound"], false);
        assert_eq!(value["budget"], 100);
    }

    #[test]
    fn budget_cuts_are_counted_not_dropped() {
        // Two easy 4x4 puzzles and a 9x9 one made to defeat the naive DFS
        // (millions of nodes; the engine needs a few hundred), plus a line
        // that is no puzzle.
        let text = "1234341221434321\n.234341221434321\nnot a puzzle\n\
            ..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9\n";
        let dir = std::env::temp_dir().join(format!("dlx-bench-unit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("small.txt");
        std::fs::write(&path, text).unwrap();
        let mut err = Vec::new();
        let (puzzles, bad) = load(
            &Input::File(path.clone()),
            None,
            &Alphabet::default(),
            1,
            &mut err,
        )
        .unwrap();
        assert_eq!((puzzles.len(), bad), (3, 1));
        let opts = Options {
            budget: 10_000,
            warmup: 1,
            ..Options::default()
        };
        let results = measure(&puzzles, &opts, &ProgressBar::hidden());
        let naive = &results[1];
        assert_eq!(
            (naive.solver.as_str(), naive.puzzles, naive.unfinished),
            ("naive", 3, 1)
        );
        assert_eq!(naive.solutions, 2);
        assert_eq!(naive.times.len(), 3);
        let dlx = &results[0];
        assert_eq!(dlx.unfinished, 0);
        assert_eq!(dlx.solutions, 3);
        // Spread over threads: the same counts, every puzzle timed once,
        // and the elapsed time that of the busiest thread.
        for threads in [2, 3, 8] {
            let opts = Options {
                threads,
                ..opts.clone()
            };
            let spread = measure(&puzzles, &opts, &ProgressBar::hidden());
            for (one, many) in results.iter().zip(&spread) {
                assert_eq!(
                    (&one.solver, one.puzzles, one.solutions, one.unfinished),
                    (&many.solver, many.puzzles, many.solutions, many.unfinished)
                );
                assert_eq!(one.nodes, many.nodes);
                assert_eq!(many.times.len(), 3);
                assert!(many.elapsed <= many.total());
                assert!(many.elapsed >= *many.times.iter().max().unwrap());
            }
        }
        let _ = std::fs::remove_dir_all(dir);
    }
}
