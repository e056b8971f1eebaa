"""Shared helpers: the repository's data and checkers written here,
independently of the engine, so no solution is taken on the solver's word."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data"

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@$%"


def puzzle_lines(path: Path, limit: Optional[int] = None) -> List[str]:
    """The puzzle lines of a line-format file (comments and blanks left out)."""
    out = []
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            out.append(line)
            if limit is not None and len(out) == limit:
                break
    return out


def cells(text: str) -> str:
    """The cells of a puzzle line (what precedes any comment)."""
    return text.replace(":", " ").split()[0]


def box_shape(n: int) -> Tuple[int, int]:
    """The most nearly square boxes for side n (rows <= columns)."""
    r = int(math.isqrt(n))
    while n % r:
        r -= 1
    return r, n // r


def check_sudoku(puzzle: str, solution: str, box: Optional[Tuple[int, int]] = None) -> None:
    """Asserts that `solution` is a full grid that keeps every given of
    `puzzle` and has each digit once in every row, column and box."""
    puzzle = cells(puzzle)
    n = math.isqrt(len(puzzle))
    assert n * n == len(puzzle) == len(solution), (puzzle, solution)
    br, bc = box or box_shape(n)
    digits = set(SYMBOLS[:n])
    for p, s in zip(puzzle, solution):
        assert s in digits, solution
        assert p in ".0_" or p.upper() == s.upper(), (puzzle, solution)
    grid = [solution[r * n : (r + 1) * n] for r in range(n)]
    units = [list(row) for row in grid]
    units += [[grid[r][c] for r in range(n)] for c in range(n)]
    for b in range(n):
        r0, c0 = (b // (n // bc)) * br, (b % (n // bc)) * bc
        units.append([grid[r0 + i][c0 + j] for i in range(br) for j in range(bc)])
    for unit in units:
        assert set(unit) == digits, solution


def check_cover(
    primary: Sequence[str],
    secondary: Sequence[str],
    options: Sequence[Sequence[str]],
    chosen: Iterable[int],
) -> None:
    """Asserts that the chosen options cover every primary item exactly
    once, and every secondary item at most once or always with one color."""
    used: Dict[str, int] = {}
    colors: Dict[str, Optional[str]] = {}
    for k in chosen:
        for token in options[k]:
            name, _, color = token.partition(":")
            if name in colors and (colors[name] is None or colors[name] != (color or None)):
                raise AssertionError(f"secondary item {name} clashes")
            used[name] = used.get(name, 0) + 1
            if name in secondary:
                colors[name] = color or None
    for item in primary:
        assert used.get(item) == 1, f"primary item {item} covered {used.get(item, 0)} times"
    for item in used:
        assert item in primary or item in secondary


def queens(n: int) -> Tuple[List[str], List[str], List[List[str]]]:
    """n-queens as exact cover: rows and columns primary, diagonals secondary."""
    primary = [f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)]
    secondary = [f"a{d}" for d in range(2 * n - 1)] + [f"b{d}" for d in range(2 * n - 1)]
    options = [
        [f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n - 1}"] for i in range(n) for j in range(n)
    ]
    return primary, secondary, options


@pytest.fixture(scope="session")
def tdoku() -> List[Tuple[str, int, Optional[str]]]:
    """tdoku's test puzzles: (puzzle, exact count, solution if given)."""
    out = []
    for line in puzzle_lines(DATA / "collections" / "tdoku_test_puzzles.txt"):
        parts = line.split(":")
        out.append((parts[0], int(parts[1]), parts[2] if len(parts) > 2 and parts[2] else None))
    return out
