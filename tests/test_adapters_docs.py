"""The adapters' documentation runs: each Python session of docs/agents.md (a random agent
through PettingZoo, a Gymnasium loop, OpenSpiel's random play, IS-MCTS against
StandardBot) and the examples in the adapter modules' docstrings, each skipped, naming
its extra, where the library it needs is not installed."""

from __future__ import annotations

import doctest
import importlib
import re
from pathlib import Path

import pytest

from test_docs import _FENCE

DOCS = Path(__file__).resolve().parent.parent / "docs"

_NEEDS = {  # what an import needs: the library, and the extra that installs it
    "spadeslib.adapters.pettingzoo": ("pettingzoo", "pettingzoo"),
    "spadeslib.adapters.gymnasium": ("gymnasium", "gymnasium"),
    "spadeslib.adapters.openspiel": ("pyspiel", "openspiel"),
    "pettingzoo": ("pettingzoo", "pettingzoo"),
    "gymnasium": ("gymnasium", "gymnasium"),
    "pyspiel": ("pyspiel", "openspiel"),
    "open_spiel": ("pyspiel", "openspiel"),
    "spadeslib.vector": ("gymnasium", "gymnasium"),
}


def _need(modules: list[str], what: str) -> None:
    """Skip, naming the extra, unless the libraries ``modules`` need are installed."""
    for module in modules:
        for name, (library, extra) in _NEEDS.items():
            if module == name or module.startswith(f"{name}."):
                pytest.importorskip(
                    library,
                    reason=f"{what} needs the {extra!r} extra: pip install 'spadeslib[{extra}]'",
                )


def _sessions() -> list[tuple[str, int, str]]:
    """The Python sessions of docs/agents.md: (the heading above, its line, its text)."""
    text = (DOCS / "agents.md").read_text(encoding="utf-8")
    found = []
    for match in _FENCE.finditer(text):
        if match.group(1) == "pycon":
            heading = re.findall(r"^## (.+)$", text[: match.start()], re.M)[-1]
            found.append((heading, text.count("\n", 0, match.start(3)), match.group(3)))
    return found


SESSIONS = _sessions()


def test_the_agents_page_has_its_examples() -> None:
    """A random agent through PettingZoo, a Gymnasium loop, OpenSpiel's random play and
    IS-MCTS against StandardBot (issue 13), each run below."""
    assert [heading for heading, _, _ in SESSIONS] == [
        "PettingZoo",
        "Gymnasium",
        "OpenSpiel",
        "OpenSpiel",
        "Vector environments",
    ]
    assert "ISMCTSBot" in SESSIONS[-2][2] and "StandardBot" in SESSIONS[-2][2]


@pytest.mark.parametrize(
    "session", SESSIONS, ids=[f"{number}-{s[0]}" for number, s in enumerate(SESSIONS)]
)
def test_each_python_session_of_the_agents_page_runs(session: tuple[str, int, str]) -> None:
    """Each session on its own, as a reader pastes it; skipped, saying which extra, where
    a library it imports is not installed."""
    heading, line, body = session
    _need(re.findall(r"^>>> (?:from|import) ([\w.]+)", body, re.M), f"the {heading} example")
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    test = parser.get_doctest(body, {}, f"agents.md ({heading})", "docs/agents.md", line)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


@pytest.mark.parametrize("name", ["pettingzoo", "gymnasium", "openspiel"])
def test_the_adapter_docstrings_run(name: str) -> None:
    _need([f"spadeslib.adapters.{name}"], f"spadeslib.adapters.{name}")
    module = importlib.import_module(f"spadeslib.adapters.{name}")
    found = doctest.testmod(module)
    assert found.attempted > 0 and found.failed == 0
