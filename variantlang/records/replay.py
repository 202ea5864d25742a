"""Replay: the engine plays a logged game's actions on the logged tiles and checks, hand by hand, that
it offered every action and reached every result the log records.

The log's own seats become scripted seats: each decision is the next logged action, which the table
accepts only if its legal-action functions offered it. Every event the engine emits is compared with the
next logged one (draws, discards, calls, kan-dora timing, riichi), and its results with the log's:
winners, yaku with han, fu, points, every seat's score change, draw type and tenpai, the next hand's
counters and scores, the end of the game and the final scores and points.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from decimal import Decimal

from variantlang.engine.events import (
    CallAction,
    Chi,
    Daiminkan,
    Dora,
    EndGame,
    EndKyoku,
    Event,
    Hora,
    Pon,
    ReachAccepted,
    Ryukyoku,
    StartGame,
    StartKyoku,
    Tsumo,
    TurnAction,
)
from variantlang.engine.legal import action_key
from variantlang.engine.rules import EngineRules
from variantlang.engine.state import View
from variantlang.engine.table import Game, IllegalAction, hora_event
from variantlang.engine.wall import StackedWall, dice
from variantlang.model.ruleset import Ruleset
from variantlang.model.win import Score
from variantlang.records.tenhou_xml import Record, Round
from variantlang.rules.settlement import (
    WinSituation,
    false_declarers,
    settle_best_paid,
    settle_exhaustive,
    settle_win,
    sharers,
    takes_sticks,
    wareme_seat,
)
from variantlang.rules.standing import Tally, busted_by, busted_seats, exact_points, final_standing, points_text
from variantlang.scoring.scorer import RuleBoundsError, ScoreError


class RescoreError(ValueError):
    """The variant to rescore under does not have the log's tiles."""


class ReplayMismatch(Exception):
    """The engine and the log part ways; the rest of the hand cannot be replayed."""


@dataclass
class HandResult:
    round: str
    results: int
    problems: list[str] = field(default_factory=list)
    summary: list[str] = field(default_factory=list)
    """The hand's results in words (who won what, or the draw)."""


@dataclass(frozen=True)
class Rescored:
    """One win of the log scored again under another variant (same tiles, same actions)."""

    round: str
    played: Hora
    """The win as the log's variant scored it."""
    rescored: Hora | None
    """Under the other variant; None when the hand is not a win there (no yaku)."""


@dataclass
class GameResult:
    name: str
    hands: list[HandResult] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    """Problems of the game as a whole (order of hands, end, final scores)."""
    rescored: list[Rescored] = field(default_factory=list)
    final: EndGame | None = None
    """The engine's final standing under the log's variant."""
    final_rescored: EndGame | None = None
    """The final standing had the game been settled under the other variant (`--rescore`): every win,
    draw and riichi stick paid under it, and its end-of-game settlement."""
    notes: list[str] = field(default_factory=list)
    """What the log covers, when not a whole game: it starts or ends mid-game (not a mismatch)."""

    @property
    def ok(self) -> bool:
        return not self.problems and all(not h.problems for h in self.hands)

    @property
    def matched(self) -> int:
        return sum(1 for h in self.hands if not h.problems)


class ReplayWall(StackedWall):
    """The tiles a log shows, served in the order the log drew them."""

    passed = True
    """Its hands are the log's, after any deal procedure (`engine.deals`): not passed again."""

    def __init__(self, rnd: Round) -> None:
        draws = (e.pai for e in rnd.events if isinstance(e, Tsumo))
        super().__init__(rnd.start.tehais, draws, rnd.indicators, rnd.ura)

    def short(self, what: str, index: int) -> Exception:
        if what == "draw":
            return ReplayMismatch("the engine draws a tile the log never drew")
        if what == "indicator":
            return ReplayMismatch(f"the engine reveals dora indicator {index + 1}, the log shows {index}")
        return ReplayMismatch(f"the engine needs ura indicator {index + 1}, the log shows {len(self.uras)}")


