//! The Sukaku (pencil-mark) line format: one puzzle a line, `n` symbols per
//! cell and `n³` in all (64 for 4x4, 216 for 6x6, 729 for 9x9, 4096 for
//! 16x16), cells in reading order. Within a cell, place `j` holds the
//! symbol of digit `j` when the cell may take it and `.`, `0` or `_` when
//! it may not: `1.3......` is a cell of 9x9 that takes 1 or 3. A cell with
//! one mark is a given; a cell with none has no digit, so the puzzle has
//! no solution. Blank lines and lines starting with `#` are skipped;
//! whatever follows the symbols after whitespace is a comment.
//!
//! This is what `dlx candidates --output line` writes, so a puzzle's true
//! candidates read back as a puzzle with the same solutions.
//!
//! Output: the solution as a line of this format (one mark per cell,
//! which reads back as the same grid; `--output line` writes `n²`
//! symbols), `# no solution: CELLS` with the cells that have one mark, or
//! `# bad input: FILE line N`; `dlx count` prints the count alone. A
//! puzzle written in this format (`--output sukaku`) marks every digit in
//! its empty cells.
//!
//! Invariant: a case read from a line has the marks of that line as its
//! [`Variant::candidates`], and its grid's givens are exactly the cells
//! with one mark.

use std::io::BufRead;
use std::sync::Arc;

use super::plain;
use super::text::Lines;
use super::{
    Alphabet, Case, Cases, Detect, Fit, Format, Head, InputError, InputErrorKind, Options,
};
use crate::sudoku::{Grid, Shape, Variant};

/// The Sukaku line format.
pub struct Sukaku;

impl Format for Sukaku {
    fn name(&self) -> &'static str {
        "sukaku"
    }
    fn summary(&self) -> &'static str {
        "pencil marks, one puzzle a line: n symbols per cell (n³ in all), place j the digit j or `.`/`0` when the cell cannot take it"
    }
    fn example(&self) -> &'static str {
        "1.3......12345.789......7..... (9 symbols a cell, 729 a line)"
    }
    fn read<'a>(&self, input: Box<dyn BufRead + 'a>, opts: &Options) -> Cases<'a> {
        let mut lines = Lines::new(input);
        let shape = opts.shape;
        let alphabet = opts.alphabet.clone();
        Box::new(std::iter::from_fn(move || {
            loop {
                let (line, text) = match lines.next_line()? {
                    Ok(l) => l,
                    Err(e) => return Some(Err(e)),
                };
                if let Some(parsed) = parse_line(&text, line, shape, &alphabet) {
                    return Some(parsed);
                }
            }
        }))
    }
    fn uses_alphabet(&self) -> bool {
        true
    }
    fn holds(&self, shape: Shape) -> bool {
        plain::holds(shape)
    }
    /// The grid as marks: a digit's cell marks it alone, an empty cell
    /// every digit, so the line reads back as the same grid (and
    /// `--output sukaku` turns any puzzle into pencil marks).
    fn solution(&self, _: usize, _: &Grid, solution: &Grid, opts: &Options) -> String {
        let n = solution.n();
        let all = if n >= 64 { !0 } else { (1u64 << n) - 1 };
        let masks: Vec<u64> = solution
            .cells()
            .iter()
            .map(|&d| if d == 0 { all } else { 1 << (d - 1) })
            .collect();
        format!("{}\n", write_marks(n, &masks, &opts.alphabet))
    }
    plain::line_messages!();
}

impl Detect for Sukaku {
    fn detect(&self, head: &Head) -> Fit {
        // Most lines must look like pencil marks (a few with a misplaced
        // digit get this format's own errors, not the line format's); a
        // line whose length is also a puzzle's counts by its content
        // (`reading`).
        let (mut good, mut bad) = (0, 0);
        for text in head
            .content()
            .filter(|l| !l.trim_start().starts_with('#'))
            .take(5)
        {
            let word = text.split_whitespace().next().unwrap_or("");
            match reading(word) {
                Reading::Marks if looks_like_marks(word) => good += 1,
                Reading::Marks | Reading::Puzzle | Reading::Neither => bad += 1,
            }
        }
        if good > 0 && good >= bad {
            Fit::Specific
        } else {
            Fit::No
        }
    }
}

