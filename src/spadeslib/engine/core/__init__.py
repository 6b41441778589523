"""The engine's core: a game's state and the one way it changes.

:mod:`.state` holds a game, :mod:`.apply` applies an action to it (through the phase of
the moment, :mod:`.phases`, in the order :mod:`.flow` keeps), :mod:`.positions` makes,
replays and undoes games, and :mod:`.game_loop` is the public loop's hot calls. Nothing
here imports the views, the search support or the :class:`~spadeslib.engine.game.Game`
built on it.
"""
