//! `dlx solve` and `dlx count`: every puzzle of every input, in order, in
//! any [`Format`] (chosen by name or detected), written in the input's
//! format or the one `--output` names.
//!
//! Invariants: cases are written in input order, one output per case
//! (a solution or count), separated as the output format says; a case
//! with no solution or that cannot be read writes what the output format
//! can say about it (`# ...` lines for `line`, `grid` and `csv`,
//! `NO SOLUTION` for `uva989`, `Case #x:` alone for `hdu5547`, nothing for
//! the other judge formats, whose judges promise solvable input), and is
//! always reported on standard error with the file and line. With
//! `fail_fast` the run stops after the first case that is not solved;
//! `max_nodes` bounds the search of each case (UVa 989's smallest-solution
//! probes included). Memory does not grow with the number of cases: one
//! case is held at a time, and one solver's matrix, the latest puzzle's
//! (see [`Solvers`]). Exit codes:
//! 0 all solved, 1 some puzzle has no (acceptable) solution, 2 some input
//! was malformed, unreadable, of an unknown format, or its given solution
//! (CSV) is wrong.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use super::{ExitStatus, Input, is_broken_pipe};
use crate::dlx::{Count, Outcome, SearchLimits, Stats};
use crate::format::{self, Alphabet, Case, Format, Head, Rule};
use crate::sudoku::verify::check_solution;
use crate::sudoku::{DlxSolver, Grid, NaiveSolver, PuzzleError, Shape, SudokuSolver};

/// Which solver to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SolverKind {
    /// The dancing-links engine.
    #[default]
    Dlx,
    /// The documents' naive DFS.
    Naive,
}

/// The solvers of a run. A dancing-links solver compiles each puzzle's
/// own matrix, so one is kept, for the shape of the latest puzzle, and
/// replaced when the shape changes: memory is that of the largest matrix
/// compiled since, however many shapes a batch mixes.
#[derive(Default)]
pub struct Solvers {
    dlx: Option<DlxSolver>,
    naive: NaiveSolver,
}

impl Solvers {
    /// No solver yet; each is made when first needed.
    pub fn new() -> Self {
        Self::default()
    }

    /// The solver of `kind` for puzzles of `shape`.
    pub fn get(&mut self, kind: SolverKind, shape: Shape) -> &mut dyn SudokuSolver {
        match kind {
            SolverKind::Naive => &mut self.naive,
            SolverKind::Dlx => {
                if self.dlx.as_ref().is_none_or(|dlx| dlx.shape() != shape) {
                    self.dlx = Some(DlxSolver::new(shape));
                }
                self.dlx.get_or_insert_with(|| DlxSolver::new(shape))
            }
        }
    }
}

/// Options shared by `solve` and `count`.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Box shape, when the cell count does not decide it.
    pub shape: Option<Shape>,
    /// Digit symbols.
    pub alphabet: Alphabet,
    /// Which solver.
    pub solver: SolverKind,
    /// Print statistics on standard error at the end.
    pub stats: bool,
    /// Input format name; `None` or `auto` detects it per input.
    pub format: Option<String>,
    /// Output format name; `None` writes in the input's format.
    pub output: Option<String>,
    /// Say on standard error which format was detected.
    pub verbose: bool,
    /// Stop at the first case that is not solved (no solution, malformed
    /// or over the budget) instead of going on with the next.
    pub fail_fast: bool,
    /// Stop each search after this many search-tree nodes: a solve then
    /// reports no solution found within the budget, a count prints `N+`.
    pub max_nodes: Option<u64>,
}

/// What to do with each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// Print a solution.
    Solve,
    /// Print the number of solutions, stopping at `limit`.
    Count {
        /// Stop counting here; the count is then a lower bound (`N+`).
        limit: u64,
    },
}

/// Totals for `--stats`.
#[derive(Default)]
struct Totals {
    puzzles: u64,
    solved: u64,
    stats: Stats,
    time: Duration,
}

/// Looks a format name up, or says on `err` that there is none.
fn named(name: &str, err: &mut dyn Write) -> Option<&'static dyn Format> {
    let found = format::by_name(name);
    if found.is_none() {
        let _ = writeln!(
            err,
            "dlx: unknown format '{name}' (one of auto, {})",
            format::names().join(", ")
        );
    }
    found
}

