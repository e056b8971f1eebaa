//! `dlx explain` and `dlx rate --scale se`, checked against Sudoku
//! Explainer's own ratings (serate's, kept in data/rate/serate.txt: code
//! that shares nothing with this project), and for the pipeline's
//! promises: the same bytes at any `--threads`, a path that stops where
//! asked, errors that name the line.

use crate::common;

use assert_cmd::Command;
use dlx_engine::__unstable::sudoku::DlxSolver;
use dlx_engine::format::{self, Case, Options};
use dlx_engine::sudoku::SudokuSolver;
use dlx_engine::sudoku::check_variant;

fn dlx() -> Command {
    common::bin::dlx()
}

/// serate's ratings: each puzzle and its ER, in tenths.
fn serate() -> Vec<(String, u32)> {
    let path = format!("{}/data/rate/serate.txt", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let mut fields = l.split_whitespace();
            let puzzle = fields.next().unwrap().to_string();
            let er = fields.next().unwrap().split('/').next().unwrap();
            (puzzle, tenths(er))
        })
        .collect()
}

/// `7.1` as 71.
fn tenths(x: &str) -> u32 {
    let (whole, tenth) = x.split_once('.').unwrap();
    whole.parse::<u32>().unwrap() * 10 + tenth.parse::<u32>().unwrap()
}

