"""dlx_engine: the ``dlx`` dancing-links engine (Rust) for Python.

Sudoku of any size (4x4, 6x6, 9x9, 16x16, 25x25, ...) and generic exact
cover in Knuth's DLX1/DLX2 form (primary and secondary items, colors).
Every search runs in Rust with the GIL released.

>>> import dlx_engine as dlx
>>> dlx.solve("21...4...23...12")
'2143342112344312'
>>> dlx.count("." * 16, limit=None)
288

Puzzles are strings in the line format of the ``dlx`` command line: ``n*n``
cells in reading order, ``1``-``9`` then ``A``-``Z``, ``a``-``z``, ``@``,
``$``, ``%`` for the digits, ``.``, ``0`` or ``_`` for an empty cell; text
after the cells (after whitespace or ``:``) is a comment. The size comes
from the length (16, 36, 64, 81, 144, 256, 625, ... cells) unless ``box``
gives the box shape, as ``"2x3"`` or ``(2, 3)`` (rows x columns).

Sudoku variants are written as the command line's variant format writes
them: the cells, then fields, in any order: ``x`` (both diagonals),
``hyper`` (four more 3x3 windows, 9x9), ``regions=SYMBOLS`` (jigsaw: a
symbol per cell) and ``cages=SYMBOLS sums=LABEL:SUM,...`` (killer). Every
function that takes a puzzle takes these too:

>>> dlx.solve("........4....... cages=AABBACCBACCDEEDD sums=A:10,B:9,C:10,D:8,E:3 x")
'1234341243212143'

Bad input raises ``ValueError`` with the command line's message (line and
column where there is one; in a batch, line ``k`` is the ``k``-th puzzle).

Every call that can run long takes keyword-only bounds, as the command
line's ``--max-nodes`` and ``--timeout``: ``max_nodes=N`` (search-tree
nodes a search may enter) and ``timeout=SECONDS``. A bound that stops a
call before it settled its answer raises :class:`LimitError`
(:class:`NodeLimitError` or :class:`TimeLimitError`, which is also a
``TimeoutError``) carrying what was found so far in ``partial``; a bound
that did not stop it changes nothing.

The Sudoku searches (:func:`solve`, :func:`count`, :func:`is_unique`,
:func:`candidates`, :func:`solve_many`, :func:`count_many`) take
``propagate=``, the command line's ``--propagate``: ``None`` or
``"auto"`` (what is fastest for the puzzle, measured), ``"off"``
(Knuth's tree), ``"blocking"``, ``"sums"``, ``"all"`` or ``"rules"``
(each rule's own propagator). Counts and solutions are the same under
each; a puzzle with several solutions may show another first one.

>>> dlx.count("21...4...23...12", propagate="off")
1

See docs/python.md in the repository for the whole guide.
"""

from __future__ import annotations

# Modules as private names, so that dir(dlx_engine) is __all__ (and the
# dunders): annotations say `_t.Optional[int]`, which still evaluate here.
import sys as _sys
import time as _time
import typing as _t

from . import _native
from ._errors import LimitError, NodeLimitError, TimeLimitError
from ._native import ExactCover, Solutions, Stats, __version__

if _t.TYPE_CHECKING:  # pragma: no cover
    import numpy as np
    import numpy.typing as npt

# The future import leaves a name behind; its effect is the compiler's.
del annotations

# The public names; everything else here is private (a leading `_`), and
# `__version__` is the version of the package and of the engine (one,
# from Cargo.toml's [workspace.package]).
__all__ = [
    "solve",
    "count",
    "is_unique",
    "candidates",
    "solve_many",
    "count_many",
    "generate",
    "rate",
    "explain",
    "Explanation",
    "ExplainedStep",
    "SeRating",
    "Rating",
    "Box",
    "ExactCover",
    "Solutions",
    "Stats",
    "LimitError",
    "NodeLimitError",
    "TimeLimitError",
]

Box = _t.Union[str, _t.Tuple[int, int], None]
"""A box shape: ``"RxC"``, ``(R, C)``, or ``None`` to infer it."""


