//! Deductions on an exact-cover problem, and a difficulty rating built on
//! them: how far logic alone gets, and how much guessing is left.
//!
//! The rules work on any exact-cover problem whose options carry no
//! colors; they need to know only which items are *places* (for Sudoku,
//! the cell items: an item whose options are the values one place can
//! take) and a *class* for every item (for Sudoku: cell, row-digit,
//! column-digit, box-digit). They remove options that no solution uses and
//! choose options that every solution uses, so the set of solutions never
//! changes:
//!
//! * **single**: a primary item with one option left forces it. On a
//!   place it is a *naked* single, on any other item a *hidden* one.
//! * **intersection**: when every remaining option of a primary item `a`
//!   also covers item `b`, the options of `b` that do not cover `a` go
//!   (for Sudoku: pointing pairs and triples, box/line reduction).
//! * **subset** of size `k`: `k` primary items `S` of one class whose
//!   remaining options each cover exactly one item of `S` and lie, all
//!   together, within `k` items `T` of one other class. The `k` options
//!   that cover `S` are disjoint and each covers an item of `T`, so they
//!   take all of `T`: every other option on `T` goes. With `S` places it
//!   is a *naked* subset, with `T` places a *hidden* one; classes that are
//!   neither (for Sudoku, row-digit against column-digit: X-wings and
//!   swordfish) are not paired, so that the rules stay those of the levels
//!   users know.
//!
//! `Deducer::rate` applies the rules in that order, one move at a time,
//! always going back to singles after a move (naked before hidden, then
//! intersections, then subsets of size 2, 3, ... up to
//! [`Rules::max_subset`]), until the problem is solved, contradicts
//! itself, or nothing applies. Then it guesses: it branches on the primary
//! item with the fewest options (the first on ties, as the engine does),
//! applies the rules again in every branch, and explores every branch
//! until two solutions are found or the tree is exhausted, so a rating
//! also tells whether the solution is unique.
//!
//! `Deducer::explain` lists the same moves, before any guess, each as a
//! `Step`: its rule, the items of its pattern, and the option it
//! chooses or the options it removes. It is the ground of an explained
//! solve path: one implementation of the rules for the rating and the
//! explanation.
//!
//! # Invariants
//!
//! * An option is alive only while every item it covers is uncovered: a
//!   choice kills every other option on the items it covers, and an
//!   elimination kills one option.
//! * `len[i]` is the number of alive options on item `i`; a primary item
//!   that is uncovered with `len == 0` is a contradiction.
//! * Because every rule is monotone (removing more options never stops a
//!   rule from applying), the state where the rules stall is the same in
//!   whatever order they are applied: the level does not depend on the
//!   order, only the counts do.
//!
//! # Cancelling
//!
//! A `Deducer` given a [`Cancel`](crate::dlx::cancel::Cancel)
//! (`Deducer::set_cancel`) asks it before each problem and then every
//! `CANCEL_WORK` units of work while it deduces and guesses (see
//! there), and stops with
//! `DeduceError::Cancelled` once it says so. A rating that ends is never
//! partial: cancelling changes whether a rating comes back, never what it
//! says.

use crate::dlx::FlatProblem;
use crate::dlx::cancel::{SharedCancel, is_cancelled};

/// Which deductions to use, and how much guessing to allow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The largest subset to look for: 1 for none, 2 for pairs, 3 for
    /// pairs and triples, ...
    pub max_subset: usize,
    /// Give up after this many guesses (options tried while branching).
    pub max_guesses: u64,
}

impl Default for Rules {
    fn default() -> Self {
        Self {
            max_subset: 3,
            max_guesses: 1_000_000,
        }
    }
}

/// The most subset sizes counted apart (pairs, triples, quads).
pub(crate) const SUBSET_SIZES: usize = 3;

