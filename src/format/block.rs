//! The reader shared by the judge formats whose cases are a fixed number of
//! rows (HDU 1426, HDU 5547, Lanqiao, Jisuanke, POJ 2676, POJ 3076, yzoj,
//! and, with rows of its own, HDU 4069 through the `Rows` trait):
//! an optional or required count line, then cases of `n` rows of
//! [`Cells`].
//!
//! Invariants: blank lines are ignored wherever they are (so missing or
//! doubled blank lines between cases read the same, as they do for the
//! judges' own `cin >>` readers); a case with a bad row is reported once
//! (its first error) and its remaining rows are consumed, so the next case
//! is read from its own first row; with a count line, reading stops after
//! that many cases, and more input after them is reported once.

use std::io::BufRead;

use super::cells::Cells;
use super::text::{Lines, is_number};
use super::{Case, Cases, Detect, Fit, Format, Head, InputError, InputErrorKind, Options, Rule};
use crate::sudoku::{Grid, Shape};

/// A judge format whose cases are blocks of rows: everything that sets one
/// apart from another is data, so each such format's file is one constant.
pub(crate) struct BlockFormat {
    /// The name `--format` takes.
    pub name: &'static str,
    /// One line for the documentation.
    pub summary: &'static str,
    /// A short example input.
    pub example: &'static str,
    /// The input layout.
    pub spec: Spec,
    /// If not empty, detection also needs one of these characters (the
    /// format's own empty-cell symbol) in the input.
    pub marker: &'static str,
    /// Which solutions the judge accepts.
    pub rule: Rule,
    /// Written between two solutions.
    pub separator: &'static str,
    /// Whether each case's output starts with `Case #x:` (HDU 5547); the
    /// header is then also all an unsolvable case prints.
    pub case_headers: bool,
}

impl Format for BlockFormat {
    fn name(&self) -> &'static str {
        self.name
    }
    fn summary(&self) -> &'static str {
        self.summary
    }
    fn example(&self) -> &'static str {
        self.example
    }
    fn read<'a>(&self, input: Box<dyn BufRead + 'a>, _: &Options) -> Cases<'a> {
        self.spec.read(input)
    }
    fn holds(&self, shape: Shape) -> bool {
        shape == self.spec.shape
    }
    fn rule(&self) -> Rule {
        self.rule
    }
    fn solution(&self, number: usize, _: &Grid, solution: &Grid, _: &Options) -> String {
        let grid = self.spec.cells.write_grid(solution);
        match self.case_headers {
            true => format!("Case #{number}:\n{grid}"),
            false => grid,
        }
    }
    fn no_solution(&self, number: usize, _: &Grid, _: &Options) -> Option<String> {
        self.case_headers.then(|| format!("Case #{number}:\n"))
    }
    fn count(&self, number: usize, count: &str) -> String {
        match self.case_headers {
            true => format!("Case #{number}: {count}\n"),
            false => super::plain_count(number, count),
        }
    }
    fn separator(&self) -> &'static str {
        self.separator
    }
}

impl Detect for BlockFormat {
    fn detect(&self, head: &Head) -> Fit {
        self.spec.detect(head, self.marker)
    }
}

/// Whether a format starts with the number of cases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CountLine {
    /// No count: cases run to the end of the input.
    None,
    /// A count is required (HDU 5547, POJ 2676).
    Required,
    /// A count may come first (UVa 1309 and SPOJ inputs of POJ 3076).
    Optional,
}

/// A block format's input layout.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Spec {
    /// The grid shape of every case.
    pub shape: Shape,
    /// The row syntax.
    pub cells: Cells,
    /// Whether a count line comes first.
    pub count: CountLine,
}

impl Spec {
    /// Reads the cases of `input`.
    pub(crate) fn read<'a>(self, input: Box<dyn BufRead + 'a>) -> Cases<'a> {
        read_blocks(self, input)
    }

    /// Detection for a judge layout: [`Fit::Specific`] when the head fits
    /// and, if `marker` is not empty, one of its characters (the format's
    /// own empty-cell symbol) appears.
    pub(crate) fn detect(&self, head: &Head, marker: &str) -> Fit {
        let marked =
            marker.is_empty() || head.content().any(|l| l.contains(|c| marker.contains(c)));
        if marked && self.fits(head.content(), head.complete) {
            Fit::Specific
        } else {
            Fit::No
        }
    }

    /// Whether the content lines of a head fit this layout: the count line
    /// when required, then at least one whole case (or the whole head)
    /// of rows that fit exactly.
    pub(crate) fn fits<'h>(
        &self,
        mut content: impl Iterator<Item = &'h str>,
        complete: bool,
    ) -> bool {
        let n = self.shape.n();
        let mut first = content.next();
        match self.count {
            CountLine::Required => {
                if !first.is_some_and(is_number) {
                    return false;
                }
                first = content.next();
            }
            CountLine::Optional if first.is_some_and(is_number) => first = content.next(),
            _ => {}
        }
        let mut rows = 0;
        for row in first.into_iter().chain(content) {
            if !self.cells.fits(row, n) {
                return false;
            }
            rows += 1;
        }
        rows >= n && (!complete || rows % n == 0)
    }
}

