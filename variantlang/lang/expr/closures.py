"""The plain closures an expression compiles to: one small function per construct, each taking the win's
facts and the elements bound by enclosing quantifiers, `f(win, env)`.

These are the straightforward translations the compiler falls back on; the fast paths that replace
some of them live in `optimise`. Each builder is a function of its own (not a lambda written inline
in the compiler) so that a closure captures only the values it needs, not the compiler's frame.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from variantlang.lang.expr.types import Compiled, members_of
from variantlang.lang.expr.vocabulary import D
from variantlang.model.facts import BUILD, GROUP_INDEX, TILE_INDEX, Env, EvaluationError, Fn, T


def const(value: Any) -> Fn:
    return lambda w, e: value


def constant(value: Any, type: T = T.VALUE, domain: D = D.ANY) -> Compiled:
    """A value known when the expression is compiled (a shape gate that reads nothing)."""
    if isinstance(value, bool):
        domain = D.FLAG
    return Compiled(const(value), type, 0, True, reads=frozenset(), boolean=isinstance(value, bool), domain=domain)


def slot(slot: int) -> Fn:
    return lambda w, e: e[slot]


def element_attribute(slot: int, index: int) -> Fn:
    return lambda w, e: e[slot][index]


def variable(slot: int) -> Fn:
    return lambda w, e: w["vars"][slot]


def lazy_fact(name: str) -> Fn:
    def get(w: Any, e: Env) -> Any:
        value = w.get(name)
        if value is None:
            value = w[name] = w[BUILD](name)
        return value

    return get


def fact(name: str) -> Fn:
    return lambda w, e: w[name]


def arithmetic(op: Callable[[Any, Any], Any], left: Fn, right: Fn, where: str) -> Fn:
    """`left OP right`; an `EvaluationError` from the innermost operation that failed carries its place."""

    def run(w: Any, e: Env) -> Any:
        try:
            return op(left(w, e), right(w, e))
        except EvaluationError as error:
            if error.where is None:
                raise EvaluationError(error.message, where) from None
            raise

    return run


def pairwise(compare: Callable[[Any, Any], bool], left: Fn, right: Fn) -> Fn:
    return lambda w, e: compare(left(w, e), right(w, e))


def membership(left: Fn, right: Fn, collection: Compiled, *, negate: bool) -> Fn:
    if collection.constant:
        members = members_of(collection.fn(None, ()))
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


QUANTIFIER_CLOSURES: dict[str, Callable[[Fn, Fn | None], Fn]] = {
    "count": _count,
    "any": _any,
    "all": _all,
    "sum": _sum,
    "max": _maximum,
    "min": _minimum,
    "distinct": _distinct,
}
"""Each of `vocabulary.QUANTIFIERS` as a closure over the collection and the per-element predicate,
which runs with the element appended to the environment."""