#[test]
fn ratings_agree_with_sudoku_explainer() {
    // The targets of the issue, on serate's own ratings: the same ER on
    // at least 90% of the puzzles it rates below 6.5, within 0.3 on at
    // least 80% of those from 6.5 to 9.0. (The measured figures are in
    // docs/rating.md; this keeps them from sliding.)
    let rated = serate();
    let input: String = rated.iter().map(|(p, _)| format!("{p}\n")).collect();
    let out = dlx()
        .args(["rate", "--scale", "se", "--threads", "2"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let ours: Vec<Option<u32>> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| (!l.starts_with('#')).then(|| tenths(l.split('/').next().unwrap())))
        .collect();
    assert_eq!(ours.len(), rated.len());
    let (mut low, mut low_same, mut mid, mut mid_near) = (0, 0, 0, 0);
    for ((_, theirs), mine) in rated.iter().zip(&ours) {
        let mine = mine.expect("every bundled puzzle is rated");
        if *theirs < 65 {
            low += 1;
            low_same += u32::from(mine == *theirs);
        } else if *theirs <= 90 {
            mid += 1;
            mid_near += u32::from(mine.abs_diff(*theirs) <= 3);
        }
    }
    assert!(low >= 150 && mid >= 50, "{low} {mid}");
    assert!(low_same * 10 >= low * 9, "{low_same} of {low} below 6.5");
    assert!(
        mid_near * 10 >= mid * 8,
        "{mid_near} of {mid} from 6.5 to 9.0"
    );
}

#[test]
fn an_explained_path_is_the_same_at_any_thread_count() {
    let mut input: String = serate()
        .iter()
        .step_by(8)
        .map(|(p, _)| format!("{p}\n"))
        .collect();
    // Variants too: their lines carry their rules.
    for name in ["killer_50.txt", "jigsaw_50.txt"] {
        let path = format!("{}/data/variants/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).unwrap();
        for line in text.lines().step_by(5) {
            input.push_str(line);
            input.push('\n');
        }
    }
    let run = |threads: &str, json: bool| {
        let mut cmd = dlx();
        cmd.args(["explain", "--threads", threads]);
        if json {
            cmd.arg("--json");
        }
        let out = cmd.write_stdin(input.clone()).output().unwrap();
        assert!(out.status.success());
        out.stdout
    };
    for json in [false, true] {
        let one = run("1", json);
        assert!(!one.is_empty());
        assert_eq!(one, run("2", json));
        assert_eq!(one, run("3", json));
    }
}

#[test]
fn a_path_ends_with_its_rating_or_where_it_stopped() {
    let puzzle =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let text = |args: &[&str]| {
        let out = dlx()
            .arg("explain")
            .args(args)
            .arg(puzzle)
            .output()
            .unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    let whole = text(&[]);
    let lines: Vec<&str> = whole.lines().collect();
    assert_eq!(lines[0], puzzle);
    assert!(lines.last().unwrap().starts_with("solved in "), "{whole}");
    // The rating's ER is its hardest step.
    let hardest = lines[1..lines.len() - 1]
        .iter()
        .map(|l| tenths(l.split(' ').next().unwrap()))
        .max()
        .unwrap();
    let er = lines
        .last()
        .unwrap()
        .rsplit(' ')
        .next()
        .unwrap()
        .split('/')
        .next()
        .unwrap();
    assert_eq!(tenths(er), hardest);
    // --hint is the first step; --max-steps a prefix of the path.
    let hint = text(&["--hint"]);
    assert_eq!(
        hint,
        format!("{puzzle}\n{}\nstopped after 1 step\n", lines[1])
    );
    let five = text(&["--max-steps", "5"]);
    assert_eq!(
        five.lines().skip(1).take(5).collect::<Vec<_>>(),
        lines[1..6]
    );
    // --until: no step harder than the technique named.
    let singles = text(&["--until", "naked-single"]);
    assert!(singles.lines().last().unwrap().starts_with("stalled after"));
    for l in singles
        .lines()
        .skip(1)
        .filter(|l| !l.starts_with("stalled"))
    {
        assert!(tenths(l.split(' ').next().unwrap()) <= 23, "{l}");
    }
}

#[test]
fn puzzles_without_one_solution_are_explained_as_far_as_logic_goes() {
    let out = dlx()
        .args(["explain", "-"])
        .write_stdin(format!("{}\n11{}\n1.3\n", ".".repeat(81), ".".repeat(79)))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.contains("stalled after 0 steps: the puzzle has more than one solution"),
        "{stdout}"
    );
    assert!(stdout.contains("# no solution: 11"), "{stdout}");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("line 1: more than one solution"),
        "{stderr}"
    );
    assert!(stderr.contains("line 2: no solution"), "{stderr}");
    assert!(stderr.contains("line 3: "), "{stderr}");
}

/// The cases of a bundled variant file.
fn variant_cases(name: &str) -> Vec<Case> {
    let path = format!("{}/data/variants/{name}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(path).unwrap();
    format::by_name("line")
        .unwrap()
        .read(Box::new(&bytes[..]), &Options::default())
        .map(Result::unwrap)
        .collect()
}

#[test]
fn variant_paths_keep_every_rule_of_their_puzzle() {
    // Every X, hyper, jigsaw and killer puzzle bundled, explained: what
    // its steps place, written into the puzzle, is checked by the
    // independent checker (every house, diagonal, window and cage sum);
    // a path that does not solve is checked against the search's
    // solution, itself checked so; no removal is the solution's digit.
    let mut techniques = std::collections::BTreeSet::new();
    for name in ["x_50.txt", "hyper_50.txt", "jigsaw_50.txt", "killer_50.txt"] {
        let path = format!("{}/data/variants/{name}", env!("CARGO_MANIFEST_DIR"));
        let out = dlx()
            .args(["explain", "--json"])
            .arg(&path)
            .output()
            .unwrap();
        let records: Vec<serde_json::Value> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let cases = variant_cases(name);
        assert_eq!(records.len(), cases.len(), "{name}");
        for (case, record) in cases.iter().zip(&records) {
            let variant = case.variant.as_deref().unwrap();
            let mut grid = case.grid.clone();
            let n = grid.n();
            let steps = record["steps"].as_array().unwrap();
            let triple = |v: &serde_json::Value| -> (usize, usize, u8) {
                let a: Vec<u64> = v
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|x| x.as_u64().unwrap())
                    .collect();
                (a[0] as usize - 1, a[1] as usize - 1, a[2] as u8)
            };
            for step in steps {
                techniques.insert(step["technique"].as_str().unwrap().to_string());
                if !step["placed"].is_null() {
                    let (r, c, d) = triple(&step["placed"]);
                    grid.set(r, c, d);
                }
            }
            let solution = if record["ending"] == "solved" {
                grid.clone()
            } else {
                let mut solver = DlxSolver::for_variant(variant.clone());
                solver.solve_first(&case.grid).unwrap().unwrap()
            };
            check_variant(variant, &case.grid, &solution)
                .unwrap_or_else(|e| panic!("{name} line {}: {e}", case.line));
            for (j, &d) in grid.cells().iter().enumerate() {
                assert!(
                    d == 0 || d == solution.cells()[j],
                    "{name} line {}",
                    case.line
                );
            }
            for step in steps {
                for removed in step["removed"].as_array().unwrap() {
                    let (r, c, d) = triple(removed);
                    assert_ne!(
                        solution.cells()[r * n + c],
                        d,
                        "{name} line {}: {}",
                        case.line,
                        step["text"]
                    );
                }
            }
            assert_eq!(record["status"], "explained", "{name} line {}", case.line);
        }
    }
    // The variants' own rungs took part.
    for t in ["cage-single", "cage-combination", "intersection", "trial"] {
        assert!(techniques.contains(t), "{t} in {techniques:?}");
    }
}

#[test]
fn setters_constraints_are_refused_as_input_not_as_puzzles_without_a_solution() {
    let path = format!(
        "{}/data/candidates/fpuzzles.json",
        env!("CARGO_MANIFEST_DIR")
    );
    for args in [&["explain"][..], &["rate", "--scale", "se"]] {
        let out = dlx().args(args).arg(&path).output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        let stdout = String::from_utf8(out.stdout).unwrap();
        assert!(stdout.starts_with("# not explained: "), "{stdout}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(
            stderr.contains("the rating takes houses and killer cages only"),
            "{stderr}"
        );
    }
}

/// The circles of an SVG group of class `class`.
fn rings(svg: &str, class: &str) -> usize {
    let start = svg
        .find(&format!("<g class=\"{class}\""))
        .unwrap_or_else(|| panic!("no {class} in {svg}"));
    let group = &svg[start..start + svg[start..].find("</g>").unwrap()];
    group.matches("<circle").count()
}

#[test]
fn a_step_is_drawn_on_its_candidates() {
    // Each step of the first moves of a plain and of a killer puzzle,
    // drawn: a ring for each candidate of its pattern, of its placement
    // and of its removals (as --json lists them), a stroke through each
    // removal, and its line under the grid.
    let killer = std::fs::read_to_string(format!(
        "{}/data/variants/killer_50.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
    .lines()
    .next()
    .unwrap()
    .to_string();
    let plain = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    for puzzle in [plain, killer.as_str()] {
        let json = dlx()
            .args(["explain", "--json", "--max-steps", "30"])
            .arg(puzzle)
            .output()
            .unwrap();
        let record: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
        let steps = record["steps"].as_array().unwrap();
        for (j, step) in steps.iter().enumerate().step_by(3) {
            let out = dlx()
                .args(["explain", "--output", "svg", "--max-steps"])
                .arg((j + 1).to_string())
                .arg(puzzle)
                .output()
                .unwrap();
            assert!(out.status.success());
            let svg = String::from_utf8(out.stdout).unwrap();
            let count = |field: &str| step[field].as_array().unwrap().len();
            assert_eq!(rings(&svg, "step-pattern"), count("pattern"), "{step}");
            assert_eq!(rings(&svg, "step-removed"), count("removed"), "{step}");
            assert_eq!(
                rings(&svg, "step-placed"),
                usize::from(!step["placed"].is_null()),
                "{step}"
            );
            let strokes = svg.split("class=\"step-strokes\" d=\"").nth(1).unwrap();
            let strokes = &strokes[..strokes.find('"').unwrap()];
            assert_eq!(strokes.matches('M').count(), count("removed"), "{step}");
            let text = step["text"].as_str().unwrap();
            let first_words: String = text.split(' ').take(3).collect::<Vec<_>>().join(" ");
            assert!(
                svg.contains(&format!("Step {}: ", j + 1)) && svg.contains(&first_words),
                "{svg}"
            );
        }
    }
}

#[test]
fn step_pictures_are_the_same_at_any_thread_count() {
    let dir = |threads: &str| {
        let d = common::scratch(&format!("explain-steps-{threads}"));
        let out = dlx()
            .args(["explain", "--hint", "--output", "svg", "--threads", threads])
            .arg("--output-dir")
            .arg(&d)
            .arg(format!(
                "{}/data/variants/jigsaw_50.txt",
                env!("CARGO_MANIFEST_DIR")
            ))
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&d)
            .unwrap()
            .map(|e| {
                let e = e.unwrap();
                (
                    e.file_name().to_string_lossy().into_owned(),
                    std::fs::read(e.path()).unwrap(),
                )
            })
            .collect();
        files.sort();
        files
    };
    let one = dir("1");
    assert_eq!(one.len(), 50);
    assert_eq!(one, dir("3"));
}

/// Whether cells `a` and `b` (0 to 80) share a row, column or box.
fn peers(a: usize, b: usize) -> bool {
    a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3))
}

