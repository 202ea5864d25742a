"""Who declared and is not tenpai as the hand ends (R-RIICHI-9, 004 「終局時に聴牌していない」) is one answer,
`rules.settlement.false_declarers` of the table's one `DrawSituation`: the fine a win takes, the
best-paid end of a played-on hand, the chombo at a draw (囲将会's ノー聴リーチ) and `replay --rescore` ask it."""

from __future__ import annotations

from stacking import passing
from test_engine import FILLER, kyoku

from variantlang import catalog, load, loads
from variantlang.engine.rules import EngineRules
from variantlang.engine.table import Game
from variantlang.hand.tiles import NAN
from variantlang.rules.settlement import DrawSituation, chombo_at_draw, false_declarers

KARATEN = "123m456m789m111z2z"
"""Waiting on South alone (the East triplet, a South to pair): tenpai in shape."""


def test_a_declarer_not_tenpai_is_false_and_the_draw_chombo_asks_the_same() -> None:
    """Seats 1 and 2 declared; seat 2 is not tenpai: it alone is false, and 囲将会's noten riichi chombo
    at the draw names the same seat."""
    situation = DrawSituation(0, (True, True, False), riichi=(1, 2))
    assert false_declarers(situation) == (2,)
    assert chombo_at_draw(load("igishokai-sanma"), situation) == (2,)


def test_a_declarer_whose_every_wait_is_seen_is_false_at_a_win_as_at_a_draw() -> None:
    """Without formal tenpai (as 鳴き立直, whose flowers would stand in for a South): seat 2 declared riichi on
    `KARATEN`, and the other three Souths lie in the rivers.
    Its hand has a shape wait, yet no tile can complete it: the table's one judgement of the hand's end,
    which a win's fine, the best-paid end and the draw all ask, calls it not tenpai (a win once judged the
    shape alone and did not fine it)."""
    rules = EngineRules(loads('variant "t" "t" {\n  extends standard\n  draws { formal_tenpai off }\n}\n'))
    k = kyoku(rules, [FILLER, FILLER, KARATEN, FILLER])
    k.seats[2].riichi = True
    k.seats[0].river_kinds[NAN] = 2
    k.seats[1].river_kinds[NAN] = 1
    assert k.seats[2].waits == (NAN,)
    game = Game(rules, passing(4))
    assert false_declarers(game._hand_end(k)) == (2,)
    k.seats[1].river_kinds[NAN] = 0  # one South unseen: tenpai
    game.hand_end = None
    assert false_declarers(game._hand_end(k)) == ()


def test_a_win_let_pass_is_an_offence_only_where_it_makes_furiten() -> None:
    """囲将会 §4.1 makes a win let pass in riichi a chombo at the draw; where a win let pass makes no furiten
    (`riichi.missed_furiten off`, 鳴き立直's reading) it is no offence, and the setting does not apply."""
    situation = DrawSituation(0, (True, True, True), riichi=(1,), missed_in_riichi=(1,))
    assert chombo_at_draw(load("igishokai-sanma"), situation) == (1,)
    unbarred = loads('variant "p" "p" {\n extends igishokai-sanma\n riichi { missed_furiten off }\n}\n')
    assert chombo_at_draw(unbarred, situation) == ()
    assert not catalog.BY_PATH["riichi.missed_win_chombo"].applies_under(unbarred)
