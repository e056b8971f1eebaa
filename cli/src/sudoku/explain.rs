//! `dlx explain` and `dlx rate --scale se`: the compute step of the
//! pipeline for explained paths. Every case comes to its path, a step a
//! line (`D.D technique: words`), then a line that says where the path
//! ended and, for a solved unique puzzle, its rating on Sudoku Explainer's
//! scale; or, with `--json`, one JSON object (docs/rating.md); or, for
//! `rate --scale se`, the rating alone (`ER/EP/ED`).
//!
//! Invariant: a path depends only on the puzzle and the options (nothing
//! is timed), so the output is byte for byte the same at any `--threads`;
//! every step of a unique puzzle was checked against its solution by the
//! library before it reaches here.

use serde::Serialize;

use super::picture::{self, Item};
use super::record::{Asked, Status, Where, error_line, grid_line, puzzle_text};
use super::{Context, Done, Job, Solvers};
use std::sync::Arc;
use std::time::{Duration, Instant};

use dlx_engine::dlx::SharedCancel;
use dlx_engine::dlx::deduce::Ending;
use dlx_engine::format::Case;
use dlx_engine::render::Highlight;
use dlx_engine::sudoku::RateError;
use dlx_engine::sudoku::{ExplainOptions, Path, SeRating};
use dlx_engine::sudoku::{Grid, PuzzleError};

/// What a case prints: the whole path, or its rating alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Show {
    /// `dlx explain`: every step, then the ending.
    Path,
    /// `dlx rate --scale se`: `ER/EP/ED`.
    Rating,
}

/// One step of `--json`.
#[derive(Serialize)]
struct JsonStep<'a> {
    technique: &'a str,
    difficulty: f64,
    text: &'a str,
    /// Row, column and digit, from 1.
    placed: Option<[usize; 3]>,
    removed: Vec<[usize; 3]>,
    /// The candidates that make the pattern, and the cells to shade (row
    /// and column from 1).
    pattern: Vec<[usize; 3]>,
    cells: Vec<[usize; 2]>,
}

/// One line of `dlx explain --json`, in its field order.
#[derive(Serialize)]
struct Record<'a> {
    #[serde(flatten)]
    at: Where<'a>,
    status: Status,
    solutions: Option<u64>,
    ending: Option<&'static str>,
    rating: Option<[f64; 3]>,
    steps: Option<Vec<JsonStep<'a>>>,
    error: Option<String>,
}

/// The ending's name.
fn ending_name(e: Ending) -> &'static str {
    match e {
        Ending::Solved => "solved",
        Ending::Stalled => "stalled",
        Ending::Contradiction => "contradiction",
        Ending::StepLimit => "step_limit",
        _ => "stopped",
    }
}

/// Tenths of Sudoku Explainer's scale as it writes them: 85 as `8.5`.
fn tenths(t: u32) -> String {
    format!("{}.{}", t / 10, t % 10)
}

/// Tenths as a number of SE's scale.
fn scale(t: u32) -> f64 {
    f64::from(t) / 10.0
}

/// The line that ends a path.
fn ending_line(p: &Path) -> String {
    let n = p.steps.len();
    let steps = if n == 1 { "step" } else { "steps" };
    let why = match p.solutions {
        0 => ": the puzzle has no solution",
        1 => "",
        _ => ": the puzzle has more than one solution",
    };
    match (p.ending, p.rating) {
        (Ending::Solved, Some(r)) => format!("solved in {n} {steps}, SE {r}\n"),
        (Ending::Solved, None) => format!("solved in {n} {steps}{why}\n"),
        (Ending::Contradiction, _) => format!("contradiction after {n} {steps}{why}\n"),
        (Ending::StepLimit, _) => format!("stopped after {n} {steps}\n"),
        _ if p.solutions == 1 => {
            format!("stalled after {n} {steps}: no technique of the ladder applies\n")
        }
        _ => format!("stalled after {n} {steps}{why}\n"),
    }
}

