//! `--json` (docs/json.md): every line parses, every record has every
//! field of the schema in its order, and every field says what the
//! documentation says, on the mixed file (solvable, unsolvable and
//! malformed cases) and on the statuses it lacks (cut, multiple, a wrong
//! given solution, a header error).

use dlx_engine::__unstable::line;
use dlx_engine::__unstable::sudoku::check_solution;
use dlx_engine::format::Alphabet;
use serde_json::Value;

use crate::common;

/// The fields of a record, in the order they are written.
const FIELDS: [&str; 13] = [
    "case",
    "file",
    "line",
    "column",
    "puzzle",
    "status",
    "count",
    "count_is_lower_bound",
    "solution",
    "error",
    "nodes",
    "updates",
    "microseconds",
];

/// Runs `dlx args` on `stdin`: the records, standard error and exit code.
fn json(args: &[&str], stdin: &str) -> (Vec<Value>, String, i32) {
    let out = common::bin::dlx()
        .args(args)
        .arg("--json")
        .write_stdin(stdin)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let records = text
        .lines()
        .map(|l| {
            let keys: Vec<&str> = FIELDS.to_vec();
            // Field order as documented: each key appears once, in order.
            let mut at = 0;
            for key in &keys {
                let found = l[at..].find(&format!("\"{key}\":")).unwrap_or_else(|| {
                    panic!("{key} missing or out of order in {l}");
                });
                at += found;
            }
            let value: Value = serde_json::from_str(l).unwrap();
            assert_eq!(value.as_object().unwrap().len(), FIELDS.len(), "{l}");
            value
        })
        .collect();
    (
        records,
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap(),
    )
}

fn mixed() -> String {
    std::fs::read_to_string("data/cli/mixed.txt").unwrap()
}

fn grid(cells: &Value) -> dlx_engine::sudoku::Grid {
    line::parse_line(cells.as_str().unwrap(), 1, None, &Alphabet::default())
        .unwrap()
        .unwrap()
        .grid
}

/// Checks the fields every record of a case of `mixed.txt` shares.
fn check_common(r: &Value, case: u64, line: u64, searched: bool) {
    assert_eq!(r["case"], case, "{r}");
    assert_eq!(r["file"], "data/cli/mixed.txt");
    assert_eq!(r["line"], line);
    for field in ["nodes", "updates", "microseconds"] {
        assert_eq!(r[field].is_u64(), searched, "{field} of {r}");
        assert_eq!(r[field].is_null(), !searched, "{field} of {r}");
    }
}

#[test]
fn solve_json_on_the_mixed_file_checks_every_field() {
    let (records, err, code) = json(&["solve", "data/cli/mixed.txt"], "");
    assert_eq!(code, 2);
    assert_eq!(
        err,
        std::fs::read_to_string("data/cli/mixed.solve.err").unwrap(),
        "messages still go to standard error"
    );
    assert_eq!(records.len(), 8);
    let lines = [3, 5, 7, 9, 11, 13, 15, 17];
    let text = mixed();
    let puzzles: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split(' ').next().unwrap())
        .collect();
    for (i, r) in records.iter().enumerate() {
        let readable = ![5, 6].contains(&(i + 1));
        check_common(r, i as u64 + 1, lines[i], readable);
        // solve has no count.
        assert!(r["count"].is_null() && r["count_is_lower_bound"].is_null());
        if readable {
            assert_eq!(r["puzzle"], puzzles[i], "the puzzle as read, '.' for empty");
        } else {
            assert!(r["puzzle"].is_null());
        }
        match i + 1 {
            1 | 2 | 3 | 7 => {
                assert_eq!(r["status"], "solved");
                assert!(r["error"].is_null() && r["column"].is_null());
                check_solution(&grid(&r["puzzle"]), &grid(&r["solution"])).unwrap();
                assert!(r["nodes"].as_u64().unwrap() > 0);
            }
            4 => {
                assert_eq!(r["status"], "no_solution");
                assert!(r["solution"].is_null() && r["column"].is_null());
                assert_eq!(r["error"], "no solution: row 1 has two 5s (r1c1 and r1c2)");
                // Clashing givens are found before any search.
                assert_eq!(
                    (r["nodes"].as_u64(), r["updates"].as_u64()),
                    (Some(0), Some(0))
                );
            }
            5 => {
                assert_eq!(r["status"], "bad_input");
                assert_eq!(r["column"], 32);
                assert_eq!(
                    r["error"],
                    "expected a digit 1-9 or '.', '0' or '_' for empty, found 'x'"
                );
                assert!(r["solution"].is_null());
            }
            6 => {
                assert_eq!(r["status"], "bad_input");
                assert!(r["column"].is_null() && r["solution"].is_null());
                assert!(
                    r["error"]
                        .as_str()
                        .unwrap()
                        .starts_with("80 cells is not a Sudoku size")
                );
            }
            8 => {
                assert_eq!(r["status"], "no_solution");
                assert_eq!(r["error"], "no solution");
                assert!(r["solution"].is_null() && r["column"].is_null());
                assert!(r["nodes"].as_u64().unwrap() > 0);
            }
            _ => unreachable!(),
        }
    }
}

