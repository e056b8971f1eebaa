//! Algorithm M (TAOCP 7.2.2.1, Knuth's DLX3): exact cover with
//! multiplicities. A primary item with bounds `lo..=hi`
//! ([`Problem::set_multiplicity`]) must be covered between `lo` and `hi`
//! times; every other primary item exactly once, secondary items as in
//! DLX2 (at most once, or by options that agree on a color).
//!
//! [`MultiMatrix`] dances on the very links [`Matrix`] lays out (the same
//! nodes, spacers, lengths and item lists, so cover, hide and purify are
//! [`Matrix`]'s own) and adds, for each primary item, DLX3's `bound` (how
//! many more options of it the partial solution may take) and `slack`
//! (`hi - lo`, fixed). The search is DLX3's, step for step:
//!
//! * **Branching.** Among the active primary items, the one with the
//!   least score `len + s - bound + 1`, where `s = min(slack, bound)`: the
//!   number of ways to go on with it (take one of its first options, or,
//!   when the slack allows, none more). Ties go to the smaller `s`, then
//!   the longer list, then the first in the item list. A score of 0 or
//!   less is a dead end (the first such item is taken at once: any would
//!   do, as the level backs down at once); no active item is a solution.
//! * **Moves.** The branching item's bound drops by one. With no slack
//!   and bound 0 it is covered and its options are tried as in DLX1.
//!   Otherwise each option tried is *tweaked* (taken out of the item's
//!   list, and hidden from the others unless the item was covered because
//!   its bound reached 0), so that later levels take only later options:
//!   every solution, a set of options, is met exactly once. Once fewer
//!   options are left than the lower bound still needs, the level is
//!   done; an empty list with slack to spare is a *null move*, in which
//!   the item leaves the active list with no option taken.
//! * **Other items** of a chosen option: a primary item's bound drops by
//!   one and the item is covered when it reaches 0; secondary items are
//!   covered or purified as in DLX2.
//! * **Statistics** as DLX3 counts them: a node per level entered
//!   (solutions and dead ends included); an update per item covered, per
//!   node hidden and per node tweaked out of a list.
//!
//! Problems without multiplicities never come here
//! ([`Problem::engine`]): DLX1's loop ([`Search::search`](crate::dlx::Search::search)) keeps its tree,
//! its statistics and its speed.
//!
//! # Invariants
//!
//! * Outside a search ([`Search::search`](super::Search::search)) the links are exactly as built and
//!   every bound is its item's `hi`: a search restores both however it
//!   ends, undoing every level on its stack in reverse order.
//! * An active item's `bound` is positive, and its list holds exactly the
//!   options that may still join the partial solution; a covered primary
//!   item has bound 0.
//! * The tree is not split for threads or shares: a path of Algorithm M is
//!   not a list of options (null moves and tweaks are part of it), so
//!   [`super::parallel::Plan::split`] gives such a problem one subproblem.

use bumpalo::Bump;

use super::builder::{BuildError, Problem};
use super::links::COVERED;
use super::search::{ForceError, Outcome, Progress, SearchLimits, Solution, Stats, Visitor};
use super::{Matrix, OptionId};

/// One level of the search: the item branched on and the move being tried.
#[derive(Clone, Copy, Debug)]
struct Level {
    /// Header of the item branched on.
    item: u32,
    /// The option node being tried, or `item` itself for the null move.
    choice: u32,
    /// The first node of the item's list when the level began (DLX3's
    /// `first_tweak`), where untweaking starts; unused when the item was
    /// covered without slack.
    first_tweak: u32,
    /// The branching score (the number of moves at this level).
    score: u32,
    /// Moves entered so far at this level.
    tried: u32,
}

/// Where the search loop goes next (DLX3's labels).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// Enter a new level (`forward`).
    Forward,
    /// Try the move `choice` of the top level, or end it (`advance`).
    Advance,
    /// Restore the top level's item and leave the level (`backup`).
    Backup,
    /// Undo the top level's move, to try the next (`backdown`).
    Backdown,
}

/// A problem with multiplicities, compiled for Algorithm M. See the
/// [module docs](self).
pub(crate) struct MultiMatrix<'a> {
    links: Matrix<'a>,
    /// By header: how many more options of the item may be chosen.
    bound: Vec<i32>,
    /// By header: `hi - lo` (0 for secondary items, which never use it).
    slack: Vec<i32>,
    levels: Vec<Level>,
    /// The options chosen on the current path (a solution's, or a
    /// progress report's), null moves left out.
    chosen: Vec<u32>,
    /// (position, moves) of each level, for progress reports.
    path: Vec<(u32, u32)>,
}

