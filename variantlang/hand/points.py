"""From han and fu to base points, limits, and who pays what (R-PAY-1, R-STD-6).

Base points are fu × 2^(han+2), capped by the limit hands; a payment is a multiple of base points
rounded up to 100. Three-player tables differ only in who covers the missing fourth player's share
of a tsumo, which `TsumoSplit` names.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import NamedTuple


class Limit(enum.Enum):
    NONE = ""
    MANGAN = "mangan"
    HANEMAN = "haneman"
    BAIMAN = "baiman"
    SANBAIMAN = "sanbaiman"
    KAZOE_YAKUMAN = "kazoe_yakuman"
    YAKUMAN = "yakuman"


LIMIT_HAN = {Limit.MANGAN: 5, Limit.HANEMAN: 6, Limit.BAIMAN: 8, Limit.SANBAIMAN: 11}
"""The han each limit a yaku may be worth starts at (`renhou … mangan`): paying a limit yaku is paying
that many han, whatever the fu (base 2000, 3000, 4000, 6000)."""


class Kazoe(enum.Enum):
    """What 13 han or more without a yakuman is worth."""

    YAKUMAN = "yakuman"
    """Counted yakuman (Tenhou)."""
    SANBAIMAN = "sanbaiman"
    """Capped at sanbaiman."""
    MULTIPLE = "multiple"
    """Every 13 han is one more yakuman (26 han: double yakuman)."""


class TsumoSplit(enum.Enum):
    """Who pays for the absent fourth seat when a three-player hand is won by tsumo."""

    TSUMO_LOSS = "tsumo_loss"
    """Each of the two others pays what they would at a four-player table; the absent share is lost (ツモ損)."""
    NORTH_BISECTION = "north_bisection"
    """The absent North's share is split in half between the two payers (北家折半)."""
    RON_SPLIT = "ron_split"
    """The two others share the ron value equally, so a tsumo is worth exactly a ron."""


@dataclass(frozen=True, slots=True)
class LimitRules:
    kiriage: bool = False
    """切り上げ満貫: 4 han 30 fu and 3 han 60 fu are paid as mangan (R-PAY-1)."""
    kazoe: Kazoe = Kazoe.YAKUMAN
    max_yakuman: int = 6
    """The most yakuman one hand can be paid as (multiple yakuman stack up to this)."""


class Value(NamedTuple):
    """Base points of a hand and the limit that set them."""

    base: int
    limit: Limit
    multiple: int = 1
    """Number of yakuman for a yakuman hand."""


_HAN_LIMITS = ((11, 6000, Limit.SANBAIMAN), (8, 4000, Limit.BAIMAN), (6, 3000, Limit.HANEMAN), (5, 2000, Limit.MANGAN))
"""The limits reached by han alone below 13, highest first: (least han, base points, limit)."""


