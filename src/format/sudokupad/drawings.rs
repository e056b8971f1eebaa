//! From SudokuPad's drawings to rules: a SudokuPad puzzle's JSON (cells,
//! regions, cages, lines, arrows, overlays, underlays, `global`) read as
//! the f-puzzles document of the same rules, which the f-puzzles reader
//! then checks and compiles (one reader of the rules, not two).
//!
//! What each drawing means is told by its shape and place (a dot on the
//! edge between two cells, a number outside the grid, a line through cell
//! centres, a circle at one end of a line), and, where the shape alone
//! cannot tell (the colour of a line), by the rules text or `--rule`
//! ([`Said`]). docs/formats.md has the table.
//!
//! Invariants: a drawing that may carry a rule (a line or arrow through
//! cell centres, a dot or letter on an edge, a circle on a corner, a
//! number outside the grid) is either read as a rule or an error naming
//! it (`lines[3]`, its colour and cells) and the `--rule` that would give
//! it a meaning; shapes in cells, lines elsewhere and text in cells are
//! cosmetic unless the text gives them a meaning; a rule the text names
//! that no drawing or setting shows is an error naming it. Nothing here
//! panics on any JSON.

use serde_json::{Value, json};

use super::super::fpuzzles::is_empty;
use super::geometry::{
    Colour, Object, Point, cell_name, list, near, num, point, rc, text_of, through,
};
use super::words::{Meta, Said, check_doc, meta_cage, read_meta};

/// A shape of `overlays` or `underlays`.
struct Shape {
    at: String,
    centre: Point,
    width: f64,
    height: f64,
    rounded: bool,
    fill: Colour,
    text: String,
    /// The text's size, and whether the shape is drawn as SudokuPad's
    /// converter draws its grey marks (`#CFCFCF` inside and out).
    font: f64,
    converter_grey: bool,
}

/// A line of `lines` or `arrows`.
struct Line {
    at: String,
    points: Vec<Point>,
    colour: Colour,
    thickness: f64,
}

/// The puzzle's drawings and settings, read.
struct Reading<'s> {
    n: i64,
    said: &'s Said,
    doc: Object,
    shapes: Vec<Shape>,
    lines: Vec<Line>,
    arrows: Vec<Line>,
    used_shapes: Vec<bool>,
    used_lines: Vec<bool>,
}

/// The f-puzzles document of a SudokuPad puzzle's rules, and its
/// metadata; `said` is what `--rule` says (the text is read here).
pub fn to_fpuzzles(puzzle: &Value, asserted: &[String]) -> Result<(Value, Meta), String> {
    let puzzle = puzzle
        .as_object()
        .ok_or("a SudokuPad puzzle is a JSON object")?;
    let meta = read_meta(puzzle)?;
    let said = Said::read(meta.rules.as_deref().unwrap_or(""), asserted)?;
    let mut reading = Reading::new(puzzle, &said)?;
    reading.read_grid(puzzle)?;
    for key in &meta.settings {
        reading.doc.insert(key.clone(), json!(true));
    }
    reading.read_global(puzzle)?;
    reading.read_cages(puzzle)?;
    reading.read_arrows()?;
    reading.read_lines()?;
    reading.read_shapes()?;
    reading.all_dots();
    check_doc(&reading.doc, &said)?;
    Ok((Value::Object(reading.doc), meta))
}

