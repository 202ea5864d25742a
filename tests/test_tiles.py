"""Tile notation and tile sets (R-TILE-1..4, R-TILE-5..7 marks and flowers)."""

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from variantlang import Ruleset
from variantlang.hand.tiles import (
    KINDS,
    SANMA_TILES,
    STANDARD_TILES,
    Mark,
    NotationError,
    Tile,
    TileSet,
    format_tiles,
    kind_name,
    parse_kind,
    parse_tiles,
    to_counts,
)


def test_parse_standard_notation() -> None:
    tiles = parse_tiles("123m406p789s1122z")
    assert [kind_name(t.kind) for t in tiles] == [
        "1m",
        "2m",
        "3m",
        "4p",
        "5p",
        "6p",
        "7s",
        "8s",
        "9s",
        "1z",
        "1z",
        "2z",
        "2z",
    ]
    assert tiles[4] == Tile(13) and tiles[4].red
    assert sum(t.red for t in tiles) == 1


def test_honour_letters_and_kanji_mean_the_same_tiles() -> None:
    assert to_counts(parse_tiles("ESWNPFC")) == to_counts(parse_tiles("1234567z"))
    assert to_counts(parse_tiles("東南西北白發中")) == to_counts(parse_tiles("1234567z"))
    assert parse_kind("発") == parse_kind("7z") - 1 == parse_kind("F")


def test_marks_flowers_and_spaces() -> None:
    tiles = parse_tiles("3rs 4gz 5*z 1234f")
    assert tiles[0] == Tile(20) and tiles[0].mark is Mark.RED  # Kyushu red 3s (R-TILE-5)
    assert tiles[1].mark is Mark.GOLD and tiles[1].kind == 30  # gold North
    assert tiles[2].mark is Mark.POCCHI and tiles[2].kind == 31  # white pocchi (R-TILE-7)
    assert all(t.is_flower for t in tiles[3:])  # R-TILE-6
    assert format_tiles(tiles) == "3rs4g5*z1234f"


@pytest.mark.parametrize(
    ("text", "position", "fragment"),
    [
        ("123x", 3, "unexpected character 'x'"),
        ("123", 0, "no suit letter"),
        ("m", 0, "no digits before it"),
        ("8z", 0, "8z does not exist"),
        ("0z", 0, "red five"),
        ("12 3m", 0, "no suit letter"),
        ("r1m", 0, "must follow the digit"),
        ("9f", 0, "9f does not exist"),
        ("1E", 0, "digits before 'E'"),
    ],
)
def test_bad_notation_names_character_and_position(text: str, position: int, fragment: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_tiles(text)
    assert caught.value.position == position
    assert fragment in caught.value.message
    rendered = caught.value.render().splitlines()
    assert rendered[1].strip() == text.strip() and rendered[2].index("^") == position + 2


physical_tiles = st.builds(
    Tile,
    st.integers(0, KINDS - 1),
    st.sampled_from([Mark.PLAIN, Mark.RED, Mark.GOLD, Mark.POCCHI]),
) | st.builds(Tile, st.integers(34, 41))


@given(st.lists(physical_tiles, max_size=20))
def test_notation_round_trips(tiles: list[Tile]) -> None:
    text = format_tiles(tiles)
    parsed = parse_tiles(text)
    assert sorted(parsed, key=Tile.sort_key) == sorted(tiles, key=Tile.sort_key)
    assert [t.mark for t in sorted(parsed, key=Tile.sort_key)] == [t.mark for t in sorted(tiles, key=Tile.sort_key)]
    assert format_tiles(parsed) == text


@given(st.text(alphabet="0123456789mpszESWNPFC東白 rgx*", max_size=25))
def test_parser_never_fails_without_a_notation_error(text: str) -> None:
    try:
        parse_tiles(text)
    except NotationError as error:
        assert 0 <= error.position < len(text)


def test_tile_sets_have_the_documented_sizes(shipped: Callable[[str], Ruleset]) -> None:
    igishokai_tiles = shipped("igishokai-sanma").tile_set  # R-TILE-3: 112 tiles, 2–4m and 6–8m removed
    assert STANDARD_TILES.size == 136  # R-TILE-1
    assert SANMA_TILES.size == 108  # R-TILE-2
    assert igishokai_tiles.size == 112  # R-TILE-3
    assert [kind_name(k) for k in igishokai_tiles.kinds[:3]] == ["1m", "5m", "9m"]
    assert sum(t.red for t in STANDARD_TILES.physical_tiles()) == 3  # R-TILE-4
    assert len(SANMA_TILES.physical_tiles()) == 108
    assert shipped("standard").tile_set == STANDARD_TILES


def test_six_red_fives_and_flowers() -> None:
    six = TileSet.build(marked=[Tile(k, Mark.RED) for k in (4, 4, 13, 13, 22, 22)], flowers=8)
    assert six.marked_count(Tile(13, Mark.RED)) == 2
    assert six.size == 144  # R-TILE-6: 8 flowers
    assert sum(t.red for t in six.physical_tiles()) == 6


def test_tile_set_rejects_impossible_hands() -> None:
    assert SANMA_TILES.check_hand(parse_tiles("2m")) == "2m is not in this tile set"
    assert STANDARD_TILES.check_hand(parse_tiles("11111m")) is not None
    assert STANDARD_TILES.check_hand(parse_tiles("00m")) is not None  # only one red 5m
    assert STANDARD_TILES.check_hand(parse_tiles("1f")) is not None
    assert STANDARD_TILES.check_hand(parse_tiles("0m5m55m")) is None
    with pytest.raises(ValueError):
        TileSet.build(remove=[4], marked=[Tile(4, Mark.RED)])