/// What rating a problem found: how often each deduction was used before
/// the first guess, then the guessing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rating {
    /// Options forced on a place with one option left.
    pub naked_singles: u64,
    /// Options forced on any other item with one option left.
    pub hidden_singles: u64,
    /// Intersections that removed at least one option.
    pub intersections: u64,
    /// Naked subsets that removed at least one option: pairs, triples,
    /// quads (index `k - 2`).
    pub naked_subsets: [u64; SUBSET_SIZES],
    /// Hidden subsets that removed at least one option, by size as above.
    pub hidden_subsets: [u64; SUBSET_SIZES],
    /// Options tried while branching (0 when the rules solve it).
    pub guesses: u64,
    /// Guesses that the rules then showed to be contradictions.
    pub backtracks: u64,
    /// Solutions found, stopping at 2.
    pub solutions: u64,
}

impl Rating {
    /// The count of each step, by name, in the order `dlx rate` prints
    /// them: the deductions before the first guess, then the guessing.
    pub fn steps(&self) -> [(&'static str, u64); 11] {
        let t = self;
        [
            ("naked_singles", t.naked_singles),
            ("hidden_singles", t.hidden_singles),
            ("intersections", t.intersections),
            ("naked_pairs", t.naked_subsets[0]),
            ("naked_triples", t.naked_subsets[1]),
            ("naked_quads", t.naked_subsets[2]),
            ("hidden_pairs", t.hidden_subsets[0]),
            ("hidden_triples", t.hidden_subsets[1]),
            ("hidden_quads", t.hidden_subsets[2]),
            ("guesses", self.guesses),
            ("backtracks", self.backtracks),
        ]
    }
}

/// What kind of move a [`Step`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub(crate) enum Move {
    /// A place with one option left.
    NakedSingle,
    /// Any other primary item with one option left.
    HiddenSingle,
    /// Every option left of an item covers a second item.
    Intersection,
    /// `k` places whose options lie within `k` items of another class.
    NakedSubset(usize),
    /// `k` items whose options lie within `k` places.
    HiddenSubset(usize),
    /// `k` items of one class, neither the places, whose options lie
    /// within `k` items of another such class (for Sudoku: X-wing,
    /// swordfish, jellyfish).
    Fish(usize),
    /// A fish of size `k` whose base has options outside its cover, the
    /// fins: the cover's other options that share an item with every fin
    /// go (for Sudoku: finned and sashimi X-wings, swordfish, jellyfish).
    FinnedFish {
        /// The size.
        k: usize,
        /// Whether an item of the base has one option in the cover (the
        /// fish without its fins would be degenerate).
        sashimi: bool,
    },
    /// A pivot place with `k` options (2 or 3) and two places of two
    /// options, each seeing one of the pivot's: one of the pattern's
    /// other options is true (for Sudoku: XY-wing, XYZ-wing).
    Wing(usize),
    /// Every open place but one has two options, every other open item
    /// two: the one with three takes the option that would leave three on
    /// its items (BUG+1; a unique problem only).
    Bug,
    /// Four places in a cycle whose two options `a`, `b` would make a
    /// second solution if they took them alone: of type 1, 2 or 4 (for
    /// Sudoku: a unique rectangle; a unique problem only).
    UniqueRectangle(u8),
    /// An alternating chain of strong links (an item with two options)
    /// and weak links (options sharing an item), its links of `kind`:
    /// one of its two ends is true.
    Chain(ChainKind),
    /// An alternating chain whose nodes may be groups: options of one
    /// item that all cover a second (for Sudoku: a digit's places in a
    /// line within a box); one of its ends is true. Its options are its
    /// nodes', node after node, and its items each node's number of
    /// options (`grouped.rs`).
    GroupedChain,
    /// Every option of an item, supposed true, leads along the links to
    /// one same option true or false: it is placed or removed (forcing
    /// chains; for Sudoku: cell or region forcing chains).
    Forcing,
    /// Every option of an item, supposed true and followed by singles on
    /// the state as they change it, leads to one same option true or
    /// false: it is placed or removed (forcing nets, SE's dynamic forcing
    /// chains). Its options are, for each of the item's, the option then
    /// the singles' choices up to the consequence, which ends each.
    ForcingNet,
    /// Choosing the option on the items other than the places, singles
    /// on those items lead to one with no option left: the option goes
    /// (for Sudoku: Nishio, one digit's houses alone).
    Nishio,
    /// Choosing the option, singles alone lead to an item with no option
    /// left: the option goes.
    Trial,
}

