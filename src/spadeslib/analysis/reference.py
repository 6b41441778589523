"""The reference solver: a plain minimax over the compiled rules, in Python (PEP 399:
the native solver, ``src/native/solver.c``, must agree with it; the differential tests
in tests/test_double_dummy.py hold them together).

It tries every legal card at every turn, with no pruning and no merged cards; the only
help is a table of the exact values of the positions at the start of a trick (a value
there depends on nothing else), so it is exact by construction and slow: fine for the
endings the tests draw, and the fallback where the native core is not built, where a full
deal takes minutes.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from spadeslib.analysis.position import Position
from spadeslib.errors import SearchTimeout

__all__ = ["values"]


class _Memo(dict[tuple[object, ...], int]):
    """The values of the trick starts seen, and when to stop (a monotonic clock's time, or
    ``None``), looked at as each new trick start is searched."""

    deadline: float | None = None
    seconds: float | None = None

    def check(self) -> None:
        if self.deadline is not None and time.monotonic() >= self.deadline:
            raise SearchTimeout(
                f"the double-dummy search did not finish within {self.seconds:g} seconds "
                f"({len(self)} trick starts solved)"
            )


def values(
    position: Position,
    counted: int,
    maximizers: int,
    *,
    seconds: float | None = None,
    levels: Sequence[int] | None = None,
) -> dict[int, int]:
    """Each legal card's (bit's) tricks for the ``counted`` seats (a bit per seat) from
    ``position``, the current trick included, with the ``maximizers`` seats wanting more
    of them and the others fewer; :class:`~spadeslib.errors.SearchTimeout` once
    ``seconds`` have passed, as the native solver. With ``levels``, the maximizers'
    worth of the counted seats' taking ``t`` tricks from here, ``levels[t]``, is what
    they want the most of, and each card's value is the level they can be sure of."""
    memo = _Memo()
    if seconds is not None:
        memo.deadline, memo.seconds = time.monotonic() + seconds, seconds
    if levels is not None:
        worths = tuple(levels)
        return {
            bit: _level_after(position, bit, counted, maximizers, worths, 0, memo)
            for bit in _bits(position.legal())
        }
    return {
        bit: _value_after(position, bit, counted, maximizers, memo)
        for bit in _bits(position.legal())
    }


def _bits(mask: int) -> list[int]:
    return [bit for bit in range(mask.bit_length()) if mask >> bit & 1]


def _value_after(position: Position, bit: int, counted: int, maximizers: int, memo: _Memo) -> int:
    after, winner = position.after(bit)
    won = 1 if winner >= 0 and counted >> winner & 1 else 0
    return won + _value(after, counted, maximizers, memo)


def _value(position: Position, counted: int, maximizers: int, memo: _Memo) -> int:
    if not position.hands[position.actor]:
        return 0
    key = None
    if not position.trick:
        key = (position.hands, position.leader, position.broken, position.trick_number)
        known = memo.get(key)
        if known is not None:
            return known
        memo.check()
    found = [
        _value_after(position, bit, counted, maximizers, memo) for bit in _bits(position.legal())
    ]
    value = max(found) if maximizers >> position.actor & 1 else min(found)
    if key is not None:
        memo[key] = value
    return value


def _level_after(  # noqa: PLR0917 - the search's state, passed down
    position: Position,
    bit: int,
    counted: int,
    maximizers: int,
    levels: tuple[int, ...],
    taken: int,
    memo: _Memo,
) -> int:
    """As :func:`_value_after` for a level: the tricks ``taken`` so far travel down, since
    the level of the tricks still to come depends on them (it is not a sum)."""
    after, winner = position.after(bit)
    if winner >= 0 and counted >> winner & 1:
        taken += 1
    if not after.hands[after.actor]:
        return levels[taken]
    key = None
    if not after.trick:
        key = (after.hands, after.leader, after.broken, after.trick_number, taken)
        known = memo.get(key)
        if known is not None:
            return known
        memo.check()
    found = [
        _level_after(after, card, counted, maximizers, levels, taken, memo)
        for card in _bits(after.legal())
    ]
    value = max(found) if maximizers >> after.actor & 1 else min(found)
    if key is not None:
        memo[key] = value
    return value
