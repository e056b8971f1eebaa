//! Algorithm M (Knuth's DLX3) on bit sets: the tree of
//! [`MultiMatrix`](super::MultiMatrix), step for step and statistic for
//! statistic, for problems with multiplicities that are small and have no
//! colors.
//!
//! The state of a node of the tree is two bit sets, the *live* options
//! (those the links still hold in some uncovered item's list) and the
//! *active* primary items (those the links' active list holds, neither
//! covered nor left by a null move), and each primary item's *bound* (how
//! many more options of it may be chosen). An active item's list is its
//! options that are live, so its length is a `POPCNT` of one `AND` per
//! word. Each level keeps its bit sets in a slot of a stack; a move copies
//! the slot into the next one and changes the copy, so that undoing it
//! leaves the slot alone and only gives back the bounds the move took
//! (one per primary item of its option).
//!
//! # The same tree as the links
//!
//! * **Branching**: DLX3's rule (see [`MultiMatrix`](super::MultiMatrix)),
//!   over the active items in the order added, on the lengths above.
//! * **Moves**: the branching item's options that are live when the level
//!   begins (its list then), in the order added, then the null move where
//!   the slack allows it. A tried option is *tweaked*: with bound left it
//!   leaves the live set for the level's later moves and everything below
//!   them (the links hide it and take it out of the item's list); with no
//!   bound left the item was covered and the option is only crossed off
//!   the level's list. Once the level's list is no longer than the bound
//!   less the slack, the level is done.
//! * **Statistics**: a node per level entered; an update per item covered
//!   (primary when its bound reaches 0, secondary when an option with it
//!   is chosen), per node a covered item's options hide (the option's size
//!   less one, summed by popcounts over the options of each size where
//!   there are few sizes), and per node tweaked, with the hide that goes
//!   with it. Tests hold every count to the links' on random problems.
//!
//! # Invariants
//!
//! * A live option contains no covered item, primary or secondary:
//!   covering an item clears every option that uses it.
//! * Slot `d` holds the state of the node at depth `d` until level `d`
//!   begins there, and from then on level `d`'s state between its moves:
//!   its item's bound dropped by one, the item covered if that left 0,
//!   and the options it has tweaked with bound left cleared.
//! * The root's slot (`root`) is never changed by a search, which starts
//!   from a copy of it; the bounds are the root's again however a search
//!   ends, each level on the path giving back what it took.
//! * Forcing options is not supported, as on the links with
//!   multiplicities: the tree is never split.

use super::builder::{BuildError, Problem};
#[cfg(target_arch = "x86_64")]
use super::isa::Isa;
use super::search::{
    ByNumber, ForceError, Outcome, Progress, SearchLimits, Solution, Stats, Visitor,
};
use super::{ItemKind, OptionId};

/// No option: the null move, or the end of a level's list.
const NONE: u32 = u32::MAX;

/// The most words of live options for which [`MultiBitMatrix::fits`] says
/// yes (192 options): past that, counting and clearing a word per 64
/// options costs more than the links' dance (the first 300,000 nodes of
/// `dlx problem stars`: level with the links on 14x14, 196 options; 1.5
/// times slower on 20x20, 400 options).
const MAX_OPTION_WORDS: usize = 3;

/// The most primary items [`MultiBitMatrix::fits`] takes: every node
/// scans them all.
const MAX_PRIMARY: usize = 256;

/// One level of the search.
#[derive(Clone, Copy, Debug)]
struct Level {
    /// Primary number of the item branched on.
    item: u32,
    /// The item's bound after this level took one.
    bound: i32,
    /// The item's slack.
    slack: i32,
    /// The option being tried, or [`NONE`] for the null move.
    choice: u32,
    /// The branching score (the number of moves at this level).
    score: u32,
    /// Moves entered so far at this level.
    tried: u32,
}

