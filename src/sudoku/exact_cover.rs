//! Sudoku and its variants as exact cover, solved by the dancing-links
//! engine. One compiler serves every [`Variant`]: the rules are data
//! (houses, and cages for killer), and plain Sudoku is the instance whose
//! houses are the rows, columns and boxes.
//!
//! # Numbering
//!
//! For side `n`, houses `h = 0..H` (rows, columns, boxes or regions, then
//! diagonals and windows: [`Variant::houses`]), cages `k = 0..K`, cells
//! `cell = r*n + c` and digits `d` (0-based), the full matrix of a blank
//! grid has these primary items and options:
//!
//! ```text
//!  items                                 options
//!  +-------------+---------------------+  (cell, d) = cell*n + d covers
//!  | cell        | cell                |    cell, house-digit (h, d) for
//!  | house-digit | n^2 + h*n + d       |    each house h of the cell, and
//!  | cage-digit  | n^2 + H*n + k*n + d |    cage-digit (k, d) if the cell
//!  | cage        | n^2 + (H+K)*n + k   |    is in cage k
//!  +-------------+---------------------+  (k, S) = n^3 + j (j-th set of
//!                                           all cages) covers cage k and
//!   plain 9x9: H = 27, K = 0: 324 items,    cage-digit (k, d) for d not
//!   729 options, 2,916 option nodes         in the digit set S
//!
//!  placement options (per puzzle, below):   n^3 + J + p (J the sets of all
//!                                           cages, p-th placement) covers,
//!                                           for each (cell, d) it places,
//!                                           cell and every (h, d)
//! ```
//!
//! Plain Sudoku's houses are rows `0..n`, columns `n..2n` and boxes
//! `2n..3n`, so its numbering is the classic one: cell, row-digit,
//! column-digit, box-digit.
//!
//! # Killer cages: two encodings, and why
//!
//! A cage of `s` cells with sum `t` must hold `s` different digits adding
//! up to `t`, that is, exactly one of the digit sets `S` that
//! [`variant::cage_sets`](super::variant::cage_sets) lists. Each cage of a
//! puzzle is compiled one of two ways, both plain exact cover (all items
//! primary, no colors):
//!
//! * **Placements** (the search's choice for a cage with at most
//!   [`PLACEMENT_CAP`] of them): one option per way to write different
//!   digits in the cage's empty cells, each a candidate of its cell (no
//!   given in its houses or in the cage), that add up to the sum less the
//!   givens. The option covers each of those cells and, for each, the
//!   house-digit items of its digit in all of the cell's houses (row,
//!   column, box or region, diagonals, window); the cells have no options
//!   of their own, and the cage no cage or cage-digit items. Such digits
//!   with the givens are always one of the cage's sets holding its givens,
//!   so the options are exactly the ways to fill the cage, and choosing
//!   one is choosing the cage's digits and where they go at once. The
//!   engine then sees the cage and its houses together: placing a digit
//!   in a house removes every placement of every cage that puts it
//!   elsewhere in the house, and MRV may branch on the fewest placements
//!   of a cage or on a house-digit item with few placements left. On
//!   `data/variants/killer_50.txt` this alone cut the search from 9,967
//!   nodes and 454,000 updates per puzzle to 925 and 90,000 (BENCHMARKS.md).
//! * **Digit sets** (cages over the cap, and every cage for the rating):
//!   a cage item and `n` cage-digit items; one option per set, covering
//!   the cage item and the cage-digit items of the digits *not* in the set;
//!   each cell option of the cage also covers the cage-digit item of its
//!   digit. So the cage-digit item `(k, d)` is covered exactly once, by the
//!   cell that holds `d` (when `d` is in the chosen set) or by the set
//!   option (when it is not), and `s` cells with `s` different digits of
//!   a set of `s` hold exactly that set: the cage seen both ways, as in
//!   Knuth's XCC treatment (TAOCP 7.2.2.1), with few options (at most 12
//!   sets per 9x9 cage), but the sums are only seen set by set.
//!
//! Placements grow as `s!` per set (a blank 9-cell cage of sum 45 has
//! 362,880), hence the cap: a cage's placements are listed (with the sum
//! and the candidates pruning the list) until they pass it, or pass a step
//! budget, and then the cage keeps its sets. The cap was measured: the
//! instructions of `dlx count` over killer_50 and over 100 other killer
//! puzzles (`scripts/variant_puzzles.py killer 100 --seed 7`), with the
//! sum deduction below, are least at 48 (183 M and 248 M; 32: 212 M and
//! 252 M; 64: 187 M and 292 M; 200: 228 M and 391 M). A bigger cap
//! lowers the nodes (to 133 per puzzle at 1,000, without the deduction)
//! but each node then covers long lists of placements.
//!
//! # Killer sums: digits deduced before the search
//!
//! A house holds `1..=n` once, so its digits add up to `n(n+1)/2`, and `k`
//! consecutive rows (or columns) add up to `k` times that. Take away the
//! cages that lie wholly in such a group: its other cells add up to the
//! rest. When all of those but one are given (or deduced), that one's
//! digit is the difference, in every solution (the "rule of 45" of
//! killer solvers). [`DlxSolver::deduce_house_sums`] applies this to the
//! houses and the bands of rows and columns until nothing new follows,
//! and the puzzle is compiled as if the deduced digits were given (they
//! are in no option: [`Placements::fill`] writes them). Every solution
//! holds them, so the solutions are exactly the puzzle's; a difference
//! that is no digit, filled cells that miss their sum, or deduced digits
//! that clash leave no solution, and the puzzle compiles to a problem
//! without one (givens that clash by themselves are still an error). On
//! killer_50, placements and this deduction together take the search from
//! 9,967 nodes per puzzle to 419 and the instructions of `dlx count` from
//! 1,719 M to 178 M (placements alone, at a cap of 64: 925 nodes, 332 M).
//! The rating compiles without it, as without placements: it keeps
//! deductions of its own, and its ratings stay as they were.
//!
//! [`DlxSolver::with_options`], which the rating reads, keeps the set
//! encoding for every cage: the rating counts a cell's options as its
//! candidates and reads each option as one digit in one cell, which a
//! placement option is not.
//!
//! # One reduced matrix per puzzle
//!
//! A puzzle is not searched in the full matrix. Its givens would be forced
//! options there, and forcing them covers exactly the items the givens
//! fill and hides exactly the options that clash with a given. So each
//! puzzle gets the matrix that forcing would leave, compiled directly:
//!
//! * an item exists only if no given covers it: the cell items of the
//!   empty cells, the house-digit items of the digits a house still
//!   lacks, and the cage-digit items of the digits not given in the cage;
//! * an option exists only for a *candidate*: an empty cell and a digit
//!   that no given in its houses or cage holds (and, in a cage, that some
//!   set holding the cage's givens holds);
//! * a cage whose givens leave one digit set has that set forced too: its
//!   cage item and set option are gone, with the cage-digit items of the
//!   digits outside the set. Otherwise each set holding the givens is an
//!   option (a set that misses a given clashes with it and is hidden);
//! * a cage compiled to its placements has them listed over its empty
//!   cells only, from the candidates those cells have after the givens,
//!   after the cell options and the sets;
//! * digits deduced from killer sums (below) count as givens.
//!
//! Items and options keep the order of the full matrix (the reduced
//! numbers are the full ones with the absent ones skipped), and every
//! vertical list keeps its options in that order, so the search tree,
//! its nodes and its solutions are exactly those of the full matrix with
//! the givens forced (plus, for a cage, the digits no remaining set holds
//! removed, and the placements the givens rule out); only the updates
//! that forcing used to cost are gone. The
//! cost of a puzzle thus follows its empty cells: a 17-clue 9x9 has 256
//! items and its candidates instead of 324 items and 729 options, and
//! nothing is copied back after the search.
//!
//! Invariant: the matrix of a puzzle lives in the solver's own arena from
//! the start of one search to its end; the arena is emptied (its largest
//! block kept) before the next puzzle is compiled, so a solver's memory is
//! that of the largest matrix it has compiled. The tables of the rules
//! (each cell's houses and cage) are built once per [`Variant`], so the
//! per-puzzle loops read tables and never divide.

