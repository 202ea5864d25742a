"""Text → AST: the grammar, the parser and the tree builder. Nothing outside this package sees Lark."""

from .parser import parse

__all__ = ["parse"]
