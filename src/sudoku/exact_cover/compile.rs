//! Laying out a puzzle's reduced matrix (see "One reduced matrix per
//! puzzle" in the parent module): the givens' items taken out, one option
//! per remaining candidate, and the clash that makes a puzzle unsolvable
//! located for its message.
//!
//! Invariant: after [`DlxSolver::prepare`] the solver's entries, option
//! ends and maps back to placements describe exactly the puzzle given to
//! it, or the one-item unsolvable problem.

use super::{
    ABSENT, Cages, Clash, Conflict, DlxSolver, Grid, MAX_CELL_HOUSES, MAX_HOUSES, NO_CAGE,
    PuzzleError, Unit,
};

impl DlxSolver {
    /// Checks `puzzle`'s shape and compiles its reduced problem, its
    /// cages as `cages` says.
    pub(super) fn prepare(&mut self, puzzle: &Grid, cages: Cages) -> Result<(), PuzzleError> {
        if puzzle.shape() != self.shape() {
            return Err(PuzzleError::Shape {
                expected: self.shape(),
                found: puzzle.shape(),
            });
        }
        match self.compile(puzzle, cages) {
            Ok(()) => Ok(()),
            // A given outside its pencil marks: no solution, as when the
            // rules leave none.
            Err(Clash::Unmarked | Clash::Rest) => {
                self.compile_unsolvable();
                Ok(())
            }
            // Rare: only now is the clash located, for the message.
            Err(clash) => Err(self.explain(puzzle, clash)),
        }
    }

    /// What a clash found by [`DlxSolver::compile`] means.
    pub(super) fn explain(&self, puzzle: &Grid, clash: Clash) -> PuzzleError {
        let n = self.n;
        let cells = puzzle.cells();
        let at = |cell: usize| (cell / n, cell % n);
        match clash {
            Clash::Repeat(cell) => {
                let d = cells[cell];
                let earlier = |members: &[u16]| {
                    members
                        .iter()
                        .map(|&k| k as usize)
                        .find(|&k| k < cell && cells[k] == d)
                };
                let house = self.cell_houses[cell].as_ref().iter().find_map(|&h| {
                    let house = &self.houses[h as usize];
                    earlier(&house.cells).map(|k| (house.unit, k))
                });
                let cage = || {
                    let k = self.cage_of_cell[cell] as usize;
                    let cage = &self.variant.cages()[k];
                    earlier(&cage.cells).map(|first| (Unit::Cage(cage.label), first))
                };
                let (unit, first) = house
                    .or_else(cage)
                    .expect("a repeated given has an earlier twin in a house or its cage");
                PuzzleError::Conflict(Conflict {
                    unit,
                    digit: d,
                    first: at(first),
                    second: at(cell),
                })
            }
            Clash::Unmarked | Clash::Rest => {
                unreachable!("prepare answers a puzzle the rules leave unsolvable itself")
            }
            Clash::Cage(k) => {
                let cage = &self.variant.cages()[k];
                PuzzleError::Cage {
                    label: cage.label,
                    sum: cage.sum,
                }
            }
        }
    }

    /// Lays out the reduced matrix of `puzzle`; a [`Clash`], with nothing
    /// laid out, if its givens repeat a digit in a house or cage or fit no
    /// digit set of a cage (the masks of the givens are built here anyway,
    /// so the check costs no second pass over the grid).
    pub(super) fn compile(&mut self, puzzle: &Grid, cages: Cages) -> Result<(), Clash> {
        // The table is lent out for the call (a move of three words).
        if !self.three.is_empty() {
            let table = std::mem::take(&mut self.three);
            let result = self.compile_with::<_, false>(&table, puzzle.cells(), cages);
            self.three = table;
            return result;
        }
        let table = std::mem::take(&mut self.cell_houses);
        if self.sets.is_empty() {
            // Diagonals or windows, no cages: the houses' table, and
            // nothing of the cages' (compiled out).
            let result = self.compile_with::<_, false>(&table, puzzle.cells(), cages);
            self.cell_houses = table;
            return result;
        }
        let mut work = std::mem::take(&mut self.work);
        work.clear();
        work.extend_from_slice(puzzle.cells());
        self.deduced.clear();
        let deduced = if cages == Cages::Placements {
            self.deduce_house_sums(&mut work)
        } else {
            Some(false)
        };
        let result = match deduced {
            Some(false) => self.compile_with::<_, true>(&table, puzzle.cells(), cages),
            found => {
                // The deduced digits are in every solution, so when they
                // clash (or cannot be digits) there is none, unless the
                // givens themselves clash, which is said as usual.
                let fits =
                    found.is_some() && self.compile_with::<_, true>(&table, &work, cages).is_ok();
                if fits {
                    Ok(())
                } else {
                    self.compile_with::<_, true>(&table, puzzle.cells(), cages)
                        .map(|()| self.compile_unsolvable())
                }
            }
        };
        self.work = work;
        self.cell_houses = table;
        result
    }

