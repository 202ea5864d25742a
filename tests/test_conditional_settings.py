"""Conditional settings (issue 9, item 4): `min_han 2 when honba >= 5` (二飜縛り from five honba, R-WIN-3)
and `kiriage on when …` (R-PAY-1). Each result below is worked out by hand.

OPEN is 234m 567p 88s 345s with 234s called, won on 5s by the dealer (East): tanyao only, 1 han 30 fu,
1500 (R-PAY-1); each honba adds 300 on a ron. PINFU_DORA is 234m 567p 234s 88s 345s on 5s after riichi
with a 1m indicator (2m held once): riichi, pinfu, tanyao, dora 1 = 4 han 30 fu: 11600 from the dealer's
discarder, 7700 from a non-dealer's, 12000 / 8000 as kiriage mangan.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from variantlang import DiagnosticError, Ruleset, ScoreError, load, loads, score
from variantlang.catalog import SETTINGS, Consumer
from variantlang.cli import main
from variantlang.engine.rules import unsupported
from variantlang.io.wins import win_input
from variantlang.reports.diff import diff
from variantlang.reports.sheets.model import build

OPEN: dict[str, Any] = {"closed": "234m567p88s345s", "melds": [{"type": "chi", "tiles": "234s"}], "win": "5s"}
PINFU_DORA: dict[str, Any] = {"closed": "234m567p234s88s345s", "win": "5s", "riichi": True, "dora_indicators": "1m"}
NIHAN = "win { min_han 2 when honba >= 5 }"


def _variant(body: str, parent: str = "standard") -> Ruleset:
    return loads(f'variant "t" "t" {{\n  extends {parent}\n  {body}\n}}\n')


def _total(ruleset: Ruleset, win: dict[str, Any]) -> int:
    return score(ruleset, win_input(win)).total


def test_two_han_from_five_honba() -> None:
    """R-WIN-3: at four honba one han of yaku is enough (1500 + 4 × 300); from five, two are needed."""
    ruleset = _variant(NIHAN)
    assert _total(ruleset, {**OPEN, "honba": 4}) == 2700
    with pytest.raises(ScoreError, match="at least 2 han"):
        score(ruleset, win_input({**OPEN, "honba": 5}))
    # riichi pinfu tanyao dora 1, ron at five honba: 11600 + 1500
    assert _total(ruleset, {**PINFU_DORA, "honba": 5}) == 13100


def test_the_last_alternative_that_holds_wins() -> None:
    """Alternatives read in order, like payment assignments: at 8 honba the 3-han line replaces the 2-han
    one, so riichi pinfu (2 han, no dora) no longer wins; at 6 it does (2900 + 1800)."""
    ruleset = _variant("win { min_han 2 when honba >= 5\n min_han 3 when honba >= 8 }")
    riichi_pinfu = {**PINFU_DORA, "closed": "123m567p234s88s345s", "dora_indicators": ""}
    assert _total(ruleset, {**riichi_pinfu, "honba": 6}) == 2900 + 1800
    with pytest.raises(ScoreError, match="at least 3 han"):
        score(ruleset, win_input({**riichi_pinfu, "honba": 8}))


def test_kiriage_for_the_dealer_only() -> None:
    """R-PAY-1: 4 han 30 fu is rounded up to mangan (12000) when the dealer wins, stays 7700 otherwise."""
    ruleset = _variant("payment { kiriage on when dealer }")
    assert _total(ruleset, PINFU_DORA) == 12000
    assert _total(ruleset, {**PINFU_DORA, "seat_wind": "S"}) == 7700
    assert _total(_variant(""), PINFU_DORA) == 11600


def test_a_child_with_only_conditions_keeps_the_plain_value(tmp_path: Path) -> None:
    """A file that gives only `when` lines inherits the plain value; restating the setting plainly
    replaces the inherited conditions. The parent: min_han 2, but 1 from three honba."""
    (tmp_path / "parent.variant").write_text(
        'variant "p" "p" {\n  extends standard\n  win { min_han 2\n    min_han 1 when honba >= 3 }\n}\n',
        encoding="utf-8",
    )
    parent = load(tmp_path / "parent.variant")
    assert _total(parent, {**OPEN, "honba": 3}) == 2400
    with pytest.raises(ScoreError, match="at least 2 han"):
        score(parent, win_input(OPEN))
    child = tmp_path / "child.variant"
    child.write_text('variant "c" "c" {\n  extends parent\n  win { min_han 1 when honba >= 6 }\n}\n', "utf-8")
    only_conditions = load(child)
    with pytest.raises(ScoreError, match="at least 2 han"):
        score(only_conditions, win_input({**OPEN, "honba": 3}))  # the parent's condition is replaced …
    assert _total(only_conditions, {**OPEN, "honba": 6}) == 3300  # … by the child's
    child.write_text('variant "c" "c" {\n  extends parent\n  win { min_han 2 }\n}\n', "utf-8")
    with pytest.raises(ScoreError, match="at least 2 han"):
        score(load(child), win_input({**OPEN, "honba": 3}))


@pytest.mark.parametrize(
    ("body", "code", "says"),
    [
        ("calls { kuitan on when riichi }", "E0112", "`calls.kuitan` cannot depend on the win"),
        ("win { multiple_ron head_bump when honba > 0 }", "E0112", "`win.multiple_ron` cannot"),
        ("win { min_han 2 when honba + 1 }", "E0313", "true or false"),
        ("win { min_han 2 when han >= 3 }", "E0306", "han"),
        ("win { min_han 2 when wait == 5z }", "E0311", "wait"),
        ("win { min_han 20 when honba >= 5 }", "E0104", "between 0 and 13"),
        ("win { min_han 2 when hnba >= 5 }", "E0301", "hnba"),
    ],
)
def test_conditions_are_checked(body: str, code: str, says: str) -> None:
    """The value is checked like any value of the setting, the condition like a yaku's `when`: a truth
    value over the facts of the win (payment-only facts like `han` are not known when settings apply)."""
    with pytest.raises(DiagnosticError) as error:
        _variant(body)
    found = [(d.code, d.message) for d in error.value.diagnostics]
    assert any(c == code and says in m for c, m in found), found


def test_only_scorer_settings_take_conditions() -> None:
    """The scorer decides a conditional setting per win; the engine and the sheet have no win to ask."""
    conditional = [s for s in SETTINGS if s.conditional]
    assert {s.path for s in conditional} == {"win.min_han", "payment.kiriage"}
    assert all(Consumer.SCORE in s.consumers and Consumer.ENGINE not in s.consumers for s in conditional)


def test_diff_shows_a_changed_condition() -> None:
    entries = diff(_variant(NIHAN), _variant("win { min_han 2 when honba >= 4 }"))
    assert [(e.path, e.left, e.right) for e in entries] == [
        ("win.min_han", "1; 2 when honba >= 5", "1; 2 when honba >= 4")
    ]


def test_the_sheet_prints_each_alternative() -> None:
    rows = {r.path: r.text for s in build(_variant(NIHAN), "en").sections for r in s.rows}
    assert rows["win.min_han"].endswith(
        "When the number of honba counters is at least 5: A win needs at least 2 han from yaku; dora and other "
        "han that are not yaku do not count toward it."
    )
    ja = {r.path: r.text for s in build(_variant(NIHAN), "ja").sections for r in s.rows}
    assert "数えない。本場の数が5以上のときは2翻縛り。" in ja["win.min_han"]
    assert ("Minimum yaku han", "1 (2 when the number of honba counters is at least 5)") in build(
        _variant(NIHAN), "en"
    ).glance
    assert ("翻縛り", "1（本場の数が5以上のときは2）") in build(_variant(NIHAN), "ja").glance


def test_score_command_applies_the_condition(tmp_path: Path) -> None:
    path = tmp_path / "nihan.variant"
    path.write_text(f'variant "n" "n" {{\n  extends standard\n  {NIHAN}\n}}\n', encoding="utf-8")
    hand = ["score", "--variant", str(path), "234m567p88s345s 234s", "--win", "5s"]
    assert CliRunner().invoke(main, [*hand, "--honba", "4"]).exit_code == 0
    refused = CliRunner().invoke(main, [*hand, "--honba", "5"])
    assert refused.exit_code == 1 and "at least 2 han" in refused.output


def test_the_engine_plays_conditional_settings() -> None:
    """The engine gives every winner the table's honba (a double ron's second winner too, paid none of
    it), so the scorer decides `when honba >= 5` as the table does: nothing is refused."""
    assert not any("condition" in p for p in unsupported(_variant(NIHAN)))
