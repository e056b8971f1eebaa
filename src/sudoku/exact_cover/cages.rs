//! Killer cages in the compiler: which cages get one option per
//! placement and which keep their digit sets ("Killer cages: two
//! encodings" in the parent module), the placements' enumeration, and the
//! sums that houses and bands force ("Killer sums").
//!
//! Invariant: a cage's placements are exactly the fillings its digit sets
//! allow given the givens; an enumeration that passes its cap or budget
//! leaves the cage on its digit sets, never with a partial list.

use super::compile::Givens;
use super::{
    Cages, Clash, Compiled, House, NO_CAGE, PLACEMENT_CAP, Scratch, Settled, Tables, Variant,
    cage_sets,
};

impl Settled {
    /// Decides, per cage, whether it is compiled to one option per
    /// placement of its digits in its empty cells (`by_placement`, the
    /// placements in `out`'s `placed`): when `cages` allows it and the cage has at
    /// most [`PLACEMENT_CAP`] placements that give every empty cell one
    /// of its candidates (no digit given in the cell's houses or the
    /// cage), all different, adding up to the cage's sum less its givens.
    /// Such digits, with the givens, are always one of the cage's digit
    /// sets that hold its givens, so the placements are exactly the ways
    /// the cage can be filled by the sets' rule.
    pub(super) fn choose_placements<H: AsRef<[u8]>>(
        &mut self,
        tables: &Tables,
        givens: Givens<'_, H>,
        cages: Cages,
        scratch: &mut Scratch,
        out: &mut Compiled,
    ) {
        let n = tables.n;
        let all: u64 = if n == 64 { !0 } else { (1 << n) - 1 };
        let Givens { table, cells, used } = givens;
        self.by_placement.clear();
        out.placed.clear();
        out.placed_ends.clear();
        for (k, cage) in tables.variant.cages().iter().enumerate() {
            scratch.cage_cells.clear();
            scratch.cage_candidates.clear();
            let given = self.cage_given[k];
            let allowed = self.cage_allowed[k] & !given;
            for &cell in &cage.cells {
                let cell = cell as usize;
                if cells[cell] == 0 {
                    let mut seen = 0;
                    for &h in table[cell].as_ref() {
                        seen |= used[h as usize];
                    }
                    let marks = tables.variant.candidates().map_or(all, |m| m[cell]);
                    scratch.cage_cells.push(cell);
                    let rest = if self.rest_on {
                        self.rest_mask[cell]
                    } else {
                        all
                    };
                    scratch
                        .cage_candidates
                        .push(all & !seen & allowed & marks & rest);
                }
            }
            scratch.cage_later.clear();
            scratch.cage_later.resize(scratch.cage_cells.len(), 0);
            for i in (1..scratch.cage_cells.len()).rev() {
                scratch.cage_later[i - 1] = scratch.cage_later[i] | scratch.cage_candidates[i];
            }
            let given_sum: u32 = (0..n as u32)
                .filter(|d| given >> d & 1 == 1)
                .map(|d| d + 1)
                .sum();
            let chosen = cages == Cages::Placements
                && !scratch.cage_cells.is_empty()
                && cage.sum >= given_sum
                && {
                    let mark = (out.placed.len(), out.placed_ends.len());
                    let fits = Enumeration {
                        n,
                        cells: &scratch.cage_cells,
                        candidates: &scratch.cage_candidates,
                        later: &scratch.cage_later,
                        placed: &mut out.placed,
                        placed_ends: &mut out.placed_ends,
                        count: 0,
                        budget: PLACEMENT_BUDGET,
                        digits: [0; crate::sudoku::MAX_N],
                    }
                    .run(cage.sum - given_sum);
                    if !fits {
                        out.placed.truncate(mark.0);
                        out.placed_ends.truncate(mark.1);
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
    pub(super) fn settle_cages(&mut self, tables: &Tables, cells: &[u8]) -> Result<(), Clash> {
        let cage_count = tables.sets.len();
        self.cage_given.clear();
        self.cage_given.resize(cage_count, 0);
        self.cage_allowed.clear();
        self.open.clear();
        for (cell, (&d, &k)) in cells.iter().zip(&tables.cage_of_cell).enumerate() {
            if d != 0 && k != NO_CAGE {
                let bit = 1u64 << (d - 1);
                if self.cage_given[k as usize] & bit != 0 {
                    return Err(Clash::Repeat(cell));
                }
                self.cage_given[k as usize] |= bit;
            }
        }
        for (k, sets) in tables.sets.iter().enumerate() {
            let given = self.cage_given[k];
            let (allowed, open) = remaining(sets, |s| s & given == given).ok_or(Clash::Cage(k))?;
            if let Some(open) = open {
                self.open.push((k, open));
            }
            self.cage_allowed.push(allowed);
        }
        Ok(())
    }

    /// For each rest: the digits given in it, its digit sets that hold
    /// them and none of the digits given elsewhere in its house, and the
    /// digits those sets allow (rests left with two or more sets go to
    /// `rest_open`); and for each cell, the digits its rests allow
    /// (`rest_mask`). [`Clash::Rest`] if a rest has no set left: the
    /// puzzle then has no solution.
    pub(super) fn settle_rests(
        &mut self,
        tables: &Tables,
        cells: &[u8],
        used: &[u64],
    ) -> Result<(), Clash> {
        let n = tables.n;
        let all: u64 = if n == 64 { !0 } else { (1 << n) - 1 };
        self.rest_given.clear();
        self.rest_allowed.clear();
        self.rest_open.clear();
        self.rest_mask.clear();
        self.rest_mask.resize(n * n, all);
        for (r, rest) in tables.rests.iter().enumerate() {
            let given = rest
                .cells
                .iter()
                .map(|&c| cells[c as usize])
                .filter(|&d| d != 0)
                .fold(0u64, |m, d| m | 1 << (d - 1));
            let elsewhere = used[rest.house] & !given;
            let fits = |s: u64| s & given == given && s & elsewhere == 0;
            let (allowed, open) = remaining(&rest.sets, fits).ok_or(Clash::Rest)?;
            if let Some(open) = open {
                self.rest_open.push((r, open));
            }
            for &c in &rest.cells {
                self.rest_mask[c as usize] &= allowed & !given;
            }
            self.rest_given.push(given);
            self.rest_allowed.push(allowed);
        }
        Ok(())
    }
}

/// The digit sets of `sets` that `fits` keeps: the digits they allow, and
/// all of them when two or more are left (the cage or rest then keeps a
/// choice); `None` when none is left.
fn remaining(sets: &[u64], fits: impl Fn(u64) -> bool) -> Option<(u64, Option<Vec<u64>>)> {
    let mut kept = sets.iter().copied().filter(|&s| fits(s));
    let first = kept.next()?;
    let more: Vec<u64> = kept.collect();
    if more.is_empty() {
        return Some((first, None));
    }
    let allowed = more.iter().fold(first, |a, &s| a | s);
    let mut open = vec![first];
    open.extend(more);
    Some((allowed, Some(open)))
}

/// Marks in `inside` the cells of a group that adds up to `target` but
/// for the cages that lie wholly in it, and returns what those other cells
/// add up to.
fn outside_inner_cages(
    variant: &Variant,
    cells: &mut dyn Iterator<Item = usize>,
    mut target: i64,
    inside: &mut [bool],
) -> i64 {
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
    target
}

/// The groups of cells whose sum killer cages can force (see
/// [`Tables::deduce_house_sums`]): each house, and each band of two or
/// more consecutive rows and of columns (`k` houses hold `k` times
/// `n(n+1)/2`). For each, its cells outside the cages that lie wholly in
/// it (in reading order), and what those cells add up to in every
/// solution.
pub(super) fn house_sums(variant: &Variant, houses: &[House]) -> Vec<(Vec<u16>, i64)> {
    let n = variant.n();
    let full = (n * (n + 1) / 2) as i64;
    let mut inside = vec![false; n * n];
    let mut groups = Vec::new();
    // Marks the group's cells, takes out the cages wholly inside, and keeps
    // the group if at most `n` cells are left (a wider rest is all but
    // filled by givens too rarely to pay for the scans on big grids).
    let mut add = |cells: &mut dyn Iterator<Item = usize>, target: i64| {
        let target = outside_inner_cages(variant, cells, target, &mut inside);
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

/// A house's rest (see "Killer sums in the search" in the parent module):
/// the cells of one house outside the cages that lie wholly in it, when
/// some of them belong to a cage that crosses the house's border. Its
/// cells hold different digits (they share the house) adding up to the
/// house's sum less those cages' sums, so it takes one of the digit sets
/// `sets`, as a cage would.
pub(super) struct Rest {
    /// The rest's cells, in reading order.
    pub(super) cells: Vec<u16>,
    /// Its house, an index into the house list.
    pub(super) house: usize,
    /// The digit sets its cells can hold, as masks.
    pub(super) sets: Vec<u64>,
}

/// The rests of the houses of a variant with killer cages: for each house
/// with at least one cage wholly inside it and a rest of two or more cells
/// of which some lie in a crossing cage, that rest. A rest of cells in no
/// cage is left out: its set is the house's digits less the inside cages'
/// sets, which their items already tie together.
pub(super) fn rests(variant: &Variant, houses: &[House]) -> Vec<Rest> {
    let n = variant.n();
    let full = (n * (n + 1) / 2) as i64;
    let mut cage_of = vec![None; n * n];
    for (k, cage) in variant.cages().iter().enumerate() {
        for &c in &cage.cells {
            cage_of[c as usize] = Some(k);
        }
    }
    let mut rests = Vec::new();
    let mut inside = vec![false; n * n];
    for (h, house) in houses.iter().enumerate() {
        if house.cells.len() != n {
            continue;
        }
        let group = &mut house.cells.iter().map(|&c| c as usize);
        let target = outside_inner_cages(variant, group, full, &mut inside);
        let cells: Vec<u16> = house
            .cells
            .iter()
            .copied()
            .filter(|&c| inside[c as usize])
            .collect();
        let crossing = cells.iter().any(|&c| cage_of[c as usize].is_some());
        if cells.len() < 2 || cells.len() == n || !crossing {
            continue;
        }
        let Ok(target) = u32::try_from(target) else {
            continue;
        };
        // No set at all: the cages' sums cannot hold, which the search
        // finds without the rest; too many: not worth the options.
        match cage_sets(n, cells.len(), target) {
            Some(sets) if !sets.is_empty() => rests.push(Rest {
                cells,
                house: h,
                sets,
            }),
            _ => {}
        }
    }
    rests
}

/// The most steps [`Enumeration`] takes for one cage before it gives up
/// (the cage then keeps its digit sets): a cage whose placements are few
/// but hard to find (wide cages of big grids) costs no more than this.
const PLACEMENT_BUDGET: usize = 64 * PLACEMENT_CAP;

/// Lists the placements of one cage (see [`Settled::choose_placements`])
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
    digits: [u8; crate::sudoku::MAX_N],
}

impl Enumeration<'_> {
    /// Lists the placements adding up to `sum`; false if there are more
    /// than the cap or the budget ran out (the list is then partial).
    pub(super) fn run(&mut self, sum: u32) -> bool {
        self.extend(0, 0, sum)
    }

    /// Lists the ways to fill cells `i..` with digits outside `used` that
    /// add up to `sum`.
    pub(super) fn extend(&mut self, i: usize, used: u64, sum: u32) -> bool {
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
pub(super) fn extremes(mask: u64, k: usize) -> (u32, u32) {
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