    /// Writes into `cells` (a puzzle's digits) the digits that killer
    /// cages force by the sum of a house (the rule of 45 on 9x9): a house
    /// holds `1..=n` once, so its cells outside the cages that lie wholly
    /// in it add up to `n(n+1)/2` less those cages' sums (and a band of `k`
    /// rows or columns to `k` times that, less its own cages: the groups
    /// of [`house_sums`]); when all of them but one are filled, that one's
    /// digit is the difference. Repeated
    /// until nothing new follows, each deduced digit also recorded in
    /// `deduced`. `Some(true)` if it deduced any digit, `Some(false)` if
    /// none, `None` if the sums cannot hold (a difference that is no
    /// digit, filled cells that miss their sum): then no solution exists.
    pub(super) fn deduce_house_sums(&mut self, cells: &mut [u8]) -> Option<bool> {
        let n = self.n;
        let mut any = false;
        loop {
            let mut changed = false;
            for (rest, target) in &self.house_sums {
                let mut sum = 0i64;
                let mut empty = None;
                let mut empties = 0;
                for &cell in rest {
                    match cells[cell as usize] {
                        0 => {
                            empties += 1;
                            empty = Some(cell as usize);
                        }
                        d => sum += i64::from(d),
                    }
                }
                match (empties, empty) {
                    (0, _) if sum != *target => return None,
                    (1, Some(cell)) => {
                        let d = target - sum;
                        if !(1..=n as i64).contains(&d) {
                            return None;
                        }
                        cells[cell] = d as u8;
                        self.deduced.push((cell * n) as u32 + d as u32 - 1);
                        changed = true;
                    }
                    _ => {}
                }
            }
            if !changed {
                return Some(any);
            }
            any = true;
        }
    }

    /// Lays out a problem with no solution (one item, no option), for a
    /// puzzle whose rules leave none though its givens do not clash.
    pub(super) fn compile_unsolvable(&mut self) {
        self.items = 1;
        self.entries.clear();
        self.ends.clear();
        self.full_option.clear();
        self.placed.clear();
        self.placed_ends.clear();
        self.deduced.clear();
    }

    /// Where each kind of full item starts (see "Numbering" in the parent
    /// module, and the rests after the cages).
    fn full_items(&self) -> FullItems {
        let n = self.n;
        let cage_digit = n * n + self.houses.len() * n;
        let cage = cage_digit + self.sets.len() * n;
        let rest_digit = cage + self.sets.len();
        let rest = rest_digit + self.rests.len() * n;
        FullItems {
            cage_digit,
            cage,
            rest_digit,
            rest,
            end: rest + self.rests.len(),
        }
    }

