"""A yaku condition cut the way the scorer runs it (`model.facts.Split`): a gate on shape facts, two
masks on the kinds the hand holds, and the residual that runs per hand.

Most yaku fail on most hands, and most fail for a reason a cheap test can see: the wrong wait, no
triplet, a terminal in the hand. The gate reads only facts with few values, so the scorer decides it
once per shape and remembers it; the masks are one machine-word test of `KINDS_HELD`. A mask may only
be derived from an attribute whose value the tile kind alone decides: the allow-lists below say which
those are, and anything else (the winds a group is valued by, whether it was called, a red five, an
attribute added later) makes `kinds_held_test` decline rather than guess.
"""

from __future__ import annotations

from collections.abc import Iterable

from variantlang.hand.decomposition import Group, GroupKind
from variantlang.hand.tiles import KINDS, YAOCHUU
from variantlang.lang.expr.codegen import REPORTED, Compiler
from variantlang.lang.expr.optimise import chain, flatten
from variantlang.lang.expr.types import Binding, Compiled, FactEquals
from variantlang.model.facts import (
    COLLECTIONS,
    ELEMENT_OF,
    FACTS,
    GROUP_ATTRIBUTES,
    TILE_ATTRIBUTES,
    TILE_INDEX,
    Split,
    T,
    group_element,
    tile_element,
)
from variantlang.syntax import ast

TILE_ATTRIBUTES_OF_KIND = ("tile", "suit", "number", "terminal", "honour", "yaochuu", "simple", "dragon", "wind")
"""Tile attributes that the kind alone decides (not `red`): `any(tiles: P)` needs a held kind passing P,
`all(tiles: P)` a hand holding no kind that fails it."""

GROUP_ATTRIBUTES_OF_GROUP = (
    "kind",
    "suit",
    "number",
    "tile",
    "terminal",
    "honour",
    "yaochuu",
    "simple",
    "dragon",
    "wind",
    "all_terminal",
    "all_yaochuu",
)
"""Group attributes that the group's tiles alone decide, not how it was won (`open`, `concealed`) or the
winds (`value`, `seat`, `round`): `all(groups: P)` implies which kinds the hand cannot hold."""

GROUP_ATTRIBUTES_OF_LOWEST_TILE = ("tile", "suit", "number", "honour", "dragon", "wind")
"""Group attributes that are the same attribute of the group's lowest tile, which the hand holds:
`any(triplets: P)` needs a held kind whose tile passes P."""

_EVERY_GROUP = [Group(GroupKind.SHUNTSU, k) for k in range(27) if k % 9 <= 6] + [
    Group(kind, k) for kind in (GroupKind.KOUTSU, GroupKind.KANTSU, GroupKind.TOITSU) for k in range(KINDS)
]


def split_condition(compiler: Compiler, node: ast.Expr, *, when: bool = False) -> Split:
    """A yaku condition as a shape gate, tests of the kinds held, and the rest. The `and` terms that
    read only shape facts form the gate, with the sizes the other terms imply (`count(triplets:
    dragon) == 3` needs `count(triplets) >= 3`, `any(triplets: …)` needs one triplet): a scorer
    decides the gate once per shape. Terms on which tile kinds the hand holds become two masks, a
    test of one machine word: `all(tiles: simple)` entirely, `any(triplets: tile == 5z)` as a
    quick necessary condition. The rest runs only where those hold. With `when`, the condition is a
    rule file's `when …`, which must be true or false. The whole is compiled (and its problems
    reported) once; its terms are the compiler's, already compiled."""
    whole = compiler.compile_value(node)
    if when:
        compiler.truth_value(node, whole)
    if not compiler.affordable(node, whole):
        return Split(None, frozenset(), REPORTED.fn, 0, 0)
    gates: list[Compiled] = []
    rest: list[Compiled] = []
    none_held = some_held = 0
    for term in flatten(node, "and"):
        held = kinds_held_test(compiler, term)
        if held is not None:
            mask, some, exact = held
            if not some:
                none_held |= mask
                if exact:
                    continue  # the kinds held decide the term itself
            elif not some_held:
                some_held = mask  # one necessary condition is enough to skip most hands
        compiled = compiler.compile_value(term)
        if compiled.reads is not None:
            gates.append(compiled)
            continue
        rest.append(compiled)
        implied = implied_size(term)
        size = compiler.compile_value(implied) if implied is not None else None
        if size is not None and size.reads is not None:
            gates.append(size)
    gate = chain(gates, "and") if gates else None
    residual = chain(rest, "and") if rest else None
    return Split(
        gate.fn if gate is not None else None,
        gate.reads or frozenset() if gate is not None else frozenset(),
        residual.fn if residual is not None else None,
        none_held,
        some_held,
    )


