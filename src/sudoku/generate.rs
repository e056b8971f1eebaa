//! Making puzzles.
//!
//! - [`solved_grid`]: a full grid by formula and symmetries, no solver
//!   involved, so tests can plant it and check solvers against it.
//! - [`minimal_puzzle`]: givens carved from a solution while the puzzle
//!   stays unique, so that none can be spared.
//! - [`Generator`], behind `dlx generate`: random puzzles of any shape with
//!   a [`Symmetry`] of the clue pattern, optionally minimal, with at most
//!   a number of clues, or of a difficulty level ([`super::rate`]).
//!
//! Invariants of [`Generator::generate`]: every puzzle it returns has
//! exactly one solution, the one returned with it, checked with the
//! engine ([`DlxSolver`]) as the last step; its clue pattern is a union
//! of orbits of the symmetry, so the symmetry maps it onto itself; the
//! result depends only on the shape, the settings and the [`Rng`] it is
//! given (puzzle `i` of a seed uses [`Rng::for_puzzle`]), never on
//! threads or timing.

use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;

use super::rate::Rater;
use super::variant::Variant;
use super::{DlxSolver, Grid, Shape, SudokuSolver};
use std::sync::Arc;

use crate::dlx::cancel::{NodeBudget, SharedCancel, is_cancelled};
use crate::dlx::deduce::Rules;
use crate::dlx::{Outcome, Propagate, SearchLimits};
use crate::sudoku::rate::Level;
use crate::workers::Batch;

mod fit;
mod grids;
pub(crate) use grids::shuffle;
pub use grids::{Rng, solved_grid};

/// Removes the givens of `solution` one by one in the order `cells`,
/// keeping each removal only if the puzzle stays uniquely solvable: the
/// result is minimal when `cells` lists every cell.
#[cfg(any(test, feature = "unstable"))]
pub fn minimal_puzzle(solver: &mut dyn SudokuSolver, solution: &Grid, cells: &[usize]) -> Grid {
    let mut puzzle = solution.clone();
    remove_while_unique(solver, &mut puzzle, cells.iter().map(std::slice::from_ref));
    puzzle
}

/// Empties each group of cells of `puzzle` in turn (a group goes as a
/// whole: an orbit of a symmetry, or one cell), keeping the removal only
/// if the puzzle stays uniquely solvable. A unique puzzle stays unique;
/// when the groups cover every given, no group left can be removed.
pub(crate) fn remove_while_unique<'g>(
    solver: &mut dyn SudokuSolver,
    puzzle: &mut Grid,
    groups: impl IntoIterator<Item = &'g [usize]>,
) {
    let n = puzzle.n();
    for group in groups {
        let givens: Vec<u8> = group.iter().map(|&k| puzzle.get(k / n, k % n)).collect();
        if givens.iter().all(|&d| d == 0) {
            continue;
        }
        for &k in group {
            puzzle.set(k / n, k % n, 0);
        }
        if !is_unique(solver, puzzle) {
            for (&k, &d) in group.iter().zip(&givens) {
                puzzle.set(k / n, k % n, d);
            }
        }
    }
}

/// Whether `puzzle` has exactly one solution; a puzzle the solver cannot
/// take (clashing givens) has not.
fn is_unique(solver: &mut dyn SudokuSolver, puzzle: &Grid) -> bool {
    solver.is_unique(puzzle).unwrap_or(false)
}

/// A symmetry of the clue pattern: a permutation of the cells of the
/// n x n grid. Every symmetry applies to every shape, since the grid is
/// always square; only the pattern of clues is symmetric, not the digits
/// (as in published puzzles).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Symmetry {
    /// No constraint on the pattern.
    #[default]
    None,
    /// Half-turn rotation: (r, c) and (n-1-r, n-1-c).
    Rot180,
    /// Quarter-turn rotation: (r, c), (c, n-1-r), (n-1-r, n-1-c), (n-1-c, r).
    Rot90,
    /// Left-right mirror: (r, c) and (r, n-1-c).
    Mirror,
    /// Reflection in the main diagonal: (r, c) and (c, r).
    Diagonal,
}

