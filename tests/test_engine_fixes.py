"""Engine rules that once played differently from the spec (review of the auction: A3, B5,
B6, B7, B9, Part D). Each case names the rule it pins; a refused action leaves the game
byte-identical."""

from __future__ import annotations

import json
import random

import pytest

from spadeslib import Game, IllegalActionError, Variant, parse_variant
from spadeslib.scoring import Contract, Standing, score_deal

MIXED = [
    "AS KH QD JC TS 9H 8D 7C 6S 5H 4D 3C 2S",
    "KS QH JD TC 9S 8H 7D 6C 5S 4H 3D 2C AH",
    "QS JH TD 9C 8S 7H 6D 5C 4S 3H 2D AC KD",
    "JS TH 9D 8C 7S 6H 5D 4C 3S 2H AD KC QC",
]


def house(*rules: str, extra: str = "") -> Variant:
    return parse_variant("extends: standard\nhouse_rules: [" + ", ".join(rules) + "]\n" + extra)


def texts(game: Game) -> list[str]:
    return [str(action) for action in game.legal_actions()]


def dump(game: Game) -> str:
    return json.dumps(game.state_dict(), sort_keys=True)


def illegal(game: Game, action: str) -> IllegalActionError:
    """Apply ``action``, expecting it to be refused with the game unchanged."""
    before = dump(game)
    with pytest.raises(IllegalActionError) as error:
        game.apply(action)
    assert dump(game) == before
    return error.value


def run(game: Game, *actions: str) -> Game:
    """Apply ``actions``, looking first whenever a seat is asked to bid blind."""
    for action in actions:
        if game.phase == "blind" and action not in ("blind nil", "double nil", "look"):
            game.apply("look")
        game.apply(action)
    return game


# -- B9: a Blind Nil is a Nil, so the Nil partner's minimum applies --------------------------


@pytest.mark.parametrize(
    ("partner_bid", "offered"),
    [
        pytest.param("bid 2", False, id="B9 partner bid 2 < 4: no Blind Nil"),
        pytest.param("bid 3", False, id="B9 partner bid 3 < 4: no Blind Nil"),
        pytest.param("bid 4", True, id="B9 partner bid 4: Blind Nil offered"),
        pytest.param("nil", True, id="B9 partner bid Nil: both partners may"),
    ],
)
def test_b9_blind_nil_respects_the_nil_partner_minimum(partner_bid: str, offered: bool) -> None:
    # dealer 1: seats 2, 3, 0, 1 bid; seat 0 is seat 2's partner
    game = run(
        Game(house("nil-partner-four", "blind-nil-any-time"), seed=1, dealer=1, deal=MIXED),
        partner_bid,
        "bid 3",
    )
    assert game.current_player == 0
    assert ("blind nil" in texts(game)) is offered
    if not offered:
        error = illegal(game, "blind nil")
        assert error.rule == "bidding.nil.partner_min_bid"
        assert "at least 4" in error.reason


# -- B6/B7: the total may not be 13, Blind Nil included ------------------------------------


@pytest.mark.parametrize(
    ("bids", "offered"),
    [
        pytest.param(("bid 4", "bid 5", "bid 4"), False, id="B7 4+5+4 = 13: no Blind Nil last"),
        pytest.param(("bid 4", "bid 5", "bid 3"), True, id="B7 4+5+3 = 12: Blind Nil last"),
    ],
)
def test_b7_last_blind_nil_may_not_make_the_total_thirteen(
    bids: tuple[str, ...], offered: bool
) -> None:
    variant = house("bids-not-thirteen", "blind-nil-any-time")
    game = run(Game(variant, seed=1, dealer=3, deal=MIXED), *bids)
    assert game.current_player == 3
    assert ("blind nil" in texts(game)) is offered
    # nothing blind left to decide: the seat sees its cards and bids (once it was asked to
    # decide with no legal action at all)
    assert game.phase == ("blind" if offered else "bidding") and texts(game)
    if not offered:
        error = illegal(game, "blind nil")
        assert error.rule == "bidding.total_may_not_equal_tricks"


