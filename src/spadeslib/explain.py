"""The rules card: a variant told in plain sentences, in the order a player meets the rules.

>>> from spadeslib.variant import Variant
>>> card = explain(Variant.model_validate({"name": "short", "game_end": {"target": 300}}))
>>> print(card.splitlines()[0])
# Rules card: short
>>> print(next(line for line in card.splitlines() if "300" in line)[:58])
- **House rule:** The first side to reach 300 points wins.

Each section of the card is one small function from the variant to its statements
(:class:`Statement`), dispatched from :data:`SECTIONS`; alternatives inside a section
(the bidding form, the spade-lead rule, the Boston...) are dispatched by their ``kind``.
A statement names the variant keys it is about, and is marked as a house rule exactly when
one of those keys differs from the standard game (``Variant()``, spec Part A), so the marks
cannot drift from the data.
"""

from __future__ import annotations

import functools
import textwrap
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Literal

from spadeslib.cards import RANKS, SUITS, Card
from spadeslib.diff import card_words, changed_paths
from spadeslib.errors import ArgumentError

if TYPE_CHECKING:
    from spadeslib.variant import Variant

__all__ = [
    "SECTIONS",
    "Statement",
    "explain",
    "rules_cards",
    "statements",
    "trump_order",
    "write_rules_cards",
]

Format = Literal["markdown", "text"]


@dataclass(frozen=True, slots=True)
class Statement:
    """One sentence of the card and the variant keys (dotted paths) it states."""

    text: str
    about: tuple[str, ...]


Section = Callable[["Variant"], Iterator[Statement]]


def _say(text: str, *about: str) -> Statement:
    return Statement(text, about)


# --- words ----------------------------------------------------------------------------------

_GLUE: Final = "\x1f"
"""A space the text renderer never breaks a line at (inside "7 = +140", "A K Q")."""

_NUMBER_WORDS: Final = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
_SUIT_NAMES: Final = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_RANK_WORDS: Final = {"T": "10"}


