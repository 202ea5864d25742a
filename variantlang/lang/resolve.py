"""Find and read a variant and its `extends` chain, then merge the chain into one set of statements.

Settings merge by (section, key), yaku and bonuses by id (the same id replaces, a new id adds,
`drop ID` removes), payment formulas as a whole. Every merged entry keeps the span that set it, so
`diff`, the sheet and `explain` can say which file and line a rule came from.

Rule files are untrusted: a parent is a shipped name or a relative path that must stay inside the
search roots; chains are at most `MAX_DEPTH` long; cycles are reported, not followed.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path

from variantlang.diagnostics import Diagnostic, DiagnosticError, Span, suggestion, unknown_name
from variantlang.files import FileProblem, read_regular
from variantlang.syntax import ast, parse
from variantlang.syntax.parser import MAX_FILE_BYTES, too_large

MAX_DEPTH = 8
"""Longest `extends` chain (a house rule on a club rule on a league rule on standard is four)."""

VARIANT_SUFFIX = ".variant"


def shipped_dir() -> Path:
    """The directory of the shipped variants (`variants/` in the repository, packaged with the code)."""
    return Path(str(resources.files("variantlang.variants")))


def shipped_names() -> list[str]:
    return sorted(p.stem for p in shipped_dir().glob(f"*{VARIANT_SUFFIX}"))


@dataclass
class Merged:
    """A variant after inheritance: the last word on every setting, yaku and formula, with provenance."""

    chain: list[ast.VariantFile]
    """The files from the variant itself to its root ancestor."""
    settings: dict[tuple[str, str], ast.Setting] = field(default_factory=dict)
    repeated: dict[tuple[str, str], list[ast.Setting]] = field(default_factory=dict)
    """Repeatable settings (dora cycles): every statement of the chain, ancestors first."""
    conditional: dict[tuple[str, str], list[ast.Setting]] = field(default_factory=dict)
    """`key value when condition` statements, in order, of the last file that states the setting at all:
    a file that states a setting replaces the conditions it inherits (the plain value is inherited when
    the file gives only conditions)."""
    yaku: dict[str, ast.YakuDef | ast.Family] = field(default_factory=dict)
    bonuses: dict[str, ast.Bonus] = field(default_factory=dict)
    dropped: dict[str, Span] = field(default_factory=dict)
    """Ids the chain dropped, with where; the sheet lists them under "not used"."""
    examples: dict[str, ast.Example] = field(default_factory=dict)
    formulas: list[ast.Assignment] = field(default_factory=list)
    problems: list[Diagnostic] = field(default_factory=list)
    """Drops of ids that no file of the chain defines."""

    @property
    def file(self) -> ast.VariantFile:
        return self.chain[0]


class Loader:
    """Reads files once each, resolving `extends` against the search roots."""

    def __init__(self, roots: list[Path] | None = None) -> None:
        self.roots = [r.resolve() for r in (roots or [])] + [shipped_dir().resolve()]
        self.sources: dict[str, str] = {}
        self.parsed: dict[Path, ast.VariantFile] = {}
        self.texts: dict[Path, str] = {}
        """Files given as text (`api.loads`), read instead of the disk."""

    def provide(self, path: Path, text: str) -> Path:
        """Make `text` the content of `path` (which need not exist), for a variant given as a string."""
        path = path.resolve()
        self.texts[path] = text
        return path

    def display(self, path: Path) -> str:
        """A short name for messages: `variants/NAME.variant` for a shipped file (the same from any
        directory, so generated sheets are reproducible), else relative to the working directory."""
        shipped = shipped_dir().resolve()
        if path.parent == shipped:
            return f"variants/{path.name}"
        try:
            return str(path.relative_to(Path.cwd()))
        except ValueError:
            return str(path)

    def read(self, path: Path) -> ast.VariantFile:
        path = path.resolve()
        if path in self.parsed:
            return self.parsed[path]
        name = self.display(path)
        text = self.texts[path] if path in self.texts else _read_source(path, name)
        self.sources[name] = text
        parsed = parse(text, name)
        self.parsed[path] = parsed
        return parsed

    def locate(self, name_or_path: str) -> Path:
        """A command-line argument: an existing file, or the name of a shipped variant."""
        candidate = Path(name_or_path)
        if candidate.suffix == VARIANT_SUFFIX or candidate.exists():
            return candidate
        shipped = shipped_dir() / f"{name_or_path}{VARIANT_SUFFIX}"
        if shipped.exists():
            return shipped
        message = unknown_name("variant", name_or_path, shipped_names())
        here = Path(f"{name_or_path}{VARIANT_SUFFIX}")
        if here.is_file():  # `--variant friday` for friday.variant: extends reads it so, the command line does not
            message += f"; to use the file {here}, give its name with `{VARIANT_SUFFIX}`: {here}"
        raise LookupError(message)

    def parent(self, child: ast.VariantFile, child_path: Path, extends: ast.Extends) -> Path | Diagnostic:
        if not extends.is_path:
            path = shipped_dir() / f"{extends.target}{VARIANT_SUFFIX}"
            if path.exists():
                return path
            sibling = child_path.parent / f"{extends.target}{VARIANT_SUFFIX}"
            if (sibling.exists() or sibling.resolve() in self.texts) and self._inside_roots(
                sibling.resolve(), child_path
            ):
                return sibling
            return Diagnostic(
                "E0402", f"unknown parent variant `{extends.target}`", extends.span, help=_known_help(extends.target)
            )
        target = Path(extends.target)
        if target.is_absolute():
            return Diagnostic("E0404", "`extends` takes a name or a relative path, not an absolute path", extends.span)
        resolved = (child_path.parent / target).resolve()
        if not self._inside_roots(resolved, child_path):
            return Diagnostic(
                "E0404",
                f"`{extends.target}` is outside the variant search path",
                extends.span,
                help="a parent must be in the same folder tree as the file, or a shipped variant",
            )
        if not resolved.exists() and resolved not in self.texts:
            return Diagnostic(
                "E0402",
                f"no variant file at `{extends.target}`",
                extends.span,
                help=_known_help(Path(extends.target).stem),
            )
        return resolved

    def _inside_roots(self, path: Path, child_path: Path) -> bool:
        roots = [*self.roots, child_path.resolve().parent]
        return any(path == root or root in path.parents for root in roots)


_UTF8_HELP = "save it as UTF-8 (Japanese names need it)"


def _read_source(path: Path, name: str) -> str:
    """A rule file's text (`files.read_regular`: a regular file only, at most the limit plus one byte)."""
    where = Span(name, 1, 1, 1, 2)
    try:
        data = read_regular(path, MAX_FILE_BYTES)
    except FileProblem as problem:
        if problem.kind == "not_regular":
            raise DiagnosticError(
                [Diagnostic("E0009", problem.message, where, help="name a .variant file")], {}
            ) from None
        else:
            raise DiagnosticError(
                [
                    Diagnostic(
                        "E0008",
                        problem.message,
                        where,
                        help="check the path; a shipped variant is named without `.variant`",
                    )
                ],
                {},
            ) from None
    return decode_source(data, name)


