"""Batches never stop (issue 12, part 3): every non-blank input line of `score --batch` and `analyze
--batch` gets exactly one answer line, in order, whatever its bytes, and every answer is valid JSON."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from variantlang.cli import main
from variantlang.io.batch import MAX_LINE

GOOD_WIN = b'{"closed": "234m567p234s88s345s", "win": "5s", "riichi": true}'
GOOD_HAND = b'{"hand": "123m456p789s1123z"}'

HOSTILE: dict[str, bytes] = {
    "not UTF-8": b'{"closed": "\xff\xfe123m"}',
    "nested 100 000 deep": b"[" * 100_000 + b"]" * 100_000,
    "an integer of 5 000 digits": b'{"honba": 1' + b"0" * 5_000 + b"}",
    "longer than the line limit": b'{"closed": "' + b"1m" * (MAX_LINE // 2 + 10) + b'"}',
    "NaN": b'{"honba": NaN}',
    "Infinity": b'{"honba": -Infinity}',
    "not JSON": b"123m456p",
    "a NUL byte": b'{"closed": "123m\x00"}',
    "a list": b"[1, 2, 3]",
    "a string": b'"123m456p789s23455s"',
}


def strict(line: str) -> dict[str, Any]:
    """A line parsed as JSON that allows no NaN or Infinity."""

    def refuse(name: str) -> None:
        raise AssertionError(f"{name} in the output")

    answer = json.loads(line, parse_constant=refuse)
    assert isinstance(answer, dict)
    return answer


@pytest.mark.parametrize(("command", "good"), [("score", GOOD_WIN), ("analyze", GOOD_HAND)])
def test_every_line_gets_one_answer_in_order(command: str, good: bytes) -> None:
    lines = [good, b"", *HOSTILE.values(), b"   ", good]
    result = CliRunner().invoke(main, [command, "--batch", "-"], input=b"\n".join(lines) + b"\n")
    assert result.exit_code == 0, result.output
    answers = [strict(line) for line in result.output.splitlines()]
    expected = [n for n, line in enumerate(lines, start=1) if line.strip()]
    assert [a["line"] for a in answers] == expected
    assert answers[0].get("ok", True) and answers[-1].get("ok", True)
    for name, answer in zip(HOSTILE, answers[1:-1], strict=True):
        assert answer["ok"] is False and answer["error"], name


def test_the_line_limit_is_named_and_the_next_line_still_read() -> None:
    long_line = b"[" + b"1," * MAX_LINE + b"1]"
    result = CliRunner().invoke(main, ["score", "--batch", "-"], input=long_line + b"\n" + GOOD_WIN + b"\n")
    first, second = (strict(line) for line in result.output.splitlines())
    assert str(MAX_LINE) in first["error"] and second["line"] == 2 and second["total"] > 0


def test_a_byte_order_mark_is_not_part_of_the_first_line() -> None:
    result = CliRunner().invoke(main, ["score", "--batch", "-"], input=b"\xef\xbb\xbf" + GOOD_WIN + b"\n")
    assert strict(result.output)["han"] >= 1


def test_a_formula_beyond_the_bounds_is_an_answer_not_a_stop(tmp_path: Path) -> None:
    """Formula arithmetic is exact and bounded (±10^15): a value past the bound depends on the hand here,
    so `check` cannot see it, and scoring that hand answers `ok: false` naming the place (issue 12:
    "a product past 1e308", which used to print NaN or a clamped payment)."""
    variant = tmp_path / "big.variant"
    variant.write_text(
        'variant "x" "x" {\n  extends standard\n  payment {\n    scheme formula\n    tsumo each\n'
        "    value = 10000000000000 * 10000000000000 * han\n  }\n}\n",
        encoding="utf-8",
    )
    check = CliRunner().invoke(main, ["check", str(variant)])
    assert check.exit_code == 1 and "error[E0308]" in check.output  # the constant product alone is too big
    variant.write_text(
        'variant "x" "x" {\n  extends standard\n  payment {\n    scheme formula\n    tsumo each\n'
        "    value = 1000 * 10 ** (han * 8)\n  }\n}\n",
        encoding="utf-8",
    )
    assert CliRunner().invoke(main, ["check", str(variant)]).exit_code == 0
    batch = CliRunner().invoke(main, ["score", "--variant", str(variant), "--batch", "-"], input=GOOD_WIN + b"\n")
    answer = strict(batch.output)
    assert answer["ok"] is False and "big.variant:6:" in answer["error"] and "10^15" in answer["error"]
    single = CliRunner().invoke(main, ["score", "--variant", str(variant), "--json", "234m567p234s88s345s", "--riichi"])
    assert single.exit_code == 1 and strict(single.output)["ok"] is False
