"""How a setting's value is written inside a sentence, in each language: `25,000 points` / `25000点`,
`four tiles` / `4枚`, `234678m and North` / `234678m・北`."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import groupby

from variantlang.catalog.entry import Context, Formatter, Setting, Template, Text
from variantlang.hand.tiles import FLOWER_BASE, TON, Tile, format_tiles, kind_name, number_of, suit_of

_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_HONOURS = {
    "en": ("East", "South", "West", "North", "White dragon", "Green dragon", "Red dragon"),
    "ja": ("東", "南", "西", "北", "白", "發", "中"),
}


def join(parts: Iterable[str], lang: str, ja_separator: str = "・") -> str:
    """`a, b and c` in English, `a・b・c` in Japanese."""
    items = list(parts)
    if lang == "ja":
        return ja_separator.join(items)
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def points(value: int, context: Context) -> str:
    """An amount of points, in the club's sticks where it counts in them (`Context.points`)."""
    return context.points(value)


def in_points(value: int, context: Context) -> str:
    """An amount always in points (what one stick is worth)."""
    return context.points(value, in_sticks=False)


def counts_points(setting: Setting) -> bool:
    """The setting's value is an amount of points (its sentence says it with `points`): a sheet says it in the
    club's unit."""
    return isinstance(setting.prose, Template) and setting.prose.format in (points, to_winner)


def han(value: int, context: Context) -> str:
    return f"{value} han" if context.lang == "en" else f"{value}翻"


def dora_han(value: int, context: Context) -> str:
    """A marked tile's worth: han, or dora where dora are paid as a count (`Context.dora_counted`)."""
    if context.dora_counted:
        return f"{value} dora" if context.lang == "en" else f"ドラ{value}枚分"
    return han(value, context)


def to_winner(value: int, context: Context) -> str:
    """A fine paid to the hand's winner: `value` points to the one winner paid where only the best hand is
    paid (`Context.best_paid`), else to the one of several winners who takes the riichi sticks (decision)."""
    paid = points(value, context)
    if context.best_paid:
        if context.lang == "ja":
            return f"その局の支払いを受ける和了者に{paid}を支払う"
        return f"pays {paid} to the winner paid for the hand"
    if context.lang == "ja":
        return (
            f"その局の和了者に{paid}を支払う"
            "（判断：和了者が複数なら供託を受け取る者、つまり放銃者の下家から数えて先の和了者に払う）"
        )
    return (
        f"pays {paid} to the winner of the hand (decision: of several winners, to the one paid the riichi "
        "sticks, the first in turn after the discarder)"
    )


def fu(value: int, context: Context) -> str:
    return f"{value} fu" if context.lang == "en" else f"{value}符"


def count(singular: str, plural: str, counter: str) -> Formatter:
    """A count of things: `four tiles`, `14 tiles` / `4枚`."""

    def write(value: int, context: Context) -> str:
        if context.lang == "ja":
            return f"{value}{counter}"
        number = _NUMBER_WORDS[value] if 0 <= value < len(_NUMBER_WORDS) else str(value)
        return f"{number} {singular if value == 1 else plural}"

    return write


def stack(value: int, context: Context) -> str:
    """An ordinal stack of the wall: `3rd stack` / `3幢目`."""
    if context.lang == "ja":
        return f"{value}幢目"
    suffix = "th" if value % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(value % 10, "th")
    return f"{value}{suffix} stack"


def _suit_letter(tile: Tile) -> str:
    return "f" if tile.is_flower else "mpsz"[suit_of(tile.kind)]


def tiles(value: tuple[Tile, ...], context: Context) -> str:
    """Suited tiles in notation, one group per suit (`234678m`, `55p`); honours by name (North / 北)."""
    parts: list[str] = []
    for letter, group in groupby(sorted(value, key=Tile.sort_key), key=_suit_letter):
        if letter == "z":
            parts += [_HONOURS[context.lang][t.kind - TON] for t in group]
        else:
            parts.append(format_tiles(group))
    return join(parts, context.lang)


def tiles_named(value: tuple[Tile, ...], context: Context) -> str:
    """Tiles each by name (`5萬・北` / `5-man and North`), for a sentence a player reads at the table."""
    return tile_words(value, context.lang)


def tile_words(tiles: tuple[Tile, ...], lang: str) -> str:
    """Tiles by the names a player reads (5萬・北 / 5-man and North), a run of three or more of one suit as a
    range (2〜8萬 / 2-man to 8-man), a tile listed more than once with its count (5筒×2)."""
    counts: dict[int, int] = {}
    for tile in tiles:
        counts[tile.kind] = counts.get(tile.kind, 0) + 1
    kinds, parts = sorted(counts), []
    while kinds:
        run = [kinds.pop(0)]
        while kinds and kinds[0] == run[-1] + 1 and kinds[0] < 27 and kinds[0] // 9 == run[0] // 9:
            run.append(kinds.pop(0))
        if len(run) >= 3 and all(counts[k] == 1 for k in run):
            first = number_of(run[0]) if lang == "ja" else tile_word(run[0], lang)
            parts.append(
                f"{first}〜{tile_word(run[-1], lang)}" if lang == "ja" else f"{first} to {tile_word(run[-1], lang)}"
            )
            continue
        kinds[:0] = run[1:]
        count = counts[run[0]]
        parts.append(tile_word(run[0], lang) + (("×" if lang == "ja" else " ×") + str(count) if count > 1 else ""))
    return join(parts, lang)


_NAMED_HONOURS = {"ja": "東南西北白發中", "en": ("East", "South", "West", "North", "White", "Green", "Red")}
_SUITS_JA = "萬筒索"


def tile_word(kind: int, lang: str) -> str:
    """A tile by name: 5萬 / 5-man, 白 / White."""
    if kind >= FLOWER_BASE:
        return f"花{kind - FLOWER_BASE + 1}" if lang == "ja" else f"flower {kind - FLOWER_BASE + 1}"
    suit, number = suit_of(kind), number_of(kind)
    if suit == 3:
        return _NAMED_HONOURS[lang][number - 1]
    return f"{number}{_SUITS_JA[suit]}" if lang == "ja" else f"{number}-{('man', 'pin', 'sou')[suit]}"


def cycles(value: tuple[tuple[int, ...], ...], context: Context) -> str:
    """`5m → 5m and 1m → 9m → 1m` / `5m → 5m、1m → 9m → 1m`."""
    return join((" → ".join(kind_name(k) for k in cycle) for cycle in value), context.lang, "、")


def uma(value: tuple[int, ...], context: Context) -> str:
    """`+20 / +10 / −10 / −20` in both languages."""
    return " / ".join(f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0" for n in value)


def yaku(value: tuple[str, ...], context: Context) -> str:
    """Yaku by the names the ruleset gives them."""
    return join((context.yaku_name(i) for i in value), context.lang)


def text(value: str | tuple[str, ...], context: Context) -> str:
    """Metadata as written; repeated notes one after the other."""
    return value if isinstance(value, str) else " ".join(value)


METADATA: Template = Template(Text("{value}", "{value}"), text, empty=Text("", ""))
"""`about.*` is not a rule: the sheet prints the text itself (not translated), or nothing."""
