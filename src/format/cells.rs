//! Rows of cells, the building block of every grid-shaped format: which
//! symbols mean digits and which mean empty, whether cells are separated by
//! spaces, and the messages that say what was expected.
//!
//! Invariant: a parsed row has exactly the `n` cells asked for, each in
//! `0..=n` (0 empty); anything else is an [`InputError`] pointing at the
//! first offending column (1-based, in characters).

use super::{InputError, InputErrorKind};
use crate::sudoku::Grid;

/// The cell syntax of a judge format.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cells {
    /// The symbols of the digits `1..=n`, in order.
    pub symbols: &'static str,
    /// The symbols accepted for an empty cell; the first is written.
    pub empty: &'static str,
    /// Whether cells are separated by spaces (written as one space).
    pub spaced: bool,
}

impl Cells {
    /// The value of `c` (0 for empty), if it is a cell symbol.
    pub(crate) fn value(&self, c: char) -> Option<u8> {
        if self.empty.contains(c) {
            return Some(0);
        }
        self.symbols
            .chars()
            .position(|s| s == c)
            .map(|d| d as u8 + 1)
    }

    /// What a cell may be, for error messages: `a digit 1-9, '?' or space`.
    pub(crate) fn describe(&self) -> String {
        let first = self.symbols.chars().next().unwrap_or('1');
        let last = self.symbols.chars().last().unwrap_or('1');
        let kind = if first.is_ascii_digit() {
            "a digit"
        } else {
            "a letter"
        };
        let mut parts = vec![format!("{kind} {first}-{last}")];
        parts.extend(self.empty.chars().map(|c| format!("'{c}'")));
        if self.spaced {
            parts.push("space".into());
        }
        join_or(&parts)
    }

    /// Parses one row of `n` cells.
    pub(crate) fn parse_row(
        &self,
        text: &str,
        line: usize,
        n: usize,
    ) -> Result<Vec<u8>, InputError> {
        let mut cells = Vec::with_capacity(n);
        let mut after_cell = false;
        for (i, c) in text.chars().enumerate() {
            let column = Some(i + 1);
            if c == ' ' || c == '\t' {
                if !self.spaced {
                    return Err(found(line, column, &self.describe(), c));
                }
                after_cell = false;
                continue;
            }
            let Some(d) = self.value(c) else {
                return Err(found(line, column, &self.describe(), c));
            };
            if self.spaced && after_cell {
                return Err(found(line, column, "a space between cells", c));
            }
            if cells.len() == n {
                return Err(InputError {
                    kind: InputErrorKind::Size,
                    header: false,
                    line,
                    column,
                    message: format!("expected {n} cells, found more"),
                });
            }
            cells.push(d);
            after_cell = true;
        }
        if cells.len() < n {
            return Err(InputError::cell_count(line, n, cells.len()));
        }
        Ok(cells)
    }

    /// Whether `text` looks like a row of exactly `n` cells of this syntax,
    /// with single spaces when spaced (auto-detection is stricter than
    /// reading).
    pub(crate) fn fits(&self, text: &str, n: usize) -> bool {
        let chars: Vec<char> = text.chars().collect();
        if self.spaced {
            chars.len() == 2 * n - 1
                && chars.iter().enumerate().all(|(i, &c)| {
                    if i % 2 == 1 {
                        c == ' '
                    } else {
                        self.value(c).is_some()
                    }
                })
        } else {
            chars.len() == n && chars.iter().all(|&c| self.value(c).is_some())
        }
    }

    /// The symbol written for value `d` (0 empty).
    pub(crate) fn symbol(&self, d: u8) -> char {
        match d {
            0 => self.empty.chars().next().unwrap_or('.'),
            d => self.symbols.chars().nth(d as usize - 1).unwrap_or('?'),
        }
    }

    /// `grid` as rows of this syntax, each ending in a newline.
    pub(crate) fn write_grid(&self, grid: &Grid) -> String {
        let n = grid.n();
        let sep = if self.spaced { " " } else { "" };
        let mut out = String::new();
        for row in grid.cells().chunks(n) {
            let symbols: Vec<String> = row.iter().map(|&d| self.symbol(d).to_string()).collect();
            out.push_str(&symbols.join(sep));
            out.push('\n');
        }
        out
    }
}

/// `a, b or c`.
pub(crate) fn join_or(parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// An error `expected WHAT, found 'c'`.
pub(crate) fn found(line: usize, column: Option<usize>, what: &str, c: char) -> InputError {
    InputError {
        kind: InputErrorKind::Symbol,
        header: false,
        line,
        column,
        message: format!("expected {what}, found '{c}'"),
    }
}

/// Parses a row of whitespace-separated numbers `0..=n` (`0` or `.`
/// empty); `n` cells are expected when given.
pub(crate) fn parse_numbers(
    text: &str,
    line: usize,
    n: Option<usize>,
) -> Result<Vec<u8>, InputError> {
    let max = n.unwrap_or(crate::sudoku::MAX_N);
    let mut cells = Vec::new();
    let mut column = 0;
    for token in text.split_inclusive([' ', '\t']) {
        let start = column + 1;
        column += token.chars().count();
        let word = token.trim();
        if word.is_empty() {
            continue;
        }
        let value = if word == "." {
            Some(0)
        } else {
            word.parse::<usize>().ok().filter(|&v| v <= max)
        };
        let Some(v) = value else {
            return Err(InputError {
                kind: InputErrorKind::Symbol,
                header: false,
                line,
                column: Some(start),
                message: format!("expected a number 0-{max} (0 or '.' empty), found '{word}'"),
            });
        };
        if Some(cells.len()) == n {
            return Err(InputError {
                kind: InputErrorKind::Size,
                header: false,
                line,
                column: Some(start),
                message: format!("expected {max} cells, found more"),
            });
        }
        cells.push(v as u8);
    }
    if let Some(n) = n
        && cells.len() < n
    {
        return Err(InputError::cell_count(line, n, cells.len()));
    }
    Ok(cells)
}

/// `grid` as rows of space-separated numbers, each ending in a newline.
pub(crate) fn write_numbers(grid: &Grid) -> String {
    let mut out = String::new();
    for row in grid.cells().chunks(grid.n()) {
        let words: Vec<String> = row.iter().map(u8::to_string).collect();
        out.push_str(&words.join(" "));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const HDU: Cells = Cells {
        symbols: "123456789",
        empty: "?",
        spaced: true,
    };

    #[test]
    fn spaced_rows_and_their_errors() {
        assert_eq!(HDU.parse_row("1 ? 3", 1, 3).unwrap(), [1, 0, 3]);
        assert_eq!(
            HDU.parse_row("1 2 3 x", 4, 9).unwrap_err().to_string(),
            "line 4, column 7: expected a digit 1-9, '?' or space, found 'x'"
        );
        assert_eq!(
            HDU.parse_row("12", 1, 9).unwrap_err().to_string(),
            "line 1, column 2: expected a space between cells, found '2'"
        );
        assert_eq!(
            HDU.parse_row("1 2", 2, 9).unwrap_err().to_string(),
            "line 2: expected 9 cells, found 2"
        );
        assert!(HDU.fits("1 ? 3", 3));
        assert!(!HDU.fits("1  ? 3", 3));
    }

    #[test]
    fn numbers() {
        assert_eq!(parse_numbers("0 2   3", 1, Some(3)).unwrap(), [0, 2, 3]);
        assert_eq!(
            parse_numbers("0 17 3", 2, Some(3)).unwrap_err().to_string(),
            "line 2, column 3: expected a number 0-3 (0 or '.' empty), found '17'"
        );
    }
}
