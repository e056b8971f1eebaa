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

use super::builder::{BuildError, Problem};
use super::matrix::{COVERED, ForceError};
use super::memo::MemoTable;
use super::search::{
    Outcome, Progress, SearchLimits, Searcher, Solution, Stats, TicksOnly, solution_cap,
};
#[cfg(test)]
use super::{Engine, EngineKind};
use super::{ItemId, ItemKind, OptionId, Visitor};

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

/// A compiled problem for the bit-set search.
#[derive(Clone, Debug)]
pub struct BitMatrix {
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
    /// The current state: `words` words of active options, `word_words`
    /// of live words, `open_words` of open primary items.
    state: Vec<u64>,
    /// The state with nothing forced.
    built: Vec<u64>,
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
        match ($self.words, $self.state.len() == $self.words + 2) {
            (1, true) => $self.$method::<$v, 1>($($arg),*),
            (2, true) => $self.$method::<$v, 2>($($arg),*),
            (3, true) => $self.$method::<$v, 3>($($arg),*),
            (4, true) => $self.$method::<$v, 4>($($arg),*),
            _ if $self.word_words == 1 => $self.$method::<$v, ONE_LIVE_WORD>($($arg),*),
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

/// The entries of option `k` of `problem`.
fn option_entries(problem: &Problem, k: u32) -> &[(u32, u32)] {
    let start = match k {
        0 => 0,
        _ => problem.option_ends[k as usize - 1] as usize,
    };
    &problem.entries[start..problem.option_ends[k as usize] as usize]
}

/// The order in which the bit sets number the options of `problem`
/// (`words` words a set): the options sorted by their items (each
/// option's item numbers ascending, compared as words), unless the order
/// added clusters the primary items' options into fewer words.
///
/// Counting an item's options costs a `POPCNT` per word that holds one
/// of them, and most nodes count a dozen items or more. Sorted, the
/// options of an item that comes first in many options sit side by side,
/// and those of the items after it in runs: on the pentominoes the
/// search counts 39% fewer words (106 million against 175 million) and
/// runs 20% faster. The tree is the same: an item's options are still
/// tried in the order added ([`BitMatrix::tries`]), and which item is
/// branched on depends only on which options are active.
fn option_order(problem: &Problem, prim_of: &[u32], words: usize, always_sort: bool) -> Vec<u32> {
    let n = problem.option_count() as u32;
    let added: Vec<u32> = (0..n).collect();
    let keys: Vec<Vec<u32>> = added
        .iter()
        .map(|&k| {
            let mut key: Vec<u32> = option_entries(problem, k).iter().map(|e| e.0).collect();
            key.sort_unstable();
            key
        })
        .collect();
    let mut sorted = added.clone();
    // Stable: options with the same items keep the order added.
    sorted.sort_by(|&a, &b| keys[a as usize].cmp(&keys[b as usize]));
    // The words that hold some option of each primary item.
    let prims = prim_of.iter().filter(|&&p| p != NONE).count();
    let spread = |order: &[u32]| {
        let mut seen = vec![0u64; (prims * words).div_ceil(64)];
        for (bit, &k) in order.iter().enumerate() {
            for &(item, _) in option_entries(problem, k) {
                let p = prim_of[item as usize];
                if p != NONE {
                    let at = p as usize * words + bit / 64;
                    seen[at / 64] |= 1 << (at % 64);
                }
            }
        }
        seen.iter().map(|w| w.count_ones()).sum::<u32>()
    };
    if always_sort || spread(&sorted) < spread(&added) {
        sorted
    } else {
        added
    }
}

/// The instruction sets the searches are compiled for (x86-64), best
/// first. The source is the same; the compiler makes each count of bits
/// one `POPCNT`, and with [`Isa::V3`] also clears a lowest bit in one
/// `BLSR` and copies a level's state in one 256-bit move (queens13,
/// cachegrind: 614 M instructions with POPCNT alone, 569 M with V3).
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Isa {
    /// The x86-64-v3 level's bit and vector instructions: POPCNT, BMI1,
    /// BMI2, LZCNT, AVX and AVX2 (Haswell, Zen and later).
    V3,
    /// POPCNT alone.
    Popcnt,
    /// Plain x86-64.
    Baseline,
}

#[cfg(target_arch = "x86_64")]
impl Isa {
    /// The best the processor has (each feature checked once, then cached
    /// by `std`).
    fn detect() -> Self {
        use std::arch::is_x86_feature_detected as has;
        if has!("popcnt")
            && has!("bmi1")
            && has!("bmi2")
            && has!("lzcnt")
            && has!("avx")
            && has!("avx2")
        {
            Isa::V3
        } else if has!("popcnt") {
            Isa::Popcnt
        } else {
            Isa::Baseline
        }
    }
}

/// Defines `$v3` and `$popcnt`, methods that run `$portable` compiled
/// for [`Isa::V3`] and for [`Isa::Popcnt`]: the same code, the compiler
/// free to use each set's instructions. Unsafe to call where the
/// processor lacks them.
macro_rules! isa_copies {
    ($portable:ident: $v3:ident, $popcnt:ident($($arg:ident: $ty:ty),* $(,)?)) => {
        /// The portable code compiled for [`Isa::V3`].
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,avx,avx2")]
        unsafe fn $v3<V: Visitor>(&mut self, $($arg: $ty),*) -> (Outcome, Stats) {
            self.$portable($($arg),*)
        }

        /// The portable code compiled for [`Isa::Popcnt`].
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "popcnt")]
        unsafe fn $popcnt<V: Visitor>(&mut self, $($arg: $ty),*) -> (Outcome, Stats) {
            self.$portable($($arg),*)
        }
    };
}

