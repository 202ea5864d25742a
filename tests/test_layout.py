"""The package's shape is part of its design: subpackages are layers with one direction of data flow
(text → syntax tree → checked → Ruleset → scorer / sheets / command line), checked by import-linter's
contracts in pyproject.toml. A back-edge fails here, in every build CI runs."""

from __future__ import annotations

import tomllib
from pathlib import Path

from importlinter.cli import lint_imports

import variantlang

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = Path(variantlang.__file__).resolve().parent


def test_import_contracts_are_kept() -> None:
    assert lint_imports(config_filename=str(ROOT / "pyproject.toml")) == 0


def test_every_subpackage_is_in_a_layer() -> None:
    """A new subpackage must be given its place in the layers, or nothing checks what it imports."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    layers = next(c for c in config["tool"]["importlinter"]["contracts"] if c["type"] == "layers")["layers"]
    placed = {name.strip() for layer in layers for name in layer.split("|")}
    found = {p.parent.name for p in PACKAGE.glob("*/__init__.py")} | {
        p.stem for p in PACKAGE.glob("*.py") if p.stem not in ("__init__", "__main__")
    }
    assert found - {"variants"} == placed
