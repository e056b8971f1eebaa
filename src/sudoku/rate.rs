//! Rating Sudoku puzzles: the deductions of [`crate::dlx::deduce`] on a
//! puzzle's reduced exact-cover problem, of any size.
//!
//! The classes are the four kinds of items of the compiler (cell,
//! row-digit, column-digit, box-digit), the cells being the places. So a
//! naked single is a cell with one candidate, a hidden single a digit with
//! one place left in a row, column or box, an intersection a pointing pair
//! or triple or a box/line reduction, a naked subset `k` cells of one row,
//! column or box whose candidates lie within `k` digits, and a hidden
//! subset `k` digits of one row, column or box whose places lie within `k`
//! cells. docs/rating.md gives the levels and the score, and compares them
//! with qqwing's.

use std::fmt;
use std::str::FromStr;

use super::variant::Variant;
use super::{CLASS_CELL, CompiledOptions, DlxSolver, Grid, PuzzleError, Subject};
use crate::dlx::OptionId;
use crate::dlx::cancel::SharedCancel;
use crate::dlx::deduce::{self, Deducer, Instance, Rating, Rules, SUBSET_SIZES};

/// A level: the hardest kind of step needed, named as qqwing names its
/// levels (docs/rating.md says where the definitions differ).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Level {
    /// Naked singles alone solve it.
    Simple,
    /// Hidden singles are needed too.
    Easy,
    /// Intersections or subsets are needed.
    Intermediate,
    /// The rules stall: guessing is needed.
    Expert,
}

impl Level {
    /// Every level, easiest first.
    pub(crate) const ALL: [Level; 4] = [
        Level::Simple,
        Level::Easy,
        Level::Intermediate,
        Level::Expert,
    ];

    /// The level's word (`simple`, `easy`, `intermediate`, `expert`).
    pub(crate) fn name(self) -> &'static str {
        match self {
            Level::Simple => "simple",
            Level::Easy => "easy",
            Level::Intermediate => "intermediate",
            Level::Expert => "expert",
        }
    }
}

/// The level's word (`simple`, `easy`, `intermediate`, `expert`).
impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The level a word names, or why it names none.
impl FromStr for Level {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| {
                format!("unknown difficulty '{s}' (expected simple, easy, intermediate or expert)")
            })
    }
}

/// Points per use of each step in [`Grade::score`].
pub(crate) mod weights {
    /// A naked single.
    pub(crate) const NAKED_SINGLE: u64 = 1;
    /// A hidden single.
    pub(crate) const HIDDEN_SINGLE: u64 = 2;
    /// An intersection.
    pub(crate) const INTERSECTION: u64 = 5;
    /// A subset of size `k` (naked or hidden): `k` times this.
    pub(crate) const SUBSET_PER_ITEM: u64 = 5;
    /// One guess.
    pub(crate) const GUESS: u64 = 20;
    /// One guess that led to a contradiction, on top of [`GUESS`].
    pub(crate) const BACKTRACK: u64 = 10;
}

/// A deducer's [`Rating`] read as a Sudoku's: its level and its score.
/// The deducer counts steps on any exact-cover problem; naming levels
/// after qqwing's and weighting the steps is this module's.
pub trait Grade {
    /// The level: the hardest kind of step used.
    fn level(&self) -> Level;
    /// The score: each step used, weighted by how hard it is
    /// (`weights`), summed.
    fn score(&self) -> u64;
}

impl Grade for Rating {
    fn level(&self) -> Level {
        let t = self;
        let subsets: u64 = t.naked_subsets.iter().chain(&t.hidden_subsets).sum();
        if self.guesses > 0 {
            Level::Expert
        } else if t.intersections + subsets > 0 {
            Level::Intermediate
        } else if t.hidden_singles > 0 {
            Level::Easy
        } else {
            Level::Simple
        }
    }

