"""The double-dummy solver's speed (issue 30): every legal card solved, at a trick's start.

    python bench/double_dummy.py [--cards 8] [--positions 30] [--seed 1] [--variant standard]
                                 [--bridge [--dds]] [--nodes] [--nil] [--worth]

Each position is a deal of the variant played at random (seeded) to a trick's start with
``--cards`` cards in each hand (13: the first lead of a full deal); the time is one call
of ``spadeslib.analysis.card_values`` for the side to lead, every legal card's exact
value, the native solver (``src/native/solver.c``). Prints the median, the quartiles and
the slowest (docs/performance.md has the figures, side by side with DDS). ``--bridge`` plays the
variant with the ``spades-any-time`` house rule, so that its play is bridge play with
spades trumps (no lead restriction), the deals DDS is measured on; ``--dds`` then solves
each position with DDS too (the ``endplay`` package's binding, an optional import: ``pip
install endplay``), times it the same way, and checks that both give every card the
same value. ``--nodes`` also counts the positions the solver searched for each (its node
counter, option 8 of ``_native.double_dummy``, in a second call outside the timing): the
witness of a change to the search that the noise of a shared machine hides in the times.
``--nil`` asks the Nil question instead (the tricks the other side can make the seat to
lead take), each position twice in turn: counted in full, and up to one trick (``up_to=1``:
can it be set, the question the Expert and ``nil_can_be_set`` ask), with both node counts.
``--worth`` asks for a worth instead of a count (``levels``, the question the Expert asks
where overtricks set a side, as in NYC): :func:`worth`'s levels, both sides' contracts
made or set, as NYC scores them.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Iterator
from typing import Any

import spadeslib
from spadeslib import _backend
from spadeslib.analysis import card_values, position_of
from spadeslib.analysis.solve import side_seats
from spadeslib.compiler.kernel import kernel_of

_PLAYERS = "NESW"  # seat 0 is North, and play goes clockwise


def _pbn(position: spadeslib.analysis.Position) -> str:
    """The position's hands as a PBN deal, seat 0 as North."""
    rules = position.rules
    order = "AKQJT98765432"
    hands = []
    for hand in position.hands:
        cards = [str(card) for card in rules.cards_of(hand)]
        suits = [
            "".join(sorted((c[0] for c in cards if c[1] == suit), key=order.index))
            for suit in "SHDC"
        ]
        hands.append(".".join(suits))
    return "N:" + " ".join(hands)


def _dds(
    position: spadeslib.analysis.Position, clock: Callable[[], float] = time.perf_counter
) -> tuple[float, dict[str, int]]:
    """DDS's time (ms, by ``clock``) and values for the position (endplay's ``solve_board``,
    which solves in the calling thread)."""
    from endplay.dds import solve_board  # optional: pip install endplay
    from endplay.types import Deal, Denom, Player

    deal = Deal.from_pbn(_pbn(position))
    deal.trump = Denom.spades
    deal.first = Player.find(_PLAYERS[position.leader])
    start = clock()
    solved = solve_board(deal)
    spent = (clock() - start) * 1000
    values = {card.rank.name[1:] + card.suit.name[0].upper(): tricks for card, tricks in solved}
    return spent, values


def worth(position: spadeslib.analysis.Position) -> list[int]:
    """``--worth``'s levels: NYC's made and set, for both sides. With ``left`` tricks to
    play, the side to lead needs ``a`` of them (half, rounded up) and the other side
    ``left - a - 1`` (a trick to spare), each made with up to two over and set otherwise
    (short or over), each contract worth ten a trick bid; a level is the leading side's
    score less the other side's, in tens: it rises, falls and rises again."""
    left = bin(position.hands[position.actor]).count("1")
    a = (left + 1) // 2
    b = left - a - 1
    return [
        (a if a <= t <= a + 2 else -a) - (b if b <= left - t <= b + 2 else -b)
        for t in range(left + 1)
    ]


def question(
    position: spadeslib.analysis.Position,
    side: int,
    maximizers: int | None = None,
    levels: list[int] | None = None,
) -> tuple[Any, ...]:
    """The bench's question to ``_native.double_dummy`` after its kernel: every card of
    ``position``, exactly, for ``side`` (a mask of seats; ``maximizers`` wanting more of its
    tricks, ``side`` itself by default), with the node count (option 8); ``levels``, a
    worth instead of a count."""
    asked = (
        list(position.hands),
        position.leader,
        list(position.trick),
        position.broken,
        position.trick_number,
        position.must_lead,
        side,
        side if maximizers is None else maximizers,
        8,
    )
    return asked if levels is None else (*asked, 0, 0.0, levels)


def _nodes(
    position: spadeslib.analysis.Position,
    side: int,
    maximizers: int | None = None,
    up_to: int = 0,
    levels: list[int] | None = None,
) -> int:
    """The solver's node count for the bench's question."""
    module = _backend.native()
    assert module is not None
    asked = question(position, side, maximizers)
    _, searched = module.double_dummy(kernel_of(position.rules), *asked, 0, 0.0, levels, up_to)
    count: int = searched
    return count