/// Which links a `Move::Chain` uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ChainKind {
    /// Links on items other than the places alone (for Sudoku: one
    /// digit, an X-chain; with 4 nodes a skyscraper, kite or turbot fish).
    X,
    /// Any links (alternating inference chains).
    Any,
}

/// One move of the rules in the problem's items and options, as
/// `Deducer::explain` and `Deducer::walk` list them: the pattern that
/// makes it and what it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Step {
    /// The rule.
    pub kind: Move,
    /// The items that make the pattern: a single's item; an
    /// intersection's item `a`, every option of which covers item `b`,
    /// then `b`; a subset's or fish's `k` items, then the `k` items their
    /// options lie within; a trial's item left with no option; a bug's
    /// place; the item whose options a forcing step supposes in turn; a
    /// Nishio's item left with no option; a grouped chain's number of
    /// options in each node.
    pub items: Vec<u32>,
    /// The options that make the pattern: a wing's pivot options, then
    /// each wing's two; a chain's nodes in order (the first and last are
    /// its ends); a forcing step's chains one after another, each from
    /// an option of its item to the option placed or removed, which ends
    /// each chain and appears in none before its end; a trial's or a
    /// Nishio's option.
    pub options: Vec<u32>,
    /// The option a single or a bug chooses.
    pub chosen: Option<u32>,
    /// The options the move removes, in increasing order (a single's: the
    /// other options on the items of the option it chooses).
    pub removed: Vec<u32>,
    /// The move's removals leave a hidden single, which it was looked for
    /// to make: the next step, from the same rung.
    pub direct: bool,
    /// The chain's or trial's length: a chain's nodes, a trial's or a
    /// Nishio's singles,
    /// a forcing step's complexity (its chains' nodes, all counted).
    pub length: usize,
    /// The index of the [`Technique`] in the ladder that made it
    /// (`Deducer::walk`; 0 for `Deducer::explain`).
    pub rung: usize,
}

/// Where `Deducer::explain`'s rules stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Ending {
    /// Every primary item is covered: the steps solve the problem.
    Solved,
    /// No rule applies: a guess would be needed.
    Stalled,
    /// A primary item has no option left (or a subset too few): the
    /// problem has no solution.
    Contradiction,
    /// The steps asked for (`Deducer::walk`'s `max_steps`) were made.
    StepLimit,
}

/// Why the deductions could not rate a problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub(crate) enum DeduceError {
    /// The problem as given is malformed.
    #[error("{0}")]
    Malformed(String),
    /// [`Rules::max_guesses`] ran out before the search ended.
    #[error("gave up after {0} guesses")]
    GaveUp(u64),
    /// The deducer's cancel said to stop (`Deducer::set_cancel`): the
    /// rating did not finish.
    #[error("cancelled")]
    Cancelled,
}

/// An exact-cover problem with colorless options, as `Deducer::rate`
/// takes it: the problem, and a class for each of its items.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Instance<'p> {
    /// The items and options.
    pub problem: FlatProblem<'p>,
    /// The class of each item (any small numbers).
    pub class: &'p [u8],
    /// The class of the places (naked singles and subsets).
    pub places: u8,
}

/// How the rules left a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Solved,
    Stalled,
    Contradiction,
    /// The deducer's cancel said to stop: the state is left half-done.
    Cancelled,
}

/// Units of work between two questions to a [`Deducer`]'s cancel. Each
/// guess, and each move of the rules other than a single, counts one unit
/// more than the problem has primary items (such a step scans them all at
/// least once, and its other scans grow with them too), so the cancel is
/// asked every few hundred such steps on a 9x9 Sudoku and at every one or
/// so on a 64x64 one: a fraction of a millisecond apart either way, and
/// the cheap steps of small problems do not each pay for a question.
pub(crate) const CANCEL_WORK: u64 = 1 << 16;

