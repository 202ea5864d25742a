"""A sheet never argues with itself: every statement it prints about a setting comes from the catalog with
the setting and the value it states, so two places that disagree, or a statement about a rule that does
not apply under the variant's other rules, fail here as data. Then the contradictions found on printed
sheets, each checked against its source."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable

import pytest
from builds import pure_only
from flip_situations import NOTEN, SANMA_NOTEN, first_draw

from variantlang import catalog
from variantlang.api import loads
from variantlang.catalog.tiles import REPLACEMENT
from variantlang.engine.events import Hora, Ryukyoku
from variantlang.engine.rules import EngineRules
from variantlang.engine.table import Game
from variantlang.lang.resolve import shipped_names
from variantlang.model.ruleset import Ruleset
from variantlang.reports.sheets import labels
from variantlang.reports.sheets.model import Sheet, build, formula_lines
from variantlang.reports.sheets.render import sheets_for
from variantlang.rules.riichi import may_declare
from variantlang.rules.settlement import DrawSituation, settle_exhaustive
from variantlang.syntax.unparse import unparse

pytestmark = pure_only

LANGS = ("ja", "en")


def sheet(shipped: Callable[[str], Ruleset], name: str, lang: str) -> Sheet:
    ruleset = shipped(name)
    parent = shipped(ruleset.chain[1]) if len(ruleset.chain) > 1 else None
    return build(ruleset, lang, parent)


@pytest.mark.parametrize("name", shipped_names())
@pytest.mark.parametrize("lang", LANGS)
def test_no_two_statements_disagree(name: str, lang: str, shipped: Callable[[str], Ruleset]) -> None:
    ruleset = shipped(name)
    said: dict[str, set[str]] = defaultdict(set)
    for statement in sheet(shipped, name, lang).statements:
        said[statement.path].add(statement.value)
        setting = catalog.BY_PATH[statement.path]
        assert setting.applies_under(ruleset), f"{statement.place} states {statement.path}, which does not apply"
        if statement.place != "differences":
            assert setting.said(ruleset), f"{statement.place} states {statement.path}, a house extra not played"
    disagreeing = {path: values for path, values in said.items() if len(values) > 1}
    assert not disagreeing
    for bonus in ruleset.bonuses:
        if bonus.chips and f"chips.{bonus.id}" in said:
            assert ruleset.value(catalog.BY_PATH[f"chips.{bonus.id}"]), f"a chip bonus pays {bonus.id}, said none"


@pytest.mark.parametrize("name", shipped_names())
def test_notes_and_source_are_the_variants_own(name: str, shipped: Callable[[str], Ruleset]) -> None:
    ruleset = shipped(name)
    for path in ("about.notes", "about.source"):
        where = ruleset.provenance.get(path)
        assert where is None or where.file.endswith(f"{name}.variant"), (path, where)


@pytest.mark.parametrize("name", shipped_names())
def test_notes_in_the_sheets_language(name: str, shipped: Callable[[str], Ruleset]) -> None:
    """Every shipped note is given in both languages, so neither sheet needs to mark a foreign one."""
    for lang in LANGS:
        notes = sheet(shipped, name, lang).notes
        assert all(not n.startswith(("（英文）", "(in Japanese)")) for n in notes)
    assert len(sheet(shipped, name, "ja").notes) == len(sheet(shipped, name, "en").notes)


def paths(shipped: Callable[[str], Ruleset], name: str) -> set[str]:
    return {s.path for s in sheet(shipped, name, "ja").statements}


def test_naki_riichi_says_nothing_of_ura_indicators_or_missing_nuki(shipped: Callable[[str], Ruleset]) -> None:
    """Seed 004: no indicators are turned from a wall, so no ura; flowers set aside are its nuki dora."""
    said = paths(shipped, "naki-riichi")
    assert "dora.ura" in said
    assert not {"dora.ura_indicator", "dora.kan_ura", "dora.nuki"} & said
    assert "dora.flowers_as_nuki" in said
    # no stick, and a declared hand is not locked: riichi with exactly 1000, below zero, and kan after riichi
    # are moot; that the declaration costs nothing is said (a Tenhou player would put up a stick, reader s34 #4)
    assert not {"riichi.at_1000", "riichi.below_zero", "riichi.ankan"} & said
    assert "riichi.stick" in said
    # 「どちらかに存在する牌では上がることができない」: by tsumo too (reader s34 #2), said and played
    assert "riichi.furiten_tsumo" in said


def test_with_no_stick_points_never_bar_a_declaration(shipped: Callable[[str], Ruleset]) -> None:
    """`riichi.below_zero` applies only where a stick is put up: with none, a player below zero declares."""
    ruleset = shipped("naki-riichi")
    assert ruleset.riichi.stick == 0 and not ruleset.riichi.below_zero
    assert may_declare(ruleset, live_left=10, score=-5000, closed=True)
    assert not may_declare(shipped("standard"), live_left=10, score=-5000, closed=True)


def test_a_red_five_is_a_dora_where_dora_add_to_the_base(shipped: Callable[[str], Ruleset]) -> None:
    """Seed 004 pays +200 base per own dora, not han: a red five, where a house rule adds them to it, is one."""
    ruleset = loads('variant "red" "red" {\n extends naki-riichi\n tiles { red 5m 5p 5s }\n}\n')
    rows = {r.path: r.text for s in build(ruleset, "ja", shipped("naki-riichi")).sections for r in s.rows}
    assert "ドラ1枚分" in rows["dora.red_value"] and "翻" not in rows["dora.red_value"]
    rows = {r.path: r.text for s in sheet(shipped, "igishokai-sanma", "ja").sections for r in s.rows}
    assert "1翻" in rows["dora.red_value"]  # 囲将会 pays han, dora included


def test_igishokai_prints_no_false_declaration_rule(shipped: Callable[[str], Ruleset]) -> None:
    """Seed 002 §4.1 makes noten riichi chombo; the declaration rule of 鳴き立直 does not apply there."""
    assert "riichi.false_declaration" not in paths(shipped, "igishokai-sanma")


def test_no_yame_without_renchan(shipped: Callable[[str], Ruleset]) -> None:
    """Seed 001 §3: the tournament plays without renchan, so agari-yame and tenpai-yame are moot."""
    said = paths(shipped, "dora-mahjong-tournament")
    assert "game.renchan" in said and not {"game.agari_yame", "game.tenpai_yame"} & said


def test_standard_has_no_nuki_pocchi_or_all_star_lines(shipped: Callable[[str], Ruleset]) -> None:
    said = paths(shipped, "standard")
    assert not {p for p in said if p.startswith("dora.nuki") or "pocchi" in p or "all_star" in p}


@pytest.mark.parametrize(
    ("name", "used"),
    [
        # 一発 is a bonus there; the special-wait yakuman are plain 国士無双・四暗刻・九蓮宝燈 (same family)
        ("igishokai-sanma", ("立直", "一発", "国士無双十三面待ち", "四暗刻単騎", "純正九蓮宝燈")),
        # declaring is how every hand wins, so 立直 is not "dropped"
        ("naki-riichi", ("四暗刻", "国士無双", "立直", "ダブル立直")),
    ],
)
def test_not_used_lists_only_yaku_the_variant_lacks(
    name: str, used: tuple[str, ...], shipped: Callable[[str], Ruleset]
) -> None:
    dropped = sheet(shipped, name, "ja").dropped
    assert not set(used) & set(dropped)
    names = {r.name_ja for r in shipped(name).all_yaku()}
    assert not names & set(dropped)


def test_tables_at_the_table(shipped: Callable[[str], Ruleset]) -> None:
    """Call priority follows the variant's calls, furiten its kind, penalties its amounts (seed 002 §4.1:
    8 sticks to each other player)."""
    standard, sanma = sheet(shipped, "standard", "ja"), sheet(shipped, "igishokai-sanma", "ja")
    assert standard.calls_table and [r[0] for r in standard.calls_table.rows][:3] == ["ロン", "ポン・カン", "チー"]
    assert sanma.calls_table and "チー" not in [r[0] for r in sanma.calls_table.rows]
    assert standard.furiten_table and "同巡内振聴" in [r[0] for r in standard.furiten_table.rows]
    naki = sheet(shipped, "naki-riichi", "ja")
    assert naki.furiten_table and "同巡内振聴" not in [r[0] for r in naki.furiten_table.rows]
    assert sanma.penalty_table and ("チョンボで1人に払う額", "8本") in sanma.penalty_table.rows  # in the club's sticks
    assert ("振聴立直", "チョンボ") in sanma.penalty_table.rows


def test_points_in_the_layout_players_know(shipped: Callable[[str], Ruleset]) -> None:
    child, dealer = sheet(shipped, "standard", "ja").payment_tables
    by_fu = {row[0]: row[1:] for row in child.rows}
    assert by_fu["30"][0] == "1000 / 300-500" and by_fu["40"][1] == "2600 / 700-1300"
    assert {row[0]: row[1:] for row in dealer.rows}["30"][1] == "2900 / 1000オール"


HOUSE = """variant "我が家のルール" "Our house rules" {
  extends standard
  game {
    yakitori 1000
    wareme on
    tobi_prize 10000
    uma_one_below 30 0 -5 -25
    renchan last_winner
    leftover_sticks owners
  }
  win { min_han 2 when honba >= 5 }
  payment {
    scheme formula
    tsumo each
    base = fu * 2 ** (han + 2)
    value = base * (2 if dealer or payer_dealer else 1)
    value = value + 300 when payer_relative == 3
  }
}
"""
EXTRAS = ("game.yakitori", "game.wareme", "game.tobi_prize", "game.top_prize", "game.uma_one_below")


def test_house_extras_are_said_only_where_played(shipped: Callable[[str], Ruleset]) -> None:
    """Standard plays no yakitori, wareme, bust or top prize, sinking uma or chips: its sheet says nothing
    of them (nor of tenpai-yame under a dealer repeat that never keeps the seat on tenpai). A house file
    that sets them says each once, agreeing everywhere, yakitori in the penalty table too."""
    standard = shipped("standard")
    for lang in LANGS:
        stated = {s.path for s in sheet(shipped, "standard", lang).statements}
        assert not stated & set(EXTRAS) and not any(p.startswith("chips.") for p in stated)
    house = loads(HOUSE)
    assert house.chain[1] == "standard"
    for lang in LANGS:
        built = build(house, lang, standard)
        said: dict[str, set[str]] = defaultdict(set)
        for statement in built.statements:
            said[statement.path].add(statement.value)
            assert catalog.BY_PATH[statement.path].applies_under(house)
        assert not {path: values for path, values in said.items() if len(values) > 1}
        game_end = {r.path for s in built.sections if s.key == "game_end" for r in s.rows}
        assert {"game.yakitori", "game.wareme", "game.tobi_prize", "game.uma_one_below"} <= game_end
        assert "game.top_prize" not in game_end and "game.tenpai_yame" not in game_end
        assert built.penalty_table is not None
        assert built.penalty_table.rows[-1] == (catalog.BY_PATH["game.yakitori"].label.pick(lang), "1,000")
    rows = {r.path: r.text for s in build(house, "ja", standard).sections for r in s.rows}
    assert rows["game.yakitori"].startswith("終局までに一度も和了しなかった者（焼き鳥）は、和了した者それぞれに1000点")
    assert rows["game.renchan"].startswith("和了した者が次局の親になる")
    differences = {d.path: (d.left, d.right) for d in build(house, "en", standard).differences}
    assert differences["game.yakitori"] == ("none", "1,000 points")  # an amount compared says its unit
    assert differences["win.min_han"] == ("1", "1 (2 when the number of honba counters is at least 5)")


def test_worked_examples_name_each_paying_seat() -> None:
    """A formula that reads the payer makes non-dealers pay different amounts on a tsumo: the example names
    each seat. East's tsumo of 1 han 30 fu: base 240, doubled by the dealer's win = 480 → 500, and North,
    who sits before the winner, adds 300 → 800."""
    house = loads(HOUSE)
    results = {lang: [w.result for w in build(house, lang).worked] for lang in LANGS}
    assert any(r.endswith("= 1 han — South pays 500, West pays 500, North pays 800") for r in results["en"])
    assert any(r.endswith("= 1翻 — 南家 500、西家 500、北家 800") for r in results["ja"])


@pytest.mark.parametrize("name", shipped_names())
def test_the_source_in_the_sheets_language(name: str, shipped: Callable[[str], Ruleset]) -> None:
    """A source is given once in each language like the notes; each sheet prints only its own."""
    assert len(shipped(name).about.source) == 2
    ja, en = sheet(shipped, name, "ja").source, sheet(shipped, name, "en").source
    assert ja and en and ja != en
    assert re.search("[\u3040-\u30ff]", ja) or "天鳳" in ja
    assert ja not in en and en not in ja
    assert "資料" not in ja and "RULES.md" not in en and "../" not in ja + en  # internal references stay out


def test_a_false_declaration_is_paid_as_the_rules_pay_a_win(shipped: Callable[[str], Ruleset]) -> None:
    """Findings 004 #5/#8: where only the best hand is paid (鳴き立直) the fine goes to that winner, with no
    word of riichi sticks; where a hand ends at the win, of several winners to the one taking the sticks.
    Zero fines say which fine there is none of, so no 「罰符はない」 stands beside the 4000."""
    rows = {r.path: r.text for s in sheet(shipped, "naki-riichi", "ja").sections for r in s.rows}
    assert "支払いを受ける和了者に4000点" in rows["riichi.false_declaration"]
    assert "供託" not in rows["riichi.false_declaration"]
    assert rows["penalties.bappu"] != "罰符はない。" and rows["penalties.chombo"] != "チョンボの罰符はない。"
    ended = loads('variant "e" "e" {\n extends naki-riichi\n game { after_win end }\n}\n')
    rows = {r.path: r.text for s in build(ended, "ja", shipped("naki-riichi")).sections for r in s.rows}
    assert "供託を受け取る者" in rows["riichi.false_declaration"]


def test_naki_riichi_yaku_say_what_its_rules_count(shipped: Callable[[str], Ruleset]) -> None:
    """Findings 004 #7 #10 #16: 七対子 counts four of a kind as two pairs (win.chiitoitsu_quads), 大七星 a
    flower pair, 国士無双 a flower as the fourteenth tile, each in words a player uses."""
    for lang, quads, flowers, kokushi in (
        ("ja", "同じ牌4枚は2組", "花牌2枚で1組", "1・9・字牌13種を1枚ずつと花牌1枚"),
        ("en", "four of a kind may count as two pairs", "two flowers count as one pair", "plus a flower"),
    ):
        rows = {r.id: r.definition for t in sheet(shipped, "naki-riichi", lang).yaku_tables for r in t.rows}
        assert quads in rows["chiitoitsu"] and flowers in rows["daichisei"] and kokushi in rows["kokushi"]
    standard = {r.id: r.definition for t in sheet(shipped, "standard", "ja").yaku_tables for r in t.rows}
    assert standard["chiitoitsu"] == "異なる7つの対子。"


@pytest.mark.parametrize("lang", LANGS)
def test_the_glossary_means_what_the_rules_say(lang: str, shipped: Callable[[str], Ruleset]) -> None:
    """Findings 004 #9: 鳴き立直's glossary has no yakuman, no minimum han, no riichi cost, han without dora and
    furiten on the discarded tile; standard's keeps the general meanings."""
    naki = {term: meaning for term, _, meaning in sheet(shipped, "naki-riichi", lang).glossary}
    standard = {term: meaning for term, _, meaning in sheet(shipped, "standard", lang).glossary}
    assert "役満" not in naki and "役満" in standard
    for term in ("翻", "役", "立直", "振聴"):
        assert naki[term] != standard[term], term


