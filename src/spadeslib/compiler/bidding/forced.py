"""The forced-bid formats' bids: Mirror, Whiz, Suicide, a fixed bid, a set of bids
(docs/format.md, `bidding.forced`).

Each format has a builder, found by its ``kind`` in :data:`BUILDERS` (built at import), that
says which bids a seat may make at its turn and how to say so when another is tried.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, NamedTuple

from spadeslib.compiler.bidding.constraints import Check, Problem
from spadeslib.compiler.bids import NIL
from spadeslib.variant.bidding import AllowedBids, FixedBid, Forced, Mirror, Suicide, Whiz

__all__ = ["BUILDERS", "Turn", "forced_check"]


class Turn(NamedTuple):
    """What a forced format looks at when a seat bids."""

    hand: int
    """The number of tricks."""
    trumps: int
    """Trumps in the hand."""
    partners_bid: bool
    """Some partner has bid."""
    partner_nil: bool
    """Some partner has bid Nil or Blind Nil."""
    room: int
    """The tricks the partners left (Mirror and a fixed bid are held to them: a side never
    contracts for more tricks than there are, which a tiny hand of many trumps could
    otherwise ask for)."""
    nil: int
    """The code of a bid of 0: :data:`~spadeslib.compiler.bids.NIL` where Nil is played,
    else 0 (zero tricks)."""

    def as_bid(self, n: int) -> int:
        """A number of tricks as a bid code (0 is Nil where Nil is played)."""
        return self.nil if n == 0 else n


Offer = tuple[frozenset[int], str]
"""The bids a format allows a seat now, and the sentence that says so."""


def _mirror(forced: Mirror, turn: Turn) -> Offer:
    return (
        frozenset({turn.as_bid(min(turn.trumps, turn.room))}),
        f"Mirror: bid the {turn.trumps} trumps held",
    )


def _whiz(forced: Whiz, turn: Turn) -> Offer:
    return (
        frozenset({NIL, turn.as_bid(turn.trumps)}),
        f"Whiz: bid Nil or the {turn.trumps} trumps held",
    )


def _fixed(forced: FixedBid, turn: Turn) -> Offer:
    return frozenset({turn.as_bid(min(forced.bid, turn.room))}), f"everyone bids {forced.bid}"


def _allowed(forced: AllowedBids, turn: Turn) -> Offer:
    return (
        frozenset(turn.as_bid(n) for n in forced.bids),
        "the allowed bids are " + ", ".join(str(n) for n in forced.bids),
    )


def _suicide(forced: Suicide, turn: Turn) -> Offer:
    least = forced.partner_min
    numbers = range(least, turn.hand + 1)
    if not turn.partners_bid:
        return frozenset({NIL, *numbers}), f"Suicide: bid Nil or at least {least}"
    if turn.partner_nil:
        return frozenset(numbers), f"Suicide: the partner bid Nil, so bid at least {least}"
    return frozenset({NIL}), "Suicide: the partner did not bid Nil, so this bid must be Nil"


BUILDERS: Final[dict[str, Callable[[Any, Turn], Offer]]] = {
    "mirror": _mirror,
    "whiz": _whiz,
    "fixed": _fixed,
    "allowed": _allowed,
    "suicide": _suicide,
}
"""Each forced format's builder, by its ``kind`` (each takes its own model)."""


def forced_check(forced: Forced, turn: Turn) -> Check[int]:
    """The hard rule of ``forced`` at this turn (``bidding.forced``)."""
    want, text = BUILDERS[forced.kind](forced, turn)
    problem: Problem = (text, "bidding.forced")

    def check(bid: int) -> Problem | None:
        return None if bid in want else problem

    return check
