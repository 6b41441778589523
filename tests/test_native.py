"""The native core against the Python reference (PEP 399): the same deals, the same legal
plays, the same tricks and scores, for every bundled variant and for generated ones; and
the boundary of the C, where every bad argument is an ArgumentError.

Skipped where the extension is not built (the pure-Python run of the suite, or an
install without a compiler); ``.ci/run`` checks that it is built where it can be.
"""

from __future__ import annotations

import contextlib
import json
import random
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import spadeslib
from conftest import examples
from game_helpers import table_rows
from spadeslib import _backend
from spadeslib.bits import items_of
from spadeslib.compiler.bids import NIL, format_bid
from spadeslib.compiler.play import Play as PythonPlay
from spadeslib.compiler.rules import Rules
from spadeslib.engine import Game
from spadeslib.engine.core.dealing import deal_from_order
from spadeslib.engine.core.shuffle import shuffled_stream
from spadeslib.errors import ArgumentError
from spadeslib.testing import variants
from spadeslib.variant import Variant

if TYPE_CHECKING:
    from spadeslib._native import Kernel

native: Any = _backend.native()
pytestmark = pytest.mark.skipif(native is None, reason="the native core is not built here")

BUNDLED = spadeslib.bundled_variants()


def _rules(name: str) -> Rules:
    return spadeslib.load_variant(name).compile()


def _kernel(rules: Rules) -> Kernel:
    """The rules' native kernel (built here: the module is skipped where it is not)."""
    kernel = rules.kernel
    assert kernel is not None
    return kernel


def _shape(table: memoryview) -> tuple[int, ...]:
    assert table.shape is not None  # (None only for a view of no buffer)
    return table.shape


def _game(variant: Variant | str, seed: int, *, pure: bool) -> Game:
    if pure:
        with _backend.pure_python():
            return Game(variant, seed=seed)
    return Game(variant, seed=seed)


def _random_game(variant: Variant | str, seed: int, *, pure: bool, steps: int) -> list[str]:
    """Snapshots of a seeded random game: the state, the legal ids, the observation."""
    game = _game(variant, seed, pure=pure)
    rng = random.Random(seed)
    seen = []
    for step in range(steps):
        if game.is_over:
            break
        ids = game.legal_action_ids()
        if step % 5 == 0:
            seen.append(json.dumps(game.state_dict(), sort_keys=True))
            seen.append(repr(game.observation(step % game.variant.table.players)))
        seen.append(repr(ids))
        game.apply_id(ids[int(rng.random() * len(ids))])
    seen.append(json.dumps(game.record(), sort_keys=True))
    return seen


@pytest.mark.parametrize("name", BUNDLED)
def test_the_seeded_deals_are_the_pythons(name: str) -> None:
    rules = _rules(name)
    kernel: Any = rules.kernel
    for seed in (0, 1, 2**63 + 5, 2**64 - 1):
        for index in (0, 3):
            for dealer in range(rules.players):
                order = shuffled_stream(rules.size, seed, index)
                expected = deal_from_order(rules, dealer, order, native=False)
                if rules.packs == 2:
                    from spadeslib.engine.core.dealing import canonical_copies

                    expected = canonical_copies(rules, expected)
                got = kernel.deal(seed, index, dealer, rules.cut_cards, rules.dealt_per_hand)
                assert got == expected, (seed, index, dealer)


@pytest.mark.parametrize("name", BUNDLED)
def test_the_deal_of_an_order_is_the_pythons(name: str) -> None:
    """``deal_from_order`` (an OpenSpiel chance node's deal) natively and in Python."""
    rules = _rules(name)
    rng = random.Random(name)
    for _ in range(50):
        order = list(range(rules.size))
        rng.shuffle(order)
        dealer = rng.randrange(rules.players)
        assert deal_from_order(rules, dealer, order) == deal_from_order(
            rules, dealer, order, native=False
        )


def test_the_deal_of_an_order_refuses_what_is_not_one() -> None:
    rules = _rules("standard")
    kernel: Any = rules.kernel
    order = list(range(52))
    for bad, message in [
        ((order[:-1], 0, 0, 13), "order"),
        (([*order[:-1], 0], 0, 0, 13), "twice"),
        (([*order[:-1], 52], 0, 0, 13), "bit"),
        (([*order[:-1], "51"], 0, 0, 13), "bit"),
        ((order, 4, 0, 13), "no such deal"),
        ((order, 0, 0, 14), "no such deal"),
        ((order, 0, -1, 13), "no such deal"),
    ]:
        with pytest.raises(ArgumentError, match=message):
            kernel.deal_order(*bad)


def test_the_shuffle_is_the_pythons_for_every_deck_size() -> None:
    from spadeslib.engine.core.shuffle import SplitMix64, shuffled

    for count in (0, 1, 2, 3, 17, 52, 54, 64, 65, 102, 108):
        for state in (0, 7, 2**64 - 1):
            assert list(native.shuffle(count, state)) == shuffled(count, SplitMix64(state))


@pytest.mark.parametrize("name", BUNDLED)
def test_whole_games_are_the_same_on_both_paths(name: str) -> None:
    for seed in (1, 2):
        assert _random_game(name, seed, pure=False, steps=400) == _random_game(
            name, seed, pure=True, steps=400
        )