def test_a_short_word_says_what_its_sentence_says() -> None:
    """The tournament's comparison row and card (DORA 003 §3-4): a lot decides only a tie for first, as §6 says
    (not 「抽選」 for every tie); a dealer repeat 「和了または聴牌で連荘」 is "on a win or tenpai" in English."""
    ties, renchan = catalog.BY_PATH["game.ties"], catalog.BY_PATH["game.renchan"]
    assert "1位" in ties.short["lot"].ja and "起家" in ties.short["lot"].ja and "first" in ties.short["lot"].en
    assert renchan.short["tenpai"].en == "on a win or tenpai"


def test_a_named_family_of_one_keeps_its_heading(shipped: Callable[[str], Ruleset]) -> None:
    """Findings 004 #18: the source heads 四華開嶺, 四連刻 and 三色 with their own families (花牌関連, 連続刻子関連,
    三色関連); a family the variant names keeps its table even with one member, so none is "of no family"."""
    titles = [t.title for t in sheet(shipped, "naki-riichi", "ja").yaku_tables]
    for family in ("花牌関連", "連続刻子関連", "三色関連"):
        assert any(family in title for title in titles), titles
    assert not any("系統に属さない" in title for title in titles)


@pytest.mark.parametrize("name", shipped_names())
@pytest.mark.parametrize("lang", LANGS)
def test_a_variant_without_a_dealer_speaks_of_the_start_player(
    name: str, lang: str, shipped: Callable[[str], Ruleset]
) -> None:
    """Findings 004 #11: where nothing tells the dealer apart (鳴き立直: no repeat, one payment for all), the
    rules, notes, decisions and glossary say スタートプレイヤー, never 親 or 起家 (the comparison with the parent
    speaks of the parent's rules); a variant with a dealer keeps 親 in its glossary."""
    ruleset = shipped(name)
    page = sheet(shipped, name, lang)
    said = [row.text for section in page.sections for row in section.rows]
    said += [*page.notes, *page.decisions, *page.flow, *page.scoring_flow, *(term for term, _, _ in page.glossary)]
    word = r"親|起家" if lang == "ja" else r"\bdealers?\b|\bdeals\b"
    assert bool([s for s in said if re.search(word, s)]) == ruleset.has_dealer(), name


