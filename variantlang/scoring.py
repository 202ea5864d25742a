"""Scoring a win under a Ruleset: every reading of the hand, the variant's yaku and bonuses, dora, fu,
and the payment — the reading that pays most wins.

Per reading one fact record (`Win`) is built once; the compiled yaku predicates only read it. Group and
tile elements are tuples whose field order is `expr.GROUP_ATTRIBUTES` / `expr.TILE_ATTRIBUTES`.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from itertools import permutations
from typing import Any

from .expr import FORM_NAMES, GROUP_ATTRIBUTES, KIND_NAMES, SUIT_NAMES, TILE_ATTRIBUTES, WAIT_NAMES
from .fu import Fu, fu
from .hand import Decomposition, Form, Group, GroupKind, Meld, Reading, Wait, decompositions, readings
from .points import Limit, Payments, hand_value, payments, round_up_100
from .ruleset import Ruleset
from .tiles import (
    DRAGONS,
    FLOWER_BASE,
    KINDS,
    TON,
    WINDS,
    Mark,
    Tile,
    format_tiles,
    is_honour,
    is_terminal,
    is_yaochuu,
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


@dataclass(frozen=True)
class Score:
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
    formula_values: dict[str, float] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return self.payments.total

    @property
    def yaku_han(self) -> int:
        return sum(y.han for y in self.yaku)


# ------------------------------------------------------------------ elements


def _tile_element(kind: int, red: bool) -> tuple[Any, ...]:
    if kind >= KINDS:  # a flower: its own suit, no terminal, honour or simple
        return (kind, SUIT_NAMES["flower"], kind - FLOWER_BASE + 1, False, False, False, False, False, False, red, True)
    return (
        kind,
        suit_of(kind),
        kind % 9 + 1,
        is_terminal(kind),
        is_honour(kind),
        is_yaochuu(kind),
        not is_yaochuu(kind),
        kind in DRAGONS,
        kind in WINDS,
        red,
        False,
    )


_TILES = tuple(_tile_element(k, False) for k in range(KINDS))
_RED_TILES = tuple(_tile_element(k, True) for k in range(KINDS))
_FLOWER = _tile_element(FLOWER_BASE, False)
assert len(_TILES[0]) == len(TILE_ATTRIBUTES)

_GROUP_KIND = {
    GroupKind.SHUNTSU: KIND_NAMES["run"],
    GroupKind.KOUTSU: KIND_NAMES["triplet"],
    GroupKind.KANTSU: KIND_NAMES["kan"],
    GroupKind.TOITSU: KIND_NAMES["pair"],
}


class _GroupElements(dict[tuple[Group, bool, int, int], tuple[Any, ...]]):
    """Group elements by (group, concealed, seat wind, round wind), built once each."""

    def __missing__(self, key: tuple[Group, bool, int, int]) -> tuple[Any, ...]:
        group, concealed, seat, round_wind = key
        kinds = group.kinds
        value = (
            _GROUP_KIND[group.kind],
            suit_of(group.tile),
            group.tile % 9 + 1,
            group.tile,
            group.open,
            concealed,
            any(is_terminal(k) for k in kinds),
            is_honour(group.tile),
            any(is_yaochuu(k) for k in kinds),
            not any(is_yaochuu(k) for k in kinds),
            group.tile in DRAGONS,
            group.tile in WINDS,
            group.tile in DRAGONS or group.tile in (seat, round_wind),
            group.tile == seat,
            group.tile == round_wind,
            all(is_terminal(k) for k in kinds),
            all(is_yaochuu(k) for k in kinds),
        )
        self[key] = value
        return value


_GROUP_ELEMENTS = _GroupElements()
assert len(GROUP_ATTRIBUTES) == 17

_WAIT_CODE = {w: WAIT_NAMES[w.value] for w in Wait}
_FORM_CODE = {f: FORM_NAMES[f.value] for f in Form}


Element = tuple[Any, ...]
"""A group or tile as the yaku predicates see it (fields in `expr.GROUP_ATTRIBUTES` / `TILE_ATTRIBUTES` order)."""

Win = dict[str, Any]
"""The facts of one reading of one win, keyed like `expr.FACTS` (plus `vars`, the payment variables)."""


# ------------------------------------------------------------------ the scorer


def score(ruleset: Ruleset, hand: WinInput) -> Score:
    """The best-paying reading of `hand` under `ruleset`; ScoreError when it cannot win."""
    if any(t.is_flower for t in hand.closed) and ruleset.values["dora.flower_honour_copy"]:
        return _score_with_flowers(ruleset, hand)
    return _score(ruleset, hand)


def _score_with_flowers(ruleset: Ruleset, hand: WinInput) -> Score:
    """Flowers held as a fifth copy of an honour (R-DORA-17, 鳴き立直): each flower with two of one honour
    makes that honour's triplet (two flowers with one honour do not). Every way to place the flowers is
    scored as if the flower were that honour; the best pays."""
    flowers = [t for t in hand.closed if t.is_flower]
    rest = [t for t in hand.closed if not t.is_flower]
    pairs = [k for k in range(27, KINDS) if sum(1 for t in rest if t.kind == k) == 2]
    best: Score | None = None
    problem = "a flower in the hand must make a triplet with two of one honour"
    for honours in permutations(pairs, len(flowers)):
        stand_in = dict(zip(flowers, honours, strict=True))
        closed = tuple(Tile(stand_in[t]) if t.is_flower else t for t in hand.closed)
        win = Tile(stand_in[hand.winning_tile]) if hand.winning_tile.is_flower else hand.winning_tile
        try:
            result = _score(ruleset, replace(hand, closed=closed, win=win))
        except ScoreError as error:
            problem = str(error)
            continue
        if best is None or _better(result, best):
            best = result
    if best is None:
        raise ScoreError(problem)
    return best


def _score(ruleset: Ruleset, hand: WinInput) -> Score:
    plain = Mark.PLAIN
    concealed = [0] * KINDS
    marked: list[Tile] = []
    for tile in hand.closed:
        kind = tile.kind
        if kind >= KINDS:
            raise ScoreError("flowers are set aside (nuki), not part of the hand")
        concealed[kind] += 1
        if tile.mark is not plain:
            marked.append(tile)
    counts = list(concealed)
    physical = list(hand.closed)
    for meld in hand.melds:
        for tile in meld.tiles:
            counts[tile.kind] += 1
            physical.append(tile)
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
    if marked or hand.nuki or any(map(operator.gt, held, ruleset.tiles.copies)):
        problem = ruleset.tiles.check_hand(physical + list(hand.nuki))
        if problem:
            raise ScoreError(problem)
    for indicator in (*hand.dora_indicators, *hand.ura_indicators):
        if not ruleset.tiles.exists(indicator.kind) and not (indicator.is_flower and ruleset.tiles.flowers):
            raise ScoreError(f"dora indicator {indicator} is not in this variant's tiles")
    in_hand_rule = ruleset.values["dora.nuki_in_hand"]
    nuki_held = [k for k in ruleset.dora.nuki if counts[k]]
    if nuki_held and in_hand_rule == "never":
        raise ScoreError(
            f"{format_tiles(Tile(k) for k in nuki_held)} is set aside as nuki dora and is never part of a hand"
        )
    win_tile = hand.winning_tile
    if not concealed[win_tile.kind] if win_tile.kind < KINDS else True:
        raise ScoreError(f"the winning tile {win_tile} is not among the closed tiles")
    if hand.chankan and counts[win_tile.kind] != 1:
        raise ScoreError(f"robbing a kan of {win_tile} needs its other three copies in that kan, not in this hand")
    found = decompositions(concealed, hand.melds, quads_as_pairs=ruleset.values["win.chiitoitsu_quads"])
    if not found:
        raise ScoreError("not a winning hand: no reading as four groups and a pair, seven pairs or thirteen orphans")
    base = _hand_facts(hand, counts, physical)
    dora = _dora(ruleset, hand, held, marked, base["closed"])
    plan = _plan(ruleset, base["closed"])
    best: Score | None = None
    no_yaku = False
    for decomposition in found:
        for reading in readings(decomposition, win_tile.kind):
            result = _score_reading(ruleset, plan, hand, reading, base, dora)
            if result is None:
                no_yaku = True
                continue
            if best is None or _better(result, best):
                best = result
    if best is None:
        raise ScoreError(
            f"no yaku: the hand needs at least {ruleset.min_han} han of yaku (dora do not count)"
            if no_yaku
            else "no reading wins"
        )
    return best


@dataclass(frozen=True, slots=True)
class _Candidate:
    predicate: Any
    fact: str | None
    scored: ScoredYaku
    with_yakuman: bool


_Plan = tuple[tuple[_Candidate, ...], ...]


def _plan(ruleset: Ruleset, closed: bool) -> _Plan:
    """The yaku to try for a closed or an open hand: per family, the members that can apply, highest
    first, each with its scored row built once."""
    plan: _Plan | None = ruleset.cache.get(("yaku plan", closed))
    if plan is None:
        double = ruleset.values["payment.double_yakuman"]
        groups = []
        for group in ruleset.yaku:
            members = []
            for rule in group.members:
                han = rule.han(closed)
                if rule.yakuman == 0 and han is None:
                    continue
                count = rule.yakuman if double else min(rule.yakuman, 1)
                scored = ScoredYaku(rule.id, rule.name_ja, rule.name_en, 0 if rule.yakuman else han or 0, count)
                members.append(_Candidate(rule.predicate, rule.fact, scored, rule.with_yakuman))
            if members:
                groups.append(tuple(members))
        plan = ruleset.cache[("yaku plan", closed)] = tuple(groups)
    return plan


def _better(a: Score, b: Score) -> bool:
    return (a.payments.hand, a.han, a.fu) > (b.payments.hand, b.han, b.fu)


def _hand_facts(hand: WinInput, counts: Sequence[int], physical: Sequence[Tile]) -> dict[str, Any]:
    """Facts shared by every reading: the win's circumstances and the tiles."""
    calls = sum(1 for m in hand.melds if m.is_open)
    seat, round_wind = hand.seat_wind, hand.round_wind
    riichi = hand.riichi or hand.double_riichi
    return {
        "tsumo": hand.tsumo,
        "ron": not hand.tsumo,
        "riichi": riichi,
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
        "round_wind": round_wind,
        "first_win": hand.first_win,
        "tenpai_others": hand.tenpai_others,
        "honba": hand.honba,
        "riichi_sticks": hand.riichi_sticks,
        "tiles": tuple((_RED_TILES if t.mark is Mark.RED else _TILES)[t.kind] for t in physical),
        "nuki": tuple(
            _FLOWER if t.is_flower else (_RED_TILES if t.mark is Mark.RED else _TILES)[t.kind] for t in hand.nuki
        ),
        "calls": calls,
        "closed": calls == 0,
        "suits": (any(counts[0:9]) + any(counts[9:18]) + any(counts[18:27])),
        "honours": sum(counts[27:]),
        "melds": tuple(_GROUP_ELEMENTS[(m.group, False, seat, round_wind)] for m in hand.melds if m.is_open),
    }


