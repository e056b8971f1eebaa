//! Alternating inference chains with grouped nodes, on the matrix.
//!
//! A *group* is a set of two or more alive options of an open item other
//! than the places, all of which cover a second such item, and not all
//! of the first's options (for Sudoku: a digit's places in a line within
//! one box). A chain's node is an option or a group; a group is true when
//! one of its options is. Links, as [`super::links`]' with nodes for
//! options:
//!
//! * **strong**: an open primary item every option of which is in one of
//!   two disjoint nodes (at least one is true);
//! * **weak**: every option of one node shares an open item with every
//!   option of the other (at most one is true); here, through an item
//!   that every option of the first node covers.
//!
//! `x1 = x2 - x3 = ... = xn`, strong links first and last: `x1` or `xn`
//! is true, so an option that shares an item with every option of both
//! ends goes. The search is [`Deducer::find_chain`]'s, breadth first from
//! each start, over options and groups: the shortest chain with a group
//! (a chain without one is an ordinary chain, an easier rung's) whose
//! nodes are disjoint and which removes something.
//!
//! Invariant: a step's `removed` are alive options in increasing order,
//! in none of its nodes; its `options` are its nodes' options, node after
//! node, and its `items` the number of options of each node.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use super::find::KeyHasher;
use super::ladder::step;
use super::{Deducer, Move, State, Step};

/// The groups of a state, and what the search asks of them.
struct Groups {
    /// The options as nodes of one option: `singles[k] == k`.
    singles: Vec<u32>,
    /// Each group's options, in increasing order.
    options: Vec<Vec<u32>>,
    /// Each group's open items: those every option of it covers.
    items: Vec<Vec<u32>>,
    /// By option set: the group's index.
    index: HashMap<Vec<u32>, u32, BuildHasherDefault<KeyHasher>>,
    /// By item: the groups among its options.
    within: HashMap<u32, Vec<u32>, BuildHasherDefault<KeyHasher>>,
}

impl Groups {
    /// The options of node `x` (an option below `singles.len()`, a group
    /// above).
    fn of(&self, x: u32) -> &[u32] {
        let n = self.singles.len();
        match (x as usize).checked_sub(n) {
            None => &self.singles[x as usize..=x as usize],
            Some(g) => &self.options[g],
        }
    }

    /// The node whose options are `options` (in increasing order): an
    /// option, or a group.
    fn node(&self, options: &[u32]) -> Option<u32> {
        match options {
            [] => None,
            [one] => Some(*one),
            _ => self
                .index
                .get(options)
                .map(|&g| self.singles.len() as u32 + g),
        }
    }
}

/// Each node's links and the options that see it, found once asked for.
struct Links {
    strong: Vec<Option<Vec<u32>>>,
    weak: Vec<Option<Vec<u32>>>,
    seen: Vec<Option<Vec<u32>>>,
}

/// The nodes one search from a group reached: each end (a node reached by
/// a strong link, or the group supposed true) with its nodes counted
/// from the group, and each node's node before, by the node and whether
/// it was reached as true.
struct Tree {
    /// By node: the node before it reached as true, and as false
    /// (`u32::MAX`: not reached; the group: itself).
    back: [Vec<u32>; 2],
    /// The nodes reached, to forget.
    touched: Vec<u32>,
    ends: Vec<(u32, usize)>,
}

impl Tree {
    fn new(nodes: usize) -> Self {
        Tree {
            back: [vec![u32::MAX; nodes], vec![u32::MAX; nodes]],
            touched: Vec::new(),
            ends: Vec::new(),
        }
    }

    /// Forgets every node reached.
    fn clear(&mut self) {
        for &x in &self.touched {
            self.back[0][x as usize] = u32::MAX;
            self.back[1][x as usize] = u32::MAX;
        }
        self.touched.clear();
        self.ends.clear();
    }

    fn get(&self, x: u32, truth: bool) -> Option<u32> {
        let b = self.back[usize::from(truth)][x as usize];
        (b != u32::MAX).then_some(b)
    }

    /// Whether `x` was new as `truth` (and is now reached from `before`).
    fn reach(&mut self, x: u32, truth: bool, before: u32) -> bool {
        let b = &mut self.back[usize::from(truth)][x as usize];
        if *b != u32::MAX {
            return false;
        }
        *b = before;
        self.touched.push(x);
        true
    }

    /// The nodes from the group to end `end`, the group first.
    fn path(&self, end: u32) -> Vec<u32> {
        let mut path = vec![end];
        let (mut at, mut truth) = (end, true);
        while let Some(before) = self.get(at, truth) {
            if before == at {
                break;
            }
            path.push(before);
            at = before;
            truth = !truth;
        }
        path.reverse();
        path
    }
}

