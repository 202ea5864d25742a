"""Settings the engine once refused and now plays (issue 19, item 2, the rest): forced nuki, the strict
kan in riichi, double dora on a dice pair and liability beyond the dragons and winds, each worked by hand
on a built table or a stacked wall."""

from __future__ import annotations

from pathlib import Path

import pytest
from stacking import ids, passing, stacked
from test_engine import kyoku
from test_mjai import greedy_game

from variantlang import Ruleset, loads
from variantlang.bots import BOTS
from variantlang.engine import legal
from variantlang.engine.events import (
    Ankan,
    Dahai,
    Daiminkan,
    Dora,
    Event,
    Hora,
    Kakan,
    Nukidora,
    Pon,
    Reach,
    ReachAccepted,
    Ryukyoku,
    StartKyoku,
    Tsumo,
)
from variantlang.engine.rules import EngineRules, unsupported
from variantlang.engine.state import Kyoku, View
from variantlang.engine.table import Game
from variantlang.engine.wall import SeededWall, dice
from variantlang.records.logs import game_logs, read_log
from variantlang.records.replay import replay
from variantlang.records.variants import engine_rules
from variantlang.rules.dora import Dice, start_indicators


def _variant(parent: str, statements: str) -> Ruleset:
    return loads(f'variant "t" "t" {{\n  extends {parent}\n  {statements}\n}}\n')


def _drawn(rules: EngineRules, hands: list[str], seat: int, tile: str) -> Kyoku:
    k = kyoku(rules, hands)
    k.apply(Tsumo(seat, ids(tile)[0] - 1, False))  # a copy the hands do not hold (they take copy 3 first)
    return k


NOTEN_HANDS = ("1379m1379p1379s5m", "1379m1379p1379s5p", "1379m1379p1379s5s", "1379m1379p1379s6m")
SANMA = ("1357p1357s19m567z", "2468p2468s19m567z", "1357p2468s19m567z")
FORCED = _variant("standard-sanma", "dora { nuki_mode forced }")
OPTIONAL = _variant("standard-sanma", "dora { nuki_mode optional }")


def test_forced_nuki_is_the_only_offer_besides_a_win() -> None:
    """A seat dealt a North draws 5p: it must set the North aside before anything else; optional, it may
    discard or declare riichi at once."""
    hand = "1357p1357s19m456z"
    for ruleset, forced in ((FORCED, True), (OPTIONAL, False)):
        rules = EngineRules(ruleset)
        k = _drawn(rules, [hand, *SANMA[1:]], 0, "5p")
        kinds = {type(o) for o in legal.turn_options(rules, View(k, 0))}
        assert (kinds == {Nukidora}) is forced, kinds
        assert (Dahai in kinds) is not forced


def test_a_north_that_completes_thirteen_orphans_may_be_won_on_before_it_is_set_aside() -> None:
    """Thirteen orphans waiting on North alone draws it on the first turn: tsumo, nine kinds and the
    set-aside are offered, no discard."""
    rules = EngineRules(FORCED)
    k = _drawn(rules, ["19m19p19s1235677z", *SANMA[1:]], 0, "4z")
    options = legal.turn_options(rules, View(k, 0))
    assert [type(o) for o in options] == [Hora, Ryukyoku, Nukidora]


def test_in_riichi_a_drawn_north_is_set_aside_not_let_go() -> None:
    """A seat in riichi (pinfu on 2p 5p) draws a North: forced, it sets it aside; optional, it may let it go."""
    for ruleset, forced in ((FORCED, True), (OPTIONAL, False)):
        rules = EngineRules(ruleset)
        k = kyoku(rules, ["234p567p345s66s34p", *SANMA[1:]])
        k.apply(Tsumo(0, ids("1z")[0] - 1, False))
        k.apply(Reach(0))
        k.apply(Dahai(0, ids("1z")[0] - 1, True))
        k.apply(ReachAccepted(0))
        k.apply(Tsumo(0, ids("4z")[0] - 1, False))
        kinds = [type(o) for o in legal.turn_options(rules, View(k, 0))]
        assert kinds == ([Nukidora] if forced else [Nukidora, Dahai]), kinds


def test_forced_nuki_plays() -> None:
    assert unsupported(FORCED) == []