class Script:
    """The logged events of one hand, as decisions for the seats and as what the engine must emit."""

    def __init__(self, rules: EngineRules, rnd: Round, hand: HandResult) -> None:
        self.rules = rules
        self.queue: deque[Event] = deque(rnd.events)
        self.hand = hand
        self.dora_logged = rnd.dora_logged

    def _peek(self, skip: tuple[type, ...]) -> list[Event]:
        out = []
        for event in self.queue:
            if isinstance(event, skip):
                continue
            out.append(event)
            if not isinstance(event, Hora):
                break
        return out

    def turn(self, seat: int) -> TurnAction:
        ahead = self._peek((Dora,))
        if not ahead:
            raise ReplayMismatch(f"seat {seat} is to act, the log has nothing more")
        action = ahead[0]
        if getattr(action, "actor", seat) != seat or isinstance(action, Tsumo | ReachAccepted):
            raise ReplayMismatch(f"seat {seat} is to act, the log has {action}")
        return action  # type: ignore[return-value]

    def call(self, seat: int) -> CallAction | None:
        for event in self._peek((ReachAccepted, Dora)):
            if isinstance(event, Hora | Chi | Pon | Daiminkan) and event.actor == seat:
                return event
        return None

    def indicator(self, options: list[int]) -> int | None:
        """The indicator the log places next (`dora.chosen_indicators`): its tile, or the offered copy of
        the same value; None when the log places none here."""
        head = self.queue[0] if self.queue else None
        if not isinstance(head, Dora):
            return None
        if head.dora_marker in options:
            return head.dora_marker
        value = self.rules.tiles.value(head.dora_marker)
        return next((t for t in options if self.rules.tiles.value(t) == value), head.dora_marker)

    def emitted(self, event: Event) -> None:
        if isinstance(event, StartGame | StartKyoku | EndKyoku | EndGame):
            return
        if isinstance(event, Dora) and not self.dora_logged:
            return
        if not self.queue:
            raise ReplayMismatch(f"the engine goes on with {event}, the log's hand has ended")
        logged = self.queue.popleft()
        if isinstance(event, Hora | Ryukyoku):
            self.hand.summary.append(describe(event))
        if isinstance(event, Hora) and isinstance(logged, Hora):
            self.hand.results += 1
            self.hand.problems += compare_hora(event, logged)
        elif isinstance(event, Ryukyoku) and isinstance(logged, Ryukyoku):
            self.hand.results += 1
            self.hand.problems += compare_ryukyoku(event, logged)
        elif event != logged and action_key(self.rules, event) != action_key(self.rules, logged):
            raise ReplayMismatch(f"the engine emits {event}, the log has {logged}")


class ScriptedSeat:
    def __init__(self, replay: GameReplay, seat: int) -> None:
        self.replay = replay
        self.seat = seat

    def turn(self, view: View, options: list[TurnAction]) -> TurnAction:
        return self.replay.script.turn(self.seat)

    def call(self, view: View, options: list[CallAction]) -> CallAction | None:
        return self.replay.script.call(self.seat)

    def choose_indicator(self, view: View, options: list[int]) -> int | None:
        return self.replay.script.indicator(options)


def _yaku(hora: Hora) -> Counter[str]:
    out: Counter[str] = Counter()
    for name, han in hora.yaku:
        out["dora" if name == "nuki" else name] += 1 if hora.yakuman else han
    return +out


def describe(result: Hora | Ryukyoku) -> str:
    """A result in one line, as the replay summary prints it."""
    if isinstance(result, Ryukyoku):
        tenpai = [str(i) for i, t in enumerate(result.tenpai) if t]
        extra = f", nagashi mangan {list(result.nagashi)}" if result.nagashi else ""
        return f"draw ({result.reason}), tenpai seats [{' '.join(tenpai)}]{extra}, {list(result.deltas)}"
    how = "tsumo" if result.actor == result.target else f"ron from seat {result.target}"
    value = f"{result.yakuman} yakuman" if result.yakuman else f"{result.han} han {result.fu} fu"
    yaku = ", ".join(f"{name} {han}" if han else name for name, han in result.yaku)
    return f"seat {result.actor} {how}: {value}, {result.points} ({yaku}), {list(result.deltas)}"


