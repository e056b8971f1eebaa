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
//! Invariant: as links.rs, the finder gives a step, not applied, whose
//! placement or removal every solution agrees with, and leaves the state
//! as it was.

use super::ladder::step;
use super::{Deducer, Move, State, Step};
use std::collections::VecDeque;

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
        let (mut count, mut sum) = (vec![0usize; 2 * n], vec![0usize; 2 * n]);
        let mut touched = Vec::new();
        // (complexity, not a place, item, node)
        let mut best: Option<(usize, bool, u32, u32)> = None;
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
                    if count[v as usize] == 0 {
                        touched.push(v);
                    }
                    count[v as usize] += 1;
                    sum[v as usize] += d as usize;
                }
            }
            let not_place = self.class[i] != self.places;
            for &v in &touched {
                let complexity = sum[v as usize];
                if count[v as usize] == k
                    && complexity <= max_complexity
                    && best.is_none_or(|(c, np, ..)| (complexity, not_place) < (c, np))
                {
                    best = Some((complexity, not_place, i as u32, v));
                }
            }
            for &v in &touched {
                count[v as usize] = 0;
                sum[v as usize] = 0;
            }
            touched.clear();
        }
        let (complexity, _, item, v) = best?;
        let mut chains = Vec::new();
        for src in self.alive_options(s, item) {
            self.trace(s, src, &mut trace);
            chains.extend(trace.chain(v));
        }
        let k = v >> 1;
        let mut st = if v & 1 == 1 {
            let mut st = self.single_step_of(s, item, k);
            st.kind = Move::Forcing;
            st
        } else {
            step(Move::Forcing, vec![item], Vec::new(), None, vec![k])
        };
        st.options = chains;
        st.length = complexity;
        Some(st)
    }
}