use std::ops::ControlFlow;
use std::sync::Arc;

use bumpalo::Bump;

use super::variant::{House, Variant, cage_sets};
use super::{Conflict, Grid, GridVisit, PuzzleError, Report, Shape, SudokuSolver, Unit};
use crate::cancel::{Cancellable, NodeBudget, SharedCancel, is_cancelled};
use crate::dlx::{Matrix, OptionId, Outcome, SearchLimits, Solution, Visitor};

/// Marks a full-matrix item that a given covers (absent from the reduced
/// matrix).
const ABSENT: u32 = u32::MAX;

/// The most houses a cell is in: row, column, box or region, two
/// diagonals, a window.
const MAX_CELL_HOUSES: usize = 6;

/// The most houses a grid has.
const MAX_HOUSES: usize = 3 * super::MAX_N + 2 + 4;

/// The class of the cell items in [`CompiledOptions::class`].
pub const CLASS_CELL: u8 = 0;

/// Marks a cell in no cage.
const NO_CAGE: u16 = u16::MAX;

/// The houses one cell is in, as indices into the house list.
#[derive(Clone, Copy)]
struct CellHouses {
    len: u8,
    house: [u8; MAX_CELL_HOUSES],
}

impl AsRef<[u8]> for CellHouses {
    #[inline]
    fn as_ref(&self) -> &[u8] {
        &self.house[..self.len as usize]
    }
}

/// The exact-cover solver for puzzles of one [`Variant`]: compiles each
/// puzzle's reduced matrix (the items no given covers, the options of its
/// candidates, of its small cages' placements and of its other cages'
/// digit sets) into storage it keeps.
pub struct DlxSolver {
    variant: Variant,
    n: usize,
    /// Each house's unit and cells (for messages).
    houses: Vec<House>,
    /// The houses of each cell.
    cell_houses: Vec<CellHouses>,
    /// The same when every cell is in exactly three houses and there are
    /// no cages (plain Sudoku, jigsaw), else empty: the compiler's loops
    /// then have a fixed length (plain Sudoku's speed depends on it).
    three: Vec<[u8; 3]>,
    /// The cage of each cell, or [`NO_CAGE`].
    cage_of_cell: Vec<u16>,
    /// The digit sets of each cage, as masks.
    sets: Vec<Vec<u64>>,
    arena: Bump,
    /// The reduced matrix's item count, and its options as flat item lists
    /// for [`Matrix::from_primary_options`].
    items: u32,
    entries: Vec<u32>,
    ends: Vec<u32>,
    /// Reduced item number of each full item, or [`ABSENT`].
    reduced_item: Vec<u32>,
    /// The class of each reduced item for [`DlxSolver::with_options`]
    /// (filled there).
    item_class: Vec<u8>,
    /// Full option number of each reduced option.
    full_option: Vec<u32>,
    /// Per puzzle, per cage: the digits given in it, the digits its
    /// remaining sets allow, and its remaining sets (`open` holds them
    /// when there are two or more).
    cage_given: Vec<u64>,
    cage_allowed: Vec<u64>,
    open: Vec<(usize, Vec<u64>)>,
    /// Per puzzle, per cage: whether it is compiled to one option per
    /// placement of its digits (see the module docs) rather than to its
    /// digit sets.
    by_placement: Vec<bool>,
    /// The placement options of the puzzle: each one's `(cell, digit)`
    /// pairs as `cell * n + d`, one after another, ending at
    /// `placed_ends[p]`.
    placed: Vec<u32>,
    placed_ends: Vec<u32>,
    /// Scratch for one cage: its empty cells, their candidates, and the
    /// candidates of the cells after each, together.
    cage_cells: Vec<usize>,
    cage_candidates: Vec<u64>,
    cage_later: Vec<u64>,
    /// The full option number of the first placement option (past every
    /// cell option and digit set).
    placement_base: u32,
    /// For killer rules, per house and per band of rows or of columns: its
    /// cells outside the cages that lie wholly in it, and what those cells
    /// add up to; see [`house_sums`] and [`DlxSolver::deduce_house_sums`].
    house_sums: Vec<(Vec<u16>, i64)>,
    /// The puzzle's digits with the deduced ones written in (scratch), and
    /// the deduced ones, as `cell * n + d`.
    work: Vec<u8>,
    deduced: Vec<u32>,
    /// Asked at every tick of a search ([`SudokuSolver::set_cancel`]).
    cancel: Option<SharedCancel>,
    /// Nodes shared with other searches ([`DlxSolver::set_node_budget`]).
    budget: Option<Arc<NodeBudget>>,
}

/// The most placement options a cage may have to be compiled to them
/// rather than to its digit sets (see the module docs).
const PLACEMENT_CAP: usize = 48;

/// How [`DlxSolver`] compiles killer cages.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cages {
    /// Each cage with at most [`PLACEMENT_CAP`] placements gets one option
    /// per placement, the others one per digit set: the search's choice.
    Placements,
    /// One option per digit set for every cage: every option then places
    /// at most one digit, as the rating's deductions need.
    Sets,
}

/// Where the options of a compiled puzzle put their digits.
#[derive(Clone, Copy)]
pub struct Placements<'s> {
    n: usize,
    full_option: &'s [u32],
    /// Full option numbers from here on are placement options, indexing
    /// `placed_ends`.
    placement_base: u32,
    placed: &'s [u32],
    placed_ends: &'s [u32],
    deduced: &'s [u32],
}

/// A puzzle's reduced problem as flat option lists (see the module docs
/// for what it holds): every item primary, option `k` covering
/// `entries[ends[k-1]..ends[k]]` (from 0 for `k = 0`).
#[derive(Clone, Copy)]
pub struct CompiledOptions<'s> {
    /// How many items there are.
    pub items: u32,
    /// The class of each item: [`CLASS_CELL`] for the cells, then one
    /// class per kind of house for its digit items (1 rows, 2 columns,
    /// 3 boxes or jigsaw regions, 4 diagonals, 5 hyper windows), 6 the
    /// digits of killer cages, 7 the cages.
    pub class: &'s [u8],
    /// Every option's items, one after another.
    pub entries: &'s [u32],
    /// Where each option's items end in `entries`.
    pub ends: &'s [u32],
    /// What each option places (one digit at most: killer cages are
    /// compiled to their digit sets here).
    pub placements: Placements<'s>,
}

