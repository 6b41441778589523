"""Who plays: the number of players and how they form sides (docs/format.md, `table`)."""

from __future__ import annotations

from typing import Literal

from spadeslib.variant._base import Model

__all__ = ["Table"]


class Table(Model):
    """The players and the partnerships they form."""

    players: Literal[2, 3, 4, 6] = 4
    """How many players sit at the table. Seats are numbered clockwise from 0."""

    partnerships: Literal["pairs", "trios", "none"] = "pairs"
    """How seats form sides. `pairs`: partners sit opposite (4 players: 0+2 and 1+3;
    6 players: 0+3, 1+4, 2+5). `trios`: two teams of three in alternate seats (6 players).
    `none`: every player is a side of their own (two-handed, cutthroat, solo)."""

    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side, sides ordered by their lowest seat."""
        n = self.players
        if self.partnerships == "pairs":
            return tuple((seat, seat + n // 2) for seat in range(n // 2))
        if self.partnerships == "trios":
            return tuple(tuple(range(start, n, 2)) for start in range(2))
        return tuple((seat,) for seat in range(n))
