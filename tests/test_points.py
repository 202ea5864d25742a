"""Base points and payments (R-PAY-1, R-STD-6) against the `mahjong` package's ScoresCalculator."""

import itertools

import pytest
from mahjong.constants import EAST, SOUTH
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.scores import ScoresCalculator

from variantlang.hand.points import Kazoe, Limit, LimitRules, PaymentRules, TsumoSplit, hand_value, payments

FU_VALUES = [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110]
KAZOE = {
    Kazoe.YAKUMAN: HandConstants.KAZOE_LIMITED,
    Kazoe.SANBAIMAN: HandConstants.KAZOE_SANBAIMAN,
    Kazoe.MULTIPLE: HandConstants.KAZOE_NO_LIMIT,
}


def _compare(
    han: int,
    fu: int,
    *,
    dealer: bool,
    tsumo: bool,
    honba: int,
    sticks: int,
    kiriage: bool,
    kazoe: Kazoe,
    players: int,
    yakuman: int = 0,
) -> None:
    options = OptionalRules(kiriage=kiriage, kazoe_limit=KAZOE[kazoe], is_three_player=players == 3)
    config = HandConfig(
        is_tsumo=tsumo,
        player_wind=EAST if dealer else SOUTH,
        tsumi_number=honba,
        kyoutaku_number=sticks,
        options=options,
    )
    theirs = ScoresCalculator.calculate_scores(13 * yakuman if yakuman else han, fu, config, is_yakuman=yakuman > 0)
    value = hand_value(han, fu, yakuman, LimitRules(kiriage=kiriage, kazoe=kazoe))
    rules = PaymentRules(players=players, honba_ron=200 if players == 3 else 300)
    ours = payments(value.base, dealer=dealer, tsumo=tsumo, honba=honba, riichi_sticks=sticks, rules=rules)
    label = f"{han} han {fu} fu dealer={dealer} tsumo={tsumo} honba={honba} kiriage={kiriage} {kazoe}"
    assert ours.total == theirs["total"], label
    if tsumo:
        assert ours.from_non_dealer == theirs["additional"], label
        assert (ours.from_dealer or ours.from_non_dealer) == theirs["main"], label
        assert ours.honba_each == theirs["main_bonus"] == theirs["additional_bonus"], label
    else:
        assert ours.ron == theirs["main"] and ours.honba_each == theirs["main_bonus"], label


@pytest.mark.parametrize("players", [4, 3])
@pytest.mark.parametrize("kiriage", [False, True])
def test_every_han_fu_cell_agrees(players: int, kiriage: bool) -> None:
    cells = 0
    for han, fu, dealer, tsumo, kazoe in itertools.product(
        range(1, 30), FU_VALUES, (False, True), (False, True), list(Kazoe)
    ):
        if fu == 25 and tsumo and han == 1:
            continue  # 1 han 25 fu does not exist (seven pairs is 2 han)
        _compare(
            han,
            fu,
            dealer=dealer,
            tsumo=tsumo,
            honba=han % 4,
            sticks=fu % 3,
            kiriage=kiriage,
            kazoe=kazoe,
            players=players,
        )
        cells += 1
    assert cells == 3822  # 29 han values × 11 fu × dealer × tsumo × 3 kazoe options, less 6 impossible


@pytest.mark.parametrize("yakuman", [1, 2, 3, 6])
def test_yakuman_multiples_agree(yakuman: int) -> None:
    for dealer, tsumo in itertools.product((False, True), repeat=2):
        _compare(
            0,
            0,
            dealer=dealer,
            tsumo=tsumo,
            honba=1,
            sticks=1,
            kiriage=False,
            kazoe=Kazoe.YAKUMAN,
            players=4,
            yakuman=yakuman,
        )


def test_limits_by_name() -> None:
    assert hand_value(3, 70).limit is Limit.MANGAN
    assert hand_value(4, 30).limit is Limit.NONE and hand_value(4, 30).base == 1920
    assert hand_value(4, 30, rules=LimitRules(kiriage=True)).limit is Limit.MANGAN  # R-PAY-1
    assert hand_value(3, 60, rules=LimitRules(kiriage=True)).base == 2000
    assert [hand_value(h, 30).limit for h in (5, 6, 8, 11, 13)] == [
        Limit.MANGAN,
        Limit.HANEMAN,
        Limit.BAIMAN,
        Limit.SANBAIMAN,
        Limit.KAZOE_YAKUMAN,
    ]
    assert hand_value(13, 30, rules=LimitRules(kazoe=Kazoe.SANBAIMAN)).base == 6000
    assert hand_value(0, 0, yakuman=7).base == 6 * 8000  # capped at six


def test_three_player_tsumo_splits() -> None:
    """R-STD-6 tsumo-loss, and the two common alternatives, worked by hand for a 30 fu 3 han tsumo."""
    base = hand_value(3, 30).base  # 960
    loss = payments(base, dealer=False, tsumo=True, rules=PaymentRules(players=3))
    assert (loss.from_dealer, loss.from_non_dealer, loss.non_dealer_payers, loss.hand) == (2000, 1000, 1, 3000)
    north = payments(
        base, dealer=False, tsumo=True, rules=PaymentRules(players=3, tsumo_split=TsumoSplit.NORTH_BISECTION)
    )
    assert (north.from_dealer, north.from_non_dealer) == (2400, 1500)  # 1920+480, 960+480
    even = payments(base, dealer=False, tsumo=True, rules=PaymentRules(players=3, tsumo_split=TsumoSplit.RON_SPLIT))
    assert (even.from_dealer, even.from_non_dealer) == (2000, 2000)  # 3840 / 2 each
    dealer = payments(
        base, dealer=True, tsumo=True, rules=PaymentRules(players=3, tsumo_split=TsumoSplit.NORTH_BISECTION)
    )
    assert (dealer.from_non_dealer, dealer.non_dealer_payers) == (2900, 2)  # 1920 + 960 each


def test_honba_and_sticks_go_to_the_winner() -> None:
    ron = payments(2000, dealer=False, tsumo=False, honba=2, riichi_sticks=3)
    assert (ron.ron, ron.honba_each, ron.sticks, ron.total) == (8000, 600, 3000, 11600)
    sanma = payments(2000, dealer=True, tsumo=True, honba=1, rules=PaymentRules(players=3, honba_ron=200))
    assert sanma.total == 2 * 4000 + 2 * 100