/// The rating line of `rate --scale se`: `ER/EP/ED`, or why there is none.
fn rating_line(p: &Path, puzzle: &str) -> String {
    match (p.solutions, p.rating) {
        (_, Some(r)) => format!("{r}\n"),
        (0, _) => format!("# no solution: {puzzle}\n"),
        (1, _) => format!("# not rated, beyond the ladder: {puzzle}\n"),
        _ => format!("# not unique: {puzzle}\n"),
    }
}

/// What `job` prints: its path or rating, or why there is none.
pub(super) fn compute(
    job: Job,
    (opts, timeout): (&ExplainOptions, Option<Duration>),
    show: Show,
    ctx: &Context<'_>,
    solvers: &mut Solvers,
) -> Done {
    let Job {
        name,
        number,
        index,
        case,
        ..
    } = job;
    let mut read = None;
    let alphabet = &ctx.format_opts.alphabet;
    let text = |g: &Grid| grid_line(alphabet, g);
    // A case comes to its path, or to the exit status and message of why
    // there is none.
    let (line, header, column, grid, result) = match case {
        Err(e) => (
            e.line,
            e.header,
            e.column,
            None,
            Err((Status::BadInput, e.message)),
        ),
        Ok(case) => {
            let result = explain_case(&case, opts, timeout, solvers, ctx.opts.cancel());
            let (line, grid) = (case.line, case.grid.clone());
            read = Some(case);
            (line, false, None, Some(grid), result)
        }
    };
    let mut done = Done::default();
    let why = match &result {
        Err((status, error)) => Some((*status, error.as_str())),
        Ok(p) if p.solutions == 0 => Some((Status::NoSolution, "no solution")),
        Ok(p) if p.solutions > 1 => Some((Status::Multiple, "more than one solution")),
        Ok(p) if show == Show::Rating && p.rating.is_none() => Some((
            Status::NotRated,
            "not rated: the explained path stalls, beyond the ladder",
        )),
        Ok(_) => None,
    };
    // An explanation needs a proper puzzle: several solutions fail it.
    let asked = Asked {
        unique: true,
        found_some: false,
    };
    let status = why.map_or(Status::Explained, |(status, _)| status);
    done.status = status.exit(asked);
    if let Some((_, error)) = why {
        done.err = error_line(&name, line, column, error);
    }
    if ctx.pictures.is_some() {
        // `--output svg`: the last step drawn, or the rating under the grid.
        if let (Some(case), Ok(p)) = (read, &result)
            && let Some(item) = drawn(case, p, show)
        {
            picture::picture(&mut done, &name, index, item, ctx);
        }
        return done;
    }
    let puzzle = grid.as_ref().map(text);
    done.out = if ctx.json {
        (!header).then(|| {
            let record = record(
                Where {
                    case: number,
                    file: &name,
                    line,
                    column,
                    puzzle: puzzle_text(alphabet, grid.as_ref()),
                },
                grid.as_ref().map_or(0, Grid::n),
                status,
                &result,
                show,
            );
            let mut json = serde_json::to_string(&record).unwrap_or_default();
            json.push('\n');
            json
        })
    } else {
        match (&result, show) {
            (Ok(p), Show::Path) => {
                let mut out = format!("{}\n", puzzle.as_deref().unwrap_or(""));
                for s in &p.steps {
                    out.push_str(&format!("{} {}\n", tenths(s.difficulty), s.text));
                }
                out.push_str(&ending_line(p));
                done.separator = "\n";
                Some(out)
            }
            (Ok(p), Show::Rating) => Some(rating_line(p, puzzle.as_deref().unwrap_or(""))),
            (Err((status, _)), _) => match &puzzle {
                Some(g) if *status == Status::NoSolution => Some(format!("# no solution: {g}\n")),
                Some(g) if *status == Status::TimedOut => {
                    Some(format!("# not explained within --timeout: {g}\n"))
                }
                Some(g) => Some(format!("# not explained: {g}\n")),
                None => Some(format!("# bad input: {name} line {line}\n")),
            },
        }
    };
    done
}