/// A problem with multiplicities, compiled for Algorithm M on bit sets.
/// See the [module docs](self).
#[derive(Clone, Debug)]
pub(crate) struct MultiBitMatrix {
    /// Words per set of options.
    words: usize,
    /// Words per slot: live options, then active items.
    slot_words: usize,
    /// Number of primary items.
    primary: usize,
    /// By primary number, then secondary number: the options that use the
    /// item, `words` words each.
    uses: Vec<u64>,
    /// Items of option `k` other than one: `members[starts[k]..starts[k +
    /// 1]]`, primary numbers below `primary` first, then secondary items
    /// as `primary` plus their secondary number.
    members: Vec<u32>,
    starts: Vec<u32>,
    /// Where option `k`'s secondary items begin in `members`.
    sec_starts: Vec<u32>,
    /// By option: the nodes its hiding unlinks (its size less one).
    hidden: Vec<u64>,
    /// With at most four option sizes: each size's hidden
    /// nodes and its options (`words` words each); `None` with more.
    sizes: Option<Vec<(u64, Vec<u64>)>>,
    /// By primary number: `hi - lo`.
    slack: Vec<i32>,
    /// The root's slot, and its bounds (by primary number).
    root: Vec<u64>,
    root_bounds: Vec<i32>,
    /// The slots of the nodes on the path (`slot_words` each).
    slots: Vec<u64>,
    /// The bounds where the search stands (by primary number): a level
    /// takes one from its item's and gives it back when it ends; a move
    /// takes one from each other primary item of its option and gives it
    /// back before the next.
    bounds: Vec<i32>,
    /// Each level's list: the options of its item it has still to try
    /// (`words` words each).
    lists: Vec<u64>,
    levels: Vec<Level>,
    /// The options chosen on the current path, null moves left out.
    chosen: Vec<u32>,
    /// (position, moves) of each level, for progress reports.
    path: Vec<(u32, u32)>,
    /// Updates since the matrix was built.
    updates: u64,
}

impl MultiBitMatrix {
    /// Whether `problem` suits this engine: multiplicities, no colors, at
    /// most 192 options and 256 primary items. [`EngineKind::Auto`]
    /// runs such a problem here.
    ///
    /// [`EngineKind::Auto`]: super::EngineKind::Auto
    pub(crate) fn fits(problem: &Problem) -> bool {
        Self::can_hold(problem)
            && problem.option_count().div_ceil(64) <= MAX_OPTION_WORDS
            && primary_count(problem) <= MAX_PRIMARY
    }

    /// Whether this engine can run `problem` at all: no colors, no
    /// preferred items, no propagation (and not so many options or items that its numbers
    /// overflow).
    pub(crate) fn can_hold(problem: &Problem) -> bool {
        problem.preferred() == 0
            && !problem.asks_propagation()
            && problem.entries.iter().all(|&(_, color)| color == 0)
            && problem.option_count() < NONE as usize
            && problem.item_count() < NONE as usize / 2
    }

