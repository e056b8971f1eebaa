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
//!   nodes and 454,000 updates per puzzle to 925 and 90,000 (BENCHMARKS-history.md).
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
//! killer solvers). [`Tables::deduce_house_sums`] applies this to the
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
//! # Killer sums in the search: the houses' rests
//!
//! A house's cells outside the cages wholly inside it hold different
//! digits (they share the house) adding up to the house's sum less those
//! cages' sums. Where some of those cells lie in a cage that crosses the
//! house's border, the search compile takes this *rest* ([`cages::Rest`])
//! as one more cage on its digit sets: rest-digit items `(r, d)` after
//! the cages' items, covered by the rest's cell that places `d` (each
//! cell option, and each placement per cell, covers the rest-digit items
//! of the rests its cell is in: at most one per house) or by the set
//! option that lacks `d`; a rest item and one option per remaining set
//! (full option numbers after the cages' sets, placing nothing) while it
//! has a choice. The sets that miss a given of the rest or hold a digit
//! given elsewhere in its house are gone, a rest left with one set has it
//! forced, and the digits no remaining set holds are no candidates of its
//! cells (nor of the placements through them); a rest with no set means
//! no solution ([`Clash::Rest`]). The constraint holds in every solution,
//! so the solutions are the puzzle's; what it adds is what the sets add
//! for a cage, across the cages that cross the house: the f-puzzles
//! killer file went from 860,474 search nodes to 270,078, killer_50 from
//! 20,959 to 7,471. A rest of cells in no cage is left out: its set is the
//! house's digits less its cages' sets, which their items already tie.
//!
//! [`DlxSolver::with_options`], which the rating reads, keeps the set
//! encoding for every cage (and has no rests): the rating counts a cell's options as its
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
//! # The solver's state, by how long it lives
//!
//! [`DlxSolver`] keeps its state in five parts, and each step of the
//! compiler takes only those it reads (`&`) or writes (`&mut`), as a SAT
//! solver keeps its clause tables, its per-problem state and its scratch
//! apart:
//!
//! * [`Tables`]: the rules (houses, cages and their digit sets, rests,
//!   sums), built once per [`Variant`] and only read after, so the
//!   per-puzzle loops read tables and never divide;
//! * [`Settled`]: what a puzzle's givens leave of each cage and rest, and
//!   which cages go to their placements (`cages.rs`);
//! * [`Compiled`]: the puzzle's reduced problem and what its options
//!   place, rewritten whole by each compile (`compile.rs`, `rules.rs`);
//! * [`Scratch`]: what one step fills and uses; only its memory is kept;
//! * [`Searches`]: the arena, the bit-board and cells' searches, and the
//!   caller's settings (propagators, cancel, node budget).
//!
//! Invariant: the matrix of a puzzle lives in the solver's own arena from
//! the start of one search to its end; the arena is emptied (its largest
//! block kept) before the next puzzle is compiled, so a solver's memory is
//! that of the largest matrix it has compiled.

use std::ops::ControlFlow;
use std::sync::Arc;

use bumpalo::Bump;

use super::variant::{House, Variant, cage_sets};
use super::{Conflict, Grid, GridVisit, PuzzleError, STOPPED, Shape, SudokuSolver, Unit, report};
use crate::dlx::Count;
use crate::dlx::cancel::{Cancellable, NodeBudget, SharedCancel, is_cancelled};
use crate::dlx::{
    FlatProblem, ItemId, ItemKind, Matrix, Outcome, Propagate, Search, SearchLimits, Solution,
    Visitor,
};

mod boards;
use boards::BoardSearch;
mod cells;
use cells::CellSearch;
mod cages;
mod paths;
use cages::house_sums;
mod compile;
mod placements;
mod rules;
pub(crate) use placements::{CompiledOptions, Placements, Subject};

/// Marks a full-matrix item that a given covers (absent from the reduced
/// matrix).
const ABSENT: u32 = u32::MAX;