/// The explained path of `case` within `timeout` (if bounded), or the
/// exit status and message of why there is none; `run` is the cancel of
/// the whole run, which `solvers` ask again afterwards.
fn explain_case(
    case: &Case,
    opts: &ExplainOptions,
    timeout: Option<Duration>,
    solvers: &mut Solvers,
    run: Option<SharedCancel>,
) -> Result<Path, (Status, String)> {
    // --timeout: this puzzle's own deadline, besides the run's cancel.
    let deadline = timeout.map(|t| Instant::now() + t);
    if let Some(d) = deadline {
        let mut any: Vec<SharedCancel> = run.iter().cloned().collect();
        any.push(Arc::new(d));
        solvers.set_cancel(Some(Arc::new(any)));
    }
    let result = solvers.explain(&case.grid, case.variant.as_deref(), opts);
    if deadline.is_some() {
        solvers.set_cancel(run);
    }
    let timed_out = deadline.is_some_and(|d| Instant::now() >= d);
    result.map_err(|e| match e {
        RateError::Cancelled if timed_out => (
            Status::TimedOut,
            format!(
                "not explained within --timeout {}s",
                timeout.unwrap_or_default().as_secs_f64()
            ),
        ),
        RateError::Puzzle(e @ PuzzleError::Unrated { .. }) => (Status::BadInput, e.to_string()),
        RateError::Puzzle(e) => (Status::NoSolution, format!("no solution: {e}")),
        other => (Status::BadInput, other.to_string()),
    })
}

/// What `--output svg` draws of a case's path: for `explain`, its last
/// step on the candidates before it (the digits placed so far blue), the
/// step's line under the grid, or the board and where the path ended when
/// it has no step; for `rate --scale se`, the puzzle and its rating, if it
/// has one.
fn drawn(case: Case, p: &Path, show: Show) -> Option<Item> {
    if show == Show::Rating {
        let rating = p.rating?;
        return Some(Item {
            note: Some(format!("SE {rating}")),
            ..Item::of(case)
        });
    }
    let n = case.grid.n();
    let Some(last) = p.steps.len().checked_sub(1) else {
        return Some(Item {
            marks: Some(p.candidates.clone()),
            note: Some(ending_line(p).trim_end().to_string()),
            ..Item::of(case)
        });
    };
    let (before, marks) = p.before(&case.grid, last);
    let step = &p.steps[last];
    let at = |&(r, c, d): &(usize, usize, u8)| (r * n + c, d);
    Some(Item {
        solution: Some(before),
        marks: Some(marks),
        note: Some(format!(
            "Step {}: {} {}",
            last + 1,
            tenths(step.difficulty),
            step.text
        )),
        highlight: Some(Highlight {
            shaded: step.cells.clone(),
            pattern: step.pattern.iter().map(at).collect(),
            placed: step.placed.as_ref().map(at),
            removed: step.removed.iter().map(at).collect(),
        }),
        ..Item::of(case)
    })
}

/// The `--json` record of a case.
fn record<'a>(
    at: Where<'a>,
    n: usize,
    status: Status,
    result: &'a Result<Path, (Status, String)>,
    show: Show,
) -> Record<'a> {
    let path = result.as_ref().ok();
    Record {
        at,
        status,
        solutions: path.map(|p| p.solutions),
        ending: path.map(|p| ending_name(p.ending)),
        rating: path
            .and_then(|p| p.rating)
            .map(|SeRating { er, ep, ed }| [scale(er), scale(ep), scale(ed)]),
        steps: path.filter(|_| show == Show::Path).map(|p| {
            let one = |(r, c, d): (usize, usize, u8)| [r + 1, c + 1, usize::from(d)];
            p.steps
                .iter()
                .map(|s| JsonStep {
                    technique: s.technique,
                    difficulty: scale(s.difficulty),
                    text: &s.text,
                    placed: s.placed.map(one),
                    removed: s.removed.iter().map(|&p| one(p)).collect(),
                    pattern: s.pattern.iter().map(|&p| one(p)).collect(),
                    cells: s.cells.iter().map(|&k| [k / n + 1, k % n + 1]).collect(),
                })
                .collect()
        }),
        error: result.as_ref().err().map(|(_, e)| e.clone()),
    }
}
