"""The bots: games under every variant the engine plays keep the engine's invariants, discards match the
efficiency ranking on hand-made and random positions, dora and marks weigh in, calls follow the
Ruleset's yaku, the defensive bot folds to genbutsu, play is deterministic, and skill shows."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from stacking import _id
from test_engine import PLAYABLE, play_checked

from variantlang import Ruleset, loads
from variantlang.bots import BOTS, UnknownBot, make
from variantlang.bots.balanced import BalancedSeat
from variantlang.bots.defensive import CAREFUL
from variantlang.bots.efficiency import Context, EfficiencySeat
from variantlang.bots.shape import Shape
from variantlang.engine import legal
from variantlang.engine.events import (
    CallAction,
    Chi,
    Dahai,
    EndGame,
    Event,
    Hora,
    Nukidora,
    Pon,
    Reach,
    Ryukyoku,
    StartKyoku,
    Tsumo,
    TurnAction,
)
from variantlang.engine.rules import EngineRules
from variantlang.engine.state import Kyoku, View
from variantlang.engine.table import Seat, play_game
from variantlang.engine.wall import SeededWall
from variantlang.hand.efficiency import analyze
from variantlang.hand.shanten import tables_for
from variantlang.hand.tiles import Tile, kind_name, parse_tiles

NO_DORA = 31 * 4
"""An indicator (5z) whose dora (6z) none of the positions below holds."""


@pytest.fixture(scope="module")
def rules(shipped: Callable[[str], Ruleset]) -> EngineRules:
    return EngineRules(shipped("standard"))


def play(rules: EngineRules, seats: list[Seat], seed: int, listener: Callable[[Event], None] | None = None) -> EndGame:
    return play_game(
        rules, seats, lambda g: SeededWall(rules, seed, g.round_index, g.honba), seed=seed, listener=listener
    )


@pytest.mark.parametrize("bot", ["efficiency", "defensive", "balanced"])
@pytest.mark.parametrize("name", PLAYABLE)
def test_games_keep_the_invariants(name: str, bot: str, shipped: Callable[[str], Ruleset]) -> None:
    rules = EngineRules(shipped(name))
    seed = 7
    seats = [make(bot, rules, seed + i) for i in range(rules.players)]
    end, check = play_checked(rules, seats, seed)
    assert end.reason in ("complete", "tobi")
    assert check.wins > 0


def position(rules: EngineRules, mine: str, draw: str, marker: int = NO_DORA, left: int = 70) -> Kyoku:
    """Seat 0 (the dealer, East round) holds `mine` and has drawn `draw`, with `left` tiles in the live wall
    before the draw; nothing else is on the table."""
    used: dict[int, int] = {}
    hands = [tuple(_id(t, used) for t in parse_tiles(mine)), (), (), ()]
    start = StartKyoku(0, 0, 0, 0, 0, marker, tuple(hands), (25000,) * 4)
    k = Kyoku(rules, start, left)
    k.apply(Tsumo(0, _id(parse_tiles(draw)[0], used)))
    return k


def against_riichi(rules: EngineRules, mine: str, theirs: str, draw: str, left: int) -> Kyoku:
    """Seat 1 (holding `theirs`) throws its first tile, draws South and declares riichi throwing it; then seat 0
    (the dealer, holding `mine`) draws `draw`, with `left` tiles in the live wall at the start."""
    used: dict[int, int] = {}
    hands = (tuple(_id(t, used) for t in parse_tiles(mine)), tuple(_id(t, used) for t in parse_tiles(theirs)), (), ())
    south, south_again, drawn = (_id(t, used) for t in parse_tiles("2z2z" + draw))
    k = Kyoku(rules, StartKyoku(0, 0, 0, 0, 0, NO_DORA, hands, (25000,) * 4), left)
    for event in (Tsumo(1, south), Dahai(1, hands[1][0]), Tsumo(1, south_again), Reach(1), Dahai(1, south_again)):
        k.apply(event)
    k.apply(Tsumo(0, drawn))
    return k


def discard(bot: Seat, k: Kyoku, rules: EngineRules, seat: int = 0) -> str:
    view = View(k, seat)
    options: list[TurnAction] = [o for o in legal.turn_options(rules, view) if isinstance(o, Dahai)]
    chosen = bot.turn(view, options)
    assert isinstance(chosen, Dahai)
    return kind_name(chosen.pai >> 2)


def test_discards_match_the_efficiency_ranking_on_a_known_position(rules: EngineRules) -> None:
    # 112345m 3468p 5789s: one from tenpai. Throwing 2m, 5m or 5s leaves 12 improving tiles (3p: two away).
    ranking = analyze(parse_tiles("112345m3468p5789s")).discards
    best = {kind_name(d.tile) for d in ranking if (d.shanten, d.ukeire.count) == (1, 12)}
    assert best == {"2m", "5m", "5s"}
    assert discard(EfficiencySeat(rules), position(rules, "12345m3468p5789s", "1m"), rules) in best


def test_discards_reach_the_best_shanten_and_ukeire_on_random_hands(rules: EngineRules) -> None:
    generator = random.Random(11)
    bot = EfficiencySeat(rules)
    for _ in range(40):
        tiles = generator.sample([k * 4 + c for k in range(27) for c in (1, 2, 3)], 14)
        text = "".join(kind_name(t >> 2) for t in tiles[:13])
        k = position(rules, text, kind_name(tiles[13] >> 2))
        ranking = analyze([Tile(t >> 2) for t in tiles]).discards
        best = (ranking[0].shanten, ranking[0].ukeire.count)
        chosen = discard(bot, k, rules)
        mine = next(d for d in ranking if kind_name(d.tile) == chosen)
        assert (mine.shanten, mine.ukeire.count) == best, f"{text}+{kind_name(tiles[13] >> 2)}: {chosen}"


def test_dora_and_red_fives_are_kept(rules: EngineRules) -> None:
    bot = EfficiencySeat(rules)
    # Tenpai on a single wait, keeping West or Green: equal waits; Green would be a yaku as a triplet.
    assert discard(bot, position(rules, "123m456m789m111z3z", "6z"), rules) == "3z"
    # With South as the indicator West is dora, and the bot keeps it.
    assert discard(bot, position(rules, "123m456m789m111z3z", "6z", marker=28 * 4), rules) == "6z"
    # The red 5p and a plain 5s wait alike; the red one is worth a han (standard `red_value`).
    assert discard(bot, position(rules, "123m456m789m111z0p", "5s"), rules) == "5s"


def test_riichi_without_a_yaku_and_silence_with_a_big_one(rules: EngineRules) -> None:
    bot = EfficiencySeat(rules)
    # 234m 567p 234s 88s 67s: a closed two-sided wait worth only pinfu and tanyao on a silent ron: riichi.
    k = position(rules, "234m567p23488s67s", "1z")
    view = View(k, 0)
    assert isinstance(bot.turn(view, legal.turn_options(rules, view)), Reach)
    # 111222333m 78m 55m: chinitsu and san ankou on a silent ron already: no riichi, East goes.
    k = position(rules, "111222333m78m55m", "1z")
    view = View(k, 0)
    chosen = bot.turn(view, legal.turn_options(rules, view))
    assert isinstance(chosen, Dahai) and chosen.pai >> 2 == 27


def test_nuki_is_taken_when_it_costs_nothing(shipped: Callable[[str], Ruleset]) -> None:
    sanma = EngineRules(shipped("standard-sanma"))
    used: dict[int, int] = {}
    mine = tuple(_id(t, used) for t in parse_tiles("19m123p456p789s11z"))
    north = _id(parse_tiles("4z")[0], used)
    k = Kyoku(sanma, StartKyoku(0, 0, 0, 0, 0, NO_DORA, (mine, (), ()), (35000,) * 3), 50)
    k.apply(Tsumo(0, north))
    view = View(k, 0)
    assert isinstance(EfficiencySeat(sanma).turn(view, legal.turn_options(sanma, view)), Nukidora)


def test_balanced_keeps_a_red_five_over_a_few_more_improving_tiles(rules: EngineRules) -> None:
    # 6778m9m 123p 56789s, the red 5p drawn: throwing it leaves the most improving tiles, 9s a few fewer.
    # `efficiency` counts tiles and throws the red five; `balanced` keeps it (`MARK_WEIGHT`): people's wins
    # hold a red five more often (44 % against the bots' 41), and they throw them less often, early above all.
    k = position(rules, "6m7m7m8m9m1p2p3p5s6s7s8s9s", "0p")
    assert discard(EfficiencySeat(rules), k, rules) == "5p"
    assert discard(BalancedSeat(rules), k, rules) == "9s"


def test_the_one_suit_lean_keeps_a_red_five_of_another_suit(rules: EngineRules) -> None:
    # 1222334m 55m 11z 6z 7z, all characters and honours, the red 5p drawn: the lean to one suit throws the
    # other suits first, but not a red five (the lean's hands threw most of the bots' early red fives).
    k = position(rules, "1m2m2m2m3m3m4m5m5m1z1z6z7z", "0p")
    assert discard(BalancedSeat(rules), k, rules) == "7z"


def call_choice(
    rules: EngineRules, mine: str, tile: str, bot: Seat | None = None, marker: int = NO_DORA, live: int = 70
) -> object:
    """What `bot` (default `efficiency`) in seat 1 does when seat 0 discards `tile`, `live` tiles left in the wall."""
    used: dict[int, int] = {}
    offered = _id(parse_tiles(tile)[0], used)
    hands = [(offered,), tuple(_id(t, used) for t in parse_tiles(mine)), (), ()]
    k = Kyoku(rules, StartKyoku(0, 0, 0, 0, 0, marker, tuple(hands), (25000,) * 4), live)
    k.apply(Dahai(0, offered))
    view = View(k, 1)
    return (bot or EfficiencySeat(rules)).call(view, legal.call_options(rules, view, 0, offered))


def test_calls_follow_the_rulesets_yaku(rules: EngineRules, shipped: Callable[[str], Ruleset]) -> None:
    # A pair of White (a yaku as a triplet): pon.
    assert isinstance(call_choice(rules, "55z234m678m34p19s4z", "5z"), Pon)
    # The same with West, no yaku for the South seat in the East round, and too many terminals for tanyao: no.
    assert call_choice(rules, "33z234m678m34p19s4z", "3z") is None
    # An all-simples hand: chi 4m for 345m under standard (open tanyao) …
    simples = "35m 678m 3467p 2345s".replace(" ", "")
    assert isinstance(call_choice(rules, simples, "4m"), Chi)
    # … and not under a variant without open tanyao, which the scorer says.
    no_kuitan = loads('variant "t" { extends standard\n calls { kuitan off } }')
    assert call_choice(EngineRules(no_kuitan), simples, "4m") is None


def test_defensive_folds_to_genbutsu_against_riichi_far_from_tenpai(rules: EngineRules) -> None:
    # Seat 1 discards 9s, then declares riichi on a drawn South; seat 0, three from tenpai, has 789s as its
    # one run and would throw an honour, but against the riichi only 9s is safe for sure (genbutsu).
    k = against_riichi(rules, "1379m2468p789s15z", "9s123p456p789p112z", "3z", 70)
    assert View(k, 0).riichi(1)
    assert View(k, 0).passed_since_riichi(1) == set()  # its own riichi tile is in its river
    north = _id(parse_tiles("4z")[0], {})
    k.apply(Tsumo(2, north))
    k.apply(Dahai(2, north))
    assert View(k, 0).passed_since_riichi(1) == {30}
    assert discard(make("defensive", rules, 0), k, rules) == "9s"
    assert discard(make("efficiency", rules, 0), k, rules) != "9s"


def test_same_seed_same_game(rules: EngineRules) -> None:
    runs = []
    for _ in range(2):
        events: list[Event] = []
        play(rules, [make("defensive", rules, i) for i in range(4)], 3, events.append)
        runs.append(events)
    assert runs[0] == runs[1]


def test_efficiency_beats_random_on_placement(rules: EngineRules) -> None:
    """24 games, the efficiency bot rotated through the seats against three random ones: random play
    would place it first a quarter of the time (at least 12 firsts then has a chance below 0.5 %)."""
    firsts = 0
    for seed in range(24):
        me = seed % 4
        seats = [make("efficiency" if i == me else "random", rules, seed * 4 + i) for i in range(4)]
        end = play(rules, seats, 1000 + seed)
        firsts += max(range(4), key=lambda i: (end.scores[i], -i)) == me
    assert firsts >= 12


def test_unknown_bot_is_refused_and_every_bot_is_described(rules: EngineRules) -> None:
    with pytest.raises(UnknownBot):
        make("nobody", rules, 0)
    assert {"random", "efficiency", "defensive", "balanced"} <= set(BOTS)
    assert all(len(bot.about) > 80 for bot in BOTS.values())


def test_the_readme_describes_every_bot_as_the_registry_does() -> None:
    """Each bot is documented in one paragraph, once: the registry's `about`, which `simulate --help` prints
    too; the README quotes it word for word."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    for bot in BOTS.values():
        assert f"- **`{bot.name}`**: {bot.about}" in readme


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=13, max_size=14).filter(lambda ks: max(ks.count(k) for k in ks) <= 4))
def test_the_bots_shape_tables_agree_with_plain_shanten(kinds: list[int]) -> None:
    """The bots' fast path (one combined lookup per candidate tile, `Shape`) against the hand analysis's own
    shanten (itself checked against the `mahjong` package): the hand, every tile taken away and every tile
    added that can lower the shanten."""
    tables = tables_for(None)
    shape = Shape(tables)
    counts = [0] * 34
    for k in kinds:
        counts[k] += 1
    now = tables.shanten(counts)
    assert shape.shanten(bytes(counts)) == now
    if len(kinds) == 14:
        for k, got in enumerate(shape.changed(bytes(counts), -1)):
            fewer = [*counts[:k], counts[k] - 1, *counts[k + 1 :]]
            assert got == (99 if counts[k] == 0 else tables.shanten(fewer)), k
    else:
        for k, got in enumerate(shape.changed(bytes(counts), 1)):
            if counts[k] == 4:
                continue
            more = tables.shanten([*counts[:k], counts[k] + 1, *counts[k + 1 :]])
            if got != 99:
                assert got == more, k
            if more < now:  # no improving tile is skipped
                assert got == more, k


