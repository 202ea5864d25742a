"""Where the cursor is in a rule file that is being typed, so most likely does not parse: the blocks around
it (`variant`, a section, `yaku`, `family`), the statement so far and the word under it.

A small scanner of its own, forgiving where the grammar's lexer stops at the first bad character; it
follows the grammar's rules for where a statement ends (`;`, or a line break outside brackets that no
operator continues: `syntax.parser.CONTINUES`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from variantlang.syntax.parser import CONTINUES, STARTS_CONTINUATION

_TOKEN = re.compile(
    r"""(?P<comment>\#[^\n]*)
      | (?P<string>"(?:[^"\\\n]|\\.)*"?)
      | (?P<newline>\n)
      | (?P<space>[ \t\r\f]+)
      | (?P<word>[A-Za-z0-9_]+|[東南西北白發発中])
      | (?P<op>==|!=|<=|>=|//|\*\*|->|\.\.|[{}()\[\];,:.=<>+\-*/%])
      | (?P<other>.)""",
    re.VERBOSE,
)
WORD = re.compile(r"[A-Za-z0-9_]+|[東南西北白發発中]")


@dataclass
class Cursor:
    """What surrounds a position: enclosing blocks (outermost first), the current statement's tokens
    before the word being typed, and that word's part before the cursor."""

    blocks: list[str] = field(default_factory=list)
    statement: list[str] = field(default_factory=list)
    prefix: str = ""

    @property
    def block(self) -> str:
        return self.blocks[-1] if self.blocks else ""

    @property
    def in_expression(self) -> bool:
        """Inside a `when` condition or on the right of `=` (a formula, a bonus)."""
        return "when" in self.statement or "=" in self.statement

    @property
    def attribute_of(self) -> str | None:
        """`r` when the cursor is after `r.`."""
        if len(self.statement) >= 2 and self.statement[-1] == ".":
            return self.statement[-2]
        return None


def offset(text: str, line: int, character: int) -> int:
    """The index in `text` of a 0-based line and character (code points)."""
    lines = text.split("\n")
    line = min(line, len(lines) - 1)
    return sum(len(lines[i]) + 1 for i in range(line)) + min(character, len(lines[line]))


def cursor(text: str, at: int) -> Cursor:
    """The context of position `at` (an index into `text`)."""
    state = Cursor()
    depth = 0
    pending = False
    previous = ""
    before = text[:at]
    match = re.search(r"[A-Za-z0-9_]*$", before)
    state.prefix = match.group(0) if match else ""
    for token in _TOKEN.finditer(before[: len(before) - len(state.prefix)]):
        kind, value = token.lastgroup, token.group()
        if kind in ("comment", "space"):
            continue
        if kind == "newline":
            pending = pending or depth == 0
            continue
        if pending and value not in STARTS_CONTINUATION and previous not in CONTINUES:
            state.statement = []
        pending = False
        previous = value
        if value == "{":
            head = state.statement
            state.blocks.append(head[0] if head and head[0] in ("variant", "family") else head[0] if head else "")
            state.statement = []
        elif value == "}":
            if state.blocks:
                state.blocks.pop()
            state.statement = []
        elif value == ";":
            state.statement = []
        else:
            depth += value in ("(", "[")
            depth -= depth > 0 and value in (")", "]")
            state.statement.append(value)
    if pending and previous not in CONTINUES:
        state.statement = []
    return state


def word_at(text: str, at: int) -> tuple[str, int, int] | None:
    """The name, number or tile under position `at`, with where it starts and ends; a variant name after
    `extends` keeps its hyphens (`standard-sanma`)."""
    line_start = text.rfind("\n", 0, at) + 1
    line_end = text.find("\n", at)
    line = text[line_start : line_end if line_end >= 0 else len(text)]
    extends = re.match(r"(\s*extends\s+)([A-Za-z0-9_-]+)", line)
    found_all = [extends] if extends else list(WORD.finditer(line))
    group = 2 if extends else 0
    for found in found_all:
        if found.start(group) <= at - line_start <= found.end(group):
            return found.group(group), line_start + found.start(group), line_start + found.end(group)
    return None
