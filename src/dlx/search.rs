//! Algorithm X, iteratively: an explicit stack of chosen nodes instead of
//! recursion, so the depth is bounded only by the number of primary items.
//!
//! Invariant: when [`Matrix::search`] returns, the matrix is back in the
//! state it was called in (the forced options still forced), however the
//! search ended: every level on the stack is undone in reverse order.

use std::ops::ControlFlow;

use super::bits::BitMatrix;
use super::matrix::{COLORS, COVERED, FOUR, ForceError, PLAIN};
use super::{Matrix, OptionId};

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
}

impl Stats {
    /// The sum of two searches' statistics, or `None` when their solutions
    /// add up past `u128::MAX` (nodes and updates are counted one by one
    /// and stay far below `u64::MAX`).
    #[must_use]
    pub fn checked_add(self, other: Self) -> Option<Self> {
        Some(Self {
            nodes: self.nodes + other.nodes,
            updates: self.updates + other.updates,
            solutions: self.solutions.checked_add(other.solutions)?,
        })
    }
}

/// Sums of statistics whose solutions were visited one by one, which no
/// search lives long enough to take past 2^64 (let alone 2^128); where a
/// memo's counts are summed, [`Stats::checked_add`].
impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, other: Self) {
        self.nodes += other.nodes;
        self.updates += other.updates;
        self.solutions += other.solutions;
    }
}

/// Bounds on one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchLimits {
    /// Stop once this many solutions have been found; `u64::MAX` is no
    /// limit (see [`solution_cap`]).
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
pub fn solution_cap(max_solutions: u64) -> Option<u128> {
    (max_solutions != u64::MAX).then_some(u128::from(max_solutions))
}

impl SearchLimits {
    /// No bound at all: the whole tree.
    pub const UNLIMITED: Self = Self {
        max_solutions: u64::MAX,
        max_nodes: u64::MAX,
    };

    /// Stop after `limit` solutions.
    pub fn solutions(limit: u64) -> Self {
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

impl Outcome {
    /// Whether the whole tree was searched, so the count is exact.
    pub fn is_exhaustive(self) -> bool {
        self == Outcome::Exhausted
    }
}

/// The result of [`Matrix::count_up_to`].
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

impl Count {
    /// Whether `solutions` is the exact number (the search was not cut).
    pub fn is_exact(&self) -> bool {
        self.outcome.is_exhaustive()
    }
}

/// A solution, seen by a [`Visitor`] while the search stands on it.
pub struct Solution<'m, 'a> {
    source: Chosen<'m, 'a>,
}

/// Where a solution's (or a path's) chosen options are read from: the
/// nodes the dancing-links search chose, or the option numbers the bit-set
/// search chose.
#[derive(Clone, Copy)]
enum Chosen<'m, 'a> {
    Links {
        matrix: &'m Matrix<'a>,
        chosen: &'m [u32],
    },
    Bits {
        matrix: &'m BitMatrix,
        chosen: &'m [u32],
    },
    /// Algorithm M's: the option nodes chosen (null moves left out), and
    /// each level's (position, moves), which its tweaked lists no longer
    /// show.
    Multi {
        matrix: &'m Matrix<'a>,
        chosen: &'m [u32],
        path: &'m [(u32, u32)],
    },
    /// Algorithm M's on bit sets: the options chosen, by number in the
    /// order added (none forced), and each level's (position, moves).
    Ids {
        chosen: &'m [u32],
        path: &'m [(u32, u32)],
    },
}

impl<'m, 'a> Chosen<'m, 'a> {
    /// The forced options, then the chosen ones.
    fn options(self) -> impl Iterator<Item = OptionId> + 'm {
        let (links, bits, ids) = self.split();
        let links = links.into_iter().flat_map(|(m, chosen)| {
            m.forced()
                .chain(chosen.iter().map(move |&x| m.option_of_node(x)))
        });
        let bits = bits
            .into_iter()
            .flat_map(|(m, chosen)| m.forced().chain(chosen.iter().map(|&k| m.option_id(k))));
        links
            .chain(bits)
            .chain(ids.into_iter().flatten().map(|&k| OptionId(k)))
    }

    /// Only the chosen options.
    fn chosen(self) -> impl Iterator<Item = OptionId> + 'm {
        let (links, bits, ids) = self.split();
        let links = links
            .into_iter()
            .flat_map(|(m, chosen)| chosen.iter().map(move |&x| m.option_of_node(x)));
        let bits = bits
            .into_iter()
            .flat_map(|(m, chosen)| chosen.iter().map(move |&k| m.option_id(k)));
        links
            .chain(bits)
            .chain(ids.into_iter().flatten().map(|&k| OptionId(k)))
    }

