//! The common line format: one puzzle a line, `n^2` cell symbols in
//! reading order (see [`Alphabet`]), the size inferred from the count
//! (16, 36, 64, 81, 144, 256, 625, ...) unless a box shape is given.
//! Blank lines and lines starting with `#` are skipped; whatever follows
//! the cells after whitespace or `:` is a comment (so the
//! `puzzle:count:solution` lines of tdoku's test file read as puzzles),
//! unless it carries a rule: a line with a word of the variant format's
//! fields after its cells (`x`, `hyper`, `box=`, `regions=`, `cages=`,
//! `sums=`, before any `#`) is read by the variant reader
//! ([`super::variant::parse`]), so it is solved under its rules or
//! refused with that reader's message, never solved without them.
//! A byte-order mark and CRLF line ends are accepted.

//!
//! Output: one line per case, always: the solution, `# no solution:
//! PUZZLE`, or `# bad input: FILE line N` (details on standard error), so
//! output lines match input puzzles one to one; `dlx count` prints the
//! count alone; `dlx generate` writes `PUZZLE` or `PUZZLE SOLUTION`.

use std::io::BufRead;

use super::plain::{self, parse_cells};
use super::text::Lines;
use super::variant;
use super::{Alphabet, Case, Cases, Detect, Fit, Format, Head, InputError, Options};
use crate::sudoku::{Grid, Shape};

/// The line format.
pub(crate) struct Line;

impl Format for Line {
    fn writes_rules(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        "line"
    }
    fn summary(&self) -> &'static str {
        "one puzzle a line, n² cells, `.`/`0`/`_` empty; text after the cells is a comment, unless it holds a field of `variant` (then the line is `variant`'s)"
    }
    fn example(&self) -> &'static str {
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    }
    fn read<'a>(&self, input: Box<dyn BufRead + 'a>, opts: &Options) -> Cases<'a> {
        Box::new(Reader::new(input, opts.shape, opts.alphabet.clone()))
    }
    fn uses_alphabet(&self) -> bool {
        true
    }
    fn holds(&self, shape: Shape) -> bool {
        plain::holds(shape)
    }
    fn solution(&self, _: usize, _: &Grid, solution: &Grid, opts: &Options) -> String {
        plain::solution(solution, opts)
    }
    /// `PUZZLE` or `PUZZLE SOLUTION`: one line, which this format reads
    /// back as the puzzle (the solution is a comment).
    fn puzzle(&self, _: usize, puzzle: &Grid, solution: Option<&Grid>, opts: &Options) -> String {
        match solution {
            Some(s) => format!(
                "{} {}\n",
                opts.alphabet.write_line(puzzle),
                opts.alphabet.write_line(s)
            ),
            None => format!("{}\n", opts.alphabet.write_line(puzzle)),
        }
    }
    plain::line_messages!();
}

impl Detect for Line {
    fn detect(&self, head: &Head) -> Fit {
        // Most lines must read as puzzles: a few malformed lines in a line
        // file are reported one by one, not a reason to give up on it.
        let alphabet = Alphabet::default();
        let (mut good, mut bad) = (0, 0);
        for (i, text) in head.lines.iter().enumerate() {
            match parse_line(text, i + 1, None, &alphabet) {
                None => continue,
                Some(Ok(case)) if case.grid.n() >= 4 => good += 1,
                Some(_) => bad += 1,
            }
            if good == 5 {
                break;
            }
        }
        match (good, bad) {
            // Mostly puzzles, or as many puzzles as bad lines (a two-line
            // file with one typo): a line file.
            (g, b) if g > 0 && g >= b => Fit::Generic,
            _ if looks_like_lines(head) => Fit::Plausible,
            _ => Fit::No,
        }
    }
}

/// The fewest symbols a line's first word has for [`looks_like_lines`]:
/// as many as the smallest puzzle above 3x3 (4x4, 16 cells) has cells,
/// and more than most rows of a grid.
const PLAUSIBLE_CELLS: usize = 16;

