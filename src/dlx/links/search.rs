//! The links' search loop: Algorithm X, iteratively, on the dancing links
//! of [`Matrix`], with an explicit stack of chosen nodes instead of
//! recursion, so the depth is bounded only by the number of primary items.
//!
//! Invariant: when [`Search::search`] returns, the matrix is back in the
//! state it was called in (the forced options still forced), however the
//! search ended: every level on the stack is undone in reverse order.

use super::super::search::{
    Outcome, Progress, ReadBack, Search, SearchLimits, Solution, Stats, Visitor,
};
use super::{COLORS, COVERED, FOUR, ForceError, Matrix, PLAIN};
use crate::dlx::OptionId;

impl Search for Matrix<'_> {
    /// Algorithm X: visits solutions until the tree is exhausted, a limit is
    /// reached, or the visitor stops it. Branches on the primary item with
    /// the fewest options (the first such item on ties); covers secondary
    /// items only as chosen options use them. Restores the matrix before
    /// returning.
    fn search<V: Visitor>(&mut self, visitor: &mut V, limits: SearchLimits) -> (Outcome, Stats) {
        if self.prop.is_some() {
            return match self.dance {
                COLORS => self.search_in::<V, COLORS, true>(visitor, limits),
                _ => self.search_in::<V, PLAIN, true>(visitor, limits),
            };
        }
        match self.dance {
            COLORS => self.search_in::<V, COLORS, false>(visitor, limits),
            PLAIN => self.search_in::<V, PLAIN, false>(visitor, limits),
            _ => self.search_in::<V, FOUR, false>(visitor, limits),
        }
    }

    fn force(&mut self, k: OptionId) -> Result<(), ForceError> {
        self.force_option(k)
    }

    fn forced_count(&self) -> usize {
        ReadBack::forced_count(self)
    }

    fn unforce_to(&mut self, len: usize) {
        self.unforce_back_to(len);
    }
}

impl Matrix<'_> {
    /// [`Search::search`] with the dance `D` (the matrix's own: see
    /// `matrix::COLORS`): the same tree under each. With `P` the
    /// propagators run at every node that is not a solution, before the
    /// item is chosen (`links/propagate.rs`), and a node they find hopeless
    /// is a dead end; without, the loop is DLX1's.
    pub(super) fn search_in<V: Visitor, const D: u8, const P: bool>(
        &mut self,
        visitor: &mut V,
        limits: SearchLimits,
    ) -> (Outcome, Stats) {
        let updates_before = self.updates;
        let removed_before = self.removed();
        let mut stats = Stats::default();
        let mut depth = 0usize;
        let outcome = 'search: loop {
            if P {
                self.mark(depth);
            }
            // X2: all primary items covered?
            // A node of the search tree, solutions included (as DLX1 counts).
            if stats.nodes >= limits.max_nodes {
                break 'search Outcome::NodeLimit;
            }
            stats.nodes += 1;
            let (mut item, mut x);
            if self.items[0].next == 0 {
                stats.solutions += 1;
                let solution = Solution::new(self, &self.stack[..depth]);
                if visitor.solution(&solution).is_break() {
                    break 'search Outcome::Stopped;
                }
                if stats.solutions >= u128::from(limits.max_solutions) {
                    break 'search Outcome::SolutionLimit;
                }
                // X8: back to the previous level.
                match self.step_back::<D, P>(&mut depth) {
                    Some(next) => (item, x) = next,
                    None => break 'search Outcome::Exhausted,
                }
            } else if P && !self.propagate(depth) {
                // A dead end the propagators found.
                match self.step_back::<D, P>(&mut depth) {
                    Some(next) => (item, x) = next,
                    None => break 'search Outcome::Exhausted,
                }
            } else {
                // X3: choose an item.
                if stats.nodes & (V::TICK_NODES - 1) == 0 {
                    stats.updates = self.updates - updates_before;
                    let progress = Progress::new(self, &self.stack[..depth], stats);
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
                match self.step_back::<D, P>(&mut depth) {
                    Some(next) => (item, x) = next,
                    None => break 'search Outcome::Exhausted,
                }
            }
        };
        // Stopped early: undo every level still on the stack (and what
        // each node's propagation removed, before the choice above it).
        if P {
            self.restore_node(depth);
        }
        while depth > 0 {
            depth -= 1;
            let x = self.stack[depth];
            self.uncommit_others_in::<D>(x);
            self.uncover_in::<D>(self.nodes[x as usize].top as u32);
            if P {
                self.restore_node(depth);
            }
        }
        stats.updates = self.updates - updates_before;
        stats.removed = self.removed() - removed_before;
        (outcome, stats)
    }

    /// X8 and X6: back to the previous level, undo the option chosen there
    /// and step to the next option of its item, as (item, option node);
    /// `None` at the root.
    /// With `P`, what the node at `depth` removed is put back first.
    #[inline(always)]
    fn step_back<const D: u8, const P: bool>(&mut self, depth: &mut usize) -> Option<(u32, u32)> {
        if P {
            self.restore_node(*depth);
        }
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
    /// With preferred items ([`crate::dlx::Problem::set_preferred`]), the
    /// preferred one with the fewest options instead, unless the item with
    /// the fewest has fewer than [`PREFERRED_FROM`] or no preferred item
    /// is active. Needs at least one active primary item.
    #[inline]
    pub(in crate::dlx) fn choose_item(&self) -> u32 {
        let lens = &self.lens[1..=self.primary_count()];
        let least = first_least(lens);
        if self.preferred > 0 && lens[least as usize] >= PREFERRED_FROM {
            let preferred = first_least(&lens[..self.preferred as usize]);
            if lens[preferred as usize] & COVERED == 0 {
                return preferred + 1;
            }
        }
        least + 1
    }
}

