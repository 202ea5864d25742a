"""The facts of a win as compiled conditions read them (`model.facts` is the contract): the circumstances
and tiles shared by every reading (`hand_facts`), then per reading its groups, pair, wait and form
(`reading_facts`). Group elements are built once per group and pair of winds, and kept."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from variantlang.hand.decomposition import Form, Group, GroupKind, MeldType, Reading, Wait
from variantlang.hand.tiles import FLOWER_BASE, KINDS, TON, Mark, Tile
from variantlang.model.facts import (
    BUILD,
    FORM_NAMES,
    KINDS_HELD,
    TILE_ATTRIBUTES,
    WAIT_NAMES,
    group_element,
    tile_element,
)
from variantlang.model.win import WinInput

TILE_ELEMENTS = tuple(tile_element(k) for k in range(KINDS))
_RED_TILES = tuple(tile_element(k, red=True) for k in range(KINDS))
_FLOWER = tile_element(FLOWER_BASE)
assert len(TILE_ELEMENTS[0]) == len(TILE_ATTRIBUTES)


class Elements(dict[Group, tuple[Any, ...]]):
    """Group elements under one seat and round wind, built once each: concealed unless called."""

    def __init__(self, seat: int, round_wind: int) -> None:
        super().__init__()
        self.winds = (seat, round_wind)
        self.ron_completed: dict[Group, tuple[Any, ...]] = {}
        """A concealed triplet completed by ron, which counts as open (明刻)."""

    def __missing__(self, group: Group) -> tuple[Any, ...]:
        value = self[group] = group_element(group, not group.open, *self.winds)
        return value

    def completed_by_ron(self, group: Group) -> tuple[Any, ...]:
        value = self.ron_completed.get(group)
        if value is None:
            value = self.ron_completed[group] = group_element(group, False, *self.winds)
        return value


class ElementsByWind(dict[tuple[int, int], Elements]):
    def __missing__(self, winds: tuple[int, int]) -> Elements:
        value = self[winds] = Elements(*winds)
        return value


ELEMENTS = ElementsByWind()
"""Group elements by (seat wind, round wind): pure functions of the group, so shared by every scorer."""

_WAIT_CODE = {w: WAIT_NAMES[w.value] for w in Wait}
_FORM_CODE = {f: FORM_NAMES[f.value] for f in Form}
_STANDARD_FORM, _KOUTSU = Form.STANDARD, GroupKind.KOUTSU


Element = tuple[Any, ...]
"""A group or tile as the yaku conditions see it (fields in `model.facts` attribute order)."""

Win = dict[str, Any]
"""The facts of one reading of one win, keyed like `model.facts.FACTS` (plus `vars`, the payment variables)."""


def _tile_facts(hand: WinInput, marked: bool) -> list[Element]:
    held = [*hand.closed, *(t for m in hand.melds for t in m.tiles)]
    if marked:
        return [(_RED_TILES if t.mark is Mark.RED else TILE_ELEMENTS)[t.kind] for t in held]
    return [TILE_ELEMENTS[t.kind] for t in held]


def _nuki_facts(hand: WinInput, marked: bool) -> list[Element]:
    return [
        _FLOWER if t.is_flower else (_RED_TILES if t.mark is Mark.RED else TILE_ELEMENTS)[t.kind] for t in hand.nuki
    ]


def _meld_facts(hand: WinInput, marked: bool) -> list[Element]:
    elements = ELEMENTS[hand.seat_wind, hand.round_wind]
    return [elements[m.group] for m in hand.melds if m.type is not MeldType.ANKAN]


_COLLECTION_FACTS: dict[str, Callable[[WinInput, bool], list[Element]]] = {
    "tiles": _tile_facts,
    "nuki": _nuki_facts,
    "melds": _meld_facts,
}


def _collection_fact(hand: WinInput, marked: bool, name: str) -> list[Element]:
    """One of `model.facts.LAZY_FACTS`, built when an expression first reads it."""
    return _COLLECTION_FACTS[name](hand, marked)


def hand_facts(hand: WinInput, counts: Sequence[int], marked: list[Tile], flowers: int) -> Win:
    """Facts shared by every reading: the win's circumstances and the tiles."""
    melds = hand.melds
    calls = len(melds) - [m.type for m in melds].count(MeldType.ANKAN) if melds else 0
    seat = hand.seat_wind
    facts: Win = {
        "tsumo": hand.tsumo,
        "ron": not hand.tsumo,
        "riichi": hand.riichi or hand.double_riichi,
        "double_riichi": hand.double_riichi,
        "open_riichi": hand.open_riichi,
        "ippatsu": hand.ippatsu,
        "rinshan": hand.rinshan,
        "chankan": hand.chankan,
        "haitei": hand.haitei,
        "houtei": hand.houtei,
        "tenhou": hand.tenhou,
        "chiihou": hand.chiihou,
        "renhou": hand.renhou,
        "dealer": seat == TON,
        "seat_wind": seat,
        "round_wind": hand.round_wind,
        "first_win": hand.first_win,
        "tenpai_others": hand.tenpai_others,
        "honba": hand.honba,
        "riichi_sticks": hand.riichi_sticks,
        KINDS_HELD: int.from_bytes(bytes(counts), "little"),
        "calls": calls,
        "closed": calls == 0,
        "suits": any(counts[0:9]) + any(counts[9:18]) + any(counts[18:27]),
        "honours": sum(counts[27:]),
        "flowers": flowers,
        BUILD: partial(_collection_fact, hand, bool(marked)),
    }
    return facts


def reading_facts(w: Win, reading: Reading, elements: Elements, tsumo: bool) -> Win:
    """The hand's facts with those of one reading set (the dict is reused for every reading)."""
    decomposition = reading.decomposition
    groups = decomposition.groups
    found = list(map(elements.__getitem__, groups))
    completed = reading.completed
    if not tsumo and groups[completed].kind is _KOUTSU:
        found[completed] = elements.completed_by_ron(groups[completed])
    runs: list[Element] = []
    triplets: list[Element] = []
    kans: list[Element] = []
    pairs: list[Element] = []
    by_kind = (runs, triplets, kans, pairs)
    for element in found:
        by_kind[element[0]].append(element)
    w["groups"] = found
    w["sets"] = found[:-1] if decomposition.form is _STANDARD_FORM else []
    w["runs"] = runs
    w["triplets"] = triplets + kans if kans else triplets
    w["kans"] = kans
    w["pairs"] = pairs
    w["pair"] = pairs[0]
    w["completed"] = found[completed]
    w["win"] = TILE_ELEMENTS[reading.win]
    w["form"] = _FORM_CODE[decomposition.form]
    w["wait"] = _WAIT_CODE[reading.wait]
    return w
