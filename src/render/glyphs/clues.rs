//! The clues outside the grid (sandwich sums, little killers) and the
//! negative rules, which are words in the caption: parts of
//! [`super::plan`], with its invariant (what cannot be drawn is a
//! [`RenderError::Constraint`]).

use std::collections::BTreeSet;
use std::fmt::Write as _;

use super::{Glyphs, edge, rc, unsupported};
use crate::render::{FONT, INK, RenderError, UNIT};
use crate::sudoku::Relation;
use crate::sudoku::constraint::cell_name;

/// Sandwich sums: left of their row or above their column.
pub(super) fn sandwiches(
    g: &mut Glyphs,
    sandwiches: &[(&Vec<u16>, u32)],
    n: usize,
) -> Result<(), RenderError> {
    let size = UNIT * 9 / 20;
    let _ = write!(
        g.clues,
        "<g class=\"sandwiches\" font-family=\"{FONT}\" font-size=\"{size}\" text-anchor=\"middle\" fill=\"{INK}\">"
    );
    for (cells, sum) in sandwiches {
        let (r0, c0) = rc(cells[0], n);
        let row = cells.iter().all(|&k| rc(k, n).0 == r0);
        let column = cells.iter().all(|&k| rc(k, n).1 == c0);
        if cells.len() != n || !(row || column) {
            return Err(unsupported(
                "sandwich",
                format!(
                    "its {} cells from {} are no whole row or column, so its sum has no edge to sit at",
                    cells.len(),
                    cell_name(cells[0] as usize, n)
                ),
            ));
        }
        let (x, y) = if row {
            g.sides.left = true;
            (-UNIT / 2, r0 * UNIT + UNIT / 2)
        } else {
            g.sides.top = true;
            (c0 * UNIT + UNIT / 2, -UNIT / 2)
        };
        let _ = write!(
            g.clues,
            "<text x=\"{x}\" y=\"{}\">{sum}</text>",
            y + size * 36 / 100
        );
    }
    g.clues.push_str("</g>\n");
    Ok(())
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

/// Little killers: the sum in the cell beyond the diagonal's first cell,
/// and a small arrow along the diagonal.
pub(super) fn little_killers(
    g: &mut Glyphs,
    clues: &[(&Vec<u16>, u32)],
    n: usize,
) -> Result<(), RenderError> {
    let ni = n as i64;
    let inside = |r: i64, c: i64| (0..ni).contains(&r) && (0..ni).contains(&c);
    let size = UNIT * 3 / 8;
    let mut arrows = String::new();
    let _ = write!(
        g.clues,
        "<g class=\"little-killers\" font-family=\"{FONT}\" font-size=\"{size}\" text-anchor=\"middle\" fill=\"{INK}\">"
    );
    for &(cells, sum) in clues {
        let (r0, c0) = rc(cells[0], n);
        // The direction: from the first cell to the second, or for one
        // cell (a corner) the one that leaves the grid both ways.
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
        let (r, c) = (r0 - dr, c0 - dc);
        g.sides.left |= c < 0;
        g.sides.right |= c >= ni;
        g.sides.top |= r < 0;
        g.sides.bottom |= r >= ni;
        let (x, y) = (c * UNIT + UNIT / 2, r * UNIT + UNIT / 2);
        let back = UNIT / 10;
        let _ = write!(
            g.clues,
            "<text x=\"{}\" y=\"{}\">{sum}</text>",
            x - dc * back,
            y - dr * back + size * 36 / 100
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
    let _ = write!(
        g.clues,
        "<path d=\"{arrows}\" stroke=\"{INK}\" stroke-width=\"{}\" stroke-linecap=\"round\" stroke-linejoin=\"round\" fill=\"none\"/>",
        UNIT / 40 + 1
    );
    g.clues.push_str("</g>\n");
    Ok(())
}
