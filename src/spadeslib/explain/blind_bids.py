"""The bidding section's blind bids of tricks: who may bid them, what they score, how
their overtricks count, and coming out of them."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from spadeslib.explain.facts import failed_value, made_value, max_bid
from spadeslib.explain.words import GLUE, Statement, cap, counted, eligibility, gain, loss, say

if TYPE_CHECKING:
    from spadeslib.variant import Variant

__all__ = ["blind_bids"]


def _value_list(values: Iterable[tuple[int, int | None]], sign: str) -> str:
    """``6 = +120, 7 = +140``: points won (``sign="+"``) or lost (``sign="-"``) per bid."""
    signed = gain if sign == "+" else loss
    return ", ".join(
        f"{bid}{GLUE}={GLUE}{signed(value)}" for bid, value in values if value is not None
    )


def blind_bids(v: Variant) -> Iterator[Statement]:
    blind = v.bidding.blind
    form = v.bidding.form
    team_max = form.max_team_bid if form.kind == "partnership" else None
    top = min(max_bid(blind.max_bid, v), max_bid(team_max, v))
    about = (
        "bidding.blind.enabled",
        "bidding.blind.min_bid",
        "bidding.blind.max_bid",
        "bidding.blind.eligibility",
    )
    if blind.min_bid == top:
        which = f"exactly {counted(top, 'trick')}"
    elif top < v.deal.hand_size:
        which = f"{blind.min_bid} to {counted(top, 'trick')}"
    else:
        which = f"{blind.min_bid} or more tricks"
    yield say(
        f"Blind bids: a side may bid {which} blind, before either "
        f"partner looks at their cards; {eligibility(blind.eligibility, 'blind')}.",
        *about,
    )
    bids = range(blind.min_bid, top + 1)
    made = [(bid, made_value(v, bid) * blind.make_multiplier) for bid in bids]
    failed_values = [(bid, failed_value(v, bid)) for bid in bids]
    failed = [
        (bid, None if value is None else value * blind.fail_multiplier)
        for bid, value in failed_values
    ]
    times = {1: "the normal value", 2: "double the normal value"}
    made_words = times.get(blind.make_multiplier, f"{blind.make_multiplier} times the normal value")
    text = f"A made blind bid scores {made_words}: {_value_list(made, '+')}."
    fail_words = {1: "the normal penalty, not doubled", 2: "double the normal penalty"}.get(
        blind.fail_multiplier, f"{blind.fail_multiplier} times the normal penalty"
    )
    if all(value is not None for _, value in failed):
        text += f" A failed one loses {fail_words}: {_value_list(failed, '-')}."
    else:
        text += f" A failed one loses {fail_words}."
    yield say(
        text,
        "bidding.blind.enabled",
        "bidding.blind.make_multiplier",
        "bidding.blind.fail_multiplier",
        "scoring.trick_value",
        "scoring.set",
    )
    overtricks = []
    if v.scoring.overtrick_limit is not None and blind.no_overtrick_limit:
        overtricks.append("a side that makes a blind bid may take any number of overtricks")
    elif v.scoring.overtrick_limit is not None:
        overtricks.append("the overtrick limit applies to blind bids too")
    score = blind.overtricks_score and v.scoring.overtrick_value != 0
    bags = blind.overtricks_bags and v.scoring.bags.enabled
    if score and bags:
        overtricks.append("overtricks score and count as bags as usual")
    elif score:
        overtricks.append("overtricks score as usual but are not bags")
    elif bags:
        overtricks.append("overtricks score nothing but count as bags")
    else:
        overtricks.append("overtricks score nothing and are not bags")
    yield say(
        cap("; ".join(overtricks)) + ".",
        "bidding.blind.enabled",
        "bidding.blind.no_overtrick_limit",
        "bidding.blind.overtricks_score",
        "bidding.blind.overtricks_bags",
        "scoring.overtrick_limit",
    )
    if blind.come_out_to is not None:
        n = blind.come_out_to
        yield say(
            f"Coming out: after agreeing a blind bid the partners look at their cards, "
            f"and may come out of the blind bid and bid {n} instead, which then scores "
            f"singly ({gain(made_value(v, n))} if made).",
            "bidding.blind.come_out_to",
            "bidding.blind.enabled",
        )
