//! Plain 9x9 Sudoku's exact cover on bit boards, with the intersection
//! rule (locked candidates) between choices: the classic path of
//! `--propagate blocking` (and of `auto`, measured in BENCHMARKS-history.md,
//! "Locked candidates on the bit boards").
//!
//! The matrix is the compiler's (see the parent module): one primary item
//! per cell and per row-, column- and box-digit, one option per (cell,
//! digit). Here the active options are nine *boards*, one per digit, each
//! three 27-bit words, one per band (three rows of nine cells: bit
//! `9 * (row % 3) + column`). A house-digit item's options are a mask of
//! its digit's board; a cell item's are one bit of each board.
//!
//! After each choice, and at the root once the givens are placed, the
//! search propagates to a fixed point:
//! - an open cell, row-digit or column-digit item with no option left is
//!   a dead end (an empty box-digit item empties a cell or a line soon
//!   after);
//! - an item with one option left has it chosen (a cell with one digit, a
//!   house-digit with one place: the node with one child that Algorithm X
//!   would branch on, taken without a node). Cells and rows are looked
//!   at; a column's or box's single becomes a row's by the intersection
//!   rule ([`Boards::row_single`]);
//! - the intersection rule, Knuth's *blocking*: when a box's options of a
//!   digit all lie in one line, that line's other options of the digit go
//!   (pointing), and when a line's all lie in one box, that box's other
//!   options go (claiming). A band's rows and boxes meet in nine triads
//!   of three cells, and so do a stack's columns and boxes: the rule for
//!   a band (or stack) and a digit is a function of which of its nine
//!   triads hold options, one lookup in [`KEEP`], run to its fixed point
//!   when the table is made.
//!
//! These are the rules of `dlx::deduce` (singles and intersections, which
//! the rating runs on any matrix), written a second time on the boards for
//! speed; both reach the same fixed point, and a test holds them to it
//! (a puzzle is settled at the root exactly when the deducer settles it
//! without a guess).
//!
//! Then it branches as Algorithm X does: on the first item with the
//! fewest options, cells before house-digits, its options in reading and
//! digit order. The tree is not Knuth's (singles and intersections take
//! nodes away), and `--propagate off` keeps Knuth's on the links.
//!
//! Statistics: a node is a level entered (the root, then each option
//! tried), as DLX1 counts; an update is an option cleared by a choice; an
//! option removed is one that propagation cleared (singles placed and
//! intersections).
//!
//! # Invariants
//!
//! * A bit of `cand[d][k]` (digit `d`, band `k`; word 3 is padding, always
//!   0, so that the bands of a board fill one 128-bit vector) is set only
//!   for an open cell (no digit placed) whose row, column and box hold no
//!   `d`: placing a digit clears its cell in every board and its houses
//!   in its own.
//! * `done[d]` has the bit of each row (`0..9`), column (`9..18`) and box
//!   (`18..27`) holding a placed `d`; an open house-digit item has at
//!   least one option once propagation has succeeded.
//! * `dirty` has every digit whose board changed since its singles and
//!   intersections were last looked at; propagation ends with none.
//! * Each level keeps its whole state (a copy of 280 bytes), so stepping back
//!   is reading the level above; nothing is undone.

use std::ops::ControlFlow;

use crate::dlx::Count;
use crate::dlx::cancel::SharedCancel;
#[cfg(target_arch = "x86_64")]
use crate::dlx::isa::Isa;
use crate::dlx::isa::{by_isa, isa_copies};
use crate::dlx::{Outcome, Progress, SearchLimits, Stats};
use crate::sudoku::{Grid, Shape, Variant, report};

/// A row's cells in a band word (the band's first row).
const ROW: u32 = 0x1FF;
/// Every cell of a band.
const BAND: u32 = (1 << 27) - 1;
/// A column's cells in a band word (the first column).
const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;
/// A box's cells in a band word (the band's first box).
const BOX: u32 = 7 | 7 << 9 | 7 << 18;
/// Every digit, as a set of boards.
const ALL_DIGITS: u16 = 0x1FF;
/// How often, in nodes, the search asks its cancel whether to stop.
const TICK_NODES: u64 = 1 << 12;