impl Symmetry {
    /// Every symmetry, in the order of `--help`.
    pub(crate) const ALL: [Symmetry; 5] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ];

    /// The name `--symmetry` takes.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }

    /// The image of cell (r, c) of an n x n grid.
    pub(crate) fn image(self, n: usize, r: usize, c: usize) -> (usize, usize) {
        match self {
            Symmetry::None => (r, c),
            Symmetry::Rot180 => (n - 1 - r, n - 1 - c),
            Symmetry::Rot90 => (c, n - 1 - r),
            Symmetry::Mirror => (r, n - 1 - c),
            Symmetry::Diagonal => (c, r),
        }
    }

    /// The orbits of the cells (indices `r * n + c`) of an n x n grid:
    /// disjoint sets, together every cell, each mapped onto itself. In
    /// order of their smallest cell, each listed from it.
    pub(crate) fn orbits(self, n: usize) -> Vec<Vec<usize>> {
        let mut seen = vec![false; n * n];
        let mut orbits = Vec::new();
        for k in 0..n * n {
            if seen[k] {
                continue;
            }
            let mut orbit = Vec::new();
            let (mut r, mut c) = (k / n, k % n);
            while !seen[r * n + c] {
                seen[r * n + c] = true;
                orbit.push(r * n + c);
                (r, c) = self.image(n, r, c);
            }
            orbits.push(orbit);
        }
        orbits
    }

    /// Whether the clue pattern of `grid` is mapped onto itself.
    #[cfg(any(test, feature = "unstable"))]
    pub(crate) fn holds_for(self, grid: &Grid) -> bool {
        let n = grid.n();
        (0..n * n).all(|k| {
            let (r, c) = self.image(n, k / n, k % n);
            (grid.get(k / n, k % n) == 0) == (grid.get(r, c) == 0)
        })
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Symmetry {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        Self::ALL
            .into_iter()
            .find(|y| y.name() == s)
            .ok_or_else(|| {
                let names: Vec<_> = Self::ALL.iter().map(|y| y.name()).collect();
                format!("unknown symmetry '{s}' (expected {})", names.join(", "))
            })
    }
}

/// What [`Generator`] makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The symmetry of the clue pattern.
    pub symmetry: Symmetry,
    /// Whether no clue (no orbit, with a symmetry) can be removed without
    /// a second solution.
    pub minimal: bool,
    /// At most this many clues.
    pub max_clues: Option<usize>,
    /// Only puzzles rated at this level ([`Solvers::rate`](super::Solvers::rate)),
    /// under [`Rules::default`].
    pub difficulty: Option<Level>,
    /// Only puzzles whose explained path ([`Solvers::explain`](super::Solvers::explain)) rates
    /// within these tenths of Sudoku Explainer's scale (ER, both ends
    /// included): `(40, 60)` for 4.0 to 6.0. Plain Sudoku only.
    pub se_rating: Option<(u32, u32)>,
    /// Only puzzles whose explained path uses this technique
    /// ([`super::explain::technique_names`]). Plain Sudoku only.
    pub technique: Option<&'static str>,
    /// Fresh solutions tried per puzzle before giving up on `max_clues`,
    /// `difficulty`, `se_rating` or `technique` (by default 100).
    pub tries: usize,
    /// Jigsaw: each puzzle gets random regions of its own in place of the
    /// boxes (`random_regions`, drawn again while no solution is found
    /// within a node budget), on top of the generator's rules (plain, or
    /// with X).
    pub jigsaw: bool,
    /// The search nodes each puzzle may take (completions, uniqueness
    /// checks, jigsaw draws, all together): past them the puzzle is
    /// [`GenerateError::NodeLimit`] (`None`: no bound). The ratings of
    /// `difficulty` are bounded by their own guess budget, not by this. A
    /// bound that is not reached changes nothing: the same puzzle comes
    /// out.
    pub max_nodes: Option<u64>,
}