def _number(n: int) -> str:
    return _NUMBER_WORDS.get(n, str(n))


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _listing(items: Iterable[str], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    words = list(items)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def _cards(names: Iterable[str]) -> str:
    return _listing(f"the {card_words(name)}" for name in names)


def _points(n: int) -> str:
    return f"{n} point" + ("" if abs(n) == 1 else "s")


def _gain(n: int) -> str:
    """Points won, signed: ``+100``; a negative value reads as what it is, ``-100``."""
    return f"{n:+d}"


def _loss(n: int) -> str:
    """Points lost (never negative: see ``variant._base.Loss``), signed: ``-100``."""
    return f"{-n:+d}"


def _tricks(n: int) -> str:
    return f"{n} trick" + ("" if n == 1 else "s")


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


# --- facts computed from the variant --------------------------------------------------------


def _pack(variant: Variant) -> list[str]:
    removed = set(variant.deck.remove)
    return [str(Card(code)) for code in range(52) if str(Card(code)) not in removed]


def _trump_order_from_deck(variant: Variant) -> list[str]:
    elevated = list(variant.deck.elevated)
    natural = [
        rank + "S"
        for rank in reversed(RANKS)
        if rank + "S" in _pack(variant) and rank + "S" not in elevated
    ]
    return elevated + natural


def trump_order(variant: Variant) -> list[str]:
    """Card names of the trumps, highest first (one of each with two packs).

    Taken from the compiled rules where the compiler provides it, else from ``deck``.
    """
    try:
        rules = variant.compile()
        order = rules.trump_order()
    except (ImportError, AttributeError):  # compiler not there (yet) or older
        return _trump_order_from_deck(variant)
    names = [str(card) for card in order]
    return list(dict.fromkeys(names))


def _suit_ranks(variant: Variant, suit: str) -> list[str]:
    pack, elevated = set(_pack(variant)), set(variant.deck.elevated)
    return [rank for rank in reversed(RANKS) if rank + suit in pack and rank + suit not in elevated]


def _max_bid(value: int | None, variant: Variant) -> int:
    return variant.deal.hand_size if value is None else value


def _side_word(variant: Variant) -> str:
    return "player" if variant.table.partnerships == "none" else "side"


def _extra_spades(variant: Variant) -> list[str]:
    """Elevated cards that are not spades but count as spades."""
    return [name for name in variant.deck.elevated if not name.endswith("S")]


def _ten_covers(variant: Variant, bid: int) -> bool:
    ten = variant.bidding.ten_for_200
    return ten.enabled and (bid == 10 if ten.bids == "exactly_10" else bid >= 10)


def _made_value(variant: Variant, bid: int) -> int:
    if _ten_covers(variant, bid):
        return variant.bidding.ten_for_200.make
    return variant.scoring.trick_value * bid


def _failed_value(variant: Variant, bid: int) -> int | None:
    """Points lost by a failed contract of ``bid``; ``None`` when it depends on the tricks."""
    fail = variant.bidding.ten_for_200.fail
    if _ten_covers(variant, bid) and fail != "normal":
        return fail
    set_rule = variant.scoring.set
    if set_rule == "minus_short":
        return None
    return 0 if set_rule == "zero" else variant.scoring.trick_value * bid


def _eligibility(value: Any, bid: str) -> str:
    return {
        "behind": lambda: f"only a side behind by at least {_points(value.points)} may bid {bid}",
        "behind_by_value": lambda: (
            f"only a side behind by at least the value of the bid may bid {bid}"
        ),
        "always": lambda: f"any side may bid {bid}, whatever the scores",
    }[value.kind]()


# --- the sections -----------------------------------------------------------------------------


def _players(v: Variant) -> Iterator[Statement]:
    table = v.table
    about = ("table.players", "table.partnerships")
    sides = table.sides()
    if table.partnerships == "pairs":
        pairs = (" against " if len(sides) == 2 else ", ").join(
            " and ".join(map(str, side)) for side in sides
        )
        text = (
            f"{_cap(_number(table.players))} players in {_number(len(sides))} "
            f"partnerships; partners sit opposite (seats {pairs})."
        )
    elif table.partnerships == "trios":
        teams = " against ".join(_listing(map(str, side)) for side in sides)
        text = f"Six players in two teams of three, in alternate seats (seats {teams})."
    else:
        text = f"{_cap(_number(table.players))} players, each playing for themselves."
    yield _say(text + " Deal, bidding and play go clockwise.", *about)


def _cards_section(v: Variant) -> Iterator[Statement]:
    deck = v.deck
    about_deck = ("deck.packs", "deck.jokers", "deck.remove")
    pack = "a standard pack" if deck.packs == 1 else "two standard packs shuffled together"
    if not deck.jokers and not deck.remove:
        text = (
            f"A standard {deck.size()}-card pack."
            if deck.packs == 1
            else f"{deck.size()} cards: two standard packs shuffled together."
        )
    else:
        text = f"{deck.size()} cards: {pack}"
        if deck.jokers:
            jokers = _listing(f"the {card_words(j)}" for j in sorted(deck.jokers))
            text += f" plus {jokers}" + (" in each" if deck.packs == 2 else "")
        if deck.remove:
            text += f", without {_cards(deck.remove)}" + (" of each" if deck.packs == 2 else "")
        text += "."
    yield _say(text, *about_deck)

    about_rank = ("deck.remove", "deck.elevated")
    groups: dict[tuple[str, ...], list[str]] = {}
    for suit in SUITS[1:]:
        groups.setdefault(tuple(_suit_ranks(v, suit)), []).append(_SUIT_NAMES[suit])
    if (
        len(groups) == 1
        and len(next(iter(groups))) == 13
        and _suit_ranks(v, "S") == list(reversed(RANKS))
    ):
        yield _say(
            "In every suit the cards rank "
            + _GLUE.join(_RANK_WORDS.get(r, r) for r in reversed(RANKS))
            + " (ace high).",
            *about_rank,
        )
    else:
        parts = [
            f"{_listing(names)} rank " + _GLUE.join(_RANK_WORDS.get(r, r) for r in ranks)
            for ranks, names in groups.items()
        ]
        yield _say(_cap("; ".join(parts)) + " (ace high).", *about_rank)

    order = trump_order(v)
    text = "Spades are always trumps. Trumps, highest first: "
    text += ", ".join(card_words(name) for name in order) + "."
    if deck.packs == 2:
        text += " There are two of each."
    yield _say(text, "deck.packs", "deck.jokers", "deck.remove", "deck.elevated")
    extra = _extra_spades(v)
    if extra:
        verb = "count" if len(extra) > 1 else "counts"
        yield _say(
            f"{_cap(_cards(extra))} {verb} as spades for following suit, leading and "
            "breaking spades.",
            "deck.elevated",
        )
    if deck.packs == 2:
        which = "later" if deck.identical_cards == "later_wins" else "earlier"
        yield _say(
            f"When two identical cards fall in one trick, the {which} one beats the other.",
            "deck.identical_cards",
        )


def _deal_section(v: Variant) -> Iterator[Statement]:
    deal = v.deal
    first = (
        "The first dealer is chosen at random"
        if deal.first_dealer == "random"
        else f"Seat {deal.first_dealer} deals first"
    )
    yield _say(f"{first}; after each deal the deal passes clockwise.", "deal.first_dealer")
    about = ("deal.method", "deal.hand_size", "table.players")
    if deal.method.kind == "draw_and_discard":
        yield _say(
            "There is no deal as such: the pack is a face-down stock. Taking turns, "
            "non-dealer first, a player looks at the top card and either keeps it and "
            "discards the next one unseen, or discards it and keeps the next one. This "
            f"goes on until each player has {deal.hand_size} cards; the discards stay "
            "unseen.",
            *about,
        )
    else:
        yield _say(
            "The dealer shuffles and deals the cards one at a time, clockwise from the "
            f"dealer's left, until each player has {deal.hand_size}.",
            *about,
        )
    if deal.french_cut:
        yield _say(
            "French cut: the player on the dealer's right cuts the pack into four "
            "face-down stacks and turns up the top card of each, then decides which of those "
            "four cards goes to which player. The pack is dealt without them, so every "
            f"player has {deal.hand_size} cards, one of them known to everyone.",
            "deal.french_cut",
        )
    yield _LEFTOVER[deal.leftover.kind](v)


def _leftover_count(v: Variant) -> int:
    if v.deal.method.kind == "draw_and_discard":
        return 0
    return v.deck.size() - v.table.players * v.deal.hand_size


_ABOUT_LEFTOVER: Final = ("deal.leftover", "deal.method")


def _no_leftover(v: Variant) -> Statement:
    if v.deal.method.kind == "draw_and_discard":
        return _say(
            f"Half the pack ({v.deck.size() // 2} cards) is discarded unseen.", *_ABOUT_LEFTOVER
        )
    return _say(f"All {v.deck.size()} cards are dealt; none are left over.", *_ABOUT_LEFTOVER)


def _kitty(v: Variant) -> Statement:
    kitty = v.deal.leftover
    assert kitty.kind == "kitty"
    n = _leftover_count(v)
    who = "the dealer" if kitty.to == "dealer" else "the player holding the 2♣"
    when = "before" if kitty.discard == "before_bidding" else "after"
    return _say(
        f"The {n} left-over cards go to {who}, who looks at all {v.deal.hand_size + n} cards "
        f"and discards {n} face down {when} the bidding.",
        *_ABOUT_LEFTOVER,
    )


def _widow(v: Variant) -> Statement:
    n = _leftover_count(v)
    cards = "card is" if n == 1 else f"{n} cards are"
    return _say(
        f"The left-over {cards} set aside unseen until after the play (the widow).",
        *_ABOUT_LEFTOVER,
    )


def _mitchell(v: Variant) -> Statement:
    return _say(
        "The 2 left-over cards are taken by the side that bids more tricks, which gives one to "
        "each partner or both to one; if both sides bid the same, each side takes one and "
        "chooses which partner has it. Whoever took cards discards face down back to "
        f"{v.deal.hand_size} before the play.",
        *_ABOUT_LEFTOVER,
    )


_LEFTOVER: Final[Mapping[str, Callable[[Variant], Statement]]] = {
    "none": _no_leftover,
    "kitty": _kitty,
    "widow": _widow,
    "mitchell": _mitchell,
}

_MISDEAL_HANDS: Final[Mapping[str, Callable[[Any], str]]] = {
    "no_spades": lambda c: "no spades",
    "at_most_spades": lambda c: f"at most {c.count} spade" + ("" if c.count == 1 else "s"),
    "long_suit": lambda c: f"{c.length} or more cards of one suit",
    "no_face_cards": lambda c: "no king, queen or jack",
}


def _misdeal_section(v: Variant) -> Iterator[Statement]:
    misdeal = v.misdeal
    if not misdeal.conditions:
        yield _say("There are no misdeals: every deal is played.", "misdeal.conditions")
        return
    hands = _listing((_MISDEAL_HANDS[c.kind](c) for c in misdeal.conditions), "or")
    when = " before their partner has bid" if misdeal.before_partner_bids else ""
    text = (
        f"A player whose hand has {hands} may call a misdeal during their turn to "
        f"bid{when}; the cards are thrown in and the same dealer deals again."
    )
    if _extra_spades(v) and any("spade" in _MISDEAL_HANDS[c.kind](c) for c in misdeal.conditions):
        text += f" {_cap(_cards(_extra_spades(v)))} count as spades here too."
    yield _say(text, "misdeal.conditions", "misdeal.before_partner_bids")


def _passing_section(v: Variant) -> Iterator[Statement]:
    n = v.passing.cards
    if not n:
        yield _say("No cards are passed.", "passing.cards")
        return
    yield _say(
        f"Before the bidding, each player passes {n} cards face down to their partner. "
        "Partners pass at the same time, so neither sees what they will receive before "
        "choosing.",
        "passing.cards",
    )


def _round_the_table(v: Variant) -> Iterator[Statement]:
    form = v.bidding.form
    assert form.kind == "round_the_table"
    first = "the player on the dealer's left" if form.first == "dealer_left" else "the dealer"
    top = _max_bid(form.max_bid, v)
    text = (
        f"Each player bids once, starting with {first} and going clockwise: a number of "
        f"tricks from {form.min_bid} to {top}. There is no passing and no second "
        "round, and a bid cannot be changed."
    )
    if v.table.partnerships != "none":
        text += " A side's contract is the sum of its partners' bids."
    yield _say(text, "bidding.form")
    if form.no_bid_of_one:
        yield _say(
            "No bid of one: when the first partner of a side bids x, the side's contract "
            "must be x or at least x + 2 (the second partner may not add exactly 1).",
            "bidding.form",
        )


def _partnership(v: Variant) -> Iterator[Statement]:
    form = v.bidding.form
    assert form.kind == "partnership"
    top = _max_bid(form.max_team_bid, v)
    yield _say(
        f"Partnership bidding: each side agrees a single team bid of {form.min_team_bid} "
        f"to {top} tricks. The dealer's opponents bid first, the dealer's side last.",
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
        + _listing((("Nil" if b == 0 else str(b)) for b in f.bids), "and")
        + "."
    ),
}


