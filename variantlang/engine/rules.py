"""What the engine can play, and the Ruleset's answers flattened for the hot loop.

Every engine-stage setting is listed in `PLAYABLE` with the values the engine plays; a variant that
states any other value is refused (`unsupported`), naming the setting and where the variant set it,
so no rule is ever silently ignored. Settings that describe the physical table (where the wall is
broken, which stack holds the indicator) change nothing in a uniformly shuffled wall and are listed
with every value allowed, saying so.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from variantlang.catalog import BY_PATH
from variantlang.engine.dealers import DEALERS, NextDealer
from variantlang.engine.deals import DEALS, Deal
from variantlang.hand.shanten import ShantenTables, tables_for
from variantlang.hand.tiles import DRAGONS, KINDS, WINDS, Mark, Tile
from variantlang.model.ruleset import Ruleset
from variantlang.scoring.scorer import Scorer


def ANY(value: Any) -> bool:
    """Every value of the setting is played."""
    return True


def _among(*values: Any) -> Callable[[Any], bool]:
    return lambda value: value in values


def _zero(value: Any) -> bool:
    return not value


PAO_KINDS = {"daisangen": DRAGONS, "daisuushii": WINDS}
"""The yaku liability can follow, with the kinds whose last called set makes the discarder liable."""

PLAYABLE: dict[str, Callable[[Any], bool]] = {
    "tiles.dead_wall": ANY,
    "tiles.flowers": _zero,
    "tiles.pocchi": _zero,
    "game.length": ANY,
    "game.round_wind": ANY,
    "game.start_points": ANY,
    "game.return_points": ANY,
    "game.uma": ANY,
    "game.top_prize": ANY,
    "game.ties": ANY,
    "game.uma_one_below": ANY,
    "game.uma_two_below": ANY,
    "game.uma_three_below": ANY,
    "game.tobi_prize": ANY,
    "game.yakitori": ANY,
    "game.wareme": ANY,
    "game.extension": ANY,
    "game.target_points": ANY,
    "game.agari_yame": ANY,
    "game.tenpai_yame": ANY,
    "game.renchan": lambda name: name in DEALERS,
    "game.tobi": ANY,
    # Seating and where the wall is broken only move tiles around a wall that is already uniformly shuffled.
    "game.seating": ANY,
    "game.deal": lambda name: name in DEALS,
    "game.dice_break": ANY,
    "game.indicator_stack": ANY,
    "game.after_win": _among("end", "play_on_best_paid"),
    "game.leftover_sticks": ANY,
    "draws.kyuushu_kyuuhai": ANY,
    "draws.suufon_renda": ANY,
    "draws.suukan_sanra": ANY,
    "draws.suucha_riichi": ANY,
    "draws.sancha_hou": ANY,
    "draws.noten_payment": ANY,
    "draws.noten_style": ANY,
    "draws.nagashi_mangan": ANY,
    "draws.formal_tenpai": _among(True),
    "win.multiple_ron": ANY,
    "win.sticks_to": _among("first_winner"),
    "win.pao": lambda words: all(w in PAO_KINDS for w in words),
    "win.ankan_robbing": ANY,
    "calls.chi": ANY,
    "calls.pon": ANY,
    "calls.kan": ANY,
    "calls.atozuke": _among(True),
    "calls.kuikae": ANY,
    "calls.last_discard": ANY,
    "calls.nuki_callable": ANY,
    "riichi.enabled": ANY,
    "riichi.min_wall": ANY,
    # The engine checks only `riichi.min_wall`: riichi with no own draw left is allowed wherever it allows.
    "riichi.no_draw_riichi": ANY,
    "riichi.at_1000": ANY,
    "riichi.below_zero": ANY,
    "riichi.ankan": _among("forbid", "same_waits"),
    "riichi.open_riichi": _among(False),
    "riichi.furiten": ANY,
    "riichi.locked": ANY,
    "riichi.furiten_riichi": ANY,
    "riichi.with_calls": ANY,
    "riichi.declaration_required": ANY,
    "riichi.false_declaration": ANY,
    "riichi.furiten_indicators": ANY,
    "dora.kan_dora": ANY,
    "dora.kan_dora_timing": _among("immediate", "after_discard"),
    "dora.max_indicators": ANY,
    "dora.kan_ura": ANY,
    "dora.start_indicators": lambda n: n >= 1,
    "dora.double_on_dice_pair": _among(False),
    "dora.nuki_mode": _among("optional"),
    "dora.nuki_discard": ANY,
    "dora.nuki_ron": ANY,
    "dora.nuki_breaks_ippatsu": ANY,
    "dora.nuki_at_haitei": ANY,
    "dora.chosen_indicators": ANY,
    "payment.nagashi_value": ANY,
    # The engine's seats only make legal moves, so no foul arises and no penalty is ever due.
    "penalties.chombo": ANY,
    "penalties.agari_houki": ANY,
    "penalties.bappu": ANY,
}


class UnplayableError(ValueError):
    """The variant states a rule the engine cannot play yet."""


def _written(path: str, value: Any) -> str:
    """A value as a rule file writes it (`5z`, `on`), by the catalog's formatter; repr if none."""
    setting = BY_PATH.get(path)
    if setting is None:
        return repr(value)
    try:
        return setting.format(value)
    except (TypeError, ValueError, AttributeError):
        return repr(value)


