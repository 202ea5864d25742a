"""Expressions as sentences: hand-picked conditions, bonuses and payment lines read as expected in both
languages, every expression of every shipped variant has a phrasing, and no sheet body prints rule-file
code."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from builds import pure_only

from variantlang.api import loads
from variantlang.catalog.yaku import DEFINITIONS
from variantlang.model.ruleset import Ruleset
from variantlang.reports.sheets.model import bonus_text, build, definition, formula_lines
from variantlang.reports.sheets.prose import prose
from variantlang.syntax import ast
from variantlang.syntax.unparse import unparse

pytestmark = pure_only

GENERATED = Path(__file__).resolve().parents[1] / "generated_docs"


def condition(text: str) -> ast.Expr:
    """The checked tree of `text` as a yaku condition."""
    ruleset = loads(
        f'variant "t" "t" {{\n  extends standard\n  yaku {{ house probe "試" "Probe" 1 when {text} }}\n}}\n'
    )
    return next(r for r in ruleset.all_yaku() if r.id == "probe").condition_expr


CONDITIONS = [
    ("count(runs) == 4", "順子が4つ", "exactly four runs"),
    ("count(triplets: concealed) >= 3", "暗刻が3つ以上", "at least three concealed triplets"),
    ("count(triplets: concealed) >= 4", "暗刻が4つ", "four concealed triplets"),  # 4 is the most (reader s34)
    ("count(pairs) >= 7", "対子が7つ", "seven pairs"),
    ("count(kans) == 0", "槓子がない", "no kans"),
    ("any(triplets: tile == 5z)", "白の刻子がある", "there is a triplet of White"),
    ("all(tiles: simple) and (closed or kuitan)", None, None),
    ("suits == 1 and honours == 0", "数牌が1色で、字牌がない", "suited tiles of one suit only and no honour tiles"),
    ("form == chiitoitsu", "七対子の形", "the hand is seven pairs"),
    ("wait == ryanmen and not pair.value", "両面待ちで、雀頭が役牌でない", None),
    ("riichi and not double_riichi", "立直を宣言している（ダブル立直を除く）", "riichi declared, except double riichi"),
    ("all(tiles: tile in [2s, 3s, 4s, 6s, 8s, 6z])", "すべての牌が2索、3索、4索、6索、8索、發のいずれか", None),
    ("count(nuki: flower) == 4", "抜いた花牌が4枚", "exactly four flowers set aside"),
]


@pytest.mark.parametrize(("text", "ja", "en"), CONDITIONS)
def test_conditions_read_as_sentences(text: str, ja: str | None, en: str | None) -> None:
    tree = condition(text)
    if ja is not None:
        assert prose(tree, "ja") == ja
    if en is not None:
        assert prose(tree, "en") == en


def test_kuitan_is_named_by_its_label() -> None:
    tree = condition("all(tiles: simple) and (closed or kuitan)")
    assert prose(tree, "ja") == "すべての牌が中張牌である、かつ（門前、または喰いタンありのルール）"
    assert "is on" in prose(tree, "en") and "kuitan" in prose(tree, "en").lower()


def test_named_elements_are_lettered_and_scoped() -> None:
    tree = condition(
        "any(t in triplets: t.suit != honour and any(triplets: suit == t.suit and number == t.number + 1))"
    )
    assert prose(tree, "ja") == "字牌でない刻子Aがあり、Aと同じ色で、数字がAより1大きい刻子がある"
    assert prose(tree, "en") == (
        "there is a triplet A that is not in honours, and there is a triplet that is in A's suit and has the "
        "number 1 more than A's number"
    )


def test_bonus_han_per_counted_thing(shipped: Callable[[str], Ruleset]) -> None:
    bonuses = {b.id: b for b in shipped("igishokai-sanma").bonuses}
    assert bonus_text(bonuses["ankan"], "ja") == "暗槓1つにつき 4翻"
    assert bonus_text(bonuses["ankan"], "en") == "4 han per concealed kan"
    assert bonus_text(bonuses["oya"], "ja") == "親のとき 1翻"
    assert bonus_text(bonuses["bazoro"], "en") == "2 han"


def test_payment_formula_as_lines(shipped: Callable[[str], Ruleset]) -> None:
    ja = formula_lines(shipped("naki-riichi").formulas, "ja")
    assert ja[1] == (
        "基本点 = 400点、その局の最初の和了なら +200点、槓子1つにつき +200点、ドラ1枚につき +200点、"
        "ポン・チー1つにつき −200点、聴牌を宣言している（牌を横向きにした）他家1人につき +200点"
    )
    assert ja[3] == "役のない和了のとき：支払額 = 基本点 × 0.5"
    assert (
        formula_lines(shipped("naki-riichi").formulas, "en")[3]
        == "For a hand with no yaku: the payment = the base × 0.5"
    )
    en = formula_lines(shipped("igishokai-sanma").formulas, "en")
    assert en == (
        "The payment = 1000 points per han",
        "For a 3-han hand (not a yakuman): the payment = 15,000 points",
        "For a yakuman: the payment = 30,000 points per yakuman, +1000 points per han",
    )
    assert formula_lines(shipped("igishokai-sanma").formulas, "ja")[1:] == (
        "3翻（役満でない）のとき：支払額 = 15,000点",
        "役満のとき：支払額 = 役満1つにつき 30,000点、1翻につき +1000点",
    )


def test_a_count_is_defined_by_what_it_counts(shipped: Callable[[str], Ruleset]) -> None:
    """`pon_chi = calls - count(melds: kind == kan)` says what it counts, not a subtraction."""
    assert formula_lines(shipped("naki-riichi").formulas, "en")[0] == (
        "Pons and chis: the calls that are not kans (a pon made into a kan is a kan)"
    )
    assert formula_lines(shipped("naki-riichi").formulas, "ja")[0] == (
        "ポン・チーの数：カンを除いたポンとチーの数（ポンに加槓した面子はカンとして数える）"
    )


def test_all_copies_of_a_tile_set_aside(shipped: Callable[[str], Ruleset]) -> None:
    """A count of one tile that equals its copies in the set reads as all of them."""
    bonuses = {b.id: b for b in shipped("igishokai-sanma").bonuses}
    assert bonus_text(bonuses["nuki_5m_four"], "en") == "2 han when all four 5-man are set aside"
    assert bonus_text(bonuses["nuki_5m_four"], "ja") == "5萬を4枚すべて抜いたとき 2翻"
    assert prose(condition("count(tiles: tile == 5z) == 4"), "en") == "the hand holds all four White"
    assert prose(condition("count(tiles: tile == 5z) == 3"), "en") == "exactly three tiles of White"


def test_a_loop_over_a_few_numbers_and_a_suit_in_a_noun_modifier(shipped: Callable[[str], Ruleset]) -> None:
    """四連刻's `all(k in 1..3: …)` names the numbers; 三色's 「筒子で、…面子」 needs no 「色が」."""
    yaku = {r.id: r for r in shipped("naki-riichi").all_yaku()}
    assert prose(yaku["suurenkou"].condition_expr, "ja") == (
        "字牌でない刻子Aがあり、B＝1、2、3のそれぞれについて、Aと同じ色で、数字がAよりB大きい刻子がある"
    )
    assert prose(yaku["suurenkou"].condition_expr, "en") == (
        "there is a triplet A that is not in honours, and for each of B = 1, 2, and 3, there is a triplet that "
        "is in A's suit and has the number B more than A's number"
    )
    sanshoku = prose(yaku["sanshoku"].condition_expr, "ja")
    assert "色が" not in sanshoku and "筒子で、Aと同じ数字で" in sanshoku


WHOLE_LANGUAGE = [
    "sum(runs: number) >= 10",
    "max(tiles: number) - min(tiles: number) <= 2",
    "distinct(triplets: suit) == 3",
    "(honba % 2 == 0) or (honba // 3 > 1)",
    "abs(count(runs) - count(triplets)) ** 2 < 4 if closed else riichi",
    "min(honba, 3) + max(calls, 1, 2) > 2",
    "win.number in 2..8 and completed.kind == run",
    "count(n in 1..3: any(runs: number == n)) == 3",
    "all(g in groups: g.open or g.simple) and count(tiles: red) > 0",
    "seat_wind == 1z and round_wind != 2z and -calls < 0 and win not in [1m, 9m]",
]


@pytest.mark.parametrize("text", WHOLE_LANGUAGE)
def test_every_construct_has_a_phrasing_without_code(text: str) -> None:
    tree = condition(text)
    for lang in ("ja", "en"):
        sentence = prose(tree, lang)
        assert sentence and not CODE.search(sentence), sentence


def test_every_shipped_expression_has_a_phrasing(shipped: Callable[[str], Ruleset]) -> None:
    for name in ("standard", "standard-sanma", "dora-mahjong", "dora-mahjong-sanma", "igishokai-sanma", "naki-riichi"):
        ruleset = shipped(name)
        trees = [r.condition_expr for r in ruleset.all_yaku()]
        trees += [x for b in ruleset.bonuses for x in (b.value_expr, b.condition_expr) if x is not None]
        trees += [x for f in ruleset.formulas for x in (f.value_expr, f.condition_expr) if x is not None]
        for tree in trees:
            for lang in ("ja", "en"):
                sentence = prose(tree, lang)
                assert sentence and not CODE.search(sentence), (name, unparse(tree), sentence)


CODE = re.compile(
    r"count\(|any\(|all\(|sum\(|distinct\(|==|!=|<=|>=|\bwhen\b [a-z_]+ ==|[a-z]+_[a-z]+\(|(?<![-\w])\d+\.\.\d+"
)


def _body(path: Path) -> str:
    """What a reader sees: the text without markup, the style sheet, the card's fitting script and the footer
    naming the file."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"<(style|script)>.*?</\1>", "", text, flags=re.S)
    text = re.sub(r"<footer>.*?</footer>", "", text, flags=re.S)
    return re.sub(r"<[^>]+>", " ", text).replace("&lt;", "<").replace("&gt;", ">")


