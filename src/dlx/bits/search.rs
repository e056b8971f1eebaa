//! The search on bit sets: the plain loop (a state saved per level with
//! more than one option) and the general one, with the fewest-options
//! choice on POPCNT; the invariants are the parent module's.

use super::{
    BitMatrix, ForceError, Isa, NONE, ONE_LIVE_WORD, OptionId, Outcome, Progress, ReadBack, Search,
    SearchLimits, Solution, Stats, Visitor, few_words, state_words, state_words_mut,
};

impl BitMatrix {
    // --- The search ------------------------------------------------------

    /// The length of the state: `W + 2` words with a few words (see
    /// [`few_words`]).
    #[inline(always)]
    fn state_len<const W: usize>(&self) -> usize {
        state_words::<W>(&self.state).len()
    }

    /// The items [`Self::choose`] looks at first at `depth`, as `(hint,
    /// dead)`: the one chosen, or found without options, there last time;
    /// and the one found without options the last time a node was entered
    /// through the option chosen at `depth - 1` (an option that leaves an
    /// item without options tends to leave the same one again). They pay
    /// where items span many words; with a few, the extra counts cost more
    /// than they save, and there are none.
    #[inline(always)]
    pub(super) fn hints<const W: usize>(&mut self, depth: usize) -> (u32, u32) {
        if few_words::<W>() {
            return (NONE, NONE);
        }
        if self.levels.hints.len() <= depth {
            self.levels.hints.resize(depth + 1, NONE);
        }
        let dead = match depth.checked_sub(1) {
            // `chosen[depth - 1]` is the option that led here, a bit of a
            // set of options, and `dead_hints` has an entry for each.
            Some(up) => self.levels.dead_hints[self.levels.chosen[up] as usize],
            None => NONE,
        };
        (self.levels.hints[depth], dead)
    }

    /// Records `p` as the item chosen at `depth`, or found there without
    /// options when `dead` (see [`Self::hints`]).
    #[inline(always)]
    pub(super) fn set_hint<const W: usize>(&mut self, depth: usize, p: u32, dead: bool) {
        if few_words::<W>() {
            return;
        }
        self.levels.hints[depth] = p;
        if let Some(up) = depth.checked_sub(1).filter(|_| dead) {
            self.levels.dead_hints[self.levels.chosen[up] as usize] = p;
        }
    }

    /// Enters level `depth`, branching on `item`, which has `count` active
    /// options, and sets where its children step back to. A level with one option is
    /// never returned to, for it has no other option to try:
    /// [`Self::step_back`] passes over it, with no load and no scan for a
    /// next option that is not there (on n queens, most levels). On the
    /// general path it is not saved either.
    #[inline(always)]
    fn enter<const W: usize>(&mut self, depth: usize, item: u32, count: u32) {
        self.grow::<W>(depth);
        debug_assert!(depth + 1 < self.levels.resume.len() && depth < self.levels.branch.len());
        // SAFETY: `grow` grew `resume` to hold level `depth + 1`, and
        // `branch` to hold level `depth`.
        unsafe {
            *self.levels.branch.get_unchecked_mut(depth) = item;
            let up = *self.levels.resume.get_unchecked(depth);
            // Without a branch: whether a level has one option follows no
            // pattern (a branch here missed 428,000 times on queens13).
            let back = std::hint::select_unpredictable(count > 1, depth as u32, up);
            *self.levels.resume.get_unchecked_mut(depth + 1) = back;
        }
        // With a few words a copy costs less than the branch that would
        // skip it: the state is saved anyway, and only the step back
        // passes over the level.
        if count == 1 && !few_words::<W>() {
            // SAFETY: `grow` grew `one_option` to hold level `depth`.
            *unsafe { self.levels.one_option.get_unchecked_mut(depth) } = true;
        } else {
            self.save_grown::<W>(depth);
        }
    }

    /// Grows the tables of levels to hold level `depth` (and `resume` to
    /// hold `depth + 1`). `resume` is always at least one longer than
    /// `branch` once `branch` holds a level, so one check does for both.
    #[inline(always)]
    fn grow<const W: usize>(&mut self, depth: usize) {
        if self.levels.branch.len() <= depth {
            let n = self.state_len::<W>();
            self.levels.saved.resize((depth + 1) * n, 0);
            self.levels.branch.resize(depth + 1, 0);
            self.levels.chosen.resize(depth + 1, 0);
            self.levels.try_pos.resize(depth + 1, 0);
            self.levels.try_end.resize(depth + 1, 0);
            self.levels.one_option.resize(depth + 1, false);
            if self.levels.resume.len() <= depth + 1 {
                self.levels.resume.resize(depth + 2, NONE);
            }
        }
        debug_assert!(self.levels.resume.len() > self.levels.branch.len());
    }

