//! Draws BENCHMARKS-history.md's chart from criterion's output: microseconds per
//! puzzle, by data set (criterion group) and solver, as an SVG bar chart
//! on a log scale.
//!
//! ```text
//! cargo bench -p dlx-benches --bench solvers
//! cargo run --release -p dlx-benches --example chart -- target/criterion > docs/bench.svg
//! cargo run --release -p dlx-benches --example chart -- --table target/criterion
//! ```
//!
//! With `--table` it prints the same figures as a Markdown table instead:
//! microseconds per puzzle and each solver's time as a ratio to `dlx`.
//!
//! It reads `<dir>/<group>/<solver>/new/{benchmark,estimates}.json` and
//! divides criterion's mean time per iteration by the iteration's puzzles
//! (its `Elements` throughput). Groups without a throughput (the engine
//! benches) are left out. Bars of one cluster were timed on the same
//! puzzles; clusters differ in puzzles.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;

/// Groups in the order of `benches/solvers.rs`; others follow by name.
const ORDER: &[&str] = &[
    "17-clue",
    "17-clue-naive",
    "top1465",
    "top1465-naive",
    "11plus",
    "11plus-naive",
    "hardest1106",
    "hardest1106-naive",
    "16x16",
    "16x16-naive",
    "25x25",
    "25x25-naive",
];

/// Solvers in legend order, with their colors.
const SOLVERS: &[(&str, &str)] = &[
    ("dlx", "#1f77b4"),
    ("sudoku", "#2ca02c"),
    ("dlx-rs", "#ff7f0e"),
    ("naive", "#d62728"),
];

/// One bar: microseconds per puzzle, and the puzzles per iteration.
struct Bar {
    micros: f64,
    puzzles: u64,
}

fn read_json(path: &Path) -> Option<Value> {
    serde_json::from_str(&fs::read_to_string(path).ok()?).ok()
}

/// group -> solver -> bar.
fn collect(dir: &Path) -> BTreeMap<String, BTreeMap<String, Bar>> {
    let mut groups = BTreeMap::new();
    let Ok(entries) = fs::read_dir(dir) else {
        return groups;
    };
    for group in entries.flatten() {
        let Ok(solvers) = fs::read_dir(group.path()) else {
            continue;
        };
        for solver in solvers.flatten() {
            let new = solver.path().join("new");
            let (Some(meta), Some(est)) = (
                read_json(&new.join("benchmark.json")),
                read_json(&new.join("estimates.json")),
            ) else {
                continue;
            };
            let (Some(puzzles), Some(ns)) = (
                meta["throughput"]["Elements"].as_u64(),
                est["mean"]["point_estimate"].as_f64(),
            ) else {
                continue;
            };
            let (Some(g), Some(f)) = (meta["group_id"].as_str(), meta["function_id"].as_str())
            else {
                continue;
            };
            groups
                .entry(g.to_string())
                .or_insert_with(BTreeMap::new)
                .insert(
                    f.to_string(),
                    Bar {
                        micros: ns / 1e3 / puzzles as f64,
                        puzzles,
                    },
                );
        }
    }
    groups
}

fn rank(group: &str) -> (usize, String) {
    let pos = ORDER
        .iter()
        .position(|g| *g == group)
        .unwrap_or(ORDER.len());
    (pos, group.to_string())
}

