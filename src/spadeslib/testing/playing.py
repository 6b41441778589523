"""The strategies for games: games reached by random legal actions, and an action of one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from spadeslib.testing.strategies import variants
from spadeslib.variant.root import Variant

if TYPE_CHECKING:
    import random

    from spadeslib.engine import Action, Game

__all__ = ["actions", "games", "plausible_action_id"]

Draw = st.DrawFn


def games(
    variant: Variant | str | None = None,
    *,
    max_actions: int = 200,
    to_the_end: bool = False,
) -> st.SearchStrategy[Game]:
    """:class:`~spadeslib.engine.Game` objects reached by random legal actions.

    ``variant``: a variant or a bundled name; by default one drawn by :func:`variants`.
    The game is seeded from the draw and played for a drawn number of actions up to
    ``max_actions`` (shrinking to 0: a freshly dealt game), each chosen by Hypothesis, so
    a failing game shrinks to few, simple choices. With ``to_the_end`` the game then goes
    on until it is over, chosen by a Hypothesis-seeded random generator (a whole game is
    too many choices to shrink one by one). The players bid about a fair share of the
    tricks, so games under any variant end; every action is legal. Replays exactly: the
    seed and the actions are in ``game.record()``.
    """
    if not isinstance(max_actions, int) or max_actions < 0:
        raise InvalidArgument(f"max_actions={max_actions!r}: must be an int >= 0")
    if variant is not None and not isinstance(variant, (Variant, str)):
        raise InvalidArgument(f"variant={variant!r}: expected a Variant or a bundled name")
    chosen: st.SearchStrategy[Variant | str] = variants() if variant is None else st.just(variant)
    return _games(chosen, max_actions, to_the_end)


@st.composite
def _games(
    draw: Draw, chosen: st.SearchStrategy[Variant | str], max_actions: int, to_the_end: bool
) -> Game:
    from spadeslib.engine import Game

    game = Game(draw(chosen), seed=draw(st.integers(0, 2**64 - 1)))
    _play_for(game, draw(st.randoms()), draw(st.integers(0, max_actions)))
    if to_the_end:
        _play_for(game, draw(st.randoms(use_true_random=True)), 1_000_000)
    return game


def _play_for(game: Game, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if game.is_over:
            return
        game.apply_id(plausible_action_id(game, rng))


def actions(game: Game) -> st.SearchStrategy[Action]:
    """One of ``game``'s legal actions now (none once the game is over)."""
    legal = list(game.legal_actions())
    if not legal:
        raise InvalidArgument("the game is over: it has no legal actions")
    return st.sampled_from(legal)


def plausible_action_id(game: Game, rng: random.Random) -> int:
    """A random legal action id for ``game``, bids drawn near a fair share of the tricks.

    Uniformly random bids fail most contracts and a game to 500 then never ends; bidding a
    fair share keeps random games finite. Blind decisions and raises mostly decline.
    """
    ids = game.legal_action_ids()
    if game.phase not in ("bidding", "raise", "blind"):
        return ids[rng.randrange(len(ids))]
    rules = game.variant.compile()
    legal = list(game.legal_actions())
    quiet = [i for i, a in zip(ids, legal, strict=True) if a.kind in ("look", "stand")]
    if quiet and rng.random() < 0.9:
        return quiet[rng.randrange(len(quiet))]
    team = game.variant.bidding.form.kind == "partnership" or game.phase == "raise"
    share = rules.hand_size * (len(rules.sides[0]) if team else 1) // rules.players
    band = [
        i
        for i, a in zip(ids, legal, strict=True)
        if a.kind in ("bid", "raise")
        and a.number is not None
        and max(1, share - 2) <= a.number <= share
    ]
    if band and rng.random() < 0.95:
        return band[rng.randrange(len(band))]
    return ids[rng.randrange(len(ids))]
