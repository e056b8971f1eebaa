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

use std::collections::HashMap;
use std::io::BufRead;
use std::sync::Arc;

use serde_json::Value;

use super::line::Line;
use super::lzstring::decompress_from_base64;
use super::text::Lines;
use super::{Case, Cases, Fit, Format, Head, InputError, Options};
use crate::sudoku::{Constraint, Grid, Relation, Shape, Variant};

/// The f-puzzles format.
pub struct FPuzzles;

/// The keys that state rules, as docs/formats.md lists them.
pub const SUPPORTED: &[&str] = &[
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
    fn read<'a>(&self, input: Box<dyn BufRead + 'a>, _opts: &Options) -> Cases<'a> {
        Box::new(Reader {
            lines: Lines::new(input),
        })
    }
    fn uses_alphabet(&self) -> bool {
        Line.uses_alphabet()
    }
    fn holds(&self, shape: Shape) -> bool {
        Line.holds(shape)
    }
    fn solution(&self, number: usize, puzzle: &Grid, solution: &Grid, opts: &Options) -> String {
        Line.solution(number, puzzle, solution, opts)
    }
    super::line::line_messages!();
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
        loop {
            let (line, text) = match self.lines.next_content()? {
                Ok(l) => l,
                Err(e) => return Some(Err(e)),
            };
            let trimmed = text.trim();
            if trimmed.starts_with('#') {
                continue;
            }
            let error = |message: String| InputError {
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
            return Some(result);
        }
    }
}

fn with_line(mut case: Case, line: usize) -> Case {
    case.line = line;
    case
}

