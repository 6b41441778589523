"""What one seat knows, read from its :class:`~spadeslib.engine.Observation` into masks.

A bot (and :mod:`spadeslib.engine.search.determinize`) never sees the game's state: everything
here comes from the observation (its own
hand, the cards played, the cards it passed, gave or discarded, the bids) and from the
rules of play, which are public. From the tricks it also infers who is void in which suit
(a player who did not follow the suit led holds none of it: every variant makes a player
follow suit when able).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from spadeslib.cards import Card
from spadeslib.compiler.follow import allowed
from spadeslib.compiler.phases import Phase
from spadeslib.compiler.rules import Rules
from spadeslib.engine.views.observation import Observation

__all__ = ["Knowledge", "bit_of", "read"]


@dataclass(frozen=True, slots=True)
class Knowledge:
    """One seat's knowledge of the deal being played, as masks (see the module docstring)."""

    rules: Rules
    seat: int
    hand: int
    """The seat's cards (0 before it has looked)."""
    looked: bool
    """Whether the seat has looked at its cards (its hand is known to it)."""
    played: int
    """Every card played this deal: the finished tricks and the current trick."""
    played_by: tuple[int, ...]
    """Per seat, the cards it played this deal (with :attr:`known`, what is known of the
    hand it was dealt: what the Expert weighs a seat's bid against)."""
    unknown: int
    """The cards the seat cannot place: in another hand or out of play (a widow, a kitty,
    the other player's discards)."""
    known: tuple[int, ...]
    """Per seat, cards known to be in that seat's hand (what this seat passed or gave to
    its partner and has not seen played); the seat's own entry is its hand."""
    counts: tuple[int, ...]
    """Per seat, the number of cards it holds now (public: the observation's
    ``hand_sizes``)."""
    voids: tuple[int, ...]
    """Per seat, the effective suits (bit ``1 << suit``) it has shown it does not hold."""
    trick: tuple[int, ...]
    """The current trick's bits, in play order."""
    leader: int
    """Who led (or leads) the current trick."""
    trick_number: int
    broken: bool
    tricks: tuple[int, ...]
    """Tricks won per seat this deal."""
    nils: int
    """The seats that bid Nil or Blind Nil (a mask of seats)."""
    with_partner_or_out: int = 0
    """Cards this seat passed to its partner, not seen since, that the partner may have
    discarded face down: each is in the partner's hand or out of play, never in another
    hand (among :attr:`unknown`)."""


def bit_of(rules: Rules, card: Card, used: int) -> int:
    """The bit of ``card`` not in ``used`` (with two packs, the copy not yet placed)."""
    bits = rules.card_bits(card)
    for bit in bits:
        if not used >> bit & 1:
            return bit
    return bits[0]


def _mask(rules: Rules, cards: Iterable[Card], used: int) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << bit_of(rules, card, used | mask)
    return mask


def _shown_voids(rules: Rules, bit: int, trick: list[int], broken: bool, number: int) -> int:
    """The suits (bits ``1 << suit``) a player showed it lacks by playing ``bit`` to
    ``trick``: each suit whose lowest card, held beside it, would have made the play
    illegal (following suit, and whatever else the variant's play rules demand: trumping
    when void, leading a trump only when allowed)."""
    suit_of = rules.suit_of
    mine = suit_of[bit]
    shown = 0
    for suit in range(4):
        if suit == mine:
            continue
        cards = rules.suit_masks[suit] & ~(1 << bit)
        if not cards:
            continue
        low = cards & -cards
        hand = (1 << bit) | low
        if not allowed(rules, hand, trick, broken, number, 0) >> bit & 1:
            shown |= 1 << suit
    return shown


def _still_held(
    rules: Rules, shown: int, played: int, placed: int, received: Iterable[Card]
) -> int:
    """The cards of ``shown`` (given to a partner) it still holds, as far as can be told:
    those it has not played. With two packs a face's copies are alike: as many copies as
    were given and neither played nor given back (among the cards ``received`` from it)
    of that face, on bits no other card takes."""
    if rules.packs == 1:
        return shown & ~placed
    face_mask = rules.face_mask
    back = [face_mask[bit_of(rules, card, 0)] for card in received]
    out = 0
    seen = 0
    while shown:
        low = shown & -shown
        face = face_mask[low.bit_length() - 1]
        count = (shown & face).bit_count() - (played & face).bit_count() - back.count(face)
        shown &= ~face
        free = face & ~placed & ~seen
        seen |= face
        while count > 0 and free:
            first = free & -free
            out |= first
            free ^= first
            count -= 1
    return out


