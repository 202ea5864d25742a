"""What the editor asks of a position, answered from the text and the last `Analysis`: hover, completion
and definition. Plain functions of (text, position, analysis, language), free of the protocol, so each is
tested on its own and the server only translates.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from variantlang import catalog
from variantlang.catalog import Kind, Setting
from variantlang.catalog.entry import Choice, Context, Switch
from variantlang.catalog.formats import tile_word
from variantlang.hand.tiles import NotationError, parse_tiles
from variantlang.lang.expr.vocabulary import FUNCTIONS, QUANTIFIERS
from variantlang.lang.resolve import VARIANT_SUFFIX, shipped_names
from variantlang.lsp.analysis import Analysis, Place, YakuFacts
from variantlang.lsp.context import Cursor, cursor, word_at
from variantlang.model.facts import CONSTANTS, FACTS, GROUP_ATTRIBUTES, TILE_ATTRIBUTES
from variantlang.rules.pao import CERTAIN

KEYWORDS = {"yaku": ("family", "bonus", "drop", "example", "house")}
"""Words that start a statement in a block besides its settings or yaku ids."""

_KIND_JA = {
    Kind.BOOL: "on / off",
    Kind.INT: "整数",
    Kind.CHOICE: "次の語のいずれか",
    Kind.TILES: "牌の並び",
    Kind.CYCLE: "ドラの循環（1m -> 9m -> 1m）",
    Kind.TEXT: '引用符で囲んだ文（"…"）',
    Kind.INTS: "整数の並び",
    Kind.WORDS: "役の名前の並び",
}
_WORDS = {
    "en": {"type": "Type", "allowed": "Allowed", "default": "Default", "inherited": "Inherited from",
           "unset": "not set there: the built-in default", "defined": "Defined in", "tile": "Tile"},
    "ja": {"type": "型", "allowed": "取り得る値", "default": "既定値", "inherited": "親の値",
           "unset": "親でも未設定（既定値）", "defined": "定義", "tile": "牌"},
}  # fmt: skip


@dataclass(frozen=True)
class Item:
    """A completion: the word, what kind of thing it is, a short detail and a longer documentation."""

    label: str
    kind: str
    """`section`, `setting`, `value`, `yaku`, `fact`, `keyword` or `variant`."""
    detail: str = ""
    documentation: str = ""


def hover(text: str, at: int, analysis: Analysis | None, lang: str) -> str | None:
    """Markdown for the word at `at`: a setting, a yaku or bonus or family, a tile, a fact."""
    found = word_at(text, at)
    if found is None:
        return None
    word, start, end = found
    where = cursor(text, start)
    if re.fullmatch(r"[0-9]+[mpszf]|[東南西北白發発中]", word):
        return _tile(word, lang)
    setting = _setting_at(where, word)
    if setting is not None:
        written = re.match(r"[ \t]+([A-Za-z_][A-Za-z0-9_]*)", text[end:])
        return setting_hover(setting, analysis, lang, written.group(1) if written else None)
    yaku = _yaku(analysis, word)
    if yaku is not None and (where.block in ("yaku", "family") or where.statement):
        return yaku_hover(yaku, lang)
    fact = FACTS.get(word)
    if fact is not None and where.in_expression:
        return f"`{word}`: {fact.meaning}"
    return None


def _tile(word: str, lang: str) -> str | None:
    try:
        tiles = parse_tiles(word)
    except NotationError:
        return None
    return f"{_WORDS[lang]['tile']} `{word}`: " + "、".join(tile_word(t.kind, lang) for t in tiles)


def _setting_at(where: Cursor, word: str) -> Setting | None:
    """The setting whose key is `word`, when it stands at the start of a statement of its section."""
    if where.statement or where.block not in catalog.SECTIONS:
        return None
    return catalog.lookup(where.block, word)


def _yaku(analysis: Analysis | None, word: str) -> YakuFacts | None:
    if analysis is None:
        return None
    return analysis.yaku.get(word) or analysis.inherited_yaku.get(word)


def setting_hover(setting: Setting, analysis: Analysis | None, lang: str, written: str | None = None) -> str:
    """The label, the sheet's sentence for the value in effect (before the file compiles: for the word
    written, an on/off or a choice), the type and allowed values, the default, and the parent's value with
    the file:line that sets it."""
    words = _WORDS[lang]
    lines = [f"**{setting.name(lang)}** `{setting.path}` ({setting.rule})"]
    facts = analysis.settings.get(setting.path) if analysis is not None else None
    sentence = facts.sentence.get(lang) if facts is not None else _sentence(setting, written, lang)
    if sentence:
        lines.append(sentence)
    kind = _KIND_JA[setting.kind] if lang == "ja" else setting.kind.value
    lines.append(f"{words['type']}: {kind}")
    allowed = _allowed(setting, lang)
    if allowed:
        lines.append(f"{words['allowed']}: {allowed}")
    lines.append(f"{words['default']}: `{setting.format(setting.default)}`")
    inherited = analysis.inherited.get(setting.path) if analysis is not None else None
    if inherited is not None and analysis is not None and analysis.parent is not None:
        parent = Path(analysis.parent.path).stem
        where = _where(inherited.place) if inherited.place is not None else words["unset"]
        lines.append(f"{words['inherited']} `{parent}`: `{inherited.shown}` ({where})")
    return "\n\n".join(lines)


def _sentence(setting: Setting, word: str | None, lang: str) -> str | None:
    """The sheet's sentence for a word as written, where the word alone decides it."""
    if word is None:
        return None
    if isinstance(setting.prose, Switch) and word in catalog.BOOL_WORDS:
        return setting.sentence(catalog.BOOL_WORDS[word], Context(lang))
    if isinstance(setting.prose, Choice) and word in setting.prose.words:
        return setting.sentence(word, Context(lang))
    return None