def _score_reading(
    ruleset: Ruleset, plan: _Plan, hand: WinInput, reading: Reading, base: dict[str, Any], dora: dict[str, int]
) -> Score | None:
    w = _win(reading, base, hand)
    found: list[_Candidate] = []
    yakuman = 0
    for group in plan:
        for candidate in group:
            fact = candidate.fact
            if w[fact] if fact is not None else candidate.predicate(w, ()):
                yakuman += candidate.scored.yakuman
                found.append(candidate)
                break
    if yakuman:
        yakuman = min(yakuman, ruleset.limit_rules.max_yakuman)
        yaku = tuple(c.scored for c in found if c.scored.yakuman or c.with_yakuman)
    else:
        yaku = tuple(c.scored for c in found)
    yaku_han = sum(y.han for y in yaku)
    if not yakuman and yaku_han < ruleset.min_han:
        return None  # with `min_han 0` a hand without yaku still wins (鳴き立直, R-WIN-3)
    bonuses = []
    for bonus in ruleset.bonuses:
        if yakuman and not bonus.with_yakuman:
            continue
        if bonus.condition is None or bonus.condition(w, ()):
            value = int(bonus.value(w, ()))
            if value:
                bonuses.append(ScoredYaku(bonus.id, bonus.name_ja, bonus.name_en, value))
    bonus_han = sum(b.han for b in bonuses)
    dora_han = 0 if yakuman else sum(dora.values())
    han = yaku_han + bonus_han + dora_han
    fu_result = _fu(ruleset, hand, reading, w)
    dealer = base["dealer"]
    formula_values: dict[str, float] = {}
    if ruleset.scheme == "formula":
        paid, limit, formula_values = _formula_payment(
            ruleset, hand, w, han, yaku_han, bonus_han, dora_han, fu_result.total, yakuman
        )
    else:
        worth = hand_value(han, fu_result.total, yakuman, ruleset.limit_rules)
        limit = worth.limit
        paid = payments(
            worth.base,
            dealer=dealer,
            tsumo=hand.tsumo,
            honba=hand.honba,
            riichi_sticks=hand.riichi_sticks,
            rules=ruleset.payment_rules,
        )
    return Score(
        han,
        fu_result.total,
        yaku,
        tuple(bonuses),
        yakuman,
        dora if not yakuman else {},
        paid,
        limit,
        reading,
        fu_result.parts,
        formula_values,
    )


