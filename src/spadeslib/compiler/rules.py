"""`Rules`: the compiled, immutable, fast form of a variant.

>>> from spadeslib.variant import Variant
>>> nyc = Variant.model_validate({"name": "nyc", "deck": {
...     "jokers": ["BJ", "LJ"], "remove": ["2C", "2H"], "elevated": ["BJ", "LJ", "2D", "2S"]}})
>>> rules = nyc.compile()
>>> rules
<Rules 'nyc' 52 cards>
>>> " ".join(str(card) for card in rules.trump_order()[:6])
'BJ LJ 2D 2S AS KS'
>>> rules.effective_suit("2D"), rules.strength("BJ") > rules.strength("AS")
('S', True)
>>> nyc.compile() is rules
True

The layout of the bits is :mod:`spadeslib.compiler.layout`'s job; legal plays are in
:mod:`~spadeslib.compiler.follow`, trick winners in :mod:`~spadeslib.compiler.tricks`, the
first leader in :mod:`~spadeslib.compiler.leaders`. Their functions are bound here as
methods, so a call costs no more than a method call.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from spadeslib.cards import Card, parse_cards
from spadeslib.compiler import follow as _follow
from spadeslib.compiler import leaders as _leaders
from spadeslib.compiler import tricks as _tricks
from spadeslib.compiler.bidding import relevance as _relevance
from spadeslib.compiler.errors import CardNotInDeckError
from spadeslib.compiler.layout import SPADES, SUIT_LETTERS, Layout, build_layout, why_absent
from spadeslib.variant.root import Variant

__all__ = ["Rules", "StrengthTable", "compile_rules"]


class StrengthTable(tuple[int, ...]):
    """Each bit's strength inside its effective suit (``table[bit]``), which can also be
    asked about a card (``table(card)``, the same as :meth:`Rules.strength_of`)."""

    _lookup: Callable[[Card | str], int]

    def __new__(
        cls, strengths: Iterable[int], lookup: Callable[[Card | str], int]
    ) -> StrengthTable:
        table = super().__new__(cls, strengths)
        table._lookup = lookup
        return table

    def __call__(self, card: Card | str) -> int:
        return self._lookup(card)


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Rules:
    """The compiled rules of one variant: its deck as bits and the functions of play.

    Build it with :meth:`Variant.compile() <spadeslib.variant.Variant.compile>` (cached).
    Hands, tricks' cards and sets of cards are int masks over bits ``0 .. size-1``; the
    bits are grouped by effective suit (0 trumps, 1 hearts, 2 diamonds, 3 clubs) and rise
    in strength inside each group, with the trumps on top.
    """

    variant: Variant
    """The variant these rules were compiled from."""
    deck: tuple[Card, ...]
    """The card at each bit."""
    size: int
    """The number of cards (bits)."""
    packs: int
    """1, or 2 when every face is there twice."""
    full_mask: int
    """Every bit of the deck."""
    suit_masks: tuple[int, int, int, int]
    """The mask of each effective suit: 0 spades (trumps), 1 hearts, 2 diamonds, 3 clubs."""
    trump_mask: int
    """The trumps: ``suit_masks[0]``."""
    suit_of: tuple[int, ...]
    """The effective suit index of each bit."""
    strengths: tuple[int, ...]
    """Each bit's strength inside its effective suit (0 = its lowest face); copies of one
    face share a strength."""
    strength: StrengthTable
    """The same table as ``strengths``; call it with a card for that card's strength."""
    players: int
    """The number of seats."""
    hand_size: int
    """Cards each player holds for the play."""
    sides: tuple[tuple[int, ...], ...]
    """The seats of each side, sides ordered by their lowest seat."""
    side_of: tuple[int, ...]
    """The side index of each seat."""
    partner_of: tuple[int | None, ...]
    """The partner of each seat with partnerships of pairs; ``None`` otherwise."""

    # Facts about the variant the engine asks on every deal or every bid, worked out once
    # here: reading them through the pydantic model costs a chain of attribute lookups.
    everyone: int
    """The mask of every seat (``(1 << players) - 1``)."""
    side_masks: tuple[int, ...]
    """The mask of each side's seats."""
    copies: tuple[tuple[int, ...], ...]
    """For each bit, the bits of its face, one per pack (``card_bits`` of its card)."""
    cut_cards: int
    """Cards the French cut turns up (one per player); 0 without the cut."""
    dealt_per_hand: int
    """Cards each hand receives from the round-robin deal itself (0 when the players draw
    their hands, as two-handed Spades does)."""
    draws: bool
    """The players draw their hands (``deal.method`` ``draw_and_discard``): no blind
    decisions, each player has seen cards before the auction."""
    partnership: bool
    """The first round of the auction is one team bid per side (``bidding.form``
    ``partnership``)."""
    blind_bids: bool
    """Blind Nil or blind bids are played: some seat may have to decide before looking."""
    misdeals: bool
    """Some hand may call a misdeal (``misdeal.conditions`` is not empty)."""
    first_deal_bids_itself: bool
    """``bidding.first_deal_bids_itself``: no auction in the first deal."""
    relevant: _relevance.Relevant
    """What the legal bids depend on (:class:`spadeslib.compiler.bidding.Relevant`)."""

    _bits_of: dict[Card, tuple[int, ...]]
    _non_trumps: int
    _winner_keys: tuple[tuple[int, ...], ...]
    _later_wins: bool
    _beats: tuple[int, ...]
    _breaking: tuple[int, int, int, int]
    _void_rule: _follow.VoidRule
    _first_no_lead: bool
    _first_no_spades: bool
    _lead_free_from: int
    _broken_frees: bool
    _first_lead: str
    _first_leader: _leaders.FirstLeader

    # The hot path: plain functions of their modules, bound here as methods.
    legal_plays = _follow.legal_plays
    allowed = _follow.allowed
    trick_winner = _tricks.trick_winner
    beating_mask = _tricks.beating_mask
    breaks_spades = _tricks.breaks_spades
    first_lead_card = _leaders.first_lead_card
    first_lead_mask = _leaders.first_lead_mask
    first_leader = _leaders.first_leader

    def __repr__(self) -> str:
        return f"<Rules {self.variant.name!r} {self.size} cards>"

    def __reduce__(self) -> tuple[Callable[[Variant], Rules], tuple[Variant]]:
        # Pickled as its variant: unpickling compiles it again (or finds it in the cache).
        return (compile_rules, (self.variant,))

    # -- cards and masks ---------------------------------------------------------------

    def has_card(self, card: Card | str) -> bool:
        """Whether the deck holds ``card``."""
        return _card(card) in self._bits_of

    def card_bits(self, card: Card | str) -> tuple[int, ...]:
        """The bits of ``card``, one per pack; raise :class:`CardNotInDeckError` if the
        deck does not hold it."""
        face = _card(card)
        bits = self._bits_of.get(face)
        if bits is None:
            raise CardNotInDeckError(why_absent(self.variant.deck, face))
        return bits

    def mask_of(self, cards: Iterable[Card | str] | str) -> int:
        """The mask of ``cards`` (cards, names, or one string like ``"AS KH 2C"``).

        With two packs a card named twice takes both copies; naming a card more times than
        the deck holds it raises :class:`CardNotInDeckError`, as does a card not in the deck.
        """
        if isinstance(cards, str):
            cards = parse_cards(cards)
        mask = 0
        for item in cards:
            bits = self.card_bits(item)
            for bit in bits:
                if not mask >> bit & 1:
                    mask |= 1 << bit
                    break
            else:
                copies = "once" if len(bits) == 1 else f"{len(bits)} times"
                raise CardNotInDeckError(
                    f"{_card(item)} is named {len(bits) + 1} times, but the deck holds it "
                    f"only {copies}"
                )
        return mask

    def bits_in(self, mask: int) -> list[int]:
        """The bits set in ``mask``, lowest first."""
        self._check_mask(mask)
        bits = []
        while mask:
            low = mask & -mask
            bits.append(low.bit_length() - 1)
            mask ^= low
        return bits

    def cards_of(self, mask: int) -> list[Card]:
        """The cards of ``mask`` in bit order (clubs first, trumps last, rising)."""
        deck = self.deck
        return [deck[bit] for bit in self.bits_in(mask)]

    def _check_mask(self, mask: int) -> None:
        if mask < 0 or mask >> self.size:
            raise CardNotInDeckError(f"mask {mask:#x} has bits outside this {self.size}-card deck")

    # -- ranking -------------------------------------------------------------------------

    def effective_suit(self, card: Card | str) -> str:
        """The suit ``card`` follows: ``S`` for every trump (jokers, elevated cards), else
        its printed suit."""
        return SUIT_LETTERS[self.suit_of[self.card_bits(card)[0]]]

    def strength_of(self, card: Card | str) -> int:
        """The strength of ``card`` inside its effective suit: higher beats lower."""
        return self.strengths[self.card_bits(card)[0]]

    def trump_order(self) -> list[Card]:
        """The trumps, highest first, each face once (``BJ LJ 2D 2S AS KS .. 3S`` in NYC)."""
        order: list[Card] = []
        for bit in reversed(self.bits_in(self.trump_mask)):
            if not order or order[-1] != self.deck[bit]:
                order.append(self.deck[bit])
        return order

    def suit_order(self, suit: int | str) -> list[Card]:
        """The faces of one effective suit (an index or a letter), highest first."""
        index = SUIT_LETTERS.index(suit) if isinstance(suit, str) else suit
        order: list[Card] = []
        for bit in reversed(self.bits_in(self.suit_masks[index])):
            if not order or order[-1] != self.deck[bit]:
                order.append(self.deck[bit])
        return order


