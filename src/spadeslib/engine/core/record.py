"""Game records: a JSON-ready dict that rebuilds the identical game, and its validation.

A record carries everything needed to replay a game anywhere, with no file beside it:

- ``format`` (``"spadeslib.record"``) and ``version`` (1);
- ``variant``: the variant's full canonical definition (``Variant.to_dict()``), so a
  record stays playable when a bundled file changes or was never on the reader's machine;
- ``seed`` (an int; for information: the deals themselves are in the record);
- ``deals``: every deal in order, misdeals included, as
  ``{"dealer": seat, "hands": ["AS KH ...", ...], "rest": "..."}``
  (``rest``: the French cut's cards, then the left-over cards; the whole stock for the
  two-handed draw);
- ``actions``: every action in its text form, in order.

``summary`` (scores, winner) is written for people and ignored when reading. Reading
checks the record's own shape, validates the variant like a variant file, checks each deal
against the variant and replays each action; any failure is a
:class:`~spadeslib.errors.RecordError` saying where (``deals[2].hands[1]``,
``actions[57]``) and why.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from spadeslib.cards import Card
from spadeslib.engine.core.fields import FIELDS
from spadeslib.engine.core.results import Dealt
from spadeslib.engine.core.state import State
from spadeslib.errors import RecordError, VariantError, counted, quoted

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules

__all__ = [
    "FORMAT",
    "VERSION",
    "check_state_dict",
    "deal_to_dict",
    "make_record",
    "read_record",
    "read_state_dict",
    "state_dict",
]

FORMAT = "spadeslib.record"
VERSION = 1


def _names(rules: Rules, bits: Any) -> str:
    return " ".join(str(rules.deck[bit]) for bit in bits)


def _mask_names(rules: Rules, mask: int) -> str:
    return _names(rules, [bit for bit in range(rules.size) if mask >> bit & 1])


def deal_to_dict(rules: Rules, dealer: int, dealt: Dealt) -> dict[str, Any]:
    """One deal as record data."""
    return {
        "dealer": dealer,
        "hands": [_mask_names(rules, hand) for hand in dealt[0]],
        "rest": _names(rules, dealt[1]),
    }


def make_record(state: State) -> dict[str, Any]:
    """The record of the game in ``state`` (see the module docstring)."""
    rules = state.rules
    space = state.space
    result = state.result
    return {
        "format": FORMAT,
        "version": VERSION,
        "variant": rules.variant.to_dict(),
        "seed": state.seed,
        "deals": [deal_to_dict(rules, dealer, dealt) for dealer, dealt in state.deals],
        "actions": [str(space.action(i)) for i in state.actions()],
        "summary": {
            "deals_played": state.deals_played,
            "scores": list(state.scores),
            "bags": list(state.bags),
            "over": result is not None,
            "winner": None if result is None else result.winner,
        },
    }


_KEYS = {"format", "version", "variant", "seed", "deals", "actions", "summary"}


def read_record(record: object) -> tuple[Any, int, list[tuple[int, Dealt]], list[str]]:
    """Check a record's shape and contents; return ``(variant, seed, deals, actions)``."""
    from spadeslib.engine.core.dealing import read_deal
    from spadeslib.loader.document import Document
    from spadeslib.loader.problems import validate_document
    from spadeslib.variant import Variant

    if not isinstance(record, dict):
        raise RecordError(f"a game record is a JSON object, not {type(record).__name__}")
    unknown = set(record) - _KEYS
    if unknown:
        raise RecordError(f"record: unknown key(s) {_keys(unknown)} (expected {sorted(_KEYS)})")
    for key in ("format", "version", "variant", "seed", "deals", "actions"):
        if key not in record:
            raise RecordError(f"record: missing key {key!r}")
    if record["format"] != FORMAT:
        raise RecordError(f"format: expected {FORMAT!r}, got {quoted(record['format'])}")
    if record["version"] != VERSION:
        raise RecordError(
            f"version: this spadeslib reads version {VERSION}, not {quoted(record['version'])}"
        )
    seed = record["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
        raise RecordError(f"seed: expected an int from 0 to 2**64-1, got {quoted(seed)}")
    if not isinstance(record["variant"], dict):
        raise RecordError("variant: expected the variant's definition as an object")
    try:  # checked as a variant file is, for the same messages (with no lines to show)
        variant = validate_document(Document("variant", record["variant"]), Variant)
    except VariantError as error:
        first = error.problems[0]
        where = f"variant.{first.path}" if first.path else "variant"
        raise RecordError(
            f"{where}: {first.message} ({counted(len(error.problems), 'problem')} in the "
            "record's variant)"
        ) from None
    rules = variant.compile()
    deals_data = record["deals"]
    if not isinstance(deals_data, list) or not deals_data:
        raise RecordError("deals: expected a non-empty list of deals")
    deals: list[tuple[int, Dealt]] = []
    for index, item in enumerate(deals_data):
        where = f"deals[{index}]"
        if not isinstance(item, dict) or set(item) != {"dealer", "hands", "rest"}:
            raise RecordError(f"{where}: expected an object with dealer, hands and rest")
        dealer = item["dealer"]
        if (
            not isinstance(dealer, int)
            or isinstance(dealer, bool)
            or not 0 <= dealer < rules.players
        ):
            raise RecordError(
                f"{where}.dealer: expected a seat from 0 to {rules.players - 1}, "
                f"got {quoted(dealer)}"
            )
        deals.append(
            (dealer, read_deal(rules, {"hands": item["hands"], "rest": item["rest"]}, where))
        )
    actions = record["actions"]
    if not isinstance(actions, list):
        raise RecordError("actions: expected a list of action strings like 'bid 4'")
    for index, action in enumerate(actions):
        if not isinstance(action, str):
            raise RecordError(
                f"actions[{index}]: expected an action string like 'bid 4', got {quoted(action)}"
            )
    return variant, seed, deals, actions


def check_replayed(state: State, deals: list[tuple[int, Dealt]]) -> None:
    """Raise :class:`~spadeslib.errors.RecordError` unless the game in ``state``, replayed from
    a record's actions, used exactly the record's ``deals``, each from its dealer."""
    if state.pending_deals:
        raise RecordError(
            f"deals: {counted(len(state.pending_deals), 'deal')} more than the actions reach"
        )
    if len(state.deals) > len(deals):  # the game dealt on from the seed: the record is cut
        raise RecordError(
            f"deals: the record has {counted(len(deals), 'deal')}, but its actions reach deal "
            f"{len(state.deals)}; a record lists every deal dealt (was it cut short?)"
        )
    for index, ((dealer, _), (wanted, _)) in enumerate(zip(state.deals, deals, strict=True)):
        if dealer != wanted:
            raise RecordError(
                f"deals[{index}].dealer: the game has seat {dealer} "
                f"dealing, the record says {wanted}"
            )


def read_json(text: str | bytes) -> object:
    """The data of a record's JSON ``text``; a :class:`~spadeslib.errors.RecordError` for
    text that is not JSON or nests too deeply to read."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise RecordError(f"not JSON: {error}") from None
    except RecursionError:  # json's own guard against deep nesting
        raise RecordError(
            "not a record: its JSON nests too deeply to read (a record nests a few levels)"
        ) from None
    return data


def state_dict(state: State) -> dict[str, Any]:
    """A canonical, JSON-ready serialisation of the full state (every hidden card too).

    Two states are the same game position exactly when their ``state_dict`` dumps (with
    ``sort_keys``) are byte-identical; tests use it to show that a rejected action changed
    nothing. Each field is written as :data:`~spadeslib.engine.core.fields.FIELDS` says (caches
    are left out); the deals, the actions, the history and the result in their own way.
    """
    rules = state.rules
    out: dict[str, Any] = {}
    for field in FIELDS:
        codec = field.codec
        if codec == "skip":
            continue
        value = getattr(state, field.name)
        if codec == "cards":  # by name: with two packs either copy is the same card
            value = (
                [_mask_names(rules, mask) for mask in value]
                if isinstance(value, list | tuple)
                else _mask_names(rules, value)
            )
        elif codec == "bits":
            value = _names(rules, value)
        elif codec == "trick_log":
            value = [[leader, _names(rules, bits)] for leader, bits in value]
        out[field.name] = list(value) if isinstance(value, (list, tuple)) else value
    out["variant"] = rules.variant.name
    out["deals"] = [deal_to_dict(rules, dealer, dealt) for dealer, dealt in state.deals]
    out["actions"] = state.actions()
    out["history"] = [
        {
            "number": r.number,
            "dealer": r.dealer,
            "bids": list(r.bids),
            "contracts": list(r.contracts),
            "tricks": list(r.tricks),
            "scores": list(r.scores),
            "bags": list(r.bags),
            "widow": [str(c) for c in r.widow],
            "score": repr(r.score),
        }
        for r in state.history
    ]
    out["events"] = [repr(event) for event in state.events]
    out["result"] = None if state.result is None else repr(state.result)
    return {key: _jsonable(value) for key, value in out.items()}


_STATE_KEYS = frozenset(
    {field.name for field in FIELDS if field.codec != "skip"}
    | {"variant", "deals", "actions", "history", "events", "result"}
)
"""The keys of a :func:`state_dict`: the fields :data:`~spadeslib.engine.core.fields.FIELDS`
writes, and the history written in its own way."""


def read_state_dict(
    data: object, variant: Any = None
) -> tuple[Any, int, list[tuple[int, Dealt]], list[int]]:
    """Check a :func:`state_dict`'s shape, and its variant, seed and deals as a record's
    are checked (:func:`read_record`); return ``(variant, seed, deals, action ids)``.
    ``variant`` (a :class:`~spadeslib.variant.Variant`) stands for the named one, which
    must otherwise be bundled."""
    from spadeslib.errors import SpadesError
    from spadeslib.variant import load_variant

    if not isinstance(data, dict):
        raise RecordError(f"a saved state is a JSON object, not {type(data).__name__}")
    unknown = set(data) - _STATE_KEYS
    if unknown:
        raise RecordError(f"state: unknown key(s) {_keys(unknown)}")
    missing = _STATE_KEYS - set(data)
    if missing:
        raise RecordError(f"state: missing key(s) {sorted(missing)}")
    name = data["variant"]
    if variant is None:
        if not isinstance(name, str):
            raise RecordError(f"variant: expected the variant's name, got {quoted(name)}")
        try:
            variant = load_variant(name)
        except SpadesError as error:
            raise RecordError(
                f"variant: {quoted(name)} is not a variant this spadeslib can load ({error}); "
                "pass the Variant itself (variant=...)"
            ) from None
    elif variant.name != name:
        raise RecordError(f"variant: the state is of {quoted(name)}, not of {variant.name!r}")
    record = {
        "format": FORMAT,
        "version": VERSION,
        "variant": variant.to_dict(),
        "seed": data["seed"],
        "deals": data["deals"],
        "actions": [],
    }
    checked, seed, deals, _ = read_record(record)
    actions = data["actions"]
    if not isinstance(actions, list) or not all(
        isinstance(a, int) and not isinstance(a, bool) for a in actions
    ):
        raise RecordError("actions: expected a list of action ids (ints)")
    return checked, seed, deals, actions


def check_state_dict(state: State, data: Any) -> None:
    """Raise :class:`~spadeslib.errors.RecordError` at the first key where ``data``
    differs from ``state``'s :func:`state_dict` (the fields in table order)."""
    found = state_dict(state)
    for key in (*(f.name for f in FIELDS if f.codec != "skip"), *sorted(_STATE_KEYS)):
        if found[key] != data[key]:
            raise RecordError(
                f"{key}: the deals and actions lead to {quoted(found[key], 200)}, "
                f"but the state says {quoted(data[key], 200)}"
            )


def _keys(keys: set[Any]) -> str:
    """Keys a record should not have, sorted and quoted: a record built in Python may have
    keys of any type, and of any size."""
    return quoted(sorted(keys, key=quoted), 200)


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, Card):
        return str(value)
    return value