def _win(reading: Reading, base: dict[str, Any], hand: WinInput) -> Win:
    decomposition: Decomposition = reading.decomposition
    seat, round_wind = base["seat_wind"], base["round_wind"]
    completed = -1 if hand.tsumo else reading.completed  # ron: the completed triplet counts as open
    groups: list[Element] = []
    runs: list[Element] = []
    triplets: list[Element] = []
    kans: list[Element] = []
    pairs: list[Element] = []
    by_kind = (runs, triplets, kans, pairs)
    for index, group in enumerate(decomposition.groups):
        kind = group.kind
        concealed = not group.open and (index != completed or kind is _RUN or kind is _PAIR)
        element = _GROUP_ELEMENTS[(group, concealed, seat, round_wind)]
        groups.append(element)
        by_kind[kind].append(element)
    facts: Win = base  # reused for every reading of the hand: only the reading's own facts change
    facts["groups"] = tuple(groups)
    facts["sets"] = tuple(groups[:-1]) if decomposition.form is Form.STANDARD else ()
    facts["runs"] = tuple(runs)
    facts["triplets"] = tuple(triplets + kans)
    facts["kans"] = tuple(kans)
    facts["pairs"] = tuple(pairs)
    facts["pair"] = pairs[0]
    facts["completed"] = groups[reading.completed]
    facts["win"] = _TILES[reading.win]
    facts["form"] = _FORM_CODE[decomposition.form]
    facts["wait"] = _WAIT_CODE[reading.wait]
    return facts


