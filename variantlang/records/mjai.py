"""mjai JSON lines: the engine's events written for other tools, and read back.

mjai names tiles (`5m`, `5mr` red, `E S W N P F C`), not physical copies, so the reader gives each tile
an id as it first appears (deal, draw, indicator) and finds later mentions (discards, calls) in the
seat's hand by value. Fields the mjai vocabulary lacks (our results' yaku, han, fu, the draw reason,
replacement draws) are written as extra keys, which mjai tools ignore; a game written and read back
gives the same events up to which copy of a plain tile is which (`tests/test_mjai.py`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
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
from variantlang.records.fields import (
    MAX_COUNT,
    MAX_LIST,
    MAX_NAME,
    MAX_SCORE,
    READ_DRAWS,
    WRITE_DRAWS,
    FieldError,
    check_int,
    check_ints,
    check_points,
    json_depth,
)
from variantlang.records.tenhou_xml import Record, RecordError, Round, Rules
from variantlang.rules.names import mjai_parse, mjai_tile
from variantlang.rules.standing import points_json

WINDS = "ESWN"


def tile_name(tiles: TileTable, tile_id: int) -> str:
    tile = tiles.tiles[tile_id]
    if tile is None:
        raise ValueError(f"tile id {tile_id} is not in the tile set")
    return mjai_tile(tile)


def parse_name(name: object) -> tuple[int, str]:
    """(kind, mark) of an mjai tile name: what tells copies apart in play (`TileTable.value`)."""
    tile = mjai_parse(name)
    return tile.kind, tile.mark.value


def write(events: Iterable[Event], tiles: TileTable, variant: Mapping[str, Any] | None = None) -> Iterator[str]:
    """One JSON line per event; `start_game` carries the `variant` the game was played under (its
    identity, `records.variants.identity`) when given."""
    for event in events:
        out = _to_json(event, tiles)
        if variant is not None and isinstance(event, StartGame):
            out["variant"] = dict(variant)
        yield json.dumps(out, ensure_ascii=False, separators=(",", ":"))


def _to_json(event: Event, tiles: TileTable) -> dict[str, Any]:
    if isinstance(event, StartGame | StartKyoku | EndKyoku | EndGame):
        return _bounds_json(event, tiles)
    if isinstance(event, Chi | Pon | Daiminkan | Kakan | Ankan | Nukidora):
        return _call_json(event, tiles)
    if isinstance(event, Hora):
        return _hora_json(event, tiles)
    if isinstance(event, Ryukyoku):
        return {
            "type": "ryukyoku",
            "reason": WRITE_DRAWS.get(event.reason, event.reason),
            "deltas": list(event.deltas),
            "tenpai": list(event.tenpai),
            "nagashi": list(event.nagashi),
        }
    return _turn_json(event, tiles)


def _names(tiles: TileTable, some: Iterable[int]) -> list[str]:
    return [tile_name(tiles, t) for t in some]


def _bounds_json(event: StartGame | StartKyoku | EndKyoku | EndGame, tiles: TileTable) -> dict[str, Any]:
    """The start and end of a game or a hand."""
    if isinstance(event, StartGame):
        return {
            "type": "start_game",
            "players": event.players,
            "scores": list(event.scores),
            "seed": [event.seed % 2**64, SEED_KEY],
        }
    if isinstance(event, StartKyoku):
        return {
            "type": "start_kyoku",
            "bakaze": WINDS[event.bakaze],
            "kyoku": event.kyoku + 1,
            "honba": event.honba,
            "kyotaku": event.kyotaku,
            "oya": event.oya,
            "dora_marker": tile_name(tiles, event.dora_marker) if event.dora_marker != NO_MARKER else None,
            "tehais": [_names(tiles, h) for h in event.tehais],
            "scores": list(event.scores),
        }
    if isinstance(event, EndKyoku):
        return {"type": "end_kyoku"}
    points = [points_json(p) for p in event.points]
    end = {"type": "end_game", "scores": list(event.scores), "points": points, "reason": event.reason}
    return end | ({"chips": list(event.chips)} if event.chips else {})


def _turn_json(event: Tsumo | Dahai | Dora | Reach | ReachAccepted, tiles: TileTable) -> dict[str, Any]:
    """A draw, a discard, an indicator, a riichi and its acceptance."""
    if isinstance(event, Tsumo):
        out: dict[str, Any] = {"type": "tsumo", "actor": event.actor, "pai": tile_name(tiles, event.pai)}
        return out | ({"rinshan": True} if event.rinshan else {})
    if isinstance(event, Dahai):
        return {"type": "dahai", "actor": event.actor, "pai": tile_name(tiles, event.pai), "tsumogiri": event.tsumogiri}
    if isinstance(event, Dora):
        return {"type": "dora", "dora_marker": tile_name(tiles, event.dora_marker)}
    if isinstance(event, Reach):
        return {"type": "reach", "actor": event.actor} | ({"open": True} if event.open else {})
    return {"type": "reach_accepted", "actor": event.actor}


def _call_json(event: Chi | Pon | Daiminkan | Kakan | Ankan | Nukidora, tiles: TileTable) -> dict[str, Any]:
    """A call, a kan or a North set aside."""
    if isinstance(event, Chi | Pon | Daiminkan):
        kind = type(event).__name__.lower()
        return {
            "type": kind,
            "actor": event.actor,
            "target": event.target,
            "pai": tile_name(tiles, event.pai),
            "consumed": _names(tiles, event.consumed),
        }
    if isinstance(event, Kakan):
        pai = tile_name(tiles, event.pai)
        return {"type": "kakan", "actor": event.actor, "pai": pai, "consumed": _names(tiles, event.consumed)}
    if isinstance(event, Ankan):
        return {"type": "ankan", "actor": event.actor, "consumed": _names(tiles, event.consumed)}
    return {"type": "kita", "actor": event.actor, "pai": tile_name(tiles, event.pai)}  # RiichiEnv and jansou's spelling


def _hora_json(event: Hora, tiles: TileTable) -> dict[str, Any]:
    chips = {"chips": list(event.chips)} if event.chips else {}
    return chips | {
        "type": "hora",
        "actor": event.actor,
        "target": event.target,
        "pai": tile_name(tiles, event.pai),
        "deltas": list(event.deltas),
        "ura_markers": _names(tiles, event.ura_markers),
        "dora_markers": _names(tiles, event.dora_markers),
        "han": event.han,
        "fu": event.fu,
        "points": event.points,
        "yakuman": event.yakuman,
        "yaku": [list(y) for y in event.yaku],
        "pao": event.pao,
    }


class _Ids:
    """Gives each named tile a physical id: a new copy where a tile first appears, the seat's own copy
    where it is discarded or called."""

    def __init__(self, tiles: TileTable) -> None:
        self.tiles = tiles
        self.free: dict[tuple[int, str], list[int]] = {}
        self.hands: list[list[int]] = []
        self.last: int | None = None
        self.markers: list[int] = []
        self.ura: list[int] = []
        self.pons: dict[tuple[int, int], tuple[int, ...]] = {}
        self.rivers: list[list[int]] = []
        self.actor = 0
        """The seat that drew or called last: the one that places an indicator (`dora.chosen_indicators`)."""
        self.placed = False
        """The hand's indicators are placed by the players from their hands and rivers."""

    def reset(self, players: int) -> None:
        self.markers, self.ura, self.pons, self.last = [], [], {}, None
        self.rivers = [[] for _ in range(players)]
        self.free = {}
        for i in reversed(self.tiles.ids):
            self.free.setdefault(self.tiles.value(i), []).append(i)
        self.hands = [[] for _ in range(players)]

    def new(self, name: object) -> int:
        pool = self.free.get(parse_name(name))
        if not pool:
            raise ValueError(f"no copy of {name} is left")
        return pool.pop()

    def placed_marker(self, name: object) -> int:
        """A placed indicator (`dora.chosen_indicators`): one of the placing seat's discards (after a kan;
        a called one is no longer in its river), else a tile of its hand (the start player's)."""
        value = parse_name(name)
        river = self.rivers[self.actor]
        for t in reversed(river):
            if self.tiles.value(t) == value:
                river.remove(t)
                return t
        return self.held(self.actor, name)

    def held(self, seat: int, name: object) -> int:
        value = parse_name(name)
        for t in self.hands[seat]:
            if self.tiles.value(t) == value:
                self.hands[seat].remove(t)
                return t
        raise ValueError(f"seat {seat} does not hold {name}")