impl<'s> Reading<'s> {
    fn new(puzzle: &Object, said: &'s Said) -> Result<Reading<'s>, String> {
        let rows = list(puzzle, "cells")?;
        let n = rows.len() as i64;
        if n == 0 {
            return Err("no \"cells\": a SudokuPad puzzle needs its grid".into());
        }
        let mut shapes = Vec::new();
        for key in ["underlays", "overlays"] {
            for (i, s) in list(puzzle, key)?.iter().enumerate() {
                let at = format!("{key}[{i}]");
                let centre = s
                    .get("center")
                    .and_then(point)
                    .ok_or_else(|| format!("{at}.center is not a point [row, column]"))?;
                let fill = match s.get("backgroundColor") {
                    Some(v) if !v.is_null() => Colour::of(Some(v)),
                    _ => Colour::of(s.get("borderColor")),
                };
                shapes.push(Shape {
                    at,
                    centre,
                    width: num(s.get("width")).unwrap_or(1.0),
                    height: num(s.get("height")).unwrap_or(1.0),
                    rounded: s.get("rounded").and_then(Value::as_bool).unwrap_or(false),
                    fill,
                    text: text_of(s.get("text")),
                    font: num(s.get("fontSize")).unwrap_or(0.0),
                    converter_grey: ["backgroundColor", "borderColor"].iter().all(|k| {
                        s.get(*k)
                            .and_then(Value::as_str)
                            .is_some_and(|c| c.eq_ignore_ascii_case("#CFCFCF"))
                    }),
                });
            }
        }
        let read_lines = |key: &str| -> Result<Vec<Line>, String> {
            let mut lines = Vec::new();
            for (i, l) in list(puzzle, key)?.iter().enumerate() {
                let at = format!("{key}[{i}]");
                let points = match l.get("wayPoints") {
                    Some(Value::Array(ps)) => ps.iter().map(point).collect::<Option<Vec<_>>>(),
                    // A path given as SVG (`d`) draws, but passes no cell.
                    _ => Some(Vec::new()),
                }
                .ok_or_else(|| format!("{at}.wayPoints is not a list of points [row, column]"))?;
                let opacity = num(l.get("opacity")).unwrap_or(1.0);
                lines.push(Line {
                    at,
                    points,
                    colour: Colour::seen(l.get("color"), opacity),
                    thickness: num(l.get("thickness")).unwrap_or(1.0),
                });
            }
            Ok(lines)
        };
        let lines = read_lines("lines")?;
        let arrows = read_lines("arrows")?;
        Ok(Reading {
            n,
            said,
            doc: Object::new(),
            used_shapes: vec![false; shapes.len()],
            used_lines: vec![false; lines.len()],
            shapes,
            lines,
            arrows,
        })
    }

    /// The cell whose centre `p` is, if it is one of the grid's.
    fn centre_cell(&self, (y, x): Point) -> Option<(i64, i64)> {
        let (r, c) = (y.floor(), x.floor());
        let inside = |v: f64| v >= 0.0 && v < self.n as f64;
        (near(y - r, 0.5) && near(x - c, 0.5) && inside(y) && inside(x))
            .then_some((r as i64, c as i64))
    }

    /// The cells of a line whose points are all cell centres, with the
    /// cells a straight or diagonal segment passes between its ends
    /// (SudokuPad's editors write only the turns).
    fn centre_cells(&self, points: &[Point]) -> Option<Vec<(i64, i64)>> {
        let turns: Vec<(i64, i64)> = points
            .iter()
            .map(|&p| self.centre_cell(p))
            .collect::<Option<_>>()?;
        Some(through(&turns))
    }

    /// `cells` and the given digits, and `regions` as each cell's region.
    fn read_grid(&mut self, puzzle: &Object) -> Result<(), String> {
        let n = self.n as usize;
        let mut grid = Vec::with_capacity(n);
        for (r, row) in list(puzzle, "cells")?.iter().enumerate() {
            let len = row.as_array().map_or(0, Vec::len);
            let row = row.as_array().filter(|row| row.len() == n).ok_or_else(|| {
                format!(
                    "cells[{r}] has {len} cells, but the grid has {n} rows: a grid is n rows of n cells"
                )
            })?;
            let mut out = Vec::with_capacity(n);
            for (c, cell) in row.iter().enumerate() {
                let mut f = Object::new();
                let value = text_of(cell.get("value"));
                if !value.is_empty() {
                    let d: u64 = value.parse().map_err(|_| {
                        format!("cells[{r}][{c}].value is \"{value}\", not a digit")
                    })?;
                    f.insert("value".into(), json!(d));
                    f.insert("given".into(), json!(true));
                }
                if let Some(marks) = cell.get("centremarks").filter(|m| !is_empty(m)) {
                    f.insert("centerPencilMarks".into(), marks.clone());
                }
                out.push(Value::Object(f));
            }
            grid.push(out);
        }
        if let Some(regions) = puzzle.get("regions").filter(|r| !is_empty(r)) {
            let regions = regions.as_array().ok_or("\"regions\" is not a list")?;
            for (k, region) in regions.iter().enumerate() {
                let cells = region
                    .as_array()
                    .ok_or_else(|| format!("regions[{k}] is not a list of cells"))?;
                for (i, cell) in cells.iter().enumerate() {
                    let (r, c) = point(cell)
                        .filter(|&(r, c)| r >= 0.0 && c >= 0.0 && r < n as f64 && c < n as f64)
                        .ok_or_else(|| {
                            format!("regions[{k}][{i}] is not a cell [row, column] of the grid")
                        })?;
                    if let Some(Value::Object(f)) = grid
                        .get_mut(r as usize)
                        .and_then(|row| row.get_mut(c as usize))
                    {
                        f.insert("region".into(), json!(k));
                    }
                }
            }
            // A cell in no region (SudokuPad draws none) is the f-puzzles
            // reader's error.
            for row in &mut grid {
                for cell in row.iter_mut() {
                    if let Value::Object(f) = cell {
                        f.entry("region").or_insert(Value::Null);
                    }
                }
            }
        }
        self.doc.insert("size".into(), json!(n));
        self.doc.insert("grid".into(), json!(grid));
        Ok(())
    }

    /// `global`: the rules of the whole grid.
    fn read_global(&mut self, puzzle: &Object) -> Result<(), String> {
        let mut negative = Vec::new();
        for (i, g) in list(puzzle, "global")?.iter().enumerate() {
            let name = g.as_str().unwrap_or_default();
            match name {
                "antiknight" | "antiking" | "nonconsecutive" => {
                    self.doc.insert(name.into(), json!(true));
                }
                "disjoint" => {
                    self.doc.insert("disjointgroups".into(), json!(true));
                }
                "antiratio" => negative.push("ratio"),
                "antixv" => negative.push("xv"),
                _ => {
                    return Err(format!(
                        "global[{i}] is {g}, a setting dlx does not know (known: antiknight, antiking, nonconsecutive, disjoint, antiratio, antixv)"
                    ));
                }
            }
        }
        let flags = [
            ("antiknight", "antiknight"),
            ("antiking", "antiking"),
            ("nonconsecutive", "nonconsecutive"),
            ("disjoint", "disjointgroups"),
        ];
        for (rule, key) in flags {
            if self.said.asserts(rule) {
                self.doc.insert(key.into(), json!(true));
            }
        }
        if self.said.asserts("diagonals") {
            self.doc.insert("diagonal+".into(), json!(true));
            self.doc.insert("diagonal-".into(), json!(true));
        }
        if self.said.asserts("all-xv") && !negative.contains(&"xv") {
            negative.push("xv");
        }
        if !negative.is_empty() {
            self.doc.insert("negative".into(), json!(negative));
        }
        Ok(())
    }

    /// `cages`: killer cages (with or without a sum), extra regions,
    /// disjoint groups; metadata and cosmetic outlines pass.
    fn read_cages(&mut self, puzzle: &Object) -> Result<(), String> {
        let mut killer = Vec::new();
        let mut extra = Vec::new();
        for (i, cage) in list(puzzle, "cages")?.iter().enumerate() {
            let at = format!("cages[{i}]");
            if meta_cage(cage).is_some() {
                continue;
            }
            let Some(cells) = cage.get("cells").and_then(Value::as_array) else {
                continue;
            };
            let cells = cells
                .iter()
                .map(|p| {
                    point(p)
                        .filter(|&(r, c)| {
                            (0.0..self.n as f64).contains(&r) && (0.0..self.n as f64).contains(&c)
                        })
                        .map(|(r, c)| rc(r as i64, c as i64))
                })
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| format!("{at}.cells is not a list of cells of the grid"))?;
            let style = cage.get("style").and_then(Value::as_str).unwrap_or("");
            let kind = cage.get("type").and_then(Value::as_str).unwrap_or("");
            let unique = cage.get("unique").and_then(Value::as_bool);
            let value = text_of(cage.get("value"));
            let sum = match text_of(cage.get("sum")) {
                s if s.is_empty() => value.clone(),
                s => s,
            };
            match (style, kind) {
                ("extraregion", _) => extra.push(json!({ "cells": cells })),
                (_, "disjoint") => {
                    self.doc.insert("disjointgroups".into(), json!(true));
                }
                ("", "") | ("killer", _) => {
                    if unique == Some(false) && cage.get("hidden") == Some(&json!(true)) {
                        return Err(format!(
                            "{at}: cells in no region ({} cells), which dlx does not support",
                            cells.len()
                        ));
                    }
                    let summed = !sum.is_empty();
                    if summed && sum.parse::<u32>().is_err() {
                        return Err(format!(
                            "{at}: a cage whose clue is \"{sum}\", not a sum; dlx reads killer cages with sums"
                        ));
                    }
                    let killer_rule = self.said.means("killer") || unique == Some(true);
                    if summed && unique == Some(false) {
                        return Err(format!(
                            "{at}: a cage of sum {sum} whose digits may repeat, which dlx does not support"
                        ));
                    }
                    if summed || killer_rule {
                        let mut k = json!({ "cells": cells });
                        if summed {
                            k["value"] = json!(sum);
                        }
                        killer.push(k);
                    }
                }
                _ => {
                    return Err(format!(
                        "{at}: a cage of style \"{style}\"{} that dlx does not know",
                        if kind.is_empty() {
                            String::new()
                        } else {
                            format!(" and type \"{kind}\"")
                        }
                    ));
                }
            }
        }
        if !killer.is_empty() {
            self.doc.insert("killercage".into(), json!(killer));
        }
        if !extra.is_empty() {
            self.doc.insert("extraregion".into(), json!(extra));
        }
        Ok(())
    }

