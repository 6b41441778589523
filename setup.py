"""The parts of the build that pyproject.toml cannot declare: the native core, an
optional C extension, and the bundled variants copied into the package.

The extension is optional in the setuptools sense: where no C compiler works (or
``CC=false``), the build warns and installs pure Python, which plays exactly the same
games, only slower (``spadeslib.backend()`` says which). A failed editable build also
deletes the extension an earlier one built into ``src/spadeslib``, so that an old native
core cannot go on answering, unnoticed, for C that no longer compiles.

Settings, from the environment:

- ``SPADESLIB_REQUIRE_NATIVE=1``: a failed build of the extension is an error (CI sets it
  where a compiler is present, so a broken build cannot pass unnoticed);
- ``SPADESLIB_SANITIZE=1``: build with AddressSanitizer and UndefinedBehaviorSanitizer
  (see docs/performance.md for running the tests under them);
- ``SPADESLIB_WERROR=1``: a compiler warning is an error (CI builds so).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
NATIVE = Path("src") / "native"
SOURCES = [
    "module.c",
    "args.c",
    "kernel_type.c",
    "deal.c",
    "cache.c",
    "table.c",
    "play.c",
    "playout.c",
    "auction.c",
    "shuffle.c",
    "determinize.c",
    "tensors.c",
    "game.c",
    "points.c",
    "solver.c",
    "vector.c",
    "vector_write.c",
    "vector_deal.c",
    "vector_blind.c",
]
HEADERS = [
    "spades.h",
    "native.h",
    "rules.h",
    "rules_impl.h",
    "strategy.h",
    "strategy_impl.h",
    "playout_impl.h",
    "solver.h",
    "solver_impl.h",
    "vector.h",
    "tensor_rows.h",
]
_UNIX_FLAGS = ["-O2", "-std=c11", "-Wall", "-Wextra", "-Wno-missing-field-initializers"]
_SANITIZE = ["-fsanitize=address,undefined", "-fno-omit-frame-pointer", "-g", "-O1"]


class BuildExt(build_ext):
    """Compiler flags by compiler: gcc-style warnings where they are understood."""

    def build_extensions(self) -> None:
        unix = self.compiler.compiler_type == "unix"
        for extension in self.extensions:
            if unix:
                extension.extra_compile_args = list(_UNIX_FLAGS)
                if os.environ.get("SPADESLIB_WERROR") == "1":
                    extension.extra_compile_args.append("-Werror")
                if os.environ.get("SPADESLIB_SANITIZE") == "1":
                    extension.extra_compile_args += _SANITIZE
                    extension.extra_link_args = ["-fsanitize=address,undefined"]
            if os.environ.get("SPADESLIB_REQUIRE_NATIVE") == "1":
                extension.optional = False
        super().build_extensions()

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception:
            # pure Python follows: in an editable (or in-place) build, the extension built
            # into the checkout before would stay in its way; another build leaves it be
            if ext.optional and (self.inplace or getattr(self, "editable_mode", False)):
                stale = ROOT / "src" / "spadeslib" / Path(self.get_ext_filename(ext.name)).name
                if stale.exists():
                    stale.unlink()
                    self.warn(f"{stale} deleted: it was built from older C")
            raise


class BuildPy(build_py):
    """Ship the checkout's ``variants/`` in the package as ``spadeslib/_bundled``."""

    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "spadeslib" / "_bundled"
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(ROOT / "variants", target)


setup(
    ext_modules=[
        Extension(
            "spadeslib._native",
            sources=[str(NATIVE / name) for name in SOURCES],
            depends=[str(NATIVE / name) for name in HEADERS],
            include_dirs=[str(NATIVE)],
            optional=True,
        )
    ],
    cmdclass={"build_ext": BuildExt, "build_py": BuildPy},
)