fn svg(groups: &BTreeMap<String, BTreeMap<String, Bar>>) -> String {
    let mut names: Vec<&String> = groups.keys().collect();
    names.sort_by_key(|g| rank(g));
    let all = groups.values().flat_map(|g| g.values().map(|b| b.micros));
    let (lo, hi) = all.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let lo_exp = lo.log10().floor() as i32;
    let hi_exp = ((hi * 3.0).log10().ceil() as i32).max(lo_exp + 1);
    let (left, top, plot_h, bar_w, gap) = (70.0, 66.0, 320.0, 16.0, 26.0);
    let cluster_w = |g: &BTreeMap<String, Bar>| g.len() as f64 * bar_w + gap;
    let width = left + names.iter().map(|n| cluster_w(&groups[*n])).sum::<f64>() + 80.0;
    let height = top + plot_h + 110.0;
    let y = |v: f64| {
        let t = (v.log10() - f64::from(lo_exp)) / f64::from(hi_exp - lo_exp);
        top + plot_h * (1.0 - t)
    };
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(
        s,
        r#"<rect width="100%" height="100%" fill="white"/><text x="{left}" y="20" font-size="14" font-weight="bold">Microseconds per puzzle, counting up to 2 solutions (log scale)</text><text x="{left}" y="36">Each cluster: one sample of puzzles (how many in brackets), every solver on the same ones</text>"#
    );
    for e in lo_exp..=hi_exp {
        let yy = y(10f64.powi(e));
        let label = if e >= 0 {
            format!("{}", 10u64.pow(e as u32))
        } else {
            format!("{}", 10f64.powi(e))
        };
        let _ = writeln!(
            s,
            r##"<line x1="{left}" x2="{:.0}" y1="{yy:.1}" y2="{yy:.1}" stroke="#ddd"/><text x="{:.0}" y="{:.1}" text-anchor="end">{label} µs</text>"##,
            width - 20.0,
            left - 6.0,
            yy + 4.0
        );
    }
    let mut x = left + gap / 2.0;
    for name in names {
        let bars = &groups[name];
        let start = x;
        for &(solver, color) in SOLVERS {
            let Some(bar) = bars.get(solver) else {
                continue;
            };
            let yy = y(bar.micros);
            let _ = writeln!(
                s,
                r#"<rect x="{x:.1}" y="{yy:.1}" width="{:.1}" height="{:.1}" fill="{color}"><title>{name} {solver}: {:.1} µs per puzzle ({} puzzles)</title></rect>"#,
                bar_w - 2.0,
                top + plot_h - yy,
                bar.micros,
                bar.puzzles
            );
            let _ = writeln!(
                s,
                r#"<text transform="translate({:.1},{:.1}) rotate(-90)" font-size="9">{}</text>"#,
                x + bar_w / 2.0 + 3.0,
                yy - 3.0,
                short(bar.micros)
            );
            x += bar_w;
        }
        let puzzles = bars.values().next().map_or(0, |b| b.puzzles);
        let _ = writeln!(
            s,
            r#"<text transform="translate({:.1},{:.1}) rotate(35)">{name} ({puzzles})</text>"#,
            start + 2.0,
            top + plot_h + 14.0
        );
        x += gap;
    }
    let mut lx = left;
    for &(solver, color) in SOLVERS {
        let _ = writeln!(
            s,
            r#"<rect x="{lx}" y="46" width="10" height="10" fill="{color}"/><text x="{:.0}" y="55">{solver}</text>"#,
            lx + 14.0
        );
        lx += 80.0;
    }
    s.push_str("</svg>\n");
    s
}

fn short(us: f64) -> String {
    if us >= 1000.0 {
        format!("{:.1} ms", us / 1000.0)
    } else if us >= 10.0 {
        format!("{us:.0}")
    } else {
        format!("{us:.1}")
    }
}

/// The Markdown table: one row per group, µs per puzzle and ratio to dlx.
fn table(groups: &BTreeMap<String, BTreeMap<String, Bar>>) -> String {
    let mut names: Vec<&String> = groups.keys().collect();
    names.sort_by_key(|g| rank(g));
    let mut s = String::from("| group | puzzles |");
    for &(solver, _) in SOLVERS {
        let _ = write!(s, " {solver} µs | {solver} / dlx |");
    }
    s.push_str("\n|---|---:|");
    s.push_str(&"---:|---:|".repeat(SOLVERS.len()));
    s.push('\n');
    for name in names {
        let bars = &groups[name];
        let puzzles = bars.values().next().map_or(0, |b| b.puzzles);
        let dlx = bars.get("dlx").map(|b| b.micros);
        let _ = write!(s, "| {name} | {puzzles} |");
        for &(solver, _) in SOLVERS {
            match (bars.get(solver), dlx) {
                (Some(b), Some(d)) => {
                    let _ = write!(s, " {} | {} |", fmt_us(b.micros), fmt_ratio(b.micros / d));
                }
                (Some(b), None) => {
                    let _ = write!(s, " {} | |", fmt_us(b.micros));
                }
                (None, _) => s.push_str(" – | – |"),
            }
        }
        s.push('\n');
    }
    s
}

fn fmt_us(us: f64) -> String {
    if us >= 100.0 {
        format!("{us:.0}")
    } else {
        format!("{us:.1}")
    }
}

fn fmt_ratio(r: f64) -> String {
    if r >= 10.0 {
        format!("{r:.0}")
    } else if r >= 0.1 {
        format!("{r:.2}")
    } else {
        format!("{r:.3}")
    }
}

fn main() {
    let mut args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    let as_table = args.first().is_some_and(|a| a == "--table");
    if as_table {
        args.remove(0);
    }
    let dir = args.first().map(PathBuf::from).unwrap_or_else(|| {
        let target = std::env::var_os("CARGO_TARGET_DIR").unwrap_or_else(|| "target".into());
        PathBuf::from(target).join("criterion")
    });
    let groups = collect(&dir);
    if groups.is_empty() {
        eprintln!(
            "chart: no criterion results with a throughput under {}; run `cargo bench -p dlx-benches --bench solvers` first",
            dir.display()
        );
        std::process::exit(2);
    }
    if as_table {
        print!("{}", table(&groups));
    } else {
        print!("{}", svg(&groups));
    }
}
