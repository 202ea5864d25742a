"""A win as the scorer takes it (`WinInput`) and what it is worth (`Score`): the records that pass between
the command line, the JSON shapes, examples in rule files, the engine and the scorer."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import NamedTuple

from variantlang.hand.decomposition import Meld, Reading
from variantlang.hand.points import Limit, Payments
from variantlang.hand.tiles import TON, Tile


@dataclass(frozen=True)
class WinInput:
    """Everything a scorer needs to know about one win (the `score` command's JSON fields)."""

    closed: tuple[Tile, ...]
    """Concealed tiles, the winning tile included."""
    melds: tuple[Meld, ...] = ()
    win: Tile | None = None
    """The winning tile; defaults to the last tile of `closed`."""
    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    open_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    seat_wind: int = TON
    round_wind: int = TON
    dora_indicators: tuple[Tile, ...] = ()
    ura_indicators: tuple[Tile, ...] = ()
    honba: int = 0
    riichi_sticks: int = 0
    nuki: tuple[Tile, ...] = ()
    first_win: bool = True
    tenpai_others: int = 0
    discarder_riichi: bool = False
    """The discarder of a ron was in riichi: dealing into an open riichi costs a yakuman only to a player
    who was not (R-RIICHI-6)."""
    discarder: int | None = None
    """The seat wind (1z–4z) of a ron's discarder, for payment formulas that read the payer; None: the
    player before the winner in turn (kamicha)."""

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """Every physical tile the win shows: the hand, its melds, the nuki set aside and the indicators
        (what the tile set must hold together)."""
        return (
            *self.closed,
            *(t for m in self.melds for t in m.tiles),
            *self.nuki,
            *self.dora_indicators,
            *self.ura_indicators,
        )

    @property
    def winning_tile(self) -> Tile:
        return self.win if self.win is not None else self.closed[-1]

    def contradictions(self) -> list[str]:
        """The circumstances no win can have together, under any rules, each said in words (empty when
        the win is possible)."""
        if not (
            self.ippatsu or self.open_riichi or self.chankan or self.rinshan or self.haitei or self.houtei
            or self.tenhou or self.chiihou or self.renhou or self.discarder_riichi or self.discarder is not None
        ):  # fmt: skip
            return []  # the common case, asked for every win the scorer scores: no rare flag, nothing to contradict
        riichi = self.riichi or self.double_riichi
        called = any(m.is_open for m in self.melds)
        dealer = self.seat_wind == TON
        checks = (
            (self.ippatsu and not riichi, "ippatsu needs riichi"),
            (self.open_riichi and not riichi, "open riichi is a riichi: give riichi too"),
            (self.chankan and self.tsumo, "robbing a kan (chankan) is a win on another player's kan, not tsumo"),
            (self.rinshan and not self.tsumo, "a win on the kan replacement tile (rinshan) is tsumo"),
            (self.haitei and not self.tsumo, "haitei is a tsumo on the last tile; a ron on the last discard is houtei"),
            (self.houtei and self.tsumo, "houtei is a ron on the last discard; a tsumo on the last tile is haitei"),
            (self.tenhou and not dealer, "tenhou is the dealer's win on the deal; a non-dealer's is chiihou"),
            (self.chiihou and dealer, "chiihou is a non-dealer's win on the first draw; the dealer's is tenhou"),
            ((self.tenhou or self.chiihou) and not self.tsumo, "tenhou and chiihou are tsumo"),
            ((self.tenhou or self.chiihou or self.renhou) and called, "no call comes before a first-turn win"),
            (self.renhou and (self.tsumo or dealer), "renhou is a non-dealer's ron before their first draw"),
            (self.discarder_riichi and self.tsumo, "a tsumo has no discarder: give discarder_riichi only on a ron"),
            (self.discarder is not None and self.tsumo, "a tsumo has no discarder: give the discarder only on a ron"),
            (self.discarder == self.seat_wind, "the discarder is another player than the winner"),
        )
        return [message for contradicted, message in checks if contradicted]


CIRCUMSTANCES = (
    "tsumo",
    "riichi",
    "double_riichi",
    "open_riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
    "renhou",
)
"""The yes/no circumstances of a win, as `WinInput` fields (and JSON, example and CLI names)."""


@dataclass(frozen=True, slots=True)
class ScoredYaku:
    id: str
    name_ja: str
    name_en: str | None
    han: int
    yakuman: int = 0
    limit: str = ""
    """A limit yaku's limit (`mangan` …; its `han` is 0): the hand is paid as that limit."""


class Chips(NamedTuple):
    """Chips (祝儀) a win earns, beside its points: what each payer pays by kind, how many pay (the
    discarder on a ron, every other player on a tsumo) and a chip's value in points at settlement."""

    by_kind: Mapping[str, int]
    payers: int
    value: int

    @property
    def each(self) -> int:
        return sum(self.by_kind.values())

    @property
    def total(self) -> int:
        return self.each * self.payers


class Score(NamedTuple):
    """What a win is worth: the best-paying reading with its yaku, dora, fu and payments. (A named
    tuple because the scorer builds one per reading, and a frozen dataclass costs three times more.)"""

    han: int
    fu: int
    yaku: tuple[ScoredYaku, ...]
    bonuses: tuple[ScoredYaku, ...]
    yakuman: int
    dora: dict[str, int]
    payments: Payments
    limit: Limit
    reading: Reading
    fu_parts: tuple[tuple[str, int], ...] = ()
    formula_values: Mapping[str, float] = MappingProxyType({})
    """The payment variables of a `formula` scheme (empty for standard payment)."""
    chips: Chips | None = None
    """The chips the win earns, where the variant pays any (`chips { … }`)."""

    @property
    def total(self) -> int:
        return self.payments.total

    @property
    def yaku_han(self) -> int:
        return sum(y.han for y in self.yaku)
