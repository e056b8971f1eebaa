//! The variant line format: one puzzle a line, the cells exactly as in
//! the line format (`n²` symbols, `.`, `0` or `_` empty), then
//! whitespace-separated fields, in any order, that give the rules
//! (docs/variants.md):
//!
//! * `box=RxC`: the box shape, `R` rows by `C` columns, for a grid whose
//!   side has several (`box=3x2` for a 6x6 grid of 3-row boxes; without it
//!   the cell count decides, as in the line format: 36 cells are 2x3).
//!   With `--box` the two must agree.
//! * `regions=SYMBOLS`: `n²` symbols, one per cell in reading order; cells
//!   with the same symbol form a region, and the `n` regions of `n` cells
//!   replace the boxes (jigsaw). Any character but whitespace, `=` and `,`
//!   can be a symbol.
//! * `x`: the two main diagonals hold every digit once.
//! * `hyper`: the four windows of rows 2-4 and 6-8 by columns 2-4 and 6-8
//!   hold every digit once (9x9 only).
//! * `cages=SYMBOLS`: `n²` symbols, `.` for a cell in no cage; cells with
//!   the same symbol form a killer cage. `sums=L:S,L:S,...` gives each
//!   cage's sum, and every cage needs one.
//! * `#` starts a comment that runs to the end of the line.
//!
//! A line with no fields is plain Sudoku. Every rule is checked as the
//! line is read, so a line whose rules cannot be (regions of the wrong
//! size or number, a cage with no sum or a sum with no cage, a sum no set
//! of different digits makes, `hyper` off 9x9, an unknown field, a given
//! that breaks its cage) is a bad case with its line and column, and the
//! next line is read as usual.
//!
//! Output is that of the line format: the solution as one line, `# no
//! solution: CELLS`, or `# bad input: FILE line N`; `dlx count` prints the
//! count alone.

use std::io::BufRead;
use std::sync::Arc;

use super::plain::{self, parse_cells};
use super::text::Lines;
use super::{
    Alphabet, Case, Cases, Detect, Fit, Format, Head, InputError, InputErrorKind, Options,
};
use crate::sudoku::{Grid, Shape, Variant, VariantError};

/// The variant line format.
pub(crate) struct VariantFormat;

impl Format for VariantFormat {
    fn writes_rules(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        "variant"
    }
    fn summary(&self) -> &'static str {
        "one puzzle a line: the cells as in `line`, then `regions=...` (jigsaw), `x`, `hyper`, `cages=... sums=A:9,...` (killer), in any order and combination"
    }
    fn example(&self) -> &'static str {
        "......... (81 cells) x regions=aaabbbccc... cages=AABBBCCDD... sums=A:9,B:17,..."
    }
    fn read<'a>(&self, input: Box<dyn BufRead + 'a>, opts: &Options) -> Cases<'a> {
        Box::new(Reader {
            lines: Lines::new(input),
            shape: opts.shape,
            alphabet: opts.alphabet.clone(),
        })
    }
    // Output is the line format's, so a variant file's output reads as
    // one (the rules are not written back).
    plain::line_answers!();
}

impl Detect for VariantFormat {
    fn detect(&self, head: &Head) -> Fit {
        if head.content().take(20).any(has_fields) {
            Fit::Specific
        } else {
            Fit::No
        }
    }
}

/// The fields of a variant line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Box,
    Regions,
    X,
    Hyper,
    Cages,
    Sums,
}

impl Field {
    /// The field a word is, if any (by its name alone).
    fn of(word: &str) -> Option<Field> {
        match word {
            "x" => Some(Field::X),
            "hyper" => Some(Field::Hyper),
            _ if word.starts_with("box=") => Some(Field::Box),
            _ if word.starts_with("regions=") => Some(Field::Regions),
            _ if word.starts_with("cages=") => Some(Field::Cages),
            _ if word.starts_with("sums=") => Some(Field::Sums),
            _ => None,
        }
    }
}

/// Reads variant puzzles one line at a time.
struct Reader<R> {
    lines: Lines<R>,
    shape: Option<Shape>,
    alphabet: Alphabet,
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<Case, InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let (line, text) = match self.lines.next_line()? {
                Ok(l) => l,
                Err(e) => return Some(Err(e)),
            };
            if let Some(parsed) = parse(&text, line, self.shape, &self.alphabet) {
                return Some(parsed);
            }
        }
    }
}

