//! The setters' constraints in the compiler: a puzzle whose [`Variant`]
//! carries [`Constraint`]s is compiled to exact cover *with colors*
//! (Knuth's XCC, the engine's DLX2 links) instead of the all-primary
//! reduced matrix of the parent module. docs/variants.md lists the
//! encoding of every kind and why; in short:
//!
//! * every cell is a primary item and a secondary item colored by its
//!   digit; each house a primary item per digit; a cell option `(cell, d)`
//!   covers the cell, its houses' `d` items and the cell's color `d`,
//!   plus the uncolored items of the "at most once" rules below;
//! * **tuples**: a constraint over a few cells is a primary item with one
//!   option per admissible filling of its cells (each cell colored by its
//!   digit), while there are at most [`TUPLE_CAP`] fillings;
//! * **chains**: a longer line (thermometer, whispers, arrow, little
//!   killer, sandwich) is a chain of primary items, one per cell, and a
//!   secondary item between each two, colored by the state of a small
//!   automaton (the last digit, the sum so far, the sandwich's phase);
//! * **digit sets**: a wide cage or any renban line is a primary item
//!   with one option per admissible set of digits and a primary item per
//!   digit, covered by the cell that holds it or by the set that lacks it
//!   (a renban line that fits in tuples has both);
//! * **matched pairs**: two cells whose digits match one to one (an XV
//!   dot, a palindrome's mirrored cells) share a secondary item that each
//!   cell option colors with the first cell's matching digit;
//! * **at most once**: uncolored secondary items per digit for extra
//!   regions, cages without sums, anti-knight pairs and anti-king 2x2
//!   blocks, and per forbidden digit pair for the negative dot rules;
//! * **forbidden pairs**: an uncolored secondary item per pair of digits
//!   that a constraint refuses in two of its cells, in both cells' options
//!   for them, added to every tuple and chain constraint for each two of
//!   its cells, read off its fillings or its automaton's paths, so that
//!   placing a digit narrows the constraint's other cells at once; a
//!   kropki dot's pair is these items alone;
//! * **ladders** (the order encoding): a minimum or maximum cell is less
//!   or more than each neighbour through one secondary item per
//!   threshold, colored "past it" by the cell's options for the digits
//!   past it, and "not" by each neighbour's option for a digit that needs
//!   the cell not past it.
//!
//! Invariant: every grid that obeys the rules is covered by exactly one
//! set of options (each option's choice is a function of the digits), so
//! solutions and counts are the grids'. No propagation happens outside
//! the exact cover: the only pruning here drops fillings that a given, a
//! parity or a house already rules out, and candidates that no filling or
//! path of a constraint holds.

use super::*;
use crate::dlx::{Color, ItemId, ItemKind, Problem};
use crate::sudoku::constraint::{Constraint, Relation, decimal};

/// The most fillings a constraint may have to be compiled to them (a
/// tuple option each) rather than to a chain or digit sets.
pub(super) const TUPLE_CAP: usize = 2048;

/// The tuple cap of a little killer, four times [`TUPLE_CAP`]: a diagonal
/// crosses houses, so its fillings are many but each cuts the search
/// more than its chain does. On the minimal little-killer file (`dlx
/// count --limit 2`) the nodes were 274,305 at the common cap, 274,282 at
/// 4,096, 127,637 at 8,192 and 117,093 at 16,384, where the longer option
/// lists made the search slower again (358, 328, 157 and 234 ms).
const LITTLE_KILLER_CAP: usize = 4 * TUPLE_CAP;

/// The colors of a minimum or maximum cell's ladder items
/// ([`Builder::extreme`]): the cell's digit past the threshold (its own
/// options), or a neighbour's digit that needs it not to be.
const LADDER_YES: Color = Color(1);
const LADDER_NO: Color = Color(2);

#[cfg(test)]
thread_local! {
    /// The tuple cap of this thread's compilations (tests lower it to
    /// reach the chains and digit sets on small grids).
    pub(super) static CAP: std::cell::Cell<usize> = const { std::cell::Cell::new(TUPLE_CAP) };
}

/// The tuple cap in force.
fn cap() -> usize {
    #[cfg(test)]
    return CAP.with(|c| c.get());
    #[cfg(not(test))]
    TUPLE_CAP
}

/// The digits of a candidate mask (bit `d - 1` for digit `d`), ascending.
fn bits(mut mask: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let d = mask.trailing_zeros() + 1;
            mask &= mask - 1;
            d
        })
    })
}

/// A set of automaton states (small numbers: a sum so far, a digit, a
/// sandwich's phase) as a growable bit set: ascending iteration, as the
/// `BTreeSet` it replaces gave (so options keep their order), without a
/// tree node per state.
#[derive(Default)]
struct States(Vec<u64>);

impl States {
    fn insert(&mut self, s: u32) {
        let word = s as usize / 64;
        if word >= self.0.len() {
            self.0.resize(word + 1, 0);
        }
        self.0[word] |= 1 << (s % 64);
    }

