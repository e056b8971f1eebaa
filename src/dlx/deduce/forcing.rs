//! Forcing chains (Sudoku Explainer's "multiple forcing chains", static):
//! each alive option of an open item is supposed true in turn, and what
//! follows is traced along the links of the state as it stands. An
//! option true makes every option sharing an open item with it false; an
//! option false makes true the other option of each open primary item it
//! shares with exactly one other (the strong links of links.rs). One of
//! the item's options is true, so a consequence that every supposition
//! reaches holds: the option is placed, or removed.
//!
//! The links are those of the state before the step (nothing supposed is
//! applied: SE's static chains, not its dynamic ones). Each supposition is
//! traced as SE traces it, an option made true before any made false is
//! followed, first come first followed, and stops at its first
//! contradiction (an option both true and false) with what it reached so
//! far; the step's complexity, which its difficulty grows with, is the sum
//! of the chains' nodes. As SE, the items tried are the places with three
//! options or more, and the other items with two or more whose first
//! alive option lies on such a place (SE reaches a house's digit from its
//! first cell, and only from a cell it tries): a place of two options is a
//! chain's business (links.rs).
//!
//! Nishio (SE's, 7.5), the other supposition, is a trial on the items
//! other than the places alone (links.rs, `find_nishio`).
//!
//! Forcing nets (SE's dynamic forcing chains, 8.5 and more) suppose each
//! option of an item true on a copy of the state and follow it by singles
//! on the state as it changes (links.rs's singles, those of a trial): a
//! consequence may then rest on several before it, a net, not a chain.
//! What every supposition reaches holds. A supposition that ends in a
//! contradiction is a trial's business: its item is passed over.
//!
//! Invariant: as links.rs, the finder gives a step, not applied, whose
//! placement or removal every solution agrees with, and leaves the state
//! as it was.

use super::ladder::step;
use super::links::Within;
use super::{Deducer, Move, State, Step};
use std::collections::VecDeque;

/// What a supposition reaches by singles: each node with the singles
/// made by then, or `None` if it ends in a contradiction.
type Net = Option<Vec<(u32, u16)>>;

/// No node: the source's parent.
const NONE: u32 = u32::MAX;

/// What one supposition reached: for each node (option `k` false is node
/// `2k`, true `2k + 1`), the nodes from the source to it (0: not reached)
/// and the node before it.
struct Trace {
    depth: Vec<u16>,
    parent: Vec<u32>,
    reached: Vec<u32>,
    /// The options made true, then false, still to follow.
    on: VecDeque<u32>,
    off: VecDeque<u32>,
}

impl Trace {
    fn new(options: usize) -> Self {
        Self {
            depth: vec![0; 2 * options],
            parent: vec![NONE; 2 * options],
            reached: Vec::new(),
            on: VecDeque::new(),
            off: VecDeque::new(),
        }
    }

    fn clear(&mut self) {
        for &v in &self.reached {
            self.depth[v as usize] = 0;
        }
        self.reached.clear();
        self.on.clear();
        self.off.clear();
    }

    fn has(&self, v: u32) -> bool {
        self.depth[v as usize] != 0
    }

    fn mark(&mut self, v: u32, parent: u32) {
        let depth = match parent {
            NONE => 1,
            p => self.depth[p as usize].saturating_add(1),
        };
        self.depth[v as usize] = depth;
        self.parent[v as usize] = parent;
        self.reached.push(v);
    }

    /// The options from the source to node `v`, in order.
    fn chain(&self, v: u32) -> Vec<u32> {
        let mut out = vec![v >> 1];
        let mut at = v;
        while self.parent[at as usize] != NONE {
            at = self.parent[at as usize];
            out.push(at >> 1);
        }
        out.reverse();
        out
    }
}

/// What the suppositions of one item reach: for each node, how many
/// reach it and their measures to it, summed; the nodes reached, to be
/// cleared.
struct Tally {
    count: Vec<usize>,
    sum: Vec<usize>,
    touched: Vec<u32>,
}

/// The best forcing step so far: (complexity, not a place, item, node).
type Best = Option<(usize, bool, u32, u32)>;

impl Tally {
    fn new(options: usize) -> Self {
        Self {
            count: vec![0; 2 * options],
            sum: vec![0; 2 * options],
            touched: Vec::new(),
        }
    }

