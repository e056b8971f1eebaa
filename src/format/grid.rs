//! The grid format: n lines of n cells, as in SadMan `.sdk` files and the
//! files of `data/sizes/`. A row is either symbols without spaces
//! (`53..7....`, the [`Alphabet`], `.`, `0`, `_`, `?` or `*` empty) or
//! whitespace-separated numbers (`0 11 9 0 ...`, `0` or `.` empty; needed
//! for n > 9). Box separators are ignored: `|` inside rows, lines made of
//! `-`, `+`, `=`, `|` and spaces, and the extra spaces and blank lines of
//! the `data/sizes/` files. C-array braces and commas (`{0,8,...},`) are
//! read as separators too. Lines starting with `#` are comments. The first
//! row of a puzzle gives n (the box shape is the most nearly square one,
//! or `--box`); the puzzle ends after n rows.
//!
//! Output: n lines per puzzle, symbols without spaces for n <= 9 (or a
//! custom alphabet), numbers separated by one space above; a blank line
//! between puzzles. A puzzle with no solution prints `# no solution:
//! PUZZLE` and a malformed one `# bad input: FILE line N` (comments, so
//! the output reads back). Box separators are not written back.

use std::io::BufRead;

use super::cells::{found, parse_numbers};
use super::text::Lines;
use super::{
    Alphabet, Case, Cases, Detect, Fit, Format, Head, InputError, InputErrorKind, Options,
};
use crate::sudoku::{Grid, MAX_N, Shape};

/// The grid format.
pub(crate) struct GridFormat;

/// A row with its separators replaced by spaces; `None` for a line that
/// holds no cells (blank, comment, separator or brace line).
fn clean(text: &str) -> Option<String> {
    let trimmed = text.trim();
    if trimmed.is_empty() || trimmed.starts_with('#') {
        return None;
    }
    if trimmed.chars().all(|c| "-+=|{}, \t".contains(c)) {
        return None;
    }
    let row: String = text
        .chars()
        .map(|c| if "|{},;".contains(c) { ' ' } else { c })
        .collect();
    Some(row)
}

/// Whether a cleaned row is whitespace-separated numbers (some of one
/// digit) rather than symbols.
fn is_numbers(row: &str) -> bool {
    let mut words = row.split_whitespace().peekable();
    let mut short = false;
    let mut count = 0;
    for w in words.by_ref() {
        count += 1;
        let numeric = w == "." || (w.len() <= 2 && w.bytes().all(|b| b.is_ascii_digit()));
        if !numeric {
            return false;
        }
        short |= w.len() == 1;
    }
    count > 1 && short
}

/// The number of cells in a cleaned row.
fn width(row: &str) -> usize {
    if is_numbers(row) {
        row.split_whitespace().count()
    } else {
        row.chars().filter(|c| !c.is_whitespace()).count()
    }
}

/// The side of the grid that the first row of `head` starts (its width),
/// or `None` if the head holds no row.
pub(super) fn side(head: &Head) -> Option<usize> {
    head.lines.iter().find_map(|t| clean(t)).map(|r| width(&r))
}

/// Parses a cleaned row of `n` cells.
fn parse_row(row: &str, line: usize, n: usize, alphabet: &Alphabet) -> Result<Vec<u8>, InputError> {
    if is_numbers(row) {
        return parse_numbers(row, line, Some(n));
    }
    let mut cells = Vec::with_capacity(n);
    for (i, c) in row.chars().enumerate() {
        if c.is_whitespace() {
            continue;
        }
        let value = match c {
            '?' | '*' => Some(0),
            c => alphabet.value(c, n),
        };
        let Some(d) = value else {
            let what = format!("{}, '?' or '*'", alphabet.describe(n));
            return Err(found(line, Some(i + 1), &what, c));
        };
        cells.push(d);
    }
    if cells.len() != n {
        return Err(InputError::cell_count(line, n, cells.len()));
    }
    Ok(cells)
}

struct Reader<'a> {
    lines: Lines<Box<dyn BufRead + 'a>>,
    opts: Options,
}

