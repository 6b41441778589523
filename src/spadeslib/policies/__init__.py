"""The playout and rollout policies: the layer between the engine and the bots.

:mod:`.standard` is the Standard card rule (natively where the core is built), which the
Standard, Pro and Expert bots play and the rollouts of their searches use;
:mod:`.playouts` plays many whole deals at once with the random, easy or Standard levels
(:func:`spadeslib.playouts`), with its arguments checked in :mod:`.playout_args`.
"""
