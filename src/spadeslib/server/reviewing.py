"""A finished deal of a table reviewed with every hand seen: what a worker does for
``GET /api/tables/{id}/review`` (docs/protocol.md).

The review is :func:`spadeslib.analysis.review_record`'s (the double-dummy solver's
value of every card played), over the table's *public* record
(:func:`~spadeslib.server.record.public_record`): the finished deals only, whose hands
every seat is shown at the end of the deal anyway, so a review tells nobody anything
about a deal still being played. Solving a deal takes from a tenth of a second to a few
seconds (far longer for six hands of 17 cards), so it runs in a worker process of its
own, never on the event loop nor in the bots' way, and stops at the solver's own time
limit (:data:`~spadeslib.server.bot_pool.REVIEW_SECONDS`); the table keeps each answer
(:meth:`spadeslib.server.table.Table.review`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

__all__ = ["UNAVAILABLE", "ReviewAsk", "review"]

UNAVAILABLE: Final = (
    "the card-by-card review needs spadeslib's native core, and this server runs the "
    "pure-Python one (spadeslib.backend() is 'python'): install it where a C compiler exists"
)
"""Why a server without the native core reviews nothing: the reference solver is a plain
minimax, minutes for a whole deal."""


@dataclass(frozen=True, slots=True)
class ReviewAsk:
    """What a worker is sent to review one deal."""

    record: dict[str, Any]
    """The table's public record."""
    deal: int
    """1 for the game's first deal."""
    seconds: float
    """The longest the review may take."""


def review(ask: ReviewAsk) -> dict[str, Any] | None:
    """Deal ``ask.deal`` of ``ask.record`` reviewed (:meth:`DealReview.as_dict
    <spadeslib.analysis.DealReview.as_dict>`); ``None`` if it took longer than
    ``ask.seconds`` (the worker lives on: the solver stopped itself)."""
    from spadeslib.analysis import review_record
    from spadeslib.errors import SearchTimeout

    try:
        found = review_record(ask.record, deals={ask.deal}, seconds=ask.seconds)
    except SearchTimeout:
        return None
    if not found:  # (the table asks only for finished deals, which have cards)
        raise ValueError(f"deal {ask.deal} of the record has no card played to review")
    return found[0].as_dict()