    fn contains(&self, s: u32) -> bool {
        self.0
            .get(s as usize / 64)
            .is_some_and(|w| w >> (s % 64) & 1 == 1)
    }

    fn clear(&mut self) {
        self.0.fill(0);
    }

    /// The states, ascending.
    fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.0
            .iter()
            .enumerate()
            .flat_map(|(i, &w)| bits(w).map(move |b| i as u32 * 64 + b - 1))
    }
}

/// The digits that the admissible fillings of a constraint's cells put in
/// each cell (`seen`, bit `d - 1`) and beside each digit of another cell.
struct Support {
    k: usize,
    n: usize,
    seen: Vec<u64>,
    /// `together[(i * k + j) * n + x - 1]`, for `i < j`: the digits of
    /// cell `j` in some filling with `x` in cell `i`.
    together: Vec<u64>,
}

impl Support {
    fn new(k: usize, n: usize) -> Self {
        Self {
            k,
            n,
            seen: vec![0; k],
            together: vec![0; k * k * n],
        }
    }

    fn add(&mut self, filling: &[u32]) {
        for (i, &x) in filling.iter().enumerate() {
            self.seen[i] |= 1 << (x - 1);
            for (j, &y) in filling.iter().enumerate().skip(i + 1) {
                self.together[(i * self.k + j) * self.n + x as usize - 1] |= 1 << (y - 1);
            }
        }
    }

    /// The support of a chain whose `moves[pos]` (state before, digit,
    /// state after) all lie on accepted paths: what two cells may hold
    /// together is what the paths through the first one's digit reach.
    fn of_paths(moves: &[Vec<(u32, u32, u32)>], n: usize) -> Self {
        let k = moves.len();
        let mut support = Self::new(k, n);
        for (i, here) in moves.iter().enumerate() {
            for &(_, x, _) in here {
                support.seen[i] |= 1 << (x - 1);
            }
            for x in bits(support.seen[i]) {
                let mut states = States::default();
                for &(_, d, t) in here {
                    if d == x {
                        states.insert(t);
                    }
                }
                let mut next = States::default();
                for (j, later) in moves.iter().enumerate().skip(i + 1) {
                    let at = (i * k + j) * n + x as usize - 1;
                    next.clear();
                    for &(s, d, t) in later {
                        if states.contains(s) {
                            support.together[at] |= 1 << (d - 1);
                            next.insert(t);
                        }
                    }
                    std::mem::swap(&mut states, &mut next);
                }
            }
        }
        support
    }

    fn beside(&self, i: usize, j: usize, x: u32) -> u64 {
        self.together[(i * self.k + j) * self.n + x as usize - 1]
    }
}

/// The full-option number of the options that place no digit themselves
/// (every digit of a colored problem is placed by its cell's option).
fn no_placement(n: usize) -> u32 {
    (n * n * n) as u32
}

/// Builds one puzzle's colored problem.
struct Builder<'v> {
    n: usize,
    variant: &'v Variant,
    problem: Problem,
    /// Each cell's candidates (bit `d - 1`).
    cand: Vec<u64>,
    /// Each cell's primary and color items.
    cell_item: Vec<ItemId>,
    color_item: Vec<ItemId>,
    /// Items a cell option `(cell, d)` covers besides its cell, houses and
    /// color (uncolored, or colored as a matched pair's), each with its
    /// option's key `cell * n + d - 1`, in the order they were added (one
    /// list rather than a list per key, which cost the compiler a growing
    /// allocation per candidate).
    extra: Vec<(u32, ItemId, Option<Color>)>,
    /// The houses (cells of `n` different digits) and each cell's.
    houses: Vec<Vec<u16>>,
    cell_houses: Vec<Vec<u32>>,
    /// Options not placing digits, added after the cell options: their
    /// entries one after another, and where each option ends.
    entries: Vec<(ItemId, Option<Color>)>,
    ends: Vec<usize>,
}

impl DlxSolver {
    /// Compiles `puzzle` under rules with constraints into `self.colored`
    /// and the map of its options to placements (`full_option`).
    pub(super) fn compile_colored(&mut self, puzzle: &Grid) -> Result<(), PuzzleError> {
        if puzzle.shape() != self.shape() {
            return Err(PuzzleError::Shape {
                expected: self.shape(),
                found: puzzle.shape(),
            });
        }
        let mut b = Builder::new(&self.variant, &self.houses);
        b.givens(puzzle.cells());
        b.constraints();
        let (problem, full_option) = b.finish();
        self.colored = problem;
        self.full_option = full_option;
        self.placed.clear();
        self.placed_ends.clear();
        self.deduced.clear();
        Ok(())
    }
}

