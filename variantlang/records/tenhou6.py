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
    StartKyoku,
    Tsumo,
)
from variantlang.hand.points import hand_value, round_up_100
from variantlang.records.tenhou_xml import RED_IDS, TENHOU_YAKU, Record, RecordError, Round, Rules
from variantlang.rules.standing import points_json, read_points

TSUMOGIRI = 60
_YAKU_JA = """門前清自摸和 立直 一発 槍槓 嶺上開花 海底摸月 河底撈魚 平和 断幺九 一盃口
    自風 自風 自風 自風 場風 場風 場風 場風 役牌 役牌 役牌 両立直 七対子 混全帯幺九 一気通貫 三色同順 三色同刻 三槓子
    対々和 三暗刻 小三元 混老頭 二盃口 純全帯幺九 混一色 清一色 人和 天和 地和 大三元 四暗刻 四暗刻単騎 字一色 緑一色
    清老頭 九蓮宝燈 純正九蓮宝燈 国士無双 国士無双１３面 大四喜 小四喜 四槓子 ドラ 裏ドラ 赤ドラ"""
YAKU_BY_NAME = {name: TENHOU_YAKU[i] for i, name in enumerate(_YAKU_JA.split()) if name != "役牌"}
"""Tenhou's Japanese yaku names → our yaku ids (役牌 is named by its dragon, below)."""
YAKU_BY_NAME |= {"役牌 白": "haku", "役牌 發": "hatsu", "役牌 中": "chun", "抜きドラ": "dora"}
YAKU_BY_NAME |= {
    f"{where} {wind}": yaku for where, yaku in (("自風", "jikaze"), ("場風", "bakaze")) for wind in "東南西北"
}
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
_VALUE = re.compile(r"^(?:(\d+)符)?(?:\d+飜)?[^\d]*?(\d+)(?:-(\d+))?点(∀)?$")


