"""Tile efficiency (牌理): shanten and ukeire of a hand, and for a hand with a tile to discard, every
discard ranked by what it leaves. What `variantlang analyze` prints, as data."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from variantlang.hand.shanten import ShantenReport, tables_for
from variantlang.hand.tiles import KINDS, Tile, TileSet, format_tiles, kind_name, to_counts


@dataclass(frozen=True, slots=True)
class Ukeire:
    """Improving kinds with the copies of each not in the hand."""

    tiles: dict[int, int]

    @property
    def count(self) -> int:
        return sum(self.tiles.values())

    def to_json(self) -> dict[str, Any]:
        return {
            "tiles": format_tiles(Tile(k) for k in self.tiles),
            "count": self.count,
            "by_tile": {kind_name(k): n for k, n in self.tiles.items()},
        }


@dataclass(frozen=True, slots=True)
class Discard:
    tile: int
    shanten: int
    ukeire: Ukeire


@dataclass(frozen=True, slots=True)
class Analysis:
    hand: tuple[Tile, ...]
    shanten: ShantenReport
    ukeire: Ukeire | None
    """For a hand waiting to draw (3n+1 tiles)."""
    discards: tuple[Discard, ...]
    """For a hand that must discard (3n+2 tiles): each distinct discard, best first."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "ok": True,
            "hand": format_tiles(self.hand),
            "tiles": len(self.hand),
            "shanten": self.shanten.minimum,
            "shanten_normal": self.shanten.normal,
            "shanten_chiitoi": self.shanten.chiitoi,
            "shanten_kokushi": self.shanten.kokushi,
        }
        if self.ukeire is not None:
            out["ukeire"] = self.ukeire.to_json()
        else:
            out["discards"] = [
                {"discard": kind_name(d.tile), "shanten": d.shanten, "ukeire": d.ukeire.to_json()}
                for d in self.discards
            ]
        return out


class HandSizeError(ValueError):
    pass


def analyze(hand: Sequence[Tile], tiles: TileSet | None = None) -> Analysis:
    """Shanten and ukeire of a 3n+1 hand, or the ranked discards of a 3n+2 hand (n ≤ 4)."""
    size = len(hand)
    if size > 14 or size % 3 == 0:
        raise HandSizeError(f"a hand has 1, 2, 4, 5, 7, 8, 10, 11, 13 or 14 tiles, not {size}")
    if any(t.is_flower for t in hand):
        raise HandSizeError("flowers are set aside, not part of a hand")
    if tiles is not None and (problem := tiles.check_hand(hand)):
        raise HandSizeError(problem)
    table = tables_for(tiles)
    counts = to_counts(hand)
    report = table.report(counts)
    if size % 3 == 1:
        return Analysis(tuple(hand), report, Ukeire(table.ukeire(counts)), ())
    discards = []
    for kind in range(KINDS):
        if not counts[kind]:
            continue
        counts[kind] -= 1
        discards.append(Discard(kind, table.shanten(counts), Ukeire(table.ukeire(counts))))
        counts[kind] += 1
    discards.sort(key=lambda d: (d.shanten, -d.ukeire.count, d.tile))
    return Analysis(tuple(hand), report, None, tuple(discards))
