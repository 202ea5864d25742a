"""The canonical layout of a rule file, written from the project's own syntax tree.

One statement a line, two spaces of indentation a block, single spaces, expressions as `unparse` writes
them (a condition longer than `WIDTH` is broken before an `and` or `or`, inside a quantifier aligned after
its bracket), at most one blank line in a row and none at the start or end of a block. Tokens a value is
written with are kept (`北`, `1/1`), and so is every comment: a comment alone on its line stays before
the statement it precedes, a comment after code stays after that statement, in its column when there is
room. The result is parsed again and must give the same tree, or nothing is changed (`FormatError`).
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Any

from variantlang.diagnostics import Span
from variantlang.syntax import ast, parse
from variantlang.syntax.parser import comments
from variantlang.syntax.unparse import chain, unparse

WIDTH = 120
"""The line length the project's code and rule files keep to."""
INDENT = "  "


class FormatError(Exception):
    """The layout would change what the file says (a bug in the formatter): the file is left as it is."""


@dataclass
class _Unit:
    """Lines written for one thing of the file, and the lines of the source it came from."""

    lines: list[str]
    start: int
    end: int
    role: str
    """`statement`, `open` (a block's first line) or `close` (its `}`)."""
    depth: int


def format_text(text: str, path: str = "<string>") -> str:
    """`text` in the canonical layout; `DiagnosticError` when it does not parse, `FormatError` when the
    layout would not keep its meaning."""
    file = parse(text, path)
    source = text.splitlines()
    units = _Writer(source).file(file)
    result = _weave(units, comments(text), source)
    again = parse(result, path)
    if _shape(again) != _shape(file) or len(comments(result)) != len(comments(text)):
        raise FormatError("the canonical layout would change the file's meaning; it is left as it is")
    return result


def _shape(node: Any) -> Any:
    """A syntax tree without its positions: two layouts of one file have the same shape."""
    if isinstance(node, Span):
        return None
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return (type(node).__name__, *(_shape(getattr(node, f.name)) for f in dataclasses.fields(node)))
    if isinstance(node, tuple | list):
        return tuple(_shape(item) for item in node)
    return node