    fn push(&mut self, key: &str, entry: Value) {
        match self.doc.get_mut(key) {
            Some(Value::Array(a)) => a.push(entry),
            _ => {
                self.doc.insert(key.into(), json!([entry]));
            }
        }
    }

    /// The shape round, without text and at most `most` wide, whose
    /// outline holds `p` (a bulb: several arrows or thermometers may
    /// share one).
    fn bulb_at(&self, p: Point, most: f64) -> Option<usize> {
        self.shapes.iter().position(|s| {
            s.rounded
                && s.text.is_empty()
                && s.width >= 0.5
                && s.width.max(s.height) <= most
                && (p.0 - s.centre.0).abs() <= s.height / 2.0 + 0.05
                && (p.1 - s.centre.1).abs() <= s.width / 2.0 + 0.05
        })
    }

    /// Marks bulb `k` used, with every other circle drawn at its centre
    /// (a bulb drawn once an arrow).
    fn use_bulb(&mut self, k: usize) {
        let c = self.shapes[k].centre;
        for (i, s) in self.shapes.iter().enumerate() {
            if s.rounded && s.text.is_empty() && near(s.centre.0, c.0) && near(s.centre.1, c.1) {
                self.used_shapes[i] = true;
            }
        }
    }

    /// The cells a shape covers (its centre ± half its size, rounded to
    /// cell centres).
    fn covered(&self, s: &Shape) -> Vec<(i64, i64)> {
        let span = |centre: f64, size: f64| {
            let from = (centre - size / 2.0 + 0.25).floor() as i64;
            let to = (centre + size / 2.0 - 0.25).floor() as i64;
            from..=to
        };
        let mut cells = Vec::new();
        for r in span(s.centre.0, s.height) {
            for c in span(s.centre.1, s.width) {
                if (0..self.n).contains(&r) && (0..self.n).contains(&c) {
                    cells.push((r, c));
                }
            }
        }
        cells
    }

