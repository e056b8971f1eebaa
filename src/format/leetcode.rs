//! LeetCode 37: the 9x9 board as a JSON-style array of 9 arrays of 9
//! one-character strings, `"."` empty. A board may span several lines;
//! several boards follow one another (whitespace or commas between).
//! Output: each solved board on one line, in the same notation, no
//! spaces. An unsolvable board prints nothing; the reason goes to
//! standard error.

use std::io::BufRead;

use super::text::Lines;
use super::{Case, Cases, Detect, Fit, Format, Head, InputError, InputErrorKind, Options};
use crate::sudoku::{Grid, Shape};

/// The LeetCode format.
pub(crate) struct Leetcode;

const N: usize = 9;

/// Scans boards character by character across lines.
struct Reader<'a> {
    lines: Lines<Box<dyn BufRead + 'a>>,
}

impl Reader<'_> {
    /// The next board, or the first thing wrong with it; `None` at the end
    /// of the input.
    fn board(&mut self) -> Option<Result<Case, InputError>> {
        let mut scan = Scan::new();
        loop {
            let (line, text) = match self.lines.next_line() {
                None => return scan.end_of_input(),
                Some(Err(e)) => {
                    scan.start.get_or_insert(e.line);
                    scan.note(e);
                    continue;
                }
                Some(Ok(l)) => l,
            };
            let chars: Vec<char> = text.chars().collect();
            let mut i = 0;
            while i < chars.len() {
                match scan.step(&chars, &mut i, line) {
                    Step::Go => {}
                    Step::Closed => {
                        // Rest of the line belongs to the next board.
                        let rest: String = chars[i..].iter().collect();
                        if !rest.trim().is_empty() {
                            self.lines.unread(line, " ".repeat(i) + &rest);
                        }
                        return Some(scan.finish(line));
                    }
                    // Not a board at all: report it and go on with the next line.
                    Step::NotABoard(e) => return Some(Err(e)),
                }
            }
        }
    }
}

/// What a scan has seen of one board so far.
struct Scan {
    /// Brackets open: 1 inside the board, 2 inside a row.
    depth: usize,
    /// The line the board starts on.
    start: Option<usize>,
    /// The cells of at most one board, in order.
    cells: Vec<u8>,
    /// Cells in the row being read.
    row_len: usize,
    /// Rows closed.
    rows: usize,
    /// The first thing wrong, if any.
    error: Option<InputError>,
}

/// What one character did to a scan.
enum Step {
    /// Read on.
    Go,
    /// The board's closing bracket: the board is read.
    Closed,
    /// A character outside any bracket: the line is no board.
    NotABoard(InputError),
}

impl Scan {
    fn new() -> Scan {
        Scan {
            depth: 0,
            start: None,
            cells: Vec::with_capacity(N * N),
            row_len: 0,
            rows: 0,
            error: None,
        }
    }

    /// Keeps `e` unless something earlier was wrong.
    fn note(&mut self, e: InputError) {
        self.error.get_or_insert(e);
    }

    /// Reads the character at `chars[*i]` of `line` (and, for a quoted
    /// cell, those up to its closing quote), moving `i` past them.
    fn step(&mut self, chars: &[char], i: &mut usize, line: usize) -> Step {
        let c = chars[*i];
        let column = Some(*i + 1);
        *i += 1;
        let fail = |kind, message: String| InputError {
            kind,
            header: false,
            line,
            column,
            message,
        };
        match c {
            ' ' | '\t' | ',' => {}
            '[' => {
                self.start.get_or_insert(line);
                self.depth += 1;
                if self.depth > 2 {
                    self.note(fail(
                        InputErrorKind::Symbol,
                        "expected a quoted cell or ']', found '['".into(),
                    ));
                }
                self.row_len = 0;
            }
            ']' if self.depth == 0 => self.note(fail(
                InputErrorKind::Symbol,
                "expected '[', found ']'".into(),
            )),
            ']' => {
                self.depth -= 1;
                if self.depth == 1 {
                    if self.row_len != N {
                        let found = self.row_len;
                        self.note(fail(
                            InputErrorKind::Size,
                            format!("expected {N} cells in a row, found {found}"),
                        ));
                    }
                    self.rows += 1;
                }
                if self.depth == 0 {
                    return Step::Closed;
                }
            }
            '"' if self.depth == 2 => *i = self.quoted_cell(chars, *i, line),
            c => {
                let what = if self.depth == 2 {
                    "a quoted cell, ',' or ']'"
                } else {
                    "'[', ',' or ']'"
                };
                self.note(fail(
                    InputErrorKind::Symbol,
                    format!("expected {what}, found '{c}'"),
                ));
                if self.depth == 0 {
                    return Step::NotABoard(self.error.take().expect("just set"));
                }
            }
        }
        Step::Go
    }

