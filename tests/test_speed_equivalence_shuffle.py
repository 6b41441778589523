"""The fast shuffle and deal give exactly the deals of their plain definitions.

The deal a seed names is fixed forever, so every shortcut of :mod:`spadeslib.engine.core.shuffle`
and :mod:`spadeslib.engine.core.dealing` (the straight-line Fisher-Yates, the early rejection,
the labels that skip the order, the hands read from bytes, the copies of two packs by mask)
is checked here against the plain loop it replaces, and the deals themselves are pinned by a
digest taken before the shortcuts existed.
"""

from __future__ import annotations

import hashlib
import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spadeslib.compiler.rules import Rules
from spadeslib.engine.core import dealing
from spadeslib.engine.core.dealing import canonical_copies, deal_from_order, shuffle_deal
from spadeslib.engine.core.shuffle import (
    SplitMix64,
    first_dealer,
    shuffled,
    shuffled_labels,
    shuffled_stream,
    stream_seed,
)
from spadeslib.loader import bundled_variants
from spadeslib.testing import variants
from spadeslib.variant import Variant, load_variant

BUNDLED = sorted(bundled_variants())
SEEDS = (0, 1, 2, 3, 99, 2024, 2**64 - 1)

PINNED_DEALS = "b578e9c20c02ba6c0864b940e284e853e831bdbf7ffc7a2b8d8178615929d6a5"
"""sha256 of every bundled variant's deals for :data:`SEEDS`, deals 0, 1 and 7 and each
dealer, as the engine made them before the fast shuffle (commit 93ae4b9)."""
PINNED_ORDERS = "df5a53631ebe66039621ed4a7acdc5288f0149ae65d0c40839a81f019a0d1e59"
"""sha256 of ``shuffled(count, SplitMix64(seed))`` for counts 0-109 and seeds 0-4, idem."""


