//! Sudoku variants as data: the rules of a puzzle are its *houses* (sets
//! of `n` cells that hold every digit once) and its *cages* (killer
//! Sudoku: cells whose digits are all different and add up to a sum).
//! Plain Sudoku is one instance: rows, columns and boxes, no cages.
//!
//! | variant | houses added to rows and columns                          |
//! |---------|-----------------------------------------------------------|
//! | plain   | the boxes of the [`Shape`]                                 |
//! | jigsaw  | `n` regions of `n` cells, per puzzle, instead of the boxes |
//! | x       | also the two main diagonals                                |
//! | hyper   | also four 3x3 windows (9x9 only)                           |
//! | killer  | cages with sums, on top of any of the above                |
//! | sukaku  | pencil marks: the digits each cell may take, on top of any |
//!
//! Any combination is one [`Variant`]. The compiler (`DlxSolver`) takes
//! the list of `House`s and the [`Cage`]s; the checker
//! ([`super::verify`]) reads the raw rules here (region labels, flags,
//! cage cells and sums) and shares no code with the compiler.
//!
//! Invariants of a `Variant` (every constructor checks them, so the
//! compiler can trust them): regions, when given, are `n` regions of `n`
//! cells, numbered `0..n` in the order of their first cell; windows only
//! on 9x9; cages are disjoint, each of 1 to `n` cells in reading order,
//! with a sum that some set of that many different digits `1..=n` makes,
//! and at most `MAX_CAGE_SETS` such sets; pencil marks, when given, are
//! one mask per cell of digits `1..=n` (bit `d - 1` for digit `d`), a mask
//! of 0 being a cell that takes no digit (a puzzle with no solution).

pub(crate) use super::constraint::sum_range;
use super::constraint::{self, Constraint, ConstraintError};
use super::grid::LabelName;
use super::{Grid, Shape, Unit};

/// A killer cage: different digits adding up to `sum`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cage {
    /// The symbol that named it in the input.
    pub label: char,
    /// Its cells, in reading order (`r * n + c`).
    pub cells: Vec<u16>,
    /// What its digits add up to.
    pub sum: u32,
}

/// The rules of a puzzle: which houses and cages its digits obey. A
/// program gets them from a reader of the formats (a case's `variant`),
/// or makes plain ([`Variant::plain`]), X and hyper ([`variant_of`])
/// rules; the solvers, the generator, the checker and the renderer take
/// them as they are.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    shape: Shape,
    /// Region (`0..n`) of each cell, replacing the boxes (jigsaw).
    regions: Option<Vec<u8>>,
    /// The two main diagonals are houses (X Sudoku).
    diagonals: bool,
    /// The four hyper windows are houses (9x9 only).
    windows: bool,
    cages: Vec<Cage>,
    /// The digits each cell may take (bit `d - 1`), when pencil marks
    /// restrict them (Sukaku).
    candidates: Option<Vec<u64>>,
    /// The setters' constraints ([`Constraint`]), each checked by
    /// [`constraint::check`].
    constraints: Vec<Constraint>,
}

/// A house: `n` cells that hold every digit once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct House {
    /// What it is, for messages.
    pub unit: Unit,
    /// Its cells, in reading order.
    pub cells: Vec<u16>,
}

/// The most digit sets one cage may have (each is an option of the exact
/// cover; a 9x9 cage has at most 12).
pub(crate) const MAX_CAGE_SETS: usize = 10_000;