impl Placements<'_> {
    /// The 0-based row and column, and the digit (1-based), that option
    /// `k` of the reduced matrix places.
    ///
    /// # Panics
    /// If `k` does not place exactly one digit (a killer cage's set or
    /// placement option, see [`Placements::get`]).
    pub fn of(&self, k: OptionId) -> (usize, usize, u8) {
        self.get(k).expect("a cell option")
    }

    /// What option `k` places if it is a cell option, or `None` for a
    /// killer cage's set option (which places nothing) or placement
    /// option (which places several digits: [`Placements::each`]).
    pub fn get(&self, k: OptionId) -> Option<(usize, usize, u8)> {
        let full = self.full_option[k.0 as usize] as usize;
        let cell = full / self.n;
        (cell < self.n * self.n).then(|| (cell / self.n, cell % self.n, (full % self.n) as u8 + 1))
    }

    /// Every digit option `k` places, as (row, column, digit): one for a
    /// cell option, one per cell of the cage for a placement option,
    /// none for a set option.
    pub fn each(&self, k: OptionId) -> impl Iterator<Item = (usize, usize, u8)> + '_ {
        let full = self.full_option[k.0 as usize];
        let pairs: &[u32] = match full.checked_sub(self.placement_base) {
            Some(p) => {
                let p = p as usize;
                let start = if p == 0 {
                    0
                } else {
                    self.placed_ends[p - 1] as usize
                };
                &self.placed[start..self.placed_ends[p] as usize]
            }
            None => &[],
        };
        let n = self.n;
        self.get(k)
            .into_iter()
            .chain(pairs.iter().map(move |&pair| {
                let (cell, d) = (pair as usize / n, pair as usize % n);
                (cell / n, cell % n, d as u8 + 1)
            }))
    }

    /// The digits the compiler deduced before the search, as (row,
    /// column, digit): killer digits forced by the sum of a house. They
    /// are in every solution and in no option, so a solution is the
    /// puzzle, these and what its options place ([`Placements::fill`]).
    pub fn deduced(&self) -> impl Iterator<Item = (usize, usize, u8)> + '_ {
        let n = self.n;
        self.deduced.iter().map(move |&pair| {
            let (cell, d) = (pair as usize / n, pair as usize % n);
            (cell / n, cell % n, d as u8 + 1)
        })
    }

    /// `puzzle` with the deduced digits and those of `solution` written
    /// in.
    pub fn fill(&self, puzzle: &Grid, solution: &Solution<'_, '_>) -> Grid {
        let mut grid = puzzle.clone();
        for (r, c, d) in self.deduced() {
            grid.set(r, c, d);
        }
        for k in solution.options() {
            // Cell options first, as [`Placements::get`] reads them: plain
            // Sudoku has no other kind, and its speed counts this loop.
            if let Some((r, c, d)) = self.get(k) {
                grid.set(r, c, d);
            } else if self.full_option[k.0 as usize] >= self.placement_base {
                for (r, c, d) in self.each(k) {
                    grid.set(r, c, d);
                }
            }
        }
        grid
    }
}

/// Why a puzzle's givens leave it no solution, as found while compiling.
enum Clash {
    /// The given at `cell` repeats its digit in a house or cage.
    Repeat(usize),
    /// No digit set of cage `k` holds its givens.
    Cage(usize),
}

impl DlxSolver {
    /// A solver for plain Sudoku puzzles of `shape`; it allocates as it
    /// compiles its first puzzle and reuses that memory after.
    pub fn new(shape: Shape) -> Self {
        Self::for_variant(Variant::plain(shape))
    }

    /// A solver for puzzles with the rules `variant`.
    pub fn for_variant(variant: Variant) -> Self {
        let n = variant.n();
        let houses = variant.houses();
        let mut cell_houses = vec![
            CellHouses {
                len: 0,
                house: [0; MAX_CELL_HOUSES],
            };
            n * n
        ];
        for (h, house) in houses.iter().enumerate() {
            for &cell in &house.cells {
                let ch = &mut cell_houses[cell as usize];
                ch.house[ch.len as usize] = h as u8;
                ch.len += 1;
            }
        }
        let three = if variant.cages().is_empty() && cell_houses.iter().all(|ch| ch.len == 3) {
            cell_houses
                .iter()
                .map(|ch| [ch.house[0], ch.house[1], ch.house[2]])
                .collect()
        } else {
            Vec::new()
        };
        let mut cage_of_cell = vec![NO_CAGE; n * n];
        let mut sets = Vec::new();
        for (k, cage) in variant.cages().iter().enumerate() {
            for &cell in &cage.cells {
                cage_of_cell[cell as usize] = k as u16;
            }
            sets.push(cage_sets(n, cage.cells.len(), cage.sum).unwrap_or_default());
        }
        let placement_base = (n * n * n + sets.iter().map(Vec::len).sum::<usize>()) as u32;
        let house_sums = if variant.cages().is_empty() {
            Vec::new()
        } else {
            house_sums(&variant, &houses)
        };
        Self {
            n,
            houses,
            cell_houses,
            three,
            cage_of_cell,
            sets,
            variant,
            arena: Bump::new(),
            items: 0,
            entries: Vec::new(),
            ends: Vec::new(),
            reduced_item: Vec::new(),
            item_class: Vec::new(),
            full_option: Vec::new(),
            cage_given: Vec::new(),
            cage_allowed: Vec::new(),
            open: Vec::new(),
            by_placement: Vec::new(),
            placed: Vec::new(),
            placed_ends: Vec::new(),
            cage_cells: Vec::new(),
            cage_candidates: Vec::new(),
            cage_later: Vec::new(),
            placement_base,
            house_sums,
            work: Vec::new(),
            deduced: Vec::new(),
            cancel: None,
            budget: None,
        }
    }

    /// The shape this solver takes.
    pub fn shape(&self) -> Shape {
        self.variant.shape()
    }

    /// The rules this solver takes.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// Compiles `puzzle`'s reduced matrix and lends it to `f`, with the
    /// placements that read its options back as digits (with killer cages,
    /// some digits may be deduced before the search and placed by no
    /// option: [`Placements::fill`] writes a whole solution). The matrix lives
    /// until `f` returns. Fails, calling nothing, for a puzzle of another
    /// shape or with clashing givens.
    pub fn with_matrix<R>(
        &mut self,
        puzzle: &Grid,
        f: impl FnOnce(&mut Matrix<'_>, Placements<'_>) -> R,
    ) -> Result<R, PuzzleError> {
        self.prepare(puzzle, Cages::Placements)?;
        self.arena.reset();
        let mut matrix =
            Matrix::from_primary_options(&self.arena, self.items, &self.entries, &self.ends)
                .map_err(|_| PuzzleError::TooLarge)?;
        Ok(f(&mut matrix, self.placements()))
    }