# ---------------------------------------------------------------------- balanced: furiten, wins, riichi, folds


def test_no_riichi_on_a_wait_that_is_all_furiten(rules: EngineRules) -> None:
    # Seat 0 threw 5s on its first turn; now 234m 567p 234s 88s 46s is tenpai only on 5s, which is in its
    # own river: riichi is offered (the engine does not judge), and no bot declares it.
    used: dict[int, int] = {}
    mine = tuple(_id(t, used) for t in parse_tiles("234m567p234s88s45s"))
    first, again = (_id(t, used) for t in parse_tiles("1z6s"))
    k = Kyoku(rules, StartKyoku(0, 0, 0, 0, 0, NO_DORA, (mine, (), (), ()), (25000,) * 4), 60)
    k.apply(Tsumo(0, first))
    k.apply(Dahai(0, mine[-1]))
    for seat in (1, 2, 3):  # each draws and throws a North, which nobody can use
        north = _id(parse_tiles("4z")[0], used)
        k.apply(Tsumo(seat, north))
        k.apply(Dahai(seat, north))
    k.apply(Tsumo(0, again))
    view = View(k, 0)
    options = legal.turn_options(rules, view)
    assert any(isinstance(o, Reach) for o in options)
    for bot in ("efficiency", "defensive", "balanced"):
        assert not isinstance(make(bot, rules, 0).turn(view, options), Reach)