/// Rules that cannot be: which, and the cell (reading order) to blame
/// when there is one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VariantError {
    /// Not one label per cell.
    #[error("expected {expected} symbols, one per cell, found {found}")]
    Labels {
        /// `n^2`.
        expected: usize,
        /// Symbols given.
        found: usize,
    },
    /// Not `n` regions.
    #[error("expected {n} regions of {n} cells, found {found} regions")]
    RegionCount {
        /// The side.
        n: usize,
        /// Regions found.
        found: usize,
    },
    /// A region of the wrong size.
    #[error("region {} has {size} cells, expected {n}", LabelName(*.label))]
    RegionSize {
        /// Its symbol.
        label: char,
        /// Its cells.
        size: usize,
        /// The side.
        n: usize,
        /// Its first cell.
        cell: usize,
    },
    /// Windows on a grid other than 9x9.
    #[error("hyper windows are defined on 9x9 grids only, this one is {n}x{n}")]
    Hyper {
        /// The side.
        n: usize,
    },
    /// A cage with more cells than digits.
    #[error("cage {} has {size} cells; a cage of different digits has at most {n}", LabelName(*.label))]
    CageSize {
        /// Its symbol.
        label: char,
        /// Its cells.
        size: usize,
        /// The side.
        n: usize,
        /// Its first cell.
        cell: usize,
    },
    /// A cage that `sums=` does not give a sum.
    #[error("cage {} has no sum (expected '{label}:SUM' in sums=)", LabelName(*.label))]
    NoSum {
        /// Its symbol.
        label: char,
        /// Its first cell.
        cell: usize,
    },
    /// A sum for a label that names no cage, or a label given twice.
    #[error("{}", if *.twice { format!("the sum of cage {} is given twice", LabelName(*.label)) } else { format!("a sum for {}, but no cage has that symbol", LabelName(*.label)) })]
    StraySum {
        /// The label.
        label: char,
        /// Its place in the list of sums (0-based).
        index: usize,
        /// Whether it is a repeat rather than a label with no cage.
        twice: bool,
    },
    /// A sum no set of different digits makes.
    #[error(
        "cage {} cannot sum to {sum}: {size} different digits 1-{n} add up to {min} to {max}",
        LabelName(*.label)
    )]
    Sum {
        /// Its symbol.
        label: char,
        /// Its sum.
        sum: u32,
        /// Its cells.
        size: usize,
        /// The side.
        n: usize,
        /// The least sum.
        min: u32,
        /// The largest sum.
        max: u32,
        /// Its first cell.
        cell: usize,
    },
    /// A cage with so many digit sets that its options would not fit.
    #[error("cage {} has more than {MAX_CAGE_SETS} sets of digits that make its sum", LabelName(*.label))]
    TooManySets {
        /// Its symbol.
        label: char,
        /// Its first cell.
        cell: usize,
    },
    /// Pencil marks for another number of cells, or with digits past `n`.
    #[error("expected pencil marks of digits 1-{n} for {expected} cells, found {found}")]
    Candidates {
        /// `n^2`.
        expected: usize,
        /// Masks given, or `n^2` when one has a digit past `n`.
        found: usize,
        /// The side.
        n: usize,
    },
    /// Givens that no filling of their cage can keep.
    #[error(
        "the given {digit} at r{}c{} breaks cage {} (sum {sum}): {why}",
        .cell / .n + 1, .cell % .n + 1, LabelName(*.label)
    )]
    GivenBreaksCage {
        /// The cage's symbol.
        label: char,
        /// Its sum.
        sum: u32,
        /// The given to blame.
        cell: usize,
        /// Its digit.
        digit: u8,
        /// The side.
        n: usize,
        /// Why.
        why: &'static str,
    },
}

impl VariantError {
    /// The cell (reading order) the error is about, if one is.
    pub(crate) fn cell(&self) -> Option<usize> {
        match *self {
            VariantError::RegionSize { cell, .. }
            | VariantError::CageSize { cell, .. }
            | VariantError::NoSum { cell, .. }
            | VariantError::Sum { cell, .. }
            | VariantError::TooManySets { cell, .. }
            | VariantError::GivenBreaksCage { cell, .. } => Some(cell),
            _ => None,
        }
    }
}