/// For a row's nine bits, the boxes (bit `b`) it has bits in.
const TRIADS: [u32; 512] = unions([1, 1, 1, 2, 2, 2, 4, 4, 4]);

/// The table of every set of `B` bits (`N = 2^B` entries): the union of
/// the `images` of its bits.
const fn unions<const B: usize, const N: usize>(images: [u32; B]) -> [u32; N] {
    let mut t = [0u32; N];
    let mut set = 0;
    while set < N {
        let mut j = 0;
        while j < B {
            if (set >> j) & 1 != 0 {
                t[set] |= images[j];
            }
            j += 1;
        }
        set += 1;
    }
    t
}

/// `base` shifted by `step` bits for each bit `j` of `B`: `base << (step
/// * j)`, the images of [`unions`].
const fn shifted<const B: usize>(base: u32, step: u32) -> [u32; B] {
    let mut t = [0u32; B];
    let mut j = 0;
    while j < B {
        t[j] = base << (step * j as u32);
        j += 1;
    }
    t
}

/// For the triads of a band that hold a digit's options (bit `3 * line +
/// box`), those that pointing and claiming keep, applied to a fixed
/// point. Also read for a stack, its columns as the lines and its bands
/// as the boxes.
const KEEP: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut p = 0;
    while p < 512 {
        t[p] = keep(p as u16);
        p += 1;
    }
    t
};

/// The fixed point of pointing and claiming on nine triads (see [`KEEP`]).
const fn keep(mut p: u16) -> u16 {
    loop {
        let before = p;
        let mut line = 0;
        while line < 3 {
            let triads = (p >> (3 * line)) & 7;
            if triads.count_ones() == 1 {
                // Claiming: the line's digit is in that box, so the box's
                // other lines lose it.
                let column = 0b1001001 << triads.trailing_zeros();
                p &= !(column & !(7 << (3 * line)));
            }
            line += 1;
        }
        let mut b = 0;
        while b < 3 {
            let triads = (p >> b) & 0b1001001;
            if triads.count_ones() == 1 {
                // Pointing: the box's digit is in that line, so the line's
                // other boxes lose it.
                let line = triads.trailing_zeros() / 3;
                p &= !((7 << (3 * line)) & !(1 << (3 * line + b)));
            }
            b += 1;
        }
        if p == before {
            return p;
        }
    }
}

/// For a set of triads of a band (bit `j = 3 * row + box`), their cells
/// (triad `j`'s start at bit `9 * row + 3 * box = 3 * j`).
const TRIAD_CELLS: [u32; 512] = unions(shifted::<9>(7, 3));

/// For a band's columns with options (bit `c`), the triads of each stack
/// they make in the first band, nine bits a stack (column `c = 3 * stack +
/// j` to bit `9 * stack + 3 * j = 3 * c`): the columns are the lines of
/// [`KEEP`]'s triads and the bands their boxes, so band `k`'s are these
/// shifted by `k`.
const STACKS: [u32; 512] = unions(shifted::<9>(1, 3));

/// For three columns of a stack (bit `j`), their cells in a band word,
/// the stack's first columns.
const COLUMNS: [u32; 8] = unions(shifted::<3>(COLUMN, 1));

/// Where a cell lies, for [`Boards::place`]: a table instead of divisions.
#[derive(Clone, Copy, Debug)]
struct Cell {
    /// Its band, and its bit in the band's words.
    band: u8,
    bit: u32,
    /// Its row's and box's cells in the band's words.
    line_and_box: u32,
    /// Its column's cells in each band's words.
    column: u32,
    /// The bits of its row, column and box in `Boards::done`.
    houses: u32,
}

