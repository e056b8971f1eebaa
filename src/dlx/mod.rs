//! A general exact-cover engine: Knuth's Algorithm X over dancing links.
//!
//! This module knows nothing of Sudoku. A [`Problem`] is a set of *items*,
//! each either **primary** (must be covered exactly once) or **secondary**
//! (covered at most once), and a list of *options*, each a set of items. A
//! solution is a set of options that covers every primary item exactly once
//! and every secondary item at most once. Secondary items may carry a
//! *color* in an option (Knuth's DLX2, "exact covering with colors"): options
//! that give a secondary item the same color are compatible, different
//! colors exclude each other, and an uncolored use excludes every other use.
//!
//! # Layout (Knuth's DLX1/DLX2, `u32` links)
//!
//! A [`Problem`] is compiled into a `Matrix` whose storage lives in one
//! [`bumpalo::Bump`] arena that the caller owns: no per-node allocation, no
//! reference counting, no pointers between nodes. Links are `u32` indices
//! into two arena slices.
//!
//! ```text
//!  item list  (ItemLink: prev, next)       node array (Node: up, down, top, color)
//!  index 0        primary root             index 0          unused
//!  1 ..= N1       primary items            1 ..= N          item headers (top = 0)
//!  N1+1 ..= N     secondary items          N+1              first spacer
//!  N+1            secondary root           N+2 ..           option 0's nodes, spacer,
//!                                                           option 1's nodes, spacer, ...
//! ```
//!
//! * Item `i` (1-based inside the matrix) has header node `i`; its vertical
//!   list is circular through `up`/`down`. Its length is not in the header
//!   (whose `top` is 0) but in the dense array `lens[i]`, with the
//!   `COVERED` bit set while the item is covered, so that the
//!   fewest-options choice scans one array.
//! * An option's nodes are consecutive, so no left/right links are needed:
//!   moving right is `+1`, and the spacer after an option sends `up` to the
//!   option's first node (to wrap around) and `down` to the last node of the
//!   option after it. A spacer's `top` is `<= 0`; the spacer that follows
//!   option `k` has `top = -(k + 1)`.
//! * An option node's `top` is its item (`> 0`) and `color` its color (`0`
//!   none, `> 0` a color, `-1` while its item is purified with that color).
//!
//! # Three dances on one layout
//!
//! The search picks, once per matrix when it is built, how it dances:
//!
//! * **colors** (a matrix where some option colors an item): DLX2's dance,
//!   every node's color tested as it is hidden or committed;
//! * **plain** (no colors anywhere): the same walks without the color
//!   tests, since no node is ever purified;
//! * **four** (no colors, and every option has exactly four items, as in
//!   a Sudoku's reduced matrix: cell, row, column and box): the layout
//!   above then puts option `k`'s nodes at `N+2+5k ..= N+5+5k` and its
//!   spacer at `N+6+5k`, so the option of node `p` starts at
//!   `p - (p-N-2) mod 5`, and hiding `p`'s option unlinks the other three
//!   nodes at `(offset+1) mod 4`, `(offset+2) mod 4`, `(offset+3) mod 4`
//!   from that start: the order the walk to the spacer and round would
//!   take, with no walk and no branch. Each hide is then three updates.
//!   The offset `(p-N-2) mod 5` is read from a byte per node, written
//!   once per matrix, not divided out on every hide. A Sudoku's reduced
//!   matrix is laid out by `Matrix::from_four_item_options`, which writes
//!   each node once (its place is known from the stride) into storage
//!   that is never zero-filled: the same matrix, node for node, as
//!   `Matrix::from_flat` lays out.
//!
//! The layout, the tree, the order of every unlink and the statistics are
//! the same under each; forcing, `goto` and Algorithm M always take the
//! colors dance, which is right on every matrix. The updates of a cover are
//! summed in a register and added to the matrix's count once per cover.
//!
//! # Invariants
//!
//! * Outside a search, the matrix is in the state left by the forced options
//!   (`Search::force`); with none forced it is exactly as built. Every
//!   search restores the state it started from, whether it ends by
//!   exhausting the tree, by a visitor's request, or by a node budget.
//! * Item lengths always equal the number of nodes linked in the item's
//!   vertical list. `Matrix::sanity` checks this and every link.
//! * Removals are undone in exactly the reverse order (the "dance"), which
//!   is what lets a removed element keep its own links.
//!
//! # Two engines, one tree
//!
//! `Matrix` is the dancing links above. `BitMatrix` runs the same
//! search on bit sets of options, copying a level's state instead of
//! undoing its links; it takes problems without colors whose state fits a
//! few kilobytes. Both branch on the same item and try its options in the
//! same order, so they visit the same tree and report the same [`Stats`],
//! DLX1's updates included (tests compare them on random problems).
//! [`EngineKind::Auto`] picks the bit sets where options clash densely
//! (pentominoes, small queens), where they are several times faster, and
//! the links elsewhere.
//!
//! # The way in
//!
//! A caller builds a [`Problem`] (or reads one, [`knuth`]) and searches it
//! with a [`Runner`]: every solution, a count (with a memo, on threads, a
//! share of the tree), within [`SearchLimits`], a deadline or a
//! [`Cancel`]; [`Problem::estimate`] guesses the size of the tree. The
//! engines themselves (`engine`), and the `Search` trait through which the
//! runner drives them, are internal.

