"""The events of a game, in the mjai vocabulary: the engine's only way to change state.

Every event is a small immutable record; tiles are physical tile ids (`engine.tiles`: kind * 4 + copy,
the numbering Tenhou's logs use). A seat's decision is one of these events too (a `Dahai` it wants to
make, a `Pon` it wants to call), so the same records flow from bots, from log readers and into writers.
Results (`Hora`, `Ryukyoku`) carry what was paid and why, so statistics can be read from events alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal


@dataclass(frozen=True, slots=True)
class StartGame:
    players: int
    scores: tuple[int, ...]
    seed: int = 0


NO_MARKER = -1
"""`StartKyoku.dora_marker` when no indicator shows at the start (`dora.chosen_indicators`: the start
player places the first one after drawing, as a `Dora` event)."""


@dataclass(frozen=True, slots=True)
class StartKyoku:
    bakaze: int
    """Round wind: 0 East, 1 South, 2 West, 3 North."""
    kyoku: int
    """The dealer's number inside the round wind, from 0 (E1 = 0, E2 = 1, …)."""
    honba: int
    kyotaku: int
    """Riichi sticks on the table."""
    oya: int
    dora_marker: int
    tehais: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Tsumo:
    actor: int
    pai: int
    rinshan: bool = False
    """A replacement draw after a kan or a nuki."""


@dataclass(frozen=True, slots=True)
class Dahai:
    actor: int
    pai: int
    tsumogiri: bool = False


@dataclass(frozen=True, slots=True)
class Chi:
    actor: int
    target: int
    pai: int
    consumed: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Pon:
    actor: int
    target: int
    pai: int
    consumed: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Daiminkan:
    actor: int
    target: int
    pai: int
    consumed: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Kakan:
    actor: int
    pai: int
    consumed: tuple[int, ...]
    """The tiles of the pon it extends."""


@dataclass(frozen=True, slots=True)
class Ankan:
    actor: int
    consumed: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Nukidora:
    """A tile set aside as nuki dora (three-player kita), replaced from the dead wall."""

    actor: int
    pai: int


@dataclass(frozen=True, slots=True)
class Dora:
    dora_marker: int


@dataclass(frozen=True, slots=True)
class Reach:
    actor: int
    open: bool = False
    """Open riichi (R-RIICHI-6): the hand is shown as it is declared (mjai extension `"open": true`)."""


@dataclass(frozen=True, slots=True)
class ReachAccepted:
    actor: int


@dataclass(frozen=True, slots=True)
class Hora:
    """A win. As a decision only actor, target and pai matter; the engine's event carries the result."""

    actor: int
    target: int
    pai: int
    deltas: tuple[int, ...] = ()
    han: int = 0
    fu: int = 0
    points: int = 0
    """The hand's value without honba and sticks (on a tsumo, the sum the payers pay)."""
    yakuman: int = 0
    yaku: tuple[tuple[str, int], ...] = ()
    """(yaku id, han), dora kinds included as `dora`, `ura`, `aka`, `nuki`; a yakuman hand gives han 0."""
    dora_markers: tuple[int, ...] = ()
    ura_markers: tuple[int, ...] = ()
    pao: int | None = None
    chips: tuple[int, ...] = ()
    """Each seat's change in chips (祝儀), where the variant pays any (else empty)."""
    limit: str = ""
    """The limit the Scorer paid the hand as (`mangan`, …, `yakuman`; empty for none), from `Score.limit`."""


@dataclass(frozen=True, slots=True)
class Ryukyoku:
    reason: str
    """`exhaustive`, or the abortive draw: `kyuushu_kyuuhai`, `suufon_renda`, `suukan_sanra`,
    `suucha_riichi`, `sancha_hou` (nagashi mangan is an exhaustive draw with `nagashi` seats), or
    `chombo`: an exhaustive draw settled as a chombo instead (a furiten riichi, `riichi.furiten_riichi`)."""
    deltas: tuple[int, ...] = ()
    tenpai: tuple[bool, ...] = ()
    nagashi: tuple[int, ...] = ()
    """Seats paid nagashi mangan."""


@dataclass(frozen=True, slots=True)
class EndKyoku:
    pass


@dataclass(frozen=True, slots=True)
class EndGame:
    scores: tuple[int, ...]
    points: tuple[Decimal, ...] = ()
    """Final points, exact (`rules.standing`: print them with `points_text`, write them with `points_json`)."""
    reason: str = "complete"
    """`complete`, `tobi`, or `timeout` when a turn or hand cap cut the game off."""
    chips: tuple[int, ...] = ()
    """Each seat's chip ledger (祝儀) over the game; their value is already in `points`."""


Event = (
    StartGame | StartKyoku | Tsumo | Dahai | Chi | Pon | Daiminkan | Kakan | Ankan | Nukidora | Dora | Reach
    | ReachAccepted | Hora | Ryukyoku | EndKyoku | EndGame
)  # fmt: skip
TurnAction = Dahai | Reach | Hora | Ankan | Kakan | Nukidora | Ryukyoku
"""What a seat may do on its own turn."""
CallAction = Hora | Pon | Chi | Daiminkan
"""What a seat may do with another seat's discard (or kan or nuki tile, for a ron)."""
