"""variantlang: mahjong house rules as code.

    import variantlang
    rules = variantlang.load("igishokai-sanma")          # a shipped name or a .variant path
    result = variantlang.score(rules, variantlang.WinInput(closed=..., win=...))

`load` raises `DiagnosticError` (every problem, renderable) for a bad file; `score` raises `ScoreError`
for a hand that cannot win. The command line is `variantlang` (see `variantlang --help`).
"""

from .compile import load
from .diagnostics import Diagnostic, DiagnosticError
from .ruleset import Ruleset
from .scoring import Score, ScoreError, WinInput, score

__all__ = ["Diagnostic", "DiagnosticError", "Ruleset", "Score", "ScoreError", "WinInput", "load", "score"]