MAX_DEPTH = 8
"""No mjai event nests deeper than this (an identity's settings: object, list, list)."""
SEED_KEY = int.from_bytes(b"variantl")
"""The key of our `start_game.seed` pair `[nonce, key]` (Mortal's schema): the nonce is our game seed,
and this key says the wall came from our `SeededWall`, not from Tenhou's generator."""


def read(lines: Iterable[str], tiles: TileTable, name: str = "<mjai>") -> list[Event]:
    """The events of mjai JSON lines; RecordError with the line number for anything unreadable."""
    return _events(parse(lines, name), tiles, name)


def parse(lines: Iterable[str], name: str = "<mjai>") -> list[tuple[int, Any]]:
    """Each non-blank line's JSON value with its line number; RecordError at the first that is not an
    mjai event (not JSON, nested too deep, a number that is not finite)."""
    out = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        if json_depth(line) > MAX_DEPTH:
            raise RecordError(f"{name}:{number}: not a readable mjai event (nested deeper than {MAX_DEPTH})")
        try:
            value = json.loads(line, parse_constant=_no_constant)
        except ValueError as error:
            raise RecordError(f"{name}:{number}: not a readable mjai event ({error})") from None
        if not isinstance(value, dict) or not isinstance(value.get("type"), str):
            raise RecordError(f"{name}:{number}: not a readable mjai event (not an object with a type)")
        out.append((number, value))
    return out


