//! True candidates: for each cell of a puzzle, the digits it holds in at
//! least one solution (what setters call the puzzle's true candidates;
//! every other digit is ruled out by the rules and the givens together).
//!
//! The search is the solver's own, driven from outside:
//!
//! 1. up to `ENUMERATED` solutions are searched for; each marks its
//!    digits. An exhausted tree is the whole answer (a unique puzzle's
//!    true candidates are its solution; a puzzle with a few solutions has
//!    their union, found in one walk of the tree instead of one refutation
//!    per digit that no solution holds);
//! 2. otherwise each digit of each empty cell that no solution has marked
//!    yet is forced (given in a copy of the puzzle) and one solution is
//!    searched for; a solution marks all its digits, so most candidates
//!    are seen without being forced, and a forced digit with no solution
//!    is no candidate.
//!
//! Invariants: every digit in [`Candidates::masks`] is in a solution that
//! the solver found (so a candidate is never claimed without one); when
//! [`Candidates::is_settled`], every digit outside them was forced and its
//! search exhausted with no solution; otherwise [`Candidates::unsettled`]
//! holds exactly the digits whose search a bound cut or that were never
//! tried. The cells are tried in reading order and the digits upwards, so
//! the result and its effort depend only on the puzzle, the solver and
//! the bound.

use std::ops::ControlFlow;

use super::{Grid, PuzzleError, SudokuSolver};
use crate::dlx::{Outcome, SearchLimits, Stats};

/// What [`true_candidates`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidates {
    /// Each cell's digits that some solution holds (bit `d - 1` for digit
    /// `d`, cells in reading order); a given's cell holds just the given
    /// once a solution is found.
    pub masks: Vec<u64>,
    /// Each cell's digits left undecided when a bound cut the work short
    /// (all zero when settled).
    pub unsettled: Vec<u64>,
    /// `Exhausted` when settled, else the bound that cut it
    /// ([`Outcome::NodeLimit`] or [`Outcome::Stopped`]).
    pub outcome: Outcome,
    /// Different solutions seen, at most 2 (0: none, 1: unique when
    /// settled, 2: two or more).
    pub solutions: u64,
    /// Effort over every search, with the solutions each search visited.
    pub stats: Stats,
    /// Searches run (the first one, then one per forced digit).
    pub searches: u64,
}

impl Candidates {
    /// Whether every digit of every cell was decided.
    pub fn is_settled(&self) -> bool {
        self.outcome == Outcome::Exhausted
    }

    /// Whether the puzzle has exactly one solution (known only when
    /// settled, or when two were seen).
    #[cfg(test)]
    pub(crate) fn is_unique(&self) -> bool {
        self.is_settled() && self.solutions == 1
    }
}

/// The most solutions the first search enumerates before digits are
/// forced one by one. Puzzles that setters check have one or a few
/// solutions, and refuting each digit that none of them holds costs a
/// search of its own, often as deep as the whole tree: a sandwich puzzle
/// with 20 solutions took over a minute of forced searches against
/// milliseconds for enumerating them. A puzzle with many more solutions
/// pays for at most this many found before the forcing starts.
pub(crate) const ENUMERATED: u64 = 256;

/// The true candidates of `puzzle` under `solver`'s rules, with at most
/// `max_nodes` search nodes over all searches (`u64::MAX`: no bound). Fails
/// as the solver does on a puzzle it cannot take (another shape, clashing
/// givens).
pub fn true_candidates(
    solver: &mut dyn SudokuSolver,
    puzzle: &Grid,
    max_nodes: u64,
) -> Result<Candidates, PuzzleError> {
    let n = puzzle.n();
    let cells = puzzle.cells();
    let all = if n >= 64 { !0 } else { (1u64 << n) - 1 };
    let mut found = Candidates {
        masks: vec![0; cells.len()],
        unsettled: vec![0; cells.len()],
        outcome: Outcome::Exhausted,
        solutions: 0,
        stats: Stats::default(),
        searches: 1,
    };
    let report = {
        let masks = &mut found.masks;
        let mut mark = |g: &Grid| {
            mark_solution(masks, g);
            ControlFlow::Continue(())
        };
        let limits = SearchLimits {
            max_solutions: ENUMERATED,
            max_nodes,
        };
        solver.search(puzzle, limits, Some(&mut mark))?
    };
    found.stats += report.stats;
    // 0, 1 or 2 (two or more), whatever the first search enumerated.
    found.solutions = report.stats.solutions.min(2) as u64;
    let mut left = max_nodes.saturating_sub(report.stats.nodes);
    match report.outcome {
        Outcome::Exhausted => return Ok(found),
        Outcome::SolutionLimit => {}
        cut => {
            found.outcome = cut;
            leave_open(&mut found, cells, all);
            return Ok(found);
        }
    }
    let mut forced = puzzle.clone();
    for (cell, &given) in cells.iter().enumerate() {
        if given != 0 {
            continue;
        }
        let (r, c) = (cell / n, cell % n);
        for d in 1..=n as u8 {
            let bit = 1u64 << (d - 1);
            if found.masks[cell] & bit != 0 {
                continue;
            }
            if found.outcome != Outcome::Exhausted || left == 0 {
                if found.outcome == Outcome::Exhausted {
                    found.outcome = Outcome::NodeLimit;
                }
                found.unsettled[cell] |= bit;
                continue;
            }
            forced.set(r, c, d);
            let limits = SearchLimits {
                max_solutions: 1,
                max_nodes: left,
            };
            let masks = &mut found.masks;
            let mut mark = |g: &Grid| {
                mark_solution(masks, g);
                ControlFlow::Continue(())
            };
            let result = solver.search(&forced, limits, Some(&mut mark));
            forced.set(r, c, 0);
            found.searches += 1;
            let report = match result {
                Ok(report) => report,
                // The forced digit clashes with a given: no candidate.
                Err(PuzzleError::Conflict(_) | PuzzleError::Cage { .. }) => continue,
                Err(e) => return Err(e),
            };
            found.stats += report.stats;
            left = left.saturating_sub(report.stats.nodes);
            if report.stats.solutions > 0 {
                continue;
            }
            if report.outcome != Outcome::Exhausted {
                found.outcome = report.outcome;
                found.unsettled[cell] |= bit;
            }
        }
    }
    Ok(found)
}

