"""The values scoring takes and gives: contracts, standings, deal scores, events, results.

All are frozen dataclasses of ints, booleans, tuples and frozensets, so they hash, compare
by value and cost nothing to keep in a game's history.

A :class:`Contract` and a :class:`Standing` per side go into scoring at the end of every
deal, and a :class:`Standing` and a :class:`SideScore` per side and a :class:`DealScore`
come out, so :func:`new_contract`, :func:`new_standing`, :func:`new_side_score` and
:func:`new_deal_score` build them: the same values as the classes' own constructors, in a
fraction of the time. A side's ``lines`` are written when first read.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeVar

from spadeslib.errors import ScoringError

__all__ = [
    "Contract",
    "DealScore",
    "GameEvent",
    "GameResult",
    "InstantLoss",
    "InstantWin",
    "LossReason",
    "ResultReason",
    "ScoringError",
    "SideScore",
    "Standing",
    "WinReason",
]


@dataclass(frozen=True, slots=True)
class Contract:
    """One side's undertaking in a deal.

    ``bid`` is the number of tricks contracted by the side's bidders who did not bid Nil
    (their sum in round-the-table bidding; the team bid in partnership bidding). Seats in
    ``nil_seats`` bid Nil, seats in ``blind_nil_seats`` bid Blind Nil; each is scored on its
    own. A side every seat of which bid Nil has no trick contract and ``bid`` 0.

    ``blind``: the trick bid was made blind. ``came_out``: NYC, the side bid
    blind, looked, and came out to ``bidding.blind.come_out_to``, which scores singly; it is
    then not ``blind`` any more. ``seat_bids`` optionally lists ``(seat, bid)`` for each
    non-Nil bidder; when given its bids must add up to ``bid``. It is only used to explain
    the score.

    In a deal that bids itself every side's contract is ``Contract()``.
    """

    bid: int = 0
    nil_seats: frozenset[int] = frozenset()
    blind_nil_seats: frozenset[int] = frozenset()
    blind: bool = False
    came_out: bool = False
    seat_bids: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Standing:
    """One side's position before or after a deal: its score, the bags it carries (their
    own count, never derived from the score) and how many deals in a row it
    has been set."""

    score: int = 0
    bags: int = 0
    sets_in_a_row: int = 0


WinReason = Literal["moon", "ten_for_200_all_tricks", "boston"]
"""Why a side wins at once: a made Moon (or Blind Boston) worth the game, a bid of ten that
took every trick (NYC), a Boston worth the game."""

LossReason = Literal["consecutive_sets", "losing_score"]
"""Why a side loses at once: set on `game_end.consecutive_sets_lose` deals in a row, or at
or below `game_end.losing_score`."""


@dataclass(frozen=True, slots=True)
class InstantWin:
    """A side wins the game at once, whatever the scores."""

    side: int
    reason: WinReason


@dataclass(frozen=True, slots=True)
class InstantLoss:
    """A side loses the game at once, whatever the scores (but see :func:`game_result` for
    several sides losing together)."""

    side: int
    reason: LossReason


GameEvent = InstantWin | InstantLoss
"""Something in a deal that ends the game."""


class Explains(Protocol):
    """A part of a side's score that can explain itself (a contract, its Nils, its bags,
    its Boston): the lines it adds to :attr:`SideScore.lines`."""

    @property
    def lines(self) -> tuple[str, ...]: ...


class _Explained:
    """Gives :class:`SideScore` a slot for the parts its ``lines`` are written from. It is
    not a field, so it is not compared, printed, hashed or pickled: ``lines`` is."""

    __slots__ = ("_parts",)
    _parts: tuple[Explains, ...]


def _write_lines(self: SideScore, name: str) -> tuple[str, ...]:
    """``SideScore.__getattr__``: Python calls it only when normal lookup fails, that is
    for ``lines`` before it is first read (a side built by :func:`new_side_score` leaves
    the slot empty) and for names that do not exist. The lines are written from the parts
    once, kept in the slot, and read from there ever after, so a side that nobody explains
    costs no text at all and one that is read, compared or printed gives the same lines
    every time."""
    if name != "lines":
        raise AttributeError(
            f"{type(self).__name__!r} object has no attribute {name!r}", name=name, obj=self
        )
    lines = tuple([line for part in self._parts for line in part.lines])
    object.__setattr__(self, "lines", lines)
    return lines


@dataclass(frozen=True, slots=True)
class SideScore(_Explained):
    """What one deal did to one side.

    The points are split the way a score sheet writes them:
    ``total == contract_points + overtrick_points + nil_points + bonus_points - bag_penalty``.

    - ``contract_points``: the trick contract's value when made (10 x bid, a ten for 200, a
      Moon, doubled when blind; in the deal that bids itself 10 per trick), or minus its
      penalty when set.
    - ``overtrick_points``: overtricks of a made contract, and the tricks of a failed Nil
      where they score (``failed_tricks: bags``).
    - ``nil_points``: Nil and Blind Nil bonuses and penalties.
    - ``bonus_points``: the Boston bonus.
    - ``bag_penalty``: points lost to sandbagging, a positive number (0 when none).

    ``bags_added`` counts the bags this deal brought, before any penalty took some off;
    ``after.bags`` is what the side carries into the next deal. ``was_set`` says the side's
    trick contract failed (this is what runs of sets count; a failed Nil is not a set).
    ``lines`` explain each component in words, in the order above. Scoring writes them
    when they are first read (most deals are played by programs that never read them), so
    they are the same whenever they are read, printed or compared.
    """

    side: int
    seats: tuple[int, ...]
    tricks: int
    contract_points: int
    overtrick_points: int
    nil_points: int
    bonus_points: int
    bags_added: int
    bag_penalty: int
    total: int
    before: Standing
    after: Standing
    was_set: bool
    took_all_tricks: bool
    lines: tuple[str, ...]

    if not TYPE_CHECKING:  # for mypy, a class with __getattr__ has every attribute
        __getattr__ = _write_lines


@dataclass(frozen=True, slots=True)
class DealScore:
    """The score of one deal: a :class:`SideScore` per side, in the order of
    ``variant.table.sides()``, and the events that end the game, if any."""

    sides: tuple[SideScore, ...]
    events: tuple[GameEvent, ...]

    @property
    def standings(self) -> tuple[Standing, ...]:
        """Each side's standing after the deal, ready for the next one."""
        return tuple(map(_AFTER, self.sides))

    def text(self) -> str:
        """Every side's explanation, one line per component."""
        out: list[str] = []
        for side in self.sides:
            seats = "+".join(str(seat) for seat in side.seats)
            out.append(
                f"side {side.side} (seats {seats}): {side.total:+d}, "
                f"score {side.after.score}, bags {side.after.bags}"
            )
            out.extend(f"  {line}" for line in side.lines)
        return "\n".join(out)


