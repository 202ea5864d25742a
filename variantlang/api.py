"""The public stages, each usable on its own (as python-hcl2's `api`):

    parse(text)          text → syntax tree (`syntax.ast.VariantFile`)
    resolve(name)        a variant and its `extends` chain, merged, with provenance
    compile(resolved)    → a checked `Ruleset` (pure data)
    verify(ruleset)      → the Ruleset with its example hands scored and kept
    load(name) / loads(text)    all of the above (`shipped_names()`: the variants that come with it)
    load_variant(name_or_file)  `load` as a command line means it: a `.variant` file's own folder searched
    decode(data, name)   the text of a rule file read as bytes (from standard input), size and UTF-8 checked
    scorer(ruleset)      the `Scorer` that owns a Ruleset's prepared tables and memos
    score(ruleset, win)  what a win is worth

Every stage that reads a rule file raises `DiagnosticError` with every problem found (renderable, with
source lines and carets); `load` raises `LookupError` for an unknown shipped name; `score` raises
`ScoreError` for a hand that cannot win.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from pathlib import Path

from variantlang.diagnostics import DiagnosticError
from variantlang.lang.compile import REPEATABLE, compile_variant
from variantlang.lang.resolve import Loader, Merged, decode_source, shipped_names
from variantlang.lang.resolve import resolve as resolve_chain
from variantlang.model.ruleset import Ruleset
from variantlang.model.win import Score, WinInput
from variantlang.scoring.scorer import Scorer
from variantlang.scoring.verify import verify as verify_examples
from variantlang.syntax import ast
from variantlang.syntax import parse as parse_text

__all__ = [
    "Resolved",
    "compile",
    "decode",
    "load",
    "load_variant",
    "loads",
    "parse",
    "resolve",
    "score",
    "scorer",
    "shipped_names",
    "verify",
]


@dataclass(frozen=True)
class Resolved:
    """A variant after `extends`: its merged statements, the source text of every file read, and the file
    of its parent."""

    merged: Merged
    sources: dict[str, str]
    parent: Path | None


def parse(text: str, name: str = "<string>") -> ast.VariantFile:
    """The syntax tree of one rule file (no `extends` followed, nothing checked)."""
    return parse_text(text, name)


def resolve(name_or_path: str | Path, roots: list[Path] | None = None, *, text: str | None = None) -> Resolved:
    """Read a variant (a shipped name or a path; with `text`, that text stands for the file at the path)
    and its ancestors, and merge them."""
    loader = Loader(roots)
    path = loader.provide(Path(name_or_path), text) if text is not None else loader.locate(str(name_or_path))
    merged, parent = resolve_chain(loader, path, REPEATABLE)
    return Resolved(merged, loader.sources, parent)


def compile(resolved: Resolved) -> Ruleset:
    """Check and compile a resolved variant into its Ruleset."""
    return compile_variant(resolved.merged, resolved.sources, resolved.parent)


def verify(ruleset: Ruleset) -> Ruleset:
    """Score the variant's example hands: those that do not win as claimed in its own file are errors
    (E0208); inherited ones that no longer do are left off."""
    kept, problems = verify_examples(ruleset, scorer(ruleset))
    if problems:
        raise DiagnosticError(problems, dict(ruleset.sources))
    return kept


def load(name_or_path: str | Path, roots: list[Path] | None = None) -> Ruleset:
    """Read, resolve, check, compile and verify a variant given by shipped name or path."""
    return verify(compile(resolve(name_or_path, roots)))


def load_variant(variant: str | Path) -> Ruleset:
    """A variant by shipped name or file; a `.variant` file's folder is searched for a relative `extends`."""
    path = Path(variant)
    return load(variant, roots=[path.parent] if path.suffix == ".variant" else None)


def loads(text: str, name: str = "house.variant", roots: list[Path] | None = None) -> Ruleset:
    """`load` for a variant given as text. `name` is the file it stands for (in messages, and the
    folder a relative `extends` is read from: the working directory by default)."""
    return verify(compile(resolve(name, roots, text=text)))


def decode(data: bytes, name: str = "<stdin>") -> str:
    """The text of a rule file given as bytes (at most `MAX_FILE_BYTES` + 1 of them, so that a stream
    is never read to its end): `DiagnosticError` when it is too large or not UTF-8."""
    return decode_source(data, name)


_SCORERS: weakref.WeakKeyDictionary[Ruleset, Scorer] = weakref.WeakKeyDictionary()


def scorer(ruleset: Ruleset) -> Scorer:
    """The Scorer of `ruleset`, made once and kept as long as the Ruleset lives."""
    found = _SCORERS.get(ruleset)
    if found is None:
        found = _SCORERS[ruleset] = Scorer(ruleset)
    return found


def score(ruleset: Ruleset, win: WinInput) -> Score:
    """The best-paying reading of `win` under `ruleset`; `ScoreError` when it cannot win."""
    return scorer(ruleset).score(win)
