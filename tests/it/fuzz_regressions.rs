//! Inputs the fuzzers (`fuzz/`, see docs/reliability.md) turned up, each
//! kept as a test named after what it caught. The inputs are under
//! `tests/data/fuzz/`.

use bumpalo::Bump;
use dlx_engine::__unstable::Search;
use dlx_engine::dlx::knuth;
use dlx_engine::dlx::{Outcome, SearchLimits};

use crate::common;

fn data(name: &str) -> Vec<u8> {
    std::fs::read(format!("tests/data/fuzz/{name}")).unwrap()
}

/// The `knuth` target timed out (13 s under the sanitizer) on a mutated
/// 13-queens problem: the target searched for a first solution without a
/// budget, and exact cover is exponential. A budget bounds it: the library
/// stops at `max_nodes` with the matrix intact, and `dlx cover
/// --max-nodes` reports that it found nothing within the budget.
#[test]
fn knuth_queens_mutant_slow_without_a_budget_stops_at_the_node_budget() {
    let input = data("knuth_queens_mutant_slow_without_a_budget.dlx");
    let (parsed, _) = knuth::parse(&input).unwrap();
    let arena = Bump::new();
    let mut matrix = dlx_engine::__unstable::build_links(&parsed.problem, &arena).unwrap();
    let pristine = matrix.state_digest();
    let count = matrix.count_with(SearchLimits {
        max_solutions: 1,
        max_nodes: 2000,
    });
    assert_eq!(count.outcome, Outcome::NodeLimit);
    assert_eq!(count.solutions, 0);
    matrix.sanity().unwrap();
    assert_eq!(matrix.state_digest(), pristine);
    common::bin::dlx()
        .args(["cover", "--max-nodes", "2000"])
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout("")
        .stderr("dlx cover: no solution found before --max-nodes stopped the search\n");
}

/// The `fpuzzles` target's first run: a pair constraint (a dot between
/// two cells) asked for its fillings with no cap, and the search's step
/// bound, 64 times the cap, overflowed (a panic with overflow checks, a
/// wrapped bound without). The bound now saturates; the puzzle reads and
/// its search ends within its node limit.
#[test]
fn fpuzzles_pair_step_bound_overflow_reads_and_searches() {
    use dlx_engine::__unstable::fpuzzles::FPuzzles;
    use dlx_engine::__unstable::sudoku::DlxSolver;
    use dlx_engine::format::{Format, Options};
    use dlx_engine::sudoku::SudokuSolver;
    let input = data("fpuzzles_pair_step_bound_overflow.json");
    let cases: Vec<_> = FPuzzles
        .read(Box::new(&input[..]), &Options::default())
        .flatten()
        .collect();
    assert!(!cases.is_empty());
    for case in cases {
        if let Some(variant) = &case.variant {
            let mut solver = DlxSolver::for_variant((**variant).clone());
            let limits = SearchLimits {
                max_solutions: 2,
                max_nodes: 2_000,
            };
            let report = solver.search(&case.grid, limits, None);
            if let Ok(report) = report {
                assert!(report.stats.nodes <= 2_000);
            }
        }
    }
}