/// Every cell's [`Cell`], in reading order.
const CELLS: [Cell; 81] = {
    let mut t = [Cell {
        band: 0,
        bit: 0,
        line_and_box: 0,
        column: 0,
        houses: 0,
    }; 81];
    let mut cell = 0;
    while cell < 81 {
        let (r, c, i) = (cell / 9, cell % 9, (cell % 27) as u32);
        t[cell] = Cell {
            band: (cell / 27) as u8,
            bit: i,
            line_and_box: (ROW << (9 * (i / 9))) | (BOX << (3 * (c / 3))),
            column: COLUMN << c,
            houses: 1 << r | 1 << (9 + c) | 1 << (18 + 3 * (r / 3) + c / 3),
        };
        cell += 1;
    }
    t
};

/// What a look for singles found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Step {
    /// An open item with no option: a dead end.
    Dead,
    /// A single, chosen.
    Placed,
    /// Nothing to do.
    Nothing,
}

/// The state of the search at a node (see the module's invariants).
#[derive(Clone, Copy, Debug)]
struct Boards {
    /// The active options of each digit, by band (and a word of padding).
    cand: [[u32; 4]; 9],
    /// The open cells, by band.
    open: [u32; 3],
    /// Each digit's covered rows, columns and boxes.
    done: [u32; 9],
    /// Digits whose board changed since propagation last looked at them.
    dirty: u16,
    /// Whether a cell lost an option since the last look for cells with
    /// one option.
    cells_changed: bool,
    /// The digits placed (1 to 9; 0 open), cells in reading order.
    grid: [u8; 81],
}

impl Boards {
    /// A blank grid: every option active.
    const BLANK: Self = Self {
        cand: [[BAND, BAND, BAND, 0]; 9],
        open: [BAND; 3],
        done: [0; 9],
        dirty: ALL_DIGITS,
        cells_changed: true,
        grid: [0; 81],
    };

    /// Whether option (`cell`, `d`) is active.
    #[inline(always)]
    fn has(&self, cell: usize, d: usize) -> bool {
        (self.cand[d][cell / 27] >> (cell % 27)) & 1 != 0
    }

    /// Digit `d`'s board: its active options, by band.
    #[inline(always)]
    fn board(&self, d: usize) -> [u32; 3] {
        [self.cand[d][0], self.cand[d][1], self.cand[d][2]]
    }

    /// The active options.
    #[inline(always)]
    fn options(&self) -> u64 {
        let count = |board: &[u32; 4]| board[..3].iter().map(|w| w.count_ones()).sum::<u32>();
        self.cand.iter().map(|b| u64::from(count(b))).sum()
    }

    /// Chooses option (`cell`, `d`), which must be active: covers the cell
    /// and `d`'s row, column and box, clearing every option that shares
    /// one of them.
    #[inline(always)]
    fn place(&mut self, cell: usize, d: usize) {
        let at = &CELLS[cell];
        let (k, i) = (usize::from(at.band), at.bit);
        // The cell as a mask of all four words, so that each board is
        // tested and cleared by whole-vector instructions.
        let mut cell_mask = [0u32; 4];
        cell_mask[k] = 1 << i;
        let mut digits = 0u16;
        for (e, board) in self.cand.iter_mut().enumerate() {
            let mut hit = 0;
            for j in 0..4 {
                hit |= board[j] & cell_mask[j];
                board[j] &= !cell_mask[j];
            }
            digits |= u16::from(hit != 0) << e;
        }
        self.dirty |= digits;
        self.cand[d][k] &= !at.line_and_box;
        for w in &mut self.cand[d] {
            *w &= !at.column;
        }
        self.open[k] &= !(1 << i);
        self.done[d] |= at.houses;
        self.dirty |= 1 << d;
        self.cells_changed = true;
        self.grid[cell] = d as u8 + 1;
    }

    /// Whether every cell holds a digit.
    fn solved(&self) -> bool {
        self.open == [0; 3]
    }

