"""mjai JSON lines: games the engine plays or replays are written and read back to the same events."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from truth import LOGS

from variantlang import Ruleset
from variantlang.bots.random import RandomSeat
from variantlang.engine.events import Event
from variantlang.engine.legal import action_key
from variantlang.engine.rules import EngineRules
from variantlang.engine.table import play_game
from variantlang.engine.wall import SeededWall
from variantlang.records import mjai
from variantlang.records.replay import replay
from variantlang.records.tenhou_xml import RecordError, read_file
from variantlang.records.variants import derived_variant, engine_rules


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
    record = read_file(path)
    rules = engine_rules(derived_variant(record))
    events: list[Event] = []
    assert replay(rules, record, listener=events.append).ok
    lines = list(mjai.write(events, rules.tiles))
    same_up_to_copies(rules, events, mjai.read(lines, rules.tiles))


def test_a_bad_line_is_an_error_with_its_number(shipped: Callable[[str], Ruleset]) -> None:
    rules = EngineRules(shipped("standard"))
    with pytest.raises(RecordError, match=r"game\.jsonl:2: not a readable mjai event"):
        mjai.read(['{"type":"start_game"}', '{"type":"dahai","actor":0,"pai":"5m"}'], rules.tiles, "game.jsonl")
