"""Flowers in the engine, worked by hand from seed 004 「花牌の使い方」 and its yaku list, under the shipped
`naki-riichi`: the tile ids, setting a flower aside for a replacement (「花」と宣言しながら脇に置く), and a
flower held as a fifth copy of an honour (白2枚と花1枚で白3枚; 白1枚と花2枚ではない) in the waits and win
offers, which the scorer pays the same way."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from test_engine import FILLER, ids, kyoku

from variantlang import Ruleset
from variantlang.engine import legal
from variantlang.engine.events import Nukidora, Tsumo
from variantlang.engine.rules import EngineRules
from variantlang.engine.state import View
from variantlang.engine.wall import SeededWall, live_size
from variantlang.hand.tiles import ALL_KINDS, FLOWER_BASE, Tile, format_tiles
from variantlang.model.win import WinInput
from variantlang.scoring.scorer import ScoreError

NAN, S5 = 28, 22
FLOWERS = tuple(range(FLOWER_BASE, FLOWER_BASE + 4))
"""The four flower kinds of naki-riichi (R-TILE-6: 136 − 108 − 12 − 12 = 4)."""


@pytest.fixture(scope="module")
def rules(shipped: Callable[[str], Ruleset]) -> EngineRules:
    return EngineRules(shipped("naki-riichi"))


def _seat1(rules: EngineRules, hand: str, *, declared: bool = True) -> View:
    """Seat 1 (South all game: 鳴き立直's seat winds are fixed) holds `hand`, declared (立直) by default."""
    k = kyoku(rules, [FILLER, hand, FILLER, FILLER])
    k.seats[1].riichi = declared
    return View(k, 1)


def test_a_flower_is_a_kind_of_its_own_with_one_copy(rules: EngineRules) -> None:
    """140 tiles: the 136 of the four walls (flowers among them) and the four seat winds dealt apart."""
    table = rules.tiles
    assert len(table.ids) == 140
    assert [t for t in table.ids if t >= 136] == [136, 140, 144, 148]
    assert [table.tiles[t] for t in (136, 148)] == [Tile(FLOWER_BASE), Tile(FLOWER_BASE + 3)]
    wall = SeededWall(rules, 3, 0, 0)
    dealt = [t for hand in wall.haipai() for t in hand]
    drawn = [wall.draw() for _ in range(live_size(rules))]
    assert sorted(dealt + drawn) == sorted(table.ids)  # no dead wall (tiles.dead_wall 0)


def test_two_of_an_honour_and_a_flower_are_a_triplet(rules: EngineRules) -> None:
    """123m 456p 789s 南南 55s: a 南 or a 5s wins as usual, and so does any flower, a fifth 南 (白2枚と花1枚で
    白3枚と見なしても良い). Seat 1's own wind is 南: the triplet is 自風牌 (1 point)."""
    view = _seat1(rules, "123m456p789s22z55s")
    assert view.me.waits == (S5, NAN, *FLOWERS)
    hora = legal.allow_ron(rules, view, 0, 140)
    assert hora is not None
    score = rules.scorer.score(legal.win_input(rules, view, 140, tsumo=False, discarder=0))
    assert "jikaze" in {y.id for y in score.yaku}


def test_one_of_an_honour_and_two_flowers_are_not_a_triplet(rules: EngineRules) -> None:
    """123m 456p 789s 南+花 55s waits on 南 (南南+花) and 5s (南+花 the pair), not on a second flower
    (白1枚と花2枚で白3枚とはみなさない): drawn, it does not win."""
    view = _seat1(rules, "123m456p789s2z55s1f")
    assert view.me.waits == (S5, NAN)
    view._kyoku.apply(Tsumo(1, 140))
    assert legal.allow_tsumo(rules, view) is None
    view = _seat1(rules, "123m456p789s2z55s1f")
    view._kyoku.apply(Tsumo(1, ids("2z")[0]))
    assert legal.allow_tsumo(rules, view) is not None


def test_a_flower_with_no_place_never_completes_a_hand(rules: EngineRules) -> None:
    """123m 123m 55m 東東東 + three flowers: the 11 tiles other than the flowers complete a hand, but a flower
    beside a triplet has no place (a flower never makes a fourth copy), so neither the engine nor the scorer
    takes it (found by the property below in CI). One flower short, the hand waits on 5m (the two flowers a
    pair) and on 東 (seven pairs, the four 東 two of them), not on the third flower."""
    view = _seat1(rules, "11223355m111z34f")
    assert view.me.waits == (4, 27)
    counts = [0] * ALL_KINDS
    for t in ids("11223355m111z234f"):
        counts[rules.tiles.tiles[t].kind] += 1
    assert not rules.shapes.complete(counts)
    view._kyoku.apply(Tsumo(1, 140))
    assert legal.allow_tsumo(rules, view) is None


def test_thirteen_orphans_with_a_flower(rules: EngineRules) -> None:
    """国士無双 「1・9・字牌・花牌を全種類手に収める」: the thirteen kinds wait on any of them and on any flower;
    with a flower it is 国士無双 (12 points)."""
    view = _seat1(rules, "19m19p19s1234567z")
    assert set(FLOWERS) <= set(view.me.waits)
    assert legal.allow_ron(rules, view, 0, 136) is not None
    score = rules.scorer.score(legal.win_input(rules, view, 136, tsumo=False, discarder=0))
    assert ("kokushi", 12) in {(y.id, y.han) for y in score.yaku}


def test_no_win_without_the_declaration(rules: EngineRules) -> None:
    """「横向きにしなければ上がることはできない」: the same flower wait, undeclared, is offered no win."""
    view = _seat1(rules, "123m456p789s22z55s", declared=False)
    assert legal.allow_ron(rules, view, 0, 140) is None


def test_a_drawn_flower_is_set_aside_for_a_replacement_and_counts_one_dora(rules: EngineRules) -> None:
    """「花」と宣言しながら脇に置くことで、ドラを1枚持っていると見なす: the nuki offer, then a dora on the win."""
    view = _seat1(rules, "123m456p789s22z55s")
    k = view._kyoku
    k.apply(Tsumo(1, 144))
    assert legal.allow_nuki(rules, view) == [Nukidora(1, 144)]
    k.apply(Nukidora(1, 144))
    assert k.seats[1].nuki == [144] and 144 not in k.seats[1].hand and k.seats[1].counts[FLOWER_BASE + 2] == 0
    k.apply(Tsumo(1, ids("5s")[0], True))
    hand = legal.win_input(rules, view, k.seats[1].drawn or 0, tsumo=True)
    assert hand.nuki == (Tile(FLOWER_BASE + 2),)
    assert rules.scorer.score(hand).dora.get("nuki") == 1


def _flower_hand(rnd: random.Random) -> list[Tile] | None:
    """Four groups and a pair of 1m–9m, honours and flowers, flowers standing in as 004 allows or not (南南+花,
    南+花, 花花, 南+花花), one tile of every other hand changed; None where a kind would exceed its copies."""
    groups = []
    for _ in range(4):
        low, honour = rnd.randrange(0, 7), rnd.randrange(27, 34)
        groups.append(rnd.choice([(low, low + 1, low + 2), (honour,) * 3, (honour, honour, -1), (honour, -1, -1)]))
    other = rnd.randrange(27, 34)
    groups.append(rnd.choice([(other, other), (other, -1), (-1, -1), (4, 4)]))
    free = list(FLOWERS)
    rnd.shuffle(free)
    kinds = [k if k >= 0 else (free.pop() if free else -1) for g in groups for k in g]
    if rnd.random() < 0.5:
        kinds[rnd.randrange(14)] = rnd.choice([*range(0, 9), *range(27, 34)])
    if -1 in kinds or any(kinds.count(k) > (1 if k >= FLOWER_BASE else 4) for k in kinds):
        return None
    return [Tile(k) for k in kinds]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.randoms(use_true_random=False))
