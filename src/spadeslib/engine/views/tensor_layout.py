"""The layouts of the observation and information-state tensors: which pieces a variant's
tensors have, where each starts and what it means (:mod:`spadeslib.engine.views.tensors` says
the conventions, and fills them).

A layout is generated from the compiled rules: the players, the deck's size, the tricks
in a hand and the phases a deal goes through. :data:`NATIVE_PIECES` names the pieces in
the order the native core takes their starts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from spadeslib.compiler.phases import Phase

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules

__all__ = [
    "NATIVE_PIECES",
    "Piece",
    "TensorLayout",
    "auction_columns",
    "facts",
    "information_state_layout",
    "observation_layout",
    "phase_names",
]


@dataclass(frozen=True, slots=True)
class Piece:
    """One named piece of a tensor: ``shape`` entries from ``start``."""

    name: str
    shape: tuple[int, ...]
    start: int
    meaning: str

    @property
    def size(self) -> int:
        out = 1
        for length in self.shape:
            out *= length
        return out

    @property
    def stop(self) -> int:
        return self.start + self.size


class TensorLayout:
    """The pieces of one kind of tensor for one variant, in order (see the module)."""

    def __init__(self, kind: str, variant: str, pieces: list[tuple[str, tuple[int, ...], str]]):
        self.kind = kind
        self.variant = variant
        out: list[Piece] = []
        start = 0
        for name, shape, meaning in pieces:
            piece = Piece(name, shape, start, meaning)
            out.append(piece)
            start = piece.stop
        self.pieces: tuple[Piece, ...] = tuple(out)
        self.size = start
        """The tensor's length."""
        self._by_name = {piece.name: piece for piece in out}

    @property
    def shape(self) -> tuple[int]:
        return (self.size,)

    def __getitem__(self, name: str) -> Piece:
        return self._by_name[name]

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def view(self, tensor: Any, name: str) -> Any:
        """The piece ``name`` of ``tensor``, in its shape (a numpy view, not a copy)."""
        piece = self._by_name[name]
        return tensor[piece.start : piece.stop].reshape(piece.shape)

    def markdown(self) -> str:
        """The layout as a Markdown table: each piece's name, shape, entries and meaning."""
        lines = [
            "| piece | shape | entries | meaning |",
            "| --- | --- | --- | --- |",
        ]
        for piece in self.pieces:
            shape = " x ".join(str(length) for length in piece.shape)
            lines.append(
                f"| `{piece.name}` | {shape} | {piece.start}-{piece.stop - 1} | {piece.meaning} |"
            )
        lines.append(f"| | | **{self.size}** | |")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<TensorLayout {self.kind} of {self.variant!r}: {self.size} entries>"


# -- the layouts -----------------------------------------------------------------------------


def phase_names(rules: Rules) -> list[str]:
    return [*(phase.name.lower() for phase in rules.phases), "blind", "over"]


def facts(rules: Rules) -> list[tuple[str, float]]:
    values = rules.scoring
    return [
        ("players / 6", rules.players / 6),
        ("tricks in a hand / 26", rules.hand_size / 26),
        ("target / 1000 (0: none)", (values.target or 0) / 1000),
        ("trick value / 10", values.trick_value / 10),
        ("Nil made / 200", values.nil_make / 200),
        ("Blind Nil made / 400", values.blind_nil_make / 400),
        ("bag limit / 10 (0: no bags)", values.bags_limit / 10 if values.bags_enabled else 0.0),
        ("bag penalty / 200", values.bags_penalty / 200 if values.bags_enabled else 0.0),
        ("two packs", float(rules.packs == 2)),
        ("partnerships", float(len(rules.sides) < rules.players)),
    ]


def _card_pieces(rules: Rules) -> list[tuple[str, tuple[int, ...], str]]:
    """The pieces made of cards: one entry per card (they come first, in one block)."""
    n, players = rules.size, rules.players
    phases = set(rules.phases)
    out = [
        ("hand", (n,), "the observer's cards (none before it has looked)"),
        ("trick", (players, n), "the current trick: the card each seat has played to it"),
        ("played", (players, n), "the cards each seat has played to this deal's finished tricks"),
    ]
    if Phase.PASS in phases:
        out.append(("passed", (n,), "the cards the observer passed to its partner"))
    if Phase.EXCHANGE in phases:
        out.append(("given", (n,), "the cards the observer gave in the Nil exchange"))
    if phases & {Phase.PASS, Phase.EXCHANGE, Phase.MITCHELL, Phase.DRAW}:
        out.append(("received", (n,), "the cards the observer received or took (still held)"))
    if phases & {Phase.KITTY, Phase.KITTY_AFTER, Phase.MITCHELL, Phase.DRAW}:
        out.append(("discarded", (n,), "the cards the observer discarded"))
    if Phase.CUT in phases:
        out.append(("cut", (n,), "the French cut's turned-up cards"))
        out.append(("cut_given", (players, n), "the turned-up card each seat has been given"))
    if Phase.DRAW in phases:
        out.append(("top_card", (n,), "the top of the stock, when the observer draws"))
    return out


