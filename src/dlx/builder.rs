//! Building a [`Problem`]: items and options, checked as they are added.

use super::propagate::{Propagate, Sum};
use super::{Color, ItemId, ItemKind, OptionId};

/// What is wrong with an item or option given to [`Problem`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BuildError {
    /// A `FlatProblem` says more of its items are
    /// primary than it has.
    #[error("{primary} primary items, but there are only {items} items")]
    PrimaryCount {
        /// The primary items said.
        primary: u32,
        /// How many items exist.
        items: u32,
    },
    /// An option names an item that was never added.
    #[error("option {option} names item {item}, but there are only {items} items")]
    UnknownItem {
        /// Index the option would get.
        option: u32,
        /// The item named.
        item: u32,
        /// How many items exist.
        items: u32,
    },
    /// An option names the same item twice.
    #[error("option {option} names item {item} twice")]
    RepeatedItem {
        /// Index the option would get.
        option: u32,
        /// The repeated item.
        item: u32,
    },
    /// An option has no primary item: Algorithm X could never choose it.
    #[error("option {option} has no primary item")]
    NoPrimaryItem {
        /// Index the option would get.
        option: u32,
    },
    /// A color was given to a primary item.
    #[error("option {option} gives a color to primary item {item}")]
    ColorOnPrimary {
        /// Index the option would get.
        option: u32,
        /// The primary item.
        item: u32,
    },
    /// Colour 0 is reserved for "no color".
    #[error("option {option} uses color 0, which is reserved for no color")]
    ZeroColor {
        /// Index the option would get.
        option: u32,
    },
    /// An option's end lies before its start or past the entries (see
    /// `Matrix::from_flat`).
    #[error("option {option} ends before it starts or past the last entry")]
    OptionBounds {
        /// The option.
        option: u32,
    },
    /// The matrix would need more than `u32::MAX` nodes or items.
    #[error("the problem is too large for 32-bit links")]
    TooLarge,
    /// The bit-set engine was asked for a problem with colors, which only
    /// the dancing links handle.
    #[error("the bit-set engine does not handle colors; use the dancing links")]
    Colored,
    /// `BitMatrix::build` was given a problem
    /// with multiplicities, which only Algorithm M handles
    /// (`Problem::engine` runs it on `super::MultiBitMatrix` or
    /// `super::MultiMatrix`).
    #[error("the bit-set engine does not handle multiplicities; use the dancing links")]
    MultiplicitiesOnBits,
    /// `Problem::build` makes DLX1/DLX2's links, which would ignore the
    /// multiplicities; `Problem::engine` runs such problems on Algorithm M.
    #[error("Problem::build does not handle multiplicities; use Problem::engine")]
    Multiplicities,
    /// A problem with preferred items (`Problem::set_preferred`) was
    /// given to an engine other than the dancing links without
    /// multiplicities, which alone branch on them.
    #[error("only the dancing links without multiplicities branch on preferred items")]
    Preferred,
    /// A problem that asks for propagation ([`Problem::set_propagate`])
    /// was given to an engine other than the dancing links without
    /// multiplicities, which alone propagate.
    #[error("only the dancing links without multiplicities propagate")]
    Propagation,
    /// A `Sum` whose groups or terms break its rules.
    #[error("sum {sum}: {why}")]
    BadSum {
        /// The sum's number, in the order added.
        sum: usize,
        /// What is wrong.
        why: String,
    },
    /// A multiplicity on a secondary item, which DLX3 allows only on
    /// primary items.
    #[error("item {item} is secondary and cannot have a multiplicity")]
    MultiplicityOnSecondary {
        /// The item.
        item: u32,
    },
    /// Bounds `lo..=hi` that no count satisfies, or too large.
    #[error("bounds {lo}:{hi} on item {item}: {why}")]
    BadBounds {
        /// The item.
        item: u32,
        /// The lower bound.
        lo: u32,
        /// The upper bound.
        hi: u32,
        /// What is wrong with them.
        why: &'static str,
    },
}

/// The most nodes (item headers, option entries and spacers) a problem
/// may compile to, on either engine: the links keep a covered item's flag
/// in bit 30 of its length, so every index and length stays below it.
pub(super) const MAX_NODES: usize = 1 << 30;

/// The largest upper bound an item may have ([`Problem::set_multiplicity`]):
/// far more than any option list is long, and small enough that the
/// branching score (length + slack - bound + 1) never overflows.
pub(crate) const MAX_MULTIPLICITY: u32 = 1 << 30;

