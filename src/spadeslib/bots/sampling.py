"""Deals of the unseen cards consistent with what a seat knows (:class:`Knowledge`).

Every other seat gets the cards known to be in its hand, then random cards of the unknown
ones up to its count, never a card of a suit it has shown it lacks; the unknown cards left
over are out of play (a widow, a kitty's discards, the other player's discards in the
two-handed draw). Each card goes to a seat (or out of play) with a chance proportional to
the room left there, the cards of the most constrained suits first; a deal that paints
itself into a corner is drawn again, and after a few failures the voids are ignored (the
deal stays the right shape, which is what the simulations need most).

In the two-handed draw the other player did not take its cards at random: it kept the
cards worth keeping. A card the bots would keep (:attr:`Tables.keeper
<spadeslib.bots.tables.Tables.keeper>`) goes to a hand with :data:`KEEPER_WEIGHT
<spadeslib.bots.tables.KEEPER_WEIGHT>` times the chance of another card (the bots assume
the other player draws as they do). Without this the bots overbid badly: their simulated
opponent held a random half of the unseen cards, much weaker than the real one.
"""

from __future__ import annotations

import random

from spadeslib.bots.knowledge import Knowledge
from spadeslib.bots.tables import tables_of

__all__ = ["sample_hands"]

_ATTEMPTS = 8


def sample_hands(knowledge: Knowledge, rng: random.Random) -> list[int]:
    """One deal of every hand (masks by seat) consistent with ``knowledge``; the seat's own
    hand is its hand."""
    rules = knowledge.rules
    seat = knowledge.seat
    players = rules.players
    suit_of = rules.suit_of
    need = [
        0 if other == seat else max(knowledge.counts[other] - knowledge.known[other].bit_count(), 0)
        for other in range(players)
    ]
    unknown = knowledge.unknown
    bits = []
    while unknown:
        low = unknown & -unknown
        bits.append(low.bit_length() - 1)
        unknown ^= low
    spare = max(len(bits) - sum(need), 0)  # below 0 would mean more room than cards
    voids = list(knowledge.voids)
    weights = tables_of(rules).weights
    for attempt in range(_ATTEMPTS + 1):
        if attempt == _ATTEMPTS:
            voids = [0] * players
        rng.shuffle(bits)
        takers = [sum(1 for v in voids if not v >> s & 1) for s in range(4)]
        bits.sort(key=[takers[s] for s in suit_of].__getitem__)
        hands = list(knowledge.known)
        left = need[:]
        spare_left = spare
        stuck = False
        for bit in bits:
            suit = 1 << suit_of[bit]
            weight = 1 if weights is None else weights[bit]
            total = 0
            for other in range(players):
                if left[other] and not voids[other] & suit:
                    total += left[other]
            if not total and not spare_left:
                stuck = True
                break
            pick = rng.randrange(total * weight + spare_left)
            if pick < spare_left:
                spare_left -= 1
                continue
            pick = (pick - spare_left) // weight
            for other in range(players):
                room = left[other]
                if room and not voids[other] & suit:
                    if pick < room:
                        hands[other] |= 1 << bit
                        left[other] = room - 1
                        break
                    pick -= room
        if not stuck:
            hands[seat] = knowledge.hand
            return hands
    raise AssertionError("unreachable: the last attempt ignores the voids")  # pragma: no cover
