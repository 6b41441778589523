"""The rule-by-rule differences between two variants, in words.

>>> from spadeslib.variant import Variant
>>> standard = Variant()
>>> short = Variant.model_validate({"game_end": {"target": 300}})
>>> diff(standard, short)
['Target score: 500 -> 300']
>>> diff(standard, standard)
[]

Both variants are flattened to dotted keys (``game_end.target``) in the order of the format,
which is the order a player meets the rules; every key whose value differs gives one line.
An alternative (a value with a ``kind:``, like ``play.spade_lead``) is one rule and is
described whole. A section with an ``enabled`` switch that is turned on is one line that
lists its settings; turned off, one line that says so.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Final

from spadeslib.explain.words import card_words, counted, eligible_side

if TYPE_CHECKING:
    from spadeslib.variant import Variant

__all__ = [
    "card_words",
    "changed_paths",
    "describe_kind",
    "diff",
    "flatten",
    "label_of",
    "value_words",
]


_NOT_RULES: Final = frozenset({"name", "description"})
"""Keys that name or describe a variant rather than set a rule."""


def flatten(variant: Variant) -> dict[str, Any]:
    """Every rule of ``variant`` as ``{dotted key: JSON value}``, in the format's order.

    Alternatives (values with a ``kind``) and lists are single values, not descended into.
    ``name`` and ``description`` are left out: they are not rules.
    """
    data = variant.model_dump(mode="json")
    return {
        path: value
        for key, section in data.items()
        if key not in _NOT_RULES
        for path, value in _walk(key, section)
    }


def _walk(prefix: str, value: Any) -> Iterator[tuple[str, Any]]:
    if isinstance(value, dict) and "kind" not in value:
        for key, item in value.items():
            yield from _walk(f"{prefix}.{key}", item)
    else:
        yield prefix, value


def changed_paths(a: Variant, b: Variant) -> list[str]:
    """The dotted keys whose values differ between ``a`` and ``b``, in the format's order."""
    flat_a, flat_b = flatten(a), flatten(b)
    keys = list(flat_a) + [key for key in flat_b if key not in flat_a]
    return [key for key in keys if flat_a.get(key) != flat_b.get(key)]


# --- words for values ---------------------------------------------------------------------

_WORDS: Final[Mapping[str, str]] = {
    "pairs": "pairs, partners opposite",
    "trios": "two teams of three",
    "none": "none",
    "later_wins": "the later one wins",
    "earlier_wins": "the earlier one wins",
    "random": "chosen at random",
    "dealer_left": "dealer's left",
    "dealer": "dealer",
    "lowest_club": "holder of the lowest club",
    "highest_bidder": "highest bidder",
    "no_spade_lead": "no spade may be led",
    "no_spades": "no spade may be played",
    "any": "any card",
    "any_spade": "any spade played",
    "on_other_suit": "a spade played on another suit's lead",
    "free": "free",
    "must_trump": "must trump",
    "must_overtrump": "must overtrump",
    "screamer": "may not trump unless holding only trumps (Screamer)",
    "illegal": "illegal",
    "zero_tricks": "a plain contract for zero tricks",
    "bags": "do not help partner, count as bags (standard)",
    "count_for_partner": "count towards partner's bid",
    "bags_no_points": "count as bags but score nothing",
    "ignored": "count for nothing",
    "blind_nil": "Blind Nil",
    "both_partners": "both partners Nil",
    "exactly_10": "exactly 10",
    "10_or_more": "10 or more",
    "normal": "the normal penalty",
    "minus_bid": "lose 10 per trick bid",
    "zero": "score 0",
    "minus_short": "lose 10 per trick short",
    "keep_remainder": "the rest carry over",
    "reset": "the count goes back to 0",
    "play_on": "play another deal",
    "draw": "a draw",
}


def _kind_words(kind: str) -> Callable[[Mapping[str, Any]], str]:
    return _KINDS[kind]


def _upper(value: Any, everything: str = "every trick") -> str:
    return everything if value is None else str(value)


