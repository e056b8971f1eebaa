//! One method per kind of constraint: which encoding of the parent
//! module's each kind takes, and the admissible fillings, automaton or
//! digit sets that are its rule. The encodings themselves are in
//! `encode.rs`.

use super::{Builder, Constraint, LITTLE_KILLER_CAP, Relation, TUPLE_CAP, cap, decimal};

impl Builder<'_> {
    /// Every constraint's items and options (and the killer cages of the
    /// variant, as cages with sums).
    pub(super) fn constraints(&mut self) {
        let variant = self.variant;
        for cage in variant.cages() {
            self.cage(&cage.cells, Some(cage.sum));
        }
        for c in variant.constraints() {
            match c {
                Constraint::Thermometer(cells) => self.thermometer(cells),
                Constraint::Whispers { cells, gap } => self.whispers(cells, *gap),
                Constraint::Arrow { bulb, shaft } => self.arrow(bulb, shaft),
                Constraint::Cage { cells, sum } => self.cage(cells, *sum),
                Constraint::LittleKiller { cells, sum } => self.little_killer(cells, *sum),
                Constraint::Sandwich { cells, sum } => self.sandwich(cells, *sum),
                Constraint::Renban(cells) => self.renban(cells),
                Constraint::Palindrome(cells) => self.palindrome(cells),
                Constraint::Dot { cells, relation } => match *relation {
                    Relation::Sum(v) => self.matched(*cells, &|x| v.checked_sub(x)),
                    relation => self.pair(*cells, &|a, b| relation.holds(a, b)),
                },
                Constraint::Never { cells, relations } => self.never(*cells, relations),
                Constraint::AntiKnight => self.anti_knight(),
                Constraint::AntiKing => self.anti_king(),
                Constraint::Distinct(cells) => {
                    if cells.len() < self.n {
                        self.distinct(cells);
                    }
                }
                Constraint::Parity { .. } => {}
                Constraint::Quadruple { cells, digits } => self.quadruple_clue(cells, digits),
                Constraint::Extreme { cell, minimum } => self.extreme(*cell, *minimum),
            }
        }
    }

    /// A thermometer: digits strictly increasing from the bulb, as tuples
    /// while they fit, else a chain whose state is the last digit.
    fn thermometer(&mut self, cells: &[u16]) {
        let n = self.n;
        let len = cells.len() as u32;
        let fits = self.tuples(cells, &|d: &[u32]| {
            let i = d.len() - 1;
            (i == 0 || d[i] > d[i - 1]) && d[i] + (len - 1 - i as u32) <= n as u32
        });
        if !fits {
            self.chain(cells, &|_, last, d| (d > last).then_some(d), &|_| true);
        }
    }

    /// German whispers: neighbours on the line at least `gap` apart, as
    /// tuples while they fit, else a chain whose state is the last digit.
    fn whispers(&mut self, cells: &[u16], gap: u32) {
        let fits = self.tuples(cells, &|d: &[u32]| {
            let i = d.len() - 1;
            i == 0 || d[i].abs_diff(d[i - 1]) >= gap
        });
        if !fits {
            self.chain(
                cells,
                &|pos, last, d| (pos == 0 || d.abs_diff(last) >= gap).then_some(d),
                &|_| true,
            );
        }
    }

    /// An arrow: the shaft's digits add up to the bulb's number (its cells
    /// read as decimal digits), as tuples while they fit, else a chain
    /// whose state is the bulb's value read so far, then what is left of it.
    fn arrow(&mut self, bulb: &[u16], shaft: &[u16]) {
        let n = self.n;
        let cells: Vec<u16> = bulb.iter().chain(shaft).copied().collect();
        let (b, s) = (bulb.len(), shaft.len());
        let fits = self.tuples(&cells, &|d: &[u32]| {
            if d.len() <= b {
                return true;
            }
            let value = decimal(d[..b].iter().copied());
            let sum: u64 = d[b..].iter().map(|&x| u64::from(x)).sum();
            let left = (b + s - d.len()) as u64;
            sum + left <= value && (d.len() < b + s || sum == value)
        });
        if !fits {
            let most = (s * n) as u64;
            self.chain(
                &cells,
                &|pos, state, d| {
                    if pos < b {
                        let v = decimal([state, d].into_iter().filter(|&x| x > 0));
                        return (v <= most).then_some(v as u32);
                    }
                    let left = (b + s - 1 - pos) as u32;
                    state.checked_sub(d).filter(|&r| r >= left)
                },
                &|state| state == 0,
            );
        }
    }

    /// A little killer: the diagonal's digits add up to `sum`, as tuples up
    /// to its own cap ([`LITTLE_KILLER_CAP`]), else a chain of sums whose
    /// items are preferred ([`Builder::preferred`]).
    ///
    /// Why preferred: a chain checks the sum only as its items are chosen,
    /// each once the link before or after it is colored, and an item
    /// whose link is not yet colored has an option per state and digit,
    /// so the fewest-options rule leaves the chain for last. On a
    /// near-blank grid the search then fills the grid house by house
    /// (where does each digit go) and learns that the diagonal's digits
    /// miss the sum only with the grid nearly full, then backtracks
    /// through every placement made since the diagonal went wrong: a
    /// blank 9x9 with the sandwich sum 35 in row 1 and the little killer
    /// 40 from R1C0 down-right did not settle in ten CPU-minutes (more
    /// than 10^7 nodes, issue 45), the little killer 20 alone took more
    /// than 2 million nodes. Preferred, the chain is walked first (from
    /// its ends, the items whose links are colored having an option per
    /// digit), each digit placed at once, so the diagonal is filled to
    /// the sum before the rest: 104 and 92 nodes. On the minimal file
    /// (`dlx count --limit 2`), 39,034 -> 30,025 nodes.
    fn little_killer(&mut self, cells: &[u16], sum: u32) {
        let len = cells.len();
        let top = self.n as u32;
        let cap = cap().saturating_mul(LITTLE_KILLER_CAP) / TUPLE_CAP;
        let fits = self.tuples_up_to(
            cells,
            &|d: &[u32]| {
                // The cells left can still make up the rest: at least 1
                // and at most `n` each.
                let s: u32 = d.iter().sum();
                let left = (len - d.len()) as u32;
                s + left <= sum && s + top * left >= sum
            },
            cap,
            // Its fillings first on ties (Builder::lead): 127,637 ->
            // 104,966 nodes on the minimal file (at a cap of 8,192).
            true,
        );
        if !fits {
            let steps = self.chain(cells, &|_, s, d| (s + d <= sum).then_some(s + d), &|s| {
                s == sum
            });
            self.preferred.extend(steps);
        }
    }

    /// A sandwich sum: the digits between the 1 and the `n` of the line add
    /// up to `sum`, by its sides while they fit, else as a chain of the
    /// sandwich's phase and sum so far.
    fn sandwich(&mut self, cells: &[u16], sum: u32) {
        if self.sandwich_sides(cells, sum) {
            return;
        }
        let n = self.n;
        let top = n as u32;
        // States: 0 before the first crust, 1 after the second,
        // 2 + s between them with s added so far.
        self.chain(
            cells,
            &|_, state, d| {
                let crust = d == 1 || d == top;
                match (state, crust) {
                    (0, true) => Some(2),
                    (0, false) => Some(0),
                    (1, true) => None,
                    (1, false) => Some(1),
                    (s, true) => (s - 2 == sum).then_some(1),
                    (s, false) => (s - 2 + d <= sum).then_some(s + d),
                }
            },
            &|state| state == 1,
        );
    }

    /// A renban line: its digits are a run of consecutive digits, in any
    /// order.
    fn renban(&mut self, cells: &[u16]) {
        let n = self.n;
        let len = cells.len() as u32;
        // Tuples while they fit, and the runs as digit sets
        // always: a digit that the line's cells lose to their
        // houses then takes out the runs that need it, which
        // the tuples alone see only as the cells are filled
        // (renban's file: 15% fewer nodes, 3.5% fewer
        // instructions).
        self.tuples(cells, &|d: &[u32]| {
            let last = d[d.len() - 1];
            let (lo, hi) = (d.iter().min(), d.iter().max());
            !d[..d.len() - 1].contains(&last)
                && matches!((lo, hi), (Some(lo), Some(hi)) if hi - lo < len)
        });
        let run = (1u64 << len) - 1;
        let sets: Vec<u64> = (0..=n - len as usize).map(|s| run << s).collect();
        self.sets(cells, &sets);
    }

    /// A palindrome: the mirrored cells of the line hold the same digit.
    fn palindrome(&mut self, cells: &[u16]) {
        let k = cells.len();
        for i in 0..k / 2 {
            self.matched([cells[i], cells[k - 1 - i]], &Some);
        }
    }

    /// Anti-knight: two cells a knight's move apart that no house joins
    /// hold different digits.
    fn anti_knight(&mut self) {
        let n = self.n;
        for cell in 0..n * n {
            let (r, c) = ((cell / n) as i64, (cell % n) as i64);
            for (dr, dc) in [(1, 2), (2, 1), (1, -2), (2, -1)] {
                let (r2, c2) = (r + dr, c + dc);
                if (0..n as i64).contains(&r2) && (0..n as i64).contains(&c2) {
                    let other = (r2 as usize * n + c2 as usize) as u16;
                    if !self.sees(cell as u16, other) {
                        self.distinct(&[cell as u16, other]);
                    }
                }
            }
        }
    }

    /// Anti-king: the four cells of every 2x2 block hold different digits
    /// (two that touch diagonally share such a block).
    fn anti_king(&mut self) {
        let n = self.n;
        for r in 0..n.saturating_sub(1) {
            for c in 0..n - 1 {
                let cell = |r: usize, c: usize| (r * n + c) as u16;
                let block = [
                    cell(r, c),
                    cell(r, c + 1),
                    cell(r + 1, c),
                    cell(r + 1, c + 1),
                ];
                self.distinct(&block);
            }
        }
    }

    /// A quadruple: the listed digits all appear in its cells, as tuples
    /// while they fit, else as digit sets.
    fn quadruple_clue(&mut self, cells: &[u16], digits: &[u8]) {
        let len = cells.len();
        // Its fillings first on ties (Builder::lead): 4,428 -> 3,436
        // nodes on the minimal file.
        let fits = self.tuples_up_to(
            cells,
            &|d: &[u32]| {
                // The listed digits the filling still lacks must
                // fit in the cells left.
                let mut lacking = digits.len();
                let mut used = vec![false; d.len()];
                for &v in digits.iter() {
                    if let Some(i) = (0..d.len()).find(|&i| !used[i] && d[i] == v as u32) {
                        used[i] = true;
                        lacking -= 1;
                    }
                }
                lacking <= len - d.len()
            },
            cap(),
            true,
        );
        if !fits {
            self.quadruple(cells, digits);
        }
    }
}
