//! An explained solve path in Sudoku's words, and its rating on Sudoku
//! Explainer's scale (SE: ER/EP/ED). The steps come from a ladder of
//! techniques on the exact-cover matrix (`Deducer::walk`), tried
//! easiest first in Sudoku Explainer's order, one step at a time; each
//! step is a line that names its technique, the pattern that makes it and
//! what it places or removes:
//!
//! ```text
//! hidden single: r9c3 = 7, the only place for 7 in box 7
//! claiming: 3 in row 7 lies in box 9: r9c7 <> 3, r9c8 <> 3, r9c9 <> 3
//! X-wing: 4 in rows 2 and 6 lies in columns 3 and 7: r1c3 <> 4
//! X-chain: (5)r2c4 = (5)r2c8 - (5)r7c8 = (5)r7c5: r1c5 <> 5
//! ```
//!
//! Rows, columns, boxes and digits count from 1; a cell is `rRcC`.
//! Variants walk the same ladder ([`explain_variant`]): their items are
//! named by what they stand for (`region 5`, `the main diagonal`, `window
//! 2`, `cage 17 at r1c1`), and killer cages add rungs of their own
//! (`ladder`).
//!
//! # The ladder and the scale
//!
//! `ladder` lists the rungs, each a `Technique` on the matrix's
//! classes (cells, row-, column- and box-digits) with its name and its
//! difficulty in tenths of SE's scale, in the order Sudoku Explainer
//! tries them (its `Solver.getDifficulty`): full houses 1.0 (the last
//! empty cell of a house), hidden singles (box 1.2, line 1.5), direct pointing 1.7 and claiming 1.9 (an intersection that
//! leaves a hidden single, placed at once), direct hidden pair 2.0, naked
//! single 2.3, direct hidden triple 2.5, pointing 2.6, claiming 2.8, naked
//! pair 3.0, X-wing 3.2, hidden pair 3.4, naked triple 3.6, swordfish 3.8,
//! hidden triple 4.0, XY-wing 4.2, XYZ-wing 4.4, unique rectangles of types
//! 1, 2 and 4 4.5 (a unique puzzle only), naked quad 5.0, jellyfish
//! 5.2, hidden quad 5.4, BUG+1 5.6 (a unique puzzle only), then chains by
//! difficulty (X-chains 6.6 and alternating inference chains 7.0, each
//! plus SE's penalty for length) and trials (a candidate whose choice
//! leads by singles to a contradiction, 8.5 plus the same penalty on its
//! singles).
//!
//! ER is the hardest step, ED the first, EP the hardest up to the first
//! step that places a digit, as SE defines them. Not built (and so rated
//! by a later rung where a puzzle needs them): unique rectangles of type 3
//! and unique loops, BUG types 2 to 4,
//! aligned pair and triple exclusion, cycles (their eliminations come as
//! open chains, rated a little higher), cell and region forcing chains and
//! SE's nested chains. docs/rating.md compares the ratings with serate's.
//!
//! Invariant: a line says only what its step does, and every step of a
//! unique puzzle is checked against its solution before it is returned
//! (`explain`): a placement is the solution's digit, no removal is.

mod board;
mod words;

use std::ops::ControlFlow;

use super::rate::{Explanation, Placed, RateError, Rater};
use super::{CLASS_CELL, Grid, SudokuSolver, Variant};
use crate::dlx::deduce::{ChainKind, Classes, Ending, Move, Step, Technique};
use crate::dlx::{Outcome, SearchLimits};
use board::Board;
use words::Words;

/// The classes of a house's digit items ([`Explanation::items`]; 4 and
/// 5, diagonals and windows, and 6 and 7, a cage's digits and the cage,
/// are named in [`words`]).
const CLASS_ROW: u8 = 1;
const CLASS_COLUMN: u8 = 2;
const CLASS_BOX: u8 = 3;

const CELLS: Classes = 1 << CLASS_CELL;
const LINES: Classes = 1 << CLASS_ROW | 1 << CLASS_COLUMN;
/// Boxes and jigsaw regions, diagonals and windows: the houses that are
/// not lines, which the ladder treats as boxes.
const BOXES: Classes = 1 << CLASS_BOX | 1 << 4 | 1 << 5;
const HOUSES: Classes = LINES | BOXES;
/// A killer cage's digits (6) and the cage's digit set (7).
const CAGE_DIGITS: Classes = 1 << 6;
const CAGES: Classes = CAGE_DIGITS | 1 << 7;

