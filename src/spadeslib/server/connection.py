"""One client's connection as a table sees it: a seat (or none), and an outbox.

A table never waits on a client: each connection has its own queue and a task that
writes it to the socket, so a slow phone slows nobody else's game. A client so far behind
that its queue fills is disconnected (it reconnects and gets the state afresh).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable, Coroutine
from typing import Any, Final

__all__ = ["Connection"]

QUEUE: Final = 256
"""Messages a connection may fall behind by before it is dropped."""


class Connection:
    """A seat's (``seat``) or a spectator's (``None``) connection, sending through
    ``send_text``."""

    def __init__(
        self,
        seat: int | None,
        send_text: Callable[[str], Coroutine[Any, Any, None]],
        close: Callable[[], Coroutine[Any, Any, None]],
    ) -> None:
        self.seat = seat
        self._send_text = send_text
        self._close = close
        self._queue: asyncio.Queue[str | None] = asyncio.Queue(QUEUE)
        self._writer = asyncio.get_running_loop().create_task(self._write())
        self.closed = False

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` (as JSON text); never waits."""
        self.send_text(json.dumps(message, separators=(",", ":")))

    def send_text(self, text: str) -> None:
        if self.closed:
            return
        try:
            self._queue.put_nowait(text)
        except asyncio.QueueFull:
            self.closed = True
            self._writer.cancel()
            asyncio.get_running_loop().create_task(self._close())

    async def _write(self) -> None:
        while True:
            text = await self._queue.get()
            if text is None:
                return
            try:
                await self._send_text(text)
            except Exception:  # the socket went away: the reader ends the connection
                self.closed = True
                return

    async def drain(self) -> None:
        """Send what is queued, then stop the writer."""
        if not self.closed:
            with contextlib.suppress(asyncio.QueueFull):
                self._queue.put_nowait(None)
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(self._writer, 5)

    def stop(self) -> None:
        self.closed = True
        self._writer.cancel()