/// A `[row, column, digit]` of `--json` as (cell, digit).
fn candidate(v: &serde_json::Value) -> (usize, u16) {
    let a: Vec<usize> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap() as usize)
        .collect();
    ((a[0] - 1) * 9 + a[1] - 1, a[2] as u16)
}

/// Checks a unique rectangle of type `kind` on the candidates `cand` (bit
/// `d` for digit `d`) in Sudoku's own geometry: four cells in two rows,
/// two columns and two boxes, each with both digits, and the removals
/// its type allows.
fn check_rectangle(text: &str, kind: u8, step: &serde_json::Value, cand: &[u16; 81]) {
    let removed: Vec<(usize, u16)> = step["removed"]
        .as_array()
        .unwrap()
        .iter()
        .map(candidate)
        .collect();
    let pattern: Vec<(usize, u16)> = step["pattern"]
        .as_array()
        .unwrap()
        .iter()
        .map(candidate)
        .collect();
    let mut cells: Vec<usize> = pattern.iter().map(|p| p.0).collect();
    cells.dedup();
    let mut digits: Vec<u16> = pattern.iter().map(|p| p.1).collect();
    digits.sort_unstable();
    digits.dedup();
    assert_eq!((cells.len(), digits.len()), (4, 2), "{text}");
    let both = 1 << digits[0] | 1 << digits[1];
    let count = |f: &dyn Fn(usize) -> usize| {
        cells
            .iter()
            .map(|&k| f(k))
            .collect::<std::collections::BTreeSet<_>>()
            .len()
    };
    let units = (
        count(&|k| k / 9),
        count(&|k| k % 9),
        count(&|k| k / 27 * 3 + k % 9 / 3),
    );
    assert_eq!(units, (2, 2, 2), "{text}");
    assert!(cells.iter().all(|&k| cand[k] & both == both), "{text}");
    let extra: Vec<usize> = cells.iter().copied().filter(|&k| cand[k] != both).collect();
    match kind {
        1 => {
            assert_eq!(extra.len(), 1, "{text}");
            let mut want = vec![(extra[0], digits[0]), (extra[0], digits[1])];
            want.sort_unstable();
            assert_eq!(removed, want, "{text}");
        }
        2 => {
            // One extra candidate is true: each removal sees every one
            // (the same digit in a peer, or another digit of its cell).
            assert!(!removed.is_empty(), "{text}");
            for &(k, d) in &removed {
                for &e in &extra {
                    let extras =
                        (1..=9u16).filter(|&x| cand[e] >> x & 1 == 1 && both >> x & 1 == 0);
                    for x in extras {
                        assert!((x == d && peers(k, e)) || (k == e && x != d), "{text}");
                    }
                }
            }
        }
        _ => {
            // Two cells of one row or column; one digit has no other
            // place there, the other goes from both.
            assert_eq!(extra.len(), 2, "{text}");
            let (a, b) = (extra[0], extra[1]);
            assert!(a / 9 == b / 9 || a % 9 == b % 9, "{text}");
            let kept = digits
                .iter()
                .copied()
                .find(|&d| removed.iter().all(|r| r.1 != d))
                .unwrap();
            let gone = digits.iter().copied().find(|&d| d != kept).unwrap();
            let mut want = vec![(a, gone), (b, gone)];
            want.sort_unstable();
            assert_eq!(removed, want, "{text}");
            let shares = |k: usize| {
                if a / 9 == b / 9 {
                    k / 9 == a / 9
                } else {
                    k % 9 == a % 9
                }
            };
            let others =
                (0..81).filter(|&k| shares(k) && k != a && k != b && cand[k] >> kept & 1 == 1);
            assert_eq!(others.count(), 0, "{text}");
        }
    }
}