/// The changing part of a problem: which options are alive and which
/// items covered.
#[derive(Clone, Debug, Default)]
struct State {
    alive: Vec<bool>,
    covered: Vec<bool>,
    len: Vec<u32>,
    /// Primary items not yet covered.
    open: u32,
}

/// One level of the guessing search: the state before the guess, and the
/// options of the item branched on still to try.
struct Frame {
    state: State,
    options: Vec<u32>,
    next: usize,
}

/// A subset candidate: an item and the items of the other class its
/// options reach (at most `max_subset` of them).
#[derive(Clone, Copy, Debug)]
struct Reach {
    item: u32,
    targets: Small,
}

/// The most items in a subset (and so the largest `max_subset` used).
pub(crate) const MAX_SUBSET: usize = SUBSET_SIZES + 1;

/// A set of at most [`MAX_SUBSET`] items, without allocation.
#[derive(Clone, Copy, Debug, Default)]
struct Small {
    len: usize,
    items: [u32; MAX_SUBSET],
}

impl Small {
    fn as_slice(&self) -> &[u32] {
        &self.items[..self.len]
    }

    fn contains(&self, i: u32) -> bool {
        self.as_slice().contains(&i)
    }

    /// Adds `i` unless present; `false` if that would pass `cap` items.
    fn insert(&mut self, i: u32, cap: usize) -> bool {
        if self.contains(i) {
            return true;
        }
        if self.len >= cap {
            return false;
        }
        self.items[self.len] = i;
        self.len += 1;
        true
    }
}

/// Rates exact-cover problems; keeps its tables between problems.
#[derive(Default)]
pub(crate) struct Deducer {
    primary: usize,
    places: u8,
    class: Vec<u8>,
    /// The classes that occur, in increasing order, each once.
    classes: Vec<u8>,
    /// The (S, T) class pairs subsets are looked for between: one of the
    /// two the places.
    pairs: Vec<(u8, u8)>,
    /// Option -> items (CSR).
    opt_start: Vec<u32>,
    opt_items: Vec<u32>,
    /// Item -> options (CSR), options in increasing order.
    item_start: Vec<u32>,
    item_opts: Vec<u32>,
    /// Scratch for subsets: candidates, and for each target item the
    /// candidates that reach it.
    reach: Vec<Reach>,
    by_target: Vec<Vec<u32>>,
    /// Scratch for subsets of [`MAX_SUBSET`]: the sets grown already
    /// (cleared, not dropped, between searches).
    seen: find::Seen,
    /// Asked before each problem and every [`CANCEL_WORK`] units of work
    /// ([`Deducer::set_cancel`]).
    cancel: Option<SharedCancel>,
    /// Units of work counted since `cancel` was last asked (kept from one
    /// problem to the next, so a batch of small problems asks it too).
    work: u64,
}

impl Deducer {
    /// A deducer with empty tables.
    #[cfg(test)]
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// Makes every later [`Deducer::rate`] stop early once `cancel` says
    /// so, with [`DeduceError::Cancelled`] (`None`: never). See the module
    /// docs for how often it is asked.
    pub(crate) fn set_cancel(&mut self, cancel: Option<SharedCancel>) {
        self.cancel = cancel;
    }

    /// Rates `problem` under `rules`: the deductions used before the first
    /// guess, then the guessing needed to find every solution (stopping at
    /// 2). [`DeduceError::Cancelled`] if the deducer's cancel said to stop
    /// before or while it rated.
    pub(crate) fn rate(
        &mut self,
        problem: Instance<'_>,
        rules: &Rules,
    ) -> Result<Rating, DeduceError> {
        if is_cancelled(self.cancel.as_ref()) {
            return Err(DeduceError::Cancelled);
        }
        let mut state = self.load(problem)?;
        let mut rating = Rating::default();
        match self.propagate(&mut state, &mut rating, rules) {
            Flow::Solved => rating.solutions = 1,
            Flow::Contradiction => {}
            Flow::Stalled => self.guess(state, rules, &mut rating)?,
            Flow::Cancelled => return Err(DeduceError::Cancelled),
        }
        Ok(rating)
    }

