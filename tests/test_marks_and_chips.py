"""Marked tiles with values, the white pocchi joker, nuki details, chips and open riichi (issue 9), each
worked out by hand from the dora and riichi articles (seeds 000, 002, 003) and RULES.md."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from variantlang import DiagnosticError, Ruleset, ScoreError, loads, score
from variantlang.cli import main
from variantlang.io.wins import win_input
from variantlang.reports.sheets.render import LANGS, sheets_for

POCCHI = """
  tiles { pocchi 5z
    pocchi_wild {mode} }
  dora { pocchi_value 1 }
  chips { pocchi 1 }
"""
DRAWN = {"closed": "234m567p234s88s34s5*z", "win": "5*z", "riichi": True, "tsumo": True}
"""Riichi, tsumo on the white pocchi: with 234m 567p 234s 88s 34s it completes the hand as 2s or 5s."""


def _variant(body: str, parent: str = "standard") -> Ruleset:
    return loads(f'variant "t" "t" {{\n  extends {parent}\n  {body}\n}}\n')


def _pocchi(mode: str) -> Ruleset:
    return _variant(POCCHI.replace("{mode}", mode))


def test_the_joker_takes_the_best_reading() -> None:
    """R-TILE-7 (seed 000, 白ポッチ): drawn on the ippatsu turn after riichi, the pocchi completes the hand
    as any tile. As 2s the hand is 234s 234s (iipeikou): riichi, ippatsu, tsumo, pinfu, tanyao, iipeikou
    6 han, + 1 for the pocchi itself = 7 han 20 fu, haneman (dealer tsumo 6000 all); as 5s it has no
    iipeikou and pays less. Its chip counts too."""
    result = score(_pocchi("riichi_ippatsu_tsumo"), win_input({**DRAWN, "ippatsu": True}))
    assert (result.han, result.fu, result.total) == (7, 20, 18000)
    assert "iipeikou" in {y.id for y in result.yaku} and result.dora == {"pocchi": 1}
    assert result.chips is not None and dict(result.chips.by_kind) == {"pocchi": 1}


def test_the_joker_is_wild_only_under_its_conditions() -> None:
    """R-TILE-7: `riichi_ippatsu_tsumo` needs the ippatsu turn; `after_riichi` any draw after riichi; neither
    makes it wild without riichi or on a ron."""
    with pytest.raises(ScoreError, match="not a winning hand"):
        score(_pocchi("riichi_ippatsu_tsumo"), win_input(DRAWN))
    later = score(_pocchi("after_riichi"), win_input(DRAWN))
    assert later.han == 6  # riichi, tsumo, pinfu, tanyao, iipeikou 5 + pocchi 1
    for not_wild in ({**DRAWN, "riichi": False}, {**DRAWN, "tsumo": False}):
        with pytest.raises(ScoreError, match="not a winning hand"):
            score(_pocchi("after_riichi"), win_input(not_wild))


def test_a_copy_cannot_be_both_red_and_pocchi() -> None:
    """R-TILE-4, R-TILE-7: `pocchi 0p` would mark the red 5p as pocchi too; check says so where it is written."""
    with pytest.raises(DiagnosticError) as error:
        _variant("tiles { pocchi 0p }")
    text = error.value.render()
    assert "error[E0106]: one copy cannot be both red and pocchi" in text and "write 5p" in text


def test_a_minus_value_is_paid() -> None:
    """R-TILE-5 (seed 000: some parlours' blue tiles cost a han): a gold haku set at -1 han. Haku 1 han (the
    yaku the hand needs, R-DORA-18) and the gold tile -1: 0 han in all."""
    rules = _variant("tiles { gold 5z }\n  dora { gold_value -1 }")
    result = score(rules, win_input({"closed": "234m567p234s88s555gz", "win": "8s"}))
    assert result.dora == {"gold": -1} and [y.id for y in result.yaku] == ["haku"] and result.han == 0


def test_the_chip_condition_removes_the_chip_not_the_dora() -> None:
    """R-DORA-12 (seed 000): with red chips for riichi wins only, a red 5p in a hand without riichi is still a
    dora (pinfu, tanyao, red: 3 han 30 fu, 5800 as dealer) but earns no chip; with riichi it earns one."""
    rules = _variant("chips { value 500\n red 1\n marked_condition riichi }")
    hand = {"closed": "234m406p234s88s345s", "win": "5s"}
    plain = score(rules, win_input(hand))
    assert plain.dora == {"red": 1} and plain.total == 5800
    assert plain.chips is not None and dict(plain.chips.by_kind) == {}
    riichi = score(rules, win_input({**hand, "riichi": True}))
    assert riichi.chips is not None and dict(riichi.chips.by_kind) == {"red": 1}


def test_chips_are_printed_by_kind_with_who_pays(tmp_path: Path) -> None:
    """The discarder pays a ron's chips; every other player a tsumo's (three in four-player). Riichi ippatsu
    with one ura dora and a red 5p: ippatsu 1 + ura 1 + red 1 = 3 chips a payer, 500 points each."""
    variant = tmp_path / "c.variant"
    variant.write_text(
        'variant "c" "c" {\n  extends standard\n  chips { value 500\n ippatsu 1\n ura 1\n red 1 }\n}\n',
        encoding="utf-8",
    )
    runner = CliRunner()
    args = ["score", "--variant", str(variant), "234m406p234s88s345s", "--win", "5s", "--riichi", "--ippatsu"]
    args += ["--dora", "9p", "--ura", "1m"]
    text = runner.invoke(main, args).output
    assert "chips: ippatsu 1, ura 1, red 1; the discarder pays 3, 3 in all (1500 points at settlement)" in text
    tsumo = json.loads(runner.invoke(main, [*args, "--tsumo", "--json"]).output)
    assert tsumo["chips"] == {
        "by_kind": {"ippatsu": 1, "ura": 1, "red": 1},
        "paid_by": "each_other_player",
        "each": 3,
        "total": 9,
        "points": 4500,
    }


def test_yakuman_chips_by_ron_and_tsumo() -> None:
    """A yakuman earns its chips per yakuman: 大三元 by ron 5 from the discarder; 四暗刻単騎 by tsumo 3 from
    each (a double under `double_yakuman on`: 6 from each)."""
    rules = _variant("chips { yakuman_ron 5\n yakuman_tsumo 3 }\n  payment { double_yakuman on }")
    ron = score(rules, win_input({"closed": "555z666z777z234m88s", "win": "8s"}))
    assert ron.chips is not None and (dict(ron.chips.by_kind), ron.chips.total) == ({"yakuman": 5}, 5)
    tsumo = score(rules, win_input({"closed": "111m222p333s444s55z", "win": "5z", "tsumo": True}))
    assert tsumo.chips is not None and (dict(tsumo.chips.by_kind), tsumo.chips.total) == ({"yakuman": 6}, 18)


def test_a_nuki_tile_that_is_an_indicated_dora_counts_double(shipped: Callable[[str], Ruleset]) -> None:
    """R-DORA-16 (seed 002 §2.1: 「ドラ表示牌が5萬のときの赤5萬は、通常のドラ・抜きドラ・5ドラ・赤ドラであるので、
    4翻」): a red 5m set aside under a 5m indicator (5m → 5m) counts 1 each as dora, nuki, 5ドラ and red. The
    hand's red 5p adds 5ドラ 1 and red 1."""
    hand = {"closed": "123p406p789s23499s", "win": "4s", "riichi": True, "nuki": "0m", "dora_indicators": "5m"}
    hand["seat_wind"] = "S"
    assert score(shipped("igishokai-sanma"), win_input(hand)).dora == {"dora": 1, "red": 2, "always": 2, "nuki": 1}


