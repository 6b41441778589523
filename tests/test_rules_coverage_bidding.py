"""Rules coverage: the first dealer, who may bid what, and misdeals (spec A2, B1, B2, B5,
B9, B11, B14). Each case names the rule it pins; properties check the legal bids against a
plain reading of the rule for any deal."""

from __future__ import annotations

import json
from collections.abc import Mapping

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spadeslib import Game, IllegalActionError, Variant, load_variant, parse_variant

MIXED = [
    "AS KH QD JC TS 9H 8D 7C 6S 5H 4D 3C 2S",
    "KS QH JD TC 9S 8H 7D 6C 5S 4H 3D 2C AH",
    "QS JH TD 9C 8S 7H 6D 5C 4S 3H 2D AC KD",
    "JS TH 9D 8C 7S 6H 5D 4C 3S 2H AD KC QC",
]


def texts(game: Game) -> list[str]:
    return [str(action) for action in game.legal_actions()]


def house(*rules: str, extra: str = "", base: str = "standard") -> Variant:
    text = f"extends: {base}\nhouse_rules: [" + ", ".join(rules) + "]\n" + extra
    return parse_variant(text)


def dump(game: Game) -> str:
    return json.dumps(game.state_dict(), sort_keys=True)


def deck_names(variant: Variant) -> list[str]:
    return [str(card) for card in variant.compile().deck]


def deal_around(variant: Variant, fixed: Mapping[int, str]) -> list[str]:
    """Four hands: the seats in ``fixed`` get those cards, the others share the rest of the
    deck in deck order."""
    taken = {card for hand in fixed.values() for card in hand.split()}
    rest = [card for card in deck_names(variant) if card not in taken]
    hands = []
    for seat in range(4):
        if seat in fixed:
            hands.append(fixed[seat])
        else:
            hands.append(" ".join(rest[:13]))
            del rest[:13]
    return hands


def illegal(game: Game, action: str) -> IllegalActionError:
    """Apply ``action``, expecting it to be refused with the game unchanged."""
    before = dump(game)
    with pytest.raises(IllegalActionError) as error:
        game.apply(action)
    assert dump(game) == before
    return error.value


# -- A2 the first dealer is chosen at random -------------------------------------------------

STANDARD = load_variant("standard")


def test_a2_first_dealer_is_drawn_from_the_seed() -> None:
    dealers = [Game(STANDARD, seed=seed).dealer for seed in range(40)]
    assert set(dealers) == {0, 1, 2, 3}  # every seat can deal first
    assert dealers == [Game(STANDARD, seed=seed).dealer for seed in range(40)]  # reproducible


@given(st.integers(0, 2**64 - 1))
def test_a2_first_dealer_same_seed_same_dealer(seed: int) -> None:
    game = Game(STANDARD, seed=seed)
    assert game.dealer in range(4)
    assert game.dealer == Game(STANDARD, seed=seed).dealer
    assert game.record()["deals"][0]["dealer"] == game.dealer
    assert game.current_player == (game.dealer + 1) % 4  # dealer's left bids first


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_a2_a_stated_first_dealer_is_not_drawn(seat: int) -> None:
    variant = parse_variant(f"extends: standard\ndeal: {{first_dealer: {seat}}}\n")
    assert {Game(variant, seed=seed).dealer for seed in range(12)} == {seat}


# -- B1, B2: no Nil; NYC's team maximum ------------------------------------------------------


def test_b1_barmore_has_no_nil_and_no_blind_nil() -> None:
    game = Game("barmore", seed=1, dealer=0)
    assert game.phase == "blind"
    assert texts(game) == ["look"] + [f"blind {n}" for n in range(7, 14)]
    assert illegal(game, "blind nil").rule == "bidding.blind_nil.enabled"
    game.apply("look")
    assert texts(game) == [f"bid {n}" for n in range(4, 14)]
    assert illegal(game, "bid nil/4").rule == "bidding.nil.enabled"
    assert illegal(game, "bid 4/nil").rule == "bidding.nil.enabled"
    illegal(game, "nil")


