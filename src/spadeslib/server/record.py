"""A table's public record: the game record every seat may already see.

A record (:mod:`spadeslib.engine.core.record`) carries the deals and the seed, so a table's own
record would show the deal in progress and, through the seed, every deal to come. The
public record keeps the finished deals and their actions only. ``Game.replay`` wants a
record that lists the deal its actions lead into, so the record ends with a stand-in
deal, dealt from a fresh public seed by the right dealer, and carries that seed instead of
the table's: replayed, it is the table's game at the end of its last finished deal.
Once the game is over the whole record is public.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from spadeslib.errors import SpadesError

if TYPE_CHECKING:
    from spadeslib.engine import Game

__all__ = ["public_record"]

_TRIES = 8


def public_record(game: Game, public: tuple[int, int]) -> dict[str, Any]:
    """What every seat may see of ``game``'s record; ``public`` is (actions, deals) at the
    end of its last finished deal."""
    from spadeslib.engine import Game

    full = game.record()
    if game.is_over:
        return full
    actions, deals = public
    dealer = full["deals"][deals]["dealer"]
    for _ in range(_TRIES):  # a stand-in the rules would redeal (a misdeal) is drawn again
        seed = secrets.randbits(64)
        stand_in = Game(game.variant, seed=seed, dealer=dealer).record()["deals"][0]
        record = dict(
            full,
            seed=seed,
            deals=[*full["deals"][:deals], stand_in],
            actions=full["actions"][:actions],
        )
        try:
            replayed = Game.replay(record)
        except SpadesError:
            continue
        record["summary"] = replayed.record()["summary"]
        return record
    raise RuntimeError("no stand-in deal replayed")  # pragma: no cover - eight misdeals
