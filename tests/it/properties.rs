//! Property tests (proptest) of the guarantees the reliability work rests
//! on: every format reads back what it writes; the engine's counts match a
//! brute force on random exact-cover problems with colors, and Knuth's
//! format prints and parses them back; the matrix passes `sanity()` and is
//! restored after every search, whether it ran out, hit a solution limit,
//! a node budget, was stopped by its visitor, or refused the puzzle; and a
//! batch writes one outcome per puzzle in input order with the worst exit
//! code, or stops at the first failure with `--fail-fast`.
//! (Planted puzzles, dlx against the naive DFS: `tests/it/solvers.rs`.)

use dlx_engine::__unstable::{FlatProblem, Matrix, build_links};
use dlx_engine::__unstable::{Search, Solution};
use std::ops::ControlFlow;

use bumpalo::Bump;
use dlx_cli::sudoku::{Options as RunOptions, Task, run};
use dlx_cli::{ExitStatus, Input};
use dlx_engine::__unstable::sudoku::DlxSolver;
use dlx_engine::__unstable::sudoku::check_solution;
use dlx_engine::dlx::knuth;
use dlx_engine::dlx::{Color, ItemId, ItemKind, OptionId, Outcome, Problem, SearchLimits};
use dlx_engine::format::{ALL, Alphabet, Format, Options};
use dlx_engine::sudoku::{Grid, Shape, SudokuSolver};
use proptest::prelude::*;

use crate::common;
use crate::common::{planted_solution, with_holes};

/// Shapes that some format holds: 4x4 (HDU 5547), 9x9 (most judges),
/// 16x16 (POJ 3076), and others for the generic formats.
fn all_shapes() -> impl Strategy<Value = Shape> {
    prop_oneof![
        Just((2, 2)),
        Just((2, 3)),
        Just((3, 3)),
        Just((4, 4)),
        Just((2, 4)),
        Just((3, 4)),
        Just((5, 5)),
    ]
    .prop_map(|(r, c)| Shape::new(r, c).unwrap())
}

/// The input that `format` reads as the cases it wrote as `pieces` (its
/// outputs, one per case): some judges' outputs frame cases differently
/// from their inputs (a count line, a `Case #n:` line, the box size).
/// HDU 4069 input for 9 rows of digits: each digit plus the walls of its
/// 3x3 box (16 up, 32 right, 64 down, 128 left).
fn boxes_as_walls(rows: &str) -> String {
    let mut text = String::new();
    for (r, row) in rows.lines().enumerate() {
        let cells: Vec<String> = row
            .bytes()
            .enumerate()
            .map(|(c, d)| {
                let walls = [
                    (r % 3 == 0, 16),
                    (c % 3 == 2, 32),
                    (r % 3 == 2, 64),
                    (c % 3 == 0, 128),
                ];
                let bits: u32 = walls.iter().filter(|(on, _)| *on).map(|(_, b)| b).sum();
                (u32::from(d - b'0') + bits).to_string()
            })
            .collect();
        text.push_str(&cells.join(" "));
        text.push('\n');
    }
    text
}

