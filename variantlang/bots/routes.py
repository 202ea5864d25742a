"""Which hands can still win under a Ruleset, asked of its scorer.

A bot that calls needs a yaku it can reach. No bot lists yaku: it knows a few hand *shapes* it can steer
towards (a triplet of one honour, no terminals or honours, one suit with honours, all triplets), and the
Ruleset's scorer says, once per shape, whether an example hand of that shape wins (`Routes`): under a
variant without open tanyao the all-simples shape does not, under one with a house yaku on a triplet of
some honour that triplet does, and under one that needs no yaku at all every hand does. At tenpai the
bot asks the scorer about the real hand and each of its waits (`yaku_wins`).
"""

from __future__ import annotations

from collections.abc import Sequence

from variantlang.engine.legal import MELD_TYPES, score_win
from variantlang.engine.rules import EngineRules
from variantlang.engine.state import Meld
from variantlang.hand.decomposition import Meld as ScoredMeld
from variantlang.hand.decomposition import MeldType
from variantlang.hand.tiles import HAKU, KINDS, NAN, SHA, TON, Tile, is_yaochuu
from variantlang.model.win import WinInput

ALL = (True,) * KINDS
SIMPLES = tuple(not is_yaochuu(k) for k in range(KINDS))
FLUSHES = tuple(tuple(k // 9 == suit or k >= 27 for k in range(KINDS)) for suit in range(3))
"""The kinds a one-suit hand may hold, per suit."""

P, S = 9, 18
"""First kinds of pinzu and souzu: the probes use only these two suits and honours, which every
tile set the engine plays keeps (three-player sets remove manzu)."""
FILLER = (P + 1, P + 2, P + 3, S + 2, S + 3, S + 4, S + 5, S + 6, S + 7, S + 7)
"""234p 345s 678s 8s, winning on 8s: three plain groups and a pair, with no yaku of their own."""


def scored_meld(rules: EngineRules, meld: Meld) -> ScoredMeld:
    tiles = rules.tiles.tiles
    return ScoredMeld(MELD_TYPES[meld.kind], tuple(tiles[t] or Tile(t >> 2) for t in meld.tiles))


def yaku_wins(
    rules: EngineRules,
    closed: Sequence[int],
    melds: tuple[ScoredMeld, ...],
    win: int,
    seat_wind: int,
    round_wind: int,
    *,
    riichi: bool = False,
    indicators: tuple[Tile, ...] = (),
) -> int:
    """The points a ron on `win` pays with the dora `indicators` point at (none by default;
    no red or marked tile: every tile is a plain one), or 0 when the Ruleset's yaku do not let the hand
    win; `closed` counts the concealed kinds without the winning tile."""
    tiles = [Tile(k) for k in range(KINDS) for _ in range(closed[k])]
    tiles.append(Tile(win))
    hand = WinInput(
        closed=tuple(tiles),
        melds=melds,
        win=Tile(win),
        tsumo=False,
        riichi=riichi,
        seat_wind=seat_wind,
        round_wind=round_wind,
        dora_indicators=indicators,
    )
    score = score_win(rules, hand)
    return 0 if score is None else score.payments.hand


class Routes:
    """The shapes that win under one Ruleset (see the module's docstring), worked out once."""

    def __init__(self, rules: EngineRules) -> None:
        self.rules = rules
        plain = [0] * KINDS
        for k in FILLER:
            plain[k] += 1
        self.plain = plain
        self.anything = self._open(plain, (P + 0,) * 3, S + 7)
        """An open hand with no yaku wins (a variant with `min_han 0`)."""
        self.plain_riichi = self._closed(plain, P + 0, riichi=True) if rules.riichi else 0
        """What a ron on a closed hand with riichi as its only yaku pays (0: riichi is no yaku here): the
        variant's own unit of a cheap hand (`standard`: 1 300, 1 han 40 fu; 鳴き立直 600; 囲将会 5 000)."""
        self.riichi = self.plain_riichi > 0
        """A closed hand wins by riichi."""
        self.simples = self._open(plain, (P + 4,) * 3, S + 7)
        flush = [0] * KINDS
        for k in (P + 2, P + 3, P + 4, P + 5, P + 6, P + 7, P + 8, P + 8, P + 8, SHA):
            flush[k] += 1
        self.flush = self._open(flush, (P + 1,) * 3, SHA)
        toitoi = [0] * KINDS
        for k in (P + 6, P + 6, P + 6, S + 2, S + 2, S + 2, S + 7):
            toitoi[k] += 1
        self.toitoi = self._open(toitoi, (P + 0,) * 3, S + 7, extra=(S + 4,) * 3)
        self.triplets: dict[tuple[int, int, int], bool] = {}
        self.call_keeps = self._call_keeps()
        """The share of a hand's payment it keeps when one of its groups is called (see `_call_keeps`)."""

    def _open(
        self, closed: list[int], pon: tuple[int, ...], win: int, extra: tuple[int, ...] = (), seat: int = NAN
    ) -> bool:
        """Whether an open hand of these tiles, a pon of `pon` (and of `extra`) wins on `win`."""
        if any(not self.rules.copies[k] for k in (*pon, *extra)):
            return False
        melds = tuple(ScoredMeld(MeldType.PON, tuple(Tile(k) for k in group)) for group in (pon, extra) if group)
        return yaku_wins(self.rules, closed, melds, win, seat, TON) > 0

    def _closed(self, plain: list[int], triplet: int, *, riichi: bool) -> int:
        """What a ron on these tiles with a concealed triplet of `triplet` pays a non-dealer (0: no win)."""
        closed = list(plain)
        closed[triplet] += 3
        return yaku_wins(self.rules, closed, (), S + 7, NAN, TON, riichi=riichi)

    def _call_keeps(self) -> float:
        """What calls cost in the payment: what the Scorer pays for 345s 678s 8s with triplets of White and
        6p called (pon), over what it pays with both concealed, declared where a win needs the declaration
        (ron on 8s). Under han × fu the calls take only fu (`standard`: 1 000 of 1 600 kept); where each call
        cuts the base, they take most of it (鳴き立直: 200 × 2 yaku points of 600 × 3, the base less 2 × 200
        and the two concealed triplets' yaku gone). 1 where the concealed hand does not win. Two calls, as
        an open hand usually has: with one, a fu step and a cut of the base are too close to tell apart."""
        declared = self.rules.declaration_required
        kinds = (HAKU, P + 5)
        if any(self.rules.copies[k] < 3 for k in kinds):
            return 1.0
        plain = [0] * KINDS
        for k in (S + 2, S + 3, S + 4, S + 5, S + 6, S + 7, S + 7):
            plain[k] += 1
        closed = list(plain)
        for k in kinds:
            closed[k] += 3
        concealed = yaku_wins(self.rules, closed, (), S + 7, NAN, TON, riichi=declared)
        if concealed == 0:
            return 1.0
        pons = tuple(ScoredMeld(MeldType.PON, (Tile(k),) * 3) for k in kinds)
        open_declared = declared and self.rules.ruleset.riichi.with_calls
        return yaku_wins(self.rules, plain, pons, S + 7, NAN, TON, riichi=open_declared) / concealed

    def triplet(self, kind: int, seat_wind: int, round_wind: int) -> bool:
        """Whether a triplet of honour `kind` alone lets an open hand win for this seat in this round."""
        key = (kind, seat_wind, round_wind)
        known = self.triplets.get(key)
        if known is None:
            melds = (ScoredMeld(MeldType.PON, (Tile(kind),) * 3),)
            known = (
                self.rules.copies[kind] >= 3
                and yaku_wins(self.rules, self.plain, melds, S + 7, seat_wind, round_wind) > 0
            )
            self.triplets[key] = known
        return known

    def plan(
        self, counts: Sequence[int], melds: Sequence[Meld], seat_wind: int, round_wind: int
    ) -> tuple[tuple[bool, ...], int] | None:
        """The kinds the hand should keep to reach a yaku, and an honour to keep as its anchor (−1 for
        none); None when no route is left (the hand should not call, and cannot win as it stands)."""
        opened = [m for m in melds if m.kind != "ankan"]
        if self.anything or (not opened and self.riichi):
            return ALL, -1
        meld_kinds = [m.tiles[0] >> 2 for m in melds]
        for m, kind in zip(melds, meld_kinds, strict=True):
            if m.kind != "chi" and kind >= 27 and self.triplet(kind, seat_wind, round_wind):
                return ALL, -1
        for kind in range(27, KINDS):
            if counts[kind] >= 2 and self.triplet(kind, seat_wind, round_wind):
                return ALL, kind
        if self.simples and all(SIMPLES[t >> 2] for m in melds for t in m.tiles):
            stray = sum(counts[k] for k in range(KINDS) if not SIMPLES[k])
            if stray <= 2:
                return SIMPLES, -1
        if self.flush:
            for allowed in FLUSHES:
                if all(allowed[t >> 2] for m in melds for t in m.tiles):
                    stray = sum(counts[k] for k in range(KINDS) if not allowed[k])
                    if stray <= 3:
                        return allowed, -1
        if self.toitoi and all(m.kind != "chi" for m in melds):
            pairs = sum(1 for n in counts if n >= 2)
            if pairs + len(melds) >= 5:
                return ALL, -1
        return None


_ROUTES: dict[int, tuple[EngineRules, Routes]] = {}


def routes_for(rules: EngineRules) -> Routes:
    """The shared `Routes` of an `EngineRules` (one per worker: the probes are asked once)."""
    known = _ROUTES.get(id(rules))
    if known is None or known[0] is not rules:
        known = _ROUTES[id(rules)] = (rules, Routes(rules))
    return known[1]