def _no_constant(text: str) -> Any:
    raise ValueError(f"{text} is not a number a log may hold")


def _events(parsed: list[tuple[int, Any]], tiles: TileTable, name: str) -> list[Event]:
    ids = _Ids(tiles)
    events: list[Event] = []
    for number, value in parsed:
        try:
            events.append(_from_json(value, ids))
        except FieldError as error:
            raise RecordError(f"{name}:{number}: {value['type']}: {error}") from None
        except ValueError as error:
            raise RecordError(f"{name}:{number}: not a readable mjai event ({error})") from None
    return events


def is_mjai(text: str) -> bool:
    """Whether a log's first line is an mjai event (tenhou.net/6 JSON is one object with a `log`)."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    if json_depth(first) > MAX_DEPTH:
        return False
    try:
        value = json.loads(first)
    except ValueError:
        return False
    return isinstance(value, dict) and "type" in value


def identity(parsed: list[tuple[int, Any]]) -> Any:
    """The variant the game was played under, as its `start_game` carries it (None when it does not)."""
    for _, value in parsed[:1]:
        if value.get("type") == "start_game":
            return value.get("variant")
    return None


def flags(parsed: list[tuple[int, Any]], name: str = "<mjai>") -> Rules:
    """What an mjai log shows of its rules: the players (from `start_game`, or the first deal) and whether
    any tile is red. mjai carries no other rule flags, so the rest is the default variant's."""
    players = 0
    red = False
    for number, value in parsed:
        if not players:
            if value.get("type") == "start_game" and "players" in value:
                try:
                    players = check_int(value, "players", 3, 4)
                except FieldError as error:
                    raise RecordError(f"{name}:{number}: start_game: {error}") from None
            elif value.get("type") == "start_kyoku" and isinstance(value.get("tehais"), list):
                players = len(value["tehais"])
        red = red or _has_red(value)
    if players not in (3, 4):
        raise RecordError(f"{name}: no mjai game in the file (no start_game or start_kyoku for 3 or 4 players)")
    return Rules(players, red, True, True)


def first_scores(parsed: list[tuple[int, Any]]) -> tuple[int, ...]:
    """The scores the first hand starts from (empty when no hand says)."""
    for _, value in parsed:
        if value.get("type") == "start_kyoku":
            scores = value.get("scores")
            if isinstance(scores, list) and all(type(s) is int and abs(s) <= MAX_SCORE for s in scores):
                return tuple(scores)
            return ()
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
    seed = 0
    for event in _events(parsed, tiles, name):
        if isinstance(event, StartGame):
            seed = event.seed
        elif isinstance(event, StartKyoku):
            rounds.append(Round(event, indicators=[event.dora_marker] if event.dora_marker != NO_MARKER else []))
        elif isinstance(event, EndGame):
            end = event
        elif isinstance(event, EndKyoku):
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
    return Record(Path(name).name, flags(parsed, name), rounds, end, seed=seed)


def _ura(ids: _Ids, names: list[str]) -> tuple[int, ...]:
    """Ura indicators get ids once per hand: a second winner sees the same tiles."""
    while len(ids.ura) < len(names):
        ids.ura.append(ids.new(names[len(ids.ura)]))
    return tuple(ids.ura[: len(names)])


def _seat(d: dict[str, Any], key: str, ids: _Ids) -> int:
    return check_int(d, key, 0, len(ids.hands) - 1)


