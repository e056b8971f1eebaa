//! The f-puzzles reader on arbitrary bytes, four ways: as JSON text
//! (`parse_json`), as lz-string base64 (`decompress_from_base64`, then
//! the JSON it yields), as a whole input (`--format fpuzzles`), and as the
//! choices of a document built from a palette of right and wrong values
//! (`built`). No panic; every case read is a grid of its side whose rules
//! have that side, and each compiles and searches within a small node
//! budget. A built document that states a value of the wrong type or a
//! number out of any rule's range (a list key given an object, a flag of
//! `1`, a sum of `"abc"` or `4294967297`) is refused, never read as a
//! weaker puzzle.
#![no_main]

use dlx_engine::dlx::SearchLimits;
use dlx_engine::__unstable::fpuzzles::{FPuzzles, parse_json};
use dlx_engine::__unstable::lzstring::decompress_from_base64;
use dlx_engine::format::{Format, Options};
use dlx_engine::sudoku::SudokuSolver;
use dlx_engine::__unstable::sudoku::{DlxSolver, VariantInternals as _};
use libfuzzer_sys::fuzz_target;

/// Values a number may be given as: whole numbers in range for a 4x4
/// grid (as numbers and as text), then values no rule of 4x4 takes.
const NUMBERS: &[(&str, bool)] = &[
    ("1", true),
    ("2", true),
    ("\"3\"", true),
    ("4", true),
    ("4294967297", false),
    ("\"4294967296\"", false),
    ("18446744073709551617", false),
    ("-4", false),
    ("\"-4\"", false),
    ("5.5", false),
    ("\"5.5\"", false),
    ("\"abc\"", false),
    ("true", false),
    ("{}", false),
    ("[1]", false),
];

/// Values of a whole key that are not what f-puzzles writes for a list or
/// a flag; each must be refused.
const WRONG_SHAPES: &[&str] = &["{}", "\"x\"", "1", "true", "{\"lines\":[[\"R1C1\",\"R1C2\"]]}"];

/// The list keys with an entry whose numbers the bytes choose, in a form
/// that is right but for those numbers.
fn entry(key: &str, a: &str, b: &str) -> Option<String> {
    Some(match key {
        "difference" | "ratio" => format!(r#"{{"cells":["R1C1","R1C2"],"value":{a}}}"#),
        "killercage" => format!(r#"{{"cells":["R1C1","R1C2","R2C1"],"value":{a}}}"#),
        "littlekillersum" => format!(r#"{{"cell":"R0C0","direction":"DR","value":{a}}}"#),
        "sandwichsum" => format!(r#"{{"cell":"R0C2","value":{a}}}"#),
        "whispers" => format!(r#"{{"lines":[["R1C1","R1C2"]],"value":{a}}}"#),
        "quadruple" => format!(r#"{{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[{a},{b}]}}"#),
        _ => return None,
    })
}

/// A 4x4 document built from `data`, and whether it must be refused.
fn built(data: &[u8]) -> Option<(String, bool)> {
    let [kind, a, b, ..] = *data else {
        return None;
    };
    let keys = [
        "difference",
        "ratio",
        "killercage",
        "littlekillersum",
        "sandwichsum",
        "whispers",
        "quadruple",
    ];
    let flags = ["diagonal+", "diagonal-", "antiknight", "antiking", "disjointgroups", "nonconsecutive"];
    let lists = ["thermometer", "arrow", "renban", "palindrome", "xv", "extraregion"];
    let row = format!("[{}]", ["{}"; 4].join(","));
    let grid = [row.as_str(); 4].join(",");
    let (extra, refused) = match kind % 3 {
        0 => {
            let key = keys[a as usize % keys.len()];
            let (x, x_ok) = NUMBERS[b as usize % NUMBERS.len()];
            let (y, y_ok) = NUMBERS[(b / 16) as usize % NUMBERS.len()];
            let uses_y = key == "quadruple";
            let text = entry(key, x, y)?;
            (format!(r#""{key}":[{text}]"#), !x_ok || (uses_y && !y_ok))
        }
        1 => {
            let key = flags[a as usize % flags.len()];
            let values = ["true", "false", "null", "1", "0", "\"true\"", "\"\"", "[]", "{}"];
            let value = values[b as usize % values.len()];
            let ok = ["true", "false", "null"].contains(&value);
            (format!(r#""{key}":{value}"#), !ok)
        }
        _ => {
            let key = lists[a as usize % lists.len()];
            let value = WRONG_SHAPES[b as usize % WRONG_SHAPES.len()];
            (format!(r#""{key}":{value}"#), true)
        }
    };
    Some((format!(r#"{{"size":4,"grid":[{grid}],{extra}}}"#), refused))
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = parse_json(&text);
    if let Ok(json) = decompress_from_base64(text.trim()) {
        let _ = parse_json(&json);
    }
    if let Some((json, refused)) = built(data) {
        let read = parse_json(&json);
        if refused {
            assert!(read.is_err(), "read as a weaker puzzle: {json}");
        }
    }
    for case in FPuzzles
        .read(Box::new(data), &Options::default())
        .take(100)
        .flatten()
    {
        let n = case.grid.n();
        assert_eq!(case.grid.cells().len(), n * n);
        if let Some(variant) = &case.variant {
            assert_eq!(variant.n(), n);
            if n <= 9 {
                let mut solver = DlxSolver::for_variant((**variant).clone());
                let limits = SearchLimits {
                    max_solutions: 2,
                    max_nodes: 2_000,
                };
                let _ = solver.search(&case.grid, limits, None);
            }
        }
    }
});
