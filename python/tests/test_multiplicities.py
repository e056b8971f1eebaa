"""Multiplicities (Knuth's DLX3, Algorithm M): ``ExactCover``'s
``multiplicities=`` and ``from_knuth`` reading ``u:v|name``, counted as
the brute force counts them."""

from __future__ import annotations

import itertools

import pytest

from dlx_engine import ExactCover


def brute_force(primary, options, bounds) -> int:
    """Subsets of the options whose item counts lie within the bounds."""
    count = 0
    for r in range(len(options) + 1):
        for chosen in itertools.combinations(options, r):
            uses = {name: 0 for name in primary}
            for option in chosen:
                for name in option:
                    uses[name] += 1
            if all(bounds.get(n, (1, 1))[0] <= uses[n] <= bounds.get(n, (1, 1))[1] for n in primary):
                count += 1
    return count


def test_bounds_by_dict_count_as_the_brute_force() -> None:
    primary = ["a", "b", "c"]
    options = [["a"], ["a", "b"], ["b", "c"], ["c"], ["a", "c"], ["b"]]
    for bounds in [{"a": 2}, {"a": (0, 2), "c": (1, 2)}, {"b": (0, 3)}, {}]:
        ec = ExactCover(primary, options, multiplicities=bounds)
        norm = {k: (v, v) if isinstance(v, int) else v for k, v in bounds.items()}
        assert ec.count() == brute_force(primary, options, norm), bounds
        assert len(list(ec.solutions())) == ec.count()


def test_from_knuth_reads_dlx3_bounds_and_dlx3_statistics() -> None:
    # The example that opens Knuth's dlx3.w: one solution, and DLX3's own
    # 6 nodes and 14 updates.
    ec = ExactCover.from_knuth(
        "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n"
    )
    assert ec.count() == 1
    assert (ec.stats.nodes, ec.stats.updates) == (6, 14)
    assert ec.count(threads=2) == 1
    assert ec.count(memo=True) == 1


@pytest.mark.parametrize(
    "kwargs, error, message",
    [
        ({"multiplicities": {"s": 2}}, ValueError, "multiplicities['s']: not a primary item"),
        ({"multiplicities": {"x": 2}}, ValueError, "multiplicities['x']: not a primary item"),
        ({"multiplicities": {"a": (3, 2)}}, ValueError, "the lower bound exceeds the upper bound"),
        ({"multiplicities": {"a": 0}}, ValueError, "the upper bound is zero"),
        ({"multiplicities": {"a": "2"}}, TypeError, "multiplicities['a']: bounds are an int v"),
        ({"multiplicities": {"a": -1}}, ValueError, "multiplicities['a']: the bound -1 is negative"),
        ({"multiplicities": {"a": (-1, 2)}}, ValueError, "multiplicities['a']: the bound -1 is negative"),
        ({"multiplicities": {"a": 2**40}}, ValueError, "the bound 1099511627776 is larger than 2"),
        ({"multiplicities": {"a": (1, 2, 3)}}, TypeError, "multiplicities['a']: bounds are an int v"),
        ({"multiplicities": {"a": (1, "2")}}, TypeError, "multiplicities['a']: bounds are an int v"),
    ],
)
def test_bad_bounds_are_refused(kwargs, error, message) -> None:
    with pytest.raises(error, match=message.replace("[", r"\[").replace("]", r"\]").replace("(", r"\(")):
        ExactCover(["a", "b"], [["a", "s"], ["b"]], secondary=["s"], **kwargs)