def _shape(box: Box) -> _t.Optional[str]:
    if box is None or isinstance(box, str):
        return box
    if isinstance(box, tuple) and len(box) == 2 and all(isinstance(v, int) for v in box):
        return f"{box[0]}x{box[1]}"
    raise TypeError(f"box must be 'RxC', (R, C) or None, not {box!r}")


def _limit(limit: _t.Optional[int]) -> int:
    if limit is None:
        return 2**64 - 1
    if limit < 1:
        raise ValueError(f"limit must be at least 1 (or None for no limit), not {limit}")
    return min(limit, 2**64 - 1)


def _threads(threads: int) -> int:
    if threads < 0:
        raise ValueError(f"threads must be 0 (one per core) or more, not {threads}")
    return threads


def _max_nodes(max_nodes: _t.Optional[int]) -> _t.Optional[int]:
    if max_nodes is None:
        return None
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int):
        raise TypeError(f"max_nodes must be an int or None, not {type(max_nodes).__name__}")
    if max_nodes < 0:
        raise ValueError(f"max_nodes must be 0 or more (or None for no bound), not {max_nodes}")
    return min(max_nodes, 2**64 - 1)


def _timeout(timeout: _t.Optional[float]) -> _t.Optional[float]:
    if timeout is None:
        return None
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)):
        raise TypeError(f"timeout must be a number of seconds or None, not {type(timeout).__name__}")
    if not timeout > 0:
        raise ValueError(f"timeout must be a positive number of seconds (or None), not {timeout}")
    return float(timeout)


_PROPAGATE = ("auto", "off", "blocking", "sums", "all", "rules")


def _propagate(propagate: _t.Optional[str]) -> _t.Optional[str]:
    if propagate is None:
        return None
    if not isinstance(propagate, str):
        raise TypeError(f"propagate must be a str or None, not {type(propagate).__name__}")
    if propagate not in _PROPAGATE:
        raise ValueError(f"propagate={propagate!r}: expected one of {', '.join(map(repr, _PROPAGATE))}")
    return propagate


def _puzzle(puzzle: str) -> str:
    if not isinstance(puzzle, str):
        raise TypeError(f"a puzzle is a str, not {type(puzzle).__name__}")
    return puzzle


def solve(puzzle: str, box: Box = None, *, max_nodes: _t.Optional[int] = None,
          timeout: _t.Optional[float] = None, propagate: _t.Optional[str] = None) -> _t.Optional[str]:
    """A solution of ``puzzle``, or ``None`` if it has none. A bound that
    stops the search before either raises :class:`LimitError`
    (``partial`` is ``None``).

    >>> solve("1234" + "." * 12) in ("1234341221434321", "1234341223414123")
    True
    >>> solve("11..............") is None  # two 1s in the first row
    True
    """
    return _native.solve(_puzzle(puzzle), _shape(box), _max_nodes(max_nodes), _timeout(timeout),
                         _propagate(propagate))


def count(puzzle: str, limit: _t.Optional[int] = 2, box: Box = None, *,
          max_nodes: _t.Optional[int] = None, timeout: _t.Optional[float] = None,
          propagate: _t.Optional[str] = None) -> int:
    """The number of solutions of ``puzzle``, counting no further than
    ``limit`` (``None``: count them all). The default, 2, tells unique
    puzzles (1) from the rest. A bound that stops the count first raises
    :class:`LimitError`; its ``partial`` is the count so far, a lower
    bound.

    >>> count("." * 16, limit=None)
    288
    >>> count("." * 16)
    2
    """
    return _native.count(_puzzle(puzzle), _limit(limit), _shape(box), _max_nodes(max_nodes),
                         _timeout(timeout), _propagate(propagate))


def is_unique(puzzle: str, box: Box = None, *, max_nodes: _t.Optional[int] = None,
              timeout: _t.Optional[float] = None, propagate: _t.Optional[str] = None) -> bool:
    """Whether ``puzzle`` has exactly one solution. A bound that stops the
    search first raises :class:`LimitError`; its ``partial`` is the number
    of solutions found so far (0 or 1).

    >>> is_unique("21...4...23...12")
    True
    """
    return _native.is_unique(_puzzle(puzzle), _shape(box), _max_nodes(max_nodes), _timeout(timeout),
                             _propagate(propagate))


