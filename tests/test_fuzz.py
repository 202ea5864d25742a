"""Fuzzing every reader of untrusted input (issue 12, part 5): rule files generated from our own grammar
(`hypothesis.extra.lark.from_lark`), mutations of the shipped rule files, random bytes, and random hand
strings and batch lines. Whatever comes in, the answer is a result or a located diagnostic (an `ok:
false` line in a batch), never another exception, within bounded memory and time.

CI runs a small deterministic budget. A longer, randomised run is one command:

    VARIANTLANG_FUZZ_EXAMPLES=5000 pytest tests/test_fuzz.py

Memory is bounded by an address-space limit set around each example (1 GiB above what the test process
already uses) and time by an alarm (`HANG_SECONDS`): a blow-up or a hang fails the example, and
Hypothesis shrinks it and prints how to reproduce it.
"""

from __future__ import annotations

import json
import os
import random
import resource
import signal
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from functools import cache
from pathlib import Path
from types import FrameType

import pytest
from builds import pure_only
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from lark import Lark

import variantlang.syntax
from variantlang import DiagnosticError, loads
from variantlang.api import decode, scorer, shipped_names
from variantlang.catalog import SETTINGS
from variantlang.cli import main
from variantlang.lang.resolve import shipped_dir
from variantlang.model.ruleset import Ruleset
from variantlang.model.samples import random_win
from variantlang.rules.dora import most_indicators
from variantlang.scoring.scorer import ScoreError

EXAMPLES = int(os.environ.get("VARIANTLANG_FUZZ_EXAMPLES", "40"))
LONG = "VARIANTLANG_FUZZ_EXAMPLES" in os.environ
FUZZ = settings(
    max_examples=EXAMPLES,
    derandomize=not LONG,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)
HANG_SECONDS = 30
MEMORY_HEADROOM = 1 << 30
SHIPPED = shipped_dir()


class Hang(Exception):
    """An example ran past `HANG_SECONDS`."""


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise Hang(f"still running after {HANG_SECONDS} s")


