//! Links out: any puzzle `dlx` reads or makes as an f-puzzles link (its
//! JSON, lz-string compressed, after `?load=`) and as a SudokuPad `scl`
//! link (the drawings SudokuPad's own f-puzzles converter makes of the
//! same document, zipped and compressed), with the solution when given.
//!
//! Invariants: reading a written link back gives the same grid and the
//! same rules (each link is read back by its own reader before it is
//! returned, so a rule it cannot hold is an error, never a link to
//! another puzzle); the SudokuPad drawings are those of `fpuzzlesdecoder.js` for
//! every kind it converts, and for whispers and renban (which it does
//! not) a green, orange or purple line with a rules text that names them.

use serde_json::{Map, Value, json};

use super::super::lzstring::compress_to_base64;
use super::super::{Case, fpuzzles};
use super::{drawn, zip};
use crate::sudoku::{Constraint, Grid, Relation, Shape, Variant};

type Object = Map<String, Value>;

/// A link [`link`] writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    /// `https://www.f-puzzles.com/?load=…`: f-puzzles' JSON, lz-string
    /// compressed.
    FPuzzles,
    /// `https://sudokupad.app/scl…`: SudokuPad's zipped puzzle JSON,
    /// lz-string compressed.
    SudokuPad,
}

/// The link of `case`, with `solution` embedded when given.
pub fn link(kind: Link, case: &Case, solution: Option<&Grid>) -> Result<String, String> {
    let doc = fpuzzles_doc(case, solution)?;
    // Each link is read back as its reader reads it, once.
    let (what, link, back) = match kind {
        Link::FPuzzles => {
            let json = doc.to_string();
            let link = format!(
                "https://www.f-puzzles.com/?load={}",
                compress_to_base64(&json)
            );
            ("an f-puzzles document", link, fpuzzles::parse_json(&json))
        }
        Link::SudokuPad => {
            let zipped = zip::zip(&sudokupad_doc(&doc, case)?);
            let back = zip::unzip(&zipped).and_then(|p| super::read_puzzle(&p, &[]));
            let link = format!("https://sudokupad.app/scl{}", compress_to_base64(&zipped));
            ("SudokuPad's drawings", link, back)
        }
    };
    match back {
        Ok(b) if same_puzzle(&b, case) => Ok(link),
        Ok(_) => Err(format!(
            "its rules do not fit {what} (they read back as others)"
        )),
        Err(e) => Err(format!("its rules do not fit {what}: {e}")),
    }
}

/// `R1C1` of cell `k` of an `n`x`n` grid.
fn rc(k: usize, n: usize) -> String {
    format!("R{}C{}", k / n + 1, k % n + 1)
}

fn rcs(cells: &[u16], n: usize) -> Vec<String> {
    cells.iter().map(|&k| rc(k as usize, n)).collect()
}

/// The f-puzzles document of `case` ([`link`] checks that what is
/// written of it reads back as the same puzzle); an error for rules no
/// document holds (pencil marks, dots of other sums).
pub(crate) fn fpuzzles_doc(case: &Case, solution: Option<&Grid>) -> Result<Value, String> {
    let grid = &case.grid;
    let shape = grid.shape();
    let n = grid.n();
    let variant = case.variant.as_deref();
    let mut doc = Object::new();
    doc.insert("size".into(), json!(n));
    let default_boxes = Shape::for_side(n).is_ok_and(|s| s == shape);
    let regions: Option<Vec<usize>> = match variant.and_then(Variant::regions) {
        Some(r) => Some(r.iter().map(|&g| usize::from(g)).collect()),
        None if !default_boxes => Some((0..n * n).map(|k| shape.box_of(k / n, k % n)).collect()),
        None => None,
    };
    let rows: Vec<Value> = (0..n)
        .map(|r| {
            let row: Vec<Value> = (0..n)
                .map(|c| {
                    let mut cell = Object::new();
                    if grid.get(r, c) != 0 {
                        cell.insert("value".into(), json!(grid.get(r, c)));
                        cell.insert("given".into(), json!(true));
                    }
                    if let Some(regions) = &regions {
                        cell.insert("region".into(), json!(regions[r * n + c]));
                    }
                    Value::Object(cell)
                })
                .collect();
            Value::Array(row)
        })
        .collect();
    doc.insert("grid".into(), Value::Array(rows));
    if let Some(v) = variant {
        write_rules(v, n, &mut doc)?;
    }
    if let Some(about) = &case.about {
        for (key, text) in [
            ("title", &about.title),
            ("author", &about.author),
            ("ruleset", &about.rules),
        ] {
            if let Some(text) = text {
                doc.insert(key.into(), json!(text));
            }
        }
    }
    if let Some(s) = solution {
        doc.insert("solution".into(), json!(s.cells()));
    }
    Ok(Value::Object(doc))
}

