"""What the server knows of a rule file, worked out by the same stages as `check`: parse, resolve
`extends`, check and compile, verify the examples. It runs in a worker process (`worker`), so a slow
check can be stopped, and everything it returns is plain data that crosses a pipe.

`check` yields the `Analysis` (settings and yaku with their sentences and places, for hover, completion
and definition) as soon as the variant is compiled, then the diagnostics once the examples are scored,
with `check`'s warnings of what the engine cannot play (`rules.playable.warnings`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from variantlang import catalog
from variantlang.api import Resolved, compile, verify
from variantlang.diagnostics import Diagnostic, DiagnosticError, Span
from variantlang.lang.compile import REPEATABLE
from variantlang.lang.resolve import Loader, Merged, resolve, shipped_dir
from variantlang.model.ruleset import Ruleset
from variantlang.reports.sheets.model import bonus_text, definition
from variantlang.rules.playable import warnings
from variantlang.syntax import ast

LANGS = ("ja", "en")


@dataclass(frozen=True)
class Place:
    """A span in a file named by its path on disk."""

    path: str
    span: Span


@dataclass(frozen=True)
class Problem:
    """A diagnostic of the check and the file it is in."""

    diagnostic: Diagnostic
    path: str


@dataclass(frozen=True)
class SettingFacts:
    """A setting's value in a compiled variant: as `diff` shows it, where it is set (None: the catalog's
    default) and the rule sheet's sentence for it in each language."""

    shown: str
    place: Place | None
    sentence: dict[str, str]


@dataclass(frozen=True)
class YakuFacts:
    """A yaku, bonus or family: its names, value, the sheet's definition in each language, where defined."""

    id: str
    kind: str
    """`yaku`, `bonus` or `family`."""
    name_ja: str
    name_en: str | None
    value: dict[str, str]
    definition: dict[str, str]
    place: Place | None


@dataclass(frozen=True)
class Symbol:
    """An entry of the editor's outline."""

    name: str
    detail: str
    kind: str
    """`section`, `setting`, `yaku`, `family`, `bonus` or `example`."""
    span: Span
    name_span: Span
    children: tuple[Symbol, ...] = ()


@dataclass
class Analysis:
    settings: dict[str, SettingFacts] = field(default_factory=dict)
    """The variant's own compiled settings by path (empty when it does not compile)."""
    inherited: dict[str, SettingFacts] = field(default_factory=dict)
    """Its parent's, by path (empty without a parent)."""
    yaku: dict[str, YakuFacts] = field(default_factory=dict)
    inherited_yaku: dict[str, YakuFacts] = field(default_factory=dict)
    parent: Place | None = None
    """The file `extends` names."""
    symbols: tuple[Symbol, ...] = ()
    partial: bool = False
    """Only the parent's part: the file itself does not parse (an analysis of an earlier text knows more)."""


def check(text: str, path: str, roots: list[str]) -> Iterator[Analysis | list[Problem]]:
    """The analysis of `text` standing for the file at `path` (when it resolves), then its problems."""
    loader = Loader([Path(r) for r in roots])
    file = loader.provide(Path(path), text)
    try:
        merged, parent = resolve(loader, file, REPEATABLE)
    except DiagnosticError as error:
        fallback = _parent_only(text, file, loader)
        if fallback is not None:
            yield fallback
        yield _problems(error, loader)
        return
    analysis = Analysis(parent=Place(str(parent), merged.chain[1].span) if parent is not None else None)
    analysis.symbols = symbols(merged.file)
    if parent is not None:
        _inherit(analysis, parent, loader)
    try:
        ruleset = compile(Resolved(merged, loader.sources, parent))
    except DiagnosticError as error:
        analysis.yaku = _declared(merged, loader)
        yield analysis
        yield _problems(error, loader)
        return
    analysis.settings, analysis.yaku = _facts(ruleset, merged, loader)
    yield analysis
    unplayed = [Problem(d, path_of(d.span.file, loader)) for d in warnings(ruleset)]
    try:
        verify(ruleset)
    except DiagnosticError as error:
        yield _problems(error, loader) + unplayed
        return
    yield unplayed


