"""The Lark parser, built once, and the translation of its errors into diagnostics."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

from lark import Lark, Token, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from variantlang.diagnostics import Diagnostic, DiagnosticError, Span
from variantlang.syntax import ast
from variantlang.syntax.build import BuildError, build

MAX_FILE_BYTES = 256 * 1024
"""A rule file is a page or two of text; anything far larger is refused before parsing."""

MAX_BRACKET_DEPTH = 32

_FRIENDLY = {
    "NAME": "a name",
    "STRING": 'a quoted string ("…")',
    "NUMBER": "a number",
    "TILES": "a tile (like 5m)",
    "KANJI": "a tile (like 東)",
    "_NL": "the end of the line",
    "SEMICOLON": "`;`",
    "LBRACE": "`{`",
    "RBRACE": "`}`",
    "LPAR": "`(`",
    "RPAR": "`)`",
    "LSQB": "`[`",
    "RSQB": "`]`",
    "EQUAL": "`=`",
    "COLON": "`:`",
    "COMMA": "`,`",
    "ARROW": "`->`",
    "WHEN": "`when`",
    "MINUS": "`-`",
    "SLASH": "`/`",
    "YAKUMAN": "`yakuman`",
    "LIMIT": "a limit (`mangan`, `haneman`, `baiman`, `sanbaiman`)",
    "VARIANT": "`variant`",
    "$END": "the end of the file",
}


CONTINUES = frozenset(
    {
        "and",
        "or",
        "not",
        "if",
        "else",
        "when",
        "in",
        "+",
        "*",
        "/",
        "//",
        "%",
        "**",
        "==",
        "!=",
        "<=",
        ">=",
        "<",
        ">",
        "=",
        "->",
        ":",
        ",",
    }
)
"""A line that ends with one of these, or a line that starts with one (but `not`), goes on. A trailing
`-` does not join: it ends a closed-only han value such as `1/-`."""
STARTS_CONTINUATION = CONTINUES - {"not"}


class _PostLexer:
    """Joins lines that continue an expression (inside () and [], or next to an operator such as
    `and` at either end of the break), and bounds bracket nesting."""

    always_accept = ("_NL",)

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        depth = 0
        pending: Token | None = None
        previous: Token | None = None
        for token in stream:
            if token.type == "_NL":
                if not depth and pending is None:
                    pending = token
                continue
            if pending is not None:
                joins = str(token) in STARTS_CONTINUATION or (previous is not None and str(previous) in CONTINUES)
                if not joins:
                    yield pending
                pending = None
            if token.type in ("LPAR", "LSQB"):
                depth += 1
                if depth > MAX_BRACKET_DEPTH:
                    raise _TooDeep(token)
            elif token.type in ("RPAR", "RSQB"):
                depth = max(0, depth - 1)
            yield token
            previous = token
        if pending is not None:
            yield pending


class _TooDeep(Exception):
    def __init__(self, token: Token) -> None:
        super().__init__("brackets nested too deep")
        self.token = token


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark.open(
        str(Path(__file__).with_name("grammar.lark")),
        parser="lalr",
        lexer="basic",  # the post-lexer looks one token ahead, which the contextual lexer cannot follow
        propagate_positions=True,
        maybe_placeholders=True,
        postlex=_PostLexer(),
    )


def too_large(path: str, text: str) -> DiagnosticError:
    """E0004, with the start of the file (`text`) to show its first line."""
    where = Span(path, 1, 1, 1, 2)
    return DiagnosticError(
        [Diagnostic("E0004", f"file is larger than {MAX_FILE_BYTES // 1024} KiB", where)], {path: text}
    )


def parse(text: str, path: str) -> ast.VariantFile:
    """Parse one file's text. Raises `DiagnosticError` with the syntax error, pointing at the token."""
    if len(text.encode("utf-8")) > MAX_FILE_BYTES:
        raise too_large(path, text)
    try:
        tree = _parser().parse(text)
        return build(tree, path)
    except UnexpectedInput as error:
        raise DiagnosticError([_syntax_diagnostic(error, text, path)], {path: text}) from None
    except BuildError as error:
        raise DiagnosticError([error.diagnostic], {path: text}) from None
    except _TooDeep as error:
        span = _token_span(error.token, path)
        raise DiagnosticError(
            [Diagnostic("E0006", f"brackets nested more than {MAX_BRACKET_DEPTH} deep", span)], {path: text}
        ) from None


def comments(text: str) -> list[tuple[int, int, str]]:
    """Every comment of a text that parses, as (line, column, text): the parser drops them, the formatter
    (`variantlang lsp`) puts them back."""
    return [(t.line or 1, t.column or 1, str(t)) for t in _parser().lex(text, dont_ignore=True) if t.type == "COMMENT"]


def _token_span(token: Token, path: str) -> Span:
    line, column = token.line or 1, token.column or 1
    return Span(path, line, column, token.end_line or line, token.end_column or column + 1)


def _expected(names: set[str]) -> str:
    if {"YAKUMAN", "NAME"} <= names and "TILES" not in names:  # a yaku's value: a word there is a limit
        names = (names - {"NAME"}) | {"LIMIT"}
    friendly = sorted({_FRIENDLY.get(n, f"`{n.lower()}`") for n in names if not n.startswith("__")})
    if len(friendly) > 6:
        friendly = [*friendly[:6], "…"]
    return ", ".join(friendly)


def _syntax_diagnostic(error: UnexpectedInput, text: str, path: str) -> Diagnostic:
    if isinstance(error, UnexpectedCharacters):
        position = error.pos_in_stream or 0
        char = text[position] if position < len(text) else ""
        span = Span(path, error.line, error.column, error.line, error.column + 1)
        allowed = set(error.allowed or ())
        hint = f"expected {_expected(allowed)}" if 0 < len(allowed) <= 8 else "remove it; text goes in quotes"
        return Diagnostic("E0002", f"unexpected character {char!r}", span, help=hint)
    if isinstance(error, UnexpectedEOF) or (isinstance(error, UnexpectedToken) and error.token.type == "$END"):
        lines = text.splitlines() or [""]
        span = Span(path, len(lines), len(lines[-1]) + 1, len(lines), len(lines[-1]) + 2)
        expected = getattr(error, "expected", None) or ()
        return Diagnostic(
            "E0003",
            "the file ends in the middle of a statement",
            span,
            help=f"expected {_expected(set(expected))}" if expected else "a `}` may be missing",
        )
    assert isinstance(error, UnexpectedToken)
    token = error.token
    span = _token_span(token, path)
    shown = "end of line" if token.type == "_NL" else f"`{token}`"
    return Diagnostic("E0001", f"unexpected {shown}", span, help=f"expected {_expected(set(error.expected))}")
