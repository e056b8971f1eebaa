"""Sudoku variants through the package: every solution checked by a checker
written here (houses, cages and their sums, givens kept), counts against a
brute force written here, generated puzzles against both, and bad rules
raising the command line's messages."""

from __future__ import annotations

import itertools
import math
from typing import Dict, List, Optional

import pytest

import dlx_engine as dlx
from conftest import DATA, SYMBOLS, box_shape, puzzle_lines

FILES = ["jigsaw", "x", "hyper", "killer"]


def fields(line: str) -> Dict[str, Optional[str]]:
    """The fields after the cells: name -> value (None for a bare flag)."""
    out: Dict[str, Optional[str]] = {}
    for word in line.split()[1:]:
        name, eq, value = word.partition("=")
        out[name] = value if eq else None
    return out


def houses(n: int, rules: Dict[str, Optional[str]]) -> List[List[int]]:
    """Every house (a set of n cells that holds each digit once)."""
    out = [[r * n + c for c in range(n)] for r in range(n)]
    out += [[r * n + c for r in range(n)] for c in range(n)]
    if "regions" in rules:
        symbols = rules["regions"] or ""
        for s in sorted(set(symbols)):
            out.append([i for i, t in enumerate(symbols) if t == s])
    else:
        br, bc = box_shape(n)
        for b in range(n):
            r0, c0 = (b // (n // bc)) * br, (b % (n // bc)) * bc
            out.append([(r0 + i) * n + c0 + j for i in range(br) for j in range(bc)])
    if "x" in rules:
        out.append([i * n + i for i in range(n)])
        out.append([i * n + n - 1 - i for i in range(n)])
    if "hyper" in rules:
        for r0, c0 in itertools.product((1, 5), (1, 5)):
            out.append([(r0 + i) * n + c0 + j for i in range(3) for j in range(3)])
    return out


def cages(rules: Dict[str, Optional[str]]) -> List[tuple]:
    """Each cage as (cells, sum)."""
    if "cages" not in rules:
        return []
    labels = rules["cages"] or ""
    sums = dict(entry.split(":") for entry in (rules["sums"] or "").split(","))
    return [
        ([i for i, t in enumerate(labels) if t == label], int(total))
        for label, total in sums.items()
    ]


def check_variant(line: str, solution: str) -> None:
    """Asserts that `solution` keeps the givens of `line`'s cells and keeps
    every rule of its fields."""
    puzzle = line.split()[0]
    n = math.isqrt(len(puzzle))
    assert len(solution) == n * n == len(puzzle), solution
    digits = SYMBOLS[:n]
    for p, s in zip(puzzle, solution):
        assert s in digits
        assert p in ".0_" or p == s, (line, solution)
    rules = fields(line)
    for house in houses(n, rules):
        assert sorted(solution[i] for i in house) == sorted(digits), (line, house)
    for cells, total in cages(rules):
        values = [digits.index(solution[i]) + 1 for i in cells]
        assert len(set(values)) == len(values) and sum(values) == total, (line, cells)


def brute_force_count(line: str) -> int:
    """Solutions of a 4x4 variant by trying every assignment, cell by cell,
    with a check of each house and cage as soon as it is full."""
    puzzle = line.split()[0]
    n = math.isqrt(len(puzzle))
    rules = fields(line)
    units = houses(n, rules)
    cage_list = cages(rules)
    grid = [0 if c in ".0_" else SYMBOLS.index(c) + 1 for c in puzzle]

    def ok(i: int) -> bool:
        for house in units:
            if i in house:
                values = [grid[j] for j in house if grid[j]]
                if len(values) != len(set(values)):
                    return False
        for cells, total in cage_list:
            if i in cells:
                values = [grid[j] for j in cells if grid[j]]
                if len(values) != len(set(values)) or sum(values) > total:
                    return False
                if len(values) == len(cells) and sum(values) != total:
                    return False
        return True

    def go(i: int) -> int:
        if i == n * n:
            return 1
        if grid[i]:
            return go(i + 1) if ok(i) else 0
        total = 0
        for d in range(1, n + 1):
            grid[i] = d
            if ok(i):
                total += go(i + 1)
        grid[i] = 0
        return total

    return go(0)


@pytest.mark.parametrize("name", FILES)
def test_published_style_files_are_solved_and_checked(name: str) -> None:
    lines = puzzle_lines(DATA / "variants" / f"{name}_50.txt")
    assert len(lines) == 50
    solutions = dlx.solve_many(lines)
    for line, solution in zip(lines, solutions):
        assert solution is not None, line
        check_variant(line, solution)
        assert dlx.solve(line) == solution
    assert dlx.count_many(lines, limit=2, threads=2) == [1] * 50


@pytest.mark.parametrize(
    "line",
    [
        # Counts 48, 144, 24, 8, 4 and 2 by the brute force.
        "." * 16 + " x",
        "." * 16 + " regions=bbddbacdbacdaacc",
        "." * 16 + " regions=bbddbacdbacdaacc x",
        "1..." + "." * 12 + " cages=AABBCCDDEEFFGGHH sums=A:3,B:7,C:7,D:3,E:3,F:7,G:7,H:3",
        "." * 16 + " cages=AABB....CCDD.... sums=A:3,B:7,C:4,D:6",
        "." * 16 + " cages=AB..AB..CCDD.... sums=A:4,B:6,C:3,D:7 x",
    ],
)
def test_small_counts_match_a_brute_force(line: str) -> None:
    expected = brute_force_count(line)
    assert dlx.count(line, limit=None) == expected, line
    solution = dlx.solve(line)
    if expected:
        check_variant(line, solution)
    else:
        assert solution is None


def test_a_comment_after_the_cells_is_still_a_comment() -> None:
    assert dlx.count("." * 16 + " marks the spot", limit=None) == 288
    assert dlx.count("." * 16 + " # x marks the spot", limit=None) == 288


def test_a_field_after_the_cells_is_a_rule_not_a_comment() -> None:
    # The engine's rule since "a line that names a variant field is read
    # with its rules, never as a comment": `CELLS x remark` cannot be told
    # from a rule, so it is refused where the remark starts.
    with pytest.raises(ValueError, match=r"^line 1, column 20: expected a field"):
        dlx.count("." * 16 + " x marks the spot", limit=None)


def test_generated_variants_are_unique_under_their_rules() -> None:
    for variant in ("x", "hyper", "x,hyper", "jigsaw", "jigsaw,x"):
        made = dlx.generate(3, seed=11, variant=variant, with_solution=True)
        for puzzle, solution in made:
            names = [w.split("=")[0] for w in puzzle.split()[1:]]
            assert names == [{"jigsaw": "regions"}.get(v, v) for v in variant.split(",")], puzzle
            assert dlx.is_unique(puzzle)
            assert dlx.solve(puzzle) == solution
            check_variant(puzzle, solution)
    with pytest.raises(ValueError, match="expected x, hyper or jigsaw"):
        dlx.generate(1, seed=1, variant="killer")
    with pytest.raises(ValueError):
        dlx.generate(1, seed=1, box="2x2", variant="hyper")


def test_variants_are_rated() -> None:
    line = puzzle_lines(DATA / "variants" / "x_50.txt")[0]
    rating = dlx.rate(line)
    assert rating.level in ("simple", "easy", "intermediate", "expert")
    assert rating.score > 0


@pytest.mark.parametrize(
    "line, message",
    [
        ("." * 16 + " regions=aabbaabbccddccd", "expected 16 symbols"),
        ("." * 16 + " hyper", "hyper"),
        ("." * 16 + " cages=AB..AB..CCDD.... sums=A:4,B:6,C:3", "D"),
        ("12.." + "." * 12 + " cages=AABBCCDDEEFFGGHH sums=A:4,B:7,C:5,D:5,E:4,F:6,G:3,H:7", "A"),
        ("." * 16 + " x x", "twice"),
    ],
)
def test_bad_rules_raise_the_command_lines_messages(line: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        dlx.count(line)
    with pytest.raises(ValueError, match="line 2"):
        dlx.count_many(["." * 16 + " x", line], limit=2)
