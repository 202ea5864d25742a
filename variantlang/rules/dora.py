"""Dora questions: which marked tiles, ura and indicators count on a win (R-DORA), answered once for the
scorer, the engine and the samplers."""

from __future__ import annotations

from typing import NamedTuple

from variantlang.catalog import DoraSettings
from variantlang.model.ruleset import Ruleset


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


class Dice(NamedTuple):
    """The two dice thrown at the start of a hand: their total breaks the wall (`rules.settlement.wareme_seat`),
    a pair may double the dora (`start_indicators`). One throw answers both."""

    first: int
    second: int

    @property
    def total(self) -> int:
        return self.first + self.second


def start_indicators(dora: DoraSettings, dice: Dice) -> int:
    """The dora indicators turned at the start of a hand (R-DORA-9): `start_indicators`, or a second one when
    the opening dice are a pair under `double_on_dice_pair` (ゾロ目でダブルドラ), never past `max_indicators`."""
    doubled = dora.double_on_dice_pair and dice.first == dice.second
    return min(dora.max_indicators, max(dora.start_indicators, 2) if doubled else dora.start_indicators)


def most_indicators(dora: DoraSettings) -> tuple[int, int]:
    """The most dora and ura indicators a win can show (R-DORA-5, R-DORA-8, R-DORA-9): the starting ones
    (two on a dice pair), one more per kan (at most four kans) where kan dora exist, never more than
    `max_indicators`; ura lie under the starting indicators, and under the kan ones only with kan ura
    (none without ura dora)."""
    start = 2 if dora.double_on_dice_pair else dora.start_indicators
    shown = min(dora.max_indicators, start + MOST_KANS if dora.kan_dora else start)
    return shown, 0 if not dora.ura else shown if dora.kan_ura else min(shown, start)


def past_dead_wall(ruleset: Ruleset, index: int) -> bool:
    """Whether the `index`-th dora indicator (0: the one shown at the start) lies past the end of a fixed
    dead wall (`tiles.dead_wall_fixed`, 囲将会 §1.1: カンドラ表示牌が14枚目を超えている場合は、カンドラ表示牌の
    手前を海底とする). Counted from the break it is on stack `game.indicator_stack + index`; past the dead
    wall's stacks it is turned from the end of the live wall, which loses that stack, so the tile just
    before it becomes the last draw (haitei). A dead wall kept at its size never has one."""
    if not ruleset.tiles.dead_wall_fixed:
        return False
    return 2 * (ruleset.game.indicator_stack + index) > ruleset.tiles.dead_wall


MOST_KANS = 4
"""Kans a hand can hold at most (there are four of each tile)."""

STACK = 2
"""Tiles in a stack of the wall: what an indicator turned past a fixed dead wall takes from the live wall."""


def may_turn(ruleset: Ruleset, index: int, live_left: int) -> bool:
    """Whether the `index`-th indicator can be turned now, with `live_left` tiles in the live wall: always
    within the dead wall; past it, only while a live tile stays before its stack (the new haitei). Where
    it cannot, a kan is still made, without a kan dora (囲将会 §1.1: 海底以外では、カンドラをめくれない場合
    でも、カンできる)."""
    return not past_dead_wall(ruleset, index) or live_left > STACK


def replacement_shortens_live(ruleset: Ruleset) -> bool:
    """Whether a replacement tile (after a kan or a nuki) shortens the live wall by one, as a dead wall kept
    at its size does; from a fixed dead wall (`tiles.dead_wall_fixed`) it does not."""
    return not ruleset.tiles.dead_wall_fixed


def rinshan_tiles(ruleset: Ruleset) -> int:
    """The replacement tiles of a fixed dead wall: the stacks before the dora indicator."""
    return STACK * (ruleset.game.indicator_stack - 1)
