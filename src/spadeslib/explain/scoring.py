"""The card's scoring section: contracts made and set, overtricks and bags, what Nil and
Blind Nil score, and the Boston (all the tricks)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Final

from spadeslib.explain.facts import side_word
from spadeslib.explain.words import Statement, counted, gain, loss, say

if TYPE_CHECKING:
    from spadeslib.variant import Variant

__all__ = ["scoring_section"]


def scoring_section(v: Variant) -> Iterator[Statement]:
    s = v.scoring
    side = side_word(v)
    per = (
        f"plus {counted(s.overtrick_value, 'point')} for each overtrick"
        if s.overtrick_value > 0
        else "and nothing for overtricks"
        if s.overtrick_value == 0
        else f"and loses {counted(-s.overtrick_value, 'point')} for each overtrick"
    )
    yield say(
        f"A {side} that wins at least as many tricks as its contract scores "
        f"{counted(s.trick_value, 'point')} per trick bid, {per}.",
        "scoring.trick_value",
        "scoring.overtrick_value",
    )
    if s.overtrick_limit == 0:
        yield say(
            f"A {side} may take no trick over its contract: with any overtrick it is set, "
            "as if it had failed.",
            "scoring.overtrick_limit",
        )
    elif s.overtrick_limit is not None:
        yield say(
            f"A {side} may take at most {counted(s.overtrick_limit, 'trick')} over its "
            f"contract: with {s.overtrick_limit + 1} or more overtricks it is set, as if "
            "it had failed.",
            "scoring.overtrick_limit",
        )
    yield say(_set(v), "scoring.set", "scoring.trick_value")
    yield _bags(v)
    yield from _nil_scores(v)
    yield _boston(v)


def _set(v: Variant) -> str:
    """What a side that fails its contract is set to."""
    cost = {
        "minus_bid": f"loses {counted(v.scoring.trick_value, 'point')} per trick bid",
        "zero": "scores nothing for the deal",
        "minus_short": f"loses {counted(v.scoring.trick_value, 'point')} per trick short",
    }[v.scoring.set]
    return f"A {side_word(v)} that wins fewer tricks than its contract is set: it {cost}."


def _bags(v: Variant) -> Statement:
    bags = v.scoring.bags
    about = (
        "scoring.bags.enabled",
        "scoring.bags.limit",
        "scoring.bags.penalty",
        "scoring.bags.after_penalty",
    )
    if not bags.enabled:
        return say("Bags are not counted: overtricks carry no penalty.", *about)
    after = (
        f"{counted(bags.limit, 'bag')} {'comes' if bags.limit == 1 else 'come'} off the count "
        "and the rest carry over"
        if bags.after_penalty == "keep_remainder"
        else "the count goes back to 0"
    )
    return say(
        f"Sandbagging: every overtrick is a bag, and bags are counted over the whole "
        f"game. When a {side_word(v)}'s count reaches {bags.limit} it "
        f"loses {counted(bags.penalty, 'point')}; {after}.",
        *about,
    )


_FAILED_TRICKS: Final[Mapping[str, str]] = {
    "bags": (
        "do not count towards the partner's bid, but are overtricks of the side: they "
        "score and count as bags like any overtrick"
    ),
    "count_for_partner": "count towards the partner's bid",
    "bags_no_points": (
        "do not count towards the partner's bid; they count as bags but score no points"
    ),
    "ignored": "count for nothing",
}


def _nil_scores(v: Variant) -> Iterator[Statement]:
    nil, blind_nil = v.bidding.nil, v.bidding.blind_nil
    if nil.enabled:
        partner = ""
        if v.table.partnerships == "pairs":
            # unless the Nil's tricks count for the partner, as the next sentence says
            alone = nil.failed_tricks != "count_for_partner"
            partner = "on top of the partner's own bid" + (
                ", which is scored on the partner's tricks alone" if alone else ""
            )
        text = (
            f"Nil: {gain(nil.make)} if the Nil bidder wins no trick, {loss(nil.fail)} if "
            "they win "
            f"any{', ' + partner if partner else ''}."
        )
        if v.table.partnerships == "pairs":
            text += f" Tricks won by a failed Nil bidder {_FAILED_TRICKS[nil.failed_tricks]}."
        if nil.needs_side_contract and v.table.partnerships == "none":
            text += (
                " A Nil has no other contract beside it (everyone plays alone), so it always "
                "scores."
            )
        elif nil.needs_side_contract:
            text += " A Nil scores (made or failed) only if the side's other contract is made."
        yield say(
            text,
            "bidding.nil.enabled",
            "bidding.nil.make",
            "bidding.nil.fail",
            "bidding.nil.failed_tricks",
            "bidding.nil.needs_side_contract",
        )
    if blind_nil.enabled:
        yield say(
            f"Blind Nil: {gain(blind_nil.make)} if made, {loss(blind_nil.fail)} if failed.",
            "bidding.blind_nil.enabled",
            "bidding.blind_nil.make",
            "bidding.blind_nil.fail",
        )


def _boston(v: Variant) -> Statement:
    boston = v.scoring.boston
    hand = v.deal.hand_size
    side = side_word(v)
    about: tuple[str, ...] = ("scoring.boston",)
    if boston.kind == "none":
        return say(f"Winning all {hand} tricks earns nothing extra.", *about)
    if boston.kind == "points":
        return say(
            f"Boston: a {side} that wins all {hand} tricks scores {gain(boston.points)} on top "
            "of its contract, whatever it bid.",
            *about,
        )
    if boston.kind == "win_game":
        return say(
            f"Boston: a {side} that wins all {hand} tricks wins the game at once, whatever it bid.",
            *about,
        )
    text = (
        f"Boston: a {side} that wins all {hand} tricks has made a Boston. It is recorded "
        "(bragging rights) but scores nothing extra: the deal is scored as usual"
    )
    limit = v.scoring.overtrick_limit
    if limit is not None and limit < hand:  # else no contract has too many overtricks
        below = hand - limit
        if v.bidding.ten_for_200.enabled and v.bidding.ten_for_200.all_tricks_wins_game:
            below = min(below, 10)
        text += f", so a {side} that bid less than {below} is set for too many overtricks"
        about = (*about, "scoring.overtrick_limit")
        blind = v.bidding.blind
        if blind.enabled and blind.no_overtrick_limit:
            text += ", unless it bid blind (blind bids have no overtrick limit)"
            about = (*about, "bidding.blind.enabled", "bidding.blind.no_overtrick_limit")
    return say(text + ".", *about)