    /// Compiles `puzzle`'s reduced problem and lends it to `f` as flat
    /// option lists with a class for every item, before any matrix is laid
    /// out: for tools that work on the options themselves, such as the
    /// rating's deductions. Fails as [`Self::with_matrix`] does.
    ///
    /// Killer cages are compiled to their digit sets here, never to their
    /// placements: the rating reads each option as one digit in one cell
    /// (a cell's options are its candidates, a house-digit item's its
    /// places), which a placement option, several digits at once, is not.
    /// Nor are digits deduced from killer sums here (the rating makes and
    /// scores its own deductions). So a cage is the same kind of rule to
    /// the rating as to the search before placement options existed, and
    /// ratings stay as they were.
    pub fn with_options<R>(
        &mut self,
        puzzle: &Grid,
        f: impl FnOnce(CompiledOptions<'_>) -> R,
    ) -> Result<R, PuzzleError> {
        self.prepare(puzzle, Cages::Sets)?;
        let mut class = std::mem::take(&mut self.item_class);
        class.clear();
        for (full, &reduced) in self.reduced_item.iter().enumerate() {
            if reduced != ABSENT {
                class.push(self.class_of(full));
            }
        }
        let result = f(CompiledOptions {
            items: self.items,
            class: &class,
            entries: &self.entries,
            ends: &self.ends,
            placements: self.placements(),
        });
        self.item_class = class;
        Ok(result)
    }

    /// What the options of the puzzle compiled last place.
    fn placements(&self) -> Placements<'_> {
        Placements {
            n: self.n,
            full_option: &self.full_option,
            placement_base: self.placement_base,
            placed: &self.placed,
            placed_ends: &self.placed_ends,
            deduced: &self.deduced,
        }
    }

    /// The class of full item `full` (see [`CompiledOptions::class`]).
    fn class_of(&self, full: usize) -> u8 {
        let (n, nn) = (self.n, self.n * self.n);
        if full < nn {
            return CLASS_CELL;
        }
        match self.houses.get((full - nn) / n) {
            Some(house) => match house.unit {
                Unit::Row(_) => 1,
                Unit::Column(_) => 2,
                Unit::Box(_) | Unit::Region(_) => 3,
                Unit::Diagonal(_) => 4,
                Unit::Window(_) => 5,
                Unit::Cage(_) => 6,
            },
            // Past the houses: a cage's digits, then the cages themselves.
            None if full < nn + (self.houses.len() + self.sets.len()) * n => 6,
            None => 7,
        }
    }

    /// Checks `puzzle`'s shape and compiles its reduced problem, its
    /// cages as `cages` says.
    fn prepare(&mut self, puzzle: &Grid, cages: Cages) -> Result<(), PuzzleError> {
        if puzzle.shape() != self.shape() {
            return Err(PuzzleError::Shape {
                expected: self.shape(),
                found: puzzle.shape(),
            });
        }
        if let Err(clash) = self.compile(puzzle, cages) {
            // Rare: only now is the clash located, for the message.
            return Err(self.explain(puzzle, clash));
        }
        Ok(())
    }

    /// What a clash found by [`DlxSolver::compile`] means.
    fn explain(&self, puzzle: &Grid, clash: Clash) -> PuzzleError {
        let n = self.n;
        let cells = puzzle.cells();
        let at = |cell: usize| (cell / n, cell % n);
        match clash {
            Clash::Repeat(cell) => {
                let d = cells[cell];
                let earlier = |members: &[u16]| {
                    members
                        .iter()
                        .map(|&k| k as usize)
                        .find(|&k| k < cell && cells[k] == d)
                };
                let house = self.cell_houses[cell].as_ref().iter().find_map(|&h| {
                    let house = &self.houses[h as usize];
                    earlier(&house.cells).map(|k| (house.unit, k))
                });
                let cage = || {
                    let k = self.cage_of_cell[cell] as usize;
                    let cage = &self.variant.cages()[k];
                    earlier(&cage.cells).map(|first| (Unit::Cage(cage.label), first))
                };
                let (unit, first) = house
                    .or_else(cage)
                    .expect("a repeated given has an earlier twin in a house or its cage");
                PuzzleError::Conflict(Conflict {
                    unit,
                    digit: d,
                    first: at(first),
                    second: at(cell),
                })
            }
            Clash::Cage(k) => {
                let cage = &self.variant.cages()[k];
                PuzzleError::Cage {
                    label: cage.label,
                    sum: cage.sum,
                }
            }
        }
    }

    /// Lays out the reduced matrix of `puzzle`; a [`Clash`], with nothing
    /// laid out, if its givens repeat a digit in a house or cage or fit no
    /// digit set of a cage (the masks of the givens are built here anyway,
    /// so the check costs no second pass over the grid).
    fn compile(&mut self, puzzle: &Grid, cages: Cages) -> Result<(), Clash> {
        // The table is lent out for the call (a move of three words).
        if !self.three.is_empty() {
            let table = std::mem::take(&mut self.three);
            let result = self.compile_with::<_, false>(&table, puzzle.cells(), cages);
            self.three = table;
            return result;
        }
        let table = std::mem::take(&mut self.cell_houses);
        let mut work = std::mem::take(&mut self.work);
        work.clear();
        work.extend_from_slice(puzzle.cells());
        self.deduced.clear();
        let deduced = if cages == Cages::Placements {
            self.deduce_house_sums(&mut work)
        } else {
            Some(false)
        };
        let result = match deduced {
            Some(false) => self.compile_with::<_, true>(&table, puzzle.cells(), cages),
            found => {
                // The deduced digits are in every solution, so when they
                // clash (or cannot be digits) there is none, unless the
                // givens themselves clash, which is said as usual.
                let fits =
                    found.is_some() && self.compile_with::<_, true>(&table, &work, cages).is_ok();
                if fits {
                    Ok(())
                } else {
                    self.compile_with::<_, true>(&table, puzzle.cells(), cages)
                        .map(|()| self.compile_unsolvable())
                }
            }
        };
        self.work = work;
        self.cell_houses = table;
        result
    }

    /// Writes into `cells` (a puzzle's digits) the digits that killer
    /// cages force by the sum of a house (the rule of 45 on 9x9): a house
    /// holds `1..=n` once, so its cells outside the cages that lie wholly
    /// in it add up to `n(n+1)/2` less those cages' sums (and a band of `k`
    /// rows or columns to `k` times that, less its own cages: the groups
    /// of [`house_sums`]); when all of them but one are filled, that one's
    /// digit is the difference. Repeated
    /// until nothing new follows, each deduced digit also recorded in
    /// `deduced`. `Some(true)` if it deduced any digit, `Some(false)` if
    /// none, `None` if the sums cannot hold (a difference that is no
    /// digit, filled cells that miss their sum): then no solution exists.
    fn deduce_house_sums(&mut self, cells: &mut [u8]) -> Option<bool> {
        let n = self.n;
        let mut any = false;
        loop {
            let mut changed = false;
            for (rest, target) in &self.house_sums {
                let mut sum = 0i64;
                let mut empty = None;
                let mut empties = 0;
                for &cell in rest {
                    match cells[cell as usize] {
                        0 => {
                            empties += 1;
                            empty = Some(cell as usize);
                        }
                        d => sum += i64::from(d),
                    }
                }
                match (empties, empty) {
                    (0, _) if sum != *target => return None,
                    (1, Some(cell)) => {
                        let d = target - sum;
                        if !(1..=n as i64).contains(&d) {
                            return None;
                        }
                        cells[cell] = d as u8;
                        self.deduced.push((cell * n) as u32 + d as u32 - 1);
                        changed = true;
                    }
                    _ => {}
                }
            }
            if !changed {
                return Some(any);
            }
            any = true;
        }
    }

