"""What a game's :class:`~spadeslib.engine.core.state.State` holds: every field, described
once, in :data:`FIELDS`: its name, its scope, its default, how a state's dump writes it and
who holds it while the deal's play exists.

The scope says when it is set: ``fixed`` for the game (the rules, the seed), ``game``
(scores, the log; they carry from deal to deal), ``deal`` (reset to its default when a
deal starts) and ``cache`` (derived from the others to save work on the hot path, reset
with the deal and never serialised). The state's ``__init__``, its deal reset, its clone,
its properties and :func:`~spadeslib.engine.core.record.state_dict` are all derived from
this table, so a new field is one line here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from spadeslib.compiler.bids import NO_BID
from spadeslib.compiler.phases import Phase

__all__ = ["FIELDS", "Codec", "Field", "Fresh", "Scope"]

Scope = Literal["fixed", "game", "deal", "cache"]
Codec = Literal["plain", "cards", "bits", "trick_log", "skip"]
"""How :func:`~spadeslib.engine.core.record.state_dict` writes a field: as it is, as card
names (a mask, or a list of masks), as the names of a list of bits, as a trick log, or not
at all (the rules, the caches, what the record writes in its own way)."""


@dataclass(frozen=True, slots=True)
class Field:
    """One field of :class:`State`."""

    name: str
    scope: Scope
    default: object = None
    """The value a new game (and, for ``deal`` and ``cache`` fields, a new deal) starts
    with: a constant (immutable, so shared), or a :class:`Fresh` list."""
    codec: Codec = "plain"
    clone: bool = False
    """A copy of the state takes a copy of this value (``value.clone()``): the play."""
    owner: Literal["state", "play", "auction"] = "state"
    """Who holds the value while the deal's play exists: the state (its own slot), the play
    (every play), or the play's auction (a native play from the first bid). A field the
    play may hold is a property of ``PlayState``, the state's class while the play lasts."""


@dataclass(frozen=True, slots=True)
class Fresh:
    """A default that is a new list for every game or deal: ``[value] * per`` with ``per``
    the number of players (``"seat"``), of sides (``"side"``), or empty (``"none"``)."""

    value: object = 0
    per: Literal["seat", "side", "none"] = "none"

    def __call__(self, players: int, sides: int) -> list[Any]:
        count = {"seat": players, "side": sides, "none": 0}[self.per]
        return [self.value] * count

    def source(self, constant: str) -> str:
        """The expression that makes the list in generated code (``constant`` names the
        value there)."""
        return {"seat": f"[{constant}] * players", "side": f"[{constant}] * sides", "none": "[]"}[
            self.per
        ]


def _per_seat(value: object) -> Fresh:
    return Fresh(value, "seat")


def _per_side(value: object) -> Fresh:
    return Fresh(value, "side")


_empty = Fresh()


FIELDS: tuple[Field, ...] = (
    # fixed for the game
    Field("rules", "fixed", codec="skip"),
    Field("space", "fixed", codec="skip"),
    Field("seed", "fixed"),
    Field("players", "fixed"),
    Field("one_pack", "fixed", codec="skip"),
    Field("table", "fixed", codec="skip"),
    # whether the native core plays this state's deals and auctions where it can: fixed
    # when a Game is made (a game made inside ``_backend.pure_python`` stays in Python; a
    # state made by hand, as the reference playouts and some tests make them, plays in
    # Python)
    Field("native", "fixed", False, codec="skip"),
    # where we are
    Field("phase", "game", Phase.OVER, owner="auction"),
    Field("actor", "game", -1, owner="play"),
    Field("resume", "game", Phase.OVER),
    Field("steps", "game", (), owner="auction"),
    Field("step", "game", 0, owner="auction"),
    Field("dealer", "game", 0),
    Field("deal_count", "game", 0),
    Field("deals_played", "game", 0),
    Field("first_deal", "game", True),
    # the deal
    Field("dealt", "deal", ((), ()), codec="skip"),
    Field("hands", "deal", _per_seat(0), codec="cards", owner="play"),
    Field("seen", "deal", 0),
    Field("leftover", "deal", 0, codec="cards"),
    Field("cut", "deal", (), codec="bits"),
    Field("cut_given", "deal", (), codec="bits"),
    Field("stock", "deal", (), codec="bits"),
    Field("stock_pos", "deal", 0),
    Field("passed", "deal", _per_seat(0), codec="cards"),
    Field("gave", "deal", _per_seat(0), codec="cards"),
    Field("discarded", "deal", _per_seat(0), codec="cards"),
    Field("seen_cards", "deal", _per_seat(0), codec="cards"),
    # the auction
    Field("decisions", "deal", _empty, owner="auction"),
    Field("bids", "deal", _per_seat(NO_BID), owner="auction"),
    Field("contracts", "deal", _per_side(0), owner="auction"),
    Field("side_blind", "deal", 0),
    Field("came_out", "deal", 0),
    Field("come_out_side", "deal", -1),
    Field("raised", "deal", 0),
    Field("nil_seats", "deal", 0, owner="auction"),
    Field("sides_bid", "deal", 0, owner="auction"),
    # the play
    Field("first_hands", "deal", (), codec="cards", owner="auction"),
    Field("leader", "deal", 0, owner="play"),
    Field("trick", "deal", _empty, codec="bits", owner="play"),
    Field("trick_number", "deal", 0, owner="play"),
    Field("broken", "deal", False, owner="play"),
    Field("tricks", "deal", _per_seat(0), owner="play"),
    Field("must_lead", "deal", 0, codec="cards", owner="play"),
    Field("trick_log", "deal", _empty, codec="trick_log", owner="play"),
    # The deal's play (spadeslib.compiler.play, or the native one): while it exists it
    # holds the fields marked owner="play" (and "auction", for a native play from the
    # first bid), which the state reads from it (see the module docstring).
    Field("play", "deal", None, codec="skip", clone=True),
    # the legal ids outside the play, kept by Game.legal_action_ids until the next action
    Field("legal_ids", "cache", None, codec="skip"),
    # the game
    Field("scores", "game", _per_side(0)),
    Field("bags", "game", _per_side(0)),
    Field("sets", "game", _per_side(0)),
    Field("history", "game", (), codec="skip"),
    # each side's points in the last finished deal: its score's totals, kept as numbers
    # because returns("deal") reads them after every deal and the score is explained lazily
    Field("deal_points", "game", (), codec="skip"),
    Field("deals", "game", (), codec="skip"),
    Field("log", "game", None, codec="skip", owner="play"),
    # (log node, the game's fields) before the last deals were dealt: where an undo replays
    # from (State.checkpoint)
    Field("checkpoints", "game", (), codec="skip"),
    Field("pending_deals", "game", (), codec="skip"),
    Field("result", "game", None, codec="skip"),
    Field("events", "game", (), codec="skip"),
)
"""Every field of ``State``, grouped by what it describes."""
