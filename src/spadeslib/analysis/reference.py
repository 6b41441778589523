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

from spadeslib.analysis.position import Position

__all__ = ["values"]


def values(position: Position, counted: int, maximizers: int) -> dict[int, int]:
    """Each legal card's (bit's) tricks for the ``counted`` seats (a bit per seat) from
    ``position``, the current trick included, with the ``maximizers`` seats wanting more
    of them and the others fewer."""
    memo: dict[tuple[object, ...], int] = {}
    return {
        bit: _value_after(position, bit, counted, maximizers, memo)
        for bit in _bits(position.legal())
    }


def _bits(mask: int) -> list[int]:
    return [bit for bit in range(mask.bit_length()) if mask >> bit & 1]


def _value_after(
    position: Position, bit: int, counted: int, maximizers: int, memo: dict[tuple[object, ...], int]
) -> int:
    after, winner = position.after(bit)
    won = 1 if winner >= 0 and counted >> winner & 1 else 0
    return won + _value(after, counted, maximizers, memo)


def _value(
    position: Position, counted: int, maximizers: int, memo: dict[tuple[object, ...], int]
) -> int:
    if not position.hands[position.actor]:
        return 0
    key = None
    if not position.trick:
        key = (position.hands, position.leader, position.broken, position.trick_number)
        known = memo.get(key)
        if known is not None:
            return known
    found = [
        _value_after(position, bit, counted, maximizers, memo) for bit in _bits(position.legal())
    ]
    value = max(found) if maximizers >> position.actor & 1 else min(found)
    if key is not None:
        memo[key] = value
    return value
