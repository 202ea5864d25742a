"""What a game's events leave for statistics: plain records per game, per hand and per win.

`GameCollector` is a listener: the table's events of a simulated game and the events replayed from a
real log go through the same code, as Mortal's `stat.rs` reads both from mjai logs. The records are
plain data so a simulation can store them (SQLite) and aggregate them later, in any order of arrival.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from variantlang.engine.events import (
    Chi,
    Daiminkan,
    EndGame,
    Event,
    Hora,
    Pon,
    Reach,
    ReachAccepted,
    Ryukyoku,
    StartGame,
    StartKyoku,
)
from variantlang.hand.points import LimitRules, hand_value


@dataclass(frozen=True, slots=True)
class WinRecord:
    hand: int
    """The hand's index in its game."""
    seat: int
    dealer: bool
    tsumo: bool
    han: int
    fu: int
    points: int
    """The hand's value without honba and sticks."""
    yakuman: int
    yaku: tuple[str, ...]
    """Yaku ids, and the dora kinds (`dora`, `red`, `ura`, …) the hand counted."""
    limit: str = ""
    """The limit the win was paid at, as the Scorer answered (`Score.limit`; "" for none)."""
    paid: bool = True
    """Whether the win was paid: every win is, except those of a hand played on after a win
    (`game.after_win play_on_best_paid`) that were reached but not the best."""


@dataclass(frozen=True, slots=True)
class HandRecord:
    index: int
    bakaze: int
    kyoku: int
    honba: int
    oya: int
    result: str
    """`win`, `exhaustive`, or the abortive draw's reason."""
    riichi: tuple[bool, ...]
    """Per seat: declared riichi in this hand."""
    called: tuple[bool, ...]
    """Per seat: made at least one open call (chi, pon, open kan)."""
    won: tuple[bool, ...]
    dealt_in: tuple[bool, ...]
    deltas: tuple[int, ...]
    """Per seat: the score change over the hand (riichi deposits included)."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    players: int
    hands: tuple[HandRecord, ...]
    wins: tuple[WinRecord, ...]
    scores: tuple[int, ...]
    """Final scores."""
    points: tuple[float, ...]
    reason: str
    """`complete`, `tobi` or `timeout` (a hand cap cut the game off)."""

    @property
    def paid_wins(self) -> tuple[WinRecord, ...]:
        """The wins that were paid: each hand's result (`wins` also holds the wins a played-on hand reached
        and did not pay)."""
        return tuple(w for w in self.wins if w.paid)

    def placements(self) -> tuple[int, ...]:
        """Each seat's place (1 = top) in the engine's final standing (`EndGame`): its points carry the
        variant's tie rule (`game.ties`: shared, by lot, to the last winner), so they order the seats; the
        final scores order them only where the points are equal or absent."""
        points = self.points or (0.0,) * self.players
        order = sorted(range(self.players), key=lambda i: (-points[i], -self.scores[i], i))
        places = [0] * self.players
        for rank, seat in enumerate(order, start=1):
            places[seat] = rank
        return tuple(places)


@dataclass(slots=True)
class _Hand:
    start: StartKyoku
    riichi: list[bool]
    called: list[bool]
    won: list[bool]
    dealt_in: list[bool]
    deltas: list[int]
    result: str = ""


@dataclass(slots=True)
class GameCollector:
    """A listener that records one game. `stick` is the riichi deposit (the variant's `riichi.stick`),
    so a hand's score change counts what a riichi cost."""

    stick: int
    derive_limits: LimitRules | None = None
    """None: each win's limit is the one its `Hora` carries (the engine's, from the Scorer). For logs that
    do not carry it (mjai read directly), the limit is derived from han and fu under these rules."""
    players: int = 0
    hands: list[HandRecord] = field(default_factory=list)
    wins: list[WinRecord] = field(default_factory=list)
    end: EndGame | None = None
    _hand: _Hand | None = None
    _unpaid: list[Hora] = field(default_factory=list)
    """Wins announced unpaid under `game.after_win play_on_best_paid`, until the hand's `best_paid`."""

    def __call__(self, event: Event) -> None:
        if isinstance(event, StartGame):
            self.players = event.players
        elif isinstance(event, StartKyoku):
            self._close()
            n = len(event.scores)
            self.players = n
            self._hand = _Hand(event, [False] * n, [False] * n, [False] * n, [False] * n, [0] * n)
        elif isinstance(event, EndGame):
            self._close()
            self.end = event
        elif self._hand is not None:
            self._in_hand(self._hand, event)

    def _in_hand(self, hand: _Hand, event: Event) -> None:
        if isinstance(event, Reach):
            hand.riichi[event.actor] = True
        elif isinstance(event, ReachAccepted):
            hand.deltas[event.actor] -= self.stick
        elif isinstance(event, Chi | Pon | Daiminkan):
            hand.called[event.actor] = True
        elif isinstance(event, Hora):
            if event.deltas:
                self._win(hand, event, event.deltas)
            else:  # announced, paid only if it is the best at the end of the hand
                self._unpaid.append(event)
        elif isinstance(event, Ryukyoku) and event.reason == "best_paid":
            # The hand ends in one paid win (the seat the settlement pays most); the others were reached,
            # stored unpaid, and change nothing of the hand's result.
            paid = max(range(len(event.deltas)), key=lambda seat: event.deltas[seat])
            for win in self._unpaid:
                if win.actor == paid:
                    self._win(hand, win, event.deltas)
                else:
                    self.wins.append(self._record(hand, win, paid=False))
            self._unpaid.clear()
        elif isinstance(event, Ryukyoku):
            hand.result = "exhaustive" if event.reason == "exhaustive" else event.reason
            for seat, delta in enumerate(event.deltas):
                hand.deltas[seat] += delta

    def _win(self, hand: _Hand, event: Hora, deltas: tuple[int, ...]) -> None:
        hand.result = "win"
        hand.won[event.actor] = True
        tsumo = event.actor == event.target
        if not tsumo:
            hand.dealt_in[event.target] = True
        for seat, delta in enumerate(deltas):
            hand.deltas[seat] += delta
        self.wins.append(self._record(hand, event, paid=True))

    def _record(self, hand: _Hand, event: Hora, *, paid: bool) -> WinRecord:
        rules = self.derive_limits
        limit = event.limit if rules is None else hand_value(event.han, event.fu, event.yakuman, rules).limit.value
        return WinRecord(
            len(self.hands),
            event.actor,
            event.actor == hand.start.oya,
            event.actor == event.target,
            event.han,
            event.fu,
            event.points,
            event.yakuman,
            tuple(y for y, _ in event.yaku),
            limit,
            paid,
        )

    def _close(self) -> None:
        hand = self._hand
        if hand is None:
            return
        s = hand.start
        self.hands.append(
            HandRecord(
                len(self.hands),
                s.bakaze,
                s.kyoku,
                s.honba,
                s.oya,
                hand.result or "unfinished",
                tuple(hand.riichi),
                tuple(hand.called),
                tuple(hand.won),
                tuple(hand.dealt_in),
                tuple(hand.deltas),
            )
        )
        self._hand = None

    def game(self) -> GameRecord:
        """The record, once the game has ended (`EndGame`)."""
        if self.end is None:
            raise ValueError("the game has not ended: no EndGame event")
        return GameRecord(
            self.players,
            tuple(self.hands),
            tuple(self.wins),
            self.end.scores,
            tuple(float(p) for p in self.end.points),
            self.end.reason,
        )
