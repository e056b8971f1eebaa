//! Shapes and grids: the plain data every solver and format shares.

use std::fmt;
use std::str::FromStr;

/// The largest grid side supported (`n = box_rows * box_cols`).
pub const MAX_N: usize = 64;

/// A Sudoku shape: boxes of `box_rows` x `box_cols` cells, so the grid is
/// `n x n` with `n = box_rows * box_cols` (1 to 64). A 6x6 Sudoku has 2x3
/// boxes (two rows, three columns), a 12x12 one 3x4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    box_rows: u8,
    box_cols: u8,
}

impl Shape {
    /// A shape with boxes of `box_rows` x `box_cols`.
    pub fn new(box_rows: usize, box_cols: usize) -> Result<Self, GridError> {
        let n = box_rows.saturating_mul(box_cols);
        if n == 0 || n > MAX_N {
            return Err(GridError::Side(box_rows, box_cols, n));
        }
        Ok(Self {
            box_rows: box_rows as u8,
            box_cols: box_cols as u8,
        })
    }

    /// The usual shape for an `n x n` grid: the most nearly square boxes,
    /// with no more rows than columns (9: 3x3, 6: 2x3, 12: 3x4, 8: 2x4, a
    /// prime n: 1xn).
    pub fn for_side(n: usize) -> Result<Self, GridError> {
        let rows = (1..=n)
            .take_while(|r| r * r <= n)
            .filter(|r| n.is_multiple_of(*r))
            .last();
        match rows {
            Some(r) => Self::new(r, n / r),
            None => Err(GridError::Side(0, 0, n)),
        }
    }

    /// The usual shape (see [`Shape::for_side`]) for a grid of `cells` cells.
    pub fn for_cell_count(cells: usize) -> Result<Self, GridError> {
        let n = (1..=MAX_N).find(|n| n * n >= cells);
        match n {
            Some(n) if n * n == cells => Self::for_side(n),
            Some(_) => Err(GridError::NotSquare(cells)),
            None => {
                let side = cells.isqrt();
                if side * side == cells {
                    Err(GridError::TooLarge(cells, side))
                } else {
                    Err(GridError::NotSquare(cells))
                }
            }
        }
    }

    /// The standard 9x9 shape.
    pub const NINE: Shape = Shape {
        box_rows: 3,
        box_cols: 3,
    };

    /// The 4x4 shape (2x2 boxes).
    pub(crate) const FOUR: Shape = Shape {
        box_rows: 2,
        box_cols: 2,
    };

    /// The 16x16 shape (4x4 boxes).
    pub(crate) const SIXTEEN: Shape = Shape {
        box_rows: 4,
        box_cols: 4,
    };

    /// Rows in a box.
    pub fn box_rows(self) -> usize {
        self.box_rows as usize
    }

    /// Columns in a box.
    pub fn box_cols(self) -> usize {
        self.box_cols as usize
    }

    /// The side `n`: rows, columns, boxes and digits.
    pub fn n(self) -> usize {
        self.box_rows() * self.box_cols()
    }

    /// Number of cells, `n^2`.
    pub(crate) fn cells(self) -> usize {
        self.n() * self.n()
    }

    /// The box (0-based, numbered across then down) holding cell (r, c).
    pub(crate) fn box_of(self, r: usize, c: usize) -> usize {
        (r / self.box_rows()) * self.box_rows() + c / self.box_cols()
    }

    /// The cells of box `b`, in reading order.
    pub(crate) fn box_cells(self, b: usize) -> impl Iterator<Item = (usize, usize)> {
        let r0 = b / self.box_rows() * self.box_rows();
        let c0 = b % self.box_rows() * self.box_cols();
        let (h, w) = (self.box_rows(), self.box_cols());
        (0..h * w).map(move |k| (r0 + k / w, c0 + k % w))
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.box_rows, self.box_cols)
    }
}

impl FromStr for Shape {
    type Err = GridError;

    /// Reads `RxC`, such as `3x3` or `2x3`.
    fn from_str(s: &str) -> Result<Self, GridError> {
        let syntax = || GridError::Syntax(s.to_string());
        let (r, c) = s.split_once(['x', 'X']).ok_or_else(syntax)?;
        let r = r.trim().parse().map_err(|_| syntax())?;
        let c = c.trim().parse().map_err(|_| syntax())?;
        Self::new(r, c)
    }
}

/// A grid of a given [`Shape`]: `n^2` cells in reading order, each `0`
/// (empty) or a digit `1..=n`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    cells: Vec<u8>,
}

