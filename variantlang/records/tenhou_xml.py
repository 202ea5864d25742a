"""Reader of Tenhou mjlog XML (four- and three-player) into the engine's events.

Layout of the format: ../shared/truth/FORMAT.md §5 (tile ids are the engine's: kind * 4 + copy, red fives
16 / 52 / 88). Calls are decoded from the `m` bit field (`decode_call`). A file that is not XML, or
whose tags miss what a game needs, raises `RecordError` with the position (line and column for XML
syntax, the tag's number and name otherwise), never a bare traceback. The file is read as a stream
(`read_chunks`), a tag at a time, and no entity is expanded.
"""

from __future__ import annotations

import itertools
import math
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.parsers import expat

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
from variantlang.records.fields import MAX_SCORE
from variantlang.rules.names import TENHOU_YAKU
from variantlang.rules.standing import read_points

RED_IDS = (16, 52, 88)

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
    log_id: str = ""
    """Tenhou's id of the game (`2009031702gm-00a1-0000-336ee82a`: its date, lobby type and lobby), from
    the file's name or `ref`."""
    lobby: int = 0
    """Tenhou's lobby (`GO lobby`, tenhou.net/6 `lobby`): 0 for the ranked rooms."""
    variant: Any = None
    """The variant the file says it was played under (our writers' identity; unchecked until read)."""
    seed: int = 0
    """The game seed our writers record (mjai `start_game.seed`, tenhou.net/6 `seed`; 0 in others' logs): the
    replay throws each hand's dice from it (`engine.wall.dice`: wareme, double dora on a pair) and draws
    the lot for ties."""


def _ints(text: str | None) -> list[int]:
    if text and len(text) > 4096:
        raise ValueError("a list of numbers too long for a log")
    return [int(x) for x in text.split(",")] if text else []


def _checked(event: Any, players: int) -> Any:
    """The event, once its seats are seats of the game and its tiles are tile ids (0–135): a log's values
    are list indexes in the engine."""
    for key in ("actor", "target", "pao"):
        seat = getattr(event, key, None)
        if seat is not None and not 0 <= seat < players:
            raise ValueError(f"{key} {seat} is not a seat of a {players}-player game")
    tiles = [getattr(event, key, 0) for key in ("pai", "dora_marker")]
    tiles += [*getattr(event, "consumed", ()), *getattr(event, "dora_markers", ()), *getattr(event, "ura_markers", ())]
    bad = [t for t in tiles if not 0 <= t < 136]
    if bad:
        raise ValueError(f"tile {bad[0]} is not a tile id (0–135)")
    scores = [*getattr(event, "deltas", ()), *getattr(event, "scores", ())]
    if any(abs(x) > MAX_SCORE for x in scores):
        raise ValueError("a score out of range")
    return event


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
    if any(not 0 <= i < len(TENHOU_YAKU) for i in (*flat[::2], *yakuman_ids)) or any(h < 0 for h in flat[1::2]):
        raise ValueError("a yaku number Tenhou does not have")
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
    written = owari.split(",")[: 2 * players]
    values = [float(x) for x in written]
    if len(values) < 2 * players or not all(math.isfinite(v) and abs(v) <= MAX_SCORE for v in values):
        raise ValueError(f"owari {owari[:40]!r} is not finite scores and points")
    return EndGame(tuple(int(v) * 100 for v in values[0::2]), tuple(read_points(x) for x in written[1::2]))


def read_text(text: str, name: str = "<log>") -> Record:
    return read_chunks([text.encode("utf-8")], name)


CHUNK_BYTES = 1 << 16
"""A file is read this much at a time: only the tags of the chunk being parsed are held, not a tree."""


def read_chunks(chunks: Iterable[bytes], name: str = "<log>") -> Record:
    """A game from an mjlog XML file's bytes, read incrementally. A document type declaration is refused
    before its first entity is declared, so no entity is ever expanded (a "billion laughs" file is refused
    at its DOCTYPE) and nothing outside the file is read: without one, expat knows only XML's five
    character entities."""
    return _read(_tags(chunks, name), name)


def _tags(chunks: Iterable[bytes], name: str) -> Iterator[ET.Element]:
    """The game's tags (the root element's children, their attributes), as the parser meets them."""
    parser = expat.ParserCreate()
    ready: list[ET.Element] = []
    depth = 0

    def start(tag: str, attributes: dict[str, str]) -> None:
        nonlocal depth
        depth += 1
        if depth == 2:
            ready.append(ET.Element(tag, attributes))

    def end(_tag: str) -> None:
        nonlocal depth
        depth -= 1

    def doctype(*_: object) -> None:
        line, column = parser.CurrentLineNumber, parser.CurrentColumnNumber
        raise RecordError(f"{name}:{line}:{column}: a document type declaration: not an mjlog XML file we read")

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.StartDoctypeDeclHandler = doctype
    for chunk, final in itertools.chain(((c, False) for c in chunks), [(b"", True)]):
        try:
            parser.Parse(chunk, final)
        except expat.ExpatError as error:
            raise RecordError(
                f"{name}:{error.lineno}:{error.offset}: not a readable mjlog XML file ({error})"
            ) from None
        yield from ready
        ready.clear()