def _allowed(setting: Setting, lang: str) -> str:
    if isinstance(setting.prose, Switch):
        return "`on`, `off`"
    if isinstance(setting.prose, Choice):
        return ", ".join(
            f"`{w}` ({setting.brief(w, Context(lang))})" if w in setting.short else f"`{w}`"
            for w in setting.prose.words
        )
    if setting.kind is Kind.INT and setting.low is not None and setting.high is not None:
        return f"{setting.low}–{setting.high}"
    return ""


def _where(place: Place) -> str:
    return f"{place.span.file}:{place.span.line}"


def yaku_hover(yaku: YakuFacts, lang: str) -> str:
    """The names, the value (han) and the sheet's definition; where it is defined."""
    names = " / ".join(n for n in (yaku.name_ja, yaku.name_en) if n)
    head = f"**{names}** `{yaku.id}`"
    if yaku.value.get(lang):
        head += f" — {yaku.value[lang]}"
    lines = [head]
    if yaku.definition.get(lang):
        lines.append(yaku.definition[lang])
    if yaku.place is not None:
        lines.append(f"{_WORDS[lang]['defined']} {_where(yaku.place)}")
    return "\n\n".join(lines)


def complete(text: str, at: int, analysis: Analysis | None, lang: str, folder: Path | None) -> list[Item]:
    """What may be written at `at`: sections, settings, a setting's words, yaku ids, facts, variant names."""
    where = cursor(text, at)
    if where.block == "variant":
        if where.statement == ["extends"]:
            return _variants(folder)
        if not where.statement:
            return [Item(n, "section") for n in (*catalog.SECTION_NAMES, "yaku")] + [Item("extends", "keyword")]
        return []
    if where.in_expression:
        return _expression(where)
    if where.block in catalog.SECTIONS:
        return _in_section(where, analysis, lang)
    if where.block in ("yaku", "family"):
        first = where.statement[0] if where.statement else None
        if first is None:
            keywords = [Item(k, "keyword") for k in KEYWORDS.get(where.block, ())]
            return keywords + _yaku_ids(analysis, lang)
        if first == "drop" or (first == "example" and len(where.statement) == 1):
            return _yaku_ids(analysis, lang)
    return []