_BEFORE_ANY_DISCARD = frozenset({"cut", "draw", "passing", "blind"})
"""The phases before the pass is over (a blind decision comes before a seat's first pass)."""
_BEFORE_LATE_DISCARD = _BEFORE_ANY_DISCARD | {"bidding", "raise"}
"""The phases before the left-over cards are taken after the bidding."""
_LATE_DISCARDS = frozenset({Phase.MITCHELL, Phase.KITTY_AFTER})


def _may_have_discarded(rules: Rules, observation: Observation, partner: int) -> bool:
    """Whether ``partner`` may have discarded, face down, cards this seat passed it: the
    left-over cards are taken and discarded after the pass (Mitchell's, or a kitty
    discarded after the bidding), that has begun, and the taker is not known to be another
    seat (a kitty to the dealer is; the holder of the 2 of clubs, or Mitchell's split, may
    be the partner). The partner then holds at least some of them, but which is unknown:
    none is known to be held (counting them all made more known cards than the hand
    held, issue 27)."""
    if _LATE_DISCARDS.isdisjoint(rules.phases) or observation.phase in _BEFORE_LATE_DISCARD:
        return False
    leftover = rules.variant.deal.leftover
    by_dealer = leftover.kind == "kitty" and leftover.to == "dealer"
    return not (by_dealer and observation.dealer != partner)


def read(observation: Observation, rules: Rules) -> Knowledge:
    """The :class:`Knowledge` in ``observation`` (an observation of a game of ``rules``)."""
    players = rules.players
    seat = observation.seat
    hand = rules.mask_of(observation.hand) if observation.hand else 0
    used = hand
    played = 0
    voids = [0] * players
    played_by = [0] * players
    broken = False
    tricks = [*observation.tricks]
    if observation.trick:
        tricks.append((observation.trick[0][0], tuple(card for _, card in observation.trick)))
    trick: list[int] = []
    for number, (leader, cards) in enumerate(tricks):
        trick = []
        for index, card in enumerate(cards):
            bit = bit_of(rules, card, used)
            used |= 1 << bit
            played |= 1 << bit
            who = (leader + index) % players
            played_by[who] |= 1 << bit
            voids[who] |= _shown_voids(rules, bit, trick, broken, number)
            if rules.breaking[rules.suit_of[trick[0] if trick else bit]] >> bit & 1:
                broken = True
            trick.append(bit)
    if len(trick) == players:  # the last trick is finished: no trick is being played
        trick = []
    if observation.trick:
        leader = observation.trick[0][0]
    elif observation.phase == "play" and observation.current_player is not None:
        leader = observation.current_player
    else:
        leader = -1
    known = [0] * players
    known[seat] = hand
    partner = rules.partner_of[seat]
    placed = hand | played
    unsure = 0
    if partner is not None:
        passing_done = observation.phase not in _BEFORE_ANY_DISCARD
        shown = _mask(rules, observation.given, placed) if observation.given else 0
        received = observation.received
        if observation.passed and passing_done:
            passed = _mask(rules, observation.passed, placed | shown)
            if _may_have_discarded(rules, observation, partner):
                unsure = _still_held(rules, passed, played_by[partner], placed, received)
            else:
                shown |= passed
        known[partner] = _still_held(rules, shown, played_by[partner], placed, received)
        unsure &= ~known[partner]
    out = _mask(rules, observation.discarded, placed) if observation.discarded else 0
    if observation.top_card is not None:  # the top of the stock, seen: in no hand
        out |= 1 << bit_of(rules, observation.top_card, placed | out)
    unknown = rules.full_mask & ~hand & ~played & ~out
    for other in range(players):
        if other != seat:
            unknown &= ~known[other]
    counts = list(observation.hand_sizes)
    nils = 0
    for other, bid in enumerate(observation.bids):
        if bid in ("nil", "blind nil"):
            nils |= 1 << other
    return Knowledge(
        rules=rules,
        seat=seat,
        hand=hand,
        looked=observation.hand is not None,
        played=played,
        played_by=tuple(played_by),
        unknown=unknown,
        known=tuple(known),
        counts=tuple(counts),
        voids=tuple(voids),
        trick=tuple(trick),
        leader=leader,
        trick_number=len(observation.tricks),
        broken=observation.spades_broken,
        tricks=tuple(observation.tricks_won),
        nils=nils,
        with_partner_or_out=unsure,
    )