@pytest.mark.parametrize("name", shipped_names())
@pytest.mark.parametrize("lang", LANGS)
def test_no_dealer_repeat_says_what_a_draw_does_to_honba(
    name: str, lang: str, shipped: Callable[[str], Ruleset]
) -> None:
    """Findings five #14: with no dealer repeat the engine still adds a honba on a draw (and a win puts it back
    to 0: `engine.table._advance`); the rotation's sentence says so wherever honba count (the tournament), and
    not where they count for nothing (鳴き立直)."""
    ruleset = shipped(name)
    rows = {row.path: row.text for section in sheet(shipped, name, lang).sections for row in section.rows}
    if ruleset.game.renchan == "none":
        said = "本場を1本加え" in rows["game.renchan"] or "adds a honba" in rows["game.renchan"]
        assert said == ruleset.honba_counts(), name


@pytest.mark.parametrize("name", shipped_names())
def test_a_nuki_variant_says_where_replacements_come_from(name: str, shipped: Callable[[str], Ruleset]) -> None:
    """Findings five #13: where nuki tiles are replaced from the dead wall, the sheet says how the dead wall
    keeps its size (the engine: each replacement shortens the live wall, `rules.dora.replacement_shortens_live`;
    囲将会: a fixed dead wall), not only 「王牌から補充する」."""
    ruleset = shipped(name)
    rows = {row.path for section in sheet(shipped, name, "ja").sections for row in section.rows}
    has = bool(ruleset.dora.nuki) and ruleset.tiles.dead_wall > 0
    assert has <= ("tiles.dead_wall_fixed" in rows), name


