"""The table loop: deal, ask each seat for its decisions, resolve calls, settle, and run a whole game.

Seats are asked only through the legal-action functions' offers (`legal`), and whatever a seat answers
is checked against them: a bot or a log that tries anything else raises `IllegalAction`. Every change
goes through `emit`, which applies the event to the state and hands it to the listener (a record
writer, statistics, or replay's comparison).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from variantlang.catalog.game import has_last_hand
from variantlang.engine import legal
from variantlang.engine.deals import default_indicator
from variantlang.engine.events import (
    NO_MARKER,
    Ankan,
    CallAction,
    Chi,
    Dahai,
    Daiminkan,
    Dora,
    EndGame,
    EndKyoku,
    Event,
    Hora,
    Kakan,
    Nukidora,
    Pon,
    Reach,
    ReachAccepted,
    Ryukyoku,
    StartGame,
    StartKyoku,
    Tsumo,
    TurnAction,
)
from variantlang.engine.rules import EngineRules
from variantlang.engine.state import Kyoku, View
from variantlang.engine.tenpai import draw_tenpai
from variantlang.engine.wall import Wall, dice, live_size
from variantlang.model.win import Score, WinInput
from variantlang.rules.dora import Dice, may_turn, start_indicators
from variantlang.rules.settlement import (
    DrawSituation,
    WinPayment,
    WinSituation,
    false_declarers,
    settle_best_paid,
    settle_exhaustive,
    settle_win,
    sharers,
    takes_sticks,
    wareme_seat,
)
from variantlang.rules.standing import Tally, busted_by, busted_seats, exact_points, final_standing


class IllegalAction(ValueError):
    """A seat (or a log) chose something the rules did not offer."""


class Seat(Protocol):
    """A player. Besides these two, a seat may have optional methods the Ruleset's procedures ask when
    it has them, each with a documented default in the engine:

    - `pass_tiles(seat, hand) -> three tile ids of hand` (`game.deal seat_wind_plus_12_pass_3`);
      default `engine.deals.least_useful`.
    - `choose_indicator(view, options) -> a tile id of options, or None` (`dora.chosen_indicators`):
      at the start, which tile of the hand the start player places (None is refused); after a kan,
      which own discard the kan maker moves, or None for none. Default `engine.deals.default_indicator`.
    """

    def turn(self, view: View, options: list[TurnAction]) -> TurnAction: ...

    def call(self, view: View, options: list[CallAction]) -> CallAction | None: ...


Listener = Callable[[Event], None]

LAST_DRAWS = 8
"""鳴き立直 (seed 004 step 8): once all but one have won with 8 or more tiles left, the last draws 8 more."""


@dataclass(slots=True)
class _Turn:
    """Whose turn it is in the hand being played, and how they draw."""

    seat: int
    placing: bool = False
    """The start player's first turn is to place the indicator (`dora.chosen_indicators`)."""
    draw: str | None = "live"
    """`live`, `rinshan` (after a kan or nuki), or None (after a chi or pon: no draw)."""
    last_draws: int = -1
    """Draws the last player still playing may make (`play_on`: 8 once all the others have won)."""


