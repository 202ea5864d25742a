"""Liability (pao, R-STD-1) for every yaku `win.pao` may name, worked by hand (`rules/pao.py`): the call
that makes the yakuman certain names the liable seat, and the Scorer's yaku decide whether it pays.

Seat 1 makes the calls; its left (kamicha) is seat 0, the only seat it may chi from. A pao win on a
tsumo is paid all by the liable seat, a ron on another seat's discard half and half."""

from __future__ import annotations

import pytest
from stacking import ids
from test_engine import kyoku
from test_engine_plays_rules import SANMA
from test_language import hand

from variantlang import Ruleset, catalog, loads
from variantlang.api import score
from variantlang.engine.events import Ankan, Chi, Event, Pon
from variantlang.engine.rules import EngineRules
from variantlang.rules.pao import CERTAIN
from variantlang.rules.settlement import WinSituation, settle_win

FOUR_HONOURS = "111z222z333z444z5z"
"""Seat 1's deal for all honours: East, South, West, North triplets and a White."""


def _ruleset(pao: str) -> Ruleset:
    return loads(f'variant "t" "t" {{\n  extends standard\n  win {{ pao {pao} }}\n}}\n')


def _pon(tile: str, target: int) -> Pon:
    copies = ids(tile * 3)
    return Pon(1, target, copies[2], copies[:2])


def _liable(pao: str, deal: str, calls: list[Event]) -> int | None:
    """Seat 1, dealt `deal`, makes `calls` in turn under `win { pao … }`: the seat liable, if any."""
    k = kyoku(EngineRules(_ruleset(pao)), [SANMA[0], deal, SANMA[1], SANMA[2]])
    for call in calls:
        k.apply(call)
    return k.seats[1].pao


def test_the_fourth_honour_set_makes_all_honours_certain() -> None:
    """Pons of East (seat 0), South (2), West (3): three sets leave room for a run, no one is liable; the
    North pon from seat 2 leaves one tile, so seat 2 is liable for all honours."""
    three = [_pon("1z", 0), _pon("2z", 2), _pon("3z", 3)]
    assert _liable("tsuuiisou", FOUR_HONOURS, three) is None
    assert _liable("tsuuiisou", FOUR_HONOURS, [*three, _pon("4z", 2)]) == 2
    # without all honours in `pao`, the same calls make no one liable (four winds are not pao here)
    assert _liable("daisangen", FOUR_HONOURS, [*three, _pon("4z", 2)]) is None


def test_a_run_or_a_closed_fourth_set_makes_no_one_liable_for_all_honours() -> None:
    """A chi among the sets leaves all honours impossible; a fourth set the seat closes itself (ankan) is
    made with its own tiles, so nobody fed it."""
    run = [Chi(1, 0, ids("3m")[0], ids("12m")), _pon("1z", 0), _pon("2z", 2), _pon("3z", 3)]
    assert _liable("tsuuiisou", "12m111z222z333z5z", run) is None
    closed = [_pon("1z", 0), _pon("2z", 2), _pon("3z", 3), Ankan(1, ids("4z4z4z4z"))]
    assert _liable("tsuuiisou", "111z222z333z4444z", closed) is None
    # the closed set first, the fourth called last: its discarder (seat 3) is liable
    assert _liable("tsuuiisou", "111z222z333z4444z", [Ankan(1, ids("4z4z4z4z")), *closed[:3]]) == 3


def test_four_terminal_triplets_make_all_terminals_certain() -> None:
    """Pons of 1m (seat 0), 9m (2), 1p (3), then 9s from seat 0: seat 0 is liable for all terminals; a pon
    of 2s in their place is not of the yakuman's tiles."""
    deal = "111m999m111p999s1s"
    calls = [_pon("1m", 0), _pon("9m", 2), _pon("1p", 3), _pon("9s", 0)]
    assert _liable("chinroutou", deal, calls) == 0
    assert _liable("chinroutou", "111m999m111p222s1s", [*calls[:3], _pon("2s", 0)]) is None


def test_four_green_sets_with_the_234s_run_make_all_green_certain() -> None:
    """Chi of 4s on 23s (from seat 0, the left), pons of 6s (seat 2), 8s (seat 3) and Green (seat 2): seat 2
    is liable for all green; with a chi of 345s the hand cannot be all green."""
    green = [Chi(1, 0, ids("4s")[0], ids("23s")), _pon("6s", 2), _pon("8s", 3), _pon("6z", 2)]
    assert _liable("ryuuiisou", "23s666s888s666z2s", green) == 2
    red = [Chi(1, 0, ids("5s")[0], ids("34s")), *green[1:]]
    assert _liable("ryuuiisou", "34s666s888s666z2s", red) is None


def test_the_liable_seat_pays_all_of_a_tsumo_and_half_of_a_ron_only_if_the_win_has_the_yakuman() -> None:
    """All honours by four called sets, East, South, White, Green (fed by seat 2), seat 1 a non-dealer: a
    tsumo on the Red pair is 32000, all from seat 2; a ron off seat 3 splits 16000 / 16000; the same sets
    won on a 5m pair have no all honours (all triplets, honours), and seat 3, the discarder, pays it alone."""
    ruleset = _ruleset("tsuuiisou")
    sets = [("pon", "111z"), ("pon", "222z"), ("pon", "555z"), ("pon", "666z")]
    tsumo = score(ruleset, hand("77z", "7z", *sets, tsumo=True))
    assert "tsuuiisou" in {y.id for y in tsumo.yaku}
    paid = settle_win(ruleset, WinSituation(4, 0, 1, 1, liable=2), tsumo)
    assert paid.deltas == (0, 32000, -32000, 0) and paid.pao == 2
    ron = score(ruleset, hand("77z", "7z", *sets))
    assert settle_win(ruleset, WinSituation(4, 0, 1, 3, liable=2), ron).deltas == (0, 32000, -16000, -16000)
    plain = score(ruleset, hand("55m", "5m", *sets))
    assert "tsuuiisou" not in {y.id for y in plain.yaku}
    unliable = settle_win(ruleset, WinSituation(4, 0, 1, 3, liable=2), plain)
    assert unliable.pao is None and unliable.deltas[2] == 0 and unliable.deltas[3] == -unliable.deltas[1]


def test_the_liable_seat_pays_the_honba_as_its_sentence_says() -> None:
    """The same all-honours win with 2 honba (300 each on a ron, 100 from each on a tsumo): the liable seat 2
    pays the 600 of the ron and all 600 of the tsumo; the discarder only its half (reader s35 #5)."""
    ruleset = _ruleset("tsuuiisou")
    sets = [("pon", "111z"), ("pon", "222z"), ("pon", "555z"), ("pon", "666z")]
    ron = score(ruleset, hand("77z", "7z", *sets, honba=2))
    assert settle_win(ruleset, WinSituation(4, 0, 1, 3, liable=2), ron).deltas == (0, 32600, -16600, -16000)
    tsumo = score(ruleset, hand("77z", "7z", *sets, tsumo=True, honba=2))
    assert settle_win(ruleset, WinSituation(4, 0, 1, 1, liable=2), tsumo).deltas == (0, 32600, -32600, 0)
    said = catalog.BY_PATH["win.pao"].sentence(ruleset.win.pao, ruleset.sentence_context("en"))
    assert "the honba in either case" in said


@pytest.mark.parametrize("yaku", sorted(CERTAIN))
def test_every_yaku_pao_may_name_is_checked_and_played(yaku: str) -> None:
    """What `check` accepts in `win.pao`, the engine plays (`rules.pao.CERTAIN`, one list)."""
    EngineRules(_ruleset(yaku))
