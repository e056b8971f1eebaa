//! The rules of links between options: wings, chains, the BUG, trials
//! and Nishio. Two alive options are *weakly* linked when they share an open
//! item (at most one of them is in a solution); an open primary item with
//! exactly two options links them *strongly* (at least one is). Written
//! on the matrix, each rule holds for every problem compiled into it, the
//! Sudoku variants included; for Sudoku the weak links through a house's
//! digit item are "sees", and the strong links are bivalue cells and
//! conjugate pairs.
//!
//! Invariant: each finder gives a step, not applied, that removes alive
//! options no solution uses (BUG: chooses the option every solution uses,
//! when there is exactly one solution), and leaves the state as it was.

use super::ladder::step;
use super::{ChainKind, Deducer, Move, State, Step};

impl Deducer {
    /// Whether options `x` and `y` share an open item; with `others_only`,
    /// an item of a class other than the places.
    pub(super) fn weak(&self, s: &State, x: u32, y: u32, others_only: bool) -> bool {
        x != y
            && self.option(x).iter().any(|&i| {
                !s.covered[i as usize]
                    && (!others_only || self.class[i as usize] != self.places)
                    && self.covers(y, i)
            })
    }

    /// The alive options, not in `pattern`, weakly linked to every option
    /// of `ends` (with `others_only`, through items other than the
    /// places).
    pub(super) fn seen_by_all(
        &self,
        s: &State,
        ends: &[u32],
        pattern: &[u32],
        others_only: bool,
    ) -> Vec<u32> {
        let mut out = Vec::new();
        self.seen_by_all_into(s, ends, pattern, others_only, &mut out);
        out
    }

    /// [`Self::seen_by_all`] into `out` (cleared first), in increasing
    /// order.
    fn seen_by_all_into(
        &self,
        s: &State,
        ends: &[u32],
        pattern: &[u32],
        others_only: bool,
        out: &mut Vec<u32>,
    ) {
        out.clear();
        out.extend(
            self.option(ends[0])
                .iter()
                .filter(|&&i| {
                    !s.covered[i as usize]
                        && (!others_only || self.class[i as usize] != self.places)
                })
                .flat_map(|&i| self.alive_options(s, i))
                // Each shares an open item of the first end (through the
                // items allowed): weakly linked to it unless it is it.
                .filter(|&t| {
                    t != ends[0]
                        && !pattern.contains(&t)
                        && ends[1..].iter().all(|&e| self.weak(s, t, e, others_only))
                }),
        );
        out.sort_unstable();
        out.dedup();
    }

