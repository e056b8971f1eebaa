//! Files that mix plain puzzles and puzzles with variant rules, in every
//! order and under every `--format` that reads lines (`auto`, `line`,
//! `variant`): no rule written on a line is ever dropped. Each printed
//! solution is checked by `verify::check_variant` under the rules of its
//! own input line, read here by the variant reader directly (not through
//! the detection the command does); a line whose rules cannot be read is
//! reported, and the other lines are still solved.

use dlx_engine::__unstable::variant;
use dlx_engine::format::Alphabet;
use dlx_engine::sudoku::check_variant;
use dlx_engine::sudoku::{Grid, Variant};

use crate::common::runs::dlx;

/// Plain puzzles: the first lines of a collection.
fn plain_lines(k: usize) -> Vec<String> {
    std::fs::read_to_string("data/collections/norvig_top95.txt")
        .unwrap()
        .lines()
        .take(k)
        .map(str::to_owned)
        .collect()
}

/// Puzzles with rules: a few of each bundled variant set, a 4x4 X, and a
/// 6x6 in 3x2 boxes (which its cells alone would read as 2x3).
fn variant_lines() -> Vec<String> {
    let mut lines = Vec::new();
    for set in ["x", "hyper", "jigsaw", "killer"] {
        let text = std::fs::read_to_string(format!("data/variants/{set}_50.txt")).unwrap();
        lines.extend(text.lines().take(2).map(str::to_owned));
    }
    lines.push("................ x".into());
    lines.push(".4...6..4.2.1.36..23..416.....45.3.. box=3x2".into());
    lines
}

/// The rules and givens of one input line, as the variant reader reads it.
fn rules_of(line: &str) -> (Grid, Variant) {
    let case = variant::parse(line, 1, None, &Alphabet::default())
        .expect("a puzzle line")
        .expect("rules that read");
    let rules = case
        .variant
        .as_deref()
        .cloned()
        .unwrap_or_else(|| Variant::plain(case.grid.shape()));
    (case.grid, rules)
}

/// Solves `lines` with `dlx solve --format FORMAT`; its exit code, output
/// lines and standard error.
fn solve(lines: &[String], format: &str) -> (i32, Vec<String>, String) {
    let input = lines.join("\n") + "\n";
    let out = dlx()
        .args(["solve", "--format", format])
        .write_stdin(input)
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    (
        out.status.code().unwrap(),
        stdout.lines().map(str::to_owned).collect(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Checks every output line against its input line's own rules.
fn check_all(input: &[String], output: &[String], what: &str) {
    assert_eq!(output.len(), input.len(), "{what}: one line per puzzle");
    for (i, (line, solved)) in input.iter().zip(output).enumerate() {
        let (puzzle, rules) = rules_of(line);
        let solution = dlx_engine::__unstable::line::parse_line(
            solved,
            1,
            Some(puzzle.shape()),
            &Alphabet::default(),
        )
        .unwrap_or_else(|| panic!("{what}: line {}: no solution printed", i + 1))
        .unwrap_or_else(|e| panic!("{what}: line {}: {e}: {solved}", i + 1))
        .grid;
        check_variant(&rules, &puzzle, &solution).unwrap_or_else(|e| {
            panic!(
                "{what}: line {} ({}) breaks its rules: {e}\n{solved}",
                i + 1,
                rules.name()
            )
        });
    }
}

#[test]
fn every_order_of_plain_and_variant_lines_keeps_each_lines_rules() {
    let plain = plain_lines(25);
    let rules = variant_lines();
    // The case first: many plain lines, then one with rules, so
    // that the head of the file is all plain.
    let mut orders: Vec<(&str, Vec<String>)> = vec![
        (
            "plain then variant",
            [plain.clone(), rules.clone()].concat(),
        ),
        (
            "variant then plain",
            [rules.clone(), plain.clone()].concat(),
        ),
    ];
    let mut interleaved = Vec::new();
    for (k, p) in plain.iter().enumerate() {
        interleaved.push(p.clone());
        if let Some(r) = rules.get(k) {
            interleaved.push(r.clone());
        }
    }
    orders.push(("interleaved", interleaved));
    // Each variant line alone at the end of 25 plain lines.
    for r in &rules {
        let mut lines = plain.clone();
        lines.push(r.clone());
        orders.push(("one variant line last", lines));
    }
    for (what, lines) in &orders {
        for format in ["auto", "line", "variant"] {
            let (code, output, err) = solve(lines, format);
            let what = format!("{what}, --format {format}");
            assert_eq!(code, 0, "{what}: {err}");
            check_all(lines, &output, &what);
        }
    }
}

#[test]
fn the_reported_case_is_solved_as_x_sudoku() {
    // 25 plain 4x4 lines, then a blank 4x4 X-Sudoku: the head reads as
    // `line`, and the last line's `x` must still hold.
    let mut lines = vec!["21...4...23...12".to_owned(); 25];
    lines.push("................ x".into());
    let (code, output, err) = solve(&lines, "auto");
    assert_eq!(code, 0, "{err}");
    check_all(&lines, &output, "25 plain lines then x");
    let last = output.last().unwrap();
    let diagonal: Vec<char> = (0..4).map(|i| last.as_bytes()[i * 5] as char).collect();
    let mut sorted = diagonal.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, ['1', '2', '3', '4'], "main diagonal {diagonal:?}");
}

#[test]
fn a_rule_beside_a_comment_is_refused_not_dropped_and_the_rest_is_solved() {
    let mut lines = plain_lines(25);
    // `x` is a field, `remark` is not: the line reader cannot tell a rule
    // from a comment here, so it reports the line.
    let bad = format!("{} x remark", ".".repeat(81));
    lines.insert(3, bad);
    for format in ["auto", "line"] {
        let (code, output, err) = solve(&lines, format);
        assert_eq!(
            code, 2,
            "--format {format}: a bad line counts in the exit code"
        );
        assert!(
            err.contains("line 4, column 85: expected a field"),
            "--format {format}: {err}"
        );
        assert_eq!(output[3], "# bad input: <stdin> line 4");
        let good: Vec<String> = lines
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != 3)
            .map(|(_, l)| l.clone())
            .collect();
        let solved: Vec<String> = output
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != 3)
            .map(|(_, l)| l.clone())
            .collect();
        check_all(&good, &solved, &format!("--format {format}"));
    }
    // A comment that is no field stays a comment for the line format.
    let mut lines = plain_lines(3);
    lines[1].push_str(" a remark # x");
    let (code, output, err) = solve(&lines, "line");
    assert_eq!(code, 0, "{err}");
    check_all(&plain_lines(3), &output, "comment after the cells");
}

#[test]
fn box_field_and_box_flag_must_agree() {
    let line = ".4...6..4.2.1.36..23..416.....45.3.. box=3x2".to_owned();
    let out = dlx()
        .args(["solve", "--box", "2x3"])
        .write_stdin(line.clone() + "\n")
        .assert()
        .code(2);
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(
        err.contains("line 1, column 42: box=3x2 contradicts the box shape 2x3 given with --box"),
        "{err}"
    );
    let out = dlx()
        .args(["solve", "--box", "3x2"])
        .write_stdin(line.clone() + "\n")
        .assert()
        .code(0);
    let printed = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    check_all(
        &[line],
        &[printed.trim_end().to_owned()],
        "--box 3x2 with box=3x2",
    );
}
