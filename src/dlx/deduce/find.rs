//! The pattern finders of the rules that remove options: intersections
//! and subsets (naked, hidden, and fish: a subset between two classes
//! neither of which is the places). Each looks for the first pattern, in
//! item order, that removes something and that its caller accepts, and
//! says what it removes without changing the state: the rating applies
//! every pattern it finds, the explained path ([`super::ladder`]) only
//! those that make the step it looks for (a *direct* one leaves a hidden
//! single).
//!
//! Invariant: a [`Found`]'s `removed` are alive options, in increasing
//! order, none of which any solution of the state uses.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use super::{Deducer, MAX_SUBSET, Reach, Small, State};

/// A set of item classes: bit `c` for class `c` (classes 0 to 63).
pub(crate) type Classes = u64;

/// Every class.
pub(crate) const ALL_CLASSES: Classes = u64::MAX;

/// Whether a pattern (in a state, with its items and removals) makes the
/// step looked for.
pub(super) type Accept<'a> = dyn FnMut(&Deducer, &State, &[u32], &[u32]) -> bool + 'a;

/// Whether `set` has `class`.
pub(super) fn has(set: Classes, class: u8) -> bool {
    class < 64 && (set >> class) & 1 == 1
}

/// A pattern found: its items (as [`super::Step::items`] lists them) and
/// the options it removes.
#[derive(Clone, Debug, Default)]
pub(super) struct Found {
    pub items: Vec<u32>,
    pub removed: Vec<u32>,
}

/// What a subset search came to.
pub(super) enum SubsetFound {
    /// A subset that removes something: whether its items are the places
    /// (naked), its `k` items then the `k` items their options lie within,
    /// and what it removes.
    Subset { from: u8, found: Found },
    /// `k` items whose options reach fewer than `k` others: no solution.
    Contradiction,
}

/// A subset search's candidates, and for each target item the candidates
/// that reach it.
struct Sets<'a> {
    reach: &'a [Reach],
    by_target: &'a [Vec<u32>],
}

impl Deducer {
    /// The first intersection, item `a` of a class in `a_classes` and `b`
    /// of a class in `b_classes`, that removes something and that
    /// `accept` takes (given the state and the removals).
    pub(super) fn find_intersection(
        &self,
        s: &State,
        a_classes: Classes,
        b_classes: Classes,
        accept: &mut Accept<'_>,
    ) -> Option<Found> {
        let mut removed = Vec::new();
        for a in 0..self.primary as u32 {
            if s.covered[a as usize]
                || s.len[a as usize] < 2
                || !has(a_classes, self.class[a as usize])
            {
                continue;
            }
            let first = self.alive_options(s, a).next().expect("len >= 2");
            for &b in self.option(first) {
                if b == a
                    || !has(b_classes, self.class[b as usize])
                    || !self.alive_options(s, a).all(|k| self.covers(k, b))
                {
                    continue;
                }
                removed.clear();
                removed.extend(self.alive_options(s, b).filter(|&k| !self.covers(k, a)));
                if !removed.is_empty() && accept(self, s, &[a, b], &removed) {
                    return Some(Found {
                        items: vec![a, b],
                        removed,
                    });
                }
            }
        }
        None
    }

    /// The first subset of size `k` between a class of `from` and another
    /// of `to` (pairs of classes in increasing order) that removes
    /// something and that `accept` takes, or a contradiction.
    pub(super) fn find_subset(
        &mut self,
        s: &State,
        k: usize,
        from: Classes,
        to: Classes,
        accept: &mut Accept<'_>,
    ) -> Option<SubsetFound> {
        // The classes are few (for Sudoku, 4 to 8): index them, as the
        // search borrows the deducer mutably.
        for a in 0..self.classes.len() {
            let f = self.classes[a];
            if !has(from, f) {
                continue;
            }
            for b in 0..self.classes.len() {
                let t = self.classes[b];
                if has(to, t)
                    && t != f
                    && let Some(found) = self.subset_between(s, k, f, t, accept)
                {
                    return Some(found);
                }
            }
        }
        None
    }

