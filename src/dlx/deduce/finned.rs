//! Finned fish on the matrix: a fish ([`super::find`]'s subsets between
//! two classes, neither the places) whose base items have a few options
//! outside the cover, the *fins*.
//!
//! `k` primary items `S` of one class (the base), each of whose options
//! covers exactly one item of `S` and one item of another class, and `k`
//! primary items `T` of that other class (the cover). The *fins* `F` are
//! the options of `S` that cover no item of `T`. In a solution either a
//! fin is chosen, or the `k` options that cover `S` all cover `T`: they
//! are disjoint, so they take all of `T`. An option on `T` that covers no
//! item of `S` and shares an item with every fin is false both ways: it
//! goes. For Sudoku: a finned (or, when a base line is left with one
//! place in the cover, sashimi) X-wing, swordfish or jellyfish, the fins
//! in one box with the cells they eliminate.
//!
//! Invariant: a step's `removed` are alive options in increasing order,
//! none covering an item of `S` or a fin, each sharing an item with every
//! fin; its `options` are the fins, in increasing order, at least one.

use super::find::{Classes, has};
use super::ladder::step;
use super::{Deducer, FinnedEmpty, MAX_SUBSET, Move, State, Step};

/// The most cover items the base may reach beyond its `k` (the fins'
/// items: for Sudoku, the other columns of the fins' box).
const MAX_EXTRA: usize = 2;

/// A base candidate: an item and the items of the cover's class its
/// options reach (each option exactly one), in increasing order.
struct Base {
    item: u32,
    targets: Vec<u32>,
}

/// The bases of one part (bases that reach no item in common with the
/// other parts: for Sudoku, the lines of one digit), ready for the sets
/// of each size.
struct Part {
    /// The bases' items, in increasing order.
    items: Vec<u32>,
    /// The alive options of the bases, then of the cover, in item order:
    /// what the part's fish depend on.
    key: Vec<u32>,
    /// The cover items the bases reach, each a bit of the masks below,
    /// in increasing order.
    cover: Vec<u32>,
    /// By base: the bits of the items it reaches.
    masks: Vec<u128>,
    /// By base: its options, each with the bit of the item it reaches and
    /// the bits its neighbours reach (the options that share an item
    /// with it and do not cover its base): a removal is a neighbour of
    /// every fin, on the cover.
    reach: Vec<Vec<(u32, u8, u128)>>,
}

impl Deducer {
    /// The first finned fish of the least size up to `max_k`, its base of
    /// a class in `from` and its cover of another class in `to` (pairs of
    /// classes in increasing order), that removes something: its base
    /// and cover items, its fins and its removals.
    ///
    /// `empty` holds the parts (by their options, [`Part::key`]) and sizes found to have
    /// none before, in this state or an earlier one of the same walk: a
    /// part's fish depend only on the options of its bases and cover, so
    /// a part whose options are the same has none again, and is passed
    /// over. Those found to have none now are added.
    pub(super) fn find_finned_fish(
        &self,
        s: &State,
        max_k: usize,
        from: Classes,
        to: Classes,
        empty: &mut FinnedEmpty,
    ) -> Option<Step> {
        let sizes = 2..=max_k.min(MAX_SUBSET);
        let mut parts = Vec::new();
        for &f in &self.classes {
            for &t in &self.classes {
                if has(from, f) && has(to, t) && t != f {
                    parts.extend(self.finned_parts(s, f, t, sizes.clone(), empty));
                }
            }
        }
        for k in sizes {
            for part in &parts {
                if part.items.len() < k || known_empty(empty, &part.key, k) {
                    continue;
                }
                match self.finned_in_part(s, k, part) {
                    Some(step) => return Some(step),
                    None => *empty.entry(part.key.clone()).or_default() |= 1 << k,
                }
            }
        }
        None
    }

