"""The rule differences between two compiled variants, after inheritance: settings, yaku, bonuses and
payment formulas, each with its rule id, both values and the file:line that set each side.

`variantlang diff` prints them; the rule sheet's "Differences from the parent" table is the same list.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from variantlang import catalog
from variantlang.diagnostics import Span
from variantlang.model.ruleset import BonusRule, Ruleset, YakuRule


@dataclass(frozen=True, slots=True)
class DiffEntry:
    path: str
    """`calls.kuitan`, `yaku.sanrenkou`, `bonus.bazoro`, `payment.formula`."""
    kind: str
    """added, removed or changed (from the first variant to the second)."""
    rule: str
    """R-ids from RULES.md, or "-"."""
    label: str
    left: str
    right: str
    left_where: Span | None
    right_where: Span | None


def diff(a: Ruleset, b: Ruleset) -> list[DiffEntry]:
    """What changes from `a` to `b`, settings first (in catalog order), then yaku, bonuses, formulas."""
    out: list[DiffEntry] = []
    for setting in catalog.SETTINGS:
        if setting.section == "about":
            continue
        left, right = a.shown(setting), b.shown(setting)
        if left != right:
            out.append(
                DiffEntry(
                    setting.path,
                    "changed",
                    setting.rule,
                    setting.name("en"),
                    left,
                    right,
                    a.provenance.get(setting.path),
                    b.provenance.get(setting.path),
                )
            )
    out += _yaku_diff(a, b)
    out += _bonus_diff(a, b)
    left_formula, right_formula = _formula_text(a), _formula_text(b)
    if left_formula != right_formula:
        where_a = a.formulas[0].span if a.formulas else None
        where_b = b.formulas[0].span if b.formulas else None
        out.append(
            DiffEntry(
                "payment.formula",
                _kind(left_formula, right_formula),
                "R-PAY-2 R-PAY-3",
                "Payment formula",
                left_formula or "—",
                right_formula or "—",
                where_a,
                where_b,
            )
        )
    return out


def _kind(left: str, right: str) -> str:
    return "added" if not left else "removed" if not right else "changed"


def yaku_summary(rule: YakuRule) -> str:
    """`2/1`, `1/-`, `yakuman ×2`, the family it belongs to, with the condition: what a yaku is, in one line
    (a yaku moved into another family pays differently beside its old family's members, so it differs)."""
    if rule.yakuman:
        value = "yakuman" if rule.yakuman == 1 else f"yakuman ×{rule.yakuman}"
    elif rule.limit is not None:
        value = rule.limit.value
    else:
        value = f"{rule.closed if rule.closed is not None else '-'}/{rule.open if rule.open is not None else '-'}"
    flags = " with_yakuman" if rule.with_yakuman else ""
    family = f" in family {rule.family}" if rule.family else ""
    return f"{value}{flags}{family} when {rule.condition_text}"


def _keyed_diff(
    prefix: str,
    rule: str,
    left: dict[str, Any],
    right: dict[str, Any],
    text: Callable[[Any], str],
    a: Ruleset,
    b: Ruleset,
) -> list[DiffEntry]:
    """Entries merged by id (yaku, bonuses): added, removed, or changed in what the text says."""
    out = []
    for key in [*left, *(i for i in right if i not in left)]:
        x, y = left.get(key), right.get(key)
        sx = text(x) if x else ""
        sy = text(y) if y else ""
        if sx != sy:
            named: Any = y or x
            out.append(
                DiffEntry(
                    f"{prefix}.{key}",
                    _kind(sx, sy),
                    rule,
                    named.name_en or named.name_ja,
                    sx or "—",
                    sy or "—",
                    x.span if x else a.dropped.get(key),
                    y.span if y else b.dropped.get(key),
                )
            )
    return out


def _yaku_diff(a: Ruleset, b: Ruleset) -> list[DiffEntry]:
    return _keyed_diff(
        "yaku",
        "R-YAKU-1 R-YAKU-2",
        {r.id: r for r in a.all_yaku()},
        {r.id: r for r in b.all_yaku()},
        yaku_summary,
        a,
        b,
    )


def _bonus_text(bonus: BonusRule) -> str:
    return bonus.text + (" with_yakuman" if bonus.with_yakuman else "")


def _bonus_diff(a: Ruleset, b: Ruleset) -> list[DiffEntry]:
    return _keyed_diff(
        "bonus", "R-YAKU-3", {x.id: x for x in a.bonuses}, {x.id: x for x in b.bonuses}, _bonus_text, a, b
    )


def _formula_text(ruleset: Ruleset) -> str:
    return "; ".join(f.text for f in ruleset.formulas)


def _where(span: Span | None) -> str:
    return f"{span.file}:{span.line}" if span else "default"


def render_text(a: Ruleset, b: Ruleset, entries: list[DiffEntry]) -> str:
    if not entries:
        return f"{a.name} and {b.name}: no rule differences\n"
    lines = [f"{a.name} → {b.name}: {len(entries)} difference{'s' if len(entries) != 1 else ''}", ""]
    for e in entries:
        lines.append(f"{e.path}  [{e.rule}]  {e.kind}")
        lines.append(f"  {a.name}: {e.left}    ({_where(e.left_where)})")
        lines.append(f"  {b.name}: {e.right}    ({_where(e.right_where)})")
    return "\n".join(lines) + "\n"


def render_markdown(a: Ruleset, b: Ruleset, entries: list[DiffEntry]) -> str:
    def cell(text: str) -> str:
        return text.replace("|", "\\|").replace("\n", " ")

    lines = [f"# {a.name} → {b.name}", ""]
    if not entries:
        return "\n".join([*lines, "No rule differences.", ""])
    lines += [f"| Rule | Id | {a.name} | {b.name} | Set in |", "|---|---|---|---|---|"]
    for e in entries:
        lines.append(
            f"| {cell(e.label)} (`{e.path}`) | {e.rule} | {cell(e.left)} | {cell(e.right)} | "
            f"{_where(e.left_where)} → {_where(e.right_where)} |"
        )
    return "\n".join(lines) + "\n"
