//! The explained path: a ladder of techniques, tried easiest first, one
//! step at a time, as Sudoku Explainer and HoDoKu solve: at each step the
//! first rung whose technique applies makes the step, then the walk starts
//! again from the bottom rung.
//!
//! The rungs are techniques on the exact-cover matrix ([`Technique`]),
//! each limited to item classes, so one problem's ladder can put hidden
//! singles of one class below those of another, or pointing below
//! claiming. The caller (for Sudoku, [`crate::sudoku::explain`]) chooses
//! the rungs and their order, and rates each step by its rung.
//!
//! Invariant: every step removes only options no solution uses and
//! chooses only options every solution uses (the rules' invariant), but
//! for [`Technique::Bug`], which assumes a unique solution: a caller adds
//! it only for a problem known to have one.

use super::find::{Accept, Classes, SubsetFound, has};
use super::{DeduceError, Deducer, Ending, Instance, MAX_SUBSET, Move, State, Step};
use crate::dlx::cancel::is_cancelled;

/// A technique of the ladder, on the items of the classes it names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Technique {
    /// A primary item of a class in `classes` with one option left.
    Single {
        /// The classes whose items are looked at.
        classes: Classes,
        /// Only a *full house*: an item (not a place) whose option's
        /// place is the last open one of the house, every other item of
        /// its class on that place's options covered already.
        full: bool,
    },
    /// Every option left of an item `a` (of a class in `a`) covers an item
    /// `b` (of a class in `b`): `b`'s other options go.
    Intersection {
        /// The classes of `a`.
        a: Classes,
        /// The classes of `b`.
        b: Classes,
        /// Only one whose removals leave a hidden single, placed at once.
        direct: bool,
    },
    /// `k` items of a class in `from` whose options lie within `k` items
    /// of a class in `to` (naked, hidden or fish by whether either is the
    /// places).
    Subset {
        /// The size.
        k: usize,
        /// The classes of the `k` items.
        from: Classes,
        /// The classes of the items they lie within.
        to: Classes,
        /// Only one whose removals leave a hidden single, placed at once.
        direct: bool,
    },
    /// A finned fish of the least size up to `max_k`, its base of a class
    /// in `from`, its cover of another in `to` (`finned.rs`).
    FinnedFish {
        /// The largest size.
        max_k: usize,
        /// The classes of the base.
        from: Classes,
        /// The classes of the cover.
        to: Classes,
    },
    /// A wing with a pivot of `k` options (2: XY-wing, 3: XYZ-wing).
    Wing {
        /// The pivot's options.
        k: usize,
    },
    /// BUG+1 (a unique problem only).
    Bug,
    /// A unique rectangle of type 1, 2 or 4 (a unique problem only).
    UniqueRectangle,
    /// The shortest chain of `kind` with an elimination, of at most
    /// `max_nodes` nodes.
    Chain {
        /// The links it may use.
        kind: super::ChainKind,
        /// The longest chain looked for, in nodes.
        max_nodes: usize,
    },
    /// The shortest chain with a grouped node that removes something, of
    /// at most `max_nodes` nodes (`grouped.rs`).
    GroupedChain {
        /// The longest chain looked for, in nodes.
        max_nodes: usize,
    },
    /// The Nishio of fewest singles, at most `max_singles`.
    Nishio {
        /// The most singles looked for.
        max_singles: usize,
    },
    /// The forcing chains of least complexity (their nodes, all counted),
    /// at most `max_complexity`.
    Forcing {
        /// The most complex looked for.
        max_complexity: usize,
    },
    /// The forcing net of least complexity (for each supposition, one
    /// and two for each of its singles), at most `max_complexity`.
    ForcingNet {
        /// The most complex looked for.
        max_complexity: usize,
    },
    /// The option whose choice leads to a contradiction by the fewest
    /// singles, at most `max_singles`.
    Trial {
        /// The most singles looked for.
        max_singles: usize,
    },
}