def unsupported(ruleset: Ruleset) -> list[str]:
    """One line per setting the engine cannot play, with where the variant set it (empty: playable)."""
    problems = []
    for path, playable in PLAYABLE.items():
        section, key = path.split(".")
        value = getattr(getattr(ruleset, section), key)
        if not playable(value):
            span = ruleset.provenance.get(path)
            where = f" ({span.file}:{span.line})" if span else ""
            problems.append(f"{path} = {_written(path, value)}{where}: the engine cannot play this value yet")
    dead = ruleset.tiles.dead_wall
    dora = ruleset.dora
    if dora.chosen_indicators:
        if dora.ura or dora.kan_ura:
            problems.append("dora.ura with dora.chosen_indicators: a placed indicator has no tile under it")
        if dora.kan_dora and dora.kan_dora_timing != "immediate":
            problems.append("dora.kan_dora_timing with dora.chosen_indicators: the engine places them at once")
        if dora.start_indicators != 1:
            problems.append("dora.start_indicators with dora.chosen_indicators: the start player places one")
    elif dead < 2:
        problems.append(f"tiles.dead_wall = {dead}: no room for the dora indicator and its ura")
    elif dead < 2 * dora.max_indicators and dora.kan_dora:
        problems.append(f"tiles.dead_wall = {dead}: too small for {dora.max_indicators} indicators and ura")
    spare = dead if dora.chosen_indicators else dead - 2 * dora.max_indicators
    if ruleset.dora.nuki_at_haitei and ruleset.dora_tables.nuki and spare < 4:
        problems.append(f"tiles.dead_wall = {dead}: no spare tiles for nuki at haitei (dora.nuki_at_haitei)")
    # Conditional settings (`min_han 2 when honba >= 5`) are the scorer's, decided per win from the win's
    # facts; the engine gives every winner the table's honba and sticks (legal.win_input), so they play.
    if ruleset.riichi.false_declaration and ruleset.game.after_win != "play_on_best_paid":
        problems.append(
            "riichi.false_declaration without game.after_win play_on_best_paid: the engine settles the penalty "
            "to the round's winner only where play goes on after wins"
        )
    if ruleset.game.after_win == "play_on_best_paid" and ruleset.riichi.enabled and ruleset.riichi.stick:
        problems.append(
            "game.after_win = 'play_on_best_paid' with riichi sticks (riichi.stick): who takes the sticks when "
            "the first win is not the one paid is not decided yet"
        )
    if any(n > 4 for n in ruleset.tile_set.copies):
        problems.append("tiles: more than four copies of a kind")
    return problems


def check_playable(ruleset: Ruleset) -> None:
    problems = unsupported(ruleset)
    if problems:
        raise UnplayableError(f"variant {ruleset.name!r} cannot be played by the engine:\n  " + "\n  ".join(problems))


