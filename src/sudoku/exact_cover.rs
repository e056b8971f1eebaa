//! Sudoku as exact cover, solved by the dancing-links engine.
//!
//! # Numbering
//!
//! For a shape with side `n` (rows `r`, columns `c`, boxes `b`, digits `d`,
//! all 0-based; boxes numbered across then down), the full matrix of a
//! blank grid has `4n^2` primary items and `n^3` options:
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
//! # One reduced matrix per puzzle
//!
//! A puzzle is not searched in the full matrix. Its givens would be forced
//! options there, and forcing them covers exactly the items the givens
//! fill and hides exactly the options that clash with a given. So each
//! puzzle gets the matrix that forcing would leave, compiled directly:
//!
//! * an item exists only if no given covers it: the cell items of the
//!   empty cells, and the row-, column- and box-digit items of the digits
//!   a row, column or box still lacks;
//! * an option exists only for a *candidate*: an empty cell and a digit
//!   that no given in its row, column or box holds.
//!
//! Items and options keep the order of the full matrix (the reduced
//! numbers are the full ones with the absent ones skipped), and every
//! vertical list keeps its options in that order, so the search tree,
//! its nodes and its solutions are exactly those of the full matrix with
//! the givens forced; only the updates that forcing used to cost are
//! gone. The cost of a puzzle thus follows its empty cells: a 17-clue 9x9
//! has 256 items and its candidates instead of 324 items and 729
//! options, and nothing is copied back after the search.
//!
//! Invariant: the matrix of a puzzle lives in the solver's own arena from
//! the start of one search to its end; the arena is emptied (its largest
//! block kept) before the next puzzle is compiled, so a solver's memory is
//! that of the largest matrix it has compiled.

use std::ops::ControlFlow;

use bumpalo::Bump;

use super::{Grid, GridVisit, PuzzleError, Report, Shape, SudokuSolver};
use crate::dlx::{Matrix, OptionId, SearchLimits, Solution, Visitor};

/// Marks a full-matrix item that a given covers (absent from the reduced
/// matrix).
const ABSENT: u32 = u32::MAX;

/// The exact-cover solver for puzzles of one shape: compiles each puzzle's
/// reduced matrix (the items no given covers, the options of its candidates) into storage it keeps.
pub struct DlxSolver {
    shape: Shape,
    arena: Bump,
    /// The reduced matrix's item count, and its options as flat item lists
    /// (four items each) for [`Matrix::from_primary_options`].
    items: u32,
    entries: Vec<u32>,
    ends: Vec<u32>,
    /// Reduced item number of each full item, or [`ABSENT`].
    reduced_item: Vec<u32>,
    /// Where the reduced items of each kind end: cell, row-digit,
    /// column-digit, box-digit (kinds in that order, as in the full
    /// numbering).
    kind_ends: [u32; 4],
    /// Full option number `(r*n + c)*n + d` of each reduced option.
    full_option: Vec<u32>,
    /// The box, and the row and column, of each cell in reading order.
    box_of_cell: Vec<u8>,
    row_col: Vec<(u8, u8)>,
}

/// Where the options of a compiled puzzle put their digits.
#[derive(Clone, Copy)]
pub struct Placements<'s> {
    n: usize,
    full_option: &'s [u32],
}

/// A puzzle's reduced problem as flat option lists (see the module docs
/// for what it holds): every item primary, option `k` covering
/// `entries[4k..4k + 4]` (its cell, row-digit, column-digit and box-digit
/// items, in that order).
#[derive(Clone, Copy)]
pub struct CompiledOptions<'s> {
    /// How many items there are.
    pub items: u32,
    /// Where the items of each kind end: cells, row-digits,
    /// column-digits, box-digits (the items come in that order).
    pub kind_ends: [u32; 4],
    /// Every option's items, one after another.
    pub entries: &'s [u32],
    /// Where each option's items end in `entries`.
    pub ends: &'s [u32],
    /// What each option places.
    pub placements: Placements<'s>,
}

impl Placements<'_> {
    /// The 0-based row and column, and the digit (1-based), that option
    /// `k` of the reduced matrix places.
    pub fn of(&self, k: OptionId) -> (usize, usize, u8) {
        let full = self.full_option[k.0 as usize] as usize;
        let cell = full / self.n;
        (cell / self.n, cell % self.n, (full % self.n) as u8 + 1)
    }

    /// `puzzle` with the digits of `solution` written in.
    fn fill(&self, puzzle: &Grid, solution: &Solution<'_, '_>) -> Grid {
        let mut grid = puzzle.clone();
        for k in solution.options() {
            let (r, c, d) = self.of(k);
            grid.set(r, c, d);
        }
        grid
    }
}