@settings(max_examples=examples(15), deadline=None)
@given(variants(), st.integers(0, 2**32))
def test_generated_variants_play_the_same_on_both_paths(variant: Variant, seed: int) -> None:
    assert _random_game(variant, seed, pure=False, steps=250) == _random_game(
        variant, seed, pure=True, steps=250
    )


def test_a_game_made_where_python_plays_stays_in_python() -> None:
    # the differential tests above stand on this: the pure game of a pair is pure to the end
    with _backend.pure_python():
        game = Game("standard", seed=3)
    native_game = Game("standard", seed=3)
    for each in (game, native_game):
        while each.phase != "play":
            each.apply_id(each.legal_action_ids()[0])
    assert isinstance(game._s.play, PythonPlay)
    assert not isinstance(native_game._s.play, PythonPlay)


def test_a_deal_after_a_blind_nil_is_played_the_same_on_both_paths() -> None:
    # Found by the fuzzing: once a captain has bid Blind Nil (and exchanged), every seat
    # has looked again, but the team bid must still hold the Blind Nil; the native auction
    # knows no blind bids, so such a deal stays in Python.
    text = """
name: blind nil behind
extends: standard
table: {partnerships: pairs}
deck: {packs: 2}
deal: {hand_size: 26}
passing: {cards: 1}
bidding:
  form: {kind: partnership, min_team_bid: 0}
  nil: {both_partners: true}
  blind_nil: {exchange: 2, eligibility: {kind: always}, per_side: 1}
"""
    variant = spadeslib.parse_variant(text)
    for seed in range(4):
        native_game = _random_game(variant, seed, pure=False, steps=700)
        assert native_game == _random_game(variant, seed, pure=True, steps=700), seed


def _plays(rules: Rules, seed: int) -> tuple[Any, PythonPlay]:
    hands = list(_kernel(rules).deal(seed, 0, 0, 0, rules.hand_size)[0])
    leader = seed % rules.players
    must = rules.first_lead_mask(hands)
    trick_log: list[tuple[int, tuple[int, ...]]] = []
    trick: list[int] = []
    args = (hands, leader, trick_log, trick, False, [0] * rules.players, must)
    return native.Play(rules.kernel, *args), PythonPlay(rules, *args)


PLAY_VIEW = (
    "hands",
    "trick",
    "leader",
    "actor",
    "trick_number",
    "broken",
    "tricks",
    "must_lead",
    "winning",
    "trick_log",
    "played",
    "done",
    "bidding",
    "with_auction",
)
"""What the engine's state reads of a play (compiler/play.py's DealPlay)."""


def _view(play: Any) -> tuple[Any, ...]:
    return tuple(getattr(play, name) for name in PLAY_VIEW)


@pytest.mark.parametrize("name", BUNDLED)
def test_a_play_step_by_step_is_the_pythons(name: str) -> None:
    rules = _rules(name)
    if rules.dealt_per_hand != rules.hand_size:
        pytest.skip("the hands are not dealt whole here (a cut or a draw)")
    for seed in range(6):
        fast, slow = _plays(rules, seed)
        rng = random.Random(seed)
        while True:
            assert fast.legal_ids() == slow.legal_ids()
            assert fast.legal_mask() == slow.legal_mask()
            assert fast.actor == slow.actor
            for junk in (-1, rules.size, 10**30, "1", 1.0, True, None):
                assert fast.apply(junk) == slow.apply(junk) == -1
            illegal = [i for i in range(rules.size) if i not in slow.legal_ids()]
            if illegal:
                assert fast.apply(illegal[0]) == slow.apply(illegal[0]) == -1
            ids = slow.legal_ids()
            choice = ids[rng.randrange(len(ids))]
            status = fast.apply(choice)
            assert status == slow.apply(choice)
            if rng.random() < 0.2:
                assert _view(fast) == _view(slow)
                copy = fast.clone()
                assert _view(copy) == _view(fast)
            if status == 1:
                break
        assert _view(fast) == _view(slow)
        assert fast.legal_ids() == slow.legal_ids() == []


def test_a_rollout_is_the_pythons() -> None:
    for name in ("standard", "six-handed", "cutthroat"):
        rules = _rules(name)
        for seed in range(5):
            fast, slow = _plays(rules, seed)
            assert fast.rollout(random.Random(seed).random) == slow.rollout(
                random.Random(seed).random
            )
            assert _view(fast) == _view(slow)


@pytest.mark.parametrize("name", BUNDLED)
def test_playouts_are_the_pythons(name: str) -> None:
    for policy in ("random", "standard-cards", "easy"):
        options: dict[str, Any] = {
            "seed": 11,
            "policy": policy,
            "trick_winners": True,
            "actions": True,
            "auction": True,
            "dealt": True,
            "first_deal": name != "nyc",
        }
        fast = spadeslib.playouts(name, 60, **options)
        with _backend.pure_python():
            slow = spadeslib.playouts(name, 60, **options)
        assert slow.backend == "python"
        for field in (
            "tricks",
            "points",
            "scores",
            "bags",
            "sets",
            "dealers",
            "winners",
            "actions",
            "bids",
            "contracts",
            "dealt",
        ):
            assert getattr(fast, field).tolist() == getattr(slow, field).tolist(), field


