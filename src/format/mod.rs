//! Reading and writing puzzles. One file per format; each reads a stream
//! into [`Case`]s (or [`InputError`]s that say where and what was wrong)
//! without holding more than one case in memory, and writes solutions back
//! in its own layout.

pub mod line;

use std::fmt;

use crate::sudoku::{Grid, MAX_N};

/// One puzzle read from an input, with the line where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The puzzle.
    pub grid: Grid,
    /// 1-based line number where the case starts.
    pub line: usize,
}

/// A malformed case: where, and what was expected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct InputError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters), when one character is to blame.
    pub column: Option<usize>,
    /// What was wrong and what was expected.
    pub message: String,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(c) => write!(f, "line {}, column {}: {}", self.line, c, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}

/// The symbols that stand for digits `1..=n` in text, and those that mean
/// an empty cell.
///
/// The standard alphabet is `1`-`9`, then `A`-`Z`, then `a`-`z`, then `@`,
/// `$`, `%` (64 symbols); for `n <= 35` letters are read case-blind. Empty
/// cells are `.`, `0` and `_`. A custom alphabet such as
/// `0123456789ABCDEF` gives the symbols of `1..=n` in order; `0` then is a
/// digit, and only `.` and `_` are empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alphabet {
    symbols: Vec<char>,
    custom: bool,
}

/// The standard alphabet's symbols.
const STANDARD: &str = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@$%";

impl Default for Alphabet {
    fn default() -> Self {
        Self {
            symbols: STANDARD.chars().collect(),
            custom: false,
        }
    }
}

impl Alphabet {
    /// A custom alphabet: its characters stand for `1, 2, ...` in order.
    pub fn custom(symbols: &str) -> Result<Self, String> {
        let symbols: Vec<char> = symbols.chars().collect();
        for (i, &c) in symbols.iter().enumerate() {
            if c == '.' || c == '_' || c == '#' || c == ':' || c.is_whitespace() {
                return Err(format!("'{c}' cannot be a digit symbol (it is reserved)"));
            }
            if symbols[..i].contains(&c) {
                return Err(format!("'{c}' appears twice in the alphabet"));
            }
        }
        if symbols.is_empty() || symbols.len() > MAX_N {
            return Err(format!("an alphabet has 1 to {MAX_N} symbols"));
        }
        Ok(Self {
            symbols,
            custom: true,
        })
    }

    /// The digit (`1..=n`) that `c` stands for, `Some(0)` for an empty cell,
    /// or `None` if `c` means nothing in a grid of side `n`.
    pub fn value(&self, c: char, n: usize) -> Option<u8> {
        if c == '.' || c == '_' || (c == '0' && !self.custom) {
            return Some(0);
        }
        let c = if !self.custom && n <= 35 {
            c.to_ascii_uppercase()
        } else {
            c
        };
        let d = self.symbols.iter().take(n).position(|&s| s == c)?;
        Some(d as u8 + 1)
    }

    /// The symbol for digit `d` (`1..=n`), or `.` for `0`.
    pub fn symbol(&self, d: u8) -> char {
        match d {
            0 => '.',
            d => self.symbols.get(d as usize - 1).copied().unwrap_or('?'),
        }
    }

    /// Whether the alphabet has symbols for every digit of side `n`.
    pub fn covers(&self, n: usize) -> bool {
        self.symbols.len() >= n
    }

    /// A description of the digits of side `n`, for error messages.
    pub fn describe(&self, n: usize) -> String {
        let last = self.symbol(n as u8);
        let empty = if self.custom {
            "'.' or '_'"
        } else {
            "'.', '0' or '_'"
        };
        match n {
            1 => format!("the digit '1' or {empty} for empty"),
            _ => format!("a digit {}-{last} or {empty} for empty", self.symbol(1)),
        }
    }

    /// `grid` as one line of symbols.
    pub fn write_line(&self, grid: &Grid) -> String {
        grid.cells().iter().map(|&d| self.symbol(d)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_and_custom_alphabets() {
        let a = Alphabet::default();
        assert_eq!(a.value('9', 9), Some(9));
        assert_eq!(a.value('A', 9), None);
        assert_eq!(a.value('g', 16), Some(16));
        assert_eq!(a.value('a', 36), Some(36));
        assert_eq!(a.value('%', 64), Some(64));
        assert_eq!(a.value('0', 16), Some(0));
        assert_eq!(a.describe(16), "a digit 1-G or '.', '0' or '_' for empty");
        let hex = Alphabet::custom("0123456789ABCDEF").unwrap();
        assert_eq!(hex.value('0', 16), Some(1));
        assert_eq!(hex.value('F', 16), Some(16));
        assert_eq!(hex.value('.', 16), Some(0));
        assert_eq!(hex.symbol(1), '0');
        assert!(Alphabet::custom("0012").is_err());
        assert!(Alphabet::custom("12.").is_err());
    }
}