@pytest.mark.parametrize(
    "path", sorted(GENERATED.glob("*.html")) + sorted(GENERATED.glob("*.md")), ids=lambda p: p.name
)
def test_no_sheet_body_prints_rule_file_code(path: Path, shipped: Callable[[str], Ruleset]) -> None:
    body = _body(path)
    assert not CODE.search(body), CODE.search(body)
    ruleset = shipped(path.name.split(".")[0])
    for rule in ruleset.all_yaku():
        assert unparse(rule.condition_expr) not in body or len(unparse(rule.condition_expr)) < 12
    for formula in ruleset.formulas:
        assert formula.text not in body


def test_standard_yaku_carry_rule_book_definitions(shipped: Callable[[str], Ruleset]) -> None:
    """Each catalog definition is tied to the standard condition; a redefined yaku gets its own sentence."""
    for rule in shipped("standard").all_yaku():
        assert DEFINITIONS[rule.id][0] == rule.condition_text, rule.id
        assert definition(rule, "ja") == DEFINITIONS[rule.id][1].ja
    kokushi = next(r for r in shipped("naki-riichi").all_yaku() if r.id == "kokushi")
    assert definition(kokushi, "ja") == "1・9・字牌13種を1枚ずつと花牌1枚。"  # findings 004 #16
    assert definition(kokushi, "en") == "One each of the 1s, 9s and the seven honours (13 kinds), plus a flower."


