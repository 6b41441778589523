"""The table in a real browser: headless chromium, driven by Playwright, against a real
``spadeslib serve`` (a process on a free loopback port, over a fresh database).

A person makes a table in the lobby and plays a whole deal by clicking cards against
three Easy bots; a greyed card, clicked or chosen from the keyboard, is refused with the
engine's reason; the page reloaded goes on where it was; two browser contexts play as
partners at one table; a house-rules file's problems are shown on their lines. Every step
leaves a screenshot in tests/artifacts/browser/ (printed; run with ``-s`` to see where):
look at them after changing the front end.

Skipped, saying why, without Playwright, the server extra or a chromium
(``SPADESLIB_CHROMIUM`` names one that is not on ``PATH``). Playwright drives the system's
chromium: ``playwright install`` is never needed.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import spadeslib
from browser_helpers import (
    DESKTOP,
    PHONE,
    Server,
    act_once,
    find_chromium,
    illegal_card,
    missing_requirement,
    play_until_review,
    running_server,
    shot,
    state,
    wait_answer,
    wait_ready,
    wait_state,
)

_missing = missing_requirement()
pytestmark = pytest.mark.skipif(_missing is not None, reason=f"browser tests: {_missing}")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with running_server(tmp_path_factory.mktemp("serve")) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=find_chromium(), args=["--no-sandbox", "--disable-gpu"]
        )
        yield chromium
        chromium.close()


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    """A fresh browser profile at desktop size; moves are shown without pauses."""
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script("localStorage.setItem('spadeslib.pace', '0')")
    yield context
    context.close()


def watch_errors(page: Any) -> list[str]:
    """The page's uncaught errors and console errors, collected as they happen."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(f"page error: {error}"))
    page.on(
        "console",
        lambda message: (
            errors.append(f"console: {message.text}") if message.type == "error" else None
        ),
    )
    return errors


def test_a_table_made_in_the_lobby_and_a_whole_deal_played_by_clicking(
    server: Any, context: Any
) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(server.base + "/")
    page.wait_for_selector("#variant option[value=nyc]", state="attached")
    shot(page, "01-lobby")

    page.select_option("#variant", "standard")
    for seat in (1, 2, 3):
        page.select_option(f"#seat-{seat}", "easy")
    page.click(".more summary")
    page.fill("#seed", "11")
    page.fill("#table-name", "Browser test")
    page.click("#create")
    page.wait_for_selector("#made:not([hidden]) .seat-link a[data-seat='0']")
    links = page.eval_on_selector_all(".seat-link input.link", "inputs => inputs.map(i => i.value)")
    assert len(links) == 1 and "?token=" in links[0], links
    shot(page, "02-lobby-table-made")

    page.click(".seat-link a[data-seat='0']")
    first = wait_state(page)
    assert first["seat"] == 0 and first["observation"]["hand"]
    assert wait_ready(page) == "turn"
    assert (
        first["observation"]["phase"] == "bidding"
        or state(page)["observation"]["phase"] == "bidding"
    )
    shot(page, "03-table-bidding")

    # The hand is in the variant's order: trumps (spades) first, strongest first.
    deck = {d["card"]: d for d in state(page)["deck"]}
    shown = page.eval_on_selector_all("#hand button.card", "bs => bs.map(b => b.dataset.card)")
    order = "SHCD"
    keys = [(order.index(deck[c]["suit"]), -deck[c]["strength"]) for c in shown]
    assert keys == sorted(keys), shown

    moves = play_until_review(page, shots={3: "04-table-play", 8: "05-table-mid-deal"})
    assert moves >= 13  # a bid and thirteen cards
    review = page.locator("#review-dialog")
    assert review.is_visible()
    lines = page.eval_on_selector_all(".explain-lines li", "items => items.map(i => i.textContent)")
    assert any("bid" in line for line in lines), lines
    # every card's worth with all hands seen, from the server's solver (the native core's)
    if spadeslib.backend() == "native":
        page.wait_for_selector("#review-dd .lost-tricks li:nth-child(4)")
        summary = page.inner_text("#review-dd")
        assert "from the first lead with every hand seen" in summary, summary
        assert summary.count("lost") >= 4, summary  # "no trick lost" or "N tricks lost: ..."
    else:
        page.wait_for_selector("#review-dd p.hint:has-text('native core')")
    shot(page, "06-end-of-deal-review")
    page.set_viewport_size(PHONE)
    page.locator("#review-dd").scroll_into_view_if_needed()
    shot(page, "06b-end-of-deal-review-phone")
    page.set_viewport_size(DESKTOP)

    with page.expect_download() as download:
        page.click("#download-record")
    record = json.loads(Path(download.value.path()).read_text())
    game = spadeslib.Game.replay(record)
    assert len(game.deal_history) == 1

    page.click("#review-dialog .dialog-foot button[data-close]")
    assert not review.is_visible()
    assert page.locator("#last-trick").is_visible()
    assert errors == []