impl Settings {
    /// Whether each try is rated by its explained path.
    fn explained(&self) -> bool {
        self.se_rating.is_some() || self.technique.is_some()
    }
}

/// Tries per puzzle for `--clues` and `--difficulty` (each a fresh
/// solution and order): the default of [`Settings::tries`].
const CLUE_TRIES: usize = 100;

impl Default for Settings {
    fn default() -> Self {
        Self {
            symmetry: Symmetry::None,
            minimal: false,
            max_clues: None,
            difficulty: None,
            se_rating: None,
            technique: None,
            tries: CLUE_TRIES,
            jigsaw: false,
            max_nodes: None,
        }
    }
}

/// A puzzle and its one solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The clues.
    pub puzzle: Grid,
    /// Its only solution.
    pub solution: Grid,
    /// The rules it is unique under: the generator's, with the regions
    /// drawn for this puzzle for jigsaw ([`Variant::fields`] writes them).
    pub rules: Variant,
}

/// Why no puzzle came out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// No try reached the clue bound.
    #[error("no puzzle with at most {max} clues in {tries} tries (the fewest: {fewest})")]
    TooManyClues {
        /// The bound asked for.
        max: usize,
        /// The tries made.
        tries: usize,
        /// The fewest clues any try reached.
        fewest: usize,
    },
    /// No try came out at the level asked for.
    #[error(
        "no {level} puzzle in {tries} tries (the tries were rated simple {}, easy {}, intermediate {}, expert {})",
        seen[0], seen[1], seen[2], seen[3]
    )]
    WrongLevel {
        /// The level asked for.
        level: Level,
        /// The tries made.
        tries: usize,
        /// How many tries came out at each level, easiest first.
        seen: [usize; 4],
    },
    /// No try fitted `se_rating` and `technique`.
    #[error("no try of {tries} rated within the band of Sudoku Explainer's scale and used the technique asked for (most ER {hardest}.{tenth}); try more --tries or an easier band", hardest = hardest / 10, tenth = hardest % 10)]
    NotExplained {
        /// The tries made.
        tries: usize,
        /// The highest ER seen, tenths.
        hardest: u32,
    },
    /// Sudoku Explainer's scale (`se_rating`, `technique`) was asked for
    /// under rules other than plain Sudoku's.
    #[error("--rating and --technique take plain Sudoku only, not {0}")]
    ExplainedVariant(String),
    /// The final check with the engine failed (a bug, never expected).
    #[error("internal error: a generated puzzle is not unique")]
    NotUnique,
    /// No jigsaw regions drawn had a solution found within the budget.
    #[error("no jigsaw regions with a solution in {tries} draws")]
    NoRegions {
        /// The regions drawn.
        tries: usize,
    },
    /// The generator's [`Cancel`](crate::dlx::cancel::Cancel) said to stop
    /// ([`Generator::set_cancel`]).
    #[error("cancelled")]
    Cancelled,
    /// The puzzle's searches reached the node bound
    /// ([`Settings::max_nodes`]) before it was made.
    #[error("not made within {max} search nodes")]
    NodeLimit {
        /// The bound.
        max: u64,
    },
    /// No full grid satisfies the rules, so no puzzle exists
    /// ([`Generator::for_variant`] says so): X on 2x2 and 3x3 grids, for example.
    #[error("no {n}x{n} grid satisfies the rules ({rules}), so there is no puzzle to make")]
    NoGrid {
        /// The side of the grid.
        n: usize,
        /// The rules' name ([`Variant::name`]).
        rules: String,
    },
}

/// Search nodes, per cell, that [`Generator::check_rules`] spends looking
/// for a full grid before it lets the generator try.
const CHECK_NODES_PER_CELL: u64 = 1000;

