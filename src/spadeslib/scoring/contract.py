"""A side's trick contract: made or set, overtricks, and the special values of blind bids,
ten for two hundred and the Moon (spec A5, B1, B2, B8, B10, B13).

The contract here is only the number of tricks the side's non-Nil bidders undertook; Nil
and Blind Nil are scored in :mod:`spadeslib.scoring.nil`, bags in
:mod:`spadeslib.scoring.bags`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from spadeslib.scoring.types import Contract, WinReason
from spadeslib.variant import Variant
from spadeslib.variant.special import MoonOutcome, ScorePoints, WinGame

__all__ = ["ContractScore", "score_contract", "score_first_deal"]

Kind = Literal["normal", "ten_for_200", "moon"]


@dataclass(frozen=True, slots=True)
class ContractScore:
    """What a side's trick contract scored. ``points`` is the contract's own value (minus
    the penalty when set); ``bags`` the overtricks that count as bags (before the variant's
    `scoring.bags.enabled` is applied); ``wins`` names an instant win when made."""

    points: int
    overtrick_points: int
    bags: int
    made: bool
    wins: WinReason | None
    lines: tuple[str, ...]


def score_first_deal(trick_value: int, tricks: int) -> ContractScore:
    """Spec B8 (and B2's "first hand bids itself"): the first deal of a game has no bidding;
    each side scores `scoring.trick_value` per trick won. No bags, never set."""
    points = trick_value * tricks
    won = "1 trick" if tricks == 1 else f"{tricks} tricks"
    line = f"the first deal bids itself: {won} x {trick_value} = {points:+d}"
    return ContractScore(points, 0, 0, True, None, (line,))


# -- set modes (A5, B13) --------------------------------------------------------------
# Each gives the penalty (a positive number) of a set contract from the trick value, the
# bid and how many tricks the side missed by: short of the bid, or over the overtrick
# limit.

_SET_PENALTY: dict[str, Callable[[int, int, int], int]] = {
    "minus_bid": lambda value, bid, missed: value * bid,
    "zero": lambda value, bid, missed: 0,
    "minus_short": lambda value, bid, missed: value * missed,
}


def _kind(variant: Variant, bid: int) -> Kind:
    """Which value a bid has: the Moon (every trick, B10) wins over ten for 200 (B2, B10)
    when both cover the bid, being the more specific rule."""
    bidding = variant.bidding
    if bidding.moon.enabled and bid == variant.deal.hand_size:
        return "moon"
    ten = bidding.ten_for_200
    if ten.enabled and (bid == 10 or (ten.bids == "10_or_more" and bid > 10)):
        return "ten_for_200"
    return "normal"


def _moon_value(outcome: MoonOutcome, normal: int) -> tuple[int, bool]:
    """Points of a Moon outcome, and whether it wins the game. `normal` is the value a
    contract of that size would have; a Moon that wins the game also scores it."""
    if isinstance(outcome, ScorePoints):
        return outcome.points, False
    return normal, isinstance(outcome, WinGame)


def _overtricks(count: int) -> str:
    return "1 overtrick" if count == 1 else f"{count} overtricks"


def _label(contract: Contract, kind: Kind) -> str:
    bid = contract.bid
    text = f"blind {bid}" if contract.blind else f"bid {bid}"
    if len(contract.seat_bids) > 1:
        text += " (" + "+".join(str(b) for _, b in sorted(contract.seat_bids)) + ")"
    if contract.came_out:
        text += " (came out of a blind bid)"
    if kind == "ten_for_200":
        text += " (ten for 200)"
    elif kind == "moon":
        text += " (Moon)"
    return text


def score_contract(
    variant: Variant, contract: Contract, tricks: int, *, took_all: bool
) -> ContractScore:
    """Score a side's trick contract on ``tricks``, the tricks that count for it.

    - A5: made (at least the bid): `trick_value` x bid, plus `overtrick_value` per
      overtrick; set: the `scoring.set` penalty (B13: minus_bid, zero, minus_short).
    - B2 and B13 `scoring.overtrick_limit`: more overtricks than the limit set the side;
      blind bids are exempt when `bidding.blind.no_overtrick_limit`. For `minus_short` a
      side set this way loses `trick_value` per trick over the limit.
    - B1, B2, B10 blind bids: made, `make_multiplier` x the bid's normal value (which is
      the ten-for-200 or Moon value where those apply: NYC blind 10 = 2 x 200); failed,
      `fail_multiplier` x the normal penalty. Overtricks score and count as bags only when
      the bid's own rule and `bidding.blind.overtricks_score` / `overtricks_bags` allow.
      A side that came out of a blind bid (NYC) is scored as not blind.
    - B2, B10 ten for two hundred: `make` when made, `fail` (or the normal penalty) when
      set; overtricks per its `overtricks_score` / `overtricks_bags`. With
      `all_tricks_wins_game` a side that bid ten and took every trick wins the game (the
      overtrick limit does not set it; it scores `make`).
    - B10 Moon (bid every trick): `make` / `fail` outcomes; a blind Moon uses `blind_make`
      when given, else the blind multiplier on `make`.

    Overtricks of a contract set by the overtrick limit score nothing but still count as
    bags (where that contract's overtricks would).
    """
    scoring, bidding = variant.scoring, variant.bidding
    bid, value = contract.bid, scoring.trick_value
    blind = contract.blind and not contract.came_out
    rules = bidding.blind
    kind = _kind(variant, bid)
    label = _label(contract, kind)
    ten, moon = bidding.ten_for_200, bidding.moon
    over = tricks - bid
    limit = None if blind and rules.no_overtrick_limit else scoring.overtrick_limit
    wins_all_ten = kind == "ten_for_200" and ten.all_tricks_wins_game and took_all

    scores_over = bags_over = True
    if kind == "ten_for_200":
        scores_over, bags_over = ten.overtricks_score, ten.overtricks_bags
    if blind:
        scores_over = scores_over and rules.overtricks_score
        bags_over = bags_over and rules.overtricks_bags
    bags = max(over, 0) if bags_over else 0

    if over < 0:
        missed, why = -over, f"set, {-over} short"
    elif limit is not None and over > limit and not wins_all_ten:
        missed = over - limit
        why = f"set, {_overtricks(over)} where at most {limit} are allowed"
    else:
        return _made(
            variant,
            contract,
            kind=kind,
            label=label,
            tricks=tricks,
            over=over,
            scores_over=scores_over,
            bags=bags,
            wins_all_ten=wins_all_ten,
        )

    penalty = _SET_PENALTY[scoring.set](value, bid, missed)
    if kind == "ten_for_200" and ten.fail != "normal":
        penalty = ten.fail
    elif kind == "moon":
        penalty = _moon_value(moon.fail, penalty)[0]
    how = f"{-penalty:+d}"
    if blind and rules.fail_multiplier != 1:
        how = f"{rules.fail_multiplier} x {-penalty:+d} = {-penalty * rules.fail_multiplier:+d}"
        penalty *= rules.fail_multiplier
    line = f"{label}, took {tricks}: {why}: {how}"
    return ContractScore(-penalty, 0, bags, False, None, (line,))


def _made(
    variant: Variant,
    contract: Contract,
    *,
    kind: Kind,
    label: str,
    tricks: int,
    over: int,
    scores_over: bool,
    bags: int,
    wins_all_ten: bool,
) -> ContractScore:
    bidding, value = variant.bidding, variant.scoring.trick_value
    bid = contract.bid
    blind = contract.blind and not contract.came_out
    multiplier = bidding.blind.make_multiplier if blind else 1
    normal = value * bid
    wins: WinReason | None = None
    if kind == "ten_for_200":
        base = bidding.ten_for_200.make
        if wins_all_ten:
            wins = "ten_for_200_all_tricks"
    elif kind == "moon":
        outcome = bidding.moon.make
        if blind and bidding.moon.blind_make is not None:
            outcome = bidding.moon.blind_make
            if isinstance(outcome, ScorePoints):
                multiplier = 1  # a Blind Boston's own value, not multiplied again
        base, won = _moon_value(outcome, normal)
        wins = "moon" if won else None
    else:
        base = normal
    how = f"{value} x {bid} = {base:+d}" if kind == "normal" else f"{base:+d}"
    points = base * multiplier
    if multiplier != 1:
        how = (
            f"{multiplier} x {base:+d} = {points:+d}"
            if kind != "normal"
            else (f"{multiplier} x {value} x {bid} = {points:+d}")
        )
    lines = [f"{label}, took {tricks}: made, {how}"]
    if wins == "ten_for_200_all_tricks":
        lines.append("took every trick with a bid of ten: wins the game")
    elif wins == "moon":
        lines.append("made the Moon: wins the game")
    overtrick_points = 0
    if over > 0:
        overtrick_value = variant.scoring.overtrick_value
        if scores_over:
            overtrick_points = over * overtrick_value
            lines.append(f"{_overtricks(over)} x {overtrick_value} = {overtrick_points:+d}")
        else:
            lines.append(f"{_overtricks(over)}: no points")
    return ContractScore(points, overtrick_points, bags, True, wins, tuple(lines))
