"""The docs run: generated pages are current, bundled files carry their editor header,
every example in the error reference and the tutorial gives the output it shows, and
every YAML block of the docs validates, or is a mistake shown on purpose.

How a page marks its YAML (:func:`yaml_blocks`):

- A titled block (```` ```yaml title="club.yaml" ````), or several, followed by a
  ```` ```text ```` block before the next heading, is an *example*: validating the last
  file prints that text, a problem a line. Such an example with problems is a mistake
  shown on purpose; the text is what it must print.
- ``<!-- docs-check: mistake -->`` on the line before a block marks a mistake without
  a text block: it must have at least one problem.
- ``<!-- docs-check: on standard, partnership-bidding -->`` marks a piece of a file,
  valid on top of a variant and its house rules (the words after ``on``: the variant it
  extends, then house rules in order).
- In the generated ``variants.md``, a block under ``#### <house rule>`` is that bundled
  fragment: it is checked on what its file ``applies_to``, as ``spadeslib validate`` does.
- Any other block must be valid on its own.
"""

from __future__ import annotations

import doctest
import importlib.util
import json
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest
import yaml
from pydantic import BaseModel

from spadeslib.variant import Variant, validate
from spadeslib.variant.schema import json_schema

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
VARIANTS = ROOT / "variants"
BUNDLED = sorted(VARIANTS.glob("*.yaml")) + sorted((VARIANTS / "house-rules").glob("*.yaml"))
SCHEMA = DOCS / "variant.schema.json"
SHIPPED_SCHEMA = VARIANTS / "variant.schema.json"
"""The same text, shipped in the package beside the bundled variants that link to it."""


def _generate_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_generate", DOCS / "generate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ---------------------------------------------------------------------------------------
# Generated pages.


def test_generated_docs_are_up_to_date() -> None:
    stale = _generate_module().stale()
    assert not stale, f"run python docs/generate.py: {[str(p.relative_to(ROOT)) for p in stale]}"


def test_generate_writes_one_rules_card_per_bundled_variant() -> None:
    from spadeslib.explain import explain
    from spadeslib.loader import bundled_variants
    from spadeslib.variant import load_variant

    generate = _generate_module()
    pages = generate.outputs()
    cards = {path.name: text for path, text in pages.items() if path.parent == DOCS / "variants"}
    assert sorted(cards) == [f"{name}.md" for name in bundled_variants()]
    assert cards["nyc.md"] == explain(load_variant("nyc"))
    assert {DOCS / "variants.md", DOCS / "format.md", SCHEMA, SHIPPED_SCHEMA} <= set(pages)
    assert pages[SCHEMA] == pages[SHIPPED_SCHEMA]
    index = pages[DOCS / "variants.md"]
    for name in bundled_variants():
        assert f"[`{name}`](variants/{name}.md)" in index, name


