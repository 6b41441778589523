"""Each seat's return, OpenSpiel's ``returns()`` (:meth:`Game.returns
<spadeslib.engine.Game.returns>`): the win shared out among the sides once the game is over,
or the points of the last finished deal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spadeslib.engine.core.state import State
from spadeslib.errors import ArgumentError

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules
    from spadeslib.scoring.types import GameResult

__all__ = ["returns"]


def returns(state: State, scope: str) -> tuple[float, ...]:
    """The returns of ``Game.returns(scope)`` for the game in ``state``. The scores and the
    result are up to date without the play's cards, so this reads them as they are (it
    never deals)."""
    rules = state.rules
    if scope == "deal":
        points = state.deal_points
        if not points:  # no deal scored yet
            return (0.0,) * state.players
        return tuple([float(points[side]) for side in rules.side_of])
    if scope != "game":
        raise ArgumentError(f"scope is 'game' or 'deal', not {scope!r}")
    return game_returns(rules, state.result)


def game_returns(rules: Rules, result: GameResult | None) -> tuple[float, ...]:
    """Each seat's return of a game that ended with ``result`` (``None``: not over), as
    :func:`returns` gives it for ``scope="game"``."""
    if result is None:
        return (0.0,) * rules.players
    sides = len(rules.sides)
    if sides < 2:
        return (0.0,) * rules.players
    winners = result.winners
    value = [
        (sides / (sides - 1)) * ((1 / len(winners) if side in winners else 0.0) - 1 / sides)
        for side in range(sides)
    ]
    return tuple(value[rules.side_of[seat]] for seat in range(rules.players))