    /// Compiles `problem`; fails on colors ([`BuildError::Colored`]).
    pub(crate) fn build(problem: &Problem) -> Result<Self, BuildError> {
        problem.links_only()?;
        if !Self::can_hold(problem) {
            return Err(BuildError::Colored);
        }
        let options = problem.option_count();
        let words = options.div_ceil(64).max(1);
        let primary = primary_count(problem);
        // Primary items by primary number first, then secondary items.
        let mut number = vec![0u32; problem.item_count()];
        let (mut p, mut s) = (0u32, primary as u32);
        for (i, &kind) in problem.kinds.iter().enumerate() {
            let n = if kind == ItemKind::Primary {
                &mut p
            } else {
                &mut s
            };
            number[i] = *n;
            *n += 1;
        }
        let mut uses = vec![0u64; problem.item_count() * words];
        let (mut members, mut starts, mut sec_starts) = (Vec::new(), vec![0u32], Vec::new());
        let mut hidden = Vec::with_capacity(options);
        let mut start = 0;
        for (k, &end) in problem.option_ends.iter().enumerate() {
            let entries = &problem.entries[start..end as usize];
            start = end as usize;
            let mut items: Vec<u32> = entries.iter().map(|&(i, _)| number[i as usize]).collect();
            items.sort_unstable();
            for &n in &items {
                uses[n as usize * words + k / 64] |= 1 << (k % 64);
            }
            let secondary = items.partition_point(|&n| (n as usize) < primary);
            sec_starts.push((members.len() + secondary) as u32);
            members.extend_from_slice(&items);
            starts.push(members.len() as u32);
            hidden.push(items.len().saturating_sub(1) as u64);
        }
        let sizes = size_classes(&hidden, words);
        let item_words = primary.div_ceil(64).max(1);
        let slot_words = words + item_words;
        let mut root = vec![0u64; slot_words];
        let mut root_bounds = vec![0i32; primary];
        for p in 0..primary {
            root[words + p / 64] |= 1 << (p % 64);
        }
        let mut slack = vec![0i32; primary];
        for (i, &(lo, hi)) in problem.bounds.iter().enumerate() {
            if problem.kinds[i] == ItemKind::Primary {
                let p = number[i] as usize;
                // Bounds are at most MAX_MULTIPLICITY = 2^30: they fit.
                root_bounds[p] = hi as i32;
                slack[p] = (hi - lo) as i32;
            }
        }
        // Every option starts live.
        for k in 0..options {
            root[k / 64] |= 1 << (k % 64);
        }
        Ok(MultiBitMatrix {
            words,
            slot_words,
            primary,
            uses,
            members,
            starts,
            sec_starts,
            hidden,
            sizes,
            slack,
            root,
            root_bounds,
            slots: Vec::new(),
            bounds: Vec::new(),
            lists: Vec::new(),
            levels: Vec::new(),
            chosen: Vec::new(),
            path: Vec::new(),
            updates: 0,
        })
    }

    /// Link updates since the matrix was built, counted as DLX3 counts
    /// them on the links.
    pub(crate) fn updates(&self) -> u64 {
        self.updates
    }

    /// Algorithm M: visits solutions until the tree is exhausted, a limit
    /// is reached or the visitor stops it. The root's state is never
    /// changed, so there is nothing to restore. Runs compiled for the best
    /// instruction set the processor has, as the bit sets' search
    /// ([`Search::search`](crate::dlx::Search::search)) does.
    pub(super) fn run<V: Visitor>(
        &mut self,
        visitor: &mut V,
        limits: SearchLimits,
    ) -> (Outcome, Stats) {
        by_isa!(
            self,
            search_v3,
            search_popcnt,
            search_portable(visitor, limits)
        )
    }

    isa_copies!(search_portable: search_v3, search_popcnt(visitor: &mut V, limits: SearchLimits));

    /// [`Search::search`](crate::dlx::Search::search) in portable code, with the widths of the common
    /// small problems fixed at compile time.
    #[inline(always)]
    fn search_portable<V: Visitor>(
        &mut self,
        visitor: &mut V,
        limits: SearchLimits,
    ) -> (Outcome, Stats) {
        match (self.words, self.slot_words) {
            (1, 2) => self.search_in::<V, 1, 2>(visitor, limits),
            (2, 3) => self.search_in::<V, 2, 3>(visitor, limits),
            (3, 4) => self.search_in::<V, 3, 4>(visitor, limits),
            _ => self.search_in::<V, 0, 0>(visitor, limits),
        }
    }

