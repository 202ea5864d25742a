"""The expression language, compiled from the checked AST to Python closures (never `eval`/`exec`).

Yaku conditions and payment formulas are expressions over one winning hand. The compiler resolves
every name at compile time: element attributes inside a quantifier (`count(triplets: dragon)`),
variables bound by `any(t in triplets: …)`, facts of the win (`riichi`, `wait`, `suits`), payment
variables (`han`, `fu`, `base`), constants (`man`, `ryanmen`, `5z`) and the variant's own settings
(`kuitan`). Unknown names become diagnostics with a did-you-mean; a compiled expression is a closure
`f(win, env)` where `env` holds the values bound by enclosing quantifiers.

Expressions are pure, so `and` chains are reordered cheapest first; division by zero gives 0.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import partial
from itertools import compress
from typing import Any

from variantlang.diagnostics import Diagnostic, Span, suggestion
from variantlang.hand.decomposition import Group, GroupKind
from variantlang.hand.tiles import KINDS, YAOCHUU
from variantlang.model.facts import (
    BUILD,
    COLLECTIONS,
    CONSTANTS,
    ELEMENT_OF,
    FACTS,
    GROUP_ATTRIBUTES,
    GROUP_INDEX,
    LAZY_FACTS,
    SHAPE_FACTS,
    TILE_ATTRIBUTES,
    TILE_INDEX,
    Env,
    Fn,
    Split,
    T,
    group_element,
    tile_element,
)
from variantlang.syntax import ast

_BY_KIND = ("tile", "suit", "number", "terminal", "honour", "yaochuu", "simple", "dragon", "wind")
"""Tile attributes that the kind alone decides (not `red`)."""
_OF_GROUP_ALONE = tuple(a for a in GROUP_ATTRIBUTES if a not in ("open", "concealed", "value", "seat", "round"))
"""Group attributes that depend on the group alone, not on how it was won or on the winds."""
_EVERY_GROUP = [Group(GroupKind.SHUNTSU, k) for k in range(27) if k % 9 <= 6] + [
    Group(kind, k) for kind in (GroupKind.KOUTSU, GroupKind.KANTSU, GroupKind.TOITSU) for k in range(KINDS)
]
_OF_LOWEST_TILE = ("tile", "suit", "number", "honour", "dragon", "wind")
"""Group attributes that are the same attribute of the group's lowest tile, which the hand holds."""


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


@dataclass
class Scope:
    """What names mean where an expression is compiled."""

    settings: Mapping[str, Any]
    """Setting values by bare key (only keys unique across sections) and by `section.key`."""
    payment: bool = False
    variables: Mapping[str, int] | None = None
    """Payment variables defined by earlier assignments, each with its slot in `win.vars`."""


@dataclass(frozen=True, slots=True)
class _Binding:
    name: str | None  # None: the implicit element of `count(C: …)`, whose attributes are bare names
    type: T
    slot: int


