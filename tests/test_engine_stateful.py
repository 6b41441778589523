"""The engine as a state machine driven by Hypothesis (issue 3's stateful test).

Hypothesis picks each step: one legal action of its choosing, a run of plausible random
actions, the rest of the deal, an illegal action, a clone played on, a record replayed.
Between steps the invariants hold: every deal uses every card once and no card is in two
places; every trick goes to the card the plain reading of the rules picks; scores change
only at the end of a deal, whose tricks add up to the hand size; bags are never
negative. A failing run shrinks to the shortest sequence of steps that breaks one.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from game_helpers import (
    check_deal_uses_every_card_once,
    check_no_card_twice,
    check_observation,
    check_trick_winners,
    dump,
    plausible_id,
)
from spadeslib.engine import Game
from spadeslib.errors import IllegalActionError
from spadeslib.loader import bundled_variants
from spadeslib.testing import variants
from spadeslib.variant import Variant, load_variant

VARIANTS = st.sampled_from(sorted(bundled_variants())).map(load_variant) | variants()


def _playing(machine: GameMachine) -> bool:
    return not machine.game.is_over


class GameMachine(RuleBasedStateMachine):
    game: Game

    @initialize(variant=VARIANTS, seed=st.integers(0, 2**64 - 1))
    def new_game(self, variant: Variant, seed: int) -> None:
        self.game = Game(variant, seed=seed)
        self.deals = 0
        self.scores = self.game.scores

    def after_action(self) -> None:
        """Scores move only when a deal ends, and a finished deal took every trick."""
        game = self.game
        check_trick_winners(game)
        if game.deal_number != self.deals:
            event("a deal was scored")
            self.deals = game.deal_number
            assert sum(game.deal_history[-1].tricks) == game.variant.deal.hand_size
            self.scores = game.scores
        else:
            assert game.scores == self.scores

    @precondition(_playing)
    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        ids = self.game.legal_action_ids()
        assert ids == sorted(set(ids))
        self.game.apply_id(data.draw(st.sampled_from(ids), label="action id"))
        self.after_action()

    @precondition(_playing)
    @rule(seed=st.integers(0, 2**32), count=st.integers(1, 80))
    def play_on(self, seed: int, count: int) -> None:
        rng = random.Random(seed)
        for _ in range(count):
            if self.game.is_over:
                return
            self.game.apply_id(plausible_id(self.game, rng))
            self.after_action()

    @precondition(_playing)
    @rule(seed=st.integers(0, 2**32))
    def finish_the_deal(self, seed: int) -> None:
        rng = random.Random(seed)
        deal = self.game.deal_number
        for _ in range(5_000):
            if self.game.is_over or self.game.deal_number != deal:
                return
            self.game.apply_id(plausible_id(self.game, rng))
            self.after_action()
        raise AssertionError(f"the deal did not end in 5,000 actions: {self.game!r}")

    @rule(data=st.data())
    def an_illegal_action_changes_nothing(self, data: st.DataObject) -> None:
        game = self.game
        before = dump(game)
        legal = set(game.legal_action_ids())
        size = game._s.space.dense_size
        wrong = data.draw(
            st.integers(-3, size + 3).filter(lambda i: i not in legal)
            | st.sampled_from(["bid 99", "play 1X", "", "pass", 4.0, None]),
            label="illegal action",
        )
        try:
            if isinstance(wrong, int):
                game.apply_id(wrong)
            else:
                game.apply(wrong)  # type: ignore[arg-type]
        except IllegalActionError:
            pass
        else:  # pragma: no cover - reached only by an engine bug
            raise AssertionError(f"illegal action {wrong!r} was applied")
        assert dump(game) == before

    @precondition(_playing)
    @rule(data=st.data())
    def a_clone_is_independent(self, data: st.DataObject) -> None:
        before = dump(self.game)
        twin = self.game.clone()
        assert dump(twin) == before
        twin.apply_id(data.draw(st.sampled_from(twin.legal_action_ids()), label="clone's id"))
        assert dump(self.game) == before

    @rule()
    def the_record_replays_to_the_same_state(self) -> None:
        if self.game.is_over:
            event("a game was over")
        game = self.game
        assert dump(Game.replay(game.record())) == dump(game)
        assert dump(Game.from_json(game.to_json())) == dump(game)

    @precondition(_playing)
    @rule(data=st.data())
    def an_observation_holds_only_what_its_seat_may_know(self, data: st.DataObject) -> None:
        players = self.game.variant.table.players
        check_observation(self.game, data.draw(st.integers(0, players - 1), label="seat"))

    @invariant()
    def bags_are_never_negative(self) -> None:
        assert all(bags >= 0 for bags in self.game.bags)

    @invariant()
    def every_card_is_in_one_place(self) -> None:
        check_deal_uses_every_card_once(self.game)
        check_no_card_twice(self.game)


TestGameMachine = GameMachine.TestCase
TestGameMachine.settings = settings(
    stateful_step_count=40,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