def candidates(puzzle: str, box: Box = None, *, max_nodes: _t.Optional[int] = None,
               timeout: _t.Optional[float] = None, propagate: _t.Optional[str] = None) -> _t.List[str]:
    """Each cell's true candidates, in reading order: the digits that some
    solution holds, as a string of digit symbols (the given for a given's
    cell). A unique puzzle's candidates are its solution; with no solution
    every string is empty. A bound that stops the work first raises
    :class:`LimitError`; its ``partial`` is the candidates found so far
    (each one from a solution found).

    >>> candidates("..2.....3..2....")[:4]
    ['14', '134', '2', '134']
    >>> candidates("21...4...23...12")[:4]
    ['2', '1', '4', '3']
    """
    return _native.candidates(_puzzle(puzzle), _shape(box), _max_nodes(max_nodes),
                              _timeout(timeout), _propagate(propagate))


def _array(puzzles: object) -> _t.Optional["np.ndarray"]:
    """``puzzles`` as a C-contiguous uint8 array if it is a NumPy array."""
    np = _sys.modules.get("numpy")
    if np is None or not isinstance(puzzles, np.ndarray):
        return None
    if puzzles.ndim != 2:
        raise ValueError(f"expected an array of shape (k, n*n), not {puzzles.shape}")
    if not np.issubdtype(puzzles.dtype, np.integer):
        raise TypeError(f"expected an array of integers, not {puzzles.dtype}")
    if puzzles.size:
        bad = np.argwhere((puzzles < 0) | (puzzles > 64))
        if len(bad):
            r, c = bad[0]
            raise ValueError(
                f"row {r}, column {c}: {puzzles[r, c]} is not a cell value (0 empty, 1 to n)"
            )
    return np.ascontiguousarray(puzzles, dtype=np.uint8)


def _strings(puzzles: _t.Iterable[str]) -> _t.Iterable[str]:
    if isinstance(puzzles, (str, bytes)):
        raise TypeError("expected an iterable of puzzles, not a single string")
    return puzzles


@_t.overload
def solve_many(puzzles: "npt.NDArray[np.integer]", box: Box = None, threads: int = 1, *, max_nodes: _t.Optional[int] = None, timeout: _t.Optional[float] = None, propagate: _t.Optional[str] = None) -> "npt.NDArray[np.uint8]": ...
@_t.overload
def solve_many(puzzles: _t.Iterable[str], box: Box = None, threads: int = 1, *, max_nodes: _t.Optional[int] = None, timeout: _t.Optional[float] = None, propagate: _t.Optional[str] = None) -> _t.List[_t.Optional[str]]: ...
def solve_many(puzzles, box=None, threads=1, *, max_nodes=None, timeout=None, propagate=None):  # type: ignore[no-untyped-def]
    """Solves every puzzle, in input order, on ``threads`` threads (0: one
    per core); the results do not depend on ``threads``.

    ``puzzles`` is any iterable of strings (the result is a list of
    solutions, ``None`` where there is none), or a NumPy array of shape
    ``(k, n*n)`` of small integers, 0 for empty (the result is a ``uint8``
    array of the same shape, a row of zeros where there is no solution).
    Raises ``ValueError`` at the first puzzle that cannot be read, before
    any search.

    ``max_nodes`` bounds each puzzle's search, ``timeout`` the whole call.
    If either leaves a puzzle unsettled, :class:`LimitError` is raised
    once the batch ends (at once, for the timeout): ``unsettled`` lists
    those puzzles (0-based) and ``partial`` is the result so far, ``None``
    (a zero row) for them.

    >>> solve_many(["21...4...23...12", "11.............."])
    ['2143342112344312', None]
    """
    threads = _threads(threads)
    bounds = (_max_nodes(max_nodes), _timeout(timeout), _propagate(propagate))
    cells = _array(puzzles)
    if cells is None:
        return _native.solve_many(_strings(puzzles), _shape(box), threads, *bounds)
    import numpy as np

    k, n2 = cells.shape
    as_array = lambda out: np.frombuffer(out, dtype=np.uint8).reshape(k, n2).copy()  # noqa: E731
    try:
        out = _native.solve_cells(cells.tobytes(), k, n2, _shape(box), threads, *bounds)
    except LimitError as e:
        e.partial = as_array(e.partial)
        raise
    return as_array(out)


