"""Spades for learning agents through the standard interfaces: one module per library.

- :mod:`spadeslib.adapters.pettingzoo`: a PettingZoo AEC environment, one agent per seat
  (``pip install 'spadeslib[pettingzoo]'``);
- :mod:`spadeslib.adapters.gymnasium`: a single-agent Gymnasium environment, one seat
  against spadeslib's bots (``pip install 'spadeslib[gymnasium]'``);
- :mod:`spadeslib.adapters.openspiel`: ``register()`` makes ``spadeslib`` a game
  ``pyspiel.load_game`` knows (``pip install 'spadeslib[openspiel]'``).

Nothing here is imported by ``import spadeslib``, and this package imports none of the
three libraries: each module imports its own, so a missing one fails only where it is used
(see ``docs/agents.md``).
"""
