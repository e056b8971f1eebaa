//! `dlx generate` end to end: every puzzle of a sample is checked with
//! tools that share no code with the generator's engine (the naive DFS
//! counts solutions, `verify` checks the printed solution), and the flags
//! are checked for what they promise: minimality, symmetry, the clue
//! bound, reproducibility on any number of threads, and clear refusals.

use assert_cmd::Command;
use dlx_engine::__unstable::line;
use dlx_engine::__unstable::sudoku::check_solution;
use dlx_engine::__unstable::sudoku::{GridInternals as _, NaiveSolver, SymmetryInternals as _};
use dlx_engine::format::Alphabet;
use dlx_engine::sudoku::Symmetry;
use dlx_engine::sudoku::{Grid, Shape, SudokuSolver};

use crate::common;
use crate::common::runs::on_a_terminal;

fn dlx() -> Command {
    common::bin::dlx()
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
    // (3x2 boxes cannot be written with their solution: the line that
    // carries `box=3x2` has no room for it; the round trip below checks
    // them.)
    for (flag, shape) in [("2x2", Shape::new(2, 2)), ("2x3", Shape::new(2, 3))] {
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
            for k in (0..shape.n() * shape.n()).filter(|&k| puzzle.cells()[k] != 0) {
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
            let name = symmetry.to_string();
            let mut args = vec!["--box", shape, "--count", "20", "--seed", "5"];
            args.extend(["--symmetry", &name]);
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

/// Runs `dlx CMD` on `input`; exit code and standard output.
fn run_on(cmd: &[&str], input: &str) -> (i32, String) {
    let out = dlx()
        .args(cmd)
        .write_stdin(input.to_owned())
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
    )
}

#[test]
fn what_generate_writes_reads_back_as_the_same_puzzle_without_flags() {
    use dlx_engine::__unstable::variant;
    use dlx_engine::sudoku::check_variant;
    // Every box shape up to 4x4 (sides 1 to 12 and 16), the default one
    // and the transposed one, plain and with each variant that applies.
    let mut cases: Vec<(String, Vec<&str>)> = Vec::new();
    for (r, c) in [
        (1, 1),
        (1, 2),
        (2, 1),
        (2, 2),
        (1, 3),
        (3, 1),
        (2, 3),
        (3, 2),
        (2, 4),
        (4, 2),
        (3, 3),
        (3, 4),
        (4, 3),
        (1, 5),
        (5, 1),
        (4, 4),
    ] {
        let shape = format!("{r}x{c}");
        let n = r * c;
        cases.push((shape.clone(), vec![]));
        if (4..=9).contains(&n) {
            cases.push((shape.clone(), vec!["--variant", "x"]));
            cases.push((shape.clone(), vec!["--variant", "jigsaw"]));
        }
        if (r, c) == (3, 3) {
            cases.push((shape.clone(), vec!["--variant", "hyper,x"]));
        }
    }
    for (shape, variant_flags) in &cases {
        let mut args = vec!["--box", shape, "--count", "3", "--seed", "7"];
        args.extend(variant_flags);
        let text = generate(&args);
        let what = format!("--box {shape} {variant_flags:?}");
        let want: Shape = shape.parse().unwrap();
        // Read as `dlx solve` reads it (auto-detected), each solution is
        // that of the puzzle, rules and shape as generated.
        let (code, solved) = run_on(&["solve"], &text);
        assert_eq!(code, 0, "{what}: {text}");
        assert_eq!(solved.lines().count(), 3, "{what}");
        for (line, solution) in text.lines().zip(solved.lines()) {
            let case = variant::parse(line, 1, None, &Alphabet::default())
                .unwrap()
                .unwrap();
            assert_eq!(case.grid.shape(), want, "{what}: {line}");
            let rules = case
                .variant
                .as_deref()
                .cloned()
                .unwrap_or_else(|| dlx_engine::sudoku::Variant::plain(want));
            let solution = grid(solution, want);
            check_variant(&rules, &case.grid, &solution)
                .unwrap_or_else(|e| panic!("{what}: {line}: {e}"));
            // Plain puzzles: unique by the naive DFS too, which shares no
            // code with the engine.
            if rules.is_plain() {
                let count = NaiveSolver::new().count_up_to(&case.grid, 2).unwrap();
                assert_eq!(count.solutions, 1, "{what}: {line}");
            }
        }
        // Unique as read back, by `count` and by `rate` (which rates a
        // unique puzzle and reports a clash or a second solution).
        let (code, counts) = run_on(&["count", "--limit", "2"], &text);
        assert_eq!((code, counts.as_str()), (0, "1\n1\n1\n"), "{what}: {text}");
        let (code, rated) = run_on(&["rate"], &text);
        assert_eq!(code, 0, "{what}: {rated}");
        assert_eq!(rated.lines().count(), 3, "{what}: {rated}");
    }
    // The case: 3x2 boxes are written with their shape.
    let text = generate(&["--box", "3x2", "--count", "10", "--seed", "10"]);
    assert!(text.lines().all(|l| l.ends_with(" box=3x2")), "{text}");
    let (_, counts) = run_on(&["count", "--limit", "2"], &text);
    assert_eq!(counts, "1\n".repeat(10));
}

#[test]
fn a_shape_or_rules_that_cannot_be_written_or_made_are_refused_up_front() {
    for (args, message) in [
        // The cells alone would read back in 2x3 boxes.
        (
            &["--box", "3x2", "--output", "grid"][..],
            "a 6x6 grid in 3x2 boxes (whose cells alone read as 2x3 boxes) is written in the line format, as 'PUZZLE box=3x2', without --with-solution",
        ),
        (
            &["--box", "3x2", "--with-solution"][..],
            "as 'PUZZLE box=3x2'",
        ),
        (
            &["--box", "4x3", "--output", "csv"][..],
            "as 'PUZZLE box=4x3'",
        ),
        // No X-Sudoku of side 2 or 3 exists.
        (
            &["--size", "2", "--variant", "x", "--seed", "1"][..],
            "no 2x2 grid satisfies the rules (x), so there is no puzzle to make",
        ),
        (
            &[
                "--size",
                "3",
                "--variant",
                "x",
                "--seed",
                "1",
                "--difficulty",
                "simple",
            ][..],
            "no 3x3 grid satisfies the rules (x), so there is no puzzle to make",
        ),
    ] {
        let out = dlx().arg("generate").args(args).assert().code(2);
        let out = out.get_output();
        let err = String::from_utf8(out.stderr.clone()).unwrap();
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(!err.contains("internal error"), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn max_nodes_and_timeout_bound_a_run_and_say_so() {
    // A 25x25 minimal puzzle takes minutes: --timeout stops it, with a
    // message and exit code 1, and nothing half-made is written.
    let out = dlx()
        .args([
            "generate",
            "--size",
            "25",
            "--minimal",
            "--count",
            "1",
            "--seed",
            "1",
            "--timeout",
            "0.5",
        ])
        .assert()
        .code(1);
    let out = out.get_output();
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr.clone()).unwrap();
    assert_eq!(
        err,
        "dlx generate: puzzle 1: not made within --timeout 0.5s; 0 written\n"
    );
    // --max-nodes: the puzzles made within the bound are those made
    // without it (a bound not reached changes nothing), then the first
    // that needs more stops the run, at any thread count.
    let free = generate(&["--count", "5", "--seed", "5"]);
    for threads in ["1", "2"] {
        let out = dlx()
            .args([
                "generate",
                "--count",
                "5",
                "--seed",
                "5",
                "--max-nodes",
                "80",
                "--threads",
                threads,
            ])
            .assert()
            .code(1);
        let out = out.get_output();
        let made = String::from_utf8(out.stdout.clone()).unwrap();
        let err = String::from_utf8(out.stderr.clone()).unwrap();
        assert_eq!(made, free.lines().next().unwrap().to_owned() + "\n");
        assert_eq!(
            err,
            "dlx generate: puzzle 2: not made within 80 search nodes\n\
             dlx generate: 1 written; try a larger --max-nodes\n"
        );
    }
    let roomy = generate(&[
        "--count",
        "5",
        "--seed",
        "5",
        "--max-nodes",
        "100000",
        "--timeout",
        "600",
    ]);
    assert_eq!(roomy, free);
    // Jigsaw draws count in the bound too.
    let out = dlx()
        .args([
            "generate",
            "--variant",
            "jigsaw,x",
            "--size",
            "6",
            "--seed",
            "1",
            "--max-nodes",
            "50",
        ])
        .assert()
        .code(1);
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(err.contains("not made within 50 search nodes"), "{err}");
}

#[test]
fn progress_bars_on_a_terminal_do_not_stop_the_run() {
    // The bars are drawn by threads of their own; while the command held
    // standard error locked they waited for it and the run for them (a
    // hang that only a terminal showed). `timeout` ends a hang with 124.
    let Some((code, shown)) = on_a_terminal(
        "dlx generate --size 25 --minimal --count 1 --seed 1 --timeout 1 > /dev/null",
    ) else {
        return;
    };
    assert_eq!(code, 1, "{shown}");
    assert!(shown.contains("dlx generate: 0/1 puzzles"), "{shown}");
    assert!(
        shown.contains("not made within --timeout 1s; 0 written"),
        "{shown}"
    );
    let (code, shown) = on_a_terminal(
        "dlx bench --threads 2 --solver dlx data/collections/norvig_top95.txt > /dev/null",
    )
    .unwrap();
    assert_eq!(code, 0, "{shown}");
}
