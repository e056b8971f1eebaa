"""ExactCover: counts against published figures, every solution checked by
conftest.check_cover, the lazy iterator stopped early, and bad input."""

from __future__ import annotations

import itertools

import pytest

from dlx_engine import ExactCover
from conftest import DATA, check_cover, queens

# OEIS A000170.
QUEENS = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724]


def knuth(name: str) -> ExactCover:
    return ExactCover.from_knuth((DATA / "dlx" / name).read_text())


@pytest.mark.parametrize("n", range(1, 11))
def test_n_queens_counts(n: int) -> None:
    primary, secondary, options = queens(n)
    ec = ExactCover(primary, options, secondary=secondary)
    assert ec.count() == QUEENS[n - 1]
    assert ec.stats.solutions == QUEENS[n - 1]
    if n <= 8:
        every = list(ec.solutions())
        assert len(every) == QUEENS[n - 1] == len(set(map(tuple, every)))
        for chosen in every:
            check_cover(primary, secondary, options, chosen)
    first = ec.first()
    if QUEENS[n - 1]:
        check_cover(primary, secondary, options, first)
    else:
        assert first is None


def test_knuth_files_against_their_counts() -> None:
    for name in ["knuth_toy_example", "lua_dlx1_simple", "queens8_from_lua_dlx_test"]:
        ec = knuth(f"{name}.dlx")
        expected = int((DATA / "dlx" / f"{name}.count").read_text().split()[0])
        assert ec.count() == expected, name
        header = [
            line
            for line in (DATA / "dlx" / f"{name}.dlx").read_text().splitlines()
            if line.strip() and not line.lstrip().startswith("|")
        ][0].split()
        cut = header.index("|") if "|" in header else len(header)
        primary, secondary = header[:cut], header[cut + 1 :]
        for chosen in ec.solutions():
            check_cover(primary, secondary, ec.options, chosen)
    toy = knuth("knuth_toy_example.dlx")
    assert sorted(" ".join(toy.options[k]) for k in toy.first()) == ["A D", "B G", "C E F"]


def test_colors_as_in_dlx2() -> None:
    primary, secondary = ["p", "q", "r"], ["x", "y"]
    options = [["p", "x:red", "y"], ["q", "x:red"], ["r", "x:blue", "y:red"], ["r"]]
    ec = ExactCover(primary, options, secondary)
    assert list(ec.solutions()) == [[0, 1, 3]]
    check_cover(primary, secondary, options, [0, 1, 3])
    same = ExactCover.from_knuth("p q r | x y\np x:red y\nq x:red\nr x:blue y:red\nr\n")
    assert same.options == options
    assert same.count() == 1


def test_stats_are_knuths_and_match_the_cli_figures() -> None:
    ec = knuth("queens13.dlx")
    assert ec.count() == 73712
    # data/README.md: Knuth's DLX1 on this file.
    assert (ec.stats.nodes, ec.stats.updates) == (1651935, 31415080)
    assert ec.count(limit=10) == 10
    assert ec.stats.solutions == 10


def test_an_early_stopped_iterator_leaves_the_problem_usable() -> None:
    primary, secondary, options = queens(10)
    ec = ExactCover(primary, options, secondary)
    it = ec.solutions()
    three = list(itertools.islice(it, 3))
    assert len(three) == 3
    it.close()
    assert list(it) == []
    assert ec.count() == 724
    with ec.solutions() as again:
        assert next(again) == three[0]
    for k, _ in enumerate(ec.solutions()):
        if k == 5:
            break
    dropped = ec.solutions()
    next(dropped)
    del dropped
    assert ec.first() == three[0]
    assert sum(1 for _ in ec.solutions()) == 724
    assert ec.stats.solutions == 724
    # Several iterators at once are independent.
    a, b = ec.solutions(), ec.solutions()
    assert [next(a), next(a)] == [next(b), next(b)]


