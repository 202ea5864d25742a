"""The expression language of yaku conditions, bonuses and payment formulas, compiled to closures
(never eval)."""

from variantlang.lang.expr.compiler import Compiler, Scope

__all__ = ["Compiler", "Scope"]
