//! The f-puzzles format: the JSON f-puzzles saves (a document may span
//! lines; several follow one another), or the lz-string base64 text its
//! URLs carry after `?load=`, one a line, bare or as a whole URL. The keys
//! are read as Rangsk's SudokuSolver reads them
//! (`SudokuSolver/SolverFactory.cs`, `CreateFromFPuzzles`, in
//! dclamage/SudokuSolver 1.3.3), the solver f-puzzles itself calls;
//! docs/formats.md lists them.
//!
//! Invariants: a key that states a rule this reader does not support is
//! an error naming it and listing the supported ones, never a puzzle with
//! fewer rules; cosmetic keys (`text`, `line`, `rectangle`, `circle`, a
//! `cage` without a value) and metadata (`title`, `author`, `ruleset`,
//! `solution`, the solver settings) are ignored. Every error says the
//! line the case starts on and the key (`thermometer[0].lines[0][2]`).
//!
//! Output is that of the line format, as for `variant`.

use std::io::BufRead;
use std::sync::Arc;

use serde_json::Value;

use super::lzstring::decompress_from_base64;
use super::plain;
use super::text::Lines;
use super::{Case, Cases, Detect, Fit, Format, Head, InputError, InputErrorKind, Options};
use crate::sudoku::{Constraint, Grid, Shape, Variant, numbered_label};

mod document;
mod rules;

use document::{Document, GridRows, MAX_ENTRIES, Shaped};
use rules::Rules;

/// A JSON object: the document, or one entry of a list key.
type Object = serde_json::Map<String, Value>;

/// The f-puzzles format.
pub struct FPuzzles;

/// The keys that state rules, as docs/formats.md lists them.
pub(crate) const SUPPORTED: &[&str] = &[
    "size",
    "grid",
    "diagonal+",
    "diagonal-",
    "antiknight",
    "antiking",
    "disjointgroups",
    "nonconsecutive",
    "negative",
    "arrow",
    "killercage",
    "littlekillersum",
    "odd",
    "even",
    "minimum",
    "maximum",
    "extraregion",
    "thermometer",
    "palindrome",
    "renban",
    "whispers",
    "difference",
    "ratio",
    "xv",
    "quadruple",
    "sandwichsum",
];

/// Keys that carry no rule for a solver.
const IGNORED: &[&str] = &[
    "title",
    "author",
    "ruleset",
    "solution",
    "text",
    "line",
    "rectangle",
    "circle",
    "disabledlogic",
    "truecandidatesoptions",
];

impl Format for FPuzzles {
    fn name(&self) -> &'static str {
        "fpuzzles"
    }
    fn summary(&self) -> &'static str {
        "f-puzzles: its JSON (size, grid, regions, constraint keys as Rangsk's SudokuSolver reads them), or the lz-string text of `?load=` URLs, one a line"
    }
    fn example(&self) -> &'static str {
        "{\"size\":9,\"grid\":[[{\"value\":5,\"given\":true},{},...],...],\"thermometer\":[{\"lines\":[[\"R1C1\",\"R1C2\"]]}]}"
    }
    fn read<'a>(&self, input: Box<dyn BufRead + 'a>, _opts: &Options) -> Cases<'a> {
        Box::new(Reader {
            lines: Lines::new(input),
        })
    }
    plain::line_answers!();
    fn writes_links(&self) -> bool {
        true
    }
    fn link(&self, case: &Case, solution: Option<&Grid>) -> Result<String, String> {
        super::fpuzzles_link(case, solution)
    }
}

impl Detect for FPuzzles {
    fn detect(&self, head: &Head) -> Fit {
        let mut content = head.content().filter(|l| !l.trim_start().starts_with('#'));
        let Some(first) = content.next() else {
            return Fit::No;
        };
        let first = first.trim();
        let json =
            first.starts_with('{') && head.lines.iter().take(200).any(|l| l.contains("\"grid\""));
        if json || first.contains("?load=") || looks_compressed(first) {
            Fit::Specific
        } else {
            Fit::No
        }
    }
}

/// Whether a line is bare lz-string base64 that decompresses to JSON.
fn looks_compressed(line: &str) -> bool {
    line.len() >= 16
        && line
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"+/=".contains(&b))
        && decompress_from_base64(line).is_ok_and(|t| t.trim_start().starts_with('{'))
}