def test_knuth_skips_options_without_primary_items() -> None:
    ec = ExactCover.from_knuth("a | s\n  s\na s\n")
    assert ec.warnings == ["line 2, column 3: option has no primary item; skipped"]
    assert ec.options == [["a", "s"]]
    assert ec.first() == [0]


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda: ExactCover.from_knuth(""), "line 1, column 1: empty item list"),
        (lambda: ExactCover.from_knuth("a b\na x\n"), "line 2, column 3: unknown item 'x'"),
        (lambda: ExactCover.from_knuth("a | s\na:red s\n"), "line 2, column 1: primary item 'a' cannot have a color"),
        (lambda: ExactCover.from_knuth("a b\nb a  b\n"), "line 2, column 6: item 'b' is named twice in one option"),
        (lambda: ExactCover(["a", "b"], [["a", "x"]]), "options[0][1]: unknown item 'x'"),
        (lambda: ExactCover(["a", "a"], []), "primary[1]: item 'a' is named twice in the item list"),
        (lambda: ExactCover(["a"], [["a"], ["s"]], ["s"]), "options[1]: the option has no primary item"),
        (lambda: ExactCover(["a"], [[]]), "options[0]: the option has no primary item"),
        (lambda: ExactCover(["a:b"], []), "primary[0]: illegal character ':' in name 'a:b'"),
        (lambda: ExactCover(["a"], [["a", "s:"]], ["s"]), "options[0][1]: empty name in 's:'"),
        (lambda: ExactCover(["a"], []).count(limit=0), "limit must be at least 1"),
    ],
)
def test_bad_input_raises_value_error(make, message) -> None:
    with pytest.raises(ValueError) as e:
        make()
    assert message in str(e.value)


def test_bad_types_raise_type_error() -> None:
    with pytest.raises(TypeError):
        ExactCover(["a"], [[1]])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        ExactCover(None, [])  # type: ignore[arg-type]
    with pytest.raises(OverflowError):
        ExactCover(["a"], [["a"]]).count(limit=-1)


def test_empty_problem_has_one_empty_solution() -> None:
    ec = ExactCover([], [])
    assert ec.count() == 1
    assert ec.first() == []
    assert list(ec.solutions()) == [[]]


class _Alarm(Exception):
    pass


@pytest.mark.skipif(not hasattr(__import__("signal"), "setitimer"), reason="needs setitimer")
def test_a_long_search_stops_when_a_signal_handler_raises() -> None:
    # Queens 18 has 666,090,624 solutions: counting them takes minutes. A
    # signal handler that raises (as Ctrl-C's does) must end the search
    # within a tick of the engine, and leave the problem usable.
    import signal
    import time

    def ring(signum, frame):  # type: ignore[no-untyped-def]
        raise _Alarm()

    primary, secondary, options = queens(18)
    ec = ExactCover(primary, options, secondary=secondary)
    old = signal.signal(signal.SIGALRM, ring)
    try:
        # One thread, two threads (the caller polls the handlers while the
        # workers run), and the memo (which the runner drives too).
        for how in [{}, {"threads": 2}, {"memo": True}, {"memo": True, "threads": 2}]:
            start = time.monotonic()
            signal.setitimer(signal.ITIMER_REAL, 0.2)
            with pytest.raises(_Alarm):
                ec.count(**how)
            assert time.monotonic() - start < 5, how
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert ec.count(limit=10) == 10


def dominoes(rows: int, cols: int) -> ExactCover:
    """Domino tilings of a board, written here independently of the CLI's
    generator: every cell primary, one option per domino."""
    cells = [f"{r}_{c}" for r in range(rows) for c in range(cols)]
    options = [[f"{r}_{c}", f"{r}_{c + 1}"] for r in range(rows) for c in range(cols - 1)]
    options += [[f"{r}_{c}", f"{r + 1}_{c}"] for r in range(rows - 1) for c in range(cols)]
    return ExactCover(cells, options)


def test_counting_with_a_memo_gives_the_same_counts() -> None:
    # OEIS A004003, tilings of 2n x 2n: 2, 36, 6728, 12988816. The plain
    # search of 8x8 takes 50 million nodes; the memo a few thousand.
    for n, want in [(1, 2), (2, 36), (3, 6728), (4, 12988816)]:
        ec = dominoes(2 * n, 2 * n)
        assert ec.count(memo=True) == want
        if n < 4:
            assert ec.count() == want
    assert ec.stats.nodes < 20_000
    # Where paths rarely meet (queens) it gives the same counts too, and
    # a limit still stops it there.
    for n in range(1, 9):
        primary, secondary, options = queens(n)
        ec = ExactCover(primary, options, secondary=secondary)
        assert ec.count(memo=True) == ec.count() == QUEENS[n - 1]
    assert dominoes(4, 4).count(3, memo=True) == 3
    assert knuth("pentomino_6x10.dlx").count(100, memo=True) == 100


