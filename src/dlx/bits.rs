//! Algorithm X on bit sets: the same search as the dancing links, for
//! problems small enough that a bit per option beats a node per entry.
//!
//! The state is a bit set of the *active* options (those compatible with
//! every option chosen so far) and, per primary item, the number of active
//! options that contain it. Choosing option `x` clears, for each item of
//! `x`, the active options that use the item (a word-wide `AND NOT` per 64
//! options, against the item's precomputed bit set) and lowers the lengths
//! of the primary items of each option cleared. Undoing a level copies back
//! the state saved when it was entered: the active set and the lengths are
//! a few hundred bytes for the problems this engine takes
//! ([`BitMatrix::fits`]), a `memcpy` where the links would walk every
//! hidden node again.
//!
//! # Same tree as the links
//!
//! The branching rule is the links' own: the first primary item (in the
//! order added) with the fewest active options, its options tried in the
//! order added. So both engines visit the same nodes in the same order and
//! report the same [`Stats`]: a node per level entered, solutions
//! included, and DLX1's updates, one per item covered and one per entry of
//! a cleared option other than the entry through which it was cleared
//! (the node DLX1 would have unlinked). Tests compare the two on random
//! problems, statistics included.
//!
//! # Invariants
//!
//! * An active option contains no covered item: covering an item clears
//!   every option that uses it. So a length never drops below zero, and a
//!   covered item's length, [`COVERED`], never changes until restored.
//! * `lens[p]` is the number of active options containing primary item
//!   `p`, or [`COVERED`] while `p` is covered.
//! * Outside a search the state is the one left by the forced options;
//!   every search returns to it however it ends.
//!
//! Colors are not handled here: a problem with a colored secondary item
//! runs on the links ([`BitMatrix::fits`] says no).

use std::ops::ControlFlow;

use super::builder::{BuildError, Problem};
use super::matrix::{COVERED, ForceError};
use super::search::{Counting, Outcome, Progress, SearchLimits, Solution, Stats, first_least};
use super::{Count, ItemId, ItemKind, OptionId, Visitor};
#[cfg(test)]
use super::{Engine, EngineKind};

/// No option: the end of an item's options at a level.
const NONE: u32 = u32::MAX;

/// A compiled problem for the bit-set search.
#[derive(Clone, Debug)]
pub struct BitMatrix {
    /// Words per bit set of options.
    words: usize,
    /// Number of primary items; they are numbered `0..primary` in the
    /// order added, as the links number their headers.
    primary: usize,
    /// For each item (by [`ItemId`]), the options that contain it:
    /// `words` words each.
    uses: Vec<u64>,
    /// For each item, the words of its `uses` that are not zero, as a
    /// range (`lo..hi`).
    span: Vec<(u32, u32)>,
    /// Items of option `k`: `items[starts[k]..starts[k + 1]]`.
    items: Vec<u32>,
    starts: Vec<u32>,
    /// Primary numbers of the primary items of option `k`:
    /// `prims[prim_starts[k]..prim_starts[k + 1]]`.
    prims: Vec<u32>,
    prim_starts: Vec<u32>,
    /// The current state: active options, and the lengths of the primary
    /// items (with [`COVERED`] for covered ones).
    active: Vec<u64>,
    lens: Vec<u32>,
    /// The state with nothing forced.
    built_active: Vec<u64>,
    built_lens: Vec<u32>,
    /// Options forced so far, in order.
    forced: Vec<u32>,
    /// Updates since the matrix was built, counted as DLX1 counts them.
    updates: u64,
    /// The state saved at each search level (grown as the search deepens).
    saved_active: Vec<u64>,
    saved_lens: Vec<u32>,
    /// The [`ItemId`] of each primary number.
    prim_item: Vec<u32>,
    /// The item branched on at each level, and the option chosen there.
    branch: Vec<u32>,
    chosen: Vec<u32>,
}

/// The most state (active set and lengths) per level that
/// [`BitMatrix::fits`] accepts, in bytes: beyond it, copying the state at
/// every node costs more than the links' undo.
const MAX_STATE_BYTES: usize = 4096;

