"""Real Tenhou games replayed through the engine (third-party records in ../shared/truth/, read in place;
skipped when absent). Every logged action must be one the engine offers, and every hand's result must
match: winners, yaku with han, fu, points, each seat's score change, draws and tenpai, the next hand's
counters, the end of the game, final scores and points.

The default run replays a handful of games chosen for what they contain; the full set is `slow`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from builds import compiled_only
from click.testing import CliRunner
from test_engine import UNPLAYED
from truth import LOGS, TRUTH

from variantlang import Ruleset
from variantlang.api import load
from variantlang.cli import main
from variantlang.engine.events import Dora, Event, Hora, Ryukyoku
from variantlang.engine.legal import action_key
from variantlang.engine.rules import EngineRules
from variantlang.records import tenhou6
from variantlang.records.logs import read_log
from variantlang.records.replay import GameResult, RescoreError, replay
from variantlang.records.tenhou_xml import RecordError, read_text
from variantlang.records.variants import engine_rules
from variantlang.rules import names

SUBSET = {
    "4p/mjlog2json/2019103023gm-00a9-0000-f90e0fe9.xml": "double ron, kyuushu kyuuhai, pao on a double-yakuman tsumo",
    "4p/mjx/2010091009gm-00a9-0000-83af2648.mjlog": "chankan, double ron",
    "4p/mjx/2016052515gm-00a9-0000-c4d72066.mjlog": "suukan sanra, a kakan on the replacement tile of a kan",
    "4p/mjx/2018040923gm-00a9-0000-1833afca.mjlog": "suucha riichi",
    "4p/mjx/2020052221gm-00a9-0000-6f0524c7.mjlog": "suufon renda",
    "4p/mjx/mjx-nm.mjlog": "nagashi mangan",
    "4p/dnovikoff/2010012206gm-00a9-0000-5414f3c4.xml": "pao on a tsumo",
    "4p/dnovikoff/2009040322gm-00a9-0000-a911cae1.xml": "East-only game (derived variant)",
    "3p/dnovikoff/dnovikoff-sanma2.xml": "three players, kita",
}

GAME_LEVEL = {
    "4p/dnovikoff/2009022022gm-00a9-0000-cd94aac8.xml": "2009: no tenpai-yame (game.tenpai_yame off)",
    "4p/dnovikoff/2009031702gm-00a1-0000-336ee82a.xml": "2009 East-only final points (game.uma 10 5 -5 -10)",
    "4p/dnovikoff/2009061806gm-00a1-0000-6d13c207.xml": "2009 East-only, scores rounded (game.points_rounding)",
    "4p/mjx/2019020120gm-0009-10011-215330df.mjlog": "special lobby 10011 (its return and uma)",
}
"""The games whose end or final points follow Tenhou's rules of their year or lobby: derived from the
log's metadata as settings (`records.variants`), they match like every other."""


@pytest.mark.parametrize("name", sorted(GAME_LEVEL), ids=lambda n: GAME_LEVEL[n])
def test_games_of_other_years_and_lobbies_match(logs: Path, name: str) -> None:
    path = logs / name
    if not path.exists():
        pytest.skip(f"{name} is not in this copy of the records")
    result = play(path)
    assert result.ok, "\n".join(problems(result) + result.problems)


@pytest.fixture(scope="module")
def logs() -> Path:
    if not LOGS.is_dir():
        pytest.skip(f"the shared Tenhou records are not here: {TRUTH}")
    return LOGS


def play(path: Path) -> GameResult:
    record, ruleset = read_log(path)
    return replay(engine_rules(ruleset), record)


def problems(result: GameResult) -> list[str]:
    return [f"{result.name} {h.round}: {p}" for h in result.hands for p in h.problems]


@pytest.mark.parametrize("name", sorted(SUBSET), ids=lambda n: SUBSET[n])
def test_subset_replays_hand_exactly(logs: Path, name: str) -> None:
    path = logs / name
    if not path.exists():
        pytest.skip(f"{name} is not in this copy of the records")
    result = play(path)
    assert result.hands and all(h.results for h in result.hands)
    assert result.ok, "\n".join(problems(result) + result.problems)


@compiled_only
@pytest.mark.slow
def test_every_game_replays_hand_exactly(logs: Path) -> None:
    games = hands = 0
    mismatches: list[str] = []
    for path in sorted(p for p in logs.rglob("*") if p.suffix in (".xml", ".mjlog")):
        result = play(path)
        games += 1
        hands += len(result.hands)
        mismatches += problems(result)
        mismatches += [f"{result.name}: {p}" for p in result.problems]
    print(f"{games} games, {hands} hands replayed")
    assert games >= 182 and hands >= 1879
    assert not mismatches, "\n".join(mismatches)