def test_no_riichi_on_a_partly_furiten_wait_where_the_variant_makes_it_chombo(
    shipped: Callable[[str], Ruleset],
) -> None:
    """Igishokai (`riichi.furiten_riichi chombo`): games of each bot in every seat, no chombo."""
    igishokai = EngineRules(shipped("igishokai-sanma"))
    assert igishokai.ruleset.riichi.furiten_riichi == "chombo"
    events: list[Event] = []
    for seed, bot in enumerate(("efficiency", "defensive", "balanced", "balanced")):
        play(igishokai, [make(bot, igishokai, seed * 3 + i) for i in range(3)], seed, events.append)
    assert any(isinstance(e, Reach) for e in events)
    assert not any(isinstance(e, Ryukyoku) and e.reason == "chombo" for e in events)


class Watching:
    """A balanced seat that records every time it was offered a win and did not take it."""

    def __init__(self, rules: EngineRules, seed: int) -> None:
        self.seat = make("balanced", rules, seed)
        self.offered = 0
        self.passed = 0

    def turn(self, view: View, options: list[TurnAction]) -> TurnAction:
        chosen = self.seat.turn(view, options)
        self.watch(options, chosen)
        return chosen

    def call(self, view: View, options: list[CallAction]) -> CallAction | None:
        chosen = self.seat.call(view, options)
        self.watch(options, chosen)
        return chosen

    def watch(self, options: Sequence[object], chosen: object) -> None:
        if any(isinstance(o, Hora) for o in options):
            self.offered += 1
            self.passed += not isinstance(chosen, Hora)


