"""The bidding section's special bids: Ten for 200 and the Moon (all the tricks)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from spadeslib.explain.facts import side_word
from spadeslib.explain.words import Statement, gain, listing, loss, say

if TYPE_CHECKING:
    from spadeslib.variant import Variant

__all__ = ["moon", "ten_for_200"]


def ten_for_200(v: Variant) -> Iterator[Statement]:
    ten = v.bidding.ten_for_200
    bids = "exactly 10" if ten.bids == "exactly_10" else "10 or more"
    fail = "the normal penalty" if ten.fail == "normal" else f"{ten.fail}"
    limit = v.scoring.overtrick_limit
    within = ""
    if ten.bids == "exactly_10" and limit is not None:
        top = min(10 + limit, v.deal.hand_size)
        within = f" ({listing((str(n) for n in range(10, top + 1)), 'or')} tricks)"
    text = (
        f"Ten for {ten.make}: a {side_word(v)} that bids {bids} scores {ten.make} if it makes it"
        f"{within} and loses {fail} if not"
    )
    if ten.overtricks_score and ten.overtricks_bags:
        text += "; overtricks score and count as bags as usual."
    elif ten.overtricks_score:
        text += "; overtricks score but are not bags."
    elif ten.overtricks_bags:
        text += "; overtricks add nothing but count as bags."
    else:
        text += "; overtricks add nothing and are not bags."
    yield say(
        text,
        "bidding.ten_for_200.enabled",
        "bidding.ten_for_200.bids",
        "scoring.overtrick_limit",
        "bidding.ten_for_200.make",
        "bidding.ten_for_200.fail",
        "bidding.ten_for_200.overtricks_score",
        "bidding.ten_for_200.overtricks_bags",
    )
    if ten.all_tricks_wins_game:
        yield say(
            f"A {side_word(v)} that bids 10 and wins all {v.deal.hand_size} tricks wins the "
            "game at once.",
            "bidding.ten_for_200.all_tricks_wins_game",
            "bidding.ten_for_200.enabled",
        )


def _outcome(value: Any, made: bool, side: str) -> str:
    if value.kind == "win_game":
        return f"the {side} wins the game at once"
    if value.kind == "normal":
        return "it scores like any other contract" if made else "the normal penalty"
    return gain(value.points) if made else loss(value.points)


def moon(v: Variant) -> Iterator[Statement]:
    rule = v.bidding.moon
    hand = v.deal.hand_size
    text = (
        f"Moon: a {side_word(v)} may bid all {hand} tricks. If it makes them: "
        f"{_outcome(rule.make, True, side_word(v))}; if not: "
        f"{_outcome(rule.fail, False, side_word(v))}."
    )
    if rule.blind_make is not None:
        made = _outcome(rule.blind_make, True, side_word(v))
        text += f" A Blind Boston (all {hand} bid blind) made: {made}."
    yield say(
        text,
        "bidding.moon.enabled",
        "bidding.moon.make",
        "bidding.moon.fail",
        "bidding.moon.blind_make",
    )
