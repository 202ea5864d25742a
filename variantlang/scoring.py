"""Scoring a win under a Ruleset: every reading of the hand, the variant's yaku and bonuses, dora, fu,
and the payment — the reading that pays most wins.

Per reading one fact record (`Win`) is built once; the compiled yaku predicates only read it. Group and
tile elements are tuples whose field order is `expr.GROUP_ATTRIBUTES` / `expr.TILE_ATTRIBUTES`.

Speed comes from deciding things once (a whole self-play scores millions of wins): each yaku condition
arrives split (`expr.Split`) into a gate on shape facts, masks on the kinds held, and a residual; the
gates are decided once per shape and remembered per cluster of related facts (`_Cluster`), so a win
runs only the masks and residuals that its shape leaves open. Suit splits, group elements and standard
payments are remembered the same way. A normal install compiles this module with mypyc (setup.py).
"""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from itertools import combinations_with_replacement
from types import MappingProxyType
from typing import Any, NamedTuple

from .expr import (
    BUILD,
    FORM_NAMES,
    KINDS_HELD,
    TILE_ATTRIBUTES,
    WAIT_NAMES,
    Fn,
    group_element,
    tile_element,
)
from .fu import fu
from .hand import Form, Group, GroupKind, Meld, MeldType, Reading, Wait, decompositions, readings
from .points import Limit, Payments, hand_value, payments, round_up_100
from .ruleset import Ruleset
from .tiles import (
    FLOWER_BASE,
    FLOWERS,
    KINDS,
    TON,
    Mark,
    Tile,
    format_tiles,
    suit_of,
)

# ------------------------------------------------------------------ input and output


@dataclass(frozen=True)
class WinInput:
    """Everything a scorer needs to know about one win (the `score` command's JSON fields)."""

    closed: tuple[Tile, ...]
    """Concealed tiles, the winning tile included."""
    melds: tuple[Meld, ...] = ()
    win: Tile | None = None
    """The winning tile; defaults to the last tile of `closed`."""
    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    open_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    seat_wind: int = TON
    round_wind: int = TON
    dora_indicators: tuple[Tile, ...] = ()
    ura_indicators: tuple[Tile, ...] = ()
    honba: int = 0
    riichi_sticks: int = 0
    nuki: tuple[Tile, ...] = ()
    first_win: bool = True
    tenpai_others: int = 0

    @property
    def winning_tile(self) -> Tile:
        return self.win if self.win is not None else self.closed[-1]


CIRCUMSTANCES = (
    "tsumo",
    "riichi",
    "double_riichi",
    "open_riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
    "renhou",
)
"""The yes/no circumstances of a win, as `WinInput` fields (and JSON, example and CLI names)."""


class ScoreError(ValueError):
    """The hand cannot be scored: not a winning shape, no yaku, or impossible input."""


@dataclass(frozen=True, slots=True)
class ScoredYaku:
    id: str
    name_ja: str
    name_en: str | None
    han: int
    yakuman: int = 0


class Score(NamedTuple):
    """What a win is worth: the best-paying reading with its yaku, dora, fu and payments. (A named
    tuple because the scorer builds one per reading, and a frozen dataclass costs three times more.)"""

    han: int
    fu: int
    yaku: tuple[ScoredYaku, ...]
    bonuses: tuple[ScoredYaku, ...]
    yakuman: int
    dora: dict[str, int]
    payments: Payments
    limit: Limit
    reading: Reading
    fu_parts: tuple[tuple[str, int], ...] = ()
    formula_values: Mapping[str, float] = MappingProxyType({})
    """The payment variables of a `formula` scheme (empty for standard payment)."""

    @property
    def total(self) -> int:
        return self.payments.total

    @property
    def yaku_han(self) -> int:
        return sum(y.han for y in self.yaku)


# ------------------------------------------------------------------ elements


_TILES = tuple(tile_element(k) for k in range(KINDS))
_RED_TILES = tuple(tile_element(k, red=True) for k in range(KINDS))
_FLOWER = tile_element(FLOWER_BASE)
assert len(_TILES[0]) == len(TILE_ATTRIBUTES)


