"""Computer players (docs/bots.md): :class:`EasyBot`, :class:`StandardBot`, :class:`ProBot`
and :class:`ExpertBot` (search by expected score).

A bot sits above the engine: it is given one seat's
:class:`~spadeslib.engine.Observation` and the variant's compiled
:class:`~spadeslib.compiler.Rules`, and returns one of the observation's legal actions
(:class:`Bot`). It never sees another seat's cards. Every bot takes a seed; the same seed
and the same observations give the same decisions. :func:`play_game` plays a game to its
end with one bot per seat.

>>> from spadeslib.engine import Game
>>> from spadeslib.bots import StandardBot, play_game
>>> game = Game("standard", seed=11)
>>> result = play_game(game, [StandardBot(seed, simulations=4) for seed in range(4)])
>>> game.is_over, result.winner in (0, 1)
(True, True)

One module per job: :mod:`.protocol` (the :class:`Bot` protocol), :mod:`.base`
(dispatch on the phase), :mod:`.easy`, :mod:`.standard`, :mod:`.pro`, :mod:`.expert`
(the four players), :mod:`.worth` (what a deal's ending is worth to a side, by the
scoring), :mod:`.solving` (the Expert's endings solved double-dummy), the Standard play
rule in :mod:`spadeslib.policies.standard`,
:mod:`.auction` and :mod:`.bidding` (bidding by simulation, on deals of the unseen
cards from :mod:`spadeslib.engine.search.determinize`), :mod:`.decisions`
(passes, exchanges, discards, cuts, draws, blind decisions), :mod:`.tables`,
:mod:`.driver` (:func:`play_game`).
"""

from spadeslib.bots.driver import play_game
from spadeslib.bots.easy import EasyBot
from spadeslib.bots.expert import ExpertBot
from spadeslib.bots.pro import ProBot
from spadeslib.bots.protocol import Bot
from spadeslib.bots.standard import StandardBot

__all__ = ["Bot", "EasyBot", "ExpertBot", "ProBot", "StandardBot", "play_game"]
