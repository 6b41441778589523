"""Actions: text forms round-trip, ids round-trip, the shuffle is pinned (spec: records
must replay on every machine)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spadeslib.engine import Action, ActionParseError, Game, action_space
from spadeslib.engine.core.shuffle import SplitMix64, shuffled, stream_seed
from spadeslib.errors import IllegalActionError, RecordError
from spadeslib.loader import bundled_variants
from spadeslib.variant import load_variant

TEXTS = [
    "play AS",
    "play TD",
    "play BJ",
    "bid 0",
    "bid 4",
    "bid 13",
    "nil",
    "blind nil",
    "blind 7",
    "look",
    "come out",
    "stand",
    "raise 6",
    "misdeal",
    "pass AS KH 2C",
    "pass AS",
    "give AS KH",
    "give AS",
    "discard 4H 5D",
    "discard 4H",
    "split 1/1",
    "split 2/0",
    "bid nil/4",
    "bid 4/nil",
    "bid nil/nil",
    "cut AS KH 2C 3D",
    "cut AS",
    "keep",
    "reject",
]


@pytest.mark.parametrize("text", TEXTS)
def test_text_round_trips(text: str) -> None:
    action = Action.parse(text)
    assert str(action) == text
    assert Action.parse(str(action)) == action
    assert eval(repr(action), {"Action": Action}) == action


@pytest.mark.parametrize(
    ("messy", "clean"),
    [
        ("  PLAY  as ", "play AS"),
        ("pass 10c ah 2s", "pass 2S AH TC"),
        ("Blind   Nil", "blind nil"),
        ("BID NIL/4", "bid nil/4"),
    ],
)
def test_parse_normalises(messy: str, clean: str) -> None:
    assert str(Action.parse(messy)) == clean


@pytest.mark.parametrize("bad", ["", "bid", "bid x", "play ZZ", "jump", "pass", "split 1"])
def test_parse_rejects(bad: str) -> None:
    with pytest.raises(ActionParseError):
        Action.parse(bad)


@pytest.mark.parametrize("kind", ["play", "pass", "give", "discard", "cut"])
def test_a_card_action_without_its_card_says_to_name_one(kind: str) -> None:
    # 'pass' alone said "'pass' takes 1 to 108 cards, not 0" at a table of 52 cards
    with pytest.raises(ActionParseError) as refused:
        Action.parse(kind)
    assert (
        str(refused.value) == f"not an action: {kind!r} ({kind!r} needs a card, like '{kind} AS')"
    )


CARD_CHOICES = "extends: standard\nhouse_rules: [passing-three, french-cut, kitty-to-dealer]\n"


def _spaces() -> list[object]:
    from spadeslib.variant import parse_variant

    return [*bundled_variants(), parse_variant(CARD_CHOICES)]


@pytest.mark.parametrize("variant", _spaces(), ids=lambda v: v if isinstance(v, str) else "choices")
def test_the_action_space_is_dense_and_every_id_round_trips(variant: object) -> None:
    """Every id below num_distinct_actions is an action whose text gives the id back
    (but the second copies' plays with two packs, which are never legal)."""
    loaded = load_variant(variant) if isinstance(variant, str) else variant
    rules = loaded.compile()  # type: ignore[attr-defined]
    space = action_space(rules)
    holes = []
    for action_id in range(space.num_distinct_actions):
        try:
            action = space.action(action_id)
        except RecordError:
            holes.append(action_id)
            continue
        assert action.id == action_id
        assert space.id_of(Action.parse(str(action))) == action_id
    assert holes == [bit for bit in range(rules.size) if rules.canonical[bit] != bit]
    top, faces = rules.hand_size, len(set(rules.canonical))
    words, splits = 8, 5 if space.SPLIT >= 0 else 0
    bids = (top + 1) + top + top + 2 * (top + 1) + 1  # bid, blind, raise, nil/n, n/nil, nil/nil
    choices = faces * len(space.card_bases)  # one card per action
    assert space.num_distinct_actions == rules.size + words + bids + splits + choices
    assert [b.start for b in space.blocks[1:]] == [b.stop for b in space.blocks[:-1]]
    assert space.blocks[-1].stop == space.num_distinct_actions


def test_play_id_is_the_bit() -> None:
    rules = load_variant("standard").compile()
    space = action_space(rules)
    for bit, card in enumerate(rules.deck):
        assert space.id_of(Action.parse(f"play {card}")) == bit


def test_a_choice_of_several_cards_is_one_action_per_card() -> None:
    from spadeslib.variant import parse_variant

    space = action_space(parse_variant(CARD_CHOICES).compile())
    ids = space.ids_of(Action.parse("pass AS KH 2C"))
    assert [str(space.action(i)) for i in ids] == ["pass AS", "pass KH", "pass 2C"]
    cut = space.ids_of(Action.parse("cut 3D AS KH 2C"))
    assert [str(space.action(i)) for i in cut] == ["cut 3D", "cut AS", "cut KH", "cut 2C"]
    with pytest.raises(ActionParseError, match="each card is its own action"):
        space.id_of(Action.parse("pass AS KH"))


def test_a_card_choice_the_variant_lacks_is_not_an_action() -> None:
    space = action_space(load_variant("standard").compile())
    with pytest.raises(ActionParseError, match="'pass AS' is not an action of variant 'standard'"):
        space.id_of(Action.parse("pass AS"))
    game = Game("standard", seed=1)
    with pytest.raises(IllegalActionError, match="has no passing"):
        game.apply("pass AS KH 2C")


def test_splitmix64_reference_values() -> None:
    rng = SplitMix64(0)
    assert [rng.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_shuffle_is_pinned() -> None:
    """The deal a seed names must never change: records and tests depend on it."""
    assert shuffled(10, SplitMix64(stream_seed(1, 0))) == shuffled(
        10, SplitMix64(stream_seed(1, 0))
    )
    game = Game("standard", seed=2024, dealer=0)
    assert " ".join(str(c) for c in game.hand(1)) == PINNED_HAND


PINNED_HAND = "5C QC 2D 3D 5D TD QD AD TH 3S 6S 7S TS"


def test_shuffle_is_uniform_enough() -> None:
    counts: dict[tuple[int, ...], int] = {}
    for seed in range(6000):
        order = tuple(shuffled(3, SplitMix64(seed)))
        counts[order] = counts.get(order, 0) + 1
    assert len(counts) == 6
    assert all(800 < n < 1200 for n in counts.values())


@given(
    name=st.sampled_from(sorted(bundled_variants())),
    steps=st.integers(0, 3),
    action_id=st.integers(-5, 2**12) | st.integers(2**12, 2**80),
)
def test_any_int_id_is_applied_or_refused_as_illegal(name: str, steps: int, action_id: int) -> None:
    # An id past the space, or a second copy's play, names no action: it is refused
    # like any other id, never with another kind of error.
    game = Game(name, seed=steps)
    for _ in range(steps):
        game.apply_id(game.legal_action_ids()[0])
    legal = action_id in game.legal_action_ids()
    before = json.dumps(game.state_dict(), sort_keys=True)
    try:
        game.apply_id(action_id)
    except IllegalActionError:
        assert not legal
        assert json.dumps(game.state_dict(), sort_keys=True) == before
    else:
        assert legal


def test_an_id_past_the_space_is_no_action() -> None:
    game = Game("barmore", seed=0)
    game.apply_id(game.legal_action_ids()[0])
    with pytest.raises(IllegalActionError, match="no action has this id"):
        game.apply_id(game._s.space.num_distinct_actions)


# --- issue 27, item 7: a refusal names the rule of the moment, not just whose turn it is ---


def _at(name: str, phase: str) -> Game:
    """A game of ``name`` played at random (seeded) until ``phase`` starts, past a first
    deal that bids itself."""
    import random

    game = Game(name, seed=1)
    rng = random.Random(0)
    while game.phase != phase or (game.deal_number == 0 and name == "nyc"):
        game.apply(rng.choice(list(game.legal_actions())))
    return game


def _refusal(game: Game, text: str) -> IllegalActionError:
    before = game.state_dict()
    with pytest.raises(IllegalActionError) as refused:
        game.apply(text)
    assert game.state_dict() == before
    return refused.value


def test_nil_at_a_table_without_nil_says_so() -> None:
    error = _refusal(_at("nyc", "bidding"), "nil")
    assert error.rule == "bidding.nil.enabled"
    assert error.reason.startswith("Nil is not played here: ")
    assert error.reason.endswith("is to make its side's team bid (4 to 10)")


def test_a_card_in_the_bidding_says_the_play_has_not_begun() -> None:
    error = _refusal(_at("standard", "bidding"), "play AS")
    assert error.reason.startswith("the play has not begun: this is the bidding, and seat ")
    assert error.reason.endswith(" is to bid (nil or 1 to 13)")
    error = _refusal(_at("nyc", "bidding"), "play AS")
    assert error.reason.endswith(" is to make its side's team bid (4 to 10)")


@pytest.mark.parametrize("text", ["bid 4", "nil", "blind nil"])
def test_a_bid_in_the_play_says_the_bidding_is_over(text: str) -> None:
    game = _at("nyc", "play")
    error = _refusal(game, text)
    assert error.rule == "play"
    assert error.reason == (
        f"the bidding is over: this is the play, and seat {game.current_player} is to play a card"
    )


@pytest.mark.parametrize(
    ("name", "text", "rule", "reason"),
    [
        (
            "nyc",
            "bid 15",
            "bidding",
            "there is no team bid of 15, a deal has 13 tricks: the team bids open now are 4 to 10",
        ),
        (
            "standard",
            "bid 15",
            "bidding",
            "there is no bid of 15, a deal has 13 tricks: the bids open now are 1 to 13",
        ),
        (
            "standard",
            "blind 15",
            "bidding.blind",
            "there is no blind bid of 15, a deal has 13 tricks",
        ),
    ],
)
def test_a_number_past_the_tricks_says_which_are_open(
    name: str, text: str, rule: str, reason: str
) -> None:
    error = _refusal(_at(name, "bidding"), text)
    assert (error.rule, error.reason) == (rule, reason)