_KINDS: Final[Mapping[str, Callable[[Mapping[str, Any]], str]]] = {
    # bidding.form
    "round_the_table": lambda v: (
        f"round the table from the {_WORDS[v['first']]}, bids {v['min_bid']} to "
        f"{_upper(v['max_bid'])}" + (", no bid of one" if v["no_bid_of_one"] else "")
    ),
    "partnership": lambda v: (
        f"partnership, team bids {v['min_team_bid']} to {_upper(v['max_team_bid'])}"
    ),
    # bidding.forced
    "mirror": lambda v: "Mirror (bid your spades)",
    "whiz": lambda v: "Whiz (Nil or your spades)",
    "suicide": lambda v: f"Suicide (one partner Nil, the other at least {v['partner_min']})",
    "fixed": lambda v: f"everyone bids {v['bid']}",
    "allowed": lambda v: "only " + ", ".join(str(bid) for bid in v["bids"]),
    # deal.method, deal.leftover
    "round_robin": lambda v: "one card at a time clockwise",
    "draw_and_discard": lambda v: "draw and discard (two-handed)",
    "none": lambda v: "none",
    "kitty": lambda v: (
        ("to the dealer" if v["to"] == "dealer" else "to the holder of the 2♣")
        + f", who discards {v['discard'].replace('_', ' ')}"
    ),
    "widow": lambda v: "set aside unseen (widow)",
    "mitchell": lambda v: "Mitchell's rule (the side that bids more takes them)",
    # misdeal.conditions (shorter than the card's words, which have commas of their own)
    "no_spades": lambda v: "no spades",
    "at_most_spades": lambda v: f"at most {counted(v['count'], 'spade')}",
    "long_suit": lambda v: f"a suit of {v['length']} or more cards",
    "no_face_cards": lambda v: "no face cards",
    # play.spade_lead
    "when_broken": lambda v: "once broken",
    "any_time": lambda v: "at any time",
    "after_tricks": lambda v: f"from trick {v['tricks'] + 1} on, or once broken",
    "only_spades_left": lambda v: "only by a leader holding nothing else",
    # scoring.boston, bidding.moon outcomes
    "record": lambda v: "recorded only",
    "points": lambda v: counted(v["points"], "point"),
    "win_game": lambda v: "wins the game",
    "normal": lambda v: "the normal value",
    # eligibility: the card's words
    "behind": eligible_side,
    "behind_by_value": eligible_side,
    "always": eligible_side,
}


def describe_kind(value: Mapping[str, Any]) -> str:
    """Words for one alternative given as data (``{"kind": "after_tricks", "tricks": 3}``)."""
    return _kind_words(value["kind"])(value)


# --- labels ---------------------------------------------------------------------------------

_SECTIONS: Final[Mapping[str, str]] = {
    "bidding.nil": "Nil",
    "bidding.blind_nil": "Blind Nil",
    "bidding.blind": "Blind bids",
    "bidding.ten_for_200": "Ten for 200",
    "bidding.moon": "Moon bid",
    "scoring.bags": "Bags",
}
"""Sections switched by ``enabled``; their other keys are labelled "Section, key"."""

