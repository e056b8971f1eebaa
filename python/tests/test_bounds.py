"""Issue 25, part 3: closed iterators, and the bounds (``max_nodes=``,
``timeout=``) of every long call.

No test here asserts how long a call took: a timeout is only asserted to
end the call with its exception."""

from __future__ import annotations

import itertools

import pytest

import dlx_engine as dlx
from dlx_engine import ExactCover, LimitError, NodeLimitError, TimeLimitError
from conftest import queens

BLANK_64 = "." * 4096  # 64x64, boxes 8x8: far too many solutions to count
EASY_4 = "21...4...23...12"
EASY_4_SOLUTION = "2143342112344312"


# --- Closed iterators --------------------------------------------------------


def _queens8() -> ExactCover:
    primary, secondary, options = queens(8)
    return ExactCover(primary, options, secondary=secondary)


@pytest.mark.parametrize("close", [lambda it: it.close(), lambda it: it.__exit__(None, None, None)])
def test_a_closed_iterator_is_exhausted(close) -> None:
    ec = _queens8()  # 92 solutions: some are found ahead when it closes
    it = ec.solutions()
    assert len(next(it)) == 8
    close(it)
    for _ in range(2):
        with pytest.raises(StopIteration):
            next(it)
    assert list(it) == []
    close(it)  # closing again does nothing
    assert ec.count() == 92


def test_a_with_block_closes_its_iterator() -> None:
    with _queens8().solutions() as it:
        first = list(itertools.islice(it, 3))
    assert len(first) == 3
    assert list(it) == []


# --- Bounds: the timeout -----------------------------------------------------


def test_count_many_on_a_blank_64x64_grid_ends_at_its_timeout() -> None:
    with pytest.raises(TimeLimitError) as e:
        dlx.count_many([BLANK_64], limit=None, timeout=0.5)
    assert isinstance(e.value, TimeoutError) and isinstance(e.value, LimitError)
    assert e.value.bound == "timeout"
    assert e.value.unsettled == [0]
    [lower] = e.value.partial
    assert lower >= 0
    assert "timeout" in str(e.value)


def test_a_timeout_on_threads_keeps_the_settled_answers() -> None:
    puzzles = [EASY_4, BLANK_64, EASY_4, BLANK_64]
    with pytest.raises(TimeLimitError) as e:
        dlx.count_many(puzzles, limit=None, threads=2, timeout=0.5)
    # The blank grids cannot be counted in time; a small puzzle can.
    assert {1, 3} <= set(e.value.unsettled)
    assert len(e.value.partial) == 4
    for i in set(range(4)) - set(e.value.unsettled):
        assert e.value.partial[i] == 1


def test_generate_a_minimal_8x8_boxed_grid_ends_at_its_timeout() -> None:
    with pytest.raises(TimeLimitError) as e:
        dlx.generate(box=(8, 8), minimal=True, seed=1, timeout=0.5)
    assert e.value.partial == []
    assert "puzzle 1" in str(e.value)


def test_generate_timeout_keeps_the_puzzles_made_before_it() -> None:
    made = dlx.generate(3, box="2x2", seed=5, timeout=60)
    assert made == dlx.generate(3, box="2x2", seed=5)


@pytest.mark.parametrize(
    "call",
    [
        lambda t: dlx.solve(BLANK_64, timeout=t),
        lambda t: dlx.count(BLANK_64, limit=None, timeout=t),
        lambda t: dlx.is_unique(BLANK_64, timeout=t),
        lambda t: dlx.solve_many([BLANK_64], timeout=t),
        lambda t: dlx.rate("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", timeout=t),
        lambda t: ExactCover(*_queens(18)).first(timeout=t),
        lambda t: ExactCover(*_queens(18)).count(timeout=t),
        lambda t: ExactCover(*_queens(18)).count(timeout=t, threads=2),
        lambda t: ExactCover(*_queens(18)).count(timeout=t, memo=True),
    ],
)
def test_every_long_call_takes_a_timeout(call) -> None:
    # A timeout that has passed before the work starts stops it at once.
    with pytest.raises(TimeLimitError):
        call(1e-9)


def _queens(n: int):  # type: ignore[no-untyped-def]
    primary, secondary, options = queens(n)
    return primary, options, secondary


def test_an_iterator_with_a_timeout_raises_it_then_is_exhausted() -> None:
    it = ExactCover(*_queens(18)).solutions(timeout=0.3)
    with pytest.raises(TimeLimitError):
        for _ in it:
            pass
    with pytest.raises(StopIteration):
        next(it)


# --- Bounds: max_nodes -------------------------------------------------------


def test_sudoku_calls_take_max_nodes_per_search() -> None:
    with pytest.raises(NodeLimitError) as e:
        dlx.count("." * 16, limit=None, max_nodes=20)
    assert e.value.bound == "max_nodes" and not isinstance(e.value, TimeoutError)
    assert 0 <= e.value.partial < 288
    assert str(e.value) == "the count: cut short by max_nodes=20 (search nodes)"
    with pytest.raises(NodeLimitError) as e:
        dlx.solve("." * 81, max_nodes=5)
    assert e.value.partial is None
    with pytest.raises(NodeLimitError) as e:
        dlx.is_unique("." * 16, max_nodes=3)
    assert e.value.partial in (0, 1)
    # A bound that is not reached changes nothing.
    assert dlx.count("." * 16, limit=None, max_nodes=10**6, timeout=60) == 288
    assert dlx.solve(EASY_4, max_nodes=10**6) == EASY_4_SOLUTION
    assert dlx.is_unique(EASY_4, max_nodes=10**6) is True