    /// Propagates to a fixed point (see the module docs); `false` at a
    /// dead end.
    #[inline(always)]
    fn propagate(&mut self) -> bool {
        loop {
            if self.cells_changed {
                if self.naked_singles() == Step::Dead {
                    return false;
                }
                continue;
            }
            if self.dirty == 0 {
                return true;
            }
            let d = self.dirty.trailing_zeros() as usize;
            match self.row_single(d) {
                Step::Dead => return false,
                Step::Placed => continue,
                Step::Nothing => {}
            }
            if !self.intersections(d) {
                self.dirty &= !(1 << d);
            }
        }
    }

    /// Places every cell with one option; dead if an open cell has none.
    #[inline(always)]
    fn naked_singles(&mut self) -> Step {
        self.cells_changed = false;
        let mut step = Step::Nothing;
        // The three bands side by side, so that each step is one vector
        // instruction.
        let (mut ones, mut twos) = ([0u32; 4], [0u32; 4]);
        for board in &self.cand {
            for k in 0..4 {
                twos[k] |= ones[k] & board[k];
                ones[k] |= board[k];
            }
        }
        if (0..3).any(|k| self.open[k] & !ones[k] != 0) {
            return Step::Dead;
        }
        for (k, twos) in twos.into_iter().take(3).enumerate() {
            let mut single = self.open[k] & !twos;
            while single != 0 {
                let i = single.trailing_zeros() as usize;
                single &= single - 1;
                // An earlier single of this band may have taken the
                // cell's last option.
                let Some(d) = (0..9).find(|&d| self.has(27 * k + i, d)) else {
                    return Step::Dead;
                };
                self.place(27 * k + i, d);
                step = Step::Placed;
            }
        }
        step
    }

    /// Places the first row single of digit `d` (a row with one place
    /// left for it); dead if an open row or column has no place for `d`.
    ///
    /// Columns' and boxes' singles need no look of their own: the
    /// intersection rule turns each into a row single. A box with one
    /// place for `d` points along that place's row, which is then left
    /// with it alone; a column with one place claims that place's box,
    /// whose other columns lose `d`, and the box, left with one place,
    /// points along its row (so the tree is the same with or without
    /// them, for 8% fewer instructions on forum 11+).
    ///
    /// One single at a time: propagation looks for cells with no option
    /// left before the next, which finds dead ends sooner (placing every
    /// single found at once cost more).
    #[inline(always)]
    fn row_single(&mut self, d: usize) -> Step {
        let (x, done) = (self.board(d), self.done[d]);
        let mut columns = 0u32;
        for (k, &w) in x.iter().enumerate() {
            for line in 0..3 {
                let row = (w >> (9 * line)) & ROW;
                columns |= row;
                if (done >> (3 * k + line)) & 1 == 0 {
                    if row == 0 {
                        return Step::Dead;
                    }
                    if row & (row - 1) == 0 {
                        self.place(27 * k + 9 * line + row.trailing_zeros() as usize, d);
                        return Step::Placed;
                    }
                }
            }
        }
        if !(done >> 9) & ROW & !columns != 0 {
            return Step::Dead;
        }
        Step::Nothing
    }

    /// The intersection rule on digit `d`'s board, bands then stacks;
    /// whether it removed anything.
    #[inline(always)]
    fn intersections(&mut self, d: usize) -> bool {
        let mut x = self.board(d);
        let mut changed = false;
        for w in x.iter_mut() {
            let p = (TRIADS[(*w & ROW) as usize]
                | TRIADS[((*w >> 9) & ROW) as usize] << 3
                | TRIADS[(*w >> 18) as usize] << 6) as u16;
            let gone = p & !KEEP[p as usize];
            if gone != 0 {
                *w &= !TRIAD_CELLS[gone as usize];
                changed = true;
            }
        }
        // The triads of the three stacks, nine bits a stack.
        let mut stacks = 0;
        for (k, w) in x.iter().enumerate() {
            stacks |= STACKS[((w | w >> 9 | w >> 18) & ROW) as usize] << k;
        }
        for stack in 0..3 {
            let q = ((stacks >> (9 * stack)) & 0x1FF) as u16;
            let gone = q & !KEEP[q as usize];
            if gone != 0 {
                for (k, w) in x.iter_mut().enumerate() {
                    let g = gone >> k;
                    let cols = (g & 1) | ((g >> 2) & 2) | ((g >> 4) & 4);
                    *w &= !(COLUMNS[cols as usize] << (3 * stack));
                }
                changed = true;
            }
        }
        self.cand[d][..3].copy_from_slice(&x);
        if changed {
            self.cells_changed = true;
        }
        changed
    }

