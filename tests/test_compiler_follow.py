"""Legal plays: one worked example per rule of spec A4 and B12, then the reference over
generated variants, hands and tricks."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import reference_rules as ref
from spadeslib.cards import parse_cards
from spadeslib.compiler import Rules
from spadeslib.testing import hands, variants
from spadeslib.variant import Variant

NYC_DECK: dict[str, Any] = {
    "jokers": ["BJ", "LJ"],
    "remove": ["2C", "2H"],
    "elevated": ["BJ", "LJ", "2D", "2S"],
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


def legal(
    variant: dict[str, Any],
    hand: str,
    trick: str = "",
    *,
    broken: bool = False,
    trick_number: int = 1,
) -> str:
    """The legal plays as text, in bit order (clubs, diamonds, hearts, trumps)."""
    rules = Variant.model_validate(variant).compile()
    played = bits(rules, trick)
    held = 0
    for card in parse_cards(hand):
        held |= 1 << next(
            bit for bit in rules.card_bits(card) if bit not in played and not held >> bit & 1
        )
    mask = rules.legal_plays(held, played, broken=broken, trick_number=trick_number)
    return " ".join(str(card) for card in rules.cards_of(mask))


HAND = "AS 3S KH 2H 3C"

EXAMPLES = [
    # (variant, hand, trick, broken, trick_number, legal) -- spec A4
    ({}, HAND, "5H", False, 1, "2H KH"),  # follow suit
    ({}, HAND, "5D", False, 1, "3C 2H KH 3S AS"),  # void: anything
    ({}, HAND, "", False, 0, "3C 2H KH"),  # no spade lead to the first trick
    ({}, "AS 3S", "", False, 0, "3S AS"),  # ... unless holding only spades
    ({}, HAND, "", False, 4, "3C 2H KH"),  # spades not broken
    ({}, HAND, "", True, 4, "3C 2H KH 3S AS"),  # broken
    # B1 Barmore: any card may be led, even to the first trick
    (
        {"play": {"first_trick": "any", "spade_lead": {"kind": "any_time"}}},
        HAND,
        "",
        False,
        0,
        "3C 2H KH 3S AS",
    ),
    # B2 NYC: no spade lead in the first three tricks unless broken; 2D is a spade
    (
        {"deck": NYC_DECK, "play": {"spade_lead": {"kind": "after_tricks", "tricks": 3}}},
        "2D KH 4C",
        "",
        False,
        2,
        "4C KH",
    ),
    (
        {"deck": NYC_DECK, "play": {"spade_lead": {"kind": "after_tricks", "tricks": 3}}},
        "2D KH 4C",
        "",
        False,
        3,
        "4C KH 2D",
    ),
    (
        {"deck": NYC_DECK, "play": {"spade_lead": {"kind": "after_tricks", "tricks": 3}}},
        "2D KH 4C",
        "",
        True,
        2,
        "4C KH 2D",
    ),
    ({"deck": NYC_DECK}, "2D KH 4C", "AD", False, 1, "4C KH 2D"),  # void in diamonds
    ({"deck": NYC_DECK}, "2D KH 4C", "AS", False, 1, "2D"),  # 2D follows spades
    # B12: spades only when the leader holds nothing else
    ({"play": {"spade_lead": {"kind": "only_spades_left"}}}, HAND, "", True, 8, "3C 2H KH"),
    ({"play": {"spade_lead": {"kind": "only_spades_left"}}}, "AS 3S", "", False, 8, "3S AS"),
    # B12: no spade at all in the first trick, even when void
    ({"play": {"first_trick": "no_spades"}}, HAND, "5D", False, 0, "3C 2H KH"),
    ({"play": {"first_trick": "no_spades"}}, "AS 3S", "5D", False, 0, "3S AS"),
    ({"play": {"first_trick": "no_spades"}}, HAND, "5D", False, 1, "3C 2H KH 3S AS"),
    # ... but following suit comes first (a spade led by a leader holding only spades)
    ({"play": {"first_trick": "no_spades"}}, HAND, "5S", False, 0, "3S AS"),
    # ... and it overrides the void rules on that trick
    (
        {"play": {"first_trick": "no_spades", "void": "must_trump"}},
        HAND,
        "5D",
        False,
        0,
        "3C 2H KH",
    ),
    # B12 must trump
    ({"play": {"void": "must_trump"}}, HAND, "5D", False, 1, "3S AS"),
    ({"play": {"void": "must_trump"}}, "KH 2H 3C", "5D", False, 1, "3C 2H KH"),
    ({"play": {"void": "must_trump"}}, HAND, "5H", False, 1, "2H KH"),
    # B12 must overtrump: beat the winning trump if able, else still trump
    ({"play": {"void": "must_overtrump"}}, HAND, "5D 9S", False, 1, "AS"),
    ({"play": {"void": "must_overtrump"}}, HAND, "5D 9S KS", False, 1, "AS"),
    ({"play": {"void": "must_overtrump"}}, "AS 3S KH", "5D 9S 2S", False, 1, "AS"),
    ({"play": {"void": "must_overtrump"}}, "KS 3S KH", "5D AS", False, 1, "3S KS"),
    ({"play": {"void": "must_overtrump"}}, "QS 3S KH", "5D AS", False, 1, "3S QS"),
    ({"play": {"void": "must_overtrump"}}, HAND, "5D 7D", False, 1, "3S AS"),
    ({"play": {"void": "must_overtrump"}}, "KH 2H 3C", "5D 9S", False, 1, "3C 2H KH"),
    ({"play": {"void": "must_overtrump"}}, HAND, "5S", False, 1, "3S AS"),  # trumps led
    ({"play": {"void": "must_overtrump"}, "deck": NYC_DECK}, "LJ 3S AH", "5D 2D", False, 1, "LJ"),
    # with two packs the twin of the winning trump beats it when the later card wins
    ({**SIX, "play": {"void": "must_overtrump"}}, "KS 3S AH", "5D KS", False, 1, "KS"),
    (
        {
            **SIX,
            "deck": {**SIX["deck"], "identical_cards": "earlier_wins"},
            "play": {"void": "must_overtrump"},
        },
        "KS 3S AH",
        "5D KS",
        False,
        1,
        "3S KS",
    ),
    # B12 Screamer: no trump while holding anything else
    ({"play": {"void": "screamer"}}, HAND, "5D", False, 1, "3C 2H KH"),
    ({"play": {"void": "screamer"}}, "AS 3S", "5D", False, 1, "3S AS"),
    ({"play": {"void": "screamer"}}, HAND, "5S", False, 1, "3S AS"),  # trumps led
]


@pytest.mark.parametrize("example", EXAMPLES)
def test_legal_plays(example: tuple[dict[str, Any], str, str, bool, int, str]) -> None:
    variant, hand, trick, broken, trick_number, expected = example
    assert legal(variant, hand, trick, broken=broken, trick_number=trick_number) == expected


def test_lowest_club_must_be_led() -> None:
    rules = Variant.model_validate(
        {
            "table": {"players": 3, "partnerships": "none"},
            "deck": {"remove": ["2C"]},
            "deal": {"hand_size": 17},
            "bidding": {"blind_nil": {"enabled": False}},
            "play": {"first_lead": "lowest_club", "first_trick": "any"},
        }
    ).compile()
    seat_hands = [rules.mask_of("AS 5C 9H"), rules.mask_of("3C 4C KD"), rules.mask_of("QH")]
    assert rules.first_lead_card(seat_hands) == (1, rules.card_bits("3C")[0])
    assert rules.first_leader(0, seat_hands) == 1
    must = rules.first_lead_mask(seat_hands)
    assert rules.cards_of(must) == parse_cards("3C")
    plays = rules.legal_plays(seat_hands[1], [], broken=False, trick_number=0, must_lead=must)
    assert rules.cards_of(plays) == parse_cards("3C")
    # without the constraint the same leader may lead anything
    plays = rules.legal_plays(seat_hands[1], [], broken=False, trick_number=0)
    assert rules.cards_of(plays) == parse_cards("3C 4C KD")


def test_empty_hand_has_no_plays() -> None:
    assert Variant().compile().legal_plays(0, [], broken=False, trick_number=0) == 0


# -- properties ------------------------------------------------------------------------


@st.composite
def situations(draw: st.DrawFn) -> dict[str, Any]:
    """A variant, a trick in progress and the hand of the player to play next."""
    variant = draw(variants())
    rules = variant.compile()
    trick = draw(st.lists(st.integers(0, rules.size - 1), unique=True, max_size=rules.players - 1))
    played = 0
    for bit in trick:
        played |= 1 << bit
    size = draw(st.integers(1, min(rules.hand_size, rules.size - len(trick))))
    hand = draw(hands(rules, size=size, exclude=played))
    must_lead: int | None = None
    if not trick and draw(st.booleans()):
        must_lead = draw(st.integers(0, rules.size - 1))
    return {
        "variant": variant,
        "trick": trick,
        "hand": hand,
        "broken": draw(st.booleans()),
        "trick_number": draw(st.integers(0, rules.hand_size - 1)),
        "must_lead": must_lead,
    }


def compiled_plays(case: dict[str, Any]) -> int:
    rules = case["variant"].compile()
    must = 0
    if case["must_lead"] is not None:
        must = rules.mask_of([rules.deck[case["must_lead"]]] * rules.packs)
    return int(
        rules.legal_plays(
            case["hand"],
            case["trick"],
            broken=case["broken"],
            trick_number=case["trick_number"],
            must_lead=must,
        )
    )


@given(situations())
def test_legal_plays_match_reference(case: dict[str, Any]) -> None:
    variant = case["variant"]
    rules = variant.compile()
    must = None if case["must_lead"] is None else rules.deck[case["must_lead"]]
    expected = ref.legal_plays(
        variant,
        rules.cards_of(case["hand"]),
        [rules.deck[bit] for bit in case["trick"]],
        broken=case["broken"],
        trick_number=case["trick_number"],
        must_lead=must,
    )
    assert Counter(rules.cards_of(compiled_plays(case))) == Counter(expected)


@given(situations())
def test_legal_plays_are_a_non_empty_subset_of_the_hand(case: dict[str, Any]) -> None:
    plays = compiled_plays(case)
    assert plays
    assert plays & ~case["hand"] == 0


@given(situations())
def test_legal_plays_follow_suit(case: dict[str, Any]) -> None:
    if not case["trick"]:
        return
    rules = case["variant"].compile()
    led = rules.suit_masks[rules.suit_of[case["trick"][0]]]
    if case["hand"] & led:
        assert compiled_plays(case) == case["hand"] & led
