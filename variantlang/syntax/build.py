"""Lark tree → AST. Only token conversion happens here (numbers, strings, tiles); meaning comes later."""

from __future__ import annotations

import json
from typing import Any, TypeVar

from lark import Token, Transformer_NonRecursive, Tree, v_args
from lark.exceptions import VisitError
from lark.tree import Meta

from variantlang.diagnostics import Diagnostic, Span
from variantlang.hand.tiles import NotationError, Tile, parse_tiles
from variantlang.syntax import ast

MAX_DEPTH = 100
"""Deepest expression accepted: rule files are untrusted, and later passes recurse over expressions."""


_N = TypeVar("_N", bound=ast.Expr)


class BuildError(Exception):
    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


def _depth(node: object) -> int:
    return getattr(node, "_depth", 0)


@v_args(meta=True)
class AstBuilder(Transformer_NonRecursive[Token, Any]):
    """Builds `ast` nodes bottom-up without recursion (a long `a + a + …` chain cannot overflow)."""

    def __init__(self, path: str) -> None:
        super().__init__()
        self.path = path
        self.depths: dict[int, int] = {}

    # -------------------------------------------------------------- helpers
    def span(self, meta: Meta) -> Span:
        if getattr(meta, "empty", True):
            return Span(self.path, 1, 1, 1, 1)
        return Span(self.path, meta.line, meta.column, meta.end_line, meta.end_column)

    def token_span(self, token: Token) -> Span:
        return Span(self.path, token.line or 1, token.column or 1, token.end_line or 1, token.end_column or 1)

    def expr(self, node: _N, *children: Any) -> _N:
        """Record the depth of an expression node and refuse absurdly deep ones."""
        depth = 1 + max((self.depths.get(id(c), 0) for c in children if c is not None), default=0)
        if depth > MAX_DEPTH:
            raise BuildError(
                Diagnostic(
                    "E0006",
                    f"expression nested more than {MAX_DEPTH} deep",
                    node.span,
                    help="split it into named payment variables or simpler yaku",
                )
            )
        self.depths[id(node)] = depth
        return node

    def tiles_of(self, token: Token) -> tuple[Tile, ...]:
        try:
            return tuple(parse_tiles(str(token)))
        except NotationError as error:
            span = self.token_span(token)
            column = span.column + error.position
            raise BuildError(
                Diagnostic(
                    "E0005",
                    f"bad tile `{token}`: {error.message}",
                    Span(self.path, span.line, column, span.line, column + 1),
                    help="tiles are written 1m–9m, 1p–9p, 1s–9s, 1z–7z (東南西北白發中), 0 for a red five",
                )
            ) from None

    # -------------------------------------------------------------- file
    def start(self, meta: Meta, children: list[Any]) -> ast.VariantFile:
        return children[0]  # type: ignore[no-any-return]

    def variant(self, meta: Meta, children: list[Any]) -> ast.VariantFile:
        names = [_text(c) for c in children if isinstance(c, Token) and c.type == "STRING"]
        return ast.VariantFile(
            self.path,
            names[0],
            names[1] if len(names) > 1 else None,
            tuple(c for c in children if isinstance(c, ast.Extends)),
            tuple(c for c in children if isinstance(c, ast.Section)),
            tuple(c for c in children if isinstance(c, ast.YakuSection)),
            self.span(meta),
        )

    def extends(self, meta: Meta, children: list[Any]) -> ast.Extends:
        target, is_path = children[0]
        return ast.Extends(target, is_path, self.span(meta))

    def path_target(self, meta: Meta, children: list[Any]) -> tuple[str, bool]:
        return (_text(children[0]), True)

    def name_target(self, meta: Meta, children: list[Any]) -> tuple[str, bool]:
        return ("-".join(str(c) for c in children), False)

    def section(self, meta: Meta, children: list[Any]) -> ast.Section:
        name = children[0]
        return ast.Section(str(name), tuple(children[1:]), self.span(meta), self.token_span(name))

    def setting(self, meta: Meta, children: list[Any]) -> ast.Setting:
        key, *values, _when, condition = children
        return ast.Setting(str(key), tuple(values), self.span(meta), self.token_span(key), condition)

    def assignment(self, meta: Meta, children: list[Any]) -> ast.Assignment:
        name, expr, _when, condition = children
        return ast.Assignment(str(name), expr, condition, self.span(meta))

    # -------------------------------------------------------------- values
    def signed_number(self, meta: Meta, children: list[Any]) -> ast.Number:
        value = _number(children[-1])
        return ast.Number(-value if len(children) > 1 else value, self.span(meta))

    def string(self, meta: Meta, children: list[Any]) -> ast.Text:
        return ast.Text(_text(children[0]), self.span(meta))

    def word(self, meta: Meta, children: list[Any]) -> ast.Word:
        return ast.Word(str(children[0]), self.span(meta))

    def tiles(self, meta: Meta, children: list[Any]) -> ast.Tiles:
        return ast.Tiles(self.tiles_of(children[0]), self.span(meta))

    def cycle(self, meta: Meta, children: list[Any]) -> ast.Cycle:
        tiles: list[Tile] = []
        for token in children:
            if token.type == "ARROW":
                continue
            parsed = self.tiles_of(token)
            if len(parsed) != 1:
                raise BuildError(
                    Diagnostic(
                        "E0005",
                        f"a dora cycle names one tile per step, not `{token}`",
                        self.token_span(token),
                        help="write each step on its own: 1m -> 9m -> 1m",
                    )
                )
            tiles.append(parsed[0])
        return ast.Cycle(tuple(tiles), self.span(meta))

    # -------------------------------------------------------------- yaku
    def yaku_section(self, meta: Meta, children: list[Any]) -> ast.YakuSection:
        return ast.YakuSection(tuple(children), self.span(meta))

    def yaku(self, meta: Meta, children: list[Any]) -> ast.YakuDef:
        parts = _EntryParts(children)
        assert parts.han is not None and parts.id_token is not None
        return ast.YakuDef(
            parts.id,
            parts.names[0],
            parts.names[1] if len(parts.names) > 1 else None,
            parts.han,
            parts.condition,
            parts.house,
            parts.with_yakuman,
            self.span(meta),
            self.token_span(parts.id_token),
        )

    def with_yakuman(self, meta: Meta, children: list[Any]) -> _WithYakuman:
        return _WITH_YAKUMAN

    def han_value(self, meta: Meta, children: list[Any]) -> ast.Han:
        closed = _whole(children[0])
        if len(children) == 1:
            return ast.Han(closed, closed, 0, self.span(meta))
        other = children[2]
        return ast.Han(closed, None if other.type == "MINUS" else _whole(other), 0, self.span(meta))

    def han_yakuman(self, meta: Meta, children: list[Any]) -> ast.Han:
        count = _whole(children[1]) if len(children) > 1 else 1
        return ast.Han(None, None, count, self.span(meta))

    def han_limit(self, meta: Meta, children: list[Any]) -> ast.Han:
        return ast.Han(None, None, 0, self.span(meta), str(children[0]))

    def family(self, meta: Meta, children: list[Any]) -> ast.Family:
        name, *members = children
        labels = []
        while members and isinstance(members[0], Token):
            labels.append(_text(members.pop(0)))
        return ast.Family(
            str(name),
            labels[0] if labels else None,
            tuple(m for m in members if m is not None),
            self.span(meta),
            self.token_span(name),
            labels[1] if len(labels) > 1 else None,
        )

    def bonus(self, meta: Meta, children: list[Any]) -> ast.Bonus:
        parts = _EntryParts(children)
        assert parts.value is not None and parts.id_token is not None
        if parts.unit is not None and parts.unit != "chips":
            raise BuildError(
                Diagnostic(
                    "E0001",
                    f"unexpected `{parts.unit}`",
                    self.token_span(parts.unit),
                    help='a bonus is `bonus ID "名" = han`, or `bonus ID "名" chips = count` for chips',
                )
            )
        return ast.Bonus(
            parts.id,
            parts.names[0],
            parts.names[1] if len(parts.names) > 1 else None,
            parts.value,
            parts.condition,
            parts.with_yakuman,
            self.span(meta),
            self.token_span(parts.id_token),
            parts.unit is not None,
        )

    def example(self, meta: Meta, children: list[Any]) -> ast.Example:
        name, hand, *options = children
        return ast.Example(str(name), _text(hand), tuple(options), self.span(meta), self.token_span(name))

    def drop(self, meta: Meta, children: list[Any]) -> ast.Drop:
        return ast.Drop(tuple((str(c), self.token_span(c)) for c in children), self.span(meta))

    # -------------------------------------------------------------- expressions
    def number(self, meta: Meta, children: list[Any]) -> ast.Num:
        return self.expr(ast.Num(_number(children[0]), self.span(meta)))

    def str_(self, meta: Meta, children: list[Any]) -> ast.Str:
        return self.expr(ast.Str(_text(children[0]), self.span(meta)))

    def tile(self, meta: Meta, children: list[Any]) -> ast.TileLit:
        tiles = self.tiles_of(children[0])
        if len(tiles) != 1:
            raise BuildError(
                Diagnostic(
                    "E0005",
                    f"`{children[0]}` is several tiles; an expression names one",
                    self.span(meta),
                    help="write a list: [1m, 9m]",
                )
            )
        return self.expr(ast.TileLit(tiles[0].kind, self.span(meta)))

    def name(self, meta: Meta, children: list[Any]) -> ast.Name:
        return self.expr(ast.Name(str(children[0]), self.span(meta)))

    def attribute(self, meta: Meta, children: list[Any]) -> ast.Attribute:
        return self.expr(ast.Attribute(children[0], str(children[1]), self.span(meta)), children[0])

    def call(self, meta: Meta, children: list[Any]) -> ast.Call:
        function, *rest = children
        colon = next((i for i, c in enumerate(rest) if isinstance(c, Token) and c.type == "COLON"), None)
        predicate = rest[colon + 1] if colon is not None else None
        args = tuple(c for c in (rest[:colon] if colon is not None else rest) if c is not None)
        node = ast.Call(str(function), args, predicate, self.span(meta))
        return self.expr(node, *args, predicate)

    def list_(self, meta: Meta, children: list[Any]) -> ast.ListExpr:
        items = tuple(c for c in children if c is not None)
        return self.expr(ast.ListExpr(items, self.span(meta)), *items)

    def range_(self, meta: Meta, children: list[Any]) -> ast.Range:
        return self.expr(ast.Range(children[0], children[1], self.span(meta)), *children)

    def negate(self, meta: Meta, children: list[Any]) -> ast.Unary:
        return self.expr(ast.Unary("-", children[1], self.span(meta)), children[1])

    def not_(self, meta: Meta, children: list[Any]) -> ast.Unary:
        return self.expr(ast.Unary("not", children[0], self.span(meta)), children[0])

    def power(self, meta: Meta, children: list[Any]) -> ast.Binary:
        return self.expr(ast.Binary("**", children[0], children[1], self.span(meta)), *children)

    def binary(self, meta: Meta, children: list[Any]) -> ast.Binary:
        left, op, right = children
        return self.expr(ast.Binary(str(op), left, right, self.span(meta)), left, right)

    def and_(self, meta: Meta, children: list[Any]) -> ast.BoolOp:
        return self.expr(ast.BoolOp("and", children[0], children[1], self.span(meta)), *children)

    def or_(self, meta: Meta, children: list[Any]) -> ast.BoolOp:
        return self.expr(ast.BoolOp("or", children[0], children[1], self.span(meta)), *children)

    def conditional(self, meta: Meta, children: list[Any]) -> ast.Conditional:
        then, condition, otherwise = children
        return self.expr(ast.Conditional(then, condition, otherwise, self.span(meta)), *children)

    def compare(self, meta: Meta, children: list[Any]) -> ast.Compare:
        operands: list[Any] = [children[0]]
        ops: list[str] = []
        pending: list[str] = []
        for child in children[1:]:
            if isinstance(child, Token):
                pending.append(str(child))
            else:
                ops.append(" ".join(pending))
                pending = []
                operands.append(child)
        node = ast.Compare(tuple(operands), tuple(ops), self.span(meta))
        self.expr(node, *operands)
        return node


