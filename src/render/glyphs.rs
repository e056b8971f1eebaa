//! The setters' constraints ([`Constraint`]) as the glyphs puzzle books
//! and f-puzzles draw them, in layers that [`super::draw`] puts between
//! the grid's own:
//!
//! - shading, under everything else: extra regions tinted, even cells a
//!   grey square, odd cells a grey circle, minimum and maximum cells
//!   tinted with a small chevron towards each neighbour (pointing in for
//!   a minimum, out for a maximum), clear of the cell's digit and of the
//!   pencil marks of the cell and its neighbour;
//! - lines, under the grid lines: a thermometer a thick grey line with a
//!   grey bulb; an arrow a grey circle (a pill: a rounded box over its
//!   cells) and a thin grey line from it with an arrow head; German
//!   whispers green, renban purple, palindromes grey, each through its
//!   cells' centres; a diagonal that is a house of its own (f-puzzles'
//!   `diagonal+` or `diagonal-` alone) a grey line corner to corner;
//! - cages (with or without sum) join the killer cages' dashed outlines;
//! - edge marks, over the grid lines: kropki dots on the middle of the
//!   side two cells share (white: a difference, black: a ratio; the value
//!   written in the dot unless it is the usual 1 or 2), X and V (a sum of
//!   10 or 5; another sum as its number) on a white patch there, a
//!   quadruple's digits in a small circle on the corner its cells share;
//! - clues outside the grid, in a margin of one cell added on the sides
//!   that have one (two where a sandwich sum and a little killer share a
//!   margin cell): a sandwich sum on the side its clue was given, a
//!   little killer's sum in the cell beyond the first cell of its
//!   diagonal, with a small arrow along the diagonal; no two overlap
//!   ([`clues`]);
//! - the rules no glyph shows, as a caption under the grid: anti-knight,
//!   anti-king, disjoint groups, the negative rules ("All white dots
//!   given", or "Non-consecutive" when there is no white dot; "All black
//!   dots given"; "All X and V given"), whispers whose difference is not
//!   the usual half of the side, a pill that does not read in reading
//!   order.
//!
//! Invariant: every constraint is drawn, or the picture is an error
//! naming its kind ([`RenderError::Constraint`]); the match over the
//! kinds has no catch-all, so a kind added to [`Constraint`] does not
//! compile here until it is drawn. Constraints that the data allow but a
//! picture cannot show are such errors: a dot between cells that are not
//! neighbours, a little killer that is no diagonal from the edge, a
//! sandwich that is no whole row or column, a quadruple whose cells share
//! no corner, a negative rule on some pairs of neighbours only.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use super::{FONT, INK, RenderError, UNIT};
use crate::format::Alphabet;
use crate::sudoku::constraint::cell_name;
use crate::sudoku::{Constraint, Relation, Variant};

/// Colours of the glyphs.
// The clues outside the grid, and the margins they need.
mod clues;

const THERMOMETER: &str = "#c4c4c4";
const ARROW: &str = "#8c8c8c";
const WHISPERS: &str = "#5fd35f";
const RENBAN: &str = "#c26be0";
const PALINDROME: &str = "#a6a6a6";
const PARITY: &str = "#cccccc";
const EXTREME: &str = "#e8e8e8";
const CHEVRON: &str = "#595959";
const EXTRA_REGION: &str = "#d9e6f2";
const DIAGONAL: &str = super::DIAGONAL;

/// The radius of a thermometer's or an arrow's bulb.
const BULB: i64 = UNIT * 2 / 5;

/// Extra room around the grid for clues outside it, per side: how many
/// cells deep its margin is (0: none, the usual narrow margin).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Sides {
    pub left: i64,
    pub top: i64,
    pub right: i64,
    pub bottom: i64,
}

/// A constraint cage: its cells (any order) and its sum, if given.
pub(super) type CageGlyph = (Vec<u16>, Option<u32>);

/// What the constraints add to a picture, layer by layer (each an SVG
/// fragment in the grid's coordinates, empty when there is nothing).
#[derive(Debug, Default)]
pub(super) struct Glyphs {
    /// Under everything: shaded cells and their marks.
    pub shading: String,
    /// Under the grid lines: lines, arrows, single diagonals.
    pub lines: String,
    /// Cages to outline with the killer cages.
    pub cages: Vec<CageGlyph>,
    /// Over the grid lines: dots, X and V, quadruples.
    pub marks: String,
    /// Outside the grid: sandwich and little-killer clues.
    pub clues: String,
    /// The sides that need a margin for clues.
    pub sides: Sides,
    /// The rules stated in words, one item each.
    pub caption: Vec<String>,
}

