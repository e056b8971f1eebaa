//! The f-puzzles keys that state constraints (arrows, killer cages, little
//! killers, odd and even cells, minimums and maximums, extra regions, the
//! lines, the dots and the negative rules that go with them, quadruples,
//! sandwiches), read into the variant's `Constraint`s in that order. Each
//! constraint is checked as it is read, so that its error names its key.

use std::collections::HashMap;
use std::fmt::Display;
use std::ops::RangeInclusive;

use serde_json::Value;

use super::{Object, is_empty, number};
use crate::sudoku::constraint::{past_the_cap, sandwich_most, sum_range};
use crate::sudoku::{Constraint, Relation};

/// The place `{0}[{1}]` in a document, written out only for a message.
struct Indexed<'a>(&'a str, usize);

impl Display for Indexed<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}[{}]", self.0, self.1)
    }
}

/// The place `{0}.{1}` in a document, written out only for a message.
struct Field<'a>(&'a str, &'a str);

impl Display for Field<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}", self.0, self.1)
    }
}

/// The constraints read so far.
pub(super) struct Rules {
    n: usize,
    pub(super) constraints: Vec<Constraint>,
}

/// Whether a key's or a field's value states no rule, as f-puzzles
/// writes "none": `null`, `false` or an empty list. Anything else states
/// something, and is read or refused, never dropped.
pub(super) fn states_no_rule(v: &Value) -> bool {
    match v {
        Value::Null | Value::Bool(false) => true,
        Value::Array(list) => list.is_empty(),
        _ => false,
    }
}

/// A JSON value as a message names it: its kind, and a short value.
pub(super) fn describe(v: &Value) -> String {
    let short = |text: String| match text.char_indices().nth(40) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text,
    };
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(x) => format!("the number {x}"),
        Value::String(s) => format!("the text {}", short(Value::String(s.clone()).to_string())),
        Value::Array(_) => "a list".into(),
        Value::Object(_) => "an object".into(),
    }
}

/// A flag of the document (`antiknight`, `diagonal+`): absent, `null`
/// and `false` are off, `true` on, anything else an error.
pub(super) fn flag(doc: &Object, key: &str) -> Result<bool, String> {
    match doc.get(key) {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(on)) => Ok(*on),
        Some(v) => Err(format!("\"{key}\" is {}, not true or false", describe(v))),
    }
}

/// The entries of a list key, with their paths (`key[i]`): none when the
/// key is absent or states no rule; an error when it is not a list or an
/// entry is not an object.
fn entries<'a>(doc: &'a Object, key: &'a str) -> Result<Vec<(String, &'a Object)>, String> {
    let list = match doc.get(key) {
        None => return Ok(Vec::new()),
        Some(v) if states_no_rule(v) => return Ok(Vec::new()),
        Some(Value::Array(list)) => list,
        Some(v) => {
            return Err(format!(
                "\"{key}\" is {}, not a list of entries",
                describe(v)
            ));
        }
    };
    list.iter()
        .enumerate()
        .map(|(i, v)| match v.as_object() {
            Some(entry) => Ok((format!("{key}[{i}]"), entry)),
            None => Err(format!("{key}[{i}] is {}, not an object", describe(v))),
        })
        .collect()
}

/// An entry's list field (`lines`, `values`), which it must have: its
/// elements, or where it is missing or not a list.
fn listed<'a>(entry: &'a Object, field: &str, at: &str) -> Result<&'a [Value], String> {
    match entry.get(field) {
        Some(Value::Array(list)) if !list.is_empty() => Ok(list),
        Some(Value::Array(_)) => Err(format!("{at}.{field} is an empty list")),
        Some(v) => Err(format!("{at}.{field} is {}, not a list", describe(v))),
        None => Err(format!("{at} has no \"{field}\"")),
    }
}

/// An entry's `value` when it states one: absent, `null`, `false` and
/// `""` (what f-puzzles writes for an unset value) state none.
fn stated_value(entry: &Object) -> Option<&Value> {
    entry.get("value").filter(|v| !is_empty(v))
}