def test_playouts_are_the_deals_played_through_game() -> None:
    """Deal i is the first deal of Game(seed=game_seed(i)), and its actions replayed
    through the public loop give its tricks and points."""
    result = spadeslib.playouts("standard", 40, seed=5, actions=True)
    assert result.actions is not None
    actions, tricks, points = (
        table_rows(t) for t in (result.actions, result.tricks, result.points)
    )
    for index in range(len(result)):
        game = Game("standard", seed=result.game_seed(index))
        assert game.dealer == result.dealers[index, 0]
        for action_id in actions[index]:
            if action_id < 0:
                break
            game.apply_id(action_id)
        deal = game.deal_history[0]
        assert list(deal.tricks) == tricks[index]
        assert [side.total for side in deal.score.sides] == points[index]


@pytest.mark.parametrize("name", ["standard", "mirror", "six-handed"])
def test_playouts_auction_and_dealt_tables_are_the_games(name: str) -> None:
    """The bids, contracts and hands as dealt of deal i are those of the first deal of
    Game(seed=game_seed(i)) replayed from its actions (six-handed: masks past 64 bits)."""
    result = spadeslib.playouts(name, 12, seed=3, actions=True, auction=True, dealt=True)
    assert result.bids is not None and result.contracts is not None and result.dealt is not None
    assert result.actions is not None
    players = _shape(result.bids)[1]
    words = _shape(result.dealt)[1] // players
    for index, row in enumerate(table_rows(result.dealt)):
        game = Game(name, seed=result.game_seed(index))
        masks = [
            sum(
                (word & 0xFFFFFFFF) << 32 * j
                for j, word in enumerate(row[s * words : (s + 1) * words])
            )
            for s in range(players)
        ]
        deck = game.variant.compile().deck
        for seat, mask in enumerate(masks):
            assert sorted(map(str, items_of(deck, mask))) == sorted(map(str, game.hand(seat)))
        for action_id in table_rows(result.actions)[index]:
            if action_id >= 0:
                game.apply_id(action_id)
        deal = game.deal_history[0]
        assert [format_bid(code) for code in table_rows(result.bids)[index]] == list(deal.bids)
        assert table_rows(result.contracts)[index] == list(deal.contracts)


def test_the_tables_are_numpy_arrays_without_a_copy() -> None:
    numpy = pytest.importorskip("numpy")
    result = spadeslib.playouts("standard", 10, seed=1)
    tricks = numpy.asarray(result.tricks)
    assert tricks.shape == (10, 4) and tricks.dtype == numpy.int32
    assert not tricks.flags.owndata
    assert (tricks.sum(axis=1) == 13).all()


def test_the_kernel_refuses_bad_tables() -> None:
    rules = _rules("standard")
    good = rules.kernel
    with pytest.raises(ArgumentError, match="numbers"):
        native.Kernel([52], [], [], [], [], [], b"", b"", b"", [], b"", b"", b"", b"")
    from spadeslib.compiler.kernel import _build

    args: list[Any] = list(_kernel_args(rules))
    for index, bad in ((6, b"\x09" * 52), (1, [0, 0, 0, 0]), (8, b"\x00" * 51)):
        broken = list(args)
        broken[index] = bad
        with pytest.raises(ArgumentError):
            native.Kernel(*broken)
    assert _build(native, rules) is not good  # building again makes a new kernel


def _kernel_args(rules: Rules) -> tuple[Any, ...]:
    captured: dict[str, tuple[Any, ...]] = {}

    class Spy:
        def Kernel(self, *args: Any) -> None:
            captured["args"] = args

    from spadeslib.compiler.kernel import _build

    _build(Spy(), rules)
    return captured["args"]


def test_a_play_refuses_bad_arguments() -> None:
    rules = _rules("standard")
    kernel = _kernel(rules)
    hands = list(kernel.deal(1, 0, 0, 0, 13)[0])
    good: tuple[object, ...] = (hands, 0, [], [], False, [0] * 4, 0)
    bad_cases = [
        ((hands[:3], *good[1:]), "hands"),
        (([hands[0], hands[0], hands[2], hands[3]], *good[1:]), "another hand"),
        (([-1, *hands[1:]], *good[1:]), "negative"),
        (([1 << 60, *hands[1:]], *good[1:]), "outside"),
        ((hands, 4, *good[2:]), "leader"),
        ((hands, 0, [(0, (1, 2))], *good[3:]), "whole trick"),
        ((hands, 0, [], [hands[0].bit_length() - 1], *good[4:]), "in a hand"),
        ((hands, 0, [], [], False, [0] * 3, 0), "tricks"),
        ((hands, 0, [], [], False, [0] * 4, "x"), "must_lead"),
    ]
    for args, message in bad_cases:
        with pytest.raises(ArgumentError, match=message):
            native.Play(kernel, *args)
    with pytest.raises(ArgumentError, match="Kernel"):
        native.Play(object(), *good)


