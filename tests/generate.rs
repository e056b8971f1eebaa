//! `dlx generate` end to end: every puzzle of a sample is checked with
//! tools that share no code with the generator's engine (the naive DFS
//! counts solutions, `verify` checks the printed solution), and the flags
//! are checked for what they promise: minimality, symmetry, the clue
//! bound, reproducibility on any number of threads, and clear refusals.

use assert_cmd::Command;
use dlx_engine::format::{Alphabet, line};
use dlx_engine::sudoku::generate::Symmetry;
use dlx_engine::sudoku::{Grid, NaiveSolver, Shape, SudokuSolver, verify::check_solution};

fn dlx() -> Command {
    Command::cargo_bin("dlx").unwrap()
}

/// Runs `dlx generate ARGS`, expecting exit code 0; its standard output.
fn generate(args: &[&str]) -> String {
    let out = dlx().arg("generate").args(args).assert().code(0);
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

/// A line-format grid of `shape`.
fn grid(text: &str, shape: Shape) -> Grid {
    line::parse_line(text, 1, Some(shape), &Alphabet::default())
        .expect("not blank")
        .expect("a grid")
        .grid
}

/// The `PUZZLE SOLUTION` lines of `--with-solution`, read back.
fn pairs(text: &str, shape: Shape) -> Vec<(Grid, Grid)> {
    text.lines()
        .map(|l| {
            let (p, s) = l.split_once(' ').expect("PUZZLE SOLUTION");
            (grid(p, shape), grid(s, shape))
        })
        .collect()
}

/// Whether `puzzle` less its given at `k` still has one solution.
fn unique_without(naive: &mut NaiveSolver, puzzle: &Grid, k: usize) -> bool {
    let n = puzzle.n();
    let mut fewer = puzzle.clone();
    fewer.set(k / n, k % n, 0);
    naive.count_up_to(&fewer, 2).unwrap().solutions == 1
}

#[test]
fn every_puzzle_is_unique_with_the_printed_solution() {
    let mut naive = NaiveSolver::new();
    for (flag, shape) in [
        ("2x2", Shape::new(2, 2)),
        ("2x3", Shape::new(2, 3)),
        ("3x2", Shape::new(3, 2)),
    ] {
        let shape = shape.unwrap();
        let out = generate(&[
            "--box",
            flag,
            "--count",
            "40",
            "--seed",
            "7",
            "--with-solution",
        ]);
        let made = pairs(&out, shape);
        assert_eq!(made.len(), 40);
        for (puzzle, solution) in &made {
            assert_eq!(
                naive.count_up_to(puzzle, 2).unwrap().solutions,
                1,
                "{puzzle:?}"
            );
            check_solution(puzzle, solution).unwrap();
        }
    }
    // 9x9: the printed solution is checked, and the naive DFS counts.
    let out = generate(&["--count", "10", "--seed", "3", "--with-solution"]);
    for (puzzle, solution) in pairs(&out, Shape::NINE) {
        check_solution(&puzzle, &solution).unwrap();
        assert_eq!(naive.count_up_to(&puzzle, 2).unwrap().solutions, 1);
    }
}

#[test]
fn minimal_puzzles_lose_uniqueness_without_any_clue() {
    let mut naive = NaiveSolver::new();
    for (flag, shape) in [("--size", "4"), ("--size", "6"), ("--box", "3x2")] {
        let out = generate(&[flag, shape, "--count", "25", "--seed", "11", "--minimal"]);
        let shape = if flag == "--size" {
            Shape::for_side(shape.parse().unwrap()).unwrap()
        } else {
            shape.parse().unwrap()
        };
        for l in out.lines() {
            let puzzle = grid(l, shape);
            assert_eq!(naive.count_up_to(&puzzle, 2).unwrap().solutions, 1);
            for k in (0..shape.cells()).filter(|&k| puzzle.cells()[k] != 0) {
                assert!(!unique_without(&mut naive, &puzzle, k), "{l}: clue {k}");
            }
        }
    }
}

#[test]
fn clue_patterns_are_invariant_under_the_symmetry() {
    let mut naive = NaiveSolver::new();
    for symmetry in Symmetry::ALL {
        for (shape, minimal) in [("2x3", false), ("3x2", true), ("2x2", true), ("3x3", false)] {
            let mut args = vec!["--box", shape, "--count", "20", "--seed", "5"];
            args.extend(["--symmetry", symmetry.name()]);
            if minimal {
                args.push("--minimal");
            }
            let shape: Shape = shape.parse().unwrap();
            for l in generate(&args).lines() {
                let puzzle = grid(l, shape);
                assert!(symmetry.holds_for(&puzzle), "{symmetry}: {l}");
                if shape.n() <= 6 {
                    assert_eq!(naive.count_up_to(&puzzle, 2).unwrap().solutions, 1);
                }
            }
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_bytes_on_any_number_of_threads() {
    for extra in [
        &[][..],
        &["--minimal", "--symmetry", "rot180", "--box", "2x3"][..],
        // Each jigsaw puzzle draws its own regions from its own seed.
        &["--variant", "jigsaw,x", "--box", "2x3"][..],
    ] {
        let run = |threads: &str, seed: &str| {
            let mut args = vec!["--count", "70", "--seed", seed, "--threads", threads];
            args.extend(extra);
            generate(&args)
        };
        let one = run("1", "42");
        assert_eq!(one.lines().count(), 70);
        assert_eq!(run("2", "42"), one);
        assert_eq!(run("0", "42"), one);
        assert_eq!(run("3", "42"), one);
        let other = run("1", "43");
        assert_ne!(other, one);
        // Puzzle i does not depend on how many come after it.
        let mut args = vec!["--count", "5", "--seed", "42"];
        args.extend(extra);
        assert_eq!(
            generate(&args),
            one.lines()
                .take(5)
                .map(|l| format!("{l}\n"))
                .collect::<String>()
        );
    }
}

#[test]
fn a_clue_bound_is_respected_or_refused_clearly() {
    let out = generate(&[
        "--size", "6", "--count", "20", "--seed", "2", "--clues", "10",
    ]);
    for l in out.lines() {
        assert!(grid(l, Shape::new(2, 3).unwrap()).filled() <= 10, "{l}");
    }
    // No 4x4 puzzle has a unique solution with 3 clues.
    let out = dlx()
        .args([
            "generate", "--size", "4", "--count", "3", "--seed", "2", "--clues", "3",
        ])
        .assert()
        .code(1);
    let out = out.get_output();
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr.clone()).unwrap();
    assert!(
        err.contains("puzzle 1: no puzzle with at most 3 clues in 100 tries"),
        "{err}"
    );
}

#[test]
fn other_formats_hold_puzzles_and_solutions() {
    let csv = generate(&[
        "--size",
        "4",
        "--count",
        "3",
        "--seed",
        "1",
        "--output",
        "csv",
        "--with-solution",
    ]);
    let shape = Shape::new(2, 2).unwrap();
    for l in csv.lines() {
        let (p, s) = l.split_once(',').unwrap();
        assert!(p.contains('0') && !p.contains('.'));
        check_solution(&grid(p, shape), &grid(s, shape)).unwrap();
    }
    // The grid format: puzzle, blank line, solution, blank line, ...
    let text = generate(&[
        "--size",
        "4",
        "--count",
        "2",
        "--seed",
        "1",
        "--output",
        "grid",
        "--with-solution",
    ]);
    let blocks: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(blocks.len(), 4, "{text}");
    let line = generate(&[
        "--size",
        "4",
        "--count",
        "2",
        "--seed",
        "1",
        "--with-solution",
    ]);
    let first = line.lines().next().unwrap().replace(' ', "\n");
    let flat = |b: &str| b.split_whitespace().collect::<String>();
    assert_eq!(flat(blocks[0]), flat(first.lines().next().unwrap()));
    assert_eq!(flat(blocks[1]), flat(first.lines().nth(1).unwrap()));
    // 9x9 judge formats write 9x9 puzzles.
    let hdu = generate(&["--count", "1", "--seed", "1", "--output", "hdu1426"]);
    assert_eq!(hdu.lines().count(), 9);
    assert!(hdu.contains('?'));
}

#[test]
fn bad_flags_exit_2_with_a_message() {
    for (args, message) in [
        (&["--box", "0x3"][..], "0x3"),
        (&["--size", "7x"][..], "not a grid side"),
        (&["--size", "0"][..], "--size"),
        (&["--symmetry", "spiral"][..], "spiral"),
        (
            &["--box", "2x2", "--output", "hdu1426"][..],
            "cannot hold a 4x4 grid",
        ),
        (
            &["--size", "16", "--output", "poj3074"][..],
            "cannot hold a 16x16 grid",
        ),
        (&["--output", "nope"][..], "nope"),
        (&["--box", "2x2", "--size", "4"][..], "cannot be used with"),
        (&["--count", "-1"][..], "-1"),
    ] {
        let out = dlx().arg("generate").args(args).assert().code(2);
        let out = out.get_output();
        let err = String::from_utf8(out.stderr.clone()).unwrap();
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn a_seed_is_drawn_and_shown_when_none_is_given() {
    let out = dlx().args(["generate", "--size", "4"]).assert().code(0);
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    let seed = err
        .trim()
        .strip_prefix("dlx generate: --seed ")
        .expect(&err);
    let again = generate(&["--size", "4", "--seed", seed]);
    assert_eq!(
        String::from_utf8(out.get_output().stdout.clone()).unwrap(),
        again
    );
}