/// Whether two cases are the same puzzle: the same givens, houses and
/// rules, however each reading holds them (the boxes of a 3x2 shape or
/// the same cells as regions, a hyper Sudoku's windows or four extra
/// regions, killer cages or cage constraints).
pub fn same_puzzle(a: &Case, b: &Case) -> bool {
    a.grid.cells() == b.grid.cells() && rules_key(a) == rules_key(b)
}

/// The rules of a case in a form that two readings of the same rules
/// share: each cell's region numbered by first appearance, windows and
/// cages as the constraints they are, constraints in a fixed order.
fn rules_key(case: &Case) -> (Vec<u8>, bool, Vec<String>) {
    let shape = case.grid.shape();
    let n = shape.n();
    let v = case.variant.as_deref();
    let given: Vec<usize> = match v.and_then(Variant::regions) {
        Some(r) => r.iter().map(|&g| usize::from(g)).collect(),
        None => (0..n * n).map(|k| shape.box_of(k / n, k % n)).collect(),
    };
    let mut seen: Vec<usize> = Vec::new();
    let regions = given
        .iter()
        .map(|g| match seen.iter().position(|s| s == g) {
            Some(i) => i as u8,
            None => {
                seen.push(*g);
                (seen.len() - 1) as u8
            }
        })
        .collect();
    let Some(v) = v else {
        return (regions, false, Vec::new());
    };
    let mut constraints: Vec<String> = v
        .constraints()
        .iter()
        .map(|c| format!("{:?}", unordered(c)))
        .collect();
    for cage in v.cages() {
        let c = Constraint::Cage {
            cells: cage.cells.clone(),
            sum: Some(cage.sum),
        };
        constraints.push(format!("{c:?}"));
    }
    if v.windows() {
        for w in windows(n) {
            constraints.push(format!("{:?}", Constraint::Distinct(w)));
        }
    }
    constraints.sort();
    (regions, v.diagonals(), constraints)
}

/// `c` with the order of its cells fixed where the rule has none (a dot's
/// two cells, a cage's, a renban line's) or reads the same both ways (a
/// palindrome, whispers).
fn unordered(c: &Constraint) -> Constraint {
    let sorted = |cells: &[u16]| {
        let mut cells = cells.to_vec();
        cells.sort_unstable();
        cells
    };
    let either_way = |cells: &[u16]| {
        let back: Vec<u16> = cells.iter().rev().copied().collect();
        back.min(cells.to_vec())
    };
    match c {
        Constraint::Dot { cells, relation } => Constraint::Dot {
            cells: [cells[0].min(cells[1]), cells[0].max(cells[1])],
            relation: *relation,
        },
        Constraint::Never { cells, relations } => Constraint::Never {
            cells: [cells[0].min(cells[1]), cells[0].max(cells[1])],
            relations: relations.clone(),
        },
        Constraint::Cage { cells, sum } => Constraint::Cage {
            cells: sorted(cells),
            sum: *sum,
        },
        Constraint::Distinct(cells) => Constraint::Distinct(sorted(cells)),
        Constraint::Renban(cells) => Constraint::Renban(sorted(cells)),
        Constraint::Palindrome(cells) => Constraint::Palindrome(either_way(cells)),
        Constraint::Whispers { cells, gap } => Constraint::Whispers {
            cells: either_way(cells),
            gap: *gap,
        },
        Constraint::Quadruple { cells, digits } => Constraint::Quadruple {
            cells: sorted(cells),
            digits: digits.clone(),
        },
        other => other.clone(),
    }
}

/// The four windows of a 9x9 hyper Sudoku.
fn windows(n: usize) -> Vec<Vec<u16>> {
    [(1, 1), (1, 5), (5, 1), (5, 5)]
        .iter()
        .map(|&(r0, c0)| {
            (0..9)
                .map(|k| ((r0 + k / 3) * n + c0 + k % 3) as u16)
                .collect()
        })
        .collect()
}

fn push(doc: &mut Object, key: &str, entry: Value) {
    match doc.get_mut(key) {
        Some(Value::Array(a)) => a.push(entry),
        _ => {
            doc.insert(key.into(), json!([entry]));
        }
    }
}

