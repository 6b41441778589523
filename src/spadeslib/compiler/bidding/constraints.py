"""How the rules about a bid combine, and the one rule every kind of bid obeys: the total.

A rule is a :data:`Check`: given a candidate bid, ``None`` or the :data:`Problem` that
forbids it. *Hard* rules say what a bid can be at all; *soft* rules then remove
candidates in order, each one waived where it would leave no legal bid, so a player
always has a bid (:func:`choose`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TYPE_CHECKING, Generic, NamedTuple, TypeVar

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules

__all__ = ["Check", "Choice", "Problem", "choose", "total_problem"]

Problem = tuple[str, str]
"""``(reason, dotted rule key)``: why a bid is illegal."""

T = TypeVar("T", bound=Hashable)

Check = Callable[[T], "Problem | None"]
"""A rule about a candidate bid: ``None`` where it allows it, else why not."""


class Choice(NamedTuple, Generic[T]):
    """What the rules leave of the candidates: the legal ones, and why each other is not."""

    legal: tuple[T, ...]
    """The legal bids, in order."""
    why: dict[T, Problem]
    """Why each illegal candidate is illegal."""

    def problem(self, bid: T, unknown: Problem) -> Problem | None:
        """Why ``bid`` is illegal (``unknown`` for one that was no candidate), or ``None``."""
        return None if bid in self.legal else self.why.get(bid, unknown)


def choose(
    candidates: Iterable[T], hard: Sequence[Check[T]], soft: Sequence[Check[T]] = ()
) -> Choice[T]:
    """The legal candidates, in their order, and why each other one is illegal: the first
    hard rule that forbids it, or the soft rule that removed it."""
    why: dict[T, Problem] = {}
    kept: list[T] = []
    for bid in candidates:
        for check in hard:
            found = check(bid)
            if found is not None:
                why[bid] = found
                break
        else:
            kept.append(bid)
    for check in soft:
        problems = {bid: check(bid) for bid in kept}
        remaining = [bid for bid in kept if problems[bid] is None]
        if remaining:
            for bid, found in problems.items():
                if found is not None:
                    why[bid] = found
            kept = remaining
    return Choice(tuple(kept), why)


def total_problem(rules: Rules, last: bool, others_total: int, tricks: int) -> Problem | None:
    """``bidding.total_may_not_equal_tricks``: the bid that closes the first
    round, adding ``tricks`` to the ``others_total`` bid by everyone else, may not make
    the bids of all sides add up to exactly the number of tricks. The one statement of
    the rule for every kind of bid (a seat's, a team's, a blind bid, Blind Nil, coming
    out, a raise)."""
    hand = rules.hand_size
    if last and others_total + tricks == hand and rules.variant.bidding.total_may_not_equal_tricks:
        return (
            f"the bids would total {hand}, the number of tricks",
            "bidding.total_may_not_equal_tricks",
        )
    return None
