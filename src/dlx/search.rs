//! What every search shares, whichever engine runs it: the [`Search`]
//! trait (counting, the first solution, every solution, forced options,
//! written once over each engine's own search loop and forcing), the
//! limits a search takes, its statistics and how it ended, and the
//! [`Visitor`] that sees its solutions and progress.
//!
//! This module names no engine: an engine hands a [`Solution`] or a
//! [`Progress`] its chosen entries with itself as their [`ReadBack`],
//! which turns them into options. The engines import this module, never
//! the other way round.
//!
//! Invariant (each engine's): when [`Search::search`] returns, the engine
//! is back in the state it was called in (the forced options still
//! forced), however the search ended.

use std::marker::PhantomData;
use std::ops::ControlFlow;

use super::{ItemId, OptionId};

/// Why an option could not be forced: the runner enters a subproblem by
/// forcing its options (`Search::force`), so a run reports this
/// ([`RunError::Force`](super::RunError::Force)) for a prefix that does
/// not belong to its problem.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ForceError {
    /// The option shares an item with an option already forced (or, for a
    /// colored item, gives it another color).
    #[error("option {} clashes with an option forced earlier on item {}", .option.0, .item.0)]
    Clash {
        /// The option that could not be forced.
        option: OptionId,
        /// An item on which it clashes.
        item: ItemId,
    },
    /// No such option.
    #[error("there is no option {}", .0.0)]
    UnknownOption(OptionId),
    /// Algorithm M (`super::multiplicity`) forces no option and enters
    /// no path but the root.
    #[error("options cannot be forced on a problem with multiplicities")]
    Multiplicities,
}

/// Machine-independent measures of effort, as Knuth reports them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Search-tree nodes, counted as Knuth's DLX1 counts them: every level
    /// entered, solutions included.
    pub nodes: u64,
    /// Link updates, as DLX1 counts them: one per node unlinked from a
    /// vertical list and one per item covered.
    pub updates: u64,
    /// Solutions counted: visited one by one, or (with a memo) added up
    /// from counts of whole subproblems. 128 bits, since a memo's count
    /// passes 2^64 on problems it counts in a second (the domino tilings
    /// of 14x14); see [`Outcome::Overflow`] for what happens past 2^128 - 1.
    pub solutions: u128,
    /// Options that propagation removed ([`crate::dlx::Propagate`]; 0
    /// when it is off), each counted once per removal.
    pub removed: u64,
}

impl Stats {
    /// The sum of two searches' statistics, or `None` when their solutions
    /// add up past `u128::MAX` (nodes and updates are counted one by one
    /// and stay far below `u64::MAX`).
    #[must_use]
    pub(crate) fn checked_add(self, other: Self) -> Option<Self> {
        Some(Self {
            nodes: self.nodes + other.nodes,
            updates: self.updates + other.updates,
            solutions: self.solutions.checked_add(other.solutions)?,
            removed: self.removed + other.removed,
        })
    }
}

/// Sums of statistics whose solutions were visited one by one, which no
/// search lives long enough to take past 2^64 (let alone 2^128); where a
/// memo's counts are summed, `Stats::checked_add`.
impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, other: Self) {
        self.nodes += other.nodes;
        self.updates += other.updates;
        self.solutions += other.solutions;
        self.removed += other.removed;
    }
}

/// Bounds on one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchLimits {
    /// Stop once this many solutions have been found; `u64::MAX` is no
    /// limit (see `solution_cap`).
    pub max_solutions: u64,
    /// Stop before entering more than this many search-tree nodes.
    pub max_nodes: u64,
}

impl Default for SearchLimits {
    fn default() -> Self {
        Self::UNLIMITED
    }
}

/// The count at which a limit of `max_solutions` stops a count that adds
/// whole subproblems' counts (a memo's): `None` for `u64::MAX`, which is
/// no limit, so that such a count goes on past 2^64. (A search that
/// visits solutions one by one never gets to `u64::MAX`: at a billion a
/// second that takes 584 years.)
pub(crate) fn solution_cap(max_solutions: u64) -> Option<u128> {
    (max_solutions != u64::MAX).then_some(u128::from(max_solutions))
}

impl SearchLimits {
    /// No bound at all: the whole tree.
    pub const UNLIMITED: Self = Self {
        max_solutions: u64::MAX,
        max_nodes: u64::MAX,
    };