/// The solutions that hold each candidate ([`candidate_counts`]): the
/// Interactive Sudoku Solver's "value count", up to a limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CandidateCounts {
    /// For digit `d` of cell `c`, at `c * n + d - 1`: how many solutions
    /// hold it, counted up to `limit + 1` (a count past `limit` is "more
    /// than `limit`"); 0 for a digit the masks do not hold.
    pub counts: Vec<u64>,
    /// The most counted exactly.
    pub limit: u64,
    /// `Exhausted` when every count is settled, else the bound that cut
    /// one ([`Outcome::NodeLimit`], [`Outcome::Stopped`]): a count cut is
    /// a lower bound.
    pub outcome: Outcome,
    /// Effort over every count.
    pub stats: Stats,
}

/// For each digit of each cell in `masks` (a puzzle's true candidates,
/// [`true_candidates`]), the solutions of `puzzle` that hold it, up to
/// `limit + 1` (so that a count of exactly `limit` is told from more),
/// with at most `max_nodes` search nodes over all counts. A given's own
/// digit is held by every solution: its count is the puzzle's, counted
/// once. Fails as the solver does on a puzzle it cannot take.
pub fn candidate_counts(
    solver: &mut dyn SudokuSolver,
    puzzle: &Grid,
    masks: &[u64],
    limit: u64,
    max_nodes: u64,
) -> Result<CandidateCounts, PuzzleError> {
    let n = puzzle.n();
    let mut found = CandidateCounts {
        counts: vec![0; masks.len() * n],
        limit,
        outcome: Outcome::Exhausted,
        stats: Stats::default(),
    };
    let mut left = max_nodes;
    let mut count = |grid: &Grid, found: &mut CandidateCounts| -> Result<u64, PuzzleError> {
        let limits = SearchLimits {
            max_solutions: limit.saturating_add(1),
            max_nodes: left,
        };
        let report = solver.search(grid, limits, None)?;
        found.stats += report.stats;
        left = left.saturating_sub(report.stats.nodes);
        if !matches!(report.outcome, Outcome::Exhausted | Outcome::SolutionLimit) {
            found.outcome = report.outcome;
        }
        Ok(report.stats.solutions as u64)
    };
    let mut whole = None;
    let mut forced = puzzle.clone();
    for (cell, &given) in puzzle.cells().iter().enumerate() {
        for d in 1..=n as u8 {
            if masks[cell] >> (d - 1) & 1 == 0 {
                continue;
            }
            let solutions = if given != 0 {
                match whole {
                    Some(all) => all,
                    None => *whole.insert(count(puzzle, &mut found)?),
                }
            } else {
                let (r, c) = (cell / n, cell % n);
                forced.set(r, c, d);
                let solutions = count(&forced, &mut found);
                forced.set(r, c, 0);
                solutions?
            };
            found.counts[cell * n + d as usize - 1] = solutions;
        }
    }
    Ok(found)
}

/// Adds the digits of `solution` to `masks`.
fn mark_solution(masks: &mut [u64], solution: &Grid) {
    for (mask, &d) in masks.iter_mut().zip(solution.cells()) {
        *mask |= 1 << (d - 1);
    }
}

/// Marks every digit not yet seen as undecided (a given's own digit only).
fn leave_open(found: &mut Candidates, cells: &[u8], all: u64) {
    for (cell, &given) in cells.iter().enumerate() {
        let open = if given == 0 { all } else { 1 << (given - 1) };
        found.unsettled[cell] = open & !found.masks[cell];
    }
}

#[cfg(test)]
mod tests;
