//! Reasoning between choices: what a [`Problem`](super::Problem) asks the
//! search to deduce after each choice (and at the root) before it picks
//! the next item, in exact-cover terms, so that it serves any problem.
//!
//! A propagator only ever *removes options*, and only options that no
//! solution below the current node contains; the links record each removal
//! on a trail and put the options back, in reverse order, when the search
//! steps back past the node that removed them. So propagation changes the
//! tree (fewer nodes, other branching items), never a count or a set of
//! solutions. Two kinds:
//!
//! * **Blocking** (Knuth's DLX-PRE "blocking", Sudoku's pointing and
//!   claiming): when every remaining option of a primary item `a` also
//!   covers item `b` (with the same color, if `b` is colored), the options
//!   of `b` that do not cover `a` (that give `b` another color) go. Asked
//!   only of items with at most [`BLOCKING_MAX`] options, so its cost per
//!   node stays bounded.
//! * **Sums** ([`Sum`]): a linear rule over the chosen options, written by
//!   the caller from its own definition of the problem (a killer cage's
//!   total, an arrow's), kept bounds consistent: each open group's least
//!   and greatest weight bound the total, and an option whose weight puts
//!   the total out of reach goes. A *distinct* sum (a killer cage: no
//!   digit twice) bounds the open groups' total by the least and greatest
//!   sums of as many different values as they still have among them.
//!
//! With [`Propagate::Off`] nothing runs, and every engine searches Knuth's
//! tree exactly (DLX1/DLX2/DLX3's nodes and updates). Only the dancing
//! links without multiplicities propagate; the bit-set engines and
//! Algorithm M refuse a problem that asks for it
//! ([`BuildError::Propagation`](super::BuildError::Propagation)), and
//! [`EngineKind::Auto`](super::EngineKind::Auto) then picks the links.

use super::{ItemId, OptionId};

/// The most options an item may have for blocking to look at it: with
/// more, its options rarely share an item, and the walk costs more than it
/// finds. Three is a box's width in a row (pointing) and a tuple item's
/// last few fillings.
pub(crate) const BLOCKING_MAX: u32 = 3;

/// Which propagators the search runs (`--propagate`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Propagate {
    /// None: Knuth's tree, node for node.
    #[default]
    Off,
    /// Blocking only.
    Blocking,
    /// The problem's `Sum`s only.
    Sums,
    /// Blocking and the sums.
    All,
    /// Each rule's own propagator, for problems that have rules of their
    /// own: Sudoku's setters' rules searched on the cells' candidates
    /// (docs/variants.md, "Each rule's own propagator"). An exact cover
    /// with no such rules runs its sums, as [`Propagate::Sums`].
    Rules,
}

impl Propagate {
    /// Whether blocking runs.
    pub(crate) fn blocking(self) -> bool {
        matches!(self, Propagate::Blocking | Propagate::All)
    }

    /// Whether the sums run.
    pub(crate) fn sums(self) -> bool {
        matches!(self, Propagate::Sums | Propagate::All | Propagate::Rules)
    }
}

/// A linear rule every solution obeys: the weights of its chosen options
/// add up to between `lo` and `hi`.
///
/// Each *group* is a primary item (every solution chooses exactly one of
/// its options), and every weighted option covers exactly one group (so
/// the total is one weight per group; an unweighted option weighs 0).
/// `Problem::add_sum` checks both.
///
/// The rule must follow from the problem (be true of every solution): a
/// sum that is not would cut solutions, which the tests that count with
/// propagation on and off would catch.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Sum {
    /// The groups.
    pub groups: Vec<ItemId>,
    /// Options and their weights.
    pub terms: Vec<(OptionId, i64)>,
    /// The least total.
    pub lo: i64,
    /// The greatest total.
    pub hi: i64,
    /// Whether the groups' chosen weights are all different (a killer
    /// cage's digits): the bounds then take the open groups' values once
    /// each.
    pub distinct: bool,
}
