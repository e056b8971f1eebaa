use super::*;
use crate::sudoku::rate::Grade;
use crate::sudoku::verify::check_solution;
use crate::sudoku::{DlxSolver, NaiveSolver};
use std::sync::atomic::Ordering;

#[test]
fn a_cancelled_generator_makes_nothing_and_works_again_once_let_go() {
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let shape = Shape::new(3, 3).unwrap();
    for mut generator in [
        Generator::new(shape, Settings::default()),
        Generator::unchecked(
            Variant::plain(shape),
            Settings {
                jigsaw: true,
                ..Settings::default()
            },
        ),
    ] {
        generator.set_cancel(Some(stop.clone()));
        stop.store(true, Ordering::Relaxed);
        let made = generate_range(std::slice::from_mut(&mut generator), 7, 0, 3);
        assert!(made.iter().all(|m| m == &Err(GenerateError::Cancelled)));
        stop.store(false, Ordering::Relaxed);
        let made = generate_range(std::slice::from_mut(&mut generator), 7, 0, 1);
        let g = made[0].as_ref().expect("not cancelled");
        crate::sudoku::verify::check_variant(&g.rules, &g.puzzle, &g.solution).unwrap();
    }
}

#[test]
fn a_cancelled_rating_stops_a_generator_with_a_difficulty() {
    let settings = Settings {
        difficulty: Some(Level::Easy),
        ..Settings::default()
    };
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let mut generator = Generator::new(Shape::new(3, 3).unwrap(), settings);
    // Only the ratings see the cancel: the first one stops the try,
    // and the generator gives up rather than rate the next tries.
    generator.rater.set_cancel(Some(stop.clone()));
    let made = generator.generate(&mut Rng::new(7));
    assert_eq!(made, Err(GenerateError::Cancelled));
    // Through the generator's own cancel, the ratings are let go too.
    generator.set_cancel(Some(stop.clone()));
    stop.store(false, Ordering::Relaxed);
    let g = generator.generate(&mut Rng::new(7)).expect("not cancelled");
    let level = Rater::new()
        .rate(&g.puzzle, &Rules::default())
        .expect("a generated puzzle is rated")
        .level();
    assert_eq!(level, Level::Easy);
}

#[test]
fn solved_grids_are_valid_for_every_shape_and_seed() {
    for (r, c) in [(1, 1), (2, 2), (2, 3), (3, 2), (3, 3), (3, 4), (5, 5)] {
        let shape = Shape::new(r, c).unwrap();
        for seed in 0..5 {
            let mut rng = Rng::new(seed);
            let g = solved_grid(shape, |k| rng.below(k));
            check_solution(&Grid::empty(shape), &g).unwrap();
        }
    }
}

#[test]
fn minimal_puzzles_are_unique_and_lose_uniqueness_without_any_given() {
    let shape = Shape::new(2, 3).unwrap();
    let mut rng = Rng::new(7);
    let solution = solved_grid(shape, |k| rng.below(k));
    let order = rng.permutation(shape.cells());
    let mut dlx = DlxSolver::new(shape);
    let puzzle = minimal_puzzle(&mut dlx, &solution, &order);
    // Checked with the other solver.
    let mut naive = NaiveSolver::new();
    assert_eq!(naive.unique_solution(&puzzle).unwrap(), Some(solution));
    for k in (0..shape.cells()).filter(|&k| puzzle.cells()[k] != 0) {
        let mut fewer = puzzle.clone();
        fewer.set(k / 6, k % 6, 0);
        assert!(!naive.is_unique(&fewer).unwrap());
    }
}

#[test]
fn orbits_partition_the_cells_and_are_closed() {
    for symmetry in Symmetry::ALL {
        for n in [1, 4, 5, 6, 9] {
            let orbits = symmetry.orbits(n);
            let mut cells: Vec<usize> = orbits.iter().flatten().copied().collect();
            cells.sort_unstable();
            assert_eq!(cells, (0..n * n).collect::<Vec<_>>(), "{symmetry} {n}");
            for orbit in &orbits {
                for &k in orbit {
                    let (r, c) = symmetry.image(n, k / n, k % n);
                    assert!(orbit.contains(&(r * n + c)), "{symmetry} {n} {k}");
                }
            }
        }
        assert_eq!(symmetry.name().parse::<Symmetry>(), Ok(symmetry));
    }
    assert_eq!(Symmetry::Rot90.orbits(3)[0], [0, 2, 8, 6]);
    assert!("spiral".parse::<Symmetry>().unwrap_err().contains("rot180"));
}