    /// The alive options other than `x` sharing an open item with it
    /// (with `others_only`, an item of a class other than the places),
    /// with repeats: those weakly linked to `x`.
    fn weak_neighbours<'a>(
        &'a self,
        s: &'a State,
        x: u32,
        others_only: bool,
    ) -> impl Iterator<Item = u32> + 'a {
        self.option(x)
            .iter()
            .filter(move |&&i| {
                !s.covered[i as usize] && (!others_only || self.class[i as usize] != self.places)
            })
            .flat_map(move |&i| self.alive_options(s, i))
            .filter(move |&o| o != x)
    }

    /// The open places with `len` options.
    pub(super) fn places_with(&self, s: &State, len: u32) -> Vec<u32> {
        (0..self.primary as u32)
            .filter(|&i| {
                let i = i as usize;
                !s.covered[i] && self.class[i] == self.places && s.len[i] == len
            })
            .collect()
    }

    /// A wing with a pivot of `k` options (2 or 3): the pivot's options
    /// `p`, and two places `A`, `B` of two options, one of `A`'s weakly
    /// linked to `p[0]`, one of `B`'s to `p[1]`. Whichever the pivot
    /// takes, `A`'s other option `a`, `B`'s other `b`, or (k = 3) `p[2]`
    /// is true: options weakly linked to them all go. Gives the pivot's
    /// options, then `A`'s (the linked one first) and `B`'s.
    pub(super) fn find_wing(&self, s: &State, k: usize) -> Option<Step> {
        let pairs = self.places_with(s, 2);
        // The options weakly linked to the pivot option `x` through an
        // item other than the places (`other`), or any (`any`), marked `x`:
        // a wing's test is then a look-up, not a walk of both options.
        let n = s.alive.len();
        let (mut other, mut any) = (vec![u32::MAX; n], vec![u32::MAX; n]);
        for pivot in self.places_with(s, k as u32) {
            let p: Vec<u32> = self.alive_options(s, pivot).collect();
            // Each pivot option's wings: (A's linked option, A's other).
            let mut wings = |x: u32| -> Vec<(u32, u32)> {
                for o in self.weak_neighbours(s, x, true) {
                    other[o as usize] = x;
                }
                for o in self.weak_neighbours(s, x, false) {
                    any[o as usize] = x;
                }
                let (other, any) = (&other, &any);
                pairs
                    .iter()
                    .filter(|&&a| a != pivot)
                    .filter_map(|&a| {
                        let mut two = self.alive_options(s, a);
                        let o = [two.next()?, two.next()?];
                        let sees = |y: u32, marks: &[u32]| marks[y as usize] == x;
                        if sees(o[0], other) && !sees(o[1], any) {
                            Some((o[0], o[1]))
                        } else if sees(o[1], other) && !sees(o[0], any) {
                            Some((o[1], o[0]))
                        } else {
                            None
                        }
                    })
                    .collect()
            };
            // Found once per pivot option, not per pairing.
            let wings_of: Vec<Vec<(u32, u32)>> = p.iter().map(|&x| wings(x)).collect();
            // The pivot option left free (k = 3) is each in turn.
            for free in 0..k {
                let linked: Vec<usize> = (0..k).filter(|&j| j != free || k == 2).collect();
                let (x, y) = (p[linked[0]], p[linked[1]]);
                for &(ax, a) in &wings_of[linked[0]] {
                    for &(by, b) in &wings_of[linked[1]] {
                        if ax == by || a == b {
                            continue;
                        }
                        let mut ends = vec![a, b];
                        if k == 3 {
                            ends.push(p[free]);
                        }
                        let mut pattern = p.clone();
                        pattern.extend([ax, a, by, b]);
                        let removed = self.seen_by_all(s, &ends, &pattern, true);
                        if !removed.is_empty() {
                            let mut options = vec![x, y];
                            if k == 3 {
                                options.push(p[free]);
                            }
                            options.extend([ax, a, by, b]);
                            return Some(step(Move::Wing(k), vec![pivot], options, None, removed));
                        }
                    }
                }
                if k == 2 {
                    break;
                }
            }
        }
        None
    }

    /// BUG+1: every open place has two options but one, which has three,
    /// and every other open primary item two; of the three, the option
    /// whose other items each have three is chosen (else the problem would
    /// have no solution or two).
    pub(super) fn find_bug(&self, s: &State) -> Option<Step> {
        let mut three = None;
        for i in 0..self.primary {
            if s.covered[i] {
                continue;
            }
            match (s.len[i], self.class[i] == self.places) {
                (2, _) => {}
                (3, true) if three.is_none() => three = Some(i as u32),
                (3, false) => {}
                _ => return None,
            }
        }
        let place = three?;
        let chosen = self.alive_options(s, place).find(|&k| {
            self.option(k)
                .iter()
                .all(|&i| i == place || i as usize >= self.primary || s.len[i as usize] == 3)
        })?;
        // Every other item with three options must be one of the chosen's.
        let others = (0..self.primary as u32)
            .filter(|&i| !s.covered[i as usize] && s.len[i as usize] == 3 && i != place);
        if others.clone().any(|i| !self.covers(chosen, i)) {
            return None;
        }
        let mut st = self.single_step_of(s, place, chosen);
        st.kind = Move::Bug;
        Some(st)
    }

    /// The step choosing option `k` of item `i`.
    pub(super) fn single_step_of(&self, s: &State, i: u32, k: u32) -> Step {
        let mut removed: Vec<u32> = self
            .option(k)
            .iter()
            .flat_map(|&j| self.alive_options(s, j))
            .filter(|&o| o != k)
            .collect();
        removed.sort_unstable();
        removed.dedup();
        step(Move::NakedSingle, vec![i], Vec::new(), Some(k), removed)
    }

    /// Whether an item may carry a link of a chain of `kind` (strong or
    /// weak alike).
    fn link_item(&self, kind: ChainKind, i: u32) -> bool {
        let place = self.class[i as usize] == self.places;
        match kind {
            ChainKind::X => !place,
            ChainKind::Any => true,
        }
    }

    /// The options strongly linked to `x` by an item a chain of `kind`
    /// may use, into `out` (cleared first).
    fn strong_from(&self, s: &State, kind: ChainKind, x: u32, out: &mut Vec<u32>) {
        out.clear();
        for &i in self.option(x) {
            let iu = i as usize;
            if iu < self.primary && !s.covered[iu] && s.len[iu] == 2 && self.link_item(kind, i) {
                out.extend(self.alive_options(s, i).filter(|&o| o != x));
            }
        }
    }

    /// The options weakly linked to `x` by an item a chain of `kind` may
    /// use, into `out` (cleared first).
    fn weak_from(&self, s: &State, kind: ChainKind, x: u32, out: &mut Vec<u32>) {
        out.clear();
        for &i in self.option(x) {
            if !s.covered[i as usize] && self.link_item(kind, i) {
                out.extend(self.alive_options(s, i).filter(|&o| o != x));
            }
        }
    }

    /// The shortest alternating chain of `kind`, at most `max_nodes`
    /// nodes, that removes something: `x1 = x2 - x3 = x4 ... = xn`, strong
    /// links first and last. If `x1` is false, `x2` is true, so `x3`
    /// false, `x4` true, ...: `x1` or `xn` is true, and an option weakly
    /// linked to both goes (for X-chains, through items other than the
    /// places).
    pub(super) fn find_chain(&self, s: &State, kind: ChainKind, max_nodes: usize) -> Option<Step> {
        let n = s.alive.len();
        let mut best: Option<(Vec<u32>, Vec<u32>)> = None;
        // Breadth first from each start: `on[o]` the true node before `o`
        // (reached as false), `to[o]` the false node before true node `o`.
        let mut from_false = vec![u32::MAX; n];
        let mut from_true = vec![u32::MAX; n];
        let mut touched = Vec::new();
        let mut seen = Vec::new();
        let (mut strong, mut weak) = (Vec::new(), Vec::new());
        let (mut layer, mut next) = (Vec::new(), Vec::new());
        let others_only = kind != ChainKind::Any;
        // `start`'s weak neighbours, marked `start`: the options both ends
        // see are then `t`'s neighbours so marked (Self::seen_by_all_into,
        // without a pairwise test of each).
        let mut mark = vec![u32::MAX; n];
        for start in 0..n as u32 {
            if !s.alive[start as usize] {
                continue;
            }
            let limit = best.as_ref().map_or(max_nodes, |(c, _)| c.len() - 2);
            if limit < 2 {
                break;
            }
            for o in self.weak_neighbours(s, start, others_only) {
                mark[o as usize] = start;
            }
            // Layer by layer: true nodes reached with 2, 4, ... nodes.
            layer.clear();
            self.strong_from(s, kind, start, &mut strong);
            for &t in &strong {
                if from_false[t as usize] == u32::MAX && t != start {
                    from_false[t as usize] = start;
                    touched.push(t);
                    layer.push(t);
                }
            }
            let mut nodes = 2;
            from_true[start as usize] = start;
            touched.push(start);
            while !layer.is_empty() && nodes <= limit {
                for &t in &layer {
                    seen.clear();
                    seen.extend(
                        self.weak_neighbours(s, t, others_only)
                            .filter(|&o| o != start && mark[o as usize] == start),
                    );
                    if seen.is_empty() {
                        continue;
                    }
                    seen.sort_unstable();
                    seen.dedup();
                    let removed = seen.clone();
                    let chain = self.chain_back(start, t, &from_false, &from_true);
                    if chain.len() == nodes && removed.iter().all(|r| !chain.contains(r)) {
                        best = Some((chain, removed));
                        break;
                    }
                }
                if best.as_ref().is_some_and(|(c, _)| c.len() <= nodes) {
                    break;
                }
                next.clear();
                for &t in &layer {
                    self.weak_from(s, kind, t, &mut weak);
                    for &f in &weak {
                        if from_true[f as usize] != u32::MAX {
                            continue;
                        }
                        from_true[f as usize] = t;
                        touched.push(f);
                        self.strong_from(s, kind, f, &mut strong);
                        for &u in &strong {
                            if from_false[u as usize] == u32::MAX && u != start {
                                from_false[u as usize] = f;
                                touched.push(u);
                                next.push(u);
                            }
                        }
                    }
                }
                std::mem::swap(&mut layer, &mut next);
                nodes += 2;
            }
            for &o in &touched {
                from_false[o as usize] = u32::MAX;
                from_true[o as usize] = u32::MAX;
            }
            touched.clear();
        }
        let (chain, removed) = best?;
        let mut st = step(Move::Chain(kind), Vec::new(), chain, None, removed);
        st.length = st.options.len();
        Some(st)
    }

    /// The chain from `start` to true node `t`, by the back links.
    fn chain_back(&self, start: u32, t: u32, from_false: &[u32], from_true: &[u32]) -> Vec<u32> {
        let mut chain = vec![t];
        let mut at = t;
        loop {
            let f = from_false[at as usize];
            chain.push(f);
            if f == start {
                break;
            }
            at = from_true[f as usize];
            chain.push(at);
        }
        chain.reverse();
        chain
    }

    /// The option whose choice leads by singles alone, in the fewest (at
    /// most `max_singles`), to an open primary item with no option left:
    /// it goes. Gives the emptied item, the option, and the singles' count
    /// as its length.
    pub(super) fn find_trial(&self, s: &State, max_singles: usize) -> Option<Step> {
        let (n, k, empty) = self.fewest_singles_to_contradiction(s, Within::All, max_singles)?;
        let mut st = step(Move::Trial, vec![empty], vec![k], None, vec![k]);
        st.length = n;
        Some(st)
    }

    /// Nishio (SE's, 7.5): the option whose choice on the items other
    /// than the places alone (for Sudoku: its digit's houses; the cell's
    /// other digits untouched) leads by singles on those items, in the
    /// fewest, at most `max_singles`, to one with no option left: it goes.
    /// Gives the emptied item, the option, and the singles' count as its
    /// length.
    pub(super) fn find_nishio(&self, s: &State, max_singles: usize) -> Option<Step> {
        let (n, k, empty) =
            self.fewest_singles_to_contradiction(s, Within::OffPlaces, max_singles)?;
        let mut st = step(Move::Nishio, vec![empty], vec![k], None, vec![k]);
        st.length = n;
        Some(st)
    }

    /// The alive option whose supposition `within` leads by singles
    /// `within`, in the fewest (at most `max_singles`; the first option of
    /// those), to an open primary item `within` with no option: the
    /// singles, the option and the item.
    fn fewest_singles_to_contradiction(
        &self,
        s: &State,
        within: Within,
        max_singles: usize,
    ) -> Option<(usize, u32, u32)> {
        let mut best: Option<(usize, u32, u32)> = None;
        let mut sp = self.supposer(s, within);
        for k in (0..s.alive.len() as u32).filter(|&k| s.alive[k as usize]) {
            let cap = best.map_or(max_singles, |(n, _, _)| n.saturating_sub(1));
            if let Some((n, empty)) = self.follow(&mut sp, k, cap, |_, _| {})
                && best.is_none_or(|(m, _, _)| n < m)
            {
                best = Some((n, k, empty));
            }
        }
        best
    }

    /// Suppositions on `s` `within`, each on a copy of it.
    pub(super) fn supposer<'s>(&self, s: &'s State, within: Within) -> Supposer<'s> {
        Supposer {
            s,
            within,
            // A supposition changes only the items of the options it
            // kills, which the singles look at first: the others that
            // follow are those that did before it.
            before: (0..self.primary as u32)
                .filter(|&i| self.follows(s, i, within))
                .collect(),
            t: s.clone(),
            killed: Vec::new(),
            todo: Vec::new(),
        }
    }

    /// Supposes option `src` (alive) true on a copy of `sp`'s state and
    /// follows it by at most `cap` singles ([`Self::singles_to_contradiction`],
    /// which tells `reached` each node): the singles made and the item
    /// emptied if it ends in a contradiction, else `None`.
    pub(super) fn follow(
        &self,
        sp: &mut Supposer<'_>,
        src: u32,
        cap: usize,
        mut reached: impl FnMut(u32, usize),
    ) -> Option<(usize, u32)> {
        // A copy into the same buffers, not a new state each time.
        let (s, t) = (sp.s, &mut sp.t);
        t.alive.copy_from_slice(&s.alive);
        t.covered.copy_from_slice(&s.covered);
        t.len.copy_from_slice(&s.len);
        t.open = s.open;
        sp.killed.clear();
        self.suppose(t, src, sp.within, &mut sp.killed);
        sp.todo.clear();
        sp.todo.extend_from_slice(&sp.before);
        let buffers = (&mut sp.killed, &mut sp.todo);
        self.singles_to_contradiction(t, cap, sp.within, buffers, &mut reached)
    }

    /// Chooses option `k` (alive) `within`: covers its items (all, or all
    /// but the places) and kills every other option on them, pushing the
    /// options it kills to `killed`.
    fn suppose(&self, t: &mut State, k: u32, within: Within, killed: &mut Vec<u32>) {
        match within {
            Within::All => self.choose_with(t, k, |o| killed.push(o)),
            Within::OffPlaces => {
                t.alive[k as usize] = false;
                for &i in self.option(k) {
                    let iu = i as usize;
                    if self.class[iu] == self.places || t.covered[iu] {
                        continue;
                    }
                    t.covered[iu] = true;
                    if iu < self.primary {
                        t.open -= 1;
                    }
                    for &o in self.options_of(i) {
                        if t.alive[o as usize] {
                            killed.push(o);
                            self.kill(t, o);
                        }
                    }
                }
            }
        }
    }

    /// Whether item `i` is an open primary item `within` with at most one
    /// option in `t`: one the singles after a supposition act on.
    fn follows(&self, t: &State, i: u32, within: Within) -> bool {
        let iu = i as usize;
        iu < self.primary
            && !t.covered[iu]
            && t.len[iu] <= 1
            && (within == Within::All || self.class[iu] != self.places)
    }

    /// Singles `within` on `t`, after a supposition that killed `killed`,
    /// until an open primary item `within` has no option (its index, and
    /// the singles made), at most `cap` singles; `None` if they stall or
    /// solve first. `todo` holds the items that [`Self::follows`] took
    /// before the supposition. Each time the first item emptied, else the
    /// first with one option; only the items of the options a single (or
    /// the supposition) kills can change, so only they are looked at
    /// again. `reached` is told each option killed (node `2k`) and each chosen
    /// by a single (node `2k + 1`) with the singles made by then, the
    /// chosen one's included.
    fn singles_to_contradiction(
        &self,
        t: &mut State,
        cap: usize,
        within: Within,
        (killed, todo): (&mut Vec<u32>, &mut Vec<u32>),
        reached: &mut impl FnMut(u32, usize),
    ) -> Option<(usize, u32)> {
        let follows = |t: &State, i: u32| self.follows(t, i, within);
        let mut made = 0;
        loop {
            for &o in killed.iter() {
                reached(2 * o, made);
                for &i in self.option(o) {
                    if follows(t, i) && !todo.contains(&i) {
                        todo.push(i);
                    }
                }
            }
            killed.clear();
            todo.retain(|&i| follows(t, i));
            let (mut empty, mut single) = (None, None);
            for &i in todo.iter() {
                let slot = match t.len[i as usize] {
                    0 => &mut empty,
                    _ => &mut single,
                };
                if slot.is_none_or(|s| i < s) {
                    *slot = Some(i);
                }
            }
            if let Some(i) = empty {
                return Some((made, i));
            }
            if made >= cap {
                return None;
            }
            let k = self.alive_options(t, single?).next().expect("len 1");
            self.suppose(t, k, within, killed);
            made += 1;
            reached(2 * k + 1, made);
        }
    }
}

/// Suppositions on one state ([`Deducer::supposer`]), each followed on a
/// copy of it in the same buffers.
pub(super) struct Supposer<'s> {
    s: &'s State,
    within: Within,
    /// The open items `within` with at most one option in `s`.
    before: Vec<u32>,
    /// The copy, and the options killed and the items to look at since.
    t: State,
    killed: Vec<u32>,
    todo: Vec<u32>,
}

/// Which items a supposition covers and its singles follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Within {
    /// Every item: a trial.
    All,
    /// Every item but the places: a Nishio.
    OffPlaces,
}