def test_a_win_the_hand_may_take_is_never_passed(rules: EngineRules) -> None:
    seats = [Watching(rules, i) for i in range(4)]
    play(rules, list(seats), 6)
    assert sum(s.offered for s in seats) > 5
    assert sum(s.passed for s in seats) == 0


def test_dama_on_a_valuable_good_wait_and_riichi_on_a_cheap_one(rules: EngineRules) -> None:
    bot = BalancedSeat(rules)
    # 234m 234p 234s 88s 67m, the dealer: tanyao, pinfu and sanshoku on 5m or 8m, 11 600 as a silent ron;
    # riichi would make it 12 000: silent, East goes.
    k = position(rules, "234m234p234s88s67m", "1z")
    view = View(k, 0)
    chosen = bot.turn(view, legal.turn_options(rules, view))
    assert isinstance(chosen, Dahai) and chosen.pai >> 2 == 27
    assert bot.silence(view, Context(bot, view)) == "silent (dama) by value"
    # 234m 567p 234s 88s 67s: tanyao and pinfu, 2 900 silent; riichi nearly doubles it: riichi.
    k = position(rules, "234m567p23488s67s", "1z")
    view = View(k, 0)
    assert isinstance(bot.turn(view, legal.turn_options(rules, view)), Reach)
    assert bot.silence(view, Context(bot, view)) == ""
    # The same with 2m dora (1m shown) in the middle of the hand: 5 800 silent on a two-sided wait, 11 600 with
    # riichi: riichi too (people's closed hands declare; silent, fewer of their wins would be by tsumo).
    view = View(position(rules, "234m567p23488s67s", "1z", 0, 40), 0)
    assert isinstance(bot.turn(view, legal.turn_options(rules, view)), Reach)