def test_playouts_refuse_bad_arguments() -> None:
    for kwargs, message in (
        ({"n": -1}, "n must be"),
        ({"n": 2, "seed": -1}, "seed"),
        ({"n": 2, "policy": "clever"}, "no policy"),
        ({"n": 2, "policy": ["random"] * 3}, "one per seat"),
        ({"n": 2, "dealer": 4}, "dealer"),
        ({"n": 2, "standings": [spadeslib.Standing()]}, "one Standing per side"),
        ({"n": 1, "hands": [[0, 0, 0, 0]]}, "must hold"),
        ({"n": 1, "hands": [[1 << 60, 0, 0, 0]]}, "not a mask"),
        ({"n": 2, "hands": [[0, 0, 0, 0]]}, "one row"),
        ({"n": 2, "actions": 1}, "actions"),
    ):
        n = kwargs.pop("n")
        assert isinstance(n, int)
        with pytest.raises(ArgumentError, match=message):
            spadeslib.playouts("standard", n, **kwargs)


@pytest.mark.parametrize("name", ["standard", "cutthroat", "six-handed", "suicide", "mirror"])
def test_an_auction_played_natively_refuses_and_reports_as_python_does(name: str) -> None:
    """The native core plays a deal from its first bid: every refused id or text gets the
    engine's own reason, the game is unchanged, and a clone taken mid-auction goes on the
    same way."""
    from spadeslib.errors import IllegalActionError

    def refusals(game: Game) -> list[str]:
        out = []
        for junk in (-1, 10**6, game.legal_action_ids()[-1] + 1, "bid 99", "play AS"):
            before = json.dumps(game.state_dict(), sort_keys=True)
            with pytest.raises(IllegalActionError) as error:
                if isinstance(junk, str):
                    game.apply(junk)
                else:
                    game.apply_id(junk)
            assert json.dumps(game.state_dict(), sort_keys=True) == before
            out.append(str(error.value))
        return out

    fast, slow = _game(name, 3, pure=False), _game(name, 3, pure=True)
    assert type(fast._s.play).__module__ == "spadeslib._native"  # the auction is native
    assert slow._s.play is None
    rng = random.Random(3)
    while fast.phase in ("bidding", "blind"):
        assert fast.phase == slow.phase and fast.legal_action_ids() == slow.legal_action_ids()
        assert refusals(fast) == refusals(slow)
        copy = fast.clone()
        ids = fast.legal_action_ids()
        choice = ids[rng.randrange(len(ids))]
        for game in (fast, slow, copy):
            game.apply_id(choice)
        assert copy.state_dict() == fast.state_dict() == slow.state_dict()


def test_the_native_loop_reads_a_state_of_another_type_by_its_attributes() -> None:
    """The native loop reads the state's ``play`` and ``deals_played`` off the C struct of
    ``StateCore``, the base of every engine ``State`` (src/native/game.c, state_get), and
    by attribute lookup from an object of any other type: a stand-in that is no
    ``StateCore`` is asked, and the real state, put back, is read off its struct again."""
    from spadeslib.engine.core.state import State

    assert issubclass(State, spadeslib._native.StateCore)
    asked: list[str] = []

    class StandIn:
        def __init__(self, state: State) -> None:
            self.state = state

        def __getattr__(self, name: str) -> Any:
            asked.append(name)
            return getattr(self.state, name)

    game = _game("standard", 4, pure=False)
    while game.phase != "play":
        game.apply_id(game.legal_action_ids()[0])
    plain = game._s
    ids = game.legal_action_ids()
    game._s = StandIn(plain)  # type: ignore[assignment]
    assert game.legal_action_ids() == ids and asked == ["play"]
    assert game.deal_number == 0 and asked == ["play", "deals_played"]
    game._s = plain
    asked.clear()
    assert game.legal_action_ids() == ids and game.deal_number == 0 and asked == []


class _Id(int):
    """An int of another type: not an action id to the engine."""


@pytest.mark.parametrize("name", ["standard", "six-handed"])
def test_the_native_loop_refuses_and_reports_in_the_play_as_python_does(name: str) -> None:
    """A game's ``legal_action_ids``, ``apply_id``, ``current_player``, ``is_over`` and
    ``deal_number`` answer in C while the native core plays (src/native/game.c): every
    refused id (out of range, a card not held or not allowed, or not an int: a bool, a
    float, a str, an int subclass) gets the Python's reason and changes nothing, and the
    deal's last card scores the deal, as in a game the Python plays."""
    from spadeslib.errors import IllegalActionError

    assert isinstance(_game(name, 1, pure=False), native.GameLoop)

    def refusals(game: Game) -> list[str]:
        ids = game.legal_action_ids()
        illegal = next(i for i in range(game._s.space.size) if i not in ids)
        out = []
        for junk in (-1, 10**30, illegal, True, float(ids[0]), str(ids[0]), _Id(ids[0])):
            before = json.dumps(game.state_dict(), sort_keys=True)
            with pytest.raises(IllegalActionError) as error:
                game.apply_id(junk)  # type: ignore[arg-type]
            assert json.dumps(game.state_dict(), sort_keys=True) == before
            out.append(str(error.value))
        return out

    fast, slow = _game(name, 5, pure=False), _game(name, 5, pure=True)
    rng = random.Random(5)
    step = 0
    while fast.deal_number == 0:
        assert slow.deal_number == 0
        assert fast.current_player == slow.current_player is not None
        assert fast.is_over is slow.is_over is False
        assert fast.legal_action_ids() == slow.legal_action_ids()
        if fast.phase == "play" and step % 7 == 0:
            assert type(fast._s.play).__module__ == "spadeslib._native"
            assert refusals(fast) == refusals(slow)
        ids = fast.legal_action_ids()
        choice = ids[rng.randrange(len(ids))]
        fast.apply_id(choice)
        slow.apply_id(choice)
        step += 1
    assert slow.deal_number == 1
    assert fast.state_dict() == slow.state_dict()
    assert fast.deal_history == slow.deal_history


