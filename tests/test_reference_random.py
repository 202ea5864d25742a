"""Random conditions over the whole expression language: the optimising compiler agrees with the
reference evaluator.

Hypothesis builds well-typed expression trees directly (quantifiers over every collection, with and
without a named element, nested; element tests of the shapes the fast paths look for; lists, ranges,
membership, chained comparisons, `and` / `or` / `not`, conditionals, arithmetic, settings, the words
that are both a value and an attribute). Each is compiled whole (`Compiler.condition`, `.value`) and
cut as the scorer runs it (`split_condition`: gate ∧ masks ∧ residual), and both must give
what `evaluate` gives on the facts of every reading of a set of wins chosen to cover the hand shapes.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from builds import pure_only
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from setting_values import setting_values

from variantlang.api import load
from variantlang.diagnostics import Span
from variantlang.lang.expr import Compiler, Scope, evaluate
from variantlang.lang.expr.split import split_condition
from variantlang.model.facts import (
    COLLECTIONS,
    CONSTANTS,
    ELEMENT_OF,
    FACTS,
    GROUP_ATTRIBUTES,
    KIND_NAMES,
    KINDS_HELD,
    SUIT_NAMES,
    TILE_ATTRIBUTES,
    EvaluationError,
    Split,
    T,
)
from variantlang.model.samples import random_win
from variantlang.rules.dora import most_indicators
from variantlang.scoring.scorer import Scorer
from variantlang.syntax import ast
from variantlang.syntax.unparse import unparse

SPAN = Span("<generated>", 1, 1, 1, 1)
Draw = Callable[[st.SearchStrategy[Any]], Any]
Env = tuple[tuple[str | None, T], ...]
"""The elements bound where a node is generated: (name or None for the implicit element, type)."""

# ------------------------------------------------------------------ the facts conditions run on

VARIANTS = ("standard", "naki-riichi", "dora-mahjong-sanma")
"""Four players; flowers set aside and suits without 2–8m; 北 set aside in three-player."""


@cache
def facts() -> tuple[dict[str, Any], ...]:
    """The facts of readings picked from a stream of random wins until every feature the optimiser
    treats apart has occurred twice under each variant: each form and wait, every number of runs,
    triplets and kans, calls, nuki, the winds, riichi and tsumo."""
    pool: list[dict[str, Any]] = []
    for name in VARIANTS:
        ruleset = load(name)
        scorer = Scorer(ruleset)
        rng = random.Random(name)
        nuki = tuple(sorted(ruleset.dora_tables.nuki))
        seen: dict[tuple[str, Any], int] = {}
        for _ in range(600):
            hand = random_win(
                rng,
                ruleset.tile_set,
                nuki_kinds=nuki,
                indicators=most_indicators(ruleset.dora),
                chi=ruleset.calls.chi,
            )
            for w, _reading in scorer.readings(hand):
                features = [
                    ("form", w["form"]),
                    ("wait", w["wait"]),
                    ("runs", len(w["runs"])),
                    ("triplets", len(w["triplets"])),
                    ("kans", len(w["kans"])),
                    ("calls", min(w["calls"], 2)),
                    ("nuki", bool(hand.nuki)),
                    ("seat", w["seat_wind"]),
                    ("round", w["round_wind"]),
                    ("riichi", w["riichi"]),
                    ("tsumo", w["tsumo"]),
                ]
                if any(seen.get(feature, 0) < 2 for feature in features):
                    pool.append(dict(w))
                    for feature in features:
                        seen[feature] = seen.get(feature, 0) + 1
    return tuple(pool)


@cache
def scope() -> Scope:
    return Scope.of_settings(setting_values(load("standard")))


PAYMENT_VARIABLES = {"base": 0, "extra": 1}


@cache
def payment_facts() -> tuple[dict[str, Any], ...]:
    rng = random.Random("payment")
    out = []
    for w in facts()[::3]:
        paid = dict(w)
        paid.update(han=rng.randint(0, 13), yaku_han=rng.randint(0, 8), bonus_han=rng.randint(0, 4))
        paid.update(dora=rng.randint(0, 6), fu=rng.choice([20, 30, 40, 110]), yakuman=rng.choice([0, 0, 1]))
        paid["vars"] = [rng.choice([0, 0.5, 400, 1200.0]), rng.randint(-2, 5)]
        out.append(paid)
    return tuple(out)


# ------------------------------------------------------------------ the vocabulary

FLAG_FACTS = ("closed", "tsumo", "ron", "riichi", "ippatsu", "rinshan", "haitei", "dealer", "first_win", "renhou")
NUMBER_FACTS = ("suits", "honours", "flowers", "calls", "honba", "riichi_sticks", "tenpai_others", "wait", "form")
TILE_VALUE_FACTS = ("seat_wind", "round_wind")
SINGLE_GROUPS = ("pair", "completed")
PAYMENT_FACTS = ("han", "yaku_han", "bonus_han", "dora", "fu", "yakuman")
SETTINGS = ("kuitan", "players", "min_han", "red_value", "double_yakuman", "game.players", "win.min_han")
NAMES = ("x", "y", "g", "t", "n")
SMALL = st.integers(min_value=-1, max_value=9)
COMPARE_OPS = ("==", "!=", "<", "<=", ">", ">=")
ATTRIBUTE_OF = {T.GROUP: GROUP_ATTRIBUTES, T.TILE: TILE_ATTRIBUTES}


def num(value: int | float) -> ast.Expr:
    return ast.Num(value, SPAN)


def name(text: str) -> ast.Expr:
    return ast.Name(text, SPAN)


def compare(left: ast.Expr, op: str, right: ast.Expr) -> ast.Expr:
    return ast.Compare((left, right), (op,), SPAN)


def setting(draw: Draw) -> ast.Expr:
    key = draw(st.sampled_from(SETTINGS))
    if "." in key:
        section, bare = key.split(".")
        return ast.Attribute(name(section), bare, SPAN)
    return name(key)


def innermost(env: Env) -> dict[str, T]:
    """The named elements as names resolve them: an inner one hides an outer one of the same name."""
    return {bound: kind for bound, kind in env if bound is not None}


def element_attribute(draw: Draw, env: Env) -> tuple[ast.Expr, T] | None:
    """An attribute of a bound element: bare for the innermost implicit one, `x.attr` for a named one."""
    implicit = next((kind for bound, kind in reversed(env) if bound is None), None)
    choices = [(bound, kind) for bound, kind in innermost(env).items() if kind in ATTRIBUTE_OF]
    if implicit in ATTRIBUTE_OF:
        choices.append((None, implicit))
    if not choices:
        return None
    which, kind = draw(st.sampled_from(choices))
    attribute = draw(st.sampled_from(ATTRIBUTE_OF[kind]))
    if which is None:
        return name(attribute), kind
    return ast.Attribute(name(which), attribute, SPAN), kind


def leaf(draw: Draw, env: Env, payment: bool) -> ast.Expr:
    """A value that needs nothing generated below it."""
    options = ["number", "tile", "fact", "flag", "constant", "setting", "size", "single"]
    if env:
        options += ["element"] * 4 + ["variable"] * 2
    if payment:
        options += ["payment"] * 2
    match draw(st.sampled_from(options)):
        case "number":
            return num(draw(st.one_of(SMALL, st.sampled_from([0.5, 2.5, 100, 1000]))))
        case "tile":
            return ast.TileLit(draw(st.integers(0, 33)), SPAN)
        case "fact":
            return name(draw(st.sampled_from(NUMBER_FACTS + TILE_VALUE_FACTS)))
        case "flag":
            return name(draw(st.sampled_from(FLAG_FACTS)))
        case "constant":
            return name(draw(st.sampled_from(sorted(set(CONSTANTS) - {"pair"}))))  # `pair` alone is the fact
        case "setting":
            return setting(draw)
        case "size":
            return name(draw(st.sampled_from(sorted(COLLECTIONS))))
        case "single":
            target = draw(st.sampled_from((*SINGLE_GROUPS, "win")))
            if target == "win" and draw(st.booleans()):
                return name("win")  # a tile where a value is wanted: its kind
            attributes = TILE_ATTRIBUTES if target == "win" else GROUP_ATTRIBUTES
            return ast.Attribute(name(target), draw(st.sampled_from(attributes)), SPAN)
        case "element":
            found = element_attribute(draw, env)
            return found[0] if found is not None else num(draw(SMALL))
        case "variable":
            values = [bound for bound, kind in innermost(env).items() if kind in (T.VALUE, T.TILE)]
            return name(draw(st.sampled_from(values))) if values else num(draw(SMALL))
        case _:
            if draw(st.booleans()):
                return name(draw(st.sampled_from(sorted(PAYMENT_VARIABLES))))
            return name(draw(st.sampled_from(PAYMENT_FACTS)))


def small(draw: Draw, env: Env) -> ast.Expr:
    """A value that stays small (a range bound: `1..count(tiles)`, never `1..10**15`)."""
    choice = draw(st.sampled_from(["number", "number", "fact", "size", "variable"]))
    if choice == "fact":
        return name(draw(st.sampled_from(("suits", "calls", "honours", "honba"))))
    if choice == "size":
        return ast.Call("count", (name(draw(st.sampled_from(sorted(COLLECTIONS)))),), None, SPAN)
    values = [bound for bound, kind in innermost(env).items() if kind is T.VALUE]
    if choice == "variable" and values:
        return name(draw(st.sampled_from(values)))
    return num(draw(SMALL))


def collection(draw: Draw, depth: int, env: Env, payment: bool) -> ast.Expr:
    kind = draw(st.sampled_from(["fact", "fact", "fact", "list", "range"]))
    if kind == "fact":
        return name(draw(st.sampled_from(sorted(COLLECTIONS))))
    if kind == "range":
        return ast.Range(small(draw, env), small(draw, env), SPAN)
    size = draw(st.integers(0, 4))
    items = tuple(
        value(draw, depth - 1, env, payment) if depth > 0 and draw(st.booleans()) else leaf(draw, env, payment)
        for _ in range(size)
    )
    return ast.ListExpr(items, SPAN)


def element_test(draw: Draw, env: Env, payment: bool) -> ast.Expr:
    """A test of one attribute of the bound element, in a shape a fast path looks for: `number`,
    `not open`, `tile == 5z`, `number >= 7`, `suit in [man, pin]`, `tile == seat_wind`, `suit == honour`."""
    found = element_attribute(draw, env)
    if found is None:
        return leaf(draw, env, payment)
    attribute, kind = found
    shape = draw(st.sampled_from(["bare", "bare", "bare", "not", "compare", "compare", "in", "fact", "ambiguous"]))
    if shape == "bare":
        return attribute
    if shape == "not":
        return ast.Unary("not", attribute, SPAN)
    if shape == "in":
        items = tuple(num(v) for v in draw(st.lists(SMALL, max_size=4)))
        op = draw(st.sampled_from(["in", "not in"]))
        return ast.Compare((attribute, ast.ListExpr(items, SPAN)), (op,), SPAN)
    if shape == "fact":
        return compare(attribute, "==", name(draw(st.sampled_from((*TILE_VALUE_FACTS, "suits", "calls")))))
    if shape == "ambiguous":
        word = draw(st.sampled_from(["honour", "flower", "pair"] if kind is T.GROUP else ["honour", "flower"]))
        if isinstance(attribute, ast.Name):
            attribute = name("kind" if word == "pair" else "suit")
        else:
            assert isinstance(attribute, ast.Attribute)
            attribute = ast.Attribute(attribute.target, "kind" if word == "pair" else "suit", SPAN)
        operands = (attribute, name(word)) if draw(st.booleans()) else (name(word), attribute)
        return ast.Compare(operands, (draw(st.sampled_from(["==", "!="])),), SPAN)
    return compare(attribute, draw(st.sampled_from(COMPARE_OPS)), constant_for(draw, attribute))


def constant_for(draw: Draw, attribute: ast.Expr) -> ast.Expr:
    """A constant an attribute is likely to be compared with: a tile for `tile`, a kind for `kind`."""
    word = attribute.name if isinstance(attribute, ast.Attribute) else getattr(attribute, "id", "")
    if word == "tile" or draw(st.integers(0, 5)) == 0:
        return ast.TileLit(draw(st.integers(0, 33)), SPAN)
    if word in ("kind", "suit"):
        return name(draw(st.sampled_from(sorted(KIND_NAMES if word == "kind" else SUIT_NAMES))))
    if word == "number":
        return num(draw(st.integers(0, 10)))
    return num(draw(SMALL)) if draw(st.booleans()) else name(draw(st.sampled_from(["true", "false"])))


def quantifier(draw: Draw, depth: int, env: Env, payment: bool, *, condition: bool) -> ast.Expr:
    """count/any/all (a condition) or count/sum/max/min/distinct (a value) over a collection."""
    source = collection(draw, depth, env, payment)
    kind = FACTS[source.id].type if isinstance(source, ast.Name) else T.VALUES  # collection() names only collections
    element = ELEMENT_OF[kind]
    functions = ["any", "all", "count"] if condition else ["count", "count", "sum", "max", "min", "distinct"]
    function = draw(st.sampled_from(functions))
    needs_predicate = function in ("max", "min") or (function in ("sum", "distinct") and element is not T.VALUE)
    if not needs_predicate and draw(st.integers(0, 4)) == 0:
        return ast.Call(function, (source,), None, SPAN)
    variable = None if element is not T.VALUE and draw(st.booleans()) else draw(st.sampled_from(NAMES))
    inner = (*env, (variable, element))
    if condition or function == "count":
        predicate = condition_of(draw, depth - 1, inner, payment, element_bias=True)
    else:
        predicate = value(draw, depth - 1, inner, payment)
    argument = source if variable is None else ast.Compare((name(variable), source), ("in",), SPAN)
    return ast.Call(function, (argument,), predicate, SPAN)


def value(draw: Draw, depth: int, env: Env, payment: bool) -> ast.Expr:
    if depth <= 0:
        return leaf(draw, env, payment)
    options = ["leaf", "leaf", "arithmetic", "arithmetic", "negate", "if", "function", "condition"] + ["quantifier"] * 3
    match draw(st.sampled_from(options)):
        case "leaf":
            return leaf(draw, env, payment)
        case "arithmetic":
            op = draw(st.sampled_from(["+", "-", "*", "/", "//", "%", "**"]))
            right = num(draw(st.integers(-1, 3))) if op == "**" else value(draw, depth - 1, env, payment)
            return ast.Binary(op, value(draw, depth - 1, env, payment), right, SPAN)
        case "negate":
            return ast.Unary("-", value(draw, depth - 1, env, payment), SPAN)
        case "if":
            then, otherwise = value(draw, depth - 1, env, payment), value(draw, depth - 1, env, payment)
            return ast.Conditional(then, condition_of(draw, depth - 1, env, payment), otherwise, SPAN)
        case "function":
            function = draw(st.sampled_from(["min", "max", "abs"]))
            count = 1 if function == "abs" else draw(st.integers(2, 3))
            return ast.Call(function, tuple(value(draw, depth - 1, env, payment) for _ in range(count)), None, SPAN)
        case "quantifier":
            return quantifier(draw, depth, env, payment, condition=False)
        case _:
            return condition_of(draw, depth - 1, env, payment)


def condition_of(draw: Draw, depth: int, env: Env, payment: bool, *, element_bias: bool = False) -> ast.Expr:
    if element_bias:
        # what the fast quantifiers look for: a test of the element, or an `and` that starts with some
        bias = draw(st.integers(0, 5))
        if bias < 3:
            return element_test(draw, env, payment)
        if bias < 5:
            terms = [element_test(draw, env, payment) for _ in range(draw(st.integers(2, 3)))]
            if draw(st.booleans()):
                terms.append(condition_of(draw, depth - 1, env, payment))
            node = terms[0]
            for term in terms[1:]:
                node = ast.BoolOp("and", node, term, SPAN)
            return node
    if depth <= 0:
        return element_test(draw, env, payment) if env and draw(st.booleans()) else leaf(draw, env, payment)
    options = ["compare", "compare", "chain", "in", "and", "or", "not", "value"] + ["quantifier"] * 3
    match draw(st.sampled_from(options)):
        case "compare":
            left, right = value(draw, depth - 1, env, payment), value(draw, depth - 1, env, payment)
            return compare(left, draw(st.sampled_from(COMPARE_OPS)), right)
        case "chain":
            operands = [value(draw, depth - 1, env, payment) for _ in range(3)]
            ops = [draw(st.sampled_from(COMPARE_OPS)) for _ in range(2)]
            if draw(st.booleans()):  # `x in C` may end a chain: `1 < n in [2, 3]`
                ops[-1] = draw(st.sampled_from(["in", "not in"]))
                operands[-1] = collection(draw, depth - 1, env, payment)
            return ast.Compare(tuple(operands), tuple(ops), SPAN)
        case "in":
            left = value(draw, depth - 1, env, payment)
            op = draw(st.sampled_from(["in", "not in"]))
            return ast.Compare((left, collection(draw, depth - 1, env, payment)), (op,), SPAN)
        case "and" | "or" as op:
            left = condition_of(draw, depth - 1, env, payment, element_bias=element_bias)
            return ast.BoolOp(op, left, condition_of(draw, depth - 1, env, payment, element_bias=element_bias), SPAN)
        case "not":
            return ast.Unary("not", condition_of(draw, depth - 1, env, payment), SPAN)
        case "quantifier":
            return quantifier(draw, depth, env, payment, condition=True)
        case _:
            return value(draw, depth - 1, env, payment)


def yaku_term(draw: Draw, depth: int) -> ast.Expr:
    """One term of a yaku's top-level `and`, often in a shape the split treats apart: a shape gate
    (`wait == ryanmen`, `count(runs) >= 2`), a kinds-held test (`all(tiles: simple)`,
    `count(triplets: dragon) >= 2`), or anything else."""
    shape = draw(st.sampled_from(["gate", "held", "held", "held", "counted", "counted", "any", "any"]))
    if shape == "gate":
        fact = draw(st.sampled_from(FLAG_FACTS + NUMBER_FACTS + ("count(runs)",)))
        left = ast.Call("count", (name("runs"),), None, SPAN) if fact == "count(runs)" else name(fact)
        return compare(left, draw(st.sampled_from(COMPARE_OPS)), num(draw(SMALL)))
    if shape in ("held", "counted"):
        source = draw(st.sampled_from(["groups", "tiles", "groups", "tiles", *sorted(COLLECTIONS)]))
        element = ELEMENT_OF[FACTS[source].type]
        variable = draw(st.sampled_from([None, None, "t"]))
        if draw(st.booleans()):  # one test of the element: what masks are made from
            predicate = element_test(draw, ((variable, element),), False)
        else:
            predicate = condition_of(draw, depth - 1, ((variable, element),), False, element_bias=True)
        argument = name(source) if variable is None else ast.Compare((name(variable), name(source)), ("in",), SPAN)
        function = "count" if shape == "counted" else draw(st.sampled_from(["any", "all"]))
        call = ast.Call(function, (argument,), predicate, SPAN)
        if shape == "counted":
            return compare(call, draw(st.sampled_from(COMPARE_OPS)), num(draw(st.integers(0, 4))))
        return call
    return condition_of(draw, depth, (), False)


@st.composite
def conditions(draw: Draw) -> ast.Expr:
    terms = [yaku_term(draw, draw(st.integers(1, 3))) for _ in range(draw(st.integers(1, 4)))]
    node = terms[0]
    for term in terms[1:]:
        node = ast.BoolOp("and", node, term, SPAN)
    return node


@st.composite
def values(draw: Draw, payment: bool = False) -> ast.Expr:
    return value(draw, draw(st.integers(1, 4)), (), payment)


# ------------------------------------------------------------------ the comparisons


def same(a: Any, b: Any) -> bool:
    """Equal values (arithmetic is exact, so there is no NaN or rounding to allow for); an evaluation
    stopped by the language's bounds on both sides is the same answer."""
    return bool(a == b)