/// Makes random unique puzzles of one shape, with its own solver.
///
/// Each try: a random solution (`random_solution`), the orbits of the
/// symmetry in a random order, and the shortest prefix of that order whose
/// clues leave one solution, found by bisection (uniqueness only grows as
/// clues of one solution are added). With `minimal`, or when the clues
/// are over `max_clues`, every orbit of the prefix but the last (which is
/// needed, by the bisection) is then removed in turn where uniqueness
/// allows (`remove_while_unique`).
///
/// With a `difficulty`, each try is made minimal and rated (random puzzles
/// that are not minimal are nearly all simple); a try rated harder than asked
/// gets clues of its solution back, whole orbits in a random order, as
/// few as bring the rating down to the level or below (found by
/// bisection: more clues never make a puzzle harder, since a given is
/// what every deduction is working towards), unless the puzzle is to be
/// minimal. The try is kept if it then has the level asked for.
pub struct Generator {
    settings: Settings,
    orbits: Vec<Vec<usize>>,
    solver: DlxSolver,
    rater: Rater,
    /// For jigsaw: the other rules, to which each puzzle's own random
    /// regions are added ([`random_regions`]).
    jigsaw: Option<Variant>,
    /// Asked before each try, by every search and by every rating: the
    /// caller's cancel ([`Generator::set_cancel`]) and the node budget
    /// ([`Settings::max_nodes`]) together; the solver and the rater
    /// hold it too. Invariant: all three hold the same one, and the solver
    /// holds `budget`.
    cancel: Option<SharedCancel>,
    /// The caller's cancel alone.
    caller_cancel: Option<SharedCancel>,
    /// The search nodes each puzzle may take, counted anew at each
    /// [`Generator::generate`].
    budget: Option<Arc<NodeBudget>>,
}

impl Generator {
    /// A generator of plain Sudoku puzzles of `shape`.
    #[cfg(any(test, feature = "unstable"))]
    pub(crate) fn new(shape: Shape, settings: Settings) -> Self {
        Self::unchecked(Variant::plain(shape), settings)
    }

    /// A generator of puzzles with the rules `variant` (with
    /// [`Settings::jigsaw`], each puzzle's own regions on top of them):
    /// every check of uniqueness and every rating is under those rules.
    /// Plain Sudoku, X and hyper (and the two together) are supported here,
    /// and killer cages are not generated. [`GenerateError::NoGrid`] when
    /// the rules admit no puzzle at all (`check_rules`).
    pub fn for_variant(variant: Variant, settings: Settings) -> Result<Self, GenerateError> {
        let max_nodes = settings.max_nodes;
        let mut generator = Self::unchecked(
            variant,
            Settings {
                max_nodes: None,
                ..settings
            },
        );
        // Checked before the node budget is set, which bounds the puzzles.
        generator.check_rules()?;
        generator.settings.max_nodes = max_nodes;
        generator.budget = max_nodes.map(|n| Arc::new(NodeBudget::new(n)));
        generator.share_bounds();
        Ok(generator)
    }

    /// A generator of puzzles with the rules `variant` and `settings`, the
    /// rules not checked (`check_rules`).
    pub(crate) fn unchecked(variant: Variant, settings: Settings) -> Self {
        let mut generator = Self {
            settings,
            orbits: settings.symmetry.orbits(variant.n()),
            jigsaw: settings.jigsaw.then(|| variant.clone()),
            solver: DlxSolver::for_variant(variant),
            rater: Rater::new(),
            cancel: None,
            caller_cancel: None,
            budget: settings.max_nodes.map(|n| Arc::new(NodeBudget::new(n))),
        };
        generator.share_bounds();
        generator
    }

    /// Makes every later puzzle ([`generate_range`]) stop early once `cancel`
    /// says so, with [`GenerateError::Cancelled`] (`None`: never).
    pub fn set_cancel(&mut self, cancel: Option<SharedCancel>) {
        self.caller_cancel = cancel;
        self.share_bounds();
    }

