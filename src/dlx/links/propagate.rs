//! Propagation on the links (see [`crate::dlx::propagate`]): removing an
//! option from every list it is in, the trail that puts removed options
//! back, and the two propagators, blocking and the sums.
//!
//! Invariants:
//!
//! * An option is removed only while it is *live* (found in the list of an
//!   active primary item, or of a secondary item that is neither covered
//!   nor purified): every node of a live option is linked, so removing it
//!   unlinks every node and restoring it relinks every node.
//! * Removals and restorations nest with the dance: the search restores a
//!   node's removals (in reverse order) before it undoes the choice that
//!   led to that node, so every list is back in the state in which the
//!   removal found it.
//! * `trail` holds a node of each removed option, in the order removed;
//!   `marks[d]` is its length when the node at depth `d` began to
//!   propagate. The trail never holds an option twice, so it is at most
//!   the number of options long.

use super::{COVERED, Matrix};
use crate::dlx::builder::Problem;
use crate::dlx::propagate::BLOCKING_MAX;

/// What a matrix propagates, and the trail of what it removed.
#[derive(Debug, Default)]
pub(in crate::dlx) struct Propagator {
    blocking: bool,
    sums: Vec<SumLinks>,
    /// Per header: whether it is a group of some sum.
    is_group: Vec<bool>,
    /// Per header of a covered group: the node of the option chosen in it.
    chosen_at: Vec<u32>,
    trail: Trail,
    /// Scratch for blocking: the items (and colors) the options seen so
    /// far share, and a stamp per header.
    common: Vec<(u32, i32)>,
    stamp: Vec<(u32, i32)>,
    generation: u32,
    /// Scratch for a sum: each group's least and greatest weight, or
    /// `None` when it is covered.
    bounds: Vec<Option<(i64, i64)>>,
    /// Scratch for a distinct sum: the values its open groups may take,
    /// and those its covered groups took.
    values: Vec<i64>,
    taken: Vec<i64>,
    /// Per depth and sum: the groups' signature ([`SumLinks::signature`])
    /// when the sum was last bounded at the node at that depth of the
    /// current path (`u64::MAX`: not yet).
    signatures: Vec<u64>,
}

/// A [`crate::dlx::Sum`] on the links.
#[derive(Debug)]
struct SumLinks {
    /// Each group's header.
    groups: Vec<u32>,
    /// Per group: `(node, weight)` for every weighted option's node in the
    /// group's list, by node.
    weights: Vec<Vec<(u32, i64)>>,
    lo: i64,
    hi: i64,
    distinct: bool,
}

impl SumLinks {
    /// The sum of its groups' lengths (covered bit included): unchanged
    /// below a node exactly when no group changed.
    fn signature(&self, m: &Matrix<'_>) -> u64 {
        self.groups
            .iter()
            .map(|&g| u64::from(m.lens[g as usize]))
            .sum()
    }

    /// A cursor over group `i`'s weights, for a walk down its list.
    fn cursor(&self, i: usize) -> Cursor<'_> {
        Cursor {
            table: &self.weights[i],
            at: 0,
        }
    }

    /// The weight of node `q` of group `i` (0 when unweighted).
    fn weight(&self, i: usize, q: u32) -> i64 {
        let table = &self.weights[i];
        table
            .binary_search_by_key(&q, |&(node, _)| node)
            .map_or(0, |at| table[at].1)
    }
}

/// Reads the weights of a group's nodes as its list is walked: a list
/// keeps its nodes in ascending order (built option by option, and every
/// node relinked where it was), as the weight table does, so one pass
/// over both does instead of a search per node.
struct Cursor<'t> {
    table: &'t [(u32, i64)],
    at: usize,
}

impl Cursor<'_> {
    /// The weight of node `q`, which comes after every node asked before.
    fn weight(&mut self, q: u32) -> i64 {
        while self.table.get(self.at).is_some_and(|&(node, _)| node < q) {
            self.at += 1;
        }
        match self.table.get(self.at) {
            Some(&(node, w)) if node == q => w,
            _ => 0,
        }
    }
}

/// The removed options and where each node's removals start.
#[derive(Debug, Default)]
struct Trail {
    removed: Vec<u32>,
    marks: Vec<u32>,
    /// Options removed since the matrix was built.
    count: u64,
    /// Set when a removal left a primary item without options.
    wiped: bool,
}

