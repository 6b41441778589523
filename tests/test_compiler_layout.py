"""The deck as bits: sizes, trump orders, effective suits, strengths, masks, errors."""

from __future__ import annotations

import pickle
from collections import Counter
from typing import Any

import pytest
from hypothesis import given

import reference_rules as ref
from spadeslib.cards import Card, CardParseError
from spadeslib.compiler import CardNotInDeckError, Rules
from spadeslib.errors import SpadesError
from spadeslib.testing import variants
from spadeslib.variant import Variant

NATURAL_SPADES = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S"

DECKS: dict[str, dict[str, Any]] = {
    "standard": {},
    "barmore": {
        "deck": {"jokers": ["BJ", "LJ"], "remove": ["2C", "2H"], "elevated": ["BJ", "LJ", "2S"]},
    },
    "nyc": {
        "deck": {
            "jokers": ["BJ", "LJ"],
            "remove": ["2C", "2H"],
            "elevated": ["BJ", "LJ", "2D", "2S"],
        },
    },
    "six_handed": {
        "table": {"players": 6},
        "deck": {"packs": 2, "remove": ["2C"]},
        "deal": {"hand_size": 17},
    },
    "six_handed_jokers": {
        "table": {"players": 6},
        "deck": {"packs": 2, "jokers": ["BJ", "LJ"], "elevated": ["BJ", "LJ"]},
        "deal": {"hand_size": 18},
    },
}


def compiled(name: str) -> Rules:
    return Variant.model_validate({"name": name, **DECKS[name]}).compile()


@pytest.mark.parametrize(
    ("name", "size", "trumps"),
    [
        ("standard", 52, NATURAL_SPADES + " 2S"),
        ("barmore", 52, "BJ LJ 2S " + NATURAL_SPADES),
        ("nyc", 52, "BJ LJ 2D 2S " + NATURAL_SPADES),
        ("six_handed", 102, NATURAL_SPADES + " 2S"),
        ("six_handed_jokers", 108, "BJ LJ " + NATURAL_SPADES + " 2S"),
    ],
)
def test_deck_size_and_trump_order(name: str, size: int, trumps: str) -> None:
    rules = compiled(name)
    assert rules.size == len(rules.deck) == size
    assert rules.full_mask == (1 << size) - 1
    assert " ".join(str(card) for card in rules.trump_order()) == trumps


def test_nyc_two_of_diamonds_is_a_spade() -> None:
    rules = compiled("nyc")
    assert rules.effective_suit("2D") == "S"
    assert rules.effective_suit(Card.parse("BJ")) == "S"
    assert rules.effective_suit("3D") == "D"
    assert rules.strength("BJ") > rules.strength("LJ") > rules.strength("2D")
    assert rules.strength("2D") > rules.strength("2S") > rules.strength("AS")
    assert rules.strength_of("AS") == rules.strength("AS")
    assert " ".join(map(str, rules.suit_order("D"))) == "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D"
    assert not rules.has_card("2C")
    assert not rules.has_card("2H")


def test_trumps_are_the_top_bits() -> None:
    rules = compiled("nyc")
    trumps = rules.trump_mask
    assert trumps == rules.suit_masks[0]
    assert trumps >> (rules.size - trumps.bit_count()) == (1 << trumps.bit_count()) - 1
    assert rules.deck[-1] == Card.parse("BJ")


def test_repr_is_short() -> None:
    assert repr(compiled("nyc")) == "<Rules 'nyc' 52 cards>"


def test_compile_is_cached_by_variant() -> None:
    first = Variant.model_validate(DECKS["nyc"])
    again = Variant.model_validate(DECKS["nyc"])
    assert first is not again
    assert first.compile() is again.compile()


def test_strength_is_a_per_bit_table_too() -> None:
    rules = compiled("standard")
    assert rules.strength == rules.strengths
    assert rules.strength[rules.card_bits("AH")[0]] == 12


def test_rules_pickle_as_their_variant() -> None:
    rules = compiled("nyc")
    assert pickle.loads(pickle.dumps(rules)) is rules


def test_rules_are_immutable() -> None:
    rules = compiled("standard")
    with pytest.raises(AttributeError):
        rules.players = 3  # type: ignore[misc]


def test_sides_and_partners() -> None:
    four = compiled("standard")
    assert four.sides == ((0, 2), (1, 3))
    assert four.side_of == (0, 1, 0, 1)
    assert four.partner_of == (2, 3, 0, 1)
    six = compiled("six_handed")
    assert six.partner_of == (3, 4, 5, 0, 1, 2)
    trios = Variant.model_validate(
        {
            **DECKS["six_handed"],
            "table": {"players": 6, "partnerships": "trios"},
            "bidding": {"blind_nil": {"exchange": 0}},
        }
    ).compile()
    assert trios.sides == ((0, 2, 4), (1, 3, 5))
    assert trios.side_of == (0, 1, 0, 1, 0, 1)
    assert trios.partner_of == (None,) * 6


