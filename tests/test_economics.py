"""Game economics the engine settles (issue 9 item 9): leftover riichi sticks (R-RIICHI-8), yakitori and
sinking uma (R-PAY-4), the bust prize (R-GAME-3), wareme (R-GAME-7) and chips at their value (R-DORA-12).
Every figure below is worked out by hand from the sentence the rule sheet prints."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from stacking import stacked
from test_engine import FILLER, Eager

from variantlang import Ruleset, loads
from variantlang.diagnostics import DiagnosticError
from variantlang.engine.events import EndGame, Event, Hora
from variantlang.engine.rules import EngineRules
from variantlang.engine.table import Game
from variantlang.engine.wall import dice
from variantlang.hand.points import Limit, Payments
from variantlang.model.win import Score, ScoredYaku
from variantlang.rules.settlement import WinSituation, settle_win
from variantlang.rules.standing import Tally, busted_by, final_standing


def standing(*args: Any, **kwargs: Any) -> tuple[tuple[int, ...], tuple[Fraction, ...]]:
    """`final_standing` as (scores, points)."""
    result = final_standing(*args, **kwargs)
    return result.scores, result.points


def house(body: str) -> Ruleset:
    return loads(f'variant "家" "House" {{\n  extends standard\n{body}\n}}\n')


def test_leftover_sticks_go_to_the_top_by_default(shipped: Callable[[str], Ruleset]) -> None:
    """R-RIICHI-8, Tenhou: one stick left goes to first place. 25000 start, 30000 return (oka 20),
    uma 20/10/−10/−20: 1 + 20 + 20 = 41, −5 + 10 = 5, −6 − 10 = −16, −10 − 20 = −30."""
    final, points = standing(shipped("standard"), [30000, 25000, 24000, 20000], 1)
    assert final == (31000, 25000, 24000, 20000)
    assert points == (41, 5, -16, -30)


def test_leftover_sticks_go_back_to_their_owners() -> None:
    """R-RIICHI-8 (seed 003: リーチをかけた者に戻して計算するルールもある): seat 1's stick comes back, which
    ties it with seat 2 at 25000; the tie goes by seat order, so seat 1 is second."""
    ruleset = house("  game { leftover_sticks owners }")
    final, points = standing(ruleset, [30000, 24000, 25000, 20000], 1, Tally(4, owners=[0, 1, 0, 0]))
    assert final == (30000, 25000, 25000, 20000)
    assert points == (40, 5, -15, -30)


def test_lost_sticks_belong_to_nobody() -> None:
    """R-RIICHI-8 `lost`: the scores stay as they are and the points add up to −1 (the lost stick)."""
    final, points = standing(house("  game { leftover_sticks lost }"), [30000, 25000, 24000, 20000], 1)
    assert final == (30000, 25000, 24000, 20000)
    assert points == (40, 5, -16, -30)


def test_yakitori_pays_each_player_who_won() -> None:
    """R-PAY-4, yakitori 5000: seats 2 and 3 never won, so each pays 5000 to seat 0 and to seat 1."""
    ruleset = house("  game { yakitori 5000 }")
    final, _ = standing(ruleset, [40000, 30000, 20000, 10000], 0, Tally(4, won=[True, True, False, False]))
    assert final == (50000, 40000, 10000, 0)
    nobody, _ = standing(ruleset, [40000, 30000, 20000, 10000], 0, Tally(4))
    assert nobody == (40000, 30000, 20000, 10000)  # nobody won: nobody to pay


def test_the_bust_prize_goes_to_who_busted_and_decides_places() -> None:
    """R-GAME-3, bust prize 10000: seat 3 at −1000 pays seat 1, who passes seat 0 for first place."""
    ruleset = house("  game { tobi_prize 10000 }")
    final, points = standing(ruleset, [40000, 35000, 26000, -1000], 0, busted=[(3, 1)])
    assert final == (40000, 45000, 26000, -11000)
    assert max(range(4), key=lambda i: points[i]) == 1


def test_busted_by_the_first_winner_who_took_points() -> None:
    """On a double ron the bust prize goes to the winner first in turn after the discarder; a draw has no winner."""
    wins = [(1, (-8000, 8000, 0, 0)), (3, (-2000, 0, 0, 2000))]
    assert busted_by(wins, [0]) == ((0, 1),)
    assert busted_by([], [1]) == ()


SINKING = "  game {\n    start_points 30000\n    uma_one_below 8 3 1 -12\n    uma_two_below 8 4 -4 -8\n  }"


@pytest.mark.parametrize(
    ("scores", "points"),
    [
        ((40000, 35000, 31000, 14000), (18, 8, 2, -28)),  # one below 30000: 8 3 1 −12
        ((50000, 30000, 20000, 20000), (28, 4, -14, -18)),  # two below (30000 is not below): 8 4 −4 −8
        ((60000, 20000, 20000, 20000), (50, 0, -20, -30)),  # three below: the usual 20 10 −10 −20
    ],
)
def test_sinking_uma_depends_on_how_many_end_below_the_return_points(
    scores: tuple[int, ...], points: tuple[int, ...]
) -> None:
    """R-PAY-4, 30000 start and return (no oka): the uma for the number of players below 30000."""
    assert standing(house(SINKING), scores, 0)[1] == points


def test_an_uma_for_the_wrong_number_of_players_is_refused() -> None:
    with pytest.raises(DiagnosticError) as error:
        house("  game { uma_two_below 10 0 -10 }")
    assert "`game.uma_two_below` has 3 values for 4 players" in error.value.render()


def test_wareme_doubles_the_split_seats_share() -> None:
    """R-GAME-7: seat 3 at the split deals in a 3900 with 1 honba and a stick on the table: it pays
    7800 + 300, the winner gets 8100 + 1000. When the split seat (1) wins a non-dealer 1000/2000
    tsumo with 1 honba, the dealer pays 4000 + 100, each other 2000 + 100: 8300 in all."""
    yaku = ScoredYaku("riichi", "立直", None, 1, 0)
    ron = Score(3, 30, (yaku,), (), 0, {}, Payments(3900, 0, 0, 0, 300, 1000), Limit.NONE, None)  # type: ignore[arg-type]
    standard = house("")
    assert settle_win(standard, WinSituation(4, 0, 1, 3, wareme=3), ron).deltas == (0, 9100, 0, -8100)
    assert settle_win(standard, WinSituation(4, 0, 1, 3, wareme=2), ron).deltas == (0, 5200, 0, -4200)
    tsumo = ron._replace(payments=Payments(0, 2000, 1000, 2, 100, 0))
    assert settle_win(standard, WinSituation(4, 0, 1, 1, wareme=1), tsumo).deltas == (-4100, 8300, -2100, -2100)


def test_the_wareme_seat_is_where_the_dice_break_the_wall() -> None:
    """Counting counter-clockwise from the dealer as 1, the dice total names the seat whose wall is broken."""
    rules = EngineRules(house("  game { wareme on }"))
    game = Game(rules, [Eager() for _ in range(4)], seed=7)
    game.play_kyoku(stacked([FILLER, *TANYAO_RED], "2p"))
    assert game.wareme == (dice(7, 0, 0).total - 1) % 4


TANYAO_RED = ["234m067m345s66s34p", FILLER, FILLER]
"""Seat 1 waits on 2p / 5p with tanyao and a red 5m; the others cannot win on 2p."""


def test_chips_are_settled_per_win_and_into_the_final_points() -> None:
    """R-DORA-12, a chip per red five at 500: seat 1 rons the dealer's 2p holding a red 5m, so the dealer
    pays it one chip; at the end of the game the ledger is (−1, 1, 0, 0) and worth ∓0.5 in points."""
    rules = EngineRules(house("  chips {\n    value 500\n    red 1\n  }"))
    events: list[Event] = []
    game = Game(rules, [Eager() for _ in range(4)], listener=events.append)
    game.play_kyoku(stacked([FILLER, *TANYAO_RED], "2p"))
    (hora,) = [e for e in events if isinstance(e, Hora)]
    assert hora.chips == (-1, 1, 0, 0)
    game.timeout()
    end = events[-1]
    assert isinstance(end, EndGame) and end.chips == (-1, 1, 0, 0)
    plain = standing(rules.ruleset, end.scores, 0)[1]
    assert [Fraction(a) - b for a, b in zip(end.points, plain, strict=True)] == [Fraction(-1, 2), Fraction(1, 2), 0, 0]


def test_igishokai_top_prize_is_the_oka_not_a_second_one(shipped: Callable[[str], Ruleset]) -> None:
    """R-PAY-4, 囲将会 §1.3 (seed 002): 25 sticks held, 30 returned, トップ賞 +15. Three players leave
    3 × 5 = 15 sticks over, the top prize itself: first with 40 sticks ends at 40 − 30 + 15 = 25, the
    others at 20 − 30 = −10 and 15 − 30 = −15, summing to zero (a doubled oka would give the top 40)."""
    final, points = standing(shipped("igishokai-sanma"), [40000, 20000, 15000], 0)
    assert final == (40000, 20000, 15000)
    assert points == (25, -10, -15)


def test_a_top_prize_above_the_oka_is_paid_by_the_others() -> None:
    """A house prize of 32000 over Tenhou's oka of 20000 (4 × 5000): first receives 32, and the other three
    pay the 12 beyond the oka, 4 each. 40000/30000/20000/10000 without uma: 10 + 32 = 42, 0 − 4 = −4,
    −10 − 4 = −14, −20 − 4 = −24."""
    ruleset = house("  game { uma none\n top_prize 32000 }")
    _, points = standing(ruleset, [40000, 30000, 20000, 10000], 0)
    assert points == (42, -4, -14, -24)


def test_ties_for_top_by_seat_by_the_last_winner_or_by_lot(shipped: Callable[[str], Ruleset]) -> None:
    """`game.ties`: standard places tied players in seat order (seat 0 first: +20 uma, +20 oka); 囲将会's
    `last_winner` puts the later winner higher (seat 2 won hand 5, seat 0 hand 3); `lot` draws the order
    from the game's seed, the same for the same seed, and the points still sum to zero."""
    scores = [30000, 20000, 30000, 20000]
    _, points = standing(shipped("standard"), scores, 0)
    assert points[0] > points[2]
    ruleset = house("  game { ties last_winner }")
    _, points = standing(ruleset, scores, 0, Tally(4, last_won=[3, -1, 5, -1]))
    assert points == (10, -20, 40, -30)  # uma 20/10/-10/-20, oka 20
    _, points = standing(ruleset, [20000, 30000, 20000, 30000], 0, Tally(4, last_won=[5, 1, 3, -1]))
    assert points == (-20, 40, -30, 10)  # only ties for first follow the last win; others seat order
    lot = house("  game { ties lot }")
    tops = {standing(lot, scores, 0, lot=seed)[1].index(max(standing(lot, scores, 0, lot=seed)[1]))
            for seed in range(20)}  # fmt: skip
    assert tops == {0, 2}
    assert standing(lot, scores, 0, lot=7) == standing(lot, scores, 0, lot=7)
    assert sum(standing(lot, scores, 0, lot=7)[1]) == 0