    /// Reads the cell whose opening quote ends before `chars[i]`: a digit
    /// or `.` and the closing quote, or up to the next quote when it is
    /// not one. Where the scan goes on.
    fn quoted_cell(&mut self, chars: &[char], i: usize, line: usize) -> usize {
        let cell = chars.get(i).copied();
        let close = chars.get(i + 1).copied();
        let value = match cell {
            Some('.') => Some(0),
            Some(d @ '1'..='9') => Some(d as u8 - b'0'),
            _ => None,
        };
        if let (Some(v), Some('"')) = (value, close) {
            // Keep at most one board's cells, however many rows come: the
            // memory of a case is bounded.
            if self.row_len < N && self.rows < N {
                self.cells.push(v);
            }
            self.row_len += 1;
            return i + 2;
        }
        let found = cell.map_or("the end of the line".into(), |c| format!("'{c}'"));
        self.note(InputError {
            kind: InputErrorKind::Symbol,
            header: false,
            line,
            column: Some(i + 1),
            message: format!("expected a digit 1-9 or '.' in quotes, found {found}"),
        });
        // Skip to the closing quote.
        let skipped = chars[i..].iter().take_while(|&&c| c != '"').count();
        i + skipped + 1
    }

    /// The board whose closing bracket is on `line`: its case, or the
    /// first thing wrong with it (rows short of nine included).
    fn finish(mut self, line: usize) -> Result<Case, InputError> {
        let start = self.start.unwrap_or(line);
        if self.rows != N {
            self.note(InputError {
                kind: InputErrorKind::Size,
                header: false,
                line: start,
                column: None,
                message: format!("expected {N} rows, found {}", self.rows),
            });
        }
        match self.error {
            Some(e) => Err(e),
            None => Ok(Case::new(
                Grid::from_cells(Shape::NINE, self.cells).expect("cells checked"),
                start,
            )),
        }
    }

    /// The input ended: nothing if no board had begun, else the first
    /// thing wrong with it or its missing `]`.
    fn end_of_input(self) -> Option<Result<Case, InputError>> {
        let start = self.start?;
        Some(Err(self.error.unwrap_or(InputError {
            kind: InputErrorKind::Truncated,
            header: false,
            line: start,
            column: None,
            message: "expected ']' to close the board, found the end of the input".into(),
        })))
    }
}

impl Format for Leetcode {
    fn name(&self) -> &'static str {
        "leetcode"
    }
    fn summary(&self) -> &'static str {
        "LeetCode 37: the board as an array of 9 arrays of one-character strings, `\".\"` empty"
    }
    fn example(&self) -> &'static str {
        r#"[["5","3",".",".","7",".",".",".","."],...]"#
    }
    fn read<'a>(&self, input: Box<dyn BufRead + 'a>, _: &Options) -> Cases<'a> {
        let mut reader = Reader {
            lines: Lines::new(input),
        };
        Box::new(std::iter::from_fn(move || reader.board()))
    }
    fn holds(&self, shape: Shape) -> bool {
        shape == Shape::NINE
    }
    fn solution(&self, _: usize, _: &Grid, solution: &Grid, _: &Options) -> String {
        let rows: Vec<String> = solution
            .cells()
            .chunks(N)
            .map(|row| {
                let cells: Vec<String> = row
                    .iter()
                    .map(|&d| match d {
                        0 => "\".\"".to_string(),
                        d => format!("\"{d}\""),
                    })
                    .collect();
                format!("[{}]", cells.join(","))
            })
            .collect();
        format!("[{}]\n", rows.join(","))
    }
}

impl Detect for Leetcode {
    fn detect(&self, head: &Head) -> Fit {
        if head
            .content()
            .next()
            .is_some_and(|l| l.trim_start().starts_with('['))
        {
            Fit::Specific
        } else {
            Fit::No
        }
    }
}