def _riichi(rules: EngineRules, hand: str, kans: tuple[str, ...] = ()) -> Kyoku:
    """Seat 1 dealt `hand`, making the closed `kans` (each on a 2s drawn, replaced by the next), then
    declaring riichi on a drawn West."""
    k = kyoku(rules, [SANMA[0], hand, SANMA[1], SANMA[2]])
    spare = iter(range(ids("2s")[0], ids("2s")[0] - 4, -1))
    for kan in kans:
        k.apply(Tsumo(1, next(spare), False))
        k.apply(Ankan(1, ids(kan * 4)))
    west = ids("3z")[0]
    k.apply(Tsumo(1, west, bool(kans)))
    k.apply(Reach(1))
    k.apply(Dahai(1, west, True))
    k.apply(ReachAccepted(1))
    return k


def _kans_offered(mode: str, hand: str, drawn: str, kans: tuple[str, ...] = ()) -> list[int]:
    """The kinds of closed kan seat 1, in riichi on `hand`, is offered on drawing `drawn` (the copy its hand
    leaves free) under `riichi.ankan mode`."""
    rules = EngineRules(_variant("standard", f"riichi {{ ankan {mode} }}"))
    k = _riichi(rules, hand, kans)
    held = sum(1 for t in k.seats[1].hand if t >> 2 == ids(drawn)[0] >> 2)
    k.apply(Tsumo(1, ids(drawn)[0] - held, False))
    return [a.consumed[0] >> 2 for a in legal.allow_ankan(rules, View(k, 1))]


def test_a_strict_kan_keeps_every_reading_of_the_hand() -> None:
    """2223555m456p777z waits on 1m, 3m and 4m with or without a kan of 5m, but won on 4m it also reads
    222m 345m 55m: the same waits allow the kan, strict does not. 555z with 234p567s88s45p stays a triplet
    in every reading and the yaku (riichi, haku) stay: both allow it."""
    five_m, haku = 4, 31
    assert _kans_offered("same_waits", "2223555m456p777z", "5m") == [five_m]
    assert _kans_offered("strict", "2223555m456p777z", "5m") == []
    assert _kans_offered("forbid", "2223555m456p777z", "5m") == []
    assert _kans_offered("strict", "555z234p567s88s45p", "5z") == [haku]


def test_a_strict_kan_changes_no_yaku() -> None:
    """With closed kans of 3m and 4m made before riichi, a third kan (of haku, the hand 555z22s45p) adds
    sankantsu: the waits and the sets stay, so the same waits allow it; strict does not."""
    hand = "3333m4444m555z45p"
    kans = ("3m", "4m")
    assert _kans_offered("same_waits", hand, "5z", kans) == [31]
    assert _kans_offered("strict", hand, "5z", kans) == []


def test_a_pair_on_the_dice_turns_a_second_indicator() -> None:
    """R-DORA-9: a pair turns a second indicator at the start, never past `max_indicators`."""
    doubled = _variant("standard", "dora { double_on_dice_pair on }").dora
    assert start_indicators(doubled, Dice(3, 3)) == 2
    assert start_indicators(doubled, Dice(3, 4)) == 1
    assert start_indicators(_variant("standard", "").dora, Dice(3, 3)) == 1
    capped = _variant("standard", "dora { double_on_dice_pair on; kan_dora off; max_indicators 1 }").dora
    assert start_indicators(capped, Dice(3, 3)) == 1


@pytest.mark.parametrize(("seed", "pair"), [(4, True), (0, False)])
def test_one_throw_breaks_the_wall_and_doubles_the_dora(seed: int, pair: bool) -> None:
    """Game seed 4 throws a pair of ones (total 2: the wall of the seat after the dealer breaks), seed 0 a
    one and a two (total 3): the hand starts with the dead wall's first two indicators only on the pair."""
    rules = EngineRules(_variant("standard", "dora { double_on_dice_pair on }\n  game { wareme on }"))
    events: list[Event] = []
    game = Game(rules, passing(4), seed=seed, listener=events.append)
    wall = stacked(list(NOTEN_HANDS))
    game.play_kyoku(wall)
    throw = dice(seed, 0, 0)
    assert (throw.first == throw.second) is pair
    assert game.dice == throw and game.wareme == (throw.total - 1) % 4
    first = next(i for i, e in enumerate(events) if isinstance(e, Tsumo))
    start = next(e for e in events if isinstance(e, StartKyoku))
    shown = [start.dora_marker, *(e.dora_marker for e in events[:first] if isinstance(e, Dora))]
    assert shown == [wall.indicator(0), wall.indicator(1)][: 2 if pair else 1]


