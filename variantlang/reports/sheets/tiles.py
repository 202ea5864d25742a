"""Tiles drawn as tiles: inline SVG faces made here, with no font or image asset to license.

Faces are simple line art that prints in black and white: pinzu circles and souzu sticks in their real
arrangements, manzu as a kanji numeral over 萬, honours at full size. A marked copy (red, gold, blue,
rainbow, pocchi) is coloured and also carries a corner mark of its own shape, so it stays distinct on a
grey print. Melds are laid out as at the table: the called tile turned sideways (an added kan stacks on
it), a concealed kan with its two end tiles face down, the winning tile set apart.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from markupsafe import Markup

from variantlang import catalog
from variantlang.hand.decomposition import Meld, MeldType
from variantlang.hand.tiles import FLOWER_BASE, Mark, NotationError, Tile, number_of, parse_tiles, suit_of
from variantlang.model.win import WinInput

W, H = 24, 32
"""Face size in SVG units; a tile is drawn 1.5em wide and 2em high (sideways: the other way round)."""

INK = "#111"
PIN = "#1d4f91"
SOU = "#17703a"
RED = "#c4161c"
MARK_COLOUR = {Mark.RED: RED, Mark.GOLD: "#b8860b", Mark.BLUE: "#1f5fbf", Mark.RAINBOW: "#7a3fa0"}
MARK_NAME = {
    Mark.RED: "red",
    Mark.GOLD: "gold",
    Mark.BLUE: "blue",
    Mark.RAINBOW: "rainbow",
    Mark.POCCHI: "pocchi",
}
_NUMERALS = "一二三四五六七八九"
_HONOURS = "東南西北白發中"
_HONOUR_COLOUR = {"發": SOU, "中": RED}

_PIN_LAYOUT: dict[int, tuple[tuple[float, float, float], ...]] = {
    1: ((12, 16, 8.5),),
    2: ((12, 9, 5.2), (12, 23, 5.2)),
    3: ((6, 7, 4.2), (12, 16, 4.2), (18, 25, 4.2)),
    4: ((7, 9, 4.4), (17, 9, 4.4), (7, 23, 4.4), (17, 23, 4.4)),
    5: ((6.5, 7.5, 4), (17.5, 7.5, 4), (12, 16, 4), (6.5, 24.5, 4), (17.5, 24.5, 4)),
    6: ((7, 6.5, 3.6), (17, 6.5, 3.6), (7, 16.5, 3.6), (17, 16.5, 3.6), (7, 25.5, 3.6), (17, 25.5, 3.6)),
    7: (
        (5, 4.6, 3),
        (12, 7.2, 3),
        (19, 9.8, 3),
        (7.5, 18.5, 3.3),
        (16.5, 18.5, 3.3),
        (7.5, 26.5, 3.3),
        (16.5, 26.5, 3.3),
    ),
    8: tuple((x, y, 3.1) for y in (4.8, 12.3, 19.7, 27.2) for x in (7.5, 16.5)),
    9: tuple((x, y, 3.2) for y in (6.5, 16, 25.5) for x in (5.2, 12, 18.8)),
}
"""Centre and radius of each circle, as on the tiles; the red circles of a plain set are in `_PIN_RED`."""
_PIN_RED = {1: {0}, 5: {2}, 6: {2, 3, 4, 5}, 7: {3, 4, 5, 6}, 9: {3, 4, 5}}

_SOU_LAYOUT: dict[int, tuple[tuple[float, float, float], ...]] = {
    2: ((12, 9, 0), (12, 23, 0)),
    3: ((12, 9, 0), (7, 23, 0), (17, 23, 0)),
    4: ((7, 9, 0), (17, 9, 0), (7, 23, 0), (17, 23, 0)),
    5: ((6, 8.5, 0), (18, 8.5, 0), (12, 16, 0), (6, 23.5, 0), (18, 23.5, 0)),
    6: tuple((x, y, 0.0) for y in (9, 23) for x in (5, 12, 19)),
    7: ((12, 5.5, 0), *((x, y, 0.0) for y in (16, 26) for x in (5, 12, 19))),
    8: ((4, 9, 0), (9.5, 9, -28), (14.5, 9, 28), (20, 9, 0), (4, 23, 0), (9.5, 23, 28), (14.5, 23, -28), (20, 23, 0)),
    9: tuple((x, y, 0.0) for y in (6.5, 16, 25.5) for x in (5, 12, 19)),
}
"""Centre and slant of each bamboo stick (8s: the M over the W)."""
_SOU_RED = {5: {2}, 7: {0}, 9: {1, 4, 7}}


def _frame(body: str) -> str:
    """The white face with its outline, under `body`."""
    outline = f'<rect x="0.6" y="0.6" width="{W - 1.2}" height="{H - 1.2}" rx="3" fill="#fff" stroke="{INK}" '
    return f'{outline}stroke-width="1.1"/>{body}'


def _pins(number: int, colour: str | None) -> str:
    out = []
    for i, (x, y, r) in enumerate(_PIN_LAYOUT[number]):
        ink = colour or (RED if i in _PIN_RED.get(number, ()) else PIN)
        out.append(f'<circle cx="{x}" cy="{y}" r="{r - 0.5}" fill="none" stroke="{ink}" stroke-width="1.1"/>')
        out.append(f'<circle cx="{x}" cy="{y}" r="{r * 0.38:.2f}" fill="{ink}"/>')
        if number == 1:
            out.append(f'<circle cx="{x}" cy="{y}" r="{r * 0.68:.2f}" fill="none" stroke="{ink}" stroke-width="0.8"/>')
    return "".join(out)


def _sticks(number: int, colour: str | None) -> str:
    if number == 1:
        return _bird(colour)
    length = 8.5 if number in (7, 9) else 11
    out = []
    for i, (x, y, slant) in enumerate(_SOU_LAYOUT[number]):
        ink = colour or (RED if i in _SOU_RED.get(number, ()) else SOU)
        top = y - length / 2
        turn = f' transform="rotate({slant} {x} {y})"' if slant else ""
        out.append(
            f'<g{turn}><rect x="{x - 1.6}" y="{top}" width="3.2" height="{length}" rx="1.4" fill="none" '
            f'stroke="{ink}" stroke-width="1.1"/><line x1="{x - 1.6}" y1="{y}" x2="{x + 1.6}" y2="{y}" '
            f'stroke="{ink}" stroke-width="0.9"/></g>'
        )
    return "".join(out)


def _bird(colour: str | None) -> str:
    """1s: a small bird on a branch (the peacock of real sets, simplified)."""
    body, head = colour or SOU, colour or RED
    return (
        f'<ellipse cx="11" cy="17" rx="6" ry="4.5" fill="none" stroke="{body}" stroke-width="1.2"/>'
        f'<circle cx="17" cy="10.5" r="2.6" fill="{head}"/>'
        f'<path d="M15 13.5 L16 11.5 M19.5 10 L22 10.8 L19.5 11.6" fill="none" stroke="{INK}" stroke-width="0.9"/>'
        f'<path d="M5.5 17 L2.5 12 M5.5 18 L2 18 M6 19.5 L3 23" fill="none" stroke="{body}" stroke-width="1.2"/>'
        f'<path d="M9 21 L9 27 M13 21 L13 27 M5 27.5 L19 27.5" fill="none" stroke="{INK}" stroke-width="1"/>'
    )


def _text(x: float, y: float, size: float, glyph: str, colour: str) -> str:
    return (
        f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="middle" fill="{colour}" font-weight="bold" '
        f'font-family="Noto Serif CJK JP, Noto Sans CJK JP, serif">{glyph}</text>'
    )


def _flower(number: int) -> str:
    """A flower: five petals round a centre, drawn in the upper part, with its number below as large as a
    manzu numeral (it prints at 7 pt or more on the smallest tile)."""
    petals = "".join(
        f'<ellipse cx="12" cy="11.5" rx="2.6" ry="4.6" transform="rotate({a} 12 16)" fill="none" '
        f'stroke="{RED}" stroke-width="1"/>'
        for a in range(0, 360, 72)
    )
    flower = f'<g transform="translate(12 11.5) scale(0.72) translate(-12 -16)">{petals}'
    return f'{flower}<circle cx="12" cy="16" r="2" fill="{SOU}"/></g>' + _text(12, 30, 12, str(number), INK)


def _corner(mark: Mark) -> str:
    """The shape that tells a marked copy apart without colour: each mark has its own."""
    colour = MARK_COLOUR.get(mark, INK)
    if mark is Mark.RED:
        return f'<path d="M15 1 H21 Q23 1 23 3 V9 Z" fill="{colour}"/>'
    if mark is Mark.GOLD:
        return f'<path d="M19 1.8 L22.2 5 L19 8.2 L15.8 5 Z" fill="{colour}" stroke="{INK}" stroke-width="0.5"/>'
    if mark is Mark.BLUE:
        return f'<rect x="16.5" y="2" width="5" height="5" fill="{colour}"/>'
    if mark is Mark.RAINBOW:
        bands = ("#c4161c", "#e08a00", "#17703a", "#1f5fbf")
        return "".join(f'<rect x="{13 + 2.3 * i}" y="2" width="2" height="5" fill="{c}"/>' for i, c in enumerate(bands))
    return f'<circle cx="19.5" cy="4.5" r="2.3" fill="{INK}"/>'  # pocchi: the dot itself


def face(tile: Tile) -> str:
    """The drawing inside the frame of one upright tile."""
    if tile.kind >= FLOWER_BASE:
        return _flower(tile.kind - FLOWER_BASE + 1)
    colour = MARK_COLOUR.get(tile.mark)
    number, suit = number_of(tile.kind), suit_of(tile.kind)
    if suit == 0:
        body = _text(12, 14, 11.5, _NUMERALS[number - 1], colour or INK) + _text(12, 28.5, 12, "萬", colour or RED)
    elif suit == 1:
        body = _pins(number, colour)
    elif suit == 2:
        body = _sticks(number, colour)
    else:
        glyph = _HONOURS[number - 1]
        body = (
            f'<rect x="4.5" y="5" width="15" height="22" rx="1.5" fill="none" stroke="{PIN}" stroke-width="1.4"/>'
            if glyph == "白"
            else _text(12, 23, 18, glyph, colour or _HONOUR_COLOUR.get(glyph, INK))
        )
    return body + (_corner(tile.mark) if tile.mark is not Mark.PLAIN else "")


def _label(tile: Tile) -> str:
    name = str(tile)
    return f"{name} ({MARK_NAME[tile.mark]})" if tile.mark in MARK_NAME else name


def _svg(body: str, w: float, h: float, label: str, classes: str) -> Markup:
    return Markup(
        f'<svg class="{classes}" viewBox="0 0 {w} {h}" width="{w / 16:g}em" height="{h / 16:g}em" role="img" '
        f'aria-label="{label}">{body}</svg>'
    )


_BACK = "tile-back"


def face_id(tile: Tile) -> str:
    """The id of a tile's face drawing, defined once per page (`tile-4-red`)."""
    return f"tile-{tile.kind}-{tile.mark.name.lower()}"