pub(super) fn unsupported(kind: &'static str, why: String) -> RenderError {
    RenderError::Constraint { kind, why }
}

/// Row and column of cell `k`.
pub(super) fn rc(k: u16, n: usize) -> (i64, i64) {
    ((k as usize / n) as i64, (k as usize % n) as i64)
}

/// The centre of cell `k`.
fn centre(k: u16, n: usize) -> (i64, i64) {
    let (r, c) = rc(k, n);
    (c * UNIT + UNIT / 2, r * UNIT + UNIT / 2)
}

/// Path data through the centres of `cells`.
fn through(cells: &[u16], n: usize) -> String {
    let mut d = String::new();
    for (i, &k) in cells.iter().enumerate() {
        let (x, y) = centre(k, n);
        let _ = write!(d, "{}{x},{y}", if i == 0 { 'M' } else { 'L' });
    }
    d
}

/// A number rounded to the drawing's integer lattice.
fn round(v: f64) -> i64 {
    v.round() as i64
}

/// The glyphs of `variant`'s constraints, or the first that cannot be
/// drawn.
pub(super) fn plan(
    variant: &Variant,
    alphabet: &Alphabet,
    marked: &[bool],
) -> Result<Glyphs, RenderError> {
    let n = variant.n();
    let mut g = Glyphs::default();
    let k = classify(variant, &mut g);
    let (diagonals, regions) = houses(&mut g, variant, &k.distinct);
    let keypad = super::Keypad::of(variant.shape());
    shading(&mut g, &regions, &k, n, (marked, keypad));
    lines(&mut g, diagonals, &k, n);
    if !k.dots.is_empty() {
        draw_dots(&mut g.marks, &k.dots, n)?;
    }
    if !k.quadruples.is_empty() {
        draw_quadruples(&mut g.marks, &k.quadruples, n, alphabet)?;
    }
    if !k.nevers.is_empty() {
        clues::negative_rules(&mut g.caption, &k.nevers, &k.dots, n)?;
    }
    if !k.sandwiches.is_empty() || !k.little_killers.is_empty() {
        clues::outside(&mut g, &k.sandwiches, &k.little_killers, n)?;
    }
    pills(&mut g, &k, n);
    Ok(g)
}

