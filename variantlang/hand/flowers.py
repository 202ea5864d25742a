"""Flowers held in a hand as fifth copies of honours (鳴き立直, seed 004 「花牌の使い方」; R-DORA-17).

「各字牌の5枚目として使うことができる。例えば、白2枚と花1枚で、白3枚と見なしても良い。ただし、白1枚と花2枚で
白3枚とはみなさない。」 A flower stands in for an honour beside one or two held copies of it (a pair or a
triplet; 国士無双's 「花牌」 is the pair beside one honour), and two flowers together are a pair of their
own (大七星's 「花牌は2枚持ちで1組とする」), standing for an honour the hand does not hold. Two flowers
beside one honour are not a triplet, and a flower never makes a fourth copy. This is the one answer to
"which honours can the flowers of this hand stand for": the scorer, the engine's waits and the bots ask it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from itertools import combinations_with_replacement

from variantlang.hand.tiles import KINDS

HONOURS = range(27, KINDS)


def stand_ins(held: Sequence[int], flowers: int, honours: Sequence[int] = HONOURS) -> Iterator[tuple[int, ...]]:
    """Every way all `flowers` can stand in for honours beside the `held` counts (34 kinds): the honour
    each flower stands for, in ascending order. `honours` are the honour kinds the set has."""
    usable = [k for k in honours if held[k] <= 2]
    for kinds in combinations_with_replacement(usable, flowers):
        placed = Counter(kinds)
        if all(n == (2 if held[k] == 0 else 1) for k, n in placed.items()):
            yield kinds


def with_stand_ins(held: Sequence[int], kinds: tuple[int, ...]) -> list[int]:
    """The counts with each flower counted as the honour it stands for."""
    counts = list(held)
    for kind in kinds:
        counts[kind] += 1
    return counts


def shanten_with_flowers(
    shanten: Callable[[Sequence[int]], int], held: Sequence[int], flowers: int, honours: Sequence[int] = HONOURS
) -> int:
    """The shanten of a hand of `held` counts and `flowers` flowers, as the engine's waits ask it first: -1
    exactly when the hand is complete, at most 0 exactly when it is tenpai. Every flower counts as a copy of
    an honour: one beside one or two held copies, or one or two beside none. A lone flower beside none is
    the seed of a pair or a triplet, as a drawn honour would make it. `shanten` is that of a hand without
    flowers over every other shape. With no such place for every flower (never, with seven honours and up to
    four flowers), a flower left over helps nothing and the hand is never complete."""
    if not flowers:
        return shanten(held)
    usable = [k for k in honours if held[k] <= 2]
    for used in range(flowers, -1, -1):
        best = 8 if used else max(shanten(held), 0)
        for kinds in combinations_with_replacement(usable, used):
            if all(n <= (2 if held[k] == 0 else 1) for k, n in Counter(kinds).items()):
                placed = shanten(with_stand_ins(held, kinds))
                best = min(best, placed if used == flowers else max(placed, 0))
        if best < 8:
            return best
    return best
