"""What the end of a deal is worth to one seat's side: the Expert's measure of a card or a bid.

A search that counts tricks plays for tricks; a player plays for the score. So the Expert
(:mod:`spadeslib.bots.expert`) judges every simulated deal by what the variant's own
scoring (:mod:`spadeslib.scoring.numbers`) makes of its tricks, given the contracts and
the standings before it: contracts made and set, overtricks, Nil and Blind Nil, ten for
200 and the Moon, and the events that end the game (a target reached, back-to-back sets,
a losing score, an instant win).

The worth of a deal's outcome to a side is its *equity* after the deal less the average
equity of the other sides. A side's equity is its score less what its bags will cost it
(each bag carried is a share, ``penalty / limit``, of the penalty it brings nearer: bags
are cheap points now and dear later). A deal that ends the game is worth
:data:`GAME_WORTH` to the winner (less to the loser), on top of the points, so a side
plays for the game when the game is at stake and for points otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from spadeslib.compiler import Rules
from spadeslib.compiler.bids import BLIND_NIL, NIL, NO_BID
from spadeslib.engine import Observation
from spadeslib.engine.core.phases.end import side_contracts
from spadeslib.scoring.game_end import game_result_unchecked
from spadeslib.scoring.numbers import deal_numbers
from spadeslib.scoring.types import Contract, new_standing

__all__ = ["GAME_WORTH", "Worth", "seat_bids"]

GAME_WORTH: Final = 1000
"""The worth of winning the game, in points: more than any one deal's points, so that a
deal that decides the game is played for the game."""

_BID_NUMBERS: Final = {"nil": NIL, "blind nil": BLIND_NIL, "-": NO_BID}


def seat_bids(observation: Observation) -> list[int]:
    """The seats' bids as the engine keeps them (``NIL``, ``BLIND_NIL``, ``NO_BID``)."""
    return [_BID_NUMBERS[bid] if bid in _BID_NUMBERS else int(bid) for bid in observation.bids]


class Worth:
    """The worth of this deal's outcomes to ``observation.seat``'s side (see the module
    docstring): one per decision, its answers memoized by contracts and tricks (a deal's
    many samples end in few distinct outcomes)."""

    __slots__ = ("_bag_cost", "_bids_itself", "_deals", "_memo", "_rules", "_side", "_standings")

    def __init__(self, observation: Observation, rules: Rules) -> None:
        self._rules = rules
        self._side = rules.side_of[observation.seat]
        self._standings = tuple(
            new_standing(score, bags, run)
            for score, bags, run in zip(
                observation.scores, observation.bags, observation.sets_in_a_row, strict=True
            )
        )
        self._deals = observation.deal_number + 1
        self._bids_itself = rules.first_deal_bids_itself and observation.deal_number == 0
        settings = rules.scoring
        limit = settings.bags_limit
        self._bag_cost = settings.bags_penalty / limit if settings.bags_enabled and limit else 0.0
        self._memo: dict[tuple[tuple[Contract, ...], tuple[int, ...]], float] = {}

    def contracts(
        self,
        bids: Sequence[int],
        contracts: Sequence[int],
        blind: Sequence[bool],
        came_out: Sequence[bool] = (),
    ) -> tuple[Contract, ...]:
        """Each side's contract from the seats' ``bids`` (engine numbers), the sides'
        ``contracts``, whether each was bid ``blind`` and whether it ``came_out`` of it."""
        blind_bits = came_bits = 0
        for side, was_blind in enumerate(blind):
            blind_bits |= was_blind << side
        for side, came in enumerate(came_out):
            came_bits |= came << side
        return side_contracts(
            self._rules, bids, contracts, blind_bits, came_bits, self._bids_itself
        )

    def __call__(self, contracts: tuple[Contract, ...], tricks: Sequence[int]) -> float:
        """The worth of the deal ending with ``tricks`` (per seat) under ``contracts``."""
        key = (contracts, tuple(tricks))
        found = self._memo.get(key)
        if found is None:
            found = self._worth(contracts, key[1])
            self._memo[key] = found
        return found

    def _worth(self, contracts: tuple[Contract, ...], tricks: tuple[int, ...]) -> float:
        rules = self._rules
        after, events = deal_numbers(
            rules, contracts, tricks, self._standings, bids_itself=self._bids_itself
        )
        equity = [standing.score - self._bag_cost * standing.bags for standing in after]
        mine = equity[self._side]
        others = len(equity) - 1
        value = mine - (sum(equity) - mine) / others if others else mine
        result = game_result_unchecked(rules, after, self._deals, events)
        if result is not None:
            winners = result.winners
            if self._side in winners:
                value += GAME_WORTH / len(winners)
            else:
                value -= GAME_WORTH / max(others, 1)
        return value
