//! Laying out a puzzle's reduced matrix (see "One reduced matrix per
//! puzzle" in the parent module): the givens' items taken out, one option
//! per remaining candidate, and the clash that makes a puzzle unsolvable
//! located for its message.
//!
//! Each step takes the parts of the solver it reads and writes: the
//! rules' [`Tables`] (read only), what is [`Settled`] of the cages and
//! rests, the [`Compiled`] problem it lays out, the [`Scratch`].
//!
//! Invariant: after [`DlxSolver::prepare`] the [`Compiled`] entries, option
//! ends and maps back to placements describe exactly the puzzle given to
//! it, or the one-item unsolvable problem.

use super::{
    ABSENT, Cages, Clash, Compiled, Conflict, DlxSolver, Grid, MAX_CELL_HOUSES, MAX_HOUSES,
    NO_CAGE, PuzzleError, Scratch, Settled, Tables, Unit,
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
                self.compiled.unsolvable();
                Ok(())
            }
            // Rare: only now is the clash located, for the message.
            Err(clash) => Err(self.tables.explain(puzzle, clash)),
        }
    }

    /// Lays out the reduced matrix of `puzzle`; a [`Clash`], with nothing
    /// laid out, if its givens repeat a digit in a house or cage or fit no
    /// digit set of a cage (the masks of the givens are built here anyway,
    /// so the check costs no second pass over the grid).
    pub(super) fn compile(&mut self, puzzle: &Grid, cages: Cages) -> Result<(), Clash> {
        let Self {
            tables,
            settled,
            compiled: out,
            scratch,
            ..
        } = self;
        let (tables, cells): (&Tables, _) = (tables, puzzle.cells());
        if !tables.three.is_empty() {
            let table = &tables.three[..];
            return compile_with::<_, false>(tables, table, cells, cages, settled, out, scratch);
        }
        let table = &tables.cell_houses[..];
        if tables.sets.is_empty() {
            // Diagonals or windows, no cages: the houses' table, and
            // nothing of the cages' (compiled out).
            return compile_with::<_, false>(tables, table, cells, cages, settled, out, scratch);
        }
        // Lent out for the call: the compile below borrows the scratch.
        let mut work = std::mem::take(&mut scratch.work);
        work.clear();
        work.extend_from_slice(cells);
        out.deduced.clear();
        let deduced = if cages == Cages::Placements {
            tables.deduce_house_sums(&mut work, &mut out.deduced)
        } else {
            Some(false)
        };
        let mut compile = |cells: &[u8]| {
            compile_with::<_, true>(tables, table, cells, cages, settled, out, scratch)
        };
        let result = match deduced {
            Some(false) => compile(cells),
            found => {
                // The deduced digits are in every solution, so when they
                // clash (or cannot be digits) there is none, unless the
                // givens themselves clash, which is said as usual.
                let fits = found.is_some() && compile(&work).is_ok();
                if fits {
                    Ok(())
                } else {
                    compile(cells).map(|()| out.unsolvable())
                }
            }
        };
        scratch.work = work;
        result
    }
}

impl Tables {
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

    /// Writes into `cells` (a puzzle's digits) the digits that killer
    /// cages force by the sum of a house (the rule of 45 on 9x9): a house
    /// holds `1..=n` once, so its cells outside the cages that lie wholly
    /// in it add up to `n(n+1)/2` less those cages' sums (and a band of `k`
    /// rows or columns to `k` times that, less its own cages: the groups
    /// of [`house_sums`](super::house_sums)); when all of them but one are filled, that one's
    /// digit is the difference. Repeated
    /// until nothing new follows, each deduced digit also pushed on
    /// `deduced`. `Some(true)` if it deduced any digit, `Some(false)` if
    /// none, `None` if the sums cannot hold (a difference that is no
    /// digit, filled cells that miss their sum): then no solution exists.
    pub(super) fn deduce_house_sums(
        &self,
        cells: &mut [u8],
        deduced: &mut Vec<u32>,
    ) -> Option<bool> {
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
                        deduced.push((cell * n) as u32 + d as u32 - 1);
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
}

impl Compiled {
    /// Lays out a problem with no solution (one item, no option), for a
    /// puzzle whose rules leave none though its givens do not clash.
    pub(super) fn unsolvable(&mut self) {
        self.items = 1;
        self.entries.clear();
        self.ends.clear();
        self.full_option.clear();
        self.placed.clear();
        self.placed_ends.clear();
        self.deduced.clear();
    }

