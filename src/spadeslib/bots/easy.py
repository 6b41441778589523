"""Easy (docs/bots.md): bids a random number from 1 to 4, plays a random legal card.

Its other decisions: ``look`` at every blind decision, ``stand`` in the raise round and
when it could come out of a blind bid, never a misdeal; passes, exchanges, discards, the
French cut and the two-handed draw at random among the legal actions. Where no bid from 1
to 4 is legal (a forced bid, a team minimum above 4), a random legal bid.
"""

from __future__ import annotations

from collections.abc import Sequence

from spadeslib.bots.base import BaseBot
from spadeslib.compiler import Rules
from spadeslib.engine import Action, Observation

__all__ = ["EasyBot", "easy_bid"]


def easy_bid(action: Action) -> bool:
    """Whether Easy would make this bid: a plain bid of 1 to 4 tricks."""
    return action.kind == "bid" and action.parts is None and 1 <= (action.number or 0) <= 4


class EasyBot(BaseBot):
    """The Easy computer player (see the module docstring)."""

    def bid(self, observation: Observation, rules: Rules, legal: Sequence[Action]) -> Action:
        stand = [action for action in legal if action.kind == "stand"]
        if stand:
            return stand[0]
        bids = [action for action in legal if action.kind in ("bid", "nil")]
        return self.rng.choice(
            [action for action in bids if easy_bid(action)] or bids or list(legal)
        )