impl<'v> Builder<'v> {
    fn new(variant: &'v Variant, houses: &[House]) -> Self {
        let n = variant.n();
        let all: u64 = if n == 64 { !0 } else { (1 << n) - 1 };
        let mut problem = Problem::new();
        let cell_item = (0..n * n)
            .map(|_| problem.add_item(ItemKind::Primary))
            .collect();
        let color_item = (0..n * n)
            .map(|_| problem.add_item(ItemKind::Secondary))
            .collect();
        let mut houses: Vec<Vec<u16>> = houses.iter().map(|h| h.cells.clone()).collect();
        for c in variant.constraints() {
            if let Constraint::Distinct(cells) = c
                && cells.len() == n
            {
                houses.push(cells.clone());
            }
        }
        let mut cell_houses = vec![Vec::new(); n * n];
        for (h, cells) in houses.iter().enumerate() {
            for &cell in cells {
                cell_houses[cell as usize].push(h as u32);
            }
        }
        Self {
            n,
            variant,
            problem,
            cand: vec![all; n * n],
            cell_item,
            color_item,
            extra: Vec::new(),
            houses,
            cell_houses,
            entries: Vec::new(),
            ends: Vec::new(),
        }
    }

    /// The cell whose color item `item` is, if it is one (they are
    /// numbered after the cell items, in cell order).
    fn color_cell(&self, item: ItemId) -> Option<usize> {
        let first = self.color_item.first()?.0;
        let cell = item.0.checked_sub(first)? as usize;
        (cell < self.color_item.len()).then_some(cell)
    }

    /// Whether cells `a` and `b` share a house (so hold different digits).
    fn sees(&self, a: u16, b: u16) -> bool {
        let hb = &self.cell_houses[b as usize];
        a != b && self.cell_houses[a as usize].iter().any(|h| hb.contains(h))
    }

    /// The givens as single candidates, taken out of their houses' other
    /// cells; the parities as candidates too.
    fn givens(&mut self, cells: &[u8]) {
        for (cell, &d) in cells.iter().enumerate() {
            if d == 0 {
                continue;
            }
            let bit = 1u64 << (d - 1);
            for &h in &self.cell_houses[cell] {
                for &other in &self.houses[h as usize] {
                    self.cand[other as usize] &= !bit;
                }
            }
        }
        for (cell, &d) in cells.iter().enumerate() {
            if d != 0 {
                // A given clashing with another keeps no candidate.
                let bit = 1u64 << (d - 1);
                let clash = self.cell_houses[cell].iter().any(|&h| {
                    self.houses[h as usize]
                        .iter()
                        .any(|&o| o as usize != cell && cells[o as usize] == d)
                });
                self.cand[cell] = if clash { 0 } else { bit };
            }
        }
        for c in self.variant.constraints() {
            if let Constraint::Parity { cell, even } = *c {
                let odd_bits = (0..self.n).step_by(2).fold(0u64, |m, i| m | 1 << i);
                self.cand[cell as usize] &= if even { !odd_bits } else { odd_bits };
            }
        }
    }