    /// The chosen nodes of the links, the chosen bits of the bit sets, or
    /// the chosen option numbers: one of the three.
    #[allow(clippy::type_complexity)]
    fn split(
        self,
    ) -> (
        Option<(&'m Matrix<'a>, &'m [u32])>,
        Option<(&'m BitMatrix, &'m [u32])>,
        Option<&'m [u32]>,
    ) {
        match self {
            Chosen::Links { matrix, chosen } | Chosen::Multi { matrix, chosen, .. } => {
                (Some((matrix, chosen)), None, None)
            }
            Chosen::Bits { matrix, chosen } => (None, Some((matrix, chosen)), None),
            Chosen::Ids { chosen, .. } => (None, None, Some(chosen)),
        }
    }

    fn depth(self) -> usize {
        match self {
            Chosen::Links { chosen, .. }
            | Chosen::Bits { chosen, .. }
            | Chosen::Multi { chosen, .. }
            | Chosen::Ids { chosen, .. } => chosen.len(),
        }
    }

    fn forced_count(self) -> usize {
        match self {
            Chosen::Links { matrix, .. } | Chosen::Multi { matrix, .. } => matrix.forced_count(),
            Chosen::Bits { matrix, .. } => matrix.forced_count(),
            Chosen::Ids { .. } => 0,
        }
    }
}

impl<'m, 'a> Solution<'m, 'a> {
    pub(super) fn of_links(matrix: &'m Matrix<'a>, chosen: &'m [u32]) -> Self {
        Self {
            source: Chosen::Links { matrix, chosen },
        }
    }

    pub(super) fn of_bits(matrix: &'m BitMatrix, chosen: &'m [u32]) -> Self {
        Self {
            source: Chosen::Bits { matrix, chosen },
        }
    }

    /// A solution of options by number, none forced.
    pub(super) fn of_ids(chosen: &'m [u32]) -> Self {
        Self {
            source: Chosen::Ids { chosen, path: &[] },
        }
    }

    /// The options of the solution: the forced ones first, then those the
    /// search chose, in the order chosen.
    pub fn options(&self) -> impl Iterator<Item = OptionId> + 'm {
        self.source.options()
    }

    /// Only the options the search chose (not the forced ones).
    pub fn chosen(&self) -> impl Iterator<Item = OptionId> + 'm {
        self.source.chosen()
    }

    /// Number of options in the solution, forced ones included.
    pub fn len(&self) -> usize {
        self.source.forced_count() + self.source.depth()
    }

    /// Whether the solution has no option (a problem with no primary item).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
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
        })
    }
}

/// Where the search stands: for progress reports and estimates.
pub struct Progress<'m, 'a> {
    source: Chosen<'m, 'a>,
    /// Statistics so far.
    pub stats: Stats,
}

impl<'m, 'a> Progress<'m, 'a> {
    pub(super) fn of_bits(matrix: &'m BitMatrix, chosen: &'m [u32], stats: Stats) -> Self {
        Self {
            source: Chosen::Bits { matrix, chosen },
            stats,
        }
    }

    pub(super) fn of_ids(chosen: &'m [u32], path: &'m [(u32, u32)], stats: Stats) -> Self {
        Self {
            source: Chosen::Ids { chosen, path },
            stats,
        }
    }

    pub(super) fn of_multi(
        matrix: &'m Matrix<'a>,
        chosen: &'m [u32],
        path: &'m [(u32, u32)],
        stats: Stats,
    ) -> Self {
        Self {
            source: Chosen::Multi {
                matrix,
                chosen,
                path,
            },
            stats,
        }
    }