/// Reads f-puzzles cases: JSON documents, or one compressed text a line.
struct Reader<R> {
    lines: Lines<R>,
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<Case, InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        let (line, text) = match self.lines.next_uncommented()? {
            Ok(l) => l,
            Err(e) => return Some(Err(e)),
        };
        let trimmed = text.trim();
        let error = |message: String| InputError {
            kind: InputErrorKind::Document,
            header: false,
            line,
            column: None,
            message,
        };
        if trimmed.starts_with('{') {
            // A document runs until its braces balance.
            let mut json = text.clone();
            let mut depth = Depth::default();
            depth.feed(&text);
            while !depth.closed() {
                match self.lines.next_line() {
                    Some(Ok((_, more))) => {
                        depth.feed(&more);
                        json.push('\n');
                        json.push_str(&more);
                    }
                    Some(Err(e)) => return Some(Err(e)),
                    None => break,
                }
            }
            return Some(parse_json(&json).map(|c| with_line(c, line)).map_err(error));
        }
        let payload = match trimmed.find("?load=") {
            Some(at) => &trimmed[at + "?load=".len()..],
            None => trimmed,
        };
        let payload = percent_decoded(payload.split(['&', '#']).next().unwrap_or(""));
        let result = decompress_from_base64(&payload)
            .and_then(|json| parse_json(&json))
            .map(|c| with_line(c, line))
            .map_err(error);
        Some(result)
    }
}

fn with_line(mut case: Case, line: usize) -> Case {
    case.line = line;
    case
}

/// `%2B` and the like, as a URL may carry them.
pub(super) fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2]))
        {
            out.push((h * 16 + l) as u8);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Brace depth of JSON text fed line by line, outside strings.
#[derive(Default)]
struct Depth {
    depth: i64,
    opened: bool,
    in_string: bool,
    escaped: bool,
}

impl Depth {
    fn feed(&mut self, text: &str) {
        for c in text.chars() {
            if self.in_string {
                match (self.escaped, c) {
                    (true, _) => self.escaped = false,
                    (false, '\\') => self.escaped = true,
                    (false, '"') => self.in_string = false,
                    _ => {}
                }
                continue;
            }
            match c {
                '"' => self.in_string = true,
                '{' | '[' => {
                    self.depth += 1;
                    self.opened = true;
                }
                '}' | ']' => self.depth -= 1,
                _ => {}
            }
        }
    }
    fn closed(&self) -> bool {
        self.opened && self.depth <= 0
    }
}

/// One f-puzzles document as a case (line 0: the caller sets it).
pub fn parse_json(text: &str) -> Result<Case, String> {
    let document = document::parse(text).map_err(|e| format!("not f-puzzles JSON: {e}"))?;
    let Shaped::Is(Document {
        keys: doc,
        grid,
        too_many,
    }) = &document
    else {
        return Err("an f-puzzles document is a JSON object".into());
    };
    if let Some(key) = too_many {
        return Err(format!(
            "\"{key}\" takes the document past {MAX_ENTRIES} entries in its lists, more constraints than any puzzle holds (eight a cell)"
        ));
    }
    refuse_unsupported_keys(doc)?;
    let (grid, regions) = read_grid(doc, grid.as_ref())?;
    let mut variant = Variant::plain(grid.shape());
    if let Some(regions) = regions {
        variant = with_grid_regions(variant, &regions)?;
    }
    let mut rules = Rules::new(grid.n());
    let variant = with_flag_rules(doc, variant, &mut rules)?;
    rules.read(doc)?;
    let variant = variant
        .with_constraints(rules.constraints)
        .map_err(|(_, e)| e.to_string())?;
    let variant = killer_fast_path(variant);
    let mut case = Case::new(grid, 0);
    if !variant.is_plain() {
        case.variant = Some(Arc::new(variant));
    }
    Ok(case)
}

/// An error for the first key that states a rule this reader does not
/// know; ignored keys, keys that state no rule (`null`, `false`, `[]`)
/// and cosmetic cages pass.
fn refuse_unsupported_keys(doc: &Object) -> Result<(), String> {
    for (key, v) in doc {
        let harmless = IGNORED.contains(&key.as_str())
            || rules::states_no_rule(v)
            || (key == "cage" && cosmetic_cages(v));
        if !SUPPORTED.contains(&key.as_str()) && !harmless {
            return Err(format!(
                "unsupported key \"{key}\" (a rule this reader does not know); supported: {}",
                SUPPORTED.join(", ")
            ));
        }
    }
    Ok(())
}

/// The largest region id read: every id from 0 to it has a numbered label
/// of its own (`sudoku::numbered_label`), which messages write as the id.
const MAX_REGION_ID: i64 = 0xD7FF - 0x100;

/// Each cell's region id, in reading order, where the cell names one.
type RegionIds = Vec<Option<i64>>;

/// The document's `grid` (its side checked against `size`) and, when any
/// cell names a region, each cell's region id.
fn read_grid(
    doc: &Object,
    grid: Option<&Shaped<GridRows>>,
) -> Result<(Grid, Option<RegionIds>), String> {
    let grid_rows = grid
        .and_then(Shaped::as_ref)
        .ok_or("no \"grid\": an f-puzzles document needs its grid")?;
    let n = grid_rows.len();
    if let Some(size) = doc.get("size") {
        let size = size.as_u64().ok_or("\"size\" is not a number")?;
        if size as usize != n {
            return Err(format!("\"size\" is {size} but \"grid\" has {n} rows"));
        }
    }
    let shape = Shape::for_side(n).map_err(|e| format!("a grid of {n} rows: {e}"))?;
    let mut cells = vec![0u8; n * n];
    let mut regions: RegionIds = vec![None; n * n];
    for (r, row) in grid_rows.iter().enumerate() {
        let row = row
            .as_ref()
            .ok_or_else(|| format!("grid[{r}] is not a list of cells"))?;
        if row.len() != n {
            return Err(format!(
                "grid[{r}] has {} cells; a {n}x{n} grid needs {n}",
                row.len()
            ));
        }
        for (c, cell) in row.iter().enumerate() {
            (cells[r * n + c], regions[r * n + c]) = read_cell(cell, (r, c), n)?;
        }
    }
    let grid = Grid::from_cells(shape, cells).map_err(|e| e.to_string())?;
    let any_region = regions.iter().any(Option::is_some);
    Ok((grid, any_region.then_some(regions)))
}

/// A cell's place in the document, `grid[r][c]`, as its messages write it.
#[derive(Clone, Copy)]
struct Place(usize, usize);

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "grid[{}][{}]", self.0, self.1)
    }
}

