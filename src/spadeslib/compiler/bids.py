"""What a bid is: a number of tricks, or one of the named special bids.

A seat's bid is an int: the tricks it contracts for (``0`` is "zero tricks" where a bid
of 0 is not Nil), or a member of :class:`Bid` (Nil, Blind Nil, no bid yet). The members
are ints, so the engine keeps bids in plain lists and compares them at int speed, and
they print and serialise as their numbers (``-1``) while their ``repr`` names them. A
partnership's team bid is a :class:`TeamBid`. Which bids are legal is
:mod:`spadeslib.compiler.bidding`'s business.

>>> NIL, Bid(-2), [format_bid(b) for b in (NIL, BLIND_NIL, NO_BID, 4)]
(<Bid.NIL: -1>, <Bid.BLIND_NIL: -2>, ['nil', 'blind nil', '-', '4'])
>>> TeamBid(4, NIL, 4), tricks_of(NIL), tricks_of(5)
(TeamBid(contract=4, captain=<Bid.NIL: -1>, partner=4), 0, 5)
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final, NamedTuple

__all__ = ["BLIND_NIL", "NIL", "NO_BID", "Bid", "TeamBid", "format_bid", "tricks_of"]


class Bid(IntEnum):
    """The bids that are not a number of tricks. Negative, so a bid ``> 0`` is tricks."""

    NIL = -1
    """A Nil bid: to win no trick."""
    BLIND_NIL = -2
    """A Blind Nil bid, made before looking at the cards."""
    NONE = -3
    """No bid made (yet), or none at all (a partner in a team bid, the deal that bids
    itself)."""


NIL: Final = Bid.NIL
BLIND_NIL: Final = Bid.BLIND_NIL
NO_BID: Final = Bid.NONE
"""The members under the names the engine's hot paths use (a module global is read faster
than a class attribute)."""

_TEXT: Final[dict[int, str]] = {NIL: "nil", BLIND_NIL: "blind nil", NO_BID: "-"}


class TeamBid(NamedTuple):
    """A partnership's bid: the side's ``contract`` and each partner's part.

    The parts are :data:`NO_BID` for a plain team bid, or :data:`NIL` / :data:`BLIND_NIL`
    for the Nil partner and the contract for the other."""

    contract: int
    """The tricks the side contracts for."""
    captain: int
    """The part of the seat that decides (the side's first seat in bidding order)."""
    partner: int
    """The part of its partner."""


def tricks_of(bid: int) -> int:
    """The tricks a bid adds to its side's contract (0 for Nil, Blind Nil and no bid)."""
    return bid if bid > 0 else 0


def format_bid(bid: int) -> str:
    """``nil``, ``blind nil``, ``-`` (no bid) or the number."""
    return _TEXT.get(bid, str(bid))
