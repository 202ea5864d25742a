"""Melds, groups and every reading of a complete hand: decompositions and the wait of each.

Scoring must pick the reading that pays most, so nothing here chooses: `decompositions` returns every
way to split a hand (4 groups + pair with called melds fixed, seven pairs, thirteen orphans) and
`readings` every (decomposition, completed group, wait) triple for a winning tile.

Per-suit splits are memoised by the suit's count bytes, like the shanten tables: a hand's
decompositions are a product of cached per-suit answers.
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import product
from typing import NamedTuple

from variantlang.hand.tiles import KINDS, YAOCHUU, Tile, format_tiles, kind_name, parse_tiles


class GroupKind(enum.IntEnum):
    SHUNTSU = 0
    """A run of three (順子)."""
    KOUTSU = 1
    """Three of a kind (刻子)."""
    KANTSU = 2
    """Four of a kind, declared (槓子)."""
    TOITSU = 3
    """A pair (対子, 雀頭)."""


class Group(NamedTuple):
    """One group of a reading: its kind, its lowest tile kind, whether it was called."""

    kind: GroupKind
    tile: int
    open: bool = False

    @property
    def kinds(self) -> tuple[int, ...]:
        if self.kind is GroupKind.SHUNTSU:
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * (2 if self.kind is GroupKind.TOITSU else 3 if self.kind is GroupKind.KOUTSU else 4)

    def __str__(self) -> str:
        text = format_tiles([Tile(k) for k in self.kinds])
        return f"({text})" if self.open else text


class MeldType(enum.Enum):
    """How a meld was declared; the values are the names the JSON input uses."""

    CHI = "chi"
    PON = "pon"
    MINKAN = "minkan"
    ANKAN = "ankan"
    KAKAN = "kakan"


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared meld with its physical tiles (red fives in a meld still count as dora)."""

    type: MeldType
    tiles: tuple[Tile, ...]
    group: Group = field(init=False, repr=False, compare=False)
    """The meld as a fixed group of a decomposition (computed once: scoring reads it per reading)."""

    def __post_init__(self) -> None:
        kinds = sorted(t.kind for t in self.tiles)
        size = 3 if self.type in (MeldType.CHI, MeldType.PON) else 4
        if len(kinds) != size:
            raise ValueError(f"a {self.type.value} has {size} tiles, not {len(kinds)}")
        if kinds[0] >= KINDS:
            raise ValueError("flowers cannot be melded")
        if self.type is MeldType.CHI:
            if not (kinds[0] < 27 and kinds[0] % 9 <= 6 and kinds == [kinds[0], kinds[0] + 1, kinds[0] + 2]):
                raise ValueError(f"a chi needs three consecutive tiles of one suit, not {format_tiles(self.tiles)}")
        elif len(set(kinds)) != 1:
            raise ValueError(f"a {self.type.value} needs {size} identical tiles, not {format_tiles(self.tiles)}")
        kind = GroupKind.SHUNTSU if self.type is MeldType.CHI else GroupKind.KANTSU if self.is_kan else GroupKind.KOUTSU
        object.__setattr__(self, "group", Group(kind, kinds[0], self.is_open))

    @classmethod
    def parse(cls, type_name: str, tiles: str) -> Meld:
        try:
            kind = MeldType(type_name)
        except ValueError:
            names = ", ".join(t.value for t in MeldType)
            raise ValueError(f"unknown meld type {type_name!r} (expected one of {names})") from None
        return cls(kind, tuple(parse_tiles(tiles)))

    @property
    def is_open(self) -> bool:
        return self.type is not MeldType.ANKAN

    @property
    def is_kan(self) -> bool:
        return self.type in (MeldType.MINKAN, MeldType.ANKAN, MeldType.KAKAN)


class Form(enum.Enum):
    STANDARD = "standard"
    CHIITOITSU = "chiitoitsu"
    KOKUSHI = "kokushi"

    __hash__ = object.__hash__  # members are singletons; Enum's own hash runs Python code per lookup


