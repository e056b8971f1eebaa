//! The classic exact-cover problems, written in Knuth's format
//! ([`crate::dlx::knuth`]), so that anyone can reproduce the published counts.
//!
//! [`Classic`] names each problem with its sizes; one function per
//! problem writes the whole text: a comment line saying what it is, the
//! item line, then one option per line. The output depends only on the
//! arguments (no hashing, no randomness), so a count can be reproduced
//! exactly, node for node.

use std::collections::BTreeSet;
use std::fmt::Write;

/// A classic exact-cover problem, with its sizes: [`Classic::text`]
/// writes it in Knuth's format ([`crate::dlx::knuth`]), as `dlx problem`
/// does.
///
/// ```
/// use dlx_engine::dlx::{Classic, knuth};
/// let text = Classic::Queens(8).text().unwrap();
/// let (queens, _) = knuth::parse(&text).unwrap();
/// assert_eq!(queens.problem.option_count(), 64);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Classic {
    /// `n` queens on an `n` x `n` board: rows `r0..` and columns `c0..`
    /// primary, the diagonals `a0..` (row + column) and `b0..` (n - 1 +
    /// row - column) secondary; one option per square, `rR cC aA bB` (the
    /// layout of `data/dlx/queens13.dlx`). Solutions: OEIS A000170.
    Queens(usize),
    /// `k` queens in each row and column of an `n` x `n` board, at most
    /// `k` on a diagonal (DLX3 bounds: rows and columns `k|`, diagonals
    /// `0:k|`); for `k = 1` exactly the text of [`Classic::Queens`].
    QueensPerLine {
        /// Board size.
        n: usize,
        /// Queens per row and per column.
        k: usize,
    },
    /// `k` stars in each row and column of an `n` x `n` board, none
    /// touching, not even at a corner (a Star Battle board without
    /// regions; DLX3 bounds on rows and columns, each 2x2 block `qI_J`
    /// secondary). For `k = 1` the kings of Hertzsprung's problem, OEIS
    /// A002464.
    Stars {
        /// Board size.
        n: usize,
        /// Stars per row and per column.
        k: usize,
    },
    /// Langford pairs for `n`: two copies of each of 1..=n in 2n slots,
    /// the copies of `k` with `k` numbers between them (items `1..n` and
    /// slots `s0..`, option `k sJ sJ+k+1`). Every solution and its
    /// reversal are counted (twice OEIS A014552).
    Langford(usize),
    /// Domino tilings of a `rows` x `cols` board: every cell `R_C`
    /// primary, one option per domino (horizontal ones first, row by
    /// row). Many search paths reach the same covered cells: counting
    /// with a memo saves nearly every node.
    Dominoes {
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
    },
    /// The 12 pentominoes in a `rows` x `cols` rectangle less some cells:
    /// the piece names `F I L N P T U V W X Y Z` and the free cells
    /// `ROW_COL`, all primary; one option per placement of each rotation
    /// and reflection, so every solution's are counted (6x10: 9356, 3x20:
    /// 8, 8x8 without its centre 2x2: 520).
    Pentominoes {
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
        /// Cells left empty, as (row, column), 0-based.
        holes: Vec<(usize, usize)>,
    },
}

impl Classic {
    /// The whole problem in Knuth's format: a comment line saying what it
    /// is, the item line, then one option per line. It depends only on
    /// the sizes (no hashing, no randomness), so a count can be
    /// reproduced exactly, node for node. Fails for a size of 0, and for
    /// pentominoes' holes outside the board, given twice, or leaving
    /// other than 60 free cells.
    pub fn text(&self) -> Result<String, ClassicError> {
        match self {
            Classic::Queens(n) => queens(*n),
            Classic::QueensPerLine { n, k } => queens_per_line(*n, *k),
            Classic::Stars { n, k } => stars(*n, *k),
            Classic::Langford(n) => langford(*n),
            Classic::Dominoes { rows, cols } => dominoes(*rows, *cols),
            Classic::Pentominoes { rows, cols, holes } => pentominoes(*rows, *cols, holes),
        }
    }
}

/// What is wrong with the sizes of a [`Classic`] problem.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ClassicError {
    /// A size that has to be at least 1.
    #[error("{what} must be at least 1")]
    Zero {
        /// Which size.
        what: &'static str,
    },
    /// A hole outside the board.
    #[error("hole {row},{col} is outside the {rows}x{cols} board")]
    HoleOutside {
        /// Row of the hole.
        row: usize,
        /// Column of the hole.
        col: usize,
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
    },
    /// The same hole given twice.
    #[error("hole {row},{col} is given twice")]
    HoleTwice {
        /// Row of the hole.
        row: usize,
        /// Column of the hole.
        col: usize,
    },
    /// The board does not have the 60 cells the 12 pentominoes fill.
    #[error("the board has {cells} free cells, but the 12 pentominoes cover 60")]
    WrongArea {
        /// Free cells of the board.
        cells: usize,
    },
}

/// The n-queens problem: rows `r0..` and columns `c0..` are primary, the
/// diagonals `a0..a{2n-2}` (row + column) and `b0..` (n - 1 + row - column)
/// secondary; one option per square, `rR cC aA bB`. This is the layout of
/// `data/dlx/queens13.dlx`. Solutions: OEIS A000170.
pub(crate) fn queens(n: usize) -> Result<String, ClassicError> {
    if n == 0 {
        return Err(ClassicError::Zero { what: "n" });
    }
    let mut s = format!("| {n} queens: rows and columns primary, diagonals secondary\n");
    let names = |prefix: char, count: usize| -> Vec<String> {
        (0..count).map(|k| format!("{prefix}{k}")).collect()
    };
    let mut header = names('r', n);
    header.extend(names('c', n));
    header.push("|".into());
    header.extend(names('a', 2 * n - 1));
    header.extend(names('b', 2 * n - 1));
    s.push_str(&header.join(" "));
    s.push('\n');
    for r in 0..n {
        for c in 0..n {
            let b = n - 1 + r - c;
            let _ = writeln!(s, "r{r} c{c} a{} b{b}", r + c);
        }
    }
    Ok(s)
}

/// `k` queens in every row and every column of an `n` x `n` board and at
/// most `k` on any diagonal (DLX3 multiplicities): rows `k|r0..` and
/// columns `k|c0..` are primary, and so are the diagonals, `0:k|a0..`
/// (row + column) and `0:k|b0..` (n - 1 + row - column), optional items
/// of at most `k`. For `k = 1` this is [`queens`], whose secondary
/// diagonals mean the same, and it writes exactly that.
pub(crate) fn queens_per_line(n: usize, k: usize) -> Result<String, ClassicError> {
    if k == 0 {
        return Err(ClassicError::Zero {
            what: "the queens per line",
        });
    }
    if k == 1 {
        return queens(n);
    }
    if n == 0 {
        return Err(ClassicError::Zero { what: "n" });
    }
    let mut s =
        format!("| {k} queens in each row and column of {n}x{n}, at most {k} on a diagonal\n");
    let mut header: Vec<String> = (0..n).map(|r| format!("{k}|r{r}")).collect();
    header.extend((0..n).map(|c| format!("{k}|c{c}")));
    header.extend((0..2 * n - 1).map(|d| format!("0:{k}|a{d}")));
    header.extend((0..2 * n - 1).map(|d| format!("0:{k}|b{d}")));
    s.push_str(&header.join(" "));
    s.push('\n');
    for r in 0..n {
        for c in 0..n {
            let _ = writeln!(s, "r{r} c{c} a{} b{}", r + c, n - 1 + r - c);
        }
    }
    Ok(s)
}