NYC_BIDDING_IN_THE_FIRST_DEAL = house(
    base="nyc", extra="bidding: {first_deal_bids_itself: false}\n"
)


@pytest.mark.parametrize(
    ("action", "rule"),
    [
        pytest.param("bid 11", "bidding.form.max_team_bid", id="B2 team bid above 10"),
        pytest.param("bid 13", "bidding.form.max_team_bid", id="B2 team bid 13"),
        pytest.param("bid 3", "bidding.form.min_team_bid", id="B2 team bid below 4"),
        pytest.param("bid nil/4", "bidding.nil.enabled", id="B2 no Nil"),
        pytest.param("bid nil/nil", "bidding.nil.enabled", id="B2 no double Nil"),
    ],
)
def test_b2_nyc_team_bids_4_to_10_no_nil(action: str, rule: str) -> None:
    game = Game(NYC_BIDDING_IN_THE_FIRST_DEAL, seed=1, dealer=0)
    assert game.phase == "bidding" and game.current_player == 1
    assert texts(game) == [f"bid {n}" for n in range(4, 11)]
    assert illegal(game, action).rule == rule


# -- B9 both partners may not bid Nil --------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "partner_may_bid_nil"),
    [
        pytest.param(("no-double-nil",), False, id="B9 no double Nil: the partner may not"),
        pytest.param((), True, id="A6 standard: both partners may bid Nil"),
    ],
)
def test_b9_no_double_nil(rules: tuple[str, ...], partner_may_bid_nil: bool) -> None:
    game = Game(house(*rules), seed=1, dealer=3, deal=MIXED)
    game.apply("nil")  # seat 0
    assert "nil" in game.legal_actions()  # seat 1: the other side is not affected
    game.apply("bid 3")
    assert game.current_player == 2
    assert ("nil" in game.legal_actions()) is partner_may_bid_nil
    if partner_may_bid_nil:
        game.apply("nil")
        assert game.observation(0).bids == ("nil", "3", "nil", "-")
    else:
        assert texts(game) == [f"bid {n}" for n in range(1, 14)]
        assert illegal(game, "nil").rule == "bidding.nil.both_partners"


def test_b9_no_double_nil_after_a_blind_nil() -> None:
    game = Game(house("blind-nil-any-time", "no-double-nil"), seed=1, dealer=0, deal=MIXED)
    for action in ("blind nil", "look", "bid 3"):  # seat 1 Blind Nil, seat 2 bids
        game.apply(action)
    assert game.current_player == 3  # seat 1's partner
    assert texts(game) == [f"bid {n}" for n in range(1, 14)]
    assert illegal(game, "nil").rule == "bidding.nil.both_partners"


# -- B11 forced bids --------------------------------------------------------------------------


def _trumps(hand: str, extra_trumps: frozenset[str]) -> int:
    return sum(1 for card in hand.split() if card.endswith("S") or card in extra_trumps)


FORCED = [
    # (variant, cards that count as spades besides the printed spades, Nil allowed anyway)
    pytest.param(
        house("no-blind-nil", extra="bidding: {forced: {kind: whiz}}\n"),
        frozenset[str](),
        True,
        id="B11 Whiz: Nil or the spades held",
    ),
    pytest.param(
        house("no-blind-nil", "nyc-trumps", extra="bidding: {forced: {kind: whiz}}\n"),
        frozenset({"BJ", "LJ", "2D"}),
        True,
        id="B11 Whiz with jokers and 2D",
    ),
    pytest.param(
        house("no-blind-nil", extra="bidding: {forced: {kind: mirror}}\n"),
        frozenset[str](),
        False,
        id="B11 Mirror: the spades held",
    ),
    pytest.param(
        house("no-blind-nil", "nyc-trumps", extra="bidding: {forced: {kind: mirror}}\n"),
        frozenset({"BJ", "LJ", "2D"}),
        False,
        id="B11 Mirror counts jokers and 2D as spades",
    ),
    pytest.param(
        house("no-blind-nil", "elevated-deuces", extra="bidding: {forced: {kind: mirror}}\n"),
        frozenset({"2D"}),
        False,
        id="B11 Mirror counts an elevated 2D as a spade",
    ),
]


