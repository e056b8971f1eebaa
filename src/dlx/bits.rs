//! Algorithm X on bit sets: the same search as the dancing links, for
//! problems small enough that a bit per option beats a node per entry.
//!
//! The state of a level is three bit sets in one vector of words: the
//! *active* options (those compatible with every option chosen so far),
//! the *live* words of that set (a bit per word that is not zero), and the
//! *open* primary items (not yet covered). Choosing option `x` clears the
//! active options that share an item with `x` (a word-wide `AND NOT`
//! against `x`'s precomputed clash set, or against each of its items' sets
//! of options when clash sets would be too large), visiting live words
//! only. The branching item is found by counting each open item's active
//! options with `POPCNT`, giving up on an item as soon as it cannot win.
//! Undoing a level copies back the state saved when it was entered: at
//! most [`MAX_STATE_BYTES`] bytes ([`BitMatrix::fits`]), one `memcpy`
//! where the links walk every hidden node again. A level whose item has
//! one option has nothing left to try: the plain search steps back past
//! it, and on the general path does not save it.
//!
//! # Same tree as the links
//!
//! The branching rule is the links' own: the first primary item (in the
//! order added) with the fewest active options, its options tried in the
//! order added. The bits need not number the options in that order: on
//! the general path they follow the options sorted by their items where
//! that packs each item's options into fewer words ([`option_order`]),
//! and each level lists the options it will try, in the order added. So
//! both engines visit the same nodes in the same order and
//! report the same [`Stats`]: a node per level entered, solutions
//! included, and DLX1's updates, one per item covered and one per entry of
//! a cleared option other than the one in the list it was cleared
//! through (the nodes DLX1 would have unlinked). Tests compare the two on
//! random problems, statistics included.
//!
//! # Invariants
//!
//! * An active option contains no covered item: covering an item clears
//!   every option that uses it.
//! * A word's live bit is set exactly when the word of the active set is
//!   not zero; except inside a search with a few words ([`few_words`]),
//!   which looks at every word, never reads the live set, and leaves it
//!   as the search found it (restored, with the rest of the state, on
//!   return).
//! * Bit `k` of a set of options stands for option `original[k]`, and
//!   option `o` for bit `internal[o]`; every table indexed by option is
//!   in bit order. [`OptionId`]s cross the API in the order added.
//! * Outside a search the state is the one left by the forced options;
//!   every search returns to it however it ends.
//! * During the plain search, every level on the current path whose item
//!   has more than one option holds its saved state, and `resume[d]` is
//!   the deepest such level above depth `d` (or none): the only levels a
//!   step back may load.
//!
//! # Counting with a memo
//!
//! [`BitMatrix::count_with_memo`] walks the same tree but keeps, for each
//! level it finishes, its count under the set of items covered there
//! ([`MemoTable`]), and adds that count instead of searching again when
//! another path covers the same items. Invariant: an entry's count is the
//! exact number of solutions of its subproblem (levels cut short by a
//! limit are never stored), whatever options were forced when it was
//! made, so a table stays valid across calls on the same problem.
//!
//! Colors are not handled here: a problem with a colored secondary item
//! runs on the links ([`BitMatrix::fits`] says no).

use super::builder::{BuildError, MAX_NODES, Problem};
#[cfg(target_arch = "x86_64")]
use super::isa::Isa;
use super::memo::MemoTable;
use super::search::{
    ForceError, Outcome, Progress, ReadBack, Search, SearchLimits, Solution, Stats, TicksOnly,
    solution_cap,
};
#[cfg(test)]
use super::{Engine, EngineKind};
use super::{ItemId, ItemKind, OptionId, Visitor};
pub(super) use tables::size_classes;
use tables::{OptionTables, clash_sets, item_masks, option_order, word_sets};

/// No option: the end of an item's options at a level.
const NONE: u32 = u32::MAX;

/// The most state per level (active, live and open sets) that
/// [`BitMatrix::fits`] accepts, in bytes: beyond it, copying the state at
/// every node costs more than the links' undo.
const MAX_STATE_BYTES: usize = 4096;

/// The least clash density (see [`BitMatrix::fits`]) at which the bit
/// sets beat the links: measured on n queens (about `3.3 / n`), where the
/// two cross near n = 18.
const MIN_CLASH_DENSITY: f64 = 0.2;

