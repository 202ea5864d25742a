"""variantlang: mahjong house rules as code.

    import variantlang
    rules = variantlang.load("igishokai-sanma")          # a shipped name or a .variant path
    rules = variantlang.loads(text)                      # or the text of a rule file
    result = variantlang.score(rules, variantlang.WinInput(closed=..., win=...))

`load` raises `DiagnosticError` (every problem, renderable) for a bad file; `score` raises `ScoreError`
for a hand that cannot win. The stages one by one are in `variantlang.api`; the command line is
`variantlang` (see `variantlang --help`).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from variantlang.api import load, loads, score, scorer
    from variantlang.diagnostics import Diagnostic, DiagnosticError
    from variantlang.model.ruleset import Ruleset
    from variantlang.model.win import Score, WinInput
    from variantlang.scoring.scorer import ScoreError, Scorer

_EXPORTS = {
    "load": "variantlang.api",
    "loads": "variantlang.api",
    "score": "variantlang.api",
    "scorer": "variantlang.api",
    "Diagnostic": "variantlang.diagnostics",
    "DiagnosticError": "variantlang.diagnostics",
    "Ruleset": "variantlang.model.ruleset",
    "Score": "variantlang.model.win",
    "WinInput": "variantlang.model.win",
    "ScoreError": "variantlang.scoring.scorer",
    "Scorer": "variantlang.scoring.scorer",
}
"""The public names, each imported from its module on first use (PEP 562), so `import variantlang.hand`
(a bot, a benchmark of shanten) loads the hand analysis alone, not Lark and the compiler."""


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'variantlang' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


__all__ = [
    "Diagnostic",
    "DiagnosticError",
    "Ruleset",
    "Score",
    "ScoreError",
    "Scorer",
    "WinInput",
    "load",
    "loads",
    "score",
    "scorer",
]
