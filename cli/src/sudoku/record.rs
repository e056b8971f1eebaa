//! What a case comes to before it is written ([`Verdict`]), and its line
//! of `--json`: the schema of docs/json.md ([`Record`], its field order
//! that of the document) and the standard error line about a case.
//!
//! Invariant: one verdict gives one record and one error line, whichever
//! task or thread made it; `rate` and `candidates` open their records with
//! the same [`Where`] fields.

use std::time::Duration;

use serde::Serialize;

use super::ExitStatus;
use dlx_engine::dlx::{Count, Outcome, Stats};
use dlx_engine::format::Alphabet;
use dlx_engine::sudoku::{Grid, PuzzleError};

/// How a case ended, for every task: the `status` of its `--json` line
/// (docs/json.md) and, through [`Status::exit`], what it does to the exit
/// code (the one mapping; `ExitStatus` ranks the codes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub(super) enum Status {
    /// `solve`: a solution (that the judge accepts); `count` with
    /// `--limit 1`: at least one solution.
    Solved,
    /// `count`, `candidates`: exactly one solution.
    Unique,
    /// `count`, `candidates`: two or more; `rate`: two or more, which a
    /// rating refuses.
    Multiple,
    /// `rate`: rated (exactly one solution).
    Rated,
    /// `explain`: explained to its end (or its rating found).
    Explained,
    /// `explain --rating`: the explained path stalls, beyond the ladder.
    NotRated,
    /// No (acceptable) solution.
    NoSolution,
    /// `rate`: the guess budget (`--max-guesses`) ran out.
    GaveUp,
    /// The case could not be read or written, or its given solution is
    /// wrong.
    BadInput,
    /// `--max-nodes` stopped the search.
    Cut,
    /// Ctrl-C stopped the search.
    Interrupted,
    /// `explain`: `--timeout` ran out.
    TimedOut,
}

/// What a task asks of a case beyond the status itself.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Asked {
    /// Several solutions fail the case (`rate`: a rating needs a proper
    /// puzzle).
    pub(super) unique: bool,
    /// A cut count that found solutions still counts (its lower bound is
    /// the answer, `N+`).
    pub(super) found_some: bool,
}

impl Status {
    /// How a case ends that the solvers refuse, with its message: givens
    /// that clash, or that no filling of their cage keeps, mean no
    /// solution; any other refusal (rules the solver does not take, a
    /// matrix too large for the engine) is bad input.
    pub(super) fn of_refusal(e: &PuzzleError) -> (Status, String) {
        match e {
            PuzzleError::Conflict(_) | PuzzleError::Cage { .. } => {
                (Status::NoSolution, format!("no solution: {e}"))
            }
            _ => (Status::BadInput, e.to_string()),
        }
    }

    /// What a case that ended so does to the exit code: the one mapping.
    pub(super) fn exit(self, asked: Asked) -> ExitStatus {
        match self {
            Status::Solved | Status::Unique | Status::Rated | Status::Explained => {
                ExitStatus::Success
            }
            Status::Multiple if asked.unique => ExitStatus::NoSolution,
            Status::Multiple => ExitStatus::Success,
            Status::NoSolution | Status::GaveUp | Status::NotRated => ExitStatus::NoSolution,
            Status::Cut if asked.found_some => ExitStatus::Success,
            Status::Cut | Status::TimedOut => ExitStatus::Unsettled,
            Status::Interrupted => ExitStatus::Interrupted,
            Status::BadInput => ExitStatus::BadInput,
        }
    }
}

/// The fields that open every JSON line of `solve`, `count` and `rate`:
/// where the case is, and the puzzle.
#[derive(Serialize)]
pub(super) struct Where<'a> {
    pub(super) case: usize,
    pub(super) file: &'a str,
    pub(super) line: usize,
    pub(super) column: Option<usize>,
    pub(super) puzzle: Option<String>,
}

