"""The rules of a variant that fresh deals cannot measure, and what to run instead.

A ``deals`` simulation samples the first deal of fresh games (the second where the first
deal bids itself), so both sides start at 0. A rule that opens only to a side behind by
some points (Blind Nil in the standard game, NYC's blind bids) or only after the first
deal never arises there, and its figure reads 0.0% as if nobody wanted it. This module
names those rules, so that a report can say so rather than let a 0.0% mislead, and
point to whole games (``games=N``, ``--games N``), where the scores do move apart.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spadeslib.variant import Variant
    from spadeslib.variant.eligibility import Eligibility

__all__ = ["out_of_reach"]


def _behind(eligibility: Eligibility) -> str | None:
    """Who may bid, when only a side behind may: ``behind by at least 100 points``."""
    if eligibility.kind == "behind" and eligibility.points > 0:
        points = eligibility.points
        return f"behind by at least {points} point{'' if points == 1 else 's'}"
    if eligibility.kind == "behind_by_value":
        return "behind by at least the value of the bid"
    return None


def out_of_reach(variant: Variant, unit: str) -> tuple[str, ...]:
    """One sentence for each rule of ``variant`` that a simulation of ``unit`` (``deals``
    or ``games``) cannot show, or can show only rarely; none for ``games``, which is
    where to measure them.

    >>> from spadeslib.variant import load_variant
    >>> print(out_of_reach(load_variant("standard"), "deals")[0])  # doctest: +NORMALIZE_WHITESPACE
    Blind Nil never arises here: each deal starts a game at 0 to 0, and only a side
    behind by at least 100 points may bid it.
    >>> out_of_reach(load_variant("standard"), "games")
    ()
    """
    if unit != "deals":
        return ()
    bidding = variant.bidding
    side = "a player" if variant.table.partnerships == "none" else "a side"
    itself = bidding.first_deal_bids_itself
    start = (
        "each deal is the second of a game, after a first deal that bids itself"
        if itself
        else "each deal starts a game at 0 to 0"
    )
    how = "rarely arises here" if itself else "never arises here"
    found: list[tuple[str, str]] = []
    if bidding.blind_nil.enabled:
        behind = _behind(bidding.blind_nil.eligibility)
        if bidding.blind_nil.not_in_first_deal and not itself:
            found.append(("Blind Nil", "it is not bid in the first deal of a game"))
        elif behind is not None:
            found.append(("Blind Nil", f"only {side} {behind} may bid it"))
    if bidding.blind.enabled:
        behind = _behind(bidding.blind.eligibility)
        if behind is not None:
            found.append(("A blind bid", f"only {side} {behind} may bid blind"))
    return tuple(
        f"{rule} {'never arises here' if 'first deal' in why else how}: {start}, and {why}."
        for rule, why in found
    )
