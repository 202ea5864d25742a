"""mjai JSON lines: the engine's events written for other tools, and read back.

mjai names tiles (`5m`, `5mr` red, `E S W N P F C`), not physical copies, so the reader gives each tile
an id as it first appears (deal, draw, indicator) and finds later mentions (discards, calls) in the
seat's hand by value. Fields the mjai vocabulary lacks (our results' yaku, han, fu, the draw reason,
replacement draws) are written as extra keys, which mjai tools ignore; a game written and read back
gives the same events up to which copy of a plain tile is which (`tests/test_mjai.py`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
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
from variantlang.hand.tiles import Mark
from variantlang.records.tenhou_xml import Record, RecordError, Round, Rules
from variantlang.rules.standing import points_json, read_points

HONOURS = "ESWNPFC"
WINDS = "ESWN"


def tile_name(tiles: TileTable, tile_id: int) -> str:
    tile = tiles.tiles[tile_id]
    if tile is None:
        raise ValueError(f"tile id {tile_id} is not in the tile set")
    kind = tile.kind
    name = HONOURS[kind - 27] if kind >= 27 else f"{kind % 9 + 1}{'mps'[kind // 9]}"
    if tile.mark is Mark.RED:
        return name + "r"
    if tile.mark is not Mark.PLAIN:
        raise ValueError(f"mjai has no name for {tile}")
    return name


def parse_name(name: str) -> tuple[int, bool]:
    """(kind, red) of an mjai tile name."""
    red = name.endswith("r")
    base = name[:-1] if red else name
    if base in HONOURS and len(base) == 1:
        return 27 + HONOURS.index(base), red
    if len(base) == 2 and base[0] in "123456789" and base[1] in "mps":
        return "mps".index(base[1]) * 9 + int(base[0]) - 1, red
    raise ValueError(f"not an mjai tile: {name!r}")


def write(events: Iterable[Event], tiles: TileTable) -> Iterator[str]:
    """One JSON line per event."""
    for event in events:
        yield json.dumps(_to_json(event, tiles), ensure_ascii=False, separators=(",", ":"))


def _to_json(event: Event, tiles: TileTable) -> dict[str, Any]:
    def name(tile: int) -> str:
        return tile_name(tiles, tile)

    def names(some: Iterable[int]) -> list[str]:
        return [tile_name(tiles, t) for t in some]

    if isinstance(event, StartGame):
        return {"type": "start_game", "players": event.players, "scores": list(event.scores), "seed": event.seed}
    if isinstance(event, StartKyoku):
        return {
            "type": "start_kyoku",
            "bakaze": WINDS[event.bakaze],
            "kyoku": event.kyoku + 1,
            "honba": event.honba,
            "kyotaku": event.kyotaku,
            "oya": event.oya,
            "dora_marker": name(event.dora_marker) if event.dora_marker != NO_MARKER else None,
            "tehais": [names(h) for h in event.tehais],
            "scores": list(event.scores),
        }
    if isinstance(event, Tsumo):
        out: dict[str, Any] = {"type": "tsumo", "actor": event.actor, "pai": name(event.pai)}
        return out | ({"rinshan": True} if event.rinshan else {})
    if isinstance(event, Dahai):
        return {"type": "dahai", "actor": event.actor, "pai": name(event.pai), "tsumogiri": event.tsumogiri}
    if isinstance(event, Chi | Pon | Daiminkan):
        kind = type(event).__name__.lower()
        return {
            "type": kind,
            "actor": event.actor,
            "target": event.target,
            "pai": name(event.pai),
            "consumed": names(event.consumed),
        }
    if isinstance(event, Kakan):
        return {"type": "kakan", "actor": event.actor, "pai": name(event.pai), "consumed": names(event.consumed)}
    if isinstance(event, Ankan):
        return {"type": "ankan", "actor": event.actor, "consumed": names(event.consumed)}
    if isinstance(event, Nukidora):
        return {"type": "nukidora", "actor": event.actor, "pai": name(event.pai)}
    if isinstance(event, Dora):
        return {"type": "dora", "dora_marker": name(event.dora_marker)}
    if isinstance(event, Reach):
        return {"type": "reach", "actor": event.actor}
    if isinstance(event, ReachAccepted):
        return {"type": "reach_accepted", "actor": event.actor}
    if isinstance(event, Hora):
        chips = {"chips": list(event.chips)} if event.chips else {}
        return chips | {
            "type": "hora",
            "actor": event.actor,
            "target": event.target,
            "pai": name(event.pai),
            "deltas": list(event.deltas),
            "ura_markers": names(event.ura_markers),
            "dora_markers": names(event.dora_markers),
            "han": event.han,
            "fu": event.fu,
            "points": event.points,
            "yakuman": event.yakuman,
            "yaku": [list(y) for y in event.yaku],
            "pao": event.pao,
        }
    if isinstance(event, Ryukyoku):
        return {
            "type": "ryukyoku",
            "reason": event.reason,
            "deltas": list(event.deltas),
            "tenpai": list(event.tenpai),
            "nagashi": list(event.nagashi),
        }
    if isinstance(event, EndKyoku):
        return {"type": "end_kyoku"}
    end = {
        "type": "end_game",
        "scores": list(event.scores),
        "points": [points_json(p) for p in event.points],
        "reason": event.reason,
    }
    return end | ({"chips": list(event.chips)} if event.chips else {})


class _Ids:
    """Gives each named tile a physical id: a new copy where a tile first appears, the seat's own copy
    where it is discarded or called."""

    def __init__(self, tiles: TileTable) -> None:
        self.tiles = tiles
        self.free: dict[tuple[int, bool], list[int]] = {}
        self.hands: list[list[int]] = []
        self.last: int | None = None
        self.markers: list[int] = []
        self.ura: list[int] = []
        self.pons: dict[tuple[int, int], tuple[int, ...]] = {}

    def reset(self, players: int) -> None:
        self.markers, self.ura, self.pons, self.last = [], [], {}, None
        self.free = {}
        for i in reversed(self.tiles.ids):
            self.free.setdefault(self.tiles.value(i), []).append(i)
        self.hands = [[] for _ in range(players)]

    def new(self, name: str) -> int:
        pool = self.free.get(parse_name(name))
        if not pool:
            raise ValueError(f"no copy of {name} is left")
        return pool.pop()

    def held(self, seat: int, name: str) -> int:
        value = parse_name(name)
        for t in self.hands[seat]:
            if self.tiles.value(t) == value:
                self.hands[seat].remove(t)
                return t
        raise ValueError(f"seat {seat} does not hold {name}")


def read(lines: Iterable[str], tiles: TileTable, name: str = "<mjai>") -> list[Event]:
    """The events of mjai JSON lines; RecordError with the line number for anything unreadable."""
    return _events(parse(lines, name), tiles, name)


def parse(lines: Iterable[str], name: str = "<mjai>") -> list[tuple[int, Any]]:
    """Each non-blank line's JSON value with its line number; RecordError at the first that is not JSON."""
    out = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            out.append((number, json.loads(line)))
        except ValueError as error:
            raise RecordError(f"{name}:{number}: not a readable mjai event ({error})") from None
    return out


