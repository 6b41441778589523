"""Standard's auction (docs/bots.md): bids, team bids, raises and coming out, by simulation.

For each legal number of tricks, highest first, the bidder plays ``n`` simulated deals
(:class:`~spadeslib.bots.auction.Auction`) and takes the first bid whose average number of
tricks is at least the bid. What is counted: round the table, the bidder's own tricks,
its side playing to the bid plus what its partners bid (or, not having bid yet, are
expected to bid); a partnership's team bid, raise or "come out", the side's tricks.

Nil (and a team bid naming the captain Nil) is tried only for a hand whose point count
(:func:`~spadeslib.bots.guesses.quick_bid`) is at most 2 tricks in 13, or when no number
qualifies: the bidder plays the deals again trying to lose, its partner covering, and bids
Nil when it takes no trick in at least 70% of them. When no number qualifies and Nil
succeeds at least half the time (a forced choice, as in Suicide or Whiz), Nil; otherwise
the lowest legal number. In Suicide the first partner to bid, who chooses which of the two bids
Nil, compares its own simulated Nil with its partner's (on the partner's simulated hands)
and takes the Nil if it is at least as likely to succeed. A captain who bid Blind Nil
names the team bid its partner's tricks can carry. A team bid naming the partner Nil is
never chosen: the captain has not seen the partner's hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from spadeslib.bots.auction import Auction, Measure, side_tricks
from spadeslib.bots.decisions import is_nil
from spadeslib.bots.guesses import quick_bid
from spadeslib.bots.tables import tables_of
from spadeslib.compiler import Rules
from spadeslib.compiler.bids import NIL
from spadeslib.engine import Action, Observation
from spadeslib.engine.core.shuffle import SplitMix64
from spadeslib.engine.search.knowledge import read

__all__ = ["NIL_SUCCESS", "choose_bid", "choose_raise"]

NIL_SUCCESS = 0.7
"""The share of simulated deals a Nil must survive to be bid."""


def _numbers(legal: Sequence[Action], kind: str = "bid") -> dict[int, Action]:
    return {
        action.number: action
        for action in legal
        if action.kind == kind and action.parts is None and action.number is not None
    }


def _nil_worth_trying(rules: Rules, hand: int) -> bool:
    return quick_bid(rules, tables_of(rules), hand) * 13 <= 2 * rules.hand_size


def _own(seat: int) -> Measure:
    return lambda runs, nils: [tricks[seat] for tricks in runs]


def _side(rules: Rules, seat: int, *, mates_only: bool = False) -> Measure:
    """The tricks of ``seat``'s side that count for its contract (not a Nil bidder's);
    ``mates_only``: without ``seat``'s own."""
    members = [m for m in rules.sides[rules.side_of[seat]] if not (mates_only and m == seat)]
    return side_tricks(members)


def choose_bid(
    observation: Observation,
    rules: Rules,
    legal: Sequence[Action],
    rng: SplitMix64,
    simulations: int,
) -> Action:
    """The Standard bidder's answer in the ``bidding`` phase (see the module docstring)."""
    kinds = {action.kind for action in legal}
    if "misdeal" in kinds:
        return next(action for action in legal if action.kind == "misdeal")
    if "come_out" in kinds or "stand" in kinds:
        return _come_out(observation, rules, legal, rng, simulations)
    knowledge = read(observation, rules)
    auction = Auction(observation, rules, knowledge, rng, simulations)
    seat = observation.seat
    numbers = _numbers(legal)
    candidates = sorted(numbers, reverse=True)
    if auction.partnership:
        return _team_bid(
            observation, rules, legal, auction=auction, numbers=numbers, hand=knowledge.hand
        )
    best = auction.best(candidates, _own(seat), with_mates=True)
    nil = next((action for action in legal if action.kind == "nil"), None)
    forced = rules.variant.bidding.forced
    partner = rules.partner_of[seat]
    if (
        nil is not None
        and numbers
        and forced is not None
        and forced.kind == "suicide"
        and partner is not None
        and observation.bids[partner] == "-"
    ):  # Suicide: one of the two must bid Nil; the one likelier to make it does
        mine = auction.nil_chance(auction.mates(True))
        number = best if best is not None else min(numbers)
        theirs = auction.nil_chance([number] * auction.n, seat=partner)
        return nil if mine >= theirs else numbers[number]
    if nil is not None and (
        best is None or not numbers or _nil_worth_trying(rules, knowledge.hand)
    ):
        chance = auction.nil_chance(auction.mates(True))
        if chance >= NIL_SUCCESS or (best is None and (chance >= 0.5 or not numbers)):
            return nil
    return _chosen(best, numbers, legal)


def _chosen(best: int | None, numbers: dict[int, Action], legal: Sequence[Action]) -> Action:
    """The bid the simulations chose, else the lowest number bid, else any legal action."""
    if best is not None:
        return numbers[best]
    if numbers:
        return numbers[min(numbers)]
    return legal[0]


def _team_bid(
    observation: Observation,
    rules: Rules,
    legal: Sequence[Action],
    *,
    auction: Auction,
    numbers: dict[int, Action],
    hand: int,
) -> Action:
    """A partnership's team bid, decided by its captain."""
    seat = observation.seat
    candidates = sorted(numbers, reverse=True)
    if is_nil(observation, seat):  # a Blind Nil captain: the partner's tricks
        best = auction.best(candidates, _side(rules, seat, mates_only=True), me_nil=True)
        return numbers[best if best is not None else min(numbers)]
    best = auction.best(candidates, _side(rules, seat))
    team_nils = {
        action.parts[1]: action
        for action in legal
        if action.kind == "bid"
        and action.parts is not None
        and action.parts[0] == NIL
        and action.parts[1] != NIL
    }
    if team_nils and (best is None or _nil_worth_trying(rules, hand)):
        chance = auction.nil_chance([None] * auction.n)
        if chance >= NIL_SUCCESS or (best is None and chance >= 0.5):
            partner = auction.best(
                sorted(team_nils, reverse=True), _side(rules, seat, mates_only=True), me_nil=True
            )
            return team_nils[partner if partner is not None else min(team_nils)]
    return _chosen(best, numbers, legal)


def _come_out(
    observation: Observation,
    rules: Rules,
    legal: Sequence[Action],
    rng: SplitMix64,
    simulations: int,
) -> Action:
    """NYC: come out of a blind bid to 10 when the side's simulated tricks reach it."""
    stand = next(action for action in legal if action.kind == "stand")
    come_out = next((action for action in legal if action.kind == "come_out"), None)
    target = rules.variant.bidding.blind.come_out_to
    if come_out is None or target is None:
        return stand
    knowledge = read(observation, rules)
    auction = Auction(observation, rules, knowledge, rng, simulations)
    best = auction.best([target], _side(rules, observation.seat))
    return come_out if best is not None else stand


def choose_raise(
    observation: Observation,
    rules: Rules,
    legal: Sequence[Action],
    rng: SplitMix64,
    simulations: int,
) -> Action:
    """The raise round: the highest raise the side's simulated tricks reach, else stand."""
    stand = next(action for action in legal if action.kind == "stand")
    raises = _numbers(legal, "raise")
    if not raises:
        return stand
    knowledge = read(observation, rules)
    auction = Auction(observation, rules, knowledge, rng, simulations)
    best = auction.best(sorted(raises, reverse=True), _side(rules, observation.seat))
    return raises[best] if best is not None else stand