impl Deducer {
    /// The groups of `s`.
    fn groups(&self, s: &State) -> Groups {
        let n = s.alive.len();
        let mut g = Groups {
            singles: (0..n as u32).collect(),
            options: Vec::new(),
            items: Vec::new(),
            index: HashMap::default(),
            within: HashMap::default(),
        };
        // Item `a`'s options by the other items they cover: (item,
        // option) pairs, sorted, a group a run of one item.
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        for a in 0..self.primary as u32 {
            let len = s.len[a as usize] as usize;
            if s.covered[a as usize] || self.class[a as usize] == self.places || len < 3 {
                continue;
            }
            pairs.clear();
            for o in self.alive_options(s, a) {
                for &c in self.option(o) {
                    if c != a && !s.covered[c as usize] && self.class[c as usize] != self.places {
                        pairs.push((c, o));
                    }
                }
            }
            pairs.sort_unstable();
            for run in pairs.chunk_by(|x, y| x.0 == y.0) {
                if run.len() < 2 || run.len() == len {
                    continue;
                }
                let opts: Vec<u32> = run.iter().map(|&(_, o)| o).collect();
                if g.index.contains_key(&opts) {
                    continue;
                }
                let items: Vec<u32> = self
                    .option(opts[0])
                    .iter()
                    .copied()
                    .filter(|&i| !s.covered[i as usize] && opts.iter().all(|&o| self.covers(o, i)))
                    .collect();
                let j = g.options.len() as u32;
                for &i in &items {
                    g.within.entry(i).or_default().push(j);
                }
                g.index.insert(opts.clone(), j);
                g.options.push(opts);
                g.items.push(items);
            }
        }
        g
    }

