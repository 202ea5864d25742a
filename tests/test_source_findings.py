"""Rules of seeds 001, 002 and 004 that the source traces (docs/sources/) once listed as missing, each
checked where it takes effect: the engine's legal moves, the win a replacement draw makes, and the sheet
sentence that states it."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from stacking import ids, stacked
from test_engine import Eager, first_hand, kyoku

from variantlang import catalog
from variantlang.engine import legal
from variantlang.engine.events import Dahai, Hora, Nukidora, Tsumo, TurnAction
from variantlang.engine.rules import EngineRules
from variantlang.engine.state import View
from variantlang.hand.tiles import Mark
from variantlang.model.ruleset import Ruleset
from variantlang.reports.sheets.model import build, notes_in

NORTH = 30
SANMA_FILLER = "19m19p19s1235677z"
"""Thirteen tiles with one North fewer than the four-player filler: the Norths are the test's own."""
QUIET = "11m99m1s1z1z2z2z3z3z5z6z"
"""Thirteen tiles no North can complete (not a thirteen-orphans wait), for the seats that only watch."""


@pytest.mark.parametrize(("name", "callable_"), [("standard-sanma", True), ("dora-mahjong-sanma", False)])
def test_a_discarded_north_is_called_only_where_the_variant_allows(
    name: str, callable_: bool, shipped: Callable[[str], Ruleset]
) -> None:
    """DORA麻雀 §2-7 item 11: a discarded North cannot be called pon or kan (`calls.nuki_callable off`);
    Tenhou's three-player rules (standard-sanma) allow it. It can still be won on."""
    rules = EngineRules(shipped(name))
    k = kyoku(rules, [SANMA_FILLER, "444z19m19p19s1235z", SANMA_FILLER])
    north = NORTH * 4
    pons = legal.allow_pon(rules, View(k, 1), 0, north)
    kans = legal.allow_daiminkan(rules, View(k, 1), 0, north)
    assert bool(pons) is callable_ and bool(kans) is callable_


class Nuker(Eager):
    """Wins when it can, sets a North aside when it can, otherwise discards as `Eager`."""

    def turn(self, view: View, options: list[TurnAction]) -> TurnAction:
        return (
            next((o for o in options if isinstance(o, Hora)), None)
            or next((o for o in options if isinstance(o, Nukidora)), None)
            or super().turn(view, options)
        )


@pytest.mark.parametrize("name", ["standard-sanma", "dora-mahjong-sanma"])
def test_a_win_on_the_nuki_replacement_tile_is_rinshan(name: str, shipped: Callable[[str], Ruleset]) -> None:
    """DORA麻雀 §2-7 item 3 (and Tenhou): the dealer draws a North, sets it aside, and wins on the
    replacement tile: the replacement is a rinshan draw and the win counts 嶺上開花."""
    ruleset = shipped(name)
    wall = stacked(["123p456p789s66s34p", QUIET, QUIET], "4z2p", rules=EngineRules(ruleset))
    events = first_hand(ruleset, wall, [Nuker(), Eager(), Eager()])
    assert any(isinstance(e, Nukidora) for e in events)
    replacement = [e for e in events if isinstance(e, Tsumo) and e.rinshan]
    assert replacement and replacement[0].pai >> 2 == 10  # 2p
    (hora,) = [e for e in events if isinstance(e, Hora)]
    assert hora.actor == 0 and hora.target == 0
    assert "rinshan" in [name for name, _ in hora.yaku]
    assert not [e for e in events if isinstance(e, Dahai)]


def test_nuki_only_right_after_the_players_own_draw(shipped: Callable[[str], Ruleset]) -> None:
    """DORA麻雀 §2-7 item 14, 囲将会 §2.2: a North is set aside only right after one's own draw, never in
    the turn after a pon."""
    rules = EngineRules(shipped("dora-mahjong-sanma"))
    k = kyoku(rules, [SANMA_FILLER, "4z55z19m19p19s1236z", SANMA_FILLER])
    assert legal.allow_nuki(rules, View(k, 1)) == []  # no tile drawn: as after a call


def test_a_red_and_a_plain_nuki_five_are_two_choices(shipped: Callable[[str], Ruleset]) -> None:
    """囲将会 §2.2 and §2.4: the 5m set aside may be the red one or a plain one, and which is a choice, as
    for a pon (`action_key` tells them apart); a replay of a log that set aside the red five while a plain
    one was in the hand was refused when one 5m was offered per kind."""
    rules = EngineRules(shipped("igishokai-sanma"))
    k = kyoku(rules, [SANMA_FILLER, "50m19p19s123567z", SANMA_FILLER])
    k.apply(Tsumo(1, ids("1p")[0]))
    offered = legal.allow_nuki(rules, View(k, 1))
    assert sorted(rules.tiles.value(n.pai) for n in offered) == [(4, Mark.PLAIN.value), (4, Mark.RED.value)]


@pytest.mark.parametrize(
    ("name", "path", "lang", "words"),
    [
        ("igishokai-sanma", "game.renchan", "en", "after a double ron the dealer stays if among the winners"),
        ("igishokai-sanma", "game.renchan", "ja", "立直棒は供託のまま、本場を加算する"),
        ("igishokai-sanma", "dora.nuki_discard", "en", "except by a player in riichi who draws one where it cannot"),
        ("igishokai-sanma", "dora.nuki_discard", "ja", "立直者が抜けないとき（海底）に引いた抜きドラは河に捨てる"),
        ("naki-riichi", "dora.chosen_indicators", "en", "may move one of their own discards there"),
        ("naki-riichi", "dora.chosen_indicators", "ja", "自分の捨て牌を1枚そこに移すことができる"),
        ("naki-riichi", "calls.last_discard", "en", "the discard made after such a call is then the last discard"),
        ("dora-mahjong-sanma", "calls.nuki_callable", "ja", "ポン・カンできない"),
        (
            "dora-mahjong-sanma",
            "dora.nuki_rinshan",
            "en",
            "A win on a nuki tile's replacement counts as rinshan kaihou",
        ),
        ("igishokai-sanma", "dora.nuki_rinshan", "ja", "嶺上開花になるのは抜いた牌が槓の補充牌だったときだけ"),
        ("dora-mahjong-sanma", "dora.nuki", "ja", "立直後も抜ける"),
        ("dora-mahjong-sanma", "dora.nuki", "en", "right after the player's own draw (not after a pon)"),
    ],
)
def test_the_sheet_states_the_rule(
    name: str, path: str, lang: str, words: str, shipped: Callable[[str], Ruleset]
) -> None:
    rows = {r.path: r.text for s in build(shipped(name), lang).sections for r in s.rows}
    assert words in rows[path]


def test_the_new_setting_is_complete() -> None:
    setting = catalog.BY_PATH["calls.nuki_callable"]
    assert setting.missing() == [] and catalog.Consumer.ENGINE in setting.consumers


@pytest.mark.parametrize(
    "name", ["standard", "standard-sanma", "igishokai-sanma", "naki-riichi", "dora-mahjong", "dora-mahjong-sanma"]
)
def test_every_note_is_given_in_both_languages(name: str, shipped: Callable[[str], Ruleset]) -> None:
    """A ja sheet prints only Japanese notes and an en sheet only English ones, the same number of each."""
    notes = shipped(name).about.notes
    ja, en = notes_in(notes, "ja"), notes_in(notes, "en")
    assert len(ja) == len(en) and len(ja) + len(en) == len(notes)


def test_ties_for_top_are_stated(shipped: Callable[[str], Ruleset]) -> None:
    """囲将会 §1.3 and DORA麻雀 §3-4: no setting ranks tied players, so the sheets say it in a note."""
    assert any("同点" in n for n in build(shipped("igishokai-sanma"), "ja").notes)
    assert any("tie for first" in n for n in build(shipped("dora-mahjong-tournament"), "en").notes)