impl DlxSolver {
    /// A solver for puzzles of `shape`; it allocates as it compiles its
    /// first puzzle and reuses that memory after.
    pub fn new(shape: Shape) -> Self {
        Self {
            shape,
            arena: Bump::new(),
            items: 0,
            entries: Vec::new(),
            ends: Vec::new(),
            reduced_item: Vec::new(),
            kind_ends: [0; 4],
            full_option: Vec::new(),
            box_of_cell: (0..shape.cells())
                .map(|cell| shape.box_of(cell / shape.n(), cell % shape.n()) as u8)
                .collect(),
            row_col: (0..shape.cells())
                .map(|cell| ((cell / shape.n()) as u8, (cell % shape.n()) as u8))
                .collect(),
        }
    }

    /// The shape this solver takes.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Compiles `puzzle`'s reduced matrix and lends it to `f`, with the
    /// placements that read its options back as digits. The matrix lives
    /// until `f` returns. Fails, calling nothing, for a puzzle of another
    /// shape or with clashing givens.
    pub fn with_matrix<R>(
        &mut self,
        puzzle: &Grid,
        f: impl FnOnce(&mut Matrix<'_>, Placements<'_>) -> R,
    ) -> Result<R, PuzzleError> {
        self.prepare(puzzle)?;
        self.arena.reset();
        let mut matrix =
            Matrix::from_primary_options(&self.arena, self.items, &self.entries, &self.ends)
                .expect("at most 64^3 options of 4 distinct items fit 32-bit links");
        let placements = Placements {
            n: self.shape.n(),
            full_option: &self.full_option,
        };
        Ok(f(&mut matrix, placements))
    }

