"""Translation of our hands into the `mahjong` package's inputs, shared by the oracle tests."""

from collections import Counter

from mahjong.meld import Meld as OracleMeld

from variantlang.hand import Meld, MeldType
from variantlang.samples import CompleteHand

_MELD_TYPES = {
    MeldType.CHI: OracleMeld.CHI,
    MeldType.PON: OracleMeld.PON,
    MeldType.MINKAN: OracleMeld.KAN,
    MeldType.ANKAN: OracleMeld.KAN,
    MeldType.KAKAN: OracleMeld.SHOUMINKAN,
}


def oracle_melds(melds: tuple[Meld, ...]) -> list[OracleMeld]:
    """Melds in 136-format, each physical copy numbered so that no two tiles share an id."""
    used: Counter[int] = Counter()
    out = []
    for meld in melds:
        ids = []
        for tile in meld.tiles:
            ids.append(tile.kind * 4 + used[tile.kind])
            used[tile.kind] += 1
        out.append(OracleMeld(meld_type=_MELD_TYPES[meld.type], tiles=ids, opened=meld.is_open))
    return out


def full_counts(hand: CompleteHand) -> list[int]:
    counts = hand.concealed_counts
    for meld in hand.melds:
        for tile in meld.tiles:
            counts[tile.kind] += 1
    return counts