    /// Lays out a problem with no solution (one item, no option), for a
    /// puzzle whose rules leave none though its givens do not clash.
    fn compile_unsolvable(&mut self) {
        self.items = 1;
        self.entries.clear();
        self.ends.clear();
        self.full_option.clear();
        self.placed.clear();
        self.placed_ends.clear();
        self.deduced.clear();
    }

    /// [`DlxSolver::compile`] with the houses of each cell from `table`;
    /// `CAGES` is false when there are none.
    fn compile_with<H: AsRef<[u8]>, const CAGES: bool>(
        &mut self,
        table: &[H],
        cells: &[u8],
        cages: Cages,
    ) -> Result<(), Clash> {
        let n = self.n;
        let nn = n * n;
        let all: u64 = if n == 64 { !0 } else { (1 << n) - 1 };
        let house_count = self.houses.len();
        let cage_count = self.sets.len();
        // Digits (bit d-1) that the givens put in each house.
        let mut used = [0u64; MAX_HOUSES];
        for (cell, (&d, ch)) in cells.iter().zip(table).enumerate() {
            if d != 0 {
                let bit = 1u64 << (d - 1);
                let houses = ch.as_ref();
                let mut seen = 0;
                for &h in houses {
                    seen |= used[h as usize];
                }
                if seen & bit != 0 {
                    return Err(Clash::Repeat(cell));
                }
                for &h in houses {
                    used[h as usize] |= bit;
                }
            }
        }
        if CAGES && cage_count > 0 {
            self.settle_cages(cells)?;
            self.choose_placements(table, cells, &used[..house_count], cages);
        }
        // Items, in full order, skipping those a given covers.
        let cage_digit_base = nn + house_count * n;
        let cage_base = cage_digit_base + cage_count * n;
        self.reduced_item.clear();
        self.reduced_item.resize(cage_base + cage_count, ABSENT);
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
        for (h, &used) in used[..house_count].iter().enumerate() {
            let mut missing = all & !used;
            while missing != 0 {
                let d = missing.trailing_zeros() as usize;
                missing &= missing - 1;
                keep(nn + h * n + d, &mut self.reduced_item, &mut next);
            }
        }
        if CAGES && cage_count > 0 {
            for k in 0..cage_count {
                // A cage compiled to its placements has no digit items;
                // a forced set covers the digits outside it; open cages
                // keep an item for every digit not given.
                if self.by_placement[k] {
                    continue;
                }
                let open = self.open.iter().any(|(o, _)| *o == k);
                let mut missing = if open { all } else { self.cage_allowed[k] };
                missing &= !self.cage_given[k];
                while missing != 0 {
                    let d = missing.trailing_zeros() as usize;
                    missing &= missing - 1;
                    keep(
                        cage_digit_base + k * n + d,
                        &mut self.reduced_item,
                        &mut next,
                    );
                }
            }
            for &(k, _) in &self.open {
                if !self.by_placement[k] {
                    keep(cage_base + k, &mut self.reduced_item, &mut next);
                }
            }
        }
        self.items = next;
        // Options: the candidates of each empty cell, in full order.
        self.full_option.clear();
        self.entries.clear();
        self.ends.clear();
        let item = |full: usize| self.reduced_item[full];
        for (cell, (&d, ch)) in cells.iter().zip(table).enumerate() {
            if d != 0 {
                continue;
            }
            let houses = ch.as_ref();
            let mut seen = 0;
            for &h in houses {
                seen |= used[h as usize];
            }
            let mut candidates = all & !seen;
            let cage = if CAGES {
                self.cage_of_cell[cell] as usize
            } else {
                NO_CAGE as usize
            };
            if CAGES && cage != NO_CAGE as usize {
                if self.by_placement[cage] {
                    // Its digits come with the cage's placement options.
                    continue;
                }
                candidates &= self.cage_allowed[cage] & !self.cage_given[cage];
            }
            // The first item of each house-digit item row of the cell.
            let mut base = [0usize; MAX_CELL_HOUSES];
            for (b, &h) in base.iter_mut().zip(houses) {
                *b = nn + h as usize * n;
            }
            let k = houses.len();
            while candidates != 0 {
                let d = candidates.trailing_zeros() as usize;
                candidates &= candidates - 1;
                let mut option = [0u32; MAX_CELL_HOUSES + 2];
                option[0] = item(cell);
                for (slot, &b) in option[1..=k].iter_mut().zip(&base[..k]) {
                    *slot = item(b + d);
                }
                let mut len = 1 + k;
                if CAGES && cage != NO_CAGE as usize {
                    option[len] = item(cage_digit_base + cage * n + d);
                    len += 1;
                }
                self.entries.extend_from_slice(&option[..len]);
                self.ends.push(self.entries.len() as u32);
                self.full_option.push((cell * n + d) as u32);
            }
        }
        // Then the digit sets of the cages that still have a choice.
        if !CAGES {
            return Ok(());
        }
        for (k, open) in &self.open {
            if self.by_placement[*k] {
                continue;
            }
            let first = self.sets[..*k].iter().map(Vec::len).sum::<usize>();
            for &set in open {
                self.entries.push(item(cage_base + k));
                let mut outside = all & !set;
                while outside != 0 {
                    let d = outside.trailing_zeros() as usize;
                    outside &= outside - 1;
                    self.entries.push(item(cage_digit_base + k * n + d));
                }
                self.ends.push(self.entries.len() as u32);
                let j = self.sets[*k].iter().position(|&s| s == set).unwrap_or(0);
                self.full_option.push((nn * n + first + j) as u32);
            }
        }
        // Then the placements of the cages compiled to them: each covers
        // its cells and, per cell, the house-digit items of its digit.
        let mut start = 0;
        for (p, &end) in self.placed_ends.iter().enumerate() {
            for &pair in &self.placed[start..end as usize] {
                let (cell, d) = (pair as usize / n, pair as usize % n);
                self.entries.push(item(cell));
                for &h in table[cell].as_ref() {
                    self.entries.push(item(nn + h as usize * n + d));
                }
            }
            start = end as usize;
            self.ends.push(self.entries.len() as u32);
            self.full_option.push(self.placement_base + p as u32);
        }
        Ok(())
    }