/// A whole number written as a JSON number or as text (`12`, `"12"`), or
/// where it is not one.
fn whole(v: &Value, at: &dyn Display) -> Result<u64, String> {
    number(v).ok_or_else(|| format!("{at} is {}, not a whole number", describe(v)))
}

/// A whole number in `range` (`what` names the range in the message), or
/// where it is not: a number out of its rule's range is refused, never
/// cut to fit.
fn whole_in(
    v: &Value,
    at: &dyn Display,
    range: RangeInclusive<u32>,
    what: &str,
) -> Result<u32, String> {
    let x = whole(v, at)?;
    match u32::try_from(x) {
        Ok(x) if range.contains(&x) => Ok(x),
        _ => Err(format!(
            "{at} is {x}, out of range: {what} is {} to {}",
            range.start(),
            range.end()
        )),
    }
}

/// The relation a dot of `key` states (`default` when it gives no value),
/// or `None` for an X/V mark without its letter, which states nothing. A
/// difference is 1 to `n - 1`, a ratio 2 to `n`: two digits of a row or
/// column differ, so no other value can hold.
fn dot_relation(
    key: &str,
    default: u32,
    entry: &Object,
    at: &str,
    n: u32,
) -> Result<Option<Relation>, String> {
    let value = stated_value(entry);
    let at = Field(at, "value");
    if key == "xv" {
        let Some(value) = value else {
            return Ok(None);
        };
        let letter = value.as_str().map(str::to_ascii_lowercase);
        return match letter.as_deref() {
            Some("x") => Ok(Some(Relation::Sum(10))),
            Some("v") => Ok(Some(Relation::Sum(5))),
            _ => Err(format!("{at} is {}, not X or V", describe(value))),
        };
    }
    let value = match value {
        None => default,
        Some(v) if key == "ratio" => whole_in(v, &at, 2..=n, "a ratio of two digits")?,
        Some(v) => whole_in(v, &at, 1..=n - 1, "a difference of two digits")?,
    };
    Ok(Some(if key == "ratio" {
        Relation::Ratio(value)
    } else {
        Relation::Difference(value)
    }))
}

/// The pairs of orthogonally adjacent cells of an `n`x`n` grid, each
/// smaller cell first, in the order of that cell, right neighbour first.
fn adjacent_pairs(n: usize) -> impl Iterator<Item = [u16; 2]> {
    (0..n * n).flat_map(move |a| {
        [a + 1, a + n]
            .into_iter()
            .filter(move |&b| b < n * n && !(b == a + 1 && b % n == 0))
            .map(move |b| [a as u16, b as u16])
    })
}

/// The dots read: which kinds mark each pair of cells, and the ratios the
/// black dots state.
struct Dots {
    marked: HashMap<[u16; 2], Vec<&'static str>>,
    ratios: Vec<u32>,
}

/// The negative rules: the relations a pair of adjacent cells may not
/// have unless a dot of the same kind joins them.
struct Negative {
    /// No white dot: no two consecutive digits.
    nonconsecutive: bool,
    /// No black dot: none of these ratios (the dots' own, or 2).
    ratios: Option<Vec<u32>>,
    /// No X or V: no sum of 5 or 10.
    xv: bool,
}

impl Negative {
    /// The document's `nonconsecutive` flag and `negative` list, the
    /// ratios taken from the black dots read.
    fn read(doc: &Object, dots: &Dots) -> Result<Negative, String> {
        let negative: Vec<String> = match doc.get("negative") {
            None | Some(Value::Null | Value::Bool(false)) => Vec::new(),
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
        let listed = |name: &str| negative.iter().any(|k| k == name);
        let ratios = listed("ratio").then(|| {
            let mut ratios = dots.ratios.clone();
            if ratios.is_empty() {
                ratios.push(2);
            }
            ratios.sort_unstable();
            ratios.dedup();
            ratios
        });
        Ok(Negative {
            nonconsecutive: flag(doc, "nonconsecutive")?,
            ratios,
            xv: listed("xv"),
        })
    }

    /// The relations forbidden to a pair marked by the dots of `kinds`.
    fn forbidden(&self, kinds: &[&str]) -> Vec<Relation> {
        let dotted = |k: &str| kinds.contains(&k);
        let mut relations = Vec::new();
        if self.nonconsecutive && !dotted("difference") && !dotted("ratio") {
            relations.push(Relation::Difference(1));
        }
        if let Some(ratios) = &self.ratios
            && !dotted("ratio")
            && !dotted("difference")
        {
            relations.extend(ratios.iter().map(|&v| Relation::Ratio(v)));
        }
        if self.xv && !dotted("xv") {
            relations.extend([Relation::Sum(5), Relation::Sum(10)]);
        }
        relations
    }
}

impl Rules {
    /// No constraints yet, for an `n`x`n` grid.
    pub(super) fn new(n: usize) -> Rules {
        Rules {
            n,
            constraints: Vec::new(),
        }
    }