/// The side `n` whose cube is `count`, when a grid of that side exists.
fn side_of(count: usize) -> Option<usize> {
    let n = (count as f64).cbrt().round() as usize;
    (n >= 1 && n * n * n == count && Shape::for_side(n).is_ok()).then_some(n)
}

/// Whether `word` has `n³` symbols for a side `n` of a grid, each the
/// standard symbol of a digit `1..=n` or empty: pencil marks, perhaps
/// with digits out of place.
fn looks_like_marks(word: &str) -> bool {
    let alphabet = Alphabet::default();
    side_of(word.chars().count())
        .is_some_and(|n| n >= 4 && word.chars().all(|c| alphabet.value(c, n).is_some()))
}

/// How a line's first word reads: as pencil marks, as a puzzle, or as
/// neither. Only the lengths that are both a cube `m³` (marks of side `m`)
/// and a square `n²` (a puzzle of side `n = m√m`) need a rule: 64 (4x4
/// marks, an 8x8 puzzle), 729 (9x9, 27x27) and 4096 (16x16, 64x64).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// Pencil marks: a length of marks only, or one of both whose every
    /// cell has a mark, each in its place.
    Marks,
    /// A puzzle: a length of puzzles only, or one of both that as marks
    /// would leave a cell without a mark (a blank line) or a mark out of
    /// its place.
    Puzzle,
    /// No length of either.
    Neither,
}

/// The [`Reading`] of `word`, in the standard alphabet, by its content
/// where its length is both: a Sukaku line has at least one candidate a
/// cell, each in its place; a puzzle line is mostly empty. A line with a
/// mark in every cell but some out of place is marks (a typo, which
/// their reader reports) when its puzzle reading has two equal givens in
/// a house, and a nearly full puzzle otherwise.
///
/// No line of both lengths fits both ways, so neither reading is a
/// guess: as a puzzle, marks in their places put only digit
/// `c mod m + 1` in column `c` (a row's `n` symbols are `√m` whole
/// cells), and the `m²` cells' marks, one or more each, cannot fall in
/// the `n < m²` columns without two equal givens in one column. Marks in
/// place are a puzzle with no solution; a line read as marks is never a
/// puzzle whose givens stand.
pub fn reading(word: &str) -> Reading {
    let count = word.chars().count();
    let marks = side_of(count).filter(|&m| m >= 4);
    let puzzle = Shape::for_cell_count(count).ok();
    let (m, shape) = match (marks, puzzle) {
        (None, None) => return Reading::Neither,
        (Some(_), None) => return Reading::Marks,
        (None, Some(_)) => return Reading::Puzzle,
        (Some(m), Some(shape)) => (m, shape),
    };
    let alphabet = Alphabet::default();
    let symbols: Vec<char> = word.chars().collect();
    let mut in_place = true;
    for cell in symbols.chunks(m) {
        let mut marked = false;
        for (place, &c) in cell.iter().enumerate() {
            match alphabet.value(c, m) {
                Some(0) => {}
                Some(d) => {
                    marked = true;
                    in_place &= usize::from(d) == place + 1;
                }
                // No mark of side `m` (a digit past it): a puzzle.
                None => return Reading::Puzzle,
            }
        }
        if !marked {
            return Reading::Puzzle;
        }
    }
    if in_place {
        return Reading::Marks;
    }
    // Marks in every cell, some out of place: a typo in marks (their
    // reader says where) when the puzzle reading is broken too, else a
    // nearly full puzzle.
    let digits: Option<Vec<u8>> = symbols
        .iter()
        .map(|&c| alphabet.value(c, shape.n()))
        .collect();
    let broken = digits
        .and_then(|cells| Grid::from_cells(shape, cells).ok())
        .is_none_or(|grid| grid.conflict().is_some());
    if broken {
        Reading::Marks
    } else {
        Reading::Puzzle
    }
}