/// `%2B` and the like, as a URL may carry them.
fn percent_decoded(text: &str) -> String {
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
    let value: Value =
        serde_json::from_str(text).map_err(|e| format!("not f-puzzles JSON: {e}"))?;
    let Value::Object(doc) = &value else {
        return Err("an f-puzzles document is a JSON object".into());
    };
    for (key, v) in doc {
        let harmless =
            IGNORED.contains(&key.as_str()) || is_empty(v) || (key == "cage" && cosmetic_cages(v));
        if !SUPPORTED.contains(&key.as_str()) && !harmless {
            return Err(format!(
                "unsupported key \"{key}\" (a rule this reader does not know); supported: {}",
                SUPPORTED.join(", ")
            ));
        }
    }
    let grid_rows = doc
        .get("grid")
        .and_then(Value::as_array)
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
    let mut regions: Vec<Option<i64>> = vec![None; n * n];
    let mut any_region = false;
    for (r, row) in grid_rows.iter().enumerate() {
        let row = row
            .as_array()
            .ok_or_else(|| format!("grid[{r}] is not a list of cells"))?;
        if row.len() != n {
            return Err(format!(
                "grid[{r}] has {} cells; a {n}x{n} grid needs {n}",
                row.len()
            ));
        }
        for (c, cell) in row.iter().enumerate() {
            let at = format!("grid[{r}][{c}]");
            let Some(cell) = cell.as_object() else {
                return Err(format!("{at} is not an object"));
            };
            if let Some(v) = cell.get("value").filter(|v| !v.is_null()) {
                let d = number(v).ok_or_else(|| format!("{at}.value is not a number"))?;
                if d > n as u64 {
                    return Err(format!("{at}.value is {d}, not a digit 1-{n}"));
                }
                cells[r * n + c] = d as u8;
            }
            for marks in ["centerPencilMarks", "givenPencilMarks"] {
                if cell.get(marks).is_some_and(|m| !is_empty(m)) {
                    return Err(format!(
                        "{at}.{marks}: pencil marks restrict candidates, which this reader does not support"
                    ));
                }
            }
            if let Some(region) = cell.get("region") {
                any_region = true;
                let id = region
                    .as_i64()
                    .ok_or_else(|| format!("{at}.region: a cell in no region is not supported"))?;
                regions[r * n + c] = Some(id);
            }
        }
    }
    let grid = Grid::from_cells(shape, cells).map_err(|e| e.to_string())?;
    let mut variant = Variant::plain(shape);
    if any_region {
        let labels: Vec<char> = (0..n * n)
            .map(|k| {
                let id = regions[k].unwrap_or(shape.box_of(k / n, k % n) as i64);
                char::from_u32(0x100 + id.clamp(0, 0xFFFF) as u32).unwrap_or('?')
            })
            .collect();
        let boxes =
            (0..n * n).all(|k| regions[k].is_none_or(|id| id == shape.box_of(k / n, k % n) as i64));
        if !boxes {
            variant = variant
                .with_regions(&labels)
                .map_err(|e| format!("grid regions: {e}"))?;
        }
    }
    let mut rules = Rules {
        n,
        constraints: Vec::new(),
    };
    let flag = |key: &str| doc.get(key).and_then(Value::as_bool).unwrap_or(false);
    match (flag("diagonal-"), flag("diagonal+")) {
        (true, true) => variant = variant.with_diagonals(),
        (main, anti) => {
            if main {
                rules.push(Constraint::Distinct(
                    (0..n).map(|i| (i * n + i) as u16).collect(),
                ));
            }
            if anti {
                rules.push(Constraint::Distinct(
                    (0..n).map(|i| (i * n + n - 1 - i) as u16).collect(),
                ));
            }
        }
    }
    if flag("antiknight") {
        rules.push(Constraint::AntiKnight);
    }
    if flag("antiking") {
        rules.push(Constraint::AntiKing);
    }
    if flag("disjointgroups") {
        for p in 0..n {
            let group = (0..n)
                .map(|b| {
                    let (r, c) = shape.box_cells(b).nth(p).unwrap_or((0, 0));
                    (r * n + c) as u16
                })
                .collect();
            rules.push(Constraint::Distinct(group));
        }
    }
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
        let Some(label) = char::from_u32(0x100 + k as u32) else {
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
            .map(|&g| char::from_u32(0x100 + u32::from(g)).unwrap_or('?'))
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

/// Whether a value states nothing: null, false, an empty list or text.
fn is_empty(v: &Value) -> bool {
    match v {
        Value::Null | Value::Bool(false) => true,
        Value::Array(a) => a.is_empty(),
        Value::String(s) => s.is_empty(),
        _ => false,
    }
}

/// A number given as a JSON number or as text.
fn number(v: &Value) -> Option<u64> {
    match v {
        Value::Number(x) => x.as_u64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// The constraints read so far.
struct Rules {
    n: usize,
    constraints: Vec<Constraint>,
}

/// The entries of a list key, with their paths (`key[i]`).
fn entries<'a>(
    doc: &'a serde_json::Map<String, Value>,
    key: &'a str,
) -> impl Iterator<Item = (String, &'a serde_json::Map<String, Value>)> + 'a {
    doc.get(key)
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
        .filter_map(move |(i, v)| v.as_object().map(|o| (format!("{key}[{i}]"), o)))
}

impl Rules {
    fn push(&mut self, c: Constraint) {
        self.constraints.push(c);
    }

    /// Cell `R{r}C{c}` (1-based) in the grid, or where it is wrong.
    fn cell(&self, v: &Value, at: &str) -> Result<u16, String> {
        let text = v
            .as_str()
            .ok_or_else(|| format!("{at} is not a cell name"))?;
        let upper = text.to_ascii_uppercase();
        let parsed = upper.strip_prefix('R').and_then(|rest| {
            let (r, c) = rest.split_once('C')?;
            Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?))
        });
        let n = self.n;
        match parsed {
            Some((r, c)) if (1..=n).contains(&r) && (1..=n).contains(&c) => {
                Ok(((r - 1) * n + c - 1) as u16)
            }
            Some(_) => Err(format!("{at}: cell \"{text}\" is outside the {n}x{n} grid")),
            None => Err(format!("{at}: \"{text}\" is not a cell (R1C1)")),
        }
    }

    /// A list of cells.
    fn cells(&self, v: Option<&Value>, at: &str) -> Result<Vec<u16>, String> {
        let list = v
            .and_then(Value::as_array)
            .ok_or_else(|| format!("{at} is not a list of cells"))?;
        list.iter()
            .enumerate()
            .map(|(i, c)| self.cell(c, &format!("{at}[{i}]")))
            .collect()
    }

    /// A constraint checked at once, so that its error names its key.
    fn add(&mut self, c: Constraint, at: &str) -> Result<(), String> {
        crate::sudoku::constraint::check(&c, self.n).map_err(|e| format!("{at}: {e}"))?;
        self.constraints.push(c);
        Ok(())
    }

    /// Every list key of the document.
    fn read(&mut self, doc: &serde_json::Map<String, Value>) -> Result<(), String> {
        let n = self.n;
        for (at, e) in entries(doc, "arrow") {
            let bulb = self.cells(e.get("cells"), &format!("{at}.cells"))?;
            for (i, line) in e
                .get("lines")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .enumerate()
            {
                let at = format!("{at}.lines[{i}]");
                let mut shaft = self.cells(Some(line), &at)?;
                // The first cell is the bulb's, where the line starts.
                if !shaft.is_empty() {
                    shaft.remove(0);
                }
                self.add(
                    Constraint::Arrow {
                        bulb: bulb.clone(),
                        shaft,
                    },
                    &at,
                )?;
            }
        }
        for (at, e) in entries(doc, "killercage") {
            let cells = self.cells(e.get("cells"), &format!("{at}.cells"))?;
            let sum = match e.get("value").filter(|v| !is_empty(v)) {
                Some(v) => {
                    Some(number(v).ok_or_else(|| format!("{at}.value is not a number"))? as u32)
                }
                None => None,
            };
            self.add(Constraint::Cage { cells, sum }, &at)?;
        }
        for (at, e) in entries(doc, "littlekillersum") {
            let Some(sum) = e.get("value").and_then(number).filter(|&v| v > 0) else {
                continue;
            };
            let start = e
                .get("cell")
                .and_then(Value::as_str)
                .ok_or_else(|| format!("{at}.cell is not a cell name"))?;
            let cells = self.diagonal(start, e.get("direction"), &at)?;
            self.add(
                Constraint::LittleKiller {
                    cells,
                    sum: sum as u32,
                },
                &at,
            )?;
        }
        for (key, even) in [("odd", false), ("even", true)] {
            for (at, e) in entries(doc, key) {
                let cell =
                    self.cell(e.get("cell").unwrap_or(&Value::Null), &format!("{at}.cell"))?;
                self.add(Constraint::Parity { cell, even }, &at)?;
            }
        }
        for (key, minimum) in [("minimum", true), ("maximum", false)] {
            for (at, e) in entries(doc, key) {
                let cell =
                    self.cell(e.get("cell").unwrap_or(&Value::Null), &format!("{at}.cell"))?;
                self.add(Constraint::Extreme { cell, minimum }, &at)?;
            }
        }
        for (at, e) in entries(doc, "extraregion") {
            let cells = self.cells(e.get("cells"), &format!("{at}.cells"))?;
            self.add(Constraint::Distinct(cells), &at)?;
        }
        for key in ["thermometer", "palindrome", "renban", "whispers"] {
            for (at, e) in entries(doc, key) {
                let gap = match e.get("value").filter(|v| !is_empty(v)) {
                    Some(v) => {
                        number(v).ok_or_else(|| format!("{at}.value is not a number"))? as u32
                    }
                    None => (n as u32).div_ceil(2),
                };
                for (i, line) in e
                    .get("lines")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .enumerate()
                {
                    let at = format!("{at}.lines[{i}]");
                    let cells = self.cells(Some(line), &at)?;
                    let c = match key {
                        "thermometer" => Constraint::Thermometer(cells),
                        "palindrome" => Constraint::Palindrome(cells),
                        "renban" => Constraint::Renban(cells),
                        _ => Constraint::Whispers { cells, gap },
                    };
                    self.add(c, &at)?;
                }
            }
        }
        // Dots, and the pairs the negative rules cover.
        let mut marked: HashMap<[u16; 2], Vec<&str>> = HashMap::new();
        let mut ratio_values = Vec::new();
        for (key, default) in [("difference", 1), ("ratio", 2), ("xv", 0)] {
            for (at, e) in entries(doc, key) {
                let cells = self.cells(e.get("cells"), &format!("{at}.cells"))?;
                let [a, b] = cells[..] else {
                    return Err(format!(
                        "{at}.cells: a dot joins two cells, found {}",
                        cells.len()
                    ));
                };
                let value = e.get("value").filter(|v| !is_empty(v));
                let relation = match key {
                    "xv" => match value
                        .and_then(Value::as_str)
                        .map(str::to_ascii_lowercase)
                        .as_deref()
                    {
                        Some("x") => Relation::Sum(10),
                        Some("v") => Relation::Sum(5),
                        None => continue,
                        Some(other) => {
                            return Err(format!("{at}.value: \"{other}\" is not X or V"));
                        }
                    },
                    _ => {
                        let v = match value {
                            Some(v) => number(v)
                                .ok_or_else(|| format!("{at}.value is not a number"))?
                                as u32,
                            None => default,
                        };
                        if key == "ratio" {
                            ratio_values.push(v);
                            Relation::Ratio(v)
                        } else {
                            Relation::Difference(v)
                        }
                    }
                };
                marked.entry([a.min(b), a.max(b)]).or_default().push(key);
                self.add(
                    Constraint::Dot {
                        cells: [a, b],
                        relation,
                    },
                    &at,
                )?;
            }
        }
        let negative: Vec<String> = match doc.get("negative") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Array(list)) => list
                .iter()
                .map(|v| {
                    v.as_str()
                        .map(str::to_string)
                        .ok_or("\"negative\" lists names")
                })
                .collect::<Result<_, _>>()?,
            Some(_) => return Err("\"negative\" is not a list".into()),
        };
        if let Some(other) = negative.iter().find(|k| *k != "ratio" && *k != "xv") {
            return Err(format!(
                "unsupported key \"negative\": \"{other}\" (supported: ratio, xv; white dots' negative rule is \"nonconsecutive\")"
            ));
        }
        let nonconsecutive = doc
            .get("nonconsecutive")
            .and_then(Value::as_bool)
            .unwrap_or(false);
        if ratio_values.is_empty() {
            ratio_values.push(2);
        }
        ratio_values.sort_unstable();
        ratio_values.dedup();
        for a in 0..n * n {
            for b in [a + 1, a + n] {
                if b >= n * n || (b == a + 1 && b % n == 0) {
                    continue;
                }
                let pair = [a as u16, b as u16];
                let kinds = marked.get(&pair).map(Vec::as_slice).unwrap_or(&[]);
                let dotted = |k: &str| kinds.contains(&k);
                let mut relations = Vec::new();
                if nonconsecutive && !dotted("difference") && !dotted("ratio") {
                    relations.push(Relation::Difference(1));
                }
                if negative.iter().any(|k| k == "ratio")
                    && !dotted("ratio")
                    && !dotted("difference")
                {
                    relations.extend(ratio_values.iter().map(|&v| Relation::Ratio(v)));
                }
                if negative.iter().any(|k| k == "xv") && !dotted("xv") {
                    relations.extend([Relation::Sum(5), Relation::Sum(10)]);
                }
                if !relations.is_empty() {
                    self.push(Constraint::Never {
                        cells: pair,
                        relations,
                    });
                }
            }
        }
        for (at, e) in entries(doc, "quadruple") {
            let cells = self.cells(e.get("cells"), &format!("{at}.cells"))?;
            let mut digits = Vec::new();
            for (i, v) in e
                .get("values")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .enumerate()
            {
                let d = number(v).ok_or_else(|| format!("{at}.values[{i}] is not a number"))?;
                digits.push(d.min(255) as u8);
            }
            digits.sort_unstable();
            self.add(Constraint::Quadruple { cells, digits }, &at)?;
        }
        for (at, e) in entries(doc, "sandwichsum") {
            let Some(sum) = e.get("value").and_then(number) else {
                continue;
            };
            let cells = self.outside_line(e.get("cell"), &at)?;
            self.add(
                Constraint::Sandwich {
                    cells,
                    sum: sum as u32,
                },
                &at,
            )?;
        }
        Ok(())
    }

    /// `R{r}C{c}` with row and column from 0 to `n + 1` (a clue outside).
    fn clue_cell(&self, v: Option<&Value>, at: &str) -> Result<(i64, i64), String> {
        let text = v
            .and_then(Value::as_str)
            .ok_or_else(|| format!("{at}.cell is not a cell name"))?;
        let upper = text.to_ascii_uppercase();
        upper
            .strip_prefix('R')
            .and_then(|rest| {
                let (r, c) = rest.split_once('C')?;
                Some((r.parse::<i64>().ok()? - 1, c.parse::<i64>().ok()? - 1))
            })
            .ok_or_else(|| format!("{at}.cell: \"{text}\" is not a cell (R1C1)"))
    }

    /// The row or column a sandwich clue outside the grid names.
    fn outside_line(&self, v: Option<&Value>, at: &str) -> Result<Vec<u16>, String> {
        let n = self.n as i64;
        let (r, c) = self.clue_cell(v, at)?;
        let inside = |x: i64| (0..n).contains(&x);
        let cells: Vec<u16> = match (inside(r), inside(c)) {
            (true, false) => (0..n).map(|j| (r * n + j) as u16).collect(),
            (false, true) => (0..n).map(|i| (i * n + c) as u16).collect(),
            _ => {
                return Err(format!(
                    "{at}.cell: a sandwich clue sits just outside one row or column"
                ));
            }
        };
        Ok(cells)
    }

    /// The diagonal a little killer clue names, as Rangsk reads it: from
    /// the clue cell (or the next one, when the clue is outside the grid)
    /// in its direction to the edge.
    fn diagonal(
        &self,
        start: &str,
        direction: Option<&Value>,
        at: &str,
    ) -> Result<Vec<u16>, String> {
        let n = self.n as i64;
        let (mut r, mut c) = self.clue_cell(Some(&Value::String(start.into())), at)?;
        let (dr, dc) = match direction.and_then(Value::as_str) {
            Some("UR") => (-1, 1),
            Some("UL") => (-1, -1),
            Some("DR") => (1, 1),
            Some("DL") => (1, -1),
            other => return Err(format!("{at}.direction: {other:?} is not UR, UL, DR or DL")),
        };
        let inside = |r: i64, c: i64| (0..n).contains(&r) && (0..n).contains(&c);
        if !inside(r, c) {
            r += dr;
            c += dc;
        }
        if !inside(r, c) {
            return Err(format!(
                "{at}.cell: the diagonal from \"{start}\" misses the grid"
            ));
        }
        let mut cells = Vec::new();
        while inside(r, c) {
            cells.push((r * n + c) as u16);
            r += dr;
            c += dc;
        }
        Ok(cells)
    }
}

#[cfg(test)]
mod tests;
