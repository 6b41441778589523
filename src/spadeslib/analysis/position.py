"""A position of the play, every hand seen: what a double-dummy solver starts from.

:func:`position_of` reads it from a :class:`~spadeslib.Game` through its public methods
(each seat's :meth:`~spadeslib.Game.hand`, the seat to play's observation), so the solver
depends on no field of the engine's state. Cards are the compiled deck's bits; with two
packs each copy of a face goes to the first holder that needs one (the copies are the same
card to the rules, so which one a hand holds changes nothing).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from spadeslib.errors import ArgumentError

if TYPE_CHECKING:
    from spadeslib.cards import Card
    from spadeslib.compiler.rules import Rules
    from spadeslib.engine.game import Game

__all__ = ["Position", "position_of"]


@dataclass(frozen=True, slots=True)
class Position:
    """The cards left in each hand, the trick so far and the rules' state of the play."""

    rules: Rules
    hands: tuple[int, ...]
    """Each seat's cards, a mask of the compiled deck's bits."""
    leader: int
    trick: tuple[int, ...]
    """The current trick's cards in play order (bits)."""
    broken: bool
    trick_number: int
    """Tricks finished before this one in the deal."""
    must_lead: int
    """The cards the first lead must be (``play.first_lead: lowest_club``), else 0."""

    @property
    def actor(self) -> int:
        """The seat to play."""
        return (self.leader + len(self.trick)) % self.rules.players

    def legal(self) -> int:
        """The legal cards of the seat to play, by the compiled rules."""
        return self.rules.allowed(
            self.hands[self.actor], self.trick, self.broken, self.trick_number, self.must_lead
        )

    def after(self, bit: int) -> tuple[Position, int]:
        """The position after the seat to play plays ``bit``, and the seat that won the
        trick it ends (-1 if it ends none)."""
        rules = self.rules
        actor = self.actor
        hands = list(self.hands)
        hands[actor] &= ~(1 << bit)
        trick = (*self.trick, bit)
        led = rules.suit_of[trick[0]]
        broken = self.broken or rules.breaks_spades(bit, led)
        if len(trick) < rules.players:
            position = Position(
                rules, tuple(hands), self.leader, trick, broken, self.trick_number, self.must_lead
            )
            return position, -1
        winner = (self.leader + rules.trick_winner(trick)) % rules.players
        position = Position(rules, tuple(hands), winner, (), broken, self.trick_number + 1, 0)
        return position, winner


def _bits(rules: Rules, cards: Iterable[Card], taken: int) -> tuple[int, int]:
    """The mask of ``cards`` using copies not in ``taken``; and ``taken`` with them."""
    mask = 0
    for card in cards:
        for bit in rules.card_bits(card):
            if not taken >> bit & 1:
                mask |= 1 << bit
                taken |= 1 << bit
                break
    return mask, taken


def position_of(game: Game) -> Position:
    """The position of ``game``'s play now; raise :class:`~spadeslib.errors.ArgumentError`
    when the game is not in its play phase (a solver answers only for the play)."""
    phase = game.phase
    if phase != "play":
        raise ArgumentError(
            f"double-dummy analysis needs a game in its play phase, and this one is in "
            f"{phase!r}: {game.describe()}"
        )
    rules = game.variant.compile()
    actor = game.current_player_id()
    seen = game.observation(actor)
    taken = 0
    trick: list[int] = []
    for _, card in seen.trick:
        bit, taken = _bits(rules, (card,), taken)
        trick.append(bit.bit_length() - 1)
    hands = []
    for seat in range(rules.players):
        hand, taken = _bits(rules, game.hand(seat), taken)
        hands.append(hand)
    leader = seen.trick[0][0] if seen.trick else actor
    trick_number = len(seen.tricks)
    must_lead = rules.first_lead_mask(hands) if trick_number == 0 and not trick else 0
    return Position(
        rules, tuple(hands), leader, tuple(trick), seen.spades_broken, trick_number, must_lead
    )