impl Trail {
    /// Removes live option node `q`'s option from every list.
    fn remove(&mut self, m: &mut Matrix<'_>, q: u32) {
        for r in option_nodes(m, q) {
            let node = m.nodes[r as usize];
            m.nodes[node.up as usize].down = node.down;
            m.nodes[node.down as usize].up = node.up;
            let len = &mut m.lens[node.top as usize];
            *len -= 1;
            self.wiped |= *len == 0 && node.top as u32 <= m.primary;
        }
        self.removed.push(q);
        self.count += 1;
    }

    /// Puts back the options removed after the trail was `mark` long, the
    /// last removed first.
    fn restore_to(&mut self, m: &mut Matrix<'_>, mark: usize) {
        while self.removed.len() > mark {
            let q = self.removed.pop().expect("longer than mark");
            for r in option_nodes(m, q).rev() {
                let node = m.nodes[r as usize];
                m.nodes[node.up as usize].down = r;
                m.nodes[node.down as usize].up = r;
                m.lens[node.top as usize] += 1;
            }
        }
        self.wiped = false;
    }
}

/// The nodes of option node `q`'s option, from `q` round to the one
/// before it (as indices: the walk borrows nothing, so the caller may
/// relink them as it goes).
fn option_nodes(m: &Matrix<'_>, q: u32) -> impl DoubleEndedIterator<Item = u32> + use<> {
    let mut end = q + 1;
    while m.nodes[end as usize].top > 0 {
        end += 1;
    }
    // The spacer after an option points up to its first node.
    let first = m.nodes[end as usize].up;
    (q..end).chain(first..q)
}

impl Propagator {
    /// The propagators `problem` asks for, on its links `m`; `None` when
    /// it asks for none.
    pub(super) fn build(problem: &Problem, m: &Matrix<'_>) -> Option<Self> {
        if !problem.asks_propagation() {
            return None;
        }
        let headers = m.lens.len();
        let mut p = Propagator {
            blocking: problem.propagate().blocking(),
            is_group: vec![false; headers],
            chosen_at: vec![0; headers],
            stamp: vec![(0, 0); headers],
            ..Propagator::default()
        };
        if problem.propagate().sums() {
            for sum in problem.sums() {
                let groups: Vec<u32> = sum.groups.iter().map(|&g| m.header_of(g)).collect();
                let mut weights = vec![Vec::new(); groups.len()];
                for &(k, w) in &sum.terms {
                    let (first, end) = m.option_span(k);
                    // `add_sum` checked that the option covers one group.
                    for q in first..end {
                        let top = m.nodes[q as usize].top as u32;
                        if let Some(i) = groups.iter().position(|&g| g == top) {
                            weights[i].push((q, w));
                        }
                    }
                }
                for table in &mut weights {
                    table.sort_unstable();
                }
                for &g in &groups {
                    p.is_group[g as usize] = true;
                }
                p.sums.push(SumLinks {
                    groups,
                    weights,
                    lo: sum.lo,
                    hi: sum.hi,
                    distinct: sum.distinct,
                });
            }
        }
        Some(p)
    }

    /// Options removed since the matrix was built.
    pub(super) fn removed(&self) -> u64 {
        self.trail.count
    }

    /// Marks where the removals of the node at `depth` start.
    pub(super) fn mark(&mut self, depth: usize) {
        if self.trail.marks.len() <= depth {
            self.trail.marks.resize(depth + 1, 0);
        }
        self.trail.marks[depth] = self.trail.removed.len() as u32;
    }

    /// Puts back what the node at `depth` removed.
    pub(super) fn restore(&mut self, m: &mut Matrix<'_>, depth: usize) {
        let mark = self.trail.marks.get(depth).map_or(0, |&k| k as usize);
        self.trail.restore_to(m, mark);
    }