    /// The item to branch on, Algorithm X's way: the first with the
    /// fewest options, cells first (in reading order), then row-, column-
    /// and box-digits (house by house, digit by digit, as the compiler
    /// numbers them). Writes its options to `tries` in order and returns
    /// how many. Propagation has left every open item two or more.
    #[inline(always)]
    fn choose(&self, tries: &mut [(u8, u8); 9]) -> usize {
        // A cell with two options is the first item with the fewest.
        let (mut ones, mut twos, mut threes) = ([0u32; 4], [0u32; 4], [0u32; 4]);
        for board in &self.cand {
            for k in 0..4 {
                threes[k] |= twos[k] & board[k];
                twos[k] |= ones[k] & board[k];
                ones[k] |= board[k];
            }
        }
        for k in 0..3 {
            let pair = self.open[k] & twos[k] & !threes[k];
            if pair != 0 {
                return self.cell_options(27 * k + pair.trailing_zeros() as usize, tries);
            }
        }
        let mut best = (u32::MAX, Item::Cell(0));
        for cell in 0..81 {
            if self.grid[cell] == 0 {
                let n = (0..9).filter(|&d| self.has(cell, d)).count() as u32;
                if n < best.0 {
                    best = (n, Item::Cell(cell));
                }
            }
        }
        for house in 0..27 {
            for d in 0..9 {
                if (self.done[d] >> house) & 1 == 0 {
                    let n = house_cells(house, &self.board(d))
                        .iter()
                        .map(|w| w.count_ones())
                        .sum();
                    if n < best.0 {
                        best = (n, Item::House(house, d));
                    }
                }
            }
        }
        match best.1 {
            Item::Cell(cell) => self.cell_options(cell, tries),
            Item::House(house, d) => {
                let mut n = 0;
                for (k, mut w) in house_cells(house, &self.board(d)).into_iter().enumerate() {
                    while w != 0 {
                        tries[n] = ((27 * k + w.trailing_zeros() as usize) as u8, d as u8);
                        w &= w - 1;
                        n += 1;
                    }
                }
                n
            }
        }
    }

    /// Writes `cell`'s options to `tries`, digits in order; how many.
    #[inline(always)]
    fn cell_options(&self, cell: usize, tries: &mut [(u8, u8); 9]) -> usize {
        let mut n = 0;
        for d in 0..9 {
            if self.has(cell, d) {
                tries[n] = (cell as u8, d as u8);
                n += 1;
            }
        }
        n
    }
}

/// An item to branch on.
#[derive(Clone, Copy, Debug)]
enum Item {
    Cell(usize),
    /// A house (rows `0..9`, columns `9..18`, boxes `18..27`) and a digit.
    House(usize, usize),
}

/// The options of a house in a board, by band.
fn house_cells(house: usize, board: &[u32; 3]) -> [u32; 3] {
    let (kind, h) = (house / 9, house % 9);
    let mut cells = [0u32; 3];
    match kind {
        0 => cells[h / 3] = board[h / 3] & (ROW << (9 * (h % 3))),
        1 => {
            for (k, w) in cells.iter_mut().enumerate() {
                *w = board[k] & (COLUMN << h);
            }
        }
        _ => cells[h / 3] = board[h / 3] & (BOX << (3 * (h % 3))),
    }
    cells
}

