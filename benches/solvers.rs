//! Sudoku solvers side by side, one criterion group per data set.
//!
//! Every group times the same fixed sample of puzzles (every k-th of the
//! file, see [`SETS`]), each solver counting solutions up to 2 (a
//! uniqueness check, as the published benchmarks do); one iteration solves
//! the whole sample, and the throughput is in puzzles:
//!
//! * `dlx`: this crate's engine ([`DlxSolver`], a reduced matrix per puzzle;
//!   plain 9x9 on the bit boards, with singles and intersections);
//! * `dlx-knuth`: the same with `Propagate::Off`, Knuth's tree on the links
//!   (9x9 only: the other sizes are on it already);
//! * `sudoku`: the `sudoku` crate (a JCZSolve port), 9x9 only;
//! * `dlx-rs`: the `dlx-rs` crate with the same exact-cover encoding
//!   (`4n^2` items, `n^3` options, in the same order). It cannot undo a
//!   selection, so each puzzle clones a pre-built matrix and selects the
//!   givens; the clone is part of its time.
//!
//! The naive DFS cannot finish every hard puzzle in reasonable time, so it
//! has its own group, `<set>-naive`: the first [`NAIVE_MAX`] puzzles of the
//! sample that it finishes within [`NAIVE_BUDGET`] nodes, with `dlx` on the
//! very same puzzles. That subset leans to the puzzles easiest for the
//! naive DFS, so its ratio flatters the naive DFS.
//!
//! Before timing, every solver's counts are checked against the engine's,
//! so all of them do the same work.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dlx_cli::Input;
use dlx_cli::bench::load;
use dlx_engine::__unstable::sudoku::{DlxSolver, NaiveSolver, ShapeInternals as _};
use dlx_engine::dlx::{Outcome, Propagate, SearchLimits};
use dlx_engine::format::Alphabet;
use dlx_engine::sudoku::{Grid, Shape, SudokuSolver};

/// Data sets: group name, file under `data/bench/`, every how many puzzles
/// one is taken.
const SETS: &[(&str, &str, usize)] = &[
    ("17-clue", "17_clue.txt", 500),
    ("top1465", "magictour_top1465.txt", 15),
    ("11plus", "forum_hardest_1905_11plus.txt", 500),
    ("hardest1106", "forum_hardest_1106.txt", 4),
    ("16x16", "sizes16.txt", 1),
    ("25x25", "sizes25.txt", 1),
];

/// The naive DFS takes a puzzle of the sample only if it counts it to 2
/// within this many nodes (about 10 to 40 milliseconds).
const NAIVE_BUDGET: u64 = 1_000_000;

/// At most this many puzzles in a `-naive` group.
const NAIVE_MAX: usize = 12;

/// The count up to 2 of every puzzle: the uniqueness check.
const LIMIT: u64 = 2;

fn puzzles(file: &str, every: usize) -> Vec<Grid> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../data/bench")
        .join(file);
    let (puzzles, bad) = load(
        &Input::File(path),
        None,
        &Alphabet::default(),
        every,
        &mut std::io::sink(),
    )
    .unwrap_or_else(|e| panic!("{file}: {e}"));
    assert_eq!(bad, 0, "{file} has unreadable lines");
    puzzles
}

/// The `dlx-rs` model of one shape: option `(r*n + c)*n + d` covers the
/// same four items as in [`DlxSolver`] (1-based, as `dlx-rs` counts).
struct DlxRs {
    n: usize,
    prebuilt: dlx_rs::Solver<u32>,
}

impl DlxRs {
    fn new(shape: Shape) -> Self {
        let n = shape.n();
        let nn = n * n;
        let mut s = dlx_rs::Solver::new(4 * nn);
        for r in 0..n {
            for c in 0..n {
                let b = shape.box_of(r, c);
                for d in 0..n {
                    let items = [
                        1 + r * n + c,
                        1 + nn + r * n + d,
                        1 + 2 * nn + c * n + d,
                        1 + 3 * nn + b * n + d,
                    ];
                    s.add_option(((r * n + c) * n + d) as u32, &items);
                }
            }
        }
        Self { n, prebuilt: s }
    }