/// One cell of an `n`x`n` grid, `grid[r][c]`: its given digit (0 for
/// none) and the id of its region, if it names one. (Its place is written
/// out only for a message: most cells have none, and formatting it for
/// each was a fifth of reading a file; a `format_args!` kept in a variable
/// would need Rust 1.89, past the crate's 1.88.)
fn read_cell(
    cell: &Shaped<document::Cell>,
    (r, c): (usize, usize),
    n: usize,
) -> Result<(u8, Option<i64>), String> {
    let at = Place(r, c);
    let Some(cell) = cell.as_ref() else {
        return Err(format!("{at} is not an object"));
    };
    let mut digit = 0;
    if let Some(v) = cell.value.as_ref().filter(|v| !v.is_null()) {
        let d = number(v).ok_or_else(|| format!("{at}.value is not a number"))?;
        if d > n as u64 {
            return Err(format!("{at}.value is {d}, not a digit 1-{n}"));
        }
        digit = d as u8;
    }
    for (marks, given) in [
        ("centerPencilMarks", &cell.center_marks),
        ("givenPencilMarks", &cell.given_marks),
    ] {
        if given.as_ref().is_some_and(|m| !is_empty(m)) {
            return Err(format!(
                "{at}.{marks}: pencil marks restrict candidates, which this reader does not support"
            ));
        }
    }
    let region = cell
        .region
        .as_ref()
        .map(|region| match region.as_i64() {
            Some(id) if (0..=MAX_REGION_ID).contains(&id) => Ok(id),
            Some(id) => Err(format!(
                "{at}.region is {id}, out of range: a region id is 0 to {MAX_REGION_ID}"
            )),
            None => Err(format!("{at}.region: a cell in no region is not supported")),
        })
        .transpose()?;
    Ok((digit, region))
}

