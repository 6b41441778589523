"""While a deal's play lasts it alone holds the cards, the trick, the tricks and the seat to
act (and a native deal's auction, from its first bid): the state reads them through it,
refuses to have them set, and takes them over once, when the play ends
(engine/core/state.py, ``State.end_play``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from spadeslib import _backend
from spadeslib.compiler.bids import NO_BID
from spadeslib.compiler.phases import Phase
from spadeslib.engine import Game
from spadeslib.engine.core.state import AuctionState, PlayState

PATHS = ["native", "python"]


def _game(path: str, seed: int = 1) -> Game:
    if path == "python":
        with _backend.pure_python():
            return Game("standard", seed=seed)
    if _backend.native() is None:
        pytest.skip("the native core is not built here")
    return Game("standard", seed=seed)


def _to_the_play(game: Game, cards: int) -> None:
    rng = random.Random(0)
    while game.phase != "play":
        ids = game.legal_action_ids()
        game.apply_id(ids[rng.randrange(len(ids))])
    for _ in range(cards):
        game.apply_id(game.legal_action_ids()[0])


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("hands", [0, 0, 0, 0]),
        ("trick", []),
        ("leader", 0),
        ("actor", 0),
        ("trick_number", 0),
        ("broken", True),
        ("tricks", [0, 0, 0, 0]),
        ("must_lead", 0),
        ("trick_log", []),
        ("log", None),
    ],
)
def test_a_field_the_play_holds_cannot_be_set_while_it_lasts(
    path: str, name: str, value: Any
) -> None:
    game = _game(path)
    _to_the_play(game, cards=5)
    before = game.state_dict()
    with pytest.raises(AttributeError, match="play"):
        setattr(game._s, name, value)
    assert game.state_dict() == before


@pytest.mark.parametrize("path", PATHS)
def test_the_state_reads_the_cards_from_the_play_as_they_are_played(path: str) -> None:
    game = _game(path)
    _to_the_play(game, cards=0)
    s = game._s
    seat = s.actor
    hand = s.hands[seat]
    card = game.legal_action_ids()[0]
    actions = s.actions()
    game.apply_id(card)
    assert s.hands[seat] == hand & ~(1 << card)
    assert s.trick == [card]
    assert s.actor == (seat + 1) % 4
    assert s.actions() == [*actions, card]
    s.hands[seat] |= 1 << card  # a list the state gave: changing it changes nothing
    assert s.hands[seat] == hand & ~(1 << card)


@pytest.mark.parametrize("path", PATHS)
def test_the_play_hands_over_its_final_position_once_at_its_end(path: str) -> None:
    game = _game(path)
    _to_the_play(game, cards=0)
    s = game._s
    before = s.actions()
    played = []
    while s.play is not None:
        last = s.clone()
        played.append(game.legal_action_ids()[0])
        game.apply_id(played[-1])
    assert last.play is not None and last.actions() == [*before, *played[:-1]]
    assert s.play is None
    assert s.actions() == [*before, *played]  # the play's cards, in the log once
    assert sum(s.tricks) == 13 and len(s.trick_log) == 13 and s.trick == []
    assert [card for _, cards in s.trick_log for card in cards] == played
    assert s.hands == [0, 0, 0, 0]
    s.hands = [0, 0, 0, 0]  # the state's own again: it may be set


def test_a_native_auction_holds_the_bids_and_the_phase_until_the_play_ends() -> None:
    game = _game("native")
    s = game._s
    play: Any = s.play
    assert play is not None and play.with_auction and play.bidding  # standard: natively
    dealt = tuple(s.hands)
    seat = s.actor
    game.apply("bid 3")
    assert s.bids[seat] == 3 and s.phase == Phase.BID and s.step == 1
    assert s.decisions[-1] == (seat, s.space.BID + 3)
    with pytest.raises(AttributeError, match="play"):
        s.bids = [NO_BID] * 4
    with pytest.raises(AttributeError, match="play"):
        s.phase = Phase.PLAY
    for _ in range(3):
        game.apply("bid 3")
    # the play goes on from the last bid, natively: the auction is settled into the state
    # at the first look at it, and is the state's own from then on
    assert type(s) is AuctionState
    assert s.phase == Phase.PLAY and s.step == 0 and s.steps == ()
    assert type(s) is PlayState
    s.contracts = s.contracts  # (the state's own now: it may be set)
    assert s.first_hands == dealt
    assert [bid for _, bid in s.decisions[-4:]] == [s.space.BID + 3] * 4
    while s.play is not None:
        game.apply_id(game.legal_action_ids()[0])
    assert s.bids == [3, 3, 3, 3] and s.first_hands == dealt  # the state's own now
    assert game.phase != "play"
