"""Dora han of a win by kind: indicated, ura, marked tiles (red with its conditions, gold, pocchi),
all-star, always-dora tiles and nuki. Tiles set aside (nuki) count for every kind of dora besides their
own +1, unless `nuki_indicated off` keeps them out of the indicated kinds (R-DORA-16)."""

from __future__ import annotations

from collections.abc import Sequence

from variantlang.catalog import DoraSettings
from variantlang.hand.tiles import FLOWER_BASE, FLOWERS, KINDS, Mark, Tile, suit_of
from variantlang.model.ruleset import Ruleset
from variantlang.model.win import WinInput
from variantlang.rules.dora import all_star_counts, red_dora_counts, ura_dora_counts


class DoraCounter:
    """The dora rules of one Ruleset in the form the hot path reads (indicator tables with the flowers,
    which indicate nothing)."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.rules = ruleset.dora
        tables = ruleset.dora_tables
        no_dora: tuple[tuple[int, ...], ...] = ((),) * (FLOWER_BASE + FLOWERS - KINDS)
        self.indicator = tables.indicator + no_dora
        self.ura = tables.ura + no_dora
        self.stack = ruleset.dora.stack
        self.always = tuple(sorted(tables.always))
        self.nuki_kinds = tuple(sorted(tables.nuki)) if ruleset.dora.nuki_kept_dora else ()
        self.nuki_indicated = ruleset.dora.nuki_indicated
        self.marks = tuple((mark, name, value) for mark, name, value in _mark_values(ruleset.dora) if value)

    def count(
        self, hand: WinInput, held: Sequence[int], counts: Sequence[int], marked: Sequence[Tile], closed: bool
    ) -> dict[str, int]:
        """Dora han by kind (kinds worth nothing left out); `held` counts the nuki tiles, `counts` not."""
        rules = self.rules
        out: dict[str, int] = {}
        indicated = held if self.nuki_indicated else counts
        if hand.dora_indicators:
            value = _indicated(hand.dora_indicators, self.indicator, indicated, self.stack)
            if value:
                out["dora"] = value
        riichi = hand.riichi or hand.double_riichi
        if hand.ura_indicators and ura_dora_counts(rules, riichi=riichi):
            value = _indicated(hand.ura_indicators, self.ura, indicated, self.stack)
            if value:
                out["ura"] = value
        if marked:
            reds = [t for t in marked if t.mark is Mark.RED]
            if reds:
                if red_dora_counts(rules, closed=closed, riichi=riichi):
                    out["red"] = len(reds) * rules.red_value
                if all_star_counts(rules, closed=closed) and {suit_of(t.kind) for t in reds} >= {0, 1, 2}:
                    out["all_star"] = rules.all_star
            for mark, name, each in self.marks:
                value = each * sum([t.mark is mark for t in marked])
                if value:
                    out[name] = value
        if self.always:
            value = sum([held[k] for k in self.always])
            if value:
                out["always"] = value
        nuki = sum([counts[k] for k in self.nuki_kinds]) if self.nuki_kinds else 0
        if hand.nuki:
            flowers = sum(1 for t in hand.nuki if t.is_flower)
            nuki += len(hand.nuki) - flowers + (flowers if rules.flowers_as_nuki else 0)
        if nuki:
            out["nuki"] = nuki
        return out


def _mark_values(dora: DoraSettings) -> tuple[tuple[Mark, str, int], ...]:
    """The marks other than red, each with its dora kind and han per copy (R-TILE-5, R-TILE-7)."""
    return (
        (Mark.GOLD, "gold", dora.gold_value),
        (Mark.POCCHI, "pocchi", dora.pocchi_value),
        (Mark.BLUE, "blue", dora.blue_value),
        (Mark.RAINBOW, "rainbow", dora.rainbow_value),
    )


def _indicated(indicators: Sequence[Tile], table: tuple[tuple[int, ...], ...], held: Sequence[int], stack: bool) -> int:
    """Dora han from indicators: the held copies of each kind they indicate (once per indicator when
    indicators stack, else once per kind)."""
    kinds = [d for t in indicators for d in table[t.kind]]
    return sum([held[k] for k in (kinds if stack else set(kinds))])