/// Checks bounds `lo..=hi` of a primary item: `hi` from 1 to
/// [`MAX_MULTIPLICITY`], `lo` at most `hi`; the error says why not.
pub(crate) fn check_bounds(lo: u32, hi: u32) -> Result<(), &'static str> {
    if hi == 0 {
        Err("the upper bound is zero")
    } else if lo > hi {
        Err("the lower bound exceeds the upper bound")
    } else if hi > MAX_MULTIPLICITY {
        Err("the upper bound is larger than 2^30")
    } else {
        Ok(())
    }
}

/// An exact-cover problem: items and options, before compilation into a
/// `Matrix`.
///
/// ```
/// use dlx_engine::dlx::{ItemKind, Problem, Runner};
/// let mut p = Problem::new();
/// let a = p.add_item(ItemKind::Primary);
/// let b = p.add_item(ItemKind::Primary);
/// p.add_option(&[a, b]).unwrap();
/// p.add_option(&[a]).unwrap();
/// p.add_option(&[b]).unwrap();
/// assert_eq!(Runner::default().count(&p, None).unwrap().count.solutions, 2);
/// ```
#[derive(Debug, Clone, Default)]
pub struct Problem {
    pub(super) kinds: Vec<ItemKind>,
    pub(super) names: Vec<Option<String>>,
    /// Every option's (item, color) pairs, one option after another.
    pub(super) entries: Vec<(u32, u32)>,
    /// `option_ends[k]` is the end of option `k` in `entries`.
    pub(super) option_ends: Vec<u32>,
    /// Each item's multiplicity `(lo, hi)`: covered between `lo` and `hi`
    /// times; `(1, 1)` for every secondary item and by default.
    pub(super) bounds: Vec<(u32, u32)>,
    /// Number of primary items whose bounds are not `(1, 1)`.
    multiplicities: usize,
    /// How many of the first primary items are preferred
    /// ([`Problem::set_preferred`]).
    preferred: usize,
    /// Which propagators the search runs, and the sums they keep
    /// ([`Problem::set_propagate`], [`Problem::add_sum`]).
    propagate: Propagate,
    sums: Vec<Sum>,
    scratch: Vec<bool>,
}

impl Problem {
    /// An empty problem.
    pub fn new() -> Self {
        Self::default()
    }

    /// Empties the problem (no items, no options) but keeps the memory
    /// its lists hold, so that the next problem built in it grows them
    /// only past this one's sizes.
    pub(crate) fn clear(&mut self) {
        self.kinds.clear();
        self.names.clear();
        self.entries.clear();
        self.option_ends.clear();
        self.bounds.clear();
        self.multiplicities = 0;
        self.preferred = 0;
        self.propagate = Propagate::Off;
        self.sums.clear();
        self.scratch.clear();
    }

    /// Adds an unnamed item.
    pub fn add_item(&mut self, kind: ItemKind) -> ItemId {
        self.push_item(kind, None)
    }

    /// Adds an item with a name (used in error messages and output).
    pub(crate) fn add_named_item(&mut self, kind: ItemKind, name: impl Into<String>) -> ItemId {
        self.push_item(kind, Some(name.into()))
    }

    /// Adds `count` unnamed items of one kind, numbered one after
    /// another, and returns them (what `count` calls of
    /// [`Problem::add_item`] return, in one step).
    pub(crate) fn add_items(
        &mut self,
        kind: ItemKind,
        count: usize,
    ) -> impl ExactSizeIterator<Item = ItemId> + use<> {
        let first = self.kinds.len();
        let end = first + count;
        self.kinds.resize(end, kind);
        self.names.resize(end, None);
        self.bounds.resize(end, (1, 1));
        self.scratch.resize(end, false);
        (first as u32..end as u32).map(ItemId)
    }

    fn push_item(&mut self, kind: ItemKind, name: Option<String>) -> ItemId {
        let id = ItemId(self.kinds.len() as u32);
        self.kinds.push(kind);
        self.names.push(name);
        self.bounds.push((1, 1));
        self.scratch.push(false);
        id
    }

    /// Makes primary item `item` be covered between `lo` and `hi` times
    /// (Knuth's DLX3 `lo:hi|name`); `lo = 0` makes it optional. Fails for a
    /// secondary item, `lo > hi`, `hi = 0` or `hi > MAX_MULTIPLICITY`,
    /// changing nothing. (A caller gives bounds with the item's name:
    /// `knuth::KnuthProblem::add_item`.)
    pub(crate) fn set_multiplicity(
        &mut self,
        item: ItemId,
        lo: u32,
        hi: u32,
    ) -> Result<(), BuildError> {
        let ItemId(i) = item;
        let kind = *self.kinds.get(i as usize).ok_or(BuildError::UnknownItem {
            option: self.option_ends.len() as u32,
            item: i,
            items: self.kinds.len() as u32,
        })?;
        if kind == ItemKind::Secondary {
            return Err(BuildError::MultiplicityOnSecondary { item: i });
        }
        check_bounds(lo, hi).map_err(|why| BuildError::BadBounds {
            item: i,
            lo,
            hi,
            why,
        })?;
        let old = std::mem::replace(&mut self.bounds[i as usize], (lo, hi));
        self.multiplicities += usize::from((lo, hi) != (1, 1));
        self.multiplicities -= usize::from(old != (1, 1));
        Ok(())
    }

