//! The engine outside a Sudoku search, so changes to it show up on their
//! own: compiling a puzzle's reduced matrix, and counting every solution of
//! n-queens (rows and columns primary, diagonals secondary).

use dlx_engine::__unstable::Search;
use std::hint::black_box;
use std::time::Duration;

use bumpalo::Bump;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dlx_cli::Input;
use dlx_cli::bench::load;
use dlx_engine::__unstable::sudoku::DlxSolver;
use dlx_engine::dlx::{EngineKind, ItemId, ItemKind, Problem};
use dlx_engine::format::Alphabet;
use dlx_engine::sudoku::{Grid, Shape};

/// n-queens as exact cover: option (r, c) covers row r, column c and its
/// two diagonals; rows and columns are primary, diagonals secondary.
fn queens(n: usize) -> Problem {
    let mut p = Problem::new();
    let rows: Vec<ItemId> = (0..n).map(|_| p.add_item(ItemKind::Primary)).collect();
    let cols: Vec<ItemId> = (0..n).map(|_| p.add_item(ItemKind::Primary)).collect();
    let diag: Vec<ItemId> = (0..2 * n - 1)
        .map(|_| p.add_item(ItemKind::Secondary))
        .collect();
    let anti: Vec<ItemId> = (0..2 * n - 1)
        .map(|_| p.add_item(ItemKind::Secondary))
        .collect();
    for r in 0..n {
        for c in 0..n {
            p.add_option(&[rows[r], cols[c], diag[r + c], anti[n - 1 + r - c]])
                .expect("distinct items");
        }
    }
    p
}

/// Compiling a puzzle's reduced matrix, with no search: blank grids of
/// each size (the full matrix), and every 500th 17-clue puzzle (what a
/// typical hard 9x9 costs before its search starts).
fn build(c: &mut Criterion) {
    let mut group = c.benchmark_group("build");
    for (name, shape) in [
        ("9x9", Shape::NINE),
        ("16x16", Shape::new(4, 4).unwrap()),
        ("25x25", Shape::new(5, 5).unwrap()),
    ] {
        let mut solver = DlxSolver::new(shape);
        let blank = Grid::empty(shape);
        group.bench_function(name, |b| {
            b.iter(|| black_box(solver.with_matrix(black_box(&blank), |m, _| m.option_count())))
        });
    }
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/bench/17_clue.txt");
    let (puzzles, _) = load(
        &Input::File(path),
        None,
        &Alphabet::default(),
        500,
        &mut std::io::sink(),
    )
    .expect("the 17-clue file reads");
    let mut solver = DlxSolver::new(Shape::NINE);
    group.throughput(Throughput::Elements(puzzles.len() as u64));
    group.bench_function("17-clue", |b| {
        b.iter(|| {
            for p in &puzzles {
                black_box(solver.with_matrix(black_box(p), |m, _| m.option_count())).unwrap();
            }
        })
    });
    group.finish();
}

fn n_queens(c: &mut Criterion) {
    let mut group = c.benchmark_group("queens");
    // OEIS A000170.
    for (n, expected) in [(8, 92), (10, 724)] {
        let problem = queens(n);
        let arena = Bump::new();
        let mut matrix =
            dlx_engine::__unstable::engine(&problem, &arena, EngineKind::Links).unwrap();
        assert_eq!(matrix.count_up_to(u64::MAX).solutions, expected);
        group.bench_function(format!("{n}"), |b| {
            b.iter(|| black_box(matrix.count_up_to(u64::MAX).solutions))
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = build, n_queens
}
criterion_main!(benches);
