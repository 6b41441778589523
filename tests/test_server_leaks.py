"""No message carries a card its receiver may not see.

Whole games (bounded to a few deals by the table's own rules) are played through a real
:class:`~spadeslib.server.table.Table`, the path every action takes on the server, and
after every action the state message of every seat and of a spectator
(:func:`spadeslib.server.view.state_message`, the one function every message goes
through) is searched for card texts. A seat may see only the cards it has held in this
deal, the cards played, and the French cut's cards; a spectator only the cards played and
cut. The deck order, the finished deals (played face up) and the rules card are public by
the rules and are left out of the search. Variants with passing, a kitty, a widow, jokers
and the French cut. The public record is checked at the same moments.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from spadeslib.bots import EasyBot
from spadeslib.engine import Game
from spadeslib.server.record import public_record
from spadeslib.server.store import SqliteStore, StoredTable
from spadeslib.server.table import Table
from spadeslib.variant import Variant

CARD = re.compile(r"\b(?:[2-9TJQKA][SHDC]|BJ|LJ)\b")

VARIANTS = {
    "passing": "extends: standard\nhouse_rules: [passing-three]\n",
    "kitty": "extends: standard\nhouse_rules: [kitty-to-dealer]\n",
    "kitty-after-bidding": "extends: standard\nhouse_rules: [kitty-to-two-of-clubs, "
    "kitty-discard-after-bidding]\n",
    "widow": "extends: widow-spades\n",
    "jokers": "extends: jjdd\n",
    "nyc": "extends: nyc\nhouse_rules: [french-cut]\n",
}


def cards_in(value: Any) -> set[str]:
    if isinstance(value, str):
        return set(CARD.findall(value))
    if isinstance(value, dict):
        return set().union(*(cards_in(item) for item in value.values())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*(cards_in(item) for item in value)) if value else set()
    return set()


def searched(message: dict[str, Any]) -> dict[str, Any]:
    """The message without what the rules make public: the deck's order, the variant's
    description (it names cards), the deals
    already played face up (``history``, ``last_deal``)."""
    out = {k: v for k, v in message.items() if k not in {"deck", "last_deal", "variant"}}
    out["observation"] = {k: v for k, v in message["observation"].items() if k != "history"}
    return out


def new_table(tmp_path: Path, text: str, seed: int, *, open_hands: bool = False) -> Table:
    from spadeslib.variant import parse_variant

    variant = parse_variant(text)
    players = variant.compile().players
    stored = StoredTable(
        "t" + str(seed),
        "leaks",
        0.0,
        variant.to_dict(),
        seed,
        ("human",) * players,
        {"open_hands": open_hands, "clock": None, "stand_in_after": None},
        False,
    )
    store = SqliteStore(tmp_path / f"{seed}.sqlite3")
    store.create(stored, {})
    game = Game(Variant.model_validate(stored.variant), seed=seed)
    return Table(stored, game, [], store, pool=None)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_no_message_carries_a_card_its_receiver_may_not_see(tmp_path: Path, name: str) -> None:
    table = new_table(tmp_path, VARIANTS[name] + "game_end:\n  max_deals: 2\n", seed=11)
    players = len(table.kinds)
    bots = [EasyBot(seat) for seat in range(players)]
    held: list[set[str]] = [set() for _ in range(players)]
    played: set[str] = set()
    deal = -1
    checked = 0
    while True:
        game = table.game
        if game.deal_number != deal and not game.is_over:  # a new deal: the last was played
            deal = game.deal_number
            held = [set() for _ in range(players)]
            played = set()
        for seat in range(players):
            held[seat] |= {str(card) for card in game.hand(seat)}
        played |= {str(card) for card in game.trick}
        cut = set(map(str, game.observation(0).cut))
        for seat in [*range(players), None]:
            message = table.view(seat)
            allowed = played | cut | (held[seat] if seat is not None else set())
            leaked = cards_in(searched(message)) - allowed
            assert leaked == set(), (name, seat, game.describe(), sorted(leaked))
            checked += 1
        check_public_record(table)
        if game.is_over:
            break
        actor = game.current_player
        assert actor is not None
        action = str(bots[actor].act(game.observation(actor)))
        if action.startswith("play "):
            played.add(action.split()[1])
        assert table.act(actor, action, table.seq) is None
    assert table.game.deal_number == 2 and checked > 500


def check_public_record(table: Table) -> None:
    """The public record holds the finished deals only, never the table's seed."""
    game = table.game
    if table.seq % 7 and not table.deal_ended:
        return  # every few actions and at every deal's end: a replay each time is slow
    record = public_record(game, table.public)
    replayed = Game.replay(record)
    if game.is_over:
        assert record == game.record()
        return
    assert record["seed"] != game.seed
    assert replayed.deal_number == game.deal_number
    assert replayed.deal_history == game.deal_history
    full = game.record()
    assert record["deals"][:-1] == full["deals"][: len(record["deals"]) - 1]
    assert record["deals"][-1] != full["deals"][len(record["deals"]) - 1]  # a stand-in
    assert full["actions"][: len(record["actions"])] == record["actions"]


def test_a_table_with_open_hands_shows_every_hand_to_everyone(tmp_path: Path) -> None:
    table = new_table(tmp_path, "extends: standard\n", seed=4, open_hands=True)
    hands = [[str(card) for card in table.game.hand(seat)] for seat in range(4)]
    for seat in [0, 1, None]:
        assert table.view(seat)["hands"] == hands
    closed = new_table(tmp_path, "extends: standard\n", seed=5)
    assert closed.view(None)["hands"] is None


def test_the_search_finds_a_card_where_there_is_one(tmp_path: Path) -> None:
    """The leak test can fail: a seat's own message holds its hand, which another seat
    may not see."""
    table = new_table(tmp_path, "extends: standard\n", seed=6)
    mine = cards_in(searched(table.view(0)))
    assert mine == {str(card) for card in table.game.hand(0)}
    assert cards_in(searched(table.view(None))) == set()
