"""Walls: where the tiles of a hand come from. The table asks a wall only for the next tile of each kind
(a live draw, a replacement, an indicator), so a seeded shuffle and a wall rebuilt from a log's draws
are interchangeable.

A seeded wall is keyed by (game seed, round, honba), as Mortal's arena does: two games that reach the
same hand get the same tiles, which duplicate play and A/B comparison of variants rest on.
"""

from __future__ import annotations

import hashlib
import random
from collections import deque
from collections.abc import Iterable, Sequence
from typing import Protocol

from variantlang.engine.rules import EngineRules
from variantlang.rules.dora import STACK, Dice


class Wall(Protocol):
    def haipai(self) -> tuple[tuple[int, ...], ...]:
        """Each seat's starting hand."""
        ...

    def draw(self) -> int: ...

    def replacement(self) -> int:
        """The tile drawn after a kan or a nuki."""
        ...

    def indicator(self, index: int) -> int:
        """The `index`-th dora indicator (0 is the one shown at the start)."""
        ...

    def ura(self, index: int) -> int: ...


def wall_seed(seed: int, round_index: int, honba: int) -> int:
    digest = hashlib.sha256(f"{seed}:{round_index}:{honba}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def dice(seed: int, round_index: int, honba: int) -> Dice:
    """The two dice thrown at the start of a hand, keyed like the wall itself."""
    digest = hashlib.sha256(f"dice:{seed}:{round_index}:{honba}".encode()).digest()
    throw = int.from_bytes(digest[:8], "big") % 36
    return Dice(throw // 6 + 1, throw % 6 + 1)


class SeededWall:
    """A uniformly shuffled wall: the live wall is drawn from its head and replacement tiles from its
    tail (so each replacement shortens the live wall by one, as a table's dead wall is kept at size);
    the dead wall holds the indicators and ura indicators in pairs."""

    __slots__ = ("_dead", "_first", "_head", "_players", "_rinshan", "_spare", "_tail", "_tiles")

    def __init__(self, rules: EngineRules, seed: int, round_index: int, honba: int, oya: int | None = None) -> None:
        tiles = list(rules.tiles.ids)
        random.Random(wall_seed(seed, round_index, honba)).shuffle(tiles)
        if rules.seat_wind_deal:
            first = 0 if rules.fixed_winds else round_index % rules.players if oya is None else oya
            tiles = _seat_winds_first(tiles, rules.players, first)
        dead = rules.dead_wall
        self._dead = tiles[len(tiles) - dead :]
        self._tiles = tiles[: len(tiles) - dead]
        self._players = rules.players
        self._head = 13 * rules.players
        self._tail = len(self._tiles)
        self._spare = dead
        """Dead-wall tiles behind the indicators, drawn from the end once the live wall is spent."""
        fixed = rules.ruleset.tiles.dead_wall_fixed
        self._first = rules.ruleset.game.indicator_stack - 1 if fixed else 0
        """A fixed dead wall (`tiles.dead_wall_fixed`): the stacks before the dora indicator's, counted from
        the break; replacements come from them, and indicators past the dead wall from the live wall's end."""
        self._rinshan = 0 if fixed else -1
        """Replacements drawn from a fixed dead wall (-1: the dead wall is kept at its size)."""

    def haipai(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(self._tiles[13 * i : 13 * i + 13]) for i in range(self._players))

    def draw(self) -> int:
        self._head += 1
        return self._tiles[self._head - 1]

    def replacement(self) -> int:
        if self._rinshan >= 0:
            self._rinshan += 1
            return self._dead[self._rinshan - 1]
        if self._tail == self._head:  # the live wall is spent: a spare tile of the dead wall
            self._spare -= 1
            return self._dead[self._spare]
        self._tail -= 1
        return self._tiles[self._tail]

    def indicator(self, index: int) -> int:
        return self._stack(index)[0]

    def ura(self, index: int) -> int:
        return self._stack(index)[1]

    def _stack(self, index: int) -> list[int]:
        """The stack of the `index`-th indicator (upper tile, ura below): in the dead wall, or past a fixed
        one at the end of the live wall (the state shortens the live wall by it, `rules.dora.past_dead_wall`)."""
        at = STACK * (self._first + index)
        if at + STACK <= len(self._dead):
            return self._dead[at : at + STACK]
        end = len(self._tiles) - (at - len(self._dead))
        return self._tiles[end - STACK : end]


def _seat_winds_first(tiles: list[int], players: int, oya: int) -> list[int]:
    """The layout of `game.deal seat_wind_plus_12_pass_3`: each seat's hand is a copy of its seat wind
    (the first copy in the shuffled order) and the next 12 tiles; the rest follow in shuffled order."""
    winds = []
    for i in range(players):
        kind = 27 + (i - oya) % players
        tile = next(t for t in tiles if t >> 2 == kind)
        tiles.remove(tile)
        winds.append(tile)
    hands = [t for i in range(players) for t in (winds[i], *tiles[12 * i : 12 * i + 12])]
    return hands + tiles[12 * players :]


class StackedWall:
    """A wall laid out in advance: the hands, then the tiles in the order they are drawn (live draws and
    replacements alike), the indicators and the ura indicators. It rebuilds a logged hand
    (`records.replay.ReplayWall`) and builds a chosen situation (tests, a puzzle). Running out of any of
    them calls `short`, which a log's reader turns into its own error."""

    passed = False
    """Whether the hands are dealt already (after the deal procedure, `engine.deals`)."""

    def __init__(
        self,
        hands: Sequence[Sequence[int]],
        draws: Iterable[int],
        indicators: Sequence[int] = (),
        ura: Sequence[int] = (),
    ) -> None:
        self.hands = tuple(tuple(h) for h in hands)
        self.draws = deque(draws)
        self.indicators = tuple(indicators)
        self.uras = tuple(ura)

    def short(self, what: str, index: int) -> Exception:
        """The error for a wall that has no `index`-th tile of `what` (`draw`, `indicator`, `ura`)."""
        return IndexError(f"the stacked wall has no {what} {index + 1}")

    def haipai(self) -> tuple[tuple[int, ...], ...]:
        return self.hands

    def draw(self) -> int:
        if not self.draws:
            raise self.short("draw", 0)
        return self.draws.popleft()

    replacement = draw

    def indicator(self, index: int) -> int:
        if index >= len(self.indicators):
            raise self.short("indicator", index)
        return self.indicators[index]

    def ura(self, index: int) -> int:
        if index >= len(self.uras):
            raise self.short("ura", index)
        return self.uras[index]


def live_size(rules: EngineRules) -> int:
    """Tiles in the live wall after the deal."""
    return len(rules.tiles.ids) - rules.dead_wall - 13 * rules.players