    /// [`Search::search`](crate::dlx::Search::search) with `W` words of options and `SW` words per slot
    /// (0: as many as the problem has).
    ///
    /// One piece, as the links' Algorithm M (`MultiMatrix::run`)
    /// is and for the same reason: Knuth's four labels jump to one another
    /// in more than one order.
    #[inline(always)]
    fn search_in<V: Visitor, const W: usize, const SW: usize>(
        &mut self,
        visitor: &mut V,
        limits: SearchLimits,
    ) -> (Outcome, Stats) {
        let updates_before = self.updates;
        let sw = if SW == 0 { self.slot_words } else { SW };
        self.levels.clear();
        self.lists.clear();
        self.slots.clear();
        self.slots.extend_from_slice(&self.root);
        self.bounds.clear();
        self.bounds.extend_from_slice(&self.root_bounds);
        let mut stats = Stats::default();
        let mut step = Step::Forward;
        let outcome = loop {
            match step {
                Step::Forward => {
                    if stats.nodes >= limits.max_nodes {
                        break Outcome::NodeLimit;
                    }
                    stats.nodes += 1;
                    if stats.nodes & (V::TICK_NODES - 1) == 0 {
                        stats.updates = self.updates - updates_before;
                        self.read_path();
                        let progress =
                            Progress::with_path(&ByNumber, &self.chosen, &self.path, stats);
                        if visitor.tick(&progress).is_break() {
                            break Outcome::Stopped;
                        }
                    }
                    let depth = self.levels.len();
                    let Some((item, score)) = self.choose_item_in::<W>(depth) else {
                        stats.solutions += 1;
                        self.read_path();
                        let solution = Solution::new(&ByNumber, &self.chosen);
                        if visitor.solution(&solution).is_break() {
                            break Outcome::Stopped;
                        }
                        if stats.solutions >= u128::from(limits.max_solutions) {
                            break Outcome::SolutionLimit;
                        }
                        step = Step::Advance;
                        continue;
                    };
                    if score <= 0 {
                        step = Step::Advance;
                        continue;
                    }
                    self.begin_level::<W>(depth, item, score as u32);
                    step = Step::Advance;
                }
                Step::Advance => {
                    let Some(&level) = self.levels.last() else {
                        break Outcome::Exhausted;
                    };
                    if level.choice != NONE {
                        self.uncommit_others(level.item, level.choice);
                    }
                    let depth = self.levels.len() - 1;
                    let Some(choice) = self.next_move::<W>(depth, level) else {
                        // Backup: the level is done; its list and its
                        // item's bound go back.
                        self.levels.pop();
                        self.lists.truncate(depth * self.words);
                        self.bounds[level.item as usize] += 1;
                        continue;
                    };
                    // The move's state, in the next slot.
                    let (from, to) = (depth * sw, (depth + 1) * sw);
                    if self.slots.len() < to + sw {
                        self.slots.resize(to + sw, 0);
                    }
                    for k in 0..sw {
                        self.slots[to + k] = self.slots[from + k];
                    }
                    if choice != NONE {
                        self.commit_others::<W>(depth + 1, level.item, choice);
                    }
                    if let Some(top) = self.levels.last_mut() {
                        top.choice = choice;
                        top.tried += 1;
                    }
                    step = Step::Forward;
                }
            }
        };
        // Stopped early: the bounds of the levels still on the path go
        // back (the slots need nothing: the root's is never changed).
        while let Some(level) = self.levels.pop() {
            if level.choice != NONE {
                self.uncommit_others(level.item, level.choice);
            }
            self.bounds[level.item as usize] += 1;
        }
        stats.updates = self.updates - updates_before;
        (outcome, stats)
    }

