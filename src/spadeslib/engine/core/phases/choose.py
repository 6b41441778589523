"""Choosing cards one at a time (``pass``, ``give``, ``discard``, ``cut``): listing and
checking.

A choice of several cards is one decision per card, as OpenSpiel's Hearts passes cards:
the step ``(kind, seat, count)`` shrinks by one card at each decision, and the same seat
acts again until its count is chosen. An id is the kind's base plus the card's face
(:class:`~spadeslib.compiler.action_ids.ActionSpace`); with two packs either copy of a
face is the same choice, and the lower copy held is taken.
"""

from __future__ import annotations

from spadeslib.bits import bits_of
from spadeslib.engine.core.state import State

__all__ = ["choices", "chosen", "continue_step"]


def choices(state: State, kind: str, hand: int) -> list[int]:
    """Every id of ``kind`` choosing one card of ``hand``, sorted."""
    space = state.space
    base = space.card_bases[kind]
    face_of = space.face_of
    if not space.two_packs:  # one card per face: the ids follow the bits
        return [base + face_of[bit] for bit in bits_of(hand)]
    return sorted({base + face_of[bit] for bit in bits_of(hand)})


def chosen(
    state: State, kind: str, action_id: int, hand: int, *, rule: str
) -> int | tuple[str, str]:
    """The card of ``hand`` that the ``kind`` action ``action_id`` names (a one-bit mask),
    or a ``(reason, rule)`` problem when it is not that kind or names a card not held."""
    space = state.space
    face = action_id - space.card_bases[kind]
    if not 0 <= face < len(space.face_bits):
        _, seat, count = state.steps[state.step]
        return (f"seat {seat} must {kind} {count} more card(s) now, one at a time", rule)
    held = hand & space.face_mask[space.face_bits[face]]
    if not held:
        card = state.rules.deck[space.face_bits[face]]
        return (f"seat {state.actor} does not hold {card}", rule)
    return held & -held


def continue_step(state: State) -> bool:
    """After a decision that chose one of the step's cards: if some are left to choose,
    shrink the step to them and return ``True`` (the same player again)."""
    kind, seat, count = state.steps[state.step]
    if count <= 1:
        return False
    steps = list(state.steps)
    steps[state.step] = (kind, seat, count - 1)
    state.steps = tuple(steps)
    return True
