"""Wrong answers that came from places where one stage reached into another (issue 8). Each test
states the rule and the hand a player worked out by hand."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from test_engine import kyoku

from variantlang import Ruleset, ScoreError, loads, score
from variantlang.catalog import SETTINGS
from variantlang.engine import legal
from variantlang.engine.events import Dahai, Tsumo
from variantlang.engine.rules import EngineRules
from variantlang.engine.state import Kyoku, View
from variantlang.hand.tiles import parse_tiles, to_counts
from variantlang.io.wins import win_input
from variantlang.reports.diff import diff
from variantlang.reports.sheets.model import HAN_ROWS, build
from variantlang.rules.furiten import Furiten
from variantlang.rules.riichi import may_declare
from variantlang.rules.shapes import shapes
from variantlang.rules.winds import NO_ROUND_WIND, round_wind


def house(body: str) -> str:
    return f'variant "家" "House" {{\n  extends standard\n{body}\n}}\n'


def test_fu_follow_the_pinfu_the_variant_awards(shipped: Callable[[str], Ruleset]) -> None:
    """R-STD-3: only an awarded pinfu takes the tsumo's 2 fu away. Without pinfu in the variant, a
    riichi tsumo of a pinfu shape is 20 + 2 = 22 → 30 fu: 3 han 30 fu, 1000 / 2000, 4000 in all."""
    ruleset = loads(house("  yaku { drop pinfu }"))
    win = {"closed": "234m567p234s88s345s", "win": "5s", "riichi": True, "tsumo": True, "seat_wind": "S"}
    result = score(ruleset, win_input(win))
    assert (result.han, result.fu, result.total) == (3, 30, 4000)
    assert (result.payments.from_dealer, result.payments.from_non_dealer) == (2000, 1000)
    assert score(shipped("standard"), win_input(win)).fu == 20  # with pinfu awarded the tsumo earns nothing


def test_count_with_a_bare_attribute_counts_elements() -> None:
    """`count(runs: number)` counts the runs whose number holds (every run: numbers are 1–9), as
    `count(r in runs: r.number > 0)` does; it does not add the numbers up."""
    ruleset = loads(
        house(
            '  yaku {\n    house bare "裸" "Bare" 1/1 when count(runs: number) == 4\n'
            '    house named "名" "Named" 1/1 when count(r in runs: r.number > 0) == 4\n  }'
        )
    )
    result = score(ruleset, win_input({"closed": "234m567p234s88s345s", "win": "5s", "riichi": True}))
    assert {"bare", "named"} <= {y.id for y in result.yaku}


def test_diff_sees_a_condition_that_starts_a_line() -> None:
    """Two variants whose yaku differ only in the condition differ, however the file is laid out
    (`when` may begin a line in its first column), and layout alone is no difference."""
    one_line = loads(house('  yaku { house y "役" "Y" 1/1 when riichi and tsumo }'))
    first_column = loads(house('  yaku {\n    house y "役" "Y" 1/1\nwhen riichi and ippatsu\n  }'))
    reflowed = loads(house('  yaku {\n    house y "役" "Y" 1/1\nwhen   riichi\n  and tsumo   # the same\n  }'))
    entries = diff(one_line, first_column)
    assert [(e.path, e.left, e.right) for e in entries] == [
        ("yaku.y", "1/1 when riichi and tsumo", "1/1 when riichi and ippatsu")
    ]
    assert diff(one_line, reflowed) == []


# Issue 18, cases 4–9: each consumer asks the rule question (`variantlang.rules`), so they agree.


def _engine_kyoku(ruleset: Ruleset, hands: list[str], live: int = 70) -> tuple[EngineRules, Kyoku]:
    rules = EngineRules(ruleset)
    return rules, kyoku(rules, hands, live=live)


FILLER = "19m19p19s1234567z"
QUAD_PAIRS = "2222m33p44p55s66s7z"
"""Seven pairs with 2m four times, waiting on 7z (R-WIN-6 under `win.chiitoitsu_quads`)."""


def test_seven_pairs_with_a_quad_are_offered_where_score_pays_them() -> None:
    """Case 4: with `chiitoitsu_quads on` the engine's waits hold 7z and it offers the ron and the tsumo
    `score` pays; with it off neither does."""
    on = loads(house("  win { chiitoitsu_quads on }"))
    off = loads(house("  win { chiitoitsu_quads off }"))
    win = {"closed": QUAD_PAIRS + "7z", "win": "7z"}
    assert score(on, win_input(win)).yaku[-1].id == "chiitoitsu"
    seven_z = 33
    for ruleset, offered in ((on, True), (off, False)):
        rules, k = _engine_kyoku(ruleset, [FILLER, QUAD_PAIRS, FILLER, FILLER])
        assert (seven_z in k.seats[1].waits) is offered
        assert (legal.allow_ron(rules, View(k, 1), 0, seven_z * 4) is not None) is offered
        k.apply(Tsumo(1, seven_z * 4))
        assert (legal.allow_tsumo(rules, View(k, 1)) is not None) is offered
    assert shapes(on).complete(to_counts(parse_tiles(QUAD_PAIRS + "7z")))
    assert not shapes(off).complete(to_counts(parse_tiles(QUAD_PAIRS + "7z")))


def test_without_a_round_wind_nobody_pays_the_round_wind() -> None:
    """Case 5: under `round_wind off` a South seat's East triplet in the East round is no yaku, for
    `score` as for the engine, whose win input carries the question's round wind."""
    off = loads(house("  game { round_wind off }"))
    win = {"closed": "234m567p234s88s111z", "win": "8s", "seat_wind": "S", "round_wind": "E"}
    assert [y.id for y in score(loads(house("")), win_input(win)).yaku] == ["bakaze"]
    with pytest.raises(ScoreError, match="no yaku"):
        score(off, win_input(win))
    rules, k = _engine_kyoku(off, [FILLER, "234m567p234s8s111z", FILLER, FILLER])
    eight_s = 25
    assert k.seats[1].waits == (eight_s,)
    assert legal.allow_ron(rules, View(k, 1), 0, eight_s * 4) is None  # no yaku: not offered
    hand = legal.win_input(rules, View(k, 1), eight_s * 4, tsumo=False, discarder=0)
    assert hand.round_wind == round_wind(off, 27) == NO_ROUND_WIND


