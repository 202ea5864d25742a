"""Settings that contradict each other, and word lists outside their domain, are located errors (issue 9,
item 6): a variant `check` accepts can be played as written."""

from __future__ import annotations

import pytest

from variantlang import DiagnosticError, loads


def problems(body: str) -> list[tuple[str, str]]:
    try:
        loads(f'variant "x" "x" {{\n  extends standard\n{body}\n}}\n')
    except DiagnosticError as error:
        return [(d.code, d.message) for d in error.diagnostics]
    return []


@pytest.mark.parametrize(
    ("body", "code", "words"),
    [
        ("  dora { start_indicators 2; max_indicators 1 }", "E0110", "more than `dora.max_indicators`"),
        ("  tiles { dead_wall 8 }", "E0110", "cannot hold 5 dora indicators with their ura indicators (10 tiles)"),
        ("  tiles { dead_wall 4 }\n  dora { ura off; kan_ura off }", "E0110", "cannot hold 5 dora indicators (5"),
        ("  win { pao daisangen daisushii }", "E0111", "`daisushii`, which is not a yaku"),
    ],
)
def test_contradictions_are_refused(body: str, code: str, words: str) -> None:
    found = problems(body)
    assert [c for c, _ in found] == [code] and words in found[0][1], found


@pytest.mark.parametrize(
    "body",
    [
        "  tiles { dead_wall 10 }",  # Tenhou's 14 less the four replacement tiles: the indicators fit
        "  tiles { dead_wall 6 }\n  dora { max_indicators 3 }",
        "  tiles { dead_wall 0 }",  # no dead wall: indicators are not turned from one (naki-riichi)
        "  tiles { dead_wall 2 }\n  dora { chosen_indicators on }",  # players put the indicators down
        "  win { pao daisangen }\n  yaku { drop daisuushii }",
    ],
)
def test_what_agrees_is_accepted(body: str) -> None:
    assert problems(body) == []


def test_a_yaku_dropped_but_still_named_is_found() -> None:
    """`standard` names 大四喜 for pao; a child that drops the yaku must also drop it from `pao`."""
    found = problems("  yaku { drop daisuushii }")
    assert found == [("E0111", "`win.pao` names `daisuushii`, which is not a yaku of this variant")]
