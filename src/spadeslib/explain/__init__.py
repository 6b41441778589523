"""The rules card: a variant told in plain sentences, in the order a player meets the rules.

>>> from spadeslib.variant import Variant
>>> card = explain(Variant.model_validate({"name": "short", "game_end": {"target": 300}}))
>>> print(card.splitlines()[0])
# Rules card: short
>>> print(next(line for line in card.splitlines() if "300" in line)[:58])
- **House rule:** The first side to reach 300 points wins.

Each section of the card is one module, a function from the variant to its statements
(:class:`Statement`), listed in :data:`SECTIONS`: :mod:`.players`, :mod:`.deck`,
:mod:`.deal`, :mod:`.misdeal`, :mod:`.passing`, :mod:`.bidding` (with :mod:`.nil`,
:mod:`.blind_bids` and :mod:`.special_bids`), :mod:`.play`, :mod:`.scoring` and
:mod:`.game_end`. Alternatives inside a section (the bidding form, the spade-lead rule,
the Boston...) are dispatched by their ``kind``. The sections share :mod:`.words` (how a
card, a number, a list is written) and :mod:`.facts` (what the variant implies: the pack,
the value of a contract). :mod:`.card` marks the house rules, :mod:`.render` writes the
card as Markdown or text, :mod:`.pages` writes the bundled variants' cards for the docs,
:mod:`.house_rule` tells what a bundled house rule sets and shows it on a variant.
:mod:`.diff` tells two variants' differences with the same words.
"""

from __future__ import annotations

from spadeslib.explain.card import SECTIONS, statements
from spadeslib.explain.deck import trump_order
from spadeslib.explain.house_rule import explain_house_rule
from spadeslib.explain.pages import rules_cards, write_rules_cards
from spadeslib.explain.render import Format, explain
from spadeslib.explain.words import Statement

__all__ = [
    "SECTIONS",
    "Format",
    "Statement",
    "explain",
    "explain_house_rule",
    "rules_cards",
    "statements",
    "trump_order",
    "write_rules_cards",
]