# -- masks and errors ------------------------------------------------------------------


def test_mask_round_trip() -> None:
    rules = compiled("nyc")
    mask = rules.mask_of("AS 2D BJ 3C KH")
    assert [str(card) for card in rules.cards_of(mask)] == ["3C", "KH", "AS", "2D", "BJ"]
    assert rules.mask_of([Card.parse("AS"), "kh"]) == rules.mask_of("AS KH")


def test_two_packs_a_card_named_twice_takes_both_copies() -> None:
    rules = compiled("six_handed")
    first, second = rules.card_bits("AS")
    assert second == first + 1
    assert rules.mask_of("AS") == 1 << first
    assert rules.mask_of("AS AS") == 1 << first | 1 << second
    assert rules.strengths[first] == rules.strengths[second]
    with pytest.raises(
        CardNotInDeckError, match="AS is named 3 times, but the deck holds it only 2 times"
    ):
        rules.mask_of("AS AS AS")


@pytest.mark.parametrize(
    ("name", "cards", "message"),
    [
        ("nyc", "2C", r"2C is removed in this variant \(deck.remove: \['2C', '2H'\]\)"),
        ("standard", "BJ", "BJ is not in this deck: it has no jokers"),
        ("standard", "AS AS", "AS is named 2 times, but the deck holds it only once"),
    ],
)
def test_cards_not_in_the_deck(name: str, cards: str, message: str) -> None:
    rules = compiled(name)
    with pytest.raises(CardNotInDeckError, match=message) as caught:
        rules.mask_of(cards)
    assert isinstance(caught.value, SpadesError)


def test_a_joker_missing_from_a_one_joker_deck() -> None:
    rules = Variant.model_validate(
        {"deck": {"jokers": ["BJ"], "elevated": ["BJ"], "remove": ["2C"]}}
    ).compile()
    with pytest.raises(CardNotInDeckError, match=r"deck.jokers lists only \['BJ'\]"):
        rules.strength("LJ")


def test_bad_card_names_and_masks() -> None:
    rules = compiled("standard")
    with pytest.raises(CardParseError):
        rules.effective_suit("1S")
    with pytest.raises(CardNotInDeckError, match="outside this 52-card deck"):
        rules.cards_of(1 << 52)


# -- properties over generated variants ------------------------------------------------


@given(variants())
def test_deck_has_the_intended_cards(variant: Variant) -> None:
    rules = variant.compile()
    assert rules.size == variant.deck.size()
    assert Counter(rules.deck) == Counter(ref.deck(variant))
    copies = Counter(rules.deck)
    assert set(copies.values()) == {variant.deck.packs}


@given(variants())
def test_every_bit_has_exactly_one_effective_suit(variant: Variant) -> None:
    rules = variant.compile()
    masks = rules.suit_masks
    assert masks[0] | masks[1] | masks[2] | masks[3] == rules.full_mask
    assert sum(mask.bit_count() for mask in masks) == rules.size
    for bit, card in enumerate(rules.deck):
        assert masks[rules.suit_of[bit]] >> bit & 1
        assert "SHDC"[rules.suit_of[bit]] == ref.effective_suit(variant, card)
        assert rules.effective_suit(card) == ref.effective_suit(variant, card)


@given(variants())
def test_strengths_order_each_suit_totally(variant: Variant) -> None:
    rules = variant.compile()
    for bit in range(rules.size):
        for other in range(rules.size):
            if rules.suit_of[bit] != rules.suit_of[other]:
                continue
            same = rules.deck[bit] == rules.deck[other]
            assert (rules.strengths[bit] == rules.strengths[other]) == same
            reference = ref.power(variant, rules.deck[bit]) > ref.power(variant, rules.deck[other])
            assert (rules.strengths[bit] > rules.strengths[other]) == reference
            # bits rise with strength inside a suit, so bit_length finds the highest
            if rules.strengths[bit] > rules.strengths[other]:
                assert bit > other


@given(variants())
def test_trump_order_matches_reference(variant: Variant) -> None:
    assert variant.compile().trump_order() == ref.trump_order(variant)


@given(variants())
def test_trumps_sit_above_every_other_card(variant: Variant) -> None:
    rules = variant.compile()
    plain = rules.full_mask & ~rules.trump_mask
    if rules.trump_mask and plain:
        assert (rules.trump_mask & -rules.trump_mask) > plain
