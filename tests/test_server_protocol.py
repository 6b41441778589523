"""The table's protocol, tested by a client that knows only the schemas.

Every message and answer the server sends is checked against its JSON Schema
(src/spadeslib/server/schemas, docs/protocol.md); the client chooses its moves from the
``legal`` texts it is sent and knows no rule of the game. Then the protocol's promises:
refusals that change nothing, errors that never close a table, a token that acts for its
own seat only, a variant's problems located in the text sent.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from jsonschema import Draft202012Validator
from starlette.testclient import TestClient

from spadeslib import backend
from spadeslib._backend import pure_python
from spadeslib.server import SCHEMAS
from spadeslib.server.app import create_app
from spadeslib.server.bot_pool import BotPool

VALIDATORS = {
    path.stem: Draft202012Validator(json.loads(path.read_text(encoding="utf-8")))
    for path in sorted(Path(SCHEMAS).glob("*.json"))
}


def check(name: str, message: Any) -> Any:
    errors = [error.message for error in VALIDATORS[name].iter_errors(message)]
    assert errors == [], f"{name}: {errors[:3]}"
    return message


def receive(ws: Any) -> dict[str, Any]:
    """A message from the server, checked against the schema its type names."""
    message = ws.receive_json()
    assert message["type"] in {"state", "refused", "error", "pong"}
    return check(message["type"], message)  # type: ignore[no-any-return]


def until_state(ws: Any, predicate: Any = lambda m: True) -> dict[str, Any]:
    while True:
        message = receive(ws)
        if message["type"] == "state" and predicate(message):
            return message


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Any:
    pool = BotPool(2, kind="thread")
    app = create_app(tmp_path_factory.mktemp("db") / "tables.sqlite3", pool=pool)
    with TestClient(app) as test_client:
        yield test_client
    pool.close()


def make(client: TestClient, **body: Any) -> dict[str, Any]:
    body.setdefault("variant", "standard")
    body.setdefault("seats", ["human", "easy", "easy", "easy"])
    check("create-request", body)
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    return check("create-answer", answer.json())  # type: ignore[no-any-return]


def test_every_schema_is_a_valid_draft_2020_12_schema() -> None:
    assert {"state", "refused", "error", "pong", "act", "sync", "ping"} <= set(VALIDATORS)
    for validator in VALIDATORS.values():
        Draft202012Validator.check_schema(validator.schema)


def test_the_http_answers_follow_their_schemas(client: TestClient) -> None:
    check("api-answer", client.get("/api").json())
    catalogue = check("variants-answer", client.get("/api/variants").json())
    seats = {v["name"]: v["players"] for v in catalogue["variants"]}
    assert seats["standard"] == 4 and seats["cutthroat"] == 3 and seats["six-handed"] == 6
    assert any(rule["name"] == "passing-three" for rule in catalogue["house_rules"])
    made = make(client, name="the club")
    check("tables-answer", client.get("/api/tables").json())
    table = check("table-answer", client.get(f"/api/tables/{made['id']}").json())
    assert table["name"] == "the club"
    assert "Standard four-player partnership Spades" in table["rules"]
    missing = client.get("/api/tables/nosuchtable")
    assert missing.status_code == 404
    check("error-answer", missing.json())


def test_validate_locates_problems_on_their_lines(client: TestClient) -> None:
    text = "extends: standard\nscoring:\n  bags:\n    limit: 0\n"
    check("validate-request", {"variant": text})
    answer = check("validate-answer", client.post("/api/validate", json={"variant": text}).json())
    assert [(p["line"], p["column"], p["path"]) for p in answer["problems"]] == [
        (4, 12, "scoring.bags.limit")
    ]
    good = client.post("/api/validate", json={"variant": "extends: nyc\n"}).json()
    assert good["problems"] == [] and good["name"] == "nyc" and good["players"] == 4


def test_an_invalid_variant_answers_422_with_its_problems(client: TestClient) -> None:
    body = {"variant": "extends: standard\nbidding: {nil: maybe}\n", "seats": ["human"] * 4}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 422
    problems = check("problems-answer", answer.json())["problems"]
    assert problems[0]["line"] == 2 and problems[0]["path"].startswith("bidding")


def test_a_variant_may_not_name_a_file_on_the_server(client: TestClient) -> None:
    for text in ("extends: /etc/passwd\n", "extends: standard\nhouse_rules: [../../x.yaml]\n"):
        answer = client.post("/api/tables", json={"variant": text, "seats": ["human"] * 4})
        assert answer.status_code == 422
        problems = answer.json()["problems"]
        assert [p["code"] for p in problems] == ["server_file"]
        assert "root:" not in json.dumps(problems)


def test_a_bad_request_answers_400_saying_what_is_wrong(client: TestClient) -> None:
    for body, words in [
        ({"variant": "standard", "seats": ["human"] * 3}, "has 4 seats"),
        ({"variant": "standard", "seats": ["human", "genius", "easy", "easy"]}, "seats[1]"),
        ({"variant": "standard", "seats": ["human"] * 4, "seed": -1}, "seed"),
        ({"variant": "standard", "seats": ["human"] * 4, "colour": "red"}, "unknown key"),
    ]:
        answer = client.post("/api/tables", json=body)
        assert answer.status_code == 400, body
        assert words in check("error-answer", answer.json())["error"]["message"]
    garbage = client.post("/api/tables", content=b"{not json")
    assert garbage.status_code == 400 and garbage.json()["error"]["code"] == "bad_json"


def test_a_whole_game_by_the_schemas_alone(client: TestClient) -> None:
    """One person (choosing at random among the legal texts) and three Easy bots play a
    whole game (two deals: a table's own house rules); every message follows its schema and
    the seq counts every action."""
    made = make(client, variant="extends: standard\ngame_end:\n  max_deals: 2\n", seed=3)
    token = made["seats"][0]["token"]
    rng = random.Random(3)
    seen: list[int] = []
    with client.websocket_connect(f"/ws/{made['id']}?token={token}") as ws:
        state = until_state(ws)
        while not state["over"]:
            seen.append(state["seq"])
            assert state["seat"] == 0
            if state["legal"]:
                assert state["observation"]["current_player"] == 0
                ws.send_json(
                    check(
                        "act",
                        {"type": "act", "action": rng.choice(state["legal"]), "seq": state["seq"]},
                    )
                )
                state = until_state(ws, lambda m, s=state["seq"]: m["seq"] > s)
            else:
                state = until_state(ws)
    assert state["observation"]["is_over"] and state["last_deal"] is not None
    assert seen == sorted(seen)
    record = client.get(f"/api/tables/{made['id']}/record").json()
    assert len(record["actions"]) == state["seq"]


def test_refusals_change_nothing(client: TestClient) -> None:
    made = make(client, seats=["human", "human", "human", "human"], seed=5)
    links = {seat["seat"]: seat["token"] for seat in made["seats"]}
    with client.websocket_connect(f"/ws/{made['id']}?token={links[0]}") as ws:
        state = until_state(ws)
        actor = state["observation"]["current_player"]
        wrong = (actor + 1) % 4
        with client.websocket_connect(f"/ws/{made['id']}?token={links[wrong]}") as other:
            mine = until_state(other)
            assert mine["legal"] == [] and mine["seat"] == wrong
            other.send_json({"type": "act", "action": "bid 3", "seq": mine["seq"]})
            refused = receive(other)
            assert refused["type"] == "refused" and refused["rule"] == "turn"
        with client.websocket_connect(f"/ws/{made['id']}?token={links[actor]}") as right:
            mine = until_state(right)
            right.send_json({"type": "act", "action": "bid 99", "seq": mine["seq"]})
            illegal = receive(right)  # the rule the engine names: a variant key, or "action"
            assert illegal["type"] == "refused" and illegal["rule"] not in {
                "",
                "turn",
                "seq",
                "seat",
            }
            right.send_json({"type": "act", "action": mine["legal"][0], "seq": mine["seq"] + 7})
            stale = receive(right)
            assert stale["type"] == "refused" and stale["rule"] == "seq" and stale["seq"] == 0
            right.send_json({"type": "sync"})
            assert until_state(right)["seq"] == 0
    with client.websocket_connect(f"/ws/{made['id']}") as spectator:
        seen = until_state(spectator)
        assert seen["seat"] is None and seen["observation"]["hand"] is None
        spectator.send_json({"type": "act", "action": "bid 3", "seq": 0})
        assert receive(spectator)["rule"] == "seat"
    assert client.get(f"/api/tables/{made['id']}").json()["seq"] == 0


def test_bad_messages_get_errors_and_the_table_goes_on(client: TestClient) -> None:
    made = make(client, seats=["human", "human", "human", "human"], seed=9)
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        until_state(ws)
        for frame, code in [
            ("{not json", "bad_json"),
            ("[1, 2]", "bad_message"),
            ('{"type": "hello"}', "unknown_type"),
            ('{"no": "type"}', "unknown_type"),
            ('{"type": "act", "action": 3, "seq": 0}', "bad_message"),
            ('{"type": "act", "action": "bid 3", "seq": true}', "bad_message"),
            ('{"type": "ping", "extra": 1}', "bad_message"),
            ("x" * 5000, "too_big"),
            ("[" * 100000 + "]" * 100000, "too_big"),
        ]:
            ws.send_text(frame)
            answer = receive(ws)
            assert answer == {"type": "error", "code": code, "message": answer["message"]}
        ws.send_bytes(b'{"type": "ping"}')
        assert receive(ws) == {"type": "pong"}
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        until_state(ws)
        codes = []
        for _ in range(60):  # faster than 20 a second, more than a burst of 40
            ws.send_json({"type": "ping"})
        for _ in range(60):
            codes.append(receive(ws).get("code"))
        assert "rate_limited" in codes and codes.count(None) >= 40
    assert client.get(f"/api/tables/{made['id']}").status_code == 200


def test_a_token_is_only_its_own_seats(client: TestClient) -> None:
    first = make(client, seats=["human", "human", "human", "human"], seed=1)
    second = make(client, seats=["human", "human", "human", "human"], seed=1)
    token = first["seats"][0]["token"]
    assert len({seat["token"] for seat in first["seats"] + second["seats"]}) == 8
    for table, bad in [(second["id"], token), (first["id"], token[:-1] + "x"), ("nope", token)]:
        with client.websocket_connect(f"/ws/{table}?token={bad}") as ws:
            answer = receive(ws)
            assert answer["type"] == "error" and answer["code"] in {"bad_token", "no_table"}
    with client.websocket_connect(f"/ws/{first['id']}?token={token}") as ws:
        assert until_state(ws)["seat"] == 0


def test_making_tables_is_rate_limited_per_address(tmp_path: Path) -> None:
    pool = BotPool(1, kind="thread")
    app = create_app(tmp_path / "limited.sqlite3", pool=pool, writes=(0.01, 3))
    body = {"variant": "standard", "seats": ["human"] * 4}
    with TestClient(app) as limited:
        codes = [limited.post("/api/tables", json=body).status_code for _ in range(3)]
        codes.append(limited.post("/api/validate", json={"variant": "nyc"}).status_code)
        refused = limited.post("/api/tables", json=body)
        assert codes == [201, 201, 201, 429] and refused.status_code == 429
        assert check("error-answer", refused.json())["error"]["code"] == "rate_limited"
        assert limited.get("/api/tables").status_code == 200  # reading is not limited
    pool.close()


def finished_table(client: TestClient, deals: int = 2) -> str:
    """A table of four Easy bots whose game of ``deals`` deals is over."""
    made = make(
        client,
        variant=f"extends: standard\ngame_end:\n  max_deals: {deals}\n",
        seats=["easy"] * 4,
        seed=21,
    )
    for _ in range(600):
        if client.get(f"/api/tables/{made['id']}").json()["over"]:
            return str(made["id"])
        time.sleep(0.05)
    raise AssertionError("the bots did not finish the game")


@pytest.mark.skipif(backend() != "native", reason="the review needs the native solver")
def test_a_finished_deal_is_reviewed_card_by_card(client: TestClient) -> None:
    """The review is ``spadeslib analyze``'s for the public record, sums up each seat's
    lost tricks, and is worked out once."""
    from spadeslib.analysis import review_record

    table = finished_table(client)
    record = client.get(f"/api/tables/{table}/record").json()
    for deal in (1, 2):
        answer = check(
            "review-answer", client.get(f"/api/tables/{table}/review?deal={deal}").json()
        )
        assert answer == review_record(record, deals={deal})[0].as_dict()
        assert len(answer["cards"]) == 52 and answer["deal"] == deal
        assert answer["double_dummy"] == max(answer["first_lead"].values())
        for seat in answer["seats"]:
            lost = [c for c in answer["cards"] if c["seat"] == seat["seat"] and c["lost"]]
            assert seat["lost"] == sum(c["lost"] for c in lost)
            assert [(c["trick"], c["card"]) for c in seat["cards"]] == [
                (c["trick"], c["card"]) for c in lost
            ]
    assert client.get(f"/api/tables/{table}/review").json()["deal"] == 2  # the last one
    summary = check("table-answer", client.get(f"/api/tables/{table}").json())
    assert summary["review_url"] == f"/api/tables/{table}/review"


def test_a_review_asked_for_a_deal_not_finished_says_which_are(client: TestClient) -> None:
    fresh = make(client, seats=["human"] * 4, seed=8)["id"]
    answer = client.get(f"/api/tables/{fresh}/review")
    if backend() == "native":
        assert answer.status_code == 400
        assert check("error-answer", answer.json())["error"]["code"] == "no_deal"
        assert "none yet" in answer.json()["error"]["message"]
    table = finished_table(client)
    for deal in ("0", "3", "-1", "x", "1.0", "9" * 40):
        answer = client.get(f"/api/tables/{table}/review", params={"deal": deal})
        if backend() != "native":
            assert answer.status_code == 503
            continue
        assert answer.status_code == 400, deal
        error = check("error-answer", answer.json())["error"]
        assert error["code"] == "no_deal" and "1 to 2" in error["message"], error
    missing = client.get("/api/tables/nosuchtable/review")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "no_table"


def test_a_server_without_the_native_core_says_it_reviews_nothing(client: TestClient) -> None:
    table = finished_table(client)
    with pure_python():
        answer = client.get(f"/api/tables/{table}/review?deal=1")
        summary = check("table-answer", client.get(f"/api/tables/{table}").json())
    assert summary["review_url"] is None  # so the page does not ask
    assert answer.status_code == 503
    error = check("error-answer", answer.json())["error"]
    assert error["code"] == "unavailable" and "native core" in error["message"]