    /// Every constraint's items and options (and the killer cages of the
    /// variant, as cages with sums).
    fn constraints(&mut self) {
        let n = self.n;
        let variant = self.variant;
        for cage in variant.cages() {
            self.cage(&cage.cells, Some(cage.sum));
        }
        for c in variant.constraints() {
            match c {
                Constraint::Thermometer(cells) => {
                    let len = cells.len() as u32;
                    let fits = self.tuples(cells, &|d: &[u32]| {
                        let i = d.len() - 1;
                        (i == 0 || d[i] > d[i - 1]) && d[i] + (len - 1 - i as u32) <= n as u32
                    });
                    if !fits {
                        self.chain(cells, &|_, last, d| (d > last).then_some(d), &|_| true);
                    }
                }
                Constraint::Whispers { cells, gap } => {
                    let gap = *gap;
                    let fits = self.tuples(cells, &|d: &[u32]| {
                        let i = d.len() - 1;
                        i == 0 || d[i].abs_diff(d[i - 1]) >= gap
                    });
                    if !fits {
                        self.chain(
                            cells,
                            &|pos, last, d| (pos == 0 || d.abs_diff(last) >= gap).then_some(d),
                            &|_| true,
                        );
                    }
                }
                Constraint::Arrow { bulb, shaft } => {
                    let cells: Vec<u16> = bulb.iter().chain(shaft).copied().collect();
                    let (b, s) = (bulb.len(), shaft.len());
                    let fits = self.tuples(&cells, &|d: &[u32]| {
                        if d.len() <= b {
                            return true;
                        }
                        let value = decimal(d[..b].iter().copied());
                        let sum: u64 = d[b..].iter().map(|&x| u64::from(x)).sum();
                        let left = (b + s - d.len()) as u64;
                        sum + left <= value && (d.len() < b + s || sum == value)
                    });
                    if !fits {
                        let most = (s * n) as u64;
                        self.chain(
                            &cells,
                            &|pos, state, d| {
                                if pos < b {
                                    let v = decimal([state, d].into_iter().filter(|&x| x > 0));
                                    return (v <= most).then_some(v as u32);
                                }
                                let left = (b + s - 1 - pos) as u32;
                                state.checked_sub(d).filter(|&r| r >= left)
                            },
                            &|state| state == 0,
                        );
                    }
                }
                Constraint::Cage { cells, sum } => self.cage(cells, *sum),
                Constraint::LittleKiller { cells, sum } => {
                    let sum = *sum;
                    let len = cells.len();
                    let cap = cap().saturating_mul(LITTLE_KILLER_CAP / TUPLE_CAP);
                    let fits = self.tuples_up_to(
                        cells,
                        &|d: &[u32]| {
                            let s: u32 = d.iter().sum();
                            let left = (len - d.len()) as u32;
                            s + left <= sum && (d.len() < len || s == sum)
                        },
                        cap,
                    );
                    if !fits {
                        self.chain(cells, &|_, s, d| (s + d <= sum).then_some(s + d), &|s| {
                            s == sum
                        });
                    }
                }
                Constraint::Sandwich { cells, sum } => {
                    let (sum, top) = (*sum, n as u32);
                    // States: 0 before the first crust, 1 after the second,
                    // 2 + s between them with s added so far.
                    self.chain(
                        cells,
                        &|_, state, d| {
                            let crust = d == 1 || d == top;
                            match (state, crust) {
                                (0, true) => Some(2),
                                (0, false) => Some(0),
                                (1, true) => None,
                                (1, false) => Some(1),
                                (s, true) => (s - 2 == sum).then_some(1),
                                (s, false) => (s - 2 + d <= sum).then_some(s + d),
                            }
                        },
                        &|state| state == 1,
                    );
                }
                Constraint::Renban(cells) => {
                    let len = cells.len() as u32;
                    // Tuples while they fit, and the runs as digit sets
                    // always: a digit that the line's cells lose to their
                    // houses then takes out the runs that need it, which
                    // the tuples alone see only as the cells are filled
                    // (renban's file: 15% fewer nodes, 3.5% fewer
                    // instructions).
                    self.tuples(cells, &|d: &[u32]| {
                        let last = d[d.len() - 1];
                        let (lo, hi) = (d.iter().min(), d.iter().max());
                        !d[..d.len() - 1].contains(&last)
                            && matches!((lo, hi), (Some(lo), Some(hi)) if hi - lo < len)
                    });
                    let run = (1u64 << len) - 1;
                    let sets: Vec<u64> = (0..=n - len as usize).map(|s| run << s).collect();
                    self.sets(cells, &sets);
                }
                Constraint::Palindrome(cells) => {
                    let k = cells.len();
                    for i in 0..k / 2 {
                        self.matched([cells[i], cells[k - 1 - i]], &Some);
                    }
                }
                Constraint::Dot { cells, relation } => match *relation {
                    Relation::Sum(v) => self.matched(*cells, &|x| v.checked_sub(x)),
                    relation => self.pair(*cells, &|a, b| relation.holds(a, b)),
                },
                Constraint::Never { cells, relations } => self.never(*cells, relations),
                Constraint::AntiKnight => {
                    for cell in 0..n * n {
                        let (r, c) = ((cell / n) as i64, (cell % n) as i64);
                        for (dr, dc) in [(1, 2), (2, 1), (1, -2), (2, -1)] {
                            let (r2, c2) = (r + dr, c + dc);
                            if (0..n as i64).contains(&r2) && (0..n as i64).contains(&c2) {
                                let other = (r2 as usize * n + c2 as usize) as u16;
                                if !self.sees(cell as u16, other) {
                                    self.distinct(&[cell as u16, other]);
                                }
                            }
                        }
                    }
                }
                Constraint::AntiKing => {
                    for r in 0..n.saturating_sub(1) {
                        for c in 0..n - 1 {
                            let cell = |r: usize, c: usize| (r * n + c) as u16;
                            let block = [
                                cell(r, c),
                                cell(r, c + 1),
                                cell(r + 1, c),
                                cell(r + 1, c + 1),
                            ];
                            self.distinct(&block);
                        }
                    }
                }
                Constraint::Distinct(cells) => {
                    if cells.len() < n {
                        self.distinct(cells);
                    }
                }
                Constraint::Parity { .. } => {}
                Constraint::Quadruple { cells, digits } => {
                    let len = cells.len();
                    let fits = self.tuples(cells, &|d: &[u32]| {
                        // The listed digits the filling still lacks must
                        // fit in the cells left.
                        let mut lacking = digits.len();
                        let mut used = vec![false; d.len()];
                        for &v in digits.iter() {
                            if let Some(i) = (0..d.len()).find(|&i| !used[i] && d[i] == v as u32) {
                                used[i] = true;
                                lacking -= 1;
                            }
                        }
                        lacking <= len - d.len()
                    });
                    if !fits {
                        self.quadruple(cells, digits);
                    }
                }
                Constraint::Extreme { cell, minimum } => self.extreme(*cell, *minimum),
            }
        }
    }