/// Runs `task` over every puzzle of `inputs`.
pub fn run(
    task: Task,
    inputs: &[Input],
    opts: &Options,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> ExitStatus {
    let fixed = match opts.format.as_deref() {
        None | Some("auto") => None,
        Some(name) => match named(name, err) {
            Some(f) => Some(f),
            None => return ExitStatus::BadInput,
        },
    };
    let output = match opts.output.as_deref() {
        None => None,
        Some(name) => match named(name, err) {
            Some(f) => Some(f),
            None => return ExitStatus::BadInput,
        },
    };
    let format_opts = format::Options {
        shape: opts.shape,
        alphabet: opts.alphabet.clone(),
    };
    let mut solvers = Solvers::new();
    let mut status = ExitStatus::Success;
    let mut totals = Totals::default();
    let mut written = 0usize;
    'inputs: for input in inputs {
        if opts.fail_fast && status > ExitStatus::Success {
            break;
        }
        let name = input.name();
        let reader = match input.open() {
            Ok(r) => r,
            Err(e) => {
                let _ = writeln!(err, "dlx: {name}: {e}");
                status = status.max(ExitStatus::BadInput);
                continue;
            }
        };
        let (format, reader) = match fixed {
            Some(f) => (f, reader),
            None => {
                let (head, reader) = Head::peek(reader);
                if let (Some(e), None) = (&head.error, head.content().next()) {
                    let _ = writeln!(err, "dlx: {name}: cannot read: {e}");
                    status = status.max(ExitStatus::BadInput);
                    continue;
                }
                // No puzzles (blank, or only comment lines): nothing to do.
                if head.complete && head.content().all(|l| l.trim_start().starts_with('#')) {
                    continue;
                }
                match format::detect(&head) {
                    Ok(f) => {
                        if opts.verbose {
                            let _ = writeln!(err, "dlx: {name}: format {} (detected)", f.name());
                        }
                        (f, reader)
                    }
                    Err(e) => {
                        let _ = writeln!(err, "dlx: {name}: {e}");
                        status = status.max(ExitStatus::BadInput);
                        continue;
                    }
                }
            }
        };
        let writer = output.unwrap_or(format);
        let mut number = 0;
        for case in format.read(reader, &format_opts) {
            if opts.fail_fast && status > ExitStatus::Success {
                break 'inputs;
            }
            if !matches!(&case, Err(e) if e.header) {
                number += 1;
            }
            let unwritable = match &case {
                Ok(case) if task == Task::Solve => {
                    unwritable(writer, case.grid.shape(), &format_opts.alphabet)
                }
                _ => None,
            };
            let text = match case {
                Ok(case) if unwritable.is_some() => {
                    let why = unwritable.unwrap_or_default();
                    let _ = writeln!(err, "dlx: {name}: line {}: {why}", case.line);
                    status = status.max(ExitStatus::BadInput);
                    writer.bad_input(number, &name, case.line)
                }
                Ok(case) => {
                    let line = case.line;
                    let rule = match task {
                        Task::Solve => format.rule(),
                        Task::Count { .. } => Rule::Any,
                    };
                    let result = solve_case(
                        task,
                        rule,
                        &case,
                        opts,
                        &mut solvers,
                        &mut totals,
                        &mut status,
                    );
                    if let (Some(expected), CaseOutput::Solved(_)) = (&case.expected, &result)
                        && let Err(e) = check_solution(&case.grid, expected)
                    {
                        let _ = writeln!(
                            err,
                            "dlx: {name}: line {line}: the given solution is wrong: {e}"
                        );
                        status = status.max(ExitStatus::BadInput);
                    }
                    match result {
                        CaseOutput::Solved(grid) => {
                            Some(writer.solution(number, &case.grid, &grid, &format_opts))
                        }
                        CaseOutput::Count(count, cut) => {
                            if cut {
                                let _ = writeln!(
                                    err,
                                    "dlx: {name}: line {line}: the count stopped at the node budget (--max-nodes); {count} is a lower bound"
                                );
                            }
                            Some(writer.count(number, &count))
                        }
                        CaseOutput::NoSolution(why) => {
                            let _ = writeln!(err, "dlx: {name}: line {line}: no solution{why}");
                            match task {
                                Task::Count { .. } => Some(writer.count(number, "0")),
                                Task::Solve => writer.no_solution(number, &case.grid, &format_opts),
                            }
                        }
                    }
                }
                Err(e) => {
                    let _ = writeln!(err, "dlx: {name}: {e}");
                    status = status.max(ExitStatus::BadInput);
                    writer.bad_input(number, &name, e.line)
                }
            };
            let Some(text) = text else { continue };
            let separator = if task == Task::Solve && written > 0 {
                writer.separator()
            } else {
                ""
            };
            written += 1;
            let result = out
                .write_all(separator.as_bytes())
                .and_then(|()| out.write_all(text.as_bytes()));
            if let Err(e) = result {
                if !is_broken_pipe(&e) {
                    let _ = writeln!(err, "dlx: cannot write output: {e}");
                    return ExitStatus::BadInput;
                }
                return status;
            }
        }
    }
    if let Err(e) = out.flush()
        && !is_broken_pipe(&e)
    {
        let _ = writeln!(err, "dlx: cannot write output: {e}");
        return ExitStatus::BadInput;
    }
    if opts.stats {
        print_stats(err, &totals);
    }
    status
}

