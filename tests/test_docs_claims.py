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


# A path a comment or a docstring names: one that starts at a folder of the repository or
# of the package (``src/native/play.c``, ``engine/state.py``, ``spadeslib/cli/main.py``),
# or a bare name of a native source (``play.c``, ``rules.h``). Test data (``club/a.yaml``)
# and placeholders (``docs/variants/NAME.md``) start elsewhere or are not names.
_PACKAGE = ROOT / "src" / "spadeslib"
_FOLDERS = {"src", "tests", "bench", "docs", "variants", ".ci", "spadeslib", "native"} | {
    path.name for path in _PACKAGE.iterdir() if path.is_dir() and not path.name.startswith("_")
}
_PATH = re.compile(r"(?<![\w./<-])((?:[\w.-]+/)+[\w.-]+\.(?:py|pyi|c|h|md|yaml|json|toml))\b")
_NATIVE_NAME = re.compile(r"(?<![\w./<\"-])([a-z_]{3,}\.[ch])\b")
_BASES = (ROOT, ROOT / "src", _PACKAGE, ROOT / "src" / "native")


def _dangling(text: str, here: Path = ROOT) -> list[str]:
    """The repository paths ``text`` (in the folder ``here``) names that do not exist."""
    found = []
    for match in _PATH.finditer(text):
        path = match.group(1).replace("spadeslib/_bundled/", "variants/")  # built into wheels
        first = path.split("/", 1)[0]
        if first not in _FOLDERS or any(part.isupper() for part in re.split(r"[/.]", path)):
            continue
        if not any((base / path).exists() for base in (here, *_BASES)):
            found.append(path)
    for match in _NATIVE_NAME.finditer(text):
        if not (ROOT / "src" / "native" / match.group(1)).exists():
            found.append(match.group(1))
    return found


def test_the_dangling_path_finder_finds_what_it_should() -> None:
    text = (
        "# plays as src/native/kernel.c does; see engine/state.py and play.c,\n"
        "# strategy.c and spadeslib/engine/native_play.py; club/a.yaml is test data;\n"
        "# docs/variants/NAME.md a placeholder; <stdint.h> a system header"
    )
    assert _dangling(text) == [
        "src/native/kernel.c",
        "spadeslib/engine/native_play.py",
        "strategy.c",
    ]


_SOURCES = sorted(
    path
    for folder in ("src", "tests", "bench", "docs", ".ci")
    for path in (ROOT / folder).rglob("*")
    if path.suffix in (".py", ".pyi", ".c", ".h", ".md", ".js", ".html", ".css")
    or path.name == "run"
)


def test_comments_and_docs_name_only_files_that_exist() -> None:
    dangling = {
        f"{path.relative_to(ROOT)}: {name}"
        for path in [*_SOURCES, ROOT / "README.md", ROOT / "setup.py"]
        if path != Path(__file__).resolve()  # the finder's own test names such paths
        for name in _dangling(path.read_text(encoding="utf-8", errors="replace"), path.parent)
    }
    assert not dangling, "\n".join(sorted(dangling))
