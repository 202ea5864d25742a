"""Situations built by hand for the engine: tile ids from notation, a stacked wall (`engine.wall.StackedWall`)
laid out from the hands and the draws that matter, and seats that follow a short script."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import chain

from variantlang.engine.events import CallAction, Dahai, TurnAction
from variantlang.engine.rules import EngineRules
from variantlang.engine.state import View
from variantlang.engine.wall import StackedWall, live_size
from variantlang.hand.tiles import Mark, Tile, parse_tiles


def ids(text: str, used: dict[int, int] | None = None) -> tuple[int, ...]:
    """Tile ids for tiles in notation: each kind's copies from the top (copy 3 first), so a plain tile stays
    plain and a marked one (`0p` red, `5gz` gold …) takes copy 0, the copy a variant marks. `used` carries
    the copies taken over several calls."""
    used = {} if used is None else used
    return tuple(_id(tile, used) for tile in parse_tiles(text))


def _id(tile: Tile, used: dict[int, int]) -> int:
    if tile.mark is not Mark.PLAIN or tile.is_flower:  # a flower is the one copy of its kind
        return tile.kind * 4
    used[tile.kind] = used.get(tile.kind, 0) + 1
    assert used[tile.kind] <= 4, f"a fifth {tile}"
    return tile.kind * 4 + 4 - used[tile.kind]


def stacked(
    hands: Sequence[str],
    draws: str = "",
    *,
    rules: EngineRules | None = None,
    indicators: str = "",
    last: str = "",
    rest: Sequence[int] | None = None,
) -> StackedWall:
    """A wall with these hands (seat order) and these first draws; `last` ends the live wall (the last
    draw, replacements counted as draws). Every other tile follows in id order (or in the order `rest`
    gives): the dead wall first (after the `indicators` given: indicators and ura in turn, then the four
    tiles drawn once the live wall is spent), then the draws."""
    tiles = rules.tiles.ids if rules is not None else range(136)
    dead = rules.dead_wall if rules is not None else 14
    used: dict[int, int] = {}
    dealt = [ids(h, used) for h in hands]
    drawn, shown, ending = ids(draws, used), ids(indicators, used), ids(last, used)
    taken = [*chain(*dealt), *drawn, *shown, *ending]
    assert len(set(taken)) == len(taken), "a tile stacked twice"
    spare = [t for t in (tiles if rest is None else rest) if t not in set(taken)]
    kept = dead - 2 * len(shown)
    dead_wall, spare = spare[:kept], spare[kept:]
    live = [*drawn, *spare]
    if ending:
        cut = live_size(rules) if rules is not None else len(tiles) - dead - 13 * len(hands)
        live = [*live[: cut - len(ending)], *ending, *live[cut - len(ending) :]]
    indicators_and_ura, behind = dead_wall[: dead - 4], dead_wall[dead - 4 :]
    return StackedWall(dealt, [*live, *behind], (*shown, *indicators_and_ura[0::2]), indicators_and_ura[1::2])


@dataclass
class Scripted:
    """A seat that takes the first offer of the kinds it prefers (`turn`: `Reach`, `Ankan`, `Hora` …;
    `call`: `Pon`, `Hora` …), discards the kinds in `discard` first, else the tile it drew, and passes
    on the rest. It keeps every offer it was made."""

    turns: tuple[type, ...] = ()
    calls: tuple[type, ...] = ()
    discard: str = ""
    indicator: str = ""
    """The kind it places as the dora indicator where players place them (`dora.chosen_indicators`)."""
    offers: list[list[TurnAction | CallAction]] = field(default_factory=list)

    def turn(self, view: View, options: list[TurnAction]) -> TurnAction:
        self.offers.append(list(options))
        for kind in self.turns:
            chosen = next((o for o in options if isinstance(o, kind)), None)
            if chosen is not None:
                return chosen
        discards = [o for o in options if isinstance(o, Dahai)]
        first = [t.kind for t in parse_tiles(self.discard)]
        for kind in first:
            chosen = next((o for o in discards if o.pai >> 2 == kind), None)
            if chosen is not None:
                return chosen
        return next((o for o in discards if o.tsumogiri), discards[-1] if discards else options[0])

    def choose_indicator(self, view: View, options: list[int]) -> int | None:
        kinds = [t.kind for t in parse_tiles(self.indicator)]
        return next((t for t in options if t >> 2 in kinds), options[0])

    def call(self, view: View, options: list[CallAction]) -> CallAction | None:
        self.offers.append(list(options))
        for kind in self.calls:
            chosen = next((o for o in options if isinstance(o, kind)), None)
            if chosen is not None:
                return chosen
        return None


def passing(n: int) -> list[Scripted]:
    """Seats that only discard what they draw: never a call, a win or a riichi."""
    return [Scripted() for _ in range(n)]