def test_the_engine_offers_exactly_the_flower_hands_the_scorer_pays(rules: EngineRules, rnd: random.Random) -> None:
    """ONE RULE, ONE ANSWER: a hand of 14 with flowers is complete for the engine's win offers
    (`rules.shapes`) exactly when the scorer scores it (鳴き立直 has no one-yaku minimum)."""
    tiles = _flower_hand(rnd)
    assume(tiles is not None and any(t.is_flower for t in tiles))
    assert tiles is not None
    counts = [0] * ALL_KINDS
    for t in tiles:
        counts[t.kind] += 1
    hand = WinInput(closed=tuple(tiles), melds=(), win=tiles[-1], tsumo=True, riichi=True, seat_wind=NAN)
    try:
        rules.scorer.score(hand)
        scored = True
    except ScoreError:
        scored = False
    assert rules.shapes.complete(counts) is scored, format_tiles(tiles)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.randoms(use_true_random=False))
def test_the_engine_waits_on_exactly_the_flower_hands_the_scorer_pays(rules: EngineRules, rnd: random.Random) -> None:
    """ONE RULE, ONE ANSWER, one tile short: a hand of 13 with flowers waits (`rules.shapes.waits`, the engine's
    furiten, riichi and win offers) on exactly the tiles, flowers among them, with which the scorer scores it.
    Seven pairs with a quad as two pairs (鳴き立直) and a flower left waiting for its pair are the cases
    that once disagreed."""
    tiles = _flower_hand(rnd)
    assume(tiles is not None and any(t.is_flower for t in tiles))
    assert tiles is not None
    del tiles[rnd.randrange(14)]
    counts = [0] * ALL_KINDS
    for t in tiles:
        counts[t.kind] += 1
    paid = set()
    for kind in [*range(27), *range(27, 34), *FLOWERS]:
        if counts[kind] >= (1 if kind >= FLOWER_BASE else 4):
            continue
        hand = WinInput(closed=(*tiles, Tile(kind)), melds=(), win=Tile(kind), tsumo=True, riichi=True, seat_wind=NAN)
        try:
            rules.scorer.score(hand)
        except ScoreError:
            continue
        paid.add(kind)
    assert set(rules.shapes.waits(counts)) == paid, format_tiles(tiles)


def test_no_win_on_a_discarded_tile_by_tsumo_either(rules: EngineRules, shipped: Callable[[str], Ruleset]) -> None:
    """「自分が一度捨てた牌で上がることはできない。…どちらかに存在する牌では上がることができない」: a declared hand
    waiting on 5s and 南 that discarded a 5s may not win on a drawn 5s (`riichi.furiten_tsumo on`), and still
    wins on a drawn 南; standard's furiten bars only a ron."""
    for drawn, offered in (("5s", False), ("2z", True)):
        view = _seat1(rules, "123m456p789s22z55s")
        view._kyoku.seats[1].river_kinds[S5] += 1
        view._kyoku.apply(Tsumo(1, ids(drawn)[-1]))
        assert (legal.allow_tsumo(rules, view) is not None) is offered, drawn
    plain = EngineRules(shipped("standard"))
    view = View(kyoku(plain, [FILLER, "123m456p789s22z55s", FILLER, FILLER]), 1)
    view._kyoku.seats[1].river_kinds[S5] += 1
    view._kyoku.apply(Tsumo(1, ids("5s")[-1]))
    assert legal.allow_tsumo(plain, view) is not None