    /// Hands the caller's cancel and the node budget, as one cancel, to the
    /// solver and the rater (the invariant of `cancel`).
    fn share_bounds(&mut self) {
        let budget = self.budget.clone();
        self.cancel = match (&self.caller_cancel, &budget) {
            (None, None) => None,
            (Some(c), None) => Some(c.clone()),
            (None, Some(b)) => Some(b.clone() as SharedCancel),
            (Some(c), Some(b)) => Some(Arc::new(vec![c.clone(), b.clone()]) as SharedCancel),
        };
        self.solver.set_cancel(self.cancel.clone());
        self.solver.set_node_budget(budget);
        self.rater.set_cancel(self.cancel.clone());
    }

    /// Whether the rules admit a puzzle at all: [`GenerateError::NoGrid`]
    /// when the engine proves that no full grid satisfies them (a search
    /// of the blank grid that ends with no solution). Plain Sudoku always
    /// has grids; jigsaw regions are drawn per puzzle, and a draw with no
    /// solution is drawn again, so both pass without a search, and so does
    /// a search cut by its node budget (about a thousand nodes per cell),
    /// which leaves the question to the generator. [`Generator::for_variant`]
    /// calls it, so that a generator always has grids to carve.
    fn check_rules(&mut self) -> Result<(), GenerateError> {
        let variant = self.solver.variant();
        if self.jigsaw.is_some() || variant.is_plain() {
            return Ok(());
        }
        let shape = variant.shape();
        let limits = SearchLimits {
            max_solutions: 1,
            max_nodes: CHECK_NODES_PER_CELL * shape.cells() as u64,
        };
        match self.solver.search(&Grid::empty(shape), limits, None) {
            Ok(report) if report.outcome == Outcome::Exhausted && report.stats.solutions == 0 => {
                Err(GenerateError::NoGrid {
                    n: shape.n(),
                    rules: self.solver.variant().name(),
                })
            }
            _ => Ok(()),
        }
    }

    /// One puzzle, drawn from `rng`; [`GenerateError::Cancelled`] if the
    /// generator's cancel said to stop before or while it was made (what
    /// the searches gave then is partial, so nothing made is kept).
    pub(crate) fn generate(&mut self, rng: &mut Rng) -> Result<Generated, GenerateError> {
        if let Some(budget) = &self.budget {
            budget.reset();
        }
        let made = self.generate_unless_cancelled(rng);
        if is_cancelled(self.caller_cancel.as_ref()) {
            return Err(GenerateError::Cancelled);
        }
        match &self.budget {
            Some(budget) if budget.is_spent() => {
                Err(GenerateError::NodeLimit { max: budget.max() })
            }
            _ => made,
        }
    }

    /// [`Generator::generate`], giving up (with any result) as soon as it
    /// sees the cancel set.
    fn generate_unless_cancelled(&mut self, rng: &mut Rng) -> Result<Generated, GenerateError> {
        if let Some(base) = &self.jigsaw {
            let budget = self.budget.as_ref();
            self.solver = regions_with_a_solution(base, rng, self.cancel.as_ref(), budget)?;
        }
        let Settings {
            max_clues,
            difficulty,
            ..
        } = self.settings;
        let explained = self.settings.explained();
        if explained && !self.solver.variant().is_plain() {
            return Err(GenerateError::ExplainedVariant(
                self.solver.variant().name(),
            ));
        }
        let mut hardest = 0;
        let tries = if max_clues.is_some() || difficulty.is_some() || explained {
            self.settings.tries.max(1)
        } else {
            1
        };
        let mut fewest = usize::MAX;
        let mut seen = [0; 4];
        for _ in 0..tries {
            if is_cancelled(self.cancel.as_ref()) {
                return Err(GenerateError::Cancelled);
            }
            let (mut puzzle, solution) = self.attempt(rng);
            if let Some(target) = difficulty {
                let level = self.fit_level(&mut puzzle, &solution, target, rng)?;
                seen[level as usize] += 1;
                if level != target {
                    continue;
                }
            }
            if explained {
                match self.explained_fits(&puzzle)? {
                    (true, _) => {}
                    (false, er) => {
                        hardest = hardest.max(er);
                        continue;
                    }
                }
            }
            let clues = puzzle.filled();
            fewest = fewest.min(clues);
            if max_clues.is_none_or(|max| clues <= max) {
                return match self.solver.unique_solution(&puzzle) {
                    Ok(Some(s)) if s == solution => Ok(Generated {
                        puzzle,
                        solution,
                        rules: self.solver.variant().clone(),
                    }),
                    _ => Err(GenerateError::NotUnique),
                };
            }
        }
        match (difficulty, max_clues) {
            _ if explained && fewest == usize::MAX => {
                Err(GenerateError::NotExplained { tries, hardest })
            }
            (Some(level), _) if fewest == usize::MAX => {
                Err(GenerateError::WrongLevel { level, tries, seen })
            }
            _ => Err(GenerateError::TooManyClues {
                max: max_clues.unwrap_or(0),
                tries,
                fewest,
            }),
        }
    }

