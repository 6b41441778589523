"""What one seat knows, read from its :class:`~spadeslib.engine.Observation` into masks.

A bot never sees the game's state: everything here comes from the observation (its own
hand, the cards played, the cards it passed, gave or discarded, the bids) and from the
rules of play, which are public. From the tricks it also infers who is void in which suit
(a player who did not follow the suit led holds none of it: every variant makes a player
follow suit when able).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from spadeslib.cards import Card
from spadeslib.compiler import Rules
from spadeslib.engine import Observation

__all__ = ["Knowledge", "bit_of", "read"]


@dataclass(frozen=True, slots=True)
class Knowledge:
    """One seat's knowledge of the deal being played, as masks (see the module docstring)."""

    rules: Rules
    seat: int
    hand: int
    """The seat's cards (0 before it has looked)."""
    played: int
    """Every card played this deal: the finished tricks and the current trick."""
    unknown: int
    """The cards the seat cannot place: in another hand or out of play (a widow, a kitty,
    the other player's discards)."""
    known: tuple[int, ...]
    """Per seat, cards known to be in that seat's hand (what this seat passed or gave to
    its partner and has not seen played); the seat's own entry is its hand."""
    counts: tuple[int, ...]
    """Per seat, the number of cards it holds now."""
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


def read(observation: Observation, rules: Rules) -> Knowledge:
    """The :class:`Knowledge` in ``observation`` (an observation of a game of ``rules``)."""
    players = rules.players
    seat = observation.seat
    hand = rules.mask_of(observation.hand) if observation.hand else 0
    used = hand
    played = 0
    played_by = [0] * players
    voids = [0] * players
    suit_of = rules.suit_of
    for leader, cards in observation.tricks:
        led = -1
        for index, card in enumerate(cards):
            bit = bit_of(rules, card, used)
            used |= 1 << bit
            played |= 1 << bit
            who = (leader + index) % players
            played_by[who] += 1
            if index == 0:
                led = suit_of[bit]
            elif suit_of[bit] != led:
                voids[who] |= 1 << led
    trick: list[int] = []
    for who, card in observation.trick:
        bit = bit_of(rules, card, used)
        used |= 1 << bit
        played |= 1 << bit
        played_by[who] += 1
        if trick and suit_of[bit] != suit_of[trick[0]]:
            voids[who] |= 1 << suit_of[trick[0]]
        trick.append(bit)
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
    if partner is not None:
        passing_done = observation.phase not in ("passing", "blind", "cut", "draw")
        shown = _mask(rules, observation.given, placed) if observation.given else 0
        if observation.passed and passing_done:
            shown |= _mask(rules, observation.passed, placed | shown)
        known[partner] = shown & ~placed
    out = _mask(rules, observation.discarded, placed) if observation.discarded else 0
    unknown = rules.full_mask & ~hand & ~played & ~out
    for other in range(players):
        if other != seat:
            unknown &= ~known[other]
    size = rules.hand_size
    counts = [max(size - played_by[other], 0) for other in range(players)]
    counts[seat] = hand.bit_count()
    nils = 0
    for other, bid in enumerate(observation.bids):
        if bid in ("nil", "blind nil"):
            nils |= 1 << other
    return Knowledge(
        rules=rules,
        seat=seat,
        hand=hand,
        played=played,
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
    )