def _use(ref: str, sideways: bool = False, lift: int = 0) -> str:
    """One drawn face; sideways, it is turned a quarter to the left, `lift` units down its column."""
    use = f'<use href="#{ref}" width="{W}" height="{H}"/>'
    return f'<g transform="translate(0 {W + lift}) rotate(-90)">{use}</g>' if sideways else use


def tile_svg(tile: Tile, *, sideways: bool = False) -> Markup:
    """One tile, upright or turned sideways (a called tile)."""
    if sideways:
        return _svg(_use(face_id(tile), sideways=True), H, W, _label(tile), "tile side")
    return _svg(_use(face_id(tile)), W, H, _label(tile), "tile")


def back_svg() -> Markup:
    """A face-down tile."""
    return _svg(_use(_BACK), W, H, "back", "tile back")


def _back() -> str:
    """A dark back with a light inner frame, plain on a black-and-white print."""
    return (
        f'<rect x="0.6" y="0.6" width="{W - 1.2}" height="{H - 1.2}" rx="3" fill="#2e6b4f" stroke="{INK}" '
        f'stroke-width="1.1"/><rect x="3.5" y="3.5" width="{W - 7}" height="{H - 7}" rx="1.5" fill="none" '
        'stroke="#fff" stroke-width="0.8"/>'
    )