/// The most memory the clash sets of [`BitMatrix::clashes`] may take.
const MAX_CLASH_BYTES: usize = 4 << 20;

/// The most words of the open set for which each option keeps the set of
/// its primary items ([`BitMatrix::prim_masks`]).
const MAX_MASK_WORDS: usize = 2;

/// The most option sizes for which the update count goes by popcounts.
const SIZE_CLASSES: usize = 4;

/// A compiled problem for the bit-set search: its tables (compiled once,
/// read by every search), the state its forced options leave, and the
/// search's levels (scratch that each search overwrites).
#[derive(Clone, Debug)]
pub(crate) struct BitMatrix {
    /// What the build compiled; never changed after it.
    tables: Tables,
    /// The current state: `words` words of active options, `word_words`
    /// of live words, `open_words` of open primary items.
    state: Vec<u64>,
    /// Options forced so far, in order; from `path_from` on, the levels of
    /// a path entered by `goto`.
    forced: Vec<u32>,
    /// Where the path of `goto` starts in `forced`.
    path_from: usize,
    /// The state before each level of that path, `state.len()` words a
    /// level, so that going to another option of a level is one copy.
    path_saved: Vec<u64>,
    /// Updates since the matrix was built, counted as DLX1 counts them.
    updates: u64,
    /// The levels of the search under way (or the last one).
    levels: Levels,
}

/// The compiled tables of a [`BitMatrix`], which no search or forcing
/// changes.
#[derive(Clone, Debug)]
struct Tables {
    /// Words per bit set of options.
    words: usize,
    /// Words per set of words (the live set and each item's word set).
    word_words: usize,
    /// For each item (by [`ItemId`]), the options that contain it:
    /// `words` words each.
    uses: Vec<u64>,
    /// For each item, the words of its `uses` that are not zero:
    /// `word_words` words each.
    item_words: Vec<u64>,
    /// Items of option `k`: `items[starts[k]..starts[k + 1]]`.
    items: Vec<u32>,
    starts: Vec<u32>,
    /// Primary numbers of the primary items of option `k`:
    /// `prims[prim_starts[k]..prim_starts[k + 1]]`.
    prims: Vec<u32>,
    prim_starts: Vec<u32>,
    /// The [`ItemId`] of each primary number; primary items are numbered
    /// in the order added, as the links number their headers.
    prim_item: Vec<u32>,
    /// The `uses` of each primary item by primary number (`words` words
    /// each), so that counting reads one array in order.
    prim_uses: Vec<u64>,
    /// The `item_words` of each primary item by primary number.
    prim_item_words: Vec<u64>,
    /// With at most `64 * MAX_MASK_WORDS` primary items: for each option,
    /// the bits of its primary numbers (as many words as the open set);
    /// empty with more.
    prim_masks: Vec<u64>,
    /// The options by size, when there are at most [`SIZE_CLASSES`] sizes:
    /// the entries a cleared option of that size hides (its size less one)
    /// and the options of that size; empty when there are more sizes. Lets
    /// the update count add popcounts instead of visiting cleared options.
    sizes: Vec<(u64, Vec<u64>)>,
    /// The entries a cleared option hides when all options have one size
    /// (the one entry of `sizes`), so that commits need not look.
    uniform: Option<u64>,
    /// For each option, the options that share an item with it (itself
    /// included), `words` words each, when they take at most
    /// [`MAX_CLASH_BYTES`]; empty otherwise, and options are cleared item
    /// by item.
    clashes: Vec<u64>,
    /// The option (its [`OptionId`]) that each bit of a set of options
    /// stands for, and back: the bits number the options in the order of
    /// [`option_order`], not in the order added.
    original: Vec<u32>,
    internal: Vec<u32>,
    /// Whether that order is not the order added.
    reordered: bool,
    /// The state with nothing forced.
    #[cfg_attr(not(feature = "unstable"), allow(dead_code))] // used through `__unstable`
    built: Vec<u64>,
}

