"""Wrong answers that came from places where one stage reached into another (issue 8). Each test
states the rule and the hand a player worked out by hand."""

from __future__ import annotations

from pathlib import Path

from variantlang.api import load, score
from variantlang.io.wins import win_input


def variant(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "house.variant"
    path.write_text(f'variant "家" "House" {{\n  extends standard\n{body}\n}}\n', encoding="utf-8")
    return path


def test_fu_follow_the_pinfu_the_variant_awards(tmp_path: Path) -> None:
    """R-STD-3: only an awarded pinfu takes the tsumo's 2 fu away. Without pinfu in the variant, a
    riichi tsumo of a pinfu shape is 20 + 2 = 22 → 30 fu: 3 han 30 fu, 1000 / 2000, 4000 in all."""
    ruleset = load(variant(tmp_path, "  yaku { drop pinfu }"))
    result = score(
        ruleset,
        win_input({"closed": "234m567p234s88s345s", "win": "5s", "riichi": True, "tsumo": True, "seat_wind": "S"}),
    )
    assert (result.han, result.fu, result.total) == (3, 30, 4000)
    assert (result.payments.from_dealer, result.payments.from_non_dealer) == (2000, 1000)
    standard = score(load("standard"), win_input({"closed": "234m567p234s88s345s", "win": "5s", "tsumo": True}))
    assert standard.fu == 20  # with pinfu awarded the tsumo earns nothing


def test_count_with_a_bare_attribute_counts_elements(tmp_path: Path) -> None:
    """`count(runs: number)` counts the runs whose number holds (every run: numbers are 1–9), as
    `count(r in runs: r.number > 0)` does; it does not add the numbers up."""
    ruleset = load(
        variant(
            tmp_path,
            '  yaku {\n    house bare "裸" "Bare" 1/1 when count(runs: number) == 4\n'
            '    house named "名" "Named" 1/1 when count(r in runs: r.number > 0) == 4\n  }',
        )
    )
    result = score(ruleset, win_input({"closed": "234m567p234s88s345s", "win": "5s", "riichi": True}))
    assert {"bare", "named"} <= {y.id for y in result.yaku}