/// Whether a head in which no line reads as a puzzle still looks like a
/// line file with mistakes: at most three content lines, each starting
/// with one word of at least [`PLAUSIBLE_CELLS`] symbols that are not
/// punctuation of another layout (`[`, `,`, `"`). Such an input gets the
/// line reader's errors (`80 cells is not a Sudoku size`) instead of
/// `cannot tell the format`.
fn looks_like_lines(head: &Head) -> bool {
    let lines: Vec<&str> = head.content().take(4).collect();
    (1..=3).contains(&lines.len())
        && lines.iter().all(|text| {
            let word = text.split(|c: char| c.is_whitespace() || c == ':').next();
            word.is_some_and(|w| {
                w.chars().count() >= PLAUSIBLE_CELLS && !w.contains(['[', ',', '"', '#'])
            })
        })
}

/// Reads puzzles one line at a time from `input`.
pub(crate) struct Reader<R> {
    lines: Lines<R>,
    shape: Option<Shape>,
    alphabet: Alphabet,
}

impl<R: BufRead> Reader<R> {
    /// A reader; `shape` fixes the box shape instead of inferring it.
    pub(crate) fn new(input: R, shape: Option<Shape>, alphabet: Alphabet) -> Self {
        Self {
            lines: Lines::new(input),
            shape,
            alphabet,
        }
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<Case, InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let (line, text) = match self.lines.next_line()? {
                Ok(l) => l,
                Err(e) => return Some(Err(e)),
            };
            if let Some(parsed) = parse_line(&text, line, self.shape, &self.alphabet) {
                return Some(parsed);
            }
        }
    }
}

/// Parses one line: `None` for a blank or comment line, else the puzzle or
/// what is wrong with it. A line whose words after the cells include a
/// field of the variant format is that format's
/// (`variant::names_a_field`): read with its rules, or refused.
pub fn parse_line(
    text: &str,
    line: usize,
    shape: Option<Shape>,
    alphabet: &Alphabet,
) -> Option<Result<Case, InputError>> {
    if variant::names_a_field(text) {
        return variant::parse(text, line, shape, alphabet);
    }
    parse_cells(text, line, shape, alphabet)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Vec<Result<Case, InputError>> {
        Reader::new(text.as_bytes(), None, Alphabet::default()).collect()
    }

    #[test]
    fn reads_puzzles_skipping_comments_and_blanks() {
        let nine = "1".repeat(81);
        let text = format!(
            "\u{feff}# a comment\n\n{}\r\n  {}:3:solution\n{} a remark\n{}",
            ".".repeat(16),
            "0".repeat(36),
            nine,
            "_".repeat(81)
        );
        let cases = read(&text);
        let lines: Vec<_> = cases.iter().map(|c| c.as_ref().unwrap().line).collect();
        assert_eq!(lines, [3, 4, 5, 6]);
        let sides: Vec<_> = cases.iter().map(|c| c.as_ref().unwrap().grid.n()).collect();
        assert_eq!(sides, [4, 6, 9, 9]);
    }

    #[test]
    fn errors_say_line_column_and_what_was_expected() {
        let mut bad = ".".repeat(81);
        bad.replace_range(6..7, "x");
        let cases = read(&format!("{}\n\n{bad}\n", ".".repeat(80)));
        assert_eq!(
            cases[0].as_ref().unwrap_err().to_string(),
            "line 1: 80 cells is not a Sudoku size (expected n*n cells: 16, 36, 64, 81, 144, 256, 625, ...)"
        );
        assert_eq!(
            cases[1].as_ref().unwrap_err().to_string(),
            "line 3, column 7: expected a digit 1-9 or '.', '0' or '_' for empty, found 'x'"
        );
        let with_box = Reader::new("1234\n".as_bytes(), Some(Shape::NINE), Alphabet::default())
            .next()
            .unwrap();
        assert_eq!(
            with_box.unwrap_err().to_string(),
            "line 1: expected 81 cells for 3x3 boxes, found 4"
        );
        let invalid = read_bytes(b"12\xff4\n");
        assert_eq!(
            invalid.unwrap_err().to_string(),
            "line 1, column 3: invalid UTF-8"
        );
    }

    fn read_bytes(bytes: &[u8]) -> Result<Case, InputError> {
        Reader::new(bytes, None, Alphabet::default())
            .next()
            .unwrap()
    }

    #[test]
    fn box_flag_decides_other_shapes() {
        let shape = "3x2".parse().unwrap();
        let case = Reader::new(".".repeat(36).as_bytes(), Some(shape), Alphabet::default())
            .next()
            .unwrap()
            .unwrap();
        assert_eq!(case.grid.shape(), shape);
    }
}
