"""The statistics: intervals against known values, and `variantlang stats` on a few real Tenhou games
(../shared/truth, skipped when absent) against counts taken straight from the XML, without the engine."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from truth import LOGS, TRUTH

from variantlang.api import load
from variantlang.cli import main
from variantlang.engine.events import EndGame, Event, Hora, Ryukyoku, StartGame, StartKyoku
from variantlang.reports.balance import Labels, render
from variantlang.stats.figures import (
    Cluster,
    Mean,
    Rate,
    chi_square_p,
    chi_square_uniform,
    clustered_rate,
    difference,
    has_limits,
    summarize,
)
from variantlang.stats.games import GameCollector, GameRecord

GAMES = (
    "4p/mjx/2022060108gm-00a9-0000-3f245884.mjlog",
    "4p/mjx/2022060102gm-00a9-0000-bbe9088c.mjlog",
    "4p/dnovikoff/2009022103gm-00a9-0000-74c37deb.xml",
    "4p/mjx/mjx-nm.mjlog",
)
"""Two ordinary Houou games, one more from another source, and the one with nagashi mangan."""


def test_wilson_interval_matches_known_values() -> None:
    low, high = Rate(5, 10).interval
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = Rate(0, 10).interval
    assert low == 0.0 and round(high, 4) == 0.2775
    assert Rate(0, 0).interval == (0.0, 1.0)


def test_mean_interval_is_normal_and_absent_below_two_values() -> None:
    mean = Mean.of([1.0, 2.0, 3.0, 4.0])
    assert mean.mean == 2.5
    interval = mean.interval
    assert interval is not None
    assert round(interval[1] - 2.5, 4) == round(1.959964 * (1.6666667**0.5) / 2, 4)
    assert Mean.of([5.0]).interval is None


def expected(paths: list[Path]) -> dict[str, int]:
    """The counts `stats` must find, read from the XML directly: hands, wins, tsumo wins, riichi
    declarations, player-hands with an open call (chi, pon, open kan: Tenhou's meld bits), exhaustive draws
    (nagashi mangan included)."""
    out = dict.fromkeys(("games", "hands", "wins", "tsumo", "riichi", "call", "exhaustive"), 0)
    for path in paths:
        out["games"] += 1
        called: set[int] = set()
        for el in ET.parse(path).getroot():
            if el.tag == "INIT":
                out["hands"] += 1
                out["call"] += len(called)
                called = set()
            elif el.tag == "AGARI":
                out["wins"] += 1
                out["tsumo"] += el.get("who") == el.get("fromWho")
            elif el.tag == "REACH" and el.get("step") == "1":
                out["riichi"] += 1
            elif el.tag == "N":
                m = int(el.get("m", "0"))
                open_kan = not m & 0x3C and m & 3  # no chi, pon, kakan or nuki bit; from another seat
                if m & 4 or m & 8 or open_kan:
                    called.add(int(el.get("who", "0")))
            elif el.tag == "RYUUKYOKU" and el.get("type") in (None, "nm"):
                out["exhaustive"] += 1
        out["call"] += len(called)
    return out


def ron_deal_ins(paths: list[Path]) -> int:
    """Hands × discarders with at least one ron: consecutive AGARI elements of a double ron share one."""
    total = 0
    for path in paths:
        seen: set[tuple[int, int]] = set()
        hand = 0
        for el in ET.parse(path).getroot():
            if el.tag == "INIT":
                hand += 1
            elif el.tag == "AGARI" and el.get("who") != el.get("fromWho"):
                seen.add((hand, int(el.get("fromWho", "0"))))
        total += len(seen)
    return total


def test_stats_of_real_games_agree_with_the_logs(tmp_path: Path) -> None:
    if not LOGS.is_dir():
        pytest.skip(f"the shared Tenhou records are not here: {TRUTH}")
    paths = [LOGS / name for name in GAMES if (LOGS / name).exists()]
    if len(paths) < len(GAMES):
        pytest.skip("these games are not in this copy of the records")
    result = CliRunner().invoke(main, ["stats", *map(str, paths), "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    figures = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))["figures"]
    want = expected(paths)
    rates = figures["rates"]
    assert figures["games"] == want["games"]
    assert figures["hands"] == want["hands"]
    assert figures["player_hands"] == 4 * want["hands"]
    assert rates["win"]["count"] == want["wins"]
    assert rates["tsumo_share"]["count"] == want["tsumo"]
    assert rates["deal_in"]["count"] == ron_deal_ins(paths)
    assert rates["riichi"]["count"] == want["riichi"]
    assert rates["call"]["count"] == want["call"]
    assert rates["exhaustive_draw"]["count"] == want["exhaustive"]
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert f"N = {want['games']}" in html and "real logs" in html
    assert "Win (per player-hand)" in result.output


def test_stats_refuses_an_unreadable_log_with_a_message(tmp_path: Path) -> None:
    bad = tmp_path / "bad.xml"
    bad.write_text("<mjloggm ver='2.3'><SHUFFLE/><INIT seed='x'/></mjloggm>", encoding="utf-8")
    result = CliRunner().invoke(main, ["stats", str(bad)])
    assert result.exit_code == 1
    assert "error:" in result.output and "Traceback" not in result.output


def test_a_clustered_rate_is_the_sandwich_over_games() -> None:
    """Two games: 3 of 4 and 1 of 8 player-hands won. R = 4 / 12; the residuals y − R x are 5/3 and −5/3,
    so V = 2 · (2 · 25/9) / 144 and the Wilson interval is taken at n = R (1 − R) / V."""
    cluster = Cluster((3.0, 1.0), (4.0, 8.0))
    assert cluster.ratio == pytest.approx(1 / 3)
    assert cluster.variance == pytest.approx(2 * (2 * 25 / 9) / 144)
    rate = clustered_rate(cluster)
    assert (rate.count, rate.total) == (4, 12)
    n = (1 / 3) * (2 / 3) / (2 * (2 * 25 / 9) / 144)
    z = 1.959963984540054
    centre = (1 / 3 + z * z / (2 * n)) / (1 + z * z / n)
    assert rate.interval[0] == pytest.approx(centre - z * ((2 / 9) / n + z * z / (4 * n * n)) ** 0.5 / (1 + z * z / n))
    mean = Mean.ratio(cluster)
    assert mean.interval == pytest.approx((1 / 3 - z * cluster.variance**0.5, 1 / 3 + z * cluster.variance**0.5))


def test_paired_differences_are_zero_for_the_same_games_and_narrower_than_unpaired() -> None:
    a = Cluster((3.0, 1.0, 2.0, 5.0), (10.0, 8.0, 9.0, 12.0))
    same = difference(a, a, paired=True)
    assert (same.value, same.low, same.high) == (0.0, 0.0, 0.0) and not same.distinguishable
    b = Cluster((2.0, 0.0, 1.0, 4.0), (10.0, 8.0, 9.0, 12.0))  # one win fewer in every game
    paired, unpaired = difference(b, a, paired=True), difference(b, a, paired=False)
    assert paired.value == pytest.approx(-4 / 39) and paired.high < 0
    assert paired.high - paired.low < unpaired.high - unpaired.low
    with pytest.raises(ValueError, match="same games"):
        difference(a, Cluster((1.0,), (1.0,)), paired=True)


def test_chi_square_p_values_match_the_tables() -> None:
    for df, x in ((1, 3.841459), (2, 5.991465), (3, 7.814728), (4, 9.487729)):
        assert chi_square_p(x, df) == pytest.approx(0.05, abs=1e-6)
    assert chi_square_uniform([25, 25, 25, 25]) == (0.0, 1.0)


def hand_events(*middle: Event, deltas: tuple[int, ...] = (0, 0, 0, 0)) -> GameRecord:
    collector = GameCollector(1000)
    collector(StartGame(4, (25000,) * 4))
    collector(StartKyoku(0, 1, 0, 0, 0, 0, ((),) * 4, (25000,) * 4))
    for event in middle:
        collector(event)
    collector(EndGame(tuple(25000 + d for d in deltas), (0.0,) * 4))
    return collector.game()


def test_the_limit_is_the_one_the_engine_carried_and_derived_only_for_logs_without_it() -> None:
    kiriage = Hora(1, 0, 0, (-8000, 8000, 0, 0), han=4, fu=30, points=8000, limit="mangan")
    assert hand_events(kiriage).wins[0].limit == "mangan"  # the Scorer said so: kiriage
    formula = Hora(1, 0, 0, (-40000, 40000, 0, 0), han=14, fu=30, points=40000, limit="")
    assert hand_events(formula).wins[0].limit == ""  # no limit, however many han: nothing invented
    collector = GameCollector(1000, load("standard").limit_rules)  # an mjai log carries none: derived
    collector(StartKyoku(0, 1, 0, 0, 0, 0, ((),) * 4, (25000,) * 4))
    collector(Hora(1, 0, 0, (-12000, 12000, 0, 0), han=6, fu=30, points=12000))
    collector(EndGame((13000, 37000, 25000, 25000), (0.0,) * 4))
    assert collector.game().wins[0].limit == "haneman"


@pytest.mark.parametrize("name", ["standard", "igishokai-sanma"])
def test_limits_are_shown_only_for_a_payment_that_has_them(name: str) -> None:
    ruleset = load(name)
    game = hand_events(Hora(1, 0, 0, (-8000, 8000, 0, 0), han=5, fu=30, points=8000, limit="mangan"))
    summary = summarize([game], limits=has_limits(ruleset))
    assert bool(summary.limits) == (name == "standard")
    html = render(summary, Labels("t", name, "h", "v", 1), lang="en")
    assert ("kazoe yakuman" in html) == (name == "standard")
    assert ("has no limits" in html) == (name != "standard")


def test_a_play_on_hand_is_one_paid_win_not_an_abortive_draw() -> None:
    """`game.after_win play_on_best_paid`: two wins announced unpaid, then the best paid by `best_paid`."""
    first = Hora(1, 0, 0, han=1, fu=30, points=1000)
    best = Hora(2, 2, 0, han=3, fu=30, points=3900)
    paid = (-1300, 0, 3900, -1300)
    game = hand_events(first, best, Ryukyoku("best_paid", paid, (True,) * 4), deltas=paid)
    hand = game.hands[0]
    assert hand.result == "win" and hand.won == (False, False, True, False)
    assert hand.dealt_in == (False,) * 4 and hand.deltas == paid
    assert [(w.seat, w.points, w.tsumo, w.paid) for w in game.wins] == [(1, 1000, False, False), (2, 3900, True, True)]
    summary = summarize([game], play_on=True)
    assert summary.rates["abortive_draw"].count == 0 and summary.rates["win"].count == 1
    assert summary.value.mean == 3900 and summary.rates["tsumo_share"].count == 1  # the paid win's figures
    assert not summarize([game]).play_on and "play_on" not in summarize([game]).as_json()


def test_a_play_on_variant_reports_wins_reached_paid_and_who_paid() -> None:
    """Issue 19 item 3, on two games of one hand each: game 1 as above (seat 1's ron reached first, seat
    2's tsumo paid); game 2 one ron, paid. Wins reached 3 of 8 player-hands, paid 2 of 3, the paid win the
    hand's first in 1 of 2, paid by a discarder alone in 1 of 2; intervals clustered by game, and the
    report says them in both languages only for a variant that plays on."""
    paid = (-1300, 0, 3900, -1300)
    one = hand_events(
        Hora(1, 0, 0, han=1, fu=30, points=1000),
        Hora(2, 2, 0, han=3, fu=30, points=3900),
        Ryukyoku("best_paid", paid, (True,) * 4),
        deltas=paid,
    )
    ron = (-2000, 2000, 0, 0)
    two = hand_events(Hora(1, 0, 0, han=2, fu=30, points=2000), Ryukyoku("best_paid", ron, (True,) * 4), deltas=ron)
    summary = summarize([one, two], play_on=True)
    counts = {name: (r.count, r.total) for name, r in summary.play_on.items()}
    assert counts == {"wins_reached": (3, 8), "wins_paid": (2, 3), "paid_first": (1, 2), "paid_by_discarder": (1, 2)}
    assert summary.play_on["wins_paid"].variance is not None  # clustered over the two games
    assert summary.as_json()["play_on"]["wins_paid"]["value"] == round(2 / 3, 6)
    labels = Labels("t", "naki-riichi", "h", "v", 2)
    assert "Wins paid (of the wins reached)" in render(summary, labels, lang="en")
    assert "支払われた和了（和了のうち）" in render(summary, labels, lang="ja")
    assert "Wins paid" not in render(summarize([one, two]), labels, lang="en")


def test_placements_are_the_engines_final_standing_ties_included() -> None:
    """Equal final scores: `game.ties lot` (or `last_winner`) gave seat 3 the higher place, so its points
    are higher; the standing follows the points, not the seat order."""
    game = GameRecord(4, (), (), (30000, 20000, 20000, 30000), (40.0, -10.0, -20.0, -10.0), "complete")
    tied = replace(game, points=(10.0, -10.0, -20.0, 20.0))
    assert tied.placements() == (2, 3, 4, 1)
    assert game.placements()[0] == 1
