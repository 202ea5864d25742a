"""Tiles: the 34 kinds, physical tiles with marks, the notation players write, and a variant's tile set.

Hand analysis works on 34-count arrays (index = kind), so everything here converts to and from them.
Marks (red, gold, pocchi) and flowers exist only on physical tiles: they change dora and wall
composition, never the shape of a hand.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

KINDS = 34
"""Number of tile kinds: 1–9 in three suits, four winds, three dragons."""

TON, NAN, SHA, PEI, HAKU, HATSU, CHUN = range(27, 34)
WINDS = (TON, NAN, SHA, PEI)
DRAGONS = (HAKU, HATSU, CHUN)
TERMINALS = (0, 8, 9, 17, 18, 26)
YAOCHUU = TERMINALS + WINDS + DRAGONS
"""The thirteen terminal and honour kinds (kokushi musou needs one of each)."""

FLOWER_BASE = 34
"""Flowers are physical tiles with kinds 34–41; they never enter a count array (they are set aside)."""
FLOWERS = 8
ALL_KINDS = FLOWER_BASE + FLOWERS
"""Kinds of physical tiles, flowers included: the size of a count array indexed by a tile id's kind (the
engine's hands, where a flower may be held; the hand analysis reads the first 34)."""

HONOUR_LETTERS = {"E": TON, "S": NAN, "W": SHA, "N": PEI, "P": HAKU, "F": HATSU, "C": CHUN}
HONOUR_KANJI = {"東": TON, "南": NAN, "西": SHA, "北": PEI, "白": HAKU, "發": HATSU, "発": HATSU, "中": CHUN}
WIND_LETTERS = "ESWN"


def is_suited(kind: int) -> bool:
    return kind < 27


def is_honour(kind: int) -> bool:
    return 27 <= kind < KINDS


def is_terminal(kind: int) -> bool:
    return kind < 27 and kind % 9 in (0, 8)


def is_yaochuu(kind: int) -> bool:
    """Terminal or honour: the tiles tanyao forbids and kokushi needs."""
    return kind >= 27 or kind % 9 in (0, 8)


def suit_of(kind: int) -> int:
    """0 manzu, 1 pinzu, 2 souzu, 3 honours."""
    return kind // 9


def number_of(kind: int) -> int:
    """1–9 for suited tiles, 1–7 for honours (東南西北白發中)."""
    return kind % 9 + 1


def kind_name(kind: int) -> str:
    """`5p`, `7z`, `3f` (flower)."""
    if kind >= FLOWER_BASE:
        return f"{kind - FLOWER_BASE + 1}f"
    return f"{number_of(kind)}{'mpsz'[suit_of(kind)]}"


def parse_kind(text: str) -> int:
    """One tile kind such as `5p`, `0m` (a red five is still kind 5m), `E` or `中`."""
    tiles = parse_tiles(text)
    if len(tiles) != 1 or tiles[0].kind >= KINDS:
        raise NotationError(f"expected exactly one tile, got {len(tiles)}", text, 0)
    return tiles[0].kind


class Mark(enum.Enum):
    """What distinguishes a physical copy from its plain siblings (R-TILE-4, R-TILE-5, R-TILE-7)."""

    PLAIN = ""
    RED = "r"
    GOLD = "g"
    POCCHI = "*"
    BLUE = "b"
    RAINBOW = "n"
    """虹 (niji): a rainbow-coloured copy."""

    __hash__ = object.__hash__  # members are singletons; Enum's own hash runs Python code per lookup


@dataclass(frozen=True, slots=True, order=True)
class Tile:
    """One physical tile: its kind and its mark. Red fives are `Tile(kind of 5x, Mark.RED)`."""

    kind: int
    mark: Mark = field(default=Mark.PLAIN, compare=False)

    @property
    def red(self) -> bool:
        return self.mark is Mark.RED

    @property
    def is_flower(self) -> bool:
        return self.kind >= FLOWER_BASE

    def __str__(self) -> str:
        return format_tiles([self])

    def sort_key(self) -> tuple[int, int]:
        return (self.kind, list(Mark).index(self.mark))


class NotationError(ValueError):
    """Bad tile notation, with the offending position so the CLI can point at it."""

    def __init__(self, message: str, text: str, position: int) -> None:
        super().__init__(message)
        self.message = message
        self.text = text
        self.position = position

    def __str__(self) -> str:
        return f"{self.message} at position {self.position + 1} of {self.text!r}"

    def render(self) -> str:
        """The notation with a caret under the bad character."""
        return f"error: {self.message}\n  {self.text}\n  {' ' * self.position}^"


_SUIT_OFFSET = {"m": 0, "p": 9, "s": 18, "z": 27, "f": FLOWER_BASE}
_SUIT_LIMIT = {"m": 9, "p": 9, "s": 9, "z": 7, "f": FLOWERS}
_MARKS = {m.value: m for m in Mark if m.value}


