"""The scorer: what a win is worth under a Ruleset (`Scorer`), and the check that a variant's example
hands score as the file says (`verify`)."""

from variantlang.scoring.scorer import ScoreError, Scorer

__all__ = ["ScoreError", "Scorer"]
