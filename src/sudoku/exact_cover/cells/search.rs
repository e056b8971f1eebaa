//! The search on the cells' masks: each level a copy of its parent's masks
//! after one choice and propagation (see the parent module).

use super::super::boards::{Visit, found, tick};
use super::prop::{Ctx, Queues};
use super::{Model, PLACED};
use crate::dlx::Count;
use crate::dlx::cancel::SharedCancel;
use crate::dlx::{Outcome, SearchLimits, Stats};
use crate::sudoku::{Grid, Variant, report};

/// How often, in nodes, the search asks its cancel whether to stop.
const TICK_NODES: u64 = 1 << 10;

/// A level: the choice it is trying, a digit of a cell; once that child is
/// done, the digit leaves the cell at the level's own masks and the level
/// chooses again (see the parent module).
#[derive(Clone, Copy, Debug)]
struct Level {
    cell: u16,
    /// The digit's bit.
    digit: u32,
    /// Choices tried at this level so far, and that plus the digits of its
    /// cell left to try (for progress reports).
    tried: u32,
    len: u32,
}

/// The search on the cells, with its model and levels kept from one
/// puzzle to the next.
#[derive(Clone, Debug)]
pub(in crate::sudoku::exact_cover) struct CellSearch {
    model: Model,
    /// Each level's masks, `cells` words each, the root's first.
    masks: Vec<u32>,
    levels: Vec<Level>,
    queues: Queues,
    /// Each level's position and number of options, for progress reports.
    path: Vec<(u32, u32)>,
}

impl CellSearch {
    /// The search for puzzles under `rules`, or `None` when some rule has
    /// no propagator here ([`Model::of`]).
    pub(in crate::sudoku::exact_cover) fn of(rules: &Variant) -> Option<Self> {
        Some(Self {
            model: Model::of(rules)?,
            masks: Vec::new(),
            levels: Vec::new(),
            queues: Queues::default(),
            path: Vec::new(),
        })
    }

