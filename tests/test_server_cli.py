"""``spadeslib serve``: registered, binds 127.0.0.1 unless told, a clear error without the
``server`` extra, and the shipped files (schemas, front end) where the server looks."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

from spadeslib.cli.main import COMMANDS, build_parser, main


def test_serve_is_a_command_that_binds_loopback_by_default() -> None:
    assert "serve" in COMMANDS
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.db, args.open) == ("127.0.0.1", 8000, None, False)


def test_without_the_server_extra_serve_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = importlib.util.find_spec

    def missing(name: str, *args: Any) -> Any:
        return None if name in {"starlette", "uvicorn"} else real(name, *args)

    monkeypatch.setattr(importlib.util, "find_spec", missing)
    assert main(["serve"]) == 1
    error = capsys.readouterr().err
    assert "pip install 'spadeslib[server]'" in error and "starlette, uvicorn" in error


def test_importing_spadeslib_or_the_server_package_loads_no_web_framework() -> None:
    import subprocess

    code = (
        "import sys, spadeslib, spadeslib.server, spadeslib.server.view, spadeslib.cli.main; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'starlette', 'uvicorn', 'websockets', 'httpx'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_schemas_and_the_front_end_ship_in_the_package() -> None:
    from spadeslib.server import SCHEMAS

    package = Path(SCHEMAS).parent
    assert len(list(Path(SCHEMAS).glob("*.json"))) >= 17
    pyproject = (Path(__file__).parent.parent / "pyproject.toml").read_text(encoding="utf-8")
    assert '"server/schemas/*.json"' in pyproject and '"server/static/**/*"' in pyproject
    assert (package / "static").is_dir()