def _inherit(analysis: Analysis, parent: Path, loader: Loader) -> None:
    """The parent's compiled settings and yaku, which hover and definition show beside the file's own."""
    try:
        merged, grandparent = resolve(loader, parent, REPEATABLE)
        inherited = compile(Resolved(merged, loader.sources, grandparent))
    except DiagnosticError:
        return  # the file's own check reports the parent's problems
    analysis.inherited, analysis.inherited_yaku = _facts(inherited, merged, loader)


_EXTENDS = re.compile(r'^[ \t]*extends[ \t]+(?:"((?:[^"\\\n]|\\.)*)"|([A-Za-z0-9_-]+))', re.MULTILINE)


def _parent_only(text: str, file: Path, loader: Loader) -> Analysis | None:
    """For a file that does not parse (it is being typed): what its `extends` line inherits."""
    found = _EXTENDS.search(text)
    if found is None:
        return None
    line = text.count("\n", 0, found.start()) + 1
    span = Span(loader.display(file), line, 1, line, len(found.group(0)) + 1)
    extends = ast.Extends(
        found.group(1) if found.group(1) is not None else found.group(2), found.group(1) is not None, span
    )
    stub = ast.VariantFile(span.file, "", None, (extends,), (), (), span)
    parent = loader.parent(stub, file, extends)
    if isinstance(parent, Diagnostic):
        return None
    try:
        parent_file = loader.read(parent)
    except DiagnosticError:
        return None
    analysis = Analysis(parent=Place(str(parent.resolve()), parent_file.span), partial=True)
    _inherit(analysis, parent, loader)
    return analysis


def path_of(name: str, loader: Loader) -> str:
    """The file a diagnostic's or span's file name (`Loader.display`) stands for."""
    for path in loader.parsed:
        if loader.display(path) == name:
            return str(path)
    shipped = shipped_dir() / Path(name).name
    if name == f"variants/{shipped.name}" and shipped.exists():
        return str(shipped.resolve())
    return str(Path(name).resolve())


def _problems(error: DiagnosticError, loader: Loader) -> list[Problem]:
    return [Problem(d, path_of(d.span.file, loader)) for d in error.diagnostics]


def _place(span: Span | None, loader: Loader) -> Place | None:
    return Place(path_of(span.file, loader), span) if span is not None else None


def _facts(ruleset: Ruleset, merged: Merged, loader: Loader) -> tuple[dict[str, SettingFacts], dict[str, YakuFacts]]:
    contexts = {lang: ruleset.sentence_context(lang) for lang in LANGS}
    settings = {}
    for setting in catalog.SETTINGS:
        value = ruleset.value(setting)
        try:
            sentence = {lang: setting.sentence(value, contexts[lang]) for lang in LANGS}
        except (KeyError, TypeError, ValueError):  # a value the sheet has no sentence for
            sentence = {}
        settings[setting.path] = SettingFacts(
            ruleset.shown(setting), _place(ruleset.provenance.get(setting.path), loader), sentence
        )
    yaku: dict[str, YakuFacts] = {}
    for group in ruleset.yaku:
        for rule in group.members:
            value = {lang: han_text(rule.closed, rule.open, rule.yakuman, rule.limit.value if rule.limit else "", lang)
                     for lang in LANGS}  # fmt: skip
            meaning = {lang: definition(rule, lang) for lang in LANGS}
            yaku[rule.id] = YakuFacts(rule.id, "yaku", rule.name_ja, rule.name_en, value, meaning,
                                      _place(rule.span, loader))  # fmt: skip
        if len(group.members) > 1 or group.id not in yaku:
            family = merged.yaku.get(group.id)
            yaku[group.id] = _family(group.id, group.name, [m.id for m in group.members], family, loader)
    for bonus in ruleset.bonuses:
        text = {lang: bonus_text(bonus, lang) for lang in LANGS}
        yaku[bonus.id] = YakuFacts(
            bonus.id, "bonus", bonus.name_ja, bonus.name_en, text, {}, _place(bonus.span, loader)
        )
    return settings, yaku