    /// For each level of the current path, the 0-based position of the
    /// option being tried among the options of the item branched on, and
    /// their number.
    pub fn path(&self) -> impl Iterator<Item = (u32, u32)> + 'm {
        let (links, bits, multi) = match self.source {
            Chosen::Links { matrix, chosen } => (Some((matrix, chosen)), None, None),
            Chosen::Bits { matrix, chosen } => (None, Some((matrix, chosen.len())), None),
            Chosen::Multi { path, .. } | Chosen::Ids { path, .. } => (None, None, Some(path)),
        };
        let links = links.into_iter().flat_map(|(m, chosen)| {
            chosen.iter().map(move |&x| {
                let item = m.nodes[x as usize].top as u32;
                let mut pos = 0;
                let mut q = m.nodes[item as usize].down;
                while q != x {
                    pos += 1;
                    q = m.nodes[q as usize].down;
                }
                (pos, m.lens[item as usize] & !COVERED)
            })
        });
        let bits = bits
            .into_iter()
            .flat_map(|(m, depth)| (0..depth).map(move |d| m.path_at(d)));
        links
            .chain(bits)
            .chain(multi.into_iter().flatten().copied())
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

/// The index of the first least value of `lens` (which is not empty), on
/// AVX2 when the processor has it (checked once, then cached by `std`).
#[inline]
pub(super) fn first_least(lens: &[u32]) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor supports AVX2, as just checked.
        return unsafe { first_least_avx2(lens) };
    }
    first_least_portable(lens)
}

/// [`first_least`] on AVX2: the least value over vectors of eight
/// lengths (signed: every length is below bit 31), then the first vector
/// that holds it and its first lane, from a mask. The lengths past the last
/// whole vector are read as one more vector that ends with the array: it
/// overlaps the one before, which is harmless for the minimum, and a hit
/// in the overlap was already found in the vector before.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn first_least_avx2(lens: &[u32]) -> u32 {
    use std::arch::x86_64::*;
    const W: usize = 8;
    let Some(last) = lens.len().checked_sub(W) else {
        return first_least_portable(lens);
    };
    // SAFETY: every vector read starts at `i <= last`, so its eight lanes
    // lie within `lens`.
    let load = |i: usize| unsafe { _mm256_loadu_si256(lens.as_ptr().add(i).cast()) };
    let (mut m0, mut m1) = (load(last), load(last));
    let mut i = 0;
    while i + 2 * W <= lens.len() {
        m0 = _mm256_min_epi32(m0, load(i));
        m1 = _mm256_min_epi32(m1, load(i + W));
        i += 2 * W;
    }
    if i <= last {
        m0 = _mm256_min_epi32(m0, load(i));
    }
    let m = _mm256_min_epi32(m0, m1);
    let m = _mm_min_epi32(_mm256_castsi256_si128(m), _mm256_extracti128_si256::<1>(m));
    let m = _mm_min_epi32(m, _mm_shuffle_epi32::<0b01_00_11_10>(m));
    let m = _mm_min_epi32(m, _mm_shuffle_epi32::<0b10_11_00_01>(m));
    let least = _mm256_broadcastd_epi32(m);
    let hits = |i: usize| {
        let eq = _mm256_cmpeq_epi32(load(i), least);
        _mm256_movemask_ps(_mm256_castsi256_ps(eq)) as u32
    };
    let mut i = 0;
    while i < last {
        let mask = hits(i);
        if mask != 0 {
            return (i + mask.trailing_zeros() as usize) as u32;
        }
        i += W;
    }
    (last + hits(last).trailing_zeros() as usize) as u32
}

/// Two branch-free passes written lane by lane so that the compiler makes
/// vector code of them: the least value (as `i32`: every length is below
/// bit 31, and signed minimum is a vector instruction on every x86-64),
/// then the first block of lanes that holds it.
#[inline(always)]
fn first_least_portable(lens: &[u32]) -> u32 {
    const LANES: usize = 16;
    let blocks = lens.chunks_exact(LANES);
    let tail = blocks.remainder();
    let mut lane_min = [i32::MAX; LANES];
    for block in blocks.clone() {
        for (m, &len) in lane_min.iter_mut().zip(block) {
            *m = (*m).min(len as i32);
        }
    }
    let least = tail
        .iter()
        .map(|&len| len as i32)
        .chain(lane_min)
        .min()
        .unwrap_or(0) as u32;
    for (b, block) in blocks.enumerate() {
        let hit = block
            .iter()
            .fold(0u32, |hit, &len| hit | u32::from(len == least));
        if hit != 0 {
            let k = block.iter().position(|&len| len == least).unwrap_or(0);
            return (b * LANES + k) as u32;
        }
    }
    let k = tail.iter().position(|&len| len == least).unwrap_or(0);
    (lens.len() - tail.len() + k) as u32
}

