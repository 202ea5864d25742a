"""Payment formulas that know who pays (issue 9, item 5), in exact arithmetic. Every amount is worked out
by hand from the standard payment rule (R-PAY-1: base points fu × 2^(han+2); a ron pays 4 base, 6 from
the dealer's discarder; on a tsumo the dealer pays 2 base, everyone else 1, each rounded up to 100).

青天井 (no limit hands) is that rule without the mangan cap, which only a formula can say, and "the dealer
pays double on a tsumo" needs the payer: `payer_dealer`.
PINFU is 234m 567p 234s 88s 345s won on 5s: pinfu tanyao, with menzen tsumo on a tsumo.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from variantlang import DiagnosticError, Ruleset, ScoreError, loads, score
from variantlang.cli import main
from variantlang.engine.rules import unsupported
from variantlang.io.wins import score_json, win_input
from variantlang.reports.sheets.model import build

AOTENJOU = """
  payment {
    scheme formula
    tsumo each
    base = fu * 2 ** (han + 2)
    value = base * (6 if dealer else 4)
    value = base * (2 if dealer or payer_dealer else 1) when tsumo
  }
"""
PINFU: dict[str, Any] = {"closed": "234m567p234s88s345s", "win": "5s"}


def _variant(body: str, parent: str = "standard") -> Ruleset:
    return loads(f'variant "t" "t" {{\n  extends {parent}\n  {body}\n}}\n')


def _points(ruleset: Ruleset, win: dict[str, Any]) -> dict[str, Any]:
    return score_json(score(ruleset, win_input(win)), win_input(win))["points"]  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("win", "points", "total"),
    [
        # non-dealer tsumo, 3 han 20 fu, base 640: the dealer pays 1280 → 1300, the others 640 → 700
        ({**PINFU, "tsumo": True, "seat_wind": "S"}, {"dealer": 1300, "each_non_dealer": 700}, 2700),
        # dealer tsumo: 1280 → 1300 from each of three
        ({**PINFU, "tsumo": True}, {"each_non_dealer": 1300}, 3900),
        # non-dealer ron, 2 han 30 fu, base 480: 1920 → 2000
        ({**PINFU, "seat_wind": "S"}, {"discarder": 2000}, 2000),
        # dealer ron: 2880 → 2900
        (PINFU, {"discarder": 2900}, 2900),
        # riichi tsumo pinfu tanyao, dora 8s 8s (7s shown) and 2m (1m shown): 7 han 20 fu, base 10240, no cap:
        # the dealer pays 20480 → 20500, each non-dealer 10240 → 10300 (a haneman would be 6000/3000)
        (
            {**PINFU, "tsumo": True, "riichi": True, "seat_wind": "S", "dora_indicators": "7s1m"},
            {"dealer": 20500, "each_non_dealer": 10300},
            41100,
        ),
    ],
)
def test_aotenjou_the_dealer_pays_double_on_a_tsumo(win: dict[str, Any], points: dict[str, int], total: int) -> None:
    ruleset = _variant(AOTENJOU)
    assert _points(ruleset, win) == points
    assert score(ruleset, win_input(win)).total == total


def test_each_seat_pays_its_own_amount() -> None:
    """A rule that reads the payer's place (here: the player opposite the winner pays double) gives every
    seat its own amount. South's tsumo, 3 han 20 fu, base 640: East (the dealer) 1280 → 1300, West (next
    in turn, relative 1) 640 → 700, North (opposite, relative 2) 1280 → 1300."""
    ruleset = _variant(AOTENJOU.replace("}", "  value = value * 2 when tsumo and payer_relative == 2\n  }"))
    win = {**PINFU, "tsumo": True, "seat_wind": "S"}
    assert _points(ruleset, win) == {"east": 1300, "west": 700, "north": 1300}
    result = score(ruleset, win_input(win))
    assert result.total == 3300
    assert result.formula_values["value@north"] == 1280
    assert result.formula_values["value@west"] == 640
    seats = _variant(AOTENJOU.replace("}", "  value = 0 when tsumo and payer_seat == 北\n  }"))
    assert _points(seats, win) == {"east": 1300, "west": 700, "north": 0}


def test_the_discarder_of_a_ron_is_the_payer() -> None:
    """South's ron, 2 han: 1000 a han, 2000 a han from the dealer. The discarder defaults to the player
    before the winner (for South, the dealer East)."""
    ruleset = _variant("payment { scheme formula\n value = 1000 * han\n value = 2000 * han when payer_dealer }")
    south = {**PINFU, "seat_wind": "S"}
    assert score(ruleset, win_input({**south, "discarder": "E"})).total == 4000
    assert score(ruleset, win_input({**south, "discarder": "W"})).total == 2000
    assert score(ruleset, win_input(south)).total == 4000
    assert score(ruleset, win_input({**PINFU, "seat_wind": "W"})).total == 2000  # South dealt in
    with pytest.raises(ScoreError, match="another player than the winner"):
        score(ruleset, win_input({**south, "discarder": "S"}))
    with pytest.raises(ScoreError, match="a tsumo has no discarder"):
        score(ruleset, win_input({**south, "discarder": "E", "tsumo": True}))


def test_three_players_have_three_seats() -> None:
    """R-TILE-2: at a three-player table nobody sits North, neither the winner nor the discarder."""
    body = "payment { scheme formula\n value = 1000 * payer_relative\n tsumo {how} }"
    ruleset = _variant(body.replace("{how}", "each"), parent="standard-sanma")
    sanma = {"closed": "123p456p789s23455s", "win": "5s", "tsumo": True, "seat_wind": "S"}
    # South's tsumo: West (relative 1) pays 1000, East (relative 2) 2000; split between the two, half each
    assert _points(ruleset, sanma) == {"dealer": 2000, "each_non_dealer": 1000}
    # East's tsumo: South (relative 1) 1000, West 2000
    assert _points(ruleset, {**sanma, "seat_wind": "E"}) == {"south": 1000, "west": 2000}
    split = _variant(body.replace("{how}", "split"), parent="standard-sanma")
    assert _points(split, sanma) == {"dealer": 1000, "each_non_dealer": 500}
    with pytest.raises(ScoreError, match="seats 3 players"):
        score(ruleset, win_input({**sanma, "seat_wind": "N"}))
    with pytest.raises(ScoreError, match="seats 3 players"):
        score(ruleset, win_input({**sanma, "tsumo": False, "discarder": "N"}))


def test_arithmetic_is_exact_and_rounded_once() -> None:
    """0.1 + 0.2 is 3/10 exactly: 300 a han is 300 for 1 han (binary floats give 300.00000000000006,
    which rounds up to 400). A third of 2000 is 666 2/3, rounded up to 700 only at the end."""
    tenth = _variant("payment { scheme formula\n value = (0.1 + 0.2) * 1000 * han }")
    riichi_open = {"closed": "234m567p88s345s", "melds": [{"type": "chi", "tiles": "234s"}], "win": "5s"}
    assert score(tenth, win_input(riichi_open)).total == 300
    third = _variant("payment { scheme formula\n value = 1000 * han / 3 }")
    assert score(third, win_input(PINFU)).total == 700
    below_zero = _variant("payment { scheme formula\n value = 1000 * han - 5000 }")
    assert score(below_zero, win_input(PINFU)).total == 0  # 2 han: -3000 pays nothing


def test_a_value_past_the_bound_is_a_located_error() -> None:
    """Every value stays within ±10^15: 30 fu × 10^14 is past it, an error naming the formula's place at
    `score`; a constant past it is refused by `check` (E0308)."""
    ruleset = _variant("payment { scheme formula\n value = fu * 10 ** 14 }")
    with pytest.raises(ScoreError, match=r"house\.variant:4:10: a value beyond the language's bound"):
        score(ruleset, win_input(PINFU))
    with pytest.raises(DiagnosticError) as error:
        _variant("payment { scheme formula\n value = 10 ** 16 * han }")
    assert [d.code for d in error.value.diagnostics] == ["E0308"]


def test_payer_facts_belong_to_payment_formulas() -> None:
    with pytest.raises(DiagnosticError) as error:
        _variant('yaku { house oya_barai "親払い" 1 when payer_dealer }')
    assert [d.code for d in error.value.diagnostics] == ["E0306"]


def test_the_engine_settles_payer_aware_formulas() -> None:
    assert not unsupported(_variant(AOTENJOU))
    assert not any("payer" in line for line in unsupported(_variant("payment { scheme formula\n value = 1000 * han }")))


def test_score_shows_each_payers_amount(tmp_path: Path) -> None:
    body = AOTENJOU.replace("}", "  value = value * 2 when tsumo and payer_relative == 2\n  }")
    path = tmp_path / "opposite.variant"
    path.write_text(f'variant "o" "o" {{\n  extends standard\n  {body}\n}}\n', encoding="utf-8")
    hand = ["score", "--variant", str(path), "234m567p234s88s345s", "--win", "5s", "--seat", "S"]
    text = CliRunner().invoke(main, [*hand, "--tsumo"])
    assert "East pays 1300, West pays 700, North pays 1300; the winner receives 3300" in text.output
    ron = CliRunner().invoke(main, [*hand, "--discarder", "E", "--json"])
    assert json.loads(ron.output)["points"] == {"discarder": 2000}


def test_the_sheet_says_the_formula_is_worked_out_per_payer() -> None:
    assert "worked out for each payer" in build(_variant(AOTENJOU), "en").formula_intro
    assert "支払者ごとに計算する" in build(_variant(AOTENJOU), "ja").formula_intro
    plain = build(_variant("payment { scheme formula\n value = 1000 * han }"), "en").formula_intro
    assert "payer_dealer" not in plain
