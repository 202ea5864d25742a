"""The statistics: intervals against known values, and `variantlang stats` on a few real Tenhou games
(../shared/truth, skipped when absent) against counts taken straight from the XML, without the engine."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner
from truth import LOGS, TRUTH

from variantlang.cli import main
from variantlang.stats.figures import Mean, Rate

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