def test_a_truncated_log_is_an_error_with_its_position() -> None:
    with pytest.raises(RecordError, match=r"cut\.xml:1:\d+: not a readable mjlog"):
        read_text('<mjloggm ver="2.3"><GO type="169"/><INIT seed="0,0', "cut.xml")
    with pytest.raises(RecordError, match=r"tag 2 <INIT>"):
        read_text('<mjloggm><GO type="169"/><INIT seed="0,0,0,1,2,3" ten="250,250,250,250" oya="0"/></mjloggm>')


def test_replay_command_reports_a_mismatch_with_exit_code_1(logs: Path, tmp_path: Path) -> None:
    path = logs / "4p/mjx/mjx-nm.mjlog"
    if not path.exists():
        pytest.skip("mjx-nm.mjlog is not in this copy of the records")
    good = CliRunner().invoke(main, ["replay", str(path)])
    assert good.exit_code == 0, good.output
    assert "hands matched" in good.output and "mismatch" not in good.output  # undated: its points say rounded
    dated = tmp_path / "2020010100gm-00a9-0000-00000000.mjlog"
    dated.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    exact = CliRunner().invoke(main, ["replay", str(dated)])
    assert exact.exit_code == 0 and "mismatch" not in exact.output, exact.output  # 2020: rounded
    text = path.read_text(encoding="utf-8")
    scores = text.index('sc="', text.index("<AGARI")) + len('sc="')
    delta = text.index(",", text.index(",", scores) + 1)  # the end of seat 0's score change in the first win
    changed = tmp_path / "changed.mjlog"
    changed.write_text(text[:delta] + "7" + text[delta:], encoding="utf-8")
    bad = CliRunner().invoke(main, ["replay", str(changed)])
    assert bad.exit_code == 1
    assert "mismatch" in bad.output


def test_an_undated_logs_rounding_is_read_from_its_final_points(logs: Path, tmp_path: Path) -> None:
    """A Tenhou log whose name has no date: whole final points from scores that are not all multiples of
    1000 are the rounding until 2020 (`game.points_rounding shisha_gonyuu`); the same game with today's
    unrounded points in its `owari` is read as today's, and both match exactly."""
    path = logs / "4p/mjx/mjx-nm.mjlog"
    if not path.exists():
        pytest.skip("mjx-nm.mjlog is not in this copy of the records")
    record, ruleset = read_log(path)
    assert ruleset.game.points_rounding == "shisha_gonyuu" and replay(engine_rules(ruleset), record).ok
    assert record.end is not None and any(s % 1000 for s in record.end.scores)
    today = replay(engine_rules(load("standard")), record).final
    assert today is not None and today.points != record.end.points
    owari = ",".join(f"{s // 100},{p}" for s, p in zip(today.scores, today.points, strict=True))
    text = re.sub(r'owari="[^"]*"', f'owari="{owari}"', path.read_text(encoding="utf-8"))
    unrounded = tmp_path / path.name
    unrounded.write_text(text, encoding="utf-8")
    record, ruleset = read_log(unrounded)
    assert ruleset.game.points_rounding == "none" and replay(engine_rules(ruleset), record).ok


def test_replay_refuses_a_variant_it_cannot_play(logs: Path, tmp_path: Path) -> None:
    path = logs / "4p/mjx/mjx-nm.mjlog"
    if not path.exists():
        pytest.skip("mjx-nm.mjlog is not in this copy of the records")
    club = tmp_path / "club.variant"
    club.write_text(UNPLAYED, encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(path), "--variant", str(club)])
    assert result.exit_code == 1
    assert "dora.chosen_indicators" in result.output


def test_rescore_pays_the_same_wins_under_another_variant(logs: Path, shipped: Callable[[str], Ruleset]) -> None:
    path = logs / "4p/mjx/mjx-nm.mjlog"
    if not path.exists():
        pytest.skip("mjx-nm.mjlog is not in this copy of the records")
    record, derived = read_log(path)
    played = engine_rules(derived)
    same = replay(played, record, played)
    assert same.ok and same.rescored
    assert all(r.rescored == r.played for r in same.rescored)
    assert same.final == same.final_rescored
    other = replay(played, record, engine_rules(shipped("dora-mahjong")))
    assert other.final is not None and other.final_rescored is not None
    assert other.final_rescored.points != other.final.points  # 25000 returned, not 30000
    with pytest.raises(RescoreError, match="other tiles"):
        replay(played, record, engine_rules(shipped("standard-sanma")))