    /// Counts node `v` reached at `measure` by one more supposition.
    fn add(&mut self, v: u32, measure: usize) {
        if self.count[v as usize] == 0 {
            self.touched.push(v);
        }
        self.count[v as usize] += 1;
        self.sum[v as usize] += measure;
    }

    /// How many suppositions reached node `v` so far.
    fn reached(&self, v: u32) -> usize {
        self.count[v as usize]
    }

    /// Keeps in `best` the node that all `k` suppositions of `item`
    /// reached, of least measure (at most `most`; places first at
    /// equal measure, then the first item and node), and clears.
    fn settle(&mut self, k: usize, most: usize, item: u32, not_place: bool, best: &mut Best) {
        for &v in &self.touched {
            let complexity = self.sum[v as usize];
            if self.count[v as usize] == k
                && complexity <= most
                && best.is_none_or(|(c, np, ..)| (complexity, not_place) < (c, np))
            {
                *best = Some((complexity, not_place, item, v));
            }
        }
        self.clear();
    }

    fn clear(&mut self) {
        for &v in &self.touched {
            self.count[v as usize] = 0;
            self.sum[v as usize] = 0;
        }
        self.touched.clear();
    }
}

impl Deducer {
    /// Whether item `i` is one the forcing chains start from (the module's
    /// docs).
    fn forcing_item(&self, s: &State, i: usize) -> bool {
        if s.covered[i] {
            return false;
        }
        if self.class[i] == self.places {
            return s.len[i] >= 3;
        }
        s.len[i] >= 2
            && self.alive_options(s, i as u32).next().is_some_and(|k| {
                self.option(k)
                    .iter()
                    .any(|&p| self.class[p as usize] == self.places && s.len[p as usize] >= 3)
            })
    }

    /// Traces option `src` true into `t` (cleared first).
    fn trace(&self, s: &State, src: u32, t: &mut Trace) {
        t.clear();
        t.mark(2 * src + 1, NONE);
        t.on.push_back(src);
        loop {
            if let Some(k) = t.on.pop_front() {
                let from = 2 * k + 1;
                for &i in self.option(k) {
                    if s.covered[i as usize] {
                        continue;
                    }
                    for o in self.alive_options(s, i).filter(|&o| o != k) {
                        if t.has(2 * o + 1) {
                            return;
                        }
                        if !t.has(2 * o) {
                            t.mark(2 * o, from);
                            t.off.push_back(o);
                        }
                    }
                }
            } else if let Some(k) = t.off.pop_front() {
                let from = 2 * k;
                for &i in self.option(k) {
                    let iu = i as usize;
                    if iu >= self.primary || s.covered[iu] || s.len[iu] != 2 {
                        continue;
                    }
                    let Some(o) = self.alive_options(s, i).find(|&o| o != k) else {
                        continue;
                    };
                    if t.has(2 * o) {
                        return;
                    }
                    if !t.has(2 * o + 1) {
                        t.mark(2 * o + 1, from);
                        t.on.push_back(o);
                    }
                }
            } else {
                return;
            }
        }
    }

    /// The forcing chains of least complexity, at most `max_complexity`:
    /// an item whose every option, supposed true, makes one same option
    /// true or false. Places come before other items at equal complexity
    /// (as SE sorts cell chains before region chains), then the first
    /// item, then the first consequence reached. Gives the item, the
    /// chains one after another (each from an option of the item to the
    /// consequence, which ends each chain and appears in none before its
    /// end), and the complexity as its length. Each option is traced once
    /// (an option lies in several items), what it reached kept as pairs
    /// of a node and its depth.
    pub(super) fn find_forcing(&self, s: &State, max_complexity: usize) -> Option<Step> {
        let n = s.alive.len();
        let mut trace = Trace::new(n);
        let mut traced: Vec<Option<Vec<(u32, u16)>>> = vec![None; n];
        // Per node: how many of the item's suppositions reach it, and the
        // nodes of their chains to it, all counted.
        let mut tally = Tally::new(n);
        let mut best: Best = None;
        for i in 0..self.primary {
            if !self.forcing_item(s, i) {
                continue;
            }
            let k = s.len[i] as usize;
            // Each chain has two nodes at least.
            if best.is_some_and(|(c, ..)| 2 * k > c) {
                continue;
            }
            for src in self.alive_options(s, i as u32) {
                let reached = traced[src as usize].get_or_insert_with(|| {
                    self.trace(s, src, &mut trace);
                    let depth = |v: u32| trace.depth[v as usize];
                    trace.reached.iter().map(|&v| (v, depth(v))).collect()
                });
                for &(v, d) in reached.iter() {
                    tally.add(v, d as usize);
                }
            }
            let not_place = self.class[i] != self.places;
            tally.settle(k, max_complexity, i as u32, not_place, &mut best);
        }
        let (complexity, _, item, v) = best?;
        let mut chains = Vec::new();
        for src in self.alive_options(s, item) {
            self.trace(s, src, &mut trace);
            chains.extend(trace.chain(v));
        }
        Some(self.consequence_step(s, Move::Forcing, item, v, chains, complexity))
    }