def decode_source(data: bytes, name: str) -> str:
    """The text of a rule file read as `data` (at most the size limit plus one byte of it, from a file or
    standard input): refused when too large or not UTF-8; a UTF-8 byte order mark is dropped."""
    if len(data) > MAX_FILE_BYTES:
        raise too_large(name, data.decode("utf-8", errors="replace"))
    try:
        return data.removeprefix(b"\xef\xbb\xbf").decode("utf-8")
    except UnicodeDecodeError:
        raise DiagnosticError(
            [Diagnostic("E0007", "the file is not UTF-8 text", Span(name, 1, 1, 1, 2), help=_UTF8_HELP)], {}
        ) from None


def _known_help(name: str) -> str:
    names = shipped_names()
    return suggestion(name, names) or f"shipped variants: {', '.join(names)}"


def load_chain(loader: Loader, path: Path) -> tuple[list[ast.VariantFile], list[Diagnostic]]:
    """The file and its ancestors, nearest first, as far as they could be followed, and the problems
    met on the way (an unknown parent stops the chain; the files before it are still checked)."""
    chain: list[ast.VariantFile] = []
    paths: list[Path] = []
    current = path.resolve()
    diagnostics: list[Diagnostic] = []
    while True:
        file = loader.read(current)
        chain.append(file)
        paths.append(current)
        if len(file.extends) > 1:
            diagnostics.append(
                Diagnostic(
                    "E0405",
                    "a variant extends one parent",
                    file.extends[1].span,
                    help="merge the second parent's differences into this file",
                )
            )
        if not file.extends:
            break
        extends = file.extends[0]
        parent = loader.parent(file, current, extends)
        if isinstance(parent, Diagnostic):
            diagnostics.append(parent)
            break
        parent = parent.resolve()
        if parent in paths:
            cycle = " -> ".join(loader.display(p) for p in [*paths, parent])
            diagnostics.append(Diagnostic("E0401", "`extends` goes round in a circle", extends.span, notes=(cycle,)))
            break
        if len(chain) >= MAX_DEPTH:
            diagnostics.append(Diagnostic("E0403", f"`extends` chain longer than {MAX_DEPTH}", extends.span))
            break
        current = parent
    return chain, diagnostics


PER_FILE = ("about",)
"""Sections a child does not inherit: a parent's source and notes speak of the parent's rules, so a sheet
that printed them could argue for a value the child does not use."""


def merge(chain: list[ast.VariantFile], repeatable: set[tuple[str, str]], *, complete: bool = True) -> Merged:
    """Apply the chain root first. Duplicate statements within one file are the checker's business.

    With `complete` false (a parent could not be read) drops of unknown ids are not reported: they may
    well be the missing parent's."""
    merged = Merged(chain)
    for file in reversed(chain):
        for key in [k for k in merged.settings if k[0] in PER_FILE]:
            del merged.settings[key]
            merged.repeated.pop(key, None)
        _merge_settings(merged, file, repeatable)
        for yaku_section in file.yaku:
            for item in yaku_section.items:
                _merge_yaku_item(merged, item, complete)
    return merged


