"""One module per phase of a deal; :data:`PHASES` maps a phase to its rules.

The game hands this table to every state it makes (``State.table``), so the engine
dispatches an action with one lookup (``state.table[state.phase]``) and no chain of tests,
and the flow of a deal (:mod:`spadeslib.engine.core.flow`) never imports the phases.
"""

from __future__ import annotations

from spadeslib.engine.core import flow
from spadeslib.engine.core.phases import (
    bidding,
    blind,
    cut,
    draw,
    exchange,
    leftover,
    passing,
    play,
    raising,
)
from spadeslib.engine.core.state import Phase

__all__ = ["PHASES"]

PHASES: dict[Phase, flow.PhaseRules] = {
    Phase.CUT: cut.RULES,
    Phase.DRAW: draw.RULES,
    Phase.KITTY: leftover.KITTY,
    Phase.PASS: passing.RULES,
    Phase.BID: bidding.RULES,
    Phase.RAISE: raising.RULES,
    Phase.MITCHELL: leftover.MITCHELL,
    Phase.KITTY_AFTER: leftover.KITTY,
    Phase.EXCHANGE: exchange.RULES,
    Phase.PLAY: play.RULES,
    Phase.BLIND: blind.RULES,
}