def test_open_riichi_is_paid_as_a_yakuman_by_a_discarder_not_in_riichi() -> None:
    """R-RIICHI-6 (seed 003): open riichi is riichi + 1 han (double open riichi 2 + 1 = 3) and a player not in
    riichi who deals into it pays a yakuman; one in riichi pays the hand: riichi 1, open riichi 1, pinfu,
    tanyao = 4 han 30 fu, 11600 from the dealer's discarder."""
    rules = _variant(
        'riichi { open_riichi on }\n  yaku { open_riichi "オープン立直" "Open riichi" 1/- when open_riichi }'
    )
    hand = {"closed": "234m567p234s88s345s", "win": "5s", "riichi": True, "open_riichi": True}
    assert score(rules, win_input(hand)).total == 48000
    in_riichi = score(rules, win_input({**hand, "discarder_riichi": True}))
    assert ("open_riichi" in {y.id for y in in_riichi.yaku}, in_riichi.han, in_riichi.total) == (True, 4, 11600)
    double = score(rules, win_input({**hand, "riichi": False, "double_riichi": True, "discarder_riichi": True}))
    assert sum(y.han for y in double.yaku if "riichi" in y.id) == 3


def test_open_riichi_and_renhou_on_the_command_line(shipped: Callable[[str], Ruleset]) -> None:
    """`score` has flags for both; a variant without open riichi refuses it (standard, R-RIICHI-6)."""
    runner = CliRunner()
    refused = runner.invoke(main, ["score", "234m567p234s88s345s", "--win", "5s", "--riichi", "--open-riichi"])
    assert refused.exit_code == 1 and "this variant has no open riichi" in refused.output
    hand = ["123p456p789s23466s", "--win", "4s", "--renhou", "--seat", "S"]
    renhou = runner.invoke(main, ["score", "--variant", "igishokai-sanma", "--json", *hand])
    assert [y["id"] for y in json.loads(renhou.output)["yaku"]] == ["renhou"]
    with pytest.raises(ScoreError, match="impossible win"):
        score(
            shipped("standard"), win_input({"closed": "234m567p234s88s345s", "tsumo": True, "discarder_riichi": True})
        )