def _card(card: Card | str) -> Card:
    return card if isinstance(card, Card) else Card.parse(card)


def _partners(variant: Variant) -> tuple[int | None, ...]:
    players = variant.table.players
    if variant.table.partnerships != "pairs":
        return (None,) * players
    half = players // 2
    return tuple((seat + half) % players for seat in range(players))


@functools.lru_cache(maxsize=256)
def compile_rules(variant: Variant) -> Rules:
    """Compile ``variant`` once; equal variants share one :class:`Rules`."""
    layout: Layout = build_layout(variant.deck)
    play = variant.play
    sides = variant.table.sides()
    side_of = [0] * variant.table.players
    for index, seats in enumerate(sides):
        for seat in seats:
            side_of[seat] = index
    later_wins = variant.deck.identical_cards == "later_wins"
    first_no_lead, first_no_spades, lead_free_from, broken_frees = _follow.lead_flags(play)
    trump_mask = layout.suit_masks[SPADES]
    bits_of = layout.bits_of
    deck_model = variant.deck
    draws = variant.deal.method.kind == "draw_and_discard"

    def strength(card: Card | str) -> int:
        face = _card(card)
        bits = bits_of.get(face)
        if bits is None:
            raise CardNotInDeckError(why_absent(deck_model, face))
        return layout.strengths[bits[0]]

    return Rules(
        variant=variant,
        deck=layout.deck,
        size=len(layout.deck),
        packs=variant.deck.packs,
        full_mask=layout.full_mask,
        suit_masks=layout.suit_masks,
        trump_mask=trump_mask,
        suit_of=layout.suit_of,
        strengths=layout.strengths,
        strength=StrengthTable(layout.strengths, strength),
        players=variant.table.players,
        hand_size=variant.deal.hand_size,
        sides=sides,
        side_of=tuple(side_of),
        partner_of=_partners(variant),
        everyone=(1 << variant.table.players) - 1,
        side_masks=tuple(sum(1 << seat for seat in seats) for seats in sides),
        copies=tuple(bits_of[card] for card in layout.deck),
        cut_cards=variant.table.players if variant.deal.french_cut else 0,
        dealt_per_hand=0 if draws else variant.deal.hand_size - int(variant.deal.french_cut),
        draws=draws,
        partnership=variant.bidding.form.kind == "partnership",
        blind_bids=variant.bidding.blind_nil.enabled or variant.bidding.blind.enabled,
        misdeals=bool(variant.misdeal.conditions),
        first_deal_bids_itself=variant.bidding.first_deal_bids_itself,
        relevant=_relevance.relevant(variant),
        _bits_of=bits_of,
        _non_trumps=layout.full_mask & ~trump_mask,
        _winner_keys=_tricks.winner_tables(layout),
        _later_wins=later_wins and variant.deck.packs == 2,
        _beats=_tricks.beats_tables(layout, later_wins=later_wins),
        _breaking=_tricks.breaking_masks(layout, play.breaking),
        _void_rule=_follow.VOID_RULES[play.void],
        _first_no_lead=first_no_lead,
        _first_no_spades=first_no_spades,
        _lead_free_from=lead_free_from,
        _broken_frees=broken_frees,
        _first_lead=play.first_lead,
        _first_leader=_leaders.FIRST_LEADERS[play.first_lead],
    )
