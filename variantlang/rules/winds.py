"""Which round wind applies (`game.round_wind`, R-GAME-6): with it off no tile is the round wind, so no
round-wind yakuhai and no fu for its pair, whatever round the table is in."""

from __future__ import annotations

from variantlang.model.ruleset import Ruleset

NO_ROUND_WIND = -1
"""The round wind under `game.round_wind off`: no tile is it."""


def round_wind(ruleset: Ruleset, wind: int) -> int:
    """The round wind a win is scored with when the table is in the round of `wind` (a tile kind, 27 = East)."""
    return wind if ruleset.game.round_wind else NO_ROUND_WIND
