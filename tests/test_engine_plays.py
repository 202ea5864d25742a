"""Settings the engine once refused and now plays (issue 19, item 2), each on a stacked wall or a built
hand, under a ruleset derived from a shipped variant or the README's own club file."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from stacking import stacked
from test_engine import Eager, kyoku
from test_readme import RULE_FILES

from variantlang import Ruleset, ScoreError, loads, score
from variantlang.bots.balanced import BalancedSeat
from variantlang.bots.defensive import DefensiveSeat
from variantlang.cli import main
from variantlang.engine import legal
from variantlang.engine.events import CallAction, Chi, Dahai, Daiminkan, Event, Hora, Reach, Tsumo, TurnAction
from variantlang.engine.rules import EngineRules, unsupported
from variantlang.engine.state import Kyoku, View
from variantlang.engine.table import Game
from variantlang.engine.tenpai import draw_tenpai
from variantlang.engine.wall import StackedWall
from variantlang.hand.tiles import Mark
from variantlang.io.wins import win_input
from variantlang.rules.settlement import WinSituation, settle_win, sharers

RIICHI_TENPAI = "234m067p234s88s34s"
"""The README's joker hand: riichi on 2s and 5s (pinfu tanyao), iipeikou as 2s."""
QUIET = ["1m4m7m1p4p7p1s4s7s1z2z3z4z", "2m5m8m2p5p8p3s6s9s1z2z3z4z", "3m5m6m3p6p9p8s1z2z3z4z7z7z"]
"""Three seats that can call none of the discards of `_joker_wall`."""


def _club(tmp_path: Path) -> Path:
    for name, text in RULE_FILES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path / "friday.variant"


def _friday(tmp_path: Path, statement: str = "") -> Ruleset:
    _club(tmp_path)
    text = f'variant "t" "t" {{\n  extends "friday.variant"\n  {statement}\n}}\n'
    return loads(text, str(tmp_path / "t.variant"), roots=[tmp_path])


class Declarer:
    """Declares riichi (open where offered, if `open_riichi`) and wins whenever offered; otherwise lets the
    drawn tile go."""

    def __init__(self, open_riichi: bool = False) -> None:
        self.open_riichi = open_riichi

    def turn(self, view: View, options: list[TurnAction]) -> TurnAction:
        win = next((o for o in options if isinstance(o, Hora)), None)
        if win is not None:
            return win
        reach = [o for o in options if isinstance(o, Reach) and (o.open or not self.open_riichi)]
        if reach:
            return reach[-1]
        discards = [o for o in options if isinstance(o, Dahai)]
        return next((o for o in discards if o.tsumogiri), discards[-1])

    def call(self, view: View, options: list[CallAction]) -> CallAction | None:
        return next((o for o in options if isinstance(o, Hora)), None)


def _pocchi_id(rules: EngineRules) -> int:
    return next(i for i in rules.tiles.ids if (t := rules.tiles.tiles[i]) is not None and t.mark is Mark.POCCHI)


def _joker_wall(rules: EngineRules) -> StackedWall:
    """The dealer draws 9m (riichi, discarding it), the others 6z each, then the dealer draws the pocchi."""
    pocchi = _pocchi_id(rules)
    wall = stacked(
        [RIICHI_TENPAI, *QUIET], "9m6z6z6z", rules=rules, rest=[*(t for t in rules.tiles.ids if t != pocchi), pocchi]
    )
    wall.draws.remove(pocchi)
    wall.draws.insert(4, pocchi)
    return wall


def _play(ruleset: Ruleset) -> list[Event]:
    rules = EngineRules(ruleset)
    events: list[Event] = []
    Game(rules, [Declarer() for _ in range(4)], listener=events.append).play_kyoku(_joker_wall(rules))
    return events


