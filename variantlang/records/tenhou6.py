"""Reader of tenhou.net/6 JSON (Tenhou's own `mjlog2json` output, and per-round JSON lines) into the
engine's events, so the same replay checks them.

Layout: ../shared/truth/FORMAT.md §6. Each seat's draw list and discard list pair up by index and are
interleaved here into one timeline (a call in a draw list takes the place of a draw and answers the
last discard; a kan, kita or riichi in a discard list takes the place of a discard). Tiles are codes
(11–47, 51–53 red fives); each gets a physical id (the XML numbering) as it first appears. The format
has no kan-dora timing and no tenpai list for a draw: replay does not compare those for these records.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from variantlang.engine.events import (
    NO_MARKER,
    Ankan,
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
)
from variantlang.engine.rules import TileTable
from variantlang.hand.points import hand_value, round_up_100
from variantlang.hand.tiles import ALL_KINDS, Mark, Tile
from variantlang.model.ruleset import Ruleset
from variantlang.records.fields import (
    MAX_COUNT,
    MAX_SCORE,
    READ_DRAWS,
    FieldError,
    check_int,
    check_ints,
    check_points,
    json_depth,
)
from variantlang.records.tenhou_xml import Record, RecordError, Round, Rules
from variantlang.rules.names import tenhou6_code, tenhou6_tile, yaku_id, yaku_name, yaku_order
from variantlang.rules.shapes import Shapes, shapes
from variantlang.rules.standing import points_json

TSUMOGIRI = 60
DRAWS = {
    "流局": "exhaustive",
    "流し満貫": "exhaustive",
    "全員聴牌": "exhaustive",
    "全員不聴": "exhaustive",
    "九種九牌": "kyuushu_kyuuhai",
    "四家立直": "suucha_riichi",
    "三家和了": "sancha_hou",
    "四槓散了": "suukan_sanra",
    "四風連打": "suufon_renda",
}
_YAKU = re.compile(r"^(.*)\((\d+)飜\)$|^(.*)\(役満\)$")
_VALUE = re.compile(r"^(?:(\d+)(?:符|Fu))?(?:\d+(?:飜|Han))?[^\d]*?(\d+)(?:-(\d+))?点(∀)?$")
"""A win's value: `30符4飜7700点`, `満貫8000点`, `20符3飜1300点∀`; in tensoul's English `30Fu4Han7700点`,
`Mangan 8000点`."""


def table_for(ruleset: Ruleset | None, red: bool) -> TileTable:
    """The tile ids a log is read with: the variant's, or (no variant yet) Tenhou's 136 with or without
    the red fives (copy 0 of each five)."""
    if ruleset is not None:
        return TileTable.build(ruleset)
    tiles = tuple(
        Tile(i >> 2, Mark.RED if red and i & 3 == 0 and i >> 2 in (4, 13, 22) else Mark.PLAIN) for i in range(136)
    )
    values = tuple((i >> 2, t.mark.value) for i, t in enumerate(tiles))
    return TileTable(tuple(range(136)), tiles, values)


class _Round:
    """The id of every tile of one round, and the seats' hands by id."""

    def __init__(self, table: TileTable, ruleset: Ruleset | None, players: int) -> None:
        self.table = table
        self.ruleset = ruleset
        self.free: dict[tuple[int, str], list[int]] = {}
        for i in reversed(table.ids):
            self.free.setdefault(table.value(i), []).append(i)
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.pons: dict[tuple[int, int], tuple[int, ...]] = {}
        self.rivers: list[list[int]] = [[] for _ in range(players)]

    def placed(self, seat: int, code: Any) -> int:
        """A placed indicator (`dora.chosen_indicators`, our `i` entry): the seat's latest discard of that
        tile still in its river (after a kan), else a tile of its hand (the start player's)."""
        value = self.value(code)
        river = self.rivers[seat]
        for t in reversed(river):
            if self.table.value(t) == value:
                river.remove(t)
                return t
        return self.take(seat, code)

    def value(self, code: Any) -> tuple[int, str]:
        """(kind, mark) of a tile code, as `TileTable.value`."""
        tile = tenhou6_tile(self.ruleset, code)
        return tile.kind, tile.mark.value

    def new(self, code: Any) -> int:
        pool = self.free.get(self.value(code))
        if not pool:
            raise ValueError(f"a copy too many of tile {code}")
        return pool.pop()

    def take(self, seat: int, code: Any) -> int:
        value = self.value(code)
        for t in self.hands[seat]:
            if self.table.value(t) == value:
                self.hands[seat].remove(t)
                return t
        raise ValueError(f"seat {seat} does not hold tile {code}")


def _codes(text: str) -> list[int]:
    if not text.isdigit():
        raise ValueError(f"call {text!r} is not two-digit tile codes")
    return [int(text[i : i + 2]) for i in range(0, len(text), 2)]


