"""The bids as evidence about the hidden hands: how well a sampled deal explains them.

The cards a seat cannot see are sampled uniformly among the placements consistent with
what it has seen (:mod:`spadeslib.engine.search.determinize`), but the bids say more: a seat
that bid 6 rarely holds a hand worth 1. Each bid made from a hand is a *claim*: the seats
that made it (one seat, or a partnership's members for a team bid) and the tricks claimed
(Nil claims 0). A sampled deal's weight is a normal likelihood of the gap between each
claim and the point count (:func:`~spadeslib.bots.guesses.quick_bid`) of the cards its
seats were dealt in that sample (the cards they still hold and those they played), of
spread :data:`BID_SPREAD` tricks a seat. The bids a seat made itself, blind bids and
Blind Nils (made without looking) claim nothing.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from spadeslib.bots.guesses import quick_bid
from spadeslib.bots.tables import Tables
from spadeslib.compiler import Rules
from spadeslib.engine import Observation
from spadeslib.engine.search.knowledge import Knowledge

__all__ = ["BID_SPREAD", "Claim", "claims", "evidence"]

BID_SPREAD: Final = 2.0
"""How far, in tricks, a seat's bid strays from its point count: the counts are rough,
and a bidder sees more than a count (its partner's bid, the score)."""

Claim = tuple[tuple[int, ...], int]
"""The seats that made a bid and the tricks it claims."""


def claims(observation: Observation, rules: Rules) -> list[Claim]:
    """The claims of the bids other seats made from their hands (see the module
    docstring)."""
    seat = observation.seat
    if rules.variant.bidding.form.kind == "partnership":
        return [
            (members, contract)
            for side, (members, contract) in enumerate(
                zip(rules.sides, observation.contracts, strict=True)
            )
            if contract is not None
            and seat not in members
            and not observation.blind[side]
            and all(observation.bids[m] != "blind nil" for m in members)
        ]
    out: list[Claim] = []
    for other, bid in enumerate(observation.bids):
        if other == seat or other in _blind_seats(observation, rules):
            continue
        if bid == "nil":
            out.append(((other,), 0))
        elif bid.isdigit():
            out.append(((other,), int(bid)))
    return out


def _blind_seats(observation: Observation, rules: Rules) -> set[int]:
    """The seats whose side bid blind (their bids were made unseen)."""
    return {
        member
        for side, members in enumerate(rules.sides)
        if observation.blind[side]
        for member in members
    }


def evidence(
    rules: Rules,
    tables: Tables,
    knowledge: Knowledge,
    made: Sequence[Claim],
    deals: Sequence[Sequence[int]],
) -> list[float]:
    """Each sampled deal's weight: the likelihood of the claims ``made`` (see the module
    docstring); all 1.0 when nothing is claimed."""
    if not made:
        return [1.0] * len(deals)
    played_by = knowledge.played_by
    scales = [-0.5 / (BID_SPREAD * BID_SPREAD * len(seats)) for seats, _ in made]
    weights = []
    for hands in deals:
        log = 0.0
        for (seats, tricks), scale in zip(made, scales, strict=True):
            count = 0
            for other in seats:
                count += quick_bid(rules, tables, hands[other] | played_by[other])
            gap = count - tricks
            log += scale * gap * gap
        weights.append(math.exp(log))
    return weights
