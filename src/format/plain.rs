//! What the line format reads from a line's first word and writes back,
//! shared by the formats that answer as it does (`line`, `variant`,
//! `fpuzzles`, `sukaku`): the cells of a line, a solution as one line, and
//! the messages for no solution, not settled, bad input and counts. Below
//! those formats, so that the line format can hand a ruled line to the
//! variant reader while the variant format answers as the line format
//! does, and neither imports the other.

use super::{Alphabet, Case, InputError, InputErrorKind, Options};
use crate::sudoku::{Grid, Shape};

/// The messages of a format whose answers other than solutions read as
/// the line format's (no solution, not settled, bad input, counts): the
/// line format's own, and those of the formats that answer as it does.
/// Expands to those four methods inside an `impl Format` block.
macro_rules! line_messages {
    () => {
        fn no_solution(
            &self,
            _: usize,
            puzzle: &$crate::sudoku::Grid,
            opts: &$crate::format::Options,
        ) -> Option<String> {
            Some($crate::format::plain::no_solution(puzzle, opts))
        }
        fn unsettled(
            &self,
            _: usize,
            puzzle: &$crate::sudoku::Grid,
            opts: &$crate::format::Options,
        ) -> Option<String> {
            Some($crate::format::not_settled(puzzle, opts))
        }
        fn bad_input(&self, _: usize, name: &str, line: usize) -> Option<String> {
            Some(format!("# bad input: {name} line {line}\n"))
        }
        fn count(&self, _: usize, count: &str) -> String {
            format!("{count}\n")
        }
    };
}
pub(crate) use line_messages;

/// The answers of a format that writes as the line format does: the
/// line format's alphabet and sizes, each solution as one line, and
/// [`line_messages`]. Expands inside an `impl Format` block.
macro_rules! line_answers {
    () => {
        fn uses_alphabet(&self) -> bool {
            true
        }
        fn holds(&self, shape: $crate::sudoku::Shape) -> bool {
            $crate::format::plain::holds(shape)
        }
        fn solution(
            &self,
            _: usize,
            _: &$crate::sudoku::Grid,
            solution: &$crate::sudoku::Grid,
            opts: &$crate::format::Options,
        ) -> String {
            $crate::format::plain::solution(solution, opts)
        }
        $crate::format::plain::line_messages!();
    };
}
pub(crate) use line_answers;

/// Whether the line format's alphabet has symbols for `shape`'s digits.
pub(crate) fn holds(shape: Shape) -> bool {
    Alphabet::default().covers(shape.n())
}

/// A solution as one line.
pub(crate) fn solution(solution: &Grid, opts: &Options) -> String {
    format!("{}\n", opts.alphabet.write_line(solution))
}

/// `# no solution: PUZZLE`.
pub(crate) fn no_solution(puzzle: &Grid, opts: &Options) -> String {
    format!("# no solution: {}\n", opts.alphabet.write_line(puzzle))
}

/// Parses the cells of one line, taking whatever follows them for a
/// comment: `None` for a blank or comment line.
pub(crate) fn parse_cells(
    text: &str,
    line: usize,
    shape: Option<Shape>,
    alphabet: &Alphabet,
) -> Option<Result<Case, InputError>> {
    let (first_column, cells_text) = first_word(text, |c| c.is_whitespace() || c == ':')?;
    // Puzzle lines are ASCII: count and read bytes, not decoded chars.
    let ascii = cells_text.is_ascii();
    let count = match ascii {
        true => cells_text.len(),
        false => cells_text.chars().count(),
    };
    let error = |kind, column, message| Some(Err(line_error(kind, line, column, message)));
    let shape = match shape {
        Some(s) if s.cells() == count => s,
        Some(s) => {
            return error(
                InputErrorKind::Size,
                None,
                format!("expected {} cells for {s} boxes, found {count}", s.cells()),
            );
        }
        None => match Shape::for_cell_count(count) {
            Ok(s) => s,
            Err(e) => return error(InputErrorKind::Size, None, e.to_string()),
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
    let read = match ascii {
        true => digits(cells_text.bytes().map(char::from), alphabet, n, count),
        false => digits(cells_text.chars(), alphabet, n, count),
    };
    let cells = match read {
        Ok(cells) => cells,
        Err((i, c)) => {
            return error(
                InputErrorKind::Symbol,
                Some(first_column + i),
                format!("expected {}, found '{c}'", alphabet.describe(n)),
            );
        }
    };
    let grid = Grid::from_cells(shape, cells).expect("cell count and digits checked");
    Some(Ok(Case::new(grid, line)))
}

/// The digits of `symbols` (0 for an empty cell) in a grid of side `n`,
/// or the first symbol that is none, with its 0-based place.
fn digits(
    symbols: impl Iterator<Item = char>,
    alphabet: &Alphabet,
    n: usize,
    count: usize,
) -> Result<Vec<u8>, (usize, char)> {
    let mut cells = Vec::with_capacity(count);
    for (i, c) in symbols.enumerate() {
        cells.push(alphabet.value(c, n).ok_or((i, c))?);
    }
    Ok(cells)
}

/// The first word of a content line (up to the first character that
/// `ends` it) and its 1-based column; `None` for a blank line or a
/// comment (`#`). A CRLF line end is taken off.
pub(crate) fn first_word(text: &str, ends: impl Fn(char) -> bool) -> Option<(usize, &str)> {
    let text = text.trim_end_matches(['\n', '\r']);
    let start = text.len() - text.trim_start().len();
    let body = &text[start..];
    if body.is_empty() || body.starts_with('#') {
        return None;
    }
    let word = body.split(ends).next().unwrap_or("");
    Some((text[..start].chars().count() + 1, word))
}

/// What is wrong with a line's content at `column` (`None`: the line as a
/// whole).
pub(crate) fn line_error(
    kind: InputErrorKind,
    line: usize,
    column: Option<usize>,
    message: String,
) -> InputError {
    InputError {
        kind,
        header: false,
        line,
        column,
        message,
    }
}
