//! SudokuPad links (sudokupad.app), one a line: `scl…` and `ctc…`
//! (SudokuPad's own puzzle JSON, lz-string base64 of its zipped text,
//! [`zip`]), `fpuzzles…` and `fpuz…` (an f-puzzles document, read by the
//! f-puzzles reader), and `scf…` (a compact classic grid), with or without
//! the host (`https://sudokupad.app/`, `…/sudoku/`,
//! `app.crackingthecryptic.com/`), as `?puzzleid=…`, %-encoded, with
//! trailing `?setting-…` parameters. SudokuPad's drawings become rules as
//! [`drawings`] reads them, with what the rules text and `--rule` say
//! ([`words`]). The format is written down in docs/formats.md.
//!
//! Invariants: every line ends in a case or an error that names the line
//! and the problem (a short link that needs the network, a payload that
//! is not lz-string base64, zipped text that does not parse, a drawing
//! with no rule, a rule only in words); a link's embedded solution is the
//! case's `expected` grid (checked by the checker, never taken as the
//! answer); its title, author and rules text are the case's [`About`].
//!
//! Writing: the answer as the line format writes it; `--output sudokupad`
//! links are written by [`mod@write`].

use std::io::BufRead;
use std::sync::Arc;

use serde_json::Value;

use super::lzstring::decompress_from_base64;
use super::text::Lines;
use super::{
    About, Case, Cases, Detect, Fit, Format, Head, InputError, InputErrorKind, Options, fpuzzles,
    plain,
};
use crate::sudoku::{Grid, Shape};

pub mod drawings;
mod drawn;
mod geometry;
pub(crate) mod words;
pub mod write;
pub mod zip;

pub use words::rule_names;

/// The SudokuPad format.
pub struct SudokuPad;

/// The prefixes of a payload, longest first, and what each holds.
const PREFIXES: &[(&str, Kind)] = &[
    ("fpuzzles", Kind::FPuzzles),
    ("fpuz", Kind::FPuzzles),
    ("scl", Kind::Scl),
    ("ctc", Kind::Scl),
    ("scf", Kind::Scf),
];

/// What a payload holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Scl,
    FPuzzles,
    Scf,
}

impl Format for SudokuPad {
    fn name(&self) -> &'static str {
        "sudokupad"
    }
    fn summary(&self) -> &'static str {
        "SudokuPad links, one a line: scl/ctc (its zipped puzzle JSON), fpuzzles/fpuz, scf; with or without the host, as ?puzzleid=, %-encoded"
    }
    fn example(&self) -> &'static str {
        "https://sudokupad.app/sclN4Ig...  (or fpuzzlesN4Ig..., scf...)"
    }
    fn read<'a>(&self, input: Box<dyn BufRead + 'a>, opts: &Options) -> Cases<'a> {
        let rules = opts.rules.clone();
        Box::new(Reader {
            lines: Lines::new(input),
            rules,
        })
    }
    plain::line_answers!();
    fn writes_links(&self) -> bool {
        true
    }
    fn link(&self, case: &Case, solution: Option<&Grid>) -> Result<String, String> {
        write::link(write::Link::SudokuPad, case, solution)
    }
}

impl Detect for SudokuPad {
    fn detect(&self, head: &Head) -> Fit {
        let mut content = head.content().filter(|l| !l.trim_start().starts_with('#'));
        match content.next() {
            Some(first) if is_link(first.trim()) => Fit::Specific,
            _ => Fit::No,
        }
    }
}

/// Whether a line is a SudokuPad link or payload.
fn is_link(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    let hosted = [
        "sudokupad.app/",
        "crackingthecryptic.com/",
        "sudokupad.svencodes.com/",
    ]
    .iter()
    .any(|h| lower.contains(h));
    hosted
        || lower.contains("puzzleid=")
        || PREFIXES
            .iter()
            .any(|(p, _)| lower.starts_with(p) && line.len() > p.len() + 8)
}

/// Reads one link a line.
struct Reader<R> {
    lines: Lines<R>,
    rules: Vec<String>,
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<Case, InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        let (line, text) = match self.lines.next_uncommented()? {
            Ok(l) => l,
            Err(e) => return Some(Err(e)),
        };
        let read = read_link(text.trim(), &self.rules).map_err(|message| InputError {
            kind: InputErrorKind::Document,
            header: false,
            line,
            column: None,
            message,
        });
        Some(read.map(|mut case| {
            case.line = line;
            case
        }))
    }
}

