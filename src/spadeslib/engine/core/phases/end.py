"""The end of a deal: score it, record it, and end the game or deal the next one.

Scoring is :mod:`spadeslib.scoring`'s (a pure function of the contracts, the tricks and the
standings); this module only translates the deal's state into its inputs. Scores, bags
and runs of sets change here and nowhere else. The next deal is dealt by the next seat
clockwise, when the game is next looked at or played (``Phase.DEAL``); a misdeal
(:mod:`.misdeal`) never gets here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from spadeslib.cards import Card
from spadeslib.compiler.bids import BLIND_NIL, NIL
from spadeslib.engine.core.results import DealResult
from spadeslib.engine.core.state import Phase, State
from spadeslib.scoring import Contract, DealScore
from spadeslib.scoring.deal import score_deal_unchecked
from spadeslib.scoring.game_end import game_result_unchecked
from spadeslib.scoring.numbers import WIN_REASONS, deal_numbers, events_of
from spadeslib.scoring.types import (
    GameEvent,
    GameResult,
    Standing,
    WinReason,
    new_contract,
    new_standing,
)

if TYPE_CHECKING:
    from spadeslib.compiler.rules import Rules

__all__ = ["contracts_of", "finish_deal", "game_end", "side_contracts"]


def contracts_of(state: State) -> tuple[Contract, ...]:
    """Each side's :class:`~spadeslib.scoring.Contract` for the deal just played."""
    rules = state.rules
    bids_itself = rules.first_deal_bids_itself and state.first_deal
    return side_contracts(
        rules, state.bids, state.contracts, state.side_blind, state.came_out, bids_itself
    )


def side_contracts(  # noqa: PLR0917 - the state's fields, in their order
    rules: Rules,
    all_bids: Sequence[int],
    contracts: Sequence[int],
    side_blind: int,
    came_out: int,
    bids_itself: bool,
) -> tuple[Contract, ...]:
    """Each side's :class:`~spadeslib.scoring.Contract` from the auction's numbers (bids
    per seat, ``NIL``/``BLIND_NIL`` for the Nils; contracts per side; sides' blind and
    came-out bits): the engine's at the end of a deal, and a bot's for a deal it imagines."""
    if bids_itself:
        return tuple(Contract() for _ in rules.sides)
    zero_counts = not rules.variant.bidding.nil.enabled  # a bid of 0 is a bid, not Nil
    out: list[Contract] = []
    for side, members in enumerate(rules.sides):
        seat_bids: list[tuple[int, int]] = []
        nils: frozenset[int] = _NONE
        blind_nils: frozenset[int] = _NONE
        total = 0
        for seat in members:
            bid = all_bids[seat]
            if bid > 0 or (bid == 0 and zero_counts):
                seat_bids.append((seat, bid))
                total += bid
            elif bid == NIL:
                nils = nils | {seat}
            elif bid == BLIND_NIL:
                blind_nils = blind_nils | {seat}
        contract = contracts[side]
        came = bool(came_out >> side & 1)
        out.append(
            new_contract(
                bid=contract,
                nil_seats=nils,
                blind_nil_seats=blind_nils,
                blind=bool(side_blind >> side & 1) and not came,
                came_out=came,
                # a team bid, a raise or a blind bid has no per-seat split
                seat_bids=tuple(seat_bids) if total == contract else (),
            )
        )
    return tuple(out)


def _blind(side_blind: int, sides: int) -> tuple[bool, ...]:
    """Per side, whether its contract was bid blind."""
    if not side_blind:
        return (False,) * sides
    return tuple([bool(side_blind >> side & 1) for side in range(sides)])


def _from_numbers(
    rules: Rules,
    before: tuple[list[int], list[int], list[int]],
    numbers: Sequence[tuple[int, int, int, int]],
) -> tuple[list[int], list[int], list[int], tuple[GameEvent, ...]]:
    """Each side's score, bags and sets in a row after the deal, and the deal's events,
    from the native core's numbers: no :class:`Standing` is made for a side that neither
    wins nor loses at once (the usual deal)."""
    old = before[0]
    scores = [old[side] + points for side, (points, _, _, _) in enumerate(numbers)]
    bags = [side_bags for _, side_bags, _, _ in numbers]
    sets = [side_sets for _, _, side_sets, _ in numbers]
    wins = [side_wins for _, _, _, side_wins in numbers]
    return scores, bags, sets, _events(rules, scores, bags, sets, wins)


def _events(
    rules: Rules,
    scores: Sequence[int],
    bags: Sequence[int],
    sets: Sequence[int],
    wins: Sequence[int],
) -> tuple[GameEvent, ...]:
    """The deal's events from each side's standing after it and its instant wins (bits):
    no :class:`Standing` is made for a side that neither wins nor loses at once."""
    events: list[GameEvent] = []
    ends = rules.scoring.ends_on_standing
    for side, side_wins in enumerate(wins):
        if side_wins or ends:
            standing = new_standing(scores[side], bags[side], sets[side])
            events_of(rules, side, standing, _REASONS[side_wins], events)
    return tuple(events)


