"""One seat's view as numbers: observation and information-state tensors (numpy float32).

The layout is generated from the variant (:func:`observation_layout`,
:func:`information_state_layout`): the players, the deck's size, the tricks in a hand and
the phases a deal of it goes through decide which pieces there are and how long each is;
``layout.markdown()`` documents it (the docs show every bundled variant's). A tensor is
flat; ``layout.view(tensor, name)`` is one piece, shaped.

Conventions, for every piece:

- **Seats are relative to the observer**: row 0 is the observer, row 1 the seat on its
  left (the next to play after it), and so on. **Sides** likewise: the observer's side
  first, then in the order their first seat comes after the observer.
- **Cards** are one entry per bit of the compiled deck (``Rules.deck``; grouped by
  effective suit, low to high). With two packs a face's copies are filled lowest first:
  holding one of two identical cards sets its first copy's entry.
- Counts are scaled to about 0..1 (tricks by the tricks in a hand, scores by the target or
  500, bags by the bag limit or 10, sets in a row by 3); one-hots are 0 or 1.

The **observation** is what the seat sees now (its hand once it has looked, the trick, the
cards each seat has played, the bids, contracts, tricks, scores, the cards it passed,
gave, received or discarded, the French cut, the top of the stock, whose turn, the phase)
and the variant's facts an agent needs. The **information state** adds what a player
with perfect recall remembers of the deal: each trick's leader and the card each seat
played to it, and the auction in order (every bid, blind decision, raise and split, by
whom). Earlier deals enter both through the scores, bags and sets.

Both are built from the state exactly as :func:`~spadeslib.engine.observation.observe`
builds an :class:`~spadeslib.engine.observation.Observation`: nothing the seat may not
know goes in (a property test holds them to it, over resampled hidden cards).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from spadeslib.compiler.bids import BLIND_NIL, NIL, NO_BID
from spadeslib.compiler.phases import Phase
from spadeslib.engine.observation import has_bid, received_mask
from spadeslib.engine.state import State

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules

__all__ = [
    "Piece",
    "TensorLayout",
    "information_state_layout",
    "information_state_tensor",
    "observation_layout",
    "observation_tensor",
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


def _phase_names(rules: Rules) -> list[str]:
    return [*(phase.name.lower() for phase in rules.phases), "blind", "over"]


def _facts(rules: Rules) -> list[tuple[str, float]]:
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
        ("phase", (len(_phase_names(rules)),), "the phase: " + ", ".join(_phase_names(rules))),
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
        ("variant", (len(_facts(rules)),), "; ".join(name for name, _ in _facts(rules))),
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
            (_auction_rows(rules), players + len(_auction_columns(space))),
            "the deal's public decisions in order (bids, blind decisions, raises, splits): "
            "who, then which (one entry per such action id, from the id of 'nil')",
        ),
    ]


def _auction_rows(rules: Rules) -> int:
    return 4 * rules.players + 2


def _auction_columns(space: Any) -> list[int]:
    return sorted(space.auction_ids)


def observation_layout(rules: Rules) -> TensorLayout:
    """The layout of ``rules``' observation tensor (see the module docstring), made once
    and kept with the rules."""
    return rules.derived(_observation_layout)


def information_state_layout(rules: Rules) -> TensorLayout:
    """The layout of ``rules``' information-state tensor: the observation's pieces, then
    the deal's history (see the module docstring); made once and kept with the rules."""
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


# -- filling them ----------------------------------------------------------------------------


