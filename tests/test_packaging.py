"""The wheel ships the bundled variants: build it, install it into a fresh virtual
environment outside the checkout, and load ``nyc`` by name there.

This is the only test that sees the project the way a user who ran ``pip install`` does;
everything else imports the checkout, where ``variants/`` sits next to ``src/``. It needs
the package index (for the build backend and for pydantic and PyYAML), and is skipped only
when the index cannot be reached.
"""

from __future__ import annotations

import os
import shutil
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


def run(command: list[str | Path], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env={**clean_environment(), **env},
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


def test_the_wheel_carries_the_native_core_where_a_compiler_works(wheel: Path) -> None:
    if shutil.which("cc") is None and shutil.which("gcc") is None:
        pytest.skip("no C compiler here")
    with zipfile.ZipFile(wheel) as archive:
        assert any(
            name.startswith("spadeslib/_native") and name.endswith((".so", ".pyd"))
            for name in archive.namelist()
        )


def _pristine_copy(target: Path) -> Path:
    """The checkout's files without anything a build left behind (a built extension would
    be packed again instead of being built)."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


def test_without_a_compiler_the_package_installs_as_pure_python(tmp_path: Path) -> None:
    """``CC=false``: the optional extension fails to build, the install does not."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs the git checkout to copy its files")
    source = _pristine_copy(tmp_path / "source")
    out = tmp_path / "dist"
    out.mkdir()
    result = run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--wheel-dir", out, source],
        cwd=tmp_path,
        CC="false",
    )
    succeed_or_skip_offline(result, "build the wheel without a compiler")
    [built] = out.glob("spadeslib-*.whl")
    with zipfile.ZipFile(built) as archive:
        assert not [name for name in archive.namelist() if name.endswith((".so", ".pyd"))]
    home = tmp_path / "venv"
    created = run([sys.executable, "-m", "venv", home], cwd=tmp_path)
    assert created.returncode == 0, created.stderr
    python = home / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    installed = run(
        [python, "-m", "pip", "install", "--disable-pip-version-check", built], cwd=tmp_path
    )
    succeed_or_skip_offline(installed, "install the pure-Python wheel")
    script = (
        "import spadeslib; "
        "print(spadeslib.backend(), spadeslib.playouts('standard', 3, seed=1).tricks.tolist()[0])"
    )
    played = run([python, "-c", script], cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    assert played.stdout.startswith("python [")


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
