use super::*;
use crate::dlx::deduce::Rules;
use crate::sudoku::Shape;
use crate::sudoku::rate::tests::grid;

/// The lines and ending of the rating's path (qqwing's order).
struct SolvePath {
    lines: Vec<String>,
    ending: Ending,
}

fn path(line: &str) -> SolvePath {
    let (lines, ending) = rating_path(&mut Rater::new(), &grid(line), &Rules::default()).unwrap();
    SolvePath { lines, ending }
}

#[test]
fn the_last_empty_cell_is_a_naked_single() {
    let p = path("1234341221434.21");
    assert_eq!(p.lines, ["naked single: r4c2 = 3"]);
    assert_eq!(p.ending, Ending::Solved);
}

#[test]
fn the_first_steps_of_a_hard_puzzle_in_words() {
    // Worked by hand: in box 7, row 7 and column 2 hold a 7 already, and
    // r8c1, r8c3, r9c1 are given, so r9c3 is the only place for 7. In
    // row 7, 3 and 5 are barred from box 7 (r8c3 = 3, r8c1 = 5), and from
    // column 5 (r1c5 = 3, r4c5 = 5), so they lie in r7c8 and r7c9, in box
    // 9, whose other cells lose them (row 8 holds both already).
    let p =
        path("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........");
    assert_eq!(
        p.lines[..3],
        [
            "hidden single: r9c3 = 7, the only place for 7 in box 7",
            "claiming: 3 in row 7 lies in box 9: r9c7 <> 3, r9c8 <> 3, r9c9 <> 3",
            "claiming: 5 in row 7 lies in box 9: r9c7 <> 5, r9c8 <> 5, r9c9 <> 5",
        ]
    );
    assert!(p.lines.iter().any(|l| l.starts_with("pointing: ")));
    assert!(p.lines.iter().any(|l| l.starts_with("naked pair: ")));
    assert!(p.lines.iter().any(|l| l.starts_with("hidden pair: ")));
    assert_eq!(p.ending, Ending::Stalled);
}

/// Candidates replayed by the rules of Sudoku alone, to check each step's
/// claim: bit `d - 1` of `mask[r * 9 + c]`.
struct Replay {
    mask: Vec<u16>,
}

impl Replay {
    fn new(g: &Grid) -> Self {
        let mut replay = Replay {
            mask: vec![0x1ff; 81],
        };
        for (k, &v) in g.cells().iter().enumerate() {
            if v != 0 {
                replay.place(k / 9, k % 9, v);
            }
        }
        replay
    }

    /// The cells of the house a house's digit item names.
    fn house(class: u8, (r, c, _): Placed) -> Vec<(usize, usize)> {
        let (br, bc) = (r / 3 * 3, c / 3 * 3);
        (0..9)
            .map(|j| match class {
                CLASS_ROW => (r, j),
                CLASS_COLUMN => (j, c),
                _ => (br + j / 3, bc + j % 3),
            })
            .collect()
    }

    fn has(&self, (r, c): (usize, usize), d: u8) -> bool {
        self.mask[r * 9 + c] & 1 << (d - 1) != 0
    }

    fn place(&mut self, r: usize, c: usize, d: u8) {
        for class in [CLASS_ROW, CLASS_COLUMN, CLASS_BOX] {
            for (rr, cc) in Self::house(class, (r, c, d)) {
                self.mask[rr * 9 + cc] &= !(1 << (d - 1));
            }
        }
        self.mask[r * 9 + c] = 1 << (d - 1);
    }