def kinds_held_test(compiler: Compiler, node: ast.Expr) -> tuple[int, bool, bool] | None:
    """(mask, whether some held kind must be in it, exact) for a term decided or implied by which
    kinds the hand holds: `all(tiles: simple)` exactly (no held kind outside the simples), and by
    implication `any(triplets: tile == 5z)` or `count(groups: dragon) >= 2` (the hand holds a tile
    that passes the same test) and `all(groups: yaochuu)` (it holds no kind that only groups
    failing the test contain: no 4, 5 or 6)."""
    quantified = _quantifier_over_collection(node)
    if quantified is None:
        return None
    call, predicate_node, source, variable = quantified
    element = ELEMENT_OF[FACTS[source.id].type]
    scratch = compiler.fresh()  # its diagnostics are reported when the whole term is compiled
    predicate = scratch.compile_value(predicate_node, (Binding(variable, element, 0),))
    if scratch.diagnostics or predicate.test is None or predicate.test[0] != 0:
        return None
    _, index, check = predicate.test
    if isinstance(check, FactEquals):
        return None
    name = (TILE_ATTRIBUTES if element is T.TILE else GROUP_ATTRIBUTES)[index]
    test = check if check is not None else bool
    if call.function == "all" and element is T.GROUP:
        if source.id != "groups" or name not in GROUP_ATTRIBUTES_OF_GROUP:
            return None
        # every tile is in some group, except a thirteen-orphans hand's twelve singles, all 么九
        covered = {k for group in _EVERY_GROUP if test(group_element(group, True, -1, -1)[index]) for k in group.kinds}
        return _kinds_mask(k not in covered and k not in YAOCHUU for k in range(KINDS)), False, False
    if name not in (TILE_ATTRIBUTES_OF_KIND if element is T.TILE else GROUP_ATTRIBUTES_OF_LOWEST_TILE):
        return None
    passing = [test(tile_element(k)[TILE_INDEX[name]]) for k in range(KINDS)]
    if call.function == "all":
        exact = element is T.TILE and call is node
        return (_kinds_mask(not p for p in passing), False, True) if exact else None
    return _kinds_mask(passing), True, False


def _quantifier_over_collection(node: ast.Expr) -> tuple[ast.Call, ast.Expr, ast.Name, str | None] | None:
    """(the call, its condition, the collection, the bound name) when `node` is `any`/`all`/`count` with a condition
    over one of the win's collections (not `nuki`), alone or compared as `implied_size` reads it."""
    call = node.operands[0] if isinstance(node, ast.Compare) and implied_size(node) is not None else node
    if not isinstance(call, ast.Call) or call.function not in ("any", "all", "count"):
        return None
    predicate = call.predicate
    if predicate is None or len(call.args) != 1:
        return None
    source, variable = call.args[0], None
    if isinstance(source, ast.Compare) and source.ops == ("in",):
        bound_name = source.operands[0]
        if not isinstance(bound_name, ast.Name):
            return None
        source, variable = source.operands[1], bound_name.id
    if not isinstance(source, ast.Name) or source.id not in COLLECTIONS or source.id == "nuki":
        return None
    return call, predicate, source, variable


def _kinds_mask(members: Iterable[bool]) -> int:
    """A `KINDS_HELD` mask: byte k set for each member kind k."""
    return sum(0xFF << 8 * k for k, member in enumerate(members) if member)


def implied_size(node: ast.Expr) -> ast.Expr | None:
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