class _Encoder:
    """What filling one variant's tensors needs, worked out once.

    Everything but the scaled numbers is 0 or 1, so it is built as one big int (bit ``k``
    is entry ``k``) and turned into the array with one ``numpy.unpackbits``: a few numpy
    calls per tensor, whatever the variant."""

    def __init__(self, rules: Rules) -> None:
        import numpy as np

        self.np = np
        self.rules = rules
        layout = self.layout = observation_layout(rules)
        info = self.info = information_state_layout(rules)
        players = self.players = rules.players
        self.n = rules.size
        self.order = [[(seat + k) % players for k in range(players)] for seat in range(players)]
        """Per observer, the absolute seats in relative order."""
        self.rel = [
            [(other - seat) % players for other in range(players)] for seat in range(players)
        ]
        """Per observer, each absolute seat's relative place."""
        self.side_order = []
        for seat in range(players):
            first: dict[int, int] = {}
            for k, other in enumerate(self.order[seat]):
                first.setdefault(rules.side_of[other], k)
            self.side_order.append(sorted(first, key=first.__getitem__))
        names = _phase_names(rules)
        self.phase_index = {phase: names.index(phase.name.lower()) for phase in rules.phases}
        self.phase_index[Phase.BLIND] = names.index("blind")
        self.phase_index[Phase.OVER] = names.index("over")
        self.at = {piece.name: piece.start for piece in info.pieces}
        """Each piece's first entry."""
        self.numbers = layout["hand_sizes"].start
        """Where the scaled numbers begin (they run to the end of the observation)."""
        self.size = layout.size
        self.history = info["trick_cards"].start
        self.facts = [value for _, value in _facts(rules)]
        values = rules.scoring
        self.score_scale = values.target or 500
        self.bag_scale = values.bags_limit if values.bags_enabled and values.bags_limit else 10
        self.two_packs = rules.packs == 2
        self.canonical_bit = rules.canonical
        self.columns = {a: k for k, a in enumerate(_auction_columns(rules.actions))}
        self.names = frozenset(piece.name for piece in layout.pieces)

    def canonical(self, mask: int) -> int:
        """With two packs, a face's copies filled lowest first."""
        if not self.two_packs or not mask:
            return mask
        face_mask = self.rules.face_mask
        out = 0
        while mask:
            low = mask & -mask
            face = face_mask[low.bit_length() - 1]
            count = (mask & face).bit_count()
            mask &= ~face
            while count:
                first = face & -face
                out |= first
                face ^= first
                count -= 1
        return out

    def fill(self, state: State, seat: int, out: Any, info: bool) -> Any:
        np = self.np
        n = self.n
        at = self.at
        players = self.players
        order = self.order[seat]
        rel = self.rel[seat]
        canonical = self.canonical
        hands = state.hands
        phase = state.phase
        over = phase == Phase.OVER
        looked = bool(state.seen >> seat & 1) or over
        # the cards: row r of n entries starts at entry r * n
        big = canonical(hands[seat]) if looked else 0
        trick = state.trick
        in_trick = 0
        if trick:
            leader = state.leader
            start = at["trick"]
            canon = self.canonical_bit
            for index, bit in enumerate(trick):
                in_trick |= 1 << bit
                big |= 1 << (start + rel[(leader + index) % players] * n + canon[bit])
        first_hands = state.first_hands
        if first_hands:  # the cards played so far: those gone from the hands since the lead
            start = at["played"]
            for k, other in enumerate(order):
                gone = first_hands[other] & ~hands[other] & ~in_trick
                if gone:
                    big |= canonical(gone) << (start + k * n)
        names = self.names
        if "passed" in names:
            big |= canonical(state.passed[seat]) << at["passed"]
        if "given" in names:
            big |= canonical(state.gave[seat]) << at["given"]
        if "received" in names and looked:
            big |= canonical(received_mask(state, seat)) << at["received"]
        if "discarded" in names:
            big |= canonical(state.discarded[seat]) << at["discarded"]
        if "cut" in names:
            start = at["cut"]
            for bit in state.cut:
                big |= 1 << (start + bit)
            start = at["cut_given"]
            for to, bit in enumerate(state.cut_given):
                big |= 1 << (start + rel[to] * n + self.canonical_bit[bit])
        drawing = phase == Phase.DRAW and state.actor == seat
        if "top_card" in names and drawing and state.stock_pos < len(state.stock):
            big |= 1 << (at["top_card"] + self.canonical_bit[state.stock[state.stock_pos]])
        # the one-hots
        top = self.rules.hand_size
        if looked:
            big |= 1 << at["looked"]
        big |= 1 << (at["seat"] + seat)
        if not over and 0 <= state.actor < players:
            big |= 1 << (at["to_act"] + rel[state.actor])
        big |= 1 << (at["dealer"] + rel[state.dealer])
        column = self.phase_index.get(phase)
        if column is not None:
            big |= 1 << (at["phase"] + column)
        start = at["bids"]
        width = top + 4
        bids = state.bids
        for k, other in enumerate(order):
            bid = bids[other]
            if bid == NO_BID:
                column = 0
            elif bid == NIL:
                column = 1
            elif bid == BLIND_NIL:
                column = 2
            else:
                column = 3 + min(max(bid, 0), top)
            big |= 1 << (start + k * width + column)
        sides = self.side_order[seat]
        start = at["contracts"]
        for k, side in enumerate(sides):
            column = 1 + min(max(state.contracts[side], 0), top) if has_bid(state, side) else 0
            big |= 1 << (start + k * (top + 2) + column)
            if state.side_blind >> side & 1:
                big |= 1 << (at["blind"] + k)
        if state.broken:
            big |= 1 << at["spades_broken"]
        numbers = self.numbers
        raw = np.frombuffer(big.to_bytes((numbers + 7) // 8, "little"), np.uint8)
        out[:numbers] = np.unpackbits(raw, count=numbers, bitorder="little")
        tricks = state.tricks
        scores, bags, sets = state.scores, state.bags, state.sets
        score_scale, bag_scale = self.score_scale, self.bag_scale
        out[numbers : self.size] = [
            *[hands[o].bit_count() / top for o in order],
            *[tricks[o] / top for o in order],
            *[scores[s] / score_scale for s in sides],
            *[bags[s] / bag_scale for s in sides],
            *[sets[s] / 3 for s in sides],
            state.trick_number / top,
            state.deals_played / 10,
            *self.facts,
        ]
        if info:
            self._history(state, rel, out)
        return out

    def _history(self, state: State, rel: list[int], out: Any) -> None:
        """The deal's tricks and auction, after the observation's entries."""
        np = self.np
        at = self.at
        origin = self.history
        players = self.players
        n = self.n
        canon = self.canonical_bit
        cards = at["trick_cards"] - origin
        leaders = at["trick_leaders"] - origin
        tricks = [*state.trick_log]
        if state.trick:
            tricks.append((state.leader, tuple(state.trick)))
        big = 0
        for number, (leader, bits) in enumerate(tricks):
            big |= 1 << (leaders + number * players + rel[leader])
            row = cards + number * players * n
            for index, bit in enumerate(bits):
                big |= 1 << (row + rel[(leader + index) % players] * n + canon[bit])
        auction = self.info["auction"]
        rows, width = auction.shape
        start = auction.start - origin
        columns = self.columns
        row = 0
        for who, action_id in state.decisions:
            column = columns.get(action_id)
            if column is None or row == rows:  # a card chosen, or past the rows
                continue
            big |= 1 << (start + row * width + rel[who])
            big |= 1 << (start + row * width + players + column)
            row += 1
        count = self.info.size - origin
        raw = np.frombuffer(big.to_bytes((count + 7) // 8, "little"), np.uint8)
        out[origin:] = np.unpackbits(raw, count=count, bitorder="little")


def observation_tensor(state: State, seat: int, out: Any = None) -> Any:
    """``seat``'s observation tensor now (float32, :func:`observation_layout`); ``out``:
    an array of that size to fill instead of a new one."""
    encoder = state.rules.derived(_Encoder)
    if out is None:
        out = encoder.np.zeros(encoder.layout.size, encoder.np.float32)
    return encoder.fill(state, seat, out, info=False)


def information_state_tensor(state: State, seat: int, out: Any = None) -> Any:
    """``seat``'s information-state tensor now (float32, :func:`information_state_layout`)."""
    encoder = state.rules.derived(_Encoder)
    if out is None:
        out = encoder.np.zeros(encoder.info.size, encoder.np.float32)
    return encoder.fill(state, seat, out, info=True)
