"""Rules coverage: who may bid blind, and the card exchanges after a Nil (spec A3, B2, B9,
B10, Part D).

Eligibility depends on the scores, so most cases first play a scripted deal whose result
is known: ``ONE_SUIT_EACH`` dealt by seat 3 gives seat 0 every spade, so seat 0 wins all 13
tricks whatever anyone plays, and the four bids alone fix both sides' scores. The second
deal (dealer 0) then opens with seat 1, of side 1 (seats 1 and 3), which trails.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

from spadeslib import Game, IllegalActionError, Variant, parse_variant

ONE_SUIT_EACH = [
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
]
MIXED = [
    "AS KH QD JC TS 9H 8D 7C 6S 5H 4D 3C 2S",
    "KS QH JD TC 9S 8H 7D 6C 5S 4H 3D 2C AH",
    "QS JH TD 9C 8S 7H 6D 5C 4S 3H 2D AC KD",
    "JS TH 9D 8C 7S 6H 5D 4C 3S 2H AD KC QC",
]

# The first deal's bids (seats 0, 1, 2, 3) and the scores they give (side 0, side 1):
# side 0 takes all 13 tricks, side 1 none. Side 1 trails by the named gap.
FIRST_DEALS: dict[str, tuple[tuple[str, ...], tuple[int, int]]] = {
    # 4 bid, 13 won: 40 + 9 bags = 49; side 1 bid 5, won 0: -50.
    "behind 99": (("bid 3", "bid 2", "bid 1", "bid 3"), (49, -50)),
    # 13 bid and made: 130; side 1 Nil made +100, bid 7 set -70: 30.
    "behind 100": (("bid 12", "nil", "bid 1", "bid 7"), (130, 30)),
    # seat 0 bid 4 (+40, 9 bags), seat 2 Nil made (+100): 149; side 1 set -50.
    "behind 199": (("bid 4", "bid 2", "nil", "bid 3"), (149, -50)),
    # 130 against a bid of 7 set: -70.
    "behind 200": (("bid 12", "bid 3", "bid 1", "bid 4"), (130, -70)),
}


def texts(game: Game) -> list[str]:
    return [str(action) for action in game.legal_actions()]


def house(*rules: str, extra: str = "") -> Variant:
    return parse_variant("extends: standard\nhouse_rules: [" + ", ".join(rules) + "]\n" + extra)


def dump(game: Game) -> str:
    return json.dumps(game.state_dict(), sort_keys=True)


def play_out_deal(game: Game, bids: Sequence[str] = ()) -> Game:
    """Finish the current deal: decline blind bids, make ``bids`` in turn, then play the
    first legal action until the next deal starts."""
    start = game.deal_number
    pending = list(bids)
    while game.deal_number == start and not game.is_over:
        if game.phase == "blind":
            game.apply("look")
        elif game.phase == "bidding" and pending:
            game.apply(pending.pop(0))
        else:
            game.apply(game.legal_actions()[0])
    assert not pending, f"bids left over: {pending}"
    return game


def second_deal(variant: Variant, gap: str) -> Game:
    """A game in its second deal, side 1 trailing side 0 by ``gap`` (see FIRST_DEALS)."""
    bids, scores = FIRST_DEALS[gap]
    game = play_out_deal(Game(variant, seed=11, dealer=3, deal=ONE_SUIT_EACH), bids)
    assert game.scores == scores, "the scripted first deal no longer scores as planned"
    assert game.deal_number == 1 and game.dealer == 0 and game.current_player == 1
    return game


# -- Blind Nil eligibility (A3, B9) -------------------------------------------------------

ELIGIBILITY = [
    # (house rules, gap after the first deal, Blind Nil offered to the trailing side)
    pytest.param((), "behind 99", False, id="A3 behind by 99: no Blind Nil"),
    pytest.param((), "behind 100", True, id="A3 behind by 100: Blind Nil offered"),
    pytest.param(("blind-nil-behind-200",), "behind 100", False, id="B9 behind 200: 100 is not"),
    pytest.param(("blind-nil-behind-200",), "behind 199", False, id="B9 behind 200: 199 is not"),
    pytest.param(("blind-nil-behind-200",), "behind 200", True, id="B9 behind 200: offered"),
    pytest.param(
        ("blind-nil-behind-by-value",), "behind 199", False, id="B9 behind by its value 200: 199"
    ),
    pytest.param(
        ("blind-nil-behind-by-value",), "behind 200", True, id="B9 behind by its value 200: 200"
    ),
    pytest.param(
        ("blind-nil-behind-by-value", "blind-nil-100"),
        "behind 99",
        False,
        id="B9 behind by its value 100: 99",
    ),
    pytest.param(
        ("blind-nil-behind-by-value", "blind-nil-100"),
        "behind 100",
        True,
        id="B9 behind by its value 100: 100",
    ),
]


@pytest.mark.parametrize(("rules", "gap", "offered"), ELIGIBILITY)
def test_blind_nil_eligibility_by_score(rules: tuple[str, ...], gap: str, offered: bool) -> None:
    game = second_deal(house(*rules), gap)
    if offered:
        assert game.phase == "blind"
        assert texts(game) == ["blind nil", "look"]
        assert game.observation(1).hand is None  # asked before looking
        game.apply("look")
        game.apply("bid 3")
        # The leading side (seat 2) is never asked: it bids with its cards in view.
        assert game.phase == "bidding" and game.current_player == 2
        assert game.observation(2).hand is not None
        assert "blind nil" not in game.legal_actions()
    else:
        assert game.phase == "bidding"
        assert game.observation(1).hand is not None
        assert "blind nil" not in game.legal_actions()
        assert texts(game)[:2] == ["nil", "bid 1"]
        before = dump(game)
        with pytest.raises(IllegalActionError):
            game.apply("blind nil")
        assert dump(game) == before


@pytest.mark.parametrize(
    ("rules", "first_deal_offers"),
    [
        pytest.param(("blind-nil-any-time",), True, id="B9 always: offered in the first deal"),
        pytest.param(
            ("blind-nil-any-time", "blind-nil-not-first-deal"),
            False,
            id="B9 not in the first deal",
        ),
    ],
)
def test_blind_nil_not_in_the_first_deal(rules: tuple[str, ...], first_deal_offers: bool) -> None:
    game = Game(house(*rules), seed=11, dealer=3, deal=ONE_SUIT_EACH)
    assert game.current_player == 0
    assert ("blind nil" in game.legal_actions()) is first_deal_offers
    assert (game.phase == "blind") is first_deal_offers
    # From the second deal on it is offered again, even to the side ahead.
    play_out_deal(game, FIRST_DEALS["behind 100"][0])
    assert game.deal_number == 1 and game.scores == (130, 30)
    assert game.phase == "blind" and texts(game) == ["blind nil", "look"]
    game.apply("look")
    game.apply("bid 3")
    assert game.current_player == 2 and texts(game) == ["blind nil", "look"]  # side 0 leads


# -- blind bids of a number of tricks (B2, B10) --------------------------------------------

BLIND_BEHIND_200 = house(
    "no-blind-nil",
    extra="bidding: {blind: {enabled: true, min_bid: 7, max_bid: 10,"
    " eligibility: {kind: behind, points: 200}}}\n",
)


@pytest.mark.parametrize(
    ("gap", "offered"),
    [
        pytest.param("behind 199", False, id="B10 blind behind 200: 199 is not"),
        pytest.param("behind 200", True, id="B10 blind behind 200: offered, 7 to 10"),
    ],
)
def test_b10_blind_bid_behind_n_and_maximum(gap: str, offered: bool) -> None:
    game = second_deal(BLIND_BEHIND_200, gap)
    if offered:
        assert game.phase == "blind" and game.observation(1).hand is None
        assert texts(game) == ["look", "blind 7", "blind 8", "blind 9", "blind 10"]
        before = dump(game)
        with pytest.raises(IllegalActionError):
            game.apply("blind 11")  # above max_bid
        assert dump(game) == before
    else:
        assert game.phase == "bidding" and game.observation(1).hand is not None
        with pytest.raises(IllegalActionError):
            game.apply("blind 7")


@pytest.mark.parametrize(
    ("max_bid", "highest"),
    [pytest.param("10", 10, id="B10 blind max 10"), pytest.param("null", 13, id="B10 no max")],
)
def test_b10_blind_bid_maximum(max_bid: str, highest: int) -> None:
    variant = house(
        "no-blind-nil",
        extra=f"bidding: {{blind: {{enabled: true, min_bid: 7, max_bid: {max_bid}}}}}\n",
    )
    game = Game(variant, seed=1, dealer=0, deal=MIXED)
    assert texts(game) == ["look"] + [f"blind {n}" for n in range(7, highest + 1)]


NYC_SEAT_0_ALL_TRUMPS = [  # seat 0 holds the 13 highest trumps and wins every trick
    "BJ LJ 2D 2S AS KS QS JS TS 9S 8S 7S 6S",
    "5S AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H",
    "4S AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D",
    "3S AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C",
]
TEAM_BIDS_4_TO_10 = [f"bid {n}" for n in range(4, 11)]


def test_b2_nyc_blind_bid_when_behind_by_100() -> None:
    game = Game("nyc", seed=1, dealer=3, deal=NYC_SEAT_0_ALL_TRUMPS)
    play_out_deal(game)  # the first hand bids itself: 10 a trick
    assert game.scores == (130, 0) and game.deal_number == 1 and game.dealer == 0
    # The dealer's opponents (side 1, 130 behind) bid first and may bid blind, 6 to 10.
    assert game.phase == "blind" and game.current_player == 1
    assert texts(game) == ["look", "blind 6", "blind 7", "blind 8", "blind 9", "blind 10"]
    assert game.observation(1).hand is None and game.observation(3).hand is None
    game.apply("look")
    assert texts(game) == TEAM_BIDS_4_TO_10
    game.apply("bid 5")
    # Side 0 is ahead: no blind decision, straight to a team bid of 4 to 10.
    assert game.phase == "bidding" and game.current_player == 2
    assert texts(game) == TEAM_BIDS_4_TO_10


def test_b2_nyc_no_blind_bid_when_behind_by_less() -> None:
    game = play_out_deal(Game("nyc", seed=1, dealer=0))
    assert game.scores == (50, 80), "the seeded first deal no longer scores as planned"
    assert game.phase == "bidding" and game.current_player == 2  # side 0, 30 behind
    assert game.observation(2).hand is not None
    assert texts(game) == TEAM_BIDS_4_TO_10
    with pytest.raises(IllegalActionError):
        game.apply("blind 6")


# -- exchanges after a Nil (A3, B9) ---------------------------------------------------------


def _cards(action_text: str) -> list[str]:
    return action_text.split()[1:]


def _exchange(game: Game, nil_seat: int, partner: int, size: int) -> None:
    """Check the exchange that follows: the Nil bidder gives ``size`` cards first, the
    partner sees them, then gives back as many; then play starts."""
    assert game.phase == "exchange" and game.current_player == nil_seat
    given: list[str] = []
    for left in range(size):  # one card at a time, from any of the thirteen
        gives = texts(game)
        assert len(gives) == 13 - left
        assert all(len(_cards(give)) == 1 for give in gives)
        given += _cards(gives[0])
        game.apply(gives[0])
    assert game.current_player == partner
    assert sorted(map(str, game.observation(partner).received)) == sorted(given)
    back: list[str] = []
    for left in range(size):
        backs = texts(game)
        assert len(backs) == 13 + size - left  # the partner may give back what it got
        back += _cards(backs[-1])
        game.apply(backs[-1])
    assert sorted(map(str, game.observation(nil_seat).received)) == sorted(back)
    assert game.phase == "play"
    assert all(len(game.hand(seat)) == 13 for seat in range(4))


@pytest.mark.parametrize(
    ("rules", "size"),
    [
        pytest.param(("blind-nil-any-time",), 2, id="A3 Blind Nil exchanges 2"),
        pytest.param(
            ("blind-nil-any-time", "blind-nil-exchange-three"), 3, id="B9 Blind Nil exchanges 3"
        ),
    ],
)
def test_blind_nil_exchange_size(rules: tuple[str, ...], size: int) -> None:
    game = Game(house(*rules), seed=1, dealer=0, deal=MIXED)
    for action in ("blind nil", "look", "bid 3", "bid 4", "look", "bid 2"):
        game.apply(action)
    _exchange(game, nil_seat=1, partner=3, size=size)


@pytest.mark.parametrize(
    ("rules", "extra", "size"),
    [
        pytest.param(("nil-exchange-two",), "", 2, id="B9 Nil exchanges 2"),
        pytest.param((), "bidding: {nil: {exchange: 3}}\n", 3, id="B9 Nil exchanges 3"),
        pytest.param((), "bidding: {nil: {exchange: 4}}\n", 4, id="B9 Nil exchanges 4"),
        pytest.param((), "", 0, id="A3 no exchange on an ordinary Nil"),
    ],
)
def test_b9_exchange_on_ordinary_nil(rules: tuple[str, ...], extra: str, size: int) -> None:
    game = Game(house(*rules, extra=extra), seed=1, dealer=0, deal=MIXED)
    for action in ("nil", "bid 3", "bid 3", "bid 3"):
        game.apply(action)
    if size == 0:
        assert game.phase == "play"
    else:
        _exchange(game, nil_seat=1, partner=3, size=size)


@pytest.mark.parametrize(
    ("rules", "actions", "phase"),
    [
        pytest.param(
            ("nil-exchange-two",),
            ("nil", "bid 3", "nil", "bid 3"),
            "play",
            id="B9 both partners Nil: no Nil exchange",
        ),
        pytest.param(
            ("nil-exchange-two",),
            ("nil", "bid 3", "bid 3", "bid 3"),
            "exchange",
            id="B9 one Nil: its exchange",
        ),
        pytest.param(
            ("blind-nil-any-time",),
            ("blind nil", "look", "bid 3", "nil", "look", "bid 2"),
            "play",
            id="B9 Blind Nil and partner Nil: no exchange",
        ),
        pytest.param(
            ("blind-nil-any-time",),
            ("blind nil", "look", "bid 3", "bid 4", "look", "bid 2"),
            "exchange",
            id="A3 Blind Nil, partner bids: the exchange",
        ),
    ],
)
def test_b9_no_exchange_when_both_partners_bid_nil(
    rules: tuple[str, ...], actions: tuple[str, ...], phase: str
) -> None:
    game = Game(house(*rules), seed=1, dealer=0, deal=MIXED)
    for action in actions:
        game.apply(action)
    assert game.phase == phase
    if phase == "play":
        assert all(len(game.hand(seat)) == 13 for seat in range(4))
        assert all(game.observation(seat).received == () for seat in range(4))


# -- "double nil" (Part D) ------------------------------------------------------------------


def test_double_nil_alias_of_blind_nil() -> None:
    """Part D: with double_nil_means: blind_nil, 'double nil' is 'blind nil' (the record
    keeps the action it stands for)."""
    variant = house("blind-nil-any-time", "double-nil-means-blind-nil")
    aliased = Game(variant, seed=1, dealer=0, deal=MIXED)
    named = Game(variant, seed=1, dealer=0, deal=MIXED)
    named.apply("blind nil")
    aliased.apply("double nil")
    assert dump(aliased) == dump(named)
    assert aliased.record()["actions"] == ["blind nil"]
