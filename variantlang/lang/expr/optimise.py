"""The fast paths: closures that compute what the plain ones in `closures` would, with fewer Python calls.

A self-play scores millions of wins and every yaku condition runs on each reading, so the shapes rule
files use most get closures of their own: `and`/`or` chains run cheapest first with constants folded
away and `fact OP constant` tests inlined (`chain`); `x OP constant` reads a fact or a collection's
size inline (`compare_constant`); quantifiers whose test reads one attribute of the element run as
C-level `map` chains (`mapped_quantifier`) or pick the elements with `compress` before the rest of the
condition runs (`filtered`). Expressions are pure, so none of this may change a result; the reference
evaluator (`reference`) is what the tests hold every fast path to.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable
from functools import partial
from itertools import compress
from typing import Any

from variantlang.lang.expr.closures import constant
from variantlang.lang.expr.types import Compiled, ConstList, FactEquals, IntRange, members_of
from variantlang.lang.expr.vocabulary import COMPARISONS, MIRRORED
from variantlang.model.facts import Fn, T
from variantlang.syntax import ast


def flatten(node: ast.Expr, op: str) -> list[ast.Expr]:
    """`a and b and c` as [a, b, c] (the parser nests them to the left)."""
    if isinstance(node, ast.BoolOp) and node.op == op:
        return flatten(node.left, op) + flatten(node.right, op)
    return [node]


def reads(*parts: Compiled) -> frozenset[str] | None:
    """What a combination of `parts` reads: the union, or None when any part reads more than shape facts."""
    found: frozenset[str] = frozenset()
    for part in parts:
        if part.reads is None:
            return None
        found |= part.reads
    return found


# ------------------------------------------------------------------ and / or


def chain(terms: list[Compiled], op: str) -> Compiled:
    """`a and b and c` (or `or`) in one closure chain, cheapest term first (expressions are pure);
    constants decide or drop out: `closed or kuitan` with kuitan on is simply true. The chain gives
    true or false whatever its terms are (`suits and 2m` is true, not 3), which is what makes the
    reordering invisible; terms that are not already true or false cost one `bool` call at the end."""
    deciding = op == "or"
    if any(t.constant and bool(t.fn(None, ())) == deciding for t in terms):
        return constant(deciding)
    compiled = sorted((t for t in terms if not t.constant), key=lambda c: c.cost)
    if not compiled:
        return constant(not deciding)
    if len(compiled) == 1:
        return compiled[0] if compiled[0].boolean else _truth(compiled[0])
    fn = compiled[-1].fn
    for term in reversed(compiled[:-1]):
        if op == "and" and term.gate is not None:
            fn = _gated(term.gate[1], term.gate[0], term.gate[2], fn)
        else:
            fn = _both(term.fn, fn) if op == "and" else _either(term.fn, fn)
    if not all(c.boolean for c in compiled):
        fn = _as_bool(fn)
    return Compiled(fn, T.VALUE, sum(c.cost for c in compiled) + 1, reads=reads(*compiled), boolean=True)


def _truth(term: Compiled) -> Compiled:
    """`term` as true or false; a bare attribute test stays one for the fast quantifiers."""
    test = (term.test[0], term.test[1], bool) if term.test and not term.test[2] else None
    return Compiled(_as_bool(term.fn), T.VALUE, term.cost + 1, test=test, reads=term.reads, boolean=True)


def _as_bool(f: Fn) -> Fn:
    return lambda w, e: bool(f(w, e))


def _both(f: Fn, g: Fn) -> Fn:
    return lambda w, e: f(w, e) and g(w, e)


def _either(f: Fn, g: Fn) -> Fn:
    return lambda w, e: f(w, e) or g(w, e)


def _gated(op: str, name: str, constant: Any, rest: Fn) -> Fn:
    """`fact OP constant and rest` in one closure: the cheap test first, without a call of its own."""
    compare = COMPARISONS[op]
    return lambda w, e: compare(w[name], constant) and rest(w, e)


# ------------------------------------------------------------------ comparisons


def compare_constant(left: Compiled, op: str, right: Compiled) -> Compiled | None:
    """`x OP constant`, the commonest comparison, in one closure; element tests keep their shape."""
    value = right.fn(None, ())
    if op in ("in", "not in"):
        if not isinstance(value, (ConstList, IntRange)):
            return None
        members = members_of(value)
        f = left.fn
        test = (
            (left.test[0], left.test[1], members.__contains__)
            if left.test and not left.test[2] and op == "in"
            else None
        )
        if op == "in":
            return Compiled(
                lambda w, e: f(w, e) in members, T.VALUE, left.cost + 1, test=test, reads=left.reads, boolean=True
            )
        return Compiled(lambda w, e: f(w, e) not in members, T.VALUE, left.cost + 1, reads=left.reads, boolean=True)
    test = (left.test[0], left.test[1], _element_test(op, value)) if left.test and not left.test[2] else None
    if left.fact is not None:
        return Compiled(
            _fact_compare(op, left.fact, value),
            T.VALUE,
            left.cost + 1,
            test=test,
            gate=(left.fact, op, value),
            reads=left.reads,
            boolean=True,
        )
    if left.length is not None:
        return Compiled(_length_compare(op, left.length, value), T.VALUE, left.cost, reads=left.reads, boolean=True)
    return Compiled(_any_compare(op, left.fn, value), T.VALUE, left.cost + 1, test=test, reads=left.reads, boolean=True)


def _fact_compare(op: str, name: str, constant: Any) -> Fn:
    compare = COMPARISONS[op]
    return lambda w, e: compare(w[name], constant)


def _length_compare(op: str, name: str, constant: Any) -> Fn:
    compare = COMPARISONS[op]
    return lambda w, e: compare(len(w[name]), constant)


def _any_compare(op: str, f: Fn, constant: Any) -> Fn:
    compare = COMPARISONS[op]
    return lambda w, e: compare(f(w, e), constant)


def _element_test(op: str, constant: Any) -> Callable[[Any], Any]:
    """`attribute OP constant` as a C-level one-argument test (`partial(operator.gt, 3)` is `x < 3`)."""
    return partial(MIRRORED[op], constant)


def fact_equals(left: Compiled, right: Compiled) -> Compiled | None:
    """`attribute == fact` on a bound element (`tile == seat_wind`): a test against a fact, which the
    quantifier reads once instead of once per element."""
    if right.fact is None or not left.test or left.test[2]:
        return None
    slot, index, _ = left.test
    name, left_fn = right.fact, left.fn
    return Compiled(
        lambda w, e: left_fn(w, e) == w[name],
        T.VALUE,
        left.cost + 2,
        test=(slot, index, FactEquals(name)),
        boolean=True,
    )


# ------------------------------------------------------------------ quantifiers


def mapped_quantifier(name: str, source: Compiled, predicate: Compiled | None, slot: int) -> Fn | None:
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
        return None if check is not None else _distinct(get, fact, src)
    if isinstance(check, FactEquals):
        return _equal_to_fact(name, get, src, check.name)
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


def _distinct(get: Callable[[Any], Any], fact: str | None, src: Fn) -> Fn:
    """`distinct(C: attribute)`: how many values the attribute takes."""
    if fact is not None:
        return lambda w, e: len(set(map(get, w[fact])))
    return lambda w, e: len(set(map(get, src(w, e))))


def _equal_to_fact(name: str, get: Callable[[Any], Any], src: Fn, wanted: str) -> Fn:
    """count/any/all of elements whose attribute equals a fact of the win (`tile == seat_wind`)."""
    if name == "any":
        return lambda w, e: w[wanted] in map(get, src(w, e))
    if name == "count":
        return lambda w, e: list(map(get, src(w, e))).count(w[wanted])
    return lambda w, e: all(map(partial(operator.eq, w[wanted]), map(get, src(w, e))))


def filtered(name: str, src: Fn, terms: list[Compiled], slot: int) -> Fn | None:
    """`any`/`count` whose condition is an `and` of `terms` starting with tests of one attribute of the
    element (`any(r in runs: r.number == 1 and …)`): the elements are picked by C-level `compress` over
    those tests, and the rest of the condition runs only for the picked ones."""
    if name not in ("any", "count"):
        return None
    picks = [_element_pick(t, slot) for t in terms]
    tests = [t.test for t, pick in zip(terms, picks, strict=True) if pick and t.test]
    if not tests:
        return None
    select = _selector([(operator.itemgetter(index), check) for _, index, check in tests])
    rest = [t for t, pick in zip(terms, picks, strict=True) if not pick]
    if not rest:
        if name == "any":
            return lambda w, e: any(True for _ in select(src(w, e)))
        return lambda w, e: len(list(select(src(w, e))))
    more = chain(rest, "and").fn
    if name == "any":
        return lambda w, e: any(more(w, (*e, x)) for x in select(src(w, e)))
    return lambda w, e: sum(1 for x in select(src(w, e)) if more(w, (*e, x)))


def _element_pick(term: Compiled, slot: int) -> bool:
    """Whether `term` tests one attribute of the element at `slot` with a test `compress` can run."""
    return bool(term.test and term.test[0] == slot and not isinstance(term.test[2], FactEquals))


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
