"""The one thing a computer player does: choose a legal action from what its seat knows.

>>> from spadeslib.engine import Game
>>> from spadeslib.bots import StandardBot
>>> game = Game("standard", seed=1)
>>> seat = game.current_player
>>> action = StandardBot(seed=0, simulations=4).act(game.observation(seat))
>>> action in game.legal_actions()
True
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from spadeslib.compiler import Rules
from spadeslib.engine import Action, Observation

__all__ = ["Bot"]


@runtime_checkable
class Bot(Protocol):
    """A computer player.

    :meth:`act` gets the observation of the seat to act (``game.observation(seat)``: its
    hand, the bids, the tricks, its legal actions; never another seat's cards) and,
    optionally, the compiled rules of the variant (public: the deck, the ranking, who may
    play what; by default ``observation.rules``, which an observation read back from data
    lacks). It returns one of ``observation.legal_actions``. A bot keeps no state between
    calls other than its random generator, so the same seed and the same observations give
    the same actions.
    """

    def act(self, observation: Observation, rules: Rules | None = None) -> Action:
        """The action this bot takes, one of ``observation.legal_actions``."""
        ...