def _nil(args: argparse.Namespace) -> None:
    """``--nil``: the Nil question of the seat to lead, counted in full and up to one
    trick, in turn on each position."""
    times: dict[int, list[float]] = {0: [], 1: []}
    nodes: dict[int, int] = {0: 0, 1: 0}
    for seed, position in _positions(args):
        nil = 1 << position.actor
        others = ((1 << position.rules.players) - 1) & ~side_seats(position, position.actor)
        for up_to in (0, 1) if seed % 2 else (1, 0):
            start = time.perf_counter()
            card_values(position, nil, others, native=True, up_to=up_to)
            times[up_to].append((time.perf_counter() - start) * 1000)
            nodes[up_to] += _nodes(position, nil, others, up_to)
    for up_to, name in ((0, "counted in full"), (1, "up to one trick")):
        spent = sorted(times[up_to])
        print(
            f"{args.variant}, {args.cards} cards, the Nil question {name}: median "
            f"{statistics.median(spent):.2f} ms, slowest {spent[-1]:.1f} ms, "
            f"{nodes[up_to]:,} positions searched in all"
        )


def arguments(parser: argparse.ArgumentParser, cards: int, positions: int) -> argparse.Namespace:
    """The options both solver benches take, parsed; ``args.played`` is the variant to
    play (with ``--bridge``, ``args.variant`` with spades led any time)."""
    parser.add_argument("--cards", type=int, default=cards)
    parser.add_argument("--positions", type=int, default=positions)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--bridge", action="store_true", help="spades may be led any time")
    parser.add_argument("--dds", action="store_true", help="with --bridge: DDS side by side")
    parser.add_argument("--worth", action="store_true", help="a worth (levels), not a count")
    args = parser.parse_args()
    args.played = args.variant
    if args.bridge:
        args.played = spadeslib.parse_variant(
            f"extends: {args.variant}\nhouse_rules: [spades-any-time]\n"
        )
    return args


def _position(variant: object, seed: int, cards: int) -> spadeslib.analysis.Position | None:
    game = spadeslib.Game(variant, seed=seed)  # type: ignore[arg-type]
    rng = random.Random(seed)
    while True:
        if game.phase == "play":
            position = position_of(game)
            held = position.hands[position.actor].bit_count()
            if not position.trick and held == cards:
                return position
            if held < cards:
                return None
        if game.deal_history:
            return None
        actions = list(game.legal_actions())
        game.apply(actions[int(rng.random() * len(actions))])


def _positions(args: argparse.Namespace) -> Iterator[tuple[int, spadeslib.analysis.Position]]:
    """``args.positions`` positions of ``args.cards`` cards, each with its seed, from
    ``args.seed`` on (seeds whose play never stops at such a position are skipped)."""
    seed, found = args.seed, 0
    while found < args.positions:
        position = _position(args.played, seed, args.cards)
        if position is not None:
            found += 1
            yield seed, position
        seed += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", action="store_true", help="count the positions searched too")
    parser.add_argument("--nil", action="store_true", help="the Nil question, in full and to 1")
    args = arguments(parser, cards=8, positions=30)
    if spadeslib.backend() != "native":
        raise SystemExit("the native core is not built: this measures the native solver")
    if args.nil:
        _nil(args)
        return
    times: list[float] = []
    dds_times: list[float] = []
    nodes: list[int] = []
    differ = 0
    for _, position in _positions(args):
        side = side_seats(position, position.actor)
        levels = worth(position) if args.worth else None
        start = time.perf_counter()
        values = card_values(position, side, side, native=True, levels=levels)
        times.append((time.perf_counter() - start) * 1000)
        if args.nodes:
            nodes.append(_nodes(position, side, levels=levels))
        if args.dds and args.bridge:
            spent, theirs = _dds(position)
            dds_times.append(spent)
            ours = {str(position.rules.deck[bit]): tricks for bit, tricks in values.items()}
            differ += ours != theirs
    times.sort()
    quartiles = statistics.quantiles(times, n=4)
    name = args.variant + (" + spades-any-time" if args.bridge else "")
    solved = "solved for a worth" if args.worth else "solved"
    print(
        f"{name}, {args.cards} cards a hand, {len(times)} positions, every card "
        f"{solved}: median {statistics.median(times):.2f} ms, quartiles {quartiles[0]:.2f} to "
        f"{quartiles[2]:.2f} ms, slowest {times[-1]:.1f} ms"
    )
    if nodes:
        print(
            f"positions searched: {sum(nodes):,} in all, median {statistics.median(nodes):,.0f}, "
            f"most {max(nodes):,}"
        )
    if dds_times:
        dds_times.sort()
        print(
            f"DDS on the same positions: median {statistics.median(dds_times):.2f} ms, "
            f"slowest {dds_times[-1]:.1f} ms; positions where a card's value differs: {differ}"
        )


if __name__ == "__main__":
    main()
