"""Helpers for the engine tests: a plausible random player and invariant checks."""

from __future__ import annotations

import json
import random
from typing import cast

import reference_rules as ref
from spadeslib.engine import Action, Game
from spadeslib.engine.core import flow
from spadeslib.engine.core.state import State
from spadeslib.testing import plausible_action_id
from spadeslib.variant import Variant


def plausible_id(game: Game, rng: random.Random) -> int:
    """A random legal action, bids near a fair share (see ``plausible_action_id``)."""
    return plausible_action_id(game, rng)


def played(variant: Variant | str, seed: int, steps: int) -> Game:
    """A seeded game after ``steps`` plausible actions (fewer if it ends first)."""
    game = Game(variant, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply_id(plausible_id(game, rng))
    return game


def play_game(game: Game, rng: random.Random, *, limit: int = 200_000) -> Game:
    """Play ``game`` to its end with :func:`plausible_id`."""
    for _ in range(limit):
        if game.is_over:
            return game
        game.apply_id(plausible_id(game, rng))
    raise AssertionError(f"game not over after {limit} actions: {game!r}")


def table_rows(table: memoryview) -> list[list[int]]:
    """The rows of a 2-D table (``spadeslib.playouts``'): ``tolist()`` nests them, where
    typeshed's ``memoryview.tolist()`` says ``list[int]``, the answer for one dimension."""
    return cast("list[list[int]]", table.tolist())


def dump(game: Game) -> str:
    """The canonical bytes of the full state."""
    return json.dumps(game.state_dict(), sort_keys=True)


def apply_all(game: Game, *actions: str) -> Game:
    for action in actions:
        game.apply(action)
    return game


def texts(game: Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def action(text: str) -> Action:
    return Action.parse(text)


# -- invariants of any game (tests/test_game_properties.py, tests/test_engine_stateful.py) --


def _state(game: Game) -> State:
    """The game's state, up to date (the native core may be ahead of its fields)."""
    return flow.deal_if_due(game._s)


def check_deal_uses_every_card_once(game: Game) -> None:
    s = _state(game)
    hands, rest = s.dealt
    seen = 0
    total = 0
    for hand in hands:
        assert not seen & hand
        seen |= hand
        total += hand.bit_count()
    for bit in rest:
        assert not seen >> bit & 1
        seen |= 1 << bit
        total += 1
    assert seen == s.rules.full_mask and total == s.rules.size


def check_observation(game: Game, seat: int) -> None:
    """The seat's own hand (once it looked), what it received into it, what it gave away,
    public cards and played cards: nothing else is in its observation."""
    obs = game.observation(seat)
    own = set(game.hand(seat))
    if obs.hand is not None:
        assert set(obs.hand) == own
    else:
        assert obs.received == ()
    played = {c for _, cards in obs.tricks for c in cards} | {c for _, c in obs.trick}
    gone = set(obs.passed) | set(obs.given) | set(obs.discarded) | played
    assert set(obs.received) <= own | gone
    assert obs.top_card is None or game.current_player == seat
    s = _state(game)
    public = {s.rules.deck[bit] for _, bits in s.trick_log for bit in bits}
    public |= {s.rules.deck[bit] for bit in s.trick}
    assert played == public


def check_trick_winners(game: Game) -> None:
    """Each trick of the deal was won by the card the plain reading of the rules picks
    (``reference_rules``): its winner led the next trick, and the last winner leads now."""
    s = _state(game)
    if not s.trick_log:
        return
    variant = game.variant
    leaders = [leader for leader, _ in s.trick_log[1:]] + [s.leader]
    for (leader, bits), winner in zip(s.trick_log, leaders, strict=True):
        cards = [s.rules.deck[bit] for bit in bits]
        assert winner == (leader + ref.trick_winner(variant, cards)) % s.players


def check_no_card_twice(game: Game) -> None:
    """No card is in two hands, or in a hand and played: a card is held or gone."""
    s = _state(game)
    held = 0
    for hand in s.hands:
        assert not held & hand
        held |= hand
    for _, bits in s.trick_log:
        for bit in bits:
            assert not held >> bit & 1
    for bit in s.trick:
        assert not held >> bit & 1
