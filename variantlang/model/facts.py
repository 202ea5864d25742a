"""What a condition may read of a win, and how the scorer lays it out: the contract between the
compiled expressions (`lang.expr`) and the scorer (`scoring`), which neither imports from the other.

A win is a dict of facts keyed by `FACTS` (plus the payment variables under `vars`). Groups and tiles
are tuples whose fields follow `GROUP_ATTRIBUTES` / `TILE_ATTRIBUTES`; named values (waits, forms,
suits, group kinds) are small ints under `CONSTANTS`. A compiled condition is an `Fn`, `f(win, env)`,
where `env` holds the elements bound by enclosing quantifiers.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from variantlang.hand.decomposition import Group, GroupKind
from variantlang.hand.tiles import DRAGONS, FLOWER_BASE, KINDS, WINDS, is_honour, is_terminal, is_yaochuu, suit_of

Env = tuple[Any, ...]
Fn = Callable[[Any, Env], Any]


class EvaluationError(Exception):
    """An expression of the rule file cannot give a value on this win within the language's bounds (a
    number beyond ±10^15, a range too long to go through). The compiled expression says where (`span`,
    the innermost operation that failed); the scorer turns it into a clean `ScoreError`."""

    def __init__(self, message: str, where: str | None = None) -> None:
        super().__init__(f"{where}: {message}" if where else message)
        self.message = message
        self.where = where


class T(enum.Enum):
    """Static types: what an expression denotes."""

    VALUE = "a value"
    GROUP = "a group"
    TILE = "a tile"
    GROUPS = "groups"
    TILES = "tiles"
    VALUES = "a list of values"


ELEMENT_OF = {T.GROUPS: T.GROUP, T.TILES: T.TILE, T.VALUES: T.VALUE}

# ------------------------------------------------------------------ the vocabulary

GROUP_ATTRIBUTES = (
    "kind",
    "suit",
    "number",
    "tile",
    "open",
    "concealed",
    "terminal",
    "honour",
    "yaochuu",
    "simple",
    "dragon",
    "wind",
    "value",
    "seat",
    "round",
    "all_terminal",
    "all_yaochuu",
)
"""Attributes of a group element, in the order of the tuples `scoring` builds."""

TILE_ATTRIBUTES = (
    "tile",
    "suit",
    "number",
    "terminal",
    "honour",
    "yaochuu",
    "simple",
    "dragon",
    "wind",
    "red",
    "flower",
)
"""Attributes of a tile element, in the order of the tuples `scoring` builds."""

GROUP_INDEX = {name: i for i, name in enumerate(GROUP_ATTRIBUTES)}
TILE_INDEX = {name: i for i, name in enumerate(TILE_ATTRIBUTES)}


def tile_element(kind: int, red: bool = False) -> tuple[Any, ...]:
    """A tile as expressions see it: its attributes in `TILE_ATTRIBUTES` order."""
    if kind >= KINDS:  # a flower: its own suit, no terminal, honour or simple
        return (kind, SUIT_NAMES["flower"], kind - FLOWER_BASE + 1, False, False, False, False, False, False, red, True)
    yaochuu = is_yaochuu(kind)
    return (kind, suit_of(kind), kind % 9 + 1, is_terminal(kind), is_honour(kind), yaochuu, not yaochuu,
            kind in DRAGONS, kind in WINDS, red, False)  # fmt: skip


LAZY_FACTS = frozenset({"tiles", "nuki", "melds"})
"""Collections a scorer may leave unbuilt until an expression reads one: it puts a function under
`BUILD` that makes a fact from its name (few yaku look at single tiles)."""
BUILD = "build"

KINDS_HELD = "kinds held"
"""A fact the scorer adds for gates (not a name files can use): the kinds in the hand as an int whose
byte k is nonzero when kind k is held (`int.from_bytes(bytes(counts), "little")`)."""


@dataclass(frozen=True, slots=True)
class Fact:
    """A name the win provides: its type, where it may be used, and what it means."""

    type: T
    meaning: str
    payment_only: bool = False


FACTS: dict[str, Fact] = {
    # the hand's shape
    "groups": Fact(T.GROUPS, "all groups, the pair included"),
    "sets": Fact(T.GROUPS, "the four groups other than the pair"),
    "runs": Fact(T.GROUPS, "runs (順子)"),
    "triplets": Fact(T.GROUPS, "triplets and kans (刻子・槓子)"),
    "kans": Fact(T.GROUPS, "kans (槓子)"),
    "pairs": Fact(T.GROUPS, "pairs: one, or seven for seven pairs"),
    "melds": Fact(T.GROUPS, "called groups (chi, pon, open kans)"),
    "tiles": Fact(T.TILES, "every tile of the hand, kans counted four times"),
    "nuki": Fact(T.TILES, "tiles set aside as nuki dora, flowers included"),
    "pair": Fact(T.GROUP, "the pair"),
    "completed": Fact(T.GROUP, "the group the winning tile completed"),
    "win": Fact(T.TILE, "the winning tile"),
    "form": Fact(T.VALUE, "standard, chiitoitsu or kokushi"),
    "wait": Fact(T.VALUE, "ryanmen, kanchan, penchan, shanpon, tanki or kokushi_13"),
    "closed": Fact(T.VALUE, "no called meld"),
    "suits": Fact(T.VALUE, "how many of man, pin, sou the hand uses"),
    "honours": Fact(T.VALUE, "how many honour tiles the hand holds"),
    "flowers": Fact(T.VALUE, "how many flowers the hand holds as honours (鳴き立直)"),
    "calls": Fact(T.VALUE, "number of chi, pon and open kans"),
    # the win's circumstances
    "tsumo": Fact(T.VALUE, "won by self-draw"),
    "ron": Fact(T.VALUE, "won on a discard"),
    "riichi": Fact(T.VALUE, "declared riichi"),
    "double_riichi": Fact(T.VALUE, "declared riichi on the first turn"),
    "open_riichi": Fact(T.VALUE, "declared open riichi"),
    "ippatsu": Fact(T.VALUE, "won within a turn of riichi"),
    "rinshan": Fact(T.VALUE, "won on a kan replacement tile"),
    "chankan": Fact(T.VALUE, "robbed a kan"),
    "haitei": Fact(T.VALUE, "won on the last draw"),
    "houtei": Fact(T.VALUE, "won on the last discard"),
    "tenhou": Fact(T.VALUE, "dealer won on the deal"),
    "chiihou": Fact(T.VALUE, "non-dealer won on the first draw"),
    "renhou": Fact(T.VALUE, "won on a discard before the first draw"),
    "dealer": Fact(T.VALUE, "the winner is the dealer"),
    "seat_wind": Fact(T.VALUE, "the winner's seat wind (a tile: 1z–4z)"),
    "round_wind": Fact(T.VALUE, "the round wind (a tile: 1z–4z)"),
    "first_win": Fact(T.VALUE, "the first win of the round (鳴き立直)"),
    "tenpai_others": Fact(T.VALUE, "how many other players have declared tenpai (riichi), winners included"),
    "honba": Fact(T.VALUE, "honba counters"),
    "riichi_sticks": Fact(T.VALUE, "riichi sticks on the table"),
    # known only once yaku and dora are counted
    "han": Fact(T.VALUE, "han of yaku, bonuses and dora", payment_only=True),
    "yaku_han": Fact(T.VALUE, "han of yaku alone", payment_only=True),
    "bonus_han": Fact(T.VALUE, "han of non-yaku bonuses", payment_only=True),
    "dora": Fact(T.VALUE, "dora han of every kind", payment_only=True),
    "fu": Fact(T.VALUE, "fu", payment_only=True),
    "yakuman": Fact(T.VALUE, "number of yakuman", payment_only=True),
    # the player a payment formula is run for (a ron: the discarder; a tsumo: each other player in turn)
    "payer_dealer": Fact(T.VALUE, "the payer is the dealer", payment_only=True),
    "payer_seat": Fact(T.VALUE, "the payer's seat wind (a tile: 1z–4z)", payment_only=True),
    "payer_relative": Fact(
        T.VALUE, "where the payer sits from the winner: 1 next in turn (shimocha), 2 after that, 3 before", True
    ),
}

PAYER_FACTS = frozenset({"payer_dealer", "payer_seat", "payer_relative"})
"""Facts of the payer: a formula that reads one is run once for each payer."""

SHAPE_FACTS = frozenset(
    {
        "form", "wait", "closed", "suits", "honours", "flowers", "calls", "tsumo", "ron", "riichi", "double_riichi",
        "open_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou", "renhou",
        "dealer", "seat_wind", "round_wind", "first_win", "tenpai_others",
    }
)  # fmt: skip
"""Facts with a handful of values. Conditions on these alone (and on collection sizes) are decided once
per combination of their values: the scorer's shape plans."""

