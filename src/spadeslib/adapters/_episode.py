"""What the adapters share: one episode of a :class:`~spadeslib.engine.Game`, cut short
after a number of deals if asked, and the rewards each step earns.

An episode is a whole game by default (``deals=None``); ``deals=k`` ends it once ``k``
deals are scored (sooner if the game ends). Two reward schemes, both from
:meth:`Game.returns <spadeslib.engine.Game.returns>`:

- ``"game"``: nothing until the game is over, then each seat's share of the win
  (``returns("game")``: +1 and -1 with two sides; it adds up to 0). An episode cut by
  ``deals`` before the end of the game earns nothing: it is truncated, not over.
- ``"points"``: each time a deal is scored, the points its seat's side scored in it
  (``returns("deal")``), so an episode's total is each side's score.
"""

from __future__ import annotations

import operator
import os
from typing import Final

from spadeslib.engine import Action, Game
from spadeslib.engine.game import resolve_variant
from spadeslib.errors import ArgumentError, IllegalActionError
from spadeslib.variant import Variant

__all__ = [
    "RENDER_MODES",
    "REWARDS",
    "Episode",
    "as_id",
    "check_deals",
    "check_reward",
    "check_tensor",
]

RENDER_MODES: Final = ("human", "ansi")
"""The render modes of the environments: printed, or returned as text."""

REWARDS: Final = ("game", "points")
"""The reward schemes (see the module docstring)."""


def check_deals(deals: object) -> int | None:
    """``deals`` checked: ``None`` (the whole game) or a positive int."""
    if deals is None:
        return None
    if type(deals) is not int or deals < 1:
        raise ArgumentError(
            f"deals must be None (the whole game) or an int of at least 1, not {deals!r}"
        )
    return deals


def check_tensor(tensor: object) -> str:
    """Which tensor an environment observes: ``"observation"`` or ``"information_state"``."""
    if tensor not in ("observation", "information_state"):
        raise ArgumentError(f"tensor must be 'observation' or 'information_state', not {tensor!r}")
    return str(tensor)


def check_reward(reward: object) -> str:
    if reward not in REWARDS:
        raise ArgumentError(
            f"reward must be one of {', '.join(map(repr, REWARDS))}, not {reward!r}"
        )
    return str(reward)


def as_id(action: object, game: Game | None) -> int:
    """An action as an int id: a numpy integer is one (what the libraries' spaces sample);
    anything else is an :class:`~spadeslib.errors.IllegalActionError` (describing
    ``game``, if there is one yet)."""
    try:
        if not isinstance(action, bool):
            return operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        pass
    raise IllegalActionError(
        action,
        "an action is an int id, 0 to num_distinct_actions - 1",
        rule="action",
        state="" if game is None else game.describe(),
    )


class Episode:
    """One episode: the game, where it stops, and the rewards of the last step."""

    __slots__ = ("deals", "game", "reward", "variant")

    def __init__(
        self,
        variant: Variant | str | os.PathLike[str],
        *,
        deals: int | None = None,
        reward: str = "game",
        render_mode: str | None = None,
    ) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ArgumentError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
        self.variant = resolve_variant(variant)
        self.deals = check_deals(deals)
        self.reward = check_reward(reward)
        self.game = Game(self.variant, seed=0)

    @property
    def players(self) -> int:
        return self.variant.compile().players

    def start(self, seed: int | None) -> Game:
        """A new game (seeded: the same seed, the same deals)."""
        self.game = Game(self.variant, seed=seed)
        return self.game

    @property
    def terminated(self) -> bool:
        """The game is over."""
        return self.game.is_over

    @property
    def truncated(self) -> bool:
        """The episode is cut after its deals, the game not over."""
        return (
            self.deals is not None and self.game.deal_number >= self.deals and not self.game.is_over
        )

    @property
    def done(self) -> bool:
        """The episode is over: the game is, or its deals are played."""
        game = self.game
        deals = self.deals
        return game.is_over or (deals is not None and game.deal_number >= deals)

    def render(self, mode: str | None) -> str | None:
        """The environments' ``render()``: one line, whose turn to do what and the
        scores, printed (``"human"``) or returned (``"ansi"``)."""
        if mode is None:
            return None
        game = self.game
        text = f"{game.describe()}; scores {list(game.scores)}"
        if mode == "human":
            print(text)
            return None
        return text

    def step(self, action_id: object) -> tuple[float, ...] | None:
        """Apply ``action_id`` (or an :class:`~spadeslib.engine.Action`), or raise
        :class:`~spadeslib.errors.IllegalActionError` if it is not legal (the game
        unchanged); return the rewards it earns each seat, or ``None`` for none."""
        game = self.game
        before = game.deal_number
        if type(action_id) is int:  # the usual case, checked by apply_id itself
            game.apply_id(action_id)
        elif isinstance(action_id, Action):  # a bot's choice
            game.apply(action_id)
        else:
            game.apply_id(as_id(action_id, game))
        if self.reward == "points":
            return game.returns("deal") if game.deal_number != before else None
        return game.returns("game") if game.is_over else None
