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
first leader in :mod:`~spadeslib.compiler.leaders`, seats and the order of the auction in
:mod:`~spadeslib.compiler.seats`, a deal's phases in :mod:`~spadeslib.compiler.phases` and
the scoring values in :mod:`~spadeslib.compiler.scoring`. Their functions are bound here
as methods, so a call costs no more than a method call.

Everything the engine and the scoring read about a variant is built here once, when the
variant is compiled: the tables are public fields, and nothing outside the compiler reads
a private one. A variant compiles once while its rules are kept (as pydantic keeps a
model's validator on its class): the compiler keeps the rules of the
:data:`~spadeslib.compiler.cache.RULES_KEPT` variants used most recently, and any in use,
and equal variants share one (:mod:`spadeslib.compiler.cache`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar, cast

from spadeslib.cards import Card, parse_cards
from spadeslib.compiler import deal_positions as _deal_positions
from spadeslib.compiler import follow as _follow
from spadeslib.compiler import leaders as _leaders
from spadeslib.compiler import tricks as _tricks
from spadeslib.compiler.bidding import relevance as _relevance
from spadeslib.compiler.cache import RULES
from spadeslib.compiler.kernel import kernel_of
from spadeslib.compiler.layout import SPADES, SUIT_LETTERS, Layout, build_layout, why_absent
from spadeslib.compiler.phases import Phase, deal_phases, first_round_only, following_phases
from spadeslib.compiler.scoring import Settings, read_settings
from spadeslib.compiler.seats import build_seats
from spadeslib.errors import CardNotInDeckError
from spadeslib.variant.root import Variant

if TYPE_CHECKING:
    from spadeslib._native import Kernel
    from spadeslib.compiler.action_ids import ActionSpace

__all__ = ["Rules", "StrengthTable", "compile_rules"]

T = TypeVar("T")


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


@dataclass(frozen=True, slots=True, repr=False, eq=False, weakref_slot=True)
class Rules:
    """The compiled rules of one variant: its deck as bits and the functions of play.

    Build it with :meth:`Variant.compile() <spadeslib.variant.Variant.compile>` (cached:
    :mod:`spadeslib.compiler.cache`).
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
    side_masks: tuple[int, ...]
    """The mask of each side's seats."""
    bidding_orders: tuple[tuple[int, ...], ...]
    """For each dealer, every seat in bidding order (``bidding.form.first``), clockwise."""
    captains: tuple[tuple[int, ...], ...]
    """For each dealer, the first seat of each side in bidding order: who decides for a
    team, sides in the order they bid."""
    bid_turns: tuple[tuple[tuple[str, int, int], ...], ...]
    """For each dealer, the first round's turns, as the engine steps through them
    (:attr:`Seats.bid_turns <spadeslib.compiler.seats.Seats.bid_turns>`)."""
    look_orders: tuple[tuple[int, ...], ...]
    """For each dealer, the order the engine settles who may still bid blind in, captains
    first (:attr:`Seats.look_orders <spadeslib.compiler.seats.Seats.look_orders>`)."""

    # Facts about the variant the engine asks on every deal or every bid, worked out once
    # here: reading them through the pydantic model costs a chain of attribute lookups.
    everyone: int
    """The mask of every seat (``(1 << players) - 1``)."""
    copies: tuple[tuple[int, ...], ...]
    """For each bit, the bits of its face, one per pack (``card_bits`` of its card)."""
    cut_cards: int
    """Cards the French cut turns up (one per player); 0 without the cut."""
    dealt_per_hand: int
    """Cards each hand receives from the round-robin deal itself (0 when the players draw
    their hands, as two-handed Spades does)."""
    deal_positions: tuple[_deal_positions.Positions, ...]
    """For each dealer, where the seeded deal puts each position of the shuffled order
    (:data:`spadeslib.compiler.deal_positions.Positions`)."""
    first_copies: int | None
    """The mask of every face's first copy when each face is two neighbouring bits (two
    packs: the deal then settles the copies with a few mask operations a hand); ``None``
    otherwise."""
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
    face_cards: int
    """The printed kings, queens and jacks: what a misdeal's ``no_face_cards`` looks for."""
    first_deal_bids_itself: bool
    """``bidding.first_deal_bids_itself``: no auction in the first deal."""
    first_round_only: bool
    """The auction is its first round, with nothing the native auction cannot play
    (:func:`spadeslib.compiler.phases.first_round_only`)."""
    relevant: _relevance.Relevant
    """What the legal bids depend on (:class:`spadeslib.compiler.bidding.Relevant`)."""
    phases: tuple[Phase, ...]
    """The phases of a deal, in order (:func:`spadeslib.compiler.phases.deal_phases`)."""
    after: dict[Phase, tuple[Phase, ...]]
    """For each phase of a deal, and for :attr:`Phase.DEAL` (its start), the phases that
    follow it."""
    scoring: Settings
    """The scoring values (:mod:`spadeslib.compiler.scoring`)."""
    score_memo: dict[Any, Any]
    """What a side scores in each situation met so far, kept by
    :mod:`spadeslib.scoring.numbers` (the rules are immutable; this is their memo)."""

    # The tables of the play: what legal plays and trick winners are made of. The native
    # kernel reads exactly these (and the fields above), so a rule of play is a table
    # here, never code written twice.
    non_trumps: int
    """Every card that is not a trump."""
    winner_keys: tuple[tuple[int, ...], ...]
    """For each effective suit led, each bit's key to win the trick (0: cannot win; see
    :mod:`spadeslib.compiler.tricks`)."""
    later_wins: bool
    """Two packs and ``deck.identical_cards: later_wins``: of two identical cards the one
    played later wins (equal keys go to the later card)."""
    beats: tuple[int, ...]
    """For each bit, the cards of its effective suit that beat it when played after it."""
    breaking: tuple[int, int, int, int]
    """For each effective suit led, the cards whose play breaks spades."""
    void_rule: str
    """``play.void``: what a player who cannot follow must play (``free``,
    ``must_trump``, ``must_overtrump``, ``screamer``)."""
    first_no_lead: bool
    """No trump may be led to the first trick (unless the leader holds only trumps)."""
    first_no_spades: bool
    """No trump may be played to the first trick at all (unless holding only trumps)."""
    lead_free_from: int
    """The trick (from 0) from which trumps may be led whatever happened: 0 for any time,
    ``play.spade_lead.tricks`` for ``after_tricks``, :data:`~spadeslib.compiler.follow.NEVER`
    otherwise."""
    broken_frees: bool
    """Breaking spades lets trumps be led (every ``play.spade_lead`` but
    ``only_spades_left``)."""
    first_lead: str
    """``play.first_lead``: who leads to the first trick."""
    face_mask: tuple[int, ...]
    """For each bit, the mask of its face's copies (the bit itself with one pack)."""
    canonical: tuple[int, ...]
    """For each bit, its face's first copy: the id of the play of that face."""
    order: tuple[int, ...]
    """Each bit's place in an order of all cards from low to high: every trump above
    every plain card, then by strength inside its own suit (a 9 of hearts above a 7 of
    clubs), then by bit. "Its lowest card" and "its highest card" mean this order."""
    above: tuple[int, ...]
    """For each bit, the cards of its effective suit with a stronger face."""

    _bits_of: dict[Card, tuple[int, ...]]
    _void: _follow.VoidRule
    _first_leader: _leaders.FirstLeader
    _kernel: list[Kernel]
    _actions: list[ActionSpace]
    _derived: dict[Callable[[Rules], object], object]

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

    @property
    def actions(self) -> ActionSpace:
        """Every action's int id (:class:`~spadeslib.compiler.action_ids.ActionSpace`),
        built on first use and kept."""
        kept = self._actions
        if not kept:
            from spadeslib.compiler.action_ids import ActionSpace

            kept.append(ActionSpace(self))
        return kept[0]

    @property
    def kernel(self) -> Kernel | None:
        """These tables for the native core (a ``spadeslib._native.Kernel``), or ``None``
        when Python plays (:func:`spadeslib.backend`). Built on first use."""
        return kernel_of(self)

    def derived(self, build: Callable[[Rules], T]) -> T:
        """``build(self)``, made on first use and kept with these rules.

        The home of the per-variant tables a step above the compiler makes for itself
        (the bots' tables, the engine's tensor layouts), which the compiler cannot build
        without importing that step: like the tables built here, they are made once and
        live as long as the rules, so they are bounded with them
        (:mod:`spadeslib.compiler.cache`). ``build`` is the key: pass the same
        module-level function every time.
        """
        kept = self._derived
        try:
            return cast(T, kept[build])
        except KeyError:
            made = kept[build] = build(self)
            return made

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


def compile_rules(variant: Variant) -> Rules:
    """The compiled rules of ``variant``: built on its first compilation and kept while
    they are among the :data:`~spadeslib.compiler.cache.RULES_KEPT` used most recently,
    or in use; asking again for the same variant object is a dict lookup, and equal
    variants share one :class:`Rules` (:mod:`spadeslib.compiler.cache`)."""
    return RULES.find(variant) or RULES.keep(variant, _compile(variant))


def _compile(variant: Variant) -> Rules:
    """Compile ``variant``."""
    layout: Layout = build_layout(variant.deck)
    play = variant.play
    seats = build_seats(variant)
    later_wins = variant.deck.identical_cards == "later_wins"
    first_no_lead, first_no_spades, lead_free_from, broken_frees = _follow.lead_flags(play)
    trump_mask = layout.suit_masks[SPADES]
    bits_of = layout.bits_of
    deck_model = variant.deck
    draws = variant.deal.method.kind == "draw_and_discard"
    phases = deal_phases(variant)
    after = following_phases(phases)

    def strength(card: Card | str) -> int:
        face = _card(card)
        bits = bits_of.get(face)
        if bits is None:
            raise CardNotInDeckError(why_absent(deck_model, face))
        return layout.strengths[bits[0]]

    suit_of, strengths = layout.suit_of, layout.strengths
    copies = tuple(bits_of[card] for card in layout.deck)
    size = len(layout.deck)
    players = variant.table.players
    cut = players if variant.deal.french_cut else 0
    per_hand = 0 if draws else variant.deal.hand_size - int(variant.deal.french_cut)

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
        sides=seats.sides,
        side_of=seats.side_of,
        partner_of=seats.partner_of,
        side_masks=seats.side_masks,
        bidding_orders=seats.bidding_orders,
        captains=seats.captains,
        bid_turns=seats.bid_turns,
        look_orders=seats.look_orders,
        everyone=(1 << variant.table.players) - 1,
        copies=copies,
        cut_cards=cut,
        dealt_per_hand=per_hand,
        deal_positions=_deal_positions.positions(players, size, cut, per_hand),
        first_copies=_deal_positions.first_copies(copies),
        draws=draws,
        partnership=variant.bidding.form.kind == "partnership",
        blind_bids=variant.bidding.blind_nil.enabled or variant.bidding.blind.enabled,
        misdeals=bool(variant.misdeal.conditions),
        face_cards=sum(1 << bit for bit, card in enumerate(layout.deck) if card.rank in "KQJ"),
        first_deal_bids_itself=variant.bidding.first_deal_bids_itself,
        first_round_only=first_round_only(variant, after),
        relevant=_relevance.relevant(variant),
        phases=phases,
        after=after,
        scoring=read_settings(variant),
        score_memo={},
        non_trumps=layout.full_mask & ~trump_mask,
        winner_keys=_tricks.winner_tables(layout),
        later_wins=later_wins and variant.deck.packs == 2,
        beats=_tricks.beats_tables(layout, later_wins=later_wins),
        breaking=_tricks.breaking_masks(layout, play.breaking),
        void_rule=play.void,
        first_no_lead=first_no_lead,
        first_no_spades=first_no_spades,
        lead_free_from=lead_free_from,
        broken_frees=broken_frees,
        first_lead=play.first_lead,
        face_mask=tuple(sum(1 << copy for copy in copies[bit]) for bit in range(size)),
        canonical=tuple(copies[bit][0] for bit in range(size)),
        order=tuple(
            ((suit_of[bit] == SPADES) << 16) | (strengths[bit] << 8) | bit for bit in range(size)
        ),
        above=tuple(
            sum(
                1 << other
                for other in range(size)
                if suit_of[other] == suit_of[bit] and strengths[other] > strengths[bit]
            )
            for bit in range(size)
        ),
        _bits_of=bits_of,
        _void=_follow.VOID_RULES[play.void],
        _first_leader=_leaders.FIRST_LEADERS[play.first_lead],
        _kernel=[],
        _actions=[],
        _derived={},
    )
