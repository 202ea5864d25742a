"""Reader of Tenhou mjlog XML (four- and three-player) into the engine's events.

Layout of the format: ../shared/truth/FORMAT.md §5 (tile ids are the engine's: kind * 4 + copy, red fives
16 / 52 / 88). Calls are decoded from the `m` bit field (`decode_call`). A file that is not XML, or
whose tags miss what a game needs, raises `RecordError` with the position (line and column for XML
syntax, the tag's number and name otherwise), never a bare traceback.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

from variantlang.engine.events import (
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    Dora,
    EndGame,
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
from variantlang.rules.standing import read_points

RED_IDS = (16, 52, 88)

_TENHOU_NAMES = """menzen_tsumo riichi ippatsu chankan rinshan haitei houtei pinfu tanyao iipeikou
        jikaze jikaze jikaze jikaze bakaze bakaze bakaze bakaze haku hatsu chun
        double_riichi chiitoitsu chanta ittsu sanshoku sanshoku_doukou sankantsu toitoi sanankou shousangen
        honroutou ryanpeikou junchan honitsu chinitsu renhou tenhou chiihou daisangen suuankou suuankou_tanki
        tsuuiisou ryuuiisou chinroutou chuuren junsei_chuuren kokushi kokushi_13 daisuushii shousuushii
        suukantsu dora ura red"""
TENHOU_YAKU = tuple(_TENHOU_NAMES.split())
"""Tenhou's yaku ids 0–54 by the ids of `standard.variant` (10–13 seat wind, 14–17 round wind; 52–54 are
dora, ura and red; Tenhou counts three-player kita inside 52)."""

RYUUKYOKU_TYPES = {
    None: "exhaustive",
    "nm": "exhaustive",
    "yao9": "kyuushu_kyuuhai",
    "reach4": "suucha_riichi",
    "kaze4": "suufon_renda",
    "kan4": "suukan_sanra",
    "ron3": "sancha_hou",
}
DRAW_TAGS = "TUVW"
DISCARD_TAGS = "DEFG"


class RecordError(ValueError):
    """A log that cannot be read, with where in the file."""


@dataclass(frozen=True)
class Rules:
    """The rule flags of `GO type`."""

    players: int
    red: bool
    kuitan: bool
    hanchan: bool


@dataclass
class Round:
    """One hand of the log: its start, its events in order (draws and results included), the ura
    indicators the log shows, and the tiles of the wall the log reveals (for a replay wall)."""

    start: StartKyoku
    events: list[Event] = field(default_factory=list)
    indicators: list[int] = field(default_factory=list)
    ura: tuple[int, ...] = ()
    dora_logged: bool = True
    """The log shows when each kan indicator was revealed (tenhou.net/6 JSON does not)."""

    @property
    def name(self) -> str:
        name = f"{'ESWN'[self.start.bakaze]}{self.start.kyoku + 1}"
        return name + (f"-{self.start.honba}" if self.start.honba else "")


@dataclass
class Record:
    name: str
    rules: Rules
    rounds: list[Round]
    end: EndGame | None


def _ints(text: str | None) -> list[int]:
    return [int(x) for x in text.split(",")] if text else []


def decode_call(who: int, m: int) -> Chi | Pon | Daiminkan | Kakan | Ankan | Nukidora:
    """A call's `m` code as the event it is (FORMAT.md §5.1)."""
    target = (who + (m & 3)) % 4
    if m & 0x04:
        t = m >> 10
        r = t % 3
        t //= 3
        base = (t // 7) * 9 + t % 7
        tiles = [(base + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3)]
        called = tiles.pop(r)
        return Chi(who, target, called, tuple(tiles))
    if m & 0x18:
        t = m >> 9
        r = t % 3
        t //= 3
        unused = (m >> 5) & 3
        tiles = [4 * t + i for i in range(4) if i != unused]
        if m & 0x08:
            called = tiles.pop(r)
            return Pon(who, target, called, tuple(tiles))
        return Kakan(who, 4 * t + unused, tuple(tiles))
    if m & 0x20:
        return Nukidora(who, m >> 8)
    hai = m >> 8
    kind = hai // 4
    if m & 3 == 0:
        return Ankan(who, tuple(4 * kind + i for i in range(4)))
    return Daiminkan(who, target, hai, tuple(4 * kind + i for i in range(4) if 4 * kind + i != hai))


def _hora(el: ET.Element, players: int) -> Hora:
    who, from_who = int(el.attrib["who"]), int(el.attrib["fromWho"])
    fu, points, _limit = _ints(el.get("ten"))
    flat = _ints(el.get("yaku"))
    yakuman_ids = _ints(el.get("yakuman"))
    yaku = tuple((TENHOU_YAKU[i], h) for i, h in zip(flat[::2], flat[1::2], strict=True) if h)
    if yakuman_ids:
        yaku = tuple((TENHOU_YAKU[i], 0) for i in yakuman_ids)
    sc = _ints(el.get("sc"))
    pao = el.get("paoWho")
    return Hora(
        who,
        from_who,
        int(el.attrib["machi"]),
        tuple(100 * d for d in sc[1::2][:players]),
        sum(h for _, h in yaku),
        fu,
        points,
        len(yakuman_ids),
        yaku,
        tuple(_ints(el.get("doraHai"))),
        tuple(_ints(el.get("doraHaiUra"))),
        int(pao) if pao is not None else None,
    )


def _ryukyoku(el: ET.Element, players: int) -> Ryukyoku:
    kind = el.get("type")
    if kind not in RYUUKYOKU_TYPES:
        raise KeyError(f"type={kind}")
    sc = _ints(el.get("sc"))
    deltas = tuple(100 * d for d in sc[1::2][:players])
    tenpai = tuple(f"hai{i}" in el.attrib for i in range(players))
    nagashi = tuple(i for i in range(players) if deltas[i] > 0) if kind == "nm" else ()
    if kind not in (None, "nm"):
        tenpai = ()
    return Ryukyoku(RYUUKYOKU_TYPES[kind], deltas, tenpai, nagashi)


def _end(el: ET.Element, players: int) -> EndGame | None:
    owari = el.get("owari")
    if owari is None:
        return None
    values = owari.split(",")
    points = tuple(read_points(v) for v in values[1 : 2 * players : 2])
    return EndGame(tuple(int(float(v)) * 100 for v in values[0 : 2 * players : 2]), points)


def read_text(text: str, name: str = "<log>") -> Record:
    try:
        root = ET.fromstring(text)
    except ET.ParseError as error:
        line, column = error.position
        raise RecordError(f"{name}:{line}:{column}: not a readable mjlog XML file ({error})") from None
    return _read(root, name)


def read_file(path: Path) -> Record:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError(f"{path}: cannot read: {error}") from None
    return read_text(text, str(path))


def _read(root: ET.Element, name: str) -> Record:
    rules: Rules | None = None
    rounds: list[Round] = []
    end: EndGame | None = None
    for index, el in enumerate(root):
        try:
            tag = el.tag
            if tag == "GO":
                go = int(el.attrib["type"])
                rules = Rules(3 if go & 0x10 else 4, not go & 0x02, not go & 0x04, bool(go & 0x08))
                continue
            if tag == "INIT":
                if rules is None:
                    rules = Rules(3 if not el.get("hai3") else 4, True, True, True)
                rounds.append(_init(el, rules.players))
                continue
            if not rounds or rules is None:
                continue
            rnd = rounds[-1]
            players = rules.players
            if tag[0] in DRAW_TAGS and tag[1:].isdigit():
                rnd.events.append(Tsumo(DRAW_TAGS.index(tag[0]), int(tag[1:])))
            elif tag[0] in DISCARD_TAGS and tag[1:].isdigit():
                seat = DISCARD_TAGS.index(tag[0])
                tile = int(tag[1:])
                last = next((e for e in reversed(rnd.events) if not isinstance(e, Reach | Dora)), None)
                tsumogiri = isinstance(last, Tsumo) and last.actor == seat and last.pai == tile
                rnd.events.append(Dahai(seat, tile, tsumogiri))
            elif tag == "N":
                rnd.events.append(decode_call(int(el.attrib["who"]), int(el.attrib["m"])))
            elif tag == "REACH":
                who = int(el.attrib["who"])
                rnd.events.append(Reach(who) if el.get("step") == "1" else ReachAccepted(who))
            elif tag == "DORA":
                tile = int(el.attrib["hai"])
                rnd.events.append(Dora(tile))
                rnd.indicators.append(tile)
            elif tag == "AGARI":
                hora = _hora(el, players)
                rnd.events.append(hora)
                if hora.ura_markers and not rnd.ura:
                    rnd.ura = hora.ura_markers
                end = _end(el, players) or end
            elif tag == "RYUUKYOKU":
                rnd.events.append(_ryukyoku(el, players))
                end = _end(el, players) or end
        except (KeyError, ValueError, IndexError) as error:
            raise RecordError(f"{name}: tag {index + 1} <{el.tag}>: missing or bad value ({error})") from None
    if rules is None or not rounds:
        raise RecordError(f"{name}: no game in the file (no GO or INIT tag)")
    return Record(Path(name).name, rules, rounds, end)


def _init(el: ET.Element, players: int) -> Round:
    seed = _ints(el.attrib["seed"])
    kyoku, honba, kyotaku, indicator = seed[0], seed[1], seed[2], seed[5]
    hands = tuple(tuple(_ints(el.get(f"hai{i}"))) for i in range(players))
    if any(len(h) != 13 for h in hands):
        raise ValueError("a starting hand does not have 13 tiles")
    scores = tuple(100 * s for s in _ints(el.attrib["ten"])[:players])
    start = StartKyoku(kyoku // 4, kyoku % 4, honba, kyotaku, int(el.attrib["oya"]), indicator, hands, scores)
    return Round(start, indicators=[indicator])