    /// Saves the state as level `depth`'s.
    #[inline(always)]
    pub(super) fn save<const W: usize>(&mut self, depth: usize) {
        self.grow::<W>(depth);
        self.save_grown::<W>(depth);
    }

    /// [`Self::save`] where the tables already hold level `depth`.
    #[inline(always)]
    fn save_grown<const W: usize>(&mut self, depth: usize) {
        let n = self.state_len::<W>();
        debug_assert!(depth < self.levels.one_option.len());
        // With a few words no level is left unsaved, so the flag is never
        // set (`grow` starts it false).
        if !few_words::<W>() {
            // SAFETY: `grow` grew `one_option` to hold level `depth`.
            *unsafe { self.levels.one_option.get_unchecked_mut(depth) } = false;
        }
        // `saved` holds `state.len()` words a level (`n` is that length in
        // every search), for as many levels as `branch`.
        debug_assert!(self.levels.saved.len() >= (depth + 1) * n);
        // SAFETY: `saved` was just grown to hold level `depth`.
        let saved = unsafe {
            self.levels
                .saved
                .get_unchecked_mut(depth * n..(depth + 1) * n)
        };
        saved.copy_from_slice(state_words::<W>(&self.state));
    }

    /// Restores the state saved as level `depth`'s.
    #[inline(always)]
    fn load<const W: usize>(&mut self, depth: usize) {
        let n = self.state_len::<W>();
        debug_assert!(depth < self.levels.branch.len());
        // SAFETY: level `depth` was saved before (the search loads only
        // levels it saved), so `saved` holds it.
        let saved = unsafe { self.levels.saved.get_unchecked(depth * n..(depth + 1) * n) };
        state_words_mut::<W>(&mut self.state).copy_from_slice(saved);
    }

    /// The first active option of `item` after option `after` (or from the
    /// start with [`NONE`]), or [`NONE`]; looks only at live words.
    #[inline(always)]
    fn next_option<const W: usize>(&self, item: u32, after: u32) -> u32 {
        let item = item as usize;
        let start = if after == NONE { 0 } else { after as usize + 1 };
        let (mut w, mut mask) = (start / 64, !0u64 << (start % 64));
        if few_words::<W>() {
            // A few words: look at each.
            let uses = self.tables.uses.as_chunks::<W>().0;
            debug_assert!(item < uses.len());
            // SAFETY: `item` is an item, and `uses` has a set for each.
            let uses = unsafe { uses.get_unchecked(item) };
            let active = state_words::<W>(&self.state)
                .first_chunk::<W>()
                .expect("W words of options");
            while w < W {
                let hit = active[w] & uses[w] & mask;
                if hit != 0 {
                    return (w * 64) as u32 + hit.trailing_zeros();
                }
                (w, mask) = (w + 1, !0);
            }
            return NONE;
        }
        let (words, ww) = self.sizes_of::<W>();
        let uses = &self.tables.uses[item * words..][..words];
        let item_words = &self.tables.item_words[item * ww..][..ww];
        let (active, live) = self.state[..words + ww].split_at(words);
        while w < words {
            let s = w / 64;
            // The live words of the item from `w` on, in this set word.
            let candidates = live[s] & item_words[s] & (!0u64 << (w % 64));
            if candidates == 0 {
                w = (s + 1) * 64;
                mask = !0;
                continue;
            }
            let next = s * 64 + candidates.trailing_zeros() as usize;
            if next != w {
                mask = !0;
            }
            w = next;
            let hit = active[w] & uses[w] & mask;
            if hit != 0 {
                return (w * 64) as u32 + hit.trailing_zeros();
            }
            w += 1;
            mask = !0;
        }
        NONE
    }