class Game:
    """One game under one Ruleset: the scores and counters between hands, and the hands themselves."""

    def __init__(
        self, rules: EngineRules, seats: Sequence[Seat], *, seed: int = 0, listener: Listener | None = None
    ) -> None:
        self.rules = rules
        self.seats = seats
        self.seed = seed
        self.listener = listener
        game = rules.ruleset.game
        self.players = rules.players
        self.scores = [game.start_points] * self.players
        self.bakaze = 0
        self.dealer = 0
        """The hand's number inside the round wind (E1 = 0)."""
        self.laps = 0
        """Times the deal went round in a game that counts no rounds (`game.length until_bust`): its round
        wind stays East, and the laps keep its hands apart (`round_index`: each hand's wall and dice)."""
        self.oya = 0
        """The dealer's seat: `dealer` itself, unless the Ruleset chooses dealers otherwise (`engine.dealers`)."""
        self.honba = 0
        self.kyotaku = 0
        self.over = False
        self.end: EndGame | None = None
        self.kyoku: Kyoku | None = None
        self.dice = Dice(0, 0)
        """The dice thrown for this hand (`engine.wall.dice`): where the wall breaks, and a pair's double dora."""
        self.wareme: int | None = None
        """The seat whose wall the dice broke this hand, where wareme doubles its payments."""
        self.tally = Tally(self.players)
        """What the end of the game settles besides the scores (sticks' owners, who won, chips)."""
        self.win_inputs: list[WinInput] = []
        """The wins of the last hand as the scorer took them (`replay --rescore` scores them again)."""
        self.liable: list[int | None] = []
        """For each of those wins, the seat that fed it pao yaku (`win.pao`), if any."""
        self.hand_end: DrawSituation | None = None
        """The table at the end of the last hand (`replay --rescore` settles its draw again)."""
        self.riichi: tuple[bool, ...] = ()
        """Who put up a riichi stick in the last hand."""
        self.won_here: list[Hora] = []
        """The wins of the hand being played, as they would be paid (`game.after_win play_on_best_paid`)."""
        self.emit(StartGame(self.players, tuple(self.scores), seed))

    def emit(self, event: Event) -> None:
        if self.kyoku is not None:
            self.kyoku.apply(event)
        if self.listener is not None:
            self.listener(event)

    @property
    def hands(self) -> int:
        """Hands played so far."""
        return self.tally.hands

    @property
    def round_index(self) -> int:
        """How many times the deal has passed (E1 = 0): what seeds a hand's wall and dice with its honba."""
        return (self.bakaze + self.laps) * self.players + self.dealer

    def header(self, wall: Wall) -> StartKyoku:
        """The hand's start: the wall's deal, after the Ruleset's deal procedure (`engine.deals`) unless
        the wall serves hands already dealt (a log's, `passed`)."""
        hands = wall.haipai()
        if not getattr(wall, "passed", False):
            hands = self.rules.deal(self.rules, hands, self.oya, self.seats)
        marker = NO_MARKER if self.rules.chosen_indicators else wall.indicator(0)
        return StartKyoku(
            self.bakaze, self.dealer, self.honba, self.kyotaku, self.oya, marker, hands, tuple(self.scores)
        )

    # ------------------------------------------------------------------ one hand
    def play_kyoku(self, wall: Wall) -> list[Hora] | Ryukyoku:
        """Play one hand on `wall`, settle it, and move the game on (or end it)."""
        start = self.header(wall)
        self.hand_end = None
        self.win_inputs = []
        self.liable = []
        self.dice = dice(self.seed, self.round_index, self.honba)
        self.wareme = wareme_seat(self.rules.ruleset, self.oya, self.dice.total, self.players)
        self.kyoku = k = Kyoku(self.rules, start, live_size(self.rules))
        if self.listener is not None:
            self.listener(start)
        first = 1 if self.rules.chosen_indicators else start_indicators(self.rules.ruleset.dora, self.dice)
        for i in range(1, first):
            self.emit(Dora(wall.indicator(i)))
        result = self._run(k, wall)
        self.emit(EndKyoku())
        self.scores = [s.score for s in k.seats]
        self.kyotaku = k.kyotaku
        self._hand_end(k)
        self.riichi = tuple(s.riichi_accepted for s in k.seats)
        self._tally(k, result)
        self._advance(result)
        self.kyoku = None
        return result

    def _run(self, k: Kyoku, wall: Wall) -> list[Hora] | Ryukyoku:
        self.won_here = []
        turn = _Turn(k.oya, placing=self.rules.chosen_indicators)
        while True:
            result = self._step(k, wall, turn)
            if result is not None:
                return result

    def _step(self, k: Kyoku, wall: Wall, turn: _Turn) -> list[Hora] | Ryukyoku | None:
        """One seat's turn: its draw (or the end of the wall), then what it does with it; the hand's result
        when the turn ends the hand."""
        rules = self.rules
        seat = turn.seat
        if turn.draw is not None:
            if turn.draw == "live" and (k.live_left == 0 or turn.last_draws == 0):
                return self._best_paid(k) if self.won_here else self._exhaustive(k)
            if turn.draw == "live" and turn.last_draws > 0:
                turn.last_draws -= 1
            tile = wall.replacement() if turn.draw == "rinshan" else wall.draw()
            self.emit(Tsumo(seat, tile, turn.draw == "rinshan"))
        if turn.placing:  # 鳴き立直 step 2: in place of the first discard
            turn.placing = False
            self._place_start(k, seat)
            turn.seat = self._next_playing(seat)
            return None
        view = View(k, seat)
        action = self._ask_turn(seat, view, legal.turn_options(rules, view))
        if isinstance(action, Hora):
            return self._tsumo(k, wall, turn, action)
        if isinstance(action, Ryukyoku):
            return self._abort(k, action.reason)
        if isinstance(action, Reach):
            discards: list[TurnAction] = list(legal.allow_riichi(rules, view))
            self.emit(action)
            action = self._ask_turn(seat, view, discards)
        if isinstance(action, Ankan):
            return self._ankan(k, wall, turn, action)
        if isinstance(action, Kakan | Nukidora):
            return self._added(k, wall, turn, action)
        assert isinstance(action, Dahai)
        return self._discard(k, wall, turn, action)

    def _ends(self, settled: list[Hora] | Ryukyoku) -> bool:
        """Whether settled wins end the hand (they do unless the Ruleset plays on after a win)."""
        return not self.rules.play_on or isinstance(settled, Ryukyoku)

    def _play_on(self, k: Kyoku, turn: _Turn) -> None:
        """After a win the hand plays on (`play_on`): the next seat still playing draws; once all but one
        have won, the last has `LAST_DRAWS` draws left."""
        if len(self.won_here) == self.players - 1 and turn.last_draws < 0:
            turn.last_draws = min(LAST_DRAWS, k.live_left)
        turn.seat = self._next_playing(turn.seat)
        turn.draw = "live"

    def _tsumo(self, k: Kyoku, wall: Wall, turn: _Turn, action: Hora) -> list[Hora] | Ryukyoku | None:
        settled = self._settle(k, wall, [action], tsumo=True)
        if self._ends(settled):
            return settled
        if len(self.won_here) == self.players:
            return self._best_paid(k)
        self._play_on(k, turn)
        return None

    def _ankan(self, k: Kyoku, wall: Wall, turn: _Turn, action: Ankan) -> list[Hora] | Ryukyoku | None:
        rules = self.rules
        self.emit(action)
        if rules.ankan_robbing:  # the kan stands only if no thirteen-orphans wait robs it
            rons = self._ask_rons(k, turn.seat, action.consumed[0], "ankan")
            if rons:
                settled = self._settle(k, wall, rons, tsumo=False, chankan=True)
                if self._ends(settled):
                    return settled
        self._reveal_due(k, wall)  # an earlier open kan's indicator comes first
        if rules.chosen_indicators:
            self._kan_dora(k, wall, turn.seat)
        elif rules.kan_dora and self._turnable(k):
            self.emit(Dora(wall.indicator(len(k.dora_markers))))
        turn.draw = "rinshan"
        return None

    def _added(self, k: Kyoku, wall: Wall, turn: _Turn, action: Kakan | Nukidora) -> list[Hora] | Ryukyoku | None:
        """An added kan or a nuki tile: robbed by a ron, or the seat draws a replacement."""
        kakan = isinstance(action, Kakan)
        earlier = k.dora_due if kakan else 0
        self.emit(action)
        rons = self._ask_rons(k, turn.seat, action.pai, "kakan" if kakan else "nuki")
        if rons:
            settled = self._settle(k, wall, rons, tsumo=False, chankan=kakan)
            if self._ends(settled):
                return settled
        for _ in range(earlier):  # an earlier open kan's indicator shows once this kan stands
            self.emit(Dora(wall.indicator(len(k.dora_markers))))
        if kakan:
            self._kan_dora(k, wall, turn.seat)
        turn.draw = "rinshan"
        return None

    def _discard(self, k: Kyoku, wall: Wall, turn: _Turn, action: Dahai) -> list[Hora] | Ryukyoku | None:
        """A discard: won on, or the riichi it declared stands; then an abortive draw, a call, or the next seat."""
        seat = turn.seat
        after_pass = self.rules.kan_dora_after_pass
        if not after_pass:
            self._reveal_due(k, wall)
        self.emit(action)
        rons = self._ask_rons(k, seat, action.pai)
        if rons:
            settled = self._settle(k, wall, rons, tsumo=False)
            if self._ends(settled):
                return settled
        elif after_pass:  # R-DORA-6 (b): an open kan's indicator once its discard has passed without a win
            self._reveal_due(k, wall)
        if k.seats[seat].reach_declared and not k.seats[seat].riichi_accepted:
            self.emit(ReachAccepted(seat))
        if rons:  # play goes on: the discard was won on, so nobody calls it
            self._play_on(k, turn)
            return None
        aborted = self._abortive_after_discard(k)
        if aborted is not None:
            return self._abort(k, aborted)
        call = self._ask_calls(k, seat, action.pai)
        if call is None:
            turn.seat = self._next_playing(seat)
            turn.draw = "live"
            return None
        self.emit(call)
        turn.seat = call.actor
        turn.draw = None
        if isinstance(call, Daiminkan):
            self._kan_dora(k, wall, call.actor)
            turn.draw = "rinshan"
        return None

    def _next_playing(self, seat: int) -> int:
        """The next seat in turn order that has not won (`play_on`; every seat, otherwise)."""
        if not self.won_here:
            return (seat + 1) % self.players
        won = {h.actor for h in self.won_here}
        for step in range(1, self.players + 1):
            nxt = (seat + step) % self.players
            if nxt not in won:
                return nxt
        return seat

    def _kan_dora(self, k: Kyoku, wall: Wall, seat: int) -> None:
        """An open kan's indicator, when it shows at once (else the state holds it due, `_reveal_due`);
        under `dora.chosen_indicators` the kan maker `seat` may move one of its own discards there."""
        rules = self.rules
        if not (rules.kan_dora and rules.kan_dora_immediate and self._turnable(k)):
            return
        if not rules.chosen_indicators:
            self.emit(Dora(wall.indicator(len(k.dora_markers))))
            return
        called = {t for s in k.seats for m in s.melds if m.called is not None for t in (m.called,)}
        options = [t for t in k.seats[seat].discards if t not in called]
        if options:
            tile = self._choose_indicator(k, seat, options, start=False)
            if tile is not None:
                self.emit(Dora(tile))

    def _turnable(self, k: Kyoku) -> bool:
        """Whether a kan's indicator is turned: below the most indicators, and where one is left to turn
        (`rules.dora.may_turn`); else the kan stands without one."""
        shown = len(k.dora_markers)
        return shown < self.rules.max_indicators and may_turn(self.rules.ruleset, shown, k.live_left)

    def _place_start(self, k: Kyoku, seat: int) -> None:
        """鳴き立直 steps 2 and 6: the start player places the first indicator from the hand, in place of a
        first discard, and may declare with it (「2あるいは4の段階で…横向きにしてもよい」) where a tile placed
        leaves it tenpai: asked as a riichi is, the declaring tile is the one placed. No one calls or wins on
        an indicator, so the declaration stands at once. A seat that does not declare places the tile its
        `choose_indicator` chooses, as when it could not."""
        view = View(k, seat)
        declaring = legal.allow_riichi(self.rules, view)
        if declaring and isinstance(
            self._ask_turn(seat, view, [Reach(seat), *legal.allow_discards(self.rules, view)]), Reach
        ):
            self.emit(Reach(seat))
            placed = self._ask_turn(seat, view, list(declaring))
            assert isinstance(placed, Dahai)
            self.emit(Dora(placed.pai))
            self.emit(ReachAccepted(seat))
            return
        marker = self._choose_indicator(k, seat, list(k.seats[seat].hand), start=True)
        assert marker is not None
        self.emit(Dora(marker))

    def _choose_indicator(self, k: Kyoku, seat: int, options: list[int], *, start: bool) -> int | None:
        """A seat's choice of indicator (`Seat.choose_indicator`), or the engine's default
        (`engine.deals.default_indicator`); at the start one must be placed."""
        choose = getattr(self.seats[seat], "choose_indicator", None)
        view = View(k, seat)
        tile = choose(view, options) if choose is not None else default_indicator(self.rules, view, options, start)
        if (tile is None and start) or (tile is not None and tile not in options):
            raise IllegalAction(f"seat {seat} places indicator {tile}, not one of {options}")
        return tile

    def _reveal_due(self, k: Kyoku, wall: Wall) -> None:
        """Open kans' indicators still due: shown before the discard, or when another kan follows."""
        while k.dora_due:
            self.emit(Dora(wall.indicator(len(k.dora_markers))))

    def _ask_turn(self, seat: int, view: View, options: list[TurnAction]) -> TurnAction:
        if not options:
            raise IllegalAction(f"seat {seat} has nothing it may do")
        action = self.seats[seat].turn(view, options)
        if not legal.offered(self.rules, action, options):
            raise IllegalAction(f"seat {seat} chose {action}, which the rules do not offer here")
        if view.me.riichi and not isinstance(action, Hora) and any(isinstance(o, Hora) for o in options):
            view.me.passed_in_riichi = True  # a tsumo let pass
        return action

    def _ask_rons(self, k: Kyoku, discarder: int, tile: int, robbed: str = "") -> list[Hora]:
        """The seats that win on a discard (or on an added or closed kan, or a nuki tile: `robbed`), in turn
        order from the discarder; the Ruleset's limit on multiple ron applies when they are settled."""
        rons: list[Hora] = []
        chankan = robbed in ("kakan", "ankan")
        is_nuki = robbed == "nuki"
        kind = tile >> 2
        won = {h.actor for h in self.won_here} if self.won_here else ()
        for step in range(1, self.players):
            i = (discarder + step) % self.players
            if kind not in k.seats[i].waits or (won and i in won):
                continue
            view = View(k, i)
            hora = legal.allow_ron(
                self.rules, view, discarder, tile, chankan=chankan, nuki=is_nuki, ankan=robbed == "ankan"
            )
            if hora is None:
                continue
            options: list[CallAction] = [hora]
            if not robbed:
                options = legal.call_options(self.rules, view, discarder, tile)
            choice = self.seats[i].call(view, options)
            if isinstance(choice, Hora):
                rons.append(hora)
            elif view.me.riichi:
                view.me.passed_in_riichi = True  # a ron let pass
            elif choice is not None and not legal.offered(self.rules, choice, options):
                raise IllegalAction(f"seat {i} chose {choice}, which the rules do not offer here")
        return rons

    def _ask_calls(self, k: Kyoku, discarder: int, tile: int) -> Chi | Pon | Daiminkan | None:
        """Pon and kan come before chi; a seat that could have won and did not was asked already."""
        best: Chi | Pon | Daiminkan | None = None
        kind = tile >> 2
        chi_seat = (discarder + 1) % self.players if self.rules.chi and kind < 27 else -1
        for step in range(1, self.players):
            i = (discarder + step) % self.players
            counts = k.seats[i].counts
            if counts[kind] < 2 and (i != chi_seat or not _chi_shape(counts, kind)):
                continue  # nothing to call: skip building the offers
            if self.won_here and any(h.actor == i for h in self.won_here):
                continue
            view = View(k, i)
            options: list[CallAction] = [
                o for o in legal.call_options(self.rules, view, discarder, tile) if not isinstance(o, Hora)
            ]
            if not options:
                continue
            choice = self.seats[i].call(view, options)
            if choice is None or isinstance(choice, Hora):
                continue
            if not legal.offered(self.rules, choice, options):
                raise IllegalAction(f"seat {i} chose {choice}, which the rules do not offer here")
            assert isinstance(choice, Chi | Pon | Daiminkan)
            if best is None or (isinstance(best, Chi) and not isinstance(choice, Chi)):
                best = choice
        return best

    def _abortive_after_discard(self, k: Kyoku) -> str | None:
        draws = self.rules.ruleset.draws
        if (
            draws.suufon_renda
            and len(k.first_winds) == self.players
            and not k.calls_made
            and len(set(k.first_winds)) == 1
            and 27 <= k.first_winds[0] <= 30
        ):
            return "suufon_renda"
        if draws.suucha_riichi and all(s.riichi_accepted for s in k.seats):  # four, or three at three seats
            return "suucha_riichi"
        if draws.suukan_sanra and len(k.kan_seats) == 4 and len(set(k.kan_seats)) > 1:
            return "suukan_sanra"
        return None

    # ------------------------------------------------------------------ settlement
    def _settle(
        self, k: Kyoku, wall: Wall, wins: list[Hora], *, tsumo: bool, chankan: bool = False
    ) -> list[Hora] | Ryukyoku:
        rules = self.rules
        multiple = rules.ruleset.win.multiple_ron
        if len(wins) == 3 and rules.ruleset.draws.sancha_hou:
            return self._abort(k, "sancha_hou")
        limit = {"head_bump": 1, "double": 2, "triple": 3}[multiple]
        wins = wins[:limit]
        settled = []
        target = wins[0].target
        sharing = 1 if rules.play_on else sharers(rules.ruleset, len(wins), tsumo=tsumo)
        sticks = k.kyotaku  # the first win takes them off the table; winners who share them share these
        houtei = not tsumo and not chankan and k.live_left == 0 and k.last_discard is not None
        for index, win in enumerate(wins):
            me = k.seats[win.actor]
            ura: tuple[int, ...] = ()
            if me.riichi and rules.ura:
                count = len(k.dora_markers) if rules.kan_ura else 1
                ura = tuple(wall.ura(i) for i in range(count))
            view = View(k, win.actor)
            nuki_ron = not tsumo and not chankan and k.last_discard != (target, win.pai)
            facts = legal.WinFacts(chankan, houtei and not nuki_ron, ura, first=index == 0 and not self.won_here)
            hand = legal.win_input(rules, view, win.pai, tsumo=tsumo, discarder=None if tsumo else target, facts=facts)
            if sharing > 1:
                hand = replace(hand, riichi_sticks=sticks)
            score = rules.scorer.score(hand)
            situation = WinSituation(
                self.players, k.oya, win.actor, win.target, me.pao, self.wareme,
                first=takes_sticks(rules.ruleset, hand.first_win), east=0 if rules.fixed_winds else k.oya,
                sharing=sharing, false_declarers=() if rules.play_on else false_declarers(self._hand_end(k)),
            )  # fmt: skip
            event = hora_event(win, score, settle_win(rules.ruleset, situation, score), tuple(k.dora_markers), ura)
            self.win_inputs.append(hand)
            self.liable.append(me.pao)
            if rules.play_on:  # paid only if it is the best at the end of the hand (`_best_paid`)
                self.won_here.append(event)
                event = replace(event, deltas=(), chips=())
            self.emit(event)
            settled.append(event)
        return settled

    def _best_paid(self, k: Kyoku) -> list[Hora]:
        """`game.after_win play_on_best_paid`: the wins were announced unpaid; the best
        (`rules.settlement.settle_best_paid`) is paid now as it would have been when it was made, by a
        `best_paid` settlement. The hand's result is every win, the best carrying the payment."""
        wins = self.won_here
        end = self._hand_end(k)
        best, deltas = settle_best_paid(self.rules.ruleset, [(w.actor, w.deltas) for w in wins], false_declarers(end))
        self.emit(Ryukyoku("best_paid", deltas, end.tenpai))
        return [
            replace(w, deltas=deltas) if i == best else replace(w, deltas=(0,) * self.players, chips=())
            for i, w in enumerate(wins)
        ]

    def _abort(self, k: Kyoku, reason: str) -> list[Hora] | Ryukyoku:
        """An abortive draw: nobody pays; under `play_on`, after a win it ends the hand and the best win is paid."""
        if self.won_here:
            return self._best_paid(k)
        event = Ryukyoku(reason, (0,) * self.players, tuple(bool(s.waits) for s in k.seats))
        self.emit(event)
        return event

    def _exhaustive(self, k: Kyoku) -> Ryukyoku:
        """An exhaustive draw, settled by `rules.settlement.settle_exhaustive` (noten payments, nagashi, or
        a chombo for a riichi offence: 囲将会 §4.1, an abortive draw for the dealer strategies)."""
        situation = self._hand_end(k)
        paid = settle_exhaustive(self.rules.ruleset, situation)
        event = Ryukyoku(paid.reason, paid.deltas, situation.tenpai, paid.nagashi)
        self.emit(event)
        return event

    def _hand_end(self, k: Kyoku) -> DrawSituation:
        """The table as the hand ends (`hand_end`), judged once: who is tenpai (`engine.tenpai.draw_tenpai`)
        and who declared, for the draw's payments, for the false declarers a win or the best-paid end fines
        (`rules.settlement.false_declarers`), and for `replay --rescore`."""
        if self.hand_end is not None:
            return self.hand_end
        seats = k.seats
        self.hand_end = DrawSituation(
            k.oya,
            tuple(draw_tenpai(self.rules, View(k, i)) for i in range(len(seats))),
            tuple(i for i, s in enumerate(seats) if s.nagashi and s.turns),
            tuple(i for i, s in enumerate(seats) if s.furiten_at_riichi),
            tuple(i for i, s in enumerate(seats) if s.riichi),
            tuple(i for i, s in enumerate(seats) if s.passed_in_riichi),
        )
        return self.hand_end

    # ------------------------------------------------------------------ the game
    def _tally(self, k: Kyoku, result: list[Hora] | Ryukyoku) -> None:
        """What the final standing needs beside the scores: who has won, whose sticks are on the table, chips."""
        if isinstance(result, Ryukyoku):
            self.tally.drawn(self.riichi)
        else:
            self.tally.won_by(k.oya, [(h.actor, h.chips) for h in result])

    def _advance(self, result: list[Hora] | Ryukyoku) -> None:
        """Dealer rotation, honba, and the end of the game (tobi, last hand, extension, agari-yame)."""
        oya = self.oya
        next_oya, kept_by = self.rules.next_dealer(oya, result, self.players)
        keep = bool(kept_by)
        self.honba = 0 if isinstance(result, list) and not keep else self.honba + 1
        kept_by = kept_by if kept_by != "draw" else ""  # only a win or tenpai count for agari- and tenpai-yame
        scores = self.scores
        wins = [] if isinstance(result, Ryukyoku) else [(h.actor, h.deltas) for h in result]
        busted = busted_seats(self.rules.ruleset, scores)
        if busted:
            return self._finish("tobi", busted_by(wins, busted))
        last_hand = has_last_hand(self.rules.ruleset)
        if last_hand and self._last_hand_over(scores, oya, keep, kept_by):
            return self._finish("complete")
        busted = busted_seats(self.rules.ruleset, scores, hand_starts=True)
        if busted:  # `game.tobi at_start`: checked as the next hand would start
            return self._finish("tobi", busted_by(wins, busted))
        if not keep:
            self.oya = next_oya
            self.dealer += 1
            if self.dealer == self.players:
                self.dealer = 0
                if last_hand:
                    self.bakaze += 1
                else:  # a game without a set length counts no rounds: East stays
                    self.laps += 1
        return None

    def _last_hand_over(self, scores: list[int], oya: int, keep: bool, kept_by: str) -> bool:
        """Whether the game ends after this hand by its length: the last hand (or the extension's) is over,
        unless the dealer goes on (agari-yame and tenpai-yame, the extension's target)."""
        game = self.rules.ruleset.game
        winds = 2 if game.length == "hanchan" else 1
        last = winds * self.players - 1
        here = self.round_index
        ext = {"none": winds - 1, "south": 1, "west": 2}[game.extension if game.length != "four_hands" else "none"]
        final = max(ext, winds - 1) * self.players + self.players - 1
        target = game.target_points
        if here < last:
            return False
        top = max(range(self.players), key=lambda i: (scores[i], -i))
        yame = (kept_by == "win" and game.agari_yame) or (kept_by == "tenpai" and game.tenpai_yame)
        if keep:
            if top == oya and scores[oya] >= target and yame:
                return True
            return here > last and max(scores) >= target and bool(kept_by) and top == oya
        return max(scores) >= target or here >= final

    def _finish(self, reason: str, busted: tuple[tuple[int, int], ...] = ()) -> None:
        standing = final_standing(self.rules.ruleset, self.scores, self.kyotaku, self.tally, busted, self.seed)
        chips = self.tally.chips
        self.kyotaku = 0
        self.scores = list(standing.scores)
        self.over = True
        points = tuple(exact_points(p) for p in standing.points)
        self.end = EndGame(standing.scores, points, reason, tuple(chips) if any(chips) else ())
        self.emit(self.end)

    def timeout(self) -> None:
        """End a game that a hand cap cut off: its own outcome, not a normal end."""
        self._finish("timeout")