def _read(tags: Iterable[ET.Element], name: str) -> Record:
    rules: Rules | None = None
    rounds: list[Round] = []
    end: EndGame | None = None
    lobby = 0
    for index, el in enumerate(tags):
        try:
            tag = el.tag
            if tag == "GO":
                go = int(el.attrib["type"])
                rules = Rules(3 if go & 0x10 else 4, not go & 0x02, not go & 0x04, bool(go & 0x08))
                lobby = int(el.get("lobby", "0"))
            elif tag == "INIT":
                if rules is None:
                    rules = Rules(3 if not el.get("hai3") else 4, True, True, True)
                rounds.append(_init(el, rules.players))
            elif rounds and rules is not None:
                end = _event(el, rounds[-1], rules.players) or end
        except (KeyError, ValueError, IndexError) as error:
            raise RecordError(f"{name}: tag {index + 1} <{el.tag}>: missing or bad value ({error})") from None
    if rules is None or not rounds:
        raise RecordError(f"{name}: no game in the file (no GO or INIT tag)")
    return Record(Path(name).name, rules, rounds, end, Path(name).stem, lobby)


def _event(el: ET.Element, rnd: Round, players: int) -> EndGame | None:
    """Add the event of one tag to its round; the end of the game when the tag carries it."""
    tag = el.tag
    event: Event | None = None
    if tag[0] in DRAW_TAGS and tag[1:].isdigit() and len(tag) <= 4:
        event = Tsumo(DRAW_TAGS.index(tag[0]), int(tag[1:]))
    elif tag[0] in DISCARD_TAGS and tag[1:].isdigit() and len(tag) <= 4:
        seat = DISCARD_TAGS.index(tag[0])
        tile = int(tag[1:])
        last = next((e for e in reversed(rnd.events) if not isinstance(e, Reach | Dora)), None)
        event = Dahai(seat, tile, isinstance(last, Tsumo) and last.actor == seat and last.pai == tile)
    elif tag == "N":
        m = int(el.attrib["m"])
        if not 0 <= m < 1 << 16:
            raise ValueError(f"call code {el.attrib['m'][:20]} is not a 16-bit number")
        event = decode_call(int(el.attrib["who"]), m)
    elif tag == "REACH":
        who = int(el.attrib["who"])
        event = Reach(who) if el.get("step") == "1" else ReachAccepted(who)
    elif tag == "DORA":
        event = Dora(int(el.attrib["hai"]))
        rnd.indicators.append(event.dora_marker)
    elif tag in ("AGARI", "RYUUKYOKU"):
        event = _hora(el, players) if tag == "AGARI" else _ryukyoku(el, players)
        if isinstance(event, Hora) and event.ura_markers and not rnd.ura:
            rnd.ura = event.ura_markers
    if event is not None:
        rnd.events.append(_checked(event, players))
    return _end(el, players) if tag in ("AGARI", "RYUUKYOKU") else None


def _init(el: ET.Element, players: int) -> Round:
    seed = _ints(el.attrib["seed"])
    if len(seed) != 6 or not 0 <= seed[0] < 16 or not all(0 <= x <= 1000 for x in seed[1:3]):
        raise ValueError("seed is not round, honba, sticks, two dice and an indicator")
    kyoku, honba, kyotaku, indicator = seed[0], seed[1], seed[2], seed[5]
    hands = tuple(tuple(_ints(el.get(f"hai{i}"))) for i in range(players))
    if any(len(h) != 13 for h in hands):
        raise ValueError("a starting hand does not have 13 tiles")
    ten = _ints(el.attrib["ten"])
    if len(ten) < players:
        raise ValueError(f"ten has fewer than {players} scores")
    scores = tuple(100 * s for s in ten[:players])
    start = StartKyoku(kyoku // 4, kyoku % 4, honba, kyotaku, int(el.attrib["oya"]), indicator, hands, scores)
    if not 0 <= start.oya < players:
        raise ValueError(f"oya {start.oya} is not a seat of a {players}-player game")
    _checked(start, players)
    if any(not 0 <= t < 136 for h in hands for t in h):
        raise ValueError("a starting hand holds a number that is not a tile id (0–135)")
    return Round(start, indicators=[indicator])