    fn score(&self) -> u64 {
        use weights::*;
        let t = self;
        let subsets: u64 = (0..SUBSET_SIZES)
            .map(|i| (i as u64 + 2) * SUBSET_PER_ITEM * (t.naked_subsets[i] + t.hidden_subsets[i]))
            .sum();
        t.naked_singles * NAKED_SINGLE
            + t.hidden_singles * HIDDEN_SINGLE
            + t.intersections * INTERSECTION
            + subsets
            + self.guesses * GUESS
            + self.backtracks * BACKTRACK
    }
}

/// Why a puzzle could not be rated, or its path explained.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RateError {
    /// The puzzle cannot be rated: givens that clash, or rules the rating
    /// does not take ([`PuzzleError::Unrated`]).
    #[error("{0}")]
    Puzzle(#[from] PuzzleError),
    /// The guess budget ([`deduce::Rules::max_guesses`]) ran out before
    /// the search ended: how many guesses were made.
    #[error("gave up after {0} guesses")]
    GaveUp(u64),
    /// The cancel ([`Solvers::set_cancel`](super::Solvers::set_cancel))
    /// stopped the rating or the explanation.
    #[error("cancelled")]
    Cancelled,
    /// The deductions were given a problem they cannot read: a defect of
    /// the compiler, with the deducer's words.
    #[error("{0}")]
    Malformed(String),
    /// A step of an explained path disagreed with the puzzle's solution
    /// (its number, from 1, and what is wrong): a defect, reported rather
    /// than printed.
    #[error("internal error: step {0} contradicts the solution: {1}")]
    Unsound(usize, String),
}

impl From<deduce::DeduceError> for RateError {
    fn from(e: deduce::DeduceError) -> Self {
        match e {
            deduce::DeduceError::Malformed(m) => RateError::Malformed(m),
            deduce::DeduceError::GaveUp(n) => RateError::GaveUp(n),
            deduce::DeduceError::Cancelled => RateError::Cancelled,
        }
    }
}

/// Rates puzzles of any shape; keeps one compiler, for the latest shape,
/// and the deducer's tables.
#[derive(Default)]
pub struct Rater {
    solver: Option<DlxSolver>,
    deducer: Deducer,
}

impl Rater {
    /// A rater with nothing compiled yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Makes every later rating stop early once `cancel` says so, with
    /// [`RateError::Cancelled`] (`None`: never). The deductions
    /// ask it before each puzzle and every so often while they run
    /// (`deduce::CANCEL_WORK`); compiling a puzzle runs no search, so
    /// nothing else needs to ask. A rating that comes back is whole.
    pub fn set_cancel(&mut self, cancel: Option<SharedCancel>) {
        self.deducer.set_cancel(cancel);
    }

    /// Rates the plain Sudoku `puzzle` under `rules`. The rating's
    /// `solutions` (0, 1, or 2 for "two or more") says whether it is a
    /// proper puzzle.
    pub fn rate(&mut self, puzzle: &Grid, rules: &Rules) -> Result<Rating, RateError> {
        self.rate_in(puzzle, None, rules)
    }

    /// Rates `puzzle` under the rules of `variant` (jigsaw regions,
    /// diagonals, windows, cages: every house is a class of its own kind).
    pub fn rate_variant(
        &mut self,
        puzzle: &Grid,
        variant: &Variant,
        rules: &Rules,
    ) -> Result<Rating, RateError> {
        self.rate_in(puzzle, Some(variant), rules)
    }

    /// The rules' moves on `puzzle` (plain rules of its shape) before any
    /// guess, in the order [`Rater::rate`] makes them, with what each
    /// option places: the ground of an explained solve path (issue 42).
    #[cfg(test)]
    pub(crate) fn explain(
        &mut self,
        puzzle: &Grid,
        rules: &Rules,
    ) -> Result<Explanation, RateError> {
        self.explain_by(puzzle, None, |deducer, instance| {
            deducer.explain(instance, rules)
        })
    }

