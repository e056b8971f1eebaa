//! The clues outside the grid (sandwich sums, little killers) and the
//! negative rules, which are words in the caption: parts of
//! [`super::plan`], with its invariant (what cannot be drawn is a
//! [`RenderError::Constraint`]).
//!
//! Where the clues outside go: each in a margin cell, the cell beyond
//! the grid's edge next to what it sums. A sandwich sum sits on the side
//! its clue was given (its cells are listed from the clue: left of its
//! row or right of it, above its column or below it); a little killer's
//! sum in the cell beyond the first cell of its diagonal, with a small
//! arrow along the diagonal to the grid's corner it enters by.
//!
//! Invariant: no two clue texts overlap. A margin cell holds one clue
//! centred, or two little killers (the two diagonals that leave it), each
//! in the half of the cell towards its own diagonal; when a sandwich sum
//! and a little killer would share a margin cell, that side's margin is
//! two cells deep and all its sandwich sums sit in the outer cell, in line
//! with their rows or columns, the little killers in the inner one, where
//! their arrows meet the grid.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use super::{Glyphs, edge, rc, unsupported};
use crate::render::{FONT, INK, RenderError, UNIT};
use crate::sudoku::Relation;
use crate::sudoku::constraint::cell_name;

/// A margin cell outside the grid: row and column, one of them -1 or n
/// (or both, at a corner).
type Outside = (i64, i64);

/// What a margin cell holds: a sandwich sum, little killers (sum and
/// direction into the grid).
#[derive(Default)]
struct Held {
    sandwich: Option<u32>,
    killers: Vec<(u32, (i64, i64))>,
}

/// The clues outside the grid, sandwich sums and little killers, each
/// on its side (see the module's docs), and the margins they need.
pub(super) fn outside(
    g: &mut Glyphs,
    sandwiches: &[(&Vec<u16>, u32)],
    killers: &[(&Vec<u16>, u32)],
    n: usize,
) -> Result<(), RenderError> {
    let ni = n as i64;
    let mut cells: BTreeMap<Outside, Held> = BTreeMap::new();
    for &(line, sum) in sandwiches {
        cells.entry(sandwich_cell(line, n)?).or_default().sandwich = Some(sum);
    }
    for &(diagonal, sum) in killers {
        let ((r, c), d) = killer_cell(diagonal, n)?;
        cells.entry((r, c)).or_default().killers.push((sum, d));
    }
    // A side is crowded when a sandwich sum shares a cell with a killer.
    let side = |(r, c): Outside| -> usize {
        match () {
            _ if c < 0 => 0,
            _ if c >= ni => 2,
            _ if r < 0 => 1,
            _ => 3,
        }
    };
    let mut crowded = [false; 4];
    for (&at, held) in &cells {
        crowded[side(at)] |= held.sandwich.is_some() && !held.killers.is_empty();
        let (r, c) = at;
        let depth = |out: bool, s: usize| i64::from(out) * (1 + i64::from(crowded[s]));
        g.sides.left = g.sides.left.max(depth(c < 0, 0));
        g.sides.top = g.sides.top.max(depth(r < 0, 1));
        g.sides.right = g.sides.right.max(depth(c >= ni, 2));
        g.sides.bottom = g.sides.bottom.max(depth(r >= ni, 3));
    }
    let size = UNIT * 9 / 20;
    let _ = write!(
        g.clues,
        "<g class=\"sandwiches\" font-family=\"{FONT}\" font-size=\"{size}\" text-anchor=\"middle\" fill=\"{INK}\">"
    );
    let mut any_killer = false;
    for (&(r, c), held) in &cells {
        any_killer |= !held.killers.is_empty();
        let Some(sum) = held.sandwich else {
            continue;
        };
        // One cell further out on a crowded side.
        let out = i64::from(crowded[side((r, c))]);
        let (r, c) = match side((r, c)) {
            0 => (r, c - out),
            1 => (r - out, c),
            2 => (r, c + out),
            _ => (r + out, c),
        };
        let _ = write!(
            g.clues,
            "<text x=\"{}\" y=\"{}\">{sum}</text>",
            c * UNIT + UNIT / 2,
            r * UNIT + UNIT / 2 + size * 36 / 100
        );
    }
    g.clues.push_str("</g>\n");
    if any_killer {
        little_killers(g, &cells, n);
    }
    Ok(())
}

