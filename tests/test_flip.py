"""The flip test (issue 18), generated from the catalog: for every setting, every value of a choice (one
other value of the rest) and every consumer the setting's questions reach (`Setting.consumers`), a case
flips the setting on a situation built to show it, and the consumer's answer changes, or the catalog
declares that consumer unaffected (`Setting.unaffected`). A setting added without this fails here.

Consumers and their answers:
- sheet: the rule sheet's model without its difference table (the sentences, the tables);
- diff: the setting's entry in `diff`;
- score: a win of `test_settings_take_effect` (its rows are the score situations, one per value);
- engine: for a case of `SHOWN`, the specific event, settlement or standing its situation answers (one hand
  on a stacked wall, from a chosen state of the game: `flip_situations`); else refusal (`unsupported`), the
  question probes of `PROBES` on built hands (waits, ron and riichi offers, the round wind given to the
  scorer), then one seeded hand with efficiency bots per seed of `SEEDS`, until one differs.

An engine case no situation shows yet would be listed by name in `ENGINE_NOT_SHOWN`, with why, and skipped
(none is); one the engine cannot change is declared by the catalog (`Setting.unaffected`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any
from unittest.mock import patch

import pytest
from flip_situations import (
    NO_FLOWERS,
    ONE_TENPAI,
    TIED,
    Shown,
    all_last,
    broken_wall,
    bust_prize,
    busts,
    dealer_tenpai_all_last,
    dealer_wins_all_last,
    dice_pair,
    east_four_with_a_top,
    false_declaration,
    final_points,
    fixed_seat_wind,
    forced_nuki,
    four_easts,
    four_riichi,
    furiten_riichi,
    furiten_tsumo,
    ippatsu_past_nuki,
    kans,
    last_discard_pon,
    leftover_stick,
    liable_kans,
    liable_win,
    marked_win,
    nagashi,
    nagashi_sanma,
    next_dealers,
    nine_kinds,
    north_offers,
    nuki_at_the_end,
    nuki_replacement_win,
    nuki_rons,
    one_tenpai,
    open_kan_indicator,
    placed_furiten,
    riichi_kan,
    riichi_kan_reading,
    robbed_kan,
    sticks_to_the_paid_win,
    swap_call,
    three_rons,
    ura_after_kan,
)
from stacking import stacked
from test_engine import FILLER, Eager, kyoku
from test_settings_take_effect import FLIPS, MORE_VALUES, Flip, _agrees, _outcome

from variantlang import DiagnosticError, loads
from variantlang.bots.efficiency import EfficiencySeat
from variantlang.catalog import SETTINGS, Consumer, Kind, Setting
from variantlang.engine import legal
from variantlang.engine.events import Chi, Dahai, Daiminkan, Dora, Event, Hora, Reach, Ryukyoku, Tsumo
from variantlang.engine.rules import EngineRules, unsupported
from variantlang.engine.state import View
from variantlang.engine.table import Game, play_game
from variantlang.engine.tenpai import draw_tenpai
from variantlang.engine.wall import SeededWall
from variantlang.lang import resolve
from variantlang.model.ruleset import Ruleset
from variantlang.reports.diff import diff
from variantlang.reports.sheets import model as sheet
from variantlang.rules.limits import uses_fu
from variantlang.rules.settlement import settle_exhaustive
from variantlang.rules.standing import Tally, final_standing

PARENTS = ("standard", "standard-sanma", "dora-mahjong", "naki-riichi", "igishokai-sanma")
"""Where a setting's situation starts when no score row names one: the first shipped variant under which
the setting applies (`Setting.applies`)."""

VALUES: dict[str, tuple[str, ...]] = {
    "about.source": ('"a book"',),
    "about.credit": ('"a club"',),
    "about.version": ('"2"',),
    "about.notes": ('"a note"',),
    "about.always_dora": ('"5ドラ"',),
    "game.uma": ("30 10 -10 -30",),
    "game.uma_one_below": ("30 10 -10 -30",),
    "game.uma_two_below": ("30 10 -10 -30",),
    "game.uma_three_below": ("30 10 -10 -30",),
    "win.pao": ("daisangen", "suukantsu"),
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


ENABLED_BY = {
    "penalties.chombo": "penalties { chombo_style each }",
    "about.always_dora": "dora { always 5m 5p 5s }",  # a name for tiles the variant has
}
"""Settings whose situation starts from `standard` with the statement that makes them apply there (a chombo
amount for each player applies only where the chombo is not standard's mangan)."""


def _parent_for(setting: Setting) -> str:
    if setting.path in ENABLED_BY:
        return "standard"
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
        base = own[0][1].base if own else ENABLED_BY.get(setting.path, "")
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
        sheet._quick_reference(ruleset, "en") if ruleset.about.stick else None,
        sheet._glossary(ruleset, "en"),
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


def _flower_waits(rules: EngineRules) -> Any:
    """SHAPES: the waits of 南南 and 55s beside three runs, which a flower completes as a fifth 南."""
    return kyoku(rules, _seat_hands(rules, "123m456p789s22z55s")).seats[1].waits


def _round_wind(rules: EngineRules) -> Any:
    """ROUND_WIND: the round wind the engine gives the scorer in the East round."""
    k = kyoku(rules, _seat_hands(rules, TENPAI))
    return legal.win_input(rules, View(k, 1), 22 * 4, tsumo=False, discarder=0).round_wind


def _furiten(rules: EngineRules) -> Any:
    """FURITEN: a ron on 5s after discarding 2s oneself; then after letting 2s go by in riichi (the
    discards it may make, and a ron on 5s once it has discarded again)."""
    k = kyoku(rules, _seat_hands(rules, TENPAI))
    k.seats[1].river_kinds[19] = 1
    own = legal.allow_ron(rules, View(k, 1), 0, 22 * 4 + 3) is not None
    k = kyoku(rules, _seat_hands(rules, TENPAI))
    k.seats[1].riichi = True
    k.apply(Dahai(0, 19 * 4 + 3))
    k.apply(Tsumo(1, 31 * 4))
    discards = len(legal.allow_discards(rules, View(k, 1)))
    k.apply(Dahai(1, 31 * 4))
    passed = legal.allow_ron(rules, View(k, 1), 2, 22 * 4 + 2) is not None
    return own, discards, passed


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


WHITE = 31 * 4
"""The first copy of the White: the marked one where the set marks a White (marked copies come first)."""


def _marked(rules: EngineRules) -> Any:
    """TILES, SHAPES: seat 1 in riichi draws the first White on the ippatsu turn, and whether it wins (a
    joker, `tiles.pocchi_wild`); then the discards of a hand holding it and a plain White (a marked copy is
    a discard of its own)."""
    k = kyoku(rules, _seat_hands(rules, TENPAI))
    k.seats[1].riichi = k.seats[1].ippatsu = True
    k.apply(Tsumo(1, WHITE))
    joker = legal.allow_tsumo(rules, View(k, 1)) is not None
    k = kyoku(rules, _seat_hands(rules, "234m456p678s55p3s5z"))
    k.apply(Tsumo(1, WHITE))
    k.apply(Dahai(1, 20 * 4 + 3))  # 3s
    k.apply(Tsumo(1, 26 * 4 + 3))  # 9s
    return joker, len(legal.allow_discards(rules, View(k, 1)))


def _called(rules: EngineRules) -> Any:
    """OFFERS, WIN_VALUE (atozuke): seat 1 chis 8s for 678s and waits on 1s and 4s with 23s, tanyao only
    on 4s: whether a ron on 4s is offered. SETTLEMENT (formal tenpai): whether the same with 123m, no yaku
    on either wait, is tenpai when the wall runs out."""
    out = []
    for hand in ("234m567p88s23s67s9p", "123m567p88s23s67s9p"):
        k = kyoku(rules, ["8s9s19m19p1234567z", hand, *[FILLER] * (rules.players - 2)])
        k.apply(Dahai(0, 25 * 4 + 3))
        k.apply(Chi(1, 0, 25 * 4 + 3, (23 * 4 + 3, 24 * 4 + 3)))
        k.apply(Dahai(1, 17 * 4 + 3))
        out.append((legal.allow_ron(rules, View(k, 1), 0, 21 * 4 + 3) is not None, draw_tenpai(rules, View(k, 1))))
    return out


def _declarations(rules: EngineRules) -> Any:
    """RIICHI_WIN (open riichi): the riichi declarations a tenpai seat is offered on its draw."""
    k = kyoku(rules, _seat_hands(rules, TENPAI))
    k.apply(Tsumo(1, 33 * 4))
    return tuple(o for o in legal.turn_options(rules, View(k, 1)) if isinstance(o, Reach))


def _kan_indicators(rules: EngineRules) -> Any:
    """PROCEDURE (kan dora timing): seat 1 kans the dealer's 9p, draws 5s as its replacement and lets it go;
    seat 2 rons on it. When the indicator shows (the events from the kan on), and how many the ron counts.
    Four players with every tile (the wall is stacked for them)."""
    if rules.players != 4 or 0 in rules.copies[:34]:
        return None
    hands = ["1m4m7m1p4p7p1s4s7s1z2z3z4z", "9p9p9p1m4m7m1p4p1s4s7s1z2z", TENPAI, "2m5m8m2p5p8p3s6s9s1z2z3z4z"]
    events: list[Event] = []
    game = Game(rules, [Eager() for _ in range(4)], listener=events.append)
    game.play_kyoku(stacked(hands, "9p5s"))
    kan = next(i for i, e in enumerate(events) if isinstance(e, Daiminkan))
    shown = [type(e).__name__ for e in events[kan:] if isinstance(e, Dora | Tsumo | Dahai | Hora)]
    return shown, [len(e.dora_markers) for e in events if isinstance(e, Hora)]


def _double_ron(rules: EngineRules) -> Any:
    """SETTLEMENT (sticks on a double ron): seats 1 and 3 ron the dealer's 2p with 2 honba and a stick on
    the table: what each is paid. Four players with every tile (the wall is stacked for them)."""
    if rules.players != 4 or 0 in rules.copies[:34]:
        return None
    hands = [FILLER, "234m567m345s66s34p", "19m19p19s1234567z", "456m678p456s88s34p"]
    events: list[Event] = []
    game = Game(rules, [Eager() for _ in range(4)], listener=events.append)
    game.honba, game.kyotaku = 2, 1
    game.play_kyoku(stacked(hands, "2p"))
    return [e.deltas for e in events if isinstance(e, Hora)]


def _standing(rules: EngineRules) -> Any:
    """STANDING: the final standing of scores with odd hundreds and a stick left over, seat 3 busted into
    seat 0's win; then of a tie for first place, seat 1 the later winner, with one seat below the return
    points."""
    n = rules.players
    odd = final_standing(rules.ruleset, [45300, 35500, 7500, -1700][:n], 1, busted=[(n - 1, 0)])
    tied = final_standing(rules.ruleset, [35000, 35000, 30000, 0][:n], 0, Tally(n, last_won=[0, 1, -1, -1][:n]), lot=1)
    return odd, tied


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
    game = Game(rules, [Passer()] * rules.players)
    game._ask_rons(k, 0, 19 * 4 + 3)
    missed = settle_exhaustive(rules.ruleset, game._hand_end(k))
    k = kyoku(rules, _seat_hands(rules, NOTEN))
    k.seats[1].riichi = True
    game.hand_end = None  # another hand: the table judges its end afresh
    noten = settle_exhaustive(rules.ruleset, game._hand_end(k))
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
    _double_ron,
    _kan_indicators,
    _declarations,
    _waits,
    _flower_waits,
    _round_wind,
    _furiten,
    _riichi,
    _wins,
    _marked,
    _called,
    _standing,
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


SHOWN: dict[str, Shown] = {
    # the marked copy (copy 0 of haku) counts only where the variant values it
    "tiles.gold:5z": Shown(marked_win, (), (("gold", 1),), "dora { gold_value 1 }"),
    "tiles.blue:5z": Shown(marked_win, (), (("blue", 1),), "dora { blue_value 1 }"),
    "tiles.rainbow:5z": Shown(marked_win, (), (("rainbow", 1),), "dora { rainbow_value 1 }"),
    # the game's length and end: (over, why)
    "game.length:east": Shown(east_four_with_a_top, (False, ""), (True, "complete")),
    "game.length:four_hands": Shown(east_four_with_a_top, (False, ""), (True, "complete")),
    "game.extension:none": Shown(all_last((25000,) * 4), (False, ""), (True, "complete")),
    "game.extension:south": Shown(all_last((25000,) * 4), (False, ""), (True, "complete")),
    "game.target_points:30001": Shown(all_last((30000, 24000, 23000, 23000)), (True, "complete"), (False, "")),
    "game.agari_yame:off": Shown(dealer_wins_all_last, (True, "complete"), (False, "")),
    "game.tenpai_yame:off": Shown(dealer_tenpai_all_last, (True, "complete"), (False, "")),
    # the next dealer after a draw with the dealer tenpai, and after seat 2 rons the dealer
    "game.renchan:win": Shown(next_dealers, (0, 1), (1, 1)),
    "game.renchan:none": Shown(next_dealers, (0, 1), (1, 1)),
    "game.renchan:last_winner": Shown(next_dealers, (0, 1), (0, 2)),
    "game.tobi:at_zero": Shown(busts, ((False, ""), (True, "tobi")), ((True, "tobi"), (True, "tobi"))),
    "game.tobi:off": Shown(busts, ((False, ""), (True, "tobi")), ((False, ""), (False, ""))),
    "game.tobi_prize:1": Shown(bust_prize, (-2900, 36900, 33000, 33000), (-2901, 36901, 33000, 33000)),
    # the seat wind a seat's own wind tile gives it all game (鳴き立直's deal)
    "game.seating:wind_tiles": Shown(
        fixed_seat_wind, ("bakaze",), ("bakaze", "jikaze"), "game { deal seat_wind_plus_12_pass_3 }"
    ),
    # whose wall the dice break (wareme doubles its payments): a throw of 6 from the dealer
    "game.dice_break:sanma": Shown(
        broken_wall, (1, (-7800, 7800, 0, 0)), (3, (-3900, 3900, 0, 0)), "game { wareme on }"
    ),
    "game.dice_break:own_wall": Shown(
        broken_wall, (1, (-7800, 7800, 0, 0)), (0, (-7800, 7800, 0, 0)), "game { wareme on }"
    ),
    # the riichi stick left on the table at the end (seat 0 on top, seat 1's stick)
    "game.leftover_sticks:owners": Shown(leftover_stick, (35000, 27000, 19000, 19000), (34000, 28000, 19000, 19000)),
    "game.leftover_sticks:lost": Shown(leftover_stick, (35000, 27000, 19000, 19000), (34000, 27000, 19000, 19000)),
    # the final points: seats 0 and 1 tie for first (seat 1 won an earlier hand; the lot of game seed 1)
    "game.ties:last_winner": Shown(
        final_points(TIED, 1), ("42", "12", "-20.1", "-33.9"), ("12", "42", "-20.1", "-33.9")
    ),
    "game.ties:lot": Shown(final_points(TIED), ("42", "12", "-20.1", "-33.9"), ("12", "42", "-20.1", "-33.9")),
    "game.uma_one_below:30 10 -10 -30": Shown(
        final_points((35000, 33000, 30000, 22000)), ("45", "-7", "13.9", "-31.9"), ("55", "-7", "13.9", "-41.9")
    ),
    "game.uma_two_below:30 10 -10 -30": Shown(
        final_points((40000, 30000, 15000, 15000)), ("50", "10", "-21.1", "-38.9"), ("60", "10", "-21.1", "-48.9")
    ),
    # abortive draws
    "draws.kyuushu_kyuuhai:off": Shown(nine_kinds, "kyuushu_kyuuhai", "exhaustive"),
    "draws.suufon_renda:off": Shown(four_easts, "suufon_renda", "exhaustive"),
    "draws.suucha_riichi:off": Shown(four_riichi, "suucha_riichi", "exhaustive"),
    "draws.suukan_sanra:off": Shown(kans, (4, 4, "suukan_sanra"), (4, 4, "exhaustive")),
    "draws.sancha_hou:off": Shown(three_rons, ((), "sancha_hou"), ((1, 2), None)),
    # what an exhaustive draw pays: seat 0 alone tenpai; seat 0 discarding only terminals and honours
    "draws.noten_payment:3001": Shown(one_tenpai, ONE_TENPAI, ("exhaustive", (3001, -1001, -1000, -1000))),
    "draws.noten_style:per_tenpai_player": Shown(one_tenpai, ONE_TENPAI, ("exhaustive", (9000, -3000, -3000, -3000))),
    "draws.nagashi_mangan:off": Shown(nagashi, ("exhaustive", (12000, -4000, -4000, -4000)), ("exhaustive", (0,) * 4)),
    "payment.nagashi_value:20001": Shown(
        nagashi_sanma, ("exhaustive", (40000, -20000, -20000)), ("exhaustive", (40002, -20001, -20001))
    ),
    # wins
    "win.multiple_ron:head_bump": Shown(three_rons, ((1, 2), None), ((1,), None), "draws { sancha_hou off }"),
    "win.multiple_ron:triple": Shown(three_rons, ((1, 2), None), ((1, 2, 3), None), "draws { sancha_hou off }"),
    "win.ankan_robbing:never": Shown(robbed_kan, [(1, 1)], []),
    "win.pao:daisangen": Shown(liable_win, (0, (-16000, 32000, -16000, 0)), (None, (0, 32000, -32000, 0))),
    "win.pao:suukantsu": Shown(liable_kans, (None, (0, 32000, 0, -32000)), (2, (0, 32000, -16000, -16000))),
    # calls and kans
    "calls.kan:off": Shown(kans, (4, 4, "suukan_sanra"), (0, 0, "exhaustive")),
    "calls.kuikae:allow": Shown(swap_call, 29, 3),
    "calls.last_discard:on": Shown(last_discard_pon, (0, "exhaustive"), (1, "exhaustive")),
    "calls.nuki_callable:off": Shown(north_offers, (True, 1), (True, 0)),
    "riichi.ankan:forbid": Shown(riichi_kan, [(1, 31)], []),
    "riichi.ankan:strict": Shown(riichi_kan_reading, [(1, 4)], []),
    # settlement of riichi
    # standard's chombo is a mangan (満貫払い): seat 1, a non-dealer, pays the dealer 4000 and each other 2000
    "riichi.furiten_riichi:chombo": Shown(
        furiten_riichi, ("exhaustive", (-1000, 3000, -1000, -1000)), ("chombo", (4000, -8000, 2000, 2000))
    ),
    "penalties.chombo_style:each": Shown(
        furiten_riichi,
        ("chombo", (4000, -8000, 2000, 2000)),
        ("chombo", (0, 0, 0, 0)),
        "riichi { furiten_riichi chombo }",
    ),
    "penalties.chombo:1": Shown(
        furiten_riichi,
        ("chombo", (0, 0, 0, 0)),
        ("chombo", (1, -3, 1, 1)),
        "riichi { furiten_riichi chombo }",
    ),
    "game.after_win:play_on_best_paid": Shown(
        sticks_to_the_paid_win, ((-11900, 5200, 7700, 0), 0), ((-8000, 0, 9000, 0), 0)
    ),
    "riichi.false_declaration:4001": Shown(
        false_declaration, (0, -4000, 4800, -800), (0, -4001, 4801, -800), NO_FLOWERS
    ),
    "riichi.furiten_indicators:off": Shown(placed_furiten, [(0, 1, 13)], [(0, 1, 10)], NO_FLOWERS),
    "riichi.furiten_tsumo:on": Shown(furiten_tsumo, [(1, 1, 10)], [(1, 1, 13)]),
    # indicators
    "dora.kan_dora:off": Shown(kans, (4, 4, "suukan_sanra"), (4, 0, "suukan_sanra")),
    "dora.kan_dora_timing:immediate": Shown(open_kan_indicator, ("Tsumo", "Dora"), ("Dora", "Tsumo")),
    "dora.max_indicators:2": Shown(kans, (4, 4, "suukan_sanra"), (4, 1, "suukan_sanra")),
    "dora.kan_ura:off": Shown(ura_after_kan, (2, 2), (2, 1)),
    "dora.double_on_dice_pair:on": Shown(dice_pair, (1, (-3900, 3900, 0, 0)), (2, (-7700, 7700, 0, 0))),
    # nuki
    "dora.nuki_discard:off": Shown(north_offers, (True, 1), (False, 0)),
    "dora.nuki_ron:yakuman_only": Shown(nuki_rons, (1, 2), (2,)),
    "dora.nuki_ron:never": Shown(nuki_rons, (1, 2), ()),
    "dora.nuki_breaks_ippatsu:off": Shown(ippatsu_past_nuki, False, True),
    "dora.nuki_at_haitei:on": Shown(nuki_at_the_end, (3, "exhaustive"), (4, "exhaustive")),
    "dora.nuki_rinshan:off": Shown(nuki_replacement_win, True, False),
    "dora.nuki_mode:forced": Shown(forced_nuki, ("Dahai",), ("Nukidora", "Nukidora", "Dahai")),
}
"""The engine cases shown on a situation built for them (`flip_situations`): the case's two sides answer
`before` and `after`, on top of the statements the situation needs (`Shown.base`)."""

ENGINE_NOT_SHOWN: dict[str, str] = {}
"""Engine cases no situation shows yet, by name, with why, skipped: none. A case the engine truly cannot
change is not one: the catalog says so (`Setting.unaffected`: the indicator's stack, penalties for
offences). `test_the_unshown_cases_are_cases` keeps the list to real cases, and
`test_every_engine_case_is_shown_or_said_why` keeps it apart from `SHOWN`."""


def _sides(case: Case, base: str = "") -> tuple[Ruleset, Ruleset]:
    both = f"{case.base}\n  {base}" if base else case.base
    return _variant(case.parent, both), _variant(case.parent, both, case.statement)


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
    elif case.id in SHOWN:
        shown = SHOWN[case.id]
        before, after = _sides(case, shown.base)
        assert (shown.play(before), shown.play(after)) == (shown.before, shown.after), case.id
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


def test_every_engine_case_is_shown_or_said_why() -> None:
    engine = {case.id for case, consumer in _consumer_cases() if consumer is Consumer.ENGINE}
    assert set(SHOWN) <= engine
    assert not set(SHOWN) & set(ENGINE_NOT_SHOWN)


def test_an_unaffected_consumer_is_one_the_setting_reaches() -> None:
    for setting in SETTINGS:
        assert set(setting.unaffected) <= set(setting.consumers), setting.path