JSON = TRUTH / "logs" / "tenhou6_json"


def json_logs() -> list[Path]:
    return sorted(p for p in JSON.rglob("*") if p.suffix in (".json", ".jsonl")) if JSON.is_dir() else []


@pytest.mark.parametrize(
    "name",
    [
        "4p/mjlog2json/2019103023gm-00a9-0000-f90e0fe9.json",
        "4p/mjx_mjscore_per_round/2018010702gm-00a9-0000-5dd4f9b4.jsonl",
    ],
)
def test_tenhou6_json_replays_hand_exactly(logs: Path, name: str) -> None:
    path = JSON / name
    if not path.exists():
        pytest.skip(f"{name} is not in this copy of the records")
    record, ruleset = read_log(path)
    result = replay(engine_rules(ruleset), record)
    assert result.hands and result.ok, "\n".join(problems(result) + result.problems)


@pytest.mark.slow
def test_every_tenhou6_json_game_replays_hand_exactly(logs: Path) -> None:
    hands = 0
    mismatches: list[str] = []
    for path in json_logs():
        record, ruleset = read_log(path)
        result = replay(engine_rules(ruleset), record)
        hands += len(result.hands)
        mismatches += problems(result) + result.problems
    assert len(json_logs()) >= 37 and hands >= 396
    assert not mismatches, "\n".join(mismatches)


def test_the_xml_and_json_of_a_game_read_as_the_same_events(logs: Path, shipped: Callable[[str], Ruleset]) -> None:
    """Official mjlog2json pairs: the two formats give the same actions, tile for tile (kan-dora timing
    and the tenpai of draws are not in the JSON)."""
    rules = EngineRules(shipped("standard"))
    pairs = sorted((JSON / "4p" / "mjlog2json").glob("*.json")) if JSON.is_dir() else []
    if not pairs:
        pytest.skip("the tenhou.net/6 JSON records are not here")
    for path in pairs:
        xml, _ = read_log(logs / "4p" / "mjlog2json" / f"{path.stem}.xml")
        js, _ = read_log(path)
        assert len(xml.rounds) == len(js.rounds), path.name
        for a, b in zip(xml.rounds, js.rounds, strict=True):
            actions = [
                [action_key(rules, e) for e in r.events if not isinstance(e, Dora | Hora | Ryukyoku)] for r in (a, b)
            ]
            assert actions[0] == actions[1], f"{path.name} {a.name}"
            assert [e.deltas for e in a.events if isinstance(e, Hora | Ryukyoku)] == [
                e.deltas for e in b.events if isinstance(e, Hora | Ryukyoku)
            ], f"{path.name} {a.name}"


def english(text: str) -> str:
    """A tenhou.net/6 win's Japanese yaku name or value in English, as tensoul writes it (the yaku by
    Tenhou's number, the wind left out; `Fu` and `Han`, a limit by its romaji)."""
    name, _, rest = text.partition("(")
    if rest:  # "自風 東" → "自風": the English leaves the wind out
        english = DRAGONS.get(name) or names._TENHOU_EN[names._TENHOU_JA.index(name.split()[0])]
        return f"{english}({rest}"
    for ja, en in (("符", "Fu"), ("飜", "Han"), ("三倍満", "Sanbaiman "), ("倍満", "Baiman "), ("跳満", "Haneman ")):
        text = text.replace(ja, en)
    return text.replace("満貫", "Mangan ").replace("役満", "Yakuman ")


DRAGONS = {"役牌 白": "White Dragon", "役牌 發": "Green Dragon", "役牌 中": "Red Dragon"}


def test_a_tenhou6_game_with_english_yaku_names_reads_as_the_japanese(logs: Path) -> None:
    """The same game with every yaku and value in English (tensoul's Mahjong Soul names) reads as the same
    wins and replays exactly."""
    path = JSON / "4p/mjlog2json/2019103023gm-00a9-0000-f90e0fe9.json"
    if not path.exists():
        pytest.skip("the tenhou.net/6 JSON records are not here")
    data = json.loads(path.read_text(encoding="utf-8"))
    for rnd in data["log"]:
        for info in rnd[16][2::2]:
            info[3:] = [english(t) for t in info[3:]]
    translated = json.dumps(data, ensure_ascii=False)
    assert "All Triplets(2飜)" in translated and "Mangan 2000-4000点" in translated and "Fu" in translated
    japanese, ruleset = read_log(path)
    record = tenhou6.read_text(translated, path.name, ruleset=ruleset)
    wins = [[e for e in r.events if isinstance(e, Hora)] for r in (japanese.rounds, record.rounds) for r in r]
    assert wins[: len(japanese.rounds)] == wins[len(japanese.rounds) :]
    assert replay(engine_rules(ruleset), record).ok
    assert [names.yaku_id(None, n) for n in ("Seat Wind", "Kita", "役牌:場風牌", "Thirteen-wait Thirteen Orphans")] == [
        "jikaze", "nuki", "bakaze", "kokushi_13"
    ]  # fmt: skip


