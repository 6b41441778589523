"""The card's section on the cards: the pack, how the suits rank, the trumps."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from spadeslib.cards import RANKS, SUITS
from spadeslib.explain.facts import extra_spades, pack, suit_ranks
from spadeslib.explain.words import (
    GLUE,
    RANK_WORDS,
    SUIT_NAMES,
    Statement,
    cap,
    card_words,
    cards,
    cards_that,
    listing,
    say,
)

if TYPE_CHECKING:
    from spadeslib.variant import Variant

__all__ = ["deck_section", "trump_order", "trump_order_from_deck"]


def trump_order_from_deck(variant: Variant) -> list[str]:
    """The trumps worked out from ``deck`` alone, as a check on the compiler's order."""
    elevated = list(variant.deck.elevated)
    cards_in_play = pack(variant)
    natural = [
        rank + "S"
        for rank in reversed(RANKS)
        if rank + "S" in cards_in_play and rank + "S" not in elevated
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
        return trump_order_from_deck(variant)
    names = [str(card) for card in order]
    return list(dict.fromkeys(names))


def deck_section(v: Variant) -> Iterator[Statement]:
    deck = v.deck
    about_deck = ("deck.packs", "deck.jokers", "deck.remove")
    packs = "a standard pack" if deck.packs == 1 else "two standard packs shuffled together"
    if not deck.jokers and not deck.remove:
        text = (
            f"A standard {deck.size()}-card pack."
            if deck.packs == 1
            else f"{deck.size()} cards: two standard packs shuffled together."
        )
    else:
        text = f"{deck.size()} cards: {packs}"
        if deck.jokers:
            jokers = listing(f"the {card_words(j)}" for j in sorted(deck.jokers))
            text += f" plus {jokers}" + (" in each" if deck.packs == 2 else "")
        if deck.remove:
            text += f", without {cards(deck.remove)}" + (" of each" if deck.packs == 2 else "")
        text += "."
    yield say(text, *about_deck)

    about_rank = ("deck.remove", "deck.elevated")
    groups: dict[tuple[str, ...], list[str]] = {}
    for suit in SUITS[1:]:
        groups.setdefault(tuple(suit_ranks(v, suit)), []).append(SUIT_NAMES[suit])
    if (
        len(groups) == 1
        and len(next(iter(groups))) == 13
        and suit_ranks(v, "S") == list(reversed(RANKS))
    ):
        yield say(
            "In every suit the cards rank "
            + GLUE.join(RANK_WORDS.get(r, r) for r in reversed(RANKS))
            + " (ace high).",
            *about_rank,
        )
    else:
        parts = [
            f"{listing(names)} rank " + GLUE.join(RANK_WORDS.get(r, r) for r in ranks)
            for ranks, names in groups.items()
        ]
        yield say(cap("; ".join(parts)) + " (ace high).", *about_rank)

    order = trump_order(v)
    text = "Spades are always trumps. Trumps, highest first: "
    text += ", ".join(card_words(name) for name in order) + "."
    if deck.packs == 2:
        text += " There are two of each."
    yield say(text, "deck.packs", "deck.jokers", "deck.remove", "deck.elevated")
    extra = extra_spades(v)
    if extra:
        yield say(
            f"{cards_that(extra, 'counts', 'count')} as spades for following suit, leading and "
            "breaking spades.",
            "deck.elevated",
        )
    if deck.packs == 2:
        which = "later" if deck.identical_cards == "later_wins" else "earlier"
        yield say(
            f"When two identical cards fall in one trick, the {which} one beats the other.",
            "deck.identical_cards",
        )
