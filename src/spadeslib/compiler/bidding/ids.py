"""The legal bids of an auction's situation as action ids, sorted: the contexts of
:mod:`spadeslib.compiler.bidding` answered in the ids of the variant's action space.

Cached by the context's parts that can matter (``Rules.relevant``), which repeat all the
time, in memos kept with the rules (:func:`~spadeslib.compiler.cache.rules_cache`). The
engine's bidding phase lists its legal actions with these, and the native core asks them
for a situation it has not met (``spadeslib.engine.core.kernel_sources``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spadeslib.compiler.bidding.seats import SeatContext, seat_bids
from spadeslib.compiler.bidding.teams import TeamContext, team_bids
from spadeslib.compiler.bids import BLIND_NIL, NIL, NO_BID, TeamBid
from spadeslib.compiler.cache import rules_cache

if TYPE_CHECKING:
    from spadeslib.compiler.action_ids import ActionSpace
    from spadeslib.compiler.rules import Rules

__all__ = ["seat_ids", "team_bid_of", "team_id", "team_ids"]


def _rules_of(space: ActionSpace) -> Rules:
    return space.rules


def team_id(space: ActionSpace, bid: TeamBid) -> int:
    contract, mine, partner = bid
    if mine == NIL and partner == NIL:
        return space.BOTH_NIL
    if mine == NIL:
        return space.NIL_PARTNER + contract
    if partner == NIL:
        return space.PARTNER_NIL + contract
    return space.BID + contract


@rules_cache(1, _rules_of)
def team_bid_of(space: ActionSpace) -> tuple[dict[int, TeamBid], dict[int, TeamBid]]:
    """The team bid of each team-bid action id: plain, and once the captain has bid Blind
    Nil (``bid N`` is then the partner's contract). Built once per action space."""
    plain = {space.BOTH_NIL: TeamBid(0, NIL, NIL)}
    for n in range(space.rules.hand_size + 1):
        plain[space.NIL_PARTNER + n] = TeamBid(n, NIL, n)
        plain[space.PARTNER_NIL + n] = TeamBid(n, n, NIL)
        plain[space.BID + n] = TeamBid(n, NO_BID, NO_BID)
    after_blind_nil = dict(plain)
    for n in range(space.rules.hand_size + 1):
        after_blind_nil[space.BID + n] = TeamBid(n, BLIND_NIL, n)
    return plain, after_blind_nil


@rules_cache(4096, _rules_of)
def seat_ids(
    space: ActionSpace, partner_bids: tuple[int, ...], trumps: int, last: bool, others_total: int
) -> tuple[int, ...]:
    """The legal bids' ids in a :class:`~spadeslib.compiler.bidding.SeatContext`, sorted
    (cached: its parts that matter, ``Rules.relevant``, repeat all the time)."""
    ctx = SeatContext(
        partner_bids=partner_bids, trumps=trumps, last=last, others_total=others_total
    )
    return tuple(
        sorted(space.NIL if bid == NIL else space.BID + bid for bid in seat_bids(space.rules, ctx))
    )


@rules_cache(1024, _rules_of)
def team_ids(
    space: ActionSpace, captain_blind_nil: bool, last: bool, others_total: int
) -> tuple[int, ...]:
    """The legal team bids' ids in a :class:`~spadeslib.compiler.bidding.TeamContext`, sorted."""
    ctx = TeamContext(captain_blind_nil=captain_blind_nil, last=last, others_total=others_total)
    return tuple(sorted(team_id(space, bid) for bid in team_bids(space.rules, ctx)))