    /// Numbers the items, in full order, skipping those a given covers:
    /// `reduced_item` and `items`.
    #[inline(always)]
    fn number_items<H, const CAGES: bool>(
        &mut self,
        tables: &Tables,
        settled: &Settled,
        givens: Givens<'_, H>,
    ) {
        let (n, nn) = (tables.n, tables.n * tables.n);
        let all: u64 = if n == 64 { !0 } else { (1 << n) - 1 };
        let cage_count = tables.sets.len();
        let FullItems {
            cage_digit: cage_digit_base,
            cage: cage_base,
            rest_digit: rest_digit_base,
            rest: rest_base,
            end,
        } = tables.full_items();
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
        for (cell, &d) in givens.cells.iter().enumerate() {
            if d == 0 {
                keep(cell, &mut self.reduced_item, &mut next);
            }
        }
        for (h, &used) in givens.used[..tables.houses.len()].iter().enumerate() {
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
                if settled.by_placement[k] {
                    continue;
                }
                let open = settled.open.iter().any(|(o, _)| *o == k);
                let missing = if open { all } else { settled.cage_allowed[k] };
                let digits = (cage_digit_base + k * n, missing & !settled.cage_given[k]);
                keep_digits(digits, &mut self.reduced_item, &mut next);
            }
            for &(k, _) in &settled.open {
                if !settled.by_placement[k] {
                    keep(cage_base + k, &mut self.reduced_item, &mut next);
                }
            }
        }
        if CAGES && settled.rest_on {
            // As for a cage on its digit sets: an item for each digit not
            // given (only those its one set allows when it is settled),
            // and the rest's own item while it has a choice of sets.
            let mut open = settled.rest_open.iter().map(|&(r, _)| r).peekable();
            for r in 0..tables.rests.len() {
                let is_open = open.next_if_eq(&r).is_some();
                let missing = if is_open {
                    all
                } else {
                    settled.rest_allowed[r]
                };
                let digits = (rest_digit_base + r * n, missing & !settled.rest_given[r]);
                keep_digits(digits, &mut self.reduced_item, &mut next);
            }
            for &(r, _) in &settled.rest_open {
                keep(rest_base + r, &mut self.reduced_item, &mut next);
            }
        }
        self.items = next;
    }