@pytest.mark.parametrize(("variant", "extra_trumps", "nil_anyway"), FORCED)
@given(data=st.data())
def test_b11_spade_count_bids(
    variant: Variant, extra_trumps: frozenset[str], nil_anyway: bool, data: st.DataObject
) -> None:
    order = data.draw(st.permutations(deck_names(variant)), label="deck order")
    hands = [" ".join(order[seat * 13 : seat * 13 + 13]) for seat in range(4)]
    game = Game(variant, seed=1, dealer=0, deal=hands)
    bid = [0] * 4
    for seat in (1, 2, 3, 0):
        assert game.current_player == seat
        count = _trumps(hands[seat], extra_trumps)
        if not nil_anyway:  # Mirror: held to the tricks the partner left (up to 15 trumps)
            count = min(count, 13 - bid[(seat + 2) % 4])
        bid[seat] = count
        nil = ["nil"] if count == 0 or nil_anyway else []
        expected = nil + ([f"bid {count}"] if count else [])
        assert texts(game) == expected, hands[seat]
        game.apply(expected[-1])


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        pytest.param(
            "BJ LJ 2D 5S AH KH QH AD KD QD AC KC QC",
            ["bid 4"],
            id="B11 Mirror: BJ LJ 2D 5S is four spades",
        ),
        pytest.param(
            "AH KH QH JH TH 9H AD KD QD JD AC KC QC", ["nil"], id="B11 Mirror: no spade bids Nil"
        ),
    ],
)
def test_b11_mirror_with_jokers_worked_examples(hand: str, expected: list[str]) -> None:
    variant = house("no-blind-nil", "nyc-trumps", extra="bidding: {forced: {kind: mirror}}\n")
    game = Game(variant, seed=1, dealer=0, deal=deal_around(variant, {1: hand}))
    assert texts(game) == expected
    illegal(game, "bid 3")


@pytest.mark.parametrize(
    ("forced", "expected", "refused"),
    [
        pytest.param(
            "{kind: fixed, bid: 3}", ["bid 3"], ["nil", "bid 4"], id="B11 everyone bids 3"
        ),
        pytest.param("{kind: fixed, bid: 5}", ["bid 5"], ["bid 3"], id="B11 everyone bids 5"),
        pytest.param(
            "{kind: allowed, bids: [0, 4]}", ["nil", "bid 4"], ["bid 3"], id="B11 only 4 or Nil"
        ),
        pytest.param(
            "{kind: allowed, bids: [2, 3]}",
            ["bid 2", "bid 3"],
            ["nil", "bid 4"],
            id="B11 only 2 or 3",
        ),
    ],
)
def test_b11_fixed_and_allowed_bids(forced: str, expected: list[str], refused: list[str]) -> None:
    variant = house("no-blind-nil", extra=f"bidding: {{forced: {forced}}}\n")
    game = Game(variant, seed=1, dealer=0, deal=MIXED)
    for seat in (1, 2, 3, 0):  # every seat, whatever its cards
        assert game.current_player == seat
        assert texts(game) == expected
        for action in refused:
            assert illegal(game, action).rule == "bidding.forced"
        game.apply(expected[-1])
    assert game.phase == "play"


# -- B14 cutthroat: the three bids may not total 17 -------------------------------------------

CUTTHROAT = load_variant("cutthroat")
CUTTHROAT_NOT_17 = house("bids-not-thirteen", base="cutthroat")


def _value(bid: str) -> int:
    return 0 if bid == "nil" else int(bid.split()[1])


@given(data=st.data())
def test_b14_cutthroat_bids_may_not_total_17(data: st.DataObject) -> None:
    game = Game(CUTTHROAT_NOT_17, seed=1, dealer=0)
    plain = Game(CUTTHROAT, seed=1, dealer=0)
    bids = []
    for n in range(2):
        bid = data.draw(st.sampled_from(texts(game)), label=f"bid {n}")
        bids.append(bid)
        game.apply(bid)
        plain.apply(bid)
    assert game.current_player == 0  # the last of the three
    missing = 17 - sum(map(_value, bids))
    forbidden = [bid for bid in texts(plain) if _value(bid) == missing]
    assert texts(game) == [bid for bid in texts(plain) if bid not in forbidden]
    for bid in forbidden:
        assert illegal(game, bid).rule == "bidding.total_may_not_equal_tricks"