def hand_value(han: int, fu: int, yakuman: int = 0, rules: LimitRules = LimitRules()) -> Value:
    """Base points for `han` and `fu`, or for `yakuman` yakuman when that is positive. Below 0 han (a
    negative bonus larger than the yaku) the hand is paid as 0 han."""
    if yakuman > 0:
        multiple = min(yakuman, rules.max_yakuman)
        return Value(8000 * multiple, Limit.YAKUMAN, multiple)
    if han >= 13:
        if rules.kazoe is Kazoe.SANBAIMAN:
            return Value(6000, Limit.SANBAIMAN)
        multiple = min(han // 13, rules.max_yakuman) if rules.kazoe is Kazoe.MULTIPLE else 1
        return Value(8000 * multiple, Limit.KAZOE_YAKUMAN, multiple)
    for least, base, limit in _HAN_LIMITS:
        if han >= least:
            return Value(base, limit)
    base = fu * 2 ** (max(han, 0) + 2)  # minus han (a negative bonus) can take han away, not halve the fu
    # 1920 base points are 4 han 30 fu and 3 han 60 fu, the 7700 / 11600 hands kiriage rounds up.
    if base >= 2000 or (rules.kiriage and base >= 1920):
        return Value(2000, Limit.MANGAN)
    return Value(base, Limit.NONE)


def round_up_100(points: float) -> int:
    return int(-(-points // 100) * 100)


@dataclass(frozen=True, slots=True)
class PaymentRules:
    players: int = 4
    honba_ron: int = 300
    """Paid by the discarder per honba (Tenhou three-player: 200)."""
    honba_tsumo: int = 100
    """Paid by each payer per honba on a tsumo."""
    riichi_stick: int = 1000
    tsumo_split: TsumoSplit = TsumoSplit.TSUMO_LOSS
    """Only consulted when `players` is 3."""


SEAT_NAMES = ("east", "south", "west", "north")
"""The seats by wind, as `Payments.by_payer` names them."""


class Payments(NamedTuple):
    """What a win pays, before honba and sticks are added (those are separate fields).

    For a ron only `ron` is set (the discarder's payment). For a tsumo, `from_dealer` is what the dealer
    pays (0 when the winner is the dealer) and `from_non_dealer` what each non-dealer pays.
    """

    ron: int
    from_dealer: int
    from_non_dealer: int
    non_dealer_payers: int
    honba_each: int
    """Honba points added to each payer's payment."""
    sticks: int
    """Riichi deposits the winner collects."""
    by_seat: tuple[int | None, ...] = ()
    """On a tsumo whose payers do not pay by dealer and non-dealer alone (a payment formula that reads the
    payer's seat): what each seat pays, East first, None for the winner; `from_dealer` and
    `from_non_dealer` are then 0. Empty otherwise."""

    @property
    def payers(self) -> int:
        if self.by_seat:
            return sum(1 for paid in self.by_seat if paid is not None)
        return 1 if self.ron else self.non_dealer_payers + (1 if self.from_dealer else 0)

    @property
    def hand(self) -> int:
        """The hand's own value: everything paid, without honba and sticks."""
        if self.by_seat:
            return sum(paid for paid in self.by_seat if paid is not None)
        return self.ron or self.from_dealer + self.from_non_dealer * self.non_dealer_payers

    @property
    def total(self) -> int:
        """All the winner receives: hand value, honba and riichi sticks."""
        return self.hand + self.honba_each * self.payers + self.sticks

    def by_payer(self, *, tsumo: bool, dealer: bool) -> dict[str, int]:
        """Who pays what, honba included: `discarder`, or `dealer` and `each_non_dealer`, or each seat by
        its wind (`east` …) where `by_seat` says."""
        honba = self.honba_each
        if not tsumo:
            return {"discarder": self.ron + honba}
        if self.by_seat:
            return {SEAT_NAMES[i]: paid + honba for i, paid in enumerate(self.by_seat) if paid is not None}
        out = {"each_non_dealer": self.from_non_dealer + honba}
        if not dealer:
            out = {"dealer": self.from_dealer + honba, **out}
        return out

    def named(self, *, tsumo: bool, dealer: bool) -> dict[str, int]:
        """Who pays what as a table says it: `by_payer`, but `each_other` where no payer pays differently
        (there is no dealer to name), and `non_dealer` where one other non-dealer pays (three players)."""
        paid = self.by_payer(tsumo=tsumo, dealer=dealer)
        if "each_non_dealer" in paid and len(set(paid.values())) == 1:
            return {"each_other": paid["each_non_dealer"]}
        if "dealer" in paid and self.non_dealer_payers == 1:
            return {"dealer": paid["dealer"], "non_dealer": paid["each_non_dealer"]}
        return paid


def payments(
    base: int,
    *,
    dealer: bool,
    tsumo: bool,
    honba: int = 0,
    riichi_sticks: int = 0,
    rules: PaymentRules = PaymentRules(),
) -> Payments:
    """Split a hand's base points between the payers (R-PAY-1; three-player splits R-STD-6)."""
    sticks = riichi_sticks * rules.riichi_stick
    if not tsumo:
        return Payments(round_up_100(base * (6 if dealer else 4)), 0, 0, 0, honba * rules.honba_ron, sticks)
    others = rules.players - 1
    honba_each = honba * rules.honba_tsumo
    if dealer:
        each: float = 2.0 * base
        if rules.players == 3:
            each = _three_player_share(base, each, each, rules.tsumo_split, dealer=True)
        return Payments(0, 0, round_up_100(each), others, honba_each, sticks)
    from_dealer: float = 2.0 * base
    from_child: float = float(base)
    if rules.players == 3:
        from_dealer = _three_player_share(base, from_dealer, base, rules.tsumo_split, dealer=False)
        from_child = _three_player_share(base, from_child, base, rules.tsumo_split, dealer=False)
    return Payments(0, round_up_100(from_dealer), round_up_100(from_child), others - 1, honba_each, sticks)


def _three_player_share(base: int, share: float, absent: float, split: TsumoSplit, *, dealer: bool) -> float:
    """One payer's share at a three-player table, before rounding; `absent` is what a North would pay."""
    if split is TsumoSplit.TSUMO_LOSS:
        return share
    if split is TsumoSplit.NORTH_BISECTION:
        return share + absent / 2
    return base * (6 if dealer else 4) / 2