def _value(code: int) -> tuple[int, bool]:
    """(kind, red) of a tile code."""
    if code > 50:
        return (code - 51) * 9 + 4, True
    return (code // 10 - 1) * 9 + code % 10 - 1, False


class _Round:
    """The id of every tile of one round, and the seats' hands by id."""

    def __init__(self, red: bool, players: int) -> None:
        self.red = red
        self.free: dict[tuple[int, bool], list[int]] = {}
        for kind in range(34):
            reds = red and kind in (4, 13, 22)
            self.free[kind, False] = [kind * 4 + c for c in range(1 if reds else 0, 4)]
            self.free[kind, True] = [kind * 4] if reds else []
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.pons: dict[tuple[int, int], tuple[int, ...]] = {}

    def new(self, code: int) -> int:
        pool = self.free[_value(code)]
        if not pool:
            raise ValueError(f"a fifth copy of tile {code}")
        return pool.pop()

    def take(self, seat: int, code: int) -> int:
        kind, red = _value(code)
        for t in self.hands[seat]:
            if t >> 2 == kind and (self.red and t in RED_IDS) == red:
                self.hands[seat].remove(t)
                return t
        raise ValueError(f"seat {seat} does not hold tile {code}")


def _codes(text: str) -> list[int]:
    return [int(text[i : i + 2]) for i in range(0, len(text), 2)]


def _call(text: str) -> tuple[str, int, list[int], int]:
    """(letter, called code, other codes, tile position of the marker) of a call string."""
    letter = next(c for c in text if c.isalpha())
    at = text.index(letter)
    rest = text[:at] + text[at + 1 :]
    codes = _codes(rest)
    position = at // 2
    called = codes.pop(position) if letter != "c" else codes.pop(0)
    return letter, called, codes, position


def _source(seat: int, letter: str, position: int, players: int) -> int:
    """The seat a call took its tile from, from where the marker stands (kamicha, toimen, shimocha)."""
    if letter == "c" or position == 0:
        return (seat + players - 1) % players
    if position == 1:
        return (seat + 2) % players
    return (seat + 1) % players


def _round(data: list[Any], red: bool, players: int) -> Round:
    (kyoku, honba, kyotaku), scores = data[0], data[1]
    ids = _Round(red, players)
    hands = tuple(tuple(ids.new(c) for c in data[4 + 3 * s]) for s in range(players))
    ids.hands = [list(h) for h in hands]
    indicators = [ids.new(c) for c in data[2]]
    ura = tuple(ids.new(c) for c in data[3])
    oya = kyoku % 4
    start = StartKyoku(kyoku // 4, kyoku % 4, honba, kyotaku, oya, indicators[0], hands, tuple(scores[:players]))
    rnd = Round(start, indicators=indicators, ura=ura, dora_logged=False)
    draws = [list(data[5 + 3 * s]) for s in range(players)]
    discards = [list(data[6 + 3 * s]) for s in range(players)]
    accept = _timeline(rnd, ids, draws, discards, oya, players)
    result = data[16]
    ronned = result[0] == "和了" and any(info[1] == accept != info[0] for info in result[2::2])
    if accept is not None and not ronned:
        rnd.events.append(ReachAccepted(accept))
    _result(rnd, result, players)
    return rnd


def _timeline(
    rnd: Round, ids: _Round, draws: list[list[Any]], discards: list[list[Any]], seat: int, n: int
) -> int | None:
    """Append the round's actions in order; the seat whose riichi is still to be accepted at the end."""
    events = rnd.events
    di, ci = [0] * n, [0] * n
    last: tuple[int, int] | None = None  # (seat, id) of the last discard
    drawn = -1
    accept: int | None = None
    while di[seat] < len(draws[seat]):
        entry = draws[seat][di[seat]]
        di[seat] += 1
        if accept is not None:
            events.append(ReachAccepted(accept))
            accept = None
        if isinstance(entry, str):
            letter, called, own, _ = _call(entry)
            if last is None or _value(called)[0] != last[1] >> 2:
                raise ValueError(f"call {entry} does not answer the last discard")
            consumed = tuple(ids.take(seat, c) for c in own)
            target, tile = last
            if letter == "c":
                events.append(Chi(seat, target, tile, consumed))
            elif letter == "p":
                events.append(Pon(seat, target, tile, consumed))
                ids.pons[seat, tile >> 2] = (*consumed, tile)
            else:
                events.append(Daiminkan(seat, target, tile, consumed))
                ci[seat] += 1  # the 0 placeholder in the discard list
                continue
        else:
            drawn = ids.new(entry)
            ids.hands[seat].append(drawn)
            events.append(Tsumo(seat, drawn))
        while True:
            if ci[seat] >= len(discards[seat]):
                return accept
            action = discards[seat][ci[seat]]
            ci[seat] += 1
            if isinstance(action, str) and action[0] != "r":
                letter, added, others, at = _call(action) if action[0] != "f" else ("f", int(action[1:]), [], 0)
                if letter == "a":
                    events.append(Ankan(seat, tuple(ids.take(seat, c) for c in [added, *others])))
                elif letter == "k":
                    # `k` marks the called tile of the pon; the added tile follows it (it may differ in
                    # being the red five, so the called code is not the one to take from the hand)
                    tile = ids.take(seat, others[at])
                    events.append(Kakan(seat, tile, ids.pons[seat, tile >> 2]))
                    last = (seat, tile)
                else:
                    tile = ids.take(seat, added)
                    events.append(Nukidora(seat, tile))
                    last = (seat, tile)
                if di[seat] >= len(draws[seat]):
                    return accept  # robbed (chankan, or a ron on the nuki tile)
                drawn = ids.new(draws[seat][di[seat]])
                di[seat] += 1
                ids.hands[seat].append(drawn)
                events.append(Tsumo(seat, drawn, True))
                continue
            if isinstance(action, str):
                events.append(Reach(seat))
                accept = seat
                code = int(action[1:])
            else:
                code = action
            tile = drawn if code == TSUMOGIRI else ids.take(seat, code)
            if code == TSUMOGIRI:
                ids.hands[seat].remove(drawn)
            events.append(Dahai(seat, tile, code == TSUMOGIRI))
            last = (seat, tile)
            break
        seat = _next(seat, last, draws, di, n)
    return accept


def _next(seat: int, last: tuple[int, int], draws: list[list[Any]], di: list[int], n: int) -> int:
    """Who acts after a discard: a seat whose next draw-list entry calls it (pon and kan before chi)."""
    found = None
    for step in range(1, n):
        other = (seat + step) % n
        if di[other] < len(draws[other]) and isinstance(draws[other][di[other]], str):
            letter, called, _own, position = _call(draws[other][di[other]])
            if _source(other, letter, position, n) == seat and _value(called)[0] == last[1] >> 2:
                if letter != "c":
                    return other
                found = other
    return found if found is not None else (seat + 1) % n


def _result(rnd: Round, result: list[Any], players: int) -> None:
    kind = result[0]
    events = rnd.events
    if kind != "和了":
        deltas = tuple(result[1][:players]) if len(result) > 1 else (0,) * players
        nagashi = tuple(i for i, d in enumerate(deltas) if d > 0) if kind == "流し満貫" else ()
        events.append(Ryukyoku(DRAWS[kind], deltas, (), nagashi))
        return
    last_tile = next(e for e in reversed(events) if isinstance(e, Tsumo | Dahai | Kakan | Nukidora))
    for deltas, info in zip(result[1::2], result[2::2], strict=True):
        who, from_who, pao = info[0], info[1], info[2]
        yaku: list[tuple[str, int]] = []
        yakuman = 0
        for text in info[4:]:
            match = _YAKU.match(text)
            if match is None:
                raise ValueError(f"yaku {text!r}")
            name = match.group(1) or match.group(3)
            if name not in YAKU_BY_NAME:
                raise ValueError(f"unknown yaku {name!r}")
            if match.group(3):
                yakuman += 1
                yaku.append((YAKU_BY_NAME[name], 0))
            elif int(match.group(2)):
                yaku.append((YAKU_BY_NAME[name], int(match.group(2))))
        value = _VALUE.match(info[3])
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
        events.append(
            Hora(
                who,
                from_who,
                last_tile.pai,
                tuple(deltas[:players]),
                han,
                fu,
                points,
                yakuman,
                tuple(yaku),
                (),
                rnd.ura if any(n in {"riichi", "double_riichi"} for n, _ in yaku) else (),
                None if pao == who else pao,
            )
        )


def read_text(text: str, name: str = "<tenhou6>") -> Record:
    """A game: one JSON object (mjlog2json), or JSON lines of one round each (per-round export)."""
    try:
        stripped = text.strip()
        objects = [json.loads(stripped)] if stripped.startswith("{") and "\n{" not in stripped else []
        if not objects:
            objects = [json.loads(line) for line in stripped.splitlines() if line.strip()]
    except json.JSONDecodeError as error:
        raise RecordError(
            f"{name}:{error.lineno}:{error.colno}: not readable tenhou.net/6 JSON ({error.msg})"
        ) from None
    rounds: list[Round] = []
    rules: Rules | None = None
    end: EndGame | None = None
    for index, obj in enumerate(objects):
        try:
            rule = obj.get("rule", {})
            disp = rule.get("disp", "")
            red = bool(rule.get("aka") or rule.get("aka51") or rule.get("aka52") or rule.get("aka53"))
            three = str(obj.get("ratingc", "")).endswith("3") or disp.startswith("三")
            first = obj["log"][0] if obj["log"] else []
            players = 3 if three or (len(first) > 13 and not first[13]) else 4
            rules = Rules(players, red, "喰" in disp, "東" not in disp)
            for number, data in enumerate(obj["log"]):
                try:
                    rounds.append(_round(data, red, players))
                except (ValueError, KeyError, IndexError, TypeError) as error:
                    raise RecordError(f"{name}: game {index + 1} round {number + 1}: {error}") from None
            sc = obj.get("sc")
            if sc:
                end = EndGame(
                    tuple(int(s) for s in sc[0 : 2 * players : 2]),
                    tuple(read_points(p) for p in sc[1 : 2 * players : 2]),
                )
        except (AttributeError, KeyError, TypeError) as error:
            raise RecordError(f"{name}: game {index + 1}: missing or bad field ({error})") from None
    if rules is None or not rounds:
        raise RecordError(f"{name}: no rounds in the file")
    return Record(Path(name).name, rules, rounds, end)


def read_file(path: Path) -> Record:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError(f"{path}: cannot read: {error}") from None
    return read_text(text, str(path))


# ---------------------------------------------------------------------------------------------- writing
_NAMES = dict(zip(TENHOU_YAKU, _YAKU_JA.split(), strict=True))
_TENHOU_ORDER = {name: i for i, name in reversed(list(enumerate(TENHOU_YAKU)))}
_DRAW_NAMES = {v: k for k, v in DRAWS.items() if k not in ("流局", "流し満貫", "全員聴牌", "全員不聴")}
_LIMITS = ((13, "役満"), (11, "三倍満"), (8, "倍満"), (6, "跳満"), (5, "満貫"))
WIND_NAMES = "東南西北"


def tile_code(tile_id: int, red: bool) -> int:
    kind = tile_id >> 2
    if red and tile_id in RED_IDS:
        return 51 + kind // 9
    return 41 + kind - 27 if kind >= 27 else (kind // 9 + 1) * 10 + kind % 9 + 1


def _order(code: int) -> float:
    """Tenhou's order of tiles in a hand or a call: a red five just after the plain fives."""
    return (code - 51) * 10 + 15.5 if code > 50 else code


class _Writer:
    """Builds one round's arrays from its events."""

    def __init__(self, start: StartKyoku, red: bool, players: int) -> None:
        self.red = red
        self.players = players
        self.start = start
        code = self.code
        self.dora = [code(start.dora_marker)] if start.dora_marker != NO_MARKER else []
        self.ura: list[int] = []
        self.hands = [sorted((code(t) for t in h), key=_order) for h in start.tehais]
        self.draws: list[list[int | str]] = [[] for _ in range(players)]
        self.discards: list[list[int | str]] = [[] for _ in range(players)]
        self.drawn: list[int | None] = [None] * players
        self.reach: int | None = None
        self.pons: dict[tuple[int, int], str] = {}
        self.result: list[Any] = []

    def code(self, tile: int) -> int:
        return tile_code(tile, self.red)

    def marked(self, called: int, own: tuple[int, ...], position: int, letter: str) -> str:
        codes = [f"{c:02d}" for c in sorted((self.code(t) for t in own), key=_order)]
        codes.insert(position, f"{letter}{self.code(called):02d}")
        return "".join(codes)

    def position(self, actor: int, target: int, kan: bool) -> int:
        step = (target - actor) % self.players
        if step == self.players - 1:
            return 0
        if step == 1:
            return 3 if kan else 2
        return 1

    def add(self, event: Event) -> None:
        if isinstance(event, Tsumo):
            self.draws[event.actor].append(self.code(event.pai))
            self.drawn[event.actor] = event.pai
        elif isinstance(event, Reach):
            self.reach = event.actor
        elif isinstance(event, Dahai):
            code = TSUMOGIRI if event.tsumogiri and event.pai == self.drawn[event.actor] else self.code(event.pai)
            self.drawn[event.actor] = None
            riichi = self.reach == event.actor
            self.reach = None if riichi else self.reach
            self.discards[event.actor].append(f"r{code}" if riichi else code)
        elif isinstance(event, Chi):
            own = "".join(f"{c:02d}" for c in sorted((self.code(t) for t in event.consumed), key=_order))
            self.draws[event.actor].append(f"c{self.code(event.pai):02d}{own}")
        elif isinstance(event, Pon):
            text = self.marked(event.pai, event.consumed, self.position(event.actor, event.target, False), "p")
            self.draws[event.actor].append(text)
            self.pons[event.actor, event.pai >> 2] = text
        elif isinstance(event, Daiminkan):
            text = self.marked(event.pai, event.consumed, self.position(event.actor, event.target, True), "m")
            self.draws[event.actor].append(text)
            self.discards[event.actor].append(0)
        elif isinstance(event, Kakan):
            pon = self.pons[event.actor, event.pai >> 2]
            at = pon.index("p")
            self.discards[event.actor].append(
                f"{pon[:at]}k{pon[at + 1 : at + 3]}{self.code(event.pai):02d}{pon[at + 3 :]}"
            )
        elif isinstance(event, Ankan):
            codes = sorted((self.code(t) for t in event.consumed), key=_order)
            self.discards[event.actor].append("".join(f"{c:02d}" for c in codes[:3]) + f"a{codes[3]:02d}")
        elif isinstance(event, Nukidora):
            self.discards[event.actor].append(f"f{self.code(event.pai)}")
        elif isinstance(event, Dora):
            self.dora.append(self.code(event.dora_marker))
        elif isinstance(event, Hora):
            if not self.result:
                self.result = ["和了"]
            if not self.ura:
                self.ura = [self.code(t) for t in event.ura_markers]
            self.result += [list(event.deltas) + [0] * (4 - self.players), self.info(event)]
        elif isinstance(event, Ryukyoku):
            self.result = self.draw(event)

    def info(self, hora: Hora) -> list[Any]:
        oya = self.start.oya
        yaku: list[tuple[int, str]] = []
        for name, han in hora.yaku:
            tenhou = _TENHOU_ORDER.get(name)
            if name == "jikaze":
                wind = (hora.actor - oya) % self.players
                yaku.append((10 + wind, f"自風 {WIND_NAMES[wind]}"))
            elif name == "bakaze":
                yaku.append((14 + self.start.bakaze, f"場風 {WIND_NAMES[self.start.bakaze]}"))
            elif name in ("haku", "hatsu", "chun"):
                yaku.append((_TENHOU_ORDER[name], f"役牌 {'白發中'[('haku', 'hatsu', 'chun').index(name)]}"))
            elif name == "nuki":
                yaku.append((52, "抜きドラ"))
            elif tenhou is not None:
                yaku.append((tenhou, _NAMES[name]))
            else:
                raise ValueError(f"tenhou.net/6 has no name for the yaku {name!r}")
            yaku[-1] = (yaku[-1][0], yaku[-1][1] + ("(役満)" if hora.yakuman else f"({han}飜)"))
        texts = [text for _, text in sorted(yaku, key=lambda y: y[0])]
        return [hora.actor, hora.target, hora.actor if hora.pao is None else hora.pao, self.value(hora), *texts]

    def value(self, hora: Hora) -> str:
        han, fu = hora.han, hora.fu
        limit = next((name for least, name in _LIMITS if han >= least), None)
        if hora.yakuman:
            limit = "役満"
        elif limit is None and fu * 2 ** (han + 2) >= 2000:
            limit = "満貫"
        base = 8000 * hora.yakuman if hora.yakuman else value_of(han, fu)
        head = limit if limit else f"{fu}符{han}飜"
        dealer = hora.actor == self.start.oya
        if hora.actor != hora.target:
            return f"{head}{hora.points}点"
        if dealer:
            return f"{head}{round_up_100(2 * base)}点∀"
        return f"{head}{round_up_100(base)}-{round_up_100(2 * base)}点"

    def draw(self, event: Ryukyoku) -> list[Any]:
        if event.reason != "exhaustive":
            return [_DRAW_NAMES[event.reason]]
        deltas = list(event.deltas) + [0] * (4 - self.players)
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
        out: list[Any] = [[s.bakaze * 4 + s.kyoku, s.honba, s.kyotaku], scores, self.dora, self.ura]
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
    events: list[Event], *, players: int, red: bool, east: bool = False, names: tuple[str, ...] = ()
) -> dict[str, Any]:
    """A game as tenhou.net/6 JSON (what Tenhou's viewer opens): its rounds, and the final scores and
    points when the events include the end of the game."""
    disp = ("三" if players == 3 else "") + ("東" if east else "南") + "喰" + ("赤" if red else "")
    log: list[list[Any]] = []
    writer: _Writer | None = None
    end: EndGame | None = None
    for event in events:
        if isinstance(event, StartKyoku):
            writer = _Writer(event, red, players)
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
    if end is not None:
        sc: list[float] = []
        for score, points in zip(end.scores, end.points, strict=False):
            sc += [score, points_json(points)]
        out["sc"] = sc + [0, 0] * (4 - players)
    return out