def test_the_sheet_says_marks_jokers_and_chips_in_words(shipped: Callable[[str], Ruleset]) -> None:
    """Every new setting prints as a sentence in both languages; a variant paying no chips says nothing of
    them."""
    rules = _variant(POCCHI.replace("{mode}", "after_riichi") + "  chips { value 500 }")
    sheet = {i.name.split(".")[1]: i.content for i in sheets_for(rules, LANGS, ("md",))}
    assert "A pocchi tile drawn at any time after riichi is wild" in sheet["en"]
    assert "Each pocchi tile in the winning hand adds 1 han" in sheet["en"]
    assert "Each pocchi tile in the winning hand (a wild one too) earns one chip" in sheet["en"]
    assert "At settlement each chip is worth 500 points." in sheet["en"]
    assert (
        "祝儀は精算時に1枚500点。" in sheet["ja"] and "立直後にツモったポッチ牌はいつでもオールマイティ" in sheet["ja"]
    )
    standard = next(i.content for i in sheets_for(shipped("standard"), ("en",), ("md",)))
    assert "chip" not in standard.lower()


PINFU = {"closed": "234m567p234s88s345s", "win": "5s"}
CHIP_BONUS = """
  chips { ippatsu 1 }
  yaku { bonus ippatsu_tsumo "一発ツモ祝儀" "Ippatsu tsumo chips" chips = 2 when ippatsu and tsumo }
"""


def test_a_chip_bonus_pays_chips_not_han() -> None:
    """A one-off chip award written as a bonus (`bonus … chips = …`, R-DORA-12's 祝儀 for a circumstance):
    riichi ippatsu tsumo pinfu tanyao by the dealer keeps its 5 han 20 fu (mangan, 4000 all) and earns 1
    ippatsu chip and 2 more for the ippatsu tsumo from each of the three others: 9 chips. On a ron only the
    ippatsu chip is paid, by the discarder."""
    ruleset = _variant(CHIP_BONUS)
    tsumo = score(ruleset, win_input({**PINFU, "riichi": True, "ippatsu": True, "tsumo": True}))
    assert (tsumo.han, tsumo.fu, tsumo.total) == (5, 20, 12000)
    assert tsumo.chips is not None and dict(tsumo.chips.by_kind) == {"ippatsu": 1, "ippatsu_tsumo": 2}
    assert (tsumo.chips.each, tsumo.chips.total) == (3, 9)
    ron = score(ruleset, win_input({**PINFU, "riichi": True, "ippatsu": True}))
    assert ron.chips is not None and dict(ron.chips.by_kind) == {"ippatsu": 1}


def test_a_chip_bonus_survives_a_yakuman() -> None:
    """Chips are a ledger beside the points: a yakuman sets bonuses' han aside, not their chips. Daisangen
    by ron: 48000 (dealer) and the 3 chips of its bonus."""
    ruleset = _variant('yaku { bonus daisangen_chips "大三元祝儀" chips = 3 when count(triplets: dragon) == 3 }')
    result = score(ruleset, win_input({"closed": "555z666z777z234m88s", "win": "8s"}))
    assert result.total == 48000
    assert result.chips is not None and dict(result.chips.by_kind) == {"daisangen_chips": 3}


def test_the_sheet_lists_a_chip_bonus() -> None:
    sheet = next(i.content for i in sheets_for(_variant(CHIP_BONUS), ("en",), ("md",)))
    assert "2 chips when won on the ippatsu turn and won by tsumo" in sheet
    assert "Each ippatsu win earns one chip" in sheet