def test_a_cheap_bad_wait_stays_silent_until_the_middle_of_the_hand(rules: EngineRules) -> None:
    # 123m 456p 789s 99m 35s, the dealer, throwing East: a yakuless closed wait on 4s (4 live tiles). A riichi
    # ron pays 2 000: cheap, so with 36 tiles left it stays silent to improve (East goes), and declares once 30
    # or fewer are left; with 9m dora (8m shown) it pays 7 700 and declares at 36 already.
    eight_m = 7 * 4
    for marker, left, declares in ((NO_DORA, 37, False), (NO_DORA, 30, True), (eight_m, 37, True)):
        view = View(position(rules, "123m456p789s99m35s", "1z", marker, left), 0)
        bot = BalancedSeat(rules)
        chosen = bot.turn(view, legal.turn_options(rules, view))
        assert isinstance(chosen, Reach) is declares
        assert declares or (isinstance(chosen, Dahai) and chosen.pai >> 2 == 27)
        reason = "" if declares else "a bad wait, waiting for a better one (no yaku)"
        assert bot.silence(view, Context(bot, view)) == reason


@pytest.mark.parametrize(
    ("name", "mine", "declares"),
    [
        ("standard", "123m456p789s99m35s", False),
        ("igishokai-sanma", "123p456p789s99p35s", False),
        ("naki-riichi", "123m456p789s99m35s", True),
    ],
)
def test_a_cheap_bad_wait_is_cheap_on_the_variants_own_scale_and_silent_only_where_silence_can_win(
    name: str, mine: str, declares: bool, shipped: Callable[[str], Ruleset]
) -> None:
    # The yakuless closed wait on 4s above, with 36 tiles left. 囲将会's riichi ron pays 7 000, cheap against its
    # plain riichi hand's 5 000 (a fixed 2 700 would call it valuable): silent, as on `standard`. 鳴き立直's hand
    # cannot win without the declaration, so the cheap wait's silence (a tsumo may still win) is not for it.
    ruleset = EngineRules(shipped(name))
    view = View(position(ruleset, mine, "1z", NO_DORA, 37), 0)
    chosen = BalancedSeat(ruleset).turn(view, legal.turn_options(ruleset, view))
    assert isinstance(chosen, Reach) is declares