    /// Runs the propagators to a fixed point at the node at `depth` (the
    /// options chosen are `m.stack[..depth]` and the forced ones); false
    /// when they find that no solution lies below it.
    ///
    /// A sum is bounded again only when one of its groups changed: since
    /// the node above reached its fixed point (or since the sum was last
    /// bounded at this node). Below a node the lists only shrink, so a
    /// group whose length (and covered bit) is unchanged is unchanged, and
    /// a sum whose groups are all unchanged would remove nothing.
    pub(super) fn run(&mut self, m: &mut Matrix<'_>, depth: usize) -> bool {
        let sums = self.sums.len();
        if sums > 0 {
            self.note_chosen(m, depth);
            if self.signatures.len() < (depth + 1) * sums {
                self.signatures.resize((depth + 1) * sums, u64::MAX);
            }
            // Start from the node above's signatures (none at the root).
            let (above, here) = self.signatures.split_at_mut(depth * sums);
            match depth.checked_sub(1) {
                Some(up) => here[..sums].copy_from_slice(&above[up * sums..depth * sums]),
                None => here[..sums].fill(u64::MAX),
            }
        }
        loop {
            let before = self.trail.removed.len();
            if self.blocking {
                self.block(m);
            }
            if self.trail.wiped {
                return false;
            }
            for s in 0..sums {
                let signature = self.sums[s].signature(m);
                let seen = &mut self.signatures[depth * sums + s];
                if *seen == signature {
                    continue;
                }
                *seen = signature;
                // What it removes changes its own groups' signature, so
                // it runs again (one call need not reach its own fixed
                // point: it bounds each group by the others' bounds from
                // before the call).
                if !self.bound_sum(m, s) || self.trail.wiped {
                    return false;
                }
            }
            if self.trail.removed.len() == before {
                return true;
            }
        }
    }

    /// Records, for every group a chosen option covers, that option's node
    /// in it: at the root the forced options', below it the option chosen
    /// just above (the ones above it were recorded at their own nodes, on
    /// the same path).
    fn note_chosen(&mut self, m: &Matrix<'_>, depth: usize) {
        let chosen = match depth.checked_sub(1) {
            Some(up) => &m.stack[up..depth],
            None => &m.forced[..m.forced_len],
        };
        for &x in chosen {
            for r in option_nodes(m, x) {
                let top = m.nodes[r as usize].top as usize;
                if self.is_group[top] {
                    self.chosen_at[top] = r;
                }
            }
        }
    }

    /// One pass of blocking over the active primary items with two to
    /// [`BLOCKING_MAX`] options.
    fn block(&mut self, m: &mut Matrix<'_>) {
        for a in 1..=m.primary {
            let len = m.lens[a as usize];
            if !(2..=BLOCKING_MAX).contains(&len) {
                continue;
            }
            self.shared_items(m, a);
            while let Some((b, color)) = self.common.pop() {
                let mut r = m.nodes[b as usize].down;
                while r != b {
                    let next = m.nodes[r as usize].down;
                    let keep = if color == 0 {
                        option_covers(m, r, a)
                    } else {
                        m.nodes[r as usize].color == color
                    };
                    if !keep {
                        self.trail.remove(m, r);
                        if self.trail.wiped {
                            return;
                        }
                    }
                    r = next;
                }
            }
        }
    }

    /// Fills `common` with the items (and colors) that every option of
    /// item `a` covers, `a` and purified items left out.
    fn shared_items(&mut self, m: &Matrix<'_>, a: u32) {
        self.common.clear();
        let mut q = m.nodes[a as usize].down;
        let mut first = true;
        while q != a {
            if self.generation == u32::MAX {
                self.stamp.fill((0, 0));
                self.generation = 0;
            }
            self.generation += 1;
            let generation = self.generation;
            for r in option_nodes(m, q).skip(1) {
                let node = m.nodes[r as usize];
                if node.color >= 0 {
                    if first {
                        self.common.push((node.top as u32, node.color));
                    } else {
                        self.stamp[node.top as usize] = (generation, node.color);
                    }
                }
            }
            if !first {
                let stamp = &self.stamp;
                self.common
                    .retain(|&(b, color)| stamp[b as usize] == (generation, color));
            }
            first = false;
            if self.common.is_empty() {
                return;
            }
            q = m.nodes[q as usize].down;
        }
    }

