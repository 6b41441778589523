"""The checks of :func:`~spadeslib.policies.playouts.playouts`' arguments, and the policies
it plays: every length, seat, mask and standing is checked here before a deal is played
(the native core then reads them without checking again), each refusal an
:class:`~spadeslib.errors.ArgumentError` that says which argument and why."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, Literal

from spadeslib.errors import ArgumentError
from spadeslib.scoring.types import Standing, new_standing

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules

__all__ = [
    "MAX_BAGS",
    "MAX_SETS",
    "POLICIES",
    "Policy",
    "check_dealer",
    "check_hands",
    "check_policies",
    "check_standings",
]

Policy = Literal["random", "standard-cards", "easy"]
POLICIES: Final = ("random", "standard-cards", "easy")
"""The policies, in the order of their codes in the native core (``enum policy``)."""

_NOT_POLICIES: Final = {
    "standard": "the Standard bot simulates 100 deals for each bid, which a playout does not; "
    "'standard-cards' is random bids with the Standard bot's card rule",
    "pro": "the Pro bot simulates deals for each decision, which a playout does not",
    "expert": "the Expert bot searches sampled deals for each decision, which a playout does not",
}
"""Bot levels that are no policy, and why: a playout plays the ``random`` and ``easy``
levels only (the old name ``standard`` of ``standard-cards`` read as the Standard bot)."""


MAX_BAGS: Final = 255 - 108 // 2
"""The most bags a side may have in ``standings`` (so that after a deal they still fit the
native core's score table: ``SCORE_BAGS`` in ``src/native/native.h``)."""
MAX_SETS: Final = 30
"""The most sets in a row a side may have in ``standings`` (``SCORE_SETS``)."""


def check_policies(rules: Rules, policy: object) -> list[int]:
    if isinstance(policy, str):
        policy = [policy] * rules.players
    if not isinstance(policy, Sequence) or len(policy) != rules.players:
        raise ArgumentError(
            f"policy is one of {', '.join(POLICIES)}, or one per seat ({rules.players}), "
            f"not {policy!r}"
        )
    codes = []
    for item in policy:
        if item not in POLICIES:
            why = _NOT_POLICIES.get(item) if isinstance(item, str) else None
            detail = f" ({why}; play the bot with spadeslib.simulate(bots={item!r}))" if why else ""
            raise ArgumentError(f"no policy {item!r}{detail}: one of {', '.join(POLICIES)}")
        codes.append(POLICIES.index(item))
    return codes


def check_dealer(rules: Rules, dealer: object) -> int | None:
    if dealer is None:
        first = rules.variant.deal.first_dealer
        return None if first == "random" else first
    if type(dealer) is not int or not 0 <= dealer < rules.players:
        raise ArgumentError(f"dealer must be a seat from 0 to {rules.players - 1}, not {dealer!r}")
    return dealer


def check_standings(rules: Rules, standings: object) -> tuple[Standing, ...]:
    sides = len(rules.sides)
    if standings is None:
        return tuple(new_standing(0, 0, 0) for _ in range(sides))
    if not isinstance(standings, Sequence) or len(standings) != sides:
        raise ArgumentError(f"standings: one Standing per side ({sides}), not {standings!r}")
    for item in standings:
        if not isinstance(item, Standing):
            raise ArgumentError(f"standings: {item!r} is not a Standing")
        if not (
            -(10**6) <= item.score <= 10**6
            and 0 <= item.bags <= MAX_BAGS
            and 0 <= item.sets_in_a_row <= MAX_SETS
        ):
            raise ArgumentError(f"standings: {item!r} is out of the range playouts take")
    return tuple(standings)


def check_hands(rules: Rules, hands: object, n: int) -> list[list[int]] | None:
    if hands is None:
        return None
    if not isinstance(hands, Sequence) or len(hands) != n:
        raise ArgumentError(f"hands: one row of {rules.players} masks per deal ({n})")
    rows = []
    for index, row in enumerate(hands):
        if not isinstance(row, Sequence) or len(row) != rules.players:
            raise ArgumentError(f"hands[{index}]: one mask per seat ({rules.players}), not {row!r}")
        taken = 0
        masks = []
        for seat, mask in enumerate(row):
            if type(mask) is not int or mask < 0 or mask & ~rules.full_mask:
                raise ArgumentError(f"hands[{index}][{seat}]: not a mask of this deck: {mask!r}")
            if mask.bit_count() != rules.dealt_per_hand or mask & taken:
                raise ArgumentError(
                    f"hands[{index}][{seat}]: seat {seat} must hold {rules.dealt_per_hand} "
                    "cards that no other hand holds"
                )
            taken |= mask
            masks.append(mask)
        rows.append(masks)
    return rows
