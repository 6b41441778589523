"""A variant's data drawn section by section, each setting among the values the settings
already drawn allow, so that every draw is valid and a failing one shrinks towards the
standard game (:func:`spadeslib.testing.variants` checks the arguments and validates)."""

from __future__ import annotations

import functools
from typing import Any

from hypothesis import strategies as st

from spadeslib.cards import RANKS, SUITS
from spadeslib.variant.bidding import Bidding
from spadeslib.variant.nil import Nil

__all__ = ["PARTNERSHIPS", "variant_data"]

Draw = st.DrawFn
Data = dict[str, Any]

_FLAGS = st.booleans()


@functools.cache
def _choice(values: tuple[Any, ...]) -> st.SearchStrategy[Any]:
    """One of ``values``, the first being the simplest; one strategy object per tuple."""
    return st.sampled_from(values)


_PLAYERS = (4, 2, 3, 6)
"""Player counts, the simplest first (Hypothesis shrinks towards the first)."""

PARTNERSHIPS = {4: ("pairs", "none"), 6: ("pairs", "trios", "none"), 2: ("none",), 3: ("none",)}
"""The partnerships each player count allows, the usual one first."""

_NAMES = tuple(rank + suit for rank in RANKS for suit in SUITS)
"""Every non-joker card name, twos first: twos are what tables remove and elevate."""

_ELIGIBILITY: st.SearchStrategy[Data] = st.sampled_from(
    (
        {"kind": "behind", "points": 100},
        {"kind": "always"},
        {"kind": "behind", "points": 200},
        {"kind": "behind_by_value"},
    )
)
_MOON_FAIL: st.SearchStrategy[Data] = st.sampled_from(
    (
        {"kind": "points", "points": 200},
        {"kind": "points", "points": 500},
        {"kind": "normal"},
    )
)
_MOON_MAKE: st.SearchStrategy[Data] = st.one_of(_MOON_FAIL, st.just({"kind": "win_game"}))
_BOSTON: st.SearchStrategy[Data] = st.sampled_from(
    (
        {"kind": "none"},
        {"kind": "record"},
        {"kind": "points", "points": 300},
        {"kind": "points", "points": 200},
        {"kind": "win_game"},
    )
)
_MISDEALS: st.SearchStrategy[Data] = st.sampled_from(
    (
        {"kind": "no_spades"},
        {"kind": "at_most_spades", "count": 1},
        {"kind": "long_suit", "length": 7},
        {"kind": "no_face_cards"},
    )
)


def _deck(draw: Draw, players: int, packs: int) -> Data:
    jokers = draw(st.lists(_choice(("BJ", "LJ")), unique=True, max_size=2))
    extra = draw(st.lists(_choice(_NAMES), unique=True, max_size=4))
    elevated = draw(st.permutations(sorted(jokers) + extra))  # jokers must be ranked
    left = [name for name in _NAMES if name not in extra]
    remove = draw(st.lists(st.sampled_from(left), unique=True, max_size=4))
    per_pack = 52 + len(jokers) - len(remove)
    if per_pack * packs % players and draw(_FLAGS):
        # remove a few more cards so that the deck divides among the players
        trim = next(k for k in range(players) if (per_pack - k) * packs % players == 0)
        rest = [name for name in left if name not in remove]
        remove += draw(st.lists(st.sampled_from(rest), unique=True, min_size=trim, max_size=trim))
    deck: Data = {"packs": packs, "jokers": jokers, "remove": remove, "elevated": elevated}
    if packs == 2 and draw(_FLAGS):
        deck["identical_cards"] = "earlier_wins"
    return deck