    /// Item `item`'s bounds `(lo, hi)`: `(1, 1)` unless
    /// [`Problem::set_multiplicity`] changed them.
    #[cfg(any(test, feature = "unstable"))]
    pub(crate) fn multiplicity(&self, item: ItemId) -> (u32, u32) {
        self.bounds[item.0 as usize]
    }

    /// Whether some primary item has bounds other than `(1, 1)`: then only
    /// Algorithm M (`Problem::engine`) searches it.
    pub fn has_multiplicities(&self) -> bool {
        self.multiplicities > 0
    }

    /// Makes the first `count` primary items (in the order added)
    /// *preferred*: whenever no active primary item has fewer than three
    /// options, the search branches on the active preferred item with the
    /// fewest options (the first on ties), and on DLX1's choice (the item
    /// with the fewest options) only when no preferred item is active.
    /// An item with none, one or two options is still taken first, so
    /// what a preferred branch rules out is found at once and a choice as
    /// narrow as any is not put off. 0, the default, is DLX1's rule, tree
    /// for tree. Only the dancing links without
    /// multiplicities ([`Problem::build`]) branch this way; the other
    /// engines refuse such a problem ([`BuildError::Preferred`]).
    ///
    /// A compiler uses it for items whose options stand for decisions it
    /// wants taken early even though they are many, such as the steps of
    /// a sum along a line, which an item's length alone would leave for
    /// last.
    pub(crate) fn set_preferred(&mut self, count: usize) {
        self.preferred = count;
    }

    /// How many of the first primary items are preferred
    /// ([`Problem::set_preferred`]).
    pub(crate) fn preferred(&self) -> usize {
        self.preferred
    }

    /// Chooses the propagators the search runs between choices (see
    /// `super::propagate`); [`Propagate::Off`], the default, searches
    /// Knuth's tree exactly. Only the dancing links without
    /// multiplicities propagate: the other engines refuse a problem that
    /// asks for it (blocking on, or sums on and a sum added).
    pub fn set_propagate(&mut self, propagate: Propagate) {
        self.propagate = propagate;
    }

    /// The propagators chosen ([`Problem::set_propagate`]).
    pub(crate) fn propagate(&self) -> Propagate {
        self.propagate
    }

    /// Whether the search would propagate anything: blocking is on, or the
    /// sums are on and there is a sum.
    pub(crate) fn asks_propagation(&self) -> bool {
        self.propagate.blocking() || (self.propagate.sums() && !self.sums.is_empty())
    }

    /// Adds a linear rule for the sums' propagator ([`Sum`]). Fails,
    /// adding nothing, when a group is not a primary item or is named
    /// twice, or a term's option is unknown, named twice, or covers no
    /// group or more than one. Add the options first.
    pub(crate) fn add_sum(&mut self, sum: Sum) -> Result<(), BuildError> {
        let bad = |why: String| BuildError::BadSum {
            sum: self.sums.len(),
            why,
        };
        let mut group = vec![false; self.kinds.len()];
        for &ItemId(g) in &sum.groups {
            match self.kinds.get(g as usize) {
                Some(ItemKind::Primary) if !group[g as usize] => group[g as usize] = true,
                Some(ItemKind::Primary) => return Err(bad(format!("group {g} is named twice"))),
                _ => return Err(bad(format!("group {g} is not a primary item"))),
            }
        }
        let mut seen = vec![false; self.option_ends.len()];
        for &(OptionId(k), _) in &sum.terms {
            let k = k as usize;
            if k >= self.option_ends.len() || std::mem::replace(&mut seen[k], true) {
                return Err(bad(format!("option {k} is unknown or weighed twice")));
            }
            let groups = self
                .option_entries(k as u32)
                .iter()
                .filter(|&&(i, _)| group[i as usize])
                .count();
            if groups != 1 {
                return Err(bad(format!("option {k} covers {groups} groups, not one")));
            }
        }
        self.sums.push(sum);
        Ok(())
    }

    /// Fails, for the engines other than the dancing links without
    /// multiplicities, on what only those links honour: preferred items
    /// ([`BuildError::Preferred`]) and propagation
    /// ([`BuildError::Propagation`]).
    pub(super) fn links_only(&self) -> Result<(), BuildError> {
        if self.preferred > 0 {
            Err(BuildError::Preferred)
        } else if self.asks_propagation() {
            Err(BuildError::Propagation)
        } else {
            Ok(())
        }
    }

