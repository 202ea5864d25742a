"""JSON lines in, JSON lines out (`score --batch`, `analyze --batch`): every non-blank input line gets
exactly one answer line, in order, whatever its bytes. A line that cannot be read (not UTF-8, longer
than `MAX_LINE`, not JSON, nested too deep, a number past Python's digit limit, NaN) or that makes the
work fail in any way is answered `{"line": N, "ok": false, "error": …}` and the batch goes on. Every
answer is valid JSON: no NaN or Infinity.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import IO, Any

MAX_LINE = 1 << 20
"""Longest input line, in bytes (1 MiB): far more than any win or hand, small enough to hold."""

_BOM = b"\xef\xbb\xbf"
_BUG = "please report it, with the line, at the project's issue tracker"


class LineError(ValueError):
    """An input line that is not a JSON value the batch can read."""


def answers(stream: IO[bytes], work: Callable[[Any], dict[str, Any]]) -> Iterator[str]:
    """One JSON answer per non-blank line of `stream`: `work(record)` for each line that reads as JSON
    (its expected failures are `ValueError`s, answered with their message), else why it does not."""
    for number, line in _lines(stream):
        if isinstance(line, LineError):
            yield json_line({"line": number, "ok": False, "error": str(line)})
            continue
        try:
            result = work(_parse(line))
        except ValueError as error:
            result = {"ok": False, "error": str(error)}
        except (RecursionError, MemoryError):
            result = {"ok": False, "error": "the line is too deeply nested or too large to work on"}
        except Exception as error:
            result = {"ok": False, "error": f"internal error ({type(error).__name__}: {error}); {_BUG}"}
        yield json_line({"line": number, **result})


def _lines(stream: IO[bytes]) -> Iterator[tuple[int, bytes | LineError]]:
    """Numbered non-blank lines, each at most `MAX_LINE` bytes (a longer one is skipped to its end)."""
    number = 0
    while True:
        raw = stream.readline(MAX_LINE + 1)
        if not raw:
            return
        number += 1
        if number == 1 and raw.startswith(_BOM):
            raw = raw[len(_BOM) :]
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
            while raw and not raw.endswith(b"\n"):
                raw = stream.readline(MAX_LINE + 1)
            yield number, LineError(f"the line is longer than {MAX_LINE} bytes")
            continue
        if raw.strip():
            yield number, raw


def _parse(line: bytes | LineError) -> Any:
    assert isinstance(line, bytes)
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as error:
        raise LineError(f"the line is not UTF-8 text (byte {error.start + 1})") from None
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise LineError(f"not a JSON object: {error.msg} at column {error.colno}") from None
    except RecursionError:
        raise LineError("the JSON is nested too deeply") from None
    except ValueError as error:  # an integer past the digit limit
        raise LineError(f"not a JSON object: {error}") from None


def _no_constant(name: str) -> Any:
    raise LineError(f"`{name}` is not a number JSON allows")


def json_line(answer: dict[str, Any]) -> str:
    """An answer as one line of valid JSON (every number is finite: expression arithmetic is exact and
    bounded, so `allow_nan=False` only guards the promise)."""
    return json.dumps(answer, ensure_ascii=False, allow_nan=False)
