"""Example hands written in a variant file: `example ID "HAND" [options…]` → the win they describe.

HAND uses the `score` command's notation (concealed tiles, winning tile included, then called melds;
a kan in parentheses is concealed). Options: the flags `riichi`, `double_riichi`, `open_riichi`,
`ippatsu`, `tsumo`, `rinshan`, `chankan`, `haitei`, `houtei`, `tenhou`, `chiihou`, `renhou`,
`not_first_win`, and the pairs `win TILE`, `seat E|S|W|N`, `round E|S|W|N`, `dora TILES`, `ura TILES`,
`nuki TILES`, `honba N`, `sticks N`, `tenpai_others N`.
"""

from __future__ import annotations

from typing import Any

from variantlang.diagnostics import Span
from variantlang.hand.notation import HandNotationError, parse_hand
from variantlang.hand.tiles import WIND_LETTERS, format_tiles
from variantlang.model.win import CIRCUMSTANCES, WinInput
from variantlang.syntax import ast

FLAGS = CIRCUMSTANCES
TILE_OPTIONS = {"win": "win", "dora": "dora_indicators", "ura": "ura_indicators", "nuki": "nuki"}
NUMBER_OPTIONS = {"honba": "honba", "sticks": "riichi_sticks", "tenpai_others": "tenpai_others"}
EXAMPLE_HELP = (
    'write `example ID "123m456p789s23455s" win 5s riichi tsumo`; options: '
    + ", ".join(FLAGS)
    + ", not_first_win, win/dora/ura/nuki TILES, seat/round E|S|W|N, honba/sticks N"
)


class ExampleError(ValueError):
    def __init__(self, message: str, span: Span | None = None) -> None:
        super().__init__(message)
        self.span = span


def example_win(hand: str, options: tuple[ast.Value, ...]) -> WinInput:
    """The win an example describes; ExampleError (with the option's span) when it is malformed."""
    try:
        closed, melds = parse_hand(hand)
    except HandNotationError as error:
        raise ExampleError(str(error)) from None
    fields: dict[str, Any] = {"closed": closed, "melds": melds}
    words = list(options)
    while words:
        option = words.pop(0)
        if not isinstance(option, ast.Word):
            raise ExampleError("expected an option name", option.span)
        name = option.value
        if name in FLAGS:
            fields[name] = True
        elif name == "not_first_win":
            fields["first_win"] = False
        elif name in TILE_OPTIONS or name in NUMBER_OPTIONS or name in ("seat", "round"):
            if not words:
                raise ExampleError(f"`{name}` needs a value", option.span)
            value = words.pop(0)
            fields.update(_pair(name, value))
        else:
            raise ExampleError(f"unknown option `{name}`", option.span)
    return WinInput(**fields)


def _pair(name: str, value: ast.Value) -> dict[str, Any]:
    if name in TILE_OPTIONS:
        if not isinstance(value, ast.Tiles):
            raise ExampleError(f"`{name}` takes tiles", value.span)
        tiles = value.tiles
        if name == "win":
            if len(tiles) != 1:
                raise ExampleError(f"`win` is one tile, not {format_tiles(tiles)}", value.span)
            return {"win": tiles[0]}
        return {TILE_OPTIONS[name]: tiles}
    if name in NUMBER_OPTIONS:
        if not isinstance(value, ast.Number) or not isinstance(value.value, int):
            raise ExampleError(f"`{name}` takes a whole number", value.span)
        return {NUMBER_OPTIONS[name]: value.value}
    if not isinstance(value, ast.Word) or value.value not in WIND_LETTERS or len(value.value) != 1:
        raise ExampleError(f"`{name}` takes E, S, W or N", value.span)
    return {f"{name}_wind": 27 + WIND_LETTERS.index(value.value)}