@pytest.mark.parametrize(
    ("first", "second", "forbidden"),
    [
        pytest.param("bid 5", "bid 6", "bid 6", id="B14 5 + 6: not 6"),
        pytest.param("bid 9", "bid 8", "nil", id="B14 9 + 8: not Nil (a bid of 0)"),
        pytest.param("nil", "nil", "bid 17", id="B14 Nil + Nil: not 17"),
    ],
)
def test_b14_cutthroat_not_17_examples(first: str, second: str, forbidden: str) -> None:
    game = Game(CUTTHROAT_NOT_17, seed=1, dealer=0)
    plain = Game(CUTTHROAT, seed=1, dealer=0)
    for bid in (first, second):
        game.apply(bid)
        plain.apply(bid)
    assert len(texts(game)) == 17  # Nil, 1 to 17, less one
    assert forbidden not in game.legal_actions() and forbidden in plain.legal_actions()
    plain.apply(forbidden)  # without the rule it is an ordinary bid
    assert illegal(game, forbidden).rule == "bidding.total_may_not_equal_tricks"


# -- B5 misdeals ---------------------------------------------------------------------------

ONE_SPADE = "AS AH KH QH JH AD KD QD JD AC KC QC JC"
TWO_SPADES = "AS KS AH KH QH AD KD QD JD AC KC QC JC"
SEVEN_HEARTS = "AH KH QH JH TH 9H 8H AS KS AD KD AC KC"
SIX_EACH = "AH KH QH JH TH 9H AS KS QS JS TS 9S AD"
NO_FACE = "AS TS 9S AH TH 9H AD TD 9D AC TC 9C 8C"
ONE_JACK = "AS TS 9S AH TH 9H AD TD 9D AC TC 9C JC"

MISDEAL_HANDS = [
    # (house rule, seat 1's hand, may call a misdeal)
    pytest.param("misdeal-one-spade", ONE_SPADE, True, id="B5 at most one spade: one"),
    pytest.param("misdeal-one-spade", NO_FACE.replace("TS 9S ", "2H 3H "), True, id="B5 one: 1"),
    pytest.param("misdeal-one-spade", TWO_SPADES, False, id="B5 at most one spade: two"),
    pytest.param("misdeal-long-suit", SEVEN_HEARTS, True, id="B5 a suit of seven"),
    pytest.param("misdeal-long-suit", SIX_EACH.replace("AD", "8H"), True, id="B5 seven hearts"),
    pytest.param("misdeal-long-suit", SIX_EACH, False, id="B5 two suits of six"),
    pytest.param("misdeal-no-face-cards", NO_FACE, True, id="B5 no face cards (aces are not)"),
    pytest.param("misdeal-no-face-cards", ONE_JACK, False, id="B5 one jack is a face card"),
    pytest.param("misdeal-no-spades", ONE_SPADE, False, id="B5 no spades: one spade"),
]


@pytest.mark.parametrize(("rule", "hand", "may_call"), MISDEAL_HANDS)
def test_b5_misdeal_conditions(rule: str, hand: str, may_call: bool) -> None:
    variant = house(rule)
    game = Game(variant, seed=5, dealer=0, deal=deal_around(variant, {1: hand}))
    assert game.current_player == 1
    assert ("misdeal" in game.legal_actions()) is may_call
    if may_call:
        game.apply("misdeal")
        assert game.dealer == 0 and game.deal_number == 0 and game.phase == "bidding"
        assert len(game.record()["deals"]) == 2  # thrown in and dealt again
        assert game.scores == (0, 0)
    else:
        assert illegal(game, "misdeal").rule == "misdeal.conditions"