/// A rung of the ladder: a technique, its name, and its difficulty in
/// tenths of SE's scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rung {
    /// What it looks for.
    pub technique: Technique,
    /// Its name, as `--until` takes it.
    pub name: &'static str,
    /// Its difficulty, tenths (12 for 1.2); a chain's or trial's
    /// difficulty grows with its length ([`length_penalty`]).
    pub difficulty: u32,
}

/// The longest chain looked for, in nodes.
pub(crate) const MAX_CHAIN: usize = 24;

/// The most complex forcing chains looked for (their nodes, all counted)
/// and the most singles a Nishio may take: 20, 8.4 and 7.9 on SE's scale.
pub(crate) const MAX_FORCING: usize = 20;

/// SE's penalty for a chain's length, in tenths: 0 up to a complexity of
/// 6, then one more each time the complexity passes a ceiling that grows
/// by 3/2 and 4/3 in turn (4, 6, 8, 12, 16, 24, ...), `complexity - 2`
/// compared (SE's `ChainingHint.getLengthDifficulty`).
pub(crate) fn length_penalty(complexity: usize) -> u32 {
    let length = complexity.saturating_sub(2);
    let (mut ceil, mut odd, mut added) = (4, false, 0);
    while length > ceil {
        added += 1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// The ladder for puzzles under `variant`'s rules, in Sudoku Explainer's
/// order; BUG+1 only for a puzzle known to be unique. Diagonals and
/// windows take part as boxes do; a variant with diagonals, windows or
/// cages has a rung for the intersections of any two houses (a diagonal's
/// digit within a box, a cage's digit within a row, a row's within a
/// cage) after claiming, 2.8; killer cages have a rung of their own after
/// hidden singles in lines, 1.5 (`cage-single`: a cage's digit with one
/// place left, or a cage with one digit set left), and their digits take
/// part in hidden and naked subsets as a house's do. SE rates no variant:
/// these two numbers are dlx's (docs/rating.md).
pub(crate) fn ladder(variant: &Variant, unique: bool) -> Vec<Rung> {
    let cages = !variant.cages().is_empty();
    let more_houses = cages || variant.diagonals() || variant.windows();
    ladder_of(unique, more_houses, cages)
}

/// The ladder with BUG+1 if `unique`, the intersections of any two houses
/// if `more_houses`, the cages' rung if `cages`.
fn ladder_of(unique: bool, more_houses: bool, cages: bool) -> Vec<Rung> {
    let rung = |technique, name, difficulty| Rung {
        technique,
        name,
        difficulty,
    };
    let single = |classes| Technique::Single {
        classes,
        full: false,
    };
    let meet = |a, b, direct| Technique::Intersection { a, b, direct };
    let naked = |k| Technique::Subset {
        k,
        from: CELLS,
        to: HOUSES | CAGE_DIGITS,
        direct: false,
    };
    let hidden = |k, direct| Technique::Subset {
        k,
        from: if direct { HOUSES } else { HOUSES | CAGE_DIGITS },
        to: CELLS,
        direct,
    };
    let fish = |k| Technique::Subset {
        k,
        from: LINES,
        to: LINES,
        direct: false,
    };
    let full_house = Technique::Single {
        classes: HOUSES,
        full: true,
    };
    let mut rungs = vec![
        rung(full_house, "full-house", 10),
        rung(single(BOXES), "hidden-single", 12),
        rung(single(LINES), "hidden-single", 15),
    ];
    if cages {
        rungs.push(rung(single(CAGES), "cage-single", 15));
    }
    rungs.extend([
        rung(meet(BOXES, LINES, true), "direct-pointing", 17),
        rung(meet(LINES, BOXES, true), "direct-claiming", 19),
        rung(hidden(2, true), "direct-hidden-pair", 20),
        rung(single(CELLS), "naked-single", 23),
        rung(hidden(3, true), "direct-hidden-triple", 25),
        rung(meet(BOXES, LINES, false), "pointing", 26),
        rung(meet(LINES, BOXES, false), "claiming", 28),
    ]);
    if more_houses {
        let any = HOUSES | CAGE_DIGITS;
        rungs.push(rung(meet(any, HOUSES, false), "intersection", 28));
        rungs.push(rung(meet(HOUSES, CAGE_DIGITS, false), "intersection", 28));
    }
    if cages {
        // A cage's digit within another digit of the same cage: the digit
        // has no place left in the cage, and the digit sets without it
        // lack the other too.
        let within = meet(CAGE_DIGITS, CAGE_DIGITS, false);
        rungs.push(rung(within, "cage-combination", 28));
    }
    rungs.extend([
        rung(naked(2), "naked-pair", 30),
        rung(fish(2), "x-wing", 32),
        rung(hidden(2, false), "hidden-pair", 34),
        rung(naked(3), "naked-triple", 36),
        rung(fish(3), "swordfish", 38),
        rung(hidden(3, false), "hidden-triple", 40),
        rung(Technique::Wing { k: 2 }, "xy-wing", 42),
        rung(Technique::Wing { k: 3 }, "xyz-wing", 44),
    ]);
    if unique {
        rungs.push(rung(Technique::UniqueRectangle, "unique-rectangle", 45));
    }
    rungs.extend([
        rung(naked(4), "naked-quad", 50),
        rung(fish(4), "jellyfish", 52),
        rung(hidden(4, false), "hidden-quad", 54),
    ]);
    if unique {
        rungs.push(rung(Technique::Bug, "bug", 56));
    }
    rungs.extend(chain_rungs());
    rungs.extend(dynamic_rungs());
    rungs
}

/// Trials and forcing nets (SE's dynamic contradictions and dynamic
/// forcing chains: 8.5 and the penalty of their singles), interleaved by
/// difficulty up to 8.9, a trial first at each tenth (SE lists its
/// contradictions before its forcing chains); then a trial of any length.
fn dynamic_rungs() -> Vec<Rung> {
    let trials = penalised_rungs(85, "trial", 1..=MAX_FORCING, 0, |max_singles| {
        Technique::Trial { max_singles }
    });
    let nets = penalised_rungs(85, "forcing-net", 1..=MAX_FORCING, 0, |max_complexity| {
        Technique::ForcingNet { max_complexity }
    });
    let mut by_tenth: Vec<(u32, Rung)> = trials.into_iter().chain(nets).collect();
    // A stable sort: the trial first at each tenth.
    by_tenth.sort_by_key(|&(tenth, _)| tenth);
    let mut rungs: Vec<Rung> = by_tenth.into_iter().map(|(_, rung)| rung).collect();
    let any = Technique::Trial {
        max_singles: usize::MAX,
    };
    rungs.push(Rung {
        technique: any,
        name: "trial",
        difficulty: 85,
    });
    let any = Technique::ForcingNet {
        max_complexity: usize::MAX,
    };
    rungs.push(Rung {
        technique: any,
        name: "forcing-net",
        difficulty: 85,
    });
    rungs
}

/// The rungs of chains and forcing chains by difficulty, as SE sorts
/// them: each rung those of a kind whose difficulty (base plus length
/// penalty) is one tenth more than the last, simplest first.
fn chain_rungs() -> Vec<Rung> {
    let mut rungs = Vec::new();
    // Chains by difficulty, as SE sorts them: each rung the chains of a
    // kind whose difficulty (base plus length penalty) is one tenth more
    // than the last, shortest first. A chain of n nodes has SE's
    // complexity n + 2 (its source and the source's negation).
    let mut added = [0usize; 2];
    for tenths in 66..=75 {
        for (j, (kind, base, name)) in [(ChainKind::X, 66, "x-chain"), (ChainKind::Any, 70, "aic")]
            .into_iter()
            .enumerate()
        {
            let longest = (4..=MAX_CHAIN)
                .step_by(2)
                .filter(|&n| base + length_penalty(n + 2) <= tenths)
                .max()
                .unwrap_or(0);
            if longest > added[j] {
                added[j] = longest;
                let technique = Technique::Chain {
                    kind,
                    max_nodes: longest,
                };
                rungs.push(Rung {
                    technique,
                    name,
                    difficulty: base,
                });
            }
        }
    }
    let technique = Technique::FinnedFish {
        max_k: 4,
        from: LINES,
        to: LINES,
    };
    rungs.push(Rung {
        technique,
        name: "finned-fish",
        difficulty: 75,
    });
    // Nishio (SE's, 7.5 and the length penalty of its singles) up to 7.9,
    // then chains with grouped nodes (SE has none: it needs a forcing
    // chain for what they remove, so 8.0 and the penalty of their length
    // as a chain's) and forcing chains (SE's multiple forcing chains, 8.0
    // and the penalty of their complexity) up to 8.4, interleaved by
    // difficulty: a trial, 8.5 and more, is easier than any from there on.
    let nishio = penalised_rungs(75, "nishio", 1..=MAX_FORCING, 0, |max_singles| {
        Technique::Nishio { max_singles }
    });
    rungs.extend(nishio.into_iter().map(|(_, rung)| rung));
    let grouped = penalised_rungs(
        80,
        "grouped-aic",
        (4..=MAX_CHAIN).step_by(2),
        2,
        |max_nodes| Technique::GroupedChain { max_nodes },
    );
    let forcing = penalised_rungs(80, "forcing-chain", 1..=MAX_FORCING, 0, |max_complexity| {
        Technique::Forcing { max_complexity }
    });
    let mut by_tenth: Vec<(u32, Rung)> = forcing.into_iter().chain(grouped).collect();
    by_tenth.sort_by_key(|&(tenth, _)| tenth);
    rungs.extend(by_tenth.into_iter().map(|(_, rung)| rung));
    rungs
}

/// The rungs of a technique of difficulty `base` plus SE's length
/// penalty (of a length in `lengths` plus `extra`), for each tenth from
/// `base` to four more: each one the longest its tenth allows, where that
/// grows, with that tenth.
fn penalised_rungs(
    base: u32,
    name: &'static str,
    lengths: impl Iterator<Item = usize> + Clone,
    extra: usize,
    technique: impl Fn(usize) -> Technique,
) -> Vec<(u32, Rung)> {
    let mut rungs = Vec::new();
    let mut most = 0;
    for tenths in base..base + 5 {
        let longest = lengths
            .clone()
            .filter(|&n| base + length_penalty(n + extra) <= tenths)
            .max()
            .unwrap_or(0);
        if longest > most {
            most = longest;
            let rung = Rung {
                technique: technique(longest),
                name,
                difficulty: base,
            };
            rungs.push((tenths, rung));
        }
    }
    rungs
}

/// The names of the ladder's techniques, easiest first, each once (those
/// of killer puzzles' ladder, which has every rung).
pub fn technique_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    for r in ladder_of(true, true, true) {
        if !names.contains(&r.name) {
            names.push(r.name);
        }
    }
    names
}

/// A step of the path, in Sudoku's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExplainedStep {
    /// The technique's name (`Rung::name`).
    pub technique: &'static str,
    /// Its difficulty here, tenths of SE's scale.
    pub difficulty: u32,
    /// The line that says it.
    pub text: String,
    /// The digit it places, if any.
    pub placed: Option<Placed>,
    /// The candidates it removes (for a placement: the other candidates
    /// of the cell and the digit's other places in its houses).
    pub removed: Vec<Placed>,
    /// The candidates that make its pattern (a subset's, an
    /// intersection's, a chain's, ...; none for a single).
    pub pattern: Vec<Placed>,
    /// The cells to shade when it is drawn (0-based, `r * n + c`): a
    /// single's house or cell, an intersection's shared cells, the
    /// pattern's cells.
    pub cells: Vec<usize>,
}