/// A [`BitMatrix`] search's levels: what each depth saved, branched on and
/// chose, and the options still to try. Scratch, grown as the search
/// deepens and overwritten by the next search.
#[derive(Clone, Debug)]
struct Levels {
    /// The state saved at each search level (grown as the search deepens):
    /// `state.len()` words a level, for as many levels as `branch` and
    /// `chosen` hold; a level is saved before anything reads it.
    saved: Vec<u64>,
    /// The item branched on at each level, and the option chosen there.
    branch: Vec<u32>,
    /// The primary number last branched on, or found without options, at
    /// each depth: the item [`Self::choose`] counts first there.
    hints: Vec<u32>,
    /// For each option (by bit), the primary number found without options
    /// the last time a node was entered by choosing it, or [`NONE`]: the
    /// item [`Self::choose`] first tests for options there.
    dead_hints: Vec<u32>,
    chosen: Vec<u32>,
    /// Whether each level was entered without saving its state (its item
    /// had one active option, on the general path: [`Self::enter`]), so
    /// that [`Self::path_at`] does not read a stale copy.
    one_option: Vec<bool>,
    /// For each depth on the current path of [`Self::search_from`], the
    /// level to step back to once its node is done: the deepest level
    /// above it with more than one option, or [`NONE`] at the root of
    /// the search. One longer than the other tables of levels.
    resume: Vec<u32>,
    /// The options to try at each level: the active options of the item
    /// branched on there, in the order added (by [`OptionId`]), as bits.
    /// Level `d`'s are `tries[try_end[d - 1]..try_end[d]]` (from 0 for
    /// `d = 0`), and `tries[try_pos[d]]` is the one tried now.
    tries: Vec<u32>,
    try_pos: Vec<u32>,
    try_end: Vec<u32>,
}

/// The `W` of a search whose sets of options take at most 64 words (4,096
/// options), however many: their number is read from `self`, as with
/// `W = 0`, but the live set is known to be one word, so its loops go.
/// A marker, not a count: 64 is the most words such a search may have.
const ONE_LIVE_WORD: usize = 64;

/// Whether `W` fixes the number of words of a set of options (1 to 4),
/// with at most 64 primary items.
#[inline(always)]
const fn few_words<const W: usize>() -> bool {
    W > 0 && W != ONE_LIVE_WORD
}

/// The words of `state` a search with `W` words keeps: all of them, which
/// with a few words ([`few_words`]) are `W + 2`, as a slice of that
/// constant length, so that indexing it needs no bounds checks.
#[inline(always)]
fn state_words<const W: usize>(state: &[u64]) -> &[u64] {
    if few_words::<W>() {
        debug_assert_eq!(state.len(), W + 2);
        // SAFETY: `by_words!` runs a search with a few words only on a
        // state of `W + 2` words, and the state never changes length.
        unsafe { state.get_unchecked(..W + 2) }
    } else {
        state
    }
}

/// [`state_words`], mutable.
#[inline(always)]
fn state_words_mut<const W: usize>(state: &mut [u64]) -> &mut [u64] {
    if few_words::<W>() {
        debug_assert_eq!(state.len(), W + 2);
        // SAFETY: as in `state_words`.
        unsafe { state.get_unchecked_mut(..W + 2) }
    } else {
        state
    }
}

/// Calls `$self.$method::<.., W>($args)` with `W` the number of words of
/// a set of options where it is at most 4 and the state is `W + 2` words
/// (at most 64 primary items, so the open set is one word);
/// [`ONE_LIVE_WORD`] where the live set is one word; or 0.
macro_rules! by_words {
    ($self:ident, $method:ident::<$v:ty>($($arg:expr),*)) => {
        match ($self.tables.words, $self.state.len() == $self.tables.words + 2) {
            (1, true) => $self.$method::<$v, 1>($($arg),*),
            (2, true) => $self.$method::<$v, 2>($($arg),*),
            (3, true) => $self.$method::<$v, 3>($($arg),*),
            (4, true) => $self.$method::<$v, 4>($($arg),*),
            _ if $self.tables.word_words == 1 => $self.$method::<$v, ONE_LIVE_WORD>($($arg),*),
            _ => $self.$method::<$v, 0>($($arg),*),
        }
    };
}

/// Rows `rows` of `table` (`width` words a row), in that order.
fn rows_of(table: &[u64], width: usize, rows: &[u32]) -> Vec<u64> {
    rows.iter()
        .flat_map(|&r| &table[r as usize * width..][..width])
        .copied()
        .collect()
}

