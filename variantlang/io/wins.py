"""The JSON shape of a win and of its score: what `variantlang score --json` and `--batch` read and write.

Input fields: `closed` (concealed tiles, the winning tile included), `melds` (list of
`{"type": chi|pon|minkan|ankan|kakan, "tiles": "..."}`), `win`, `tsumo`, `riichi`, `double_riichi`,
`open_riichi`, `ippatsu`, `rinshan`, `chankan`, `haitei`, `houtei`, `tenhou`, `chiihou`, `renhou`,
`seat_wind`, `round_wind` (E S W N), `dora_indicators`, `ura_indicators`, `honba`, `riichi_sticks`,
`nuki`, `first_win`, `tenpai_others`, `discarder_riichi` (the discarder of a ron was in riichi),
`discarder` (E S W N: who dealt into a ron, for formulas that read the payer; default the player before
the winner). A score
carries `chips` (by kind, who pays, each payer's count, the total and its value in points) where the
variant pays chips.
"""

from __future__ import annotations

from typing import Any

from variantlang.diagnostics import suggestion
from variantlang.hand.decomposition import Meld
from variantlang.hand.tiles import WIND_LETTERS, NotationError, Tile, parse_tiles
from variantlang.model.win import CIRCUMSTANCES, Score, WinInput

FLAGS = (*CIRCUMSTANCES, "first_win", "discarder_riichi")
NUMBERS = ("honba", "riichi_sticks", "tenpai_others")
TILE_LISTS = ("dora_indicators", "ura_indicators", "nuki")
DEFAULT_WIND = "E"
"""Seat and round wind when a win does not say (the command line, a batch line and a rule file's example
alike): East, as `WinInput` has it."""
KNOWN = {"closed", "melds", "win", "seat_wind", "round_wind", "discarder", *FLAGS, *NUMBERS, *TILE_LISTS}


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
    value = record.get(name, DEFAULT_WIND)
    if not isinstance(value, str) or value.upper() not in WIND_LETTERS or len(value) != 1:
        raise InputError(f"`{name}` must be one of E S W N, not {value!r}")
    return 27 + WIND_LETTERS.index(value.upper())


def win_input(record: object) -> WinInput:
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
        discarder=_wind(record, "discarder") if record.get("discarder") is not None else None,
        dora_indicators=_tiles(record, "dora_indicators"),
        ura_indicators=_tiles(record, "ura_indicators"),
        nuki=_tiles(record, "nuki"),
        **flags,
    )


def score_json(result: Score, hand: WinInput) -> dict[str, Any]:
    dealer = hand.seat_wind == 27
    out: dict[str, Any] = {
        "ok": True,
        "han": result.han,
        "fu": result.fu,
        "yaku": [
            {"id": y.id, "name": y.name_ja, "name_en": y.name_en, "han": y.han, "yakuman": y.yakuman}
            | ({"limit": y.limit} if y.limit else {})
            for y in result.yaku
        ],
        "bonuses": [{"id": b.id, "name": b.name_ja, "name_en": b.name_en, "han": b.han} for b in result.bonuses],
        "yakuman": result.yakuman,
        "dora": result.dora,
        "limit": result.limit.value,
        "points": result.payments.by_payer(tsumo=hand.tsumo, dealer=dealer),
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
    if result.chips is not None:
        chips = result.chips
        out["chips"] = {
            "by_kind": dict(chips.by_kind),
            "paid_by": "each_other_player" if hand.tsumo else "discarder",
            "each": chips.each,
            "total": chips.total,
            "points": chips.total * chips.value,
        }
    return out
