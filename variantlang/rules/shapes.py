"""Which shapes complete a hand (R-WIN-1, R-WIN-6): four groups and a pair, seven pairs and thirteen
orphans (the shanten tables know these), and the shapes a variant adds, such as seven pairs that may hold
a quad as two pairs (`win.chiitoitsu_quads`, 鳴き立直). The engine's waits and win offers and the
scorer's decompositions all ask `shapes(ruleset)`, so a hand `score` pays is a hand the engine offers.

A further shape (the flowers of the seed variants) is one more `ExtraShape`: how it completes a hand of
counts, and which kinds a hand one tile short waits on. Flowers held as fifth copies of honours
(`dora.flower_honour_copy`, 鳴き立直) are `FlowerStandIns`: the engine's counts then run past the 34 kinds
(`hand.tiles.ALL_KINDS`), a flower being one more kind of one copy. A joker (the white pocchi, R-TILE-7) is
a tile, not a shape: `Shapes.wild` says when the tile is wild and `Shapes.joker_kinds` what it may stand for.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from variantlang.hand.flowers import shanten_with_flowers, stand_ins, with_stand_ins
from variantlang.hand.shanten import ShantenTables, tables_for
from variantlang.hand.tiles import FLOWER_BASE, KINDS, YAOCHUU, Mark, Tile
from variantlang.model.ruleset import Ruleset


class ExtraShape(Protocol):
    """A completing shape beyond the shanten tables' own."""

    def complete(self, counts: Sequence[int]) -> bool:
        """Whether the closed counts (melds apart) complete a hand of this shape."""

    def waits(self, counts: Sequence[int]) -> tuple[int, ...]:
        """The kinds that would complete the closed counts as this shape (a hand one tile short)."""

    def near(self, counts: Sequence[int]) -> bool:
        """Whether a hand one tile over (14 closed tiles) can discard to wait on this shape."""