    /// Decides, per cage, whether it is compiled to one option per
    /// placement of its digits in its empty cells (`by_placement`, the
    /// placements in `placed`): when `cages` allows it and the cage has at
    /// most [`PLACEMENT_CAP`] placements that give every empty cell one
    /// of its candidates (no digit given in the cell's houses or the
    /// cage), all different, adding up to the cage's sum less its givens.
    /// Such digits, with the givens, are always one of the cage's digit
    /// sets that hold its givens, so the placements are exactly the ways
    /// the cage can be filled by the sets' rule.
    fn choose_placements<H: AsRef<[u8]>>(
        &mut self,
        table: &[H],
        cells: &[u8],
        used: &[u64],
        cages: Cages,
    ) {
        let n = self.n;
        let all: u64 = if n == 64 { !0 } else { (1 << n) - 1 };
        self.by_placement.clear();
        self.placed.clear();
        self.placed_ends.clear();
        for (k, cage) in self.variant.cages().iter().enumerate() {
            self.cage_cells.clear();
            self.cage_candidates.clear();
            let given = self.cage_given[k];
            let allowed = self.cage_allowed[k] & !given;
            for &cell in &cage.cells {
                let cell = cell as usize;
                if cells[cell] == 0 {
                    let mut seen = 0;
                    for &h in table[cell].as_ref() {
                        seen |= used[h as usize];
                    }
                    self.cage_cells.push(cell);
                    self.cage_candidates.push(all & !seen & allowed);
                }
            }
            self.cage_later.clear();
            self.cage_later.resize(self.cage_cells.len(), 0);
            for i in (1..self.cage_cells.len()).rev() {
                self.cage_later[i - 1] = self.cage_later[i] | self.cage_candidates[i];
            }
            let given_sum: u32 = (0..n as u32)
                .filter(|d| given >> d & 1 == 1)
                .map(|d| d + 1)
                .sum();
            let chosen = cages == Cages::Placements
                && !self.cage_cells.is_empty()
                && cage.sum >= given_sum
                && {
                    let mark = (self.placed.len(), self.placed_ends.len());
                    let fits = Enumeration {
                        n,
                        cells: &self.cage_cells,
                        candidates: &self.cage_candidates,
                        later: &self.cage_later,
                        placed: &mut self.placed,
                        placed_ends: &mut self.placed_ends,
                        count: 0,
                        budget: PLACEMENT_BUDGET,
                        digits: [0; super::MAX_N],
                    }
                    .run(cage.sum - given_sum);
                    if !fits {
                        self.placed.truncate(mark.0);
                        self.placed_ends.truncate(mark.1);
                    }
                    fits
                };
            self.by_placement.push(chosen);
        }
    }

    /// For each cage: the digits given in it (a digit given twice is a
    /// clash), its digit sets that hold them (none is a clash), and the
    /// digits those sets allow; cages left with two or more sets go to
    /// `open`.
    fn settle_cages(&mut self, cells: &[u8]) -> Result<(), Clash> {
        let cage_count = self.sets.len();
        self.cage_given.clear();
        self.cage_given.resize(cage_count, 0);
        self.cage_allowed.clear();
        self.open.clear();
        for (cell, (&d, &k)) in cells.iter().zip(&self.cage_of_cell).enumerate() {
            if d != 0 && k != NO_CAGE {
                let bit = 1u64 << (d - 1);
                if self.cage_given[k as usize] & bit != 0 {
                    return Err(Clash::Repeat(cell));
                }
                self.cage_given[k as usize] |= bit;
            }
        }
        for (k, sets) in self.sets.iter().enumerate() {
            let given = self.cage_given[k];
            let mut fits = sets.iter().copied().filter(|&s| s & given == given);
            let Some(first) = fits.next() else {
                return Err(Clash::Cage(k));
            };
            let mut allowed = first;
            let rest: Vec<u64> = fits.collect();
            if !rest.is_empty() {
                let mut open = vec![first];
                for s in rest {
                    allowed |= s;
                    open.push(s);
                }
                self.open.push((k, open));
            }
            self.cage_allowed.push(allowed);
        }
        Ok(())
    }
}

/// The groups of cells whose sum killer cages can force (see
/// [`DlxSolver::deduce_house_sums`]): each house, and each band of two or
/// more consecutive rows and of columns (`k` houses hold `k` times
/// `n(n+1)/2`). For each, its cells outside the cages that lie wholly in
/// it (in reading order), and what those cells add up to in every
/// solution.
fn house_sums(variant: &Variant, houses: &[House]) -> Vec<(Vec<u16>, i64)> {
    let n = variant.n();
    let full = (n * (n + 1) / 2) as i64;
    let mut inside = vec![false; n * n];
    let mut groups = Vec::new();
    // Marks the group's cells, takes out the cages wholly inside, and keeps
    // the group if at most `n` cells are left (a wider rest is all but
    // filled by givens too rarely to pay for the scans on big grids).
    let mut add = |cells: &mut dyn Iterator<Item = usize>, mut target: i64| {
        inside.fill(false);
        for cell in cells {
            inside[cell] = true;
        }
        for cage in variant.cages() {
            if cage.cells.iter().all(|&c| inside[c as usize]) {
                target -= i64::from(cage.sum);
                for &c in &cage.cells {
                    inside[c as usize] = false;
                }
            }
        }
        if inside.iter().filter(|&&i| i).count() <= n {
            let rest = (0..n * n).filter(|&c| inside[c]).map(|c| c as u16);
            groups.push((rest.collect(), target));
        }
    };
    for house in houses {
        add(&mut house.cells.iter().map(|&c| c as usize), full);
    }
    for len in 2..=n {
        let target = full * len as i64;
        for first in 0..=n - len {
            let lines = first..first + len;
            add(
                &mut lines.clone().flat_map(|r| (0..n).map(move |c| r * n + c)),
                target,
            );
            if len < n {
                add(
                    &mut (0..n).flat_map(|r| lines.clone().map(move |c| r * n + c)),
                    target,
                );
            }
        }
    }
    groups
}

/// The most steps [`Enumeration`] takes for one cage before it gives up
/// (the cage then keeps its digit sets): a cage whose placements are few
/// but hard to find (wide cages of big grids) costs no more than this.
const PLACEMENT_BUDGET: usize = 64 * PLACEMENT_CAP;

/// Lists the placements of one cage (see [`DlxSolver::choose_placements`])
/// into `placed`, at most [`PLACEMENT_CAP`] of them.
struct Enumeration<'a> {
    n: usize,
    cells: &'a [usize],
    candidates: &'a [u64],
    /// The candidates of the cells after each cell, together.
    later: &'a [u64],
    placed: &'a mut Vec<u32>,
    placed_ends: &'a mut Vec<u32>,
    count: usize,
    budget: usize,
    /// The digit (0-based) of each cell so far.
    digits: [u8; super::MAX_N],
}

impl Enumeration<'_> {
    /// Lists the placements adding up to `sum`; false if there are more
    /// than the cap or the budget ran out (the list is then partial).
    fn run(&mut self, sum: u32) -> bool {
        self.extend(0, 0, sum)
    }

    /// Lists the ways to fill cells `i..` with digits outside `used` that
    /// add up to `sum`.
    fn extend(&mut self, i: usize, used: u64, sum: u32) -> bool {
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        if i == self.cells.len() {
            if sum != 0 {
                return true;
            }
            if self.count == PLACEMENT_CAP {
                return false;
            }
            self.count += 1;
            for (&cell, &d) in self.cells.iter().zip(&self.digits) {
                self.placed.push((cell * self.n) as u32 + u32::from(d));
            }
            self.placed_ends.push(self.placed.len() as u32);
            return true;
        }
        // What the cells after this one can add, at least and at most.
        let rest = self.cells.len() - i - 1;
        let later = self.later[i] & !used;
        let mut options = self.candidates[i] & !used;
        while options != 0 {
            let d = options.trailing_zeros();
            options &= options - 1;
            let value = d + 1;
            if value > sum {
                break;
            }
            let (least, most) = extremes(later & !(1 << d), rest);
            let left = sum - value;
            if left < least || left > most {
                continue;
            }
            self.digits[i] = d as u8;
            if !self.extend(i + 1, used | 1 << d, left) {
                return false;
            }
        }
        true
    }
}