#[test]
fn random_solutions_are_valid_and_vary() {
    for (r, c) in [
        (1, 1),
        (1, 3),
        (2, 2),
        (2, 3),
        (3, 2),
        (3, 3),
        (2, 4),
        (4, 4),
    ] {
        let shape = Shape::new(r, c).unwrap();
        let mut solver = DlxSolver::new(shape);
        let mut rng = Rng::new(5);
        let a = random_solution(&mut solver, &mut rng);
        let b = random_solution(&mut solver, &mut rng);
        check_solution(&Grid::empty(shape), &a).unwrap();
        check_solution(&Grid::empty(shape), &b).unwrap();
        assert!(shape.n() < 4 || a != b, "{shape}");
    }
}

#[test]
fn generated_puzzles_are_unique_symmetric_and_minimal_when_asked() {
    let mut naive = NaiveSolver::new();
    for (r, c) in [(2, 2), (2, 3), (3, 2)] {
        let shape = Shape::new(r, c).unwrap();
        let n = shape.n();
        for symmetry in Symmetry::ALL {
            for minimal in [false, true] {
                let settings = Settings {
                    symmetry,
                    minimal,
                    ..Settings::default()
                };
                let mut generator = Generator::new(shape, settings);
                for i in 0..5 {
                    let made = generator.generate(&mut Rng::for_puzzle(3, i)).unwrap();
                    let found = naive.unique_solution(&made.puzzle).unwrap();
                    assert_eq!(found.as_ref(), Some(&made.solution));
                    check_solution(&made.puzzle, &made.solution).unwrap();
                    assert!(symmetry.holds_for(&made.puzzle), "{symmetry}");
                    if minimal {
                        for orbit in symmetry.orbits(n) {
                            let mut fewer = made.puzzle.clone();
                            orbit.iter().for_each(|&k| fewer.set(k / n, k % n, 0));
                            if fewer != made.puzzle {
                                assert!(!naive.is_unique(&fewer).unwrap());
                            }
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn the_same_rng_gives_the_same_puzzle() {
    let shape = Shape::NINE;
    let settings = Settings::default();
    let a = Generator::new(shape, settings).generate(&mut Rng::for_puzzle(9, 4));
    let b = Generator::new(shape, settings).generate(&mut Rng::for_puzzle(9, 4));
    let c = Generator::new(shape, settings).generate(&mut Rng::for_puzzle(9, 5));
    assert_eq!(a, b);
    assert_ne!(a, c);
}

#[test]
fn a_clue_bound_is_met_or_refused() {
    let shape = Shape::new(2, 2).unwrap();
    let settings = Settings {
        max_clues: Some(6),
        ..Settings::default()
    };
    let made = Generator::new(shape, settings)
        .generate(&mut Rng::new(1))
        .unwrap();
    assert!(made.puzzle.filled() <= 6);
    // A 4x4 puzzle needs at least 4 clues.
    let settings = Settings {
        max_clues: Some(3),
        tries: 5,
        ..Settings::default()
    };
    let refused = Generator::new(shape, settings).generate(&mut Rng::new(1));
    assert!(matches!(
        refused,
        Err(GenerateError::TooManyClues {
            max: 3,
            tries: 5,
            ..
        })
    ));
}

#[test]
fn a_band_of_sudoku_explainers_scale_is_met_and_checked_apart() {
    // Each puzzle made for the band 2.6..4.0, or for a technique, is
    // explained again here with a solver of its own: within the band, the
    // technique on its path, one solution.
    use crate::sudoku::explain::{ExplainOptions, explain};
    let check = |settings: Settings, seed: u64| {
        let made = Generator::new(Shape::NINE, settings)
            .generate(&mut Rng::new(seed))
            .unwrap();
        let mut solver = DlxSolver::new(Shape::NINE);
        let path = explain(
            &mut Rater::new(),
            &mut solver,
            &made.puzzle,
            &ExplainOptions::default(),
        )
        .unwrap();
        assert_eq!(path.solutions, 1);
        (path.rating.unwrap().er, path)
    };
    let band = Settings {
        se_rating: Some((26, 40)),
        ..Settings::default()
    };
    for seed in 0..3 {
        let (er, _) = check(band, seed);
        assert!((26..=40).contains(&er), "{er}");
    }
    let pointing = Settings {
        technique: Some("pointing"),
        ..Settings::default()
    };
    let (_, path) = check(pointing, 5);
    assert!(path.steps.iter().any(|s| s.technique == "pointing"));
    // A band no try reaches is refused, with the hardest seen.
    let out_of_reach = Settings {
        se_rating: Some((150, 200)),
        tries: 3,
        ..Settings::default()
    };
    let refused = Generator::new(Shape::NINE, out_of_reach).generate(&mut Rng::new(1));
    assert!(
        matches!(refused, Err(GenerateError::NotExplained { tries: 3, hardest }) if hardest > 0),
        "{refused:?}"
    );
}
