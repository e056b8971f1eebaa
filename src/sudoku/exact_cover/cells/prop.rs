//! Propagation to a fixed point on one node's masks (see the parent
//! module): placed cells' digits leave their peers, then the rules whose
//! cells changed run, cheap ones first. Each rule's method returns `false`
//! for a dead end.

use super::{BULB_WORDS, MAX_GROUP, MAX_LINE, MAX_TRIADS, Model, PLACED, Rule, SUM_WORDS, Total};

/// The queues of one propagation, kept between nodes.
#[derive(Clone, Debug, Default)]
pub(super) struct Queues {
    /// Cells left with one digit, not yet placed.
    singles: Vec<u16>,
    /// The rules to run: bit `k % 64` of word `k / 64` for rule `k`. The
    /// model numbers its rules in the order they should run (by tier, then
    /// fewer cells first), so the lowest rule queued runs next.
    queued: Vec<u64>,
    /// Candidates cleared since the count was last taken.
    pub(super) removed: u64,
    /// Each cell's weight for the choice: 1 and its dead ends so far.
    pub(super) weight: Vec<u32>,
    /// For each rule, its groups' last sums if it is a sum ([`SumMemo`]).
    sums: Vec<SumMemo>,
}

/// For each group of a sum, what was last found for it, at whatever node
/// that was. Checked by content, so it holds at any node and needs no
/// undoing.
type SumMemo = Vec<GroupMemo>;

/// What was last found for a group of a sum ([`SumMemo`]).
#[derive(Clone, Copy, Debug, Default)]
struct GroupMemo {
    /// The masks its sums were last found from, and those sums (what its
    /// fillings make): a group whose masks are the same has the same sums,
    /// so they are not found again.
    seen: [u32; MAX_GROUP],
    sums: u128,
    /// The masks it was last left with when narrowed to the fillings of
    /// some sums, and those sums: narrowing again to the same sums removes
    /// nothing from those masks (each digit kept has a filling of digits
    /// kept), so it is skipped.
    trimmed: ([u32; MAX_GROUP], u128),
}

/// The digits of a group's cells `g` (unused places 0).
fn masks_of(cand: &[u32], g: &[u16]) -> [u32; MAX_GROUP] {
    let mut m = [0u32; MAX_GROUP];
    for (x, &c) in m.iter_mut().zip(g) {
        *x = cand[c as usize] & !PLACED;
    }
    m
}

/// A sum rule as its run sees it: its index, its groups and where its
/// state starts in the level's words ([`Model::width`]).
#[derive(Clone, Copy)]
struct SumAt<'a> {
    k: usize,
    groups: &'a [Vec<u16>],
    at: usize,
}

impl SumAt<'_> {
    /// The sums group `i` may still make, in a node's words `cand`.
    fn sums(self, cand: &[u32], i: usize) -> u128 {
        let word = self.at + SUM_WORDS * i;
        let words = &cand[word..word + SUM_WORDS];
        words
            .iter()
            .rev()
            .fold(0, |set, &w| set << 32 | u128::from(w))
    }

    /// Sets the sums group `i` may still make, in a node's words `cand`.
    fn set_sums(self, cand: &mut [u32], i: usize, set: u128) {
        let word = self.at + SUM_WORDS * i;
        for (j, w) in cand[word..word + SUM_WORDS].iter_mut().enumerate() {
            *w = (set >> (32 * j)) as u32;
        }
    }
}

/// One propagation: the model, a node's masks and the queues.
pub(super) struct Ctx<'a> {
    pub(super) model: &'a Model,
    pub(super) cand: &'a mut [u32],
    pub(super) q: &'a mut Queues,
}

/// The digits (`0`-based bit indices) of a mask.
fn bits(mut m: u32) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let b = m.trailing_zeros();
            m &= m - 1;
            b
        })
    })
}