fn as_input(format: &dyn Format, shape: Shape, pieces: &[String]) -> String {
    let body: Vec<String> = pieces
        .iter()
        .map(|p| match format.name() {
            "hdu5547" => p.split_once('\n').unwrap().1.to_string(),
            "uva989" => format!("{}\n{p}", shape.box_rows()),
            // The judge's output has no walls: add those of the boxes.
            "hdu4069" => boxes_as_walls(p.split_once('\n').unwrap().1),
            _ => p.clone(),
        })
        .collect();
    let count = match format.name() {
        "hdu5547" | "poj2676" | "hdu4069" => format!("{}\n", pieces.len()),
        _ => String::new(),
    };
    count + &body.join("\n")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// parse(print(x)) == x for every format that holds the shape, several
    /// cases in one input, in order.
    #[test]
    fn every_format_reads_back_what_it_writes(
        shape in all_shapes(),
        seeds in prop::collection::vec(prop::collection::vec(0usize..1000, 16), 1..4),
        holes in prop::collection::vec(any::<bool>(), 1..50),
    ) {
        let opts = Options::default();
        let grids: Vec<Grid> = seeds.iter().map(|s| planted_solution(shape, s)).collect();
        // fpuzzles and sudokupad write their solutions as the line format
        // does (links only with --output, tests/it/sudokupad.rs), so they
        // have nothing of their own to read back.
        let linked = |f: &&&dyn Format| f.writes_links();
        for format in ALL.iter().filter(|f| f.holds(shape) && !linked(f)) {
            // CSV writes the puzzle with its solution: give it holes.
            let puzzles: Vec<Grid> = grids
                .iter()
                .map(|g| if format.name() == "csv" { with_holes(g, &holes) } else { g.clone() })
                .collect();
            let pieces: Vec<String> = puzzles
                .iter()
                .zip(&grids)
                .enumerate()
                .map(|(i, (p, g))| format.solution(i + 1, p, g, &opts))
                .collect();
            let input = as_input(*format, shape, &pieces);
            let cases: Vec<_> = format
                .read(Box::new(input.as_bytes()), &opts)
                .collect::<Result<_, _>>()
                .map_err(|e| TestCaseError::fail(format!("{}: {e}\n{input}", format.name())))?;
            let read: Vec<&Grid> = cases.iter().map(|c| &c.grid).collect();
            prop_assert_eq!(read, puzzles.iter().collect::<Vec<_>>(), "{}", format.name());
            if format.name() == "csv" {
                let expected: Vec<Option<&Grid>> = cases.iter().map(|c| c.expected.as_ref()).collect();
                prop_assert_eq!(expected, grids.iter().map(Some).collect::<Vec<_>>());
            }
            prop_assert!(cases.windows(2).all(|w| w[0].line < w[1].line));
        }
    }

    /// Puzzles with empty cells through the line format, with the standard
    /// alphabet and a custom one.
    #[test]
    fn puzzles_read_back_through_the_line_format(
        shape in all_shapes(),
        seed in prop::collection::vec(0usize..1000, 16),
        holes in prop::collection::vec(any::<bool>(), 1..50),
        custom in any::<bool>(),
    ) {
        let puzzle = with_holes(&planted_solution(shape, &seed), &holes);
        let alphabet = if custom {
            let symbols: String = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                .chars()
                .take(shape.n())
                .collect();
            symbols.parse::<Alphabet>().unwrap()
        } else {
            Alphabet::default()
        };
        let text = alphabet.write_line(&puzzle);
        let case = dlx_engine::__unstable::line::parse_line(&text, 1, Some(shape), &alphabet)
            .unwrap()
            .unwrap();
        prop_assert_eq!(case.grid, puzzle);
    }
}

/// A random exact-cover problem: `primary` + `secondary` items, options
/// as (item, color) lists; colors only on secondary items.
#[derive(Clone, Debug)]
struct Random {
    primary: usize,
    secondary: usize,
    options: Vec<Vec<(usize, Option<u32>)>>,
}

fn random_problems() -> impl Strategy<Value = Random> {
    (1usize..6, 0usize..4).prop_flat_map(|(primary, secondary)| {
        let items = primary + secondary;
        let entry = (0..items, prop::option::of(1u32..3));
        // The builder takes only options with a primary item (Knuth's
        // parser skips the others with a warning): the first one is.
        let first = (0..primary).prop_map(|i| (i, None));
        let option =
            (first, prop::collection::vec(entry, 0..4)).prop_map(move |(first, mut entries)| {
                entries.push(first);
                entries.sort_by_key(|e| e.0);
                entries.dedup_by_key(|e| e.0);
                entries
                    .into_iter()
                    .map(|(i, c)| (i, if i < primary { None } else { c }))
                    .collect::<Vec<_>>()
            });
        prop::collection::vec(option, 0..11).prop_map(move |options| Random {
            primary,
            secondary,
            options,
        })
    })
}

