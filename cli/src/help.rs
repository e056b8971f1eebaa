//! The exit codes each command's `--help` lists after its options (the
//! same words as README and the docs).

pub(super) const EXIT_CODES: &str = "\
Exit codes:
  0  every puzzle was solved (or counted)
  1  some puzzle has no solution
  2  some input was malformed or could not be read
  3  some search was stopped by --max-nodes before it settled its puzzle
     (written '# not settled: PUZZLE'; a count that found solutions
     prints 'N+' and exits 0)
  130  Ctrl-C stopped the run (solve, count): the case under way is
       written as far as it got (a count as 'N+', a lower bound), nothing
       after it

A closed output pipe (dlx solve big.txt | head) ends the run quietly.";

pub(super) const COVER_EXIT_CODES: &str = "\
Exit codes: 0 a solution was found (or the count is not 0), 1 no solution \
(none found within the limits, if a limit was given), 2 bad input or \
arguments. A closed standard output (dlx cover --all | head) ends quietly \
with 0.";

pub(super) const GENERATE_EXIT_CODES: &str = "\
Exit codes:
  0  every puzzle was made
  1  a puzzle was not made: no try reached --clues or --difficulty within
     --tries, or --max-nodes or --timeout stopped it (the puzzles before
     it are written)
  2  bad arguments (a box shape, an output format that cannot hold the
     size or the shape, rules that admit no grid)";

pub(super) const PROBLEM_EXIT_CODES: &str = "\
Exit codes:
  0  the problem was written
  2  bad arguments (a board too small or too large for the problem)";

pub(super) const RENDER_EXIT_CODES: &str = "\
Exit codes:
  0  every puzzle was drawn
  1  --solve: some puzzle has no solution (it is not drawn)
  2  some input was malformed or could not be read, a picture could not be
     written, a second picture (or a sheet's second page) had no
     --output-dir to go to, or a sheet (--per-page, --output pdf) had no
     case to hold because the input held none (no file is written; a
     sheet whose cases all failed keeps their code)
  130  Ctrl-C stopped the run";

pub(super) const CANDIDATES_EXIT_CODES: &str = "\
Exit codes:
  0  every puzzle's candidates were printed
  1  some puzzle has no solution
  2  some input was malformed or could not be read
  3  --max-nodes ran out before some puzzle's candidates were settled
  130  Ctrl-C stopped the run
A closed output pipe (dlx candidates big.txt | head) ends the run quietly.";

pub(super) const RATE_EXIT_CODES: &str = "\
Exit codes:
  0  every puzzle was rated
  1  some puzzle has no solution, more than one, or ran out of --max-guesses
     (with --scale se: or its explained path stalls, beyond the ladder)
  2  some input was malformed or could not be read
A closed output pipe (dlx rate big.txt | head) ends the run quietly.";

pub(super) const EXPLAIN_EXIT_CODES: &str = "\
Exit codes:
  0  every puzzle was explained (solved, stalled or stopped by --max-steps)
  1  some puzzle has no solution or more than one (explained as far as
     logic goes, then said so)
  2  some input was malformed or could not be read, or has setters'
     constraints (houses and killer cages only)
  3  some puzzle was not explained within --timeout
A closed output pipe (dlx explain big.txt | head) ends the run quietly.";