    /// Searches `puzzle` within `limits`, handing each solution to `visit`;
    /// `None`, searching nothing, when a given is not among its cell's
    /// digits or two givens that must differ are the same, so that the
    /// caller's compiler says what it means.
    pub(in crate::sudoku::exact_cover) fn search(
        &mut self,
        puzzle: &Grid,
        limits: SearchLimits,
        mut visit: Option<Visit<'_, '_>>,
        cancel: Option<&SharedCancel>,
    ) -> Option<Count> {
        self.start(puzzle)?;
        let model = &self.model;
        let (count, width) = (model.n * model.n, model.width);
        let shape = puzzle.shape();
        self.queues.weight.clear();
        self.queues.weight.resize(count, 1);
        let mut stats = Stats::default();
        let mut solution = |masks: &[u32], stats: &mut Stats| -> Option<Outcome> {
            let digits = || {
                masks
                    .iter()
                    .map(|m| (m & !PLACED).trailing_zeros() as u8 + 1)
                    .collect()
            };
            found(stats, &mut visit, limits, || {
                Grid::from_cells(shape, digits()).ok()
            })
        };
        let outcome = 'search: {
            if limits.max_nodes == 0 {
                break 'search Outcome::NodeLimit;
            }
            stats.nodes = 1;
            let mut ctx = Ctx {
                model,
                cand: &mut self.masks[..width],
                q: &mut self.queues,
            };
            ctx.queue_all();
            let alive = ctx.run();
            stats.removed = std::mem::take(&mut self.queues.removed);
            if !alive {
                break 'search Outcome::Exhausted;
            }
            self.levels.clear();
            match choose(&self.masks[..count], &self.queues.weight) {
                None => {
                    break 'search solution(&self.masks[..count], &mut stats)
                        .unwrap_or(Outcome::Exhausted);
                }
                Some(level) => self.levels.push(level),
            }
            while let Some(&top) = self.levels.last() {
                let depth = self.levels.len();
                let here = (depth - 1) * width..depth * width;
                if top.tried > 0 {
                    // Its last child is done: that digit leaves the cell
                    // here, and the level goes on from what propagation
                    // leaves, on the cell it then chooses (two-way
                    // branching: `x = d`, then `x != d`).
                    let alive = self.propagate(depth - 1, top.cell, !top.digit);
                    stats.removed += std::mem::take(&mut self.queues.removed);
                    let next = alive
                        .then(|| choose(&self.masks[here.start..][..count], &self.queues.weight))
                        .flatten();
                    if let Some(level) = next {
                        self.levels[depth - 1] = Level {
                            tried: top.tried,
                            len: top.tried + level.len,
                            ..level
                        };
                    } else {
                        if alive
                            && let Some(end) =
                                solution(&self.masks[here.start..][..count], &mut stats)
                        {
                            break 'search end;
                        }
                        self.levels.pop();
                        self.masks.truncate((depth - 1) * width);
                        continue;
                    }
                }
                let top = &mut self.levels[depth - 1];
                top.tried += 1;
                let (cell, digit) = (top.cell, top.digit);
                if stats.nodes >= limits.max_nodes {
                    break 'search Outcome::NodeLimit;
                }
                stats.nodes += 1;
                if stats.nodes & (TICK_NODES - 1) == 0 && self.tick(cancel, stats) {
                    break 'search Outcome::Stopped;
                }
                // The child starts as a copy of its parent's words.
                self.masks.extend_from_within(here);
                // The choice's own cell's other digits are its updates, the
                // rest propagation's removals.
                let mask = self.masks[depth * width + cell as usize];
                let own = u64::from((mask & !PLACED).count_ones() - 1);
                let alive = self.propagate(depth, cell, digit);
                stats.updates += own;
                stats.removed += std::mem::take(&mut self.queues.removed) - own;
                if alive {
                    let child = &self.masks[depth * width..][..count];
                    match choose(child, &self.queues.weight) {
                        Some(level) => {
                            self.levels.push(level);
                            continue;
                        }
                        None => {
                            if let Some(end) = solution(child, &mut stats) {
                                break 'search end;
                            }
                        }
                    }
                }
                self.masks.truncate(depth * width);
            }
            Outcome::Exhausted
        };
        Some(report(outcome, stats))
    }

    /// Sets the root's words for `puzzle`: each cell's digits (a given's
    /// alone), every sum's groups free to make anything; `None` when a
    /// given is not among its cell's digits or two givens that must differ
    /// are the same.
    fn start(&mut self, puzzle: &Grid) -> Option<()> {
        let model = &self.model;
        let givens = puzzle.cells();
        self.masks.clear();
        self.masks.extend_from_slice(&model.root);
        self.masks.resize(model.width, u32::MAX);
        for (c, &v) in givens.iter().enumerate() {
            if v != 0 {
                let bit = 1u32 << (v - 1);
                let clash = model.peers[c].iter().any(|&p| givens[p as usize] == v);
                if self.masks[c] & bit == 0 || clash {
                    return None;
                }
                self.masks[c] = bit;
            }
        }
        Some(())
    }

    /// Keeps only the digits `keep` of `cell` in level `level`'s words and
    /// propagates to a fixed point; `false` at a dead end.
    fn propagate(&mut self, level: usize, cell: u16, keep: u32) -> bool {
        let width = self.model.width;
        let mut ctx = Ctx {
            model: &self.model,
            cand: &mut self.masks[level * width..(level + 1) * width],
            q: &mut self.queues,
        };
        ctx.reset();
        ctx.narrow(cell, keep) && ctx.run()
    }

    /// Shows `cancel` where the search stands and asks it whether to stop.
    #[cold]
    fn tick(&mut self, cancel: Option<&SharedCancel>, stats: Stats) -> bool {
        let levels = self.levels.iter().map(|l| (l.tried - 1, l.len));
        tick(cancel, &mut self.path, levels, stats)
    }
}

/// The level branching on the open cell with the fewest digits for its
/// weight (the first of them), or `None` when every cell is placed (a
/// solution).
fn choose(masks: &[u32], weight: &[u32]) -> Option<Level> {
    // (digits, weight, cell) of the best so far: fewer digits per weight
    // is `k * w_best < k_best * w`.
    let mut best: Option<(u64, u64, usize)> = None;
    for (c, (&m, &w)) in masks.iter().zip(weight).enumerate() {
        if m & PLACED == 0 {
            let (k, w) = (u64::from(m.count_ones()), u64::from(w));
            if best.is_none_or(|(bk, bw, _)| k * bw < bk * w) {
                best = Some((k, w, c));
            }
        }
    }
    best.map(|(k, _, c)| Level {
        cell: c as u16,
        digit: masks[c] & masks[c].wrapping_neg(),
        tried: 0,
        len: k as u32,
    })
}