def game_end(  # noqa: PLR0917 - the native core calls it by position
    rules: Rules,
    scores: Sequence[int],
    bags: Sequence[int],
    sets: Sequence[int],
    deals_played: int,
    wins: Sequence[int],
) -> GameResult | None:
    """The game's result after a deal that left each side these numbers (its instant wins
    as bits of ``scoring.numbers.WIN_REASONS``), as :func:`finish_deal` decides it: for
    the rows of a vector environment whose games the native core keeps
    (``src/native/vector_deal.c``)."""
    events = _events(rules, scores, bags, sets, wins)
    return game_result_unchecked(rules, _standings(scores, bags, sets), deals_played, events)


def _standings(
    scores: Sequence[int], bags: Sequence[int], sets: Sequence[int]
) -> tuple[Standing, ...]:
    return tuple([new_standing(*standing) for standing in zip(scores, bags, sets, strict=True)])


_REASONS: tuple[tuple[WinReason, ...], ...] = tuple(
    tuple(reason for bit, reason in enumerate(WIN_REASONS) if wins >> bit & 1)
    for wins in range(1 << len(WIN_REASONS))
)
"""The reasons a side wins at once, by the bits the native core keeps them in."""


_NONE: frozenset[int] = frozenset()
_OVER: Final = Phase.OVER
_DEAL: Final = Phase.DEAL


def finish_deal(state: State, numbers: Sequence[tuple[int, int, int, int]] | None = None) -> None:
    """Score the deal just played and move on (see the module docstring).

    ``numbers`` are each side's points, bags, sets in a row and wins (bits of
    ``scoring.numbers.WIN_REASONS``) when the native core kept them; otherwise the
    numbers come from :mod:`spadeslib.scoring.numbers`. The explained score is made when
    someone reads it. The engine's inputs to scoring are valid by construction, so it calls
    the unchecked entries of :mod:`spadeslib.scoring` (the checks cost more)."""
    rules = state.rules
    v = rules.variant
    sides = len(rules.sides)
    before = (state.scores, state.bags, state.sets)  # replaced below, never changed in place
    bids_itself = v.bidding.first_deal_bids_itself and state.first_deal
    tricks = tuple(state.tricks)
    after: tuple[Standing, ...] | None = None
    if numbers is None:
        contracts = contracts_of(state)
        after, events = deal_numbers(
            rules, contracts, tricks, _standings(*before), bids_itself=bids_itself
        )
        scores = [s.score for s in after]
        bags = [s.bags for s in after]
        sets = [s.sets_in_a_row for s in after]
    else:
        scores, bags, sets, events = _from_numbers(rules, before, numbers)
    inputs = (state.bids[:], state.contracts[:], state.side_blind, state.came_out)

    def score() -> DealScore:  # the explained score, made if someone reads it
        return score_deal_unchecked(
            rules,
            side_contracts(rules, *inputs, bids_itself),
            tricks,
            _standings(*before),
            bids_itself=bids_itself,
        )

    state.deal_points = tuple([score - old for score, old in zip(scores, before[0], strict=True)])
    state.scores = scores
    state.bags = bags
    state.sets = sets
    remaining = state.hands
    first = state.first_hands
    if any(remaining):  # cards that were never played (every card is, in every variant so far)
        first = tuple([hand & ~remaining[seat] for seat, hand in enumerate(first)])
    widow: tuple[Card, ...] = ()
    if v.deal.leftover.kind == "widow":
        widow = tuple(rules.deck[bit] for bit in state.dealt[1][len(state.cut) :])
    state.history = (
        *state.history,
        DealResult(
            number=state.deals_played,
            dealer=state.dealer,
            bids=tuple(state.bids),
            contracts=(None,) * sides if bids_itself else tuple(state.contracts),
            blind=_blind(state.side_blind, sides),
            tricks=tricks,
            hands=first,
            deck=rules.deck,
            widow=widow,
            scores=tuple(scores),
            bags=tuple(bags),
            score=score,
        ),
    )
    if events:
        state.events = (*state.events, *events)
    state.deals_played += 1
    result = None
    settings = rules.scoring
    limit = settings.max_deals
    goal = settings.target
    if (
        events
        or settings.ends_on_standing
        or (limit is not None and state.deals_played >= limit)
        or (goal is not None and max(scores) >= goal)
    ):  # not the usual deal, which ends nothing: ask the game's end rules
        if after is None:
            after = _standings(scores, bags, sets)
        result = game_result_unchecked(rules, after, state.deals_played, events)
    if result is not None:
        state.result = result
        state.phase = _OVER
        state.actor = -1
        return
    state.first_deal = False
    state.dealer = (state.dealer + 1) % state.players
    state.phase = _DEAL  # dealt when next needed (flow.deal_if_due)
    state.actor = -1
