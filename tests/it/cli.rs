//! The `dlx solve` / `dlx count` command line, driven by files in `data/`
//! with the expected outputs next to the inputs. Every solution printed is
//! checked by `check_solution`, not by comparing with the solver.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command as Process, Stdio};

use assert_cmd::Command;
use dlx_engine::__unstable::line;
use dlx_engine::__unstable::sudoku::check_solution;
use dlx_engine::format::Alphabet;
use dlx_engine::sudoku::Grid;

use crate::common;

fn dlx() -> Command {
    common::bin::dlx()
}

fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap()
}

/// The puzzles of a line-format file, `None` for lines that do not parse.
fn puzzles(text: &str) -> Vec<Option<Grid>> {
    text.lines()
        .enumerate()
        .filter_map(|(i, l)| line::parse_line(l, i + 1, None, &Alphabet::default()))
        .map(|r| r.ok().map(|c| c.grid))
        .collect()
}

#[test]
fn solve_prints_one_checked_line_per_puzzle_and_reports_the_rest() {
    let out = dlx().args(["solve", "data/cli/mixed.txt"]).assert().code(2);
    let out = out.get_output();
    let stdout = String::from_utf8(out.stdout.clone()).unwrap();
    assert_eq!(stdout, read("data/cli/mixed.solve.out"));
    assert_eq!(
        String::from_utf8(out.stderr.clone()).unwrap(),
        read("data/cli/mixed.solve.err")
    );
    let inputs = puzzles(&read("data/cli/mixed.txt"));
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(inputs.len(), lines.len(), "one output line per puzzle");
    let mut solved = 0;
    for (puzzle, printed) in inputs.iter().zip(&lines) {
        match (puzzle, printed.starts_with('#')) {
            (Some(p), false) => {
                let s = line::parse_line(printed, 0, None, &Alphabet::default())
                    .unwrap()
                    .unwrap()
                    .grid;
                check_solution(p, &s).unwrap();
                solved += 1;
            }
            (Some(_), true) => assert!(printed.starts_with("# no solution: ")),
            (None, _) => assert!(printed.starts_with("# bad input: ")),
        }
    }
    assert_eq!(solved, 4);
}

#[test]
fn count_prints_counts_and_zero_for_clashing_givens() {
    // The naive DFS would take hours on the 16x16 puzzle: dlx only here;
    // the two solvers are compared in tests/it/solvers.rs.
    let out = dlx().args(["count", "data/cli/mixed.txt"]).assert().code(2);
    let out = out.get_output();
    assert_eq!(
        String::from_utf8(out.stdout.clone()).unwrap(),
        read("data/cli/mixed.count.out")
    );
    assert_eq!(
        String::from_utf8(out.stderr.clone()).unwrap(),
        read("data/cli/mixed.count.err")
    );
}

#[test]
fn limit_makes_a_lower_bound_and_checks_uniqueness() {
    // The 6x6 puzzle of mixed.txt has 616 solutions.
    let six = "1.....2.......3..........4..5.....6.\n";
    dlx()
        .args(["count", "--limit", "2"])
        .write_stdin(six)
        .assert()
        .success()
        .stdout("2+\n");
    dlx()
        .args(["count", "--limit", "616"])
        .write_stdin(six)
        .assert()
        .success()
        .stdout("616+\n");
    dlx()
        .args(["count", "--limit", "617"])
        .write_stdin(six)
        .assert()
        .success()
        .stdout("616\n");
}

#[test]
fn exit_codes_say_what_happened() {
    let good = read("data/collections/norvig_top95.txt");
    dlx().arg("solve").write_stdin(good).assert().code(0);
    let clash = format!("55{}\n", ".".repeat(79));
    dlx()
        .args(["solve", "-"])
        .write_stdin(clash)
        .assert()
        .code(1)
        .stderr("dlx: <stdin>: line 1: no solution: row 1 has two 5s (r1c1 and r1c2)\n");
    dlx()
        .args(["solve", "no/such/file.txt"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("no/such/file.txt"));
}

/// Solves `text` with `solver` and checks every printed solution.
fn solve_and_check(solver: &str, text: &str) -> String {
    let inputs = puzzles(text);
    let out = dlx()
        .args(["solve", "--solver", solver, "--stats"])
        .write_stdin(text.to_string())
        .assert()
        .success();
    let out = out.get_output();
    let stdout = String::from_utf8(out.stdout.clone()).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), inputs.len());
    for (p, l) in inputs.iter().zip(lines) {
        let s = line::parse_line(l, 0, None, &Alphabet::default())
            .unwrap()
            .unwrap()
            .grid;
        check_solution(p.as_ref().unwrap(), &s).unwrap();
    }
    String::from_utf8(out.stderr.clone()).unwrap()
}

#[test]
fn solve_by_both_solvers_is_checked_on_a_collection() {
    let text = read("data/collections/plb_sudoku20.txt");
    let stderr = solve_and_check("dlx", &text);
    assert!(
        stderr.starts_with("stats: 20 puzzles, 20 with a solution; "),
        "{stderr}"
    );
    // The naive DFS on the nine plb puzzles it finishes in under a million
    // placements (the others take up to 84 million: fine for a benchmark,
    // too slow for a debug-mode test).
    let quick: String = text
        .lines()
        .enumerate()
        .filter(|(i, _)| [3, 5, 6, 7, 9, 10, 11, 15, 20].contains(&(i + 1)))
        .map(|(_, l)| format!("{l}\n"))
        .collect();
    let stderr = solve_and_check("naive", &quick);
    assert!(
        stderr.starts_with("stats: 9 puzzles, 9 with a solution; "),
        "{stderr}"
    );
}