def compare_hora(ours: Hora, logged: Hora) -> list[str]:
    problems = []
    if (ours.actor, ours.target) != (logged.actor, logged.target):
        problems.append(f"winner {ours.actor} from {ours.target}, log {logged.actor} from {logged.target}")
    if ours.yakuman != logged.yakuman:
        problems.append(f"yakuman {ours.yakuman}, log {logged.yakuman}")
    elif not ours.yakuman and ours.han != logged.han:
        problems.append(f"han {ours.han}, log {logged.han}")
    if _yaku(ours) != _yaku(logged):
        problems.append(f"yaku {dict(_yaku(ours))}, log {dict(_yaku(logged))}")
    # From 5 han the payment is a limit whatever the fu; Tenhou's fu there is just one reading's
    # (and tenhou.net/6 JSON gives no fu for a limit hand).
    if not logged.yakuman and logged.han < 5 and logged.fu and ours.fu != logged.fu:
        problems.append(f"fu {ours.fu}, log {logged.fu}")
    if ours.points != logged.points:
        problems.append(f"points {ours.points}, log {logged.points}")
    if ours.deltas != logged.deltas:
        problems.append(f"score changes {list(ours.deltas)}, log {list(logged.deltas)}")
    if logged.chips and ours.chips != logged.chips:
        problems.append(f"chips {list(ours.chips)}, log {list(logged.chips)}")
    if ours.pao != logged.pao:
        problems.append(f"pao {ours.pao}, log {logged.pao}")
    if logged.dora_markers and ours.dora_markers != logged.dora_markers:
        problems.append(f"dora indicators {ours.dora_markers}, log {logged.dora_markers}")
    return problems


def compare_ryukyoku(ours: Ryukyoku, logged: Ryukyoku) -> list[str]:
    problems = []
    if ours.reason != logged.reason:
        problems.append(f"draw {ours.reason}, log {logged.reason}")
    if ours.deltas != logged.deltas:
        problems.append(f"score changes {list(ours.deltas)}, log {list(logged.deltas)}")
    if logged.tenpai and ours.tenpai != logged.tenpai:
        problems.append(f"tenpai {ours.tenpai}, log {logged.tenpai}")
    if ours.nagashi != logged.nagashi:
        problems.append(f"nagashi mangan {ours.nagashi}, log {logged.nagashi}")
    return problems