def test_the_readme_club_file_simulates_as_the_readme_shows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`friday.variant` (its pocchi joker once refused) plays a game with the README's bots."""
    _club(tmp_path)
    monkeypatch.chdir(tmp_path)
    bots = "efficiency,efficiency,defensive,random"
    result = CliRunner().invoke(main, ["simulate", "friday.variant", "--games", "1", "--seed", "7", "--bots", bots])
    assert result.exit_code == 0, result.output
    assert "Win (per player-hand)" in result.output


def test_the_pocchi_drawn_after_riichi_wins_as_a_joker(tmp_path: Path) -> None:
    """R-TILE-7 (seed 000, 白ポッチ), the README's own example played: riichi on 2s/5s on the first draw, then
    the pocchi White drawn on the ippatsu turn wins as 2s: double riichi 2, tsumo, pinfu, tanyao, iipeikou
    (234s 234s), dora 1 and ura 1 (indicators 1m over the 2m held), red 1, pocchi 1 = 10 han (`friday`
    drops ippatsu), a dealer's baiman, 8000 all; chips ura, red, pocchi and the ippatsu-tsumo bonus, 4 each."""
    friday = _friday(tmp_path)
    assert unsupported(friday) == []
    (win,) = (e for e in _play(friday) if isinstance(e, Hora))
    assert (win.actor, win.target, win.pai) == (0, 0, _pocchi_id(EngineRules(friday)))
    assert dict(win.yaku) == {
        "double_riichi": 2,
        "menzen_tsumo": 1,
        "pinfu": 1,
        "tanyao": 1,
        "iipeikou": 1,
        "dora": 1,
        "ura": 1,
        "red": 1,
        "pocchi": 1,
    }
    assert (win.points, win.deltas, win.chips) == (24000, (25000, -8000, -8000, -8000), (12, -4, -4, -4))


@pytest.mark.parametrize(("mode", "wins"), [("off", False), ("riichi_ippatsu_tsumo", True), ("after_riichi", True)])
def test_the_joker_is_offered_only_where_the_scorer_pays_it(tmp_path: Path, mode: str, wins: bool) -> None:
    """The engine offers the joker's tsumo exactly when `Shapes.wild` says so; off, the pocchi is a White."""
    ruleset = _friday(tmp_path, f"tiles {{ pocchi_wild {mode} }}")
    pocchi = _pocchi_id(EngineRules(ruleset))
    assert any(isinstance(e, Hora) and e.pai == pocchi for e in _play(ruleset)) is wins


def test_riichi_ippatsu_tsumo_needs_the_ippatsu_turn() -> None:
    """Drawn after the ippatsu turn, a pocchi is only wild under `after_riichi`: built hands, seat 1 in riichi."""
    for mode, wild in (("riichi_ippatsu_tsumo", False), ("after_riichi", True)):
        text = f'variant "t" "t" {{ extends standard\n tiles {{ pocchi 5z; pocchi_wild {mode} }} }}'
        rules = EngineRules(loads(text))
        k = kyoku(rules, [QUIET[0], RIICHI_TENPAI, QUIET[1], QUIET[2]])
        k.seats[1].riichi = True
        k.apply(Tsumo(1, _pocchi_id(rules)))
        assert not k.seats[1].ippatsu
        assert (legal.allow_tsumo(rules, View(k, 1)) is not None) is wild, mode


# ---------------------------------------------------------------- calls.atozuke off (R-CALL-2)

NO_ATOZUKE = 'variant "t" "t" {\n  extends dora-mahjong\n  calls { atozuke off }\n}\n'


