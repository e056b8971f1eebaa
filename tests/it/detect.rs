//! Auto-detection of ordinary puzzle files (the `line`/`grid` tie-break of
//! `src/format/line_or_grid.rs`): files of 4x4, 6x6, 8x8 and 16x16
//! puzzles one a line, of every length around the sizes where a line is
//! also a grid row, are `line`; 16x16 grids, alone or several, and 4x4
//! grids are `grid`; an input that reads as well both ways is refused.
//! `--verbose` names the detected format, and every solution printed is
//! checked against its puzzle with `check_solution`.
//!
//! The puzzles are made here from solved grids built without a solver
//! (`generate::solved_grid`), with holes at seeded places, or carved to
//! minimal puzzles (few givens, the hardest case for detection); the files
//! of `tests/data/detect/` are minimal puzzles with their expected output.

use crate::common;

use std::fs;

use assert_cmd::Command;
use dlx_engine::__unstable::sudoku::check_solution;
use dlx_engine::__unstable::sudoku::{NaiveSolver, Rng, minimal_puzzle, solved_grid};
use dlx_engine::format::{self, Case, Options};
use dlx_engine::sudoku::{Grid, Shape};

fn dlx() -> Command {
    common::bin::dlx()
}

/// Runs `dlx args` on `input`: (stdout, stderr, exit code).
fn run(args: &[&str], input: &str) -> (String, String, i32) {
    let out = dlx()
        .args(args)
        .write_stdin(input.as_bytes().to_vec())
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap(),
    )
}

/// The cases `format` reads from `text`, all of which must be readable.
fn read(format: &str, text: &str) -> Vec<Case> {
    format::by_name(format)
        .unwrap()
        .read(Box::new(text.as_bytes()), &Options::default())
        .map(|c| c.unwrap_or_else(|e| panic!("{format}: {e}")))
        .collect()
}

/// The box shape of side `n` that the line and grid formats infer.
fn shape(n: usize) -> Shape {
    Shape::for_side(n).unwrap()
}

/// `count` puzzles of side `n`: seeded solved grids with about half their
/// cells blanked.
fn holed(n: usize, count: usize, seed: u64) -> Vec<Grid> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| {
            let solution = solved_grid(shape(n), |k| rng.below(k));
            let holes: Vec<bool> = (0..n * n).map(|_| rng.below(100) < 55).collect();
            common::with_holes(&solution, &holes)
        })
        .collect()
}

/// `count` minimal puzzles of side `n` (no given can go): 4 to 6 givens
/// for 4x4, about 10 for 6x6.
fn minimal(n: usize, count: usize, seed: u64) -> Vec<Grid> {
    let mut rng = Rng::new(seed);
    let mut solver = NaiveSolver::new();
    (0..count)
        .map(|_| {
            let solution = solved_grid(shape(n), |k| rng.below(k));
            let order = rng.permutation(n * n);
            minimal_puzzle(&mut solver, &solution, &order)
        })
        .collect()
}

/// The puzzles as a line-format file.
fn lines(puzzles: &[Grid]) -> String {
    let alphabet = format::Alphabet::default();
    puzzles
        .iter()
        .map(|p| alphabet.write_line(p) + "\n")
        .collect()
}

/// A puzzle as `n` rows of symbols (`1`-`9`, `A`-`Z`, `.` empty).
fn rows(puzzle: &Grid) -> String {
    let alphabet = format::Alphabet::default();
    let line = alphabet.write_line(puzzle);
    let chars: Vec<char> = line.chars().collect();
    chars
        .chunks(puzzle.n())
        .map(|r| r.iter().collect::<String>() + "\n")
        .collect()
}

/// Solves `input` with auto-detection and checks that `format` was
/// detected, that every case of it was solved, and each solution with the
/// independent checker; returns the output.
fn solves_as(format: &str, input: &str, what: &str) -> String {
    let (out, err, code) = run(&["solve", "--verbose"], input);
    assert_eq!(
        err,
        format!("dlx: <stdin>: format {format} (detected)\n"),
        "{what}"
    );
    assert_eq!(code, 0, "{what}: every puzzle solved");
    let puzzles = read(format, input);
    let solutions = read(format, &out);
    assert_eq!(
        puzzles.len(),
        solutions.len(),
        "{what}: one solution a case"
    );
    for (p, s) in puzzles.iter().zip(&solutions) {
        check_solution(&p.grid, &s.grid).unwrap_or_else(|e| panic!("{what}: {e}"));
    }
    out
}