class _Elements(dict[Group, tuple[Any, ...]]):
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


class _ElementsByWind(dict[tuple[int, int], _Elements]):
    def __missing__(self, winds: tuple[int, int]) -> _Elements:
        value = self[winds] = _Elements(*winds)
        return value


_ELEMENTS = _ElementsByWind()

_WAIT_CODE = {w: WAIT_NAMES[w.value] for w in Wait}
_FORM_CODE = {f: FORM_NAMES[f.value] for f in Form}
_STANDARD_FORM, _KOUTSU = Form.STANDARD, GroupKind.KOUTSU


Element = tuple[Any, ...]
"""A group or tile as the yaku predicates see it (fields in `expr.GROUP_ATTRIBUTES` / `TILE_ATTRIBUTES` order)."""

Win = dict[str, Any]
"""The facts of one reading of one win, keyed like `expr.FACTS` (plus `vars`, the payment variables)."""


# ------------------------------------------------------------------ what the scorer prepares per ruleset


@dataclass(frozen=True, slots=True)
class _Member:
    """A yaku as the scorer tries it: its shape gate, its tests of the kinds held, the rest of its
    condition, and its scored row."""

    gate: Fn | None
    residual: Fn | None
    none_held: int
    some_held: int
    scored: ScoredYaku
    with_yakuman: bool
    order: int
    """Position in the yaku table, so the yaku are listed in the file's order."""

    @property
    def settled(self) -> bool:
        """Whether passing the gate alone awards it."""
        return self.residual is None and not self.none_held and not self.some_held


@dataclass(frozen=True, slots=True)
class _ShapePlan:
    """The yaku of one shape (one combination of the values the gates read): those the shape alone
    decides, and per family the members whose remaining condition must still be checked, best first."""

    certain: tuple[_Member, ...]
    yakuman: int
    """Yakuman among the certain ones."""
    open_families: tuple[tuple[tuple[int, int, Fn | None, _Member], ...], ...]
    """Per family, (none_held, some_held, residual, member) of each member still to check: flat tuples,
    which the per-hand loop unpacks faster than it reads attributes."""


_PLAN_LIMIT = 1 << 16
"""Shapes (and payments) remembered per ruleset; the gates read few facts, so a long self-play stays
far below this."""

_READING_SHAPE = frozenset({"form", "wait"})
_HAND_SHAPE = frozenset({"calls", "suits", "honours", "flowers"})


@dataclass(frozen=True, slots=True)
class _Cluster:
    """Families whose gates read the same kind of facts, planned together: the circumstances of the
    win, the hand's suits, or the reading's form, wait and group counts. Independent facts in separate
    clusters keep each memo small (a few dozen to a few hundred shapes, not their product)."""

    families: dict[bool, tuple[tuple[_Member, ...], ...]]
    """The yaku that can apply to a closed / an open hand, per family, highest first."""
    shape: Callable[[Win], Hashable]
    """The values the gates read, as a key of `plans`."""
    plans: dict[Hashable, _ShapePlan]

    def decide(self, w: Win, key: Hashable) -> _ShapePlan:
        """The plan of a shape not seen before (`plans` misses `key`), remembered."""
        if len(self.plans) >= _PLAN_LIMIT:
            self.plans.clear()
        plan = self.plans[key] = self._decide(w)
        return plan

    def _decide(self, w: Win) -> _ShapePlan:
        """Decide every gate for this shape: a yaku whose gate fails is gone, one that its gate settles
        is certain (and ends its family)."""
        certain: list[_Member] = []
        open_families = []
        for family in self.families[w["closed"]]:
            options: list[_Member] = []
            for member in family:
                if member.gate is not None and not member.gate(w, ()):
                    continue
                options.append(member)
                if member.settled:
                    break
            if options and options[0].settled:
                certain.append(options[0])
            elif options:
                open_families.append(tuple((m.none_held, m.some_held, m.residual, m) for m in options))
        return _ShapePlan(tuple(certain), sum(m.scored.yakuman for m in certain), tuple(open_families))


