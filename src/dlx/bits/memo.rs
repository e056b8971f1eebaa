//! Counting with a memo: each subproblem (the set of covered items and
//! what is left of the options) searched once, its count kept and added
//! wherever it comes again (see [`super::super::memo`]).

use super::{
    BitMatrix, Isa, MemoLevel, MemoTable, NONE, ONE_LIVE_WORD, Outcome, Progress, SearchLimits,
    Stats, TicksOnly, Visitor, solution_cap,
};

impl BitMatrix {
    // --- Counting with a memo ----------------------------------------------

    /// Counts solutions as [`Search::search`](crate::dlx::Search::search) does, but searches each
    /// subproblem once: the count under a set of covered items is kept in
    /// `memo` and added again,
    /// without a search, when another path covers the same items. Same
    /// count, far fewer nodes where many paths meet (domino tilings of
    /// 8x8: 50,102,176 nodes to 1,648); the [`Stats`] are of the nodes
    /// searched. `visitor` gets ticks, every [`Visitor::TICK_NODES`] nodes,
    /// and no solutions.
    ///
    /// Where the memo saves little it turns itself off, depth by depth: a
    /// lookup costs a hash probe in a table that may be far larger than
    /// the caches, and deep in the tree a hit saves only a few cheap
    /// nodes. After 2^10, 2^11, ... lookups of the children of a depth, it
    /// goes on looking them up only if their hits saved at least one node
    /// per two lookups. So on n queens, where paths almost never meet, it
    /// is off after a few thousand lookups; on the pentominoes it stays on
    /// for the first six levels. Once it is off at every depth from some
    /// depth down, a node there has its subtree counted by the plain
    /// search, without this loop's bookkeeping (its own count still stored
    /// if the level above looks its children up); a depth first reached
    /// inside such a subtree stays off. On the pentominoes that takes the
    /// memo's count from 4.72 G instructions to 4.30 G, below the plain
    /// count's. A count cut short by `limits` is a lower bound, at most
    /// `limits.max_solutions`.
    ///
    /// `memo` may hold counts from earlier calls on the same problem (with
    /// other options forced): they stay true. A table made for another
    /// number of items ([`MemoTable::for_problem`]) is set aside for an
    /// empty one of the same budget.
    pub(crate) fn count_with_memo<V: Visitor>(
        &mut self,
        visitor: &mut V,
        limits: SearchLimits,
        memo: &mut MemoTable,
    ) -> (Outcome, Stats) {
        let items = self.tables.uses.len() / self.tables.words.max(1);
        if memo.key_words() != MemoTable::key_words_for(items) {
            let trial_bits = memo.trial_bits();
            *memo = MemoTable::for_items(items, memo.max_bytes()).with_trial_bits(trial_bits);
        }
        by_isa!(
            self,
            count_memo_v3,
            count_memo_popcnt,
            count_memo_portable(visitor, limits, memo)
        )
    }

    isa_copies!(count_memo_portable: count_memo_v3, count_memo_popcnt(
        visitor: &mut V,
        limits: SearchLimits,
        memo: &mut MemoTable
    ));

    /// [`Self::count_with_memo`] with the number of words fixed at
    /// compile time where it is small, as in [`Self::search_portable`].
    #[inline(always)]
    pub(super) fn count_memo_portable<V: Visitor>(
        &mut self,
        visitor: &mut V,
        limits: SearchLimits,
        memo: &mut MemoTable,
    ) -> (Outcome, Stats) {
        by_words!(self, count_memo_words::<V>(visitor, limits, memo))
    }

