"""Random hands drawn from a tile set, for property tests, oracle comparisons and benchmarks.

Generators take a `random.Random`, so Hypothesis can drive them (`st.randoms()`) and benchmarks can
replay the same inputs from a seed.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from variantlang.hand.decomposition import GroupKind, Meld, MeldType
from variantlang.hand.tiles import KINDS, STANDARD_TILES, WINDS, YAOCHUU, Tile, TileSet
from variantlang.model.win import WinInput


def random_counts(rng: random.Random, size: int, tiles: TileSet = STANDARD_TILES) -> list[int]:
    """A 34-count array of `size` tiles dealt from a shuffled wall of `tiles`."""
    wall = [k for k in range(KINDS) for _ in range(tiles.copies[k])]
    counts = [0] * KINDS
    for kind in rng.sample(wall, size):
        counts[kind] += 1
    return counts


@dataclass(frozen=True)
class CompleteHand:
    """A winning hand: concealed tiles (winning tile included), declared melds, and the winning tile."""

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...]
    win: Tile

    @property
    def concealed_counts(self) -> list[int]:
        counts = [0] * KINDS
        for tile in self.concealed:
            counts[tile.kind] += 1
        return counts


_MELD_FOR = {
    GroupKind.SHUNTSU: (MeldType.CHI,),
    GroupKind.KOUTSU: (MeldType.PON,),
    GroupKind.KANTSU: (MeldType.MINKAN, MeldType.ANKAN, MeldType.KAKAN),
}


def random_complete_hand(
    rng: random.Random,
    tiles: TileSet = STANDARD_TILES,
    *,
    meld_chance: float = 0.25,
    kan_chance: float = 0.08,
    special_chance: float = 0.06,
    chi: bool = True,
) -> CompleteHand:
    """Four groups and a pair that fit in `tiles`; each group is called with `meld_chance`, a triplet
    becomes a kan with `kan_chance`; seven pairs or thirteen orphans appear with `special_chance`. Without
    `chi` (a variant with `calls.chi off`) runs stay concealed."""
    if rng.random() < special_chance:
        special = _seven_pairs(rng, tiles) if rng.random() < 0.7 else _kokushi(rng, tiles)
        if special is not None:
            return special
    budget = list(tiles.copies)
    runs = [k for k in range(27) if k % 9 <= 6 and all(budget[k + i] for i in range(3))]
    concealed: list[int] = []
    melds: list[tuple[MeldType, list[int]]] = []
    while len(melds) + len(concealed) // 3 < 4:
        kind = GroupKind.SHUNTSU if runs and rng.random() < 0.55 else GroupKind.KOUTSU
        if kind is GroupKind.KOUTSU and rng.random() < kan_chance:
            kind = GroupKind.KANTSU
        size = 4 if kind is GroupKind.KANTSU else 3
        if kind is GroupKind.SHUNTSU:
            start = rng.choice(runs)
            group = [start, start + 1, start + 2]
        else:
            options = [k for k in range(KINDS) if budget[k] >= size]
            group = [rng.choice(options)] * size
        if any(budget[k] < group.count(k) for k in set(group)):
            continue
        for k in group:
            budget[k] -= 1
        called = kind is GroupKind.KANTSU or rng.random() < meld_chance
        if called and (chi or kind is not GroupKind.SHUNTSU):
            melds.append((rng.choice(_MELD_FOR[kind]), group))
        else:
            concealed.extend(group)
    pair = rng.choice([k for k in range(KINDS) if budget[k] >= 2])
    budget[pair] -= 2
    concealed.extend((pair, pair))
    physical = _mark_reds(rng, tiles, concealed + [k for _, g in melds for k in g])
    closed_tiles = tuple(physical[: len(concealed)])
    rest = iter(physical[len(concealed) :])
    built = tuple(Meld(t, tuple(next(rest) for _ in g)) for t, g in melds)
    return CompleteHand(closed_tiles, built, rng.choice(closed_tiles))


def _mark_reds(rng: random.Random, tiles: TileSet, kinds: list[int]) -> list[Tile]:
    """Physical tiles for `kinds`, drawn without replacement from each kind's real copies, so that a
    hand holding every copy of a five holds its red one too."""
    pools: dict[int, list[Tile]] = {}
    out = []
    for kind in kinds:
        if kind not in pools:
            marked = [t for t, n in tiles.marked if t.kind == kind for _ in range(n)]
            pool = marked + [Tile(kind)] * (tiles.copies[kind] - len(marked))
            rng.shuffle(pool)
            pools[kind] = pool
        out.append(pools[kind].pop())
    return out


def _seven_pairs(rng: random.Random, tiles: TileSet) -> CompleteHand | None:
    kinds = [k for k in range(KINDS) if tiles.copies[k] >= 2]
    if len(kinds) < 7:
        return None
    pairs = rng.sample(kinds, 7)
    physical = _mark_reds(rng, tiles, [k for k in pairs for _ in range(2)])
    return CompleteHand(tuple(physical), (), rng.choice(physical))


def _kokushi(rng: random.Random, tiles: TileSet) -> CompleteHand | None:
    if not all(tiles.copies[k] for k in YAOCHUU):
        return None
    kinds = [*list(YAOCHUU), rng.choice([k for k in YAOCHUU if tiles.copies[k] >= 2])]
    physical = [Tile(k) for k in kinds]
    return CompleteHand(tuple(physical), (), rng.choice(physical))


def random_win(
    rng: random.Random,
    tiles: TileSet = STANDARD_TILES,
    *,
    nuki_kinds: tuple[int, ...] = (),
    indicators: tuple[int, int] = (3, 3),
    chi: bool = True,
) -> WinInput:
    """A random complete hand with random circumstances that can happen together: riichi only when
    closed, ippatsu only after riichi, rinshan only on a tsumo with a kan, haitei on tsumo, houtei and
    chankan on ron, tenhou/chiihou on a first draw; winds, 1–3 dora indicators (and as many ura after
    riichi) up to the variant's most (`indicators`, from `rules.dora.most_indicators`), drawn from the
    tiles the hand and its nuki leave; honba and riichi sticks; nuki tiles of `nuki_kinds` that the hand
    does not already hold; no called runs without `chi`."""
    hand = random_complete_hand(rng, tiles, chi=chi)
    closed = not any(m.is_open for m in hand.melds)
    has_kan = any(m.is_kan for m in hand.melds)
    tsumo = rng.random() < 0.5
    riichi = closed and rng.random() < 0.5
    double = riichi and rng.random() < 0.1
    rinshan = tsumo and has_kan and rng.random() < 0.3
    haitei = tsumo and not rinshan and rng.random() < 0.1
    houtei = not tsumo and rng.random() < 0.1
    held = [t.kind for t in hand.concealed] + [t.kind for m in hand.melds for t in m.tiles]
    chankan = not tsumo and not houtei and held.count(hand.win.kind) == 1 and rng.random() < 0.05
    seat = rng.choice(WINDS[: 3 if tiles.copies[1] == 0 else 4])
    first_draw = tsumo and not hand.melds and not riichi and rng.random() < 0.02
    count = rng.randint(1, min(3, indicators[0]))
    nuki: list[Tile] = []
    for kind in nuki_kinds:
        room = tiles.copies[kind] - held.count(kind)
        nuki += [Tile(kind)] * rng.randint(0, room) if rng.random() < 0.5 else []
    left = Counter(held + [t.kind for t in nuki])
    wall = [Tile(k) for k in range(KINDS) for _ in range(tiles.copies[k] - left[k])]
    shown = rng.sample(wall, count + min(count, indicators[1]))
    return WinInput(
        closed=hand.concealed,
        melds=hand.melds,
        win=hand.win,
        tsumo=tsumo,
        riichi=riichi and not double,
        double_riichi=double,
        ippatsu=riichi and rng.random() < 0.2,
        rinshan=rinshan,
        chankan=chankan,
        haitei=haitei,
        houtei=houtei,
        tenhou=first_draw and seat == WINDS[0],
        chiihou=first_draw and seat != WINDS[0],
        seat_wind=seat,
        round_wind=rng.choice(WINDS[:2]),
        dora_indicators=tuple(shown[:count]),
        ura_indicators=tuple(shown[count:]) if riichi else (),
        honba=rng.randint(0, 3),
        riichi_sticks=rng.randint(0, 2),
        nuki=tuple(nuki),
    )
