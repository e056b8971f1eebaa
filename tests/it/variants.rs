//! Sudoku variants (jigsaw, X, hyper, killer and their combinations)
//! against a brute-force counter written here from the rules alone: it
//! shares no code with the compiler (it builds its own groups of cells
//! from the raw rules and fills cells in reading order). Every solution
//! the engine finds is checked by `verify::check_variant`.

use std::ops::ControlFlow;

use dlx_engine::__unstable::sudoku::{DlxSolver, ShapeInternals as _, VariantInternals as _};
use dlx_engine::dlx::SearchLimits;
use dlx_engine::sudoku::check_variant;
use dlx_engine::sudoku::{Grid, Shape, SudokuSolver, Variant};

use crate::common;

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, k: usize) -> usize {
        (self.next() % k as u64) as usize
    }
}

/// A cage's cells and sum.
type CageCells = (Vec<usize>, u32);

/// The groups of cells that must hold different digits, and the cages
/// (cells, sum), computed from the raw rules.
fn groups(v: &Variant) -> (Vec<Vec<usize>>, Vec<CageCells>) {
    let n = v.n();
    let shape = v.shape();
    let mut groups = Vec::new();
    for i in 0..n {
        groups.push((0..n).map(|c| i * n + c).collect());
        groups.push((0..n).map(|r| r * n + i).collect());
    }
    match v.regions() {
        Some(regions) => {
            for g in 0..n as u8 {
                groups.push((0..n * n).filter(|&k| regions[k] == g).collect());
            }
        }
        None => {
            let (h, w) = (shape.box_rows(), shape.box_cols());
            for k in 0..n * n {
                let (r, c) = (k / n, k % n);
                if r % h == 0 && c % w == 0 {
                    let mut g = Vec::new();
                    for rr in r..r + h {
                        for cc in c..c + w {
                            g.push(rr * n + cc);
                        }
                    }
                    groups.push(g);
                }
            }
        }
    }
    if v.diagonals() {
        groups.push((0..n).map(|i| i * n + i).collect());
        groups.push((0..n).map(|i| i * n + n - 1 - i).collect());
    }
    if v.windows() {
        for (r0, c0) in [(1, 1), (1, 5), (5, 1), (5, 5)] {
            let mut g = Vec::new();
            for r in r0..r0 + 3 {
                for c in c0..c0 + 3 {
                    g.push(r * 9 + c);
                }
            }
            groups.push(g);
        }
    }
    let cages = v
        .cages()
        .iter()
        .map(|c| (c.cells.iter().map(|&k| k as usize).collect(), c.sum))
        .collect();
    (groups, cages)
}

/// Counts the solutions of `puzzle` under `v` by brute force, up to
/// `limit`.
fn brute_count(v: &Variant, puzzle: &Grid, limit: u64) -> u128 {
    let n = v.n();
    let (groups, cages) = groups(v);
    let mut cells: Vec<u8> = puzzle.cells().to_vec();
    // Each cell's groups and cage, by index.
    let of_cell: Vec<Vec<usize>> = (0..n * n)
        .map(|k| {
            (0..groups.len())
                .filter(|&g| groups[g].contains(&k))
                .collect()
        })
        .collect();
    let cage_of: Vec<Option<usize>> = (0..n * n)
        .map(|k| cages.iter().position(|(c, _)| c.contains(&k)))
        .collect();
    // Whether the digit at `k` fits the rules, given the other cells.
    let fits = |cells: &[u8], k: usize| -> bool {
        let d = cells[k];
        for &g in &of_cell[k] {
            if groups[g].iter().any(|&o| o != k && cells[o] == d) {
                return false;
            }
        }
        if let Some(c) = cage_of[k] {
            let (cage, sum) = &cages[c];
            if cage.iter().any(|&o| o != k && cells[o] == d) {
                return false;
            }
            let filled: Vec<u32> = cage
                .iter()
                .filter(|&&o| cells[o] != 0)
                .map(|&o| u32::from(cells[o]))
                .collect();
            let have: u32 = filled.iter().sum();
            let left = (cage.len() - filled.len()) as u32;
            // The least and most the empty cells can still add.
            let least = left * (left + 1) / 2;
            let most = left * (2 * n as u32 + 1 - left) / 2;
            if have + least > *sum || have + most < *sum {
                return false;
            }
        }
        true
    };
    for k in 0..n * n {
        if cells[k] != 0 && !fits(&cells, k) {
            return 0;
        }
    }
    let empty: Vec<usize> = (0..n * n).filter(|&k| cells[k] == 0).collect();
    let mut count = 0;
    fn go(
        i: usize,
        empty: &[usize],
        cells: &mut Vec<u8>,
        n: usize,
        fits: &dyn Fn(&[u8], usize) -> bool,
        count: &mut u64,
        limit: u64,
    ) {
        if *count >= limit {
            return;
        }
        let Some(&k) = empty.get(i) else {
            *count += 1;
            return;
        };
        for d in 1..=n as u8 {
            cells[k] = d;
            if fits(cells, k) {
                go(i + 1, empty, cells, n, fits, count, limit);
            }
        }
        cells[k] = 0;
    }
    go(0, &empty, &mut cells, n, &fits, &mut count, limit);
    count.into()
}