    /// A cage of different digits, adding up to `sum` if given.
    fn cage(&mut self, cells: &[u16], sum: Option<u32>) {
        let n = self.n;
        let Some(sum) = sum else {
            self.distinct(cells);
            return;
        };
        let len = cells.len();
        let fits = self.tuples(cells, &|d: &[u32]| {
            let last = d[d.len() - 1];
            let s: u32 = d.iter().sum();
            let left = (len - d.len()) as u32;
            !d[..d.len() - 1].contains(&last) && s + left <= sum && (d.len() < len || s == sum)
        });
        if !fits {
            let sets = cage_sets(n, len, sum).unwrap_or_default();
            self.sets(cells, &sets);
        }
    }

    /// Two cells whose digits match one to one, the second `partner` of
    /// the first (an XV dot's `v - x`, a palindrome's mirrored cell's
    /// `x`): one secondary item colored by the first cell's digit, which
    /// the first cell's option for `x` and the second's for `partner(x)`
    /// both carry, so that two digits that do not match clash. Placing
    /// either digit purifies every other option of the other cell, as
    /// [`Builder::pair`]'s forbidden pairs would, with one entry in each
    /// cell option instead of one per digit it refuses. Digits with no
    /// partner are no candidates. Every grid whose two digits match
    /// colors the item once, with the first digit.
    fn matched(&mut self, cells: [u16; 2], partner: &dyn Fn(u32) -> Option<u32>) {
        let n = self.n;
        let [a, b] = cells.map(usize::from);
        let house = self.sees(cells[0], cells[1]);
        let pairs: Vec<(u32, u32)> = bits(self.cand[a])
            .filter_map(|x| partner(x).map(|y| (x, y)))
            .filter(|&(x, y)| {
                (1..=n as u32).contains(&y)
                    && self.cand[b] >> (y - 1) & 1 == 1
                    && !(house && x == y)
            })
            .collect();
        self.cand[a] = pairs.iter().fold(0, |m, &(x, _)| m | 1 << (x - 1));
        self.cand[b] = pairs.iter().fold(0, |m, &(_, y)| m | 1 << (y - 1));
        let matching = self.problem.add_item(ItemKind::Secondary);
        for (x, y) in pairs {
            self.extra
                .push(((a * n) as u32 + x - 1, matching, Some(Color(x))));
            self.extra
                .push(((b * n) as u32 + y - 1, matching, Some(Color(x))));
        }
    }

    /// Two cells whose digits `ok` admits (a kropki dot): the digits of
    /// each that no admitted pair holds are no candidates, and each
    /// refused pair of candidates gets its forbidden-pair item
    /// ([`Builder::forbid_apart`]). No item of the pair's own: its tuples
    /// (an option per admitted pair) cost more than they saved once the
    /// forbidden pairs narrow the other cell as soon as one is placed
    /// (callgrind, `--limit 2` on the minimal files: minimum-maximum,
    /// then on these pairs, 163.5M -> 74.8M instructions and 28,097 ->
    /// 13,252 nodes, kropki 138.3M -> 122.0M, kropki-positive 20.2M ->
    /// 17.9M; minimum/maximum cells are ladders now, [`Builder::extreme`]).
    fn pair(&mut self, cells: [u16; 2], ok: &dyn Fn(u32, u32) -> bool) {
        let house = self.sees(cells[0], cells[1]);
        let mut found = Vec::new();
        for x in bits(self.cand[cells[0] as usize]) {
            for y in bits(self.cand[cells[1] as usize]) {
                if !(house && x == y) && ok(x, y) {
                    found.extend([x, y]);
                }
            }
        }
        self.forbid_unsupported(&cells, &found);
    }