impl<'a> MultiMatrix<'a> {
    /// Compiles `problem`, multiplicities and all; its links live in
    /// `arena`.
    pub(crate) fn build(problem: &Problem, arena: &'a Bump) -> Result<Self, BuildError> {
        problem.links_only()?;
        let links = problem.build_links(arena)?;
        let headers = links.item_count() + 2;
        let (mut bound, mut slack) = (vec![0i32; headers], vec![0i32; headers]);
        for (item, &(lo, hi)) in problem.bounds.iter().enumerate() {
            let h = links.header_of_item[item] as usize;
            if h <= links.primary_count() {
                // Bounds are at most MAX_MULTIPLICITY = 2^30: they fit.
                bound[h] = hi as i32;
                slack[h] = (hi - lo) as i32;
            }
        }
        Ok(MultiMatrix {
            links,
            bound,
            slack,
            levels: Vec::with_capacity(problem.option_count() + problem.item_count() + 1),
            chosen: Vec::new(),
            path: Vec::new(),
        })
    }

    /// Link updates since the matrix was built, counted as DLX3 counts
    /// them.
    pub(crate) fn updates(&self) -> u64 {
        self.links.updates()
    }

    /// Checks every link and length ([`Matrix::sanity`]).
    #[cfg(any(test, feature = "unstable"))]
    pub fn sanity(&self) -> Result<(), super::links::SanityError> {
        self.links.sanity()
    }

    /// A hash of the links and the bounds ([`Matrix::state_digest`]).
    #[cfg(any(test, feature = "unstable"))]
    pub fn state_digest(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.links.state_digest().hash(&mut h);
        self.bound.hash(&mut h);
        h.finish()
    }

    /// Algorithm M: visits solutions until the tree is exhausted, a limit
    /// is reached or the visitor stops it, then restores the matrix.
    ///
    /// One piece, as Knuth writes Algorithm M (his `forward`, `advance`,
    /// `backdown` and `backup` labels, the variants of `Step`): the steps
    /// jump to one another in more than one order, which a loop over a
    /// `Step` follows directly; split into functions, each would take and
    /// return the whole state of the search (the stack, the statistics,
    /// the visitor), and the jumps would become returned codes.
    pub(super) fn run<V: Visitor>(
        &mut self,
        visitor: &mut V,
        limits: SearchLimits,
    ) -> (Outcome, Stats) {
        let updates_before = self.links.updates;
        let mut stats = Stats::default();
        let mut step = Step::Forward;
        let outcome = loop {
            match step {
                Step::Forward => {
                    if stats.nodes >= limits.max_nodes {
                        break Outcome::NodeLimit;
                    }
                    stats.nodes += 1;
                    if stats.nodes & (V::TICK_NODES - 1) == 0 {
                        stats.updates = self.links.updates - updates_before;
                        self.read_path();
                        let progress =
                            Progress::with_path(&self.links, &self.chosen, &self.path, stats);
                        if visitor.tick(&progress).is_break() {
                            break Outcome::Stopped;
                        }
                    }
                    let Some((item, score)) = self.choose_item() else {
                        stats.solutions += 1;
                        self.read_path();
                        let solution = Solution::new(&self.links, &self.chosen);
                        if visitor.solution(&solution).is_break() {
                            break Outcome::Stopped;
                        }
                        if stats.solutions >= u128::from(limits.max_solutions) {
                            break Outcome::SolutionLimit;
                        }
                        step = Step::Backdown;
                        continue;
                    };
                    if score <= 0 {
                        step = Step::Backdown;
                        continue;
                    }
                    let h = item as usize;
                    let first = self.links.nodes[h].down;
                    self.bound[h] -= 1;
                    if self.bound[h] == 0 {
                        self.links.cover(item);
                    }
                    self.levels.push(Level {
                        item,
                        choice: first,
                        first_tweak: first,
                        // At most the list's length plus one.
                        score: score as u32,
                        tried: 0,
                    });
                    step = Step::Advance;
                }
                Step::Advance => {
                    let Some(&Level {
                        item, choice: x, ..
                    }) = self.levels.last()
                    else {
                        break Outcome::Exhausted;
                    };
                    let h = item as usize;
                    let (bound, slack) = (self.bound[h], self.slack[h]);
                    if bound == 0 && slack == 0 {
                        if x == item {
                            step = Step::Backup;
                            continue;
                        }
                    } else if i64::from(self.links.lens[h] & !COVERED) <= i64::from(bound - slack) {
                        step = Step::Backup;
                        continue;
                    } else if x != item {
                        self.tweak(x, bound != 0);
                    } else if bound != 0 {
                        self.deactivate(item);
                    }
                    if x != item {
                        self.commit_others(x);
                    }
                    if let Some(top) = self.levels.last_mut() {
                        top.tried += 1;
                    }
                    step = Step::Forward;
                }
                Step::Backup => {
                    self.restore_top_item();
                    step = Step::Backdown;
                }
                Step::Backdown => {
                    let Some(&Level {
                        item, choice: x, ..
                    }) = self.levels.last()
                    else {
                        break Outcome::Exhausted;
                    };
                    self.undo_move(item, x);
                    if x == item {
                        step = Step::Backup;
                    } else {
                        let next = self.links.nodes[x as usize].down;
                        if let Some(top) = self.levels.last_mut() {
                            top.choice = next;
                        }
                        step = Step::Advance;
                    }
                }
            }
        };
        // Stopped early: undo every level still on the stack.
        while let Some(&Level {
            item, choice: x, ..
        }) = self.levels.last()
        {
            self.undo_move(item, x);
            self.restore_top_item();
        }
        stats.updates = self.links.updates - updates_before;
        (outcome, stats)
    }