impl BitMatrix {
    /// Whether `problem` suits the bit-set search: no colors, and a state
    /// (one bit per option, four bytes per primary item) of at most
    /// [`MAX_STATE_BYTES`].
    pub fn fits(problem: &Problem) -> bool {
        let words = problem.option_count().div_ceil(64);
        let primary = problem
            .kinds
            .iter()
            .filter(|&&k| k == ItemKind::Primary)
            .count();
        words * 8 + primary * 4 <= MAX_STATE_BYTES
            && problem.entries.iter().all(|&(_, color)| color == 0)
    }

    /// Compiles `problem`; fails on colors, which this engine does not
    /// handle (see [`BitMatrix::fits`]), or on a problem too large to
    /// number.
    pub fn build(problem: &Problem) -> Result<Self, BuildError> {
        if problem.entries.iter().any(|&(_, color)| color != 0) {
            return Err(BuildError::Colored);
        }
        let n_items = problem.kinds.len();
        let n_options = problem.option_count();
        if n_items + problem.entries.len() + n_options >= COVERED as usize {
            return Err(BuildError::TooLarge);
        }
        let words = n_options.div_ceil(64);
        let mut prim_of = vec![NONE; n_items];
        let mut prim_item = Vec::new();
        for (item, kind) in problem.kinds.iter().enumerate() {
            if *kind == ItemKind::Primary {
                prim_of[item] = prim_item.len() as u32;
                prim_item.push(item as u32);
            }
        }
        let primary = prim_item.len() as u32;
        let mut uses = vec![0u64; n_items * words];
        let mut lens = vec![0u32; primary as usize];
        let mut items = Vec::with_capacity(problem.entries.len());
        let mut starts = Vec::with_capacity(n_options + 1);
        let mut prims = Vec::new();
        let mut prim_starts = Vec::with_capacity(n_options + 1);
        starts.push(0);
        prim_starts.push(0);
        let mut start = 0usize;
        for (k, &end) in problem.option_ends.iter().enumerate() {
            for &(item, _) in &problem.entries[start..end as usize] {
                uses[item as usize * words + k / 64] |= 1 << (k % 64);
                items.push(item);
                let p = prim_of[item as usize];
                if p != NONE {
                    prims.push(p);
                    lens[p as usize] += 1;
                }
            }
            starts.push(items.len() as u32);
            prim_starts.push(prims.len() as u32);
            start = end as usize;
        }
        let span = (0..n_items)
            .map(|i| {
                let set = &uses[i * words..(i + 1) * words];
                let lo = set.iter().position(|&w| w != 0).unwrap_or(0);
                let hi = set.iter().rposition(|&w| w != 0).map_or(lo, |h| h + 1);
                (lo as u32, hi as u32)
            })
            .collect();
        let mut active = vec![!0u64; words];
        if n_options % 64 != 0 {
            active[words - 1] = (1u64 << (n_options % 64)) - 1;
        }
        Ok(Self {
            words,
            primary: primary as usize,
            uses,
            span,
            items,
            starts,
            prims,
            prim_starts,
            built_active: active.clone(),
            built_lens: lens.clone(),
            active,
            lens,
            forced: Vec::new(),
            updates: 0,
            prim_item,
            saved_active: Vec::new(),
            saved_lens: Vec::new(),
            branch: Vec::new(),
            chosen: Vec::new(),
        })
    }

    /// Number of options.
    pub fn option_count(&self) -> usize {
        self.starts.len() - 1
    }

    /// Link updates since the matrix was built, as the links would have
    /// counted them (see the module docs).
    pub fn updates(&self) -> u64 {
        self.updates
    }

    fn option_items(&self, k: u32) -> &[u32] {
        &self.items[self.starts[k as usize] as usize..self.starts[k as usize + 1] as usize]
    }

    fn is_active(&self, k: u32) -> bool {
        self.active[k as usize / 64] & (1 << (k % 64)) != 0
    }