def test_b7_blind_nil_before_the_last_bid_is_not_refused_for_the_total() -> None:
    """Seat 2 bids after seat 1's Blind Nil, so the total is not yet known: not refused."""
    variant = house("bids-not-thirteen", "blind-nil-any-time")
    game = run(Game(variant, seed=1, dealer=3, deal=MIXED), "bid 8", "bid 5")
    assert game.current_player == 2
    assert "blind nil" in texts(game)


# -- B7: no bid of one, raise round included -----------------------------------------------


@pytest.mark.parametrize(
    ("bids", "raise_to", "legal"),
    [
        pytest.param(("bid 3", "bid 2", "nil", "bid 2"), 4, False, id="B7 x=3, contract 3: not 4"),
        pytest.param(("bid 3", "bid 2", "nil", "bid 2"), 5, True, id="B7 x=3, contract 3: 5"),
        pytest.param(("bid 3", "bid 2", "bid 2", "bid 2"), 6, True, id="B7 x=3, contract 5: 6"),
        pytest.param(("nil", "bid 2", "bid 3", "bid 2"), 4, True, id="B7 x=Nil, contract 3: 4"),
    ],
)
def test_b7_no_bid_of_one_holds_for_the_final_contract(
    bids: tuple[str, ...], raise_to: int, legal: bool
) -> None:
    game = run(Game(house("no-bid-of-one", "raise-round"), seed=1, dealer=3, deal=MIXED), *bids)
    assert game.phase == "raise" and game.current_player == 0
    action = f"raise {raise_to}"
    assert (action in texts(game)) is legal
    if legal:
        game.apply(action)
        assert game.observation(0).contracts[0] == raise_to
    else:
        error = illegal(game, action)
        assert error.rule == "bidding.form.no_bid_of_one"


# -- Part D: "double nil" is an alias the variant chooses -----------------------------------

BOTH_NIL_TEAM = "bidding: {form: {kind: partnership, min_team_bid: 0}}\n"


@pytest.mark.parametrize(
    ("rules", "extra", "before", "same_as"),
    [
        pytest.param(
            ("blind-nil-any-time", "double-nil-means-blind-nil"),
            "",
            (),
            "blind nil",
            id="blind_nil: 'double nil' is 'blind nil'",
        ),
        pytest.param(
            ("double-nil-means-both-partners",),
            "",
            ("nil", "bid 3"),
            "nil",
            id="both_partners round the table: the second partner's 'nil'",
        ),
        pytest.param(
            ("double-nil-means-both-partners",),
            BOTH_NIL_TEAM,
            (),
            "bid nil/nil",
            id="both_partners, partnership: 'bid nil/nil'",
        ),
    ],
)
def test_part_d_double_nil_stands_for_the_variants_choice(
    rules: tuple[str, ...], extra: str, before: tuple[str, ...], same_as: str
) -> None:
    variant = house(*rules, extra=extra)
    aliased = run(Game(variant, seed=1, dealer=0, deal=MIXED), *before)
    named = run(Game(variant, seed=1, dealer=0, deal=MIXED), *before)
    named.apply(same_as)
    aliased.apply("double nil")
    assert dump(aliased) == dump(named)
    assert aliased.record()["actions"][-1] == same_as


@pytest.mark.parametrize(
    ("rules", "extra", "before", "rule", "words"),
    [
        pytest.param(
            (),
            "",
            (),
            "action",
            "bidding.nil.double_nil_means",
            id="no alias: names the key and what to write",
        ),
        pytest.param(
            ("double-nil-means-both-partners",),
            "",
            (),
            "action",
            "write 'nil'",
            id="both_partners round the table, first partner: write 'nil'",
        ),
        pytest.param(
            ("blind-nil-any-time", "double-nil-means-blind-nil"),
            "",
            ("look",),
            "bidding.blind_nil",
            "before looking",
            id="blind_nil after looking",
        ),
    ],
)
def test_part_d_double_nil_refused_says_why(
    rules: tuple[str, ...], extra: str, before: tuple[str, ...], rule: str, words: str
) -> None:
    game = run(Game(house(*rules, extra=extra), seed=1, dealer=0, deal=MIXED), *before)
    error = illegal(game, "double nil")
    assert error.rule == rule
    assert words in error.reason


