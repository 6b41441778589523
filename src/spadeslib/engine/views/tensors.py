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

Both are built from the state exactly as :func:`~spadeslib.engine.views.observation.observe`
builds an :class:`~spadeslib.engine.views.observation.Observation`: nothing the seat may not
know goes in (a property test holds them to it, over resampled hidden cards).

Where the native core plays the game, the native core fills them (``src/native/tensors.c``,
from the layout built here: :data:`NATIVE_PIECES`); :meth:`_Encoder.fill` is the reference,
and a differential test holds the two to the same entries.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from spadeslib import _backend
from spadeslib.compiler.bids import BLIND_NIL, NIL, NO_BID
from spadeslib.compiler.phases import Phase
from spadeslib.engine.core.state import State
from spadeslib.engine.views.observation import has_bid, partner_given, received_mask
from spadeslib.engine.views.tensor_layout import (
    NATIVE_PIECES,
    Piece,
    TensorLayout,
    auction_columns,
    facts,
    information_state_layout,
    observation_layout,
    phase_names,
)

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules

_OVER: Final = Phase.OVER
_DRAW: Final = Phase.DRAW
_PLAY: Final = Phase.PLAY

__all__ = [
    "NATIVE_PIECES",
    "Piece",
    "TensorLayout",
    "as_list",
    "encoder_of",
    "fill_seats",
    "information_state_layout",
    "information_state_tensor",
    "legal_mask",
    "observation_layout",
    "observation_tensor",
]


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
        names = phase_names(rules)
        self.phase_index = {phase: names.index(phase.name.lower()) for phase in rules.phases}
        self.phase_index[Phase.BLIND] = names.index("blind")
        self.phase_index[Phase.OVER] = names.index("over")
        self.at = {piece.name: piece.start for piece in info.pieces}
        """Each piece's first entry."""
        self.numbers = layout["hand_sizes"].start
        """Where the scaled numbers begin (they run to the end of the observation)."""
        self.size = layout.size
        self.history = info["trick_cards"].start
        self.facts = [value for _, value in facts(rules)]
        values = rules.scoring
        self.score_scale = values.target or 500
        self.bag_scale = values.bags_limit if values.bags_enabled and values.bags_limit else 10
        self.two_packs = rules.packs == 2
        self.canonical_bit = rules.canonical
        self.columns = {a: k for k, a in enumerate(auction_columns(rules.actions))}
        self.names = frozenset(piece.name for piece in layout.pieces)
        self.has_received = "received" in self.names
        self.has_top_card = "top_card" in self.names
        self.partner = rules.partner_of
        self._native: list[Any] = []
        self.native_play: Any = None
        """The native core's ``Play`` type, once :meth:`native` has made the tensors."""

    def native(self) -> Any:
        """The native core's ``Tensors`` for this layout (made once), or ``None`` where
        Python plays."""
        if not self._native:
            module = _backend.native()
            kernel = self.rules.kernel
            if module is None or kernel is None:
                return None
            info = self.info
            columns = [-1] * self.rules.actions.num_distinct_actions
            for action_id, column in self.columns.items():
                columns[action_id] = column
            sizes = [
                self.size,
                info.size,
                info["phase"].size,
                len(self.facts),
                *info["auction"].shape,
            ]
            self.native_play = module.Play
            self._native.append(
                module.Tensors(
                    kernel,
                    [info[name].start if name in info else -1 for name in NATIVE_PIECES],
                    sizes,
                    (float(self.score_scale), float(self.bag_scale)),
                    [float(value) for value in self.facts],
                    columns,
                )
            )
        return self._native[0]

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

    def fill_native(
        self, tensors: Any, state: State, seats: Sequence[int], outs: Sequence[Any], info: bool
    ) -> None:
        """:meth:`fill`, by the native core, for each of ``seats`` into its ``outs``
        (the state's fields read once for them all): the Python decides what is a rule
        (the cards received, the phase's column, the top of the stock) and hands over the
        fields. A native play goes too (its auction's as well), and the native core reads
        the cards, the trick, the counts and the finished tricks from it rather than from
        Python values built for the call."""
        play = state.play
        phase = state.phase
        hands: list[int] | None
        trick: list[int] | None
        tricks: list[int] | None
        trick_log: list[tuple[int, tuple[int, ...]]] | None
        if type(play) is not self.native_play:  # (a native play: its auction's too)
            play = None
            hands, trick = state.hands, state.trick
            tricks, trick_log = state.tricks, state.trick_log
            actor, leader = state.actor, state.leader
            trick_number, broken = state.trick_number, state.broken
        else:  # the native core reads these from the play itself (None: not passed)
            hands = trick = tricks = trick_log = None
            actor, leader, trick_number, broken = -1, 0, 0, False
        over = phase == _OVER
        seen, passed, gave, discarded = state.seen, state.passed, state.gave, state.discarded
        dealer, deals, column = state.dealer, state.deals_played, self.phase_index.get(phase, -1)
        side_blind, sides_bid, first_hands = state.side_blind, state.sides_bid, state.first_hands
        cut, cut_given, bids, contracts = state.cut, state.cut_given, state.bids, state.contracts
        scores, bags, sets, decisions = state.scores, state.bags, state.sets, state.decisions
        to_act = actor if 0 <= actor < self.players else -1
        for seat, out in zip(seats, outs, strict=True):
            looked = over or seen >> seat & 1
            received = taken = 0  # (the native core adds the cards taken still in the hand)
            if self.has_received and looked:
                partner = self.partner[seat]  # (nothing passed, given or taken: nothing received)
                taken = state.seen_cards[seat]
                if partner is not None and (passed[partner] or gave[partner]):
                    received = partner_given(state, seat)
            top_card = -1
            if (
                self.has_top_card
                and phase == _DRAW
                and actor == seat
                and state.stock_pos < len(state.stock)
            ):
                top_card = state.stock[state.stock_pos]
            tensors.fill(
                out,
                info,
                seat,
                seen,
                over,
                to_act,
                dealer,
                column,
                broken,
                trick_number,
                deals,
                leader,
                top_card,
                side_blind,
                sides_bid,
                hands,
                first_hands,
                trick,
                passed[seat],
                gave[seat],
                received,
                taken,
                discarded[seat],
                cut,
                cut_given,
                bids,
                contracts,
                tricks,
                scores,
                bags,
                sets,
                trick_log,
                decisions,
                play,
            )