#[test]
fn unique_rectangles_are_deadly_patterns_on_the_candidates_of_the_moment() {
    // Every unique rectangle on the serate set, checked in Sudoku's own
    // geometry (the finder works on the matrix) on the candidates before
    // the step, replayed here from the givens and the path's removals.
    let input: String = serate().iter().map(|(p, _)| format!("{p}\n")).collect();
    let out = dlx()
        .args(["explain", "--json"])
        .write_stdin(input)
        .output()
        .unwrap();
    let mut seen = [0usize; 5];
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        let puzzle: Vec<u8> = record["puzzle"]
            .as_str()
            .unwrap()
            .bytes()
            .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
            .collect();
        let mut cand = [0u16; 81];
        for (k, c) in cand.iter_mut().enumerate() {
            if puzzle[k] == 0 {
                *c = (1..=9)
                    .filter(|&d| (0..81).all(|j| !peers(k, j) || puzzle[j] != d))
                    .map(|d| 1 << d)
                    .sum();
            }
        }
        for step in record["steps"].as_array().unwrap() {
            let text = step["text"].as_str().unwrap();
            if let Some(rest) = text.strip_prefix("unique rectangle type ") {
                let kind = rest.as_bytes()[0] - b'0';
                seen[usize::from(kind)] += 1;
                check_rectangle(text, kind, step, &cand);
            }
            for (k, d) in step["removed"].as_array().unwrap().iter().map(candidate) {
                cand[k] &= !(1 << d);
            }
            if !step["placed"].is_null() {
                let (k, d) = candidate(&step["placed"]);
                cand[k] = 1 << d;
            }
        }
    }
    assert!(seen[1] > 0 && seen[2] > 0 && seen[4] > 0, "{seen:?}");
}