/// The constraints of a variant, sorted by kind.
#[derive(Default)]
struct Kinds<'v> {
    thermometers: Vec<&'v Vec<u16>>,
    arrows: Vec<(&'v Vec<u16>, &'v Vec<u16>)>,
    whispers: Vec<(&'v Vec<u16>, u32)>,
    renbans: Vec<&'v Vec<u16>>,
    palindromes: Vec<&'v Vec<u16>>,
    dots: Vec<([u16; 2], Relation)>,
    nevers: Vec<([u16; 2], &'v Vec<Relation>)>,
    distinct: Vec<&'v Vec<u16>>,
    parities: Vec<(u16, bool)>,
    extremes: Vec<(u16, bool)>,
    quadruples: Vec<(&'v Vec<u16>, &'v Vec<u8>)>,
    sandwiches: Vec<(&'v Vec<u16>, u32)>,
    little_killers: Vec<(&'v Vec<u16>, u32)>,
}

/// `variant`'s constraints sorted by kind; cages and the rules that are
/// words go straight into `g`.
fn classify<'v>(variant: &'v Variant, g: &mut Glyphs) -> Kinds<'v> {
    let mut k = Kinds::default();
    let (mut anti_knight, mut anti_king) = (false, false);
    // No catch-all: every kind is drawn (see the module's invariant).
    for c in variant.constraints() {
        match c {
            Constraint::Thermometer(cells) => k.thermometers.push(cells),
            Constraint::Arrow { bulb, shaft } => k.arrows.push((bulb, shaft)),
            Constraint::Cage { cells, sum } => g.cages.push((cells.clone(), *sum)),
            Constraint::LittleKiller { cells, sum } => k.little_killers.push((cells, *sum)),
            Constraint::Sandwich { cells, sum } => k.sandwiches.push((cells, *sum)),
            Constraint::Whispers { cells, gap } => k.whispers.push((cells, *gap)),
            Constraint::Renban(cells) => k.renbans.push(cells),
            Constraint::Palindrome(cells) => k.palindromes.push(cells),
            Constraint::Dot { cells, relation } => k.dots.push((*cells, *relation)),
            Constraint::Never { cells, relations } => k.nevers.push((*cells, relations)),
            Constraint::AntiKnight => anti_knight = true,
            Constraint::AntiKing => anti_king = true,
            Constraint::Distinct(cells) => k.distinct.push(cells),
            Constraint::Parity { cell, even } => k.parities.push((*cell, *even)),
            Constraint::Quadruple { cells, digits } => k.quadruples.push((cells, digits)),
            Constraint::Extreme { cell, minimum } => k.extremes.push((*cell, *minimum)),
        }
    }
    if anti_knight {
        g.caption.push("Anti-knight".into());
    }
    if anti_king {
        g.caption.push("Anti-king".into());
    }

    k
}

/// Houses of different digits: the two diagonals (drawn as lines),
/// disjoint groups (a caption, when all of them are there), or extra
/// regions (shaded), returned in that order.
fn houses<'v>(
    g: &mut Glyphs,
    variant: &Variant,
    distinct: &[&'v Vec<u16>],
) -> ([bool; 2], Vec<&'v Vec<u16>>) {
    let n = variant.n();
    let mut diagonals = [false; 2];
    let mut regions: Vec<&Vec<u16>> = Vec::new();
    let main: BTreeSet<u16> = (0..n).map(|i| (i * n + i) as u16).collect();
    let anti: BTreeSet<u16> = (0..n).map(|i| (i * n + n - 1 - i) as u16).collect();
    let shape = variant.shape();
    let groups: Vec<BTreeSet<u16>> = (0..n)
        .map(|p| {
            (0..n)
                .filter_map(|b| shape.box_cells(b).nth(p))
                .map(|(r, c)| (r * n + c) as u16)
                .collect()
        })
        .collect();
    let sets: Vec<BTreeSet<u16>> = distinct
        .iter()
        .map(|c| c.iter().copied().collect())
        .collect();
    let disjoint = groups.iter().all(|group| sets.contains(group));
    if disjoint {
        g.caption.push("Disjoint groups".into());
    }
    for (cells, set) in distinct.iter().zip(&sets) {
        if *set == main {
            diagonals[0] = true;
        } else if *set == anti {
            diagonals[1] = true;
        } else if !(disjoint && groups.contains(set)) {
            regions.push(cells);
        }
    }

    (diagonals, regions)
}

/// Extra regions, minimum and maximum cells, even and odd cells; the
/// cells that show pencil marks and where, which the chevrons keep off.
fn shading(
    g: &mut Glyphs,
    regions: &[&Vec<u16>],
    k: &Kinds<'_>,
    n: usize,
    (marked, keypad): (&[bool], super::Keypad),
) {
    let (extremes, parities) = (&k.extremes, &k.parities);
    if !regions.is_empty() {
        let mut cells: Vec<u16> = regions.iter().flat_map(|c| c.iter().copied()).collect();
        cells.sort_unstable();
        cells.dedup();
        let _ = write!(
            g.shading,
            "<g class=\"extra-regions\" fill=\"{EXTRA_REGION}\">"
        );
        for k in cells {
            let (r, c) = rc(k, n);
            let _ = write!(
                g.shading,
                "<rect x=\"{}\" y=\"{}\" width=\"{UNIT}\" height=\"{UNIT}\"/>",
                c * UNIT,
                r * UNIT
            );
        }
        g.shading.push_str("</g>\n");
    }
    if !extremes.is_empty() {
        extreme_cells(&mut g.shading, extremes, n, marked, keypad);
    }
    if !parities.is_empty() {
        let _ = write!(g.shading, "<g class=\"parity\" fill=\"{PARITY}\">");
        let half = UNIT * 7 / 20;
        for &(k, even) in parities.iter() {
            let (x, y) = centre(k, n);
            let _ = if even {
                write!(
                    g.shading,
                    "<rect class=\"even\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
                    x - half,
                    y - half,
                    2 * half,
                    2 * half
                )
            } else {
                write!(
                    g.shading,
                    "<circle class=\"odd\" cx=\"{x}\" cy=\"{y}\" r=\"{half}\"/>"
                )
            };
        }
        g.shading.push_str("</g>\n");
    }
}

/// Single diagonals, thermometers, whispers, renban and palindrome
/// lines, arrows; the whispers' difference in words when it is not the
/// usual one.
fn lines(g: &mut Glyphs, diagonals: [bool; 2], k: &Kinds<'_>, n: usize) {
    if diagonals[0] || diagonals[1] {
        let side = n as i64 * UNIT;
        let mut d = String::new();
        if diagonals[0] {
            let _ = write!(d, "M0,0L{side},{side}");
        }
        if diagonals[1] {
            let _ = write!(d, "M{side},0L0,{side}");
        }
        let _ = writeln!(
            g.lines,
            "<path class=\"diagonal\" d=\"{d}\" stroke=\"{DIAGONAL}\" stroke-width=\"{}\" fill=\"none\"/>",
            UNIT / 20
        );
    }
    if !k.thermometers.is_empty() {
        let _ = write!(
            g.lines,
            "<g class=\"thermometers\" fill=\"{THERMOMETER}\" stroke=\"{THERMOMETER}\">"
        );
        for cells in &k.thermometers {
            let (x, y) = centre(cells[0], n);
            let _ = write!(
                g.lines,
                "<path d=\"{}\" stroke-width=\"{}\" stroke-linecap=\"round\" stroke-linejoin=\"round\" fill=\"none\"/><circle cx=\"{x}\" cy=\"{y}\" r=\"{BULB}\" stroke=\"none\"/>",
                through(cells, n),
                UNIT * 7 / 20
            );
        }
        g.lines.push_str("</g>\n");
    }
    let default_gap = (n as u32).div_ceil(2);
    for (class, colour, width, lines) in [
        (
            "whispers",
            WHISPERS,
            UNIT / 4,
            k.whispers.iter().map(|(c, _)| *c).collect(),
        ),
        ("renban", RENBAN, UNIT / 4, k.renbans.clone()),
        ("palindromes", PALINDROME, UNIT / 5, k.palindromes.clone()),
    ] as [(&str, &str, i64, Vec<&Vec<u16>>); 3]
    {
        if lines.is_empty() {
            continue;
        }
        let _ = write!(
            g.lines,
            "<g class=\"{class}\" stroke=\"{colour}\" stroke-width=\"{width}\" stroke-linecap=\"round\" stroke-linejoin=\"round\" fill=\"none\">"
        );
        for cells in lines {
            let _ = write!(g.lines, "<path d=\"{}\"/>", through(cells, n));
        }
        g.lines.push_str("</g>\n");
    }
    let gaps: BTreeSet<u32> = k.whispers.iter().map(|&(_, gap)| gap).collect();
    if gaps.len() == 1 && !gaps.contains(&default_gap) {
        let gap = gaps.first().copied().unwrap_or(default_gap);
        g.caption
            .push(format!("Green lines: neighbours differ by at least {gap}"));
    } else if gaps.len() > 1 {
        for (cells, gap) in &k.whispers {
            if *gap != default_gap {
                g.caption.push(format!(
                    "Green line from {}: neighbours differ by at least {gap}",
                    cell_name(cells[0] as usize, n)
                ));
            }
        }
    }
    if !k.arrows.is_empty() {
        draw_arrows(g, &k.arrows, n);
    }
}

/// A caption for each pill whose cells are not given in reading order.
fn pills(g: &mut Glyphs, k: &Kinds<'_>, n: usize) {
    for (bulb, _) in &k.arrows {
        if bulb.len() > 1 && bulb.windows(2).any(|w| w[0] > w[1]) {
            let names: Vec<String> = bulb.iter().map(|&k| cell_name(k as usize, n)).collect();
            let caption = format!("The pill {} reads in that order", names.join(", "));
            if !g.caption.contains(&caption) {
                g.caption.push(caption);
            }
        }
    }
}

/// Minimum and maximum cells: tinted, with a chevron towards each
/// neighbour in the grid, pointing in (minimum: the neighbours are
/// larger) or out (maximum). A chevron keeps off the cell's digit: it
/// lies along the side, between the digit and the side; where the cell or
/// its neighbour shows pencil marks, which fill the cell to its sides, it
/// shrinks into the room between the two cells' marks, across the side
/// ([`super::Keypad::gap`]).
fn extreme_cells(
    out: &mut String,
    extremes: &[(u16, bool)],
    n: usize,
    marked: &[bool],
    keypad: super::Keypad,
) {
    let _ = write!(out, "<g class=\"extremes\">");
    let mut chevrons = String::new();
    // Stroke's half width, the room a chevron keeps from what it avoids.
    let pen = UNIT / 40;
    for &(k, minimum) in extremes {
        let (r, c) = rc(k, n);
        let _ = write!(
            out,
            "<rect class=\"{}\" x=\"{}\" y=\"{}\" width=\"{UNIT}\" height=\"{UNIT}\" fill=\"{EXTREME}\"/>",
            if minimum { "minimum" } else { "maximum" },
            c * UNIT,
            r * UNIT
        );
        let (x, y) = centre(k, n);
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            let (nr, nc) = (r + dr, c + dc);
            if !((0..n as i64).contains(&nr) && (0..n as i64).contains(&nc)) {
                continue;
            }
            let j = (nr * n as i64 + nc) as usize;
            let small = marked.get(k as usize).copied().unwrap_or(false)
                || marked.get(j).copied().unwrap_or(false);
            // From the centre towards the neighbour: the chevron's near
            // and far ends.
            let (near, far) = if small {
                let (lo, hi) = keypad.gap(dr != 0);
                // A pen's width clear of the marks' ink either way.
                let (lo, hi) = (lo + 2 * pen, (hi - 2 * pen).max(lo + 2 * pen + 2));
                if dr + dc > 0 {
                    (UNIT / 2 + lo, UNIT / 2 + hi)
                } else {
                    (UNIT / 2 - hi, UNIT / 2 - lo)
                }
            } else {
                (UNIT / 2 - UNIT * 7 / 40, UNIT / 2 - UNIT / 20)
            };
            let wide = (far - near + pen).min(UNIT / 8);
            let (tip, base) = if minimum { (near, far) } else { (far, near) };
            let (px, py) = (dr, dc);
            let _ = write!(
                chevrons,
                "M{},{}L{},{}L{},{}",
                x + dc * base + px * wide,
                y + dr * base + py * wide,
                x + dc * tip,
                y + dr * tip,
                x + dc * base - px * wide,
                y + dr * base - py * wide
            );
        }
    }
    let _ = write!(
        out,
        "<path class=\"chevrons\" d=\"{chevrons}\" stroke=\"{CHEVRON}\" stroke-width=\"{}\" stroke-linecap=\"round\" stroke-linejoin=\"round\" fill=\"none\"/>",
        UNIT / 20
    );
    out.push_str("</g>\n");
}