impl Deducer {
    /// The explained path of `problem` by `ladder`: at most `max_steps`
    /// steps, each made by the lowest rung that applies, and where they
    /// stop. [`DeduceError::Cancelled`] as for [`Deducer::rate`] (asked
    /// before each step).
    pub(crate) fn walk(
        &mut self,
        problem: Instance<'_>,
        ladder: &[Technique],
        max_steps: usize,
    ) -> Result<(Vec<Step>, Ending), DeduceError> {
        let mut s = self.load(problem)?;
        let mut steps = Vec::new();
        let mut memo = StepMemo::of(ladder);
        loop {
            if is_cancelled(self.cancel.as_ref()) {
                return Err(DeduceError::Cancelled);
            }
            if s.open == 0 {
                return Ok((steps, Ending::Solved));
            }
            if (0..self.primary).any(|i| !s.covered[i] && s.len[i] == 0) {
                return Ok((steps, Ending::Contradiction));
            }
            if steps.len() >= max_steps {
                return Ok((steps, Ending::StepLimit));
            }
            let mut moved = false;
            for (rung, &technique) in ladder.iter().enumerate() {
                match self.rung(&s, technique, &mut memo) {
                    Rung::Nothing => continue,
                    Rung::Contradiction => return Ok((steps, Ending::Contradiction)),
                    Rung::Step(mut step) => {
                        step.rung = rung;
                        memo.clear();
                        self.kill_all(&mut s, &step.removed);
                        if let Some(k) = step.chosen {
                            self.choose(&mut s, k);
                        }
                        steps.push(step);
                        moved = true;
                        break;
                    }
                }
            }
            if !moved {
                return Ok((steps, Ending::Stalled));
            }
        }
    }

    /// The single on item `i` (one option left): its step, not applied.
    pub(super) fn single_step(&self, s: &State, i: u32) -> Step {
        let k = self.alive_options(s, i).next().expect("len 1");
        let mut st = self.single_step_of(s, i, k);
        if self.class[i as usize] != self.places {
            st.kind = Move::HiddenSingle;
        }
        st
    }

    /// Whether the single on item `i` (not a place) fills the last open
    /// place of its house: every option of that place covers, besides
    /// the place, an item of `i`'s class that is `i` or covered already.
    fn is_full_house(&self, s: &State, i: u32) -> bool {
        let class = self.class[i as usize];
        if class == self.places {
            return false;
        }
        let k = self.alive_options(s, i).next().expect("len 1");
        let Some(&place) = self
            .option(k)
            .iter()
            .find(|&&p| self.class[p as usize] == self.places)
        else {
            return false;
        };
        self.options_of(place).iter().all(|&o| {
            self.option(o)
                .iter()
                .filter(|&&j| self.class[j as usize] == class)
                .all(|&j| j == i || s.covered[j as usize])
        })
    }

    /// What a trial or forcing net rung finds in `s` (memoized: the
    /// least found of each, for the largest rung).
    fn dynamic_rung(&self, s: &State, technique: Technique, memo: &mut StepMemo) -> Rung {
        match technique {
            Technique::ForcingNet { max_complexity } => {
                if memo.net.is_none() {
                    // A net more complex than the nets' rungs before the
                    // trial's would never be taken: the trial is found
                    // first, and bounds the search.
                    let most = memo.most_trial;
                    let trial = memo.trial.get_or_insert_with(|| self.find_trial(s, most));
                    let singles = trial.as_ref().map(|t| t.length);
                    let bound = memo.net_bound(singles);
                    memo.net = Some(match bound {
                        0 => None,
                        _ => self.find_net(s, bound),
                    });
                }
                up_to(memo.net.as_ref().expect("looked for"), max_complexity)
            }
            Technique::Trial { max_singles } => {
                let most = memo.most_trial;
                memoized(&mut memo.trial, max_singles, || self.find_trial(s, most))
            }
            _ => Rung::Nothing,
        }
    }

