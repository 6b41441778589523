"""An all-random batch of deals played by the batched playouts, its table made column by
column.

Where every seat plays at random and the sampled deal is a game's first (no deal that bids
itself before it), a batch is one call of :func:`spadeslib.playouts`: the native core's
where it is built, the engine's reference otherwise (the same deals, the same choices,
the same numbers). Deal ``i`` of the simulation is deal ``i`` of the playouts seeded
:func:`deals_seed`, so a batch is the same deals in any process, and
``Game(variant, seed=row["seed"])`` deals its cards. The playouts give the tricks, the
bids, the contracts, the points and the hands as dealt; what a row says about each side
(made, set short or over, bags, the bag penalty, every trick taken) comes from the
engine's scoring of the side's situation, asked once per situation (a contract, its Nil
seats and its seats' tricks) and spread over the deals with numpy, as the native core
itself does for the points.

The variants it takes are those the native core plays (:func:`takes`): an auction's
first round and the play, no blind decision, pass, kitty, cut or misdeal, so no deal here
has a blind bid. Everything else goes through :class:`~spadeslib.Game`
(:mod:`spadeslib.simulation.playing`).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from spadeslib.compiler.bids import BLIND_NIL, NIL
from spadeslib.engine.core.shuffle import _GOLDEN, _MIX1, _MIX2, _STREAM, MASK64
from spadeslib.policies.playouts import _native_takes, playouts
from spadeslib.scoring.deal import score_side_unchecked
from spadeslib.scoring.types import new_contract, new_standing
from spadeslib.simulation.lineup import derive_seed
from spadeslib.simulation.rows import SideValues, card_constants, side_values
from spadeslib.simulation.table import Table

if TYPE_CHECKING:
    import numpy as np

    from spadeslib.compiler import Rules
    from spadeslib.simulation.playing import Batch

__all__ = ["deals_seed", "offset_seed", "play", "stream_seeds", "takes"]


def deals_seed(seed: int) -> int:
    """The playouts seed of a simulation seeded ``seed``: its deal ``i`` is the first deal
    of the game seeded ``stream_seed(deals_seed(seed), i)``, on every path."""
    return derive_seed(seed, "deals")


def offset_seed(seed: int, start: int) -> int:
    """The playouts seed whose deal ``j`` is deal ``start + j`` of ``seed``'s:
    ``stream_seed(seed, i)`` mixes ``seed + (i + 1) * _STREAM``, so moving the seed by
    ``start`` streams moves the deals by ``start``."""
    return (seed + start * _STREAM) & MASK64


def stream_seeds(seed: int, start: int, stop: int) -> np.ndarray:
    """``[stream_seed(seed, i) for i in range(start, stop)]`` as a uint64 array (SplitMix64's
    step and mix on the whole array)."""
    import numpy as np

    with np.errstate(over="ignore"):
        index = np.arange(start + 1, stop + 1, dtype=np.uint64)
        z = np.uint64(seed) + index * np.uint64(_STREAM) + np.uint64(_GOLDEN)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(_MIX1)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(_MIX2)
        return z ^ (z >> np.uint64(31))


def takes(batch: Batch) -> bool:
    """Whether ``batch`` is played here: deals, every seat random, the sampled deal a
    game's first, a variant the native core plays (on either backend: the reference
    plays the same deals)."""
    if batch.unit != "deals" or not batch.lineup.all_random:
        return False
    rules = batch.variant.compile()
    if rules.first_deal_bids_itself:
        return False
    standings = tuple(new_standing(0, 0, 0) for _ in rules.sides)
    return _native_takes(rules, standings, True)


def play(batch: Batch) -> Table:
    """The table of ``batch``'s deals (the columns of :mod:`spadeslib.simulation.rows`, in
    the order the engine's rows have them)."""
    import numpy as np

    rules = batch.variant.compile()
    start, stop = batch.start, batch.stop
    n = stop - start
    seed = deals_seed(batch.seed)
    played = playouts(rules.variant, n, seed=offset_seed(seed, start), auction=True, dealt=True)
    assert played.bids is not None and played.contracts is not None and played.dealt is not None
    tricks, bids = np.asarray(played.tricks), np.asarray(played.bids)
    contracts = np.asarray(played.contracts)
    points, scores = np.asarray(played.points), np.asarray(played.scores)
    dealers = np.asarray(played.dealers)[:, 0]
    columns: dict[str, Any] = {
        "deal": np.arange(start, stop, dtype=np.int64),
        "number": np.zeros(n, dtype=np.int32),
        "seed": stream_seeds(seed, start, stop),
        "key": _keys(rules, np.asarray(played.dealt), dealers),
        "dealer": dealers,
        "first_dealer": dealers,
    }
    for seat in range(rules.players):
        columns[f"bid_{seat}"] = bids[:, seat]
        columns[f"tricks_{seat}"] = tricks[:, seat]
    missing: dict[str, Any] = {}
    for side, seats in enumerate(rules.sides):
        values = _side_columns(rules, side, contracts[:, side], bids[:, seats], tricks[:, seats])
        made, short, over, gaps, bags, penalty, took_all = values
        columns[f"contract_{side}"] = contracts[:, side]
        columns[f"blind_{side}"] = np.zeros(n, dtype=bool)
        columns[f"made_{side}"] = made
        columns[f"set_short_{side}"] = short
        columns[f"set_over_{side}"] = over
        missing.update({f"{name}_{side}": gaps for name in ("made", "set_short", "set_over")})
        columns[f"points_{side}"] = points[:, side]
        columns[f"score_{side}"] = scores[:, side]
        columns[f"bags_{side}"] = bags
        columns[f"bag_penalty_{side}"] = penalty
        columns[f"took_all_{side}"] = took_all
    return Table.build(columns, missing)


