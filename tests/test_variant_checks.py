"""Contradictions that would leave the engine without a legal bid, or make a special bid
impossible, refused by the validator with a message saying what to write instead.

Each case is a small file, the key the problem is placed at, its line and its message.
"""

from __future__ import annotations

import pytest

from spadeslib.variant import Variant, validate

NO_NIL = "  nil: {enabled: false}\n  blind_nil: {enabled: false}\n"
TRIOS = (
    "table: {players: 6, partnerships: trios}\n"
    "deck: {packs: 2, remove: [2C]}\n"
    "deal: {hand_size: 17}\n"
)

CASES = [
    pytest.param(
        "game_end:\n  target: -5\n",
        "game_end.target",
        2,
        "every side starts at 0, which has already reached a target of -5: write a positive "
        "target, like 500, or leave it empty for no target",
        id="a target at or below the starting score",
    ),
    pytest.param(
        "bidding:\n  form:\n    kind: round_the_table\n    max_bid: 0\n" + NO_NIL,
        "bidding.form.max_bid",
        4,
        "a maximum bid of 0 leaves no bid to make: a bid of 0 is illegal (Nil is off and "
        "bidding.nil.zero_bid is 'illegal'); raise max_bid, or turn Nil on, or set "
        "bidding.nil.zero_bid: zero_tricks",
        id="max bid 0 without a bid of 0",
    ),
    pytest.param(
        "bidding:\n  form:\n    kind: round_the_table\n    min_bid: 7\n" + NO_NIL,
        "bidding.form.min_bid",
        4,
        "a side of 2 bidding at least 7 each would contract for 14 of the 13 tricks; set "
        "min_bid to 6 or less, or allow a bid of 0 (Nil, or bidding.nil.zero_bid: zero_tricks)",
        id="partners' minimum bids above the tricks",
    ),
    pytest.param(
        "bidding:\n  forced: {kind: fixed, bid: 0}\n" + NO_NIL,
        "bidding.forced.bid",
        2,
        "everyone must bid 0, but a bid of 0 is illegal (Nil is off and bidding.nil.zero_bid "
        "is 'illegal'); turn Nil on, or set bidding.nil.zero_bid: zero_tricks, or fix a bid "
        "of 1 or more",
        id="fixed 0 without a bid of 0",
    ),
    pytest.param(
        "bidding:\n  form: {kind: round_the_table, min_bid: 1}\n"
        "  forced: {kind: fixed, bid: 0}\n"
        "  nil: {enabled: false, zero_bid: zero_tricks}\n  blind_nil: {enabled: false}\n",
        "bidding.forced.bid",
        3,
        "everyone must bid 0, but a bid of 0 is illegal (it is below bidding.form.min_bid, "
        "1); set bidding.form.min_bid: 0, or fix a bid of 1 or more",
        id="fixed 0 below the minimum bid",
    ),
    pytest.param(
        "bidding:\n  forced: {kind: fixed, bid: 7}\n  blind_nil: {enabled: false}\n",
        "bidding.forced.bid",
        2,
        "everyone bids 7, so a side of 2 would contract for 14 of the 13 tricks; fix a bid "
        "of 6 or less",
        id="fixed bids of a side above the tricks",
    ),
    pytest.param(
        TRIOS + "bidding:\n  forced: {kind: fixed, bid: 6}\n" + NO_NIL,
        "bidding.forced.bid",
        5,
        "everyone bids 6, so a side of 3 would contract for 18 of the 17 tricks; fix a bid "
        "of 5 or less",
        id="fixed bids of a trio above the tricks",
    ),
    pytest.param(
        "deal: {hand_size: 12, leftover: {kind: widow}}\n"
        "bidding:\n  forced: {kind: fixed, bid: 3}\n"
        "  total_may_not_equal_tricks: true\n  blind_nil: {enabled: false}\n",
        "bidding.total_may_not_equal_tricks",
        4,
        "everyone bids 3, so the 4 bids always total 12, the number of tricks; set "
        "total_may_not_equal_tricks: false",
        id="fixed bids that always total the tricks",
    ),
    pytest.param(
        TRIOS + "bidding:\n  forced:\n    kind: allowed\n    bids: [8, 6]\n" + NO_NIL,
        "bidding.forced.bids",
        7,
        "the least allowed bid is 6, so a side of 3 would contract for at least 18 of the "
        "17 tricks; allow a bid of 5 or less (or 0, where a bid of 0 is legal)",
        id="allowed bids of a trio above the tricks",
    ),
    pytest.param(
        "bidding:\n  form: {kind: round_the_table, min_bid: 2}\n"
        "  forced: {kind: allowed, bids: [0, 4]}\n"
        "  nil: {enabled: false, zero_bid: zero_tricks}\n  blind_nil: {enabled: false}\n",
        "bidding.forced.bids",
        3,
        "0 is allowed here but a bid of 0 is illegal (it is below bidding.form.min_bid, 2)",
        id="allowed 0 below the minimum bid",
    ),
    pytest.param(
        "bidding:\n  forced: {kind: mirror}\n  total_may_not_equal_tricks: true\n"
        "  blind_nil: {enabled: false}\n",
        "bidding.total_may_not_equal_tricks",
        3,
        "under Mirror every bid is the trumps held, so no rule can keep the total off the "
        "13 tricks; set total_may_not_equal_tricks: false",
        id="mirror and the total rule",
    ),
    pytest.param(
        "bidding:\n  forced: {kind: suicide, partner_min: 14}\n  blind_nil: {enabled: false}\n",
        "bidding.forced.partner_min",
        2,
        "14 is more than the 13 tricks",
        id="suicide partner above the tricks",
    ),
    pytest.param(
        "bidding:\n  form: {kind: partnership, max_team_bid: 5}\n  nil: {partner_min_bid: 6}\n",
        "bidding.nil.partner_min_bid",
        3,
        "the partner of a Nil must bid at least 6, above the highest team bid 5; lower "
        "partner_min_bid or raise max_team_bid",
        id="partner of a Nil above the highest team bid",
    ),
    pytest.param(
        "bidding:\n  form: {kind: round_the_table, max_bid: 5}\n  nil: {partner_min_bid: 6}\n",
        "bidding.nil.partner_min_bid",
        3,
        "the partner of a Nil must bid at least 6, above the highest bid 5; lower "
        "partner_min_bid or raise max_bid",
        id="partner of a Nil above the highest bid",
    ),
    pytest.param(
        "bidding:\n  form: {kind: round_the_table, max_bid: 6}\n  moon:\n    enabled: true\n",
        "bidding.moon.enabled",
        4,
        "the Moon is a bid of all 13 tricks, but no side can contract for more than 12; "
        "allow higher bids or turn the Moon off",
        id="moon out of reach of two partners",
    ),
    pytest.param(
        "table: {partnerships: none}\n"
        "bidding:\n  form: {kind: round_the_table, max_bid: 12}\n  moon: {enabled: true}\n"
        "  blind_nil: {enabled: false}\n",
        "bidding.moon.enabled",
        4,
        "the Moon is a bid of all 13 tricks, but no side can contract for more than 12; "
        "allow higher bids or turn the Moon off",
        id="moon out of reach of one player",
    ),
    pytest.param(
        "extends: nyc\nbidding:\n  form: {max_team_bid: 9}\n"
        "  blind: {max_bid: 9, come_out_to: null}\n",
        "bidding.ten_for_200.enabled",
        2,
        "ten for 200 is for a bid of 10, but no side can contract for more than 9; allow "
        "higher bids or turn ten for 200 off",
        id="ten for 200 out of reach (set by nyc: at the bidding section the user wrote)",
    ),
    pytest.param(
        "bidding:\n  blind:\n    enabled: true\n    min_bid: 6\n    come_out_to: 6\n",
        "bidding.blind.come_out_to",
        5,
        "a side comes out of a blind bid to a higher plain bid, but 6 is not above the "
        "lowest blind bid 6; set come_out_to above 6 (NYC: blind 6 to 10, come out to 10) "
        "or leave it out",
        id="come out to the lowest blind bid",
    ),
    pytest.param(
        "bidding:\n  form: {kind: partnership, max_team_bid: 8}\n"
        "  blind: {enabled: true, max_bid: 8, come_out_to: 10}\n",
        "bidding.blind.come_out_to",
        3,
        "coming out is a plain bid of 10, above the highest team bid 8; set come_out_to to "
        "8 or less, or raise max_team_bid",
        id="come out above the highest team bid",
    ),
    pytest.param(
        "extends: two-handed\npassing: {cards: 3}\n",
        "passing.cards",
        2,
        "passing is to partner; it needs partnerships of pairs",
        id="passing in the two-handed draw-and-discard game",
    ),
    pytest.param(
        "extends: two-handed\ndeal:\n  french_cut: true\n",
        "deal.french_cut",
        3,
        "the French cut gives one card to each hand before it is dealt; the "
        "draw-and-discard deal deals no hands (set french_cut: false)",
        id="the French cut in the two-handed draw-and-discard game",
    ),
    pytest.param(
        "extends: mirror\nbidding:\n  raise_round: true\n",
        "bidding.raise_round",
        3,
        "under mirror the bids are forced, so a raise round cannot change them; "
        "set bidding.raise_round: false",
        id="a raise round under Mirror",
    ),
    pytest.param(
        "bidding:\n  forced: {kind: allowed, bids: [0, 4]}\n  raise_round: true\n"
        "  blind_nil: {enabled: false}\n",
        "bidding.raise_round",
        3,
        "under allowed the bids are forced, so a raise round cannot change them; "
        "set bidding.raise_round: false",
        id="a raise round with a set of allowed bids",
    ),
    pytest.param(
        "house_rules: [partnership-bidding]\nbidding:\n  nil: {double_nil_means: both_partners}\n",
        "bidding.nil.double_nil_means",
        3,
        "'double nil' cannot mean both partners Nil: with partnership bidding the partner "
        "of a Nil must bid at least the minimum team bid 4; set bidding.form.min_team_bid: 0 "
        "or remove double_nil_means",
        id="double nil as both partners under a team minimum",
    ),
    pytest.param(
        "bidding:\n  nil: {double_nil_means: both_partners, partner_min_bid: 4}\n",
        "bidding.nil.double_nil_means",
        2,
        "'double nil' cannot mean both partners Nil: the partner of a Nil must bid at least "
        "4 (bidding.nil.partner_min_bid); remove one of the two",
        id="double nil as both partners with a Nil partner minimum",
    ),
    pytest.param(
        "table: {partnerships: none}\n"
        "bidding:\n  partners_may_not_exceed_tricks: true\n  blind_nil: {exchange: 0}\n",
        "bidding.partners_may_not_exceed_tricks",
        3,
        "'partners may not exceed the tricks' is about partners; this table has none",
        id="the partners' cap without partners",
    ),
    pytest.param(
        "bidding:\n  form: {kind: partnership}\n  partners_may_not_exceed_tricks: true\n",
        "bidding.partners_may_not_exceed_tricks",
        3,
        "with partnership bidding a side makes one team bid, never more than the tricks; the "
        "rule is for round-the-table bidding (set partners_may_not_exceed_tricks: false)",
        id="the partners' cap with team bids",
    ),
]