/// One link (or bare payload) as a case (line 0: the caller sets it);
/// `rules` is what `--rule` says.
pub fn read_link(link: &str, rules: &[String]) -> Result<Case, String> {
    let (kind, payload) = payload_of(link)?;
    match kind {
        Kind::FPuzzles => read_fpuzzles(&decompressed(&payload)?, rules),
        Kind::Scl => {
            let text = match decompress_from_base64(&payload) {
                // As SudokuPad: text that does not decompress to at least
                // half its length was never compressed.
                Ok(t) if t.len() * 2 >= payload.len() => t,
                _ if payload.trim_start().starts_with('{') => payload.clone(),
                Ok(_) | Err(_) => {
                    return Err(
                        "the scl payload is not lz-string base64 (a truncated or altered link?)"
                            .into(),
                    );
                }
            };
            let puzzle = zip::unzip(&text)?;
            read_puzzle(&puzzle, rules)
        }
        Kind::Scf => read_scf(&payload),
    }
}

/// A SudokuPad puzzle's JSON as a case.
pub(crate) fn read_puzzle(puzzle: &Value, rules: &[String]) -> Result<Case, String> {
    let (doc, meta) = drawings::to_fpuzzles(puzzle, rules)?;
    let case = fpuzzles::parse_json(&doc.to_string())?;
    Ok(with_meta(case, meta))
}

/// An f-puzzles document inside a SudokuPad link, its rules text read as
/// a SudokuPad puzzle's is (a rule only in words, decorations the text
/// gives a meaning, stop it).
fn read_fpuzzles(json: &str, rules: &[String]) -> Result<Case, String> {
    let inside = |e: String| format!("the f-puzzles puzzle inside: {e}");
    let doc: Value = serde_json::from_str(json).map_err(|e| inside(e.to_string()))?;
    let text = |key: &str| doc.get(key).and_then(Value::as_str).map(str::to_owned);
    let solution = match doc.get("solution") {
        Some(Value::Array(cells)) => Some(
            cells
                .iter()
                .map(|c| match c {
                    Value::Number(x) => x.to_string(),
                    Value::String(s) => s.clone(),
                    _ => "?".into(),
                })
                .collect::<String>(),
        ),
        Some(Value::String(s)) => Some(s.replace(',', "")),
        _ => None,
    };
    let meta = words::Meta {
        title: text("title"),
        author: text("author"),
        rules: text("ruleset"),
        solution,
        settings: Vec::new(),
    };
    let said = words::Said::read(meta.rules.as_deref().unwrap_or(""), rules)?;
    if let Some(object) = doc.as_object() {
        words::check_doc(object, &said)?;
    }
    let case = fpuzzles::parse_json(json).map_err(inside)?;
    Ok(with_meta(case, meta))
}

/// `case` with the solution and the words its link carries.
fn with_meta(mut case: Case, meta: words::Meta) -> Case {
    case.expected = meta
        .solution
        .as_deref()
        .and_then(|s| solution_grid(s, &case.grid));
    if meta.title.is_some() || meta.author.is_some() || meta.rules.is_some() {
        case.about = Some(Arc::new(About {
            title: meta.title,
            author: meta.author,
            rules: meta.rules,
        }));
    }
    case
}

/// An embedded solution, when it is one digit a cell of `puzzle`'s size
/// (SudokuPad writes `?` for cells it does not check: then none).
fn solution_grid(text: &str, puzzle: &Grid) -> Option<Grid> {
    let n = puzzle.n();
    let cells: Option<Vec<u8>> = text
        .chars()
        .map(|c| {
            c.to_digit(10)
                .filter(|&d| (1..=n as u32).contains(&d))
                .map(|d| d as u8)
        })
        .collect();
    let cells = cells.filter(|c| c.len() == n * n)?;
    Grid::from_cells(puzzle.shape(), cells).ok()
}

/// The kind and payload of a link: the host, `/sudoku/`, `?puzzleid=`,
/// trailing parameters and %-encoding taken off.
fn payload_of(link: &str) -> Result<(Kind, String), String> {
    let mut rest = link.trim().trim_matches(['<', '>', '"', '\'']);
    if let Some(at) = rest.find("puzzleid=") {
        rest = &rest[at + "puzzleid=".len()..];
        rest = rest.split('&').next().unwrap_or("");
    } else if let Some(at) = rest.find("://") {
        let after = &rest[at + 3..];
        let (host, path) = after.split_once('/').unwrap_or((after, ""));
        let ours = ["sudokupad.app", "crackingthecryptic.com", "svencodes.com"];
        if !ours.iter().any(|h| host.to_ascii_lowercase().ends_with(h)) {
            return Err(format!(
                "not a SudokuPad link: its host is {host}, not sudokupad.app"
            ));
        }
        rest = path;
    }
    for dir in ["sudoku/", "puzzle/"] {
        rest = rest.strip_prefix(dir).unwrap_or(rest);
    }
    // `?setting-…` and the like after the payload, and a fragment.
    let rest = rest.split(['?', '#', '&']).next().unwrap_or("");
    let decoded = percent_decoded(rest).replace(' ', "+");
    let lower = decoded.to_ascii_lowercase();
    for &(prefix, kind) in PREFIXES {
        if lower.starts_with(prefix) && decoded.len() > prefix.len() {
            return Ok((kind, decoded[prefix.len()..].to_owned()));
        }
    }
    if !decoded.is_empty()
        && decoded.len() <= 40
        && decoded
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_/".contains(&b))
    {
        return Err(format!(
            "\"{decoded}\" is a short link, whose puzzle SudokuPad keeps on its server: open it in a browser and copy the full link (Share, or the address once it has loaded)"
        ));
    }
    Err("not a SudokuPad link: its puzzle starts with scl, ctc, fpuzzles, fpuz or scf".into())
}