@pytest.mark.parametrize("name", ["standard", "nyc", "six-handed", "cutthroat"])
def test_step_is_apply_id_and_the_seat_to_act_on_both_paths(name: str) -> None:
    """``_step`` (the adapters' one call per action) plays what ``apply_id`` plays and
    answers the seat to act, or -1 for "ask the game": natively and in Python, over two
    deals; every card of the play but a deal's last answers a seat, on both paths."""
    from spadeslib.errors import IllegalActionError

    games = {pure: (_game(name, 3, pure=pure), _game(name, 3, pure=pure)) for pure in (False, True)}
    rng = random.Random(3)
    answered = dict.fromkeys(games, 0)
    while games[False][0].deal_number < 2 and not games[False][0].is_over:
        ids = games[False][0].legal_action_ids()
        choice = ids[rng.randrange(len(ids))]
        for pure, (stepped, applied) in games.items():
            in_play = stepped.phase == "play"
            seat = stepped._step(choice)
            applied.apply_id(choice)
            assert stepped.state_dict() == applied.state_dict()
            if seat >= 0:
                assert seat == stepped.current_player
                answered[pure] += 1
            elif in_play and stepped.deal_number == applied.deal_number and stepped.phase == "play":
                pytest.fail(f"-1 in the middle of the play ({'Python' if pure else 'native'})")
    for pure, (stepped, _) in games.items():
        assert stepped.deal_history == games[False][0].deal_history
        assert answered[pure] > 40
    with pytest.raises(IllegalActionError):
        games[False][0]._step(True)


