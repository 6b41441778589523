"""A seat at a table from another process: :class:`TableClient`.

An agent, a bot or a test takes a seat over the network with the seat's link, exactly as
a browser does (docs/protocol.md), and plays it with the same action texts. Blocking and
small: one WebSocket (the ``websockets`` library's synchronous client, in the ``server``
extra) and the standard library's HTTP.

>>> from spadeslib.server.client import TableClient  # doctest: +SKIP
>>> with TableClient("http://127.0.0.1:8000/table/k2v9q7rx?token=...") as client:
...     for state in client.states():
...         if state["legal"]:
...             client.act(state["legal"][0], state["seq"])
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlencode, urlsplit

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules

__all__ = ["TableClient", "TableClientError", "create_table", "request"]


class TableClientError(Exception):
    """The server refused a request or a connection: its status or code, and why."""


def request(url: str, body: object | None = None, *, timeout: float = 30.0) -> Any:
    """``GET`` (or ``POST`` ``body`` as JSON to) ``url``; the answer's JSON. A 4xx or 5xx
    answer raises :class:`TableClientError` with the answer's JSON as ``args[1]``."""
    data = None if body is None else json.dumps(body).encode()
    sent = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(sent, timeout=timeout) as answer:
            return json.loads(answer.read())
    except urllib.error.HTTPError as failed:
        text = failed.read()
        try:
            detail = json.loads(text)
        except ValueError:
            detail = text.decode(errors="replace")
        raise TableClientError(f"{failed.code} from {url}: {detail}", detail) from None


def create_table(server: str, variant: str, seats: list[str], **options: Any) -> dict[str, Any]:
    """Make a table on ``server`` (``http://host:port``); the ``POST /api/tables``
    answer: its ``id`` and each seat's ``url`` (and ``token`` for a human seat)."""
    answer: dict[str, Any] = request(
        server.rstrip("/") + "/api/tables", {"variant": variant, "seats": seats, **options}
    )
    return answer


class TableClient:
    """One seat (or a spectator) at one table.

    ``link`` is a seat's link from the table's creation (``http://host:port/table/ID?
    token=...``; without a token: a spectator). Connects at once and reads the first
    state (:attr:`state`).
    """

    def __init__(self, link: str, *, timeout: float = 30.0) -> None:
        from websockets.sync.client import connect

        parts = urlsplit(link)
        path = parts.path.rstrip("/").split("/")
        if len(path) < 2 or path[-2] != "table":
            raise TableClientError(f"{link!r} is not a table's link (…/table/ID?token=…)")
        self.table = path[-1]
        self.server = f"{parts.scheme}://{parts.netloc}"
        token = parse_qs(parts.query).get("token", [None])[0]
        scheme = "wss" if parts.scheme == "https" else "ws"
        query = "" if token is None else "?" + urlencode({"token": token})
        self.timeout = timeout
        self._socket = connect(
            f"{scheme}://{parts.netloc}/ws/{self.table}{query}", open_timeout=timeout
        )
        self._rules: Rules | None = None
        self.state: dict[str, Any] = {}
        first = self.receive()
        if first["type"] == "error":
            self.close()
            raise TableClientError(f"{first['code']}: {first['message']}")

    @property
    def seat(self) -> int | None:
        seat: int | None = self.state.get("seat")
        return seat

    @property
    def rules(self) -> Rules:
        """The table's compiled rules (from its public record), for a bot's ``act``."""
        if self._rules is None:
            from spadeslib.variant import Variant

            record = request(f"{self.server}/api/tables/{self.table}/record")
            self._rules = Variant.model_validate(record["variant"]).compile()
        return self._rules

    def review(self, deal: int | None = None) -> dict[str, Any]:
        """Finished deal ``deal`` (1 for the first; the last finished by default) reviewed
        card by card with every hand seen (docs/protocol.md, the ``review-answer``)."""
        query = "" if deal is None else "?" + urlencode({"deal": deal})
        answer: dict[str, Any] = request(
            f"{self.server}/api/tables/{self.table}/review{query}", timeout=self.timeout
        )
        return answer

    def send(self, message: dict[str, Any]) -> None:
        self._socket.send(json.dumps(message))

    def receive(self, timeout: float | None = None) -> dict[str, Any]:
        """The next message from the server (a ``state`` is kept as :attr:`state`)."""
        message: dict[str, Any] = json.loads(
            self._socket.recv(timeout=self.timeout if timeout is None else timeout)
        )
        if message.get("type") == "state":
            self.state = message
        return message

    def act(self, action: str, seq: int | None = None) -> dict[str, Any]:
        """Play ``action`` answering state ``seq`` (default: the last state's); the state
        that follows it, or the ``refused`` message."""
        asked = self.state["seq"] if seq is None else seq
        self.send({"type": "act", "action": action, "seq": asked})
        while True:
            message = self.receive()
            if message["type"] == "refused" or (
                message["type"] == "state" and message["seq"] > asked
            ):
                return message

    def states(self) -> Iterator[dict[str, Any]]:
        """The newest state each time the table moves on (a new ``seq``), from the last one
        received, until the game is over."""
        yielded = -1
        while True:
            state = self.state
            if state and state["seq"] != yielded:
                yielded = state["seq"]
                yield state
                if state["over"]:
                    return
                if self.state is not state and self.state["seq"] != yielded:
                    continue  # act() read newer states: yield the newest next
            self.receive()

    def close(self) -> None:
        self._socket.close()

    def __enter__(self) -> TableClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