/// The variant's rules as f-puzzles keys.
fn write_rules(v: &Variant, n: usize, doc: &mut Object) -> Result<(), String> {
    if v.candidates().is_some() {
        return Err("pencil marks (Sukaku) have no place in a link".into());
    }
    if v.diagonals() {
        doc.insert("diagonal+".into(), json!(true));
        doc.insert("diagonal-".into(), json!(true));
    }
    if v.windows() {
        for w in windows(n) {
            push(doc, "extraregion", json!({ "cells": rcs(&w, n) }));
        }
    }
    for cage in v.cages() {
        push(
            doc,
            "killercage",
            json!({"cells": rcs(&cage.cells, n), "value": cage.sum.to_string()}),
        );
    }
    let mut negative: Vec<&str> = Vec::new();
    for c in v.constraints() {
        write_constraint(c, n, doc, &mut negative)?;
    }
    if !negative.is_empty() {
        negative.sort_unstable();
        negative.dedup();
        doc.insert("negative".into(), json!(negative));
    }
    Ok(())
}

fn write_constraint(
    c: &Constraint,
    n: usize,
    doc: &mut Object,
    negative: &mut Vec<&'static str>,
) -> Result<(), String> {
    let lines = |cells: &[u16]| json!({ "lines": [rcs(cells, n)] });
    let one = |cell: u16| json!({ "cell": rc(cell as usize, n) });
    match c {
        Constraint::Thermometer(cells) => push(doc, "thermometer", lines(cells)),
        Constraint::Palindrome(cells) => push(doc, "palindrome", lines(cells)),
        Constraint::Renban(cells) => push(doc, "renban", lines(cells)),
        Constraint::Whispers { cells, gap } => {
            let mut e = lines(cells);
            e["value"] = json!(gap);
            push(doc, "whispers", e);
        }
        Constraint::Arrow { bulb, shaft } => {
            // The line starts in the bulb cell next to the shaft.
            let first = shaft.first().copied().unwrap_or(bulb[0]);
            let dist = |a: u16, b: u16| {
                let (a, b) = (a as usize, b as usize);
                (a / n).abs_diff(b / n).max((a % n).abs_diff(b % n))
            };
            let start = bulb
                .iter()
                .copied()
                .min_by_key(|&b| dist(b, first))
                .unwrap_or(bulb[0]);
            let mut line = vec![start];
            line.extend_from_slice(shaft);
            // Arrows from one bulb: one entry with a line each, as
            // f-puzzles keeps them (and SudokuPad draws one bulb).
            let cells = json!(rcs(bulb, n));
            let entries = doc.get_mut("arrow").and_then(Value::as_array_mut);
            match entries.and_then(|a| a.iter_mut().find(|e| e["cells"] == cells)) {
                Some(e) => {
                    if let Some(lines) = e["lines"].as_array_mut() {
                        lines.push(json!(rcs(&line, n)));
                    }
                }
                None => push(
                    doc,
                    "arrow",
                    json!({"cells": cells, "lines": [rcs(&line, n)]}),
                ),
            }
        }
        Constraint::Cage { cells, sum } => {
            let mut e = json!({ "cells": rcs(cells, n) });
            if let Some(sum) = sum {
                e["value"] = json!(sum.to_string());
            }
            push(doc, "killercage", e);
        }
        Constraint::LittleKiller { cells, sum } => {
            let (cell, direction) = little_killer_clue(cells, n)?;
            push(
                doc,
                "littlekillersum",
                json!({"cell": cell, "direction": direction, "value": sum.to_string()}),
            );
        }
        Constraint::Sandwich { cells, sum } => push(
            doc,
            "sandwichsum",
            json!({"cell": sandwich_clue(cells, n), "value": sum.to_string()}),
        ),
        Constraint::Dot { cells, relation } => write_dot(cells, *relation, n, doc)?,
        Constraint::Never { relations, .. } => {
            for r in relations {
                match r {
                    Relation::Difference(1) => {
                        doc.insert("nonconsecutive".into(), json!(true));
                    }
                    Relation::Ratio(2) => negative.push("ratio"),
                    Relation::Sum(10 | 5) => negative.push("xv"),
                    other => {
                        return Err(format!(
                            "a negative rule of {other:?} has no place in a link"
                        ));
                    }
                }
            }
        }
        Constraint::AntiKnight => {
            doc.insert("antiknight".into(), json!(true));
        }
        Constraint::AntiKing => {
            doc.insert("antiking".into(), json!(true));
        }
        Constraint::Distinct(cells) => push(doc, "extraregion", json!({ "cells": rcs(cells, n) })),
        Constraint::Parity { cell, even } => {
            push(doc, if *even { "even" } else { "odd" }, one(*cell));
        }
        Constraint::Quadruple { cells, digits } => {
            let values: Vec<String> = digits.iter().map(u8::to_string).collect();
            push(
                doc,
                "quadruple",
                json!({"cells": rcs(cells, n), "values": values}),
            );
        }
        Constraint::Extreme { cell, minimum } => {
            push(
                doc,
                if *minimum { "minimum" } else { "maximum" },
                one(*cell),
            );
        }
    }
    Ok(())
}