/// One level of [`BitMatrix::count_with_memo`]'s search.
#[derive(Clone, Copy, Debug)]
struct MemoLevel {
    /// Solutions counted under the level so far (at most the run's
    /// total, so an add that does not overflow the total cannot overflow
    /// this).
    counted: u128,
    /// The node count when the level was entered.
    entered: u64,
    /// Whether the memo is on for the level's children (see
    /// [`MemoTable::trial_bits`]), and how their lookups went: how many,
    /// and the nodes their hits saved.
    memo_on: bool,
    lookups: u64,
    saved: u64,
}

impl Default for MemoLevel {
    fn default() -> Self {
        Self {
            counted: 0,
            entered: 0,
            memo_on: true,
            lookups: 0,
            saved: 0,
        }
    }
}

/// A set of `n` bits, all set.
fn full_set(n: usize) -> Vec<u64> {
    let mut set = vec![!0u64; n.div_ceil(64)];
    if !n.is_multiple_of(64) {
        set[n / 64] = (1u64 << (n % 64)) - 1;
    }
    set
}

/// Counts the updates of cleared options (see [`BitMatrix::sizes`]).
struct Counter<'m> {
    sizes: &'m [(u64, Vec<u64>)],
    starts: &'m [u32],
    /// The entries each option hides when all have one size
    /// ([`BitMatrix::uniform`]).
    uniform: Option<u64>,
}

impl Counter<'_> {
    /// [`Self::hidden`] summed over words `0..W`, `hits[w]` in word `w`.
    #[inline(always)]
    fn hidden_in<const W: usize>(&self, hits: &[u64; W]) -> u64 {
        if let Some(entries) = self.uniform {
            let options: u32 = hits.iter().map(|h| h.count_ones()).sum();
            return u64::from(options) * entries;
        }
        (0..W).map(|w| self.hidden(w, hits[w])).sum()
    }

    /// The number of items of option `k`.
    #[inline(always)]
    fn size(&self, k: usize) -> u64 {
        match self.uniform {
            Some(entries) => entries + 1,
            None => u64::from(self.starts[k + 1] - self.starts[k]),
        }
    }

    /// The entries DLX1 would unlink for the options of `hit`, those of
    /// word `w` (each option's size less one).
    #[inline(always)]
    fn hidden(&self, w: usize, mut hit: u64) -> u64 {
        if let Some(entries) = self.uniform {
            // Options of one size: no need to tell them apart.
            return u64::from(hit.count_ones()) * entries;
        }
        let mut hidden = 0;
        if self.sizes.is_empty() {
            while hit != 0 {
                let o = w * 64 + hit.trailing_zeros() as usize;
                hit &= hit - 1;
                hidden += u64::from(self.starts[o + 1] - self.starts[o] - 1);
            }
        } else {
            for (entries, of_size) in self.sizes {
                hidden += u64::from((hit & of_size[w]).count_ones()) * entries;
            }
        }
        hidden
    }
}

/// Clears the active options of `set` in the live words (those among
/// `within`, a set of words, if given), keeping `live` exact; returns the
/// updates of the options cleared that are not among `lead_uses`.
/// With a few words fixed (see [`few_words`]), every word is looked at,
/// without branches on the live set.
#[inline(always)]
fn clear<const W: usize>(
    active: &mut [u64],
    live: &mut [u64],
    within: Option<&[u64]>,
    set: &[u64],
    lead_uses: Option<&[u64]>,
    count: &Counter<'_>,
) -> u64 {
    let mut hidden = 0;
    if few_words::<W>() {
        for w in 0..W {
            let hit = active[w] & set[w];
            if hit != 0 {
                active[w] &= !hit;
                hidden += count.hidden(w, hit & !lead_uses.map_or(0, |u| u[w]));
                if active[w] == 0 {
                    live[0] &= !(1 << w);
                }
            }
        }
        return hidden;
    }
    let words = active.len();
    assert!(set.len() == words && lead_uses.is_none_or(|u| u.len() == words));
    for (s, l) in live.iter_mut().enumerate() {
        let mut bits = *l & within.map_or(!0, |within| within[s]);
        while bits != 0 {
            let bit = bits.trailing_zeros();
            bits &= bits - 1;
            let w = s * 64 + bit as usize;
            debug_assert!(w < words);
            // SAFETY: a live bit is set only for a word of the active set
            // (see the module's invariants), and `set` and `lead_uses`
            // have as many words, as just asserted.
            let a = unsafe { active.get_unchecked_mut(w) };
            let hit = *a & unsafe { *set.get_unchecked(w) };
            // No branches on the data: which words the set hits, and which
            // it empties, follow no pattern a predictor could learn (they
            // cost a misprediction a node on the pentominoes).
            *a &= !hit;
            *l &= !(u64::from(*a == 0) << bit);
            let lead = lead_uses.map_or(0, |u| unsafe { *u.get_unchecked(w) });
            hidden += count.hidden(w, hit & !lead);
        }
    }
    hidden
}

