"""The bots' decisions, made off the event loop.

A bot's decision is pure Python work (an Expert samples hundreds of deals): made on the
event loop it would stall every table, and made in a thread it would still hold the GIL
most of the time, so every other table's moves would wait on it all the same
(``bench/server.py --pools`` measures both; docs/performance.md). So bots decide in worker
processes (:mod:`.workers`), each sent the game as its record (:mod:`.deciding`); so are
the reviews of finished deals (:mod:`.reviewing`), seconds of solving each.
``kind="thread"`` runs the same decisions in threads, for tests that want no processes.
"""

from __future__ import annotations

import asyncio
import dataclasses
import os
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Final

from spadeslib.server.deciding import BOT_KINDS, Turn, decide
from spadeslib.server.reviewing import ReviewAsk, review
from spadeslib.server.workers import Workers

__all__ = ["BOT_KINDS", "REVIEW_SECONDS", "BotPool", "Turn"]

_KEEP: Final = 64
"""Variants the pool remembers sending (a worker keeps as many)."""

REVIEW_SECONDS: Final = 120.0
"""The longest a deal's review may take (a standard deal takes a tenth of a second or
so, a second at worst; six hands of 17 cards can take hours)."""


class BotPool:
    """Decisions in ``workers`` processes (:mod:`.workers`), or threads (``kind="thread"``,
    for tests that want no processes)."""

    def __init__(self, workers: int | None = None, *, kind: str = "process") -> None:
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
        # reviews in a worker of their own: a long solve never holds a bot's move up
        self._reviews: Workers | None = Workers(1) if kind == "process" else None

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

    async def review(self, table: str, record: dict[str, Any], deal: int) -> dict[str, Any]:
        """Deal ``deal`` of ``record`` (a table's public record) reviewed card by card
        (:mod:`.reviewing`). Off the event loop, in a process of its own (started on the
        first review), so that bots never wait behind a solve; :class:`TimeoutError` when
        it takes longer than :data:`REVIEW_SECONDS` (the solver stops itself)."""
        ask = ReviewAsk(record, deal, REVIEW_SECONDS)
        if self._reviews is not None:
            answer: dict[str, Any] | None = await self._reviews.ask(table, ("review", ask))
        else:
            loop = asyncio.get_running_loop()
            answer = await loop.run_in_executor(self._threads, review, ask)
        if answer is None:
            raise TimeoutError(f"deal {deal}'s review took over {REVIEW_SECONDS:g} seconds")
        return answer

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
        for workers in (self._processes, self._reviews):
            if workers is not None:
                await workers.aclose()

    def close(self) -> None:
        for workers in (self._processes, self._reviews):
            if workers is not None:
                workers.close()
        if self._threads is not None:
            self._threads.shutdown(wait=False, cancel_futures=True)