/// The engine's count up to `limit`, every solution checked.
fn dlx_count(v: &Variant, puzzle: &Grid, limit: u64) -> u128 {
    let mut solver = DlxSolver::for_variant(v.clone());
    let mut seen = std::collections::HashSet::new();
    let report = solver
        .search(
            puzzle,
            SearchLimits {
                max_solutions: limit,
                ..SearchLimits::UNLIMITED
            },
            Some(&mut |g: &Grid| {
                check_variant(v, puzzle, g).unwrap_or_else(|e| panic!("{}: {e}", v.name()));
                assert!(seen.insert(g.clone()), "a solution found twice");
                ControlFlow::Continue(())
            }),
        )
        .unwrap();
    report.stats.solutions
}

/// Cages that tile the grid, grown at random over cells of `solution`
/// with different digits (sizes 1 to `max`), each summing to its digits.
fn random_cages(
    solution: &Grid,
    max: usize,
    rng: &mut Rng,
) -> (Vec<Option<char>>, Vec<(char, u32)>) {
    let n = solution.n();
    let d = solution.cells();
    let mut cage: Vec<Option<usize>> = vec![None; n * n];
    let mut cages: Vec<Vec<usize>> = Vec::new();
    for start in 0..n * n {
        if cage[start].is_some() {
            continue;
        }
        let id = cages.len();
        let size = 1 + rng.below(max);
        let mut cells = vec![start];
        cage[start] = Some(id);
        while cells.len() < size {
            let mut next = Vec::new();
            for &k in &cells {
                let (r, c) = (k / n, k % n);
                let around = [
                    (r > 0).then(|| k - n),
                    (r + 1 < n).then(|| k + n),
                    (c > 0).then(|| k - 1),
                    (c + 1 < n).then(|| k + 1),
                ];
                for o in around.into_iter().flatten() {
                    if cage[o].is_none() && cells.iter().all(|&x| d[x] != d[o]) {
                        next.push(o);
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            let o = next[rng.below(next.len())];
            cage[o] = Some(id);
            cells.push(o);
        }
        cages.push(cells);
    }
    let symbols: Vec<char> = ('A'..='Z').chain('a'..='z').chain('0'..='9').collect();
    let labels = cage
        .iter()
        .map(|c| c.map(|id| symbols[id % symbols.len()]))
        .collect();
    // Cage ids past the symbols reuse a symbol; the tests keep below that.
    assert!(cages.len() <= symbols.len());
    let sums = cages
        .iter()
        .enumerate()
        .map(|(id, cells)| (symbols[id], cells.iter().map(|&k| u32::from(d[k])).sum()))
        .collect();
    (labels, sums)
}

/// `solution` with each cell kept with probability `keep` in 100.
fn thin(solution: &Grid, keep: usize, rng: &mut Rng) -> Grid {
    let cells = solution
        .cells()
        .iter()
        .map(|&d| if rng.below(100) < keep { d } else { 0 })
        .collect();
    Grid::from_cells(solution.shape(), cells).unwrap()
}

/// Some solution of the blank grid under `v`, digits shuffled.
fn a_solution(v: &Variant, rng: &mut Rng) -> Grid {
    let blank = Grid::empty(v.shape());
    let mut solver = DlxSolver::for_variant(v.clone());
    let g = solver
        .solve_first(&blank)
        .unwrap()
        .expect("the blank grid is solvable");
    let n = v.n();
    let mut perm: Vec<u8> = (1..=n as u8).collect();
    for i in (1..n).rev() {
        perm.swap(i, rng.below(i + 1));
    }
    let cells = g.cells().iter().map(|&d| perm[d as usize - 1]).collect();
    let g = Grid::from_cells(v.shape(), cells).unwrap();
    check_variant(v, &blank, &g).unwrap();
    g
}

fn chars(s: &str) -> Vec<char> {
    s.chars().collect()
}

/// Jigsaw layouts, 4x4 (144 grids, 24 with X) and 6x6 (14,400 grids;
/// none with X).
const JIGSAW4: &str = "AABBACBBACDDCCDD";
const JIGSAW6: &str = "AABBBBCAABDBCCAADDECCCDFEEEDDFEEFFFF";

/// The rules of the first case of HDU 4069's sample (a 9x9 jigsaw).
fn jigsaw9() -> Variant {
    let input = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/judges/hdu4069.in"
    ))
    .unwrap();
    let f = dlx_engine::format::by_name("hdu4069").unwrap();
    let case = f
        .read(
            Box::new(&input[..]),
            &dlx_engine::format::Options::default(),
        )
        .next()
        .unwrap()
        .unwrap();
    (*case.variant.unwrap()).clone()
}

#[test]
fn small_variants_count_as_brute_force_does() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let four = Shape::FOUR;
    let six = Shape::new(2, 3).unwrap();
    let rules = [
        Variant::plain(four).with_regions(&chars(JIGSAW4)).unwrap(),
        Variant::plain(four).with_diagonals(),
        Variant::plain(four)
            .with_regions(&chars(JIGSAW4))
            .unwrap()
            .with_diagonals(),
        Variant::plain(six).with_regions(&chars(JIGSAW6)).unwrap(),
        Variant::plain(six).with_diagonals(),
    ];
    for v in &rules {
        // The blank grid of 4x4 in full; 6x6 from thinned solutions.
        let mut puzzles = Vec::new();
        if v.n() == 4 {
            puzzles.push(Grid::empty(v.shape()));
        }
        for keep in [10, 25, 40] {
            let s = a_solution(v, &mut rng);
            puzzles.push(thin(&s, keep, &mut rng));
        }
        for p in &puzzles {
            let limit = 5_000;
            assert_eq!(
                dlx_count(v, p, limit),
                brute_count(v, p, limit),
                "{} {:?}",
                v.name(),
                p.cells()
            );
        }
    }
}

