"""An expression tree written back as text, in one canonical form: single spaces, parentheses only where
the grammar needs them. `diff` compares conditions by this text (layout and comments never count as a
difference), and the sheets print it."""

from __future__ import annotations

import json

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
    match node:
        case ast.Num(value=value):
            return _number(value), _ATOM
        case ast.Str(value=value):
            return json.dumps(value, ensure_ascii=False), _ATOM
        case ast.TileLit(kind=kind):
            return kind_name(kind), _ATOM
        case ast.Name(id=name):
            return name, _ATOM
        case ast.ListExpr(items=items):
            return "[" + ", ".join(_text(i, 0) for i in items) + "]", _ATOM
        case ast.Attribute(target=target, name=name):
            return f"{_text(target, _POSTFIX)}.{name}", _POSTFIX
        case ast.Call(function=function, args=args, predicate=predicate):
            inner = ", ".join(_text(a, 0) for a in args)
            if predicate is not None:
                inner += f": {_text(predicate, 0)}"
            return f"{function}({inner})", _POSTFIX
        case ast.Unary(op="not", operand=operand):
            return f"not {_text(operand, _NOT)}", _NOT
        case ast.Unary(operand=operand):
            return f"-{_text(operand, _NEGATE)}", _NEGATE
        case ast.Binary(op="**", left=left, right=right):
            return f"{_text(left, _POSTFIX)} ** {_text(right, _NEGATE)}", _POWER
        case ast.Binary(op=op, left=left, right=right):
            strength = _BINARY[op]
            return f"{_text(left, strength)} {op} {_text(right, strength + 1)}", strength
        case ast.Range(low=low, high=high):
            return f"{_text(low, _SUM)}..{_text(high, _SUM)}", _RANGE
        case ast.Compare(operands=operands, ops=ops):
            parts = [_text(operands[0], _RANGE)]
            for op, operand in zip(ops, operands[1:], strict=True):
                parts += [op, _text(operand, _RANGE)]
            return " ".join(parts), _COMPARE
        case ast.BoolOp(op=op, left=left, right=right):
            strength = _OR if op == "or" else _AND
            return f"{_text(left, strength)} {op} {_text(right, strength + 1)}", strength
        case ast.Conditional(then=then, condition=condition, otherwise=otherwise):
            return f"{_text(then, _OR)} if {_text(condition, _OR)} else {_text(otherwise, _CONDITIONAL)}", _CONDITIONAL
    raise TypeError(f"not an expression: {node!r}")


def _number(value: int | float) -> str:
    if isinstance(value, int) or not value.is_integer():
        text = repr(value)
        return text if "e" not in text else f"{value:f}"
    return f"{value:.1f}"
