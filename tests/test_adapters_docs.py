"""The adapters' documentation runs: the Python sessions of docs/agents.md and the examples
in the adapter modules' docstrings (where PettingZoo, Gymnasium and OpenSpiel are
installed: the agents extra)."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

from test_docs import _FENCE

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _need_all() -> None:
    for library in ("pettingzoo", "gymnasium", "pyspiel"):
        pytest.importorskip(library)


def test_the_python_sessions_of_the_agents_page_run() -> None:
    _need_all()
    text = (DOCS / "agents.md").read_text(encoding="utf-8")
    sessions = [m for m in _FENCE.finditer(text) if m.group(1) == "pycon"]
    assert len(sessions) == 3
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    names: dict[str, object] = {}
    for number, session in enumerate(sessions):
        line = text.count("\n", 0, session.start(3))
        test = parser.get_doctest(session.group(3), names, f"agents.md[{number}]", "", line)
        runner.run(test, clear_globs=False)
        names = test.globs
    assert runner.summarize(verbose=False).failed == 0


@pytest.mark.parametrize("name", ["pettingzoo", "gymnasium", "openspiel"])
def test_the_adapter_docstrings_run(name: str) -> None:
    _need_all()
    module = importlib.import_module(f"spadeslib.adapters.{name}")
    found = doctest.testmod(module)
    assert found.attempted > 0 and found.failed == 0