    /// The parts of the bases of class `from` towards class `to` that
    /// may have a fish of a size in `sizes` not in `empty` (a part with
    /// more than 128 cover items is left out: no Sudoku of up to 128
    /// digits has one).
    fn finned_parts(
        &self,
        s: &State,
        from: u8,
        to: u8,
        sizes: std::ops::RangeInclusive<usize>,
        empty: &FinnedEmpty,
    ) -> Vec<Part> {
        let bases = self.finned_bases(s, from, to);
        // Each item's bit in the part looked at (u8::MAX: none).
        let mut bit_of = vec![u8::MAX; s.len.len()];
        // Each alive option's first item of class `to`, and whether it
        // covers an item of class `from` (NONE: none; MANY: several): a
        // neighbour's bit and its base are then look-ups.
        const NONE: u32 = u32::MAX;
        const MANY: u32 = u32::MAX - 1;
        let (mut to_of, mut from_of) = (vec![NONE; s.alive.len()], vec![NONE; s.alive.len()]);
        if !bases.is_empty() {
            for o in (0..s.alive.len()).filter(|&o| s.alive[o]) {
                for &i in self.option(o as u32) {
                    let class = self.class[i as usize];
                    if class == to && to_of[o] == NONE {
                        to_of[o] = i;
                    } else if class == from {
                        from_of[o] = if from_of[o] == NONE { i } else { MANY };
                    }
                }
            }
        }
        let mut prepared = Vec::new();
        for part in parts(&bases) {
            if part.len() < 2 {
                continue;
            }
            let mut cover: Vec<u32> = part
                .iter()
                .flat_map(|&b| bases[b].targets.iter().copied())
                .collect();
            cover.sort_unstable();
            cover.dedup();
            if cover.len() > 128 {
                continue;
            }
            let items: Vec<u32> = part.iter().map(|&b| bases[b].item).collect();
            let key: Vec<u32> = items
                .iter()
                .chain(&cover)
                .flat_map(|&i| self.alive_options(s, i))
                .collect();
            if sizes
                .clone()
                .all(|k| items.len() < k || known_empty(empty, &key, k))
            {
                continue;
            }
            for (j, &t) in cover.iter().enumerate() {
                bit_of[t as usize] = j as u8;
            }
            let bit = |o: u32| match to_of[o as usize] {
                NONE => None,
                t => Some(bit_of[t as usize]).filter(|&j| j != u8::MAX),
            };
            let covers_base = |x: u32, a: u32| match from_of[x as usize] {
                MANY => self.covers(x, a),
                b => b == a,
            };
            let masks = part
                .iter()
                .map(|&b| {
                    let targets = &bases[b].targets;
                    targets.iter().fold(0, |m, &t| m | 1 << bit_of[t as usize])
                })
                .collect();
            let reach = part
                .iter()
                .map(|&b| {
                    let a = bases[b].item;
                    self.alive_options(s, a)
                        .map(|o| {
                            // Not those on its own base: a removal
                            // covers no base item of the fish.
                            let near = self
                                .option(o)
                                .iter()
                                .filter(|&&i| i != a)
                                .flat_map(|&i| self.alive_options(s, i))
                                .filter(|&x| !covers_base(x, a))
                                .filter_map(bit)
                                .fold(0u128, |m, j| m | 1 << j);
                            (o, bit(o).expect("a part's item"), near)
                        })
                        .collect()
                })
                .collect();
            for &t in &cover {
                bit_of[t as usize] = u8::MAX;
            }
            prepared.push(Part {
                items,
                key,
                cover,
                masks,
                reach,
            });
        }
        prepared
    }

