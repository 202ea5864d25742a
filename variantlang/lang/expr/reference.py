"""What an expression means, stated as plainly as Python allows: a tree-walking evaluator of the checked
tree over one win's facts, with no optimisation at all.

The compiler (`codegen`, `optimise`, `split`) turns a condition into closures that reorder, fold, inline
and cut it for speed; this module is what they must all agree with, and the tests hold them to it on
random wins and random conditions. It shares only the language's tables (`vocabulary`, and the
win's layout in `model.facts`), never a code path of the compiler. It evaluates trees the compiler
accepted; on any other it raises `Unchecked`.

The semantics, construct by construct:

- A number is itself, exactly (`1.5` is 3/2); a tile literal (`5z`) is its kind.
- A name is, in this order: a variable bound by an enclosing `x in C`, the innermost first; an attribute
  of the innermost implicit element (`count(triplets: dragon)`); a payment variable (`win["vars"]` at
  its slot); a fact of the win (`tiles`, `nuki` and `melds` built on demand by `win[BUILD]`); a
  constant (`ryanmen`, `man`, `true`); a setting with a number or on/off value.
- `x.name` is the setting `x.name` if there is one, else the attribute of the group or tile `x`.
- Where a value is wanted, a collection is its size (`200 * kans`) and a tile its kind (`win == 5m`).
- `[a, b]` is a list of values; `lo..hi` the whole numbers from int(lo) to int(hi), both included.
- Arithmetic is `vocabulary.ARITHMETIC`: exact (integers and fractions), division by zero gives 0, and a
  result beyond ±10^15 is an `EvaluationError`. So is a quantifier going through more than
  `MAX_RANGE_ITEMS` numbers of a range whose bounds depend on the win (`constant`); `x in lo..hi` is not.
- `and`, `or` and `not` give true or false; `a if c else b` is a when c holds, else b.
- `a OP b OP c` holds when each neighbouring pair does. `x in C` for a list: x is one of its values;
  for groups or tiles: x is the `tile` of one of them (a group's tile is its lowest); C is not
  compared on (`x in C` ends a chain). `honour`,
  `flower` and `pair` next to `suit` or `kind` in a comparison are the constants, not the attribute or
  fact (`vocabulary.AMBIGUOUS`).
- Quantifiers over a collection, the element bound (by name with `x in C`) while `: p` is evaluated:
  `count` the elements for which p holds (without p: the size), `any` whether one does (without p:
  whether C has an element), `all` whether all do (without p: true), `sum` the total of p (without p:
  of the list's values), `max` / `min` the largest / smallest p (0 when C is empty), `distinct` the
  number of different values of p (without p: of the list's values).
- `min(a, b, …)`, `max(a, b, …)` and `abs(a)` of values.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from variantlang.lang.expr.types import MAX_RANGE_ITEMS, Scope
from variantlang.lang.expr.vocabulary import ARITHMETIC, COMPARISONS, FUNCTIONS, constant_beside_attribute, exact
from variantlang.model.facts import (
    BUILD,
    CONSTANTS,
    ELEMENT_OF,
    FACTS,
    GROUP_INDEX,
    LAZY_FACTS,
    TILE_INDEX,
    EvaluationError,
    T,
)
from variantlang.syntax import ast


class Unchecked(TypeError):
    """The tree is not one the compiler accepts (it would have reported a diagnostic)."""


def evaluate(node: ast.Expr, win: Mapping[str, Any], scope: Scope) -> Any:
    """The value of `node` on the facts `win` of one reading, where a value is wanted (a condition holds
    when the value is true). `win` is read, never changed."""
    return _Evaluator(win, scope).value(node, ())


@dataclass(frozen=True, slots=True)
class _Element:
    """An element bound by an enclosing quantifier."""

    name: str | None  # None: the implicit element of `count(C: …)`
    type: T
    value: Any


Env = tuple[_Element, ...]
Typed = tuple[T, Any]


class _Evaluator:
    def __init__(self, win: Mapping[str, Any], scope: Scope) -> None:
        self.win = win
        self.scope = scope

    def value(self, node: ast.Expr, env: Env) -> Any:
        """`node` where a value is wanted: a collection is its size, a tile its kind."""
        kind, value = self.typed(node, env)
        if kind in (T.GROUPS, T.TILES):
            return len(value)
        if kind is T.TILE:
            return value[TILE_INDEX["tile"]]
        if kind is not T.VALUE:
            raise Unchecked(f"expected a value, found {kind.value}")
        return value

    def truth(self, node: ast.Expr, env: Env) -> bool:
        return bool(self.value(node, env))

    def collection(self, node: ast.Expr, env: Env) -> Typed:
        kind, value = self.typed(node, env)
        if kind not in (T.GROUPS, T.TILES, T.VALUES):
            raise Unchecked(f"expected a collection, found {kind.value}")
        return kind, value

    def typed(self, node: ast.Expr, env: Env) -> Typed:
        """`node` with its static type: what it denotes before any conversion."""
        match node:
            case ast.Num(value=value):
                return T.VALUE, exact(value)
            case ast.TileLit(kind=kind):
                return T.VALUE, kind
            case ast.Name(id=name):
                return self.name(name, env)
            case ast.Attribute():
                return self.attribute(node, env)
            case ast.ListExpr(items=items):
                return T.VALUES, tuple(self.value(item, env) for item in items)
            case ast.Range(low=low, high=high):
                return T.VALUES, range(int(self.value(low, env)), int(self.value(high, env)) + 1)
            case ast.Call(function=function, predicate=predicate):
                plain = predicate is None and function in FUNCTIONS
                return T.VALUE, self.function(node, env) if plain else self.quantifier(node, env)
        return T.VALUE, self.operation(node, env)

    def operation(self, node: ast.Expr, env: Env) -> Any:
        """The value of an operator applied to its operands: logic, arithmetic, a choice, a comparison."""
        match node:
            case ast.Unary(op="not", operand=operand):
                return not self.truth(operand, env)
            case ast.Unary(op="-", operand=operand):
                return -self.value(operand, env)
            case ast.Binary(op=op, left=left, right=right):
                return ARITHMETIC[op](self.value(left, env), self.value(right, env))
            case ast.BoolOp(op="and", left=left, right=right):
                return self.truth(left, env) and self.truth(right, env)
            case ast.BoolOp(op="or", left=left, right=right):
                return self.truth(left, env) or self.truth(right, env)
            case ast.Conditional(then=then, condition=condition, otherwise=otherwise):
                return self.value(then if self.truth(condition, env) else otherwise, env)
            case ast.Compare():
                return self.compare(node, env)
        raise Unchecked(f"not an expression the compiler accepts: {node!r}")

    # -------------------------------------------------------------- names
    def name(self, name: str, env: Env) -> Typed:
        for element in reversed(env):
            if element.name == name:
                return element.type, element.value
        implicit = next((e for e in reversed(env) if e.name is None), None)
        if implicit is not None:
            attributes = GROUP_INDEX if implicit.type is T.GROUP else TILE_INDEX
            if name in attributes:
                return T.VALUE, implicit.value[attributes[name]]
        variables = self.scope.variables or {}
        if name in variables:
            return T.VALUE, self.win["vars"][variables[name]]
        fact = FACTS.get(name)
        if fact is not None:
            if fact.payment_only and not self.scope.payment:
                raise Unchecked(f"`{name}` is only known when the hand is paid")
            if name not in LAZY_FACTS:
                return fact.type, self.win[name]
            built = self.win.get(name)  # a scorer builds a lazy collection when something first reads it
            return fact.type, built if built is not None else self.win[BUILD](name)
        if name in CONSTANTS:
            return T.VALUE, CONSTANTS[name]
        setting = self.scope.settings.get(name)
        if isinstance(setting, (bool, int, float)):
            return T.VALUE, exact(setting)
        raise Unchecked(f"unknown name `{name}`")

    def attribute(self, node: ast.Attribute, env: Env) -> Typed:
        if isinstance(node.target, ast.Name):
            setting = self.scope.settings.get(f"{node.target.id}.{node.name}")
            if isinstance(setting, (bool, int, float)):
                return T.VALUE, exact(setting)
        kind, element = self.typed(node.target, env)
        if kind not in (T.GROUP, T.TILE):
            raise Unchecked(f"`.{node.name}` needs a group or a tile, found {kind.value}")
        attributes = GROUP_INDEX if kind is T.GROUP else TILE_INDEX
        return T.VALUE, element[attributes[node.name]]

    def constant(self, node: ast.Expr, env: Env) -> bool:
        """Whether `node` is known without a win: numbers, tiles, named constants and settings, and
        arithmetic of those. A range with such bounds is paid for when the file is checked; one bounded by
        the win may be gone through only up to `MAX_RANGE_ITEMS` numbers."""
        match node:
            case ast.Num() | ast.TileLit():
                return True
            case ast.Range(low=low, high=high) | ast.Binary(left=low, right=high):
                return self.constant(low, env) and self.constant(high, env)
            case ast.Attribute(target=ast.Name(id=target), name=name):
                return isinstance(self.scope.settings.get(f"{target}.{name}"), (bool, int, float))
            case ast.Name(id=name):
                implicit = next((e for e in reversed(env) if e.name is None), None)
                bound = any(e.name == name for e in env) or (
                    implicit is not None and name in (GROUP_INDEX if implicit.type is T.GROUP else TILE_INDEX)
                )
                if bound or name in (self.scope.variables or {}) or name in FACTS:
                    return False
                return name in CONSTANTS or isinstance(self.scope.settings.get(name), (bool, int, float))
        return False

    # -------------------------------------------------------------- comparisons
    def compare(self, node: ast.Compare, env: Env) -> bool:
        operands: list[Typed] = []
        for i, operand in enumerate(node.operands):
            if i > 0 and node.ops[i - 1] in ("in", "not in"):
                if i < len(node.ops):
                    raise Unchecked("`x in C` ends a chain of comparisons")
                operands.append(self.collection(operand, env))
            elif constant_beside_attribute(node.operands, i):
                assert isinstance(operand, ast.Name)
                operands.append((T.VALUE, CONSTANTS[operand.id]))
            else:
                operands.append((T.VALUE, self.value(operand, env)))
        for op, (_, left), (kind, right) in zip(node.ops, operands, operands[1:], strict=False):
            if op in ("in", "not in"):
                held = self.member(left, kind, right)
                if held != (op == "in"):
                    return False
            elif not COMPARISONS[op](left, right):
                return False
        return True

    @staticmethod
    def member(value: Any, kind: T, collection: Sequence[Any]) -> bool:
        """Whether `value` is in a list, or is the tile of one of a collection's groups or tiles."""
        if isinstance(collection, range):
            return value == int(value) and value in collection
        if kind is T.VALUES:
            return value in collection
        index = GROUP_INDEX["tile"] if kind is T.GROUPS else TILE_INDEX["tile"]
        return any(value == element[index] for element in collection)

    # -------------------------------------------------------------- calls
    def function(self, node: ast.Call, env: Env) -> Any:
        values = [self.value(arg, env) for arg in node.args]
        if node.function == "abs":
            (value,) = values
            return abs(value)
        return min(values) if node.function == "min" else max(values)

    def quantifier(self, node: ast.Call, env: Env) -> Any:
        name = node.function
        (source,) = node.args
        variable: str | None = None
        if (
            node.predicate is not None
            and isinstance(source, ast.Compare)
            and source.ops == ("in",)
            and isinstance(source.operands[0], ast.Name)
        ):
            variable, source = source.operands[0].id, source.operands[1]
        kind, items = self.collection(source, env)
        goes_through = node.predicate is not None or name in ("sum", "distinct")
        long = isinstance(items, range) and len(items) > MAX_RANGE_ITEMS
        if long and goes_through and isinstance(source, ast.Range) and not self.constant(source, env):
            raise EvaluationError(f"the range is too long to go through (more than {MAX_RANGE_ITEMS} numbers)")
        if node.predicate is None:
            return self.unconditional(name, items)
        element = ELEMENT_OF[kind]
        predicate = node.predicate
        values = [self.value(predicate, (*env, _Element(variable, element, item))) for item in items]
        if name == "count":
            return len([v for v in values if v])
        if name == "any":
            return any(bool(v) for v in values)
        if name == "all":
            return all(bool(v) for v in values)
        if name == "sum":
            return sum(values)
        if name == "max":
            return max(values, default=0)
        if name == "min":
            return min(values, default=0)
        if name == "distinct":
            return len(set(values))
        raise Unchecked(f"unknown function `{name}`")

    @staticmethod
    def unconditional(name: str, items: Sequence[Any]) -> Any:
        """A quantifier without `: p`."""
        if name == "count":
            return len(items)
        if name == "any":
            return len(items) > 0
        if name == "all":
            return True
        if name == "sum":
            return sum(items)
        if name == "distinct":
            return len(set(items))
        raise Unchecked(f"`{name}` needs `: value`")