class Decomposition(NamedTuple):
    """One way to read a complete hand. For the standard form, `groups` holds the four groups (called
    melds included, in declaration order after the concealed ones) and then the pair; for seven pairs,
    the seven pairs; for thirteen orphans, only its pair."""

    form: Form
    groups: tuple[Group, ...]
    is_closed: bool = True
    """No called meld (a concealed kan keeps a hand closed)."""

    @property
    def pair(self) -> int:
        """The pair's kind (for seven pairs, the lowest pair)."""
        return next(g.tile for g in self.groups if g.kind is GroupKind.TOITSU)

    def __str__(self) -> str:
        if self.form is Form.KOKUSHI:
            return f"kokushi pair {kind_name(self.pair)}"
        return " ".join(str(g) for g in self.groups)


class Wait(enum.Enum):
    RYANMEN = "ryanmen"
    """Open wait: 23 waiting on 1 or 4."""
    KANCHAN = "kanchan"
    """Closed wait: 13 waiting on 2."""
    PENCHAN = "penchan"
    """Edge wait: 12 waiting on 3, 89 waiting on 7."""
    SHANPON = "shanpon"
    """Two pairs, one becomes the triplet."""
    TANKI = "tanki"
    """Single wait on the pair tile (seven pairs and one-sided thirteen orphans included)."""
    KOKUSHI_13 = "kokushi_13"
    """Thirteen-sided thirteen orphans: all thirteen orphans were held before the win."""

    __hash__ = object.__hash__  # members are singletons; Enum's own hash runs Python code per lookup


class Reading(NamedTuple):
    """A decomposition together with the group the winning tile completed and the wait it had."""

    decomposition: Decomposition
    completed: int
    """Index in `decomposition.groups` of the group the winning tile completed."""
    wait: Wait
    win: int
    """The winning tile's kind."""

    @property
    def completed_group(self) -> Group:
        return self.decomposition.groups[self.completed]


_Split = tuple[tuple[Group, ...], Group | None]
"""One way to split a section: its groups other than the pair, and its pair (None without one)."""


class _SectionSplits(dict[bytes, tuple[_Split, ...]]):
    """Every split of one section's counts (a suit, or the honours), memoised by the count bytes.

    A section holds the pair exactly when its size is 2 mod 3; a size of 1 mod 3 cannot split."""

    def __init__(self, offset: int) -> None:
        super().__init__()
        self.offset = offset

    def __missing__(self, key: bytes) -> tuple[_Split, ...]:
        size = sum(key)
        splits: list[tuple[Group, ...]] = []
        if size % 3 != 1:
            splits = _split(list(key), self.offset, size % 3 == 2, runs=self.offset < 27)
        result = tuple(
            (
                tuple(g for g in groups if g.kind is not GroupKind.TOITSU),
                next((g for g in groups if g.kind is GroupKind.TOITSU), None),
            )
            for groups in splits
        )
        self[key] = result
        return result


def _split(counts: list[int], offset: int, with_pair: bool, runs: bool) -> list[tuple[Group, ...]]:
    """Splits of `counts` where each split decides every group that starts at the lowest held number
    at once (a triplet, a pair and runs), so no multiset of groups is produced twice."""
    i = next((k for k, c in enumerate(counts) if c), None)
    if i is None:
        return [] if with_pair else [()]
    out: list[tuple[Group, ...]] = []
    held = counts[i]
    for triplet in (0, 1):
        for pair in (0, 1) if with_pair else (0,):
            run = held - 3 * triplet - 2 * pair
            if run < 0 or (run and not (runs and i + 2 < len(counts) and min(counts[i + 1], counts[i + 2]) >= run)):
                continue
            counts[i] = 0
            if run:
                counts[i + 1] -= run
                counts[i + 2] -= run
            here = (Group(GroupKind.KOUTSU, offset + i),) * triplet + (Group(GroupKind.TOITSU, offset + i),) * pair
            here += (Group(GroupKind.SHUNTSU, offset + i),) * run
            out += [here + rest for rest in _split(counts, offset, with_pair and not pair, runs)]
            counts[i] = held
            if run:
                counts[i + 1] += run
                counts[i + 2] += run
    return out


_MAN, _PIN, _SOU, _HONOURS = (_SectionSplits(offset) for offset in (0, 9, 18, 27))


