"""The JSON shape of a win and of its score: what `variantlang score --json` and `--batch` read and write.

Input fields: `closed` (concealed tiles, the winning tile included), `melds` (list of
`{"type": chi|pon|minkan|ankan|kakan, "tiles": "..."}`), `win`, `tsumo`, `riichi`, `double_riichi`,
`open_riichi`, `ippatsu`, `rinshan`, `chankan`, `haitei`, `houtei`, `tenhou`, `chiihou`, `renhou`,
`seat_wind`, `round_wind` (E S W N), `dora_indicators`, `ura_indicators`, `honba`, `riichi_sticks`,
`nuki`, `first_win`, `tenpai_others`.
"""

from __future__ import annotations

from typing import Any

from .diagnostics import suggestion
from .hand import Meld, MeldType
from .points import Payments
from .scoring import CIRCUMSTANCES, Score, WinInput
from .tiles import WIND_LETTERS, NotationError, Tile, format_tiles, parse_tiles

FLAGS = (*CIRCUMSTANCES, "first_win")
NUMBERS = ("honba", "riichi_sticks", "tenpai_others")
TILE_LISTS = ("dora_indicators", "ura_indicators", "nuki")
KNOWN = {"closed", "melds", "win", "seat_wind", "round_wind", *FLAGS, *NUMBERS, *TILE_LISTS}


class InputError(ValueError):
    """A field of a win is missing or malformed; the message names the field."""


def _tiles(record: dict[str, Any], name: str) -> tuple[Tile, ...]:
    value = record.get(name, "")
    if isinstance(value, list):
        value = "".join(str(v) for v in value)
    if not isinstance(value, str):
        raise InputError(f'`{name}` must be tile notation like "123m406p"')
    try:
        return tuple(parse_tiles(value))
    except NotationError as error:
        raise InputError(f"`{name}`: {error}") from None


def _wind(record: dict[str, Any], name: str) -> int:
    value = record.get(name, "E")
    if not isinstance(value, str) or value.upper() not in WIND_LETTERS or len(value) != 1:
        raise InputError(f"`{name}` must be one of E S W N, not {value!r}")
    return 27 + WIND_LETTERS.index(value.upper())


def win_input(record: dict[str, Any]) -> WinInput:
    """A `WinInput` from a JSON object; InputError names the first bad field (unknown fields too)."""
    if not isinstance(record, dict):
        raise InputError('expected a JSON object like {"closed": "123m456p789s23455s", "win": "5s"}')
    unknown = sorted(set(record) - KNOWN)
    if unknown:
        hint = suggestion(unknown[0], sorted(KNOWN))
        raise InputError(f"unknown field `{unknown[0]}`" + (f" ({hint})" if hint else ""))
    closed = _tiles(record, "closed")
    if not closed:
        raise InputError("`closed` is required: the concealed tiles, the winning tile included")
    melds = []
    raw_melds = record.get("melds", [])
    if not isinstance(raw_melds, list):
        raise InputError('`melds` must be a list of {"type": ..., "tiles": ...}')
    for index, raw in enumerate(raw_melds):
        if not isinstance(raw, dict) or not isinstance(raw.get("type"), str):
            raise InputError(f"`melds[{index}]` must be an object with `type` and `tiles`")
        try:
            melds.append(Meld.parse(raw["type"], str(raw.get("tiles", ""))))
        except (ValueError, NotationError) as error:
            raise InputError(f"`melds[{index}]`: {error}") from None
    win = _tiles(record, "win") if "win" in record else ()
    if len(win) > 1:
        raise InputError("`win` is one tile")
    flags: dict[str, Any] = {}
    for name in FLAGS:
        if name in record:
            if not isinstance(record[name], bool):
                raise InputError(f"`{name}` must be true or false")
            flags[name] = record[name]
    for name in NUMBERS:
        if name in record:
            value = record[name]
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 100:
                raise InputError(f"`{name}` must be a whole number from 0 to 100")
            flags[name] = value
    return WinInput(
        closed=closed,
        melds=tuple(melds),
        win=win[0] if win else None,
        seat_wind=_wind(record, "seat_wind"),
        round_wind=_wind(record, "round_wind"),
        dora_indicators=_tiles(record, "dora_indicators"),
        ura_indicators=_tiles(record, "ura_indicators"),
        nuki=_tiles(record, "nuki"),
        **flags,
    )


def points(payments: Payments, *, tsumo: bool, dealer: bool) -> dict[str, int]:
    """Who pays what, honba included: `discarder`, or `dealer` and `each_non_dealer`."""
    honba = payments.honba_each
    if not tsumo:
        return {"discarder": payments.ron + honba}
    out = {"each_non_dealer": payments.from_non_dealer + honba}
    if not dealer:
        out = {"dealer": payments.from_dealer + honba, **out}
    return out


def score_json(result: Score, hand: WinInput) -> dict[str, Any]:
    dealer = hand.seat_wind == 27
    out: dict[str, Any] = {
        "ok": True,
        "han": result.han,
        "fu": result.fu,
        "yaku": [
            {"id": y.id, "name": y.name_ja, "name_en": y.name_en, "han": y.han, "yakuman": y.yakuman}
            for y in result.yaku
        ],
        "bonuses": [{"id": b.id, "name": b.name_ja, "name_en": b.name_en, "han": b.han} for b in result.bonuses],
        "yakuman": result.yakuman,
        "dora": result.dora,
        "limit": result.limit.value,
        "points": points(result.payments, tsumo=hand.tsumo, dealer=dealer),
        "hand_value": result.payments.hand,
        "honba": result.payments.honba_each * result.payments.payers,
        "riichi_sticks": result.payments.sticks,
        "total": result.total,
        "reading": str(result.reading.decomposition),
        "wait": result.reading.wait.value,
        "fu_parts": [{"name": name, "fu": value} for name, value in result.fu_parts],
    }
    if result.formula_values:
        out["formula"] = result.formula_values
    return out


def parse_hand_text(text: str) -> tuple[tuple[Tile, ...], tuple[Meld, ...]]:
    """`"234m567p11z7s 789s (5555z)"`: the concealed tiles, then called melds separated by spaces — a run
    is a chi, three alike a pon, four alike an open kan, and a kan in parentheses a concealed kan."""
    chunks = text.split()
    if not chunks:
        raise InputError("empty hand")
    try:
        closed = tuple(parse_tiles(chunks[0]))
        melds = []
        for chunk in chunks[1:]:
            concealed = chunk.startswith("(") and chunk.endswith(")")
            tiles = tuple(parse_tiles(chunk.strip("()")))
            kinds = sorted(t.kind for t in tiles)
            if concealed:
                kind = MeldType.ANKAN
            elif len(tiles) == 4:
                kind = MeldType.MINKAN
            elif len(set(kinds)) == 1:
                kind = MeldType.PON
            else:
                kind = MeldType.CHI
            melds.append(Meld(kind, tiles))
    except NotationError as error:
        raise InputError(str(error)) from None
    except ValueError as error:
        raise InputError(f"meld `{chunk}`: {error}") from None
    return closed, tuple(melds)


def describe_hand(hand: WinInput) -> str:
    melds = " ".join(f"({format_tiles(m.tiles)})" if not m.is_open else format_tiles(m.tiles) for m in hand.melds)
    return f"{format_tiles(hand.closed)} {melds}".strip()
