//! The I/O formats end to end: every judge sample byte for byte, multi-case
//! inputs of every format (solutions checked with the independent
//! checker), round trips, conversions, the `data/sizes/` files, and the
//! message of each malformed input.

use std::fs;
use std::path::Path;

use assert_cmd::Command;
use dlx_engine::__unstable::sudoku::check_solution;
use dlx_engine::format::{self, Case, Options};
use dlx_engine::sudoku::Grid;
use dlx_engine::sudoku::check_variant;

use crate::common;

fn dlx() -> Command {
    common::bin::dlx()
}

/// Runs `dlx ARGS` on `input`: (stdout, stderr, exit code).
fn run(args: &[&str], input: &[u8]) -> (String, String, i32) {
    let out = dlx()
        .args(args)
        .write_stdin(input.to_vec())
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap(),
    )
}

/// The grids `format` reads from `bytes`, all of which must be readable.
fn read(format: &str, bytes: &[u8]) -> Vec<Case> {
    let f = format::by_name(format).unwrap();
    f.read(Box::new(bytes), &Options::default())
        .map(|c| c.unwrap_or_else(|e| panic!("{format}: {e}")))
        .collect()
}

/// Solves `input` in `format` and checks every solution, through the line
/// output, against the puzzles with the independent checker; returns how
/// many were solved.
fn check_all(format: &str, input: &[u8]) -> usize {
    let puzzles = read(format, input);
    let (out, _, _) = run(&["solve", "--format", format, "--output", "line"], input);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), puzzles.len(), "{format}: one line per case");
    let mut solved = 0;
    for (puzzle, line) in puzzles.iter().zip(lines) {
        if line.starts_with('#') {
            continue;
        }
        let solution = &read("line", line.as_bytes())[0].grid;
        match &puzzle.variant {
            Some(rules) => check_variant(rules, &puzzle.grid, solution).unwrap(),
            None => check_solution(&puzzle.grid, solution).unwrap(),
        }
        solved += 1;
    }
    solved
}

/// The format that reads a sample file: the name before `_`, digits of
/// `leetcode37` dropped.
fn format_of(stem: &str) -> &str {
    let name = stem.split('_').next().unwrap();
    if name.starts_with("leetcode") {
        "leetcode"
    } else {
        name
    }
}

/// `(stem, input, expected output)` of every `.in` with an `.out` in `dir`.
fn samples(dir: &str) -> Vec<(String, Vec<u8>, Vec<u8>)> {
    let mut found = Vec::new();
    for entry in fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join(dir)).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "in") {
            let out = path.with_extension("out");
            if out.exists() {
                let stem = path.file_stem().unwrap().to_str().unwrap().to_string();
                found.push((stem, fs::read(&path).unwrap(), fs::read(out).unwrap()));
            }
        }
    }
    found.sort();
    found
}

fn data(path: &str) -> Vec<u8> {
    fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("data")
            .join(path),
    )
    .unwrap()
}

#[test]
fn every_judge_sample_byte_for_byte_named_and_detected() {
    let all = samples("data/judges");
    assert_eq!(all.len(), 11);
    for (stem, input, expected) in all {
        let format = format_of(&stem);
        for args in [
            &["solve", "--format", format][..],
            &["solve", "--format", "auto", "--verbose"][..],
        ] {
            let (out, err, code) = run(args, &input);
            assert_eq!(out.as_bytes(), &expected[..], "{stem} {args:?}: {err}");
            // HDU 4069's sample has a case with no solution and one with
            // several.
            assert_eq!(code, i32::from(stem == "hdu4069"), "{stem}");
        }
        let (_, err, _) = run(&["solve", "--verbose"], &input);
        let detected = format!("dlx: <stdin>: format {format} (detected)\n");
        if stem == "hdu4069" {
            // Then the reasons of its two unsolved cases.
            assert!(err.starts_with(&detected), "{err}");
        } else {
            assert_eq!(err, detected);
        }
        check_all(format, &input);
    }
}

#[test]
fn yzoj_sample_also_reads_as_grid() {
    let (out, _, code) = run(
        &["solve", "--format", "grid"],
        &data("judges/yzoj_qmark.in"),
    );
    assert_eq!(out.as_bytes(), data("judges/yzoj_qmark.out"));
    assert_eq!(code, 0);
}