/// Runs the copy of a method ([`isa_copies!`]) for the best instruction
/// set the processor has.
macro_rules! by_isa {
    ($self:ident, $v3:ident, $popcnt:ident, $portable:ident($($arg:expr),*)) => {{
        #[cfg(target_arch = "x86_64")]
        match Isa::detect() {
            // SAFETY: the processor has each instruction set, as detected.
            Isa::V3 => return unsafe { $self.$v3($($arg),*) },
            Isa::Popcnt => return unsafe { $self.$popcnt($($arg),*) },
            Isa::Baseline => {}
        }
        $self.$portable($($arg),*)
    }};
}

impl BitMatrix {
    /// Whether `problem` suits the bit-set search: no colors, a state of
    /// at most 4 KiB (about 32,000 options), and dense clashes: on
    /// average, an option shares an item with at least a fifth of all
    /// options (counting an option once per item it shares). Clearing and
    /// counting then visit a word per 64 options where the links visit
    /// every clashing entry, and the bit sets win; with sparse clashes
    /// (queens above 16, Sudoku) the links touch less.
    pub fn fits(problem: &Problem) -> bool {
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
    /// multiplicities, and a state of at most 4 KiB (about 32,000
    /// options), whether or not the links would be faster
    /// ([`BitMatrix::fits`]).
    pub fn can_hold(problem: &Problem) -> bool {
        if problem.has_multiplicities() {
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
    pub fn build(problem: &Problem) -> Result<Self, BuildError> {
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
        let n_items = problem.kinds.len();
        let n_options = problem.option_count();
        if n_items + problem.entries.len() + n_options >= COVERED as usize {
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
        let mut uses = vec![0u64; n_items * words];
        let mut items = Vec::with_capacity(problem.entries.len());
        let mut starts = Vec::with_capacity(n_options + 1);
        let mut prims = Vec::new();
        let mut prim_starts = Vec::with_capacity(n_options + 1);
        starts.push(0);
        prim_starts.push(0);
        for (k, &o) in original.iter().enumerate() {
            for &(item, _) in option_entries(problem, o) {
                uses[item as usize * words + k / 64] |= 1 << (k % 64);
                items.push(item);
                if prim_of[item as usize] != NONE {
                    prims.push(prim_of[item as usize]);
                }
            }
            starts.push(items.len() as u32);
            prim_starts.push(prims.len() as u32);
        }
        let mut item_words = vec![0u64; n_items * word_words];
        for i in 0..n_items {
            let set = &uses[i * words..(i + 1) * words];
            for (w, _) in set.iter().enumerate().filter(|(_, u)| **u != 0) {
                item_words[i * word_words + w / 64] |= 1 << (w % 64);
            }
        }
        let mut sizes: Vec<(u64, Vec<u64>)> = Vec::new();
        for k in 0..n_options {
            let hides = u64::from(starts[k + 1] - starts[k] - 1);
            let class = match sizes.iter().position(|(h, _)| *h == hides) {
                Some(c) => c,
                None => {
                    sizes.push((hides, vec![0; words]));
                    sizes.len() - 1
                }
            };
            sizes[class].1[k / 64] |= 1 << (k % 64);
        }
        if sizes.len() > SIZE_CLASSES {
            sizes.clear();
        }
        let mut clashes = Vec::new();
        if n_options * words * 8 <= clash_bytes {
            clashes = vec![0u64; n_options * words];
            for k in 0..n_options {
                let clash = &mut clashes[k * words..(k + 1) * words];
                for &item in &items[starts[k] as usize..starts[k + 1] as usize] {
                    let uses = &uses[item as usize * words..(item as usize + 1) * words];
                    for (c, u) in clash.iter_mut().zip(uses) {
                        *c |= u;
                    }
                }
            }
        }
        let open = full_set(prim_item.len());
        let mut prim_masks = Vec::new();
        if (1..=MAX_MASK_WORDS).contains(&open.len()) {
            prim_masks = vec![0u64; n_options * open.len()];
            for (k, mask) in prim_masks.chunks_exact_mut(open.len()).enumerate() {
                for &p in &prims[prim_starts[k] as usize..prim_starts[k + 1] as usize] {
                    mask[p as usize / 64] |= 1 << (p % 64);
                }
            }
        }
        let prim_item_words = rows_of(&item_words, word_words, &prim_item);
        let prim_uses = rows_of(&uses, words, &prim_item);
        let mut state = full_set(n_options);
        state.resize(words, 0);
        state.extend(full_set(words));
        state.resize(words + word_words, 0);
        state.extend(&open);
        Ok(Self {
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
            uniform: match sizes.as_slice() {
                [(entries, _)] => Some(*entries),
                _ => None,
            },
            sizes,
            clashes,
            original,
            internal,
            reordered,
            built: state.clone(),
            state,
            forced: Vec::new(),
            path_from: 0,
            path_saved: Vec::new(),
            updates: 0,
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
        if few_words::<W>() && lead != NONE && !self.clashes.is_empty() {
            return self.commit_in_few_words::<W>(k, lead, count_lead);
        }
        let k = k as usize;
        let (words, ww) = self.sizes_of::<W>();
        let (first, end) = (self.starts[k] as usize, self.starts[k + 1] as usize);
        // Fields borrowed apart, so that the loops below index plain slices.
        let Self {
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
            self.clashes.as_chunks::<W>().0,
            self.uses.as_chunks::<W>().0,
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
        state[W + 1] &= !unsafe { *self.prim_masks.get_unchecked(k) };
        // Options of one size (n queens) need neither table: with empty
        // slices the `Counter` stays in registers (built from the tables
        // it went through the stack, 14 M instructions on queens13).
        let count = match self.uniform {
            Some(entries) => Counter {
                sizes: &[],
                starts: &[],
                uniform: Some(entries),
            },
            None => Counter {
                sizes: &self.sizes,
                starts: &self.starts,
                uniform: None,
            },
        };
        self.updates += count.size(k) - u64::from(!count_lead) + count.hidden_in(&hidden);
    }

    // --- Forcing options -------------------------------------------------

    /// Puts option `k` into every later solution, as
    /// [`Matrix::force`](super::Matrix::force) does. Fails, changing
    /// nothing, if `k` clashes with an option forced before. A path
    /// entered by `goto` is left first.
    pub fn force(&mut self, k: OptionId) -> Result<(), ForceError> {
        self.unforce_to(self.path_from);
        self.force_here(k)?;
        self.path_from = self.forced.len();
        Ok(())
    }

    /// Enters `prefix`, a path of the search tree below the options forced
    /// so far, as `Matrix::goto`(super::Matrix::goto) does: the levels
    /// it shares with the path entered before stay, and the first level
    /// that differs is put back by one copy of the state saved before it,
    /// not by committing every forced option again. The options count as
    /// forced until the next `goto` or [`Self::unforce_to`]; the updates
    /// are in no search's statistics. Unlike the links, does not check
    /// that each option is in the list of the item the search would
    /// branch on (the state is the same either way).
    pub(super) fn goto(&mut self, prefix: &[OptionId]) -> Result<(), ForceError> {
        let from = self.path_from;
        let n = self.state.len();
        let mut common = 0;
        while common < prefix.len()
            && from + common < self.forced.len()
            && self.internal.get(prefix[common].0 as usize) == Some(&self.forced[from + common])
        {
            common += 1;
        }
        if from + common < self.forced.len() {
            let saved = &self.path_saved[common * n..(common + 1) * n];
            self.state.copy_from_slice(saved);
            self.forced.truncate(from + common);
            self.path_saved.truncate(common * n);
        }
        for &k in &prefix[common..] {
            let len = self.path_saved.len();
            self.path_saved.extend_from_slice(&self.state);
            if let Err(e) = self.force_here(k) {
                self.path_saved.truncate(len);
                return Err(e);
            }
        }
        Ok(())
    }

    /// [`Self::force`] on top of whatever is forced, path or not.
    fn force_here(&mut self, k: OptionId) -> Result<(), ForceError> {
        let Some(&bit) = self.internal.get(k.0 as usize) else {
            return Err(ForceError::UnknownOption(k));
        };
        if !self.is_active(bit) {
            let mine = self.option_items(bit);
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
        self.commit::<0>(bit, NONE, true);
        self.forced.push(bit);
        Ok(())
    }

    /// Forces each option of `options` in turn; on a clash, undoes the ones
    /// this call forced and reports the clash.
    pub fn force_all(&mut self, options: &[OptionId]) -> Result<(), ForceError> {
        self.force_each(options)
    }

    /// The options forced so far, in the order forced.
    pub fn forced(&self) -> impl Iterator<Item = OptionId> + '_ {
        self.forced.iter().map(|&k| self.option_id(k))
    }

    /// The option that bit `k` of a set of options stands for.
    pub(super) fn option_id(&self, k: u32) -> OptionId {
        OptionId(self.original[k as usize])
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
        let n = self.state.len();
        self.path_saved
            .truncate(len.saturating_sub(self.path_from) * n);
        self.path_from = self.path_from.min(len);
        let keep: Vec<u32> = self.forced[..len].to_vec();
        self.state.copy_from_slice(&self.built);
        self.forced.clear();
        let updates = self.updates;
        for k in keep {
            self.commit::<0>(k, NONE, true);
            self.forced.push(k);
        }
        self.updates = updates;
    }

    /// Unforces every forced option.
    pub fn restore(&mut self) {
        self.unforce_to(0);
    }

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
    fn hints<const W: usize>(&mut self, depth: usize) -> (u32, u32) {
        if few_words::<W>() {
            return (NONE, NONE);
        }
        if self.hints.len() <= depth {
            self.hints.resize(depth + 1, NONE);
        }
        let dead = match depth.checked_sub(1) {
            // `chosen[depth - 1]` is the option that led here, a bit of a
            // set of options, and `dead_hints` has an entry for each.
            Some(up) => self.dead_hints[self.chosen[up] as usize],
            None => NONE,
        };
        (self.hints[depth], dead)
    }

    /// Records `p` as the item chosen at `depth`, or found there without
    /// options when `dead` (see [`Self::hints`]).
    #[inline(always)]
    fn set_hint<const W: usize>(&mut self, depth: usize, p: u32, dead: bool) {
        if few_words::<W>() {
            return;
        }
        self.hints[depth] = p;
        if let Some(up) = depth.checked_sub(1).filter(|_| dead) {
            self.dead_hints[self.chosen[up] as usize] = p;
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
        debug_assert!(depth + 1 < self.resume.len() && depth < self.branch.len());
        // SAFETY: `grow` grew `resume` to hold level `depth + 1`, and
        // `branch` to hold level `depth`.
        unsafe {
            *self.branch.get_unchecked_mut(depth) = item;
            let up = *self.resume.get_unchecked(depth);
            // Without a branch: whether a level has one option follows no
            // pattern (a branch here missed 428,000 times on queens13).
            let back = std::hint::select_unpredictable(count > 1, depth as u32, up);
            *self.resume.get_unchecked_mut(depth + 1) = back;
        }
        // With a few words a copy costs less than the branch that would
        // skip it: the state is saved anyway, and only the step back
        // passes over the level.
        if count == 1 && !few_words::<W>() {
            // SAFETY: `grow` grew `one_option` to hold level `depth`.
            *unsafe { self.one_option.get_unchecked_mut(depth) } = true;
        } else {
            self.save_grown::<W>(depth);
        }
    }

    /// Grows the tables of levels to hold level `depth` (and `resume` to
    /// hold `depth + 1`). `resume` is always at least one longer than
    /// `branch` once `branch` holds a level, so one check does for both.
    #[inline(always)]
    fn grow<const W: usize>(&mut self, depth: usize) {
        if self.branch.len() <= depth {
            let n = self.state_len::<W>();
            self.saved.resize((depth + 1) * n, 0);
            self.branch.resize(depth + 1, 0);
            self.chosen.resize(depth + 1, 0);
            self.try_pos.resize(depth + 1, 0);
            self.try_end.resize(depth + 1, 0);
            self.one_option.resize(depth + 1, false);
            if self.resume.len() <= depth + 1 {
                self.resume.resize(depth + 2, NONE);
            }
        }
        debug_assert!(self.resume.len() > self.branch.len());
    }

    /// Saves the state as level `depth`'s.
    #[inline(always)]
    fn save<const W: usize>(&mut self, depth: usize) {
        self.grow::<W>(depth);
        self.save_grown::<W>(depth);
    }

    /// [`Self::save`] where the tables already hold level `depth`.
    #[inline(always)]
    fn save_grown<const W: usize>(&mut self, depth: usize) {
        let n = self.state_len::<W>();
        debug_assert!(depth < self.one_option.len());
        // With a few words no level is left unsaved, so the flag is never
        // set (`grow` starts it false).
        if !few_words::<W>() {
            // SAFETY: `grow` grew `one_option` to hold level `depth`.
            *unsafe { self.one_option.get_unchecked_mut(depth) } = false;
        }
        // `saved` holds `state.len()` words a level (`n` is that length in
        // every search), for as many levels as `branch`.
        debug_assert!(self.saved.len() >= (depth + 1) * n);
        // SAFETY: `saved` was just grown to hold level `depth`.
        let saved = unsafe { self.saved.get_unchecked_mut(depth * n..(depth + 1) * n) };
        saved.copy_from_slice(state_words::<W>(&self.state));
    }

    /// Restores the state saved as level `depth`'s.
    #[inline(always)]
    fn load<const W: usize>(&mut self, depth: usize) {
        let n = self.state_len::<W>();
        debug_assert!(depth < self.branch.len());
        // SAFETY: level `depth` was saved before (the search loads only
        // levels it saved), so `saved` holds it.
        let saved = unsafe { self.saved.get_unchecked(depth * n..(depth + 1) * n) };
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
            let uses = self.uses.as_chunks::<W>().0;
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
        let uses = &self.uses[item * words..][..words];
        let item_words = &self.item_words[item * ww..][..ww];
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
    fn first_try<const W: usize>(&mut self, depth: usize, item: u32, count: u32) -> u32 {
        // A few words are never reordered (see `build_with`).
        if few_words::<W>() || !self.reordered {
            // Bits in the order added: the first bit set is the first.
            return self.next_option::<W>(item, NONE);
        }
        let start = depth
            .checked_sub(1)
            .map_or(0, |up| self.try_end[up] as usize);
        let end = start + count as usize;
        if self.tries.len() < end {
            self.tries.resize(end, 0);
        }
        let item = item as usize;
        let (words, ww) = self.sizes_of::<W>();
        let uses = &self.uses[item * words..][..words];
        let (active, live) = self.state[..words + ww].split_at(words);
        let tries = &mut self.tries[start..end];
        let mut n = 0;
        let mut take = |w: usize, mut hit: u64| {
            while hit != 0 {
                tries[n] = (w * 64) as u32 + hit.trailing_zeros();
                hit &= hit - 1;
                n += 1;
            }
        };
        let item_words = &self.item_words[item * ww..][..ww];
        for (s, (&l, &iw)) in live.iter().zip(item_words).enumerate() {
            let mut bits = l & iw;
            while bits != 0 {
                let w = s * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                take(w, active[w] & uses[w]);
            }
        }
        debug_assert_eq!(n, count as usize, "the count of the item branched on");
        let original = &self.original;
        tries.sort_unstable_by_key(|&k| original[k as usize]);
        let first = tries[0];
        self.try_pos[depth] = start as u32;
        self.try_end[depth] = end as u32;
        first
    }

    /// The next option to try at level `depth` (see [`Self::first_try`])
    /// after `chosen[depth]`, or [`NONE`] when all have been tried.
    #[inline(always)]
    fn next_try<const W: usize>(&mut self, depth: usize) -> u32 {
        debug_assert!(depth < self.branch.len());
        if few_words::<W>() || !self.reordered {
            // SAFETY: level `depth` was saved, so `branch` and `chosen`
            // (grown with `try_pos` and `try_end`) hold it.
            let (item, chosen) = unsafe {
                (
                    *self.branch.get_unchecked(depth),
                    *self.chosen.get_unchecked(depth),
                )
            };
            return self.next_option::<W>(item, chosen);
        }
        // SAFETY: as above.
        let (pos, end) = unsafe {
            let pos = self.try_pos.get_unchecked_mut(depth);
            *pos += 1;
            (*pos, *self.try_end.get_unchecked(depth))
        };
        if pos < end {
            self.tries[pos as usize]
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
        debug_assert!(p < self.prim_item.len());
        // SAFETY: `p` is a primary number (an open one, or the hint checked
        // open), and `prim_uses` and `prim_item_words` hold `words` and
        // `ww` words for each.
        let (uses, item_words) = unsafe {
            (
                self.prim_uses.get_unchecked(p * words..(p + 1) * words),
                self.prim_item_words.get_unchecked(p * ww..(p + 1) * ww),
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
    fn choose<const W: usize>(&self, hint: u32, dead: u32) -> Option<(u32, u32)> {
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
        let (uses, _) = self.prim_uses.as_chunks::<W>();
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
    pub(super) fn path_at(&self, depth: usize) -> (u32, u32) {
        if self.one_option[depth] {
            return (0, 1);
        }
        if self.reordered {
            let start = depth.checked_sub(1).map_or(0, |up| self.try_end[up]);
            return (self.try_pos[depth] - start, self.try_end[depth] - start);
        }
        let (w, n) = (self.words, self.state.len());
        let item = self.branch[depth] as usize;
        let saved = &self.saved[depth * n..depth * n + w];
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
    /// visitor calls. Restores the state before returning. Runs compiled
    /// for the best instruction set the processor has (on x86-64: the
    /// x86-64-v3 level's bit and vector instructions, or POPCNT alone, or
    /// neither).
    pub fn search<V: Visitor>(
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

    /// Runs the search with the number of words fixed at compile time
    /// where it is small (the loops over words unrolled), or read from
    /// `self` (`W = 0`).
    #[inline(always)]
    fn search_portable<V: Visitor>(
        &mut self,
        visitor: &mut V,
        limits: SearchLimits,
    ) -> (Outcome, Stats) {
        by_words!(self, search_words::<V>(visitor, limits))
    }

    /// The number of words of the active set and of the live set: `W`
    /// and 1 with a few words (see [`few_words`]).
    #[inline(always)]
    fn sizes_of<const W: usize>(&self) -> (usize, usize) {
        match W {
            0 => (self.words, self.word_words),
            ONE_LIVE_WORD => (self.words, 1),
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
    fn search_from<V: Visitor, const W: usize>(
        &mut self,
        visitor: &mut V,
        limits: SearchLimits,
        base: usize,
    ) -> (Outcome, Stats) {
        let updates_before = self.updates;
        let mut stats = Stats::default();
        // The state to return to: that of the forced options.
        let home = (base == 0).then(|| self.state.clone());
        if self.resume.len() <= base {
            self.resume.resize(base + 1, NONE);
        }
        // Nothing to step back to above the root.
        self.resume[base] = NONE;
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
                    let solution = Solution::of_bits(self, &self.chosen[..depth]);
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
                        let progress = Progress::of_bits(self, &self.chosen[..depth], stats);
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
                        let progress = Progress::of_bits(self, &self.chosen[..depth], stats);
                        if visitor.tick(&progress).is_break() {
                            break 'search Outcome::Stopped;
                        }
                    }
                    debug_assert!((p as usize) < self.prim_item.len());
                    // SAFETY: `choose` returns a primary number.
                    item = unsafe { *self.prim_item.get_unchecked(p as usize) };
                    self.enter::<W>(depth, item, count);
                    x = self.first_try::<W>(depth, item, count);
                    first_try = true;
                }
            }
            loop {
                if x != NONE {
                    debug_assert!(depth < self.chosen.len());
                    // SAFETY: level `depth` was saved (here or before its
                    // step back), so `chosen` holds it.
                    unsafe { *self.chosen.get_unchecked_mut(depth) = x };
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
    fn step_up<const W: usize>(&mut self, depth: &mut usize) -> Option<(u32, u32)> {
        *depth = depth.checked_sub(1)?;
        self.resume_at::<W>(*depth)
    }

    /// Back to the deepest level above `depth` that has options left to
    /// try, passing over levels with one option ([`Self::enter`]): its
    /// state restored, the next option of its item, as (item, option);
    /// `None` when there is none below the root of the search.
    #[inline(always)]
    fn step_back<const W: usize>(&mut self, depth: &mut usize) -> Option<(u32, u32)> {
        debug_assert!(*depth < self.resume.len());
        // SAFETY: `resume` holds an entry for every depth on the current
        // path: the search's root's set as it starts, each other's when
        // the level above was entered.
        let up = *unsafe { self.resume.get_unchecked(*depth) };
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
        let item = unsafe { *self.branch.get_unchecked(depth) };
        Some((item, self.next_try::<W>(depth)))
    }

    // --- Counting with a memo ----------------------------------------------

    /// Counts solutions as [`Self::search`] does, but searches each
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
    pub fn count_with_memo<V: Visitor>(
        &mut self,
        visitor: &mut V,
        limits: SearchLimits,
        memo: &mut MemoTable,
    ) -> (Outcome, Stats) {
        let items = self.uses.len() / self.words.max(1);
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
    fn count_memo_portable<V: Visitor>(
        &mut self,
        visitor: &mut V,
        limits: SearchLimits,
        memo: &mut MemoTable,
    ) -> (Outcome, Stats) {
        by_words!(self, count_memo_words::<V>(visitor, limits, memo))
    }

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
                let progress = Progress::of_bits(self, &self.chosen[..depth], stats);
                if visitor.tick(&progress).is_break() {
                    break 'search Outcome::Stopped;
                }
            }
            let (mut item, mut x, mut first_try);
            let (hint, dead) = self.hints::<W>(depth);
            match self.choose::<W>(hint, dead) {
                Some((p, count)) if count > 0 => {
                    self.set_hint::<W>(depth, p, false);
                    item = self.prim_item[p as usize];
                    self.save::<W>(depth);
                    self.branch[depth] = item;
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
                            self.chosen[depth] = x;
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
                    debug_assert!(depth < self.chosen.len());
                    // SAFETY: level `depth` was saved (here or before its
                    // step back), so `chosen` holds it.
                    unsafe { *self.chosen.get_unchecked_mut(depth) = x };
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

#[cfg(test)]
mod tests;