/// Tenths of Sudoku Explainer's scale as it writes them: 85 as `8.5`.
pub(crate) fn tenths(t: u32) -> String {
    format!("{}.{}", t / 10, t % 10)
}

/// A rating on Sudoku Explainer's scale, in tenths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeRating {
    /// The hardest step.
    pub er: u32,
    /// The hardest step up to the first that places a digit.
    pub ep: u32,
    /// The first step.
    pub ed: u32,
}

/// `ER/EP/ED` as serate prints them: `7.1/2.6/1.2`.
impl std::fmt::Display for SeRating {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}/{}/{}",
            tenths(self.er),
            tenths(self.ep),
            tenths(self.ed)
        )
    }
}

/// A puzzle's explained path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    /// The steps, easiest technique first at each.
    pub steps: Vec<ExplainedStep>,
    /// Where they stopped.
    pub ending: Ending,
    /// The puzzle's solutions, counted up to 2.
    pub solutions: u64,
    /// The SE rating, when the steps solve a unique puzzle.
    pub rating: Option<SeRating>,
    /// The candidates before the first step: bit `d - 1` of cell `r * n +
    /// c` for digit `d` (0 for a given).
    pub candidates: Vec<u64>,
}

impl Path {
    /// The board before step `j` (0-based; the steps' count for the end):
    /// `puzzle` with the digits the steps before it placed, and the
    /// candidates then.
    pub fn before(&self, puzzle: &Grid, j: usize) -> (Grid, Vec<u64>) {
        let mut grid = puzzle.clone();
        let mut board = Board {
            n: puzzle.n(),
            masks: self.candidates.clone(),
        };
        for step in &self.steps[..j.min(self.steps.len())] {
            board.apply(step);
            if let Some((r, c, d)) = step.placed {
                grid.set(r, c, d);
            }
        }
        (grid, board.masks)
    }
}

