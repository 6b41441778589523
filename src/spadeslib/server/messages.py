"""Reading what a client sends: size, rate, JSON, type and fields, each with its error.

Nothing a client sends can close its connection or touch a table except a well-formed
``act``: every other frame is answered by an ``error`` message that says what was wrong
(docs/protocol.md lists the codes), and the connection goes on.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any, Final

__all__ = ["MAX_FRAME", "Bucket", "Buckets", "error", "read"]

MAX_FRAME: Final = 4096
"""The largest frame a client may send, in bytes (an act is under a hundred)."""

RATE: Final = 20.0
"""Messages a second a client may send, on average."""
BURST: Final = 40.0
"""... and at once."""

_FIELDS: Final = {"act": {"type", "action", "seq"}, "sync": {"type"}, "ping": {"type"}}


def error(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}


@dataclass(slots=True)
class Bucket:
    """A token bucket: ``rate`` messages a second, ``burst`` at once."""

    rate: float = RATE
    burst: float = BURST
    tokens: float = BURST
    at: float = field(default_factory=time.monotonic)

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Buckets:
    """One :class:`Bucket` per client address (the HTTP requests that write: making a
    table, checking a variant), forgetting the oldest beyond ``keep`` addresses."""

    def __init__(self, rate: float, burst: float, keep: int = 4096) -> None:
        self.rate, self.burst, self.keep = rate, burst, keep
        self._buckets: dict[str, Bucket] = {}

    def take(self, address: str) -> bool:
        bucket = self._buckets.pop(address, None)
        if bucket is None:
            bucket = Bucket(self.rate, self.burst, self.burst)
            if len(self._buckets) >= self.keep:
                del self._buckets[next(iter(self._buckets))]
        self._buckets[address] = bucket  # the most recent last
        return bucket.take()


def read(text: str | bytes) -> dict[str, Any]:
    """The client message in ``text``, or an ``error`` message (``type`` is ``error``)."""
    size = len(text.encode() if isinstance(text, str) else text)
    if size > MAX_FRAME:
        return error("too_big", f"a message is at most {MAX_FRAME} bytes; this one is {size}")
    try:
        message = json.loads(text)
    except (ValueError, RecursionError) as problem:
        return error("bad_json", f"not JSON: {problem}")
    if not isinstance(message, dict):
        return error("bad_message", f"a message is a JSON object, not {type(message).__name__}")
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        shown = repr(kind) if isinstance(kind, str | int | float | bool) else "missing"
        return error(
            "unknown_type", f"unknown message type {shown}; a client sends act, sync or ping"
        )
    extra = set(message) - _FIELDS[kind]
    if extra:
        return error("bad_message", f"{kind}: unknown field(s) {sorted(extra)}")
    if kind == "act":
        action, seq = message.get("action"), message.get("seq")
        if not isinstance(action, str) or not 0 < len(action) <= 200:
            return error("bad_message", 'act: "action" is an action text, like "play KD"')
        if isinstance(seq, bool) or not isinstance(seq, int) or seq < 0:
            return error("bad_message", 'act: "seq" is the seq of the state it answers')
    return message