_AFTER = attrgetter("after")


ResultReason = Literal[
    "moon",
    "ten_for_200_all_tricks",
    "boston",
    "consecutive_sets",
    "losing_score",
    "target",
    "max_deals",
]
"""The rule that ended the game."""


@dataclass(frozen=True, slots=True)
class GameResult:
    """The end of a game: the winning side, or the sides that drew, and the rule that
    decided it. ``winners`` holds one side for a win and two or more for a draw."""

    winners: tuple[int, ...]
    reason: ResultReason
    text: str

    @property
    def is_draw(self) -> bool:
        """Whether the game ended as a draw between the sides in ``winners``."""
        return len(self.winners) > 1

    @property
    def winner(self) -> int | None:
        """The winning side, or ``None`` for a draw."""
        return self.winners[0] if len(self.winners) == 1 else None


# -- building the values fast ---------------------------------------------------------
# A frozen dataclass's __init__ sets each field with object.__setattr__, a slow call, to
# get round its own __setattr__, which refuses. A draft class with the same slots and no
# such __setattr__ takes plain assignments; the object then becomes the real class (the
# same slots make the layouts the same, so Python allows the change of __class__) and is
# from then on exactly what the class's own constructor would have built, frozen.

_T = TypeVar("_T")


def _draft(cls: type[_T]) -> type[Any]:
    """A class with the slots and bases of ``cls`` (a frozen slotted dataclass) and none of
    its methods. A test checks that what the ``new_*`` builders below build equals what the
    classes build, field by field: a field added to a class and not to its builder fails
    it."""
    return type(f"_{cls.__name__}Draft", cls.__bases__, {"__slots__": cls.__dict__["__slots__"]})


_ContractDraft = _draft(Contract)
_StandingDraft = _draft(Standing)
_SideScoreDraft = _draft(SideScore)
_DealScoreDraft = _draft(DealScore)


def new_contract(
    *,
    bid: int,
    nil_seats: frozenset[int],
    blind_nil_seats: frozenset[int],
    blind: bool,
    came_out: bool,
    seat_bids: tuple[tuple[int, int], ...],
) -> Contract:
    """``Contract(bid, nil_seats, ...)``, every field given, built faster: for the engine,
    which builds one per side at the end of every deal."""
    draft = _ContractDraft()
    draft.bid = bid
    draft.nil_seats = nil_seats
    draft.blind_nil_seats = blind_nil_seats
    draft.blind = blind
    draft.came_out = came_out
    draft.seat_bids = seat_bids
    draft.__class__ = Contract
    contract: Contract = draft
    return contract


def new_standing(score: int, bags: int, sets_in_a_row: int) -> Standing:
    """``Standing(score, bags, sets_in_a_row)``, built faster."""
    draft = _StandingDraft()
    draft.score = score
    draft.bags = bags
    draft.sets_in_a_row = sets_in_a_row
    draft.__class__ = Standing
    standing: Standing = draft
    return standing


def new_side_score(
    *,
    side: int,
    seats: tuple[int, ...],
    tricks: int,
    contract_points: int,
    overtrick_points: int,
    nil_points: int,
    bonus_points: int,
    bags_added: int,
    bag_penalty: int,
    total: int,
    before: Standing,
    after: Standing,
    was_set: bool,
    took_all_tricks: bool,
    parts: tuple[Explains, ...],
) -> SideScore:
    """A :class:`SideScore` whose ``lines`` are those of ``parts``, one after the other,
    written when first read."""
    draft = _SideScoreDraft()
    draft.side = side
    draft.seats = seats
    draft.tricks = tricks
    draft.contract_points = contract_points
    draft.overtrick_points = overtrick_points
    draft.nil_points = nil_points
    draft.bonus_points = bonus_points
    draft.bags_added = bags_added
    draft.bag_penalty = bag_penalty
    draft.total = total
    draft.before = before
    draft.after = after
    draft.was_set = was_set
    draft.took_all_tricks = took_all_tricks
    draft._parts = parts
    draft.__class__ = SideScore
    side_score: SideScore = draft
    return side_score


def new_deal_score(sides: tuple[SideScore, ...], events: tuple[GameEvent, ...]) -> DealScore:
    """``DealScore(sides, events)``, built faster."""
    draft = _DealScoreDraft()
    draft.sides = sides
    draft.events = events
    draft.__class__ = DealScore
    deal_score: DealScore = draft
    return deal_score
