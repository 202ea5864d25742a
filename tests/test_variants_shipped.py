"""Properties every shipped variant must have (rule sheets rely on them)."""

from collections.abc import Callable

import pytest

from variantlang import Ruleset, score
from variantlang.api import shipped_names


@pytest.mark.parametrize("name", shipped_names())
def test_every_yaku_and_bonus_has_an_example_that_scores_it(name: str, shipped: Callable[[str], Ruleset]) -> None:
    ruleset = shipped(name)
    missing = [m.id for g in ruleset.yaku for m in g.members if m.id not in ruleset.examples]
    missing += [b.id for b in ruleset.bonuses if b.id not in ruleset.examples]
    assert missing == []
    for example in ruleset.examples.values():
        result = score(ruleset, example.win)
        assert example.id in {y.id for y in result.yaku} | {b.id for b in result.bonuses}


def test_the_seven_source_variants_are_shipped() -> None:
    assert set(shipped_names()) >= {
        "standard",
        "standard-sanma",
        "dora-mahjong",
        "dora-mahjong-sanma",
        "dora-mahjong-tournament",
        "igishokai-sanma",
        "naki-riichi",
    }