def _public_pieces(rules: Rules) -> list[tuple[str, tuple[int, ...], str]]:
    """The one-hot pieces, then the scaled numbers (each kind in one block)."""
    players, sides, top = rules.players, len(rules.sides), rules.hand_size
    return [
        ("looked", (1,), "1 once the observer has looked at its cards"),
        ("seat", (players,), "the observer's own seat (absolute)"),
        ("to_act", (players,), "the seat to act (none once the game is over)"),
        ("dealer", (players,), "the dealer"),
        ("phase", (len(phase_names(rules)),), "the phase: " + ", ".join(phase_names(rules))),
        (
            "bids",
            (players, top + 4),
            "each seat's own bid: none, Nil, Blind Nil, then 0 to the tricks",
        ),
        ("contracts", (sides, top + 2), "each side's contract: none yet, then 0 to the tricks"),
        ("blind", (sides,), "the side's contract was bid blind"),
        ("spades_broken", (1,), "1 once spades are broken"),
        ("hand_sizes", (players,), "the cards each seat holds / tricks in a hand"),
        ("tricks_won", (players,), "tricks each seat has won this deal / tricks in a hand"),
        ("scores", (sides,), "each side's score / the target (500 without one)"),
        ("bags", (sides,), "each side's bags / the bag limit (10 without one)"),
        ("sets_in_a_row", (sides,), "each side's sets in a row / 3"),
        ("trick_number", (1,), "finished tricks / tricks in a hand"),
        ("deal_number", (1,), "finished deals / 10"),
        ("variant", (len(facts(rules)),), "; ".join(name for name, _ in facts(rules))),
    ]


def _history_pieces(rules: Rules) -> list[tuple[str, tuple[int, ...], str]]:
    players, top = rules.players, rules.hand_size
    space = rules.actions
    return [
        (
            "trick_cards",
            (top, players, rules.size),
            "every trick of the deal so far: the card each seat played to it",
        ),
        ("trick_leaders", (top, players), "every trick of the deal so far: who led it"),
        (
            "auction",
            (_auction_rows(rules), players + len(auction_columns(space))),
            "the deal's public decisions in order (bids, blind decisions, raises, splits): "
            "who, then which (one entry per such action id, from the id of 'nil')",
        ),
    ]


def _auction_rows(rules: Rules) -> int:
    return 4 * rules.players + 2


def auction_columns(space: Any) -> list[int]:
    return sorted(space.auction_ids)


def observation_layout(rules: Rules) -> TensorLayout:
    """The layout of ``rules``' observation tensor (see the module docstring), built once
    per compiled variant."""
    return rules.derived(_observation_layout)


def information_state_layout(rules: Rules) -> TensorLayout:
    """The layout of ``rules``' information-state tensor: the observation's pieces, then
    the deal's history (see the module docstring), built once per compiled variant."""
    return rules.derived(_information_state_layout)


def _observation_layout(rules: Rules) -> TensorLayout:
    return TensorLayout(
        "observation", rules.variant.name, [*_card_pieces(rules), *_public_pieces(rules)]
    )


def _information_state_layout(rules: Rules) -> TensorLayout:
    return TensorLayout(
        "information state",
        rules.variant.name,
        [*_card_pieces(rules), *_public_pieces(rules), *_history_pieces(rules)],
    )


NATIVE_PIECES: Final = (
    *("hand", "trick", "played", "passed", "given", "received", "discarded", "cut", "cut_given"),
    *("top_card", "looked", "seat", "to_act", "dealer", "phase", "bids", "contracts", "blind"),
    *("spades_broken", "hand_sizes", "tricks_won", "scores", "bags", "sets_in_a_row"),
    *("trick_number", "deal_number", "variant", "trick_cards", "trick_leaders", "auction"),
)
"""The pieces the native core fills, in the order it takes their starts (``enum piece``
in ``src/native/tensors.c``): every piece of :func:`information_state_layout`."""