@dataclass(frozen=True, slots=True)
class TileTable:
    """The physical tiles of a set as ids (kind * 4 + copy; marked copies come first, as in Tenhou's logs)."""

    ids: tuple[int, ...]
    """Every tile in the set, in id order."""
    tiles: tuple[Tile | None, ...]
    """The `Tile` of each id (None where the id is not in the set)."""
    values: tuple[tuple[int, bool], ...]
    """`value(id)` of every id, looked up in the hot loop."""

    @classmethod
    def build(cls, ruleset: Ruleset) -> TileTable:
        tile_set = ruleset.tile_set
        tiles: list[Tile | None] = [None] * (KINDS * 4)
        for kind in range(KINDS):
            copy = 0
            for tile, n in tile_set.marked:
                if tile.kind == kind:
                    for _ in range(n):
                        tiles[kind * 4 + copy] = tile
                        copy += 1
            while copy < tile_set.copies[kind]:
                tiles[kind * 4 + copy] = Tile(kind)
                copy += 1
        values = tuple((i >> 2, t is not None and t.mark is not Mark.PLAIN) for i, t in enumerate(tiles))
        return cls(tuple(i for i, t in enumerate(tiles) if t is not None), tuple(tiles), values)

    def value(self, tile_id: int) -> tuple[int, bool]:
        """What tells copies apart for play: the kind and whether it is marked."""
        return self.values[tile_id]


class EngineRules:
    """A Ruleset's answers to the engine's questions, read once into plain attributes."""

    __slots__ = (
        "ankan_robbing",
        "chi",
        "chosen_indicators",
        "copies",
        "dead_wall",
        "deal",
        "declaration_required",
        "first_indicators",
        "fixed_winds",
        "furiten_indicators",
        "furiten_tile",
        "kan",
        "kan_dora",
        "kan_dora_immediate",
        "kan_ura",
        "kuikae_forbidden",
        "last_discard_calls",
        "max_indicators",
        "next_dealer",
        "nuki",
        "nuki_breaks_ippatsu",
        "play_on",
        "players",
        "pon",
        "riichi",
        "riichi_locked",
        "round_wind",
        "ruleset",
        "scorer",
        "seat_wind_deal",
        "shanten",
        "tiles",
        "ura",
    )

    def __init__(self, ruleset: Ruleset) -> None:
        check_playable(ruleset)
        self.ruleset = ruleset
        self.scorer = Scorer(ruleset)
        self.players: int = ruleset.game.players
        self.dead_wall: int = ruleset.tiles.dead_wall
        self.tiles = TileTable.build(ruleset)
        self.copies: tuple[int, ...] = ruleset.tile_set.copies
        self.shanten: ShantenTables = tables_for(ruleset.tile_set)
        self.chi: bool = ruleset.calls.chi
        self.pon: bool = ruleset.calls.pon
        self.kan: bool = ruleset.calls.kan
        self.kuikae_forbidden: bool = ruleset.calls.kuikae == "forbid"
        self.last_discard_calls: bool = ruleset.calls.last_discard
        self.riichi: bool = ruleset.riichi.enabled
        self.kan_dora: bool = ruleset.dora.kan_dora
        self.kan_dora_immediate: bool = ruleset.dora.kan_dora_timing == "immediate"
        self.kan_ura: bool = ruleset.dora.kan_ura
        self.ura: bool = ruleset.dora.ura
        self.max_indicators: int = ruleset.dora.max_indicators
        self.first_indicators: int = ruleset.dora.start_indicators
        self.nuki: frozenset[int] = ruleset.dora_tables.nuki
        self.nuki_breaks_ippatsu: bool = ruleset.dora.nuki_breaks_ippatsu
        self.ankan_robbing: bool = ruleset.win.ankan_robbing == "kokushi"
        self.next_dealer: NextDealer = DEALERS[ruleset.game.renchan]
        self.deal: Deal = DEALS[ruleset.game.deal]
        self.play_on: bool = ruleset.game.after_win == "play_on_best_paid"
        self.chosen_indicators: bool = ruleset.dora.chosen_indicators
        self.furiten_indicators: bool = ruleset.riichi.furiten_indicators
        self.round_wind: bool = ruleset.game.round_wind
        game = ruleset.game
        self.fixed_winds: bool = game.seating == "wind_tiles" and game.deal == "seat_wind_plus_12_pass_3"
        """鳴き立直: the wind tile drawn at seating is dealt back every hand, so seat i's wind is 27 + i all game."""
        self.furiten_tile: bool = ruleset.riichi.furiten == "tile"
        self.riichi_locked: bool = ruleset.riichi.locked
        self.declaration_required: bool = ruleset.riichi.declaration_required
        self.seat_wind_deal: bool = ruleset.game.deal == "seat_wind_plus_12_pass_3"
        """The wall lays each seat's wind tile into its hand (`SeededWall`)."""