    /// Checks `step` against the candidates and applies it.
    fn check(&mut self, e: &Explanation, step: &Step) {
        let item = |i: u32| e.items[i as usize].unwrap();
        let places = |ks: &[u32]| -> Vec<Placed> {
            let mut v: Vec<Placed> = ks.iter().map(|&k| e.places[k as usize].unwrap()).collect();
            v.sort_unstable();
            v
        };
        // What the step's rule removes, found here from the candidates.
        let mut expect: Vec<Placed> = Vec::new();
        match step.kind {
            Move::NakedSingle | Move::HiddenSingle => {
                let (r, c, d) = e.places[step.chosen.unwrap() as usize].unwrap();
                match item(step.items[0]) {
                    (CLASS_CELL, _) => assert_eq!(self.mask[r * 9 + c], 1 << (d - 1)),
                    (class, p) => {
                        let spots: Vec<_> = Self::house(class, p)
                            .into_iter()
                            .filter(|&at| self.has(at, d))
                            .collect();
                        assert_eq!(spots, [(r, c)]);
                    }
                }
                self.place(r, c, d);
                return;
            }
            Move::Intersection => {
                let ((ca, pa), (cb, pb)) = (item(step.items[0]), item(step.items[1]));
                let (a, b, d) = (Self::house(ca, pa), Self::house(cb, pb), pa.2);
                assert_eq!(d, pb.2);
                assert!(a.iter().all(|&at| !self.has(at, d) || b.contains(&at)));
                for &at in b.iter().filter(|at| !a.contains(at) && self.has(**at, d)) {
                    expect.push((at.0, at.1, d));
                }
            }
            Move::NakedSubset(k) | Move::HiddenSubset(k) => {
                let naked = matches!(step.kind, Move::NakedSubset(_));
                let (set, targets) = step.items.split_at(k);
                let (cells, digits) = if naked {
                    (set, targets)
                } else {
                    (targets, set)
                };
                let cells: Vec<(usize, usize)> =
                    cells.iter().map(|&i| (item(i).1.0, item(i).1.1)).collect();
                let digits: u16 = digits.iter().fold(0, |m, &i| m | 1 << (item(i).1.2 - 1));
                let (class, p) = item(if naked { targets[0] } else { set[0] });
                let house = Self::house(class, p);
                assert!(cells.iter().all(|at| house.contains(at)));
                for d in 1..=9u8 {
                    let bit = 1 << (d - 1);
                    for &at in &house {
                        let inside = cells.contains(&at);
                        if naked {
                            // The cells hold only the digits, which leave
                            // the house's other cells.
                            assert!(!inside || self.mask[at.0 * 9 + at.1] & !digits == 0);
                            if !inside && digits & bit != 0 && self.has(at, d) {
                                expect.push((at.0, at.1, d));
                            }
                        } else {
                            // The digits lie in the cells, which keep only
                            // them.
                            assert!(inside || digits & bit == 0 || !self.has(at, d));
                            if inside && digits & bit == 0 && self.has(at, d) {
                                expect.push((at.0, at.1, d));
                            }
                        }
                    }
                }
            }
            other => panic!("the rating has no {other:?}"),
        }
        expect.sort_unstable();
        assert_eq!(places(&step.removed), expect, "{step:?}");
        for (r, c, d) in expect {
            self.mask[r * 9 + c] &= !(1 << (d - 1));
        }
    }
}

#[test]
fn every_step_is_what_its_rule_says_on_the_candidates_of_the_moment() {
    // Each step's pattern holds on the candidates replayed from the
    // givens by Sudoku's rules, and it removes exactly what its rule
    // removes; a solved path fills the grid with the search's solution.
    use crate::sudoku::{DlxSolver, SudokuSolver};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let (mut rater, mut solver) = (Rater::new(), DlxSolver::new(Shape::NINE));
    let mut kinds = [0u32; 5];
    for file in ["17_clue", "magictour_top1465"] {
        let text = std::fs::read_to_string(dir.join(format!("data/bench/{file}.txt"))).unwrap();
        for line in text.lines().filter(|l| !l.starts_with('#')).take(150) {
            let puzzle = grid(line);
            let e = rater.explain(&puzzle, &Rules::default()).unwrap();
            let mut replay = Replay::new(&puzzle);
            for step in &e.steps {
                replay.check(&e, step);
                kinds[match step.kind {
                    Move::NakedSingle => 0,
                    Move::HiddenSingle => 1,
                    Move::Intersection => 2,
                    Move::NakedSubset(_) => 3,
                    Move::HiddenSubset(_) => 4,
                    _ => unreachable!("the rating has no {:?}", step.kind),
                }] += 1;
            }
            if e.ending == Ending::Solved {
                let solved = solver.solve_first(&puzzle).unwrap().unwrap();
                let digits: Vec<u8> = replay
                    .mask
                    .iter()
                    .map(|m| m.trailing_zeros() as u8 + 1)
                    .collect();
                assert_eq!(digits, solved.cells(), "{line}");
            }
        }
    }
    assert!(kinds.iter().all(|&n| n > 0), "{kinds:?}");
}