/// A visitor that only counts.
struct Counting;

impl Visitor for Counting {
    #[inline]
    fn solution(&mut self, _: &Solution<'_, '_>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

impl Matrix<'_> {
    /// Algorithm X: visits solutions until the tree is exhausted, a limit is
    /// reached, or the visitor stops it. Branches on the primary item with
    /// the fewest options (the first such item on ties); covers secondary
    /// items only as chosen options use them. Restores the matrix before
    /// returning.
    pub fn search<V: Visitor>(
        &mut self,
        visitor: &mut V,
        limits: SearchLimits,
    ) -> (Outcome, Stats) {
        match self.dance {
            COLORS => self.search_in::<V, COLORS>(visitor, limits),
            PLAIN => self.search_in::<V, PLAIN>(visitor, limits),
            _ => self.search_in::<V, FOUR>(visitor, limits),
        }
    }

    /// [`Matrix::search`] with the dance `D` (the matrix's own: see
    /// `matrix::COLORS`): the same tree under each.
    fn search_in<V: Visitor, const D: u8>(
        &mut self,
        visitor: &mut V,
        limits: SearchLimits,
    ) -> (Outcome, Stats) {
        let updates_before = self.updates;
        let mut stats = Stats::default();
        let mut depth = 0usize;
        let outcome = 'search: loop {
            // X2: all primary items covered?
            // A node of the search tree, solutions included (as DLX1 counts).
            if stats.nodes >= limits.max_nodes {
                break 'search Outcome::NodeLimit;
            }
            stats.nodes += 1;
            let (mut item, mut x);
            if self.items[0].next == 0 {
                stats.solutions += 1;
                let solution = Solution::of_links(self, &self.stack[..depth]);
                if visitor.solution(&solution).is_break() {
                    break 'search Outcome::Stopped;
                }
                if stats.solutions >= u128::from(limits.max_solutions) {
                    break 'search Outcome::SolutionLimit;
                }
                // X8: back to the previous level.
                match self.step_back::<D>(&mut depth) {
                    Some(next) => (item, x) = next,
                    None => break 'search Outcome::Exhausted,
                }
            } else {
                // X3: choose an item.
                if stats.nodes & (V::TICK_NODES - 1) == 0 {
                    stats.updates = self.updates - updates_before;
                    let progress = Progress {
                        source: Chosen::Links {
                            matrix: self,
                            chosen: &self.stack[..depth],
                        },
                        stats,
                    };
                    if visitor.tick(&progress).is_break() {
                        break 'search Outcome::Stopped;
                    }
                }
                item = self.choose_item();
                // X4: cover it.
                self.cover_in::<D>(item);
                x = self.nodes[item as usize].down;
            }
            // X5: try option x, or X7/X8 when the item's list is exhausted.
            loop {
                if x != item {
                    self.commit_others_in::<D>(x);
                    self.stack[depth] = x;
                    depth += 1;
                    continue 'search;
                }
                self.uncover_in::<D>(item);
                match self.step_back::<D>(&mut depth) {
                    Some(next) => (item, x) = next,
                    None => break 'search Outcome::Exhausted,
                }
            }
        };
        // Stopped early: undo every level still on the stack.
        while depth > 0 {
            depth -= 1;
            let x = self.stack[depth];
            self.uncommit_others_in::<D>(x);
            self.uncover_in::<D>(self.nodes[x as usize].top as u32);
        }
        stats.updates = self.updates - updates_before;
        (outcome, stats)
    }

    /// X8 and X6: back to the previous level, undo the option chosen there
    /// and step to the next option of its item, as (item, option node);
    /// `None` at the root.
    #[inline(always)]
    fn step_back<const D: u8>(&mut self, depth: &mut usize) -> Option<(u32, u32)> {
        *depth = depth.checked_sub(1)?;
        let prev = self.stack[*depth];
        self.uncommit_others_in::<D>(prev);
        let node = self.nodes[prev as usize];
        Some((node.top as u32, node.down))
    }