    /// The explained path of `puzzle` under `variant`'s rules (plain
    /// rules of its shape if `None`) by `ladder`, at most `max_steps`
    /// steps ([`Deducer::walk`]).
    pub(crate) fn walk(
        &mut self,
        puzzle: &Grid,
        variant: Option<&Variant>,
        ladder: &[deduce::Technique],
        max_steps: usize,
    ) -> Result<Explanation, RateError> {
        self.explain_by(puzzle, variant, |deducer, instance| {
            deducer.walk(instance, ladder, max_steps)
        })
    }

    /// The steps `f` makes on `puzzle`'s problem, with what each option
    /// places and what each item is.
    fn explain_by(
        &mut self,
        puzzle: &Grid,
        variant: Option<&Variant>,
        f: impl FnOnce(
            &mut Deducer,
            Instance<'_>,
        ) -> Result<(Vec<deduce::Step>, deduce::Ending), deduce::DeduceError>,
    ) -> Result<Explanation, RateError> {
        self.with_instance(puzzle, variant, |deducer, instance, options| {
            let (steps, ending) = f(deducer, instance)?;
            let placements = options.placements;
            let places: Vec<_> = (0..instance.problem.option_count())
                .map(|k| placements.get(OptionId(k as u32)))
                .collect();
            let sets = (0..instance.problem.option_count())
                .map(|k| placements.set(OptionId(k as u32)))
                .collect();
            // Each item by its class and what one of its options places.
            let mut items = vec![None; instance.class.len()];
            for (k, place) in places.iter().enumerate() {
                for &i in instance.problem.option(k).unwrap_or(&[]) {
                    let slot = &mut items[i as usize];
                    if slot.is_none() {
                        *slot = place.map(|p| (instance.class[i as usize], p));
                    }
                }
            }
            Ok(Explanation {
                steps,
                ending,
                places,
                sets,
                items,
                subjects: options.subjects.to_vec(),
            })
        })
    }

    fn rate_in(
        &mut self,
        puzzle: &Grid,
        variant: Option<&Variant>,
        rules: &Rules,
    ) -> Result<Rating, RateError> {
        self.with_instance(puzzle, variant, |deducer, instance, _| {
            Ok(deducer.rate(instance, rules)?)
        })
    }

    /// `f` on the deducer and `puzzle`'s reduced problem under `variant`
    /// (plain rules of its shape if `None`), with what its options place
    /// and its items stand for.
    fn with_instance<R>(
        &mut self,
        puzzle: &Grid,
        variant: Option<&Variant>,
        f: impl FnOnce(&mut Deducer, Instance<'_>, CompiledOptions<'_>) -> Result<R, RateError>,
    ) -> Result<R, RateError> {
        let fits = |s: &DlxSolver| match variant {
            Some(v) => s.variant() == v,
            None => s.shape() == puzzle.shape() && s.variant().is_plain(),
        };
        let solver = match &mut self.solver {
            Some(solver) if fits(solver) => solver,
            slot => slot.insert(match variant {
                Some(v) => DlxSolver::for_variant(v.clone()),
                None => DlxSolver::new(puzzle.shape()),
            }),
        };
        let deducer = &mut self.deducer;
        solver.with_options(puzzle, |options| {
            let instance = Instance {
                problem: options.problem,
                class: options.class,
                places: CLASS_CELL,
            };
            f(deducer, instance, options)
        })?
    }
}

/// The rules' moves on a puzzle before any guess (`Rater::explain`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Explanation {
    /// The moves, in the reduced problem's items and options.
    pub steps: Vec<deduce::Step>,
    /// Where the rules stopped.
    pub ending: deduce::Ending,
    /// What each option of the reduced problem places: its 0-based row
    /// and column and its digit.
    pub places: Vec<Option<Placed>>,
    /// The cage and digit set (a mask, bit `d` for digit `d + 1`) each
    /// option of a killer cage's set chooses (`Placements::set`).
    pub sets: Vec<Option<(usize, u64)>>,
    /// What each item of the reduced problem stands for.
    pub subjects: Vec<Subject>,
    /// Each item of the reduced problem: its class (`CLASS_CELL` for a
    /// cell, then 1 rows, 2 columns, 3 boxes for a house's digit) and
    /// what one of its options places, which names it (`None` for an
    /// item with no option).
    pub items: Vec<Option<(u8, Placed)>>,
}

