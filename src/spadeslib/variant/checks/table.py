"""The checks of the table, the deck, the deal, passing and the play: that pairs sit at a
table that has them, that the deck is well formed and divides among the players, that a
rule of the deal or the play names cards and tricks that exist."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spadeslib.cards import Card
from spadeslib.errors import counted
from spadeslib.variant.checks.base import Clash, Found

if TYPE_CHECKING:
    from spadeslib.variant.root import Variant

__all__ = ["check_deal", "check_deck", "check_passing", "check_play", "check_table", "deck_cards"]

_DECK = ("deck.packs", "deck.jokers", "deck.remove")
"""The keys that decide how many cards the deck has."""

_BUNDLED_FOR = {2: "two-handed", 3: "cutthroat", 6: "six-handed"}
"""The bundled variant made for each number of players other than four: the usual fix
for a table of six on a 52-card deck is to start from it (tests keep it true)."""


def deck_cards(variant: Variant) -> list[str]:
    """Names of the cards of one pack, after removals and with the jokers added."""
    removed = set(variant.deck.remove)
    names = [str(Card(code)) for code in range(52)]
    return [name for name in names if name not in removed] + list(variant.deck.jokers)


def check_table(v: Variant) -> Found:
    players, kind = v.table.players, v.table.partnerships
    if kind == "pairs" and players not in (4, 6):
        yield Clash(
            "table.partnerships",
            f"pairs need 4 or 6 players, not {players}; use 'none' for {players} players",
            "table.players",
        )
    if kind == "trios" and players != 6:
        yield Clash("table.partnerships", f"trios need 6 players, not {players}", "table.players")
    first = v.deal.first_dealer
    if isinstance(first, int) and first >= players:
        yield Clash(
            "deal.first_dealer",
            f"seat {first} does not exist with {players} players",
            "table.players",
        )


def check_deck(v: Variant) -> Found:
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
            yield Clash(
                "deck.elevated",
                f"{card} is elevated but also removed in deck.remove",
                "deck.remove",
            )
        elif Card.parse(card).is_joker and card not in deck.jokers:
            yield Clash(
                "deck.elevated",
                f"{card} is elevated but not in the deck; add it to deck.jokers",
                "deck.jokers",
            )
    for joker in deck.jokers:
        if joker not in deck.elevated:
            yield Clash(
                "deck.jokers",
                f"joker {joker} has no rank; list it in deck.elevated "
                "(highest first, like [BJ, LJ])",
                "deck.elevated",
            )


def check_deal(v: Variant) -> Found:
    size, players, hand = v.deck.size(), v.table.players, v.deal.hand_size
    dealt = players * hand
    leftover = v.deal.leftover.kind
    if v.deal.method.kind == "draw_and_discard":
        if players != 2:
            yield Clash(
                "deal.method",
                f"the draw-and-discard deal is for 2 players, not {players}",
                "table.players",
            )
        elif size != 2 * dealt:
            yield Clash(
                "deal.hand_size",
                f"the draw-and-discard deal needs a deck of twice the "
                f"cards held ({2 * dealt}), but the deck has {size}",
                *_DECK,
                "deal.method",
            )
        if leftover != "none":
            yield Clash(
                "deal.leftover",
                "the draw-and-discard deal discards half the deck; it has no left-over cards",
                "deal.method",
            )
        if v.deal.french_cut:
            yield Clash(
                "deal.french_cut",
                "the French cut gives one card to each hand before it is dealt; the "
                "draw-and-discard deal deals no hands (set french_cut: false)",
                "deal.method",
            )
        return
    dividing = ("deal.hand_size", "table.players", *_DECK)
    if dealt > size:
        yield Clash(
            "deal.hand_size",
            f"{players} hands of {hand} need {dealt} cards but the deck has {size}; "
            + _fitting(v, size),
            *dividing[1:],
        )
    elif dealt == size and leftover != "none":
        yield Clash(
            "deal.leftover",
            f"the {size} cards divide exactly into {players} hands of "
            f"{hand}; there are no left-over cards for '{leftover}'",
            *dividing,
        )
    elif dealt < size and leftover == "none":
        yield Clash(
            "deal.leftover",
            f"{size} cards make {players} hands of {hand} with "
            f"{size - dealt} left over; say what happens to them (kind: kitty, widow "
            "or mitchell), or remove cards in deck.remove",
            *dividing,
        )
    if leftover == "mitchell" and (
        size - dealt != 2 or v.table.partnerships != "pairs" or players != 4
    ):
        yield Clash(
            "deal.leftover",
            "Mitchell's rule is for four players in pairs with two left-over cards",
            *dividing,
            "table.partnerships",
        )
    kitty = v.deal.leftover
    if kitty.kind == "kitty" and kitty.to == "two_of_clubs" and "2C" not in deck_cards(v):
        yield Clash("deal.leftover.to", "the 2 of clubs is not in the deck", *_DECK)


def _fitting(v: Variant, size: int) -> str:
    """What to write for a deck too small for the hands: the bundled variant for the
    number of players, or hands that fit."""
    players = v.table.players
    fit = size // players
    left = size - fit * players
    text = f"deal {counted(fit, 'card')} a hand (deal.hand_size: {fit}"
    if left:
        text += f", and say in deal.leftover what happens to the {left} left over"
    text += ")"
    bundled = _BUNDLED_FOR.get(players)
    if bundled is not None and v.name != bundled:
        text = f"start from the variant for {players} players (extends: {bundled}), or " + text
    return text


def check_passing(v: Variant) -> Found:
    # Its own check, not part of check_deal: the two-handed deal returns early there, and
    # passing must be refused for it too (the engine has no partner to pass to).
    cards, hand = v.passing.cards, v.deal.hand_size
    if cards:
        if v.table.partnerships != "pairs":
            yield Clash(
                "passing.cards",
                "passing is to partner; it needs partnerships of pairs",
                "table.partnerships",
                "table.players",
            )
        if cards > hand:
            yield Clash(
                "passing.cards",
                f"cannot pass {cards} cards from a hand of {hand}",
                "deal.hand_size",
            )


def check_play(v: Variant) -> Found:
    if v.play.first_lead == "lowest_club" and not any(
        name.endswith("C") for name in deck_cards(v) if name not in v.deck.elevated
    ):
        yield Clash("play.first_lead", "there are no clubs in the deck", *_DECK, "deck.elevated")
    spade_lead = v.play.spade_lead
    if spade_lead.kind == "after_tricks" and spade_lead.tricks >= v.deal.hand_size:
        yield Clash(
            "play.spade_lead.tricks",
            f"{spade_lead.tricks} covers every trick of a {v.deal.hand_size}-card hand",
            "deal.hand_size",
        )
