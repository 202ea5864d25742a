"""What the compiler knows about an expression besides its closure, and where it compiles one.

The static types themselves (`T`) belong to the contract with the scorer (`model.facts`); this module
holds the compiler's own records: the `Compiled` result, whose extra fields are what lets the fast
paths in `optimise` and `split` recognise a shape without re-reading the tree; the `Scope` an
expression is compiled in; and the `Binding` of an element by an enclosing quantifier. They live apart
from the compiler so that the optimiser, the split and the reference evaluator can all read them
without importing each other.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from variantlang.lang.expr.vocabulary import D
from variantlang.model.facts import FACTS, EvaluationError, Fn, T

MAX_EXPRESSION_COST = 50_000
"""The most steps one evaluation of a condition, bonus or formula may take in the worst case (a step is
one small operation, well under a microsecond), estimated from its shape when it is compiled: a file
that asks for more is refused. The costliest expression of the shipped variants is about 900."""

MAX_FILE_COST = 200_000
"""The most the conditions, bonuses and formulas of one variant may cost together per reading of a
hand (the shipped variants: about 3 000)."""

MAX_EXAMPLES_COST = 20_000_000
"""The most that checking a variant's examples may cost: each example is scored, at up to the file's
cost per reading (a few seconds of work at most)."""

MAX_RANGE_ITEMS = 10_000
"""The longest range a quantifier may go through when the range's bounds depend on the win (`count(n in
1..han: …)`); a longer one stops the evaluation. Membership (`x in 0..999999999`) has no such limit."""

COLLECTION_BOUND = {T.GROUPS: 7, T.TILES: 24}
"""The most elements a collection of the win has: seven pairs; eighteen tiles with four kans, or the tiles
set aside (nuki), bounded generously."""


@dataclass(frozen=True, slots=True)
class Compiled:
    fn: Fn
    type: T
    cost: int
    """Rough evaluation cost, used to run cheap conjuncts first."""
    constant: bool = False
    fact: str | None = None
    """Set when the expression is just a fact of the win, so callers can read it inline."""
    test: tuple[int, int, Any] | None = None
    """(slot, attribute index, C-level test or None) when the expression tests one attribute of a bound
    element: quantifiers then run as `map` chains without a Python call per element."""
    length: str | None = None
    """Set for `count(fact)`: the size of a fact's collection, which comparisons read inline."""
    gate: tuple[str, str, Any] | None = None
    """(fact, operator, constant) for `fact OP constant`, which an `and` chain inlines before the rest."""
    reads: frozenset[str] | None = None
    """The shape facts (`SHAPE_FACTS`, and `#runs` for a collection's size) the value depends on, when
    it depends on nothing else; None when it reads elements, tiles or payment variables. A condition
    with `reads` is a function of those facts alone, so the scorer can decide it once per shape."""
    domain: D = D.ANY
    """What the value stands for (for a list or range, its elements), to refuse comparing unlike things."""
    boolean: bool = False
    """Set when the value is always True or False (a comparison, `not`, `any`, a flag): an `and` / `or`
    chain of such terms needs no conversion to give true or false."""


@dataclass
class Scope:
    """What names mean where an expression is compiled."""

    settings: Mapping[str, Any]
    """Setting values by bare key (only keys unique across sections) and by `section.key`."""
    payment: bool = False
    variables: Mapping[str, int] | None = None
    """Payment variables defined by earlier assignments, each with its slot in `win.vars`."""

    @classmethod
    def of_settings(
        cls, values: Mapping[str, Any], *, payment: bool = False, variables: Mapping[str, int] | None = None
    ) -> Scope:
        """The scope of a variant whose settings are `values` (every setting by `section.key`, as
        the checker holds them): each is also known by its bare key when no other section has that
        key and no fact of the win has that name."""
        sections: dict[str, int] = {}
        for path in values:
            key = path.split(".")[1]
            sections[key] = sections.get(key, 0) + 1
        settings: dict[str, Any] = {}
        for path, value in values.items():
            key = path.split(".")[1]
            settings[path] = value
            if sections[key] == 1 and key not in FACTS:
                settings[key] = value
        return cls(settings, payment, variables)


@dataclass(frozen=True, slots=True)
class Binding:
    """An element bound by an enclosing quantifier, found at `env[slot]` when the expression runs."""

    name: str | None  # None: the implicit element of `count(C: …)`, whose attributes are bare names
    type: T
    slot: int


@dataclass(frozen=True, slots=True)
class FactEquals:
    """An element test "attribute == this fact of the win" (the fact is read once per quantifier)."""

    name: str


class ConstList:
    """A constant list with a set beside it, for fast `in`."""

    __slots__ = ("items", "members")

    def __init__(self, items: tuple[Any, ...], members: frozenset[Any]) -> None:
        self.items = items
        self.members = members

    def __iter__(self) -> Iterator[Any]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)


class IntRange:
    """`lo..hi`: the whole numbers from lo to hi, both included, kept as its two bounds so that a range is
    never built as a list (`honba in 0..999999999` is two comparisons)."""

    __slots__ = ("high", "low", "where")

    def __init__(self, low: int, high: int, where: str | None = None) -> None:
        self.low = low
        self.high = high
        self.where = where
        """Where a range whose bounds depend on the win is written (None for a constant range, whose length
        the cost estimate has already paid for): such a range stops past `MAX_RANGE_ITEMS`."""

    def __contains__(self, value: object) -> bool:
        try:
            return bool(self.low <= value <= self.high and value == int(value))  # type: ignore[operator, call-overload]
        except TypeError:
            return False

    def __iter__(self) -> Iterator[int]:
        if self.where is not None and len(self) > MAX_RANGE_ITEMS:
            raise EvaluationError(
                f"the range {self.low}..{self.high} is too long to go through (more than {MAX_RANGE_ITEMS:,} numbers)",
                self.where,
            )
        return iter(range(self.low, self.high + 1))

    def __len__(self) -> int:
        return max(0, self.high - self.low + 1)

    def __repr__(self) -> str:
        return f"{self.low}..{self.high}"


def members_of(value: ConstList | IntRange) -> frozenset[Any] | IntRange:
    """What `x in C` tests for a constant list or range."""
    return value.members if isinstance(value, ConstList) else value
