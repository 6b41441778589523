"""``spadeslib serve``: a card table for any variant, for people and bots together.

The server owns each game and every connection sees its seat's view of it
(:func:`spadeslib.server.view.state_message`); actions are written to an embedded store
(:mod:`.store`, SQLite) before anyone is told of them, so a restart loses nothing. The
protocol is ``docs/protocol.md``, with a JSON Schema per message in :data:`SCHEMAS`.

This package needs the ``server`` extra (``pip install 'spadeslib[server]'``: Starlette and
uvicorn) for :mod:`.app` and :mod:`.client`; importing ``spadeslib`` or this package
alone loads neither.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

__all__ = ["SCHEMAS"]

SCHEMAS: Final = Path(__file__).parent / "schemas"
"""The protocol's JSON Schemas, one file per message (``state.json``, ``act.json``, ...)."""
