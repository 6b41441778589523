"""Sandbagging: overtricks accumulate and cost points when they reach the limit
(docs/format.md, `scoring.bags`).

Bags are their own count, carried in :class:`~spadeslib.scoring.Standing`; they are never
read from the last digit of the score.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from spadeslib.compiler.scoring import Settings

__all__ = ["BagsScore", "add_bags"]

_new = tuple.__new__
"""Builds a :class:`BagsScore` from a tuple of its fields: its own constructor is a Python
function, which costs more than the rest of adding the bags."""


class BagsScore(NamedTuple):
    """The bags a deal added, the count carried into the next deal and the points lost
    (a positive number). The rest is what :attr:`lines` is written from: the count carried
    in, how many times the limit was reached, and the limit."""

    added: int
    carried: int
    penalty: int
    before: int
    times: int
    limit: int

    @property
    def lines(self) -> tuple[str, ...]:
        """The sum of the bags and, when the limit was reached, its cost; nothing when the
        deal added no bag."""
        added = self.added
        if not added:
            return ()
        text = f"bags {self.before} + {added} = {self.before + added}"
        if self.times:
            limit = self.limit
            reached = f"{self.times} x {limit}" if self.times > 1 else f"{limit}"
            text += f": {reached} bags reached, {-self.penalty:+d}, {self.carried} carried"
        return (text,)


# -- what is left after the limit is reached (`after_penalty`) ------------------------
# Each maps (accumulated bags, limit) to (penalties incurred, bags carried on).

_AFTER_PENALTY: dict[str, Callable[[int, int], tuple[int, int]]] = {
    # Each time the count reaches the limit, `limit` bags come off: 7 + 15 = 22 bags
    # cost two penalties and leave 2.
    "keep_remainder": divmod,
    # The count goes back to zero: one penalty, whatever the excess.
    "reset": lambda total, limit: (1, 0) if total >= limit else (0, total),
}


def add_bags(settings: Settings, carried: int, added: int) -> BagsScore:
    """Add this deal's bags to the carried count; each time it reaches
    `scoring.bags.limit` the side loses `penalty`, and the count keeps the remainder
    (`keep_remainder`, standard: several penalties in one deal if enough bags came) or
    goes back to 0 (`reset`, one penalty). With bags off nothing is counted and the
    carried count is left as it was.

    >>> from spadeslib.variant import Variant
    >>> bags = add_bags(Variant().compile().scoring, 7, 3)
    >>> bags.added, bags.carried, bags.penalty
    (3, 0, 100)
    >>> bags.lines
    ('bags 7 + 3 = 10: 10 bags reached, -100, 0 carried',)
    """
    if not settings.bags_enabled:
        return _new(BagsScore, (0, carried, 0, carried, 0, settings.bags_limit))
    limit = settings.bags_limit
    times, left = _AFTER_PENALTY[settings.bags_after_penalty](carried + added, limit)
    return _new(BagsScore, (added, left, times * settings.bags_penalty, carried, times, limit))