    /// Lists the options to try at level `depth` (which [`Self::save`]
    /// has saved), branching on `item` with `count` (at least one) active
    /// options: those options, in the order added; returns the first.
    /// Options numbered in the order added need no list: the next is the
    /// next bit set ([`Self::next_option`]).
    #[inline(always)]
    pub(super) fn first_try<const W: usize>(&mut self, depth: usize, item: u32, count: u32) -> u32 {
        // A few words are never reordered (see `build_with`).
        if few_words::<W>() || !self.tables.reordered {
            // Bits in the order added: the first bit set is the first.
            return self.next_option::<W>(item, NONE);
        }
        let start = depth
            .checked_sub(1)
            .map_or(0, |up| self.levels.try_end[up] as usize);
        let end = start + count as usize;
        if self.levels.tries.len() < end {
            self.levels.tries.resize(end, 0);
        }
        let item = item as usize;
        let (words, ww) = self.sizes_of::<W>();
        let uses = &self.tables.uses[item * words..][..words];
        let (active, live) = self.state[..words + ww].split_at(words);
        let tries = &mut self.levels.tries[start..end];
        let mut n = 0;
        let mut take = |w: usize, mut hit: u64| {
            while hit != 0 {
                tries[n] = (w * 64) as u32 + hit.trailing_zeros();
                hit &= hit - 1;
                n += 1;
            }
        };
        let item_words = &self.tables.item_words[item * ww..][..ww];
        for (s, (&l, &iw)) in live.iter().zip(item_words).enumerate() {
            let mut bits = l & iw;
            while bits != 0 {
                let w = s * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                take(w, active[w] & uses[w]);
            }
        }
        debug_assert_eq!(n, count as usize, "the count of the item branched on");
        let original = &self.tables.original;
        tries.sort_unstable_by_key(|&k| original[k as usize]);
        let first = tries[0];
        self.levels.try_pos[depth] = start as u32;
        self.levels.try_end[depth] = end as u32;
        first
    }

    /// The next option to try at level `depth` (see [`Self::first_try`])
    /// after `chosen[depth]`, or [`NONE`] when all have been tried.
    #[inline(always)]
    pub(super) fn next_try<const W: usize>(&mut self, depth: usize) -> u32 {
        debug_assert!(depth < self.levels.branch.len());
        if few_words::<W>() || !self.tables.reordered {
            // SAFETY: level `depth` was saved, so `branch` and `chosen`
            // (grown with `try_pos` and `try_end`) hold it.
            let (item, chosen) = unsafe {
                (
                    *self.levels.branch.get_unchecked(depth),
                    *self.levels.chosen.get_unchecked(depth),
                )
            };
            return self.next_option::<W>(item, chosen);
        }
        // SAFETY: as above.
        let (pos, end) = unsafe {
            let pos = self.levels.try_pos.get_unchecked_mut(depth);
            *pos += 1;
            (*pos, *self.levels.try_end.get_unchecked(depth))
        };
        if pos < end {
            self.levels.tries[pos as usize]
        } else {
            NONE
        }
    }

    /// The number of active options of primary item `p`, counted in its
    /// live words, or any number at least `limit` once it reaches `limit`.
    #[inline(always)]
    fn count_options<const W: usize>(&self, p: usize, limit: u32) -> u32 {
        let (words, ww) = self.sizes_of::<W>();
        let live = &self.state[words..words + ww];
        debug_assert!(p < self.tables.prim_item.len());
        // SAFETY: `p` is a primary number (an open one, or the hint checked
        // open), and `prim_uses` and `prim_item_words` hold `words` and
        // `ww` words for each.
        let (uses, item_words) = unsafe {
            (
                self.tables
                    .prim_uses
                    .get_unchecked(p * words..(p + 1) * words),
                self.tables
                    .prim_item_words
                    .get_unchecked(p * ww..(p + 1) * ww),
            )
        };
        let mut count = 0;
        for (s, (&l, &iw)) in live.iter().zip(item_words).enumerate() {
            let mut bits = l & iw;
            // Two words a round, the second masked out when there is none:
            // the rounds' exits and the checks against `limit` are the
            // branches a predictor misses most (on the pentominoes, 4.91 M
            // mispredictions in the first 300,000 nodes a word a round,
            // 3.94 M two words a round).
            while bits != 0 {
                let w = s * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let more = 0u64.wrapping_sub(u64::from(bits != 0));
                let v = if bits != 0 {
                    s * 64 + bits.trailing_zeros() as usize
                } else {
                    w
                };
                bits &= bits.wrapping_sub(1);
                // SAFETY: `w` and `v` are numbers of words set in
                // `item_words`, which `build` sets only for words below
                // `words`, the length of `uses` and of the active set at
                // the front of `state`.
                let (a, u, b, t) = unsafe {
                    (
                        *self.state.get_unchecked(w),
                        *uses.get_unchecked(w),
                        *self.state.get_unchecked(v),
                        *uses.get_unchecked(v),
                    )
                };
                count += (a & u).count_ones() + (b & t & more).count_ones();
                if count >= limit {
                    return count;
                }
            }
        }
        count
    }