/// The words of `text` with their 1-based columns (in characters).
pub(super) fn words(text: &str) -> Vec<(usize, &str)> {
    let mut words = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    let mut column = 0;
    for (i, c) in text.char_indices() {
        column += 1;
        match (c.is_whitespace(), start) {
            (true, Some((col, from))) => {
                words.push((col, &text[from..i]));
                start = None;
            }
            (false, None) => start = Some((column, i)),
            _ => {}
        }
    }
    if let Some((col, from)) = start {
        words.push((col, &text[from..]));
    }
    words
}

/// The words after the cells of `text`, up to a `#` comment (split at
/// whitespace, as this reader splits them); `None` for a blank or comment
/// line.
fn words_after_cells(text: &str) -> Option<impl Iterator<Item = &str>> {
    let mut words = text.split_whitespace();
    let cells = words.next()?;
    (!cells.starts_with('#')).then(|| words.take_while(|w| !w.starts_with('#')))
}

/// Whether any word after the cells of `text` is a field of this format:
/// what makes the line reader hand a line to this one
/// ([`super::line::parse_line`]), so that no rule written on a line is
/// ever taken for a comment.
pub fn names_a_field(text: &str) -> bool {
    words_after_cells(text).is_some_and(|mut words| words.any(|w| Field::of(w).is_some()))
}

/// Whether `text` is a line of this format: cells followed by at least one
/// field, every word after the cells (up to a `#` comment) a field, so that
/// a comment after a puzzle of the line format is not taken for rules.
pub(crate) fn has_fields(text: &str) -> bool {
    words_after_cells(text).is_some_and(|words| {
        let mut seen = false;
        for w in words {
            if Field::of(w).is_none() {
                return false;
            }
            seen = true;
        }
        seen
    })
}

/// Parses one line: `None` for a blank or comment line, else the puzzle
/// with its rules or what is wrong with it.
pub fn parse(
    text: &str,
    line: usize,
    shape: Option<Shape>,
    alphabet: &Alphabet,
) -> Option<Result<Case, InputError>> {
    let text = text.trim_end_matches(['\n', '\r']);
    let words = words(text);
    let (first_column, cells) = *words.first()?;
    if cells.starts_with('#') {
        return None;
    }
    let error = |(column, message): Located| {
        Some(Err(InputError {
            kind: InputErrorKind::Rules,
            header: false,
            line,
            column: Some(column),
            message,
        }))
    };
    // The box shape first, which the cells are read in.
    let shape = match box_shape(&words[1..], cells, shape) {
        Ok(shape) => shape,
        Err(e) => return error(e),
    };
    // The cells, read by the line format itself (its columns are those of
    // this line: the text up to the end of the cells).
    let cells_end = text.len() - text.trim_start().len() + cells.len();
    let mut case = match parse_cells(&text[..cells_end], line, shape, alphabet)? {
        Ok(case) => case,
        Err(e) => return Some(Err(e)),
    };
    let variant = read_fields(&words[1..], case.grid.n())
        .and_then(|fields| fields.variant(&case.grid, first_column));
    match variant {
        Ok(variant) if !variant.is_plain() => case.variant = Some(Arc::new(variant)),
        Ok(_) => {}
        Err(e) => return error(e),
    }
    Some(Ok(case))
}

/// A column of the line and what is wrong there.
type Located = (usize, String);

/// The box shape the cells are read in: `box=RxC` among the words after
/// the cells (up to a comment), which must fit the cells' count and agree
/// with `--box` (`flag`) where both are given; `flag` without it.
fn box_shape(
    words: &[(usize, &str)],
    cells: &str,
    flag: Option<Shape>,
) -> Result<Option<Shape>, Located> {
    let mut shape = flag;
    for &(column, word) in words.iter().take_while(|(_, w)| !w.starts_with('#')) {
        let Some(value) = word.strip_prefix("box=") else {
            continue;
        };
        let value_column = column + 4;
        let given: Shape = value
            .parse()
            .map_err(|e| (value_column, format!("box={value}: {e}")))?;
        let count = cells.split(':').next().unwrap_or(cells).chars().count();
        if count != given.cells() {
            let n = given.n();
            return Err((
                value_column,
                format!(
                    "box={given} makes a {n}x{n} grid of {} cells, the line has {count}",
                    given.cells()
                ),
            ));
        }
        match shape {
            Some(flag) if flag != given => {
                return Err((
                    value_column,
                    format!("box={given} contradicts the box shape {flag} given with --box"),
                ));
            }
            _ => shape = Some(given),
        }
    }
    Ok(shape)
}

/// The rules a line's fields give, each value with the column it starts
/// at, as read before any is checked against the others.
#[derive(Default)]
struct Fields {
    regions: Option<(usize, Vec<char>)>,
    cages: Option<(usize, Vec<Option<char>>)>,
    sums: Option<(usize, Vec<SumEntry>)>,
    hyper_column: Option<usize>,
    x: bool,
}