def test_counting_on_threads_gives_the_same_counts_and_limits() -> None:
    for n in range(1, 11):
        primary, secondary, options = queens(n)
        ec = ExactCover(primary, options, secondary=secondary)
        for threads in [2, 0]:
            assert ec.count(threads=threads) == QUEENS[n - 1]
            assert ec.stats.solutions == QUEENS[n - 1]
            assert ec.count(threads=threads, memo=True) == QUEENS[n - 1]
    ec = ExactCover(primary, options, secondary=secondary)
    assert ec.count(5, threads=2) == 5
    assert dominoes(4, 6).count(threads=2, memo=True) == 281
    assert knuth("pentomino_6x10.dlx").count(100, threads=2) == 100


def test_counts_past_2_to_the_64_are_python_ints_and_past_2_to_the_128_raise() -> None:
    # OEIS A004003, with the file dlx cover reads (tests/it/big_counts.rs
    # checks it by a transfer matrix).
    want = int((DATA / "dlx" / "dominoes_14x14.count").read_text())
    assert want > 2**64
    board = knuth("dominoes_14x14.dlx")
    assert board.count(memo=True) == want
    assert board.stats.solutions == want
    assert board.count(memo=True, threads=2) == want
    # k disjoint 2x2 squares, each tiled in 2 ways: 2^k.
    def squares(k: int) -> ExactCover:
        items = [f"{b}{x}" for b in range(k) for x in "abcd"]
        pairs = ["ab", "cd", "ac", "bd"]
        return ExactCover(items, [[f"{b}{x}", f"{b}{y}"] for b in range(k) for x, y in pairs])

    assert squares(127).count(memo=True) == 2**127
    with pytest.raises(OverflowError, match=r"passes 2\^128 - 1"):
        squares(128).count(memo=True)


def test_blocking_keeps_counts_and_solutions_and_counts_what_it_removed() -> None:
    for n in range(1, 9):
        primary, secondary, options = queens(n)
        off = ExactCover(primary, options, secondary=secondary)
        on = ExactCover(primary, options, secondary=secondary, propagate="blocking")
        assert on.count() == off.count() == QUEENS[n - 1]
        assert off.stats.removed == 0
        every = sorted(on.solutions())
        assert every == sorted(off.solutions())
        for chosen in every:
            check_cover(primary, secondary, options, chosen)
        assert on.count(threads=2) == QUEENS[n - 1]
        first = on.first()
        assert (first is None) == (not every) and (first is None or first in every)
    # Queens keep more than three options an item until late, so nothing
    # is removed; Langford's pairs for 8 (300 solutions, mirror images
    # included) lose options and nodes, as `dlx cover` says (docs/cover.md).
    assert on.stats.removed == 0
    n = 8
    primary = [str(k) for k in range(1, n + 1)] + [f"s{i}" for i in range(2 * n)]
    options = [
        [str(k), f"s{i}", f"s{i + k + 1}"]
        for k in range(1, n + 1)
        for i in range(2 * n - k - 1)
    ]
    off = ExactCover(primary, options)
    on = ExactCover(primary, options, propagate="blocking")
    assert on.count() == off.count() == 300
    assert (on.stats.nodes, on.stats.removed) == (2582, 538)
    assert (off.stats.nodes, off.stats.removed) == (2789, 0)
    assert "removed=538" in repr(on.stats) and "removed" not in repr(off.stats)
    toy = (DATA / "dlx" / "knuth_toy_example.dlx").read_text()
    assert ExactCover.from_knuth(toy, propagate="blocking").count() == 1


def test_propagate_takes_off_or_blocking_and_refuses_it_with_multiplicities() -> None:
    with pytest.raises(ValueError, match="propagate='sums': expected 'off'"):
        ExactCover(["a"], [["a"]], propagate="sums")
    with pytest.raises(ValueError, match="without multiplicities"):
        ExactCover(["a"], [["a"], ["a"]], multiplicities={"a": 2}, propagate="blocking")
    with pytest.raises(ValueError, match="without multiplicities"):
        ExactCover.from_knuth("2|a\na\na\n", propagate="blocking")
    # The memo is kept by the bit sets, which do not propagate: as with
    # colors, the count runs on the links without it.
    primary, secondary, options = queens(6)
    on = ExactCover(primary, options, secondary=secondary, propagate="blocking")
    assert on.count(memo=True) == 4
