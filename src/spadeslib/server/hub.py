"""Every table of one server: making them, finding them, loading and unloading them.

A table lives in the store; in memory only while it is in use. At start every table not
over is loaded (its log replayed, its bots set going again); a table nobody is connected
to and nothing is waiting at is unloaded after ``idle`` seconds, and loaded again (its
log replayed) when someone asks for it, so memory follows the tables in use, not the
tables ever made.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import secrets
import time
from typing import TYPE_CHECKING, Any, Final

from spadeslib.server.deciding import BOT_KINDS
from spadeslib.server.store import StoredTable
from spadeslib.server.table import Table
from spadeslib.server.variants import problem_data, resolve

if TYPE_CHECKING:
    from spadeslib.server.bot_pool import BotPool
    from spadeslib.server.store import Store

__all__ = ["BadRequest", "Hub", "hash_token"]

SEAT_KINDS: Final = ("human", *BOT_KINDS)
_ID_LETTERS: Final = "abcdefghijkmnpqrstuvwxyz23456789"
_OPTIONS: Final = {"variant", "seats", "seed", "name", "open_hands", "clock"}
_OPTIONS_MORE: Final = {"stand_in_after", "stand_in"}


class BadRequest(Exception):
    """A request that is not one: its ``code`` and a message saying what is wrong."""

    def __init__(self, message: str, code: str = "bad_request") -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class VariantProblems(Exception):
    """A table asked for with an invalid variant: its located problems."""

    def __init__(self, problems: list[dict[str, Any]]) -> None:
        super().__init__(f"{len(problems)} problem(s)")
        self.problems = problems


def hash_token(token: str) -> str:
    """What the store keeps of a seat's token: a token is shown once, never stored."""
    return hashlib.sha256(token.encode()).hexdigest()


def _number(body: dict[str, Any], key: str, low: float, high: float, default: Any) -> Any:
    value = body.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise BadRequest(f"{key}: expected seconds from {low:g} to {high:g} or null, got {value!r}")
    return value