impl Matrix<'_> {
    /// Options that propagation removed since the matrix was built.
    fn removed(&self) -> u64 {
        self.prop.as_ref().map_or(0, |p| p.removed())
    }

    /// Marks where the removals of the node at `depth` start.
    fn mark(&mut self, depth: usize) {
        if let Some(p) = &mut self.prop {
            p.mark(depth);
        }
    }

    /// Runs the propagators at the node at `depth`: false at a dead end.
    fn propagate(&mut self, depth: usize) -> bool {
        let Some(mut p) = self.prop.take() else {
            return true;
        };
        let alive = p.run(self, depth);
        self.prop = Some(p);
        alive
    }

    /// Puts back what the node at `depth` removed.
    fn restore_node(&mut self, depth: usize) {
        if let Some(mut p) = self.prop.take() {
            p.restore(self, depth);
            self.prop = Some(p);
        }
    }
}

/// The fewest options at which the search branches on a preferred item
/// ([`crate::dlx::Problem::set_preferred`]) rather than on the item with
/// the fewest: an item with none or one (a dead end, a forced move) or
/// two (a choice as narrow as any) is still taken first. At 2 instead
/// (only dead ends and forced moves first), the minimal little-killer
/// file's chains led the search into 182,764 nodes (`dlx count --limit
/// 2`) against 39,034 with no preferred item; at 3, 30,025.
pub(in crate::dlx) const PREFERRED_FROM: u32 = 3;

/// The links read back a search's chosen nodes.
impl ReadBack for Matrix<'_> {
    fn forced_count(&self) -> usize {
        self.forced_len
    }

    fn forced_option(&self, i: usize) -> OptionId {
        self.option_of_node(self.forced[i])
    }

    fn option_of(&self, x: u32) -> OptionId {
        self.option_of_node(x)
    }

    /// The position of node `x` in its item's list, counted from the
    /// header down, and the list's length.
    fn path_at(&self, _depth: usize, x: u32) -> (u32, u32) {
        let item = self.nodes[x as usize].top as u32;
        let mut pos = 0;
        let mut q = self.nodes[item as usize].down;
        while q != x {
            pos += 1;
            q = self.nodes[q as usize].down;
        }
        (pos, self.lens[item as usize] & !COVERED)
    }
}

/// The index of the first least value of `lens` (which is not empty), on
/// AVX2 when the processor has it (checked once, then cached by `std`).
#[inline]
pub(in crate::dlx) fn first_least(lens: &[u32]) -> u32 {
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

#[cfg(test)]
pub(in crate::dlx::links) mod tests;