def test_bad_json_is_an_error_with_its_position() -> None:
    with pytest.raises(RecordError, match=r"cut\.json:1:\d+: not readable tenhou\.net/6 JSON"):
        tenhou6.read_text('{"log": [[[0,0,0], [25000', "cut.json")
    with pytest.raises(RecordError, match=r"round 1"):
        tenhou6.read_text('{"log": [[[0,0,0]]]}', "short.json")


def _normal(result: list[object]) -> list[object]:
    """A round's result with each win's yaku in sorted order (Tenhou lists them in its own reading order)."""
    return [sorted(x[4:]) + x[:4] if isinstance(x, list) and x and isinstance(x[-1], str) else x for x in result]


def test_a_replayed_game_written_as_tenhou6_json_equals_tenhous_own(logs: Path) -> None:
    """Engine events of the replayed official games, written as tenhou.net/6 JSON: hands, draws,
    discards, calls, indicators and every result as Tenhou's converter wrote them (yaku order aside),
    and reading the written file gives the same actions."""
    pairs = sorted((JSON / "4p" / "mjlog2json").glob("*.json")) if JSON.is_dir() else []
    if not pairs:
        pytest.skip("the tenhou.net/6 JSON records are not here")
    for path in pairs:
        record, ruleset = read_log(path)
        rules = engine_rules(ruleset)
        events: list[Event] = []
        assert replay(rules, record, listener=events.append).ok
        written = tenhou6.write(events, ruleset)
        official = json.loads(path.read_text(encoding="utf-8"))
        assert len(written["log"]) == len(official["log"])
        for ours, theirs in zip(written["log"], official["log"], strict=True):
            assert ours[:16] == theirs[:16], path.name
            assert _normal(ours[16]) == _normal(theirs[16]), path.name
        assert written["sc"][::2] == official["sc"][::2]
        again = tenhou6.read_text(json.dumps(written), path.name)
        for a, b in zip(record.rounds, again.rounds, strict=True):
            assert [action_key(rules, e) for e in a.events] == [action_key(rules, e) for e in b.events]


@compiled_only
@pytest.mark.slow
def test_every_replayed_game_written_as_tenhou6_json_replays_again(logs: Path) -> None:
    """Write each replayed XML game as tenhou.net/6 JSON, read it back and replay it: every hand matches."""
    mismatches: list[str] = []
    for path in sorted(p for p in logs.rglob("*") if p.suffix in (".xml", ".mjlog")):
        record, ruleset = read_log(path)
        rules = engine_rules(ruleset)
        events: list[Event] = []
        replay(rules, record, listener=events.append)
        written = tenhou6.write(events, ruleset)
        again = tenhou6.read_text(json.dumps(written), path.name, ruleset)
        result = replay(rules, again)
        mismatches += problems(result) + result.problems
    assert not mismatches, "\n".join(mismatches)


def test_a_single_round_from_mid_game_replays_from_its_own_state(logs: Path, tmp_path: Path) -> None:
    """Issue 21 item 2: a log of one round (its own round, honba, sticks, dealer and scores) replays from
    that state, and a log that stops before the game does is replayed as far as it goes; both are noted,
    neither is a mismatch."""
    path = logs / "4p/mjx/mjx-nm.mjlog"
    if not path.exists():
        pytest.skip("mjx-nm.mjlog is not in this copy of the records")
    text = path.read_text(encoding="utf-8")
    inits = [m.start() for m in re.finditer("<INIT ", text)]
    head = text[: inits[0]]
    one = head + text[inits[3] : inits[4]] + "</mjloggm>"
    (tmp_path / "one.mjlog").write_text(one, encoding="utf-8")
    result = play(tmp_path / "one.mjlog")
    assert result.ok and len(result.hands) == 1, problems(result) + result.problems
    assert any("starts mid-game" in n for n in result.notes)
    assert any("ends before the game does" in n for n in result.notes)
    cli = CliRunner().invoke(main, ["replay", str(tmp_path / "one.mjlog")])
    assert cli.exit_code == 0 and "note: the log starts mid-game" in cli.output