def _start_game(d: dict[str, Any], ids: _Ids) -> Event:
    seed = d.get("seed", 0)
    if isinstance(seed, list):  # Mortal's [nonce, key]
        seed = seed[0] if len(seed) == 2 else None
    if type(seed) is not int or not 0 <= seed < 2**64:
        raise FieldError("seed", "not a number or a [nonce, key] pair")
    players = check_int(d, "players", 3, 4, default=4)
    return StartGame(players, check_ints(d, "scores", (0, players), -MAX_SCORE, MAX_SCORE), seed)


def _start_kyoku(d: dict[str, Any], ids: _Ids) -> Event:
    hands = d.get("tehais")
    if not isinstance(hands, list) or len(hands) not in (3, 4):
        raise FieldError("tehais", "not the hands of three or four players")
    players = len(hands)
    for hand in hands:
        if not isinstance(hand, list) or len(hand) != 13:
            raise FieldError("tehais", "a starting hand does not have 13 tiles")
    scores = check_ints(d, "scores", (players, players), -MAX_SCORE, MAX_SCORE)
    oya = check_int(d, "oya", 0, players - 1)
    bakaze = d.get("bakaze")
    if bakaze not in tuple(WINDS):
        raise FieldError("bakaze", "not E, S, W or N")
    kyoku = check_int(d, "kyoku", 1, 4)
    honba, kyotaku = check_int(d, "honba", 0, MAX_COUNT), check_int(d, "kyotaku", 0, MAX_COUNT)
    ids.reset(players)
    tehais = tuple(tuple(ids.new(t) for t in h) for h in hands)
    ids.hands = [list(h) for h in tehais]
    dora = NO_MARKER  # no indicator at the start: the players place them (dora.chosen_indicators)
    ids.placed = d.get("dora_marker") is None
    if not ids.placed:
        dora = ids.new(d["dora_marker"])
        ids.markers.append(dora)
    return StartKyoku(WINDS.index(bakaze), kyoku - 1, honba, kyotaku, oya, dora, tehais, scores)


def _draw_or_discard(d: dict[str, Any], ids: _Ids) -> Event:
    actor = _seat(d, "actor", ids)
    ids.actor = actor
    if d["type"] == "tsumo":
        tile = ids.new(d.get("pai"))
        ids.hands[actor].append(tile)
        return Tsumo(actor, tile, d.get("rinshan") is True)
    if d["type"] == "dahai":
        ids.last = ids.held(actor, d.get("pai"))
        ids.rivers[actor].append(ids.last)
        return Dahai(actor, ids.last, d.get("tsumogiri") is True)
    ids.last = ids.held(actor, d.get("pai"))
    return Nukidora(actor, ids.last)  # `nukidora` (ours) or `kita` (RiichiEnv, jansou)


def _call(d: dict[str, Any], ids: _Ids) -> Event:
    kind = d["type"]
    actor = ids.actor = _seat(d, "actor", ids)
    consumed_names = d.get("consumed")
    size = {"chi": 2, "pon": 2, "daiminkan": 3, "kakan": 3, "ankan": 4}[kind]
    if not isinstance(consumed_names, list) or len(consumed_names) != size:
        raise FieldError("consumed", f"not {size} tiles")
    if kind == "kakan":
        tile = ids.held(actor, d.get("pai"))
        ids.last = tile
        pon = ids.pons.get((actor, tile >> 2))
        if pon is None:
            raise FieldError("pai", "added to no pon of the seat")
        return Kakan(actor, tile, pon)
    consumed = tuple(ids.held(actor, t) for t in consumed_names)
    if kind == "ankan":
        ids.last = consumed[0]  # thirteen orphans may rob it
        return Ankan(actor, consumed)
    target = _seat(d, "target", ids)
    if ids.last is None:
        raise FieldError("type", "a call with no discard before it")
    if ids.last in ids.rivers[target]:  # a called discard leaves the river
        ids.rivers[target].remove(ids.last)
    if kind == "chi":
        return Chi(actor, target, ids.last, consumed)
    if kind == "daiminkan":
        return Daiminkan(actor, target, ids.last, consumed)
    ids.pons[actor, ids.last >> 2] = (*consumed, ids.last)
    return Pon(actor, target, ids.last, consumed)