    /// A minimum (`minimum`) or maximum cell: less (more) than each of its
    /// orthogonal neighbours, in the order encoding. Flipping the digits
    /// of a maximum (`x` read as `n + 1 - x`) makes it a minimum, so take
    /// a minimum `m`: its ladder is one secondary item `L_t` per
    /// threshold `t`, meaning "`m > t`", which `m`'s option for `x` colors
    /// [`LADDER_YES`] for every `t < x` (and leaves alone for the others:
    /// saying "no" there would refuse nothing); a neighbour's option for
    /// `y` colors `L_{y-1}` [`LADDER_NO`] (one entry). They clash exactly
    /// when `y - 1 < x`, so a cover has `x < y`, and every neighbour
    /// shares the one ladder. Placing `m = x` purifies away every
    /// neighbour's `y <= x`, and placing a neighbour `y` every `x >= y` of
    /// `m`: what a forbidden item per refused pair did ([`Builder::pair`],
    /// the encoding before), with at most `x - 1` entries in `m`'s option
    /// for `x` and one in each neighbour's instead of one per refused
    /// digit per neighbour. The candidates are narrowed as
    /// [`Builder::pair`] narrows them, neighbour by neighbour. A maximum's
    /// ladder leaves out its neighbours that are minimum cells: their
    /// ladders already hold the pair.
    fn extreme(&mut self, cell: u16, minimum: bool) {
        let n = self.n;
        let (r, c) = (cell as usize / n, cell as usize % n);
        let mut neighbours = Vec::with_capacity(4);
        if r > 0 {
            neighbours.push(cell - n as u16);
        }
        if r + 1 < n {
            neighbours.push(cell + n as u16);
        }
        if c > 0 {
            neighbours.push(cell - 1);
        }
        if c + 1 < n {
            neighbours.push(cell + 1);
        }
        // Digits as the minimum's: `x` for a minimum, `n + 1 - x` for a
        // maximum.
        let flip = |x: u32| if minimum { x } else { n as u32 + 1 - x };
        let m = cell as usize;
        for &other in &neighbours {
            let house = self.sees(cell, other);
            let (mut seen_m, mut seen_o) = (0u64, 0u64);
            for x in bits(self.cand[m]) {
                for y in bits(self.cand[other as usize]) {
                    if !(house && x == y) && flip(x) < flip(y) {
                        seen_m |= 1 << (x - 1);
                        seen_o |= 1 << (y - 1);
                    }
                }
            }
            self.cand[m] = seen_m;
            self.cand[other as usize] = seen_o;
        }
        // A maximum next to a minimum leaves their pair to the minimum's
        // ladder, which holds it whole (one ladder per pair is enough).
        if !minimum {
            let is_minimum = |o: u16| {
                self.variant
                    .constraints()
                    .iter()
                    .any(|c| matches!(*c, Constraint::Extreme { cell, minimum: true } if cell == o))
            };
            neighbours.retain(|&o| !is_minimum(o));
        }
        // Thresholds 1..n-1 (on flipped digits) that some neighbour's
        // candidate uses.
        let mut used = vec![None; n];
        for &other in &neighbours {
            for y in bits(self.cand[other as usize]) {
                let t = flip(y) as usize - 1;
                if t >= 1 && used[t].is_none() {
                    used[t] = Some(self.problem.add_item(ItemKind::Secondary));
                }
                if let Some(item) = used[t] {
                    let key = other as u32 * n as u32 + y - 1;
                    self.extra.push((key, item, Some(LADDER_NO)));
                }
            }
        }
        for x in bits(self.cand[m]) {
            let key = m as u32 * n as u32 + x - 1;
            for item in used[..flip(x) as usize].iter().flatten() {
                self.extra.push((key, *item, Some(LADDER_YES)));
            }
        }
    }

    /// One primary item, one option per filling of `cells` (each digit a
    /// candidate of its cell, cells that share a house different) that
    /// `ok` admits; `ok` sees each prefix of the filling as it grows and
    /// may refuse it early. False, adding nothing, if there are more than
    /// [`TUPLE_CAP`] fillings.
    fn tuples(&mut self, cells: &[u16], ok: &dyn Fn(&[u32]) -> bool) -> bool {
        self.tuples_up_to(cells, ok, cap())
    }

    /// [`Builder::tuples`] with at most `cap` fillings.
    fn tuples_up_to(&mut self, cells: &[u16], ok: &dyn Fn(&[u32]) -> bool, cap: usize) -> bool {
        let k = cells.len();
        let sees: Vec<Vec<bool>> = (0..k)
            .map(|i| (0..i).map(|j| self.sees(cells[i], cells[j])).collect())
            .collect();
        // The fillings found, `k` digits each.
        let mut found: Vec<u32> = Vec::new();
        let mut digits: Vec<u32> = Vec::with_capacity(k);
        // Iterative depth-first search; `next[i]` is the candidates of
        // cell `i` still to try.
        let mut next: Vec<u64> = vec![0; k];
        if k == 0 {
            return true;
        }
        next[0] = self.cand[cells[0] as usize];
        let mut steps = 0usize;
        loop {
            let i = digits.len();
            if next[i] == 0 {
                if i == 0 {
                    break;
                }
                digits.pop();
                continue;
            }
            steps += 1;
            if steps > TUPLE_CAP.max(cap.saturating_mul(4)).saturating_mul(64) {
                return false;
            }
            let d = next[i].trailing_zeros() + 1;
            next[i] &= next[i] - 1;
            if (0..i).any(|j| sees[i][j] && digits[j] == d) {
                continue;
            }
            digits.push(d);
            if !ok(&digits) {
                digits.pop();
                continue;
            }
            if digits.len() == k {
                if found.len() == cap * k {
                    return false;
                }
                found.extend_from_slice(&digits);
                digits.pop();
            } else {
                next[i + 1] = self.cand[cells[i + 1] as usize];
            }
        }
        self.forbid_unsupported(cells, &found);
        let item = self.problem.add_item(ItemKind::Primary);
        for filling in found.chunks_exact(k) {
            self.entries.push((item, None));
            for (&cell, &d) in cells.iter().zip(filling) {
                self.entries
                    .push((self.color_item[cell as usize], Some(Color(d))));
            }
            self.ends.push(self.entries.len());
        }
        true
    }

    /// The consequences of a constraint's `fillings` for each two of its
    /// cells, as [`Builder::forbid_apart`] holds them.
    /// `fillings` lists them one after another, `cells.len()` digits each.
    fn forbid_unsupported(&mut self, cells: &[u16], fillings: &[u32]) {
        let mut support = Support::new(cells.len(), self.n);
        for filling in fillings.chunks_exact(cells.len()) {
            support.add(filling);
        }
        self.forbid_apart(cells, &support);
    }