/// The fields among the words after the cells of an `n`x`n` grid, up to
/// a comment: each a known field, given once, its symbols one per cell.
fn read_fields(words: &[(usize, &str)], n: usize) -> Result<Fields, Located> {
    let mut fields = Fields::default();
    let mut seen: Vec<Field> = Vec::new();
    for &(column, word) in words {
        if word.starts_with('#') {
            break;
        }
        let Some(field) = Field::of(word) else {
            return Err((
                column,
                format!(
                    "expected a field (box=, regions=, cages=, sums=, x or hyper), found '{word}'"
                ),
            ));
        };
        if seen.contains(&field) {
            let name = word.split('=').next().unwrap_or(word);
            return Err((column, format!("the field {name} is given twice")));
        }
        seen.push(field);
        let value = word.split_once('=').map_or("", |(_, v)| v);
        let value_column = column + word.chars().count() - value.chars().count();
        match field {
            // Read before the cells: box_shape.
            Field::Box => {}
            Field::X => fields.x = true,
            Field::Hyper => fields.hyper_column = Some(column),
            Field::Regions => {
                fields.regions = Some((value_column, symbols(value, value_column, n)?))
            }
            Field::Cages => {
                let labels = symbols(value, value_column, n)?
                    .iter()
                    .map(|&c| (c != '.').then_some(c))
                    .collect();
                fields.cages = Some((value_column, labels));
            }
            Field::Sums => fields.sums = Some((value_column, parse_sums(value, value_column)?)),
        }
    }
    Ok(fields)
}

/// The symbols of `regions=` or `cages=` (the value starting at `column`):
/// one per cell of an `n`x`n` grid, none of them `=` or `,`.
fn symbols(value: &str, column: usize, n: usize) -> Result<Vec<char>, Located> {
    let symbols: Vec<char> = value.chars().collect();
    if let Some(i) = symbols.iter().position(|&c| c == '=' || c == ',') {
        return Err((
            column + i,
            format!("'{}' cannot be a region or cage symbol", symbols[i]),
        ));
    }
    if symbols.len() != n * n {
        return Err((
            column,
            format!(
                "expected {} symbols, one per cell, found {}",
                n * n,
                symbols.len()
            ),
        ));
    }
    Ok(symbols)
}

impl Fields {
    /// The rules of `grid`, each checked as it is added; an error points
    /// at the cell or entry to blame (a given that breaks its cage at the
    /// cell of the cells' word, which starts at `cells_column`).
    fn variant(&self, grid: &Grid, cells_column: usize) -> Result<Variant, Located> {
        let at_cell = |base: usize, e: &VariantError| e.cell().map_or(base, |cell| base + cell);
        let mut variant = Variant::plain(grid.shape());
        if let Some((column, labels)) = &self.regions {
            variant = variant
                .with_regions(labels)
                .map_err(|e| (at_cell(*column, &e), e.to_string()))?;
        }
        if self.x {
            variant = variant.with_diagonals();
        }
        if let Some(column) = self.hyper_column {
            variant = variant
                .with_windows()
                .map_err(|e| (column, e.to_string()))?;
        }
        match (&self.cages, &self.sums) {
            (None, None) => {}
            (None, Some((column, _))) => {
                return Err((*column, "sums= without cages= (expected both)".into()));
            }
            (Some((column, labels)), sums) => {
                let list = sums.as_ref().map_or(&[][..], |(_, l)| l.as_slice());
                let pairs: Vec<(char, u32)> = list.iter().map(|&(_, l, s)| (l, s)).collect();
                variant = variant.with_cages(labels, &pairs).map_err(|e| match e {
                    VariantError::StraySum { index, .. } => (list[index].0, e.to_string()),
                    e => (at_cell(*column, &e), e.to_string()),
                })?;
                variant
                    .check_givens(grid)
                    .map_err(|e| (at_cell(cells_column, &e), e.to_string()))?;
            }
        }
        Ok(variant)
    }
}

/// One entry of `sums=`: its column, the cage symbol and the sum.
type SumEntry = (usize, char, u32);