_RUN, _PAIR = GroupKind.SHUNTSU, GroupKind.TOITSU


def _fu(ruleset: Ruleset, hand: WinInput, reading: Reading, w: Win) -> Fu:
    pinfu_shape = (
        reading.decomposition.form is Form.STANDARD
        and reading.decomposition.is_closed
        and reading.wait is Wait.RYANMEN
        and all(g.kind is not GroupKind.KOUTSU and g.kind is not GroupKind.KANTSU for g in reading.decomposition.groups)
        and not w["pair"][12]  # a pair worth fu (dragon, seat or round wind)
    )
    return fu(
        reading,
        tsumo=hand.tsumo,
        pinfu=pinfu_shape,
        seat_wind=hand.seat_wind,
        round_wind=hand.round_wind,
        rinshan=hand.rinshan,
        rules=ruleset.fu_rules,
    )


def _dora(
    ruleset: Ruleset, hand: WinInput, held: Sequence[int], marked: Sequence[Tile], closed: bool
) -> dict[str, int]:
    """Dora han by kind. Tiles set aside (nuki) count for every kind of dora besides their own +1."""
    rules = ruleset.dora
    out: dict[str, int] = {}

    def indicated(indicators: Sequence[Tile], table: tuple[tuple[int, ...], ...]) -> int:
        kinds = [d for t in indicators if t.kind < KINDS for d in table[t.kind]]
        if not rules.stack:
            kinds = list(set(kinds))
        return sum(held[k] for k in kinds)

    if hand.dora_indicators:
        out["dora"] = indicated(hand.dora_indicators, rules.indicator)
    riichi = hand.riichi or hand.double_riichi
    if riichi and hand.ura_indicators and ruleset.values["dora.ura"]:
        out["ura"] = indicated(hand.ura_indicators, rules.ura)
    reds = [t for t in marked if t.mark is Mark.RED]
    if reds:
        counts_red = {"always": True, "closed": closed, "riichi": riichi, "chip_only": False}[rules.red_condition]
        if counts_red:
            out["aka"] = len(reds) * rules.red_value
        all_star_counts = closed or rules.all_star_condition == "always"
        if rules.all_star and all_star_counts and {suit_of(t.kind) for t in reds} >= {0, 1, 2}:
            out["all_star"] = rules.all_star
    if rules.always:
        out["always"] = sum(held[k] for k in rules.always)
    flowers = sum(1 for t in hand.nuki if t.is_flower)
    nuki = len(hand.nuki) - flowers + (flowers if ruleset.values["dora.flowers_as_nuki"] else 0)
    if nuki:
        out["nuki"] = nuki
    return {k: v for k, v in out.items() if v}


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
