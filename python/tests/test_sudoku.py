"""Sudoku functions: solutions checked by conftest.check_sudoku, counts
against published figures, batches against one-by-one, threads against
one thread, and bad input."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import time
from typing import Iterator

import pytest

import dlx_engine as dlx
from conftest import DATA, ROOT, cells, check_sudoku, puzzle_lines

TOP95 = puzzle_lines(DATA / "collections" / "norvig_top95.txt")
SEVENTEEN = puzzle_lines(DATA / "bench" / "17_clue.txt", limit=2000)


def test_blank_4x4_has_288_solutions() -> None:
    assert dlx.count("." * 16, limit=None) == 288
    assert dlx.count("." * 16, limit=100) == 100
    assert not dlx.is_unique("." * 16)


def test_6x6_grids_with_a_fixed_first_row() -> None:
    # 28,200,960 6x6 grids (2x3 or 3x2 boxes), 6! first rows alike.
    assert 28_200_960 // 720 == 39168
    for box in ("2x3", "3x2"):
        assert dlx.count("123456" + "." * 30, limit=None, box=box) == 39168


def test_tdoku_counts_and_solutions(tdoku) -> None:
    assert len(tdoku) == 43
    for puzzle, expected, given in tdoku:
        assert dlx.count(puzzle, limit=None) == expected, puzzle
        assert dlx.is_unique(puzzle) == (expected == 1)
        solution = dlx.solve(puzzle)
        if expected == 0:
            assert solution is None
        else:
            check_sudoku(puzzle, solution)
            if expected == 1 and given:
                assert solution == given


def test_top95_solutions_are_checked() -> None:
    for puzzle in TOP95:
        check_sudoku(puzzle, dlx.solve(puzzle))


def test_other_sizes_and_box_shapes() -> None:
    for box in ["2x3", (3, 2), "2x2", "4x4"]:
        r, c = (int(v) for v in box.split("x")) if isinstance(box, str) else box
        [(puzzle, given)] = dlx.generate(seed=3, box=f"{r}x{c}", with_solution=True)
        solution = dlx.solve(puzzle, box=box)
        check_sudoku(puzzle, solution, (r, c))
        assert solution == given
        assert dlx.is_unique(puzzle, box=box)
    # 6x6 with 2x3 boxes: 28,200,960 grids; a few rows given leave fewer.
    assert dlx.count("123456456123" + "." * 24, limit=None, box="2x3") == dlx.count_many(
        ["123456456123" + "." * 24], limit=None, box=(2, 3)
    )[0]
    big = puzzle_lines(DATA / "bench" / "sizes16.txt") + puzzle_lines(DATA / "bench" / "sizes25.txt")
    for puzzle in big:
        check_sudoku(puzzle, dlx.solve(puzzle))


def test_batches_equal_one_by_one_and_threads_agree() -> None:
    one_by_one = [dlx.solve(p) for p in SEVENTEEN]
    for threads in (1, 2, 3, 0):
        assert dlx.solve_many(SEVENTEEN, threads=threads) == one_by_one
    for p, s in zip(SEVENTEEN, one_by_one):
        check_sudoku(p, s)
    mixed = TOP95[:5] + ["." * 16, "11" + "." * 14] + TOP95[5:10]
    counts = [dlx.count(p, limit=3) for p in mixed]
    assert counts[5:7] == [3, 0]
    for threads in (1, 2, 0):
        assert dlx.count_many(iter(mixed), limit=3, threads=threads) == counts
        assert dlx.solve_many((p for p in mixed), threads=threads) == [dlx.solve(p) for p in mixed]


def test_numpy_arrays_in_and_out() -> None:
    np = pytest.importorskip("numpy")
    puzzles = SEVENTEEN[:300]
    grid = np.array([[0 if ch == "." else int(ch) for ch in cells(p)] for p in puzzles], dtype=np.int64)
    solved = dlx.solve_many(grid, threads=2)
    assert solved.shape == grid.shape and solved.dtype == np.uint8
    as_text = ["".join(str(v) for v in row) for row in solved]
    assert as_text == dlx.solve_many(puzzles)
    assert np.array_equal(dlx.solve_many(grid.astype(np.uint8)), solved)
    counts = dlx.count_many(grid, threads=2)
    assert counts.dtype == np.int64 and counts.tolist() == [1] * 300
    # No solution: a row of zeros; a 4x4 array is inferred from 16 columns.
    small = np.zeros((2, 16), dtype=np.int32)
    small[1, :2] = 1
    out = dlx.solve_many(small)
    check_sudoku("." * 16, "".join(map(str, out[0])))
    assert not out[1].any()
    assert dlx.count_many(small, limit=None).tolist() == [288, 0]


def test_generate_is_unique_checked_and_matches_the_cli() -> None:
    made = dlx.generate(5, seed=11, symmetry="rot180", with_solution=True, threads=2)
    assert [p for p, _ in made] == dlx.generate(5, seed=11, symmetry="rot180")
    for puzzle, solution in made:
        check_sudoku(puzzle, solution)
        assert dlx.count(puzzle) == 1
        n = 9
        for k, ch in enumerate(puzzle):
            mirror = puzzle[(n - 1 - k // n) * n + (n - 1 - k % n)]
            assert (ch == ".") == (mirror == ".")
    minimal = dlx.generate(2, seed=5, minimal=True, size=6)
    for p in minimal:
        givens = [k for k, ch in enumerate(p) if ch != "."]
        for k in givens:
            assert dlx.count(p[:k] + "." + p[k + 1 :]) == 2
    assert all(p.count(".") >= 81 - 30 for p in dlx.generate(2, seed=1, clues=30))
    binary = ROOT / "target" / "release" / "dlx"
    if not binary.exists():
        binary = shutil.which("dlx")
    if binary is None:
        pytest.skip("no dlx binary to compare with")
    cli = subprocess.run(
        [str(binary), "generate", "--count", "7", "--seed", "42", "--symmetry", "mirror", "--with-solution"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split("\n")[:-1]
    ours = dlx.generate(7, seed=42, symmetry="mirror", with_solution=True, threads=3)
    assert cli == [f"{p} {s}" for p, s in ours]


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: dlx.solve("1234.x" + "." * 10), "line 1, column 6: expected a digit 1-4 or '.', '0' or '_' for empty, found 'x'"),
        (lambda: dlx.solve("." * 80), "line 1: 80 cells is not a Sudoku size"),
        (lambda: dlx.solve(""), "line 1: no puzzle"),
        (lambda: dlx.count("." * 36, box="3x3"), "line 1: expected 81 cells for 3x3 boxes, found 36"),
        (lambda: dlx.solve("." * 16, box="2by2"), "expected a box shape like 3x3 or 2x3"),
        (lambda: dlx.count("." * 16, limit=0), "limit must be at least 1"),
        (lambda: dlx.solve_many(["." * 16, "." * 15]), "line 2: 15 cells"),
        (lambda: dlx.count_many(["." * 81, "x" * 81]), "line 2, column 1: expected a digit 1-9"),
        (lambda: dlx.solve_many(["." * 16], threads=-1), "threads must be 0"),
        (lambda: dlx.generate(seed=1, symmetry="spiral"), "unknown symmetry 'spiral'"),
        (lambda: dlx.generate(seed=1, size=65), "the side must be 1 to 64"),
        (lambda: dlx.generate(seed=1, box="2x2", size=4), "box or size"),
    ],
)
def test_bad_input_raises_value_error(call, message) -> None:
    with pytest.raises(ValueError) as e:
        call()
    assert message in str(e.value)


def test_bad_types_and_arrays_raise() -> None:
    with pytest.raises(TypeError):
        dlx.solve(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        dlx.solve_many("." * 16)
    with pytest.raises(TypeError):
        dlx.solve_many([1, 2])  # type: ignore[list-item]
    with pytest.raises(RuntimeError, match="no puzzle with at most 3 clues"):
        dlx.generate(seed=1, box="2x2", clues=3)
    np = pytest.importorskip("numpy")
    with pytest.raises(ValueError, match=r"row 1: r1c2 holds 5, but digits go from 1 to 4"):
        dlx.solve_many(np.array([[0] * 16, [0, 5] + [0] * 14]))
    with pytest.raises(ValueError, match=r"row 0, column 3: -1"):
        dlx.count_many(np.array([[0, 0, 0, -1] + [0] * 12]))
    with pytest.raises(ValueError, match="shape"):
        dlx.solve_many(np.zeros(16, dtype=np.uint8))
    with pytest.raises(ValueError, match="17 cells"):
        dlx.solve_many(np.zeros((1, 17), dtype=np.uint8))
    with pytest.raises(TypeError):
        dlx.solve_many(np.zeros((1, 16), dtype=np.float64))
    assert dlx.solve_many(np.zeros((0, 81), dtype=np.uint8)).shape == (0, 81)
    assert dlx.solve_many([]) == []


def test_threads_release_the_gil() -> None:
    """Two Python threads searching at once finish with correct results
    (with the GIL held they would still be right, but serialised; this
    checks that detaching from the interpreter is safe)."""
    import threading

    results = {}

    def work(k: int) -> None:
        results[k] = dlx.solve_many(SEVENTEEN[k * 500 : (k + 1) * 500])

    threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results[0] + results[1] == [dlx.solve(p) for p in SEVENTEEN[:1000]]


@contextlib.contextmanager
def _ctrl_c_after(seconds: float) -> Iterator[None]:
    """Within the block, `seconds` from its start, a SIGALRM handler raises
    KeyboardInterrupt, as Ctrl-C's does; the block must raise it quickly
    (the calls below would otherwise run for minutes)."""

    def ring(signum, frame):  # type: ignore[no-untyped-def]
        raise KeyboardInterrupt

    old = signal.signal(signal.SIGALRM, ring)
    try:
        start = time.monotonic()
        signal.setitimer(signal.ITIMER_REAL, seconds)
        with pytest.raises(KeyboardInterrupt):
            yield
        assert time.monotonic() - start < seconds + 1.5
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    # The module still works, and gives a checked answer.
    check_sudoku(TOP95[0], dlx.solve(TOP95[0]))


needs_setitimer = pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs setitimer")


@needs_setitimer
def test_ctrl_c_interrupts_counting_a_blank_grid() -> None:
    # A blank 9x9 has 6.67e21 grids: one search, interrupted by its ticks.
    with _ctrl_c_after(0.2):
        dlx.count("." * 81, limit=None)


@needs_setitimer
def test_ctrl_c_interrupts_a_batch_on_threads() -> None:
    with _ctrl_c_after(0.2):
        dlx.count_many(["." * 81] * 4, limit=None, threads=2)


@needs_setitimer
@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_interrupts_a_long_batch_of_quick_puzzles(threads: int) -> None:
    # Each puzzle is too quick for a tick of its search: the batch asks
    # between puzzles. 200,000 puzzles would take several seconds.
    with _ctrl_c_after(0.2):
        dlx.solve_many(SEVENTEEN * 100, threads=threads)


@needs_setitimer
def test_ctrl_c_interrupts_generate() -> None:
    with _ctrl_c_after(0.2):
        dlx.generate(10**6, seed=1, threads=2)


@needs_setitimer
def test_ctrl_c_interrupts_a_long_rating() -> None:
    # A blank 36x36 grid: the rules stall on 5,184 items, and guessing
    # runs for minutes. The deductions ask between moves.
    with _ctrl_c_after(0.2):
        dlx.rate("." * 36 * 36)


@needs_setitimer
def test_ctrl_c_interrupts_generate_with_a_difficulty() -> None:
    # Every try of a 16x16 is carved to minimal and rated (the tries rated
    # expert are rated again while clues go back): the ratings ask too.
    with _ctrl_c_after(0.2):
        dlx.generate(10**6, seed=1, box="4x4", difficulty="intermediate")



if os.environ.get("DLX_ENGINE_SLOW"):

    def test_all_17_clue_puzzles() -> None:
        everything = puzzle_lines(DATA / "bench" / "17_clue.txt")
        for p, s in zip(everything, dlx.solve_many(everything, threads=0)):
            check_sudoku(p, s)


def test_rate_gives_qqwings_levels_on_qqwings_puzzles() -> None:
    # The puzzles of data/rate/ were made by qqwing at these levels; with
    # qqwing's own rule set (subsets=2) every level must come back.
    for level in ("simple", "easy", "intermediate", "expert"):
        for puzzle in puzzle_lines(DATA / "rate" / f"qqwing_{level}.txt", limit=10):
            rating = dlx.rate(puzzle, subsets=2)
            assert rating.level == level, puzzle
            assert rating.score > 0
            assert list(rating.steps)[:2] == ["naked_singles", "hidden_singles"]


def test_rate_matches_the_cli_and_refuses_improper_puzzles() -> None:
    puzzles = puzzle_lines(DATA / "collections" / "norvig_top95.txt", limit=5)
    ratings = [dlx.rate(p) for p in puzzles]
    exe = shutil.which("dlx") or os.path.join(ROOT, "target", "release", "dlx")
    if os.path.exists(exe):
        out = subprocess.run([exe, "rate"], input="\n".join(puzzles) + "\n",
                             capture_output=True, text=True, check=True).stdout
        for rating, line in zip(ratings, out.splitlines()):
            words = line.split()
            assert words[:2] == [rating.level, str(rating.score)]
            assert dict(w.split("=") for w in words[2:]) == {k: str(v) for k, v in rating.steps.items()}
    with pytest.raises(ValueError, match="more than one solution"):
        dlx.rate("." * 81)
    with pytest.raises(ValueError, match="no solution"):
        dlx.rate("11" + "." * 79)
    with pytest.raises(ValueError):
        dlx.rate("21...4", subsets=2)


def test_generate_difficulty_is_what_rate_says() -> None:
    for level in ("simple", "easy", "intermediate", "expert"):
        for puzzle in dlx.generate(2, seed=3, difficulty=level):
            assert dlx.rate(puzzle).level == level
            assert dlx.count(puzzle) == 1
    with pytest.raises(RuntimeError, match="no expert puzzle in 5 tries"):
        dlx.generate(1, seed=1, size=4, difficulty="expert", tries=5)
    with pytest.raises(ValueError, match="unknown difficulty"):
        dlx.generate(1, seed=1, difficulty="hard")


def _union_of_solutions(puzzle: str, n: int) -> list:
    """Each cell's digits over every solution, found by forcing each digit
    with count() (a method that shares nothing with candidates())."""
    symbols = "123456789ABCDEFG"[:n]
    marks = []
    for k, given in enumerate(puzzle):
        if given != ".":
            marks.append(given if dlx.count(puzzle, limit=1) else "")
            continue
        cell = ""
        for d in symbols:
            if dlx.count(puzzle[:k] + d + puzzle[k + 1:], limit=1):
                cell += d
        marks.append(cell)
    return marks


@pytest.mark.parametrize("puzzle", [
    "..2.....3..2....",
    "21...4...23...12",
    "................",
    "12....3.........",
    "123456.....1........................",
])
def test_candidates_are_the_digits_of_some_solution(puzzle) -> None:
    n = int(len(puzzle) ** 0.5)
    assert dlx.candidates(puzzle) == _union_of_solutions(puzzle, n)


def test_candidates_bounds_raise_with_what_was_found() -> None:
    with pytest.raises(dlx.NodeLimitError) as e:
        dlx.candidates("." * 81, max_nodes=50)
    assert len(e.value.partial) == 81


def test_lines_of_64_symbols_read_as_the_command_line_reads_them() -> None:
    # A blank 8x8 (as pencil marks of a 4x4, no cell would have a mark).
    assert dlx.count("." * 64, limit=2) == 2
    assert len(dlx.solve("." * 64)) == 64
    # Every digit open in every cell of a 4x4: pencil marks.
    assert dlx.count("1234" * 16, limit=None) == 288
    # With box=, the shape says which: marks of a 2x2-box grid.
    assert dlx.count("1234" * 16, limit=None, box="2x2") == 288
    # A blank 27x27 is a puzzle too.
    assert dlx.count("." * 729, limit=2) == 2


PROPAGATE = ["auto", "off", "blocking", "sums", "all", "rules"]


def test_propagate_keeps_counts_and_solutions_and_changes_the_tree() -> None:
    killer = "." * 16 + " cages=AABB....CCDD.... sums=A:3,B:7,C:4,D:6"
    for puzzle in TOP95[:10] + SEVENTEEN[:10] + [killer, "." * 16]:
        counts = {p: dlx.count(puzzle, limit=3, propagate=p) for p in PROPAGATE}
        assert len(set(counts.values())) == 1, (puzzle, counts)
        if counts["off"] == 1:
            solutions = {dlx.solve(puzzle, propagate=p) for p in PROPAGATE}
            assert len(solutions) == 1, (puzzle, solutions)
            check_sudoku(puzzle, solutions.pop())
            assert all(dlx.is_unique(puzzle, propagate=p) for p in PROPAGATE)
    batch = TOP95[:20]
    assert dlx.count_many(batch, propagate="off") == dlx.count_many(batch, propagate="blocking")
    assert dlx.solve_many(batch, threads=2, propagate="off") == dlx.solve_many(batch)
    assert dlx.candidates(SEVENTEEN[0], propagate="off") == dlx.candidates(SEVENTEEN[0])
    # Many 17-clue puzzles fall to singles and intersections: the bit
    # boards settle them at the root (one node), where Knuth's tree takes
    # a node per forced cell.
    settled = 0
    for puzzle in SEVENTEEN[:20]:
        try:
            assert dlx.count(puzzle, max_nodes=1, propagate="blocking") == 1
        except dlx.NodeLimitError:
            continue
        settled += 1
        with pytest.raises(dlx.NodeLimitError):
            dlx.count(puzzle, max_nodes=1, propagate="off")
    assert settled > 0
    np = pytest.importorskip("numpy")
    digits = [[0 if c in ".0" else int(c) for c in cells(p)] for p in batch]
    array = np.array(digits, dtype=np.uint8)
    assert list(dlx.count_many(array, propagate="rules")) == dlx.count_many(batch)


def test_propagate_names_are_checked() -> None:
    with pytest.raises(ValueError, match="propagate='fast': expected one of 'auto', 'off'"):
        dlx.solve("21...4...23...12", propagate="fast")
    with pytest.raises(TypeError, match="propagate must be a str or None, not int"):
        dlx.count_many(["21...4...23...12"], propagate=1)  # type: ignore[arg-type]


def test_explain_steps_agree_with_the_solution() -> None:
    # Every placement is the solver's digit and no removal is; the rating
    # is the hardest step, the first step, and in between.
    p = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
    solution = dlx.solve(p)
    e = dlx.explain(p)
    assert e.ending == "solved" and e.solutions == 1
    digit = lambda r, c: int(solution[(r - 1) * 9 + c - 1])  # noqa: E731
    for s in e.steps:
        if s.placed is not None:
            r, c, d = s.placed
            assert digit(r, c) == d, s.text
        assert all(digit(r, c) != d for r, c, d in s.removed), s.text
    er, ep, ed = e.rating
    assert er == max(s.difficulty for s in e.steps)
    assert ed == e.steps[0].difficulty and ed <= ep <= er
    assert dlx.rate(p, scale="se") == e.rating
    assert dlx.explain(p, hint=True).steps == e.steps[:1]
    assert dlx.explain(p, max_steps=5).steps == e.steps[:5]
    assert dlx.explain(p, until="naked-single").ending == "stalled"


def test_explain_steps_carry_their_pattern_as_the_command_does() -> None:
    # pattern and cells are dlx explain --json's, from 1; a single has no
    # pattern and shades its house; a chain's pattern is its nodes, each
    # a candidate of the moment (never one the step removes).
    import json
    p = "9...182....5.......7.93.....29..3.8.3..6..7.27............9....1.73.2..6..8..6..5"
    e = dlx.explain(p)
    assert e.steps[0].pattern == [] and len(e.steps[0].cells) == 9
    chains = [s for s in e.steps if s.technique in ("x-chain", "aic")]
    assert chains, [s.technique for s in e.steps]
    for s in chains:
        assert len(s.pattern) >= 4 and not set(s.pattern) & set(s.removed), s.text
        assert {(r, c) for r, c, _ in s.pattern} == set(s.cells), s.text
    exe = shutil.which("dlx") or os.path.join(ROOT, "target", "release", "dlx")
    if os.path.exists(exe):
        out = subprocess.run([exe, "explain", "--json", p], capture_output=True,
                             text=True, check=True).stdout
        steps = json.loads(out)["steps"]
        assert [[list(x) for x in s.pattern] for s in e.steps] == [s["pattern"] for s in steps]
        assert [[list(x) for x in s.cells] for s in e.steps] == [s["cells"] for s in steps]


def test_explain_takes_variants_in_their_own_words() -> None:
    # The first killer puzzle of data/variants: every placement is the
    # solver's digit (solve checks the cages' sums), no removal is.
    line = (DATA / "variants" / "killer_50.txt").read_text().splitlines()[0]
    solution = dlx.solve(line)
    e = dlx.explain(line)
    assert e.ending == "solved" and e.solutions == 1 and e.rating is not None
    assert e.steps[1].text.startswith("cage combination: cage 12 at r1c1 = 1+2+4+5")
    digit = lambda r, c: int(solution[(r - 1) * 9 + c - 1])  # noqa: E731
    for s in e.steps:
        if s.placed is not None:
            assert digit(*s.placed[:2]) == s.placed[2], s.text
        assert all(digit(r, c) != d for r, c, d in s.removed), s.text
    assert dlx.rate(line, scale="se") == e.rating


def test_explain_refuses_what_it_cannot_explain() -> None:
    with pytest.raises(ValueError, match="unknown technique"):
        dlx.explain("1234341221434.21", until="magic")
    two = dlx.explain("." * 16)
    assert two.solutions == 2 and two.rating is None
    with pytest.raises(ValueError, match="more than one solution"):
        dlx.rate("." * 16, scale="se")
    with pytest.raises(ValueError, match="unknown scale"):
        dlx.rate("1234341221434.21", scale="hodoku")


def test_generate_by_sudoku_explainers_rating_and_technique() -> None:
    # Each puzzle made rates within the band, as explain says, and the
    # same seed gives the command's puzzles.
    made = dlx.generate(2, seed=1, rating=(4.0, 6.0))
    for p in made:
        er = dlx.rate(p, scale="se").er
        assert 4.0 <= er <= 6.0, (p, er)
    exe = shutil.which("dlx") or os.path.join(ROOT, "target", "release", "dlx")
    if os.path.exists(exe):
        cli = subprocess.run([exe, "generate", "--rating", "4.0..6.0", "--count", "2", "--seed", "1"],
                             capture_output=True, text=True, check=True).stdout.split()
        assert made == cli
    [w] = dlx.generate(seed=1, technique="x-wing")
    assert any(s.technique == "x-wing" for s in dlx.explain(w).steps)
    with pytest.raises(ValueError, match="unknown technique"):
        dlx.generate(seed=1, technique="magic")
    with pytest.raises(ValueError, match="low end"):
        dlx.generate(seed=1, rating=(6.0, 4.0))
    with pytest.raises(RuntimeError, match="plain Sudoku only"):
        dlx.generate(seed=1, rating=4.5, variant="x")
