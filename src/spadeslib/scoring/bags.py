"""Sandbagging: overtricks accumulate and cost points when they reach the limit (spec A5,
B13, Part D).

Bags are their own count, carried in :class:`~spadeslib.scoring.Standing`; they are never
read from the last digit of the score.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from spadeslib.variant.scoring import Bags

__all__ = ["BagsScore", "add_bags"]


@dataclass(frozen=True, slots=True)
class BagsScore:
    """The bags a deal added, the count carried into the next deal, the points lost
    (a positive number) and the explanation."""

    added: int
    carried: int
    penalty: int
    lines: tuple[str, ...]


# -- what is left after the limit is reached (B13 `after_penalty`) --------------------
# Each maps (accumulated bags, limit) to (penalties incurred, bags carried on).

_AFTER_PENALTY: dict[str, Callable[[int, int], tuple[int, int]]] = {
    # A5: each time the count reaches the limit, `limit` bags come off: 7 + 15 = 22 bags
    # cost two penalties and leave 2.
    "keep_remainder": divmod,
    # The count goes back to zero: one penalty, whatever the excess.
    "reset": lambda total, limit: (1, 0) if total >= limit else (0, total),
}


def add_bags(rules: Bags, carried: int, added: int) -> BagsScore:
    """Spec A5 and B13: add this deal's bags to the carried count; each time it reaches
    `scoring.bags.limit` the side loses `penalty`, and the count keeps the remainder
    (`keep_remainder`, standard: several penalties in one deal if enough bags came) or
    goes back to 0 (`reset`, one penalty). With bags off nothing is counted and the
    carried count is left as it was.

    >>> from spadeslib.variant import Bags
    >>> add_bags(Bags(), 7, 3)
    BagsScore(added=3, carried=0, penalty=100, lines=('bags 7 + 3 = 10: 10 bags reached, -100, 0 carried',))
    """  # noqa: E501
    if not rules.enabled:
        return BagsScore(0, carried, 0, ())
    total = carried + added
    times, left = _AFTER_PENALTY[rules.after_penalty](total, rules.limit)
    penalty = times * rules.penalty
    lines: tuple[str, ...] = ()
    if added:
        text = f"bags {carried} + {added} = {total}"
        if times:
            reached = f"{times} x {rules.limit}" if times > 1 else f"{rules.limit}"
            text += f": {reached} bags reached, {-penalty:+d}, {left} carried"
        lines = (text,)
    return BagsScore(added, left, penalty, lines)
