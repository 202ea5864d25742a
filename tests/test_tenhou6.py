"""tenhou.net/6 JSON round trips: a played game written, read back and replayed through the engine is the
same game (every action legal, the same JSON written again), red fives and kans included."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_mjai import played

from variantlang import Ruleset, load
from variantlang.engine.events import Daiminkan, EndKyoku, Event, Pon
from variantlang.engine.rules import EngineRules
from variantlang.hand.tiles import Mark, Tile
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


FILLER_3P = (
    [11, 11, 11, 19, 19, 19, 21, 21, 21, 22, 22, 22, 23],
    [27, 27, 27, 28, 28, 28, 29, 29, 29, 31, 31, 31, 32],
    [33, 33, 33, 34, 34, 34, 36, 36, 36, 37, 37, 37, 38],
)
"""Three hands of tiles a three-player set holds, none of them a 5p."""


def sanma_round(discarder: int, caller: int, call: str, own: list[int]) -> list[object]:
    """A three-player round dealt by `discarder`, who draws the red 5p and lets it go; `caller` (holding
    `own` in place of its first tiles) calls it with `call` and discards its last tile (after a
    daiminkan's placeholder and its replacement draw, a North)."""
    hands = [list(h) for h in FILLER_3P]
    hands[caller][: len(own)] = own
    draws: list[list[object]] = [[], [], []]
    discards: list[list[object]] = [[], [], []]
    draws[discarder], discards[discarder] = [52], [60]
    kan = "m" in call
    draws[caller] = [call, 44] if kan else [call]
    discards[caller] = [0, hands[caller][-1]] if kan else [hands[caller][-1]]
    seats = [x for s in range(3) for x in (hands[s], draws[s], discards[s])]
    return [[discarder, 0, 0], [35000, 35000, 35000, 0], [41], [], *seats, [], [], [], ["流局", [0, 0, 0, 0]]]


@pytest.mark.parametrize(("discarder", "caller"), [(d, c) for d in range(3) for c in range(3) if d != c])
def test_a_three_player_call_names_its_source_at_a_table_of_four(discarder: int, caller: int) -> None:
    """Tenhou seats three players at a table of four (the North seat empty), and a call's marker says
    where its tile came from there: seat 0's toimen is seat 2, its kamicha nobody (real three-player
    tenhou.net/6 files: mjai-reviewer3p's test data). A pon and a daiminkan of the red 5p from each
    other seat read back from that seat, and the writer puts the marker where it was."""
    position = {3: 0, 2: 1, 1: 2}[(discarder - caller) % 4]
    pon = ["25", "25"]
    pon.insert(position, "p52")
    kan = ["25", "25", "25"]
    kan.insert(3 if position == 2 else position, "m52")
    rules = EngineRules(load("standard-sanma"))
    for call, own in (("".join(pon), [25, 25]), ("".join(kan), [25, 25, 25])):
        data = {"title": ["", ""], "name": ["a", "b", "c", ""], "rule": {"disp": "三南喰赤", "aka": 1}}
        data["log"] = [sanma_round(discarder, caller, call, own)]
        record = tenhou6.read_text(json.dumps(data), ruleset=rules.ruleset)
        (called,) = [e for e in record.rounds[0].events if isinstance(e, Pon | Daiminkan)]
        assert (called.actor, called.target, rules.tiles.tiles[called.pai]) == (caller, discarder, Tile(13, Mark.RED))
        events = [record.rounds[0].start, *record.rounds[0].events, EndKyoku()]
        written = tenhou6.write(events, rules.ruleset)["log"][0]
        assert written[5 + 3 * caller][0] == call