def _family(
    family_id: str, name: str | None, members: list[str], node: ast.YakuDef | ast.Family | None, loader: Loader
) -> YakuFacts:
    listed = ", ".join(members)
    meaning = {
        "ja": f"系統：{listed} のうち成立する最も高い役だけを数える。",
        "en": f"A family: only the highest of {listed} that holds counts.",
    }
    return YakuFacts(
        family_id, "family", name or family_id, None, {}, meaning, _place(node.span if node else None, loader)
    )


def _declared(merged: Merged, loader: Loader) -> dict[str, YakuFacts]:
    """Yaku as written, for a variant that does not compile: names, value and place, no definition."""
    out: dict[str, YakuFacts] = {}
    for node in merged.yaku.values():
        members = node.members if isinstance(node, ast.Family) else (node,)
        for rule in members:
            han = rule.han
            value = {lang: han_text(han.closed, han.open, han.yakuman, han.limit, lang) for lang in LANGS}
            out[rule.id] = YakuFacts(rule.id, "yaku", rule.name_ja, rule.name_en, value, {}, _place(rule.span, loader))
        if isinstance(node, ast.Family):
            out[node.id] = _family(node.id, node.name, [m.id for m in node.members], node, loader)
    for bonus in merged.bonuses.values():
        out[bonus.id] = YakuFacts(bonus.id, "bonus", bonus.name_ja, bonus.name_en, {}, {}, _place(bonus.span, loader))
    return out


def han_text(closed: int | None, open_: int | None, yakuman: int, limit: str, lang: str) -> str:
    """`2 han closed, 1 open` / 「門前2翻・副露1翻」, a yakuman or a limit."""
    ja = lang == "ja"
    if yakuman:
        count = "" if yakuman == 1 else (f"{yakuman}倍" if ja else f" ×{yakuman}")
        return f"役満{count}" if ja else f"yakuman{count}"
    if limit:
        return limit
    if open_ is None:
        return f"門前{closed}翻（門前のみ）" if ja else f"{closed} han, closed only"
    if open_ == closed:
        return f"{closed}翻" if ja else f"{closed} han"
    return f"門前{closed}翻・副露{open_}翻" if ja else f"{closed} han closed, {open_} open"


def symbols(file: ast.VariantFile) -> tuple[Symbol, ...]:
    """Sections with their settings, and the yaku blocks with their yaku, families, bonuses and examples."""
    out = []
    for section in file.sections:
        children = tuple(
            Symbol(s.key if isinstance(s, ast.Setting) else s.name, "", "setting", s.span,
                   s.key_span if isinstance(s, ast.Setting) else s.span)
            for s in section.statements
        )  # fmt: skip
        out.append(Symbol(section.name, "", "section", section.span, section.name_span, children))
    for block in file.yaku:
        items = tuple(_yaku_symbol(item) for item in block.items if not isinstance(item, ast.Drop))
        out.append(
            Symbol(
                "yaku",
                "",
                "section",
                block.span,
                Span(block.span.file, block.span.line, block.span.column, block.span.line, block.span.column + 4),
                items,
            )
        )
    return tuple(sorted(out, key=lambda s: (s.span.line, s.span.column)))


def _yaku_symbol(item: ast.YakuDef | ast.Family | ast.Bonus | ast.Example) -> Symbol:
    if isinstance(item, ast.Family):
        members = tuple(_yaku_symbol(m) for m in item.members)
        return Symbol(item.id, item.name or "", "family", item.span, item.id_span, members)
    if isinstance(item, ast.Example):
        return Symbol(item.id, item.hand, "example", item.span, item.id_span)
    kind = "bonus" if isinstance(item, ast.Bonus) else "yaku"
    return Symbol(item.id, item.name_ja, kind, item.span, item.id_span)