def _chi_shape(counts: list[int], kind: int) -> bool:
    """Whether the hand holds two tiles that make a run with `kind` (suited)."""
    n = kind % 9
    below = n >= 1 and counts[kind - 1] > 0
    above = n <= 7 and counts[kind + 1] > 0
    return (below and (above or (n >= 2 and counts[kind - 2] > 0))) or (above and n <= 6 and counts[kind + 2] > 0)


def hora_event(
    win: Hora, score: Score, paid: WinPayment, dora_markers: tuple[int, ...] = (), ura: tuple[int, ...] = ()
) -> Hora:
    """A win's event: the win, what it pays (`rules.settlement.settle_win`) and its yaku as the Scorer
    counted them (dora kinds by count; a yakuman hand's yaku at 0 han)."""
    p = score.payments
    yaku = tuple((y.id, 0 if score.yakuman else y.han) for y in (*score.yaku, *score.bonuses))
    yaku += tuple(score.dora.items())
    return Hora(
        win.actor, win.target, win.pai, paid.deltas, score.han, score.fu, p.hand, score.yakuman, yaku,
        dora_markers, ura, paid.pao, paid.chips, paid.limit,
    )  # fmt: skip


def play_game(
    rules: EngineRules,
    seats: Sequence[Seat],
    wall_for: Callable[[Game], Wall],
    *,
    seed: int = 0,
    listener: Listener | None = None,
    max_hands: int = 64,
) -> EndGame:
    """A whole game; `wall_for` gives each hand's wall (`SeededWall(rules, seed, round, honba, oya)` to
    simulate)."""
    game = Game(rules, seats, seed=seed, listener=listener)
    while not game.over:
        if game.hands >= max_hands:
            game.timeout()
            break
        game.play_kyoku(wall_for(game))
    assert game.end is not None
    return game.end
