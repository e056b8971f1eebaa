//! Searching one case as its task and its judge's rule say (`solve_case`):
//! one solution, uniqueness (`Rule::Unique`), the smallest solution
//! (`Rule::Smallest`), or a count, within `--max-nodes`, and the
//! [`Verdict`] that says what was found; and whether the output format can
//! write the case at all (`unwritable`).
//!
//! Invariant: a verdict depends only on the case, the task, the rule and
//! the budget, never on the thread or what the solvers searched before.

use std::time::Instant;

use super::{Options, Solvers, Status, Task, Verdict, format_count};
use dlx_engine::dlx::SharedCancel;
use dlx_engine::dlx::{Count, Outcome, SearchLimits, Stats};
use dlx_engine::format::{Alphabet, Case, Format, Rule};
use dlx_engine::sudoku::{Grid, PuzzleError, Shape, SudokuSolver};
use dlx_engine::sudoku::{Variant, check_variant};

/// Why `writer` cannot write a grid of `shape` (checked before solving,
/// so an unwritable case is reported as such, never printed garbled);
/// `None` for JSON, which writes grids as lines of the alphabet's symbols.
pub(super) fn unwritable(
    writer: Option<&dyn Format>,
    shape: Shape,
    alphabet: &Alphabet,
) -> Option<String> {
    let n = shape.n();
    let name = writer.map_or("JSON", |w| w.name());
    if writer.is_some_and(|w| !w.holds(shape)) {
        Some(format!("the {name} format cannot hold a {n}x{n} grid"))
    } else if writer.is_none_or(|w| w.uses_alphabet()) && !alphabet.covers(n) {
        Some(format!(
            "the alphabet has no symbols for {n} digits, so the {name} format cannot write this grid"
        ))
    } else {
        None
    }
}

/// Searches `case` as `task` and `rule` say, within `opts.max_nodes`.
pub(super) fn solve_case(
    task: Task,
    rule: Rule,
    case: &Case,
    opts: &Options,
    solvers: &mut Solvers,
    watch: Option<SharedCancel>,
) -> Verdict {
    // Cloned only for a watched case, to be put back after it.
    let usual = if watch.is_some() { opts.cancel() } else { None };
    let solver = match solvers.for_rules(opts.solver, case.grid.shape(), case.variant.as_deref()) {
        Ok(solver) => solver,
        Err(e) => return Verdict::bad(Some(case.grid.clone()), None, e.to_string()),
    };
    let watched = watch.is_some();
    if watched {
        solver.set_cancel(watch);
    }
    let started = Instant::now();
    let max_nodes = opts.max_nodes.unwrap_or(u64::MAX);
    let result = search(task, rule, case, opts, solver, max_nodes);
    if watched {
        // Drops the watch, which takes the case off the progress line.
        solver.set_cancel(usual);
    }
    let time = started.elapsed();
    judge(task, rule, case, max_nodes, result, time)
}

/// The search of `solve_case`: one solution (two under [`Rule::Unique`],
/// then the smallest under [`Rule::Smallest`]) or a count, within
/// `max_nodes` in all.
fn search(
    task: Task,
    rule: Rule,
    case: &Case,
    opts: &Options,
    solver: &mut dyn SudokuSolver,
    max_nodes: u64,
) -> Result<(Option<Grid>, Count), PuzzleError> {
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
        // `rate`, `render`, `candidates`, `estimate` and `explain` never search here
        // (see their `compute`);
        // were `rate` to, it would count to 2.
        Task::Count { .. }
        | Task::Rate { .. }
        | Task::Render { .. }
        | Task::Candidates { .. }
        | Task::Estimate { .. }
        | Task::Explain { .. } => solver
            .search(&case.grid, limits(task.count_limit()), None)
            .map(|report| {
                let count = Count {
                    solutions: report.stats.solutions,
                    outcome: report.outcome,
                    stats: report.stats,
                };
                (None, count)
            }),
    };
    match (rule, result) {
        (Rule::Smallest, Ok((Some(first), count))) => {
            let left = max_nodes.saturating_sub(count.stats.nodes);
            match smallest(solver, &case.grid, first, left) {
                Some(best) => Ok((Some(best), count)),
                // The budget ran out, or Ctrl-C came, before the smallest
                // was settled.
                None => Ok((
                    None,
                    Count {
                        outcome: if opts.is_interrupted() {
                            Outcome::Stopped
                        } else {
                            Outcome::NodeLimit
                        },
                        ..count
                    },
                )),
            }
        }
        (_, r) => r,
    }
}