    fn count_up_to(&self, puzzle: &Grid, limit: u64) -> u64 {
        let mut s = self.prebuilt.clone();
        for (cell, &d) in puzzle.cells().iter().enumerate() {
            if d != 0 {
                s.select((cell * self.n + d as usize - 1) as u32)
                    .expect("every option exists");
            }
        }
        s.take(limit as usize).count() as u64
    }
}

fn sudoku_crate(puzzle: &Grid) -> sudoku::Sudoku {
    let text = Alphabet::default().write_line(puzzle);
    sudoku::Sudoku::from_str_line(&text).expect("a 9x9 line")
}

fn solvers(c: &mut Criterion) {
    for &(name, file, every) in SETS {
        let sample = puzzles(file, every);
        let shape = sample[0].shape();
        let mut dlx = DlxSolver::new(shape);
        let counts: Vec<u128> = sample
            .iter()
            .map(|p| dlx.count_up_to(p, LIMIT).unwrap().solutions)
            .collect();
        let dlx_rs = DlxRs::new(shape);
        let rs_counts: Vec<u128> = sample
            .iter()
            .map(|p| dlx_rs.count_up_to(p, LIMIT).into())
            .collect();
        assert_eq!(rs_counts, counts, "dlx-rs disagrees on {name}");

        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Elements(sample.len() as u64));
        group.bench_function("dlx", |b| {
            b.iter(|| {
                for p in &sample {
                    black_box(dlx.count_up_to(black_box(p), LIMIT).unwrap());
                }
            })
        });
        if shape == Shape::NINE {
            let mut knuth = DlxSolver::new(shape);
            knuth.set_propagate(Some(Propagate::Off));
            let knuth_counts: Vec<u128> = sample
                .iter()
                .map(|p| knuth.count_up_to(p, LIMIT).unwrap().solutions)
                .collect();
            assert_eq!(knuth_counts, counts, "Knuth's tree disagrees on {name}");
            group.bench_function("dlx-knuth", |b| {
                b.iter(|| {
                    for p in &sample {
                        black_box(knuth.count_up_to(black_box(p), LIMIT).unwrap());
                    }
                })
            });
            let peers: Vec<sudoku::Sudoku> = sample.iter().map(sudoku_crate).collect();
            let peer_counts: Vec<u128> = peers
                .iter()
                .map(|s| s.solutions_count_up_to(LIMIT as usize) as u128)
                .collect();
            assert_eq!(peer_counts, counts, "the sudoku crate disagrees on {name}");
            group.bench_function("sudoku", |b| {
                b.iter(|| {
                    for s in &peers {
                        black_box(black_box(*s).solutions_count_up_to(LIMIT as usize));
                    }
                })
            });
        }
        group.bench_function("dlx-rs", |b| {
            b.iter(|| {
                for p in &sample {
                    black_box(dlx_rs.count_up_to(black_box(p), LIMIT));
                }
            })
        });
        group.finish();

        // The naive DFS, on the puzzles of the sample it can finish.
        let mut naive = NaiveSolver::new();
        let within = SearchLimits {
            max_solutions: LIMIT,
            max_nodes: NAIVE_BUDGET,
        };
        let finishable: Vec<Grid> = sample
            .iter()
            .filter(|p| naive.search(p, within, None).unwrap().outcome != Outcome::NodeLimit)
            .take(NAIVE_MAX)
            .cloned()
            .collect();
        if finishable.is_empty() {
            continue;
        }
        eprintln!(
            "{name}-naive: the first {} of the {} sampled puzzles that finish within {NAIVE_BUDGET} naive nodes",
            finishable.len(),
            sample.len()
        );
        let mut group = c.benchmark_group(format!("{name}-naive"));
        group.throughput(Throughput::Elements(finishable.len() as u64));
        group.bench_function("dlx", |b| {
            b.iter(|| {
                for p in &finishable {
                    black_box(dlx.count_up_to(black_box(p), LIMIT).unwrap());
                }
            })
        });
        group.bench_function("naive", |b| {
            b.iter(|| {
                for p in &finishable {
                    black_box(naive.count_up_to(black_box(p), LIMIT).unwrap());
                }
            })
        });
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = solvers
}
criterion_main!(benches);