/// A shape that cannot be, a cell value outside `0..=n`, or a wrong
/// number of cells.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GridError {
    /// `box_rows * box_cols` is 0 or above 64 (`MAX_N`).
    #[error("a {0}x{1} box gives a grid side of {2}; the side must be 1 to 64")]
    Side(usize, usize, usize),
    /// A cell count that is not `n^2` for a supported `n`.
    #[error(
        "{0} cells is not a Sudoku size (expected n*n cells: 16, 36, 64, 81, 144, 256, 625, ...)"
    )]
    NotSquare(usize),
    /// A square number of cells, but of a grid larger than 64x64 (`MAX_N`).
    #[error("{0} cells make a {1}x{1} grid; the largest is 64x64 (4096 cells)")]
    TooLarge(usize, usize),
    /// The `RxC` text could not be read.
    #[error("expected a box shape like 3x3 or 2x3 (rows x columns), found '{0}'")]
    Syntax(String),
    /// Wrong number of cells for the shape.
    #[error("a {shape} grid has {expected} cells, found {found}")]
    CellCount {
        /// The shape.
        shape: Shape,
        /// `n^2`.
        expected: usize,
        /// Cells given.
        found: usize,
    },
    /// A digit above `n`.
    #[error("r{}c{} holds {value}, but digits go from 1 to {n}", .row + 1, .col + 1)]
    Digit {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
        /// The value found.
        value: u8,
        /// The largest digit.
        n: usize,
    },
}

impl Grid {
    /// An empty grid.
    pub fn empty(shape: Shape) -> Self {
        Self {
            shape,
            cells: vec![0; shape.cells()],
        }
    }

    /// A grid from its cells in reading order (`0` empty).
    pub fn from_cells(shape: Shape, cells: Vec<u8>) -> Result<Self, GridError> {
        if cells.len() != shape.cells() {
            return Err(GridError::CellCount {
                shape,
                expected: shape.cells(),
                found: cells.len(),
            });
        }
        let n = shape.n();
        if let Some(k) = cells.iter().position(|&v| v as usize > n) {
            return Err(GridError::Digit {
                row: k / n,
                col: k % n,
                value: cells[k],
                n,
            });
        }
        Ok(Self { shape, cells })
    }

    /// The shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The side `n`.
    pub fn n(&self) -> usize {
        self.shape.n()
    }

    /// All cells in reading order, `0` for empty.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The value of cell (r, c), 0-based; `0` is empty.
    pub fn get(&self, r: usize, c: usize) -> u8 {
        self.cells[r * self.n() + c]
    }

    /// Sets cell (r, c) to `value` (`0` empties it).
    ///
    /// # Panics
    /// If the cell is outside the grid or `value > n`.
    pub fn set(&mut self, r: usize, c: usize, value: u8) {
        assert!((value as usize) <= self.n(), "digit {value} out of range");
        let n = self.n();
        self.cells[r * n + c] = value;
    }

    /// Number of givens (filled cells).
    pub(crate) fn filled(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// The first pair of equal givens in a row, column or box, if any: the
    /// puzzle then has no solution, and this says why.
    pub(crate) fn conflict(&self) -> Option<Conflict> {
        let n = self.n();
        // seen[unit][digit] = first cell + 1 holding that digit in the unit.
        let mut seen = vec![0u16; 3 * n * (n + 1)];
        for r in 0..n {
            for c in 0..n {
                let d = self.get(r, c) as usize;
                if d == 0 {
                    continue;
                }
                let units = [
                    Unit::Row(r),
                    Unit::Column(c),
                    Unit::Box(self.shape.box_of(r, c)),
                ];
                for (kind, unit) in units.into_iter().enumerate() {
                    let slot = &mut seen[(kind * n + unit.index()) * (n + 1) + d];
                    if *slot != 0 {
                        let first = *slot as usize - 1;
                        return Some(Conflict {
                            unit,
                            digit: d as u8,
                            first: (first / n, first % n),
                            second: (r, c),
                        });
                    }
                    *slot = (r * n + c + 1) as u16;
                }
            }
        }
        None
    }
}

/// A house (row, column, box, region, diagonal, window) or a cage;
/// numbers are 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Unit {
    /// A row.
    Row(usize),
    /// A column.
    Column(usize),
    /// A box, numbered across then down.
    Box(usize),
    /// A jigsaw region, numbered in the order of its first cell.
    Region(usize),
    /// A diagonal: 0 from top left to bottom right, 1 from top right.
    Diagonal(usize),
    /// A hyper window, numbered across then down.
    Window(usize),
    /// A killer cage, by its symbol.
    Cage(char),
}

impl Unit {
    fn index(self) -> usize {
        match self {
            Unit::Row(i)
            | Unit::Column(i)
            | Unit::Box(i)
            | Unit::Region(i)
            | Unit::Diagonal(i)
            | Unit::Window(i) => i,
            Unit::Cage(_) => 0,
        }
    }
}

/// Two givens with the same digit in one unit: where a puzzle has no
/// solution ([`PuzzleError::Conflict`](super::PuzzleError::Conflict)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
#[error("{} has two {}s (r{}c{} and r{}c{})", unit_name(.unit), .digit,
        .first.0 + 1, .first.1 + 1, .second.0 + 1, .second.1 + 1)]
pub struct Conflict {
    /// Where.
    pub unit: Unit,
    /// The digit given twice.
    pub digit: u8,
    /// The first cell (row, column), 0-based, in reading order.
    pub first: (usize, usize),
    /// The second cell.
    pub second: (usize, usize),
}

