"""Fu (符) of one reading of a winning hand, with the options house rules vary.

Fu depend on yaku in exactly one place, pinfu (a pinfu tsumo earns no tsumo fu), so the caller says
whether pinfu was awarded; everything else follows from the reading and the win context.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import NamedTuple

from variantlang.hand.decomposition import Form, GroupKind, Reading, Wait
from variantlang.hand.tiles import DRAGONS, KINDS, is_yaochuu


@dataclass(frozen=True, slots=True)
class FuRules:
    """The fu options that differ between rule sets (R-STD-3 gives Tenhou's choices, the defaults)."""

    double_wind_pair: int = 4
    """A pair of the seat wind that is also the round wind: 4 fu (Tenhou) or 2."""
    open_pinfu: bool = True
    """An open hand with no fu at all is raised to 30 (喰い平和 is 30 fu): +2 'open pinfu' fu."""
    pinfu_tsumo: bool = False
    """Whether a pinfu tsumo still earns the 2 tsumo fu (most rules: no, so it is 20 fu)."""
    chiitoitsu: int = 25
    """Fixed fu of seven pairs."""
    rinshan_tsumo: bool = True
    """Whether a win on the replacement tile after a kan earns tsumo fu (Tenhou: yes)."""


class Fu(NamedTuple):
    """Total fu (rounded up to 10, except the fixed seven-pairs value) and the parts that made it."""

    total: int
    parts: tuple[tuple[str, int], ...]


def fu(
    reading: Reading,
    *,
    tsumo: bool,
    pinfu: bool,
    seat_wind: int,
    round_wind: int,
    rinshan: bool = False,
    rules: FuRules = FuRules(),
) -> Fu:
    """Fu of `reading` won by tsumo or ron.

    Winds are tile kinds (27 東 … 30 北). A triplet completed by ron counts as open for fu (明刻).
    """
    decomposition = reading.decomposition
    if decomposition.form is Form.CHIITOITSU:
        return Fu(rules.chiitoitsu, (("chiitoitsu", rules.chiitoitsu),))
    if decomposition.form is Form.KOKUSHI:
        # No sets and no four-sets-and-a-pair shape: like seven pairs it takes no set, pair or wait fu,
        # only the base of a closed hand (20, and 10 for a ron or 2 for a tsumo), so 30 either way.
        return Fu(30, (_FUTEI, _TSUMO if tsumo else _MENZEN_RON))
    closed = decomposition.is_closed
    parts: list[tuple[str, int]] = [_FUTEI, _MENZEN_RON] if closed and not tsumo else [_FUTEI]
    completed = reading.completed
    for index, (kind, tile, is_open) in enumerate(decomposition.groups):
        if kind is GroupKind.SHUNTSU:
            continue
        if kind is GroupKind.TOITSU:
            if tile in DRAGONS or tile in (seat_wind, round_wind):
                parts.append(_pair_fu(tile, seat_wind, round_wind, rules))
            continue
        concealed = not is_open and (tsumo or index != completed)
        parts.append(_SET_FU[kind is GroupKind.KANTSU][concealed][_YAOCHUU[tile]])
    wait = _WAIT_FU.get(reading.wait)
    if wait is not None:
        parts.append(wait)
    if tsumo and (not pinfu or rules.pinfu_tsumo) and (not rinshan or rules.rinshan_tsumo):
        parts.append(_TSUMO)
    raw = sum(map(_FU_OF, parts))
    if not closed and raw == 20 and rules.open_pinfu:
        parts.append(_OPEN_PINFU)
        raw += 2
    return Fu((raw + 9) // 10 * 10, tuple(parts))


_FU_OF = operator.itemgetter(1)
_FUTEI = ("futei", 20)
_MENZEN_RON = ("menzen_ron", 10)
_TSUMO = ("tsumo", 2)
_OPEN_PINFU = ("open_pinfu", 2)
_VALUE_PAIR = ("pair", 2)
_WAIT_FU = {w: (w.value, 2) for w in (Wait.KANCHAN, Wait.PENCHAN, Wait.TANKI)}
_YAOCHUU = tuple(is_yaochuu(k) for k in range(KINDS))
_SET_FU = tuple(
    tuple(
        tuple(
            (
                ("an" if concealed else "min") + ("kan" if kan else "kou"),
                (8 if kan else 2) * (2 if concealed else 1) * (2 if yaochuu else 1),
            )
            for yaochuu in (False, True)
        )
        for concealed in (False, True)
    )
    for kan in (False, True)
)
"""(name, fu) of a triplet or kan, indexed [is kan][concealed][terminal or honour]."""


def _pair_fu(kind: int, seat_wind: int, round_wind: int, rules: FuRules) -> tuple[str, int]:
    """The fu part of a pair of dragons, the seat wind or the round wind (both: `double_wind_pair`)."""
    if kind == seat_wind and kind == round_wind:
        return ("pair", rules.double_wind_pair)
    return _VALUE_PAIR