/// 1, n-1, n, n+1 and 100 puzzles a file, and one fewer, as many and one
/// more than a grid of their line's cell count has rows (while that grid
/// is no larger than 64x64).
fn counts(n: usize) -> Vec<usize> {
    let mut counts = vec![1, n - 1, n, n + 1, 100];
    if n * n <= 64 {
        counts.extend([n * n - 1, n * n, n * n + 1]);
    }
    counts
}

#[test]
fn files_of_one_puzzle_a_line_are_line_whatever_their_length() {
    for n in [4, 6, 8, 16] {
        for count in counts(n) {
            let puzzles = holed(n, count, (n * 1000 + count) as u64);
            let what = format!("{count} puzzles of {n}x{n}");
            let out = solves_as("line", &lines(&puzzles), &what);
            assert_eq!(out.lines().count(), count, "{what}");
        }
    }
}

#[test]
fn minimal_puzzles_one_a_line_are_line() {
    // Few givens make a stack of lines least unlike a grid.
    for n in [4, 6] {
        for count in counts(n) {
            let puzzles = minimal(n, count, (n * 7 + count) as u64);
            solves_as(
                "line",
                &lines(&puzzles),
                &format!("{count} minimal {n}x{n}"),
            );
        }
    }
}

#[test]
fn longer_than_the_peek_is_still_line() {
    // 1000 lines: the 400 lines detection peeks at are not the whole file.
    let puzzles = holed(4, 1000, 99);
    let out = solves_as("line", &lines(&puzzles), "1000 puzzles of 4x4");
    assert_eq!(out.lines().count(), 1000);
}

#[test]
fn comments_and_blank_lines_in_a_line_file_do_not_make_it_a_grid() {
    let puzzles = minimal(4, 40, 5);
    let mut text = String::from("# forty 4x4 puzzles\n\n");
    for (i, chunk) in lines(&puzzles)
        .lines()
        .collect::<Vec<_>>()
        .chunks(10)
        .enumerate()
    {
        text += &format!("# set {}\n{}\n\n", i + 1, chunk.join("\n"));
    }
    solves_as("line", &text, "commented line file");
}

#[test]
fn sixteen_by_sixteen_grids_alone_or_several_are_grid() {
    let puzzles = holed(16, 3, 16);
    solves_as("grid", &rows(&puzzles[0]), "one 16x16 grid");
    let several: Vec<String> = puzzles.iter().map(rows).collect();
    let out = solves_as("grid", &several.join("\n"), "three 16x16 grids");
    assert_eq!(out.split("\n\n").count(), 3);
    // As the grid writer spells them: numbers separated by spaces.
    let numbers =
        format::by_name("grid")
            .unwrap()
            .solution(1, &puzzles[0], &puzzles[0], &Options::default());
    solves_as("grid", &numbers, "a 16x16 grid of numbers");
}

/// A solved 16x16 grid with only its digits 1-4 kept.
fn low_digits_of_a_16x16() -> Grid {
    let solution = solved_grid(shape(16), |k| k / 2);
    let cells: Vec<u8> = solution
        .cells()
        .iter()
        .map(|&d| if d <= 4 { d } else { 0 })
        .collect();
    Grid::from_cells(shape(16), cells).unwrap()
}

#[test]
fn a_sparse_grid_with_only_low_digits_is_grid_by_its_layout() {
    // Only the givens 1-4 of a 16x16 solution: every row is also a
    // clash-free 4x4 puzzle, so only the layout tells: 16 rows, then a
    // blank line or the end.
    let sparse = low_digits_of_a_16x16();
    for r in 0..16 {
        let row = &sparse.cells()[r * 16..r * 16 + 16];
        assert!(row.iter().all(|&d| d <= 4), "a row is a 4x4 puzzle");
    }
    solves_as("grid", &rows(&sparse), "one sparse 16x16 grid");
    let two = format!("{}\n{}", rows(&sparse), rows(&sparse));
    solves_as("grid", &two, "two sparse 16x16 grids");
}

