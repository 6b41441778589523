"""The strategies in spadeslib.testing: valid by construction, honest about bad arguments."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from spadeslib.cards import Card
from spadeslib.testing import cards, deals, games, hands, variants
from spadeslib.variant import Variant
from spadeslib.variant.checks import contradictions


@given(variants())
def test_variants_are_valid(variant: Variant) -> None:
    assert isinstance(variant, Variant)
    assert contradictions(variant) == []
    assert Variant.model_validate(variant.to_dict()) == variant


@given(
    st.sampled_from(
        [
            (2, "none"),
            (3, "none"),
            (4, "pairs"),
            (4, "none"),
            (6, "pairs"),
            (6, "trios"),
            (6, "none"),
        ]
    ),
    st.sampled_from([1, 2]),
    st.data(),
)
def test_variants_honour_their_arguments(
    table: tuple[int, str], packs: int, data: st.DataObject
) -> None:
    players, partnerships = table
    variant = data.draw(variants(players=players, partnerships=partnerships, packs=packs))
    assert variant.table.players == players
    assert variant.table.partnerships == partnerships
    assert variant.deck.packs == packs


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 5},
        {"players": 2, "partnerships": "pairs"},
        {"players": 4, "partnerships": "trios"},
        {"partnerships": "threes"},
        {"packs": 3},
    ],
)
def test_impossible_variant_arguments(kwargs: dict[str, object]) -> None:
    with pytest.raises(InvalidArgument):
        variants(**kwargs)  # type: ignore[arg-type]


def test_impossible_hand_arguments() -> None:
    rules = Variant().compile()
    with pytest.raises(InvalidArgument):
        hands(rules, size=53)
    with pytest.raises(InvalidArgument):
        hands(rules, size=2, exclude=rules.full_mask >> 1)
    with pytest.raises(InvalidArgument):
        hands("standard")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument):
        deals(None)  # type: ignore[arg-type]


@given(variants(), st.data())
def test_hands_have_the_asked_size(variant: Variant, data: st.DataObject) -> None:
    rules = variant.compile()
    exclude = data.draw(st.integers(0, rules.full_mask))
    free = rules.size - exclude.bit_count()
    size = data.draw(st.integers(0, min(free, rules.hand_size)))
    hand = data.draw(hands(rules, size=size, exclude=exclude))
    assert hand.bit_count() == size
    assert hand & ~rules.full_mask == 0
    assert hand & exclude == 0


@given(variants(), st.data())
def test_deals_use_every_card_once(variant: Variant, data: st.DataObject) -> None:
    rules = variant.compile()
    dealt = data.draw(deals(rules))
    assert len(dealt.hands) == rules.players
    assert all(len(hand) == rules.hand_size for hand in dealt.hands)
    every = [card for hand in dealt.hands for card in hand] + dealt.leftover
    assert Counter(every) == Counter(rules.deck)
    masks = [rules.mask_of(hand) for hand in dealt.hands]
    assert sum(mask.bit_count() for mask in masks) == rules.players * rules.hand_size


@given(cards())
def test_cards_are_cards(card: Card) -> None:
    assert Card.parse(str(card)) is card


@given(variants(), st.data())
def test_cards_of_a_deck(variant: Variant, data: st.DataObject) -> None:
    rules = variant.compile()
    assert rules.has_card(data.draw(cards(rules=rules)))


def test_a_drawn_game_shrinks_to_the_simplest_choices() -> None:
    """Every action of ``games()`` is a Hypothesis choice, not the next number of a
    seeded generator, so a failing game shrinks action by action: the least game of four
    actions is each seat bidding the low end of its fair share."""
    game = find(
        games("standard", max_actions=30),
        lambda game: len(game.record()["actions"]) >= 4,
        settings=settings(database=None, max_examples=200),
    )
    assert game.record()["actions"] == ["bid 1"] * 4
