"""Hypothesis strategies for spadeslib's own types, for your tests and ours.

Hypothesis is an optional dependency (``pip install spadeslib[testing]``); import this
module only from tests.

>>> from hypothesis import given
>>> from spadeslib.testing import variants
>>> @given(variants(players=4))
... def test_every_variant_compiles(variant):
...     assert variant.compile().players == 4

Every strategy builds its value by construction, choosing each setting only among the
values the settings already drawn allow, so every example is valid and a failing one
shrinks towards the standard game (4 players in pairs, one pack, 13 cards each, the
defaults of :class:`~spadeslib.variant.Variant`). Arguments are keyword-only, and
arguments that no value could satisfy raise :class:`hypothesis.errors.InvalidArgument`.

Hands are int masks over the bits of a :class:`~spadeslib.compiler.Rules`; deals are
lists of :class:`~spadeslib.cards.Card` (``rules.mask_of`` turns a list into a mask).

The strategies for a variant and the compiled rules' cards, hands and deals are in
:mod:`.strategies` (a variant's data is drawn section by section in :mod:`.variant_data`),
those for games in :mod:`.playing`; every public name is here.
"""

from spadeslib.testing.playing import actions, games, plausible_action_id
from spadeslib.testing.strategies import DealtCards, cards, deals, hands, variants

__all__ = [
    "DealtCards",
    "actions",
    "cards",
    "deals",
    "games",
    "hands",
    "plausible_action_id",
    "variants",
]
