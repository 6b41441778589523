"""Shell completion (issue 14's CLI conventions): ``spadeslib completion bash|zsh|fish``."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from spadeslib.cli.completion import script
from spadeslib.cli.main import COMMANDS, build_parser, main


def complete(tmp_path: Path, *words: str) -> list[str]:
    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("bash is not installed")
    file = tmp_path / "spadeslib.bash"
    file.write_text(script("bash", build_parser()), encoding="utf-8")
    quoted = " ".join(f"'{word}'" for word in words)
    code = (
        f"source {file}; COMP_WORDS=(spadeslib {quoted}); COMP_CWORD={len(words)}; "
        'cd "$1"; _spadeslib; printf "%s\\n" "${COMPREPLY[@]}"'
    )
    done = subprocess.run(
        [bash, "-c", code, "bash", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    return [line for line in done.stdout.splitlines() if line]


def test_bash_completes_commands_options_and_names(tmp_path: Path) -> None:
    assert complete(tmp_path, "sim") == ["simulate"]
    assert set(complete(tmp_path, "")) >= set(COMMANDS)
    assert complete(tmp_path, "simulate", "--wo") == ["--workers"]
    assert complete(tmp_path, "explain", "ny") == ["nyc"]
    (tmp_path / "nyc-club.yaml").write_text("extends: nyc\n", encoding="utf-8")
    assert complete(tmp_path, "validate", "nyc") == ["nyc", "nyc-club.yaml"]
    assert complete(tmp_path, "completion", "f") == ["fish"]


def test_every_command_and_option_is_in_each_script() -> None:
    for shell in ("bash", "zsh", "fish"):
        text = script(shell, build_parser())
        for name in COMMANDS:
            assert name in text, (shell, name)
        assert "--deals" in text or "-l deals" in text
    assert script("zsh", build_parser()).startswith("#compdef spadeslib\n")
    assert "complete -c spadeslib -n __fish_use_subcommand -a play" in script(
        "fish", build_parser()
    )


def test_completion_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["completion", "fish"]) == 0
    assert capsys.readouterr().out == script("fish", build_parser())
    assert main(["completion", "tcsh"]) == 2
