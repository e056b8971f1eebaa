//! HDU 4069 Squiggly Sudoku: `T`, then per case 9 lines of 9 integers,
//! each a digit (`0` empty) plus wall bits: 16 up, 32 right, 64 down, 128
//! left. The walls cut the grid into nine regions of nine cells, which
//! replace the boxes (a jigsaw Sudoku). Blank lines are ignored wherever
//! they are.
//!
//! Output, as the judge's sample: `Case k:` and then the unique solution
//! as 9 lines of 9 digits, or the line `No solution`, or the line
//! `Multiple Solutions`. A case whose walls do not make nine regions of
//! nine cells, or with a number that is not a cell, is a bad case: it is
//! reported on standard error (exit code 2) and prints nothing, and the
//! next case is read from its own first line. `dlx count` prints `Case k:
//! N`.
//!
//! Two neighbouring cells are in one region unless a wall separates them;
//! a wall counts if either cell has it (the judge's input always gives
//! both sides).

use std::io::BufRead;
use std::sync::Arc;

use super::block::{CountLine, Rows, read_blocks};
use super::text::is_number;
use super::variant::words;
use super::{Case, Cases, Detect, Fit, Format, Head, InputError, InputErrorKind, Options, Rule};
use crate::sudoku::{Grid, Shape, Variant};

/// The HDU 4069 format.
pub(crate) struct Hdu4069;

const UP: u16 = 16;
const RIGHT: u16 = 32;
const DOWN: u16 = 64;
const LEFT: u16 = 128;

impl Format for Hdu4069 {
    fn name(&self) -> &'static str {
        "hdu4069"
    }
    fn summary(&self) -> &'static str {
        "HDU 4069 Squiggly Sudoku: `T`, then per case 9 lines of 9 numbers, a digit plus walls (16 up, 32 right, 64 down, 128 left)"
    }
    fn example(&self) -> &'static str {
        "3 / 144 18 112 208 80 25 54 144 48 / 135 38 147 80 121 128 97 130 32 / ... (9 lines a case)"
    }
    fn read<'a>(&self, input: Box<dyn BufRead + 'a>, _: &Options) -> Cases<'a> {
        read_blocks(Walled, input)
    }
    fn holds(&self, shape: Shape) -> bool {
        shape == Shape::NINE
    }
    fn rule(&self) -> Rule {
        Rule::Unique
    }
    fn solution(&self, number: usize, _: &Grid, solution: &Grid, _: &Options) -> String {
        let mut text = format!("Case {number}:\n");
        for row in solution.cells().chunks(9) {
            text.extend(row.iter().map(|&d| char::from(b'0' + d)));
            text.push('\n');
        }
        text
    }
    fn no_solution(&self, number: usize, _: &Grid, _: &Options) -> Option<String> {
        Some(format!("Case {number}:\nNo solution\n"))
    }
    fn several_solutions(&self, number: usize, _: &Grid, _: &Options) -> Option<String> {
        Some(format!("Case {number}:\nMultiple Solutions\n"))
    }
    fn count(&self, number: usize, count: &str) -> String {
        format!("Case {number}: {count}\n")
    }
}

impl Detect for Hdu4069 {
    fn detect(&self, head: &Head) -> Fit {
        let mut content = head.content();
        if !content.next().is_some_and(is_number) {
            return Fit::No;
        }
        let rows: Vec<&str> = content.take(9).collect();
        let walled = rows.iter().any(|row| {
            row.split_whitespace()
                .any(|w| w.parse::<u16>().is_ok_and(|v| v >= UP))
        });
        let fits = |row: &&str| {
            let values: Vec<&str> = row.split_whitespace().collect();
            values.len() == 9 && values.iter().all(|v| parse_value(v).is_some())
        };
        if walled && rows.len() == 9 && rows.iter().all(fits) {
            Fit::Specific
        } else {
            Fit::No
        }
    }
}

/// A cell's number: a digit `0..=9` plus any of the wall bits.
fn parse_value(word: &str) -> Option<u16> {
    let v: u16 = word.parse().ok()?;
    (v <= 255 && v & 15 <= 9).then_some(v)
}

/// The rows of HDU 4069: 9 rows of 9 cell numbers a case, after a
/// required count line; the block reader does the rest.
struct Walled;

impl Rows for Walled {
    type Value = u16;
    fn rows(&self) -> usize {
        9
    }
    fn count(&self) -> CountLine {
        CountLine::Required
    }
    fn parse_row(&self, text: &str, line: usize) -> Result<Vec<u16>, InputError> {
        parse_row(text, line)
    }
    fn case(&self, values: Vec<u16>, line: usize) -> Result<Case, InputError> {
        to_case(&values, line)
    }
}