COLLECTIONS = frozenset(name for name, fact in FACTS.items() if fact.type in (T.GROUPS, T.TILES))

SUIT_NAMES = {"man": 0, "pin": 1, "sou": 2, "honour": 3, "flower": 4}
KIND_NAMES = {"run": 0, "triplet": 1, "kan": 2, "pair": 3}
WAIT_NAMES = {"ryanmen": 0, "kanchan": 1, "penchan": 2, "shanpon": 3, "tanki": 4, "kokushi_13": 5}
FORM_NAMES = {"standard": 0, "chiitoitsu": 1, "kokushi": 2}
CONSTANTS: dict[str, Any] = {
    **SUIT_NAMES,
    **KIND_NAMES,
    **WAIT_NAMES,
    **FORM_NAMES,
    "true": True,
    "false": False,
}

_GROUP_KIND = {
    GroupKind.SHUNTSU: KIND_NAMES["run"],
    GroupKind.KOUTSU: KIND_NAMES["triplet"],
    GroupKind.KANTSU: KIND_NAMES["kan"],
    GroupKind.TOITSU: KIND_NAMES["pair"],
}


def group_element(group: Group, concealed: bool, seat: int, round_wind: int) -> tuple[Any, ...]:
    """A group as expressions see it: its attributes in `GROUP_ATTRIBUTES` order."""
    kinds = group.kinds
    return (
        _GROUP_KIND[group.kind],
        suit_of(group.tile),
        group.tile % 9 + 1,
        group.tile,
        group.open,
        concealed,
        any(is_terminal(k) for k in kinds),
        is_honour(group.tile),
        any(is_yaochuu(k) for k in kinds),
        not any(is_yaochuu(k) for k in kinds),
        group.tile in DRAGONS,
        group.tile in WINDS,
        group.tile in DRAGONS or group.tile in (seat, round_wind),
        group.tile == seat,
        group.tile == round_wind,
        all(is_terminal(k) for k in kinds),
        all(is_yaochuu(k) for k in kinds),
    )


# ------------------------------------------------------------------ compiled expressions


@dataclass(frozen=True, slots=True)
class Split:
    """A condition cut in two (`lang.expr.split.split_condition`): it holds when `gate` and `residual` both do;
    None stands for always true."""

    gate: Fn | None
    reads: frozenset[str]
    """What the gate reads: shape facts, and `#name` for the size of a collection."""
    residual: Fn | None
    none_held: int = 0
    """A `KINDS_HELD` mask the hand may hold no kind of (`all(tiles: simple)`: none outside the simples)."""
    some_held: int = 0
    """A `KINDS_HELD` mask the hand must hold a kind of (0: no such test)."""