@pytest.mark.parametrize(
    ("win", "wins"),
    [
        # a chi of 678s, 23s waiting on 1s and 4s: tanyao only on 4s
        ({"closed": "234m567p88s234s", "melds": [{"type": "chi", "tiles": "678s"}], "win": "4s"}, False),
        # a pon of Green first: the yaku is there before the winning tile, whichever it is
        ({"closed": "234m567p88s234s", "melds": [{"type": "pon", "tiles": "666z"}], "win": "4s"}, True),
        # a two-pair wait on Red and 8s: yakuhai only on Red
        ({"closed": "234m567p88s777z", "melds": [{"type": "chi", "tiles": "678s"}], "win": "7z"}, False),
        # a closed hand is not asked: riichi
        ({"closed": "234m567p88s23478s6s", "win": "4s", "riichi": True}, True),
    ],
)
def test_without_atozuke_a_called_hand_needs_its_yaku_before_the_winning_tile(
    win: dict[str, object], wins: bool
) -> None:
    """`calls.atozuke off` (dora-mahjong with it flipped): the Scorer answers (`yaku_before_winning_tile`),
    so `score` and the engine's offers agree; under dora-mahjong's own `atozuke on` each of these wins."""
    for text, expected in ((NO_ATOZUKE, wins), (NO_ATOZUKE.replace("atozuke off", "atozuke on"), True)):
        try:
            score(loads(text), win_input(win))
        except ScoreError as error:
            assert not expected, error
            assert "no yaku before the winning tile" in str(error)
        else:
            assert expected


def test_the_engine_offers_no_ron_that_atozuke_forbids() -> None:
    """Seat 1 chis 8s for 678s and waits on 1s/4s with 23s: the ron on 4s is offered under dora-mahjong,
    not with atozuke off; seat 3 discards it on a stacked wall, and the hand goes on."""
    outcomes = []
    for text in (NO_ATOZUKE.replace("atozuke off", "atozuke on"), NO_ATOZUKE):
        rules = EngineRules(loads(text))
        k = kyoku(rules, ["8s9s19m19p1234567z", "234m567p88s23s67s9p", *QUIET[1:]])
        k.apply(Dahai(0, 25 * 4 + 3))
        k.apply(Chi(1, 0, 25 * 4 + 3, (23 * 4 + 3, 24 * 4 + 3)))
        k.apply(Dahai(1, 17 * 4 + 3))
        outcomes.append(legal.allow_ron(rules, View(k, 1), 3, 21 * 4 + 3) is not None)
    assert outcomes == [True, False]


# ---------------------------------------------------------------- riichi.open_riichi (R-RIICHI-6)

OPEN_RIICHI = """variant "t" "t" {
  extends standard
  riichi { open_riichi on }
  yaku { open_riichi "オープン立直" "Open riichi" 1/- when open_riichi }
}
"""


def test_dealing_into_an_open_riichi_costs_a_yakuman() -> None:
    """R-RIICHI-6 (seed 003), standard with open riichi: the dealer declares open riichi on its first draw
    (2s/5s), seat 1, not in riichi, draws 5s and lets it go: a yakuman from the discarder, 48000."""
    rules = EngineRules(loads(OPEN_RIICHI))
    wall = stacked([RIICHI_TENPAI, *QUIET], "9m5s")
    events: list[Event] = []
    seats = [Declarer(open_riichi=True), *(Declarer() for _ in range(3))]
    Game(rules, seats, listener=events.append).play_kyoku(wall)
    assert [e for e in events if isinstance(e, Reach)] == [Reach(0, open=True)]
    (win,) = (e for e in events if isinstance(e, Hora))
    assert (win.actor, win.target, win.points, win.limit) == (0, 1, 48000, "yakuman")
    assert "open_riichi" in dict(win.yaku)


def _open_riichi_table(rules: EngineRules, seat_two: str = QUIET[1]) -> Kyoku:
    """Seat 1 in open riichi on 2s/5s (declared on 9p); seat 2 holds `seat_two`."""
    k = kyoku(rules, [QUIET[0], RIICHI_TENPAI, seat_two, QUIET[2]])
    k.apply(Tsumo(1, 17 * 4 + 3))
    k.apply(Reach(1, open=True))
    k.apply(Dahai(1, 17 * 4 + 3, True))
    return k