/// Why `writer` cannot write a grid of `shape` (checked before solving,
/// so an unwritable case is reported as such, never printed garbled).
fn unwritable(writer: &dyn Format, shape: Shape, alphabet: &Alphabet) -> Option<String> {
    let n = shape.n();
    if !writer.holds(shape) {
        Some(format!(
            "the {} format cannot hold a {n}x{n} grid",
            writer.name()
        ))
    } else if writer.uses_alphabet() && !alphabet.covers(n) {
        Some(format!(
            "the alphabet has no symbols for {n} digits, so the {} format cannot write this grid",
            writer.name()
        ))
    } else {
        None
    }
}

/// What one case comes to.
enum CaseOutput {
    /// A solution.
    Solved(Grid),
    /// A count, and whether the node budget cut it.
    Count(String, bool),
    /// No (acceptable) solution, and why (may be empty).
    NoSolution(String),
}

fn solve_case(
    task: Task,
    rule: Rule,
    case: &Case,
    opts: &Options,
    solvers: &mut Solvers,
    totals: &mut Totals,
    status: &mut ExitStatus,
) -> CaseOutput {
    let solver = solvers.get(opts.solver, case.grid.shape());
    let started = Instant::now();
    let max_nodes = opts.max_nodes.unwrap_or(u64::MAX);
    let limits = |max_solutions| SearchLimits {
        max_solutions,
        max_nodes,
    };
    let result = match task {
        Task::Solve => solve_one(
            solver,
            &case.grid,
            limits(if rule == Rule::Unique { 2 } else { 1 }),
        ),
        Task::Count { limit } => solver
            .search(&case.grid, limits(limit), None)
            .map(|report| {
                let count = Count {
                    solutions: report.stats.solutions,
                    outcome: report.outcome,
                    stats: report.stats,
                };
                (None, count)
            }),
    };
    let result = match (rule, result) {
        (Rule::Smallest, Ok((Some(first), count))) => {
            let left = max_nodes.saturating_sub(count.stats.nodes);
            match smallest(solver, &case.grid, first, left) {
                Some(best) => Ok((Some(best), count)),
                // The budget ran out before the smallest was settled.
                None => Ok((
                    None,
                    Count {
                        outcome: Outcome::NodeLimit,
                        ..count
                    },
                )),
            }
        }
        (_, r) => r,
    };
    totals.time += started.elapsed();
    totals.puzzles += 1;
    match result {
        Err(PuzzleError::Conflict(c)) => {
            *status = (*status).max(ExitStatus::NoSolution);
            CaseOutput::NoSolution(format!(": {c}"))
        }
        Err(e @ PuzzleError::Shape { .. }) => {
            unreachable!("solvers are chosen by shape: {e}")
        }
        Ok((solution, count)) => {
            totals.stats += count.stats;
            if count.solutions == 0 {
                *status = (*status).max(ExitStatus::NoSolution);
            } else {
                totals.solved += 1;
            }
            match (task, solution) {
                (Task::Solve, None) if count.outcome == Outcome::NodeLimit => {
                    *status = (*status).max(ExitStatus::NoSolution);
                    CaseOutput::NoSolution(if count.solutions > 0 {
                        format!(
                            ": the smallest solution, which this judge requires, not settled within {max_nodes} search nodes (--max-nodes)"
                        )
                    } else {
                        format!(" found within {max_nodes} search nodes (--max-nodes)")
                    })
                }
                (Task::Solve, _)
                    if rule == Rule::Unique
                        && count.solutions == 1
                        && count.outcome == Outcome::NodeLimit =>
                {
                    *status = (*status).max(ExitStatus::NoSolution);
                    CaseOutput::NoSolution(format!(
                        ": uniqueness, which this judge requires, not settled within {max_nodes} search nodes (--max-nodes)"
                    ))
                }
                (Task::Solve, _) if rule == Rule::Unique && count.solutions > 1 => {
                    *status = (*status).max(ExitStatus::NoSolution);
                    CaseOutput::NoSolution(
                        ": several solutions, which this judge counts as none".into(),
                    )
                }
                (Task::Solve, Some(grid)) => CaseOutput::Solved(grid),
                (Task::Solve, None) => CaseOutput::NoSolution(String::new()),
                (Task::Count { .. }, _) => {
                    CaseOutput::Count(format_count(&count), count.outcome == Outcome::NodeLimit)
                }
            }
        }
    }
}

