"""The vector environment's arguments, checked (each error says what was given)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import numpy as np

from spadeslib.errors import ArgumentError, IllegalActionError

__all__ = ["LEVELS", "check_seed", "checked_actions", "levels"]

LEVELS: Final = ("random", "easy", "standard")
"""The bots' levels an opponent may be."""

_MASK64: Final = (1 << 64) - 1


def check_seed(seed: object) -> None:
    if seed is not None and (type(seed) is not int or not 0 <= seed <= _MASK64):
        raise ArgumentError(f"seed must be None or an int from 0 to 2**64-1, not {seed!r}")


def levels(
    opponents: object, players: int
) -> tuple[tuple[str | None, ...], tuple[int | None, ...]]:
    """Per seat, the bot's level (``None`` for a seat the agent plays), and its simulations
    where one is given (``"standard:20"``, as ``spadeslib simulate --bots`` writes it)."""
    if opponents is None:
        return (None,) * players, (None,) * players
    if isinstance(opponents, str):
        level, simulations = _level(opponents, "opponents")
        return (None,) + (level,) * (players - 1), (None,) + (simulations,) * (players - 1)
    if not isinstance(opponents, Sequence) or len(opponents) != players:
        raise ArgumentError(
            f"opponents must be None, a level or a sequence of {players} (a level or None "
            f"per seat), not {opponents!r}"
        )
    seats = [
        (None, None) if text is None else _level(text, f"opponents[{seat}]")
        for seat, text in enumerate(opponents)
    ]
    if all(level is not None for level, _ in seats):
        raise ArgumentError(f"opponents leaves no seat to the agent: {opponents!r}")
    return tuple(level for level, _ in seats), tuple(count for _, count in seats)


def _level(text: object, where: str) -> tuple[str, int | None]:
    """A level and its simulations, from ``"easy"`` or ``"standard:20"``."""
    level, colon, count = text.partition(":") if isinstance(text, str) else ("", "", "")
    if level in LEVELS and not colon:
        return level, None
    if level == "standard" and count.isascii() and count.isdigit() and int(count) >= 1:
        return level, int(count)
    raise ArgumentError(
        f"{where} must be one of {LEVELS}, 'standard:N' (Standard bidding from N simulated "
        f"deals, at least 1), or None, not {text!r}"
    )


def checked_actions(env: Any, actions: Any, *, legal: bool = True) -> Any:
    """The actions as int64 ids, each legal in its row of ``env`` (a SpadesVectorEnv), or
    an error naming the row, before any row changes; ``legal=False``: of the right shape
    and type only (where the native step checks every row's before it changes any)."""
    if isinstance(actions, np.ndarray):
        array = actions
    elif isinstance(actions, Sequence):
        array = np.asarray(actions)
    else:
        raise ArgumentError(f"actions must be an array of {env.num_envs} ints, not {actions!r}")
    if array.shape != (env.num_envs,) or array.dtype.kind not in "iu":
        raise ArgumentError(
            f"actions must be an int array of shape ({env.num_envs},), not "
            f"{array.dtype} of shape {array.shape}"
        )
    ids = array.astype(np.int64, copy=False)
    if not legal:
        return ids
    bad = (ids < 0) | (ids >= env.num_actions)
    if not bad.any():
        bad = ~env._legal[np.arange(env.num_envs), ids]
    if bad.any():
        row = int(np.flatnonzero(bad)[0])
        game = env.game(row)
        raise IllegalActionError(
            int(array[row]),
            f"row {row}: not a legal action id for seat {int(env._seat[row])}",
            rule="action",
            state=game.describe(),
        )
    return ids
