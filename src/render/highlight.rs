//! A step of an explained path drawn on its grid ([`Highlight`]): the
//! pattern's cells shaded, the candidates that make the pattern ringed in
//! blue, the digit placed ringed in green, the candidates removed ringed
//! in red and struck through. Layers, bottom to top: the shading (under
//! the lines), the rings (under the pencil marks), the strokes (over
//! them).
//!
//! Invariant: a highlight draws only on what the picture shows: a ring or
//! stroke on a candidate that is not a pencil mark of an open cell, or a
//! cell off the grid, is left out, never drawn elsewhere.

use std::fmt::Write as _;

use super::{Keypad, Puzzle, UNIT};

/// The shading of the pattern's cells, and the rings' colours: pattern,
/// placed, removed (fill, then stroke).
const SHADE: &str = "#fff2b3";
const PATTERN: Colours = ("#cfe2ff", "#1f5fbf");
const PLACED: Colours = ("#c8f0c8", "#1e8a1e");
const REMOVED: Colours = ("#ffd6d6", "#c62828");

/// A candidate: its cell (`r * n + c`) and digit (from 1).
type Candidate = (usize, u8);

/// A ring's fill and stroke.
type Colours = (&'static str, &'static str);

/// What a step shows on its grid; cells in reading order (`r * n + c`),
/// digits from 1.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Highlight {
    /// The pattern's cells, shaded.
    pub shaded: Vec<usize>,
    /// The candidates that make the pattern.
    pub pattern: Vec<(usize, u8)>,
    /// The digit the step places.
    pub placed: Option<(usize, u8)>,
    /// The candidates it removes.
    pub removed: Vec<(usize, u8)>,
}

/// The centre of pencil mark `d` (from 1) of cell `k`, and the ring's
/// radius, where `puzzle` shows it as a mark.
fn mark(puzzle: &Puzzle<'_>, marks: &[u64], k: usize, d: u8) -> Option<(i64, i64, i64)> {
    let shape = puzzle.grid.shape();
    let n = shape.n();
    let open =
        puzzle.grid.cells().get(k) == Some(&0) && puzzle.solution.is_none_or(|s| s.cells()[k] == 0);
    if !open || d == 0 || usize::from(d) > n || marks[k] >> (d - 1) & 1 == 0 {
        return None;
    }
    let Keypad { w, h, size } = Keypad::of(shape);
    let (rows, cols) = (shape.box_rows() as i64, shape.box_cols() as i64);
    let (r, c, d) = ((k / n) as i64, (k % n) as i64, i64::from(d) - 1);
    let x = c * UNIT + (UNIT - w * cols) / 2 + (d % cols) * w + w / 2;
    let y = r * UNIT + (UNIT - h * rows) / 2 + (d / cols) * h + h / 2;
    Some((x, y, (size * 6 / 10).max(1)))
}

/// The pattern's cells, shaded: drawn under the grid's lines.
pub(super) fn shading(out: &mut String, h: &Highlight, n: usize) {
    let _ = write!(out, "<g class=\"step-cells\" fill=\"{SHADE}\">");
    for &k in h.shaded.iter().filter(|&&k| k < n * n) {
        let (r, c) = ((k / n) as i64, (k % n) as i64);
        let _ = write!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"{UNIT}\" height=\"{UNIT}\"/>",
            c * UNIT,
            r * UNIT
        );
    }
    out.push_str("</g>\n");
}

/// The rings around the step's candidates: drawn under the marks.
pub(super) fn rings(out: &mut String, h: &Highlight, puzzle: &Puzzle<'_>, marks: &[u64]) {
    let groups: [(&str, &[Candidate], Colours); 3] = [
        ("step-pattern", &h.pattern, PATTERN),
        ("step-placed", h.placed.as_slice(), PLACED),
        ("step-removed", &h.removed, REMOVED),
    ];
    for (class, cands, (fill, stroke)) in groups {
        let _ = write!(
            out,
            "<g class=\"{class}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"{}\">",
            UNIT / 40
        );
        for &(k, d) in cands {
            if let Some((x, y, radius)) = mark(puzzle, marks, k, d) {
                let _ = write!(out, "<circle cx=\"{x}\" cy=\"{y}\" r=\"{radius}\"/>");
            }
        }
        out.push_str("</g>\n");
    }
}

/// The strokes through the removed candidates: drawn over the marks.
pub(super) fn strokes(out: &mut String, h: &Highlight, puzzle: &Puzzle<'_>, marks: &[u64]) {
    let mut d = String::new();
    for &(k, digit) in &h.removed {
        if let Some((x, y, radius)) = mark(puzzle, marks, k, digit) {
            let _ = write!(
                d,
                "M{},{}L{},{}",
                x - radius,
                y + radius,
                x + radius,
                y - radius
            );
        }
    }
    let _ = writeln!(
        out,
        "<path class=\"step-strokes\" d=\"{d}\" stroke=\"{}\" stroke-width=\"{}\" fill=\"none\"/>",
        REMOVED.1,
        UNIT / 20
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::Alphabet;
    use crate::render::svg;
    use crate::sudoku::{Grid, Shape};

    #[test]
    fn a_highlight_draws_only_on_the_marks_the_picture_shows() {
        // 4x4: r1c1 is given; r1c2 has candidates 3 and 4.
        let grid = Grid::from_cells(Shape::new(2, 2).unwrap(), {
            let mut cells = vec![0; 16];
            cells[0] = 1;
            cells
        })
        .unwrap();
        let mut marks = vec![0b1111; 16];
        marks[0] = 0;
        marks[1] = 0b1100;
        let h = Highlight {
            shaded: vec![1, 99],
            // r1c2's 3 is a mark; its 1 is not; r1c1 is given; cell 99 is
            // off the grid.
            pattern: vec![(1, 3), (1, 1), (0, 1), (99, 2)],
            placed: Some((1, 4)),
            removed: vec![(2, 2), (0, 2)],
        };
        let puzzle = Puzzle {
            grid: &grid,
            variant: None,
            solution: None,
            marks: Some(&marks),
            note: None,
            highlight: Some(&h),
        };
        let text = svg(&puzzle, &Alphabet::default()).unwrap();
        let group = |class: &str| {
            let at = text.find(&format!("class=\"{class}\"")).unwrap();
            let end = at + text[at..].find("</g>").unwrap();
            text[at..end].matches("<circle").count()
        };
        assert_eq!(group("step-pattern"), 1);
        assert_eq!(group("step-placed"), 1);
        assert_eq!(group("step-removed"), 1);
        let cells = text.find("class=\"step-cells\"").unwrap();
        let end = cells + text[cells..].find("</g>").unwrap();
        assert_eq!(text[cells..end].matches("<rect").count(), 1);
    }
}