/// How far to explain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExplainOptions {
    /// Stop after this many steps ([`Ending::StepLimit`]).
    pub max_steps: usize,
    /// Use no technique harder than this one ([`technique_names`]).
    pub until: Option<&'static str>,
    /// Only the rating is wanted: the steps carry no words, pattern or
    /// cells (their placements and removals are still checked), which
    /// saves the most of the work past the ladder (`dlx rate --scale
    /// se`).
    pub rating_only: bool,
}

impl Default for ExplainOptions {
    fn default() -> Self {
        Self {
            max_steps: usize::MAX,
            until: None,
            rating_only: false,
        }
    }
}

/// The explained path of `puzzle` (plain rules of its shape): its
/// solutions counted by `solver`, the ladder's steps, each checked
/// against the solution of a unique puzzle, and their SE rating.
pub(crate) fn explain(
    rater: &mut Rater,
    solver: &mut dyn SudokuSolver,
    puzzle: &Grid,
    opts: &ExplainOptions,
) -> Result<Path, RateError> {
    explain_variant(rater, solver, puzzle, &Variant::plain(puzzle.shape()), opts)
}

/// The explained path of `puzzle` under `variant`'s rules (houses and
/// killer cages; [`PuzzleError::Unrated`](super::PuzzleError::Unrated)
/// for setters' constraints), as `explain`: `solver` must be one for
/// those rules, and its solution checks every step, a cage's digit set
/// included.
pub(crate) fn explain_variant(
    rater: &mut Rater,
    solver: &mut dyn SudokuSolver,
    puzzle: &Grid,
    variant: &Variant,
    opts: &ExplainOptions,
) -> Result<Path, RateError> {
    // One search: the solutions up to 2, and the first, which checks the
    // steps when it is the only one.
    let mut first = None;
    let report = solver
        .search(
            puzzle,
            SearchLimits::solutions(2),
            Some(&mut |g: &Grid| {
                first.get_or_insert_with(|| g.clone());
                ControlFlow::Continue(())
            }),
        )
        .map_err(RateError::from)?;
    if report.outcome == Outcome::Stopped {
        // The solver's cancel said to stop: the count is partial.
        return Err(RateError::Cancelled);
    }
    let solutions = report.stats.solutions.min(2) as u64;
    let solution = first.filter(|_| solutions == 1);
    let mut rungs = ladder(variant, solutions == 1);
    if let Some(until) = opts.until {
        // The rungs up to the last of that name.
        if let Some(last) = rungs.iter().rposition(|r| r.name == until) {
            rungs.truncate(last + 1);
        }
    }
    let counted = Counted {
        solutions,
        solution: solution.as_ref(),
    };
    explain_by(rater, puzzle, variant, &rungs, counted, opts)
}

