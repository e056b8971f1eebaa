//! The puzzle's linear rules, for the engine's sums propagator
//! ([`crate::dlx::Sum`]): read from the rules' own definitions (a cage's
//! cells add up to its sum, an arrow's shaft to its bulb's number, a
//! little killer's diagonal to its clue, and what killer cages leave of a
//! house or band, [`super::super::cages::house_sums`]), never from the
//! compiler's encoding of them, so that a search with the sums on also
//! checks that encoding: a grid the encoding let through against a rule
//! would be cut, and the counts with propagation on and off would differ.
//!
//! Invariant: every rule here holds in every solution grid of the puzzle;
//! each is a list of (cell, coefficient) and a range of totals of the
//! coefficients times the cells' digits.

use super::{Builder, Constraint, Variant};
use crate::dlx::Sum;

/// A linear rule on digits: `lo <= sum of coefficient * digit <= hi`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::sudoku::exact_cover) struct LinearRule {
    /// Each cell and its coefficient (a cell at most once).
    pub(in crate::sudoku::exact_cover) cells: Vec<(u16, i64)>,
    pub(in crate::sudoku::exact_cover) lo: i64,
    pub(in crate::sudoku::exact_cover) hi: i64,
    /// Whether the rule itself says the digits differ (a cage); a rule
    /// whose cells see each other differs too ([`Builder::add_sums`]).
    pub(in crate::sudoku::exact_cover) distinct: bool,
}

impl LinearRule {
    /// Cells adding up to exactly `total`.
    fn total(cells: impl IntoIterator<Item = u16>, total: i64, distinct: bool) -> Self {
        Self {
            cells: cells.into_iter().map(|c| (c, 1)).collect(),
            lo: total,
            hi: total,
            distinct,
        }
    }
}

/// The linear rules of `variant`: each killer cage and cage with a sum,
/// each little killer, each arrow (its shaft minus its bulb's number is
/// 0), and each of `house_sums` (the cells of a house or band outside the
/// cages that lie wholly in it, and their total).
pub(in crate::sudoku::exact_cover) fn linear_rules(
    variant: &Variant,
    house_sums: &[(Vec<u16>, i64)],
) -> Vec<LinearRule> {
    let mut rules = Vec::new();
    for cage in variant.cages() {
        rules.push(LinearRule::total(
            cage.cells.iter().copied(),
            i64::from(cage.sum),
            true,
        ));
    }
    for c in variant.constraints() {
        match c {
            Constraint::Cage {
                cells,
                sum: Some(sum),
            } => rules.push(LinearRule::total(
                cells.iter().copied(),
                i64::from(*sum),
                true,
            )),
            Constraint::LittleKiller { cells, sum } => {
                rules.push(LinearRule::total(
                    cells.iter().copied(),
                    i64::from(*sum),
                    false,
                ));
            }
            Constraint::Arrow { bulb, shaft } => {
                // The bulb reads as the decimal number its digits write.
                let mut place = 1i64;
                let mut cells: Vec<(u16, i64)> = shaft.iter().map(|&c| (c, 1)).collect();
                for &b in bulb.iter().rev() {
                    cells.push((b, -place));
                    place = place.saturating_mul(10);
                }
                rules.push(LinearRule {
                    cells,
                    lo: 0,
                    hi: 0,
                    distinct: false,
                });
            }
            _ => {}
        }
    }
    for (cells, total) in house_sums {
        if !cells.is_empty() {
            rules.push(LinearRule::total(cells.iter().copied(), *total, false));
        }
    }
    rules
}

impl Builder<'_> {
    /// Adds `rules` to the problem as sums over the cell options in it
    /// (`full[k]` is option `k`'s placement, `cell * n + d - 1`, or
    /// `n^3` for an option that places no digit; ascending, since the
    /// cell options come first, cell by cell, digit by digit): each cell's
    /// item is a group, each of its options weighs the coefficient times
    /// its digit.
    pub(super) fn add_sums(&mut self, full: &[u32], rules: &[LinearRule]) {
        let n = self.n;
        debug_assert!(full.is_sorted());
        // The options of cell `c` are `full[of_cell(c)..of_cell(c + 1)]`.
        let of_cell = |c: usize| full.partition_point(|&key| (key as usize) < c * n);
        let mut coefficient = vec![0i64; n * n];
        for rule in rules {
            for &(cell, k) in &rule.cells {
                coefficient[cell as usize] += k;
            }
            let (mut groups, mut terms) = (Vec::new(), Vec::new());
            for &(cell, _) in &rule.cells {
                let c = cell as usize;
                // A cell named twice is taken once, with its coefficients
                // added up.
                let k = std::mem::take(&mut coefficient[c]);
                if k == 0 {
                    continue;
                }
                groups.push(self.cell_item[c]);
                let from = of_cell(c);
                for (at, &key) in full[from..of_cell(c + 1)].iter().enumerate() {
                    let d = key as usize % n + 1;
                    terms.push((crate::dlx::OptionId((from + at) as u32), k * d as i64));
                }
            }
            // Distinct digits are distinct weights only with one
            // coefficient for all; cells that see each other hold
            // distinct digits.
            let distinct = rule.cells.iter().all(|&(_, k)| k == 1)
                && (rule.distinct
                    || rule.cells.iter().enumerate().all(|(i, &(a, _))| {
                        rule.cells[i + 1..].iter().all(|&(b, _)| self.sees(a, b))
                    }));
            // Every cell's item is covered by its own options alone, so the
            // sum is well formed; a failure would be a compiler bug, and the
            // rule is then left to the encoding.
            let _ = self.problem.add_sum(Sum {
                groups,
                terms,
                lo: rule.lo,
                hi: rule.hi,
                distinct,
            });
        }
    }
}