@pytest.mark.parametrize("name", shipped_names())
@pytest.mark.parametrize("lang", LANGS)
def test_the_nuki_sentence_says_where_replacements_come_from_as_the_dead_wall_does(
    name: str, lang: str, shipped: Callable[[str], Ruleset]
) -> None:
    """Issue 22 / 002 (囲将会): the nuki sentence said 「王牌から補充する」 while the fixed dead wall's said
    replacements come from before the dora indicator. The dead wall's one answer is said once on the sheet, at
    the dead wall (reader s33 #15: it was printed there, in the nuki sentence and in the card's nuki box), and
    in the same words in the card's nuki box, which has no dead-wall sentence; the nuki tiles by name (5萬・北)."""
    ruleset = shipped(name)
    built = sheet(shipped, name, lang)
    rows = {row.path: row.text for section in built.sections for row in section.rows}
    if "dora.nuki" not in rows:
        return
    said = REPLACEMENT.pick(lang)
    answer = said.split("|")[0 if ruleset.tiles.dead_wall_fixed else 1].removeprefix("⟪fixed:").removesuffix("⟫")
    answer = answer[1:]  # the same words, capitalised where they open a sentence
    assert answer not in rows["dora.nuki"], name
    assert answer in rows["tiles.dead_wall_fixed"], name
    assert "王牌から補充" not in rows["dora.nuki"] and "5m" not in rows["dora.nuki"], name
    assert built.nuki_table is not None
    box = " ".join(text for _, text in built.nuki_table.rows)
    assert box.count(answer) == 1, name


@pytest.mark.parametrize("name", shipped_names())
@pytest.mark.parametrize("lang", LANGS)
def test_the_play_section_title_names_the_nuki_rules_it_holds(
    name: str, lang: str, shipped: Callable[[str], Ruleset]
) -> None:
    """Issue 22 / 002 #5b: 「対局：鳴きと立直」 also held the nuki rules; its title names them where it does."""
    play = next(s for s in sheet(shipped, name, lang).sections if s.key == "play")
    holds = any(row.path.startswith("dora.") for row in play.rows)
    assert holds == ("抜きドラ" in play.title or "nuki" in play.title), name
    assert holds == bool(shipped(name).dora.nuki or shipped(name).dora.flowers_as_nuki), name


@pytest.mark.parametrize("lang", LANGS)
def test_igishokai_says_what_may_be_done_with_each_nuki_tile(lang: str, shipped: Callable[[str], Ruleset]) -> None:
    """Issue 22 / 002 §2: 5萬 is only set aside (kept, it wins nothing and cannot be discarded: a dead end, so
    it is set aside when drawn); only 北 may be kept (for a yakuman): the optional sentence names 北 alone."""
    rows = {row.path: row.text for s in sheet(shipped, "igishokai-sanma", lang).sections for row in s.rows}
    five, north = ("5萬", "北") if lang == "ja" else ("5-man", "North")
    assert rows["dora.nuki_mode"].startswith(north) and five not in rows["dora.nuki_mode"]
    aside = rows["dora.nuki_aside_only"]
    assert aside.startswith(five) and ("引いたら抜く" in aside or "set aside when drawn" in aside)


@pytest.mark.parametrize("name", shipped_names())
@pytest.mark.parametrize("lang", LANGS)
def test_a_sentence_speaks_of_red_fives_and_kan_dora_only_where_played(
    name: str, lang: str, shipped: Callable[[str], Ruleset]
) -> None:
    """鳴き立直 (no red fives, indicators placed by the players, no 搶槓 yaku): the kuikae sentence names a red 5,
    and the robbed closed kan's sentence kan dora and 搶槓, only where the variant has them (`Context.fit`'s
    `red`, `kandora`, `chankan`)."""
    ruleset = shipped(name)
    rows = {row.path: row.text for section in sheet(shipped, name, lang).sections for row in section.rows}
    if "calls.kuikae" in rows and ruleset.calls.kuikae == "allow":
        assert bool(re.search(r"赤5|red one", rows["calls.kuikae"])) == bool(ruleset.tiles.red), name
    if "win.ankan_robbing" in rows and ruleset.win.ankan_robbing == "kokushi":
        turned = ruleset.dora.kan_dora and not ruleset.dora.chosen_indicators
        assert bool(re.search(r"槓ドラ|kan dora", rows["win.ankan_robbing"])) == turned, name
        robbing_is_yaku = any(y.id == "chankan" for y in ruleset.all_yaku())
        assert bool(re.search(r"搶槓|chankan", rows["win.ankan_robbing"])) == robbing_is_yaku, name


