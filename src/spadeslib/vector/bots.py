"""What the bots of a vector row choose among, and what the native step plays for each
seat (``src/native/vector.c``, ``vector_blind.c``)."""

from __future__ import annotations

from typing import Final

from spadeslib.bots.easy import easy_bid
from spadeslib.engine import Game

__all__ = ["KINDS", "easy_choices"]

KINDS: Final = {None: 0, "random": 1, "standard": 2, "easy": 3}
"""What the native step plays for a seat: the agent's (0); a random bid and card (1,
Random); the Standard rule's card, its bids left to the Python (2, Standard); a random
card and Easy's bid (3, Easy: :func:`easy_choices`, where the bids are a seat's)."""


def easy_choices(game: Game, ids: list[int]) -> list[int]:
    """The actions Easy chooses among (``spadeslib/bots/easy.py`` and its base's defaults:
    a look at a blind decision, a stand in the raise round, a bid from 1 to 4 where there is
    one, else any bid or Nil; any legal action elsewhere), as ids, in order."""
    phase = game.phase
    if phase not in ("bidding", "blind", "raise"):
        return ids
    legal = game.legal_actions()
    actions = list(zip(ids, legal, strict=True))
    if phase == "blind":
        return [i for i, action in actions if action.kind == "look"][:1] or ids
    stand = [i for i, action in actions if action.kind == "stand"]
    if phase == "raise" or stand:
        return stand[:1] or ids
    bids = [(i, action) for i, action in actions if action.kind in ("bid", "nil")]
    return [i for i, action in bids if easy_bid(action)] or [i for i, _ in bids] or ids
