"""Logs for every shipped variant (issue 19 item 5, issue 18 case 1): a simulated game written as mjai JSON
lines and as tenhou.net/6 JSON carries its variant, reads back under it without `--variant`, replays hand
by hand, and gives the statistics the simulation's own listener gave. A variant the engine cannot play is
skipped with the engine's own reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from builds import pure_only
from click.testing import CliRunner
from test_mjai import greedy_game
from test_readme import RULE_FILES

from variantlang.api import load_variant
from variantlang.bots import make
from variantlang.cli import main
from variantlang.engine.events import EndGame, Event, StartKyoku
from variantlang.engine.rules import EngineRules, UnplayableError
from variantlang.engine.table import play_game
from variantlang.engine.wall import SeededWall
from variantlang.records.logs import game_logs, read_log
from variantlang.records.replay import replay
from variantlang.records.variants import engine_rules
from variantlang.stats.games import GameCollector

pytestmark = pure_only  # the log writers and readers and the statistics: interpreted in both builds

SHIPPED = sorted(p.stem for p in (Path(__file__).resolve().parents[1] / "variants").glob("*.variant"))
README = sorted(RULE_FILES)
"""The README's own rule files (`friday.variant`, `aotenjou.variant`): played and logged like the shipped ones."""


def _variant(name: str, folder: Path) -> str:
    """What `simulate` is given for `name`: a shipped name, or the README's file written to `folder`."""
    if name not in RULE_FILES:
        return name
    for file, text in RULE_FILES.items():
        (folder / file).write_text(text, encoding="utf-8")
    return str(folder / name)


def _collected(rules: EngineRules, events: list[Event]) -> object:
    collector = GameCollector(rules.ruleset.riichi.stick)
    for event in events:
        collector(event)
    return collector.game()


@pytest.mark.parametrize("suffix", [".mjson", ".json"])
@pytest.mark.parametrize("name", SHIPPED + README)
def test_a_simulated_game_reads_back_under_its_own_variant(name: str, suffix: str, tmp_path: Path) -> None:
    try:
        rules = EngineRules(load_variant(_variant(name, tmp_path)))
    except UnplayableError as error:
        pytest.skip(f"the engine cannot play {name} yet: {error}")
    events = greedy_game(rules, 7)
    lines, viewer = game_logs(events, rules)
    path = tmp_path / f"game{suffix}"
    path.write_text(lines if suffix == ".mjson" else viewer, encoding="utf-8")
    record, ruleset = read_log(path)
    assert ruleset.source_hash == rules.ruleset.source_hash
    again: list[Event] = []
    result = replay(engine_rules(ruleset), record, listener=again.append)
    assert result.ok, [p for h in result.hands for p in h.problems] + result.problems
    end = next(e for e in reversed(events) if isinstance(e, EndGame))
    assert result.final is not None
    assert result.final.scores == end.scores
    assert [float(p) for p in result.final.points] == pytest.approx([float(p) for p in end.points], abs=1e-9)
    assert _collected(rules, again) == _collected(rules, events)


@pytest.mark.parametrize("name", SHIPPED + README)
def test_stats_of_simulated_logs_gives_the_simulations_figures(name: str, tmp_path: Path) -> None:
    """`simulate --logs` then `stats` on the logs folder (which reads one file a game, the mjai one) and on
    the tenhou.net/6 files alone, without `--variant`: the same figures (issue 18: dora-mahjong's seat means,
    dora-mahjong-tournament's games that "ended before the game does"; 囲将会's dealer, the last winner)."""
    variant = _variant(name, tmp_path)
    try:
        EngineRules(load_variant(variant))
    except UnplayableError as error:
        pytest.skip(f"the engine cannot play {name} yet: {error}")
    run = tmp_path / "run"
    simulated = CliRunner().invoke(
        main, ["simulate", variant, "-n", "2", "-j", "1", "--bots", "efficiency", "--logs", "-o", str(run)]
    )
    assert simulated.exit_code == 0, simulated.output
    ours = json.loads((run / "summary.json").read_text(encoding="utf-8"))["figures"]
    tenhou6 = sorted(str(path) for path in (run / "logs").glob("*.json"))
    assert len(tenhou6) == 2
    for logs, out in (([str(run / "logs")], "stats"), (tenhou6, "stats-tenhou6")):
        read = CliRunner().invoke(main, ["stats", *logs, "-o", str(tmp_path / out)])
        assert read.exit_code == 0, read.output
        theirs = json.loads((tmp_path / out / "summary.json").read_text(encoding="utf-8"))["figures"]
        assert theirs == ours, out


def test_a_cut_off_game_whose_dealer_won_last_reads_back_in_both_formats(tmp_path: Path) -> None:
    """囲将会 (`game.renchan last_winner`): seat 2 wins the first hand and deals the second, East's hand 1
    (tenhou.net/6 writes the dealer in its hand field, the number in its `hand_numbers`); a hand cap of 2
    cuts the game off, and both formats say so (`timeout`), so the replay ends where the game did."""
    rules = EngineRules(load_variant("igishokai-sanma"))
    events: list[Event] = []
    seats = [make("efficiency", rules, 40 + i) for i in range(rules.players)]
    play_game(rules, seats, lambda g: SeededWall(rules, 10, g.round_index, g.honba), seed=10, listener=events.append,
              max_hands=2)  # fmt: skip
    starts = [(e.kyoku, e.oya) for e in events if isinstance(e, StartKyoku)]
    end = events[-1]
    assert starts == [(0, 0), (1, 2)] and isinstance(end, EndGame) and end.reason == "timeout"
    for suffix, text in zip((".mjson", ".json"), game_logs(events, rules), strict=True):
        path = tmp_path / f"game{suffix}"
        path.write_text(text, encoding="utf-8")
        record, ruleset = read_log(path)
        assert [(r.start.kyoku, r.start.oya) for r in record.rounds] == starts
        again: list[Event] = []
        result = replay(engine_rules(ruleset), record, listener=again.append)
        assert result.ok, [p for h in result.hands for p in h.problems] + result.problems
        assert result.final is not None and result.final.reason == "timeout"
        assert _collected(rules, again) == _collected(rules, events)
