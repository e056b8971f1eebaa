//! The engine a [`Problem`] compiles to ([`Problem::engine`]): dancing
//! links or bit sets, each with Algorithm M's variant for multiplicities,
//! behind one [`Engine`] that the runner (`super::parallel`) searches
//! through [`Search`]. Internal: a caller searches through
//! [`Runner`](super::Runner); the fuzz targets and tests reach engines
//! through the `unstable` door.
//!
//! Invariant: every engine of a problem visits the same tree (the same
//! branching rule, options in the same order) and reports the same
//! [`Stats`], whichever [`EngineKind`] chose it.

use super::search::TicksOnly;
use super::{
    BitMatrix, BuildError, EngineKind, ForceError, Matrix, MemoTable, MultiBitMatrix, MultiMatrix,
    OptionId, Outcome, Problem, Search, SearchLimits, Stats, Visitor,
};

/// A compiled problem, on the engine [`Problem::engine`] chose: dancing
/// links or bit sets, each with Algorithm M's variant for multiplicities.
/// Searched through [`Search`]. (Public in name only: the module is
/// internal, and the `unstable` door names it.)
pub struct Engine<'a>(pub(crate) Compiled<'a>);

impl Engine<'_> {
    /// Which engine this is.
    #[cfg(any(test, feature = "unstable"))]
    pub(crate) fn kind(&self) -> EngineKind {
        self.0.kind()
    }

    /// Enters a path of the search tree: see `Matrix::goto`.
    pub(crate) fn goto(&mut self, prefix: &[OptionId]) -> Result<(), ForceError> {
        self.0.goto(prefix)
    }

    /// Link updates since the engine was built, searches and setup alike
    /// (counted as DLX1 counts them).
    pub(crate) fn updates(&self) -> u64 {
        self.0.updates()
    }
}

impl Search for Engine<'_> {
    fn search<V: Visitor>(&mut self, visitor: &mut V, limits: SearchLimits) -> (Outcome, Stats) {
        self.0.search(visitor, limits)
    }
    fn force(&mut self, k: OptionId) -> Result<(), ForceError> {
        self.0.force(k)
    }
    fn forced_count(&self) -> usize {
        self.0.forced_count()
    }
    fn unforce_to(&mut self, len: usize) {
        self.0.unforce_to(len)
    }
}

/// The engines a [`Problem`] compiles to, behind [`Engine`].
pub(crate) enum Compiled<'a> {
    /// Dancing links.
    Links(Matrix<'a>),
    /// Bit sets (boxed: the struct is large, and an engine is made once
    /// per search).
    Bits(Box<BitMatrix>),
    /// Algorithm M on the dancing links, for problems with multiplicities
    /// (its [`Compiled::kind`] is [`EngineKind::Links`]).
    Multi(Box<MultiMatrix<'a>>),
    /// Algorithm M on bit sets (its [`Compiled::kind`] is
    /// [`EngineKind::Bits`]).
    MultiBits(Box<MultiBitMatrix>),
}

impl Problem {
    /// Compiles the problem for the engine `kind` asks for (the links' in
    /// `arena`). Fails if the problem does not fit it (colors on
    /// [`EngineKind::Bits`], or too large).
    pub(crate) fn engine<'a>(
        &self,
        arena: &'a bumpalo::Bump,
        kind: EngineKind,
    ) -> Result<Engine<'a>, BuildError> {
        Ok(Engine(self.compile(arena, kind)?))
    }

    /// [`Problem::engine`]'s engine, unwrapped.
    fn compile<'a>(
        &self,
        arena: &'a bumpalo::Bump,
        kind: EngineKind,
    ) -> Result<Compiled<'a>, BuildError> {
        if self.has_multiplicities() {
            return Ok(match kind.resolve(self) {
                EngineKind::Bits => Compiled::MultiBits(Box::new(MultiBitMatrix::build(self)?)),
                _ => Compiled::Multi(Box::new(MultiMatrix::build(self, arena)?)),
            });
        }
        Ok(if kind.resolve(self) == EngineKind::Bits {
            Compiled::Bits(Box::new(BitMatrix::build(self)?))
        } else {
            Compiled::Links(self.build(arena)?)
        })
    }
}

impl Compiled<'_> {
    /// Which engine this is.
    #[cfg(any(test, feature = "unstable"))]
    fn kind(&self) -> EngineKind {
        match self {
            Compiled::Links(_) | Compiled::Multi(_) => EngineKind::Links,
            Compiled::Bits(_) | Compiled::MultiBits(_) => EngineKind::Bits,
        }
    }

    /// Counts solutions, searching each subproblem once where the engine
    /// can: [`BitMatrix::count_with_memo`], with `memo`, on the bit sets;
    /// the links (for colors, or problems too large for bit sets) search
    /// every node, as [`Search::search`] does. `visitor` gets ticks and no
    /// solutions.
    pub(crate) fn count_with_memo<V: Visitor>(
        &mut self,
        visitor: &mut V,
        limits: SearchLimits,
        memo: &mut MemoTable,
    ) -> (Outcome, Stats) {
        match self {
            Compiled::Links(m) => m.search(&mut TicksOnly::new(visitor), limits),
            Compiled::Multi(m) => m.search(&mut TicksOnly::new(visitor), limits),
            Compiled::MultiBits(m) => m.search(&mut TicksOnly::new(visitor), limits),
            Compiled::Bits(m) => m.count_with_memo(visitor, limits, memo),
        }
    }

    /// Enters a path of the search tree: see `Matrix::goto`.
    fn goto(&mut self, prefix: &[OptionId]) -> Result<(), ForceError> {
        match self {
            Compiled::Links(m) => m.goto(prefix),
            Compiled::Bits(m) => m.goto(prefix),
            Compiled::Multi(m) => m.goto(prefix),
            Compiled::MultiBits(m) => m.goto(prefix),
        }
    }

    /// Link updates since the engine was built, searches and setup alike
    /// (counted as DLX1 counts them).
    fn updates(&self) -> u64 {
        match self {
            Compiled::Links(m) => m.updates(),
            Compiled::Bits(m) => m.updates(),
            Compiled::Multi(m) => m.updates(),
            Compiled::MultiBits(m) => m.updates(),
        }
    }
}

impl Search for Compiled<'_> {
    fn search<V: Visitor>(&mut self, visitor: &mut V, limits: SearchLimits) -> (Outcome, Stats) {
        match self {
            Compiled::Links(m) => m.search(visitor, limits),
            Compiled::Bits(m) => m.search(visitor, limits),
            Compiled::Multi(m) => m.search(visitor, limits),
            Compiled::MultiBits(m) => m.search(visitor, limits),
        }
    }
    fn force(&mut self, k: OptionId) -> Result<(), ForceError> {
        match self {
            Compiled::Links(m) => m.force(k),
            Compiled::Bits(m) => m.force(k),
            Compiled::Multi(m) => m.force(k),
            Compiled::MultiBits(m) => m.force(k),
        }
    }
    fn forced_count(&self) -> usize {
        match self {
            Compiled::Links(m) => m.forced_count(),
            Compiled::Bits(m) => m.forced_count(),
            Compiled::Multi(m) => m.forced_count(),
            Compiled::MultiBits(m) => m.forced_count(),
        }
    }
    fn unforce_to(&mut self, len: usize) {
        match self {
            Compiled::Links(m) => m.unforce_to(len),
            Compiled::Bits(m) => m.unforce_to(len),
            Compiled::Multi(m) => m.unforce_to(len),
            Compiled::MultiBits(m) => m.unforce_to(len),
        }
    }
}