def _added_kan(called: Tile, added: Tile) -> Markup:
    """An added kan: the added tile lies sideways on top of the called one."""
    body = _use(face_id(added), sideways=True) + _use(face_id(called), sideways=True, lift=W)
    return _svg(body, H, 2 * W, f"{_label(called)} + {_label(added)}", "tile side stack")


_FACE_REF = re.compile(r'href="#(tile-(?:back|(\d+)-([a-z]+)))"')


def with_faces(html: str) -> str:
    """The page with the drawing of every tile face it shows defined once, right after `<body>`: each tile
    is then a `<use>` of its face, which keeps a sheet of a hundred hands small."""
    symbols = {}
    for match in _FACE_REF.finditer(html):
        ref, kind, mark = match.groups()
        if ref not in symbols:
            body = _back() if kind is None else _frame(face(Tile(int(kind), Mark[mark.upper()])))
            symbols[ref] = f'<symbol id="{ref}" viewBox="0 0 {W} {H}">{body}</symbol>'
    if not symbols:
        return html
    defs = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" style="position: absolute" aria-hidden="true">'
        f"<defs>{''.join(symbols[ref] for ref in sorted(symbols))}</defs></svg>"
    )
    opening = re.search(r"<body[^>]*>", html)
    if opening is None:
        raise ValueError("a page with tiles needs a <body> to hold their drawings")
    return html[: opening.end()] + defs + html[opening.end() :]


