"""The vector environment's rows before their play where a seat may bid Blind Nil, stepped
natively (``src/native/vector_blind.c``): the Python side.

Why: the engine's native auction starts only where every seat has looked, so a deal in
which a side trails enough to be offered Blind Nil went through the engine, a visit a
step, from the first blind decision to the exchange after a Blind Nil (under random play,
most of ``standard``'s visits). Here such a row begins natively at an agent's turn (its
templates made with the engine's tensors, as for a native auction), and when its play
starts the C starts it too (the play's templates from the last ones) and the row plays
on. When the Python next needs the row's :class:`~spadeslib.engine.Game` (the deal's
end, a look), what happened natively is settled into it as the engine's phases
would have left it (the ids and decisions, the bids, the hands after the exchange), the
engine's flow starts the play, and the native step's play, with the cards played since,
takes its place: the Game is the one truth again. Replaying the ids through the
engine instead (each one checked) cost what the visits had cost, most of it the blind
decisions' bookkeeping, so that is kept for a look at a row before its play
(:meth:`SpadesVectorEnv.game` catches the row up first, :meth:`BeforePlay.catch_up`).

Only the variants whose deal before the play the C follows step by step take this path:
seat-by-seat bidding, Blind Nil the one blind bid, one pack, no misdeal, raise round or
rule on the total, no Standard seat (its bids are the Python's); the rest go through the
engine as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from spadeslib.compiler.bids import NO_BID
from spadeslib.compiler.phases import Phase
from spadeslib.engine.core import flow
from spadeslib.engine.core.kernel_sources import auction_inputs
from spadeslib.engine.core.phases import blind
from spadeslib.engine.views.tensor_layout import phase_names

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules
    from spadeslib.engine import Game

__all__ = ["BeforePlay"]

_TAKEN: Final = frozenset({Phase.BID, Phase.EXCHANGE, Phase.PLAY})


def _follows(rules: Rules, levels: tuple[str | None, ...]) -> bool:
    """Whether the C follows this variant's deal before the play (the module docstring)."""
    bidding = rules.variant.bidding
    return (
        rules.kernel is not None
        and rules.blind_bids
        and bidding.blind_nil.enabled
        and not bidding.blind.enabled
        and not rules.partnership
        and not rules.relevant.seat_total
        and not rules.misdeals
        and not rules.draws
        and not bidding.first_deal_bids_itself
        and rules.packs == 1
        and rules.phases[:1] == (Phase.BID,)
        and set(rules.phases) <= _TAKEN
        and "standard" not in levels
    )


class BeforePlay:
    """The rows of one environment that may step natively before their play."""

    def __init__(self, vector: Any, rules: Rules, layout: Any, num_envs: int) -> None:
        self.vector = vector
        self.rules = rules
        self.layout = layout
        self.begun = [False] * num_envs  # per row: it began natively and may have ids to replay
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
        self._everyone = rules.everyone

    @classmethod
    def made(
        cls, vector: Any, rules: Rules, levels: tuple[str | None, ...], layout: Any, rows: int
    ) -> BeforePlay | None:
        """The rows' native path before the play, where the variant and the bots allow it."""
        return cls(vector, rules, layout, rows) if _follows(rules, levels) else None

    def ready(self, game: Game) -> bool:
        """Whether ``game`` (a row's, at an agent seat's turn) is where the native path
        takes a row: the blind decision or the first round of the bidding, nothing given."""
        state = game._s
        phase = state.phase
        return (
            state.play is None
            and (phase == Phase.BID or (phase == Phase.BLIND and state.resume == Phase.BID))
            and state.come_out_side < 0
            and not state.side_blind
            and len(state.steps) == self.rules.players
            and not any(state.gave)
            and not any(state.seen_cards)
        )

    def begin(self, row: int, game: Game, rows_made: int) -> None:
        """Row ``row`` goes on natively from its game now (:meth:`ready`; its templates
        made, ``rows_made`` decisions' rows in them)."""
        state = game._s
        rules = self.rules
        phase = state.phase
        scores = state.scores
        behind_range = rules.relevant.blind.behind
        behind = []
        for side, score in enumerate(scores):
            value = 0
            if behind_range is not None:
                others = [other for index, other in enumerate(scores) if index != side]
                low, high = behind_range
                value = min(max((max(others) - score) if others else 0, low), high)
            behind.append(value)
        numbers = [
            int(phase == Phase.BLIND),
            state.actor,
            state.step,
            state.seen,
            state.nil_seats,
            int(state.first_deal),
            rows_made,
            state.dealer,
            *(seat for _, seat, _ in state.steps),
            *state.bids,
            *state.contracts,
            *behind,
            *rules.captains[state.dealer],
        ]
        self.vector.begin(row, state.hands, numbers)
        self.begun[row] = True

    def catch_up(self, row: int, game: Game, play: Any) -> bool:
        """Bring ``game``, row ``row``'s, up to where the native step has it: replay the
        ids the row took since the last call (each checked by the engine) while the row
        is still native; once its play starts, settle the outcome instead. ``play``: the
        row's entry in the native step's plays. Whether the play started natively: it is
        then ``play``, the game's play from here (its templates the play's)."""
        if not self.begun[row]:
            return False
        ids, seats, still = self.vector.pending(row)
        if still:
            for action_id in ids:
                game.apply_id(action_id)
            return False
        self.begun[row] = False
        return self._settle(row, game._s, ids, seats, play)

    def _settle(self, row: int, state: Any, ids: list[int], seats: list[int], play: Any) -> bool:
        """What the blind decisions', the bids' and the exchange's phases leave in the
        state, as they would have left it (engine/core/apply.py: the decisions and the
        log; phases/blind.py, bidding.py, exchange.py: the rest), then the play's start,
        as the engine's flow reaches it (flow.next_phase); where the native step started
        the play (vector_blind.c prelude_play, as play.py enter does), ``play`` is the
        play from there on, with the cards played since."""
        outcome = self.vector.outcome(row)
        hands, gave, taken, bids, contracts, nils, seen, exchanged, started = outcome
        state.decisions.extend(zip(seats, ids, strict=True))
        if ids:
            state.log = (state.log, tuple(ids))
        state.legal_ids = None
        state.hands = hands
        state.gave = gave
        state.seen_cards = taken
        state.bids = bids
        state.contracts = contracts
        state.nil_seats = nils
        state.seen = seen
        state.resume = Phase.OVER
        state.phase = Phase.EXCHANGE if exchanged else Phase.BID
        flow.next_phase(state)
        if state.phase != Phase.PLAY:  # (never: the engine agrees there is no more to do)
            raise AssertionError(f"row {row}: the play did not start after its auction")
        if started:  # the engine's play, as the native step's began, gives way to it
            state.start_play(play)
        return bool(started)

    def reset(self) -> None:
        self.vector.stop()
        self.begun = [False] * len(self.begun)
