"""What can change a variant's legal bids: the parts of the auction its caches key on.

The engine fills only these parts of a context and leaves the rest at their defaults when
it lists the legal bids, so situations that differ only in what does not matter share one
cached answer: in most variants every seat's turn to bid has the same legal bids, whatever
its cards or the bids before it. Worked out once per variant (the compiled rules keep it as
``Rules.relevant``) and kept in step with the rules of :mod:`.seats`, :mod:`.teams` and
:mod:`.blind`: a part that might matter is marked as mattering.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from spadeslib.compiler.bidding.blind import BlindRelevant, blind_relevance

if TYPE_CHECKING:
    from spadeslib.variant.root import Variant

__all__ = ["Relevant", "relevant"]


@dataclass(frozen=True, slots=True)
class Relevant:
    """Which parts of the contexts can change a variant's *legal* bids (not the reasons
    given for an illegal one, which may quote any part)."""

    seat_partners: bool
    """:attr:`~.seats.SeatContext.partner_bids` (a forced format, a rule about the
    partner's Nil or minimum, no bid of one, the partners' bids within the tricks)."""
    seat_trumps: bool
    """:attr:`~.seats.SeatContext.trumps` (Mirror and Whiz bid them)."""
    seat_total: bool
    """Whether a bid closes the first round and what the others bid (the total may not
    equal the tricks), in every kind of context."""
    blind: BlindRelevant
    """The parts of a :class:`~.blind.BlindContext` that matter (:func:`.blind.key`)."""


def relevant(variant: Variant) -> Relevant:
    """The :class:`Relevant` of ``variant``."""
    bidding = variant.bidding
    forced = bidding.forced
    nil = bidding.nil
    return Relevant(
        seat_partners=(
            forced is not None
            or not nil.both_partners
            or nil.partner_min_bid is not None
            or bidding.form.no_bid_of_one
            or bidding.partners_may_not_exceed_tricks
        ),
        seat_trumps=forced is not None and forced.reads_trumps,
        seat_total=bidding.total_may_not_equal_tricks,
        blind=blind_relevance(variant),
    )
