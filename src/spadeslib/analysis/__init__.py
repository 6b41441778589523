"""Double-dummy analysis: what each card is worth with every hand seen.

:func:`double_dummy` answers, for a game in its play phase, how many tricks the seat to
play's side takes with each of its legal cards, the rest of the deal played best by every
seat; :func:`nil_can_be_set` asks whether a Nil bidder can be made to take a trick.
:func:`review_record` goes through a played game card by card (the ``spadeslib analyze``
command). See docs/analysis.md.

One module per job: :mod:`.position` (a game's position, every hand seen),
:mod:`.reference` (the plain minimax, the reference and the pure-Python path),
:mod:`.solve` (the public questions, and which solver answers), :mod:`.review` (a record
reviewed card by card). The native solver is ``src/native/solver.c``.
"""

from __future__ import annotations

from spadeslib.analysis.position import Position, position_of
from spadeslib.analysis.review import CardReview, DealReview, first_reviewable, review_record
from spadeslib.analysis.solve import card_values, double_dummy, nil_can_be_set

__all__ = [
    "CardReview",
    "DealReview",
    "Position",
    "card_values",
    "double_dummy",
    "first_reviewable",
    "nil_can_be_set",
    "position_of",
    "review_record",
]