/// The margin cell of a sandwich's clue: its cells a whole row or column
/// in order from one end, the clue beyond the first.
fn sandwich_cell(cells: &[u16], n: usize) -> Result<Outside, RenderError> {
    let ni = n as i64;
    let (r0, c0) = rc(cells[0], n);
    let runs = |step: &dyn Fn(i64) -> (i64, i64)| {
        cells.len() == n && (0..ni).all(|i| rc(cells[i as usize], n) == step(i))
    };
    if runs(&|i| (r0, i)) {
        Ok((r0, -1))
    } else if runs(&|i| (r0, ni - 1 - i)) {
        Ok((r0, ni))
    } else if runs(&|i| (i, c0)) {
        Ok((-1, c0))
    } else if runs(&|i| (ni - 1 - i, c0)) {
        Ok((ni, c0))
    } else {
        Err(unsupported(
            "sandwich",
            format!(
                "its {} cells from {} are no whole row or column in order, so its sum has no edge to sit at",
                cells.len(),
                cell_name(cells[0] as usize, n)
            ),
        ))
    }
}

/// The margin cell of a little killer's clue (beyond the first cell of
/// its diagonal) and the diagonal's direction.
fn killer_cell(cells: &[u16], n: usize) -> Result<(Outside, (i64, i64)), RenderError> {
    let ni = n as i64;
    let inside = |r: i64, c: i64| (0..ni).contains(&r) && (0..ni).contains(&c);
    let (r0, c0) = rc(cells[0], n);
    // The direction: from the first cell to the second, or for one cell
    // (a corner) the one that leaves the grid both ways.
    let direction = match cells.get(1) {
        Some(&k) => {
            let (r1, c1) = rc(k, n);
            Some((r1 - r0, c1 - c0))
        }
        None => [(-1, 1), (1, -1), (1, 1), (-1, -1)]
            .into_iter()
            .find(|&(dr, dc)| !inside(r0 - dr, c0 - dc) && !inside(r0 + dr, c0 + dc)),
    };
    let diagonal = direction.filter(|&(dr, dc)| {
        dr.abs() == 1
            && dc.abs() == 1
            && !inside(r0 - dr, c0 - dc)
            && !inside(r0 + dr * cells.len() as i64, c0 + dc * cells.len() as i64)
            && cells
                .iter()
                .enumerate()
                .all(|(i, &k)| rc(k, n) == (r0 + dr * i as i64, c0 + dc * i as i64))
    });
    let Some((dr, dc)) = diagonal else {
        return Err(unsupported(
            "little killer",
            format!(
                "its {} cells from {} are no diagonal from the edge to the edge, so its clue has no place outside the grid",
                cells.len(),
                cell_name(cells[0] as usize, n)
            ),
        ));
    };
    Ok(((r0 - dr, c0 - dc), (dr, dc)))
}

/// Little killers: the sum in its margin cell, a little back from the
/// corner its arrow points at; two in one cell each in the half towards
/// its own corner.
fn little_killers(g: &mut Glyphs, cells: &BTreeMap<Outside, Held>, n: usize) {
    let ni = n as i64;
    let size = UNIT * 3 / 8;
    let mut arrows = String::new();
    let _ = write!(
        g.clues,
        "<g class=\"little-killers\" font-family=\"{FONT}\" font-size=\"{size}\" text-anchor=\"middle\" fill=\"{INK}\">"
    );
    for (&(r, c), held) in cells {
        let two = held.killers.len() > 1;
        // Left or right of the grid, two killers part up and down; above or
        // below it, left and right.
        let upright = c < 0 || c >= ni;
        for &(sum, (dr, dc)) in &held.killers {
            let (x, y) = (c * UNIT + UNIT / 2, r * UNIT + UNIT / 2);
            let back = UNIT / 10;
            let (tx, ty) = match (two, upright) {
                (false, _) => (x - dc * back, y - dr * back),
                (true, true) => (x - dc * UNIT / 8, y + dr * UNIT / 4),
                (true, false) => (x + dc * UNIT / 4, y - dr * UNIT / 8),
            };
            let _ = write!(
                g.clues,
                "<text x=\"{tx}\" y=\"{}\">{sum}</text>",
                ty + size * 36 / 100
            );
            let (tail, head, barb) = (UNIT / 5, UNIT * 9 / 20, UNIT / 8);
            let (hx, hy) = (x + dc * head, y + dr * head);
            let _ = write!(
                arrows,
                "M{},{}L{hx},{hy}M{},{hy}L{hx},{hy}L{hx},{}",
                x + dc * tail,
                y + dr * tail,
                hx - dc * barb,
                hy - dr * barb
            );
        }
    }
    let _ = write!(
        g.clues,
        "<path d=\"{arrows}\" stroke=\"{INK}\" stroke-width=\"{}\" stroke-linecap=\"round\" stroke-linejoin=\"round\" fill=\"none\"/>",
        UNIT / 40 + 1
    );
    g.clues.push_str("</g>\n");
}