    /// Keeps sum `s` bounds consistent: false when no total in its range
    /// is within reach.
    ///
    /// Each open group takes one weight between its least and greatest;
    /// for a distinct sum, also one of the values some open group still
    /// has, none twice and none a covered group took, so the open groups
    /// add up to at least the smallest so many of those values and at most
    /// the largest. The tighter of the two bounds holds.
    fn bound_sum(&mut self, m: &mut Matrix<'_>, s: usize) -> bool {
        let Propagator {
            sums,
            chosen_at,
            trail,
            bounds,
            values,
            taken,
            ..
        } = self;
        let sum = &sums[s];
        bounds.clear();
        values.clear();
        taken.clear();
        let (mut fixed, mut least, mut most) = (0i64, 0i64, 0i64);
        for (i, &g) in sum.groups.iter().enumerate() {
            if m.lens[g as usize] & COVERED != 0 {
                let w = sum.weight(i, chosen_at[g as usize]);
                fixed += w;
                taken.push(w);
                bounds.push(None);
                continue;
            }
            let (mut lo, mut hi) = (i64::MAX, i64::MIN);
            let mut cursor = sum.cursor(i);
            let mut q = m.nodes[g as usize].down;
            while q != g {
                let w = cursor.weight(q);
                lo = lo.min(w);
                hi = hi.max(w);
                if sum.distinct {
                    values.push(w);
                }
                q = m.nodes[q as usize].down;
            }
            if lo > hi {
                return false;
            }
            least += lo;
            most += hi;
            bounds.push(Some((lo, hi)));
        }
        let open = bounds.iter().filter(|b| b.is_some()).count();
        let distinct = sum.distinct.then(|| {
            values.sort_unstable();
            values.dedup();
            values.retain(|v| !taken.contains(v));
            Spread::of(values)
        });
        let (mut low, mut high) = (least, most);
        if let Some(spread) = &distinct {
            if spread.len() < open {
                return false;
            }
            low = low.max(spread.smallest(open, None));
            high = high.min(spread.largest(open, None));
        }
        if fixed + low > sum.hi || fixed + high < sum.lo {
            return false;
        }
        for (i, &g) in sum.groups.iter().enumerate() {
            let Some((lo, hi)) = bounds[i] else { continue };
            // What the other open groups add up to, at least and at most.
            let others = |w: i64| {
                let (mut a, mut b) = (least - lo, most - hi);
                if let Some(spread) = &distinct {
                    a = a.max(spread.smallest(open - 1, Some(w)));
                    b = b.min(spread.largest(open - 1, Some(w)));
                }
                (a, b)
            };
            let fits = |w: i64| {
                let (a, b) = others(w);
                fixed + w + a <= sum.hi
                    && fixed + w + b >= sum.lo
                    && !(sum.distinct && taken.contains(&w))
            };
            if distinct.is_none() && fits(lo) && fits(hi) {
                // Without distinctness, the weights between two that fit
                // fit too.
                continue;
            }
            let mut cursor = sum.cursor(i);
            let mut q = m.nodes[g as usize].down;
            while q != g {
                let next = m.nodes[q as usize].down;
                if !fits(cursor.weight(q)) {
                    trail.remove(m, q);
                    if trail.wiped {
                        return false;
                    }
                }
                q = next;
            }
        }
        true
    }
}

/// The distinct values a distinct sum's open groups may still take,
/// ascending: the least and greatest totals of so many of them, with or
/// without one value.
struct Spread<'v> {
    values: &'v [i64],
}

impl<'v> Spread<'v> {
    fn of(values: &'v [i64]) -> Self {
        Self { values }
    }

    fn len(&self) -> usize {
        self.values.len()
    }

    /// The least total of `k` of the values, `but` left out.
    fn smallest(&self, k: usize, but: Option<i64>) -> i64 {
        self.values
            .iter()
            .filter(|&&v| Some(v) != but)
            .take(k)
            .sum()
    }

    /// The greatest total of `k` of the values, `but` left out.
    fn largest(&self, k: usize, but: Option<i64>) -> i64 {
        self.values
            .iter()
            .rev()
            .filter(|&&v| Some(v) != but)
            .take(k)
            .sum()
    }
}

/// Whether the option of node `r` covers item header `a`.
fn option_covers(m: &Matrix<'_>, r: u32, a: u32) -> bool {
    option_nodes(m, r).any(|q| m.nodes[q as usize].top as u32 == a)
}

#[cfg(test)]
mod tests;