    /// What `technique` finds in `s`, not applied (a direct step's single
    /// is left to the walk).
    fn rung(&mut self, s: &State, technique: Technique, memo: &mut StepMemo) -> Rung {
        // A direct pattern: its removals leave a hidden single on an item
        // of the class of its first item (pointing: another box; claiming:
        // another line; a hidden subset: its own house).
        let mut direct_only = |d: &Deducer, s: &State, items: &[u32], removed: &[u32]| {
            d.hidden_single_after(s, removed, d.class[items[0] as usize])
                .is_some()
        };
        let mut anything = |_: &Deducer, _: &State, _: &[u32], _: &[u32]| true;
        let accept: &mut Accept<'_> = match technique {
            Technique::Intersection { direct: true, .. }
            | Technique::Subset { direct: true, .. } => &mut direct_only,
            _ => &mut anything,
        };
        let found = match technique {
            Technique::Single { classes, full } => {
                let ones = memo.ones.get_or_insert_with(|| {
                    (0..self.primary as u32)
                        .filter(|&i| !s.covered[i as usize] && s.len[i as usize] == 1)
                        .collect()
                });
                return ones
                    .iter()
                    .copied()
                    .find(|&i| {
                        has(classes, self.class[i as usize]) && (!full || self.is_full_house(s, i))
                    })
                    .map_or(Rung::Nothing, |i| Rung::Step(self.single_step(s, i)));
            }
            Technique::Intersection { a, b, .. } => self
                .find_intersection(s, a, b, accept)
                .map(|found| (Move::Intersection, found)),
            Technique::Subset { k, from, to, .. } => {
                if !(2..=MAX_SUBSET).contains(&k) {
                    return Rung::Nothing;
                }
                match self.find_subset(s, k, from, to, accept) {
                    None => None,
                    Some(SubsetFound::Contradiction) => return Rung::Contradiction,
                    Some(SubsetFound::Subset { from, found }) => {
                        let to_class = self.class[found.items[k] as usize];
                        let kind = if from == self.places {
                            Move::NakedSubset(k)
                        } else if to_class == self.places {
                            Move::HiddenSubset(k)
                        } else {
                            Move::Fish(k)
                        };
                        Some((kind, found))
                    }
                }
            }
            Technique::FinnedFish { max_k, from, to } => {
                return self
                    .find_finned_fish(s, max_k, from, to, &mut memo.finned_empty)
                    .map_or(Rung::Nothing, Rung::Step);
            }
            Technique::Wing { k } => return self.find_wing(s, k).map_or(Rung::Nothing, Rung::Step),
            Technique::Bug => return self.find_bug(s).map_or(Rung::Nothing, Rung::Step),
            Technique::UniqueRectangle => {
                return self
                    .find_unique_rectangle(s)
                    .map_or(Rung::Nothing, Rung::Step);
            }
            Technique::Chain { kind, max_nodes } => {
                let (j, longest) = (kind as usize, memo.longest[kind as usize]);
                return memoized(&mut memo.found[j], max_nodes, || {
                    self.find_chain(s, kind, longest)
                });
            }
            Technique::GroupedChain { max_nodes } => {
                let longest = memo.longest_grouped;
                return memoized(&mut memo.grouped, max_nodes, || {
                    self.find_grouped_chain(s, longest)
                });
            }
            Technique::Nishio { max_singles } => {
                let most = memo.most_singles;
                return memoized(&mut memo.nishio, max_singles, || self.find_nishio(s, most));
            }
            Technique::Forcing { max_complexity } => {
                let most = memo.most_complex;
                return memoized(&mut memo.forcing, max_complexity, || {
                    self.find_forcing(s, most)
                });
            }
            Technique::ForcingNet { .. } | Technique::Trial { .. } => {
                return self.dynamic_rung(s, technique, memo);
            }
        };
        let Some((kind, found)) = found else {
            return Rung::Nothing;
        };
        let direct = matches!(
            technique,
            Technique::Intersection { direct: true, .. } | Technique::Subset { direct: true, .. }
        );
        if !direct {
            return Rung::Step(step(kind, found.items, Vec::new(), None, found.removed));
        }
        // As Sudoku Explainer: a direct step places its single, and leaves
        // the pattern's other removals to later steps.
        let class = self.class[found.items[0] as usize];
        let single = self
            .hidden_single_after(s, &found.removed, class)
            .expect("a direct pattern leaves a hidden single");
        let chosen = self
            .alive_options(s, single)
            .find(|k| !found.removed.contains(k))
            .expect("the single's option");
        let mut st = self.single_step_of(s, single, chosen);
        st.kind = kind;
        st.items = [found.items.as_slice(), &[single]].concat();
        st.direct = true;
        Rung::Step(st)
    }
}

