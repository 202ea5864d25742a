"""The package's shape is part of its design: subpackages are layers with one direction of data flow
(text → syntax tree → checked → Ruleset → scorer / sheets / command line), checked by import-linter's
contracts in pyproject.toml. A back-edge fails here, in every build CI runs."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import grimp
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


def test_hand_analysis_loads_alone() -> None:
    """A bot or a shanten benchmark imports the hand analysis without Lark or the compiler: the package's
    public names are imported on first use."""
    code = (
        "import sys, variantlang.hand.shanten, variantlang.hand.decomposition, variantlang.hand.points\n"
        "loaded = sorted(m for m in sys.modules if m.startswith(('lark', 'variantlang.lang', 'variantlang.syntax',"
        " 'variantlang.scoring', 'variantlang.engine')))\n"
        "print(loaded)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT.parent)
    assert out.stdout.strip() == "[]"
    assert variantlang.Scorer.__name__ == "Scorer"  # the public names still resolve


def test_no_module_imports_back_into_what_imports_it() -> None:
    """No import cycle between modules, type-checking imports included: a cycle hides which of two modules
    owns an answer (the engine's deals, rules and state once needed each other; the compiler and the
    condition split did too)."""
    graph = grimp.build_graph("variantlang", exclude_type_checking_imports=False)
    cycles = {
        tuple(sorted((module, imported)))
        for module in graph.modules
        for imported in graph.find_modules_directly_imported_by(module)
        if imported.startswith("variantlang") and graph.find_shortest_chain(importer=imported, imported=module)
    }
    assert cycles == set()