def test_leans_to_one_suit_with_honours_when_the_hand_nearly_is_one(rules: EngineRules) -> None:
    # 123456p 78p 33z 44z 34m: one from tenpai either way; `efficiency` keeps the two-sided 34m for its
    # count, `balanced` throws it for honitsu (which `standard` lets an open hand win by, as its scorer says).
    k = position(rules, "123456p78p33z44z3m", "4m")
    assert discard(EfficiencySeat(rules), k, rules) not in ("3m", "4m")
    assert discard(BalancedSeat(rules), k, rules) in ("3m", "4m")


def test_declares_a_valuable_hand_where_the_variant_requires_the_declaration_to_win() -> None:
    required = EngineRules(loads('variant "t" { extends standard\n riichi { declaration_required on } }'))
    k = position(required, "234m234p234s88s67m", "1z")
    view = View(k, 0)
    assert isinstance(BalancedSeat(required).turn(view, legal.turn_options(required, view)), Reach)


def test_a_cheap_bad_tenpai_late_against_a_riichi_is_kept_only_where_the_draw_pays_tenpai(rules: EngineRules) -> None:
    # Seat 1 threw 9m and declared riichi on South. Seat 0 (the dealer), with eight draws left, holds
    # 123m 456p 789s 11z 35s and draws 6p: throwing it keeps a yakuless closed wait on 4s, unsafe against
    # the riichi. `defensive` pushes at tenpai. `balanced` weighs 4 live tiles over 8 draws for a riichi
    # hand's 2 000 against a deal-in, and the tenpai payment it is likely to collect at the draw (the
    # Ruleset's noten payments: 1 500 against 1 000 paid, `standard`): it keeps the tenpai. Where the draw
    # pays nothing, the win alone is not worth it, and it folds (the East pair, two copies unseen, is the
    # safest tile).
    unpaid = EngineRules(loads('variant "t" { extends standard\n draws { noten_payment 0 } }'))
    for ruleset, expected in ((rules, "6p"), (unpaid, "1z")):
        k = against_riichi(ruleset, "123m456p789s11z35s", "9m123p456p789p11s2z", "6p", 8)
        assert discard(make("defensive", ruleset, 0), k, ruleset) == "6p"
        assert discard(make("balanced", ruleset, 0), k, ruleset) == expected


def test_the_tenpai_payment_is_counted_with_the_chance_of_reaching_the_draw(rules: EngineRules) -> None:
    # Seat 1 declared riichi; seven draws are left. A tenpai on one live tile whose ron pays 1 000 has little
    # chance to win; the draw pays it 2 500 for its tenpai only if no hand wins before, (1 − 0.2) ** 7 ≈ 0.21
    # of the time: it pushes with care, not outright (with 0.15, 0.32 of the time, it pushed outright).
    k = against_riichi(rules, "123m456p789s11z35s", "9m123p456p789p11s2z", "6p", 10)
    view = View(k, 0)
    bot = BalancedSeat(rules)
    bot.threats = bot.find_threats(view)
    assert view.live_left == 7 and bot.tenpai_payment(view) == 2500
    assert bot.push_weight(view, 1, 1000) == CAREFUL


def test_a_cheap_hand_one_from_tenpai_builds_on_against_a_riichi_only_with_nearly_safe_tiles(
    rules: EngineRules,
) -> None:
    # Seat 1 threw 9m and declared riichi on South; sixty draws are left. Seat 0 holds 234m 678m 34s 67s
    # 99m 8p, draws 4p, and has no dora. `defensive` builds on with care (early, it has the time) and throws
    # a loose pinzu tile, unsafe; `balanced` weighs the danger of a cheap hand's discard ten times as much,
    # and throws from the 9m pair, safe (genbutsu), a step further from tenpai.
    k = against_riichi(rules, "234m678m34s67s99m8p", "9m123p456p789p11s2z", "4p", 60)
    assert discard(make("defensive", rules, 0), k, rules) in ("4p", "8p")
    assert discard(make("balanced", rules, 0), k, rules) == "9m"


