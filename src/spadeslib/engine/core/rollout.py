"""Random playouts: uniformly random legal actions, played inside the engine.

A simulation that only wants random games (a Monte Carlo evaluation, a benchmark, the
data for a learning agent's first steps) pays for the public loop's checks on every
action: whose turn, is the id an int, is it legal. Here the engine chooses the actions
itself from the ids it has just listed, so nothing needs checking, and the play, where
most of the actions are, runs as one loop over the legal masks.

The choice is the public loop's exactly: ``ids[int(random() * len(ids))]`` on
:meth:`Game.legal_action_ids <spadeslib.engine.game.Game.legal_action_ids>`, so a rollout
and that loop fed the same :class:`random.Random` play the same game (a property test
holds them to it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from spadeslib.engine.core import flow
from spadeslib.engine.core.apply import apply
from spadeslib.engine.core.phases import PHASES
from spadeslib.engine.core.phases.play import finish_play
from spadeslib.engine.core.state import Phase, State

__all__ = ["rollout"]

_DEAL: Final = Phase.DEAL
_OVER: Final = Phase.OVER


def rollout(state: State, random: Callable[[], float], deals: int) -> int:
    """Play random legal actions until ``deals`` more deals are finished or the game is
    over; return the number of actions played."""
    stop = state.deals_played + deals
    played = 0
    while True:
        phase = state.phase
        if phase == _DEAL:
            if state.deals_played >= stop:
                return played
            flow.start_deal(state)
            continue
        if phase == _OVER:
            return played
        if state.play is not None:  # the play plays its own cards
            played += state.play.rollout(random)
            finish_play(state)
            continue
        ids: Sequence[int] | None = state.legal_ids
        if ids is None:
            state.legal_ids = ids = tuple(PHASES[phase].legal(state))
        apply(state, ids[int(random() * len(ids))])
        played += 1