/// What the rungs of one step share, found once a step: the open items
/// with one option left (the singles' rungs look only at them, in item
/// order), and the shortest chain of each kind in the state of the
/// moment, looked for up to the longest any rung allows: a rung of fewer
/// nodes finds the same chain if it is short enough, and none otherwise
/// (the search gives the shortest, the first of those in option order,
/// whatever its bound); the least complex forcing chains and the Nishio
/// of fewest singles likewise. And, for the whole walk, the parts of
/// finned fish searches that have none.
struct StepMemo {
    /// By [`ChainKind`]: the longest chain a rung looks for.
    longest: [usize; 3],
    /// By kind: not looked for yet, or what the search found.
    found: [Option<Option<Step>>; 3],
    /// The open primary items with one option, in increasing order, once
    /// looked for.
    ones: Option<Vec<u32>>,
    /// The longest grouped chain a rung looks for.
    longest_grouped: usize,
    /// Not looked for yet, or the shortest grouped chain found.
    grouped: Option<Option<Step>>,
    /// The most singles a Nishio rung looks for.
    most_singles: usize,
    /// Not looked for yet, or the Nishio of fewest singles found.
    nishio: Option<Option<Step>>,
    /// The most complex forcing chains a rung looks for.
    most_complex: usize,
    /// Not looked for yet, or the least complex forcing chains found.
    forcing: Option<Option<Step>>,
    /// The rungs of forcing nets and trials in order: whether a net, and
    /// its bound.
    dynamic: Vec<(bool, usize)>,
    /// Not looked for yet, or the least complex forcing net found.
    net: Option<Option<Step>>,
    /// The most singles a trial rung looks for.
    most_trial: usize,
    /// Not looked for yet, or the trial of fewest singles found.
    trial: Option<Option<Step>>,
    /// The parts of finned fish searches known to have none, kept from
    /// step to step (a part is known by its options).
    finned_empty: super::FinnedEmpty,
}

impl StepMemo {
    fn of(ladder: &[Technique]) -> Self {
        let mut longest = [0; 3];
        let (mut most_complex, mut most_singles, mut longest_grouped) = (0, 0, 0);
        let (mut dynamic, mut most_trial) = (Vec::new(), 0);
        for t in ladder {
            match *t {
                Technique::Chain { kind, max_nodes } => {
                    longest[kind as usize] = longest[kind as usize].max(max_nodes);
                }
                Technique::Forcing { max_complexity } => {
                    most_complex = most_complex.max(max_complexity);
                }
                Technique::Nishio { max_singles } => {
                    most_singles = most_singles.max(max_singles);
                }
                Technique::GroupedChain { max_nodes } => {
                    longest_grouped = longest_grouped.max(max_nodes);
                }
                Technique::ForcingNet { max_complexity } => dynamic.push((true, max_complexity)),
                Technique::Trial { max_singles } => {
                    most_trial = most_trial.max(max_singles);
                    dynamic.push((false, max_singles));
                }
                _ => {}
            }
        }
        Self {
            longest,
            found: Default::default(),
            ones: None,
            most_complex,
            forcing: None,
            most_singles,
            nishio: None,
            longest_grouped,
            grouped: None,
            dynamic,
            net: None,
            most_trial,
            trial: None,
            finned_empty: Default::default(),
        }
    }

    /// The most complex net any rung takes before the first that takes a
    /// trial of `trial` singles (`None`: no trial).
    fn net_bound(&self, trial: Option<usize>) -> usize {
        let mut most = 0;
        for &(net, bound) in &self.dynamic {
            match net {
                true => most = most.max(bound),
                false if trial.is_some_and(|n| n <= bound) => break,
                false => {}
            }
        }
        most
    }

    /// Forgets what was found: the state changed.
    fn clear(&mut self) {
        self.found = Default::default();
        self.ones = None;
        self.forcing = None;
        self.nishio = None;
        self.grouped = None;
        self.net = None;
        self.trial = None;
    }
}

/// What a rung of at most `most` finds in a memo of the least measure,
/// the memo filled by `find` (which looks as far as the largest rung)
/// when not looked for yet.
fn memoized(
    memo: &mut Option<Option<Step>>,
    most: usize,
    find: impl FnOnce() -> Option<Step>,
) -> Rung {
    up_to(memo.get_or_insert_with(find), most)
}

/// What a memo of the least measure found, for a rung of at most `most`.
fn up_to(found: &Option<Step>, most: usize) -> Rung {
    match found {
        Some(step) if step.length <= most => Rung::Step(step.clone()),
        _ => Rung::Nothing,
    }
}

/// What one rung found.
enum Rung {
    Nothing,
    Step(Step),
    Contradiction,
}

/// A step with no chain length or rung yet.
pub(super) fn step(
    kind: Move,
    items: Vec<u32>,
    options: Vec<u32>,
    chosen: Option<u32>,
    removed: Vec<u32>,
) -> Step {
    Step {
        kind,
        items,
        options,
        chosen,
        removed,
        direct: false,
        length: 0,
        rung: 0,
    }
}
