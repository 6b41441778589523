"""Rules coverage: the two cards left over from a 54-card pack (spec B3): who takes the
kitty, when the discard happens, and Mitchell's split when the teams bid the same."""

from __future__ import annotations

import pytest

from spadeslib import Game, IllegalActionError, Variant, parse_variant

MIXED = [  # seat 1 holds the 2 of clubs
    "AS KH QD JC TS 9H 8D 7C 6S 5H 4D 3C 2S",
    "KS QH JD TC 9S 8H 7D 6C 5S 4H 3D 2C AH",
    "QS JH TD 9C 8S 7H 6D 5C 4S 3H 2D AC KD",
    "JS TH 9D 8C 7S 6H 5D 4C 3S 2H AD KC QC",
]
KITTY: dict[str, object] = {"hands": MIXED, "rest": "BJ LJ"}


def texts(game: Game) -> list[str]:
    return [str(action) for action in game.legal_actions()]


def house(*rules: str) -> Variant:
    return parse_variant("extends: standard\nhouse_rules: [" + ", ".join(rules) + "]\n")


def names(game: Game, seat: int) -> set[str]:
    return {str(card) for card in game.hand(seat)}


def sizes(game: Game) -> list[int]:
    return [len(game.hand(seat)) for seat in range(4)]


@pytest.mark.parametrize(
    ("rules", "taker"),
    [
        pytest.param(("kitty-to-two-of-clubs",), 1, id="B3 kitty to the holder of 2C"),
        pytest.param(("kitty-to-dealer",), 2, id="B3 kitty to the dealer"),
    ],
)
def test_b3_who_takes_the_kitty(rules: tuple[str, ...], taker: int) -> None:
    game = Game(house(*rules), seed=1, dealer=2, deal=KITTY)  # seat 3 is dealer's left
    assert game.phase == "discard" and game.current_player == taker
    assert {"BJ", "LJ"} <= names(game, taker)
    assert sizes(game) == [15 if seat == taker else 13 for seat in range(4)]
    for seat in range(4):  # everyone can count the taker's cards, not see them
        assert list(game.observation(seat).hand_sizes) == sizes(game)
    discards = texts(game)
    assert len(discards) == 15  # any of the fifteen, face down, one card at a time
    assert all(len(discard.split()) == 2 for discard in discards)
    with pytest.raises(IllegalActionError):
        game.apply("discard 2H 3H" if taker == 1 else "discard 2C 3C")  # not in the hand
    game.apply("discard BJ LJ")
    assert game.phase == "bidding" and game.current_player == 3
    assert sizes(game) == [13, 13, 13, 13]


@pytest.mark.parametrize(
    ("rules", "taker"),
    [
        pytest.param(("kitty-to-dealer", "kitty-discard-after-bidding"), 0, id="B3 dealer"),
        pytest.param(("kitty-to-two-of-clubs", "kitty-discard-after-bidding"), 1, id="B3 2C"),
    ],
)
def test_b3_discard_after_the_bidding(rules: tuple[str, ...], taker: int) -> None:
    game = Game(house(*rules), seed=1, dealer=0, deal=KITTY)
    assert game.phase == "bidding" and game.current_player == 1
    assert sizes(game) == [15 if seat == taker else 13 for seat in range(4)]
    assert game.observation(taker).hand is not None
    assert len(game.observation(taker).hand or ()) == 15  # it bids holding fifteen
    for bid in ("bid 3", "bid 3", "bid 3", "bid 3"):
        game.apply(bid)
    assert game.phase == "discard" and game.current_player == taker
    assert len(texts(game)) == 15
    game.apply(texts(game)[0])
    assert game.phase == "discard" and game.current_player == taker and len(texts(game)) == 14
    game.apply(texts(game)[0])
    assert game.phase == "play" and sizes(game) == [13, 13, 13, 13]


SIDE = {0: 0, 1: 1, 2: 0, 3: 1}


def _extras(game: Game, before: dict[int, set[str]]) -> dict[int, set[str]]:
    """The cards each seat holds now that it did not hold in ``before``."""
    return {seat: names(game, seat) - before[seat] for seat in range(4)}


def test_b3_mitchell_equal_bids_one_card_a_side() -> None:
    game = Game("mitchell-spades", seed=1, dealer=0, deal=KITTY)
    before = {seat: names(game, seat) for seat in range(4)}
    for bid in ("bid 3", "bid 3", "bid 3", "bid 3"):  # 6 each
        game.apply(bid)
    # Each side gets one card and chooses which partner takes it: side 1 first ...
    assert game.phase == "discard" and game.current_player == 1
    assert texts(game) == ["split 0/1", "split 1/0"]
    with pytest.raises(IllegalActionError):
        game.apply("split 1/1")  # not both cards
    game.apply("split 1/0")  # seat 1 takes its side's card
    assert sizes(game) == [13, 14, 13, 13]
    # ... then side 0.
    assert game.current_player == 2
    assert texts(game) == ["split 0/1", "split 1/0"]
    game.apply("split 0/1")  # seat 0 takes it
    assert sizes(game) == [14, 14, 13, 13]
    extras = _extras(game, before)
    assert len(extras[0]) == len(extras[1]) == 1 and extras[0] | extras[1] == {"BJ", "LJ"}
    while game.phase == "discard":  # each taker discards one, back to 13
        assert len(texts(game)) == 14
        game.apply(texts(game)[0])
    assert game.phase == "play" and sizes(game) == [13, 13, 13, 13]


@pytest.mark.parametrize(
    ("bids", "decider", "splits", "taken"),
    [
        pytest.param(
            ("bid 3", "bid 3", "bid 3", "bid 3"),
            [1, 2],
            ["split 0/1", "split 1/0"],
            (1, 1),
            id="B3 Mitchell equal bids: one card a side",
        ),
        pytest.param(
            ("bid 3", "bid 4", "bid 3", "bid 4"),
            [2],
            ["split 0/2", "split 1/1", "split 2/0"],
            (2, 0),
            id="B3 Mitchell side 0 bids more: takes both",
        ),
        pytest.param(
            ("bid 5", "bid 2", "bid 1", "bid 2"),
            [1],
            ["split 0/2", "split 1/1", "split 2/0"],
            (0, 2),
            id="B3 Mitchell side 1 bids more: takes both",
        ),
    ],
)
def test_b3_mitchell_who_decides(
    bids: tuple[str, ...], decider: list[int], splits: list[str], taken: tuple[int, int]
) -> None:
    game = Game("mitchell-spades", seed=1, dealer=0, deal=KITTY)
    before = {seat: names(game, seat) for seat in range(4)}
    for bid in bids:
        game.apply(bid)
    deciders = []
    while game.phase == "discard" and texts(game)[0].startswith("split"):
        assert texts(game) == splits
        deciders.append(game.current_player)
        game.apply(splits[0])
    assert deciders == decider
    extras = _extras(game, before)
    assert set().union(*extras.values()) == {"BJ", "LJ"}
    per_side = [0, 0]
    for seat, cards in extras.items():
        per_side[SIDE[seat]] += len(cards)
    assert tuple(per_side) == taken
    while game.phase == "discard":  # whoever took cards discards back to 13
        game.apply(texts(game)[0])
    assert game.phase == "play" and sizes(game) == [13, 13, 13, 13]