#[test]
fn a_timeout_gives_up_on_a_puzzle_and_says_so() {
    // A 25x25 path of some 280 steps cannot be explained in a nanosecond
    // (the deadline has passed at the first look); the next puzzle, given
    // all the time it needs, still is.
    let big = std::fs::read_to_string(format!(
        "{}/data/bench/sizes25.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
    .lines()
    .find(|l| !l.starts_with('#'))
    .unwrap()
    .to_string();
    let out = dlx()
        .args(["explain", "--timeout", "0.000000001", "-"])
        .write_stdin(format!("{big}\n"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout, format!("# not explained within --timeout: {big}\n"));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("line 1: not explained within --timeout 0.000000001s"),
        "{stderr}"
    );
    let out = dlx()
        .args(["explain", "--timeout", "60", "--json", "-"])
        .write_stdin("1234341221434.21\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .contains("\"status\":\"explained\"")
    );
}

#[test]
fn published_examples_take_the_published_step() {
    // HoDoKu's technique examples (data/rate/hodoku_examples.txt: the
    // candidates at the step, HoDoKu's technique and eliminations): the
    // first step of each path is that technique, with exactly those
    // removals.
    let path = format!(
        "{}/data/rate/hodoku_examples.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    // (technique, eliminations) of each line.
    let published: Vec<(&str, Vec<[u64; 3]>)> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let mut fields = l.split(" | ").skip(1);
            let technique = fields.next().unwrap();
            let mut codes: Vec<[u64; 3]> = fields
                .next()
                .unwrap()
                .split(' ')
                .map(|code| {
                    let d: Vec<u64> = code.bytes().map(|b| u64::from(b - b'0')).collect();
                    [d[1], d[2], d[0]]
                })
                .collect();
            codes.sort_unstable();
            (technique, codes)
        })
        .collect();
    let out = dlx()
        .args(["explain", "--json", "--max-steps", "1", &path])
        .output()
        .unwrap();
    assert!(out.status.success());
    let records: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), published.len());
    for ((name, eliminations), record) in published.iter().zip(&records) {
        let first = &record["steps"][0];
        let (technique, words) = match *name {
            "Skyscraper" => ("x-chain", "(skyscraper)"),
            "XY-Wing" => ("xy-wing", "XY-wing"),
            "Unique Rectangle Type 1" => ("unique-rectangle", "type 1"),
            "X-Wing" => ("x-wing", "X-wing"),
            "Swordfish" => ("swordfish", "swordfish"),
            other => panic!("no technique for HoDoKu's {other}"),
        };
        assert_eq!(first["technique"], technique, "{name}");
        assert!(first["text"].as_str().unwrap().contains(words), "{name}");
        let mut removed: Vec<[u64; 3]> = first["removed"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| [0, 1, 2].map(|j| p[j].as_u64().unwrap()))
            .collect();
        removed.sort_unstable();
        assert_eq!(&removed, eliminations, "{name}");
    }
}