    /// Clears every active option that contains `item`, lowering the
    /// lengths of their primary items; returns the entries DLX1 would have
    /// unlinked for it (all but the one in `item`'s own list).
    #[inline(always)]
    fn clear_item(&mut self, item: u32) -> u64 {
        let words = self.words;
        let item = item as usize;
        let (lo, hi) = self.span[item];
        let uses = &self.uses[item * words..(item + 1) * words];
        let mut hidden = 0u64;
        for w in lo as usize..hi as usize {
            let mut hit = self.active[w] & uses[w];
            if hit == 0 {
                continue;
            }
            self.active[w] &= !hit;
            while hit != 0 {
                let o = w * 64 + hit.trailing_zeros() as usize;
                hit &= hit - 1;
                let (a, b) = (self.starts[o], self.starts[o + 1]);
                hidden += u64::from(b - a - 1);
                let (pa, pb) = (self.prim_starts[o], self.prim_starts[o + 1]);
                for &p in &self.prims[pa as usize..pb as usize] {
                    self.lens[p as usize] -= 1;
                }
            }
        }
        hidden
    }

    /// Chooses option `k` (which must be active): clears every active
    /// option that shares an item with it, itself included, and covers its
    /// primary items. `lead` is the item branched on (or [`NONE`] for a
    /// forced option), cleared first; the links cover it once per level,
    /// not once per option tried, so its updates count only when
    /// `count_lead`.
    #[inline]
    fn commit(&mut self, k: u32, lead: u32, count_lead: bool) {
        let (first, end) = (
            self.starts[k as usize] as usize,
            self.starts[k as usize + 1] as usize,
        );
        let mut updates = 0;
        if lead != NONE {
            let hidden = self.clear_item(lead);
            if count_lead {
                updates += 1 + hidden;
            }
        }
        for e in first..end {
            let item = self.items[e];
            if item != lead {
                updates += 1 + self.clear_item(item);
            }
        }
        let (pa, pb) = (self.prim_starts[k as usize], self.prim_starts[k as usize + 1]);
        for &p in &self.prims[pa as usize..pb as usize] {
            self.lens[p as usize] = COVERED;
        }
        self.updates += updates;
    }

    // --- Forcing options -------------------------------------------------

    /// Puts option `k` into every later solution, as
    /// [`Matrix::force`](super::Matrix::force) does. Fails, changing
    /// nothing, if `k` clashes with an option forced before.
    pub fn force(&mut self, k: OptionId) -> Result<(), ForceError> {
        if k.0 as usize >= self.option_count() {
            return Err(ForceError::UnknownOption(k));
        }
        if !self.is_active(k.0) {
            let mine = self.option_items(k.0);
            let item = self
                .forced
                .iter()
                .flat_map(|&f| self.option_items(f))
                .find(|i| mine.contains(i))
                .copied()
                .unwrap_or(mine[0]);
            return Err(ForceError::Clash {
                option: k,
                item: ItemId(item),
            });
        }
        self.commit(k.0, NONE, true);
        self.forced.push(k.0);
        Ok(())
    }

    /// Forces each option of `options` in turn; on a clash, undoes the ones
    /// this call forced and reports the clash.
    pub fn force_all(&mut self, options: &[OptionId]) -> Result<(), ForceError> {
        let before = self.forced.len();
        for &k in options {
            if let Err(e) = self.force(k) {
                self.unforce_to(before);
                return Err(e);
            }
        }
        Ok(())
    }

