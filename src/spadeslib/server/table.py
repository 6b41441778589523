"""One table at play: its game, its seats, who is connected, and the order of things.

Everything here runs on the event loop, one step at a time, so a table needs no lock:
an action is checked on a copy of the game, written to the store (its own transaction),
and only then becomes the table's game and is sent to every connection. A bot's decision
is awaited in the pool (:mod:`.bot_pool`); when it comes back, it is played only if the
table is still where the bot looked at it (the same ``seq``, the seat still the bot's).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import time
from typing import TYPE_CHECKING, Any

from spadeslib.errors import IllegalActionError
from spadeslib.server.deciding import Turn
from spadeslib.server.record import public_record
from spadeslib.server.view import TableFacts, state_message

if TYPE_CHECKING:
    from spadeslib.engine import Game
    from spadeslib.server.bot_pool import BotPool
    from spadeslib.server.connection import Connection
    from spadeslib.server.store import Store, StoredTable

__all__ = ["Table"]

log = logging.getLogger("spadeslib.server")

_GOLDEN = 0x9E3779B97F4A7C15
_MARK = "\u0000history\u0000"
"""Stands for the finished deals while a message is encoded: the observation comes
before any text a table's creator wrote (the variant's description), so the first
occurrence of its JSON is where it was put."""
_MARK_JSON = json.dumps(_MARK)


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def _failed(review: asyncio.Future[Any]) -> bool:
    """Whether a finished review is worth asking for again: it failed, but not for
    taking too long (it would take as long again)."""
    if review.cancelled():
        return True
    error = review.exception()
    return error is not None and not isinstance(error, TimeoutError)


class Table:
    """A loaded table: ``stored`` (what it was made with) and ``game`` (its log replayed)."""

    def __init__(
        self,
        stored: StoredTable,
        game: Game,
        actions: list[str],
        store: Store,
        pool: BotPool,
        *,
        bot_delay: float = 0.0,
    ) -> None:
        self.stored = stored
        self.id = stored.id
        self.kinds = stored.kinds
        self.game = game
        self.store = store
        self.pool = pool
        self.bot_delay = bot_delay
        self.seq = 0
        self.actions: list[str] = []
        """The table's log, as the store keeps it (sent to the bots' pool)."""
        self.connections: set[Connection] = set()
        self.stand_in: set[int] = set()
        self.deal_ended = False
        self.public = (0, 0)
        """(actions, deals) at the end of the last finished deal: what the public record
        holds (:mod:`.record`)."""
        self.last_active = time.monotonic()
        self._variant_key = hashlib.sha256(
            json.dumps(stored.variant, sort_keys=True).encode()
        ).hexdigest()
        self._bot: asyncio.Task[None] | None = None
        self._clock: asyncio.TimerHandle | None = None
        self._deadline: float | None = None
        self._away: dict[int, asyncio.TimerHandle] = {}
        self._views: dict[int | None, dict[str, Any]] = {}
        self._texts: dict[int | None, str] = {}
        self._history: tuple[list[Any], str] | None = None
        self._reviews: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.closed = False
        for text in actions:  # replay the log: the same seed deals the same cards
            before = game.deal_number
            game.apply(text)
            self.actions.append(text)
            self._advance(before)

    # -- facts ---------------------------------------------------------------------------

    @property
    def options(self) -> dict[str, Any]:
        return self.stored.options

    def connected(self, seat: int) -> bool:
        return any(c.seat == seat for c in self.connections)

    def seat_views(self) -> tuple[dict[str, Any], ...]:
        return tuple(
            {
                "seat": seat,
                "kind": kind,
                "connected": kind == "human" and self.connected(seat),
                "stand_in": seat in self.stand_in,
            }
            for seat, kind in enumerate(self.kinds)
        )

    def facts(self) -> TableFacts:
        clock = None
        actor = self.game.current_player
        if self._deadline is not None and actor is not None:
            clock = {"seat": actor, "deadline": self._deadline, "seconds": self.options["clock"]}
        return TableFacts(
            table=self.id,
            seq=self.seq,
            seats=self.seat_views(),
            clock=clock,
            open_hands=bool(self.options.get("open_hands")),
            deal_ended=self.deal_ended,
        )

    def view(self, seat: int | None) -> dict[str, Any]:
        """The state message for ``seat``, built once per seat per change."""
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = state_message(self.game, seat, self.facts())
        return view

    def view_text(self, seat: int | None) -> str:
        """:meth:`view` as JSON text, encoded once per seat per change; the finished deals
        (the same for every seat, and most of the text late in a game) once per deal."""
        text = self._texts.get(seat)
        if text is None:
            view = self.view(seat)
            history = view["observation"]["history"]
            if self._history is None or self._history[0] is not history:
                self._history = (history, _dumps(history))
            observation = dict(view["observation"], history=_MARK)
            text = _dumps(dict(view, observation=observation))
            text = self._texts[seat] = text.replace(_MARK_JSON, self._history[1], 1)
        return text

    def bot_kind(self, seat: int) -> str | None:
        """The bot playing ``seat`` now, or ``None`` when a person does."""
        kind = self.kinds[seat]
        if kind != "human":
            return kind
        return str(self.options.get("stand_in", "standard")) if seat in self.stand_in else None

    @property
    def finished_deals(self) -> int:
        """How many of the game's deals are scored: those the public record shows."""
        return len(self.game.deal_history)

    async def review(self, deal: int) -> dict[str, Any]:
        """Finished deal ``deal`` (1 for the first) reviewed card by card in the pool
        (:mod:`.reviewing`), once: the answer is kept, and people asking while it is
        being worked out wait for the same one; a review that failed is asked for again,
        one that took too long (:class:`TimeoutError`) is not. The caller checks
        ``deal``."""
        if not 1 <= deal <= self.finished_deals:
            raise ValueError(f"deal {deal} is not a finished deal of table {self.id}")
        kept = self._reviews.get(deal)
        if kept is None or (kept.done() and _failed(kept)):
            record = public_record(self.game, self.public)
            review = self.pool.review(self.id, record, deal)
            kept = self._reviews[deal] = asyncio.ensure_future(review)
        return await asyncio.shield(kept)

    # -- connections ---------------------------------------------------------------------

    def join(self, connection: Connection) -> None:
        self.connections.add(connection)
        self.last_active = time.monotonic()
        seat = connection.seat
        changed = False
        if seat is not None:
            timer = self._away.pop(seat, None)
            if timer is not None:
                timer.cancel()
            if seat in self.stand_in:  # the person is back: the seat is theirs again
                self.stand_in.discard(seat)
                changed = True
            changed = changed or sum(c.seat == seat for c in self.connections) == 1
        if changed:
            self.schedule()
            self._changed()
        else:
            connection.send_text(self.view_text(seat))

    def leave(self, connection: Connection) -> None:
        self.connections.discard(connection)
        self.last_active = time.monotonic()
        seat = connection.seat
        if seat is None or self.connected(seat) or self.closed:
            return
        after = self.options.get("stand_in_after", 60)
        if after is not None and not self.game.is_over:
            loop = asyncio.get_running_loop()
            self._away[seat] = loop.call_later(after, self._stand_in, seat)
        self._changed()

    def _stand_in(self, seat: int) -> None:
        self._away.pop(seat, None)
        if self.closed or self.connected(seat):
            return
        self.stand_in.add(seat)
        self.schedule()
        self._changed()

    def busy(self) -> bool:
        """Whether anything is going on or waiting at the table (else it may be unloaded)."""
        return bool(self.connections or self._away or self._clock) or (
            self._bot is not None and not self._bot.done()
        )

    # -- actions -------------------------------------------------------------------------

    def act(self, seat: int | None, action: str, seq: int) -> dict[str, Any] | None:
        """Apply a person's ``action`` for ``seat`` answering state ``seq``; ``None`` when
        applied, else the ``refused`` message (and nothing changed)."""
        actor = self.game.current_player
        if seat is None:
            return self._refused(action, "a spectator cannot act: join with a seat's link", "seat")
        if seq != self.seq:
            return self._refused(
                action,
                f"the table has moved on: this answers state {seq}, the table is at {self.seq}",
                "seq",
            )
        if actor is None:
            return self._refused(action, "the game is over", "turn")
        if actor != seat:
            return self._refused(action, f"it is seat {actor}'s turn, not seat {seat}'s", "turn")
        if self.bot_kind(seat) is not None:
            return self._refused(action, f"seat {seat} is played by a bot now", "seat")
        try:
            self._play(action, seat)
        except IllegalActionError as error:
            return self._refused(action, error.reason, error.rule or "action")
        return None

    def _refused(self, action: str, reason: str, rule: str) -> dict[str, Any]:
        return {
            "type": "refused",
            "action": action,
            "reason": reason,
            "rule": rule,
            "seq": self.seq,
        }

    def _play(self, action: str, seat: int | None) -> None:
        """Check ``action`` on a copy, write it to the store, then make it the game's."""
        trial = self.game.clone()
        before = trial.deal_number
        trial.apply(action)  # raises IllegalActionError: nothing written, nothing changed
        self.store.append(self.id, self.seq, action, seat)
        self.game = trial
        self.actions.append(action)
        self._advance(before)
        self.last_active = time.monotonic()
        if self.game.is_over:
            self.store.finish(self.id)
        self.schedule()
        self._changed()

    def _advance(self, deals_before: int) -> None:
        """Count an applied action; note the end of a deal (the public record's edge)."""
        self.seq += 1
        game = self.game
        self.deal_ended = game.deal_number != deals_before or game.is_over
        if self.deal_ended and not game.is_over:
            self.public = (self.seq, len(game.record()["deals"]) - 1)

    def _changed(self) -> None:
        """Send every connection its view of the table as it is now."""
        self._views.clear()
        self._texts.clear()
        for connection in list(self.connections):
            connection.send_text(self.view_text(connection.seat))

    # -- bots and the clock --------------------------------------------------------------

    def schedule(self) -> None:
        """Start what the seat to act needs: a bot's decision, or a person's clock."""
        if self.closed:
            return
        if self._clock is not None:
            self._clock.cancel()
            self._clock = None
            self._deadline = None
        actor = self.game.current_player
        if actor is None:
            return
        if self.bot_kind(actor) is not None:
            if self._bot is None or self._bot.done():
                self._bot = asyncio.get_running_loop().create_task(self._bot_move())
            return
        seconds = self.options.get("clock")
        if seconds:
            loop = asyncio.get_running_loop()
            self._deadline = time.time() + seconds
            self._clock = loop.call_later(seconds, self._out_of_time, self.seq)

    def _out_of_time(self, seq: int) -> None:
        self._clock = None
        self._deadline = None
        if self.seq == seq and not self.closed:
            asyncio.get_running_loop().create_task(self._bot_move(default=True))

    async def _bot_move(self, *, default: bool = False) -> None:
        """Let the bot of the seat to act play, for as long as bots are to act."""
        while not self.closed:
            seq = self.seq
            seat = self.game.current_player
            if seat is None:
                return
            kind = self.bot_kind(seat)
            if default and kind is None:
                kind = str(self.options.get("stand_in", "standard"))
            if kind is None:
                return
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            try:
                turn = Turn(
                    kind,
                    self.id,
                    self._variant_key,
                    self.stored.variant,
                    self.stored.seed,
                    list(self.actions),
                    (self.stored.seed ^ (seq * _GOLDEN)) % 2**63,
                )
                action = await self.pool.decide(turn)
            except Exception:  # a bot's bug or a dead pool: play the first legal action
                log.exception("table %s: the %s bot failed at seq %d", self.id, kind, seq)
                action = str(self.game.legal_actions()[0])
            if self.closed or self.seq != seq or self.game.current_player != seat:
                return  # the table moved on while the bot thought (a person, a clock)
            if not default and self.bot_kind(seat) is None:
                return  # the person came back
            try:
                self._play(action, seat)
            except IllegalActionError:
                log.exception("table %s: the %s bot chose %r", self.id, kind, action)
                self._play(str(self.game.legal_actions()[0]), seat)
            default = False
            if self._bot is not asyncio.current_task():
                return  # _play scheduled the next move itself

    def close(self) -> None:
        """Stop the table's timers and tasks (the server stops, or unloads it)."""
        self.closed = True
        for timer in [self._clock, *self._away.values()]:
            if timer is not None:
                timer.cancel()
        self._away.clear()
        if self._bot is not None:
            self._bot.cancel()
        for connection in list(self.connections):
            connection.stop()
        with contextlib.suppress(Exception):
            self.connections.clear()
