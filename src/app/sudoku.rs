//! `dlx solve` and `dlx count`: every puzzle of every input, in order, one
//! output line each.
//!
//! Invariant: standard output gets exactly one line per puzzle read, in
//! input order, whatever happened to it: the solution (or count), or a line
//! starting with `#` that says why there is none. Details go to standard
//! error with the file and line.

use std::collections::HashMap;
use std::io::{self, Write};
use std::time::{Duration, Instant};

use bumpalo::Bump;

use super::{ExitStatus, Input, is_broken_pipe};
use crate::dlx::{Count, Stats};
use crate::format::{Alphabet, Case, line};
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

/// Keeps one compiled solver per shape, so a stream of puzzles compiles
/// each shape's matrix once.
pub struct Solvers<'a> {
    arena: &'a Bump,
    dlx: HashMap<Shape, DlxSolver<'a>>,
    naive: NaiveSolver,
}

impl<'a> Solvers<'a> {
    /// Solvers whose matrices live in `arena`.
    pub fn new(arena: &'a Bump) -> Self {
        Self {
            arena,
            dlx: HashMap::new(),
            naive: NaiveSolver::new(),
        }
    }

    /// The solver of `kind` for puzzles of `shape`.
    pub fn get(&mut self, kind: SolverKind, shape: Shape) -> &mut dyn SudokuSolver {
        match kind {
            SolverKind::Naive => &mut self.naive,
            SolverKind::Dlx => {
                let arena = self.arena;
                self.dlx
                    .entry(shape)
                    .or_insert_with(|| DlxSolver::new(shape, arena))
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

/// Runs `task` over every puzzle of `inputs`.
pub fn run(
    task: Task,
    inputs: &[Input],
    opts: &Options,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> ExitStatus {
    let arena = Bump::new();
    let mut solvers = Solvers::new(&arena);
    let mut status = ExitStatus::Success;
    let mut totals = Totals::default();
    for input in inputs {
        let name = input.name();
        let reader = match input.open() {
            Ok(r) => r,
            Err(e) => {
                let _ = writeln!(err, "dlx: {name}: {e}");
                status = status.max(ExitStatus::BadInput);
                continue;
            }
        };
        let cases = line::Reader::new(reader, opts.shape, opts.alphabet.clone());
        for case in cases {
            let (line, result) = match case {
                Ok(case) => {
                    let line = case.line;
                    (
                        line,
                        solve_case(task, &case, opts, &mut solvers, &mut totals, &mut status),
                    )
                }
                Err(e) => {
                    let _ = writeln!(err, "dlx: {name}: {e}");
                    status = status.max(ExitStatus::BadInput);
                    (e.line, CaseOutput::Bad)
                }
            };
            let written = match &result {
                CaseOutput::Line(text) => writeln!(out, "{text}"),
                CaseOutput::NoSolution { out: text, why } => {
                    let _ = writeln!(err, "dlx: {name}: line {line}: no solution{why}");
                    writeln!(out, "{text}")
                }
                CaseOutput::Bad => writeln!(out, "# bad input: {name} line {line}"),
            };
            if let Err(e) = written {
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

/// What one case prints.
enum CaseOutput {
    /// A solution or a count.
    Line(String),
    /// No solution: what to print (`# no solution: PUZZLE`, or `0` for a
    /// count), and why, for standard error (may be empty).
    NoSolution {
        /// The output line.
        out: String,
        /// `: reason`, or empty.
        why: String,
    },
    /// The case could not be read.
    Bad,
}

fn solve_case(
    task: Task,
    case: &Case,
    opts: &Options,
    solvers: &mut Solvers<'_>,
    totals: &mut Totals,
    status: &mut ExitStatus,
) -> CaseOutput {
    let solver = solvers.get(opts.solver, case.grid.shape());
    let started = Instant::now();
    let result = match task {
        Task::Solve => solve_one(solver, &case.grid),
        Task::Count { limit } => solver.count_up_to(&case.grid, limit).map(|c| (None, c)),
    };
    totals.time += started.elapsed();
    totals.puzzles += 1;
    let no_solution = |why: String| CaseOutput::NoSolution {
        out: match task {
            Task::Solve => format!("# no solution: {}", opts.alphabet.write_line(&case.grid)),
            Task::Count { .. } => "0".to_string(),
        },
        why,
    };
    match result {
        Err(PuzzleError::Conflict(c)) => {
            *status = (*status).max(ExitStatus::NoSolution);
            no_solution(format!(": {c}"))
        }
        Err(e @ PuzzleError::Shape { .. }) => {
            unreachable!("solvers are chosen by shape: {e}")
        }
        Ok((solution, count)) => {
            totals.stats += count.stats;
            if count.solutions == 0 {
                *status = (*status).max(ExitStatus::NoSolution);
                return no_solution(String::new());
            } else {
                totals.solved += 1;
            }
            match (task, solution) {
                (Task::Solve, Some(grid)) => CaseOutput::Line(opts.alphabet.write_line(&grid)),
                _ => CaseOutput::Line(format_count(&count)),
            }
        }
    }
}

/// Finds one solution, keeping the search statistics.
fn solve_one(
    solver: &mut dyn SudokuSolver,
    puzzle: &Grid,
) -> Result<(Option<Grid>, Count), PuzzleError> {
    let mut found = None;
    let report = solver.search(
        puzzle,
        crate::dlx::SearchLimits::solutions(1),
        Some(&mut |g: &Grid| {
            found = Some(g.clone());
            std::ops::ControlFlow::Break(())
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