/// The lexicographically smallest solution (cells in reading order),
/// starting from any solution `first`: each empty cell in turn gets the
/// smallest digit that still leaves a solution, given the cells before it.
/// The probes share a budget of `max_nodes` search nodes in all, so the
/// whole case stays within `--max-nodes`; `None` if it runs out first.
fn smallest(
    solver: &mut dyn SudokuSolver,
    puzzle: &Grid,
    first: Grid,
    mut max_nodes: u64,
) -> Option<Grid> {
    let n = puzzle.n();
    let mut best = first;
    let mut prefix = puzzle.clone();
    for (i, &given) in puzzle.cells().iter().enumerate() {
        let (r, c) = (i / n, i % n);
        if given == 0 {
            for d in 1..best.get(r, c) {
                prefix.set(r, c, d);
                let limits = SearchLimits {
                    max_solutions: 1,
                    max_nodes,
                };
                // A digit that clashes with the cells before it is no
                // candidate (Err); otherwise the search says.
                if let Ok((better, count)) = solve_one(solver, &prefix, limits) {
                    max_nodes = max_nodes.saturating_sub(count.stats.nodes);
                    if let Some(better) = better {
                        best = better;
                        break;
                    }
                    if count.outcome == Outcome::NodeLimit {
                        return None;
                    }
                }
            }
            prefix.set(r, c, best.get(r, c));
        }
    }
    Some(best)
}

/// Finds one solution, searching on to `limits.max_solutions` solutions (2
/// checks uniqueness), keeping the search statistics.
fn solve_one(
    solver: &mut dyn SudokuSolver,
    puzzle: &Grid,
    limits: SearchLimits,
) -> Result<(Option<Grid>, Count), PuzzleError> {
    let mut found = None;
    let report = solver.search(
        puzzle,
        limits,
        Some(&mut |g: &Grid| {
            found.get_or_insert_with(|| g.clone());
            std::ops::ControlFlow::Continue(())
        }),
    )?;
    let count = Count {
        solutions: report.stats.solutions,
        outcome: report.outcome,
        stats: report.stats,
    };
    Ok((found, count))
}

/// A count as printed: `N`, or `N+` when the search stopped at a limit.
pub fn format_count(count: &Count) -> String {
    if count.is_exact() {
        count.solutions.to_string()
    } else {
        format!("{}+", count.solutions)
    }
}

fn print_stats(err: &mut dyn Write, t: &Totals) {
    let secs = t.time.as_secs_f64();
    let rate = if secs > 0.0 {
        t.puzzles as f64 / secs
    } else {
        0.0
    };
    let _ = writeln!(
        err,
        "stats: {} puzzles, {} with a solution; {} search nodes, {} updates; {:.3} ms solving ({:.0} puzzles/s)",
        t.puzzles,
        t.solved,
        t.stats.nodes,
        t.stats.updates,
        secs * 1e3,
        rate
    );
}

/// Standard output, buffered; flushed after every line when standard input
/// is a terminal, so interactive use sees each answer at once.
pub fn stdout() -> Box<dyn Write> {
    use std::io::IsTerminal;
    if io::stdin().is_terminal() {
        Box::new(io::LineWriter::new(io::stdout()))
    } else {
        Box::new(io::BufWriter::with_capacity(1 << 16, io::stdout()))
    }
}
