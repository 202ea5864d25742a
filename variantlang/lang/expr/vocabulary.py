"""What the words and operators of the expression language mean, apart from any way of running them.

The names a win provides (facts, attributes, constants) are the contract with the scorer and live in
`model.facts`. This module holds the rest of the language's meaning: which functions and quantifiers
exist, what each arithmetic and comparison operator computes (with the edge rules a rule file can
reach: division by zero, huge powers), and the words that are both a value and an attribute. The
compiler (`codegen`) and the reference evaluator (`reference`) both read these tables, so they cannot
disagree about what `//` or `suit == honour` means, only about how they run it.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable
from typing import Any

from variantlang.model.facts import T
from variantlang.syntax import ast

QUANTIFIERS = ("count", "any", "all", "sum", "max", "min", "distinct")
"""count(C[: p]), any(C[: p]), all(C: p), sum(C[: v]), max/min(C: v), distinct(C: v) — with `x in C` to name
the element. Without `: p`, count is the size, any whether C has an element, all is true; sum and
distinct of a list of values add up or count its values."""

NEEDS_VALUE = ("sum", "max", "min", "distinct")
"""Quantifiers that need `: value` over groups or tiles (there is nothing to add up or compare)."""

FUNCTIONS = ("min", "max", "abs")
"""Functions of values: `min(a, b, …)`, `max(a, b, …)` (two or more), `abs(a)`. `min` and `max` with
`C: value` are the quantifiers; over an empty collection they are 0."""

LIMIT = 10.0**15
"""No amount on a mahjong table comes near this; arithmetic beyond it is clamped, so an untrusted file
cannot make a number so large that computing it never ends."""


def power(a: float, b: float) -> float:
    """`a ** b` with the exponent capped at 64 and the result clamped to ±LIMIT (0 when undefined)."""
    try:
        result = float(a) ** min(float(b), 64.0)
    except (OverflowError, ZeroDivisionError):
        result = LIMIT
    if isinstance(result, complex) or math.isnan(result):
        return 0
    result = max(-LIMIT, min(LIMIT, result))
    return int(result) if float(result).is_integer() and isinstance(a, int) and isinstance(b, int) else result


def divide(a: float, b: float) -> float:
    return a / b if b else 0


def floor_divide(a: float, b: float) -> float:
    return a // b if b else 0


def modulo(a: float, b: float) -> float:
    return a % b if b else 0


ARITHMETIC: dict[str, Callable[[Any, Any], Any]] = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": divide,
    "//": floor_divide,
    "%": modulo,
    "**": power,
}
"""The binary operators; division by zero (any of `/ // %`) gives 0."""

COMPARISONS: dict[str, Callable[[Any, Any], bool]] = {
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}

MIRRORED: dict[str, Callable[[Any, Any], bool]] = {
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.gt,
    "<=": operator.ge,
    ">": operator.lt,
    ">=": operator.le,
}
"""The comparison with its operands swapped: `x < c` is `c > x`."""

FLAG_FACTS = frozenset(
    {
        "closed", "tsumo", "ron", "riichi", "double_riichi", "open_riichi", "ippatsu", "rinshan", "chankan",
        "haitei", "houtei", "tenhou", "chiihou", "renhou", "dealer", "first_win",
    }
)  # fmt: skip
"""Facts of the win that are true or false (the others are numbers, tiles or collections). An `and` / `or`
chain of flags needs no conversion to give true or false, so a number listed here by mistake would leak
through one; tests/test_reference.py checks these lists against the facts of real wins."""

FLAG_ATTRIBUTES = {
    T.GROUP: frozenset(
        {
            "open",
            "concealed",
            "terminal",
            "honour",
            "yaochuu",
            "simple",
            "dragon",
            "wind",
            "value",
            "seat",
            "round",
            "all_terminal",
            "all_yaochuu",
        }
    ),
    T.TILE: frozenset({"terminal", "honour", "yaochuu", "simple", "dragon", "wind", "red", "flower"}),
}
"""Attributes of groups and tiles that are true or false."""

AMBIGUOUS = {"honour": "suit", "flower": "suit", "pair": "kind"}
"""Words that are both a value and an attribute or fact: compared with `suit` or `kind` they are the value
(`suit == honour`, `kind == pair`); elsewhere the attribute or fact (`all(tiles: honour)`, `pair.dragon`)."""


def constant_beside_attribute(operands: tuple[ast.Expr, ...], index: int) -> bool:
    """Whether `operands[index]` of a comparison is an `AMBIGUOUS` word that means its value here: it
    stands next to the name or attribute it is a value of (`suit == honour`, `t.kind != pair`)."""
    node = operands[index]
    if not isinstance(node, ast.Name) or node.id not in AMBIGUOUS:
        return False
    neighbours = [operands[j] for j in (index - 1, index + 1) if 0 <= j < len(operands)]
    wanted = AMBIGUOUS[node.id]
    names = [o.id if isinstance(o, ast.Name) else o.name if isinstance(o, ast.Attribute) else "" for o in neighbours]
    return wanted in names