def _position(name: Variant | str, seed: int, steps: int) -> Any:
    """The play phase of a seeded random game after about ``steps`` actions (None if the
    game has no play there)."""
    from spadeslib.engine.core import flow

    game = Game(name, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            return None
        ids = game.legal_action_ids()
        game.apply_id(ids[rng.randrange(len(ids))])
    s = flow.deal_if_due(game._s)
    return s if game.phase == "play" else None


def _samples(s: Any, rng: random.Random, n: int) -> list[list[int]]:
    """``n`` deals of the hidden cards: the other seats' cards dealt among them again,
    each seat keeping its count."""
    out = []
    me = s.actor
    others = [seat for seat in range(s.players) if seat != me]
    pool = [bit for seat in others for bit in range(s.rules.size) if s.hands[seat] >> bit & 1]
    for _ in range(n):
        rng.shuffle(pool)
        hands = list(s.hands)
        at = 0
        for seat in others:
            count = s.hands[seat].bit_count()
            hands[seat] = sum(1 << bit for bit in pool[at : at + count])
            at += count
        out.append(hands)
    return out


def _simulate(s: Any, rng: random.Random, *, one_trick: bool, pure: bool) -> Any:
    from spadeslib.policies.standard import Table, play_out_many

    rules = s.rules
    deals = _samples(s, rng, 12)
    sides = len(rules.sides)
    tables = []
    for _ in deals:
        contracts = [
            None if rng.random() < 0.3 else rng.randrange(rules.hand_size) for _ in range(sides)
        ]
        tables.append(
            Table(rules, contracts, rng.getrandbits(rules.players) & rng.getrandbits(rules.players))
        )
    played = 0
    for _, cards in s.trick_log:
        for bit in cards:
            played |= 1 << bit
    for bit in s.trick:
        played |= 1 << bit
    legal = s.play.legal_mask() if hasattr(s.play, "legal_mask") else 0
    first = None
    if one_trick and legal:
        first = (legal & -legal).bit_length() - 1
    voids = [rng.getrandbits(4) for _ in range(rules.players)] if rng.random() < 0.5 else []

    def run() -> tuple[list[list[int]], list[int]]:
        return play_out_many(
            rules,
            contracts=[table.contracts for table in tables],
            nils=[table.nils for table in tables],
            deals=deals,
            leaders=[s.leader] * len(deals),
            must_leads=[s.must_lead] * len(deals),
            tricks=list(s.tricks),
            trick=list(s.trick),
            trick_number=s.trick_number,
            broken=s.broken,
            played=played,
            voids=voids,
            first=first,
            one_trick=one_trick,
        )

    if pure:
        with _backend.pure_python():
            return run()
    return run()


@pytest.mark.parametrize("name", BUNDLED)
def test_the_bots_simulations_are_the_pythons(name: str) -> None:
    checked = 0
    for seed in range(6):
        s = _position(name, seed, 12 + 9 * seed)
        if s is None:
            continue
        for one_trick in (False, True):
            want = _simulate(s, random.Random(seed), one_trick=one_trick, pure=True)
            assert _simulate(s, random.Random(seed), one_trick=one_trick, pure=False) == want
            checked += 1
    assert checked


@settings(max_examples=examples(15), deadline=None)
@given(variants(), st.integers(0, 2**32), st.integers(0, 120))
def test_the_bots_simulations_are_the_pythons_for_generated_variants(
    variant: Variant, seed: int, steps: int
) -> None:
    s = _position(variant, seed, steps)
    if s is not None:
        for one_trick in (False, True):
            want = _simulate(s, random.Random(seed), one_trick=one_trick, pure=True)
            assert _simulate(s, random.Random(seed), one_trick=one_trick, pure=False) == want


def test_the_bots_simulations_refuse_bad_positions() -> None:
    kernel: Any = _rules("standard").kernel
    hands = [[0xF, 0xF0, 0xF00, 0xF000]]  # four cards each; seat 0 leads
    trick: list[int] = []
    voids: list[int] = []
    good = (hands, [[None, 3]], [0], [0], [0], [0] * 4, trick, 9, False, 0, voids, -1, False)
    tricks, winners = kernel.standard_playouts(*good)
    assert sum(tricks[0]) == 4 and winners[0] in range(4)
    bad = {
        0: ([[0x3, 0x3, 0, 0]], "another seat"),
        1: ([[None]], "a sample's contracts"),
        2: ([16], "Nil seats"),
        3: ([4], "leader"),
        5: ([0] * 3, "tricks"),
        7: (99, "trick_number"),
        10: ([1, 2], "voids"),
        11: (40, "not in the hand"),
    }
    for index, (value, message) in bad.items():
        args = list(good)
        args[index] = value
        with pytest.raises(ArgumentError, match=message):
            kernel.standard_playouts(*args)


@pytest.mark.parametrize("name", [*BUNDLED, "jokers-big-little", "elevated-deuces"])
def test_the_point_counts_are_the_pythons(name: str) -> None:
    from spadeslib.bots.guesses import quick_bids
    from spadeslib.bots.tables import tables_of

    if name in BUNDLED:
        rules = _rules(name)
    else:  # house rules that change what is a trump and how cards rank
        rules = spadeslib.parse_variant(f"extends: standard\nhouse_rules: [{name}]\n").compile()
    rng = random.Random(name)
    deals = []
    for _ in range(200):  # whole hands, and hands of any length: every holding counts
        bits = list(range(rules.size))
        rng.shuffle(bits)
        size = (
            rules.hand_size
            if rng.random() < 0.5
            else rng.randrange(rules.size // rules.players + 1)
        )
        deals.append(
            [sum(1 << b for b in bits[s * size : (s + 1) * size]) for s in range(rules.players)]
        )
    for seats in (0, 1, (1 << rules.players) - 1, rng.getrandbits(rules.players)):
        fill = [NIL, *range(rules.players - 1)]
        with _backend.pure_python():
            want = quick_bids(rules, tables_of(rules), deals, seats, fill)
        got = quick_bids(rules, tables_of(rules), deals, seats, fill)
        assert got == want
        assert all(row[0] is NIL for row in got if not seats & 1)  # the fill as it was given


def test_the_point_counts_refuse_bad_arguments() -> None:
    from spadeslib.bots.guesses import point_table

    rules = _rules("standard")
    kernel: Any = rules.kernel
    tops, copies, lengths, values = point_table(rules)
    good = ([[0x7, 0x38, 0x1C0, 0xE00]], 0b1011, [0, 1, NIL, 3], tops, copies, lengths, values)
    assert kernel.quick_bids(*good)[0][2] is NIL
    bad = {
        0: ([[1 << 60, 0, 0, 0]], "outside"),
        1: (16, "seats"),
        2: ([0, 1, "2", 3], "fill"),
        3: (tops[:-1], "tops"),
        4: (1, "tops"),
        5: (13, "lengths"),
        6: (values[:-1], "values"),
    }
    for index, (value, message) in bad.items():
        args = list(good)
        args[index] = value
        with pytest.raises(ArgumentError, match=message):
            kernel.quick_bids(*args)
    with pytest.raises(ArgumentError, match="tops"):
        kernel.quick_bids(*good[:3], [tops[3], *tops[1:]], *good[4:])  # cards of another suit


def test_the_hidden_cards_are_placed_as_the_python_places_them() -> None:
    from spadeslib.engine.core.shuffle import SplitMix64, shuffled

    free = bytes([3, 9, 12, 40, 41, 50, 7, 70, 99, 101])
    rooms, places, known = [4, 2, 4], [1, -1, 3], [1 << 60, 0, 0, 1 << 61]
    hands, state = native.place(2**64 - 5, free, rooms, places, known, 5)
    rng = SplitMix64(2**64 - 5)
    for got in hands:
        order = [free[k] for k in shuffled(len(free), rng)]
        want = list(known)
        at = 0
        for room, place in zip(rooms, places, strict=True):
            if place >= 0:
                want[place] |= sum(1 << bit for bit in order[at : at + room])
            at += room
        assert got == want
    assert state == rng.state


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((0, bytes([3, 200]), [2], [0], [0, 0], 1), "below"),
        ((0, bytes([3, 4]), [1], [0], [0, 0], 1), "hold 1 cards"),
        ((0, bytes([3, 4]), [2], [2], [0, 0], 1), "a place"),
        ((0, bytes([3, 4]), [2], [0], [], 1), "known"),
        ((0, bytes([3, 4]), [2], [0], [0, 0], -1), "n must"),
    ],
)
def test_placing_refuses_bad_arguments(args: tuple[Any, ...], message: str) -> None:
    with pytest.raises(ArgumentError, match=message):
        native.place(*args)