class Hub:
    """The server's tables, over one store and one bot pool."""

    def __init__(
        self, store: Store, pool: BotPool, *, bot_delay: float = 0.0, idle: float = 600.0
    ) -> None:
        self.store = store
        self.pool = pool
        self.bot_delay = bot_delay
        self.idle = idle
        self.tables: dict[str, Table] = {}
        self._sweeper: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Load every table not over, and start unloading idle ones."""
        for stored in list(self.store.open_tables()):
            self._load(stored)
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep())

    def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        for table in self.tables.values():
            table.close()
        self.tables.clear()

    # -- making a table ------------------------------------------------------------------

    def create(self, body: object) -> dict[str, Any]:
        """Make a table from a ``POST /api/tables`` body; the answer with its links."""
        if not isinstance(body, dict):
            raise BadRequest("the body is a JSON object with at least variant and seats")
        unknown = set(body) - _OPTIONS - _OPTIONS_MORE
        if unknown:
            raise BadRequest(f"unknown key(s) {sorted(unknown)}; the keys are {sorted(_OPTIONS)}")
        text = body.get("variant")
        if not isinstance(text, str) or not text.strip():
            raise BadRequest("variant: a bundled variant's name or a variant's YAML text")
        variant, problems = resolve(text)
        if variant is None:
            raise VariantProblems([problem_data(problem) for problem in problems])
        players = variant.compile().players
        kinds = body.get("seats")
        if not isinstance(kinds, list) or len(kinds) != players:
            raise BadRequest(
                f"seats: the variant has {players} seats, so a list of {players} kinds "
                f"({', '.join(SEAT_KINDS)}); got {kinds!r}"
            )
        for seat, kind in enumerate(kinds):
            if kind not in SEAT_KINDS:
                raise BadRequest(f"seats[{seat}]: {kind!r} is not one of {', '.join(SEAT_KINDS)}")
        seed = body.get("seed")
        if seed is None:
            seed = secrets.randbits(64)
        elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
            raise BadRequest(f"seed: expected an int from 0 to 2**64-1, got {seed!r}")
        name = body.get("name", variant.name)
        if not isinstance(name, str) or len(name) > 80:
            raise BadRequest("name: a string of at most 80 characters")
        open_hands = body.get("open_hands", False)
        if not isinstance(open_hands, bool):
            raise BadRequest(f"open_hands: true or false, got {open_hands!r}")
        stand_in = body.get("stand_in", "standard")
        if stand_in not in BOT_KINDS:
            raise BadRequest(f"stand_in: one of {', '.join(BOT_KINDS)}, got {stand_in!r}")
        options = {
            "open_hands": open_hands,
            "clock": _number(body, "clock", 5, 3600, None),
            "stand_in_after": _number(body, "stand_in_after", 0, 86400, 60),
            "stand_in": stand_in,
        }
        table_id = "".join(secrets.choice(_ID_LETTERS) for _ in range(10))
        tokens = {seat: secrets.token_urlsafe(32) for seat, k in enumerate(kinds) if k == "human"}
        stored = StoredTable(
            table_id, name, time.time(), variant.to_dict(), seed, tuple(kinds), options, False
        )
        self.store.create(stored, {seat: hash_token(token) for seat, token in tokens.items()})
        table = self._load(stored)
        seats = []
        for seat, kind in enumerate(kinds):
            entry: dict[str, Any] = {"seat": seat, "kind": kind, "url": f"/table/{table_id}"}
            if seat in tokens:
                entry["token"] = tokens[seat]
                entry["url"] += f"?token={tokens[seat]}"
            seats.append(entry)
        return {"id": table.id, "name": name, "seats": seats}

    # -- finding tables ------------------------------------------------------------------

    def get(self, table_id: str) -> Table | None:
        """The table, loaded from the store if need be; ``None`` if there is none."""
        table = self.tables.get(table_id)
        if table is None:
            stored = self.store.table(table_id) if len(table_id) <= 64 else None
            if stored is None:
                return None
            table = self._load(stored)
        return table

    def seat_of(self, table: Table, token: str | None) -> tuple[bool, int | None]:
        """(valid, seat) for a connection's token: no token is a spectator."""
        if token is None or token == "":
            return True, None
        digest = hash_token(token)
        for seat, kept in self.store.token_hashes(table.id).items():
            if hmac.compare_digest(kept, digest):
                return True, seat
        return False, None

    def summary(self, table: Table, *, rules: bool = False) -> dict[str, Any]:
        game = table.game
        variant = game.variant
        options = table.options
        out: dict[str, Any] = {
            "id": table.id,
            "name": table.stored.name,
            "created": table.stored.created,
            "variant": {"name": variant.name, "description": variant.description},
            "seats": list(table.seat_views()),
            "seq": table.seq,
            "phase": game.phase,
            "deal_number": game.deal_number,
            "scores": list(game.scores),
            "over": game.is_over,
            "open_hands": bool(options.get("open_hands")),
            "clock": options.get("clock"),
            "stand_in_after": options.get("stand_in_after"),
            "stand_in": options.get("stand_in", "standard"),
            "record_url": f"/api/tables/{table.id}/record",
        }
        if rules:
            from spadeslib._backend import backend
            from spadeslib.explain import explain

            out["rules"] = explain(variant, format="markdown")
            # where finished deals are reviewed card by card (null: not on this server)
            native = backend() == "native"
            out["review_url"] = f"/api/tables/{table.id}/review" if native else None
        return out

    def listing(self, limit: int = 100) -> list[dict[str, Any]]:
        """The newest tables not over, at most ``limit``."""
        stored = sorted(self.store.open_tables(), key=lambda t: t.created, reverse=True)
        found = []
        for entry in stored[:limit]:
            table = self.get(entry.id)
            if table is not None and not table.game.is_over:
                found.append(self.summary(table))
        return found

    # -- loading -------------------------------------------------------------------------

    def _load(self, stored: StoredTable) -> Table:
        from spadeslib.engine import Game
        from spadeslib.variant import Variant

        variant = Variant.model_validate(stored.variant)
        game = Game(variant, seed=stored.seed)
        table = Table(
            stored,
            game,
            self.store.actions(stored.id),
            self.store,
            self.pool,
            bot_delay=self.bot_delay,
        )
        self.tables[stored.id] = table
        with contextlib.suppress(RuntimeError):  # no running loop: loaded for reading
            table.schedule()
        return table

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(max(0.05, min(self.idle / 2, 30)))
            now = time.monotonic()
            for table_id, table in list(self.tables.items()):
                if not table.busy() and now - table.last_active > self.idle:
                    table.close()
                    del self.tables[table_id]
