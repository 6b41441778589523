"""OpenSpiel bots that play through spadeslib's own (``spadeslib.adapters.openspiel``
re-exports :class:`SpadesBot`): apart so that the game's module holds the game."""

from __future__ import annotations

from typing import Any

import pyspiel

from spadeslib.bots import Bot
from spadeslib.engine import Game
from spadeslib.errors import ArgumentError

__all__ = ["SpadesBot"]


class SpadesBot(pyspiel.Bot):  # type: ignore[misc]
    """One of spadeslib's bots (:mod:`spadeslib.bots`: ``StandardBot(seed)`` and the
    others) as an OpenSpiel bot of the game ``spadeslib``: ``step(state)`` asks it for
    the choice of the seat to act, from that seat's
    :class:`~spadeslib.engine.Observation`, and returns its action id. A choice of
    several cards (a pass, an exchange) is one id per card: the first is returned, the
    others at the seat's next steps."""

    def __init__(self, bot: Bot) -> None:
        if not callable(getattr(bot, "act", None)):
            raise ArgumentError(f"a SpadesBot plays a spadeslib bot (with act()), not {bot!r}")
        pyspiel.Bot.__init__(self)
        self.bot = bot
        self._rest: list[int] = []
        """The ids of the last choice still to play, and the history length they follow."""
        self._at = -1

    def step(self, state: Any) -> int:
        game = getattr(state, "game", None)  # (None while the first deal is dealt)
        if not isinstance(game, Game) or state.current_player() < 0:
            raise ArgumentError(
                f"a SpadesBot plays a seat of a spadeslib state at its turn, not {state}"
            )
        moves = len(state.history())
        if self._rest and self._at == moves and self._rest[0] in state.legal_actions():
            self._at += 1
            return self._rest.pop(0)
        seat = state.current_player()
        choice = self.bot.act(game.observation(seat), game.variant.compile())
        first, *rest = game.action_space.ids_of(choice)
        self._rest, self._at = rest, moves + 1
        return first

    def restart_at(self, state: Any) -> None:
        self._rest, self._at = [], -1

    def inform_action(self, state: Any, player: int, action: int) -> None:
        pass
