"""The expression language of yaku conditions, bonuses and payment formulas, compiled to closures
(never eval), and evaluated plainly by a reference evaluator that states what every construct means.

    types        what the compiler records of an expression (`Compiled`), the `Scope`, bindings
    vocabulary   what the functions, quantifiers, operators and ambiguous words mean
    closures     the plain closure of each construct
    codegen      the `Compiler`: names resolved, types checked, closures generated
    optimise     fast paths: `and` chains cheapest first, inline comparisons, C-level quantifiers
    split        a yaku condition as the scorer runs it: shape gate, kinds-held masks, residual
    reference    a tree-walking evaluator without optimisation: the semantics, and the tests' oracle
"""

from variantlang.lang.expr.codegen import Compiler
from variantlang.lang.expr.reference import Unchecked, evaluate
from variantlang.lang.expr.split import (
    GROUP_ATTRIBUTES_OF_GROUP,
    GROUP_ATTRIBUTES_OF_LOWEST_TILE,
    TILE_ATTRIBUTES_OF_KIND,
)
from variantlang.lang.expr.types import Scope

__all__ = [
    "GROUP_ATTRIBUTES_OF_GROUP",
    "GROUP_ATTRIBUTES_OF_LOWEST_TILE",
    "TILE_ATTRIBUTES_OF_KIND",
    "Compiler",
    "Scope",
    "Unchecked",
    "evaluate",
]
