"""Legal plays: following suit, leading spades, the first trick and the void rules
(docs/format.md, `play`).

:func:`legal_plays` is bound as :meth:`Rules.legal_plays
<spadeslib.compiler.rules.Rules.legal_plays>`. Everything it needs is decided when the
variant is compiled (:func:`lead_flags`, :data:`VOID_RULES`), so a call only ANDs masks.

How the rules combine (each reading is pinned by a test in ``tests/test_compiler_follow.py``):

- **Following suit comes first.** A player holding the effective suit led must play it,
  whatever else is set; the first-trick and void rules only apply to a player who cannot.
- **First trick, ``no_spades``**: a player void in the suit led may not play a trump to the
  first trick unless holding only trumps; this overrides ``play.void`` on that trick.
- **Void rules** (``play.void``), for a player who cannot follow:

  - ``free``: any card;
  - ``must_trump``: a trump if holding one;
  - ``must_overtrump``: a trump if holding one (it includes ``must_trump``); and when a
    trump is already winning the trick, one that beats it if holding one; a player who
    holds trumps but none high enough must still play a trump (undertrump), as in the
    other games with this rule (Belote, Tarot). Whose trump is winning, partner's or an
    opponent's, makes no difference. With two packs, "beats" follows
    ``deck.identical_cards``: under ``later_wins`` the twin of the winning trump beats it;
  - ``screamer``: no trump unless holding only trumps.

  None of them applies when trumps are led: then following suit is all there is.
- **Leading**: a trump may be led unless a restriction holds, and a leader holding only
  trumps may always lead one. Restrictions: the first trick under ``play.first_trick``
  ``no_spade_lead`` or ``no_spades``; and, by ``play.spade_lead``, ``when_broken`` before
  spades are broken, ``after_tricks`` (N) in tricks 0..N-1 unless broken,
  ``only_spades_left`` always, ``any_time`` never.
- **The lowest club**: a non-zero ``must_lead`` mask (see :meth:`Rules.first_lead_mask`)
  makes the legal leads ``hand & must_lead`` and overrides every lead restriction.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from spadeslib.compiler.layout import SPADES
from spadeslib.compiler.tricks import trick_winner
from spadeslib.variant.play import Play

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules

__all__ = ["NEVER", "VOID_RULES", "LeadFlags", "VoidRule", "allowed", "lead_flags", "legal_plays"]

NEVER = 1 << 30
"""A trick number no deal reaches."""

VoidRule = Callable[["Rules", int, Sequence[int]], int]
"""What a player who cannot follow may play: ``(rules, hand, trick) -> mask``."""


def _free(rules: Rules, hand: int, trick: Sequence[int]) -> int:
    return hand


def _must_trump(rules: Rules, hand: int, trick: Sequence[int]) -> int:
    return hand & rules.trump_mask or hand


def _must_overtrump(rules: Rules, hand: int, trick: Sequence[int]) -> int:
    trumps = hand & rules.trump_mask
    if not trumps:
        return hand
    top = trick[trick_winner(rules, trick)]
    if rules.suit_of[top] == SPADES:
        return trumps & rules.beats[top] or trumps
    return trumps


def _screamer(rules: Rules, hand: int, trick: Sequence[int]) -> int:
    return hand & rules.non_trumps or hand


VOID_RULES: dict[str, VoidRule] = {
    "free": _free,
    "must_trump": _must_trump,
    "must_overtrump": _must_overtrump,
    "screamer": _screamer,
}
"""``play.void`` to its rule."""


LeadFlags = tuple[bool, bool, int, bool]
"""``(no trump lead in trick 0, no trump at all in trick 0, trump leads free from this
trick on, breaking spades frees trump leads)``."""


def lead_flags(play: Play) -> LeadFlags:
    """The few numbers :func:`legal_plays` needs from ``play``."""
    first_no_lead = play.first_trick in ("no_spade_lead", "no_spades")
    first_no_spades = play.first_trick == "no_spades"
    lead = play.spade_lead
    if lead.kind == "any_time":
        return (first_no_lead, first_no_spades, 0, True)
    if lead.kind == "after_tricks":
        return (first_no_lead, first_no_spades, lead.tricks, True)
    if lead.kind == "when_broken":
        return (first_no_lead, first_no_spades, NEVER, True)
    return (first_no_lead, first_no_spades, NEVER, False)  # only_spades_left


def legal_plays(
    rules: Rules,
    hand: int,
    trick: Sequence[int],
    *,
    broken: bool,
    trick_number: int,
    must_lead: int = 0,
) -> int:
    """The cards of ``hand`` (a mask) that may be played to ``trick``.

    ``trick`` lists the bits already played to this trick in play order (empty when
    leading); ``broken`` says whether spades are broken; ``trick_number`` counts from 0;
    ``must_lead`` is a mask of cards one of which must be led when held (the lowest club).
    The result is never empty for a non-empty hand. See the module docstring for how the
    rules combine.

    >>> from spadeslib.variant import Variant
    >>> rules = Variant().compile()
    >>> hand = rules.mask_of("AS KH 2H 3C")
    >>> rules.cards_of(rules.legal_plays(hand, [], broken=False, trick_number=0))
    [Card.parse('3C'), Card.parse('2H'), Card.parse('KH')]
    >>> led = rules.card_bits("5H")[0]
    >>> rules.cards_of(rules.legal_plays(hand, [led], broken=False, trick_number=1))
    [Card.parse('2H'), Card.parse('KH')]
    """
    return allowed(rules, hand, trick, broken, trick_number, must_lead)


def allowed(  # noqa: PLR0917 - by position on purpose: see the docstring
    rules: Rules, hand: int, trick: Sequence[int], broken: bool, trick_number: int, must_lead: int
) -> int:
    """:func:`legal_plays` with every argument by position: the engine's play loop and the
    bots' lookahead call it for every lead and every void hand, where binding keywords
    costs more than the answer."""
    if trick:
        follow = hand & rules.suit_masks[rules.suit_of[trick[0]]]
        if follow:
            return follow
        if trick_number == 0 and rules.first_no_spades:
            return hand & rules.non_trumps or hand
        return rules._void(rules, hand, trick)
    if must_lead and hand & must_lead:
        return hand & must_lead
    if (trick_number == 0 and rules.first_no_lead) or (
        trick_number < rules.lead_free_from and not (broken and rules.broken_frees)
    ):
        return hand & rules.non_trumps or hand
    return hand
