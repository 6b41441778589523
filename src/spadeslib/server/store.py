"""The server's store: tables, their seats' token hashes, and each table's action log.

One small interface (:class:`Store`) so that a server database can replace the embedded
default, :class:`SqliteStore`: SQLite in WAL mode, one file, no server to run. The log
is written ahead: :meth:`Store.append` commits an action in its own transaction before the
table applies it or tells anyone, so a process killed at any moment loses no action
anyone was told of, and a restart replays each table's log to the same game.

WAL with ``synchronous=NORMAL`` survives a killed process (the committed pages are in the
operating system's cache); ``durable=True`` (``synchronous=FULL``) also survives losing
power, at an fsync per action.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

__all__ = ["SqliteStore", "Store", "StoredTable", "default_db_path"]


@dataclass(frozen=True, slots=True)
class StoredTable:
    """A table as the store keeps it: what it was made with, never its game state (that
    is its action log, replayed)."""

    id: str
    name: str
    created: float
    variant: dict[str, Any]
    """The variant's canonical definition (``Variant.to_dict()``): a table replays the
    same rules whatever the bundled files become."""
    seed: int
    kinds: tuple[str, ...]
    options: dict[str, Any]
    over: bool


class Store(Protocol):
    """What a table server needs from a database."""

    def create(self, table: StoredTable, token_hashes: dict[int, str]) -> None: ...
    def append(self, table_id: str, seq: int, action: str, seat: int | None) -> None: ...
    def finish(self, table_id: str) -> None: ...
    def table(self, table_id: str) -> StoredTable | None: ...
    def open_tables(self) -> Iterator[StoredTable]: ...
    def actions(self, table_id: str) -> list[str]: ...
    def token_hashes(self, table_id: str) -> dict[int, str]: ...
    def close(self) -> None: ...


def default_db_path() -> Path:
    """``$XDG_DATA_HOME/spadeslib/tables.sqlite3`` (``~/.local/share`` when unset), the
    user's data directory as the XDG base directory specification places it."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "spadeslib" / "tables.sqlite3"


_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    created REAL NOT NULL,
    variant TEXT NOT NULL,
    seed TEXT NOT NULL,
    kinds TEXT NOT NULL,
    options TEXT NOT NULL,
    over INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS tokens (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    hash TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seq INTEGER NOT NULL,
    action TEXT NOT NULL,
    seat INTEGER,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, seq)
);
"""


class SqliteStore:
    """:class:`Store` in one SQLite file (WAL). Used from one thread, the event loop's."""

    def __init__(self, path: str | os.PathLike[str], *, durable: bool = False) -> None:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(_SCHEMA)

    def create(self, table: StoredTable, token_hashes: dict[int, str]) -> None:
        with self._transaction():
            self._db.execute(
                "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    table.id,
                    table.name,
                    table.created,
                    json.dumps(table.variant, sort_keys=True),
                    str(table.seed),  # up to 2**64-1: more than SQLite's int64
                    json.dumps(list(table.kinds)),
                    json.dumps(table.options, sort_keys=True),
                    int(table.over),
                ),
            )
            self._db.executemany(
                "INSERT INTO tokens VALUES (?, ?, ?)",
                [(table.id, seat, digest) for seat, digest in sorted(token_hashes.items())],
            )

    def append(self, table_id: str, seq: int, action: str, seat: int | None) -> None:
        """Commit action number ``seq`` (0-based) of a table; a second action with the same
        number is an ``sqlite3.IntegrityError`` (two writers, or a bug), never a fork."""
        with self._transaction():
            self._db.execute(
                "INSERT INTO actions VALUES (?, ?, ?, ?, ?)",
                (table_id, seq, action, seat, time.time()),
            )

    def finish(self, table_id: str) -> None:
        with self._transaction():
            self._db.execute("UPDATE tables SET over = 1 WHERE id = ?", (table_id,))

    def table(self, table_id: str) -> StoredTable | None:
        row = self._db.execute("SELECT * FROM tables WHERE id = ?", (table_id,)).fetchone()
        return None if row is None else _table(row)

    def open_tables(self) -> Iterator[StoredTable]:
        rows = self._db.execute("SELECT * FROM tables WHERE over = 0 ORDER BY created").fetchall()
        return (_table(row) for row in rows)

    def actions(self, table_id: str) -> list[str]:
        rows = self._db.execute(
            "SELECT seq, action FROM actions WHERE table_id = ? ORDER BY seq", (table_id,)
        ).fetchall()
        for index, (seq, _) in enumerate(rows):
            if seq != index:  # the log is written in order, one transaction each
                raise RuntimeError(f"table {table_id!r}: action {index} missing from the log")
        return [action for _, action in rows]

    def token_hashes(self, table_id: str) -> dict[int, str]:
        rows = self._db.execute(
            "SELECT seat, hash FROM tokens WHERE table_id = ?", (table_id,)
        ).fetchall()
        return {int(seat): str(digest) for seat, digest in rows}

    def close(self) -> None:
        self._db.close()

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)


class _Transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (``ROLLBACK`` on an error): the connection runs
    in autocommit mode so that every write is exactly one explicit transaction."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        self._db.execute("ROLLBACK" if kind is not None else "COMMIT")


def _table(row: tuple[Any, ...]) -> StoredTable:
    table_id, name, created, variant, seed, kinds, options, over = row
    return StoredTable(
        id=table_id,
        name=name,
        created=created,
        variant=json.loads(variant),
        seed=int(seed),
        kinds=tuple(json.loads(kinds)),
        options=json.loads(options),
        over=bool(over),
    )