    /// The open primary item with the fewest active options, the first
    /// (by primary number) on ties, as its primary number and count;
    /// `None` when every primary item is covered.
    ///
    /// `dead` and `hint` are primary numbers, or [`NONE`] (see
    /// [`Self::hints`]). `dead` is tested first, up to its first active
    /// option: if it has none, it is returned at once. So is `hint`, which
    /// is counted next, if it has none: a dead end is one whichever item
    /// shows it, and two nodes in three of the pentominoes are dead ends.
    /// Counting `hint` first also sets the bound low from the start: the
    /// item chosen last time at this depth is often the one to choose
    /// again. Then every open item is counted, giving up as soon as it
    /// cannot win: an item before the best so far in primary order wins
    /// with as few options, one after it only with fewer. So an item with
    /// options returned is exactly the first with the fewest, whatever the
    /// hints.
    #[inline(always)]
    pub(super) fn choose<const W: usize>(&self, hint: u32, dead: u32) -> Option<(u32, u32)> {
        if few_words::<W>() {
            return self.choose_in_few_words::<W>();
        }
        let (words, ww) = self.sizes_of::<W>();
        let open = &self.state[words + ww..];
        let is_open = |p: usize| {
            open.get(p / 64)
                .is_some_and(|&o| o & (1u64 << (p % 64)) != 0)
        };
        if is_open(dead as usize) && self.count_options::<W>(dead as usize, 1) == 0 {
            return Some((dead, 0));
        }
        let hint = hint as usize;
        let hinted = is_open(hint);
        let (mut best, mut best_p) = if hinted {
            let count = self.count_options::<W>(hint, u32::MAX);
            if count == 0 {
                return Some((hint as u32, 0));
            }
            (count, hint)
        } else {
            (u32::MAX, usize::MAX)
        };
        // Plain loops, not closures: a closure left out of line would not
        // get the instruction set of `search_v3` or `search_popcnt`.
        for (o, &word) in open.iter().enumerate() {
            let mut open_bits = word;
            while open_bits != 0 {
                let p = o * 64 + open_bits.trailing_zeros() as usize;
                open_bits &= open_bits - 1;
                if p == best_p {
                    // Everything after the best needs fewer; with none,
                    // nothing can.
                    if best == 0 {
                        break;
                    }
                    continue;
                }
                // Without a branch: which side of the best an item falls
                // on is unpredictable.
                let limit = best.saturating_add(u32::from(p < best_p));
                let count = self.count_options::<W>(p, limit);
                if count < limit {
                    best = count;
                    best_p = p;
                    if count == 0 {
                        return Some((p as u32, 0));
                    }
                }
            }
        }
        (best_p != usize::MAX).then_some((best_p as u32, best))
    }

    /// [`Self::choose`] with `W` (not 0) words of options and at most 64
    /// primary items: every word of every open item counted, the active
    /// set held in registers, no branch on a count (an item without
    /// options does not end the loop: counting the few items left costs
    /// less than the mispredicted branches; n-queens 13, 8 runs each:
    /// median 0.099 s against 0.104 s).
    #[inline(always)]
    fn choose_in_few_words<const W: usize>(&self) -> Option<(u32, u32)> {
        let state = state_words::<W>(&self.state);
        let mut active = [0u64; W];
        active.copy_from_slice(&state[..W]);
        let mut open = state[W + 1];
        let (uses, _) = self.tables.prim_uses.as_chunks::<W>();
        // The count and the primary number in one key (at most 64 primary
        // items: 6 bits), so that the least key is the first item with the
        // fewest options, found without a branch on the counts.
        let mut best = u32::MAX;
        while open != 0 {
            let p = open.trailing_zeros();
            open &= open - 1;
            // SAFETY: `p` is an open primary number, below the number of
            // primary items, which is the number of chunks of `prim_uses`.
            let set = unsafe { uses.get_unchecked(p as usize) };
            let count: u32 = (0..W).map(|w| (active[w] & set[w]).count_ones()).sum();
            best = best.min(count << 6 | p);
        }
        (best != u32::MAX).then_some((best & 63, best >> 6))
    }