def plain_shuffled(count: int, rng: SplitMix64) -> list[int]:
    """The shuffle as specified: one uniform integer below count! from whole 64-bit
    outputs (top surplus bits dropped, too large rejected), one digit per swap."""
    total = math.factorial(count)
    words = (total.bit_length() + 63) // 64
    surplus = words * 64 - total.bit_length()
    order = list(range(count))
    if count < 2:
        return order
    while True:
        value = 0
        for _ in range(words):
            value = (value << 64) | rng.next64()
        value >>= surplus
        if value < total:
            break
    for i in range(count - 1, 0, -1):
        value, j = divmod(value, i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def plain_deal(rules: Rules, seed: int, index: int, dealer: int) -> tuple[object, ...]:
    """A deal as the module docstring defines it, card by card."""
    order = plain_shuffled(rules.size, SplitMix64(stream_seed(seed, index)))
    return canonical_copies(rules, deal_from_order(rules, dealer, order, native=False))


def plain_canonical_hands(rules: Rules, dealt: tuple[int, ...]) -> tuple[int, ...]:
    """Each card of each hand in seat order takes its face's first copy nobody has."""
    taken = 0
    hands = []
    for hand in dealt:
        mask = 0
        for bit in range(rules.size):
            if hand >> bit & 1:
                for copy in rules.card_bits(rules.deck[bit]):
                    if not (taken | mask) >> copy & 1:
                        mask |= 1 << copy
                        break
        taken |= mask
        hands.append(mask)
    return tuple(hands)


def shapes() -> list[Variant]:
    """Every bundled variant, and deals with a French cut and with cards left over."""
    out = [load_variant(name) for name in BUNDLED]
    out.append(Variant.model_validate({"deal": {"french_cut": True}, "name": "cut"}))
    out.append(
        Variant.model_validate(
            {
                "table": {"players": 3, "partnerships": "none"},
                "deal": {"hand_size": 15, "leftover": {"kind": "kitty"}},
                "bidding": {"blind_nil": {"exchange": 0}},
                "name": "kitty",
            }
        )
    )
    return out


def test_the_deals_are_pinned() -> None:
    digest = hashlib.sha256()
    for name in BUNDLED:
        rules = load_variant(name).compile()
        for seed in SEEDS:
            for index in (0, 1, 7):
                for dealer in range(rules.players):
                    digest.update(repr(shuffle_deal(rules, seed, index, dealer)).encode())
    assert digest.hexdigest() == PINNED_DEALS


def test_the_orders_are_pinned() -> None:
    digest = hashlib.sha256()
    for count in range(110):
        for seed in range(5):
            digest.update(repr(shuffled(count, SplitMix64(seed))).encode())
    assert digest.hexdigest() == PINNED_ORDERS


@pytest.mark.parametrize("count", [0, 1, 2, 3, 5, 12, 13, 17, 52, 54, 102, 104, 108, 120])
def test_shuffle_matches_the_plain_loop_and_leaves_the_same_state(count: int) -> None:
    for seed in range(200):
        fast, plain = SplitMix64(seed * 7919), SplitMix64(seed * 7919)
        assert shuffled(count, fast) == plain_shuffled(count, plain)
        assert fast.state == plain.state
        assert fast.next64() == plain.next64()


def test_stream_shuffle_is_the_shuffle_of_the_stream() -> None:
    rng = random.Random(3)
    for _ in range(400):
        count = rng.randrange(0, 110)
        seed, stream = rng.getrandbits(64), rng.randrange(-1, 40)
        expected = shuffled(count, SplitMix64(stream_seed(seed, stream)))
        assert shuffled_stream(count, seed, stream) == expected


def test_labels_follow_their_cards() -> None:
    rng = random.Random(4)
    for _ in range(400):
        count = rng.randrange(0, 110)
        seed, stream = rng.getrandbits(64), rng.randrange(-1, 40)
        labels = [rng.randrange(256) for _ in range(count)]
        order = shuffled_stream(count, seed, stream)
        expected = [0] * count
        for position, card in enumerate(order):
            expected[card] = labels[position]
        assert list(shuffled_labels(count, seed, stream, labels)) == expected


@pytest.mark.parametrize("variant", shapes(), ids=lambda v: v.name)
def test_deals_match_the_plain_definition(variant: Variant) -> None:
    rules = variant.compile()
    for seed in (*range(25), 2**64 - 1):
        for index in (0, 3):
            for dealer in range(rules.players):
                assert shuffle_deal(rules, seed, index, dealer) == plain_deal(
                    rules, seed, index, dealer
                )


@given(variants(), st.integers(0, 2**64 - 1))
def test_deals_of_any_variant_match_the_plain_definition(variant: Variant, seed: int) -> None:
    rules = variant.compile()
    for index in (0, 1):
        for dealer in range(rules.players):
            assert shuffle_deal(rules, seed, index, dealer) == plain_deal(
                rules, seed, index, dealer
            )


@given(variants(players=2, packs=2), st.integers(0, 2**64 - 1))
def test_deals_of_two_packs_match_the_plain_definition(variant: Variant, seed: int) -> None:
    """Two packs (the copies settled after the deal), drawn hands among them."""
    rules = variant.compile()
    for dealer in range(rules.players):
        assert shuffle_deal(rules, seed, 0, dealer) == plain_deal(rules, seed, 0, dealer)


def test_two_pack_copies_by_mask_match_the_card_by_card_rule() -> None:
    rules = load_variant("six-handed").compile()
    first = rules.first_copies
    assert first is not None
    rng = random.Random(5)
    for _ in range(300):
        order = shuffled(rules.size, SplitMix64(rng.getrandbits(64)))
        hands = deal_from_order(rules, rng.randrange(rules.players), order)[0]
        expected = plain_canonical_hands(rules, hands)
        assert dealing._canonical_pairs(first, hands) == expected
        assert dealing._canonical_hands(rules, hands) == expected


def test_first_dealer_is_unchanged() -> None:
    assert [first_dealer(seed, 4) for seed in range(12)] == [
        SplitMix64(stream_seed(seed, -1)).below(4) for seed in range(12)
    ]