def meld_svg(meld: Meld) -> Markup:
    """A declared meld as it lies on the table. Which player a tile came from is not recorded, so the
    called tile is drawn first (a chi always comes from the player on the left)."""
    tiles = meld.tiles
    if meld.type is MeldType.ANKAN:
        parts = [back_svg(), tile_svg(tiles[1]), tile_svg(tiles[2]), back_svg()]
    elif meld.type is MeldType.KAKAN:
        parts = [_added_kan(tiles[0], tiles[3]), tile_svg(tiles[1]), tile_svg(tiles[2])]
    else:
        parts = [tile_svg(tiles[0], sideways=True), *(tile_svg(t) for t in tiles[1:])]
    return Markup('<span class="meld {}">{}</span>').format(meld.type.value, Markup("").join(parts))


def row_svg(tiles: Iterable[Tile]) -> Markup:
    return Markup("").join(tile_svg(t) for t in tiles)


def tiles_svg(notation: Iterable[str] | str, mark: Mark = Mark.PLAIN) -> Markup:
    """Tiles written in notation (`0m5p5s`, or several strings), drawn in a row; `mark` marks the plain
    ones (a list of red tiles is written as plain fives)."""
    texts = [notation] if isinstance(notation, str) else list(notation)
    tiles = (t if t.mark is not Mark.PLAIN else Tile(t.kind, mark) for text in texts for t in parse_tiles(text))
    return Markup('<span class="tiles">{}</span>').format(row_svg(tiles))


def _without_winning_tile(win: WinInput) -> Sequence[Tile]:
    closed = sorted(win.closed, key=Tile.sort_key)
    winning = win.winning_tile
    for i, tile in enumerate(closed):
        if tile == winning and tile.mark is winning.mark:
            return closed[:i] + closed[i + 1 :]
    return closed


def hand_svg(win: WinInput, labels: dict[str, str]) -> Markup:
    """A winning hand: the concealed tiles, the melds, the winning tile set apart, then the tiles set aside
    (nuki) and the dora indicators, each after its label."""
    closed = _without_winning_tile(win)
    parts = [Markup('<span class="closed">{}</span>').format(row_svg(closed))]
    parts += [meld_svg(m) for m in win.melds]
    win_tile = Markup('<span class="win-tile" title="{}">{}</span>').format(
        labels["win_tile"], tile_svg(win.winning_tile)
    )
    # the winning tile never wraps alone onto a line of its own: it stays with the set before it (reader s35 #18)
    parts[-1] = Markup('<span class="tail">{}{}</span>').format(parts[-1], win_tile)
    for key, tiles in (("nuki", win.nuki), ("dora_indicator", win.dora_indicators)):
        if tiles:
            parts.append(Markup('<span class="aside"><small>{}</small>{}</span>').format(labels[key], row_svg(tiles)))
    drawn = len(closed) + sum(len(m.tiles) for m in win.melds) + 1
    return Markup('<span class="hand{}">{}</span>').format(" long" if drawn > LONG_HAND else "", Markup("").join(parts))


LONG_HAND = 15
"""More tiles than a hand of 14 and a gap or two: drawn at the smallest tile size, so three kans fit a line."""


_NOTATION = re.compile(r"(?<![A-Za-z0-9_\-])(?!10+s\b)(?:(?:\d[rgbn*]?)+[mpszf])+(?![A-Za-z0-9])")
"""Tile notation inside a sentence (`5m5p5s`, `234678m`, `4z`); never an English plural of a round number
("in 100s", "the 1000s"), which would read as 1-sou and two red 5-sou."""


def mark_of(key: str) -> Mark:
    """The mark of the tiles a setting lists (`tiles.red` → red), found by the setting's path or label."""
    by_key = {name: mark for mark, name in MARK_NAME.items()}
    for setting in catalog.SETTINGS:
        names = (setting.path, setting.label.en, setting.label.ja)
        if setting.section == "tiles" and setting.key in by_key and key in names:
            return by_key[setting.key]
    return Mark.PLAIN


def text_with_tiles(text: str, setting: str = "") -> Markup:
    """A sentence with its tile notation drawn as small tiles (the text itself is escaped). `setting`, a
    path or label, marks the tiles when it lists marked copies, so red fives are drawn red."""
    mark = mark_of(setting) if setting else Mark.PLAIN
    out: list[Markup] = []
    last = 0
    for match in _NOTATION.finditer(text):
        try:
            drawn = tiles_svg(match.group(), mark)
        except NotationError:
            continue
        out += [Markup.escape(text[last : match.start()]), drawn]
        last = match.end()
    out.append(Markup.escape(text[last:]))
    return Markup("").join(out)
