//! Counts of finished subproblems, for counting with a memo.
//!
//! Under a set of chosen options, what is left to solve depends only on
//! the items they cover: the options still usable are those that touch
//! none of them, and the primary items still to cover are the others. So
//! two search paths that cover the same items lead to the same subproblem
//! with the same number of solutions, and a count needs to search it only
//! once. This is the memo of Knuth's Algorithm Z (TAOCP 7.2.2.1, "dancing
//! links with memos"), keyed as he keys it, by the set of covered items.
//!
//! [`MemoTable`] maps such sets (a fixed number of words each) to the
//! number of solutions under them (128 bits: see `Stats::solutions`) and
//! the nodes their search took. It is
//! an open-addressing hash table with linear probing that grows by
//! doubling while it stays within a byte budget, and then stops taking new
//! entries (the counts it has stay exact; only hits are lost).
//!
//! # Invariants
//!
//! * A slot is `key_words` words of key, the count's low and high words,
//!   then the node count. It is empty exactly when its node count is 0;
//!   entries are stored only with at least one node.
//! * At most three quarters of the slots are full, so a probe always meets
//!   an empty slot.

use super::Problem;

/// Slots of a new table (grown by doubling as it fills).
const FIRST_SLOTS: usize = 1 << 10;

/// Where a slot's node count lies, after its key; the count's two words
/// lie just before it.
const NODES: usize = 2;

/// See [`MemoTable::trial_bits`].
pub(crate) const TRIAL_BITS: u32 = 10;

/// The default budget of a count's memo.
pub const DEFAULT_MEMO_BYTES: usize = 256 << 20;

/// Counts of subproblems by the set of items covered (see the module docs).
#[derive(Clone, Debug)]
pub(crate) struct MemoTable {
    /// Words per key.
    key_words: usize,
    /// Words per slot: the key, then the count (two words), then the nodes.
    slot_words: usize,
    slots: Vec<u64>,
    /// Number of slots less one (a power of two less one).
    mask: usize,
    len: usize,
    max_bytes: usize,
    /// Lookups of a depth's children after which a count judges whether
    /// the memo pays there: `2^trial_bits`, then every power of two after.
    trial_bits: u32,
}

impl MemoTable {
    /// An empty table for keys of `key_words` words, which will take at
    /// most `max_bytes` bytes (at least one small table's worth).
    pub(crate) fn new(key_words: usize, max_bytes: usize) -> Self {
        let slot_words = key_words + NODES + 1;
        let fit = (max_bytes / (slot_words * 8)).max(2);
        // The largest power of two that fits, at most FIRST_SLOTS.
        let slots = FIRST_SLOTS.min(1 << (usize::BITS - 1 - fit.leading_zeros()));
        Self {
            key_words,
            slot_words,
            slots: vec![0; slots * slot_words],
            mask: slots - 1,
            len: 0,
            max_bytes,
            trial_bits: TRIAL_BITS,
        }
    }

    /// Lookups of a depth's children after which a count first judges
    /// whether the memo pays there (`2^bits`), then at every power of two.
    pub(crate) fn trial_bits(&self) -> u32 {
        self.trial_bits
    }

    /// This table, judged after `2^bits` lookups instead of
    /// `2^`[`TRIAL_BITS`]; tests set it low to switch the memo off and on
    /// at every depth.
    pub(crate) fn with_trial_bits(mut self, bits: u32) -> Self {
        self.trial_bits = bits;
        self
    }

    /// An empty table for the sets of items of `problem`, which will take
    /// at most `max_bytes` bytes.
    pub(crate) fn for_problem(problem: &Problem, max_bytes: usize) -> Self {
        Self::for_items(problem.item_count(), max_bytes)
    }

    /// An empty table for sets of `items` items, which will take at most
    /// `max_bytes` bytes.
    pub(crate) fn for_items(items: usize, max_bytes: usize) -> Self {
        Self::new(Self::key_words_for(items), max_bytes)
    }

    /// Words of a key for sets of `items` items (at least one).
    pub(crate) fn key_words_for(items: usize) -> usize {
        items.div_ceil(64).max(1)
    }

    /// Words per key.
    pub(crate) fn key_words(&self) -> usize {
        self.key_words
    }

    /// The most bytes the table may take.
    pub(crate) fn max_bytes(&self) -> usize {
        self.max_bytes
    }

