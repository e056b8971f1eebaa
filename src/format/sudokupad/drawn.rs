//! An f-puzzles document drawn as SudokuPad draws it: the shapes,
//! colours and sizes of SudokuPad's `fpuzzlesdecoder.js` for each kind it
//! converts (thermometers, palindromes, arrows, killer cages, little
//! killers, sandwich sums, X and V, kropki dots, odd and even cells,
//! minimum and maximum cells, quadruples, extra regions, diagonals and
//! the `global` rules), and for whispers and renban, which it does not
//! convert, a green, orange or purple line; and the rules text that says
//! what the colours mean.
//!
//! Invariant: every drawing here is one that [`super::drawings`] reads
//! back as the rule it came from, given the text [`rules_text`] writes.

use serde_json::{Map, Value, json};

type Object = Map<String, Value>;

/// The German whispers' line colour, the Dutch whispers' and renban's.
const GREEN: &str = "#67f058";
const ORANGE: &str = "#ff9900";
const PURPLE: &str = "#f067f0";

/// Cell `R1C1` as `(row, column)` from 0 (a clue outside: -1 or n).
fn parse_rc(v: &Value) -> (f64, f64) {
    let text = v.as_str().unwrap_or("R0C0").to_ascii_uppercase();
    let (r, c) = text
        .get(1..)
        .and_then(|t| t.split_once('C'))
        .unwrap_or(("0", "0"));
    (
        r.parse::<f64>().unwrap_or(0.0) - 1.0,
        c.parse::<f64>().unwrap_or(0.0) - 1.0,
    )
}

/// The centre of a set of cells (of one cell: its centre).
fn centre(cells: &[Value]) -> [f64; 2] {
    let k = cells.len().max(1) as f64;
    let (r, c) = cells
        .iter()
        .map(parse_rc)
        .fold((0.0, 0.0), |(a, b), (r, c)| (a + r, b + c));
    [r / k + 0.5, c / k + 0.5]
}

/// The entries of a list key of the document.
pub(super) fn entries<'a>(doc: &'a Value, key: &str) -> &'a [Value] {
    doc.get(key)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

/// The cells of a line: their centres.
fn way_points(line: &Value) -> Vec<[f64; 2]> {
    let cells = line.as_array().map_or(&[][..], Vec::as_slice);
    cells
        .iter()
        .map(|c| centre(std::slice::from_ref(c)))
        .collect()
}