    /// [`Self::count_with_memo`]'s loop for `W` words of options a level.
    ///
    /// One piece, as the search loops are: the stack of levels, each
    /// depth's memo switch and trial counters, and the counts being summed
    /// live in locals that stay in registers across the loop's steps
    /// (descend, look up, store, step back); split into functions, each
    /// step would take and hand back all of them, on the hottest path of
    /// every memo count.
    #[inline(always)]
    fn count_memo_words<V: Visitor, const W: usize>(
        &mut self,
        visitor: &mut V,
        limits: SearchLimits,
        memo: &mut MemoTable,
    ) -> (Outcome, Stats) {
        let kw = memo.key_words();
        // The items of each option, as a set.
        let n = self.option_count();
        let mut masks = vec![0u64; n * kw];
        for k in 0..n {
            for &i in self.option_items(k as u32) {
                masks[k * kw + i as usize / 64] |= 1 << (i % 64);
            }
        }
        // The items covered when each level was entered, `kw` words each.
        let mut keys = vec![0u64; kw];
        for &f in &self.forced {
            for (key, m) in keys.iter_mut().zip(&masks[f as usize * kw..][..kw]) {
                *key |= m;
            }
        }
        let mut levels: Vec<MemoLevel> = Vec::new();
        // The least depth from which every level has turned its memo off
        // (see `plain_below`).
        let mut plain_from = usize::MAX;
        let plain_below =
            |levels: &[MemoLevel]| levels.iter().rposition(|l| l.memo_on).map_or(0, |d| d + 1);
        let mut child = vec![0u64; kw];
        // Solutions so far: added from the memo's counts, so checked
        // (`Outcome::Overflow` past u128::MAX); the levels' `counted` are
        // parts of it.
        let mut total = 0u128;
        let cap = solution_cap(limits.max_solutions);
        let reached = |total: u128| cap.is_some_and(|cap| total >= cap);

        let updates_before = self.updates;
        let mut stats = Stats::default();
        let home = self.state.clone();
        let mut depth = 0usize;
        let outcome = 'search: loop {
            // A node: the state under `chosen[..depth]`, whose items are
            // `keys[depth]`.
            if stats.nodes >= limits.max_nodes {
                break 'search Outcome::NodeLimit;
            }
            stats.nodes += 1;
            if stats.nodes & (V::TICK_NODES - 1) == 0 {
                stats.updates = self.updates - updates_before;
                stats.solutions = total;
                let progress = Progress::new(self, &self.levels.chosen[..depth], stats);
                if visitor.tick(&progress).is_break() {
                    break 'search Outcome::Stopped;
                }
            }
            let (mut item, mut x, mut first_try);
            let (hint, dead) = self.hints::<W>(depth);
            match self.choose::<W>(hint, dead) {
                Some((p, count)) if count > 0 => {
                    self.set_hint::<W>(depth, p, false);
                    item = self.tables.prim_item[p as usize];
                    self.save::<W>(depth);
                    self.levels.branch[depth] = item;
                    if levels.len() <= depth {
                        levels.resize(depth + 1, MemoLevel::default());
                        plain_from = plain_below(&levels);
                    }
                    (levels[depth].counted, levels[depth].entered) = (0, stats.nodes);
                    x = self.first_try::<W>(depth, item, count);
                    first_try = true;
                }
                found => {
                    // A solution or a dead end: back to the level above.
                    if found.is_none() {
                        let Some(sum) = total.checked_add(1) else {
                            break 'search Outcome::Overflow;
                        };
                        total = sum;
                        if let Some(up) = depth.checked_sub(1) {
                            levels[up].counted += 1;
                        }
                        if reached(total) {
                            break 'search Outcome::SolutionLimit;
                        }
                    } else if let Some((p, _)) = found {
                        self.set_hint::<W>(depth, p, true);
                        self.updates += 1;
                    }
                    match self.step_up::<W>(&mut depth) {
                        Some(next) => (item, x) = next,
                        None => break 'search Outcome::Exhausted,
                    }
                    first_try = false;
                }
            }
            loop {
                if x != NONE {
                    // The child's items: kept for every level, since any
                    // deeper one may look its children up.
                    let key = &keys[depth * kw..][..kw];
                    let mask = &masks[x as usize * kw..][..kw];
                    for ((c, k), m) in child.iter_mut().zip(key).zip(mask) {
                        *c = k | m;
                    }
                    let level = &mut levels[depth];
                    if level.memo_on {
                        level.lookups += 1;
                        if let Some((count, nodes)) = memo.get(&child) {
                            let Some(sum) = total.checked_add(count) else {
                                break 'search Outcome::Overflow;
                            };
                            total = sum;
                            level.counted += count;
                            level.saved = level.saved.saturating_add(nodes);
                            if reached(total) {
                                break 'search Outcome::SolutionLimit;
                            }
                            self.levels.chosen[depth] = x;
                            x = self.next_try::<W>(depth);
                            continue;
                        }
                        let n = level.lookups;
                        if n.is_power_of_two() && n.trailing_zeros() >= memo.trial_bits() {
                            level.memo_on = level.saved.saturating_mul(2) >= n;
                            if !level.memo_on {
                                plain_from = plain_below(&levels);
                            }
                        }
                    }
                    debug_assert!(depth < self.levels.chosen.len());
                    // SAFETY: level `depth` was saved (here or before its
                    // step back), so `chosen` holds it.
                    unsafe { *self.levels.chosen.get_unchecked_mut(depth) = x };
                    self.commit::<W>(x, item, first_try);
                    depth += 1;
                    if keys.len() < (depth + 1) * kw {
                        keys.resize((depth + 1) * kw, 0);
                    }
                    keys[depth * kw..][..kw].copy_from_slice(&child);
                    if depth < plain_from || depth >= levels.len() {
                        continue 'search;
                    }
                    // No level from the child's down looks its children up,
                    // or stores their counts: the plain search counts the
                    // child's subtree, with none of this loop's bookkeeping
                    // (on the pentominoes, whose memo stays on for six
                    // levels, most nodes are below them). A level deeper
                    // than any seen so far would have started with its memo
                    // on; the plain search leaves it off.
                    let before = Stats {
                        nodes: stats.nodes,
                        updates: self.updates - updates_before,
                        solutions: total,
                        removed: 0,
                    };
                    let sub_limits = SearchLimits {
                        max_nodes: limits.max_nodes.saturating_sub(stats.nodes),
                        // Below the cap: what is left of it, at most u64::MAX.
                        max_solutions: cap.map_or(u64::MAX, |cap| {
                            u64::try_from(cap - total).unwrap_or(u64::MAX)
                        }),
                    };
                    let mut ticks = TicksOnly::after(visitor, before);
                    let (outcome, sub) = self.search_from::<_, W>(&mut ticks, sub_limits, depth);
                    stats.nodes += sub.nodes;
                    let Some(sum) = total.checked_add(sub.solutions) else {
                        break 'search Outcome::Overflow;
                    };
                    total = sum;
                    let up = &mut levels[depth - 1];
                    up.counted += sub.solutions;
                    if outcome != Outcome::Exhausted {
                        break 'search outcome;
                    }
                    if up.memo_on {
                        memo.insert(&keys[depth * kw..][..kw], sub.solutions, sub.nodes);
                    }
                    match self.step_up::<W>(&mut depth) {
                        Some(next) => (item, x) = next,
                        None => break 'search Outcome::Exhausted,
                    }
                    first_try = false;
                    continue;
                }
                // Every option of this level tried: its count is complete.
                let count = levels[depth].counted;
                if depth > 0 && levels[depth - 1].memo_on {
                    let nodes = stats.nodes - levels[depth].entered + 1;
                    memo.insert(&keys[depth * kw..][..kw], count, nodes);
                }
                match self.step_up::<W>(&mut depth) {
                    Some(next) => (item, x) = next,
                    None => break 'search Outcome::Exhausted,
                }
                // Part of `total`, which did not overflow.
                levels[depth].counted += count;
                first_try = false;
            }
        };
        self.state.copy_from_slice(&home);
        stats.updates = self.updates - updates_before;
        stats.solutions = match outcome {
            Outcome::Overflow => u128::MAX,
            _ => cap.map_or(total, |cap| total.min(cap)),
        };
        (outcome, stats)
    }
}