def _house(body: str) -> Ruleset:
    return loads(f'variant "t" "t" {{\n  extends standard\n  {body}\n}}\n')


PAYER = """
  payment {
    scheme formula
    tsumo each
    base = fu * 2 ** (han + 2)
    value = base * (2 if dealer or payer_dealer else 1) when tsumo
    value = value + 300 when payer_relative == 3
    value = value * 2 when payer_seat == 1z
  }
"""


def test_payer_formula_lines() -> None:
    """The payer's facts read as 「支払者が親」, 「支払者が和了者の上家」; a line that changes its own
    variable says what it does to it."""
    formulas = _house(PAYER).formulas
    assert formula_lines(formulas, "ja")[1:] == (
        "ツモ和了のとき：支払額 = 基本点 × (和了者が親、または支払者が親なら2、そうでなければ1)",
        "支払者が和了者の上家のとき：支払額に300点を加える",
        "支払者の自風が東のとき：支払額を2倍にする",
    )
    assert formula_lines(formulas, "en")[1:] == (
        "When won by tsumo: the payment = the base × (2 if the winner is the dealer or the payer is the dealer, "
        "otherwise 1)",
        "When the payer sits before the winner (kamicha): add 300 points to the payment",
        "When the payer's seat wind is East: multiply the payment by 2",
    )