/// A puzzle in `#` lines: its line in `alphabet`, or `(a NxN grid)` when
/// the alphabet has no symbols for its digits.
pub(super) fn grid_line(alphabet: &Alphabet, g: &Grid) -> String {
    if alphabet.covers(g.n()) {
        alphabet.write_line(g)
    } else {
        format!("(a {0}x{0} grid)", g.n())
    }
}

/// The `puzzle` field of a JSON line: the puzzle as a line, or `null` when
/// it was not read or the alphabet has no symbols for its digits.
pub(super) fn puzzle_text(alphabet: &Alphabet, puzzle: Option<&Grid>) -> Option<String> {
    puzzle
        .filter(|g| alphabet.covers(g.n()))
        .map(|g| alphabet.write_line(g))
}

/// One line of `--json`: the schema of docs/json.md, in its field order.
#[derive(Serialize)]
pub(super) struct Record<'a> {
    #[serde(flatten)]
    pub(super) at: Where<'a>,
    pub(super) status: Status,
    pub(super) count: Option<u128>,
    pub(super) count_is_lower_bound: Option<bool>,
    pub(super) solution: Option<String>,
    pub(super) error: Option<String>,
    pub(super) nodes: Option<u64>,
    pub(super) updates: Option<u64>,
    pub(super) microseconds: Option<u64>,
}

/// What one case comes to, before it is written in any format.
pub(super) struct Verdict {
    pub(super) status: Status,
    /// The puzzle, when it was read.
    pub(super) puzzle: Option<Grid>,
    /// The solution to print.
    pub(super) solution: Option<Grid>,
    /// `count`: what the search found.
    pub(super) count: Option<Count>,
    /// The column an input error points at.
    pub(super) column: Option<usize>,
    /// What standard error says about the case (after file and line).
    pub(super) error: Option<String>,
    /// Search effort and time, when the case was searched.
    pub(super) search: Option<(Stats, Duration)>,
    /// `solve` under [`Rule::Unique`]: there were several solutions.
    pub(super) several: bool,
}

impl Verdict {
    /// What the case does to the exit code: a cut count that found
    /// solutions still succeeds.
    pub(super) fn exit(&self) -> ExitStatus {
        let found_some = self.count.is_some_and(|c| c.solutions > 0);
        self.status.exit(Asked {
            unique: false,
            found_some,
        })
    }

    pub(super) fn bad(puzzle: Option<Grid>, column: Option<usize>, error: String) -> Self {
        Self {
            status: Status::BadInput,
            puzzle,
            solution: None,
            count: None,
            column,
            error: Some(error),
            search: None,
            several: false,
        }
    }
}

/// The standard error line about a case at `line` (and `column`) of input
/// `name`.
pub(super) fn error_line(name: &str, line: usize, column: Option<usize>, error: &str) -> String {
    match column {
        Some(c) => format!("dlx: {name}: line {line}, column {c}: {error}\n"),
        None => format!("dlx: {name}: line {line}: {error}\n"),
    }
}

/// The `--json` line of a case.
pub(super) fn json_line(
    v: &Verdict,
    number: usize,
    name: &str,
    line: usize,
    alphabet: &Alphabet,
) -> String {
    let record = Record {
        at: Where {
            case: number,
            file: name,
            line,
            column: v.column,
            puzzle: puzzle_text(alphabet, v.puzzle.as_ref()),
        },
        status: v.status,
        count: v.count.map(|c| c.solutions),
        count_is_lower_bound: v.count.map(|c| c.outcome != Outcome::Exhausted),
        solution: v.solution.as_ref().map(|g| alphabet.write_line(g)),
        error: v.error.clone(),
        nodes: v.search.map(|(s, _)| s.nodes),
        updates: v.search.map(|(s, _)| s.updates),
        microseconds: v
            .search
            .map(|(_, t)| u64::try_from(t.as_micros()).unwrap_or(u64::MAX)),
    };
    let mut text = serde_json::to_string(&record).unwrap_or_default();
    text.push('\n');
    text
}
