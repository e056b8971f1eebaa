//! The tree cut into subproblems ([`Plan`]): the top levels walked as the
//! search would walk them, each subproblem the options chosen on the way
//! and its weight, Knuth's estimate of its share of the tree.
//!
//! Invariant: a plan's subproblems are disjoint, cover the whole tree, are
//! listed in the order a single-threaded search meets them, and their
//! weights add up to 1; the matrix walked is left as it was.

use super::{
    BuildError, Bump, COVERED, MAX_SPLIT_DEPTH, MAX_SUBPROBLEMS, Matrix, OptionId, Problem,
    SUBPROBLEMS_PER_SHARE, SUBPROBLEMS_PER_WORKER, Stats,
};

/// One independent piece of the search tree.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Subproblem {
    /// The options chosen at the top levels, in the order chosen.
    pub prefix: Vec<OptionId>,
    /// Its share of the tree in Knuth's estimate: the product of
    /// `1 / options` over the levels of the prefix.
    pub weight: f64,
}

/// The tree cut into subproblems, in single-threaded search order.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The subproblems.
    pub(crate) subproblems: Vec<Subproblem>,
    /// Effort spent on the split levels (their nodes and link updates).
    pub stats: Stats,
}

impl Plan {
    /// The whole tree as one subproblem.
    pub(crate) fn whole() -> Self {
        Plan {
            subproblems: vec![Subproblem {
                prefix: Vec::new(),
                weight: 1.0,
            }],
            stats: Stats::default(),
        }
    }

    /// The split the engine chooses for `threads` threads: the whole tree
    /// on one, else at least `SUBPROBLEMS_PER_WORKER` subproblems per
    /// thread, enough that uneven subtrees even out.
    pub fn for_threads(problem: &Problem, threads: usize) -> Result<Self, BuildError> {
        if threads <= 1 {
            return Ok(Plan::whole());
        }
        Plan::split(problem, SUBPROBLEMS_PER_WORKER.saturating_mul(threads))
    }

    /// Share `k` of `n` (1-based) for a scheduler that runs the shares as
    /// separate jobs (`dlx cover --part K/N`): the tree split into at
    /// least `SUBPROBLEMS_PER_SHARE` subproblems per share, then
    /// [`Plan::part`]. The `n` shares are disjoint and cover the tree.
    ///
    /// # Panics
    /// If `k` is not in `1..=n`.
    pub fn for_share(problem: &Problem, k: usize, n: usize) -> Result<Self, BuildError> {
        Ok(Plan::split(problem, SUBPROBLEMS_PER_SHARE.saturating_mul(n))?.part(k, n))
    }

    /// How many subproblems the plan holds.
    pub fn subproblem_count(&self) -> usize {
        self.subproblems.len()
    }

    /// Cuts the tree at the shallowest level that gives at least `min`
    /// subproblems (or at the deepest level that can be listed, if none
    /// does). A tree whose search propagates
    /// (`Problem::asks_propagation`) stays whole: the walk does not
    /// propagate, so its levels would not be the search's, and the
    /// solutions would come in another order than one thread's.
    pub fn split(problem: &Problem, min: usize) -> Result<Self, BuildError> {
        let mut best = Plan::whole();
        // Algorithm M's paths are not lists of options (module docs of
        // `multiplicity`): such a tree stays whole.
        if min <= 1 || problem.has_multiplicities() || problem.asks_propagation() {
            return Ok(best);
        }
        let arena = Bump::new();
        let mut m = problem.build(&arena)?;
        for depth in 1..=MAX_SPLIT_DEPTH {
            let mut walk = Walk {
                depth,
                prefix: Vec::new(),
                out: Vec::new(),
                nodes: 0,
                deeper: false,
            };
            let before = m.updates;
            let complete = m.walk_top(&mut walk, 1.0);
            if !complete {
                break;
            }
            best = Plan {
                subproblems: walk.out,
                stats: Stats {
                    nodes: walk.nodes,
                    updates: m.updates - before,
                    solutions: 0,
                    removed: 0,
                },
            };
            if best.subproblems.len() >= min || !walk.deeper {
                break;
            }
        }
        Ok(best)
    }

    /// Share `k` of `n` (1-based): every `n`-th subproblem starting with
    /// the `k`-th. The `n` shares are disjoint and cover the plan; the
    /// split levels' effort is counted in share 1 only.
    ///
    /// # Panics
    /// If `k` is not in `1..=n`.
    pub fn part(&self, k: usize, n: usize) -> Plan {
        assert!((1..=n).contains(&k), "share {k} of {n} does not exist");
        Plan {
            subproblems: self
                .subproblems
                .iter()
                .skip(k - 1)
                .step_by(n)
                .cloned()
                .collect(),
            stats: if k == 1 { self.stats } else { Stats::default() },
        }
    }

    /// Sum of the subproblems' weights.
    pub(crate) fn weight(&self) -> f64 {
        self.subproblems.iter().map(|s| s.weight).sum()
    }
}

/// State of one walk over the top levels.
struct Walk {
    depth: usize,
    prefix: Vec<OptionId>,
    out: Vec<Subproblem>,
    nodes: u64,
    deeper: bool,
}

impl Matrix<'_> {
    /// Lists the subproblems at `walk.depth` (and the solved or dead
    /// branches above it), branching as [`Search::search`](crate::dlx::Search::search) does. Returns
    /// `false`, with the matrix restored, if there are too many.
    fn walk_top(&mut self, walk: &mut Walk, weight: f64) -> bool {
        let solved = self.items[0].next == 0;
        if solved || walk.prefix.len() == walk.depth {
            walk.deeper |= !solved;
            walk.out.push(Subproblem {
                prefix: walk.prefix.clone(),
                weight,
            });
            return walk.out.len() <= MAX_SUBPROBLEMS;
        }
        walk.nodes += 1;
        let item = self.choose_item();
        let share = weight / f64::from((self.lens[item as usize] & !COVERED).max(1));
        self.cover(item);
        let mut x = self.nodes[item as usize].down;
        let mut complete = true;
        while complete && x != item {
            self.commit_others(x);
            walk.prefix.push(self.option_of_node(x));
            complete = self.walk_top(walk, share);
            walk.prefix.pop();
            self.uncommit_others(x);
            x = self.nodes[x as usize].down;
        }
        self.uncover(item);
        complete
    }
}