@dataclass(frozen=True, slots=True)
class _Kit:
    """What scoring needs from a Ruleset in the form the hot path wants, built once (`ruleset.cache`)."""

    clusters: tuple[_Cluster, ...]
    paid: dict[tuple[int, int, int, bool, bool, int, int], tuple[Payments, Limit]]
    """Standard payments by (han, fu, yakuman, dealer, tsumo, honba, riichi sticks)."""
    uniform_copies: int | None
    """The copies of every kind when the tile set has no removed kinds (a quick count check)."""
    marked_copies: dict[tuple[int, Mark], int]
    indicator_kinds: frozenset[int]
    indicator: tuple[tuple[int, ...], ...]
    ura: tuple[tuple[int, ...], ...]
    """Dora of each indicator kind, flowers included (a flower indicates nothing)."""
    ura_counts: bool
    quads_as_pairs: bool
    nuki_never_held: bool


def _kit(ruleset: Ruleset) -> _Kit:
    kit: _Kit | None = ruleset.cache.get("scoring kit")
    if kit is not None:
        return kit
    tiles = ruleset.tiles
    copies = set(tiles.copies)
    no_dora: tuple[tuple[int, ...], ...] = ((),) * (FLOWER_BASE + FLOWERS - KINDS)
    kit = _Kit(
        clusters=_clusters(ruleset),
        paid={},
        uniform_copies=copies.pop() if len(copies) == 1 else None,
        marked_copies={(tile.kind, tile.mark): n for tile, n in tiles.marked},
        indicator_kinds=frozenset(
            [k for k in range(KINDS) if tiles.copies[k]] + list(range(FLOWER_BASE, FLOWER_BASE + FLOWERS))
            if tiles.flowers
            else [k for k in range(KINDS) if tiles.copies[k]]
        ),
        indicator=ruleset.dora.indicator + no_dora,
        ura=ruleset.dora.ura + no_dora,
        ura_counts=ruleset.values["dora.ura"],
        quads_as_pairs=ruleset.values["win.chiitoitsu_quads"],
        nuki_never_held=ruleset.values["dora.nuki_in_hand"] == "never",
    )
    ruleset.cache["scoring kit"] = kit
    return kit


def _clusters(ruleset: Ruleset) -> tuple[_Cluster, ...]:
    """The yaku table as members the scorer tries, split into clusters by what their gates read."""
    double = ruleset.values["payment.double_yakuman"]
    by_cluster: dict[str, dict[bool, list[tuple[_Member, ...]]]] = {}
    reads: dict[str, set[str]] = {}
    order = 0
    for group in ruleset.yaku:
        family_reads = set().union(*(rule.condition.reads for rule in group.members)) - {"closed"}
        if family_reads & _READING_SHAPE or any(r.startswith("#") for r in family_reads):
            name = "reading"
        elif family_reads & _HAND_SHAPE:
            name = "hand"
        else:
            name = "circumstances"
        reads.setdefault(name, set()).update(family_reads)
        for closed in (True, False):
            members = []
            for index, rule in enumerate(group.members):
                han = rule.han(closed)
                if rule.yakuman == 0 and han is None:
                    continue
                count = rule.yakuman if double else min(rule.yakuman, 1)
                scored = ScoredYaku(rule.id, rule.name_ja, rule.name_en, 0 if rule.yakuman else han or 0, count)
                split = rule.condition
                members.append(
                    _Member(
                        split.gate,
                        split.residual,
                        split.none_held,
                        split.some_held,
                        scored,
                        rule.with_yakuman,
                        order + index,
                    )
                )
            if members:
                by_cluster.setdefault(name, {True: [], False: []})[closed].append(tuple(members))
        order += len(group.members)
    return tuple(
        _Cluster({closed: tuple(found) for closed, found in families.items()}, _shape_key(reads[name]), {})
        for name, families in by_cluster.items()
    )


def _shape_key(reads: set[str]) -> Callable[[Win], Hashable]:
    """A function of the win giving the values the gates read: shape facts (`closed` always: it picks
    the han) and collection sizes (`#runs`)."""
    scalars = operator.itemgetter("closed", *sorted(r for r in reads if not r.startswith("#") and r != "closed"))
    collections = sorted(r[1:] for r in reads if r.startswith("#"))
    if not collections:
        return scalars
    if len(collections) == 1:
        only = collections[0]
        return lambda w: (scalars(w), len(w[only]))
    sizes = operator.itemgetter(*collections)
    return lambda w: (scalars(w), *map(len, sizes(w)))


