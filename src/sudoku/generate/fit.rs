//! The filters on a try's difficulty: qqwing's levels (`difficulty`, a
//! try too hard getting clues back) and Sudoku Explainer's scale
//! (`se_rating`, `technique`, through the explained path).

use super::{GenerateError, Generator, Grid, Level, Rater, Rng, Rules, Variant};
use crate::sudoku::rate::{Grade, RateError};

impl Generator {
    /// Whether the unique `puzzle`'s explained path rates within
    /// `se_rating` and uses `technique`, and its ER in tenths (0 if the
    /// path stalls: such a puzzle fits no band).
    pub(super) fn explained_fits(&mut self, puzzle: &Grid) -> Result<(bool, u32), GenerateError> {
        let opts = crate::sudoku::explain::ExplainOptions {
            rating_only: true,
            ..Default::default()
        };
        let path =
            match crate::sudoku::explain::explain(&mut self.rater, &mut self.solver, puzzle, &opts)
            {
                Ok(path) => path,
                Err(RateError::Cancelled) => {
                    return Err(GenerateError::Cancelled);
                }
                Err(_) => return Ok((false, 0)),
            };
        let Some(rating) = path.rating else {
            return Ok((false, 0));
        };
        let in_band = self
            .settings
            .se_rating
            .is_none_or(|(lo, hi)| (lo..=hi).contains(&rating.er));
        let used = self
            .settings
            .technique
            .is_none_or(|t| path.steps.iter().any(|s| s.technique == t));
        Ok((in_band && used, rating.er))
    }

    /// The level of the unique `puzzle`; when it is harder than `target`
    /// and the puzzle need not be minimal, first adds back as few orbits
    /// of `solution`'s clues (in a random order) as bring it to `target`
    /// or below. [`GenerateError::Cancelled`] as soon as a rating is
    /// cancelled (`puzzle` is then left with some clues back).
    pub(super) fn fit_level(
        &mut self,
        puzzle: &mut Grid,
        solution: &Grid,
        target: Level,
        rng: &mut Rng,
    ) -> Result<Level, GenerateError> {
        let level = level_of(&mut self.rater, self.solver.variant(), puzzle)?;
        if level <= target || self.settings.minimal {
            return Ok(level);
        }
        let n = puzzle.n();
        let empty: Vec<usize> = (0..self.orbits.len())
            .filter(|&o| {
                let cell = self.orbits[o][0];
                puzzle.get(cell / n, cell % n) == 0
            })
            .collect();
        let order = rng.permutation(empty.len());
        let (orbits, rater, variant) = (&self.orbits, &mut self.rater, self.solver.variant());
        let with = |k: usize| {
            let mut more = puzzle.clone();
            for &t in &order[..k] {
                for &cell in &orbits[empty[t]] {
                    more.set(cell / n, cell % n, solution.get(cell / n, cell % n));
                }
            }
            more
        };
        // Every orbit back is the solution itself, which is simple.
        let (mut lo, mut hi) = (1, order.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            if level_of(rater, variant, &with(mid))? <= target {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        *puzzle = with(lo);
        level_of(rater, variant, puzzle)
    }
}

/// The level of a unique puzzle; one whose rating gives up (its guess
/// budget spent) is as hard as they come. [`GenerateError::Cancelled`] if
/// the rater's cancel stopped the rating.
fn level_of(rater: &mut Rater, variant: &Variant, puzzle: &Grid) -> Result<Level, GenerateError> {
    match rater.rate_variant(puzzle, variant, &Rules::default()) {
        Ok(rating) => Ok(rating.level()),
        Err(RateError::Cancelled) => Err(GenerateError::Cancelled),
        Err(_) => Ok(Level::Expert),
    }
}