    /// Stop after `limit` solutions.
    pub(crate) fn solutions(limit: u64) -> Self {
        Self {
            max_solutions: limit,
            ..Self::UNLIMITED
        }
    }
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Outcome {
    /// The whole tree was searched: the count is exact.
    Exhausted,
    /// `max_solutions` was reached: the count is a lower bound.
    SolutionLimit,
    /// `max_nodes` was reached: the count is a lower bound.
    NodeLimit,
    /// The visitor asked to stop: the count is a lower bound.
    Stopped,
    /// The count passed `u128::MAX` (2^128 - 1), which only a count with a
    /// memo (or a sum of such counts) can reach: the search stopped there
    /// and the count says `u128::MAX`, a lower bound that must not be
    /// printed as a count (`dlx cover` makes it an error).
    Overflow,
}

/// How many solutions a search found, how it ended and what it cost
/// ([`Run::count`](super::Run::count)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// Solutions found (see [`Stats::solutions`]).
    pub solutions: u128,
    /// How the search ended; anything but [`Outcome::Exhausted`] makes
    /// `solutions` a lower bound.
    pub outcome: Outcome,
    /// Effort spent.
    pub stats: Stats,
}

/// A solution, seen by a [`Visitor`] while the search stands on it.
pub struct Solution<'m, 'a> {
    source: Chosen<'m>,
    /// The arena of the engine, for the lifetime that visitors name.
    arena: PhantomData<&'m &'a ()>,
}

/// How an engine reads back the entries its search chose (a node of the
/// links, an option's bit of the bit sets, an option number), so that a
/// [`Solution`] or a [`Progress`] can say which options they are without
/// this module naming the engine.
pub(super) trait ReadBack {
    /// Number of options forced before the search.
    fn forced_count(&self) -> usize;
    /// The `i`-th option forced, `i < forced_count()`.
    fn forced_option(&self, i: usize) -> OptionId;
    /// The option that chosen entry `x` stands for.
    fn option_of(&self, x: u32) -> OptionId;
    /// The 0-based position of entry `x`, chosen at level `depth`, among
    /// the options of the item branched on there, and their number.
    fn path_at(&self, depth: usize, x: u32) -> (u32, u32);
}

/// Options chosen by number, none forced: Algorithm M on bit sets, whose
/// levels carry their own (position, moves).
pub(super) struct ByNumber;

impl ReadBack for ByNumber {
    fn forced_count(&self) -> usize {
        0
    }
    fn forced_option(&self, i: usize) -> OptionId {
        unreachable!("nothing is forced, so there is no forced option {i}")
    }
    fn option_of(&self, x: u32) -> OptionId {
        OptionId(x)
    }
    fn path_at(&self, _: usize, _: u32) -> (u32, u32) {
        (0, 1)
    }
}

/// Where a solution's (or a path's) chosen options are read from: the
/// engine's chosen entries and, for Algorithm M, each level's (position,
/// moves), which its tweaked lists no longer show.
#[derive(Clone, Copy)]
struct Chosen<'m> {
    engine: &'m dyn ReadBack,
    chosen: &'m [u32],
    path: Option<&'m [(u32, u32)]>,
}

impl<'m> Chosen<'m> {
    /// The forced options, then the chosen ones.
    fn options(self) -> impl Iterator<Item = OptionId> + 'm {
        let engine = self.engine;
        (0..engine.forced_count())
            .map(move |i| engine.forced_option(i))
            .chain(self.chosen())
    }

    /// Only the chosen options.
    fn chosen(self) -> impl Iterator<Item = OptionId> + 'm {
        let engine = self.engine;
        self.chosen.iter().map(move |&x| engine.option_of(x))
    }

    /// Each level's (position, number of options).
    fn path(self) -> impl Iterator<Item = (u32, u32)> + 'm {
        let engine = self.engine;
        let (given, read) = match self.path {
            Some(path) => (path, &[][..]),
            None => (&[][..], self.chosen),
        };
        let read = read.iter().enumerate();
        (given.iter().copied()).chain(read.map(move |(depth, &x)| engine.path_at(depth, x)))
    }
}

impl<'m, 'a> Solution<'m, 'a> {
    /// The solution an engine's search stands on: its chosen entries,
    /// read back by `engine`.
    pub(super) fn new(engine: &'m dyn ReadBack, chosen: &'m [u32]) -> Self {
        Self {
            source: Chosen {
                engine,
                chosen,
                path: None,
            },
            arena: PhantomData,
        }
    }