@contextmanager
def bounded() -> Iterator[None]:
    """Run the body with at most `MEMORY_HEADROOM` more address space and `HANG_SECONDS` of time."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    used = _address_space()
    limit = used + MEMORY_HEADROOM if hard == resource.RLIM_INFINITY else min(hard, used + MEMORY_HEADROOM)
    previous = signal.signal(signal.SIGALRM, _alarm)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    signal.alarm(HANG_SECONDS)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def _address_space() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmSize:"):
            return int(line.split()[1]) * 1024
    return 0


# ------------------------------------------------------------------ what must hold for any rule file


def compiles_or_explains(text: str, tmp: Path) -> Ruleset | None:
    """The variant of `text`, or None after checking that its diagnostics render; any other exception
    (a traceback for the user) fails the test."""
    with bounded():
        try:
            ruleset = loads(text, name=str(tmp / "fuzz.variant"))
        except DiagnosticError as error:
            rendered = error.render()
            assert error.diagnostics and "error[E" in rendered
            assert all(d.span.line >= 1 and d.span.column >= 1 for d in error.diagnostics)
            return None
        rng = random.Random(0)
        for _ in range(3):  # what it compiled to also scores, or says why not
            win = random_win(rng, ruleset.tile_set, indicators=most_indicators(ruleset.dora), chi=ruleset.calls.chi)
            with suppress(ScoreError):
                scorer(ruleset).score(win)
        return ruleset


@cache
def _grammar() -> Lark:
    return Lark((Path(variantlang.syntax.__file__).with_name("grammar.lark")).read_text(), parser="lalr", lexer="basic")


@cache
def _shipped_texts() -> tuple[str, ...]:
    return tuple((SHIPPED / f"{name}.variant").read_text(encoding="utf-8") for name in shipped_names())


@FUZZ
@given(text=st.deferred(lambda: from_lark(_grammar(), start="start")))
def test_files_from_the_grammar(text: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    compiles_or_explains(text, tmp_path_factory.mktemp("g"))


WORDS = [
    *(s.key for s in SETTINGS),
    *(s.section for s in SETTINGS),
    "yaku", "house", "bonus", "drop", "family", "example", "when", "with_yakuman", "extends", "standard",
    "variant", "{", "}", "(", ")", "[", "]", ";", "\n", "=", "/", "-", "->", "..", "**", "and", "not", "in",
    "count(", "any(", "all(", "sum(", "tiles", "groups", "runs", "triplets", "honba", "han", "fu", "riichi",
    "5m", "0p", "9z", "1f", "東", "中", '"', '"x"', '"\\q"', "\t", "\x00", "\x1b[2J", "\ufeff", "#",
    "0", "-1", "1.5", "999999999999999", "9" * 20, "1..999999999", "10 ** 15", "1 / 0", "on", "off", "none",
]  # fmt: skip
"""Pieces a mutation inserts: every word of the catalog and the expression language, and the edge
cases (numbers at and past the limits, control characters, stray brackets and quotes)."""


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """A shipped rule file with a few random edits: a piece inserted, a span deleted, a line
    duplicated or moved, a number replaced."""
    text = draw(st.sampled_from(_shipped_texts()))
    for _ in range(draw(st.integers(1, 5))):
        at = draw(st.integers(0, len(text)))
        match draw(st.sampled_from(["insert", "delete", "duplicate", "move", "number"])):
            case "insert":
                text = text[:at] + draw(st.sampled_from(WORDS)) + " " + text[at:]
            case "delete":
                text = text[:at] + text[at + draw(st.integers(1, 200)) :]
            case "duplicate" | "move" as how:
                lines = text.split("\n")
                i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
                line = lines[i] if how == "duplicate" else lines.pop(i)
                lines.insert(j, line)
                text = "\n".join(lines)
            case "number":
                digits = [k for k, ch in enumerate(text) if ch.isdigit()]
                if digits:
                    k = draw(st.sampled_from(digits))
                    text = text[:k] + draw(st.sampled_from(["0", "15", "99999", "9" * 16, "-3", "0.5"])) + text[k + 1 :]
    return text


@pure_only  # the parser and the compiler: the same interpreted code in both builds
@FUZZ
@given(text=mutated())
def test_mutations_of_the_shipped_files(text: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    compiles_or_explains(text, tmp_path_factory.mktemp("m"))


@FUZZ
@given(data=st.binary(max_size=4000))
def test_random_bytes_as_a_rule_file(data: bytes, tmp_path_factory: pytest.TempPathFactory) -> None:
    try:
        text = decode(data, "bytes.variant")
    except DiagnosticError as error:
        assert {d.code for d in error.diagnostics} <= {"E0004", "E0007"}
        return
    compiles_or_explains(text, tmp_path_factory.mktemp("b"))


# ------------------------------------------------------------------ what must hold for any command input

HAND_PIECES = st.sampled_from(
    ["1", "5", "9", "0", "m", "p", "s", "z", "f", "(", ")", " ", "東", "x", "1111m", "(1111m)", "\x00", "-"]
)


@FUZZ
@given(hand=st.lists(HAND_PIECES, max_size=30).map("".join), flags=st.lists(st.sampled_from(
    ["--tsumo", "--riichi", "--ippatsu", "--chankan", "--haitei", "--houtei", "--tenhou", "--rinshan",
     "--seat=E", "--seat=N", "--honba=3", "--dora=5m", "--win=1m", "--variant=standard-sanma"]
), max_size=4))  # fmt: skip
def test_random_hands_on_the_command_line(hand: str, flags: list[str]) -> None:
    for command in (["score", *flags, "--", hand], ["analyze", "--", hand]):
        with bounded():
            result = CliRunner().invoke(main, command)
        assert result.exit_code in (0, 1, 2), (command, result.output)
        assert result.exception is None or isinstance(result.exception, SystemExit), (command, result.output)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20) | HAND_PIECES,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)
WIN_FIELDS = st.fixed_dictionaries(
    {},
    optional={
        "closed": st.lists(HAND_PIECES, max_size=20).map("".join) | JSON_VALUES,
        "melds": st.lists(st.text(max_size=8), max_size=4) | JSON_VALUES,
        "win": HAND_PIECES | JSON_VALUES,
        "tsumo": st.booleans() | JSON_VALUES,
        "honba": st.integers() | JSON_VALUES,
        "seat_wind": st.sampled_from(["E", "S", "X", "1z"]) | JSON_VALUES,
        "dora": st.lists(HAND_PIECES, max_size=3) | JSON_VALUES,
    },
)


@FUZZ
@given(lines=st.lists(WIN_FIELDS.map(lambda d: json.dumps(d).encode()) | st.binary(max_size=200), max_size=8))
def test_random_batch_lines_each_get_one_answer(lines: list[bytes]) -> None:
    lines = [line.replace(b"\n", b" ").replace(b"\r", b" ") for line in lines]
    for command in ("score", "analyze"):
        with bounded():
            result = CliRunner().invoke(main, [command, "--batch", "-"], input=b"\n".join(lines) + b"\n")
        assert result.exit_code == 0, result.output
        answers = [json.loads(line, parse_constant=_refuse) for line in result.output.splitlines()]
        expected = [n for n, line in enumerate(lines, start=1) if line.removeprefix(BOM * (n == 1)).strip()]
        assert [a["line"] for a in answers] == expected


BOM = b"\xef\xbb\xbf"
"""A byte order mark opening the first line is not part of it."""


def _refuse(name: str) -> None:
    raise AssertionError(f"{name} in the output: not valid JSON")