/// Parses one line: `None` for a blank or comment line, else the puzzle
/// with its marks or what is wrong with it.
pub fn parse_line(
    text: &str,
    line: usize,
    shape: Option<Shape>,
    alphabet: &Alphabet,
) -> Option<Result<Case, InputError>> {
    let (first_column, symbols) = plain::first_word(text, char::is_whitespace)?;
    let count = symbols.chars().count();
    let error = |kind, column, message| Some(Err(plain::line_error(kind, line, column, message)));
    let shape = match shape {
        Some(s) if s.n().pow(3) == count => s,
        Some(s) => {
            let n = s.n();
            return error(
                InputErrorKind::Size,
                None,
                format!(
                    "expected {} pencil-mark symbols ({n} per cell) for {s} boxes, found {count}",
                    n.pow(3)
                ),
            );
        }
        None => match side_of(count).map(Shape::for_side) {
            Some(Ok(s)) => s,
            _ => {
                return error(
                    InputErrorKind::Size,
                    None,
                    format!(
                        "expected n³ pencil-mark symbols, n per cell (64, 216, 512, 729, 1728, 4096, ...), found {count}"
                    ),
                );
            }
        },
    };
    let n = shape.n();
    if !alphabet.covers(n) {
        return error(
            InputErrorKind::Alphabet,
            None,
            format!("the alphabet has no symbols for {n} digits"),
        );
    }
    let mut masks = vec![0u64; n * n];
    for (i, c) in symbols.chars().enumerate() {
        let (cell, place) = (i / n, i % n);
        let digit = place as u8 + 1;
        match alphabet.value(c, n) {
            Some(0) => {}
            Some(d) if d == digit => masks[cell] |= 1 << place,
            _ => {
                return error(
                    InputErrorKind::Symbol,
                    Some(first_column + i),
                    format!(
                        "expected '{}' or '.' (digit {digit} of r{}c{}), found '{c}'",
                        alphabet.symbol(digit),
                        cell / n + 1,
                        cell % n + 1
                    ),
                );
            }
        }
    }
    let cells = masks
        .iter()
        .map(|&m| {
            if m.count_ones() == 1 {
                m.trailing_zeros() as u8 + 1
            } else {
                0
            }
        })
        .collect();
    let grid = match Grid::from_cells(shape, cells) {
        Ok(g) => g,
        Err(e) => return error(InputErrorKind::Size, None, e.to_string()),
    };
    let variant = match Variant::plain(shape).with_candidates(masks) {
        Ok(v) => v,
        Err(e) => return error(InputErrorKind::Size, None, e.to_string()),
    };
    let mut case = Case::new(grid, line);
    if !variant.is_plain() {
        case.variant = Some(Arc::new(variant));
    }
    Some(Ok(case))
}