def _nil_bid(v: Variant) -> Iterator[Statement]:
    nil = v.bidding.nil
    if not nil.enabled:
        text = (
            "No Nil: a bid of 0 is not allowed."
            if nil.zero_bid == "illegal"
            else "No Nil: a bid of 0 is a plain contract to win no tricks, with no Nil "
            "bonus or penalty."
        )
        yield _say(text, "bidding.nil.enabled", "bidding.nil.zero_bid")
        return
    whose = (
        "As part of its team bid a side may declare one partner Nil"
        if v.bidding.form.kind == "partnership"
        else "A bid of 0 is Nil"
    )
    yield _say(
        f"{whose}: the Nil bidder undertakes to win no tricks at all. It is scored on "
        "its own, beside the partner's bid (see Scoring).",
        "bidding.nil.enabled",
    )
    if nil.partner_min_bid is not None:
        yield _say(
            f"When a player bids Nil, their partner must bid at least {nil.partner_min_bid}.",
            "bidding.nil.partner_min_bid",
            "bidding.nil.enabled",
        )
    if v.table.partnerships == "pairs":
        text = (
            "Both partners may bid Nil; each Nil is then scored on its own, and the side "
            "has no trick contract."
            if nil.both_partners
            else "Both partners may not bid Nil in the same deal."
        )
        yield _say(text, "bidding.nil.both_partners", "bidding.nil.enabled")
    if nil.exchange:
        yield _say(
            f"After the bidding a Nil bidder exchanges {nil.exchange} cards with their "
            f"partner: the Nil bidder gives {nil.exchange} face down first, and the "
            f"partner looks at them before giving back {nil.exchange}.",
            "bidding.nil.exchange",
            "bidding.nil.enabled",
        )
    if nil.double_nil_means is not None:
        means = "Blind Nil" if nil.double_nil_means == "blind_nil" else "both partners bidding Nil"
        yield _say(
            f'"Double Nil" is accepted as another name for {means}.',
            "bidding.nil.double_nil_means",
            "bidding.nil.enabled",
        )