impl Variant {
    /// Plain Sudoku of `shape`: rows, columns and boxes.
    pub fn plain(shape: Shape) -> Self {
        Self {
            shape,
            regions: None,
            diagonals: false,
            windows: false,
            cages: Vec::new(),
            candidates: None,
            constraints: Vec::new(),
        }
    }

    /// These rules with pencil marks: `masks` gives, for each cell in
    /// reading order, the digits it may take (bit `d - 1` for digit `d`).
    /// A given must be one of its cell's marks for the puzzle to have a
    /// solution. Marks that allow every digit everywhere are no rule and
    /// are dropped.
    pub(crate) fn with_candidates(mut self, masks: Vec<u64>) -> Result<Self, VariantError> {
        let n = self.n();
        let all = full_mask(n);
        let cells = self.shape.cells();
        if masks.len() != cells || masks.iter().any(|&m| m & !all != 0) {
            return Err(VariantError::Candidates {
                expected: cells,
                found: masks.len(),
                n,
            });
        }
        self.candidates = (!masks.iter().all(|&m| m == all)).then_some(masks);
        Ok(self)
    }

    /// These rules with `constraints` added (see [`Constraint`]); fails
    /// with the first that cannot be, and its index.
    pub(crate) fn with_constraints(
        mut self,
        constraints: Vec<Constraint>,
    ) -> Result<Self, (usize, ConstraintError)> {
        let n = self.n();
        for (i, c) in constraints.iter().enumerate() {
            constraint::check(c, n).map_err(|e| (i, e))?;
            if let Some(why) = constraint::past_the_cap(self.constraints.len() + i, n) {
                let kind = c.kind();
                return Err((i, ConstraintError { kind, why }));
            }
        }
        self.constraints.extend(constraints);
        Ok(self)
    }

