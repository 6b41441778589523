"""Nothing lost: a real server killed with SIGKILL mid-deal, again and again, resumes every
table at the same action, with the same hands and the same scores.

A ``spadeslib serve`` process on a free loopback port and a temporary database holds two
tables: one of bots only (its hands open, so a spectator sees them all), playing on its
own, and one with a person, played by a client in this test. At a random moment the
process is killed with SIGKILL; the log in the database is then replayed here, and the
server, started again on the same database, must go on from exactly that log: the actions
before the kill are kept as they were, no state a client was sent is missing from it, and
what the restarted server shows (the seq, every hand, the scores) is the log replayed.
"""

from __future__ import annotations

import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from spadeslib.engine import Game
from spadeslib.server.client import TableClient, create_table
from spadeslib.variant import Variant

KILLS = 10
BUDGET = 75.0
"""Seconds for the whole test: the kills stop early rather than run over."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """``spadeslib serve`` in a process of its own."""

    def __init__(self, db: Path, port: int) -> None:
        self.db = db
        self.port = port
        self.url = f"http://127.0.0.1:{self.port}"
        command = [sys.executable, "-m", "spadeslib", "serve", "--port", str(self.port)]
        command += ["--db", str(db), "--bot-delay", "0.02", "--bot-workers", "1"]
        self.log = db.with_suffix(".log")
        with self.log.open("ab") as log:  # a file, not a pipe nobody reads while it runs
            self.process = subprocess.Popen(
                command, stdout=subprocess.DEVNULL, stderr=log, env=dict(os.environ)
            )
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(self.url + "/api", timeout=1):
                    return
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    error = self.log.read_text(errors="replace")[-2000:]
                    raise RuntimeError(f"the server did not start: {error}") from None
                time.sleep(0.05)

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)


def logged(db: Path, table: str) -> list[str]:
    with sqlite3.connect(db) as connection:
        rows = connection.execute(
            "SELECT seq, action FROM actions WHERE table_id = ? ORDER BY seq", (table,)
        ).fetchall()
    assert [seq for seq, _ in rows] == list(range(len(rows)))
    return [action for _, action in rows]


def replayed(db: Path, table: str, actions: list[str]) -> Game:
    with sqlite3.connect(db) as connection:
        variant, seed = connection.execute(
            "SELECT variant, seed FROM tables WHERE id = ?", (table,)
        ).fetchone()
    import json

    game = Game(Variant.model_validate(json.loads(variant)), seed=int(seed))
    for action in actions:
        game.apply(action)
    return game


def same_game(state: dict[str, Any], game: Game, seat: int | None) -> None:
    observation = state["observation"]
    assert observation["scores"] == list(game.scores)
    assert observation["bags"] == list(game.bags)
    assert observation["deal_number"] == game.deal_number
    if seat is not None:
        assert observation["hand"] == [str(card) for card in game.hand(seat)]
    if state["hands"] is not None:
        assert state["hands"] == [[str(c) for c in game.hand(s)] for s in range(4)]


def play_for(client: TableClient, seconds: float, rng: random.Random) -> int:
    """Play the person's seat at random for ``seconds``; the last seq it was sent."""
    end = time.monotonic() + seconds
    told: int = client.state["seq"]
    message = client.state
    while True:
        if message["type"] == "state":
            told = max(told, message["seq"])
            if message["legal"] and not message["over"]:
                client.send({"type": "act", "action": rng.choice(message["legal"]), "seq": told})
        if time.monotonic() >= end:
            return told
        try:
            message = client.receive(timeout=max(0.01, end - time.monotonic()))
        except TimeoutError:
            return told


def test_sigkill_at_random_moments_loses_nothing(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    rng = random.Random(2026)
    started = time.monotonic()
    port = free_port()
    server = Server(db, port)
    bots = create_table(
        server.url, "standard", ["easy"] * 4, seed=17, open_hands=True, stand_in_after=None
    )["id"]
    made = create_table(
        server.url, "nyc", ["human", "easy", "easy", "easy"], seed=23, stand_in_after=None
    )
    person = made["id"]
    link = server.url + made["seats"][0]["url"]
    before: dict[str, list[str]] = {bots: [], person: []}
    kills = 0
    try:
        while kills < KILLS and time.monotonic() - started < BUDGET:
            with TableClient(link) as client:
                told = play_for(client, rng.uniform(0.2, 1.2), rng)
                server.kill()
            kills += 1
            for table in (bots, person):
                log = logged(db, table)
                assert log[: len(before[table])] == before[table]  # nothing rewritten
                before[table] = log
            assert told <= len(before[person])  # every state sent was already in the log
            server = Server(db, port)
            with TableClient(link) as client:
                state = client.state
                log = logged(db, person)
                assert log[: len(before[person])] == before[person]
                assert state["seq"] >= len(before[person])
                same_game(state, replayed(db, person, log[: state["seq"]]), 0)
            with TableClient(f"{server.url}/table/{bots}") as watcher:
                state = watcher.state
                log = logged(db, bots)
                assert log[: len(before[bots])] == before[bots]
                assert state["seq"] >= len(before[bots])
                same_game(state, replayed(db, bots, log[: state["seq"]]), None)
    finally:
        server.kill()
    assert "Traceback" not in (db.with_suffix(".log")).read_text(errors="replace")
    assert kills >= 8
    assert len(before[bots]) > 50 and len(before[person]) > 30


def test_a_program_takes_a_seat_with_the_table_client(tmp_path: Path) -> None:
    """docs/protocol.md's example: a bot in this process plays a seat at a real server
    through TableClient, to the end of the game, answering every state it is to act in."""
    from spadeslib.bots import EasyBot
    from spadeslib.engine import Observation

    server = Server(tmp_path / "client.sqlite3", free_port())
    try:
        text = "extends: nyc\ngame_end:\n  max_deals: 1\n"
        made = create_table(server.url, text, ["human", "easy", "easy", "easy"], seed=5)
        bot = EasyBot(seed=1)
        acted = 0
        with TableClient(server.url + made["seats"][0]["url"]) as client:
            assert client.seat == 0 and client.rules.players == 4
            for state in client.states():
                if state["legal"]:
                    observation = Observation.from_dict(state["observation"])
                    answer = client.act(str(bot.act(observation, client.rules)), state["seq"])
                    assert answer["type"] == "state", answer
                    acted += 1
            assert client.state["over"] and acted >= 13
            refused = client.act("play AS")
            assert refused["type"] == "refused" and refused["rule"] == "turn"
        with TableClient(f"{server.url}/table/{made['id']}") as watcher:
            assert watcher.seat is None and watcher.state["over"]
    finally:
        server.kill()