@pytest.mark.parametrize(
    ("rules", "hand", "may_call"),
    [
        pytest.param(
            ("nyc-trumps", "misdeal-no-spades"),
            "2D AH KH QH JH TH AD KD QD JD AC KC QC",
            False,
            id="B5 the 2D is a spade in NYC",
        ),
        pytest.param(
            ("barmore-trumps", "misdeal-one-spade"),
            "BJ 5S AH KH QH JH AD KD QD JD AC KC QC",
            False,
            id="B5 a joker and a spade are two spades",
        ),
        pytest.param(
            ("barmore-trumps", "misdeal-one-spade"),
            "BJ AH KH QH JH TH AD KD QD JD AC KC QC",
            True,
            id="B5 a joker alone is one spade",
        ),
    ],
)
def test_b5_misdeal_counts_jokers_and_elevated_twos_as_spades(
    rules: tuple[str, ...], hand: str, may_call: bool
) -> None:
    variant = house(*rules)
    game = Game(variant, seed=5, dealer=0, deal=deal_around(variant, {1: hand}))
    assert ("misdeal" in game.legal_actions()) is may_call


def _meets(rule: str, hand: list[str]) -> bool:
    """The conditions as a player would check them, for a standard pack."""
    suits = [card[-1] for card in hand]
    if rule == "misdeal-one-spade":
        return suits.count("S") <= 1
    if rule == "misdeal-long-suit":
        return max(suits.count(suit) for suit in "SHDC") >= 7
    assert rule == "misdeal-no-face-cards"
    return not any(card[0] in "KQJ" for card in hand)


@pytest.mark.parametrize(
    "rule", ["misdeal-one-spade", "misdeal-long-suit", "misdeal-no-face-cards"]
)
@given(data=st.data())
def test_b5_misdeal_offered_exactly_when_the_hand_qualifies(rule: str, data: st.DataObject) -> None:
    variant = house(rule)
    order = data.draw(st.permutations(deck_names(variant)), label="deck order")
    hands = [" ".join(order[seat * 13 : seat * 13 + 13]) for seat in range(4)]
    game = Game(variant, seed=5, dealer=0, deal=hands)
    assert ("misdeal" in game.legal_actions()) is _meets(rule, hands[1].split())


# Seats 2 and 3 hold no spade; seat 1 bids first (dealer 0), so when seat 3's turn comes
# its partner has already bid, while seat 2's partner (seat 0, the dealer) has not.
NO_SPADES_FOR_2_AND_3 = [
    "AS KS QS JS TS 9S AH KH QH AD KD QD AC",
    "8S 7S 6S 5S 4S 3S 2S JH TH JD TD KC QC",
    "9H 8H 7H 6H 5H 4H 9D 8D 7D 6D 5D 4D JC",
    "3H 2H 3D 2D TC 9C 8C 7C 6C 5C 4C 3C 2C",
]


@pytest.mark.parametrize(
    ("extra", "seat_3_may_call"),
    [
        pytest.param("", False, id="B5 before partner bids: too late for seat 3"),
        pytest.param("misdeal: {before_partner_bids: false}\n", True, id="B5 any time at its turn"),
    ],
)
def test_b5_misdeal_only_before_partner_bids(extra: str, seat_3_may_call: bool) -> None:
    game = Game(
        house("misdeal-no-spades", extra=extra), seed=5, dealer=0, deal=NO_SPADES_FOR_2_AND_3
    )
    assert game.current_player == 1 and "misdeal" not in game.legal_actions()  # holds spades
    game.apply("bid 4")
    assert game.current_player == 2 and "misdeal" in game.legal_actions()  # seat 0 not yet bid
    game.apply("bid 1")
    assert game.current_player == 3
    assert ("misdeal" in game.legal_actions()) is seat_3_may_call
    if seat_3_may_call:
        game.apply("misdeal")
        assert game.dealer == 0 and game.phase == "bidding" and game.current_player == 1
        assert game.observation(0).bids == ("-", "-", "-", "-")
    else:
        assert illegal(game, "misdeal").rule == "misdeal.before_partner_bids"