def _events(parsed: list[tuple[int, Any]], tiles: TileTable, name: str) -> list[Event]:
    ids = _Ids(tiles)
    events: list[Event] = []
    for number, value in parsed:
        try:
            events.append(_from_json(value, ids))
        except (ValueError, KeyError, TypeError, IndexError) as error:
            raise RecordError(f"{name}:{number}: not a readable mjai event ({error})") from None
    return events


def is_mjai(text: str) -> bool:
    """Whether a log's first line is an mjai event (tenhou.net/6 JSON is one object with a `log`)."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    try:
        value = json.loads(first)
    except ValueError:
        return False
    return isinstance(value, dict) and "type" in value


def flags(parsed: list[tuple[int, Any]], name: str = "<mjai>") -> Rules:
    """What an mjai log shows of its rules: the players (from `start_game`, or the first deal) and whether
    any tile is red. mjai carries no other rule flags, so the rest is the default variant's."""
    players = 0
    red = False
    for _, value in parsed:
        if isinstance(value, dict) and not players:
            if value.get("type") == "start_game" and isinstance(value.get("players"), int):
                players = value["players"]
            elif value.get("type") == "start_kyoku" and isinstance(value.get("tehais"), list):
                players = len(value["tehais"])
        red = red or _has_red(value)
    if players not in (3, 4):
        raise RecordError(f"{name}: no mjai game in the file (no start_game or start_kyoku for 3 or 4 players)")
    return Rules(players, red, True, True)


def first_scores(parsed: list[tuple[int, Any]]) -> tuple[int, ...]:
    """The scores the first hand starts from (empty when no hand says)."""
    for _, value in parsed:
        if isinstance(value, dict) and value.get("type") == "start_kyoku":
            scores = value.get("scores")
            return tuple(scores) if isinstance(scores, list) and all(isinstance(s, int) for s in scores) else ()
    return ()


def _has_red(value: Any) -> bool:
    if isinstance(value, str):
        return len(value) == 3 and value.endswith("r") and value[1] in "mps"
    if isinstance(value, list):
        return any(_has_red(v) for v in value)
    if isinstance(value, dict):
        return any(_has_red(v) for v in value.values())
    return False


def to_record(parsed: list[tuple[int, Any]], tiles: TileTable, name: str = "<mjai>") -> Record:
    """An mjai game as a replayable record: a round per `start_kyoku`, with the indicators it shows."""
    rounds: list[Round] = []
    end: EndGame | None = None
    for event in _events(parsed, tiles, name):
        if isinstance(event, StartKyoku):
            rounds.append(Round(event, indicators=[event.dora_marker] if event.dora_marker != NO_MARKER else []))
        elif isinstance(event, EndGame):
            end = event
        elif isinstance(event, StartGame | EndKyoku):
            continue
        elif not rounds:
            raise RecordError(f"{name}: {type(event).__name__} before the first start_kyoku")
        else:
            rnd = rounds[-1]
            rnd.events.append(event)
            if isinstance(event, Dora):
                rnd.indicators.append(event.dora_marker)
            elif isinstance(event, Hora) and len(event.ura_markers) > len(rnd.ura):
                rnd.ura = event.ura_markers
    if not rounds:
        raise RecordError(f"{name}: no hand in the file (no start_kyoku)")
    return Record(Path(name).name, flags(parsed, name), rounds, end)


