//! The geometry and colours of SudokuPad's drawings: points in cell
//! units, cells by their centres, colours as hue, saturation and
//! lightness as they show on white.
//!
//! Invariant: nothing here panics on any JSON value.

use serde_json::{Map, Value};

/// A JSON object.
pub(super) type Object = Map<String, Value>;

/// A point `[row, column]` in cell units from the grid's top left corner.
pub(super) type Point = (f64, f64);

/// A colour as hue (degrees), saturation and lightness (0 to 1); `None`
/// reads as no colour (transparent or missing).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Colour(Option<(f64, f64, f64)>);

impl Colour {
    /// The colour `v` names, as it shows on white at `opacity`.
    pub(super) fn of(v: Option<&Value>) -> Colour {
        Colour::seen(v, 1.0)
    }

    pub(super) fn seen(v: Option<&Value>, opacity: f64) -> Colour {
        let Some(text) = v.and_then(Value::as_str) else {
            return Colour(None);
        };
        let t = text.trim().to_ascii_lowercase();
        let hex = match t.as_str() {
            "black" => "000000".to_owned(),
            "white" => "ffffff".to_owned(),
            "grey" | "gray" => "808080".to_owned(),
            _ => t.trim_start_matches('#').to_owned(),
        };
        let digits: Vec<u32> = hex.chars().filter_map(|c| c.to_digit(16)).collect();
        if digits.len() != hex.len() {
            return Colour(None);
        }
        let (rgb, alpha) = match digits.len() {
            3 | 4 => (
                [digits[0] * 17, digits[1] * 17, digits[2] * 17],
                digits.get(3).map(|a| a * 17),
            ),
            6 | 8 => (
                [
                    digits[0] * 16 + digits[1],
                    digits[2] * 16 + digits[3],
                    digits[4] * 16 + digits[5],
                ],
                (digits.len() == 8).then(|| digits[6] * 16 + digits[7]),
            ),
            _ => return Colour(None),
        };
        let alpha = alpha.map_or(1.0, |a| f64::from(a) / 255.0) * opacity.clamp(0.0, 1.0);
        if alpha < 0.05 {
            return Colour(None);
        }
        let [r, g, b] = rgb.map(|x| alpha * f64::from(x) / 255.0 + 1.0 - alpha);
        let (max, min) = (r.max(g).max(b), r.min(g).min(b));
        let light = (max + min) / 2.0;
        let chroma = max - min;
        let sat = if chroma == 0.0 {
            0.0
        } else {
            chroma / (1.0 - (2.0 * light - 1.0).abs())
        };
        let hue = if chroma == 0.0 {
            0.0
        } else if max == r {
            60.0 * ((g - b) / chroma).rem_euclid(6.0)
        } else if max == g {
            60.0 * ((b - r) / chroma + 2.0)
        } else {
            60.0 * ((r - g) / chroma + 4.0)
        };
        Colour(Some((hue, sat, light)))
    }

    pub(super) fn is_grey(self) -> bool {
        self.0
            .is_some_and(|(_, s, l)| s < 0.2 || !(0.05..=0.95).contains(&l))
    }
    pub(super) fn is_dark(self) -> bool {
        self.0.is_some_and(|(_, _, l)| l < 0.35)
    }
    fn hue_in(self, from: f64, to: f64) -> bool {
        !self.is_grey() && self.0.is_some_and(|(h, _, _)| (from..to).contains(&h))
    }
    /// The family a line's colour names (`grey`, `green`, ...).
    pub(super) fn family(self) -> &'static str {
        match self {
            _ if self.0.is_none() => "no colour",
            _ if self.is_grey() => "grey",
            _ if self.hue_in(75.0, 170.0) => "green",
            _ if self.hue_in(255.0, 345.0) => "purple",
            _ if self.hue_in(15.0, 50.0) => "orange",
            _ if self.hue_in(170.0, 255.0) => "blue",
            _ => "red",
        }
    }
}

pub(super) fn num(v: Option<&Value>) -> Option<f64> {
    match v? {
        Value::Number(x) => x.as_f64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

pub(super) fn point(v: &Value) -> Option<Point> {
    let a = v.as_array()?;
    match a.as_slice() {
        [r, c] => Some((num(Some(r))?, num(Some(c))?)),
        _ => None,
    }
}

pub(super) fn text_of(v: Option<&Value>) -> String {
    match v {
        Some(Value::String(s)) => s.trim().to_owned(),
        Some(Value::Number(x)) => x.to_string(),
        _ => String::new(),
    }
}

pub(super) fn list<'a>(doc: &'a Object, key: &str) -> Result<&'a [Value], String> {
    match doc.get(key) {
        None | Some(Value::Null) => Ok(&[]),
        Some(Value::Array(a)) => Ok(a),
        Some(_) => Err(format!("\"{key}\" is not a list")),
    }
}

pub(super) fn near(a: f64, b: f64) -> bool {
    (a - b).abs() < 0.12
}

/// The cells of a path through `turns`: each straight or diagonal segment
/// with the cells between its ends (others, a knight's jump, as they are).
pub(super) fn through(turns: &[(i64, i64)]) -> Vec<(i64, i64)> {
    let mut cells: Vec<(i64, i64)> = turns.iter().take(1).copied().collect();
    for w in turns.windows(2) {
        let ((r0, c0), (r1, c1)) = (w[0], w[1]);
        let (dr, dc) = (r1 - r0, c1 - c0);
        let steps = dr.abs().max(dc.abs());
        if dr == 0 || dc == 0 || dr.abs() == dc.abs() {
            cells.extend((1..=steps).map(|k| (r0 + k * dr.signum(), c0 + k * dc.signum())));
        } else {
            cells.push((r1, c1));
        }
    }
    cells
}

/// `R1C1` for the cell `(r, c)` (0-based; a clue outside has -1 or n).
pub(super) fn rc(r: i64, c: i64) -> String {
    format!("R{}C{}", r + 1, c + 1)
}

/// `r1c1` for messages.
pub(super) fn cell_name((r, c): (i64, i64)) -> String {
    format!("r{}c{}", r + 1, c + 1)
}