    /// Compiles `puzzle`'s reduced problem and lends it to `f` as flat
    /// option lists, before any matrix is laid out: for tools that work on
    /// the options themselves, such as the rating's deductions. Fails as
    /// [`Self::with_matrix`] does.
    pub fn with_options<R>(
        &mut self,
        puzzle: &Grid,
        f: impl FnOnce(CompiledOptions<'_>) -> R,
    ) -> Result<R, PuzzleError> {
        self.prepare(puzzle)?;
        Ok(f(CompiledOptions {
            items: self.items,
            kind_ends: self.kind_ends,
            entries: &self.entries,
            ends: &self.ends,
            placements: Placements {
                n: self.shape.n(),
                full_option: &self.full_option,
            },
        }))
    }

    /// Checks `puzzle`'s shape and compiles its reduced problem.
    fn prepare(&mut self, puzzle: &Grid) -> Result<(), PuzzleError> {
        if puzzle.shape() != self.shape {
            return Err(PuzzleError::Shape {
                expected: self.shape,
                found: puzzle.shape(),
            });
        }
        if !self.compile(puzzle) {
            // Rare: only now is the clash located, for the message.
            let conflict = puzzle
                .conflict()
                .expect("Grid::conflict finds the clash the masks found");
            return Err(PuzzleError::Conflict(conflict));
        }
        Ok(())
    }

    /// Lays out the reduced matrix of `puzzle`; `false`, with nothing laid
    /// out, if two givens clash (the masks of the givens are built here
    /// anyway, so the clash check costs no second pass over the grid).
    fn compile(&mut self, puzzle: &Grid) -> bool {
        let shape = self.shape;
        let n = shape.n();
        let nn = n * n;
        let all: u64 = if n == 64 { !0 } else { (1 << n) - 1 };
        // Digits (bit d-1) that the givens put in each row, column and box.
        let mut in_row = [0u64; super::MAX_N];
        let mut in_col = [0u64; super::MAX_N];
        let mut in_box = [0u64; super::MAX_N];
        // Each cell's row, column and box come from tables: a division per
        // cell cost more than the rest of the loop.
        let cells = puzzle.cells();
        for (cell, (&d, &b)) in cells.iter().zip(&self.box_of_cell).enumerate() {
            if d != 0 {
                let (r, c) = self.row_col[cell];
                let bit = 1u64 << (d - 1);
                let (r, c, b) = (r as usize, c as usize, b as usize);
                if (in_row[r] | in_col[c] | in_box[b]) & bit != 0 {
                    return false;
                }
                in_row[r] |= bit;
                in_col[c] |= bit;
                in_box[b] |= bit;
            }
        }
        // Items, in full order, skipping those a given covers.
        self.reduced_item.clear();
        self.reduced_item.resize(4 * nn, ABSENT);
        let mut next = 0u32;
        let keep = |full: usize, reduced_item: &mut Vec<u32>, next: &mut u32| {
            reduced_item[full] = *next;
            *next += 1;
        };
        for (cell, &d) in cells.iter().enumerate() {
            if d == 0 {
                keep(cell, &mut self.reduced_item, &mut next);
            }
        }
        let mut kind_ends = [0; 4];
        kind_ends[0] = next;
        for (house, used) in [&in_row, &in_col, &in_box].into_iter().enumerate() {
            for (unit, &used) in used[..n].iter().enumerate() {
                let mut missing = all & !used;
                while missing != 0 {
                    let d = missing.trailing_zeros() as usize;
                    missing &= missing - 1;
                    keep(
                        (house + 1) * nn + unit * n + d,
                        &mut self.reduced_item,
                        &mut next,
                    );
                }
            }
            kind_ends[house + 1] = next;
        }
        self.kind_ends = kind_ends;
        self.items = next;
        // Options: the candidates of each empty cell, in full order.
        self.full_option.clear();
        self.entries.clear();
        self.ends.clear();
        let item = |full: usize| self.reduced_item[full];
        for (cell, (&d, &b)) in cells.iter().zip(&self.box_of_cell).enumerate() {
            if d != 0 {
                continue;
            }
            let (r, c) = self.row_col[cell];
            let (r, c, b) = (r as usize, c as usize, b as usize);
            let mut candidates = all & !(in_row[r] | in_col[c] | in_box[b]);
            while candidates != 0 {
                let d = candidates.trailing_zeros() as usize;
                candidates &= candidates - 1;
                self.entries.extend([
                    item(cell),
                    item(nn + r * n + d),
                    item(2 * nn + c * n + d),
                    item(3 * nn + b * n + d),
                ]);
                self.ends.push(self.entries.len() as u32);
                self.full_option.push((cell * n + d) as u32);
            }
        }
        true
    }
}

/// Passes each solution, as a grid, to the caller's closure.
struct GridVisitor<'v, 'p> {
    puzzle: &'p Grid,
    placements: Placements<'p>,
    visit: Option<GridVisit<'v>>,
}

impl Visitor for GridVisitor<'_, '_> {
    #[inline]
    fn solution(&mut self, solution: &Solution<'_, '_>) -> ControlFlow<()> {
        match &mut self.visit {
            Some(visit) => visit(&self.placements.fill(self.puzzle, solution)),
            None => ControlFlow::Continue(()),
        }
    }
}

impl SudokuSolver for DlxSolver {
    fn name(&self) -> &'static str {
        "dlx"
    }

    fn search(
        &mut self,
        puzzle: &Grid,
        limits: SearchLimits,
        visit: Option<GridVisit<'_>>,
    ) -> Result<Report, PuzzleError> {
        self.with_matrix(puzzle, |matrix, placements| {
            let mut visitor = GridVisitor {
                puzzle,
                placements,
                visit,
            };
            let (outcome, stats) = matrix.search(&mut visitor, limits);
            Report { outcome, stats }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dlx::{ItemId, ItemKind, Problem};
    use crate::sudoku::verify::check_solution;

    /// The full matrix of `shape` with `puzzle`'s givens forced: what the
    /// reduced matrix must search exactly like.
    fn forced_full_count(puzzle: &Grid, limit: u64) -> (u64, u64) {
        let shape = puzzle.shape();
        let n = shape.n();
        let nn = n * n;
        let mut p = Problem::new();
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
                    p.add_option(&items.map(|i| ItemId(i as u32))).unwrap();
                }
            }
        }
        let arena = Bump::new();
        let mut m = p.build(&arena).unwrap();
        for (cell, &d) in puzzle.cells().iter().enumerate() {
            if d != 0 {
                m.force(OptionId((cell * n + d as usize - 1) as u32))
                    .unwrap();
            }
        }
        let count = m.count_up_to(limit);
        (count.solutions, count.stats.nodes)
    }

