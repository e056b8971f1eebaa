//! LeetCode 37: the 9x9 board as a JSON-style array of 9 arrays of 9
//! one-character strings, `"."` empty. A board may span several lines;
//! several boards follow one another (whitespace or commas between).
//! Output: each solved board on one line, in the same notation, no
//! spaces. An unsolvable board prints nothing; the reason goes to
//! standard error.

use std::io::BufRead;

use super::text::Lines;
use super::{Case, Cases, Fit, Format, Head, InputError, Options};
use crate::sudoku::{Grid, Shape};

/// The LeetCode format.
pub struct Leetcode;

const N: usize = 9;

/// Scans boards character by character across lines.
struct Reader<'a> {
    lines: Lines<Box<dyn BufRead + 'a>>,
}

impl Reader<'_> {
    fn board(&mut self) -> Option<Result<Case, InputError>> {
        let mut depth = 0usize;
        let mut start = None;
        let mut cells: Vec<u8> = Vec::with_capacity(N * N);
        let mut row_len = 0;
        let mut rows = 0;
        let mut error: Option<InputError> = None;
        loop {
            let (line, text) = match self.lines.next_line() {
                None => {
                    let start = start?;
                    return Some(Err(error.unwrap_or(InputError {
                        header: false,
                        line: start,
                        column: None,
                        message: "expected ']' to close the board, found the end of the input"
                            .into(),
                    })));
                }
                Some(Err(e)) => {
                    start.get_or_insert(e.line);
                    error.get_or_insert(e);
                    continue;
                }
                Some(Ok(l)) => l,
            };
            let chars: Vec<char> = text.chars().collect();
            let mut i = 0;
            while i < chars.len() {
                let c = chars[i];
                let column = Some(i + 1);
                let fail = |message: String| InputError {
                    header: false,
                    line,
                    column,
                    message,
                };
                i += 1;
                match c {
                    ' ' | '\t' | ',' => {}
                    '[' => {
                        start.get_or_insert(line);
                        depth += 1;
                        if depth > 2 && error.is_none() {
                            error = Some(fail("expected a quoted cell or ']', found '['".into()));
                        }
                        row_len = 0;
                    }
                    ']' if depth == 0 => {
                        if error.is_none() {
                            error = Some(fail("expected '[', found ']'".into()));
                        }
                    }
                    ']' => {
                        depth -= 1;
                        if error.is_none() && depth == 1 && row_len != N {
                            error = Some(fail(format!(
                                "expected {N} cells in a row, found {row_len}"
                            )));
                        }
                        if depth == 1 {
                            rows += 1;
                        }
                        if depth == 0 {
                            // Rest of the line belongs to the next board.
                            let rest: String = chars[i..].iter().collect();
                            if !rest.trim().is_empty() {
                                self.lines.unread(line, " ".repeat(i) + &rest);
                            }
                            let start = start.unwrap_or(line);
                            if error.is_none() && rows != N {
                                error = Some(InputError {
                                    header: false,
                                    line: start,
                                    column: None,
                                    message: format!("expected {N} rows, found {rows}"),
                                });
                            }
                            return Some(match error {
                                Some(e) => Err(e),
                                None => Ok(Case::new(
                                    Grid::from_cells(Shape::NINE, cells).expect("cells checked"),
                                    start,
                                )),
                            });
                        }
                    }
                    '"' if depth == 2 => {
                        let cell = chars.get(i).copied();
                        let close = chars.get(i + 1).copied();
                        let value = match cell {
                            Some('.') => Some(0),
                            Some(d @ '1'..='9') => Some(d as u8 - b'0'),
                            _ => None,
                        };
                        match (value, close) {
                            (Some(v), Some('"')) => {
                                // Keep at most one board's cells, however many
                                // rows come: the memory of a case is bounded.
                                if row_len < N && rows < N {
                                    cells.push(v);
                                }
                                row_len += 1;
                                i += 2;
                            }
                            _ => {
                                if error.is_none() {
                                    let found = cell
                                        .map_or("the end of the line".into(), |c| format!("'{c}'"));
                                    error = Some(InputError {
                                        header: false,
                                        line,
                                        column: Some(i + 1),
                                        message: format!(
                                            "expected a digit 1-9 or '.' in quotes, found {found}"
                                        ),
                                    });
                                }
                                // Skip to the closing quote.
                                while i < chars.len() && chars[i] != '"' {
                                    i += 1;
                                }
                                i += 1;
                            }
                        }
                    }
                    c => {
                        if error.is_none() {
                            let what = if depth == 2 {
                                "a quoted cell, ',' or ']'"
                            } else {
                                "'[', ',' or ']'"
                            };
                            error = Some(fail(format!("expected {what}, found '{c}'")));
                        }
                        if depth == 0 {
                            // Not a board at all: report it and go on with the next line.
                            return Some(Err(error.take().expect("just set")));
                        }
                    }
                }
            }
        }
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
