"""Tensors, masks and returns for learning agents (issue 13): layouts generated from the
variant, every piece where its layout says, the mask is the legal ids, returns add up."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game_helpers import plausible_id, play_game, played
from spadeslib.engine import Game
from spadeslib.engine.views.tensors import information_state_layout, observation_layout
from spadeslib.errors import ArgumentError
from spadeslib.loader import bundled_variants
from spadeslib.testing import games
from spadeslib.variant import load_variant, parse_variant

BUNDLED = sorted(bundled_variants())


@pytest.mark.parametrize("name", BUNDLED)
def test_every_bundled_variant_has_both_tensors_laid_out_as_documented(name: str) -> None:
    rules = load_variant(name).compile()
    for layout in (observation_layout(rules), information_state_layout(rules)):
        starts = [piece.start for piece in layout.pieces]
        assert starts[0] == 0
        assert starts[1:] == [piece.stop for piece in layout.pieces[:-1]]
        assert layout.size == layout.pieces[-1].stop
        assert layout["hand"].shape == (rules.size,)
        assert layout["trick"].shape == (rules.players, rules.size)
        assert f"**{layout.size}**" in layout.markdown()
    observation = observation_layout(rules)
    info = information_state_layout(rules)
    assert [p.name for p in info.pieces[: len(observation.pieces)]] == [
        p.name for p in observation.pieces
    ]
    game = played(name, 3, 40)
    for seat in range(rules.players):
        tensor = game.observation_tensor(seat)
        assert tensor.dtype == np.float32 and tensor.shape == observation.shape
        full = game.information_state_tensor(seat)
        assert full.shape == info.shape
        assert np.array_equal(full[: observation.size], tensor)


def test_a_layout_has_the_pieces_of_the_phases_the_variant_has() -> None:
    standard = observation_layout(load_variant("standard").compile())
    assert "passed" not in standard and "cut" not in standard and "given" in standard
    mixed = parse_variant("extends: standard\nhouse_rules: [passing-three, french-cut]\n")
    layout = observation_layout(mixed.compile())
    assert "passed" in layout and "cut" in layout and layout["cut_given"].shape == (4, 52)
    drawing = observation_layout(load_variant("two-handed").compile())
    assert "top_card" in drawing and drawing["trick"].shape == (2, 52)
    assert observation_layout(load_variant("six-handed").compile())["played"].shape == (6, 102)


def _cards(rules: object, row: np.ndarray) -> set[str]:
    deck = rules.deck  # type: ignore[attr-defined]
    return {str(deck[bit]) for bit in np.flatnonzero(row)}


def test_the_pieces_hold_what_the_observation_shows() -> None:
    """Standard, seat 2 in the middle of a trick: its hand, the trick by relative seat,
    the cards played, the bids, the turn, all where the layout says."""
    game = Game("standard", seed=11, dealer=0)
    for action in ("bid 3", "bid 4", "bid 2", "bid 3"):
        game.apply(action)
    rng = random.Random(1)
    while len(game.trick) != 2 or game.current_player != 3:
        game.apply_id(plausible_id(game, rng))
    rules = game.variant.compile()
    layout = observation_layout(rules)
    seat = 2
    tensor = game.observation_tensor(seat)
    view = layout.view
    assert _cards(rules, view(tensor, "hand")) == {str(c) for c in game.hand(seat)}
    observation = game.observation(seat)
    trick = view(tensor, "trick")
    for who, card in observation.trick:
        assert _cards(rules, trick[(who - seat) % 4]) == {str(card)}
    assert trick.sum() == 2
    played = view(tensor, "played")
    for leader, cards in observation.tricks:
        for index, card in enumerate(cards):
            assert str(card) in _cards(rules, played[(leader + index - seat) % 4])
    assert played.sum() == 4 * len(observation.tricks)
    assert list(view(tensor, "to_act")) == [0, 1, 0, 0]  # seat 3 is on seat 2's left
    assert list(view(tensor, "seat")) == [0, 0, 1, 0]
    bids = view(tensor, "bids")  # seats 1, 2, 3, 0 bid 3, 4, 2, 3; rows from seat 2
    assert [int(np.argmax(row)) - 3 for row in bids] == [4, 2, 3, 3]
    assert view(tensor, "tricks_won").sum() * 13 == sum(game.tricks_won)
    assert view(tensor, "looked")[0] == 1
    assert np.isfinite(tensor).all() and (tensor >= -10).all()


def test_a_hand_not_yet_looked_at_is_not_in_the_tensor() -> None:
    game = Game(parse_variant("extends: standard\nhouse_rules: [blind-nil-any-time]\n"), seed=1)
    assert game.phase == "blind"
    seat = game.current_player
    assert seat is not None
    layout = observation_layout(game.variant.compile())
    tensor = game.observation_tensor(seat)
    assert layout.view(tensor, "hand").sum() == 0 and layout.view(tensor, "looked")[0] == 0


def test_two_packs_fill_a_face_lowest_copy_first() -> None:
    game = played("six-handed", 2, 0)
    rules = game.variant.compile()
    layout = observation_layout(rules)
    for seat in range(rules.players):
        hand = layout.view(game.observation_tensor(seat), "hand")
        held = game.hand(seat)
        assert hand.sum() == len(held)
        for bit in np.flatnonzero(hand):
            face = rules.face_mask[bit]
            first = (face & -face).bit_length() - 1
            copies = sum(1 for card in held if card == rules.deck[bit])
            assert bit == first or copies == 2


def test_the_auction_is_in_the_information_state_in_order() -> None:
    game = Game("standard", seed=4, dealer=0)
    for action in ("bid 3", "nil", "bid 5", "bid 4"):
        game.apply(action)
    rules = game.variant.compile()
    layout = information_state_layout(rules)
    auction = layout.view(game.information_state_tensor(0), "auction")
    space = rules.actions
    columns = sorted(space.auction_ids)
    rows = [
        ((int(np.argmax(row[:4])) + 0) % 4, space.action(columns[int(np.argmax(row[4:]))]))
        for row in auction
        if row.any()
    ]
    assert [(who, str(action)) for who, action in rows] == [
        (1, "bid 3"),
        (2, "nil"),
        (3, "bid 5"),
        (0, "bid 4"),
    ]


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(game=games(max_actions=150), seat=st.integers(0, 5))
def test_tensors_of_any_variant_are_finite_and_their_size(game: Game, seat: int) -> None:
    rules = game.variant.compile()
    seat %= rules.players
    tensor = game.information_state_tensor(seat)
    assert tensor.shape == information_state_layout(rules).shape
    assert np.isfinite(tensor).all()
    mask = game.legal_action_mask()
    assert mask.dtype == np.bool_ and mask.shape == (game.num_distinct_actions,)
    assert list(np.flatnonzero(mask)) == game.legal_action_ids()


def test_a_bad_seat_is_refused() -> None:
    game = Game("standard", seed=1)
    for bad in (-1, 4, "0"):
        with pytest.raises(ArgumentError, match="no seat"):
            game.observation_tensor(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "name", ["standard", "cutthroat", "extends: six-handed\nhouse_rules: [max-deals-10]\n", "nyc"]
)
def test_returns_add_up_to_zero_at_the_end_and_follow_the_winner(name: str) -> None:
    game = Game(parse_variant(name) if ":" in name else name, seed=2)
    assert game.returns() == (0.0,) * game.variant.table.players
    assert game.returns("deal") == (0.0,) * game.variant.table.players
    play_game(game, random.Random(2))
    returns = game.returns()
    assert abs(sum(returns)) < 1e-9
    rules = game.variant.compile()
    if game.winner is not None:
        for seat, value in enumerate(returns):
            assert value == (1.0 if rules.side_of[seat] == game.winner else value)
            assert (value > 0) == (rules.side_of[seat] == game.winner)
    last = game.deal_history[-1].score.sides
    assert game.returns("deal") == tuple(
        float(last[rules.side_of[seat]].total) for seat in range(rules.players)
    )
    with pytest.raises(ArgumentError, match="scope"):
        game.returns("hand")


@pytest.mark.parametrize("name", bundled_variants())
def test_the_returns_of_each_deal_are_its_explained_points(name: str) -> None:
    """``returns("deal")`` reads the points the engine keeps as numbers; the explained
    score (made apart, when read) must give the same after every deal, both paths."""
    game = Game(name, seed=5)
    rules = game.variant.compile()
    rng = random.Random(5)
    while not game.is_over and game.deal_number < 4:
        game.rollout(rng)
        sides = game.deal_history[-1].score.sides
        assert game.returns("deal") == tuple(float(sides[side].total) for side in rules.side_of)


def test_returns_between_deals_leave_the_next_deal_undealt() -> None:
    """An OpenSpiel chance node gives the next deal (``deal_next``): asking for the
    returns first must not deal it from the seed."""
    game = Game("standard", seed=6)
    game.rollout(1)
    assert game.between_deals
    points = game.returns("deal")
    assert game.between_deals and points != (0.0,) * 4
    other = Game("standard", seed=99)
    hands = [" ".join(map(str, other.hand(seat))) for seat in range(4)]
    game.deal_next(hands)
    assert [game.hand(seat) for seat in range(4)] == [other.hand(seat) for seat in range(4)]