class _WithYakuman:
    """Marks the `with_yakuman` flag among a yaku entry's children."""


_WITH_YAKUMAN = _WithYakuman()


class _EntryParts:
    """The pieces of a yaku or bonus entry, whatever optional parts it has."""

    def __init__(self, children: list[Any]) -> None:
        self.house = False
        self.with_yakuman = False
        self.unit: Token | None = None
        """The word before a bonus's `=`: only `chips` (a bonus paid in chips, not han)."""
        self.names: list[str] = []
        self.han: ast.Han | None = None
        self.value: Any = None
        self.condition: Any = None
        self.id = ""
        self.id_token: Token | None = None
        after_when = False
        for child in children:
            if child is None:
                continue
            if isinstance(child, Token):
                if child.type == "HOUSE":
                    self.house = True
                elif child.type == "WHEN":
                    after_when = True
                elif child.type == "NAME" and self.id_token is None:
                    self.id, self.id_token = str(child), child
                elif child.type == "NAME":
                    self.unit = child
                elif child.type == "STRING":
                    self.names.append(_text(child))
            elif child is _WITH_YAKUMAN:
                self.with_yakuman = True
            elif isinstance(child, ast.Han):
                self.han = child
            elif after_when:
                self.condition = child
            else:
                self.value = child


MAX_DIGITS = 15
"""Most digits in a number written in a rule file: more than any amount on a mahjong table needs, and
few enough that reading one is instant (Python refuses past 4 300)."""