    /// The options of the solution: the forced ones first, then those the
    /// search chose, in the order chosen.
    pub fn options(&self) -> impl Iterator<Item = OptionId> + 'm {
        self.source.options()
    }

    /// Only the options the search chose (not the forced ones).
    #[cfg(test)]
    pub(crate) fn chosen(&self) -> impl Iterator<Item = OptionId> + 'm {
        self.source.chosen()
    }
}

/// A visitor's ticks, without its solutions (for a count, which visits
/// none), their statistics added to `before`: those of the search a
/// subtree's search continues.
pub(super) struct TicksOnly<'v, V> {
    visitor: &'v mut V,
    before: Stats,
}

impl<'v, V> TicksOnly<'v, V> {
    /// The ticks of a whole search.
    pub(super) fn new(visitor: &'v mut V) -> Self {
        Self::after(visitor, Stats::default())
    }

    /// The ticks of a search that continues one with statistics `before`.
    pub(super) fn after(visitor: &'v mut V, before: Stats) -> Self {
        Self { visitor, before }
    }
}

impl<V: Visitor> Visitor for TicksOnly<'_, V> {
    const TICK_NODES: u64 = V::TICK_NODES;

    fn solution(&mut self, _: &Solution<'_, '_>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn tick(&mut self, progress: &Progress<'_, '_>) -> ControlFlow<()> {
        let mut stats = self.before;
        stats += progress.stats;
        self.visitor.tick(&Progress {
            source: progress.source,
            stats,
            arena: PhantomData,
        })
    }
}

/// Where the search stands: for progress reports and estimates.
pub struct Progress<'m, 'a> {
    source: Chosen<'m>,
    /// Statistics so far.
    pub stats: Stats,
    arena: PhantomData<&'m &'a ()>,
}

impl<'m, 'a> Progress<'m, 'a> {
    /// Where an engine's search stands: its chosen entries, read back by
    /// `engine`, each level's position read back too.
    pub(super) fn new(engine: &'m dyn ReadBack, chosen: &'m [u32], stats: Stats) -> Self {
        Self {
            source: Chosen {
                engine,
                chosen,
                path: None,
            },
            stats,
            arena: PhantomData,
        }
    }

    /// Where Algorithm M's search stands: its chosen entries (null moves
    /// left out) and each level's (position, moves), given.
    pub(super) fn with_path(
        engine: &'m dyn ReadBack,
        chosen: &'m [u32],
        path: &'m [(u32, u32)],
        stats: Stats,
    ) -> Self {
        Self {
            source: Chosen {
                engine,
                chosen,
                path: Some(path),
            },
            stats,
            arena: PhantomData,
        }
    }

    /// Where a search outside the engines stands, told by its path alone
    /// (each level's position and number of options).
    pub(crate) fn of_path(path: &'m [(u32, u32)], stats: Stats) -> Self {
        Self::with_path(&ByNumber, &[], path, stats)
    }

    /// For each level of the current path, the 0-based position of the
    /// option being tried among the options of the item branched on, and
    /// their number.
    pub(crate) fn path(&self) -> impl Iterator<Item = (u32, u32)> + 'm {
        self.source.path()
    }

    /// Knuth's estimate of the fraction of the tree already searched: the
    /// path read as a mixed-radix fraction, 0 at the start, 1 at the end.
    pub fn fraction_done(&self) -> f64 {
        let mut fraction = 0.0;
        let mut scale = 1.0;
        for (pos, len) in self.path() {
            let len = f64::from(len.max(1));
            fraction += scale * f64::from(pos) / len;
            scale /= len;
        }
        fraction + scale / 2.0
    }
}

/// Receives each solution, and a progress report now and then; either can
/// stop the search.
pub trait Visitor {
    /// Called at each solution.
    fn solution(&mut self, solution: &Solution<'_, '_>) -> ControlFlow<()>;

