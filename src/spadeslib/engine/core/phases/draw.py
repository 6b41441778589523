"""The two-handed deal: drawing from the stock, keeping or rejecting (docs/format.md,
`deal.method` kind draw_and_discard).

The shuffled pack is a face-down stock. Taking turns, the non-dealer first, the player to
act sees the top card (their observation shows it) and either keeps it (``keep``), then
sees the next card and discards it, or rejects it (``reject``), discarding it and keeping
the next. Every turn takes two cards; when the stock is gone both hands are full and half
the pack lies discarded, each player knowing only their own discards.
"""

from __future__ import annotations

from spadeslib.engine.core import flow
from spadeslib.engine.core.state import State

__all__ = ["RULES"]


def enter(state: State) -> bool:
    if not state.stock:
        return False
    state.stock_pos = 0
    state.actor = (state.dealer + 1) % state.players
    return True


def legal(state: State) -> list[int]:
    return [state.space.KEEP, state.space.REJECT]


def problem(state: State, action_id: int) -> tuple[str, str] | None:
    if action_id in (state.space.KEEP, state.space.REJECT):
        return None
    return (f"seat {state.actor} draws: 'keep' or 'reject' the top card", "deal.method")


def apply(state: State, action_id: int) -> None:
    seat = state.actor
    top = 1 << state.stock[state.stock_pos]
    following = 1 << state.stock[state.stock_pos + 1]
    kept, dropped = (top, following) if action_id == state.space.KEEP else (following, top)
    state.hands[seat] |= kept
    state.discarded[seat] |= dropped
    state.seen_cards[seat] |= top | following
    state.stock_pos += 2
    if state.stock_pos >= len(state.stock):
        state.actor = -1
        flow.next_phase(state)
    else:
        state.actor = (seat + 1) % state.players


RULES = flow.PhaseRules(enter=enter, legal=legal, problem=problem, apply=apply)