def _side_columns(
    rules: Rules, side: int, contracts: np.ndarray, bids: np.ndarray, tricks: np.ndarray
) -> tuple[np.ndarray, ...]:
    """One side's made, set short, set over, their gaps (no trick contract), bags brought,
    bag penalty and every trick taken, for every deal: each situation scored once
    (:func:`_situation`), and looked up by its code in :class:`_Situations`."""
    import numpy as np

    count = tricks.shape[1]
    code = contracts.astype(np.int64)
    for places in (bids == NIL, bids == BLIND_NIL):
        for j in range(count):
            code = code * 2 + places[:, j]
    for j in range(count):
        code = code * (rules.hand_size + 1) + tricks[:, j]
    table = _Situations.of(rules, side).look_up(code)
    made, short, over = table[:, 0] == 1, table[:, 1] == 1, table[:, 2] == 1
    return made, short, over, table[:, 0] < 0, table[:, 4], table[:, 5], table[:, 6] == 1


class _Situations:
    """A side's situations met so far, by code: a dense table where the codes are few
    (a contract, two Nil flags and the tricks of each seat of the side: some 170,000 for a
    partnership of 13 tricks), else a dict, so a batch costs one lookup per deal and a
    Python call per situation not met before. Kept in the rules' scoring memo
    (:attr:`Rules.score_memo <spadeslib.compiler.Rules.score_memo>`) beside the numbers
    :mod:`spadeslib.scoring.numbers` keeps there: like those, made once per situation and
    kept as long as the rules."""

    def __init__(self, rules: Rules, side: int) -> None:
        import numpy as np

        members = len(rules.sides[side])
        most = max(rules.hand_size * rules.players, 1) + 1
        self.rules, self.side = rules, side
        size = most * 4**members * (rules.hand_size + 1) ** members
        self.dense = size <= 1 << 22
        self.known = np.zeros(size if self.dense else 0, dtype=bool)
        self.values = np.zeros((size if self.dense else 0, 7), dtype=np.int32)
        self.found: dict[int, tuple[int, ...]] = {}

    @classmethod
    def of(cls, rules: Rules, side: int) -> _Situations:
        memo = rules.score_memo
        kept = memo.get((cls, side))
        if kept is None:
            kept = memo[(cls, side)] = cls(rules, side)
        assert isinstance(kept, cls)
        return kept

    def look_up(self, code: np.ndarray) -> np.ndarray:
        import numpy as np

        if not self.dense:
            distinct, inverse = np.unique(code, return_inverse=True)
            found = [self._one(c) for c in distinct.tolist()]
            values: np.ndarray = np.array(found, dtype=np.int32)[inverse.reshape(-1)]
            return values
        new = np.unique(code[~self.known[code]])
        if len(new):
            self.values[new] = np.array(
                [_situation(self.rules, self.side, c) for c in new.tolist()]
            )
            self.known[new] = True
        looked: np.ndarray = self.values[code]
        return looked

    def _one(self, code: int) -> tuple[int, ...]:
        found = self.found.get(code)
        if found is None:
            found = self.found[code] = _situation(self.rules, self.side, code)
        return found