class Stopped:
    """What an evaluation gives when the language's bounds stop it (`EvaluationError`)."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Stopped)

    __hash__ = None  # type: ignore[assignment]


def truth(value: Any) -> Any:
    return value if isinstance(value, Stopped) else bool(value)


def outcome(run: Callable[..., Any], *args: Any) -> Any:
    try:
        return run(*args)
    except EvaluationError:
        return Stopped()


def split_holds(split: Split, w: dict[str, Any]) -> bool:
    held = w[KINDS_HELD]
    return (
        (split.gate is None or bool(split.gate(w, ())))
        and not held & split.none_held
        and (not split.some_held or bool(held & split.some_held))
        and (split.residual is None or bool(split.residual(w, ())))
    )


REFUSED = ("E0307", "E0311", "E0312")


def compiled(make: Callable[[Compiler], Any], where: Scope) -> Any:
    compiler = Compiler(where)
    result = make(compiler)
    # a tree too costly to run (E0307, nested quantifiers over long ranges) or comparing unlike things
    # (E0311, E0312: the generator mixes numbers, tiles and names freely) is refused, not compiled
    assume(not any(d.code in REFUSED for d in compiler.diagnostics))
    assert not compiler.diagnostics, [d.message for d in compiler.diagnostics]
    return result


def shape(split: Split, w: dict[str, Any]) -> tuple[Any, ...]:
    """The values the gate says it reads: the scorer decides the gate once for each."""
    return tuple(len(w[r[1:]]) if r.startswith("#") else w[r] for r in sorted(split.reads))


def check_condition(node: ast.Expr) -> None:
    condition = compiled(lambda c: c.condition(node), scope())
    split = compiled(lambda c: split_condition(c, node), scope())
    gates: dict[tuple[Any, ...], bool] = {}
    for w in facts():
        expected = truth(outcome(evaluate, node, w, scope()))
        assert truth(outcome(condition, w, ())) == expected, f"whole condition: {unparse(node)}"
        assert truth(outcome(split_holds, split, w)) == expected, f"split condition: {unparse(node)}"
        if split.gate is not None:
            gate = gates.setdefault(shape(split, w), bool(split.gate(w, ())))
            assert bool(split.gate(w, ())) == gate, f"the gate reads more than {sorted(split.reads)}: {unparse(node)}"


def check_value(node: ast.Expr, where: Scope, wins: tuple[dict[str, Any], ...]) -> None:
    fn = compiled(lambda c: c.value(node), where)
    for w in wins:
        expected = outcome(evaluate, node, w, where)
        found = outcome(fn, w, ())
        assert same(found, expected), f"{unparse(node)} gives {found!r}, the reference {expected!r}"


@pure_only  # lang.expr's generated conditions stay interpreted (setup.py)
@pytest.mark.slow
@settings(max_examples=1500)
@given(conditions())
def test_random_conditions_whole_and_split_agree_with_the_reference(node: ast.Expr) -> None:
    """The conjunction, and each of its terms alone (a term that fails on every hand that tells a
    wrong mask from a right one would otherwise hide it)."""
    check_condition(node)
    while isinstance(node, ast.BoolOp) and node.op == "and":
        check_condition(node.right)
        node = node.left
        if not (isinstance(node, ast.BoolOp) and node.op == "and"):
            check_condition(node)


@pytest.mark.slow
@settings(max_examples=800)
@given(values())
def test_random_values_agree_with_the_reference(node: ast.Expr) -> None:
    check_value(node, scope(), facts())


@pytest.mark.slow
@settings(max_examples=300)
@given(values(payment=True))
def test_random_payment_formulas_agree_with_the_reference(node: ast.Expr) -> None:
    where = Scope(scope().settings, payment=True, variables=PAYMENT_VARIABLES)
    check_value(node, where, payment_facts())


# ------------------------------------------------------------------ trees the checker may refuse

JUNK = ("tsuumo", "foo", "suit", "kind", "number", "open", "x", "y")
"""Names that are nothing, or something only inside a quantifier, or bound only sometimes."""


@st.composite
def any_trees(draw: Draw, depth: int = 3) -> ast.Expr:
    """Any tree the parser could build from these words, well-typed or not."""
    if depth <= 0 or draw(st.integers(0, 3)) == 0:
        match draw(st.sampled_from(["num", "str", "tile", "name", "name", "name"])):
            case "num":
                return num(draw(st.sampled_from([0, 1, 2, 3.5, 9])))
            case "str":
                return ast.Str("tanki", SPAN)
            case "tile":
                return ast.TileLit(draw(st.integers(0, 33)), SPAN)
            case _:
                words = (*sorted(FACTS), *GROUP_ATTRIBUTES, *TILE_ATTRIBUTES, *sorted(CONSTANTS), *SETTINGS, *JUNK)
                return setting(draw) if draw(st.integers(0, 9)) == 0 else name(draw(st.sampled_from(words)))
    below = any_trees(depth - 1)
    match draw(
        st.sampled_from(["attribute", "call", "call", "list", "range", "unary", "binary", "compare", "bool", "if"])
    ):
        case "attribute":
            return ast.Attribute(draw(below), draw(st.sampled_from(("number", "dragon", "open", "red", "nope"))), SPAN)
        case "call":
            function = draw(st.sampled_from((*QUANTIFIERS_AND_FUNCTIONS, "cnt")))
            args = draw(st.lists(below, max_size=3))
            if args and draw(st.booleans()):
                args[0] = ast.Compare((name(draw(st.sampled_from(("x", "y")))), args[0]), ("in",), SPAN)
            return ast.Call(function, tuple(args), draw(st.none() | below), SPAN)
        case "list":
            return ast.ListExpr(tuple(draw(st.lists(below, max_size=3))), SPAN)
        case "range":
            return ast.Range(draw(below), draw(below), SPAN)
        case "unary":
            return ast.Unary(draw(st.sampled_from(["not", "-"])), draw(below), SPAN)
        case "binary":
            return ast.Binary(draw(st.sampled_from(["+", "-", "*", "/", "//", "%"])), draw(below), draw(below), SPAN)
        case "compare":
            operands = tuple(draw(st.lists(below, min_size=2, max_size=3)))
            ops = tuple(draw(st.sampled_from([*COMPARE_OPS, "in", "not in"])) for _ in operands[1:])
            return ast.Compare(operands, ops, SPAN)
        case "bool":
            return ast.BoolOp(draw(st.sampled_from(["and", "or"])), draw(below), draw(below), SPAN)
        case _:
            return ast.Conditional(draw(below), draw(below), draw(below), SPAN)


QUANTIFIERS_AND_FUNCTIONS = ("count", "any", "all", "sum", "max", "min", "distinct", "abs")


@pytest.mark.slow
@settings(max_examples=400)
@given(any_trees())
def test_the_checker_refuses_or_the_reference_agrees(node: ast.Expr) -> None:
    """Compiling never raises: a tree is refused with diagnostics, or it is one the reference evaluates,
    and then to the same answer (the checker and the semantics accept the same trees)."""
    compiler = Compiler(scope())
    condition = compiler.condition(node)
    split = split_condition(compiler, node)
    if compiler.diagnostics:
        return
    for w in facts()[::4]:
        expected = outcome(evaluate, node, w, scope())
        assert same(outcome(condition, w, ()), expected), unparse(node)
        if not isinstance(expected, Stopped):
            assert split_holds(split, w) == bool(expected), unparse(node)