@_t.overload
def count_many(puzzles: "npt.NDArray[np.integer]", limit: _t.Optional[int] = 2, box: Box = None, threads: int = 1, *, max_nodes: _t.Optional[int] = None, timeout: _t.Optional[float] = None, propagate: _t.Optional[str] = None) -> "npt.NDArray[np.int64]": ...
@_t.overload
def count_many(puzzles: _t.Iterable[str], limit: _t.Optional[int] = 2, box: Box = None, threads: int = 1, *, max_nodes: _t.Optional[int] = None, timeout: _t.Optional[float] = None, propagate: _t.Optional[str] = None) -> _t.List[int]: ...
def count_many(puzzles, limit=2, box=None, threads=1, *, max_nodes=None, timeout=None,
               propagate=None):  # type: ignore[no-untyped-def]
    """Counts the solutions of every puzzle, up to ``limit`` each, in input
    order, on ``threads`` threads (0: one per core). Takes what
    :func:`solve_many` takes; returns a list of ints, or an ``int64`` array
    for an array. Bounds as :func:`solve_many`'s; in :class:`LimitError`,
    ``partial`` holds the counts so far (lower bounds where unsettled).

    >>> count_many(["." * 16, "21...4...23...12", "11.............."], limit=None)
    [288, 1, 0]
    """
    limit, threads = _limit(limit), _threads(threads)
    bounds = (_max_nodes(max_nodes), _timeout(timeout), _propagate(propagate))
    cells = _array(puzzles)
    if cells is None:
        return _native.count_many(_strings(puzzles), limit, _shape(box), threads, *bounds)
    import numpy as np

    k, n2 = cells.shape
    as_array = lambda counts: np.array(counts, dtype=np.uint64).astype(np.int64)  # noqa: E731
    try:
        counts = _native.count_cells(cells.tobytes(), k, n2, limit, _shape(box), threads, *bounds)
    except LimitError as e:
        e.partial = as_array(e.partial)
        raise
    return as_array(counts)


