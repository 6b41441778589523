"""Issue 15, item 11: the JSON Schema ships in the package with a stable ``$id``,
``spadeslib schema --path`` says where it is, the bundled files' ``$schema`` links reach
it, and schema tools that read YAML 1.2 agree with the loader, which reads YAML 1.1."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from spadeslib.cli.main import main
from spadeslib.loader import bundled_house_rules, bundled_variants
from spadeslib.variant import validate
from spadeslib.variant.schema import SCHEMA_ID, YAML_1_1_BOOLEANS, schema_text

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ROOT / "variants" / "variant.schema.json"


def test_schema_id_is_stable() -> None:
    # Editors and tools cache a schema by its $id: it must never change with a release.
    assert SCHEMA_ID == "urn:spadeslib:variant-format"
    assert json.loads(SHIPPED.read_text(encoding="utf-8"))["$id"] == SCHEMA_ID


def test_schema_path_prints_the_shipped_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", "--path"]) == 0
    out, _ = capsys.readouterr()
    path = Path(out.strip())
    assert path.resolve() == SHIPPED
    assert main(["schema"]) == 0
    printed, _ = capsys.readouterr()
    assert printed == path.read_text(encoding="utf-8")
    assert printed == schema_text(variants=bundled_variants(), house_rules=bundled_house_rules())


def test_schema_path_without_a_shipped_file_says_how_to_make_one(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("spadeslib.loader.bundled.bundled_dir", lambda: tmp_path)
    assert main(["schema", "--path"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert "spadeslib schema > variant.schema.json" in err


# --- YAML 1.1 booleans ------------------------------------------------------------------

WORDS = ["yes", "No", "ON", "off"]
DOCUMENTS = {
    # true/false keys: the loader reads the words as true and false and accepts them
    **{f"flag-{word}": f"bidding:\n  nil:\n    enabled: {word}\n" for word in WORDS},
    "flag-true": "deal:\n  french_cut: true\n",
    # a choice: `tie: yes` is true to the loader, "yes" to YAML 1.2: refused by both
    **{f"choice-{word}": f"game_end:\n  tie: {word}\n" for word in WORDS},
    "choice-draw": "game_end:\n  tie: draw\n",
    # free text: the loader refuses true/false where text belongs
    **{f"text-{word}": f"name: {word}\n" for word in WORDS},
    "text-plain": "name: our-table\n",
    "extends-yes": "extends: yes\n",
    "house-rules-on": "extends: standard\nhouse_rules: [on]\n",
    "card-no": "deck:\n  remove: [no]\n",
}


def loader_accepts(text: str) -> bool:
    return not validate(text)


def test_the_cases_cover_both_verdicts() -> None:
    verdicts = {name: loader_accepts(text) for name, text in DOCUMENTS.items()}
    assert verdicts["flag-yes"] and verdicts["choice-draw"] and verdicts["text-plain"]
    assert not verdicts["choice-yes"] and not verdicts["text-off"]


@pytest.mark.parametrize("name", sorted(DOCUMENTS))
def test_schema_under_yaml_1_1_agrees_with_the_loader(name: str) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(SHIPPED.read_text(encoding="utf-8"))
    text = DOCUMENTS[name]
    errors = list(jsonschema.Draft202012Validator(schema).iter_errors(yaml.safe_load(text)))
    assert (not errors) == loader_accepts(text), [error.message for error in errors]


@pytest.mark.parametrize("name", sorted(DOCUMENTS))
def test_schema_under_yaml_1_2_agrees_with_the_loader(name: str) -> None:
    # What check-jsonschema and the YAML language server see: the words as text.
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(SHIPPED.read_text(encoding="utf-8"))
    text = DOCUMENTS[name]
    data = yaml.load(text, Loader=_Yaml12Loader)
    errors = list(jsonschema.Draft202012Validator(schema).iter_errors(data))
    assert (not errors) == loader_accepts(text), [error.message for error in errors]


class _Yaml12Loader(yaml.SafeLoader):
    """A safe loader that reads only true and false (any case) as booleans, as YAML 1.2."""


_Yaml12Loader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_Yaml12Loader.add_implicit_resolver(
    "tag:yaml.org,2002:bool",
    re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
    list("tTfF"),
)


def test_the_yaml_1_2_stand_in_reads_the_words_as_text() -> None:
    assert yaml.load("a: yes\nb: true\n", Loader=_Yaml12Loader) == {"a": "yes", "b": True}
    assert set(YAML_1_1_BOOLEANS) >= {"yes", "No", "ON", "off"}


def test_check_jsonschema_agrees_with_the_loader(tmp_path: Path) -> None:
    beside = Path(sys.executable).with_name("check-jsonschema")
    tool = str(beside) if beside.exists() else shutil.which("check-jsonschema")
    if tool is None:
        pytest.skip("check-jsonschema is not installed (it is in the dev extra)")
    files = {}
    for name, text in DOCUMENTS.items():
        files[name] = tmp_path / f"{name}.yaml"
        files[name].write_text(text, encoding="utf-8")
    done = subprocess.run(
        [tool, "--schemafile", str(SHIPPED), *map(str, files.values())],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    refused = {name for name, path in files.items() if f"{path}::" in done.stdout + done.stderr}
    assert refused == {name for name, text in DOCUMENTS.items() if not loader_accepts(text)}, (
        done.stdout + done.stderr
    )