    /// The sums added ([`Problem::add_sum`]).
    pub(crate) fn sums(&self) -> &[Sum] {
        &self.sums
    }

    /// Adds an option covering `items`, none colored.
    pub fn add_option(&mut self, items: &[ItemId]) -> Result<OptionId, BuildError> {
        self.add_colored_option(items.iter().map(|&i| (i, None)))
    }

    /// Adds an option whose secondary items may carry colors.
    pub fn add_colored_option(
        &mut self,
        items: impl IntoIterator<Item = (ItemId, Option<Color>)>,
    ) -> Result<OptionId, BuildError> {
        let option = self.option_ends.len() as u32;
        let start = self.entries.len();
        let result = self.push_entries(option, items);
        for &(item, _) in &self.entries[start..] {
            if let Some(seen) = self.scratch.get_mut(item as usize) {
                *seen = false;
            }
        }
        if let Err(e) = result {
            self.entries.truncate(start);
            return Err(e);
        }
        self.option_ends.push(self.entries.len() as u32);
        Ok(OptionId(option))
    }

    fn push_entries(
        &mut self,
        option: u32,
        items: impl IntoIterator<Item = (ItemId, Option<Color>)>,
    ) -> Result<(), BuildError> {
        let mut has_primary = false;
        for (ItemId(item), color) in items {
            let Some(&kind) = self.kinds.get(item as usize) else {
                return Err(BuildError::UnknownItem {
                    option,
                    item,
                    items: self.kinds.len() as u32,
                });
            };
            let color = match (kind, color) {
                (_, None) => 0,
                (ItemKind::Primary, Some(_)) => {
                    return Err(BuildError::ColorOnPrimary { option, item });
                }
                (ItemKind::Secondary, Some(Color(0))) => {
                    return Err(BuildError::ZeroColor { option });
                }
                (ItemKind::Secondary, Some(Color(c))) => c,
            };
            // Marked only once pushed, so that the caller's reset clears
            // every mark.
            self.entries.push((item, color));
            if std::mem::replace(&mut self.scratch[item as usize], true) {
                return Err(BuildError::RepeatedItem { option, item });
            }
            has_primary |= kind == ItemKind::Primary;
        }
        if has_primary {
            Ok(())
        } else {
            Err(BuildError::NoPrimaryItem { option })
        }
    }

    /// Number of items.
    pub fn item_count(&self) -> usize {
        self.kinds.len()
    }

    /// Number of options.
    pub fn option_count(&self) -> usize {
        self.option_ends.len()
    }

    /// The items of option `k`, in the order given.
    pub(crate) fn option_items(
        &self,
        k: OptionId,
    ) -> impl Iterator<Item = (ItemId, Option<Color>)> + '_ {
        self.option_entries(k.0)
            .iter()
            .map(|&(i, c)| (ItemId(i), (c != 0).then_some(Color(c))))
    }

    /// The (item, color) entries of option `k` (color 0 for none), as the
    /// engines read them.
    pub(super) fn option_entries(&self, k: u32) -> &[(u32, u32)] {
        let start = match k {
            0 => 0,
            _ => self.option_ends[k as usize - 1] as usize,
        };
        &self.entries[start..self.option_ends[k as usize] as usize]
    }

    /// The name of item `i`, if it has one.
    pub(crate) fn item_name(&self, i: ItemId) -> Option<&str> {
        self.names[i.0 as usize].as_deref()
    }

    /// The kind of item `i`.
    pub(crate) fn item_kind(&self, i: ItemId) -> ItemKind {
        self.kinds[i.0 as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_bad_options_and_stays_usable() {
        let mut p = Problem::new();
        let a = p.add_item(ItemKind::Primary);
        let s = p.add_item(ItemKind::Secondary);
        assert_eq!(
            p.add_option(&[a, a]),
            Err(BuildError::RepeatedItem { option: 0, item: 0 })
        );
        assert_eq!(
            p.add_option(&[ItemId(7)]),
            Err(BuildError::UnknownItem {
                option: 0,
                item: 7,
                items: 2
            })
        );
        assert_eq!(
            p.add_option(&[s]),
            Err(BuildError::NoPrimaryItem { option: 0 })
        );
        assert_eq!(
            p.add_colored_option([(a, Some(Color(1)))]),
            Err(BuildError::ColorOnPrimary { option: 0, item: 0 })
        );
        assert_eq!(
            p.add_colored_option([(a, None), (s, Some(Color(0)))]),
            Err(BuildError::ZeroColor { option: 0 })
        );
        // After all those failures the marks are clear and nothing leaked.
        assert_eq!(p.add_option(&[a, s]), Ok(OptionId(0)));
        assert_eq!(p.option_count(), 1);
        assert_eq!(p.option_items(OptionId(0)).count(), 2);
    }
}