def _blind_nil_bid(v: Variant) -> Iterator[Statement]:
    blind_nil = v.bidding.blind_nil
    if not blind_nil.enabled:
        yield _say("No Blind Nil.", "bidding.blind_nil.enabled")
        return
    text = (
        "Blind Nil: a player may bid Nil before looking at their cards; "
        + _eligibility(blind_nil.eligibility, "it")
        + "."
    )
    if blind_nil.not_in_first_deal:
        text += " Not in the first deal of a game."
    text += (
        " At most one Blind Nil per side."
        if blind_nil.per_side == 1
        else f" At most {blind_nil.per_side} Blind Nils per side."
    )
    yield _say(
        text,
        "bidding.blind_nil.enabled",
        "bidding.blind_nil.eligibility",
        "bidding.blind_nil.not_in_first_deal",
        "bidding.blind_nil.per_side",
    )
    n = blind_nil.exchange
    if n:
        yield _say(
            f"After the bidding, and before the first lead, the Blind Nil bidder passes "
            f"{n} cards face down to their partner, who looks at them and passes back "
            f"{n}. There is no exchange when both partners bid Nil.",
            "bidding.blind_nil.exchange",
            "bidding.blind_nil.enabled",
        )
    else:
        yield _say(
            "A Blind Nil bidder exchanges no cards with their partner.",
            "bidding.blind_nil.exchange",
            "bidding.blind_nil.enabled",
        )


def _value_list(values: Iterable[tuple[int, int | None]], sign: str) -> str:
    """``6 = +120, 7 = +140``: points won (``sign="+"``) or lost (``sign="-"``) per bid."""
    signed = _gain if sign == "+" else _loss
    return ", ".join(
        f"{bid}{_GLUE}={_GLUE}{signed(value)}" for bid, value in values if value is not None
    )