// First: its macros serve the bit-set engines below.
#[macro_use]
pub(crate) mod isa;
mod bits;
// A second way to count, for the tests (`crate::__unstable`).
#[cfg(any(test, feature = "unstable"))]
pub(crate) mod brute_force;
mod builder;
pub(crate) mod cancel;
pub(crate) mod classic;
pub mod deduce;
pub(crate) mod engine;
mod estimate;
pub(crate) mod flat;
pub mod knuth;
pub(crate) mod links;
pub(crate) mod memo;
pub(crate) mod multibits;
pub(crate) mod multiplicity;
pub(crate) mod parallel;
pub(crate) mod propagate;
pub(crate) mod search;

pub(crate) use bits::BitMatrix;
pub use builder::BuildError;
pub use builder::Problem;
pub(crate) use builder::{MAX_MULTIPLICITY, check_bounds};
pub use cancel::{Cancel, SharedCancel};
pub use classic::{Classic, ClassicError};
pub use estimate::Estimate;
pub(crate) use flat::FlatProblem;
pub(crate) use links::Matrix;

pub(crate) use engine::{Compiled, Engine};
pub(crate) use memo::MemoTable;
pub(crate) use multibits::MultiBitMatrix;
pub(crate) use multiplicity::MultiMatrix;
pub use parallel::{DEFAULT_MEMO_BYTES, Run, RunError, RunProgress, Runner, Split};
pub use propagate::Propagate;
pub(crate) use propagate::Sum;
pub(crate) use search::solution_cap;
pub use search::{Count, ForceError, Outcome, Progress, SearchLimits, Stats};
pub(crate) use search::{Search, Solution, Visitor};
// The threads every batch and run starts (`crate::workers`, a room
// below this one), named here with the runs'.
pub use crate::workers::{Batch, MAX_THREADS, thread_count};

// Algorithm M's engines search whole problems, forcing nothing.
search::search_without_forcing!(MultiMatrix<'_>, MultiBitMatrix);

/// Which search runs a problem: both visit the same tree (the same
/// branching rule, options in the same order) and report the same
/// [`Stats`]; they differ in how a level is done and undone.
///
/// ```
/// use dlx_engine::dlx::{EngineKind, ItemKind, Problem, Runner};
/// let mut p = Problem::new();
/// let (a, b) = (p.add_item(ItemKind::Primary), p.add_item(ItemKind::Primary));
/// p.add_option(&[a, b]).unwrap();
/// p.add_option(&[a]).unwrap();
/// p.add_option(&[b]).unwrap();
/// let on = |engine| Runner { engine, ..Runner::default() }.count(&p, None).unwrap();
/// // The same tree: the same count and the same statistics.
/// assert_eq!(on(EngineKind::Links).count, on(EngineKind::Bits).count);
/// assert_eq!(on(EngineKind::Links).count.solutions, 2);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum EngineKind {
    /// [`EngineKind::Bits`] when the problem fits it (`BitMatrix::fits`,
    /// or with multiplicities `MultiBitMatrix::fits`), else
    /// [`EngineKind::Links`].
    #[default]
    Auto,
    /// Dancing links (`Matrix`): any size, colors.
    Links,
    /// Bit sets of options (`BitMatrix`, or with multiplicities
    /// `MultiBitMatrix`): small problems without colors, where copying a
    /// level's state beats undoing its links.
    Bits,
}

impl EngineKind {
    /// The engine this choice runs `problem` on: [`EngineKind::Auto`]
    /// resolved, the others as they are.
    pub(crate) fn resolve(self, problem: &Problem) -> EngineKind {
        match self {
            EngineKind::Auto if problem.has_multiplicities() => {
                if MultiBitMatrix::fits(problem) {
                    EngineKind::Bits
                } else {
                    EngineKind::Links
                }
            }
            EngineKind::Auto if BitMatrix::fits(problem) => EngineKind::Bits,
            EngineKind::Auto => EngineKind::Links,
            kind => kind,
        }
    }

    /// The engine this choice counts `problem` on with a memo
    /// (`Compiled::count_with_memo`): [`EngineKind::Auto`] takes the bit
    /// sets wherever they can hold the problem, since only they keep a
    /// memo.
    pub(crate) fn resolve_for_memo(self, problem: &Problem) -> EngineKind {
        match self {
            EngineKind::Auto if BitMatrix::can_hold(problem) => EngineKind::Bits,
            kind => kind.resolve(problem),
        }
    }
}

/// The engine's name: `auto`, `links` or `bits`.
impl std::fmt::Display for EngineKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            EngineKind::Auto => "auto",
            EngineKind::Links => "links",
            EngineKind::Bits => "bits",
        })
    }
}

/// An item of a [`Problem`], numbered from 0 in the order the items were
/// added (inside the matrix, primary items come first and numbering starts
/// at 1; `Matrix` translates).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ItemId(pub u32);

/// An option of a [`Problem`], numbered from 0 in the order the options were
/// added.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct OptionId(pub u32);

/// A color of a secondary item in an option; any value from 1 up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Color(pub u32);

/// Whether an item must be covered exactly once or at most once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItemKind {
    /// Covered exactly once by every solution.
    Primary,
    /// Covered at most once (or, with colors, only by options that agree
    /// on its color).
    Secondary,
}
