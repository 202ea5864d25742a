"""Whether a seat is furiten, and why (R-FURI-1, R-RIICHI-3): the engine's ron offers ask here.

`riichi.furiten` says how far a seat's own discards reach: every wait (`waits`) or only the tile
discarded (`tile`). `riichi.missed_furiten` says whether a win let go by makes furiten: until the seat's next
discard, and for the rest of the hand once it is in riichi (鳴き立直's source bars only the discarded tile).
`riichi.furiten_tsumo` bars a tsumo on a discarded tile too (鳴き立直:
「どちらかに存在する牌では上がることができない」)."""

from __future__ import annotations

import enum
from collections.abc import Sequence

from variantlang.model.ruleset import Ruleset


class Furiten(enum.Enum):
    """Why a seat may not win by ron."""

    OWN_DISCARD = "own_discard"
    """A winning tile is among its own discards (the tile itself only, under `riichi.furiten tile`)."""
    MISSED = "missed"
    """It let a winning tile go by since its own last discard."""
    MISSED_IN_RIICHI = "missed_in_riichi"
    """It let a winning tile go by in riichi: furiten for the rest of the hand."""


def furiten(
    ruleset: Ruleset,
    kind: int,
    waits: Sequence[int],
    river: Sequence[int],
    *,
    missed: bool,
    missed_in_riichi: bool,
    tsumo: bool = False,
) -> Furiten | None:
    """Why the seat may not win on `kind` (None: it may), given its `waits`, the copies of each kind in its
    own `river`, and whether it let a winning tile go by (`missed`) or did so in riichi (`missed_in_riichi`).
    A `tsumo` is barred only by the tile itself, where `riichi.furiten_tsumo` says so."""
    if tsumo:
        return Furiten.OWN_DISCARD if ruleset.riichi.furiten_tsumo and river[kind] else None
    if ruleset.riichi.missed_furiten:
        if missed_in_riichi:
            return Furiten.MISSED_IN_RIICHI
        if missed:
            return Furiten.MISSED
    if ruleset.riichi.furiten == "tile":
        return Furiten.OWN_DISCARD if river[kind] else None
    return Furiten.OWN_DISCARD if any(river[w] for w in waits) else None