# ---------------------------------------------------------------------- balanced: shapes, value, calls


def test_one_from_tenpai_the_shape_that_turns_into_two_sided_waits_is_kept(rules: EngineRules) -> None:
    # 45m 78m 477p 567s 789s, 4p drawn: throwing 4m (or 5m) or 4p leaves 12 improving tiles either way.
    # After 4m, two of them (6m, 9m) make a shanpon on 4p/7p; after 4p, every tenpai is two-sided: the
    # shape of pinfu, and the one that wins more often. `efficiency` counts tiles; `balanced` also shapes.
    k = position(rules, "45m78m477p567s789s", "4p")
    assert discard(EfficiencySeat(rules), k, rules) != "4p"
    assert discard(BalancedSeat(rules), k, rules) == "4p"


def test_a_slow_cheap_all_simples_hand_stays_closed(rules: EngineRules) -> None:
    # 35m 678m 3467p 2345s, two from tenpai with no dora: chi 4m would open it towards all simples alone.
    # `efficiency` calls (the call lowers the shanten); `balanced` keeps the hand closed for riichi.
    simples = "35m678m3467p2345s"
    assert isinstance(call_choice(rules, simples, "4m"), Chi)
    assert call_choice(rules, simples, "4m", bot=BalancedSeat(rules)) is None
    # With one dora (3m, the 2m indicator) still closed; one step from tenpai it would call.
    assert call_choice(rules, simples, "4m", bot=BalancedSeat(rules), marker=_id(parse_tiles("2m")[0], {})) is None


def test_a_cheap_all_simples_hand_one_from_tenpai_stays_closed_while_the_wall_is_long(rules: EngineRules) -> None:
    # 35m 678m 345p 24s 66p 8s, one from tenpai on two closed waits with no dora: chi 4m makes it tenpai,
    # open, for all simples alone (1 000). With 70 tiles left `balanced` stays closed for riichi; with 30 left
    # it calls.
    cheap = "35m678m345p24s66p8s"
    assert isinstance(call_choice(rules, cheap, "4m"), Chi)
    assert call_choice(rules, cheap, "4m", bot=BalancedSeat(rules)) is None
    assert isinstance(call_choice(rules, cheap, "4m", bot=BalancedSeat(rules), live=30), Chi)


def test_a_cheap_two_sided_hand_one_from_tenpai_stays_closed_late_too(rules: EngineRules) -> None:
    # 34m 678m 345p 56s 66p 8s, one from tenpai with no dora, every tenpai two-sided: chi 2m would open it
    # for all simples alone. `efficiency` calls; `balanced` stays closed for riichi and pinfu with 30 tiles
    # left too, and with a dora (3m, the 2m indicator) calls once the wall is short.
    two_sided = "34m678m345p56s66p8s"
    assert isinstance(call_choice(rules, two_sided, "2m", live=30), Chi)
    assert call_choice(rules, two_sided, "2m", bot=BalancedSeat(rules), live=30) is None
    marker = _id(parse_tiles("2m")[0], {})
    assert isinstance(call_choice(rules, two_sided, "2m", bot=BalancedSeat(rules), marker=marker, live=30), Chi)
    # With that dora and the wall long, it stays closed: one han of dora does not yet carry an open hand.
    assert call_choice(rules, two_sided, "2m", bot=BalancedSeat(rules), marker=marker, live=70) is None


def test_a_call_counts_the_value_of_the_tile_it_takes(rules: EngineRules) -> None:
    # 46m 678m 3467p 2345s, two from tenpai, with one dora (3s, the 2s indicator): chi 5m opens towards all
    # simples alone, which needs two han of dora. The red 5m brings the second; a plain 5m does not.
    slow = "46m678m3467p2345s"
    marker = _id(parse_tiles("2s")[0], {})
    assert isinstance(call_choice(rules, slow, "0m", bot=BalancedSeat(rules), marker=marker), Chi)
    assert call_choice(rules, slow, "5m", bot=BalancedSeat(rules), marker=marker) is None
    assert call_choice(rules, slow, "0m", bot=BalancedSeat(rules)) is None