def clear_split_cache() -> None:
    """Forget the memoised section splits, so a benchmark can time a cold start."""
    for table in (_MAN, _PIN, _SOU, _HONOURS):
        table.clear()


def _standard(concealed: bytes, melds: tuple[Group, ...], closed: bool) -> list[Decomposition]:
    man, pin, sou = _MAN[concealed[0:9]], _PIN[concealed[9:18]], _SOU[concealed[18:27]]
    honours = _HONOURS[concealed[27:34]]
    if not (man and pin and sou and honours):
        return []
    out = []
    for (man_groups, man_pair), (pin_groups, pin_pair), (sou_groups, sou_pair), (honour_groups, honour_pair) in product(
        man, pin, sou, honours
    ):
        # exactly one section holds the pair (sizes 2+2+2+8 would give four)
        if (man_pair is not None) + (pin_pair is not None) + (sou_pair is not None) + (honour_pair is not None) != 1:
            return []
        pair = man_pair or pin_pair or sou_pair or honour_pair
        assert pair is not None
        out.append(
            Decomposition(Form.STANDARD, man_groups + pin_groups + sou_groups + honour_groups + melds + (pair,), closed)
        )
    return out


def decompositions(
    concealed: Sequence[int], melds: Sequence[Meld | Group] = (), *, quads_as_pairs: bool = False
) -> list[Decomposition]:
    """Every reading of a complete hand: `concealed` is the 34-count array of the closed tiles
    (winning tile included), `melds` the called (or concealed-kan) melds, fixed as they were declared.
    With `quads_as_pairs`, four of a kind may be two of the seven pairs (鳴き立直's 七対子).
    An empty list means the tiles do not form a winning shape."""
    b = bytes(concealed)
    if not melds:
        if sum(b) != 14:
            return []
        out = _standard(b, (), True)
        if b.count(2) == 7 or (quads_as_pairs and b.count(4) and b.count(2) + 2 * b.count(4) == 7):
            pairs = tuple(Group(GroupKind.TOITSU, k) for k in range(KINDS) if b[k] in (2, 4) for _ in range(b[k] // 2))
            out.append(Decomposition(Form.CHIITOITSU, pairs))
        if b.count(0) == KINDS - 13 and all(b[k] for k in YAOCHUU):
            pair = next(k for k in YAOCHUU if b[k] == 2)
            out.append(Decomposition(Form.KOKUSHI, (Group(GroupKind.TOITSU, pair),)))
        return out
    groups = tuple([m.group if isinstance(m, Meld) else m for m in melds])
    if sum(b) + 3 * len(groups) != 14:
        return []
    return _standard(b, groups, not any(map(_IS_OPEN, groups)))


_IS_OPEN = operator.itemgetter(2)


def readings(decomposition: Decomposition, win: int) -> list[Reading]:
    """Every way the winning tile can have completed this decomposition (one per distinct group, each
    with the wait it had). Called groups were complete before the win."""
    if decomposition.form is Form.KOKUSHI:
        wait = Wait.KOKUSHI_13 if decomposition.pair == win else Wait.TANKI
        return [Reading(decomposition, 0, wait, win)]
    out = []
    seen: list[Group] = []
    for index, group in enumerate(decomposition.groups):
        kind, tile, is_open = group
        position = win - tile
        if is_open or position < 0 or position > 2:
            continue
        if kind is GroupKind.SHUNTSU:
            if position == 1:
                wait = Wait.KANCHAN
            elif tile % 9 == (6 if position == 0 else 0):
                wait = Wait.PENCHAN  # 12 waiting on 3, 89 waiting on 7
            else:
                wait = Wait.RYANMEN
        elif position:
            continue
        elif kind is GroupKind.TOITSU:
            wait = Wait.TANKI
        elif kind is GroupKind.KOUTSU:
            wait = Wait.SHANPON
        else:
            continue  # a kan is declared before the win
        if group not in seen:
            seen.append(group)
            out.append(Reading(decomposition, index, wait, win))
    return out


def all_readings(concealed: Sequence[int], win: int, melds: Sequence[Meld | Group] = ()) -> list[Reading]:
    """Every (decomposition, completed group, wait) for a complete hand won on `win`."""
    return [r for d in decompositions(concealed, melds) for r in readings(d, win)]