/// Each line of an entry's `lines`.
fn lines_of(e: &Value) -> &[Value] {
    e.get("lines")
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

/// An entry's `cells` as SudokuPad's cages list them: `[row, column]`
/// from 0.
fn corners(e: &Value) -> Vec<[f64; 2]> {
    cells_of(e)
        .iter()
        .map(|c| {
            let (r, c) = parse_rc(c);
            [r, c]
        })
        .collect()
}

fn cells_of(e: &Value) -> &[Value] {
    e.get("cells")
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

fn add(p: &mut Object, key: &str, entry: Value) {
    match p.get_mut(key) {
        Some(Value::Array(a)) => a.push(entry),
        _ => {
            p.insert(key.into(), json!([entry]));
        }
    }
}

/// Rounded to hundredths, as the converter rounds offsets.
fn hundredths(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// The drawings of the f-puzzles document `f` (an `n`x`n` grid) into the
/// SudokuPad puzzle `p`.
pub(super) fn draw(f: &Value, n: usize, p: &mut Object) -> Result<(), String> {
    let nf = n as f64;
    for (key, points) in [
        ("diagonal+", [[0.0, nf], [nf, 0.0]]),
        ("diagonal-", [[0.0, 0.0], [nf, nf]]),
    ] {
        if f.get(key) == Some(&Value::Bool(true)) {
            add(
                p,
                "lines",
                json!({"color": "#34BBE6", "thickness": 2, "wayPoints": points}),
            );
        }
    }
    for cage in entries(f, "killercage") {
        let cells = corners(cage);
        let mut e = json!({"cells": cells, "unique": true});
        if let Some(v) = cage.get("value") {
            e["value"] = v.clone();
            e["sum"] = json!(v.as_str().and_then(|s| s.parse::<u32>().ok()));
        }
        add(p, "cages", e);
    }
    for region in entries(f, "extraregion") {
        let cells = corners(region);
        let k = cells.len();
        add(
            p,
            "cages",
            json!({"style": "extraregion", "unique": true, "sum": k * (k + 1) / 2, "cells": cells}),
        );
    }
    draw_lines(f, n, p)?;
    draw_arrows(f, p);
    draw_marks(f, p);
    draw_extremes(f, n, p);
    let mut global = Vec::new();
    for key in ["antiknight", "antiking", "nonconsecutive"] {
        if f.get(key) == Some(&Value::Bool(true)) {
            global.push(key.to_owned());
        }
    }
    for kind in entries(f, "negative") {
        global.push(format!("anti{}", kind.as_str().unwrap_or_default()));
    }
    if f.get("disjointgroups") == Some(&Value::Bool(true)) {
        global.push("disjoint".into());
    }
    if !global.is_empty() {
        p.insert("global".into(), json!(global));
    }
    Ok(())
}

/// Thermometers (a bulb and a grey line), palindromes, whispers, renban.
fn draw_lines(f: &Value, n: usize, p: &mut Object) -> Result<(), String> {
    for e in entries(f, "thermometer") {
        for line in lines_of(e) {
            let points = way_points(line);
            add(
                p,
                "underlays",
                json!({"borderColor": "#CFCFCF", "backgroundColor": "#CFCFCF", "center": points[0],
                    "rounded": true, "width": 0.85, "height": 0.85}),
            );
            add(
                p,
                "lines",
                json!({"color": "#CFCFCF", "thickness": 21, "wayPoints": points}),
            );
        }
    }
    let german = n.div_ceil(2) as u64;
    let kinds: [(&str, Option<&str>); 3] = [
        ("palindrome", Some("#CFCFCF")),
        ("renban", Some(PURPLE)),
        ("whispers", None),
    ];
    for (key, colour) in kinds {
        for e in entries(f, key) {
            let (colour, thickness) = match colour {
                Some("#CFCFCF") => ("#CFCFCF", 16),
                Some(c) => (c, 10),
                None => match e.get("value").and_then(Value::as_u64).unwrap_or(german) {
                    g if g == german => (GREEN, 10),
                    4 => (ORANGE, 10),
                    g => {
                        return Err(format!(
                            "whispers whose neighbours differ by at least {g} have no drawing SudokuPad's solvers know (German: {german}, Dutch: 4)"
                        ));
                    }
                },
            };
            for line in lines_of(e) {
                add(
                    p,
                    "lines",
                    json!({"color": colour, "thickness": thickness, "wayPoints": way_points(line)}),
                );
            }
        }
    }
    Ok(())
}

/// Arrows: a shaft from the bulb's edge, and the bulb (a circle or pill,
/// or two thick lines when it bends); little killers: a short arrow by
/// the clue outside the grid.
fn draw_arrows(f: &Value, p: &mut Object) {
    for e in entries(f, "arrow") {
        for line in lines_of(e) {
            let mut points = way_points(line);
            if points.len() >= 2 {
                let (dr, dc) = (points[1][0] - points[0][0], points[1][1] - points[0][1]);
                let dist = (dr * dr + dc * dc).sqrt();
                points[0][0] += hundredths(0.4 * dr.signum() / dist);
                points[0][1] += hundredths(0.4 * dc.signum() / dist);
            }
            add(
                p,
                "arrows",
                json!({"color": "#a1a1a1", "headLength": 0.3, "thickness": 5, "wayPoints": points}),
            );
        }
        let bulb = cells_of(e);
        let rcs: Vec<(f64, f64)> = bulb.iter().map(parse_rc).collect();
        let span = |pick: fn(&(f64, f64)) -> f64| {
            let min = rcs.iter().map(pick).fold(f64::INFINITY, f64::min);
            let max = rcs.iter().map(pick).fold(f64::NEG_INFINITY, f64::max);
            max - min
        };
        let (rows, cols) = (span(|x| x.0), span(|x| x.1));
        if rows == 0.0 || cols == 0.0 {
            add(
                p,
                "overlays",
                json!({"borderColor": "#a1a1a1", "backgroundColor": "#ffffff", "center": centre(bulb),
                    "fontSize": 16, "borderSize": 5, "rounded": true, "text": "",
                    "width": 0.83 + cols, "height": 0.83 + rows}),
            );
        } else {
            let points: Vec<[f64; 2]> = bulb
                .iter()
                .map(|c| centre(std::slice::from_ref(c)))
                .collect();
            add(
                p,
                "lines",
                json!({"color": "#a1a1a1", "thickness": 45, "opacity": 0.7, "wayPoints": points}),
            );
            add(
                p,
                "lines",
                json!({"color": "#ffffff", "thickness": 35, "opacity": 0.8, "wayPoints": points}),
            );
        }
    }
    for e in entries(f, "littlekillersum") {
        let [r, c] = centre(std::slice::from_ref(e.get("cell").unwrap_or(&Value::Null)));
        let (dr, dc) = match e.get("direction").and_then(Value::as_str) {
            Some("UR") => (-1.0, 1.0),
            Some("UL") => (-1.0, -1.0),
            Some("DR") => (1.0, 1.0),
            _ => (1.0, -1.0),
        };
        add(
            p,
            "arrows",
            json!({"color": "#000000", "thickness": 2,
                "wayPoints": [[r + 0.3 * dr, c + 0.3 * dc], [r + 0.48 * dr, c + 0.48 * dc]]}),
        );
        add(
            p,
            "overlays",
            json!({"backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF", "center": [r, c],
                "fontSize": 28, "width": 0.25, "height": 0.25, "rounded": false,
                "text": e.get("value").cloned().unwrap_or(json!(""))}),
        );
    }
}

/// Sandwich sums, X and V, kropki dots, odd and even cells, quadruples.
fn draw_marks(f: &Value, p: &mut Object) {
    for (key, font) in [("sandwichsum", 32), ("xv", 21)] {
        for e in entries(f, key) {
            let at = match e.get("cell") {
                Some(cell) => centre(std::slice::from_ref(cell)),
                None => centre(cells_of(e)),
            };
            add(
                p,
                "overlays",
                json!({"backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF", "center": at,
                    "fontSize": font, "rounded": false, "width": 0.25, "height": 0.25,
                    "text": e.get("value").cloned().unwrap_or(json!(""))}),
            );
        }
    }
    for (key, fill, ink) in [
        ("ratio", "#000000", "#fff"),
        ("difference", "#FFFFFF", "#000"),
    ] {
        for e in entries(f, key) {
            let mut dot = json!({"borderColor": "#000000", "backgroundColor": fill,
                "center": centre(cells_of(e)), "rounded": true, "width": 0.3, "height": 0.3,
                "text": ""});
            if let Some(v) = e.get("value") {
                dot["color"] = json!(ink);
                dot["stroke"] = json!("none");
                dot["text"] = v.clone();
            }
            add(p, "overlays", dot);
        }
    }
    for (key, rounded) in [("even", false), ("odd", true)] {
        for e in entries(f, key) {
            add(
                p,
                "underlays",
                json!({"borderColor": "#CFCFCF", "backgroundColor": "#CFCFCF",
                    "center": centre(std::slice::from_ref(e.get("cell").unwrap_or(&Value::Null))),
                    "rounded": rounded, "width": 0.7, "height": 0.7}),
            );
        }
    }
    for e in entries(f, "quadruple") {
        let values = e
            .get("values")
            .and_then(Value::as_array)
            .map_or(&[][..], Vec::as_slice);
        let mut text = String::new();
        for (i, v) in values.iter().enumerate() {
            if i % 2 == 1 {
                text.push(' ');
            }
            if i % 3 == 2 {
                text.push('\n');
            }
            match v {
                Value::String(s) => text.push_str(s),
                other => text.push_str(&other.to_string()),
            }
        }
        add(
            p,
            "overlays",
            json!({"backgroundColor": "#FFFFFF", "borderColor": "#000000", "center": centre(cells_of(e)),
                "fontSize": 14, "rounded": true, "width": 0.7, "height": 0.7, "text": text}),
        );
    }
}

/// Minimum and maximum cells: a shaded cell and a chevron towards each
/// neighbour that is not one of its kind (inwards for a minimum).
fn draw_extremes(f: &Value, n: usize, p: &mut Object) {
    for (key, inwards) in [("minimum", true), ("maximum", false)] {
        let list = entries(f, key);
        let marked: Vec<(f64, f64)> = list
            .iter()
            .map(|e| parse_rc(e.get("cell").unwrap_or(&Value::Null)))
            .collect();
        let (a, b) = if inwards { (0.44, 0.39) } else { (0.39, 0.44) };
        for &(r, c) in &marked {
            let [y, x] = [r + 0.5, c + 0.5];
            add(
                p,
                "underlays",
                json!({"backgroundColor": "#ccc", "center": [y, x], "rounded": false, "width": 1, "height": 1}),
            );
            for (dy, dx) in [(-1.0, 0.0), (0.0, 1.0), (1.0, 0.0), (0.0, -1.0)] {
                let (nr, nc) = (r + dy, c + dx);
                let outside = nr < 0.0 || nc < 0.0 || nr >= n as f64 || nc >= n as f64;
                if outside || marked.contains(&(nr, nc)) {
                    continue;
                }
                add(
                    p,
                    "lines",
                    json!({"color": "#000000", "thickness": 1, "wayPoints": [
                        [y + dy * a + 0.1 * dx, x + dx * a + 0.1 * dy],
                        [y + dy * b, x + dx * b],
                        [y + dy * a - 0.1 * dx, x + dx * a - 0.1 * dy]]}),
                );
            }
        }
    }
}

/// The sentences that say what drawings mean, for each f-puzzles key.
const SENTENCES: &[(&str, &str)] = &[
    (
        "killercage",
        "Digits in a cage do not repeat and, where a total is given, add up to it.",
    ),
    (
        "thermometer",
        "Digits along a thermometer increase from the bulb.",
    ),
    (
        "palindrome",
        "A grey line without a bulb is a palindrome: it reads the same both ways.",
    ),
    (
        "renban",
        "A purple line is a renban line: its digits are consecutive, in any order.",
    ),
    (
        "arrow",
        "Digits along an arrow add up to the number in its bulb.",
    ),
    (
        "littlekillersum",
        "Clues outside the grid give the sum along the indicated diagonal.",
    ),
    (
        "sandwichsum",
        "Sandwich sums outside the grid give the sum of the digits between the smallest and the largest digit of that row or column.",
    ),
    (
        "difference",
        "Digits joined by a white dot are consecutive.",
    ),
    (
        "ratio",
        "Digits joined by a black dot are one double the other.",
    ),
    ("xv", "Digits joined by an X add up to 10, by a V to 5."),
    (
        "odd",
        "A grey circle in a cell holds an odd digit, a grey square an even digit.",
    ),
    (
        "even",
        "A grey circle in a cell holds an odd digit, a grey square an even digit.",
    ),
    (
        "minimum",
        "A shaded cell whose chevrons point in holds a digit smaller than its neighbours'; pointing out, larger.",
    ),
    (
        "maximum",
        "A shaded cell whose chevrons point in holds a digit smaller than its neighbours'; pointing out, larger.",
    ),
    (
        "quadruple",
        "Digits written on the corner of four cells appear among those four cells.",
    ),
    ("extraregion", "Digits do not repeat in an extra region."),
    (
        "antiknight",
        "Cells a knight's move apart hold different digits.",
    ),
    (
        "antiking",
        "Cells a king's move apart hold different digits.",
    ),
    (
        "disjointgroups",
        "Cells in the same place of their boxes hold different digits (disjoint groups).",
    ),
    ("diagonal+", "Digits do not repeat along a marked diagonal."),
    ("diagonal-", "Digits do not repeat along a marked diagonal."),
];

/// The rules text of a link: the puzzle's own when it has one (with the
/// sentences its colours need that it lacks), else one sentence a kind.
pub(super) fn rules_text(f: &Value, own: Option<&str>) -> String {
    let has = |key: &str| !entries(f, key).is_empty() || f.get(key) == Some(&Value::Bool(true));
    let sentence = |key: &str| {
        SENTENCES
            .iter()
            .find(|(k, _)| *k == key)
            .map_or("", |(_, s)| s)
    };
    let said = own.map(|t| super::words::Said::read(t, &[]).unwrap_or_default());
    let means = |rule: &str| said.as_ref().is_some_and(|s| s.means(rule));
    // The whispers' colours, as `draw_lines` chooses them.
    let german = f
        .get("size")
        .and_then(Value::as_u64)
        .unwrap_or(9)
        .div_ceil(2);
    let gaps: Vec<u64> = entries(f, "whispers")
        .iter()
        .map(|e| e.get("value").and_then(Value::as_u64).unwrap_or(german))
        .collect();
    let mut sentences: Vec<&str> = Vec::new();
    if said.is_none() {
        sentences.push("Normal sudoku rules apply.");
        for (key, text) in SENTENCES {
            // Odd and even, minimum and maximum share a sentence.
            if has(key) && !sentences.contains(text) {
                sentences.push(text);
            }
        }
    }
    // What the colours and the numbers outside mean, where the text does
    // not say it.
    for (shown, rule, text) in [
        (gaps.contains(&german), "whispers", GERMAN_WHISPERS),
        (
            gaps.iter().any(|&g| g != german),
            "dutch-whispers",
            DUTCH_WHISPERS,
        ),
        (has("renban"), "renban", sentence("renban")),
        (has("sandwichsum"), "sandwich", sentence("sandwichsum")),
        (has("odd") || has("even"), "odd-even", sentence("odd")),
    ] {
        if shown && !means(rule) && !sentences.contains(&text) {
            sentences.push(text);
        }
    }
    match own {
        Some(own) if sentences.is_empty() => own.to_owned(),
        Some(own) => format!("{own}\n{}", sentences.join(" ")),
        None => sentences.join(" "),
    }
}

/// What a green and an orange line mean.
const GERMAN_WHISPERS: &str = "Neighbouring digits on a green line (German whispers) differ by at least half the largest digit, rounded up.";
const DUTCH_WHISPERS: &str =
    "Neighbouring digits on an orange line (Dutch whispers) differ by at least 4.";
