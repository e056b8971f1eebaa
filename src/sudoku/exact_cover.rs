//! Sudoku as exact cover, solved by the dancing-links engine.
//!
//! # Numbering
//!
//! For a shape with side `n` (rows `r`, columns `c`, boxes `b`, digits `d`,
//! all 0-based; boxes numbered across then down), the matrix has `4n^2`
//! primary items and `n^3` options:
//!
//! ```text
//!  items                              option (r, c, d) = (r*n + c)*n + d
//!  +------------+------------------+  covers the four items
//!  | cell       | r*n + c          |    cell (r, c)
//!  | row-digit  | n^2   + r*n + d  |    digit d in row r
//!  | col-digit  | 2n^2  + c*n + d  |    digit d in column c
//!  | box-digit  | 3n^2  + b*n + d  |    digit d in box b
//!  +------------+------------------+
//!        9x9: 324 items, 729 options, 2,916 option nodes
//! ```
//!
//! A puzzle's givens are *forced* options; the matrix for a shape is built
//! once and serves puzzle after puzzle, restored after each search.
//!
//! Invariant: between calls, no option is forced.

use std::ops::ControlFlow;

use bumpalo::Bump;

use super::{Grid, GridVisit, PuzzleError, Report, Shape, SudokuSolver};
use crate::dlx::{ItemId, ItemKind, Matrix, OptionId, SearchLimits, Solution, Visitor};

/// The exact-cover model of one shape, compiled once.
pub struct DlxSolver<'a> {
    shape: Shape,
    matrix: Matrix<'a>,
    givens: Vec<OptionId>,
}

/// The option number of digit `d` (1-based) in cell `cell`.
fn option_of(n: usize, cell: usize, d: u8) -> OptionId {
    OptionId((cell * n + d as usize - 1) as u32)
}

impl<'a> DlxSolver<'a> {
    /// Compiles the exact-cover matrix of `shape` into `arena`.
    pub fn new(shape: Shape, arena: &'a Bump) -> Self {
        let n = shape.n();
        let nn = n * n;
        let mut p = crate::dlx::Problem::new();
        for _ in 0..4 * nn {
            p.add_item(ItemKind::Primary);
        }
        for r in 0..n {
            for c in 0..n {
                let b = shape.box_of(r, c);
                for d in 0..n {
                    let items = [
                        r * n + c,
                        nn + r * n + d,
                        2 * nn + c * n + d,
                        3 * nn + b * n + d,
                    ];
                    p.add_option(&items.map(|i| ItemId(i as u32)))
                        .expect("four distinct primary items");
                }
            }
        }
        let mut matrix = p
            .build(arena)
            .expect("at most 64^3 options fit 32-bit links");
        // Copying the links back after a puzzle beats undoing its givens.
        matrix.keep_pristine(arena);
        Self {
            shape,
            matrix,
            givens: Vec::with_capacity(nn),
        }
    }

    /// The compiled matrix (for tests and statistics).
    pub fn matrix(&self) -> &Matrix<'a> {
        &self.matrix
    }

    /// Reads a solution's options back into a grid.
    fn grid_of(shape: Shape, solution: &Solution<'_, '_>) -> Grid {
        let n = shape.n();
        let mut grid = Grid::empty(shape);
        for OptionId(k) in solution.options() {
            let k = k as usize;
            let cell = k / n;
            grid.set(cell / n, cell % n, (k % n) as u8 + 1);
        }
        grid
    }
}

/// Passes each solution, as a grid, to the caller's closure.
struct GridVisitor<'v> {
    shape: Shape,
    visit: Option<GridVisit<'v>>,
}

impl Visitor for GridVisitor<'_> {
    #[inline]
    fn solution(&mut self, solution: &Solution<'_, '_>) -> ControlFlow<()> {
        match &mut self.visit {
            Some(visit) => visit(&DlxSolver::grid_of(self.shape, solution)),
            None => ControlFlow::Continue(()),
        }
    }
}

impl SudokuSolver for DlxSolver<'_> {
    fn name(&self) -> &'static str {
        "dlx"
    }

    fn search(
        &mut self,
        puzzle: &Grid,
        limits: SearchLimits,
        visit: Option<GridVisit<'_>>,
    ) -> Result<Report, PuzzleError> {
        if puzzle.shape() != self.shape {
            return Err(PuzzleError::Shape {
                expected: self.shape,
                found: puzzle.shape(),
            });
        }
        if let Some(conflict) = puzzle.conflict() {
            return Err(PuzzleError::Conflict(conflict));
        }
        let n = self.shape.n();
        self.givens.clear();
        self.givens.extend(
            puzzle
                .cells()
                .iter()
                .enumerate()
                .filter(|(_, d)| **d != 0)
                .map(|(cell, &d)| option_of(n, cell, d)),
        );
        // The givens were checked for conflicts, so forcing cannot clash.
        self.matrix
            .force_all(&self.givens)
            .expect("givens without conflicts never clash");
        let mut visitor = GridVisitor {
            shape: self.shape,
            visit,
        };
        let (outcome, stats) = self.matrix.search(&mut visitor, limits);
        self.matrix.restore();
        Ok(Report { outcome, stats })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matrix_has_the_documented_size_and_stays_restored() {
        let arena = Bump::new();
        let mut s = DlxSolver::new(Shape::NINE, &arena);
        assert_eq!(s.matrix().item_count(), 324);
        assert_eq!(s.matrix().option_count(), 729);
        let pristine = s.matrix().state_digest();
        let mut g = Grid::empty(Shape::NINE);
        g.set(0, 0, 1);
        let count = s.count_up_to(&g, 3).unwrap();
        assert_eq!(count.solutions, 3);
        s.matrix().sanity().unwrap();
        assert_eq!(s.matrix().state_digest(), pristine);
    }

    #[test]
    fn blank_4x4_has_288_solutions() {
        let arena = Bump::new();
        let shape = Shape::new(2, 2).unwrap();
        let mut s = DlxSolver::new(shape, &arena);
        let mut seen = std::collections::HashSet::new();
        let report = s
            .search(
                &Grid::empty(shape),
                SearchLimits::UNLIMITED,
                Some(&mut |g: &Grid| {
                    crate::sudoku::verify::check_solution(&Grid::empty(shape), g).unwrap();
                    seen.insert(g.clone());
                    ControlFlow::Continue(())
                }),
            )
            .unwrap();
        assert_eq!(report.stats.solutions, 288);
        assert_eq!(seen.len(), 288);
        s.matrix().sanity().unwrap();
    }
}
