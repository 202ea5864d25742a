"""The table loop: deal, ask each seat for its decisions, resolve calls, settle, and run a whole game.

Seats are asked only through the legal-action functions' offers (`legal`), and whatever a seat answers
is checked against them: a bot or a log that tries anything else raises `IllegalAction`. Every change
goes through `emit`, which applies the event to the state and hands it to the listener (a record
writer, statistics, or replay's comparison).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Protocol

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
from variantlang.engine.wall import Wall, dice, live_size
from variantlang.hand.points import payments
from variantlang.model.ruleset import Ruleset
from variantlang.model.win import Score, WinInput


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

MANGAN_BASE = 2000
LAST_DRAWS = 8
"""鳴き立直 (seed 004 step 8): once all but one have won with 8 or more tiles left, the last draws 8 more."""


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
        self.oya = 0
        """The dealer's seat: `dealer` itself, unless the Ruleset chooses dealers otherwise (`engine.dealers`)."""
        self.honba = 0
        self.kyotaku = 0
        self.over = False
        self.end: EndGame | None = None
        self.hands = 0
        self.kyoku: Kyoku | None = None
        self.wareme: int | None = None
        """The seat whose wall the dice broke this hand, where wareme doubles its payments."""
        self.won = [False] * self.players
        self.last_won = [-1] * self.players
        """When each seat last won (-1: never; higher is later), for `game.ties last_winner`."""
        """Who has won a hand (yakitori)."""
        self.stick_owners = [0] * self.players
        """Who put up the riichi sticks on the table (`leftover_sticks owners`)."""
        self.chips = [0] * self.players
        self.win_inputs: list[WinInput] = []
        self.won_here: list[Hora] = []
        """The wins of the hand being played, as they would be paid (`game.after_win play_on_best_paid`)."""
        """The wins of the last hand as the scorer took them (`replay --rescore` scores them again)."""
        self.emit(StartGame(self.players, tuple(self.scores), seed))

    def emit(self, event: Event) -> None:
        if self.kyoku is not None:
            self.kyoku.apply(event)
        if self.listener is not None:
            self.listener(event)

    @property
    def round_index(self) -> int:
        return self.bakaze * self.players + self.dealer

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
        self.win_inputs = []
        if self.rules.ruleset.game.wareme:
            throw = dice(self.seed, self.round_index, self.honba)
            self.wareme = (self.oya + throw - 1) % self.players
        self.kyoku = k = Kyoku(self.rules, start, live_size(self.rules))
        if self.listener is not None:
            self.listener(start)
        for i in range(1, 1 if self.rules.chosen_indicators else self.rules.first_indicators):
            self.emit(Dora(wall.indicator(i)))
        result = self._run(k, wall)
        self.emit(EndKyoku())
        self.scores = [s.score for s in k.seats]
        self.kyotaku = k.kyotaku
        self.hands += 1
        self._tally(k, result)
        self._advance(result)
        self.kyoku = None
        return result

    def _run(self, k: Kyoku, wall: Wall) -> list[Hora] | Ryukyoku:
        rules = self.rules
        seat = k.oya
        draw: str | None = "live"
        self.won_here = []
        last_draws = -1
        """Draws the last player still playing may make (`play_on`: 8 once all the others have won)."""
        placing = rules.chosen_indicators
        """The start player's first turn is to place the indicator (`dora.chosen_indicators`)."""
        while True:
            if draw is not None:
                if draw == "live" and (k.live_left == 0 or last_draws == 0):
                    return self._best_paid(k) if self.won_here else self._exhaustive(k)
                if draw == "live" and last_draws > 0:
                    last_draws -= 1
                tile = wall.replacement() if draw == "rinshan" else wall.draw()
                self.emit(Tsumo(seat, tile, draw == "rinshan"))
            if placing:  # 鳴き立直 step 2: in place of the first discard
                placing = False
                marker = self._choose_indicator(k, seat, list(k.seats[seat].hand), start=True)
                assert marker is not None
                self.emit(Dora(marker))
                seat = self._next_playing(seat)
                continue
            view = View(k, seat)
            action = self._ask_turn(seat, view, legal.turn_options(rules, view))
            if isinstance(action, Hora):
                settled = self._settle(k, wall, [action], tsumo=True)
                if not rules.play_on or isinstance(settled, Ryukyoku):
                    return settled
                if len(self.won_here) == self.players:
                    return self._best_paid(k)
                if len(self.won_here) == self.players - 1 and last_draws < 0:
                    last_draws = min(LAST_DRAWS, k.live_left)
                seat = self._next_playing(seat)
                draw = "live"
                continue
            if isinstance(action, Ryukyoku):
                return self._abort(k, action.reason)
            if isinstance(action, Reach):
                discards: list[TurnAction] = list(legal.allow_riichi(rules, view))
                self.emit(action)
                action = self._ask_turn(seat, view, discards)
            if isinstance(action, Ankan):
                self.emit(action)
                if rules.ankan_robbing:  # the kan stands only if no thirteen-orphans wait robs it
                    rons = self._ask_rons(k, seat, action.consumed[0], "ankan")
                    if rons:
                        settled = self._settle(k, wall, rons, tsumo=False, chankan=True)
                        if not rules.play_on or isinstance(settled, Ryukyoku):
                            return settled
                self._reveal_due(k, wall)  # an earlier open kan's indicator comes first
                if rules.chosen_indicators:
                    self._kan_dora(k, wall, seat)
                elif rules.kan_dora and len(k.dora_markers) < rules.max_indicators:
                    self.emit(Dora(wall.indicator(len(k.dora_markers))))
                draw = "rinshan"
                continue
            if isinstance(action, Kakan | Nukidora):
                earlier = k.dora_due if isinstance(action, Kakan) else 0
                self.emit(action)
                robbed = "kakan" if isinstance(action, Kakan) else "nuki"
                rons = self._ask_rons(k, seat, action.pai, robbed)
                if rons:
                    settled = self._settle(k, wall, rons, tsumo=False, chankan=isinstance(action, Kakan))
                    if not rules.play_on or isinstance(settled, Ryukyoku):
                        return settled
                for _ in range(earlier):  # an earlier open kan's indicator shows once this kan stands
                    self.emit(Dora(wall.indicator(len(k.dora_markers))))
                if isinstance(action, Kakan):
                    self._kan_dora(k, wall, seat)
                draw = "rinshan"
                continue
            assert isinstance(action, Dahai)
            self._reveal_due(k, wall)
            self.emit(action)
            rons = self._ask_rons(k, seat, action.pai)
            if rons:
                settled = self._settle(k, wall, rons, tsumo=False)
                if not rules.play_on or isinstance(settled, Ryukyoku):
                    return settled
            if k.seats[seat].reach_declared and not k.seats[seat].riichi_accepted:
                self.emit(ReachAccepted(seat))
            if rons:  # play goes on: the discard was won on, so nobody calls it
                if len(self.won_here) == self.players - 1 and last_draws < 0:
                    last_draws = min(LAST_DRAWS, k.live_left)
                seat = self._next_playing(seat)
                draw = "live"
                continue
            aborted = self._abortive_after_discard(k)
            if aborted is not None:
                return self._abort(k, aborted)
            call = self._ask_calls(k, seat, action.pai)
            if call is not None:
                self.emit(call)
                seat = call.actor
                if isinstance(call, Daiminkan):
                    self._kan_dora(k, wall, seat)
                    draw = "rinshan"
                else:
                    draw = None
                continue
            seat = self._next_playing(seat)
            draw = "live"

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
        if not (rules.kan_dora and rules.kan_dora_immediate and len(k.dora_markers) < rules.max_indicators):
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
        if draws.suucha_riichi and self.players == 4 and all(s.riichi_accepted for s in k.seats):
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
        houtei = not tsumo and not chankan and k.live_left == 0 and k.last_discard is not None
        for index, win in enumerate(wins):
            me = k.seats[win.actor]
            ura: tuple[int, ...] = ()
            if me.riichi and rules.ura:
                count = len(k.dora_markers) if rules.kan_ura else 1
                ura = tuple(wall.ura(i) for i in range(count))
            view = View(k, win.actor)
            nuki_ron = not tsumo and not chankan and k.last_discard != (target, win.pai)
            hand = legal.win_input(
                rules, view, win.pai, tsumo=tsumo, chankan=chankan, houtei=houtei and not nuki_ron, ura=ura,
                first=index == 0 and not self.won_here, discarder=None if tsumo else target,
            )  # fmt: skip
            score = rules.scorer.score(hand)
            pao = me.pao if me.pao is not None and any(y.id in rules.ruleset.win.pao for y in score.yaku) else None
            event = hora_event(
                self.players, k.oya, win, score, pao, tuple(k.dora_markers), ura, self.wareme,
                first=hand.first_win, east=0 if rules.fixed_winds else k.oya,
            )  # fmt: skip
            self.win_inputs.append(hand)
            if rules.play_on:  # paid only if it is the best at the end of the hand (`_best_paid`)
                self.won_here.append(event)
                event = replace(event, deltas=(), chips=())
            self.emit(event)
            settled.append(event)
        return settled

    def _best_paid(self, k: Kyoku) -> list[Hora]:
        """`game.after_win play_on_best_paid` (鳴き立直, seed 004 「出来上がった手牌の点数を比較し、最も点数が高い
        人が勝者とする」): the wins were announced unpaid; the best is paid now as it would have been when it
        was made, by a `best_paid` settlement. Decision: the best is the hand with the highest value one
        payer pays (the source's 「1人が払う点数」), a tsumo and a ron alike; between equals the earlier
        win. The hand's result is every win, the best carrying the payment."""
        wins = self.won_here
        best = max(range(len(wins)), key=lambda i: (max((-d for d in wins[i].deltas), default=0), -i))
        paid = wins[best]
        fine = self.rules.ruleset.riichi.false_declaration
        if fine:  # 鳴き立直 R-RIICHI-9: a declared player not tenpai at the end pays the round's winner
            won = {w.actor for w in wins}
            deltas = list(paid.deltas)
            for i, seat in enumerate(k.seats):
                if i not in won and seat.riichi and not seat.waits:
                    deltas[i] -= fine
                    deltas[paid.actor] += fine
            paid = replace(paid, deltas=tuple(deltas))
        tenpai = tuple(bool(s.waits) for s in k.seats)
        self.emit(Ryukyoku("best_paid", paid.deltas, tenpai))
        return [paid if i == best else replace(w, deltas=(0,) * self.players, chips=()) for i, w in enumerate(wins)]

    def _abort(self, k: Kyoku, reason: str) -> list[Hora] | Ryukyoku:
        """An abortive draw; under `play_on`, after a win it ends the hand and the best win is paid."""
        if self.won_here:
            return self._best_paid(k)
        event = Ryukyoku(reason, (0,) * self.players, tuple(bool(s.waits) for s in k.seats))
        self.emit(event)
        return event

    def _exhaustive(self, k: Kyoku) -> Ryukyoku:
        rules = self.rules.ruleset
        n = self.players
        tenpai = tuple(bool(s.waits) for s in k.seats)
        if rules.riichi.furiten_riichi == "chombo" and any(s.furiten_at_riichi for s in k.seats):
            return self._chombo(k, tenpai)
        deltas = [0] * n
        nagashi = tuple(i for i, s in enumerate(k.seats) if rules.draws.nagashi_mangan and s.nagashi and s.turns)
        if nagashi:
            flat = rules.payment.nagashi_value if rules.payment.scheme == "formula" else 0
            if flat and rules.payment.tsumo == "split":  # paid like a formula tsumo: shared, rounded up to 100
                flat = -(-flat // ((n - 1) * 100)) * 100
            for i in nagashi:
                p = payments(MANGAN_BASE, dealer=i == k.oya, tsumo=True, rules=rules.payment_rules)
                for j in range(n):
                    if j != i:
                        owed = flat or (p.from_dealer if j == k.oya else p.from_non_dealer)
                        deltas[j] -= owed
                        deltas[i] += owed
        elif 0 < sum(tenpai) < n:
            total = rules.draws.noten_payment
            winners = sum(tenpai)
            losers = n - winners
            for i in range(n):
                if rules.draws.noten_style == "split":
                    deltas[i] = total // winners if tenpai[i] else -(total // losers)
                else:
                    deltas[i] = total * losers if tenpai[i] else -total * winners
        event = Ryukyoku("exhaustive", tuple(deltas), tenpai, nagashi)
        self.emit(event)
        return event

    def _chombo(self, k: Kyoku, tenpai: tuple[bool, ...]) -> Ryukyoku:
        """A furiten riichi found when the riichi hands are shown at the exhaustive draw (囲将会 §4.1:
        振り聴リーチ…は流局後チョンボ): each offender pays `penalties.chombo` to every other player, and
        that settles the hand in place of the noten payments and nagashi mangan. The draw's reason is
        `chombo`, an abortive draw for the dealer strategies (the dealer stays, §4.1 親継続); the honba
        is added and the riichi sticks stay on the table, as after any draw."""
        cost = self.rules.ruleset.penalties.chombo
        deltas = [0] * self.players
        for i, seat in enumerate(k.seats):
            if seat.furiten_at_riichi:
                for j in range(self.players):
                    if j != i:
                        deltas[i] -= cost
                        deltas[j] += cost
        event = Ryukyoku("chombo", tuple(deltas), tenpai)
        self.emit(event)
        return event

    # ------------------------------------------------------------------ the game
    def _tally(self, k: Kyoku, result: list[Hora] | Ryukyoku) -> None:
        """What settlement needs beside the scores: who has won, whose sticks are on the table, chips."""
        if isinstance(result, Ryukyoku):
            for i, seat in enumerate(k.seats):
                self.stick_owners[i] += seat.riichi_accepted
            return
        self.stick_owners = [0] * self.players
        for hora in result:
            self.won[hora.actor] = True
            # the later hand ranks higher; within a double ron, head-bump order from the dealer (囲将会 §1.3)
            self.last_won[hora.actor] = (
                self.hands * self.players + self.players - 1 - (hora.actor - k.oya) % self.players
            )
            for i, c in enumerate(hora.chips):
                self.chips[i] += c

    def _advance(self, result: list[Hora] | Ryukyoku) -> None:
        """Dealer rotation, honba, and the end of the game (tobi, last hand, extension, agari-yame)."""
        game = self.rules.ruleset.game
        oya = self.oya
        next_oya, kept_by = self.rules.next_dealer(oya, result, self.players)
        keep = bool(kept_by)
        self.honba = 0 if isinstance(result, list) and not keep else self.honba + 1
        kept_by = kept_by if kept_by != "draw" else ""  # only a win or tenpai count for agari- and tenpai-yame
        scores = self.scores
        if (game.tobi == "below_zero" and min(scores) < 0) or (game.tobi == "at_zero" and min(scores) <= 0):
            busted = [i for i, s in enumerate(scores) if s < 0 or (s == 0 and game.tobi == "at_zero")]
            return self._finish("tobi", busted_by(result, busted))
        winds = 2 if game.length == "hanchan" else 1
        last = winds * self.players - 1
        here = self.round_index
        ext = {"none": winds - 1, "south": 1, "west": 2}[game.extension if game.length != "four_hands" else "none"]
        final = max(ext, winds - 1) * self.players + self.players - 1
        target = game.target_points
        if here >= last:
            top = max(range(self.players), key=lambda i: (scores[i], -i))
            yame = (kept_by == "win" and game.agari_yame) or (kept_by == "tenpai" and game.tenpai_yame)
            if keep:
                if top == oya and scores[oya] >= target and yame:
                    return self._finish("complete")
                if here > last and max(scores) >= target and kept_by and top == oya:
                    return self._finish("complete")
            elif max(scores) >= target or here >= final:
                return self._finish("complete")
        if not keep:
            self.oya = next_oya
            self.dealer += 1
            if self.dealer == self.players:
                self.dealer = 0
                self.bakaze += 1
        return None

    def _finish(self, reason: str, busted: tuple[tuple[int, int], ...] = ()) -> None:
        scores, points = final_standing(
            self.rules.ruleset, self.scores, self.kyotaku, owners=self.stick_owners, won=self.won, busted=busted,
            chips=self.chips, last_won=self.last_won, lot=self.seed,
        )  # fmt: skip
        self.kyotaku = 0
        self.scores = list(scores)
        self.over = True
        self.end = EndGame(scores, points, reason, tuple(self.chips) if any(self.chips) else ())
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


def busted_by(result: list[Hora] | Ryukyoku, busted: list[int]) -> tuple[tuple[int, int], ...]:
    """(busted seat, the winner whose win took points from it) — the first such winner in turn order
    from the discarder; a seat that busted at a draw, or without paying a winner, has nobody to pay."""
    if isinstance(result, Ryukyoku):
        return ()
    out = []
    for seat in busted:
        winner = next((h.actor for h in result if h.deltas and h.deltas[seat] < 0), None)
        if winner is not None:
            out.append((seat, winner))
    return tuple(out)


def final_standing(
    ruleset: Ruleset,
    scores: Sequence[int],
    kyotaku: int,
    *,
    owners: Sequence[int] = (),
    won: Sequence[bool] = (),
    busted: Sequence[tuple[int, int]] = (),
    chips: Sequence[int] = (),
    last_won: Sequence[int] = (),
    lot: int = 0,
) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """Final scores and points. The scores settle, in this order, the leftover sticks (to first place,
    back to their `owners`, or lost), the bust prize (`busted`: who pays whom) and yakitori (`won`: who
    won a hand; not tracked when empty). Places follow, ties broken by seat order from the first dealer,
    and points are (score − return) / 1000, plus the uma of the place (the sinking uma for the number
    of players below the return points, where the variant has one), plus the oka for first place, plus
    the chips at their value. A top prize (`game.top_prize`) goes to first place in place of the oka,
    and the others pay in equal shares what it exceeds the oka by (receive what it falls short), so the
    points still sum to zero: 囲将会's +15 (25 000 start, 30 000 return, three players) is the oka itself.
    Ties for first (`game.ties`): seat order; `last_winner` (囲将会), the higher `last_won` first (when each
    seat last won, -1 never); `lot` (DORA tournament), an order drawn from `lot` (the game's seed). Other
    ties: seat order."""
    game = ruleset.game
    players = len(scores)
    if game.ties == "last_winner" and last_won:
        tie = [-last_won[i] for i in range(players)]
    elif game.ties == "lot":
        tie = list(range(players))
        random.Random(f"ties:{lot}").shuffle(tie)
    else:
        tie = [0] * players

    def placed(final: list[int], i: int) -> tuple[int, int, int]:  # the tie rule ranks ties for top only
        return -final[i], tie[i] if final[i] == max(final) else 0, i

    final = list(scores)
    stick = ruleset.riichi.stick
    if game.leftover_sticks == "top":
        final[min(range(players), key=lambda i: placed(final, i))] += kyotaku * stick
    elif game.leftover_sticks == "owners":
        for i, count in enumerate(owners):
            final[i] += count * stick
    for loser, winner in busted:
        final[loser] -= game.tobi_prize
        final[winner] += game.tobi_prize
    winners = [i for i, w in enumerate(won) if w]
    if game.yakitori and winners:
        for i, w in enumerate(won):
            if not w:
                final[i] -= game.yakitori * len(winners)
                for j in winners:
                    final[j] += game.yakitori
    order = sorted(range(players), key=lambda i: placed(final, i))
    below = sum(1 for s in final if s < game.return_points)
    sinking = {1: game.uma_one_below, 2: game.uma_two_below, 3: game.uma_three_below}.get(below, ())
    uma = list(sinking or game.uma) or [0] * players
    oka = (game.return_points - game.start_points) * players
    top, rest = oka, 0.0
    if game.top_prize:  # in place of the oka; the others share what it exceeds the oka by
        top, rest = game.top_prize, (game.top_prize - oka) / (players - 1)
    value = ruleset.chips.value
    points = [0.0] * players
    for rank, i in enumerate(order):
        points[i] = (final[i] - game.return_points + (top if rank == 0 else -rest)) / 1000 + uma[rank]
        if chips:
            points[i] += chips[i] * value / 1000
    return tuple(final), tuple(points)


def hora_event(
    players: int,
    oya: int,
    win: Hora,
    score: Score,
    pao: int | None,
    dora_markers: tuple[int, ...] = (),
    ura: tuple[int, ...] = (),
    wareme: int | None = None,
    *,
    first: bool = True,
    east: int | None = None,
) -> Hora:
    """A win's result: who pays what (pao: all of a tsumo, half of a ron and the honba; `wareme`: that
    seat's share doubled, or every share when it wins), the chips, and its yaku. Only the `first` win of
    the hand is paid the honba and the sticks (a double ron's second winner is scored with the table's
    honba, for the conditions that read it, and paid none). A tsumo whose payments differ by payer seat
    (`Payments.by_seat`, East first) is paid by each seat's wind counted from `east` (the dealer if None)."""
    p = score.payments if first else score.payments._replace(honba_each=0, sticks=0)
    tsumo = win.actor == win.target
    deltas = [0] * players

    def times(payer: int) -> int:
        return 2 if wareme is not None and wareme in (payer, win.actor) else 1

    if tsumo:
        for i in range(players):
            if i != win.actor:
                if p.by_seat:
                    share = p.by_seat[(i - (oya if east is None else east)) % players] or 0
                else:
                    share = p.from_dealer if i == oya else p.from_non_dealer
                owed = share * times(i) + p.honba_each
                deltas[pao if pao is not None else i] -= owed
    elif pao is not None and pao != win.target:
        half = p.ron // 2
        deltas[win.target] -= (p.ron - half) * times(win.target)
        deltas[pao] -= half * times(pao) + p.honba_each
    else:
        deltas[win.target] -= p.ron * times(win.target) + p.honba_each
    deltas[win.actor] += p.sticks - sum(deltas)
    chips: tuple[int, ...] = ()
    if score.chips is not None and score.chips.each:
        each = score.chips.each
        payers = [i for i in range(players) if i != win.actor] if tsumo else [win.target]
        chips = tuple(each * len(payers) if i == win.actor else -each if i in payers else 0 for i in range(players))
    yaku = tuple((y.id, 0 if score.yakuman else y.han) for y in (*score.yaku, *score.bonuses))
    yaku += tuple(score.dora.items())
    return Hora(
        win.actor, win.target, win.pai, tuple(deltas), score.han, score.fu, p.hand, score.yakuman, yaku,
        dora_markers, ura, pao, chips,
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