def _sets(seat_hand: str, calls: list[Event], pao: str = "suukantsu daisangen") -> int | None:
    """Seat 1, dealt `seat_hand`, makes `calls` (applied in turn): the seat liable for its pao yakuman."""
    rules = EngineRules(_variant("standard", f"win {{ pao {pao} }}"))
    k = kyoku(rules, [SANMA[0], seat_hand, SANMA[1], SANMA[2]])
    for call in calls:
        k.apply(call)
    return k.seats[1].pao


def _open_kan(tile: str, target: int) -> Daiminkan:
    copies = ids(tile * 4)
    return Daiminkan(1, target, copies[3], copies[:3])


def test_the_discarder_of_the_fourth_kan_is_liable_for_four_kans() -> None:
    """Open kans of 2m and 4m from seat 2, 2p from seat 3, 4p from seat 0: the fourth makes four kans certain,
    so seat 0 is liable; a fourth kan added to a pon is made with the seat's own tile: nobody is."""
    hand = "222m444m222p444p8s"
    three = [_open_kan("2m", 2), _open_kan("4m", 2), _open_kan("2p", 3)]
    assert _sets(hand, [*three, _open_kan("4p", 0)]) == 0
    assert _sets(hand, three) is None
    fours = ids("4p4p4p4p")
    added = [Pon(1, 0, fours[3], fours[:2]), Kakan(1, fours[2], (*fours[:2], fours[3]))]
    assert _sets("222m444m222p44p8s4p", [*three, *added]) is None
    assert _sets(hand, [*three, _open_kan("4p", 0)], pao="daisangen") is None


def test_the_first_call_that_makes_a_yakuman_certain_fixes_the_liable_seat() -> None:
    """Open kans of the three dragons (the last from seat 2) make big three dragons certain; a fourth open
    kan, of 2m from seat 3, then makes four kans certain too: seat 2 stays liable."""
    dragons = [_open_kan("5z", 0), _open_kan("6z", 0), _open_kan("7z", 2)]
    assert _sets("555z666z777z222m8s", dragons) == 2
    assert _sets("555z666z777z222m8s", [*dragons, _open_kan("2m", 3)]) == 2
    assert _sets("555z666z777z222m8s", [*dragons, _open_kan("2m", 3)], pao="suukantsu") == 3


@pytest.mark.parametrize("bot", sorted(BOTS))
def test_every_bot_plays_a_hand_of_forced_nuki(bot: str) -> None:
    """Each bot plays a seeded hand where it is offered only the set-aside: Norths are set aside, none let go."""
    rules = EngineRules(FORCED)
    events: list[Event] = []
    game = Game(rules, [BOTS[bot].build(rules, i) for i in range(3)], listener=events.append)
    game.play_kyoku(SeededWall(rules, 0, 0, 0))
    north = 30
    assert any(isinstance(e, Nukidora) for e in events)
    assert not any(isinstance(e, Dahai) and e.pai >> 2 == north for e in events)


@pytest.mark.parametrize("suffix", [".mjson", ".json"])
def test_a_game_with_dice_pairs_replays_from_its_logs(suffix: str, tmp_path: Path) -> None:
    """Game seed 7 throws a pair in one hand: the logs carry the seed (mjai `start_game.seed`, tenhou.net/6's
    `seed` extension), so the replay throws the same dice, breaks the same wall and turns the same second
    indicator."""
    text = 'variant "dice" "dice" {\n  extends standard\n  dora { double_on_dice_pair on }\n  game { wareme on }\n}\n'
    (tmp_path / "dice.variant").write_text(text, encoding="utf-8")
    rules = EngineRules(loads(text, str(tmp_path / "dice.variant")))
    events = greedy_game(rules, 7)
    assert any(isinstance(e, Dora) for e in events)  # the pair's second indicator (no kan in this game)
    lines, viewer = game_logs(events, rules)
    path = tmp_path / f"game{suffix}"
    path.write_text(lines if suffix == ".mjson" else viewer, encoding="utf-8")
    record, ruleset = read_log(path)
    assert record.seed == 7
    again: list[Event] = []
    result = replay(engine_rules(ruleset), record, listener=again.append)
    assert result.ok, [p for h in result.hands for p in h.problems] + result.problems

    def shown(log: list[Event]) -> list[object]:
        """The indicators' kinds and the wins' payments (a log names a tile's kind, not its copy)."""
        return [e.dora_marker >> 2 if isinstance(e, Dora) else e.deltas for e in log if isinstance(e, Dora | Hora)]

    assert shown(again) == shown(events)
