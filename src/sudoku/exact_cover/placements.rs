//! What the options and items of a compiled puzzle stand for: the digits
//! an option places ([`Placements`]), the digit set a killer cage's set
//! option chooses, and the house, cage or digit an item is
//! ([`Subject`]); read by the search (to fill a solution's grid), the
//! rating and the explained path.

use super::super::Grid;
use super::{CLASS_CELL, Compiled, Tables, Unit};
use crate::dlx::{FlatProblem, OptionId, Solution};

/// Where the options of a compiled puzzle put their digits.
#[derive(Clone, Copy)]
pub struct Placements<'s> {
    pub(super) n: usize,
    pub(super) full_option: &'s [u32],
    /// Full option numbers from here on are placement options, indexing
    /// `placed_ends`.
    pub(super) placement_base: u32,
    pub(super) placed: &'s [u32],
    pub(super) placed_ends: &'s [u32],
    pub(super) deduced: &'s [u32],
    /// The digit sets of each cage, as masks (bit `d` for digit `d + 1`).
    pub(super) sets: &'s [Vec<u64>],
}

/// A puzzle's reduced problem as flat option lists (see the module docs
/// for what it holds), every item primary, with a class per item and what
/// each option places.
#[derive(Clone, Copy)]
pub struct CompiledOptions<'s> {
    /// The items and options.
    pub problem: FlatProblem<'s>,
    /// The class of each item: `CLASS_CELL` for the cells, then one
    /// class per kind of house for its digit items (1 rows, 2 columns,
    /// 3 boxes or jigsaw regions, 4 diagonals, 5 hyper windows), 6 the
    /// digits of killer cages, 7 the cages.
    pub class: &'s [u8],
    /// What each item stands for, in the rules' houses and cages.
    pub subjects: &'s [Subject],
    /// What each option places (one digit at most: killer cages are
    /// compiled to their digit sets here).
    pub placements: Placements<'s>,
}

/// What an item of [`CompiledOptions`] stands for: the words of an
/// explained step name it so. Houses index `Variant::houses`, cages
/// [`Variant::cages`](crate::sudoku::Variant::cages); digits count from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Subject {
    /// Cell `r * n + c` holds a digit.
    Cell(usize),
    /// House `house` holds `digit`.
    HouseDigit {
        /// The house.
        house: usize,
        /// The digit.
        digit: u8,
    },
    /// Cage `cage` holds `digit` (in a cell, or its digit set lacks it).
    CageDigit {
        /// The cage.
        cage: usize,
        /// The digit.
        digit: u8,
    },
    /// Cage `cage` holds one of its digit sets.
    Cage(usize),
}