def _blind_bids(v: Variant) -> Iterator[Statement]:
    blind = v.bidding.blind
    form = v.bidding.form
    team_max = form.max_team_bid if form.kind == "partnership" else None
    top = min(_max_bid(blind.max_bid, v), _max_bid(team_max, v))
    about = (
        "bidding.blind.enabled",
        "bidding.blind.min_bid",
        "bidding.blind.max_bid",
        "bidding.blind.eligibility",
    )
    upto = f" to {top}" if top < v.deal.hand_size else " or more"
    yield _say(
        f"Blind bids: a side may bid {blind.min_bid}{upto} tricks blind, before either "
        f"partner looks at their cards; {_eligibility(blind.eligibility, 'blind')}.",
        *about,
    )
    bids = range(blind.min_bid, top + 1)
    made = [(bid, _made_value(v, bid) * blind.make_multiplier) for bid in bids]
    failed_values = [(bid, _failed_value(v, bid)) for bid in bids]
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
    yield _say(
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
    yield _say(
        _cap("; ".join(overtricks)) + ".",
        "bidding.blind.enabled",
        "bidding.blind.no_overtrick_limit",
        "bidding.blind.overtricks_score",
        "bidding.blind.overtricks_bags",
        "scoring.overtrick_limit",
    )
    if blind.come_out_to is not None:
        n = blind.come_out_to
        yield _say(
            f"Coming out: after agreeing a blind bid the partners look at their cards, "
            f"and may come out of the blind bid and bid {n} instead, which then scores "
            f"singly ({_gain(_made_value(v, n))} if made).",
            "bidding.blind.come_out_to",
            "bidding.blind.enabled",
        )


def _ten_for_200(v: Variant) -> Iterator[Statement]:
    ten = v.bidding.ten_for_200
    bids = "exactly 10" if ten.bids == "exactly_10" else "10 or more"
    fail = "the normal penalty" if ten.fail == "normal" else f"{ten.fail}"
    limit = v.scoring.overtrick_limit
    within = ""
    if ten.bids == "exactly_10" and limit is not None:
        top = min(10 + limit, v.deal.hand_size)
        within = f" ({_listing((str(n) for n in range(10, top + 1)), 'or')} tricks)"
    text = (
        f"Ten for {ten.make}: a side that bids {bids} scores {ten.make} if it makes it"
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
    yield _say(
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
        yield _say(
            f"A side that bids 10 and wins all {v.deal.hand_size} tricks wins the game at once.",
            "bidding.ten_for_200.all_tricks_wins_game",
            "bidding.ten_for_200.enabled",
        )


def _outcome(value: Any, made: bool) -> str:
    if value.kind == "win_game":
        return "the side wins the game at once"
    if value.kind == "normal":
        return "it scores like any other contract" if made else "the normal penalty"
    return _gain(value.points) if made else _loss(value.points)


def _moon(v: Variant) -> Iterator[Statement]:
    moon = v.bidding.moon
    hand = v.deal.hand_size
    text = (
        f"Moon: a side may bid all {hand} tricks. If it makes them: "
        f"{_outcome(moon.make, True)}; if not: {_outcome(moon.fail, False)}."
    )
    if moon.blind_make is not None:
        text += f" A Blind Boston (all {hand} bid blind) made: {_outcome(moon.blind_make, True)}."
    yield _say(
        text,
        "bidding.moon.enabled",
        "bidding.moon.make",
        "bidding.moon.fail",
        "bidding.moon.blind_make",
    )


def _bidding_section(v: Variant) -> Iterator[Statement]:
    b = v.bidding
    if b.first_deal_bids_itself:
        yield _say(
            f"The first deal of a game bids itself: there is no bidding, and each "
            f"{_side_word(v)} scores {v.scoring.trick_value} points per trick it wins.",
            "bidding.first_deal_bids_itself",
        )
    yield from _FORMS[b.form.kind](v)
    if b.raise_round:
        yield _say(
            "After the first round each side in turn, starting with the side that bid "
            "first, may increase its contract once.",
            "bidding.raise_round",
        )
    if b.total_may_not_equal_tricks:
        yield _say(
            f"The bids may not add up to exactly {v.deal.hand_size}.",
            "bidding.total_may_not_equal_tricks",
        )
    if b.forced is not None:
        yield _say(_FORCED[b.forced.kind](b.forced), "bidding.forced")
    yield from _nil_bid(v)
    yield from _blind_nil_bid(v)
    specials: list[tuple[bool, Section, str, str]] = [
        (b.blind.enabled, _blind_bids, "bidding.blind.enabled", "blind bids of tricks"),
        (b.ten_for_200.enabled, _ten_for_200, "bidding.ten_for_200.enabled", "ten for 200"),
        (b.moon.enabled, _moon, "bidding.moon.enabled", "Moon (all tricks) bid"),
    ]
    absent = [(path, words) for on, _, path, words in specials if not on]
    for on, section, _, _ in specials:
        if on:
            yield from section(v)
    if absent:
        yield _say(
            _cap(_listing(f"no {words}" for _, words in absent)) + ".",
            *(path for path, _ in absent),
        )


_FIRST_LEAD: Final[Mapping[str, str]] = {
    "dealer_left": "The player on the dealer's left leads to the first trick",
    "non_dealer": "The non-dealer leads to the first trick",
    "dealer": "The dealer leads to the first trick",
    "highest_bidder": (
        "The highest bidder (the first such from the dealer's left, on ties) "
        "leads to the first trick"
    ),
}

_FIRST_TRICK: Final[Mapping[str, str]] = {
    "no_spade_lead": " and may lead any card except a spade (unless holding nothing but spades).",
    "no_spades": ".",
    "any": " and may lead any card.",
}


def _lowest_club(v: Variant) -> str:
    pack, elevated = _pack(v), set(v.deck.elevated)
    clubs = [rank for rank in RANKS if rank + "C" in pack and rank + "C" not in elevated]
    return card_words(clubs[0] + "C") if clubs else "lowest club"


def _play_section(v: Variant) -> Iterator[Statement]:
    play = v.play
    if play.first_lead == "lowest_club":
        where = " when it is dealt" if _leftover_count(v) else ""
        yield _say(
            f"The holder of the lowest club in play (the {_lowest_club(v)}{where}) leads "
            "it to the first trick.",
            "play.first_lead",
            "play.first_trick",
        )
    else:
        two_handed = play.first_lead == "dealer_left" and v.table.players == 2
        lead = _FIRST_LEAD["non_dealer" if two_handed else play.first_lead]
        yield _say(lead + _FIRST_TRICK[play.first_trick], "play.first_lead", "play.first_trick")
    if play.first_trick == "no_spades":
        yield _say(
            "No spade may be played to the first trick, even by a player void in the suit "
            "led, unless they hold nothing but spades.",
            "play.first_trick",
        )
    yield _say(
        "Each player in turn must follow suit if able; "
        + _VOID[play.void]
        + " The highest trump in a trick wins it; a trick without "
        "a trump is won by the highest card of the suit led. The winner of a trick leads "
        "to the next.",
        "play.void",
    )
    yield _SPADE_LEAD[play.spade_lead.kind](v)


_VOID: Final[Mapping[str, str]] = {
    "free": "a player who cannot follow may play any card.",
    "must_trump": "a player who cannot follow must play a trump if they have one.",
    "must_overtrump": (
        "a player who cannot follow must play a trump if they have one, and "
        "one that beats the trump winning the trick if they can."
    ),
    "screamer": (
        "a player who cannot follow may not play a trump unless they hold nothing "
        "but trumps (Screamer)."
    ),
}

_BREAKS: Final[Mapping[str, str]] = {
    "any_spade": "until a spade has been played",
    "on_other_suit": "until a spade has been played on the lead of another suit",
}


def _breaking_note(v: Variant) -> str:
    extra = _extra_spades(v)
    if not extra:
        return ""
    verb = "break" if len(extra) > 1 else "breaks"
    return f" {_cap(_cards(extra))} {verb} spades like any spade."


def _when_broken(v: Variant) -> Statement:
    return _say(
        f'Spades may not be led {_BREAKS[v.play.breaking]} ("broken"), unless the '
        "leader holds nothing but spades." + _breaking_note(v),
        "play.spade_lead",
        "play.breaking",
    )


def _any_time(v: Variant) -> Statement:
    when = "at any time" if v.play.first_trick == "any" else "from the second trick on"
    return _say(f"Spades may be led {when}: they need not be broken.", "play.spade_lead")


def _after_tricks(v: Variant) -> Statement:
    rule = v.play.spade_lead
    assert rule.kind == "after_tricks"
    n = rule.tricks
    return _say(
        f"Spades may not be led in the first {n} tricks unless broken "
        f"({_BREAKS[v.play.breaking].removeprefix('until ')}) or the leader holds "
        f"nothing but spades; from the {_ordinal(n + 1)} trick on any card may be led."
        + _breaking_note(v),
        "play.spade_lead",
        "play.breaking",
    )


def _only_spades_left(v: Variant) -> Statement:
    return _say(
        "Spades are never broken: a spade may be led only by a player holding nothing but spades.",
        "play.spade_lead",
    )


_SPADE_LEAD: Final[Mapping[str, Callable[[Variant], Statement]]] = {
    "when_broken": _when_broken,
    "any_time": _any_time,
    "after_tricks": _after_tricks,
    "only_spades_left": _only_spades_left,
}


def _boston(v: Variant) -> Statement:
    boston = v.scoring.boston
    hand = v.deal.hand_size
    about: tuple[str, ...] = ("scoring.boston",)
    if boston.kind == "none":
        return _say(f"Winning all {hand} tricks earns nothing extra.", *about)
    if boston.kind == "points":
        return _say(
            f"Boston: a side that wins all {hand} tricks scores {_gain(boston.points)} on top "
            "of its contract, whatever it bid.",
            *about,
        )
    if boston.kind == "win_game":
        return _say(
            f"Boston: a side that wins all {hand} tricks wins the game at once, whatever it bid.",
            *about,
        )
    text = (
        f"Boston: a side that wins all {hand} tricks has made a Boston. It is recorded "
        "(bragging rights) but scores nothing extra: the deal is scored as usual"
    )
    limit = v.scoring.overtrick_limit
    if limit is not None:
        below = hand - limit
        if v.bidding.ten_for_200.enabled and v.bidding.ten_for_200.all_tricks_wins_game:
            below = min(below, 10)
        text += f", so a side that bid less than {below} is set for too many overtricks"
        about = (*about, "scoring.overtrick_limit")
        blind = v.bidding.blind
        if blind.enabled and blind.no_overtrick_limit:
            text += ", unless it bid blind (blind bids have no overtrick limit)"
            about = (*about, "bidding.blind.enabled", "bidding.blind.no_overtrick_limit")
    return _say(text + ".", *about)


def _scoring_section(v: Variant) -> Iterator[Statement]:
    s = v.scoring
    side = _side_word(v)
    per = (
        f"plus {_points(s.overtrick_value)} for each overtrick"
        if s.overtrick_value > 0
        else "and nothing for overtricks"
        if s.overtrick_value == 0
        else f"and loses {_points(-s.overtrick_value)} for each overtrick"
    )
    yield _say(
        f"A {side} that wins at least as many tricks as its contract scores "
        f"{s.trick_value} points per trick bid, {per}.",
        "scoring.trick_value",
        "scoring.overtrick_value",
    )
    if s.overtrick_limit is not None:
        yield _say(
            f"A {side} may take at most {_tricks(s.overtrick_limit)} over its "
            f"contract: with {s.overtrick_limit + 1} or more overtricks it is set, as if "
            "it had failed.",
            "scoring.overtrick_limit",
        )
    yield _say(_SET[s.set](v), "scoring.set", "scoring.trick_value")
    yield _bags(v)
    yield from _nil_scores(v)
    yield _boston(v)


_SET: Final[Mapping[str, Callable[[Variant], str]]] = {
    "minus_bid": lambda v: (
        f"A {_side_word(v)} that wins fewer tricks than its contract is "
        f"set: it loses {v.scoring.trick_value} points per trick bid."
    ),
    "zero": lambda v: (
        f"A {_side_word(v)} that wins fewer tricks than its contract is set: it "
        "scores nothing for the deal."
    ),
    "minus_short": lambda v: (
        f"A {_side_word(v)} that wins fewer tricks than its contract is "
        f"set: it loses {v.scoring.trick_value} points per trick short."
    ),
}


def _bags(v: Variant) -> Statement:
    bags = v.scoring.bags
    about = (
        "scoring.bags.enabled",
        "scoring.bags.limit",
        "scoring.bags.penalty",
        "scoring.bags.after_penalty",
    )
    if not bags.enabled:
        return _say("Bags are not counted: overtricks carry no penalty.", *about)
    after = (
        f"{bags.limit} bags come off the count and the rest carry over"
        if bags.after_penalty == "keep_remainder"
        else "the count goes back to 0"
    )
    return _say(
        f"Sandbagging: every overtrick is a bag, and bags are counted over the whole "
        f"game. When a {_side_word(v)}'s count reaches {bags.limit} it "
        f"loses {_points(bags.penalty)}; {after}.",
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
        partner = (
            "on top of the partner's own bid, which is scored on the partner's tricks alone"
            if v.table.partnerships == "pairs"
            else ""
        )
        text = (
            f"Nil: {_gain(nil.make)} if the Nil bidder wins no trick, {_loss(nil.fail)} if "
            "they win "
            f"any{', ' + partner if partner else ''}."
        )
        if v.table.partnerships == "pairs":
            text += f" Tricks won by a failed Nil bidder {_FAILED_TRICKS[nil.failed_tricks]}."
        if nil.needs_side_contract:
            text += " A Nil scores (made or failed) only if the side's other contract is made."
        yield _say(
            text,
            "bidding.nil.enabled",
            "bidding.nil.make",
            "bidding.nil.fail",
            "bidding.nil.failed_tricks",
            "bidding.nil.needs_side_contract",
        )
    if blind_nil.enabled:
        yield _say(
            f"Blind Nil: {_gain(blind_nil.make)} if made, {_loss(blind_nil.fail)} if failed.",
            "bidding.blind_nil.enabled",
            "bidding.blind_nil.make",
            "bidding.blind_nil.fail",
        )


def _end_section(v: Variant) -> Iterator[Statement]:
    end = v.game_end
    side = _side_word(v)
    if end.target is None:
        yield _say("There is no target score.", "game_end.target")
    else:
        yield _say(
            f"The first {side} to reach {end.target} points wins. If more than one "
            f"{side} reaches {end.target} in the same deal, the higher score wins.",
            "game_end.target",
        )
    tie = (
        "another deal is played until the tie is broken"
        if end.tie == "play_on"
        else "the game ends as a draw"
    )
    yield _say(f"A tie for the win: {tie}.", "game_end.tie")
    if end.losing_score is not None:
        yield _say(
            f"Mercy rule: a {side} at or below {end.losing_score} points loses at once.",
            "game_end.losing_score",
        )
    if end.max_deals is not None:
        yield _say(
            f"After {end.max_deals} deals the game ends and the highest score wins.",
            "game_end.max_deals",
        )
    if end.consecutive_sets_lose is not None:
        n = end.consecutive_sets_lose
        yield _say(
            f"A {side} that is set on {_number(n)} deals in a row loses the game at once, "
            f"whatever the scores; if more than one {side} does so in the same deal, the "
            "higher score wins.",
            "game_end.consecutive_sets_lose",
        )
    instant: list[tuple[str, tuple[str, ...]]] = []
    hand = v.deal.hand_size
    ten, moon = v.bidding.ten_for_200, v.bidding.moon
    if ten.enabled and ten.all_tricks_wins_game:
        instant.append(
            (
                f"bidding 10 and winning all {hand} tricks",
                ("bidding.ten_for_200.enabled", "bidding.ten_for_200.all_tricks_wins_game"),
            )
        )
    if v.scoring.boston.kind == "win_game":
        instant.append((f"winning all {hand} tricks", ("scoring.boston",)))
    if moon.enabled and moon.make.kind == "win_game":
        instant.append(("making a Moon bid", ("bidding.moon.enabled", "bidding.moon.make")))
    if instant:
        yield _say(
            f"A {side} also wins at once by {_listing((words for words, _ in instant), 'or by')}.",
            *(path for _, paths in instant for path in paths),
        )


SECTIONS: Final[tuple[tuple[str, Section], ...]] = (
    ("Players", _players),
    ("Cards and ranking", _cards_section),
    ("Dealing", _deal_section),
    ("Misdeals", _misdeal_section),
    ("Passing cards", _passing_section),
    ("Bidding", _bidding_section),
    ("Play", _play_section),
    ("Scoring", _scoring_section),
    ("End of the game", _end_section),
)
"""The card's sections, in the order a player meets the rules: (title, statements)."""


# --- rendering ----------------------------------------------------------------------------------


@functools.cache
def _standard_texts() -> frozenset[str]:
    from spadeslib.variant import Variant

    standard = Variant()
    return frozenset(s.text for _, section in SECTIONS for s in section(standard))


def statements(variant: Variant) -> list[tuple[str, list[tuple[Statement, bool]]]]:
    """The card as data: each section's title and its statements, each with whether it
    differs from the standard game.

    A statement differs when a key it is about differs from the standard game's and its
    words are not the standard card's words: "in every suit the cards rank A K Q ... 2" is
    plain even in a deck with jokers added, where ``deck.elevated`` differs.
    """
    from spadeslib.variant import Variant

    changed = changed_paths(Variant(), variant)

    def differs(statement: Statement) -> bool:
        return statement.text not in _standard_texts() and any(
            path == key or path.startswith(key + ".") for key in statement.about for path in changed
        )

    return [
        (title, [(statement, differs(statement)) for statement in section(variant)])
        for title, section in SECTIONS
    ]


_MARK: Final[Mapping[str, str]] = {"markdown": "**House rule:** ", "text": "House rule: "}


def _title(variant: Variant) -> str:
    return f"Rules card: {variant.name}"


def _summary(count: int, format: Format) -> str:
    if not count:
        return "This is the standard game: no rule differs from it."
    mark = "**House rule**" if format == "markdown" else '"House rule"'
    rules = "rule differs" if count == 1 else "rules differ"
    return f"{count} {rules} from the standard game; each is marked {mark}."


def explain(variant: Variant, *, format: Format = "markdown") -> str:
    """The rules card of ``variant``: Markdown (``format="markdown"``, the default) or plain
    text wrapped for a terminal (``format="text"``)."""
    if format not in _MARK:
        raise ArgumentError(f"unknown format {format!r}: expected 'markdown' or 'text'")
    card = statements(variant)
    count = sum(marked for _, items in card for _, marked in items)
    return _RENDER[format](variant, card, _summary(count, format))


def _markdown(
    variant: Variant, card: list[tuple[str, list[tuple[Statement, bool]]]], summary: str
) -> str:
    lines = [f"# {_title(variant)}", ""]
    if variant.description:
        lines += [variant.description, ""]
    lines += [summary, ""]
    for title, items in card:
        lines += [f"## {title}", ""]
        lines += [
            f"- {_MARK['markdown'] if marked else ''}{s.text}".replace(_GLUE, " ")
            for s, marked in items
        ]
        lines.append("")
    return "\n".join(lines)


_WIDTH: Final = 79


def _text(
    variant: Variant, card: list[tuple[str, list[tuple[Statement, bool]]]], summary: str
) -> str:
    title = _title(variant)
    lines = [title, "=" * len(title), ""]
    if variant.description:
        lines += [*textwrap.wrap(variant.description, _WIDTH), ""]
    lines += [*textwrap.wrap(summary, _WIDTH), ""]
    for heading, items in card:
        lines += [heading, "-" * len(heading)]
        for statement, marked in items:
            text = (_MARK["text"] if marked else "") + statement.text
            lines += [
                line.replace(_GLUE, " ")
                for line in textwrap.wrap(
                    text,
                    _WIDTH,
                    initial_indent="* ",
                    subsequent_indent="  ",
                    break_long_words=False,
                    break_on_hyphens=False,
                )
            ]
        lines.append("")
    return "\n".join(lines)


_RENDER: Final[
    Mapping[str, Callable[[Variant, list[tuple[str, list[tuple[Statement, bool]]]], str], str]]
] = {
    "markdown": _markdown,
    "text": _text,
}


def rules_cards() -> dict[str, str]:
    """The Markdown rules card of every bundled variant, as ``{"NAME.md": text}``: the pages
    of ``docs/variants/``."""
    from spadeslib.loader import bundled_variants, load_variant

    return {f"{name}.md": explain(load_variant(name)) for name in bundled_variants()}


def write_rules_cards(directory: str | Path) -> list[Path]:
    """Write :func:`rules_cards` into ``directory`` (created if need be); return the paths.

    For the docs build: ``python -m spadeslib.explain docs/variants`` does the same.
    """
    target = Path(directory)
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for filename, text in rules_cards().items():
        path = target / filename
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    import sys

    for written_path in write_rules_cards(sys.argv[1] if len(sys.argv) > 1 else "docs/variants"):
        print(written_path)