/// `%2B` and the like, as a URL may carry them (undone twice at most,
/// for links encoded twice over).
fn percent_decoded(text: &str) -> String {
    let once = fpuzzles::percent_decoded(text);
    if once.contains('%') {
        fpuzzles::percent_decoded(&once)
    } else {
        once
    }
}

/// An f-puzzles payload decompressed; as SudokuPad does, a payload whose
/// `//` a link lost is tried with one `/` doubled.
fn decompressed(payload: &str) -> Result<String, String> {
    let ok = |p: &str| {
        decompress_from_base64(p)
            .ok()
            .filter(|t| t.starts_with('{'))
    };
    if let Some(t) = ok(payload) {
        return Ok(t);
    }
    for (at, _) in payload.match_indices('/').take(64) {
        let fixed = format!("{}/{}", &payload[..at], &payload[at..]);
        if let Some(t) = ok(&fixed) {
            return Ok(t);
        }
    }
    Err("the fpuzzles payload is not lz-string base64 of an f-puzzles document (a truncated or altered link?)".into())
}

/// An `scf` payload: the givens of a 9x9 grid, each character a digit
/// and up to five empty cells after it (SudokuPad's `dedoku`), then after
/// `*` the rules (`x` X-Sudoku, `w` Windoku) and `t`/`a` title and author.
fn read_scf(payload: &str) -> Result<Case, String> {
    let (cells, rest) = payload.split_once('*').unwrap_or((payload, ""));
    let mut digits = String::new();
    let mut used = 0;
    for ch in cells.chars() {
        let code = ch as i64;
        let d = match ch {
            '0'..='9' => code - 48,
            'A'..='Z' => code - 55,
            'a'..='x' => code - 61,
            _ => {
                return Err(format!(
                    "scf: '{ch}' is not a digit-and-blanks character (0-9, A-Z, a-x)"
                ));
            }
        };
        digits.push(char::from(b'0' + (d % 10) as u8));
        digits.extend(std::iter::repeat_n('0', (d / 10) as usize));
        used += 1;
        if digits.len() >= 81 && !payload.contains('*') {
            break;
        }
    }
    if digits.len() < 81 {
        return Err(format!(
            "scf: the givens make {} cells; a classic grid has 81",
            digits.len()
        ));
    }
    let flags: String = if payload.contains('*') {
        rest.to_owned()
    } else {
        cells.chars().skip(used).collect()
    };
    let givens: Vec<u8> = digits.bytes().take(81).map(|b| b - b'0').collect();
    let grid = Grid::from_cells(Shape::new(3, 3).map_err(|e| e.to_string())?, givens)
        .map_err(|e| format!("scf: {e}"))?;
    let mut doc = serde_json::json!({
        "size": 9,
        "grid": (0..9).map(|r| (0..9).map(|c| match grid.get(r, c) {
            0 => serde_json::json!({}),
            d => serde_json::json!({"value": d, "given": true}),
        }).collect::<Vec<_>>()).collect::<Vec<_>>(),
    });
    let rules_part = flags.split(['t', 'a']).next().unwrap_or("");
    if rules_part.contains('x') {
        doc["diagonal+"] = true.into();
        doc["diagonal-"] = true.into();
    }
    if rules_part.contains('w') {
        let windows: Vec<Value> = [(1, 1), (1, 5), (5, 1), (5, 5)]
            .iter()
            .map(|&(r0, c0)| {
                let cells: Vec<String> = (0..9)
                    .map(|k| format!("R{}C{}", r0 + k / 3 + 1, c0 + k % 3 + 1))
                    .collect();
                serde_json::json!({ "cells": cells })
            })
            .collect();
        doc["extraregion"] = windows.into();
    }
    fpuzzles::parse_json(&doc.to_string())
}

#[cfg(test)]
mod tests;
