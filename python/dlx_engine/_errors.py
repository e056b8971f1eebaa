"""The exceptions of a bounded call (``max_nodes=``, ``timeout=``).

They live in Python, not in the compiled module, so that a timeout can be
a ``TimeoutError`` and a ``RuntimeError`` at once; the compiled module
raises them by name. They say they are ``dlx_engine``'s, where they are
exported."""

from __future__ import annotations

from typing import Any, Iterable, List


class LimitError(RuntimeError):
    """A bound stopped a call before it settled its answer.

    ``bound`` names the bound (``"max_nodes"`` or ``"timeout"``),
    ``partial`` holds what was found so far (each call says what that is;
    a count is then a lower bound), and ``unsettled`` lists, for a batch,
    the 0-based indices of the puzzles whose answer is not known (empty
    otherwise)."""

    bound: str = ""

    def __init__(self, message: str, partial: Any = None, unsettled: Iterable[int] = ()) -> None:
        super().__init__(message)
        self.partial = partial
        self.unsettled: List[int] = list(unsettled)


class NodeLimitError(LimitError):
    """``max_nodes=`` stopped the call: a search reached that many
    search-tree nodes before it settled."""

    bound = "max_nodes"


class TimeLimitError(LimitError, TimeoutError):
    """``timeout=`` stopped the call: its seconds ran out before it
    settled. Also a ``TimeoutError``."""

    bound = "timeout"


for _class in (LimitError, NodeLimitError, TimeLimitError):
    _class.__module__ = "dlx_engine"
del _class
