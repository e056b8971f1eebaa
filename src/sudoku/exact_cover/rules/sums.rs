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

use super::*;
use crate::dlx::Sum;

/// A linear rule on digits: `lo <= sum of coefficient * digit <= hi`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::sudoku::exact_cover) struct LinearRule {
    /// Each cell and its coefficient (a cell at most once).
    pub(in crate::sudoku::exact_cover) cells: Vec<(u16, i64)>,
    pub(in crate::sudoku::exact_cover) lo: i64,
    pub(in crate::sudoku::exact_cover) hi: i64,
    /// Whether the rule itself says the digits differ (a cage); a rule
    /// whose cells lie in one house differs too ([`Builder::add_sums`]).
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
    /// Whether some house holds all of `cells`.
    fn in_one_house(&self, mut cells: impl Iterator<Item = u16>) -> bool {
        let Some(first) = cells.next() else {
            return true;
        };
        let mut shared: Vec<u32> = self.houses_of(first as usize).to_vec();
        for c in cells {
            let theirs = self.houses_of(c as usize);
            shared.retain(|h| theirs.contains(h));
        }
        !shared.is_empty()
    }

    /// Adds `rules` to the problem as sums over the cell options in it
    /// (`full[k]` is option `k`'s placement, `cell * n + d - 1`, or past
    /// `n^3` for an option that places no digit): each cell's item is a
    /// group, each of its options weighs the coefficient times its digit.
    pub(super) fn add_sums(&mut self, full: &[u32], rules: &[LinearRule]) {
        let n = self.n;
        let mut coefficient = vec![0i64; n * n];
        for rule in rules {
            for &(cell, k) in &rule.cells {
                coefficient[cell as usize] += k;
            }
            let mut groups = Vec::new();
            for &(cell, _) in &rule.cells {
                let item = self.cell_item[cell as usize];
                if coefficient[cell as usize] != 0 && !groups.contains(&item) {
                    groups.push(item);
                }
            }
            let terms = full
                .iter()
                .enumerate()
                .filter(|&(_, &key)| (key as usize) < n * n * n)
                .filter_map(|(k, &key)| {
                    let (cell, d) = (key as usize / n, key as usize % n + 1);
                    let c = coefficient[cell];
                    (c != 0).then(|| (crate::dlx::OptionId(k as u32), c * d as i64))
                })
                .collect();
            for &(cell, _) in &rule.cells {
                coefficient[cell as usize] = 0;
            }
            // Every cell's item is covered by its own options alone, so the
            // sum is well formed; a failure would be a compiler bug, and the
            // rule is then left to the encoding.
            // Distinct digits are distinct weights only with one
            // coefficient for all.
            let distinct = rule.cells.iter().all(|&(_, k)| k == 1)
                && (rule.distinct || self.in_one_house(rule.cells.iter().map(|&(c, _)| c)));
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
