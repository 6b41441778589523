"""What the bots of a vector row choose among, and what the native step plays for each
seat (``src/native/vector.c``, ``vector_blind.c``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from spadeslib.bots.easy import easy_bid
from spadeslib.engine import Game
from spadeslib.engine.core.shuffle import SplitMix64

if TYPE_CHECKING:
    from spadeslib.bots import Bot
    from spadeslib.compiler.rules import Rules

__all__ = ["KINDS", "easy_choices", "play_bot"]

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


def play_bot(  # noqa: PLR0917 - the row's parts, as the environment keeps them
    game: Game, seat: int, level: str, bot: Bot | None, rules: Rules, rng: Any, row: int
) -> None:
    """The bot in ``seat`` of row ``row`` acts. Random and Easy choose from the legal
    actions with the row's own stream (``rng[row]``), as the native step draws their cards;
    Standard (``bot``) decides from the seat's observation."""
    ids = game.legal_action_ids()
    if level == "standard" and bot is not None:
        if len(ids) == 1:  # StandardBot.act plays a forced action without reading
            game.apply_id(ids[0])
        else:
            game.apply(bot.act(game.observation(seat), rules))
        return
    if level == "easy" and len(ids) > 1:
        ids = easy_choices(game, ids)
    stream = SplitMix64(int(rng[row]))  # the native step's splitmix_below, as it draws
    game.apply_id(ids[stream.below(len(ids))])
    rng[row] = stream.state
