"""How the starting hands reach the seats: named strategies that the Ruleset selects (`game.deal`, R-GAME-5).

A strategy takes the hands the wall dealt (`Wall.haipai`), the dealer's seat and the seats, and answers
the hands the hand starts with. `standard` keeps the wall's 13 tiles each; `seat_wind_plus_12_pass_3`
(鳴き立直, seed 004 「初期牌を作る」) has the wall lay each seat's wind tile plus 12 (`SeededWall`), then every
seat chooses three tiles at once and passes them to the player on its left.

Decision (seed 004 says 「左のプレイヤーへ同時に回す」): play goes to the right (「右隣のプレイヤーは…」), so the
player on one's left is the one before in turn order (上家): seat i passes to seat i − 1 and receives
from seat i + 1.

Seats choose through an optional method `pass_tiles(seat, hand) -> three tile ids of hand`; a seat
without it passes `least_useful(rules, hand)`. The engine's default for the other seat decision a
procedure asks, which dora indicator to place (`dora.chosen_indicators`), is `default_indicator`.
The record's start_kyoku holds the hands after the pass
(mjai has no pass event), so a wall that serves a log's hands (`passed = True`) is not passed again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from variantlang.hand.shanten import ShantenTables
from variantlang.hand.tiles import ALL_KINDS, KINDS
from variantlang.model.ruleset import Ruleset


class DealRules(Protocol):
    """What a deal reads of the engine's rules (`EngineRules`), named here so that this module, which
    `engine.rules` imports, imports neither it nor the state."""

    @property
    def copies(self) -> tuple[int, ...]: ...
    @property
    def shanten(self) -> ShantenTables: ...
    @property
    def ruleset(self) -> Ruleset: ...


class _Meld(Protocol):
    @property
    def tiles(self) -> tuple[int, ...]: ...


class _Seat(Protocol):
    @property
    def hand(self) -> list[int]: ...
    @property
    def melds(self) -> Sequence[_Meld]: ...


class SeatView(Protocol):
    """What a deal reads of a seat's view (`state.View`): its own hand and melds."""

    @property
    def me(self) -> _Seat: ...


Hands = tuple[tuple[int, ...], ...]
Deal = Callable[[DealRules, Hands, int, Sequence[Any]], Hands]

PASSED = 3


class PassError(ValueError):
    """A seat chose tiles it cannot pass (not three distinct tiles of its own hand)."""


def standard(rules: DealRules, hands: Hands, oya: int, seats: Sequence[Any]) -> Hands:
    """The wall's deal, as it is."""
    return hands


def _centrality(kind: int) -> int:
    """How connected a kind can be: honours 0, terminals 1, 2 and 8 are 2, the middle 3; a flower 4 (set
    aside, it is a dora and a replacement draw: kept before anything)."""
    if kind >= KINDS:
        return 4
    if kind >= 27:
        return 0
    n = kind % 9
    return min(n, 8 - n, 2) + 1


def least_useful(rules: DealRules, hand: Sequence[int], count: int = PASSED) -> tuple[int, ...]:
    """The engine's rule for a seat that does not choose: `count` times, the tile whose removal leaves the
    lowest shanten, ties going to the least connected kind (honours, then terminals, then 2 and 8), then
    to the highest tile id."""
    counts = [0] * ALL_KINDS
    for t in hand:
        counts[t >> 2] += 1
    left = list(hand)
    chosen: list[int] = []
    for _ in range(count):
        best: tuple[int, int, int] | None = None
        for t in set(left):
            counts[t >> 2] -= 1
            key = (rules.shanten.shanten(counts), _centrality(t >> 2), -t)
            counts[t >> 2] += 1
            if best is None or key < best:
                best = key
        assert best is not None
        tile = -best[2]
        chosen.append(tile)
        left.remove(tile)
        counts[tile >> 2] -= 1
    return tuple(chosen)


def pass_three(rules: DealRules, hands: Hands, oya: int, seats: Sequence[Any]) -> Hands:
    """Every seat chooses three tiles of its hand at once; each passes them to the seat before it in turn
    order (its left) and receives the three of the seat after it."""
    n = len(hands)
    chosen: list[tuple[int, ...]] = []
    for i, hand in enumerate(hands):
        choose = getattr(seats[i], "pass_tiles", None)
        picked = tuple(choose(i, hand)) if choose is not None else least_useful(rules, hand)
        if len(picked) != PASSED or len(set(picked)) != PASSED or not set(picked) <= set(hand):
            raise PassError(f"seat {i} passes {picked}: not {PASSED} distinct tiles of its hand")
        chosen.append(picked)
    return tuple(tuple(t for t in hand if t not in chosen[i]) + chosen[(i + 1) % n] for i, hand in enumerate(hands))


def default_indicator(rules: DealRules, view: SeatView, options: list[int], start: bool) -> int | None:
    """What a seat without `choose_indicator` places (`dora.chosen_indicators`, 鳴き立直 R-DORA-19). At the
    start, the least useful tile of the hand (`least_useful`); after a kan, the own discard that makes the
    most dora of the tiles the seat holds (hand and melds), the latest between equals, or none when no
    discard would make any."""
    if start:
        return least_useful(rules, options, 1)[0]
    held = [0] * ALL_KINDS
    for t in (*view.me.hand, *(t for m in view.me.melds for t in m.tiles)):
        held[t >> 2] += 1
    table = rules.ruleset.dora_tables.indicator
    best: tuple[int, int] = (0, 0)
    chosen: int | None = None
    for order, t in enumerate(options):
        indicated = table[t >> 2] if t >> 2 < KINDS else ()  # a flower indicates nothing (`scoring.dora`)
        key = (sum(held[d] for d in indicated), order)
        if key[0] > 0 and key > best:
            best, chosen = key, t
    return chosen


DEALS: dict[str, Deal] = {
    "standard": standard,
    "seat_wind_plus_12_pass_3": pass_three,
}
