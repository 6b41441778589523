"""Short descriptions of a state, for error messages ("seat 2 to play, trick 1, spades not
broken") and ``repr``."""

from __future__ import annotations

from spadeslib.engine.core.state import PHASE_NAMES, Phase, State
from spadeslib.errors import counted

__all__ = ["describe"]

_VERBS = {
    Phase.CUT: "to share out the French cut",
    Phase.DRAW: "to draw",
    Phase.KITTY: "to discard",
    Phase.PASS: "to pass",
    Phase.BID: "to bid",
    Phase.RAISE: "to raise or stand",
    Phase.MITCHELL: "to take or discard the left-over cards",
    Phase.KITTY_AFTER: "to discard",
    Phase.EXCHANGE: "to give cards to partner",
    Phase.PLAY: "to play",
    Phase.BLIND: "to bid blind or look",
}


def describe(state: State) -> str:
    """One line saying whose turn it is to do what, and the facts that matter for it."""
    if state.phase == Phase.OVER:
        return f"the game is over after {counted(state.deals_played, 'deal')}"
    verb = _VERBS.get(state.phase, PHASE_NAMES[state.phase])
    text = f"seat {state.actor} {verb}, deal {state.deals_played + 1}"
    if state.phase == Phase.PLAY:
        text += f", trick {state.trick_number + 1}"
        if state.trick:
            led = state.rules.deck[state.trick[0]]
            text += f", {led} led"
        text += ", spades broken" if state.broken else ", spades not broken"
    return text
