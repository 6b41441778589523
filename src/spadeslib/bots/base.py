"""What the bots share: a seeded generator and dispatch on the phase.

Each phase name (``Observation.phase``) maps to the method that answers it, in one dict
built at import; a subclass overrides the methods it decides differently. A decision with
one legal action is taken without asking anything.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence
from typing import Final

from spadeslib.compiler import Rules
from spadeslib.engine import Action, Observation
from spadeslib.engine.core.shuffle import SplitMix64
from spadeslib.errors import ArgumentError

__all__ = ["BaseBot"]

_Handler = Callable[["BaseBot", Observation, Rules, Sequence[Action]], Action]


class BaseBot:
    """A bot with a seeded generator; see :class:`spadeslib.bots.Bot` for the protocol."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        """Chooses among equal actions."""
        self.stream = SplitMix64(secrets.randbits(64) if seed is None else seed)
        """Draws the deals the bots simulate (:mod:`spadeslib.engine.search.determinize`): the
        library's own generator, so a native implementation reproduces them."""

    def act(self, observation: Observation, rules: Rules | None = None) -> Action:
        if rules is None:
            rules = observation.rules
            if rules is None:
                raise ArgumentError(
                    "this observation was read back from data and does not carry the "
                    "game's rules: pass them, bot.act(observation, variant.compile())"
                )
        elif not isinstance(rules, Rules):
            raise ArgumentError(
                f"rules must be a variant's compiled Rules, like "
                f"bot.act(observation, variant.compile()), not a {type(rules).__name__}"
            )
        legal = observation.legal_actions
        if not legal:
            raise ArgumentError(
                f"seat {observation.seat} has no decision to make now "
                f"(phase {observation.phase!r}, seat {observation.current_player!r} to act)"
            )
        if len(legal) == 1:
            return legal[0]
        handler = _HANDLERS.get(observation.phase)
        if handler is None:  # a phase this bot does not know: any legal action
            return self.rng.choice(legal)
        return handler(self, observation, rules, legal)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"

    # One method per phase; the defaults choose at random (Easy overrides few of them).

    def play(self, observation: Observation, rules: Rules, legal: Sequence[Action]) -> Action:
        return self.rng.choice(legal)

    def bid(self, observation: Observation, rules: Rules, legal: Sequence[Action]) -> Action:
        return self.rng.choice(legal)

    def blind(self, observation: Observation, rules: Rules, legal: Sequence[Action]) -> Action:
        return next(action for action in legal if action.kind == "look")

    def raise_(self, observation: Observation, rules: Rules, legal: Sequence[Action]) -> Action:
        return next(action for action in legal if action.kind == "stand")

    def pass_cards(self, observation: Observation, rules: Rules, legal: Sequence[Action]) -> Action:
        return self.rng.choice(legal)

    def give(self, observation: Observation, rules: Rules, legal: Sequence[Action]) -> Action:
        return self.rng.choice(legal)

    def discard(self, observation: Observation, rules: Rules, legal: Sequence[Action]) -> Action:
        return self.rng.choice(legal)

    def cut(self, observation: Observation, rules: Rules, legal: Sequence[Action]) -> Action:
        return self.rng.choice(legal)

    def draw(self, observation: Observation, rules: Rules, legal: Sequence[Action]) -> Action:
        return self.rng.choice(legal)


_HANDLERS: Final[dict[str, _Handler]] = {
    "play": lambda bot, o, r, legal: bot.play(o, r, legal),
    "bidding": lambda bot, o, r, legal: bot.bid(o, r, legal),
    "blind": lambda bot, o, r, legal: bot.blind(o, r, legal),
    "raise": lambda bot, o, r, legal: bot.raise_(o, r, legal),
    "passing": lambda bot, o, r, legal: bot.pass_cards(o, r, legal),
    "exchange": lambda bot, o, r, legal: bot.give(o, r, legal),
    "discard": lambda bot, o, r, legal: bot.discard(o, r, legal),
    "cut": lambda bot, o, r, legal: bot.cut(o, r, legal),
    "draw": lambda bot, o, r, legal: bot.draw(o, r, legal),
}
"""Each phase's method (looked up through the instance, so subclasses override it)."""
