"""The rule sheet as data: everything a template prints, computed from the Ruleset and the scorer.

Templates only lay this out. Sentences come from the catalog entries, payment tables from `points`, worked
examples from `scoring`, so a sheet cannot disagree with what the engine plays.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from variantlang import catalog
from variantlang.api import scorer
from variantlang.hand.notation import format_hand
from variantlang.hand.points import Limit, hand_value, payments
from variantlang.hand.tiles import FLOWER_BASE, KINDS, Mark, Tile, format_tiles, kind_name
from variantlang.model.rules import uses_fu
from variantlang.model.ruleset import Ruleset, YakuRule
from variantlang.model.win import CIRCUMSTANCES, Score, WinInput
from variantlang.reports.diff import DiffEntry, diff
from variantlang.reports.sheets import labels
from variantlang.reports.sheets.tiles import mark_of
from variantlang.scoring.scorer import ScoreError

FU_COLUMNS = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
HAN_ROWS = (1, 2, 3, 4)

SECTIONS = ("setup", "play", "dora", "yaku", "scoring", "hand_end", "game_end", "penalties")
"""The numbered sections of the sheet, in order; each setting names its own (`Setting.sheet`)."""


@dataclass(frozen=True)
class Row:
    path: str
    label: str
    value: str
    text: str
    rule: str
    changed: bool
    """Differs from the parent variant (marked on the sheet)."""


@dataclass(frozen=True)
class Section:
    key: str
    number: int
    title: str
    rows: tuple[Row, ...]


@dataclass(frozen=True)
class ExampleView:
    win: WinInput
    text: str
    """The hand in notation, with its circumstances (`123m456p789s23455s · win 5s · riichi`)."""
    result: str
    """What the scorer gives it: han, fu and payment."""
    notes: tuple[str, ...] = ()
    """The circumstances that are not tiles (riichi, ron, seat …): the tiles are drawn from `win`."""


@dataclass(frozen=True)
class YakuRow:
    id: str
    name_ja: str
    name_en: str
    closed: str
    open: str
    reduced: bool
    """Worth less when open (kuisagari)."""
    house: bool
    family: str
    example: ExampleView | None


@dataclass(frozen=True)
class YakuTable:
    title: str
    rows: tuple[YakuRow, ...]


@dataclass(frozen=True)
class PaymentTable:
    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class TileGroup:
    """Tiles a variant singles out (marked copies, always-dora, nuki, flowers, removed tiles), for drawing."""

    path: str
    label: str
    tiles: str
    """In notation, marks included (`0m0p0s`, `5gp`, `1234f`)."""


@dataclass(frozen=True)
class YakuChange:
    """A yaku that this variant adds, drops or values differently from its parent (han as `closed/open`)."""

    name: str
    before: str
    after: str


@dataclass
class Sheet:
    lang: str
    t: dict[str, str]
    name: str
    title: str
    subtitle: str
    chain: tuple[str, ...]
    source: str
    credit: str
    version: str
    notes: tuple[str, ...]
    digest: str
    glance: tuple[tuple[str, str], ...]
    parent: str | None
    differences: tuple[DiffEntry, ...]
    sections: tuple[Section, ...]
    dora_map: tuple[tuple[str, str], ...]
    yaku_tables: tuple[YakuTable, ...]
    yakuman: tuple[YakuRow, ...]
    bonuses: tuple[YakuRow, ...]
    dropped: tuple[str, ...]
    fu_rows: tuple[tuple[str, str], ...]
    limit_table: PaymentTable | None
    payment_tables: tuple[PaymentTable, ...]
    formula: tuple[str, ...]
    formula_intro: str
    """How to read the formula (and, when it reads the payer, that each payer's amount is worked out)."""
    worked: tuple[ExampleView, ...]
    glossary: tuple[tuple[str, str, str], ...]
    tile_groups: tuple[TileGroup, ...] = ()
    yaku_changes: tuple[YakuChange, ...] = ()
    files: dict[str, str] = field(default_factory=dict)


def build(ruleset: Ruleset, lang: str, parent: Ruleset | None = None) -> Sheet:
    """The sheet of `ruleset` in `lang` ("ja" or "en"); `parent` gives the differences table."""
    t = labels.LABELS[lang]
    differences = _localized(diff(parent, ruleset), parent, ruleset, lang) if parent is not None else ()
    changed = {d.path for d in differences}
    about = ruleset.about
    title, subtitle = (
        (ruleset.name_ja, ruleset.name_en or "")
        if lang == "ja"
        else (ruleset.name_en or ruleset.name_ja, ruleset.name_ja)
    )
    return Sheet(
        lang=lang,
        t=t,
        name=ruleset.name,
        title=title,
        subtitle=subtitle,
        chain=ruleset.chain,
        source=about.source,
        credit=about.credit,
        version=about.version,
        notes=about.notes,
        digest=ruleset.source_hash,
        glance=_glance(ruleset, lang),
        parent=parent.name if parent is not None else None,
        differences=differences,
        sections=_sections(ruleset, lang, changed, parent is not None),
        dora_map=_dora_map(ruleset),
        yaku_tables=_yaku_tables(ruleset, lang),
        yakuman=tuple(_yaku_row(ruleset, r, lang) for r in _ordered(ruleset) if r.yakuman),
        bonuses=tuple(_bonus_rows(ruleset, lang)),
        dropped=_dropped_names(ruleset, parent, lang),
        fu_rows=_fu_rows(ruleset, lang) if uses_fu(ruleset.payment) else (),
        limit_table=_limit_table(ruleset, lang) if uses_fu(ruleset.payment) else None,
        payment_tables=_payment_tables(ruleset, lang) if uses_fu(ruleset.payment) else (),
        formula=tuple(f.text for f in ruleset.formulas),
        formula_intro=(" " if lang == "en" else "").join(
            [t["formula_intro"], *([t["formula_payer"]] if ruleset.payer_aware else [])]
        ),
        worked=_worked_examples(ruleset, lang) if not uses_fu(ruleset.payment) else (),
        glossary=labels.GLOSSARY,
        tile_groups=_tile_groups(ruleset, lang),
        yaku_changes=_yaku_changes(parent, ruleset, lang) if parent is not None else (),
    )


_SINGLED_OUT = ("tiles.remove", "dora.always", "dora.nuki")


def _tile_groups(ruleset: Ruleset, lang: str) -> tuple[TileGroup, ...]:
    """The tile lists of the catalog that are set (the tiles section's marked copies drawn with their mark),
    then the flowers."""
    groups = []
    for setting in catalog.SETTINGS:
        if setting.kind is not catalog.Kind.TILES or not ruleset.value(setting):
            continue
        mark = mark_of(setting.path)
        if mark is Mark.PLAIN and setting.path not in _SINGLED_OUT:
            continue
        tiles = [Tile(t.kind, mark) if mark is not Mark.PLAIN else t for t in ruleset.value(setting)]
        groups.append(TileGroup(setting.path, setting.label.pick(lang), format_tiles(tiles)))
    flowers = catalog.BY_PATH["tiles.flowers"]
    if ruleset.value(flowers):
        tiles = [Tile(FLOWER_BASE + i) for i in range(ruleset.value(flowers))]
        groups.append(TileGroup(flowers.path, labels.LABELS[lang]["card_flowers"], format_tiles(tiles)))
    return tuple(groups)


def _han_pair(ruleset: Ruleset, rule: YakuRule | None, lang: str) -> str:
    """`2/1`, `1/—`, `3` (same open and closed), 役満 (×2), or — for a yaku the variant does not have."""
    if rule is None:
        return "—"
    if rule.yakuman:
        return _yakuman_text(ruleset, rule, lang)
    closed, open_ = _han_text(rule.closed), _han_text(rule.open)
    return closed if closed == open_ else f"{closed}/{open_}"


def _yaku_changes(parent: Ruleset, ruleset: Ruleset, lang: str) -> tuple[YakuChange, ...]:
    """Yaku whose value differs from the parent's, new ones and dropped ones, in this variant's order."""
    before = {r.id: r for r in parent.all_yaku()}
    after = {r.id: r for r in ruleset.all_yaku()}
    shown = [*after.values(), *(r for i, r in before.items() if i not in after)]
    out = []
    for rule in shown:
        old_text = _han_pair(parent, before.get(rule.id), lang)
        new_text = _han_pair(ruleset, after.get(rule.id), lang)
        if old_text != new_text:
            name = rule.name_ja if lang == "ja" else rule.name_en or rule.name_ja
            out.append(YakuChange(name + (" ★" if rule.house else ""), old_text, new_text))
    return tuple(out)


def _localized(entries: list[DiffEntry], parent: Ruleset, ruleset: Ruleset, lang: str) -> tuple[DiffEntry, ...]:
    """Differences in the sheet's language: setting labels and values as the glance box words them,
    yaku by their names."""
    names = {r.id: r for r in (*parent.all_yaku(), *ruleset.all_yaku())}

    def local(entry: DiffEntry) -> DiffEntry:
        setting = catalog.BY_PATH.get(entry.path)
        if setting is not None:
            left, right = _short(setting, parent.value(setting), lang), _short(setting, ruleset.value(setting), lang)
            return replace(entry, label=setting.label.pick(lang), left=left, right=right)
        if entry.path.startswith("yaku.") and lang == "ja" and entry.path[5:] in names:
            return replace(entry, label=names[entry.path[5:]].name_ja)
        return entry

    return tuple(local(e) for e in entries)


def _dropped_names(ruleset: Ruleset, parent: Ruleset | None, lang: str) -> tuple[str, ...]:
    """The yaku and families this variant dropped, by name (the parent knows them)."""
    known: dict[str, str] = {}
    for source in (parent, ruleset):
        if source is None:
            continue
        for group in source.yaku:
            if group.name:
                known[group.id] = group.name
            for rule in group.members:
                known[rule.id] = rule.name_ja if lang == "ja" else rule.name_en or rule.name_ja
    return tuple(sorted(known.get(i, i) for i in ruleset.dropped))


def _glance(ruleset: Ruleset, lang: str) -> tuple[tuple[str, str], ...]:
    """The at-a-glance box: the settings that ask for a row, in their order, then the abortive draws."""
    shown = sorted((s for s in catalog.SETTINGS if s.glance is not None), key=lambda s: s.glance or 0)
    rows = [
        (
            s.label.pick(lang),
            "; ".join(
                [_short(s, ruleset.value(s), lang), *_alternatives(ruleset, s, lang, partial(_short, s, lang=lang))]
            ),
        )
        for s in shown
    ]
    abortive = [s.label.pick(lang) for s in catalog.SETTINGS if s.abortive and ruleset.value(s)]
    t = labels.LABELS[lang]
    rows.append((t["abortive"], ("、" if lang == "ja" else ", ").join(abortive) or t["none"]))
    return tuple(rows)


def _alternatives(ruleset: Ruleset, setting: catalog.Setting, lang: str, say: Callable[[Any], str]) -> list[str]:
    """Each `value when condition` line of a conditional setting as the sheet says it: the value in words
    (`say`), the condition as written (`Alternative.condition_text`)."""
    return [
        labels.LABELS[lang]["alternative"].format(condition=a.condition_text, sentence=say(a.value))
        for a in ruleset.conditional.get(setting.path, ())
    ]


def _short(setting: catalog.Setting, value: Any, lang: str) -> str:
    """A value as a few words: yes/no, a number with thousands marked, a choice in the reader's language."""
    if setting.kind is catalog.Kind.BOOL:
        return labels.LABELS[lang]["on" if value else "off"]
    if setting.kind is catalog.Kind.CHOICE:
        word = setting.short.get(value)
        return word.pick(lang) if word is not None else str(value).replace("_", " ")
    if setting.kind is catalog.Kind.INT and value >= 1000:
        return f"{value:,}"
    text = setting.format(value)
    return labels.LABELS[lang]["none"] if text in ("none", "—") else text


def _sections(ruleset: Ruleset, lang: str, changed: set[str], changed_numbering: bool) -> tuple[Section, ...]:
    """Numbered after the glance box (1) and, when there is a parent, the differences (2). A setting that
    does not matter under the rest of the rules is left out (`Setting.applies`)."""
    rows: dict[str, list[Row]] = {key: [] for key in SECTIONS}
    context = ruleset.sentence_context(lang)
    for setting in catalog.SETTINGS:
        if setting.section == "about" or not setting.applies_under(ruleset):
            continue
        value = ruleset.value(setting)
        sentences = [
            setting.sentence(value, context),
            *_alternatives(ruleset, setting, lang, partial(setting.sentence, context=context)),
        ]
        rows[setting.sheet].append(
            Row(
                setting.path,
                setting.label.pick(lang),
                _short(setting, value, lang),
                " ".join(sentences),
                setting.rule,
                setting.path in changed,
            )
        )
    t = labels.LABELS[lang]
    first = 3 if changed_numbering else 2
    return tuple(Section(key, i, t[f"section_{key}"], tuple(rows[key])) for i, key in enumerate(SECTIONS, start=first))


def _dora_map(ruleset: Ruleset) -> tuple[tuple[str, str], ...]:
    """Indicator → dora wherever it is not the plain next tile of the full 136-tile set (R-DORA-1..4)."""
    out = []
    for kind in range(KINDS):
        if not ruleset.tile_set.exists(kind):
            continue
        dora = ruleset.dora_for(kind)
        plain = _plain_next(kind)
        if dora != (plain,):
            out.append((kind_name(kind), " ".join(kind_name(d) for d in dora)))
    return tuple(out)


def _plain_next(kind: int) -> int:
    if kind < 27:
        return kind - kind % 9 + (kind % 9 + 1) % 9
    if kind < 31:
        return 27 + (kind - 27 + 1) % 4
    return 31 + (kind - 31 + 1) % 3


def _ordered(ruleset: Ruleset) -> list[YakuRule]:
    return [m for g in ruleset.yaku for m in g.members]


def _han_text(value: int | None) -> str:
    return "—" if value is None else str(value)


def _yakuman_text(ruleset: Ruleset, rule: YakuRule, lang: str) -> str:
    word = labels.LABELS[lang]["yakuman"]
    count = rule.yakuman if ruleset.payment.double_yakuman else 1
    return word if count == 1 else f"{word}×{count}"


def _yaku_row(ruleset: Ruleset, rule: YakuRule, lang: str) -> YakuRow:
    family = next((g.name or g.id for g in ruleset.yaku if len(g.members) > 1 and rule in g.members), "")
    if rule.yakuman:
        closed = open_ = _yakuman_text(ruleset, rule, lang)
        reduced = False
    else:
        closed, open_ = _han_text(rule.closed), _han_text(rule.open)
        reduced = rule.open is not None and rule.closed is not None and rule.open < rule.closed
    return YakuRow(
        rule.id,
        rule.name_ja,
        rule.name_en or "",
        closed,
        open_,
        reduced,
        rule.house,
        family,
        _example(ruleset, rule.id, lang),
    )


def _yaku_tables(ruleset: Ruleset, lang: str) -> tuple[YakuTable, ...]:
    by_han: dict[int, list[YakuRow]] = {}
    for rule in _ordered(ruleset):
        if rule.yakuman:
            continue
        han = rule.closed if rule.closed is not None else rule.open or 0
        by_han.setdefault(han, []).append(_yaku_row(ruleset, rule, lang))
    t = labels.LABELS[lang]
    return tuple(YakuTable(t["han_group"].format(han=han), tuple(rows)) for han, rows in sorted(by_han.items()))


def _bonus_rows(ruleset: Ruleset, lang: str) -> list[YakuRow]:
    rows = []
    for bonus in ruleset.bonuses:
        text = bonus.text
        rows.append(
            YakuRow(
                bonus.id,
                bonus.name_ja,
                bonus.name_en or "",
                text,
                "",
                False,
                False,
                "",
                _example(ruleset, bonus.id, lang),
            )
        )
    return rows


def _example(ruleset: Ruleset, yaku_id: str, lang: str) -> ExampleView | None:
    example = ruleset.examples.get(yaku_id)
    if example is None:
        return None
    return _example_view(ruleset, example.win, lang)


def _circumstances(win: WinInput, lang: str) -> list[str]:
    """How the hand was won, apart from its tiles: flags, ron or tsumo, the seat."""
    t = labels.LABELS[lang]
    parts = [t.get(flag, flag) for flag in CIRCUMSTANCES if getattr(win, flag)]
    if not win.tsumo:
        parts.append(t["ron"])
    parts.append(t["seat"].format(wind=labels.WIND_NAMES[lang][win.seat_wind - 27]))
    return parts


def _tile_parts(win: WinInput, lang: str) -> list[str]:
    """The tiles of a win besides the hand, in notation (for the text form; HTML draws them)."""
    t = labels.LABELS[lang]
    parts = [f"{t['win_tile']} {win.winning_tile}"]
    if win.dora_indicators:
        parts.append(f"{t['dora_indicator']} {''.join(str(x) for x in win.dora_indicators)}")
    if win.nuki:
        parts.append(f"{t['nuki']} {''.join(str(x) for x in win.nuki)}")
    return parts


def _example_view(ruleset: Ruleset, win: WinInput, lang: str) -> ExampleView:
    t = labels.LABELS[lang]
    try:
        result: Score | None = scorer(ruleset).score(win)
    except ScoreError:
        result = None
    notes = _circumstances(win, lang)
    tile_parts = _tile_parts(win, lang)
    text = " · ".join([format_hand(win.closed, win.melds), tile_parts[0], *notes, *tile_parts[1:]])
    result_text = _result_text(result, win, t, not uses_fu(ruleset.payment)) if result else ""
    return ExampleView(win, text, result_text, tuple(notes))


def _result_text(result: Score, win: WinInput, t: dict[str, str], formula: bool) -> str:
    if result.yakuman:
        value = t["yakuman"] if result.yakuman == 1 else f"{t['yakuman']}×{result.yakuman}"
    elif formula:
        value = t["han_only"].format(han=result.han)  # a formula payment has no fu
    else:
        value = t["han_fu"].format(han=result.han, fu=result.fu)
    paid = result.payments.by_payer(tsumo=win.tsumo, dealer=win.seat_wind == 27)
    who = ", ".join(f"{t['payer_' + payer]} {amount}" for payer, amount in paid.items())
    return f"{value} — {who}"


def _fu_rows(ruleset: Ruleset, lang: str) -> tuple[tuple[str, str], ...]:
    t = labels.LABELS[lang]
    rules = ruleset.fu_rules
    rows = [
        (t["fu_base"], "20"),
        (t["fu_menzen_ron"], "+10"),
        (t["fu_tsumo"], "+2" + ("" if rules.pinfu_tsumo else f" ({t['fu_not_pinfu']})")),
        (t["fu_pon"], "2 / 4 / 4 / 8"),
        (t["fu_kan"], "8 / 16 / 16 / 32"),
        (t["fu_pair"], "+2"),
        (t["fu_double_wind"], f"+{rules.double_wind_pair}"),
        (t["fu_wait"], "+2"),
        (t["fu_chiitoitsu"], str(rules.chiitoitsu)),
    ]
    if rules.open_pinfu:
        rows.append((t["fu_open_pinfu"], "30"))
    if not rules.rinshan_tsumo:
        rows.append((t["fu_rinshan"], "0"))
    rows.append((t["fu_round"], "↑10"))
    return tuple(rows)


def _limit_table(ruleset: Ruleset, lang: str) -> PaymentTable:
    t = labels.LABELS[lang]
    rows = []
    for limit, han in (
        (Limit.MANGAN, 5),
        (Limit.HANEMAN, 6),
        (Limit.BAIMAN, 8),
        (Limit.SANBAIMAN, 11),
        (Limit.KAZOE_YAKUMAN, 13),
    ):
        value = hand_value(han, 30, 0, ruleset.limit_rules)
        if value.limit is not limit:
            continue
        rows.append((t[f"limit_{limit.value}"], t["han_range"].format(han=han), *_cells(ruleset, value.base)))
    value = hand_value(0, 0, 1, ruleset.limit_rules)
    rows.append((t["limit_yakuman"], "", *_cells(ruleset, value.base)))
    return PaymentTable(t["limits"], (t["limit"], t["han"], *_payment_header(ruleset, t)), tuple(rows))


def _payment_header(ruleset: Ruleset, t: dict[str, str]) -> tuple[str, ...]:
    return (t["child_ron"], t["child_tsumo"], t["dealer_ron"], t["dealer_tsumo"])


def _cells(ruleset: Ruleset, base: int) -> tuple[str, str, str, str]:
    rules = ruleset.payment_rules
    child_ron = payments(base, dealer=False, tsumo=False, rules=rules).ron
    child_tsumo = payments(base, dealer=False, tsumo=True, rules=rules)
    dealer_ron = payments(base, dealer=True, tsumo=False, rules=rules).ron
    dealer_tsumo = payments(base, dealer=True, tsumo=True, rules=rules)
    return (
        str(child_ron),
        f"{child_tsumo.from_non_dealer}/{child_tsumo.from_dealer}",
        str(dealer_ron),
        f"{dealer_tsumo.from_non_dealer}∀",
    )


def _payment_tables(ruleset: Ruleset, lang: str) -> tuple[PaymentTable, ...]:
    """Han × fu tables below the limits, computed with this variant's payment rules (R-PAY-1). Cells read
    "ron (tsumo)"; a tsumo shows non-dealer/dealer payments, or ∀ for what each pays a dealer."""
    t = labels.LABELS[lang]
    tables = []
    for dealer in (False, True):
        rows = []
        for fu in FU_COLUMNS:
            cells = [_cell(ruleset, han, fu, dealer, t) for han in HAN_ROWS]
            rows.append((str(fu), *cells))
        title = t["table_dealer"] if dealer else t["table_child"]
        tables.append(PaymentTable(title, (t["fu"], *(t["han_n"].format(han=h) for h in HAN_ROWS)), tuple(rows)))
    return tuple(tables)


def _cell(ruleset: Ruleset, han: int, fu: int, dealer: bool, t: dict[str, str]) -> str:
    """One table cell. 20 fu is only a pinfu tsumo (2 han or more) and 25 fu only seven pairs (2 han or
    more, 3 or more by tsumo), so those cells show — where no hand can have them."""
    if han == 1 and fu in (20, 25):
        return "—"
    value = hand_value(han, fu, 0, ruleset.limit_rules)
    if value.limit is not Limit.NONE:
        return t[f"limit_{value.limit.value}"]
    rules = ruleset.payment_rules
    ron = "—" if fu == 20 else str(payments(value.base, dealer=dealer, tsumo=False, rules=rules).ron)
    tsumo = payments(value.base, dealer=dealer, tsumo=True, rules=rules)
    tsumo_text = f"{tsumo.from_non_dealer}∀" if dealer else f"{tsumo.from_non_dealer}/{tsumo.from_dealer}"
    if fu == 25 and han < 3:
        tsumo_text = "—"
    return f"{ron} ({tsumo_text})"


def _worked_examples(ruleset: Ruleset, lang: str) -> tuple[ExampleView, ...]:
    """For formula payments: the variant's own example hands, scored, as worked rows."""
    views = [_example_view(ruleset, e.win, lang) for e in ruleset.examples.values()]
    return tuple(v for v in views if v.result)[:12]
