//! The naive depth-first search of the documents this project comes from
//! (the HDU 1426, Lanqiao and HDU 5547 write-ups): per-row, per-column and
//! per-box "digit used" tables, blank cells taken in reading order, digits
//! tried from 1 to n, backtracking on a dead end. Kept as the baseline for
//! benchmarks and as a second solver to cross-check the engine.
//!
//! It is written as a loop over an explicit cursor rather than recursion,
//! so that any size runs on any stack; the order of the search, and so its
//! node count, is exactly the recursive one's.
//!
//! Invariant: `used[unit][d]` is true exactly when digit `d` stands in that
//! row, column or box, givens included.

use super::{Grid, GridVisit, PuzzleError, STOPPED, Shape, SudokuSolver, report};
use crate::dlx::Count;
use crate::dlx::cancel::{SharedCancel, is_cancelled};
use crate::dlx::{Outcome, SearchLimits, Stats};

/// Search nodes between two questions to the solver's
/// [`Cancel`](crate::dlx::cancel::Cancel) (a power of two, as the engine's tick).
const TICK_NODES: u64 = 1 << 16;

/// The documents' backtracking solver, for any shape.
#[derive(Default)]
pub struct NaiveSolver {
    used: Vec<bool>,
    blanks: Vec<(usize, usize, usize)>,
    /// Asked every [`TICK_NODES`] nodes ([`SudokuSolver::set_cancel`]).
    cancel: Option<SharedCancel>,
}

impl NaiveSolver {
    /// A solver; it sizes its tables to each puzzle.
    #[cfg(any(test, feature = "unstable"))]
    pub fn new() -> Self {
        Self::default()
    }
}

impl SudokuSolver for NaiveSolver {
    fn name(&self) -> &'static str {
        "naive"
    }

    fn search(
        &mut self,
        puzzle: &Grid,
        limits: SearchLimits,
        mut visit: Option<GridVisit<'_>>,
    ) -> Result<Count, PuzzleError> {
        if let Some(conflict) = puzzle.conflict() {
            return Err(PuzzleError::Conflict(conflict));
        }
        if is_cancelled(self.cancel.as_ref()) {
            return Ok(STOPPED);
        }
        let shape: Shape = puzzle.shape();
        let n = shape.n();
        let stride = n + 1;
        // Tables: rows at 0, columns at n, boxes at 2n; each n+1 wide.
        self.used.clear();
        self.used.resize(3 * n * stride, false);
        self.blanks.clear();
        let mut grid = puzzle.clone();
        for r in 0..n {
            for c in 0..n {
                let units = (r, n + c, 2 * n + shape.box_of(r, c));
                match grid.get(r, c) as usize {
                    0 => self.blanks.push(units),
                    d => {
                        self.used[units.0 * stride + d] = true;
                        self.used[units.1 * stride + d] = true;
                        self.used[units.2 * stride + d] = true;
                    }
                }
            }
        }

        let mut stats = Stats::default();
        // tried[k]: the digit now in blank k (0 before the first try).
        let mut tried = vec![0usize; self.blanks.len()];
        let mut k = 0usize;
        let outcome = 'search: loop {
            if k == self.blanks.len() {
                stats.solutions += 1;
                if let Some(visit) = visit.as_mut()
                    && visit(&grid).is_break()
                {
                    break 'search Outcome::Stopped;
                }
                if stats.solutions >= u128::from(limits.max_solutions) {
                    break 'search Outcome::SolutionLimit;
                }
                if k == 0 {
                    break 'search Outcome::Exhausted;
                }
                k -= 1;
            }
            // Take back the digit in blank k, then try the next that fits.
            let (row, col, bx) = self.blanks[k];
            let cell = (row, col - n);
            let mut d = tried[k];
            if d != 0 {
                self.used[row * stride + d] = false;
                self.used[col * stride + d] = false;
                self.used[bx * stride + d] = false;
            }
            loop {
                d += 1;
                if d > n {
                    // Dead end: empty the cell and go back one blank.
                    tried[k] = 0;
                    grid.set(cell.0, cell.1, 0);
                    if k == 0 {
                        break 'search Outcome::Exhausted;
                    }
                    k -= 1;
                    continue 'search;
                }
                if !self.used[row * stride + d]
                    && !self.used[col * stride + d]
                    && !self.used[bx * stride + d]
                {
                    break;
                }
            }
            if stats.nodes >= limits.max_nodes {
                break 'search Outcome::NodeLimit;
            }
            if stats.nodes & (TICK_NODES - 1) == 0 && is_cancelled(self.cancel.as_ref()) {
                break 'search Outcome::Stopped;
            }
            stats.nodes += 1;
            self.used[row * stride + d] = true;
            self.used[col * stride + d] = true;
            self.used[bx * stride + d] = true;
            tried[k] = d;
            grid.set(cell.0, cell.1, d as u8);
            k += 1;
        };
        Ok(report(outcome, stats))
    }

    fn set_cancel(&mut self, cancel: Option<SharedCancel>) {
        self.cancel = cancel;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ops::ControlFlow;

    #[test]
    fn blank_4x4_has_288_solutions_all_valid() {
        let shape = Shape::new(2, 2).unwrap();
        let blank = Grid::empty(shape);
        let mut all = std::collections::HashSet::new();
        let report = NaiveSolver::new()
            .search(
                &blank,
                SearchLimits::UNLIMITED,
                Some(&mut |g: &Grid| {
                    crate::sudoku::verify::check_solution(&blank, g).unwrap();
                    all.insert(g.clone());
                    ControlFlow::Continue(())
                }),
            )
            .unwrap();
        assert_eq!(report.stats.solutions, 288);
        assert_eq!(all.len(), 288);
        assert_eq!(report.outcome, Outcome::Exhausted);
    }

    #[test]
    fn a_cancel_set_during_the_search_stops_it_within_a_tick() {
        use std::sync::Arc;
        use std::sync::atomic::{AtomicBool, Ordering};
        let stop = Arc::new(AtomicBool::new(false));
        let mut s = NaiveSolver::new();
        s.set_cancel(Some(stop.clone()));
        let blank = Grid::empty(Shape::new(3, 3).unwrap());
        let report = s
            .search(
                &blank,
                SearchLimits::UNLIMITED,
                Some(&mut |_: &Grid| {
                    stop.store(true, Ordering::Relaxed);
                    ControlFlow::Continue(())
                }),
            )
            .unwrap();
        assert_eq!(report.outcome, Outcome::Stopped);
        assert!(report.stats.nodes <= 2 * TICK_NODES);
        // Set before the start, nothing is searched; let go, all is as before.
        assert_eq!(s.count_up_to(&blank, 3).unwrap().outcome, Outcome::Stopped);
        stop.store(false, Ordering::Relaxed);
        assert_eq!(s.count_up_to(&blank, 3).unwrap().solutions, 3);
    }

    #[test]
    fn full_grid_is_its_own_solution_and_node_budget_stops() {
        let shape = Shape::new(2, 2).unwrap();
        let full =
            Grid::from_cells(shape, vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]).unwrap();
        let mut s = NaiveSolver::new();
        assert_eq!(s.solve_first(&full).unwrap(), Some(full.clone()));
        let r = s
            .search(
                &Grid::empty(shape),
                SearchLimits {
                    max_nodes: 5,
                    ..SearchLimits::UNLIMITED
                },
                None,
            )
            .unwrap();
        assert_eq!(r.outcome, Outcome::NodeLimit);
        assert_eq!(r.stats.nodes, 5);
    }
}