    /// [`Self::find_subset`] with `S` of class `from` and `T` of class
    /// `to`.
    pub(super) fn subset_between(
        &mut self,
        s: &State,
        k: usize,
        from: u8,
        to: u8,
        accept: &mut Accept<'_>,
    ) -> Option<SubsetFound> {
        // Candidates: uncovered primary items of class `from` with 2..=k
        // options, each option reaching an item of class `to`, and at most
        // k such items in all.
        let mut reach = std::mem::take(&mut self.reach);
        reach.clear();
        'items: for a in 0..self.primary as u32 {
            let len = s.len[a as usize] as usize;
            if self.class[a as usize] != from || s.covered[a as usize] || !(2..=k).contains(&len) {
                continue;
            }
            let mut targets = Small::default();
            for opt in self.alive_options(s, a) {
                let mut reached = false;
                for &t in self.option(opt) {
                    if self.class[t as usize] == to {
                        reached = true;
                        if !targets.insert(t, k) {
                            continue 'items;
                        }
                    }
                }
                if !reached {
                    continue 'items;
                }
            }
            reach.push(Reach { item: a, targets });
        }
        let mut found = None;
        if reach.len() >= k {
            let mut by_target = std::mem::take(&mut self.by_target);
            for (c, r) in reach.iter().enumerate() {
                for &t in r.targets.as_slice() {
                    by_target[t as usize].push(c as u32);
                }
            }
            let sets = Sets {
                reach: &reach,
                by_target: &by_target,
            };
            let mut seen = std::mem::take(&mut self.seen);
            seen.clear();
            for (c, r) in reach.iter().enumerate() {
                let members = Small {
                    len: 1,
                    items: [c as u32; MAX_SUBSET],
                };
                if let Some(result) = self.grow(s, k, &sets, members, r.targets, &mut seen, accept)
                {
                    found = Some(match result {
                        Some(found) => SubsetFound::Subset { from, found },
                        None => SubsetFound::Contradiction,
                    });
                    break;
                }
            }
            for r in &reach {
                for &t in r.targets.as_slice() {
                    by_target[t as usize].clear();
                }
            }
            self.by_target = by_target;
            self.seen = seen;
        }
        self.reach = reach;
        found
    }

    /// Extends `members` (candidate indices, the first the smallest), one
    /// candidate at a time through a target already reached, to `k`
    /// members whose targets `union` stay within `k` items; gives the
    /// first such subset that removes something and is accepted
    /// (`Some(None)`: a contradiction). Only connected sets are grown: a
    /// set that splits into parts with separate targets removes only what
    /// its parts (smaller subsets, or singles) remove.
    #[allow(clippy::too_many_arguments)]
    fn grow(
        &self,
        s: &State,
        k: usize,
        sets: &Sets<'_>,
        members: Small,
        union: Small,
        seen: &mut Seen,
        accept: &mut Accept<'_>,
    ) -> Option<Option<Found>> {
        // A set reached before in another order was grown (or tried) then,
        // with nothing found: the first order found is the one kept. Worth
        // its hashing for quads (up to 6 orders of each set), not below.
        if k == MAX_SUBSET && !seen.insert(Self::set_key(members)) {
            return None;
        }
        if members.len == k {
            return self.subset_removals(s, sets, members, union, accept);
        }
        let first = members.items[0];
        let union_targets = union.as_slice();
        for (at, &t) in union_targets.iter().enumerate() {
            for &c in &sets.by_target[t as usize] {
                if c <= first || members.contains(c) {
                    continue;
                }
                let targets = sets.reach[c as usize].targets.as_slice();
                // Each candidate once, through the first target of the
                // union it reaches: through another, it grows to the same
                // set again.
                if union_targets[..at].iter().any(|u| targets.contains(u)) {
                    continue;
                }
                let mut wider = union;
                if !targets.iter().all(|&u| wider.insert(u, k)) {
                    continue;
                }
                let mut more = members;
                more.insert(c, k);
                if let Some(result) = self.grow(s, k, sets, more, wider, seen, accept) {
                    return Some(result);
                }
            }
        }
        None
    }

    /// `members` as a set: its indices sorted, in one number ([`Seen`]).
    fn set_key(members: Small) -> u128 {
        let mut key = [u32::MAX; MAX_SUBSET];
        key[..members.len].copy_from_slice(members.as_slice());
        key.sort_unstable();
        key.iter().fold(0u128, |acc, &m| acc << 32 | u128::from(m))
    }

    /// The subset `members` (candidate indices) with targets `union`: the
    /// options on `union` outside it, if any and accepted, with its items
    /// and `union`; `Some(None)` if `union` is too small (a
    /// contradiction).
    fn subset_removals(
        &self,
        s: &State,
        sets: &Sets<'_>,
        members: Small,
        union: Small,
        accept: &mut Accept<'_>,
    ) -> Option<Option<Found>> {
        let mut set = members;
        for m in &mut set.items[..set.len] {
            *m = sets.reach[*m as usize].item;
        }
        // Every option of the set must cover exactly one of its items.
        for &a in set.as_slice() {
            for opt in self.alive_options(s, a) {
                if self
                    .option(opt)
                    .iter()
                    .filter(|&&i| set.contains(i))
                    .count()
                    != 1
                {
                    return None;
                }
            }
        }
        if union.len < set.len {
            return Some(None);
        }
        let mut removed = Vec::new();
        for &t in union.as_slice() {
            removed.extend(
                self.alive_options(s, t)
                    .filter(|&opt| !self.option(opt).iter().any(|&i| set.contains(i))),
            );
        }
        removed.sort_unstable();
        removed.dedup();
        if removed.is_empty() || !accept(self, s, set.as_slice(), &removed) {
            return None;
        }
        Some(Some(Found {
            items: [set.as_slice(), union.as_slice()].concat(),
            removed,
        }))
    }

    /// Kills every option of `removed` (alive).
    pub(super) fn kill_all(&self, s: &mut State, removed: &[u32]) {
        for &k in removed {
            self.kill(s, k);
        }
    }

    /// The item of class `class` (not the places) that `removed` would
    /// leave with one option (a hidden single), the first in item order;
    /// `None` if there is none.
    pub(super) fn hidden_single_after(&self, s: &State, removed: &[u32], class: u8) -> Option<u32> {
        let mut hits: Vec<(u32, u32)> = Vec::new();
        for &k in removed {
            for &i in self.option(k) {
                if (i as usize) < self.primary
                    && self.class[i as usize] == class
                    && class != self.places
                {
                    match hits.iter_mut().find(|(j, _)| *j == i) {
                        Some((_, n)) => *n += 1,
                        None => hits.push((i, 1)),
                    }
                }
            }
        }
        hits.iter()
            .filter(|&&(i, n)| !s.covered[i as usize] && s.len[i as usize] == n + 1)
            .map(|&(i, _)| i)
            .min()
    }
}

/// The sets of quads [`Deducer::grow`] reached before, by their keys.
pub(super) type Seen = HashSet<u128, BuildHasherDefault<KeyHasher>>;

/// Hashes a set's key with a rotate, a xor and a multiply per 64 bits (as
/// rustc's FxHasher): the keys are the deducer's own, so SipHash's
/// defence against chosen keys buys nothing, and it cost 4% of the
/// instructions of `dlx rate --scale se` on data/rate/serate.txt.
#[derive(Default)]
pub(super) struct KeyHasher(u64);

impl KeyHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u128(&mut self, v: u128) {
        self.add(v as u64);
        self.add((v >> 64) as u64);
    }
}