    /// The setters' constraints on top of the houses and cages.
    pub(crate) fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }

    /// These rules with the boxes replaced by regions: `labels` gives each
    /// cell's region symbol in reading order.
    pub(crate) fn with_regions(mut self, labels: &[char]) -> Result<Self, VariantError> {
        let n = self.n();
        let groups = groups(labels, self.shape.cells())?;
        if groups.len() != n {
            return Err(VariantError::RegionCount {
                n,
                found: groups.len(),
            });
        }
        let mut regions = vec![0u8; n * n];
        for (id, (label, cells)) in groups.iter().enumerate() {
            if cells.len() != n {
                return Err(VariantError::RegionSize {
                    label: *label,
                    size: cells.len(),
                    n,
                    cell: cells[0] as usize,
                });
            }
            for &cell in cells {
                regions[cell as usize] = id as u8;
            }
        }
        self.regions = Some(regions);
        Ok(self)
    }

    /// These rules with the two main diagonals as houses.
    pub(crate) fn with_diagonals(mut self) -> Self {
        self.diagonals = true;
        self
    }

    /// These rules with the four hyper windows as houses (9x9 only).
    pub(crate) fn with_windows(mut self) -> Result<Self, VariantError> {
        if self.n() != 9 {
            return Err(VariantError::Hyper { n: self.n() });
        }
        self.windows = true;
        Ok(self)
    }

    /// These rules with killer cages: `labels` gives each cell's cage
    /// symbol (`None` for a cell in no cage), `sums` each symbol's sum.
    pub(crate) fn with_cages(
        mut self,
        labels: &[Option<char>],
        sums: &[(char, u32)],
    ) -> Result<Self, VariantError> {
        let n = self.n();
        if labels.len() != n * n {
            return Err(VariantError::Labels {
                expected: n * n,
                found: labels.len(),
            });
        }
        for (index, &(label, _)) in sums.iter().enumerate() {
            let twice = sums[..index].iter().any(|&(l, _)| l == label);
            if twice || !labels.contains(&Some(label)) {
                return Err(VariantError::StraySum {
                    label,
                    index,
                    twice,
                });
            }
        }
        let mut cages: Vec<Cage> = Vec::new();
        for (cell, label) in labels.iter().enumerate() {
            let Some(label) = *label else { continue };
            match cages.iter_mut().find(|c| c.label == label) {
                Some(cage) => cage.cells.push(cell as u16),
                None => {
                    let Some(&(_, sum)) = sums.iter().find(|&&(l, _)| l == label) else {
                        return Err(VariantError::NoSum { label, cell });
                    };
                    cages.push(Cage {
                        label,
                        cells: vec![cell as u16],
                        sum,
                    });
                }
            }
        }
        for cage in &cages {
            let (size, cell) = (cage.cells.len(), cage.cells[0] as usize);
            if size > n {
                return Err(VariantError::CageSize {
                    label: cage.label,
                    size,
                    n,
                    cell,
                });
            }
            let (min, max) = sum_range(n, size);
            if !(min..=max).contains(&cage.sum) {
                return Err(VariantError::Sum {
                    label: cage.label,
                    sum: cage.sum,
                    size,
                    n,
                    min,
                    max,
                    cell,
                });
            }
            if cage_sets(n, size, cage.sum).is_none() {
                return Err(VariantError::TooManySets {
                    label: cage.label,
                    cell,
                });
            }
        }
        self.cages = cages;
        Ok(self)
    }

    /// Checks that `grid`'s givens can stay in their cages: no digit twice
    /// in a cage, and some set of different digits with the cage's sum
    /// holds them all.
    pub(crate) fn check_givens(&self, grid: &Grid) -> Result<(), VariantError> {
        let n = self.n();
        for cage in &self.cages {
            let mut given = 0u64;
            let mut last = None;
            for &cell in &cage.cells {
                let d = grid.cells()[cell as usize];
                if d == 0 {
                    continue;
                }
                let bit = 1u64 << (d - 1);
                let broken = |why| VariantError::GivenBreaksCage {
                    label: cage.label,
                    sum: cage.sum,
                    cell: cell as usize,
                    digit: d,
                    n,
                    why,
                };
                if given & bit != 0 {
                    return Err(broken("the digit is given twice in the cage"));
                }
                given |= bit;
                last = Some(broken(
                    "no set of different digits with the cage's sum holds the givens",
                ));
            }
            let sets = cage_sets(n, cage.cells.len(), cage.sum).unwrap_or_default();
            if let Some(e) = last
                && !sets.iter().any(|&s| s & given == given)
            {
                return Err(e);
            }
        }
        Ok(())
    }

    /// The grid shape (its boxes are houses unless regions replace them).
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The side `n`.
    pub(crate) fn n(&self) -> usize {
        self.shape.n()
    }

    /// Each cell's region (`0..n`), if regions replace the boxes.
    pub(crate) fn regions(&self) -> Option<&[u8]> {
        self.regions.as_deref()
    }

    /// Whether the two main diagonals are houses.
    pub(crate) fn diagonals(&self) -> bool {
        self.diagonals
    }

    /// Whether the four hyper windows are houses.
    pub(crate) fn windows(&self) -> bool {
        self.windows
    }

    /// The killer cages.
    pub(crate) fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// The digits each cell may take (bit `d - 1` for digit `d`, cells in
    /// reading order), when pencil marks restrict them.
    pub fn candidates(&self) -> Option<&[u64]> {
        self.candidates.as_deref()
    }

    /// Whether these are the rules of plain Sudoku.
    pub fn is_plain(&self) -> bool {
        self.has_plain_houses() && self.candidates.is_none()
    }

    /// Whether the houses are the rows, columns and boxes alone, with no
    /// cage or constraint: plain Sudoku, pencil marks or not.
    pub(crate) fn has_plain_houses(&self) -> bool {
        self.regions.is_none()
            && !self.diagonals
            && !self.windows
            && self.cages.is_empty()
            && self.constraints.is_empty()
    }

    /// Whether the box shape is the one a grid of this side gets when no
    /// shape is named ([`Shape::for_side`]), so that the cells alone read
    /// back in it.
    pub(crate) fn has_default_shape(&self) -> bool {
        Shape::for_side(self.n()).is_ok_and(|s| s == self.shape)
    }

    /// Whether a line of these rules must carry `box=` to read back as the
    /// same puzzle: when the cells alone give another box shape
    /// ([`Variant::has_default_shape`]), or when the side is below 4, which
    /// the line format's detection does not take for a puzzle (a line with
    /// a field is the variant format's, which reads it).
    pub(crate) fn needs_box_field(&self) -> bool {
        !self.has_default_shape() || self.n() < 4
    }

    /// The houses, in the compiler's order: rows, columns, boxes or
    /// regions, then the diagonals (main, then anti), then the windows
    /// (across then down); each house's cells in reading order.
    pub(crate) fn houses(&self) -> Vec<House> {
        let n = self.n();
        let cell = |r: usize, c: usize| (r * n + c) as u16;
        let mut houses = Vec::with_capacity(3 * n + 6);
        for r in 0..n {
            houses.push(House {
                unit: Unit::Row(r),
                cells: (0..n).map(|c| cell(r, c)).collect(),
            });
        }
        for c in 0..n {
            houses.push(House {
                unit: Unit::Column(c),
                cells: (0..n).map(|r| cell(r, c)).collect(),
            });
        }
        match &self.regions {
            None => houses.extend((0..n).map(|b| House {
                unit: Unit::Box(b),
                cells: self.shape.box_cells(b).map(|(r, c)| cell(r, c)).collect(),
            })),
            Some(regions) => houses.extend((0..n).map(|g| {
                House {
                    unit: Unit::Region(g),
                    cells: (0..n * n)
                        .filter(|&k| regions[k] as usize == g)
                        .map(|k| k as u16)
                        .collect(),
                }
            })),
        }
        if self.diagonals {
            houses.push(House {
                unit: Unit::Diagonal(0),
                cells: (0..n).map(|i| cell(i, i)).collect(),
            });
            houses.push(House {
                unit: Unit::Diagonal(1),
                cells: (0..n).map(|i| cell(i, n - 1 - i)).collect(),
            });
        }
        if self.windows {
            for w in 0..4 {
                let (r0, c0) = (1 + 4 * (w / 2), 1 + 4 * (w % 2));
                houses.push(House {
                    unit: Unit::Window(w),
                    cells: (0..9).map(|k| cell(r0 + k / 3, c0 + k % 3)).collect(),
                });
            }
        }
        houses
    }

    /// The fields of the variant line format that state these rules, in
    /// the order `box=`, `regions=`, `x`, `hyper`, `cages=`, `sums=`,
    /// separated by spaces (empty for plain Sudoku of the side's own box
    /// shape, 4x4 or larger): what follows a puzzle's cells on its line.
    /// `box=RxC` is written where `Variant::needs_box_field` says (`3x2`
    /// for a 6x6 grid, whose cells alone read as `2x3`; every side below
    /// 4). Regions are written `a`, `b`, ... in the order of their
    /// first cell (then `A`-`Z`, `0`-`9`); cages with their own labels.
    /// Pencil marks have no field in that format (the `sukaku` format
    /// carries them), so rules with them are not written here: callers
    /// check [`Variant::candidates`] first.
    pub fn fields(&self) -> String {
        const REGION_SYMBOLS: &[u8] =
            b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@$%&";
        let mut out: Vec<String> = Vec::new();
        if self.needs_box_field() {
            out.push(format!("box={}", self.shape));
        }
        if let Some(regions) = &self.regions {
            // Symbols by first appearance, so a region's symbol does not
            // depend on how its ids were numbered.
            let mut symbol_of = vec![None; self.n()];
            let mut next = 0;
            let symbols: String = regions
                .iter()
                .map(|&id| {
                    *symbol_of[id as usize].get_or_insert_with(|| {
                        next += 1;
                        REGION_SYMBOLS[(next - 1) % REGION_SYMBOLS.len()] as char
                    })
                })
                .collect();
            out.push(format!("regions={symbols}"));
        }
        if self.diagonals {
            out.push("x".into());
        }
        if self.windows {
            out.push("hyper".into());
        }
        if !self.cages.is_empty() {
            let mut labels = vec!['.'; self.shape.cells()];
            for cage in &self.cages {
                for &cell in &cage.cells {
                    labels[cell as usize] = cage.label;
                }
            }
            let sums: Vec<String> = self
                .cages
                .iter()
                .map(|c| format!("{}:{}", c.label, c.sum))
                .collect();
            out.push(format!("cages={}", labels.into_iter().collect::<String>()));
            out.push(format!("sums={}", sums.join(",")));
        }
        out.join(" ")
    }

    /// A short name of the rules: `plain`, or the parts joined by `+`
    /// (`jigsaw+x+killer`).
    pub fn name(&self) -> String {
        let parts: Vec<&str> = [
            (self.regions.is_some(), "jigsaw"),
            (self.diagonals, "x"),
            (self.windows, "hyper"),
            (!self.cages.is_empty(), "killer"),
            (self.candidates.is_some(), "sukaku"),
        ]
        .into_iter()
        .filter_map(|(on, name)| on.then_some(name))
        .collect();
        let mut parts = parts;
        for c in &self.constraints {
            if !parts.contains(&c.kind()) {
                parts.push(c.kind());
            }
        }
        if parts.is_empty() {
            "plain".into()
        } else {
            parts.join("+")
        }
    }
}

