"""The expression language of yaku conditions, bonuses and payment formulas, compiled to closures
(never eval)."""