def encoder_of(rules: Rules) -> _Encoder:
    """The encoder of ``rules`` (and its native Tensors), built once per compiled variant."""
    return rules.derived(_Encoder)


def _filled(state: State, seat: int, out: Any, info: bool) -> Any:
    """The tensor, natively where the game plays natively and ``out`` is an array the
    native core can write (a new one, or a contiguous float32 one of the right size)."""
    encoder = encoder_of(state.rules)
    np = encoder.np
    size = encoder.info.size if info else encoder.size
    if out is None:
        out = np.empty(size, np.float32)
    elif not (
        type(out) is np.ndarray
        and out.dtype == np.float32
        and out.shape == (size,)
        and out.flags.c_contiguous
        and out.flags.writeable
    ):
        return encoder.fill(state, seat, out, info)
    tensors = encoder.native() if state.native else None
    if tensors is None:
        return encoder.fill(state, seat, out, info)
    encoder.fill_native(tensors, state, (seat,), (out,), info)
    return out


def fill_seats(state: State, seats: Sequence[int], outs: Sequence[Any], info: bool) -> None:
    """``seats``' tensors into ``outs`` (contiguous float32) now, the state read once for all
    natively: a vector environment's templates at the start of a deal."""
    encoder = encoder_of(state.rules)
    tensors = encoder.native() if state.native else None
    if tensors is not None:
        encoder.fill_native(tensors, state, seats, outs, info)
    else:
        for seat, out in zip(seats, outs, strict=True):
            _filled(state, seat, out, info)


def observation_tensor(state: State, seat: int, out: Any = None) -> Any:
    """``seat``'s observation tensor now (float32, :func:`observation_layout`); ``out``:
    an array of that size to fill instead of a new one."""
    return _filled(state, seat, out, info=False)


def information_state_tensor(state: State, seat: int, out: Any = None) -> Any:
    """``seat``'s information-state tensor now (float32, :func:`information_state_layout`)."""
    return _filled(state, seat, out, info=True)


def as_list(tensor: Any) -> list[float]:
    """``tensor.tolist()`` for a float32 tensor (what OpenSpiel's ``observation_tensor()``
    returns), natively where the native core is built: its 0s and 1s share one float
    object each."""
    module = _backend.native()
    if module is None:
        out: list[float] = tensor.tolist()
        return out
    listed: list[float] = module.float_list(tensor)
    return listed


_LISTS: Final = (list, tuple)
"""What :func:`legal_mask` hands to the native core as it is (``list | tuple`` in the call
would build a union type every time)."""


_NUMPY: list[Any] = []
"""numpy, once :func:`legal_mask` first needs it (``import spadeslib`` never imports it):
an import statement in the function cost a fifth of a mask, which the adapters make at
every step, and a cached function call half as much again."""


def _import_numpy() -> Any:
    import numpy

    _NUMPY.append(numpy)
    return numpy


def legal_mask(ids: Sequence[int], size: int, dtype: Any = None) -> Any:
    """A mask of ``size`` entries, 1 at each of ``ids`` (numpy ``int8``, or ``dtype``: a
    one-byte type such as ``bool``), natively where the native core is built."""
    np = _NUMPY[0] if _NUMPY else _import_numpy()
    out = np.zeros(size, np.int8 if dtype is None else dtype)
    module = _backend.native()
    if module is None or out.itemsize != 1 or not isinstance(ids, _LISTS):
        out[list(ids)] = 1
    elif ids:
        module.mark(out, ids)
    return out