    /// What a constraint's `support` says of each two of its cells, as
    /// exact cover can hold it: a digit no admissible filling puts in a
    /// cell is no candidate of it, and a pair of candidates that no
    /// filling puts together gets an uncolored secondary item in both
    /// cells' options for them (as [`Builder::pair`] does), so that
    /// placing a digit takes out at once what it rules out in the
    /// constraint's other cells. Every grid that obeys the rules keeps its
    /// one cover: the constraint's own items still decide, these only
    /// refuse what it refuses.
    fn forbid_apart(&mut self, cells: &[u16], support: &Support) {
        let (n, k) = (self.n, cells.len());
        for (i, &cell) in cells.iter().enumerate() {
            self.cand[cell as usize] &= support.seen[i];
        }
        for i in 0..k {
            for j in i + 1..k {
                let (a, b) = (cells[i], cells[j]);
                let house = self.sees(a, b);
                for x in bits(support.seen[i]) {
                    let refused = support.seen[j] & !support.beside(i, j, x);
                    for y in bits(refused) {
                        if (house && x == y) || a == b {
                            continue;
                        }
                        let item = self.problem.add_item(ItemKind::Secondary);
                        self.extra.push((a as u32 * n as u32 + x - 1, item, None));
                        self.extra.push((b as u32 * n as u32 + y - 1, item, None));
                    }
                }
            }
        }
    }

    /// A chain over `cells`: a primary item per cell and a secondary item
    /// between each two, colored by the automaton's state after the
    /// first. `step(pos, state, d)` is the state after digit `d` at
    /// position `pos` (the state before the first cell is 0), `None` if
    /// the digit cannot follow; `accept` the states the last cell may end
    /// in. Only states reachable from the start that can still reach an
    /// accepted end become colors.
    fn chain(
        &mut self,
        cells: &[u16],
        step: &dyn Fn(usize, u32, u32) -> Option<u32>,
        accept: &dyn Fn(u32) -> bool,
    ) {
        let k = cells.len();
        // Forward: the states after each position.
        let mut before = States::default();
        before.insert(0);
        let mut states = States::default();
        let mut moves: Vec<Vec<(u32, u32, u32)>> = Vec::with_capacity(k);
        for (pos, &cell) in cells.iter().enumerate() {
            states.clear();
            let mut list = Vec::new();
            for s in before.iter() {
                let mut cand = self.cand[cell as usize];
                while cand != 0 {
                    let d = cand.trailing_zeros() + 1;
                    cand &= cand - 1;
                    if let Some(t) = step(pos, s, d) {
                        if pos + 1 == k && !accept(t) {
                            continue;
                        }
                        states.insert(t);
                        list.push((s, d, t));
                    }
                }
            }
            moves.push(list);
            std::mem::swap(&mut before, &mut states);
        }
        // Backward: keep the moves that end in a kept state (`before` now
        // holds the accepted ends).
        let mut live = before;
        for pos in (0..k).rev() {
            moves[pos].retain(|&(_, _, t)| live.contains(t));
            live.clear();
            for &(s, _, _) in &moves[pos] {
                live.insert(s);
            }
        }
        let support = Support::of_paths(&moves, self.n);
        self.forbid_apart(cells, &support);
        let items: Vec<ItemId> = (0..k)
            .map(|_| self.problem.add_item(ItemKind::Primary))
            .collect();
        let links: Vec<ItemId> = (1..k)
            .map(|_| self.problem.add_item(ItemKind::Secondary))
            .collect();
        for (pos, list) in moves.iter().enumerate() {
            for &(s, d, t) in list {
                self.entries.push((items[pos], None));
                self.entries
                    .push((self.color_item[cells[pos] as usize], Some(Color(d))));
                if pos > 0 {
                    self.entries.push((links[pos - 1], Some(Color(s + 1))));
                }
                if pos + 1 < k {
                    self.entries.push((links[pos], Some(Color(t + 1))));
                }
                self.ends.push(self.entries.len());
            }
        }
    }

    /// Different digits in `cells` making one of `sets` (masks): a primary
    /// item with an option per set, and a primary item per digit, covered
    /// by the cell holding it or by the set without it.
    fn sets(&mut self, cells: &[u16], sets: &[u64]) {
        let n = self.n;
        let group = self.problem.add_item(ItemKind::Primary);
        let digit: Vec<ItemId> = (0..n)
            .map(|_| self.problem.add_item(ItemKind::Primary))
            .collect();
        for &cell in cells {
            for (d, &item) in digit.iter().enumerate() {
                self.extra
                    .push(((cell as usize * n + d) as u32, item, None));
            }
        }
        for &set in sets {
            self.entries.push((group, None));
            for (d, &item) in digit.iter().enumerate() {
                if set >> d & 1 == 0 {
                    self.entries.push((item, None));
                }
            }
            self.ends.push(self.entries.len());
        }
    }