/// What the search of `case` found comes to, as `task` and `rule` judge
/// it, the given solution (CSV) checked.
fn judge(
    task: Task,
    rule: Rule,
    case: &Case,
    max_nodes: u64,
    result: Result<(Option<Grid>, Count), PuzzleError>,
    time: std::time::Duration,
) -> Verdict {
    let mut verdict = Verdict {
        status: Status::NoSolution,
        puzzle: Some(case.grid.clone()),
        solution: None,
        count: None,
        column: None,
        error: None,
        search: None,
        several: false,
    };
    let (solution, count) = match result {
        Err(e) => {
            let (status, message) = Status::of_refusal(&e);
            if status != Status::NoSolution {
                // Solvers are chosen by shape and rules, so only a matrix
                // too large for the engine comes here; say so rather than
                // panic.
                return Verdict::bad(Some(case.grid.clone()), None, message);
            }
            verdict.search = Some((Stats::default(), time));
            verdict.error = Some(message);
            if let Task::Count { .. } = task {
                verdict.count = Some(Count {
                    solutions: 0,
                    outcome: Outcome::Exhausted,
                    stats: Stats::default(),
                });
            }
            return verdict;
        }
        Ok(found) => found,
    };
    verdict.search = Some((count.stats, time));
    let (status, error) = match task {
        // `rate`, `render`, `candidates`, `estimate` and `explain` never search here.
        Task::Count { .. }
        | Task::Rate { .. }
        | Task::Render { .. }
        | Task::Candidates { .. }
        | Task::Estimate { .. }
        | Task::Explain { .. } => {
            verdict.count = Some(count);
            judge_count(&count)
        }
        Task::Solve => judge_solve(rule, solution, &count, max_nodes, &mut verdict),
    };
    verdict.status = status;
    verdict.error = error;
    check_given(case, &mut verdict);
    verdict
}

/// A count's status, and its message when the count is a lower bound
/// (stopped by Ctrl-C or by the node budget).
fn judge_count(count: &Count) -> (Status, Option<String>) {
    let cut = count.outcome == Outcome::NodeLimit;
    let stopped = count.outcome == Outcome::Stopped;
    let status = match count.solutions {
        _ if stopped => Status::Interrupted,
        _ if cut => Status::Cut,
        0 => Status::NoSolution,
        1 if count.outcome == Outcome::Exhausted => Status::Unique,
        1 => Status::Solved,
        _ => Status::Multiple,
    };
    let error = if stopped {
        Some(format!(
            "interrupted (Ctrl-C); {} is a lower bound",
            format_count(count)
        ))
    } else {
        cut.then(|| {
            format!(
                "the count stopped at the node budget (--max-nodes); {} is a lower bound",
                format_count(count)
            )
        })
    };
    (status, error)
}

/// A search for a solution's status and message, under the judge's
/// `rule`: the solution (kept in `verdict`) unless the search was cut or
/// interrupted before it or, where the judge requires uniqueness, before
/// that was settled; several solutions are none to such a judge (said in
/// `verdict.several`).
fn judge_solve(
    rule: Rule,
    solution: Option<Grid>,
    count: &Count,
    max_nodes: u64,
    verdict: &mut Verdict,
) -> (Status, Option<String>) {
    let cut = count.outcome == Outcome::NodeLimit;
    let stopped = count.outcome == Outcome::Stopped;
    let n = count.solutions;
    match solution {
        None if stopped => (
            Status::Interrupted,
            Some("interrupted (Ctrl-C) before the search settled the puzzle".into()),
        ),
        _ if rule == Rule::Unique && n == 1 && stopped => (
            Status::Interrupted,
            Some(
                "interrupted (Ctrl-C) before uniqueness, which this judge requires, was settled"
                    .into(),
            ),
        ),
        None if cut => (
            Status::Cut,
            if n > 0 {
                format!(
                    "no solution: the smallest solution, which this judge requires, not settled within {max_nodes} search nodes (--max-nodes)"
                )
            } else {
                format!("no solution found within {max_nodes} search nodes (--max-nodes)")
            }
            .into(),
        ),
        _ if rule == Rule::Unique && n == 1 && cut => (
            Status::Cut,
            Some(format!(
                "no solution: uniqueness, which this judge requires, not settled within {max_nodes} search nodes (--max-nodes)"
            )),
        ),
        _ if rule == Rule::Unique && n > 1 => {
            verdict.several = true;
            (
                Status::NoSolution,
                Some("no solution: several solutions, which this judge counts as none".into()),
            )
        }
        Some(grid) => {
            verdict.solution = Some(grid);
            (Status::Solved, None)
        }
        None => (Status::NoSolution, Some("no solution".into())),
    }
}

/// A solved case whose input gives its solution (CSV): a bad input if the
/// given solution is wrong, as the independent checker says.
fn check_given(case: &Case, verdict: &mut Verdict) {
    if let (Some(expected), Some(_)) = (&case.expected, &verdict.solution)
        && let Err(e) = match &case.variant {
            Some(variant) => check_variant(variant, &case.grid, expected),
            None => check_variant(&Variant::plain(case.grid.shape()), &case.grid, expected),
        }
    {
        verdict.status = Status::BadInput;
        verdict.error = Some(format!("the given solution is wrong: {e}"));
    }
}

/// The lexicographically smallest solution (cells in reading order),
/// starting from any solution `first`: each empty cell in turn gets the
/// smallest digit that still leaves a solution, given the cells before it.
/// The probes share a budget of `max_nodes` search nodes in all, so the
/// whole case stays within `--max-nodes`; `None` if it runs out first.
pub(super) fn smallest(
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
pub(super) fn solve_one(
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
