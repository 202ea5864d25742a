"""The compiler: from a checked expression tree to a closure `f(win, env)` (never `eval`/`exec`).

Yaku conditions and payment formulas are expressions over one winning hand. The compiler resolves
every name at compile time: element attributes inside a quantifier (`count(triplets: dragon)`),
variables bound by `any(t in triplets: …)`, facts of the win (`riichi`, `wait`, `suits`), payment
variables (`han`, `fu`, `base`), constants (`man`, `ryanmen`, `5z`) and the variant's own settings
(`kuitan`). It checks types as it goes and reports every problem as a diagnostic with a did-you-mean,
instead of stopping at the first. `env` holds the elements bound by enclosing quantifiers.

Name resolution and type checking are here; the closures themselves come from `closures` (the plain
translation) and `optimise` (the fast paths for the commonest shapes), and a yaku condition is cut for
the scorer by `split`. What every construct means is stated once more, without any of this, by the
reference evaluator (`reference`).
"""

from __future__ import annotations

import dataclasses
import operator

from variantlang.diagnostics import Diagnostic, Span, suggestion
from variantlang.lang.expr import closures, optimise
from variantlang.lang.expr.closures import QUANTIFIER_CLOSURES, constant
from variantlang.lang.expr.types import (
    COLLECTION_BOUND,
    MAX_EXPRESSION_COST,
    MAX_RANGE_ITEMS,
    Binding,
    Compiled,
    ConstList,
    IntRange,
    Scope,
)
from variantlang.lang.expr.vocabulary import (
    ARITHMETIC,
    ATTRIBUTE_DOMAINS,
    COMPARISONS,
    CONSTANT_DOMAINS,
    FACT_DOMAINS,
    FLAG_ATTRIBUTES,
    FLAG_FACTS,
    FUNCTIONS,
    NEEDS_VALUE,
    QUANTIFIERS,
    D,
    arithmetic_domain,
    compatible,
    constant_beside_attribute,
    exact,
)
from variantlang.model.facts import (
    CONSTANTS,
    ELEMENT_OF,
    FACTS,
    GROUP_ATTRIBUTES,
    GROUP_INDEX,
    LAZY_FACTS,
    SHAPE_FACTS,
    TILE_ATTRIBUTES,
    TILE_INDEX,
    EvaluationError,
    Fn,
    T,
)
from variantlang.syntax import ast

Bound = tuple[Binding, ...]

_COMPARE_HELP = (
    "compare like with like: a suit with a suit name (`suit == man`), a tile with a tile (`tile == 5z`), "
    "a number with a number (`suits == 1`)"
)

_BOUNDS_HELP = "numbers in expressions are exact, and every value stays within ±10^15"

REPORTED = Compiled(closures.const(0), T.VALUE, 1, True, reads=frozenset())
"""What an expression with a diagnostic compiles to, so that compiling can go on and report the rest."""


