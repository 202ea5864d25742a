"""Whether a seat may declare riichi now (R-RIICHI-1, R-RIICHI-2, R-RIICHI-9): the engine's offers ask
here, and the sheet states what this answers."""

from __future__ import annotations

from variantlang.model.ruleset import Ruleset


def least_wall(ruleset: Ruleset) -> int:
    """The fewest live-wall tiles riichi may be declared with: `riichi.min_wall`, or none at all under
    `riichi.no_draw_riichi` (riichi with no draw of one's own left, winning by ron only)."""
    return 0 if ruleset.riichi.no_draw_riichi else ruleset.riichi.min_wall


def may_declare(ruleset: Ruleset, *, live_left: int, score: int, closed: bool) -> bool:
    """Whether the rules let a seat with `score` points and a `closed` hand (or not) declare riichi while
    `live_left` tiles remain in the live wall; whether its hand is tenpai is the shapes' question."""
    riichi = ruleset.riichi
    if not riichi.enabled or (not closed and not riichi.with_calls) or live_left < least_wall(ruleset):
        return False
    stick = riichi.stick
    return riichi.below_zero or score > stick or (score == stick and riichi.at_1000)
