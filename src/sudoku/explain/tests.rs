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
