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
    extras = "dev,docs,plot,ray,agents,server"
    assert block[1] == (
        f"python3 -m venv .venv && .venv/bin/pip install -e '.[{extras}]' && "
        ".venv/bin/python -m pytest"
    )
    # CI installs what the README's line installs, so the suite it runs is the one the
    # README promises
    assert f"pip install --quiet -e '.[{extras}]'" in (ROOT / ".ci" / "run").read_text()


@pytest.mark.parametrize(
    "path",
    [ROOT / "README.md", *sorted(DOCS.rglob("*.md")), DOCS / "variant.schema.json"],
    ids=lambda path: str(path.relative_to(ROOT)),
)
def test_docs_cite_no_part_of_the_spec(path: Path) -> None:
    # the spec's words, or a section of it: "(A3)", "(B6, B7)" (not a card: "AS", "2C")
    pattern = r"\bspec(?:'s)?\b|\bPart [A-D]\b|(?<![\w%])(?:A[1-7]|B(?:1[0-4]|[1-9]))(?![\w%])"
    assert not re.findall(pattern, path.read_text(encoding="utf-8")), path.name


# Issue 27, item 11: a citation of the spec in what ships (docstrings, comments, the
# bundled YAML files) or beside it: "spec Part C", "(A3)", "(B6, B7)", "B5-B8", "spec B14",
# "the spec says". Its sections are A1 to A7 and B1 to B14; a card ("AS", "2C"), a
# percent-escape ("%A3"), a hex number ("0xB1") or a longer name ("A10", "B15") is none.
_SPEC_CITATION = re.compile(
    r"\bPart [A-D]\b"
    r"|\b[Tt]he spec(?:'s)?\b|\bspec's\b"
    r"|(?<![\w%])(?:A[1-7]|B(?:1[0-4]|[1-9]))(?![\w%])"
    r"|\brules\.md\b"
)


@pytest.mark.parametrize(
    "text",
    [
        "(spec Part C)",
        "Computer players (Part C).",
        "legal bids (A3).",
        "partnership bidding (B6, B7)",
        "(A3, B1, B2, B5-B8, B11)",
        "Two-players sub-variant (spec B14):",
        "# House rule: dealer leads (spec B1, B12).",
        "Spec A5 and B13: add this deal's bags",
        "table:                          # A1",
        "The spec says nothing of Blind Nil in solo",
        "the spec's worked example",
        "see /work/shared/spec/rules.md",
    ],
)
def test_the_spec_citation_finder_finds_citations(text: str) -> None:
    assert _SPEC_CITATION.search(text), text


@pytest.mark.parametrize(
    "text",
    [
        "trumps: BJ LJ 2D 2S AS KS ... 3S; 2C and 2H removed",
        "``cut C0 C1 C2 C3`` names them all",
        "%3Ctext y='14'%3E%E2%99%A0%3C/text%3E",
        "mask = 0xB1 | 0xA3",
        "A10 B15 AB1 B1x",
        "The lineup ``spec`` describes; parse_lineup(spec: str)",
        "Part of the deal; Partnerships: pairs",
        "(docs/format.md, `bidding.blind_nil`)",
    ],
)
def test_the_spec_citation_finder_leaves_what_is_no_citation(text: str) -> None:
    assert not _SPEC_CITATION.search(text), text


def _shipped_text_files() -> list[Path]:
    """Every text file of the package's sources (the native ones too) and of the bundled
    variants, which ship in the wheel; compiled files are binary and skipped."""
    folders = (ROOT / "src" / "spadeslib", ROOT / "src" / "native", ROOT / "variants")
    return [
        path
        for folder in folders
        for path in sorted(folder.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts and b"\0" not in path.read_bytes()
    ]


def test_shipped_files_cite_no_part_of_the_spec() -> None:
    files = _shipped_text_files()
    assert any(path.name == "standard.yaml" for path in files)
    assert any(path.suffix == ".c" for path in files)
    cited = [
        f"{path.relative_to(ROOT)}:{number}: {match.group(0)!r}"
        for path in files
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        for match in _SPEC_CITATION.finditer(line)
    ]
    assert not cited, "cite docs/ instead of the spec:\n" + "\n".join(cited)


# A path a comment or a docstring names: one that starts at a folder of the repository or
# of the package (``src/native/play.c``, ``engine/core/state.py``, ``spadeslib/cli/main.py``),
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
        "# plays as src/native/kernel.c does; see engine/core/state.py and play.c,\n"
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
