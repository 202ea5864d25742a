"""Logs are as untrusted as rule files (issue 25 item 1): each hostile log is refused with its file, line
or round and field named, exit 1, never a traceback; one bad log in a folder is reported and the others
are still read, by `replay` and by `stats`."""

from __future__ import annotations

import json
import os
import re
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest
from builds import pure_only
from click.testing import CliRunner
from truth import LOGS, TRUTH

from variantlang.cli import main
from variantlang.records.logs import read_log
from variantlang.records.tenhou_xml import RecordError

pytestmark = pure_only

XML = LOGS / "4p/mjx/mjx-nm.mjlog"
JSON = TRUTH / "logs/tenhou6_json/4p/mjlog2json/2019103023gm-00a9-0000-f90e0fe9.json"


def _xml(change: Callable[[str], str]) -> Callable[[], str]:
    return lambda: change(XML.read_text(encoding="utf-8"))


def _json(change: Callable[[dict[str, object]], None]) -> Callable[[], str]:
    def made() -> str:
        data = json.loads(JSON.read_text(encoding="utf-8"))
        change(data)
        return json.dumps(data)

    return made


def _set_round(index: int, value: object) -> Callable[[dict[str, object]], None]:
    def change(data: dict[str, object]) -> None:
        data["log"][0][index] = value  # type: ignore[index]

    return change


def _init(attribute: str, value: str) -> Callable[[str], str]:
    return lambda text: re.sub(rf'(<INIT [^>]*?){attribute}="[^"]*"', rf'\g<1>{attribute}="{value}"', text, count=1)


CASES: dict[str, tuple[str, Callable[[], str], str]] = {
    "json nested 100 000 deep": (".json", lambda: "[" * 100_000 + "]" * 100_000, "nested deeper than"),
    "mjai nested 100 000 deep": (
        ".mjson",
        lambda: '{"type":"x","a":' + "[" * 100_000 + "]" * 100_000 + "}\n",
        ":1: not a readable mjai event (nested deeper",
    ),
    "mjai seat 9": (
        ".mjson",
        lambda: (
            '{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":9,'
            '"dora_marker":"1m","tehais":['
            + ",".join(['["1m","1m","1m","1m","2m","2m","2m","2m","3m","3m","3m","3m","4m"]'] * 4)
            + '],"scores":[25000,25000,25000,25000]}\n'
        ),
        "start_kyoku: field oya",
    ),
    "mjai string for a number": (".mjson", lambda: '{"type":"start_game","players":"4"}\n', "field players"),
    "mjai NaN points": (
        ".mjson",
        lambda: '{"type":"end_game","scores":[1,2,3,4],"points":[NaN,0,0,0]}\n',
        "NaN is not a number a log may hold",
    ),
    "T999": (".mjlog", _xml(lambda t: re.sub(r"<T\d+/>", "<T999/>", t, count=1)), "<T999>: missing or bad value"),
    "oya 9": (".mjlog", _xml(_init("oya", "9")), "<INIT>: missing or bad value (oya 9"),
    "huge call code": (
        ".mjlog",
        _xml(lambda t: re.sub(r'(<N who="\d") m="\d+"', r'\1 m="9999999999999"', t, count=1)),
        "is not a 16-bit number",
    ),
    "negative start score": (".mjlog", _xml(_init("ten", "-250,-250,-250,-250")), "field start scores"),
    "21-digit start score": (
        ".mjlog",
        _xml(_init("ten", ",".join(["123456789012345678901"] * 4))),
        "a score out of range",
    ),
    "NaN owari": (".mjlog", _xml(lambda t: re.sub(r'owari="(-?\d+),[^,]+,', r'owari="\1,NaN,', t)), "not finite"),
    "empty call string": (".json", _json(lambda d: d["log"][0][5].insert(0, "")), "not a call string"),  # type: ignore[index]
    "14-tile starting hand": (".json", _json(lambda d: d["log"][0][4].append(11)), "field hand"),  # type: ignore[index]
    "a single start score": (".json", _json(_set_round(1, [25000])), "field scores"),
    "billion laughs": (
        ".mjlog",
        lambda: (
            '<!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><mjloggm>&b;</mjloggm>'
        ),
        ":1:12: a document type declaration: not an mjlog XML file we read",
    ),
    "mjai line of 3 MiB": (
        ".mjson",
        lambda: '{"type":"start_game","x":"' + "a" * (3 << 20) + '"}\n',
        ":1: a line longer",
    ),
    "NaN final points": (
        ".json",
        lambda: JSON.read_text(encoding="utf-8").replace('"sc":[', '"sc":[NaN,NaN,', 1),
        "final sc",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_hostile_log_is_refused_with_where_and_what(case: str, tmp_path: Path) -> None:
    suffix, make, message = CASES[case]
    if not XML.exists() or not JSON.exists():
        pytest.skip("the shared Tenhou records are not here")
    bad = tmp_path / f"bad{suffix}"
    bad.write_text(make(), encoding="utf-8")
    for command in ("replay", "stats"):
        result = CliRunner().invoke(main, [command, str(bad)])
        assert result.exit_code == 1, (command, result.output)
        assert isinstance(result.exception, SystemExit), (command, result.exception)
        assert f"{bad}" in result.output and message in result.output, (command, result.output)


def test_one_bad_log_in_a_folder_leaves_the_others_read(tmp_path: Path) -> None:
    if not XML.exists():
        pytest.skip("the shared Tenhou records are not here")
    (tmp_path / "good.mjlog").write_text(XML.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "bad.mjlog").write_text("<mjloggm><T999/>", encoding="utf-8")
    pipe = tmp_path.parent / f"{tmp_path.name}-pipe.mjson"
    os.mkfifo(pipe)
    replayed = CliRunner().invoke(main, ["replay", "-q", str(tmp_path), str(pipe)])
    assert replayed.exit_code == 1
    assert "1 games, 10 hands replayed, 10 hands matched" in replayed.output
    assert "bad.mjlog" in replayed.output and "pipe.mjson: not a regular file" in replayed.output
    stats = CliRunner().invoke(main, ["stats", str(tmp_path), str(pipe)])
    assert stats.exit_code == 1
    assert "1 real games" in stats.output and "bad.mjlog" in stats.output and "not a regular file" in stats.output


@pytest.mark.parametrize("kind", ["sparse mjai", "sparse mjlog", "one line of 40 MiB"])
def test_a_huge_log_fails_at_once_having_read_little(tmp_path: Path, kind: str) -> None:
    """A sparse file of 20 GB is refused by its size before a byte is read; an mjai line of 40 MiB at the
    line limit, 2 MiB in: the reader's memory stays a few MiB either way."""
    path = tmp_path / ("huge.mjlog" if kind == "sparse mjlog" else "huge.mjson")
    if kind.startswith("sparse"):
        with path.open("wb") as handle:
            handle.truncate(20 << 30)
        message = f"{path}: 21474836480 bytes, larger than 64 MiB: not a log we read"
    else:
        path.write_bytes(b'{"type":"start_game","x":"' + b"a" * (40 << 20))
        message = f"{path}:1: a line longer than 2 MiB: not a log we read"
    tracemalloc.start()
    try:
        with pytest.raises(RecordError) as error:
            read_log(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert str(error.value) == message
    assert peak < 8 << 20, f"{peak} bytes held"
