"""Choosing several cards at once (``pass``, ``give``, ``discard``): listing and checking.

One decision names all its cards, so a pass of three is one action, not three (unless
that would offer more than :data:`LIMIT` choices: then one card per decision). The ids are
the canonical masks of the cards (:class:`~spadeslib.compiler.action_text.ActionSpace`); with two
packs a face held twice can be chosen once or twice, and either copy is the same choice.
"""

from __future__ import annotations

import itertools
import math

from spadeslib.engine.state import State

__all__ = ["LIMIT", "batch", "choices", "chosen", "continue_step"]

LIMIT = 5_000
"""Most choices one decision may offer. Choosing more (19 of 30 cards from a big kitty)
is split into decisions of one card each, so no list of actions is ever huge."""


def batch(hand: int, count: int) -> int:
    """How many of the ``count`` cards to choose from ``hand`` the next decision names:
    all of them, or one at a time when that would be more than :data:`LIMIT` choices."""
    return count if math.comb(hand.bit_count(), count) <= LIMIT else 1


def choices(state: State, kind: str, hand: int, count: int) -> list[int]:
    """Every id of ``kind`` choosing ``count`` cards of ``hand``, sorted."""
    space = state.space
    if not space.two_packs:  # every choice is distinct: the id is the base plus the mask
        base = space.cards_id(kind, 0)
        singles = [1 << bit for bit in range(state.rules.size) if hand >> bit & 1]
        return sorted(base + sum(combo) for combo in itertools.combinations(singles, count))
    bits = [bit for bit in range(state.rules.size) if hand >> bit & 1]
    ids = set()
    for combo in itertools.combinations(bits, count):
        mask = 0
        for bit in combo:
            mask |= 1 << bit
        ids.add(space.cards_id(kind, mask))
    return sorted(ids)


def chosen(
    state: State, kind: str, action_id: int, hand: int, count: int, *, rule: str
) -> int | tuple[str, str]:
    """The cards of ``hand`` that the ``kind`` action ``action_id`` names (a mask), or a
    ``(reason, rule)`` problem when it is not that kind, not ``count`` cards, or names
    cards not held."""
    space = state.space
    try:
        action = space.action(action_id)
    except Exception:
        return (f"not a '{kind}' action", rule)
    if action.kind != kind:
        return (f"seat {state.actor} must {kind} {count} card(s) now", rule)
    if len(action.cards) != count:
        return (f"{kind} exactly {count} card(s), not {len(action.cards)}", rule)
    mask = 0
    for card in action.cards:
        for bit in state.rules.card_bits(card):
            if hand >> bit & 1 and not mask >> bit & 1:
                mask |= 1 << bit
                break
        else:
            return (
                f"seat {state.actor} does not hold {card}"
                + (" twice" if action.cards.count(card) > 1 else ""),
                rule,
            )
    return mask


def continue_step(state: State, count: int, taken: int) -> bool:
    """After a decision that chose ``taken`` of the step's ``count`` cards: if some are
    left to choose, shrink the step to them and return ``True`` (same player again)."""
    if taken >= count:
        return False
    kind, seat, _ = state.steps[state.step]
    steps = list(state.steps)
    steps[state.step] = (kind, seat, count - taken)
    state.steps = tuple(steps)
    return True