impl BitMatrix {
    /// Whether `problem` suits the bit-set search: no colors, a state of
    /// at most 4 KiB (about 32,000 options), and dense clashes: on
    /// average, an option shares an item with at least a fifth of all
    /// options (counting an option once per item it shares). Clearing and
    /// counting then visit a word per 64 options where the links visit
    /// every clashing entry, and the bit sets win; with sparse clashes
    /// (queens above 16, Sudoku) the links touch less.
    pub(crate) fn fits(problem: &Problem) -> bool {
        if !Self::can_hold(problem) {
            return false;
        }
        let options = problem.option_count();
        let mut lens = vec![0u64; problem.kinds.len()];
        for &(item, _) in &problem.entries {
            lens[item as usize] += 1;
        }
        let clashes: u64 = problem.entries.iter().map(|&(i, _)| lens[i as usize]).sum();
        let options = options as f64;
        options == 0.0 || clashes as f64 >= MIN_CLASH_DENSITY * options * options
    }

    /// Whether this engine takes `problem` well at all: no colors, no
    /// multiplicities, no preferred items, no propagation, and a state of at most 4 KiB
    /// (about 32,000 options), whether or not the links would be faster
    /// ([`BitMatrix::fits`]).
    pub(crate) fn can_hold(problem: &Problem) -> bool {
        if problem.has_multiplicities() || problem.preferred() > 0 || problem.asks_propagation() {
            return false;
        }
        let options = problem.option_count();
        let primary = problem
            .kinds
            .iter()
            .filter(|&&k| k == ItemKind::Primary)
            .count();
        let words = options.div_ceil(64);
        let small = (words + words.div_ceil(64) + primary.div_ceil(64)) * 8 <= MAX_STATE_BYTES;
        small && problem.entries.iter().all(|&(_, color)| color == 0)
    }

    /// Compiles `problem`; fails on colors or multiplicities, which this
    /// engine does not handle (see [`BitMatrix::fits`]), or on a problem too large to
    /// number.
    pub(crate) fn build(problem: &Problem) -> Result<Self, BuildError> {
        Self::build_with(problem, MAX_CLASH_BYTES, 0, false)
    }