class Compiler:
    """Compiles expressions of one scope, collecting diagnostics instead of stopping at the first."""

    def __init__(self, scope: Scope) -> None:
        self.scope = scope
        self.diagnostics: list[Diagnostic] = []

    # -------------------------------------------------------------- entry points
    def condition(self, node: ast.Expr) -> Fn:
        """A yes/no expression; compiled to `f(win, env) -> bool`."""
        return self._value(node, ()).fn

    def split_condition(self, node: ast.Expr) -> Split:
        """A yaku condition as a shape gate, tests of the kinds held, and the rest. The `and` terms that
        read only shape facts form the gate, with the sizes the other terms imply (`count(triplets:
        dragon) == 3` needs `count(triplets) >= 3`, `any(triplets: …)` needs one triplet): a scorer
        decides the gate once per shape. Terms on which tile kinds the hand holds become two masks, a
        test of one machine word: `all(tiles: simple)` entirely, `any(triplets: tile == 5z)` as a
        quick necessary condition. The rest runs only where those hold."""
        gates: list[Compiled] = []
        rest: list[Compiled] = []
        none_held = some_held = 0
        for term in _flatten(node, "and"):
            held = self._kinds_held_test(term)
            if held is not None:
                mask, some, exact = held
                if not some:
                    none_held |= mask
                    if exact:
                        continue  # the kinds held decide the term itself
                elif not some_held:
                    some_held = mask  # one necessary condition is enough to skip most hands
            compiled = self._value(term, ())
            if compiled.reads is not None:
                gates.append(compiled)
                continue
            rest.append(compiled)
            implied = _implied_size(term)
            size = self._value(implied, ()) if implied is not None else None
            if size is not None and size.reads is not None:
                gates.append(size)
        gate = _chain(gates, "and") if gates else None
        residual = _chain(rest, "and") if rest else None
        return Split(
            gate.fn if gate is not None else None,
            gate.reads or frozenset() if gate is not None else frozenset(),
            residual.fn if residual is not None else None,
            none_held,
            some_held,
        )

    def _kinds_held_test(self, node: ast.Expr) -> tuple[int, bool, bool] | None:
        """(mask, whether some held kind must be in it, exact) for a term decided or implied by which
        kinds the hand holds: `all(tiles: simple)` exactly (no held kind outside the simples), and by
        implication `any(triplets: tile == 5z)` or `count(groups: dragon) >= 2` (the hand holds a tile
        that passes the same test) and `all(groups: yaochuu)` (it holds no kind that only groups
        failing the test contain: no 4, 5 or 6)."""
        call = node.operands[0] if isinstance(node, ast.Compare) and _implied_size(node) is not None else node
        if not isinstance(call, ast.Call) or call.function not in ("any", "all", "count"):
            return None
        if call.predicate is None or len(call.args) != 1:
            return None
        source, variable = call.args[0], None
        if isinstance(source, ast.Compare) and source.ops == ("in",):
            bound_name = source.operands[0]
            if not isinstance(bound_name, ast.Name):
                return None
            source, variable = source.operands[1], bound_name.id
        if not isinstance(source, ast.Name) or source.id not in COLLECTIONS or source.id == "nuki":
            return None
        element = ELEMENT_OF[FACTS[source.id].type]
        scratch = Compiler(self.scope)  # its diagnostics were reported when the whole term was compiled
        predicate = scratch._value(call.predicate, (_Binding(variable, element, 0),))
        if scratch.diagnostics or predicate.test is None or predicate.test[0] != 0:
            return None
        _, index, check = predicate.test
        if isinstance(check, _FactEquals):
            return None
        name = (TILE_ATTRIBUTES if element is T.TILE else GROUP_ATTRIBUTES)[index]
        test = check if check is not None else bool
        if call.function == "all" and element is T.GROUP:
            if source.id != "groups" or name not in _OF_GROUP_ALONE:
                return None
            # every tile is in some group, except a thirteen-orphans hand's twelve singles, all 么九
            covered = {
                k for group in _EVERY_GROUP if test(group_element(group, True, -1, -1)[index]) for k in group.kinds
            }
            return _kinds_mask(k not in covered and k not in YAOCHUU for k in range(KINDS)), False, False
        if name not in (_BY_KIND if element is T.TILE else _OF_LOWEST_TILE):
            return None
        passing = [test(tile_element(k)[TILE_INDEX[name]]) for k in range(KINDS)]
        if call.function == "all":
            exact = element is T.TILE and call is node
            return (_kinds_mask(not p for p in passing), False, True) if exact else None
        return _kinds_mask(passing), True, False

    def value(self, node: ast.Expr) -> Fn:
        return self._value(node, ()).fn

    # -------------------------------------------------------------- helpers
    def error(self, code: str, message: str, span: Span, help: str | None = None) -> Compiled:
        self.diagnostics.append(Diagnostic(code, message, span, help))
        return Compiled(_const(0), T.VALUE, 1, True, reads=frozenset())

    def _value(self, node: ast.Expr, bound: tuple[_Binding, ...]) -> Compiled:
        compiled = self.compile(node, bound)
        if compiled.type in (T.GROUPS, T.TILES):
            # a collection where a number is wanted is its size: `200 * kans`
            inner = compiled.fn
            if compiled.fact is not None:
                return self._size(compiled.fact)
            return Compiled(lambda w, e: len(inner(w, e)), T.VALUE, compiled.cost + 1)
        if compiled.type is T.TILE:
            # a tile where a value is wanted is its kind: `win == 5m`
            tile = compiled.fn
            return Compiled(lambda w, e: tile(w, e)[0], T.VALUE, compiled.cost + 1)
        if compiled.type is not T.VALUE:
            return self.error(
                "E0304",
                f"expected a value here, found {compiled.type.value}",
                node.span,
                help="count(…), any(…) or all(…) turn a collection into a value",
            )
        return compiled

    def compile(self, node: ast.Expr, bound: tuple[_Binding, ...]) -> Compiled:
        method = getattr(self, f"_{type(node).__name__.lower()}")
        result: Compiled = method(node, bound)
        return result

    def _size(self, fact: str) -> Compiled:
        """`count(runs)`, or `runs` where a number is wanted: the size of one of the win's collections."""
        return Compiled(lambda w, e: len(w[fact]), T.VALUE, 2, length=fact, reads=frozenset({f"#{fact}"}))

    # -------------------------------------------------------------- leaves
    def _num(self, node: ast.Num, bound: tuple[_Binding, ...]) -> Compiled:
        return Compiled(_const(node.value), T.VALUE, 0, True, reads=frozenset())

    def _str(self, node: ast.Str, bound: tuple[_Binding, ...]) -> Compiled:
        return self.error(
            "E0304", "text is not a value in expressions", node.span, help="compare names without quotes: wait == tanki"
        )

    def _tilelit(self, node: ast.TileLit, bound: tuple[_Binding, ...]) -> Compiled:
        return Compiled(_const(node.kind), T.VALUE, 0, True, reads=frozenset())

    def _name(self, node: ast.Name, bound: tuple[_Binding, ...]) -> Compiled:
        name = node.id
        for binding in reversed(bound):
            if binding.name == name:
                return Compiled(_slot(binding.slot), binding.type, 1)
        implicit = next((b for b in reversed(bound) if b.name is None), None)
        if implicit is not None:
            index = (GROUP_INDEX if implicit.type is T.GROUP else TILE_INDEX).get(name)
            if index is not None:
                return Compiled(_element_attribute(implicit.slot, index), T.VALUE, 1, test=(implicit.slot, index, None))
        variables = self.scope.variables or {}
        if name in variables:
            return Compiled(_variable(variables[name]), T.VALUE, 1)
        fact = FACTS.get(name)
        if fact is not None:
            if fact.payment_only and not self.scope.payment:
                return self.error(
                    "E0306",
                    f"`{name}` is only known when the hand is paid",
                    node.span,
                    help="use it in a `payment` formula, not in a yaku condition",
                )
            if name in LAZY_FACTS:
                return Compiled(_lazy_fact(name), fact.type, 2)
            reads = frozenset({name}) if name in SHAPE_FACTS else None
            return Compiled(_fact(name), fact.type, 1, fact=name, reads=reads)
        if name in CONSTANTS:
            return Compiled(_const(CONSTANTS[name]), T.VALUE, 0, True, reads=frozenset())
        if name in self.scope.settings:
            setting = self.scope.settings[name]
            if isinstance(setting, (bool, int, float)):
                return Compiled(_const(setting), T.VALUE, 0, True, reads=frozenset())
        candidates = list(FACTS) + list(CONSTANTS) + list(variables) + [b.name for b in bound if b.name]
        if implicit is not None:
            candidates += list(GROUP_ATTRIBUTES if implicit.type is T.GROUP else TILE_ATTRIBUTES)
        candidates += [k for k, v in self.scope.settings.items() if isinstance(v, (bool, int, float))]
        return self.error("E0301", f"unknown name `{name}`", node.span, help=suggestion(name, candidates))

    def _attribute(self, node: ast.Attribute, bound: tuple[_Binding, ...]) -> Compiled:
        if isinstance(node.target, ast.Name) and f"{node.target.id}.{node.name}" in self.scope.settings:
            key = f"{node.target.id}.{node.name}"
            value = self.scope.settings.get(key)
            if isinstance(value, (bool, int, float)):
                return Compiled(_const(value), T.VALUE, 0, True, reads=frozenset())
            return self.error("E0301", f"`{key}` is not a setting with a number or on/off value", node.span)
        target = self.compile(node.target, bound)
        if target.type not in (T.GROUP, T.TILE):
            return self.error("E0304", f"`.{node.name}` needs a group or a tile, found {target.type.value}", node.span)
        table = GROUP_INDEX if target.type is T.GROUP else TILE_INDEX
        if node.name not in table:
            return self.error(
                "E0305",
                f"{target.type.value} has no attribute `{node.name}`",
                node.span,
                help=suggestion(node.name, table),
            )
        index = table[node.name]
        inner = target.fn
        slot = next((b.slot for b in bound if isinstance(node.target, ast.Name) and b.name == node.target.id), None)
        return Compiled(
            lambda w, e: inner(w, e)[index],
            T.VALUE,
            target.cost + 1,
            test=(slot, index, None) if slot is not None else None,
        )

    def _listexpr(self, node: ast.ListExpr, bound: tuple[_Binding, ...]) -> Compiled:
        items = [self._value(item, bound) for item in node.items]
        if all(item.constant for item in items):
            values = frozenset(item.fn(None, ()) for item in items)
            ordered = tuple(item.fn(None, ()) for item in items)
            return Compiled(_const(_ConstList(ordered, values)), T.VALUES, 0, True, reads=frozenset())
        fns = [item.fn for item in items]
        return Compiled(
            lambda w, e: tuple(f(w, e) for f in fns), T.VALUES, sum(i.cost for i in items) + 1, reads=_reads(*items)
        )

    def _range(self, node: ast.Range, bound: tuple[_Binding, ...]) -> Compiled:
        low, high = self._value(node.low, bound), self._value(node.high, bound)
        lo, hi = low.fn, high.fn
        if low.constant and high.constant:
            values = tuple(range(int(lo(None, ())), int(hi(None, ())) + 1))
            return Compiled(_const(_ConstList(values, frozenset(values))), T.VALUES, 0, True, reads=frozenset())
        return Compiled(
            lambda w, e: tuple(range(int(lo(w, e)), int(hi(w, e)) + 1)),
            T.VALUES,
            low.cost + high.cost + 2,
            reads=_reads(low, high),
        )

    # -------------------------------------------------------------- operators
    def _unary(self, node: ast.Unary, bound: tuple[_Binding, ...]) -> Compiled:
        operand = self._value(node.operand, bound)
        f = operand.fn
        if node.op == "not":
            test = (operand.test[0], operand.test[1], operator.not_) if operand.test and not operand.test[2] else None
            return Compiled(lambda w, e: not f(w, e), T.VALUE, operand.cost + 1, test=test, reads=operand.reads)
        return Compiled(lambda w, e: -f(w, e), T.VALUE, operand.cost + 1, reads=operand.reads)

    def _binary(self, node: ast.Binary, bound: tuple[_Binding, ...]) -> Compiled:
        left, right = self._value(node.left, bound), self._value(node.right, bound)
        op = _ARITHMETIC[node.op]
        a, b = left.fn, right.fn
        if left.constant and right.constant:
            value = op(a(None, ()), b(None, ()))
            return Compiled(_const(value), T.VALUE, 0, True, reads=frozenset())
        return Compiled(
            lambda w, e: op(a(w, e), b(w, e)), T.VALUE, left.cost + right.cost + 1, reads=_reads(left, right)
        )

    def _boolop(self, node: ast.BoolOp, bound: tuple[_Binding, ...]) -> Compiled:
        return _chain([self._value(t, bound) for t in _flatten(node, node.op)], node.op)

    def _conditional(self, node: ast.Conditional, bound: tuple[_Binding, ...]) -> Compiled:
        then, cond, otherwise = (self._value(n, bound) for n in (node.then, node.condition, node.otherwise))
        t, c, o = then.fn, cond.fn, otherwise.fn
        return Compiled(
            lambda w, e: t(w, e) if c(w, e) else o(w, e),
            T.VALUE,
            then.cost + cond.cost + otherwise.cost,
            reads=_reads(then, cond, otherwise),
        )

    def _compare(self, node: ast.Compare, bound: tuple[_Binding, ...]) -> Compiled:
        operands: list[Compiled] = []
        for i, operand in enumerate(node.operands):
            membership = i > 0 and node.ops[i - 1] in ("in", "not in")
            if _constant_beside_attribute(node.operands, i):
                assert isinstance(operand, ast.Name)
                operands.append(Compiled(_const(CONSTANTS[operand.id]), T.VALUE, 0, True, reads=frozenset()))
                continue
            operands.append(self._collection(operand, bound) if membership else self._value(operand, bound))
        if len(node.ops) == 1 and operands[1].constant:
            special = _compare_constant(operands[0], node.ops[0], operands[1])
            if special is not None:
                return special
        if node.ops == ("==",) and operands[1].fact and operands[0].test and not operands[0].test[2]:
            # `tile == seat_wind` on an element: a test against a fact, read once per quantifier
            slot, index, _ = operands[0].test
            name, left_fn = operands[1].fact, operands[0].fn
            return Compiled(
                lambda w, e: left_fn(w, e) == w[name],
                T.VALUE,
                operands[0].cost + 2,
                test=(slot, index, _FactEquals(name)),
            )
        steps = []
        for i, op in enumerate(node.ops):
            left, right = operands[i].fn, operands[i + 1].fn
            if op in ("in", "not in"):
                steps.append(_membership(left, right, operands[i + 1], negate=op == "not in"))
            else:
                compare = _COMPARISONS[op]
                steps.append(_pairwise(compare, left, right))
        cost = sum(o.cost for o in operands) + len(steps)
        reads = _reads(*operands)
        if len(steps) == 1:
            return Compiled(steps[0], T.VALUE, cost, reads=reads)
        chain = tuple(steps)
        return Compiled(lambda w, e: all(s(w, e) for s in chain), T.VALUE, cost, reads=reads)

    def _collection(self, node: ast.Expr, bound: tuple[_Binding, ...]) -> Compiled:
        compiled = self.compile(node, bound)
        if compiled.type not in (T.GROUPS, T.TILES, T.VALUES):
            return self.error(
                "E0304",
                f"expected groups, tiles or a list here, found {compiled.type.value}",
                node.span,
                help="collections are groups, sets, runs, triplets, kans, pairs, melds, "
                "tiles, nuki, a list [a, b] or a range 1..9",
            )
        return compiled

    # -------------------------------------------------------------- calls and quantifiers
    def _call(self, node: ast.Call, bound: tuple[_Binding, ...]) -> Compiled:
        name = node.function
        if name in ("min", "max", "abs") and node.predicate is None:
            args = [self._value(a, bound) for a in node.args]
            expected = 1 if name == "abs" else None
            if not args or (expected and len(args) != expected) or (name != "abs" and len(args) < 2):
                return self.error(
                    "E0303", f"`{name}` takes {'one value' if name == 'abs' else 'two or more values'}", node.span
                )
            fns = tuple(a.fn for a in args)
            func = {"min": min, "max": max, "abs": None}[name]
            reads = _reads(*args)
            if name == "abs":
                f0 = fns[0]
                return Compiled(lambda w, e: abs(f0(w, e)), T.VALUE, args[0].cost + 1, reads=reads)
            assert func is not None
            return Compiled(
                lambda w, e: func(f(w, e) for f in fns), T.VALUE, sum(a.cost for a in args) + 1, reads=reads
            )
        if name not in _QUANTIFIERS:
            return self.error(
                "E0302",
                f"unknown function `{name}`",
                node.span,
                help=suggestion(name, [*_QUANTIFIERS, "min", "max", "abs"]),
            )
        if len(node.args) != 1:
            return self.error(
                "E0303",
                f"`{name}` takes one collection, optionally with `: condition`",
                node.span,
                help=f"{name}(triplets: dragon) or {name}(t in triplets: t.dragon)",
            )
        source_node = node.args[0]
        variable: str | None = None
        if (
            isinstance(source_node, ast.Compare)
            and source_node.ops == ("in",)
            and isinstance(source_node.operands[0], ast.Name)
            and node.predicate is not None
        ):
            variable = source_node.operands[0].id
            source_node = source_node.operands[1]
        source = self._collection(source_node, bound)
        element = ELEMENT_OF.get(source.type, T.VALUE)
        slot = len(bound)
        inner = (*bound, _Binding(variable, element, slot))
        if node.predicate is None and element is not T.VALUE and name in ("sum", "max", "min", "distinct"):
            return self.error(
                "E0303",
                f"`{name}` over groups or tiles needs a value to add up or compare",
                node.span,
                help=f"{name}(runs: number) or {name}(t in tiles: t.number)",
            )
        if variable is None and element is T.VALUE and node.predicate is not None:
            return self.error("E0303", f"name the element to test values: {name}(n in …: condition)", node.span)
        predicate = self._value(node.predicate, inner) if node.predicate is not None else None
        src = source.fn
        per_item = (predicate.cost if predicate else 0) + 1
        cost = source.cost + 4 * per_item
        if source.constant:
            values = source.fn(None, ())
            cost = source.cost + len(values) * per_item
        if name == "count" and predicate is None and source.fact is not None:
            return self._size(source.fact)
        fast = _mapped_quantifier(name, source, predicate, slot)
        if fast is not None:
            return Compiled(fast, T.VALUE, max(1, cost // 2))
        if name in ("any", "count") and isinstance(node.predicate, ast.BoolOp) and node.predicate.op == "and":
            filtered = self._filtered(name, src, node.predicate, inner, slot)
            if filtered is not None:
                return Compiled(filtered, T.VALUE, max(1, cost // 2))
        return Compiled(_QUANTIFIERS[name](src, predicate.fn if predicate else None), T.VALUE, cost)

    def _filtered(self, name: str, src: Fn, predicate: ast.BoolOp, inner: tuple[_Binding, ...], slot: int) -> Fn | None:
        """`any`/`count` whose condition starts with tests of one attribute of the element
        (`any(r in runs: r.number == 1 and …)`): the elements are picked by C-level `compress` over those
        tests, and the rest of the condition runs only for the picked ones."""
        scratch = Compiler(self.scope)  # the whole condition was compiled (and reported) already
        terms = [scratch._value(term, inner) for term in _flatten(predicate, "and")]
        tests = [t.test for t in terms if t.test and t.test[0] == slot and not isinstance(t.test[2], _FactEquals)]
        if scratch.diagnostics or not tests:
            return None
        select = _selector([(operator.itemgetter(index), check) for _, index, check in tests])
        rest = [t for t in terms if not (t.test and t.test[0] == slot and not isinstance(t.test[2], _FactEquals))]
        if not rest:
            if name == "any":
                return lambda w, e: any(True for _ in select(src(w, e)))
            return lambda w, e: len(list(select(src(w, e))))
        more = _chain(rest, "and").fn
        if name == "any":
            return lambda w, e: any(more(w, (*e, x)) for x in select(src(w, e)))
        return lambda w, e: sum(1 for x in select(src(w, e)) if more(w, (*e, x)))


# ------------------------------------------------------------------ closure builders


def _fact_compare(op: str, name: str, constant: Any) -> Fn:
    compare = _COMPARISONS[op]
    return lambda w, e: compare(w[name], constant)


def _length_compare(op: str, name: str, constant: Any) -> Fn:
    compare = _COMPARISONS[op]
    return lambda w, e: compare(len(w[name]), constant)


def _any_compare(op: str, f: Fn, constant: Any) -> Fn:
    compare = _COMPARISONS[op]
    return lambda w, e: compare(f(w, e), constant)


def _element_test(op: str, constant: Any) -> Callable[[Any], Any]:
    """`attribute OP constant` as a C-level one-argument test (`partial(operator.gt, 3)` is `x < 3`)."""
    return partial(_MIRRORED[op], constant)


def _gated(op: str, name: str, constant: Any, rest: Fn) -> Fn:
    """`fact OP constant and rest` in one closure: the cheap test first, without a call of its own."""
    compare = _COMPARISONS[op]
    return lambda w, e: compare(w[name], constant) and rest(w, e)


_AMBIGUOUS = {"honour": "suit", "flower": "suit", "pair": "kind"}
"""Words that are both a value and an attribute or fact: compared with `suit` or `kind` they are the value
(`suit == honour`, `kind == pair`); elsewhere the attribute or fact (`all(tiles: honour)`, `pair.dragon`)."""


def _constant_beside_attribute(operands: tuple[ast.Expr, ...], index: int) -> bool:
    node = operands[index]
    if not isinstance(node, ast.Name) or node.id not in _AMBIGUOUS:
        return False
    neighbours = [operands[j] for j in (index - 1, index + 1) if 0 <= j < len(operands)]
    wanted = _AMBIGUOUS[node.id]
    names = [o.id if isinstance(o, ast.Name) else o.name if isinstance(o, ast.Attribute) else "" for o in neighbours]
    return wanted in names


def _reads(*parts: Compiled) -> frozenset[str] | None:
    """What a combination of `parts` reads: the union, or None when any part reads more than shape facts."""
    reads: frozenset[str] = frozenset()
    for part in parts:
        if part.reads is None:
            return None
        reads |= part.reads
    return reads


def _chain(terms: list[Compiled], op: str) -> Compiled:
    """`a and b and c` (or `or`) in one closure chain, cheapest term first (expressions are pure);
    constants decide or drop out: `closed or kuitan` with kuitan on is simply true."""
    deciding = op == "or"
    if any(t.constant and bool(t.fn(None, ())) == deciding for t in terms):
        return Compiled(_const(deciding), T.VALUE, 0, True, reads=frozenset())
    compiled = sorted((t for t in terms if not t.constant), key=lambda c: c.cost)
    if not compiled:
        return Compiled(_const(not deciding), T.VALUE, 0, True, reads=frozenset())
    if len(compiled) == 1:
        return compiled[0]
    chain = compiled[-1].fn
    for term in reversed(compiled[:-1]):
        if op == "and" and term.gate is not None:
            chain = _gated(term.gate[1], term.gate[0], term.gate[2], chain)
        else:
            chain = _both(term.fn, chain) if op == "and" else _either(term.fn, chain)
    return Compiled(chain, T.VALUE, sum(c.cost for c in compiled) + 1, reads=_reads(*compiled))


def _both(f: Fn, g: Fn) -> Fn:
    return lambda w, e: f(w, e) and g(w, e)


def _either(f: Fn, g: Fn) -> Fn:
    return lambda w, e: f(w, e) or g(w, e)


def _compare_constant(left: Compiled, op: str, right: Compiled) -> Compiled | None:
    """`x OP constant`, the commonest comparison, in one closure; element tests keep their shape."""
    value = right.fn(None, ())
    if op in ("in", "not in"):
        members = value.members if isinstance(value, _ConstList) else None
        if members is None:
            return None
        f = left.fn
        test = (
            (left.test[0], left.test[1], members.__contains__)
            if left.test and not left.test[2] and op == "in"
            else None
        )
        if op == "in":
            return Compiled(lambda w, e: f(w, e) in members, T.VALUE, left.cost + 1, test=test, reads=left.reads)
        return Compiled(lambda w, e: f(w, e) not in members, T.VALUE, left.cost + 1, reads=left.reads)
    test = (left.test[0], left.test[1], _element_test(op, value)) if left.test and not left.test[2] else None
    if left.fact is not None:
        return Compiled(
            _fact_compare(op, left.fact, value),
            T.VALUE,
            left.cost + 1,
            test=test,
            gate=(left.fact, op, value),
            reads=left.reads,
        )
    if left.length is not None:
        return Compiled(_length_compare(op, left.length, value), T.VALUE, left.cost, reads=left.reads)
    return Compiled(_any_compare(op, left.fn, value), T.VALUE, left.cost + 1, test=test, reads=left.reads)


def _mapped_quantifier(name: str, source: Compiled, predicate: Compiled | None, slot: int) -> Fn | None:
    """count/any/all over a collection whose test reads one attribute of the element: a chain of C-level
    `map`s (attribute getter, then the test), so no Python function runs per element."""
    if name not in ("count", "any", "all", "distinct") or predicate is None or predicate.test is None:
        return None
    test_slot, index, check = predicate.test
    if test_slot != slot:
        return None
    get = operator.itemgetter(index)
    fact, src = source.fact, source.fn
    if name == "distinct":
        if check is not None:
            return None
        if fact is not None:
            return lambda w, e: len(set(map(get, w[fact])))
        return lambda w, e: len(set(map(get, src(w, e))))
    if isinstance(check, _FactEquals):
        wanted = check.name
        if name == "any":
            return lambda w, e: w[wanted] in map(get, src(w, e))
        if name == "count":
            return lambda w, e: list(map(get, src(w, e))).count(w[wanted])
        return lambda w, e: all(map(partial(operator.eq, w[wanted]), map(get, src(w, e))))
    reducers: dict[str, Callable[[Iterable[Any]], Any]] = {"count": sum, "any": any, "all": all}
    reduce = reducers[name]
    test: Callable[[Any], Any] = check
    if check is None and name == "count":
        test = bool  # count the elements whose attribute holds, not the sum of the attribute
    elif check is None:
        if fact is not None:
            return lambda w, e: reduce(map(get, w[fact]))
        return lambda w, e: reduce(map(get, src(w, e)))
    if fact is not None:
        return lambda w, e: reduce(map(test, map(get, w[fact])))
    return lambda w, e: reduce(map(test, map(get, src(w, e))))


def _selector(tests: list[tuple[Callable[[Any], Any], Callable[[Any], Any] | None]]) -> Callable[[Any], Iterable[Any]]:
    """The elements of a collection that pass every (attribute getter, test) pair, chosen in C."""

    def select(items: Any) -> Iterable[Any]:
        for get, check in tests:
            items = list(compress(items, map(check, map(get, items)) if check is not None else map(get, items)))
        return items  # type: ignore[no-any-return]

    if len(tests) == 1:
        get, check = tests[0]
        if check is None:
            return lambda items: compress(items, map(get, items))
        return lambda items: compress(items, map(check, map(get, items)))
    return select


@dataclass(frozen=True, slots=True)
class _FactEquals:
    """An element test "attribute == this fact of the win" (the fact is read once per quantifier)."""

    name: str


class _ConstList:
    """A constant list with a set beside it, for fast `in`."""

    __slots__ = ("items", "members")

    def __init__(self, items: tuple[Any, ...], members: frozenset[Any]) -> None:
        self.items = items
        self.members = members

    def __iter__(self) -> Iterator[Any]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)


def _const(value: Any) -> Fn:
    return lambda w, e: value


def _slot(slot: int) -> Fn:
    return lambda w, e: e[slot]


def _element_attribute(slot: int, index: int) -> Fn:
    return lambda w, e: e[slot][index]


def _variable(slot: int) -> Fn:
    return lambda w, e: w["vars"][slot]


def _lazy_fact(name: str) -> Fn:
    def get(w: Any, e: Env) -> Any:
        value = w.get(name)
        if value is None:
            value = w[name] = w[BUILD](name)
        return value

    return get


def _fact(name: str) -> Fn:
    return lambda w, e: w[name]


def _pairwise(compare: Callable[[Any, Any], bool], left: Fn, right: Fn) -> Fn:
    return lambda w, e: compare(left(w, e), right(w, e))


def _membership(left: Fn, right: Fn, collection: Compiled, *, negate: bool) -> Fn:
    if collection.constant:
        members = collection.fn(None, ()).members
        if negate:
            return lambda w, e: left(w, e) not in members
        return lambda w, e: left(w, e) in members
    if collection.type is T.VALUES:
        if negate:
            return lambda w, e: left(w, e) not in right(w, e)
        return lambda w, e: left(w, e) in right(w, e)
    # a tile in a collection of elements: compare with each element's tile
    index = GROUP_INDEX["tile"] if collection.type is T.GROUPS else TILE_INDEX["tile"]
    if negate:
        return lambda w, e: all(left(w, e) != x[index] for x in right(w, e))
    return lambda w, e: any(left(w, e) == x[index] for x in right(w, e))


def _count(src: Fn, pred: Fn | None) -> Fn:
    if pred is None:
        return lambda w, e: len(src(w, e))
    return lambda w, e: sum(1 for x in src(w, e) if pred(w, (*e, x)))


def _any(src: Fn, pred: Fn | None) -> Fn:
    if pred is None:
        return lambda w, e: len(src(w, e)) > 0
    return lambda w, e: any(pred(w, (*e, x)) for x in src(w, e))


def _all(src: Fn, pred: Fn | None) -> Fn:
    if pred is None:
        return lambda w, e: True
    return lambda w, e: all(pred(w, (*e, x)) for x in src(w, e))


def _sum(src: Fn, pred: Fn | None) -> Fn:
    if pred is None:
        return lambda w, e: sum(src(w, e))
    return lambda w, e: sum(pred(w, (*e, x)) for x in src(w, e))


def _maximum(src: Fn, pred: Fn | None) -> Fn:
    if pred is None:
        return lambda w, e: max(src(w, e), default=0)
    return lambda w, e: max((pred(w, (*e, x)) for x in src(w, e)), default=0)


def _minimum(src: Fn, pred: Fn | None) -> Fn:
    if pred is None:
        return lambda w, e: min(src(w, e), default=0)
    return lambda w, e: min((pred(w, (*e, x)) for x in src(w, e)), default=0)


def _distinct(src: Fn, pred: Fn | None) -> Fn:
    if pred is None:
        return lambda w, e: len(set(src(w, e)))
    return lambda w, e: len({pred(w, (*e, x)) for x in src(w, e)})


_QUANTIFIERS: dict[str, Callable[[Fn, Fn | None], Fn]] = {
    "count": _count,
    "any": _any,
    "all": _all,
    "sum": _sum,
    "max": _maximum,
    "min": _minimum,
    "distinct": _distinct,
}
"""count(C[: p]), any(C[: p]), all(C: p), sum(C[: v]), max/min(C: v), distinct(C: v) — with `x in C` to name
the element."""


LIMIT = 10.0**15
"""No amount on a mahjong table comes near this; arithmetic beyond it is clamped, so an untrusted file
cannot make a number so large that computing it never ends."""


def _power(a: float, b: float) -> float:
    try:
        result = float(a) ** min(float(b), 64.0)
    except (OverflowError, ZeroDivisionError):
        result = LIMIT
    if isinstance(result, complex) or math.isnan(result):
        return 0
    result = max(-LIMIT, min(LIMIT, result))
    return int(result) if float(result).is_integer() and isinstance(a, int) and isinstance(b, int) else result


def _divide(a: float, b: float) -> float:
    return a / b if b else 0


def _floor_divide(a: float, b: float) -> float:
    return a // b if b else 0


def _modulo(a: float, b: float) -> float:
    return a % b if b else 0


_ARITHMETIC: dict[str, Callable[[Any, Any], Any]] = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": _divide,
    "//": _floor_divide,
    "%": _modulo,
    "**": _power,
}
_MIRRORED: dict[str, Callable[[Any, Any], bool]] = {
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.gt,
    "<=": operator.ge,
    ">": operator.lt,
    ">=": operator.le,
}
"""The comparison with its operands swapped: `x < c` is `c > x`."""
_COMPARISONS: dict[str, Callable[[Any, Any], bool]] = {
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}


def _kinds_mask(members: Iterable[bool]) -> int:
    """A `KINDS_HELD` mask: byte k set for each member kind k."""
    return sum(0xFF << 8 * k for k, member in enumerate(members) if member)


def _implied_size(node: ast.Expr) -> ast.Expr | None:
    """The size a collection must have for `node` to hold, as `count(C) >= n`, when `node` is
    `count(C: …) OP n` (OP one of == >= >, n ≥ 1) or `any(C: …)` over one of the win's collections."""
    size = 0
    call = node
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.operands[1], ast.Num):
        op, bound = node.ops[0], node.operands[1].value
        call = node.operands[0]
        if isinstance(call, ast.Call) and call.function == "count" and isinstance(bound, int):
            size = {"==": bound, ">=": bound, ">": bound + 1}.get(op, 0)
    elif isinstance(node, ast.Call) and node.function == "any":
        size = 1
    if size < 1 or not isinstance(call, ast.Call) or len(call.args) != 1:
        return None
    source = call.args[0]
    if isinstance(source, ast.Compare) and source.ops == ("in",):  # any(t in triplets: …)
        source = source.operands[1]
    if not isinstance(source, ast.Name) or source.id not in COLLECTIONS:
        return None
    span = node.span
    return ast.Compare((ast.Call("count", (source,), None, span), ast.Num(size, span)), (">=",), span)


def _flatten(node: ast.Expr, op: str) -> list[ast.Expr]:
    """`a and b and c` as [a, b, c] (the parser nests them to the left)."""
    if isinstance(node, ast.BoolOp) and node.op == op:
        return _flatten(node.left, op) + _flatten(node.right, op)
    return [node]