def test_calls_weigh_what_the_payment_takes_for_them(rules: EngineRules, shipped: Callable[[str], Ruleset]) -> None:
    # 55z 234m 678m 34p 19s 4z, two from tenpai, is offered 5z: a White triplet, a yaku under both variants.
    # Under `standard` a call costs fu only (the Scorer pays 1 000 of 1 600 for a hand with two pons), and
    # `balanced` calls; under 鳴き立直 each pon or chi is −200 of the base (400 of 1 800 kept), and it stays
    # closed unless the call makes it tenpai (55z 234m 678m 345p 9s 4z).
    naki = EngineRules(shipped("naki-riichi"))
    slow, ready = "55z234m678m34p19s4z", "55z234m678m345p9s4z"
    assert isinstance(call_choice(rules, slow, "5z", bot=BalancedSeat(rules)), Pon)
    assert call_choice(naki, slow, "5z", bot=BalancedSeat(naki)) is None
    assert isinstance(call_choice(naki, ready, "5z", bot=BalancedSeat(naki)), Pon)
    assert isinstance(call_choice(naki, slow, "5z"), Pon)  # `efficiency` does not weigh the payment


def test_a_call_that_leaves_only_flowers_to_throw_is_passed(shipped: Callable[[str], Ruleset]) -> None:
    # 鳴き立直, seat 1 holds 55z and two flowers (three melds made) and is offered 5z: a pon would leave only
    # flowers to throw. The bots pass instead of failing (a 40-hanchan simulation of main stopped on this).
    naki = EngineRules(shipped("naki-riichi"))
    for bot in (EfficiencySeat(naki), BalancedSeat(naki)):
        assert call_choice(naki, "55z1f2f", "5z", bot=bot) is None


def test_the_round_wind_is_valued_only_where_the_variant_has_one(rules: EngineRules) -> None:
    # Seat 1 (South) in the East round: 234m 567m 345p 67s 11z, riichi, ron on 8s. Under `standard` the
    # East pair is the round wind's (fu, no pinfu): 1 300; under `game { round_wind off }` (rules/winds.py)
    # it is a plain wind's, and the hand is pinfu: 2 000. The bots value the hand as the scorer pays it.
    off = EngineRules(loads('variant "t" { extends standard\n game { round_wind off } }'))
    counts = bytearray(34)
    for tile in parse_tiles("234m567m345p67s11z"):
        counts[tile.kind] += 1
    for table, paid in ((rules, 1300), (off, 2000)):
        used: dict[int, int] = {}
        hand = tuple(_id(t, used) for t in parse_tiles("234m567m345p67s11z"))
        k = Kyoku(table, StartKyoku(0, 0, 0, 0, 0, NO_DORA, ((), hand, (), ()), (25000,) * 4), 70)
        for bot in ("efficiency", "balanced"):
            seat = make(bot, table, 0)
            assert isinstance(seat, EfficiencySeat)
            ctx = Context(seat, View(k, 1))
            assert seat.win_points(ctx, bytes(counts), parse_tiles("8s")[0].kind, riichi=True) == paid


def test_a_quad_counts_as_two_pairs_where_the_variant_says_so() -> None:
    # 1111m 22p 33p 44s 55s 7z, 1z drawn: under `win { chiitoitsu_quads on }` (rules/shapes.py) throwing
    # 7z or 1z is tenpai for seven pairs; the shanten tables alone call it two away, and throwing a 1m one.
    quads = EngineRules(loads('variant "t" { extends standard\n win { chiitoitsu_quads on } }'))
    k = position(quads, "1111m22p33p44s55s7z", "1z")
    view = View(k, 0)
    options = legal.turn_options(quads, view)
    assert any(isinstance(o, Reach) for o in options)
    for bot in ("efficiency", "defensive", "balanced"):
        assert discard(make(bot, quads, 0), k, quads) in ("7z", "1z")
    # `efficiency` declares on it; `balanced`, with three winning tiles this early, waits for a better one.
    assert isinstance(make("efficiency", quads, 0).turn(view, options), Reach)