/// The most houses a cell is in: row, column, box or region, two
/// diagonals, a window.
const MAX_CELL_HOUSES: usize = 6;

/// The most houses a grid has.
const MAX_HOUSES: usize = 3 * super::MAX_N + 2 + 4;

/// The class of the cell items in [`CompiledOptions::class`].
pub(crate) const CLASS_CELL: u8 = 0;

/// Marks a cell in no cage.
const NO_CAGE: u16 = u16::MAX;

/// The groups one cell is in, as indices into a list of groups: its
/// houses ([`CellHouses`]) or its houses' rests ([`CellRests`]), at most
/// one of either per house.
#[derive(Clone, Copy)]
struct CellList<T> {
    len: u8,
    at: [T; MAX_CELL_HOUSES],
}

/// The houses one cell is in, as indices into the house list.
type CellHouses = CellList<u8>;

/// The rests one cell is in, as indices into the rest list.
type CellRests = CellList<u16>;

impl<T> AsRef<[T]> for CellList<T> {
    #[inline]
    fn as_ref(&self) -> &[T] {
        &self.at[..self.len as usize]
    }
}

/// For each of `cells` cells, the groups (by index, as `T`) it lies in.
fn cell_lists<'g, T: Copy + Default + TryFrom<usize>>(
    cells: usize,
    groups: impl Iterator<Item = &'g [u16]>,
) -> Vec<CellList<T>> {
    let mut lists = vec![
        CellList {
            len: 0,
            at: [T::default(); MAX_CELL_HOUSES],
        };
        cells
    ];
    for (g, group) in groups.enumerate() {
        let Ok(g) = T::try_from(g) else { break };
        for &cell in group {
            let list = &mut lists[cell as usize];
            list.at[list.len as usize] = g;
            list.len += 1;
        }
    }
    lists
}

/// The exact-cover solver for puzzles of one [`Variant`]: compiles each
/// puzzle's reduced matrix (the items no given covers, the options of its
/// candidates, of its small cages' placements and of its other cages'
/// digit sets) into storage it keeps.
///
/// Its state is kept apart by how long it lives, so that each step of the
/// compiler says in its signature what it reads and what it writes.
pub struct DlxSolver {
    /// The rules, per variant.
    tables: Tables,
    /// What the givens leave of the cages and rests, per puzzle.
    settled: Settled,
    /// The reduced problem, per puzzle.
    compiled: Compiled,
    /// The compiler's scratch.
    scratch: Scratch,
    /// The searches, and what the caller tells them.
    searches: Searches,
}

/// The rules of one [`Variant`] as the compiler reads them.
///
/// Invariant: built once, by [`Tables::of`], when the solver is made for
/// its variant, and never written after: every puzzle reads the same
/// tables, and its loops read them rather than divide.
struct Tables {
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
    /// The full option number of the first placement option (past every
    /// cell option and digit set).
    placement_base: u32,
    /// For killer rules, per house and per band of rows or of columns: its
    /// cells outside the cages that lie wholly in it, and what those cells
    /// add up to; see [`house_sums`] and [`Tables::deduce_house_sums`].
    house_sums: Vec<(Vec<u16>, i64)>,
    /// For rules with constraints: the linear rules the sums propagator
    /// keeps ([`rules::linear_rules`]).
    linear_rules: Vec<rules::LinearRule>,
    /// For killer rules: the houses' rests ([`cages::rests`]) and the
    /// rests of each cell.
    rests: Vec<cages::Rest>,
    cell_rests: Vec<CellRests>,
}