#[test]
fn multi_case_inputs_of_every_format() {
    let all = samples("data/formats");
    let names: Vec<&str> = all.iter().map(|(s, _, _)| format_of(s)).collect();
    for name in format::ALL.iter().map(|f| f.name()) {
        assert!(names.contains(&name), "no multi-case sample for {name}");
    }
    for (stem, input, expected) in &all {
        let format = format_of(stem);
        let (out, err, code) = run(&["solve", "--format", format], input);
        assert_eq!(out, String::from_utf8_lossy(expected), "{stem}: {err}");
        let (auto, _, _) = run(&["solve"], input);
        assert_eq!(auto, out, "{stem}: auto-detection");
        let cases = read(format, input).len();
        assert!(cases >= 2 || stem == "jisuanke", "{stem}: several cases");
        let solved = check_all(format, input);
        let unsolvable = usize::from(stem == "uva989_multi");
        assert_eq!(solved + unsolvable, cases, "{stem}");
        assert_eq!(code, if unsolvable > 0 { 1 } else { 0 }, "{stem}");
    }
}

#[test]
fn jisuanke_seed_puzzle_prints_a_checked_solution_in_the_judge_layout() {
    let input = data("formats/jisuanke.in");
    let (out, _, code) = run(&["solve", "--format", "jisuanke"], &input);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 9);
    for line in out.lines() {
        let chars: Vec<char> = line.chars().collect();
        assert_eq!(chars.len(), 17, "digits separated by one space: {line:?}");
        for (i, c) in chars.iter().enumerate() {
            assert!(if i % 2 == 0 {
                c.is_ascii_digit() && *c != '0'
            } else {
                *c == ' '
            });
        }
    }
    let puzzle = &read("jisuanke", &input)[0].grid;
    let solution = &read("jisuanke", out.as_bytes())[0].grid;
    check_solution(puzzle, solution).unwrap();
}

#[test]
fn reading_then_writing_gives_the_input_back() {
    // A solved grid solves to itself, so solving an output file in its own
    // format must print it unchanged (formats whose output is also an input).
    for (format, file) in [
        ("hdu1426", "judges/hdu1426.out"),
        ("hdu1426", "formats/hdu1426_multi.out"),
        ("jisuanke", "formats/jisuanke_multi.out"),
        ("lanqiao", "formats/lanqiao_multi.out"),
        ("yzoj", "formats/yzoj_multi.out"),
        ("poj3074", "judges/poj3074.out"),
        ("poj3076", "formats/poj3076_multi.out"),
        ("leetcode", "formats/leetcode_multi.out"),
        ("line", "formats/line_multi.out"),
        ("grid", "formats/grid_multi.out"),
        ("csv", "formats/csv_multi.out"),
    ] {
        let text = data(file);
        let (out, err, code) = run(&["solve", "--format", format], &text);
        assert_eq!(out.as_bytes(), &text[..], "{format} {file}: {err}");
        assert_eq!(code, 0);
    }
}

#[test]
fn converting_between_formats_keeps_the_grid() {
    let nine = [
        "hdu1426", "jisuanke", "lanqiao", "yzoj", "poj3074", "leetcode", "line", "grid", "csv",
    ];
    let start = data("formats/lanqiao_multi.out");
    for to in nine {
        let (there, err, code) = run(&["solve", "--format", "lanqiao", "--output", to], &start);
        assert_eq!(code, 0, "to {to}: {err}");
        let (back, err, code) = run(
            &["solve", "--format", to, "--output", "lanqiao"],
            there.as_bytes(),
        );
        assert_eq!(code, 0, "from {to}: {err}");
        assert_eq!(back.as_bytes(), &start[..], "lanqiao -> {to} -> lanqiao");
    }
    // 16x16 and 4x4 grids through the generic formats.
    for (format, file) in [
        ("poj3076", "formats/poj3076_multi.out"),
        ("hdu5547", "judges/hdu5547.in"),
    ] {
        let input = data(file);
        let direct = run(&["solve", "--format", format, "--output", "line"], &input).0;
        let via = run(&["solve", "--format", format, "--output", "grid"], &input).0;
        let again = run(
            &["solve", "--format", "grid", "--output", "line"],
            via.as_bytes(),
        )
        .0;
        assert_eq!(again, direct, "{format} through grid");
    }
}

