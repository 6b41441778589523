"""The checks of Nil, Blind Nil and blind bids: settings left on for a rule that is off,
exchanges with a partner the table does not have, a "double nil" that cannot be bid, a
partner's minimum and blind ranges beyond the bids there are."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spadeslib.errors import counted
from spadeslib.variant.checks.base import Clash, Found, idle_settings

if TYPE_CHECKING:
    from spadeslib.variant.root import Variant

__all__ = ["check_blind", "check_nil"]


_BLIND_NIL_USES = ("partner_min_bid", "both_partners", "failed_tricks", "needs_side_contract")
"""Settings under ``bidding.nil`` that Blind Nil follows too (bidding and scoring), so
they are not idle while Nil is off and Blind Nil on."""


def check_nil(v: Variant) -> Found:
    nil, blind_nil = v.bidding.nil, v.bidding.blind_nil
    pairs = v.table.partnerships == "pairs"
    if not blind_nil.enabled:
        yield from idle_settings(blind_nil, "bidding.blind_nil", "Blind Nil")
    elif blind_nil.exchange and not pairs:
        yield Clash(
            "bidding.blind_nil.exchange",
            "the Blind Nil exchange is with partner; this "
            "table has no partnerships of pairs (set exchange: 0)",
            "table.partnerships",
        )
    if not nil.enabled:
        # Blind Nil is scored and bid by the Nil rules that are not about a plain Nil
        live = _BLIND_NIL_USES if blind_nil.enabled else ()
        yield from idle_settings(nil, "bidding.nil", "Nil", keep=("zero_bid", *live))
    elif nil.exchange and not pairs:
        yield Clash(
            "bidding.nil.exchange",
            "the Nil exchange is with partner; this table has no partnerships of pairs",
            "table.partnerships",
        )
    if nil.double_nil_means == "blind_nil" and not blind_nil.enabled:
        yield (
            "bidding.nil.double_nil_means",
            "'double nil' cannot mean Blind Nil when Blind Nil is off",
        )
    if nil.double_nil_means == "both_partners":
        yield from _double_nil_both(v)
    hand = v.deal.hand_size
    for path, count, enabled in (
        ("nil.exchange", nil.exchange, nil.enabled),
        ("blind_nil.exchange", blind_nil.exchange, blind_nil.enabled),
    ):
        if enabled and count > hand:
            yield Clash(
                f"bidding.{path}",
                f"cannot exchange {count} cards from a hand of {hand}",
                "deal.hand_size",
            )
    need = nil.partner_min_bid
    if need is not None and need > hand:
        yield Clash(
            "bidding.nil.partner_min_bid",
            f"{need} is more than the {counted(hand, 'trick')}",
            "deal.hand_size",
        )
    elif need is not None and (nil.enabled or blind_nil.enabled):
        form = v.bidding.form
        if form.kind == "partnership" and need > form.bid_range(hand)[1]:
            yield (
                "bidding.nil.partner_min_bid",
                f"the partner of a Nil must bid at least {need}, above the highest team "
                f"bid {form.max_team_bid}; lower partner_min_bid or raise max_team_bid",
            )
        elif (
            form.kind == "round_the_table"
            and v.bidding.forced is None
            and need > form.bid_range(hand)[1]
        ):
            yield (
                "bidding.nil.partner_min_bid",
                f"the partner of a Nil must bid at least {need}, above the highest bid "
                f"{form.max_bid}; lower partner_min_bid or raise max_bid",
            )


def _double_nil_both(v: Variant) -> Found:
    # The alias must be playable: every rule that stops the second partner of a side
    # from bidding Nil after the first did makes "double nil" a word with no action.
    nil, form, forced = v.bidding.nil, v.bidding.form, v.bidding.forced
    path = "bidding.nil.double_nil_means"
    if not nil.both_partners:
        yield (
            path,
            "'double nil' cannot mean both partners Nil when bidding.nil.both_partners is false",
        )
    elif nil.partner_min_bid is not None:
        yield (
            path,
            f"'double nil' cannot mean both partners Nil: the partner of a Nil must bid at "
            f"least {nil.partner_min_bid} (bidding.nil.partner_min_bid); remove one of the two",
        )
    elif form.kind == "partnership" and form.min_team_bid > 0:
        yield (
            path,
            f"'double nil' cannot mean both partners Nil: with partnership bidding the "
            f"partner of a Nil must bid at least the minimum team bid {form.min_team_bid}; "
            "set bidding.form.min_team_bid: 0 or remove double_nil_means",
        )
    elif forced is not None and forced.kind == "suicide":
        yield (path, "'double nil' cannot mean both partners Nil under Suicide")


def check_blind(v: Variant) -> Found:
    blind, hand = v.bidding.blind, v.deal.hand_size
    if not blind.enabled:
        yield from idle_settings(blind, "bidding.blind", "blind bidding")
        return
    top = blind.bid_range(hand)[1]
    if blind.min_bid > top:
        yield (
            "bidding.blind.min_bid",
            f"minimum blind bid {blind.min_bid} is above the maximum {top}",
        )
    if blind.max_bid is not None and blind.max_bid > hand:
        yield Clash(
            "bidding.blind.max_bid",
            f"{blind.max_bid} is more than the {counted(hand, 'trick')}",
            "deal.hand_size",
        )
    if v.table.partnerships == "none":
        yield Clash(
            "bidding.blind.enabled",
            "a blind bid is a side's bid made before either "
            "partner looks; this table has no partnerships",
            "table.partnerships",
        )
    out = blind.come_out_to
    if out is not None and out > hand:
        yield Clash(
            "bidding.blind.come_out_to",
            f"{out} is more than the {counted(hand, 'trick')}",
            "deal.hand_size",
        )
    elif out is not None and out <= blind.min_bid:
        yield (
            "bidding.blind.come_out_to",
            f"a side comes out of a blind bid to a higher plain bid, but {out} is not above "
            f"the lowest blind bid {blind.min_bid}; set come_out_to above {blind.min_bid} "
            "(NYC: blind 6 to 10, come out to 10) or leave it out",
        )
    elif out is not None and v.bidding.form.kind == "partnership":
        team_top = v.bidding.form.max_team_bid
        if team_top is not None and out > team_top:
            yield (
                "bidding.blind.come_out_to",
                f"coming out is a plain bid of {out}, above the highest team bid {team_top}; "
                f"set come_out_to to {team_top} or less, or raise max_team_bid",
            )