/// What the givens of the puzzle compiled last leave of its cages and of
/// its houses' rests, and how each cage is compiled.
///
/// Invariant: written by the compile of each puzzle with cages
/// ([`Settled::settle_cages`], [`Settled::settle_rests`],
/// [`Settled::choose_placements`]) before any option is laid out, and
/// only read after; a puzzle without cages leaves it as it was, unread.
#[derive(Default)]
struct Settled {
    /// Per cage: the digits given in it, the digits its remaining sets
    /// allow, and its remaining sets (`open` holds them when there are
    /// two or more).
    cage_given: Vec<u64>,
    cage_allowed: Vec<u64>,
    open: Vec<(usize, Vec<u64>)>,
    /// Per cage: whether it is compiled to one option per placement of
    /// its digits (see the module docs) rather than to its digit sets.
    by_placement: Vec<bool>,
    /// Whether the puzzle uses the houses' rests (the search's compile
    /// does, the rating's does not).
    rest_on: bool,
    /// Per rest: the digits given in it, the digits its remaining sets
    /// allow, its remaining sets when two or more; per cell, the digits
    /// its rests allow.
    rest_given: Vec<u64>,
    rest_allowed: Vec<u64>,
    rest_open: Vec<(usize, Vec<u64>)>,
    rest_mask: Vec<u64>,
}

/// The problem of the puzzle compiled last, and what its options place.
///
/// Invariant: rewritten whole by each compile (cleared first, its memory
/// kept), so it always describes exactly the latest puzzle, or the
/// one-item unsolvable problem ([`Compiled::unsolvable`]); the matrix is
/// laid out from it and [`Placements`] read it.
#[derive(Default)]
struct Compiled {
    /// The reduced matrix's item count, and its options as flat item lists
    /// for [`Matrix::from_flat`].
    items: u32,
    entries: Vec<u32>,
    ends: Vec<u32>,
    /// Reduced item number of each full item, or [`ABSENT`].
    reduced_item: Vec<u32>,
    /// Full option number of each reduced option.
    full_option: Vec<u32>,
    /// The placement options of the puzzle: each one's `(cell, digit)`
    /// pairs as `cell * n + d`, one after another, ending at
    /// `placed_ends[p]`.
    placed: Vec<u32>,
    placed_ends: Vec<u32>,
    /// The digits deduced from killer sums, as `cell * n + d`.
    deduced: Vec<u32>,
    /// The colored problem of the latest puzzle when the rules carry
    /// constraints (`rules.rs`); the lists the blocking search's links are
    /// built from otherwise.
    colored: crate::dlx::Problem,
}

/// The compiler's scratch: what one step fills, uses and leaves.
///
/// Invariant: no step reads what an earlier one left here; only its memory
/// is kept from one puzzle to the next.
#[derive(Default)]
struct Scratch {
    /// For one cage: its empty cells, their candidates, and the
    /// candidates of the cells after each, together.
    cage_cells: Vec<usize>,
    cage_candidates: Vec<u64>,
    cage_later: Vec<u64>,
    /// The puzzle's digits with the deduced ones written in.
    work: Vec<u8>,
    /// The class and subject of each reduced item, lent out by
    /// [`DlxSolver::with_options`].
    item_class: Vec<u8>,
    item_subject: Vec<Subject>,
}