#[test]
fn every_step_of_the_ladder_agrees_with_the_solution() {
    // `explain` checks each step of a unique puzzle against the search's
    // solution (a placement is the solution's digit, no removal is) and
    // fails with `Unsound` otherwise: every path here passed that check.
    // The techniques past subsets each show up, and the rating follows
    // its steps.
    use crate::sudoku::DlxSolver;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let (mut rater, mut solver) = (Rater::new(), DlxSolver::new(Shape::NINE));
    let mut seen = std::collections::BTreeMap::new();
    for (file, take) in [("17_clue", 60), ("magictour_top1465", 120)] {
        let text = std::fs::read_to_string(dir.join(format!("data/bench/{file}.txt"))).unwrap();
        for line in text.lines().filter(|l| !l.starts_with('#')).take(take) {
            let p = explain(
                &mut rater,
                &mut solver,
                &grid(line),
                &ExplainOptions::default(),
            )
            .unwrap_or_else(|e| panic!("{line}: {e}"));
            assert_eq!(p.solutions, 1);
            for s in &p.steps {
                *seen.entry(s.technique).or_insert(0) += 1;
                assert!(s.placed.is_some() || !s.removed.is_empty(), "{}", s.text);
            }
            if let Some(r) = p.rating {
                assert_eq!(p.ending, Ending::Solved);
                let hardest = p.steps.iter().map(|s| s.difficulty).max().unwrap();
                assert_eq!(r.er, hardest);
                assert_eq!(r.ed, p.steps[0].difficulty);
                assert!(r.ed <= r.ep && r.ep <= r.er, "{r:?}");
            }
        }
    }
    for name in [
        "x-wing",
        "xy-wing",
        "x-chain",
        "aic",
        "nishio",
        "forcing-chain",
        "trial",
        "direct-pointing",
    ] {
        assert!(seen.contains_key(name), "no {name} in {seen:?}");
    }
}

/// The explained path of `puzzle` under `variant`.
fn variant_path(puzzle: &str, variant: Variant) -> Path {
    let mut solver = crate::sudoku::DlxSolver::for_variant(variant.clone());
    let opts = ExplainOptions::default();
    explain_variant(
        &mut Rater::new(),
        &mut solver,
        &grid(puzzle),
        &variant,
        &opts,
    )
    .unwrap()
}

/// Killer rules from the `line` format's fields: a cage label per cell,
/// and `A:12,B:8`.
fn killer(labels: &str, sums: &str) -> Variant {
    let labels: Vec<Option<char>> = labels.chars().map(Some).collect();
    let sums: Vec<(char, u32)> = sums
        .split(',')
        .map(|s| {
            let (label, sum) = s.split_once(':').unwrap();
            (label.chars().next().unwrap(), sum.parse().unwrap())
        })
        .collect();
    Variant::plain(Shape::NINE)
        .with_cages(&labels, &sums)
        .unwrap()
}

#[test]
fn a_killer_path_names_its_cages_and_their_digit_sets() {
    // data/variants/killer_50.txt, line 1. Worked by hand: cage E is the
    // one cell r1c9 with sum 3, so r1c9 = 3. Cage A is r1c1-r1c4 with sum
    // 12: four different digits adding up to 12 are 1+2+3+6 or 1+2+4+5,
    // and row 1's 3 is at r1c9, so A holds 1+2+4+5.
    let p = variant_path(
        "................................................8.......................6........",
        killer(
            "AAAABCCDEFFGGBHHDDIJGGKHHLLIMNNKKOPPQMRSKTOUPQQVSSTOUPWQVSXTUUPWYVSTTZUaWWbbccZda",
            "A:12,B:8,C:15,D:23,E:3,F:16,G:19,H:13,I:9,J:6,K:20,L:7,M:4,N:11,O:17,P:32,Q:26,R:7,S:24,T:19,U:23,V:16,W:18,X:7,Y:8,Z:8,a:5,b:7,c:17,d:5",
        ),
    );
    let lines: Vec<&str> = p.steps.iter().map(|s| s.text.as_str()).collect();
    assert_eq!(
        lines[..2],
        [
            "hidden single: r1c9 = 3, the only place for 3 in cage 3 at r1c9",
            "cage combination: cage 12 at r1c1 = 1+2+4+5, the only combination without 3, which has no place left in it",
        ]
    );
    assert_eq!(p.steps[0].technique, "cage-single");
    assert_eq!(p.steps[0].placed, Some((0, 8, 3)));
    // A digit set is chosen, not a digit placed: no placement, and the
    // removals are the cells' candidates outside the set (the words name
    // the set).
    assert_eq!(p.steps[1].placed, None);
    assert!(
        p.steps[1]
            .removed
            .iter()
            .all(|&(r, c, d)| r == 0 && c < 4 && [6, 7, 8, 9].contains(&d))
    );
    assert!(!p.steps[1].removed.is_empty());
    assert_eq!(p.ending, Ending::Solved);
    assert!(p.rating.is_some());
}

