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

from variantlang import catalog
from variantlang.api import loads
from variantlang.catalog.tiles import REPLACEMENT
from variantlang.lang.resolve import shipped_names
from variantlang.model.ruleset import Ruleset
from variantlang.reports.sheets.model import Sheet, build
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
    # no stick, and a declared hand is not locked: riichi with exactly 1000 and kan after riichi are moot
    assert not {"riichi.at_1000", "riichi.ankan"} & said


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
    """鳴き立直 (no red fives, indicators placed by the players): the kuikae sentence names a red 5 and the
    robbed closed kan's sentence names kan dora only where the variant has them (`Context.fit`'s `red`,
    `kandora`)."""
    ruleset = shipped(name)
    rows = {row.path: row.text for section in sheet(shipped, name, lang).sections for row in section.rows}
    if "calls.kuikae" in rows and ruleset.calls.kuikae == "allow":
        assert bool(re.search(r"赤5|red one", rows["calls.kuikae"])) == bool(ruleset.tiles.red), name
    if "win.ankan_robbing" in rows and ruleset.win.ankan_robbing == "kokushi":
        turned = ruleset.dora.kan_dora and not ruleset.dora.chosen_indicators
        assert bool(re.search(r"槓ドラ|kan dora", rows["win.ankan_robbing"])) == turned, name


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
    said = [text for text in texts if "counts as a single yakuman" in text]
    if said and not ruleset.payment.double_yakuman:
        assert all(f"{double};" in said[0] or f"{double} (" in said[0] for double in doubles), said


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
