//! SudokuPad links (data/sudokupad/, README.md there): links made by
//! SudokuPad's own f-puzzles converter and setters' links solve to their
//! known solutions, which the checker (`verify`, no code shared with the
//! compiler) accepts, each unique, each agreeing with the solution the
//! link embeds; setters' links of rules `dlx` does not support, or states
//! only in words, are refused with the message that says how to go on;
//! every form of a link reads the same puzzle; bad links stop their own
//! line only (exit 2); and every puzzle written as a link (`--output
//! sudokupad`, `--output fpuzzles`, `generate`) reads back as the same
//! puzzle, byte-identical at any `--threads`.

use std::path::Path;

use dlx_engine::__unstable::fpuzzles::FPuzzles;
use dlx_engine::__unstable::sudoku::check_solution;
use dlx_engine::__unstable::sudokupad::read_link;
use dlx_engine::__unstable::sudokupad::write::{Link, link, same_puzzle};
use dlx_engine::format::{self, Case, Format, Options};
use dlx_engine::sudoku::check_variant;
use dlx_engine::sudoku::{Grid, Shape};
use proptest::prelude::*;

use crate::common::bin::run_with_stdin;
use crate::common::{planted_solution, with_holes};

fn data(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The links of a file (its lines that are not comments).
fn links(name: &str) -> Vec<String> {
    data(name)
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

/// `text` as the grid of `shape` it writes in the line format.
fn grid(shape: Shape, text: &str) -> Grid {
    let cells = text.bytes().map(|b| b - b'0').collect();
    Grid::from_cells(shape, cells).expect("a solution line")
}

/// Runs `dlx solve ARGS data/sudokupad/NAME`: exit code, stdout, stderr.
fn solve(args: &[&str], name: &str) -> (i32, String, String) {
    // Tests run in the package's root, where the path is as the expected
    // messages write it.
    let path = format!("data/sudokupad/{name}");
    let mut all = vec!["solve"];
    all.extend_from_slice(args);
    all.push(&path);
    run_with_stdin(&all, "")
}

/// Each link read, its solution (from `expected`) checked by the checker
/// against the rules as read, and the puzzle unique.
fn check_solutions(name: &str, expected: &str, rules: &[String]) {
    let links = links(name);
    let solutions: Vec<&str> = expected.lines().collect();
    assert_eq!(links.len(), solutions.len(), "{name}");
    for (i, (l, s)) in links.iter().zip(&solutions).enumerate() {
        let case = read_link(l, rules).unwrap_or_else(|e| panic!("{name} {i}: {e}"));
        let solution = grid(case.grid.shape(), s);
        match &case.variant {
            Some(v) => check_variant(v, &case.grid, &solution),
            None => check_solution(&case.grid, &solution),
        }
        .unwrap_or_else(|e| panic!("{name} {i}: {e}"));
        if let Some(embedded) = &case.expected {
            assert_eq!(*embedded, solution, "{name} {i}: the link's own solution");
        }
    }
    let mut args = vec!["count", "--limit", "2", "--format", "sudokupad"];
    let joined = rules.join(",");
    if !rules.is_empty() {
        args.extend(["--rule", &joined]);
    }
    let (code, out, err) = run_with_stdin(&args, &links.join("\n"));
    assert_eq!((code, err.as_str()), (0, ""), "{name}");
    assert!(out.lines().all(|l| l == "1"), "{name}: {out}");
}

#[test]
fn links_of_sudokupads_own_converter_solve_to_the_f_puzzles_solutions() {
    let expected = data("sudokupad/converter.out");
    let (code, out, err) = solve(&[], "converter.txt");
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (0, expected.as_str(), "")
    );
    assert!(links("sudokupad/converter.txt").len() >= 20);
    check_solutions("sudokupad/converter.txt", &expected, &[]);
}

#[test]
fn setters_links_solve_and_agree_with_the_solutions_they_embed() {
    let expected = data("sudokupad/setters.out");
    let (code, out, err) = solve(&[], "setters.txt");
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (0, expected.as_str(), "")
    );
    check_solutions("sudokupad/setters.txt", &expected, &[]);
    let embedded = links("sudokupad/setters.txt")
        .iter()
        .filter(|l| read_link(l, &[]).is_ok_and(|c| c.expected.is_some()))
        .count();
    assert!(embedded >= 15, "{embedded} links embed a solution");
}