def _sampled(determinizer: Any, seed: int, *, pure: bool) -> tuple[list[list[int]], int]:
    from spadeslib.engine.core.shuffle import SplitMix64

    rng = SplitMix64(seed)
    if pure:
        with _backend.pure_python():
            return determinizer.samples(rng, 20), rng.state
    return determinizer.samples(rng, 20), rng.state


@pytest.mark.parametrize("name", BUNDLED)
def test_the_hidden_cards_are_sampled_as_the_python_samples_them(name: str) -> None:
    # in play, where voids constrain the suits, and before it
    from spadeslib.engine.search.determinize import Determinizer
    from spadeslib.engine.search.knowledge import read

    constrained = 0
    for seed in range(8):
        game = Game(name, seed=seed)
        rng = random.Random(seed)
        for _ in range(20 + 6 * seed):
            if game.is_over:
                break
            ids = game.legal_action_ids()
            game.apply_id(ids[rng.randrange(len(ids))])
        seat = game.current_player
        if seat is None:
            continue
        knowledge = read(game.observation(seat), game.variant.compile())
        want = _sampled(Determinizer(knowledge), seed, pure=True)
        determinizer = Determinizer(knowledge)
        constrained += bool(determinizer.constrained)
        assert _sampled(determinizer, seed, pure=False) == want, seed
    if name in ("standard", "nyc"):
        assert constrained  # the constrained placement was exercised


def test_an_impossible_placement_falls_back_to_the_python() -> None:
    import dataclasses

    from spadeslib.engine.search.determinize import Determinizer
    from spadeslib.engine.search.knowledge import read

    game = Game("standard", seed=3)
    while game.phase != "play" or len(game.trick) != 1:
        game.apply_id(game.legal_action_ids()[0])
    seat = game.current_player
    assert seat is not None
    knowledge = read(game.observation(seat), game.variant.compile())
    everyone_void = dataclasses.replace(knowledge, voids=(0b1111,) * 4)
    assert _sampled(Determinizer(everyone_void), 5, pure=False) == _sampled(
        Determinizer(everyone_void), 5, pure=True
    )


def test_a_long_game_past_the_score_tables_range_is_scored_as_the_python_scores_it() -> None:
    # Found by the agents' adapters: with no back-to-back rule a side's sets in a row grow
    # without end under random play; past 30 the native score table cannot key them, and
    # the engine scores the deal itself (this game reached 32 at its 2,743rd action).
    def play(pure: bool) -> tuple[Any, ...]:
        game = _game("suicide", 0, pure=pure)
        rng = random.Random(0)
        for _ in range(2_800):
            game.apply_id(rng.choice(game.legal_action_ids()))
        return game.sets_in_a_row, game.scores, json.dumps(game.record(), sort_keys=True)

    native_sets, native_scores, native_record = play(pure=False)
    assert max(native_sets) > 31
    assert (native_sets, native_scores, native_record) == play(pure=True)


def test_playouts_take_standings_whose_score_still_fits() -> None:
    from spadeslib.policies.playouts import MAX_BAGS, MAX_SETS
    from spadeslib.scoring import Standing

    edge = [Standing(score=0, bags=MAX_BAGS, sets_in_a_row=MAX_SETS)] * 2
    deals = spadeslib.playouts("suicide", 20, seed=1, standings=edge)
    assert max(table_rows(deals.sets)[0]) <= MAX_SETS + 1
    with _backend.pure_python():
        assert spadeslib.playouts("suicide", 20, seed=1, standings=edge).sets.tolist() == (
            deals.sets.tolist()
        )
    for bad in (Standing(bags=MAX_BAGS + 1), Standing(sets_in_a_row=MAX_SETS + 1)):
        with pytest.raises(ArgumentError, match="range"):
            spadeslib.playouts("suicide", 1, seed=1, standings=[bad, bad])


@pytest.mark.parametrize("name", BUNDLED)
def test_the_expert_decides_the_same_on_both_paths(name: str) -> None:
    """The Expert's samples and playouts are the Python reference's, so a deal it plays
    natively is the deal it plays in Python, decision for decision."""
    from spadeslib.bots import ExpertBot

    def played(pure: bool) -> list[str]:
        with _backend.pure_python() if pure else contextlib.nullcontext():
            game = Game(name, seed=4)
            bots = [ExpertBot(seat, budget=8) for seat in range(game.variant.table.players)]
            while not game.is_over and game.deal_number < 1:
                seat = game.current_player
                assert seat is not None
                game.apply(bots[seat].act(game.observation(seat)))
            return game.record()["actions"]  # type: ignore[no-any-return]

    assert played(pure=False) == played(pure=True)


