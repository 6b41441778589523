"""Contradictions between sections of a variant, caught before anything is compiled.

Each field is checked on its own by its model; this module checks what no single field
can: that the deck divides among the players, that a rule's prerequisites are on, that
ranges are not empty, that every player has a legal bid and the least bids of a side fit
in the tricks, that a special bid (the Moon, ten for 200) is within a side's reach. Every
check returns ``(dotted path, message)`` so the loader can point at the line in the file
that set the offending key.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from spadeslib.cards import Card
from spadeslib.variant._base import Model
from spadeslib.variant.bidding import AllowedBids, FixedBid, Mirror, Suicide

if TYPE_CHECKING:
    from spadeslib.variant.root import Variant

__all__ = ["contradictions", "deck_cards"]

Found = Iterator[tuple[str, str]]


def deck_cards(variant: Variant) -> list[str]:
    """Names of the cards of one pack, after removals and with the jokers added."""
    removed = set(variant.deck.remove)
    names = [str(Card(code)) for code in range(52)]
    return [name for name in names if name not in removed] + list(variant.deck.jokers)


def _table(v: Variant) -> Found:
    players, kind = v.table.players, v.table.partnerships
    if kind == "pairs" and players not in (4, 6):
        yield (
            "table.partnerships",
            f"pairs need 4 or 6 players, not {players}; use 'none' for {players} players",
        )
    if kind == "trios" and players != 6:
        yield ("table.partnerships", f"trios need 6 players, not {players}")
    first = v.deal.first_dealer
    if isinstance(first, int) and first >= players:
        yield ("deal.first_dealer", f"seat {first} does not exist with {players} players")


def _deck(v: Variant) -> Found:
    deck = v.deck
    if len(set(deck.jokers)) != len(deck.jokers):
        yield ("deck.jokers", f"a joker is listed twice in {list(deck.jokers)}")
    for field, cards in (("remove", deck.remove), ("elevated", deck.elevated)):
        seen: set[str] = set()
        for card in cards:
            if card in seen:
                yield (f"deck.{field}", f"{card} is listed twice")
            seen.add(card)
    removed = set(deck.remove)
    for card in deck.remove:
        if Card.parse(card).is_joker:
            yield (
                "deck.remove",
                f"{card} is a joker; to play without it, leave it out of deck.jokers",
            )
    for card in deck.elevated:
        if card in removed:
            yield ("deck.elevated", f"{card} is elevated but also removed in deck.remove")
        elif Card.parse(card).is_joker and card not in deck.jokers:
            yield (
                "deck.elevated",
                f"{card} is elevated but not in the deck; add it to deck.jokers",
            )
    for joker in deck.jokers:
        if joker not in deck.elevated:
            yield (
                "deck.jokers",
                f"joker {joker} has no rank; list it in deck.elevated "
                "(highest first, like [BJ, LJ])",
            )


def _deal(v: Variant) -> Found:
    size, players, hand = v.deck.size(), v.table.players, v.deal.hand_size
    dealt = players * hand
    leftover = v.deal.leftover.kind
    if v.deal.method.kind == "draw_and_discard":
        if players != 2:
            yield ("deal.method", f"the draw-and-discard deal is for 2 players, not {players}")
        elif size != 2 * dealt:
            yield (
                "deal.hand_size",
                f"the draw-and-discard deal needs a deck of twice the "
                f"cards held ({2 * dealt}), but the deck has {size}",
            )
        if leftover != "none":
            yield (
                "deal.leftover",
                "the draw-and-discard deal discards half the deck; it has no left-over cards",
            )
        if v.deal.french_cut:
            yield (
                "deal.french_cut",
                "the French cut gives one card to each hand before it is dealt; the "
                "draw-and-discard deal deals no hands (set french_cut: false)",
            )
        return
    if dealt > size:
        yield (
            "deal.hand_size",
            f"{players} hands of {hand} need {dealt} cards but the deck has {size}",
        )
    elif dealt == size and leftover != "none":
        yield (
            "deal.leftover",
            f"the {size} cards divide exactly into {players} hands of "
            f"{hand}; there are no left-over cards for '{leftover}'",
        )
    elif dealt < size and leftover == "none":
        yield (
            "deal.leftover",
            f"{size} cards make {players} hands of {hand} with "
            f"{size - dealt} left over; say what happens to them (kind: kitty, widow "
            "or mitchell), or remove cards in deck.remove",
        )
    if leftover == "mitchell" and (
        size - dealt != 2 or v.table.partnerships != "pairs" or players != 4
    ):
        yield (
            "deal.leftover",
            "Mitchell's rule is for four players in pairs with two left-over cards",
        )
    kitty = v.deal.leftover
    if kitty.kind == "kitty" and kitty.to == "two_of_clubs" and "2C" not in deck_cards(v):
        yield ("deal.leftover.to", "the 2 of clubs is not in the deck")


def _passing(v: Variant) -> Found:
    # Its own check, not part of _deal: the two-handed deal returns early there, and
    # passing must be refused for it too (the engine has no partner to pass to).
    cards, hand = v.passing.cards, v.deal.hand_size
    if cards:
        if v.table.partnerships != "pairs":
            yield ("passing.cards", "passing is to partner; it needs partnerships of pairs")
        if cards > hand:
            yield ("passing.cards", f"cannot pass {cards} cards from a hand of {hand}")


def _seats_per_side(v: Variant) -> int:
    return len(v.table.sides()[0])


def _no_zero_reason(v: Variant) -> str:
    """Why a bid of 0 is illegal (only meaningful when ``bidding.zero_is_a_bid`` is false)."""
    if v.bidding.nil.zero_bid == "illegal":
        return "Nil is off and bidding.nil.zero_bid is 'illegal'"
    return f"it is below bidding.form.min_bid, {v.bidding.form.lowest_seat_bid}"


def _zero_fix(v: Variant) -> str:
    """What to write so that a bid of 0 becomes legal."""
    if v.bidding.nil.zero_bid == "illegal":
        return "turn Nil on, or set bidding.nil.zero_bid: zero_tricks"
    return "set bidding.form.min_bid: 0"


def _bidding(v: Variant) -> Found:
    b, hand = v.bidding, v.deal.hand_size
    form = b.form
    top = form.bid_range(hand)[1]
    if form.kind == "round_the_table":
        if form.min_bid > top:
            yield ("bidding.form.min_bid", f"minimum bid {form.min_bid} is above the maximum {top}")
        if form.max_bid is not None and form.max_bid > hand:
            yield ("bidding.form.max_bid", f"{form.max_bid} is more than the {hand} tricks")
        if form.no_bid_of_one and v.table.partnerships == "none":
            yield (
                "bidding.form.no_bid_of_one",
                "'no bid of one' is about partners; this table has none",
            )
    else:
        if form.min_team_bid > top:
            yield (
                "bidding.form.min_team_bid",
                f"minimum team bid {form.min_team_bid} is above the maximum {top}",
            )
        if form.max_team_bid is not None and form.max_team_bid > hand:
            yield (
                "bidding.form.max_team_bid",
                f"{form.max_team_bid} is more than the {hand} tricks",
            )
        if v.table.partnerships == "none":
            yield ("bidding.form", "partnership bidding needs partnerships; this table has none")
    if b.raise_round and v.table.partnerships == "none":
        yield ("bidding.raise_round", "the raise round is for sides of partners")
    yield from _partners_cap(v)
    yield from _no_bid(v)
    yield from _nil(v)
    yield from _blind(v)
    yield from _forced(v)
    if b.moon.enabled and b.moon.fail.kind == "win_game":
        yield ("bidding.moon.fail", "a failed Moon cannot win the game; use points or normal")
    if b.moon.blind_make is not None and not b.blind.enabled:
        yield ("bidding.moon.blind_make", "a Blind Boston needs blind bids (bidding.blind)")
    reach = b.side_reach(hand, _seats_per_side(v))
    if b.moon.enabled and reach < hand:
        yield (
            "bidding.moon.enabled",
            f"the Moon is a bid of all {hand} tricks, but no side can contract for more "
            f"than {reach}; allow higher bids or turn the Moon off",
        )
    if b.ten_for_200.enabled and reach < 10:
        yield (
            "bidding.ten_for_200.enabled",
            f"ten for 200 is for a bid of 10, but no side can contract for more than "
            f"{reach}; allow higher bids or turn ten for 200 off",
        )


def _partners_cap(v: Variant) -> Found:
    """The rule that partners' bids together stay within the tricks needs partners who
    bid for themselves."""
    if not v.bidding.partners_may_not_exceed_tricks:
        return
    path = "bidding.partners_may_not_exceed_tricks"
    if v.table.partnerships == "none":
        yield (path, "'partners may not exceed the tricks' is about partners; this table has none")
    elif v.bidding.form.kind == "partnership":
        yield (
            path,
            "with partnership bidding a side makes one team bid, never more than the tricks; "
            "the rule is for round-the-table bidding (set partners_may_not_exceed_tricks: "
            "false)",
        )


def _no_bid(v: Variant) -> Found:
    """Round-the-table auctions that leave a seat no bid, or a side no contract within the
    tricks (the engine cannot invent a bid, and scoring refuses such a contract)."""
    b, hand = v.bidding, v.deal.hand_size
    form, forced = b.form, b.forced
    if form.kind != "round_the_table":
        return
    zero = b.zero_is_a_bid
    seats = _seats_per_side(v)
    side = f"a side of {seats}"
    least = b.least_seat_bid
    if forced is None:
        if form.max_bid == 0 and form.min_bid == 0 and not zero:
            yield (
                "bidding.form.max_bid",
                f"a maximum bid of 0 leaves no bid to make: a bid of 0 is illegal "
                f"({_no_zero_reason(v)}); raise max_bid, or turn Nil on, or set "
                "bidding.nil.zero_bid: zero_tricks",
            )
        if seats > 1 and seats * least > hand:
            yield (
                "bidding.form.min_bid",
                f"{side} bidding at least {least} each would contract for {seats * least} "
                f"of the {hand} tricks; set min_bid to {hand // seats} or less, or allow "
                "a bid of 0 (Nil, or bidding.nil.zero_bid: zero_tricks)",
            )
    elif isinstance(forced, FixedBid):
        if forced.bid == 0 and not zero:
            yield (
                "bidding.forced.bid",
                f"everyone must bid 0, but a bid of 0 is illegal ({_no_zero_reason(v)}); "
                f"{_zero_fix(v)}, or fix a bid of 1 or more",
            )
        elif seats > 1 and seats * least > hand:
            yield (
                "bidding.forced.bid",
                f"everyone bids {forced.bid}, so {side} would contract for "
                f"{seats * forced.bid} of the {hand} tricks; fix a bid of {hand // seats} "
                "or less",
            )
        elif b.total_may_not_equal_tricks and v.table.players * forced.bid == hand:
            yield (
                "bidding.total_may_not_equal_tricks",
                f"everyone bids {forced.bid}, so the {v.table.players} bids always total "
                f"{hand}, the number of tricks; set total_may_not_equal_tricks: false",
            )
    elif isinstance(forced, AllowedBids):
        if seats > 1 and seats * least > hand:
            yield (
                "bidding.forced.bids",
                f"the least allowed bid is {least}, so {side} would contract for at least "
                f"{seats * least} of the {hand} tricks; allow a bid of {hand // seats} or "
                "less (or 0, where a bid of 0 is legal)",
            )
    elif isinstance(forced, Mirror) and b.total_may_not_equal_tricks:
        yield (
            "bidding.total_may_not_equal_tricks",
            "under Mirror every bid is the trumps held, so no rule can keep the total "
            f"off the {hand} tricks; set total_may_not_equal_tricks: false",
        )


def _idle_settings(section: Model, path: str, what: str, keep: tuple[str, ...] = ()) -> Found:
    """Keys of a switched-off section set to something other than their default.

    They would have no effect, which is never what the writer meant ("a Blind Nil
    exchange without Blind Nil"). Comparing with the default, not with what the file
    mentioned, keeps a dumped variant loadable.
    """
    for field, info in type(section).model_fields.items():
        if field == "enabled" or field in keep:
            continue
        if getattr(section, field) != info.get_default(call_default_factory=True):
            yield (f"{path}.{field}", f"set, but {what} is off ({path}.enabled: false)")


_BLIND_NIL_USES = ("partner_min_bid", "both_partners", "failed_tricks", "needs_side_contract")
"""Settings under ``bidding.nil`` that Blind Nil follows too (bidding and scoring), so
they are not idle while Nil is off and Blind Nil on."""


def _nil(v: Variant) -> Found:
    nil, blind_nil = v.bidding.nil, v.bidding.blind_nil
    pairs = v.table.partnerships == "pairs"
    if not blind_nil.enabled:
        yield from _idle_settings(blind_nil, "bidding.blind_nil", "Blind Nil")
    elif blind_nil.exchange and not pairs:
        yield (
            "bidding.blind_nil.exchange",
            "the Blind Nil exchange is with partner; this "
            "table has no partnerships of pairs (set exchange: 0)",
        )
    if not nil.enabled:
        # Blind Nil is scored and bid by the Nil rules that are not about a plain Nil
        live = _BLIND_NIL_USES if blind_nil.enabled else ()
        yield from _idle_settings(nil, "bidding.nil", "Nil", keep=("zero_bid", *live))
    elif nil.exchange and not pairs:
        yield (
            "bidding.nil.exchange",
            "the Nil exchange is with partner; this table has no partnerships of pairs",
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
            yield (f"bidding.{path}", f"cannot exchange {count} cards from a hand of {hand}")
    need = nil.partner_min_bid
    if need is not None and need > hand:
        yield ("bidding.nil.partner_min_bid", f"{need} is more than the {hand} tricks")
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


def _blind(v: Variant) -> Found:
    blind, hand = v.bidding.blind, v.deal.hand_size
    if not blind.enabled:
        yield from _idle_settings(blind, "bidding.blind", "blind bidding")
        return
    top = blind.bid_range(hand)[1]
    if blind.min_bid > top:
        yield (
            "bidding.blind.min_bid",
            f"minimum blind bid {blind.min_bid} is above the maximum {top}",
        )
    if blind.max_bid is not None and blind.max_bid > hand:
        yield ("bidding.blind.max_bid", f"{blind.max_bid} is more than the {hand} tricks")
    if v.table.partnerships == "none":
        yield (
            "bidding.blind.enabled",
            "a blind bid is a side's bid made before either "
            "partner looks; this table has no partnerships",
        )
    out = blind.come_out_to
    if out is not None and out > hand:
        yield ("bidding.blind.come_out_to", f"{out} is more than the {hand} tricks")
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


def _forced(v: Variant) -> Found:
    forced, b = v.bidding.forced, v.bidding
    if forced is None:
        return
    name = forced.kind
    if b.form.kind != "round_the_table":
        yield (
            "bidding.forced",
            f"{name} is a form of round-the-table bidding; it cannot "
            "be combined with partnership bidding",
        )
    if b.blind_nil.enabled and forced.needs_nil:
        yield (
            "bidding.blind_nil.enabled",
            f"{name} has no Blind Nil; set bidding.blind_nil.enabled: false",
        )
    if b.blind.enabled:
        yield ("bidding.blind.enabled", f"blind bids cannot be made under {name}")
    if b.raise_round and name != "suicide":
        # The bid is forced (or one of a fixed set), so raising it would break the very
        # rule the format exists for; Suicide forces only who bids Nil, not how much.
        yield (
            "bidding.raise_round",
            f"under {name} the bids are forced, so a raise round cannot change them; "
            "set bidding.raise_round: false",
        )
    if forced.needs_nil and not b.nil.enabled:
        yield ("bidding.nil.enabled", f"{name} needs Nil")
    if name == "suicide" and v.table.partnerships != "pairs":
        yield ("bidding.forced", "Suicide is for partnerships of pairs")
    if isinstance(forced, Suicide) and forced.partner_min > v.deal.hand_size:
        yield (
            "bidding.forced.partner_min",
            f"{forced.partner_min} is more than the {v.deal.hand_size} tricks",
        )
    if isinstance(forced, FixedBid) and forced.bid > v.deal.hand_size:
        yield ("bidding.forced.bid", f"{forced.bid} is more than the {v.deal.hand_size} tricks")
    if isinstance(forced, AllowedBids):
        if len(set(forced.bids)) != len(forced.bids):
            yield ("bidding.forced.bids", f"a bid is listed twice in {list(forced.bids)}")
        for bid in forced.bids:
            if bid > v.deal.hand_size:
                yield ("bidding.forced.bids", f"{bid} is more than the {v.deal.hand_size} tricks")
        if 0 in forced.bids and not b.zero_is_a_bid:
            yield (
                "bidding.forced.bids",
                f"0 is allowed here but a bid of 0 is illegal ({_no_zero_reason(v)})",
            )


def _play(v: Variant) -> Found:
    if v.play.first_lead == "lowest_club" and not any(
        name.endswith("C") for name in deck_cards(v) if name not in v.deck.elevated
    ):
        yield ("play.first_lead", "there are no clubs in the deck")
    spade_lead = v.play.spade_lead
    if spade_lead.kind == "after_tricks" and spade_lead.tricks >= v.deal.hand_size:
        yield (
            "play.spade_lead.tricks",
            f"{spade_lead.tricks} covers every trick of a {v.deal.hand_size}-card hand",
        )


def _scoring(v: Variant) -> Found:
    s = v.scoring
    if not s.bags.enabled:
        yield from _idle_settings(s.bags, "scoring.bags", "sandbagging")
    if not v.bidding.ten_for_200.enabled:
        yield from _idle_settings(v.bidding.ten_for_200, "bidding.ten_for_200", "ten for 200")
    if not v.bidding.moon.enabled:
        yield from _idle_settings(v.bidding.moon, "bidding.moon", "the Moon bid")


def _game_end(v: Variant) -> Found:
    end = v.game_end
    if end.target is None and end.max_deals is None:
        yield ("game_end.target", "the game would never end: set a target or max_deals")
    if end.target is not None and end.losing_score is not None and end.losing_score >= end.target:
        yield (
            "game_end.losing_score",
            f"the losing score {end.losing_score} is not below the target {end.target}",
        )


_CHECKS: tuple[Callable[[Variant], Found], ...] = (
    _table,
    _deck,
    _deal,
    _passing,
    _bidding,
    _play,
    _scoring,
    _game_end,
)


def contradictions(variant: Variant) -> list[tuple[str, str]]:
    """Every contradiction in ``variant``, as ``(dotted path, message)`` pairs."""
    return [found for check in _CHECKS for found in check(variant)]