/// Arrows: each bulb once (a circle, or a rounded box over a straight
/// pill, or a circle per cell of a bent one), each shaft a thin line from
/// the bulb's edge through its cells with a head on the last.
fn draw_arrows(g: &mut Glyphs, arrows: &[(&Vec<u16>, &Vec<u16>)], n: usize) {
    let out = &mut g.lines;
    let w = UNIT / 20;
    let _ = write!(
        out,
        "<g class=\"arrows\" stroke=\"{ARROW}\" stroke-width=\"{w}\" stroke-linecap=\"round\" stroke-linejoin=\"round\" fill=\"none\">"
    );
    let mut drawn: Vec<&Vec<u16>> = Vec::new();
    for &(bulb, shaft) in arrows {
        let straight = straight_pill(bulb, n);
        if !drawn.contains(&bulb) {
            drawn.push(bulb);
            match straight {
                Some((first, last)) => {
                    let ((x0, y0), (x1, y1)) = (centre(first, n), centre(last, n));
                    let _ = write!(
                        out,
                        "<rect class=\"bulb\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{BULB}\"/>",
                        x0 - BULB,
                        y0 - BULB,
                        x1 - x0 + 2 * BULB,
                        y1 - y0 + 2 * BULB
                    );
                }
                None => {
                    for &k in bulb.iter() {
                        let (x, y) = centre(k, n);
                        let _ = write!(
                            out,
                            "<circle class=\"bulb\" cx=\"{x}\" cy=\"{y}\" r=\"{BULB}\"/>"
                        );
                    }
                }
            }
        }
        // The bulb cell nearest the shaft's first cell.
        let (sr, sc) = rc(shaft[0], n);
        let from = bulb
            .iter()
            .copied()
            .min_by_key(|&k| {
                let (r, c) = rc(k, n);
                (
                    (r - sr).abs().max((c - sc).abs()),
                    (r - sr).abs() + (c - sc).abs(),
                )
            })
            .unwrap_or(bulb[0]);
        let (bx, by) = centre(from, n);
        let (tx, ty) = centre(shaft[0], n);
        let (dx, dy) = ((tx - bx) as f64, (ty - by) as f64);
        let len = dx.hypot(dy).max(1.0);
        let (ux, uy) = (dx / len, dy / len);
        // Where the line leaves the bulb: a circle's radius, or a straight
        // pill's flat side.
        let reach = match straight {
            Some((first, last)) if first != last => {
                let horizontal = rc(first, n).0 == rc(last, n).0;
                let (along, across) = if horizontal { (ux, uy) } else { (uy, ux) };
                let end = (from == first && along < 0.0) || (from == last && along > 0.0);
                if end || across.abs() < 1e-9 {
                    BULB as f64
                } else {
                    BULB as f64 / across.abs()
                }
            }
            _ => BULB as f64,
        };
        let mut d = format!(
            "M{},{}",
            round(bx as f64 + ux * reach),
            round(by as f64 + uy * reach)
        );
        for &k in shaft.iter() {
            let (x, y) = centre(k, n);
            let _ = write!(d, "L{x},{y}");
        }
        // The head, along the last segment.
        let last = centre(shaft[shaft.len() - 1], n);
        let before = if shaft.len() > 1 {
            centre(shaft[shaft.len() - 2], n)
        } else {
            (bx, by)
        };
        let (hx, hy) = ((last.0 - before.0) as f64, (last.1 - before.1) as f64);
        let hl = hx.hypot(hy).max(1.0);
        let (hx, hy) = (hx / hl, hy / hl);
        let (back, side) = ((UNIT / 5) as f64, (UNIT * 3 / 20) as f64);
        let _ = write!(
            d,
            "M{},{}L{},{}L{},{}",
            round(last.0 as f64 - hx * back - hy * side),
            round(last.1 as f64 - hy * back + hx * side),
            last.0,
            last.1,
            round(last.0 as f64 - hx * back + hy * side),
            round(last.1 as f64 - hy * back - hx * side)
        );
        let _ = write!(out, "<path class=\"shaft\" d=\"{d}\"/>");
    }
    out.push_str("</g>\n");
}