@pytest.mark.parametrize("threads", [1, 2])
def test_batches_bound_each_puzzle_and_say_which_are_unsettled(threads) -> None:
    puzzles = [EASY_4, "." * 81, EASY_4]
    with pytest.raises(NodeLimitError) as e:
        dlx.solve_many(puzzles, threads=threads, max_nodes=30)
    assert e.value.unsettled == [1]
    assert e.value.partial == [EASY_4_SOLUTION, None, EASY_4_SOLUTION]
    with pytest.raises(NodeLimitError) as e:
        dlx.count_many(["." * 16, EASY_4], limit=None, threads=threads, max_nodes=50)
    assert e.value.unsettled == [0]
    assert e.value.partial[1] == 1 and e.value.partial[0] < 288
    assert dlx.count_many(["." * 16, EASY_4], limit=None, threads=threads, max_nodes=10**6) == [288, 1]


def test_array_batches_take_the_bounds_too() -> None:
    np = pytest.importorskip("numpy")
    grid = np.zeros((2, 16), dtype=np.int8)
    grid[0] = [int(c) if c != "." else 0 for c in EASY_4]
    with pytest.raises(NodeLimitError) as e:
        dlx.count_many(grid, limit=None, max_nodes=50)
    assert e.value.unsettled == [1]
    assert isinstance(e.value.partial, np.ndarray) and e.value.partial[0] == 1
    with pytest.raises(NodeLimitError) as e:
        dlx.solve_many(np.zeros((1, 81), dtype=np.int8), max_nodes=5)
    assert e.value.partial.shape == (1, 81) and not e.value.partial.any()


@pytest.mark.parametrize("how", [{}, {"threads": 2}, {"memo": True}])
def test_exact_cover_count_takes_max_nodes(how) -> None:
    ec = ExactCover(*_queens(10))  # 724 solutions, about 35,000 nodes
    with pytest.raises(NodeLimitError) as e:
        ec.count(max_nodes=100, **how)
    assert 0 <= e.value.partial < 724
    assert ec.count(max_nodes=10**9, **how) == 724


def test_exact_cover_first_and_solutions_take_max_nodes() -> None:
    ec = ExactCover(*_queens(10))
    with pytest.raises(NodeLimitError):
        ec.first(max_nodes=3)
    assert ec.first(max_nodes=10**9) == ec.first()
    found = []
    it = ec.solutions(max_nodes=5000)
    with pytest.raises(NodeLimitError):
        for s in it:
            found.append(s)
    assert 0 < len(found) < 724
    assert found == list(itertools.islice(ec.solutions(), len(found)))
    with pytest.raises(StopIteration):
        next(it)
    assert len(list(ec.solutions(max_nodes=10**9))) == 724


def test_generate_max_nodes_bounds_each_puzzle_and_keeps_the_ones_before() -> None:
    free = dlx.generate(5, seed=5)
    # 80 nodes make the first 9x9 puzzle of seed 5, not the second (as
    # `dlx generate --max-nodes 80` does), on any number of threads.
    for threads in (1, 2):
        with pytest.raises(dlx.NodeLimitError) as e:
            dlx.generate(5, seed=5, max_nodes=80, threads=threads)
        assert e.value.bound == "max_nodes"
        assert e.value.partial == free[:1]
    assert dlx.generate(5, seed=5, max_nodes=100_000) == free
    with pytest.raises(dlx.NodeLimitError):
        dlx.generate(box=(8, 8), minimal=True, seed=1, max_nodes=10_000)


def test_generate_refuses_rules_that_admit_no_grid() -> None:
    for size in (2, 3):
        with pytest.raises(ValueError, match=f"no {size}x{size} grid satisfies the rules"):
            dlx.generate(size=size, variant="x", seed=1)


@pytest.mark.parametrize("bad", [0, -1.0, float("nan")])
def test_a_timeout_must_be_a_positive_number_of_seconds(bad) -> None:
    with pytest.raises(ValueError, match="timeout"):
        dlx.solve(EASY_4, timeout=bad)
    with pytest.raises(ValueError, match="timeout"):
        ExactCover(["a"], [["a"]]).count(timeout=bad)
    with pytest.raises(ValueError, match="timeout"):
        ExactCover(["a"], [["a"]]).solutions(timeout=bad)


def test_bounds_are_keyword_only_and_checked() -> None:
    with pytest.raises(ValueError, match="max_nodes"):
        dlx.count(EASY_4, max_nodes=-1)
    with pytest.raises(TypeError):
        dlx.solve(EASY_4, None, 10)  # type: ignore[misc]
    with pytest.raises(OverflowError):
        ExactCover(["a"], [["a"]]).count(max_nodes=-1)
    assert dlx.solve(EASY_4, timeout=float("inf")) == EASY_4_SOLUTION