    /// The active primary item of least score, by DLX3's rule (see the
    /// [module docs](self)), and its score; `None` when no primary item is
    /// active (a solution). The first item with a score of 0 or less is
    /// returned at once: it may not be DLX3's, but either is a dead end.
    fn choose_item(&self) -> Option<(u32, i64)> {
        let mut k = self.links.items[0].next;
        if k == 0 {
            return None;
        }
        let (mut best, mut score, mut best_s, mut best_len) = (k, i64::MAX, 0, 0);
        while k != 0 {
            let h = k as usize;
            let bound = self.bound[h];
            let s = self.slack[h].min(bound);
            let len = self.links.lens[h] & !COVERED;
            let t = i64::from(len) + i64::from(s) - i64::from(bound) + 1;
            if t <= 0 {
                // A dead end whichever item shows it: the level backs
                // down at once, changing nothing, so DLX3's statistics
                // are the same as if it had scanned on.
                return Some((k, t));
            }
            if t < score || (t == score && (s < best_s || (s == best_s && len > best_len))) {
                (best, score, best_s, best_len) = (k, t, s, len);
            }
            k = self.links.items[h].next;
        }
        Some((best, score))
    }

    /// Undoes the move `x` of the top level (branching on `item`): the
    /// other items of its option, or the null move's leaving the active
    /// list.
    fn undo_move(&mut self, item: u32, x: u32) {
        if x != item {
            self.uncommit_others(x);
        } else if self.bound[item as usize] != 0 {
            self.reactivate(item);
        }
        // With bound 0 the item was covered, and uncovering it relinks it.
    }

    /// Restores the top level's item as it was when the level began, and
    /// pops the level.
    fn restore_top_item(&mut self) {
        let Some(Level {
            item, first_tweak, ..
        }) = self.levels.pop()
        else {
            return;
        };
        let h = item as usize;
        if self.bound[h] == 0 && self.slack[h] == 0 {
            self.links.uncover(item);
        } else {
            self.untweak(item, first_tweak, self.bound[h] != 0);
        }
        self.bound[h] += 1;
    }

    /// Takes node `n`, the first of its item's list, out of that list; with
    /// `block`, hides its option from the other items' lists too (without,
    /// the item is covered and they are hidden already).
    fn tweak(&mut self, n: u32, block: bool) {
        if block {
            self.links.hide(n);
        }
        let node = self.links.nodes[n as usize];
        self.links.nodes[node.up as usize].down = node.down;
        self.links.nodes[node.down as usize].up = node.up;
        self.links.lens[node.top as usize] -= 1;
        self.links.updates += 1;
    }

    /// Undoes the tweaks of item `c` since its list began with node `x`
    /// (DLX3's `untweak`): the tweaked nodes still link down to each other,
    /// so walking down from `x` to the present first node restores their
    /// `up` links. With `unblock` their options come back to the other
    /// lists (last tweaked first); without, the item was covered, and is
    /// uncovered.
    fn untweak(&mut self, c: u32, x: u32, unblock: bool) {
        let nodes = &mut *self.links.nodes;
        let z = nodes[c as usize].down;
        nodes[c as usize].down = x;
        let (mut prev, mut r, mut k) = (c, x, 0);
        while r != z {
            nodes[r as usize].up = prev;
            k += 1;
            prev = r;
            r = nodes[r as usize].down;
        }
        nodes[z as usize].up = prev;
        self.links.lens[c as usize] += k;
        if !unblock {
            self.links.uncover(c);
            return;
        }
        let mut r = prev;
        while r != c {
            self.links.unhide(r);
            r = self.links.nodes[r as usize].up;
        }
    }