@_t.overload
def generate(count: int = 1, *, box: Box = None, size: _t.Optional[int] = None, seed: _t.Optional[int] = None, symmetry: str = "none", minimal: bool = False, clues: _t.Optional[int] = None, difficulty: _t.Optional[str] = None, tries: int = 100, with_solution: _t.Literal[False] = False, threads: int = 1, variant: _t.Optional[str] = None, timeout: _t.Optional[float] = None, max_nodes: _t.Optional[int] = None, rating: _t.Union[float, _t.Tuple[float, float], None] = None, technique: _t.Optional[str] = None) -> _t.List[str]: ...
@_t.overload
def generate(count: int = 1, *, box: Box = None, size: _t.Optional[int] = None, seed: _t.Optional[int] = None, symmetry: str = "none", minimal: bool = False, clues: _t.Optional[int] = None, difficulty: _t.Optional[str] = None, tries: int = 100, with_solution: _t.Literal[True], threads: int = 1, variant: _t.Optional[str] = None, timeout: _t.Optional[float] = None, max_nodes: _t.Optional[int] = None, rating: _t.Union[float, _t.Tuple[float, float], None] = None, technique: _t.Optional[str] = None) -> _t.List[_t.Tuple[str, str]]: ...
def generate(count=1, *, box=None, size=None, seed=None, symmetry="none", minimal=False,
             clues=None, difficulty=None, tries=100, with_solution=False, threads=1,
             variant=None, timeout=None, max_nodes=None, rating=None,
             technique=None):  # type: ignore[no-untyped-def]
    """``count`` random puzzles with exactly one solution, as
    ``dlx generate`` makes them: the same seed and options give the same
    puzzles as ``dlx generate --seed SEED ...``, on any number of threads.

    Options as on the command line: ``box`` (``"3x3"`` by default) or
    ``size`` (the grid side, most nearly square boxes), ``seed`` (drawn
    from the clock when ``None``), ``symmetry`` of the clue pattern
    (``none``, ``rot180``, ``rot90``, ``mirror``, ``diagonal``),
    ``minimal`` (no clue can be removed), ``clues`` (at most this many;
    ``RuntimeError`` if no try gets there), ``difficulty`` (``simple``,
    ``easy``, ``intermediate`` or ``expert``, as :func:`rate` rates;
    ``RuntimeError`` if no try of ``tries`` gets there), ``with_solution`` (pairs
    ``(puzzle, solution)`` instead of puzzles), ``threads`` (0: one per
    core), ``variant`` (``"x"``, ``"hyper"``, ``"jigsaw"`` or a
    comma-separated combination: puzzles unique under those rules, written
    with their fields, a jigsaw's random regions included, as
    ``dlx generate --variant``), ``timeout`` (seconds, for the whole call:
    then :class:`TimeLimitError`, whose ``partial`` holds the first puzzles
    made, the same as a smaller ``count`` gives) and ``max_nodes`` (the
    engine's search nodes each puzzle may take, as ``dlx generate
    --max-nodes``: then :class:`NodeLimitError`, with the same
    ``partial``), ``rating`` (Sudoku Explainer's ER, a band ``(lo, hi)``
    or one number, as ``dlx generate --rating LO..HI``: each try made
    minimal and explained, :func:`explain`) and ``technique`` (puzzles
    whose explained path uses it, a name ``until`` takes). Rules that
    admit no grid (``variant="x"`` on a 2x2 or 3x3 grid) are a
    ``ValueError``; ``rating`` or ``technique`` with a ``variant`` a
    ``RuntimeError``, as is a band no try of ``tries`` reaches.

    >>> [p] = generate(seed=7, box="2x2", minimal=True)
    >>> is_unique(p)
    True
    >>> [x] = generate(seed=7, variant="x")
    >>> x.endswith(" x") and is_unique(x)
    True
    """
    if box is not None and size is not None:
        raise ValueError("give box or size, not both")
    if count < 0:
        raise ValueError(f"count must be 0 or more, not {count}")
    shape = _shape(box) if size is None else _native.shape_of_side(size)
    if seed is None:
        seed = _time.time_ns() % 1_000_000_000
    if seed < 0 or clues is not None and clues < 0:
        raise ValueError("seed and clues must not be negative")
    if tries < 1:
        raise ValueError(f"tries must be 1 or more, not {tries}")
    pick = (lambda made: made) if with_solution else (lambda made: [p for p, _ in made])
    band = (rating, rating) if isinstance(rating, (int, float)) else rating
    try:
        made = _native.generate(count, shape or "3x3", seed, symmetry, minimal, clues,
                                _threads(threads), difficulty, tries, variant, _timeout(timeout),
                                _max_nodes(max_nodes), band, technique)
    except LimitError as e:
        e.partial = pick(e.partial)
        raise
    return pick(made)


class Rating(_t.NamedTuple):
    """What :func:`rate` says of a puzzle: the ``level`` (``simple``,
    ``easy``, ``intermediate``, ``expert``), the ``score`` and the count of
    each step, by name, in ``dlx rate``'s order."""

    level: str
    score: int
    steps: _t.Dict[str, int]


class SeRating(_t.NamedTuple):
    """A rating on Sudoku Explainer's scale (docs/rating.md): ``er`` the
    hardest step, ``ep`` the hardest up to the first placement, ``ed`` the
    first step."""

    er: float
    ep: float
    ed: float


class ExplainedStep(_t.NamedTuple):
    """A step of :func:`explain`: its ``technique`` (the names
    ``--until`` takes), its ``difficulty`` on Sudoku Explainer's scale,
    the ``text`` that says it, the digit it ``placed`` as (row, column,
    digit) from 1, or ``None``, the candidates it ``removed``, the
    candidates of its ``pattern`` (what makes the step), and the
    ``cells`` (row, column) a picture of it shades, as ``dlx explain
    --json`` gives them."""

    technique: str
    difficulty: float
    text: str
    placed: _t.Optional[_t.Tuple[int, int, int]]
    removed: _t.List[_t.Tuple[int, int, int]]
    pattern: _t.List[_t.Tuple[int, int, int]]
    cells: _t.List[_t.Tuple[int, int]]