def test_a_player_in_riichi_pays_an_open_riichi_the_hand() -> None:
    """The engine tells the scorer whether the discarder is in riichi: double riichi 2, ippatsu, open riichi,
    pinfu, tanyao, dora 1 (indicator 1m), red 1 = 8 han, a non-dealer's baiman (16000), from a seat in riichi;
    a yakuman (32000) from one that is not."""
    rules = EngineRules(loads(OPEN_RIICHI))
    k = _open_riichi_table(rules)
    paid = [rules.scorer.score(legal.win_input(rules, View(k, 1), 22 * 4 + 3, tsumo=False, discarder=2)).total]
    k.seats[2].riichi = True
    paid.append(rules.scorer.score(legal.win_input(rules, View(k, 1), 22 * 4 + 3, tsumo=False, discarder=2)).total)
    assert paid == [32000, 16000]


def test_open_riichi_is_offered_beside_riichi() -> None:
    """A tenpai seat is offered both declarations where the variant has open riichi, one where it has not."""
    reaches = []
    for text in (OPEN_RIICHI, OPEN_RIICHI.replace("open_riichi on", "open_riichi off")):
        rules = EngineRules(loads(text))
        k = kyoku(rules, [QUIET[0], RIICHI_TENPAI, QUIET[1], QUIET[2]])
        k.apply(Tsumo(1, 17 * 4 + 3))
        reaches.append([o for o in legal.turn_options(rules, View(k, 1)) if isinstance(o, Reach)])
    assert reaches == [[Reach(1), Reach(1, open=True)], [Reach(1)]]


@pytest.mark.parametrize("bot", [DefensiveSeat, BalancedSeat])
def test_a_defensive_seat_never_deals_into_a_shown_wait(bot: type[DefensiveSeat]) -> None:
    """Seat 2's 5s is its only loose tile, but seat 1's open riichi shows a 2s/5s wait (`View.open_waits`):
    it keeps the 5s. Once seat 1 is furiten (its own 2s in its river) the wait is no danger."""
    rules = EngineRules(loads(OPEN_RIICHI))
    k = _open_riichi_table(rules, "123m456m789p1z1z1z")
    k.apply(Tsumo(2, 22 * 4 + 3))
    view = View(k, 2)
    assert view.open_waits(1) == (19, 22)
    choice = bot(rules).turn(view, legal.turn_options(rules, view))
    assert isinstance(choice, Dahai) and choice.pai >> 2 != 22
    k.seats[1].river_kinds[19] += 1
    assert view.open_waits(1) == ()


# ---------------------------------------------------------------- dora.kan_dora_timing after_discard_passes (R-DORA-6)

KAN_HANDS = ["1m4m7m1p4p7p1s4s7s1z2z3z4z", "9p9p9p1m4m7m1p4p1s4s7s1z2z", "234m456p678s55p34s", QUIET[1]]
"""Seat 1 kans the dealer's 9p; seat 2 waits on 2s and 5s."""


@pytest.mark.parametrize(("replacement", "ron"), [("5s", True), ("6z", False)])
def test_an_open_kan_indicator_shows_once_its_discard_passes(replacement: str, ron: bool) -> None:
    """R-DORA-6 (b) (seed 000, 002), dora-mahjong with the timing flipped: seat 1's replacement tile goes out;
    ronned (5s), the kan's indicator never shows and the ron counts one; passed (6z), it shows right after
    the discard, before the next draw."""
    text = 'variant "t" "t" {\n  extends dora-mahjong\n  dora { kan_dora_timing after_discard_passes }\n}\n'
    events: list[Event] = []
    game = Game(EngineRules(loads(text)), [Eager() for _ in range(4)], listener=events.append)
    game.play_kyoku(stacked(KAN_HANDS, "9p" + replacement))
    kan = next(i for i, e in enumerate(events) if isinstance(e, Daiminkan))
    after = [type(e).__name__ for e in events[kan + 1 : kan + 5]]
    if ron:
        assert after[:3] == ["Tsumo", "Dahai", "Hora"]
        assert [len(e.dora_markers) for e in events if isinstance(e, Hora)] == [1]
    else:
        assert after == ["Tsumo", "Dahai", "Dora", "Tsumo"]