#[test]
fn count_json_on_the_mixed_file_checks_every_field() {
    let (records, err, code) = json(&["count", "data/cli/mixed.txt"], "");
    assert_eq!(code, 2);
    assert_eq!(
        err,
        std::fs::read_to_string("data/cli/mixed.count.err").unwrap()
    );
    let expected = [
        (3, Some(1), "unique"),
        (5, Some(616), "multiple"),
        (7, Some(1), "unique"),
        (9, Some(0), "no_solution"),
        (11, None, "bad_input"),
        (13, None, "bad_input"),
        (15, Some(1), "unique"),
        (17, Some(0), "no_solution"),
    ];
    assert_eq!(records.len(), expected.len());
    for (i, (r, (line, count, status))) in records.iter().zip(expected).enumerate() {
        check_common(r, i as u64 + 1, line, count.is_some());
        assert_eq!(r["status"], status, "{r}");
        assert_eq!(r["count"].as_u64(), count, "{r}");
        // No limit: every count is exact.
        assert_eq!(r["count_is_lower_bound"].as_bool(), count.map(|_| false));
        // count prints no solution.
        assert!(r["solution"].is_null());
        assert_eq!(r["puzzle"].is_null(), count.is_none());
        let error = r["error"].as_str();
        match i + 1 {
            4 => assert_eq!(error, Some("no solution: row 1 has two 5s (r1c1 and r1c2)")),
            5 | 6 => assert!(error.is_some()),
            // A count of 0 from a full search is no error: standard error
            // says nothing about it.
            _ => assert_eq!(error, None, "{r}"),
        }
    }
}

const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const SIX: &str = "1.....2.......3..........4..5.....6.";

#[test]
fn limits_give_lower_bounds_and_the_cut_status() {
    let input = format!("{PUZZLE}\n{SIX}\n");
    let (r, _, code) = json(&["count", "--limit", "2"], &input);
    assert_eq!(code, 0);
    assert_eq!(
        (&r[0]["status"], &r[0]["count"]),
        (&"unique".into(), &1.into())
    );
    assert_eq!(r[0]["count_is_lower_bound"], false);
    assert_eq!(
        (&r[1]["status"], &r[1]["count"]),
        (&"multiple".into(), &2.into())
    );
    assert_eq!(r[1]["count_is_lower_bound"], true);

    // --limit 1: a solution exists, uniqueness unknown.
    let (r, _, _) = json(&["count", "--limit", "1"], &input);
    assert_eq!(r[0]["status"], "solved");
    assert_eq!(r[0]["count_is_lower_bound"], true);

    // Knuth's tree (the default propagation settles the 9x9 puzzle at
    // its root): the 9x9 count was cut before any solution (exit 3:
    // unsettled), the 6x6 one after some.
    let (r, err, code) = json(
        &["count", "--max-nodes", "100", "--propagate", "off"],
        &input,
    );
    assert_eq!(code, 3);
    assert_eq!(r[0]["count"], 0);
    assert!(r[1]["count"].as_u64().unwrap() > 0);
    for r in &r {
        assert_eq!(r["status"], "cut");
        assert_eq!(r["count_is_lower_bound"], true);
        assert!(r["nodes"].as_u64().unwrap() <= 101);
        assert!(r["error"].as_str().unwrap().contains("--max-nodes"));
    }
    assert_eq!(err.lines().count(), 2);

    let (r, _, code) = json(
        &["solve", "--max-nodes", "10", "--propagate", "off"],
        &input,
    );
    assert_eq!(code, 3);
    assert_eq!(r[0]["status"], "cut");
    assert_eq!(
        r[0]["error"],
        "no solution found within 10 search nodes (--max-nodes)"
    );
    assert!(r[0]["solution"].is_null());
}

