"""Liability (pao, R-STD-1): the call that made a yakuman certain makes its discarder liable for it. The
engine asks `made_certain` after every call on a discard, and the settlement (`settlement.liable_seat`) makes
the liable seat pay when the win has one of the variant's pao yaku.

A yakuman is certain once the seat's sets alone hold it, whatever the rest of the hand becomes: the three
dragons as triplets or kans (daisangen), the four winds (daisuushii), four kans (suukantsu). Only a call on
another seat's discard can make someone liable: an added or a closed kan is made with the seat's own tile,
so a fourth kan made that way makes no one liable. The first call that makes one certain fixes the liable
seat for the hand."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from variantlang.catalog.feeds import PAO_PLAYED
from variantlang.hand.tiles import DRAGONS, WINDS
from variantlang.model.ruleset import Ruleset

Sets = Sequence[tuple[str, int]]
"""A seat's sets on the table: how each was made (chi, pon, daiminkan, kakan, ankan), and the kind of its
lowest tile."""

_KANS = ("daiminkan", "kakan", "ankan")


def _triplets_of(kinds: frozenset[int]) -> Callable[[Sets], bool]:
    return lambda sets: kinds <= {kind for how, kind in sets if how != "chi"}


CERTAIN: dict[str, Callable[[Sets], bool]] = {
    "daisangen": _triplets_of(frozenset(DRAGONS)),
    "daisuushii": _triplets_of(frozenset(WINDS)),
    "suukantsu": lambda sets: sum(1 for how, _ in sets if how in _KANS) == 4,
}
"""For each yaku liability can follow (`catalog.feeds.PAO_PLAYED`), whether a seat's sets make it certain."""
assert set(CERTAIN) == set(PAO_PLAYED)


def made_certain(ruleset: Ruleset, before: Sets, after: Sets) -> bool:
    """Whether the call that turned the seat's sets `before` into `after` made one of the variant's pao
    yakuman (`win.pao`) certain, so that the seat it called from is liable."""
    return any(CERTAIN[yaku](after) and not CERTAIN[yaku](before) for yaku in ruleset.win.pao)
