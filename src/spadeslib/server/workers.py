"""The bots' worker processes, spoken to over pipes by the event loop itself.

Each worker is ``python -m spadeslib.server.workers``: it reads a request from its standard
input (a length and a pickle, from the server alone), decides
(:func:`spadeslib.server.deciding.decide`) or reviews a finished deal
(:func:`spadeslib.server.reviewing.review`), and writes the answer to its standard output.
The event loop reads the answers as it reads sockets, so no thread of the server's
process takes part: a thread would take the GIL from the event loop each time it passed a
decision on (``concurrent.futures``' process pool has two), which cost the loop about a
millisecond a bot move under load. A worker ends when its standard input closes, so a
server killed outright (SIGKILL) leaves no worker behind.

A table's decisions go to the same worker while it is free, so that worker has the
table's game and applies only the new actions; when it is busy (an Expert thinking), to
the least busy one.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import pickle
import signal
import struct
import sys
import zlib
from collections import deque
from pathlib import Path
from typing import Any, BinaryIO, Final

__all__ = ["Workers", "main"]

_HEADER: Final = struct.Struct("!I")


def _frame(value: Any) -> bytes:
    body = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    return _HEADER.pack(len(body)) + body


class _Worker:
    """One worker process and the answers it owes, in the order they were asked for."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.pending: deque[asyncio.Future[Any]] = deque()
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        stdout = self.process.stdout
        assert stdout is not None
        try:
            while True:
                (size,) = _HEADER.unpack(await stdout.readexactly(_HEADER.size))
                status, value = pickle.loads(await stdout.readexactly(size))
                future = self.pending.popleft()
                if future.done():
                    continue
                if status == "ok":
                    future.set_result(value)
                else:
                    future.set_exception(RuntimeError(f"bot worker: {value}"))
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:  # the worker is gone: what it owed will not come
            while self.pending:
                future = self.pending.popleft()
                if not future.done():
                    future.set_exception(RuntimeError("the bot worker process ended"))

    @property
    def alive(self) -> bool:
        return self.process.returncode is None and not self.reader.done()

    def ask(self, request: Any) -> asyncio.Future[Any]:
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        stdin = self.process.stdin
        assert stdin is not None
        self.pending.append(future)
        stdin.write(_frame(request))
        return future

    def close(self) -> None:
        """End the worker, from its event loop or after that loop is closed."""
        try:
            if self.process.stdin is not None:
                self.process.stdin.close()
            self.reader.cancel()
        except RuntimeError:  # the event loop is closed: the pipes went with it
            pass
        if self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.process.pid, signal.SIGKILL)


class Workers:
    """``count`` worker processes, started on the running event loop by :meth:`start`."""

    def __init__(self, count: int) -> None:
        self.count = count
        self._workers: list[_Worker] = []

    async def _spawn(self) -> _Worker:
        env = dict(os.environ)
        home = str(Path(__file__).resolve().parents[2])  # where spadeslib is
        env["PYTHONPATH"] = os.pathsep.join(p for p in (home, env.get("PYTHONPATH")) if p)
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "spadeslib.server.workers",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            env=env,
        )
        return _Worker(process)

    async def start(self) -> None:
        """Start the workers and wait until each has loaded the engine and the bots."""
        self._workers = [await self._spawn() for _ in range(self.count)]
        await asyncio.gather(*(worker.ask(("warm", None)) for worker in self._workers))

    async def ask(self, affinity: str, request: Any) -> Any:
        """``request``'s answer from a worker: the one ``affinity`` names while it is free,
        else the least busy (a worker that died is started again)."""
        if not self._workers:
            await self.start()
        for index, worker in enumerate(self._workers):
            if not worker.alive:
                worker.close()
                self._workers[index] = await self._spawn()
        home = self._workers[zlib.crc32(affinity.encode()) % len(self._workers)]
        chosen = home if not home.pending else min(self._workers, key=lambda w: len(w.pending))
        return await chosen.ask(request)

    def close(self) -> None:
        for worker in self._workers:
            worker.close()
        self._workers = []

    async def aclose(self) -> None:
        """:meth:`close` on the workers' own event loop, waiting for them to end (so
        their pipes close with them)."""
        workers, self._workers = self._workers, []
        for worker in workers:
            worker.close()
        for worker in workers:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(worker.process.wait(), 5)


def _serve(source: BinaryIO, sink: BinaryIO) -> None:
    from spadeslib.server.deciding import decide

    while True:
        header = source.read(_HEADER.size)
        if len(header) < _HEADER.size:
            return  # the server is gone
        (size,) = _HEADER.unpack(header)
        kind, payload = pickle.loads(source.read(size))
        try:
            if kind == "warm":
                import spadeslib.bots
                import spadeslib.engine  # noqa: F401

                answer: Any = ("ok", os.getpid())
            elif kind == "review":
                from spadeslib.server.reviewing import review

                answer = ("ok", review(payload))
            else:
                answer = ("ok", decide(payload))
        except Exception as error:
            answer = ("error", f"{type(error).__name__}: {error}")
        sink.write(_frame(answer))
        sink.flush()


def main() -> None:
    """A worker: requests on standard input, answers on standard output (which nothing
    else may write to: ``print`` goes to standard error)."""
    source, sink = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr
    with contextlib.suppress(BrokenPipeError, KeyboardInterrupt):
        _serve(source, sink)


if __name__ == "__main__":
    main()