class _Writer:
    """Turns the tree into units, in the order of the source."""

    def __init__(self, source: list[str]) -> None:
        self.source = source
        self.units: list[_Unit] = []

    def file(self, file: ast.VariantFile) -> list[_Unit]:
        names = " ".join(_quote(n) for n in (file.name_ja, file.name_en) if n is not None)
        self._open(f"variant {names} {{", file.span.line, 0)
        items: list[ast.Extends | ast.Section | ast.YakuSection] = [*file.extends, *file.sections, *file.yaku]
        for item in sorted(items, key=lambda i: (i.span.line, i.span.column)):
            if isinstance(item, ast.Extends):
                target = _quote(item.target) if item.is_path else item.target
                self._statement([f"{INDENT}extends {target}"], item.span)
            elif isinstance(item, ast.Section):
                self._block(item.name, item.span, list(item.statements), 1)
            else:
                self._block("yaku", item.span, list(item.items), 1)
        self._close(file.span.end_line, 0)
        return self.units

    def _open(self, text: str, line: int, depth: int) -> None:
        self.units.append(_Unit([INDENT * depth + text], line, line, "open", depth))

    def _close(self, line: int, depth: int) -> None:
        self.units.append(_Unit([INDENT * depth + "}"], line, line, "close", depth))

    def _statement(self, lines: list[str], span: Span) -> None:
        depth = (len(lines[0]) - len(lines[0].lstrip(" "))) // len(INDENT)
        self.units.append(_Unit(lines, span.line, span.end_line, "statement", depth))

    def _block(self, head: str, span: Span, children: list[Any], depth: int) -> None:
        if not children:
            self.units.append(_Unit([f"{INDENT * depth}{head} {{}}"], span.line, span.end_line, "statement", depth))
            return
        self._open(f"{head} {{", span.line, depth)
        for child in children:
            if isinstance(child, ast.Family):
                name = f" {_quote(child.name)}" if child.name is not None else ""
                name += f" {_quote(child.name_en)}" if child.name_en is not None else ""
                self._block(f"family {child.id}{name}", child.span, list(child.members), depth + 1)
            else:
                self._statement(self._lines(child, INDENT * (depth + 1)), child.span)
        self._close(span.end_line, depth)

    def _lines(self, node: Any, indent: str) -> list[str]:
        """One statement's lines."""
        cont = indent + INDENT
        match node:
            case ast.Setting(key=key, values=values, condition=condition):
                head = " ".join([key, *(self._value(v) for v in values)])
                return _when([indent + head], condition, cont)
            case ast.Assignment(name=name, expr=expr, condition=condition):
                return _when(_lay(f"{indent}{name} = ", expr, cont), condition, cont)
            case ast.YakuDef():
                house = "house " if node.house else ""
                names = " ".join(_quote(n) for n in (node.name_ja, node.name_en) if n is not None)
                flag = " with_yakuman" if node.with_yakuman else ""
                head = f"{indent}{house}{node.id} {names} {self._han(node.han)}{flag}"
                return _when([head], node.condition, cont)
            case ast.Bonus():
                names = " ".join(_quote(n) for n in (node.name_ja, node.name_en) if n is not None)
                unit = " chips" if node.chips else ""
                lines = _when(_lay(f"{indent}bonus {node.id} {names}{unit} = ", node.value, cont), node.condition, cont)
                if node.with_yakuman:
                    lines[-1] += " with_yakuman"
                return lines
            case ast.Drop(ids=ids):
                return [f"{indent}drop " + " ".join(i for i, _ in ids)]
            case ast.Example(id=example_id, hand=hand, options=options):
                return [" ".join([f"{indent}example {example_id}", _quote(hand), *(self._value(v) for v in options)])]
        raise TypeError(f"not a statement: {node!r}")

    def _value(self, value: ast.Value) -> str:
        match value:
            case ast.Number(value=number, span=span):
                return unparse(ast.Num(number, span))
            case ast.Text(value=text, span=span):
                return unparse(ast.Str(text, span))
            case ast.Word(value=word):
                return word
            case ast.Tiles(span=span):
                return self._slice(span)
            case ast.Cycle(span=span):
                return " -> ".join(step.strip() for step in self._slice(span).split("->"))
        raise TypeError(f"not a value: {value!r}")

    def _han(self, han: ast.Han) -> str:
        if han.limit:
            return han.limit
        if han.yakuman:
            return "yakuman" if han.yakuman == 1 else f"yakuman {han.yakuman}"
        if han.open is None:
            return f"{han.closed}/-"
        if han.open != han.closed or "/" in self._slice(han.span):
            return f"{han.closed}/{han.open}"
        return str(han.closed)

    def _slice(self, span: Span) -> str:
        """The source text of a span on one line (a value token as its author wrote it)."""
        return self.source[span.line - 1][span.column - 1 : span.end_column - 1]


