"""Who is tenpai when the wall runs out (R-DRAW-3, `draws.formal_tenpai`): what noten payments, tenpai
renchan and a false riichi declaration are judged on.

With formal tenpai a tenpai shape counts (its waits leave out a kind whose every copy the seat holds).
Without it the hand must be able to really win: some wait has a copy the seat cannot see, and the hand
completed by it would score, by tsumo or by ron, away from the last tile (a yaku the hand has, not
haitei's or houtei's). Which copies a seat can see is its own hand, every river, the called sets and
the indicators.
"""

from __future__ import annotations

from dataclasses import replace

from variantlang.engine.legal import score_win, win_input
from variantlang.engine.rules import EngineRules
from variantlang.engine.state import View
from variantlang.hand.tiles import KINDS


def draw_tenpai(rules: EngineRules, view: View) -> bool:
    """Whether the seat of `view` is tenpai at an exhaustive draw."""
    me = view.me
    if not me.waits:
        return False
    if rules.formal_tenpai:
        return True
    if rules.declaration_required and not me.riichi:
        return False  # 鳴き立直: no win without the declaration
    seen = _seen(view)
    for kind in me.waits:
        if seen[kind] >= rules.copies[kind]:
            continue
        tile = next(t for t in rules.tiles.ids if t >> 2 == kind)
        ron = win_input(rules, view, tile, tsumo=False, discarder=(view.seat + 1) % view.players)
        tsumo = replace(ron, tsumo=True, discarder=None, discarder_riichi=False, renhou=False)
        if score_win(rules, ron) is not None or score_win(rules, tsumo) is not None:
            return True
    return False


def _seen(view: View) -> list[int]:
    """Copies of each kind the seat can see: its hand, the rivers, the called sets, the indicators."""
    seen = list(view.me.counts)
    for i in range(view.players):
        for k, n in enumerate(view.river_kinds(i)):
            seen[k] += n
        for m in view.melds(i):
            for t in m.tiles:
                if t != m.called:
                    seen[t >> 2] += 1
    for marker in view.dora_markers:
        if marker >> 2 < KINDS:
            seen[marker >> 2] += 1
    return seen