/// A puzzle's solutions counted up to 2, and the solution when it is the
/// only one.
#[derive(Clone, Copy)]
struct Counted<'a> {
    solutions: u64,
    solution: Option<&'a Grid>,
}

/// The explained path of `puzzle` under `variant` by `rungs`, each step
/// checked against the solution of a unique puzzle.
fn explain_by(
    rater: &mut Rater,
    puzzle: &Grid,
    variant: &Variant,
    rungs: &[Rung],
    Counted {
        solutions,
        solution,
    }: Counted<'_>,
    opts: &ExplainOptions,
) -> Result<Path, RateError> {
    let techniques: Vec<Technique> = rungs.iter().map(|r| r.technique).collect();
    let rules = (!variant.is_plain()).then_some(variant);
    let e = rater.walk(puzzle, rules, &techniques, opts.max_steps)?;
    let words = Words::new(&e, variant);
    let mut board = Board::of(puzzle.n(), &e.places);
    let candidates = board.masks.clone();
    let mut steps = Vec::with_capacity(e.steps.len());
    for (j, step) in e.steps.iter().enumerate() {
        let said = say(&words, rungs, step, (!opts.rating_only).then_some(&board));
        if !opts.rating_only {
            board.apply(&said);
        }
        if let Some(solution) = solution {
            check(&said, solution)
                .and_then(|()| check_sets(&e, step, variant, solution))
                .map_err(|why| {
                    // A rating alone has no words: the technique names it.
                    let what = if said.text.is_empty() {
                        said.technique
                    } else {
                        &said.text
                    };
                    RateError::Unsound(j + 1, format!("{what}{why}"))
                })?;
        }
        steps.push(said);
    }
    let rating = (e.ending == Ending::Solved && solutions == 1).then(|| rate(&steps));
    Ok(Path {
        steps,
        ending: e.ending,
        solutions,
        rating,
        candidates,
    })
}