impl Placements<'_> {
    /// The 0-based row and column, and the digit (1-based), that option
    /// `k` of the reduced matrix places.
    ///
    /// # Panics
    /// If `k` does not place exactly one digit (a killer cage's set or
    /// placement option, see `Placements::get`).
    #[cfg_attr(not(feature = "unstable"), allow(dead_code))] // used through `__unstable`
    pub fn of(&self, k: OptionId) -> (usize, usize, u8) {
        self.get(k).expect("a cell option")
    }

    /// What option `k` places if it is a cell option, or `None` for a
    /// killer cage's set option (which places nothing) or placement
    /// option (which places several digits: [`Placements::each`]).
    pub(crate) fn get(&self, k: OptionId) -> Option<(usize, usize, u8)> {
        let full = self.full_option[k.0 as usize] as usize;
        let cell = full / self.n;
        (cell < self.n * self.n).then(|| (cell / self.n, cell % self.n, (full % self.n) as u8 + 1))
    }

    /// The cage and digit set (a mask, bit `d` for digit `d + 1`) that
    /// option `k` chooses, if it is a killer cage's set option.
    pub(crate) fn set(&self, k: OptionId) -> Option<(usize, u64)> {
        let full = self.full_option[k.0 as usize] as usize;
        let mut j = full.checked_sub(self.n * self.n * self.n)?;
        if full >= self.placement_base as usize {
            return None;
        }
        for (cage, sets) in self.sets.iter().enumerate() {
            match sets.get(j) {
                Some(&mask) => return Some((cage, mask)),
                None => j -= sets.len(),
            }
        }
        None
    }

    /// Every digit option `k` places, as (row, column, digit): one for a
    /// cell option, one per cell of the cage for a placement option,
    /// none for a set option.
    pub(crate) fn each(&self, k: OptionId) -> impl Iterator<Item = (usize, usize, u8)> + '_ {
        let full = self.full_option[k.0 as usize];
        let pairs: &[u32] = match full.checked_sub(self.placement_base) {
            Some(p) => {
                let p = p as usize;
                let start = if p == 0 {
                    0
                } else {
                    self.placed_ends[p - 1] as usize
                };
                &self.placed[start..self.placed_ends[p] as usize]
            }
            None => &[],
        };
        let n = self.n;
        self.get(k)
            .into_iter()
            .chain(pairs.iter().map(move |&pair| {
                let (cell, d) = (pair as usize / n, pair as usize % n);
                (cell / n, cell % n, d as u8 + 1)
            }))
    }

    /// The digits the compiler deduced before the search, as (row,
    /// column, digit): killer digits forced by the sum of a house. They
    /// are in every solution and in no option, so a solution is the
    /// puzzle, these and what its options place ([`Placements::fill`]).
    pub(crate) fn deduced(&self) -> impl Iterator<Item = (usize, usize, u8)> + '_ {
        let n = self.n;
        self.deduced.iter().map(move |&pair| {
            let (cell, d) = (pair as usize / n, pair as usize % n);
            (cell / n, cell % n, d as u8 + 1)
        })
    }

    /// `puzzle` with the deduced digits and those of `solution` written
    /// in.
    pub(crate) fn fill(&self, puzzle: &Grid, solution: &Solution<'_, '_>) -> Grid {
        let mut grid = puzzle.clone();
        for (r, c, d) in self.deduced() {
            grid.set(r, c, d);
        }
        for k in solution.options() {
            // Cell options first, as [`Placements::get`] reads them: plain
            // Sudoku has no other kind, and its speed counts this loop.
            if let Some((r, c, d)) = self.get(k) {
                grid.set(r, c, d);
            } else if self.full_option[k.0 as usize] >= self.placement_base {
                for (r, c, d) in self.each(k) {
                    grid.set(r, c, d);
                }
            }
        }
        grid
    }
}

impl Compiled {
    /// What the options of this problem, compiled under `tables`, place.
    pub(super) fn placements<'s>(&'s self, tables: &'s Tables) -> Placements<'s> {
        Placements {
            n: tables.n,
            full_option: &self.full_option,
            placement_base: tables.placement_base,
            placed: &self.placed,
            placed_ends: &self.placed_ends,
            deduced: &self.deduced,
            sets: &tables.sets,
        }
    }
}

impl Tables {
    /// What full item `full` stands for (see [`Subject`]); the items of
    /// the rating's compile (no rests).
    pub(super) fn subject_of(&self, full: usize) -> Subject {
        let (n, nn) = (self.n, self.n * self.n);
        let cage_digit = nn + self.houses.len() * n;
        let cage = cage_digit + self.sets.len() * n;
        let digit = |at: usize| ((full - at) % n) as u8 + 1;
        if full < nn {
            Subject::Cell(full)
        } else if full < cage_digit {
            Subject::HouseDigit {
                house: (full - nn) / n,
                digit: digit(nn),
            }
        } else if full < cage {
            Subject::CageDigit {
                cage: (full - cage_digit) / n,
                digit: digit(cage_digit),
            }
        } else {
            Subject::Cage(full - cage)
        }
    }

    /// The class of full item `full` (see [`CompiledOptions::class`]).
    pub(super) fn class_of(&self, full: usize) -> u8 {
        let (n, nn) = (self.n, self.n * self.n);
        if full < nn {
            return CLASS_CELL;
        }
        match self.houses.get((full - nn) / n) {
            Some(house) => match house.unit {
                Unit::Row(_) => 1,
                Unit::Column(_) => 2,
                Unit::Box(_) | Unit::Region(_) => 3,
                Unit::Diagonal(_) => 4,
                Unit::Window(_) => 5,
                Unit::Cage(_) => 6,
            },
            // Past the houses: a cage's digits, then the cages themselves.
            None if full < nn + (self.houses.len() + self.sets.len()) * n => 6,
            None => 7,
        }
    }
}
