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
from collections.abc import Iterable, Sequence
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
    def severity(self) -> str:
        """`warning` for a W code (the file compiles; something downstream refuses it), else `error`."""
        return "warning" if self.code.startswith("W") else "error"

    @property
    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.span.file, self.span.line, self.span.column, self.code)

    def render(self, source: str | None) -> str:
        """`FILE:LINE:COL: error[CODE]: message` (`warning[W…]` for a code that does not stop a file from
        compiling), the source line with a caret under the span, `help:`."""
        return self.render_lines(source.splitlines() if source is not None else [])

    def render_lines(self, lines: Sequence[str]) -> str:
        """`render` with the source already split into lines (split once for many diagnostics)."""
        out = [_safe(f"{self.span}: {self.severity}[{self.code}]: {self.message}")]
        if 1 <= self.span.line <= len(lines):
            text = lines[self.span.line - 1]
            start = self.span.column - 1
            end = self.span.end_column - 1 if self.span.end_line == self.span.line else len(text)
            shown, before, width = _window(text, start, max(end, start + 1))
            gutter = str(self.span.line)
            out.append(f"{gutter} | {shown}")
            out.append(f"{' ' * len(gutter)} | {' ' * before}{'^' * width}")
        out.extend(f"  note: {_safe(note)}" for note in self.notes)
        if self.help:
            out.append(f"  help: {_safe(self.help)}")
        return "\n".join(out)


SHOWN_COLUMNS = 160
"""The most columns of a source line a diagnostic shows: a longer line is cut around the span."""


def _window(text: str, start: int, end: int) -> tuple[str, int, int]:
    """The part of a source line to show, made safe for a terminal, and where the caret goes: (text,
    columns before the caret, caret width). Control characters (an escape sequence in an untrusted
    file must not reach the terminal) show as `�`; a long line is cut to `SHOWN_COLUMNS` around the span."""
    begin = 0
    if len(text) > SHOWN_COLUMNS:
        begin = max(0, min(start - SHOWN_COLUMNS // 4, len(text) - SHOWN_COLUMNS))
    piece = text[begin : begin + SHOWN_COLUMNS]
    clean = _safe(piece)
    before = _width(clean[: start - begin])
    width = max(1, min(_width(clean[start - begin : end - begin]), SHOWN_COLUMNS))
    prefix = "…" if begin > 0 else ""
    suffix = "…" if begin + SHOWN_COLUMNS < len(text) else ""
    return prefix + clean + suffix, before + len(prefix), width


def _safe(text: str, keep: str = "") -> str:
    return "".join(
        ch
        if ch in keep
        else " "
        if ch == "\t"
        else "\ufffd"
        if unicodedata.category(ch) in _UNSAFE and ch != "\u200d"
        else ch
        for ch in text
    )


_UNSAFE = ("Cc", "Cf", "Cs")
"""Control characters (an escape sequence rewrites the terminal), format characters (bidi overrides
reorder what is shown) and surrogates (a file name that is not UTF-8, which no output can encode)."""


def safe_name(name: object) -> str:
    """A file name (or any untrusted text) as a command may print it, on a terminal or in `--json`: every
    control, bidi and undecodable character shows as `�`, as in a diagnostic's source line."""
    return _safe(str(name))


def safe_text(message: str) -> str:
    """A message that may quote untrusted names, made printable as `safe_name` does; its own line breaks
    stay."""
    return _safe(message, keep="\n")


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
        """Every diagnostic, in order; each file's text is split into lines once, so the time is linear
        in the number of diagnostics however many there are."""
        lines: dict[str, list[str]] = {}
        for file, source in self.sources.items():
            lines[file] = source.splitlines()
        return "\n\n".join(d.render_lines(lines.get(d.span.file, [])) for d in self.diagnostics)


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