_LABELS: Final[Mapping[str, tuple[str, str]]] = {
    # path: (label, word for an empty value)
    "table.players": ("Players", ""),
    "table.partnerships": ("Partnerships", ""),
    "deck.packs": ("Packs", ""),
    "deck.jokers": ("Jokers", "none"),
    "deck.remove": ("Cards removed", "none"),
    "deck.elevated": ("Cards above the A♠, highest first", "none"),
    "deck.identical_cards": ("Identical cards in one trick", ""),
    "deal.hand_size": ("Cards in a hand", ""),
    "deal.first_dealer": ("First dealer", ""),
    "deal.french_cut": ("French cut", ""),
    "deal.method": ("Deal", ""),
    "deal.leftover": ("Left-over cards", ""),
    "misdeal.conditions": ("Misdeal may be called with", "never"),
    "misdeal.before_partner_bids": ("Misdeal only before partner bids", ""),
    "passing.cards": ("Cards passed to partner", ""),
    "bidding.form": ("Bidding", ""),
    "bidding.raise_round": ("Second round to raise contracts", ""),
    "bidding.total_may_not_equal_tricks": ("Bids may not add up to the tricks", ""),
    "bidding.partners_may_not_exceed_tricks": ("Partners' bids may not exceed the tricks", ""),
    "bidding.first_deal_bids_itself": ("First deal bids itself", ""),
    "bidding.forced": ("Forced bids", "none"),
    "bidding.nil.enabled": ("Nil", ""),
    "bidding.nil.zero_bid": ("A bid of 0 without Nil", ""),
    "bidding.nil.make": ("Nil, points if made", ""),
    "bidding.nil.fail": ("Nil, points lost if failed", ""),
    "bidding.nil.exchange": ("Nil, cards exchanged with partner", ""),
    "bidding.nil.partner_min_bid": ("Nil, partner must bid at least", "no minimum"),
    "bidding.nil.both_partners": ("Nil, both partners may bid it", ""),
    "bidding.nil.failed_tricks": ("Nil, tricks of a failed Nil", ""),
    "bidding.nil.needs_side_contract": ("Nil scores only if partner's contract is made", ""),
    "bidding.nil.double_nil_means": ("'Double Nil' means", "not accepted"),
    "bidding.blind_nil.enabled": ("Blind Nil", ""),
    "bidding.blind_nil.make": ("Blind Nil, points if made", ""),
    "bidding.blind_nil.fail": ("Blind Nil, points lost if failed", ""),
    "bidding.blind_nil.eligibility": ("Blind Nil, who may bid it", ""),
    "bidding.blind_nil.not_in_first_deal": ("Blind Nil, forbidden in the first deal", ""),
    "bidding.blind_nil.exchange": ("Blind Nil, cards exchanged with partner", ""),
    "bidding.blind_nil.per_side": ("Blind Nil, most per side", ""),
    "bidding.blind.enabled": ("Blind bids", ""),
    "bidding.blind.min_bid": ("Blind bids, lowest", ""),
    "bidding.blind.max_bid": ("Blind bids, highest", "every trick"),
    "bidding.blind.eligibility": ("Blind bids, who may bid", ""),
    "bidding.blind.make_multiplier": ("Blind bids, if made", ""),
    "bidding.blind.fail_multiplier": ("Blind bids, if failed", ""),
    "bidding.blind.overtricks_score": ("Blind bids, overtricks score", ""),
    "bidding.blind.overtricks_bags": ("Blind bids, overtricks are bags", ""),
    "bidding.blind.no_overtrick_limit": ("Blind bids, free of the overtrick limit", ""),
    "bidding.blind.come_out_to": ("Blind bids, may come out to", "no"),
    "bidding.ten_for_200.enabled": ("Ten for 200", ""),
    "bidding.ten_for_200.bids": ("Ten for 200, bids covered", ""),
    "bidding.ten_for_200.make": ("Ten for 200, points if made", ""),
    "bidding.ten_for_200.fail": ("Ten for 200, points lost if failed", ""),
    "bidding.ten_for_200.overtricks_score": ("Ten for 200, overtricks score", ""),
    "bidding.ten_for_200.overtricks_bags": ("Ten for 200, overtricks are bags", ""),
    "bidding.ten_for_200.all_tricks_wins_game": ("Ten for 200, all tricks wins the game", ""),
    "bidding.moon.enabled": ("Moon bid (all tricks)", ""),
    "bidding.moon.make": ("Moon bid, if made", ""),
    "bidding.moon.fail": ("Moon bid, if failed", ""),
    "bidding.moon.blind_make": ("Blind Boston, if made", "as a blind bid"),
    "play.first_lead": ("First lead", ""),
    "play.first_trick": ("First trick", ""),
    "play.spade_lead": ("Spades may be led", ""),
    "play.breaking": ("What breaks spades", ""),
    "play.void": ("When void in the suit led", ""),
    "scoring.trick_value": ("Points per trick bid", ""),
    "scoring.overtrick_value": ("Points per overtrick", ""),
    "scoring.set": ("A set side", ""),
    "scoring.overtrick_limit": ("Most overtricks before being set", "no limit"),
    "scoring.bags.enabled": ("Bags", ""),
    "scoring.bags.limit": ("Bags, limit", ""),
    "scoring.bags.penalty": ("Bags, penalty", ""),
    "scoring.bags.after_penalty": ("Bags, after the penalty", ""),
    "scoring.boston": ("All 13 tricks (Boston)", ""),
    "game_end.target": ("Target score", "none"),
    "game_end.losing_score": ("Losing score (mercy)", "none"),
    "game_end.max_deals": ("Most deals", "no limit"),
    "game_end.consecutive_sets_lose": ("Sets in a row that lose the game", "never"),
    "game_end.tie": ("A tie for the win", ""),
}