    /// [`BitMatrix::build`], with clash sets only if they take at most
    /// `clash_bytes`, and at least `min_words` words per set of options
    /// (zero words past the options change nothing but which code runs:
    /// tests use it to reach the general path with small problems). With
    /// `always_sort`, the general path numbers the options in sorted order
    /// even where it spreads them no less ([`option_order`]), so that tests
    /// reach that numbering with small problems.
    fn build_with(
        problem: &Problem,
        clash_bytes: usize,
        min_words: usize,
        always_sort: bool,
    ) -> Result<Self, BuildError> {
        if problem.entries.iter().any(|&(_, color)| color != 0) {
            return Err(BuildError::Colored);
        }
        if problem.has_multiplicities() {
            return Err(BuildError::MultiplicitiesOnBits);
        }
        problem.links_only()?;
        let n_items = problem.kinds.len();
        let n_options = problem.option_count();
        if n_items + problem.entries.len() + n_options >= MAX_NODES {
            return Err(BuildError::TooLarge);
        }
        let words = n_options.div_ceil(64).max(min_words);
        let word_words = words.div_ceil(64);
        let mut prim_of = vec![NONE; n_items];
        let mut prim_item = Vec::new();
        for (item, kind) in problem.kinds.iter().enumerate() {
            if *kind == ItemKind::Primary {
                prim_of[item] = prim_item.len() as u32;
                prim_item.push(item as u32);
            }
        }
        // With a few words (see `by_words!`) every word is counted anyway.
        let few_words = words <= 4 && (1..=64).contains(&prim_item.len());
        let original = if few_words {
            (0..n_options as u32).collect()
        } else {
            option_order(problem, &prim_of, words, always_sort)
        };
        let mut internal = vec![0u32; n_options];
        for (k, &o) in original.iter().enumerate() {
            internal[o as usize] = k as u32;
        }
        let reordered = original.iter().enumerate().any(|(k, &o)| k as u32 != o);
        let OptionTables {
            uses,
            items,
            starts,
            prims,
            prim_starts,
        } = OptionTables::new(problem, &original, &prim_of, words);
        let item_words = word_sets(&uses, n_items, words, word_words);
        let hides: Vec<u64> = starts
            .windows(2)
            .map(|s| u64::from(s[1] - s[0] - 1))
            .collect();
        let sizes = size_classes(&hides, words).unwrap_or_default();
        let clashes = if n_options * words * 8 <= clash_bytes {
            clash_sets(&uses, &items, &starts, words)
        } else {
            Vec::new()
        };
        let open = full_set(prim_item.len());
        let prim_masks = if (1..=MAX_MASK_WORDS).contains(&open.len()) {
            item_masks(&prims, &prim_starts, open.len())
        } else {
            Vec::new()
        };
        let prim_item_words = rows_of(&item_words, word_words, &prim_item);
        let prim_uses = rows_of(&uses, words, &prim_item);
        let mut state = full_set(n_options);
        state.resize(words, 0);
        state.extend(full_set(words));
        state.resize(words + word_words, 0);
        state.extend(&open);
        let uniform = match sizes.as_slice() {
            [(entries, _)] => Some(*entries),
            _ => None,
        };
        Ok(Self {
            tables: Tables {
                words,
                word_words,
                uses,
                item_words,
                items,
                starts,
                prims,
                prim_starts,
                prim_item,
                prim_uses,
                prim_item_words,
                prim_masks,
                uniform,
                sizes,
                clashes,
                original,
                internal,
                reordered,
                built: state.clone(),
            },
            state,
            forced: Vec::new(),
            path_from: 0,
            path_saved: Vec::new(),
            updates: 0,
            levels: Levels {
                saved: Vec::new(),
                branch: Vec::new(),
                hints: Vec::new(),
                dead_hints: vec![NONE; n_options],
                chosen: Vec::new(),
                one_option: Vec::new(),
                resume: Vec::new(),
                tries: Vec::new(),
                try_pos: Vec::new(),
                try_end: Vec::new(),
            },
        })
    }

    /// Number of options.
    pub(crate) fn option_count(&self) -> usize {
        self.tables.starts.len() - 1
    }

    /// Link updates since the matrix was built, as the links would have
    /// counted them (see the module docs).
    pub(crate) fn updates(&self) -> u64 {
        self.updates
    }

    fn option_items(&self, k: u32) -> &[u32] {
        &self.tables.items
            [self.tables.starts[k as usize] as usize..self.tables.starts[k as usize + 1] as usize]
    }

    fn is_active(&self, k: u32) -> bool {
        self.state[k as usize / 64] & (1 << (k % 64)) != 0
    }