    /// For level `depth` of the current path: the position of the option
    /// tried among the item's active options, and their number.
    fn position_at(&self, depth: usize) -> (u32, u32) {
        if self.levels.one_option[depth] {
            return (0, 1);
        }
        if self.tables.reordered {
            let start = depth.checked_sub(1).map_or(0, |up| self.levels.try_end[up]);
            return (
                self.levels.try_pos[depth] - start,
                self.levels.try_end[depth] - start,
            );
        }
        let (w, n) = (self.tables.words, self.state.len());
        let item = self.levels.branch[depth] as usize;
        let saved = &self.levels.saved[depth * n..depth * n + w];
        let uses = &self.tables.uses[item * w..(item + 1) * w];
        let x = self.levels.chosen[depth] as usize;
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

    isa_copies!(search_portable: search_v3, search_popcnt(visitor: &mut V, limits: SearchLimits));

    /// Runs the search with the number of words fixed at compile time
    /// where it is small (the loops over words unrolled), or read from
    /// `self` (`W = 0`).
    #[inline(always)]
    pub(super) fn search_portable<V: Visitor>(
        &mut self,
        visitor: &mut V,
        limits: SearchLimits,
    ) -> (Outcome, Stats) {
        by_words!(self, search_words::<V>(visitor, limits))
    }

    /// The number of words of the active set and of the live set: `W`
    /// and 1 with a few words (see [`few_words`]).
    #[inline(always)]
    pub(super) fn sizes_of<const W: usize>(&self) -> (usize, usize) {
        match W {
            0 => (self.tables.words, self.tables.word_words),
            ONE_LIVE_WORD => (self.tables.words, 1),
            _ => (W, 1),
        }
    }

    #[inline(always)]
    fn search_words<V: Visitor, const W: usize>(
        &mut self,
        visitor: &mut V,
        limits: SearchLimits,
    ) -> (Outcome, Stats) {
        self.search_from::<V, W>(visitor, limits, 0)
    }

    /// The search of the subtree under the current node, at depth `base`
    /// of the current path (`chosen[..base]`, levels below `base` saved):
    /// the whole search with `base` 0. Statistics of the subtree. With
    /// `base` 0 the state is restored on return; below the root it is left
    /// as the search ends, for the caller steps back to the level above,
    /// which restores that level's.
    #[inline(always)]
    pub(super) fn search_from<V: Visitor, const W: usize>(
        &mut self,
        visitor: &mut V,
        limits: SearchLimits,
        base: usize,
    ) -> (Outcome, Stats) {
        let updates_before = self.updates;
        let mut stats = Stats::default();
        // The state to return to: that of the forced options.
        let home = (base == 0).then(|| self.state.clone());
        if self.levels.resume.len() <= base {
            self.levels.resume.resize(base + 1, NONE);
        }
        // Nothing to step back to above the root.
        self.levels.resume[base] = NONE;
        let mut depth = base;
        let outcome = 'search: loop {
            if stats.nodes >= limits.max_nodes {
                break 'search Outcome::NodeLimit;
            }
            stats.nodes += 1;
            let (mut item, mut x);
            let mut first_try = false;
            let (hint, dead) = self.hints::<W>(depth);
            match self.choose::<W>(hint, dead) {
                None => {
                    stats.solutions += 1;
                    let solution = Solution::new(self, &self.levels.chosen[..depth]);
                    if visitor.solution(&solution).is_break() {
                        break 'search Outcome::Stopped;
                    }
                    if stats.solutions >= u128::from(limits.max_solutions) {
                        break 'search Outcome::SolutionLimit;
                    }
                    match self.step_back::<W>(&mut depth) {
                        Some(next) => (item, x) = next,
                        None => break 'search Outcome::Exhausted,
                    }
                }
                Some((p, 0)) => {
                    // A dead end: the links cover the item, find no
                    // option, and count that cover.
                    self.set_hint::<W>(depth, p, true);
                    self.updates += 1;
                    if stats.nodes & (V::TICK_NODES - 1) == 0 {
                        stats.updates = self.updates - updates_before;
                        let progress = Progress::new(self, &self.levels.chosen[..depth], stats);
                        if visitor.tick(&progress).is_break() {
                            break 'search Outcome::Stopped;
                        }
                    }
                    match self.step_back::<W>(&mut depth) {
                        Some(next) => (item, x) = next,
                        None => break 'search Outcome::Exhausted,
                    }
                }
                Some((p, count)) => {
                    self.set_hint::<W>(depth, p, false);
                    if stats.nodes & (V::TICK_NODES - 1) == 0 {
                        stats.updates = self.updates - updates_before;
                        let progress = Progress::new(self, &self.levels.chosen[..depth], stats);
                        if visitor.tick(&progress).is_break() {
                            break 'search Outcome::Stopped;
                        }
                    }
                    debug_assert!((p as usize) < self.tables.prim_item.len());
                    // SAFETY: `choose` returns a primary number.
                    item = unsafe { *self.tables.prim_item.get_unchecked(p as usize) };
                    self.enter::<W>(depth, item, count);
                    x = self.first_try::<W>(depth, item, count);
                    first_try = true;
                }
            }
            loop {
                if x != NONE {
                    debug_assert!(depth < self.levels.chosen.len());
                    // SAFETY: level `depth` was saved (here or before its
                    // step back), so `chosen` holds it.
                    unsafe { *self.levels.chosen.get_unchecked_mut(depth) = x };
                    self.commit::<W>(x, item, first_try);
                    depth += 1;
                    continue 'search;
                }
                match self.step_back::<W>(&mut depth) {
                    Some(next) => (item, x) = next,
                    None => break 'search Outcome::Exhausted,
                }
                first_try = false;
            }
        };
        if let Some(home) = home {
            self.state.copy_from_slice(&home);
        }
        stats.updates = self.updates - updates_before;
        (outcome, stats)
    }

