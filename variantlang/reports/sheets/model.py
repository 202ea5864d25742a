"""The rule sheet as data: everything a template prints, computed from the Ruleset and the scorer.

Templates only lay this out. Sentences come from the catalog entries, payment tables from `points`, worked
examples from `scoring`, so a sheet cannot disagree with what the engine plays.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import partial
from math import gcd
from typing import Any

from variantlang import catalog
from variantlang.api import load, scorer
from variantlang.catalog import Text, formats
from variantlang.catalog.about import DECISION, WHY, decided_at
from variantlang.catalog.draws import NAGASHI_NO_NOTEN
from variantlang.catalog.entry import Context, Template
from variantlang.catalog.tiles import REPLACEMENT
from variantlang.catalog.yaku import CHIITOITSU_QUADS, DEFINITIONS, REDEFINED, TRIPLET_OF
from variantlang.hand.decomposition import Group, GroupKind, Meld, MeldType
from variantlang.hand.notation import format_hand
from variantlang.hand.points import Limit, Value, payments
from variantlang.hand.tiles import FLOWER_BASE, KINDS, TON, Mark, Tile, TileSet, format_tiles, kind_name, parse_tiles
from variantlang.model.ruleset import BonusRule, Formula, Ruleset, YakuRule, indicator_group, next_in_set
from variantlang.model.win import CIRCUMSTANCES, Score, ScoredYaku, WinInput
from variantlang.reports.diff import DiffEntry, diff
from variantlang.reports.sheets import labels
from variantlang.reports.sheets.prose import VARIABLES, Words, amount, calls_except, hand_kind, prose
from variantlang.reports.sheets.tiles import MARK_NAME, mark_of
from variantlang.rules.limits import kiriage, uses_fu, worth
from variantlang.rules.playable import unsupported
from variantlang.rules.standing import Tally, final_standing
from variantlang.scoring.scorer import ScoreError
from variantlang.syntax import ast
from variantlang.syntax.unparse import unparse

FU_COLUMNS = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
HAN_ROWS = (1, 2, 3, 4)

SECTIONS = ("setup", "play", "hand_end", "game_end", "scoring", "yaku", "dora", "penalties")
"""The numbered sections of the sheet, in the order a player needs them (issue 22: tiles and setup, play,
how a hand ends and then the game, what it pays, yaku and the dora added to them, penalties); each setting
names its own (`Setting.sheet`: a nuki, set aside on one's own turn, is play)."""


@dataclass(frozen=True)
class Row:
    path: str
    label: str
    value: str
    text: str
    rule: str
    changed: bool
    """Differs from the parent variant (marked on the sheet)."""
    decision: str = ""
    """The variant's decision on this rule where the source is silent (a note 「判断［path］：…」), printed
    marked at the rule."""
    decided: bool = False
    """A decision was made at this rule: marked with the badge, with `decision` beside it, or alone where the
    decision covers many rules and is said once (`Sheet.shared_decisions`)."""


@dataclass(frozen=True)
class Statement:
    """What one place of the sheet says about one setting: the check that a sheet never contradicts
    itself reads these, not the printed text."""

    path: str
    place: str
    """`glance`, `differences` or the section key."""
    value: str


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
    definition: str = ""
    """What the hand must be, one line in the sheet's language (from the checked condition)."""


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
    statements: tuple[Statement, ...] = ()
    calls_table: PaymentTable | None = None
    furiten_table: PaymentTable | None = None
    nuki_table: PaymentTable | None = None
    """The nuki rules (the card's box; the sheet states them in its dora section), or None."""
    riichi_table: PaymentTable | None = None
    """The card's riichi and dora box (`CARD_RIICHI_DORA`), where the card has room for it."""
    penalty_table: PaymentTable | None = None
    quick: PaymentTable | None = None
    """The quick reference in the club's own unit (`about.stick`: 囲将会's 本), or None."""
    files: dict[str, str] = field(default_factory=dict)
    decisions: tuple[str, ...] = ()
    """Notes on what the source did not decide and this sheet did, printed with a visible mark."""
    shared_decisions: tuple[tuple[str, str], ...] = ()
    """Decisions made at many rules at once (「判断［tiles.remove calls.chi …］：…」), each said once, with the rules
    it covers in words, at the head of the first section that states one of them: (section key, line)
    (reader s35 #30: DORA 3p printed one sentence eleven times)."""
    card_decisions: tuple[str, ...] = ()
    """Every decision for the card, which has no rule rows: those made at a rule (`Row.decision`) headed by
    the rule's label."""
    by_family: bool = False
    """The yaku tables are grouped by family, not by han."""
    one_han: bool = False
    """Every yaku is worth the same closed and open (鳴き立直: a call's cost is in the payment), so the
    tables print one han column, not a closed and an open one that would always agree."""
    flow: tuple[str, ...] = ()
    """A variant's own flow of play, step by step as its source writes it (notes `Flow: …` / `手順：…`)."""
    unplayable: tuple[str, ...] = ()
    """What the engine cannot play (`rules.playable`), for the rule authors' appendix."""
    scoring_flow: tuple[str, ...] = ()
    """Its scoring flowchart, step by step (notes `Scoring: …` / `採点：…`)."""
    worked_intro: str = ""
    dora_example: ExampleView | None = None
    """A red copy of a nuki kind set aside, scored: every dora it is counts (囲将会 §2.4: a red 5萬 is 4)."""
    settlement_example: tuple[str, str] | None = None
    """The end of the game worked through `final_standing` (assumptions, result), where the club counts in
    sticks and pays a top prize (囲将会 §1.3), or None."""
    card_play: tuple[str, ...] = ()
    """The card's play that differs from the usual four-player game (`CARD_PLAY`), as the sections say it."""
    notation: str = ""
    """How the Markdown sheet's example hands are written (`_notation`): the HTML draws them as tiles."""
    card_tsumo: str = ""
    """How the card's tables are paid on a tsumo at three players, the sheet's sentence (`payment.tsumo_split`):
    "tsumo loss" glossed where 「4000オール」 could be read as three payers (reader s35 #16)."""
    glance_changed: frozenset[str] = frozenset()
    """The glance rows (by label) that say something else than the parent's, or that it has not: marked ◆ as
    the rules that differ, since every glance value is bold (reader s35 #15)."""
    examples_assume: str = ""
    """What the yaku examples assume and do not show, from the values they are scored with: the round, the
    dealer's seat, no honba or sticks, no dora but those drawn (reader s35 #13); said once above the tables."""
    legend: frozenset[str] = frozenset()
    """What the yaku legend explains, each only where the tables have one (`_legend`): "house" (★), "reduced"
    (bold: kuisagari), "dash" (—: closed only), "family"."""

    @property
    def decision_room(self) -> int:
        """How many worked examples' room the card's decisions take: a row of two examples per 1,400 units of
        printed width, a Japanese character counting two (a count of decisions misjudges long English ones).
        Whole rows, as the examples lie two to a row: an odd count freed half a row only, and the en card of
        鳴き立直 printed 3 examples to the ja card's 4 (reader s34 #13)."""
        return 2 * (sum(2 if ord(c) > 0x2E80 else 1 for note in self.card_decisions for c in note) // 1400)

    @property
    def after_rules(self) -> dict[str, int]:
        """The numbers of the sections that follow the rules, in order: the notes and decisions (a player
        reads the rules first, issue 22), the differences from the parent, the glossary; a section the
        sheet does not have gets no number."""
        keys = ["notes"] if self.notes or self.decisions else []
        keys += ["differences"] if self.parent else []
        return {key: number for number, key in enumerate([*keys, "glossary"], start=self.sections[-1].number + 1)}


def build(ruleset: Ruleset, lang: str, parent: Ruleset | None = None) -> Sheet:
    """The sheet of `ruleset` in `lang` ("ja" or "en"); `parent` gives the differences table."""
    t = labels.LABELS[lang]
    about = ruleset.about
    differences = _localized(_applying(diff(parent, ruleset), ruleset), parent, ruleset, lang) if parent else ()
    changed = {d.path for d in differences}
    decided = _decided(about.notes, lang)
    flow = _steps(about.notes, lang, "flow")
    changed |= _said_otherwise(ruleset, parent, lang) if parent else set()
    sections = _sections(ruleset, lang, changed, 3 if flow else 2, decided)
    context, glance = ruleset.sentence_context(lang), _glance(ruleset, lang)
    shared = _shared_decisions(about.notes, context, sections)
    nuki_table = _nuki_table(ruleset, lang)
    yaku_tables = _yaku_tables(ruleset, lang)
    yakuman = tuple(_yaku_row(ruleset, r, lang) for r in _ordered(ruleset) if r.yakuman)
    bonuses = tuple(_bonus_rows(ruleset, lang))
    worked = _worked_examples(ruleset, lang, parent) if not uses_fu(ruleset.payment) else ()
    dora_example = _red_nuki_example(ruleset, lang)
    rows = (*(y for table in yaku_tables for y in table.rows), *yakuman, *bonuses)
    title, subtitle = (ruleset.name_ja, "") if lang == "ja" else (ruleset.name_en or ruleset.name_ja, ruleset.name_ja)
    return Sheet(
        lang=lang,
        t=t,
        name=ruleset.name,
        title=title,
        subtitle=subtitle,
        chain=_chain(ruleset, parent, lang),
        source=" ".join(public(n) for n in notes_in(about.source, lang, marked=False)),
        credit=about.credit,
        version=about.version,
        notes=tuple(
            n for n in notes_in(about.notes, lang) if not (_decision(n) or _step(n)[0] or _term(n) or _OFFENCE.match(n))
        ),
        decisions=tuple(_decision(n) for n in notes_in(about.notes, lang) if _decision(n) and not decided_at(n)),
        shared_decisions=shared,
        card_decisions=tuple(_card_decision(n, context) for n in notes_in(about.notes, lang) if _decision(n)),
        flow=flow,
        scoring_flow=_steps(about.notes, lang, "scoring"),
        digest=ruleset.source_hash,
        glance=glance,
        glance_changed=_glance_changed(glance, parent, lang),
        parent=_title(parent, lang) if parent is not None else None,
        differences=differences,
        sections=sections,
        dora_map=_dora_map(ruleset),
        yaku_tables=yaku_tables,
        by_family=_by_family(ruleset),
        one_han=all(y.closed == y.open for table in yaku_tables for y in table.rows),
        yakuman=yakuman,
        bonuses=bonuses,
        dropped=_dropped_names(ruleset, parent, lang),
        fu_rows=_fu_rows(ruleset, lang) if uses_fu(ruleset.payment) else (),
        limit_table=_limit_table(ruleset, lang) if uses_fu(ruleset.payment) else None,
        payment_tables=_payment_tables(ruleset, lang) if uses_fu(ruleset.payment) else (),
        formula=formula_lines(ruleset.formulas, lang, _hands_named(ruleset, lang), ruleset.about.stick),
        formula_intro=(" " if lang == "en" else "").join(
            [
                t["formula_intro_whole" if _whole_hundreds(ruleset) else "formula_intro"],
                *([t["formula_payer"]] if ruleset.payer_aware else []),
            ]
        ),
        worked=worked,
        worked_intro=_worked_intro(ruleset, lang),
        dora_example=dora_example,
        settlement_example=_settlement_example(ruleset, lang),
        glossary=_glossary(ruleset, lang),
        tile_groups=_tile_groups(ruleset, lang),
        yaku_changes=_yaku_changes(parent, ruleset, lang) if parent is not None else (),
        statements=_statements(ruleset, lang, differences, sections),
        calls_table=_calls_table(ruleset, lang),
        furiten_table=_furiten_table(ruleset, lang),
        nuki_table=nuki_table,
        penalty_table=_penalty_table(ruleset, lang),
        unplayable=tuple(unsupported(ruleset)),
        quick=_quick_reference(ruleset, lang) if ruleset.about.stick else None,
        card_play=_card_play(ruleset, sections),
        card_tsumo=next((r.text for sec in sections for r in sec.rows if r.path == "payment.tsumo_split"), ""),
        riichi_table=None if nuki_table or flow else _riichi_dora_table(sections, lang),
        notation=_notation([v.win for v in (*(y.example for y in rows), *worked, dora_example) if v], lang),
        legend=_legend(rows),
        examples_assume=_examples_assume(ruleset, [y.example.win for y in rows if y.example], lang),
    )


def _examples_assume(ruleset: Ruleset, wins: list[WinInput], lang: str) -> str:
    """What every yaku example is scored with and does not show (`WinInput`'s round, honba, sticks and dora),
    each said only where all the examples agree on it and the variant has it; "" with no examples."""
    if not wins:
        return ""
    t = labels.LABELS[lang]
    said = []
    if len({win.round_wind for win in wins}) == 1:
        said.append(t["examples_round"].format(wind=labels.WIND_NAMES[lang][wins[0].round_wind - TON]))
    if ruleset.has_dealer():
        said.append(t["examples_dealer"])
    if ruleset.honba_counts():  # a row with honba says so (`_circumstances`)
        said.append(t["examples_honba_shown" if any(win.honba for win in wins) else "examples_honba"])
    if ruleset.riichi.enabled and ruleset.riichi.stick and not any(win.riichi_sticks for win in wins):
        said.append(t["examples_sticks"])
    shown = [
        *([t["examples_red"]] if ruleset.tiles.red else []),
        *([t["examples_indicators"]] if any(w.dora_indicators or w.ura_indicators for w in wins) else []),
        *([t["examples_nuki"]] if any(w.nuki for w in wins) else []),
    ]
    said.append(t["examples_dora"].format(shown=t["list_sep"].join(shown)) if shown else t["examples_no_dora"])
    return t["examples_assume"].format(what=t["list_sep"].join(said))


def _legend(rows: tuple[YakuRow, ...]) -> frozenset[str]:
    """The legend lines the yaku tables need: a ★ only where a house yaku is printed, bold only where a yaku
    is worth less open, — only where one is closed only, the family only where a yaku has one (鳴き立直 has
    none of the first three)."""
    needs = {
        "house": any(y.house for y in rows),
        "reduced": any(y.reduced for y in rows),
        "dash": any("—" in (y.closed, y.open) for y in rows),
        "family": any(y.family for y in rows),
    }
    return frozenset(key for key, needed in needs.items() if needed)


def _notation(wins: list[WinInput], lang: str) -> str:
    """The legend of the tile notation, naming only what the sheet's hands use (no flowers in a variant
    without them): a club member reads `234m456p · 和了牌 5s`, not the scorer's input format."""
    if not wins:
        return ""
    t = labels.LABELS[lang]
    melds = [meld for win in wins for meld in win.melds]
    tiles = [
        *(tile for win in wins for tile in (*win.closed, win.winning_tile, *win.dora_indicators, *win.nuki)),
        *(tile for meld in melds for tile in meld.tiles),
    ]
    used = {
        "notation_red": any(tile.red for tile in tiles),
        "notation_flower": any(tile.is_flower for tile in tiles),
        "notation_called": any(meld.is_open for meld in melds),
        "notation_concealed_kan": any(not meld.is_open for meld in melds),
    }
    marks = [
        t["notation_mark"].format(code=mark.value, mark=t[f"mark_{MARK_NAME[mark]}"])
        for mark in Mark
        if mark not in (Mark.PLAIN, Mark.RED) and any(tile.mark is mark for tile in tiles)
    ]
    parts = [t["notation_suits"], *(t[key] for key, needed in used.items() if needed), *marks]
    return t["notation"].format(parts=t["notation_sep"].join(parts))


CARD_PLAY = ("calls.chi", "game.renchan")
"""Play a card states in full where it is not the usual four-player game's (the catalog's default): no chi and
the dealer's rotation (囲将会: チーなし, the last winner deals). Nuki and its limits are the card's nuki box
(`NUKI_RULES`)."""


def _card_play(ruleset: Ruleset, sections: tuple[Section, ...]) -> tuple[str, ...]:
    said = {row.path: row.text for section in sections for row in section.rows}
    return tuple(
        said[path]
        for path in CARD_PLAY
        if path in said and ruleset.value(catalog.BY_PATH[path]) != catalog.BY_PATH[path].default
    )


CARD_RIICHI_DORA = (
    "riichi.stick",
    "riichi.min_wall",
    "riichi.at_1000",
    "riichi.furiten_riichi",
    "riichi.ankan",
    "dora.ura",
    "dora.kan_dora_timing",
    "dora.red_value",
    "draws.nagashi_mangan",
)
"""What a player asks at the table about riichi and dora (its cost and when it may be declared, furiten riichi, a
kan after it; ura, kan dora timing, red tiles) and nagashi: on a card with no nuki box and no flow of its own,
whose second page has room (reader s33 #21: standard's p.2 was two-thirds empty)."""


def _riichi_dora_table(sections: tuple[Section, ...], lang: str) -> PaymentTable | None:
    """The card's riichi and dora box: each rule of `CARD_RIICHI_DORA` the sheet states, in the sentence it
    prints there (only where no nuki box or flow of play of its own fills the card already)."""
    said = {row.path: row.text for section in sections for row in section.rows}
    rows = tuple((catalog.BY_PATH[path].name(lang), said[path]) for path in CARD_RIICHI_DORA if path in said)
    t = labels.LABELS[lang]
    title = t["riichi_dora_nagashi_table" if "draws.nagashi_mangan" in said else "riichi_dora_table"]
    return PaymentTable(title, (t["rule"], t["value"]), rows) if rows else None


def _glossary(ruleset: Ruleset, lang: str) -> tuple[tuple[str, str, str], ...]:
    """The terms the sheet uses, each as this variant means it: a term for what the variant does not have is
    left out (fu under a formula, ura dora, a dead wall, nuki, riichi, tobi, honba that count for nothing, a
    dealer who never repeats, a deposit nothing is put into), and han, dora, the dead wall and
    the deposit are said as its rules count them."""
    fu, counted = uses_fu(ruleset.payment), ruleset.sentence_context(lang).dora_counted
    dead_wall = ruleset.tiles.dead_wall
    has = {
        "符": fu,
        "裏ドラ": ruleset.dora.ura,
        "赤ドラ": bool(ruleset.tiles.red),
        "抜きドラ": bool(ruleset.dora.nuki) or (ruleset.dora.flowers_as_nuki and ruleset.tiles.flowers > 0),
        "王牌": dead_wall > 0,
        "幢": dead_wall > 0,  # the indicator's place is counted in stacks (「3幢目」)
        # the term where a sentence uses it: the ron rule, and the ja tie rule (「親の位置から頭ハネの順」)
        "頭ハネ": ruleset.win.multiple_ron == "head_bump" or (lang == "ja" and ruleset.game.ties == "last_winner"),
        "立直": ruleset.riichi.enabled,
        "副露": ruleset.calls.chi or ruleset.calls.pon or ruleset.calls.kan,
        "飛び": ruleset.game.tobi != "off",
        "本場": ruleset.honba_counts(),
        "連荘": ruleset.game.renchan != "none",
        "親": ruleset.has_dealer(),
        "子": ruleset.has_dealer(),
        "供託": bool(ruleset.riichi.enabled and ruleset.riichi.stick)
        or bool(ruleset.penalties.bappu and ruleset.penalties.bappu_deposit),
        "喰い下がり": any(
            r.open is not None and r.closed is not None and r.open < r.closed for r in ruleset.all_yaku()
        ),
    }
    meant = {} if fu else {k: v for k, v in labels.GLOSSARY_WITHOUT_FU[lang].items() if counted or k == "翻"}
    one = (
        ("1枚につきドラ1つ" if counted else "1枚につき1翻")
        if lang == "ja"
        else ("one dora each" if counted else "one han each")
    )
    # which tiles, and that they are no yaku (reader s35 #31: "tile set aside for a bonus, replaced by …")
    aside = [formats.tile_words(ruleset.dora.nuki, lang)] if ruleset.dora.nuki else []
    aside += [labels.LABELS[lang]["card_flowers"]] if ruleset.dora.flowers_as_nuki and ruleset.tiles.flowers else []
    nuki = labels.GLOSSARY_NUKI[lang][0 if dead_wall else 1].format(tiles=labels.LABELS[lang]["list_sep"].join(aside))
    meant["抜きドラ"] = f"{nuki}。{one}（役ではない）" if lang == "ja" else f"{nuki} ({one}; not a yaku)"
    meant["王牌"] = labels.GLOSSARY_DEAD_WALL[lang].format(n=dead_wall)
    meant["副露"] = _called_meld(ruleset, lang)
    if ruleset.penalties.agari_houki:
        meant["チョンボ"] = labels.GLOSSARY_CHOMBO_DEAD_HAND[lang]
    if ruleset.penalties.bappu and ruleset.penalties.bappu_deposit:
        meant["供託"] = labels.GLOSSARY_DEPOSIT[lang]
    own = [found for found in map(_term, notes_in(ruleset.about.notes, lang)) if found]
    if ruleset.about.stick:
        stick = f"{ruleset.about.stick:,}"
        own.insert(
            0,
            ("本", "ホン", f"点棒の数え方。1本＝{stick}点")
            if lang == "ja"
            else ("本", "hon", f"stick: {stick} points"),
        )
    meant |= _as_ruled(ruleset, lang, counted)
    has["役満"] = any(r.yakuman for r in ruleset.all_yaku())
    meant |= {term: meaning for term, _, meaning in own}
    known = {term for term, _, _ in labels.GLOSSARY[lang]}
    general = [
        (term, reading, meant.get(term, meaning))
        for term, reading, meaning in labels.GLOSSARY[lang]
        if has.get(term, True)
    ]
    return (*general, *(entry for entry in own if entry[0] not in known))


def _as_ruled(ruleset: Ruleset, lang: str, counted: bool) -> dict[str, str]:
    """Han, yaku, riichi and furiten as the variant's rules answer them (`labels.GLOSSARY_AS_RULED`): han
    without dora where dora are a count, yaku with no minimum, riichi with no stick, furiten on one tile, the
    dealer where the last winner deals, honba where the dealer never repeats."""
    words = labels.GLOSSARY_AS_RULED[lang]
    riichi = ruleset.riichi
    out = {}
    if counted:
        out["翻"] = words["翻_counted"]
    if ruleset.win.min_han == 0:
        out["役"] = words["役_no_minimum"]
    if not riichi.stick:
        out["立直"] = words["立直_no_stick"]
    if riichi.furiten == "tile":
        tile = "振聴_tile_indicators" if riichi.furiten_indicators else "振聴_tile"
        out["振聴"] = words[tile + "_tsumo" if riichi.furiten_tsumo else tile]
    if ruleset.game.renchan == "last_winner":  # the deal does not pass to the next seat (囲将会 §1.1)
        out["親"] = words["親_last_winner"]
    if ruleset.game.renchan == "none":  # honba count draws only, as the dealer-repeat rule says (reader s35 #14)
        out["本場"] = words["本場_none"]
    return out


def _called_meld(ruleset: Ruleset, lang: str) -> str:
    """副露 as the variant's calls make it: 「ポン・カンで…」 where there is no chi."""
    text, sep, names = labels.GLOSSARY_CALLS[lang]
    calls = ruleset.calls
    allowed = [names[k] for k, on in (("chi", calls.chi), ("pon", calls.pon), ("kan", calls.kan)) if on]
    return text.format(calls=sep.join(allowed))


_SINGLED_OUT = ("tiles.remove", "dora.always", "dora.nuki")


def _tile_groups(ruleset: Ruleset, lang: str) -> tuple[TileGroup, ...]:
    """The tile lists of the catalog that are set (the tiles section's marked copies drawn with their mark),
    then the flowers."""
    groups = []
    context, always = ruleset.sentence_context(lang), dora_names(ruleset, lang)["always"]
    for setting in catalog.SETTINGS:
        if setting.kind is not catalog.Kind.TILES or not ruleset.value(setting):
            continue
        mark = mark_of(setting.path)
        if mark is Mark.PLAIN and setting.path not in _SINGLED_OUT:
            continue
        tiles = [Tile(t.kind, mark) if mark is not Mark.PLAIN else t for t in ruleset.value(setting)]
        name = always if setting.path == "dora.always" else setting.name(lang, context)
        groups.append(TileGroup(setting.path, name, format_tiles(tiles)))
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
    if rule.limit is not None:
        return labels.LABELS[lang][f"limit_{rule.limit.value}"]
    closed, open_ = _han_text(rule.closed), _han_text(rule.open)
    return closed if closed == open_ else f"{closed}/{open_}"


def _yaku_changes(parent: Ruleset, ruleset: Ruleset, lang: str) -> tuple[YakuChange, ...]:
    """Yaku whose value differs from the parent's, new ones and dropped ones, in this variant's order."""
    before = {r.id: r for r in parent.all_yaku()}
    after = {r.id: r for r in ruleset.all_yaku()}
    kept = _still_counted(ruleset, parent)
    shown = [*after.values(), *(r for i, r in before.items() if i not in kept)]
    out = []
    for rule in shown:
        old_text = _han_pair(parent, before.get(rule.id), lang)
        new_text = _han_pair(ruleset, after.get(rule.id), lang)
        if rule.id not in after:
            new_text = _counted_as(parent, ruleset, rule.id, lang) or new_text
        if old_text != new_text:
            name = rule.name_ja if lang == "ja" else rule.name_en or rule.name_ja
            out.append(YakuChange(name + (" ★" if rule.house else ""), old_text, new_text))
    return tuple(out)


def _yaku_name(rule: YakuRule, lang: str) -> str:
    return rule.name_ja if lang == "ja" else rule.name_en or rule.name_ja


def _not_used(parent: Ruleset, ruleset: Ruleset, yaku_id: str, lang: str) -> str:
    """What the variant's side of a dropped parent yaku says besides 「採用しない」: riichi where a declaration
    is still needed to win (鳴き立直: not a yaku, but required), or what its hand is paid as (`_counted_as`)."""
    if yaku_id in _DECLARED and ruleset.riichi.declaration_required:
        return labels.LABELS[lang]["declaration_not_yaku"]
    return _counted_as(parent, ruleset, yaku_id, lang)


_DECLARED = frozenset({"riichi", "double_riichi"})
"""The yaku that are a declaration (ippatsu is a win soon after one, not a declaration)."""


def _counted_as(parent: Ruleset, ruleset: Ruleset, yaku_id: str, lang: str) -> str:
    """What a yaku the variant drops is paid as (`_paid_as`): 「国士無双（役満1つ）として数える」 (囲将会's
    国士無双十三面待ち), 「三色（3翻）として数える」 (鳴き立直's 三色同刻); empty where nothing pays its hand."""
    paid = _paid_as(parent, ruleset, yaku_id)
    if not paid:
        return ""
    t = labels.LABELS[lang]
    names = [y.name_ja if lang == "ja" else y.name_en or y.name_ja for y in paid]
    yakuman = sum(y.yakuman for y in paid)
    if not yakuman:
        value = f"{paid[0].han}{t['han_unit']}"
    else:
        value = ("役満1つ" if lang == "ja" else "one yakuman") if yakuman == 1 else f"{t['yakuman']}×{yakuman}"
    return t["counted_as"].format(names=t["list_sep"].join(names), value=value)


def _paid_as(parent: Ruleset, ruleset: Ruleset, yaku_id: str) -> tuple[ScoredYaku, ...]:
    """The yaku the variant pays the parent's example of a yaku it drops with: the example's yakuman, if the
    variant scores one (囲将会's 国士無双十三面待ち: 国士無双); else the one yaku that stands for it. Where the
    variant keeps the dropped yaku's family, that is the member it scores (鳴き立直's 四暗刻単騎: 四暗刻); else,
    among the yaku the variant gives the example and the parent does not, the highest, a yaku new to the
    variant before one the parent has (鳴き立直's 字一色: 絶三門, not 四暗刻). None for a yaku of the win's
    circumstances (嶺上開花's example holds a kan, and the kan is not what it pays), nor where nothing scores."""
    example, rule = parent.examples.get(yaku_id), next((r for r in parent.all_yaku() if r.id == yaku_id), None)
    if example is None or rule is None:
        return ()
    try:
        result = scorer(ruleset).score(example.win)
    except ScoreError:
        return ()
    if result.yakuman:
        return tuple(y for y in result.yaku if y.yakuman)
    if any(name in CIRCUMSTANCES for name in ast.names(rule.condition_expr)):
        return ()
    own = {r.id for r in ruleset.all_yaku()}
    family = {m.id for g in parent.yaku if rule in g.members for m in g.members} & own
    given = {y.id for y in scorer(parent).score(example.win).yaku}
    candidates = [y for y in result.yaku if (y.id in family if family else y.id not in given)]
    parents = {r.id for r in parent.all_yaku()}
    return (max(candidates, key=lambda y: (y.han, y.id not in parents)),) if candidates else ()


def _calls_table(ruleset: Ruleset, lang: str) -> PaymentTable:
    """Call priority and timing (EMA/WRC "calls and precedence"): ron first, then pon and kan, then chi,
    each only as the variant allows it."""
    t = labels.LABELS[lang]
    setting = catalog.BY_PATH["win.multiple_ron"]
    rows = [
        (
            _short(catalog.BY_PATH["win.call"], ruleset, lang),
            "1",
            f"{t['call_ron_text']}（{_short(setting, ruleset, lang)}）"
            if lang == "ja"
            else f"{t['call_ron_text']}; {setting.name(lang).lower()}: {_short(setting, ruleset, lang)}",
        )
    ]
    if ruleset.calls.pon or ruleset.calls.kan:
        rows.append((t["call_pon"], "2", t["call_pon_text" if ruleset.calls.chi else "call_pon_text_no_chi"]))
    if ruleset.calls.chi:
        rows.append((t["call_chi"], "3", t["call_chi_text"]))
    kuikae = catalog.BY_PATH["calls.kuikae"]
    if kuikae.said(ruleset):  # the call rule players from another table get wrong most (reader s35 #8)
        rows.append((kuikae.name(lang), "", _short(kuikae, ruleset, lang)))
    rows.append((t["call_timing"], "", t["call_timing_text"]))
    return PaymentTable(t["calls_table"], (t["call"], t["priority"], t["when_allowed"]), tuple(rows))


def _furiten_table(ruleset: Ruleset, lang: str) -> PaymentTable:
    """The furiten a player meets: own discards, a passed win (temporary) and a passed win after riichi (the
    last two only where a passed win makes furiten, `riichi.missed_furiten`), and what it does to a tsumo."""
    t = labels.LABELS[lang]
    context = ruleset.sentence_context(lang)
    furiten = catalog.BY_PATH["riichi.furiten"]
    rows = [(t["furiten_discards"], furiten.sentence(ruleset.riichi.furiten, context))]
    passed = ruleset.riichi.missed_furiten
    sentence = catalog.BY_PATH["riichi.missed_furiten"].sentence(passed, context)
    rows.append((t["furiten_temporary" if passed else "furiten_missed"], sentence))
    missed = catalog.BY_PATH["riichi.missed_win_chombo"]
    if missed.applies_under(ruleset):
        rows.append((t["furiten_riichi"], missed.sentence(ruleset.riichi.missed_win_chombo, context)))
    indicators = catalog.BY_PATH["riichi.furiten_indicators"]
    if indicators.applies_under(ruleset) and ruleset.riichi.furiten_indicators:
        rows.append((indicators.name(lang, context), indicators.sentence(True, context)))
    tsumo = catalog.BY_PATH["riichi.furiten_tsumo"]  # whether a discarded tile bars a tsumo too (鳴き立直)
    rows.append((t["furiten_tsumo"], tsumo.sentence(ruleset.riichi.furiten_tsumo, context)))
    return PaymentTable(t["furiten_table"], (t["rule"], t["value"]), tuple(rows))


NUKI_RULES = (
    "dora.nuki",
    "dora.nuki_mode",
    "dora.nuki_in_hand",
    "dora.nuki_kept_dora",
    "dora.nuki_indicated",
    "dora.nuki_discard",
    "calls.nuki_callable",
    "dora.nuki_ron",
    "dora.nuki_aside_only",
    "dora.nuki_breaks_ippatsu",
    "dora.nuki_at_haitei",
    "dora.nuki_rinshan",
    "dora.flowers_as_nuki",
)
"""The settings of the card's nuki box, each where the sheet states it."""

CARD_DORA = ("dora.flower_honour_copy", "dora.chosen_indicators")
"""Dora and flower play the card's nuki box also states where the variant plays it (鳴き立直: a flower kept as
a fifth honour, indicators the players place and a kan's discard moved there), so its decisions are not about
rules the card never states."""


def _single_yakuman(ruleset: Ruleset, lang: str) -> str:
    """No double yakuman, naming the yakuman the variant writes as double (its `yakuman 2`: 国士無双十三面待ち,
    四暗刻単騎, 純正九蓮宝燈, 大四喜), which count as one: "listed as double" named nothing the sheet lists."""
    doubles = [_yaku_name(rule, lang) for rule in ruleset.all_yaku() if rule.yakuman > 1]
    if not doubles:
        return ""
    t = labels.LABELS[lang]
    return t["single_yakuman"].format(names=("、" if lang == "ja" else "; ").join(doubles))


def _nuki_table(ruleset: Ruleset, lang: str) -> PaymentTable | None:
    """The card's nuki box: each nuki rule the variant plays, in the sheet's own sentence; the nuki's says
    where its replacement tile comes from in the dead wall's words (`catalog.tiles.REPLACEMENT`), which the
    sheet says once, at the dead wall."""
    dora = ruleset.dora
    if not (dora.nuki or (dora.flowers_as_nuki and ruleset.tiles.flowers > 0)):
        return None
    context = ruleset.sentence_context(lang)
    rows = []
    for path in NUKI_RULES:
        setting = catalog.BY_PATH[path]
        if ruleset.value(setting) != () and setting.said(ruleset):
            sentence = reworded(setting, ruleset, lang) or setting.sentence(ruleset.value(setting), context)
            if path == "dora.nuki":  # the card has no dead-wall sentence: where the replacement comes from
                sentence += ("" if lang == "ja" else " ") + context.fit(REPLACEMENT.pick(lang))
            rows.append((setting.name(lang, context), sentence))
    played = [catalog.BY_PATH[path] for path in CARD_DORA]
    played = [s for s in played if s.applies_under(ruleset) and ruleset.value(s) != s.default]
    rows += [
        (s.name(lang, context), reworded(s, ruleset, lang) or s.sentence(ruleset.value(s), context)) for s in played
    ]
    t = labels.LABELS[lang]
    return PaymentTable(t["nuki_dora_table" if played else "nuki_table"], (t["rule"], t["value"]), tuple(rows))


TABLED = frozenset({"riichi.furiten", "riichi.furiten_indicators", "riichi.missed_furiten", "riichi.missed_win_chombo"})
"""Settings the furiten table states, so the play section does not say them twice."""

PENALTIES = (
    "penalties.chombo_style",
    "penalties.chombo",
    "riichi.furiten_riichi",
    "riichi.missed_win_chombo",
    "riichi.noten_riichi_chombo",
    "riichi.false_declaration",
    "penalties.agari_houki",
    "penalties.bappu",
    "game.yakitori",
)
"""The settings a penalty table lists (R-GAME-8, R-PAY-2, R-RIICHI-7, R-RIICHI-9, R-PAY-4), each where the
sheet states it (a yakitori of zero is not news)."""


CHOMBO_AT_DRAW = frozenset({"riichi.missed_win_chombo", "riichi.noten_riichi_chombo"})
"""Switches whose penalty is a chombo at the draw: a row only where on, saying so in the furiten riichi's
word (off, the furiten table says what a win let pass costs)."""


def _penalty_word(setting: catalog.Setting, ruleset: Ruleset, lang: str) -> str:
    """A penalty's value: "none" for a zero amount or a rule that is off, "allowed" for furiten riichi."""
    t = labels.LABELS[lang]
    value = ruleset.value(setting)
    if value in (0, False):
        return t["none"]
    if setting.path == "riichi.furiten_riichi" and value == "allow":
        return t["no_penalty_allowed"]
    if setting.path in CHOMBO_AT_DRAW:
        return catalog.BY_PATH["riichi.furiten_riichi"].brief("chombo", ruleset.sentence_context(lang)) or ""
    if setting.path in IN_STICKS and (ruleset.about.stick or setting.path == "penalties.bappu"):
        return _stick_word(setting, value, ruleset, lang)
    return _short(setting, ruleset, lang)


def _penalty_table(ruleset: Ruleset, lang: str) -> PaymentTable:
    t, context = labels.LABELS[lang], ruleset.sentence_context(lang)
    rows = [
        (setting.name(lang, context), _penalty_word(setting, ruleset, lang))
        for setting in (catalog.BY_PATH[path] for path in PENALTIES)
        if setting.said(ruleset) and (setting.path not in CHOMBO_AT_DRAW or ruleset.value(setting))
    ]
    rows += _offences(ruleset.about.notes, lang)
    return PaymentTable(t["penalty_table"], (t["rule"], t["value"]), tuple(rows))


STICKS = Text("sticks", "本")

IN_STICKS = (
    "game.start_points",
    "game.return_points",
    "game.top_prize",
    "riichi.stick",
    "draws.noten_payment",
    "payment.nagashi_value",
    "penalties.chombo",
    "penalties.bappu",
)
"""The amounts a quick reference gives in sticks, each where the sheet states it."""


def in_sticks(points: int, ruleset: Ruleset, lang: str) -> str:
    """An amount in the club's sticks (`about.stick`): 「8本」 / "8 sticks"; one that is not a whole number of
    sticks stays in points."""
    sticks = ruleset.sentence_context(lang).sticks(points)
    return sticks or f"{points:,}{'点' if lang == 'ja' else ' points'}"


def _sticks_expr(node: ast.Expr, stick: int) -> ast.Expr:
    """A payment line's value with its amounts in sticks (`1000 * han` → `1 * han`)."""
    match node:
        case ast.Num(value=int(value)) if value and value % stick == 0:
            return replace(node, value=value // stick)
        case ast.Binary(left=left, right=right):
            return replace(node, left=_sticks_expr(left, stick), right=_sticks_expr(right, stick))
    return node


def _quick_reference(ruleset: Ruleset, lang: str) -> PaymentTable:
    """The club's quick reference (囲将会: 1本 = 1000点): what a stick is, each line of the payment formula and
    the fixed amounts, all in sticks: the same answers the sheet's sections give (the han that are not yaku,
    場ゾロ and the rest, are the bonus table's, printed beside it)."""
    t, stick, words = labels.LABELS[lang], ruleset.about.stick, _words(lang)
    rows = [(in_sticks(stick, ruleset, lang), f"{stick:,}{'点' if lang == 'ja' else ' points'}")]
    for formula in ruleset.formulas:
        if not _pays_points(formula.value_expr) or _update(formula, "", lang, words) is not None:
            continue
        if formula.condition_expr is None:
            label = words.variables.get(formula.name, formula.name)
        else:
            hand = _hand_words(formula.condition_expr, lang, _hands_named(ruleset, lang))
            label = hand or prose(formula.condition_expr, lang, words)
            label = when_ja(label) if lang == "ja" else f"when {label}"
        said = amount(_sticks_expr(formula.value_expr, stick), lang, STICKS, words)
        rows.append((label, said + _yakuman_han(ruleset, formula, lang)))
    context = ruleset.sentence_context(lang)
    for setting in (catalog.BY_PATH[path] for path in IN_STICKS):
        value = ruleset.value(setting)
        if value and setting.said(ruleset):
            rows.append((setting.name(lang, context), _stick_word(setting, value, ruleset, lang)))
    return PaymentTable(t["quick_table"], (t["rule"], t["value"]), tuple((a[0].upper() + a[1:], b) for a, b in rows))


def _yakuman_han(ruleset: Ruleset, formula: Formula, lang: str) -> str:
    """For a payment line that adds han to a yakuman (囲将会: 30本 per yakuman + 1本 per han), which han those
    are, as the scorer counts them beside a yakuman: the yaku and bonuses marked `with_yakuman`, and no others
    (nor dora)."""
    read = set(ast.names(formula.value_expr))
    if not {"yakuman", "han"} <= read:
        return ""
    t = labels.LABELS[lang]

    def name(item: YakuRule | BonusRule) -> str:
        return item.name_ja if lang == "ja" else item.name_en or item.name_ja

    items: list[YakuRule | BonusRule] = [r for r in ruleset.all_yaku() if not r.yakuman]
    items += [b for b in ruleset.bonuses if not b.chips]
    counted = [name(i) for i in items if i.with_yakuman]
    if not counted:
        return ""
    return t["yakuman_han"].format(counted=("・" if lang == "ja" else ", ").join(counted))


def _stick_word(setting: catalog.Setting, value: int, ruleset: Ruleset, lang: str) -> str:
    word = in_sticks(value, ruleset, lang)
    if setting.path == "penalties.bappu" and ruleset.penalties.bappu_deposit:
        return f"{word}（供託）" if lang == "ja" else f"{word}, onto the table"
    return word


_JAPANESE = re.compile("[\u3040-\u30ff\u4e00-\u9fff]")
_LATIN = re.compile("[A-Za-z]")


_ADDRESS = re.compile(r"[A-Za-z0-9_./:-]*[/.][A-Za-z0-9_./:-]*")
"""A web address or a file path (`doramahjong.com/rule`, `../shared/seeds/001`, `RULES.md`): the same in
either language, so it does not count towards one."""


def _is_japanese(text: str) -> bool:
    words = _ADDRESS.sub("", text)
    return len(_JAPANESE.findall(words)) > len(_LATIN.findall(words))


def notes_in(notes: tuple[str, ...], lang: str, marked: bool = True) -> tuple[str, ...]:
    """The notes in the sheet's language: a rule file gives each note in Japanese (mostly kana and kanji)
    and in English (mostly Latin letters, perhaps with a Japanese term). A note with no counterpart in
    the sheet's language is printed marked with its own (unmarked for a source: a title is not translated
    text, 「囲将会三麻ルール」 names the document in either language)."""
    japanese = tuple(n for n in notes if _is_japanese(n))
    english = tuple(n for n in notes if n not in japanese)
    mine, other = (japanese, english) if lang == "ja" else (english, japanese)
    if mine:
        return mine
    mark = labels.LABELS[lang]["in_other_language"] if marked else ""
    return tuple(f"{mark}{n}" for n in other)


INTERNAL = re.compile(
    r"RULES\.md[^;、。]*|R-[A-Z]+-\d+(?:\.\.\d+)?|\.\./[^\s;、）)]+|資料\d{3}|seed \d{3}|[0-9a-f]{16}"
)
"""What a club's hand-out must not show: rule ids, paths into this repository, seed numbers, content hashes
(they belong to the Markdown version's appendix for rule authors)."""


def public(text: str) -> str:
    """A source line without its internal references (「…ルール; RULES.md R-STD-6」 → 「…ルール」)."""
    return re.sub(r"[\s;、,]*$", "", INTERNAL.sub("", text)).replace("（）", "").replace("()", "")


_STEP = re.compile(r"^(?:(Flow|手順)|(Scoring|採点))\s*[:：]\s*")


def _step(note: str) -> tuple[str, str]:
    """("flow" or "scoring", the step) for a note that is a step of the flow of play or of the scoring
    flowchart; ("", note) for any other note."""
    match = _STEP.match(note)
    if not match:
        return "", note
    return ("flow" if match.group(1) else "scoring"), note[match.end() :]


def _steps(notes: tuple[str, ...], lang: str, kind: str) -> tuple[str, ...]:
    return tuple(text for k, text in map(_step, notes_in(notes, lang)) if k == kind)


_TERM = re.compile(
    r"^(?:Term|用語)(?:\s*[\[［](?P<condition>[^\]］]+)[\]］])?\s*[:：]\s*(?P<term>[^（(]+?)\s*[（(](?P<reading>[^）)]+)[）)]\s*[:：]\s*(?P<meaning>.+)$"
)
"""A note that adds a term of the variant's own to the glossary: 「用語：カラス（カラス）：…」,
"Term: カラス (karasu): …"; a term the glossary has takes the note's meaning. A term may name the condition of
a payment line it is (「用語［han == 3 and yakuman == 0］：カラス…」): that line and its quick-reference row say it."""


_OFFENCE = re.compile(r"^(?:Offence|反則)\s*[:：]\s*(?P<what>[^:：]+?)\s*[:：]\s*(?P<penalty>.+)$")
"""A note that adds an offence and its sanction to the penalty table: 「反則：多牌：即チョンボ（§4.1）」,
"Offence: too many tiles: chombo at once (§4.1)" (the sanction's amount is the settings' row)."""


def _offences(notes: tuple[str, ...], lang: str) -> list[tuple[str, str]]:
    found = (_OFFENCE.match(n) for n in notes_in(notes, lang))
    return [(m["what"][:1].upper() + m["what"][1:], m["penalty"]) for m in found if m]


def _hands_named(ruleset: Ruleset, lang: str) -> dict[str, str]:
    """The payment conditions the variant's terms name (`_TERM`), each as written, with what to add to the
    condition's words: 「＝カラス」, ", a カラス (karasu)"."""
    named = {}
    for match in filter(None, (_TERM.match(n) for n in notes_in(ruleset.about.notes, lang))):
        if match["condition"]:
            term, reading = match["term"], match["reading"]
            named[" ".join(match["condition"].split())] = f"＝{term}" if lang == "ja" else f", a {term} ({reading})"
    return named


def _hand_words(condition: ast.Expr, lang: str, named: Mapping[str, str]) -> str | None:
    """The hand a payment line's condition names (`hand_kind`), with the variant's term for it."""
    hand = hand_kind(condition, lang)
    return None if hand is None else hand + named.get(unparse(condition), "")


def _term(note: str) -> tuple[str, str, str] | None:
    match = _TERM.match(note)
    return (match["term"], match["reading"], match["meaning"]) if match else None


def _decision(note: str) -> str:
    """A note that records a decision (「判断：…」, "Decision: …"), without its prefix; "" for any other note."""
    match = DECISION.match(note)
    if not match:
        return ""
    rest = note[match.end() :]
    return rest[:1].upper() + rest[1:]


def _card_decision(note: str, context: Context) -> str:
    """A decision as the card prints it, a sentence: one made at rules headed by what they are, as the card has
    no rows (a decision made at many, the sheet's line without its reason), unless the sentence starts by
    naming the rule already ("Uma +20 / …", not "Uma: Uma +20 / …", reader s35 #27)."""
    paths, decided, lang = decided_at(note), _decided_only(_decision(note)), context.lang
    if not paths:
        return decided
    t = labels.LABELS[lang]
    if len(paths) > 1:
        return _covered(paths, context) + t["colon"] + _decided_only(_stated(note))
    label = catalog.BY_PATH[paths[0]].name(lang, context)
    return decided if _names(decided, label, lang) else label + t["colon"] + decided


def _names(sentence: str, label: str, lang: str) -> bool:
    """The sentence starts by naming what the label names: its first word among the sentence's first two
    ("Tenpai-yame" in "No tenpai-yame: …"), or in Japanese the label itself (「ウマ」 in 「ウマは…」)."""
    if lang == "ja":
        return sentence.startswith(label)
    words = [w.strip("()（）:,.;").lower() for w in sentence.split()[:2]]
    return label.split(maxsplit=1)[0].strip("()").lower() in words


def _decided_only(decision: str) -> str:
    """A decision without its reason (`WHY`), as the card prints it."""
    return WHY.split(decision, maxsplit=1)[0]


def _decided(notes: tuple[str, ...], lang: str) -> dict[str, str]:
    """Each setting's decision, from the notes made at it (`check` has refused a path that is not a setting):
    what one made at a single rule says there; "" for one made at many, said once (`_shared_decisions`)."""
    return {
        path: _at_rule(_decision(note)) if len(decided_at(note)) == 1 else ""
        for note in notes_in(notes, lang)
        for path in decided_at(note)
    }


def _shared_decisions(
    notes: tuple[str, ...], context: Context, sections: tuple[Section, ...]
) -> tuple[tuple[str, str], ...]:
    """Each decision made at many rules, said once in words (`_covered`) at the head of the first section
    stating one of them, as (section key, line); the rows carry the badge alone."""
    where = {row.path: section.key for section in sections for row in section.rows}
    lang, out = context.lang, []
    for note in notes_in(notes, lang):
        paths = decided_at(note)
        keys = [where[path] for path in paths if path in where]
        if len(paths) > 1 and keys:
            out.append((keys[0], _covered(paths, context) + labels.LABELS[lang]["colon"] + _stated(note)))
    return tuple(out)


def _covered(paths: tuple[str, ...], context: Context) -> str:
    """The rules a decision covers in words, by their labels: "Removed tiles, fixed dead wall, chi"."""
    lang = context.lang
    names = [catalog.BY_PATH[path].name(lang, context) for path in paths]
    if lang == "en":  # one phrase, not a list of headings: only the first word capitalised
        names[1:] = [n[:1].lower() + n[1:] if n[1:2].islower() else n for n in names[1:]]
    return labels.LABELS[lang]["list_sep"].join(names)


def _stated(note: str) -> str:
    """A decision note as written after its prefix, its reason included (a phrase after a colon)."""
    match = DECISION.match(note)
    return note[match.end() :] if match else ""


def _at_rule(decision: str) -> str:
    """A decision printed at its rule: the rule's row already says what was decided, so only why, where the
    note gives it (`WHY`)."""
    reason = WHY.split(decision, maxsplit=1)[-1]
    return reason[:1].upper() + reason[1:]


def _chain(ruleset: Ruleset, parent: Ruleset | None, lang: str) -> tuple[str, ...]:
    """This variant and its ancestors by their names in the sheet's language, nearest first."""
    titles = [_title(ruleset, lang)]
    ancestor = parent
    while ancestor is not None:
        titles.append(_title(ancestor, lang))
        ancestor = load(ancestor.parent_path) if ancestor.parent_path else None
    return tuple(titles)


def _title(ruleset: Ruleset, lang: str) -> str:
    return ruleset.name_ja if lang == "ja" else ruleset.name_en or ruleset.name_ja


def _applying(entries: list[DiffEntry], ruleset: Ruleset) -> list[DiffEntry]:
    """Differences in settings that matter under this variant's rules (kan ura is moot without ura), less
    a per-kind chip count turned off where a chip bonus of the same name pays instead (`bonus ippatsu …
    chips =`): the bonus's own row says what that win earns."""
    covered = _chips_by_bonus(ruleset)
    return [
        e
        for e in entries
        if (s := catalog.BY_PATH.get(e.path)) is None or (s.applies_under(ruleset) and e.path not in covered)
    ]


def _chips_by_bonus(ruleset: Ruleset) -> set[str]:
    """The per-kind chip settings (`chips.ippatsu`) left at none whose kind a chip bonus of the same name
    pays: the sheet states the bonus, not that the kind earns no chip."""
    return {
        f"chips.{bonus.id}"
        for bonus in ruleset.bonuses
        if bonus.chips and f"chips.{bonus.id}" in catalog.BY_PATH and not getattr(ruleset.chips, bonus.id)
    }


def _statements(
    ruleset: Ruleset, lang: str, differences: tuple[DiffEntry, ...], sections: tuple[Section, ...]
) -> tuple[Statement, ...]:
    out = [Statement(s.path, "glance", _shown(s, ruleset, lang)) for s in _glance_settings(ruleset)]
    # an amount compared across units says the club's own value first (「25本（25,000点）」): that is its statement
    out += [
        Statement(d.path, "differences", _shown(setting, ruleset, lang) if formats.counts_points(setting) else d.right)
        for d in differences
        if (setting := catalog.BY_PATH.get(d.path)) is not None
    ]
    out += [Statement(row.path, section.key, row.value) for section in sections for row in section.rows]
    out += [
        Statement(path, "furiten", _short(catalog.BY_PATH[path], ruleset, lang))
        for path in TABLED
        if catalog.BY_PATH[path].applies_under(ruleset)
    ]
    return tuple(out)


def _localized(entries: list[DiffEntry], parent: Ruleset, ruleset: Ruleset, lang: str) -> tuple[DiffEntry, ...]:
    """Differences in the sheet's language, in words: setting labels and values as the glance box words
    them, yaku by their names and definitions, bonuses and payment formulas as sentences."""
    yaku = ({r.id: r for r in parent.all_yaku()}, {r.id: r for r in ruleset.all_yaku()})
    bonuses = ({b.id: b for b in parent.bonuses}, {b.id: b for b in ruleset.bonuses})
    t = labels.LABELS[lang]

    def yaku_text(rule: YakuRule | None, side: Ruleset, moved: bool, key: str = "") -> str:
        if rule is None:
            paid = _paid_as(parent, ruleset, key) if side is ruleset else ()
            if paid and not paid[0].yakuman:
                instead = next(r for r in ruleset.all_yaku() if r.id == paid[0].id)
                return t["renamed"].format(name=_yaku_name(instead, lang), text=yaku_text(instead, ruleset, True))
            return (side is ruleset and _not_used(parent, ruleset, key, lang)) or t["not_used"]
        row = _yaku_row(side, rule, lang)
        if row.closed == row.open:
            value = row.closed + (t["han_unit"] if row.closed.isdigit() else "")
        elif row.open == "—":
            value = t["han_closed_only" if row.closed.isdigit() else "value_closed_only"].format(closed=row.closed)
        else:
            value = t["han_closed_open"].format(closed=row.closed, open=row.open)
        stacks = t["with_yakuman"] if rule.with_yakuman else ""
        family = t["in_family"].format(family=_family_name(side, rule.family, lang)) if moved and rule.family else ""
        return f"{value}{stacks}{family}{t['colon']}{definition(rule, lang, quads=side.win.chiitoitsu_quads)}"

    def stacks(bonus: BonusRule) -> str:
        return t["with_yakuman"] if bonus.with_yakuman else ""

    def local(entry: DiffEntry) -> DiffEntry:
        setting = catalog.BY_PATH.get(entry.path)
        if setting is not None:
            left, right = _compared(setting, parent, ruleset, lang)
            # the rule's own name, as it compares two tables (Four winds at four players and at three)
            return replace(entry, label=setting.name(lang), left=left, right=right)
        kind, _, key = entry.path.partition(".")
        if kind == "yaku":
            left_rule, right_rule = yaku[0].get(key), yaku[1].get(key)
            named = left_rule or right_rule  # the parent's name heads the row; a renamed yaku says its own
            assert named is not None
            label = _yaku_name(named, lang)
            moved = left_rule is not None and right_rule is not None and left_rule.family != right_rule.family
            left, right = yaku_text(left_rule, parent, moved), yaku_text(right_rule, ruleset, moved, key)
            if right_rule is not None and _yaku_name(right_rule, lang) != label:
                right = t["renamed"].format(name=_yaku_name(right_rule, lang), text=right)
            return replace(entry, label=label, left=left, right=right)
        if kind == "bonus":
            left_bonus, right_bonus = bonuses[0].get(key), bonuses[1].get(key)
            some = right_bonus or left_bonus
            assert some is not None
            return replace(
                entry,
                label=some.name_ja if lang == "ja" else some.name_en or some.name_ja,
                left=bonus_text(left_bonus, lang) + stacks(left_bonus) if left_bonus else t["not_used"],
                right=bonus_text(right_bonus, lang) + stacks(right_bonus) if right_bonus else t["not_used"],
            )
        joiner = "。" if lang == "ja" else ". "
        return replace(
            entry,
            label=t["formula"],
            left=joiner.join(formula_lines(parent.formulas, lang, _hands_named(parent, lang), parent.about.stick))
            or t["standard_payment"],
            right=joiner.join(formula_lines(ruleset.formulas, lang, _hands_named(ruleset, lang), ruleset.about.stick))
            or t["standard_payment"],
        )

    def family_only(entry: DiffEntry) -> bool:
        """A yaku said alike on both sides but for its family, where no member of either family could ever
        score beside it (囲将会's 大四喜 out of 四喜和: four wind triplets, never three), is no difference: a
        family only keeps members that could both score from stacking."""
        kind, _, key = entry.path.partition(".")
        left_rule, right_rule = yaku[0].get(key), yaku[1].get(key)
        if kind != "yaku" or left_rule is None or right_rule is None or left_rule.family == right_rule.family:
            return False
        partners = [m for side in (parent, ruleset) for m in _family_members(side, left_rule, right_rule)]
        return yaku_text(left_rule, parent, False) == yaku_text(right_rule, ruleset, False) and all(
            _exclusive(right_rule.condition_expr, m.condition_expr) for m in partners if m.id != key
        )

    said = (local(e) for e in entries if not family_only(e))
    return _told_apart(tuple(e for e in said if e.left != e.right), lang)


def _compared(setting: catalog.Setting, parent: Ruleset, ruleset: Ruleset, lang: str) -> tuple[str, str]:
    """A setting's two sides in the comparison. A setting that does not apply under the parent (a call on a
    nuki tile, DORA 4p having none) has no value there to compare: the parent's side says so. The dora cycle
    says what the indicators make dora (`_turns_words`), which a tile set decides as well as a cycle."""
    if setting.path == "dora.cycle" and parent.dora.indicator == ruleset.dora.indicator == "next":
        return _turns_words(parent, lang), _turns_words(ruleset, lang)
    left = _shown(setting, parent, lang) if setting.applies_under(parent) else labels.LABELS[lang]["not_in_parent"]
    right = _shown(setting, ruleset, lang)
    if formats.counts_points(setting):
        left = _with_unit(setting, parent, left, lang, ruleset.about.stick)
        right = _with_unit(setting, ruleset, right, lang, parent.about.stick)
    return left, right


def _with_unit(setting: catalog.Setting, side: Ruleset, shown: str, lang: str, other_stick: int) -> str:
    """An amount compared with the other side's, with its unit (「3,000点」 | 「2,000点」; none where zero); sticks
    beside an amount in points also with their points (「35,000点」 | 「25本（25,000点）」), so the two can be
    compared."""
    value = side.value(setting)
    if not setting.applies_under(side) or side.conditional.get(setting.path):
        return shown
    if not value:
        return labels.LABELS[lang]["none"]
    sticks, points = side.sentence_context(lang).sticks(value), f"{value:,}{'点' if lang == 'ja' else ' points'}"
    if not sticks:
        return points
    if other_stick == side.about.stick:
        return sticks
    return f"{sticks}（{points}）" if lang == "ja" else f"{sticks} ({points})"


def _family_members(side: Ruleset, *rules: YakuRule) -> list[YakuRule]:
    """The members of `side`'s families that hold any of `rules` (by the family each rule names)."""
    families = {r.family for r in rules if r.family}
    return [m for g in side.yaku if g.id in families for m in g.members]


def _exclusive(a: ast.Expr, b: ast.Expr) -> bool:
    """Two conditions no hand meets both of, as written: each requires `X == n` of the same X with another n
    (`count(triplets: wind) == 4` and `== 3`)."""
    left, right = _equalities(a), _equalities(b)
    return any(left[x] != right[x] for x in left.keys() & right.keys())


def _equalities(condition: ast.Expr) -> dict[str, object]:
    """The `X == constant` parts a condition requires (its top-level `and` terms), by X as written."""
    if isinstance(condition, ast.BoolOp) and condition.op == "and":
        return _equalities(condition.left) | _equalities(condition.right)
    if isinstance(condition, ast.Compare) and condition.ops == ("==",):
        subject, value = condition.operands
        if isinstance(value, ast.Num):
            return {unparse(subject): value.value}
    return {}


def _told_apart(entries: tuple[DiffEntry, ...], lang: str) -> tuple[DiffEntry, ...]:
    """A yaku and a bonus of one name (囲将会's 一発: the yaku not used, the bonus 4翻) labelled by what each
    is, from the entry's own path, so that neither row needs the other to be read."""
    labelled = [e.label for e in entries]
    t = labels.LABELS[lang]

    def apart(entry: DiffEntry) -> DiffEntry:
        kind = entry.path.partition(".")[0]
        if kind not in ("yaku", "bonus") or labelled.count(entry.label) < 2:
            return entry
        return replace(entry, label=t[f"named_{kind}"].format(name=entry.label))

    return tuple(apart(e) for e in entries)


def _family_name(ruleset: Ruleset, family: str, lang: str) -> str:
    """A family as the variant names it in the sheet's language: its name (its English name on an English
    sheet, `family isshoku "染め手" "Flushes"`), or on an English sheet where it has only a Japanese name its id
    in romaji (`kantsu_family` → "Kantsu"), as the yaku ids are; the id where it gives no name."""
    group = next((g for g in ruleset.yaku if g.id == family), None)
    name = group.name if group else None
    if lang == "en" and group and group.name_en:
        return group.name_en
    if name and (lang == "ja" or name.isascii()):
        return name
    return family if lang == "ja" else family.removesuffix("_family").replace("_", " ").capitalize()


_DECLARATION = frozenset({"riichi", "double_riichi", "ippatsu"})


def _still_counted(ruleset: Ruleset, parent: Ruleset | None) -> set[str]:
    """Ids a reader should not see listed as dropped: the variant's yaku and bonuses (囲将会's 一発 is a
    bonus), a family member whose hand a remaining member of its family still scores (国士無双十三面待ち is
    plain 国士無双 there), and riichi where declaring is how every hand wins (鳴き立直)."""
    used = {r.id for r in ruleset.all_yaku()} | {b.id for b in ruleset.bonuses}
    if parent is not None:
        for group in parent.yaku:
            if any(m.id in used for m in group.members):
                used |= {m.id for m in group.members}
    if ruleset.riichi.declaration_required:
        used |= _DECLARATION
    return used


def _dropped_names(ruleset: Ruleset, parent: Ruleset | None, lang: str) -> tuple[str, ...]:
    """The parent's yaku this variant does not use, by name. A yaku dropped with its family and defined
    again (囲将会's 立直, 鳴き立直's 四暗刻) is used, and so is one whose hand the variant pays as another
    (`_paid_as`: 鳴き立直's 三色同刻 as 三色), so neither is listed; without a parent, the ids the
    file dropped."""
    used = _still_counted(ruleset, parent)
    if parent is None:
        return tuple(sorted(i for i in ruleset.dropped if i not in used))
    used |= {r.id for r in parent.all_yaku() if r.id not in used and _paid_as(parent, ruleset, r.id)}
    names = [r.name_ja if lang == "ja" else r.name_en or r.name_ja for r in parent.all_yaku() if r.id not in used]
    names += [b.name_ja if lang == "ja" else b.name_en or b.name_ja for b in parent.bonuses if b.id not in used]
    return tuple(names)


def _glance(ruleset: Ruleset, lang: str) -> tuple[tuple[str, str], ...]:
    """The at-a-glance box: the settings that ask for a row, in their order, then the abortive draws."""
    context, t = ruleset.sentence_context(lang), labels.LABELS[lang]
    rows = [(s.name(lang, context), _shown(s, ruleset, lang)) for s in _glance_settings(ruleset)]
    ron, tsumo = catalog.BY_PATH["payment.honba_ron"], catalog.BY_PATH["payment.honba_tsumo"]
    if ron.glance is not None and ron.applies_under(ruleset) and tsumo.applies_under(ruleset):
        # "Honba (ron) 300" read as nothing: what a counter adds to a ron, and to each payment of a tsumo
        at = rows.index((ron.name(lang, context), _shown(ron, ruleset, lang)))
        words = t["glance_honba_value"].format(ron=_shown(ron, ruleset, lang), tsumo=_shown(tsumo, ruleset, lang))
        rows[at] = (t["glance_honba"], words)
    abortive = [s.name(lang, context) for s in ruleset.abortive_draws()]
    rows.append((t["abortive"], ("、" if lang == "ja" else ", ").join(abortive) or t["none"]))
    return tuple(rows)


def _glance_changed(glance: tuple[tuple[str, str], ...], parent: Ruleset | None, lang: str) -> frozenset[str]:
    """The glance rows whose words differ from the parent's row of the same label (or that it lacks)."""
    if parent is None:
        return frozenset()
    before = dict(_glance(parent, lang))
    return frozenset(label for label, value in glance if before.get(label) != value)


def _glance_settings(ruleset: Ruleset) -> list[catalog.Setting]:
    shown = (s for s in catalog.SETTINGS if s.glance is not None and s.applies_under(ruleset))
    return sorted(shown, key=lambda s: s.glance or 0)


def _alternatives(ruleset: Ruleset, setting: catalog.Setting, lang: str, say: Callable[[Any], str]) -> list[str]:
    """Each `value when condition` line of a conditional setting as a sentence: the condition in prose,
    then the value as `say` words it (「本場の数が5以上のときは2翻縛り。…」)."""
    return [
        labels.LABELS[lang]["alternative"].format(condition=_when(a.condition_expr, lang), sentence=say(a.value))
        for a in ruleset.conditional.get(setting.path, ())
    ]


def _when(condition: ast.Expr, lang: str) -> str:
    """A condition as the head of a when-clause: 「本場の数が5以上のとき」 (ja), the clause itself (en)."""
    clause = prose(condition, lang)
    return when_ja(clause) if lang == "ja" else clause


def _shown(setting: catalog.Setting, ruleset: Ruleset, lang: str) -> str:
    """The short value with its alternatives: 「1（本場の数が5以上のときは2）」, "1 (2 when …)"."""
    alternatives = [
        labels.LABELS[lang]["alternative_short"].format(
            condition=_when(a.condition_expr, lang), value=_short_value(setting, a.value, ruleset, lang)
        )
        for a in ruleset.conditional.get(setting.path, ())
    ]
    plain = _short(setting, ruleset, lang)
    if not alternatives:
        return plain
    return f"{plain}（{'、'.join(alternatives)}）" if lang == "ja" else f"{plain} ({', '.join(alternatives)})"


def _short(setting: catalog.Setting, ruleset: Ruleset, lang: str) -> str:
    """The setting's plain value as a few words (`_short_value`)."""
    return _short_value(setting, ruleset.value(setting), ruleset, lang)


def _short_value(setting: catalog.Setting, value: Any, ruleset: Ruleset, lang: str) -> str:
    """A value as a few words: yes/no, a number with thousands marked, a choice in the reader's
    language, yaku by their names."""
    if setting.quiet and not value and setting.kind is not catalog.Kind.BOOL:
        return labels.LABELS[lang]["none"]
    if setting.kind is catalog.Kind.WORDS and value:
        name = ruleset.sentence_context(lang).yaku_name
        return ("、" if lang == "ja" else ", ").join(name(v) for v in value)
    context = ruleset.sentence_context(lang)
    if setting.kind is catalog.Kind.BOOL:
        word = setting.brief("on" if value else "off", context)  # a switch whose "on" is a penalty says which
        return word if word is not None else labels.LABELS[lang]["on" if value else "off"]
    if setting.kind is catalog.Kind.CHOICE:
        word = setting.brief(value, context)
        return word if word is not None else str(value).replace("_", " ")
    words = _in_words(setting, value, context)
    if words:
        return words
    if setting.kind is catalog.Kind.INT and value >= 1000:
        return f"{value:,}"
    if setting.kind is catalog.Kind.INTS and value:
        # uma by place, first to last, as players write it: +15 / 0 / −15
        return " / ".join(f"+{v}" if v > 0 else f"−{-v}" if v < 0 else "0" for v in value)
    text = setting.format(value)
    return labels.LABELS[lang]["none"] if text in ("none", "—") else text


def _in_words(setting: catalog.Setting, value: Any, context: Context) -> str:
    """A value a player reads in words, as the rule sentences say it, or "": an amount in the club's sticks
    (25本), tiles by name (5萬・北), dora cycles as what each indicator makes dora, a position with its unit
    (7幢目)."""
    if formats.counts_points(setting) and value:
        return context.sticks(value)  # the club's unit (囲将会: 25本), as its sentences say it
    if setting.kind is catalog.Kind.TILES and value:
        return formats.tile_words(value, context.lang)
    if setting.kind is catalog.Kind.CYCLE and value:
        return _cycle_words(value, context.lang)
    if isinstance(setting.prose, Template) and setting.prose.format is formats.stack:
        return formats.stack(value, context)
    return ""


def _cycle_words(cycles: tuple[tuple[int, ...], ...], lang: str) -> str:
    """Dora cycles as what each indicator makes dora: 「5萬の表示で5萬、1萬の表示で9萬、9萬の表示で1萬」 /
    "5-man indicates 5-man, 1-man indicates 9-man, 9-man indicates 1-man"."""
    return _indicated_words(_cycle_pairs(cycles), lang)


def _cycle_pairs(cycles: tuple[tuple[int, ...], ...]) -> list[tuple[int, int]]:
    return [(a, b) for cycle in cycles for a, b in zip(cycle, cycle[1:] or cycle, strict=False)]


def _indicated_words(pairs: list[tuple[int, int]], lang: str) -> str:
    said = [
        f"{formats.tile_word(a, lang)}の表示で{formats.tile_word(b, lang)}"
        if lang == "ja"
        else f"{formats.tile_word(a, lang)} indicates {formats.tile_word(b, lang)}"
        for a, b in pairs
    ]
    return ("、" if lang == "ja" else ", ").join(said)


def _turns_words(ruleset: Ruleset, lang: str) -> str:
    """What each indicator of a suit (or of the winds, the dragons) makes dora where one of them does not
    make the next tile of a full set dora, as the engine and the scorer ask it (`Ruleset.dora_for`): Tenhou
    sanma's 1萬 indicates 9萬 and 9萬 1萬 by its tile set, with no `dora.cycle`, so the comparison's cycle row
    says it on both sides (reader s34 #12). The variant's own cycles come first, as its rule sentence says them."""
    present = [k for k in range(KINDS) if ruleset.tile_set.exists(k)]
    turned = {indicator_group(k) for k in present if ruleset.dora_for(k) != (next_in_set(k, _FULL_SET),)}
    pairs = _cycle_pairs(ruleset.dora.cycle)
    pairs += [
        (k, d) for k in present if indicator_group(k) in turned for d in ruleset.dora_for(k) if (k, d) not in pairs
    ]
    return _indicated_words(pairs, lang) or labels.LABELS[lang]["none"]


_FULL_SET = TileSet()
"""The 136 tiles: what "next" means with nothing removed (the plain order an indicator turns in)."""


def _said_otherwise(ruleset: Ruleset, parent: Ruleset, lang: str) -> set[str]:
    """The settings both sheets state whose rule reads otherwise here although the value is the parent's: what
    another setting changes in its sentence (DORA's agari-yame with no 30,000 target, a three-player table's
    three winds). The names of yaku and the unit of amounts are said in this variant's way on both sides, so a
    club that counts in sticks does not differ in every sentence."""
    mine = ruleset.sentence_context(lang)
    theirs = replace(parent.sentence_context(lang), yaku_name=mine.yaku_name, stick=mine.stick)
    return {
        setting.path
        for setting in catalog.SETTINGS
        if setting.section != "about"
        and setting.said(ruleset)
        and setting.said(parent)
        and ruleset.value(setting) == parent.value(setting)
        and setting.sentence(ruleset.value(setting), mine) != setting.sentence(parent.value(setting), theirs)
    }


def _sections(
    ruleset: Ruleset, lang: str, changed: set[str], first: int, decided: dict[str, str] | None = None
) -> tuple[Section, ...]:
    """Numbered from `first`: after the glance box (1) and a variant's own flow of play (2). A setting that
    does not matter under the rest of the rules, or speaks of something the variant does not have, is left
    out (`said`); one the variant decided where its source is silent carries that decision (`decided`)."""
    rows: dict[str, list[Row]] = {key: [] for key in SECTIONS}
    context = ruleset.sentence_context(lang)
    for setting in catalog.SETTINGS:
        if setting.section == "about" or setting.path in TABLED or not setting.said(ruleset):
            continue
        value = ruleset.value(setting)
        sentences = [
            reworded(setting, ruleset, lang) or setting.sentence(value, context),
            *_alternatives(ruleset, setting, lang, partial(setting.sentence, context=context)),
        ]
        rows[setting.sheet].append(
            Row(
                setting.path,
                setting.name(lang, context),
                _shown(setting, ruleset, lang),
                ("" if lang == "ja" else " ").join(sentences),
                setting.rule,
                setting.path in changed,
                (decided or {}).get(setting.path, ""),
                setting.path in (decided or {}),
            )
        )
    t = labels.LABELS[lang]
    titles = {key: t[f"section_{key}"] for key in SECTIONS}
    if any(row.path.startswith("dora.") for row in rows["play"]):  # the nuki rules sit with the calls
        titles["play"] = t["section_play_nuki"]
    return tuple(Section(key, i, titles[key], tuple(rows[key])) for i, key in enumerate(SECTIONS, start=first))


def _whole_hundreds(ruleset: Ruleset) -> bool:
    """Every payment line's value is a whole number of 100s (囲将会: 1000 × han, 15000, 30000 × yakuman;
    鳴き立直: a base in 200s, halved), so rounding up to 100 never applies and the sheet does not speak of it."""
    lines: dict[str, list[ast.Expr]] = {}
    for formula in ruleset.formulas:
        lines.setdefault(formula.name, []).append(formula.value_expr)

    def step(node: ast.Expr, seen: frozenset[str] = frozenset()) -> Fraction | None:
        """What the value is always a multiple of (a count is a whole number; 0 is a multiple of anything)."""
        match node:
            case ast.Num(value=int(value) | float(value)):
                return abs(Fraction(value))
            case ast.Name(id=name) if name in lines and name not in seen:
                steps = [step(e, seen | {name}) for e in lines[name]]
                return None if None in steps else _gcd(*(x for x in steps if x is not None))
            case ast.Name(id=name) if name not in lines:
                return Fraction(1)
            case ast.Call(function="count"):
                return Fraction(1)
            case ast.Binary(op="+" | "-", left=left, right=right):
                a, b = step(left, seen), step(right, seen)
                return None if a is None or b is None else _gcd(a, b)
            case ast.Binary(op="*", left=left, right=right):
                a, b = step(left, seen), step(right, seen)
                return None if a is None or b is None else a * b
        return None

    steps = [step(e) for e in lines.get("value", ())]  # the payment; a tsumo split three ways is no whole 100
    whole = bool(steps) and all(x is not None and (x / 100).denominator == 1 for x in steps)
    return whole and ruleset.payment.tsumo == "each"


def _gcd(*values: Fraction) -> Fraction:
    """The largest step every value is a multiple of (0 counts as a multiple of anything)."""
    out = Fraction(0)
    for value in values:
        out = Fraction(gcd(out.numerator * value.denominator, value.numerator * out.denominator)) / (
            out.denominator * value.denominator
        )
    return out


def reworded(setting: catalog.Setting, ruleset: Ruleset, lang: str) -> str:
    """The sheet's own sentence where the catalog's would describe something this variant does not have:
    return points with no oka to hand out (returned in full, or a top prize paid in its place); indicators
    turned from the dead wall where, the dead wall not topped up (`tiles.dead_wall_fixed`), a kan indicator
    past its end comes from the live wall; nagashi mangan at the formula's own value."""
    game = ruleset.game
    if setting.path == "game.return_points" and (game.top_prize or game.return_points == game.start_points):
        key = "return_full" if game.return_points == game.start_points else "return_top_prize"
        return labels.LABELS[lang][key].format(value=_short(setting, ruleset, lang))
    oka = (game.return_points - game.start_points) * game.players
    if setting.path == "game.top_prize" and game.top_prize and game.top_prize == oka:
        value = formats.points(game.top_prize, ruleset.sentence_context(lang))
        return labels.LABELS[lang]["top_prize_is_oka"].format(value=value)
    if setting.path == "draws.nagashi_mangan" and ruleset.draws.nagashi_mangan and ruleset.payment.nagashi_value:
        # the amount is the payment's own answer (`payment.nagashi_value`), said once, not "a mangan unless …"
        t = labels.LABELS[lang]
        value = in_sticks(ruleset.payment.nagashi_value, ruleset, lang)
        no_noten = ruleset.sentence_context(lang).fit(NAGASHI_NO_NOTEN.pick(lang))
        return t["nagashi_valued"].format(value=value, payers=t[f"nagashi_{ruleset.payment.tsumo}"]) + no_noten
    if setting.path == "win.sticks_to" and ruleset.honba_as_han():
        # honba paid as han (囲将会's 本場): every winner of a double ron is scored with the table's honba
        # (rules.settlement.settle_win), so only the riichi sticks go to one winner
        return labels.LABELS[lang][f"sticks_{ruleset.win.sticks_to}_han"]
    if setting.path == "payment.double_yakuman" and not ruleset.payment.double_yakuman:
        return _single_yakuman(ruleset, lang)
    turned = setting.path == "dora.chosen_indicators" and not ruleset.dora.chosen_indicators
    if turned and ruleset.tiles.dead_wall_fixed:
        return labels.LABELS[lang]["indicators_fixed_wall"]  # where kan indicators come from: the dead wall's answer
    return ""


def _dora_map(ruleset: Ruleset) -> tuple[tuple[str, str], ...]:
    """Indicator → dora wherever it is not the plain next tile of the full 136-tile set (R-DORA-1..4)."""
    out = []
    for kind in range(KINDS):
        if not ruleset.tile_set.exists(kind):
            continue
        dora = ruleset.dora_for(kind)
        if dora != (next_in_set(kind, _FULL_SET),):
            out.append((kind_name(kind), " ".join(kind_name(d) for d in dora)))
    return tuple(out)


def _ordered(ruleset: Ruleset) -> list[YakuRule]:
    return [m for g in ruleset.yaku for m in g.members]


def _han_text(value: int | None) -> str:
    return "—" if value is None else str(value)


def _yakuman_text(ruleset: Ruleset, rule: YakuRule, lang: str) -> str:
    word = labels.LABELS[lang]["yakuman"]
    count = rule.yakuman if ruleset.payment.double_yakuman else 1
    return word if count == 1 else f"{word}×{count}"


def _yaku_row(ruleset: Ruleset, rule: YakuRule, lang: str) -> YakuRow:
    family = next(
        (_family_name(ruleset, g.id, lang) for g in ruleset.yaku if len(g.members) > 1 and rule in g.members), ""
    )
    if rule.yakuman:
        closed = open_ = _yakuman_text(ruleset, rule, lang)
        open_ = open_ if _holds_open(ruleset, rule) else "—"
        reduced = False
    elif rule.limit is not None:  # 満貫 / mangan: paid as the limit (grouped with the han it starts at)
        closed = open_ = labels.LABELS[lang][f"limit_{rule.limit.value}"]
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
        _marked(
            definition(rule, lang, quads=ruleset.win.chiitoitsu_quads), rule.with_yakuman and not rule.yakuman, lang
        ),
    )


def _holds_open(ruleset: Ruleset, rule: YakuRule) -> bool:
    """Whether the scorer still counts a yakuman once the hand has a call: its own worked example with one
    of its sets called (a run as chi, a triplet as pon, a concealed kan as an open one). 天和 and 地和 (no call
    before a first-turn win), 国士無双 (no set), 四暗刻 and 九蓮宝燈 are closed only by the scorer's answer."""
    example = ruleset.examples.get(rule.id)
    if example is None:
        return True
    score = scorer(ruleset)
    try:
        reading = score.score(example.win).reading
    except ScoreError:
        return True
    if any(group.open for group in reading.decomposition.groups):
        return True  # its example is already an open hand (囲将会's 四連刻)
    for index, group in enumerate(reading.decomposition.groups):
        opened = None if index == reading.completed else _called(example.win, group)
        if opened is None:
            continue
        try:
            counted = score.score(opened).yaku
        except ScoreError:
            continue
        if any(y.id == rule.id for y in counted):
            return True
    return False


def _called(win: WinInput, group: Group) -> WinInput | None:
    """`win` with `group` called instead of held: a run as chi, a triplet as pon, a concealed kan as an
    open kan (None for a pair or a group already called)."""
    if group.open or group.kind is GroupKind.TOITSU:
        return None
    if group.kind is GroupKind.KANTSU:
        melds = tuple(
            Meld(MeldType.MINKAN, m.tiles) if m.group == group and m.type is MeldType.ANKAN else m for m in win.melds
        )
        return replace(win, melds=melds) if melds != win.melds else None
    closed = list(win.closed)
    taken = []
    for kind in group.kinds:
        tile = next((t for t in reversed(closed) if t.kind == kind), None)
        if tile is None:
            return None
        closed.remove(tile)
        taken.append(tile)
    call = MeldType.CHI if group.kind is GroupKind.SHUNTSU else MeldType.PON
    return replace(win, closed=tuple(closed), melds=(*win.melds, Meld(call, tuple(taken))))


def _marked(text: str, with_yakuman: bool, lang: str) -> str:
    """A yaku's or bonus's line with 「役満と複合する。」 where its han are still added beside a yakuman (囲将会's
    §3.2 役満複合役): the scorer's answer (`with_yakuman`), which the quick reference's yakuman line lists."""
    if not with_yakuman:
        return text
    mark = labels.LABELS[lang]["with_yakuman_mark"]
    return f"{text}{'' if lang == 'ja' or not text else ' '}{mark}"


def definition(rule: YakuRule, lang: str, *, quads: bool = False) -> str:
    """The rule book's line for a standard yaku whose condition is the standard one, or for a condition
    the catalog words (鳴き立直's 三色); otherwise the sentence generated from the yaku's own condition.
    `quads`: four of a kind may be two pairs of seven pairs (`win.chiitoitsu_quads`), which 七対子 says."""
    known = DEFINITIONS.get(rule.id)
    if quads and rule.condition_text == DEFINITIONS["chiitoitsu"][0]:
        return CHIITOITSU_QUADS.pick(lang)
    if known is not None and known[0] == rule.condition_text:
        return known[1].pick(lang)
    redefined = REDEFINED.get(rule.condition_text)
    if redefined is not None:
        return redefined.pick(lang)
    match rule.condition_expr:  # a triplet of one tile (reader s35 #28: "There is a triplet of North.")
        case ast.Call(
            function="any",
            args=(ast.Name(id="triplets"),),
            predicate=ast.Compare(operands=(ast.Name(id="tile"), ast.TileLit(kind=kind)), ops=("==",)),
        ):
            return TRIPLET_OF.pick(lang).format(tile=formats.tile_word(kind, lang))
    return sentence(prose(rule.condition_expr, lang), lang)


def _by_family(ruleset: Ruleset) -> bool:
    """Most of the variant's yaku belong to a family (鳴き立直)."""
    return sum(len(g.members) for g in ruleset.yaku if len(g.members) > 1) * 2 >= len(ruleset.all_yaku())


def _yaku_tables(ruleset: Ruleset, lang: str) -> tuple[YakuTable, ...]:
    """Yaku by han; by family where most yaku belong to one (鳴き立直), so that "only the highest of a family
    counts" can be seen: each family highest first (a family the variant names keeps its heading even with one
    member: 鳴き立直's 花牌関連), then the yaku of no family."""
    if _by_family(ruleset):
        t = labels.LABELS[lang]
        families = [g for g in ruleset.yaku if len(g.members) > 1 or g.name]
        lone = [_yaku_row(ruleset, m, lang) for g in ruleset.yaku if g not in families for m in g.members]
        tables = [
            YakuTable(
                t["family_group"].format(family=_family_name(ruleset, g.id, lang)),
                tuple(_yaku_row(ruleset, m, lang) for m in g.members),
            )
            for g in families
        ]
        return tuple([*tables, *([YakuTable(t["no_family"], tuple(lone))] if lone else [])])
    by_han: dict[int, list[YakuRow]] = {}
    for rule in _ordered(ruleset):
        if rule.yakuman:
            continue
        han = rule.closed if rule.closed is not None else rule.open or 0
        by_han.setdefault(han, []).append(_yaku_row(ruleset, rule, lang))
    t = labels.LABELS[lang]
    return tuple(YakuTable(t["han_group"].format(han=han), tuple(rows)) for han, rows in sorted(by_han.items()))


def _bonus_rows(ruleset: Ruleset, lang: str) -> list[YakuRow]:
    return [
        YakuRow(
            bonus.id,
            bonus.name_ja,
            bonus.name_en or "",
            bonus_text(bonus, lang),
            "",
            False,
            False,
            "",
            _example(ruleset, bonus.id, lang),
            _marked("", bonus.with_yakuman, lang),
        )
        for bonus in ruleset.bonuses
    ]


HAN = Text("han", "翻")
CHIPS = Text("chips", "枚")
POINTS = Text("points", "点")


def sentence(clause: str, lang: str) -> str:
    """A clause as a sentence: capitalised and closed (en), closed with 「。」 (ja)."""
    if not clause:
        return ""
    return f"{clause}。" if lang == "ja" else f"{clause[0].upper()}{clause[1:]}."


def bonus_text(bonus: BonusRule, lang: str) -> str:
    """`4 * count(kans: not open)` as 「暗槓1つにつき4翻」, `chips = 2 when ippatsu and tsumo` as
    「一発かつツモのとき祝儀2枚」, with its condition."""
    value = amount(bonus.value_expr, lang, CHIPS if bonus.chips else HAN)
    if bonus.chips and lang == "ja":
        value = f"祝儀{value}"
    if bonus.condition_expr is None:
        return value
    condition = prose(bonus.condition_expr, lang)
    if lang == "ja":
        return f"{condition}なら{value}" if bonus.chips else f"{when_ja(condition)} {value}"
    return f"{value} when {condition}"


def when_ja(condition: str) -> str:
    """「…のとき」, or 「…とき」 after a verb or adjective."""
    return f"{condition}とき" if condition.endswith(("い", "る", "た")) else f"{condition}のとき"


def _words(lang: str) -> Words:
    return Words({name: pair[0] if lang == "ja" else pair[1] for name, pair in VARIABLES.items()})


def formula_lines(
    formulas: tuple[Formula, ...], lang: str, named: Mapping[str, str] | None = None, stick: int = 0
) -> tuple[str, ...]:
    """Payment assignments as sentences (「基本点 = 400点、最初の和了なら +200点 …」), in order; a line that
    changes its own variable says so (「支払額に300点を加える」, "multiply the payment by 2"); a hand the
    variant has a term for (`named`, `_hands_named`) is called by it; amounts in the club's sticks where it
    counts in them (`stick`, 囲将会: 「1翻につき 1本」)."""
    words = _words(lang)
    lines = []
    for formula in formulas:
        name = words.variables.get(formula.name, formula.name)
        line = _update(formula, name, lang, words, stick)
        counted = calls_except(formula.value_expr, lang)
        if counted is not None:
            # a count defined by what it counts: "Pons and chis: the calls that are not kans"
            line = f"{name}：{counted}" if lang == "ja" else f"{name.removeprefix('the ')}: {counted}"
        if line is None:
            unit, value = _in_unit(formula.value_expr, stick)
            line = f"{name} = {amount(value, lang, unit, words)}"
        hand = None if formula.condition_expr is None else _hand_words(formula.condition_expr, lang, named or {})
        if hand is not None:
            line = f"{hand}のとき：{line}" if lang == "ja" else f"For {hand}: {line}"
        elif formula.condition_expr is not None:
            condition = prose(formula.condition_expr, lang, words)
            line = f"{when_ja(condition)}：{line}" if lang == "ja" else f"When {condition}: {line}"
        lines.append(line if lang == "ja" else f"{line[0].upper()}{line[1:]}")
    if any(_pays_points(f.value_expr) and _subtracts(f.value_expr) for f in formulas):
        lines.append(labels.LABELS[lang]["payment_floor"])  # `scoring.payment`: a value below zero pays nothing
    return tuple(lines)


def _subtracts(node: ast.Expr) -> bool:
    """Whether a payment line takes something away, so that its value may fall below zero."""
    match node:
        case ast.Binary(op="-") | ast.Unary(op="-"):
            return True
        case ast.Binary(left=left, right=right):
            return _subtracts(left) or _subtracts(right)
    return False


def _in_unit(node: ast.Expr, stick: int) -> tuple[Text, ast.Expr]:
    """A payment line's value with its unit: points, or the club's sticks (`_sticks_expr`), where it counts
    points; no unit where it counts things (`calls - kans`)."""
    if not _pays_points(node):
        return Text("", ""), node
    return (STICKS, _sticks_expr(node, stick)) if stick else (POINTS, node)


def _update(formula: Formula, name: str, lang: str, words: Words, stick: int = 0) -> str | None:
    """`value = value + 300` as 「支払額に300点を加える」 / "add 300 points to the payment" (also `-`, `*`)."""
    match formula.value_expr:
        case ast.Binary(op="+" | "-" | "*" as op, left=ast.Name(id=own), right=right) if own == formula.name:
            unit, right = _in_unit(right, stick) if op != "*" else (Text("", ""), right)
            by = amount(right, lang, unit, words)
            if op == "*":
                return f"{name}を{by}倍にする" if lang == "ja" else f"multiply {name} by {by}"
            if op == "+":
                return f"{name}に{by}を加える" if lang == "ja" else f"add {by} to {name}"
            return f"{name}から{by}を引く" if lang == "ja" else f"subtract {by} from {name}"
    return None


def _pays_points(node: ast.Expr) -> bool:
    """A line that counts points (its numbers are hundreds), not things (`calls - kans`)."""
    numbers = [n.value for n in _numbers(node)]
    return any(abs(n) >= 100 and n % 100 == 0 for n in numbers)


def _numbers(node: ast.Expr) -> list[ast.Num]:
    match node:
        case ast.Num():
            return [node]
        case ast.Binary(left=left, right=right):
            return [*_numbers(left), *_numbers(right)]
    return []


def _example(ruleset: Ruleset, yaku_id: str, lang: str) -> ExampleView | None:
    example = ruleset.examples.get(yaku_id)
    if example is None:
        return None
    return _example_view(ruleset, example.win, lang)


def _circumstances(win: WinInput, lang: str) -> list[str]:
    """How the hand was won, apart from its tiles: flags, ron or tsumo, the seat, and the honba where there
    are some (the worked examples otherwise assume none)."""
    t = labels.LABELS[lang]
    parts = [t.get(flag, flag) for flag in CIRCUMSTANCES if getattr(win, flag)]
    if not win.tsumo:
        parts.append(t["ron"])
    parts.append(t["seat"].format(wind=labels.WIND_NAMES[lang][win.seat_wind - 27]))
    if win.honba:
        parts.append(t["honba_count"].format(count=win.honba))
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
    said = partial(_amount_word, ruleset=ruleset, lang=lang)
    formula = not uses_fu(ruleset.payment)
    result_text = _result_text(result, win, t, formula, said, dora_names(ruleset, lang)) if result else ""
    return ExampleView(win, text, result_text, tuple(notes))


def _amount_word(points: int, ruleset: Ruleset, lang: str) -> str:
    """An example's amount: in the club's sticks where it counts in sticks (「9本」), else the points."""
    return in_sticks(points, ruleset, lang) if ruleset.about.stick else f"{points:,}"


def _result_text(
    result: Score,
    win: WinInput,
    t: dict[str, str],
    formula: bool,
    said: Callable[[int], str],
    names: dict[str, str],
) -> str:
    limit = next((y.limit for y in result.yaku if y.limit), "")
    if result.yakuman:
        value = t["yakuman"] if result.yakuman == 1 else f"{t['yakuman']}×{result.yakuman}"
    elif limit:
        value = t[f"limit_{limit}"]  # a limit yaku paid as its limit has no han or fu to show
    elif formula:
        value = t["han_only"].format(han=result.han)  # a formula payment has no fu
    else:
        value = t["han_fu"].format(han=result.han, fu=result.fu)
    paid = result.payments.named(tsumo=win.tsumo, dealer=win.seat_wind == 27)
    # a ron robbing a kan is paid by the "discarder" of the robbed tile: the player who made the kan (reader s35 #23)
    named = {"discarder": "kan"} if win.chankan else {}
    who = t["list_sep"].join(f"{t['payer_' + named.get(p, p)]} {said(amount)}" for p, amount in paid.items())
    made_of = breakdown(result, t, kinds=names) if formula else breakdown(result, t, total=value, kinds=names)
    return f"{made_of or value} — {who}"


def dora_names(ruleset: Ruleset, lang: str) -> dict[str, str]:
    """The scorer's dora kinds as this variant's sheet names them: the club's own word for its always dora
    (`about.always_dora`, 囲将会's 「5ドラ」) where it has one."""
    names = dict(labels.DORA_KINDS[lang])
    own = notes_in(ruleset.about.always_dora, lang, marked=False)
    if own:
        names["always"] = own[0]
    return names


def breakdown(result: Score, t: dict[str, str], total: str = "", kinds: dict[str, str] | None = None) -> str:
    """How a payment's total is made up, from the scorer's own parts: every yaku, bonus and dora kind with its
    han (「場ゾロ 2 + 親 1 + 門前 1 + 5ドラ 3 = 7翻」; under the fu table `total` is the han and fu, or the
    limit: 「三暗刻 2 + 三色同刻 2 = 4翻50符」), every yakuman with its count (「清老頭 役満 + 四暗刻単騎 役満×2 =
    役満×3」), or, where the payment is a base times the yaku (鳴き立直), 「基本点 1,400 × 役 12 = 16,800」."""
    ja = t["han_unit"] == "翻"

    def name(y: ScoredYaku) -> str:
        return y.name_ja if ja else y.name_en or y.name_ja

    def times(count: int) -> str:
        return t["yakuman"] if count == 1 else f"{t['yakuman']}×{count}"

    dora_names = kinds or labels.DORA_KINDS["ja" if ja else "en"]
    if result.yakuman:
        names = [f"{name(y)} {times(y.yakuman)}" for y in result.yaku if y.yakuman]
        extra = [f"{name(y)} {y.han}" for y in (*result.yaku, *result.bonuses) if y.han and not y.yakuman]
        head = f"{' + '.join(names)} = {times(result.yakuman)}" if len(names) > 1 else names[0]
        head = head if len(names) > 1 or extra else times(result.yakuman)
        return head + (f" + {' + '.join(extra)}" if extra else "")
    base = result.formula_values.get("base")
    yaku = [f"{name(y)} {y.han}" for y in result.yaku if y.han]
    if base is not None:
        han = result.yaku_han
        terms = " + ".join(yaku) or "0"
        dora = sum(result.dora.values())
        dora_note = t["breakdown_dora"].format(count=dora) if dora else ""
        return (
            t["breakdown_base"].format(
                base=f"{base:,.0f}", yaku=terms, han=han, value=f"{result.formula_values.get('value', 0):,.0f}"
            )
            + dora_note
        )
    parts = [*yaku, *(f"{name(y)} {y.han}" for y in result.bonuses if y.han)]
    parts += [f"{dora_names.get(kind, kind)} {han}" for kind, han in result.dora.items() if han]
    if any(y.limit for y in result.yaku) or not parts or (total and len(parts) == 1):
        return total  # a limit yaku paid as its limit has no han to add up; one yaku is its own total
    return f"{' + '.join(parts)} = {total or t['han_only'].format(han=result.han)}"


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
    for limit in (Limit.MANGAN, Limit.HANEMAN, Limit.BAIMAN, Limit.SANBAIMAN, Limit.KAZOE_YAKUMAN):
        han = _han_of(ruleset, limit, t)
        if han:
            value = next(
                worth(ruleset, h, 30, 0, kiriage=ruleset.payment.kiriage)
                for h in range(1, _MOST_HAN)
                if worth(ruleset, h, 30, 0, kiriage=ruleset.payment.kiriage).limit is limit
            )
            rows.append((t[f"limit_{limit.value}"], han, *_cells(ruleset, value.base, t)))
    value = worth(ruleset, 0, 0, 1, kiriage=ruleset.payment.kiriage)
    rows.append((t["limit_yakuman"], "", *_cells(ruleset, value.base, t)))
    return PaymentTable(t["limits"], (t["limit"], t["han"], *_payment_header(ruleset, t)), tuple(rows))


_MOST_HAN = 27
"""Past any count a limit table tells apart (13 han: kazoe yakuman; 26: a double one)."""


def _han_of(ruleset: Ruleset, limit: Limit, t: dict[str, str]) -> str:
    """The han a limit is paid at, from the scorer's own answer (`worth`, kiriage as the variant plays it):
    the han it holds at any fu ("6–7", "13+"), and below them each han that reaches it from some fu on ("5 (or
    4 han 40+ fu, 3 han 70+ fu)", reader s35 #22: "5+ han" overlapped haneman); "" where nothing is paid as it."""

    def reaches(han: int, fu: int) -> bool:
        return worth(ruleset, han, fu, 0, kiriage=ruleset.payment.kiriage).limit is limit

    always = [han for han in range(1, _MOST_HAN) if all(reaches(han, fu) for fu in FU_COLUMNS)]
    if not always:
        return ""
    low, high = always[0], always[-1]
    if high == _MOST_HAN - 1:
        said = t["han_range"].format(han=low)
    else:
        said = t["han_one"].format(han=low) if low == high else t["han_span"].format(low=low, high=high)
    below = [
        t["han_below"].format(han=han, fu=min(fu for fu in FU_COLUMNS if reaches(han, fu)))
        for han in range(low - 1, 0, -1)
        if any(reaches(han, fu) for fu in FU_COLUMNS)
    ]
    return t["han_also"].format(han=said, below=t["list_sep"].join(below)) if below else said


def _payment_header(ruleset: Ruleset, t: dict[str, str]) -> tuple[str, ...]:
    return (t["child_ron"], t["child_tsumo"], t["dealer_ron"], t["dealer_tsumo"])


def _cells(ruleset: Ruleset, base: int, t: dict[str, str]) -> tuple[str, str, str, str]:
    rules = ruleset.payment_rules
    child_ron = payments(base, dealer=False, tsumo=False, rules=rules).ron
    child_tsumo = payments(base, dealer=False, tsumo=True, rules=rules)
    dealer_ron = payments(base, dealer=True, tsumo=False, rules=rules).ron
    dealer_tsumo = payments(base, dealer=True, tsumo=True, rules=rules)
    return (
        str(child_ron),
        f"{child_tsumo.from_non_dealer}-{child_tsumo.from_dealer}",
        str(dealer_ron),
        f"{dealer_tsumo.from_non_dealer}{t['all']}",
    )


def _payment_tables(ruleset: Ruleset, lang: str) -> tuple[PaymentTable, ...]:
    """Han × fu tables below the limits, each cell priced by the limit question on a win of its kind
    (`rules.limits`), so kiriage, also where it holds on some wins only (`kiriage on when dealer`), takes
    effect as `score` applies it. Cells read "ron / tsumo" as players say them: "1300 / 400-700" (each
    non-dealer-the dealer), "2000 / 700 all"."""
    t = labels.LABELS[lang]
    tables = []
    for dealer in (False, True):
        on = (_table_kiriage(ruleset, dealer, tsumo=False), _table_kiriage(ruleset, dealer, tsumo=True))
        rows = []
        for fu in FU_COLUMNS:
            cells = [_cell(ruleset, han, fu, dealer, on, t) for han in HAN_ROWS]
            rows.append((str(fu), *cells))
        title = t["table_dealer"] if dealer else t["table_child"]
        tables.append(PaymentTable(title, (t["fu"], *(t["han_n"].format(han=h) for h in HAN_ROWS)), tuple(rows)))
    return tuple(tables)


TABLE_HANDS = ("234p567p234s88s345s", "123p456p789p11z222z")
"""A plain win whose facts a table's cells are priced on (the first the tile set can hold)."""


def _table_kiriage(ruleset: Ruleset, dealer: bool, *, tsumo: bool) -> bool:
    """Whether kiriage holds on a plain win of the dealer (or not), by ron or tsumo, with no honba: the
    win a payment table's cell stands for, asked of the limit question on that win's facts."""
    if "payment.kiriage" not in ruleset.conditional:
        return kiriage(ruleset, None)
    for closed in TABLE_HANDS:
        tiles = tuple(parse_tiles(closed))
        hand = WinInput(tiles, win=tiles[-1], tsumo=tsumo, seat_wind=TON if dealer else TON + 1)
        try:
            facts, _ = next(scorer(ruleset).readings(hand))
        except (ScoreError, StopIteration):
            continue
        return kiriage(ruleset, facts)
    return kiriage(ruleset, None)


def _cell(ruleset: Ruleset, han: int, fu: int, dealer: bool, on: tuple[bool, bool], t: dict[str, str]) -> str:
    """One table cell, ron and tsumo each priced with kiriage as it holds on them (`on`). 20 fu is only a
    pinfu tsumo (2 han or more) and 25 fu only seven pairs (2 han or more, 3 or more by tsumo), so those
    cells show — where no hand can have them."""
    if han == 1 and fu in (20, 25):
        return "—"
    ron_value: Value = worth(ruleset, han, fu, 0, kiriage=on[0])
    tsumo_value: Value = worth(ruleset, han, fu, 0, kiriage=on[1])
    if ron_value.limit is not Limit.NONE and tsumo_value.limit is ron_value.limit:
        return t[f"limit_{ron_value.limit.value}"]
    rules = ruleset.payment_rules
    ron = "—" if fu == 20 else str(payments(ron_value.base, dealer=dealer, tsumo=False, rules=rules).ron)
    tsumo = payments(tsumo_value.base, dealer=dealer, tsumo=True, rules=rules)
    tsumo_text = f"{tsumo.from_non_dealer}{t['all']}" if dealer else f"{tsumo.from_non_dealer}-{tsumo.from_dealer}"
    if fu == 25 and han < 3:
        tsumo_text = "—"
    return f"{ron} / {tsumo_text}"


def _worked_intro(ruleset: Ruleset, lang: str) -> str:
    """What every worked example assumes beyond what its row shows: the inputs of the payment formula and
    of the bonuses that a hand's tiles do not show (honba, first win, others tenpai, the dora indicators), at
    the values the examples are scored with."""
    t = labels.LABELS[lang]
    read = {n for f in ruleset.formulas for e in (f.value_expr, f.condition_expr) if e for n in ast.names(e)}
    read |= {n for b in ruleset.bonuses for e in (b.value_expr, b.condition_expr) if e for n in ast.names(e)}
    assumed = [t[f"assume_{name}"] for name in ("first_win", "tenpai_others", "honba") if name in read]
    shown = any(e.win.dora_indicators for e in ruleset.examples.values())
    assumed.append(t["assume_indicator_shown" if shown else "assume_no_indicator"])
    if not assumed:
        return t["worked_intro"]
    return t["worked_intro"] + t["assume"].format(what=t["list_sep"].join(assumed))


def _red_nuki_example(ruleset: Ruleset, lang: str) -> ExampleView | None:
    """A red copy of a nuki kind, set aside under an indicator that makes its kind dora, added to the first of
    the variant's own plain ron examples, scored: the dora section shows how many it counts (dora, red,
    always-dora, nuki: 囲将会 §2.4's 4). None where no red five is a nuki kind."""
    nuki = {t.kind for t in ruleset.dora.nuki}
    kind = next((t.kind for t in ruleset.tiles.red if t.kind in nuki), None)
    played = [i for i in range(KINDS) if ruleset.tile_set.copies[i]]
    indicator = next((i for i in played if kind in ruleset.dora_for(i)), None)
    if kind is None or indicator is None:
        return None
    plain = [e.win for e in ruleset.examples.values() if not (e.win.nuki or e.win.dora_indicators or e.win.tsumo)]
    marked = {t.kind for t in (*ruleset.dora.always, *ruleset.tiles.red)} | {kind}
    plain = [w for w in plain if kind not in {t.kind for t in w.closed}]
    if not plain:
        return None
    # the hand with the fewest other marked tiles, so the total shows the red tile's count plainly
    base = min(plain, key=lambda w: sum(t.kind in marked for t in w.closed))
    win = replace(base, nuki=(Tile(kind, Mark.RED),), dora_indicators=(Tile(indicator),))
    view = _example_view(ruleset, win, lang)
    return view if view.result else None


def settlement_scores(ruleset: Ruleset) -> tuple[list[int], Tally]:
    """The end of a game for the worked settlement: East and South tie for top (South won last), the
    others share the rest; no sticks on the table."""
    players, start = ruleset.game.players, ruleset.game.start_points
    lead = 3 * start // 5 // 1000 * 1000
    scores = [start + lead, start + lead, *[start - 2 * lead // (players - 2)] * (players - 2)]
    tally = Tally(players, won=[True, True, *[False] * (players - 2)], last_won=[0, 1, *[-1] * (players - 2)])
    return scores, tally


def _settlement_example(ruleset: Ruleset, lang: str) -> tuple[str, str] | None:
    """The final settlement worked by the function the engine and the statistics use (`final_standing`):
    what it assumes, and each seat's result in the club's sticks."""
    if not (ruleset.about.stick and ruleset.game.top_prize):
        return None
    t = labels.LABELS[lang]
    scores, tally = settlement_scores(ruleset)
    standing = final_standing(ruleset, scores, 0, tally)
    winds = labels.WIND_NAMES[lang]
    seat = [t["seat"].format(wind=winds[i]) for i in range(len(scores))]
    said = t["list_sep"].join(f"{seat[i]} {in_sticks(v, ruleset, lang)}" for i, v in enumerate(scores))
    order = sorted(range(len(scores)), key=lambda i: -standing.points[i])
    result = t["list_sep"].join(
        f"{rank}. {seat[i]} {'+' if standing.points[i] > 0 else ''}"
        f"{in_sticks(int(standing.points[i] * 1000), ruleset, lang)}"
        for rank, i in enumerate(order, start=1)
    )
    return t["settlement_assume"].format(scores=said, last=seat[1]), result


def _worked_examples(ruleset: Ruleset, lang: str, parent: Ruleset | None) -> tuple[ExampleView, ...]:
    """For formula payments: the example hands, scored, as worked rows; the variant's own first, in the order
    its file gives them (囲将会's カラス, a non-dealer's tsumo with a honba), then those it inherits."""
    inherited = parent.examples if parent is not None else {}
    own = sorted((e for i, e in ruleset.examples.items() if inherited.get(i) != e), key=lambda e: e.span)
    rest = [e for i, e in ruleset.examples.items() if inherited.get(i) == e]
    views = [_example_view(ruleset, e.win, lang) for e in (*own, *rest)]
    return tuple(v for v in views if v.result)[:12]
