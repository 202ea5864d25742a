"""Tile sets of the shipped variants, by variant name.

The variant language (issue 3) will compile a tile set from each file in `variants/`; until it does,
this table is what `--variant` resolves to. Each entry cites its rule ids.
"""

from __future__ import annotations

from .diagnostics import unknown_name
from .tiles import MANZU_MIDDLE, SANMA_TILES, STANDARD_TILES, Mark, Tile, TileSet

IGISHOKAI_TILES = TileSet.build(
    remove=(1, 2, 3, 5, 6, 7), marked=[Tile(4, Mark.RED), Tile(13, Mark.RED), Tile(22, Mark.RED)]
)
"""112 tiles: 2–4m and 6–8m removed, 5m kept; red 5m 5p 5s (R-TILE-3, seed 002 §2.4)."""

TILE_SETS: dict[str, TileSet] = {
    "standard": STANDARD_TILES,  # R-TILE-1, R-TILE-4
    "standard-sanma": SANMA_TILES,  # R-TILE-2, R-STD-6
    "igishokai-sanma": IGISHOKAI_TILES,  # R-TILE-3
}


def tile_set(name: str) -> TileSet:
    try:
        return TILE_SETS[name]
    except KeyError:
        raise LookupError(unknown_name("variant", name, TILE_SETS)) from None


__all__ = ["IGISHOKAI_TILES", "MANZU_MIDDLE", "TILE_SETS", "tile_set"]