    /// `arrows`: little killer arrows by a clue outside the grid, and sum
    /// arrows from a bulb (a circle, a pill, or a thick line of cells).
    fn read_arrows(&mut self) -> Result<(), String> {
        let arrows = std::mem::take(&mut self.arrows);
        for arrow in &arrows {
            let [first, second, ..] = arrow.points[..] else {
                continue;
            };
            let n = self.n as f64;
            let outside = |(y, x): Point| y < 0.0 || x < 0.0 || y > n || x > n;
            if outside(first) {
                self.little_killer(arrow, first, second)?;
                continue;
            }
            let start = (first.0.floor() as i64, first.1.floor() as i64);
            let bulb = match self.bulb_at(first, n) {
                Some(k) => {
                    self.use_bulb(k);
                    self.covered(&self.shapes[k])
                }
                None => match self.lines.iter().enumerate().position(|(i, l)| {
                    !self.used_lines[i]
                        && l.thickness >= 15.0
                        && self
                            .centre_cells(&l.points)
                            .is_some_and(|cells| cells.contains(&start))
                }) {
                    Some(i) => {
                        // The converter's pill of several cells: the grey
                        // line and the white line inside it.
                        let cells = self.centre_cells(&self.lines[i].points).unwrap_or_default();
                        for (j, l) in self.lines.iter().enumerate() {
                            if self.centre_cells(&l.points).as_ref() == Some(&cells) {
                                self.used_lines[j] = true;
                            }
                        }
                        cells
                    }
                    None => {
                        return Err(format!(
                            "{}: an arrow from {} with no bulb (a circle at its start): dlx reads arrows whose bulb holds the sum",
                            arrow.at,
                            cell_name(start)
                        ));
                    }
                },
            };
            let centre = (start.0 as f64 + 0.5, start.1 as f64 + 0.5);
            let mut points = vec![centre];
            points.extend_from_slice(&arrow.points[1..]);
            let shaft = self.centre_cells(&points).ok_or_else(|| {
                format!(
                    "{}: an arrow whose shaft does not run through cell centres",
                    arrow.at
                )
            })?;
            let line: Vec<String> = shaft.iter().map(|&(r, c)| rc(r, c)).collect();
            let cells: Vec<String> = bulb.iter().map(|&(r, c)| rc(r, c)).collect();
            self.push("arrow", json!({"cells": cells, "lines": [line]}));
        }
        Ok(())
    }

