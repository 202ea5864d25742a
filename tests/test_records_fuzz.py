"""Fuzzing the log readers (issue 25 item 1), as `test_fuzz.py` does the rule files: mutations of real and
written logs in every format, and generated mjai events. Whatever comes in, `read_log` and a replay give
a result or a located `RecordError`, never another exception, within the same bounds of memory and time
(`test_fuzz.bounded`). `VARIANTLANG_FUZZ_EXAMPLES=5000` runs longer."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from builds import pure_only
from hypothesis import given
from hypothesis import strategies as st
from test_fuzz import FUZZ, bounded
from test_mjai import greedy_game
from truth import LOGS, TRUTH

from variantlang.api import load
from variantlang.engine.rules import EngineRules
from variantlang.records.logs import game_logs, read_log
from variantlang.records.replay import replay
from variantlang.records.tenhou_xml import RecordError
from variantlang.records.variants import engine_rules

pytestmark = pure_only

REAL = [
    LOGS / "4p/mjx/mjx-nm.mjlog",
    LOGS / "3p/dnovikoff/dnovikoff-sanma2.xml",
    TRUTH / "logs/tenhou6_json/4p/mjlog2json/2019103023gm-00a9-0000-f90e0fe9.json",
]


@cache
def written() -> dict[str, str]:
    """A three-player game written by us, in both formats."""
    rules = EngineRules(load("standard-sanma"))
    lines, viewer = game_logs(greedy_game(rules, 3), rules)
    return {".mjson": lines, ".json": viewer}


def sources() -> list[tuple[str, str]]:
    out = [(p.suffix, p.read_text(encoding="utf-8")) for p in REAL if p.exists()]
    return out + list(written().items())


def reads_or_explains(text: str, suffix: str, tmp: Path) -> None:
    path = tmp / f"fuzz{suffix}"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    with bounded():
        try:
            record, ruleset = read_log(path)
        except RecordError as error:
            assert str(error)
            return
        replay(engine_rules(ruleset), record)


_NUMBERS = st.sampled_from(["-1", "0", "9", "999", "1e400", "NaN", "-99999999999999999999", '""', "[]", "null"])


@FUZZ
@given(data=st.data())
def test_a_mutated_log_reads_or_explains(data: st.DataObject, tmp_path_factory: pytest.TempPathFactory) -> None:
    pool = sources()
    if not pool:
        pytest.skip("no logs to mutate")
    suffix, text = data.draw(st.sampled_from(pool))
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text) - 1))
        kind = data.draw(st.integers(0, 3))
        if kind == 0:  # a number or value replaced
            end = at
            while end < len(text) and text[end].isdigit():
                end += 1
            text = text[:at] + data.draw(_NUMBERS) + text[end:]
        elif kind == 1:  # a piece cut out
            text = text[:at] + text[at + data.draw(st.integers(1, 200)) :]
        elif kind == 2:  # a piece repeated
            text = text[:at] + text[at : at + 200] + text[at:]
        else:  # a character changed
            text = text[:at] + data.draw(st.characters(codec="utf-8")) + text[at + 1 :]
    reads_or_explains(text, suffix, tmp_path_factory.mktemp("mut"))


_FIELD = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**25), 10**25) | st.floats() | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=14) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)
_TYPES = st.sampled_from(
    [
        "start_game",
        "start_kyoku",
        "tsumo",
        "dahai",
        "chi",
        "pon",
        "daiminkan",
        "kakan",
        "ankan",
        "nukidora",
        "kita",
        "dora",
        "reach",
        "reach_accepted",
        "hora",
        "ryukyoku",
        "end_kyoku",
        "end_game",
    ]
)
_KEYS = st.sampled_from(
    [
        "actor",
        "target",
        "pai",
        "consumed",
        "tehais",
        "scores",
        "oya",
        "bakaze",
        "kyoku",
        "honba",
        "kyotaku",
        "dora_marker",
        "deltas",
        "yaku",
        "points",
        "han",
        "fu",
        "reason",
        "tenpai",
        "nagashi",
        "seed",
        "players",
        "variant",
        "chips",
        "pao",
        "ura_markers",
        "dora_markers",
    ]
)


@FUZZ
@given(events=st.lists(st.tuples(_TYPES, st.dictionaries(_KEYS, _FIELD, max_size=6)), max_size=12))
def test_generated_mjai_events_read_or_explain(
    events: list[tuple[str, dict[str, object]]], tmp_path_factory: pytest.TempPathFactory
) -> None:
    lines = [json.dumps({"type": kind, **fields}, allow_nan=True) for kind, fields in events]
    reads_or_explains("\n".join(lines) + "\n", ".mjson", tmp_path_factory.mktemp("gen"))
