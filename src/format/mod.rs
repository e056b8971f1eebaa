//! Reading and writing puzzles. One file per format, each implementing
//! [`Format`]; [`ALL`] lists them, and drives `--format`, `--output`,
//! auto-detection ([`detect`]) and the documentation table.
//!
//! Invariants every format keeps:
//! - reading is streaming: a reader holds at most one case, and yields one
//!   item per case in input order, a [`Case`] or an [`InputError`] that
//!   says where (line, column) and what was expected; after an error it
//!   resynchronises on the next case instead of stopping;
//! - reading never panics, whatever the bytes;
//! - CRLF line ends, trailing spaces, a missing final newline and a
//!   byte-order mark are accepted by every reader;
//! - writing a case gives text that the same format reads back as the same
//!   grid (up to the normalisations listed in `docs/formats.md`).
//!
//! Adding a format is one new file and one line in [`ALL`].

mod block;
mod cells;
pub(crate) mod csv;
pub(crate) mod fpuzzles;
pub(crate) mod grid;
pub(crate) mod hdu1426;
pub(crate) mod hdu4069;
pub(crate) mod hdu5547;
pub(crate) mod jisuanke;
pub(crate) mod lanqiao;
pub(crate) mod leetcode;
pub(crate) mod line;
// The line format's cells and answers, which several formats share.
mod line_or_grid;
pub(crate) mod lzstring;
mod plain;
pub(crate) mod poj2676;
pub(crate) mod poj3074;
pub(crate) mod poj3076;
pub(crate) mod sudokupad;
pub(crate) mod sukaku;
// Plumbing of the text formats.
pub(crate) mod text;
pub(crate) mod uva989;
pub(crate) mod variant;
pub(crate) mod yzoj;

use std::fmt;
use std::io::BufRead;
use std::str::FromStr;
use std::sync::Arc;

use crate::sudoku::{Grid, MAX_N, Shape, Variant};

pub use sudokupad::rule_names;
pub use sukaku::write_marks;
use text::Head;

/// One puzzle read from an input, with the line where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The puzzle.
    pub grid: Grid,
    /// 1-based line number where the case starts.
    pub line: usize,
    /// A solution given with the puzzle (the second CSV column), to check.
    pub expected: Option<Grid>,
    /// The puzzle's rules when they are not plain Sudoku's (the `variant`
    /// and `hdu4069` formats); `None` is plain Sudoku of the grid's shape.
    pub variant: Option<Arc<Variant>>,
    /// What the puzzle says of itself (a SudokuPad link's title, author
    /// and rules text), shown by `--verbose`.
    pub about: Option<Arc<About>>,
}

/// A puzzle's title, setter and rules text, as its input gives them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct About {
    /// Its title.
    pub title: Option<String>,
    /// Its setter.
    pub author: Option<String>,
    /// Its rules, in the setter's words.
    pub rules: Option<String>,
}

impl Case {
    /// A plain Sudoku case with no given solution.
    pub fn new(grid: Grid, line: usize) -> Self {
        Self {
            grid,
            line,
            expected: None,
            variant: None,
            about: None,
        }
    }
}

/// An input as the readers take it.
pub(crate) type Reader<'a> = Box<dyn BufRead + 'a>;

/// The cases of one input, in order ([`Format::read`]).
pub(crate) type Cases<'a> = Box<dyn Iterator<Item = Result<Case, InputError>> + 'a>;

/// Options that some readers and writers use (the generic formats; the
/// judge formats have fixed sizes and symbols).
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Box shape, when the cell count does not decide it.
    pub shape: Option<Shape>,
    /// Digit symbols.
    pub alphabet: Alphabet,
    /// What `--rule` says of a SudokuPad link's drawings and words
    /// (`sudokupad::RULES` names).
    pub rules: Vec<String>,
}

/// Which solution a format's judge accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Rule {
    /// Any solution.
    Any,
    /// Only a unique one: several solutions count as none (Lanqiao).
    Unique,
    /// The lexicographically smallest, rows in reading order (UVa 989).
    Smallest,
}