class _BadLiteral(Exception):
    """A string or number token that cannot be read: the message and where in the token."""

    def __init__(self, code: str, message: str, token: Token, offset: int = 0, help: str | None = None) -> None:
        super().__init__(message)
        self.code, self.message, self.token, self.offset, self.help = code, message, token, offset, help


def _text(token: Token) -> str:
    """The value of a STRING token (JSON escapes: `\\"`, `\\n`, `\\u6771`)."""
    try:
        value = json.loads(str(token))
    except json.JSONDecodeError as error:
        reason = "a control character such as a tab" if "control character" in error.msg else error.msg.lower()
        raise _BadLiteral("E0010", f"text that cannot be read: {reason}", token, error.pos, _TEXT_HELP) from None
    if not isinstance(value, str) or any("\ud800" <= c <= "\udfff" for c in value):
        raise _BadLiteral(
            "E0010", "text with half of a surrogate pair (`\\ud800`) is not a character", token, 0, _TEXT_HELP
        )
    return value


_TEXT_HELP = 'write tabs and line breaks as \\t and \\n, a quote as \\", a backslash as \\\\'


def _number(token: Token) -> int | float:
    text = str(token)
    digits = sum(c.isdigit() for c in text)
    if digits > MAX_DIGITS:
        raise _BadLiteral("E0011", f"a number of {digits} digits; at most {MAX_DIGITS} are allowed", token)
    return float(text) if "." in text else int(text)


def _whole(token: Token) -> int:
    """A number that must be whole: han, a yakuman count."""
    value = _number(token)
    if isinstance(value, float):
        raise _BadLiteral("E0012", f"`{token}` is not a whole number; han are counted in whole numbers", token)
    return value


def build(tree: Tree[Token], path: str) -> ast.VariantFile:
    try:
        result = AstBuilder(path).transform(tree)
    except VisitError as error:
        if isinstance(error.orig_exc, BuildError):
            raise error.orig_exc from None
        if isinstance(error.orig_exc, _BadLiteral):
            bad = error.orig_exc
            line, column = bad.token.line or 1, (bad.token.column or 1) + bad.offset
            where = Span(path, line, column, line, column + 1)
            raise BuildError(Diagnostic(bad.code, bad.message, where, bad.help)) from None
        raise
    assert isinstance(result, ast.VariantFile)
    return result
