"""The wheel ships the bundled variants: build it, install it into a fresh virtual
environment outside the checkout, and load ``nyc`` by name there.

This is the only test that sees the project the way a user who ran ``pip install`` does;
everything else imports the checkout, where ``variants/`` sits next to ``src/``. It needs
the package index (for the build backend and for pydantic and PyYAML), and is skipped only
when the index cannot be reached.
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
OFFLINE_SIGNS = (
    "Failed to establish a new connection",
    "Temporary failure in name resolution",
    "Network is unreachable",
    "No matching distribution found",
    "Could not find a version that satisfies the requirement",
)


def clean_environment() -> dict[str, str]:
    """This process's environment without anything that would make the fresh virtual
    environment import the checkout (``PYTHONPATH``) or another environment's packages."""
    return {
        name: value
        for name, value in os.environ.items()
        if not name.startswith("PYTHON") and name not in ("VIRTUAL_ENV", "PIP_USER")
    }


def run(command: list[str | Path], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env=clean_environment(),
        text=True,
        capture_output=True,
        timeout=300,
        stdin=subprocess.DEVNULL,
        check=False,
    )


def succeed_or_skip_offline(result: subprocess.CompletedProcess[str], what: str) -> None:
    if result.returncode == 0:
        return
    output = result.stdout + result.stderr
    if any(sign in output for sign in OFFLINE_SIGNS):
        pytest.skip(f"cannot {what}: the package index is unreachable\n{output[-1500:]}")
    pytest.fail(f"cannot {what} (exit {result.returncode}):\n{output[-4000:]}")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    result = run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--wheel-dir", out, ROOT], cwd=out
    )
    succeed_or_skip_offline(result, "build the wheel")
    [built] = out.glob("spadeslib-*.whl")
    return built


@pytest.fixture(scope="module")
def installed_python(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The interpreter of a fresh virtual environment with only the wheel installed."""
    home = tmp_path_factory.mktemp("venv")
    created = run([sys.executable, "-m", "venv", home / "env"], cwd=home)
    assert created.returncode == 0, created.stderr
    python = home / "env" / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    result = run([python, "-m", "pip", "install", "--disable-pip-version-check", wheel], cwd=home)
    succeed_or_skip_offline(result, "install the wheel")
    return python


def test_the_wheel_contains_the_bundled_files_and_type_marker(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    assert "spadeslib/py.typed" in names
    assert "spadeslib/_bundled/nyc.yaml" in names
    assert "spadeslib/_bundled/house-rules/no-nil.yaml" in names
    bundled = {name for name in names if name.startswith("spadeslib/_bundled/")}
    expected = {
        path.relative_to(ROOT / "variants").as_posix()
        for path in (ROOT / "variants").rglob("*.yaml")
    }
    assert {name.removeprefix("spadeslib/_bundled/") for name in bundled} >= expected


def test_nyc_loads_by_name_after_pip_install(installed_python: Path, tmp_path: Path) -> None:
    script = (
        "import spadeslib; "
        "print(spadeslib.__file__); "
        "print(spadeslib.load_variant('nyc').name); "
        "print(len(spadeslib.bundled_variants()))"
    )
    result = run([installed_python, "-c", script], cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    location, name, count = result.stdout.split()
    assert not Path(location).resolve().is_relative_to(ROOT)  # the installed copy
    assert name == "nyc"
    assert int(count) == len(list((ROOT / "variants").glob("*.yaml")))


def test_the_wheel_ships_the_schema_the_bundled_files_link_to(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        schema = archive.read("spadeslib/_bundled/variant.schema.json").decode("utf-8")
        header = archive.read("spadeslib/_bundled/nyc.yaml").decode("utf-8").splitlines()[0]
        fragment = archive.read("spadeslib/_bundled/house-rules/no-nil.yaml").decode("utf-8")
    assert "spadeslib/_bundled/variant.schema.json" in names
    assert schema == (ROOT / "variants" / "variant.schema.json").read_text(encoding="utf-8")
    assert header == "# yaml-language-server: $schema=variant.schema.json"
    assert fragment.startswith("# yaml-language-server: $schema=../variant.schema.json\n")


def test_schema_path_after_pip_install(installed_python: Path, tmp_path: Path) -> None:
    script = installed_python.with_name("spadeslib")
    result = run([script, "schema", "--path"], cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    path = Path(result.stdout.strip())
    assert path.is_file() and not path.resolve().is_relative_to(ROOT)
    link = (path.parent / "nyc.yaml").read_text(encoding="utf-8").splitlines()[0]
    assert (path.parent / link.rpartition("$schema=")[2]).resolve() == path.resolve()
