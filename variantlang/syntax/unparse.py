"""An expression tree written back as text, in one canonical form: single spaces, parentheses only where
the grammar needs them. `diff` compares conditions by this text (layout and comments never count as a
difference), and the sheets print it."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from variantlang.hand.tiles import kind_name
from variantlang.syntax import ast

_CONDITIONAL, _OR, _AND, _NOT, _COMPARE, _RANGE, _SUM, _PRODUCT, _NEGATE, _POWER, _POSTFIX, _ATOM = range(1, 13)
"""Binding strength of each form, weakest first, as the grammar nests them."""

_BINARY = {"+": _SUM, "-": _SUM, "*": _PRODUCT, "/": _PRODUCT, "//": _PRODUCT, "%": _PRODUCT, "**": _POWER}


def unparse(node: ast.Expr) -> str:
    """`node` as source text that parses back to the same tree."""
    return _text(node, 0)


def chain(node: ast.BoolOp) -> list[tuple[ast.Expr, bool]]:
    """The operands of `a and b and c` (one operator, left to right), each with whether `unparse` puts it
    in parentheses: a formatter may break the line before any of the operators."""
    strength = _OR if node.op == "or" else _AND
    operands: list[tuple[ast.Expr, bool]] = []
    current: ast.Expr = node
    while isinstance(current, ast.BoolOp) and current.op == node.op:
        operands.append((current.right, _form(current.right)[1] < strength + 1))
        current = current.left
    operands.append((current, _form(current)[1] < strength))
    return operands[::-1]


def _text(node: ast.Expr, context: int) -> str:
    text, strength = _form(node)
    return f"({text})" if strength < context else text


def _form(node: ast.Expr) -> tuple[str, int]:
    """`node`'s text and the binding strength of its outermost form."""
    form = _FORMS.get(type(node))
    if form is None:
        raise TypeError(f"not an expression: {node!r}")
    return form(node)


def _num(node: ast.Num) -> tuple[str, int]:
    value = node.value
    if isinstance(value, int) or not value.is_integer():
        text = repr(value)
        return (text if "e" not in text else f"{value:f}"), _ATOM
    return f"{value:.1f}", _ATOM


def _str(node: ast.Str) -> tuple[str, int]:
    return json.dumps(node.value, ensure_ascii=False), _ATOM


def _tile(node: ast.TileLit) -> tuple[str, int]:
    return kind_name(node.kind), _ATOM


def _name(node: ast.Name) -> tuple[str, int]:
    return node.id, _ATOM


def _list(node: ast.ListExpr) -> tuple[str, int]:
    return "[" + ", ".join(_text(i, 0) for i in node.items) + "]", _ATOM


def _attribute(node: ast.Attribute) -> tuple[str, int]:
    return f"{_text(node.target, _POSTFIX)}.{node.name}", _POSTFIX


def _call(node: ast.Call) -> tuple[str, int]:
    inner = ", ".join(_text(a, 0) for a in node.args)
    if node.predicate is not None:
        inner += f": {_text(node.predicate, 0)}"
    return f"{node.function}({inner})", _POSTFIX


def _unary(node: ast.Unary) -> tuple[str, int]:
    if node.op == "not":
        return f"not {_text(node.operand, _NOT)}", _NOT
    return f"-{_text(node.operand, _NEGATE)}", _NEGATE


def _binary(node: ast.Binary) -> tuple[str, int]:
    if node.op == "**":  # right-associative, and binds tighter than a sign on its left
        return f"{_text(node.left, _POSTFIX)} ** {_text(node.right, _NEGATE)}", _POWER
    strength = _BINARY[node.op]
    return f"{_text(node.left, strength)} {node.op} {_text(node.right, strength + 1)}", strength


def _range(node: ast.Range) -> tuple[str, int]:
    return f"{_text(node.low, _SUM)}..{_text(node.high, _SUM)}", _RANGE


def _compare(node: ast.Compare) -> tuple[str, int]:
    parts = [_text(node.operands[0], _RANGE)]
    for op, operand in zip(node.ops, node.operands[1:], strict=True):
        parts += [op, _text(operand, _RANGE)]
    return " ".join(parts), _COMPARE


def _bool_op(node: ast.BoolOp) -> tuple[str, int]:
    strength = _OR if node.op == "or" else _AND
    return f"{_text(node.left, strength)} {node.op} {_text(node.right, strength + 1)}", strength


def _conditional(node: ast.Conditional) -> tuple[str, int]:
    then, condition = _text(node.then, _OR), _text(node.condition, _OR)
    return f"{then} if {condition} else {_text(node.otherwise, _CONDITIONAL)}", _CONDITIONAL


_FORMS: dict[type, Callable[[Any], tuple[str, int]]] = {
    ast.Num: _num,
    ast.Str: _str,
    ast.TileLit: _tile,
    ast.Name: _name,
    ast.ListExpr: _list,
    ast.Attribute: _attribute,
    ast.Call: _call,
    ast.Unary: _unary,
    ast.Binary: _binary,
    ast.Range: _range,
    ast.Compare: _compare,
    ast.BoolOp: _bool_op,
    ast.Conditional: _conditional,
}
"""How each kind of node is written: its text and its binding strength."""
