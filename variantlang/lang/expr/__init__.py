"""The expression language of yaku conditions, bonuses and payment formulas, compiled to closures
(never eval).

    types        what the compiler records of an expression (`Compiled`), the `Scope`, bindings
    vocabulary   what the functions, quantifiers, operators and ambiguous words mean
    closures     the plain closure of each construct
    codegen      the `Compiler`: names resolved, types checked, closures generated
    optimise     fast paths: `and` chains cheapest first, inline comparisons, C-level quantifiers
    split        a yaku condition as the scorer runs it: shape gate, kinds-held masks, residual
    reference    a plain tree-walking evaluator: the semantics, and the oracle of the tests
"""

from variantlang.lang.expr.codegen import Compiler
from variantlang.lang.expr.types import Scope

__all__ = ["Compiler", "Scope"]