/// The first and last cell (in reading order) of a bulb whose cells make
/// one straight run along a row or a column, or `None`.
fn straight_pill(bulb: &[u16], n: usize) -> Option<(u16, u16)> {
    let mut cells = bulb.to_vec();
    cells.sort_unstable();
    let (first, last) = (cells[0], cells[cells.len() - 1]);
    let (r0, c0) = rc(first, n);
    let row = cells
        .iter()
        .enumerate()
        .all(|(i, &k)| rc(k, n) == (r0, c0 + i as i64));
    let column = cells
        .iter()
        .enumerate()
        .all(|(i, &k)| rc(k, n) == (r0 + i as i64, c0));
    (row || column).then_some((first, last))
}

/// The middle of the side two orthogonal neighbours share, or `None`.
pub(super) fn edge(a: u16, b: u16, n: usize) -> Option<(i64, i64)> {
    let ((ra, ca), (rb, cb)) = (rc(a, n), rc(b, n));
    if (ra - rb).abs() + (ca - cb).abs() != 1 {
        return None;
    }
    let ((xa, ya), (xb, yb)) = (centre(a, n), centre(b, n));
    Some(((xa + xb) / 2, (ya + yb) / 2))
}

/// Kropki dots, X and V, on the sides their cells share.
fn draw_dots(out: &mut String, dots: &[([u16; 2], Relation)], n: usize) -> Result<(), RenderError> {
    let mut kropki = String::new();
    let mut xv = String::new();
    for &([a, b], relation) in dots {
        let Some((x, y)) = edge(a, b, n) else {
            return Err(unsupported(
                "dot",
                format!(
                    "{} and {} are not neighbours, so the dot has no side to sit on",
                    cell_name(a as usize, n),
                    cell_name(b as usize, n)
                ),
            ));
        };
        match relation {
            Relation::Difference(v) | Relation::Ratio(v) => {
                let black = matches!(relation, Relation::Ratio(_));
                let usual = if black { v == 2 } else { v == 1 };
                let (fill, text) = if black {
                    (INK, "#ffffff")
                } else {
                    ("#ffffff", INK)
                };
                let r = if usual { UNIT * 3 / 20 } else { UNIT / 4 };
                let _ = write!(
                    kropki,
                    "<circle class=\"{}\" cx=\"{x}\" cy=\"{y}\" r=\"{r}\" fill=\"{fill}\" stroke=\"{INK}\" stroke-width=\"{}\"/>",
                    if black { "black" } else { "white" },
                    UNIT / 20
                );
                if !usual {
                    let size = UNIT * 3 / 10;
                    let _ = write!(
                        kropki,
                        "<text x=\"{x}\" y=\"{}\" font-family=\"{FONT}\" font-size=\"{size}\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{text}\">{v}</text>",
                        y + size * 36 / 100
                    );
                }
            }
            Relation::Sum(v) => {
                let label = match v {
                    10 => "X".to_string(),
                    5 => "V".to_string(),
                    v => v.to_string(),
                };
                let size = UNIT * 2 / 5;
                let (w, h) = (
                    label.len() as i64 * size * 6 / 10 + UNIT / 10,
                    size + UNIT / 20,
                );
                let _ = write!(
                    xv,
                    "<rect x=\"{}\" y=\"{}\" width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/><text x=\"{x}\" y=\"{}\">{label}</text>",
                    x - w / 2,
                    y - h / 2,
                    y + size * 36 / 100
                );
            }
        }
    }
    if !kropki.is_empty() {
        let _ = writeln!(out, "<g class=\"kropki\">{kropki}</g>");
    }
    if !xv.is_empty() {
        let _ = writeln!(
            out,
            "<g class=\"xv\" font-family=\"{FONT}\" font-size=\"{}\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{INK}\">{xv}</g>",
            UNIT * 2 / 5
        );
    }
    Ok(())
}