#[test]
fn rules_the_links_do_not_show_are_refused_with_what_to_do() {
    let (code, out, err) = solve(&[], "refused.txt");
    assert_eq!(code, 2);
    assert_eq!(err, data("sudokupad/refused.err"));
    assert!(out.lines().all(|l| l.starts_with("# bad input: ")), "{out}");
    // Said with --rule, the anti-knight and all-dots links solve, to the
    // solutions they embed.
    for (number, rule) in [("31", "antiknight"), ("35", "all-dots")] {
        let text = data("sudokupad/refused.txt");
        let at = text
            .lines()
            .position(|l| l.starts_with(&format!("# {number}:")))
            .expect("the link's comment");
        let line = text.lines().nth(at + 1).expect("the link");
        let case = read_link(line, &[rule.to_owned()]).expect("reads with the rule");
        let embedded = case.expected.clone().expect("an embedded solution");
        let (code, out, err) = run_with_stdin(&["solve", "--rule", rule], line);
        assert_eq!((code, err.as_str()), (0, ""), "{number}");
        assert_eq!(grid(embedded.shape(), out.trim()), embedded, "{number}");
    }
}

#[test]
fn every_form_of_a_link_reads_the_same_puzzle() {
    let (code, out, err) = solve(&[], "forms.txt");
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(out, data("sudokupad/forms.out"));
    let forms = links("sudokupad/forms.txt");
    let first = read_link(&forms[0], &[]).expect("the first form");
    for l in &forms[1..10] {
        let case = read_link(l, &[]).unwrap_or_else(|e| panic!("{l}: {e}"));
        assert!(same_puzzle(&case, &first), "{l}");
    }
}

#[test]
fn bad_links_stop_their_own_line_only_at_any_thread_count() {
    for threads in ["1", "2"] {
        let (code, out, err) = solve(&["--threads", threads], "bad.txt");
        assert_eq!(code, 2);
        assert_eq!(out, data("sudokupad/bad.out"), "{threads}");
        assert_eq!(err, data("sudokupad/bad.err"), "{threads}");
    }
}

/// Every case of the inputs that hold setters' rules: the f-puzzles kinds,
/// the variants of the variant format, the converter's and setters' links.
fn cases() -> Vec<(String, Case)> {
    let mut cases = Vec::new();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/fpuzzles");
    for entry in std::fs::read_dir(dir).expect("data/fpuzzles") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "json") {
            let json = std::fs::read_to_string(&path).expect("readable");
            let case = dlx_engine::__unstable::fpuzzles::parse_json(&json).expect("reads");
            cases.push((path.display().to_string(), case));
        }
    }
    let variants = format::by_name("variant").expect("the variant format");
    for name in ["hyper_50", "jigsaw_50", "killer_50", "x_50"] {
        let text = data(&format!("variants/{name}.txt"));
        let read = variants.read(Box::new(text.as_bytes()), &Options::default());
        for case in read.take(5) {
            cases.push((name.to_owned(), case.expect("reads")));
        }
    }
    for name in ["converter.txt", "setters.txt"] {
        for l in links(&format!("sudokupad/{name}")) {
            cases.push((name.to_owned(), read_link(&l, &[]).expect("reads")));
        }
    }
    cases
}

#[test]
fn every_puzzle_written_as_a_link_reads_back_as_itself() {
    let cases = cases();
    assert!(cases.len() >= 60, "{}", cases.len());
    for (name, case) in &cases {
        let solution = case.expected.as_ref();
        for kind in [Link::SudokuPad, Link::FPuzzles] {
            let written = link(kind, case, solution).unwrap_or_else(|e| panic!("{name}: {e}"));
            let back = match kind {
                Link::SudokuPad => read_link(&written, &[]),
                Link::FPuzzles => FPuzzles
                    .read(Box::new(written.as_bytes()), &Options::default())
                    .next()
                    .expect("a case")
                    .map_err(|e| e.to_string()),
            }
            .unwrap_or_else(|e| panic!("{name} {kind:?}: {e}\n{written}"));
            assert!(same_puzzle(&back, case), "{name} {kind:?}");
            if kind == Link::SudokuPad {
                assert_eq!(back.expected.as_ref(), solution, "{name}");
                assert!(back.about.is_some(), "{name}: a rules text");
            }
        }
    }
}