def test_a_refused_card_shows_its_reason_by_mouse_and_by_keyboard_and_a_reload_goes_on(
    server: Any, context: Any
) -> None:
    table = server.table(["human", "easy", "easy", "easy"], seed=5)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(server.base + table["seats"][0]["url"])
    wait_state(page)

    # The bid by keyboard: "." goes to the controls, the arrows along the bids, Enter.
    assert wait_ready(page) == "turn" and state(page)["observation"]["phase"] == "bidding"
    seq = state(page)["seq"]
    page.keyboard.press(".")
    first = page.evaluate("document.activeElement.dataset.action")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    chosen = page.evaluate("document.activeElement.dataset.action")
    assert (first, chosen) == ("bid 1", "bid 3"), (first, chosen)
    page.keyboard.press("Enter")
    wait_answer(page, seq)
    assert state(page)["observation"]["bids"][0] == "3"

    # Play until some of this seat's cards may not be played now: they are greyed.
    card = None
    for _ in range(40):
        assert wait_ready(page) == "turn"
        card = illegal_card(page)
        if card:
            break
        act_once(page)
    assert card, "no turn with a card that may not be played"
    shot(page, "07-greyed-cards")

    seq = state(page)["seq"]
    page.locator(f'#hand button[data-card="{card}"]').click(force=True)
    page.wait_for_selector("#refused:not([hidden])")
    refused = page.inner_text("#refused")
    # The engine's reason and the rule that refused it (play.follow, play.first_trick ...).
    assert f"play {card}" in refused and "(rule: play." in refused, refused
    assert state(page)["seq"] == seq  # nothing changed
    shot(page, "07b-refused-by-mouse")

    # By keyboard: to the greyed card with the arrows, then Enter.
    cards = page.eval_on_selector_all("#hand button.card", "bs => bs.map(b => b.dataset.card)")
    page.locator("#hand button.card").first.focus()
    page.keyboard.press("Home")
    for _ in range(cards.index(card)):
        page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.card") == card
    page.evaluate("document.querySelector('#refused').hidden = true")
    page.keyboard.press("Enter")
    page.wait_for_selector("#refused:not([hidden])")
    assert f"play {card}" in page.inner_text("#refused")
    # ... and a legal one: "1" goes to the first playable card, Enter plays it.
    page.keyboard.press("1")
    focused = page.evaluate("document.activeElement.dataset.card")
    shot(page, "08-keyboard-focus")
    assert f"play {focused}" in state(page)["legal"]
    page.keyboard.press("Enter")
    wait_answer(page, seq)
    assert focused not in (state(page)["observation"]["hand"] or [])

    # Reload: the page comes back on the same state and the game goes on from it.
    wait_ready(page)
    before = state(page)
    page.reload()
    after = wait_state(page)
    assert after["seq"] == before["seq"]
    assert after["observation"]["hand"] == before["observation"]["hand"]
    assert wait_ready(page) == "turn"
    shot(page, "09-after-reload")
    act_once(page)
    assert state(page)["seq"] > before["seq"]

    # A phone-sized window, with the four-colour deck (kept across a reload).
    page.set_viewport_size(PHONE)
    page.check("#four-colour")
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.body.classList.contains('four-colour')")
    shot(page, "10-phone-four-colours")
    page.click("#rules-button")
    page.wait_for_selector("#rules-body li")
    assert "Spades" in page.inner_text("#rules-body") or "spade" in page.inner_text("#rules-body")
    shot(page, "11-phone-rules-card")
    page.keyboard.press("Escape")
    assert errors == []


ONE_DEAL = "name: one-deal\nextends: standard\ngame_end:\n  max_deals: 1\n"
"""Standard Spades, over after one deal: the end of a game in a few seconds."""


