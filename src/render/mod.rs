//! Pictures of puzzles: a grid, its rules and optionally its solution
//! drawn as an SVG document, as puzzle books draw them.
//!
//! The drawing, bottom to top: a white page; the hyper windows shaded
//! grey; the X diagonals as grey lines; the killer cages as dashed
//! outlines inset from the cell borders, each with its sum in the top-left
//! corner of its first cell (reading order) on a white patch; thin lines
//! between all cells; thick lines around the grid and between cells of
//! different boxes, or of different jigsaw regions (never inside one);
//! then the digits, written with the puzzle's [`Alphabet`]: givens bold
//! and black, solved digits (of [`Puzzle::solution`]) regular and blue
//! (a sheet's puzzle pages draw the givens only), and in each cell left
//! empty its pencil marks
//! ([`Puzzle::marks`], or the rules' own [`Variant::candidates`]) small and
//! grey, digit `d` in place `d` of a `box_rows` x `box_cols` block (a
//! keypad of 1-9 on 9x9); a step of an explained path on them
//! ([`Puzzle::highlight`], [`Highlight`]).
//!
//! Invariants:
//! - the text depends only on the arguments (no clock, no randomness, no
//!   hash order), so a picture is the same byte for byte on any thread;
//! - every coordinate is an integer in fortieths of a cell (`UNIT`), so
//!   equal lines are written equal and adjacent segments meet exactly;
//! - every character taken from the input (an alphabet's symbol) is
//!   escaped, so the document is well-formed XML whatever the alphabet;
//! - a grid, solution or rules of different shapes, or an alphabet
//!   without symbols for every digit, is an error value ([`RenderError`]),
//!   never a panic.
//!
//! `draw` gives the drawing as a `Drawing` (an SVG group and its size)
//! for a page that places several (`sheet`: A4 pages of puzzles, then
//! their solutions); [`svg`] wraps one in a document of its own.

mod glyphs;
mod highlight;
pub use highlight::Highlight;
mod pdf;
mod sheet;
pub use pdf::document as pdf_document;
pub use sheet::pages as sheet_pages;

use std::fmt::Write as _;

use crate::format::Alphabet;
use crate::sudoku::{Grid, Variant};

/// The side of a cell in the drawing's units.
pub(crate) const UNIT: i64 = 40;

/// The margin around the grid, in the drawing's units.
const MARGIN: i64 = UNIT / 4;

/// How far a cage's dashed outline sits inside its cells' borders.
const CAGE_INSET: i64 = UNIT / 10;

/// Colours: ink, solved digits, shaded windows, diagonals, pencil marks.
const INK: &str = "#000000";
const SOLVED: &str = "#1f5fbf";
const WINDOW: &str = "#d4d4d4";
const DIAGONAL: &str = "#8c8c8c";
const MARKS: &str = "#595959";

/// The caption's font size and line height.
const CAPTION: i64 = UNIT * 7 / 20;
const CAPTION_LINE: i64 = UNIT * 9 / 20;

/// The fonts asked for, in order.
const FONT: &str = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";

/// How a puzzle is drawn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Options {
    /// Draw the givens only, even when a solution is given (a sheet's
    /// puzzle pages): no solved digits, and no rings or strokes of the
    /// highlighted step (its shading stays).
    pub(crate) givens_only: bool,
}

/// A puzzle to draw: its grid, its rules (`None`: plain Sudoku of the
/// grid's shape) and the solution to write in its empty cells, if any.
#[derive(Clone, Copy, Debug)]
pub struct Puzzle<'a> {
    /// The givens (0 empty).
    pub grid: &'a Grid,
    /// The rules, when they are not plain Sudoku's.
    pub variant: Option<&'a Variant>,
    /// A solution, drawn in the cells the grid leaves empty.
    pub solution: Option<&'a Grid>,
    /// Pencil marks (bit `d - 1` for digit `d`, cells in reading order),
    /// drawn in the cells that neither a given nor the solution fills;
    /// `None`: the rules' own marks, if they have any.
    pub marks: Option<&'a [u64]>,
    /// A line of text under the grid (after the rules' caption), such as
    /// a rating.
    pub note: Option<&'a str>,
    /// A step of an explained path, drawn on the pencil marks
    /// ([`Highlight`]).
    pub highlight: Option<&'a Highlight>,
}

