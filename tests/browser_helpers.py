"""Helpers for the browser tests (tests/test_browser.py): a real ``spadeslib serve`` on a
free loopback port, Debian's chromium found and driven by Playwright, and the moves a
player makes at the table page, by mouse and by keyboard.

The page exposes what is on screen as ``window.spadesTable`` (``state``: the state
message shown, ``pending``: an action sent and not yet answered); the helpers wait on it
rather than on fixed delays.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = Path(os.environ.get("SPADESLIB_ARTIFACTS", ROOT / "tests" / "artifacts")) / "browser"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

_CHROMIUMS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def find_chromium() -> str | None:
    """The chromium to drive: ``$SPADESLIB_CHROMIUM``, else the first on ``PATH``."""
    named = os.environ.get("SPADESLIB_CHROMIUM")
    if named:
        return named if Path(named).exists() else None
    for name in _CHROMIUMS:
        found = shutil.which(name)
        if found:
            return found
    return None


def missing_requirement() -> str | None:
    """Why the browser tests cannot run here, or ``None`` when they can."""
    for module, extra in (
        ("playwright", "dev"),
        ("starlette", "server"),
        ("uvicorn", "server"),
        ("websockets", "server"),
    ):
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed (pip install -e '.[{extra}]')"
    if not (ROOT / "src" / "spadeslib" / "server" / "app.py").is_file():
        return "spadeslib.server.app is not there"
    if find_chromium() is None:
        return (
            "no chromium found (apt-get install chromium, or set SPADESLIB_CHROMIUM to a "
            "Chromium or Chrome binary)"
        )
    return None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Server:
    """A ``spadeslib serve`` process on a free loopback port over a fresh database."""

    def __init__(self, db: Path, port: int | None = None) -> None:
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = db.with_suffix(".log")
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        command = [
            sys.executable, "-m", "spadeslib", "serve",
            "--port", str(self.port), "--db", str(db),
            "--bot-delay", "0", "--bot-workers", "1",
        ]  # fmt: skip
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
        self._wait()

    def _wait(self, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"spadeslib serve stopped:\n{self.log.read_text()}")
            with (
                contextlib.suppress(OSError),
                urllib.request.urlopen(self.base + "/api", timeout=2) as answer,
            ):
                if answer.status == 200:
                    return
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"spadeslib serve did not answer in {timeout}s:\n{self.log.read_text()}")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)

    def kill(self) -> None:
        """Stop the server as a crash would (SIGKILL): no goodbye to any connection."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)

    def post(self, path: str, body: dict[str, Any]) -> Any:
        request = urllib.request.Request(
            self.base + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.load(answer)

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.base + path, timeout=10) as answer:
            return json.load(answer)

    def table(self, seats: list[str], variant: str = "standard", seed: int = 1) -> Any:
        """A new table made through the API: its answer (id, seats with their urls)."""
        return self.post("/api/tables", {"variant": variant, "seats": seats, "seed": seed})


@contextlib.contextmanager
def running_server(directory: Path) -> Iterator[Server]:
    server = Server(directory / "tables.sqlite3")
    try:
        yield server
    finally:
        server.stop()


# -- the page --------------------------------------------------------------------------------

READY = """() => {
  const t = window.spadesTable;
  if (!t || !t.state) return false;
  if (document.querySelector('#review-dialog[open]')) return 'review';
  if (t.state.over) return 'over';
  if (t.state.legal.length > 0 && !t.pending) return 'turn';
  return false;
}"""


def shot(page: Any, name: str) -> Path:
    """Save a screenshot of ``page`` as an artifact and say where."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    print(f"screenshot: {path}")
    return path


def state(page: Any) -> Any:
    return page.evaluate("window.spadesTable.state")


def wait_state(page: Any, timeout: float = 20.0) -> Any:
    page.wait_for_function(
        "() => window.spadesTable && window.spadesTable.state", timeout=timeout * 1000
    )
    return state(page)


def wait_ready(page: Any, timeout: float = 30.0) -> str:
    """Wait until the seat is to act, a deal's review is open, or the game is over."""
    handle = page.wait_for_function(READY, timeout=timeout * 1000)
    result: str = handle.json_value()
    return result


def wait_answer(page: Any, seq: int, timeout: float = 20.0) -> None:
    """Wait until the table moved past ``seq`` or the last action was refused."""
    page.wait_for_function(
        """(seq) => {
          const t = window.spadesTable;
          return t.state.seq > seq || (!t.pending && !document.querySelector('#refused').hidden);
        }""",
        arg=seq,
        timeout=timeout * 1000,
    )


def choose_bid(page: Any, prefer: tuple[str, ...] = ("bid 3", "bid 4", "bid 2")) -> str:
    """Click a bid among the panel's buttons: the first of ``prefer`` offered, else the
    last button (never Nil by chance)."""
    offered = page.eval_on_selector_all(
        "#panel button.choice", "bs => bs.map(b => b.dataset.action)"
    )
    for action in prefer:
        if action in offered:
            break
    else:
        action = offered[-1]
    page.click(f'#panel button[data-action="{action}"]')
    return str(action)


def play_first_legal(page: Any) -> str:
    """Click the first card of the hand that may be played now."""
    card = page.locator("#hand button.card.legal").first
    text = str(card.get_attribute("data-card"))
    card.click()
    return text


def act_once(page: Any) -> str:
    """One move for the seat to act: a card from the hand if cards are offered, else a
    choice from the panel. Returns what was done."""
    seq = state(page)["seq"]
    if page.locator("#hand button.card.legal").count():
        done = "play " + play_first_legal(page)
    else:
        done = choose_bid(page)
    wait_answer(page, seq)
    return done


def play_until_review(page: Any, *, shots: dict[int, str] | None = None, limit: int = 200) -> int:
    """Act whenever it is this seat's turn until the end-of-deal review opens; take the
    screenshots ``shots`` names (by the number of moves made). Returns the moves made."""
    moves = 0
    while moves < limit:
        ready = wait_ready(page)
        if ready in ("review", "over"):
            return moves
        act_once(page)
        moves += 1
        if shots and moves in shots:
            shot(page, shots[moves])
    raise AssertionError(f"no end of the deal after {limit} moves")


def illegal_card(page: Any) -> str | None:
    """A card in the hand that may not be played now (greyed), if any."""
    cards = page.eval_on_selector_all(
        "#hand button.card.illegal", "bs => bs.map(b => b.dataset.card)"
    )
    return cards[0] if cards else None
