"""Scoring builds its values the fast way (a side's ``lines`` written when first read, the
frozen dataclasses built without their ``__init__``, the variant read once): what it
builds must be indistinguishable from what the classes' own constructors build."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import examples
from spadeslib.scoring import Contract, DealScore, SideScore, Standing, score_deal
from spadeslib.scoring.types import new_contract, new_deal_score, new_side_score, new_standing
from spadeslib.testing import variants
from spadeslib.variant import Variant
from test_scoring_properties import Deal, deals


def _spelled_out(side: SideScore) -> SideScore:
    """The same side built by the class's own constructor, every field given."""
    values = {field.name: getattr(side, field.name) for field in dataclasses.fields(side)}
    return SideScore(**values)


def _scored(deal: Deal) -> DealScore:
    return score_deal(
        deal.variant, deal.contracts, deal.tricks, deal.standings, first_deal=deal.first_deal
    )


def test_the_builders_fill_every_field() -> None:
    """A field added to a class and not to its builder would be missing here."""
    before, after = Standing(1, 2, 3), Standing(4, 5, 6)
    assert new_standing(1, 2, 3) == Standing(1, 2, 3)
    contract = new_contract(
        bid=4,
        nil_seats=frozenset({1}),
        blind_nil_seats=frozenset({3}),
        blind=True,
        came_out=False,
        seat_bids=((0, 4),),
    )
    assert contract == Contract(4, frozenset({1}), frozenset({3}), True, False, ((0, 4),))
    assert repr(contract) == repr(
        Contract(4, frozenset({1}), frozenset({3}), True, False, ((0, 4),))
    )
    built = new_side_score(
        side=1,
        seats=(1, 3),
        tricks=4,
        contract_points=5,
        overtrick_points=6,
        nil_points=7,
        bonus_points=8,
        bags_added=9,
        bag_penalty=10,
        total=11,
        before=before,
        after=after,
        was_set=True,
        took_all_tricks=False,
        parts=(),
    )
    assert built == SideScore(1, (1, 3), 4, 5, 6, 7, 8, 9, 10, 11, before, after, True, False, ())
    assert new_deal_score((built,), ()) == DealScore((built,), ())
    for value in (contract, new_standing(1, 2, 3), built, new_deal_score((built,), ())):
        for field in dataclasses.fields(value):
            getattr(value, field.name)  # set, or (lines) written on demand


def test_built_values_are_frozen_and_of_the_real_class() -> None:
    standing = new_standing(1, 2, 3)
    assert type(standing) is Standing
    with pytest.raises(dataclasses.FrozenInstanceError):
        standing.score = 5  # type: ignore[misc]
    contract = new_contract(
        bid=4,
        nil_seats=frozenset(),
        blind_nil_seats=frozenset(),
        blind=False,
        came_out=False,
        seat_bids=(),
    )
    assert type(contract) is Contract
    assert hash(contract) == hash(Contract(4))
    with pytest.raises(dataclasses.FrozenInstanceError):
        contract.bid = 5  # type: ignore[misc]
    deal = score_deal(Variant(), [Contract(bid=5), Contract(bid=7)], [4, 3, 3, 3], [Standing()] * 2)
    assert type(deal) is DealScore
    assert type(deal.sides[0]) is SideScore
    with pytest.raises(dataclasses.FrozenInstanceError):
        deal.sides[0].lines = ()  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        deal.sides = ()  # type: ignore[misc]


def test_a_missing_attribute_is_still_an_attribute_error() -> None:
    deal = score_deal(Variant(), [Contract(bid=5), Contract(bid=7)], [4, 3, 3, 3], [Standing()] * 2)
    with pytest.raises(AttributeError, match=r"^'SideScore' object has no attribute 'linse'$"):
        deal.sides[0].linse  # type: ignore[attr-defined]  # noqa: B018
    assert not hasattr(deal.sides[0], "linse")
    assert hasattr(deal.sides[0], "lines")


def test_lines_are_written_once_and_kept() -> None:
    deal = score_deal(Variant(), [Contract(bid=5), Contract(bid=7)], [4, 3, 3, 3], [Standing()] * 2)
    side = deal.sides[0]
    assert side.lines is side.lines
    assert side.lines == (
        "bid 5, took 7: made, 10 x 5 = +50",
        "2 overtricks x 1 = +2",
        "bags 0 + 2 = 2",
    )


@settings(deadline=None)
@given(deals(), st.sampled_from(["lines", "repr", "eq", "hash", "pickle", "deepcopy", "replace"]))
def test_a_side_reads_the_same_however_its_lines_are_first_reached(deal: Deal, first: str) -> None:
    """Whatever reads a side first (its lines, repr, equality, hash, a copy, a pickle,
    ``dataclasses.replace``), it is equal to, prints like and hashes like the side built by
    the class's own constructor with those lines."""
    for side in _scored(deal).sides:
        if first == "lines":
            side.lines  # noqa: B018
        elif first == "repr":
            repr(side)
        elif first == "eq":
            assert side == side  # noqa: PLR0124
        elif first == "hash":
            hash(side)
        elif first == "pickle":
            assert pickle.loads(pickle.dumps(side)) == side
        elif first == "deepcopy":
            assert copy.deepcopy(side) == side
        else:
            assert dataclasses.replace(side, total=side.total) == side
        plain = _spelled_out(side)
        assert side == plain
        assert plain == side
        assert repr(side) == repr(plain)
        assert hash(side) == hash(plain)
        assert pickle.loads(pickle.dumps(side)) == plain


@settings(deadline=None)
@given(deals())
def test_a_deal_reads_the_same_as_one_spelled_out(deal: Deal) -> None:
    scored = _scored(deal)
    plain = DealScore(tuple(_spelled_out(side) for side in scored.sides), scored.events)
    assert repr(scored) == repr(plain)
    assert scored.text() == plain.text()
    assert scored.standings == plain.standings == tuple(side.after for side in scored.sides)


@settings(deadline=None, max_examples=examples(10))
@given(variants())
def test_scoring_values_are_read_once_per_compiled_variant(variant: Variant) -> None:
    rules = variant.compile()
    assert variant.compile().scoring is rules.scoring
    twin = Variant.model_validate(variant.model_dump())
    assert twin.compile().scoring == rules.scoring
