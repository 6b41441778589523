"""The card's play section: the first lead, following suit, winning a trick, and when
spades may be led.

The spade-lead rule (``play.spade_lead``) is dispatched by its ``kind``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Final

from spadeslib.cards import RANKS
from spadeslib.explain.facts import extra_spades, leftover_count, pack
from spadeslib.explain.words import Statement, card_words, cards_that, ordinal, say

if TYPE_CHECKING:
    from spadeslib.variant import Variant

__all__ = ["play_section"]

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
    cards_in_play, elevated = pack(v), set(v.deck.elevated)
    clubs = [rank for rank in RANKS if rank + "C" in cards_in_play and rank + "C" not in elevated]
    return card_words(clubs[0] + "C") if clubs else "lowest club"


def play_section(v: Variant) -> Iterator[Statement]:
    play = v.play
    if play.first_lead == "lowest_club":
        where = " when it is dealt" if leftover_count(v) else ""
        yield say(
            f"The holder of the lowest club in play (the {_lowest_club(v)}{where}) leads "
            "it to the first trick.",
            "play.first_lead",
            "play.first_trick",
        )
    else:
        two_handed = play.first_lead == "dealer_left" and v.table.players == 2
        lead = _FIRST_LEAD["non_dealer" if two_handed else play.first_lead]
        first_trick = play.first_trick
        if first_trick == "any" and play.spade_lead.kind != "any_time":
            # the spade-lead rule keeps spades from the first lead as no_spade_lead would
            first_trick = "no_spade_lead"
        yield say(
            lead + _FIRST_TRICK[first_trick],
            "play.first_lead",
            "play.first_trick",
        )
    if play.first_trick == "no_spades":
        yield say(
            "No spade may be played to the first trick, even by a player void in the suit "
            "led, unless they hold nothing but spades.",
            "play.first_trick",
        )
    yield say(
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
    extra = extra_spades(v)
    if not extra:
        return ""
    return f" {cards_that(extra, 'breaks', 'break')} spades like any spade."


def _when_broken(v: Variant) -> Statement:
    return say(
        f'Spades may not be led {_BREAKS[v.play.breaking]} ("broken"), unless the '
        "leader holds nothing but spades." + _breaking_note(v),
        "play.spade_lead",
        "play.breaking",
    )


def _any_time(v: Variant) -> Statement:
    when = "at any time" if v.play.first_trick == "any" else "from the second trick on"
    return say(f"Spades may be led {when}: they need not be broken.", "play.spade_lead")


def _after_tricks(v: Variant) -> Statement:
    rule = v.play.spade_lead
    assert rule.kind == "after_tricks"
    n = rule.tricks
    first = "first trick" if n == 1 else f"first {n} tricks"
    return say(
        f"Spades may not be led in the {first} unless broken "
        f"({_BREAKS[v.play.breaking].removeprefix('until ')}) or the leader holds "
        f"nothing but spades; from the {ordinal(n + 1)} trick on any card may be led."
        + _breaking_note(v),
        "play.spade_lead",
        "play.breaking",
    )


def _only_spades_left(v: Variant) -> Statement:
    return say(
        "Spades are never broken: a spade may be led only by a player holding nothing but spades.",
        "play.spade_lead",
    )


_SPADE_LEAD: Final[Mapping[str, Callable[[Variant], Statement]]] = {
    "when_broken": _when_broken,
    "any_time": _any_time,
    "after_tricks": _after_tricks,
    "only_spades_left": _only_spades_left,
}