# ------------------------------------------------------------------ the scorer


def _score_with_flowers(ruleset: Ruleset, hand: WinInput) -> Score:
    """Flowers held in the hand (R-DORA-17, 鳴き立直): a flower is a fifth copy of an honour, so with two
    of that honour it makes a triplet and with one a pair (国士無双's 花牌); two flowers together are
    a pair (大七星's 「花牌は2枚持ちで1組」), counted as a pair of an honour the hand does not hold; two
    flowers with one honour are not a triplet. Every such placement is scored as if each flower were
    its honour, with the fact `flowers` saying how many flowers are held; the best pays."""
    flowers = [t for t in hand.closed if t.is_flower]
    held = Counter(t.kind for t in hand.closed if not t.is_flower)
    honours = [k for k in range(27, KINDS) if held[k] <= 2 and ruleset.tiles.copies[k]]
    best: Score | None = None
    problem = ""
    for kinds in combinations_with_replacement(honours, len(flowers)):
        placed = Counter(kinds)
        if any(n != (2 if held[k] == 0 else 1) for k, n in placed.items()):
            continue  # one flower beside a held honour, or two as a pair of their own
        stand_in = dict(zip(flowers, kinds, strict=True))
        closed = tuple(Tile(stand_in[t]) if t.is_flower else t for t in hand.closed)
        win = Tile(stand_in[hand.winning_tile]) if hand.winning_tile.is_flower else hand.winning_tile
        try:
            result = _score(ruleset, replace(hand, closed=closed, win=win), len(flowers))
        except ScoreError as error:
            problem = str(error)
            continue
        if best is None or _better(result, best):
            best = result
    if best is None:
        if not problem:
            raise ScoreError(
                "a flower in the hand must stand beside one or two of an honour, or pair with another flower"
            )
        raise ScoreError(f"{problem} (however the flowers stand in for honours)")
    return best


def score(ruleset: Ruleset, hand: WinInput) -> Score:
    """The best-paying reading of `hand` under `ruleset`; ScoreError when it cannot win."""
    return _score(ruleset, hand, 0)