/// A caller's closure that sees each solution and may stop the search.
/// Two lifetimes, so that a caller may lend its own for a while.
pub(super) type Visit<'a, 'v> = &'a mut (dyn FnMut(&Grid) -> ControlFlow<()> + 'v);

/// A level of the search: its node's state after propagation, and the
/// options of the item it branches on.
#[derive(Clone, Copy, Debug)]
struct Level {
    state: Boards,
    active: u64,
    tries: [(u8, u8); 9],
    len: u8,
    next: u8,
}

/// The bit-board search, with its levels kept from one puzzle to the
/// next.
#[derive(Clone, Debug, Default)]
pub(super) struct BoardSearch {
    levels: Vec<Level>,
    /// Each level's position and number of options, for progress reports.
    path: Vec<(u32, u32)>,
}

impl BoardSearch {
    /// Whether puzzles under `rules` can take this search: 9x9, rows,
    /// columns and boxes only, pencil marks or not.
    pub(super) fn takes(rules: &Variant) -> bool {
        rules.shape() == Shape::NINE && rules.has_plain_houses()
    }

    /// Searches `puzzle` (9x9, with the digits each cell may take in
    /// `marks`, bit `d - 1` for digit `d`, if pencil marks restrict them)
    /// within `limits`, handing each solution to `visit`; `None`, searching
    /// nothing, when two givens clash or a given is not among its marks,
    /// so that the caller's compiler says what it means.
    pub(super) fn search(
        &mut self,
        puzzle: &Grid,
        marks: Option<&[u64]>,
        limits: SearchLimits,
        visit: Option<Visit<'_, '_>>,
        cancel: Option<&SharedCancel>,
    ) -> Option<Count> {
        debug_assert_eq!(puzzle.shape(), Shape::NINE);
        by_isa!(
            self,
            search_v3,
            search_popcnt,
            search_portable(puzzle, marks, limits, visit, cancel)
        )
    }

    // Each `count_ones` one `POPCNT` (without, a software popcount: 340 M
    // instructions on top1465 against 265 M), and with x86-64-v3 the
    // vector instructions of `place`.
    isa_copies!(search_portable: search_v3, search_popcnt(
        puzzle: &Grid,
        marks: Option<&[u64]>,
        limits: SearchLimits,
        visit: Option<Visit<'_, '_>>,
        cancel: Option<&SharedCancel>,
    ) -> Option<Count>);

    /// [`Self::search`] in portable code, inlined into each copy.
    #[inline(always)]
    fn search_portable(
        &mut self,
        puzzle: &Grid,
        marks: Option<&[u64]>,
        limits: SearchLimits,
        mut visit: Option<Visit<'_, '_>>,
        cancel: Option<&SharedCancel>,
    ) -> Option<Count> {
        let mut root = Boards::BLANK;
        for (cell, &allowed) in marks.unwrap_or_default().iter().enumerate() {
            for d in (0..9).filter(|d| (allowed >> d) & 1 == 0) {
                root.cand[d][cell / 27] &= !(1 << (cell % 27));
            }
        }
        for (cell, &v) in puzzle.cells().iter().enumerate() {
            if v != 0 {
                let d = usize::from(v - 1);
                if !root.has(cell, d) {
                    return None;
                }
                root.place(cell, d);
            }
        }
        let mut stats = Stats::default();
        let mut solution = |state: &Boards, stats: &mut Stats| -> Option<Outcome> {
            // The cells are digits 1 to 9 of a 9x9 grid.
            let grid = || Grid::from_cells(Shape::NINE, state.grid.to_vec()).ok();
            found(stats, &mut visit, limits, grid)
        };
        let outcome = 'search: {
            if limits.max_nodes == 0 {
                break 'search Outcome::NodeLimit;
            }
            stats.nodes = 1;
            let before = root.options();
            if !root.propagate() {
                stats.removed = before - root.options();
                break 'search Outcome::Exhausted;
            }
            let active = root.options();
            stats.removed = before - active;
            if root.solved() {
                break 'search solution(&root, &mut stats).unwrap_or(Outcome::Exhausted);
            }
            self.levels.clear();
            self.levels.push(Level::new(root, active));
            while let Some(top) = self.levels.last_mut() {
                if top.next == top.len {
                    self.levels.pop();
                    continue;
                }
                let (cell, d) = top.tries[usize::from(top.next)];
                top.next += 1;
                let parent_active = top.active;
                if stats.nodes >= limits.max_nodes {
                    break 'search Outcome::NodeLimit;
                }
                stats.nodes += 1;
                if stats.nodes & (TICK_NODES - 1) == 0 && self.tick(cancel, stats) {
                    break 'search Outcome::Stopped;
                }
                // The child starts as a copy of its parent, made in place.
                let depth = self.levels.len();
                self.levels.extend_from_within(depth - 1..);
                let state = &mut self.levels[depth].state;
                state.place(usize::from(cell), usize::from(d));
                let placed = state.options();
                stats.updates += parent_active - placed;
                let alive = state.propagate();
                let active = state.options();
                stats.removed += placed - active;
                if alive && !state.solved() {
                    self.levels[depth].branch(active);
                    continue;
                }
                // A dead end or a solution: no level of its own.
                let end = if alive {
                    solution(state, &mut stats)
                } else {
                    None
                };
                self.levels.pop();
                if let Some(end) = end {
                    break 'search end;
                }
            }
            Outcome::Exhausted
        };
        Some(report(outcome, stats))
    }
}