_CALL = re.compile(r"^(?=.{7}$|.{9}$)(?:\d\d)*[cpmka]\d\d(?:\d\d)*$")


def _call(text: str) -> tuple[str, int, list[int], int]:
    """(letter, called code, other codes, tile position of the marker) of a call string; for `k` the
    called code is the added tile (Tenhou writes `k`, the added tile, then the pon's called one)."""
    if not isinstance(text, str) or not _CALL.match(text):
        raise ValueError(f"not a call string: {str(text)[:20]!r}")
    letter = next(c for c in text if c.isalpha())
    at = text.index(letter)
    rest = text[:at] + text[at + 1 :]
    codes = _codes(rest)
    position = at // 2
    called = codes.pop(position) if letter != "c" else codes.pop(0)
    return letter, called, codes, position


TABLE_SEATS = 4
"""Tenhou seats a three-player game at a table of four, the North seat empty (FORMAT.md §10), and a call's
marker says where the tile came from at that table: seat 0's toimen is seat 2, its kamicha nobody."""


def _source(seat: int, letter: str, position: int) -> int:
    """The seat a call took its tile from, from where the marker stands (kamicha, toimen, shimocha), at
    Tenhou's table of four (`TABLE_SEATS`): in a three-player game the empty seat 3 answers no discard."""
    if letter == "c" or position == 0:
        return (seat + TABLE_SEATS - 1) % TABLE_SEATS
    if position == 1:
        return (seat + 2) % TABLE_SEATS
    return (seat + 1) % TABLE_SEATS


def _list(data: list[Any], index: int, field: str, most: int) -> list[Any]:
    value = data[index]
    if not isinstance(value, list) or len(value) > most:
        raise FieldError(field, f"not a list of at most {most}")
    return value


def _start(data: Any, players: int) -> tuple[int, int, int, tuple[int, ...]]:
    """(kyoku, honba, sticks, scores) of a round, checked."""
    if not isinstance(data, list) or len(data) != 17:
        raise FieldError("round", "not an array of 17")
    counters = dict(zip(("kyoku", "honba", "kyotaku"), _list(data, 0, "counters", 3), strict=False))
    kyoku = check_int(counters, "kyoku", 0, 15)
    honba, sticks = check_int(counters, "honba", 0, MAX_COUNT), check_int(counters, "kyotaku", 0, MAX_COUNT)
    scores = check_ints({"scores": data[1]}, "scores", (players, 4), -MAX_SCORE, MAX_SCORE)[:players]
    if kyoku % 4 >= players:
        raise FieldError("kyoku", f"dealer {kyoku % 4} in a {players}-player game")
    for seat in range(players):
        if len(_list(data, 4 + 3 * seat, "hand", 13)) != 13:
            raise FieldError("hand", f"seat {seat}'s starting hand does not have 13 tiles")
    return kyoku, honba, sticks, scores


