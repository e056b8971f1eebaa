//! Printable sheets: puzzles several to an A4 page, numbered, and their
//! solutions on the pages after them, each page an SVG document of its
//! own (`width="210mm" height="297mm"`, one unit a tenth of a
//! millimetre), for a browser or `rsvg-convert -f pdf` to print.
//!
//! Invariants: puzzle `K` (1-based, in the order given) carries the
//! caption `K` on its puzzle page and on its solution page; the puzzle
//! pages show givens only; the solution pages list only the puzzles that
//! have a solution, in order; the text depends only on the arguments.

use std::fmt::Write as _;

use super::{Drawing, Options, Puzzle, RenderError, draw};
use crate::format::Alphabet;

/// An A4 page in tenths of a millimetre.
pub const A4: (i64, i64) = (2100, 2970);

/// The page's margin.
const MARGIN: i64 = 150;

/// The height of a caption (a puzzle's number) above its grid.
const CAPTION: i64 = 60;

/// Solutions per solution page: 3 across, 4 down.
const SOLUTIONS: (usize, usize) = (3, 4);

/// The pages of a sheet: `puzzles` (givens only) `per_page` to a page,
/// then the solutions of those that have one, twelve to a page. An
/// empty list gives no page; `per_page` 0 counts as 1.
pub fn pages(
    puzzles: &[Puzzle<'_>],
    alphabet: &Alphabet,
    per_page: usize,
) -> Result<Vec<String>, RenderError> {
    let per_page = per_page.max(1);
    let givens = Options { givens_only: true };
    let shown = Options::default();
    let mut drawn = Vec::with_capacity(puzzles.len());
    let mut solved = Vec::new();
    for (k, puzzle) in puzzles.iter().enumerate() {
        drawn.push((k + 1, draw(puzzle, alphabet, &givens)?));
        if puzzle.solution.is_some() {
            solved.push((k + 1, draw(puzzle, alphabet, &shown)?));
        }
    }
    let across = if per_page == 1 { 1 } else { 2 };
    let layout = (across, per_page.div_ceil(across));
    let mut pages: Vec<String> = drawn
        .chunks(per_page)
        .map(|chunk| page(chunk, layout, None))
        .collect();
    let per_solution_page = SOLUTIONS.0 * SOLUTIONS.1;
    pages.extend(
        solved
            .chunks(per_solution_page)
            .map(|chunk| page(chunk, SOLUTIONS, Some("Solutions"))),
    );
    Ok(pages)
}

/// One page: the drawings laid out `across` x `down`, each scaled to its
/// slot under its caption, with a heading if given.
fn page(
    drawings: &[(usize, Drawing)],
    (across, down): (usize, usize),
    heading: Option<&str>,
) -> String {
    let (w, h) = A4;
    let mut out = String::new();
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"210mm\" height=\"297mm\" viewBox=\"0 0 {w} {h}\">"
    );
    let _ = writeln!(
        out,
        "<rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>"
    );
    let mut top = MARGIN;
    if let Some(heading) = heading {
        let _ = writeln!(
            out,
            "<text x=\"{MARGIN}\" y=\"{}\" font-family=\"{}\" font-size=\"70\" font-weight=\"bold\">{heading}</text>",
            MARGIN + 60,
            super::FONT
        );
        top += 120;
    }
    let slot_w = (w - 2 * MARGIN) / across as i64;
    let slot_h = (h - MARGIN - top) / down as i64;
    for (i, (number, drawing)) in drawings.iter().enumerate() {
        let (x0, y0) = (
            MARGIN + (i % across) as i64 * slot_w,
            top + (i / across) as i64 * slot_h,
        );
        // The grid's room: the slot less the caption and a gap.
        let room = (slot_w - 40).min(slot_h - CAPTION - 40);
        // Scaled in thousandths, so the text stays exact.
        let scale = room * 1000 / drawing.width.max(drawing.height).max(1);
        let x = x0 + (slot_w - drawing.width * scale / 1000) / 2;
        let _ = writeln!(
            out,
            "<text x=\"{x}\" y=\"{}\" font-family=\"{}\" font-size=\"45\" font-weight=\"bold\">{number}</text>",
            y0 + CAPTION - 15,
            super::FONT
        );
        let _ = writeln!(
            out,
            "<g transform=\"translate({x},{}) scale({}.{:03})\">",
            y0 + CAPTION,
            scale / 1000,
            scale % 1000
        );
        out.push_str(&drawing.body);
        out.push_str("</g>\n");
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::{Grid, Shape};

    #[test]
    fn puzzles_fill_their_pages_then_the_solutions_follow() {
        let grid = Grid::empty(Shape::FOUR);
        let solution = Grid::from_cells(
            Shape::FOUR,
            vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1],
        )
        .unwrap();
        let with = Puzzle {
            grid: &grid,
            variant: None,
            solution: Some(&solution),
            marks: None,
            note: None,
            highlight: None,
        };
        let without = Puzzle {
            solution: None,
            marks: None,
            ..with
        };
        let list = [with, without, with, with, with];
        let sheet = pages(&list, &Alphabet::default(), 4).unwrap();
        // Two puzzle pages (4 + 1), one solution page (4 solutions).
        assert_eq!(sheet.len(), 3);
        assert_eq!(sheet[0].matches("class=\"sudoku\"").count(), 4);
        assert_eq!(sheet[1].matches("class=\"sudoku\"").count(), 1);
        assert!(!sheet[0].contains("class=\"solved\""));
        assert_eq!(sheet[2].matches("class=\"solved\"").count(), 4);
        assert!(sheet[2].contains(">Solutions</text>"));
        let caption = |k: usize| format!("font-size=\"45\" font-weight=\"bold\">{k}</text>");
        assert!(sheet[2].contains(&caption(1)) && sheet[2].contains(&caption(5)));
        assert!(!sheet[2].contains(&caption(2)), "puzzle 2 has no solution");
        assert!(pages(&[], &Alphabet::default(), 4).unwrap().is_empty());
    }
}