def _score(ruleset: Ruleset, hand: WinInput, flowers: int) -> Score:
    """`score`, with `flowers` the number of flowers the hand held as honours (`_score_with_flowers`)."""
    kit = _kit(ruleset)
    plain = Mark.PLAIN
    concealed = [0] * (FLOWER_BASE + FLOWERS)  # flowers land past the 34 kinds
    marked: list[Tile] = []
    for tile in hand.closed:
        concealed[tile.kind] += 1
        if tile.mark is not plain:
            marked.append(tile)
    if any(concealed[KINDS:]):
        if ruleset.values["dora.flower_honour_copy"]:
            return _score_with_flowers(ruleset, hand)
        raise ScoreError("flowers are set aside (nuki), not part of the hand")
    del concealed[KINDS:]
    counts = concealed
    if hand.melds:
        counts = list(concealed)
        for meld in hand.melds:
            for tile in meld.tiles:
                counts[tile.kind] += 1
                if tile.mark is not plain:
                    marked.append(tile)
    held = counts
    if hand.nuki:
        held = list(counts)
        for tile in hand.nuki:
            if tile.mark is not plain:
                marked.append(tile)
            if tile.kind < KINDS:
                if tile.kind not in ruleset.dora.nuki:
                    raise ScoreError(f"{tile} is not a nuki dora of this variant")
                held[tile.kind] += 1
    if (
        hand.nuki
        or (
            max(held) > kit.uniform_copies
            if kit.uniform_copies is not None
            else any(map(operator.gt, held, ruleset.tiles.copies))
        )
        or (marked and not _marks_fit(kit.marked_copies, marked))
    ):
        problem = ruleset.tiles.check_hand([*hand.closed, *(t for m in hand.melds for t in m.tiles), *hand.nuki])
        if problem:
            raise ScoreError(problem)
    for indicator in (*hand.dora_indicators, *hand.ura_indicators):
        if indicator.kind not in kit.indicator_kinds:
            raise ScoreError(f"dora indicator {indicator} is not in this variant's tiles")
    if kit.nuki_never_held:
        nuki_held = [k for k in ruleset.dora.nuki if counts[k]]
        if nuki_held:
            raise ScoreError(
                f"{format_tiles(Tile(k) for k in nuki_held)} is set aside as nuki dora and is never part of a hand"
            )
    if not hand.closed:
        raise ScoreError("no closed tiles: the winning tile at least is in the hand")
    win_tile = hand.win or hand.closed[-1]
    win = win_tile.kind
    if win >= KINDS or not concealed[win]:
        raise ScoreError(f"the winning tile {win_tile} is not among the closed tiles")
    if hand.chankan and counts[win] != 1:
        raise ScoreError(f"robbing a kan of {win_tile} needs its other three copies in that kan, not in this hand")
    found = decompositions(concealed, hand.melds, quads_as_pairs=kit.quads_as_pairs)
    if not found:
        raise ScoreError("not a winning hand: no reading as four groups and a pair, seven pairs or thirteen orphans")
    elements = _ELEMENTS[hand.seat_wind, hand.round_wind]
    w = _hand_facts(hand, counts, marked, flowers)
    dora = _dora(ruleset, kit, hand, held, marked, w["closed"])
    best: Score | None = None
    no_yaku = False
    tsumo = hand.tsumo
    for decomposition in found:
        for reading in readings(decomposition, win):
            result = _score_reading(ruleset, kit, hand, reading, _reading_facts(w, reading, elements, tsumo), dora)
            if result is None:
                no_yaku = True
            elif best is None or _better(result, best):
                best = result
    if best is None:
        raise ScoreError(
            f"no yaku: the hand needs at least {ruleset.min_han} han of yaku (dora do not count)"
            if no_yaku
            else "no reading wins"
        )
    return best


def _marks_fit(allowed: dict[tuple[int, Mark], int], marked: Sequence[Tile]) -> bool:
    """Whether the set has enough copies of each marked tile held (a red 5m twice cannot be)."""
    seen: dict[tuple[int, Mark], int] = {}
    for tile in marked:
        key = (tile.kind, tile.mark)
        n = seen[key] = seen.get(key, 0) + 1
        if n > allowed.get(key, 0):
            return False
    return True


def _better(a: Score, b: Score) -> bool:
    return (a.payments.hand, a.han, a.fu) > (b.payments.hand, b.han, b.fu)


def _tile_facts(hand: WinInput, marked: bool) -> list[Element]:
    held = [*hand.closed, *(t for m in hand.melds for t in m.tiles)]
    if marked:
        return [(_RED_TILES if t.mark is Mark.RED else _TILES)[t.kind] for t in held]
    return [_TILES[t.kind] for t in held]


def _nuki_facts(hand: WinInput, marked: bool) -> list[Element]:
    return [_FLOWER if t.is_flower else (_RED_TILES if t.mark is Mark.RED else _TILES)[t.kind] for t in hand.nuki]


def _meld_facts(hand: WinInput, marked: bool) -> list[Element]:
    elements = _ELEMENTS[hand.seat_wind, hand.round_wind]
    return [elements[m.group] for m in hand.melds if m.type is not MeldType.ANKAN]


_COLLECTION_FACTS: dict[str, Callable[[WinInput, bool], list[Element]]] = {
    "tiles": _tile_facts,
    "nuki": _nuki_facts,
    "melds": _meld_facts,
}


def _collection_fact(hand: WinInput, marked: bool, name: str) -> list[Element]:
    """One of `expr.LAZY_FACTS`, built when an expression first reads it."""
    return _COLLECTION_FACTS[name](hand, marked)


def _hand_facts(hand: WinInput, counts: Sequence[int], marked: list[Tile], flowers: int) -> Win:
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