/// `variant` with the grid's regions (a cell without an id in its box's),
/// unless they are its boxes.
fn with_grid_regions(variant: Variant, regions: &[Option<i64>]) -> Result<Variant, String> {
    let shape = variant.shape();
    let n = shape.n();
    let box_of = |k: usize| shape.box_of(k / n, k % n) as i64;
    let region_of = |k: usize| regions[k].unwrap_or(box_of(k));
    if (0..n * n).all(|k| region_of(k) == box_of(k)) {
        return Ok(variant);
    }
    let labels: Vec<char> = (0..n * n)
        .map(|k| numbered_label(region_of(k) as u32).unwrap_or('?'))
        .collect();
    variant
        .with_regions(&labels)
        .map_err(|e| format!("grid regions: {e}"))
}

/// `variant` with the rules the document switches on by a flag: both
/// diagonals as the variant's own, one as a distinct constraint in
/// `rules`, and there too anti-knight, anti-king and disjoint groups.
fn with_flag_rules(
    doc: &Object,
    mut variant: Variant,
    rules: &mut Rules,
) -> Result<Variant, String> {
    let shape = variant.shape();
    let n = shape.n();
    let flag = |key: &str| rules::flag(doc, key);
    match (flag("diagonal-")?, flag("diagonal+")?) {
        (true, true) => variant = variant.with_diagonals(),
        (main, anti) => {
            if main {
                let main = (0..n).map(|i| (i * n + i) as u16).collect();
                rules.push(Constraint::Distinct(main), "\"diagonal-\"")?;
            }
            if anti {
                let anti = (0..n).map(|i| (i * n + n - 1 - i) as u16).collect();
                rules.push(Constraint::Distinct(anti), "\"diagonal+\"")?;
            }
        }
    }
    if flag("antiknight")? {
        rules.push(Constraint::AntiKnight, "\"antiknight\"")?;
    }
    if flag("antiking")? {
        rules.push(Constraint::AntiKing, "\"antiking\"")?;
    }
    if flag("disjointgroups")? {
        for p in 0..n {
            let group = (0..n)
                .map(|b| {
                    let (r, c) = shape.box_cells(b).nth(p).unwrap_or((0, 0));
                    (r * n + c) as u16
                })
                .collect();
            rules.push(Constraint::Distinct(group), "\"disjointgroups\"")?;
        }
    }
    Ok(variant)
}

/// Rules whose only constraints are disjoint cages with sums, given as
/// the variant's own killer cages (the compiler's faster encoding of the
/// same rule); other rules as they are.
fn killer_fast_path(variant: Variant) -> Variant {
    let n = variant.n();
    let constraints = variant.constraints();
    let mut labels: Vec<Option<char>> = vec![None; n * n];
    let mut sums = Vec::new();
    for (k, c) in constraints.iter().enumerate() {
        let Constraint::Cage {
            cells,
            sum: Some(sum),
        } = c
        else {
            return variant;
        };
        let Some(label) = numbered_label(k as u32) else {
            return variant;
        };
        for &cell in cells {
            if labels[cell as usize].replace(label).is_some() {
                return variant;
            }
        }
        sums.push((label, *sum));
    }
    if constraints.is_empty() {
        return variant;
    }
    let mut plain = Variant::plain(variant.shape());
    if let Some(regions) = variant.regions() {
        let labels: Vec<char> = regions
            .iter()
            .map(|&g| numbered_label(u32::from(g)).unwrap_or('?'))
            .collect();
        match plain.with_regions(&labels) {
            Ok(v) => plain = v,
            Err(_) => return variant,
        }
    }
    if variant.diagonals() {
        plain = plain.with_diagonals();
    }
    plain.with_cages(&labels, &sums).unwrap_or(variant)
}

/// Whether a `cage` list is only outlines (no value): cosmetic.
fn cosmetic_cages(v: &Value) -> bool {
    v.as_array().is_some_and(|list| {
        list.iter().all(|c| {
            c.get("value")
                .is_none_or(|x| x.is_null() || x.as_str() == Some(""))
        })
    })
}

/// Whether an entry's field states nothing: null, false, an empty list or
/// text (f-puzzles writes `""` for a value not set; the SudokuPad reader
/// reads its values so too).
pub(super) fn is_empty(v: &Value) -> bool {
    match v {
        Value::Null | Value::Bool(false) => true,
        Value::Array(a) => a.is_empty(),
        Value::String(s) => s.is_empty(),
        _ => false,
    }
}

/// A whole number given as a JSON number or as text (`12`, `"12"`).
fn number(v: &Value) -> Option<u64> {
    match v {
        Value::Number(x) => x.as_u64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
