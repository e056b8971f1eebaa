//! UVa 989 "Su Doku": each case is `n` (1 to 8; the judge uses 1-3), then
//! an n²xn² grid of space-separated numbers, `0` empty; cases may be
//! separated by blank lines. Output: the lexicographically smallest
//! solution (rows in reading order) as space-separated numbers, or
//! `NO SOLUTION`; a blank line between cases.

use std::io::BufRead;

use super::cells::{parse_numbers, write_numbers};
use super::text::{Lines, is_number};
use super::{Case, Cases, Detect, Fit, Format, Head, InputError, InputErrorKind, Options, Rule};
use crate::sudoku::{Grid, Shape};

/// The UVa 989 format.
pub(crate) struct Uva989;

/// The largest box side: n² = 64 cells a row.
const MAX_BOX: usize = 8;

fn box_side(text: &str) -> Option<usize> {
    text.trim()
        .parse()
        .ok()
        .filter(|n| (1..=MAX_BOX).contains(n))
}

impl Format for Uva989 {
    fn name(&self) -> &'static str {
        "uva989"
    }
    fn summary(&self) -> &'static str {
        "UVa 989: `n`, then an n²xn² grid of space-separated numbers, `0` empty; smallest solution or `NO SOLUTION`"
    }
    fn example(&self) -> &'static str {
        "3 / 0 6 0 1 0 4 0 5 0 (x9 lines)"
    }
    fn read<'a>(&self, input: Box<dyn BufRead + 'a>, _: &Options) -> Cases<'a> {
        let mut lines = Lines::new(input);
        Box::new(std::iter::from_fn(
            move || -> Option<Result<Case, InputError>> {
                let (line, text) = match lines.next_content()? {
                    Ok(l) => l,
                    Err(e) => return Some(Err(e)),
                };
                let Some(n) = box_side(&text) else {
                    // Skip to the next line that could start a case.
                    while let Some(Ok((l, t))) = lines.next_content() {
                        if is_number(&t) {
                            lines.unread(l, t);
                            break;
                        }
                    }
                    return Some(Err(InputError {
                        kind: InputErrorKind::Header,
                        header: false,
                        line,
                        column: Some(1),
                        message: format!("expected the box size n (1-{MAX_BOX}), found '{text}'"),
                    }));
                };
                let side = n * n;
                let mut cells = Vec::with_capacity(side * side);
                let mut error = None;
                for row in 0..side {
                    match lines.next_content() {
                        None => {
                            return Some(Err(
                                error.unwrap_or(InputError::truncated(line, side, row))
                            ));
                        }
                        Some(Err(e)) => {
                            error.get_or_insert(e);
                        }
                        Some(Ok((l, t))) => {
                            if error.is_none() {
                                match parse_numbers(&t, l, Some(side)) {
                                    Ok(r) => cells.extend(r),
                                    Err(e) => error = Some(e),
                                }
                            }
                        }
                    }
                }
                if let Some(e) = error {
                    return Some(Err(e));
                }
                let shape = Shape::new(n, n).expect("n checked");
                Some(Ok(Case::new(
                    Grid::from_cells(shape, cells).expect("rows checked"),
                    line,
                )))
            },
        ))
    }
    fn holds(&self, shape: Shape) -> bool {
        shape.box_rows() == shape.box_cols() && shape.box_rows() <= MAX_BOX
    }
    fn rule(&self) -> Rule {
        Rule::Smallest
    }
    fn solution(&self, _: usize, _: &Grid, solution: &Grid, _: &Options) -> String {
        write_numbers(solution)
    }
    fn no_solution(&self, _: usize, _: &Grid, _: &Options) -> Option<String> {
        Some("NO SOLUTION\n".into())
    }
    fn separator(&self) -> &'static str {
        "\n"
    }
}

impl Detect for Uva989 {
    fn detect(&self, head: &Head) -> Fit {
        let mut content = head.content();
        let Some(n) = content.next().and_then(box_side) else {
            return Fit::No;
        };
        let side = n * n;
        let rows: Vec<&str> = content.take(side).collect();
        let fits = !rows.is_empty()
            && (rows.len() == side || !head.complete)
            && rows.iter().all(|r| {
                r.split_whitespace().count() == side && parse_numbers(r, 0, Some(side)).is_ok()
            });
        if fits { Fit::Specific } else { Fit::No }
    }
}