/// A step in words, with its difficulty; without a `board` (a rating
/// only), without words, pattern or cells.
fn say(words: &Words<'_>, rungs: &[Rung], step: &Step, board: Option<&Board>) -> ExplainedStep {
    let rung = &rungs[step.rung];
    let difficulty = rung.difficulty
        + match step.kind {
            Move::Chain(_) | Move::GroupedChain => length_penalty(step.length + 2),
            // Forcing chains: their complexity, as SE's. A trial's
            // complexity is its singles (SE counts a dynamic chain's
            // implications, each an "on" with its "offs", which the singles
            // stand in for: chosen from three readings, the one closest to
            // serate on data/rate/serate.txt, docs/rating.md).
            Move::Trial | Move::Forcing | Move::ForcingNet | Move::Nishio => {
                length_penalty(step.length)
            }
            _ => 0,
        };
    // A killer cage's digit set places nothing: the words name it.
    let placed = step.chosen.and_then(|k| words.places(k));
    let mut removed: Vec<Placed> = step
        .removed
        .iter()
        .filter_map(|&k| words.places(k))
        .collect();
    removed.sort_unstable();
    let (pattern, cells) = board.map(|b| b.pattern(words, step)).unwrap_or_default();
    ExplainedStep {
        technique: rung.name,
        difficulty,
        text: match (board, rung.name) {
            (None, _) => String::new(),
            (_, "full-house") => words.full_house(step),
            _ => words.line(step),
        },
        placed,
        removed,
        pattern,
        cells,
    }
}

/// Whether `step`'s placement and removals agree with `solution`.
fn check(step: &ExplainedStep, solution: &Grid) -> Result<(), String> {
    let digit = |(r, c, _): Placed| solution.cells()[r * solution.n() + c];
    if let Some(p) = step.placed
        && digit(p) != p.2
    {
        return Err(" places a digit the solution does not hold".into());
    }
    if let Some(&p) = step.removed.iter().find(|&&p| digit(p) == p.2) {
        return Err(format!(
            " removes r{}c{} <> {}, the solution's digit",
            p.0 + 1,
            p.1 + 1,
            p.2
        ));
    }
    Ok(())
}

/// Whether the killer cages' digit sets that `step` chooses and removes
/// agree with `solution`: the chosen set is the digits the solution puts
/// in its cage, no removed set is.
fn check_sets(
    e: &Explanation,
    step: &Step,
    variant: &Variant,
    solution: &Grid,
) -> Result<(), String> {
    let held = |cage: usize| -> u64 {
        variant.cages()[cage]
            .cells
            .iter()
            .map(|&cell| 1u64 << (solution.cells()[usize::from(cell)] - 1))
            .fold(0, |a, b| a | b)
    };
    let set = |k: u32| e.sets[k as usize];
    if let Some((cage, mask)) = step.chosen.and_then(set)
        && held(cage) != mask
    {
        return Err(" chooses a digit set its cage does not hold".into());
    }
    if step
        .removed
        .iter()
        .filter_map(|&k| set(k))
        .any(|(cage, mask)| held(cage) == mask)
    {
        return Err(" removes the digit set its cage holds".into());
    }
    Ok(())
}

/// ER, EP and ED of a solved path.
fn rate(steps: &[ExplainedStep]) -> SeRating {
    let (mut er, mut ep) = (0, None);
    for s in steps {
        er = er.max(s.difficulty);
        if ep.is_none() && s.placed.is_some() && s.technique != "bug" {
            ep = Some(er);
        }
    }
    SeRating {
        er,
        ep: ep.unwrap_or(er),
        ed: steps.first().map_or(0, |s| s.difficulty),
    }
}

/// The solve path of `puzzle` by the rules of the rating (qqwing's order,
/// `rules`), in words: the ground the tests check the words on.
#[cfg(test)]
fn rating_path(
    rater: &mut Rater,
    puzzle: &Grid,
    rules: &crate::dlx::deduce::Rules,
) -> Result<(Vec<String>, Ending), RateError> {
    let e: Explanation = rater.explain(puzzle, rules)?;
    let words = Words::new(&e, &Variant::plain(puzzle.shape()));
    Ok((e.steps.iter().map(|s| words.line(s)).collect(), e.ending))
}

#[cfg(test)]
mod tests;
