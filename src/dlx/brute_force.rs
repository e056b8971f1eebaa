//! A second way to count, for tests: try every subset of the options and
//! check it against the rules directly (primary items exactly once, or
//! between their bounds' number of times,
//! secondary items at most once or all with one color). It shares no code
//! with the dancing links, so agreement between the two is evidence.
//! Exponential: only for problems of a few dozen options at most.

use super::{ItemId, ItemKind, OptionId, Problem};

/// The most options [`count_by_brute_force`] accepts (2^24 subsets).
pub(crate) const MAX_OPTIONS: usize = 24;

/// The number of solutions of `p`, by checking all `2^options` subsets;
/// `None` if `p` has more than [`MAX_OPTIONS`] options.
pub fn count_by_brute_force(p: &Problem) -> Option<u128> {
    let k = p.option_count();
    if k > MAX_OPTIONS {
        return None;
    }
    let count = (0u32..1 << k)
        .filter(|mask| {
            let mut uses = vec![Vec::new(); p.item_count()];
            for o in (0..k).filter(|o| mask >> o & 1 == 1) {
                for (i, c) in p.option_items(OptionId(o as u32)) {
                    uses[i.0 as usize].push(c);
                }
            }
            uses.iter()
                .enumerate()
                .all(|(i, u)| match p.item_kind(ItemId(i as u32)) {
                    ItemKind::Primary => {
                        let (lo, hi) = p.multiplicity(ItemId(i as u32));
                        (lo as usize..=hi as usize).contains(&u.len())
                    }
                    ItemKind::Secondary => {
                        u.len() <= 1 || (u[0].is_some() && u.iter().all(|c| *c == u[0]))
                    }
                })
        })
        .count();
    Some(count as u128)
}