/// Auto-detection, the part of a format that only [`detect`] calls. As a
/// supertrait of [`Format`] in a private module it seals that trait: the
/// formats are the ones [`ALL`] lists, and the trait can grow methods
/// without breaking a caller. `Head` and `Fit` are public in name only,
/// like the trait: no caller can name them, nor call `detect`.
mod sealed {
    pub use super::text::Head;

    /// How well the head of an input fits a format.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
    pub enum Fit {
        /// It does not.
        No,
        /// Nothing in it reads, but it looks like this format with mistakes
        /// (a line of 80 cells): chosen only when no format fits better and
        /// no other looks as plausible, so that its bad lines get this
        /// format's own errors rather than a refusal to guess.
        Plausible,
        /// A generic format (`line`, `grid`) could read it.
        Generic,
        /// A judge's own layout matches it.
        Specific,
    }

    /// How well a format fits the head of an input.
    pub trait Detect {
        /// How well the head of an input fits.
        fn detect(&self, head: &Head) -> Fit;
    }
}
use sealed::{Detect, Fit};

/// An input and output format (sealed: the formats are those of [`ALL`]).
pub trait Format: Detect + Sync {
    /// The name `--format` and `--output` take.
    fn name(&self) -> &'static str;
    /// One line for the documentation and `--help`.
    fn summary(&self) -> &'static str;
    /// A short example input (a case may be elided with `...`).
    fn example(&self) -> &'static str;
    /// The cases of `input`, in order: each a [`Case`] or what is wrong
    /// with it.
    fn read<'a>(
        &self,
        input: Box<dyn BufRead + 'a>,
        opts: &Options,
    ) -> Box<dyn Iterator<Item = Result<Case, InputError>> + 'a>;
    /// Whether the format can write grids of `shape`.
    fn holds(&self, shape: Shape) -> bool;
    /// Whether the writer spells digits with the `--alphabet` symbols.
    fn uses_alphabet(&self) -> bool {
        false
    }
    /// Which solutions the judge accepts.
    fn rule(&self) -> Rule {
        Rule::Any
    }
    /// The text of the solution of case `number` (1-based).
    fn solution(&self, number: usize, puzzle: &Grid, solution: &Grid, opts: &Options) -> String;
    /// The text of a puzzle of `dlx generate` (case `number`, 1-based),
    /// with its solution if given: by default the puzzle written as a grid
    /// (empty cells in the format's own way), then the separator and the
    /// solution as `dlx solve` writes it.
    fn puzzle(
        &self,
        number: usize,
        puzzle: &Grid,
        solution: Option<&Grid>,
        opts: &Options,
    ) -> String {
        let mut text = self.solution(number, puzzle, puzzle, opts);
        if let Some(solution) = solution {
            text.push_str(self.separator());
            text.push_str(&self.solution(number, puzzle, solution, opts));
        }
        text
    }
    /// What a case with no solution writes, if the format can say it.
    fn no_solution(&self, _number: usize, _puzzle: &Grid, _opts: &Options) -> Option<String> {
        None
    }
    /// What a case with several solutions writes when the judge accepts
    /// only a unique one ([`Rule::Unique`]); by default what a case with
    /// none writes.
    fn several_solutions(&self, number: usize, puzzle: &Grid, opts: &Options) -> Option<String> {
        self.no_solution(number, puzzle, opts)
    }
    /// What a malformed case writes, if the format can say it.
    fn bad_input(&self, _number: usize, _name: &str, _line: usize) -> Option<String> {
        None
    }
    /// What `dlx solve` writes for case `number` when a bound
    /// (`--max-nodes`) stopped its search before it was settled: not a
    /// claim that it has no solution. The judges' formats have no word
    /// for it and write nothing (standard error says what happened); the
    /// line-oriented formats write `# not settled: PUZZLE`.
    fn unsettled(&self, _number: usize, _puzzle: &Grid, _opts: &Options) -> Option<String> {
        None
    }
    /// What `dlx count` writes for case `number`.
    fn count(&self, number: usize, count: &str) -> String {
        plain_count(number, count)
    }
    /// Written between two cases' outputs of `dlx solve`.
    fn separator(&self) -> &'static str {
        ""
    }
    /// Whether this format writes links of whole cases, their rules too
    /// (`fpuzzles`, `sudokupad`), rather than grids: `dlx solve` and `dlx
    /// generate` then write each puzzle as a link ([`Format::link`]) with
    /// its solution.
    fn writes_links(&self) -> bool {
        false
    }
    /// The link of `case` with `solution` embedded when given, in a format
    /// that [writes links](Format::writes_links). Each link is read back
    /// before it is returned, so a rule it cannot hold is an error, never
    /// a link to another puzzle. The other formats say they write none.
    fn link(&self, _case: &Case, _solution: Option<&Grid>) -> Result<String, String> {
        Err(format!("the {} format writes no links", self.name()))
    }
    /// Whether the format writes a puzzle's rules beside its grid, so that
    /// what it writes reads back as the same variant (`line`, `variant`):
    /// `dlx generate` writes a variant only in such a format, or as a link.
    fn writes_rules(&self) -> bool {
        false
    }
}

