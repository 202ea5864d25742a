"""Flowers as fifth copies of honours, worked by hand from seed 004 「花牌の使い方」 and its yaku list."""

from __future__ import annotations

from collections import Counter
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from variantlang.hand.flowers import shanten_with_flowers, stand_ins, with_stand_ins
from variantlang.hand.shanten import STANDARD_TABLES
from variantlang.hand.tiles import parse_tiles, to_counts

HAKU, HATSU, CHUN, TON = 31, 32, 33, 27


def held(text: str) -> list[int]:
    return to_counts(parse_tiles(text))


def test_two_of_an_honour_and_a_flower_are_a_triplet() -> None:
    """「白2枚と花1枚で、白3枚と見なしても良い」: 123m 456m 789m 11p 白白+花 is complete."""
    hand = held("123456789m11p55z")
    assert (HAKU,) in list(stand_ins(hand, 1))
    assert STANDARD_TABLES.shanten(with_stand_ins(hand, (HAKU,))) == -1
    assert shanten_with_flowers(STANDARD_TABLES.shanten, hand, 1) == -1


def test_one_of_an_honour_and_two_flowers_are_not_a_triplet() -> None:
    """「ただし、白1枚と花2枚で白3枚とはみなさない」: 123m 456m 789m 11p 白+花花 is not complete; the two
    flowers can still be a pair of their own, which leaves 白 single (tenpai, not a win)."""
    hand = held("123456789m11p5z")
    assert (HAKU, HAKU) not in list(stand_ins(hand, 2))
    assert shanten_with_flowers(STANDARD_TABLES.shanten, hand, 2) == 0


def test_two_flowers_are_a_pair_of_an_honour_not_held() -> None:
    """大七星 「花牌は2枚持ちで1組とする」: 東東南南西西北北白白發發 + 花花 is seven pairs of honours."""
    hand = held("112233445566z")
    assert (CHUN, CHUN) in list(stand_ins(hand, 2))
    assert shanten_with_flowers(STANDARD_TABLES.shanten, hand, 2) == -1


def test_flowers_never_make_a_fourth_copy_or_join_a_held_pair_as_two() -> None:
    hand = held("555z")
    assert all(HAKU not in kinds for kinds in stand_ins(hand, 1))  # three held: no fifth-copy kan
    assert (TON, TON) not in list(stand_ins(held("1z"), 2))


def test_thirteen_orphans_with_a_flower() -> None:
    """国士無双 「1・9・字牌・花牌を全種類手に収める」: the thirteen kinds and a flower, which pairs one honour."""
    hand = held("19m19p19s1234567z")
    assert shanten_with_flowers(STANDARD_TABLES.shanten, hand, 1) == -1


def test_a_flower_beside_one_honour_is_its_pair() -> None:
    hand = held("123456789m111z2z")
    assert shanten_with_flowers(STANDARD_TABLES.shanten, hand, 1) == -1


def test_a_flower_that_fits_nowhere_helps_nothing() -> None:
    """Honours held three times or not at all: a single flower stands for none of them, and the hand is
    its thirteen other tiles (tenpai on 5m once the flower is set aside or thrown)."""
    hand = held("5m111222333444z")
    assert list(stand_ins(hand, 1)) == []
    assert shanten_with_flowers(STANDARD_TABLES.shanten, hand, 1) == 0


def _complete(hand: list[int], flowers: int) -> bool:
    """The rule read plainly: give every flower an honour, one at a time, and keep the assignments where every
    honour got one flower beside one or two held copies, or two flowers where none is held; the hand is
    complete when one of them is."""
    for choice in product(range(27, 34), repeat=flowers):
        given = Counter(choice)
        if all((n == 1 and hand[k] in (1, 2)) or (n == 2 and hand[k] == 0) for k, n in given.items()):
            counts = list(hand)
            for k, n in given.items():
                counts[k] += n
            if STANDARD_TABLES.shanten(counts) == -1:
                return True
    return False


def _tenpai(hand: list[int], flowers: int) -> bool:
    """A hand one tile short is tenpai when some tile, a flower among them, completes it."""
    for kind in range(34):
        if hand[kind] < 4:
            hand[kind] += 1
            done = _complete(hand, flowers)
            hand[kind] -= 1
            if done:
                return True
    return _complete(hand, flowers + 1)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_flower_shanten_agrees_with_a_plain_reading_of_the_rule(data: st.DataObject) -> None:
    """The bound is -1 exactly for a complete hand of 14 and at most 0 exactly for a tenpai hand of 13 (the
    engine's waits ask it first). Hands drawn with few kinds, so that complete and tenpai hands are common."""
    flowers = data.draw(st.integers(1, 3))
    size = data.draw(st.sampled_from([13, 14]))
    kinds = data.draw(st.lists(st.integers(0, 33), min_size=4, max_size=7, unique=True))
    pool = [k for k in kinds for _ in range(4)]
    picked = data.draw(
        st.lists(st.sampled_from(range(len(pool))), min_size=size - flowers, max_size=size - flowers, unique=True)
    )
    hand = [0] * 34
    for i in picked:
        hand[pool[i]] += 1
    bound = shanten_with_flowers(STANDARD_TABLES.shanten, hand, flowers)
    if size == 14:
        assert (bound == -1) is _complete(hand, flowers)
    else:
        assert bound >= 0
        assert (bound <= 0) is _tenpai(hand, flowers)
