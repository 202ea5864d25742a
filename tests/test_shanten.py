"""Shanten and ukeire: the `mahjong` package as oracle on random hands, plus rules it does not know.

The oracle computes Tenhou's exact shanten (it accounts for tiles held four times), so the two must
agree everywhere; three-player sets (R-TILE-2) use its `is_three_player` mode. The runs over thousands of
random hands are marked slow (`pytest -m "not slow"` leaves them out; the Hypothesis comparison stays).
"""

import random
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st
from mahjong.shanten import Shanten

from variantlang import Ruleset
from variantlang.hand.shanten import STANDARD_TABLES, ShantenTables, shanten, shanten_report, tables_for, ukeire
from variantlang.hand.tiles import KINDS, SANMA_TILES, TileSet, format_counts, kind_name, parse_tiles, to_counts
from variantlang.model.samples import random_counts

ORACLE_HANDS = 20_000


def counts_of(text: str) -> list[int]:
    return to_counts(parse_tiles(text))


def _disagreements(hands: list[list[int]], three_player: bool, tiles: TileSet | None) -> list[str]:
    out = []
    for counts in hands:
        ours = shanten(counts, tiles)
        theirs = Shanten.calculate_shanten(counts, is_three_player=three_player)
        if ours != theirs:
            out.append(f"{format_counts(counts)}: ours {ours}, mahjong {theirs}")
    return out


@pytest.mark.slow
def test_four_player_agrees_with_oracle_on_random_hands() -> None:
    rng = random.Random(2024)
    hands = [random_counts(rng, rng.choice((13, 14))) for _ in range(ORACLE_HANDS)]
    assert _disagreements(hands, False, None) == []