    /// A little killer: an arrow outside the grid, by its clue.
    fn little_killer(&mut self, arrow: &Line, first: Point, second: Point) -> Result<(), String> {
        let (dy, dx) = (second.0 - first.0, second.1 - first.1);
        let direction = match (dy < 0.0, dx < 0.0) {
            _ if dy.abs() < 0.01 || dx.abs() < 0.01 => None,
            (true, false) => Some("UR"),
            (true, true) => Some("UL"),
            (false, false) => Some("DR"),
            (false, true) => Some("DL"),
        }
        .ok_or_else(|| {
            format!(
                "{}: an arrow outside the grid that is not diagonal",
                arrow.at
            )
        })?;
        let clue = (first.0.floor(), first.1.floor());
        let found = self.shapes.iter().enumerate().position(|(i, s)| {
            !self.used_shapes[i]
                && !s.text.is_empty()
                && s.centre.0.floor() == clue.0
                && s.centre.1.floor() == clue.1
        });
        let Some(k) = found else {
            return Err(format!(
                "{}: a little killer arrow outside the grid at {} with no number by it",
                arrow.at,
                cell_name((clue.0 as i64, clue.1 as i64))
            ));
        };
        self.used_shapes[k] = true;
        let value = self.shapes[k].text.clone();
        self.push(
            "littlekillersum",
            json!({"cell": rc(clue.0 as i64, clue.1 as i64), "direction": direction, "value": value}),
        );
        Ok(())
    }