@pytest.mark.parametrize(("text", "path", "line", "message"), CASES)
def test_contradiction_is_refused_with_what_to_write(
    text: str, path: str, line: int, message: str
) -> None:
    problems = validate(text)
    assert [(p.path, p.line, p.message, p.code) for p in problems] == [
        (path, line, message, "contradiction")
    ], [str(p) for p in problems]


VALID = [
    pytest.param(
        "bidding:\n  form: {kind: round_the_table, max_bid: 0}\n"
        "  nil: {enabled: false, zero_bid: zero_tricks}\n  blind_nil: {enabled: false}\n",
        id="max bid 0 with zero-tricks bids",
    ),
    pytest.param(
        "bidding:\n  form: {kind: round_the_table, max_bid: 0}\n",
        id="max bid 0 with Nil: everyone bids Nil",
    ),
    pytest.param(
        "bidding:\n  form: {kind: round_the_table, min_bid: 7}\n",
        id="high minimum with Nil to fall back on",
    ),
    pytest.param(
        TRIOS + "bidding:\n  forced: {kind: fixed, bid: 5}\n  blind_nil: {enabled: false}\n",
        id="trios bidding 5 each of 17",
    ),
    pytest.param(
        TRIOS + "bidding:\n  forced: {kind: allowed, bids: [0, 6]}\n"
        "  blind_nil: {enabled: false}\n",
        id="allowed bids above a third of the tricks, with Nil",
    ),
    pytest.param(
        "bidding:\n  forced: {kind: fixed, bid: 3}\n  total_may_not_equal_tricks: true\n"
        "  blind_nil: {enabled: false}\n",
        id="fixed bids that total 12 of 13",
    ),
    pytest.param(
        "bidding:\n  form: {kind: round_the_table, max_bid: 7}\n  moon: {enabled: true}\n",
        id="two partners reach the Moon together",
    ),
    pytest.param(
        "bidding:\n  form: {kind: round_the_table, max_bid: 3}\n  raise_round: true\n"
        "  moon: {enabled: true}\n  ten_for_200: {enabled: true}\n",
        id="the raise round reaches every trick",
    ),
    pytest.param(
        "bidding:\n  form: {kind: partnership, max_team_bid: 8}\n"
        "  blind: {enabled: true, min_bid: 6}\n  moon: {enabled: true}\n",
        id="a blind bid reaches the Moon",
    ),
    pytest.param("extends: nyc\n", id="nyc: blind 6 to 10, come out to 10"),
    pytest.param(
        "bidding:\n  partners_may_not_exceed_tricks: true\n  total_may_not_equal_tricks: true\n"
        "  form: {kind: round_the_table, no_bid_of_one: true}\n  raise_round: true\n"
        "  moon: {enabled: true}\n",
        id="the partners' cap beside the total, no bid of one, raises and the Moon",
    ),
    pytest.param(
        "bidding:\n  partners_may_not_exceed_tricks: true\n"
        "  blind: {enabled: true, come_out_to: 10}\n",
        id="the partners' cap with blind bids and coming out",
    ),
    pytest.param(
        "extends: mirror\nbidding: {partners_may_not_exceed_tricks: true}\n",
        id="the partners' cap under Mirror, which holds it already",
    ),
    pytest.param(
        TRIOS + "bidding:\n  partners_may_not_exceed_tricks: true\n"
        "  forced: {kind: allowed, bids: [0, 6]}\n  blind_nil: {enabled: false}\n",
        id="the partners' cap for trios of allowed bids",
    ),
    pytest.param(
        "bidding:\n  nil: {enabled: false, failed_tricks: ignored, partner_min_bid: 4}\n",
        id="Blind Nil without Nil (B9 lists them apart) keeps the Nil rules it uses",
    ),
]


@pytest.mark.parametrize("text", VALID)
def test_playable_variants_stay_valid(text: str) -> None:
    assert validate(text) == []


def test_blind_nil_without_nil_is_playable() -> None:
    variant = Variant.model_validate({"bidding": {"nil": {"enabled": False}}})
    assert variant.bidding.blind_nil.enabled and not variant.bidding.nil.enabled


def test_nil_rules_are_idle_when_neither_nil_is_played() -> None:
    text = (
        "bidding:\n  nil: {enabled: false, failed_tricks: ignored}\n  blind_nil: {enabled: false}\n"
    )
    [problem] = validate(text)
    assert (problem.path, problem.line) == ("bidding.nil.failed_tricks", 2)
    assert problem.message == "set, but Nil is off (bidding.nil.enabled: false)"