@pytest.mark.parametrize("name", shipped_names())
@pytest.mark.parametrize("lang", LANGS)
def test_a_yaku_row_of_the_comparison_names_each_sides_yaku(
    name: str, lang: str, shipped: Callable[[str], Ruleset]
) -> None:
    """鳴き立直 en: the parent's column was headed by the variant's name ("Thirteen orphans (with a flower)"):
    the row is headed by the parent's name, and a variant that renames the yaku says its own name on its side;
    a dropped riichi where a declaration is still needed to win says so (not 「採用しない」)."""
    ruleset = shipped(name)
    if len(ruleset.chain) < 2:
        return
    parent = shipped(ruleset.chain[1])
    own = {r.id: r for r in ruleset.all_yaku()}
    theirs = {r.id: r for r in parent.all_yaku()}
    pick = (lambda r: r.name_ja) if lang == "ja" else (lambda r: r.name_en or r.name_ja)
    for entry in sheet(shipped, name, lang).differences:
        kind, _, key = entry.path.partition(".")
        if kind != "yaku" or key not in theirs:
            continue
        label = re.sub(r"（役）$| \(yaku\)$", "", entry.label)  # 囲将会's 一発 told apart from its bonus
        assert label == pick(theirs[key]), (name, key)
        if key in own and pick(own[key]) != label:
            assert pick(own[key]) in entry.right, (name, key)
        if key in ("riichi", "double_riichi") and key not in own:
            assert ("宣言" in entry.right or "declaration" in entry.right) == ruleset.riichi.declaration_required


@pytest.mark.parametrize("name", shipped_names())
@pytest.mark.parametrize("lang", LANGS)
def test_a_family_label_alone_is_no_difference(name: str, lang: str, shipped: Callable[[str], Ruleset]) -> None:
    """囲将会's 大四喜 and 小四喜 differed from standard's only by 「（四喜和の系列）」, a family whose members can
    never score together: no such row. A family that can change a score (鳴き立直's 自風牌 joining 風牌関連)
    keeps its row."""
    ruleset = shipped(name)
    if len(ruleset.chain) < 2:
        return
    family = r"（[^（）]*の系列）| \([^()]* family\)"
    rows = {e.path: e for e in sheet(shipped, name, lang).differences if e.path.startswith("yaku.")}
    if name == "igishokai-sanma":
        assert not {"yaku.daisuushii", "yaku.shousuushii"} & rows.keys()
    if name == "naki-riichi":
        assert "yaku.jikaze" in rows
    for entry in rows.values():
        if re.sub(family, "", entry.left) == re.sub(family, "", entry.right):
            key = entry.path.partition(".")[2]
            own = next(r for r in ruleset.all_yaku() if r.id == key)
            assert own.family and len(next(g for g in ruleset.yaku if g.id == own.family).members) > 1, (name, key)


@pytest.mark.parametrize("name", shipped_names())
@pytest.mark.parametrize("lang", LANGS)
def test_a_hand_the_variant_has_a_term_for_is_called_by_it(
    name: str, lang: str, shipped: Callable[[str], Ruleset]
) -> None:
    """囲将会: the formula line and the quick reference said 「3翻（役満でない）のとき 15本」 while the notes and
    glossary call that hand カラス: a term note naming a payment condition (「用語［han == 3 and yakuman == 0］」)
    names that line, and every such condition is one of the variant's payment lines."""
    ruleset = shipped(name)
    page = sheet(shipped, name, lang)
    conditions = {unparse(f.condition_expr) for f in ruleset.formulas if f.condition_expr is not None}
    for note in ruleset.about.notes:
        match = re.match(r"^(?:Term|用語)\s*[\[［]([^\]］]+)[\]］]\s*[:：]\s*([^（(]+?)\s*[（(]", note)
        if match is None or (lang == "ja") != note.startswith("用語"):
            continue
        assert " ".join(match[1].split()) in conditions, (name, match[1])
        term = match[2]
        assert any(term in line for line in page.formula), (name, term)
        if page.quick is not None:
            assert any(term in row[0] for row in page.quick.rows), (name, term)
    if name == "igishokai-sanma":
        assert any("カラス" in line for line in page.formula)


def _rows(shipped: Callable[[str], Ruleset], name: str, lang: str) -> dict[str, str]:
    return {row.path: row.text for section in sheet(shipped, name, lang).sections for row in section.rows}


def _advanced(ruleset: Ruleset, result: list[Hora] | Ryukyoku, scores: list[int], index: int = 0) -> Game:
    """The engine's answer after a hand with `result` left `scores`, the hand being the `index`-th deal
    (E1 = 0), with one honba on the table."""
    rules = EngineRules(ruleset)
    n = rules.players
    game = Game(rules, [object()] * n)  # type: ignore[list-item]
    game.bakaze, game.dealer = divmod(index, n)
    game.oya, game.scores, game.honba = game.dealer, list(scores), 1
    game._advance(result)
    return game


def _last_index(ruleset: Ruleset) -> int:
    """The last scheduled hand (オーラス) as the deal's count from E1."""
    return (2 if ruleset.game.length == "hanchan" else 1) * ruleset.game.players - 1


@pytest.mark.parametrize("name", shipped_names())
@pytest.mark.parametrize("lang", LANGS)
def test_yame_says_the_score_the_engine_asks_for(name: str, lang: str, shipped: Callable[[str], Ruleset]) -> None:
    """Reader s33 #1: 「オーラスにトップ目の親が和了したら、その局で終了する」 while the engine
    (`engine.table._last_hand_over`) ends the game only if the top dealer also has the target (30000, 40000
    at three): a dealer on top below it plays on. The yame sentences name the amount where the engine asks
    for one, and only there."""
    ruleset = shipped(name)
    n, target = ruleset.game.players, ruleset.game.target_points
    oya = n - 1
    won: list[Hora] = [Hora(oya, 0, 0, (0,) * n)]
    tenpai = Ryukyoku("exhaustive", (0,) * n, tuple(i == oya for i in range(n)))
    rows = _rows(shipped, name, lang)
    amount = ruleset.sentence_context(lang).points(target)
    for path, flag, result in (
        ("game.agari_yame", ruleset.game.agari_yame, won),
        ("game.tenpai_yame", ruleset.game.tenpai_yame, tenpai),
    ):
        if path not in rows or not flag:
            continue
        top = _advanced(ruleset, result, [10000] * oya + [max(target, 10100)], _last_index(ruleset))
        assert top.over, (name, path)
        below = target > 0 and not _advanced(ruleset, result, [10000] * oya + [target - 100], _last_index(ruleset)).over
        assert (amount in rows[path]) == below, (name, path, rows[path])