def _situation(rules: Rules, side: int, code: int) -> tuple[int, ...]:
    """The row values of ``side`` in the situation ``code`` (see :func:`_side_columns`),
    from the engine's scoring of the side alone, as the native core asks it; a ``None``
    is -1."""
    seats = rules.sides[side]
    tricks = [0] * rules.players
    for seat in reversed(seats):
        code, tricks[seat] = divmod(code, rules.hand_size + 1)
    blind_nils: set[int] = set()
    nils: set[int] = set()
    for places in (blind_nils, nils):
        for seat in reversed(seats):
            code, bit = divmod(code, 2)
            if bit:
                places.add(seat)
    contract = new_contract(
        bid=code,
        nil_seats=frozenset(nils),
        blind_nil_seats=frozenset(blind_nils),
        blind=False,
        came_out=False,
        seat_bids=(),
    )
    scored, _ = score_side_unchecked(
        rules, side, contract, tuple(tricks), new_standing(0, 0, 0), bids_itself=False
    )
    values: SideValues = side_values(scored, code)
    return tuple(-1 if value is None else int(value) for value in values)


def _keys(rules: Rules, dealt: np.ndarray, dealers: np.ndarray) -> np.ndarray:
    """The deal key (:func:`spadeslib.simulation.rows.deal_key`) of every deal: the hands'
    bytes looked up in tables of the cards' numbers, summed modulo 2**64."""
    import numpy as np

    tables = _byte_tables(rules)
    players, used = tables.shape[0], tables.shape[1]
    raw = np.ascontiguousarray(dealt, dtype="<i4").view(np.uint8)
    raw = raw.reshape(len(dealt), players, -1)
    total: np.ndarray = np.asarray(card_constants(rules)[1], dtype=np.uint64)[dealers]
    with np.errstate(over="ignore"):
        for seat in range(players):
            for byte in range(used):
                total += tables[seat, byte][raw[:, seat, byte]]
    return total


def _byte_tables(rules: Rules) -> np.ndarray:
    """For each seat, each byte of a hand's mask and each value of the byte, the sum of the
    numbers of the cards it holds (``players x bytes x 256``, uint64)."""
    return _tables(card_constants(rules)[0], rules.players, rules.size)


@functools.lru_cache(maxsize=64)
def _tables(cards: tuple[int, ...], players: int, size: int) -> np.ndarray:
    import numpy as np

    used = (size + 7) // 8
    values = np.arange(256)
    tables = np.zeros((players, used, 256), dtype=np.uint64)
    with np.errstate(over="ignore"):
        for seat in range(players):
            for byte in range(used):
                for bit in range(8):
                    card = byte * 8 + bit
                    if card < size:
                        held = ((values >> bit) & 1).astype(np.uint64)
                        tables[seat, byte] += held * np.uint64(cards[seat * size + card])
    return tables