def parse_tiles(text: str) -> list[Tile]:
    """Parse `123m406p789s1122z`, `EESSWN`, `東東白`, `3rs` (red 3s), `4gz` (gold North), `5*z` (pocchi).

    Digits collect until a suit letter (`m p s z`, `f` for flowers) closes the run; `0` is a red five;
    a mark letter right after a digit marks that copy. Spaces separate runs and are otherwise ignored.
    """
    tiles: list[Tile] = []
    pending: list[tuple[int, Mark, int]] = []  # (digit, mark, position)
    for pos, ch in enumerate(text):
        if ch.isdigit() and ch.isascii():
            pending.append((int(ch), Mark.PLAIN, pos))
        elif ch in _MARKS:
            if not pending or pending[-1][1] is not Mark.PLAIN:
                raise NotationError(f"mark {ch!r} must follow the digit it marks", text, pos)
            digit, _, dpos = pending[-1]
            pending[-1] = (digit, _MARKS[ch], dpos)
        elif ch in _SUIT_OFFSET:
            if not pending:
                raise NotationError(f"suit letter {ch!r} has no digits before it", text, pos)
            for digit, mark, dpos in pending:
                tiles.append(_make_tile(digit, mark, ch, text, dpos))
            pending.clear()
        elif ch in HONOUR_LETTERS or ch in HONOUR_KANJI:
            if pending:
                raise NotationError(f"digits before {ch!r} have no suit letter", text, pending[0][2])
            tiles.append(Tile(HONOUR_LETTERS.get(ch) or HONOUR_KANJI[ch]))
        elif ch.isspace():
            if pending:
                raise NotationError("digits have no suit letter (m, p, s, z)", text, pending[0][2])
        else:
            raise NotationError(f"unexpected character {ch!r} (expected a digit, m p s z, or an honour)", text, pos)
    if pending:
        raise NotationError("digits at the end have no suit letter (m, p, s, z)", text, pending[0][2])
    return tiles


def _make_tile(digit: int, mark: Mark, suit: str, text: str, pos: int) -> Tile:
    if digit == 0:
        if suit not in "mps":
            raise NotationError(f"0 (red five) only exists in m, p and s, not {suit!r}", text, pos)
        if mark is not Mark.PLAIN:
            raise NotationError("0 is already a red five and takes no mark", text, pos)
        return Tile(_SUIT_OFFSET[suit] + 4, Mark.RED)
    if digit > _SUIT_LIMIT[suit]:
        raise NotationError(f"{digit}{suit} does not exist (1–{_SUIT_LIMIT[suit]})", text, pos)
    return Tile(_SUIT_OFFSET[suit] + digit - 1, mark)


def format_tiles(tiles: Iterable[Tile], *, sort: bool = True) -> str:
    """Canonical notation: runs grouped by suit, `0` for red fives, marks after their digit."""
    ordered = sorted(tiles, key=Tile.sort_key) if sort else list(tiles)
    out: list[str] = []
    run_suit = ""
    for tile in ordered:
        if tile.kind >= FLOWER_BASE:
            suit, digit = "f", str(tile.kind - FLOWER_BASE + 1)
        else:
            suit, digit = "mpsz"[suit_of(tile.kind)], str(number_of(tile.kind))
        if tile.mark is Mark.RED and suit in "mps" and digit == "5":
            digit = "0"
        elif tile.mark is not Mark.PLAIN:
            digit += tile.mark.value
        if run_suit and suit != run_suit:
            out.append(run_suit)
        run_suit = suit
        out.append(digit)
    if run_suit:
        out.append(run_suit)
    return "".join(out)


def to_counts(tiles: Iterable[Tile]) -> list[int]:
    """The 34-count array of the tiles' kinds (flowers are not counted)."""
    counts = [0] * KINDS
    for tile in tiles:
        if tile.kind < KINDS:
            counts[tile.kind] += 1
    return counts


def counts_to_tiles(counts: Sequence[int]) -> list[Tile]:
    return [Tile(kind) for kind, n in enumerate(counts) for _ in range(n)]


def format_counts(counts: Sequence[int]) -> str:
    return format_tiles(counts_to_tiles(counts))