/// The searches and what the caller tells them.
///
/// Invariant: the arena holds the matrix of a puzzle from the start of one
/// search to its end and is emptied (its largest block kept) before the
/// next; the settings (propagators, cancel, node budget) last until the
/// caller changes them, across [`DlxSolver::into_rules`] too.
#[derive(Default)]
struct Searches {
    arena: Bump,
    /// The propagators a search with constraints runs; `None` chooses
    /// ([`DlxSolver::propagate`]).
    propagate: Option<Propagate>,
    /// The bit-board search of plain 9x9 puzzles with blocking
    /// ([`DlxSolver::uses_boards`]): its levels, kept between puzzles.
    boards: BoardSearch,
    /// The search on the cells' masks with each rule's propagator
    /// ([`DlxSolver::uses_cells`]), made on first use: `Some(None)` when
    /// some rule has none.
    cells: Option<Option<Box<CellSearch>>>,
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

/// Why a puzzle's givens leave it no solution, as found while compiling.
enum Clash {
    /// The given at `cell` repeats its digit in a house or cage.
    Repeat(usize),
    /// No digit set of cage `k` holds its givens.
    Cage(usize),
    /// A given (or a digit deduced from the sums) is not one of its cell's
    /// pencil marks.
    Unmarked,
    /// No digit set of a house's rest holds its givens and misses the
    /// digits given elsewhere in the house (the cages' sums cannot hold).
    Rest,
}

impl Tables {
    /// The tables of `variant`.
    fn of(variant: Variant) -> Self {
        let n = variant.n();
        let houses = variant.houses();
        let cell_houses: Vec<CellHouses> =
            cell_lists(n * n, houses.iter().map(|h| h.cells.as_slice()));
        let three = if variant.cages().is_empty() && cell_houses.iter().all(|ch| ch.len == 3) {
            cell_houses
                .iter()
                .map(|ch| [ch.at[0], ch.at[1], ch.at[2]])
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
        // A colored problem (constraints) has no placement options: every
        // digit is placed by its cell's option.
        let (house_sums, rests) = if variant.cages().is_empty() {
            (Vec::new(), Vec::new())
        } else {
            (
                house_sums(&variant, &houses),
                cages::rests(&variant, &houses),
            )
        };
        let cell_rests: Vec<CellRests> =
            cell_lists(n * n, rests.iter().map(|r| r.cells.as_slice()));
        let set_count = sets
            .iter()
            .chain(rests.iter().map(|r| &r.sets))
            .map(Vec::len)
            .sum::<usize>();
        let linear_rules = if variant.constraints().is_empty() {
            Vec::new()
        } else {
            rules::linear_rules(&variant, &house_sums)
        };
        let placement_base = if variant.constraints().is_empty() {
            (n * n * n + set_count) as u32
        } else {
            u32::MAX
        };
        Self {
            variant,
            n,
            houses,
            cell_houses,
            three,
            cage_of_cell,
            sets,
            placement_base,
            house_sums,
            linear_rules,
            rests,
            cell_rests,
        }
    }
}

impl DlxSolver {
    /// A solver for plain Sudoku puzzles of `shape`; it allocates as it
    /// compiles its first puzzle and reuses that memory after.
    pub fn new(shape: Shape) -> Self {
        Self::for_variant(Variant::plain(shape))
    }

    /// A solver for puzzles with the rules `variant`.
    pub fn for_variant(variant: Variant) -> Self {
        Self {
            tables: Tables::of(variant),
            settled: Settled::default(),
            compiled: Compiled::default(),
            scratch: Scratch::default(),
            searches: Searches::default(),
        }
    }

    /// A solver for `variant` that keeps this one's memory: its arena
    /// and the colored problem's lists, emptied (as [`Problem::clear`]
    /// does), and its settings: propagators, cancel and node budget. What
    /// [`DlxSolver::for_variant`] makes, without allocating anew the
    /// memory of a batch whose rules change from puzzle to puzzle (every
    /// f-puzzles file).
    ///
    /// [`Problem::clear`]: crate::dlx::Problem::clear
    pub(crate) fn into_rules(self, variant: Variant) -> Self {
        let mut solver = Self::for_variant(variant);
        solver.compiled.colored = self.compiled.colored;
        solver.compiled.colored.clear();
        // The new rules' searches, this solver's arena and settings.
        solver.searches = Searches {
            boards: solver.searches.boards,
            cells: solver.searches.cells,
            ..self.searches
        };
        solver.searches.arena.reset();
        solver
    }

    /// Chooses the propagators the search runs between choices
    /// (`crate::dlx::propagate`); `None`, the default, lets the solver
    /// choose (`DlxSolver::propagate`). [`Propagate::Off`] searches
    /// Knuth's tree.
    pub fn set_propagate(&mut self, propagate: Option<Propagate>) {
        self.searches.propagate = propagate;
    }

