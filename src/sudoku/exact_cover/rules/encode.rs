//! The encodings the kinds share (see the parent module's docs): cages,
//! matched and forbidden pairs, ladders, tuples with their forbidden
//! pairs, chains, digit sets, "at most once" items and quadruples' sets.

use super::{
    Builder, CRUST, Color, Constraint, INSIDE, ItemId, ItemKind, LADDER_NO, LADDER_YES, OUTSIDE,
    Relation, Sides, States, Support, TUPLE_CAP, bits, cap,
};
use crate::sudoku::variant::cage_sets;

impl Builder<'_> {
    /// A cage of different digits, adding up to `sum` if given.
    pub(super) fn cage(&mut self, cells: &[u16], sum: Option<u32>) {
        let n = self.n;
        let Some(sum) = sum else {
            self.distinct(cells);
            return;
        };
        let len = cells.len();
        let fits = self.tuples(cells, &|d: &[u32]| {
            let last = d[d.len() - 1];
            let s: u32 = d.iter().sum();
            let left = (len - d.len()) as u32;
            !d[..d.len() - 1].contains(&last) && s + left <= sum && (d.len() < len || s == sum)
        });
        if !fits {
            let sets = cage_sets(n, len, sum).unwrap_or_default();
            self.sets(cells, &sets);
        }
    }

    /// Two cells whose digits match one to one, the second `partner` of
    /// the first (an XV dot's `v - x`, a palindrome's mirrored cell's
    /// `x`): one secondary item colored by the first cell's digit, which
    /// the first cell's option for `x` and the second's for `partner(x)`
    /// both carry, so that two digits that do not match clash. Placing
    /// either digit purifies every other option of the other cell, as
    /// [`Builder::pair`]'s forbidden pairs would, with one entry in each
    /// cell option instead of one per digit it refuses. Digits with no
    /// partner are no candidates. Every grid whose two digits match
    /// colors the item once, with the first digit.
    pub(super) fn matched(&mut self, cells: [u16; 2], partner: &dyn Fn(u32) -> Option<u32>) {
        let n = self.n;
        let [a, b] = cells.map(usize::from);
        let house = self.sees(cells[0], cells[1]);
        let pairs: Vec<(u32, u32)> = bits(self.cand[a])
            .filter_map(|x| partner(x).map(|y| (x, y)))
            .filter(|&(x, y)| {
                (1..=n as u32).contains(&y)
                    && self.cand[b] >> (y - 1) & 1 == 1
                    && !(house && x == y)
            })
            .collect();
        self.cand[a] = pairs.iter().fold(0, |m, &(x, _)| m | 1 << (x - 1));
        self.cand[b] = pairs.iter().fold(0, |m, &(_, y)| m | 1 << (y - 1));
        let matching = self.problem.add_item(ItemKind::Secondary);
        for (x, y) in pairs {
            self.extra
                .push(((a * n) as u32 + x - 1, matching, Some(Color(x))));
            self.extra
                .push(((b * n) as u32 + y - 1, matching, Some(Color(x))));
        }
    }

    /// Two cells whose digits `ok` admits (a kropki dot): the digits of
    /// each that no admitted pair holds are no candidates, and each
    /// refused pair of candidates gets its forbidden-pair item
    /// ([`Builder::forbid_apart`]). No item of the pair's own: its tuples
    /// (an option per admitted pair) cost more than they saved once the
    /// forbidden pairs narrow the other cell as soon as one is placed
    /// (callgrind, `--limit 2` on the minimal files: minimum-maximum,
    /// then on these pairs, 163.5M -> 74.8M instructions and 28,097 ->
    /// 13,252 nodes, kropki 138.3M -> 122.0M, kropki-positive 20.2M ->
    /// 17.9M; minimum/maximum cells are ladders now, [`Builder::extreme`]).
    pub(super) fn pair(&mut self, cells: [u16; 2], ok: &dyn Fn(u32, u32) -> bool) {
        let house = self.sees(cells[0], cells[1]);
        let mut found = Vec::new();
        for x in bits(self.cand[cells[0] as usize]) {
            for y in bits(self.cand[cells[1] as usize]) {
                if !(house && x == y) && ok(x, y) {
                    found.extend([x, y]);
                }
            }
        }
        self.forbid_unsupported(&cells, &found);
    }

    /// A minimum (`minimum`) or maximum cell: less (more) than each of its
    /// orthogonal neighbours, in the order encoding. Flipping the digits
    /// of a maximum (`x` read as `n + 1 - x`) makes it a minimum, so take
    /// a minimum `m`: its ladder is one secondary item `L_t` per
    /// threshold `t`, meaning "`m > t`", which `m`'s option for `x` colors
    /// [`LADDER_YES`] for every `t < x` (and leaves alone for the others:
    /// saying "no" there would refuse nothing); a neighbour's option for
    /// `y` colors `L_{y-1}` [`LADDER_NO`] (one entry). They clash exactly
    /// when `y - 1 < x`, so a cover has `x < y`, and every neighbour
    /// shares the one ladder. Placing `m = x` purifies away every
    /// neighbour's `y <= x`, and placing a neighbour `y` every `x >= y` of
    /// `m`: what a forbidden item per refused pair did ([`Builder::pair`],
    /// the encoding before), with at most `x - 1` entries in `m`'s option
    /// for `x` and one in each neighbour's instead of one per refused
    /// digit per neighbour. The candidates are narrowed as
    /// [`Builder::pair`] narrows them, neighbour by neighbour. A maximum's
    /// ladder leaves out its neighbours that are minimum cells: their
    /// ladders already hold the pair.
    pub(super) fn extreme(&mut self, cell: u16, minimum: bool) {
        let n = self.n;
        let (r, c) = (cell as usize / n, cell as usize % n);
        let mut neighbours = Vec::with_capacity(4);
        if r > 0 {
            neighbours.push(cell - n as u16);
        }
        if r + 1 < n {
            neighbours.push(cell + n as u16);
        }
        if c > 0 {
            neighbours.push(cell - 1);
        }
        if c + 1 < n {
            neighbours.push(cell + 1);
        }
        // Digits as the minimum's: `x` for a minimum, `n + 1 - x` for a
        // maximum.
        let flip = |x: u32| if minimum { x } else { n as u32 + 1 - x };
        let m = cell as usize;
        for &other in &neighbours {
            let house = self.sees(cell, other);
            let (mut seen_m, mut seen_o) = (0u64, 0u64);
            for x in bits(self.cand[m]) {
                for y in bits(self.cand[other as usize]) {
                    if !(house && x == y) && flip(x) < flip(y) {
                        seen_m |= 1 << (x - 1);
                        seen_o |= 1 << (y - 1);
                    }
                }
            }
            self.cand[m] = seen_m;
            self.cand[other as usize] = seen_o;
        }
        // A maximum next to a minimum leaves their pair to the minimum's
        // ladder, which holds it whole (one ladder per pair is enough).
        if !minimum {
            let is_minimum = |o: u16| {
                self.variant
                    .constraints()
                    .iter()
                    .any(|c| matches!(*c, Constraint::Extreme { cell, minimum: true } if cell == o))
            };
            neighbours.retain(|&o| !is_minimum(o));
        }
        // Thresholds 1..n-1 (on flipped digits) that some neighbour's
        // candidate uses.
        let mut used = vec![None; n];
        for &other in &neighbours {
            for y in bits(self.cand[other as usize]) {
                let t = flip(y) as usize - 1;
                if t >= 1 && used[t].is_none() {
                    used[t] = Some(self.problem.add_item(ItemKind::Secondary));
                }
                if let Some(item) = used[t] {
                    let key = other as u32 * n as u32 + y - 1;
                    self.extra.push((key, item, Some(LADDER_NO)));
                }
            }
        }
        for x in bits(self.cand[m]) {
            let key = m as u32 * n as u32 + x - 1;
            for item in used[..flip(x) as usize].iter().flatten() {
                self.extra.push((key, *item, Some(LADDER_YES)));
            }
        }
    }

    /// One primary item, one option per filling of `cells` (each digit a
    /// candidate of its cell, cells that share a house different) that
    /// `ok` admits; `ok` sees each prefix of the filling as it grows and
    /// may refuse it early. False, adding nothing, if there are more than
    /// [`TUPLE_CAP`] fillings.
    pub(super) fn tuples(&mut self, cells: &[u16], ok: &dyn Fn(&[u32]) -> bool) -> bool {
        self.tuples_up_to(cells, ok, cap(), false)
    }

    /// [`Builder::tuples`] with at most `cap` fillings, the item among the
    /// [`Builder::leading`] ones if `lead`.
    pub(super) fn tuples_up_to(
        &mut self,
        cells: &[u16],
        ok: &dyn Fn(&[u32]) -> bool,
        cap: usize,
        lead: bool,
    ) -> bool {
        let k = cells.len();
        let sees: Vec<Vec<bool>> = (0..k)
            .map(|i| (0..i).map(|j| self.sees(cells[i], cells[j])).collect())
            .collect();
        // The fillings found, `k` digits each.
        let mut found: Vec<u32> = Vec::new();
        let mut digits: Vec<u32> = Vec::with_capacity(k);
        // Iterative depth-first search; `next[i]` is the candidates of
        // cell `i` still to try.
        let mut next: Vec<u64> = vec![0; k];
        if k == 0 {
            return true;
        }
        next[0] = self.cand[cells[0] as usize];
        let mut steps = 0usize;
        loop {
            let i = digits.len();
            if next[i] == 0 {
                if i == 0 {
                    break;
                }
                digits.pop();
                continue;
            }
            steps += 1;
            if steps > TUPLE_CAP.max(cap.saturating_mul(4)).saturating_mul(64) {
                return false;
            }
            let d = next[i].trailing_zeros() + 1;
            next[i] &= next[i] - 1;
            if (0..i).any(|j| sees[i][j] && digits[j] == d) {
                continue;
            }
            digits.push(d);
            if !ok(&digits) {
                digits.pop();
                continue;
            }
            if digits.len() == k {
                if found.len() == cap * k {
                    return false;
                }
                found.extend_from_slice(&digits);
                digits.pop();
            } else {
                next[i + 1] = self.cand[cells[i + 1] as usize];
            }
        }
        self.forbid_unsupported(cells, &found);
        let item = self.problem.add_item(ItemKind::Primary);
        if lead {
            self.leading.push(item);
        }
        for filling in found.chunks_exact(k) {
            self.entries.push((item, None));
            for (&cell, &d) in cells.iter().zip(filling) {
                self.entries
                    .push((self.color_item[cell as usize], Some(Color(d))));
            }
            self.ends.push(self.entries.len());
        }
        true
    }

    /// The consequences of a constraint's `fillings` for each two of its
    /// cells, as [`Builder::forbid_apart`] holds them.
    /// `fillings` lists them one after another, `cells.len()` digits each.
    pub(super) fn forbid_unsupported(&mut self, cells: &[u16], fillings: &[u32]) {
        let mut support = Support::new(cells.len(), self.n);
        for filling in fillings.chunks_exact(cells.len()) {
            support.add(filling);
        }
        self.forbid_apart(cells, &support);
    }

    /// What a constraint's `support` says of each two of its cells, as
    /// exact cover can hold it: a digit no admissible filling puts in a
    /// cell is no candidate of it, and a pair of candidates that no
    /// filling puts together gets an uncolored secondary item in both
    /// cells' options for them (as [`Builder::pair`] does), so that
    /// placing a digit takes out at once what it rules out in the
    /// constraint's other cells. Every grid that obeys the rules keeps its
    /// one cover: the constraint's own items still decide, these only
    /// refuse what it refuses.
    pub(super) fn forbid_apart(&mut self, cells: &[u16], support: &Support) {
        let (n, k) = (self.n, cells.len());
        for (i, &cell) in cells.iter().enumerate() {
            self.cand[cell as usize] &= support.seen[i];
        }
        for i in 0..k {
            for j in i + 1..k {
                let (a, b) = (cells[i], cells[j]);
                let house = self.sees(a, b);
                for x in bits(support.seen[i]) {
                    let refused = support.seen[j] & !support.beside(i, j, x);
                    for y in bits(refused) {
                        if (house && x == y) || a == b {
                            continue;
                        }
                        let item = self.problem.add_item(ItemKind::Secondary);
                        self.extra.push((a as u32 * n as u32 + x - 1, item, None));
                        self.extra.push((b as u32 * n as u32 + y - 1, item, None));
                    }
                }
            }
        }
    }

    /// A chain over `cells`: a primary item per cell and a secondary item
    /// between each two, colored by the automaton's state after the
    /// first. `step(pos, state, d)` is the state after digit `d` at
    /// position `pos` (the state before the first cell is 0), `None` if
    /// the digit cannot follow; `accept` the states the last cell may end
    /// in. Only states reachable from the start that can still reach an
    /// accepted end become colors. Returns the primary items, one per
    /// cell in order.
    pub(super) fn chain(
        &mut self,
        cells: &[u16],
        step: &dyn Fn(usize, u32, u32) -> Option<u32>,
        accept: &dyn Fn(u32) -> bool,
    ) -> Vec<ItemId> {
        let k = cells.len();
        // Forward: the states after each position.
        let mut before = States::default();
        before.insert(0);
        let mut states = States::default();
        let mut moves: Vec<Vec<(u32, u32, u32)>> = Vec::with_capacity(k);
        for (pos, &cell) in cells.iter().enumerate() {
            states.clear();
            let mut list = Vec::new();
            for s in before.iter() {
                let mut cand = self.cand[cell as usize];
                while cand != 0 {
                    let d = cand.trailing_zeros() + 1;
                    cand &= cand - 1;
                    if let Some(t) = step(pos, s, d) {
                        if pos + 1 == k && !accept(t) {
                            continue;
                        }
                        states.insert(t);
                        list.push((s, d, t));
                    }
                }
            }
            moves.push(list);
            std::mem::swap(&mut before, &mut states);
        }
        // Backward: keep the moves that end in a kept state (`before` now
        // holds the accepted ends).
        let mut live = before;
        for pos in (0..k).rev() {
            moves[pos].retain(|&(_, _, t)| live.contains(t));
            live.clear();
            for &(s, _, _) in &moves[pos] {
                live.insert(s);
            }
        }
        let support = Support::of_paths(&moves, self.n);
        self.forbid_apart(cells, &support);
        let items: Vec<ItemId> = (0..k)
            .map(|_| self.problem.add_item(ItemKind::Primary))
            .collect();
        let links: Vec<ItemId> = (1..k)
            .map(|_| self.problem.add_item(ItemKind::Secondary))
            .collect();
        for (pos, list) in moves.iter().enumerate() {
            for &(s, d, t) in list {
                self.entries.push((items[pos], None));
                self.entries
                    .push((self.color_item[cells[pos] as usize], Some(Color(d))));
                if pos > 0 {
                    self.entries.push((links[pos - 1], Some(Color(s + 1))));
                }
                if pos + 1 < k {
                    self.entries.push((links[pos], Some(Color(t + 1))));
                }
                self.ends.push(self.entries.len());
            }
        }
        items
    }

    /// A sandwich over a whole row or column `cells` (every digit once),
    /// by its sides: one primary item with an option per place of the two
    /// crusts (positions `a < b`, holding 1 and `n` in either order) and
    /// set of middle digits between them adding up to `sum` (`b - a - 1`
    /// of them), which colors each position of the line and each middle
    /// digit by its side ([`OUTSIDE`], [`INSIDE`], [`CRUST`]); each cell
    /// option colors its cell's position and its digit (a middle one) by
    /// the same side, one option per side (the compile splits it in
    /// `finish`). A cell and its digit are on one side in every grid, so
    /// each grid keeps one cover; choosing the line's option tells every
    /// cell which digits it may hold, and each digit placed takes out the
    /// options that put it or its cell on the other side. False, adding
    /// nothing, for a side past 16 or more than [`TUPLE_CAP`] options.
    pub(super) fn sandwich_sides(&mut self, cells: &[u16], sum: u32) -> bool {
        let n = self.n;
        if !(3..=16).contains(&n) || cells.len() != n {
            return false;
        }
        // The sets of middle digits adding up to `sum`, by size, as masks
        // over the middle digits (bit `d - 2` for digit `d`).
        let mut by_size: Vec<Vec<u32>> = vec![Vec::new(); n - 1];
        for set in 0u32..1 << (n - 2) {
            let total: u32 = bits(u64::from(set)).map(|b| b + 1).sum();
            if total == sum {
                by_size[set.count_ones() as usize].push(set);
            }
        }
        let mut options = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                for &set in &by_size[b - a - 1] {
                    options.push((a, b, set));
                }
            }
        }
        if options.len() > cap() {
            return false;
        }
        // A position that no option makes a crust holds no crust digit,
        // one that every option makes a crust nothing else.
        let crusts: u64 = 1 | 1 << (n - 1);
        for (i, &cell) in cells.iter().enumerate() {
            let crust = options.iter().any(|&(a, b, _)| i == a || i == b);
            let other = options.iter().any(|&(a, b, _)| i != a && i != b);
            let keep = match (crust, other) {
                (true, true) => !0,
                (true, false) => crusts,
                (false, _) => !crusts,
            };
            self.cand[cell as usize] &= keep;
        }
        let line = self.problem.add_item(ItemKind::Primary);
        self.leading.push(line);
        let position: Vec<ItemId> = self.problem.add_items(ItemKind::Secondary, n).collect();
        let digit: Vec<ItemId> = self.problem.add_items(ItemKind::Secondary, n - 2).collect();
        for &(a, b, set) in &options {
            self.entries.push((line, None));
            for (i, &item) in position.iter().enumerate() {
                let side = if i == a || i == b {
                    CRUST
                } else if (a..b).contains(&i) {
                    INSIDE
                } else {
                    OUTSIDE
                };
                self.entries.push((item, Some(side)));
            }
            for (i, &item) in digit.iter().enumerate() {
                let side = if set >> i & 1 == 1 { INSIDE } else { OUTSIDE };
                self.entries.push((item, Some(side)));
            }
            self.ends.push(self.entries.len());
        }
        if self.cell_sides.is_empty() {
            self.cell_sides = vec![Vec::new(); n * n];
        }
        let id = self.sides.len() as u32;
        for (i, &cell) in cells.iter().enumerate() {
            self.cell_sides[cell as usize].push((id, i as u32));
        }
        self.sides.push(Sides { position, digit });
        true
    }

    /// Different digits in `cells` making one of `sets` (masks): a primary
    /// item with an option per set, and a primary item per digit, covered
    /// by the cell holding it or by the set without it.
    pub(super) fn sets(&mut self, cells: &[u16], sets: &[u64]) {
        let n = self.n;
        let group = self.problem.add_item(ItemKind::Primary);
        let digit: Vec<ItemId> = self.problem.add_items(ItemKind::Primary, n).collect();
        self.leading.push(group);
        self.leading.extend(&digit);
        for &cell in cells {
            for (d, &item) in digit.iter().enumerate() {
                self.extra
                    .push(((cell as usize * n + d) as u32, item, None));
            }
        }
        for &set in sets {
            self.entries.push((group, None));
            for (d, &item) in digit.iter().enumerate() {
                if set >> d & 1 == 0 {
                    self.entries.push((item, None));
                }
            }
            self.ends.push(self.entries.len());
        }
    }

    /// At most one of `cells` holds each digit: an uncolored secondary
    /// item per digit.
    pub(super) fn distinct(&mut self, cells: &[u16]) {
        let n = self.n;
        for d in 0..n {
            let item = self.problem.add_item(ItemKind::Secondary);
            for &cell in cells {
                self.extra
                    .push(((cell as usize * n + d) as u32, item, None));
            }
        }
    }

    /// Two cells that share a row or column (so differ) satisfying none
    /// of `relations`: an uncolored secondary item per forbidden pair of
    /// different digits, covered by both digits in both cells.
    pub(super) fn never(&mut self, cells: [u16; 2], relations: &[Relation]) {
        let n = self.n as u32;
        for x in 1..=n {
            for y in x + 1..=n {
                if relations.iter().any(|r| r.holds(x, y)) {
                    let item = self.problem.add_item(ItemKind::Secondary);
                    for cell in cells {
                        for d in [x, y] {
                            let key = cell as usize * self.n + d as usize - 1;
                            self.extra.push((key as u32, item, None));
                        }
                    }
                }
            }
        }
    }

    /// Each listed digit `v` (listed `m` times) in at least `m` of the
    /// cells: a primary item per digit with an option per set `S` of at
    /// least `m` cells, coloring the cells of `S` with `v` and covering an
    /// uncolored "not `v`" item of each other cell, which that cell's
    /// option for `v` also covers.
    pub(super) fn quadruple(&mut self, cells: &[u16], digits: &[u8]) {
        let n = self.n;
        let mut values: Vec<u8> = digits.to_vec();
        values.dedup();
        for v in values {
            let m = digits.iter().filter(|&&d| d == v).count();
            let item = self.problem.add_item(ItemKind::Primary);
            let not: Vec<ItemId> = cells
                .iter()
                .map(|&cell| {
                    let it = self.problem.add_item(ItemKind::Secondary);
                    self.extra
                        .push(((cell as usize * n + v as usize - 1) as u32, it, None));
                    it
                })
                .collect();
            for subset in 1u32..1 << cells.len() {
                if (subset.count_ones() as usize) < m {
                    continue;
                }
                self.entries.push((item, None));
                for (i, &cell) in cells.iter().enumerate() {
                    if subset >> i & 1 == 1 {
                        self.entries
                            .push((self.color_item[cell as usize], Some(Color(u32::from(v)))));
                    } else {
                        self.entries.push((not[i], None));
                    }
                }
                self.ends.push(self.entries.len());
            }
        }
    }
}
