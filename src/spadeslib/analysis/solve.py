"""Double-dummy values of a game's position: the native solver where it is built, the
Python reference otherwise (``spadeslib.backend()`` says which plays).

Who is counted: the seat to play's side, its partners' tricks included (a partnership,
two-handed Spades). In a game without sides (cutthroat, solo) each side is one seat, so
the answer is the tricks that one seat takes with every other seat playing against it
together: a bound on what it takes against real, separate opponents, not a prediction.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from spadeslib.analysis import reference
from spadeslib.analysis.position import Position, position_of
from spadeslib.compiler.kernel import kernel_of
from spadeslib.engine.search.solver import solve
from spadeslib.errors import ArgumentError

if TYPE_CHECKING:
    from spadeslib.engine.game import Game

__all__ = ["card_values", "check_seconds", "double_dummy", "nil_can_be_set", "side_seats"]


def check_seconds(seconds: object) -> None:
    """Refuse a time limit that is not ``None`` or a number of seconds above 0."""
    if seconds is None:
        return
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not 0 < seconds <= 1e9:
        raise ArgumentError(f"seconds must be None or a number above 0, not {seconds!r}")


def side_seats(position: Position, seat: int) -> int:
    """The seats of ``seat``'s side, a bit per seat."""
    side_of = position.rules.side_of
    return sum(
        1 << other for other in range(position.rules.players) if side_of[other] == side_of[seat]
    )


def card_values(
    position: Position,
    counted: int,
    maximizers: int,
    *,
    native: bool | None = None,
    focus: int = 0,
    options: int = 0,
    seconds: float | None = None,
    levels: Sequence[int] | None = None,
    up_to: int = 0,
) -> dict[int, int]:
    """Each legal card's (bit's) tricks for the ``counted`` seats (a bit per seat), the
    current trick included, with the ``maximizers`` wanting more of them and every other
    seat fewer. ``native``: force the path (``None``: the native solver where built).
    ``focus`` (a mask): the native solver may give only those cards and the cards that
    beat them, the best value still the highest given (a review's question, for less
    search). ``options``: the native solver's switches (``double_dummy`` in
    ``src/native/solver.c``), with which the tests turn its shortcuts off one by one.
    ``seconds``: a time limit (``None``: none), past which
    :class:`~spadeslib.errors.SearchTimeout` is raised. ``levels``: where more tricks
    are not simply better, the maximizers' worth of the counted seats' taking ``t`` tricks
    from here, ``levels[t]``, and each card's value the level they can be sure of
    (``spadeslib.engine.search.solver.solve``). ``up_to`` (0: none): each value the fewer
    of the card's tricks and ``up_to``, for a question about the first tricks."""
    check_seconds(seconds)
    if type(up_to) is not int or up_to < 0:
        raise ArgumentError(f"up_to must be an int of at least 0 (0: every trick), not {up_to!r}")
    if up_to and levels is not None:
        raise ArgumentError("levels and up_to cannot be given together")
    rules = position.rules
    kernel = kernel_of(rules) if native is not False else None
    if native and kernel is None:
        raise ArgumentError("the native solver is not built here (spadeslib.backend() is 'python')")
    if kernel is None:
        found = reference.values(position, counted, maximizers, seconds=seconds, levels=levels)
        return {bit: min(value, up_to) for bit, value in found.items()} if up_to else found
    return solve(
        kernel,
        position.hands,
        position.leader,
        position.trick,
        position.broken,
        position.trick_number,
        position.must_lead,
        counted,
        maximizers,
        options=options,
        focus=focus,
        seconds=seconds or 0.0,
        levels=levels,
        up_to=up_to,
    )


def _texts(position: Position, values: dict[int, int]) -> dict[str, int]:
    deck = position.rules.deck
    return {str(deck[bit]): value for bit, value in sorted(values.items())}


def double_dummy(game: Game, *, seconds: float | None = None) -> dict[str, int]:
    """For each legal card of the seat to play (keys are card texts such as ``"KD"``),
    the tricks its side takes in the rest of the deal, the current trick included, with
    every hand seen and best play by every seat.

    Raise :class:`~spadeslib.errors.ArgumentError` when the game is not in its play
    phase, and :class:`~spadeslib.errors.SearchTimeout` when ``seconds`` (a time limit;
    ``None``: none) pass first. The search's time grows quickly with the cards left: a
    standard deal from its first lead takes a tenth of a second or so, six hands of 17
    cards may take hours. Ctrl+C stops it.

    >>> import spadeslib
    >>> from spadeslib.analysis import double_dummy
    >>> game = spadeslib.Game("standard", seed=7)
    >>> for bid in ("bid 3", "bid 4", "bid 3", "bid 3"):
    ...     game.apply(bid)
    >>> while len(game.hand(game.current_player_id())) > 4:  # an ending: quick on any path
    ...     game.apply(list(game.legal_actions())[0])
    >>> values = double_dummy(game)
    >>> sorted(values) == sorted(str(action.card) for action in game.legal_actions())
    True
    >>> all(0 <= tricks <= 4 for tricks in values.values())
    True
    """
    position = position_of(game)
    side = side_seats(position, position.actor)
    return _texts(position, card_values(position, side, side, seconds=seconds))


def nil_can_be_set(game: Game, seat: int, *, seconds: float | None = None) -> bool:
    """Whether the other sides can make ``seat`` (a Nil bidder, say) take a trick from
    here, the current trick included, however ``seat`` and its partners play, every hand
    seen. Tricks it has already taken are not counted: ask :attr:`Game.tricks_won
    <spadeslib.Game.tricks_won>` for those. ``seconds``: as :func:`double_dummy`'s."""
    position = position_of(game)
    players = position.rules.players
    if type(seat) is not int or not 0 <= seat < players:
        raise ArgumentError(f"no seat {seat!r}: seats are 0 to {players - 1}")
    opponents = ((1 << players) - 1) & ~side_seats(position, seat)
    values = card_values(position, 1 << seat, opponents, seconds=seconds, up_to=1)
    wants = opponents >> position.actor & 1
    best = max(values.values()) if wants else min(values.values())
    return best > 0
