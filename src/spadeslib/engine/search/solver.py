"""The native double-dummy solver's one Python entry (``src/native/solver.c``): every hand
seen, the tricks a set of seats takes from a position of the play with best play by all.

It lives here, below the bots and the analysis, because both ask it: the Expert solves
its sampled deals (:mod:`spadeslib.bots.expert`), the analysis solves a game's real one
(:mod:`spadeslib.analysis.solve`, which adds the pure-Python reference for a core that is
not built). One wrapper, so the argument order of the C call is written once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from spadeslib import _backend

if TYPE_CHECKING:
    from spadeslib._native import Kernel

__all__ = ["solve"]


def solve(  # noqa: PLR0917 - the position, flat, as the C boundary takes it
    kernel: Kernel,
    hands: Sequence[int],
    leader: int,
    trick: Sequence[int],
    broken: bool,
    trick_number: int,
    must_lead: int,
    counted: int,
    maximizers: int,
    *,
    options: int = 0,
    focus: int = 0,
    seconds: float = 0.0,
    levels: Sequence[int] | None = None,
    up_to: int = 0,
) -> dict[int, int]:
    """Each legal card's (bit's) tricks for the ``counted`` seats (a bit per seat) in the
    rest of the deal, the current trick included, the ``maximizers`` wanting more of them
    and every other seat fewer. ``hands`` are the cards each seat holds now, ``trick`` the
    current trick's bits in play order, led by ``leader``; ``trick_number`` counts the
    finished tricks; ``must_lead`` binds a first lead. ``options`` and ``focus``: the
    solver's switches and a review's cards of interest (``double_dummy`` in
    ``src/native/solver.c``). ``seconds`` (0: none): a time limit, past which it raises
    :class:`~spadeslib.errors.SearchTimeout`; Ctrl+C stops it too. ``levels`` (no
    ``focus`` with it): where more tricks are not simply better, the maximizers' worth of
    each outcome, ``levels[t]`` for the counted seats' taking ``t`` tricks from here (``t``
    from 0 to the cards in the hand to play); each card's value is then the highest level
    the maximizers can be sure of, not a count of tricks. ``up_to`` (0: none; no
    ``levels`` with it): count up to that many tricks, a card's value the fewer of its
    tricks and ``up_to``. A question about the first tricks (can a Nil be set: 1) then
    searches nothing above them, most of a count's cost where few are taken. The native
    core must be built (``kernel`` is its tables); the caller checks the arguments' shape, the C
    checks them again and raises :class:`~spadeslib.errors.ArgumentError`."""
    module = _backend.native()
    if module is None:  # a kernel exists only where the core is built
        raise AssertionError("the double-dummy solver needs the native core")
    pairs = module.double_dummy(
        kernel,
        list(hands),
        leader,
        list(trick),
        broken,
        trick_number,
        must_lead,
        counted,
        maximizers,
        options,
        focus,
        seconds,
        None if levels is None else list(levels),
        up_to,
    )
    return dict(pairs)
