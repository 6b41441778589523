"""Issue 15, item 16: the docs say what the code does, and the README works on a package
index page (no relative links; no citations of a spec users do not have)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

import spadeslib
from spadeslib.engine import Action, ActionParseError

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_apply_with_text_that_is_no_action_raises_what_the_api_page_says() -> None:
    game = spadeslib.Game("standard", seed=1)
    before = game.state_dict()
    with pytest.raises(spadeslib.IllegalActionError) as raised:
        game.apply("play XX")
    assert raised.value.rule == "action"
    assert not isinstance(raised.value, ActionParseError)
    assert game.state_dict() == before
    with pytest.raises(ActionParseError):
        Action.parse("play XX")
    api = (DOCS / "api.md").read_text(encoding="utf-8")
    assert "`Game.apply`\ntakes text too and raises `IllegalActionError`" in api
    assert "| `ActionParseError` | `Action.parse` (`Game.apply` raises `IllegalActionError`" in api


def test_readme_links_are_project_urls() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    urls = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"]
    links = LINK.findall(readme)
    assert links, "the README links to its docs"
    for link in links:
        assert link.startswith(tuple(urls.values())), f"{link}: not under a project URL"
    documentation = urls["Documentation"]
    for link in links:
        if link.startswith(documentation) and link != documentation:
            page = link.removeprefix(documentation).strip("/")
            assert (DOCS / f"{page}.md").is_file(), f"{link}: no docs/{page}.md"


def test_readme_keeps_its_first_two_command_lines() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("```sh\n", 1)[1].split("```", 1)[0].splitlines()
    assert block[0].endswith(".venv/bin/spadeslib validate nyc && .venv/bin/spadeslib explain nyc")
    assert block[1] == (
        "python3 -m venv .venv && .venv/bin/pip install -e '.[dev]' && .venv/bin/python -m pytest"
    )


@pytest.mark.parametrize(
    "path",
    [ROOT / "README.md", *sorted(DOCS.glob("*.md")), DOCS / "variant.schema.json"],
    ids=lambda path: path.name,
)
def test_docs_cite_no_part_of_the_spec(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert not re.search(r"\bspec(?:'s)?\b|\bPart [A-D]\b", text), path.name