#[test]
fn an_x_sudoku_path_links_and_names_its_diagonals() {
    // data/variants/x_50.txt, line 1. Its third step is a chain that only
    // X-Sudoku has: 9 in column 3 lies in r3c3 or r7c3, and r7c3 and r3c7
    // both lie on the anti-diagonal (r + c = 10), so r3c7 sees both ends;
    // r5c5 and r7c7 see r3c3 on the main diagonal and r7c3 in a row or a
    // box. A diagonal's digit within a box comes later.
    let p = variant_path(
        "..8........4......72...4..89..1...7................6.3...4.1.....38.2.....2....5.",
        Variant::plain(Shape::NINE).with_diagonals(),
    );
    let text: Vec<&str> = p.steps.iter().map(|s| s.text.as_str()).collect();
    assert_eq!(
        text[2],
        "X-chain: (9)r3c3 = (9)r7c3: r3c7 <> 9, r5c5 <> 9, r7c7 <> 9"
    );
    assert!(
        text.contains(&"intersection: 4 in the main diagonal lies in box 9: r8c7 <> 4, r8c9 <> 4"),
        "{text:?}"
    );
    assert_eq!(p.solutions, 1);
}

/// The explained paths of serate's puzzles (data/rate/serate.txt) whose
/// ER lies in `band`, each with its puzzle.
fn serate_paths(band: std::ops::RangeInclusive<f64>) -> Vec<(Grid, Path)> {
    use crate::sudoku::DlxSolver;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(dir.join("data/rate/serate.txt")).unwrap();
    let (mut rater, mut solver) = (Rater::new(), DlxSolver::new(Shape::NINE));
    let mut out = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let mut fields = line.split_whitespace();
        let puzzle = grid(fields.next().unwrap());
        let er = fields.next().unwrap().split('/').next().unwrap();
        if band.contains(&er.parse::<f64>().unwrap()) {
            let p = explain(&mut rater, &mut solver, &puzzle, &ExplainOptions::default()).unwrap();
            out.push((puzzle, p));
        }
    }
    out
}

/// A node of a forcing chain as its words say it: `r3c5 = 1` (true) or
/// `r3c5 <> 1` (false).
fn forcing_node(text: &str) -> (usize, usize, u8, bool) {
    let (cell, digit, on) = match text.split_once(" = ") {
        Some((cell, d)) => (cell, d, true),
        None => {
            let (cell, d) = text.split_once(" <> ").unwrap();
            (cell, d, false)
        }
    };
    let (r, c) = cell[1..].split_once('c').unwrap();
    let r: usize = r.parse().unwrap();
    let c: usize = c.parse().unwrap();
    (r - 1, c - 1, digit.parse().unwrap(), on)
}