@pytest.mark.parametrize("name", ["nyc", "standard"])
def test_the_expert_weighs_blind_choices_the_same_on_both_paths(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A blind decision samples the seat's own hand too: the worth of every choice is the
    Python reference's."""
    from spadeslib.bots import ExpertBot

    seen: list[list[float]] = []
    weigh = ExpertBot._worths

    def recorded(self: ExpertBot, *args: Any) -> list[float]:
        totals = weigh(self, *args)
        seen.append(totals)
        return totals

    monkeypatch.setattr(ExpertBot, "_worths", recorded)

    def worths(pure: bool) -> list[list[float]]:
        seen.clear()
        with _backend.pure_python() if pure else contextlib.nullcontext():
            game = Game(name, seed=0)
            rng = random.Random(0)
            while game.phase != "blind":
                ids = game.legal_action_ids()
                game.apply_id(ids[rng.randrange(len(ids))])
            seat = game.current_player
            assert seat is not None
            ExpertBot(2, budget=24).act(game.observation(seat))
        return list(seen)

    native_worths = worths(pure=False)
    assert len(native_worths) == 1 and len(native_worths[0]) > 1
    assert native_worths == worths(pure=True)


@pytest.mark.parametrize("name", sorted(BUNDLED))
def test_the_native_standard_card_is_the_standard_bot_s(name: str) -> None:
    """A simulation's Standard seats take the rule's card from the native play
    (policies.native_standard_card) instead of asking the bot: at every card of three
    deals it is the card the bot plays, or ``None`` (covering a partner's Nil, where the
    bot reads the voids off the whole play)."""
    from spadeslib.bots import StandardBot
    from spadeslib.policies import standard as policies

    game = Game(name, seed=11)
    rules = game.variant.compile()
    bots = [StandardBot(seat, simulations=4) for seat in range(rules.players)]
    asked = 0
    while not game.is_over and game.deal_number < 3:
        seat = game.current_player
        assert seat is not None
        observation = game.observation(seat)
        action = bots[seat].act(observation)
        if game.phase == "play" and len(observation.legal_actions) > 1:
            nils = sum(1 << s for s, bid in enumerate(observation.bids) if bid.endswith("nil"))
            table = policies.Table(rules, observation.contracts, nils)
            card = policies.native_standard_card(game, table)
            if card is not None:
                asked += 1
                assert str(game.action_space.action(card)) == str(action)
        game.apply(action)
    assert asked > 20


def test_the_standard_bots_simulate_the_same_on_both_paths() -> None:
    """``simulate`` with Standard bots: the native card rule gives the tables the bots
    give on the pure-Python path, Nil deals (the bots' path) among them."""
    from spadeslib.simulation.lineup import parse_lineup
    from spadeslib.simulation.playing import Batch, play_batch

    for name in ("standard", "nyc"):
        variant = spadeslib.load_variant(name)
        batch = Batch(variant, parse_lineup("standard", variant), "deals", 5, 0, 12)
        fast = play_batch(batch).deals
        with _backend.pure_python():
            slow = play_batch(batch).deals
        assert len(fast) == 12
        assert fast == slow


def test_the_native_standard_card_refuses_bad_arguments() -> None:
    game = _game("standard", 2, pure=False)
    play: Any = game._s.play  # the native Play: its standard_card (no DealPlay's)
    with pytest.raises(ArgumentError, match="no card to play now"):
        play.standard_card([None, None], 0)  # the auction is still on
    for bid in ("bid 3", "bid 3", "bid 3", "bid 3"):
        game.apply(bid)
    play = game._s.play
    for contracts, nils, words in [
        ([6], 0, "contracts"),
        ([6, "x"], 0, "a contract"),
        ([6, 999], 0, "a contract"),
        ([6, 6], 1 << 4, "nils must be a mask of seats"),
        ([6, 6], -1, "nils must be a mask of seats"),
    ]:
        with pytest.raises(ArgumentError, match=words):
            play.standard_card(contracts, nils)
    assert play.standard_card([6, 6], 0) in game.legal_action_ids()


@given(st.lists(st.integers(0, 51), max_size=60))
def test_pick_is_the_list_comprehension(at: list[int]) -> None:
    items = [(bit, 1.0 / 52) for bit in range(52)]
    picked = native.pick(items, at)
    assert picked == [items[i] for i in at]
    assert all(mine is items[i] for mine, i in zip(picked, at, strict=True))  # shared, not copied


def test_pick_refuses_what_it_cannot_index() -> None:
    items = [0, 1, 2]
    for bad, message in [
        (([0], (0,)), "two lists"),
        (((0,), [0]), "two lists"),
        ((items, [3]), r"at\[0\] must be an int from 0 to 2"),
        ((items, [1, -1]), r"at\[1\]"),
        ((items, [10**30]), r"at\[0\]"),
        ((items, [True]), r"at\[0\]"),
        ((items, ["1"]), r"at\[0\]"),
        ((items,), "2 arguments"),
    ]:
        with pytest.raises(ArgumentError, match=message):
            native.pick(*bad)