    /// The options forced so far, in the order forced.
    pub fn forced(&self) -> impl Iterator<Item = OptionId> + '_ {
        self.forced.iter().map(|&k| OptionId(k))
    }

    /// Number of options forced.
    pub fn forced_count(&self) -> usize {
        self.forced.len()
    }

    /// Unforces options until only the first `len` forced remain.
    pub fn unforce_to(&mut self, len: usize) {
        if len >= self.forced.len() {
            return;
        }
        let keep: Vec<u32> = self.forced[..len].to_vec();
        self.active.copy_from_slice(&self.built_active);
        self.lens.copy_from_slice(&self.built_lens);
        self.forced.clear();
        let updates = self.updates;
        for k in keep {
            self.commit(k, NONE, true);
            self.forced.push(k);
        }
        self.updates = updates;
    }

    /// Unforces every forced option.
    pub fn restore(&mut self) {
        self.unforce_to(0);
    }

    // --- The search ------------------------------------------------------

    /// Saves the state as level `depth`'s.
    #[inline]
    fn save(&mut self, depth: usize) {
        let (w, p) = (self.words, self.primary);
        if self.branch.len() <= depth {
            self.saved_active.resize((depth + 1) * w, 0);
            self.saved_lens.resize((depth + 1) * p, 0);
            self.branch.resize(depth + 1, 0);
            self.chosen.resize(depth + 1, 0);
        }
        self.saved_active[depth * w..(depth + 1) * w].copy_from_slice(&self.active);
        self.saved_lens[depth * p..(depth + 1) * p].copy_from_slice(&self.lens);
    }

    /// Restores the state saved as level `depth`'s.
    #[inline]
    fn load(&mut self, depth: usize) {
        let (w, p) = (self.words, self.primary);
        self.active
            .copy_from_slice(&self.saved_active[depth * w..(depth + 1) * w]);
        self.lens
            .copy_from_slice(&self.saved_lens[depth * p..(depth + 1) * p]);
    }

    /// The first active option of `item` after option `after` (or from the
    /// start with [`NONE`]), or [`NONE`].
    #[inline]
    fn next_option(&self, item: u32, after: u32) -> u32 {
        let words = self.words;
        let uses = &self.uses[item as usize * words..(item as usize + 1) * words];
        let (lo, hi) = self.span[item as usize];
        let (mut w, mut mask) = if after == NONE {
            (lo as usize, !0u64)
        } else {
            let next = after as usize + 1;
            (next / 64, !0u64 << (next % 64))
        };
        while w < hi as usize {
            let hit = self.active[w] & uses[w] & mask;
            if hit != 0 {
                return (w * 64) as u32 + hit.trailing_zeros();
            }
            w += 1;
            mask = !0;
        }
        NONE
    }

    /// The primary item (its [`ItemId`]) branched on at level `depth`.
    fn branch_item(&self, depth: usize) -> u32 {
        self.branch[depth]
    }

    /// For level `depth` of the current path: the position of the option
    /// tried among the item's active options, and their number.
    pub(super) fn path_at(&self, depth: usize) -> (u32, u32) {
        let w = self.words;
        let item = self.branch_item(depth) as usize;
        let saved = &self.saved_active[depth * w..(depth + 1) * w];
        let uses = &self.uses[item * w..(item + 1) * w];
        let x = self.chosen[depth] as usize;
        let (mut pos, mut len) = (0, 0);
        for (i, (a, u)) in saved.iter().zip(uses).enumerate() {
            let set = a & u;
            len += set.count_ones();
            if i < x / 64 {
                pos += set.count_ones();
            } else if i == x / 64 {
                pos += (set & ((1u64 << (x % 64)) - 1)).count_ones();
            }
        }
        (pos, len)
    }

    /// Algorithm X, as [`Matrix::search`](super::Matrix::search) runs it,
    /// on the bit sets: the same tree, the same statistics, the same
    /// visitor calls. Restores the state before returning.
    pub fn search<V: Visitor>(
        &mut self,
        visitor: &mut V,
        limits: SearchLimits,
    ) -> (Outcome, Stats) {
        let updates_before = self.updates;
        let mut stats = Stats::default();
        // The state to return to: that of the forced options.
        self.save(0);
        let home_active = self.saved_active[..self.words].to_vec();
        let home_lens = self.saved_lens[..self.primary].to_vec();
        let mut depth = 0usize;
        let outcome = 'search: loop {
            if stats.nodes >= limits.max_nodes {
                break 'search Outcome::NodeLimit;
            }
            stats.nodes += 1;
            let (mut item, mut x);
            let mut first_try = false;
            let least = if self.primary == 0 {
                None
            } else {
                let p = first_least(&self.lens);
                (self.lens[p as usize] < COVERED).then_some(p)
            };
            match least {
                None => {
                    stats.solutions += 1;
                    let solution = Solution::of_bits(self, &self.chosen[..depth]);
                    if visitor.solution(&solution).is_break() {
                        break 'search Outcome::Stopped;
                    }
                    if stats.solutions >= limits.max_solutions {
                        break 'search Outcome::SolutionLimit;
                    }
                    match self.step_back(&mut depth) {
                        Some(next) => (item, x) = next,
                        None => break 'search Outcome::Exhausted,
                    }
                }
                Some(p) => {
                    if stats.nodes & (V::TICK_NODES - 1) == 0 {
                        stats.updates = self.updates - updates_before;
                        let progress = Progress::of_bits(self, &self.chosen[..depth], stats);
                        if visitor.tick(&progress).is_break() {
                            break 'search Outcome::Stopped;
                        }
                    }
                    item = self.prim_item[p as usize];
                    self.save(depth);
                    self.branch[depth] = item;
                    x = self.next_option(item, NONE);
                    first_try = true;
                    // The links cover the item even when it has no option
                    // left, and count that.
                    if x == NONE {
                        self.updates += 1;
                    }
                }
            }
            loop {
                if x != NONE {
                    self.chosen[depth] = x;
                    self.commit(x, item, first_try);
                    depth += 1;
                    continue 'search;
                }
                match self.step_back(&mut depth) {
                    Some(next) => (item, x) = next,
                    None => break 'search Outcome::Exhausted,
                }
                first_try = false;
            }
        };
        self.active.copy_from_slice(&home_active);
        self.lens.copy_from_slice(&home_lens);
        stats.updates = self.updates - updates_before;
        (outcome, stats)
    }

    /// Back to the previous level: its state restored, the next option of
    /// its item, as (item, option); `None` at the root.
    #[inline]
    fn step_back(&mut self, depth: &mut usize) -> Option<(u32, u32)> {
        *depth = depth.checked_sub(1)?;
        self.load(*depth);
        let item = self.branch[*depth];
        Some((item, self.next_option(item, self.chosen[*depth])))
    }

    /// Counts solutions, stopping as soon as `limit` are found.
    pub fn count_up_to(&mut self, limit: u64) -> Count {
        self.count_with(SearchLimits::solutions(limit))
    }

    /// Counts solutions within `limits`.
    pub fn count_with(&mut self, limits: SearchLimits) -> Count {
        let (outcome, stats) = self.search(&mut Counting, limits);
        Count {
            solutions: stats.solutions,
            outcome,
            stats,
        }
    }

    /// The first solution found, forced options first, or `None`.
    pub fn first_solution(&mut self) -> Option<Vec<OptionId>> {
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
}