#[test]
fn uva989_prints_the_smallest_solution_and_no_solution() {
    // The empty 4x4 grid has 288 solutions; the smallest starts 1 2 3 4.
    let (out, _, code) = run(
        &["solve", "--format", "uva989"],
        b"2\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n",
    );
    assert_eq!(out, "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n");
    assert_eq!(code, 0);
    let input = b"1\n0\n\n2\n1 1 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n";
    let (out, err, code) = run(&["solve", "--format", "uva989"], input);
    assert_eq!(out, "1\n\nNO SOLUTION\n");
    assert!(
        err.contains("line 4: no solution: row 1 has two 1s"),
        "{err}"
    );
    assert_eq!(code, 1);
}

#[test]
fn count_works_on_every_format() {
    let (out, _, code) = run(&["count"], &data("judges/hdu5547.in"));
    assert_eq!(out, "Case #1: 1\nCase #2: 1\nCase #3: 1\n");
    assert_eq!(code, 0);
    let (out, _, _) = run(&["count"], &data("formats/poj2676_multi.in"));
    assert_eq!(out, "case 1: 1\ncase 2: 1\ncase 3: 1\n");
    let (out, _, _) = run(
        &["count", "--format", "jisuanke"],
        &data("formats/jisuanke.in"),
    );
    assert_eq!(out, "case 1: 2358\n");
    let (out, _, _) = run(&["count", "--limit", "2"], &data("formats/line_multi.in"));
    assert_eq!(out, "1\n1\n1\n1\n1\n");
}

#[test]
fn lanqiao_reports_several_solutions_as_none() {
    let mut input = data("judges/lanqiao_1.in");
    input[0] = b'0';
    input[2] = b'0';
    input[3] = b'0';
    let (out, err, code) = run(&["solve", "--format", "lanqiao"], &input);
    assert_eq!(out, "");
    assert_eq!(
        err,
        "dlx: <stdin>: line 1: no solution: several solutions, which this judge counts as none\n"
    );
    assert_eq!(code, 1);
}

fn solution_of(file: &str) -> Grid {
    read("grid", &data(file)).remove(0).grid
}

#[test]
fn sizes_solve_to_the_published_solutions() {
    for size in ["4x4", "16x16", "25x25"] {
        let puzzle_file = format!("sizes/bnguyen_{size}_puzzle.txt");
        let puzzle = solution_of(&puzzle_file);
        let expected = solution_of(&format!("sizes/bnguyen_{size}_solution.txt"));
        check_solution(&puzzle, &expected).unwrap();
        for args in [&["solve", "--format", "grid"][..], &["solve"][..]] {
            let (out, err, code) = run(args, &data(&puzzle_file));
            assert_eq!(code, 0, "{size}: {err}");
            let cases = read("grid", out.as_bytes());
            assert_eq!(cases.len(), 1);
            assert_eq!(cases[0].grid, expected, "{size}");
        }
    }
}

#[test]
fn sizes_counts_and_the_false_grid() {
    let (out, _, code) = run(&["count"], &data("sizes/bnguyen_multi9x9.txt"));
    assert_eq!((out.as_str(), code), ("case 1: 2\n", 0));
    let (out, _, code) = run(
        &["count", "--format", "grid"],
        &data("sizes/jarnet_03x03-162-solutions.txt"),
    );
    assert_eq!((out.as_str(), code), ("case 1: 162\n", 0));
    let (out, err, code) = run(&["solve"], &data("sizes/bnguyen_9x9gridFalse.txt"));
    assert_eq!(code, 1);
    assert!(out.starts_with("# no solution: 8.."), "{out}");
    assert_eq!(
        err,
        "dlx: <stdin>: line 1: no solution: column 1 has two 8s (r1c1 and r6c1)\n"
    );
    // The two solutions of the multi-solution grid, each checked.
    let puzzle = solution_of("sizes/bnguyen_multi9x9.txt");
    let (out, _, _) = run(
        &["solve", "--format", "grid"],
        &data("sizes/bnguyen_multi9x9.txt"),
    );
    check_solution(&puzzle, &read("grid", out.as_bytes())[0].grid).unwrap();
}