/// `k` stars in every row and every column of an `n` x `n` board, no two
/// touching, not even at a corner: a Star Battle board without regions
/// (the two-star puzzles have `k = 2`). Rows `k|r0..` and columns `k|c0..`
/// are primary; each 2x2 block `qI_J` (rows I, I+1, columns J, J+1) is
/// secondary, since two cells touch exactly when a block holds both. For
/// `k = 1` these are the kings of Hertzsprung's problem, OEIS A002464.
pub(crate) fn stars(n: usize, k: usize) -> Result<String, ClassicError> {
    if n == 0 {
        return Err(ClassicError::Zero { what: "n" });
    }
    if k == 0 {
        return Err(ClassicError::Zero {
            what: "the stars per line",
        });
    }
    let bound = |name: String| match k {
        1 => name,
        _ => format!("{k}|{name}"),
    };
    let mut s = format!("| {k} stars in each row and column of {n}x{n}, none touching\n");
    let mut header: Vec<String> = (0..n).map(|r| bound(format!("r{r}"))).collect();
    header.extend((0..n).map(|c| bound(format!("c{c}"))));
    if n > 1 {
        header.push("|".into());
        for i in 0..n - 1 {
            header.extend((0..n - 1).map(|j| format!("q{i}_{j}")));
        }
    }
    s.push_str(&header.join(" "));
    s.push('\n');
    // The blocks holding cell x of a line: x - 1 and x, within 0..n-1.
    let blocks = |x: usize| x.saturating_sub(1)..=x.min(n.saturating_sub(2));
    for r in 0..n {
        for c in 0..n {
            let _ = write!(s, "r{r} c{c}");
            if n > 1 {
                for i in blocks(r) {
                    for j in blocks(c) {
                        let _ = write!(s, " q{i}_{j}");
                    }
                }
            }
            s.push('\n');
        }
    }
    Ok(s)
}

/// Langford pairs for `n`: place two copies of each of 1..=n in 2n slots
/// so that the copies of `k` have `k` numbers between them. Items: the
/// numbers `1..n` and the slots `s0..s{2n-1}`, all primary; option
/// `k sJ sJ+k+1`. Every solution and its reversal are both counted
/// (twice OEIS A014552).
pub(crate) fn langford(n: usize) -> Result<String, ClassicError> {
    if n == 0 {
        return Err(ClassicError::Zero { what: "n" });
    }
    let mut s = format!("| Langford pairs for n = {n}, both orders counted\n");
    let numbers = (1..=n).map(|k| k.to_string());
    let slots = (0..2 * n).map(|j| format!("s{j}"));
    s.push_str(&numbers.chain(slots).collect::<Vec<_>>().join(" "));
    s.push('\n');
    for k in 1..=n {
        for j in 0..(2 * n).saturating_sub(k + 1) {
            let _ = writeln!(s, "{k} s{j} s{}", j + k + 1);
        }
    }
    Ok(s)
}

/// The 12 pentominoes, each as five (row, column) cells.
const PENTOMINOES: [(char, [(u8, u8); 5]); 12] = [
    ('F', [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)]),
    ('I', [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]),
    ('L', [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)]),
    ('N', [(0, 0), (0, 1), (1, 1), (1, 2), (1, 3)]),
    ('P', [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)]),
    ('T', [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)]),
    ('U', [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)]),
    ('V', [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]),
    ('W', [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)]),
    ('X', [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)]),
    ('Y', [(0, 1), (1, 0), (1, 1), (1, 2), (1, 3)]),
    ('Z', [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)]),
];

/// The distinct rotations and reflections of a piece, each normalized to
/// touch row 0 and column 0 and sorted, in sorted order.
fn orientations(cells: &[(u8, u8); 5]) -> BTreeSet<[(i32, i32); 5]> {
    let mut all = BTreeSet::new();
    for t in 0..8 {
        let mut shape = cells.map(|(r, c)| {
            let (r, c) = (i32::from(r), i32::from(c));
            let (r, c) = if t & 1 == 1 { (c, r) } else { (r, c) };
            let r = if t & 2 == 2 { -r } else { r };
            if t & 4 == 4 { (r, -c) } else { (r, c) }
        });
        let min_r = shape.iter().map(|p| p.0).min().unwrap_or(0);
        let min_c = shape.iter().map(|p| p.1).min().unwrap_or(0);
        for p in &mut shape {
            *p = (p.0 - min_r, p.1 - min_c);
        }
        shape.sort_unstable();
        all.insert(shape);
    }
    all
}

