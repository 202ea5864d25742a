"""What a nuki kind may do besides being set aside (R-DORA-16): be kept and used in a hand, be won on by
ron when another player sets it aside. `dora.nuki_in_hand` and `dora.nuki_ron` say it for every nuki
kind; `dora.nuki_aside_only` names the kinds that are only ever set aside (囲将会 §2.2: 5萬 is never used
in the hand nor robbed, while 北 may be, for a yakuman). The scorer, the engine's ron offers and the sheet
ask here, per kind. Whether a tile that may be set aside must be is `must_set_aside` (`dora.nuki_mode`)."""

from __future__ import annotations

from typing import Literal

from variantlang.hand.tiles import FLOWER_BASE
from variantlang.model.ruleset import Ruleset

Use = Literal["always", "yakuman_only", "never"]


def aside_only(ruleset: Ruleset, kind: int) -> bool:
    """Whether `kind` is a nuki kind that is only ever set aside (`dora.nuki_aside_only`)."""
    return any(t.kind == kind for t in ruleset.dora.nuki_aside_only)


def in_hand(ruleset: Ruleset, kind: int) -> Use:
    """Whether a tile of the nuki kind `kind` kept in the hand may be part of a winning hand: always,
    only for a yakuman, or never."""
    return "never" if aside_only(ruleset, kind) else ruleset.dora.nuki_in_hand


def ron_on(ruleset: Ruleset, kind: int) -> Literal["all", "yakuman_only", "never"]:
    """Whether a tile of the nuki kind `kind` another player sets aside may be won on by ron: by any win,
    only by a yakuman, or never."""
    return "never" if aside_only(ruleset, kind) else ruleset.dora.nuki_ron


def must_set_aside(ruleset: Ruleset, kind: int) -> bool:
    """Whether a tile of `kind` the seat may set aside now must be, before it discards, declares riichi or
    makes a kan (`dora.nuki_mode forced`): a nuki kind, or a flower where flowers count as nuki. Only a
    win on the tile (tsumo) or nine kinds goes before it; where it may not be set aside (haitei without
    `dora.nuki_at_haitei`) it stays in the hand. The tiles dealt count as drawn: they go at the first turn."""
    if ruleset.dora.nuki_mode != "forced":
        return False
    return kind in ruleset.dora_tables.nuki or (kind >= FLOWER_BASE and ruleset.dora.flowers_as_nuki)
