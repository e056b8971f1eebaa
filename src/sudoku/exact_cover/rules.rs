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
//!   killer, a sandwich past the sides' cap) is a chain of primary items, one per cell, and a
//!   secondary item between each two, colored by the state of a small
//!   automaton (the last digit, the sum so far, the sandwich's phase); a
//!   little killer's chain items are *preferred* (`Problem::set_preferred`:
//!   branched on before any item of three options or more), since the
//!   fewest-options rule alone leaves a chain, and its sum, for last;
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
//! * **sides**: a sandwich is a primary item with an option per place of
//!   its crusts and set of middle digits between them, coloring each
//!   position of the line and each middle digit by its side (outside,
//!   inside, crust); a cell option is split into one option per side of
//!   each of the cell's sandwich lines, coloring the cell's position and
//!   its digit alike, so both sides of the line see each digit placed;
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

use super::{Compiled, Grid, House, PuzzleError, Tables, Variant};
use crate::dlx::{Color, ItemId, ItemKind, Problem, Propagate};
use crate::sudoku::constraint::{Constraint, Relation, decimal};

/// The most fillings a constraint may have to be compiled to them (a
/// tuple option each) rather than to a chain or digit sets.
pub(super) const TUPLE_CAP: usize = 2048;

/// The tuple cap of a little killer, a quarter of [`TUPLE_CAP`]. A
/// diagonal crosses houses, so its fillings are many; each cuts the
/// search more than its chain does, but finding them (and, for a long
/// diagonal, finding that they are too many) costs the compile more than
/// they save once the constrained cells lead the search's ties
/// ([`Builder::lead_constrained_cells`]). The minimal little-killer file
/// (`dlx count --limit 2 --threads 1`, CPU a puzzle, best of five, twice):
/// cap 0 (chains only) 99,528 nodes, 3.0 ms; 256: 46,800 nodes, 1.67 ms;
/// 512: 39,034 nodes, 1.58 to 1.65 ms; 2,048: 33,933 nodes, 1.82 to 1.87
/// ms; 8,192: 18,561 nodes, 2.42 to 2.48 ms. (Before that order, 8,192
/// was the best: 127,637 nodes against 274,305 at 2,048.)
const LITTLE_KILLER_CAP: usize = TUPLE_CAP / 4;

/// The colors of a minimum or maximum cell's ladder items
/// ([`Builder::extreme`]): the cell's digit past the threshold (its own
/// options), or a neighbour's digit that needs it not to be.
const LADDER_YES: Color = Color(1);
const LADDER_NO: Color = Color(2);

/// The colors of a sandwich line's items ([`Builder::sandwich_sides`]):
/// a cell or middle digit outside the crusts, between them, or a crust.
const OUTSIDE: Color = Color(1);
const INSIDE: Color = Color(2);
const CRUST: Color = Color(3);

/// A sandwich line compiled to its sides ([`Builder::sandwich_sides`]):
/// a secondary item per position on the line and per middle digit (`2`
/// to `n - 1`, at `digit[d - 2]`), colored by its side.
struct Sides {
    position: Vec<ItemId>,
    digit: Vec<ItemId>,
}

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
    /// Each cell's houses, `cell_houses[house_at[c]..house_at[c + 1]]`
    /// for cell `c` (one list for all, not a list per cell to allocate).
    house_at: Vec<u32>,
    cell_houses: Vec<u32>,
    /// Options not placing digits, added after the cell options: their
    /// entries one after another, and where each option ends.
    entries: Vec<(ItemId, Option<Color>)>,
    ends: Vec<usize>,
    /// The sandwich lines compiled to their sides, and each cell's, as
    /// (line, position on it): a cell option is then one option per side
    /// the cell may be on in each.
    sides: Vec<Sides>,
    cell_sides: Vec<Vec<(u32, u32)>>,
    /// Primary items the search should take first on a tie of lengths
    /// (a sandwich's line, a digit set's group and digits, a little
    /// killer's or quadruple's tuple item, then the cells constraints
    /// name): `finish` numbers them first (after the preferred ones), in
    /// this order.
    leading: Vec<ItemId>,
    /// Primary items the search should branch on before any other whose
    /// options are two or more ([`Problem::set_preferred`]): a little
    /// killer's chain, one item per cell of its diagonal. `finish`
    /// numbers them first of all, before the [`Builder::leading`] ones.
    preferred: Vec<ItemId>,
}

