"""The scorer against every win of the real Tenhou games in ../shared/truth/ (third-party records, read in
place; the test skips when the folder is absent).

Four-player games are scored under `standard`, three-player games under `standard-sanma`. Per win we
compare with Tenhou's record:

* the yaku with their han (Tenhou ids, dora / ura / red counted as ids 52 / 53 / 54, kita inside 52) and
  the total han; for a yakuman hand the yakuman ids (Tenhou pays no double yakuman, so each id is one);
* the fu, but only when it sets the value: a hand below 5 han that is not a yakuman. From 5 han on the
  payment is a limit whatever the fu, and Tenhou's fu there is just that of the reading it happened to
  report (readings of equal value may differ in fu), so it is not a fact about the payment;
* the points: `ten`'s second field is the hand's value without honba and sticks (on a tsumo the sum the
  payers actually pay, so sanma tsumo-loss shows) = our `payments.hand`;
* the score deltas `sc`: the winner's delta = our `total` (honba and riichi sticks go to the first winner
  of a double ron only, R-STD-2: the reader gives a later winner neither), each payer's delta = minus what
  our payments say that seat pays, every other seat 0.

Exclusions (counted, and listed in the failure message): with pao (R-STD-1, `paoWho`) Tenhou moves the
payment onto the responsible seat, which our scorer does not model, so the payers' deltas are not
compared; the winner's delta and everything else still are.

Marked slow (`pytest -m "not slow"` leaves it out): it reads and scores every recorded win.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest
from truth import LOGS, TRUTH, YAKU_NAMES, TruthWin, all_wins

from variantlang import Ruleset, Score, ScoreError, score

pytestmark = pytest.mark.slow

RULESETS = {4: "standard", 3: "standard-sanma"}
MIN_WINS = {4: 1550, 3: 17}
"""The data holds 1 563 four-player and 17 three-player wins (each double-ron winner counted)."""

TENHOU_YAKU = {name: i for i, name in YAKU_NAMES.items() if i < 52}
"""Our yaku ids (standard.variant) → Tenhou's: truth.YAKU_NAMES names Tenhou's ids by ours. 自風 / 場風 are
mapped by the wind below."""
TENHOU_DORA = {"dora": 52, "nuki": 52, "ura": 53, "red": 54}
"""Our dora kinds → Tenhou's ids; Tenhou counts sanma kita inside ドラ (52)."""


@pytest.fixture(scope="module")
def truth_present() -> None:
    if not LOGS.is_dir():
        pytest.skip(f"the shared Tenhou records are not here: {TRUTH}")


def our_yaku(s: Score, win: TruthWin) -> Counter[int]:
    """Our result in Tenhou's terms: han per Tenhou id (a yakuman hand: 1 per yakuman id)."""
    out: Counter[int] = Counter()
    for y in s.yaku:
        if y.id == "jikaze":
            tenhou = 10 + win.hand.seat_wind - 27
        elif y.id == "bakaze":
            tenhou = 14 + win.hand.round_wind - 27
        else:
            tenhou = TENHOU_YAKU.get(y.id, -1)
        out[tenhou] += 1 if s.yakuman else y.han
    for y in s.bonuses:
        out[-1] += y.han
    for kind, han in s.dora.items():
        out[TENHOU_DORA.get(kind, -1)] += han
    return +out


def tenhou_yaku(win: TruthWin) -> Counter[int]:
    e = win.expected
    return +Counter({i: 1 if e.yakuman else h for i, h in e.yaku})


def yaku_text(yaku: Counter[int]) -> str:
    return ", ".join(f"{YAKU_NAMES.get(i, '?')} {h}" for i, h in sorted(yaku.items()))


def our_deltas(s: Score, win: TruthWin) -> list[int]:
    """Each seat's score change as our payments say (the riichi sticks were paid before `sc`'s "before")."""
    p = s.payments
    deltas = [0] * 4
    if win.tsumo:
        for seat in range(win.players):
            if seat != win.who:
                deltas[seat] = -((p.from_dealer if seat == win.dealer else p.from_non_dealer) + p.honba_each)
    else:
        deltas[win.from_who] = -(p.ron + p.honba_each)
    deltas[win.who] = p.total
    return deltas


def compare(s: Score, win: TruthWin, exclusions: list[str]) -> list[str]:
    e = win.expected
    problems = []
    ours, theirs = our_yaku(s, win), tenhou_yaku(win)
    if e.yakuman:
        if s.yakuman != e.yakuman:
            problems.append(f"yakuman {s.yakuman} ≠ Tenhou {e.yakuman}")
    elif s.han != e.han:
        problems.append(f"han {s.han} ≠ Tenhou {e.han}")
    if ours != theirs:
        problems.append(f"yaku [{yaku_text(ours)}] ≠ Tenhou [{yaku_text(theirs)}]")
    if not e.yakuman and e.han < 5 and s.fu != e.fu:
        problems.append(f"fu {s.fu} ≠ Tenhou {e.fu}")
    if s.payments.hand != e.points:
        problems.append(f"points {s.payments.hand} ≠ Tenhou {e.points}")
    deltas = our_deltas(s, win)
    if deltas[win.who] != e.deltas[win.who]:
        problems.append(f"winner's delta {deltas[win.who]} ≠ Tenhou {e.deltas[win.who]}")
    if e.pao is not None:
        # R-STD-1 pao: the responsible seat pays (all of a tsumo, half of a ron); not modelled by the scorer.
        exclusions.append(f"{win.where}: pao by seat {e.pao}, payers' deltas not compared (R-STD-1)")
    elif deltas != list(e.deltas):
        problems.append(f"deltas {deltas} ≠ Tenhou {list(e.deltas)}")
    return problems


@pytest.mark.parametrize("players", [4, 3])
def test_every_tenhou_win_scores_as_recorded(
    truth_present: None, players: int, shipped: Callable[[str], Ruleset]
) -> None:
    ruleset = shipped(RULESETS[players])
    compared = 0
    mismatches: list[str] = []
    exclusions: list[str] = []
    for win in all_wins(players):
        compared += 1
        try:
            s = score(ruleset, win.hand)
        except ScoreError as error:
            mismatches.append(f"{win.where}: ScoreError {error}\n    {win.describe()}")
            continue
        problems = compare(s, win, exclusions)
        if problems:
            ours = f"ours: {s.han} han {s.fu} fu {s.payments.hand} [{', '.join(y.id for y in s.yaku)}] dora {s.dora}"
            mismatches.append(f"{win.where}: {'; '.join(problems)}\n    {win.describe()}\n    {ours}")
    summary = f"{compared} {players}p wins compared, {len(mismatches)} mismatches, {len(exclusions)} exclusions"
    print(summary, *exclusions, sep="\n  ")
    assert compared >= MIN_WINS[players], summary
    assert not mismatches, summary + "\n" + "\n".join(mismatches)


def test_reader_sees_every_hand_whole(truth_present: None) -> None:
    """Each win's tiles add up (14 plus one per kan), so a wrong meld decoding cannot hide behind a score."""
    for players in (4, 3):
        for win in all_wins(players):
            kans = sum(len(m.tiles) == 4 for m in win.hand.melds)
            tiles = len(win.hand.closed) + sum(len(m.tiles) for m in win.hand.melds)
            assert tiles == 14 + kans, f"{win.where}: {tiles} tiles, {kans} kans: {win.describe()}"
            assert win.hand.winning_tile in win.hand.closed, win.where
