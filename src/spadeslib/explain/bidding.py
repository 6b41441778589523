"""The card's bidding section: who bids when, the range of bids, the limits on them, and
(from the modules beside it) Nil, Blind Nil, blind bids and the special bids.

The form of the bidding (``bidding.form``) and the forced formats (``bidding.forced``) are
dispatched by their ``kind``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Final

from spadeslib.explain.blind_bids import blind_bids
from spadeslib.explain.facts import max_bid, side_word, zero_is_a_bid
from spadeslib.explain.nil import blind_nil_bid, nil_bid
from spadeslib.explain.special_bids import moon, ten_for_200
from spadeslib.explain.words import Section, Statement, cap, counted, listing, say

if TYPE_CHECKING:
    from spadeslib.variant import Variant

__all__ = ["bidding_section"]


def _round_the_table(v: Variant) -> Iterator[Statement]:
    form = v.bidding.form
    assert form.kind == "round_the_table"
    first = "the player on the dealer's left" if form.first == "dealer_left" else "the dealer"
    top = max_bid(form.max_bid, v)
    about: tuple[str, ...] = ("bidding.form",)
    low = form.min_bid
    if low == 0 and not v.bidding.nil.enabled and not zero_is_a_bid(v):
        low = 1  # "a bid of 0 is not allowed" (see nil.py)
        about += ("bidding.nil.enabled", "bidding.nil.zero_bid")
    bids = (
        f"a number of tricks from {low} to {top}"
        if low < top
        else f"exactly {counted(top, 'trick')}"
    )
    text = (
        f"Each player bids once, starting with {first} and going clockwise: {bids}. "
        "There is no passing and no second round, and a bid cannot be changed."
    )
    if v.table.partnerships != "none":
        text += " A side's contract is the sum of its partners' bids."
    yield say(text, *about)
    if form.no_bid_of_one:
        yield say(
            "No bid of one: when the first partner of a side bids x, the side's contract "
            "must be x or at least x + 2 (the second partner may not add exactly 1).",
            "bidding.form",
        )


def _partnership(v: Variant) -> Iterator[Statement]:
    form = v.bidding.form
    assert form.kind == "partnership"
    top = max_bid(form.max_team_bid, v)
    low = form.min_team_bid
    bids = f"{low} to {counted(top, 'trick')}" if low < top else f"exactly {counted(top, 'trick')}"
    yield say(
        f"Partnership bidding: each side agrees a single team bid of {bids}. The dealer's "
        "opponents bid first, the dealer's side last.",
        "bidding.form",
    )


_FORMS: Final[Mapping[str, Section]] = {
    "round_the_table": _round_the_table,
    "partnership": _partnership,
}

_FORCED: Final[Mapping[str, Callable[[Any], str]]] = {
    "mirror": lambda f: (
        "Mirror: every player must bid exactly the number of spades they "
        "hold; a player with none bids Nil."
    ),
    "whiz": lambda f: (
        "Whiz: every player must bid either Nil or exactly the number of spades they hold."
    ),
    "suicide": lambda f: (
        "Suicide: in each partnership exactly one partner must bid Nil and the other at least "
        f"{f.partner_min}; the first partner to bid chooses which."
    ),
    "fixed": lambda f: f"Every player must bid {f.bid}.",
    "allowed": lambda f: (
        "The only bids allowed are "
        + listing((("Nil" if b == 0 else str(b)) for b in f.bids), "and")
        + "."
    ),
}


def bidding_section(v: Variant) -> Iterator[Statement]:
    b = v.bidding
    if b.first_deal_bids_itself:
        yield say(
            f"The first deal of a game bids itself: there is no bidding, and each "
            f"{side_word(v)} scores {counted(v.scoring.trick_value, 'point')} per trick it "
            "wins.",
            "bidding.first_deal_bids_itself",
        )
    yield from _FORMS[b.form.kind](v)
    if b.raise_round:
        yield say(
            "After the first round each side in turn, starting with the side that bid "
            "first, may increase its contract once.",
            "bidding.raise_round",
        )
    if b.total_may_not_equal_tricks:
        yield say(
            f"The bids may not add up to exactly {v.deal.hand_size}.",
            "bidding.total_may_not_equal_tricks",
        )
    if b.partners_may_not_exceed_tricks:
        hand = v.deal.hand_size
        yield say(
            f"Partners' bids together may not exceed the {hand} tricks: a player may bid at "
            f"most {hand} less what the partners have bid (Nil counts 0), leaving each "
            "partner still to bid room for their lowest bid.",
            "bidding.partners_may_not_exceed_tricks",
        )
    if b.forced is not None:
        yield say(_FORCED[b.forced.kind](b.forced), "bidding.forced")
    yield from nil_bid(v)
    yield from blind_nil_bid(v)
    specials: list[tuple[bool, Section, str, str]] = [
        (b.blind.enabled, blind_bids, "bidding.blind.enabled", "blind bids of tricks"),
        (b.ten_for_200.enabled, ten_for_200, "bidding.ten_for_200.enabled", "ten for 200"),
        (b.moon.enabled, moon, "bidding.moon.enabled", "Moon (all tricks) bid"),
    ]
    absent = [(path, words) for on, _, path, words in specials if not on]
    for on, section, _, _ in specials:
        if on:
            yield from section(v)
    if absent:
        yield say(
            cap(listing(f"no {words}" for _, words in absent)) + ".",
            *(path for path, _ in absent),
        )
