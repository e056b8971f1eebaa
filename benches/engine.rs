//! The engine outside Sudoku, so changes to it show up on their own:
//! compiling the Sudoku matrix of each size, and counting every solution of
//! n-queens (rows and columns primary, diagonals secondary).

use std::hint::black_box;
use std::time::Duration;

use bumpalo::Bump;
use criterion::{Criterion, criterion_group, criterion_main};
use dlx::dlx::{ItemId, ItemKind, Problem};
use dlx::sudoku::{DlxSolver, Shape};

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

fn build(c: &mut Criterion) {
    let mut group = c.benchmark_group("build");
    for (name, shape) in [
        ("9x9", Shape::NINE),
        ("16x16", Shape::new(4, 4).unwrap()),
        ("25x25", Shape::new(5, 5).unwrap()),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| {
                let arena = Bump::new();
                black_box(
                    DlxSolver::new(black_box(shape), &arena)
                        .matrix()
                        .option_count(),
                )
            })
        });
    }
    group.finish();
}

fn n_queens(c: &mut Criterion) {
    let mut group = c.benchmark_group("queens");
    // OEIS A000170.
    for (n, expected) in [(8, 92), (10, 724)] {
        let problem = queens(n);
        let arena = Bump::new();
        let mut matrix = problem.build(&arena).unwrap();
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