impl Random {
    fn problem(&self) -> Problem {
        let mut p = Problem::new();
        for i in 0..self.primary + self.secondary {
            let kind = if i < self.primary {
                ItemKind::Primary
            } else {
                ItemKind::Secondary
            };
            p.add_item(kind);
        }
        for option in &self.options {
            p.add_colored_option(
                option
                    .iter()
                    .map(|&(i, c)| (ItemId(i as u32), c.map(Color))),
            )
            .unwrap();
        }
        p
    }

    /// Solutions by brute force over every subset of options (DLX2 rules).
    fn brute_force(&self) -> u128 {
        let items = self.primary + self.secondary;
        let mut count = 0;
        for subset in 0u32..(1 << self.options.len()) {
            let mut uses: Vec<Vec<Option<u32>>> = vec![Vec::new(); items];
            for (k, option) in self.options.iter().enumerate() {
                if subset >> k & 1 == 1 {
                    for &(i, c) in option {
                        uses[i].push(c);
                    }
                }
            }
            let ok = uses.iter().enumerate().all(|(i, u)| {
                if i < self.primary {
                    u.len() == 1
                } else {
                    u.len() <= 1 || (u[0].is_some() && u.iter().all(|c| *c == u[0]))
                }
            });
            count += u128::from(ok);
        }
        count
    }

