"""Every composition of house rules plays the same on both paths, and every score adds up.

The native/Python differential tests of ``test_native.py`` play the bundled variants and
generated ones; the compositions users write (a bundled variant with house rules on top)
are another population, and one of them was scored wrong natively: ``extends: barmore``
with ``passing-three`` let the native auction start after a side had bid blind (it bids
blind, then passes: by the bidding every seat has looked), so the play followed an
auction the Python flow never held. Here every bundled variant takes each bundled house
rule in turn (the compositions that do not validate are skipped), and random sets of two
to four house rules are drawn on top of a bundled variant; each is played for two deals
of seeded random play, natively and in Python where the native core is built, in Python
alone where it is not. The records must be equal, and every deal's score consistent:
``before + total == after == DealResult.scores``, the parts adding up to the total, each
deal starting from the standing the last one left, and the tricks adding up to the hand.

``HYPOTHESIS_PROFILE=thorough`` plays more seeds of every composition and many more drawn
sets.
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import spadeslib
from spadeslib import _backend
from spadeslib.engine import Game
from spadeslib.scoring import Standing

VARIANTS = spadeslib.bundled_variants()
HOUSE_RULES = spadeslib.bundled_house_rules()
NATIVE = _backend.native() is not None
SEEDS = range(12) if os.environ.get("HYPOTHESIS_PROFILE") == "thorough" else range(1)


def _text(base: str, rules: tuple[str, ...] | list[str]) -> str:
    return f"extends: {base}\nhouse_rules: [{', '.join(rules)}]\n"


def _valid(text: str) -> bool:
    return not spadeslib.validate(text)


def _play(text: str, seed: int, *, pure: bool, deals: int = 2) -> Game:
    """Two deals (or the whole game, if it ends first) of seeded random play."""
    variant = spadeslib.parse_variant(text)
    if pure:
        with _backend.pure_python():
            game = Game(variant, seed=seed)
    else:
        game = Game(variant, seed=seed)
    rng = random.Random(seed)
    for _ in range(20_000):
        if game.is_over or len(game.deal_history) >= deals:
            return game
        ids = game.legal_action_ids()
        game.apply_id(ids[int(rng.random() * len(ids))])
    raise AssertionError(f"{deals} deals not played after 20,000 actions")


def _inconsistencies(game: Game) -> list[str]:
    """Every way the game's scores fail to add up, in words (none: an empty list)."""
    found: list[str] = []
    rules = game.variant.compile()
    previous = [Standing()] * len(rules.sides)
    for deal in game.deal_history:
        at = f"deal {deal.number}"
        if sum(deal.tricks) != rules.hand_size:
            found.append(f"{at}: tricks {deal.tricks} do not add up to {rules.hand_size}")
        sides = deal.score.sides
        for side in sides:
            where = f"{at}, side {side.side}"
            parts = (
                side.contract_points
                + side.overtrick_points
                + side.nil_points
                + side.bonus_points
                - side.bag_penalty  # a cost, counted positive
            )
            if parts != side.total:
                found.append(f"{where}: the parts add up to {parts}, the total is {side.total}")
            if side.before.score + side.total != side.after.score:
                found.append(f"{where}: {side.before.score} + {side.total} != {side.after.score}")
            if side.before != previous[side.side]:
                found.append(f"{where}: starts from {side.before}, not {previous[side.side]}")
            previous[side.side] = side.after
        after = tuple(side.after.score for side in sides)
        if after != deal.scores:
            found.append(f"{at}: the score's after {after} != DealResult.scores {deal.scores}")
        if tuple(side.after.bags for side in sides) != deal.bags:
            found.append(f"{at}: the score's bags differ from DealResult.bags {deal.bags}")
    if game.deal_history and game.scores != game.deal_history[-1].scores:
        found.append(f"the game's scores {game.scores} are not its last deal's")
    return found


def _record(game: Game) -> str:
    return json.dumps(game.record(), sort_keys=True)


def _check(text: str, seed: int) -> list[str]:
    """What is wrong with ``text`` played from ``seed``: inconsistent scores on either
    path, the paths' records apart, or an exception on either."""
    problems: list[str] = []
    games: dict[str, Game] = {}
    for path in ("python", "native") if NATIVE else ("python",):
        try:
            games[path] = _play(text, seed, pure=path == "python")
        except Exception as error:  # reported with its composition, not raised alone
            problems.append(f"{path}: {type(error).__name__}: {error}")
            continue
        problems += [f"{path}: {each}" for each in _inconsistencies(games[path])]
    if len(games) == 2 and _record(games["native"]) != _record(games["python"]):
        problems.append("the native and Python records differ")
    return [f"{text.strip()!r} seed {seed}: {each}" for each in problems]


@pytest.mark.parametrize("base", VARIANTS)
def test_each_house_rule_on_each_bundled_variant(base: str) -> None:
    compositions = [_text(base, [rule]) for rule in HOUSE_RULES]
    valid = [text for text in compositions if _valid(text)]
    assert valid, f"no house rule composes with {base}"
    problems: list[Any] = []
    for text in valid:
        for seed in SEEDS:
            problems += _check(text, seed)
    assert not problems, "\n".join(problems)


@st.composite
def compositions(draw: st.DrawFn) -> str:
    """A bundled variant and two to four bundled house rules that compose with it: the
    rules are taken in a drawn order, each kept if the composition so far stays valid, so
    every draw is valid by construction (and shrinks to a short list)."""
    base = draw(st.sampled_from(VARIANTS))
    order = draw(st.permutations(HOUSE_RULES))
    wanted = draw(st.integers(2, 4))
    kept: list[str] = []
    for rule in order:
        if _valid(_text(base, [*kept, rule])):
            kept.append(rule)
            if len(kept) == wanted:
                break
    return _text(base, kept)


@given(compositions(), st.integers(0, 2**32 - 1))
@example(_text("barmore", ["passing-three"]), 0)  # the composition scored wrong natively
@example(_text("six-handed", ["passing-three", "barmore-blind-seven"]), 3)
def test_random_sets_of_house_rules(text: str, seed: int) -> None:
    problems = _check(text, seed)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    "text", [_text("barmore", ["passing-three"]), _text("six-handed", ["passing-three"])]
)
def test_the_compositions_once_scored_wrong_natively_play_right(text: str) -> None:
    # Before the fix, seeds 0 to 299 of barmore + passing-three recorded a wrong deal in
    # about 79% of games and crashed in about 21% on the native path.
    problems = [each for seed in range(12) for each in _check(text, seed)]
    assert not problems, "\n".join(problems)


def test_no_bid_is_asked_of_sides_that_bid_blind_before_passing() -> None:
    # Both sides of barmore + passing-three bid blind, then pass: the bidding has no turn
    # left, and the play starts (the native auction used to start here instead).
    game = Game(spadeslib.parse_variant(_text("barmore", ["passing-three"])), seed=0)
    for action in ("blind 12", "pass 5S", "pass 3H", "pass 3C", "blind 10", "pass 3S"):
        game.apply(action)
    for action in ("pass KH", "pass TH", "pass QS", "pass 3D", "pass 8H", "pass 9D"):
        game.apply(action)
    game.apply("pass JS")
    game.apply("pass 4D")
    assert game.phase == "play"
    assert game.current_player == 2
    assert not [str(each) for each in game.legal_actions() if str(each).startswith("bid")]