_MEANINGFUL_WHEN_OFF: Final = frozenset({"bidding.nil.zero_bid"})
"""Keys of a switched section that still mean something when it is off."""

_CARD_LISTS: Final = frozenset({"deck.jokers", "deck.remove", "deck.elevated"})


def label_of(path: str) -> str:
    """The words for one dotted key, like ``Target score`` for ``game_end.target``."""
    try:
        return _LABELS[path][0]
    except KeyError:
        return path.replace("_", " ").replace(".", ", ").capitalize()


def value_words(path: str, value: Any) -> str:
    """The words for the value of one dotted key: ``on``, ``none``, ``at most 1 spade``."""
    empty = _LABELS.get(path, ("", "none"))[1] or "none"
    if value is None or value == []:
        return empty
    if isinstance(value, bool):
        if path.endswith(".enabled"):
            return "on" if value else "off"
        return "yes" if value else "no"
    if isinstance(value, dict):
        return describe_kind(value)
    if isinstance(value, list):
        if path in _CARD_LISTS:
            return ", ".join(card_words(card) for card in value)
        return ", ".join(value_words(path, item) for item in value)
    if path.endswith("make_multiplier"):
        return f"{value} x the normal value"
    if path.endswith("fail_multiplier"):
        return f"{value} x the normal penalty"
    if isinstance(value, str):
        return _WORDS.get(value, value.replace("_", " "))
    return str(value)


# --- the differences ------------------------------------------------------------------------


def _switched(flat: Mapping[str, Any], section: str) -> str:
    """A switched-on section's settings, in one parenthesis."""
    prefix = section + "."
    parts = [
        f"{label_of(path).removeprefix(_SECTIONS[section] + ', ')}: {value_words(path, value)}"
        for path, value in flat.items()
        if path.startswith(prefix) and path != prefix + "enabled"
    ]
    return f" ({'; '.join(parts)})" if parts else ""


def diff(a: Variant, b: Variant) -> list[str]:
    """The rules that differ from ``a`` to ``b``, one line each: ``"Label: in a -> in b"``.

    Lines come in the order a player meets the rules. Equal variants give ``[]``. When the
    number of cards in the deck changes, a line says so after the deck's own lines.
    """
    flat_a, flat_b = flatten(a), flatten(b)
    lines: list[str] = []
    switched: set[str] = set()
    after_deck = 0
    for path in changed_paths(a, b):
        section = path.rpartition(".")[0]
        if section in switched and path not in _MEANINGFUL_WHEN_OFF:
            continue
        line = f"{label_of(path)}: {value_words(path, flat_a.get(path))} -> "
        line += value_words(path, flat_b.get(path))
        if section in _SECTIONS and path == section + ".enabled":
            # one line for the switch; turned on, it lists the settings it is on with
            switched.add(section)
            if flat_b[path]:
                line += _switched(flat_b, section)
        lines.append(line)
        if path.startswith(("table.", "deck.")):
            after_deck = len(lines)
    size_a, size_b = a.deck.size(), b.deck.size()
    if size_a != size_b:
        lines.insert(after_deck, f"Cards in the deck: {size_a} -> {size_b}")
    return lines
