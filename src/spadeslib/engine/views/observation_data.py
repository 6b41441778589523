"""An :class:`~spadeslib.engine.views.observation.Observation` as data: a JSON-ready dict and
back, for a client user interface, a log or another process.

The dict has one key per field, in the field's plain form: cards as their text (``"AS"``),
actions as their text (``"bid 4"``, the legal actions a client offers its player), seats
and sides as ints, ``None`` as ``null``. A finished deal of ``history`` is an object with
its number, dealer, bids, contracts, blind flags, tricks, hands, widow, scores and bags,
and its score as each side's points and the explanation's text. Reading checks every
key and value and raises :class:`~spadeslib.errors.RecordError` saying where; reading
back gives an equal observation (a deal's full score object is not rebuilt: its
``score`` is ``None``, and the equality of deals does not look at it).

>>> from spadeslib.engine import Game
>>> observation = Game("standard", seed=7, dealer=0).observation(1)
>>> data = observation.to_dict()
>>> data["phase"], data["hand"][:3], data["legal_actions"][:2]
('bidding', ['6C', '8C', 'JC'], ['nil', 'bid 1'])
>>> type(observation).from_json(observation.to_json()) == observation
True
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from spadeslib.cards import Card
from spadeslib.compiler.action_text import Action
from spadeslib.compiler.bids import BLIND_NIL, NIL, NO_BID
from spadeslib.engine.core.results import DealResult
from spadeslib.errors import ActionParseError, CardParseError, RecordError

if TYPE_CHECKING:
    from spadeslib.engine.views.observation import Observation

__all__ = ["observation_from_dict", "observation_to_dict"]


def _cards(cards: Any) -> list[str] | None:
    return None if cards is None else [str(card) for card in cards]


def _deal(deal: DealResult) -> dict[str, Any]:
    score = deal.score
    return {
        "number": deal.number,
        "dealer": deal.dealer,
        "bids": list(deal.bids),
        "contracts": list(deal.contracts),
        "blind": list(deal.blind),
        "tricks": list(deal.tricks),
        "hands": [_cards(hand) for hand in deal.hands],
        "widow": _cards(deal.widow),
        "scores": list(deal.scores),
        "bags": list(deal.bags),
        "points": None if score is None else [side.total for side in score.sides],
        "text": None if score is None else score.text(),
    }


_WRITE: dict[str, Callable[[Any], Any]] = {
    "hand": _cards,
    "trick": lambda trick: [[seat, str(card)] for seat, card in trick],
    "tricks": lambda tricks: [[leader, _cards(cards)] for leader, cards in tricks],
    "passed": _cards,
    "received": _cards,
    "given": _cards,
    "discarded": _cards,
    "top_card": lambda card: None if card is None else str(card),
    "cut": _cards,
    "cut_given": _cards,
    "legal_actions": lambda actions: [str(action) for action in actions],
    "history": lambda history: [_deal(deal) for deal in history],
}


def observation_to_dict(observation: Observation) -> dict[str, Any]:
    """``observation`` as a JSON-ready dict (see the module docstring)."""
    out: dict[str, Any] = {}
    for field in dataclasses.fields(observation):
        if field.name not in _READ:  # the rules: the variant's, not the observation's data
            continue
        value = getattr(observation, field.name)
        write = _WRITE.get(field.name)
        out[field.name] = (
            write(value) if write else list(value) if isinstance(value, tuple) else value
        )
    return out


# -- reading ---------------------------------------------------------------------------------


def _fail(where: str, expected: str, value: object) -> RecordError:
    return RecordError(f"observation.{where}: expected {expected}, got {value!r}")


def _int(value: object, where: str, *, none: bool = False) -> Any:
    if none and value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise _fail(where, "an int" + (" or null" if none else ""), value)
    return value


def _bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(where, "true or false", value)
    return value


def _str(value: object, where: str) -> str:
    if not isinstance(value, str):
        raise _fail(where, "a string", value)
    return value


def _list(value: object, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(where, "a list", value)
    return value


def _card(value: object, where: str) -> Card:
    try:
        return Card.parse(_str(value, where))
    except CardParseError as error:
        raise RecordError(f"observation.{where}: {error}") from None


def _card_list(value: object, where: str, *, none: bool = False) -> Any:
    if none and value is None:
        return None
    return tuple(_card(item, f"{where}[{i}]") for i, item in enumerate(_list(value, where)))


def _ints(value: object, where: str, *, none: bool = False) -> tuple[Any, ...]:
    return tuple(
        _int(item, f"{where}[{i}]", none=none) for i, item in enumerate(_list(value, where))
    )


def _pair(value: object, where: str) -> list[Any]:
    items = _list(value, where)
    if len(items) != 2:
        raise _fail(where, "a pair", value)
    return items


_BIDS = {"nil": NIL, "blind nil": BLIND_NIL, "-": NO_BID}


def _bid(value: object, where: str) -> int:
    text = _str(value, where)
    if text in _BIDS:
        return _BIDS[text]
    if text.isdigit():
        return int(text)
    raise _fail(where, "a bid like '4', 'nil', 'blind nil' or '-'", value)


def _read_deal(value: object, where: str) -> DealResult:
    if not isinstance(value, dict):
        raise _fail(where, "an object", value)
    keys = set(_deal_keys())
    if set(value) != keys:
        raise _fail(where, f"the keys {sorted(keys)}", sorted(value))
    hands = [_card_list(hand, f"{where}.hands[{i}]") for i, hand in enumerate(value["hands"])]
    deck: list[Card] = []
    masks = []
    for hand in hands:
        mask = 0
        for card in hand:
            mask |= 1 << len(deck)
            deck.append(card)
        masks.append(mask)
    return DealResult(
        number=_int(value["number"], f"{where}.number"),
        dealer=_int(value["dealer"], f"{where}.dealer"),
        bids=tuple(
            _bid(b, f"{where}.bids[{i}]")
            for i, b in enumerate(_list(value["bids"], f"{where}.bids"))
        ),
        contracts=_ints(value["contracts"], f"{where}.contracts", none=True),
        blind=tuple(
            _bool(b, f"{where}.blind[{i}]")
            for i, b in enumerate(_list(value["blind"], f"{where}.blind"))
        ),
        tricks=_ints(value["tricks"], f"{where}.tricks"),
        hands=tuple(masks),
        deck=tuple(deck),
        widow=_card_list(value["widow"], f"{where}.widow"),
        scores=_ints(value["scores"], f"{where}.scores"),
        bags=_ints(value["bags"], f"{where}.bags"),
        score=None,
    )


def _deal_keys() -> list[str]:
    return [
        "number", "dealer", "bids", "contracts", "blind", "tricks", "hands", "widow",
        "scores", "bags", "points", "text",
    ]  # fmt: skip


def _action(value: object, where: str) -> Action:
    try:
        return Action.parse(_str(value, where))
    except ActionParseError as error:
        raise RecordError(f"observation.{where}: {error}") from None


_READ: dict[str, Callable[[Any, str], Any]] = {
    "seat": _int,
    "phase": _str,
    "current_player": lambda v, w: _int(v, w, none=True),
    "dealer": _int,
    "deal_number": _int,
    "hand": lambda v, w: _card_list(v, w, none=True),
    "hand_sizes": _ints,
    "bids": lambda v, w: tuple(_str(b, f"{w}[{i}]") for i, b in enumerate(_list(v, w))),
    "contracts": lambda v, w: _ints(v, w, none=True),
    "blind": lambda v, w: tuple(_bool(b, f"{w}[{i}]") for i, b in enumerate(_list(v, w))),
    "tricks_won": _ints,
    "trick": lambda v, w: tuple(
        (_int(p[0], f"{w}[{i}][0]"), _card(p[1], f"{w}[{i}][1]"))
        for i, p in enumerate(_pair(item, f"{w}[{i}]") for i, item in enumerate(_list(v, w)))
    ),
    "tricks": lambda v, w: tuple(
        (_int(p[0], f"{w}[{i}][0]"), _card_list(p[1], f"{w}[{i}][1]"))
        for i, p in enumerate(_pair(item, f"{w}[{i}]") for i, item in enumerate(_list(v, w)))
    ),
    "spades_broken": _bool,
    "scores": _ints,
    "bags": _ints,
    "sets_in_a_row": _ints,
    "passed": _card_list,
    "received": _card_list,
    "given": _card_list,
    "discarded": _card_list,
    "top_card": lambda v, w: None if v is None else _card(v, w),
    "cut": _card_list,
    "cut_given": _card_list,
    "legal_actions": lambda v, w: tuple(_action(a, f"{w}[{i}]") for i, a in enumerate(_list(v, w))),
    "history": lambda v, w: tuple(_read_deal(d, f"{w}[{i}]") for i, d in enumerate(_list(v, w))),
    "is_over": _bool,
    "winner": lambda v, w: _int(v, w, none=True),
}


def observation_from_dict(cls: type[Observation], data: object) -> Observation:
    """The observation ``data`` describes (see the module docstring)."""
    if not isinstance(data, dict):
        raise RecordError(f"an observation is a JSON object, not {type(data).__name__}")
    names = [field.name for field in dataclasses.fields(cls) if field.name in _READ]
    unknown = set(data) - set(names)
    if unknown:
        raise RecordError(f"observation: unknown key(s) {sorted(unknown)}")
    missing = [name for name in names if name not in data]
    if missing:
        raise RecordError(f"observation: missing key(s) {missing}")
    return cls(**{name: _READ[name](data[name], name) for name in names})


def observation_from_json(cls: type[Observation], text: str | bytes) -> Observation:
    try:
        data = json.loads(text)
    except ValueError as error:
        raise RecordError(f"not JSON: {error}") from None
    return observation_from_dict(cls, data)
