"""Seats: a person who leaves is stood in for by a bot and takes the seat back on return;
a clock plays a default move when a person's time runs out; bots think in a pool of
processes, so an Expert at one table never holds up a move at another.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient

from spadeslib import backend
from spadeslib.server import bot_pool
from spadeslib.server.app import create_app
from spadeslib.server.bot_pool import BotPool, Turn


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Any:
    pool = BotPool(2, kind="thread")
    app = create_app(tmp_path_factory.mktemp("db") / "t.sqlite3", pool=pool, bot_delay=0.01)
    with TestClient(app) as test_client:
        yield test_client
    pool.close()


def states(ws: Any, until: Any, limit: float = 20.0) -> dict[str, Any]:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        message = ws.receive_json()
        if message["type"] == "state" and until(message):
            return message  # type: ignore[no-any-return]
    raise AssertionError("no such state in time")


def logged_seats(client: TestClient, table: str) -> list[int | None]:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    rows = hub.store._db.execute(
        "SELECT seat FROM actions WHERE table_id = ? ORDER BY seq", (table,)
    ).fetchall()
    return [seat for (seat,) in rows]


def test_a_bot_stands_in_for_a_person_who_left_until_they_come_back(client: TestClient) -> None:
    body = {
        "variant": "standard",
        "seats": ["human", "easy", "easy", "easy"],
        "seed": 8,
        "stand_in_after": 0,
        "stand_in": "easy",
    }
    made = client.post("/api/tables", json=body).json()
    link = f"/ws/{made['id']}?token={made['seats'][0]['token']}"
    with client.websocket_connect(link) as ws:
        state = states(ws, lambda m: m["legal"])
        assert state["seats"][0] == {
            "seat": 0,
            "kind": "human",
            "connected": True,
            "stand_in": False,
        }
        left_at = state["seq"]
    with client.websocket_connect(f"/ws/{made['id']}") as watcher:
        away = states(watcher, lambda m: m["seats"][0]["stand_in"] and m["seq"] > left_at + 8)
        assert away["seats"][0]["connected"] is False
        assert 0 in logged_seats(client, made["id"])[left_at:]  # the bot played seat 0
        with client.websocket_connect(link) as ws:
            back = states(ws, lambda m: not m["seats"][0]["stand_in"])
            assert back["seats"][0]["connected"]
            mine = states(ws, lambda m: m["legal"])
            time.sleep(0.3)  # nobody plays seat 0 while its person is here
            ws.send_json({"type": "sync"})
            assert states(ws, lambda m: True)["seq"] == mine["seq"]


def test_the_clock_plays_a_default_move_when_time_runs_out(client: TestClient) -> None:
    body = {"variant": "standard", "seats": ["human", "easy", "easy", "easy"], "seed": 2}
    made = client.post("/api/tables", json={**body, "clock": 5, "stand_in_after": None}).json()
    table = client.app.state.hub.tables[made["id"]]  # type: ignore[attr-defined]
    table.options["clock"] = 0.2  # the API's least is 5 seconds: too slow for a test
    link = f"/ws/{made['id']}?token={made['seats'][0]['token']}"
    with client.websocket_connect(link) as ws:
        waiting = states(ws, lambda m: m["legal"])
        clock = waiting["clock"]
        assert clock is not None and clock["seat"] == 0 and clock["seconds"] == 0.2
        assert 0 < clock["deadline"] - time.time() <= 0.2
        states(ws, lambda m: m["seq"] > waiting["seq"] + 12)  # never acted: the clock did
        seats = logged_seats(client, made["id"])
        assert seats.count(0) >= 3


class _HeldPool(BotPool):
    """A process pool that holds every Expert decision at its door until :meth:`open`:
    the Experts' table then has a decision outstanding for as long as the test likes,
    with no clock in the test."""

    def __init__(self) -> None:
        super().__init__(1)
        self.held = 0
        self._door: asyncio.Event | None = None

    def _gate(self) -> asyncio.Event:
        if self._door is None:
            self._door = asyncio.Event()
        return self._door

    async def decide(self, turn: Turn) -> str:
        if turn.kind == "expert":
            self.held += 1
            await self._gate().wait()
        return await super().decide(turn)

    async def open(self) -> None:
        self._gate().set()


def test_an_expert_thinking_never_holds_up_another_table(tmp_path: Any) -> None:
    """While the Experts' table waits on a decision from the pool, a person at another
    table plays 24 moves and has every one answered; once the decision is let through,
    the Experts play on from the worker process."""
    pool = _HeldPool()
    try:
        app = create_app(tmp_path / "t.sqlite3", pool=pool)
        with TestClient(app) as client:
            client.post("/api/tables", json={"variant": "standard", "seats": ["expert"] * 4})
            made = client.post(
                "/api/tables", json={"variant": "standard", "seats": ["human"] * 4, "seed": 3}
            ).json()
            tokens = [seat["token"] for seat in made["seats"]]
            sockets = [client.websocket_connect(f"/ws/{made['id']}?token={t}") for t in tokens]
            try:
                for ws in sockets:
                    ws.__enter__()
                current = [states(ws, lambda m: True) for ws in sockets]
                for seq in range(24):
                    actor = next(i for i, m in enumerate(current) if m["legal"])
                    action = current[actor]["legal"][0]
                    sockets[actor].send_json({"type": "act", "action": action, "seq": seq})
                    current[actor] = states(sockets[actor], lambda m, s=seq: m["seq"] > s)
                    for i, ws in enumerate(sockets):
                        if i != actor:
                            current[i] = states(ws, lambda m, s=seq: m["seq"] > s)
            finally:
                for ws in sockets:
                    ws.__exit__(None, None, None)
            hub = client.app.state.hub  # type: ignore[attr-defined]
            experts = next(t for t in hub.tables.values() if t.kinds == ("expert",) * 4)
            assert pool.held >= 1 and experts.seq == 0  # held all along
            client.portal.call(pool.open)  # type: ignore[union-attr]
            end = time.monotonic() + 60
            while experts.seq < 2 and time.monotonic() < end:
                time.sleep(0.1)
            assert experts.seq >= 2
    finally:
        pool.close()


@pytest.mark.parametrize("kind", ["easy", "standard", "pro", "expert"])
def test_every_bot_decides_from_the_game_as_its_record(kind: str) -> None:
    """A worker rebuilds the game from its record and asks the bot for the seat's
    observation, after a finished deal too (an observation read back from data has no
    explained scores, which the Pro and Expert read: that was a bug)."""
    from spadeslib.bots import EasyBot
    from spadeslib.engine import Game
    from spadeslib.server.deciding import Turn, decide

    game = Game("nyc", seed=4)
    bot = EasyBot(1)
    while game.deal_number < 1:
        game.apply(bot.act(game.observation(game.current_player or 0)))
    actions = [str(a) for a in game.record()["actions"]]
    turn = Turn(kind, f"t-{kind}", "nyc", game.variant.to_dict(), 4, actions, 7)
    chosen = decide(turn)
    assert chosen in {str(action) for action in game.legal_actions()}
    again = decide(Turn(kind, f"t-{kind}", "nyc", None, 4, actions, 7))  # the worker kept both
    assert again in {str(action) for action in game.legal_actions()}


def _over(client: TestClient, table: str) -> None:
    end = time.monotonic() + 60
    while not client.get(f"/api/tables/{table}").json()["over"]:
        assert time.monotonic() < end, "the bots did not finish the game"
        time.sleep(0.05)


@pytest.mark.skipif(backend() != "native", reason="the review needs the native solver")
def test_a_review_that_takes_too_long_stops_itself_and_holds_no_bot_up(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reviews run in a process of their own, the solver stopping itself after
    REVIEW_SECONDS (here a millisecond): the answer says so, is kept (not tried again),
    the review process lives on, and the bots go on deciding."""
    monkeypatch.setattr(bot_pool, "REVIEW_SECONDS", 0.001)
    pool = BotPool(1)
    one_deal = "extends: standard\ngame_end:\n  max_deals: 1\n"
    try:
        app = create_app(tmp_path / "t.sqlite3", pool=pool)
        with TestClient(app) as client:
            body = {"variant": one_deal, "seats": ["easy"] * 4, "seed": 4}
            first = client.post("/api/tables", json=body).json()["id"]
            _over(client, first)
            table = client.app.state.hub.tables[first]  # type: ignore[attr-defined]
            kept = []
            for _ in range(2):  # the second answer is the kept one: no second solve
                answer = client.get(f"/api/tables/{first}/review?deal=1")
                assert answer.status_code == 504, answer.text
                assert answer.json()["error"]["code"] == "too_long"
                kept.append(table._reviews[1])
            assert kept[0] is kept[1]
            reviews = pool._reviews  # its one process, alive: the solver stopped itself
            assert reviews is not None and len(reviews._workers) == 1
            assert reviews._workers[0].alive
            second = client.post("/api/tables", json=dict(body, seed=5)).json()["id"]
            _over(client, second)  # the bots' worker never waited for the review's
    finally:
        pool.close()


def test_the_tables_expert_is_the_strongest_one() -> None:
    """At a table the Expert solves its endings (the expert-dd level, measured stronger
    than the one that plays them out) within its time a decision."""
    from spadeslib.bots.expert import SOLVE_FROM, ExpertBot
    from spadeslib.server.deciding import EXPERT_SECONDS, make_bot

    bot = make_bot("expert", 3)
    assert isinstance(bot, ExpertBot)
    assert bot.solve_from == SOLVE_FROM > 0 and bot.time_limit == EXPERT_SECONDS