#[test]
fn killer_cages_count_as_brute_force_does() {
    let mut rng = Rng(42);
    for shape in [Shape::FOUR, Shape::new(2, 3).unwrap()] {
        let bases = [
            Variant::plain(shape),
            Variant::plain(shape).with_diagonals(),
            Variant::plain(shape)
                .with_regions(&chars(if shape.n() == 4 { JIGSAW4 } else { JIGSAW6 }))
                .unwrap(),
        ];
        for base in bases {
            for max in [2, 3, 4] {
                let s = a_solution(&base, &mut rng);
                let (labels, sums) = random_cages(&s, max, &mut rng);
                let v = base.clone().with_cages(&labels, &sums).unwrap();
                check_variant(&v, &Grid::empty(shape), &s).unwrap();
                for keep in [0, 10] {
                    let p = thin(&s, keep, &mut rng);
                    let limit = 2_000;
                    let count = dlx_count(&v, &p, limit);
                    assert!(count >= 1, "the grid the cages came from solves it");
                    assert_eq!(count, brute_count(&v, &p, limit), "{}", v.name());
                }
            }
        }
    }
}

#[test]
fn nine_by_nine_variants_and_combinations_count_as_brute_force_does() {
    let mut rng = Rng(7);
    let nine = Shape::NINE;
    let rules = [
        Variant::plain(nine).with_windows().unwrap(),
        Variant::plain(nine)
            .with_windows()
            .unwrap()
            .with_diagonals(),
        jigsaw9(),
        Variant::plain(nine).with_diagonals(),
    ];
    for v in &rules {
        for keep in [40, 50] {
            let s = a_solution(v, &mut rng);
            let p = thin(&s, keep, &mut rng);
            assert_eq!(
                dlx_count(v, &p, 100),
                brute_count(v, &p, 100),
                "{}",
                v.name()
            );
        }
    }
    // Killer on 9x9, with cages of up to 4 cells and a few givens, and
    // with X.
    for base in [Variant::plain(nine), Variant::plain(nine).with_diagonals()] {
        let s = a_solution(&base, &mut rng);
        let (labels, sums) = random_cages(&s, 4, &mut rng);
        let v = base.with_cages(&labels, &sums).unwrap();
        let p = thin(&s, 20, &mut rng);
        assert_eq!(
            dlx_count(&v, &p, 100),
            brute_count(&v, &p, 100),
            "{}",
            v.name()
        );
    }
}

