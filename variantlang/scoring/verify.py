"""The stage after compiling: every example hand in the variant's files is scored under the variant.

An example written in the variant's own file must win with its yaku (E0208); an inherited one that no
longer does (a tile the set removed, a changed yaku) is left off, so the variant must give its own.
"""

from __future__ import annotations

from dataclasses import replace

from variantlang.diagnostics import Diagnostic
from variantlang.model.ruleset import Example, Ruleset
from variantlang.scoring.scorer import ScoreError, Scorer


def verify(ruleset: Ruleset, scorer: Scorer) -> tuple[Ruleset, list[Diagnostic]]:
    """The ruleset with the examples that score as they claim, and a diagnostic for each of its own that
    does not."""
    own = next(iter(ruleset.sources), None)  # the variant's own file is read first
    kept = {}
    problems = []
    for example in ruleset.examples.values():
        problem = _problem(scorer, example)
        if problem is None:
            kept[example.id] = example
        elif example.span.file == own:
            problems.append(Diagnostic("E0208", problem, example.span, help="fix the hand or the yaku's condition"))
    return replace(ruleset, examples=kept), problems


def _problem(scorer: Scorer, example: Example) -> str | None:
    problem = scorer.ruleset.tile_set.check_drawn(example.win.tiles)
    if problem:  # a sheet draws an example tile by tile: it must be a hand a player could hold
        return f"example `{example.id}` cannot be held in this tile set: {problem}"
    try:
        result = scorer.score(example.win)
    except ScoreError as error:
        return f"example `{example.id}` does not win: {error}"
    found = {y.id for y in result.yaku} | {b.id for b in result.bonuses}
    if example.id not in found:
        return f"example `{example.id}` scores {', '.join(sorted(found)) or 'no yaku'}, not `{example.id}`"
    return None