impl Compiled {
    /// Compiles `puzzle` under the rules of `tables`, which carry
    /// constraints, into `colored` (running `propagate`) and the map of
    /// its options to placements (`full_option`).
    pub(super) fn compile_colored(
        &mut self,
        tables: &Tables,
        puzzle: &Grid,
        propagate: Propagate,
    ) -> Result<(), PuzzleError> {
        if puzzle.shape() != tables.shape() {
            return Err(PuzzleError::Shape {
                expected: tables.shape(),
                found: puzzle.shape(),
            });
        }
        // The problem before, emptied: its lists keep their memory.
        let mut b = Builder::new(
            &tables.variant,
            &tables.houses,
            std::mem::take(&mut self.colored),
        );
        b.givens(puzzle.cells());
        b.constraints();
        let (problem, full_option) = b.finish(&tables.linear_rules, propagate);
        self.colored = problem;
        self.full_option = full_option;
        self.placed.clear();
        self.placed_ends.clear();
        self.deduced.clear();
        Ok(())
    }
}

impl<'v> Builder<'v> {
    /// A builder for `variant` with `houses`, building in `problem`
    /// (emptied first; its memory is kept).
    fn new(variant: &'v Variant, houses: &[House], mut problem: Problem) -> Self {
        let n = variant.n();
        let all: u64 = if n == 64 { !0 } else { (1 << n) - 1 };
        problem.clear();
        let cell_item = problem.add_items(ItemKind::Primary, n * n).collect();
        let color_item = problem.add_items(ItemKind::Secondary, n * n).collect();
        let mut houses: Vec<Vec<u16>> = houses.iter().map(|h| h.cells.clone()).collect();
        for c in variant.constraints() {
            if let Constraint::Distinct(cells) = c
                && cells.len() == n
            {
                houses.push(cells.clone());
            }
        }
        let mut house_at = vec![0u32; n * n + 1];
        for cells in &houses {
            for &cell in cells {
                house_at[cell as usize + 1] += 1;
            }
        }
        for c in 0..n * n {
            house_at[c + 1] += house_at[c];
        }
        let mut cell_houses = vec![0u32; house_at[n * n] as usize];
        let mut next = house_at.clone();
        for (h, cells) in houses.iter().enumerate() {
            for &cell in cells {
                cell_houses[next[cell as usize] as usize] = h as u32;
                next[cell as usize] += 1;
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
            house_at,
            cell_houses,
            entries: Vec::new(),
            ends: Vec::new(),
            sides: Vec::new(),
            cell_sides: Vec::new(),
            leading: Vec::new(),
            preferred: Vec::new(),
        }
    }

    /// The cell whose color item `item` is, if it is one (they are
    /// numbered after the cell items, in cell order).
    fn color_cell(&self, item: ItemId) -> Option<usize> {
        let first = self.color_item.first()?.0;
        let cell = item.0.checked_sub(first)? as usize;
        (cell < self.color_item.len()).then_some(cell)
    }

    /// Where the houses of `cell` lie in `cell_houses`.
    fn house_range(&self, cell: usize) -> std::ops::Range<usize> {
        self.house_at[cell] as usize..self.house_at[cell + 1] as usize
    }

    /// The houses of `cell`, as indices into `houses`.
    fn houses_of(&self, cell: usize) -> &[u32] {
        &self.cell_houses[self.house_range(cell)]
    }

    /// Whether cells `a` and `b` share a house (so hold different digits).
    fn sees(&self, a: u16, b: u16) -> bool {
        let hb = self.houses_of(b as usize);
        a != b && self.houses_of(a as usize).iter().any(|h| hb.contains(h))
    }

    /// The givens as single candidates, taken out of their houses' other
    /// cells; the parities as candidates too.
    fn givens(&mut self, cells: &[u8]) {
        for (cell, &d) in cells.iter().enumerate() {
            if d == 0 {
                continue;
            }
            let bit = 1u64 << (d - 1);
            // By range: `cand` is written while the houses are read.
            for &h in &self.cell_houses[self.house_range(cell)] {
                for &other in &self.houses[h as usize] {
                    self.cand[other as usize] &= !bit;
                }
            }
        }
        for (cell, &d) in cells.iter().enumerate() {
            if d != 0 {
                // A given clashing with another keeps no candidate.
                let bit = 1u64 << (d - 1);
                let clash = self.houses_of(cell).iter().any(|&h| {
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

    /// Puts the cells that constraints name among the
    /// [`Builder::leading`] items, after the constraints' own: the most
    /// constrained first (the number of constraints naming the cell, then
    /// of its negative-rule pairs, which name almost every cell), the
    /// others in cell order. The search's tie-break is then the degree
    /// rule of constraint solvers: of two cells with as few candidates,
    /// the one more constraints watch. On the minimal files (`dlx count
    /// --limit 2`): little killers 104,966 -> 18,561 nodes, thermometers
    /// 6,491 -> 2,614, renban 14,551 -> 9,380, quadruples 3,436 -> 1,622,
    /// arrows 4,603 -> 2,758, whispers 3,564 -> 2,183, minimum/maximum
    /// 13,252 -> 10,676, XV 8,197 -> 6,519, kropki 5,448 -> 4,575,
    /// non-consecutive 1,407,135 -> 1,270,142; no file took more.
    fn lead_constrained_cells(&mut self) {
        let cells = self.n * self.n;
        // (constraints, negative-rule pairs) naming each cell.
        let mut degree = vec![(0u32, 0u32); cells];
        for c in self.variant.constraints() {
            let negative = matches!(c, Constraint::Never { .. });
            for cell in c.cells() {
                let d = &mut degree[cell as usize];
                if negative {
                    d.1 += 1;
                } else {
                    d.0 += 1;
                }
            }
        }
        let mut named: Vec<usize> = (0..cells).filter(|&c| degree[c] != (0, 0)).collect();
        named.sort_by_key(|&c| std::cmp::Reverse(degree[c]));
        self.leading
            .extend(named.iter().map(|&c| self.cell_item[c]));
    }

    /// Numbers the [`Builder::leading`] items first, the others after
    /// them in their order, in the problem (which has no option yet), and
    /// returns each item's new number by its old. The search takes the
    /// first item of the fewest options, so on a tie it now branches on a
    /// sandwich's line or a digit set before a cell: on the minimal files
    /// (`--limit 2`), sandwich sums 30,919 -> 12,225 nodes, renban 20,549
    /// -> 14,551, little killers 127,637 -> 104,966, quadruples 4,428 ->
    /// 3,436; every tuple's item first was worse for thermometers (6,491
    /// -> 7,301) and whispers (3,564 -> 5,336) and did little for arrows
    /// (4,603 -> 4,469), so theirs stay after the cells.
    fn lead(&mut self) -> Vec<u32> {
        let total = self.problem.item_count();
        let kinds: Vec<ItemKind> = (0..total as u32)
            .map(|i| self.problem.item_kind(ItemId(i)))
            .collect();
        let mut leads = vec![false; total];
        for item in &self.leading {
            leads[item.0 as usize] = true;
        }
        let mut map = vec![0u32; total];
        let order = self
            .leading
            .iter()
            .map(|item| item.0 as usize)
            .chain((0..total).filter(|&i| !leads[i]));
        for (new, old) in order.enumerate() {
            map[old] = new as u32;
        }
        // The items again, in runs of one kind.
        let mut by_new = vec![ItemKind::Primary; total];
        for (old, &new) in map.iter().enumerate() {
            by_new[new as usize] = kinds[old];
        }
        self.problem.clear();
        for run in by_new.chunk_by(|a, b| a == b) {
            // Numbered in order: their numbers are `map`'s.
            let _ = self.problem.add_items(run[0], run.len());
        }
        map
    }

    /// Numbers the [`Builder::preferred`] items first, the
    /// [`Builder::leading`] ones (the constrained cells added) after them,
    /// the others last, renumbering every item the builder holds and
    /// `house_base`, and tells the problem how many are preferred: being
    /// numbered first, and primary, they are its first primary items.
    fn number_items(&mut self, house_base: &mut [ItemId]) {
        self.lead_constrained_cells();
        let preferred = self.preferred.len();
        // No item is both (only chain items are preferred, and no chain
        // item leads), so each is numbered once.
        self.leading
            .splice(0..0, std::mem::take(&mut self.preferred));
        // Numbered as they lead already (the cells alone, in their order,
        // as when every cell is named once): nothing to renumber.
        let in_place = self
            .leading
            .iter()
            .enumerate()
            .all(|(i, item)| item.0 == i as u32);
        if !in_place {
            let map = self.lead();
            let renumber = |item: &mut ItemId| *item = ItemId(map[item.0 as usize]);
            self.extra.iter_mut().for_each(|e| renumber(&mut e.1));
            self.entries.iter_mut().for_each(|e| renumber(&mut e.0));
            self.cell_item.iter_mut().for_each(renumber);
            self.color_item.iter_mut().for_each(renumber);
            house_base.iter_mut().for_each(renumber);
            for sides in &mut self.sides {
                sides.position.iter_mut().for_each(renumber);
                sides.digit.iter_mut().for_each(renumber);
            }
        }
        self.problem.set_preferred(preferred);
    }

    /// The problem, with its cell options first, and each option's full
    /// number (`cell * n + d - 1` for a cell option, [`no_placement`] for
    /// the others).
    fn finish(mut self, rules: &[LinearRule], propagate: Propagate) -> (Problem, Vec<u32>) {
        let n = self.n;
        let mut house_base: Vec<ItemId> = self
            .problem
            .add_items(ItemKind::Primary, self.houses.len() * n)
            .collect();
        self.number_items(&mut house_base);
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
        // One cell option at a time, in a list of its own (a chain of
        // iterators cost the compiler more than the items it carried).
        let mut option: Vec<(ItemId, Option<Color>)> = Vec::new();
        for (cell, &read) in read.iter().enumerate() {
            let mut cand = self.cand[cell];
            while cand != 0 {
                let d = cand.trailing_zeros() as usize;
                cand &= cand - 1;
                let key = cell * n + d;
                option.clear();
                option.push((self.cell_item[cell], None));
                if read {
                    option.push((self.color_item[cell], Some(Color(d as u32 + 1))));
                }
                option.extend(
                    self.houses_of(cell)
                        .iter()
                        .map(|&h| (house_base[h as usize * n + d], None)),
                );
                option.extend_from_slice(&by_key[start[key]..start[key + 1]]);
                let sides = self.cell_sides.get(cell).map_or(&[][..], Vec::as_slice);
                // One option per choice of side on each sandwich line of
                // the cell: a crust digit is a crust, a middle digit
                // outside or inside, with the cell's position alike.
                let crust = d == 0 || d == n - 1;
                let choices = if crust { 1 } else { 1usize << sides.len() };
                let base = option.len();
                for choice in 0..choices {
                    option.truncate(base);
                    for (i, &(line, at)) in sides.iter().enumerate() {
                        let line = &self.sides[line as usize];
                        if crust {
                            option.push((line.position[at as usize], Some(CRUST)));
                        } else {
                            let side = if choice >> i & 1 == 1 {
                                INSIDE
                            } else {
                                OUTSIDE
                            };
                            option.push((line.position[at as usize], Some(side)));
                            option.push((line.digit[d - 1], Some(side)));
                        }
                    }
                    // Items are distinct by construction; a failure here
                    // would be a compiler bug, and the option is then left
                    // out.
                    if self
                        .problem
                        .add_colored_option(option.iter().copied())
                        .is_ok()
                    {
                        full.push(key as u32);
                    }
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
        self.problem.set_propagate(propagate);
        if propagate.sums() {
            self.add_sums(&full, rules);
        }
        (self.problem, full)
    }
}

mod encode;
mod kinds;
mod sums;

pub(super) use sums::{LinearRule, linear_rules};

#[cfg(test)]
mod tests;