    /// `lines`: diagonals, thermometers (a bulb at one end), min/max
    /// chevrons, and lines through cell centres by their colour.
    fn read_lines(&mut self) -> Result<(), String> {
        let n = self.n as f64;
        for i in 0..self.lines.len() {
            if self.used_lines[i] {
                continue;
            }
            let points = self.lines[i].points.clone();
            let corner = |p: Point, q: Point| near(p.0, q.0) && near(p.1, q.1);
            if let [a, b] = points[..] {
                let key = if corner(a, (0.0, 0.0)) && corner(b, (n, n))
                    || corner(b, (0.0, 0.0)) && corner(a, (n, n))
                {
                    Some("diagonal-")
                } else if corner(a, (0.0, n)) && corner(b, (n, 0.0))
                    || corner(b, (0.0, n)) && corner(a, (n, 0.0))
                {
                    Some("diagonal+")
                } else {
                    None
                };
                if let Some(key) = key {
                    self.doc.insert(key.into(), json!(true));
                    self.used_lines[i] = true;
                    continue;
                }
            }
            let Some(cells) = self.centre_cells(&points).filter(|c| c.len() >= 2) else {
                // Not through cell centres: a decoration, or a min/max
                // chevron (read with its shaded cell).
                continue;
            };
            self.used_lines[i] = true;
            self.cell_line(i, cells)?;
        }
        Ok(())
    }

    /// A line through cell centres: a thermometer when a bulb sits at one
    /// end, else the rule its colour family has in the text.
    fn cell_line(&mut self, i: usize, mut cells: Vec<(i64, i64)>) -> Result<(), String> {
        let line = &self.lines[i];
        let centre = |(r, c): (i64, i64)| (r as f64 + 0.5, c as f64 + 0.5);
        let first = centre(cells[0]);
        let last = centre(cells[cells.len() - 1]);
        let bulb = (self.bulb_at(first, 1.0).map(|k| (k, false)))
            .or_else(|| self.bulb_at(last, 1.0).map(|k| (k, true)));
        let family = line.colour.family();
        let names: Vec<String> = cells.iter().map(|&c| cell_name(c)).collect();
        let described = format!(
            "{}: a {family} line (thickness {}) through {}",
            line.at,
            line.thickness,
            names.join(" ")
        );
        let entry = |cells: &[(i64, i64)]| -> Value {
            let names: Vec<String> = cells.iter().map(|&(r, c)| rc(r, c)).collect();
            json!({ "lines": [names] })
        };
        if let Some((k, reversed)) = bulb {
            self.use_bulb(k);
            if reversed {
                cells.reverse();
            }
            self.push("thermometer", entry(&cells));
            return Ok(());
        }
        let said = self.said;
        let (key, rule) = match family {
            "grey" => ("palindrome", "palindrome"),
            "green" => ("whispers", "whispers"),
            "orange" => ("whispers", "dutch-whispers"),
            "purple" => ("renban", "renban"),
            _ => {
                return Err(format!(
                    "{described}: dlx knows no rule for a line of this colour (grey: thermometers and palindromes, green: whispers, orange: Dutch whispers, purple or pink: renban)"
                ));
            }
        };
        // The converter's own palindrome needs no words.
        let converter = key == "palindrome" && near(line.thickness / 16.0, 1.0);
        if !(said.means(rule) || converter) {
            return Err(format!(
                "{described}: the rules text does not say what it is; if it is a {rule} line, say so with --rule {rule}"
            ));
        }
        let mut e = entry(&cells);
        if rule == "dutch-whispers" {
            e["value"] = json!(4);
        }
        self.push(key, e);
        Ok(())
    }

