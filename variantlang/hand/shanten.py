"""Shanten and ukeire over 34-count arrays, exact for any tile set.

Shanten here is defined exactly: one less than the fewest tiles that must be drawn (each replacing a
discard) to complete the hand, where the completed hand may not hold more copies of a kind than the
tile set has (R-DRAW-3: waiting on a fifth copy is not tenpai) and may not use removed kinds
(three-player sets). That is the distance Tenhou's 牌理 reports.

Speed comes from tables (the tomohxx method): each suit's counts map to a vector of distances, one per
(melds, pair) target, and vectors of the four suits combine by min-plus convolution. Both the suit
vectors and the convolutions are interned and memoised on first use, so a call in steady state is a
handful of dict lookups on byte slices of the hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from variantlang.hand.tiles import KINDS, YAOCHUU, TileSet

INF = 64
"""Distance standing for "cannot be reached" (never added to itself past an int's comfort)."""

MELDS = 4
WIDTH = (MELDS + 1) * 2
"""A distance vector has one entry per target (m melds, p pairs), index m * 2 + p."""

Vector = tuple[int, ...]


class _Interned(dict[Vector, int]):
    """Distance vectors by id, so convolution results can be memoised on small integer keys."""

    def __init__(self) -> None:
        super().__init__()
        self.vectors: list[Vector] = []

    def __missing__(self, vector: Vector) -> int:
        value = len(self.vectors)
        self[vector] = value
        self.vectors.append(vector)
        return value


def _convolve(a: Vector, b: Vector) -> Vector:
    """Min-plus convolution: the cheapest split of each (m, p) target between two tile groups."""
    out = [INF] * WIDTH
    for m1 in range(MELDS + 1):
        for p1 in (0, 1):
            x = a[m1 * 2 + p1]
            if x >= INF:
                continue
            for m2 in range(MELDS + 1 - m1):
                for p2 in range(2 - p1):
                    y = x + b[m2 * 2 + p2]
                    k = (m1 + m2) * 2 + p1 + p2
                    if y < out[k]:
                        out[k] = y
    return tuple(min(v, INF) for v in out)


_SHIFTS = {
    (dm, dp): tuple((m * 2 + p, (m + dm) * 2 + p + dp) for m in range(MELDS + 1 - dm) for p in range(2 - dp))
    for dm in range(MELDS + 1)
    for dp in (0, 1)
}
"""(source, target) index pairs that move a distance vector up by dm melds and dp pairs."""
_ZERO: Vector = (0,) + (INF,) * (WIDTH - 1)
_NONE: Vector = (INF,) * WIDTH


class _SuitDistances:
    """Fewest tiles to add to one suit's counts to hold m melds and p pairs within `caps`.

    A dynamic programme over the numbers from low to high, memoised on (counts still to place, runs
    started two and one numbers back), so suits that share a tail share the work. At most `caps[i]`
    copies of a number can be in the target, which is what makes a wait on a fifth copy cost an extra
    draw.

    With `anchored`, only groups that touch a held tile are placed: a group of drawn tiles costs 3 (or
    2 for a pair) wherever it goes, so `_with_free_groups` adds those once for the whole hand. That
    prunes most of the search; it needs room for them elsewhere, which `ShantenTables` checks.
    """

    def __init__(self, caps: bytes, anchored: bool) -> None:
        self.caps = caps
        self.anchored = anchored
        self.memo: dict[tuple[bytes, int, int], Vector] = {}

    def __call__(self, counts: bytes) -> Vector:
        return self._rest(counts, 0, 0)

    def _rest(self, suffix: bytes, a: int, b: int) -> Vector:
        """Distances for the numbers in `suffix`, with `a` and `b` runs already running into it."""
        key = (suffix, a, b)
        known = self.memo.get(key)
        if known is not None:
            return known
        caps, anchored = self.caps, self.anchored
        i = len(caps) - len(suffix)
        if not suffix:
            out = _ZERO if a == 0 and b == 0 else _NONE
        elif anchored and a == 0 and b == 0 and not any(suffix):
            out = _ZERO  # nothing held and nothing running: no anchored group can start here
        else:
            cap, held, base = caps[i], suffix[0], a + b
            best = list(_NONE)
            if base <= cap:
                can_run = i + 2 < len(caps) and caps[i + 1] and caps[i + 2]
                max_runs = (min(sum(suffix[:3]), MELDS) if anchored else MELDS) if can_run else 0
                sets = 1 if held or not anchored else 0
                for s in range(min(cap - base, max_runs) + 1):
                    below = self._rest(suffix[1:], b, s)
                    for t in range(sets + 1):
                        for q in range(sets + 1):
                            placed = base + s + 3 * t + 2 * q
                            if placed > cap or s + t > MELDS:
                                break
                            cost = placed - held if placed > held else 0
                            for source, target in _SHIFTS[(s + t, q)]:
                                value = below[source] + cost
                                if value < best[target]:
                                    best[target] = value
            out = tuple(best)
        self.memo[key] = out
        return out


def _with_free_groups(distances: Vector) -> Vector:
    """Add groups made wholly of drawn tiles (3 per meld, 2 for the pair) to anchored distances."""
    free = tuple(3 * m + 2 * p for m in range(MELDS + 1) for p in (0, 1))
    return _convolve(distances, free)


def _honour_vector(counts: bytes, caps: bytes, anchored: bool = True) -> Vector:
    """Like `_SuitDistances` for kinds that cannot form runs: each kind is a triplet, a pair or nothing."""
    acc = _ZERO
    for held, cap in zip(counts, caps, strict=True):
        if anchored and not held:
            continue
        one = [INF] * WIDTH
        one[0] = 0
        if cap >= 3:
            one[2] = max(0, 3 - held)
        if cap >= 2:
            one[1] = max(0, 2 - held)
        acc = _convolve(acc, tuple(one))
    return acc


def _with_extras(distances: Vector, counts: bytes, orphan_positions: Sequence[int]) -> Vector:
    """After the distances a vector carries what the special forms need: tiles, kinds, kinds held twice
    or more, orphan kinds, and whether an orphan is held twice (`_combine` adds the rest, ors the last)."""
    orphans = [counts[i] for i in orphan_positions]
    return (
        *distances,
        sum(counts),
        len(counts) - counts.count(0),
        len(counts) - counts.count(0) - counts.count(1),
        len(orphans) - orphans.count(0),
        1 if any(c >= 2 for c in orphans) else 0,
    )


def _combine(a: Vector, b: Vector) -> Vector:
    extras = (*tuple(x + y for x, y in zip(a[WIDTH:-1], b[WIDTH:-1], strict=True)), a[-1] | b[-1])
    return _convolve(a, b) + extras


class ShantenTables:
    """Memoised distance tables for one tile set (its copies per kind are the caps).

    Engines and bots should keep one of these per tile set and call its methods: every call then
    costs a few dict lookups on byte slices of the count array.
    """

    def __init__(self, copies: Sequence[int], *, anchored: bool | None = None) -> None:
        caps = bytes(copies)
        self.caps = caps
        interned = _Interned()
        self.vectors = interned.vectors

        # Anchored tables leave groups of only drawn tiles to the end; that is exact when such a group
        # always finds kinds nobody touches, which 19 kinds of three or more copies guarantee.
        room = sum(1 for c in copies if c >= 3) >= 19
        if anchored and not room:
            raise ValueError("anchored tables need 19 kinds with three or more copies")
        self.anchored = room if anchored is None else anchored
        yaochuu_caps = [copies[k] for k in YAOCHUU]
        self.kokushi_possible = all(c >= 1 for c in yaochuu_caps) and any(c >= 2 for c in yaochuu_caps)
        self.chiitoi_possible = sum(1 for c in copies if c >= 2) >= 7

        def table(lo: int, hi: int) -> dict[bytes, int]:
            part = caps[lo:hi]
            chains = hi - lo == 9 and lo < 27 and any(part[i] and part[i + 1] and part[i + 2] for i in range(7))
            build: _SuitDistances | _HonourDistances = (
                _SuitDistances(part, self.anchored) if chains else _HonourDistances(part, self.anchored)
            )
            orphans = [k - lo for k in YAOCHUU if lo <= k < hi]
            return _Table(interned, build, orphans)

        self.man = table(0, 9)
        self.pin = table(9, 18)
        self.sou = table(18, 27)
        self.honours = table(27, 34)
        self.pairs: dict[int, int] = _Pairs(interned)
        self.reports: dict[int, ShantenReport] = _Reports(self)
        self.minimum: dict[int, int] = _Minimum(self)

    def _report(self, vector: Vector) -> ShantenReport:
        total, kinds, pair_kinds, orphan_kinds, orphan_pair = vector[WIDTH:]
        distances = _with_free_groups(vector[:WIDTH]) if self.anchored else vector
        normal = distances[(total // 3) * 2 + 1] - 1
        if total < 13:
            return ShantenReport(normal, None, None)
        chiitoi = 6 - pair_kinds + (7 - kinds if kinds < 7 else 0) if self.chiitoi_possible else None
        kokushi = 13 - orphan_kinds - orphan_pair if self.kokushi_possible else None
        return ShantenReport(normal, chiitoi, kokushi)

    def hand_id(self, counts: Sequence[int]) -> int:
        """The interned id of a whole hand's vector: equal ids, equal shanten of every kind."""
        b = bytes(counts)
        pairs = self.pairs
        return pairs[
            (pairs[(self.man[b[0:9]] << 20) | self.pin[b[9:18]]] << 20)
            | pairs[(self.sou[b[18:27]] << 20) | self.honours[b[27:34]]]
        ]

    def shanten(self, counts: Sequence[int]) -> int:
        """Minimum shanten over the normal form, seven pairs and thirteen orphans (the last two when closed)."""
        b = bytes(counts)
        pairs = self.pairs
        return self.minimum[
            pairs[
                (pairs[(self.man[b[0:9]] << 20) | self.pin[b[9:18]]] << 20)
                | pairs[(self.sou[b[18:27]] << 20) | self.honours[b[27:34]]]
            ]
        ]

    def report(self, counts: Sequence[int]) -> ShantenReport:
        return self.reports[self.hand_id(counts)]

    def ukeire(self, counts: Sequence[int], visible: Sequence[int] | None = None) -> dict[int, int]:
        """Kinds that lower the shanten of a 3n+1 hand, each with how many copies are still unseen.

        A kind the set lacks, or whose copies are all held or visible, is no improvement (R-DRAW-3).
        """
        work = list(counts)
        current = self.shanten(work)
        caps = self.caps
        out: dict[int, int] = {}
        for kind in range(KINDS):
            left = caps[kind] - work[kind] - (visible[kind] if visible else 0)
            if left <= 0:
                continue
            work[kind] += 1
            if self.shanten(work) < current:
                out[kind] = left
            work[kind] -= 1
        return out


@dataclass(frozen=True, slots=True)
class ShantenReport:
    """Shanten by form; None where a form does not apply (called melds, or the set lacks its tiles)."""

    normal: int
    chiitoi: int | None
    kokushi: int | None

    @property
    def minimum(self) -> int:
        return min(v for v in (self.normal, self.chiitoi, self.kokushi) if v is not None)


class _HonourDistances:
    """`_honour_vector` over one group's caps, callable on its counts like `_SuitDistances`."""

    def __init__(self, caps: bytes, anchored: bool) -> None:
        self.caps = caps
        self.anchored = anchored

    def __call__(self, counts: bytes) -> Vector:
        return _honour_vector(counts, self.caps, self.anchored)


class _Table(dict[bytes, int]):
    """One suit's (or the honours') counts to the interned id of their vector, filled on first use.

    The memo classes live at module level (not nested in `ShantenTables`) so that mypyc compiles them."""

    def __init__(self, interned: _Interned, build: _SuitDistances | _HonourDistances, orphans: list[int]) -> None:
        super().__init__()
        self.interned = interned
        self.build = build
        self.orphans = orphans

    def __missing__(self, key: bytes) -> int:
        value = self.interned[_with_extras(self.build(key), key, self.orphans)]
        self[key] = value
        return value


class _Pairs(dict[int, int]):
    """Two vector ids (`a << 20 | b`) to the id of their combination."""

    def __init__(self, interned: _Interned) -> None:
        super().__init__()
        self.interned = interned
        self.vectors = interned.vectors

    def __missing__(self, key: int) -> int:
        vectors = self.vectors
        value = self.interned[_combine(vectors[key >> 20], vectors[key & 0xFFFFF])]
        self[key] = value
        return value


class _Reports(dict[int, "ShantenReport"]):
    """A whole hand's vector id to its report."""

    def __init__(self, tables: ShantenTables) -> None:
        super().__init__()
        self.tables = tables

    def __missing__(self, key: int) -> ShantenReport:
        value = self.tables._report(self.tables.vectors[key])
        self[key] = value
        return value


class _Minimum(dict[int, int]):
    """A whole hand's vector id to its minimum shanten."""

    def __init__(self, tables: ShantenTables) -> None:
        super().__init__()
        self.tables = tables

    def __missing__(self, key: int) -> int:
        value = self.tables.reports[key].minimum
        self[key] = value
        return value


@lru_cache(maxsize=32)
def _tables_for_copies(copies: tuple[int, ...]) -> ShantenTables:
    return ShantenTables(copies)


STANDARD_TABLES = _tables_for_copies((4,) * KINDS)


def tables_for(tiles: TileSet | None) -> ShantenTables:
    """The shared tables of a tile set (None: the standard 136)."""
    return STANDARD_TABLES if tiles is None else _tables_for_copies(tiles.copies)


def shanten(counts: Sequence[int], tiles: TileSet | None = None) -> int:
    """Minimum shanten of a hand under a tile set; see `ShantenTables.shanten`."""
    return tables_for(tiles).shanten(counts)


def shanten_report(counts: Sequence[int], tiles: TileSet | None = None) -> ShantenReport:
    return tables_for(tiles).report(counts)


def ukeire(counts: Sequence[int], tiles: TileSet | None = None, visible: Sequence[int] | None = None) -> dict[int, int]:
    return tables_for(tiles).ukeire(counts, visible)
