"""The engine: :class:`Game` plays whole games of any variant through actions.

One job per module: :mod:`.actions` (actions, their text and ids), :mod:`.state` (the full
state), :mod:`.phases` (one module per phase of a deal), :mod:`.flow` (the order of the
phases), :mod:`.dealing` and :mod:`.shuffle` (deals), :mod:`.observation` (what a seat may
know), :mod:`.record` (records and replays), :mod:`.game` (the public :class:`Game`, its
:mod:`.legal_actions` and :mod:`.returns`).
"""

from spadeslib.compiler.action_ids import ActionSpace, action_space
from spadeslib.compiler.action_text import Action, ActionParseError
from spadeslib.engine.core.results import DealResult
from spadeslib.engine.game import TERMINAL, Game, LegalActions
from spadeslib.engine.views.observation import Observation

__all__ = [
    "TERMINAL",
    "Action",
    "ActionParseError",
    "ActionSpace",
    "DealResult",
    "Game",
    "LegalActions",
    "Observation",
    "action_space",
]