    /// Overlays and underlays: dots and letters on edges, quadruples on
    /// corners, numbers outside the grid, shapes in cells.
    fn read_shapes(&mut self) -> Result<(), String> {
        let n = self.n as f64;
        for k in 0..self.shapes.len() {
            if self.used_shapes[k] {
                continue;
            }
            let s = &self.shapes[k];
            let (y, x) = s.centre;
            let whole = |v: f64| near(v, v.round());
            let half = |v: f64| near(v - v.floor(), 0.5);
            let inside = y > 0.0 && x > 0.0 && y < n && x < n;
            let small = s.width.max(s.height) <= 0.5;
            let at = s.at.clone();
            if inside && small && (whole(y) && half(x) || half(y) && whole(x)) {
                self.edge_mark(k)?;
            } else if inside && whole(y) && whole(x) && s.rounded && !s.text.is_empty() {
                self.quadruple(k)?;
            } else if !inside && !s.text.is_empty() {
                self.outside_number(k)?;
            } else if inside && half(y) && half(x) && s.text.is_empty() && s.width < 0.95 {
                self.cell_shape(k)?;
            } else if inside && half(y) && half(x) && s.text.is_empty() {
                self.shaded_cell(k);
            } else if inside && !(half(y) && half(x)) && !s.text.is_empty() && small {
                return Err(format!(
                    "{at}: \"{}\" between cells, a clue dlx does not know",
                    s.text
                ));
            } else if inside
                && half(y)
                && half(x)
                && s.text.parse::<u32>().is_ok()
                && !self.said.asserts("as-drawn")
            {
                // A number drawn in a cell is no given (givens are the
                // cells' values): a clue of some rule, not decoration.
                let cell = cell_name((y.floor() as i64, x.floor() as i64));
                return Err(format!(
                    "{at}: the number {} drawn in {cell}, not a given: a clue dlx does not know (--rule as-drawn reads it as decoration)",
                    s.text
                ));
            }
        }
        Ok(())
    }

    /// `--rule all-dots`: the negative rule of the dots the puzzle has
    /// (white, black, or both when it draws or names neither).
    fn all_dots(&mut self) {
        if !self.said.asserts("all-dots") {
            return;
        }
        let has = |key: &str| self.doc.get(key).is_some_and(|v| !is_empty(v));
        let white = has("difference") || self.said.mentions("white");
        let black = has("ratio") || self.said.mentions("black");
        if white || !black {
            self.doc.insert("nonconsecutive".into(), json!(true));
        }
        if black || !white {
            let mut negative = match self.doc.remove("negative") {
                Some(Value::Array(a)) => a,
                _ => Vec::new(),
            };
            if !negative.iter().any(|v| v == "ratio") {
                negative.push(json!("ratio"));
            }
            self.doc.insert("negative".into(), Value::Array(negative));
        }
    }

    /// A dot or letter on the edge between two cells.
    fn edge_mark(&mut self, k: usize) -> Result<(), String> {
        let s = &self.shapes[k];
        let (y, x) = s.centre;
        let (a, b) = if near(y - y.floor(), 0.5) {
            let r = y.floor() as i64;
            let c = x.round() as i64;
            ((r, c - 1), (r, c))
        } else {
            let r = y.round() as i64;
            let c = x.floor() as i64;
            ((r - 1, c), (r, c))
        };
        let cells = json!([rc(a.0, a.1), rc(b.0, b.1)]);
        let text = s.text.to_ascii_uppercase();
        if text == "X" || text == "V" {
            self.push("xv", json!({"cells": cells, "value": text}));
        } else if s.rounded
            && (text.is_empty() || text.parse::<u32>().is_ok())
            && (s.fill.is_dark() || s.fill.is_grey())
        {
            let key = if s.fill.is_dark() {
                "ratio"
            } else {
                "difference"
            };
            let mut e = json!({ "cells": cells });
            if !text.is_empty() {
                e["value"] = json!(text);
            }
            self.push(key, e);
        } else if !text.is_empty() || s.rounded {
            let what = match text.is_empty() {
                true => format!("a {} dot", s.fill.family()),
                false => format!("\"{}\"", s.text),
            };
            return Err(format!(
                "{}: {what} on the edge of {} and {}, a clue dlx does not know (kropki dots are black or white)",
                s.at,
                cell_name(a),
                cell_name(b)
            ));
        }
        Ok(())
    }