class SevenPairsWithQuads:
    """Seven pairs in which four of a kind are two of the pairs (`win.chiitoitsu_quads on`)."""

    def complete(self, counts: Sequence[int]) -> bool:
        return sum(counts) == 14 and all(n in (0, 2, 4) for n in counts)

    def waits(self, counts: Sequence[int]) -> tuple[int, ...]:
        if sum(counts) != 13:
            return ()
        odd = [k for k, n in enumerate(counts) if n % 2]  # a flower (past the 34 kinds) pairs with none
        return tuple(odd) if len(odd) == 1 and odd[0] < KINDS else ()

    def near(self, counts: Sequence[int]) -> bool:
        return sum(counts) == 14 and sum(n % 2 for n in counts) in (0, 2)

    @staticmethod
    def shanten(counts: Sequence[int]) -> int:
        """The shanten of a closed hand (34 kinds) towards seven pairs that may hold a quad as two pairs:
        each kind gives as many pairs as it holds twos, so no count of distinct kinds is needed."""
        if sum(counts) < 13:
            return 8
        return 6 - min(7, sum(n // 2 for n in counts))


class FlowerStandIns:
    """Flowers held in the hand as fifth copies of honours (`dora.flower_honour_copy`, R-DORA-17): the
    hand completes when some way all its flowers stand in (`hand.flowers.stand_ins`, the scorer's own
    answer) completes it in another shape. Counts past the 34 kinds are the flowers held, one kind each."""

    def __init__(
        self,
        plain: Callable[[Sequence[int]], bool],
        plain_shanten: Callable[[Sequence[int]], int],
        caps: bytes,
        honours: tuple[int, ...],
        flowers: tuple[int, ...],
    ) -> None:
        self.plain = plain
        self.plain_shanten = plain_shanten
        """The shanten of a hand without flowers over every other shape (the quick test before the waits)."""
        self.caps = caps
        self.honours = honours
        self.flowers = flowers
        """The flower kinds of the set."""

    def _completes(self, held: list[int], flowers: int) -> bool:
        return any(self.plain(with_stand_ins(held, kinds)) for kinds in stand_ins(held, flowers, self.honours))

    def complete(self, counts: Sequence[int]) -> bool:
        flowers = sum(counts[KINDS:])
        return bool(flowers) and self._completes(list(counts[:KINDS]), flowers)

    def waits(self, counts: Sequence[int]) -> tuple[int, ...]:
        """The kinds (a flower kind among them) that complete a hand one tile short with a flower standing in."""
        flowers = sum(counts[KINDS:])
        held = list(counts[:KINDS])
        if shanten_with_flowers(self.plain_shanten, held, flowers, self.honours) > 0:
            return ()
        out: list[int] = []
        if flowers:  # any drawn tile may complete the hand beside the flowers held
            for kind in range(KINDS):
                held[kind] += 1
                if self.caps[kind] and self._completes(held, flowers):
                    out.append(kind)
                held[kind] -= 1
        if self._completes(held, flowers + 1):
            out += [k for k in self.flowers if not (k < len(counts) and counts[k])]
        return tuple(out)

    def near(self, counts: Sequence[int]) -> bool:
        return shanten_with_flowers(self.plain_shanten, counts[:KINDS], sum(counts[KINDS:]), self.honours) <= 0


class Shapes:
    """The completing shapes of one Ruleset, with the shanten tables of its tile set."""

    __slots__ = ("copies", "extra", "pocchi_wild", "quads_as_pairs", "tables")

    def __init__(
        self,
        tables: ShantenTables,
        copies: tuple[int, ...],
        quads_as_pairs: bool,
        pocchi_wild: str = "off",
        flowers: int = 0,
    ) -> None:
        self.tables = tables
        self.copies = copies
        self.quads_as_pairs = quads_as_pairs
        """Four of a kind may be two of seven pairs (the scorer's decompositions read it)."""
        self.extra: tuple[ExtraShape, ...] = (SevenPairsWithQuads(),) if quads_as_pairs else ()
        self.pocchi_wild = pocchi_wild
        """`tiles.pocchi_wild`: when a drawn pocchi is a joker."""
        if flowers:  # the set's `flowers` flower kinds, held as fifth copies of honours
            honours = tuple(k for k in range(27, KINDS) if copies[k])
            kinds = tuple(range(FLOWER_BASE, FLOWER_BASE + flowers))
            self.extra += (FlowerStandIns(self._complete, self._shanten, tables.caps, honours, kinds),)

    def _complete(self, counts: Sequence[int]) -> bool:
        return self.tables.shanten(counts) == -1 or any(
            shape.complete(counts) for shape in self.extra if not isinstance(shape, FlowerStandIns)
        )

    def _shanten(self, counts: Sequence[int]) -> int:
        plain = self.tables.shanten(counts)
        return min(plain, SevenPairsWithQuads.shanten(counts)) if self.quads_as_pairs else plain

    def wild(self, tile: Tile | None, *, tsumo: bool, riichi: bool, ippatsu: bool) -> bool:
        """Whether `tile`, the winning tile, is a joker on this win (R-TILE-7, 白ポッチ): a pocchi drawn by
        a player in riichi, on the ippatsu turn (`riichi_ippatsu_tsumo`) or at any time after riichi
        (`after_riichi`). Never on a ron: the source's joker is one's own draw."""
        if self.pocchi_wild == "off" or tile is None or tile.mark is not Mark.POCCHI:
            return False
        return tsumo and riichi and (ippatsu or self.pocchi_wild == "after_riichi")

    def joker_kinds(self, counts: list[int], melded: Sequence[int] | None = None) -> tuple[int, ...]:
        """The kinds a joker may stand for in a hand whose other closed tiles are `counts` (3n+1 tiles): those
        that complete it, as a plain copy that counts toward its kind's copies, so exactly the hand's waits."""
        return self.waits(counts, melded)

    def complete(self, counts: Sequence[int]) -> bool:
        """Whether the closed counts (a hand's tiles less its melds) complete the hand."""
        return (_plain(counts) and self.tables.shanten(counts) == -1) or any(
            shape.complete(counts) for shape in self.extra
        )

    def near(self, counts: Sequence[int]) -> bool:
        """Whether a hand of 14 closed tiles might discard to tenpai (a quick filter before `waits`)."""
        return (_plain(counts) and self.tables.shanten(counts) <= 0) or any(shape.near(counts) for shape in self.extra)

    def waits(self, counts: list[int], melded: Sequence[int] | None = None) -> tuple[int, ...]:
        """Kinds that complete a hand of 3n+1 tiles, leaving out a kind whose every copy the seat holds.

        Only kinds that can touch the hand are tried: a suited kind within two of a held tile of its suit,
        a held honour, and every terminal and honour when the hand could be thirteen orphans."""
        extra: set[int] = set()
        for shape in self.extra:
            extra.update(shape.waits(counts))
        shanten = self.tables
        plain = _plain(counts)  # with flowers held, only their stand-ins complete the hand
        if not (plain and shanten.shanten(counts) == 0) and not extra:
            return ()
        out = []
        copies = self.copies
        orphans = sum(counts) == 13 and sum(1 for k in YAOCHUU if counts[k]) >= 12
        for kind in range(KINDS):
            if not copies[kind]:
                continue
            if kind >= 27:
                near = counts[kind] > 0
            else:
                n = kind % 9
                near = counts[kind] > 0 or any(counts[kind + d] for d in (-2, -1, 1, 2) if 0 <= n + d <= 8)
            if not near and not (orphans and kind in YAOCHUU) and kind not in extra:
                continue
            held = counts[kind] + (melded[kind] if melded else 0)
            if held < copies[kind]:
                if kind in extra:
                    out.append(kind)
                    continue
                counts[kind] += 1
                if plain and shanten.shanten(counts) == -1:
                    out.append(kind)
                counts[kind] -= 1
        out += sorted(k for k in extra if k >= KINDS)  # a flower drawn or discarded completes the hand
        return tuple(out)


def _plain(counts: Sequence[int]) -> bool:
    """Whether the counts hold no flower: the shanten tables read the 34 kinds only, so a hand with flowers
    held (counts past `KINDS`) is complete or waiting only as `FlowerStandIns` places them."""
    return not any(counts[KINDS:])


def shapes(ruleset: Ruleset) -> Shapes:
    """The completing shapes of `ruleset` (its consumers build this once per Ruleset)."""
    tiles = ruleset.tile_set
    flowers = tiles.flowers if ruleset.dora.flower_honour_copy else 0
    return Shapes(tables_for(tiles), tiles.copies, ruleset.win.chiitoitsu_quads, ruleset.tiles.pocchi_wild, flowers)