def _ura(ids: _Ids, names: list[str]) -> tuple[int, ...]:
    """Ura indicators get ids once per hand: a second winner sees the same tiles."""
    while len(ids.ura) < len(names):
        ids.ura.append(ids.new(names[len(ids.ura)]))
    return tuple(ids.ura[: len(names)])


def _from_json(d: dict[str, Any], ids: _Ids) -> Event:
    kind = d["type"]
    if kind == "start_game":
        return StartGame(d.get("players", 4), tuple(d.get("scores", ())), d.get("seed", 0))
    if kind == "start_kyoku":
        players = len(d["tehais"])
        if players not in (3, 4) or len(d["scores"]) != players or not 0 <= d["oya"] < players:
            raise ValueError("its hands, scores and dealer do not fit three or four players")
        if any(len(h) != 13 for h in d["tehais"]):
            raise ValueError("a starting hand does not have 13 tiles")
        ids.reset(players)
        hands = tuple(tuple(ids.new(t) for t in h) for h in d["tehais"])
        ids.hands = [list(h) for h in hands]
        bakaze = WINDS.index(d["bakaze"])
        dora = NO_MARKER  # no indicator at the start: the players place them (dora.chosen_indicators)
        if d["dora_marker"] is not None:
            dora = ids.new(d["dora_marker"])
            ids.markers.append(dora)
        return StartKyoku(bakaze, d["kyoku"] - 1, d["honba"], d["kyotaku"], d["oya"], dora, hands, tuple(d["scores"]))
    if kind == "tsumo":
        tile = ids.new(d["pai"])
        ids.hands[d["actor"]].append(tile)
        return Tsumo(d["actor"], tile, d.get("rinshan", False))
    if kind == "dahai":
        ids.last = ids.held(d["actor"], d["pai"])
        return Dahai(d["actor"], ids.last, d.get("tsumogiri", False))
    if kind in ("chi", "pon", "daiminkan"):
        consumed = tuple(ids.held(d["actor"], t) for t in d["consumed"])
        if ids.last is None:
            raise ValueError("a call with no discard before it")
        if kind == "chi":
            return Chi(d["actor"], d["target"], ids.last, consumed)
        if kind == "daiminkan":
            return Daiminkan(d["actor"], d["target"], ids.last, consumed)
        ids.pons[d["actor"], ids.last >> 2] = (*consumed, ids.last)
        return Pon(d["actor"], d["target"], ids.last, consumed)
    if kind == "kakan":
        tile = ids.held(d["actor"], d["pai"])
        ids.last = tile
        return Kakan(d["actor"], tile, ids.pons[d["actor"], tile >> 2])
    if kind == "ankan":
        consumed = tuple(ids.held(d["actor"], t) for t in d["consumed"])
        ids.last = consumed[0]  # thirteen orphans may rob it
        return Ankan(d["actor"], consumed)
    if kind == "nukidora":
        ids.last = ids.held(d["actor"], d["pai"])
        return Nukidora(d["actor"], ids.last)
    if kind == "dora":
        ids.markers.append(ids.new(d["dora_marker"]))
        return Dora(ids.markers[-1])
    if kind == "reach":
        return Reach(d["actor"])
    if kind == "reach_accepted":
        return ReachAccepted(d["actor"])
    if kind == "hora":
        actor, target = d["actor"], d["target"]
        pai = (
            next(t for t in ids.hands[actor] if ids.tiles.value(t) == parse_name(d["pai"]))
            if actor == target
            else ids.last
        )
        if pai is None:
            raise ValueError("a ron with no tile to win on")
        return Hora(
            actor,
            target,
            pai,
            tuple(d.get("deltas", ())),
            d.get("han", 0),
            d.get("fu", 0),
            d.get("points", 0),
            d.get("yakuman", 0),
            tuple((str(y[0]), int(y[1])) for y in d.get("yaku", ())),
            tuple(ids.markers[: len(d.get("dora_markers", ()))]),
            _ura(ids, d.get("ura_markers", ())),
            d.get("pao"),
            tuple(d.get("chips", ())),
        )
    if kind == "ryukyoku":
        return Ryukyoku(
            d.get("reason", "exhaustive"),
            tuple(d.get("deltas", ())),
            tuple(d.get("tenpai", ())),
            tuple(d.get("nagashi", ())),
        )
    if kind == "end_kyoku":
        return EndKyoku()
    if kind == "end_game":
        return EndGame(
            tuple(d.get("scores", ())),
            tuple(read_points(p) for p in d.get("points", ())),
            d.get("reason", "complete"),
            tuple(d.get("chips", ())),
        )
    raise ValueError(f"unknown event type {kind!r}")
