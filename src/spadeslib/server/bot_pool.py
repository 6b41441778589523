"""The bots' decisions, made off the event loop in a pool of processes.

A bot's decision is pure Python work (an Expert samples hundreds of deals): made on the
event loop it would stall every table, and made in a thread it would still hold the GIL
most of the time, so every other table's moves would wait on it all the same
(``bench/server.py --pools`` measures both; docs/performance.md). So bots decide in worker
processes (:mod:`.workers`), and a worker is sent the game as its record: the variant (its canonical
definition, once per worker, then only a key), the seed and the actions so far. It keeps
the games it has seen and applies only the actions it has not, then asks the bot for the
seat's :class:`~spadeslib.engine.Observation`, exactly as a bot at a local game would: the
bot sees that seat's view and nothing more. ``kind="thread"`` runs the same function in
threads, for tests that want no processes.
"""

from __future__ import annotations

import asyncio
import dataclasses
import os
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from spadeslib.bots import Bot
    from spadeslib.engine import Game
    from spadeslib.variant import Variant

__all__ = ["BOT_KINDS", "BotPool", "Turn", "decide", "make_bot"]

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

    if kind == "easy":
        return EasyBot(seed)
    if kind == "standard":
        return StandardBot(seed)
    if kind == "pro":
        return ProBot(seed)
    if kind == "expert":
        return ExpertBot(seed, time_limit=EXPERT_SECONDS)
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


class BotPool:
    """Decisions in ``workers`` processes (:mod:`.workers`), or threads (``kind="thread"``,
    for tests that want no processes)."""

    def __init__(self, workers: int | None = None, *, kind: str = "process") -> None:
        from spadeslib.server.workers import Workers

        count = workers or max(1, (os.cpu_count() or 2) - 1)
        self.workers = count
        self._threads: ThreadPoolExecutor | None = None
        self._processes: Workers | None = None
        if kind == "process":
            self._processes = Workers(count)
        elif kind == "thread":
            self._threads = ThreadPoolExecutor(count, thread_name_prefix="spadeslib-bot")
        else:
            raise ValueError(f"a pool is 'process' or 'thread', not {kind!r}")
        self._sent: set[str] = set()

    async def start(self) -> None:
        """Start the workers on the running event loop, so the first bot move does not
        wait for them (else they start with the first decision)."""
        if self._processes is not None:
            await self._processes.start()

    async def _ask(self, turn: Turn) -> str | None:
        if self._processes is not None:
            answer: str | None = await self._processes.ask(turn.table, ("decide", turn))
            return answer
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._threads, decide, turn)

    async def decide(self, turn: Turn) -> str:
        """The action text of ``turn``'s bot, decided in the pool (``turn.variant`` is
        sent only to a pool that has not had it yet)."""
        sent = turn.variant_key in self._sent
        answer = await self._ask(dataclasses.replace(turn, variant=None) if sent else turn)
        if answer is None:  # a worker that had not seen this variant yet
            answer = await self._ask(turn)
        if len(self._sent) > _KEEP:  # the workers keep no more than this many either
            self._sent.clear()
        self._sent.add(turn.variant_key)
        assert answer is not None
        return answer

    async def stop(self) -> None:
        """End the worker processes (they belong to the event loop that started them;
        :meth:`start` on another loop starts new ones)."""
        if self._processes is not None:
            await self._processes.aclose()

    def close(self) -> None:
        if self._processes is not None:
            self._processes.close()
        if self._threads is not None:
            self._threads.shutdown(wait=False, cancel_futures=True)