#[test]
fn box_and_alphabet_flags() {
    // 3x2 boxes (three rows, two columns): the default for 36 cells is 2x3.
    let transposed = "1.....2.......3..........4..5.....6.";
    let out = dlx()
        .args(["solve", "--box", "3x2"])
        .write_stdin(format!("{transposed}\n"))
        .assert()
        .success();
    let printed = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let shape = "3x2".parse().unwrap();
    let alpha = Alphabet::default();
    let p = line::parse_line(transposed, 0, Some(shape), &alpha)
        .unwrap()
        .unwrap()
        .grid;
    let s = line::parse_line(printed.trim_end(), 0, Some(shape), &alpha)
        .unwrap()
        .unwrap()
        .grid;
    check_solution(&p, &s).unwrap();

    // Hexadecimal digits, 0 first: the 16x16 puzzle of mixed.txt.
    let text = read("data/cli/mixed.txt");
    let sixteen = text.lines().find(|l| l.len() == 256).unwrap();
    let hex: String = sixteen
        .chars()
        .map(|c| match c {
            '.' => '.',
            c => "0123456789ABCDEF"
                .chars()
                .nth("123456789ABCDEFG".find(c).unwrap())
                .unwrap(),
        })
        .collect();
    let out = dlx()
        .args(["solve", "--alphabet", "0123456789ABCDEF"])
        .write_stdin(hex.clone())
        .assert()
        .success();
    let printed = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let hexa = "0123456789ABCDEF".parse::<Alphabet>().unwrap();
    let p = line::parse_line(&hex, 0, None, &hexa)
        .unwrap()
        .unwrap()
        .grid;
    let s = line::parse_line(printed.trim_end(), 0, None, &hexa)
        .unwrap()
        .unwrap()
        .grid;
    check_solution(&p, &s).unwrap();
    dlx()
        .args(["solve", "--box", "3by3"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("expected a box shape like 3x3"));
}

#[test]
fn help_documents_exit_codes_and_lower_bounds() {
    let out = dlx().args(["count", "--help"]).assert().success();
    let help = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(help.contains("2  some input was malformed"));
    assert!(help.contains("'N+' (a lower bound)"));
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let mut child = Process::new(common::bin::path())
        .arg("solve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        // 16 dots a line would also read as 16x16 grids: 81 cells cannot.
        let puzzle = format!("{}\n", ".".repeat(81));
        for _ in 0..100_000 {
            if stdin.write_all(puzzle.as_bytes()).is_err() {
                break;
            }
        }
    });
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    assert_eq!(first.trim_end().len(), 81);
    drop(stdout);
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

#[test]
fn a_puzzle_typed_as_an_argument_is_solved_and_a_missing_file_is_reported() {
    let puzzle =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let out = dlx().args(["solve", puzzle]).assert().code(0);
    let solved = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let grid = |t: &str| {
        line::parse_line(t, 1, None, &Alphabet::default())
            .unwrap()
            .unwrap()
            .grid
    };
    check_solution(&grid(puzzle), &grid(solved.trim_end())).unwrap();
    // Rules on the argument are kept; several arguments in order.
    let out = dlx()
        .args(["count", "--limit", "2", "................ x", puzzle])
        .assert()
        .code(0);
    assert_eq!(out.get_output().stdout, b"2+\n1\n");
    // A mistyped puzzle is no puzzle, so it is a path that does not exist.
    let out = dlx().args(["solve", &puzzle[..80]]).assert().code(2);
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(err.contains("No such file or directory"), "{err}");
}

#[test]
fn help_texts_say_what_each_command_does() {
    let help = |args: &[&str]| {
        let out = dlx().args(args).assert().code(0);
        String::from_utf8(out.get_output().stdout.clone()).unwrap()
    };
    let problem = help(&["problem", "--help"]);
    assert!(problem.contains("0  the problem was written"), "{problem}");
    assert!(!problem.contains("a solution was found"), "{problem}");
    let generate = help(&["generate", "--help"]);
    assert!(generate.contains("--difficulty"), "{generate}");
    assert!(
        generate.contains("--max-nodes or --timeout stopped it"),
        "{generate}"
    );
    let solve = help(&["solve", "--help"]);
    assert!(
        solve.contains("hdu4069") && solve.contains("csv, variant, fpuzzles ("),
        "{solve}"
    );
    assert!(
        solve.contains("3  some search was stopped by --max-nodes"),
        "{solve}"
    );
    let bench = help(&["bench", "--help"]);
    assert!(bench.contains("[default: dlx,naive]"), "{bench}");
    // One solution is one, not "1 solutions".
    let out = dlx()
        .args(["cover", "--stats"])
        .write_stdin("a\na\n")
        .assert()
        .code(0);
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(err.contains(", 1 solution, "), "{err}");
    // The man page keeps the line break before the pipe note.
    let man = help(&["man"]);
    assert!(
        !man.contains("could not be read A closed"),
        "no line break lost"
    );
}