def test_two_partners_in_two_browser_contexts_to_the_end_of_the_game(
    server: Any, browser: Any
) -> None:
    table = server.table(["human", "easy", "human", "easy"], variant=ONE_DEAL, seed=3)
    pages = []
    for seat in (0, 2):
        context = browser.new_context(viewport=DESKTOP)
        context.add_init_script("localStorage.setItem('spadeslib.pace', '0')")
        page = context.new_page()
        page.goto(server.base + table["seats"][seat]["url"])
        assert wait_state(page)["seat"] == seat
        pages.append(page)
    errors = [watch_errors(page) for page in pages]
    # Each sees the other connected, as the partner.
    for page, other in zip(pages, (2, 0), strict=True):
        page.wait_for_function(
            "(s) => window.spadesTable.state.seats[s].connected", arg=other, timeout=10000
        )
        assert page.inner_text(f'.seat[data-seat="{other}"] .name') == "Partner"

    reviews = [False, False]
    moves = 0
    while not all(reviews) and moves < 120:
        for i, page in enumerate(pages):
            if reviews[i]:
                continue
            ready = page.evaluate(
                """() => {
                  const t = window.spadesTable;
                  if (document.querySelector('#review-dialog[open]')) return 'review';
                  return t.state.legal.length > 0 && !t.pending ? 'turn' : '';
                }"""
            )
            if ready == "review":
                reviews[i] = True
            elif ready == "turn":
                act_once(page)
                moves += 1
                if moves == 6:
                    shot(pages[0], "12-partners-seat-0")
                    shot(pages[1], "13-partners-seat-2")
        pages[0].wait_for_timeout(50)
    assert all(reviews), f"the deal did not end for both partners ({moves} moves)"
    assert state(pages[0])["seq"] == state(pages[1])["seq"]
    assert state(pages[0])["last_deal"] == state(pages[1])["last_deal"]
    shot(pages[1], "14-partners-review")
    # The game is over: both see who won and the final scores.
    for page in pages:
        assert state(page)["over"]
        page.click("#review-dialog .dialog-foot button[data-close]")
        over = page.inner_text("#panel .over")
        assert "The game is over" in over and "Final scores" in over, over
    shot(pages[0], "15-partners-game-over")
    for page in pages:
        page.context.close()
    assert errors == [[], []]


def test_a_house_rules_file_has_its_problems_shown_on_their_lines(
    server: Any, context: Any
) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(server.base + "/")
    page.check("input[name=source][value=file]")
    page.fill(
        "#yaml",
        "name: our-club\nextends: standard\ngame_end:\n  targte: 300\n"
        "bidding:\n  nill: {enabled: false}\n",
    )
    page.wait_for_selector("#problems li")
    problems = page.inner_text("#problems")
    assert "line 4" in problems and "did you mean 'target'" in problems, problems
    assert "line 6" in problems, problems
    bad = page.eval_on_selector_all("#gutter li.bad", "items => items.map(i => i.textContent)")
    assert bad == ["4", "6"], bad
    shot(page, "16-lobby-house-rules-problems")

    page.fill("#yaml", "name: our-club\nextends: standard\nhouse_rules: [jokers-big-little]\n")
    page.wait_for_selector("#problems .ok")
    page.set_viewport_size(PHONE)
    shot(page, "17-lobby-phone")
    page.click("#create")
    page.wait_for_selector("#made:not([hidden])")
    assert errors == []


def test_the_page_reconnects_to_a_restarted_server_and_goes_on(
    tmp_path: Path, context: Any
) -> None:
    db = tmp_path / "tables.sqlite3"
    first = Server(db)
    try:
        table = first.table(["human", "easy", "easy", "easy"], seed=9)
        page = context.new_page()
        errors = watch_errors(page)
        page.goto(first.base + table["seats"][0]["url"])
        wait_state(page)
        for _ in range(3):
            assert wait_ready(page) == "turn"
            act_once(page)
        assert wait_ready(page) == "turn"
        before = state(page)
    finally:
        first.kill()
    page.wait_for_selector("#connection[data-state=closed]")
    shot(page, "18-server-gone")

    second = Server(db, port=first.port)
    try:
        page.wait_for_selector("#connection[data-state=open]", timeout=30000)
        assert wait_ready(page) == "turn"
        after = state(page)
        assert after["seq"] == before["seq"]
        assert after["observation"]["hand"] == before["observation"]["hand"]
        assert after["observation"]["scores"] == before["observation"]["scores"]
        shot(page, "19-server-back")
        act_once(page)
        assert state(page)["seq"] > before["seq"]
    finally:
        second.stop()
    assert [e for e in errors if "WebSocket" not in e] == []


_HOUSE_RULE_TABLES = {
    "french cut": "extends: nyc\nhouse_rules: [french-cut]\n",
    "raise round": "extends: standard\nhouse_rules: [raise-round]\n",
    "misdeals": "extends: standard\nhouse_rules: [misdeal-one-spade]\n",
    "kitty": "extends: standard\nhouse_rules: [kitty-to-dealer]\n",
    "passing": "extends: standard\nhouse_rules: [passing-three]\n",
    "team bids": "extends: standard\nhouse_rules: [partnership-bidding]\n",
    "blind bids": "extends: standard\nhouse_rules: [blind-bids, blind-nil-any-time]\n",
}


