"""Which settings a hand-out states for a variant: a club reads every sentence as a rule of its table, so a
sentence about something the variant does not have (a kan dora flipped where players place indicators, a
double-ron stick rule where there are no sticks) is left out.

The catalog's `applies` answers whether a setting matters for play; these add what matters to a reader.
Each is a candidate for `applies` once the rule-question layer takes it (said in the session report).
"""

from __future__ import annotations

from collections.abc import Callable

from variantlang import catalog
from variantlang.model.ruleset import Ruleset
from variantlang.syntax import ast

_FIRST_TURN = frozenset({"ippatsu", "double_riichi", "tenhou", "chiihou", "renhou"})


def _ids(ruleset: Ruleset) -> set[str]:
    return {r.id for r in ruleset.all_yaku()} | {b.id for b in ruleset.bonuses}


def _no_yakuman(ruleset: Ruleset) -> bool:
    return not any(r.yakuman for r in ruleset.all_yaku())


def _no_sticks(ruleset: Ruleset) -> bool:
    """Nothing on the table to share on a double ron: no riichi stick and no honba points."""
    return not ruleset.riichi.stick and not ruleset.payment.honba_ron and not ruleset.payment.honba_tsumo


def _honba_as_han(ruleset: Ruleset) -> bool:
    """Honba are paid as han by a bonus (囲将会's 本場): its row says what a honba is worth."""
    return any("honba" in ast.names(b.value_expr) for b in ruleset.bonuses)


MOOT: dict[str, Callable[[Ruleset], bool]] = {
    "dora.kan_dora": lambda r: r.dora.chosen_indicators,
    "dora.kan_dora_timing": lambda r: r.dora.chosen_indicators,
    "dora.max_indicators": lambda r: r.dora.chosen_indicators,
    "riichi.furiten_riichi": lambda r: r.riichi.furiten == "tile",
    "dora.nuki_breaks_ippatsu": lambda r: not _ids(r) & _FIRST_TURN and not r.draws.suufon_renda,
    "dora.nuki_at_haitei": lambda r: "haitei" not in _ids(r),
    "payment.double_yakuman": _no_yakuman,
    "payment.max_yakuman": _no_yakuman,
    "win.sticks_to": lambda r: r.win.multiple_ron == "head_bump" or _no_sticks(r),
    "payment.honba_ron": _honba_as_han,
    "payment.honba_tsumo": _honba_as_han,
}
"""Settings a sheet leaves out where they speak of something the variant does not have."""


def on_sheet(setting: catalog.Setting, ruleset: Ruleset) -> bool:
    """Whether the sheet may state `setting` at all for this variant (a row, a glance entry, a difference)."""
    if not setting.applies_under(ruleset):
        return False
    moot = MOOT.get(setting.path)
    return moot is None or not moot(ruleset)


def said(setting: catalog.Setting, ruleset: Ruleset) -> bool:
    """Whether the sheet's sections state it: on the sheet, and a `quiet` setting is on."""
    return on_sheet(setting, ruleset) and setting.said(ruleset)