def _reading_facts(w: Win, reading: Reading, elements: _Elements, tsumo: bool) -> Win:
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
    w["win"] = _TILES[reading.win]
    w["form"] = _FORM_CODE[decomposition.form]
    w["wait"] = _WAIT_CODE[reading.wait]
    return w


def _score_reading(
    ruleset: Ruleset, kit: _Kit, hand: WinInput, reading: Reading, w: Win, dora: dict[str, int]
) -> Score | None:
    found: list[_Member] = []
    yakuman = 0
    held = w[KINDS_HELD]
    for cluster in kit.clusters:
        key = cluster.shape(w)
        plan = cluster.plans.get(key) or cluster.decide(w, key)
        if plan.certain:
            found += plan.certain
            yakuman += plan.yakuman
        for family in plan.open_families:
            for none_held, some_held, residual, member in family:
                if held & none_held or (some_held and not held & some_held):
                    continue
                if residual is None or residual(w, ()):
                    found.append(member)
                    yakuman += member.scored.yakuman
                    break
    if len(found) > 1:
        found.sort(key=_ORDER)
    if yakuman:
        yakuman = min(yakuman, ruleset.limit_rules.max_yakuman)
        yaku = tuple(m.scored for m in found if m.scored.yakuman or m.with_yakuman)
    else:
        yaku = tuple(m.scored for m in found)
    yaku_han = sum(map(_HAN, yaku))
    if not yakuman and yaku_han < ruleset.min_han:
        return None  # with `min_han 0` a hand without yaku still wins (鳴き立直, R-WIN-3)
    bonuses = _bonuses(ruleset, w, yakuman) if ruleset.bonuses else ()
    bonus_han = sum(map(_HAN, bonuses))
    dora_han = sum(dora.values()) if dora and not yakuman else 0
    han = yaku_han + bonus_han + dora_han
    fu_result = fu(
        reading,
        tsumo=hand.tsumo,
        pinfu=hand.tsumo and any(m.scored.id == PINFU for m in found),
        seat_wind=hand.seat_wind,
        round_wind=hand.round_wind,
        rinshan=hand.rinshan,
        rules=ruleset.fu_rules,
    )
    if ruleset.scheme == "formula":
        paid, limit, formula_values = _formula_payment(
            ruleset, hand, w, han, yaku_han, bonus_han, dora_han, fu_result.total, yakuman
        )
        return Score(
            han, fu_result.total, yaku, bonuses, yakuman, dora if not yakuman else {}, paid, limit, reading,
            fu_result.parts, formula_values,
        )  # fmt: skip
    terms = (han, fu_result.total, yakuman, w["dealer"], hand.tsumo, hand.honba, hand.riichi_sticks)
    paid_as = kit.paid.get(terms)
    if paid_as is None:
        if len(kit.paid) >= _PLAN_LIMIT:
            kit.paid.clear()
        paid_as = kit.paid[terms] = _paid(ruleset, *terms)
    return Score(
        han, fu_result.total, yaku, bonuses, yakuman, dora if not yakuman else {}, paid_as[0], paid_as[1], reading,
        fu_result.parts,
    )  # fmt: skip


_ORDER = operator.attrgetter("order")
_HAN = operator.attrgetter("han")
PINFU = "pinfu"
"""The yaku whose award takes a tsumo's 2 fu away (`payment.pinfu_tsumo_fu off`): fu follow the yaku the
variant awards, not a shape the scorer would recognise on its own."""


def _paid(
    ruleset: Ruleset, han: int, fu: int, yakuman: int, dealer: bool, tsumo: bool, honba: int, sticks: int
) -> tuple[Payments, Limit]:
    """Standard payment of a hand (kept per ruleset by its terms: few combinations occur)."""
    worth = hand_value(han, fu, yakuman, ruleset.limit_rules)
    paid = payments(
        worth.base, dealer=dealer, tsumo=tsumo, honba=honba, riichi_sticks=sticks, rules=ruleset.payment_rules
    )
    return paid, worth.limit