def test_generate_check_flags_a_page_that_is_no_variants_card(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    generate = _generate_module()
    monkeypatch.setattr(generate, "CARDS", tmp_path)
    stray = tmp_path / "retired-variant.md"
    stray.write_text("# Rules card: retired\n", encoding="utf-8")
    assert generate.leftovers() == [stray]
    assert stray in generate.stale()


def test_generate_check_runs_from_the_command_line() -> None:
    done = subprocess.run(
        [sys.executable, str(DOCS / "generate.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_published_schema_is_the_models_schema() -> None:
    published = json.loads(SCHEMA.read_text(encoding="utf-8"))
    for key in ("examples",):  # the bundled names are added by docs/generate.py
        published["properties"]["extends"].pop(key, None)
        published["properties"]["applies_to"].pop(key, None)
        published["properties"]["house_rules"]["items"].pop(key, None)
    assert published == json_schema()


def test_format_reference_lists_every_key_of_every_model() -> None:
    reference = (DOCS / "format.md").read_text(encoding="utf-8")

    def models(model: type[BaseModel]) -> Iterator[type[BaseModel]]:
        yield model
        for field in model.model_fields.values():
            for inner in re.findall(r"\b[A-Z]\w+", str(field.annotation)):
                found = getattr(sys.modules["spadeslib.variant"], inner, None)
                if isinstance(found, type) and issubclass(found, BaseModel):
                    yield from models(found)

    for model in set(models(Variant)):
        for name in model.model_fields:
            if name != "kind":
                assert f"| `{name}` |" in reference, f"{model.__name__}.{name}"


def test_format_reference_says_max_deals_plays_on_after_a_tie() -> None:
    """Issue 15: the reference warns that `max_deals: 1` may last longer, and it is true."""
    from spadeslib.scoring import Standing, game_result

    reference = (DOCS / "format.md").read_text(encoding="utf-8")
    row = next(line for line in reference.splitlines() if line.startswith("| `max_deals` |"))
    assert "with `play_on` (the default) the game goes on one deal at a time" in row
    assert "even `max_deals: 1` may last more than one deal" in row
    one_deal = {"target": None, "max_deals": 1}
    tied = [Standing(60), Standing(60)]
    assert game_result(Variant.model_validate({"game_end": one_deal}), tied, 1) is None
    drawn = Variant.model_validate({"game_end": {**one_deal, "tie": "draw"}})
    result = game_result(drawn, tied, 1)
    assert result is not None and result.is_draw


# ---------------------------------------------------------------------------------------
# Bundled files and the JSON Schema.


@pytest.mark.parametrize("path", BUNDLED, ids=lambda path: path.stem)
def test_bundled_file_has_the_language_server_header(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    header = re.fullmatch(r"# yaml-language-server: \$schema=(\S+)", lines[0])
    assert header, f"{path.name}: first line must be the yaml-language-server header"
    assert (path.parent / header.group(1)).resolve() == SHIPPED_SCHEMA
    assert lines[1] == "#" and lines[2].startswith("# "), "line 3 says what this is"
    comment = "\n".join(line for line in lines if line.startswith("#"))
    pages = re.findall(r"\bdocs/[\w/.-]+\.md\b", comment)  # the spec is not shipped
    assert pages, f"{path.name}: say which page of docs/ describes it"
    assert all((ROOT / page).is_file() for page in pages), pages


@pytest.mark.parametrize(
    "path", sorted((VARIANTS / "house-rules").glob("*.yaml")), ids=lambda path: path.stem
)
def test_house_rule_summary_is_one_short_line(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    summary = lines[2].removeprefix("# ")
    assert summary.endswith(".") and len(summary) <= 88, summary
    assert lines[3] == "#", "the summary is one line, followed by an empty comment line"


@pytest.mark.parametrize("path", BUNDLED, ids=lambda path: path.stem)
def test_bundled_file_is_valid_under_the_published_schema(path: Path) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(data)


@pytest.mark.parametrize(
    "text",
    [
        "scoring: {bags: {limt: 5}}",
        "table: {players: 5}",
        "deck: {remove: [1H]}",
        "play: {spade_lead: {kind: whenever}}",
        "bidding: {form: {kind: partnership, min_bid: 3}}",
        "house_rules: no-nil",
    ],
)
def test_published_schema_flags_what_the_loader_rejects(text: str) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(yaml.safe_load(text)))
    assert validate(text + "\n")


def test_schema_card_pattern_accepts_what_card_parse_accepts() -> None:
    from spadeslib.cards import Card, CardParseError
    from spadeslib.variant.schema import CARD_PATTERN

    pattern = re.compile(CARD_PATTERN)
    ranks = ["2", "3", "9", "T", "t", "10", "J", "Q", "K", "A", "a", "1", "0", "11"]
    suits = ["S", "h", "D", "c", "♠", "♥", "♦", "♣", "X", "J"]
    names = [rank + suit for rank in ranks for suit in suits] + ["BJ", "lj", "B", " AS ", ""]
    for name in names:
        try:
            Card.parse(name)
            parses = True
        except CardParseError:
            parses = False
        assert bool(pattern.search(name)) == parses, repr(name)


# ---------------------------------------------------------------------------------------
# Examples in the docs: a titled YAML block (```yaml title="club.yaml") or several, then
# a ```text block with the problems that validating the last of them prints.


@dataclass
class Example:
    page: str
    line: int
    files: dict[str, str]
    expected: str

    def __str__(self) -> str:
        return f"{self.page}:{self.line}"


_FENCE = re.compile(r'^```(\w+)(?: title="([^"]+)")?\n(.*?)^```\n', re.M | re.S)


def examples(page: str) -> list[Example]:
    text = (DOCS / page).read_text(encoding="utf-8")
    found: list[Example] = []
    files: dict[str, str] = {}
    last = 0
    for match in _FENCE.finditer(text):
        if re.search(r"^#", text[last : match.start()], re.M):
            files = {}  # a heading between blocks starts a new example
        last = match.end()
        language, title, body = match.groups()
        if language == "yaml" and title:
            files.pop(title, None)
            files[title] = body
        elif language == "text" and files:
            line = text.count("\n", 0, match.start()) + 1
            found.append(Example(page, line, files, body.rstrip("\n")))
            files = {}
    return found


PAGES = sorted(path.name for path in DOCS.glob("*.md"))
EXAMPLES = [example for page in PAGES for example in examples(page)]


@dataclass
class YamlBlock:
    page: str
    line: int
    body: str
    check: str
    """The words of its ``<!-- docs-check: ... -->``, or "" (see the module docstring)."""
    heading: str
    """The last ``####`` heading above it (``variants.md`` names a house rule so)."""

    def __str__(self) -> str:
        return f"{self.page}:{self.line}"


_CHECK = re.compile(r"<!-- docs-check: ([^>]*?) -->\s*$")


def yaml_blocks(page: str) -> list[YamlBlock]:
    """Every YAML block of a page (``README.md`` at the top of the repository) that is
    not part of an example (those are :data:`EXAMPLES`)."""
    path = ROOT / page if page == "README.md" else DOCS / page
    text = path.read_text(encoding="utf-8")
    found: list[YamlBlock] = []
    pending: list[YamlBlock] = []  # titled blocks an example's text block may follow
    heading = ""
    last = 0
    for match in _FENCE.finditer(text):
        between = text[last : match.start()]
        headings = re.findall(r"^(#+) (.*)$", between, re.M)
        if headings:
            found += pending  # a heading between blocks starts a new example
            pending = []
            heading = next((words for marks, words in reversed(headings) if marks == "####"), "")
        last = match.end()
        language, title, body = match.groups()
        if language == "text" and pending:
            pending = []  # the example's files, checked by test_example_prints_...
        elif language == "yaml":
            check = _CHECK.search(between)
            line = text.count("\n", 0, match.start()) + 1
            block = YamlBlock(page, line, body, check.group(1) if check else "", heading)
            (pending if title else found).append(block)
    return found + pending


YAML_BLOCKS = [block for page in ["README.md", *PAGES] for block in yaml_blocks(page)]


def test_the_docs_have_yaml_blocks_of_every_kind() -> None:
    checks = {block.check.split()[0] for block in YAML_BLOCKS if block.check}
    assert checks == {"on"}, "no page marks a mistake without its output today"
    assert len([block for block in YAML_BLOCKS if block.page == "variants.md"]) > 50


@pytest.mark.parametrize("block", YAML_BLOCKS, ids=str)
def test_every_yaml_block_validates_or_is_a_marked_mistake(
    block: YamlBlock, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from spadeslib.loader import bundled_house_rules
    from spadeslib.loader.bundled import bundled_house_rule_path

    monkeypatch.chdir(tmp_path)  # a path the block names is not found by chance
    text = block.body
    words = block.check.replace(",", " ").split()
    if words[:1] == ["on"]:
        base, *rules = words[1:]
        text = f"extends: {base}\nhouse_rules: [{', '.join(rules)}]\n" + text
    elif block.page == "variants.md" and block.heading in bundled_house_rules():
        source = bundled_house_rule_path(block.heading)
        assert source is not None
        target = yaml.safe_load(source.read_text(encoding="utf-8")).get("applies_to")
        text = text if target is None else f"applies_to: {target}\n" + text
    problems = [str(problem) for problem in validate(text)]
    if words == ["mistake"]:
        assert problems, f"{block}: marked as a mistake, but it is valid"
    else:
        assert words in ([], ["on", *words[1:]]), f"{block}: unknown docs-check {block.check!r}"
        assert problems == [], (
            f"{block}: the example is not valid; fix it, or mark it as a mistake shown on "
            "purpose (see the docstring of tests/test_docs.py)"
        )


def test_the_pages_have_examples() -> None:
    assert len(examples("errors.md")) >= 15
    assert len(examples("house-rules.md")) == 2


@pytest.mark.parametrize("example", EXAMPLES, ids=str)
def test_example_prints_what_the_page_shows(
    example: Example, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, body in example.files.items():
        (tmp_path / name).write_text(body, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    problems = validate(list(example.files)[-1])
    # The page lists problems in line order; the order they are found in may differ.
    assert sorted(str(problem) for problem in problems) == sorted(example.expected.split("\n"))


def contradiction_rows() -> list[tuple[str, str, str]]:
    text = (DOCS / "errors.md").read_text(encoding="utf-8")
    section = text[text.index("## Contradictions") : text.index("## Composition")]
    return re.findall(r"^\| `([\w.]+)` \| `(\{.*\})` \| (.+) \|$", section, re.M)


def test_every_contradiction_check_has_a_row() -> None:
    from spadeslib.variant import checks

    package = Path(checks.__file__).parent  # one module per part of the variant checked
    source = "".join(path.read_text(encoding="utf-8") for path in package.glob("*.py"))
    checked = set(re.findall(r'yield (?:Clash)?\(\s*"([\w.]+)"', source))
    shown = {path for path, _, _ in contradiction_rows()}
    assert len(checked) > 30
    assert checked <= shown, f"add a row to docs/errors.md for {sorted(checked - shown)}"


@pytest.mark.parametrize(("path", "text", "message"), contradiction_rows())
def test_contradiction_row_is_what_validate_reports(path: str, text: str, message: str) -> None:
    from spadeslib.loader.bundled import bundled_dir

    problems = validate(text + "\n")
    shipped = f"{bundled_dir()}/"  # a bundled file is named by its path in the installation
    found = [(problem.path, problem.message.replace(shipped, "")) for problem in problems]
    assert (path, message) in found, [str(problem) for problem in problems]


@pytest.mark.parametrize(
    "page", ["README.md", "index.md", "api.md", "engine.md", "bots.md", "analysis.md"]
)
def test_python_sessions_on_the_page_run(page: str) -> None:
    text = (ROOT / page if page == "README.md" else DOCS / page).read_text(encoding="utf-8")
    sessions = [m for m in _FENCE.finditer(text) if m.group(1) == "pycon"]
    assert sessions, f"{page} shows no Python session"
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    names: dict[str, object] = {}  # one interpreter for the page, as a reader pastes it
    for number, session in enumerate(sessions):
        line = text.count("\n", 0, session.start(3))
        test = parser.get_doctest(session.group(3), names, f"{page}[{number}]", page, line)
        runner.run(test, clear_globs=False)
        names = test.globs  # the DocTest ran in a copy: carry it to the next session
    assert runner.summarize(verbose=False).failed == 0


def test_readme_house_rules_file_and_its_mistake(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from spadeslib.explain import explain
    from spadeslib.variant import load_variant

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Your own house rules") :]
    blocks = {m.group(1): m.group(3) for m in _FENCE.finditer(section)}
    name = blocks["yaml"].splitlines()[0].removeprefix("# ")
    monkeypatch.chdir(tmp_path)
    Path(name).write_text(blocks["yaml"], encoding="utf-8")
    ours = load_variant(name)
    assert explain(ours).startswith(f"# Rules card: {ours.name}\n\n{ours.description}\n")
    assert ours.game_end.target == 300
    Path(name).write_text(blocks["yaml"].replace("target:", "targte:"), encoding="utf-8")
    assert [str(problem) for problem in validate(name)] == blocks["text"].splitlines()


def test_tutorial_file_is_the_table_it_describes(tmp_path: Path) -> None:
    from spadeslib.variant import load_variant

    text = (DOCS / "house-rules.md").read_text(encoding="utf-8")
    section = text[text.index("## 5. The whole file") : text.index("## 6.")]
    body = _FENCE.search(section)
    assert body is not None
    (tmp_path / "club.yaml").write_text(body.group(3), encoding="utf-8")
    club = load_variant(tmp_path / "club.yaml")
    rules = club.compile()
    assert " ".join(str(card) for card in rules.trump_order()[:3]) == "BJ LJ AS"
    assert club.bidding.form.kind == "partnership"
    assert club.bidding.form.min_team_bid == 4
    assert club.bidding.nil.enabled and not club.bidding.blind_nil.enabled
    assert (club.scoring.bags.limit, club.scoring.bags.penalty) == (5, 50)
    assert club.game_end.target == 300


# ---------------------------------------------------------------------------------------
# The site builds in strict mode (where mkdocs-material is installed: the docs extra).


def test_docs_site_builds_in_strict_mode(tmp_path: Path) -> None:
    pytest.importorskip("material")
    mkdocs = shutil.which("mkdocs")
    if mkdocs is None:
        pytest.skip("mkdocs is not on PATH")
    result = subprocess.run(
        [mkdocs, "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
