"""Shanten and ukeire for a bot's decisions, one suit at a time.

A hand's shanten is the combination of four per-suit vectors (`hand.shanten`); a discard or a draw
changes one suit, so the other three suits' combination is kept and only the changed suit is looked up
again. The suit lookups with one tile more or fewer are memoised per suit content (`Neighbours`), so in
steady state a candidate costs a few dict lookups and no byte building.
"""

from __future__ import annotations

from collections.abc import Sequence

from variantlang.hand.shanten import ShantenTables
from variantlang.hand.tiles import KINDS, YAOCHUU

SUITS = ((0, 9), (9, 18), (18, 27), (27, 34))
"""The kind ranges of man, pin, sou and honours: the slices the tables are keyed by."""


NEAR, ORPHANS, EVERY = range(3)
"""Which added tiles `Neighbours` tries: those touching a held tile of their suit (the only ones that can
make a group or a pair), those and every terminal and honour (thirteen orphans), or all (seven pairs
with fewer than seven kinds held, where any new kind helps)."""


class Neighbours:
    """For one suit's counts, the interned vector id after adding (`step` 1) or removing (`step` −1) one
    tile of each number; −1 where that is impossible (no copy to remove, more than the set has) or, on
    adding, left out by `reach` (a tile that cannot lower the shanten)."""

    __slots__ = ("caps", "known", "reach", "runs", "step", "table")

    def __init__(self, table: dict[bytes, int], caps: bytes, step: int, runs: bool, reach: int) -> None:
        self.table = table
        self.caps = caps
        self.step = step
        self.runs = runs
        self.reach = reach
        self.known: dict[bytes, tuple[int, ...]] = {}

    def get(self, key: bytes) -> tuple[int, ...]:
        known = self.known.get(key)
        if known is not None:
            return known
        out = []
        last = len(key) - 1
        for i, n in enumerate(key):
            m = n + self.step
            if m < 0 or m > self.caps[i] or (self.step > 0 and not self._tried(key, i, last)):
                out.append(-1)
                continue
            out.append(self.table[key[:i] + bytes((m,)) + key[i + 1 :]])
        value = self.known[key] = tuple(out)
        return value

    def _tried(self, key: bytes, i: int, last: int) -> bool:
        reach = self.reach
        if reach == EVERY or key[i]:
            return True
        if not self.runs:
            return reach == ORPHANS
        if reach == ORPHANS and i in (0, last):
            return True
        return any(key[max(0, i - 2) : i + 3])


class Shape:
    """One tile set's tables with the per-suit neighbours: shanten of a hand and of its one-tile changes."""

    __slots__ = ("final", "minimum", "minus", "pairs", "plus", "tables")

    def __init__(self, tables: ShantenTables) -> None:
        self.tables = tables
        self.pairs = tables.pairs
        self.minimum = tables.minimum
        self.final: dict[int, int] = _Final(tables.pairs, tables.minimum)
        suits = tuple(zip((tables.man, tables.pin, tables.sou, tables.honours), SUITS, strict=True))
        self.plus = tuple(
            tuple(Neighbours(t, tables.caps[lo:hi], 1, lo < 27, reach) for t, (lo, hi) in suits)
            for reach in (NEAR, ORPHANS, EVERY)
        )
        self.minus = tuple(Neighbours(t, tables.caps[lo:hi], -1, lo < 27, EVERY) for t, (lo, hi) in suits)

    def ids(self, counts: bytes) -> list[int]:
        t = self.tables
        return [t.man[counts[0:9]], t.pin[counts[9:18]], t.sou[counts[18:27]], t.honours[counts[27:34]]]

    def of_ids(self, m: int, p: int, s: int, h: int) -> int:
        pairs = self.pairs
        return self.final[(pairs[(m << 20) | p] << 20) | pairs[(s << 20) | h]]

    def shanten(self, counts: bytes) -> int:
        return self.of_ids(*self.ids(counts))

    def changed(self, counts: bytes, step: int) -> list[int]:
        """Shanten after adding (`step` 1) or removing (−1) one tile of each kind; 99 where impossible (or,
        adding, where the tile cannot lower the shanten: see `NEAR`). Each suit's candidates are combined with
        the other three suits taken together, one lookup each."""
        m, p, s, h = self.ids(counts)
        pairs, final = self.pairs, self.final
        mp = pairs[(m << 20) | p]
        sh = pairs[(s << 20) | h]
        rests = (pairs[(p << 20) | sh], pairs[(m << 20) | sh], pairs[(mp << 20) | h], pairs[(mp << 20) | s])
        out: list[int] = []
        table = self.minus if step < 0 else self.plus[_reach(counts)]
        for suit, (lo, hi) in enumerate(SUITS):
            rest = rests[suit]
            out += [99 if new < 0 else final[(new << 20) | rest] for new in table[suit].get(counts[lo:hi])]
        return out

    def ukeire(self, counts: bytes, unseen: Sequence[int], allowed: Sequence[bool] | None = None) -> tuple[int, int]:
        """(shanten, unseen copies of the kinds that lower it) for a hand waiting to draw; `allowed` leaves
        out kinds the hand's plan cannot use."""
        now = self.shanten(counts)
        after = self.changed(counts, 1)
        if allowed is None:
            return now, sum([unseen[k] for k in range(KINDS) if after[k] < now])
        return now, sum([unseen[k] for k in range(KINDS) if after[k] < now and allowed[k]])


class _Final(dict[int, int]):
    """Two vector ids (`a << 20 | b`) straight to the minimum shanten of their combination: one lookup where
    `minimum[pairs[key]]` takes two, in the bots' hottest loop."""

    def __init__(self, pairs: dict[int, int], minimum: dict[int, int]) -> None:
        super().__init__()
        self.pairs = pairs
        self.minimum = minimum

    def __missing__(self, key: int) -> int:
        value = self.minimum[self.pairs[key]]
        self[key] = value
        return value


def _reach(counts: bytes) -> int:
    """The added tiles that can lower the shanten of a hand waiting to draw: thirteen orphans can only be
    the lowest with seven orphan kinds held, seven pairs gain from a new kind only below seven kinds."""
    if sum(counts) != 13:
        return NEAR
    if KINDS - counts.count(0) < 7:
        return EVERY
    return ORPHANS if sum(1 for k in YAOCHUU if counts[k]) >= 7 else NEAR
