"""The bidding compiler's own contract: the named bid codes, the forced formats' table,
one total rule for every kind of bid, and the blind ids of the action space."""

from __future__ import annotations

import json
from typing import get_args

import pytest

from spadeslib.compiler.action_ids import ActionSpace, action_space
from spadeslib.compiler.bidding import (
    BlindContext,
    RaiseContext,
    SeatContext,
    TeamContext,
    blind_bid_problem,
    blind_nil_problem,
    come_out_problem,
    raise_problem,
    seat_bid_problem,
    team_bid_problem,
)
from spadeslib.compiler.bidding.constraints import total_problem
from spadeslib.compiler.bidding.forced import BUILDERS
from spadeslib.compiler.bids import BLIND_NIL, NIL, NO_BID, Bid, TeamBid, format_bid, tricks_of
from spadeslib.engine import Game
from spadeslib.errors import RecordError
from spadeslib.loader import bundled_variants
from spadeslib.variant import Variant, load_variant
from spadeslib.variant.bidding import Forced

# -- the bid codes ---------------------------------------------------------------------


def test_the_special_bids_are_named_ints() -> None:
    assert [int(b) for b in (NIL, BLIND_NIL, NO_BID)] == [-1, -2, -3]
    assert (NIL, BLIND_NIL, NO_BID) == (Bid.NIL, Bid.BLIND_NIL, Bid.NONE)
    # (mypy holds an enum member never equal to an int literal; an IntEnum's is)
    assert Bid(-1) is NIL and NIL == -1 and hash(NIL) == hash(-1)  # type: ignore[comparison-overlap]
    assert repr(NIL) == "<Bid.NIL: -1>"
    assert (str(NIL), f"{BLIND_NIL}", json.dumps([NO_BID, 4])) == ("-1", "-2", "[-3, 4]")
    assert [format_bid(b) for b in (NIL, -2, NO_BID, 0, 7)] == ["nil", "blind nil", "-", "0", "7"]
    assert [tricks_of(b) for b in (NIL, BLIND_NIL, NO_BID, 0, 5)] == [0, 0, 0, 0, 5]


def test_a_team_bid_is_a_named_triple() -> None:
    bid = TeamBid(4, NIL, 4)
    assert (bid.contract, bid.captain, bid.partner) == (4, NIL, 4)
    assert bid == (4, -1, 4) and hash(bid) == hash((4, -1, 4))


def test_a_fresh_state_serialises_its_bids_as_before() -> None:
    game = Game("standard", seed=1)
    assert game.state_dict()["bids"] == [-3, -3, -3, -3]
    assert '"bids": [-3, -3, -3, -3]' in json.dumps(game.state_dict())
    assert game.observation(0).bids == ("-", "-", "-", "-")


# -- the forced formats ------------------------------------------------------------------


def test_every_forced_format_has_a_builder() -> None:
    (union, _) = get_args(Forced)
    kinds = {cls.model_fields["kind"].default for cls in get_args(union)}
    assert set(BUILDERS) == kinds


# -- one total rule ----------------------------------------------------------------------

TOTAL = Variant.model_validate(
    {
        "bidding": {
            "total_may_not_equal_tricks": True,
            "raise_round": True,
            "blind": {"enabled": True, "min_bid": 1, "come_out_to": 10},
            "blind_nil": {"eligibility": {"kind": "always"}},
        }
    }
).compile()
TEAMS = Variant.model_validate(
    {"bidding": {"form": {"kind": "partnership"}, "total_may_not_equal_tricks": True}}
).compile()
EXPECTED = ("the bids would total 13, the number of tricks", "bidding.total_may_not_equal_tricks")


@pytest.mark.parametrize(
    "problem",
    [
        seat_bid_problem(TOTAL, SeatContext(last=True, others_total=9), 4),
        team_bid_problem(TEAMS, TeamContext(last=True, others_total=8), TeamBid(5, NO_BID, NO_BID)),
        blind_bid_problem(TOTAL, BlindContext(last=True, others_total=6), 7),
        blind_nil_problem(TOTAL, BlindContext(nil_last=True, others_total=13)),
        come_out_problem(TOTAL, 6, True, 3),
        raise_problem(TOTAL, RaiseContext(contract=5, others_total=7), 6),
        total_problem(TOTAL, True, 10, 3),
    ],
    ids=["seat", "team", "blind bid", "blind nil", "come out", "raise", "the rule"],
)
def test_every_kind_of_bid_obeys_the_one_total_rule(problem: object) -> None:
    assert problem == EXPECTED


def test_the_total_rule_is_off_by_default_and_only_for_the_last_bid() -> None:
    standard = Variant().compile()
    assert total_problem(standard, True, 10, 3) is None
    assert total_problem(TOTAL, False, 10, 3) is None


# -- blind ids ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(bundled_variants()))
def test_blind_ids_are_the_blind_actions(name: str) -> None:
    space = action_space(load_variant(name).compile())
    assert list(space.blind_ids) == [
        i for i in range(space.dense_size) if kind(space, i) == "blind"
    ]


def kind(space: ActionSpace, action_id: int) -> str | None:
    try:
        return space.kind_of(action_id)
    except RecordError:  # a gap in the dense ids
        return None
