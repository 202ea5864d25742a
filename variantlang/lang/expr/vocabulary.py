"""What the words and operators of the expression language mean, apart from any way of running them.

The names a win provides (facts, attributes, constants) are the contract with the scorer and live in
`model.facts`. This module holds the rest of the language's meaning: which functions and quantifiers
exist, what each arithmetic and comparison operator computes (with the edge rules a rule file can
reach: division by zero, bounds, exactness), and the words that are both a value and an attribute. The
compiler (`codegen`) and the reference evaluator (`reference`) both read these tables, so they cannot
disagree about what `//` or `suit == honour` means, only about how they run it.
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from variantlang.model.facts import (
    FACTS,
    FORM_NAMES,
    KIND_NAMES,
    SUIT_NAMES,
    WAIT_NAMES,
    EvaluationError,
    T,
)
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

LIMIT = 10**15
"""The bound on every number an expression computes: an integer or a fraction whose size and whose
denominator are at most 10^15. No amount on a mahjong table comes near it. A result beyond it stops the
evaluation with `EvaluationError` (a located error at `check` when the operands are constants, a clean
`ok: false` at `score`), never a clamped or rounded number."""

MAX_EXPONENT = 64
"""`a ** b` takes a whole `b` up to 64 in size (beyond it only 0, 1 and -1 stay within `LIMIT`)."""

Number = int | Fraction


def exact(value: Any) -> Any:
    """A rule file's number as the expressions compute with it: `1.5` is exactly 3/2 (a literal has at most
    15 digits, so its shortest decimal text is the literal itself), a whole number an int; flags, tiles
    and other values unchanged."""
    if isinstance(value, float):
        return _normal(Fraction(repr(value)))
    return value


def _normal(value: Fraction) -> Number:
    return value.numerator if value.denominator == 1 else value


def bounded(value: Any) -> Any:
    """`value` if it is within `LIMIT`, else `EvaluationError`."""
    if type(value) is int:
        if -LIMIT <= value <= LIMIT:
            return value
    elif type(value) is Fraction:
        if value.denominator == 1:
            return bounded(value.numerator)
        if -LIMIT <= value <= LIMIT and value.denominator <= LIMIT:
            return value
    else:
        return value  # a flag (`riichi + 1` adds a bool, which is an int)
    raise EvaluationError(f"a value beyond the language's bound of ±10^15 ({_describe(value)})")


def _describe(value: Number) -> str:
    digits = len(str(abs(value.numerator if isinstance(value, Fraction) else value)))
    return f"a number of {digits} digits" if digits > 20 else f"{value}"


def add(a: Any, b: Any) -> Any:
    return bounded(a + b)


def subtract(a: Any, b: Any) -> Any:
    return bounded(a - b)


def multiply(a: Any, b: Any) -> Any:
    return bounded(a * b)


def divide(a: Any, b: Any) -> Any:
    """Exact division (`7 / 2` is 7/2, not 3.5 in binary); by zero gives 0."""
    if not b:
        return 0
    return bounded(_normal(Fraction(a) / b))


def floor_divide(a: Any, b: Any) -> Any:
    return bounded(a // b) if b else 0


def modulo(a: Any, b: Any) -> Any:
    return bounded(a % b) if b else 0


def power(a: Any, b: Any) -> Any:
    """`a ** b` for a whole `b`; a negative `b` gives a fraction, `0 ** -n` gives 0 (division by zero)."""
    if b != int(b):
        raise EvaluationError(f"`**` needs a whole exponent, not {b}")
    b = int(b)
    if abs(b) > MAX_EXPONENT and a not in (0, 1, -1):
        raise EvaluationError(f"an exponent beyond ±{MAX_EXPONENT} ({b}) gives a value beyond ±10^15")
    if a == 0 and b < 0:
        return 0
    return bounded(_normal(Fraction(a) ** b))


ARITHMETIC: dict[str, Callable[[Any, Any], Any]] = {
    "+": add,
    "-": subtract,
    "*": multiply,
    "/": divide,
    "//": floor_divide,
    "%": modulo,
    "**": power,
}
"""The binary operators, exact and bounded (`LIMIT`); division by zero (any of `/ // %`) gives 0."""

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


class D(enum.Enum):
    """What a value stands for, so that comparing unlike things (`suits == man`: a count with a suit;
    `number == 5z`: a number with a tile) is caught when the file is checked."""

    NUMBER = "a number"
    FLAG = "true or false"
    TILE = "a tile"
    SUIT = "a suit"
    KIND = "a group kind"
    WAIT = "a wait"
    FORM = "a hand form"
    ANY = "a value"
    """Not known when compiling (an element of a list of mixed values): never refused."""


NAMED = (D.SUIT, D.KIND, D.WAIT, D.FORM)
"""Domains whose values are names: they compare only with their own kind and take no arithmetic."""

CONSTANT_DOMAINS: dict[str, D] = {
    **dict.fromkeys(SUIT_NAMES, D.SUIT),
    **dict.fromkeys(KIND_NAMES, D.KIND),
    **dict.fromkeys(WAIT_NAMES, D.WAIT),
    **dict.fromkeys(FORM_NAMES, D.FORM),
    "true": D.FLAG,
    "false": D.FLAG,
}

FACT_DOMAINS: dict[str, D] = {
    **dict.fromkeys(FACTS, D.NUMBER),
    **dict.fromkeys(FLAG_FACTS, D.FLAG),
    "form": D.FORM,
    "wait": D.WAIT,
    "seat_wind": D.TILE,
    "round_wind": D.TILE,
    "payer_dealer": D.FLAG,  # a flag, but only in payment formulas: off `FLAG_FACTS`, which readings test
    "payer_seat": D.TILE,
    "win": D.TILE,
}

ATTRIBUTE_DOMAINS: dict[T, dict[str, D]] = {
    kind: {"kind": D.KIND, "suit": D.SUIT, "tile": D.TILE, **dict.fromkeys(flags, D.FLAG)}
    for kind, flags in FLAG_ATTRIBUTES.items()
}
"""Attributes of groups and tiles other than numbers (`number` and the rest are `D.NUMBER`)."""


def compatible(a: D, b: D) -> bool:
    """Whether values of domains `a` and `b` may be compared: the same kind, or numbers and flags (true
    is 1), or one not known."""
    return a is b or D.ANY in (a, b) or {a, b} <= {D.NUMBER, D.FLAG}


def arithmetic_domain(op: str, a: D, b: D) -> D | None:
    """The domain of `a OP b`, None when the operands take no arithmetic (a suit, a wait). A tile plus or
    minus a number is a tile (`pair.tile + 1`); anything else about tiles is a number (`tile % 9`)."""
    if a in NAMED or b in NAMED:
        return None
    if op in ("+", "-") and (a is D.TILE) != (b is D.TILE):
        return D.TILE if op == "+" or a is D.TILE else D.NUMBER
    return D.ANY if D.ANY in (a, b) else D.NUMBER
