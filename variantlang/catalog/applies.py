"""What the `applies` of settings in several sections ask of a variant's rules beyond the settings
themselves: which yaku and bonuses it has. `applies` receives the compiled Ruleset (anything with the
section records, `all_yaku()`, `bonuses`, `honba_as_han()` and `honba_counts()`), so this layer reads it by
duck typing."""

from __future__ import annotations

from typing import Any

FIRST_TURN = frozenset({"ippatsu", "double_riichi", "tenhou", "chiihou", "renhou"})
"""Yaku and bonuses that need an uninterrupted first go-around or turn."""


def yaku_ids(rules: Any) -> set[str]:
    """The ids of the variant's yaku and bonuses."""
    return {r.id for r in rules.all_yaku()} | {b.id for b in rules.bonuses}


def has_yakuman(rules: Any) -> bool:
    """The variant has a yakuman hand (a setting about combining yakuman speaks of something it has)."""
    return any(r.yakuman for r in rules.all_yaku())


def has_sticks(rules: Any) -> bool:
    """Something on the table to share on a double ron: a riichi stick or honba points."""
    return bool(rules.riichi.stick or rules.payment.honba_ron or rules.payment.honba_tsumo)


def honba_as_points(rules: Any) -> bool:
    """Honba are paid as points, not as han by a bonus (囲将会's 本場, whose row says what a honba is worth), in
    a variant where honba count for something (`honba_counts()`: 鳴き立直 has none to pay for)."""
    return bool(rules.honba_counts()) and not rules.honba_as_han()