    /// The open items every option of node `x` covers.
    fn node_items<'a>(
        &'a self,
        s: &'a State,
        g: &'a Groups,
        x: u32,
    ) -> impl Iterator<Item = u32> + 'a {
        let (option, group): (&[u32], &[u32]) = match (x as usize).checked_sub(g.singles.len()) {
            None => (self.option(x), &[]),
            Some(j) => (&[], &g.items[j]),
        };
        option
            .iter()
            .chain(group)
            .copied()
            .filter(move |&i| !s.covered[i as usize])
    }

    /// The nodes strongly linked to node `x`.
    fn grouped_strong(&self, s: &State, g: &Groups, x: u32) -> Vec<u32> {
        let mut out = Vec::new();
        let mine = g.of(x);
        let mut rest = Vec::new();
        for i in self.node_items(s, g, x) {
            // The item's other options: one, or a group (two or more).
            let others = (s.len[i as usize] as usize).saturating_sub(mine.len());
            let a_group = |j: &u32| g.options[*j as usize].len() == others;
            if i as usize >= self.primary
                || others == 0
                || (others > 1 && !g.within.get(&i).is_some_and(|v| v.iter().any(a_group)))
            {
                continue;
            }
            rest.clear();
            rest.extend(self.alive_options(s, i).filter(|o| !mine.contains(o)));
            if let Some(y) = g.node(&rest) {
                out.push(y);
            }
        }
        out
    }

    /// The nodes weakly linked to node `x`: the options and groups of an
    /// item every option of `x` covers, disjoint from `x`.
    fn grouped_weak(&self, s: &State, g: &Groups, x: u32, out: &mut Vec<u32>) {
        out.clear();
        let mine = g.of(x);
        let n = g.singles.len() as u32;
        for i in self.node_items(s, g, x) {
            out.extend(self.alive_options(s, i).filter(|o| !mine.contains(o)));
            if let Some(groups) = g.within.get(&i) {
                out.extend(
                    groups
                        .iter()
                        .filter(|&&j| g.options[j as usize].iter().all(|o| !mine.contains(o)))
                        .map(|&j| n + j),
                );
            }
        }
    }

    /// The shortest alternating chain with a grouped node, at most
    /// `max_nodes` nodes, that removes something (the module's docs).
    ///
    /// Such a chain passes a group `g`, and read the right way round, its
    /// strong link into `g` comes before `g` (or `g` ends it): `x1 = ... =
    /// g - ... = xn`. So from each group two searches, breadth first,
    /// find the rest: the nodes reached from `g` supposed false (a strong
    /// link first), the chain's first part read backwards, and those
    /// reached from `g` supposed true (a weak link first), its last part.
    /// An option that every option of an end of each part sees, by the
    /// fewest nodes in all, gives the chain; the first such in group and
    /// option order whose nodes are disjoint and do not hold it.
    pub(super) fn find_grouped_chain(&self, s: &State, max_nodes: usize) -> Option<Step> {
        let g = self.groups(s);
        if g.options.is_empty() {
            return None;
        }
        let n = g.singles.len() as u32;
        let nodes = g.singles.len() + g.options.len();
        let mut links = Links {
            strong: vec![None; nodes],
            weak: vec![None; nodes],
            seen: vec![None; nodes],
        };
        let mut best: Option<(Vec<u32>, Vec<u32>)> = None;
        let (mut first, mut last) = (Tree::new(nodes), Tree::new(nodes));
        // By option: the fewest nodes of a part whose end sees it, and
        // that end (`usize::MAX`: none), for each part.
        let mut fewest = [
            vec![(usize::MAX, 0u32); s.alive.len()],
            vec![(usize::MAX, 0u32); s.alive.len()],
        ];
        let mut marked: Vec<u32> = Vec::new();
        let mut found: Vec<(usize, u32, u32, u32)> = Vec::new();
        for group in n..nodes as u32 {
            let limit = best.as_ref().map_or(max_nodes, |(c, _)| c.len() - 1);
            if limit < 2 {
                continue;
            }
            self.alternate(s, &g, &mut links, &mut first, (group, false), limit);
            if first.ends.is_empty() {
                continue;
            }
            self.alternate(s, &g, &mut links, &mut last, (group, true), limit);
            // The first part's ends by the options they see (the fewest
            // nodes first: the ends come in the order reached); then the
            // last part's, in the same order, each option once, while a
            // chain of both could be short enough.
            for &(end, length) in &first.ends {
                let seen = links.seen[end as usize]
                    .get_or_insert_with(|| self.seen_by_all(s, g.of(end), g.of(end), false));
                for &o in seen.iter() {
                    if fewest[0][o as usize].0 == usize::MAX {
                        fewest[0][o as usize] = (length, end);
                        marked.push(o);
                    }
                }
            }
            found.clear();
            for &(end, length) in &last.ends {
                if length + 1 > limit {
                    break;
                }
                let seen = links.seen[end as usize]
                    .get_or_insert_with(|| self.seen_by_all(s, g.of(end), g.of(end), false));
                for &o in seen.iter() {
                    let (la, ea) = fewest[0][o as usize];
                    if la != usize::MAX && fewest[1][o as usize].0 == usize::MAX {
                        fewest[1][o as usize] = (length, end);
                        if la + length - 1 <= limit {
                            found.push((la + length - 1, o, ea, end));
                        }
                    }
                }
            }
            for &o in &marked {
                fewest[0][o as usize] = (usize::MAX, 0);
                fewest[1][o as usize] = (usize::MAX, 0);
            }
            marked.clear();
            found.sort_unstable();
            found.dedup();
            for &(length, _, ea, eb) in &found {
                let mut chain = first.path(ea);
                chain.reverse();
                chain.extend(last.path(eb).into_iter().skip(1));
                if chain.len() != length {
                    continue;
                }
                let ends = [g.of(chain[0]), g.of(chain[length - 1])].concat();
                let removed = self.seen_by_all(s, &ends, &ends, false);
                if self.is_grouped_chain(&g, &chain, &removed) {
                    best = Some((chain, removed));
                    break;
                }
            }
        }
        let (chain, removed) = best?;
        let options: Vec<u32> = chain
            .iter()
            .flat_map(|&x| g.of(x).iter().copied())
            .collect();
        let sizes: Vec<u32> = chain.iter().map(|&x| g.of(x).len() as u32).collect();
        let mut st = step(Move::GroupedChain, sizes, options, None, removed);
        st.length = chain.len();
        Some(st)
    }

    /// The nodes reached from `start`, supposed true (`true_first`: a weak
    /// link first) or false (a strong link first), alternating, in at
    /// most `limit` nodes: those reached by a strong link (true if `start`
    /// is as supposed: the chain's ends), with their nodes counted from
    /// `start`, and the way back, into `tree`. `start` supposed true is
    /// an end itself.
    fn alternate(
        &self,
        s: &State,
        g: &Groups,
        links: &mut Links,
        tree: &mut Tree,
        (start, true_first): (u32, bool),
        limit: usize,
    ) {
        tree.clear();
        let (mut layer, mut next) = (vec![start], Vec::new());
        tree.reach(start, true_first, start);
        let mut length = 1;
        if true_first {
            tree.ends.push((start, 1));
        } else {
            // `start` is false: its strong links are true, the first ends.
            next.clear();
            let strong = links.strong[start as usize]
                .get_or_insert_with(|| self.grouped_strong(s, g, start));
            for &t in strong.iter() {
                if tree.reach(t, true, start) {
                    next.push(t);
                    tree.ends.push((t, 2));
                }
            }
            std::mem::swap(&mut layer, &mut next);
            length = 2;
        }
        while !layer.is_empty() && length + 2 <= limit {
            next.clear();
            for &t in &layer {
                let weak = links.weak[t as usize].get_or_insert_with(|| {
                    let mut out = Vec::new();
                    self.grouped_weak(s, g, t, &mut out);
                    out
                });
                for &f in weak.iter() {
                    if f == start || !tree.reach(f, false, t) {
                        continue;
                    }
                    let strong = links.strong[f as usize]
                        .get_or_insert_with(|| self.grouped_strong(s, g, f));
                    for &u in strong.iter() {
                        if u != start && tree.reach(u, true, f) {
                            next.push(u);
                            tree.ends.push((u, length + 2));
                        }
                    }
                }
            }
            std::mem::swap(&mut layer, &mut next);
            length += 2;
        }
    }

    /// Whether the nodes of `chain` (which passes a group) are disjoint,
    /// and `removed` lies in none of them.
    fn is_grouped_chain(&self, g: &Groups, chain: &[u32], removed: &[u32]) -> bool {
        let mut all: Vec<u32> = chain
            .iter()
            .flat_map(|&x| g.of(x).iter().copied())
            .collect();
        let count = all.len();
        all.sort_unstable();
        all.dedup();
        all.len() == count && removed.iter().all(|r| all.binary_search(r).is_err())
    }
}