/// Why a puzzle cannot be drawn, or pages written as PDF.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RenderError {
    /// The rules or the solution are of another size than the grid.
    #[error("the {what} is {found}x{found}, the grid {n}x{n}")]
    Shape {
        /// `rules` or `solution`.
        what: &'static str,
        /// Its side.
        found: usize,
        /// The grid's side.
        n: usize,
    },
    /// Pencil marks for another number of cells.
    #[error("pencil marks for {found} cells, the grid has {expected}")]
    Marks {
        /// The grid's cells.
        expected: usize,
        /// Marks given.
        found: usize,
    },
    /// The alphabet has no symbol for some digit.
    #[error("the alphabet has no symbols for {n} digits, so the picture cannot write this grid")]
    Alphabet {
        /// The side.
        n: usize,
    },
    /// A constraint the picture has no glyph for (see the module docs of
    /// what is drawn): never left out in silence.
    #[error("the picture cannot draw the {kind} constraint: {why}")]
    Constraint {
        /// The kind (`crate::sudoku::Constraint::kind`).
        kind: &'static str,
        /// Why, with the cell where there is one.
        why: String,
    },
    /// A page [`pdf_document`] cannot write: not SVG as [`svg`] and
    /// [`sheet_pages`] write it, or a character outside Latin-1, which
    /// its fonts have no glyph for.
    #[error("PDF: page {page}: {why}")]
    Pdf {
        /// The page (1-based).
        page: usize,
        /// What on it cannot be written.
        why: String,
    },
}

/// A drawn puzzle: an SVG group (`<g>...</g>`) whose picture spans
/// `0..width` x `0..height` in its own units.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Drawing {
    /// The group's text.
    pub body: String,
    /// Its width.
    pub width: i64,
    /// Its height.
    pub height: i64,
}

/// `puzzle` as an SVG document of its own: one pixel per unit, a cell
/// 40 pixels wide. To draw the givens alone, give no solution.
pub fn svg(puzzle: &Puzzle<'_>, alphabet: &Alphabet) -> Result<String, RenderError> {
    let drawing = draw(puzzle, alphabet, &Options::default())?;
    let (w, h) = (drawing.width, drawing.height);
    let mut out = String::with_capacity(drawing.body.len() + 256);
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">"
    );
    out.push_str(&drawing.body);
    out.push_str("</svg>\n");
    Ok(out)
}

/// `puzzle` drawn as a group, for [`svg`] or a `sheet`'s page.
pub(crate) fn draw(
    puzzle: &Puzzle<'_>,
    alphabet: &Alphabet,
    opts: &Options,
) -> Result<Drawing, RenderError> {
    let grid = puzzle.grid;
    let n = grid.n();
    let plain;
    let variant = match puzzle.variant {
        Some(v) => v,
        None => {
            plain = Variant::plain(grid.shape());
            &plain
        }
    };
    if variant.n() != n {
        return Err(RenderError::Shape {
            what: "rules",
            found: variant.n(),
            n,
        });
    }
    if let Some(s) = puzzle.solution
        && s.n() != n
    {
        return Err(RenderError::Shape {
            what: "solution",
            found: s.n(),
            n,
        });
    }
    if let Some(m) = puzzle.marks
        && m.len() != n * n
    {
        return Err(RenderError::Marks {
            expected: n * n,
            found: m.len(),
        });
    }
    if !alphabet.covers(n) {
        return Err(RenderError::Alphabet { n });
    }
    let glyphs = glyphs::plan(variant, alphabet, &marked_cells(puzzle, variant, opts))?;
    let side = n as i64 * UNIT;
    let margin = |cells: i64| if cells > 0 { cells * UNIT } else { MARGIN };
    let (left, top) = (margin(glyphs.sides.left), margin(glyphs.sides.top));
    let (right, bottom) = (margin(glyphs.sides.right), margin(glyphs.sides.bottom));
    let width = left + side + right;
    let mut items = glyphs.caption.clone();
    items.extend(puzzle.note.map(str::to_string));
    let caption = wrap(
        &items,
        ((width - 2 * MARGIN) * 10 / (CAPTION * 6)).max(8) as usize,
    );
    let height = top
        + side
        + bottom
        + match caption.len() as i64 {
            0 => 0,
            lines => lines * CAPTION_LINE + MARGIN / 2,
        };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<g class=\"sudoku\" data-rules=\"{}\">",
        variant.name()
    );
    let _ = writeln!(
        out,
        "<rect class=\"page\" x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>"
    );
    let _ = writeln!(out, "<g transform=\"translate({left},{top})\">");
    if variant.windows() {
        windows(&mut out, variant);
    }
    out.push_str(&glyphs.shading);
    if let Some(h) = puzzle.highlight {
        highlight::shading(&mut out, h, n);
    }
    if variant.diagonals() {
        let _ = writeln!(
            out,
            "<path class=\"diagonals\" d=\"M0,0L{side},{side}M{side},0L0,{side}\" stroke=\"{DIAGONAL}\" stroke-width=\"{}\" fill=\"none\"/>",
            UNIT / 20
        );
    }
    out.push_str(&glyphs.lines);
    let mut all_cages: Vec<glyphs::CageGlyph> = variant
        .cages()
        .iter()
        .map(|c| (c.cells.clone(), Some(c.sum)))
        .collect();
    all_cages.extend(glyphs.cages.iter().cloned());
    let sums = if all_cages.is_empty() {
        String::new()
    } else {
        cages(&mut out, &all_cages, n)
    };
    thin_lines(&mut out, n);
    thick_lines(&mut out, variant);
    out.push_str(&sums);
    out.push_str(&glyphs.marks);
    out.push_str(&glyphs.clues);
    digits(&mut out, puzzle, alphabet, opts);
    if let Some(marks) = puzzle.marks.or(variant.candidates()) {
        marks_and_step(&mut out, puzzle, marks, alphabet, opts);
    }
    write_caption(&mut out, &caption, side + bottom);
    out.push_str("</g>\n</g>\n");
    Ok(Drawing {
        body: out,
        width,
        height,
    })
}

