"""Liability (pao, R-STD-1): the call that made a yakuman certain makes its discarder liable for it. The
engine asks `made_certain` after every call on a discard, the compiler asks `CERTAIN` which yaku `win.pao`
may name (E0116), and the settlement (`settlement.liable_seat`) makes the liable seat pay when the win has
one of the variant's pao yaku.

A yakuman is certain once the seat's sets decide it:
- daisangen, daisuushii, suukantsu: the sets alone hold it (three dragon triplets or kans, four wind ones,
  four kans), the liability (責任払い) common Japanese club practice applies;
- tsuuiisou, chinroutou, ryuuiisou, as the clubs that extend it rule: the fourth set, every set made of
  the yakuman's tiles only, leaves the hand one tile, so the only yakuman it can still win is that one
  (on a pair of its tiles). A win on another pair does not have it and is paid as usual
  (`settlement.liable_seat` asks the Score).
`check` refuses any other yaku (E0116): no called set decides a closed hand's yakuman (kokushi, suuankou,
chuuren) or one that needs the rest of the hand (shousuushii's pair), nor a yaku that is no yakuman.

Only a call on another seat's discard can make someone liable: an added or a closed kan is made with the
seat's own tile, so a set completed that way makes no one liable. The first call that makes one certain
fixes the liable seat for the hand."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from variantlang.catalog.win import PAO_BY_FOURTH_SET
from variantlang.hand.tiles import DRAGONS, TERMINALS, WINDS, parse_kind
from variantlang.model.ruleset import Ruleset

Sets = Sequence[tuple[str, int]]
"""A seat's sets on the table: how each was made (chi, pon, daiminkan, kakan, ankan), and the kind of its
lowest tile."""

_KANS = ("daiminkan", "kakan", "ankan")
_HONOURS = frozenset(WINDS + DRAGONS)
_GREEN = frozenset(parse_kind(t) for t in ("2s", "3s", "4s", "6s", "8s", "6z"))
"""The tiles of all green (緑一色)."""
_GREEN_RUN = parse_kind("2s")
"""234s, the one run of green tiles, by its lowest."""
_FOURTH_SETS: dict[str, tuple[frozenset[int], int | None]] = {
    "tsuuiisou": (_HONOURS, None),
    "chinroutou": (frozenset(TERMINALS), None),
    "ryuuiisou": (_GREEN, _GREEN_RUN),
}
"""The tiles (and the one run) each of `PAO_BY_FOURTH_SET`'s four sets is made of."""


def _triplets_of(kinds: frozenset[int]) -> Callable[[Sets], bool]:
    return lambda sets: kinds <= {kind for how, kind in sets if how != "chi"}


def _four_sets_of(kinds: frozenset[int], run: int | None = None) -> Callable[[Sets], bool]:
    """Four sets, each a triplet or kan of `kinds` or the run starting at `run`."""

    def fits(how: str, kind: int) -> bool:
        return kind == run if how == "chi" else kind in kinds

    return lambda sets: len(sets) == 4 and all(fits(how, kind) for how, kind in sets)


CERTAIN: dict[str, Callable[[Sets], bool]] = {
    "daisangen": _triplets_of(frozenset(DRAGONS)),
    "daisuushii": _triplets_of(frozenset(WINDS)),
    "suukantsu": lambda sets: sum(1 for how, _ in sets if how in _KANS) == 4,
    **{yaku: _four_sets_of(*_FOURTH_SETS[yaku]) for yaku in PAO_BY_FOURTH_SET},
}
"""The yaku liability can follow (what `win.pao` may name), each with whether a seat's sets make it
certain."""


def made_certain(ruleset: Ruleset, before: Sets, after: Sets) -> bool:
    """Whether the call that turned the seat's sets `before` into `after` made one of the variant's pao
    yakuman (`win.pao`) certain, so that the seat it called from is liable."""
    return any(CERTAIN[yaku](after) and not CERTAIN[yaku](before) for yaku in ruleset.win.pao)
