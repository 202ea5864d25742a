"""Text → AST: the grammar, the parser and the tree builder. Nothing outside this package sees Lark."""

from variantlang.syntax.parser import parse

__all__ = ["parse"]