/// Quadruples: the digits in a small circle on the corner the cells share.
fn draw_quadruples(
    out: &mut String,
    quadruples: &[(&Vec<u16>, &Vec<u8>)],
    n: usize,
    alphabet: &Alphabet,
) -> Result<(), RenderError> {
    let r = UNIT * 7 / 20;
    let size = UNIT * 11 / 40;
    let _ = write!(
        out,
        "<g class=\"quadruples\" font-family=\"{FONT}\" font-size=\"{size}\" text-anchor=\"middle\">"
    );
    for &(cells, digits) in quadruples {
        // A lattice point inside the grid that every cell touches.
        let touches = |(pr, pc): (i64, i64)| {
            cells.iter().all(|&k| {
                let (r, c) = rc(k, n);
                (r == pr || r == pr - 1) && (c == pc || c == pc - 1)
            })
        };
        let (r0, c0) = rc(cells[0], n);
        let corner = [(r0 + 1, c0 + 1), (r0 + 1, c0), (r0, c0 + 1), (r0, c0)]
            .into_iter()
            .filter(|&(pr, pc)| (1..n as i64).contains(&pr) && (1..n as i64).contains(&pc))
            .find(|&p| touches(p));
        let Some((pr, pc)) = corner else {
            return Err(unsupported(
                "quadruple",
                format!(
                    "its cells from {} share no corner inside the grid for its circle",
                    cell_name(cells[0] as usize, n)
                ),
            ));
        };
        let (x, y) = (pc * UNIT, pr * UNIT);
        let _ = write!(
            out,
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"{r}\" fill=\"#ffffff\" stroke=\"{INK}\" stroke-width=\"{}\"/>",
            UNIT / 40
        );
        // One or two a row, two rows for three or four.
        let rows: Vec<&[u8]> = digits.chunks(2).collect();
        let step = UNIT / 7;
        for (i, row) in rows.iter().enumerate() {
            let dy = match rows.len() {
                1 => 0,
                _ => (2 * i as i64 - 1) * step * 8 / 10,
            };
            for (j, &d) in row.iter().enumerate() {
                let dx = match row.len() {
                    1 => 0,
                    _ => (2 * j as i64 - 1) * step,
                };
                let _ = write!(
                    out,
                    "<text x=\"{}\" y=\"{}\" fill=\"{INK}\">",
                    x + dx,
                    y + dy + size * 36 / 100
                );
                super::escape(out, alphabet.symbol(d));
                out.push_str("</text>");
            }
        }
    }
    out.push_str("</g>\n");
    Ok(())
}