/// The first of the labels that stand for a number: a reader whose input
/// numbers its regions and cages (f-puzzles' region ids, the index of a
/// `killercage`) labels number `k` as the character `NUMBERED_LABELS + k`.
pub(crate) const NUMBERED_LABELS: u32 = 0x100;

/// The label of region or cage number `k` of the input, the character
/// `U+0100 + k`; `None` past the labels a `char` has.
pub(crate) fn numbered_label(k: u32) -> Option<char> {
    NUMBERED_LABELS
        .checked_add(k)
        .filter(|&c| c <= 0xFFFF)
        .and_then(char::from_u32)
}

/// A region's or cage's label as messages name it: `'A'` as the input
/// wrote it, or the number a numbered label stands for
/// (`numbered_label`), so that no message shows a label the input never
/// wrote.
#[derive(Clone, Copy, Debug)]
pub struct LabelName(pub char);

impl fmt::Display for LabelName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.0 as u32).checked_sub(NUMBERED_LABELS) {
            Some(k) => write!(f, "{k}"),
            None => write!(f, "'{}'", self.0),
        }
    }
}

impl fmt::Display for Unit {
    /// The unit as messages and explained steps name it: `row 3`, `box
    /// 2`, `the main diagonal`, `cage 'A'`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&unit_name(self))
    }
}

fn unit_name(unit: &Unit) -> String {
    match *unit {
        Unit::Row(r) => format!("row {}", r + 1),
        Unit::Column(c) => format!("column {}", c + 1),
        Unit::Box(b) => format!("box {}", b + 1),
        Unit::Region(g) => format!("region {}", g + 1),
        Unit::Diagonal(0) => "the main diagonal".into(),
        Unit::Diagonal(_) => "the anti-diagonal".into(),
        Unit::Window(w) => format!("window {}", w + 1),
        Unit::Cage(label) => format!("cage {}", LabelName(label)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_for_common_sizes() {
        let sides: Vec<_> = [16, 36, 64, 81, 144, 256, 625, 25, 49]
            .iter()
            .map(|&c| Shape::for_cell_count(c).unwrap().to_string())
            .collect();
        assert_eq!(
            sides,
            [
                "2x2", "2x3", "2x4", "3x3", "3x4", "4x4", "5x5", "1x5", "1x7"
            ]
        );
        assert_eq!(Shape::for_cell_count(80), Err(GridError::NotSquare(80)));
        assert_eq!(
            Shape::for_cell_count(65 * 65),
            Err(GridError::TooLarge(4225, 65))
        );
        assert_eq!("2x3".parse::<Shape>().unwrap(), Shape::new(2, 3).unwrap());
        assert!("8x9".parse::<Shape>().is_err());
        assert!("3by3".parse::<Shape>().is_err());
        assert_eq!(Shape::for_side(64).unwrap().to_string(), "8x8");
    }

    #[test]
    fn boxes_are_numbered_across_then_down() {
        let s = Shape::new(2, 3).unwrap(); // 6x6: boxes 2 rows by 3 columns
        assert_eq!(s.box_of(0, 0), 0);
        assert_eq!(s.box_of(0, 3), 1);
        assert_eq!(s.box_of(2, 0), 2);
        assert_eq!(s.box_of(5, 5), 5);
        let cells: Vec<_> = s.box_cells(3).collect();
        assert_eq!(cells, [(2, 3), (2, 4), (2, 5), (3, 3), (3, 4), (3, 5)]);
        for b in 0..6 {
            assert!(s.box_cells(b).all(|(r, c)| s.box_of(r, c) == b));
        }
    }

    #[test]
    fn conflicts_name_the_unit_the_digit_and_both_cells() {
        let mut g = Grid::empty(Shape::NINE);
        g.set(2, 0, 5);
        g.set(2, 6, 5);
        assert_eq!(
            g.conflict().unwrap().to_string(),
            "row 3 has two 5s (r3c1 and r3c7)"
        );
        let mut g = Grid::empty(Shape::NINE);
        g.set(0, 4, 8);
        g.set(7, 4, 8);
        assert_eq!(
            g.conflict().unwrap().to_string(),
            "column 5 has two 8s (r1c5 and r8c5)"
        );
        let mut g = Grid::empty(Shape::NINE);
        g.set(3, 3, 1);
        g.set(5, 5, 1);
        assert_eq!(
            g.conflict().unwrap().to_string(),
            "box 5 has two 1s (r4c4 and r6c6)"
        );
        assert_eq!(Grid::empty(Shape::NINE).conflict(), None);
    }

    #[test]
    fn grids_reject_bad_cells() {
        let s = Shape::new(2, 2).unwrap();
        assert!(matches!(
            Grid::from_cells(s, vec![0; 15]),
            Err(GridError::CellCount { found: 15, .. })
        ));
        let mut cells = vec![0; 16];
        cells[5] = 5;
        assert_eq!(
            Grid::from_cells(s, cells).unwrap_err().to_string(),
            "r2c2 holds 5, but digits go from 1 to 4"
        );
    }
}