    /// What [`DlxSolver::set_propagate`] last set (`None`: the solver
    /// chooses), so that a caller can change it for a while and put it
    /// back.
    pub(crate) fn propagate_setting(&self) -> Option<Propagate> {
        self.searches.propagate
    }

    /// The shape this solver takes.
    pub fn shape(&self) -> Shape {
        self.tables.variant.shape()
    }

    /// The rules this solver takes.
    pub(crate) fn variant(&self) -> &Variant {
        &self.tables.variant
    }

    /// Compiles `puzzle`'s reduced matrix and lends it to `f`, with the
    /// placements that read its options back as digits (with killer cages,
    /// some digits may be deduced before the search and placed by no
    /// option: `Placements::fill` writes a whole solution). The matrix lives
    /// until `f` returns. Fails, calling nothing, for a puzzle of another
    /// shape or with clashing givens.
    pub fn with_matrix<R>(
        &mut self,
        puzzle: &Grid,
        f: impl FnOnce(&mut Matrix<'_>, Placements<'_>) -> R,
    ) -> Result<R, PuzzleError> {
        if !self.tables.variant.constraints().is_empty() {
            let propagate = self.links_propagate();
            self.compiled
                .compile_colored(&self.tables, puzzle, propagate)?;
            self.searches.arena.reset();
            let mut matrix = self
                .compiled
                .colored
                .build(&self.searches.arena)
                .map_err(|_| PuzzleError::TooLarge)?;
            return Ok(f(&mut matrix, self.placements()));
        }
        self.prepare(puzzle, Cages::Placements)?;
        self.searches.arena.reset();
        let propagate = self.links_propagate();
        let arena = &self.searches.arena;
        let Compiled {
            items,
            entries,
            ends,
            colored,
            ..
        } = &mut self.compiled;
        // Without cages, with three houses a cell, every option is a
        // cell and its three house-digit items: the layout for four.
        let matrix = if propagate.blocking() {
            // Blocking runs on links built from a `Problem` (kept in the
            // colored problem's lists, which rules without constraints
            // leave unused); no sums: a placement option covers several
            // cells.
            let problem = colored;
            problem.clear();
            // Item `i` of the flat lists is the problem's `ItemId(i)`.
            let _ = problem.add_items(ItemKind::Primary, *items as usize);
            let flat = FlatProblem::all_primary(*items, entries, ends);
            for k in 0..flat.option_count() {
                let option = flat.option(k).unwrap_or_default();
                // Items in range by construction; a failure would leave
                // the option out, and the count would show it.
                let _ = problem.add_colored_option(option.iter().map(|&i| (ItemId(i), None)));
            }
            problem.set_propagate(Propagate::Blocking);
            problem.build(arena)
        } else if self.tables.three.is_empty() {
            Matrix::from_flat(arena, FlatProblem::all_primary(*items, entries, ends))
        } else {
            debug_assert!(
                ends.iter()
                    .enumerate()
                    .all(|(k, &e)| e as usize == 4 * (k + 1))
            );
            Matrix::from_four_item_options(arena, *items, entries.as_chunks().0)
        };
        let mut matrix = matrix.map_err(|_| PuzzleError::TooLarge)?;
        Ok(f(&mut matrix, self.placements()))
    }

