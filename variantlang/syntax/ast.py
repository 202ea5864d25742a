"""The syntax tree of a .variant file: frozen dataclasses that carry their source spans, no behaviour.

Everything after parsing (inheritance, checks, compilation) reads these, never Lark's trees.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from variantlang.diagnostics import Span
from variantlang.hand.tiles import Tile

# ------------------------------------------------------------------ setting values


@dataclass(frozen=True, slots=True)
class Number:
    value: int | float
    span: Span


@dataclass(frozen=True, slots=True)
class Text:
    value: str
    span: Span


@dataclass(frozen=True, slots=True)
class Word:
    """A bare name used as a value: `on`, `off`, `next`, `hanchan`."""

    value: str
    span: Span


@dataclass(frozen=True, slots=True)
class Tiles:
    """One tile token: `5m`, `234m`, `0p`, `北`."""

    tiles: tuple[Tile, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class Cycle:
    """`1m -> 9m -> 1m`: each tile indicates the next."""

    tiles: tuple[Tile, ...]
    span: Span


Value = Number | Text | Word | Tiles | Cycle

# ------------------------------------------------------------------ expressions


@dataclass(frozen=True, slots=True)
class Num:
    value: int | float
    span: Span


@dataclass(frozen=True, slots=True)
class Str:
    value: str
    span: Span


@dataclass(frozen=True, slots=True)
class TileLit:
    kind: int
    span: Span


@dataclass(frozen=True, slots=True)
class Name:
    id: str
    span: Span


@dataclass(frozen=True, slots=True)
class Attribute:
    target: Expr
    name: str
    span: Span


@dataclass(frozen=True, slots=True)
class Call:
    """`count(triplets)`, `count(triplets: dragon)`, `any(t in triplets: ...)`, `min(a, b)`."""

    function: str
    args: tuple[Expr, ...]
    predicate: Expr | None
    span: Span


@dataclass(frozen=True, slots=True)
class ListExpr:
    items: tuple[Expr, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class Range:
    low: Expr
    high: Expr
    span: Span


@dataclass(frozen=True, slots=True)
class Unary:
    op: str
    operand: Expr
    span: Span


@dataclass(frozen=True, slots=True)
class Binary:
    op: str
    left: Expr
    right: Expr
    span: Span


@dataclass(frozen=True, slots=True)
class Compare:
    """A chain `a < b <= c` as operands and the operators between them."""

    operands: tuple[Expr, ...]
    ops: tuple[str, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class BoolOp:
    op: str  # "and" | "or"
    left: Expr
    right: Expr
    span: Span


@dataclass(frozen=True, slots=True)
class Conditional:
    """`then if condition else otherwise`."""

    then: Expr
    condition: Expr
    otherwise: Expr
    span: Span


Expr = (
    Num | Str | TileLit | Name | Attribute | Call | ListExpr | Range | Unary | Binary | Compare | BoolOp | Conditional
)


def names(node: object) -> Iterator[str]:
    """Every name an expression reads, in order (the tree is at most `build.MAX_DEPTH` deep)."""
    if isinstance(node, Name):
        yield node.id
    elif isinstance(node, tuple):
        for item in node:
            yield from names(item)
    else:
        for field in getattr(node, "__dataclass_fields__", ()):
            if field != "span":
                yield from names(getattr(node, field))


# ------------------------------------------------------------------ statements


@dataclass(frozen=True, slots=True)
class Setting:
    """`key value…`, or `key value… when condition`: a value that holds only on wins the condition is true of."""

    key: str
    values: tuple[Value, ...]
    span: Span
    key_span: Span
    condition: Expr | None = None


@dataclass(frozen=True, slots=True)
class Assignment:
    """`name = expr [when condition]`, in `payment`: later assignments override earlier ones."""

    name: str
    expr: Expr
    condition: Expr | None
    span: Span


@dataclass(frozen=True, slots=True)
class Section:
    name: str
    statements: tuple[Setting | Assignment, ...]
    span: Span
    name_span: Span


@dataclass(frozen=True, slots=True)
class Han:
    """`2/1` (closed 2, open 1), `1/-` (closed only), `3` (either), `yakuman` or `yakuman 2`, or a limit
    (`mangan`, `haneman`, `baiman`, `sanbaiman`: the word as written, checked by the compiler)."""

    closed: int | None
    open: int | None
    yakuman: int
    span: Span
    limit: str = ""


@dataclass(frozen=True, slots=True)
class YakuDef:
    id: str
    name_ja: str
    name_en: str | None
    han: Han
    condition: Expr | None
    house: bool
    with_yakuman: bool
    span: Span
    id_span: Span


@dataclass(frozen=True, slots=True)
class Family:
    """Yaku of which only the highest that holds counts (鳴き立直's 絶一門 < 絶二門 < …)."""

    id: str
    name: str | None
    members: tuple[YakuDef, ...]
    span: Span
    id_span: Span
    name_en: str | None = None
    """The family's English name (「染め手」 "Flushes"), which an English sheet prints."""


@dataclass(frozen=True, slots=True)
class Bonus:
    """Han that count toward the value but are not yaku (場ゾロ, 親, 暗槓 4 in 囲将会), or with `chips`, chips
    (祝儀) a win earns beside its points (`bonus tsubame "燕返し" chips = 2 when renhou`)."""

    id: str
    name_ja: str
    name_en: str | None
    value: Expr
    condition: Expr | None
    with_yakuman: bool
    span: Span
    id_span: Span
    chips: bool = False


@dataclass(frozen=True, slots=True)
class Drop:
    ids: tuple[tuple[str, Span], ...]
    span: Span


@dataclass(frozen=True, slots=True)
class Example:
    """`example pinfu "123m456p789s23455s" win 5s riichi`: a hand the sheet shows and the tests score."""

    id: str
    hand: str
    options: tuple[Value, ...]
    span: Span
    id_span: Span


YakuItem = YakuDef | Family | Bonus | Drop | Example


@dataclass(frozen=True, slots=True)
class YakuSection:
    items: tuple[YakuItem, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class Extends:
    target: str
    is_path: bool
    span: Span


@dataclass(frozen=True, slots=True)
class VariantFile:
    path: str
    name_ja: str
    name_en: str | None
    extends: tuple[Extends, ...]
    sections: tuple[Section, ...]
    yaku: tuple[YakuSection, ...]
    span: Span
