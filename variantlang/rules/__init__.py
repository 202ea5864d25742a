"""Rule questions: each question that combines settings is answered here, once, as a pure function of
(Ruleset, situation), and every consumer asks it: the scorer, the engine's offers and settlement, the
sheets, `diff`, `stats` and the report, `replay --rescore` and the log readers and writers.

A fix for a wrong answer goes here, never into the consumer that showed it.
"""