    /// Called every [`Visitor::TICK_NODES`] search-tree nodes.
    fn tick(&mut self, _progress: &Progress<'_, '_>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    /// How often, in search-tree nodes, [`Visitor::tick`] is called (a
    /// power of two).
    const TICK_NODES: u64 = 1 << 16;
}

impl<F: FnMut(&Solution<'_, '_>) -> ControlFlow<()>> Visitor for F {
    fn solution(&mut self, solution: &Solution<'_, '_>) -> ControlFlow<()> {
        self(solution)
    }
}

/// A visitor that only counts.
#[cfg_attr(not(feature = "unstable"), allow(dead_code))] // used through `__unstable`
struct Counting;

impl Visitor for Counting {
    #[inline]
    fn solution(&mut self, _: &Solution<'_, '_>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

/// A search engine: `Matrix` (the dancing links),
/// `BitMatrix` (bit sets), Algorithm M on either
/// (`MultiMatrix`,
/// `MultiBitMatrix`), and
/// [`Engine`](super::Engine) over all four. Each provides its search loop
/// and its forcing; counting, the first solution, every solution and
/// forcing a list of options are written once, here.
///
/// ```
/// use dlx_engine::__unstable::{Bump, Search, engine};
/// use dlx_engine::dlx::{EngineKind, ItemKind, Problem};
/// let mut p = Problem::new();
/// let (a, b) = (p.add_item(ItemKind::Primary), p.add_item(ItemKind::Primary));
/// let both = p.add_option(&[a, b]).unwrap();
/// p.add_option(&[a]).unwrap();
/// p.add_option(&[b]).unwrap();
/// let arena = Bump::new();
/// let mut m = engine(&p, &arena, EngineKind::Links).unwrap();
/// assert_eq!(m.count_up_to(u64::MAX).solutions, 2);
/// m.force(both).unwrap();
/// assert_eq!(m.first_solution(), Some(vec![both]));
/// m.unforce_to(0);
/// ```
#[cfg_attr(not(feature = "unstable"), allow(dead_code))] // used through `__unstable`
pub trait Search {
    /// Algorithm X with `visitor` within `limits`: visits solutions until
    /// the tree is exhausted, a limit is reached, or the visitor stops it,
    /// branching on the primary item with the fewest options (the first
    /// on ties). Restores the engine's state before returning.
    fn search<V: Visitor>(&mut self, visitor: &mut V, limits: SearchLimits) -> (Outcome, Stats);

    /// Forces option `k` into every solution (a puzzle's given, say),
    /// changing nothing if it clashes with the options forced before.
    fn force(&mut self, k: OptionId) -> Result<(), ForceError>;

    /// Number of options forced.
    fn forced_count(&self) -> usize;

    /// Unforces options, the last forced first, until only the first
    /// `len` remain.
    fn unforce_to(&mut self, len: usize);

    /// Counts solutions, stopping as soon as `limit` are found.
    fn count_up_to(&mut self, limit: u64) -> Count {
        self.count_with(SearchLimits::solutions(limit))
    }

    /// Counts solutions within `limits`.
    fn count_with(&mut self, limits: SearchLimits) -> Count {
        let (outcome, stats) = self.search(&mut Counting, limits);
        Count {
            solutions: stats.solutions,
            outcome,
            stats,
        }
    }

    /// The first solution found, forced options first, or `None` if there
    /// is none.
    fn first_solution(&mut self) -> Option<Vec<OptionId>> {
        let mut found = None;
        self.search(
            &mut |s: &Solution<'_, '_>| {
                found = Some(s.options().collect());
                ControlFlow::Break(())
            },
            SearchLimits::UNLIMITED,
        );
        found
    }

    /// Calls `visit` on every solution until it returns
    /// `ControlFlow::Break`.
    fn for_each_solution(
        &mut self,
        mut visit: impl FnMut(&Solution<'_, '_>) -> ControlFlow<()>,
    ) -> (Outcome, Stats) {
        self.search(&mut visit, SearchLimits::UNLIMITED)
    }

    /// Forces each option in turn; on a clash, undoes the ones this call
    /// forced and reports the clash.
    fn force_all(&mut self, options: &[OptionId]) -> Result<(), ForceError> {
        let before = self.forced_count();
        for &k in options {
            if let Err(e) = self.force(k) {
                self.unforce_to(before);
                return Err(e);
            }
        }
        Ok(())
    }
}

/// Implements [`Search`] for Algorithm M's engines, whose inherent `run`
/// is the search loop and which force no option (a problem with
/// multiplicities is searched whole: [`ForceError::Multiplicities`]).
macro_rules! search_without_forcing {
    ($($engine:ty),*) => {$(
        impl $crate::dlx::Search for $engine {
            fn search<V: $crate::dlx::Visitor>(
                &mut self,
                visitor: &mut V,
                limits: $crate::dlx::SearchLimits,
            ) -> ($crate::dlx::Outcome, $crate::dlx::Stats) {
                self.run(visitor, limits)
            }
            fn force(&mut self, _: $crate::dlx::OptionId) -> Result<(), $crate::dlx::ForceError> {
                Err($crate::dlx::ForceError::Multiplicities)
            }
            fn forced_count(&self) -> usize {
                0
            }
            fn unforce_to(&mut self, _: usize) {}
        }
    )*};
}
pub(super) use search_without_forcing;
