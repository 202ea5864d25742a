"""tenhou.net/6 JSON round trips: a played game written, read back and replayed through the engine is the
same game (every action legal, the same JSON written again), red fives and kans included."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_mjai import played

from variantlang import Ruleset
from variantlang.engine.events import Event
from variantlang.engine.rules import EngineRules
from variantlang.records import tenhou6
from variantlang.records.replay import replay


def viewer_json(rules: EngineRules, events: list[Event]) -> str:
    data = tenhou6.write(events, rules.ruleset)
    return json.dumps(data, ensure_ascii=False)


def round_trip(rules: EngineRules, events: list[Event]) -> None:
    text = viewer_json(rules, events)
    record = tenhou6.read_text(text, ruleset=rules.ruleset)
    back: list[Event] = []
    result = replay(rules, record, listener=back.append)
    assert result.ok, result.problems
    assert viewer_json(rules, back) == text


@pytest.mark.parametrize("name", ["standard", "standard-sanma"])
@settings(max_examples=4)
@given(seed=st.integers(0, 2**31 - 1))
def test_a_played_game_round_trips(name: str, seed: int, shipped: Callable[[str], Ruleset]) -> None:
    rules = EngineRules(shipped(name))
    round_trip(rules, played(rules, seed))


@pytest.mark.parametrize(("name", "seed"), [("standard", 12), ("standard-sanma", 49)])
def test_a_five_added_to_a_pon_with_a_red_five_round_trips(
    name: str, seed: int, shipped: Callable[[str], Ruleset]
) -> None:
    """These games add a 5 to a pon holding the red one: Tenhou writes `k`, the added tile, then the pon's
    called one (`p522525` → `k25522525`), and it is the added tile that leaves the hand."""
    rules = EngineRules(shipped(name))
    round_trip(rules, played(rules, seed))