    /// Chooses option `k` (which must be active): clears every active
    /// option that shares an item with it, itself included, and covers its
    /// primary items. `lead` is the item branched on (or [`NONE`] for a
    /// forced option); the links cover it once per level, not once per
    /// option tried, so the updates of its options count only when
    /// `count_lead`.
    #[inline(always)]
    fn commit<const W: usize>(&mut self, k: u32, lead: u32, count_lead: bool) {
        if few_words::<W>() && lead != NONE && !self.tables.clashes.is_empty() {
            return self.commit_in_few_words::<W>(k, lead, count_lead);
        }
        let k = k as usize;
        let (words, ww) = self.sizes_of::<W>();
        let (first, end) = (
            self.tables.starts[k] as usize,
            self.tables.starts[k + 1] as usize,
        );
        // Fields borrowed apart, so that the loops below index plain slices.
        let Self {
            tables:
                Tables {
                    uses,
                    item_words,
                    items,
                    starts,
                    prims,
                    prim_starts,
                    prim_masks,
                    sizes,
                    uniform,
                    clashes,
                    ..
                },
            state,
            ..
        } = self;
        let (active, rest) = state.split_at_mut(words);
        let (live, open) = rest.split_at_mut(ww);
        let count = Counter {
            sizes,
            starts,
            uniform: *uniform,
        };
        let mut updates = (end - first) as u64;
        let lead_uses = (lead != NONE).then(|| &uses[lead as usize * words..][..words]);
        if let Some(lead_uses) = lead_uses {
            if count_lead {
                let lead_words = &item_words[lead as usize * ww..][..ww];
                for (s, (&l, &iw)) in live.iter().zip(lead_words).enumerate() {
                    let mut bits = l & iw;
                    while bits != 0 {
                        let w = s * 64 + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        updates += count.hidden(w, active[w] & lead_uses[w]);
                    }
                }
            } else {
                updates -= 1;
            }
        }
        if clashes.is_empty() {
            for &item in &items[first..end] {
                let item = item as usize;
                let within = Some(&item_words[item * ww..][..ww]);
                let set = &uses[item * words..][..words];
                updates += clear::<W>(active, live, within, set, lead_uses, &count);
            }
        } else {
            let set = &clashes[k * words..][..words];
            updates += clear::<W>(active, live, None, set, lead_uses, &count);
        }
        if let Some(mask) = prim_masks.get(k * open.len()..(k + 1) * open.len()) {
            for (o, m) in open.iter_mut().zip(mask) {
                *o &= !m;
            }
        } else {
            for &p in &prims[prim_starts[k] as usize..prim_starts[k + 1] as usize] {
                open[p as usize / 64] &= !(1 << (p % 64));
            }
        }
        self.updates += updates;
    }

    /// [`Self::commit`] in a search with `W` (not 0) words of options, at
    /// most 64 primary items and clash sets: each word looked at once, in
    /// registers. The live set is left alone: nothing in such a search
    /// reads it (see the module's invariants), and keeping it cost 6% of
    /// the instructions on queens13.
    #[inline(always)]
    fn commit_in_few_words<const W: usize>(&mut self, k: u32, lead: u32, count_lead: bool) {
        let k = k as usize;
        let (clashes, uses) = (
            self.tables.clashes.as_chunks::<W>().0,
            self.tables.uses.as_chunks::<W>().0,
        );
        debug_assert!(k < clashes.len() && (lead as usize) < uses.len());
        // SAFETY: `k` is an active option, so below the number of options,
        // which is the number of clash sets; `lead` is an item, and `uses`
        // has a set for each.
        let (clash, lead_uses) =
            unsafe { (clashes.get_unchecked(k), uses.get_unchecked(lead as usize)) };
        let state = state_words_mut::<W>(&mut self.state);
        let mut active = [0u64; W];
        active.copy_from_slice(&state[..W]);
        // The options whose entries the links would unlink: the cleared
        // ones outside the lead's list, and the lead's own (once a
        // level). The lead is one of `k`'s items, so its active options
        // are all in `k`'s clash set: the cleared set, less the lead's
        // options unless they count.
        let keep_lead = 0u64.wrapping_sub(u64::from(count_lead));
        let mut hidden = [0u64; W];
        for w in 0..W {
            let hit = active[w] & clash[w];
            debug_assert_eq!(active[w] & lead_uses[w] & !hit, 0);
            hidden[w] = hit & (keep_lead | !lead_uses[w]);
            active[w] &= !hit;
        }
        state[..W].copy_from_slice(&active);
        // SAFETY: `k` is an option (as above), and with one word of open
        // items there is one mask per option.
        state[W + 1] &= !unsafe { *self.tables.prim_masks.get_unchecked(k) };
        // Options of one size (n queens) need neither table: with empty
        // slices the `Counter` stays in registers (built from the tables
        // it went through the stack, 14 M instructions on queens13).
        let count = match self.tables.uniform {
            Some(entries) => Counter {
                sizes: &[],
                starts: &[],
                uniform: Some(entries),
            },
            None => Counter {
                sizes: &self.tables.sizes,
                starts: &self.tables.starts,
                uniform: None,
            },
        };
        self.updates += count.size(k) - u64::from(!count_lead) + count.hidden_in(&hidden);
    }
}

mod force;
mod memo;
mod search;
mod tables;

#[cfg(test)]
mod tests;