    /// The problem in Knuth's format.
    fn knuth_text(&self) -> String {
        let name = |i: usize| format!("i{i}");
        let mut text: Vec<String> = (0..self.primary).map(name).collect();
        if self.secondary > 0 {
            text.push("|".into());
            text.extend((self.primary..self.primary + self.secondary).map(name));
        }
        let mut out = text.join(" ") + "\n";
        for option in &self.options {
            let words: Vec<String> = option
                .iter()
                .map(|&(i, c)| match c {
                    Some(c) => format!("i{i}:c{c}"),
                    None => name(i),
                })
                .collect();
            out += &(words.join(" ") + "\n");
        }
        out
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// `Matrix::from_flat` on arbitrary lists, valid or not,
    /// never panics: it refuses them, or builds a sane matrix that counts
    /// what a `Problem` with the same options counts.
    #[test]
    fn the_flat_build_takes_any_lists(
        items in 0u32..6,
        entries in prop::collection::vec(0u32..8, 0..16),
        ends in prop::collection::vec(0u32..18, 0..6),
    ) {
        let arena = Bump::new();
        let Ok(mut m) = Matrix::from_flat(&arena, FlatProblem::all_primary(items, &entries, &ends)) else {
            return Ok(());
        };
        m.sanity().unwrap();
        let mut p = Problem::new();
        let ids: Vec<ItemId> = (0..items).map(|_| p.add_item(ItemKind::Primary)).collect();
        let mut start = 0;
        for &end in &ends {
            let option: Vec<ItemId> =
                entries[start..end as usize].iter().map(|&i| ids[i as usize]).collect();
            p.add_option(&option).unwrap();
            start = end as usize;
        }
        let mut built = build_links(&p, &arena).unwrap();
        prop_assert_eq!(m.state_digest(), built.state_digest());
        prop_assert_eq!(m.count_up_to(u64::MAX).solutions, built.count_up_to(u64::MAX).solutions);
    }

    /// The engine's count is the brute force's, and every limited search
    /// (solutions, nodes) leaves the matrix sane and as it was.
    #[test]
    fn engine_counts_match_brute_force_and_limits_leave_the_matrix_sane(
        random in random_problems(),
        max_solutions in 1u64..4,
        max_nodes in 0u64..8,
    ) {
        let arena = Bump::new();
        let problem = random.problem();
        let mut matrix = build_links(&problem, &arena).unwrap();
        let pristine = matrix.state_digest();
        let count = matrix.count_with(SearchLimits::UNLIMITED);
        prop_assert_eq!(count.outcome, Outcome::Exhausted);
        prop_assert_eq!(count.solutions, random.brute_force());
        matrix.sanity().unwrap();
        prop_assert_eq!(matrix.state_digest(), pristine);
        let cut = matrix.count_with(SearchLimits { max_solutions, max_nodes });
        prop_assert!(cut.solutions <= count.solutions.min(max_solutions.into()));
        if cut.outcome == Outcome::Exhausted {
            prop_assert_eq!(cut.solutions, count.solutions);
        }
        matrix.sanity().unwrap();
        prop_assert_eq!(matrix.state_digest(), pristine);
        // Forcing an option and restoring leaves it as it was too.
        if problem.option_count() > 0 && matrix.force(OptionId(0)).is_ok() {
            let _ = matrix.count_with(SearchLimits { max_solutions, max_nodes });
            matrix.restore();
        }
        matrix.sanity().unwrap();
        prop_assert_eq!(matrix.state_digest(), pristine);
    }

    /// Knuth's format: the printed problem parses back to the same options.
    #[test]
    fn knuth_format_reads_back_what_it_prints(random in random_problems()) {
        let text = random.knuth_text();
        let (parsed, warnings) = knuth::parse(&text).unwrap();
        prop_assert!(warnings.is_empty());
        let kept: Vec<String> = text.lines().skip(1).map(str::to_string).collect();
        let printed: Vec<String> = (0..parsed.problem.option_count())
            .map(|k| parsed.format_option(OptionId(k as u32)))
            .collect();
        prop_assert_eq!(printed, kept);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Sudoku searches stopped every way: a solution limit, a node budget,
    /// the visitor, or a refused (conflicting) puzzle. Each solution found
    /// checks out and the matrix is sane and restored afterwards.
    #[test]
    fn sudoku_matrix_is_sane_after_every_kind_of_stop(
        shape in common::shapes(),
        seed in prop::collection::vec(0usize..1000, 16),
        holes in prop::collection::vec(any::<bool>(), 1..40),
        max_solutions in 1u64..5,
        max_nodes in 0u64..300,
        stop_after in 1usize..4,
        conflict in any::<bool>(),
    ) {
        let mut solver = DlxSolver::new(shape);
        let solution = planted_solution(shape, &seed);
        let mut puzzle = with_holes(&solution, &holes);
        if conflict {
            // The first row's first two cells get the same digit.
            let d = solution.get(0, 0);
            puzzle.set(0, 0, d);
            puzzle.set(0, 1, d);
        }
        let limits = SearchLimits { max_solutions, max_nodes };
        let mut seen = 0;
        let result = solver.search(&puzzle, limits, Some(&mut |g: &Grid| {
            check_solution(&puzzle, g).unwrap();
            seen += 1;
            if seen == stop_after { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        }));
        prop_assert_eq!(result.is_err(), conflict);
        if let Ok(report) = result {
            match report.outcome {
                Outcome::Stopped => prop_assert_eq!(seen, stop_after),
                Outcome::SolutionLimit => prop_assert_eq!(report.stats.solutions, u128::from(max_solutions)),
                Outcome::Overflow => prop_assert!(false, "a search one by one overflowed"),
                Outcome::NodeLimit => prop_assert!(report.stats.nodes >= max_nodes),
                Outcome::Exhausted => prop_assert!(report.stats.solutions >= 1),
                other => prop_assert!(false, "an outcome this test does not know: {other:?}"),
            }
        }
        // The same stops inside the puzzle's own matrix leave it sane and
        // as compiled.
        if !conflict {
            solver.with_matrix(&puzzle, |m, places| {
                let before = m.state_digest();
                let mut seen = 0;
                m.search(&mut |s: &Solution<'_, '_>| {
                    let mut g = puzzle.clone();
                    for k in s.options() {
                        let (r, c, d) = places.of(k);
                        g.set(r, c, d);
                    }
                    check_solution(&puzzle, &g).unwrap();
                    seen += 1;
                    if seen == stop_after { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
                }, limits);
                m.sanity().unwrap();
                assert_eq!(m.state_digest(), before);
            }).unwrap();
        }
        // And the next puzzle is solved as if nothing had happened.
        let found = solver.solve_first(&with_holes(&solution, &holes)).unwrap().unwrap();
        check_solution(&with_holes(&solution, &holes), &found).unwrap();
    }
}

/// One line of a batch: a solvable puzzle, a conflicting one, or a line
/// that is not a puzzle.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Solvable,
    Conflicting,
    Malformed,
}

fn kinds() -> impl Strategy<Value = Vec<Kind>> {
    prop::collection::vec(
        prop_oneof![
            3 => Just(Kind::Solvable),
            1 => Just(Kind::Conflicting),
            1 => Just(Kind::Malformed),
        ],
        0..12,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// A batch writes one outcome per puzzle, in input order, whatever its
    /// neighbours did; the exit code is the worst outcome. With
    /// `fail_fast` the output is the same up to the first failure, and
    /// stops there.
    #[test]
    fn a_batch_reports_every_puzzle_in_order_or_stops_at_the_first_failure(
        kinds in kinds(),
        seed in prop::collection::vec(0usize..1000, 16),
        count in any::<bool>(),
    ) {
        let shape = Shape::NINE;
        let solution = planted_solution(shape, &seed);
        let puzzle = with_holes(&solution, &[true, false, false]);
        let alphabet = Alphabet::default();
        let mut conflicting = puzzle.clone();
        conflicting.set(0, 0, solution.get(0, 1));
        let mut input = String::new();
        for (i, kind) in kinds.iter().enumerate() {
            input += &match kind {
                Kind::Solvable => alphabet.write_line(&puzzle),
                Kind::Conflicting => alphabet.write_line(&conflicting),
                Kind::Malformed => format!("{}x", ".".repeat(79 + i % 3)),
            };
            input.push('\n');
        }
        let task = if count { Task::Count { limit: 2, progress: false } } else { Task::Solve };
        let unique = dlx_engine::__unstable::sudoku::NaiveSolver::new().count_up_to(&puzzle, 2).unwrap().solutions;
        let expected = |kind: &Kind, line: usize| -> String {
            match (kind, count) {
                (Kind::Solvable, false) => unreachable!("checked by check_solution"),
                (Kind::Solvable, true) => if unique == 1 { "1\n".into() } else { "2+\n".into() },
                (Kind::Conflicting, false) => format!("# no solution: {}\n", alphabet.write_line(&conflicting)),
                (Kind::Conflicting, true) => "0\n".into(),
                (Kind::Malformed, _) => format!("# bad input: batch line {line}\n"),
            }
        };
        let outcome = |kind: &Kind| match kind {
            Kind::Solvable => ExitStatus::Success,
            Kind::Conflicting => ExitStatus::NoSolution,
            Kind::Malformed => ExitStatus::BadInput,
        };
        for fail_fast in [false, true] {
            let opts = RunOptions { fail_fast, format: dlx_engine::format::by_name("line"), ..RunOptions::default() };
            let inputs = [Input::Bytes("batch".into(), input.clone().into_bytes().into())];
            let (mut out, mut err) = (Vec::new(), Vec::new());
            let status = run(task, &inputs, &opts, &mut out, &mut err);
            let upto = if fail_fast {
                kinds.iter().position(|k| outcome(k) != ExitStatus::Success).map_or(kinds.len(), |p| p + 1)
            } else {
                kinds.len()
            };
            let out = String::from_utf8(out).unwrap();
            let lines: Vec<&str> = out.lines().collect();
            prop_assert_eq!(lines.len(), upto, "one line per puzzle: {}", out);
            for (i, (kind, got)) in kinds.iter().zip(&lines).enumerate() {
                match (kind, count) {
                    (Kind::Solvable, false) => {
                        let solved = dlx_engine::__unstable::line::parse_line(got, 1, None, &alphabet).unwrap().unwrap();
                        check_solution(&puzzle, &solved.grid).unwrap();
                    }
                    _ => prop_assert_eq!(format!("{got}\n"), expected(kind, i + 1)),
                }
            }
            let worst = kinds[..upto].iter().map(outcome).max().unwrap_or(ExitStatus::Success);
            prop_assert_eq!(status, worst);
        }
    }
}