def test_the_sheet_tables_price_kiriage_as_score_does_when_it_holds_on_some_wins() -> None:
    """Case 6: `kiriage on when dealer`: riichi pinfu tanyao dora 1 (4 han 30 fu) by the dealer is 12000
    in `score` and mangan in the sheet's dealer table; a non-dealer's stays 7700 in both."""
    ruleset = loads(house("  payment { kiriage on when dealer }"))
    win = {"closed": "234m567p234s88s345s", "win": "5s", "riichi": True, "dora_indicators": "1m"}
    assert score(ruleset, win_input(win)).total == 12000
    assert score(ruleset, win_input({**win, "seat_wind": "S"})).total == 7700
    child, dealer = build(ruleset, "en").payment_tables
    four_han = 1 + HAN_ROWS.index(4)
    (thirty,) = [row for row in dealer.rows if row[0] == "30"]
    (child_thirty,) = [row for row in child.rows if row[0] == "30"]
    assert thirty[four_han] == "mangan"
    assert child_thirty[four_han].startswith("7700 / ")


def test_diff_sees_a_yaku_moved_into_another_family() -> None:
    """Case 7: iipeikou taken out of the peikou family pays beside ryanpeikou: a rule difference."""
    moved = loads(
        house(
            "  yaku {\n    drop peikou\n"
            '    ryanpeikou "二盃口" "Twice pure double sequence" 3/-\n'
            "      when count(runs) == 4 and distinct(runs: tile) <= 2 and all(r in runs: count(runs: tile == r.tile) "
            "in [2, 4])\n"
            '    iipeikou "一盃口" "Pure double sequence" 1/- when distinct(runs: tile) < count(runs)\n  }'
        )
    )
    standard = loads(house(""))
    entries = {e.path: e for e in diff(standard, moved)}
    assert set(entries) == {"yaku.ryanpeikou", "yaku.iipeikou"}
    assert "in family peikou" in entries["yaku.iipeikou"].left
    assert "in family" not in entries["yaku.iipeikou"].right
    sheet = {e.path: e for e in build(moved, "en", standard).differences}
    assert "family" in sheet["yaku.iipeikou"].left and "family" not in sheet["yaku.iipeikou"].right


def test_a_riichi_seat_that_let_its_winning_tile_go_cannot_ron_under_tile_furiten() -> None:
    """Case 8: `riichi { furiten tile }` limits the furiten of one's own discards to the tile itself; a
    riichi seat that let a winning tile go is still furiten for the rest of the hand (R-RIICHI-3)."""
    ruleset = loads(house("  riichi { furiten tile }"))
    rules, k = _engine_kyoku(ruleset, ["2s9s19m19p1234567z", "234m456p678s55p34s", FILLER, FILLER])
    k.seats[1].riichi = True
    k.apply(Dahai(0, 19 * 4 + 3))  # 2s goes by
    k.apply(Tsumo(1, 31 * 4))
    k.apply(Dahai(1, 31 * 4, True))  # the seat's own next discard does not lift it in riichi
    assert k.seats[1].furiten(ruleset, 22) is Furiten.MISSED_IN_RIICHI
    assert legal.allow_ron(rules, View(k, 1), 2, 22 * 4 + 3) is None  # 5s from another seat: no ron
    fresh_rules, fresh = _engine_kyoku(ruleset, [FILLER, "234m456p678s55p34s", FILLER, FILLER])
    fresh.seats[1].river_kinds[19] = 1  # 2s discarded by the seat itself: only 2s is furiten
    assert legal.allow_ron(fresh_rules, View(fresh, 1), 0, 22 * 4 + 3) is not None
    assert legal.allow_ron(fresh_rules, View(fresh, 1), 0, 19 * 4 + 2) is None


def test_no_draw_riichi_is_offered_with_no_draw_left_and_the_sheet_says_it_once() -> None:
    """Case 9: `riichi { no_draw_riichi on }`: riichi is offered with two live tiles left, where
    `min_wall 4` alone refuses it; the sheet leaves out the minimum it overrides."""
    tenpai = "234m456p678s55p34s"
    for body, offered in (("  riichi { no_draw_riichi on }", True), ("  riichi { no_draw_riichi off }", False)):
        ruleset = loads(house(body))
        rules, k = _engine_kyoku(ruleset, [FILLER, tenpai, FILLER, FILLER], live=2)
        k.apply(Tsumo(1, 33 * 4))
        assert bool(legal.allow_riichi(rules, View(k, 1))) is offered
        assert may_declare(ruleset, live_left=2, score=25000, closed=True) is offered
        said = {s.path for s in SETTINGS if s.said(ruleset)}
        assert ("riichi.min_wall" in said) is not offered