def _bonuses(ruleset: Ruleset, w: Win, yakuman: int) -> tuple[ScoredYaku, ...]:
    """The non-yaku han that apply (with a yakuman, only those marked `with_yakuman`)."""
    bonuses = []
    for bonus in ruleset.bonuses:
        if yakuman and not bonus.with_yakuman:
            continue
        if bonus.condition is None or bonus.condition(w, ()):
            value = int(bonus.value(w, ()))
            if value:
                bonuses.append(ScoredYaku(bonus.id, bonus.name_ja, bonus.name_en, value))
    return tuple(bonuses)


def _dora(
    ruleset: Ruleset, kit: _Kit, hand: WinInput, held: Sequence[int], marked: Sequence[Tile], closed: bool
) -> dict[str, int]:
    """Dora han by kind (kinds worth nothing left out). Tiles set aside (nuki) count for every kind of
    dora besides their own +1."""
    rules = ruleset.dora
    out: dict[str, int] = {}
    if hand.dora_indicators:
        value = _indicated(hand.dora_indicators, kit.indicator, held, rules.stack)
        if value:
            out["dora"] = value
    riichi = hand.riichi or hand.double_riichi
    if riichi and hand.ura_indicators and kit.ura_counts:
        value = _indicated(hand.ura_indicators, kit.ura, held, rules.stack)
        if value:
            out["ura"] = value
    if marked:
        reds = [t for t in marked if t.mark is Mark.RED]
        if reds:
            condition = rules.red_condition
            counts_red = (
                condition == "always" or (condition == "closed" and closed) or (condition == "riichi" and riichi)
            )  # "chip_only": paid in chips, no han
            if rules.red_value and counts_red:
                out["aka"] = len(reds) * rules.red_value
            all_star_counts = closed or rules.all_star_condition == "always"
            if rules.all_star and all_star_counts and {suit_of(t.kind) for t in reds} >= {0, 1, 2}:
                out["all_star"] = rules.all_star
    if rules.always:
        value = sum(held[k] for k in rules.always)
        if value:
            out["always"] = value
    if hand.nuki:
        flowers = sum(1 for t in hand.nuki if t.is_flower)
        nuki = len(hand.nuki) - flowers + (flowers if ruleset.values["dora.flowers_as_nuki"] else 0)
        if nuki:
            out["nuki"] = nuki
    return out


def _indicated(indicators: Sequence[Tile], table: tuple[tuple[int, ...], ...], held: Sequence[int], stack: bool) -> int:
    """Dora han from indicators: the held copies of each kind they indicate (once per indicator when
    indicators stack, else once per kind)."""
    kinds = [d for t in indicators for d in table[t.kind]]
    return sum([held[k] for k in (kinds if stack else set(kinds))])


def _formula_payment(
    ruleset: Ruleset,
    hand: WinInput,
    w: Win,
    han: int,
    yaku_han: int,
    bonus_han: int,
    dora_han: int,
    fu_total: int,
    yakuman: int,
) -> tuple[Payments, Limit, dict[str, float]]:
    """Run the variant's payment program: each assignment in order, the later ones winning when they hold."""
    w.update(han=han, yaku_han=yaku_han, bonus_han=bonus_han, dora=dora_han, fu=fu_total, yakuman=yakuman)
    variables = w["vars"] = [0.0] * ruleset.formula_slots
    for formula in ruleset.formulas:
        if formula.condition is None or formula.condition(w, ()):
            variables[formula.slot] = formula.value(w, ())
    names = {f.name: f.slot for f in ruleset.formulas}
    value = round_up_100(max(0.0, float(variables[names["value"]])))
    rules = ruleset.payment_rules
    sticks = hand.riichi_sticks * rules.riichi_stick
    dealer = w["dealer"]
    values = {name: variables[slot] for name, slot in names.items()}
    limit = Limit.YAKUMAN if yakuman else Limit.NONE
    if not hand.tsumo:
        return Payments(value, 0, 0, 0, hand.honba * rules.honba_ron, sticks), limit, values
    others = rules.players - 1
    honba = hand.honba * rules.honba_tsumo
    if ruleset.values["payment.tsumo"] == "split":
        value = round_up_100(value / others)
    if dealer:
        return Payments(0, 0, value, others, honba, sticks), limit, values
    return Payments(0, value, value, others - 1, honba, sticks), limit, values
