"""A side's trick contract: made or set, overtricks, and the special values of blind bids,
ten for two hundred and the Moon (docs/format.md, `scoring`, `bidding`).

The contract here is only the number of tricks the side's non-Nil bidders undertook; Nil
and Blind Nil are scored in :mod:`spadeslib.scoring.nil`, bags in
:mod:`spadeslib.scoring.bags`.

The numbers are worked out when a deal is scored; the words that explain them are written
only when someone reads them (``lines``), from the facts the score keeps. Most deals are
played by programs that never read them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, NamedTuple

from spadeslib.compiler.scoring import Settings
from spadeslib.scoring.types import Contract, WinReason
from spadeslib.variant.special import MoonOutcome, ScorePoints, WinGame

__all__ = ["ContractScore", "FirstDealScore", "score_contract", "score_first_deal"]

Kind = Literal["normal", "ten_for_200", "moon"]

_new = tuple.__new__
"""Builds the scores below from a tuple of their fields: their own constructor is a
Python function, which costs more than the rest of scoring a contract."""


class ContractScore(NamedTuple):
    """What a side's trick contract scored. ``points`` is the contract's own value (minus
    the penalty when set); ``bags`` the overtricks that count as bags (before the variant's
    `scoring.bags.enabled` is applied); ``wins`` names an instant win when made.

    The other fields are what :attr:`lines` is written from: ``base`` is the made value
    or the penalty (a positive number) before ``multiplier``, the blind multiplier that
    applied (1 when none did); ``limit`` the overtrick limit that applied; ``scores_over``
    whether overtricks score."""

    points: int
    overtrick_points: int
    bags: int
    made: bool
    wins: WinReason | None
    settings: Settings
    contract: Contract
    kind: Kind
    tricks: int
    base: int
    multiplier: int
    limit: int | None
    scores_over: bool

    @property
    def lines(self) -> tuple[str, ...]:
        """The explanation: the contract and what it scored, then what made it win the
        game, then its overtricks."""
        contract, tricks, multiplier = self.contract, self.tricks, self.multiplier
        label = _label(contract, self.kind)
        bid = contract.bid
        over = tricks - bid
        if not self.made:
            if over < 0:
                why = f"set, {-over} short"
            else:
                why = f"set, {_overtricks(over)} where at most {self.limit} are allowed"
            penalty = self.base
            how = f"{-penalty:+d}"
            if multiplier != 1:
                how = f"{multiplier} x {-penalty:+d} = {-penalty * multiplier:+d}"
            return (f"{label}, took {tricks}: {why}: {how}",)
        value, base, points = self.settings.trick_value, self.base, self.points
        how = f"{value} x {bid} = {base:+d}" if self.kind == "normal" else f"{base:+d}"
        if multiplier != 1:
            how = (
                f"{multiplier} x {base:+d} = {points:+d}"
                if self.kind != "normal"
                else (f"{multiplier} x {value} x {bid} = {points:+d}")
            )
        lines = [f"{label}, took {tricks}: made, {how}"]
        if self.wins == "ten_for_200_all_tricks":
            lines.append("took every trick with a bid of ten: wins the game")
        elif self.wins == "moon":
            lines.append("made the Moon: wins the game")
        if over > 0:
            if self.scores_over:
                overtrick_value = self.settings.overtrick_value
                lines.append(
                    f"{_overtricks(over)} x {overtrick_value} = {self.overtrick_points:+d}"
                )
            else:
                lines.append(f"{_overtricks(over)}: no points")
        return tuple(lines)


class FirstDealScore(NamedTuple):
    """What a side scored in the deal that bids itself: the fields of
    :class:`ContractScore` that scoring reads, and the tricks and trick value its
    explanation is written from."""

    points: int
    overtrick_points: int
    bags: int
    made: bool
    wins: WinReason | None
    tricks: int
    trick_value: int

    @property
    def lines(self) -> tuple[str, ...]:
        """The one line that explains the deal."""
        won = "1 trick" if self.tricks == 1 else f"{self.tricks} tricks"
        return (f"the first deal bids itself: {won} x {self.trick_value} = {self.points:+d}",)


def score_first_deal(settings: Settings, tricks: int) -> FirstDealScore:
    """`bidding.first_deal_bids_itself` (NYC's "first hand bids itself"): the first deal
    of a game has no bidding; each side scores `scoring.trick_value` per trick won. No
    bags, never set."""
    value = settings.trick_value
    return _new(FirstDealScore, (value * tricks, 0, 0, True, None, tricks, value))


# -- set modes (`scoring.set`) ---------------------------------------------------------
# Each gives the penalty (a positive number) of a set contract from the trick value, the
# bid and how many tricks the side missed by: short of the bid, or over the overtrick
# limit.

_SET_PENALTY: dict[str, Callable[[int, int, int], int]] = {
    "minus_bid": lambda value, bid, missed: value * bid,
    "zero": lambda value, bid, missed: 0,
    "minus_short": lambda value, bid, missed: value * missed,
}


def _kind(settings: Settings, bid: int) -> Kind:
    """Which value a bid has: the Moon (every trick) wins over ten for 200
    when both cover the bid, being the more specific rule."""
    if bid == settings.moon_bid:
        return "moon"
    if settings.ten_enabled and (bid == 10 or (settings.ten_or_more and bid > 10)):
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
    settings: Settings, contract: Contract, tricks: int, *, took_all: bool
) -> ContractScore:
    """Score a side's trick contract on ``tricks``, the tricks that count for it.

    - Made (at least the bid): `trick_value` x bid, plus `overtrick_value` per
      overtrick; set: the `scoring.set` penalty (minus_bid, zero, minus_short).
    - `scoring.overtrick_limit`: more overtricks than the limit set the side;
      blind bids are exempt when `bidding.blind.no_overtrick_limit`. For `minus_short` a
      side set this way loses `trick_value` per trick over the limit.
    - Blind bids: made, `make_multiplier` x the bid's normal value (which is
      the ten-for-200 or Moon value where those apply: NYC blind 10 = 2 x 200); failed,
      `fail_multiplier` x the normal penalty. Overtricks score and count as bags only when
      the bid's own rule and `bidding.blind.overtricks_score` / `overtricks_bags` allow.
      A side that came out of a blind bid (NYC) is scored as not blind.
    - Ten for two hundred: `make` when made, `fail` (or the normal penalty) when
      set; overtricks per its `overtricks_score` / `overtricks_bags`. With
      `all_tricks_wins_game` a side that bid ten and took every trick wins the game (the
      overtrick limit does not set it; it scores `make`).
    - Moon (bid every trick): `make` / `fail` outcomes; a blind Moon uses `blind_make`
      when given, else the blind multiplier on `make`.

    Overtricks of a contract set by the overtrick limit score nothing but still count as
    bags (where that contract's overtricks would).
    """
    s = settings
    bid = contract.bid
    blind = contract.blind and not contract.came_out
    kind = "normal" if bid < s.special_from else _kind(s, bid)
    over = tricks - bid
    limit = None if blind and s.blind_no_overtrick_limit else s.overtrick_limit
    wins_all_ten = kind == "ten_for_200" and s.ten_all_tricks_wins_game and took_all

    scores_over = bags_over = True
    if kind == "ten_for_200":
        scores_over, bags_over = s.ten_overtricks_score, s.ten_overtricks_bags
    if blind:
        scores_over = scores_over and s.blind_overtricks_score
        bags_over = bags_over and s.blind_overtricks_bags
    bags = over if over > 0 and bags_over else 0

    missed = 0  # the tricks short of the bid, or over the overtrick limit: set
    if over < 0:
        missed = -over
    elif limit is not None and over > limit and not wins_all_ten:
        missed = over - limit
    if missed:
        penalty = _SET_PENALTY[s.set_mode](s.trick_value, bid, missed)
        if kind == "ten_for_200" and s.ten_fail != "normal":
            penalty = s.ten_fail
        elif kind == "moon":
            penalty = _moon_value(s.moon_fail, penalty)[0]
        multiplier = s.fail_multiplier if blind else 1
        return _new(
            ContractScore,
            (
                -penalty * multiplier,
                0,
                bags,
                False,
                None,
                s,
                contract,
                kind,
                tricks,
                penalty,
                multiplier,
                limit,
                scores_over,
            ),
        )

    multiplier = s.make_multiplier if blind else 1
    normal = s.trick_value * bid
    wins: WinReason | None = None
    if kind == "normal":
        base = normal
    elif kind == "ten_for_200":
        base = s.ten_make
        if wins_all_ten:
            wins = "ten_for_200_all_tricks"
    else:
        outcome = s.moon_make
        if blind and s.moon_blind_make is not None:
            outcome = s.moon_blind_make
            if isinstance(outcome, ScorePoints):
                multiplier = 1  # a Blind Boston's own value, not multiplied again
        base, won = _moon_value(outcome, normal)
        wins = "moon" if won else None
    overtrick_points = over * s.overtrick_value if over > 0 and scores_over else 0
    return _new(
        ContractScore,
        (
            base * multiplier,
            overtrick_points,
            bags,
            True,
            wins,
            s,
            contract,
            kind,
            tricks,
            base,
            multiplier,
            limit,
            scores_over,
        ),
    )