    /// At most one of `cells` holds each digit: an uncolored secondary
    /// item per digit.
    fn distinct(&mut self, cells: &[u16]) {
        let n = self.n;
        for d in 0..n {
            let item = self.problem.add_item(ItemKind::Secondary);
            for &cell in cells {
                self.extra
                    .push(((cell as usize * n + d) as u32, item, None));
            }
        }
    }

    /// Two cells that share a row or column (so differ) satisfying none
    /// of `relations`: an uncolored secondary item per forbidden pair of
    /// different digits, covered by both digits in both cells.
    fn never(&mut self, cells: [u16; 2], relations: &[Relation]) {
        let n = self.n as u32;
        for x in 1..=n {
            for y in x + 1..=n {
                if relations.iter().any(|r| r.holds(x, y)) {
                    let item = self.problem.add_item(ItemKind::Secondary);
                    for cell in cells {
                        for d in [x, y] {
                            let key = cell as usize * self.n + d as usize - 1;
                            self.extra.push((key as u32, item, None));
                        }
                    }
                }
            }
        }
    }

    /// Each listed digit `v` (listed `m` times) in at least `m` of the
    /// cells: a primary item per digit with an option per set `S` of at
    /// least `m` cells, coloring the cells of `S` with `v` and covering an
    /// uncolored "not `v`" item of each other cell, which that cell's
    /// option for `v` also covers.
    fn quadruple(&mut self, cells: &[u16], digits: &[u8]) {
        let n = self.n;
        let mut values: Vec<u8> = digits.to_vec();
        values.dedup();
        for v in values {
            let m = digits.iter().filter(|&&d| d == v).count();
            let item = self.problem.add_item(ItemKind::Primary);
            let not: Vec<ItemId> = cells
                .iter()
                .map(|&cell| {
                    let it = self.problem.add_item(ItemKind::Secondary);
                    self.extra
                        .push(((cell as usize * n + v as usize - 1) as u32, it, None));
                    it
                })
                .collect();
            for subset in 1u32..1 << cells.len() {
                if (subset.count_ones() as usize) < m {
                    continue;
                }
                self.entries.push((item, None));
                for (i, &cell) in cells.iter().enumerate() {
                    if subset >> i & 1 == 1 {
                        self.entries
                            .push((self.color_item[cell as usize], Some(Color(u32::from(v)))));
                    } else {
                        self.entries.push((not[i], None));
                    }
                }
                self.ends.push(self.entries.len());
            }
        }
    }

    /// The problem, with its cell options first, and each option's full
    /// number (`cell * n + d - 1` for a cell option, [`no_placement`] for
    /// the others).
    fn finish(mut self) -> (Problem, Vec<u32>) {
        let n = self.n;
        let house_base: Vec<ItemId> = (0..self.houses.len() * n)
            .map(|_| self.problem.add_item(ItemKind::Primary))
            .collect();
        // The extra items by key, each key's in the order they were added.
        let mut start = vec![0usize; n * n * n + 1];
        for &(key, _, _) in &self.extra {
            start[key as usize + 1] += 1;
        }
        for key in 0..n * n * n {
            start[key + 1] += start[key];
        }
        let mut at = start.clone();
        let mut by_key = vec![(ItemId(0), None); self.extra.len()];
        for &(key, item, color) in &self.extra {
            by_key[at[key as usize]] = (item, color);
            at[key as usize] += 1;
        }
        // The cells whose color some other option reads (a tuple, a chain
        // link, a quadruple's set): only their options carry it, since
        // purifying a color no one else reads is work for nothing.
        let mut read = vec![false; n * n];
        for &(item, _) in &self.entries {
            if let Some(cell) = self.color_cell(item) {
                read[cell] = true;
            }
        }
        let mut full = Vec::with_capacity(n * n * n + self.ends.len());
        for (cell, &read) in read.iter().enumerate() {
            let mut cand = self.cand[cell];
            while cand != 0 {
                let d = cand.trailing_zeros() as usize;
                cand &= cand - 1;
                let key = cell * n + d;
                let color = (self.color_item[cell], Some(Color(d as u32 + 1)));
                let option = std::iter::once((self.cell_item[cell], None))
                    .chain(read.then_some(color))
                    .chain(
                        self.cell_houses[cell]
                            .iter()
                            .map(|&h| (house_base[h as usize * n + d], None)),
                    )
                    .chain(by_key[start[key]..start[key + 1]].iter().copied());
                // Items are distinct by construction; a failure here would
                // be a compiler bug, and the option is then left out.
                if self.problem.add_colored_option(option).is_ok() {
                    full.push(key as u32);
                }
            }
        }
        let mut from = 0;
        for &end in &self.ends {
            let option = self.entries[from..end].iter().copied();
            if self.problem.add_colored_option(option).is_ok() {
                full.push(no_placement(n));
            }
            from = end;
        }
        (self.problem, full)
    }
}

#[cfg(test)]
mod tests;