    /// The forcing net of least complexity, at most `max_complexity`: an
    /// item of two options or more whose every option, supposed true and
    /// followed by singles on the state, makes one same option true or
    /// false, and none ends in a contradiction. Its complexity counts, for
    /// each supposition, the supposition and two nodes for each single it
    /// made until it reached the consequence (SE counts a net's nodes: a
    /// single's "on" and the "off" that forces it; of three readings, the
    /// closest to serate on data/rate/serate.txt). Places come before
    /// other items at equal complexity,
    /// then the first item, then the first consequence. Gives the item,
    /// for each of its options the option then the singles' choices up to
    /// the consequence, which ends each (a consequence made true ends with
    /// the single that chose it; one made false, with it after the single
    /// that killed it), and the complexity as its length.
    pub(super) fn find_net(&self, s: &State, max_complexity: usize) -> Option<Step> {
        let n = s.alive.len();
        let mut sp = self.supposer(s, Within::All);
        // Per option: the nodes its supposition reaches with the singles
        // made by then, or None if it ends in a contradiction.
        let mut nets: Vec<Option<Net>> = vec![None; n];
        let mut tally = Tally::new(n);
        let mut best: Best = None;
        'items: for i in 0..self.primary {
            if s.covered[i] || s.len[i] < 2 {
                continue;
            }
            let k = s.len[i] as usize;
            // Each supposition counts one node at least.
            if best.is_some_and(|(c, ..)| k > c) {
                continue;
            }
            for (j, src) in self.alive_options(s, i as u32).enumerate() {
                let net = nets[src as usize].get_or_insert_with(|| {
                    let mut reached = Vec::new();
                    // A supposition of m singles counts 2m + 1, and another
                    // one at least.
                    let most = best.map_or(max_complexity, |(c, ..)| c);
                    let cap = most.saturating_sub(2) / 2;
                    let contradiction = self.follow(&mut sp, src, cap, |v, made| {
                        reached.push((v, made.min(u16::MAX as usize) as u16));
                    });
                    contradiction.is_none().then_some(reached)
                });
                // Only the nodes every supposition before reached count
                // on: when none is left, the item has no net.
                let mut common = 0;
                for &(v, made) in net.iter().flatten() {
                    if tally.reached(v) == j {
                        tally.add(v, 2 * made as usize + 1);
                        common += 1;
                    }
                }
                if net.is_none() || common == 0 {
                    tally.clear();
                    continue 'items;
                }
            }
            let not_place = self.class[i] != self.places;
            tally.settle(k, max_complexity, i as u32, not_place, &mut best);
        }
        let (complexity, _, item, v) = best?;
        let mut options = Vec::new();
        for src in self.alive_options(s, item) {
            options.push(src);
            let mut done = false;
            self.follow(&mut sp, src, complexity, |u, _| {
                if done {
                    return;
                }
                if u & 1 == 1 || u == v {
                    options.push(u >> 1);
                }
                done = u == v;
            });
        }
        Some(self.consequence_step(s, Move::ForcingNet, item, v, options, complexity))
    }

    /// The step of a forcing `kind` on `item` whose consequence is node
    /// `v` (option `k` false `2k`, true `2k + 1`): places or removes the
    /// option, with its chains or nets `options` and its `complexity`.
    fn consequence_step(
        &self,
        s: &State,
        kind: Move,
        item: u32,
        v: u32,
        options: Vec<u32>,
        complexity: usize,
    ) -> Step {
        let k = v >> 1;
        let mut st = if v & 1 == 1 {
            self.single_step_of(s, item, k)
        } else {
            step(kind, vec![item], Vec::new(), None, vec![k])
        };
        st.kind = kind;
        st.options = options;
        st.length = complexity;
        st
    }
}
