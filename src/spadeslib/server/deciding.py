"""One bot decision from the game as its record: what a bot worker does.

The worker is sent a :class:`Turn` (the variant, the seed and the actions so far, and the
bot to ask), keeps the games it has seen so that it applies only the new actions, and
asks the bot for the seat's :class:`~spadeslib.engine.Observation` exactly as a bot at a
local game would: the bot sees that seat's view and nothing more. Run in the worker
processes (:mod:`.workers`) or, for tests, in threads (:mod:`.bot_pool`).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from spadeslib.bots import Bot
    from spadeslib.engine import Game
    from spadeslib.variant import Variant

__all__ = ["BOT_KINDS", "EXPERT_SECONDS", "Turn", "decide", "make_bot"]

BOT_KINDS: Final = ("easy", "standard", "pro", "expert")

EXPERT_SECONDS: Final = 2.0
"""An Expert's time for one decision at a table: people wait for it."""

_VARIANTS: OrderedDict[str, Variant] = OrderedDict()
"""A worker's variants by key, the most recently used last."""
_GAMES: OrderedDict[str, tuple[Game, int]] = OrderedDict()
"""A worker's games by table, with how many of the table's actions each has applied."""
_KEEP: Final = 64


def make_bot(kind: str, seed: int) -> Bot:
    """A fresh bot of ``kind`` with ``seed``."""
    from spadeslib.bots import EasyBot, ExpertBot, ProBot, StandardBot
    from spadeslib.bots.expert import SOLVE_FROM

    if kind == "easy":
        return EasyBot(seed)
    if kind == "standard":
        return StandardBot(seed)
    if kind == "pro":
        return ProBot(seed)
    if kind == "expert":  # the strongest there is: solving its endings (docs/bots.md)
        return ExpertBot(seed, time_limit=EXPERT_SECONDS, solve_from=SOLVE_FROM)
    raise ValueError(f"no bot kind {kind!r}; the kinds are {', '.join(BOT_KINDS)}")


def _kept(cache: OrderedDict[str, Any], key: str, value: Any = None) -> Any:
    """Look ``key`` up in a worker's cache (or put ``value`` there), keeping it small."""
    if value is None:
        value = cache.get(key)
        if value is not None:
            cache.move_to_end(key)
        return value
    cache[key] = value
    while len(cache) > _KEEP:
        cache.popitem(last=False)
    return value


@dataclass(frozen=True, slots=True)
class Turn:
    """What a worker is sent for one decision: the game as its record, and the bot."""

    kind: str
    """The bot: ``easy``, ``standard``, ``pro`` or ``expert``."""
    table: str
    variant_key: str
    variant: dict[str, Any] | None
    """The variant's canonical definition, or ``None`` when the workers have it."""
    seed: int
    actions: list[str]
    bot_seed: int


def decide(turn: Turn) -> str | None:
    """The action text ``turn.kind`` plays for the seat to act in the game of
    ``turn.seed`` after ``turn.actions``; ``None`` when this worker does not know the
    variant and it was not sent (send it again with the variant)."""
    from spadeslib.engine import Game
    from spadeslib.variant import Variant

    known: Variant | None = _kept(_VARIANTS, turn.variant_key)
    if known is None:
        if turn.variant is None:
            return None
        known = _kept(_VARIANTS, turn.variant_key, Variant.model_validate(turn.variant))
    actions = turn.actions
    kept = _kept(_GAMES, turn.table)
    game, applied = kept if kept is not None else (None, 0)
    if game is None or applied > len(actions) or game.seed != turn.seed:
        game, applied = Game(known, seed=turn.seed), 0
    for action in actions[applied:]:
        game.apply(action)
    _kept(_GAMES, turn.table, (game, len(actions)))
    seat = game.current_player
    if seat is None:
        raise ValueError(f"table {turn.table}: the game is over, no bot is to act")
    bot = make_bot(turn.kind, turn.bot_seed)
    return str(bot.act(game.observation(seat), known.compile()))