def _decisions() -> list[dict[str, Any]]:
    """Every distinct kind of decision random play meets in the bundled variants and a few
    house rules: the seat's hand and its legal action texts."""
    import random

    import spadeslib
    from spadeslib.loader import bundled_variants
    from spadeslib.variant import parse_variant

    variants = [spadeslib.load_variant(name) for name in bundled_variants()]
    variants += [parse_variant(text) for text in _HOUSE_RULE_TABLES.values()]
    seen: dict[tuple[str, ...], dict[str, Any]] = {}
    for number, variant in enumerate(variants):
        rng = random.Random(number)
        for seed in range(3):
            game = spadeslib.Game(variant, seed=seed)
            for _ in range(80):
                if game.is_over:
                    break
                legal = [str(action) for action in game.legal_actions()]
                kinds = tuple(sorted({text.split(" ")[0] for text in legal}))
                seat = game.current_player
                assert seat is not None  # (the game goes on)
                hand = game.observation(seat).hand
                key = (variant.name, game.phase, *kinds)
                if key not in seen:
                    cards = None if hand is None else [str(card) for card in hand]
                    seen[key] = {"legal": legal, "hand": cards, "phase": game.phase}
                game.apply(rng.choice(legal))
    return list(seen.values())


def test_every_legal_action_of_every_variant_gets_a_control(server: Any, context: Any) -> None:
    """The panel is built from the action texts alone: in every bundled variant and house
    rule, each legal action is a card of the hand or a button in a named group."""
    decisions = _decisions()
    phases = {d["phase"] for d in decisions}
    assert {"bidding", "play", "blind", "passing", "discard", "cut", "draw"} <= phases, phases
    page = context.new_page()
    page.goto(server.base + "/")
    results = page.evaluate(
        """async (decisions) => {
          const { sortActions } = await import('/static/js/actions.js');
          return decisions.map((d) => {
            const sorted = sortActions(d.legal, d.hand);
            const buttons = sorted.groups.flatMap((g) => g.items.map((i) => i.text));
            return {
              legal: d.legal,
              covered: [...sorted.cards.values(), ...buttons],
              other: sorted.groups.filter((g) => g.key === 'other').flatMap((g) => g.items),
            };
          });
        }""",
        decisions,
    )
    for result in results:
        assert sorted(result["covered"]) == sorted(result["legal"]), result
        assert result["other"] == [], result


def test_the_hand_is_in_the_variants_order_and_untrusted_text_stays_text(
    server: Any, context: Any
) -> None:
    """NYC's trumps are BJ LJ 2D 2S AS ... 3S: the hand shows them so, trumps first, then
    hearts, clubs, diamonds (red and black alternate). A rules card or a problem carrying
    markup is shown as text, never parsed as HTML."""
    table = server.table(["easy", "easy", "easy", "easy"], variant="nyc", seed=2)
    page = context.new_page()
    page.goto(server.base + f"/table/{table['id']}")  # a spectator
    deck = wait_state(page)["deck"]
    shown = page.evaluate(
        """async (deck) => {
          const { sortHand } = await import('/static/js/cards.js');
          return sortHand(['3S', 'KH', '2D', 'QC', 'BJ', 'AS', '2S', 'LJ', '4C', 'AD', '3H'], deck);
        }""",
        deck,
    )
    assert shown == ["BJ", "LJ", "2D", "2S", "AS", "3S", "KH", "3H", "QC", "4C", "AD"]

    hostile = '# Rules card: <b>x</b>\n\n- **House rule:** <img src=x onerror="window.hacked=1">'
    rendered = page.evaluate(
        """async (text) => {
          const { render } = await import('/static/js/markdown.js');
          const box = document.createElement('div');
          box.append(render(text));
          const tags = box.querySelectorAll('img, b').length;
          return {html: box.innerHTML, text: box.textContent, tags};
        }""",
        hostile,
    )
    assert rendered["tags"] == 0, rendered
    assert "<img src=x" in rendered["text"] and "<strong>House rule:</strong>" in rendered["html"]
    assert page.evaluate("window.hacked") is None


def test_a_three_seat_variant_from_the_lobby(server: Any, context: Any) -> None:
    """The lobby shows as many seats as the variant has (the server says how many with
    each bundled variant), and the table is made."""
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(server.base + "/")
    page.wait_for_selector("#variant option[value=cutthroat]", state="attached")
    page.select_option("#variant", "cutthroat")
    page.wait_for_function("document.querySelectorAll('#seats select').length === 3")
    page.select_option("#seat-1", "easy")
    page.select_option("#seat-2", "easy")
    page.click("#create")
    page.wait_for_selector("#made:not([hidden]) .seat-link a[data-seat='0']")
    page.click(".seat-link a[data-seat='0']")
    assert wait_ready(page) == "turn"
    assert len(state(page)["observation"]["hand"]) == 17
    shot(page, "20-cutthroat-three-seats")
    assert [e for e in errors if "status of 400" not in e] == []  # the first answer was 400
