"""The Expert's endings solved double-dummy: what it asks the solver of a sampled deal,
and how it turns the answers into tricks per seat for the variant's scoring
(:class:`~spadeslib.bots.worth.Worth`).

The solver (:func:`~spadeslib.engine.search.solver.solve`) maximizes the tricks of a set
of seats against the others and answers for every legal card at once. A deal's score is
not a function of one side's tricks while a Nil is live: the Nil seat's own tricks decide
the Nil, and under the standard rule they do not count towards its partner's bid. So it
asks one question per objective:

- **the contract**: the tricks of the side's seats that bid no Nil (``counted``), the
  side maximizing, the other side minimizing;
- **each live Nil** (a Nil or Blind Nil whose seat has taken no trick): whether the
  other side can make the Nil seat take a trick (``counted`` the Nil seat, the other
  side maximizing, counted up to one trick), whichever side the Nil is on.

Each answer is every seat's best for that objective alone, so together they may promise
more than one line of play gives (a side that both defends its Nil and takes its tricks).
They are put together Nils first, as a player would rank them (a Nil is worth ten
tricks): each Nil seat that can be set takes a trick, the side's non-Nil seats the
contract answer cut to the tricks left, the other side the rest. A set Nil is charged one
trick, not the most the other side could force on it: a side that has set a Nil goes on
to its own contract, not to more of the Nil's tricks (bags of a point each), and asking
only whether a Nil can be set costs a third of counting its tricks (8-card endings).

Where no Nil is live, a side's tricks decide the deal's score alone, and where the
variant lets overtricks set a side (NYC's third), more tricks can be worth far less: the
most tricks is then the wrong question. There :func:`outcomes` ranks each number of the
side's tricks by its worth, once a decision, and the solver plays for the best rank
either side can be sure of (its ``levels``: the whole outcome, not a count). Where more
tricks cost only bags, the count is kept: asked for the worth there too, the solving
Expert did no better against the one asking the count (``standard``, 250 duplicate
deals: -0.7 [-1.8, +0.3] points a deal), and the count is the cheaper search. Where the
worth rises with the tricks, the two answer the same. The worth's search costs more than
the count's (a 7-card NYC ending about 0.8 ms against 0.3 ms), so an ending played for its
worth is solved from :data:`WORTH_FROM` cards at most, and played out before.

Where no question scores an ending honestly, :func:`solves` says no and the Expert plays
its samples out with the Standard rule as before: without the native core (the
pure-Python backend, where a full solve would take seconds); with more than two sides
(the solver sets one seat against all the others together: a bound on its tricks, not a
prediction of a game where the others play for themselves); and once a Nil is set (its
seat's further tricks are bags that do not help its partner, and neither question
separates them from the partner's). A solved sample assumes every seat sees every card:
it plays the ending better than a playout does, and credits the defence with what only
seeing the cards finds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Final

from spadeslib.compiler import Rules
from spadeslib.engine.search.knowledge import Knowledge
from spadeslib.engine.search.solver import solve

__all__ = ["WORTH_FROM", "Outcomes", "ending_plan", "outcomes", "solved", "solves"]

WORTH_FROM: Final = 7
"""The most cards in hand at which an ending played for its worth (:func:`outcomes`) is
solved, whatever the Expert's ``solve_from``. From 7, since the worth's search asks counts
where it can (a third of the positions): in ``nyc``, against today's Expert, +8.7 points
a deal over 2,000 duplicate deals where solving them from 6 gave +6.1 on the same deals.
From 8 the slowest decisions take seconds (one of 300 took 11 s: a worth between two
counts, which only the set search answers)."""


def solves(rules: Rules, knowledge: Knowledge, solve_from: int) -> bool:
    """Whether the seat's card is chosen by solving its samples: it holds ``solve_from``
    cards or fewer, and the endings can be scored (see the module docstring)."""
    if knowledge.hand.bit_count() > solve_from or rules.kernel is None:
        return False
    if len(rules.sides) != 2:  # the solver sets one side against one
        return False
    return not any(knowledge.tricks[seat] for seat in _seats(knowledge.nils))


def ending_plan(
    rules: Rules, knowledge: Knowledge, solve_from: int, worth: Callable[[list[int]], float]
) -> tuple[bool, Outcomes | None]:
    """Whether the seat's card is chosen by solving its samples (:func:`solves`) and, if
    so, the outcomes to play for where the worth is asked (:func:`outcomes`): an ending
    played for its worth only from :data:`WORTH_FROM` cards."""
    if not solves(rules, knowledge, solve_from):
        return False, None
    ranked = outcomes(rules, knowledge, worth)
    if ranked is not None and knowledge.hand.bit_count() > WORTH_FROM:
        return False, None
    return True, ranked


def _seats(mask: int) -> list[int]:
    """The seats of a mask of seats."""
    return [seat for seat in range(mask.bit_length()) if mask >> seat & 1]


@dataclass(frozen=True, slots=True)
class Outcomes:
    """The ends of the deal open to the seat's side where its tricks decide the score:
    ``levels[t]`` ranks its taking ``t`` more tricks (the current trick's included) by
    worth, and ``tricks[level]`` is an end of the deal, tricks per seat, of that worth."""

    levels: list[int]
    tricks: list[list[int]]


def outcomes(
    rules: Rules, knowledge: Knowledge, worth: Callable[[list[int]], float]
) -> Outcomes | None:
    """The side's outcomes ranked by their ``worth`` (tricks per seat at the deal's end),
    where the solver must play for the score and not the most tricks: overtricks can set
    a side, no Nil is live, and taking more is worth less somewhere; ``None`` otherwise
    (see the module docstring)."""
    if knowledge.nils or rules.scoring.overtrick_limit is None:
        return None
    left = knowledge.hand.bit_count()
    takers = _takers(rules, knowledge)
    ends = [_credit(list(knowledge.tricks), takers, ours, left - ours) for ours in range(left + 1)]
    worths = [worth(tricks) for tricks in ends]
    if all(a <= b for a, b in pairwise(worths)):
        return None
    ranked = sorted(set(worths))
    levels = [ranked.index(value) for value in worths]
    return Outcomes(levels, [ends[levels.index(level)] for level in range(len(ranked))])


def _takers(rules: Rules, knowledge: Knowledge) -> list[int]:
    """The seat of each side (the seat's first) that the side's counted tricks are
    credited to: one that bid no Nil, where there is one."""
    side_of = rules.side_of
    seat = knowledge.seat
    players = range(rules.players)
    mine = [other for other in players if side_of[other] == side_of[seat]]
    theirs = [other for other in players if side_of[other] != side_of[seat]]
    nils = knowledge.nils
    return [
        next((m for m in members if not nils >> m & 1), members[0]) for members in (mine, theirs)
    ]


def _credit(tricks: list[int], takers: Sequence[int], ours: int, theirs: int) -> list[int]:
    """``tricks`` (per seat, changed in place) with the side's ``ours`` and the other
    side's ``theirs`` credited to each side's taker (:func:`_takers`)."""
    tricks[takers[0]] += ours
    tricks[takers[1]] += theirs
    return tricks


def solved(
    rules: Rules,
    knowledge: Knowledge,
    deal: Sequence[int],
    candidates: Sequence[int],
    ranked: Outcomes | None = None,
) -> list[list[int]]:
    """Each candidate's tricks per seat at the end of the deal, ``deal`` (every seat's
    cards now) solved double-dummy: the contract question and one Nil question per live
    Nil, put together as the module docstring says, or the best of the ``ranked``
    outcomes (:func:`outcomes`) where it gives them. Only where :func:`solves`."""
    kernel = rules.kernel
    assert kernel is not None  # solves() checked it
    seat = knowledge.seat
    players = rules.players
    side_of = rules.side_of
    mine = [other for other in range(players) if side_of[other] == side_of[seat]]
    nils = knowledge.nils
    must = 0
    if knowledge.trick_number == 0 and not knowledge.trick:
        must = rules.first_lead_mask(deal)
    position = (
        deal,
        knowledge.leader,
        knowledge.trick,
        knowledge.broken,
        knowledge.trick_number,
        must,
    )
    side = sum(1 << other for other in mine)
    if ranked is not None:
        levels = solve(kernel, *position, side, side, levels=ranked.levels)
        return [list(ranked.tricks[levels[bit]]) for bit in candidates]
    counted = side & ~nils
    contract = solve(kernel, *position, counted, side) if counted else {}
    nil_values = []
    for nil in _seats(nils):
        against = sum(1 << other for other in range(players) if side_of[other] != side_of[nil])
        nil_values.append((nil, solve(kernel, *position, 1 << nil, against, up_to=1)))
    left = knowledge.hand.bit_count()  # tricks to play, the current one included
    takers = _takers(rules, knowledge)
    out = []
    for bit in candidates:
        tricks = list(knowledge.tricks)
        room = left
        for nil, values in nil_values:
            forced = min(values[bit], room)
            tricks[nil] += forced
            room -= forced
        ours = min(contract.get(bit, 0), room)
        out.append(_credit(tricks, takers, ours, room - ours))
    return out