@dataclass(frozen=True)
class TileSet:
    """Which kinds a variant plays with, how many copies of each, and which copies are marked.

    `copies[k]` is 0 for a removed kind (three-player sets drop 2m–8m, R-TILE-2); `marked` lists the
    special physical copies (red fives R-TILE-4, other red or gold tiles R-TILE-5, pocchi R-TILE-7) with
    how many of each exist; `flowers` counts flower tiles (R-TILE-6).
    """

    copies: tuple[int, ...] = (4,) * KINDS
    marked: tuple[tuple[Tile, int], ...] = ()
    flowers: int = 0

    def __post_init__(self) -> None:
        if len(self.copies) != KINDS:
            raise ValueError("a tile set needs a copy count for each of the 34 kinds")
        per_kind = Counter[int]()
        for tile, n in self.marked:
            if tile.mark is Mark.PLAIN or n < 0:
                raise ValueError(f"marked copies must carry a mark and a count >= 0: {tile!r}")
            per_kind[tile.kind] += n
        for kind, n in per_kind.items():
            if n > self.copies[kind]:
                raise ValueError(f"{n} marked copies of {kind_name(kind)} but only {self.copies[kind]} exist")
        if not 0 <= self.flowers <= FLOWERS:
            raise ValueError(f"flowers must be between 0 and {FLOWERS}")

    @classmethod
    def build(
        cls,
        *,
        remove: Iterable[int] = (),
        marked: Iterable[Tile] = (),
        flowers: int = 0,
        copies: int = 4,
    ) -> TileSet:
        """A set from the 136 tiles: drop `remove`d kinds, then mark one copy per entry of `marked`."""
        removed = set(remove)
        counts = tuple(0 if k in removed else copies for k in range(KINDS))
        # by kind and mark: tiles compare by kind only, so a red and a gold 5p would be counted as one
        tally = Counter((t.kind, t.mark) for t in marked)
        specials = sorted(
            ((Tile(kind, mark), n) for (kind, mark), n in tally.items()), key=lambda item: item[0].sort_key()
        )
        return cls(counts, tuple(specials), flowers)

    @property
    def kinds(self) -> tuple[int, ...]:
        """The kinds that exist, in kind order."""
        return tuple(k for k in range(KINDS) if self.copies[k])

    def exists(self, kind: int) -> bool:
        return kind < KINDS and self.copies[kind] > 0

    @property
    def size(self) -> int:
        """Total number of physical tiles, flowers included."""
        return sum(self.copies) + self.flowers

    def marked_count(self, tile: Tile) -> int:
        return sum(n for t, n in self.marked if t.kind == tile.kind and t.mark is tile.mark)

    def plain_count(self, kind: int) -> int:
        """The unmarked copies of `kind`: its copies less the red, gold and other marked ones."""
        return self.copies[kind] - sum(n for t, n in self.marked if t.kind == kind)

    def physical_tiles(self) -> list[Tile]:
        """Every physical tile once, in kind order: the wall before shuffling."""
        tiles: list[Tile] = []
        for kind in range(KINDS):
            tiles.extend(Tile(kind) for _ in range(self.plain_count(kind)))
            tiles.extend(t for t, n in self.marked if t.kind == kind for _ in range(n))
        tiles.extend(Tile(FLOWER_BASE + i) for i in range(self.flowers))
        return tiles

    def check_hand(self, tiles: Sequence[Tile]) -> str | None:
        """Why these tiles cannot be held together under this set, or None if they can."""
        counts = to_counts(tiles)
        for kind, n in enumerate(counts):
            if n > self.copies[kind]:
                if not self.copies[kind]:
                    return f"{kind_name(kind)} is not in this tile set"
                return f"{n} copies of {kind_name(kind)}, but the set has only {self.copies[kind]}"
        for (kind, mark), n in Counter((t.kind, t.mark) for t in tiles if t.mark is not Mark.PLAIN).items():
            tile = Tile(kind, mark)
            if not self.marked_count(tile):
                name = mark.name.lower()
                return f"{tile} is a {name} {kind_name(kind)}, and this variant has none (see its `tiles.{name}`)"
            if n > self.marked_count(tile):
                return f"{n} × {tile} but the set has {self.marked_count(tile)}"
        flowers = [t for t in tiles if t.is_flower]
        if len(flowers) > self.flowers:
            return f"{len(flowers)} flowers but the set has {self.flowers}"
        for flower, n in Counter(flowers).items():
            if flower.kind >= FLOWER_BASE + self.flowers:
                return f"{flower} is not in this tile set (it has {self.flowers} flowers, 1f–{self.flowers}f)"
            if n > 1:
                return f"{n} × {flower} but the set has one"
        return None

    def check_drawn(self, tiles: Sequence[Tile]) -> str | None:
        """`check_hand` for tiles drawn copy by copy (a sheet's example): besides, no more plain copies of a kind
        than the set's unmarked ones, since four plain 5m cannot be held where one 5m is red."""
        problem = self.check_hand(tiles)
        if problem:
            return problem
        for kind, n in Counter(t.kind for t in tiles if t.mark is Mark.PLAIN and not t.is_flower).items():
            plain = self.plain_count(kind)
            if n > plain:
                return (
                    f"{n} plain {kind_name(kind)}, but the set has {plain}: write the others as its marked copies "
                    "(`0` is a red five)"
                )
        return None


MANZU_MIDDLE = tuple(range(1, 8))
"""2m–8m: the kinds Tenhou-style three-player removes (R-TILE-2)."""

STANDARD_TILES = TileSet.build(marked=[Tile(4, Mark.RED), Tile(13, Mark.RED), Tile(22, Mark.RED)])
"""136 tiles with one red five per suit (R-TILE-1, R-TILE-4): Tenhou four-player."""

SANMA_TILES = TileSet.build(remove=MANZU_MIDDLE, marked=[Tile(13, Mark.RED), Tile(22, Mark.RED)])
"""108 tiles, 2m–8m removed, red 5p and 5s (R-TILE-2): Tenhou three-player."""