    /// Digits in a circle on the corner of four cells.
    fn quadruple(&mut self, k: usize) -> Result<(), String> {
        let s = &self.shapes[k];
        let (r, c) = (s.centre.0.round() as i64, s.centre.1.round() as i64);
        let digits: Vec<Value> = s
            .text
            .split(|ch: char| !ch.is_ascii_digit())
            .filter(|t| !t.is_empty())
            .map(|t| json!(t))
            .collect();
        if digits.is_empty() {
            return Err(format!(
                "{}: \"{}\" on the corner of r{r}c{c}, a clue dlx does not know",
                s.at, s.text
            ));
        }
        let cells = json!([rc(r - 1, c - 1), rc(r - 1, c), rc(r, c - 1), rc(r, c)]);
        self.push("quadruple", json!({"cells": cells, "values": digits}));
        Ok(())
    }

    /// A number outside the grid with no arrow: a sandwich sum.
    fn outside_number(&mut self, k: usize) -> Result<(), String> {
        let s = &self.shapes[k];
        let (r, c) = (s.centre.0.floor() as i64, s.centre.1.floor() as i64);
        let in_line = (0..self.n).contains(&r) != (0..self.n).contains(&c);
        if s.text.parse::<u32>().is_err() || !in_line {
            // A title, a label: text outside the grid carries no rule.
            return Ok(());
        }
        // The converter's sandwich sums need no words.
        let converter = near(s.font, 32.0) && near(s.width, 0.25);
        if !self.said.means("sandwich") && !converter {
            return Err(format!(
                "{}: the number {} outside the grid by {}: the rules text does not say what it is; if it is a sandwich sum, say so with --rule sandwich",
                s.at,
                s.text,
                cell_name((r.clamp(0, self.n - 1), c.clamp(0, self.n - 1)))
            ));
        }
        let value = s.text.clone();
        self.push("sandwichsum", json!({"cell": rc(r, c), "value": value}));
        Ok(())
    }

    /// A small circle or square in a cell: odd or even when the text says
    /// so, else cosmetic.
    fn cell_shape(&mut self, k: usize) -> Result<(), String> {
        let s = &self.shapes[k];
        // The converter's odd and even cells need no words.
        let converter = s.converter_grey && near(s.width, 0.7) && near(s.height, 0.7);
        if !(self.said.means("odd-even") || converter) || s.width < 0.4 {
            let word = if s.rounded { "circle" } else { "square" };
            if self.said.mentions(word) && s.width >= 0.4 {
                return Err(format!(
                    "{}: a {} {word} in {}, and the rules text speaks of a {word}: dlx does not know its rule (say --rule odd-even if circles are odd and squares even, or --rule as-drawn to read it as decoration)",
                    s.at,
                    s.fill.family(),
                    cell_name((s.centre.0.floor() as i64, s.centre.1.floor() as i64))
                ));
            }
            return Ok(());
        }
        let cell = rc(s.centre.0.floor() as i64, s.centre.1.floor() as i64);
        let key = if s.rounded { "odd" } else { "even" };
        self.push(key, json!({ "cell": cell }));
        Ok(())
    }

    /// A shaded cell: a minimum or maximum when chevrons point at its
    /// neighbours (the converter's drawing), else cosmetic.
    fn shaded_cell(&mut self, k: usize) {
        let centre = self.shapes[k].centre;
        let mut votes = 0i32;
        for (i, l) in self.lines.iter().enumerate() {
            let [a, tip, b] = l.points[..] else {
                continue;
            };
            let d = |p: Point| (p.0 - centre.0).abs().max((p.1 - centre.1).abs());
            if self.used_lines[i] || d(tip) > 0.5 || d(a) > 0.5 || d(b) > 0.5 {
                continue;
            }
            votes += if d(tip) < d(a) { 1 } else { -1 };
        }
        let cell = rc(centre.0.floor() as i64, centre.1.floor() as i64);
        match votes.signum() {
            1 => self.push("minimum", json!({ "cell": cell })),
            -1 => self.push("maximum", json!({ "cell": cell })),
            _ => {}
        }
    }
}