def test_chip_bonus_reads_as_chips() -> None:
    bonuses = {
        b.id: b
        for b in _house(
            'chips { ippatsu 1 }\n  yaku { bonus it "一発ツモ祝儀" chips = 2 when ippatsu and tsumo\n'
            '  bonus sg "三元祝儀" chips = 1 when count(triplets: dragon) == 3 }'
        ).bonuses
    }
    assert bonus_text(bonuses["it"], "ja") == "一発かつツモ和了なら祝儀2枚"
    assert bonus_text(bonuses["it"], "en") == "2 chips when won on the ippatsu turn and won by tsumo"
    assert bonus_text(bonuses["sg"], "ja") == "三元牌の刻子が3つなら祝儀1枚"
    assert bonus_text(bonuses["sg"], "en") == "1 chip when exactly three dragon triplets"


def test_conditional_settings_read_as_sentences() -> None:
    """The condition in words, the value as the setting words it, in the sections and the glance box."""
    ruleset = _house("win { min_han 2 when honba >= 5 }\n  payment { kiriage on when dealer }")
    ja, en = build(ruleset, "ja"), build(ruleset, "en")
    rows = {r.path: r.text for s in ja.sections for r in s.rows}
    assert "数えない。本場の数が5以上のときは2翻縛り。" in rows["win.min_han"]
    assert rows["payment.kiriage"].endswith("親のときは切り上げ満貫あり。4翻30符・3翻60符は満貫とする。")
    assert ("切り上げ満貫", "なし（親のときはあり）") in ja.glance
    rows = {r.path: r.text for s in en.sections for r in s.rows}
    assert "When the winner is the dealer: Kiriage mangan: 4 han 30 fu" in rows["payment.kiriage"]
    assert ("Kiriage mangan", "no (yes when the winner is the dealer)") in en.glance
    for sheet in (ja, en):
        assert not any(CODE.search(text) for _, text in sheet.glance)


NESTED = [
    (
        "any(t in triplets: t.suit != honour and any(triplets: suit == t.suit and number == t.number + 1)"
        " and any(triplets: suit == t.suit and number == t.number + 2))",
        "字牌でない刻子Aがあり、Aと同じ色で、数字がAより1大きい刻子と、Aと同じ色で、数字がAより2大きい刻子がある",
    ),
    (
        "any(g in sets: g.suit == man and any(sets: suit == pin and number == g.number and (kind == run) =="
        " (g.kind == run)))",
        "萬子の面子Aがあり、筒子で、Aと同じ数字で、順子かどうかがAと同じ面子がある",
    ),
    (
        "any(t in triplets: t.suit != honour and all(k in 1..3: any(triplets: suit == t.suit and number =="
        " t.number + k)))",
        "字牌でない刻子Aがあり、B＝1、2、3のそれぞれについて、Aと同じ色で、数字がAよりB大きい刻子がある",
    ),
]


@pytest.mark.parametrize(("text", "ja"), NESTED)
def test_nested_conditions_read_naturally(text: str, ja: str) -> None:
    """三連刻, 三色 and 四連刻 as a table would say them: what is said of the named group qualifies it
    (「字牌でない刻子A」「萬子の面子A」), the groups that must be there share one 「がある」, the same suit,
    a number n above and the same kind are said as such."""
    assert prose(condition(text), "ja") == ja
    en = prose(condition(text), "en")
    assert en.startswith("there is a ") and not CODE.search(en) and "+" not in en


def test_uma_reads_as_players_write_it(shipped: Callable[[str], Ruleset]) -> None:
    """Uma by place with its signs and slashes, not as the rule file lists it."""
    for lang in ("ja", "en"):
        glance = dict(build(shipped("standard"), lang).glance)
        assert "+20 / +10 / −10 / −20" in glance.values()