@pytest.mark.parametrize("name", shipped_names())
@pytest.mark.parametrize("lang", LANGS)
def test_the_dealer_repeat_says_what_an_abortive_draw_and_honba_do(
    name: str, lang: str, shipped: Callable[[str], Ruleset]
) -> None:
    """Reader s33 #2: the sheet said only 「親は和了するか、荒牌流局時に聴牌していれば連荘する」 while the engine
    (`engine.dealers`, `engine.table._advance`) keeps the dealer on every abortive draw and adds a honba at
    every draw and dealer repeat, back to 0 after a win by non-dealers. The dealer-repeat sentence says both,
    for every renchan setting, as the engine plays them."""
    ruleset = shipped(name)
    n = ruleset.game.players
    text = _rows(shipped, name, lang)["game.renchan"]
    scores = [ruleset.game.start_points] * n
    aborted = _advanced(ruleset, Ryukyoku("kyuushu_kyuuhai", (0,) * n, (False,) * n), scores)
    if ruleset.abortive_draws():
        said = re.search(r"途中流局|理由によらず親続行" if lang == "ja" else r"abortive draw|whatever its reason", text)
        assert bool(said) == (aborted.oya == 0), (name, text)
    if ruleset.honba_counts():
        drawn = _advanced(ruleset, Ryukyoku("exhaustive", (0,) * n, (False,) * n), scores)
        won = _advanced(ruleset, [Hora(1, 2, 0, (0,) * n)], scores)
        assert (aborted.honba, drawn.honba, won.honba) == (2, 2, 0), name
        added = ("本場を1本加え", "0本場に戻る") if lang == "ja" else ("honba", "back to 0")
        assert all(word in text for word in added), (name, text)