/// `(format, input, expected stdout, expected stderr, exit code)`.
const MALFORMED: &[(&str, &str, &str, &str, i32)] = &[
    (
        "hdu1426",
        "7 1 2 ? 6 ? 3 5 8\n? 6 5 2 ? 7 1 ? 4\n? ? 8 5 1 3 6 7 2\n9 2 4 x 5 6 ? 3 7\n5 ? 6 ? ? ? 2 4 1\n1 ? 3 7 2 ? 9 ? 5\n? ? 1 9 7 5 4 8 6\n6 ? 7 8 3 ? 5 1 9\n8 5 9 ? 4 ? ? 2 3\n\n9 9 9 9 9 9 9 9 9\n",
        "",
        "dlx: <stdin>: line 4, column 7: expected a digit 1-9, '?' or space, found 'x'\ndlx: <stdin>: line 11: expected 9 rows, found the end of the input after 1\n",
        2,
    ),
    (
        "hdu1426",
        "7 1 2 ? 6 ? 3 5 8 9\n",
        "",
        "dlx: <stdin>: line 1, column 19: expected 9 cells, found more\n",
        2,
    ),
    (
        "hdu5547",
        "****\n2341\n4123\n3214\n",
        "Case #1:\n1432\n2341\n4123\n3214\n",
        "dlx: <stdin>: line 1, column 1: expected the number of cases, found '****'\n",
        2,
    ),
    (
        "hdu5547",
        "2\n\n****\n2341\n4123\n3214\n",
        "Case #1:\n1432\n2341\n4123\n3214\n",
        "dlx: <stdin>: line 7: expected 1 more case, found the end of the input\n",
        2,
    ),
    (
        "hdu5547",
        "2\n\n*5**\n****\n****\n****\n\n****\n2341\n4123\n3214\n",
        "Case #2:\n1432\n2341\n4123\n3214\n",
        "dlx: <stdin>: line 3, column 2: expected a digit 1-4 or '*', found '5'\n",
        2,
    ),
    (
        "lanqiao",
        "005300000\n80a000020\n070010500\n400005300\n010070006\n003200080\n060500009\n004000030\n000009700\n",
        "",
        "dlx: <stdin>: line 2, column 3: expected a digit 1-9 or '0', found 'a'\n",
        2,
    ),
    (
        "poj2676",
        "1\n10300050\n002109400\n000704000\n300502006\n060000050\n700803004\n000401000\n009205800\n804000107\n",
        "",
        "dlx: <stdin>: line 2: expected 9 cells, found 8\n",
        2,
    ),
    (
        "poj3074",
        ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534\nend\n",
        "",
        "dlx: <stdin>: line 1: expected 81 cells for 3x3 boxes, found 80\n",
        2,
    ),
    (
        "poj3076",
        "--a----C-----O-I\n",
        "",
        "dlx: <stdin>: line 1, column 3: expected a letter A-P or '-', found 'a'\n",
        2,
    ),
    (
        "uva989",
        "x\n1\n0\n",
        "1\n",
        "dlx: <stdin>: line 1, column 1: expected the box size n (1-8), found 'x'\n",
        2,
    ),
    (
        "uva989",
        "2\n1 0 0 0\n0 0 7 0\n0 0 0 0\n0 0 0 0\n",
        "",
        "dlx: <stdin>: line 3, column 5: expected a number 0-4 (0 or '.' empty), found '7'\n",
        2,
    ),
    (
        "leetcode",
        "[[\"5\",\"x\"]]\n",
        "",
        "dlx: <stdin>: line 1, column 8: expected a digit 1-9 or '.' in quotes, found 'x'\n",
        2,
    ),
    (
        "leetcode",
        "[[\"5\",\"3\"]]\n",
        "",
        "dlx: <stdin>: line 1, column 10: expected 9 cells in a row, found 2\n",
        2,
    ),
    (
        "grid",
        "1 2 3 4\n3 4 1\n",
        "# bad input: <stdin> line 2\n",
        "dlx: <stdin>: line 2: expected 4 cells, found 3\n",
        2,
    ),
    (
        "grid",
        "12.4\n3x..\n....\n....\n",
        "# bad input: <stdin> line 2\n",
        "dlx: <stdin>: line 2, column 2: expected a digit 1-4 or '.', '0' or '_' for empty, '?' or '*', found 'x'\n",
        2,
    ),
    (
        "csv",
        "puzzle,solution\n1...............,1234341221434312\n",
        "1000000000000000,1234341221434321\n",
        "dlx: <stdin>: line 2: the given solution is wrong: column 3 does not hold each digit once\n",
        2,
    ),
    (
        "csv",
        "1..y,\n",
        "# bad input: <stdin> line 1\n",
        "dlx: <stdin>: line 1, column 4: expected a digit 1-2 or '.', '0' or '_' for empty, found 'y'\n",
        2,
    ),
];

