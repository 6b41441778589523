"""What one connection is shown: :func:`state_message`, the only way a message carries
anything about the game.

Every ``state`` message, to a seat or a spectator, is built here from the game and the
receiver's seat (boardgame.io's ``playerView``): a seat sees its
:class:`~spadeslib.engine.Observation`, a spectator the observation of a seat with every
private field emptied, and nothing else reads the game's hidden state unless the table was
made with its hands open. The leak tests (``tests/test_server_leaks.py``) play whole games
through this function for every seat and a spectator.
"""

from __future__ import annotations

import dataclasses
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules
    from spadeslib.engine import DealResult, Game, Observation

__all__ = ["PROTOCOL", "TableFacts", "deck_entries", "state_message"]

PROTOCOL: Final = 1
"""The protocol's version (docs/protocol.md); a change that breaks a client bumps it."""

_PRIVATE: Final[dict[str, Any]] = {
    "seat": None,
    "hand": None,
    "passed": [],
    "received": [],
    "given": [],
    "discarded": [],
    "top_card": None,
    "legal_actions": [],
}
"""The observation's fields that belong to its seat alone, as a spectator sees them."""


@dataclass(frozen=True, slots=True)
class TableFacts:
    """What a state message says about the table rather than the game: public, the same
    for every receiver."""

    table: str
    seq: int
    seats: tuple[dict[str, Any], ...]
    clock: dict[str, Any] | None
    open_hands: bool
    deal_ended: bool

    @property
    def record_url(self) -> str:
        return f"/api/tables/{self.table}/record"


def deck_entries(rules: Rules) -> list[dict[str, Any]]:
    """The variant's cards in layout order: each one's text, the suit it follows and its
    strength within that suit (kept with the rules: :meth:`Rules.derived`)."""
    return [
        {"card": str(card), "suit": rules.effective_suit(card), "strength": rules.strength_of(card)}
        for card in rules.deck
    ]


_HISTORIES: OrderedDict[int, tuple[tuple[DealResult, ...], list[dict[str, Any]]]] = OrderedDict()
"""The finished deals as data, by the game's history (a tuple the engine replaces when a
deal ends): the same for every seat, and the biggest part of a message, so made once."""
_KEEP: Final = 4096


def _history(observation: Observation) -> list[dict[str, Any]]:
    history = observation.history
    kept = _HISTORIES.get(id(history))
    if kept is not None and kept[0] is history:
        _HISTORIES.move_to_end(id(history))
        return kept[1]
    data: list[dict[str, Any]] = observation.to_dict()["history"]
    _HISTORIES[id(history)] = (history, data)
    while len(_HISTORIES) > _KEEP:
        _HISTORIES.popitem(last=False)
    return data


def state_message(game: Game, seat: int | None, facts: TableFacts) -> dict[str, Any]:
    """The ``state`` message for ``seat`` (``None``: a spectator) at this moment."""
    rules = game.variant.compile()
    observer = 0 if seat is None else seat
    seen = game.observation(observer)
    observation = dataclasses.replace(seen, history=()).to_dict()
    observation["history"] = _history(seen)
    if seat is None:
        observation.update(_PRIVATE)
    legal = list(observation["legal_actions"]) if seat is not None else []
    history = observation["history"]
    last_deal = None
    if history:
        last_deal = dict(history[-1])
        last_deal["lines"] = (last_deal["text"] or "").splitlines()
    hands = None
    if facts.open_hands:
        hands = [[str(card) for card in game.hand(s)] for s in range(len(facts.seats))]
    return {
        "type": "state",
        "protocol": PROTOCOL,
        "table": facts.table,
        "seq": facts.seq,
        "seat": seat,
        "observation": observation,
        "legal": legal,
        "status": game.describe(),
        "variant": {"name": game.variant.name, "description": game.variant.description},
        "seats": [dict(entry) for entry in facts.seats],
        "deck": rules.derived(deck_entries),
        "clock": None if facts.clock is None else dict(facts.clock),
        "hands": hands,
        "open_hands": facts.open_hands,
        "deal_ended": facts.deal_ended,
        "last_deal": last_deal,
        "over": game.is_over,
        "record_url": facts.record_url,
    }
