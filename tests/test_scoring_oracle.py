"""The standard variants against the `mahjong` package's HandCalculator on random wins (R-YAKU-1, R-PAY-1).

Both are configured to Tenhou's rules: kuitan and red fives on, no single-hand double yakuman, kazoe
yakuman, no kiriage, open pinfu 30 fu, pinfu tsumo 20 fu. A hand either scores the same han, fu and
payments under both, or neither can score it (no yaku, or a shape the oracle rejects). The run over
thousands of wins is marked slow; the Hypothesis comparison stays in the quick run (`pytest -m "not slow"`).
"""

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from mahjong.hand_calculating.hand import HandCalculator
from oracle import oracle_arguments

from variantlang import Ruleset, ScoreError, WinInput, score
from variantlang.hand.notation import format_hand
from variantlang.hand.tiles import PEI, SANMA_TILES, STANDARD_TILES
from variantlang.model.samples import random_win

ORACLE_WINS = 20_000


def _oracle(hand: WinInput, three_player: bool) -> Any:
    tiles, win, melds, dora, config, ura = oracle_arguments(hand, three_player)
    return HandCalculator.estimate_hand_value(tiles, win, melds, dora, config, ura_dora_indicators=ura)


def _disagreement(ruleset: Ruleset, hand: WinInput, three_player: bool) -> str | None:
    try:
        ours = score(ruleset, hand)
    except ScoreError as error:
        ours, why = None, str(error)
    theirs = _oracle(hand, three_player)
    where = f"{format_hand(hand.closed, hand.melds)} win {hand.winning_tile} tsumo={hand.tsumo}"
    if theirs.error:
        return None if ours is None else f"{where}: oracle says {theirs.error}, we score {ours.han} han"
    if ours is None:
        return f"{where}: we say {why!r}, oracle scores {theirs.han} han {theirs.fu} fu"
    same_value = (ours.han, ours.fu) == (theirs.han, theirs.fu) or ours.yakuman > 0
    cost = theirs.cost
    if not same_value or ours.total != cost["total"]:
        return f"{where}: ours {ours.han}/{ours.fu} {ours.total}, oracle {theirs.han}/{theirs.fu} {cost['total']}"
    paid = ours.payments
    if hand.tsumo:
        main = paid.from_non_dealer if hand.seat_wind == 27 else paid.from_dealer
        if (main, paid.from_non_dealer) != (cost["main"], cost["additional"]):
            return (
                f"{where}: tsumo split ours {main}/{paid.from_non_dealer}, oracle {cost['main']}/{cost['additional']}"
            )
    elif paid.ron != cost["main"]:
        return f"{where}: ron ours {paid.ron}, oracle {cost['main']}"
    return None


@pytest.mark.slow
@pytest.mark.parametrize(
    ("variant", "tiles", "nuki", "count"),
    [("standard", STANDARD_TILES, (), ORACLE_WINS), ("standard-sanma", SANMA_TILES, (PEI,), ORACLE_WINS // 4)],
)
def test_standard_variants_agree_with_oracle(
    variant: str, tiles, nuki, count: int, shipped: Callable[[str], Ruleset]
) -> None:
    ruleset = shipped(variant)
    rng = random.Random(20261122)
    problems = []
    scored = 0
    for _ in range(count):
        hand = random_win(rng, tiles, nuki_kinds=nuki, chi=ruleset.calls.chi)
        problem = _disagreement(ruleset, hand, variant != "standard")
        if problem:
            problems.append(problem)
        else:
            scored += 1
    assert problems[:10] == []
    assert scored == count


@given(st.randoms(use_true_random=False))
def test_hypothesis_wins_agree_with_oracle(shipped: Callable[[str], Ruleset], rng: random.Random) -> None:
    assert _disagreement(shipped("standard"), random_win(rng), False) is None