#[test]
fn blank_four_by_four_counts() {
    // 4x4 Sudoku has 288 grids; with both diagonals (X), the brute-force
    // counter says how many of them remain.
    let four = Shape::FOUR;
    let blank = Grid::empty(four);
    assert_eq!(dlx_count(&Variant::plain(four), &blank, u64::MAX), 288);
    let x = Variant::plain(four).with_diagonals();
    assert_eq!(
        dlx_count(&x, &blank, u64::MAX),
        brute_count(&x, &blank, u64::MAX)
    );
    assert_eq!(dlx_count(&x, &blank, u64::MAX), 48);
    let jigsaw = Variant::plain(four).with_regions(&chars(JIGSAW4)).unwrap();
    assert_eq!(dlx_count(&jigsaw, &blank, u64::MAX), 144);
    assert_eq!(dlx_count(&jigsaw.with_diagonals(), &blank, u64::MAX), 24);
    // 6x6 with X: 8,640 (both counters).
    let six = Shape::new(2, 3).unwrap();
    let x6 = Variant::plain(six).with_diagonals();
    let blank6 = Grid::empty(six);
    assert_eq!(dlx_count(&x6, &blank6, u64::MAX), 8_640);
    assert_eq!(brute_count(&x6, &blank6, u64::MAX), 8_640);
}

