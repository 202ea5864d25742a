"""Dora questions: which marked tiles, ura and indicators count on a win (R-DORA), answered once for the
scorer, the engine and the samplers."""

from __future__ import annotations

from variantlang.catalog import DoraSettings


def red_dora_counts(dora: DoraSettings, *, closed: bool, riichi: bool) -> bool:
    """Whether red tiles add han to this win (R-DORA-11, R-DORA-12): `chip_only` reds are paid in chips."""
    condition = dora.red_condition
    if not dora.red_value or condition == "chip_only":
        return False
    return condition == "always" or (condition == "closed" and closed) or (condition == "riichi" and riichi)


def all_star_counts(dora: DoraSettings, *, closed: bool) -> bool:
    """Whether a red five of every suit earns the all-star bonus on this win (R-DORA-13)."""
    return bool(dora.all_star) and (closed or dora.all_star_condition == "always")


def ura_dora_counts(dora: DoraSettings, *, riichi: bool) -> bool:
    """Whether the ura indicators count on this win (R-DORA-7): only after riichi, only where ura exists."""
    return riichi and dora.ura


def most_indicators(dora: DoraSettings) -> tuple[int, int]:
    """The most dora and ura indicators a win can show (R-DORA-5, R-DORA-8, R-DORA-9): the starting ones
    (two on a dice pair), one more per kan (at most four kans) where kan dora exist, never more than
    `max_indicators`; ura lie under the starting indicators, and under the kan ones only with kan ura
    (none without ura dora)."""
    start = 2 if dora.double_on_dice_pair else dora.start_indicators
    shown = min(dora.max_indicators, start + 4 if dora.kan_dora else start)
    return shown, 0 if not dora.ura else shown if dora.kan_ura else min(shown, start)