/// Every digit `1..=n` as a mask.
fn full_mask(n: usize) -> u64 {
    if n >= 64 { !0 } else { (1 << n) - 1 }
}

/// The cells of each label, labels in the order of their first cell;
/// fails unless there are `cells` labels.
fn groups(labels: &[char], cells: usize) -> Result<Vec<(char, Vec<u16>)>, VariantError> {
    if labels.len() != cells {
        return Err(VariantError::Labels {
            expected: cells,
            found: labels.len(),
        });
    }
    let mut groups: Vec<(char, Vec<u16>)> = Vec::new();
    for (cell, &label) in labels.iter().enumerate() {
        match groups.iter_mut().find(|(l, _)| *l == label) {
            Some((_, cells)) => cells.push(cell as u16),
            None => groups.push((label, vec![cell as u16])),
        }
    }
    Ok(groups)
}

/// Every set of `size` different digits `1..=n` adding up to `sum`, as
/// masks (bit `d - 1` for digit `d`), in increasing order of their
/// smallest differing digit; `None` if there are more than
/// `MAX_CAGE_SETS`.
pub(crate) fn cage_sets(n: usize, size: usize, sum: u32) -> Option<Vec<u64>> {
    /// Adds the sets that complete `mask` with `left` digits from `next`
    /// up that add up to `sum`.
    fn extend(n: u32, next: u32, left: u32, sum: u32, mask: u64, out: &mut Vec<u64>) -> Option<()> {
        if left == 0 {
            if sum == 0 {
                if out.len() == MAX_CAGE_SETS {
                    return None;
                }
                out.push(mask);
            }
            return Some(());
        }
        for d in next..=n {
            // The least the rest can add is d + (d+1) + ... (left digits).
            let least = left * d + left * (left - 1) / 2;
            // The most is n + (n-1) + ... (left digits from the top).
            let most = left * n - left * (left - 1) / 2;
            if least > sum {
                break;
            }
            if most < sum || n + 1 - d < left {
                continue;
            }
            extend(n, d + 1, left - 1, sum - d, mask | 1 << (d - 1), out)?;
        }
        Some(())
    }
    let mut out = Vec::new();
    extend(n as u32, 1, size as u32, sum, 0, &mut out)?;
    Some(out)
}