/// A set of sums (bit `s` for sum `s`), in 64 or 128 bits.
trait SumSet: Copy + PartialEq {
    /// The set of the sum 0.
    const ONE: Self;
    /// The empty set.
    const ZERO: Self;
    /// The sums `a + b` of every `a` of one set and `b` of the other (those
    /// past the width dropped).
    fn add(self, other: Self) -> Self;
    /// The sums `t - v` for its sums `v <= t`.
    fn mirror(self, t: u32) -> Self;
    fn shl(self, s: u32) -> Self;
    fn shr(self, s: u32) -> Self;
    /// The sums `s..s + 32` as bits `0..32`: the digits `d` (bit `d - 1`)
    /// that make sums of the set when added to `s - 1`.
    fn window(self, s: u32) -> u32;
    fn and(self, other: Self) -> Self;
    fn or(self, other: Self) -> Self;
    fn is_empty(self) -> bool;
    /// Whether it holds one sum.
    fn is_one(self) -> bool;
    /// Its least sum.
    fn least(self) -> u32;
    /// Its least sum, taken out.
    fn pop(&mut self) -> u32;
    /// As 128 bits.
    fn wide(self) -> u128;
    /// From 128 bits, the sums past its width dropped.
    fn from_wide(wide: u128) -> Self;
}

macro_rules! sum_set {
    ($t:ty) => {
        impl SumSet for $t {
            const ONE: Self = 1;
            const ZERO: Self = 0;
            #[inline]
            fn add(self, other: Self) -> Self {
                let (few, many) = if self.count_ones() <= other.count_ones() {
                    (self, other)
                } else {
                    (other, self)
                };
                let mut out = 0;
                let mut f = few;
                while f != 0 {
                    out |= many << f.trailing_zeros();
                    f &= f - 1;
                }
                out
            }
            #[inline]
            fn mirror(self, t: u32) -> Self {
                self.reverse_bits() >> (<$t>::BITS - 1 - t)
            }
            #[inline]
            fn shl(self, s: u32) -> Self {
                self << s
            }
            #[inline]
            fn shr(self, s: u32) -> Self {
                self >> s
            }
            #[inline]
            fn window(self, s: u32) -> u32 {
                (self >> s) as u32
            }
            #[inline]
            fn and(self, other: Self) -> Self {
                self & other
            }
            #[inline]
            fn or(self, other: Self) -> Self {
                self | other
            }
            #[inline]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline]
            fn is_one(self) -> bool {
                self.is_power_of_two()
            }
            #[inline]
            fn least(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline]
            fn pop(&mut self) -> u32 {
                let b = self.trailing_zeros();
                *self &= *self - 1;
                b
            }
            #[inline]
            fn wide(self) -> u128 {
                self as u128
            }
            #[inline]
            fn from_wide(wide: u128) -> Self {
                wide as $t
            }
        }
    };
}
sum_set!(u64);
sum_set!(u128);

/// What a line's open groups add up to: a number (the total less the
/// groups with one sum left), or an arrow's bulb with that offset.
#[derive(Clone, Copy)]
enum Goal<'a> {
    Fixed(u32),
    Bulb(&'a [u16], u32),
}

/// The sums (bit `s`) that different digits of cells with masks `m` make.
fn group_sums(m: &[u32]) -> u128 {
    // Below 64 while the digits are below 21 (three of them at most).
    if m.iter().fold(0, |u, &x| u | x) < 1 << 20 {
        sums_of::<u64>(m).wide()
    } else {
        sums_of::<u128>(m)
    }
}

/// [`group_sums`] in sets of type `B`, wide enough for them.
fn sums_of<B: SumSet>(m: &[u32]) -> B {
    let digits = |mask: u32| B::from_wide(u128::from(mask));
    match *m {
        [a] => digits(a).shl(1),
        [a, b] => bits(a).fold(B::ZERO, |s, x| s.or(digits(b & !(1 << x)).shl(x + 2))),
        [a, b, c] => bits(a).fold(B::ZERO, |s, x| {
            bits(b & !(1 << x)).fold(s, |s, y| {
                s.or(digits(c & !(1 << x | 1 << y)).shl(x + y + 3))
            })
        }),
        _ => unreachable!("groups hold 1 to MAX_GROUP cells"),
    }
}