    /// The moves of the rules on `problem` under `rules`, in the order
    /// [`Deducer::rate`] makes them before its first guess, and where they
    /// stop. [`DeduceError::Cancelled`] as for [`Deducer::rate`].
    #[cfg(test)]
    pub(crate) fn explain(
        &mut self,
        problem: Instance<'_>,
        rules: &Rules,
    ) -> Result<(Vec<Step>, Ending), DeduceError> {
        if is_cancelled(self.cancel.as_ref()) {
            return Err(DeduceError::Cancelled);
        }
        let mut state = self.load(problem)?;
        let mut steps = Vec::new();
        let mut tally = Rating::default();
        let ending = match self.propagate_logged(&mut state, &mut tally, rules, Some(&mut steps)) {
            Flow::Solved => Ending::Solved,
            Flow::Stalled => Ending::Stalled,
            Flow::Contradiction => Ending::Contradiction,
            Flow::Cancelled => return Err(DeduceError::Cancelled),
        };
        Ok((steps, ending))
    }

    /// Builds the tables for `p` and its initial state.
    fn load(&mut self, instance: Instance<'_>) -> Result<State, DeduceError> {
        let Instance {
            problem: p,
            class,
            places,
        } = instance;
        let items = p.items as usize;
        if p.primary > p.items || class.len() != items {
            return Err(DeduceError::Malformed(format!(
                "{} items, {} primary, {} classes",
                p.items,
                p.primary,
                class.len()
            )));
        }
        self.primary = p.primary as usize;
        self.places = places;
        self.class.clear();
        self.class.extend_from_slice(class);
        self.classes.clear();
        self.classes.extend_from_slice(class);
        self.classes.sort_unstable();
        self.classes.dedup();
        self.pairs.clear();
        for &from in &self.classes {
            for &to in &self.classes {
                if from != to && (from == places || to == places) {
                    self.pairs.push((from, to));
                }
            }
        }
        self.opt_start.clear();
        self.opt_start.push(0);
        self.opt_items.clear();
        let mut counts = vec![0u32; items + 1];
        let mut start = 0usize;
        for &end in p.ends {
            let end = end as usize;
            let option = p.entries.get(start..end).ok_or_else(|| {
                DeduceError::Malformed(format!("option ends at {end}, before {start}"))
            })?;
            for &i in option {
                if i as usize >= items {
                    return Err(DeduceError::Malformed(format!("item {i} of {items}")));
                }
                counts[i as usize + 1] += 1;
            }
            self.opt_items.extend_from_slice(option);
            self.opt_start.push(end as u32);
            start = end;
        }
        for i in 0..items {
            counts[i + 1] += counts[i];
        }
        self.item_start = counts.clone();
        self.item_opts.clear();
        self.item_opts.resize(counts[items] as usize, 0);
        for k in 0..p.ends.len() {
            let option =
                &self.opt_items[self.opt_start[k] as usize..self.opt_start[k + 1] as usize];
            for &i in option {
                let slot = &mut counts[i as usize];
                self.item_opts[*slot as usize] = k as u32;
                *slot += 1;
            }
        }
        let len = (0..items)
            .map(|i| self.item_start[i + 1] - self.item_start[i])
            .collect();
        self.by_target.resize_with(items, Vec::new);
        Ok(State {
            alive: vec![true; p.ends.len()],
            covered: vec![false; items],
            len,
            open: p.primary,
        })
    }

    fn option(&self, k: u32) -> &[u32] {
        &self.opt_items
            [self.opt_start[k as usize] as usize..self.opt_start[k as usize + 1] as usize]
    }

    fn options_of(&self, i: u32) -> &[u32] {
        &self.item_opts
            [self.item_start[i as usize] as usize..self.item_start[i as usize + 1] as usize]
    }