/// The f-puzzles link of `case`, for `FPuzzles`' [`Format::link`]:
/// `sudokupad::write` writes both kinds of link (SudokuPad's is made from
/// f-puzzles' document), and `fpuzzles` cannot import it (it imports
/// `fpuzzles`).
pub(crate) fn fpuzzles_link(case: &Case, solution: Option<&Grid>) -> Result<String, String> {
    sudokupad::write::link(sudokupad::write::Link::FPuzzles, case, solution)
}

/// `# not settled: PUZZLE`, the [`Format::unsettled`] line of the
/// formats that write one.
pub(crate) fn not_settled(puzzle: &Grid, opts: &Options) -> String {
    format!("# not settled: {}\n", opts.alphabet.write_line(puzzle))
}

/// The plain count layout, `case N: COUNT`, of formats that have none.
pub(crate) fn plain_count(number: usize, count: &str) -> String {
    format!("case {number}: {count}\n")
}

/// Every format, in the order of the documentation.
pub static ALL: &[&dyn Format] = &[
    &hdu1426::HDU1426,
    &hdu5547::HDU5547,
    &hdu4069::Hdu4069,
    &lanqiao::LANQIAO,
    &jisuanke::JISUANKE,
    &poj2676::POJ2676,
    &poj3074::Poj3074,
    &poj3076::POJ3076,
    &uva989::Uva989,
    &leetcode::Leetcode,
    &yzoj::YZOJ,
    &line::Line,
    &grid::GridFormat,
    &csv::Csv,
    &variant::VariantFormat,
    &fpuzzles::FPuzzles,
    &sudokupad::SudokuPad,
    &sukaku::Sukaku,
];

/// Reads one puzzle line (`line` is its 1-based number, for messages) as
/// the command line's detection would: pencil marks in the Sukaku format
/// where its first word has `m³` symbols and reads as marks (with `shape`
/// given, where it has `n³`), else the line format, with the variant
/// format's fields when it names one. `None` for a blank or comment line.
pub fn parse_puzzle_line(
    text: &str,
    line: usize,
    shape: Option<Shape>,
    alphabet: &Alphabet,
) -> Option<Result<Case, InputError>> {
    let word = text.split_whitespace().next().unwrap_or("");
    let marks = match shape {
        Some(s) => s.n().pow(3) == word.chars().count(),
        None => sukaku::reading(word) == sukaku::Reading::Marks,
    };
    match marks {
        true => sukaku::parse_line(text, line, shape, alphabet),
        false => line::parse_line(text, line, shape, alphabet),
    }
}

/// The format called `name`.
pub fn by_name(name: &str) -> Option<&'static dyn Format> {
    ALL.iter().copied().find(|f| f.name() == name)
}

/// Every format's name, in the order of [`ALL`].
fn names() -> Vec<&'static str> {
    ALL.iter().map(|f| f.name()).collect()
}

/// Why auto-detection could not choose.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DetectError {
    /// The input could not be read (before any line that is not blank).
    #[error("cannot read: {0}")]
    Read(String),
    /// No format fits.
    #[error("cannot tell the format of the input; name it with --format (one of {})", names().join(", "))]
    Unknown,
    /// Several fit equally well.
    #[error("the input fits several formats ({}); choose one with --format", .0.join(", "))]
    Ambiguous(Vec<&'static str>),
    /// Only `line` and `grid` fit, and the head reads as well both ways
    /// (see `line_or_grid`): each line is a puzzle of that many cells and
    /// a row of a grid of that side.
    #[error(
        "the input fits several formats (line, grid): each line reads as well as a puzzle of {0} cells as it does as a row of a {0}x{0} grid; choose one with --format"
    )]
    LineOrGrid(usize),
}

