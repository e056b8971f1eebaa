//! Making puzzles: a solved grid by formula and symmetries (no solver
//! involved, so tests can plant it and check solvers against it), and a
//! minimal puzzle carved from it (no given can be removed without losing
//! uniqueness), the kind that is hardest for its size.

use super::{Grid, Shape, SudokuSolver};

/// A small deterministic random source (xorshift64*), so that generated
/// sets are reproducible from a seed without a dependency.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A source seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Self(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// A number in `0..bound` (`bound > 0`).
    pub fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % bound
    }

    /// `0..len` in a random order.
    pub fn permutation(&mut self, len: usize) -> Vec<usize> {
        let mut v: Vec<usize> = (0..len).collect();
        for i in (1..len).rev() {
            v.swap(i, self.below(i + 1));
        }
        v
    }
}

/// A valid full grid of `shape`, built by formula and then shuffled by
/// symmetries that keep it valid: digit relabelling, rows within bands,
/// columns within stacks, bands and stacks. `pick(k)` chooses in `0..k`.
pub fn solved_grid(shape: Shape, mut pick: impl FnMut(usize) -> usize) -> Grid {
    let (h, w, n) = (shape.box_rows(), shape.box_cols(), shape.n());
    let mut shuffled = |len: usize| {
        let mut v: Vec<usize> = (0..len).collect();
        for i in (1..len).rev() {
            v.swap(i, pick(i + 1));
        }
        v
    };
    let digits = shuffled(n);
    let bands = shuffled(n / h);
    let rows: Vec<usize> = bands
        .iter()
        .flat_map(|&b| shuffled(h).into_iter().map(move |r| b * h + r))
        .collect();
    let stacks = shuffled(n / w);
    let cols: Vec<usize> = stacks
        .iter()
        .flat_map(|&s| shuffled(w).into_iter().map(move |c| s * w + c))
        .collect();
    let mut cells = vec![0u8; n * n];
    for r in 0..n {
        for c in 0..n {
            let (sr, sc) = (rows[r], cols[c]);
            let base = (w * (sr % h) + sr / h + sc) % n;
            cells[r * n + c] = digits[base] as u8 + 1;
        }
    }
    Grid::from_cells(shape, cells).expect("the formula gives digits 1..=n")
}

/// Removes the givens of `solution` one by one in the order `cells`,
/// keeping each removal only if the puzzle stays uniquely solvable: the
/// result is minimal when `cells` lists every cell.
pub fn minimal_puzzle(solver: &mut dyn SudokuSolver, solution: &Grid, cells: &[usize]) -> Grid {
    let n = solution.n();
    let mut puzzle = solution.clone();
    for &k in cells {
        let (r, c) = (k / n, k % n);
        let given = puzzle.get(r, c);
        puzzle.set(r, c, 0);
        let unique = solver
            .is_unique(&puzzle)
            .expect("givens of a solution never clash");
        if !unique {
            puzzle.set(r, c, given);
        }
    }
    puzzle
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::verify::check_solution;
    use crate::sudoku::{DlxSolver, NaiveSolver};

    #[test]
    fn solved_grids_are_valid_for_every_shape_and_seed() {
        for (r, c) in [(1, 1), (2, 2), (2, 3), (3, 2), (3, 3), (3, 4), (5, 5)] {
            let shape = Shape::new(r, c).unwrap();
            for seed in 0..5 {
                let mut rng = Rng::new(seed);
                let g = solved_grid(shape, |k| rng.below(k));
                check_solution(&Grid::empty(shape), &g).unwrap();
            }
        }
    }

    #[test]
    fn minimal_puzzles_are_unique_and_lose_uniqueness_without_any_given() {
        let shape = Shape::new(2, 3).unwrap();
        let mut rng = Rng::new(7);
        let solution = solved_grid(shape, |k| rng.below(k));
        let order = rng.permutation(shape.cells());
        let mut dlx = DlxSolver::new(shape);
        let puzzle = minimal_puzzle(&mut dlx, &solution, &order);
        // Checked with the other solver.
        let mut naive = NaiveSolver::new();
        assert_eq!(naive.unique_solution(&puzzle).unwrap(), Some(solution));
        for k in (0..shape.cells()).filter(|&k| puzzle.cells()[k] != 0) {
            let mut fewer = puzzle.clone();
            fewer.set(k / 6, k % 6, 0);
            assert!(!naive.is_unique(&fewer).unwrap());
        }
    }
}