/// The least and the largest sums of `k` different digits of `mask` (bit
/// `d` is digit `d + 1`); `(u32::MAX, 0)`, which no sum meets, if it has
/// fewer than `k`.
fn extremes(mask: u64, k: usize) -> (u32, u32) {
    if (mask.count_ones() as usize) < k {
        return (u32::MAX, 0);
    }
    let (mut low, mut high) = (mask, mask);
    let (mut least, mut most) = (0, 0);
    for _ in 0..k {
        least += low.trailing_zeros() + 1;
        low &= low - 1;
        let top = 63 - high.leading_zeros();
        most += top + 1;
        high &= !(1 << top);
    }
    (least, most)
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
        if is_cancelled(self.cancel.as_ref()) {
            return Ok(Report::STOPPED);
        }
        // A shared node budget caps the search at what is left of it, and
        // is charged what the search spent.
        let asked = limits.max_nodes;
        let limits = match &self.budget {
            Some(b) => SearchLimits {
                max_nodes: asked.min(b.left()),
                ..limits
            },
            None => limits,
        };
        // Moved out for the search (`with_matrix` borrows the solver), and
        // not cloned: a clone per puzzle would make every thread of a batch
        // write the same reference count.
        let cancel = self.cancel.take();
        let report = self.with_matrix(puzzle, |matrix, placements| {
            let mut visitor = Cancellable {
                visitor: GridVisitor {
                    puzzle,
                    placements,
                    visit,
                },
                cancel: cancel.as_deref(),
            };
            let (outcome, stats) = matrix.search(&mut visitor, limits);
            Report { outcome, stats }
        });
        self.cancel = cancel;
        if let (Some(b), Ok(r)) = (&self.budget, &report) {
            let cut = r.outcome == Outcome::NodeLimit && limits.max_nodes < asked;
            b.spend(r.stats.nodes, cut);
        }
        report
    }

    fn set_cancel(&mut self, cancel: Option<SharedCancel>) {
        self.cancel = cancel;
    }
}