@pytest.mark.slow
def test_three_player_agrees_with_oracle_on_random_hands() -> None:
    rng = random.Random(2025)
    hands = [random_counts(rng, rng.choice((13, 14)), SANMA_TILES) for _ in range(ORACLE_HANDS // 2)]
    assert _disagreements(hands, True, SANMA_TILES) == []


@pytest.mark.slow
@pytest.mark.parametrize(
    "kinds",
    [range(9), [0, 1, 2, 3, 27, 28], [9, 10, 11, 12, 13, 14, 15, 16, 17, 31, 32, 33]],
    ids=["one suit", "few kinds", "pinzu and dragons"],
)
def test_concentrated_hands_agree_with_oracle(kinds: range | list[int]) -> None:
    """Random deals rarely hold four of a kind; concentrated ones do, and that is where shanten is subtle."""
    copies = tuple(4 if k in kinds else 0 for k in range(KINDS))
    tiles = TileSet(copies)
    rng = random.Random(7)
    hands = [random_counts(rng, rng.choice((1, 2, 4, 5, 7, 8, 10, 11, 13, 14)), tiles) for _ in range(3000)]
    # The oracle knows nothing of the narrowed set, so compare with the full set's answer.
    assert _disagreements(hands, False, None) == []


@given(st.randoms(use_true_random=False), st.sampled_from([13, 14]))
def test_hypothesis_hands_agree_with_oracle(rng: random.Random, size: int) -> None:
    counts = random_counts(rng, size)
    assert shanten(counts) == Shanten.calculate_shanten(counts)
    report = shanten_report(counts)
    assert report.normal == Shanten.calculate_shanten_for_regular_hand(counts)
    assert report.chiitoi == Shanten.calculate_shanten_for_chiitoitsu_hand(counts)
    assert report.kokushi == Shanten.calculate_shanten_for_kokushi_hand(counts)


@given(st.randoms(use_true_random=False))
def test_one_draw_changes_shanten_by_at_most_one(rng: random.Random) -> None:
    counts = random_counts(rng, 13)
    before = shanten(counts)
    for kind, left in ukeire(counts).items():
        assert left > 0
        counts[kind] += 1
        assert shanten(counts) == before - 1
        counts[kind] -= 1
    for kind in range(KINDS):
        if counts[kind] < 4:
            counts[kind] += 1
            assert shanten(counts) in (before, before - 1)
            counts[kind] -= 1


def test_waiting_on_a_fifth_copy_is_not_tenpai() -> None:
    """R-DRAW-3 (seed 001): holding all four 1z, the tanki on 1z is no wait."""
    hand = counts_of("1111z234m567p789s")
    assert shanten(hand) == 1
    assert shanten(counts_of("1112z234m567p789s")) == 0
    assert ukeire(counts_of("1112z234m567p789s")) == {28: 3}


def test_four_of_a_kind_is_one_pair_for_seven_pairs() -> None:
    # five pairs (1111m counts once) and six kinds: a seventh kind and a sixth pair are still missing
    assert shanten_report(counts_of("1111m2233p4455s6z")).chiitoi == 2
    assert shanten_report(counts_of("1122m2233p4455s6z")).chiitoi == 0


def test_three_player_sets_have_no_middle_manzu_waits(shipped: Callable[[str], Ruleset]) -> None:
    """R-TILE-2/3: 1m and 9m cannot form runs; removed kinds are never waits."""
    igishokai_tiles = shipped("igishokai-sanma").tile_set  # R-TILE-3: 112 tiles, 2–4m and 6–8m removed
    hand = counts_of("19m123456p789s11z")
    assert shanten(hand, SANMA_TILES) == 1
    assert all(kind_name(k) not in {"2m", "3m", "8m"} for k in ukeire(hand, SANMA_TILES))
    # 112-tile set keeps 5m: a 5m pair and a 5m wait exist, runs through it still do not.
    igishokai = counts_of("55m123p456p789s11z")
    assert shanten(igishokai, igishokai_tiles) == 0
    assert set(ukeire(igishokai, igishokai_tiles)) == {4, 27}


def test_ukeire_counts_visible_tiles() -> None:
    hand = counts_of("23m456p789s11z555z")
    visible = [0] * KINDS
    visible[0] = 3
    assert ukeire(hand) == {0: 4, 3: 4}
    assert ukeire(hand, visible=visible) == {0: 1, 3: 4}


def test_hands_after_calls_use_fewer_melds() -> None:
    assert shanten(counts_of("11m")) == -1
    assert shanten(counts_of("1m")) == 0
    assert shanten(counts_of("13m5p")) == 1
    assert shanten_report(counts_of("123m45p")).chiitoi is None


def test_tables_are_shared_per_tile_set() -> None:
    assert tables_for(SANMA_TILES) is tables_for(TileSet(SANMA_TILES.copies))
    fresh = ShantenTables((4,) * KINDS)
    assert fresh.shanten(counts_of("123m456p789s1122z")) == 0


@given(st.randoms(use_true_random=False), st.sampled_from([1, 2, 4, 5, 7, 8, 10, 11, 13, 14]))
def test_anchored_tables_equal_the_full_search(rng: random.Random, size: int) -> None:
    """The pruned search (groups must touch a held tile; drawn-only groups added at the end) is exact."""
    kinds = rng.sample(range(KINDS), rng.randint(3, 12))
    copies = tuple(4 if k in kinds else 0 for k in range(KINDS))
    counts = random_counts(rng, min(size, 4 * len(kinds) - 1), TileSet(copies))
    full = ShantenTables((4,) * KINDS, anchored=False)
    assert STANDARD_TABLES.report(counts) == full.report(counts)


def test_narrow_tile_sets_use_the_full_search() -> None:
    """With few kinds there may be no room for groups of drawn tiles, so nothing is pruned."""
    nine = TileSet(tuple(4 if k < 9 else 0 for k in range(KINDS)))
    assert not tables_for(nine).anchored
    # 1111222233334m: every group must stay in manzu; 1m..4m are exhausted, so 4m needs a partner.
    assert shanten(counts_of("1111222233334m"), nine) == 0
    with pytest.raises(ValueError):
        ShantenTables(nine.copies, anchored=True)