def _deal(draw: Draw, players: int, partnerships: str, deck: Data) -> Data:
    size = deck["packs"] * (52 + len(deck["jokers"]) - len(deck["remove"]))
    deal: Data = {}
    if draw(_FLAGS):
        deal["first_dealer"] = draw(st.integers(0, players - 1))
    if players == 2 and size % 4 == 0 and draw(_FLAGS):
        deal["method"] = {"kind": "draw_and_discard"}  # no dealt hands: no French cut
        deal["hand_size"] = size // 4
        return deal
    if draw(_FLAGS):
        deal["french_cut"] = True
    most = min(27, size // players)
    hand = most
    if size // players <= 27 and size % players == 0 and not draw(_FLAGS):
        deal["hand_size"] = hand
        return deal
    hand = most - draw(st.integers(0, most - 2))
    deal["hand_size"] = hand
    if hand * players == size:
        return deal
    kinds = ["kitty", "widow"]
    if players == 4 and partnerships == "pairs" and size - 4 * hand == 2:
        kinds.append("mitchell")
    kind = draw(_choice(tuple(kinds)))
    leftover: Data = {"kind": kind}
    if kind == "kitty":
        leftover["discard"] = draw(_choice(("before_bidding", "after_bidding")))
        if "2C" not in deck["remove"] and draw(_FLAGS):
            leftover["to"] = "two_of_clubs"
    deal["leftover"] = leftover
    return deal


def _eligibility(draw: Draw) -> Data:
    return draw(_ELIGIBILITY)


def _points(draw: Draw, usual: int) -> int:
    return int(draw(_choice((usual, *(p for p in (100, 50, 200, 0, 500) if p != usual)))))


_SEATS_PER_SIDE = {"pairs": 2, "trios": 3, "none": 1}


def _bidding(draw: Draw, hand: int, partnerships: str, players: int) -> Data:
    """The auction. Whether a bid of 0 exists is drawn first, since it decides how low
    the ranges may start: without one, every seat of a side needs a bid of at least 1
    (or the minimum) and together they must fit in the tricks."""
    partnered = partnerships != "none"
    pairs = partnerships == "pairs"
    seats = _SEATS_PER_SIDE[partnerships]
    bidding: Data = {}
    forced_kinds: list[str | None] = [None, "fixed", "allowed", "mirror", "whiz"]
    if pairs:
        forced_kinds.append("suicide")
    forced_kind = draw(_choice(tuple(forced_kinds)))
    spade_counting = forced_kind in ("mirror", "whiz", "suicide")

    blind_nil_on = not spade_counting and not draw(_FLAGS)
    # a side with more seats than tricks cannot give each seat a bid of 1: it needs Nil
    nil_on = spade_counting or seats > hand or not draw(_FLAGS)
    zero_bid = "illegal" if nil_on else draw(_choice(("illegal", "zero_tricks")))

    if partnered and forced_kind is None and draw(_FLAGS):
        low = draw(st.integers(0, hand))
        form: Data = {"kind": "partnership", "min_team_bid": low}
        if draw(_FLAGS):
            form["max_team_bid"] = draw(st.integers(low, hand))
        partner_top = form.get("max_team_bid", hand)
    else:
        form = {"kind": "round_the_table"}
        if draw(_FLAGS):
            form["first"] = "dealer"
        low = draw(st.integers(0, hand if nil_on else hand // seats))
        form["min_bid"] = low
        zero = Nil(enabled=nil_on, zero_bid=zero_bid).zero_is_a_bid(low)
        if draw(_FLAGS):
            form["max_bid"] = draw(st.integers(low if zero else max(low, 1), hand))
        if partnered and draw(_FLAGS):
            form["no_bid_of_one"] = True
        if partnered and draw(_FLAGS):
            bidding["partners_may_not_exceed_tricks"] = True
        partner_top = form.get("max_bid", hand) if forced_kind is None else hand
    bidding["form"] = form
    zero = Nil(enabled=nil_on, zero_bid=zero_bid).zero_is_a_bid(form.get("min_bid", 0))

    if blind_nil_on:
        bidding["blind_nil"] = {
            "exchange": draw(_choice((2, 0, 1, 3, 4)[: hand + 1])) if pairs else 0,
            "eligibility": _eligibility(draw),
            "not_in_first_deal": draw(_FLAGS),
            "per_side": draw(st.integers(1, 3)),
            "make": _points(draw, 200),
            "fail": _points(draw, 200),
        }
    else:
        bidding["blind_nil"] = {"enabled": False}

    if nil_on:
        both = not draw(_FLAGS)
        nil: Data = {
            "make": _points(draw, 100),
            "fail": _points(draw, 100),
            "both_partners": both,
            "failed_tricks": draw(
                _choice(("bags", "count_for_partner", "bags_no_points", "ignored"))
            ),
            "needs_side_contract": draw(_FLAGS),
        }
        if pairs:
            nil["exchange"] = draw(st.integers(0, min(4, hand)))
        if partner_top >= 1 and draw(_FLAGS):
            nil["partner_min_bid"] = draw(st.integers(1, partner_top))
        meanings: list[str | None] = [None]
        if blind_nil_on:
            meanings.append("blind_nil")
        # Both partners Nil must stay biddable for the alias (see checks.nil._double_nil_both).
        both_biddable = (
            "partner_min_bid" not in nil
            and form.get("min_team_bid", 0) == 0
            and forced_kind != "suicide"
        )
        if both and both_biddable:
            meanings.append("both_partners")
        nil["double_nil_means"] = draw(_choice(tuple(meanings)))
    else:
        nil = {"enabled": False, "zero_bid": zero_bid}
    bidding["nil"] = nil

    # a side's least bids fit in the tricks; a bid of 0 only where it is legal
    least = 0 if zero else 1
    if forced_kind == "fixed":
        bidding["forced"] = {"kind": "fixed", "bid": draw(st.integers(least, hand // seats))}
    elif forced_kind == "allowed":
        first = draw(st.integers(least, hand // seats))
        more = []
        if first < hand:
            more = draw(st.lists(st.integers(first + 1, hand), unique=True, max_size=2))
        bidding["forced"] = {"kind": "allowed", "bids": draw(st.permutations([first, *more]))}
    elif forced_kind == "suicide":
        bidding["forced"] = {"kind": "suicide", "partner_min": draw(st.integers(1, hand))}
    elif forced_kind is not None:
        bidding["forced"] = {"kind": forced_kind}

    # Mirror bids, and fixed bids that add up to the tricks, cannot avoid the total
    forced: Data = bidding.get("forced", {})
    total_free = forced_kind != "mirror" and forced.get("bid", 0) * players != hand
    if draw(_FLAGS) and total_free:
        bidding["total_may_not_equal_tricks"] = True
    if draw(_FLAGS):
        bidding["first_deal_bids_itself"] = True
    # A raise round would change a forced bid; only Suicide (which forces who bids Nil,
    # not how much) leaves a contract to raise.
    if partnered and forced_kind in (None, "suicide") and draw(_FLAGS):
        bidding["raise_round"] = True

    blind_on = partnered and forced_kind is None and draw(_FLAGS)
    if blind_on:
        blind_low = draw(st.integers(1, hand))
        blind: Data = {
            "enabled": True,
            "min_bid": blind_low,
            "eligibility": _eligibility(draw),
            "make_multiplier": draw(st.integers(1, 10)),
            "fail_multiplier": draw(st.integers(1, 10)),
            "overtricks_score": draw(_FLAGS),
            "overtricks_bags": draw(_FLAGS),
            "no_overtrick_limit": draw(_FLAGS),
        }
        if draw(_FLAGS):
            blind["max_bid"] = draw(st.integers(blind_low, hand))
        out_top = form.get("max_team_bid", hand)  # coming out is a plain (team) bid
        if blind_low < out_top and draw(_FLAGS):
            blind["come_out_to"] = draw(st.integers(blind_low + 1, out_top))
        bidding["blind"] = blind

    reach = Bidding.model_validate(bidding).side_reach(hand, seats)
    if reach >= 10 and draw(_FLAGS):
        bidding["ten_for_200"] = {
            "enabled": True,
            "bids": draw(_choice(("exactly_10", "10_or_more"))),
            "make": _points(draw, 200),
            "fail": draw(_choice((200, 100, "normal"))),
            "overtricks_score": draw(_FLAGS),
            "overtricks_bags": draw(_FLAGS),
            "all_tricks_wins_game": draw(_FLAGS),
        }
    if reach == hand and draw(_FLAGS):
        moon: Data = {"enabled": True, "make": draw(_MOON_MAKE), "fail": draw(_MOON_FAIL)}
        if blind_on and draw(_FLAGS):
            moon["blind_make"] = {"kind": "win_game"}
        bidding["moon"] = moon
    return bidding


def _play(draw: Draw, hand: int, deck: Data) -> Data:
    play: Data = {}
    leads = ["dealer_left", "dealer", "highest_bidder"]
    gone = set(deck["remove"]) | set(deck["elevated"])
    if any(name.endswith("C") and name not in gone for name in _NAMES):
        leads.append("lowest_club")
    play["first_lead"] = draw(_choice(tuple(leads)))
    play["first_trick"] = draw(_choice(("no_spade_lead", "no_spades", "any")))
    kinds = ["when_broken", "any_time", "only_spades_left"]
    if hand >= 2:
        kinds.insert(2, "after_tricks")
    kind = draw(_choice(tuple(kinds)))
    play["spade_lead"] = {"kind": kind}
    if kind == "after_tricks":
        play["spade_lead"]["tricks"] = draw(st.integers(1, hand - 1))
    play["breaking"] = draw(_choice(("any_spade", "on_other_suit")))
    play["void"] = draw(_choice(("free", "must_trump", "must_overtrump", "screamer")))
    return play


def _scoring(draw: Draw, hand: int) -> Data:
    scoring: Data = {
        "trick_value": draw(_choice((10, 5, 1))),
        "overtrick_value": draw(_choice((1, 0, -10))),
        "set": draw(_choice(("minus_bid", "zero", "minus_short"))),
        "boston": draw(_BOSTON),
    }
    if draw(_FLAGS):
        scoring["overtrick_limit"] = draw(st.integers(0, hand))
    if draw(_FLAGS):
        scoring["bags"] = {"enabled": False}
    else:
        scoring["bags"] = {
            "limit": draw(_choice((10, 5, 6, 7, 1, 100))),
            "penalty": draw(_choice((100, 50, 0))),
            "after_penalty": draw(_choice(("keep_remainder", "reset"))),
        }
    return scoring


def _game_end(draw: Draw) -> Data:
    end: Data = {"tie": draw(_choice(("play_on", "draw")))}
    target = draw(_choice((500, 200, 250, 300, 1000, None)))
    end["target"] = target
    if target is None or draw(_FLAGS):
        end["max_deals"] = draw(st.integers(1, 20))
    if target is not None and draw(_FLAGS):
        end["losing_score"] = draw(_choice((-200, -500, 0)))
    if draw(_FLAGS):
        end["consecutive_sets_lose"] = draw(st.integers(1, 3))
    return end


def _misdeal(draw: Draw) -> Data:
    return {
        "conditions": draw(st.lists(_MISDEALS, max_size=2)),
        "before_partner_bids": draw(_FLAGS),
    }


@st.composite
def variant_data(
    draw: Draw, players: int | None, partnerships: str | None, packs: int | None
) -> Data:
    """A variant's data (what :meth:`Variant.model_validate
    <spadeslib.variant.Variant.model_validate>` takes), ``None`` arguments drawn too;
    the arguments are checked by :func:`spadeslib.testing.variants`."""
    if players is None:
        allowed = [n for n in _PLAYERS if partnerships is None or partnerships in PARTNERSHIPS[n]]
        players = draw(_choice(tuple(allowed)))
    if partnerships is None:
        partnerships = draw(_choice(PARTNERSHIPS[players]))
    if packs is None:
        packs = draw(_choice((1, 2)))
    deck = _deck(draw, players, packs)
    deal = _deal(draw, players, partnerships, deck)
    hand = deal.get("hand_size", 13)
    data: Data = {
        "table": {"players": players, "partnerships": partnerships},
        "deck": deck,
        "deal": deal,
    }
    if partnerships == "pairs" and draw(_FLAGS):
        data["passing"] = {"cards": draw(st.integers(1, min(13, hand)))}
    if draw(_FLAGS):
        data["misdeal"] = _misdeal(draw)
    data["bidding"] = _bidding(draw, hand, partnerships, players)
    data["play"] = _play(draw, hand, deck)
    data["scoring"] = _scoring(draw, hand)
    data["game_end"] = _game_end(draw)
    return data