/// Reads `L:S,L:S,...` (the value of `sums=` starting at `column`): each
/// entry's column, label and sum, or the column and message of the first
/// malformed entry.
fn parse_sums(value: &str, column: usize) -> Result<Vec<SumEntry>, Located> {
    let mut list = Vec::new();
    let mut at = column;
    for entry in value.split(',') {
        let mut chars = entry.chars();
        let label = chars.next();
        let rest = chars.as_str();
        let sum = rest.strip_prefix(':').and_then(|s| s.parse::<u32>().ok());
        match (label, sum) {
            (Some(label), Some(sum)) if label != '.' => list.push((at, label, sum)),
            _ => {
                return Err((
                    at,
                    format!("expected LABEL:SUM (a cage symbol, ':', a number), found '{entry}'"),
                ));
            }
        }
        at += entry.chars().count() + 1;
    }
    Ok(list)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Vec<Result<Case, InputError>> {
        VariantFormat
            .read(Box::new(text.as_bytes()), &Options::default())
            .collect()
    }

    fn err(text: &str) -> String {
        read(text)[0].as_ref().unwrap_err().to_string()
    }

    #[test]
    fn fields_write_back_what_the_reader_reads() {
        for line in [
            "................ x",
            "................ regions=aabbaabbccddccdd",
            "........4....... cages=AABBACCBACCDEEDD sums=A:10,B:9,C:10,D:8,E:3 x",
            "2.9.5...4..6..9......7...3..............7.......9...87...4.......1......3..5..... hyper x",
            "................ regions=bbddbacdbacdaacc x cages=AB..AB..CCDD.... sums=A:4,B:6,C:3,D:7",
        ] {
            let case = read(line).remove(0).unwrap();
            let variant = case.variant.expect("rules");
            let cells = line.split(' ').next().unwrap();
            let again = read(&format!("{cells} {}", variant.fields()))
                .remove(0)
                .unwrap();
            assert_eq!(again.variant.as_deref(), Some(&*variant), "{line}");
            assert_eq!(again.grid, case.grid);
        }
        assert_eq!(Variant::plain(Shape::new(2, 2).unwrap()).fields(), "");
    }

    const REGIONS4: &str = "AABBAABBCCDDCCDD";

    #[test]
    fn fields_in_any_order_make_the_rules() {
        let text = format!(
            "# jigsaw and x\n{} x regions={REGIONS4}\n{} cages=AA..BB..CC..DD.. sums=A:3,B:7,C:5,D:5 # note\n{}\n",
            ".".repeat(16),
            ".".repeat(16),
            ".".repeat(16)
        );
        let cases = read(&text);
        let v = cases[0].as_ref().unwrap().variant.as_ref().unwrap();
        assert_eq!(v.name(), "jigsaw+x");
        let v = cases[1].as_ref().unwrap().variant.as_ref().unwrap();
        assert_eq!(v.name(), "killer");
        assert_eq!(v.cages().len(), 4);
        assert!(cases[2].as_ref().unwrap().variant.is_none());
    }

    #[test]
    fn errors_say_line_column_and_what_is_wrong() {
        let blank = ".".repeat(16);
        assert_eq!(
            err(&format!("{blank} y")),
            "line 1, column 18: expected a field (box=, regions=, cages=, sums=, x or hyper), found 'y'"
        );
        assert_eq!(
            err(&format!("{blank} regions=AAABAABBCCDDCCDD")),
            "line 1, column 26: region 'A' has 5 cells, expected 4"
        );
        assert_eq!(
            err(&format!("{blank} regions=AAA")),
            "line 1, column 26: expected 16 symbols, one per cell, found 3"
        );
        assert_eq!(
            err(&format!("{blank} hyper")),
            "line 1, column 18: hyper windows are defined on 9x9 grids only, this one is 4x4"
        );
        assert_eq!(
            err(&format!("{blank} cages=AB.............. sums=A:1")),
            "line 1, column 25: cage 'B' has no sum (expected 'B:SUM' in sums=)"
        );
        assert_eq!(
            err(&format!("{blank} cages=AA.............. sums=A:3,C:4")),
            "line 1, column 50: a sum for 'C', but no cage has that symbol"
        );
        assert_eq!(
            err(&format!("{blank} cages=AA.............. sums=A:1")),
            "line 1, column 24: cage 'A' cannot sum to 1: 2 different digits 1-4 add up to 3 to 7"
        );
        assert_eq!(
            err(&format!("3{} cages=AA.............. sums=A:3", &blank[1..])),
            "line 1, column 1: the given 3 at r1c1 breaks cage 'A' (sum 3): no set of different digits with the cage's sum holds the givens"
        );
        assert_eq!(
            err(&format!("{blank} sums=A:3")),
            "line 1, column 23: sums= without cages= (expected both)"
        );
        assert_eq!(
            err(&format!("{blank} x x")),
            "line 1, column 20: the field x is given twice"
        );
        assert_eq!(
            err(&format!("{blank} cages=AA.............. sums=A3")),
            "line 1, column 46: expected LABEL:SUM (a cage symbol, ':', a number), found 'A3'"
        );
    }
}