/// A dot: kropki (white, black) or X and V.
fn write_dot(
    cells: &[u16; 2],
    relation: Relation,
    n: usize,
    doc: &mut Object,
) -> Result<(), String> {
    let (key, value) = match relation {
        Relation::Difference(d) => ("difference", (d != 1).then(|| d.to_string())),
        Relation::Ratio(r) => ("ratio", (r != 2).then(|| r.to_string())),
        Relation::Sum(10) => ("xv", Some("X".into())),
        Relation::Sum(5) => ("xv", Some("V".into())),
        Relation::Sum(s) => {
            return Err(format!(
                "a dot of sum {s} has no place in a link (X is 10, V is 5)"
            ));
        }
    };
    let mut e = json!({ "cells": rcs(cells, n) });
    if let Some(value) = value {
        e["value"] = json!(value);
    }
    push(doc, key, e);
    Ok(())
}

/// The clue cell of a sandwich sum: before the first of its cells.
fn sandwich_clue(cells: &[u16], n: usize) -> String {
    let (a, b) = (cells[0] as i64, cells[1] as i64);
    let n = n as i64;
    let (r, c) = match b - a {
        1 => (a / n, -1),
        -1 => (a / n, n),
        d if d == n => (-1, a % n),
        _ => (n, a % n),
    };
    format!("R{}C{}", r + 1, c + 1)
}

/// The clue cell (outside the grid) and direction of a little killer's
/// diagonal.
fn little_killer_clue(cells: &[u16], n: usize) -> Result<(String, &'static str), String> {
    let n = n as i64;
    let (r0, c0) = (cells[0] as i64 / n, cells[0] as i64 % n);
    let (dr, dc) = match cells.get(1) {
        Some(&k) => (k as i64 / n - r0, k as i64 % n - c0),
        // One cell: a corner, the diagonal that leaves the grid at once.
        None => (if r0 == 0 { 1 } else { -1 }, if c0 == 0 { 1 } else { -1 }),
    };
    let direction = match (dr, dc) {
        (-1, 1) => "UR",
        (-1, -1) => "UL",
        (1, 1) => "DR",
        (1, -1) => "DL",
        _ => return Err("a little killer whose cells are not a diagonal".into()),
    };
    Ok((format!("R{}C{}", r0 - dr + 1, c0 - dc + 1), direction))
}

/// The SudokuPad puzzle of an f-puzzles document, drawn as SudokuPad's
/// converter draws it, with `case`'s words and a rules text that names
/// what the drawings alone do not say.
pub(crate) fn sudokupad_doc(f: &Value, case: &Case) -> Result<Value, String> {
    let n = case.grid.n();
    let mut p = Object::new();
    p.insert("cellSize".into(), json!(50));
    let grid = drawn::entries(f, "grid");
    let mut regions: Vec<Vec<Value>> = vec![Vec::new(); n];
    let shape = case.grid.shape();
    let cells: Vec<Value> = (0..n)
        .map(|r| {
            let row: Vec<Value> = (0..n)
                .map(|c| {
                    let cell = &grid[r].as_array().map_or(&[][..], Vec::as_slice)[c];
                    let region = cell
                        .get("region")
                        .and_then(Value::as_u64)
                        .map_or(shape.box_of(r, c), |g| g as usize);
                    regions[region.min(n - 1)].push(json!([r, c]));
                    match cell.get("value") {
                        Some(v) => json!({ "value": v }),
                        None => json!({}),
                    }
                })
                .collect();
            Value::Array(row)
        })
        .collect();
    p.insert("cells".into(), Value::Array(cells));
    p.insert("regions".into(), json!(regions));
    drawn::draw(f, n, &mut p)?;
    let mut cages = p
        .remove("cages")
        .and_then(|v| v.as_array().cloned())
        .unwrap_or_default();
    let rules = drawn::rules_text(f, case.about.as_ref().and_then(|a| a.rules.as_deref()));
    for (key, text) in [
        ("title", case.about.as_ref().and_then(|a| a.title.clone())),
        ("author", case.about.as_ref().and_then(|a| a.author.clone())),
        ("rules", Some(rules)),
    ] {
        if let Some(text) = text {
            cages.push(json!({ "value": format!("{key}: {text}") }));
        }
    }
    if let Some(solution) = f.get("solution").and_then(Value::as_array) {
        let digits: String = solution.iter().map(|d| d.to_string()).collect();
        if n <= 9 {
            cages.push(json!({ "value": format!("solution: {digits}") }));
        }
    }
    p.insert("cages".into(), Value::Array(cages));
    Ok(Value::Object(p))
}