def _hora(d: dict[str, Any], ids: _Ids) -> Event:
    actor, target = _seat(d, "actor", ids), _seat(d, "target", ids)
    players = len(ids.hands)
    if actor == target:
        value = parse_name(d.get("pai"))
        pai = next((t for t in ids.hands[actor] if ids.tiles.value(t) == value), None)
    else:
        pai = ids.last
    if pai is None:
        raise FieldError("pai", "no tile to win on")
    yaku = d.get("yaku", [])
    if not isinstance(yaku, list) or len(yaku) > MAX_LIST or not all(_is_yaku(y) for y in yaku):
        raise FieldError("yaku", "not a list of [name, han] pairs")
    pao = d.get("pao")
    if pao is not None:
        pao = _seat(d, "pao", ids)
    markers = d.get("dora_markers", [])
    ura = d.get("ura_markers", [])
    if not isinstance(markers, list) or not isinstance(ura, list) or len(markers) > 10 or len(ura) > 10:
        raise FieldError("dora_markers", "not a list of indicators")
    return Hora(
        actor,
        target,
        pai,
        check_ints(d, "deltas", (0, players), -MAX_SCORE, MAX_SCORE),
        check_int(d, "han", 0, MAX_COUNT, default=0),
        check_int(d, "fu", 0, MAX_COUNT, default=0),
        check_int(d, "points", 0, MAX_SCORE, default=0),
        check_int(d, "yakuman", 0, MAX_COUNT, default=0),
        tuple((y[0], y[1]) for y in yaku),
        tuple(ids.markers[: len(markers)]),
        _ura(ids, ura),
        pao,
        check_ints(d, "chips", (0, players), -MAX_SCORE, MAX_SCORE),
    )


def _is_yaku(value: Any) -> bool:
    return (
        isinstance(value, list)
        and len(value) == 2
        and isinstance(value[0], str)
        and len(value[0]) <= MAX_NAME
        and type(value[1]) is int
        and 0 <= value[1] <= MAX_COUNT
    )


def _ryukyoku(d: dict[str, Any], ids: _Ids) -> Event:
    players = len(ids.hands)
    reason = d.get("reason", "exhaustive")
    if reason not in READ_DRAWS:
        raise FieldError("reason", f"not a draw we know: {str(reason)[:MAX_NAME]!r}")
    tenpai = d.get("tenpai", [])
    if not isinstance(tenpai, list) or len(tenpai) > players or not all(isinstance(t, bool) for t in tenpai):
        raise FieldError("tenpai", "not a list of true / false per seat")
    return Ryukyoku(
        READ_DRAWS[reason],
        check_ints(d, "deltas", (0, players), -MAX_SCORE, MAX_SCORE),
        tuple(tenpai),
        check_ints(d, "nagashi", (0, players), 0, players - 1),
    )


def _end_game(d: dict[str, Any], ids: _Ids) -> Event:
    players = len(ids.hands) or 4
    reason = d.get("reason", "complete")
    if reason not in ("complete", "tobi", "timeout"):
        raise FieldError("reason", "not complete, tobi or timeout")
    return EndGame(
        check_ints(d, "scores", (0, players), -MAX_SCORE, MAX_SCORE),
        check_points(d.get("points", []), players),
        reason,
        check_ints(d, "chips", (0, players), -MAX_SCORE, MAX_SCORE),
    )


def _marker(d: dict[str, Any], ids: _Ids) -> Event:
    if d["type"] == "dora":
        ids.markers.append(ids.placed_marker(d.get("dora_marker")) if ids.placed else ids.new(d.get("dora_marker")))
        return Dora(ids.markers[-1])
    actor = _seat(d, "actor", ids)
    return Reach(actor, d.get("open") is True) if d["type"] == "reach" else ReachAccepted(actor)


_READERS: dict[str, Callable[[dict[str, Any], _Ids], Event]] = {
    "start_game": _start_game,
    "start_kyoku": _start_kyoku,
    "tsumo": _draw_or_discard,
    "dahai": _draw_or_discard,
    "nukidora": _draw_or_discard,
    "kita": _draw_or_discard,
    "chi": _call,
    "pon": _call,
    "daiminkan": _call,
    "kakan": _call,
    "ankan": _call,
    "dora": _marker,
    "reach": _marker,
    "reach_accepted": _marker,
    "hora": _hora,
    "ryukyoku": _ryukyoku,
    "end_kyoku": lambda d, ids: EndKyoku(),
    "end_game": _end_game,
}


def _from_json(d: dict[str, Any], ids: _Ids) -> Event:
    reader = _READERS.get(d["type"])
    if reader is None:
        raise ValueError(f"unknown event type {d['type'][:MAX_NAME]!r}")
    if d["type"] not in ("start_game", "start_kyoku", "end_game") and not ids.hands:
        raise ValueError(f"{d['type']} before the first start_kyoku")
    return reader(d, ids)