/// The negative rules as captions, once each checked to hold for every
/// pair of orthogonal neighbours without a dot.
pub(super) fn negative_rules(
    caption: &mut Vec<String>,
    nevers: &[([u16; 2], &Vec<Relation>)],
    dots: &[([u16; 2], Relation)],
    n: usize,
) -> Result<(), RenderError> {
    let key = |[a, b]: [u16; 2]| [a.min(b), a.max(b)];
    let dotted: BTreeSet<[u16; 2]> = dots.iter().map(|&(c, _)| key(c)).collect();
    let mut relations: Vec<Relation> = Vec::new();
    for &(cells, rels) in nevers {
        if edge(cells[0], cells[1], n).is_none() {
            return Err(unsupported(
                "negative dots",
                format!(
                    "{} and {} are not neighbours; a picture states a negative rule for neighbours only",
                    cell_name(cells[0] as usize, n),
                    cell_name(cells[1] as usize, n)
                ),
            ));
        }
        for &r in rels.iter() {
            if !relations.contains(&r) {
                relations.push(r);
            }
        }
    }
    let mut pairs = Vec::new();
    for a in 0..n * n {
        if a % n + 1 < n {
            pairs.push([a as u16, a as u16 + 1]);
        }
        if a + n < n * n {
            pairs.push([a as u16, (a + n) as u16]);
        }
    }
    for &relation in &relations {
        let covered: BTreeSet<[u16; 2]> = nevers
            .iter()
            .filter(|(_, rels)| rels.contains(&relation))
            .map(|&(c, _)| key(c))
            .collect();
        if let Some(&[a, b]) = pairs
            .iter()
            .find(|p| !covered.contains(*p) && !dotted.contains(*p))
        {
            return Err(unsupported(
                "negative dots",
                format!(
                    "the rule holds for some neighbours without a dot but not for {} and {}, which a caption cannot say",
                    cell_name(a as usize, n),
                    cell_name(b as usize, n)
                ),
            ));
        }
    }
    let list = |values: Vec<u32>| {
        values
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut differences: Vec<u32> = Vec::new();
    let mut ratios: Vec<u32> = Vec::new();
    let mut sums: Vec<u32> = Vec::new();
    for r in relations {
        match r {
            Relation::Difference(v) => differences.push(v),
            Relation::Ratio(v) => ratios.push(v),
            Relation::Sum(v) => sums.push(v),
        }
    }
    differences.sort_unstable();
    ratios.sort_unstable();
    sums.sort_unstable();
    let white_dots = dots
        .iter()
        .any(|(_, r)| matches!(r, Relation::Difference(_)));
    if differences == [1] {
        caption.push(
            if white_dots {
                "All white dots given"
            } else {
                "Non-consecutive"
            }
            .into(),
        );
    } else if !differences.is_empty() {
        caption.push(format!(
            "All white dots given (differences {})",
            list(differences)
        ));
    }
    if ratios == [2] {
        caption.push("All black dots given".into());
    } else if !ratios.is_empty() {
        caption.push(format!("All black dots given (ratios {})", list(ratios)));
    }
    if !sums.is_empty() {
        let names: Vec<String> = sums
            .iter()
            .rev()
            .map(|&v| match v {
                10 => "X".to_string(),
                5 => "V".to_string(),
                v => format!("sums of {v}"),
            })
            .collect();
        caption.push(format!("All {} given", names.join(" and ")));
    }
    Ok(())
}