#[test]
fn forcing_chains_link_as_their_words_say_on_the_candidates_before() {
    // Each forcing step of the paths of serate's puzzles rated 8.0 to
    // 9.0, read back from its words and checked on the candidates before
    // it by Sudoku's geometry: each chain starts true on a candidate of
    // the step's cell (or a place of its house's digit), and the chains
    // start from every one of them, three at least for a cell; a true
    // candidate makes the next, which sees it, false; a false one makes
    // the next true, the other of a cell's two candidates or a digit's
    // two places in a house; every chain ends at the conclusion; the
    // difficulty is 8.0 with SE's penalty for all the chains' nodes.
    // That the conclusion agrees with the solution `explain` checks.
    let mut checked = 0;
    let sees = |(r, c): (usize, usize), (rr, cc): (usize, usize)| {
        r == rr || c == cc || (r / 3 == rr / 3 && c / 3 == cc / 3)
    };
    for (puzzle, p) in serate_paths(8.0..=9.0) {
        for (j, step) in p.steps.iter().enumerate() {
            if step.technique != "forcing-chain" {
                continue;
            }
            let (before, masks) = p.before(&puzzle, j);
            let open = |r: usize, c: usize, d: u8| {
                before.cells()[r * 9 + c] == 0 && masks[r * 9 + c] >> (d - 1) & 1 == 1
            };
            let (head, rest) = step.text.split_once(" leads to ").unwrap();
            let (conclusion, chains) = rest.split_once(": ").unwrap();
            let end = forcing_node(conclusion);
            let mut sources = Vec::new();
            let mut nodes = 0;
            for chain in chains.split("; ") {
                let chain: Vec<_> = chain.split(" -> ").map(forcing_node).collect();
                nodes += chain.len();
                assert!(chain[0].3, "{}", step.text);
                assert_eq!(*chain.last().unwrap(), end, "{}", step.text);
                sources.push((chain[0].0, chain[0].1, chain[0].2));
                for w in chain.windows(2) {
                    let ((r, c, d, on), (rr, cc, dd, next)) = (w[0], w[1]);
                    assert!(open(r, c, d) && open(rr, cc, dd), "{}", step.text);
                    assert_ne!(on, next, "{}", step.text);
                    if on {
                        let linked = (r, c) == (rr, cc) || (d == dd && sees((r, c), (rr, cc)));
                        assert!(linked && (r, c, d) != (rr, cc, dd), "{}", step.text);
                    } else if (r, c) == (rr, cc) {
                        assert_eq!(masks[r * 9 + c].count_ones(), 2, "{}", step.text);
                    } else {
                        // The digit's two places in a house both cells share.
                        assert_eq!(d, dd, "{}", step.text);
                        let two = [
                            (0..9).map(|x| (r, x)).collect::<Vec<_>>(),
                            (0..9).map(|x| (x, c)).collect(),
                            (0..9)
                                .map(|x| (r / 3 * 3 + x / 3, c / 3 * 3 + x % 3))
                                .collect(),
                        ]
                        .into_iter()
                        .any(|house| {
                            house.contains(&(rr, cc))
                                && house.iter().filter(|&&(a, b)| open(a, b, d)).count() == 2
                        });
                        assert!(two, "{}", step.text);
                    }
                }
            }
            sources.sort_unstable();
            let mut expect: Vec<(usize, usize, u8)> =
                if let Some(cell) = head.strip_prefix("cell forcing chains: each candidate of ") {
                    let (r, c, _, _) = forcing_node(&format!("{cell} = 1"));
                    (1..=9)
                        .filter(|&d| open(r, c, d))
                        .map(|d| (r, c, d))
                        .collect()
                } else {
                    let what = head
                        .strip_prefix("region forcing chains: each place of ")
                        .unwrap();
                    let (d, house) = what.split_once(" in ").unwrap();
                    let d: u8 = d.parse().unwrap();
                    let (kind, x) = house.split_once(' ').unwrap();
                    let x: usize = x.parse::<usize>().unwrap() - 1;
                    (0..9)
                        .map(|y| match kind {
                            "row" => (x, y),
                            "column" => (y, x),
                            _ => (x / 3 * 3 + y / 3, x % 3 * 3 + y % 3),
                        })
                        .filter(|&(r, c)| open(r, c, d))
                        .map(|(r, c)| (r, c, d))
                        .collect()
                };
            expect.sort_unstable();
            assert_eq!(sources, expect, "{}", step.text);
            assert_eq!(step.difficulty, 80 + length_penalty(nodes), "{}", step.text);
            assert_eq!(step.placed.is_some(), end.3, "{}", step.text);
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} forcing steps");
}

#[test]
fn short_chains_are_named_by_their_shapes_on_the_candidates_before() {
    // Serate's set: each skyscraper's and two-string kite's strong links
    // are the digit's only two places in a row or column (parallel lines
    // for a skyscraper, a row and a column for a kite), read back from
    // its words and checked on the candidates before the step; each
    // W-wing's ends are two cells with the same two candidates alone;
    // each XY-chain's strong links are cells of two candidates.
    let mut named = std::collections::BTreeMap::new();
    let node = |t: &str| -> (usize, usize, u8) {
        let (d, cell) = t.trim_start_matches('(').split_once(')').unwrap();
        let (r, c, _, _) = forcing_node(&format!("{cell} = {d}"));
        (r, c, d.parse().unwrap())
    };
    for (puzzle, p) in serate_paths(0.0..=f64::MAX) {
        for (j, step) in p.steps.iter().enumerate() {
            let Some((name, rest)) = step.text.split_once("): ") else {
                continue;
            };
            let Some((_, shape)) = name.split_once(" (") else {
                continue;
            };
            let (before, masks) = p.before(&puzzle, j);
            let open = |(r, c): (usize, usize), d: u8| {
                before.cells()[r * 9 + c] == 0 && masks[r * 9 + c] >> (d - 1) & 1 == 1
            };
            // 'r' if a and b are the digit's two places in their row, 'c'
            // in their column.
            let line_of = |a: (usize, usize, u8), b: (usize, usize, u8)| {
                let two = |cells: Vec<(usize, usize)>| {
                    cells.contains(&(b.0, b.1))
                        && cells.iter().filter(|&&x| open(x, a.2)).count() == 2
                };
                if a.0 == b.0 && two((0..9).map(|x| (a.0, x)).collect()) {
                    'r'
                } else if a.1 == b.1 && two((0..9).map(|x| (x, a.1)).collect()) {
                    'c'
                } else {
                    '?'
                }
            };
            let chain = rest.split(": ").next().unwrap();
            let nodes: Vec<_> = chain.split(['=', '-']).map(|t| node(t.trim())).collect();
            match shape {
                "skyscraper" | "two-string kite" => {
                    let (a, b) = (line_of(nodes[0], nodes[1]), line_of(nodes[2], nodes[3]));
                    assert!(a != '?' && b != '?', "{}", step.text);
                    assert_eq!(a == b, shape == "skyscraper", "{}", step.text);
                }
                "W-wing" => {
                    for (x, y) in [(nodes[0], nodes[1]), (nodes[5], nodes[4])] {
                        assert_eq!((x.0, x.1), (y.0, y.1), "{}", step.text);
                        let two = 1u64 << (x.2 - 1) | 1 << (y.2 - 1);
                        assert_eq!(masks[x.0 * 9 + x.1], two, "{}", step.text);
                    }
                }
                "XY-chain" => {
                    for w in nodes.chunks(2) {
                        assert_eq!((w[0].0, w[0].1), (w[1].0, w[1].1), "{}", step.text);
                        assert_eq!(masks[w[0].0 * 9 + w[0].1].count_ones(), 2, "{}", step.text);
                    }
                }
                _ => {}
            }
            *named.entry(shape.to_string()).or_insert(0) += 1;
        }
    }
    for shape in [
        "skyscraper",
        "two-string kite",
        "turbot fish",
        "W-wing",
        "XY-chain",
    ] {
        assert!(named.contains_key(shape), "no {shape} in {named:?}");
    }
}

#[test]
fn a_nishio_empties_a_house_of_its_digit_on_the_candidates_before() {
    // Each Nishio step of serate's puzzles from 7.5 to 9.0, read back from
    // its words: on the candidates before it, its digit alone, placing the
    // candidate supposed and then every hidden single of that digit until
    // none is left empties the house the words name; the candidate is what
    // the step removes, and its difficulty is 7.5 with SE's penalty for
    // its singles.
    let houses: Vec<(String, Vec<usize>)> = (0..27)
        .map(|h| {
            let (kind, x) = (h / 9, h % 9);
            let cells = (0..9).map(|y| match kind {
                0 => x * 9 + y,
                1 => y * 9 + x,
                _ => (x / 3 * 3 + y / 3) * 9 + x % 3 * 3 + y % 3,
            });
            let name = ["row", "column", "box"][kind];
            (format!("{name} {}", x + 1), cells.collect())
        })
        .collect();
    let mut checked = 0;
    for (puzzle, p) in serate_paths(7.5..=9.0) {
        for (j, step) in p.steps.iter().enumerate() {
            let Some(rest) = step.text.strip_prefix("Nishio: with ") else {
                continue;
            };
            let (supposed, rest) = rest.split_once(", ").unwrap();
            let (r, c, d, _) = forcing_node(supposed);
            let (singles, rest) = rest.split_once(" hidden single").unwrap();
            let rest = rest.split_once(" leave").unwrap().1;
            let rest = rest.strip_prefix("s ").unwrap_or(rest.trim_start());
            let emptied = rest.split_once(" without a place").unwrap().0;
            let (digit, house) = emptied.split_once(" in ").unwrap();
            assert_eq!(digit.parse::<u8>().unwrap(), d, "{}", step.text);
            let (before, masks) = p.before(&puzzle, j);
            // The digit's open places, and the cells it is placed in.
            let mut open: Vec<bool> = (0..81)
                .map(|k| before.cells()[k] == 0 && masks[k] >> (d - 1) & 1 == 1)
                .collect();
            let mut placed = [false; 81];
            let mut place = |k: usize, open: &mut Vec<bool>| {
                placed[k] = true;
                for (_, cells) in houses.iter().filter(|(_, h)| h.contains(&k)) {
                    for &x in cells {
                        open[x] = false;
                    }
                }
            };
            assert!(open[r * 9 + c], "{}", step.text);
            place(r * 9 + c, &mut open);
            let holds = |cells: &[usize]| cells.iter().any(|&k| before.cells()[k] == d);
            loop {
                let single = houses.iter().find_map(|(_, cells)| {
                    let left: Vec<usize> = cells.iter().copied().filter(|&k| open[k]).collect();
                    (left.len() == 1 && !holds(cells)).then(|| left[0])
                });
                match single {
                    Some(k) => place(k, &mut open),
                    None => break,
                }
            }
            let (_, cells) = houses.iter().find(|(name, _)| name == house).unwrap();
            assert!(
                !holds(cells) && cells.iter().all(|&k| !open[k] && !placed[k]),
                "{}",
                step.text
            );
            assert_eq!(step.removed, [(r, c, d)], "{}", step.text);
            let singles: usize = singles.parse().unwrap();
            assert_eq!(
                step.difficulty,
                75 + length_penalty(singles),
                "{}",
                step.text
            );
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} Nishio steps");
}

#[test]
fn a_finned_fish_is_a_fish_but_for_its_fins_on_the_candidates_before() {
    // Each finned or sashimi fish of serate's puzzles, read back from its
    // words and checked by Sudoku's geometry on the candidates before it:
    // the digit's places in the base lines lie in the cover lines or are
    // the fins the words name, each base line has a place in the cover
    // (one only, somewhere, when sashimi), and what goes is every place
    // of the digit in the cover, off the base, that sees every fin.
    let numbers = |text: &str| -> Vec<usize> {
        let text = text.replace(" and ", ", ");
        text.split(", ")
            .map(|x| x.parse::<usize>().unwrap() - 1)
            .collect()
    };
    let cell = |text: &str| -> (usize, usize) {
        let (r, c) = text.strip_prefix('r').unwrap().split_once('c').unwrap();
        (
            r.parse::<usize>().unwrap() - 1,
            c.parse::<usize>().unwrap() - 1,
        )
    };
    let sees = |(r, c): (usize, usize), (rr, cc): (usize, usize)| {
        r == rr || c == cc || (r / 3 == rr / 3 && c / 3 == cc / 3)
    };
    let mut checked = [0; 2];
    for (puzzle, p) in serate_paths(0.0..=f64::MAX) {
        for (j, step) in p.steps.iter().enumerate() {
            let text = &step.text;
            let Some((kind, rest)) = text.split_once(' ') else {
                continue;
            };
            if kind != "finned" && kind != "sashimi" {
                continue;
            }
            let (name, rest) = rest.split_once(": ").unwrap();
            let (digit, rest) = rest.split_once(" in ").unwrap();
            let (base, rest) = rest.split_once(" lies in ").unwrap();
            let (cover, rest) = rest.split_once(" or on the fin").unwrap();
            let (fins, _) = rest.split_once(": ").unwrap();
            let d: u8 = digit.parse().unwrap();
            let rows = base.starts_with("rows ");
            let base = numbers(base.split_once(' ').unwrap().1);
            let cover = numbers(cover.split_once(' ').unwrap().1);
            let k = ["X-wing", "swordfish", "jellyfish"]
                .iter()
                .position(|n| *n == name)
                .unwrap()
                + 2;
            assert_eq!((base.len(), cover.len()), (k, k), "{text}");
            let fins: Vec<(usize, usize)> = fins
                .trim_start_matches('s')
                .trim_start()
                .replace(" and ", ", ")
                .split(", ")
                .map(cell)
                .collect();
            let (before, masks) = p.before(&puzzle, j);
            let has = |(r, c): (usize, usize)| {
                before.cells()[r * 9 + c] == 0 && masks[r * 9 + c] >> (d - 1) & 1 == 1
            };
            // A cell by its line and its place across (row and column, or
            // column and row).
            let at =
                |line: usize, across: usize| if rows { (line, across) } else { (across, line) };
            let mut found_fins = Vec::new();
            let mut sashimi = false;
            for &line in &base {
                let spots: Vec<usize> = (0..9).filter(|&x| has(at(line, x))).collect();
                let in_cover = spots.iter().filter(|x| cover.contains(x)).count();
                assert!(in_cover >= 1, "{text}");
                sashimi |= in_cover == 1;
                found_fins.extend(
                    spots
                        .iter()
                        .filter(|x| !cover.contains(x))
                        .map(|&x| at(line, x)),
                );
            }
            found_fins.sort_unstable();
            assert_eq!(found_fins, fins, "{text}");
            assert_eq!(sashimi, kind == "sashimi", "{text}");
            let mut expect: Vec<Placed> = Vec::new();
            for &across in &cover {
                for line in (0..9).filter(|l| !base.contains(l)) {
                    let spot = at(line, across);
                    if has(spot) && fins.iter().all(|&f| sees(spot, f)) {
                        expect.push((spot.0, spot.1, d));
                    }
                }
            }
            expect.sort_unstable();
            assert!(!expect.is_empty(), "{text}");
            assert_eq!(step.removed, expect, "{text}");
            assert_eq!(step.difficulty, 75, "{text}");
            checked[usize::from(kind == "sashimi")] += 1;
        }
    }
    assert!(
        checked[0] >= 10 && checked[1] >= 3,
        "only {checked:?} finned and sashimi fish"
    );
}

#[test]
fn a_grouped_chain_links_as_its_words_say_on_the_candidates_before() {
    // Each grouped chain of serate's puzzles, read back from its words and
    // checked by Sudoku's geometry on the candidates before it: every node
    // is candidates there, one at least of two cells or more; a strong
    // link (`=`) is a cell whose only two candidates are the two nodes',
    // or a house whose only places of the digit are the two nodes'; a
    // weak link (`-`) joins candidates that all see each other; the nodes
    // are disjoint; what goes is every other candidate that sees all of
    // both ends; the difficulty is 8.0 with SE's penalty for the length.
    let node = |text: &str| -> Vec<Placed> {
        let (d, rest) = text.strip_prefix('(').unwrap().split_once(')').unwrap();
        let (rows, cols) = rest.strip_prefix('r').unwrap().split_once('c').unwrap();
        let d: u8 = d.parse().unwrap();
        let digits = |s: &str| -> Vec<usize> { s.bytes().map(|b| usize::from(b - b'1')).collect() };
        let mut cells = Vec::new();
        for &r in &digits(rows) {
            for &c in &digits(cols) {
                cells.push((r, c, d));
            }
        }
        cells
    };
    let sees = |a: Placed, b: Placed| {
        let same_cell = (a.0, a.1) == (b.0, b.1);
        let near = a.0 == b.0 || a.1 == b.1 || (a.0 / 3 == b.0 / 3 && a.1 / 3 == b.1 / 3);
        (same_cell && a.2 != b.2) || (!same_cell && a.2 == b.2 && near)
    };
    let houses: Vec<Vec<(usize, usize)>> = (0..27)
        .map(|h| {
            let (kind, x) = (h / 9, h % 9);
            (0..9)
                .map(|y| match kind {
                    0 => (x, y),
                    1 => (y, x),
                    _ => (x / 3 * 3 + y / 3, x % 3 * 3 + y % 3),
                })
                .collect()
        })
        .collect();
    let mut checked = 0;
    for (puzzle, p) in serate_paths(7.5..=f64::MAX) {
        for (j, step) in p.steps.iter().enumerate() {
            let Some(rest) = step.text.split_once("grouped ").map(|x| x.1) else {
                continue;
            };
            let text = &step.text;
            let (chain, _) = rest.split_once(": ").unwrap().1.split_once(": ").unwrap();
            let (before, masks) = p.before(&puzzle, j);
            let has = |(r, c, d): Placed| {
                before.cells()[r * 9 + c] == 0 && masks[r * 9 + c] >> (d - 1) & 1 == 1
            };
            let candidates = |in_house: &[(usize, usize)], d: u8| -> Vec<Placed> {
                in_house
                    .iter()
                    .map(|&(r, c)| (r, c, d))
                    .filter(|&x| has(x))
                    .collect()
            };
            let mut nodes: Vec<Vec<Placed>> = Vec::new();
            let mut links: Vec<bool> = Vec::new();
            for (k, part) in chain.split(' ').enumerate() {
                match k % 2 {
                    0 => nodes.push(node(part)),
                    _ => links.push(part == "="),
                }
            }
            assert!(nodes.iter().any(|n| n.len() >= 2), "{text}");
            assert!(nodes.iter().flatten().all(|&x| has(x)), "{text}");
            let mut all: Vec<Placed> = nodes.iter().flatten().copied().collect();
            all.sort_unstable();
            let count = all.len();
            all.dedup();
            assert_eq!(all.len(), count, "nodes overlap: {text}");
            for (k, &strong) in links.iter().enumerate() {
                assert_eq!(strong, k % 2 == 0, "{text}");
                let (a, b) = (&nodes[k], &nodes[k + 1]);
                if strong {
                    let mut union: Vec<Placed> = a.iter().chain(b).copied().collect();
                    union.sort_unstable();
                    let bivalue = a.len() == 1
                        && b.len() == 1
                        && (a[0].0, a[0].1) == (b[0].0, b[0].1)
                        && masks[a[0].0 * 9 + a[0].1].count_ones() == 2;
                    let conjugate = union.iter().all(|x| x.2 == union[0].2)
                        && houses.iter().any(|h| {
                            let mut places = candidates(h, union[0].2);
                            places.sort_unstable();
                            places == union
                        });
                    assert!(bivalue || conjugate, "link {k}: {text}");
                } else {
                    assert!(
                        a.iter().all(|&x| b.iter().all(|&y| sees(x, y))),
                        "link {k}: {text}"
                    );
                }
            }
            let ends: Vec<Placed> = nodes[0]
                .iter()
                .chain(&nodes[nodes.len() - 1])
                .copied()
                .collect();
            let mut expect: Vec<Placed> = (0..81)
                .flat_map(|k| (1..=9u8).map(move |d| (k / 9, k % 9, d)))
                .filter(|&x| has(x) && !all.contains(&x) && ends.iter().all(|&e| sees(x, e)))
                .collect();
            expect.sort_unstable();
            assert!(!expect.is_empty(), "{text}");
            assert_eq!(step.removed, expect, "{text}");
            assert_eq!(
                step.difficulty,
                80 + length_penalty(nodes.len() + 2),
                "{text}"
            );
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} grouped chains");
}

mod nets;
