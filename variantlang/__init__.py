"""variantlang: mahjong house rules as code.

    import variantlang
    rules = variantlang.load("igishokai-sanma")          # a shipped name or a .variant path
    rules = variantlang.loads(text)                      # or the text of a rule file
    result = variantlang.score(rules, variantlang.WinInput(closed=..., win=...))

`load` raises `DiagnosticError` (every problem, renderable) for a bad file; `score` raises `ScoreError`
for a hand that cannot win. The stages one by one are in `variantlang.api`; the command line is
`variantlang` (see `variantlang --help`).
"""

from variantlang.api import load, loads, score, scorer
from variantlang.diagnostics import Diagnostic, DiagnosticError
from variantlang.model.ruleset import Ruleset
from variantlang.model.win import Score, WinInput
from variantlang.scoring.scorer import ScoreError, Scorer

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