class Compiler:
    """Compiles expressions of one scope, collecting diagnostics instead of stopping at the first."""

    def __init__(self, scope: Scope) -> None:
        self.scope = scope
        self.diagnostics: list[Diagnostic] = []
        self.cost = 0
        """The worst-case cost of the expressions compiled so far (`types.MAX_EXPRESSION_COST`)."""
        self._compiled: dict[tuple[int, Bound], tuple[ast.Expr, Compiled]] = {}
        """Each (node, bindings) compiled once: a yaku condition is compiled whole to check it, and its
        `and` terms are then read again one by one (`split.split_condition`) without a second compile
        or a second report of their diagnostics. The node is kept so that its id stays its own."""

    # -------------------------------------------------------------- entry points
    def condition(self, node: ast.Expr, *, when: bool = False) -> Fn:
        """A yes/no expression, compiled to `f(win, env)`: the condition holds when the result is true.
        With `when`, it is a rule file's `when …`, which must be true or false, not a number."""
        compiled = self._value(node, ())
        if when:
            self.truth_value(node, compiled)
        return compiled.fn if self.affordable(node, compiled) else REPORTED.fn

    def value(self, node: ast.Expr) -> Fn:
        compiled = self._value(node, ())
        return compiled.fn if self.affordable(node, compiled) else REPORTED.fn

    def compile_value(self, node: ast.Expr, bound: Bound = ()) -> Compiled:
        """`node` where a value is wanted, with its closure and what the fast paths know of it."""
        return self._value(node, bound)

    def fresh(self) -> Compiler:
        """A compiler of the same scope with no diagnostics, to try a tree a second way."""
        return Compiler(self.scope)

    # -------------------------------------------------------------- helpers
    def truth_value(self, node: ast.Expr, compiled: Compiled) -> None:
        """A condition (`when …`) must be true or false: `when tsumo + 1` or `when count(kans)` is a number."""
        if compiled.domain not in (D.FLAG, D.ANY):
            self.error(
                "E0313",
                f"a condition must be true or false, but this is {compiled.domain.value}",
                node.span,
                help="compare it: `count(kans) > 0`, `wait == tanki`, `tile == 5z`",
            )

    def affordable(self, node: ast.Expr, compiled: Compiled) -> bool:
        """Whether one evaluation of `node` stays within `MAX_EXPRESSION_COST` in the worst case (its cost
        is estimated from its shape: the sizes of the collections its quantifiers go through, nested
        quantifiers multiplying); it is refused before anything evaluates it."""
        if compiled.cost <= MAX_EXPRESSION_COST:
            self.cost += compiled.cost
            return True
        self.error(
            "E0307",
            f"this expression may take about {compiled.cost:,} steps per hand, over the limit of "
            f"{MAX_EXPRESSION_COST:,}",
            node.span,
            help="split it up: fewer nested quantifiers, shorter lists, ranges and chains of comparisons",
        )
        return False

    def error(self, code: str, message: str, span: Span, help: str | None = None) -> Compiled:
        self.diagnostics.append(Diagnostic(code, message, span, help))
        return REPORTED

    def _value(self, node: ast.Expr, bound: Bound) -> Compiled:
        compiled = self.compile(node, bound)
        if compiled.type in (T.GROUPS, T.TILES):
            # a collection where a number is wanted is its size: `200 * kans`
            inner = compiled.fn
            if compiled.fact is not None:
                return self._size(compiled.fact)
            return Compiled(lambda w, e: len(inner(w, e)), T.VALUE, compiled.cost + 1, domain=D.NUMBER)
        if compiled.type is T.TILE:
            # a tile where a value is wanted is its kind: `win == 5m`
            tile = compiled.fn
            return Compiled(lambda w, e: tile(w, e)[0], T.VALUE, compiled.cost + 1, domain=D.TILE)
        if compiled.type is not T.VALUE:
            return self.error(
                "E0304",
                f"expected a value here, found {compiled.type.value}",
                node.span,
                help="count(…), any(…) or all(…) turn a collection into a value",
            )
        return compiled

    def compile(self, node: ast.Expr, bound: Bound) -> Compiled:
        key = (id(node), bound)
        known = self._compiled.get(key)
        if known is not None:
            return known[1]
        result = self._compile(node, bound)
        self._compiled[key] = (node, result)
        return result

    def _compile(self, node: ast.Expr, bound: Bound) -> Compiled:
        method = getattr(self, f"_{type(node).__name__.lower()}")
        result: Compiled = method(node, bound)
        if isinstance(node, (ast.Compare, ast.BoolOp)) or (isinstance(node, ast.Unary) and node.op == "not"):
            return dataclasses.replace(result, domain=D.FLAG)
        return result

    def _size(self, fact: str) -> Compiled:
        """`count(runs)`, or `runs` where a number is wanted: the size of one of the win's collections."""
        return Compiled(
            lambda w, e: len(w[fact]), T.VALUE, 2, length=fact, reads=frozenset({f"#{fact}"}), domain=D.NUMBER
        )

    # -------------------------------------------------------------- leaves
    def _num(self, node: ast.Num, bound: Bound) -> Compiled:
        return constant(exact(node.value), domain=D.NUMBER)

    def _str(self, node: ast.Str, bound: Bound) -> Compiled:
        return self.error(
            "E0304", "text is not a value in expressions", node.span, help="compare names without quotes: wait == tanki"
        )

    def _tilelit(self, node: ast.TileLit, bound: Bound) -> Compiled:
        return constant(node.kind, domain=D.TILE)

    def _name(self, node: ast.Name, bound: Bound) -> Compiled:
        """A name, looked up innermost first: a bound element, an attribute of the implicit element, a
        formula variable, a fact of the win, a constant, a number or on/off setting."""
        name = node.id
        found = self._bound_name(name, bound)
        if found is not None:
            return found
        variables = self.scope.variables or {}
        if name in variables:
            return Compiled(closures.variable(variables[name]), T.VALUE, 1, domain=D.NUMBER)
        if name in FACTS:
            return self._fact(node)
        if name in CONSTANTS:
            return constant(CONSTANTS[name], domain=CONSTANT_DOMAINS[name])
        setting = self.scope.settings.get(name)
        if isinstance(setting, (bool, int, float)):
            return constant(exact(setting), domain=D.NUMBER)
        candidates = list(FACTS) + list(CONSTANTS) + list(variables) + [b.name for b in bound if b.name]
        implicit = next((b for b in reversed(bound) if b.name is None), None)
        if implicit is not None:
            candidates += list(GROUP_ATTRIBUTES if implicit.type is T.GROUP else TILE_ATTRIBUTES)
        candidates += [k for k, v in self.scope.settings.items() if isinstance(v, (bool, int, float))]
        return self.error("E0301", f"unknown name `{name}`", node.span, help=suggestion(name, candidates))

    def _bound_name(self, name: str, bound: Bound) -> Compiled | None:
        """An element a quantifier bound by this name, or an attribute of the implicit element."""
        for binding in reversed(bound):
            if binding.name == name:
                return Compiled(closures.slot(binding.slot), binding.type, 1)
        implicit = next((b for b in reversed(bound) if b.name is None), None)
        if implicit is None:
            return None
        index = (GROUP_INDEX if implicit.type is T.GROUP else TILE_INDEX).get(name)
        if index is None:
            return None
        return Compiled(
            closures.element_attribute(implicit.slot, index),
            T.VALUE,
            1,
            test=(implicit.slot, index, None),
            boolean=name in FLAG_ATTRIBUTES[implicit.type],
            domain=ATTRIBUTE_DOMAINS[implicit.type].get(name, D.NUMBER),
        )

    def _fact(self, node: ast.Name) -> Compiled:
        name = node.id
        fact = FACTS[name]
        if fact.payment_only and not self.scope.payment:
            return self.error(
                "E0306",
                f"`{name}` is only known when the hand is paid",
                node.span,
                help="use it in a `payment` formula: yaku, bonuses and settings' `when` are decided before the "
                "hand is paid",
            )
        if name in LAZY_FACTS:
            return Compiled(closures.lazy_fact(name), fact.type, 2)
        return Compiled(
            closures.fact(name),
            fact.type,
            1,
            fact=name,
            reads=frozenset({name}) if name in SHAPE_FACTS else None,
            boolean=name in FLAG_FACTS,
            domain=FACT_DOMAINS[name],
        )

    def _attribute(self, node: ast.Attribute, bound: Bound) -> Compiled:
        if isinstance(node.target, ast.Name) and f"{node.target.id}.{node.name}" in self.scope.settings:
            key = f"{node.target.id}.{node.name}"
            value = self.scope.settings.get(key)
            if isinstance(value, (bool, int, float)):
                return constant(exact(value), domain=D.NUMBER)
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
        # the element `x.attr` reads, if `x` is bound: the innermost binding of that name, as `_name` finds it
        target_name = node.target.id if isinstance(node.target, ast.Name) else None
        slot = next((b.slot for b in reversed(bound) if target_name is not None and b.name == target_name), None)
        return Compiled(
            lambda w, e: inner(w, e)[index],
            T.VALUE,
            target.cost + 1,
            test=(slot, index, None) if slot is not None else None,
            boolean=node.name in FLAG_ATTRIBUTES[target.type],
            domain=ATTRIBUTE_DOMAINS[target.type].get(node.name, D.NUMBER),
        )

    def _listexpr(self, node: ast.ListExpr, bound: Bound) -> Compiled:
        items = [self._value(item, bound) for item in node.items]
        domain = _common([item.domain for item in items])
        if all(item.constant for item in items):
            values = frozenset(item.fn(None, ()) for item in items)
            ordered = tuple(item.fn(None, ()) for item in items)
            return constant(ConstList(ordered, values), T.VALUES, domain)
        fns = [item.fn for item in items]
        cost = sum(i.cost for i in items) + 1
        return Compiled(
            lambda w, e: tuple(f(w, e) for f in fns), T.VALUES, cost, reads=optimise.reads(*items), domain=domain
        )

    def _range(self, node: ast.Range, bound: Bound) -> Compiled:
        """`lo..hi` is its two bounds (`IntRange`), never a list: `honba in 0..999999999` costs one test."""
        low, high = self._value(node.low, bound), self._value(node.high, bound)
        lo, hi = low.fn, high.fn
        if low.constant and high.constant:
            return constant(IntRange(int(lo(None, ())), int(hi(None, ()))), T.VALUES, D.NUMBER)
        where = str(node.span)
        return Compiled(
            lambda w, e: IntRange(int(lo(w, e)), int(hi(w, e)), where),
            T.VALUES,
            low.cost + high.cost + 2,
            reads=optimise.reads(low, high),
            domain=D.NUMBER,
        )

    # -------------------------------------------------------------- operators
    def _unary(self, node: ast.Unary, bound: Bound) -> Compiled:
        operand = self._value(node.operand, bound)
        f = operand.fn
        if node.op == "not":
            test = (operand.test[0], operand.test[1], operator.not_) if operand.test and not operand.test[2] else None
            return Compiled(
                lambda w, e: not f(w, e), T.VALUE, operand.cost + 1, test=test, reads=operand.reads, boolean=True
            )
        if arithmetic_domain("-", D.NUMBER, operand.domain) is None:
            return self._not_a_number(operand, node.operand)
        return Compiled(lambda w, e: -f(w, e), T.VALUE, operand.cost + 1, reads=operand.reads, domain=D.NUMBER)

    def _binary(self, node: ast.Binary, bound: Bound) -> Compiled:
        left, right = self._value(node.left, bound), self._value(node.right, bound)
        domain = arithmetic_domain(node.op, left.domain, right.domain)
        if domain is None:
            named, where = (
                (left, node.left) if left.domain not in (D.NUMBER, D.FLAG, D.TILE, D.ANY) else (right, node.right)
            )
            return self._not_a_number(named, where)
        op = ARITHMETIC[node.op]
        a, b = left.fn, right.fn
        if left.constant and right.constant:
            try:
                return constant(op(a(None, ()), b(None, ())), domain=domain)
            except EvaluationError as error:
                return self.error("E0308", error.message, node.span, help=_BOUNDS_HELP)
        return Compiled(
            closures.arithmetic(op, a, b, str(node.span)),
            T.VALUE,
            left.cost + right.cost + 1,
            reads=optimise.reads(left, right),
            domain=domain,
        )

    def _not_a_number(self, operand: Compiled, node: ast.Expr) -> Compiled:
        return self.error(
            "E0312",
            f"{operand.domain.value} is a name, not a number: it takes no arithmetic",
            node.span,
            help="compare it instead: `suit == man`, `wait == tanki`",
        )

    def _boolop(self, node: ast.BoolOp, bound: Bound) -> Compiled:
        return optimise.chain([self._value(t, bound) for t in optimise.flatten(node, node.op)], node.op)

    def _conditional(self, node: ast.Conditional, bound: Bound) -> Compiled:
        then, cond, otherwise = (self._value(n, bound) for n in (node.then, node.condition, node.otherwise))
        t, c, o = then.fn, cond.fn, otherwise.fn
        return Compiled(
            lambda w, e: t(w, e) if c(w, e) else o(w, e),
            T.VALUE,
            then.cost + cond.cost + otherwise.cost,
            reads=optimise.reads(then, cond, otherwise),
            boolean=then.boolean and otherwise.boolean,
            domain=_common([then.domain, otherwise.domain]),
        )

    def _compare(self, node: ast.Compare, bound: Bound) -> Compiled:
        reported = len(self.diagnostics)
        operands = self._compare_operands(node, bound)
        if len(self.diagnostics) == reported:
            for i, op in enumerate(node.ops):
                self._comparable(operands[i], op, operands[i + 1], node.operands[i], node)
        if len(self.diagnostics) > reported:
            return REPORTED  # no closure over operands that are not what they should be
        if len(node.ops) == 1 and operands[1].constant:
            special = optimise.compare_constant(operands[0], node.ops[0], operands[1])
            if special is not None:
                return special
        if node.ops == ("==",):
            special = optimise.fact_equals(operands[0], operands[1])
            if special is not None:
                return special
        steps = []
        for i, op in enumerate(node.ops):
            left, right = operands[i].fn, operands[i + 1].fn
            if op in ("in", "not in"):
                steps.append(closures.membership(left, right, operands[i + 1], negate=op == "not in"))
            else:
                steps.append(closures.pairwise(COMPARISONS[op], left, right))
        cost = sum(o.cost for o in operands) + len(steps)
        reads = optimise.reads(*operands)
        if len(steps) == 1:
            return Compiled(steps[0], T.VALUE, cost, reads=reads, boolean=True)
        chain = tuple(steps)
        return Compiled(lambda w, e: all(s(w, e) for s in chain), T.VALUE, cost, reads=reads, boolean=True)

    def _compare_operands(self, node: ast.Compare, bound: Bound) -> list[Compiled]:
        """The operands of a chain of comparisons: a collection after `in`, which must end the chain, and a
        constant name beside an attribute (`suit == man`) as that constant."""
        operands: list[Compiled] = []
        for i, operand in enumerate(node.operands):
            if i > 0 and node.ops[i - 1] in ("in", "not in"):
                operands.append(self._collection(operand, bound))
                if i < len(node.ops):
                    self.error(
                        "E0304",
                        f"expected a value here, found {operands[-1].type.value}",
                        operand.span,
                        help="`x in C` ends a chain of comparisons: write `x in C and …`",
                    )
            elif constant_beside_attribute(node.operands, i):
                assert isinstance(operand, ast.Name)
                operands.append(constant(CONSTANTS[operand.id]))
            else:
                operands.append(self._value(operand, bound))
        return operands

    def _comparable(self, left: Compiled, op: str, right: Compiled, left_node: ast.Expr, node: ast.Compare) -> None:
        """Refuse comparing unlike things: a count with a suit name, a number with a tile."""
        if op in ("in", "not in"):
            wanted = right.domain if right.type is T.VALUES else D.TILE  # `x in triplets` compares tiles
            if not compatible(left.domain, wanted):
                what = f"a list of {_plural(wanted)}" if right.type is T.VALUES else "groups or tiles (by their tile)"
                self.error(
                    "E0311",
                    f"`{op}` looks for {left.domain.value} in {what}",
                    left_node.span,
                    help=_COMPARE_HELP,
                )
            return
        if not compatible(left.domain, right.domain):
            self.error(
                "E0311", f"compares {left.domain.value} with {right.domain.value}", node.span, help=_COMPARE_HELP
            )

    def _collection(self, node: ast.Expr, bound: Bound) -> Compiled:
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
    def _call(self, node: ast.Call, bound: Bound) -> Compiled:
        name = node.function
        if name in FUNCTIONS and node.predicate is None:
            return self._function(node, bound)
        if name not in QUANTIFIERS:
            known = [*QUANTIFIERS, *FUNCTIONS]
            return self.error("E0302", f"unknown function `{name}`", node.span, help=suggestion(name, known))
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
        inner = (*bound, Binding(variable, element, slot))
        if node.predicate is None and element is not T.VALUE and name in NEEDS_VALUE:
            return self.error(
                "E0303",
                f"`{name}` over groups or tiles needs a value to add up or compare",
                node.span,
                help=f"{name}(runs: number) or {name}(t in tiles: t.number)",
            )
        if variable is None and element is T.VALUE and node.predicate is not None:
            return self.error("E0303", f"name the element to test values: {name}(n in …: condition)", node.span)
        terms: list[Compiled] | None = None
        predicate: Compiled | None = None
        if isinstance(node.predicate, ast.BoolOp) and node.predicate.op == "and":
            terms = [self._value(term, inner) for term in optimise.flatten(node.predicate, "and")]
            predicate = optimise.chain(terms, "and")
        elif node.predicate is not None:
            predicate = self._value(node.predicate, inner)
        src = source.fn
        per_item = (predicate.cost if predicate else 0) + 1
        cost = source.cost + _size_bound(source_node, source) * per_item
        if name == "count" and predicate is None and source.fact is not None:
            return self._size(source.fact)
        fast = optimise.mapped_quantifier(name, source, predicate, slot)
        if fast is None and terms is not None:
            fast = optimise.filtered(name, src, terms, slot)
        boolean = name in ("any", "all")
        domain = D.FLAG if boolean else D.NUMBER
        if name in ("max", "min"):
            domain = predicate.domain if predicate is not None else source.domain
        if fast is not None:
            return Compiled(fast, T.VALUE, max(1, cost // 2), boolean=boolean, domain=domain)
        fn = QUANTIFIER_CLOSURES[name](src, predicate.fn if predicate else None)
        return Compiled(fn, T.VALUE, cost, boolean=boolean, domain=domain)

    def _function(self, node: ast.Call, bound: Bound) -> Compiled:
        """`min(a, b, …)`, `max(a, b, …)`, `abs(a)` of values."""
        name = node.function
        args = [self._value(a, bound) for a in node.args]
        expected = 1 if name == "abs" else None
        if not args or (expected and len(args) != expected) or (name != "abs" and len(args) < 2):
            return self.error(
                "E0303", f"`{name}` takes {'one value' if name == 'abs' else 'two or more values'}", node.span
            )
        fns = tuple(a.fn for a in args)
        reads = optimise.reads(*args)
        if name == "abs":
            f0 = fns[0]
            return Compiled(lambda w, e: abs(f0(w, e)), T.VALUE, args[0].cost + 1, reads=reads, domain=D.NUMBER)
        func = min if name == "min" else max
        return Compiled(
            lambda w, e: func(f(w, e) for f in fns),
            T.VALUE,
            sum(a.cost for a in args) + 1,
            reads=reads,
            domain=_common([a.domain for a in args]),
        )


def _size_bound(node: ast.Expr, source: Compiled) -> int:
    """The most elements a quantifier can go through: a constant list or range its length, a list its
    items, a range bounded by the win `MAX_RANGE_ITEMS` (longer ones stop when evaluated), a collection
    of the win its largest size."""
    if source.constant and source.type is T.VALUES:
        return len(source.fn(None, ()))
    if isinstance(node, ast.ListExpr):
        return len(node.items)
    if source.type is T.VALUES:
        return MAX_RANGE_ITEMS
    return COLLECTION_BOUND.get(source.type, 1)  # 1: a collection already reported as wrong


def _common(domains: list[D]) -> D:
    """The domain of values that may be any of `domains`: theirs if they agree, else not known."""
    first = domains[0] if domains else D.ANY
    return first if all(d is first for d in domains) else D.ANY


def _plural(domain: D) -> str:
    return {D.ANY: "values", D.NUMBER: "numbers", D.FLAG: "truth values"}.get(
        domain, domain.value.replace("a ", "") + "s"
    )