/// What an option places: its 0-based row and column and its digit.
pub(crate) type Placed = (usize, usize, u8);

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn the_grade_is_the_hardest_step_and_the_weighted_sum() {
        let mut r = Rating {
            naked_singles: 3,
            solutions: 1,
            ..Default::default()
        };
        assert_eq!((r.level(), r.score()), (Level::Simple, 3));
        r.hidden_singles = 2;
        assert_eq!((r.level(), r.score()), (Level::Easy, 3 + 4));
        r.naked_subsets[1] = 1;
        assert_eq!((r.level(), r.score()), (Level::Intermediate, 3 + 4 + 15));
        (r.guesses, r.backtracks) = (2, 1);
        assert_eq!((r.level(), r.score()), (Level::Expert, 22 + 40 + 10));
        assert_eq!("expert".parse(), Ok(Level::Expert));
    }
    use crate::sudoku::{DlxSolver, NaiveSolver, Shape, SudokuSolver};

    /// A 4x4 or 9x9 puzzle from its line.
    pub(crate) fn grid(line: &str) -> Grid {
        let n = (line.len() as f64).sqrt() as usize;
        let shape = match n {
            4 => Shape::FOUR,
            9 => Shape::NINE,
            _ => panic!("test puzzles are 4x4 or 9x9"),
        };
        let cells = line
            .bytes()
            .map(|b| if b == b'.' { 0 } else { b - b'0' })
            .collect();
        Grid::from_cells(shape, cells).unwrap()
    }

    fn rate(line: &str) -> Rating {
        Rater::new().rate(&grid(line), &Rules::default()).unwrap()
    }

    #[test]
    fn a_full_grid_is_simple_with_nothing_to_do() {
        let r = rate("1234341221434321");
        assert_eq!((r.solutions, r.level(), r.score()), (1, Level::Simple, 0));
    }

    #[test]
    fn one_empty_cell_is_a_naked_single() {
        let r = rate("1234341221434.21");
        assert_eq!(r.naked_singles, 1);
        assert_eq!((r.solutions, r.level()), (1, Level::Simple));
    }

    #[test]
    fn a_blank_grid_has_many_solutions_and_needs_guessing() {
        let r = Rater::new()
            .rate(&Grid::empty(Shape::NINE), &Rules::default())
            .unwrap();
        assert_eq!((r.solutions, r.level()), (2, Level::Expert));
    }

    #[test]
    fn the_solution_count_agrees_with_the_naive_search() {
        // Blanking more and more of a solved 4x4 grid crosses from unique
        // to several solutions; the rating must say so at the same point.
        let solved = grid("1234341221434321");
        let mut rater = Rater::new();
        let mut naive = NaiveSolver::new();
        let mut g = solved.clone();
        for cell in [0, 5, 10, 15, 3, 6, 9, 12, 1, 14, 7, 8] {
            g.set(cell / 4, cell % 4, 0);
            let expected = naive.count_up_to(&g, 2).unwrap().solutions;
            let r = rater.rate(&g, &Rules::default()).unwrap();
            assert_eq!(
                u128::from(r.solutions),
                expected,
                "blanked through cell {cell}"
            );
        }
    }

    #[test]
    fn a_cancelled_rater_stops_at_once_and_rates_as_before_once_let_go() {
        use std::sync::Arc;
        use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
        // Blank grids need guessing, a 16x16 one tens of thousands of moves.
        let blank = Grid::empty(Shape::new(4, 4).unwrap());
        let rules = Rules::default();
        let before = Rater::new().rate(&blank, &rules).unwrap();
        // "At once": the rater gives up the first time it is asked, which
        // a cancel that counts the questions shows without a clock.
        struct Counted(AtomicBool, AtomicU64);
        impl crate::dlx::cancel::Cancel for Counted {
            fn is_cancelled(&self) -> bool {
                self.1.fetch_add(1, Ordering::Relaxed);
                self.0.load(Ordering::Relaxed)
            }
        }
        let stop = Arc::new(Counted(AtomicBool::new(true), AtomicU64::new(0)));
        let mut rater = Rater::new();
        rater.set_cancel(Some(stop.clone()));
        for asked in 1..=3 {
            let err = rater.rate(&blank, &rules).unwrap_err();
            assert!(err == RateError::Cancelled && err.to_string() == "cancelled");
            assert_eq!(stop.1.load(Ordering::Relaxed), asked);
        }
        stop.0.store(false, Ordering::Relaxed);
        assert_eq!(rater.rate(&blank, &rules), Ok(before));
        rater.set_cancel(None);
        assert_eq!(rater.rate(&blank, &rules), Ok(before));
    }

    #[test]
    fn every_step_of_an_explanation_keeps_the_solution_and_they_add_up_to_the_rating() {
        // The steps are checked against the solution found by the search
        // (code other than the rules): a single chooses the solution's
        // digit, and nothing removed is the solution's digit of its cell.
        // Counted by kind, they are the rating's tally before its first
        // guess, and they end solved exactly when the rating guesses not.
        use crate::dlx::deduce::{Ending, Move};
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let (mut rater, mut solver) = (Rater::new(), DlxSolver::new(Shape::NINE));
        let rules = Rules::default();
        let mut seen = [0u64; 4];
        for file in ["17_clue", "magictour_top1465"] {
            let text = std::fs::read_to_string(dir.join(format!("data/bench/{file}.txt"))).unwrap();
            for line in text.lines().filter(|l| !l.starts_with('#')).take(150) {
                let puzzle = grid(line);
                let solved = solver.unique_solution(&puzzle).unwrap().expect("unique");
                let e = rater.explain(&puzzle, &rules).unwrap();
                let digit = |k: u32| {
                    let (r, c, d) = e.places[k as usize].expect("a cell option");
                    (d, solved.get(r, c))
                };
                let mut tally = Rating::default();
                for step in &e.steps {
                    if let Some(k) = step.chosen {
                        let (d, want) = digit(k);
                        assert_eq!(d, want, "{line}: {step:?}");
                    }
                    for &k in &step.removed {
                        let (d, want) = digit(k);
                        assert_ne!(d, want, "{line}: {step:?}");
                    }
                    assert!(step.chosen.is_some() || !step.removed.is_empty());
                    match step.kind {
                        Move::NakedSingle => tally.naked_singles += 1,
                        Move::HiddenSingle => tally.hidden_singles += 1,
                        Move::Intersection => tally.intersections += 1,
                        Move::NakedSubset(k) => tally.naked_subsets[k - 2] += 1,
                        Move::HiddenSubset(k) => tally.hidden_subsets[k - 2] += 1,
                        other => panic!("the rating has no {other:?}"),
                    }
                    let kind = match step.kind {
                        Move::NakedSingle | Move::HiddenSingle => 0,
                        Move::Intersection => 1,
                        _ => 2,
                    };
                    seen[kind] += 1;
                }
                let rating = rater.rate(&puzzle, &rules).unwrap();
                // The deductions' counts: all but the last two steps.
                assert_eq!(tally.steps()[..9], rating.steps()[..9], "{line}");
                assert_eq!(e.ending == Ending::Solved, rating.guesses == 0, "{line}");
                seen[3] += u64::from(e.ending == Ending::Stalled);
            }
        }
        // Singles, intersections and subsets each met, and stalls too.
        assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
    }

    #[test]
    fn clashing_givens_are_an_error() {
        let err = Rater::new()
            .rate(&grid("11.............."), &Rules::default())
            .unwrap_err();
        assert!(matches!(err, RateError::Puzzle(PuzzleError::Conflict(_))));
    }
}