    /// The first finned fish of size `k` in `part`, its sets of `k` bases
    /// tried in increasing order.
    fn finned_in_part(&self, s: &State, k: usize, part: &Part) -> Option<Step> {
        if part.items.len() < k {
            return None;
        }
        let mut set = Vec::with_capacity(k);
        let (mut fins, mut removed) = (Vec::new(), Vec::new());
        let mut search = Search {
            k,
            masks: &part.masks,
            found: None,
        };
        search.sets(0, 0, &mut set, &mut |chosen, union| {
            // For each bit of the union, the bits that every neighbour of
            // the set's options on it reaches: the fins of a cover are the
            // options off it, and a removal reaches a bit of the cover that
            // all the fins' neighbours reach.
            let mut common = [(0u8, u128::MAX); MAX_SUBSET + MAX_EXTRA];
            let n = union.count_ones() as usize;
            let mut ones = union;
            for c in &mut common[..n] {
                c.0 = ones.trailing_zeros() as u8;
                ones &= ones - 1;
            }
            let at = |common: &[(u8, u128)], b: u8| -> usize {
                common[..n]
                    .iter()
                    .position(|c| c.0 == b)
                    .expect("a bit of the union")
            };
            for &j in chosen {
                for &(_, b, near) in &part.reach[j] {
                    let c = at(&common, b);
                    common[c].1 &= near;
                }
            }
            covers_of(union, k)
                .filter(|&cover| {
                    let mut fins = union & !cover;
                    let mut reached = cover;
                    while fins != 0 {
                        reached &= common[at(&common, fins.trailing_zeros() as u8)].1;
                        fins &= fins - 1;
                    }
                    reached != 0 && chosen.iter().all(|&j| part.masks[j] & cover != 0)
                })
                .find_map(|cover| {
                    self.finned_fish(s, part, chosen, cover, (&mut fins, &mut removed))
                })
        });
        search.found
    }

    /// The base candidates of class `from` towards class `to`: open
    /// primary items with two options or more, each option covering
    /// exactly one item of class `from` (so that an option covers one item
    /// of any base) and one of class `to` (primary), reaching at most
    /// `MAX_SUBSET + MAX_EXTRA` such items.
    fn finned_bases(&self, s: &State, from: u8, to: u8) -> Vec<Base> {
        let mut bases = Vec::new();
        'items: for a in 0..self.primary as u32 {
            if self.class[a as usize] != from || s.covered[a as usize] || s.len[a as usize] < 2 {
                continue;
            }
            let mut targets = Vec::new();
            for o in self.alive_options(s, a) {
                let bases = self.option(o).iter();
                if bases.filter(|&&i| self.class[i as usize] == from).count() != 1 {
                    continue 'items;
                }
                let mut reached = self
                    .option(o)
                    .iter()
                    .filter(|&&i| self.class[i as usize] == to);
                match (reached.next(), reached.next()) {
                    (Some(&t), None) if (t as usize) < self.primary => targets.push(t),
                    _ => continue 'items,
                }
            }
            targets.sort_unstable();
            targets.dedup();
            if targets.len() <= MAX_SUBSET + MAX_EXTRA {
                bases.push(Base { item: a, targets });
            }
        }
        bases
    }

    /// The finned fish of the bases `chosen` of `part` (each option of
    /// which covers one of them: [`Self::finned_bases`]) and the cover
    /// `cover` (bits of `part.cover`), if every base reaches the cover and
    /// it removes something. A removal shares an item with every fin, the
    /// first among them: it is looked for among the options on the first
    /// fin's items.
    /// `fins` and `removed` are scratch, cleared first: most covers remove
    /// nothing, and allocate nothing.
    fn finned_fish(
        &self,
        s: &State,
        part: &Part,
        chosen: &[usize],
        cover: u128,
        (fins, removed): (&mut Vec<u32>, &mut Vec<u32>),
    ) -> Option<Step> {
        let mut set = [u32::MAX; MAX_SUBSET];
        for (m, &j) in set.iter_mut().zip(chosen) {
            *m = part.items[j];
        }
        let set = &set[..chosen.len()];
        let mut sashimi = false;
        fins.clear();
        for &j in chosen {
            let mut in_cover = 0;
            for &(o, bit, _) in &part.reach[j] {
                match cover >> bit & 1 == 1 {
                    true => in_cover += 1,
                    false => fins.push(o),
                }
            }
            match in_cover {
                0 => return None,
                1 => sashimi = true,
                _ => {}
            }
        }
        let in_cover = |i: &u32| {
            part.cover
                .binary_search(i)
                .is_ok_and(|j| cover >> j & 1 == 1)
        };
        let first = *fins.first()?;
        removed.clear();
        removed.extend(
            self.option(first)
                .iter()
                .filter(|i| !set.contains(i))
                .flat_map(|&i| self.alive_options(s, i))
                .filter(|&o| {
                    let on = self.option(o);
                    on.iter().any(in_cover)
                        && !on.iter().any(|i| set.contains(i))
                        && fins.iter().all(|&f| self.weak(s, o, f, false))
                }),
        );
        if removed.is_empty() {
            return None;
        }
        let mut removed = removed.clone();
        removed.sort_unstable();
        removed.dedup();
        let mut fins = fins.clone();
        fins.sort_unstable();
        let mut items = set.to_vec();
        items.sort_unstable();
        items.extend(part.cover.iter().filter(|i| in_cover(i)));
        let kind = Move::FinnedFish {
            k: chosen.len(),
            sashimi,
        };
        Some(step(kind, items, fins, None, removed))
    }
}

