//! `dlx rate`: the compute step of the solve/count pipeline for ratings.
//! Every case of every input, in any readable format, comes to one line
//! in input order: the rating (level word first), or a `#` line saying why
//! there is none; or, with `--json`, one JSON object (docs/rating.md).
//!
//! Invariant: a rating depends only on the puzzle and the rules (nothing
//! is timed), so the output is byte for byte the same at any `--threads`.

use serde::Serialize;
use serde::ser::SerializeMap;

use super::record::{Asked, Status, Where, error_line, grid_line, puzzle_text};
use super::{Context, Done, Job};
use dlx_engine::dlx::deduce::{Rating, Rules};
use dlx_engine::sudoku::Grid;
use dlx_engine::sudoku::{Grade, RateError, Solvers};

/// The text line of a rating: `LEVEL SCORE name=count ...`.
pub fn rating_line(r: &Rating) -> String {
    let mut line = format!("{} {}", r.level(), r.score());
    for (name, count) in r.steps() {
        line.push_str(&format!(" {name}={count}"));
    }
    line.push('\n');
    line
}

/// The steps as a JSON object, in text order.
struct Steps<'r>(&'r Rating);

impl Serialize for Steps<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let steps = self.0.steps();
        let mut map = s.serialize_map(Some(steps.len()))?;
        for (name, count) in steps {
            map.serialize_entry(name, &count)?;
        }
        map.end()
    }
}

/// One line of `dlx rate --json`, in its field order.
#[derive(Serialize)]
struct Record<'a> {
    #[serde(flatten)]
    at: Where<'a>,
    status: Status,
    level: Option<String>,
    score: Option<u64>,
    steps: Option<Steps<'a>>,
    error: Option<String>,
}

/// What `job` prints: its rating, or why there is none.
pub(super) fn compute(job: Job, rules: &Rules, ctx: &Context<'_>, solvers: &mut Solvers) -> Done {
    let Job {
        name,
        number,
        index,
        case,
        ..
    } = job;
    let alphabet = &ctx.format_opts.alphabet;
    let text = |g: &Grid| grid_line(alphabet, g);
    let mut read = None;
    let (line, header, column, grid, verdict) = match case {
        Err(e) => (
            e.line,
            e.header,
            e.column,
            None,
            (Status::BadInput, None, Some(e.message)),
        ),
        Ok(case) => {
            let rating = solvers.rate(&case.grid, case.variant.as_deref(), rules);
            let verdict = verdict(rating);
            let grid = case.grid.clone();
            let line = case.line;
            read = Some(case);
            (line, false, None, Some(grid), verdict)
        }
    };
    let (status, rating, error) = verdict;
    let mut done = Done {
        status: status.exit(Asked {
            unique: true,
            found_some: false,
        }),
        ..Done::default()
    };
    if let Some(error) = &error {
        done.err = error_line(&name, line, column, error);
    }
    if ctx.pictures.is_some() {
        // `--output svg`: the rated puzzle, its rating under the grid.
        if let (Some(case), Some(r)) = (&read, &rating) {
            let note = format!("Rating: {}, score {}", r.level(), r.score());
            let item = super::picture::Item {
                note: Some(note),
                ..super::picture::Item::of(case.clone())
            };
            super::picture::picture(&mut done, &name, index, item, ctx);
        }
        return done;
    }
    done.out = if ctx.json {
        // A header error is about the input, not a case: no record.
        (!header).then(|| {
            let record = Record {
                at: Where {
                    case: number,
                    file: &name,
                    line,
                    column,
                    puzzle: puzzle_text(alphabet, grid.as_ref()),
                },
                status,
                level: rating.as_ref().map(|r| r.level().to_string()),
                score: rating.as_ref().map(Grade::score),
                steps: rating.as_ref().map(Steps),
                error,
            };
            let mut json = serde_json::to_string(&record).unwrap_or_default();
            json.push('\n');
            json
        })
    } else {
        Some(match (status, &rating, &grid) {
            (Status::Rated, Some(r), _) => rating_line(r),
            (Status::NoSolution, _, Some(g)) => format!("# no solution: {}\n", text(g)),
            (Status::Multiple, _, Some(g)) => format!("# not unique: {}\n", text(g)),
            (Status::GaveUp, _, Some(g)) => format!("# gave up: {}\n", text(g)),
            _ => format!("# bad input: {name} line {line}\n"),
        })
    };
    done
}

/// The status, rating and error message of a rater's result.
fn verdict(result: Result<Rating, RateError>) -> (Status, Option<Rating>, Option<String>) {
    match result {
        Ok(r) => match r.solutions {
            0 => (Status::NoSolution, None, Some("no solution".into())),
            1 => (Status::Rated, Some(r), None),
            _ => (
                Status::Multiple,
                None,
                Some("more than one solution: only a puzzle with exactly one is rated".into()),
            ),
        },
        // Rules the rating cannot read (the setters' constraints) are no
        // claim about the solutions.
        Err(RateError::Puzzle(e @ dlx_engine::sudoku::PuzzleError::Unrated { .. })) => {
            (Status::BadInput, None, Some(e.to_string()))
        }
        Err(RateError::Puzzle(e)) => (Status::NoSolution, None, Some(format!("no solution: {e}"))),
        Err(RateError::GaveUp(n)) => (
            Status::GaveUp,
            None,
            Some(format!("gave up after {n} guesses (--max-guesses)")),
        ),
        Err(e @ RateError::Malformed(_)) => (Status::BadInput, None, Some(e.to_string())),
        // `dlx rate` sets no cancel; were one to stop a rating, the rating
        // did not finish, as when the guesses run out.
        Err(RateError::Cancelled) => (Status::GaveUp, None, Some("cancelled".into())),
        // An error newer than this command: the input, as it cannot say.
        Err(e) => (Status::BadInput, None, Some(e.to_string())),
    }
}