    /// [`DlxSolver::compile`] with the houses of each cell from `table`;
    /// `CAGES` is false when there are none. In steps: the digits the
    /// givens put in each house, the cages and the houses' rests settled,
    /// the items numbered, then the options (the cells' candidates, the
    /// open digit sets of the cages and of the rests, the cages'
    /// placements).
    pub(super) fn compile_with<H: AsRef<[u8]>, const CAGES: bool>(
        &mut self,
        table: &[H],
        cells: &[u8],
        cages: Cages,
    ) -> Result<(), Clash> {
        let used = self.given_digits(table, cells)?;
        let house_count = self.houses.len();
        self.rest_on = CAGES && cages == Cages::Placements && !self.rests.is_empty();
        if CAGES {
            self.settle_cages(cells)?;
            if self.rest_on {
                self.settle_rests(cells, &used[..house_count])?;
            }
            self.choose_placements(table, cells, &used[..house_count], cages);
        }
        self.number_items::<CAGES>(cells, &used[..house_count]);
        self.full_option.clear();
        self.entries.clear();
        self.ends.clear();
        self.cell_options::<H, CAGES>(table, cells, &used);
        if CAGES {
            self.cage_set_options();
            if self.rest_on {
                self.rest_set_options();
            }
            self.placement_options(table);
        }
        Ok(())
    }

    /// The digits (bit `d - 1`) that the givens put in each house, or the
    /// clash of a given with a house or with its cell's pencil marks.
    #[inline(always)]
    fn given_digits<H: AsRef<[u8]>>(
        &self,
        table: &[H],
        cells: &[u8],
    ) -> Result<[u64; MAX_HOUSES], Clash> {
        let marks = self.variant.candidates();
        let mut used = [0u64; MAX_HOUSES];
        for (cell, (&d, ch)) in cells.iter().zip(table).enumerate() {
            if d != 0 {
                let bit = 1u64 << (d - 1);
                if marks.is_some_and(|m| m[cell] & bit == 0) {
                    return Err(Clash::Unmarked);
                }
                let houses = ch.as_ref();
                let mut seen = 0;
                for &h in houses {
                    seen |= used[h as usize];
                }
                if seen & bit != 0 {
                    return Err(Clash::Repeat(cell));
                }
                for &h in houses {
                    used[h as usize] |= bit;
                }
            }
        }
        Ok(used)
    }

    /// Numbers the items, in full order, skipping those a given covers:
    /// `reduced_item` and `items`.
    #[inline(always)]
    fn number_items<const CAGES: bool>(&mut self, cells: &[u8], used: &[u64]) {
        let (n, nn) = (self.n, self.n * self.n);
        let all: u64 = if n == 64 { !0 } else { (1 << n) - 1 };
        let cage_count = self.sets.len();
        let FullItems {
            cage_digit: cage_digit_base,
            cage: cage_base,
            rest_digit: rest_digit_base,
            rest: rest_base,
            end,
        } = self.full_items();
        self.reduced_item.clear();
        self.reduced_item.resize(end, ABSENT);
        let mut next = 0u32;
        let keep = |full: usize, reduced_item: &mut Vec<u32>, next: &mut u32| {
            reduced_item[full] = *next;
            *next += 1;
        };
        // The digit items `base + d` of a cage or rest for the digits `d`
        // of a mask.
        let keep_digits =
            |(base, mut digits): (usize, u64), reduced: &mut Vec<u32>, next: &mut u32| {
                while digits != 0 {
                    let d = digits.trailing_zeros() as usize;
                    digits &= digits - 1;
                    keep(base + d, reduced, next);
                }
            };
        for (cell, &d) in cells.iter().enumerate() {
            if d == 0 {
                keep(cell, &mut self.reduced_item, &mut next);
            }
        }
        for (h, &used) in used.iter().enumerate() {
            let mut missing = all & !used;
            while missing != 0 {
                let d = missing.trailing_zeros() as usize;
                missing &= missing - 1;
                keep(nn + h * n + d, &mut self.reduced_item, &mut next);
            }
        }
        if CAGES && cage_count > 0 {
            for k in 0..cage_count {
                // A cage compiled to its placements has no digit items;
                // a forced set covers the digits outside it; open cages
                // keep an item for every digit not given.
                if self.by_placement[k] {
                    continue;
                }
                let open = self.open.iter().any(|(o, _)| *o == k);
                let missing = if open { all } else { self.cage_allowed[k] };
                let digits = (cage_digit_base + k * n, missing & !self.cage_given[k]);
                keep_digits(digits, &mut self.reduced_item, &mut next);
            }
            for &(k, _) in &self.open {
                if !self.by_placement[k] {
                    keep(cage_base + k, &mut self.reduced_item, &mut next);
                }
            }
        }
        if CAGES && self.rest_on {
            // As for a cage on its digit sets: an item for each digit not
            // given (only those its one set allows when it is settled),
            // and the rest's own item while it has a choice of sets.
            let mut open = self.rest_open.iter().map(|&(r, _)| r).peekable();
            for r in 0..self.rests.len() {
                let is_open = open.next_if_eq(&r).is_some();
                let missing = if is_open { all } else { self.rest_allowed[r] };
                let digits = (rest_digit_base + r * n, missing & !self.rest_given[r]);
                keep_digits(digits, &mut self.reduced_item, &mut next);
            }
            for &(r, _) in &self.rest_open {
                keep(rest_base + r, &mut self.reduced_item, &mut next);
            }
        }
        self.items = next;
    }

