"""Type stubs of the compiled module. Use the documented functions of
``dlx_engine`` rather than the Sudoku functions here, which take checked,
normalised arguments (``shape`` is ``"RxC"`` or ``None``, ``limit`` is an
int). ``max_nodes`` and ``timeout`` are the bounds of docs/python.md: a
bound that stops a call raises ``dlx_engine.LimitError``."""

from typing import Iterable, Iterator, List, Mapping, Optional, Tuple, Type, Union
from types import TracebackType

__version__: str

def shape_of_side(n: int) -> str: ...
def solve(puzzle: str, shape: Optional[str] = None, max_nodes: Optional[int] = None, timeout: Optional[float] = None, propagate: Optional[str] = None) -> Optional[str]: ...
def count(puzzle: str, limit: int, shape: Optional[str] = None, max_nodes: Optional[int] = None, timeout: Optional[float] = None, propagate: Optional[str] = None) -> int: ...
def candidates(puzzle: str, shape: Optional[str] = None, max_nodes: Optional[int] = None, timeout: Optional[float] = None, propagate: Optional[str] = None) -> List[str]: ...
def is_unique(puzzle: str, shape: Optional[str] = None, max_nodes: Optional[int] = None, timeout: Optional[float] = None, propagate: Optional[str] = None) -> bool: ...
def solve_many(puzzles: Iterable[str], shape: Optional[str] = None, threads: int = 1, max_nodes: Optional[int] = None, timeout: Optional[float] = None, propagate: Optional[str] = None) -> List[Optional[str]]: ...
def count_many(puzzles: Iterable[str], limit: int, shape: Optional[str] = None, threads: int = 1, max_nodes: Optional[int] = None, timeout: Optional[float] = None, propagate: Optional[str] = None) -> List[int]: ...
def solve_cells(data: bytes, rows: int, cells: int, shape: Optional[str] = None, threads: int = 1, max_nodes: Optional[int] = None, timeout: Optional[float] = None, propagate: Optional[str] = None) -> bytes: ...
def count_cells(data: bytes, rows: int, cells: int, limit: int, shape: Optional[str] = None, threads: int = 1, max_nodes: Optional[int] = None, timeout: Optional[float] = None, propagate: Optional[str] = None) -> List[int]: ...
def generate(
    count: int,
    shape: str,
    seed: int,
    symmetry: str,
    minimal: bool,
    clues: Optional[int] = None,
    threads: int = 1,
    difficulty: Optional[str] = None,
    tries: int = 100,
    variant: Optional[str] = None,
    timeout: Optional[float] = None,
    max_nodes: Optional[int] = None,
    rating: Optional[Tuple[float, float]] = None,
    technique: Optional[str] = None,
) -> List[Tuple[str, str]]: ...
def rate(
    puzzle: str,
    shape: Optional[str] = None,
    subsets: int = 3,
    max_guesses: int = 1000000,
    timeout: Optional[float] = None,
) -> Tuple[str, int, List[Tuple[str, int]]]: ...
def explain(
    puzzle: str,
    shape: Optional[str] = None,
    max_steps: Optional[int] = None,
    until: Optional[str] = None,
    timeout: Optional[float] = None,
) -> Tuple[
    List[
        Tuple[
            str,
            float,
            str,
            Optional[Tuple[int, int, int]],
            List[Tuple[int, int, int]],
            List[Tuple[int, int, int]],
            List[Tuple[int, int]],
        ]
    ],
    str,
    int,
    Optional[Tuple[float, float, float]],
]: ...

class Stats:
    """Effort of a search, as Knuth counts it."""

    @property
    def nodes(self) -> int:
        """Search-tree nodes: every level entered, solutions included."""
    @property
    def updates(self) -> int:
        """Link updates: nodes unlinked from a list, items covered."""
    @property
    def solutions(self) -> int:
        """Solutions visited."""
    @property
    def removed(self) -> int:
        """Options removed by propagation between choices (0 under
        ``propagate="off"``)."""

