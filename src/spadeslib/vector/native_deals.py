"""The vector environment's rows whose games the native core keeps from deal to deal: the
Python side (``src/native/vector_blind.c``, a deal before its play; ``vector.c``, the
cards; ``vector_deal.c``, the deal's end and the next deal or game).

Why: with the cards, the bids and the blind decisions native, every row that still came
back to the Python was a deal's end, some 190 microseconds each through the engine (the
score and the record, the next deal, its phases started, its tensors): four fifths of a
step's time. For the variants whose deal the C follows step by step (below) it now keeps
the whole game, a few numbers per row, and asks the engine only what is a rule: a side's
score (the kernel's table of the engine's answers), the blind options of a situation, and
whether the game is over where it may be (:func:`.end.game_end`); the seeds of a row's
next game are the environment's (:meth:`NativeDeals.new_game`).

The row's :class:`~spadeslib.engine.Game` is no longer kept up to date: when someone looks
(``env.game(i)``), the ids the row took since the last look are replayed into it through
the engine, which checks each one (a new Game where the C began a new game), so the Game
stays the one truth about what happened, and the tests step rows beside single Games.

Only these variants take this path: seat-by-seat bidding, no blind bid of tricks (Blind Nil
or none), one pack, no card cut or taken from the leftovers (a widow is set aside), no
misdeal, raise round or rule on the total, and no Standard seat (its bids are the
Python's); the rest go through the engine's deal ends as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import numpy as np

from spadeslib.compiler.bids import NO_BID
from spadeslib.compiler.phases import Phase
from spadeslib.engine import Game
from spadeslib.engine.core.kernel_sources import auction_inputs
from spadeslib.engine.core.phases import blind
from spadeslib.engine.core.phases.end import game_end
from spadeslib.engine.core.returns import game_returns
from spadeslib.engine.core.shuffle import first_dealer
from spadeslib.engine.views.tensor_layout import phase_names
from spadeslib.engine.views.tensors import encoder_of

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules
    from spadeslib.vector import SpadesVectorEnv

__all__ = ["NativeDeals"]

_TAKEN: Final = frozenset({Phase.BID, Phase.EXCHANGE, Phase.PLAY})
_SET_ASIDE: Final = frozenset({"none", "widow"})  # the cards left over, if any, in no hand


def _follows(rules: Rules, levels: tuple[str | None, ...]) -> bool:
    """Whether the C keeps this variant's games (the module docstring)."""
    bidding = rules.variant.bidding
    return (
        rules.kernel is not None
        and not bidding.blind.enabled
        and not rules.partnership
        and not rules.relevant.seat_total
        and not rules.misdeals
        and not rules.draws
        and not bidding.first_deal_bids_itself
        and rules.packs == 1
        and rules.cut_cards == 0
        and rules.dealt_per_hand == rules.hand_size
        and rules.variant.deal.leftover.kind in _SET_ASIDE
        and rules.phases[:1] == (Phase.BID,)
        and set(rules.phases) <= _TAKEN
        and "standard" not in levels
    )


class NativeDeals:
    """The rows of one environment, their games kept natively (the module docstring)."""

    def __init__(self, env: SpadesVectorEnv, vector: Any, layout: Any) -> None:
        self.env = env
        self.vector = vector
        rules = self.rules = env._rules
        self.seeds = [0] * env.num_envs  # per row, the seed of the game the C plays
        self.finals = np.zeros_like(env._obs)  # a row's final tensor, where its episode ended
        space = rules.actions
        use = rules.relevant.blind

        def options(behind: int, first_deal: int, blind_nils: int, partner: int) -> Any:
            """blind.py _options for a seat that has not bid: blind.key's tuple, the parts
            the variant's options do not read at their defaults."""
            key = (
                behind,
                bool(first_deal) and use.first_deal,
                blind_nils if use.blind_nil else 0,
                partner if use.blind_nil and use.partner else NO_BID,
                True,
                False,
                False,
                False,
                0,
            )
            return blind._option_ids(space, key)

        ids, relevant = auction_inputs(rules, rules.kernel)  # type: ignore[arg-type]
        phases = phase_names(rules)
        given = layout["given"].start if "given" in layout else -1
        exchange = phases.index("exchange") if "exchange" in phases else -1
        numbers = [
            space.LOOK,
            space.BLIND_NIL,
            space.card_bases.get("give", 0),
            rules.variant.bidding.nil.exchange,
            rules.variant.bidding.blind_nil.exchange,
            given,
            phases.index("blind"),
            phases.index("bid"),
            exchange,
            phases.index("play"),
        ]
        vector.blind_setup(options, list(ids), [int(flag) for flag in relevant], numbers)
        settings = rules.scoring
        behind = use.behind
        pairs = [
            (behind is not None, behind[0] if behind else 0),
            (behind is not None, behind[1] if behind else 0),
            (settings.target is not None, settings.target or 0),
            (settings.losing_score is not None, settings.losing_score or 0),
            (settings.consecutive_sets_lose is not None, settings.consecutive_sets_lose or 0),
        ]
        numbers = [
            int(env._information_state),
            int(env.episode == "game"),
            env.max_deals or 0,
            settings.max_deals or 0,
            int(settings.ends_on_standing),
            phases.index("over"),
            *(int(value) for pair in pairs for value in pair),
        ]
        vector.keep_setup(
            encoder_of(rules).native(),
            self.new_game,
            self.result,
            env._seat_rewards,
            env._rewards,
            env._terminated,
            env._truncated,
            self.finals,
            numbers,
        )

    @classmethod
    def made(cls, env: SpadesVectorEnv, vector: Any, layout: Any) -> NativeDeals | None:
        """The rows' native games, where the variant and the bots allow it."""
        return cls(env, vector, layout) if _follows(env._rules, env.levels) else None

    def start(self, row: int) -> None:
        """Row ``row``'s next game starts natively, to an agent's turn (its tensor written)."""
        self.vector.keep(self.env._plays, row)

    def new_game(self, row: int) -> tuple[int, int]:
        """The seed and the first dealer of row ``row``'s next game (the C calls this)."""
        seed = self.seeds[row] = self.env._next_seed(row)
        first = self.rules.variant.deal.first_dealer
        return seed, first_dealer(seed, self.rules.players) if first == "random" else first

    def result(
        self,
        scores: list[int],
        bags: list[int],
        sets: list[int],
        deals: int,
        wins: list[int],
    ) -> tuple[bool, tuple[float, ...]]:
        """Whether the game is over after a deal that left these numbers, and each seat's
        return then (the C calls this where the game may be over)."""
        result = game_end(self.rules, scores, bags, sets, deals, wins)
        return result is not None, game_returns(self.rules, result)

    def caught_up(self, row: int, game: Game) -> Game:
        """Row ``row``'s game as the C has it: ``game`` (the row's, as last caught up) with
        the ids taken since replayed through the engine, or a new Game where the C began
        a new game since."""
        ids, games = self.vector.log(row)
        if games:
            game = Game(self.rules.variant, seed=self.seeds[row])
        for action_id in ids:
            game.apply_id(action_id)
        return game
