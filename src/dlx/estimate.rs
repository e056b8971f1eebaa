//! Knuth's estimate of a search by random paths (Knuth 1975, "Estimating
//! the efficiency of backtrack programs"; TAOCP 7.2.2): for problems
//! whose count is out of reach.
//!
//! A probe walks one path down the tree the search would walk: at each
//! level the item [`Search::search`](super::Search::search) branches on,
//! and one of its `d` options at random, the path's weight multiplied by
//! `d`. A path that ends with every primary item covered weighs the
//! product of its branch counts, one that ends at an item with no option
//! 0: the mean weight over the probes is an unbiased estimate of the
//! number of solutions, and the mean over the probes of the partial
//! products along each path (1 for the root, then `d1`, `d1 d2`, ...) an
//! unbiased estimate of the tree's nodes. The spread is the standard
//! error of the mean, from the probes' own variance.
//!
//! Invariant: the matrix is left as it was (each probe's covers undone in
//! reverse), and a seed gives the same estimate anywhere.

use super::links::COVERED;
use super::{BuildError, Matrix, Problem};
use crate::rng::Rng;
use bumpalo::Bump;

/// What `Matrix::estimate` found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The random paths walked.
    pub probes: u64,
    /// The estimated number of solutions (the mean of the paths' weights).
    pub solutions: f64,
    /// The standard error of `solutions`: about two in three estimates
    /// of as many probes fall within one of the true count.
    pub std_error: f64,
    /// The estimated number of nodes of the search tree.
    pub nodes: f64,
}

/// A number as an estimate prints it: to one decimal below a million,
/// else in scientific notation with four significant digits.
fn approx(x: f64) -> String {
    if x.abs() < 1e6 {
        format!("{x:.1}")
    } else {
        format!("{x:.3e}")
    }
}

impl std::fmt::Display for Estimate {
    /// `about 34723.6 solutions (standard error 512.8, 20000 probes), a
    /// search tree of about 437900.9 nodes`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "about {} solutions (standard error {}, {} probes), a search tree of about {} nodes",
            approx(self.solutions),
            approx(self.std_error),
            self.probes,
            approx(self.nodes)
        )
    }
}

impl Matrix<'_> {
    /// Knuth's estimate of the solutions and nodes of the search below
    /// the options forced so far, from `probes` random paths drawn from
    /// `rng` (the module's docs). With no probes, all zero.
    pub(crate) fn estimate(&mut self, probes: u64, rng: &mut Rng) -> Estimate {
        let (mut sum, mut sum_sq, mut nodes) = (0.0f64, 0.0f64, 0.0f64);
        // The path's levels: the item covered and the option chosen.
        let mut path: Vec<(u32, u32)> = Vec::new();
        for _ in 0..probes {
            let (mut weight, mut tree) = (1.0f64, 1.0f64);
            let solved = loop {
                if self.items[0].next == 0 {
                    break true;
                }
                let item = self.choose_item();
                let d = self.lens[item as usize] & !COVERED;
                if d == 0 {
                    break false;
                }
                self.cover(item);
                let mut x = self.nodes[item as usize].down;
                for _ in 0..rng.below(d as usize) {
                    x = self.nodes[x as usize].down;
                }
                self.commit_others(x);
                path.push((item, x));
                weight *= f64::from(d);
                tree += weight;
            };
            let w = if solved { weight } else { 0.0 };
            sum += w;
            sum_sq += w * w;
            nodes += tree;
            while let Some((item, x)) = path.pop() {
                self.uncommit_others(x);
                self.uncover(item);
            }
        }
        if probes == 0 {
            return Estimate {
                probes,
                solutions: 0.0,
                std_error: 0.0,
                nodes: 0.0,
            };
        }
        let n = probes as f64;
        let mean = sum / n;
        // The sample variance of the weights (n - 1 in the denominator).
        let variance = if probes > 1 {
            ((sum_sq - n * mean * mean) / (n - 1.0)).max(0.0)
        } else {
            0.0
        };
        Estimate {
            probes,
            solutions: mean,
            std_error: (variance / n).sqrt(),
            nodes: nodes / n,
        }
    }
}

impl Problem {
    /// `Matrix::estimate` on this problem's dancing links, from
    /// `probes` random paths seeded by `seed`. Refuses a problem with
    /// multiplicities ([`BuildError::Multiplicities`]): Algorithm M's
    /// tree is not one of options. A problem that propagates is walked
    /// without its propagators (Knuth's tree): they remove only what no
    /// solution uses, so the solutions estimated are the same.
    pub fn estimate(&self, probes: u64, seed: u64) -> Result<Estimate, BuildError> {
        let arena = Bump::new();
        let mut matrix = self.build(&arena)?;
        Ok(matrix.estimate(probes, &mut Rng::new(seed)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dlx::{ItemKind, Search, classic, knuth};

    /// The estimate of `problem` from `probes` paths, and its exact count.
    fn both(problem: &Problem, probes: u64) -> (Estimate, u128) {
        let estimate = problem.estimate(probes, 1).unwrap();
        let arena = Bump::new();
        let exact = problem
            .build(&arena)
            .unwrap()
            .count_up_to(u64::MAX)
            .solutions;
        (estimate, exact)
    }

    #[test]
    fn a_tree_without_choices_is_estimated_exactly() {
        // Items 0, 1, 2; options {0, 1}, {2}: one path, one solution, two
        // levels below the root.
        let mut p = Problem::new();
        let items: Vec<_> = p.add_items(ItemKind::Primary, 3).collect();
        p.add_option(&[items[0], items[1]]).unwrap();
        p.add_option(&[items[2]]).unwrap();
        let (e, exact) = both(&p, 10);
        assert_eq!(exact, 1);
        assert_eq!((e.solutions, e.std_error, e.nodes), (1.0, 0.0, 3.0));
    }

    #[test]
    fn estimates_fall_near_the_exact_counts() {
        // Queens and Langford pairs, counted exactly by the search: the mean
        // of many paths lies within four standard errors of the count.
        for (name, text) in [
            ("8 queens", classic::queens(8)),
            ("10 queens", classic::queens(10)),
            ("langford 11", classic::langford(11)),
        ] {
            let problem = knuth::parse(&text.unwrap()).unwrap().0.problem;
            let (e, exact) = both(&problem, 20_000);
            let off = (e.solutions - exact as f64).abs();
            assert!(
                off <= 4.0 * e.std_error && e.std_error > 0.0,
                "{name}: {e:?} against {exact}"
            );
        }
    }

    #[test]
    fn a_problem_with_no_solution_is_estimated_at_zero() {
        let mut p = Problem::new();
        let items: Vec<_> = p.add_items(ItemKind::Primary, 2).collect();
        p.add_option(&[items[0]]).unwrap();
        let e = p.estimate(100, 7).unwrap();
        assert_eq!((e.solutions, e.std_error), (0.0, 0.0));
        assert_eq!(e.nodes, 1.0);
        assert_eq!(
            e.to_string(),
            "about 0.0 solutions (standard error 0.0, 100 probes), a search tree of about 1.0 nodes"
        );
        let big = Estimate {
            probes: 3,
            solutions: 2.5e12,
            std_error: 1234567.0,
            nodes: 12.25,
        };
        assert_eq!(
            big.to_string(),
            "about 2.500e12 solutions (standard error 1.235e6, 3 probes), a search tree of about 12.2 nodes"
        );
    }
}
