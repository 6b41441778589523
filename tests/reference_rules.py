"""A slow, obviously correct reference for the play rules, read straight off the spec.

It works on lists of :class:`Card` and on the :class:`Variant` itself: no bits, no masks,
no tables. The compiled rules (:mod:`spadeslib.compiler`) are checked against it by
property tests. Keep it plain: every function should read like the rule it encodes.
"""

from __future__ import annotations

from spadeslib.cards import RANKS, SUITS, Card
from spadeslib.variant import Variant


def deck(variant: Variant) -> list[Card]:
    """Every card in play: each pack is the 52 cards minus the removed plus the jokers."""
    one_pack = [
        Card.parse(rank + suit)
        for suit in SUITS
        for rank in RANKS
        if rank + suit not in variant.deck.remove
    ] + [Card.parse(joker) for joker in variant.deck.jokers]
    return one_pack * variant.deck.packs


def is_elevated(variant: Variant, card: Card) -> bool:
    return str(card) in variant.deck.elevated


def effective_suit(variant: Variant, card: Card) -> str:
    """Jokers and elevated cards follow spades; every other card its printed suit."""
    if card.is_joker or is_elevated(variant, card):
        return "S"
    return card.suit


def is_trump(variant: Variant, card: Card) -> bool:
    return effective_suit(variant, card) == "S"


def power(variant: Variant, card: Card) -> int:
    """Higher beats lower within an effective suit: elevated cards above the ace in the
    order listed (first listed highest), every other card by its rank, A high."""
    if is_elevated(variant, card):
        position = variant.deck.elevated.index(str(card))
        return 100 + len(variant.deck.elevated) - position
    return RANKS.index(card.rank)


def trump_order(variant: Variant) -> list[Card]:
    """The distinct trumps, highest first."""
    trumps = {card for card in deck(variant) if is_trump(variant, card)}
    return sorted(trumps, key=lambda card: power(variant, card), reverse=True)


def beats(variant: Variant, card: Card, winner: Card) -> bool:
    """Whether ``card``, played after ``winner`` (the card winning the trick so far), takes
    the lead: a trump beats a plain card; within one effective suit, higher power wins; of
    two identical cards, the later wins unless the variant says the earlier does."""
    if is_trump(variant, card) and not is_trump(variant, winner):
        return True
    if effective_suit(variant, card) != effective_suit(variant, winner):
        return False
    if card == winner:
        return variant.deck.identical_cards == "later_wins"
    return power(variant, card) > power(variant, winner)


def trick_winner(variant: Variant, trick: list[Card]) -> int:
    """The index of the card winning ``trick`` (cards in play order)."""
    winner = 0
    for index in range(1, len(trick)):
        if beats(variant, trick[index], trick[winner]):
            winner = index
    return winner


def legal_plays(
    variant: Variant,
    hand: list[Card],
    trick: list[Card],
    *,
    broken: bool,
    trick_number: int,
    must_lead: Card | None = None,
) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (the cards in ``hand`` order,
    identical cards listed as often as held)."""
    play = variant.play
    trumps = [card for card in hand if is_trump(variant, card)]
    others = [card for card in hand if not is_trump(variant, card)]

    if trick:
        led = effective_suit(variant, trick[0])
        following = [card for card in hand if effective_suit(variant, card) == led]
        if following:
            return following
        if trick_number == 0 and play.first_trick == "no_spades" and others:
            return others
        if play.void == "free":
            return hand
        if play.void == "must_trump":
            return trumps or hand
        if play.void == "screamer":
            return others or hand
        if play.void == "must_overtrump":
            if not trumps:
                return hand
            winning = trick[trick_winner(variant, trick)]
            if is_trump(variant, winning):
                higher = [card for card in trumps if beats(variant, card, winning)]
                return higher or trumps
            return trumps
        raise AssertionError(play.void)

    if must_lead is not None and must_lead in hand:
        return [card for card in hand if card == must_lead]
    no_trump_lead = False
    if trick_number == 0 and play.first_trick in ("no_spade_lead", "no_spades"):
        no_trump_lead = True
    lead = play.spade_lead
    if lead.kind == "when_broken" and not broken:
        no_trump_lead = True
    if lead.kind == "after_tricks" and trick_number < lead.tricks and not broken:
        no_trump_lead = True
    if lead.kind == "only_spades_left":
        no_trump_lead = True
    if no_trump_lead and others:
        return others
    return hand


def breaks_spades(variant: Variant, card: Card, led: Card) -> bool:
    """Whether playing ``card`` to a trick led by ``led`` breaks spades."""
    if not is_trump(variant, card):
        return False
    if variant.play.breaking == "any_spade":
        return True
    return not is_trump(variant, led)


def lowest_club(variant: Variant, hands: list[list[Card]]) -> tuple[int, Card] | None:
    """The seat holding the lowest club (by effective suit) and that club."""
    held = [
        (power(variant, card), seat, card)
        for seat, hand in enumerate(hands)
        for card in hand
        if effective_suit(variant, card) == "C"
    ]
    if not held:
        return None
    _, seat, card = min(held, key=lambda item: item[0])
    return seat, card


def first_leader(
    variant: Variant, dealer: int, hands: list[list[Card]], bids: list[int] | None = None
) -> int:
    """The seat that leads to the first trick."""
    players = variant.table.players
    rule = variant.play.first_lead
    if rule == "dealer":
        return dealer
    if rule == "lowest_club":
        found = lowest_club(variant, hands)
        if found is not None:
            return found[0]
    if rule == "highest_bidder":
        assert bids is not None
        order = [(dealer + step) % players for step in range(1, players + 1)]
        top = max(bids)
        return next(seat for seat in order if bids[seat] == top)
    return (dealer + 1) % players