/// The caption's lines, the first baseline a line below `top`.
fn write_caption(out: &mut String, caption: &[String], top: i64) {
    if caption.is_empty() {
        return;
    }
    let _ = write!(
        out,
        "<g class=\"caption\" font-family=\"{FONT}\" font-size=\"{CAPTION}\" fill=\"{INK}\">"
    );
    for (i, line) in caption.iter().enumerate() {
        let _ = write!(
            out,
            "<text x=\"0\" y=\"{}\">",
            top + CAPTION + i as i64 * CAPTION_LINE
        );
        for c in line.chars() {
            escape(out, c);
        }
        out.push_str("</text>");
    }
    out.push_str("</g>\n");
}

/// The caption's items joined by ` · ` into lines of at most `chars`
/// characters (an item longer than a line is broken at its spaces).
fn wrap(items: &[String], chars: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for item in items {
        let joined = line.chars().count() + 3 + item.chars().count();
        if !line.is_empty() && joined <= chars {
            line.push_str(" \u{b7} ");
            line.push_str(item);
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        for word in item.split(' ') {
            if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > chars {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The four hyper windows, shaded.
fn windows(out: &mut String, variant: &Variant) {
    let _ = write!(out, "<g class=\"windows\" fill=\"{WINDOW}\">");
    // Each window is a house of its own after rows, columns and boxes.
    let n = variant.n();
    for house in variant
        .houses()
        .iter()
        .skip(3 * n + 2 * usize::from(variant.diagonals()))
    {
        let (r, c) = cell_at(house.cells[0], n);
        let _ = write!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
            c * UNIT,
            r * UNIT,
            3 * UNIT,
            3 * UNIT
        );
    }
    out.push_str("</g>\n");
}

/// Row and column of cell `k` in reading order.
fn cell_at(k: u16, n: usize) -> (i64, i64) {
    ((k as usize / n) as i64, (k as usize % n) as i64)
}

/// Thin lines between every pair of adjacent cells.
fn thin_lines(out: &mut String, n: usize) {
    let side = n as i64 * UNIT;
    let mut d = String::new();
    for k in 1..n as i64 {
        let at = k * UNIT;
        let _ = write!(d, "M{at},0V{side}M0,{at}H{side}");
    }
    let _ = writeln!(
        out,
        "<path class=\"cells\" d=\"{d}\" stroke=\"{INK}\" stroke-width=\"{}\" fill=\"none\"/>",
        UNIT / 40
    );
}

/// A line segment on the drawing's integer lattice: horizontal at `y =
/// fixed` from `x = from` to `to`, or vertical at `x = fixed`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Segment {
    vertical: bool,
    fixed: i64,
    from: i64,
    to: i64,
}

/// `segments` as path data, collinear segments that touch joined into
/// one (so a dashed line keeps its rhythm and thick corners meet).
fn path_data(mut segments: Vec<Segment>) -> String {
    segments.sort_unstable();
    let mut joined: Vec<Segment> = Vec::with_capacity(segments.len());
    for s in segments {
        match joined.last_mut() {
            Some(last)
                if last.vertical == s.vertical && last.fixed == s.fixed && last.to >= s.from =>
            {
                last.to = last.to.max(s.to);
            }
            _ => joined.push(s),
        }
    }
    let mut d = String::new();
    for s in joined {
        let _ = if s.vertical {
            write!(d, "M{},{}V{}", s.fixed, s.from, s.to)
        } else {
            write!(d, "M{},{}H{}", s.from, s.fixed, s.to)
        };
    }
    d
}

/// Thick lines: the grid's outline, and every cell side between two
/// cells of different houses of the third kind (boxes, or jigsaw
/// regions).
fn thick_lines(out: &mut String, variant: &Variant) {
    let n = variant.n();
    let shape = variant.shape();
    let region = |r: usize, c: usize| match variant.regions() {
        Some(regions) => regions[r * n + c] as usize,
        None => shape.box_of(r, c),
    };
    let mut segments = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let (x, y) = (c as i64 * UNIT, r as i64 * UNIT);
            if c + 1 < n && region(r, c) != region(r, c + 1) {
                segments.push(Segment {
                    vertical: true,
                    fixed: x + UNIT,
                    from: y,
                    to: y + UNIT,
                });
            }
            if r + 1 < n && region(r, c) != region(r + 1, c) {
                segments.push(Segment {
                    vertical: false,
                    fixed: y + UNIT,
                    from: x,
                    to: x + UNIT,
                });
            }
        }
    }
    let side = n as i64 * UNIT;
    let width = UNIT / 13;
    let _ = writeln!(
        out,
        "<path class=\"regions\" d=\"{}\" stroke=\"{INK}\" stroke-width=\"{width}\" stroke-linecap=\"square\" fill=\"none\"/>",
        path_data(segments)
    );
    let _ = writeln!(
        out,
        "<rect class=\"outline\" x=\"0\" y=\"0\" width=\"{side}\" height=\"{side}\" stroke=\"{INK}\" stroke-width=\"{width}\" fill=\"none\"/>"
    );
}

/// The killer cages: each a dashed outline inset by [`CAGE_INSET`] from
/// its cells' outer sides, and its sum in its first cell's corner.
///
/// A side of a cell on the cage's border is drawn inset; at each end it
/// stops short by the inset where the border turns outward (a convex
/// corner), reaches the cell's corner where the border goes straight on,
/// and runs past it by the inset where the border turns inward (a concave
/// corner), so the pieces meet.
fn cages(out: &mut String, cages: &[glyphs::CageGlyph], n: usize) -> String {
    let d = CAGE_INSET;
    let ni = n as i64;
    let mut segments = Vec::new();
    for (cells, _) in cages {
        let mut member = vec![false; n * n];
        for &k in cells {
            member[k as usize] = true;
        }
        let inside = |r: i64, c: i64| {
            (0..ni).contains(&r) && (0..ni).contains(&c) && member[(r * ni + c) as usize]
        };
        for &k in cells {
            let (r, c) = cell_at(k, n);
            let (x, y) = (c * UNIT, r * UNIT);
            // The end of a side running towards the neighbour (dr, dc),
            // whose outer neighbour is (or, oc): -d, 0 or +d past the
            // cell's corner.
            let end = |dr: i64, dc: i64, or: i64, oc: i64| match (
                inside(r + dr, c + dc),
                inside(r + dr + or, c + dc + oc),
            ) {
                (false, _) => -d,
                (true, false) => 0,
                (true, true) => d,
            };
            // Top, bottom (horizontal, ends to the left and the right).
            for (dr, fixed) in [(-1, y + d), (1, y + UNIT - d)] {
                if !inside(r + dr, c) {
                    segments.push(Segment {
                        vertical: false,
                        fixed,
                        from: x - end(0, -1, dr, 0),
                        to: x + UNIT + end(0, 1, dr, 0),
                    });
                }
            }
            // Left, right (vertical, ends up and down).
            for (dc, fixed) in [(-1, x + d), (1, x + UNIT - d)] {
                if !inside(r, c + dc) {
                    segments.push(Segment {
                        vertical: true,
                        fixed,
                        from: y - end(-1, 0, 0, dc),
                        to: y + UNIT + end(1, 0, 0, dc),
                    });
                }
            }
        }
    }
    let _ = writeln!(
        out,
        "<path class=\"cages\" d=\"{}\" stroke=\"{INK}\" stroke-width=\"{}\" stroke-dasharray=\"{} {}\" fill=\"none\"/>",
        path_data(segments),
        UNIT / 40,
        UNIT / 10,
        UNIT / 16
    );
    // The sums, on a white patch that interrupts the outline, in the
    // corner of each cage's first cell in reading order.
    let size = UNIT / 4;
    let mut sums = String::new();
    let _ = write!(sums, "<g class=\"sums\">");
    for (cells, sum) in cages {
        let (Some(sum), Some(&first)) = (sum, cells.iter().min()) else {
            continue;
        };
        let (r, c) = cell_at(first, n);
        let (x, y) = (c * UNIT + d / 2, r * UNIT + d / 2);
        let digits = sum.to_string().len() as i64;
        let _ = write!(
            sums,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{}\" height=\"{}\" fill=\"#ffffff\"/><text x=\"{}\" y=\"{}\" font-family=\"{FONT}\" font-size=\"{size}\" fill=\"{INK}\">{sum}</text>",
            digits * size * 6 / 10 + d,
            size + d / 2,
            x + d / 2,
            y + size * 9 / 10,
        );
    }
    sums.push_str("</g>\n");
    sums
}

/// The digits: givens bold, solved digits (if drawn) in [`SOLVED`].
fn digits(out: &mut String, puzzle: &Puzzle<'_>, alphabet: &Alphabet, opts: &Options) {
    let n = puzzle.grid.n();
    let size = UNIT * 6 / 10;
    let solution = puzzle.solution.filter(|_| !opts.givens_only);
    // Baseline at the middle of the cell plus half a digit's height.
    let text = |out: &mut String, k: usize, d: u8| {
        let (r, c) = (k / n, k % n);
        let x = c as i64 * UNIT + UNIT / 2;
        let y = r as i64 * UNIT + UNIT / 2 + size * 36 / 100;
        let _ = write!(out, "<text x=\"{x}\" y=\"{y}\">");
        escape(out, alphabet.symbol(d));
        out.push_str("</text>");
    };
    let _ = write!(
        out,
        "<g class=\"givens\" font-family=\"{FONT}\" font-size=\"{size}\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{INK}\">"
    );
    for (k, &d) in puzzle.grid.cells().iter().enumerate() {
        if d != 0 {
            text(out, k, d);
        }
    }
    out.push_str("</g>\n");
    if let Some(solution) = solution {
        let _ = write!(
            out,
            "<g class=\"solved\" font-family=\"{FONT}\" font-size=\"{size}\" text-anchor=\"middle\" fill=\"{SOLVED}\">"
        );
        for (k, (&given, &d)) in puzzle.grid.cells().iter().zip(solution.cells()).enumerate() {
            if given == 0 && d != 0 {
                text(out, k, d);
            }
        }
        out.push_str("</g>\n");
    }
}

/// Where pencil marks go in a cell: a block of `box_rows` places of
/// height `h` by `box_cols` of width `w`, centred, the digits `size` high.
#[derive(Clone, Copy, Debug)]
struct Keypad {
    w: i64,
    h: i64,
    size: i64,
}

impl Keypad {
    fn of(shape: crate::sudoku::Shape) -> Keypad {
        let (w, h) = (
            UNIT / shape.box_cols() as i64,
            UNIT / shape.box_rows() as i64,
        );
        Keypad {
            w,
            h,
            size: (w.min(h) * 8 / 10).max(1),
        }
    }

    /// The room free of marks across a side two cells share, both
    /// showing marks, as (from, to) measured from the side into the
    /// second cell (below or right of it): from the first cell's last
    /// marks to the second's first (a digit's ink taken as three
    /// quarters of its size high and two thirds wide).
    fn gap(self, across_rows: bool) -> (i64, i64) {
        let (step, places, ink) = if across_rows {
            let rows = UNIT / self.h;
            (self.h, rows, self.size * 3 / 4)
        } else {
            let cols = UNIT / self.w;
            (self.w, cols, self.size / 3)
        };
        let offset = (UNIT - step * places) / 2;
        // Rows: the baseline and the top of the ink; columns: the ink's
        // right and left edges.
        let (first, last) = if across_rows {
            let base = offset + step / 2 + self.size * 36 / 100;
            (base - ink, base + (places - 1) * step)
        } else {
            let mid = offset + step / 2;
            (mid - ink, mid + (places - 1) * step + ink)
        };
        (last - UNIT, first)
    }
}

/// The cells that show pencil marks: those no given or drawn solution
/// fills, with marks to draw.
fn marked_cells(puzzle: &Puzzle<'_>, variant: &Variant, opts: &Options) -> Vec<bool> {
    let solution = puzzle.solution.filter(|_| !opts.givens_only);
    let cells = puzzle.grid.cells();
    match puzzle.marks.or(variant.candidates()) {
        Some(marks) => (0..cells.len())
            .map(|k| {
                cells[k] == 0
                    && solution.is_none_or(|s| s.cells()[k] == 0)
                    && marks.get(k).is_some_and(|&m| m != 0)
            })
            .collect(),
        None => vec![false; cells.len()],
    }
}

/// The pencil marks, with the step of [`Puzzle::highlight`] (if any, and
/// unless the givens alone are drawn) ringed under them and struck
/// through over them.
fn marks_and_step(
    out: &mut String,
    puzzle: &Puzzle<'_>,
    marks: &[u64],
    alphabet: &Alphabet,
    opts: &Options,
) {
    let highlight = puzzle.highlight.filter(|_| !opts.givens_only);
    if let Some(h) = highlight {
        highlight::rings(out, h, puzzle, marks);
    }
    pencil_marks(out, puzzle, marks, alphabet, opts);
    if let Some(h) = highlight {
        highlight::strokes(out, h, puzzle, marks);
    }
}

/// The pencil marks of the cells no digit fills: digit `d` small and grey
/// in place `d - 1` of a block of `box_rows` rows by `box_cols` columns.
fn pencil_marks(
    out: &mut String,
    puzzle: &Puzzle<'_>,
    marks: &[u64],
    alphabet: &Alphabet,
    opts: &Options,
) {
    let shape = puzzle.grid.shape();
    let n = shape.n();
    let (rows, cols) = (shape.box_rows() as i64, shape.box_cols() as i64);
    let solution = puzzle.solution.filter(|_| !opts.givens_only);
    let Keypad { w, h, size } = Keypad::of(shape);
    let _ = write!(
        out,
        "<g class=\"marks\" font-family=\"{FONT}\" font-size=\"{size}\" text-anchor=\"middle\" fill=\"{MARKS}\">"
    );
    for (k, (&given, &mask)) in puzzle.grid.cells().iter().zip(marks).enumerate() {
        let solved = solution.is_some_and(|s| s.cells()[k] != 0);
        if given != 0 || solved {
            continue;
        }
        let (r, c) = ((k / n) as i64, (k % n) as i64);
        for d in 0..n as i64 {
            if mask >> d & 1 == 0 {
                continue;
            }
            // Widths that do not divide the cell leave the block centred.
            let x = c * UNIT + (UNIT - w * cols) / 2 + (d % cols) * w + w / 2;
            let y = r * UNIT + (UNIT - h * rows) / 2 + (d / cols) * h + h / 2 + size * 36 / 100;
            let _ = write!(out, "<text x=\"{x}\" y=\"{y}\">");
            escape(out, alphabet.symbol(d as u8 + 1));
            out.push_str("</text>");
        }
    }
    out.push_str("</g>\n");
}

/// `c` as XML character data.
fn escape(out: &mut String, c: char) {
    match c {
        '&' => out.push_str("&amp;"),
        '<' => out.push_str("&lt;"),
        '>' => out.push_str("&gt;"),
        '"' => out.push_str("&quot;"),
        '\'' => out.push_str("&apos;"),
        c => out.push(c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Shape;

    #[test]
    fn segments_that_touch_are_joined() {
        let h = |fixed, from, to| Segment {
            vertical: false,
            fixed,
            from,
            to,
        };
        assert_eq!(
            path_data(vec![h(0, 40, 80), h(0, 0, 40), h(0, 90, 100)]),
            "M0,0H80M90,0H100"
        );
    }

    #[test]
    fn a_plain_grid_has_its_box_borders_and_nothing_else() {
        let grid = Grid::empty(Shape::FOUR);
        let puzzle = Puzzle {
            grid: &grid,
            variant: None,
            solution: None,
            marks: None,
            note: None,
            highlight: None,
        };
        let text = svg(&puzzle, &Alphabet::default()).unwrap();
        assert!(text.contains("d=\"M0,80H160M80,0V160\""), "{text}");
        assert!(!text.contains("cages") && !text.contains("windows"));
    }

    #[test]
    fn mismatched_pieces_are_errors() {
        let grid = Grid::empty(Shape::FOUR);
        let nine = Grid::empty(Shape::NINE);
        let bad = Puzzle {
            grid: &grid,
            variant: None,
            solution: Some(&nine),
            marks: None,
            note: None,
            highlight: None,
        };
        assert!(matches!(
            svg(&bad, &Alphabet::default()),
            Err(RenderError::Shape {
                what: "solution",
                ..
            })
        ));
        let short = "abc".parse::<Alphabet>().unwrap();
        let ok = Puzzle {
            solution: None,
            marks: None,
            ..bad
        };
        assert_eq!(svg(&ok, &short), Err(RenderError::Alphabet { n: 4 }));
    }

    /// The text of each `<text>` of the group of class `class`.
    fn texts_of(svg: &str, class: &str) -> Vec<(i64, i64, String)> {
        let start = svg
            .find(&format!("<g class=\"{class}\""))
            .map_or(svg.len(), |i| i);
        let group = &svg[start..];
        let group = &group[..group.find("</g>").unwrap_or(0)];
        group
            .split("<text x=\"")
            .skip(1)
            .map(|t| {
                let (x, rest) = t.split_once("\" y=\"").unwrap();
                let (y, rest) = rest.split_once("\">").unwrap();
                let (text, _) = rest.split_once("</text>").unwrap();
                (x.parse().unwrap(), y.parse().unwrap(), text.to_string())
            })
            .collect()
    }

    #[test]
    fn pencil_marks_fill_the_empty_cells_in_keypad_places() {
        let mut grid = Grid::empty(Shape::NINE);
        grid.set(0, 0, 5);
        let mut marks = vec![0u64; 81];
        marks[0] = 1 << 4;
        marks[1] = 0b1_0000_0001; // 1 and 9
        marks[80] = 0b10; // 2
        let mut solution = Grid::empty(Shape::NINE);
        solution.set(8, 8, 2);
        let puzzle = Puzzle {
            grid: &grid,
            variant: None,
            solution: None,
            marks: Some(&marks),
            note: None,
            highlight: None,
        };
        let text = svg(&puzzle, &Alphabet::default()).unwrap();
        let drawn = texts_of(&text, "marks");
        // The given's cell has none; r1c2 has 1 top left and 9 bottom
        // right; r9c9 has 2 top middle.
        let third = UNIT / 3;
        let digits: Vec<&str> = drawn.iter().map(|(_, _, t)| t.as_str()).collect();
        assert_eq!(digits, ["1", "9", "2"]);
        assert_eq!(drawn[0].0, UNIT + third / 2);
        assert_eq!(drawn[1].0, UNIT + 2 * third + third / 2);
        assert!(drawn[1].1 > drawn[0].1 + third);
        assert_eq!(
            drawn[2].0,
            8 * UNIT + (UNIT - 3 * third) / 2 + third + third / 2
        );
        // A cell the solution fills shows its digit, not its marks.
        let solved = Puzzle {
            solution: Some(&solution),
            ..puzzle
        };
        let text = svg(&solved, &Alphabet::default()).unwrap();
        assert_eq!(texts_of(&text, "marks").len(), 2);
        let short = [0u64; 80];
        let bad = Puzzle {
            marks: Some(&short),
            ..puzzle
        };
        assert_eq!(
            svg(&bad, &Alphabet::default()),
            Err(RenderError::Marks {
                expected: 81,
                found: 80
            })
        );
    }

    #[test]
    fn the_rules_own_pencil_marks_are_drawn_without_any_given() {
        let mut masks = vec![0b1111u64; 16];
        masks[5] = 0b0110;
        let rules = Variant::plain(Shape::FOUR).with_candidates(masks).unwrap();
        let grid = Grid::empty(Shape::FOUR);
        let puzzle = Puzzle {
            grid: &grid,
            variant: Some(&rules),
            solution: None,
            marks: None,
            note: None,
            highlight: None,
        };
        let text = svg(&puzzle, &Alphabet::default()).unwrap();
        assert_eq!(texts_of(&text, "marks").len(), 15 * 4 + 2);
    }
}
