"""A played game reviewed card by card with every hand seen (``spadeslib analyze``).

For each card played, the tricks its side lost by it: the double-dummy value of the best
card in that position less the value of the card played (0 for a best card). A later
mistake by the other side can give the tricks back; each card is judged against best
play from its own position, as bridge reviews do.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from spadeslib.analysis.position import Position, position_of
from spadeslib.analysis.solve import card_values, check_seconds, side_seats
from spadeslib.compiler.action_text import Action
from spadeslib.compiler.kernel import kernel_of
from spadeslib.engine.game import Game
from spadeslib.errors import ArgumentError, SearchTimeout

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules

__all__ = ["REFERENCE_CARDS", "CardReview", "DealReview", "first_reviewable", "review_record"]

REFERENCE_CARDS: Final = 5
"""The most cards in hand a review starts from where the native core is not built: the
reference solver (a plain minimax in Python) reviews the last five tricks of a deal in
under a second, six in some ten, a whole deal in hours."""


def first_reviewable(rules: Rules, from_trick: int) -> int:
    """The first trick a review asked to start at ``from_trick`` starts at here: that one
    with the native solver, else no earlier than the last :data:`REFERENCE_CARDS` tricks
    (the callers say so, rather than seem to hang)."""
    if kernel_of(rules) is not None:
        return from_trick
    return max(from_trick, rules.hand_size - REFERENCE_CARDS + 1)


@dataclass(frozen=True, slots=True)
class CardReview:
    """One card played, and what it cost its side."""

    trick: int
    """1 for the deal's first trick."""
    seat: int
    card: str
    tricks: int
    """Its side's tricks from there with this card, best play after it."""
    best: int
    """The same with the best card."""

    @property
    def lost(self) -> int:
        return self.best - self.tricks


@dataclass(frozen=True, slots=True)
class DealReview:
    """One deal: its double-dummy result at the first lead, and every card's review."""

    deal: int
    """1 for the game's first deal."""
    leader: int
    """The seat that led the first trick reviewed."""
    first_lead: dict[str, int]
    """Each legal first lead's tricks for the leader's side (at the first trick
    reviewed: the deal's first unless asked to start later)."""
    sides: tuple[int, ...]
    """Each seat's side."""
    taken: tuple[int, ...]
    """The tricks each seat took in the deal as played."""
    cards: tuple[CardReview, ...]

    def lost_by(self, seat: int) -> tuple[CardReview, ...]:
        """``seat``'s cards that cost a trick or more."""
        return tuple(card for card in self.cards if card.seat == seat and card.lost)

    def as_dict(self) -> dict[str, Any]:
        """The review as JSON-ready data; ``seats`` sums it up per seat (the cards that
        cost a trick or more, and how many in all), as people read it first."""
        return {
            "deal": self.deal,
            "leader": self.leader,
            "first_lead": self.first_lead,
            "double_dummy": max(self.first_lead.values()),
            "taken": list(self.taken),
            "cards": [
                {
                    "trick": card.trick,
                    "seat": card.seat,
                    "card": card.card,
                    "tricks": card.tricks,
                    "best": card.best,
                    "lost": card.lost,
                }
                for card in self.cards
            ],
            "seats": [
                {
                    "seat": seat,
                    "lost": sum(card.lost for card in lost),
                    "cards": [
                        {"trick": card.trick, "card": card.card, "lost": card.lost} for card in lost
                    ],
                }
                for seat, lost in enumerate(map(self.lost_by, range(len(self.taken))))
            ],
        }


def _review_card(
    game: Game, action: Action, from_trick: int, seconds: float | None
) -> tuple[CardReview, dict[str, int], Position] | None:
    """The review of ``action`` (a card) about to be played, with every legal card's
    value and the position; ``None`` before trick ``from_trick``. ``seconds``: the time
    left for it."""
    position = position_of(game)
    if position.trick_number + 1 < from_trick:
        return None
    side = side_seats(position, position.actor)
    deck = position.rules.deck
    card = str(action.cards[0])
    focus = 0  # the first lead reviewed: every card's value; later, the card and the best
    if position.trick or position.trick_number + 1 > from_trick:
        focus = sum(1 << bit for bit in position.rules.card_bits(card))
    found = card_values(position, side, side, focus=focus, seconds=seconds)
    values = {str(deck[bit]): v for bit, v in found.items()}
    review = CardReview(
        position.trick_number + 1, position.actor, card, values[card], max(values.values())
    )
    return review, values, position


def actions_of(record: object) -> tuple[Game, list[Action]]:
    """The game of ``record`` at its start, and its actions in order. Raise
    :class:`~spadeslib.errors.RecordError` if the record is not valid."""
    game = Game.replay(record)
    actions: list[Action] = []
    while True:  # back to the start (Game.undo), which keeps the record's deals to come
        try:
            actions.append(game.undo())
        except ArgumentError:
            break
    actions.reverse()
    return game, actions


def review_record(
    record: object,
    *,
    deals: set[int] | None = None,
    from_trick: int = 1,
    progress: Callable[[int], None] | None = None,
    seconds: float | None = None,
) -> list[DealReview]:
    """Every finished deal of ``record`` (game record data, as :meth:`Game.record
    <spadeslib.Game.record>` makes) reviewed; only the deals numbered in ``deals`` (1
    for the first) when given, and the cards from trick ``from_trick`` on (1 for every
    card; a later trick costs less). Raise :class:`~spadeslib.errors.RecordError` if the
    record is not valid, :class:`~spadeslib.errors.SearchTimeout` if the whole review
    takes longer than ``seconds`` (``None``: no limit)."""
    check_seconds(seconds)
    deadline = None if seconds is None else time.monotonic() + seconds
    game, actions = actions_of(record)
    reviews: list[DealReview] = []
    number = 1
    cards: list[CardReview] = []
    first: dict[str, int] = {}
    leader = -1
    for action in actions:
        wanted = deals is None or number in deals
        if wanted and action.kind == "play" and game.phase == "play":
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                raise SearchTimeout(f"the review did not finish within {seconds:g} seconds")
            review = _review_card(game, action, from_trick, left)
            if review is not None:
                card, values, position = review
                if not first and not position.trick:
                    first, leader = values, position.actor
                cards.append(card)
        deal_before = len(game.deal_history)
        game.apply(action)
        if len(game.deal_history) > deal_before:
            if wanted and cards:
                result = game.deal_history[-1]
                rules = game.variant.compile()
                reviews.append(
                    DealReview(
                        number,
                        leader,
                        first,
                        tuple(rules.side_of),
                        tuple(result.tricks),
                        tuple(cards),
                    )
                )
                if progress is not None:
                    progress(number)
            number += 1
            cards, first, leader = [], {}, -1
    return reviews
