"""mjai JSON lines: games the engine plays or replays are written and read back to the same events."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_engine import Greedy
from truth import LOGS

from variantlang import Ruleset, loads
from variantlang.bots.random import RandomSeat
from variantlang.cli import main
from variantlang.engine.events import Event, Hora, StartKyoku
from variantlang.engine.legal import action_key
from variantlang.engine.rules import EngineRules
from variantlang.engine.table import Seat, play_game
from variantlang.engine.wall import SeededWall
from variantlang.records import mjai
from variantlang.records.logs import read_log
from variantlang.records.replay import replay
from variantlang.records.tenhou_xml import RecordError
from variantlang.records.variants import engine_rules


def played(rules: EngineRules, seed: int) -> list[Event]:
    events: list[Event] = []
    seats = [RandomSeat(seed + i) for i in range(rules.players)]
    play_game(
        rules, seats, lambda g: SeededWall(rules, seed, g.round_index, g.honba), seed=seed, listener=events.append
    )
    return events


def same_up_to_copies(rules: EngineRules, a: list[Event], b: list[Event]) -> None:
    assert len(a) == len(b)
    for x, y in zip(a, b, strict=True):
        assert type(x) is type(y)
        assert action_key(rules, x) == action_key(rules, y), (x, y)


@pytest.mark.parametrize(("name", "seed"), [("standard", 1), ("standard-sanma", 2)])
def test_a_played_game_round_trips(name: str, seed: int, shipped: Callable[[str], Ruleset]) -> None:
    rules = EngineRules(shipped(name))
    events = played(rules, seed)
    lines = list(mjai.write(events, rules.tiles))
    back = mjai.read(lines, rules.tiles)
    same_up_to_copies(rules, events, back)
    assert list(mjai.write(back, rules.tiles)) == lines
    assert mjai.read(lines, rules.tiles) == back


def test_a_replayed_real_game_round_trips() -> None:
    path = LOGS / "4p/mjlog2json/2019103023gm-00a9-0000-f90e0fe9.xml"
    if not path.exists():
        pytest.skip("the shared Tenhou records are not here")
    record, ruleset = read_log(path)
    rules = engine_rules(ruleset)
    events: list[Event] = []
    assert replay(rules, record, listener=events.append).ok
    lines = list(mjai.write(events, rules.tiles))
    same_up_to_copies(rules, events, mjai.read(lines, rules.tiles))


def test_a_bad_line_is_an_error_with_its_number(shipped: Callable[[str], Ruleset]) -> None:
    rules = EngineRules(shipped("standard"))
    with pytest.raises(RecordError, match=r"game\.jsonl:2: not a readable mjai event"):
        mjai.read(['{"type":"start_game"}', '{"type":"dahai","actor":0,"pai":"5m"}'], rules.tiles, "game.jsonl")


def greedy_game(rules: EngineRules, seed: int) -> list[Event]:
    """A game with wins in it: two seats play toward winning, two at random."""
    events: list[Event] = []
    seats: list[Seat] = [Greedy(rules, seed + i) if i % 2 else RandomSeat(seed + i) for i in range(rules.players)]
    play_game(
        rules, seats, lambda g: SeededWall(rules, seed, g.round_index, g.honba), seed=seed, listener=events.append
    )
    return events


def write_game(path: Path, rules: EngineRules, events: list[Event]) -> Path:
    path.write_text("".join(line + "\n" for line in mjai.write(events, rules.tiles)), encoding="utf-8")
    return path


@pytest.mark.parametrize(("name", "seed"), [("standard", 3), ("standard-sanma", 4)])
def test_replay_reads_the_games_our_mjai_writer_writes(
    name: str, seed: int, shipped: Callable[[str], Ruleset], tmp_path: Path
) -> None:
    """Issue 10 items 4–5: a game the engine played, written as mjai, replays hand by hand with every result
    matching (the variant derived from the log: its players and red fives)."""
    rules = EngineRules(shipped(name))
    events = greedy_game(rules, seed)
    assert any(isinstance(e, Hora) for e in events)
    path = write_game(tmp_path / "game.mjson", rules, events)
    result = CliRunner().invoke(main, ["replay", str(path)])
    hands = sum(isinstance(e, StartKyoku) for e in events)
    assert result.exit_code == 0, result.output
    assert f"1 games, {hands} hands replayed, {hands} hands matched, 0 games not matched" in result.output


def test_replay_of_an_mjai_game_with_chips_compares_them(tmp_path: Path) -> None:
    """Chips written by the engine are compared on replay under the same variant: a changed chip is a mismatch."""
    variant = tmp_path / "chips.variant"
    variant.write_text(
        'variant "祝儀" "Chips" {\n  extends standard\n  chips {\n    value 500\n    red 1\n    ura 1\n  }\n}\n',
        encoding="utf-8",
    )
    rules = EngineRules(loads(variant.read_text(encoding="utf-8")))
    events = greedy_game(rules, 5)
    wins = [i for i, e in enumerate(events) if isinstance(e, Hora) and e.chips]
    assert wins, "the game should pay some chips"
    path = write_game(tmp_path / "game.mjson", rules, events)
    assert CliRunner().invoke(main, ["replay", str(path), "--variant", str(variant)]).exit_code == 0
    first = events[wins[0]]
    assert isinstance(first, Hora)
    events[wins[0]] = replace(first, chips=tuple(-c for c in first.chips))
    write_game(path, rules, events)
    result = CliRunner().invoke(main, ["replay", str(path), "--variant", str(variant)])
    assert result.exit_code == 1 and "mismatch" in result.output and "chips" in result.output


def test_a_truncated_mjai_file_is_a_located_error(shipped: Callable[[str], Ruleset], tmp_path: Path) -> None:
    """A file cut in the middle of a line names that line; cut between lines, the replay reports where the
    log stops, as a mismatch; neither is a traceback."""
    rules = EngineRules(shipped("standard"))
    lines = list(mjai.write(played(rules, 1), rules.tiles))
    cut = tmp_path / "cut.mjson"
    cut.write_text("\n".join(lines[:40]) + "\n" + lines[40][:15], encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(cut)])
    assert result.exit_code != 0 and isinstance(result.exception, SystemExit)
    assert "cut.mjson:41: not a readable mjai event" in result.output
    short = tmp_path / "short.mjson"
    short.write_text("\n".join(lines[:40]) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(short)])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert "mismatch" in result.output and "the engine draws a tile the log never drew" in result.output
