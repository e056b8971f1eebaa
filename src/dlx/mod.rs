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
//! A [`Problem`] is compiled into a [`Matrix`] whose storage lives in one
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
//!   ([`Search::force`]); with none forced it is exactly as built. Every
//!   search restores the state it started from, whether it ends by
//!   exhausting the tree, by a visitor's request, or by a node budget.
//! * Item lengths always equal the number of nodes linked in the item's
//!   vertical list. [`Matrix::sanity`] checks this and every link.
//! * Removals are undone in exactly the reverse order (the "dance"), which
//!   is what lets a removed element keep its own links.
//!
//! # Two engines, one tree
//!
//! [`Matrix`] is the dancing links above. [`BitMatrix`] runs the same
//! search on bit sets of options, copying a level's state instead of
//! undoing its links; it takes problems without colors whose state fits a
//! few kilobytes. Both branch on the same item and try its options in the
//! same order, so they visit the same tree and report the same [`Stats`],
//! DLX1's updates included (tests compare them on random problems).
//! [`Problem::engine`] with [`EngineKind::Auto`] picks the bit sets where
//! options clash densely (pentominoes, small queens), where they are
//! several times faster, and the links elsewhere.

// First: its macros serve the bit-set engines below.
#[macro_use]
pub(crate) mod isa;
mod bits;
// A second way to count, public only for the integration tests.
#[doc(hidden)]
pub mod brute_force;
mod builder;
pub mod cancel;
pub mod classic;
pub mod deduce;
pub mod estimate;
mod flat;
pub mod knuth;
mod links;
pub mod memo;
pub mod multibits;
pub mod multiplicity;
pub mod parallel;
pub mod propagate;
mod search;

pub use bits::BitMatrix;
pub use builder::{BuildError, MAX_MULTIPLICITY, Problem, check_bounds};
pub use flat::FlatProblem;
pub use links::{Matrix, SanityError};
pub use memo::MemoTable;
pub use multibits::MultiBitMatrix;
pub use multiplicity::MultiMatrix;
pub use propagate::{Propagate, Sum};
use search::TicksOnly;
pub use search::{
    Count, ForceError, Outcome, Progress, Search, SearchLimits, Solution, Stats, Visitor,
    solution_cap,
};

// Algorithm M's engines search whole problems, forcing nothing.
search::search_without_forcing!(MultiMatrix<'_>, MultiBitMatrix);

/// Which search runs a problem: both visit the same tree (the same
/// branching rule, options in the same order) and report the same
/// [`Stats`]; they differ in how a level is done and undone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum EngineKind {
    /// [`EngineKind::Bits`] when the problem fits it ([`BitMatrix::fits`],
    /// or with multiplicities [`MultiBitMatrix::fits`]), else
    /// [`EngineKind::Links`].
    #[default]
    Auto,
    /// Dancing links ([`Matrix`]): any size, colors.
    Links,
    /// Bit sets of options ([`BitMatrix`], or with multiplicities
    /// [`MultiBitMatrix`]): small problems without colors, where copying a
    /// level's state beats undoing its links.
    Bits,
}

impl EngineKind {
    /// The engine this choice runs `problem` on: [`EngineKind::Auto`]
    /// resolved, the others as they are.
    pub fn resolve(self, problem: &Problem) -> EngineKind {
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
    /// ([`Engine::count_with_memo`]): [`EngineKind::Auto`] takes the bit
    /// sets wherever they can hold the problem, since only they keep a
    /// memo.
    pub fn resolve_for_memo(self, problem: &Problem) -> EngineKind {
        match self {
            EngineKind::Auto if BitMatrix::can_hold(problem) => EngineKind::Bits,
            kind => kind.resolve(problem),
        }
    }

    /// The engine's name: `auto`, `links` or `bits`.
    pub fn name(self) -> &'static str {
        match self {
            EngineKind::Auto => "auto",
            EngineKind::Links => "links",
            EngineKind::Bits => "bits",
        }
    }
}