class GameReplay:
    def __init__(
        self,
        rules: EngineRules,
        record: Record,
        rescore: EngineRules | None = None,
        listener: Callable[[Event], None] | None = None,
    ) -> None:
        self.rules = rules
        self.listener = listener
        self.rescore = None if rescore is None else Resettlement(rescore)
        self.record = record
        self.result = GameResult(record.name)
        self.script = Script(rules, record.rounds[0], HandResult(record.rounds[0].name, 0))

    def _emitted(self, event: Event) -> None:
        self.script.emitted(event)
        if self.listener is not None:
            self.listener(event)

    def run(self) -> GameResult:
        rules, record, result = self.rules, self.record, self.result
        seats = [ScriptedSeat(self, i) for i in range(rules.players)]
        game = Game(rules, seats, seed=record.seed, listener=self._emitted)
        self._start(game, record.rounds[0])
        for rnd in record.rounds:
            hand = HandResult(rnd.name, 0)
            result.hands.append(hand)
            if game.over:
                result.problems.append(f"{rnd.name}: the engine ended the game, the log plays on")
                return result
            s = rnd.start
            expected = (s.bakaze, s.kyoku, s.oya, s.honba, s.kyotaku, s.scores)
            got = (game.bakaze, game.dealer, game.oya, game.honba, game.kyotaku, tuple(game.scores))
            if expected != got:
                hand.problems.append(f"start (round, hand, dealer, honba, sticks, scores) {got}, log {expected}")
                game.bakaze, game.dealer, game.oya = s.bakaze, s.kyoku, s.oya
                game.honba, game.kyotaku = s.honba, s.kyotaku
                game.scores = list(s.scores)
            self.script = Script(rules, rnd, hand)
            try:
                played = game.play_kyoku(ReplayWall(rnd))
            except (ReplayMismatch, IllegalAction) as error:
                hand.problems.append(str(error))
                return result
            if self.rescore is not None:
                result.rescored += self.rescore.hand(rnd, played, game)
            if self.script.queue:
                hand.problems.append(f"the engine ended the hand, the log goes on with {self.script.queue[0]}")
        if not game.over and record.end is not None and record.end.reason == "timeout":
            game.timeout()  # a hand cap cut the logged game off (`simulate`'s): it ends where the log does
        result.final = game.end
        if self.rescore is not None and game.end is not None:
            result.final_rescored = self.rescore.end(game.end.reason, game.seed)
        if not game.over and record.end is None:
            result.notes.append(
                f"the log ends before the game does, after {record.rounds[-1].name}: replayed as far as it goes"
            )
        elif not game.over:
            result.problems.append("the log's game ends, the engine would play on")
        elif record.end is not None and game.end is not None:
            if game.end.scores != record.end.scores:
                result.problems.append(f"final scores {list(game.end.scores)}, log {list(record.end.scores)}")
            self._compare_points(game.end.points, record)
        return result

    def _compare_points(self, ours: tuple[Decimal, ...], record: Record) -> None:
        logged = record.end.points if record.end is not None else ()
        if not logged or all(a == b for a, b in zip(ours, logged, strict=True)):
            return  # a log may leave its final points out (mjai's end_game)
        text = f"{', '.join(map(points_text, ours))}, log {', '.join(map(points_text, logged))}"
        self.result.problems.append(f"final points {text}")

    def _start(self, game: Game, first: Round) -> None:
        """A log may start mid-game (a single round, with its own round, honba, sticks, dealer and scores):
        the game starts where the log does."""
        s = first.start
        if (s.bakaze, s.kyoku, s.honba, s.kyotaku) != (0, 0, 0, 0) or s.scores != tuple(game.scores):
            self.result.notes.append(f"the log starts mid-game, at {first.name}: replayed from there")
            game.bakaze, game.dealer, game.oya = s.bakaze, s.kyoku, s.oya
            game.honba, game.kyotaku = s.honba, s.kyotaku
            game.scores = list(s.scores)