/// The format of `input`, told from its first lines (at most 400 lines
/// that are not blank, or 64 KiB), with a reader that gives the whole
/// input again, those lines included; `None` when it holds no puzzle
/// (blank, or comment lines only). The format is the one judge layout
/// that matches, or failing that the one generic format that reads it;
/// when only the two generic formats `line` and `grid` fit, the whole head
/// is read both ways and the cleaner reading, or failing that the layout,
/// decides (the rule is in `line_or_grid`). An input that is still
/// ambiguous is refused, as is one whose first read fails before a line
/// that is not blank.
pub fn detect<'a>(
    input: Reader<'a>,
) -> Result<Option<(&'static dyn Format, Reader<'a>)>, DetectError> {
    let (head, input) = Head::peek(input);
    if let Some(e) = &head.error
        && head.content().next().is_none()
    {
        return Err(DetectError::Read(e.clone()));
    }
    if head.complete && head.content().all(|l| l.trim_start().starts_with('#')) {
        return Ok(None);
    }
    Ok(Some((best_fit(&head)?, input)))
}

/// The format that fits `head` best (see [`detect`]).
fn best_fit(head: &Head) -> Result<&'static dyn Format, DetectError> {
    let fits: Vec<(Fit, &'static dyn Format)> = ALL.iter().map(|f| (f.detect(head), *f)).collect();
    let best = fits.iter().map(|(fit, _)| *fit).max().unwrap_or(Fit::No);
    if best == Fit::No {
        return Err(DetectError::Unknown);
    }
    let chosen: Vec<&'static dyn Format> = fits
        .iter()
        .filter(|(fit, _)| *fit == best)
        .map(|(_, f)| *f)
        .collect();
    let names: Vec<&'static str> = chosen.iter().map(|f| f.name()).collect();
    let generic_pair = names.len() == 2 && names.contains(&"line") && names.contains(&"grid");
    if best == Fit::Generic && generic_pair {
        let side = grid::side(head).unwrap_or(0);
        return match line_or_grid::choose(head, side) {
            line_or_grid::Choice::Line => Ok(&line::Line),
            line_or_grid::Choice::Grid => Ok(&grid::GridFormat),
            line_or_grid::Choice::Unsure => Err(DetectError::LineOrGrid(side)),
        };
    }
    match chosen.as_slice() {
        [one] => Ok(*one),
        _ => Err(DetectError::Ambiguous(names)),
    }
}

/// A malformed case: what kind of mistake, where, and what was expected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub struct InputError {
    /// What kind of mistake it is, for a caller to branch on (the
    /// message says it in words).
    pub kind: InputErrorKind,
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters), when one character is to blame.
    pub column: Option<usize>,
    /// What was wrong and what was expected.
    pub message: String,
    /// Whether the error is in a header (a count line) rather than a
    /// case: it is reported but takes no case number.
    pub header: bool,
}

/// What kind of mistake an [`InputError`] is; new kinds may come with new
/// formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum InputErrorKind {
    /// The input could not be read (an I/O error); reading stops there.
    Read,
    /// Bytes that are no line of text: invalid UTF-8, a carriage return
    /// inside a line, or a line far longer than any puzzle.
    Text,
    /// A character or word the format does not take where it stands: a
    /// symbol that is no digit of the grid, a number out of range, a
    /// bracket or separator out of place. The column points at it.
    Symbol,
    /// A row or case of the wrong number of cells, rows or pencil marks,
    /// or a number of cells that makes no Sudoku size.
    Size,
    /// The input ended inside a case, or before the cases its count line
    /// announced.
    Truncated,
    /// A line that should give the number of cases or the box size does
    /// not.
    Header,
    /// Input after the cases the count line announced, which is not read.
    Trailing,
    /// The alphabet (`--alphabet`) has no symbols for the grid's digits.
    Alphabet,
    /// The puzzle's rules do not read or make no puzzle: a field of a
    /// variant line, the walls of an HDU 4069 grid.
    Rules,
    /// A puzzle document that does not read: f-puzzles' JSON or an
    /// f-puzzles or SudokuPad link (its compression, its JSON, or rules
    /// its reader cannot take).
    Document,
}

