//! The `sudoku` crate's side of the whole-process comparison: reads a file
//! of 9x9 puzzles one a line, as `dlx count --limit 2` does, counts each
//! puzzle's solutions up to 2 with the `sudoku` crate, and prints what
//! `dlx count --limit 2` prints (`0`, `1` or `2+`), so the two outputs can
//! be compared byte for byte and timed as whole processes:
//!
//! ```text
//! cargo build --release -p dlx-benches --example peer_count
//! time target/release/examples/peer_count data/bench/17_clue.txt > a
//! time target/release/dlx count --limit 2 data/bench/17_clue.txt > b
//! cmp a b
//! ```
//!
//! Both sides read the file with a buffered reader and skip blank and `#`
//! lines; the `sudoku` crate parses its own line (its first 81 characters,
//! `.` or `0` for an empty cell).

use std::io::{BufRead, BufWriter, Write};

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: peer_count FILE");
        std::process::exit(2);
    };
    let file = std::fs::File::open(&path).unwrap_or_else(|e| {
        eprintln!("peer_count: {path}: {e}");
        std::process::exit(2);
    });
    let out = std::io::stdout();
    let mut out = BufWriter::new(out.lock());
    for (number, line) in std::io::BufReader::new(file).lines().enumerate() {
        let line = line.unwrap_or_else(|e| {
            eprintln!("peer_count: {path}: {e}");
            std::process::exit(2);
        });
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let cells: String = text.chars().take(81).collect();
        let puzzle = sudoku::Sudoku::from_str_line(&cells).unwrap_or_else(|e| {
            eprintln!("peer_count: {path}: line {}: {e:?}", number + 1);
            std::process::exit(2);
        });
        let count = match puzzle.solutions_count_up_to(2) {
            0 => "0",
            1 => "1",
            _ => "2+",
        };
        writeln!(out, "{count}").expect("stdout is writable");
    }
}