def _merge_settings(merged: Merged, file: ast.VariantFile, repeatable: set[tuple[str, str]]) -> None:
    """One file's settings over its parent's: a statement replaces the inherited one, and a file that
    states a setting under conditions replaces the conditions it inherits; its formulas replace all."""
    file_formulas: list[ast.Assignment] = []
    stated: dict[tuple[str, str], list[ast.Setting]] = {}
    for section in file.sections:
        for statement in section.statements:
            if isinstance(statement, ast.Assignment):
                if section.name == "payment":  # elsewhere the checker reports it (E0107)
                    file_formulas.append(statement)
                continue
            key = (section.name, statement.key)
            conditions = stated.setdefault(key, [])
            if statement.condition is not None:
                conditions.append(statement)
                continue
            if key in repeatable:
                merged.repeated.setdefault(key, []).append(statement)
            merged.settings[key] = statement
    for key, conditions in stated.items():
        if conditions:
            merged.conditional[key] = conditions
        else:
            merged.conditional.pop(key, None)
    if file_formulas:
        merged.formulas = file_formulas


def _merge_yaku_item(merged: Merged, item: ast.YakuItem, complete: bool) -> None:
    if isinstance(item, ast.Drop):
        _merge_drop(merged, item, complete)
    elif isinstance(item, ast.Example):
        merged.examples[item.id] = item
    elif isinstance(item, ast.Bonus):
        _forget(merged, item.id)
        merged.bonuses[item.id] = item
        merged.dropped.pop(item.id, None)
    elif isinstance(item, ast.YakuDef) and _replace_member(merged, item):
        merged.dropped.pop(item.id, None)
    else:
        for yaku_id in [item.id, *(m.id for m in item.members)] if isinstance(item, ast.Family) else []:
            if yaku_id != item.id:
                _forget(merged, yaku_id)
        if item.id not in merged.yaku:
            _forget(merged, item.id)
        merged.yaku[item.id] = item
        merged.dropped.pop(item.id, None)
        for member in item.members if isinstance(item, ast.Family) else ():
            merged.dropped.pop(member.id, None)


def _merge_drop(merged: Merged, item: ast.Drop, complete: bool) -> None:
    for yaku_id, span in item.ids:
        if not _defined(merged, yaku_id) and complete:
            merged.problems.append(
                Diagnostic(
                    "E0203",
                    f"`drop {yaku_id}`: no yaku or bonus `{yaku_id}` to drop",
                    span,
                    help=_suggest_id(merged, yaku_id),
                )
            )
            continue
        _forget(merged, yaku_id)
        merged.dropped[yaku_id] = span


def _forget(merged: Merged, yaku_id: str) -> None:
    """Remove an inherited yaku, family member or bonus: ids are one namespace, and the same id in a child
    replaces the parent's whatever it was (a family member redefined at the top, a yaku made a bonus)."""
    merged.yaku.pop(yaku_id, None)
    merged.bonuses.pop(yaku_id, None)
    for family in list(merged.yaku.values()):
        if isinstance(family, ast.Family) and any(m.id == yaku_id for m in family.members):
            members = tuple(m for m in family.members if m.id != yaku_id)
            merged.yaku[family.id] = replace(family, members=members)


def _replace_member(merged: Merged, yaku: ast.YakuDef) -> bool:
    """A yaku that redefines an inherited family member takes its place in the family (`riichi … 2/-`
    under standard stays beside double riichi, the higher of the two counting); False if it is none."""
    for family in list(merged.yaku.values()):
        if isinstance(family, ast.Family) and any(m.id == yaku.id for m in family.members):
            members = tuple(yaku if m.id == yaku.id else m for m in family.members)
            merged.yaku[family.id] = replace(family, members=members)
            return True
    return False


def _ids(merged: Merged) -> list[str]:
    ids = list(merged.yaku) + list(merged.bonuses)
    ids += [m.id for f in merged.yaku.values() if isinstance(f, ast.Family) for m in f.members]
    return ids


def _defined(merged: Merged, yaku_id: str) -> bool:
    return yaku_id in _ids(merged)


def _suggest_id(merged: Merged, yaku_id: str) -> str | None:
    return suggestion(yaku_id, _ids(merged))


def resolve(loader: Loader, path: Path, repeatable: set[tuple[str, str]]) -> tuple[Merged, Path | None]:
    """A variant and its `extends` chain merged into one set of statements, with the problems met on the
    way, and the file of its parent (whose sheet it is compared with)."""
    chain, problems = load_chain(loader, path)
    merged = merge(chain, repeatable, complete=not problems)
    merged.problems[:0] = problems
    parent = next((p for p, f in loader.parsed.items() if len(chain) > 1 and f is chain[1]), None)
    return merged, parent