    /// The active primary item with the fewest options, the first on ties
    /// (stopping at one with none). The item list keeps items in header
    /// order, so scanning the lengths array in index order, where covered
    /// items carry [`COVERED`] and never win, picks exactly the item a walk
    /// of the list would; the array scan has no chain of dependent loads.
    /// Needs at least one active primary item.
    #[inline]
    pub(super) fn choose_item(&self) -> u32 {
        let lens = &self.lens[1..=self.primary_count()];
        first_least(lens) + 1
    }

    /// Counts solutions, stopping as soon as `limit` are found.
    pub fn count_up_to(&mut self, limit: u64) -> Count {
        self.count_within(SearchLimits::solutions(limit))
    }

    /// Counts solutions within `limits`.
    pub fn count_with(&mut self, limits: SearchLimits) -> Count {
        self.count_within(limits)
    }

    /// The first solution found, forced options first, or `None` if there
    /// is none.
    pub fn first_solution(&mut self) -> Option<Vec<OptionId>> {
        self.first_found()
    }

    /// Calls `visit` on every solution until it returns
    /// `ControlFlow::Break`.
    pub fn for_each_solution(
        &mut self,
        mut visit: impl FnMut(&Solution<'_, '_>) -> ControlFlow<()>,
    ) -> (Outcome, Stats) {
        self.search(&mut visit, SearchLimits::UNLIMITED)
    }
}

/// What every engine provides ([`Matrix`], [`BitMatrix`], and
/// [`Engine`](super::Engine) over both), so that counting, the first
/// solution and forcing a list of options are written once, here.
pub(super) trait Searcher {
    /// Algorithm X with `visitor` within `limits`, the state restored.
    fn run<V: Visitor>(&mut self, visitor: &mut V, limits: SearchLimits) -> (Outcome, Stats);
    /// Forces one option, changing nothing on a clash.
    fn force_one(&mut self, k: OptionId) -> Result<(), ForceError>;
    /// Number of options forced.
    fn forced_len(&self) -> usize;
    /// Unforces options until only the first `len` forced remain.
    fn unforce_back_to(&mut self, len: usize);

    /// Counts solutions within `limits`.
    fn count_within(&mut self, limits: SearchLimits) -> Count {
        let (outcome, stats) = self.run(&mut Counting, limits);
        Count {
            solutions: stats.solutions,
            outcome,
            stats,
        }
    }

    /// The first solution found, forced options first.
    fn first_found(&mut self) -> Option<Vec<OptionId>> {
        let mut found = None;
        self.run(
            &mut |s: &Solution<'_, '_>| {
                found = Some(s.options().collect());
                ControlFlow::Break(())
            },
            SearchLimits::UNLIMITED,
        );
        found
    }

    /// Forces each option in turn; on a clash, undoes the ones this call
    /// forced and reports the clash.
    fn force_each(&mut self, options: &[OptionId]) -> Result<(), ForceError> {
        let before = self.forced_len();
        for &k in options {
            if let Err(e) = self.force_one(k) {
                self.unforce_back_to(before);
                return Err(e);
            }
        }
        Ok(())
    }
}

/// Implements [`Searcher`] for an engine whose inherent `search`,
/// `force`, `forced_count` and `unforce_to` are the trait's methods.
macro_rules! searcher_by_inherent_methods {
    ($($engine:ty),*) => {$(
        impl Searcher for $engine {
            fn run<V: Visitor>(&mut self, visitor: &mut V, limits: SearchLimits) -> (Outcome, Stats) {
                self.search(visitor, limits)
            }
            fn force_one(&mut self, k: OptionId) -> Result<(), ForceError> {
                self.force(k)
            }
            fn forced_len(&self) -> usize {
                self.forced_count()
            }
            fn unforce_back_to(&mut self, len: usize) {
                self.unforce_to(len);
            }
        }
    )*};
}

searcher_by_inherent_methods!(
    Matrix<'_>,
    BitMatrix,
    super::MultiMatrix<'_>,
    super::MultiBitMatrix
);

#[cfg(test)]
mod tests;