#[test]
fn each_malformed_input_has_its_message_and_the_rest_still_solves() {
    for (format, input, stdout, stderr, code) in MALFORMED {
        let (out, err, got) = run(&["solve", "--format", format], input.as_bytes());
        assert_eq!(
            (out.as_str(), err.as_str(), got),
            (*stdout, *stderr, *code),
            "{format}: {input:?}"
        );
    }
}

#[test]
fn auto_detection_names_the_candidates_or_asks_for_a_format() {
    let full =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("data/judges/hdu1426.out"))
            .unwrap();
    let (out, err, code) = run(&["solve"], full.as_bytes());
    assert_eq!(out, "");
    assert_eq!(
        err,
        "dlx: <stdin>: the input fits several formats (hdu1426, jisuanke); choose one with --format\n"
    );
    assert_eq!(code, 2);
    let (_, err, code) = run(&["solve"], b"hello\n");
    assert!(err.starts_with("dlx: <stdin>: cannot tell the format of the input; name it with --format (one of hdu1426, "), "{err}");
    assert_eq!(code, 2);
    let (out, _, code) = run(&["solve"], b"");
    assert_eq!((out.as_str(), code), ("", 0));
}

#[test]
fn output_format_must_hold_the_grid() {
    let (out, err, code) = run(
        &["solve", "--output", "hdu5547"],
        &data("judges/lanqiao_1.in"),
    );
    assert_eq!(out, "");
    assert_eq!(
        err,
        "dlx: <stdin>: line 1: the hdu5547 format cannot hold a 9x9 grid\n"
    );
    assert_eq!(code, 2);
}

#[test]
fn crlf_bom_trailing_spaces_and_no_final_newline_are_accepted() {
    for (stem, format) in [
        ("hdu1426", "hdu1426"),
        ("poj2676", "poj2676"),
        ("uva989", "uva989"),
        ("leetcode37", "leetcode"),
        ("poj3076_uva1309_acwing169", "poj3076"),
    ] {
        let input = String::from_utf8(data(&format!("judges/{stem}.in"))).unwrap();
        let messy = format!("\u{feff}{}", input.trim_end().replace('\n', "  \r\n"));
        for args in [&["solve", "--format", format][..], &["solve"][..]] {
            let (out, err, code) = run(args, messy.as_bytes());
            assert_eq!(
                out.as_bytes(),
                data(&format!("judges/{stem}.out")),
                "{stem} {args:?}: {err}"
            );
            assert_eq!(code, 0);
        }
    }
}

#[test]
fn the_documentation_tables_list_every_format_with_its_example() {
    for doc in ["docs/formats.md", "README.md"] {
        let text = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(doc)).unwrap();
        for f in format::ALL {
            let row = format!(
                "| `--format {}` | {} | `{}` |",
                f.name(),
                f.summary(),
                f.example()
            );
            assert!(
                text.contains(&row),
                "{doc} lacks or misstates the row of {}",
                f.name()
            );
        }
    }
}

#[test]
fn no_reader_panics_on_another_format_or_on_cut_input() {
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    for dir in ["data/judges", "data/formats", "data/sizes"] {
        for entry in fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join(dir)).unwrap() {
            let bytes = fs::read(entry.unwrap().path()).unwrap();
            for cut in [bytes.len() / 3, bytes.len() / 2 + 1] {
                inputs.push(bytes[..cut].to_vec());
            }
            inputs.push(bytes);
        }
    }
    inputs.push(b"\xff\xfe[[\"\n}{,,|\n-+-\n99999999999\n".to_vec());
    for f in format::ALL {
        for input in &inputs {
            let items = f.read(Box::new(&input[..]), &Options::default()).count();
            assert!(items <= input.len() + 1);
        }
    }
}
