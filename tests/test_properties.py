"""Invariants over random wins in every shipped variant: points are conserved, scoring is a pure function,
and diff is symmetric. The Hypothesis run over every variant is marked slow (`pytest -m "not slow"` leaves it
out)."""

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from variantlang import Ruleset, ScoreError, score
from variantlang.api import shipped_names
from variantlang.hand.tiles import PEI
from variantlang.model.samples import random_win
from variantlang.reports.diff import diff
from variantlang.rules.dora import most_indicators


@pytest.mark.slow  # 60 random wins in each shipped variant
@pytest.mark.parametrize("name", shipped_names())
@settings(max_examples=60)
@given(rng=st.randoms(use_true_random=False))
def test_points_are_conserved(name: str, shipped: Callable[[str], Ruleset], rng: random.Random) -> None:
    """What the payers pay (hand value plus honba) plus the riichi sticks is exactly what the winner receives,
    and nobody pays a negative amount (R-PAY-1..3)."""
    ruleset = shipped(name)
    nuki = tuple(sorted(ruleset.dora_tables.nuki)) if ruleset.dora_tables.nuki else ()
    win = random_win(
        rng,
        ruleset.tile_set,
        nuki_kinds=tuple(k for k in nuki if k == PEI),
        indicators=most_indicators(ruleset.dora),
        chi=ruleset.calls.chi,
    )
    try:
        result = score(ruleset, win)
    except ScoreError:
        return
    paid = result.payments
    assert min(paid.ron, paid.from_dealer, paid.from_non_dealer, paid.honba_each, paid.sticks) >= 0
    if win.tsumo:
        dealer_share = 0 if win.seat_wind == 27 else paid.from_dealer + paid.honba_each
        others = paid.non_dealer_payers * (paid.from_non_dealer + paid.honba_each)
        assert dealer_share + others + paid.sticks == result.total
        assert paid.non_dealer_payers + (0 if win.seat_wind == 27 else 1) == ruleset.game.players - 1
    else:
        assert paid.ron + paid.honba_each + paid.sticks == result.total
    assert result.han >= result.yaku_han >= 0
    assert score(ruleset, win) == result  # a pure function of (ruleset, win)


@pytest.mark.parametrize("a", shipped_names())
def test_diff_is_empty_with_itself_and_symmetric(a: str, shipped: Callable[[str], Ruleset]) -> None:
    ruleset = shipped(a)
    assert diff(ruleset, ruleset) == []
    for other in map(shipped, shipped_names()):
        forward, backward = diff(ruleset, other), diff(other, ruleset)
        assert sorted(e.path for e in forward) == sorted(e.path for e in backward)
        by_path = {e.path: e for e in backward}
        for entry in forward:
            assert (entry.left, entry.right) == (by_path[entry.path].right, by_path[entry.path].left)