    fn covers(&self, k: u32, i: u32) -> bool {
        self.option(k).contains(&i)
    }

    /// Removes option `k` (alive).
    fn kill(&self, s: &mut State, k: u32) {
        s.alive[k as usize] = false;
        for &i in self.option(k) {
            s.len[i as usize] -= 1;
        }
    }

    /// Chooses option `k` (alive): covers its items and kills every other
    /// option on them.
    fn choose(&self, s: &mut State, k: u32) {
        self.choose_with(s, k, |_| {});
    }

    /// [`Self::choose`], telling `killed` each option it kills, once.
    fn choose_with(&self, s: &mut State, k: u32, mut killed: impl FnMut(u32)) {
        s.alive[k as usize] = false;
        for &i in self.option(k) {
            s.covered[i as usize] = true;
            if (i as usize) < self.primary {
                s.open -= 1;
            }
        }
        for &i in self.option(k) {
            for &other in self.options_of(i) {
                if s.alive[other as usize] {
                    self.kill(s, other);
                    killed(other);
                }
            }
        }
    }

    /// The alive options of item `i`.
    fn alive_options<'a>(&'a self, s: &'a State, i: u32) -> impl Iterator<Item = u32> + 'a {
        self.options_of(i)
            .iter()
            .copied()
            .filter(|&k| s.alive[k as usize])
    }

    /// Whether to stop: counts one step's work and, once [`CANCEL_WORK`]
    /// is reached, asks the cancel (if any).
    #[inline]
    fn cancel_due(&mut self) -> bool {
        self.work += self.primary as u64 + 1;
        if self.work < CANCEL_WORK {
            return false;
        }
        self.work = 0;
        is_cancelled(self.cancel.as_ref())
    }

    /// Applies the rules, one move at a time, until the problem is solved,
    /// contradicts itself or nothing applies; counts the moves in `tally` (a rating's counts of deductions).
    /// Every search step of the rating comes through here (each guess is
    /// followed by a call), so this is where the cancel is asked: on
    /// entry, and before every move that is not a single. Singles in a row
    /// cover a primary item each, so there are never more than the primary
    /// items between two questions, and the cheapest moves pay nothing.
    fn propagate(&mut self, s: &mut State, tally: &mut Rating, rules: &Rules) -> Flow {
        self.propagate_logged(s, tally, rules, None)
    }

