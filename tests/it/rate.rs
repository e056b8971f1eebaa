//! `dlx rate` and `dlx generate --difficulty`, checked against code that
//! shares nothing with the rater: the levels against a small candidate
//! solver written here (naked singles; naked and hidden singles), the
//! solution counts against the engine's and the naive DFS's counts, the
//! agreement with qqwing on puzzles qqwing made, and the score's order on
//! the bundled benchmark sets.

use crate::common;

use assert_cmd::Command;
use dlx_engine::__unstable::line;
use dlx_engine::__unstable::sudoku::{
    DlxSolver, GeneratorInternals as _, LevelInternals as _, NaiveSolver, Rater, Rng,
    ShapeInternals as _, SymmetryInternals as _,
};
use dlx_engine::dlx::deduce::{Rating, Rules};
use dlx_engine::format::Alphabet;
use dlx_engine::sudoku::{Generator, Settings};
use dlx_engine::sudoku::{Grade, Level};
use dlx_engine::sudoku::{Grid, Shape, SudokuSolver};
use proptest::prelude::*;

fn dlx() -> Command {
    common::bin::dlx()
}

fn data(path: &str) -> String {
    std::fs::read_to_string(format!("{}/data/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// The puzzles of a line-format text (comment lines skipped), at most
/// `max`.
fn puzzles(text: &str, max: usize) -> Vec<Grid> {
    text.lines()
        .enumerate()
        .filter_map(|(i, l)| line::parse_line(l, i + 1, None, &Alphabet::default()))
        .map(|case| case.expect("a puzzle").grid)
        .take(max)
        .collect()
}

/// Candidates of every cell, as bit masks (bit d-1 for digit d), of a grid
/// whose givens do not clash.
fn candidates(g: &Grid) -> Vec<u64> {
    let shape = g.shape();
    let n = g.n();
    let all = (1u64 << n) - 1;
    (0..n * n)
        .map(|k| {
            let (r, c) = (k / n, k % n);
            if g.get(r, c) != 0 {
                return 0;
            }
            let mut used = 0u64;
            for i in 0..n {
                for d in [g.get(r, i), g.get(i, c)] {
                    if d != 0 {
                        used |= 1 << (d - 1);
                    }
                }
            }
            for (rr, cc) in shape.box_cells(shape.box_of(r, c)) {
                let d = g.get(rr, cc);
                if d != 0 {
                    used |= 1 << (d - 1);
                }
            }
            all & !used
        })
        .collect()
}

/// The houses of a shape: rows, columns, boxes, as lists of cells.
fn houses(shape: Shape) -> Vec<Vec<usize>> {
    let n = shape.n();
    let mut all = Vec::new();
    for i in 0..n {
        all.push((0..n).map(|j| i * n + j).collect());
        all.push((0..n).map(|j| j * n + i).collect());
        all.push(shape.box_cells(i).map(|(r, c)| r * n + c).collect());
    }
    all
}

/// Fills cells by naked singles (and, with `hidden`, hidden singles in
/// any house) until none is left; whether that completes the grid.
fn singles_solve(puzzle: &Grid, hidden: bool) -> bool {
    let mut g = puzzle.clone();
    let n = g.n();
    let houses = houses(g.shape());
    loop {
        let cand = candidates(&g);
        let mut placed = None;
        for (k, &m) in cand.iter().enumerate() {
            if g.get(k / n, k % n) == 0 && m.count_ones() == 1 {
                placed = Some((k, m.trailing_zeros() as u8 + 1));
                break;
            }
        }
        if placed.is_none() && hidden {
            'houses: for house in &houses {
                for d in 0..n {
                    let places: Vec<usize> = house
                        .iter()
                        .copied()
                        .filter(|&k| cand[k] >> d & 1 == 1)
                        .collect();
                    if let [k] = places[..] {
                        placed = Some((k, d as u8 + 1));
                        break 'houses;
                    }
                }
            }
        }
        match placed {
            Some((k, d)) => g.set(k / n, k % n, d),
            None => return (0..n * n).all(|k| g.get(k / n, k % n) != 0),
        }
    }
}

/// Checks `rating` of the unique `puzzle` against [`singles_solve`]:
/// simple exactly when naked singles solve it, simple or easy exactly
/// when singles solve it.
fn check_level(puzzle: &Grid, rating: &Rating) {
    let level = rating.level();
    assert_eq!(
        level == Level::Simple,
        singles_solve(puzzle, false),
        "{level} for {puzzle:?}"
    );
    assert_eq!(
        level <= Level::Easy,
        singles_solve(puzzle, true),
        "{level} for {puzzle:?}"
    );
}

#[test]
fn levels_agree_with_a_singles_solver_on_generated_puzzles() {
    let mut rater = Rater::new();
    for (shape, count) in [
        (Shape::new(2, 2), 40),
        (Shape::new(2, 3), 40),
        (Shape::new(3, 3), 60),
    ] {
        let shape = shape.unwrap();
        for minimal in [false, true] {
            let settings = Settings {
                minimal,
                ..Settings::default()
            };
            let mut generator = Generator::new(shape, settings);
            for i in 0..count {
                let g = generator.generate(&mut Rng::for_puzzle(11, i)).unwrap();
                let rating = rater.rate(&g.puzzle, &Rules::default()).unwrap();
                assert_eq!(rating.solutions, 1);
                check_level(&g.puzzle, &rating);
            }
        }
    }
}

#[test]
fn levels_agree_with_a_singles_solver_on_17_clue_puzzles() {
    let mut rater = Rater::new();
    let mut levels = [0; 4];
    for puzzle in puzzles(&data("bench/17_clue.txt"), 150) {
        let rating = rater.rate(&puzzle, &Rules::default()).unwrap();
        assert_eq!(rating.solutions, 1);
        check_level(&puzzle, &rating);
        levels[rating.level() as usize] += 1;
    }
    // The sample is not all of one level, so both sides of each check ran.
    assert!(levels.iter().filter(|&&n| n > 0).count() >= 3, "{levels:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The deductions never change the number of solutions: the rater's
    /// count (stopping at 2) is the engine's, on puzzles with any number
    /// of solutions, and on 4x4 and 6x6 also the naive DFS's.
    #[test]
    fn the_rating_counts_solutions_as_the_engine_does(
        shape in common::shapes(),
        seed in proptest::collection::vec(0usize..1000, 8..40),
        holes in proptest::collection::vec(proptest::bool::weighted(0.6), 5..50),
    ) {
        let solution = common::planted_solution(shape, &seed);
        let puzzle = common::with_holes(&solution, &holes);
        let rating = Rater::new().rate(&puzzle, &Rules::default()).unwrap();
        let engine = DlxSolver::new(shape).count_up_to(&puzzle, 2).unwrap().solutions;
        prop_assert_eq!(u128::from(rating.solutions), engine);
        if shape.n() <= 6 {
            let naive = NaiveSolver::new().count_up_to(&puzzle, 2).unwrap().solutions;
            prop_assert_eq!(u128::from(rating.solutions), naive);
        }
        if rating.solutions == 1 {
            check_level(&puzzle, &rating);
        }
    }
}

#[test]
fn qqwing_levels_are_given_back_on_qqwings_own_puzzles() {
    // 50 puzzles a level made by `qqwing --generate 50 --difficulty L`
    // (Debian's qqwing 1.3.4); scripts/rate-vs-qqwing.sh measures the same
    // on fresh puzzles. With qqwing's own rule set (--subsets 2) the levels
    // must agree on every puzzle; with triples too, on at least 90%.
    for level in Level::ALL {
        let text = data(&format!("rate/qqwing_{level}.txt"));
        for (args, at_least) in [(&["--subsets", "2"][..], 50), (&[][..], 45)] {
            let out = dlx()
                .arg("rate")
                .args(args)
                .write_stdin(text.clone())
                .assert()
                .code(0);
            let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
            let agree = stdout
                .lines()
                .filter(|l| l.split(' ').next() == Some(level.to_string().as_str()))
                .count();
            assert!(agree >= at_least, "{level} {args:?}: {agree} of 50");
        }
    }
}

#[test]
fn the_score_orders_the_benchmark_sets() {
    let mut rater = Rater::new();
    let mut mean = |file: &str| {
        let set = puzzles(&data(file), 40);
        let total: u64 = set
            .iter()
            .map(|p| rater.rate(p, &Rules::default()).unwrap().score())
            .sum();
        total as f64 / set.len() as f64
    };
    let seventeen = mean("bench/17_clue.txt");
    let top1465 = mean("bench/magictour_top1465.txt");
    let hardest = mean("bench/forum_hardest_1905_11plus.txt");
    assert!(
        seventeen < top1465 && top1465 < hardest,
        "means {seventeen} {top1465} {hardest}"
    );
}

#[test]
fn the_rate_command_writes_one_line_per_case() {
    let out = dlx()
        .args(["rate", "data/rate/mixed.txt"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .assert()
        .code(2);
    let output = out.get_output();
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        data("rate/mixed.out")
    );
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        data("rate/mixed.err")
    );
    let json = dlx()
        .args(["rate", "--json", "data/rate/mixed.txt"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .assert()
        .code(2);
    assert_eq!(
        String::from_utf8_lossy(&json.get_output().stdout),
        data("rate/mixed.jsonl")
    );
}

#[test]
fn ratings_are_the_same_on_any_number_of_threads() {
    let text: String = data("bench/magictour_top1465.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(120)
        .map(|l| format!("{l}\n"))
        .collect();
    let run = |threads: &str| {
        let out = dlx()
            .args(["rate", "--threads", threads])
            .write_stdin(text.clone())
            .assert()
            .code(0);
        out.get_output().stdout.clone()
    };
    let one = run("1");
    assert_eq!(String::from_utf8_lossy(&one).lines().count(), 120);
    assert_eq!(one, run("3"));
}

#[test]
fn every_size_is_rated_by_the_same_rules() {
    let mut rater = Rater::new();
    for (file, n) in [("bench/sizes16.txt", 16), ("bench/sizes25.txt", 25)] {
        let set = puzzles(&data(file), 2);
        assert!(!set.is_empty());
        for puzzle in set {
            assert_eq!(puzzle.n(), n);
            let rating = rater.rate(&puzzle, &Rules::default()).unwrap();
            assert_eq!(rating.solutions, 1, "{file}");
            check_level(&puzzle, &rating);
        }
    }
}

#[test]
fn generated_puzzles_have_the_difficulty_asked_for() {
    let mut rater = Rater::new();
    let mut naive = NaiveSolver::new();
    for (flag, n) in [("6", 6), ("9", 9)] {
        for level in Level::ALL {
            // Intermediate and expert 6x6 puzzles with this symmetry are
            // too rare to draw in a test.
            if n == 6 && level > Level::Easy {
                continue;
            }
            let out = dlx()
                .args(["generate", "--size", flag, "--count", "6", "--seed", "5"])
                .args(["--difficulty", &level.to_string(), "--symmetry", "rot180"])
                .args(["--tries", "1000"])
                .assert()
                .code(0);
            let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
            let set = puzzles(&stdout, usize::MAX);
            assert_eq!(set.len(), 6);
            for puzzle in set {
                let rating = rater.rate(&puzzle, &Rules::default()).unwrap();
                assert_eq!(rating.level(), level);
                check_level(&puzzle, &rating);
                if n == 6 {
                    assert_eq!(naive.count_up_to(&puzzle, 2).unwrap().solutions, 1);
                }
                let sym = dlx_engine::sudoku::Symmetry::Rot180;
                assert!(sym.holds_for(&puzzle));
            }
        }
    }
}

#[test]
fn a_difficulty_out_of_reach_is_a_clear_failure() {
    // A 4x4 puzzle never needs a guess.
    let out = dlx()
        .args(["generate", "--size", "4", "--count", "2", "--seed", "1"])
        .args(["--difficulty", "expert", "--tries", "20"])
        .assert()
        .code(1);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(
        stderr.starts_with(
            "dlx generate: puzzle 1: no expert puzzle in 20 tries (the tries were rated simple "
        ),
        "{stderr}"
    );
    assert!(
        stderr.ends_with("dlx generate: try a larger --tries\n"),
        "{stderr}"
    );
}

#[test]
fn variants_are_rated_by_the_same_rules() {
    // Every bundled variant puzzle is unique (tests/it/variants.rs counts
    // them), so each must get a rating line, none a '#' line.
    for kind in ["jigsaw", "x", "hyper", "killer"] {
        let path = format!("data/variants/{kind}_50.txt");
        let out = dlx()
            .args(["rate", "--format", "variant", &path])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .assert()
            .code(0);
        let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        assert_eq!(stdout.lines().count(), 50, "{kind}");
        for line in stdout.lines() {
            let level = line.split(' ').next().unwrap();
            assert!(level.parse::<Level>().is_ok(), "{kind}: {line}");
        }
    }
}

#[test]
fn rating_shares_concatenate_to_one_run() {
    for n in [2, 3, 7] {
        let mut joined = String::new();
        for k in 1..=n {
            let out = dlx()
                .args(["rate", "--part", &format!("{k}/{n}"), "data/rate/mixed.txt"])
                .current_dir(env!("CARGO_MANIFEST_DIR"))
                .output()
                .unwrap();
            joined.push_str(&String::from_utf8(out.stdout).unwrap());
        }
        assert_eq!(joined, data("rate/mixed.out"), "{n} shares");
    }
}