    /// Candidates counted cell by cell, digit by digit, by scanning the
    /// row, column and box (no masks).
    fn candidates(puzzle: &Grid) -> usize {
        let shape = puzzle.shape();
        let n = shape.n();
        let mut total = 0;
        for r in 0..n {
            for c in 0..n {
                if puzzle.get(r, c) != 0 {
                    continue;
                }
                for d in 1..=n as u8 {
                    let seen = (0..n).any(|i| puzzle.get(r, i) == d || puzzle.get(i, c) == d)
                        || shape
                            .box_cells(shape.box_of(r, c))
                            .any(|(rr, cc)| puzzle.get(rr, cc) == d);
                    total += usize::from(!seen);
                }
            }
        }
        total
    }

    fn puzzle(line: &str) -> Grid {
        let cells = line
            .bytes()
            .map(|b| if b == b'.' { 0 } else { b - b'0' })
            .collect();
        Grid::from_cells(Shape::NINE, cells).unwrap()
    }

    const SEVENTEEN: &str =
        "...8.1..........435............7.8........1...2..3....6......75..34........2..6..";

    #[test]
    fn a_blank_grid_compiles_to_the_full_matrix() {
        let mut s = DlxSolver::new(Shape::NINE);
        let (items, options) = s
            .with_matrix(&Grid::empty(Shape::NINE), |m, _| {
                (m.item_count(), m.option_count())
            })
            .unwrap();
        assert_eq!((items, options), (324, 729));
    }

    #[test]
    fn givens_leave_only_their_candidates_and_uncovered_items() {
        let g = puzzle(SEVENTEEN);
        let mut s = DlxSolver::new(Shape::NINE);
        let (items, options) = s
            .with_matrix(&g, |m, _| (m.item_count(), m.option_count()))
            .unwrap();
        // 64 empty cells, and 81 - 17 missing digits in each kind of unit.
        assert_eq!(items, 4 * 64);
        assert_eq!(options, candidates(&g));
    }

    #[test]
    fn the_reduced_search_is_the_forced_full_search() {
        let mut s = DlxSolver::new(Shape::NINE);
        let mut g = puzzle(SEVENTEEN);
        for (limit, blank_from) in [(2, 81), (1, 81), (50, 60), (50, 40)] {
            for cell in blank_from..81 {
                g.set(cell / 9, cell % 9, 0);
            }
            let count = s.count_up_to(&g, limit).unwrap();
            assert_eq!(
                (count.solutions, count.stats.nodes),
                forced_full_count(&g, limit),
                "limit {limit}, blank from {blank_from}"
            );
        }
    }

    #[test]
    fn the_matrix_is_restored_after_every_kind_of_stop() {
        let g = puzzle(SEVENTEEN);
        let mut s = DlxSolver::new(Shape::NINE);
        s.with_matrix(&g, |m, _| {
            let before = m.state_digest();
            for limit in [1, 2, u64::MAX] {
                m.count_up_to(limit);
                m.sanity().unwrap();
                assert_eq!(m.state_digest(), before);
            }
        })
        .unwrap();
    }

    #[test]
    fn solutions_keep_the_givens_and_a_full_grid_is_its_own_solution() {
        let g = puzzle(SEVENTEEN);
        let mut s = DlxSolver::new(Shape::NINE);
        let solved = s.unique_solution(&g).unwrap().expect("unique");
        check_solution(&g, &solved).unwrap();
        assert_eq!(s.solve_first(&solved).unwrap(), Some(solved.clone()));
        assert_eq!(s.count_up_to(&solved, 2).unwrap().solutions, 1);
    }

    #[test]
    fn clashing_givens_and_other_shapes_are_refused() {
        let mut s = DlxSolver::new(Shape::NINE);
        let mut g = Grid::empty(Shape::NINE);
        g.set(0, 0, 5);
        g.set(0, 8, 5);
        assert!(matches!(
            s.count_up_to(&g, 2),
            Err(PuzzleError::Conflict(_))
        ));
        let four = Grid::empty(Shape::FOUR);
        assert!(matches!(
            s.count_up_to(&four, 2),
            Err(PuzzleError::Shape { .. })
        ));
    }

    #[test]
    fn blank_4x4_has_288_solutions() {
        let shape = Shape::new(2, 2).unwrap();
        let mut s = DlxSolver::new(shape);
        let mut seen = std::collections::HashSet::new();
        let report = s
            .search(
                &Grid::empty(shape),
                SearchLimits::UNLIMITED,
                Some(&mut |g: &Grid| {
                    check_solution(&Grid::empty(shape), g).unwrap();
                    seen.insert(g.clone());
                    ControlFlow::Continue(())
                }),
            )
            .unwrap();
        assert_eq!(report.stats.solutions, 288);
        assert_eq!(seen.len(), 288);
    }
}
