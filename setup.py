"""Build hook for the compiled scorer; all metadata lives in pyproject.toml.

A normal install (`pip install .`, a wheel) compiles the scorer's hot modules with mypyc, which makes
scoring about 1.6× faster; the code stays plain, type-checked Python and runs the same either way.
Editable installs (`pip install -e .`) stay pure Python, so edits take effect without a rebuild.
`VARIANTLANG_PURE=1` forces a pure build. If compiling fails (no C compiler), the install carries on
pure, with a warning.
"""

from __future__ import annotations

import os
import sys
import warnings
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

COMPILED = [
    "hand/tiles",
    "hand/decomposition",
    "hand/shanten",
    "hand/fu",
    "hand/points",
    "model/facts",
    "model/win",
    "scoring/facts",
    "scoring/plans",
    "scoring/dora",
    "scoring/payment",
    "scoring/scorer",
    "engine/events",
    "engine/state",
    "engine/legal",
    "engine/table",
    "bots/shape",
    "bots/routes",
    "bots/efficiency",
    "bots/defensive",
    "bots/balanced",
]
"""The modules on the scoring path, the engine's hot loop and the bots' decisions. `lang.expr` stays
interpreted: mypyc cannot compile its closures."""


NOT_BUILDING = {"editable_wheel", "egg_info", "dist_info", "sdist"}
"""setuptools commands that build nothing compiled. pip runs setup.py once per build step (the build's
requirements, the metadata, the wheel): mypyc's type check and code generation run only in the last."""


def _extensions() -> list[Any]:
    if os.environ.get("VARIANTLANG_PURE") or NOT_BUILDING.intersection(sys.argv[1:]):
        return []
    try:
        from mypyc.build import mypycify  # noqa: PLC0415 - only a build with mypy present compiles

        return mypycify(
            [f"variantlang/{name}.py" for name in COMPILED],
            opt_level="3",
            group_name="variantlang",
            multi_file=True,  # a C file per module, compiled side by side (ParallelBuildExt)
        )
    except (Exception, SystemExit) as error:  # mypyc missing or refusing: install pure
        warnings.warn(f"variantlang: not compiling the scorer ({error}); installing pure Python", stacklevel=1)
        return []


class OptionalBuildExt(build_ext):
    """Compile if possible, one C file per core at a time; on failure remove what was built, so the
    package is wholly pure."""

    def build_extension(self, ext: Any) -> None:
        compile_all = self.compiler.compile

        def compile_side_by_side(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
            with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
                parts = pool.map(lambda source: compile_all([source], *args, **kwargs), sources)
                return [obj for part in parts for obj in part]

        self.compiler.compile = compile_side_by_side
        try:
            super().build_extension(ext)
        finally:
            del self.compiler.compile

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:
            warnings.warn(f"variantlang: compiling failed ({error}); installing pure Python", stacklevel=1)
            for extension in self.extensions:
                Path(self.get_ext_fullpath(extension.name)).unlink(missing_ok=True)


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
