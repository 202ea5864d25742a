"""Wrong answers that came from places where one stage reached into another (issue 8). Each test
states the rule and the hand a player worked out by hand."""

from __future__ import annotations

from collections.abc import Callable

from variantlang import Ruleset, loads, score
from variantlang.io.wins import win_input
from variantlang.reports.diff import diff


def house(body: str) -> str:
    return f'variant "家" "House" {{\n  extends standard\n{body}\n}}\n'


def test_fu_follow_the_pinfu_the_variant_awards(shipped: Callable[[str], Ruleset]) -> None:
    """R-STD-3: only an awarded pinfu takes the tsumo's 2 fu away. Without pinfu in the variant, a
    riichi tsumo of a pinfu shape is 20 + 2 = 22 → 30 fu: 3 han 30 fu, 1000 / 2000, 4000 in all."""
    ruleset = loads(house("  yaku { drop pinfu }"))
    win = {"closed": "234m567p234s88s345s", "win": "5s", "riichi": True, "tsumo": True, "seat_wind": "S"}
    result = score(ruleset, win_input(win))
    assert (result.han, result.fu, result.total) == (3, 30, 4000)
    assert (result.payments.from_dealer, result.payments.from_non_dealer) == (2000, 1000)
    assert score(shipped("standard"), win_input(win)).fu == 20  # with pinfu awarded the tsumo earns nothing


def test_count_with_a_bare_attribute_counts_elements() -> None:
    """`count(runs: number)` counts the runs whose number holds (every run: numbers are 1–9), as
    `count(r in runs: r.number > 0)` does; it does not add the numbers up."""
    ruleset = loads(
        house(
            '  yaku {\n    house bare "裸" "Bare" 1/1 when count(runs: number) == 4\n'
            '    house named "名" "Named" 1/1 when count(r in runs: r.number > 0) == 4\n  }'
        )
    )
    result = score(ruleset, win_input({"closed": "234m567p234s88s345s", "win": "5s", "riichi": True}))
    assert {"bare", "named"} <= {y.id for y in result.yaku}


def test_diff_sees_a_condition_that_starts_a_line() -> None:
    """Two variants whose yaku differ only in the condition differ, however the file is laid out
    (`when` may begin a line in its first column), and layout alone is no difference."""
    one_line = loads(house('  yaku { house y "役" "Y" 1/1 when riichi and tsumo }'))
    first_column = loads(house('  yaku {\n    house y "役" "Y" 1/1\nwhen riichi and ippatsu\n  }'))
    reflowed = loads(house('  yaku {\n    house y "役" "Y" 1/1\nwhen   riichi\n  and tsumo   # the same\n  }'))
    entries = diff(one_line, first_column)
    assert [(e.path, e.left, e.right) for e in entries] == [
        ("yaku.y", "1/1 when riichi and tsumo", "1/1 when riichi and ippatsu")
    ]
    assert diff(one_line, reflowed) == []