/// One row: 9 cell numbers.
fn parse_row(text: &str, line: usize) -> Result<Vec<u16>, InputError> {
    let words = words(text);
    let mut row = Vec::with_capacity(9);
    for (column, word) in words {
        let error = |kind, message: String| InputError {
            kind,
            header: false,
            line,
            column: Some(column),
            message,
        };
        if row.len() == 9 {
            return Err(error(
                InputErrorKind::Size,
                "expected 9 numbers, found more".into(),
            ));
        }
        match parse_value(word) {
            Some(v) => row.push(v),
            None => {
                return Err(error(
                    InputErrorKind::Symbol,
                    format!(
                        "expected a cell number 0-255 (a digit 0-9 plus walls 16, 32, 64, 128), found '{word}'"
                    ),
                ));
            }
        }
    }
    if row.len() < 9 {
        return Err(InputError {
            kind: InputErrorKind::Size,
            header: false,
            line,
            column: None,
            message: format!("expected 9 numbers, found {}", row.len()),
        });
    }
    Ok(row)
}

/// The case of 81 cell numbers starting at `line`: the digits, and the
/// regions the walls make (which must be nine of nine cells).
fn to_case(values: &[u16], line: usize) -> Result<Case, InputError> {
    let digits: Vec<u8> = values.iter().map(|&v| (v & 15) as u8).collect();
    // Flood fill: each cell gets the number of its region.
    let mut region = [usize::MAX; 81];
    let mut sizes = Vec::new();
    for start in 0..81 {
        if region[start] != usize::MAX {
            continue;
        }
        let id = sizes.len();
        let mut size = 0;
        let mut stack = vec![start];
        region[start] = id;
        while let Some(cell) = stack.pop() {
            size += 1;
            let (r, c) = (cell / 9, cell % 9);
            let v = values[cell];
            let mut open = Vec::with_capacity(4);
            if r > 0 && v & UP == 0 && values[cell - 9] & DOWN == 0 {
                open.push(cell - 9);
            }
            if r < 8 && v & DOWN == 0 && values[cell + 9] & UP == 0 {
                open.push(cell + 9);
            }
            if c > 0 && v & LEFT == 0 && values[cell - 1] & RIGHT == 0 {
                open.push(cell - 1);
            }
            if c < 8 && v & RIGHT == 0 && values[cell + 1] & LEFT == 0 {
                open.push(cell + 1);
            }
            for next in open {
                if region[next] == usize::MAX {
                    region[next] = id;
                    stack.push(next);
                }
            }
        }
        sizes.push(size);
    }
    if sizes.len() != 9 || sizes.iter().any(|&s| s != 9) {
        let list: Vec<String> = sizes.iter().map(usize::to_string).collect();
        return Err(InputError {
            kind: InputErrorKind::Rules,
            header: false,
            line,
            column: None,
            message: format!(
                "the walls make {} region{} of {} cells; expected nine regions of nine cells",
                sizes.len(),
                if sizes.len() == 1 { "" } else { "s" },
                list.join(", ")
            ),
        });
    }
    let labels: Vec<char> = region.iter().map(|&g| char::from(b'a' + g as u8)).collect();
    let variant = Variant::plain(Shape::NINE)
        .with_regions(&labels)
        .expect("nine regions of nine cells checked");
    let grid = Grid::from_cells(Shape::NINE, digits).expect("digits 0-9 checked");
    let mut case = Case::new(grid, line);
    case.variant = Some(Arc::new(variant));
    Ok(case)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walls_that_do_not_make_nine_regions_are_a_bad_case() {
        // No walls at all: one region of 81 cells; then a good case.
        let open = "0 0 0 0 0 0 0 0 0\n".repeat(9);
        let text = format!("2\n{open}\n{}", "1 2 3\n");
        let cases: Vec<_> = Hdu4069
            .read(Box::new(text.as_bytes()), &Options::default())
            .collect();
        assert_eq!(
            cases[0].as_ref().unwrap_err().to_string(),
            "line 2: the walls make 1 region of 81 cells; expected nine regions of nine cells"
        );
        assert_eq!(
            cases[1].as_ref().unwrap_err().to_string(),
            "line 12: expected 9 numbers, found 3"
        );
        let bad = "1 2 300 0 0 0 0 0 0\n";
        assert_eq!(
            parse_row(bad, 4).unwrap_err().to_string(),
            "line 4, column 5: expected a cell number 0-255 (a digit 0-9 plus walls 16, 32, 64, 128), found '300'"
        );
    }
}