impl Reader<'_> {
    /// The next row with cells: its line and cleaned text.
    fn row(&mut self) -> Option<Result<(usize, String), InputError>> {
        loop {
            match self.lines.next_line()? {
                Err(e) => return Some(Err(e)),
                Ok((line, text)) => {
                    if let Some(row) = clean(&text) {
                        return Some(Ok((line, row)));
                    }
                }
            }
        }
    }

    fn case(&mut self) -> Option<Result<Case, InputError>> {
        let (start, first) = match self.row()? {
            Ok(r) => r,
            Err(e) => return Some(Err(e)),
        };
        let n = self.opts.shape.map_or_else(|| width(&first), |s| s.n());
        let shape = match self.opts.shape {
            Some(s) => s,
            None => match Shape::for_side(n) {
                Ok(s) => s,
                Err(_) => {
                    return Some(Err(InputError {
                        kind: InputErrorKind::Size,
                        header: false,
                        line: start,
                        column: None,
                        message: format!(
                            "a row of {n} cells is not a Sudoku size (expected 1 to {MAX_N})"
                        ),
                    }));
                }
            },
        };
        let mut error = None;
        let mut cells = Vec::with_capacity(n * n);
        let mut row = Some(Ok((start, first)));
        for done in 0..n {
            let next = if done == 0 { row.take() } else { self.row() };
            match next {
                None => {
                    return Some(Err(error.unwrap_or(InputError::truncated(start, n, done))));
                }
                Some(Err(e)) => {
                    error.get_or_insert(e);
                }
                Some(Ok((line, text))) => {
                    if error.is_none() {
                        match parse_row(&text, line, n, &self.opts.alphabet) {
                            Ok(r) => cells.extend(r),
                            Err(e) => error = Some(e),
                        }
                    }
                }
            }
        }
        Some(match error {
            Some(e) => Err(e),
            None => Ok(Case::new(
                Grid::from_cells(shape, cells).expect("rows checked"),
                start,
            )),
        })
    }
}

impl Format for GridFormat {
    fn name(&self) -> &'static str {
        "grid"
    }
    fn summary(&self) -> &'static str {
        "n lines of n cells, with or without spaces, box separators ignored, puzzles separated by blank lines"
    }
    fn example(&self) -> &'static str {
        "0 2   0 3 / 0 0   2 0 / (blank) / 0 4   0 0 / 1 0   4 0"
    }
    fn read<'a>(&self, input: Box<dyn BufRead + 'a>, opts: &Options) -> Cases<'a> {
        let mut reader = Reader {
            lines: Lines::new(input),
            opts: opts.clone(),
        };
        Box::new(std::iter::from_fn(move || reader.case()))
    }
    fn uses_alphabet(&self) -> bool {
        true
    }
    fn holds(&self, shape: Shape) -> bool {
        shape.n() <= MAX_N
    }
    fn solution(&self, _: usize, _: &Grid, solution: &Grid, opts: &Options) -> String {
        let n = solution.n();
        if n > 9 && !opts.alphabet.is_custom() {
            return super::cells::write_numbers(solution);
        }
        let mut out = String::new();
        for row in solution.cells().chunks(n) {
            out.extend(row.iter().map(|&d| opts.alphabet.symbol(d)));
            out.push('\n');
        }
        out
    }
    fn no_solution(&self, _: usize, puzzle: &Grid, opts: &Options) -> Option<String> {
        Some(format!(
            "# no solution: {}\n",
            opts.alphabet.write_line(puzzle)
        ))
    }
    fn unsettled(&self, _: usize, puzzle: &Grid, opts: &Options) -> Option<String> {
        Some(super::not_settled(puzzle, opts))
    }
    fn bad_input(&self, _: usize, name: &str, line: usize) -> Option<String> {
        Some(format!("# bad input: {name} line {line}\n"))
    }
    fn separator(&self) -> &'static str {
        "\n"
    }
}

impl Detect for GridFormat {
    fn detect(&self, head: &Head) -> Fit {
        let alphabet = Alphabet::default();
        let rows: Vec<(usize, String)> = head
            .lines
            .iter()
            .enumerate()
            .filter_map(|(i, t)| clean(t).map(|r| (i + 1, r)))
            .collect();
        let Some(n) = side(head) else {
            return Fit::No;
        };
        if !(4..=MAX_N).contains(&n) || (head.complete && rows.len() < n) {
            return Fit::No;
        }
        let fits = rows
            .iter()
            .take(n)
            .all(|(line, r)| parse_row(r, *line, n, &alphabet).is_ok());
        if fits { Fit::Generic } else { Fit::No }
    }
}
