//! Forcing nets on Sudoku, read back from their words and checked by
//! Sudoku's own geometry, coded apart from the matrix.

use super::*;
use crate::sudoku::DlxSolver;

/// The 27 houses, each a list of cells `r * 9 + c`.
fn houses() -> Vec<Vec<usize>> {
    (0..27)
        .map(|h| {
            let (kind, x) = (h / 9, h % 9);
            (0..9)
                .map(|y| match kind {
                    0 => x * 9 + y,
                    1 => y * 9 + x,
                    _ => (x / 3 * 3 + y / 3) * 9 + x % 3 * 3 + y % 3,
                })
                .collect()
        })
        .collect()
}

/// Candidates as a board: bit `d - 1` of each cell, 0 once placed.
struct Marks {
    masks: Vec<u64>,
    houses: Vec<Vec<usize>>,
}

impl Marks {
    fn has(&self, k: usize, d: u8) -> bool {
        self.masks[k] >> (d - 1) & 1 == 1
    }

    /// Places `d` in cell `k`: its other candidates, and `d` in its
    /// houses, go.
    fn place(&mut self, k: usize, d: u8) {
        self.masks[k] = 0;
        for h in self.houses.iter().filter(|h| h.contains(&k)) {
            for &x in h {
                self.masks[x] &= !(1 << (d - 1));
            }
        }
    }

    /// Whether `d` in cell `k` is a single: the cell's only candidate, or
    /// the digit's only place in a house of the cell.
    fn is_single(&self, k: usize, d: u8) -> bool {
        self.has(k, d)
            && (self.masks[k].count_ones() == 1
                || self
                    .houses
                    .iter()
                    .filter(|h| h.contains(&k))
                    .any(|h| h.iter().filter(|&&x| self.has(x, d)).count() == 1))
    }
}

/// A forcing net's words read back and checked on the candidates before
/// it (`masks`): its consequence, and its complexity (for each
/// supposition, 1 and 2 for each single).
fn read_net(text: &str, masks: &[u64], houses: &[Vec<usize>]) -> ((usize, usize, u8, bool), usize) {
    let (head, nets) = text.split_once(": with each ").unwrap();
    let (of, rest) = nets.split_once(", singles lead to ").unwrap();
    let (end, nets) = rest.split_once(": ").unwrap();
    let end = forcing_node(end);
    let mut supposed = Vec::new();
    let mut complexity = 0;
    for net in nets.split("; ") {
        let (chain, count) = net.rsplit_once(" (").unwrap();
        let mut nodes = chain.split(", ").map(forcing_node);
        let (r, c, d, _) = nodes.next().unwrap();
        supposed.push((r, c, d));
        let mut marks = Marks {
            masks: masks.to_vec(),
            houses: houses.to_vec(),
        };
        assert!(marks.has(r * 9 + c, d), "{text}");
        marks.place(r * 9 + c, d);
        let mut singles = 0;
        for (r, c, d, on) in nodes {
            assert!(on && marks.is_single(r * 9 + c, d), "{text}");
            marks.place(r * 9 + c, d);
            singles += 1;
        }
        let (r, c, d, on) = end;
        if on {
            // The consequence is the last single.
            assert!(marks.is_single(r * 9 + c, d), "{text}");
            singles += 1;
        } else {
            assert!(!marks.has(r * 9 + c, d), "{text}");
        }
        let count: usize = count.split_once(" single").unwrap().0.parse().unwrap();
        assert_eq!(count, singles, "{text}");
        complexity += 2 * singles + 1;
    }
    // The suppositions: every candidate of the cell, or every place
    // of the digit in the house.
    let cell = |(r, c, _): (usize, usize, u8)| r * 9 + c;
    if let Some(name) = of.strip_prefix("candidate of ") {
        assert!(head.starts_with("cell"), "{text}");
        let (r, c, _, _) = forcing_node(&format!("{name} = 1"));
        let digits: Vec<u8> = (1..=9)
            .filter(|&d| masks[r * 9 + c] >> (d - 1) & 1 == 1)
            .collect();
        let named: Vec<u8> = supposed.iter().map(|&(_, _, d)| d).collect();
        assert_eq!(named, digits, "{text}");
        assert!(supposed.iter().all(|&s| cell(s) == r * 9 + c), "{text}");
    } else {
        let place = of.strip_prefix("place of ").expect(text);
        let (d, house) = place.split_once(" in ").unwrap();
        let d: u8 = d.parse().unwrap();
        let (kind, x) = house.split_once(' ').unwrap();
        let h = ["row", "column", "box"]
            .iter()
            .position(|&k| k == kind)
            .unwrap();
        let x: usize = x.parse().unwrap();
        let places: Vec<usize> = houses[h * 9 + x - 1]
            .iter()
            .copied()
            .filter(|&k| masks[k] >> (d - 1) & 1 == 1)
            .collect();
        let mut named: Vec<usize> = supposed.iter().map(|&s| cell(s)).collect();
        named.sort_unstable();
        assert_eq!(named, places, "{text}");
        assert!(supposed.iter().all(|&(_, _, e)| e == d), "{text}");
    }
    (end, complexity)
}

#[test]
fn a_forcing_net_leads_by_singles_as_its_words_say_on_the_candidates_before() {
    // Serate's puzzles from 8.5 on, explained by the ladder without its
    // trials, so that forcing nets do their work. Each net, read back
    // from its words: its suppositions are every candidate of its cell
    // or every place of its digit in its house; from each, on the
    // candidates before the step, every single named is a single in
    // turn, and after them the consequence holds (the candidate gone, or
    // a single itself); the step makes the consequence, and its
    // difficulty is 8.5 with SE's penalty for 2 nodes per single and 1
    // per supposition.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(dir.join("data/rate/serate.txt")).unwrap();
    let variant = Variant::plain(Shape::NINE);
    let rungs: Vec<Rung> = ladder(&variant, true)
        .into_iter()
        .filter(|r| !matches!(r.technique, Technique::Trial { .. }))
        .collect();
    let (mut rater, mut solver) = (Rater::new(), DlxSolver::new(Shape::NINE));
    let houses = houses();
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let mut fields = line.split_whitespace();
        let puzzle = grid(fields.next().unwrap());
        let er: f64 = fields
            .next()
            .unwrap()
            .split('/')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        if er < 8.5 {
            continue;
        }
        let solution = solver.solve_first(&puzzle).unwrap().unwrap();
        let counted = Counted {
            solutions: 1,
            solution: Some(&solution),
        };
        let opts = ExplainOptions::default();
        let p = explain_by(&mut rater, &puzzle, &variant, &rungs, counted, &opts).unwrap();
        for (j, step) in p.steps.iter().enumerate() {
            if step.technique != "forcing-net" {
                continue;
            }
            let (_, masks) = p.before(&puzzle, j);
            let (end, complexity) = read_net(&step.text, &masks, &houses);
            let (r, c, d, on) = end;
            match on {
                true => assert_eq!(step.placed, Some((r, c, d)), "{text}"),
                false => assert_eq!(step.removed, [(r, c, d)], "{text}"),
            }
            assert_eq!(step.difficulty, 85 + length_penalty(complexity), "{text}");
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} forcing nets");
}