/// Whether the part whose options are `key` is known to have no finned
/// fish of size `k`.
fn known_empty(empty: &FinnedEmpty, key: &[u32], k: usize) -> bool {
    empty.get(key).is_some_and(|sizes| sizes >> k & 1 == 1)
}

/// The bases in parts that reach no item in common, each in increasing
/// order, the parts in the order of their first base.
fn parts(bases: &[Base]) -> Vec<Vec<usize>> {
    // Union-find on the bases, joined through the first base to reach
    // each item.
    fn root(up: &mut [usize], mut b: usize) -> usize {
        while up[b] != b {
            up[b] = up[up[b]];
            b = up[b];
        }
        b
    }
    let mut up: Vec<usize> = (0..bases.len()).collect();
    let mut first: std::collections::HashMap<u32, usize> = std::collections::HashMap::new();
    for (b, base) in bases.iter().enumerate() {
        for &t in &base.targets {
            let f = *first.entry(t).or_insert(b);
            let (x, y) = (root(&mut up, f), root(&mut up, b));
            up[x.max(y)] = x.min(y);
        }
    }
    let mut parts: Vec<Vec<usize>> = Vec::new();
    let mut index = vec![usize::MAX; bases.len()];
    for b in 0..bases.len() {
        let r = root(&mut up, b);
        if index[r] == usize::MAX {
            index[r] = parts.len();
            parts.push(Vec::new());
        }
        parts[index[r]].push(b);
    }
    parts
}

/// The sets of `k` bases of one part, as masks of the items they reach.
struct Search<'a> {
    k: usize,
    masks: &'a [u128],
    found: Option<Step>,
}

impl Search<'_> {
    /// Tries every set of `k` bases from `from` on, added to `set` (whose
    /// items' union is `union`), that reaches at most `k + MAX_EXTRA`
    /// items and more than `k` (`k` is a fish without fins), in
    /// increasing order; stops at the first `try_set` gives.
    fn sets(
        &mut self,
        from: usize,
        union: u128,
        set: &mut Vec<usize>,
        try_set: &mut dyn FnMut(&[usize], u128) -> Option<Step>,
    ) {
        if set.len() == self.k {
            if union.count_ones() as usize > self.k {
                self.found = try_set(set, union);
            }
            return;
        }
        for j in from..self.masks.len() {
            let wider = union | self.masks[j];
            if wider.count_ones() as usize > self.k + MAX_EXTRA {
                continue;
            }
            set.push(j);
            self.sets(j + 1, wider, set, try_set);
            set.pop();
            if self.found.is_some() {
                return;
            }
        }
    }
}

/// The masks of `k` bits of `union`, in decreasing order.
fn covers_of(union: u128, k: usize) -> impl Iterator<Item = u128> {
    let mut next = Some(union);
    std::iter::from_fn(move || {
        while let Some(sub) = next {
            next = (sub != 0).then(|| (sub - 1) & union);
            if sub.count_ones() as usize == k {
                return Some(sub);
            }
        }
        None
    })
}