# -- B5: in a partnership auction any qualifying hand of the side may have a misdeal --------

# dealer 0: captains are seat 1 (side 1) and seat 2 (side 0); partners seats 3 and 0.
PARTNER_VOID = [
    "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH",
    "AS KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
]


def test_b5_partnership_misdeal_for_the_partners_hand() -> None:
    """Seat 1 holds a spade, its partner seat 3 none: side 1 may call the misdeal."""
    game = Game(
        house("partnership-bidding", "misdeal-no-spades"), seed=1, dealer=0, deal=PARTNER_VOID
    )
    assert game.current_player == 1
    assert "misdeal" in texts(game)
    game.apply("misdeal")
    record = game.record()
    assert len(record["deals"]) == 2 and record["deals"][1]["dealer"] == 0
    assert game.phase == "bidding"


def test_b5_partnership_misdeal_needs_a_qualifying_hand() -> None:
    game = Game(house("partnership-bidding", "misdeal-no-spades"), seed=1, dealer=0, deal=MIXED)
    assert "misdeal" not in texts(game)
    error = illegal(game, "misdeal")
    assert error.rule == "misdeal.conditions"


@pytest.mark.parametrize(
    ("before_partner_bids", "offered"),
    [
        pytest.param(True, False, id="B5 before partner bids: not after the captain's Blind Nil"),
        pytest.param(False, True, id="B5 any time: the partner's hand still may"),
    ],
)
def test_b5_partnership_misdeal_after_a_captains_blind_nil(
    before_partner_bids: bool, offered: bool
) -> None:
    extra = f"misdeal: {{before_partner_bids: {str(before_partner_bids).lower()}}}\n"
    variant = house("partnership-bidding", "misdeal-no-spades", "blind-nil-any-time", extra=extra)
    game = Game(variant, seed=1, dealer=0, deal=PARTNER_VOID)
    game.apply("blind nil")  # seat 1, side 1's captain; seat 3 holds no spade
    assert game.phase == "bidding" and game.current_player == 1
    assert ("misdeal" in texts(game)) is offered
    if not offered:
        assert illegal(game, "misdeal").rule == "misdeal.before_partner_bids"


# -- A3: a bid is 0 to 13, whatever the partner bid; the side is then simply set -----------


def test_a3_partners_may_bid_more_than_the_tricks_and_are_set() -> None:
    game = run(Game("standard", seed=1, dealer=3, deal=MIXED), "bid 5", "bid 3")
    assert {"bid 9", "bid 13"} <= set(texts(game))
    run(game, "bid 9", "bid 3")
    assert game.observation(0).contracts == (14, 6)
    rng = random.Random(0)
    while not game.deal_history:
        game.apply_id(rng.choice(game.legal_action_ids()))
    deal = game.deal_history[0]
    assert deal.scores[0] == -140  # set: 10 x 14
    # the public, checked scoring takes the same contract
    checked = score_deal(
        game.variant,
        [Contract(bid=14, seat_bids=((0, 5), (2, 9))), Contract(bid=6, seat_bids=((1, 3), (3, 3)))],
        deal.tricks,
        (Standing(), Standing()),
    )
    assert checked.sides[0].after.score == -140


# -- errors: a blind action refused on the scores names the eligibility rule ----------------


@pytest.mark.parametrize(
    ("rules", "action", "rule"),
    [
        pytest.param((), "blind nil", "bidding.blind_nil.eligibility", id="Blind Nil, level"),
        pytest.param(
            ("blind-bids",),
            "blind 7",
            "bidding.blind.eligibility",
            id="blind 7 behind by 100",
        ),
    ],
)
def test_blind_refused_on_the_scores_names_the_rule_and_scores(
    rules: tuple[str, ...], action: str, rule: str
) -> None:
    extra = "bidding: {blind: {eligibility: {kind: behind, points: 100}}}\n" if rules else ""
    game = Game(house(*rules, extra=extra), seed=1, dealer=0, deal=MIXED)
    assert game.phase == "bidding"
    error = illegal(game, action)
    assert error.rule == rule
    assert "the side is level" in error.reason
    assert "scores: side 0 (0+2) 0, side 1 (1+3) 0" in error.reason