#[test]
fn a_real_tie_is_refused_with_what_is_ambiguous() {
    // The same sparse grid with a blank line between its bands of four
    // rows: four 4x4 puzzles a band, or one grid; neither reading nor the
    // layout decides.
    let sparse = rows(&low_digits_of_a_16x16());
    let bands: Vec<&str> = sparse.lines().collect();
    let text: String = bands.chunks(4).map(|b| b.join("\n") + "\n\n").collect();
    let (out, err, code) = run(&["solve"], &text);
    assert_eq!(out, "");
    assert_eq!(
        err,
        "dlx: <stdin>: the input fits several formats (line, grid): each line reads as well as a puzzle of 16 cells as it does as a row of a 16x16 grid; choose one with --format\n"
    );
    assert_eq!(code, 2);
    // Naming the format settles it either way.
    let (_, _, code) = run(&["solve", "--format", "grid"], &text);
    assert_eq!(code, 0);
}

#[test]
fn four_by_four_grids_are_grid() {
    let puzzles = holed(4, 3, 4);
    solves_as("grid", &rows(&puzzles[0]), "one 4x4 grid");
    let several: Vec<String> = puzzles.iter().map(rows).collect();
    solves_as("grid", &several.join("\n"), "three 4x4 grids");
    let spaced = fs::read_to_string("data/sizes/bnguyen_4x4_puzzle.txt").unwrap();
    solves_as("grid", &spaced, "bnguyen_4x4_puzzle.txt");
}

#[test]
fn committed_line_files_at_the_grid_sizes_give_their_expected_output() {
    // Sixteen minimal 4x4 puzzles and thirty-six 6x6 ones: exactly as many
    // lines as a 16x16 (36x36) grid has rows. Unique puzzles, so the
    // expected output is the only right one.
    for name in ["fours_16", "sixes_36"] {
        let dir = "tests/data/detect";
        let input = fs::read_to_string(format!("{dir}/{name}.in")).unwrap();
        let expected = fs::read_to_string(format!("{dir}/{name}.out")).unwrap();
        assert_eq!(solves_as("line", &input, name), expected, "{name}");
    }
}

#[test]
fn lines_of_64_729_and_4096_symbols_are_puzzles_unless_every_cell_has_marks_in_place() {
    // Blank 8x8 and 27x27 puzzles: each has solutions (it was taken for
    // Sukaku, a cell without marks, and answered "no solution").
    for len in [64, 729] {
        let blank = format!("{}\n", ".".repeat(len));
        let (out, err, code) = run(&["count", "--limit", "2", "-v"], &blank);
        assert_eq!((out.as_str(), code), ("2+\n", 0), "{len}: {err}");
        assert!(err.contains("format line"), "{len}: {err}");
        let (out, _, code) = run(&["solve"], &blank);
        assert_eq!(code, 0, "{len}");
        let n = (len as f64).sqrt() as usize;
        let solution = read("line", &out).remove(0).grid;
        let puzzle = Grid::empty(shape(n));
        check_solution(&puzzle, &solution).expect("a solution of the blank grid");
    }
    // The blank 64x64 is detected as a 64x64 puzzle too (its search is
    // not run here): the picture is a 64x64 grid, not 16x16 marks.
    let blank = format!("{}\n", ".".repeat(4096));
    let detected = format::detect(Box::new(blank.as_bytes())).unwrap();
    assert_eq!(detected.map(|(f, _)| f.name()), Some("line"));
    // Every digit open in every cell of a 4x4: pencil marks, 288
    // solutions; a file of mostly 8x8 puzzles stays line.
    let full = format!("{}\n", "1234".repeat(16));
    let (out, err, code) = run(&["count", "-v"], &full);
    assert_eq!((out.as_str(), code), ("288\n", 0), "{err}");
    assert!(err.contains("format sukaku"), "{err}");
    // The other lines decide a file: most of them are puzzles.
    let blank = ".".repeat(64);
    let mixed = format!("{blank}\n{}\n{blank}\n", "1234".repeat(16));
    let (_, err, _) = run(&["count", "--limit", "2", "-v"], &mixed);
    assert!(err.contains("format line"), "{err}");
}