#[test]
fn a_wrong_given_solution_is_bad_input_with_the_right_solution() {
    let input = "puzzle,solution\n\
        070000043040009610800634900094052000358460020000800530080070091902100005007040802,\
        679518243543729618821634957794352186358461729216897534485276391962183475137945863\n";
    let (r, err, code) = json(&["solve"], input);
    assert_eq!(code, 2);
    assert_eq!(r.len(), 1);
    assert_eq!(r[0]["status"], "bad_input");
    let error = r[0]["error"].as_str().unwrap();
    assert!(
        error.starts_with("the given solution is wrong: "),
        "{error}"
    );
    assert!(err.contains(error));
    check_solution(&grid(&r[0]["puzzle"]), &grid(&r[0]["solution"])).unwrap();
    assert!(r[0]["nodes"].is_u64());
}

#[test]
fn a_header_error_is_a_message_not_a_record() {
    // An hdu5547 input whose count line is no number: standard error says
    // so, and the cases still get their records, numbered from 1.
    let input =
        std::fs::read_to_string("tests/data/bad/case_count_not_a_number_hdu5547.in").unwrap();
    let (r, err, code) = json(&["solve", "--format", "hdu5547"], &input);
    assert_eq!(code, 2);
    assert!(err.contains("expected the number of cases"));
    assert!(!r.is_empty());
    for (i, r) in r.iter().enumerate() {
        assert_eq!(r["case"], i as u64 + 1);
        assert_eq!(r["file"], "<stdin>");
    }
}

#[test]
fn the_documented_example_is_what_dlx_prints() {
    // docs/json.md shows `dlx count --json --limit 2` on two puzzles; the
    // example must stay true (microseconds aside).
    let doc = std::fs::read_to_string("docs/json.md").unwrap();
    let example: Vec<&str> = doc
        .split("```json\n")
        .nth(1)
        .unwrap()
        .split("```")
        .next()
        .unwrap()
        .lines()
        .collect();
    let input = format!("{PUZZLE}\n55{}\n{}\n{SIX}\n", &PUZZLE[2..], &PUZZLE[1..]);
    let (records, _, _) = json(&["count", "--limit", "2"], &input);
    assert_eq!(records.len(), example.len());
    for (got, want) in records.iter().zip(example) {
        let mut want: Value = serde_json::from_str(want).unwrap();
        let mut got = got.clone();
        for v in [&mut want, &mut got] {
            v.as_object_mut().unwrap().remove("microseconds");
        }
        assert_eq!(got, want);
    }
}

#[test]
fn a_grid_the_alphabet_cannot_write_is_bad_input_without_a_puzzle() {
    let input =
        std::fs::read_to_string("tests/data/bad/alphabet_too_short_for_the_output.in").unwrap();
    for task in ["solve", "count"] {
        let args = [task, "--format", "poj3076", "--alphabet", "0123456789"];
        let (r, err, code) = json(&args, &input);
        assert_eq!(code, 2);
        assert_eq!(err.lines().count(), r.len());
        for r in &r {
            assert_eq!(r["status"], "bad_input");
            assert!(r["puzzle"].is_null() && r["solution"].is_null() && r["count"].is_null());
            assert!(
                r["error"]
                    .as_str()
                    .unwrap()
                    .contains("no symbols for 16 digits")
            );
        }
    }
}
