"""Messages for people: source spans, diagnostics with stable codes, the caret renderer, did-you-mean.

Every problem in a rule file becomes a `Diagnostic`; the checker collects all of them, and the CLI
prints each as

    variants/club.variant:8:13: error[E0203]: unknown setting `kiriagi` in section `payment`
        8 |   payment { kiriagi on }
          |             ^^^^^^^
      help: did you mean `kiriage`?
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True, order=True)
class Span:
    """Where something is in a source file: 1-based line and column, end exclusive."""

    file: str
    line: int
    column: int
    end_line: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    code: str
    message: str
    span: Span
    help: str | None = None
    notes: tuple[str, ...] = field(default=())

    @property
    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.span.file, self.span.line, self.span.column, self.code)

    def render(self, source: str | None) -> str:
        """`FILE:LINE:COL: error[CODE]: message`, the source line with a caret under the span, `help:`."""
        out = [f"{self.span}: error[{self.code}]: {self.message}"]
        lines = source.splitlines() if source is not None else []
        if 1 <= self.span.line <= len(lines):
            text = lines[self.span.line - 1].expandtabs(1)
            end = self.span.end_column if self.span.end_line == self.span.line else len(text) + 1
            before = _width(text[: self.span.column - 1])
            width = max(1, _width(text[self.span.column - 1 : end - 1]))
            gutter = str(self.span.line)
            out.append(f"{gutter} | {text}")
            out.append(f"{' ' * len(gutter)} | {' ' * before}{'^' * width}")
        out.extend(f"  note: {note}" for note in self.notes)
        if self.help:
            out.append(f"  help: {self.help}")
        return "\n".join(out)


def _width(text: str) -> int:
    """Terminal columns: CJK characters (漢字, かな) take two, so the caret stays under the span."""
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


class DiagnosticError(Exception):
    """Raised with every diagnostic of a file (or chain of files) that could not be compiled."""

    def __init__(self, diagnostics: list[Diagnostic], sources: dict[str, str]) -> None:
        super().__init__(f"{len(diagnostics)} problem(s)")
        self.diagnostics = sorted(diagnostics, key=lambda d: d.sort_key)
        self.sources = sources

    def render(self) -> str:
        return "\n\n".join(d.render(self.sources.get(d.span.file)) for d in self.diagnostics)


def did_you_mean(name: str, candidates: Iterable[str]) -> str | None:
    """The closest candidate to a mistyped `name`, if one is close enough to be worth suggesting."""
    matches = difflib.get_close_matches(name, list(candidates), n=1, cutoff=0.6)
    return matches[0] if matches else None


def suggestion(name: str, candidates: Iterable[str]) -> str | None:
    """A `help:` text: the near miss if there is one."""
    match = did_you_mean(name, candidates)
    return f"did you mean `{match}`?" if match else None


def unknown_name(kind: str, name: str, candidates: Iterable[str]) -> str:
    """`unknown variant 'standrd' (did you mean 'standard'?)` or, with no close match, the choices."""
    options = sorted(candidates)
    match = did_you_mean(name, options)
    if match:
        return f"unknown {kind} {name!r} (did you mean {match!r}?)"
    return f"unknown {kind} {name!r} (known: {', '.join(options)})"