/// The 12 pentominoes in a `rows` x `cols` rectangle less the `holes`
/// (0-based row, column): items are the piece names `F I L N P T U V W X Y
/// Z` and the free cells `ROW_COL`, all primary; one option per placement
/// of each rotation and reflection. Every solution's rotations and
/// reflections are counted: 6x10 has 9356 solutions, 3x20 has 8, and 8x8
/// without its centre 2x2 has 520.
pub(crate) fn pentominoes(
    rows: usize,
    cols: usize,
    holes: &[(usize, usize)],
) -> Result<String, ClassicError> {
    if rows == 0 || cols == 0 {
        return Err(ClassicError::Zero {
            what: "the board's width and height",
        });
    }
    let mut hole = vec![false; rows * cols];
    for &(row, col) in holes {
        if row >= rows || col >= cols {
            return Err(ClassicError::HoleOutside {
                row,
                col,
                rows,
                cols,
            });
        }
        if std::mem::replace(&mut hole[row * cols + col], true) {
            return Err(ClassicError::HoleTwice { row, col });
        }
    }
    let cells = rows * cols - holes.len();
    if cells != 60 {
        return Err(ClassicError::WrongArea { cells });
    }
    let mut s = format!("| The 12 pentominoes in a {rows}x{cols} rectangle");
    if !holes.is_empty() {
        let list: Vec<_> = holes.iter().map(|(r, c)| format!("{r}_{c}")).collect();
        let _ = write!(s, " without cells {}", list.join(" "));
    }
    s.push('\n');
    let mut header: Vec<String> = PENTOMINOES.iter().map(|(n, _)| n.to_string()).collect();
    for r in 0..rows {
        for c in (0..cols).filter(|&c| !hole[r * cols + c]) {
            header.push(format!("{r}_{c}"));
        }
    }
    s.push_str(&header.join(" "));
    s.push('\n');
    let free = |r: i32, c: i32| {
        (r as usize) < rows && (c as usize) < cols && !hole[r as usize * cols + c as usize]
    };
    for (name, cells) in &PENTOMINOES {
        for shape in orientations(cells) {
            for r0 in 0..rows as i32 {
                for c0 in 0..cols as i32 {
                    if shape.iter().all(|&(r, c)| free(r0 + r, c0 + c)) {
                        s.push(*name);
                        for (r, c) in shape {
                            let _ = write!(s, " {}_{}", r0 + r, c0 + c);
                        }
                        s.push('\n');
                    }
                }
            }
        }
    }
    Ok(s)
}

