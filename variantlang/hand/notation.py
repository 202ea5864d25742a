"""A whole hand in notation: `"234m567p11z7s 789s (5555z)"` is the concealed tiles, then called melds
separated by spaces — a run is a chi, three alike a pon, four alike an open kan, and a kan in
parentheses a concealed kan. Single tiles are `tiles.parse_tiles`."""

from __future__ import annotations

from collections.abc import Sequence

from variantlang.hand.decomposition import Meld, MeldType
from variantlang.hand.tiles import NotationError, Tile, format_tiles, parse_tiles


class HandNotationError(ValueError):
    """A hand that cannot be read; the message says which part."""


def parse_hand(text: str) -> tuple[tuple[Tile, ...], tuple[Meld, ...]]:
    """The concealed tiles and the melds of a hand written as above."""
    chunks = text.split()
    if not chunks:
        raise HandNotationError("empty hand")
    chunk = chunks[0]
    try:
        closed = tuple(parse_tiles(chunk))
        melds = []
        for chunk in chunks[1:]:
            concealed = chunk.startswith("(") and chunk.endswith(")")
            inner = chunk[1:-1] if concealed else chunk
            if "(" in inner or ")" in inner:
                raise HandNotationError(
                    f"meld `{chunk}`: a concealed kan is written in one pair of brackets, `(1111m)`"
                )
            tiles = tuple(parse_tiles(inner))
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
        raise HandNotationError(str(error)) from None
    except ValueError as error:
        raise HandNotationError(f"meld `{chunk}`: {error}") from None
    return closed, tuple(melds)


def format_hand(closed: Sequence[Tile], melds: Sequence[Meld]) -> str:
    """The notation `parse_hand` reads."""
    called = " ".join(f"({format_tiles(m.tiles)})" if not m.is_open else format_tiles(m.tiles) for m in melds)
    return f"{format_tiles(closed)} {called}".strip()