    /// The active primary item of least score in slot `depth`, by DLX3's
    /// rule, and its score; `None` when none is active (a solution). The
    /// first item with a score of 0 or less is returned at once, as on the
    /// links. `W` is the number of words of options (0: as many as there
    /// are).
    ///
    /// DLX3's order (least score, then least `s`, then longest list, then
    /// first) is one key per item, compared once: a score is at most the
    /// list's length plus one (below 2^11, with at most 1,024 options), `s`
    /// at most a bound (below 2^31), and a length below 2^11.
    #[inline(always)]
    fn choose_item_in<const W: usize>(&self, depth: usize) -> Option<(u32, i64)> {
        let w = if W == 0 { self.words } else { W };
        let slot = &self.slots[depth * self.slot_words..(depth + 1) * self.slot_words];
        let (live, active) = slot.split_at(w);
        let bounds = &self.bounds;
        let (mut best, mut best_key) = (u32::MAX, u64::MAX);
        for (aw, &word) in active.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let p = aw * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                debug_assert!(p < self.primary);
                // SAFETY: only primary items have active bits (the root's
                // are set below `primary`, and searches only clear bits),
                // and `uses` holds `w` words for each, `bounds` and `slack`
                // one number.
                let (len, bound, slack) = unsafe {
                    let mut len = 0;
                    for (k, &l) in live.iter().enumerate() {
                        len += (self.uses.get_unchecked(p * w + k) & l).count_ones();
                    }
                    (len, *bounds.get_unchecked(p), *self.slack.get_unchecked(p))
                };
                let s = slack.min(bound);
                let t = len as i32 + s - bound + 1;
                if t <= 0 {
                    return Some((p as u32, i64::from(t)));
                }
                let key = (t as u64) << 42 | (s as u64) << 11 | u64::from(2047 - len);
                if key < best_key {
                    (best, best_key) = (p as u32, key);
                }
            }
        }
        (best != u32::MAX).then_some((best, (best_key >> 42) as i64))
    }

    /// Begins a level at slot `depth` on primary item `p`: takes one of
    /// its bound, covering it at 0, and lists its live options as the
    /// level's moves.
    #[inline(always)]
    fn begin_level<const W: usize>(&mut self, depth: usize, p: u32, score: u32) {
        let w = if W == 0 { self.words } else { W };
        let base = depth * self.slot_words;
        let b = &mut self.bounds[p as usize];
        *b -= 1;
        let bound = *b;
        let uses = &self.uses[p as usize * w..(p as usize + 1) * w];
        let live = &self.slots[base..base + w];
        self.lists.extend(uses.iter().zip(live).map(|(u, l)| u & l));
        if bound == 0 {
            self.cover_in::<W>(base, p as usize);
        }
        self.levels.push(Level {
            item: p,
            bound,
            slack: self.slack[p as usize],
            choice: NONE,
            score,
            tried: 0,
        });
    }

    /// The next move of the level at `depth` (an option, or [`NONE`] for
    /// the null move), tweaking it as DLX3 does; `None` when the level is
    /// done.
    #[inline(always)]
    fn next_move<const W: usize>(&mut self, depth: usize, level: Level) -> Option<u32> {
        if level.choice == NONE && level.tried > 0 {
            // The null move is always the last.
            return None;
        }
        let w = if W == 0 { self.words } else { W };
        let base = depth * self.slot_words;
        let cand = depth * w;
        let list = &self.lists[cand..cand + w];
        let first = list
            .iter()
            .position(|&x| x != 0)
            .map(|k| (k * 64) as u32 + list[k].trailing_zeros());
        let Level { bound, slack, .. } = level;
        if bound == 0 && slack == 0 {
            let x = first?;
            self.lists[cand + x as usize / 64] &= !(1 << (x % 64));
            return Some(x);
        }
        let len: u32 = list.iter().map(|x| x.count_ones()).sum();
        if i64::from(len) <= i64::from(bound) - i64::from(slack) {
            return None;
        }
        let Some(x) = first else {
            if bound != 0 {
                let p = level.item as usize;
                self.slots[base + w + p / 64] &= !(1 << (p % 64));
            }
            return Some(NONE);
        };
        let (word, bit) = (x as usize / 64, 1u64 << (x % 64));
        self.lists[cand + word] &= !bit;
        self.updates += 1;
        if bound != 0 {
            self.slots[base + word] &= !bit;
            self.updates += self.hidden[x as usize];
        }
        Some(x)
    }

    /// Commits, in slot `depth`, the items of option `x` other than
    /// `item` (the level's): a primary item's bound drops, and the item is
    /// covered at 0; a secondary item is covered.
    #[inline(always)]
    fn commit_others<const W: usize>(&mut self, depth: usize, item: u32, x: u32) {
        let base = depth * self.slot_words;
        let (start, sec, end) = self.members_of(x);
        for m in start..sec {
            let p = self.members[m];
            if p == item {
                continue;
            }
            let b = &mut self.bounds[p as usize];
            *b -= 1;
            if *b == 0 {
                self.cover_in::<W>(base, p as usize);
            }
        }
        for m in sec..end {
            let s = self.members[m] as usize;
            self.cover_in::<W>(base, s);
        }
    }

    /// Undoes [`Self::commit_others`]' bounds (its slot is dropped whole).
    #[inline(always)]
    fn uncommit_others(&mut self, item: u32, x: u32) {
        let (start, sec, _) = self.members_of(x);
        for m in start..sec {
            let p = self.members[m];
            if p != item {
                self.bounds[p as usize] += 1;
            }
        }
    }

    /// Where option `x`'s primary items, its secondary items and its end
    /// are in `members`.
    #[inline(always)]
    fn members_of(&self, x: u32) -> (usize, usize, usize) {
        let x = x as usize;
        (
            self.starts[x] as usize,
            self.sec_starts[x] as usize,
            self.starts[x + 1] as usize,
        )
    }

    /// Covers item `n` (a primary number, or `primary` plus a secondary
    /// number) in the slot at `base`: its live options are cleared, and a
    /// primary item leaves the active set.
    #[inline(always)]
    fn cover_in<const W: usize>(&mut self, base: usize, n: usize) {
        let w = if W == 0 { self.words } else { W };
        let uses = &self.uses[n * w..(n + 1) * w];
        let live = &mut self.slots[base..base + w];
        let mut hidden = 0;
        match &self.sizes {
            None => {
                for (k, (l, &u)) in live.iter_mut().zip(uses).enumerate() {
                    let mut cleared = *l & u;
                    *l &= !u;
                    while cleared != 0 {
                        hidden += self.hidden[k * 64 + cleared.trailing_zeros() as usize];
                        cleared &= cleared - 1;
                    }
                }
            }
            Some(sizes) => {
                for (k, (l, &u)) in live.iter_mut().zip(uses).enumerate() {
                    let cleared = *l & u;
                    *l &= !u;
                    for (weight, options) in sizes {
                        hidden += weight * u64::from((cleared & options[k]).count_ones());
                    }
                }
            }
        }
        self.updates += 1 + hidden;
        if n < self.primary {
            self.slots[base + w + n / 64] &= !(1 << (n % 64));
        }
    }

    /// Fills `chosen` with the current path's options and `path` with each
    /// level's (position, moves).
    fn read_path(&mut self) {
        self.chosen.clear();
        self.path.clear();
        for level in &self.levels {
            if level.choice != NONE {
                self.chosen.push(level.choice);
            }
            let moves = level.score.max(level.tried);
            self.path.push((level.tried.saturating_sub(1), moves));
        }
    }

    /// Enters a path of the tree: only the root (the empty path), since
    /// the tree is never split.
    pub(super) fn goto(&mut self, prefix: &[OptionId]) -> Result<(), ForceError> {
        match prefix {
            [] => Ok(()),
            _ => Err(ForceError::Multiplicities),
        }
    }
}

/// Where the search loop goes next: DLX3's `forward`, and its `advance`
/// (which, with nothing to undo, also does `backdown` and `backup`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Forward,
    Advance,
}

fn primary_count(problem: &Problem) -> usize {
    problem
        .kinds
        .iter()
        .filter(|&&k| k == ItemKind::Primary)
        .count()
}

/// [`super::bits::size_classes`] without the sizes that hide nothing,
/// which add nothing to the count.
fn size_classes(hidden: &[u64], words: usize) -> Option<Vec<(u64, Vec<u64>)>> {
    let mut sizes = super::bits::size_classes(hidden, words)?;
    sizes.retain(|(w, _)| *w != 0);
    Some(sizes)
}

#[cfg(test)]
mod tests;