#[cfg(test)]
mod tests {
    use super::super::brute_force::count_by_brute_force;
    use super::*;
    use bumpalo::Bump;

    /// Random uncolored problems with primary and secondary items.
    fn random_problems(seed: u64, n: usize) -> Vec<Problem> {
        let mut seed = seed;
        let mut next = |bound: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % bound
        };
        (0..n)
            .map(|_| {
                let mut p = Problem::new();
                let prim = 1 + next(9) as usize;
                let sec = next(4) as usize;
                // Interleave the kinds, so that primary numbers and item
                // numbers differ.
                let mut kinds: Vec<_> = (0..prim + sec).map(|i| i < prim).collect();
                for i in (1..kinds.len()).rev() {
                    kinds.swap(i, next(i as u64 + 1) as usize);
                }
                let items: Vec<_> = kinds
                    .iter()
                    .map(|&primary| {
                        p.add_item(if primary {
                            ItemKind::Primary
                        } else {
                            ItemKind::Secondary
                        })
                    })
                    .collect();
                let prims: Vec<_> = items
                    .iter()
                    .zip(&kinds)
                    .filter(|(_, k)| **k)
                    .map(|(i, _)| *i)
                    .collect();
                // Up to 150 options, so that bit sets span several words.
                for _ in 0..next(150) {
                    let mut opt = vec![prims[next(prims.len() as u64) as usize]];
                    for &i in &items {
                        if next(4) == 0 && !opt.contains(&i) {
                            opt.push(i);
                        }
                    }
                    p.add_option(&opt).unwrap();
                }
                p
            })
            .collect()
    }

    /// Every solution, in the order found, as option lists.
    fn all_solutions(e: &mut Engine<'_>) -> (Vec<Vec<OptionId>>, Outcome, Stats) {
        let mut seen = Vec::new();
        let (outcome, stats) = e.for_each_solution(|s| {
            seen.push(s.options().collect());
            ControlFlow::Continue(())
        });
        (seen, outcome, stats)
    }

    #[test]
    fn same_tree_and_stats_as_the_links() {
        let mut brute = 0;
        for (n, p) in random_problems(0x9e37_79b9_7f4a_7c15, 400)
            .into_iter()
            .enumerate()
        {
            let arena = Bump::new();
            let mut links = p.engine(&arena, EngineKind::Links).unwrap();
            let mut bits = p.engine(&arena, EngineKind::Bits).unwrap();
            assert_eq!(bits.kind(), EngineKind::Bits);
            let (ls, lo, lstats) = all_solutions(&mut links);
            let (bs, bo, bstats) = all_solutions(&mut bits);
            assert_eq!((&bs, bo, bstats), (&ls, lo, lstats), "problem {n}: {p:?}");
            // The brute force tries every subset: only small problems.
            if p.option_count() <= 16 {
                let count = count_by_brute_force(&p).expect("few options");
                assert_eq!(bstats.solutions, count, "problem {n}");
                brute += 1;
            }
            // Bounds stop both at the same point, state restored.
            for budget in [0, 1, 2, 5, lstats.nodes / 2] {
                let limits = SearchLimits {
                    max_nodes: budget,
                    ..SearchLimits::UNLIMITED
                };
                let l = links.search(&mut Counting, limits);
                let b = bits.search(&mut Counting, limits);
                assert_eq!(b, l, "problem {n}, {budget} nodes");
            }
            for limit in 1..=lstats.solutions.min(3) {
                assert_eq!(bits.count_up_to(limit), links.count_up_to(limit));
            }
            assert_eq!(all_solutions(&mut bits).2, bstats, "problem {n}: state kept");
        }
        assert!(brute >= 50, "only {brute} problems checked by brute force");
    }

    #[test]
    fn forcing_matches_the_links() {
        for (n, p) in random_problems(7, 200).into_iter().enumerate() {
            let arena = Bump::new();
            let mut links = p.engine(&arena, EngineKind::Links).unwrap();
            let mut bits = p.engine(&arena, EngineKind::Bits).unwrap();
            let Some(first) = links.first_solution() else {
                continue;
            };
            // Force part of a solution, then an option that may clash.
            let half = &first[..first.len() / 2];
            links.force_all(half).unwrap();
            bits.force_all(half).unwrap();
            assert_eq!(all_solutions(&mut bits), all_solutions(&mut links), "problem {n}");
            let extra = [OptionId((n % p.option_count()) as u32)];
            let (l, b) = (links.force_all(&extra), bits.force_all(&extra));
            assert_eq!(l.is_ok(), b.is_ok(), "problem {n}");
            if let (Err(ForceError::Clash { item, .. }), Err(e)) = (&l, &b) {
                // Both name an item of the option that an earlier option uses.
                let ForceError::Clash { item: bi, .. } = e else {
                    panic!("{e:?}")
                };
                let mine: Vec<_> = p.option_items(extra[0]).map(|(i, _)| i).collect();
                assert!(mine.contains(item) && mine.contains(bi));
            }
            assert_eq!(all_solutions(&mut bits), all_solutions(&mut links), "problem {n}");
            let Engine::Bits(b) = &mut bits else {
                unreachable!()
            };
            b.restore();
            let Engine::Links(l) = &mut links else {
                unreachable!()
            };
            l.restore();
            assert_eq!(all_solutions(&mut bits), all_solutions(&mut links), "problem {n}");
        }
    }

    #[test]
    fn refuses_colors_and_knows_what_fits() {
        let mut p = Problem::new();
        let a = p.add_item(ItemKind::Primary);
        let s = p.add_item(ItemKind::Secondary);
        p.add_option(&[a]).unwrap();
        assert!(BitMatrix::fits(&p));
        p.add_colored_option([(a, None), (s, Some(super::super::Color(1)))])
            .unwrap();
        assert!(!BitMatrix::fits(&p));
        assert_eq!(BitMatrix::build(&p).err(), Some(BuildError::Colored));
        let arena = Bump::new();
        assert_eq!(p.engine(&arena, EngineKind::Auto).unwrap().kind(), EngineKind::Links);
    }

    #[test]
    fn a_problem_without_primary_items_has_one_empty_solution() {
        let p = Problem::new();
        let mut m = BitMatrix::build(&p).unwrap();
        assert_eq!(m.count_up_to(10).solutions, 1);
        assert_eq!(m.first_solution(), Some(vec![]));
    }
}