@pytest.mark.parametrize("name", shipped_names())
@pytest.mark.parametrize("lang", LANGS)
def test_the_extension_says_where_the_engine_ends_it(name: str, lang: str, shipped: Callable[[str], Ruleset]) -> None:
    """Reader s33 #5: 「…西入し、誰かが達した局で終了する」 then 「延長戦がある場合は延長戦に入る」, and never where
    the extension ends. The engine (`engine.table._last_hand_over`) plays the extension's hands while nobody has
    the target, a hand the dealer stays after ends it only with the dealer on top with the target, and the game
    ends when the deal passes after the extension's last hand: the one sentence names that hand and the target."""
    ruleset = shipped(name)
    rows = _rows(shipped, name, lang)
    if ruleset.game.extension == "none" or "game.extension" not in rows:
        return
    text, n, target = rows["game.extension"], ruleset.game.players, ruleset.game.target_points
    last = _last_index(ruleset)

    def passes(index: int) -> list[Hora]:
        return [Hora((index + 1) % n, index % n, 0, (0,) * n)]

    below = [target - 100] * n
    final = next(i for i in range(last, last + 3 * n) if _advanced(ruleset, passes(i), below, i).over)
    assert final > last, name
    assert _advanced(ruleset, passes(last + 1), [target, *below[1:]], last + 1).over
    oya = (last + 1) % n
    kept = [Hora(oya, (oya + 1) % n, 0, (0,) * n)]
    other_top = [target + 100 if i == (oya + 1) % n else target for i in range(n)]
    assert not _advanced(ruleset, kept, other_top, last + 1).over
    assert _advanced(ruleset, kept, [target + 100 if i == oya else target for i in range(n)], last + 1).over
    wind = ("東南西北"[final // n] + f"{final % n + 1}局") if lang == "ja" else f"{WINDS[final // n]} {final % n + 1}"
    stays = "和了か聴牌でトップ目" if lang == "ja" else "winning or tenpai, is first"
    amount = ruleset.sentence_context(lang).points(target)
    assert wind in text and stays in text and amount in text, (name, text)


WINDS = ("East", "South", "West", "North")


@pytest.mark.parametrize("name", shipped_names())
@pytest.mark.parametrize("lang", LANGS)
def test_nagashi_says_it_replaces_the_noten_payments(name: str, lang: str, shipped: Callable[[str], Ruleset]) -> None:
    """Reader s33 #11: the settlement pays nagashi mangan in place of the noten payments
    (`rules.settlement.settle_exhaustive`), which the sheet never said, while it hedged the amount 「点数計算で
    別に定める場合はその額」 where no other amount exists. The nagashi sentence says what a tenpai player is
    then paid, and the amount only as the variant pays it."""
    ruleset = shipped(name)
    text = _rows(shipped, name, lang).get("draws.nagashi_mangan", "")
    if not ruleset.draws.nagashi_mangan or not text:
        return
    n = ruleset.game.players
    alone = settle_exhaustive(ruleset, DrawSituation(0, (False,) * n, (1,))).deltas
    beside_tenpai = settle_exhaustive(ruleset, DrawSituation(0, tuple(i == 2 for i in range(n)), (1,))).deltas
    replaced = ruleset.draws.noten_payment > 0 and alone == beside_tenpai
    said = "ノーテン罰符を払わない" in text if lang == "ja" else "pays no noten payments" in text
    assert said == replaced, (name, text)
    assert "別に定める" not in text and "unless the scoring rules" not in text, (name, text)


@pytest.mark.parametrize("name", shipped_names())
@pytest.mark.parametrize("lang", LANGS)
def test_a_table_chombo_says_what_follows_as_the_engine_plays_it(
    name: str, lang: str, shipped: Callable[[str], Ruleset]
) -> None:
    """Reader s33 #10: 「和了放棄の罰則はない」 beside a decided table chombo read as "a dead hand costs nothing", and
    nothing said what follows a chombo. Where a variant decides the table's chombo (its source plays online,
    `penalties.chombo_style` decided), it decides at the dead-hand rule that a wrong tile count is a chombo and
    what follows one, as the engine ends a hand by chombo (`Ryukyoku("chombo")`: `engine.dealers`,
    `engine.table._advance`)."""
    ruleset = shipped(name)
    decided = {row.path: row.decision for s in sheet(shipped, name, lang).sections for row in s.rows}
    if not decided.get("penalties.chombo_style") or ruleset.penalties.agari_houki:
        return
    n = ruleset.game.players
    game = _advanced(ruleset, Ryukyoku("chombo", (0,) * n, (False,) * n), [ruleset.game.start_points] * n)
    text = decided.get("penalties.agari_houki", "")
    stays = ("親の連荘", "the dealer stays") if game.oya == 0 else ("親を次の者に移し", "the deal passes")
    honba = ("本場を1本加え", "a honba is added") if game.honba == 2 else ("本場はそのまま", "no honba is added")
    count = ("多牌・少牌もチョンボ", "too many or too few tiles is a chombo")
    pick = 0 if lang == "ja" else 1
    assert all(part[pick] in text for part in (stays, honba, count)), (name, text)


@pytest.mark.parametrize("name", shipped_names())
@pytest.mark.parametrize("lang", LANGS)
def test_a_tie_by_lot_is_marked_where_the_source_limits_it(
    name: str, lang: str, shipped: Callable[[str], Ruleset]
) -> None:
    """Reader s33 #19: 「終局時にトップが同点の場合は、抽選で順位を決める」 while the DORA tournament's §3-4 draws
    lots only at a table with a single winner ('勝者が1人だけのテーブル'). The engine draws every tie for first
    by lot (`rules.standing.tie_order`); where the variant plays `ties lot`, the rule carries the decision
    that widens the source's table to every table, naming it."""
    ruleset = shipped(name)
    if ruleset.game.ties != "lot":
        return
    decided = {row.path: row.decision for s in sheet(shipped, name, lang).sections for row in s.rows}
    assert "勝者が1人だけ" in decided.get("game.ties", ""), (name, decided.get("game.ties"))


@pytest.mark.parametrize("name", shipped_names())
@pytest.mark.parametrize("lang", LANGS)
def test_the_same_wind_abort_is_named_for_the_table(name: str, lang: str, shipped: Callable[[str], Ruleset]) -> None:
    """Reader s33 #18: DORA 3p printed 「四風連打あり」 where its source says 「実質的には4風連打ではなく「3風連打」」
    (§1-2): the engine aborts once each of the three players has let the same wind go. The sentence names the
    three-player abort where the engine plays it with three."""
    ruleset = shipped(name)
    text = _rows(shipped, name, lang).get("draws.suufon_renda", "")
    if not ruleset.draws.suufon_renda or not text:
        return
    n = ruleset.game.players
    assert first_draw(list(SANMA_NOTEN if n == 3 else NOTEN), "1z" * n)(ruleset) == "suufon_renda", name
    assert (("三風連打" if lang == "ja" else "three winds") in text) == (n == 3), (name, text)


@pytest.mark.parametrize("name", shipped_names())
def test_closed_only_yakuman_print_no_open_value(name: str, shipped: Callable[[str], Ruleset]) -> None:
    """天和・地和・人和, 国士無双, 四暗刻 and 九蓮宝燈 cannot be won with a call (the scorer counts none of them on an
    open hand: `11122678999m 345m` is 清一色 only); the open column says — for them, and a yakuman of sets
    (大三元, 字一色, 四槓子, 四連刻) keeps its value there."""
    closed_only = {"tenhou", "chiihou", "renhou", "kokushi", "kokushi_13", "suuankou", "suuankou_tanki"}
    closed_only |= {"chuuren", "junsei_chuuren"}
    for lang in LANGS:
        rows = {row.id: row for row in sheet(shipped, name, lang).yakuman}
        for yaku_id, row in rows.items():
            assert (row.open == "—") == (yaku_id in closed_only), (lang, yaku_id, row.open)


@pytest.mark.parametrize("name", shipped_names())
def test_english_sentences_read_as_english(name: str, shipped: Callable[[str], Ruleset]) -> None:
    """Reader s33 #12: "on top of any dora it is from the indicators", "what a win let pass costs is in the
    furiten table", and "even those listed as double" where the sheet lists no double yakuman. Without double
    yakuman, the sentence names the yakuman the variant writes as double (they print as one yakuman)."""
    ruleset = shipped(name)
    built = sheet(shipped, name, "en")
    texts = [row.text for section in built.sections for row in section.rows]
    for text in texts:
        assert "it is from the indicators" not in text and "what a win let pass" not in text, text
        assert "listed as double" not in text, text
    doubles = [rule.name_en for rule in ruleset.all_yaku() if rule.yakuman > 1]
    said = [text for text in texts if "No double yakuman" in text]
    if not ruleset.payment.double_yakuman and any(r.yakuman for r in ruleset.all_yaku()):
        # as the ja says (ダブル役満なし), not "counts as a single yakuman" beside hands with two (reader s34 #7)
        assert said and all(f"{double};" in said[0] or f"{double} also" in said[0] for double in doubles), said


RAW_VALUES = {"forbid", "allow", "same waits", "strict", "next", "same", "split", "each", "first winner"}


@pytest.mark.parametrize("name", shipped_names())
@pytest.mark.parametrize("lang", LANGS)
def test_values_glosses_and_formulas_in_words(name: str, lang: str, shipped: Callable[[str], Ruleset]) -> None:
    """Reader s33 #14: the comparison printed setting values as written in the file ("forbid → allow"), the
    glossary said 親 is 「その局の親」, and the fu formula had a caret (2^(han + 2))."""
    built = sheet(shipped, name, lang)
    for entry in built.differences:
        assert entry.left not in RAW_VALUES and entry.right not in RAW_VALUES, entry
    for term, _, meaning in built.glossary:
        assert not meaning.endswith(term), (term, meaning)  # 「親：その局の親」 says nothing
    for section in built.sections:
        for row in section.rows:
            assert "^" not in row.text, row.text


@pytest.mark.parametrize("name", shipped_names())
def test_yaku_families_have_english_names(name: str, shipped: Callable[[str], Ruleset]) -> None:
    """Reader s33 #13: an English sheet named families in bare romaji ("Isshoku family", "Chuuren family"); each
    family the variant names now has an English name (`family isshoku "染め手" "Flushes"`), printed as such."""
    ruleset = shipped(name)
    named = {g.name_en for g in ruleset.yaku if len(g.members) > 1 or g.name}
    assert None not in named, name
    rows = [row for table in sheet(shipped, name, "en").yaku_tables for row in table.rows]
    rows += list(sheet(shipped, name, "en").yakuman)
    assert {row.family for row in rows if row.family} <= named, name


@pytest.mark.parametrize("name", shipped_names())
@pytest.mark.parametrize("lang", LANGS)
def test_no_sentence_that_says_nothing_differs(name: str, lang: str, shipped: Callable[[str], Ruleset]) -> None:
    """Reader s33 #17: 「ドラはすべて通常の順序による。」, 「ゾロ目によるダブルドラはない。」 and
    「和了に聴牌宣言は不要。」 were printed on every sheet. They are said only where the variant plays them
    (囲将会's dora cycle, 鳴き立直's declaration); a difference from the parent is still listed in the
    comparison."""
    ruleset = shipped(name)
    paths = {row.path for section in sheet(shipped, name, lang).sections for row in section.rows}
    for path in ("dora.cycle", "dora.double_on_dice_pair", "riichi.declaration_required"):
        setting = catalog.BY_PATH[path]
        played = setting.applies_under(ruleset) and ruleset.value(setting) != setting.default
        assert (path in paths) == played, (path, name)


@pytest.mark.parametrize("name", shipped_names())
def test_the_formula_says_a_payment_below_zero_is_nothing_where_one_can_be(
    name: str, shipped: Callable[[str], Ruleset]
) -> None:
    """鳴き立直's base loses 200 a call, so base × yaku can fall below zero, and the payment then pays nothing
    (`scoring.payment`); a formula that only adds (囲将会) has no such line (reader s34 #9)."""
    ruleset = shipped(name)
    for lang in LANGS:
        floor = labels.LABELS[lang]["payment_floor"]
        assert (floor in formula_lines(ruleset.formulas, lang)) is (name == "naki-riichi"), (name, lang)


def test_source_sections_are_named_as_the_source(shipped: Callable[[str], Ruleset]) -> None:
    """A note that points into the source says so (「出典4.1」 / "source §4.1"): a bare 「§4.1」 reads as the
    sheet's own numbering, where §4 is another section and there is no §3.6 (reader s34 #18). 囲将会 only:
    DORA's notes still write 「§1-1」 (left for its own reading)."""
    for lang in LANGS:
        built = sheet(shipped, "igishokai-sanma", lang)
        for note in (*built.notes, *built.decisions, *built.card_decisions):
            assert "§" not in note.replace("source §", ""), note


def test_igishokai_en_keeps_what_the_ja_says(shipped: Callable[[str], Ruleset]) -> None:
    """Reader s34 #14, #15: the en karasu example keeps its seat, tile and ron (karasu is a non-dealer's only),
    the dead-wall and furiten-riichi decisions keep the ja's second halves, and bust is at zero or below."""
    decisions = " ".join(sheet(shipped, "igishokai-sanma", "en").decisions)
    assert "South seat, ron on 9s" in decisions and "6 stacks before the indicator" in decisions
    assert "does not reveal it" in decisions
    tobi = catalog.BY_PATH["game.tobi"].short["at_start"].en  # type: ignore[index]
    assert tobi == "at zero or below when a hand starts"


@pytest.mark.parametrize("name", shipped_names())
def test_the_program_is_not_in_the_words(name: str, shipped: Callable[[str], Ruleset]) -> None:
    """Reader s34 #24: a club has no "scorer" and no "variant's formula"; a decision inside a rule sentence
    wears the same 判断 badge as elsewhere; 100-point rounding is not spoken of where every payment is a whole
    number of 100s (鳴き立直's base in 200s, halved), nor said to be absent."""
    ruleset = shipped(name)
    for item in sheets_for(ruleset, LANGS, ("html",)):
        html = str(item.content)
        for words in ("scorer", "the variant's formula", "Under a payment formula", "(formula)", "head-bump"):
            assert words not in html, (item.name, words)
        assert "（判断：" not in html and "(decision: " not in html, item.name
    if name in ("naki-riichi", "igishokai-sanma"):
        for lang in LANGS:
            intro = sheet(shipped, name, lang).formula_intro
            assert "100" not in intro and "rounded" not in intro, intro


def test_the_furiten_table_says_what_a_discarded_tile_does_to_a_tsumo(shipped: Callable[[str], Ruleset]) -> None:
    """The card's furiten box says what the engine plays (`riichi.furiten_tsumo`): 鳴き立直 bars a tsumo on one's
    own discarded tile (「どちらかに存在する牌では上がることができない」), standard lets a furiten hand tsumo."""
    for name, said in (("naki-riichi", "ロンでもツモでも和了できない"), ("standard", "ツモ和了はできる")):
        table = sheet(shipped, name, "ja").furiten_table
        assert table is not None
        assert said in dict(table.rows)[labels.LABELS["ja"]["furiten_tsumo"]], name
    setting = catalog.BY_PATH["riichi.furiten_tsumo"]
    for name in shipped_names():  # every variant's box, in both languages, says its own value
        ruleset = shipped(name)
        for lang in LANGS:
            table = sheet(shipped, name, lang).furiten_table
            assert table is not None
            row = dict(table.rows)[labels.LABELS[lang]["furiten_tsumo"]]
            assert row == setting.sentence(ruleset.riichi.furiten_tsumo, ruleset.sentence_context(lang)), (name, lang)