    /// [`Self::propagate`], each move also written to `log` if given.
    fn propagate_logged(
        &mut self,
        s: &mut State,
        tally: &mut Rating,
        rules: &Rules,
        mut log: Option<&mut Vec<Step>>,
    ) -> Flow {
        if self.cancel_due() {
            return Flow::Cancelled;
        }
        loop {
            if s.open == 0 {
                return Flow::Solved;
            }
            // What was alive before the move, to tell what it removed.
            let before = log.as_ref().map(|_| s.alive.clone());
            let mut record = |s: &State, kind: Move, items: Vec<u32>, chosen: Option<u32>| {
                if let (Some(log), Some(before)) = (log.as_deref_mut(), &before) {
                    let removed = (0..s.alive.len() as u32)
                        .filter(|&k| before[k as usize] && !s.alive[k as usize])
                        .filter(|&k| Some(k) != chosen)
                        .collect();
                    log.push(Step {
                        kind,
                        items,
                        options: Vec::new(),
                        chosen,
                        removed,
                        direct: false,
                        length: 0,
                        rung: 0,
                    });
                }
            };
            // Singles: a naked one first, then a hidden one.
            let mut hidden = None;
            let mut naked = None;
            for i in 0..self.primary {
                if s.covered[i] {
                    continue;
                }
                match s.len[i] {
                    0 => return Flow::Contradiction,
                    1 if self.class[i] == self.places => {
                        naked = Some(i as u32);
                        break;
                    }
                    1 if hidden.is_none() => hidden = Some(i as u32),
                    _ => {}
                }
            }
            if let Some(i) = naked.or(hidden) {
                let k = self.alive_options(s, i).next().expect("len 1");
                self.choose(s, k);
                let kind = if naked.is_some() {
                    tally.naked_singles += 1;
                    Move::NakedSingle
                } else {
                    tally.hidden_singles += 1;
                    Move::HiddenSingle
                };
                record(s, kind, vec![i], Some(k));
                continue;
            }
            if self.cancel_due() {
                return Flow::Cancelled;
            }
            let all = &mut |_: &Deducer, _: &State, _: &[u32], _: &[u32]| true;
            if let Some(found) = self.find_intersection(s, ALL_CLASSES, ALL_CLASSES, all) {
                self.kill_all(s, &found.removed);
                tally.intersections += 1;
                record(s, Move::Intersection, found.items, None);
                continue;
            }
            let mut moved = false;
            'sizes: for k in 2..=rules.max_subset.min(MAX_SUBSET) {
                for p in 0..self.pairs.len() {
                    let (from, to) = self.pairs[p];
                    match self.subset_between(s, k, from, to, all) {
                        None => {}
                        Some(SubsetFound::Contradiction) => return Flow::Contradiction,
                        Some(SubsetFound::Subset { from, found }) => {
                            self.kill_all(s, &found.removed);
                            let (sizes, kind) = if from == self.places {
                                (&mut tally.naked_subsets, Move::NakedSubset(k))
                            } else {
                                (&mut tally.hidden_subsets, Move::HiddenSubset(k))
                            };
                            if let Some(count) = sizes.get_mut(k - 2) {
                                *count += 1;
                            }
                            record(s, kind, found.items, None);
                            moved = true;
                            break 'sizes;
                        }
                    }
                }
            }
            if !moved {
                return Flow::Stalled;
            }
        }
    }

    /// The guessing search from a stalled `root`: branches on the primary
    /// item with the fewest options, applies the rules in each branch, and
    /// stops at the second solution.
    fn guess(
        &mut self,
        root: State,
        rules: &Rules,
        rating: &mut Rating,
    ) -> Result<(), DeduceError> {
        let mut scratch = Rating::default();
        let mut stack = vec![self.frame(root)];
        while let Some(top) = stack.last_mut() {
            let Some(&k) = top.options.get(top.next) else {
                stack.pop();
                continue;
            };
            top.next += 1;
            if rating.guesses >= rules.max_guesses {
                return Err(DeduceError::GaveUp(rating.guesses));
            }
            rating.guesses += 1;
            let mut state = top.state.clone();
            self.choose(&mut state, k);
            match self.propagate(&mut state, &mut scratch, rules) {
                Flow::Solved => {
                    rating.solutions += 1;
                    if rating.solutions >= 2 {
                        return Ok(());
                    }
                }
                Flow::Contradiction => rating.backtracks += 1,
                Flow::Cancelled => return Err(DeduceError::Cancelled),
                Flow::Stalled => {
                    let frame = self.frame(state);
                    stack.push(frame);
                }
            }
        }
        Ok(())
    }

    /// A search level for a stalled state: the primary item with the
    /// fewest options (the first on ties) and its options.
    fn frame(&self, state: State) -> Frame {
        let item = (0..self.primary)
            .filter(|&i| !state.covered[i])
            .min_by_key(|&i| state.len[i])
            .expect("a stalled state has an open primary item") as u32;
        let options = self.alive_options(&state, item).collect();
        Frame {
            state,
            options,
            next: 0,
        }
    }
}

mod find;
mod finned;
mod forcing;
mod grouped;
mod ladder;
mod links;
mod unique;

use find::SubsetFound;

/// The parts of finned fish searches (by the options of their bases and
/// cover) and the sizes known to have none, bit `k` for size `k`
/// (`finned.rs`).
type FinnedEmpty =
    std::collections::HashMap<Vec<u32>, u8, std::hash::BuildHasherDefault<find::KeyHasher>>;
pub(crate) use find::{ALL_CLASSES, Classes};
pub(crate) use ladder::Technique;

#[cfg(test)]
mod tests;