class Resettlement:
    """A logged game settled again under another variant, hand by hand, by the same settlement functions
    the engine's table calls (`rules.settlement`, `rules.standing`): the same tiles and actions, so the
    same hands, draws and order of play, with the other variant's scores from its own starting points,
    its riichi sticks (a win it does not pay leaves them on the table), its draw payments and its end of
    the game (yakitori, bust prize, uma, oka, ties, chips)."""

    def __init__(self, other: EngineRules) -> None:
        self.rules = other
        self.scores = [other.ruleset.game.start_points] * other.players
        self.kyotaku = 0
        self.tally = Tally(other.players)
        self.last: list[tuple[int, tuple[int, ...]]] = []
        """The last hand's paid wins (winner, deltas), for the bust prize."""

    def hand(self, rnd: Round, played: list[Hora] | Ryukyoku, game: Game) -> list[Rescored]:
        """Settle one hand of the log (as the engine played it under the log's variant) again."""
        ruleset = self.rules.ruleset
        for seat, declared in enumerate(game.riichi):
            self.scores[seat] -= declared * ruleset.riichi.stick
        self.kyotaku += sum(game.riichi)
        self.last = []
        if isinstance(played, Ryukyoku):
            deltas = (0,) * self.rules.players
            if played.reason in ("exhaustive", "chombo") and game.hand_end is not None:
                deltas = settle_exhaustive(ruleset, game.hand_end).deltas
            self._pay(deltas)
            self.tally.drawn(game.riichi)
            return []
        rescored = self._wins(rnd, played, game)
        paid = [(r.actor, r.deltas, r.chips) for r in rescored if r is not None]
        if paid and game.rules.play_on:  # only the best is paid (`game.after_win play_on_best_paid`)
            best, deltas = settle_best_paid(ruleset, [(a, d) for a, d, _ in paid], _false_declarers(game))
            paid = [
                (a, deltas if i == best else (0,) * len(d), c if i == best else ()) for i, (a, d, c) in enumerate(paid)
            ]
        for _, deltas, _ in paid:
            self._pay(deltas)
        if paid:
            self.kyotaku = 0
            self.tally.won_by(rnd.start.oya, [(a, c) for a, _, c in paid])
            self.last = [(a, d) for a, d, _ in paid]
        else:  # no win under the other variant: the sticks stay on the table
            self.tally.drawn(game.riichi)
        return [Rescored(rnd.name, hora, new) for hora, new in zip(played, rescored, strict=True)]

    def _wins(self, rnd: Round, played: list[Hora], game: Game) -> list[Hora | None]:
        """Each win of the hand scored and paid under the other variant (None: not a win there); the
        first it pays is paid the honba and the sticks it has on the table."""
        other = self.rules
        start = rnd.start
        players = other.players
        throw = dice(game.seed, start.bakaze * players + start.kyoku, start.honba)
        wareme = wareme_seat(other.ruleset, start.oya, throw.total, players)
        out: list[Hora | None] = []
        first = True
        scores: list[Score | None] = []
        for hora, hand in zip(played, game.win_inputs, strict=True):
            try:
                scores.append(other.scorer.score(replace(hand, riichi_sticks=self.kyotaku, first_win=first)))
                first = False
            except RuleBoundsError as error:
                raise RescoreError(f"{rnd.name}, seat {hora.actor}: {error}") from None
            except ScoreError:
                scores.append(None)
        tsumo = bool(played) and played[0].actor == played[0].target
        sharing = 1 if other.play_on else sharers(other.ruleset, sum(s is not None for s in scores), tsumo=tsumo)
        first = True
        for hora, score, liable in zip(played, scores, game.liable, strict=True):
            if score is None:
                out.append(None)
                continue
            east = 0 if other.fixed_winds else start.oya
            situation = WinSituation(
                players, start.oya, hora.actor, hora.target, liable, wareme, takes_sticks(other.ruleset, first),
                east, sharing, () if other.play_on else _false_declarers(game),
            )  # fmt: skip
            out.append(
                hora_event(
                    hora, score, settle_win(other.ruleset, situation, score), hora.dora_markers, hora.ura_markers
                )
            )
            first = False
        return out

    def _pay(self, deltas: tuple[int, ...]) -> None:
        for seat, delta in enumerate(deltas):
            self.scores[seat] += delta

    def end(self, reason: str, seed: int) -> EndGame:
        """The other variant's final standing of the game (the log's game ended for `reason`)."""
        ruleset = self.rules.ruleset
        busted = busted_by(self.last, busted_seats(ruleset, self.scores, hand_starts=True)) if reason == "tobi" else ()
        standing = final_standing(ruleset, self.scores, self.kyotaku, self.tally, busted, seed)
        chips = tuple(self.tally.chips) if any(self.tally.chips) else ()
        return EndGame(standing.scores, tuple(exact_points(p) for p in standing.points), reason, chips)


def same_tiles(a: Ruleset, b: Ruleset) -> bool:
    """Whether two variants play with the same physical tiles (`--rescore` needs the log's tiles)."""
    return (
        a.tile_set.copies == b.tile_set.copies
        and a.tile_set.marked == b.tile_set.marked
        and (a.tile_set.flowers == b.tile_set.flowers)
    )


def replay(
    rules: EngineRules,
    record: Record,
    rescore: EngineRules | None = None,
    listener: Callable[[Event], None] | None = None,
) -> GameResult:
    """Replay one logged game under `rules` (which must have the log's players and tiles); with `rescore`,
    also pay every win again under that variant's scoring. `listener` sees every event (a writer)."""
    if rescore is not None and not same_tiles(rules.ruleset, rescore.ruleset):
        raise RescoreError(f"{rescore.ruleset.name} plays with other tiles than the log's game: cannot rescore it")
    return GameReplay(rules, record, rescore, listener).run()


def _false_declarers(game: Game) -> tuple[int, ...]:
    """The seats in riichi not tenpai at the end of the logged hand (R-RIICHI-9), as the table found them."""
    return () if game.hand_end is None else false_declarers(game.hand_end)