/// Domino tilings of a `rows` x `cols` board: every cell `R_C` primary,
/// one option per domino (horizontal ones first, row by row). Solutions:
/// the number of domino tilings (OEIS A004003 for 2n x 2n squares:
/// 2, 36, 6728, 12988816; Kasteleyn's product formula for any board). Many
/// search paths reach the same covered cells, which is where counting with
/// a memo (`dlx cover --count --memo`) saves nearly every node.
pub(crate) fn dominoes(rows: usize, cols: usize) -> Result<String, ClassicError> {
    if rows == 0 || cols == 0 {
        return Err(ClassicError::Zero {
            what: "the board's width and height",
        });
    }
    let mut s = format!("| Domino tilings of a {rows}x{cols} board\n");
    let cells: Vec<String> = (0..rows)
        .flat_map(|r| (0..cols).map(move |c| format!("{r}_{c}")))
        .collect();
    s.push_str(&cells.join(" "));
    s.push('\n');
    for r in 0..rows {
        for c in 0..cols - 1 {
            let _ = writeln!(s, "{r}_{c} {r}_{}", c + 1);
        }
    }
    for r in 0..rows - 1 {
        for c in 0..cols {
            let _ = writeln!(s, "{r}_{c} {}_{c}", r + 1);
        }
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dlx::Search;
    use crate::dlx::knuth;
    use bumpalo::Bump;

    pub(crate) fn count(text: &str) -> u128 {
        let (k, warnings) = knuth::parse(text).unwrap();
        assert!(warnings.is_empty());
        let arena = Bump::new();
        let mut m = k
            .problem
            .engine(&arena, crate::dlx::EngineKind::Links)
            .unwrap();
        let c = m.count_up_to(u64::MAX);
        assert_eq!(c.outcome, crate::dlx::Outcome::Exhausted);
        c.solutions
    }

    /// Placements of `k` pieces in each row and column of `n` x `n`, row
    /// by row, that `ok` accepts (it sees each new row's columns and the
    /// rows above): a count that shares nothing with the dancing links.
    fn brute_force(n: usize, k: usize, ok: &dyn Fn(&[u32], u32) -> bool) -> u128 {
        fn go(n: usize, k: usize, rows: &mut Vec<u32>, ok: &dyn Fn(&[u32], u32) -> bool) -> u128 {
            if rows.len() == n {
                let full = (0..n).all(|c| rows.iter().filter(|&&r| r >> c & 1 == 1).count() == k);
                return u128::from(full);
            }
            let mut total = 0;
            for mask in 0u32..1 << n {
                if mask.count_ones() as usize == k && ok(rows, mask) {
                    rows.push(mask);
                    total += go(n, k, rows, ok);
                    rows.pop();
                }
            }
            total
        }
        go(n, k, &mut Vec::new(), ok)
    }

    #[test]
    fn queens_per_line_agree_with_brute_force() {
        for k in 2..=3 {
            for n in 1..=6 {
                // At most k queens on each diagonal, the new row included.
                let ok = |rows: &[u32], mask: u32| {
                    let mut sums = vec![0; 2 * n];
                    let mut diffs = vec![0; 2 * n];
                    for (r, &m) in rows.iter().chain([&mask]).enumerate() {
                        for c in (0..n).filter(|&c| m >> c & 1 == 1) {
                            sums[r + c] += 1;
                            diffs[n - 1 + r - c] += 1;
                        }
                    }
                    sums.iter().chain(&diffs).all(|&q| q <= k)
                };
                let text = queens_per_line(n, k).unwrap();
                assert_eq!(count(&text), brute_force(n, k, &ok), "n = {n}, k = {k}");
            }
        }
        assert_eq!(queens_per_line(8, 1).unwrap(), queens(8).unwrap());
        assert!(queens_per_line(4, 0).is_err() && queens_per_line(0, 2).is_err());
    }

    #[test]
    fn stars_agree_with_brute_force_and_hertzsprung() {
        // No two stars touch: not in a row, nor in neighbouring rows.
        let ok = |rows: &[u32], mask: u32| {
            let spread = |m: u32| m | m << 1 | m >> 1;
            mask & (mask << 1) == 0 && rows.last().is_none_or(|&above| spread(above) & mask == 0)
        };
        for k in 1..=2 {
            for n in 1..=8 {
                let text = stars(n, k).unwrap();
                assert_eq!(count(&text), brute_force(n, k, &ok), "n = {n}, k = {k}");
            }
        }
        // OEIS A002464 (Hertzsprung's problem), n = 1..9.
        let expected = [1, 0, 0, 2, 14, 90, 646, 5242, 47622];
        for (n, &want) in (1..).zip(&expected) {
            assert_eq!(count(&stars(n, 1).unwrap()), want, "n = {n}");
        }
        assert!(stars(0, 1).is_err() && stars(3, 0).is_err());
    }

    #[test]
    fn queens_give_oeis_a000170() {
        let expected = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
        for (n, &want) in (1..).zip(&expected) {
            assert_eq!(count(&queens(n).unwrap()), want, "n = {n}");
        }
    }

    /// Kasteleyn's formula: the number of domino tilings of an m x n board
    /// is the product over 1 <= j <= ceil(m/2), 1 <= k <= ceil(n/2) of
    /// 4 cos^2(pi j / (m + 1)) + 4 cos^2(pi k / (n + 1)).
    fn kasteleyn(m: usize, n: usize) -> u128 {
        let mut p = 1.0f64;
        for j in 1..=m.div_ceil(2) {
            for k in 1..=n.div_ceil(2) {
                let a = (std::f64::consts::PI * j as f64 / (m + 1) as f64).cos();
                let b = (std::f64::consts::PI * k as f64 / (n + 1) as f64).cos();
                p *= 4.0 * a * a + 4.0 * b * b;
            }
        }
        p.round() as u128
    }

    #[test]
    fn dominoes_give_the_tiling_counts() {
        // Even boards, where the product formula is exact as written.
        // Published counts, the formula, and the plain search agree.
        for (m, n, want) in [
            (2, 2, 2),
            (2, 4, 5),
            (3, 4, 11),
            (4, 4, 36),
            (3, 3, 0),
            (4, 6, 281),
        ] {
            assert_eq!(kasteleyn(m, n), want, "{m}x{n} formula");
            assert_eq!(count(&dominoes(m, n).unwrap()), want, "{m}x{n}");
        }
        // OEIS A004003 (tilings of 2n x 2n), through the formula; the
        // search checks 8x8 in tests/it/cover.rs with a memo.
        assert_eq!(kasteleyn(6, 6), 6728);
        assert_eq!(kasteleyn(8, 8), 12_988_816);
        assert_eq!(kasteleyn(6, 8), 167_089);
        assert!(dominoes(0, 3).is_err());
    }

    #[test]
    fn queens_13_matches_the_sample_file() {
        let ours = queens(13).unwrap();
        let theirs = include_str!("../../data/dlx/queens13.dlx");
        assert_eq!(
            ours.lines().skip(1).collect::<Vec<_>>(),
            theirs.lines().collect::<Vec<_>>()
        );
    }

    #[test]
    fn langford_counts_both_orders() {
        assert_eq!(count(&langford(3).unwrap()), 2);
        assert_eq!(count(&langford(4).unwrap()), 2);
        assert_eq!(count(&langford(5).unwrap()), 0);
        assert_eq!(count(&langford(7).unwrap()), 52);
        assert_eq!(count(&langford(8).unwrap()), 300);
    }

    #[test]
    fn pentomino_pieces_have_their_orientations() {
        let counts: Vec<_> = PENTOMINOES
            .iter()
            .map(|(_, c)| orientations(c).len())
            .collect();
        // F I L N P T U V W X Y Z
        assert_eq!(counts, [8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4]);
    }

    #[test]
    fn pentominoes_3x20() {
        assert_eq!(count(&pentominoes(3, 20, &[]).unwrap()), 8);
    }

    #[test]
    #[cfg_attr(debug_assertions, ignore = "slow in debug builds")]
    fn pentominoes_6x10_and_8x8_with_a_hole() {
        assert_eq!(count(&pentominoes(6, 10, &[]).unwrap()), 9356);
        let centre = [(3, 3), (3, 4), (4, 3), (4, 4)];
        assert_eq!(count(&pentominoes(8, 8, &centre).unwrap()), 520);
    }

    #[test]
    fn bad_arguments_are_refused() {
        assert_eq!(queens(0).unwrap_err().to_string(), "n must be at least 1");
        assert_eq!(
            pentominoes(6, 10, &[(6, 0)]).unwrap_err().to_string(),
            "hole 6,0 is outside the 6x10 board"
        );
        assert_eq!(
            pentominoes(8, 8, &[(0, 0), (0, 0)])
                .unwrap_err()
                .to_string(),
            "hole 0,0 is given twice"
        );
        assert_eq!(
            pentominoes(5, 10, &[]).unwrap_err().to_string(),
            "the board has 50 free cells, but the 12 pentominoes cover 60"
        );
    }
}