/// How a format reads the rows of its cases and makes a case of them; the
/// reader of [`read_blocks`] does the rest (the count line, blank lines, a
/// bad row's case consumed, truncation, input past the count).
pub(super) trait Rows {
    /// What a row holds, cell by cell.
    type Value;
    /// Rows per case.
    fn rows(&self) -> usize;
    /// Whether a count line comes first.
    fn count(&self) -> CountLine;
    /// One row (the `line`-th of the input).
    fn parse_row(&self, text: &str, line: usize) -> Result<Vec<Self::Value>, InputError>;
    /// The case of one block's values, row after row; its first row is at
    /// `line`.
    fn case(&self, values: Vec<Self::Value>, line: usize) -> Result<Case, InputError>;
}

impl Rows for Spec {
    type Value = u8;
    fn rows(&self) -> usize {
        self.shape.n()
    }
    fn count(&self) -> CountLine {
        self.count
    }
    fn parse_row(&self, text: &str, line: usize) -> Result<Vec<u8>, InputError> {
        self.cells.parse_row(text, line, self.shape.n())
    }
    fn case(&self, values: Vec<u8>, line: usize) -> Result<Case, InputError> {
        let grid = Grid::from_cells(self.shape, values).expect("rows checked");
        Ok(Case::new(grid, line))
    }
}

/// The cases of `input`, blocks of [`Rows::rows`] rows as `rows` reads
/// them.
pub(super) fn read_blocks<'a, R: Rows + 'a>(rows: R, input: Box<dyn BufRead + 'a>) -> Cases<'a> {
    Box::new(Reader {
        rows,
        lines: Lines::new(input),
        started: false,
        remaining: None,
        announced: 0,
        done: false,
    })
}

struct Reader<'a, R> {
    rows: R,
    lines: Lines<Box<dyn BufRead + 'a>>,
    started: bool,
    remaining: Option<usize>,
    announced: usize,
    done: bool,
}

impl<R: Rows> Reader<'_, R> {
    /// Reads the count line, if the format has one.
    fn start(&mut self) -> Option<InputError> {
        self.started = true;
        let count = self.rows.count();
        if count == CountLine::None {
            return None;
        }
        let (line, text) = match self.lines.next_content()? {
            Ok(l) => l,
            Err(e) => return Some(e),
        };
        match text.trim().parse::<usize>() {
            Ok(count) => {
                self.remaining = Some(count);
                self.announced = count;
                None
            }
            Err(_) if count == CountLine::Optional => {
                self.lines.unread(line, text);
                None
            }
            Err(_) => {
                // A missing count: read on from this line, so the cases
                // still run. A line that is no row either was a bad count,
                // reported once and consumed.
                if self.rows.parse_row(&text, line).is_ok() {
                    self.lines.unread(line, text.clone());
                }
                Some(InputError {
                    kind: InputErrorKind::Header,
                    header: true,
                    line,
                    column: Some(1),
                    message: format!("expected the number of cases, found '{}'", text.trim()),
                })
            }
        }
    }
}

/// What follows the `announced` cases a count line promised: nothing at
/// the end of the input; else one error, since input after the announced
/// cases would otherwise be dropped in silence (the judge would not read
/// it).
pub(super) fn past_the_count<R: BufRead>(
    lines: &mut Lines<R>,
    announced: usize,
) -> Option<Result<Case, InputError>> {
    match lines.next_content()? {
        Err(e) => Some(Err(e)),
        Ok((line, _)) => Some(Err(InputError {
            kind: InputErrorKind::Trailing,
            header: true,
            line,
            column: None,
            message: format!(
                "expected the end of the input after the {announced} case{} the count line announced, found more; the rest is not read",
                if announced == 1 { "" } else { "s" }
            ),
        })),
    }
}

impl<R: Rows> Iterator for Reader<'_, R> {
    type Item = Result<Case, InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        if !self.started
            && let Some(e) = self.start()
        {
            return Some(Err(e));
        }
        if self.remaining == Some(0) {
            self.done = true;
            return past_the_count(&mut self.lines, self.announced);
        }
        let n = self.rows.rows();
        let mut values = Vec::new();
        let mut first_line = None;
        let mut error = None;
        let mut rows = 0;
        while rows < n {
            let (line, text) = match self.lines.next_content() {
                None => {
                    self.done = true;
                    let Some(start) = first_line else {
                        return self.remaining.map(|left| {
                            Err(InputError {
                                kind: InputErrorKind::Truncated,
                                header: false,
                                line: self.lines.line() + 1,
                                column: None,
                                message: format!(
                                    "expected {left} more case{}, found the end of the input",
                                    if left == 1 { "" } else { "s" }
                                ),
                            })
                        });
                    };
                    return Some(Err(error.unwrap_or(InputError::truncated(start, n, rows))));
                }
                Some(Err(e)) => {
                    let line = e.line;
                    error.get_or_insert(e);
                    (line, String::new())
                }
                Some(Ok(l)) => l,
            };
            first_line.get_or_insert(line);
            rows += 1;
            if error.is_some() {
                continue;
            }
            match self.rows.parse_row(&text, line) {
                Ok(row) => values.extend(row),
                Err(e) => error = Some(e),
            }
        }
        if let Some(left) = &mut self.remaining {
            *left -= 1;
        }
        let line = first_line.unwrap_or(1);
        Some(match error {
            Some(e) => Err(e),
            None => self.rows.case(values, line),
        })
    }
}
