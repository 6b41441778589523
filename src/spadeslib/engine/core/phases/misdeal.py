"""Misdeals (docs/format.md, `misdeal`): a player whose hand meets a condition may throw
the cards in at their turn to bid; the same dealer deals again.

Conditions are ``misdeal.conditions`` (any one suffices), tested on the effective suits of
the compiled deck: a joker or an elevated two counts as a spade, and a face card is a
printed K, Q or J. With ``misdeal.before_partner_bids`` the call must come before the
caller's partner has bid.

In a partnership auction the team bid is one decision of the side, made at its
captain's turn, so the misdeal is too: the captain may answer ``misdeal`` when any seat of
its side that has not bid holds a qualifying hand, the partner included. (Giving the
partner a turn of its own would tell every player that its hand qualifies, and would make
it look at its cards before its captain's blind decision.) The team bid is each partner's
bid, so with ``before_partner_bids`` a misdeal comes before it; after a captain's Blind
Nil, only a partner who has not bid may still have it called, and only without
``before_partner_bids``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spadeslib.compiler.bids import NO_BID
from spadeslib.engine.core import flow
from spadeslib.engine.core.state import State
from spadeslib.variant.misdeal import AtMostSpades, LongSuit, NoFaceCards, NoSpades

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules

__all__ = ["apply", "hand_qualifies", "problem"]


def hand_qualifies(rules: Rules, hand: int) -> str | None:
    """The name of the first condition ``hand`` meets, or ``None``."""
    for condition in rules.variant.misdeal.conditions:
        kind = condition.kind
        spades = (hand & rules.trump_mask).bit_count()
        if isinstance(condition, NoSpades) and spades == 0:
            return kind
        if isinstance(condition, AtMostSpades) and spades <= condition.count:
            return kind
        if isinstance(condition, LongSuit) and any(
            (hand & mask).bit_count() >= condition.length for mask in rules.suit_masks
        ):
            return kind
        if isinstance(condition, NoFaceCards) and not hand & rules.face_cards:
            return kind
    return None


def _caller_problem(state: State, seat: int) -> tuple[str, str] | None:
    """Why ``seat`` itself may not have a misdeal called on its hand now, or ``None``."""
    rules = state.rules
    if hand_qualifies(rules, state.hands[seat]) is None:
        return ("the hand meets no misdeal condition", "misdeal.conditions")
    if state.bids[seat] != NO_BID:
        return (f"seat {seat} has already bid; a misdeal is called instead of a bid", "misdeal")
    if rules.variant.misdeal.before_partner_bids:
        side = rules.side_of[seat]
        partners = [m for m in rules.sides[side] if m != seat]
        if any(state.bids[m] != NO_BID for m in partners) or state.side_blind >> side & 1:
            return (
                "a misdeal must be called before the partner bids",
                "misdeal.before_partner_bids",
            )
    return None


def problem(state: State, seat: int) -> tuple[str, str] | None:
    """Why ``seat`` may not call a misdeal now, or ``None``. In a partnership auction
    ``seat`` decides for its side: any member's hand may qualify."""
    rules = state.rules
    if not rules.misdeals:
        return ("misdeals are not played here", "misdeal.conditions")
    found = _caller_problem(state, seat)
    if found is None or not rules.partnership:
        return found
    side = rules.side_of[seat]
    problems = [found] + [_caller_problem(state, m) for m in rules.sides[side] if m != seat]
    if any(p is None for p in problems):
        return None
    for p in problems:  # a qualifying hand that is too late says so
        if p is not None and p[1] != "misdeal.conditions":
            return p
    return ("no hand of the side meets a misdeal condition", "misdeal.conditions")


def apply(state: State, seat: int) -> None:
    """Throw the cards in: the same dealer deals again, the scores are untouched."""
    flow.start_deal(state)