impl DlxSolver {
    /// Makes every later search take its nodes from `budget`, shared with
    /// other searches (`None`: each search has only its own limits): a
    /// search gets at most what is left, and one cut short by the budget
    /// marks it spent ([`NodeBudget`]).
    pub fn set_node_budget(&mut self, budget: Option<Arc<NodeBudget>>) {
        self.budget = budget;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dlx::{ItemId, ItemKind, Problem};
    use crate::sudoku::verify::{check_solution, check_variant};

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

    /// Rules of `shape` with the cages `labels` (one symbol per cell, `.`
    /// for none) and `sums`, diagonals too if `x`.
    fn killer(shape: Shape, labels: &str, sums: &[(char, u32)], x: bool) -> Variant {
        let labels: Vec<Option<char>> = labels.chars().map(|c| (c != '.').then_some(c)).collect();
        let base = Variant::plain(shape);
        let base = if x { base.with_diagonals() } else { base };
        base.with_cages(&labels, sums).unwrap()
    }

    /// Every solution of `g` (up to `limit`) with the cages compiled as
    /// `cages` says, each checked against the rules, sorted; and which
    /// cages were compiled to their placements.
    fn solutions(v: &Variant, g: &Grid, cages: Cages, limit: usize) -> (Vec<Grid>, Vec<bool>) {
        let mut s = DlxSolver::for_variant(v.clone());
        s.prepare(g, cages).unwrap();
        let arena = Bump::new();
        let mut m = Matrix::from_primary_options(&arena, s.items, &s.entries, &s.ends).unwrap();
        let placements = s.placements();
        let mut found = Vec::new();
        m.search(
            &mut |sol: &Solution<'_, '_>| {
                let grid = placements.fill(g, sol);
                check_variant(v, g, &grid).unwrap();
                found.push(grid);
                if found.len() == limit {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            },
            SearchLimits::UNLIMITED,
        );
        found.sort_by(|a, b| a.cells().cmp(b.cells()));
        (found, s.by_placement.clone())
    }

    /// Both encodings find the same solutions of `g`, all of them (fewer
    /// than `limit`); returns how many, and which cages took placements.
    fn both_alike(v: &Variant, g: &Grid, limit: usize) -> (usize, Vec<bool>) {
        let (by_placement, chosen) = solutions(v, g, Cages::Placements, limit);
        let (by_set, none) = solutions(v, g, Cages::Sets, limit);
        assert!(
            none.iter().all(|&p| !p),
            "the set encoding takes no placements"
        );
        assert!(by_placement.len() < limit, "every solution found");
        assert_eq!(by_placement, by_set);
        (by_placement.len(), chosen)
    }

    /// The 4x4 killer + X of docs/variants.md.
    const KILLER4: &str = "AABBACCBACCDEEDD";
    const SUMS4: [(char, u32); 5] = [('A', 10), ('B', 9), ('C', 10), ('D', 8), ('E', 3)];

    #[test]
    fn placement_and_set_encodings_find_the_same_solutions() {
        let four = Shape::FOUR;
        // With and without the diagonals, with no givens (every cage fits
        // the cap: 4 cells have at most 24 placements).
        for x in [false, true] {
            let v = killer(four, KILLER4, &SUMS4, x);
            let (count, chosen) = both_alike(&v, &Grid::empty(four), 1000);
            assert!(count >= 1);
            assert!(chosen.iter().all(|&p| p));
        }
        // Cages over part of the grid only.
        let v = killer(
            four,
            "AA....BB....CC..",
            &[('A', 3), ('B', 3), ('C', 5)],
            false,
        );
        assert_eq!(both_alike(&v, &Grid::empty(four), 1000).0, 8);
        // The 6x6 killer of data/formats/variant_multi.in, blank and with
        // its givens.
        let six = Shape::new(2, 3).unwrap();
        let sums = [
            ('A', 10),
            ('B', 5),
            ('C', 18),
            ('D', 14),
            ('E', 16),
            ('F', 8),
            ('G', 14),
            ('H', 4),
            ('I', 3),
            ('J', 11),
            ('K', 15),
            ('L', 7),
            ('M', 1),
        ];
        let v = killer(six, "AAABCCADDBECFDDEECFGHEIIJGGGKKJJLLKM", &sums, false);
        let mut g = Grid::empty(six);
        assert_eq!(both_alike(&v, &g, 1000).0, 4);
        g.set(1, 3, 1);
        g.set(4, 5, 5);
        assert_eq!(both_alike(&v, &g, 100).0, 1);
    }

    #[test]
    fn a_cage_above_the_cap_keeps_its_digit_sets() {
        // A cage over the first row (its 7 empty cells have 5,040
        // placements) next to small ones, on a 17-clue puzzle whose
        // solution gives the sums.
        let g = puzzle(SEVENTEEN);
        let solved = DlxSolver::new(Shape::NINE)
            .unique_solution(&g)
            .unwrap()
            .unwrap();
        let mut labels = vec!['.'; 81];
        labels[..9].fill('R');
        labels[9..11].fill('a');
        labels[30..33].fill('b');
        let sum = |cells: std::ops::Range<usize>| cells.map(|k| u32::from(solved.cells()[k])).sum();
        let sums = [('R', 45), ('a', sum(9..11)), ('b', sum(30..33))];
        let labels: String = labels.into_iter().collect();
        let v = killer(Shape::NINE, &labels, &sums, false);
        let (count, chosen) = both_alike(&v, &g, 10);
        assert_eq!(count, 1);
        assert_eq!(chosen, [false, true, true]);
        // The solution's first 45 cells blanked: several solutions, the
        // same both ways.
        let mut fewer = solved.clone();
        for cell in 0..45 {
            fewer.set(cell / 9, cell % 9, 0);
        }
        let (count, chosen) = both_alike(&v, &fewer, 20_000);
        assert_eq!(count, 7690);
        assert_eq!(chosen, [false, true, true]);
        // The solver's own search agrees.
        let mut s = DlxSolver::for_variant(v);
        assert_eq!(
            s.count_up_to(&fewer, 20_000).unwrap().solutions,
            count as u64
        );
    }

    #[test]
    fn givens_inside_cages_leave_the_placements_of_the_other_cells() {
        let four = Shape::FOUR;
        let v = killer(four, KILLER4, &SUMS4, true);
        let (solved, _) = solutions(&v, &Grid::empty(four), Cages::Placements, 2);
        let solved = &solved[0];
        // A given in cage A (4 cells): its other 3 cells take the rest.
        let mut g = Grid::empty(four);
        g.set(0, 0, solved.get(0, 0));
        let (count, chosen) = both_alike(&v, &g, 1000);
        assert!(count >= 1);
        assert!(chosen.iter().all(|&p| p));
        // Cage E (r4c1, r4c2) given whole: nothing of it is left to place.
        g.set(3, 0, solved.get(3, 0));
        g.set(3, 1, solved.get(3, 1));
        let mut s = DlxSolver::for_variant(v.clone());
        s.prepare(&g, Cages::Placements).unwrap();
        assert!(!s.by_placement[4]);
        assert_eq!(
            both_alike(&v, &g, 1000).0,
            s.count_up_to(&g, 1000).unwrap().solutions as usize
        );
        // Placements keep the given's digit out of the cage's other cells.
        let mut s = DlxSolver::for_variant(v.clone());
        let mut g = Grid::empty(four);
        g.set(0, 0, 1);
        s.prepare(&g, Cages::Placements).unwrap();
        let placed = s.placements();
        let cage_a: Vec<(usize, usize, u8)> = (0..s.ends.len() as u32)
            .flat_map(|k| placed.each(OptionId(k)).collect::<Vec<_>>())
            .filter(|&(r, c, _)| [(0, 1), (1, 0), (2, 0)].contains(&(r, c)))
            .collect();
        assert!(!cage_a.is_empty());
        assert!(cage_a.iter().all(|&(_, _, d)| d != 1));
    }

    #[test]
    fn a_given_that_breaks_its_cage_is_refused_and_an_unfillable_cage_has_no_solution() {
        let four = Shape::FOUR;
        let v = killer(four, KILLER4, &SUMS4, false);
        // Cage E (r4c1, r4c2, sum 3) can only hold 1 and 2.
        let mut g = Grid::empty(four);
        g.set(3, 1, 3);
        let mut s = DlxSolver::for_variant(v.clone());
        assert!(matches!(
            s.count_up_to(&g, 2),
            Err(PuzzleError::Cage { label: 'E', sum: 3 })
        ));
        // Givens 1 and 2 above it in column 1 leave cage E no placement
        // (its set holds no given, so it is no clash): no solution, both
        // ways.
        let mut g = Grid::empty(four);
        g.set(0, 0, 1);
        g.set(1, 0, 2);
        let (count, chosen) = both_alike(&v, &g, 10);
        assert_eq!(count, 0);
        assert!(chosen[4]);
        assert_eq!(s.count_up_to(&g, 2).unwrap().solutions, 0);
    }

    #[test]
    fn house_sums_deduce_digits_that_every_solution_has() {
        let four = Shape::FOUR;
        // Row 1: cage A (r1c1, r1c2) adds up to 3, so r1c3 + r1c4 = 7;
        // with r1c4 given 4, r1c3 is 3. Cage B (sum 8) lies in column 3,
        // so r4c3 is 10 - 8 = 2 with no given at all.
        let v = killer(four, "AAB...B...B.....", &[('A', 3), ('B', 8)], false);
        let mut s = DlxSolver::for_variant(v.clone());
        s.prepare(&Grid::empty(four), Cages::Placements).unwrap();
        assert_eq!(s.placements().deduced().collect::<Vec<_>>(), [(3, 2, 2)]);
        let mut g = Grid::empty(four);
        g.set(0, 3, 4);
        s.prepare(&g, Cages::Placements).unwrap();
        let mut deduced: Vec<_> = s.placements().deduced().collect();
        deduced.sort();
        assert_eq!(deduced, [(0, 2, 3), (3, 2, 2)]);
        // The set encoding deduces nothing and finds the same solutions,
        // each with the deduced digit written in.
        let (count, _) = both_alike(&v, &g, 1000);
        assert!(count > 1);
        let (found, _) = solutions(&v, &g, Cages::Placements, 1000);
        assert!(
            found
                .iter()
                .all(|grid| grid.get(0, 2) == 3 && grid.get(3, 2) == 2)
        );
        assert_eq!(s.count_up_to(&g, 1000).unwrap().solutions, count as u64);
        // A deduction that is no digit (r1c4 given 1 leaves 6 for r1c3)
        // means no solution, not a clash.
        let mut g = Grid::empty(four);
        g.set(0, 3, 1);
        assert_eq!(both_alike(&v, &g, 10).0, 0);
        assert_eq!(s.count_up_to(&g, 2).unwrap().solutions, 0);
        // Givens that clash are still said to clash.
        g.set(1, 3, 1);
        assert!(matches!(
            s.count_up_to(&g, 2),
            Err(PuzzleError::Conflict(_))
        ));
        // Rows 1 and 2 together hold 20: cages A to C (down columns 1 to
        // 3) and D (r1c4) lie in them, not in one row, so r2c4 is 20 less
        // their sums, which no single house says.
        let v = killer(
            four,
            "ABCDABC.........",
            &[('A', 4), ('B', 6), ('C', 4), ('D', 4)],
            false,
        );
        let mut s = DlxSolver::for_variant(v.clone());
        s.prepare(&Grid::empty(four), Cages::Placements).unwrap();
        assert_eq!(s.placements().deduced().collect::<Vec<_>>(), [(1, 3, 2)]);
        assert!(both_alike(&v, &Grid::empty(four), 1000).0 >= 1);
        // A row tiled by cages whose sums miss 10 has no solution.
        let v = killer(four, "AABB............", &[('A', 3), ('B', 3)], false);
        let mut s = DlxSolver::for_variant(v.clone());
        assert_eq!(both_alike(&v, &Grid::empty(four), 10).0, 0);
        assert_eq!(s.count_up_to(&Grid::empty(four), 2).unwrap().solutions, 0);
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