impl BoardSearch {
    /// Shows `cancel` where the search stands and asks it whether to stop,
    /// as [`crate::dlx::cancel::Cancellable`] does for the engines.
    #[cold]
    fn tick(&mut self, cancel: Option<&SharedCancel>, stats: Stats) -> bool {
        // The option being tried at each level is the one before `next`.
        let levels = self
            .levels
            .iter()
            .map(|l| (u32::from(l.next) - 1, u32::from(l.len)));
        tick(cancel, &mut self.path, levels, stats)
    }
}

/// Counts a solution and hands it to `visit` (the grid made by `grid`,
/// only when there is a visitor); the outcome that ends the search there,
/// if it does: the visitor stopped it, or the solutions reached the limit.
pub(super) fn found(
    stats: &mut Stats,
    visit: &mut Option<Visit<'_, '_>>,
    limits: SearchLimits,
    grid: impl FnOnce() -> Option<Grid>,
) -> Option<Outcome> {
    stats.solutions += 1;
    if let Some(visit) = visit.as_mut()
        && visit(&grid()?).is_break()
    {
        return Some(Outcome::Stopped);
    }
    (stats.solutions >= u128::from(limits.max_solutions)).then_some(Outcome::SolutionLimit)
}

/// Shows `cancel` a search's path (each level's option being tried and how
/// many it has, kept in `path`) and asks it whether to stop; `false`
/// without a cancel.
pub(super) fn tick(
    cancel: Option<&SharedCancel>,
    path: &mut Vec<(u32, u32)>,
    levels: impl Iterator<Item = (u32, u32)>,
    stats: Stats,
) -> bool {
    let Some(cancel) = cancel else {
        return false;
    };
    path.clear();
    path.extend(levels);
    cancel.observe(&Progress::of_path(path, stats));
    cancel.is_cancelled()
}

impl Level {
    /// A level for `state`, which propagation left with `active` options
    /// and some open item: it branches on the item [`Boards::choose`]s.
    #[inline(always)]
    fn new(state: Boards, active: u64) -> Self {
        let mut level = Self {
            state,
            active,
            tries: [(0, 0); 9],
            len: 0,
            next: 0,
        };
        level.branch(active);
        level
    }

    /// Makes this level (a copy of its parent, its state now its own)
    /// branch on its state's item.
    #[inline(always)]
    fn branch(&mut self, active: u64) {
        self.active = active;
        self.len = self.state.choose(&mut self.tries) as u8;
        self.next = 0;
    }
}

#[cfg(test)]
mod tests;