def _round(data: list[Any], table: TileTable, ruleset: Ruleset | None, players: int, number: int | None) -> Round:
    """One round; `number` is the hand's number in its round wind where it is not the dealer's seat (the
    `hand_numbers` extension: a variant whose dealer is not the next seat, `game.renchan last_winner`)."""
    kyoku, honba, kyotaku, scores = _start(data, players)
    ids = _Round(table, ruleset, players)
    hands = tuple(tuple(ids.new(c) for c in data[4 + 3 * s]) for s in range(players))
    ids.hands = [list(h) for h in hands]
    placed = ruleset is not None and ruleset.dora.chosen_indicators  # the players place them: `i` entries
    indicators = [] if placed else [ids.new(c) for c in _list(data, 2, "dora", 10)]
    ura = tuple(ids.new(c) for c in _list(data, 3, "ura", 10))
    if not indicators and not placed:
        raise FieldError("dora", "no indicator")
    oya = kyoku % 4
    marker = indicators[0] if indicators else NO_MARKER
    start = StartKyoku(kyoku // 4, oya if number is None else number, honba, kyotaku, oya, marker, hands, scores)
    rnd = Round(start, indicators=indicators, ura=ura, dora_logged=placed)
    draws = [list(_list(data, 5 + 3 * s, "draws", 200)) for s in range(players)]
    discards = [list(_list(data, 6 + 3 * s, "discards", 200)) for s in range(players)]
    result = _list(data, 16, "result", 13)
    if not result or not all(isinstance(info, list) and len(info) >= 4 for info in result[2::2]):
        raise FieldError("result", "not a result")
    play_on = None
    if ruleset is not None and ruleset.game.after_win == "play_on_best_paid":
        play_on = _PlayOn.of(result, players, ruleset)
    accept = _timeline(rnd, ids, (draws, discards), oya, play_on)
    ronned = result[0] == "和了" and any(info[1] == accept != info[0] for info in result[2::2])
    if accept is not None and (not ronned or play_on is not None):
        rnd.events.append(ReachAccepted(accept))
    _result(rnd, result, players, ruleset, play_on)
    return rnd


class _PlayOn:
    """A hand played on after its wins (`game.after_win play_on_best_paid`): who won from whom, from the
    log's results, and where each win stands among the events, found as the play is read: a tsumo where
    the winner's discards end after a draw, a ron on the first discard of its payer once the winner's
    draws have ended."""

    def __init__(self, pending: dict[int, int], shapes: Shapes) -> None:
        self.pending = pending
        self.shapes = shapes
        """The variant's completing shapes: a ron is on a tile that completes the winner's hand."""
        self.found: dict[int, tuple[int, int]] = {}
        """Winner → (index of its win among the events, the winning tile)."""

    @classmethod
    def of(cls, result: list[Any], players: int, ruleset: Ruleset) -> _PlayOn:
        wins = result[2::2] if result[0] == "和了" else []
        seats = [(check_int({"seat": w[0]}, "seat", 0, players - 1), check_int({"seat": w[1]}, "seat", 0, players - 1))
                 for w in wins]  # fmt: skip
        return cls(dict(seats), shapes(ruleset))

    def tsumo(self, seat: int, index: int, tile: int) -> bool:
        if self.pending.get(seat) != seat or seat in self.found:
            return False
        self.found[seat] = (index, tile)
        return True

    def rons(self, seat: int, index: int, tile: int, timeline: _Timeline) -> None:
        draws, di = timeline.draws, timeline.di
        n = len(draws)
        for step in range(1, n):
            other = (seat + step) % n
            if self.pending.get(other) != seat or other in self.found or di[other] < len(draws[other]):
                continue
            counts = [0] * ALL_KINDS
            for t in (*timeline.ids.hands[other], tile):
                counts[t >> 2] += 1
            if self.shapes.complete(counts):
                self.found[other] = (index, tile)

    def following(self, seat: int, n: int) -> int:
        """The next seat in turn order that has not won."""
        for step in range(1, n + 1):
            if (seat + step) % n not in self.found:
                return (seat + step) % n
        return seat


def _timeline(
    rnd: Round, ids: _Round, lists: tuple[list[list[Any]], list[list[Any]]], seat: int, play_on: _PlayOn | None
) -> int | None:
    """Append the round's actions in order; the seat whose riichi is still to be accepted at the end."""
    return _Timeline(rnd, ids, *lists, play_on).run(seat)


class _Timeline:
    """The round's actions read from the seats' draw and discard lists, in the order they were played."""

    def __init__(
        self, rnd: Round, ids: _Round, draws: list[list[Any]], discards: list[list[Any]], play_on: _PlayOn | None
    ) -> None:
        self.events = rnd.events
        self.ids = ids
        self.draws, self.discards = draws, discards
        self.play_on = play_on
        n = self.n = len(draws)
        self.di, self.ci = [0] * n, [0] * n
        self.last: tuple[int, int] | None = None
        """(seat, id) of the last discard; None after an indicator placed in place of one."""
        self.drawn = -1
        self.accept: int | None = None

    def run(self, seat: int) -> int | None:
        draws, di = self.draws, self.di
        while di[seat] < len(draws[seat]):
            entry = draws[seat][di[seat]]
            di[seat] += 1
            if self.accept is not None:
                self.events.append(ReachAccepted(self.accept))
                self.accept = None
            if isinstance(entry, str):
                if self._call(seat, entry):
                    continue
            else:
                self.drawn = self.ids.new(entry)
                self.ids.hands[seat].append(self.drawn)
                self.events.append(Tsumo(seat, self.drawn))
            ended = self._actions(seat)
            if ended:
                return self.accept
            seat = self._next(seat)
        return self.accept

    def _call(self, seat: int, entry: str) -> bool:
        """A call on the last discard; True for a kan (its replacement is the next draw entry)."""
        ids, last = self.ids, self.last
        letter, called, own, _ = _call(entry)
        if letter not in "cpm":
            raise ValueError(f"{entry} is not a call on a discard")
        if last is None or ids.value(called)[0] != last[1] >> 2:
            raise ValueError(f"call {entry} does not answer the last discard")
        consumed = tuple(ids.take(seat, c) for c in own)
        target, tile = last
        if tile in ids.rivers[target]:  # a called discard leaves the river
            ids.rivers[target].remove(tile)
        if letter == "c":
            self.events.append(Chi(seat, target, tile, consumed))
        elif letter == "p":
            self.events.append(Pon(seat, target, tile, consumed))
            ids.pons[seat, tile >> 2] = (*consumed, tile)
        else:
            self.events.append(Daiminkan(seat, target, tile, consumed))
            self.ci[seat] += 1  # the 0 placeholder in the discard list
            self._placed(seat)
            return True
        return False

    def _placed(self, seat: int) -> bool:
        """An indicator the seat places next (our `i` entry, `dora.chosen_indicators`), if its list has one."""
        ci, discards = self.ci, self.discards[seat]
        if ci[seat] < len(discards) and isinstance(discards[ci[seat]], str) and discards[ci[seat]][:1] == "i":
            self.events.append(Dora(self.ids.placed(seat, _code(discards[ci[seat]][1:]))))
            ci[seat] += 1
            return True
        return False

    def _actions(self, seat: int) -> bool:
        """The seat's actions after its draw or call, up to its discard; True where the hand ends here."""
        ci, discards = self.ci, self.discards[seat]
        while True:
            if self._placed(seat):  # the start player's indicator, in place of the first discard
                self.last = None
                return False
            if ci[seat] >= len(discards):
                if self.play_on is not None and self.play_on.tsumo(seat, len(self.events), self.drawn):
                    self.last = None
                    return False
                return True
            action = discards[ci[seat]]
            ci[seat] += 1
            if isinstance(action, str) and action[:1] != "r":
                if not self._kan_or_kita(seat, action):
                    return True  # robbed (chankan, or a ron on the nuki tile)
                continue
            self._discard(seat, action)
            return False

    def _kan_or_kita(self, seat: int, action: str) -> bool:
        """A closed or added kan or a kita, then its replacement draw; False where none follows (robbed)."""
        ids, events = self.ids, self.events
        letter, added, others, _ = _call(action) if action[:1] != "f" else ("f", _code(action[1:]), [], 0)
        if letter not in "akf":
            raise ValueError(f"{action} is not a kan or kita in a discard list")
        if letter == "a":
            events.append(Ankan(seat, tuple(ids.take(seat, c) for c in [added, *others])))
        elif letter == "k":
            # `k` and the added tile, then the pon's called one: the added tile leaves the hand
            # (it may differ from the called one in being the red five)
            tile = ids.take(seat, added)
            if (seat, tile >> 2) not in ids.pons:
                raise ValueError(f"kan {action} adds to no pon of seat {seat}")
            events.append(Kakan(seat, tile, ids.pons[seat, tile >> 2]))
            self.last = (seat, tile)
        else:
            tile = ids.take(seat, added)
            events.append(Nukidora(seat, tile))
            self.last = (seat, tile)
        if self.play_on is not None and letter != "a":  # robbed, and played on
            self.play_on.rons(seat, len(events), tile, self)
        if letter != "f":
            self._placed(seat)
        if self.di[seat] >= len(self.draws[seat]):
            return False
        self.drawn = ids.new(self.draws[seat][self.di[seat]])
        self.di[seat] += 1
        ids.hands[seat].append(self.drawn)
        events.append(Tsumo(seat, self.drawn, True))
        return True

    def _discard(self, seat: int, action: Any) -> None:
        ids = self.ids
        if isinstance(action, str):
            self.events.append(Reach(seat))
            self.accept = seat
            code = _code(action[1:])
        else:
            code = action
        tile = self.drawn if code == TSUMOGIRI else ids.take(seat, code)
        if code == TSUMOGIRI:
            ids.hands[seat].remove(self.drawn)
        self.events.append(Dahai(seat, tile, code == TSUMOGIRI))
        ids.rivers[seat].append(tile)
        self.last = (seat, tile)
        if self.play_on is not None:
            self.play_on.rons(seat, len(self.events), tile, self)

    def _next(self, seat: int) -> int:
        """Who acts next: a seat whose next draw-list entry calls the last discard (pon and kan before
        chi), else the next in turn order that has not won."""
        if self.last is not None:
            caller = _caller(self.ids, seat, self.last, self.draws, self.di)
            if caller is not None:
                return caller
        return self.play_on.following(seat, self.n) if self.play_on is not None else (seat + 1) % self.n


def _caller(ids: _Round, seat: int, last: tuple[int, int], draws: list[list[Any]], di: list[int]) -> int | None:
    """The seat whose next draw-list entry calls the last discard (pon and kan before chi), if any."""
    found = None
    n = len(draws)
    for step in range(1, n):
        other = (seat + step) % n
        if di[other] < len(draws[other]) and isinstance(draws[other][di[other]], str):
            letter, called, _own, position = _call(draws[other][di[other]])
            if _source(other, letter, position) == seat and ids.value(called)[0] == last[1] >> 2:
                if letter != "c":
                    return other
                found = other
    return found


def _code(text: str) -> int:
    if not text.isdigit() or len(text) != 2:
        raise ValueError(f"not a tile code: {text[:10]!r}")
    return int(text)


def _result(rnd: Round, result: list[Any], players: int, ruleset: Ruleset | None, play_on: _PlayOn | None) -> None:
    kind = result[0]
    events = rnd.events
    if kind != "和了":
        if kind not in DRAWS and kind not in READ_DRAWS:
            raise FieldError("result", f"not a result Tenhou writes: {str(kind)[:20]!r}")
        deltas = check_ints({"deltas": result[1] if len(result) > 1 else [0] * players}, "deltas", (players, 4),
                            -MAX_SCORE, MAX_SCORE)[:players]  # fmt: skip
        nagashi = tuple(i for i, d in enumerate(deltas) if d > 0) if kind == "流し満貫" else ()
        events.append(Ryukyoku(DRAWS.get(kind) or READ_DRAWS[kind], deltas, (), nagashi))
        return
    last_tile = next(e for e in reversed(events) if isinstance(e, Tsumo | Dahai | Kakan | Nukidora))
    if len(result) % 2 == 0:
        raise FieldError("result", "a win without its score changes")
    wins = [
        _win(changes, info, players, ruleset, last_tile.pai, rnd.ura)
        for changes, info in zip(result[1::2], result[2::2], strict=True)
    ]
    if play_on is None:
        events += wins
        return
    # Played on: each win where it was made, unpaid; then the hand's one payment (`best_paid`).
    paid = next((w.deltas for w in wins if any(w.deltas)), (0,) * players)
    for hora in reversed(wins):
        if hora.actor not in play_on.found:
            raise ValueError(f"seat {hora.actor}'s win is nowhere in the play")
        index, tile = play_on.found[hora.actor]
        events.insert(index, replace(hora, pai=tile, deltas=()))
    events.append(Ryukyoku("best_paid", paid, ()))


def _win(changes: Any, info: list[Any], players: int, ruleset: Ruleset | None, pai: int, ura: tuple[int, ...]) -> Hora:
    """One win of a `和了` result."""
    who, from_who, pao = (check_int({"seat": x}, "seat", 0, players - 1) for x in info[:3])
    deltas = check_ints({"deltas": changes}, "deltas", (players, 4), -MAX_SCORE, MAX_SCORE)
    yaku: list[tuple[str, int]] = []
    yakuman = 0
    for text in info[4:]:
        match = _YAKU.match(text) if isinstance(text, str) and len(text) < 64 else None
        if match is None:
            raise ValueError(f"yaku {str(text)[:64]!r}")
        name = yaku_id(ruleset, match.group(1) or match.group(3))
        if match.group(3):
            yakuman += 1
            yaku.append((name, 0))
        elif int(match.group(2)):
            yaku.append((name, int(match.group(2))))
    value = _VALUE.match(info[3]) if isinstance(info[3], str) and len(info[3]) < 64 else None
    if value is None:
        raise ValueError(f"value {info[3]!r}")
    fu = int(value.group(1) or 0)
    first, second, everyone = int(value.group(2)), value.group(3), value.group(4)
    if who != from_who:
        points = first
    elif everyone:
        points = first * (players - 1)
    else:
        points = int(second or 0) + first * (players - 2)
    han = sum(h for _, h in yaku)
    riichi = any(n in {"riichi", "double_riichi"} for n, _ in yaku)
    return Hora(
        who, from_who, pai, tuple(deltas[:players]), han, fu, points, yakuman, tuple(yaku), (),
        ura if riichi else (), None if pao == who else pao,
    )  # fmt: skip


MAX_DEPTH = 8
"""No tenhou.net/6 game nests deeper (object, log, round, result, win) than this, with room for our
`variant` identity."""


def parse(text: str, name: str = "<tenhou6>") -> list[dict[str, Any]]:
    """The game objects of a file: one JSON object (mjlog2json), or JSON lines of one round each."""
    if json_depth(text) > MAX_DEPTH:
        raise RecordError(f"{name}: not readable tenhou.net/6 JSON (nested deeper than {MAX_DEPTH})")
    try:
        stripped = text.strip()
        objects = [json.loads(stripped)] if stripped.startswith("{") and "\n{" not in stripped else []
        if not objects:
            objects = [json.loads(line) for line in stripped.splitlines() if line.strip()]
    except json.JSONDecodeError as error:
        raise RecordError(
            f"{name}:{error.lineno}:{error.colno}: not readable tenhou.net/6 JSON ({error.msg})"
        ) from None
    for index, obj in enumerate(objects):
        if not isinstance(obj, dict) or not isinstance(obj.get("log"), list):
            raise RecordError(f"{name}: game {index + 1}: not a tenhou.net/6 game (no `log` list)")
    return objects


def flags(objects: list[dict[str, Any]]) -> Rules:
    """The rule flags of a game's first object: players, red fives, kuitan, East-only."""
    obj = objects[0]
    rule = obj.get("rule")
    rule = rule if isinstance(rule, dict) else {}
    disp = rule.get("disp")
    disp = disp if isinstance(disp, str) else ""
    red = bool(rule.get("aka") or rule.get("aka51") or rule.get("aka52") or rule.get("aka53"))
    three = str(obj.get("ratingc", ""))[:8].endswith("3") or disp.startswith("三")
    first = obj["log"][0] if obj["log"] else []
    players = 3 if three or (isinstance(first, list) and len(first) > 13 and not first[13]) else 4
    return Rules(players, red, "喰" in disp, "東" not in disp)


def read_text(text: str, name: str = "<tenhou6>", ruleset: Ruleset | None = None) -> Record:
    """A game, its tiles those of `ruleset` (the variant it carries or was derived) or Tenhou's."""
    return read_objects(parse(text, name), name, ruleset)


def read_objects(objects: list[dict[str, Any]], name: str, ruleset: Ruleset | None = None) -> Record:
    rules = flags(objects)
    players = rules.players
    table = table_for(ruleset, rules.red)
    rounds: list[Round] = []
    end: EndGame | None = None
    for index, obj in enumerate(objects):
        numbers = _hand_numbers(obj, players)
        for number, data in enumerate(obj["log"]):
            try:
                rounds.append(_round(data, table, ruleset, players, numbers[number] if numbers else None))
            except (ValueError, KeyError, IndexError, TypeError) as error:
                raise RecordError(f"{name}: game {index + 1} round {number + 1}: {error}") from None
        sc = obj.get("sc")
        if sc:
            try:
                scores = check_ints({"sc": sc[0 : 2 * players : 2]}, "sc", (players, players), -MAX_SCORE, MAX_SCORE)
                reason = "timeout" if obj.get("timeout") is True else "complete"
                end = EndGame(scores, check_points(sc[1 : 2 * players : 2], players), reason)
            except (FieldError, TypeError) as error:
                raise RecordError(f"{name}: game {index + 1}: final sc: {error}") from None
    if not rounds:
        raise RecordError(f"{name}: no rounds in the file")
    first = objects[0]
    ref = first.get("ref")
    ref = ref if isinstance(ref, str) else Path(name).stem
    lobby = first.get("lobby")
    lobby = lobby if type(lobby) is int else 0
    seed = first.get("seed")
    seed = seed if type(seed) is int and 0 <= seed < 2**64 else 0
    return Record(Path(name).name, rules, rounds, end, ref[:64], lobby, first.get("variant"), seed)


def _hand_numbers(obj: dict[str, Any], players: int) -> list[int] | None:
    """The `hand_numbers` extension, one per round, each a seat of the game; None where absent or not so."""
    numbers = obj.get("hand_numbers")
    log = obj["log"]
    if not isinstance(numbers, list) or not isinstance(log, list) or len(numbers) != len(log):
        return None
    return numbers if all(type(n) is int and 0 <= n < players for n in numbers) else None


# ---------------------------------------------------------------------------------------------- writing
_DRAW_NAMES = {v: k for k, v in DRAWS.items() if k not in ("流局", "流し満貫", "全員聴牌", "全員不聴")}
_LIMITS = ((13, "役満"), (11, "三倍満"), (8, "倍満"), (6, "跳満"), (5, "満貫"))


def _order(code: int) -> float:
    """Tenhou's order of tiles in a hand or a call: a red five just after the plain fives."""
    return (code - 51) * 10 + 15.5 if code > 50 else code


class _Writer:
    """Builds one round's arrays from its events."""

    def __init__(self, start: StartKyoku, ruleset: Ruleset, table: TileTable) -> None:
        self.ruleset = ruleset
        self.table = table
        self.players = players = ruleset.game.players
        self.start = start
        code = self.code
        self.dora = [code(start.dora_marker)] if start.dora_marker != NO_MARKER else []
        self.placed = ruleset.dora.chosen_indicators
        """Indicators are placed by the players: each also goes into the placing seat's discards as `i`."""
        self.play_on = ruleset.game.after_win == "play_on_best_paid"
        self.actor = start.oya
        """The seat that drew, called or made a kan last (the one that places an indicator)."""
        self.ura: list[int] = []
        self.hands = [sorted((code(t) for t in h), key=_order) for h in start.tehais]
        self.draws: list[list[int | str]] = [[] for _ in range(players)]
        self.discards: list[list[int | str]] = [[] for _ in range(players)]
        self.drawn: list[int | None] = [None] * players
        self.reach: int | None = None
        self.pons: dict[tuple[int, int], str] = {}
        self.result: list[Any] = []

    def code(self, tile: int) -> int:
        found = self.table.tiles[tile]
        if found is None:
            raise ValueError(f"tile id {tile} is not in the tile set")
        return tenhou6_code(self.ruleset, found)

    def marked(self, called: int, own: tuple[int, ...], position: int, letter: str) -> str:
        codes = [f"{c:02d}" for c in sorted((self.code(t) for t in own), key=_order)]
        codes.insert(position, f"{letter}{self.code(called):02d}")
        return "".join(codes)

    def position(self, actor: int, target: int, kan: bool) -> int:
        """Where the marker stands for a call from `target`, at Tenhou's table of four (`TABLE_SEATS`)."""
        step = (target - actor) % TABLE_SEATS
        if step == TABLE_SEATS - 1:
            return 0
        if step == 1:
            return 3 if kan else 2
        return 1

    def add(self, event: Event) -> None:
        if isinstance(event, Tsumo | Chi | Pon | Daiminkan | Kakan | Ankan):
            self.actor = event.actor
        if isinstance(event, Tsumo | Reach | Dahai):
            self.turn(event)
        elif isinstance(event, Chi | Pon | Daiminkan):
            self.called(event)
        elif isinstance(event, Kakan | Ankan | Nukidora | Dora):
            self.set_aside(event)
        elif isinstance(event, Hora):
            self.won(event)
        elif isinstance(event, Ryukyoku) and event.reason == "best_paid":
            self.pay_best(event.deltas)
        elif isinstance(event, Ryukyoku):
            self.result = self.draw(event)

    def turn(self, event: Tsumo | Reach | Dahai) -> None:
        """A draw, a riichi (written on the discard that follows it: `r`) or a discard (60: tsumogiri)."""
        if isinstance(event, Tsumo):
            self.draws[event.actor].append(self.code(event.pai))
            self.drawn[event.actor] = event.pai
        elif isinstance(event, Reach):
            self.reach = event.actor
        else:
            code = TSUMOGIRI if event.tsumogiri and event.pai == self.drawn[event.actor] else self.code(event.pai)
            self.drawn[event.actor] = None
            riichi = self.reach == event.actor
            self.reach = None if riichi else self.reach
            self.discards[event.actor].append(f"r{code}" if riichi else code)

    def called(self, event: Chi | Pon | Daiminkan) -> None:
        """A call on a discard, in the draw list (a daiminkan's discard is the placeholder 0)."""
        if isinstance(event, Chi):
            own = "".join(f"{c:02d}" for c in sorted((self.code(t) for t in event.consumed), key=_order))
            self.draws[event.actor].append(f"c{self.code(event.pai):02d}{own}")
        elif isinstance(event, Pon):
            text = self.marked(event.pai, event.consumed, self.position(event.actor, event.target, False), "p")
            self.draws[event.actor].append(text)
            self.pons[event.actor, event.pai >> 2] = text
        else:
            text = self.marked(event.pai, event.consumed, self.position(event.actor, event.target, True), "m")
            self.draws[event.actor].append(text)
            self.discards[event.actor].append(0)

    def set_aside(self, event: Kakan | Ankan | Nukidora | Dora) -> None:
        """A kan or kita on the seat's own turn, in the discard list; an indicator (placed: `i` too)."""
        if isinstance(event, Kakan):
            pon = self.pons[event.actor, event.pai >> 2]
            at = pon.index("p")
            self.discards[event.actor].append(f"{pon[:at]}k{self.code(event.pai):02d}{pon[at + 1 :]}")
        elif isinstance(event, Ankan):
            codes = sorted((self.code(t) for t in event.consumed), key=_order)
            self.discards[event.actor].append("".join(f"{c:02d}" for c in codes[:3]) + f"a{codes[3]:02d}")
        elif isinstance(event, Nukidora):
            self.discards[event.actor].append(f"f{self.code(event.pai)}")
        else:
            self.dora.append(self.code(event.dora_marker))
            if self.placed:
                self.discards[self.actor].append(f"i{self.code(event.dora_marker):02d}")

    def won(self, event: Hora) -> None:
        if not self.result:
            self.result = ["和了"]
        if not self.ura:
            self.ura = [self.code(t) for t in event.ura_markers]
        deltas = event.deltas or (0,) * self.players  # a win played on is paid at the hand's end, if best
        self.result += [list(deltas) + [0] * (4 - self.players), self.info(event)]

    def pay_best(self, deltas: tuple[int, ...]) -> None:
        """A hand played on after its wins ends in one payment: the win of the seat it pays most (as
        `stats.games` reads it) carries the score changes; the others stay at zero."""
        paid = max(range(len(deltas)), key=lambda seat: deltas[seat])
        for i in range(2, len(self.result), 2):
            if self.result[i][0] == paid:
                self.result[i - 1] = list(deltas) + [0] * (4 - self.players)
                return

    def info(self, hora: Hora) -> list[Any]:
        oya = self.start.oya
        yaku: list[tuple[int, str]] = []
        for name, han in hora.yaku:
            wind = (hora.actor - oya) % self.players if name == "jikaze" else self.start.bakaze
            text = yaku_name(self.ruleset, name, "tenhou6", wind=wind)
            yaku.append((yaku_order(name), text + ("(役満)" if hora.yakuman else f"({han}飜)")))
        texts = [text for _, text in sorted(yaku, key=lambda y: y[0])]
        return [hora.actor, hora.target, hora.actor if hora.pao is None else hora.pao, self.value(hora), *texts]

    def value(self, hora: Hora) -> str:
        han, fu = hora.han, hora.fu
        limit = next((name for least, name in _LIMITS if han >= least), None)
        if hora.yakuman:
            limit = "役満"
        elif limit is None and fu * 2 ** (han + 2) >= 2000:
            limit = "満貫"
        head = limit if limit else f"{fu}符{han}飜"
        if hora.actor != hora.target:
            return f"{head}{hora.points}点"
        return head + self.tsumo_payments(hora)

    def tsumo_payments(self, hora: Hora) -> str:
        """`x点∀` (a dealer's tsumo) or `x-y点` (non-dealer, dealer): what each payer paid before honba,
        read from the score changes, so a variant's own payments are written as paid; by the han and fu
        where the changes do not split so (pao)."""
        oya, players = self.start.oya, self.players
        honba = self.ruleset.payment.honba_tsumo * self.start.honba
        paid = {p: -hora.deltas[p] - honba for p in range(players) if p != hora.actor} if hora.deltas else {}
        if hora.pao is None and paid:
            if hora.actor == oya and len(set(paid.values())) == 1 and sum(paid.values()) == hora.points:
                return f"{paid[(oya + 1) % players]}点∀"
            others = {v for p, v in paid.items() if p != oya}
            if hora.actor != oya and len(others) == 1 and sum(paid.values()) == hora.points:
                return f"{others.pop()}-{paid[oya]}点"
        if self.ruleset.payment.tsumo == "each" and hora.points % (players - 1) == 0:
            # each other player pays the same (R-PAY-3): a win played on, unpaid or paid with a penalty
            return f"{hora.points // (players - 1)}点∀"
        base = 8000 * hora.yakuman if hora.yakuman else value_of(hora.han, hora.fu)
        if hora.actor == oya:
            return f"{round_up_100(2 * base)}点∀"
        return f"{round_up_100(base)}-{round_up_100(2 * base)}点"

    def draw(self, event: Ryukyoku) -> list[Any]:
        deltas = list(event.deltas) + [0] * (4 - self.players)
        if event.reason != "exhaustive":
            return [_DRAW_NAMES[event.reason]] if event.reason in _DRAW_NAMES else [event.reason, deltas]
        if event.nagashi:
            return ["流し満貫", deltas]
        if event.tenpai and all(event.tenpai[: self.players]):
            return ["全員聴牌"]
        if event.tenpai and not any(event.tenpai[: self.players]):
            return ["全員不聴"]
        return ["流局", deltas]

    def round(self) -> list[Any]:
        s = self.start
        scores = list(s.scores) + [0] * (4 - self.players)
        out: list[Any] = [[s.bakaze * 4 + s.oya, s.honba, s.kyotaku], scores, self.dora, self.ura]
        for seat in range(4):
            if seat < self.players:
                out += [self.hands[seat], self.draws[seat], self.discards[seat]]
            else:
                out += [[], [], []]
        out.append(self.result)
        return out


def value_of(han: int, fu: int) -> int:
    return hand_value(han, fu).base


def write(
    events: list[Event],
    ruleset: Ruleset,
    *,
    names: tuple[str, ...] = (),
    variant: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """A game as tenhou.net/6 JSON (what Tenhou's viewer opens): its rounds, and the final scores and
    points when the events include the end of the game; `variant`, the identity of the variant it was
    played under (`records.variants.identity`), as an extra key."""
    players = ruleset.game.players
    red = bool(ruleset.tiles.red)
    east = ruleset.game.length != "hanchan"
    table = TileTable.build(ruleset)
    disp = ("三" if players == 3 else "") + ("東" if east else "南") + "喰" + ("赤" if red else "")
    log: list[list[Any]] = []
    numbers: list[int] = []
    writer: _Writer | None = None
    end: EndGame | None = None
    seed: int | None = None
    for event in events:
        if isinstance(event, StartGame):
            seed = event.seed % 2**64
        elif isinstance(event, StartKyoku):
            writer = _Writer(event, ruleset, table)
            numbers.append(event.kyoku)
        elif isinstance(event, EndKyoku) and writer is not None:
            log.append(writer.round())
            writer = None
        elif isinstance(event, EndGame):
            end = event
        elif writer is not None:
            writer.add(event)
    out: dict[str, Any] = {
        "title": ["", ""],
        "name": list(names) or [f"seat {i}" for i in range(players)] + [""] * (4 - players),
        "ratingc": f"PF{players}",
        "rule": {"disp": disp, "aka": 1 if red else 0},
        "log": log,
    }
    if variant is not None:
        out["variant"] = dict(variant)
    if seed is not None:  # extension: the game seed, whose dice the replay throws again (wareme, double dora)
        out["seed"] = seed
    if numbers != [r[0][0] % 4 for r in log]:  # extension: hand numbers that are not the dealer's seat
        out["hand_numbers"] = numbers
    if end is not None and end.reason == "timeout":  # extension: a hand cap cut the game off
        out["timeout"] = True
    if end is not None:
        sc: list[float] = []
        for score, points in zip(end.scores, end.points, strict=False):
            sc += [score, points_json(points)]
        out["sc"] = sc + [0, 0] * (4 - players)
    return out