/// The marks of each cell (bit `d - 1` for digit `d`) as one Sukaku line,
/// without its line end: what the Sukaku reader reads back.
pub fn write_marks(n: usize, masks: &[u64], alphabet: &Alphabet) -> String {
    let mut out = String::with_capacity(masks.len() * n);
    for &m in masks {
        for place in 0..n {
            out.push(if m >> place & 1 == 1 {
                alphabet.symbol(place as u8 + 1)
            } else {
                '.'
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Vec<Result<Case, InputError>> {
        Sukaku
            .read(Box::new(text.as_bytes()), &Options::default())
            .collect()
    }

    #[test]
    fn lengths_of_both_read_by_their_content_and_never_both_ways() {
        use crate::format::line;
        let alphabet = Alphabet::default();
        for (m, n) in [(4, 8), (9, 27), (16, 64)] {
            let len = m * m * m;
            // Blank, or a puzzle's scattered givens: a puzzle.
            assert_eq!(reading(&".".repeat(len)), Reading::Puzzle, "{m}");
            let mut sparse = vec!['.'; len];
            sparse[1] = '1';
            let sparse: String = sparse.into_iter().collect();
            assert_eq!(reading(&sparse), Reading::Puzzle, "{m}");
            // Every digit open in every cell: marks.
            let full: String = (0..len)
                .map(|i| alphabet.symbol((i % m) as u8 + 1))
                .collect();
            assert_eq!(reading(&full), Reading::Marks, "{m}");
            // Random marks in place, one or more a cell: marks, and the
            // puzzle reading always has two equal givens in a column,
            // as `reading`'s docs prove.
            let mut seed = 0x9E37_79B9_7F4A_7C15u64 ^ m as u64;
            for _ in 0..50 {
                let mut word = String::new();
                for _ in 0..m * m {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let mask = (seed | 1 << (seed % m as u64)) & ((1 << m) - 1);
                    for j in 0..m {
                        word.push(match mask >> j & 1 {
                            1 => alphabet.symbol(j as u8 + 1),
                            _ => '.',
                        });
                    }
                }
                assert_eq!(reading(&word), Reading::Marks);
                let case = line::parse_line(&word, 1, None, &alphabet)
                    .unwrap()
                    .unwrap();
                assert_eq!(case.grid.n(), n);
                assert!(case.grid.conflict().is_some(), "{word}");
            }
        }
        // Lengths of one reading only.
        assert_eq!(reading(&".".repeat(81)), Reading::Puzzle);
        assert_eq!(reading(&".".repeat(216)), Reading::Marks);
        assert_eq!(reading(&".".repeat(80)), Reading::Neither);
    }

    #[test]
    fn marks_read_back_as_written_and_single_marks_are_givens() {
        let n = 4;
        let mut masks = vec![0b1111u64; 16];
        masks[0] = 0b0001;
        masks[5] = 0b0110;
        let line = write_marks(n, &masks, &Alphabet::default());
        assert_eq!(line.len(), 64);
        assert!(line.starts_with(&format!("1...{}.23.", "1234".repeat(4))));
        let cases = read(&format!("# a comment\n\n{line}  trailing words\r\n"));
        assert_eq!(cases.len(), 1);
        let case = cases[0].as_ref().unwrap();
        assert_eq!(case.line, 3);
        assert_eq!(case.grid.cells()[0], 1);
        assert_eq!(case.grid.filled(), 1);
        let v = case.variant.as_ref().unwrap();
        assert_eq!(v.candidates().unwrap(), &masks[..]);
        assert_eq!(v.name(), "sukaku");
    }

    #[test]
    fn marks_that_allow_everything_are_plain_sudoku() {
        let cases = read(&"123456789".repeat(81));
        let case = cases[0].as_ref().unwrap();
        assert!(case.variant.is_none());
        assert_eq!(case.grid.n(), 9);
    }

    #[test]
    fn bad_lines_say_where_and_what_and_the_next_line_is_read() {
        let good = "1234".repeat(16);
        let mut misplaced = good.clone();
        misplaced.replace_range(5..6, "3");
        let text = format!("{}\n{misplaced}\n{good}\n", "1234".repeat(15));
        let cases = read(&text);
        assert_eq!(cases.len(), 3);
        let e = cases[0].as_ref().unwrap_err();
        assert_eq!(e.line, 1);
        assert!(e.message.contains("found 60"), "{e}");
        let e = cases[1].as_ref().unwrap_err();
        assert_eq!((e.line, e.column), (2, Some(6)));
        assert_eq!(
            e.message,
            "expected '2' or '.' (digit 2 of r1c2), found '3'"
        );
        assert!(cases[2].is_ok());
    }

    #[test]
    fn detection_takes_positional_lines_only() {
        let head = |text: &str| {
            let (head, _) = Head::peek(Box::new(std::io::Cursor::new(text.to_string())));
            head
        };
        assert_eq!(Sukaku.detect(&head(&"123456789".repeat(81))), Fit::Specific);
        assert_eq!(Sukaku.detect(&head(&"1234".repeat(16))), Fit::Specific);
        // An 8x8 puzzle line of 64 cells is not pencil marks.
        let eight = "12345678".repeat(8);
        assert_eq!(Sukaku.detect(&head(&eight)), Fit::No);
        // Marks with a digit out of place are still marks, for their error.
        let misplaced = format!("4{}", &"1234".repeat(16)[1..]);
        assert_eq!(Sukaku.detect(&head(&misplaced)), Fit::Specific);
        assert_eq!(Sukaku.detect(&head("")), Fit::No);
    }
}