def _quote(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _when(lines: list[str], condition: ast.Expr | None, cont: str) -> list[str]:
    """`lines` with ` when condition` after the last of them, or on a line of its own when that takes fewer
    lines (`when` at the start of a line continues the statement)."""
    if condition is None:
        return lines
    same = _lay(f"{lines[-1]} when ", condition, cont)
    below = _lay(f"{cont}when ", condition, cont + INDENT) if len(same) > 1 else same
    return [*lines[:-1], *same] if len(same) <= len(below) else [*lines, *below]


def _lay(prefix: str, node: ast.Expr, cont: str) -> list[str]:
    """`prefix` and the expression as lines: one when it fits in `WIDTH`; else broken before the operators
    of an `and` / `or` chain (as few lines as fit, each continuation starting with the operator, which
    the grammar joins to the line before), or inside a quantifier's brackets aligned after `(`."""
    text = unparse(node)
    if len(prefix) + len(text) <= WIDTH:
        return [prefix + text]
    if isinstance(node, ast.Call) and node.predicate is not None:
        head = f"{node.function}(" + ", ".join(unparse(a) for a in node.args) + ": "
        inner = _lay(prefix + head, node.predicate, " " * (len(prefix) + len(node.function) + 1))
        return [*inner[:-1], inner[-1] + ")"]
    if not isinstance(node, ast.BoolOp):
        return [prefix + text]
    lines: list[str] = []
    line = prefix
    for index, (operand, bracketed) in enumerate(chain(node)):
        piece = f"({unparse(operand)})" if bracketed else unparse(operand)
        lead = f" {node.op} " if index else ""
        if index and len(line) + len(lead) + len(piece) > WIDTH:
            lines.append(line)
            line, lead = cont, f"{node.op} "
        if bracketed or len(line) + len(lead) + len(piece) <= WIDTH:
            line += lead + piece
        else:
            *done, line = _lay(line + lead, operand, cont)
            lines += done
    return [*lines, line]


def _weave(units: list[_Unit], notes: list[tuple[int, int, str]], source: list[str]) -> str:
    """The units' lines with the comments put back and the blank lines of the source kept (one at most)."""
    weaver = _Weaver(source)
    trailing: dict[int, list[tuple[int, int, str]]] = {}
    pending: list[tuple[int, int, str]] = []
    for note in notes:
        line, column, _ = note
        if source[line - 1][: column - 1].strip():
            owner = _owner(units, line)
            if owner is not None:
                trailing.setdefault(owner, []).append(note)
                continue
        pending.append(note)
    for index, unit in enumerate(units):
        while pending and pending[0][0] <= unit.end:
            weaver.comment(pending.pop(0), unit.depth + (1 if unit.role == "close" else 0), unit)
        weaver.unit(unit, trailing.get(index, []))
    for note in pending:
        weaver.comment(note, 0, None)
    return "\n".join(weaver.out) + "\n"


def _owner(units: list[_Unit], line: int) -> int | None:
    """The unit a comment after code on `line` belongs to: the last statement on that line, else the block
    that opens or closes there."""
    found: dict[str, int] = {}
    for index, unit in enumerate(units):
        if unit.start <= line <= unit.end:
            found[unit.role] = index
    return found.get("statement", found.get("open", found.get("close")))


class _Weaver:
    def __init__(self, source: list[str]) -> None:
        self.source = source
        self.out: list[str] = []
        self.last = 0
        """The last source line written."""
        self.after_open = True
        self.aside: tuple[int, int, int] | None = None
        """The last comment written after code: its source line and column, and its column now."""

    def _gap(self, line: int, closing: bool) -> None:
        if not self.after_open and not closing and any(not s.strip() for s in self.source[self.last : line - 1]):
            self.out.append("")

    def comment(self, note: tuple[int, int, str], depth: int, unit: _Unit | None) -> None:
        line, column, text = note
        if self.aside is not None and self.aside[0] == line - 1 and self.aside[1] == column:
            self.out.append(" " * self.aside[2] + text)  # a comment continued under the one after code
            self.aside = (line, column, self.aside[2])
        else:
            self._gap(line, False)
            self.out.append(INDENT * depth + text)
            self.aside = None
        self.last = max(self.last, line)
        self.after_open = False

    def unit(self, unit: _Unit, notes: list[tuple[int, int, str]]) -> None:
        self._gap(unit.start, unit.role == "close")
        lines = list(unit.lines)
        placed: dict[int, list[tuple[int, int, str]]] = {}
        for note in notes:
            placed.setdefault(min(note[0] - unit.start, len(lines) - 1), []).append(note)
        self.aside = None
        for index, group in placed.items():
            column = max(group[0][1] - 1, len(lines[index]) + 2)
            lines[index] = lines[index].ljust(column) + "  ".join(n[2] for n in group)
            self.aside = (group[-1][0], group[-1][1], column)
        self.out += lines
        self.last = max(self.last, unit.end)
        self.after_open = unit.role == "open"