    fn deactivate(&mut self, h: u32) {
        let items = &mut *self.links.items;
        let link = items[h as usize];
        items[link.prev as usize].next = link.next;
        items[link.next as usize].prev = link.prev;
    }

    fn reactivate(&mut self, h: u32) {
        let items = &mut *self.links.items;
        let link = items[h as usize];
        items[link.prev as usize].next = h;
        items[link.next as usize].prev = h;
    }

    /// Commits the items of node `x`'s option other than `x`'s own: a
    /// primary item's bound drops, and the item is covered at 0; secondary
    /// items as in DLX2.
    fn commit_others(&mut self, x: u32) {
        let primary = self.links.primary_count() as i32;
        let mut p = x + 1;
        while p != x {
            let node = self.links.nodes[p as usize];
            if node.top <= 0 {
                p = node.up;
                continue;
            }
            if node.top <= primary {
                let h = node.top as usize;
                self.bound[h] -= 1;
                if self.bound[h] == 0 {
                    self.links.cover(h as u32);
                }
            } else {
                self.links.commit(p);
            }
            p += 1;
        }
    }

    /// Undoes [`Self::commit_others`], in reverse order.
    fn uncommit_others(&mut self, x: u32) {
        let primary = self.links.primary_count() as i32;
        let mut p = x - 1;
        while p != x {
            let node = self.links.nodes[p as usize];
            if node.top <= 0 {
                p = node.down;
                continue;
            }
            if node.top <= primary {
                let h = node.top as usize;
                if self.bound[h] == 0 {
                    self.links.uncover(h as u32);
                }
                self.bound[h] += 1;
            } else {
                self.links.uncommit(p);
            }
            p -= 1;
        }
    }

    /// Fills `chosen` with the current path's options and `path` with each
    /// level's (position, moves).
    fn read_path(&mut self) {
        self.chosen.clear();
        self.path.clear();
        for level in &self.levels {
            if level.choice != level.item {
                self.chosen.push(level.choice);
            }
            let moves = level.score.max(level.tried);
            self.path.push((level.tried.saturating_sub(1), moves));
        }
    }