class Explanation(_t.NamedTuple):
    """What :func:`explain` says of a puzzle: its ``steps``, where they
    ended (``solved``, ``stalled``, ``contradiction``, ``step_limit``),
    the puzzle's ``solutions`` (counted up to 2) and its ``rating`` (an
    :class:`SeRating`, or ``None`` unless the steps solve a unique
    puzzle)."""

    steps: _t.List[ExplainedStep]
    ending: str
    solutions: int
    rating: _t.Optional[SeRating]


def explain(puzzle: str, box: Box = None, *, hint: bool = False,
            max_steps: _t.Optional[int] = None, until: _t.Optional[str] = None,
            timeout: _t.Optional[float] = None) -> Explanation:
    """The path a person would follow, as ``dlx explain`` prints it
    (docs/rating.md): at each step the easiest technique that makes
    progress, in Sudoku Explainer's order. ``hint`` gives the next step
    only, ``max_steps`` at most that many, ``until`` no technique harder
    than the one named (``"naked-single"``: singles alone?). Variants
    (jigsaw, X, hyper, killer) walk the same ladder in their own words.
    Every step of a unique puzzle is checked against its solution.
    ``ValueError`` for a puzzle that cannot be read, one with setters'
    constraints, or an unknown technique;
    :class:`TimeLimitError` after ``timeout`` seconds.

    >>> e = explain("1234341221434.21")
    >>> e.steps[0].text, e.ending, e.rating
    ('full house: r4c2 = 3, the last empty cell of row 4', 'solved', SeRating(er=1.0, ep=1.0, ed=1.0))
    """
    steps, ending, solutions, rating = _native.explain(
        _puzzle(puzzle), _shape(box), 1 if hint else max_steps, until, _timeout(timeout))
    return Explanation([ExplainedStep(*step) for step in steps], ending,
                       solutions, SeRating(*rating) if rating else None)


@_t.overload
def rate(puzzle: str, box: Box = None, subsets: int = 3, max_guesses: int = 1_000_000, *,
         scale: _t.Literal["qqwing"] = "qqwing", timeout: _t.Optional[float] = None) -> Rating: ...
@_t.overload
def rate(puzzle: str, box: Box = None, subsets: int = 3, max_guesses: int = 1_000_000, *,
         scale: _t.Literal["se"], timeout: _t.Optional[float] = None) -> SeRating: ...
def rate(puzzle: str, box: Box = None, subsets: int = 3, max_guesses: int = 1_000_000, *,
         scale: str = "qqwing",
         timeout: _t.Optional[float] = None) -> _t.Union[Rating, SeRating]:
    """How hard ``puzzle`` is, as ``dlx rate`` says (docs/rating.md).
    With ``scale="qqwing"`` (the default): deductions on its exact-cover
    matrix until they stall, then guessing, read as a :class:`Rating`.
    ``subsets`` is the largest naked or hidden subset looked for (2 is
    qqwing's rule set). Variants are rated by the same rules, each kind
    of house a class of its own. With ``scale="se"``: Sudoku Explainer's
    ER/EP/ED from the explained path (:func:`explain`), an
    :class:`SeRating` (variants too; ``subsets`` and ``max_guesses`` do
    not apply). ``ValueError`` for a puzzle with no solution or more than
    one, one that needs more than ``max_guesses`` guesses (the bound on
    its work, in place of ``max_nodes``), or (``se``) one beyond the
    ladder; :class:`TimeLimitError` after ``timeout`` seconds.

    >>> r = rate("21...4...23...12")
    >>> r.level, r.steps["naked_singles"] + r.steps["hidden_singles"]
    ('simple', 9)
    >>> rate("21...4...23...12", scale="se")
    SeRating(er=1.0, ep=1.0, ed=1.0)
    """
    if scale == "se":
        e = explain(puzzle, box, timeout=timeout)
        if e.solutions == 0:
            raise ValueError("no solution")
        if e.solutions > 1:
            raise ValueError("more than one solution: only a puzzle with exactly one is rated")
        if e.rating is None:
            raise ValueError("not rated: the explained path stalls (beyond the ladder)")
        return e.rating
    if scale != "qqwing":
        raise ValueError(f"unknown scale '{scale}' (expected qqwing or se)")
    level, score, steps = _native.rate(_puzzle(puzzle), _shape(box), subsets, max_guesses,
                                       _timeout(timeout))
    return Rating(level, score, dict(steps))
