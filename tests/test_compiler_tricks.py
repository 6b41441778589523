"""Trick winners and breaking spades: worked examples, then the reference over generated
variants."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import reference_rules as ref
from spadeslib.cards import parse_cards
from spadeslib.compiler import Rules
from spadeslib.testing import variants
from spadeslib.variant import Variant

NYC: dict[str, Any] = {
    "deck": {"jokers": ["BJ", "LJ"], "remove": ["2C", "2H"], "elevated": ["BJ", "LJ", "2D", "2S"]}
}
SIX: dict[str, Any] = {
    "table": {"players": 6},
    "deck": {"packs": 2, "remove": ["2C"]},
    "deal": {"hand_size": 17},
}


def bits(rules: Rules, cards: str) -> list[int]:
    """Bits for cards in play order; a face named again takes its other copy."""
    taken: list[int] = []
    for card in parse_cards(cards):
        taken.append(next(bit for bit in rules.card_bits(card) if bit not in taken))
    return taken


@pytest.mark.parametrize(
    ("variant", "trick", "winner"),
    [
        ({}, "KH AH 2S AD", 2),  # the only spade wins
        ({}, "KH AH 2H AD", 1),  # no spade: highest of the suit led
        ({}, "5D AH AC 2D", 0),  # nobody followed: the leader wins
        ({}, "3S 2S AH KS", 3),
        (NYC, "AS 2S 2D KS", 2),  # 2D is a trump above 2S
        (NYC, "2D BJ LJ AS", 1),
        (NYC, "AD KD 3D QD", 0),  # 2D is no diamond any more
        (SIX, "KH KH AD QH 3H 2H", 1),  # identical cards: the later wins
        (SIX, "KH 2S AD 2S 3H QH", 3),
        (
            {**SIX, "deck": {**SIX["deck"], "identical_cards": "earlier_wins"}},
            "KH 2S AD 2S 3H QH",
            1,
        ),
    ],
)
def test_trick_winner(variant: dict[str, Any], trick: str, winner: int) -> None:
    rules = Variant.model_validate(variant).compile()
    assert rules.trick_winner(bits(rules, trick)) == winner


@pytest.mark.parametrize(
    ("breaking", "card", "led", "breaks"),
    [
        ("any_spade", "3S", "AH", True),
        ("any_spade", "3S", "4S", True),
        ("any_spade", "AH", "KH", False),
        ("on_other_suit", "3S", "AH", True),
        ("on_other_suit", "3S", "4S", False),
        ("on_other_suit", "BJ", "AD", True),  # a joker breaks spades like any spade
        ("on_other_suit", "2D", "AD", True),  # so does the elevated 2D, led on diamonds
    ],
)
def test_breaks_spades(breaking: str, card: str, led: str, breaks: bool) -> None:
    rules = Variant.model_validate({**NYC, "play": {"breaking": breaking}}).compile()
    led_suit = rules.suit_of[rules.card_bits(led)[0]]
    assert rules.breaks_spades(rules.card_bits(card)[0], led_suit) is breaks


def test_beating_mask() -> None:
    rules = Variant().compile()
    beating = rules.beating_mask(bits(rules, "TH 3D"))
    assert [str(card) for card in rules.cards_of(beating)] == [
        "JH",
        "QH",
        "KH",
        "AH",
        *(f"{rank}S" for rank in "23456789TJQKA"),
    ]
    assert rules.beating_mask([]) == rules.full_mask


# -- properties ------------------------------------------------------------------------


@st.composite
def tricks(draw: st.DrawFn) -> tuple[Variant, list[int]]:
    """A variant and a trick of 1 to `players` distinct bits of its deck."""
    variant = draw(variants())
    rules = variant.compile()
    trick = draw(
        st.lists(st.integers(0, rules.size - 1), unique=True, min_size=1, max_size=rules.players)
    )
    return variant, trick


@given(tricks())
def test_trick_winner_matches_reference(case: tuple[Variant, list[int]]) -> None:
    variant, trick = case
    rules = variant.compile()
    winner = rules.trick_winner(trick)
    assert 0 <= winner < len(trick)  # the winner played a card in the trick
    assert winner == ref.trick_winner(variant, [rules.deck[bit] for bit in trick])


@given(tricks())
def test_beating_mask_matches_reference(case: tuple[Variant, list[int]]) -> None:
    variant, trick = case
    rules = variant.compile()
    cards = [rules.deck[bit] for bit in trick]
    winning = cards[ref.trick_winner(variant, cards)]
    beating = rules.beating_mask(trick)
    for bit, card in enumerate(rules.deck):
        if bit not in trick:
            assert bool(beating >> bit & 1) == ref.beats(variant, card, winning)


@given(variants(), st.data())
def test_breaks_spades_matches_reference(variant: Variant, data: st.DataObject) -> None:
    rules = variant.compile()
    card, led = data.draw(st.lists(st.integers(0, rules.size - 1), min_size=2, max_size=2))
    expected = ref.breaks_spades(variant, rules.deck[card], rules.deck[led])
    assert rules.breaks_spades(card, rules.suit_of[led]) is expected