    /// Enters a path of the tree: only the root (the empty path), since
    /// the tree is never split.
    pub(super) fn goto(&mut self, prefix: &[OptionId]) -> Result<(), ForceError> {
        match prefix {
            [] => Ok(()),
            _ => Err(ForceError::Multiplicities),
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::super::brute_force::count_by_brute_force;
    use super::super::{Color, EngineKind, ItemId, ItemKind};
    use super::*;
    use crate::dlx::Search;

    /// Knuth's example from dlx3.w: `A B 2:3|C | X Y`, one solution.
    fn knuths_example() -> Problem {
        let text = "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
        crate::dlx::knuth::parse(text).unwrap().0.problem
    }

    #[test]
    fn solves_knuths_dlx3_example() {
        let p = knuths_example();
        assert!(p.has_multiplicities());
        let arena = Bump::new();
        let mut m = MultiMatrix::build(&p, &arena).unwrap();
        let before = m.state_digest();
        let mut sol = m.first_solution().unwrap();
        sol.sort();
        assert_eq!(sol, [OptionId(1), OptionId(3), OptionId(4)]);
        assert_eq!(m.count_up_to(u64::MAX).solutions, 1);
        m.sanity().unwrap();
        assert_eq!(m.state_digest(), before);
        assert_eq!(count_by_brute_force(&p), Some(1));
    }

    #[test]
    fn two_of_three_and_optional_items() {
        let arena = Bump::new();
        // Item a: 2 of its 3 options; item b optional (0..=1), with
        // options b and {a, b}.
        let mut p = Problem::new();
        let a = p.add_item(ItemKind::Primary);
        let b = p.add_item(ItemKind::Primary);
        p.set_multiplicity(a, 2, 2).unwrap();
        p.set_multiplicity(b, 0, 1).unwrap();
        p.add_option(&[a]).unwrap();
        p.add_option(&[a]).unwrap();
        p.add_option(&[a, b]).unwrap();
        p.add_option(&[b]).unwrap();
        let want = count_by_brute_force(&p).unwrap();
        assert_eq!(want, 4);
        let mut m = MultiMatrix::build(&p, &arena).unwrap();
        assert_eq!(m.count_up_to(u64::MAX).solutions, want);
        // All optional: the empty set is a solution too.
        let mut p = Problem::new();
        let a = p.add_item(ItemKind::Primary);
        p.set_multiplicity(a, 0, 2).unwrap();
        for _ in 0..3 {
            p.add_option(&[a]).unwrap();
        }
        let mut m = MultiMatrix::build(&p, &arena).unwrap();
        assert_eq!(m.count_up_to(u64::MAX).solutions, 1 + 3 + 3);
    }

    #[test]
    fn the_engine_runs_multiplicities_on_algorithm_m() {
        let p = knuths_example();
        let arena = Bump::new();
        assert_eq!(EngineKind::Auto.resolve(&p), EngineKind::Links);
        let mut e = p.engine(&arena, EngineKind::Auto).unwrap();
        assert_eq!(e.kind(), EngineKind::Links);
        assert_eq!(e.count_up_to(u64::MAX).solutions, 1);
        // Colors keep it off the bit sets' Algorithm M.
        assert_eq!(
            p.engine(&arena, EngineKind::Bits).err(),
            Some(BuildError::Colored)
        );
        assert_eq!(p.build(&arena).err(), Some(BuildError::Multiplicities));
        assert_eq!(e.force_all(&[OptionId(0)]), Err(ForceError::Multiplicities));
    }

    /// A pseudo-random problem with bounds and secondary items, with
    /// colors on some of them if `colors`.
    pub(in crate::dlx) fn random_problem(
        next: &mut impl FnMut(u64) -> u64,
        colors: bool,
    ) -> Problem {
        let mut p = Problem::new();
        let prim = 1 + next(4) as usize;
        let sec = next(3) as usize;
        let items: Vec<ItemId> = p
            .add_items(ItemKind::Primary, prim)
            .chain(p.add_items(ItemKind::Secondary, sec))
            .collect();
        for &i in &items[..prim] {
            let hi = 1 + next(3) as u32;
            let lo = next(u64::from(hi) + 1) as u32;
            p.set_multiplicity(i, lo, hi).unwrap();
        }
        for _ in 0..next(13) {
            let mut opt = vec![(items[next(prim as u64) as usize], None)];
            for &q in &items[..prim] {
                if next(3) == 0 && !opt.iter().any(|(i, _)| *i == q) {
                    opt.push((q, None));
                }
            }
            for &s in &items[prim..] {
                match next(4) {
                    0 => opt.push((s, None)),
                    1 if colors => opt.push((s, Some(Color(1 + next(2) as u32)))),
                    1 => opt.push((s, None)),
                    _ => {}
                }
            }
            p.add_colored_option(opt).unwrap();
        }
        p
    }

    /// A pseudo-random number below its argument, from a fixed seed.
    pub(in crate::dlx) fn generator() -> impl FnMut(u64) -> u64 {
        seeded(0x9e37_79b9_7f4a_7c15)
    }

    /// A pseudo-random number below its argument, from `seed` (a linear
    /// congruential generator: deterministic tests).
    pub(in crate::dlx) fn seeded(mut seed: u64) -> impl FnMut(u64) -> u64 {
        move |bound: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % bound
        }
    }

    #[test]
    fn counts_agree_with_brute_force_and_stops_restore() {
        let mut next = generator();
        for _ in 0..400 {
            let p = random_problem(&mut next, true);
            let arena = Bump::new();
            let mut m = MultiMatrix::build(&p, &arena).unwrap();
            let before = m.state_digest();
            let count = m.count_up_to(u64::MAX);
            assert_eq!(Some(count.solutions), count_by_brute_force(&p), "{p:?}");
            m.sanity().unwrap();
            assert_eq!(m.state_digest(), before);
            // Every solution is a distinct set of options.
            let mut seen = std::collections::BTreeSet::new();
            m.for_each_solution(|s| {
                let mut o: Vec<_> = s.options().collect();
                o.sort();
                assert!(seen.insert(o), "{p:?}");
                std::ops::ControlFlow::Continue(())
            });
            for limit in 1..=count.solutions as u64 {
                assert_eq!(m.count_up_to(limit).solutions, limit.into());
                assert_eq!(m.state_digest(), before);
            }
            for budget in 0..count.stats.nodes {
                let c = m.count_with(SearchLimits {
                    max_nodes: budget,
                    ..SearchLimits::UNLIMITED
                });
                assert_eq!(c.outcome, Outcome::NodeLimit);
                assert_eq!(c.stats.nodes, budget);
                m.sanity().unwrap();
                assert_eq!(m.state_digest(), before);
            }
        }
    }
}
