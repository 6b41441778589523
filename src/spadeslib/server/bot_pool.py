"""The bots' decisions, made off the event loop in a pool of processes.

A bot's decision is pure Python work (an Expert samples hundreds of deals): made on the
event loop it would stall every table, and made in a thread it would still hold the GIL
most of the time, so every other table's moves would wait on it all the same. So bots
decide in worker processes: the server sends the variant (its canonical definition, once
per worker and variant, then only a key), the seat's observation as data
(:meth:`Observation.to_dict`, what the bot may know and nothing more) and a seed; the worker
answers with the action's text. ``docs/performance.md`` has the measurements behind the
choice. ``kind="thread"`` runs the same function in threads, for tests that want no
processes.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from spadeslib.bots import Bot
    from spadeslib.compiler.rules import Rules

__all__ = ["BOT_KINDS", "BotPool", "decide", "make_bot"]

BOT_KINDS: Final = ("easy", "standard", "pro", "expert")

EXPERT_SECONDS: Final = 2.0
"""An Expert's time for one decision at a table: people wait for it."""

_RULES: OrderedDict[str, Rules] = OrderedDict()
"""A worker's compiled variants by key, the most recently used last."""
_KEEP: Final = 32


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


def _rules(key: str, variant: dict[str, Any] | None) -> Rules | None:
    rules = _RULES.get(key)
    if rules is not None:
        _RULES.move_to_end(key)
        return rules
    if variant is None:
        return None
    from spadeslib.variant import Variant

    rules = Variant.model_validate(variant).compile()
    _RULES[key] = rules
    while len(_RULES) > _KEEP:
        _RULES.popitem(last=False)
    return rules


def decide(
    kind: str, key: str, variant: dict[str, Any] | None, observation: dict[str, Any], seed: int
) -> str | None:
    """The action text a ``kind`` bot plays from ``observation``; ``None`` when this
    worker does not know the variant ``key`` and ``variant`` was not sent (ask again with
    it)."""
    from spadeslib.engine import Observation

    rules = _rules(key, variant)
    if rules is None:
        return None
    return str(make_bot(kind, seed).act(Observation.from_dict(observation), rules))


def _watch(parent: int) -> None:
    """In a worker: end when the server's process is gone. A server killed outright
    (SIGKILL) cannot stop its pool, and a worker waiting for work would outlive it."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="spadeslib-parent-watch", daemon=True).start()


def _warm() -> int:
    """Load the engine and the bots in a new worker before it is needed."""
    import spadeslib.bots
    import spadeslib.engine  # noqa: F401

    return os.getpid()


class BotPool:
    """Decisions in ``workers`` processes (or threads: ``kind="thread"``)."""

    def __init__(self, workers: int | None = None, *, kind: str = "process") -> None:
        count = workers or max(1, (os.cpu_count() or 2) - 1)
        self.workers = count
        self._executor: Executor
        if kind == "process":
            context = multiprocessing.get_context("spawn")  # no fork of a running event loop
            self._executor = ProcessPoolExecutor(
                count, mp_context=context, initializer=_watch, initargs=(os.getpid(),)
            )
        elif kind == "thread":
            self._executor = ThreadPoolExecutor(count, thread_name_prefix="spadeslib-bot")
        else:
            raise ValueError(f"a pool is 'process' or 'thread', not {kind!r}")
        self._sent: set[str] = set()

    def warm(self) -> None:
        """Start every worker now, so the first bot move does not pay for it."""
        for future in [self._executor.submit(_warm) for _ in range(self.workers)]:
            future.result()

    async def decide(
        self, kind: str, key: str, variant: dict[str, Any], observation: dict[str, Any], seed: int
    ) -> str:
        """A ``kind`` bot's action text, decided in the pool."""
        loop = asyncio.get_running_loop()
        sent = key in self._sent
        answer = await loop.run_in_executor(
            self._executor, decide, kind, key, None if sent else variant, observation, seed
        )
        if answer is None:  # a worker that had not seen this variant yet
            answer = await loop.run_in_executor(
                self._executor, decide, kind, key, variant, observation, seed
            )
        self._sent.add(key)
        assert answer is not None
        return answer

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
