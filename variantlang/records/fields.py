"""Checks every field of a log before the engine sees it: its type, its range and its length. A log is as
untrusted as a rule file; a value out of shape is a `FieldError` naming the field, which the reader turns
into a `RecordError` naming the file and the line or round.

Also the abortive-draw spellings mjai tools read. Final points are read and written exactly, by
`rules.standing` (`read_points`, `points_json`).
"""

from __future__ import annotations

import math
from decimal import Decimal
from typing import Any

from variantlang.rules.standing import read_points

MAX_SCORE = 10**7
"""No score, score change or hand value in a log is larger (in absolute value) than this."""
MAX_COUNT = 1000
"""No honba, riichi stick count, han or fu is larger."""
MAX_LIST = 64
"""No list of yaku, indicators or seats is longer."""
MAX_NAME = 64
"""No yaku name or reason is longer."""
MAX_POINTS = 10**6
"""No final points are larger, in absolute value."""

WRITE_DRAWS = {
    "kyuushu_kyuuhai": "kyushu_kyuhai",
    "suukan_sanra": "suukaikan",
    "sancha_hou": "sanchahou",
}
"""Our abortive-draw reasons as mjai tools spell them (jansou's `canonical_kind` reads `kyushu_kyuhai`,
`suukaikan` and `sanchahou`, not our romanisation); `suufon_renda`, `suucha_riichi` are already theirs.
Mortal's libriichi reads no reason at all (its `ryukyoku` has only `deltas`)."""
READ_DRAWS = (
    {
        "exhaustive": "exhaustive",
        "exhaustive_draw": "exhaustive",
        "chombo": "chombo",
        "best_paid": "best_paid",
        "suufon_renda": "suufon_renda",
        "four_winds": "suufon_renda",
        "suucha_riichi": "suucha_riichi",
        "four_riichi": "suucha_riichi",
        "nine_terminals": "kyuushu_kyuuhai",
        "triple_ron": "sancha_hou",
        "four_kans": "suukan_sanra",
    }
    | {ours: ours for ours in WRITE_DRAWS}
    | {theirs: ours for ours, theirs in WRITE_DRAWS.items()}
)
"""Every spelling of a draw reason the mjai reader takes: ours, what we write, and the English names
RiichiEnv and Mortal's tools use. `best_paid` is not a draw: it closes a hand played on after its wins
(`game.after_win play_on_best_paid`) with the one payment made (README, "Log formats")."""


class FieldError(ValueError):
    """A field of a log that is missing or out of shape."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"field {field}: {problem}")
        self.field = field


def check_int(d: dict[str, Any], key: str, low: int, high: int, *, default: int | None = None) -> int:
    """`d[key]` as an int in [low, high] (booleans are not numbers here)."""
    value = d.get(key, default)
    if type(value) is not int or not low <= value <= high:
        raise FieldError(key, f"not a whole number from {low} to {high}: {str(value)[:MAX_NAME]}")
    return value


def check_ints(d: dict[str, Any], key: str, length: tuple[int, int], low: int, high: int) -> tuple[int, ...]:
    """`d[key]` (an empty list when absent) as whole numbers in [low, high], `length` (least, most) many."""
    values = d.get(key, [])
    if not isinstance(values, list | tuple) or not length[0] <= len(values) <= length[1]:
        raise FieldError(key, f"not a list of {length[0]} to {length[1]} numbers")
    if not all(type(v) is int and low <= v <= high for v in values):
        raise FieldError(key, f"not whole numbers from {low} to {high}")
    return tuple(values)


def check_points(values: Any, players: int) -> tuple[Decimal, ...]:
    """Final points: finite numbers, one per seat (or none), read exactly (`standing.read_points`)."""
    if not isinstance(values, list | tuple) or len(values) not in (0, players):
        raise FieldError("points", f"not {players} numbers")
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v) or abs(v) > MAX_POINTS:
            raise FieldError("points", f"not a finite number of points: {str(v)[:MAX_NAME]}")
    return tuple(read_points(v) for v in values)


def json_depth(text: str) -> int:
    """How deep the brackets of a JSON text nest (strings aside): checked before `json.loads`, so a hostile
    file cannot exhaust the parser's recursion (JSON nested 100 000 deep)."""
    depth = deepest = 0
    quoted = escaped = False
    for char in text:
        if quoted:
            escaped, quoted = (False, True) if escaped else (char == "\\", char != '"')
        elif char == '"':
            quoted = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest
