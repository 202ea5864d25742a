"""The flip test (issue 18), generated from the catalog: for every setting, every value of a choice (one
other value of the rest) and every consumer the setting's questions reach (`Setting.consumers`), a case
flips the setting on a situation built to show it, and the consumer's answer changes, or the catalog
declares that consumer unaffected (`Setting.unaffected`). A setting added without this fails here.

Consumers and their answers:
- sheet: the rule sheet's model without its difference table (the sentences, the tables);
- diff: the setting's entry in `diff`;
- score: a win of `test_settings_take_effect` (its rows are the score situations, one per value);
- engine: refusal (`unsupported`), the question probes of `PROBES` on built hands (waits, ron and riichi
  offers, the round wind given to the scorer), then one seeded hand with efficiency bots per seed of
  `SEEDS`, until one differs.

Partial: engine cases no built hand or seeded hand shows yet are listed by name in `ENGINE_NOT_SHOWN`,
with why, and skipped; each is a situation still to build (a stacked wall).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any
from unittest.mock import patch

import pytest
from test_engine import FILLER, kyoku
from test_settings_take_effect import FLIPS, MORE_VALUES, Flip, _agrees, _outcome

from variantlang import DiagnosticError, loads
from variantlang.bots.efficiency import EfficiencySeat
from variantlang.catalog import SETTINGS, Consumer, Kind, Setting
from variantlang.engine import legal
from variantlang.engine.events import Dahai, Event, Ryukyoku, Tsumo
from variantlang.engine.rules import EngineRules, unsupported
from variantlang.engine.state import View
from variantlang.engine.table import Game, play_game
from variantlang.engine.wall import SeededWall
from variantlang.lang import resolve
from variantlang.model.ruleset import Ruleset
from variantlang.reports.diff import diff
from variantlang.reports.sheets import model as sheet
from variantlang.rules.limits import uses_fu
from variantlang.rules.settlement import settle_exhaustive

PARENTS = ("standard", "standard-sanma", "dora-mahjong", "naki-riichi", "igishokai-sanma")
"""Where a setting's situation starts when no score row names one: the first shipped variant under which
the setting applies (`Setting.applies`)."""

VALUES: dict[str, tuple[str, ...]] = {
    "about.source": ('"a book"',),
    "about.credit": ('"a club"',),
    "about.version": ('"2"',),
    "about.notes": ('"a note"',),
    "game.uma": ("30 10 -10 -30",),
    "game.uma_one_below": ("30 10 -10 -30",),
    "game.uma_two_below": ("30 10 -10 -30",),
    "game.uma_three_below": ("30 10 -10 -30",),
    "win.pao": ("daisangen",),
}
"""A value for the settings whose other value cannot be made from their kind (texts, lists)."""

SEEDS = range(3)
"""The seeded hands an engine case may try (each a one-hand game of four efficiency bots)."""


@dataclass(frozen=True)
class Case:
    setting: Setting
    statement: str
    """The flip as a rule file writes it."""
    parent: str
    base: str
    """Statements both sides hold (what the setting needs to matter)."""
    score: Flip | None
    """The score situation, for a setting whose questions reach the scorer."""

    @property
    def id(self) -> str:
        return f"{self.setting.path}:{self.statement.split('{')[1].split('}')[0].split(None, 1)[1].strip()}"


def _variant(parent: str, base: str, statement: str = "") -> Ruleset:
    return _load(f'variant "t" "t" {{\n  extends {parent}\n  {base}\n  {statement}\n}}\n')


_PARSE = cache(resolve.parse)
"""A parent's file is parsed once for all the cases (its syntax tree is immutable)."""


@cache
def _load(text: str) -> Ruleset:
    with patch.object(resolve, "parse", _PARSE):
        return loads(text)


def _score_rows() -> dict[tuple[str, str], Flip]:
    rows: dict[tuple[str, str], Flip] = {}
    for path, flip in [*FLIPS.items(), *MORE_VALUES]:
        rows[path, flip.statement] = flip
    return rows


def _word(value: Any, setting: Setting) -> str:
    return setting.format(value) if setting.kind in (Kind.BOOL, Kind.CHOICE, Kind.INT) else str(value)


def _other_values(setting: Setting, ruleset: Ruleset) -> list[str]:
    """The values a case flips to, as a rule file writes them: the other word of a switch, every other
    word of a choice, a neighbouring number, or the value `VALUES` gives."""
    now = ruleset.value(setting)
    if setting.path in VALUES:
        return list(VALUES[setting.path])
    if setting.kind is Kind.BOOL:
        return ["off" if now else "on"]
    if setting.kind is Kind.CHOICE:
        return [w for w in setting.choices if w != now]
    if setting.kind is Kind.INT:
        high = setting.high if setting.high is not None else now + 1
        return [str(now + 1 if now + 1 <= high else now - 1)]
    raise AssertionError(f"{setting.path}: give a value in VALUES")


def _parent_for(setting: Setting) -> str:
    for parent in PARENTS:
        if setting.applies_under(_variant(parent, "")):
            return parent
    return "standard"


def cases() -> Iterator[Case]:
    rows = _score_rows()
    for setting in SETTINGS:
        own = [(statement, flip) for (path, statement), flip in rows.items() if path == setting.path]
        if own:
            for statement, flip in own:
                yield Case(setting, statement, flip.parent, flip.base, flip)
            if setting.kind is not Kind.CHOICE:
                continue
        parent = own[0][1].parent if own else _parent_for(setting)
        base = own[0][1].base if own else ""
        done = {s.split("{")[1].split("}")[0].split()[1] for s, _ in own}
        for word in _other_values(setting, _variant(parent, base)):
            if word in done:
                continue
            statement = f"{setting.section} {{ {setting.key} {word} }}"
            yield Case(setting, statement, parent, base, None)


CASES = list(cases())


def _consumer_cases() -> list[tuple[Case, Consumer]]:
    return [(case, c) for case in CASES for c in case.setting.consumers if c not in case.setting.unaffected]


# ------------------------------------------------------------------ answers


def _sheet(ruleset: Ruleset) -> Any:
    """What the sheet says of the settings: its header, its sections' sentences, the glance box, its tables."""
    about = ruleset.about
    return (
        (
            sheet.notes_in(about.source, "en", marked=False),
            about.credit,
            about.version,
            sheet.notes_in(about.notes, "en"),
        ),
        sheet._sections(ruleset, "en", set(), False),
        sheet._glance(ruleset, "en"),
        sheet._fu_rows(ruleset, "en") if uses_fu(ruleset.payment) else (),
        sheet._limit_table(ruleset, "en") if uses_fu(ruleset.payment) else None,
        sheet._payment_tables(ruleset, "en") if uses_fu(ruleset.payment) else (),
        sheet._calls_table(ruleset, "en"),
        sheet._furiten_table(ruleset, "en"),
        sheet._penalty_table(ruleset, "en"),
        sheet._dora_map(ruleset),
        sheet._tile_groups(ruleset, "en"),
    )


def _engine_refusal(ruleset: Ruleset) -> tuple[str, ...]:
    return tuple(unsupported(ruleset))


QUAD_PAIRS = "2222m33p44p55s66s7z"
TENPAI = "234m456p678s55p34s"
"""Waits on 2s and 5s (tanyao either way)."""


def _seat_hands(rules: EngineRules, hand: str) -> list[str]:
    """Seat 1 holds `hand`; seat 0, the dealer, holds a 2s to let go by."""
    return ["2s9s19m19p1234567z", hand, *[FILLER] * (rules.players - 2)]


def _waits(rules: EngineRules) -> Any:
    """SHAPES: the waits of seven pairs holding a quad."""
    return kyoku(rules, _seat_hands(rules, QUAD_PAIRS)).seats[1].waits


def _round_wind(rules: EngineRules) -> Any:
    """ROUND_WIND: the round wind the engine gives the scorer in the East round."""
    k = kyoku(rules, _seat_hands(rules, TENPAI))
    return legal.win_input(rules, View(k, 1), 22 * 4, tsumo=False, discarder=0).round_wind


def _furiten(rules: EngineRules) -> Any:
    """FURITEN: a ron on 5s after discarding 2s oneself; then after letting 2s go by in riichi."""
    k = kyoku(rules, _seat_hands(rules, TENPAI))
    k.seats[1].river_kinds[19] = 1
    own = legal.allow_ron(rules, View(k, 1), 0, 22 * 4 + 3) is not None
    k = kyoku(rules, _seat_hands(rules, TENPAI))
    k.seats[1].riichi = True
    k.apply(Dahai(0, 19 * 4 + 3))
    k.apply(Tsumo(1, 31 * 4))
    discards = len(legal.allow_discards(rules, View(k, 1)))
    return own, discards


def _riichi(rules: EngineRules) -> Any:
    """RIICHI: riichi offered with 2 and 4 live tiles left after the draw; with exactly the stick; with less."""
    out = []
    stick = rules.ruleset.riichi.stick
    for live, score in ((3, 25000), (5, 25000), (70, stick), (70, max(0, stick - 100))):
        k = kyoku(rules, _seat_hands(rules, TENPAI), scores=score, live=live)
        k.apply(Tsumo(1, 33 * 4))
        out.append(bool(legal.allow_riichi(rules, View(k, 1))))
    return tuple(out)


def _wins(rules: EngineRules) -> Any:
    """OFFERS: a ron on 5s and a tsumo of it by a seat not in riichi."""
    k = kyoku(rules, _seat_hands(rules, TENPAI))
    ron = legal.allow_ron(rules, View(k, 1), 0, 22 * 4 + 3) is not None
    k.apply(Tsumo(1, 22 * 4 + 3))
    return ron, legal.allow_tsumo(rules, View(k, 1)) is not None


NORTH_WAIT = "123p456p789s234s4z"
"""Riichi, waiting on North alone."""


def _nuki_ron(rules: EngineRules) -> Any:
    """OFFERS: a ron, in riichi, on a North another seat sets aside as nuki."""
    k = kyoku(rules, _seat_hands(rules, NORTH_WAIT))
    k.seats[1].riichi = True
    return legal.allow_ron(rules, View(k, 1), 0, 30 * 4 + 3, nuki=True) is not None


NOTEN = "1357m2468p1357s1z"


class Passer:
    """A seat that lets every win pass (bots never do)."""

    def turn(self, view: View, options: list[Any]) -> Any:
        return next(o for o in options if isinstance(o, Dahai))

    def call(self, view: View, options: list[Any]) -> None:
        return None


def _draw_chombo(rules: EngineRules) -> Any:
    """SETTLEMENT: the exhaustive draw the table settles after seat 1, in riichi, let a winning 2s pass
    (bots never pass a win, so the pass is made here); then after seat 1 declared riichi noten."""
    k = kyoku(rules, _seat_hands(rules, TENPAI))
    k.seats[1].riichi = True
    k.apply(Dahai(0, 19 * 4 + 3))
    Game(rules, [Passer()] * rules.players)._ask_rons(k, 0, 19 * 4 + 3)
    missed = settle_exhaustive(rules.ruleset, Game._draw_situation(k))
    k = kyoku(rules, _seat_hands(rules, NOTEN))
    k.seats[1].riichi = True
    noten = settle_exhaustive(rules.ruleset, Game._draw_situation(k))
    return missed, noten


def _replacement(rules: EngineRules) -> Any:
    """PROCEDURE: the live tiles a replacement draw takes (one where the dead wall is kept at its size)."""
    k = kyoku(rules, _seat_hands(rules, TENPAI))
    live = k.live_left
    k.apply(Tsumo(1, 31 * 4, True))
    return live - k.live_left


def _bust(rules: EngineRules) -> Any:
    """PROCEDURE: how the game goes on after a drawn hand leaves seat 1 at zero, then below zero, in
    the first hand; then at zero after the last hand of a hanchan."""
    n = rules.players
    out = []
    for score, last in ((0, False), (-100, False), (0, True)):
        game = Game(rules, [EfficiencySeat(rules) for _ in range(n)])
        game.scores = [50000 - score, score, *[25000] * (n - 2)]
        if last:
            game.bakaze, game.dealer = 1, n - 1
        game._advance(Ryukyoku("exhaustive", (0,) * n, (False,) * n))
        out.append(game.end.reason if game.end is not None else None)
    return tuple(out)


PROBES: tuple[Callable[[EngineRules], Any], ...] = (
    _waits,
    _round_wind,
    _furiten,
    _riichi,
    _wins,
    _nuki_ron,
    _draw_chombo,
    _bust,
    _replacement,
)


def _probes(ruleset: Ruleset) -> tuple[Any, ...]:
    rules = EngineRules(ruleset)
    out = []
    for probe in PROBES:
        try:
            out.append(probe(rules))
        except (ValueError, KeyError, IndexError) as error:  # a hand the variant's tiles cannot hold
            out.append(type(error).__name__)
    return tuple(out)


def _hand(ruleset: Ruleset, seed: int) -> tuple[list[Event], Any]:
    """One seeded hand of four efficiency bots (the game cut off after it), its events and its end."""
    rules = EngineRules(ruleset)
    events: list[Event] = []
    seats = [EfficiencySeat(rules) for _ in range(rules.players)]
    end = play_game(
        rules,
        seats,
        lambda game: SeededWall(rules, seed, game.round_index, game.honba, game.oya),
        seed=seed,
        listener=events.append,
        max_hands=1,
    )
    return events, end


def _engine_shows(before: Ruleset, after: Ruleset) -> bool:
    if _engine_refusal(before) != _engine_refusal(after):
        return True
    if _engine_refusal(before):
        return False
    if _probes(before) != _probes(after):
        return True
    return any(_hand(before, seed) != _hand(after, seed) for seed in SEEDS)


A_LATER_HAND = "a procedure one dealt hand does not reach (a later hand, a rare deal, an abortive draw)"
A_SETTLEMENT = "a settlement none of the seeded hands ends in"
THE_GAME_END = "a final standing a game cut off after one hand does not show"
AN_OFFER = "an offer the seeded hands never meet (a kan, a nuki, a call on the last discard)"
A_KAN = "no kan in the seeded hands, so no indicator after one"
A_MARKED_WIN = "the marked copy reaches no winning hand in the seeded hands"
PLACED_INDICATORS = "needs players who place the indicators from their hands (dora.chosen_indicators)"

ENGINE_NOT_SHOWN: dict[str, str] = {
    "tiles.gold:5z": A_MARKED_WIN,
    "tiles.blue:5z": A_MARKED_WIN,
    "tiles.rainbow:5z": A_MARKED_WIN,
    "game.length:east": A_LATER_HAND,
    "game.length:four_hands": A_LATER_HAND,
    "game.ties:last_winner": THE_GAME_END,
    "game.ties:lot": THE_GAME_END,
    "game.uma_one_below:30 10 -10 -30": THE_GAME_END,
    "game.uma_two_below:30 10 -10 -30": THE_GAME_END,
    "game.extension:none": A_LATER_HAND,
    "game.extension:south": A_LATER_HAND,
    "game.target_points:30001": A_LATER_HAND,
    "game.agari_yame:off": A_LATER_HAND,
    "game.tenpai_yame:off": A_LATER_HAND,
    "game.renchan:win": A_LATER_HAND,
    "game.renchan:last_winner": A_LATER_HAND,
    "game.renchan:none": A_LATER_HAND,
    "game.tobi_prize:1": THE_GAME_END,
    "game.seating:wind_tiles": A_LATER_HAND,
    "game.dice_break:sanma": A_LATER_HAND,
    "game.dice_break:own_wall": A_LATER_HAND,
    "game.indicator_stack:4": A_LATER_HAND,
    "game.leftover_sticks:owners": THE_GAME_END,
    "game.leftover_sticks:lost": THE_GAME_END,
    "draws.kyuushu_kyuuhai:off": AN_OFFER,
    "draws.suufon_renda:off": A_LATER_HAND,
    "draws.suukan_sanra:off": A_LATER_HAND,
    "draws.suucha_riichi:off": A_LATER_HAND,
    "draws.sancha_hou:off": A_LATER_HAND,
    "draws.noten_payment:3001": A_SETTLEMENT,
    "draws.noten_style:per_tenpai_player": A_SETTLEMENT,
    "draws.nagashi_mangan:off": A_SETTLEMENT,
    "win.multiple_ron:head_bump": A_SETTLEMENT,
    "win.multiple_ron:triple": A_SETTLEMENT,
    "win.ankan_robbing:never": AN_OFFER,
    "win.pao:daisangen": A_SETTLEMENT,
    "calls.kan:off": A_KAN,
    "calls.kuikae:allow": AN_OFFER,
    "calls.last_discard:on": AN_OFFER,
    "calls.nuki_callable:off": AN_OFFER,
    "riichi.ankan:forbid": AN_OFFER,
    "riichi.furiten_riichi:chombo": A_SETTLEMENT,
    "riichi.false_declaration:4001": A_SETTLEMENT,
    "riichi.furiten_indicators:off": PLACED_INDICATORS,
    "dora.kan_dora:off": A_KAN,
    "dora.kan_dora_timing:immediate": A_LATER_HAND,
    "dora.max_indicators:2": A_KAN,
    "dora.kan_ura:off": A_KAN,
    "dora.nuki_discard:off": AN_OFFER,
    "dora.nuki_breaks_ippatsu:off": AN_OFFER,
    "dora.nuki_at_haitei:on": AN_OFFER,
    "payment.nagashi_value:20001": A_SETTLEMENT,
    "penalties.chombo:1": A_SETTLEMENT,
    "penalties.agari_houki:on": A_SETTLEMENT,
    "penalties.bappu:1": A_SETTLEMENT,
}
"""Partial: the engine cases (`Case.id`) that neither a built hand (`PROBES`) nor a seeded hand shows yet,
with why. Each needs a stacked wall of its own; they are skipped, by name, until it is built. A new
setting cannot join this list unnoticed: the list names cases, and `test_the_unshown_cases_are_cases`
keeps it to real ones."""


def _sides(case: Case) -> tuple[Ruleset, Ruleset]:
    return _variant(case.parent, case.base), _variant(case.parent, case.base, case.statement)


@pytest.mark.parametrize(
    ("case", "consumer"), _consumer_cases(), ids=lambda x: x.id if isinstance(x, Case) else x.value
)
def test_flipping_a_setting_changes_every_consumer_it_reaches(case: Case, consumer: Consumer) -> None:
    try:
        before, after = _sides(case)
    except DiagnosticError as error:
        pytest.fail(f"{case.id}: the flip is not a valid variant: {error}")
    if consumer is Consumer.DIFF:
        assert case.setting.path in {e.path for e in diff(before, after)}
    elif consumer is Consumer.SHEET:
        assert case.setting.applies_under(before) or case.setting.applies_under(after), (
            f"{case.id}: give a situation where the setting applies"
        )
        assert _sheet(before) != _sheet(after)
    elif consumer is Consumer.SCORE:
        assert case.score is not None, f"{case.id}: no win shows it (add a row to test_settings_take_effect)"
        assert _agrees(_outcome(before, case.score), case.score.before)
        assert _agrees(_outcome(after, case.score), case.score.after)
    elif case.id in ENGINE_NOT_SHOWN:
        pytest.skip(f"partial: no situation shows it yet ({ENGINE_NOT_SHOWN[case.id]})")
    else:
        assert _engine_shows(before, after), f"{case.id}: no built or seeded hand shows it"


def test_every_setting_has_cases() -> None:
    assert {case.setting.path for case in CASES} == {s.path for s in SETTINGS}
    for setting in SETTINGS:
        if setting.kind is Kind.CHOICE:
            words = {c.id.split(":")[1] for c in CASES if c.setting is setting}
            assert len(words) >= len(setting.choices) - 1, f"{setting.path}: a case for every other word"


def test_the_unshown_cases_are_cases() -> None:
    engine = {case.id for case, consumer in _consumer_cases() if consumer is Consumer.ENGINE}
    assert set(ENGINE_NOT_SHOWN) <= engine


def test_an_unaffected_consumer_is_one_the_setting_reaches() -> None:
    for setting in SETTINGS:
        assert set(setting.unaffected) <= set(setting.consumers), setting.path
