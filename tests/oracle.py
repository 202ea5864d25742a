"""Translation of our hands into the `mahjong` package's inputs, shared by the oracle tests."""

from collections import Counter

from mahjong.meld import Meld as OracleMeld

from variantlang.hand import Meld, MeldType
from variantlang.samples import CompleteHand
from variantlang.tiles import Tile

_MELD_TYPES = {
    MeldType.CHI: OracleMeld.CHI,
    MeldType.PON: OracleMeld.PON,
    MeldType.MINKAN: OracleMeld.KAN,
    MeldType.ANKAN: OracleMeld.KAN,
    MeldType.KAKAN: OracleMeld.SHOUMINKAN,
}


def oracle_melds(melds: tuple[Meld, ...], used: Counter[int] | None = None) -> list[OracleMeld]:
    """Melds in 136-format, each physical copy numbered so that no two tiles share an id."""
    used = Counter() if used is None else used
    return [
        OracleMeld(meld_type=_MELD_TYPES[meld.type], tiles=tiles_136(meld.tiles, used), opened=meld.is_open)
        for meld in melds
    ]


def full_counts(hand: CompleteHand) -> list[int]:
    counts = hand.concealed_counts
    for meld in hand.melds:
        for tile in meld.tiles:
            counts[tile.kind] += 1
    return counts


_RED_FIVES = (4, 13, 22)
_PLAIN_COPIES = (1, 2, 3, 0)
"""Copy 0 of a five is the oracle's red five (AKA_DORAS), so plain fives take copies 1–3 first."""


def tiles_136(tiles: list[Tile] | tuple[Tile, ...], used: Counter[int]) -> list[int]:
    """136-format ids, distinct within one hand (`used` counts the plain copies handed out per kind)."""
    out = []
    for tile in tiles:
        if tile.red and tile.kind in _RED_FIVES:
            out.append(tile.kind * 4)
            continue
        copy = _PLAIN_COPIES[used[tile.kind]] if tile.kind in _RED_FIVES else used[tile.kind]
        used[tile.kind] += 1
        out.append(tile.kind * 4 + copy)
    return out