    /// The options of the candidates of each empty cell, in full order.
    #[inline(always)]
    fn cell_options<H: AsRef<[u8]>, const CAGES: bool>(
        &mut self,
        tables: &Tables,
        settled: &Settled,
        givens: Givens<'_, H>,
    ) {
        let (n, nn) = (tables.n, tables.n * tables.n);
        let all: u64 = if n == 64 { !0 } else { (1 << n) - 1 };
        let FullItems {
            cage_digit: cage_digit_base,
            rest_digit: rest_digit_base,
            ..
        } = tables.full_items();
        let item = |full: usize| self.reduced_item[full];
        let marks = tables.variant.candidates();
        let Givens { table, cells, used } = givens;
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
                tables.cage_of_cell[cell] as usize
            } else {
                NO_CAGE as usize
            };
            if CAGES && cage != NO_CAGE as usize {
                if settled.by_placement[cage] {
                    // Its digits come with the cage's placement options.
                    continue;
                }
                candidates &= settled.cage_allowed[cage] & !settled.cage_given[cage];
            }
            let rests: &[u16] = if CAGES && settled.rest_on {
                candidates &= settled.rest_mask[cell];
                tables.cell_rests[cell].as_ref()
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
    fn cage_set_options(&mut self, tables: &Tables, settled: &Settled) {
        let (n, nn) = (tables.n, tables.n * tables.n);
        let FullItems {
            cage_digit: cage_digit_base,
            cage: cage_base,
            ..
        } = tables.full_items();
        let mut out = SetOptions::of(
            &mut self.entries,
            &mut self.ends,
            &mut self.full_option,
            &self.reduced_item,
            n,
        );
        for (k, open) in &settled.open {
            if settled.by_placement[*k] {
                continue;
            }
            let first = nn * n + tables.sets[..*k].iter().map(Vec::len).sum::<usize>();
            let group = (cage_base + k, cage_digit_base + k * n);
            out.push(group, open, &tables.sets[*k], first);
        }
    }

    /// The options of the digit sets of the rests that still have a
    /// choice: each covers its rest and the rest's digits outside the set.
    /// They place nothing; their full numbers follow the cages' sets.
    fn rest_set_options(&mut self, tables: &Tables, settled: &Settled) {
        let (n, nn) = (tables.n, tables.n * tables.n);
        let FullItems {
            rest_digit: rest_digit_base,
            rest: rest_base,
            ..
        } = tables.full_items();
        let cage_sets = tables.sets.iter().map(Vec::len).sum::<usize>();
        let mut out = SetOptions::of(
            &mut self.entries,
            &mut self.ends,
            &mut self.full_option,
            &self.reduced_item,
            n,
        );
        for (r, open) in &settled.rest_open {
            let sets = &tables.rests[*r].sets;
            let first = nn * n
                + cage_sets
                + tables.rests[..*r]
                    .iter()
                    .map(|r| r.sets.len())
                    .sum::<usize>();
            let group = (rest_base + r, rest_digit_base + r * n);
            out.push(group, open, sets, first);
        }
    }

    /// The options of the placements of the cages compiled to them: each
    /// covers its cells and, per cell, the house-digit items of its digit.
    fn placement_options<H: AsRef<[u8]>>(
        &mut self,
        tables: &Tables,
        settled: &Settled,
        table: &[H],
    ) {
        let (n, nn) = (tables.n, tables.n * tables.n);
        let rest_digit_base = tables.full_items().rest_digit;
        let item = |full: usize| self.reduced_item[full];
        let mut start = 0;
        for (p, &end) in self.placed_ends.iter().enumerate() {
            for &pair in &self.placed[start..end as usize] {
                let (cell, d) = (pair as usize / n, pair as usize % n);
                self.entries.push(item(cell));
                for &h in table[cell].as_ref() {
                    self.entries.push(item(nn + h as usize * n + d));
                }
                if settled.rest_on {
                    for &r in tables.cell_rests[cell].as_ref() {
                        self.entries
                            .push(item(rest_digit_base + r as usize * n + d));
                    }
                }
            }
            start = end as usize;
            self.ends.push(self.entries.len() as u32);
            self.full_option.push(tables.placement_base + p as u32);
        }
    }
}

/// [`DlxSolver::compile`] with the houses of each cell from `table`;
/// `CAGES` is false when there are none. In steps: the digits the givens
/// put in each house, the cages and the houses' rests settled, the items
/// numbered, then the options (the cells' candidates, the open digit sets
/// of the cages and of the rests, the cages' placements).
fn compile_with<H: AsRef<[u8]>, const CAGES: bool>(
    tables: &Tables,
    table: &[H],
    cells: &[u8],
    cages: Cages,
    settled: &mut Settled,
    out: &mut Compiled,
    scratch: &mut Scratch,
) -> Result<(), Clash> {
    let used = tables.given_digits(table, cells)?;
    let givens = Givens {
        table,
        cells,
        used: &used,
    };
    settled.rest_on = CAGES && cages == Cages::Placements && !tables.rests.is_empty();
    if CAGES {
        settled.settle_cages(tables, cells)?;
        if settled.rest_on {
            settled.settle_rests(tables, cells, &used[..tables.houses.len()])?;
        }
        settled.choose_placements(tables, givens, cages, scratch, out);
    }
    out.number_items::<H, CAGES>(tables, settled, givens);
    out.full_option.clear();
    out.entries.clear();
    out.ends.clear();
    out.cell_options::<H, CAGES>(tables, settled, givens);
    if CAGES {
        out.cage_set_options(tables, settled);
        if settled.rest_on {
            out.rest_set_options(tables, settled);
        }
        out.placement_options(tables, settled, table);
    }
    Ok(())
}

/// A puzzle's givens as the compiler's steps read them: each cell's digit
/// (0 if empty), the houses of each cell, and the digits the givens put in
/// each house (bit `d - 1`).
pub(super) struct Givens<'g, H> {
    pub(super) table: &'g [H],
    pub(super) cells: &'g [u8],
    pub(super) used: &'g [u64; MAX_HOUSES],
}

impl<H> Clone for Givens<'_, H> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<H> Copy for Givens<'_, H> {}

/// Where the digit-set options of cages and rests are written: the
/// compiled problem's option lists, and its map of full items to reduced ones.
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