    /// The options of the candidates of each empty cell, in full order.
    #[inline(always)]
    fn cell_options<H: AsRef<[u8]>, const CAGES: bool>(
        &mut self,
        table: &[H],
        cells: &[u8],
        used: &[u64; MAX_HOUSES],
    ) {
        let (n, nn) = (self.n, self.n * self.n);
        let all: u64 = if n == 64 { !0 } else { (1 << n) - 1 };
        let FullItems {
            cage_digit: cage_digit_base,
            rest_digit: rest_digit_base,
            ..
        } = self.full_items();
        let item = |full: usize| self.reduced_item[full];
        let marks = self.variant.candidates();
        for (cell, (&d, ch)) in cells.iter().zip(table).enumerate() {
            if d != 0 {
                continue;
            }
            let houses = ch.as_ref();
            let mut seen = 0;
            for &h in houses {
                seen |= used[h as usize];
            }
            let mut candidates = all & !seen;
            if let Some(marks) = marks {
                candidates &= marks[cell];
            }
            let cage = if CAGES {
                self.cage_of_cell[cell] as usize
            } else {
                NO_CAGE as usize
            };
            if CAGES && cage != NO_CAGE as usize {
                if self.by_placement[cage] {
                    // Its digits come with the cage's placement options.
                    continue;
                }
                candidates &= self.cage_allowed[cage] & !self.cage_given[cage];
            }
            let rests: &[u16] = if CAGES && self.rest_on {
                candidates &= self.rest_mask[cell];
                self.cell_rests[cell].as_ref()
            } else {
                &[]
            };
            // The first item of each house-digit item row of the cell.
            let mut base = [0usize; MAX_CELL_HOUSES];
            for (b, &h) in base.iter_mut().zip(houses) {
                *b = nn + h as usize * n;
            }
            let k = houses.len();
            while candidates != 0 {
                let d = candidates.trailing_zeros() as usize;
                candidates &= candidates - 1;
                let mut option = [0u32; 2 * MAX_CELL_HOUSES + 2];
                option[0] = item(cell);
                for (slot, &b) in option[1..=k].iter_mut().zip(&base[..k]) {
                    *slot = item(b + d);
                }
                let mut len = 1 + k;
                if CAGES && cage != NO_CAGE as usize {
                    option[len] = item(cage_digit_base + cage * n + d);
                    len += 1;
                }
                for &r in rests {
                    option[len] = item(rest_digit_base + r as usize * n + d);
                    len += 1;
                }
                self.entries.extend_from_slice(&option[..len]);
                self.ends.push(self.entries.len() as u32);
                self.full_option.push((cell * n + d) as u32);
            }
        }
    }

    /// The options of the digit sets of the cages that still have a
    /// choice: each covers its cage and the cage's digits outside the set.
    fn cage_set_options(&mut self) {
        let (n, nn) = (self.n, self.n * self.n);
        let FullItems {
            cage_digit: cage_digit_base,
            cage: cage_base,
            ..
        } = self.full_items();
        let mut out = SetOptions::of(
            &mut self.entries,
            &mut self.ends,
            &mut self.full_option,
            &self.reduced_item,
            n,
        );
        for (k, open) in &self.open {
            if self.by_placement[*k] {
                continue;
            }
            let first = nn * n + self.sets[..*k].iter().map(Vec::len).sum::<usize>();
            let group = (cage_base + k, cage_digit_base + k * n);
            out.push(group, open, &self.sets[*k], first);
        }
    }