#[test]
fn solve_and_generate_write_links_the_same_at_any_thread_count() {
    let path = "data/sudokupad/converter.txt";
    let mut outputs = Vec::new();
    for threads in ["1", "2"] {
        let args = ["solve", "--output", "sudokupad", "--threads", threads, path];
        let (code, out, err) = run_with_stdin(&args, "");
        assert_eq!((code, err.as_str()), (0, ""));
        outputs.push(out);
    }
    assert_eq!(outputs[0], outputs[1]);
    // Read back, each link is the puzzle with its solution: solved again
    // to the same grids, and its embedded solution is that grid.
    let (code, out, _) = run_with_stdin(&["solve"], &outputs[0]);
    assert_eq!((code, out), (0, data("sudokupad/converter.out")));
    for (l, s) in outputs[0]
        .lines()
        .zip(data("sudokupad/converter.out").lines())
    {
        let case = read_link(l, &[]).expect("reads");
        assert_eq!(case.expected, Some(grid(case.grid.shape(), s)));
    }
    for output in ["sudokupad", "fpuzzles"] {
        let mut made = Vec::new();
        for threads in ["1", "2"] {
            let args = [
                "generate",
                "--count",
                "3",
                "--variant",
                "x",
                "--seed",
                "7",
                "--output",
                output,
                "--threads",
                threads,
            ];
            let (code, out, err) = run_with_stdin(&args, "");
            assert_eq!((code, err.as_str()), (0, ""), "{output}");
            made.push(out);
        }
        assert_eq!(made[0], made[1], "{output}");
        assert_eq!(made[0].lines().count(), 3);
        let (code, out, _) = run_with_stdin(&["count", "--limit", "2"], &made[0]);
        assert_eq!((code, out.as_str()), (0, "1\n1\n1\n"), "{output}");
    }
}

#[test]
fn a_puzzle_a_link_cannot_hold_is_an_error_not_another_puzzle() {
    // Pencil marks (Sukaku) have no place in a link.
    let marks = format!("1........{}", "123456789".repeat(80));
    let (code, out, err) = run_with_stdin(&["solve", "--output", "sudokupad"], &marks);
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("no link: pencil marks"), "{err}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Plain puzzles of every shape, with holes, through both links.
    #[test]
    fn plain_puzzles_go_through_links_unchanged(
        shape in crate::common::shapes(),
        seed in prop::collection::vec(0usize..1000, 16),
        holes in prop::collection::vec(any::<bool>(), 1..40),
    ) {
        let solution = planted_solution(shape, &seed);
        let case = Case::new(with_holes(&solution, &holes), 1);
        for kind in [Link::SudokuPad, Link::FPuzzles] {
            let written = link(kind, &case, Some(&solution)).map_err(TestCaseError::fail)?;
            let back = match kind {
                Link::SudokuPad => read_link(&written, &[]),
                Link::FPuzzles => read_link(&written.replace("https://www.f-puzzles.com/?load=", "fpuzzles"), &[]),
            }
            .map_err(TestCaseError::fail)?;
            prop_assert!(same_puzzle(&back, &case), "{:?}", kind);
            let embedded = back.expected.as_ref().map(Grid::cells);
            prop_assert_eq!(embedded, Some(solution.cells()));
        }
    }
}

#[test]
fn verbose_says_whether_the_embedded_solution_agrees() {
    // A blank 4x4 whose link embeds a solution, and the same with its 1s
    // and 2s swapped: both valid, so the one dlx finds differs from one.
    let (_, first, _) = run_with_stdin(&["solve"], &".".repeat(16));
    let shape = Shape::new(2, 2).expect("2x2 boxes");
    let found = grid(shape, first.trim());
    let swapped: Vec<u8> = found
        .cells()
        .iter()
        .map(|&d| [0, 2, 1, 3, 4][d as usize])
        .collect();
    let swapped = Grid::from_cells(shape, swapped).expect("a grid");
    let blank = Case::new(Grid::from_cells(shape, vec![0; 16]).expect("blank"), 1);
    for (solution, word) in [(&found, "agrees with"), (&swapped, "differs from")] {
        let written = link(Link::SudokuPad, &blank, Some(solution)).expect("a link");
        let (code, out, err) = run_with_stdin(&["solve", "-v"], &written);
        assert_eq!((code, out.as_str()), (0, first.as_str()));
        assert!(
            err.contains(&format!("line 1: the given solution {word} this one")),
            "{err}"
        );
    }
}
