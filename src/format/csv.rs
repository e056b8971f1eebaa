//! CSV collections (the Kaggle sets): `puzzle,solution[,...]` rows, with
//! or without a header row, puzzles and solutions as lines of n² symbols
//! (`0` or `.` empty). The first column is solved; a second, non-empty
//! column is checked against it (a wrong one is reported on standard
//! error, exit code 2); further columns are ignored. Lines starting with
//! `#` are comments.
//!
//! Output: `puzzle,solution` with `0` for empty cells; `puzzle,` (an empty
//! solution column) when there is none; a `#` comment for a malformed row.
//! The header row and extra columns are not written back.

use std::io::BufRead;

use super::line::parse_line;
use super::text::Lines;
use super::{Alphabet, Case, Cases, Detect, Fit, Format, Head, InputError, Options};
use crate::sudoku::{Grid, Shape};

/// The CSV format.
pub(crate) struct Csv;

/// Whether a first field names a column rather than holding a puzzle.
fn is_header(field: &str) -> bool {
    let f = field.trim().trim_matches('"');
    !f.is_empty() && f.chars().all(|c| c.is_alphabetic() || c == '_' || c == ' ')
}

/// Parses one row: `None` for a comment or blank line.
fn parse_row(text: &str, line: usize, opts: &Options) -> Option<Result<Case, InputError>> {
    if text.trim().is_empty() || text.trim_start().starts_with('#') {
        return None;
    }
    let mut fields = text.split(',');
    let puzzle = fields.next().unwrap_or("");
    let mut case = match parse_line(puzzle, line, opts.shape, &opts.alphabet)? {
        Ok(c) => c,
        Err(e) => return Some(Err(e)),
    };
    if let Some(solution) = fields.next().filter(|s| !s.trim().is_empty()) {
        let offset = puzzle.chars().count() + 1;
        let parsed = parse_line(solution, line, Some(case.grid.shape()), &opts.alphabet)?;
        match parsed {
            Ok(s) => case.expected = Some(s.grid),
            Err(mut e) => {
                e.column = e.column.map(|c| c + offset);
                e.message = format!("solution column: {}", e.message);
                return Some(Err(e));
            }
        }
    }
    Some(Ok(case))
}

impl Format for Csv {
    fn name(&self) -> &'static str {
        "csv"
    }
    fn summary(&self) -> &'static str {
        "CSV `puzzle,solution[,...]`, header optional: solve the first column, check it against the second"
    }
    fn example(&self) -> &'static str {
        "puzzle,solution / 0700000430400096108...,6795182435437296188..."
    }
    fn read<'a>(&self, input: Box<dyn BufRead + 'a>, opts: &Options) -> Cases<'a> {
        let mut lines = Lines::new(input);
        let opts = opts.clone();
        let mut first = true;
        Box::new(std::iter::from_fn(move || {
            loop {
                let (line, text) = match lines.next_line()? {
                    Ok(l) => l,
                    Err(e) => return Some(Err(e)),
                };
                let header = first && is_header(text.split(',').next().unwrap_or(""));
                if !text.trim().is_empty() {
                    first = false;
                }
                if header {
                    continue;
                }
                if let Some(row) = parse_row(&text, line, &opts) {
                    return Some(row);
                }
            }
        }))
    }
    fn uses_alphabet(&self) -> bool {
        true
    }
    fn holds(&self, shape: Shape) -> bool {
        Alphabet::default().covers(shape.n())
    }
    fn solution(&self, _: usize, puzzle: &Grid, solution: &Grid, opts: &Options) -> String {
        let a = &opts.alphabet;
        format!("{},{}\n", symbols(puzzle, a), symbols(solution, a))
    }
    /// `puzzle,solution`, or the puzzle column alone.
    fn puzzle(&self, _: usize, puzzle: &Grid, solution: Option<&Grid>, opts: &Options) -> String {
        let a = &opts.alphabet;
        match solution {
            Some(s) => format!("{},{}\n", symbols(puzzle, a), symbols(s, a)),
            None => format!("{}\n", symbols(puzzle, a)),
        }
    }
    fn no_solution(&self, _: usize, puzzle: &Grid, opts: &Options) -> Option<String> {
        Some(format!("{},\n", symbols(puzzle, &opts.alphabet)))
    }
    fn unsettled(&self, _: usize, puzzle: &Grid, opts: &Options) -> Option<String> {
        Some(super::not_settled(puzzle, opts))
    }
    fn bad_input(&self, _: usize, name: &str, line: usize) -> Option<String> {
        Some(format!("# bad input: {name} line {line}\n"))
    }
}

impl Detect for Csv {
    fn detect(&self, head: &Head) -> Fit {
        let opts = Options::default();
        let rows = head.content().filter(|l| !l.starts_with('#')).take(2);
        for (i, row) in rows.enumerate() {
            if !row.contains(',') {
                return Fit::No;
            }
            if i == 0 && is_header(row.split(',').next().unwrap_or("")) {
                continue;
            }
            return match parse_row(row, 1, &opts) {
                Some(Ok(c)) if c.grid.n() >= 4 => Fit::Specific,
                _ => Fit::No,
            };
        }
        Fit::No
    }
}

/// A grid as CSV symbols: `0` for empty with the standard alphabet.
fn symbols(grid: &Grid, alphabet: &Alphabet) -> String {
    let text = alphabet.write_line(grid);
    if alphabet.is_custom() {
        text
    } else {
        text.replace('.', "0")
    }
}