    /// One try: a unique puzzle and its solution, minimal if asked for or
    /// if over the clue bound.
    fn attempt(&mut self, rng: &mut Rng) -> (Grid, Grid) {
        let solution = if self.solver.variant().is_plain() {
            random_solution(&mut self.solver, rng)
        } else {
            random_variant_solution(&mut self.solver, rng)
        };
        let order = rng.permutation(self.orbits.len());
        let n = solution.n();
        let prefix = |k: usize| {
            let mut puzzle = Grid::empty(solution.shape());
            for &o in &order[..k] {
                for &cell in &self.orbits[o] {
                    puzzle.set(cell / n, cell % n, solution.get(cell / n, cell % n));
                }
            }
            puzzle
        };
        let (mut lo, mut hi) = (0, order.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            if is_unique(&mut self.solver, &prefix(mid)) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        let mut puzzle = prefix(lo);
        let over = self
            .settings
            .max_clues
            .is_some_and(|max| puzzle.filled() > max);
        // A level is fitted from the hardest puzzle of the try, a minimal
        // one, by putting clues back.
        let carve = self.settings.minimal
            || over
            || self.settings.difficulty.is_some()
            || self.settings.explained();
        if carve && lo > 1 {
            let removable = &order[..lo - 1];
            let turns = rng.permutation(removable.len());
            let groups = turns.iter().map(|&t| self.orbits[removable[t]].as_slice());
            remove_while_unique(&mut self.solver, &mut puzzle, groups);
        }
        (puzzle, solution)
    }
}

/// Puzzles `first..first + len` of `seed` (puzzle `i` drawn from a random
/// source of its own, made from the seed and `i`), in index order, made on the batch pipeline
/// ([`Batch`]) with one worker per generator (inline with one; none with
/// no generator), each taking the next index as it comes free. Once the
/// generators' cancel stops a puzzle, the batch stops there: the result
/// ends with that [`GenerateError::Cancelled`], the later puzzles not
/// begun. The result depends only on the generators' shape and settings,
/// the seed and the range (and when a cancel comes), never on the number
/// of generators or the threads the system grants.
pub fn generate_range(
    generators: &mut [Generator],
    seed: u64,
    first: u64,
    len: u64,
) -> Vec<Result<Generated, GenerateError>> {
    let mut made = Vec::with_capacity(usize::try_from(len).unwrap_or(0));
    let _: ControlFlow<()> = GENERATION.run(
        generators.iter_mut(),
        || 0..len,
        |generator, i| generator.generate(&mut Rng::for_puzzle(seed, first + i)),
        |result| {
            let cancelled = matches!(result, Err(GenerateError::Cancelled));
            made.push(result);
            if cancelled {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        },
    );
    made
}

/// The pace of [`generate_range`]: a puzzle takes milliseconds to seconds,
/// so a worker takes one index at a time (none is left waiting behind a
/// slow one), and a few per worker may wait for an earlier, slower one.
const GENERATION: Batch = Batch {
    window: 16,
    grab: 1,
};

/// Search nodes allowed for completing the random boxes of
/// [`random_solution`], per cell, before trying other boxes.
const COMPLETION_NODES_PER_CELL: u64 = 50;

/// Fresh box fills tried by [`random_solution`] before it falls back on
/// [`solved_grid`].
const COMPLETION_TRIES: usize = 8;

/// A random full grid of the solver's shape: the boxes on the diagonal of
/// bands and stacks (which share no row, column or box) filled with random
/// permutations, the rest completed by the engine, then [`shuffle`]d. A
/// completion that takes more than a bounded number of nodes is dropped
/// for a new fill; after a few, the grid is [`solved_grid`]'s.
pub(crate) fn random_solution(solver: &mut DlxSolver, rng: &mut Rng) -> Grid {
    let shape = solver.shape();
    let (h, w, n) = (shape.box_rows(), shape.box_cols(), shape.n());
    let limits = SearchLimits {
        max_solutions: 1,
        max_nodes: COMPLETION_NODES_PER_CELL * shape.cells() as u64,
    };
    for _ in 0..COMPLETION_TRIES {
        let mut start = Grid::empty(shape);
        for b in 0..(n / h).min(n / w) {
            let digits = rng.permutation(n);
            for (k, d) in digits.into_iter().enumerate() {
                start.set(b * h + k / w, b * w + k % w, d as u8 + 1);
            }
        }
        if let Some(grid) = first_within(solver, &start, limits) {
            return shuffle(&grid, |k| rng.below(k));
        }
    }
    solved_grid(shape, |k| rng.below(k))
}

/// The first solution of `start` within `limits` on Knuth's tree, if the
/// search finds one before they stop it: the first solution depends on the
/// tree, and propagation (the bit boards of plain 9x9 rules) would change
/// it, so a seed would make other grids than before; the trees of the
/// uniqueness checks, whose answers do not depend on them, keep it.
fn first_within(solver: &mut DlxSolver, start: &Grid, limits: SearchLimits) -> Option<Grid> {
    let asked = solver.propagate_setting();
    solver.set_propagate(Some(Propagate::Off));
    let found = first_on_the_solvers_tree(solver, start, limits);
    solver.set_propagate(asked);
    found
}

/// [`first_within`] on whatever tree `solver` searches.
fn first_on_the_solvers_tree(
    solver: &mut DlxSolver,
    start: &Grid,
    limits: SearchLimits,
) -> Option<Grid> {
    let mut found = None;
    let _ = solver.search(
        start,
        limits,
        Some(&mut |g: &Grid| {
            found = Some(g.clone());
            ControlFlow::Break(())
        }),
    );
    found
}

/// Regions drawn by [`regions_with_a_solution`] before it gives up.
const REGION_DRAWS: usize = 1000;

/// Search nodes, per cell, that [`regions_with_a_solution`] gives the
/// engine to find a solution under drawn regions (more than a completion
/// gets: random regions with the diagonals often take thousands).
const REGION_NODES_PER_CELL: u64 = 500;

/// A solver for `base` with random regions ([`random_regions`]) under which
/// the engine finds a solution within a node budget, drawn again until it
/// does (at most [`REGION_DRAWS`] times, and no more once `cancel` says to
/// stop). The solver asks `cancel`.
fn regions_with_a_solution(
    base: &Variant,
    rng: &mut Rng,
    cancel: Option<&SharedCancel>,
    budget: Option<&Arc<NodeBudget>>,
) -> Result<DlxSolver, GenerateError> {
    let shape = base.shape();
    let limits = SearchLimits {
        max_solutions: 1,
        max_nodes: REGION_NODES_PER_CELL * shape.cells() as u64,
    };
    for _ in 0..REGION_DRAWS {
        let labels = random_regions(shape, rng);
        let variant = base
            .clone()
            .with_regions(&labels)
            .expect("random regions are n connected regions of n cells");
        let mut solver = DlxSolver::for_variant(variant);
        solver.set_cancel(cancel.cloned());
        solver.set_node_budget(budget.cloned());
        if first_within(&mut solver, &Grid::empty(shape), limits).is_some() {
            return Ok(solver);
        }
        if is_cancelled(cancel) {
            return Err(GenerateError::Cancelled);
        }
    }
    Err(GenerateError::NoRegions {
        tries: REGION_DRAWS,
    })
}

/// Random jigsaw regions of `shape`, as a symbol per cell: the boxes,
/// reshaped by random swaps of two cells on the border between two
/// neighbouring regions (one from each), each swap kept only if both
/// regions stay connected. So there are always `n` connected regions of
/// `n` cells.
pub(crate) fn random_regions(shape: Shape, rng: &mut Rng) -> Vec<char> {
    let (n, h, w) = (shape.n(), shape.box_rows(), shape.box_cols());
    let cells = n * n;
    let mut id: Vec<usize> = (0..cells)
        .map(|cell| (cell / n / h) * (n / w) + (cell % n) / w)
        .collect();
    let neighbours = |cell: usize| {
        let (r, c) = (cell / n, cell % n);
        [
            (r > 0).then(|| cell - n),
            (r + 1 < n).then(|| cell + n),
            (c > 0).then(|| cell - 1),
            (c + 1 < n).then(|| cell + 1),
        ]
        .into_iter()
        .flatten()
    };
    let connected = |id: &[usize], region: usize| {
        let start = id
            .iter()
            .position(|&r| r == region)
            .expect("regions are never empty");
        let mut seen = vec![false; cells];
        let mut stack = vec![start];
        seen[start] = true;
        let mut count = 0;
        while let Some(cell) = stack.pop() {
            count += 1;
            for next in neighbours(cell) {
                if id[next] == region && !seen[next] {
                    seen[next] = true;
                    stack.push(next);
                }
            }
        }
        count == n
    };
    for _ in 0..4 * cells {
        let a = rng.below(cells);
        let across: Vec<usize> = neighbours(a).filter(|&b| id[b] != id[a]).collect();
        if across.is_empty() {
            continue;
        }
        let (from, to) = (id[a], id[across[rng.below(across.len())]]);
        // A cell of the other region that touches `a`'s, to trade for `a`.
        let border: Vec<usize> = (0..cells)
            .filter(|&c| id[c] == to && neighbours(c).any(|d| id[d] == from))
            .collect();
        let c = border[rng.below(border.len())];
        id[a] = to;
        id[c] = from;
        if !connected(&id, from) || !connected(&id, to) {
            id[a] = from;
            id[c] = to;
        }
    }
    const SYMBOLS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@$";
    id.into_iter()
        .map(|r| SYMBOLS[r % SYMBOLS.len()] as char)
        .collect()
}

/// A random full grid under the solver's rules, for variants, whose
/// houses the shuffles of [`random_solution`] would break: one cell after
/// another in a random order, `n` of them, gets a random digit that still
/// leaves a solution (the engine says which, within a node budget); the
/// grid is the solution of the last. If the solver is cancelled
/// ([`SudokuSolver::set_cancel`]), it may be an empty grid.
pub(crate) fn random_variant_solution(solver: &mut DlxSolver, rng: &mut Rng) -> Grid {
    let shape = solver.shape();
    let n = shape.n();
    let limits = SearchLimits {
        max_solutions: 1,
        max_nodes: COMPLETION_NODES_PER_CELL * shape.cells() as u64,
    };
    let mut start = Grid::empty(shape);
    let mut solution = None;
    for cell in rng.permutation(n * n).into_iter().take(n) {
        for d in rng.permutation(n) {
            start.set(cell / n, cell % n, d as u8 + 1);
            if let Some(g) = first_within(solver, &start, limits) {
                solution = Some(g);
                break;
            }
            start.set(cell / n, cell % n, 0);
        }
    }
    solution
        .or_else(|| solver.solve_first(&Grid::empty(shape)).ok().flatten())
        // A variant the generator takes has solutions: only a cancelled
        // search finds none.
        .unwrap_or_else(|| Grid::empty(shape))
}

#[cfg(test)]
mod tests;
