"""Whether a seat may declare riichi now (R-RIICHI-1, R-RIICHI-2, R-RIICHI-9), and which closed kan a seat
in riichi may make (R-RIICHI-4): the engine's offers ask here, and the sheet states what this answers."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from variantlang.hand.decomposition import Form, Group, GroupKind, decompositions
from variantlang.hand.tiles import KINDS
from variantlang.model.ruleset import Ruleset
from variantlang.rules.shapes import Shapes

YakuOf = Callable[[int, bool], frozenset[str] | None]
"""The yaku of the riichi hand won on a kind, as it stands (False) or with the kan made (True); None where
it scores no win. The engine asks its scorer (`engine.legal`); the rules layer sits below the scorer."""


def least_wall(ruleset: Ruleset) -> int:
    """The fewest live-wall tiles riichi may be declared with: `riichi.min_wall`, or none at all under
    `riichi.no_draw_riichi` (riichi with no draw of one's own left, winning by ron only)."""
    return 0 if ruleset.riichi.no_draw_riichi else ruleset.riichi.min_wall


def may_declare(ruleset: Ruleset, *, live_left: int, score: int, closed: bool) -> bool:
    """Whether the rules let a seat with `score` points and a `closed` hand (or not) declare riichi while
    `live_left` tiles remain in the live wall; whether its hand is tenpai is the shapes' question."""
    riichi = ruleset.riichi
    if not riichi.enabled or (not closed and not riichi.with_calls) or live_left < least_wall(ruleset):
        return False
    stick = riichi.stick
    if not stick:  # nothing to put up: points never bar a declaration
        return True
    return riichi.below_zero or score > stick or (score == stick and riichi.at_1000)


def may_kan(
    ruleset: Ruleset, shapes: Shapes, counts: list[int], melded: list[int], kind: int, drawn: int, yaku_of: YakuOf
) -> bool:
    """Whether a seat in riichi holding `counts` (its closed tiles, the tile just drawn of kind `drawn`
    among them) and `melded` may make a closed kan of `kind` (`riichi.ankan`): never under `forbid`; else
    only with the tile just drawn (no okuri-kan) and keeping the waits; under `strict` also keeping how
    every winning hand divides into sets (`kind` a triplet in each) and its yaku on every wait."""
    mode = ruleset.riichi.ankan
    if mode == "forbid" or drawn != kind or counts[kind] != 4:
        return False
    counts[kind] -= 1
    before = shapes.waits(counts, melded)
    counts[kind] -= 3
    melded[kind] += 4
    after = shapes.waits(counts, melded)
    melded[kind] -= 4
    counts[kind] += 3
    try:
        if after != before or mode == "same_waits":
            return after == before
        return all(_kept_triplet(counts, kind, w) and yaku_of(w, False) == yaku_of(w, True) for w in before)
    finally:
        counts[kind] += 1


def _kept_triplet(counts: list[int], kind: int, win: int) -> bool:
    """Whether every way the riichi hand (`counts`, 13 tiles less its sets) won on `win` divides into sets
    holds `kind` as a closed triplet (the kan then changes no set). Its earlier sets stand as they are."""
    concealed = list(counts[:KINDS])
    concealed[win] += 1
    sets: Sequence[Group] = (Group(GroupKind.KOUTSU, 0, True),) * ((14 - sum(concealed)) // 3)
    readings = decompositions(concealed, sets)
    triplet = Group(GroupKind.KOUTSU, kind)
    return bool(readings) and all(d.form is Form.STANDARD and triplet in d.groups for d in readings)