/// `dlx generate --variant` end to end: every puzzle is unique under its
/// rules by the brute-force counter (4x4, 6x6) or the engine (9x9), its
/// solution passes `check_variant`, and the line reads back as the variant
/// format with the rules written after the cells.
#[test]
fn generated_variant_puzzles_are_unique_under_their_rules() {
    for (size, rules, flags) in [
        ("4", "x", &["--variant", "x"][..]),
        ("6", "x", &["--variant", "x", "--minimal"][..]),
        ("9", "x", &["--variant", "x", "--symmetry", "rot180"][..]),
        (
            "9",
            "x hyper",
            &["--variant", "x,hyper", "--difficulty", "intermediate"][..],
        ),
        ("9", "hyper", &["--variant", "hyper"][..]),
        ("4", "regions", &["--variant", "jigsaw"][..]),
        ("6", "regions", &["--variant", "jigsaw", "--minimal"][..]),
        ("6", "regions x", &["--variant", "jigsaw,x"][..]),
        (
            "9",
            "regions",
            &["--variant", "jigsaw", "--symmetry", "rot180"][..],
        ),
        ("9", "regions x", &["--variant", "x,jigsaw"][..]),
    ] {
        let out = common::bin::dlx()
            .args(["generate", "--size", size, "--count", "4", "--seed", "9"])
            .args(flags)
            .assert()
            .code(0);
        let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        assert_eq!(text.lines().count(), 4, "{flags:?}");
        for line in text.lines() {
            let (cells, written) = line.split_once(' ').expect("PUZZLE RULES");
            let n: usize = size.parse().unwrap();
            let shape = Shape::for_cell_count(n * n).unwrap();
            // A jigsaw's regions are its own: `regions=SYMBOLS` first.
            let (regions, written) = match written.strip_prefix("regions=") {
                Some(rest) => {
                    let (symbols, others) = rest.split_once(' ').unwrap_or((rest, ""));
                    let words = ["regions", others].join(" ");
                    (Some(symbols.chars().collect::<Vec<_>>()), words)
                }
                None => (None, written.to_owned()),
            };
            assert_eq!(written.trim_end(), rules);
            let grid = Grid::from_cells(
                shape,
                cells
                    .bytes()
                    .map(|b| if b == b'.' { 0 } else { b - b'0' })
                    .collect(),
            )
            .unwrap();
            let mut v = Variant::plain(shape);
            if let Some(symbols) = &regions {
                assert_connected_regions(symbols, n);
                v = v.with_regions(symbols).unwrap();
            }
            if rules.contains('x') {
                v = v.with_diagonals();
            }
            if rules.contains("hyper") {
                v = v.with_windows().unwrap();
            }
            let count = if n <= 6 {
                brute_count(&v, &grid, 2)
            } else {
                dlx_count(&v, &grid, 2)
            };
            assert_eq!(count, 1, "{line}");
            let solution = DlxSolver::for_variant(v.clone())
                .solve_first(&grid)
                .unwrap()
                .unwrap();
            check_variant(&v, &grid, &solution).unwrap();
        }
    }
}

/// Asserts that `symbols` (one per cell of an n x n grid) make n regions
/// of n cells, each connected through edges, by a search written here.
fn assert_connected_regions(symbols: &[char], n: usize) {
    assert_eq!(symbols.len(), n * n);
    let mut labels: Vec<char> = symbols.to_vec();
    labels.sort_unstable();
    labels.dedup();
    assert_eq!(labels.len(), n, "{symbols:?}");
    for label in labels {
        let cells: Vec<usize> = (0..n * n).filter(|&k| symbols[k] == label).collect();
        assert_eq!(cells.len(), n, "region {label}");
        let mut reached = vec![cells[0]];
        let mut i = 0;
        while i < reached.len() {
            let k = reached[i];
            let (r, c) = (k / n, k % n);
            for (dr, dc) in [(0i64, 1i64), (1, 0), (0, -1), (-1, 0)] {
                let (r2, c2) = (r as i64 + dr, c as i64 + dc);
                if (0..n as i64).contains(&r2) && (0..n as i64).contains(&c2) {
                    let k2 = (r2 * n as i64 + c2) as usize;
                    if symbols[k2] == label && !reached.contains(&k2) {
                        reached.push(k2);
                    }
                }
            }
            i += 1;
        }
        assert_eq!(
            reached.len(),
            n,
            "region {label} is not connected: {symbols:?}"
        );
    }
}

#[test]
fn generate_refuses_variants_it_cannot_write_or_make() {
    for (args, message) in [
        (
            &["--variant", "hyper", "--size", "6"][..],
            "dlx generate: --variant hyper: hyper windows are defined on 9x9 grids only, this one is 6x6\n",
        ),
        (
            &["--variant", "x", "--output", "grid"][..],
            "dlx generate: a variant is written in the line format, as 'PUZZLE x', without --with-solution\n",
        ),
        (
            &["--variant", "x", "--with-solution"][..],
            "dlx generate: a variant is written in the line format, as 'PUZZLE x', without --with-solution\n",
        ),
    ] {
        let out = common::bin::dlx()
            .args(["generate", "--seed", "1"])
            .args(args)
            .assert()
            .code(2);
        assert_eq!(String::from_utf8_lossy(&out.get_output().stderr), message);
        assert!(out.get_output().stdout.is_empty());
    }
}
