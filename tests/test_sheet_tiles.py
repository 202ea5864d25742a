"""Tiles on the sheets are drawn (issue 13, item 5): every face is well-formed SVG and distinct, a marked
copy stays distinct without colour, melds lie as at the table and the winning tile stands apart."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable

import pytest
from builds import pure_only
from markupsafe import escape

from variantlang import Ruleset
from variantlang.api import load, shipped_names
from variantlang.hand.decomposition import Meld, MeldType
from variantlang.hand.notation import parse_hand
from variantlang.hand.tiles import FLOWER_BASE, FLOWERS, KINDS, Mark, Tile, parse_tiles
from variantlang.model.win import WinInput
from variantlang.reports.sheets.labels import LABELS
from variantlang.reports.sheets.render import LANGS, sheets_for
from variantlang.reports.sheets.tiles import (
    face,
    face_id,
    hand_svg,
    meld_svg,
    text_with_tiles,
    tile_svg,
    with_faces,
)

pytestmark = pure_only

SVG = "{http://www.w3.org/2000/svg}"
ALL_KINDS = [Tile(k) for k in range(KINDS)] + [Tile(FLOWER_BASE + i) for i in range(FLOWERS)]
MARKS = [m for m in Mark if m is not Mark.PLAIN]


def parse(svg: str) -> ET.Element:
    return ET.fromstring(f'<div xmlns="http://www.w3.org/2000/svg">{svg}</div>')


def page(svg: str) -> ET.Element:
    """`svg` on a page, with the faces it uses defined."""
    return parse(with_faces(f"<body>{svg}</body>"))


def without_colour(drawing: str) -> str:
    return re.sub(r"#[0-9a-fA-F]{3,6}", "#000", drawing)


@pytest.mark.parametrize("tile", [*ALL_KINDS, *(Tile(4, m) for m in MARKS)], ids=str)
def test_every_face_is_well_formed_svg_defined_once(tile: Tile) -> None:
    for svg in (tile_svg(tile), tile_svg(tile, sideways=True), tile_svg(tile) + tile_svg(tile)):
        root = page(svg)
        symbols = root.findall(f".//{SVG}symbol")
        uses = {u.get("href") for u in root.iter(f"{SVG}use")}
        assert [s.get("id") for s in symbols] == [face_id(tile)] and uses == {f"#{face_id(tile)}"}
        assert len(list(symbols[0].iter())) > 2  # the frame and a face


def test_every_kind_has_its_own_face() -> None:
    faces = {face(t) for t in ALL_KINDS}
    assert len(faces) == len(ALL_KINDS)
    assert len({face_id(t) for t in ALL_KINDS}) == len(ALL_KINDS)


@pytest.mark.parametrize("mark", MARKS, ids=lambda m: m.name.lower())
def test_a_marked_copy_is_distinct_in_black_and_white(mark: Mark) -> None:
    for kind in (4, 13, 22, 27, 31):  # a five of each suit, East, White
        plain, marked = face(Tile(kind)), face(Tile(kind, mark))
        assert without_colour(plain) != without_colour(marked)
    shapes = {without_colour(face(Tile(4, m))) for m in MARKS}
    assert len(shapes) == len(MARKS)  # and each mark by its own shape


def test_a_page_without_tiles_is_left_as_it_is() -> None:
    assert with_faces("<body><p>no tiles</p></body>") == "<body><p>no tiles</p></body>"


@pytest.mark.parametrize("kind", [MeldType.CHI, MeldType.PON, MeldType.MINKAN])
def test_a_called_tile_lies_sideways(kind: MeldType) -> None:
    tiles = tuple(parse_tiles({MeldType.CHI: "345p", MeldType.PON: "777s", MeldType.MINKAN: "1111z"}[kind]))
    root = parse(meld_svg(Meld(kind, tiles)))
    svgs = root.findall(f".//{SVG}svg")
    sideways = [s for s in svgs if "side" in s.get("class", "")]
    assert len(sideways) == 1
    assert "rotate(-90)" in ET.tostring(sideways[0], encoding="unicode")
    assert len(svgs) == len(tiles)


def test_a_concealed_kan_shows_two_backs_and_an_added_kan_stacks() -> None:
    concealed = meld_svg(Meld(MeldType.ANKAN, tuple(parse_tiles("5555z"))))
    assert concealed.count('class="tile back"') == 2 and concealed.count('href="#tile-back"') == 2
    assert concealed.count('class="tile"') == 2
    added = meld_svg(Meld(MeldType.KAKAN, tuple(parse_tiles("2222s"))))
    assert "back" not in added and added.count('class="tile side stack"') == 1
    assert added.count("<use") == 4 and added.count("rotate(-90)") == 2
    open_kan = meld_svg(Meld(MeldType.MINKAN, tuple(parse_tiles("2222s"))))
    assert "back" not in open_kan


def test_the_winning_tile_is_set_apart_with_nuki_and_indicators() -> None:
    closed, melds = parse_hand("234m067p11z 789s")
    win = WinInput((*closed, Tile(31)), melds, nuki=(Tile(30),), dora_indicators=(Tile(0),))
    root = parse(hand_svg(win, LABELS["ja"]))
    spans = {s.get("class"): s for s in root.iter(f"{SVG}span")}
    assert len(spans["closed"]) == 8  # the winning 白 is not among them
    assert spans["win-tile"][0].get("aria-label") == "5z"
    assert [s.get("aria-label") for s in spans["closed"]].count("0p (red)") == 1
    assert spans["meld chi"] is not None
    asides = [s for s in root.iter(f"{SVG}span") if s.get("class") == "aside"]
    assert [a[0].text for a in asides] == [LABELS["ja"]["nuki"], LABELS["ja"]["dora_indicator"]]


def test_tile_notation_in_a_sentence_is_drawn_and_nothing_else() -> None:
    out = text_with_tiles("赤牌 5m5p5s、R-TILE-3 は 25000 点 <b>, 234678m")
    assert out.count("<svg") == 9
    assert "R-TILE-3" in out and "25000" in out and "&lt;b&gt;" in out
    assert text_with_tiles("no tiles here: 3 players, 4mm") == "no tiles here: 3 players, 4mm"
    # a round number's English plural is a number (the reader s35 #2 saw "in whole 100s" drawn as 1s0s0s)
    assert text_with_tiles("paid in 100s, or in 1000s") == "paid in 100s, or in 1000s"
    assert "<svg" in text_with_tiles("wins on 105s or 10s")


@pytest.mark.parametrize("name", shipped_names())
def test_no_definition_is_drawn_as_tiles(name: str, shipped: Callable[[str], Ruleset]) -> None:
    """A yaku's definition, in the yaku table and in the comparison, is prose: "Only terminals: ones and nines" is
    prose, never the 1-sou and 9-sou tiles (the reader's finding 1 on 清老頭 and 国士無双)."""
    ruleset = shipped(name)
    rules = [*ruleset.all_yaku(), *(load(ruleset.parent_path).all_yaku() if ruleset.parent_path else ())]
    for lang in LANGS:
        names = {escape(r.name_ja if lang == "ja" else r.name_en or r.name_ja) for r in rules}
        html = str(next(i.content for i in sheets_for(ruleset, (lang,), ("html",)) if i.name == f"{name}.{lang}.html"))
        definitions = re.findall(r'<span class="definition">(.*?)</span>', html)
        compared = [c for label, c in re.findall(r"<tr><td>(.*?)</td>(.*?)</tr>", html) if label in names]
        assert definitions, lang
        assert [d for d in definitions + compared if "<svg" in d] == [], lang


@pytest.mark.parametrize("key", ["tiles.red", "赤牌", "Red tiles"])
def test_a_list_of_red_tiles_is_drawn_red(key: str) -> None:
    out = text_with_tiles("5m・5p・0s", key)
    assert re.findall(r'aria-label="(\w+) \(red\)"', out) == ["0m", "0p", "0s"]
    assert "(red)" not in text_with_tiles("5m・5p", "dora.always")