class Solutions(Iterator[List[int]]):
    """A lazy iterator over the solutions of an :class:`ExactCover`: the
    search runs on a thread of its own, at most 64 solutions ahead of the
    iteration. Stopping early (``break``, :meth:`close`, ``with``, or
    dropping it) ends the search.

    A closed iterator (by :meth:`close`, ``__exit__``, running out, or a
    bound's exception) is exhausted: ``next`` raises ``StopIteration``, as
    a closed generator's does; solutions found ahead are dropped."""

    def __iter__(self) -> "Solutions": ...
    def __next__(self) -> List[int]: ...
    def close(self) -> None:
        """Ends the search; the iterator then yields nothing more."""
    def __enter__(self) -> "Solutions": ...
    def __exit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc: Optional[BaseException],
        tb: Optional[TracebackType],
    ) -> None: ...

class ExactCover:
    """An exact-cover problem: primary items (covered exactly once),
    secondary items (at most once, or by options that agree on their
    color), and options, each a list of item names; a secondary item may
    carry a color as ``"item:color"`` (Knuth's DLX2). ``multiplicities``
    maps primary items to ``v`` (covered exactly ``v`` times) or
    ``(lo, hi)`` (between ``lo`` and ``hi`` times: Knuth's DLX3, searched
    with Algorithm M).

    A solution is a sorted list of option numbers: indices into
    :attr:`options`. Each search compiles its own dancing-links matrix
    and runs with the GIL released.

    ``propagate`` says what the search deduces between choices:
    ``"off"`` (the default) keeps Knuth's tree, node for node;
    ``"blocking"`` removes, when every option left for a primary item
    with at most three options covers another item, that item's other
    options (``dlx cover --propagate blocking``; a ``ValueError`` with
    ``multiplicities``; ``count(memo=True)`` then counts on the links,
    without a memo, as with colors). Counts and solutions are the same
    under each; :attr:`stats` counts what was removed.
    """

    def __init__(
        self,
        primary: Iterable[str],
        options: Iterable[Iterable[str]],
        secondary: Optional[Iterable[str]] = None,
        multiplicities: Optional[Mapping[str, Union[int, Tuple[int, int]]]] = None,
        *,
        propagate: str = "off",
    ) -> None: ...
    @staticmethod
    def from_knuth(text: str, *, propagate: str = "off") -> "ExactCover":
        """A problem in Knuth's text format (the ``dlx cover`` input):
        the first line names the items, primary, then ``|``, then
        secondary; each later line is an option; ``|`` starts a comment
        line. Options with no primary item are skipped (see
        :attr:`warnings`)."""
    @property
    def options(self) -> List[List[str]]:
        """The options, as lists of ``item`` or ``item:color`` names."""
    @property
    def warnings(self) -> List[str]:
        """What :meth:`from_knuth` skipped, with line and column."""
    @property
    def stats(self) -> Stats:
        """The effort of the last search that ended: :meth:`first`,
        :meth:`count`, or a :meth:`solutions` iterator that ran out or was
        closed."""
    def first(self, *, max_nodes: Optional[int] = None, timeout: Optional[float] = None) -> Optional[List[int]]:
        """A solution, or ``None`` if there is none. ``max_nodes`` (search
        nodes) and ``timeout`` (seconds) bound the search: one that stops
        it first raises ``dlx_engine.LimitError`` (``partial`` ``None``)."""
    def count(
        self,
        limit: Optional[int] = None,
        *,
        memo: bool = False,
        threads: int = 1,
        max_nodes: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> int:
        """The number of solutions, counting no further than ``limit``.

        With ``memo=True`` each subproblem (the set of items covered so far)
        is searched once and its count reused when another path reaches it
        (Knuth's memo): the same count, far fewer nodes on tiling problems
        (domino tilings of 8x8: 1,648 nodes instead of 50 million), up to
        about 1.5x slower where paths rarely meet (n queens). With
        ``threads`` (0: one per core) the tree is split into subproblems as
        ``dlx cover --threads`` splits it: the same count. ``stats`` then counts the nodes
        searched.

        ``max_nodes`` (search nodes, in all: about, on several threads) and
        ``timeout`` (seconds) bound the count: one that stops it first
        raises ``dlx_engine.LimitError`` whose ``partial`` is the count so
        far, a lower bound."""
    def solutions(self, *, max_nodes: Optional[int] = None, timeout: Optional[float] = None) -> Solutions:
        """Every solution, lazily. A bound (``max_nodes`` search nodes,
        ``timeout`` seconds from this call) that stops the search raises
        ``dlx_engine.LimitError`` from ``next`` once the solutions found
        before it have been yielded; the iterator is then exhausted."""