/// For each cell of a group with masks `m` (cells that see each other),
/// the digits it has in some filling whose sum is in `keep`.
fn fillings_used<B: SumSet>(m: &[u32], keep: B) -> [u32; MAX_GROUP] {
    let mut used = [0; MAX_GROUP];
    match *m {
        [a] => used[0] = a & keep.window(1),
        [a, b] => {
            for x in bits(a) {
                // The second digits that make a sum kept after `x + 1`.
                let zs = b & !(1 << x) & keep.window(x + 2);
                if zs != 0 {
                    used[0] |= 1 << x;
                    used[1] |= zs;
                }
            }
        }
        [a, b, c] => {
            for x in bits(a) {
                let after = keep.shr(x + 1);
                for y in bits(b & !(1 << x)) {
                    let zs = c & !(1 << x | 1 << y) & after.window(y + 2);
                    if zs != 0 {
                        used[0] |= 1 << x;
                        used[1] |= 1 << y;
                        used[2] |= zs;
                    }
                }
            }
        }
        _ => unreachable!("groups hold 1 to MAX_GROUP cells"),
    }
    used
}

impl Ctx<'_> {
    /// Starts a propagation with every rule queued (the root).
    pub(super) fn queue_all(&mut self) {
        self.reset();
        for k in 0..self.model.rules.len() {
            self.enqueue(k as u32);
        }
        for c in 0..self.model.n * self.model.n {
            if self.cand[c] & PLACED == 0 && self.cand[c].is_power_of_two() {
                self.q.singles.push(c as u16);
            }
        }
    }

    /// Empties the queues (a dead end may leave some behind).
    pub(super) fn reset(&mut self) {
        if self.q.sums.len() != self.model.rules.len() {
            self.q.sums = vec![SumMemo::new(); self.model.rules.len()];
        }
        self.q.queued.clear();
        self.q.queued.resize(self.model.rules.len().div_ceil(64), 0);
        self.q.singles.clear();
    }

    fn enqueue(&mut self, k: u32) {
        self.q.queued[k as usize / 64] |= 1 << (k % 64);
    }

    /// The rule to run next: the first queued, if any.
    fn first_queued(&self) -> Option<u32> {
        let (w, &bits) = self.q.queued.iter().enumerate().find(|(_, b)| **b != 0)?;
        Some(64 * w as u32 + bits.trailing_zeros())
    }

    /// Takes rule `k` off the queue.
    fn dequeue(&mut self, k: u32) {
        self.q.queued[k as usize / 64] &= !(1 << (k % 64));
    }

    /// The digits of cell `c`.
    #[inline]
    fn digits(&self, c: u16) -> u32 {
        self.cand[c as usize] & !PLACED
    }

    /// Keeps only the digits `keep` of cell `c`; `false` if none is left.
    /// A change wakes the cell's rules, and a cell left with one digit is
    /// queued to be placed. Most calls change nothing, so that test is
    /// inlined and the change is not.
    #[inline(always)]
    pub(super) fn narrow(&mut self, c: u16, keep: u32) -> bool {
        let old = self.cand[c as usize];
        old & !(keep | PLACED) == 0 || self.cut(c, old & (keep | PLACED))
    }

    /// [`Self::narrow`] where cell `c`'s mask becomes `new`, fewer digits.
    #[inline(never)]
    fn cut(&mut self, c: u16, new: u32) -> bool {
        let c = c as usize;
        if new & !PLACED == 0 {
            return false;
        }
        let old = std::mem::replace(&mut self.cand[c], new);
        self.q.removed += u64::from((old ^ new).count_ones());
        for &(w, bits) in &self.model.wake[c] {
            self.q.queued[w as usize] |= bits;
        }
        if new.is_power_of_two() {
            self.q.singles.push(c as u16);
        }
        true
    }

    /// Runs the queues to a fixed point; `false` at a dead end.
    pub(super) fn run(&mut self) -> bool {
        loop {
            if let Some(c) = self.q.singles.pop() {
                let m = self.cand[c as usize];
                if m & PLACED != 0 {
                    continue;
                }
                self.cand[c as usize] = m | PLACED;
                let model = self.model;
                for &p in &model.peers[c as usize] {
                    if !self.narrow(p, !m) {
                        self.q.weight[p as usize] += 1;
                        self.q.weight[c as usize] += 1;
                        return false;
                    }
                }
                continue;
            }
            let Some(k) = self.first_queued() else {
                return true;
            };
            let model = self.model;
            let rule = &model.rules[k as usize];
            // A rule that settles its own cells in one run is not woken by
            // what it removes itself (it stays queued while it runs).
            let settles = rule.settles();
            if !settles {
                self.dequeue(k);
            }
            let alive = self.rule(k, rule);
            self.dequeue(k);
            if !alive {
                for &c in &model.members[k as usize] {
                    self.q.weight[c as usize] += 1;
                }
                return false;
            }
        }
    }

    /// Runs one rule.
    fn rule(&mut self, k: u32, rule: &Rule) -> bool {
        match rule {
            Rule::House(cells) => self.house(cells),
            Rule::Band {
                triads,
                lines,
                width,
            } => self.band(triads, *lines, *width),
            Rule::Meet {
                first,
                common,
                second,
            } => self.meet(first, common, second),
            Rule::Distinct(cells) => {
                let union = cells.iter().fold(0, |u, &c| u | self.digits(c));
                union.count_ones() as usize >= cells.len()
            }
            Rule::Pair { cells, ok, back } => self.pair(*cells, ok, back),
            Rule::Rising(cells) => self.rising(cells),
            Rule::Cage { cells, sets } => self.cage(cells, sets),
            Rule::Sum { groups, total } => self.sum(k as usize, groups, total),
            Rule::Sandwich { cells, fillings } => self.sandwich(cells, fillings),
            Rule::Linear { plus, minus, total } => self.linear(plus, minus, *total),
        }
    }

    fn house(&mut self, cells: &[u16]) -> bool {
        let (mut once, mut twice) = (0, 0);
        for &c in cells {
            let m = self.digits(c);
            twice |= once & m;
            once |= m;
        }
        if once != self.model.all {
            return false;
        }
        let hidden = once & !twice;
        if hidden != 0 {
            for &c in cells {
                let h = self.digits(c) & hidden;
                if h != 0 && (!h.is_power_of_two() || !self.narrow(c, h)) {
                    return false;
                }
            }
        }
        true
    }

    fn meet(&mut self, first: &[u16], common: &[u16], second: &[u16]) -> bool {
        let union = |s: &Self, cells: &[u16]| cells.iter().fold(0, |u, &c| u | s.digits(c));
        let (a, shared, b) = (union(self, first), union(self, common), union(self, second));
        // Digits one house holds only in the shared cells leave the other.
        let locked_a = shared & !a;
        let locked_b = shared & !b;
        if locked_a & b != 0 && !second.iter().all(|&c| self.narrow(c, !locked_a)) {
            return false;
        }
        if locked_b & a != 0 && !first.iter().all(|&c| self.narrow(c, !locked_b)) {
            return false;
        }
        true
    }

    fn band(&mut self, cells: &[u16], lines: u8, width: u8) -> bool {
        let (lines, width) = (usize::from(lines), usize::from(width));
        let boxes = cells.len() / (lines * width);
        // The digits of each triad, line by line (the model makes bands of
        // at most MAX_TRIADS triads).
        let mut t = [0u32; MAX_TRIADS];
        let at = |l: usize, b: usize| l * boxes + b;
        for (k, run) in cells.chunks_exact(width).enumerate() {
            t[k] = run.iter().fold(0, |u, &c| u | self.digits(c));
        }
        let mut gone = [0u32; MAX_TRIADS];
        let mut any = false;
        for l in 0..lines {
            for b in 0..boxes {
                let here = t[at(l, b)];
                let box_rest = (0..lines)
                    .filter(|&o| o != l)
                    .fold(0, |u, o| u | t[at(o, b)]);
                let line_rest = (0..boxes)
                    .filter(|&o| o != b)
                    .fold(0, |u, o| u | t[at(l, o)]);
                // Only here in its box: leaves the line's other triads.
                let pointing = here & !box_rest;
                // Only here in its line: leaves the box's other triads.
                let claiming = here & !line_rest;
                for o in (0..boxes).filter(|&o| o != b) {
                    gone[at(l, o)] |= pointing & t[at(l, o)];
                    any |= pointing & t[at(l, o)] != 0;
                }
                for o in (0..lines).filter(|&o| o != l) {
                    gone[at(o, b)] |= claiming & t[at(o, b)];
                    any |= claiming & t[at(o, b)] != 0;
                }
            }
        }
        if !any {
            return true;
        }
        for (k, run) in cells.chunks_exact(width).enumerate() {
            if gone[k] != 0 && !run.iter().all(|&c| self.narrow(c, !gone[k])) {
                return false;
            }
        }
        true
    }

    fn pair(&mut self, [a, b]: [u16; 2], ok: &[u32], back: &[u32]) -> bool {
        let mb = self.digits(b);
        let keep_a = bits(self.digits(a))
            .filter(|&x| ok[x as usize] & mb != 0)
            .fold(0, |m, x| m | 1 << x);
        if !self.narrow(a, keep_a) {
            return false;
        }
        let keep_b = bits(mb)
            .filter(|&y| back[y as usize] & keep_a != 0)
            .fold(0, |m, y| m | 1 << y);
        self.narrow(b, keep_b)
    }

    fn rising(&mut self, cells: &[u16]) -> bool {
        // Digits above the least of the cell before (bit of digit d is d - 1).
        let mut least = 0u32; // the least digit so far, 0 before the first
        for &c in cells {
            if !self.narrow(c, !((1u32 << least) - 1)) {
                return false;
            }
            least = self.digits(c).trailing_zeros() + 1;
        }
        let mut most = self.model.n as u32 + 1;
        for &c in cells.iter().rev() {
            if !self.narrow(c, (1u32 << (most - 1)) - 1) {
                return false;
            }
            most = 32 - self.digits(c).leading_zeros();
        }
        true
    }

    fn cage(&mut self, cells: &[u16], sets: &[u32]) -> bool {
        let (mut union, mut placed) = (0, 0);
        for &c in cells {
            let m = self.digits(c);
            union |= m;
            if m.is_power_of_two() {
                placed |= m;
            }
        }
        let (mut allowed, mut required) = (0, self.model.all);
        for &s in sets {
            if s & placed == placed
                && s & !union == 0
                && cells.iter().all(|&c| self.digits(c) & s != 0)
            {
                allowed |= s;
                required &= s;
            }
        }
        if allowed == 0 || !cells.iter().all(|&c| self.narrow(c, allowed)) {
            return false;
        }
        for d in bits(required & !placed) {
            let mut places = cells.iter().filter(|&&c| self.digits(c) >> d & 1 == 1);
            match (places.next(), places.next()) {
                (None, _) => return false,
                (Some(&c), None) if !self.narrow(c, 1 << d) => return false,
                _ => {}
            }
        }
        true
    }

    /// Narrows a group's cells `g` (cells that see each other) to the
    /// digits of the fillings whose sums are in `keep`; `false` at a dead
    /// end.
    fn narrow_group(&mut self, g: &[u16], keep: u128) -> bool {
        let m = masks_of(self.cand, g);
        let m = &m[..g.len()];
        let used = match u64::try_from(keep) {
            Ok(keep) => fillings_used(m, keep),
            Err(_) => fillings_used(m, keep),
        };
        g.iter().zip(used).all(|(&c, u)| self.narrow(c, u))
    }

    fn sum(&mut self, k: usize, groups: &[Vec<u16>], total: &Total) -> bool {
        let at = self.model.n * self.model.n + self.model.at[k] as usize;
        let rule = SumAt { k, groups, at };
        match *total {
            // Partial sums past the total are of no use (digits are
            // positive), so a total below 64 is kept in 64-bit sets, whose
            // shifts are one instruction each.
            Total::Fixed(t) if t < 64 => self.sum_in::<u64>(rule, total),
            // Every total is below 128, so a line has fewer than 128 cells;
            // the model keeps them to what a side of 31 allows.
            _ => self.sum_in::<u128>(rule, total),
        }
    }

    /// [`Self::sum`] in sets of sums of type `B`.
    fn sum_in<B: SumSet>(&mut self, rule: SumAt<'_>, total: &Total) -> bool {
        let SumAt { k, groups, at } = rule;
        // An arrow's bulb as this rule last left it, after its groups.
        let bulb = at + SUM_WORDS * groups.len()..at + SUM_WORDS * groups.len() + BULB_WORDS;
        let mut changed = self
            .bulb_masks(total)
            .is_some_and(|m| self.cand[bulb.clone()] != m);
        let memo = &mut self.q.sums[k];
        if memo.len() != groups.len() {
            *memo = vec![GroupMemo::default(); groups.len()];
        }
        // A group with one sum left adds it to every total: it is taken
        // off the total, and the line runs on the other groups (`open`,
        // with their sums `sets`).
        let (mut open, mut sets) = ([0u8; MAX_LINE], [B::ONE; MAX_LINE]);
        let (mut len, mut offset) = (0, 0);
        // The groups whose fillings make sums no longer possible, and those
        // with one sum left.
        let (mut thin, mut single) = (0u32, 0u32);
        for (i, (g, memo)) in groups.iter().zip(memo.iter_mut()).enumerate() {
            let m = masks_of(self.cand, g);
            if m != memo.seen {
                memo.seen = m;
                memo.sums = group_sums(&m[..g.len()]);
            }
            let sums = &memo.sums;
            let still = rule.sums(self.cand, i);
            let wide = *sums & still;
            if wide == 0 {
                return false;
            }
            if wide != still {
                changed = true;
                rule.set_sums(self.cand, i, wide);
            }
            if wide != *sums {
                thin |= 1 << i;
            }
            let set = B::from_wide(wide);
            if set.is_one() {
                offset += set.least();
                single |= 1 << i;
            } else {
                (open[len], sets[len]) = (i as u8, set);
                len += 1;
            }
        }
        // Narrows the groups `thin` to the fillings of their sums.
        let narrow = |s: &mut Self, thin: u32| {
            bits(thin).all(|i| {
                let still = rule.sums(s.cand, i as usize);
                s.trim(rule, i as usize, still)
            })
        };
        // No group's sums changed since this rule last ran here or above:
        // it would keep every sum again (what a run keeps, a run keeps),
        // so only cells whose fillings make sums no longer possible lose
        // digits.
        if !changed {
            return narrow(self, thin);
        }
        let (open, sets) = (&open[..len], &sets[..len]);
        let alive = match *total {
            Total::Fixed(t) if offset > t => false,
            Total::Fixed(t) => self.line(rule, open, sets, Goal::Fixed(t - offset)),
            Total::Bulb(ref cells) => self.line(rule, open, sets, Goal::Bulb(cells, offset)),
        };
        if let Some(m) = self.bulb_masks(total) {
            self.cand[bulb].copy_from_slice(&m);
        }
        // The line narrows its open groups; those with one sum are
        // narrowed here.
        alive && narrow(self, thin & single)
    }

    /// A sum of its groups `open` (their possible sums `sets`) to its goal: a group keeps the sums `s` for
    /// which the groups before it make some `a` and the groups after some
    /// `b` with `a + s + b` a total; they are its sums from then on (in the
    /// node's words), and its cells keep the digits of the fillings whose
    /// sums it keeps. `false` at a dead end.
    fn line<B: SumSet>(
        &mut self,
        rule: SumAt<'_>,
        open: &[u8],
        sets: &[B],
        goal: Goal<'_>,
    ) -> bool {
        // The totals of the groups after each (`after[i]`, from group `i`).
        let mut after = [B::ONE; MAX_LINE + 1];
        for i in (0..sets.len()).rev() {
            after[i] = after[i + 1].add(sets[i]);
        }
        let target = match goal {
            Goal::Fixed(t) => B::ONE.shl(t),
            Goal::Bulb(bulb, offset) => match self.bulb(bulb, after[0].wide() << offset) {
                Some(values) => B::from_wide(values >> offset),
                None => return false,
            },
        };
        if after[0].and(target).is_empty() {
            return false;
        }
        // The totals of the groups before group `i`, as `i` goes on (from
        // the sets as they were: a sum kept has a filling of sums kept).
        let mut before = B::ONE;
        for i in 0..sets.len() {
            // Sum `s` is kept when `shifted` moved up by `s` meets
            // `against`: with a fixed total `t`, the totals before against
            // `t - v` for the totals `v` after (one mirror instead of a
            // sum of sets); else the others' totals against the target.
            let (shifted, against) = match goal {
                Goal::Fixed(t) => (before, after[i + 1].mirror(t)),
                Goal::Bulb(..) => (before.add(after[i + 1]), target),
            };
            let mut keep = B::ZERO;
            let mut left = sets[i];
            while !left.is_empty() {
                let s = left.pop();
                if !shifted.shl(s).and(against).is_empty() {
                    keep = keep.or(B::ONE.shl(s));
                }
            }
            let g = usize::from(open[i]);
            if keep != sets[i] {
                rule.set_sums(self.cand, g, keep.wide());
            }
            // The cells keep the digits of the fillings whose sums stay
            // (all of them when the fillings make only those).
            let made = self.q.sums[rule.k][g].sums;
            if keep.wide() != made && !self.trim(rule, g, keep.wide()) {
                return false;
            }
            before = before.add(sets[i]);
        }
        true
    }

    /// The digits of an arrow's bulb (0 past its cells); `None` for a fixed
    /// total.
    fn bulb_masks(&self, total: &Total) -> Option<[u32; BULB_WORDS]> {
        let Total::Bulb(cells) = total else {
            return None;
        };
        let mut masks = [0; BULB_WORDS];
        for (m, &c) in masks.iter_mut().zip(cells) {
            *m = self.digits(c);
        }
        Some(masks)
    }

    /// Narrows group `i` of a sum to the fillings whose sums are in `keep`,
    /// unless its masks are those it was last left with for the same sums
    /// ([`GroupMemo::trimmed`]); `false` at a dead end.
    fn trim(&mut self, rule: SumAt<'_>, i: usize, keep: u128) -> bool {
        let (k, g) = (rule.k, &rule.groups[i]);
        if self.q.sums[k][i].trimmed == (masks_of(self.cand, g), keep) {
            return true;
        }
        if !self.narrow_group(g, keep) {
            return false;
        }
        self.q.sums[k][i].trimmed = (masks_of(self.cand, g), keep);
        true
    }

    /// Narrows an arrow's bulb to the numbers among `shaft` (the shaft's
    /// possible totals), and gives the numbers it can still write.
    fn bulb(&mut self, bulb: &[u16], shaft: u128) -> Option<u128> {
        if let [c] = bulb {
            let keep = (shaft >> 1) as u32;
            self.narrow(*c, keep)
                .then(|| u128::from(self.digits(*c)) << 1)
        } else {
            let [a, b] = [bulb[0], bulb[1]];
            let (ma, mb) = (self.digits(a), self.digits(b));
            let apart = self.model.peers[a as usize].contains(&b);
            let (mut ka, mut kb, mut values) = (0, 0, 0u128);
            for x in bits(ma) {
                for y in bits(mb) {
                    let v = 10 * (x + 1) + y + 1;
                    if !(apart && x == y) && shaft >> v & 1 == 1 {
                        ka |= 1 << x;
                        kb |= 1 << y;
                        values |= 1 << v;
                    }
                }
            }
            (self.narrow(a, ka) && self.narrow(b, kb)).then_some(values)
        }
    }

    /// `plus` less `minus` makes `total`: each cell keeps the digits the
    /// others' bounds can answer.
    fn linear(&mut self, plus: &[u16], minus: &[u16], total: i32) -> bool {
        // Bit `d - 1` is digit `d`.
        let least = |m: u32| m.trailing_zeros() as i32 + 1;
        let most = |m: u32| 32 - m.leading_zeros() as i32;
        let bounds = |s: &Self, cells: &[u16]| {
            cells.iter().fold((0, 0), |(lo, hi), &c| {
                let m = s.digits(c);
                (lo + least(m), hi + most(m))
            })
        };
        let (plo, phi) = bounds(self, plus);
        let (mlo, mhi) = bounds(self, minus);
        if plo - mhi > total || phi - mlo < total {
            return false;
        }
        // A cell's range: what the total needs given the others' bounds.
        let range = |lo: i32, hi: i32| -> u32 {
            let (lo, hi) = (lo.max(1), hi.min(31));
            if lo > hi {
                0
            } else {
                ((1u64 << hi) - (1u64 << (lo - 1))) as u32
            }
        };
        for &c in plus {
            let m = self.digits(c);
            let (olo, ohi) = (plo - least(m), phi - most(m));
            if !self.narrow(c, range(total + mlo - ohi, total + mhi - olo)) {
                return false;
            }
        }
        for &c in minus {
            let m = self.digits(c);
            let (olo, ohi) = (mlo - least(m), mhi - most(m));
            if !self.narrow(c, range(plo - total - ohi, phi - total - olo)) {
                return false;
            }
        }
        true
    }

    fn sandwich(&mut self, cells: &[u16], fillings: &[Vec<u32>]) -> bool {
        let n = cells.len();
        let (one, top) = (1u32, 1u32 << (n - 1));
        let middle = self.model.all & !one & !top;
        let m: Vec<u32> = cells.iter().map(|&c| self.digits(c)).collect();
        let mut keep = vec![0u32; n];
        let fits = |range: &mut dyn Iterator<Item = usize>, set: u32| {
            let mut union = 0;
            for i in range {
                if m[i] & set == 0 {
                    return false;
                }
                union |= m[i] & set;
            }
            union == set
        };
        for i in (0..n).filter(|&i| m[i] & one != 0) {
            for j in (0..n).filter(|&j| j != i && m[j] & top != 0) {
                let (lo, hi) = (i.min(j), i.max(j));
                for &set in &fillings[hi - lo - 1] {
                    let rest = middle & !set;
                    let outside = (0..lo).chain(hi + 1..n);
                    if !fits(&mut (lo + 1..hi), set) || !fits(&mut outside.clone(), rest) {
                        continue;
                    }
                    keep[i] |= one;
                    keep[j] |= top;
                    (lo + 1..hi).for_each(|x| keep[x] |= m[x] & set);
                    outside.for_each(|x| keep[x] |= m[x] & rest);
                }
            }
        }
        cells.iter().zip(keep).all(|(&c, k)| self.narrow(c, k))
    }
}