    /// Number of entries.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Bytes the table takes now.
    #[cfg(test)]
    pub(crate) fn bytes(&self) -> usize {
        self.slots.len() * 8
    }

    fn hash(key: &[u64]) -> usize {
        let mut h = 0u64;
        for &w in key {
            h = (h ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            h ^= h >> 29;
        }
        h as usize
    }

    /// The slot holding `key`, or the empty slot where it would go.
    fn find(&self, key: &[u64]) -> usize {
        let mut slot = Self::hash(key) & self.mask;
        loop {
            let s = &self.slots[slot * self.slot_words..][..self.slot_words];
            if s[self.key_words + NODES] == 0 || &s[..self.key_words] == key {
                return slot;
            }
            slot = (slot + 1) & self.mask;
        }
    }

    /// The count and nodes stored for `key`, if any.
    #[inline]
    pub(crate) fn get(&self, key: &[u64]) -> Option<(u128, u64)> {
        debug_assert_eq!(key.len(), self.key_words);
        let s = &self.slots[self.find(key) * self.slot_words..][..self.slot_words];
        let (low, high, nodes) = (
            s[self.key_words],
            s[self.key_words + 1],
            s[self.key_words + NODES],
        );
        (nodes != 0).then_some(((u128::from(high) << 64) | u128::from(low), nodes))
    }

    /// Stores `count` and `nodes` (at least 1) for `key`, growing the
    /// table if the budget allows; returns whether it was stored (a full
    /// table at its budget takes nothing new).
    pub(crate) fn insert(&mut self, key: &[u64], count: u128, nodes: u64) -> bool {
        debug_assert!(nodes > 0 && key.len() == self.key_words);
        if (self.len + 1) * 4 > (self.mask + 1) * 3 && !self.grow() {
            return false;
        }
        let slot = self.find(key);
        let s = &mut self.slots[slot * self.slot_words..][..self.slot_words];
        if s[self.key_words + NODES] == 0 {
            self.len += 1;
        }
        s[..self.key_words].copy_from_slice(key);
        s[self.key_words] = count as u64;
        s[self.key_words + 1] = (count >> 64) as u64;
        s[self.key_words + NODES] = nodes;
        true
    }

    /// Doubles the slots, if that stays within the budget.
    fn grow(&mut self) -> bool {
        let slots = (self.mask + 1) * 2;
        if slots * self.slot_words * 8 > self.max_bytes {
            return false;
        }
        let old = std::mem::replace(&mut self.slots, vec![0; slots * self.slot_words]);
        self.mask = slots - 1;
        for s in old.chunks_exact(self.slot_words) {
            if s[self.key_words + NODES] != 0 {
                let slot = self.find(&s[..self.key_words]);
                self.slots[slot * self.slot_words..][..self.slot_words].copy_from_slice(s);
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn agrees_with_a_hash_map_while_growing() {
        let mut table = MemoTable::new(2, 1 << 20);
        let mut map = HashMap::new();
        let mut x = 1u64;
        for i in 0..20_000u64 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Few distinct keys, so that some are stored again.
            let key = [x % 5_000, (x >> 40) % 3];
            // Counts past 2^64 too: both words are kept.
            let count = u128::from(i) << (i % 80);
            assert!(table.insert(&key, count, i % 7 + 1));
            map.insert(key, (count, i % 7 + 1));
        }
        assert_eq!(table.len(), map.len());
        for (key, want) in &map {
            assert_eq!(table.get(key), Some(*want));
        }
        assert_eq!(table.get(&[5_001, 0]), None);
    }

    #[test]
    fn stops_taking_entries_at_its_budget() {
        // Five words a slot: at most 512 slots in 32 KiB, 384 entries.
        let mut table = MemoTable::new(2, 32 << 10);
        let stored = (0..2_000u64)
            .filter(|&k| table.insert(&[k, 0], k.into(), 1))
            .count();
        assert_eq!(stored, 384);
        assert!(table.bytes() <= 32 << 10);
        assert_eq!(table.get(&[383, 0]), Some((383, 1)));
        assert_eq!(table.get(&[1_999, 0]), None);
        // A tiny budget still gives a usable table.
        let mut tiny = MemoTable::new(3, 0);
        assert!(tiny.insert(&[1, 2, 3], u128::MAX, 5));
        assert_eq!(tiny.get(&[1, 2, 3]), Some((u128::MAX, 5)));
    }
}