    /// Knuth's estimate of `puzzle`'s solutions and search tree from
    /// `probes` random paths seeded by `seed` (`crate::dlx::estimate`),
    /// on the matrix its counts search. Fails as [`Self::with_matrix`].
    pub fn estimate(
        &mut self,
        puzzle: &Grid,
        probes: u64,
        seed: u64,
    ) -> Result<crate::dlx::Estimate, PuzzleError> {
        self.with_matrix(puzzle, |matrix, _| {
            matrix.estimate(probes, &mut crate::rng::Rng::new(seed))
        })
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
    pub(crate) fn with_options<R>(
        &mut self,
        puzzle: &Grid,
        f: impl FnOnce(CompiledOptions<'_>) -> R,
    ) -> Result<R, PuzzleError> {
        let tables = &self.tables;
        if !tables.variant.constraints().is_empty() {
            return Err(PuzzleError::Unrated {
                rules: tables.variant.name(),
            });
        }
        self.prepare(puzzle, Cages::Sets)?;
        let (tables, compiled) = (&self.tables, &self.compiled);
        let Scratch {
            item_class: class,
            item_subject: subjects,
            ..
        } = &mut self.scratch;
        class.clear();
        subjects.clear();
        for (full, &reduced) in compiled.reduced_item.iter().enumerate() {
            if reduced != ABSENT {
                class.push(tables.class_of(full));
                subjects.push(tables.subject_of(full));
            }
        }
        Ok(f(CompiledOptions {
            problem: FlatProblem::all_primary(compiled.items, &compiled.entries, &compiled.ends),
            class,
            subjects,
            placements: compiled.placements(tables),
        }))
    }

    /// What the options of the puzzle compiled last place.
    fn placements(&self) -> Placements<'_> {
        self.compiled.placements(&self.tables)
    }
}

impl Tables {
    /// The shape of the rules' grid.
    fn shape(&self) -> Shape {
        self.variant.shape()
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
    ) -> Result<Count, PuzzleError> {
        if is_cancelled(self.searches.cancel.as_ref()) {
            return Ok(STOPPED);
        }
        // A shared node budget caps the search at what is left of it, and
        // is charged what the search spent.
        let asked = limits.max_nodes;
        let limits = match &self.searches.budget {
            Some(b) => SearchLimits {
                max_nodes: asked.min(b.left()),
                ..limits
            },
            None => limits,
        };
        // Moved out for the search (`with_matrix` borrows the solver), and
        // not cloned: a clone per puzzle would make every thread of a batch
        // write the same reference count.
        let cancel = self.searches.cancel.take();
        let mut visit = visit;
        let on_boards = if puzzle.shape() != self.shape() {
            None
        } else if self.uses_boards() {
            let visit = visit.as_deref_mut();
            let marks = self.tables.variant.candidates();
            self.searches
                .boards
                .search(puzzle, marks, limits, visit, cancel.as_ref())
        } else if let Some(cells) = self.uses_cells() {
            cells.search(puzzle, limits, visit.as_deref_mut(), cancel.as_ref())
        } else {
            None
        };
        let report = match on_boards {
            Some(report) => Ok(report),
            // Off the boards, or givens that clash (whose message the
            // compiler writes).
            None => self.with_matrix(puzzle, |matrix, placements| {
                let mut visitor = Cancellable {
                    visitor: GridVisitor {
                        puzzle,
                        placements,
                        visit,
                    },
                    cancel: cancel.as_deref(),
                };
                let (outcome, stats) = matrix.search(&mut visitor, limits);
                report(outcome, stats)
            }),
        };
        self.searches.cancel = cancel;
        if let (Some(b), Ok(r)) = (&self.searches.budget, &report) {
            let cut = r.outcome == Outcome::NodeLimit && limits.max_nodes < asked;
            b.spend(r.stats.nodes, cut);
        }
        report
    }

    fn set_cancel(&mut self, cancel: Option<SharedCancel>) {
        self.searches.cancel = cancel;
    }
}

impl DlxSolver {
    /// Makes every later search take its nodes from `budget`, shared with
    /// other searches (`None`: each search has only its own limits): a
    /// search gets at most what is left, and one cut short by the budget
    /// marks it spent ([`NodeBudget`]).
    pub(crate) fn set_node_budget(&mut self, budget: Option<Arc<NodeBudget>>) {
        self.searches.budget = budget;
    }
}

#[cfg(test)]
mod tests;