    /// A constraint the reader built itself, which needs no check but the
    /// cap on a puzzle's constraints (`where_` names the rule for its
    /// message).
    pub(super) fn push(&mut self, c: Constraint, where_: &str) -> Result<(), String> {
        self.within_cap(where_)?;
        self.constraints.push(c);
        Ok(())
    }

    /// An error past the cap on a puzzle's constraints, found as the
    /// entries are read: a file of a million entries is refused at the
    /// first past it, not compiled.
    fn within_cap(&self, at: &str) -> Result<(), String> {
        match past_the_cap(self.constraints.len(), self.n) {
            Some(why) => Err(format!("{at}: {why}")),
            None => Ok(()),
        }
    }

    /// Cell `R{r}C{c}` (1-based, either case) in the grid, or where it is
    /// wrong (`at` is written out only then).
    fn cell(&self, v: &Value, at: &dyn Display) -> Result<u16, String> {
        let text = v
            .as_str()
            .ok_or_else(|| format!("{at} is not a cell name"))?;
        let parsed = text.strip_prefix(['R', 'r']).and_then(|rest| {
            let (r, c) = rest.split_once(['C', 'c'])?;
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
            .map(|(i, c)| self.cell(c, &Indexed(at, i)))
            .collect()
    }

    /// One of an entry's `lines`: a list of at least one cell (a line of
    /// one cell is its kind's own error, which names the cell).
    fn line(&self, v: &Value, at: &str) -> Result<Vec<u16>, String> {
        let cells = self.cells(Some(v), at)?;
        if cells.is_empty() {
            return Err(format!("{at} is an empty line: a line needs two cells"));
        }
        Ok(cells)
    }

    /// An entry's one `cell`.
    fn entry_cell(&self, entry: &Object, at: &str) -> Result<u16, String> {
        self.cell(
            entry.get("cell").unwrap_or(&Value::Null),
            &format!("{at}.cell"),
        )
    }

    /// A constraint checked at once, so that its error names its key.
    fn add(&mut self, c: Constraint, at: &str) -> Result<(), String> {
        crate::sudoku::constraint::check(&c, self.n).map_err(|e| format!("{at}: {e}"))?;
        self.within_cap(at)?;
        self.constraints.push(c);
        Ok(())
    }

    /// Every constraint key of the document.
    pub(super) fn read(&mut self, doc: &Object) -> Result<(), String> {
        self.read_arrows(doc)?;
        self.read_killer_cages(doc)?;
        self.read_little_killers(doc)?;
        self.read_one_cell_rules(doc)?;
        self.read_extra_regions(doc)?;
        self.read_lines(doc)?;
        let dots = self.read_dots(doc)?;
        self.push_negative_rules(doc, &dots)?;
        self.read_quadruples(doc)?;
        self.read_sandwiches(doc)
    }

    /// `arrow`: a bulb (`cells`) and its `lines`, each an arrow of its own
    /// whose shaft is the line's cells outside the bulb.
    fn read_arrows(&mut self, doc: &Object) -> Result<(), String> {
        for (at, e) in entries(doc, "arrow")? {
            let bulb = self.cells(e.get("cells"), &format!("{at}.cells"))?;
            for (i, line) in listed(e, "lines", &at)?.iter().enumerate() {
                let at = format!("{at}.lines[{i}]");
                let mut shaft = self.line(line, &at)?;
                // As Rangsk reads it: the shaft is the line's cells outside
                // the bulb, wherever the line starts.
                shaft.retain(|cell| !bulb.contains(cell));
                self.add(
                    Constraint::Arrow {
                        bulb: bulb.clone(),
                        shaft,
                    },
                    &at,
                )?;
            }
        }
        Ok(())
    }

    /// `killercage`: cells and, if stated, their sum.
    fn read_killer_cages(&mut self, doc: &Object) -> Result<(), String> {
        for (at, e) in entries(doc, "killercage")? {
            let cells = self.cells(e.get("cells"), &format!("{at}.cells"))?;
            let (least, most) = sum_range(self.n, cells.len().min(self.n));
            let sum = stated_value(e)
                .map(|v| {
                    let what = format!("the sum of {} different digits 1-{}", cells.len(), self.n);
                    whole_in(v, &Field(&at, "value"), least..=most, &what)
                })
                .transpose()?;
            self.add(Constraint::Cage { cells, sum }, &at)?;
        }
        Ok(())
    }

    /// `littlekillersum`: a clue cell, a direction and a sum (none or 0: no
    /// rule).
    fn read_little_killers(&mut self, doc: &Object) -> Result<(), String> {
        for (at, e) in entries(doc, "littlekillersum")? {
            // No value, or 0 (as Rangsk reads it): a clue not yet filled in.
            let Some(value) = stated_value(e).filter(|&v| number(v) != Some(0)) else {
                continue;
            };
            let start = e
                .get("cell")
                .and_then(Value::as_str)
                .ok_or_else(|| format!("{at}.cell is not a cell name"))?;
            let cells = self.diagonal(start, e.get("direction"), &at)?;
            let (len, n) = (cells.len() as u32, self.n as u32);
            let what = format!("the sum of {len} cells of digits 1-{n}");
            let sum = whole_in(value, &Field(&at, "value"), len..=len * n, &what)?;
            self.add(Constraint::LittleKiller { cells, sum }, &at)?;
        }
        Ok(())
    }

    /// `odd` and `even`, then `minimum` and `maximum`: one cell each.
    fn read_one_cell_rules(&mut self, doc: &Object) -> Result<(), String> {
        for (key, even) in [("odd", false), ("even", true)] {
            for (at, e) in entries(doc, key)? {
                let cell = self.entry_cell(e, &at)?;
                self.add(Constraint::Parity { cell, even }, &at)?;
            }
        }
        for (key, minimum) in [("minimum", true), ("maximum", false)] {
            for (at, e) in entries(doc, key)? {
                let cell = self.entry_cell(e, &at)?;
                self.add(Constraint::Extreme { cell, minimum }, &at)?;
            }
        }
        Ok(())
    }

    /// `extraregion`: cells that hold distinct digits.
    fn read_extra_regions(&mut self, doc: &Object) -> Result<(), String> {
        for (at, e) in entries(doc, "extraregion")? {
            let cells = self.cells(e.get("cells"), &format!("{at}.cells"))?;
            self.add(Constraint::Distinct(cells), &at)?;
        }
        Ok(())
    }

    /// `thermometer`, `palindrome`, `renban`, `whispers`: each of an
    /// entry's `lines` a constraint (the whispers' gap its `value`, or half
    /// the side rounded up).
    fn read_lines(&mut self, doc: &Object) -> Result<(), String> {
        let n = self.n as u32;
        for key in ["thermometer", "palindrome", "renban", "whispers"] {
            for (at, e) in entries(doc, key)? {
                let gap = match stated_value(e) {
                    Some(v) if key == "whispers" => {
                        let what = "the least difference of two digits";
                        whole_in(v, &Field(&at, "value"), 1..=n - 1, what)?
                    }
                    _ => n.div_ceil(2),
                };
                for (i, line) in listed(e, "lines", &at)?.iter().enumerate() {
                    let at = format!("{at}.lines[{i}]");
                    let cells = self.line(line, &at)?;
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
        Ok(())
    }

    /// `difference` (white dots, 1 unless stated), `ratio` (black dots, 2
    /// unless stated), `xv` (X or V): two cells each. What they mark, for
    /// the negative rules.
    fn read_dots(&mut self, doc: &Object) -> Result<Dots, String> {
        let mut dots = Dots {
            marked: HashMap::new(),
            ratios: Vec::new(),
        };
        for (key, default) in [("difference", 1), ("ratio", 2), ("xv", 0)] {
            for (at, e) in entries(doc, key)? {
                let cells = self.cells(e.get("cells"), &format!("{at}.cells"))?;
                let [a, b] = cells[..] else {
                    return Err(format!(
                        "{at}.cells: a dot joins two cells, found {}",
                        cells.len()
                    ));
                };
                let Some(relation) = dot_relation(key, default, e, &at, self.n as u32)? else {
                    continue;
                };
                if let Relation::Ratio(v) = relation {
                    dots.ratios.push(v);
                }
                dots.marked
                    .entry([a.min(b), a.max(b)])
                    .or_default()
                    .push(key);
                self.add(
                    Constraint::Dot {
                        cells: [a, b],
                        relation,
                    },
                    &at,
                )?;
            }
        }
        Ok(dots)
    }

    /// `nonconsecutive` and `negative`: what every pair of adjacent cells
    /// without the matching dot may not be.
    fn push_negative_rules(&mut self, doc: &Object, dots: &Dots) -> Result<(), String> {
        let negative = Negative::read(doc, dots)?;
        for pair in adjacent_pairs(self.n) {
            let kinds = dots.marked.get(&pair).map(Vec::as_slice).unwrap_or(&[]);
            let relations = negative.forbidden(kinds);
            if !relations.is_empty() {
                let never = Constraint::Never {
                    cells: pair,
                    relations,
                };
                self.push(never, "the negative rules")?;
            }
        }
        Ok(())
    }

    /// `quadruple`: cells and the digits among them, sorted.
    fn read_quadruples(&mut self, doc: &Object) -> Result<(), String> {
        let n = self.n as u32;
        for (at, e) in entries(doc, "quadruple")? {
            let cells = self.cells(e.get("cells"), &format!("{at}.cells"))?;
            let mut digits = Vec::new();
            for (i, v) in listed(e, "values", &at)?.iter().enumerate() {
                let at = Indexed(&format!("{at}.values"), i).to_string();
                digits.push(whole_in(v, &at, 1..=n, "a digit")? as u8);
            }
            digits.sort_unstable();
            self.add(Constraint::Quadruple { cells, digits }, &at)?;
        }
        Ok(())
    }

    /// `sandwichsum`: a clue outside a row or column and its sum (none:
    /// no rule).
    fn read_sandwiches(&mut self, doc: &Object) -> Result<(), String> {
        let most = sandwich_most(self.n);
        for (at, e) in entries(doc, "sandwichsum")? {
            let Some(value) = stated_value(e) else {
                continue;
            };
            let what = "the sum of the digits between 1 and the largest";
            let sum = whole_in(value, &Field(&at, "value"), 0..=most, what)?;
            let cells = self.outside_line(e.get("cell"), &at)?;
            self.add(Constraint::Sandwich { cells, sum }, &at)?;
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

    /// The row or column a sandwich clue outside the grid names, in
    /// order from the clue (a clue right of its row or below its column
    /// reads it backwards: the side is kept for pictures; the rule is the
    /// same either way).
    fn outside_line(&self, v: Option<&Value>, at: &str) -> Result<Vec<u16>, String> {
        let n = self.n as i64;
        let (r, c) = self.clue_cell(v, at)?;
        let inside = |x: i64| (0..n).contains(&x);
        let from_clue = |i: i64, far: bool| if far { n - 1 - i } else { i };
        let cells: Vec<u16> = match (inside(r), inside(c)) {
            (true, false) => (0..n)
                .map(|j| (r * n + from_clue(j, c >= n)) as u16)
                .collect(),
            (false, true) => (0..n)
                .map(|i| (from_clue(i, r >= n) * n + c) as u16)
                .collect(),
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