impl InputError {
    /// A row of line `line` with `found` cells where `expected` were due.
    pub(crate) fn cell_count(line: usize, expected: usize, found: usize) -> Self {
        Self {
            kind: InputErrorKind::Size,
            header: false,
            line,
            column: None,
            message: format!("expected {expected} cells, found {found}"),
        }
    }

    /// A case starting at line `line` cut off by the end of the input after
    /// `found` of its `expected` rows.
    pub(crate) fn truncated(line: usize, expected: usize, found: usize) -> Self {
        Self {
            kind: InputErrorKind::Truncated,
            header: false,
            line,
            column: None,
            message: format!("expected {expected} rows, found the end of the input after {found}"),
        }
    }
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
/// `0123456789ABCDEF` (parsed from its symbols: `"0123456789ABCDEF".parse()`)
/// gives the symbols of `1..=n` in order; `0` then is a digit, and only
/// `.` and `_` are empty.
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

/// A custom alphabet (`--alphabet`): the characters of the text stand
/// for `1, 2, ...` in order. An error says why the text is none: a
/// reserved character (`.`, `_`, `#`, `:`, whitespace), one given twice,
/// or more than 64 of them (or none).
impl FromStr for Alphabet {
    type Err = String;

    fn from_str(symbols: &str) -> Result<Self, String> {
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
}

impl Alphabet {
    /// The digit (`1..=n`) that `c` stands for, `Some(0)` for an empty cell,
    /// or `None` if `c` means nothing in a grid of side `n`.
    pub(crate) fn value(&self, c: char, n: usize) -> Option<u8> {
        if c == '.' || c == '_' || (c == '0' && !self.custom) {
            return Some(0);
        }
        if !self.custom
            && let Some(d) = c.to_digit(10)
        {
            // The standard alphabet's first nine symbols are `1` to `9`:
            // no search for the common case.
            return (d as usize <= n).then_some(d as u8);
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
    pub(crate) fn symbol(&self, d: u8) -> char {
        match d {
            0 => '.',
            d => self.symbols.get(d as usize - 1).copied().unwrap_or('?'),
        }
    }

    /// The symbols of the digits in `mask` (bit `d - 1` for digit `d`,
    /// digits `1..=n`), ascending: a cell's candidates as one word.
    pub fn symbols_of(&self, mask: u64, n: usize) -> String {
        (0..n)
            .filter(|&d| mask >> d & 1 == 1)
            .map(|d| self.symbol(d as u8 + 1))
            .collect()
    }

    /// Whether this is a custom alphabet (`--alphabet`).
    pub(crate) fn is_custom(&self) -> bool {
        self.custom
    }

    /// Whether the alphabet has symbols for every digit of side `n`.
    pub fn covers(&self, n: usize) -> bool {
        self.symbols.len() >= n
    }

    /// A description of the digits of side `n`, for error messages.
    pub(crate) fn describe(&self, n: usize) -> String {
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

    /// The first error `format` gives of `input` read with `opts`: checks
    /// its kind, line and column, and that its message starts with
    /// `message`.
    fn check(format: &str, input: impl AsRef<[u8]>, opts: &Options, want: Want) {
        let input = input.as_ref().to_vec();
        let e = by_name(format)
            .unwrap()
            .read(Box::new(std::io::Cursor::new(input)), opts)
            .find_map(Result::err)
            .unwrap_or_else(|| panic!("{format}: no error"));
        let (kind, line, column, message) = want;
        assert_eq!(
            (e.kind, e.line, e.column),
            (kind, line, column),
            "{format}: {e}"
        );
        assert!(e.message.starts_with(message), "{format}: {e}");
    }

    /// An input error's kind, line, column and the start of its message.
    type Want = (InputErrorKind, usize, Option<usize>, &'static str);

    /// An input whose reading fails after `self.0`.
    struct Failing(&'static [u8]);

    impl std::io::Read for Failing {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            match self.0.is_empty() {
                true => Err(std::io::Error::other("disk on fire")),
                false => std::io::Read::read(&mut self.0, buf),
            }
        }
    }

    #[test]
    fn input_errors_say_their_kind_and_where() {
        use InputErrorKind as K;
        const P: &str =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let std = &Options::default();
        let (x, digit) = (format!("{}x", &P[..80]), "expected a digit 1-9 or '.', '0'");
        check("line", x, std, (K::Symbol, 1, Some(81), digit));
        let size = "12 cells is not a Sudoku size";
        check("line", "\n123456789012", std, (K::Size, 2, None, size));
        let four = "0123".parse().unwrap();
        let four = &Options {
            alphabet: four,
            ..Options::default()
        };
        let alphabet = "the alphabet has no symbols for 9 digits";
        check("line", P, four, (K::Alphabet, 1, None, alphabet));
        let regions = "expected 81 symbols, one per cell, found 2";
        let field = format!("{P} regions=ab");
        check("line", field, std, (K::Rules, 1, Some(91), regions));
        check(
            "line",
            b"1234\xff",
            std,
            (K::Text, 1, Some(5), "invalid UTF-8"),
        );
        let rows = "expected 9 rows, found the end of the input after 2";
        check(
            "grid",
            "123456789\n123456789",
            std,
            (K::Truncated, 1, None, rows),
        );
        let count = "expected the number of cases, found 'two'";
        check("poj2676", "two", std, (K::Header, 1, Some(1), count));
        let more = "expected the end of the input after the 1 case";
        let past = format!("1\n{}extra", "123456789\n".repeat(9));
        check("poj2676", past, std, (K::Trailing, 11, None, more));
        let rows = "expected 9 rows, found the end of the input after 1";
        check(
            "poj2676",
            "2\n123456789",
            std,
            (K::Truncated, 2, None, rows),
        );
        let quoted = "expected a digit 1-9 or '.' in quotes, found 'x'";
        check(
            "leetcode",
            r#"[["5","x"]]"#,
            std,
            (K::Symbol, 1, Some(8), quoted),
        );
        let numbers = "expected 9 numbers, found 3";
        check("hdu4069", "1\n1 2 3", std, (K::Size, 2, None, numbers));
        check(
            "fpuzzles",
            r#"{"grid": 3}"#,
            std,
            (K::Document, 1, None, ""),
        );
        let link = "https://sudokupad.app/sclnotapuzzle";
        check("sudokupad", link, std, (K::Document, 1, None, ""));
        let input = std::io::BufReader::new(Failing(b"\n"));
        let e = by_name("line").unwrap().read(Box::new(input), std).next();
        let e = e.unwrap().unwrap_err();
        assert_eq!((e.kind, e.line, e.column), (K::Read, 2, None));
        assert_eq!(e.to_string(), "line 2: cannot read: disk on fire");
    }

    #[test]
    fn detection_says_empty_unreadable_or_which_format() {
        let blank: &[u8] = b"\n  \n# a comment\n";
        assert!(detect(Box::new(blank)).unwrap().is_none());
        let broken = Box::new(std::io::BufReader::new(Failing(b"")));
        let e = detect(broken).err().expect("a read error");
        assert_eq!(e, DetectError::Read("disk on fire".into()));
        assert_eq!(e.to_string(), "cannot read: disk on fire");
        let line = format!("# a comment\n{}\n", ".".repeat(81));
        let (f, mut input) = detect(Box::new(line.as_bytes())).unwrap().unwrap();
        assert_eq!(f.name(), "line");
        let mut all = String::new();
        input.read_to_string(&mut all).unwrap();
        assert_eq!(all, line, "the head is replayed");
        let neither = b"hello\nworld\n";
        assert_eq!(
            detect(Box::new(&neither[..])).err(),
            Some(DetectError::Unknown)
        );
    }

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
        let hex: Alphabet = "0123456789ABCDEF".parse().unwrap();
        assert_eq!(hex.value('0', 16), Some(1));
        assert_eq!(hex.value('F', 16), Some(16));
        assert_eq!(hex.value('.', 16), Some(0));
        assert_eq!(hex.symbol(1), '0');
        assert!("0012".parse::<Alphabet>().is_err());
        assert!("12.".parse::<Alphabet>().is_err());
    }
}