/// The rules `dlx generate --variant` makes puzzles for on `shape`: plain
/// Sudoku, with both diagonals (`x`), with the four windows (`hyper`,
/// 9x9 only), or both.
pub fn variant_of(shape: Shape, x: bool, hyper: bool) -> Result<Variant, VariantError> {
    let mut variant = Variant::plain(shape);
    if x {
        variant = variant.with_diagonals();
    }
    if hyper {
        variant = variant.with_windows()?;
    }
    Ok(variant)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cage_sets_are_every_set_of_different_digits_with_the_sum() {
        assert_eq!(cage_sets(9, 2, 3), Some(vec![0b11]));
        assert_eq!(cage_sets(9, 2, 1), Some(vec![]));
        assert_eq!(cage_sets(9, 9, 45).unwrap().len(), 1);
        // Brute force over all masks of 9 digits.
        for size in 1..=9 {
            for sum in 0..=50 {
                let mut brute: Vec<u64> = (0u64..512)
                    .filter(|m| m.count_ones() as usize == size)
                    .filter(|m| {
                        (0..9)
                            .filter(|d| m >> d & 1 == 1)
                            .map(|d| d + 1)
                            .sum::<u32>()
                            == sum
                    })
                    .collect();
                let mut got = cage_sets(9, size, sum).unwrap();
                brute.sort_unstable();
                got.sort_unstable();
                assert_eq!(got, brute, "size {size}, sum {sum}");
            }
        }
        assert_eq!(sum_range(9, 2), (3, 17));
        assert!(cage_sets(64, 32, 1040).is_none());
    }

    #[test]
    fn rules_are_checked_as_they_are_made() {
        let four = Shape::FOUR;
        let labels: Vec<char> = "AABBAABBCCDDCCDD".chars().collect();
        let v = Variant::plain(four).with_regions(&labels).unwrap();
        assert_eq!(v.houses()[8].cells, [0, 1, 4, 5]);
        let bad: Vec<char> = "AAABAABBCCDDCCDD".chars().collect();
        assert_eq!(
            Variant::plain(four)
                .with_regions(&bad)
                .unwrap_err()
                .to_string(),
            "region 'A' has 5 cells, expected 4"
        );
        let three: Vec<char> = "AAAABBBBCCCCCCCC".chars().collect();
        assert_eq!(
            Variant::plain(four)
                .with_regions(&three)
                .unwrap_err()
                .to_string(),
            "expected 4 regions of 4 cells, found 3 regions"
        );
        assert!(Variant::plain(four).with_windows().is_err());
        let cages: Vec<Option<char>> = "AA.............."
            .chars()
            .map(|c| (c != '.').then_some(c))
            .collect();
        assert_eq!(
            Variant::plain(four)
                .with_cages(&cages, &[('A', 1)])
                .unwrap_err()
                .to_string(),
            "cage 'A' cannot sum to 1: 2 different digits 1-4 add up to 3 to 7"
        );
        assert!(matches!(
            Variant::plain(four).with_cages(&cages, &[]),
            Err(VariantError::NoSum {
                label: 'A',
                cell: 0
            })
        ));
        assert!(matches!(
            Variant::plain(four).with_cages(&cages, &[('A', 3), ('B', 3)]),
            Err(VariantError::StraySum {
                label: 'B',
                index: 1,
                twice: false
            })
        ));
        let v = Variant::plain(four)
            .with_cages(&cages, &[('A', 3)])
            .unwrap();
        let mut g = Grid::empty(four);
        g.set(0, 0, 3);
        assert_eq!(
            v.check_givens(&g).unwrap_err().to_string(),
            "the given 3 at r1c1 breaks cage 'A' (sum 3): no set of different digits with the cage's sum holds the givens"
        );
        g.set(0, 0, 2);
        assert_eq!(v.check_givens(&g), Ok(()));
        assert_eq!(v.name(), "killer");
    }
}