def _variants(folder: Path | None) -> list[Item]:
    names = {n: "shipped" for n in shipped_names()}
    if folder is not None and folder.is_dir():
        names.update({p.stem: str(p.name) for p in folder.glob(f"*{VARIANT_SUFFIX}") if p.stem not in names})
    return [Item(n, "variant", detail) for n, detail in sorted(names.items())]


def _in_section(where: Cursor, analysis: Analysis | None, lang: str) -> list[Item]:
    if not where.statement:
        return [
            Item(s.key, "setting", s.name(lang), _KIND_JA[s.kind] if lang == "ja" else s.kind.value)
            for s in catalog.SECTIONS[where.block][1]
        ]
    setting = catalog.lookup(where.block, where.statement[0])
    if setting is None:
        return []
    if isinstance(setting.prose, Switch):
        return [
            Item("on", "value", documentation=setting.sentence(True, Context(lang))),
            Item("off", "value", documentation=setting.sentence(False, Context(lang))),
        ]
    if isinstance(setting.prose, Choice):
        context = Context(lang)
        return [
            Item(w, "value", setting.brief(w, context) or "", setting.sentence(w, context)) for w in setting.prose.words
        ]
    if setting.kind is Kind.WORDS:  # `win.pao`: the yaku a call can make certain, as `check` takes (E0116)
        return [item for item in _yaku_ids(analysis, lang) if item.label in CERTAIN]
    return []


def _yaku_ids(analysis: Analysis | None, lang: str) -> list[Item]:
    if analysis is None:
        return []
    known = {**analysis.inherited_yaku, **analysis.yaku}  # a file that does not parse yet: its parent's
    return [
        Item(y.id, "yaku", " / ".join(n for n in (y.name_ja, y.name_en) if n), y.value.get(lang, ""))
        for y in sorted(known.values(), key=lambda y: y.id)
    ]


def _expression(where: Cursor) -> list[Item]:
    """Facts of the win (payment-only ones in `payment`), quantifiers and names; attributes after `x.`."""
    if where.attribute_of is not None:
        return [Item(a, "fact") for a in dict.fromkeys((*GROUP_ATTRIBUTES, *TILE_ATTRIBUTES))]
    payment = where.block == "payment"
    items = [Item(n, "fact", f.type.value, f.meaning) for n, f in FACTS.items() if payment or not f.payment_only]
    items += [Item(q, "keyword", "quantifier" if q in QUANTIFIERS else "function") for q in (*QUANTIFIERS, *FUNCTIONS)]
    return items + [Item(c, "value") for c in CONSTANTS]


def definition(text: str, at: int, analysis: Analysis | None) -> Place | None:
    """Where the word at `at` is defined: the parent file from `extends`; for a setting or yaku, the line of
    the parent that sets it (a yaku referred to, as by `drop` or `pao`: its definition)."""
    found = word_at(text, at)
    if found is None or analysis is None:
        return None
    word, start, _ = found
    line_start = text.rfind("\n", 0, start) + 1
    if re.match(r"\s*extends\s", text[line_start:start]):
        return analysis.parent
    where = cursor(text, start)
    setting = _setting_at(where, word)
    if setting is not None:
        inherited = analysis.inherited.get(setting.path)
        return inherited.place if inherited is not None else None
    defining = where.block in ("yaku", "family") and where.statement in ([], ["house"], ["bonus"])
    order = (analysis.inherited_yaku, analysis.yaku) if defining else (analysis.yaku, analysis.inherited_yaku)
    for table in order:
        if word in table and table[word].place is not None:
            return table[word].place
    return None