    /// The options of the digit sets of the rests that still have a
    /// choice: each covers its rest and the rest's digits outside the set.
    /// They place nothing; their full numbers follow the cages' sets.
    fn rest_set_options(&mut self) {
        let (n, nn) = (self.n, self.n * self.n);
        let FullItems {
            rest_digit: rest_digit_base,
            rest: rest_base,
            ..
        } = self.full_items();
        let cage_sets = self.sets.iter().map(Vec::len).sum::<usize>();
        let mut out = SetOptions::of(
            &mut self.entries,
            &mut self.ends,
            &mut self.full_option,
            &self.reduced_item,
            n,
        );
        for (r, open) in &self.rest_open {
            let sets = &self.rests[*r].sets;
            let first =
                nn * n + cage_sets + self.rests[..*r].iter().map(|r| r.sets.len()).sum::<usize>();
            let group = (rest_base + r, rest_digit_base + r * n);
            out.push(group, open, sets, first);
        }
    }

    /// The options of the placements of the cages compiled to them: each
    /// covers its cells and, per cell, the house-digit items of its digit.
    fn placement_options<H: AsRef<[u8]>>(&mut self, table: &[H]) {
        let (n, nn) = (self.n, self.n * self.n);
        let rest_digit_base = self.full_items().rest_digit;
        let item = |full: usize| self.reduced_item[full];
        let mut start = 0;
        for (p, &end) in self.placed_ends.iter().enumerate() {
            for &pair in &self.placed[start..end as usize] {
                let (cell, d) = (pair as usize / n, pair as usize % n);
                self.entries.push(item(cell));
                for &h in table[cell].as_ref() {
                    self.entries.push(item(nn + h as usize * n + d));
                }
                if self.rest_on {
                    for &r in self.cell_rests[cell].as_ref() {
                        self.entries
                            .push(item(rest_digit_base + r as usize * n + d));
                    }
                }
            }
            start = end as usize;
            self.ends.push(self.entries.len() as u32);
            self.full_option.push(self.placement_base + p as u32);
        }
    }
}

/// Where the digit-set options of cages and rests are written: the
/// solver's option lists, and its map of full items to reduced ones.
struct SetOptions<'s> {
    entries: &'s mut Vec<u32>,
    ends: &'s mut Vec<u32>,
    full_option: &'s mut Vec<u32>,
    reduced_item: &'s [u32],
    n: usize,
}

impl<'s> SetOptions<'s> {
    fn of(
        entries: &'s mut Vec<u32>,
        ends: &'s mut Vec<u32>,
        full_option: &'s mut Vec<u32>,
        reduced_item: &'s [u32],
        n: usize,
    ) -> Self {
        Self {
            entries,
            ends,
            full_option,
            reduced_item,
            n,
        }
    }

    /// One option per set of `open` (a cage's or a rest's remaining digit
    /// sets, out of all its `sets`) for the group whose item and first
    /// digit item are the full items `group`: each covers the group's item
    /// and its digit items of the digits outside the set, and its full
    /// number is `first` plus the set's place in `sets`.
    fn push(
        &mut self,
        (item, digit_base): (usize, usize),
        open: &[u64],
        sets: &[u64],
        first: usize,
    ) {
        let all: u64 = if self.n == 64 { !0 } else { (1 << self.n) - 1 };
        for &set in open {
            self.entries.push(self.reduced_item[item]);
            let mut outside = all & !set;
            while outside != 0 {
                let d = outside.trailing_zeros() as usize;
                outside &= outside - 1;
                self.entries.push(self.reduced_item[digit_base + d]);
            }
            self.ends.push(self.entries.len() as u32);
            let j = sets.iter().position(|&s| s == set).unwrap_or(0);
            self.full_option.push((first + j) as u32);
        }
    }
}

/// The first full item of each kind past the houses' (cage-digit, cage,
/// rest-digit, rest), and one past the last.
struct FullItems {
    cage_digit: usize,
    cage: usize,
    rest_digit: usize,
    rest: usize,
    end: usize,
}