/// A compiled problem, on the engine [`Problem::engine`] chose.
pub enum Engine<'a> {
    /// Dancing links.
    Links(Matrix<'a>),
    /// Bit sets (boxed: the struct is large, and an engine is made once
    /// per search).
    Bits(Box<BitMatrix>),
    /// Algorithm M on the dancing links, for problems with multiplicities
    /// (its [`Engine::kind`] is [`EngineKind::Links`]).
    Multi(Box<MultiMatrix<'a>>),
    /// Algorithm M on bit sets (its [`Engine::kind`] is
    /// [`EngineKind::Bits`]).
    MultiBits(Box<MultiBitMatrix>),
}

impl Problem {
    /// Compiles the problem for the engine `kind` asks for (the links' in
    /// `arena`). Fails if the problem does not fit it (colors on
    /// [`EngineKind::Bits`], or too large).
    ///
    /// ```
    /// use dlx_engine::dlx::{EngineKind, ItemKind, Problem, Search};
    /// let mut p = Problem::new();
    /// let (a, b) = (p.add_item(ItemKind::Primary), p.add_item(ItemKind::Primary));
    /// p.add_option(&[a, b]).unwrap();
    /// p.add_option(&[a]).unwrap();
    /// p.add_option(&[b]).unwrap();
    /// let arena = bumpalo::Bump::new();
    /// let mut links = p.engine(&arena, EngineKind::Links).unwrap();
    /// let mut bits = p.engine(&arena, EngineKind::Bits).unwrap();
    /// // The same tree: the same count and the same statistics.
    /// assert_eq!(links.count_up_to(u64::MAX), bits.count_up_to(u64::MAX));
    /// assert_eq!(p.engine(&arena, EngineKind::Auto).unwrap().kind(), EngineKind::Bits);
    /// ```
    pub fn engine<'a>(
        &self,
        arena: &'a bumpalo::Bump,
        kind: EngineKind,
    ) -> Result<Engine<'a>, BuildError> {
        if self.has_multiplicities() {
            return Ok(match kind.resolve(self) {
                EngineKind::Bits => Engine::MultiBits(Box::new(MultiBitMatrix::build(self)?)),
                _ => Engine::Multi(Box::new(MultiMatrix::build(self, arena)?)),
            });
        }
        Ok(if kind.resolve(self) == EngineKind::Bits {
            Engine::Bits(Box::new(BitMatrix::build(self)?))
        } else {
            Engine::Links(self.build(arena)?)
        })
    }
}

impl Engine<'_> {
    /// Which engine this is.
    pub fn kind(&self) -> EngineKind {
        match self {
            Engine::Links(_) | Engine::Multi(_) => EngineKind::Links,
            Engine::Bits(_) | Engine::MultiBits(_) => EngineKind::Bits,
        }
    }

    /// Counts solutions, searching each subproblem once where the engine
    /// can: [`BitMatrix::count_with_memo`], with `memo`, on the bit sets;
    /// the links (for colors, or problems too large for bit sets) search
    /// every node, as [`Search::search`] does. `visitor` gets ticks and no
    /// solutions.
    pub fn count_with_memo<V: Visitor>(
        &mut self,
        visitor: &mut V,
        limits: SearchLimits,
        memo: &mut MemoTable,
    ) -> (Outcome, Stats) {
        match self {
            Engine::Links(m) => m.search(&mut TicksOnly::new(visitor), limits),
            Engine::Multi(m) => m.search(&mut TicksOnly::new(visitor), limits),
            Engine::MultiBits(m) => m.search(&mut TicksOnly::new(visitor), limits),
            Engine::Bits(m) => m.count_with_memo(visitor, limits, memo),
        }
    }

    /// Enters a path of the search tree: see `Matrix::goto`.
    pub(crate) fn goto(&mut self, prefix: &[OptionId]) -> Result<(), ForceError> {
        match self {
            Engine::Links(m) => m.goto(prefix),
            Engine::Bits(m) => m.goto(prefix),
            Engine::Multi(m) => m.goto(prefix),
            Engine::MultiBits(m) => m.goto(prefix),
        }
    }

    /// Link updates since the engine was built, searches and setup alike
    /// (counted as DLX1 counts them).
    pub fn updates(&self) -> u64 {
        match self {
            Engine::Links(m) => m.updates(),
            Engine::Bits(m) => m.updates(),
            Engine::Multi(m) => m.updates(),
            Engine::MultiBits(m) => m.updates(),
        }
    }
}

impl Search for Engine<'_> {
    fn search<V: Visitor>(&mut self, visitor: &mut V, limits: SearchLimits) -> (Outcome, Stats) {
        match self {
            Engine::Links(m) => m.search(visitor, limits),
            Engine::Bits(m) => m.search(visitor, limits),
            Engine::Multi(m) => m.search(visitor, limits),
            Engine::MultiBits(m) => m.search(visitor, limits),
        }
    }
    fn force(&mut self, k: OptionId) -> Result<(), ForceError> {
        match self {
            Engine::Links(m) => m.force(k),
            Engine::Bits(m) => m.force(k),
            Engine::Multi(m) => m.force(k),
            Engine::MultiBits(m) => m.force(k),
        }
    }
    fn forced_count(&self) -> usize {
        match self {
            Engine::Links(m) => m.forced_count(),
            Engine::Bits(m) => m.forced_count(),
            Engine::Multi(m) => m.forced_count(),
            Engine::MultiBits(m) => m.forced_count(),
        }
    }
    fn unforce_to(&mut self, len: usize) {
        match self {
            Engine::Links(m) => m.unforce_to(len),
            Engine::Bits(m) => m.unforce_to(len),
            Engine::Multi(m) => m.unforce_to(len),
            Engine::MultiBits(m) => m.unforce_to(len),
        }
    }
}

/// An item of a [`Problem`], numbered from 0 in the order the items were
/// added (inside the matrix, primary items come first and numbering starts
/// at 1; [`Matrix`] translates).
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