    /// Back to the level above, as the memo's count does (every level
    /// saved): its state restored, the next option of its item, as (item,
    /// option); `None` at the root.
    #[inline(always)]
    pub(super) fn step_up<const W: usize>(&mut self, depth: &mut usize) -> Option<(u32, u32)> {
        *depth = depth.checked_sub(1)?;
        self.resume_at::<W>(*depth)
    }

    /// Back to the deepest level above `depth` that has options left to
    /// try, passing over levels with one option ([`Self::enter`]): its
    /// state restored, the next option of its item, as (item, option);
    /// `None` when there is none below the root of the search.
    #[inline(always)]
    fn step_back<const W: usize>(&mut self, depth: &mut usize) -> Option<(u32, u32)> {
        debug_assert!(*depth < self.levels.resume.len());
        // SAFETY: `resume` holds an entry for every depth on the current
        // path: the search's root's set as it starts, each other's when
        // the level above was entered.
        let up = *unsafe { self.levels.resume.get_unchecked(*depth) };
        if up == NONE {
            return None;
        }
        *depth = up as usize;
        self.resume_at::<W>(*depth)
    }

    /// Level `depth`'s saved state restored, and the next option of its
    /// item, as (item, option).
    #[inline(always)]
    fn resume_at<const W: usize>(&mut self, depth: usize) -> Option<(u32, u32)> {
        self.load::<W>(depth);
        // SAFETY: as in `load`, level `depth` was saved, so `branch` holds
        // it.
        let item = unsafe { *self.levels.branch.get_unchecked(depth) };
        Some((item, self.next_try::<W>(depth)))
    }
}

impl Search for BitMatrix {
    /// Algorithm X, as the links run it ([`Search::search`]),
    /// on the bit sets: the same tree, the same statistics, the same
    /// visitor calls. Restores the state before returning. Runs compiled
    /// for the best instruction set the processor has (on x86-64: the
    /// x86-64-v3 level's bit and vector instructions, or POPCNT alone, or
    /// neither).
    fn search<V: Visitor>(&mut self, visitor: &mut V, limits: SearchLimits) -> (Outcome, Stats) {
        by_isa!(
            self,
            search_v3,
            search_popcnt,
            search_portable(visitor, limits)
        )
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

/// The bit sets read back a search's chosen options by their bits.
impl ReadBack for BitMatrix {
    fn forced_count(&self) -> usize {
        self.forced.len()
    }

    fn forced_option(&self, i: usize) -> OptionId {
        self.option_id(self.forced[i])
    }

    fn option_of(&self, x: u32) -> OptionId {
        self.option_id(x)
    }

    fn path_at(&self, depth: usize, _: u32) -> (u32, u32) {
        self.position_at(depth)
    }
}
