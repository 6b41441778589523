"""The bidding section's Nil and Blind Nil: who may bid them, and the exchanges they bring.
What they score is told under Scoring (:mod:`spadeslib.explain.scoring`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from spadeslib.explain.facts import side_word, zero_is_a_bid
from spadeslib.explain.words import Statement, counted, eligibility, say

if TYPE_CHECKING:
    from spadeslib.variant import Variant

__all__ = ["blind_nil_bid", "nil_bid"]


def _them(n: int) -> str:
    return "it" if n == 1 else "them"


def _suicide(v: Variant) -> bool:
    """Suicide says itself which partner bids Nil (exactly one), whatever ``both_partners``."""
    forced = v.bidding.forced
    return forced is not None and forced.kind == "suicide"


def nil_bid(v: Variant) -> Iterator[Statement]:
    nil = v.bidding.nil
    if not nil.enabled:
        text = (
            "No Nil: a bid of 0 is a plain contract to win no tricks, with no Nil bonus or penalty."
            if zero_is_a_bid(v)
            else "No Nil: a bid of 0 is not allowed."
        )
        yield say(text, "bidding.nil.enabled", "bidding.nil.zero_bid", "bidding.form")
        return
    alone = v.table.partnerships == "none"
    whose = (
        "As part of its team bid a side may declare one partner Nil"
        if v.bidding.form.kind == "partnership"
        else "A bid of 0 is Nil"
    )
    beside = "" if alone else ", beside the partner's bid"
    yield say(
        f"{whose}: the Nil bidder undertakes to win no tricks at all. It is scored on "
        f"its own{beside} (see Scoring).",
        "bidding.nil.enabled",
    )
    if nil.partner_min_bid is not None:
        yield say(
            f"The minimum bid of {nil.partner_min_bid} beside a Nil never applies here: "
            "everyone plays alone."
            if alone
            else f"When a player bids Nil, their partner must bid at least {nil.partner_min_bid}.",
            "bidding.nil.partner_min_bid",
            "bidding.nil.enabled",
        )
    if v.table.partnerships == "pairs" and not _suicide(v):
        text = (
            "Both partners may bid Nil; each Nil is then scored on its own, and the side "
            "has no trick contract."
            if nil.both_partners
            else "Both partners may not bid Nil in the same deal."
        )
        yield say(text, "bidding.nil.both_partners", "bidding.nil.enabled")
    if nil.exchange:
        n = nil.exchange
        yield say(
            f"After the bidding a Nil bidder exchanges {counted(n, 'card')} with their "
            f"partner: the Nil bidder gives {n} face down first, and the partner looks at "
            f"{_them(n)} before giving back {n}.",
            "bidding.nil.exchange",
            "bidding.nil.enabled",
        )
    if nil.double_nil_means is not None:
        means = "Blind Nil" if nil.double_nil_means == "blind_nil" else "both partners bidding Nil"
        text = f'"Double Nil" is accepted as another name for {means}.'
        if alone and nil.double_nil_means != "blind_nil":
            text = (
                '"Double Nil" is no bid here: it names two Nils bid together, and everyone '
                "plays alone."
            )
        yield say(text, "bidding.nil.double_nil_means", "bidding.nil.enabled")


def blind_nil_bid(v: Variant) -> Iterator[Statement]:
    blind_nil = v.bidding.blind_nil
    if not blind_nil.enabled:
        yield say("No Blind Nil.", "bidding.blind_nil.enabled")
        return
    alone = v.table.partnerships == "none"
    text = (
        "Blind Nil: a player may bid Nil before looking at their cards; "
        + eligibility(blind_nil.eligibility, "it", side_word(v))
        + "."
    )
    if blind_nil.not_in_first_deal:
        text += " Not in the first deal of a game."
    if not alone:  # alone, a side is one player: one Blind Nil at most goes without saying
        text += (
            " At most one Blind Nil per side."
            if blind_nil.per_side == 1
            else f" At most {blind_nil.per_side} Blind Nils per side."
        )
    # alone, there is no one to exchange cards with (a partnerless table's exchange is 0)
    exchange = ("bidding.blind_nil.exchange",) if alone else ()
    yield say(
        text,
        "bidding.blind_nil.enabled",
        "bidding.blind_nil.eligibility",
        "bidding.blind_nil.not_in_first_deal",
        "bidding.blind_nil.per_side",
        *exchange,
    )
    n = blind_nil.exchange
    if alone:
        return
    if n:
        yield say(
            f"After the bidding, and before the first lead, the Blind Nil bidder passes "
            f"{counted(n, 'card')} face down to their partner, who looks at {_them(n)} and "
            f"passes back {n}. There is no exchange when both partners bid Nil.",
            "bidding.blind_nil.exchange",
            "bidding.blind_nil.enabled",
        )
    else:
        yield say(
            "A Blind Nil bidder exchanges no cards with their partner.",
            "bidding.blind_nil.exchange",
            "bidding.blind_nil.enabled",
        )