# ---------------------------------------------------------------- draws.formal_tenpai off (R-DRAW-3)


def _called_table(rules: EngineRules, hand: str) -> Kyoku:
    """Seat 1 holds `hand` (…67s9p), chis the dealer's 8s for 678s and lets 9p go."""
    k = kyoku(rules, ["8s9s19m19p1234567z", hand, QUIET[1], QUIET[2]])
    k.apply(Dahai(0, 25 * 4 + 3))
    k.apply(Chi(1, 0, 25 * 4 + 3, (23 * 4 + 3, 24 * 4 + 3)))
    k.apply(Dahai(1, 17 * 4 + 3))
    return k


@pytest.mark.parametrize("formal", [True, False])
def test_without_formal_tenpai_a_hand_must_be_able_to_win(formal: bool) -> None:
    """R-DRAW-3, dora-mahjong with and without formal tenpai, when the wall runs out (`draw_tenpai`): an
    open 123m 567p 88s 23s waits on 1s/4s with no yaku; with 234m it has tanyao on 4s, unless every 4s is in
    sight; a closed hand without a yaku may still win by menzen tsumo."""
    word = "on" if formal else "off"
    rules = EngineRules(loads(f'variant "t" "t" {{\n  extends dora-mahjong\n  draws {{ formal_tenpai {word} }}\n}}\n'))
    no_yaku = _called_table(rules, "123m567p88s23s67s9p")
    tanyao = _called_table(rules, "234m567p88s23s67s9p")
    seen = _called_table(rules, "234m567p88s23s67s9p")
    seen.seats[2].river_kinds[21] = 4  # every 4s already discarded
    closed = kyoku(rules, [QUIET[0], "123m567p88s23s678s", QUIET[1], QUIET[2]])
    tenpai = [draw_tenpai(rules, View(k, 1)) for k in (no_yaku, tanyao, seen, closed)]
    assert tenpai == ([True] * 4 if formal else [False, True, False, True])


# ---------------------------------------------------------------- win.sticks_to split (R-STD-2)


def test_a_double_ron_splits_the_honba_and_sticks() -> None:
    """Standard with `sticks_to split`: seats 1 and 3 ron the dealer's 2p at 2 honba with a stick on the
    table; each is paid its hand (3900, 2000), half the honba (300) and half the stick (500)."""
    rules = EngineRules(loads('variant "t" "t" {\n  extends standard\n  win { sticks_to split }\n}\n'))
    hands = ["19m19p19s1234567z", "234m567m345s66s34p", "19m19p19s1234567z", "456m678p456s88s34p"]
    events: list[Event] = []
    game = Game(rules, [Eager() for _ in range(4)], listener=events.append)
    game.honba, game.kyotaku = 2, 1
    game.play_kyoku(stacked(hands, "2p"))
    assert [e.deltas for e in events if isinstance(e, Hora)] == [(-4200, 4700, 0, 0), (-2300, 0, 0, 2800)]


def test_what_does_not_split_evenly_goes_to_the_first_winner() -> None:
    """The catalog's decision: one stick among three winners is 400, 300, 300 (`settle_win`, `sharers`)."""
    ruleset = loads('variant "t" "t" {\n  extends standard\n  win { sticks_to split; multiple_ron triple }\n}\n')
    hand = {"closed": "234m567p234s88s345s", "win": "5s", "riichi_sticks": 1}
    won = score(ruleset, win_input(hand))
    sharing = sharers(ruleset, 3, tsumo=False)
    paid = [
        settle_win(ruleset, WinSituation(4, 1, actor, 0, first=actor == 1, sharing=sharing), won).deltas[actor]
        for actor in (1, 2, 3)
    ]
    assert sharing == 3 and [p - won.payments.ron for p in paid] == [400, 300, 300]
