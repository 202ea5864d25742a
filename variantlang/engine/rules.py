"""What the engine can play, and the Ruleset's answers flattened for the hot loop.

Which values the engine plays is the catalog's word (`Setting.played`, for each setting whose questions
reach the engine): a variant that states any other value is refused (`rules.playable.unsupported`, which
`check` asks too), naming the setting and where the variant set it, so no rule is ever silently ignored.
The rest of this module reads the Ruleset and the rule questions (`variantlang.rules`); it declares no
setting of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from variantlang.engine.dealers import DEALERS, NextDealer
from variantlang.engine.deals import DEALS, Deal
from variantlang.hand.shanten import ShantenTables
from variantlang.hand.tiles import ALL_KINDS, FLOWER_BASE, KINDS, Tile
from variantlang.model.ruleset import Ruleset
from variantlang.rules.dora import replacement_shortens_live
from variantlang.rules.playable import unsupported
from variantlang.rules.shapes import Shapes, shapes
from variantlang.scoring.scorer import Scorer


class UnplayableError(ValueError):
    """The variant states a rule the engine cannot play yet."""


def check_playable(ruleset: Ruleset) -> None:
    problems = unsupported(ruleset)
    if problems:
        raise UnplayableError(f"variant {ruleset.name!r} cannot be played by the engine:\n  " + "\n  ".join(problems))


@dataclass(frozen=True, slots=True)
class TileTable:
    """The physical tiles of a set as ids (kind * 4 + copy; marked copies come first, as in Tenhou's logs).
    A flower is a kind of its own past the 34 (`hand.tiles.FLOWER_BASE`), one copy each: the set's first
    flower is id 136, the next 140."""

    ids: tuple[int, ...]
    """Every tile in the set, in id order."""
    tiles: tuple[Tile | None, ...]
    """The `Tile` of each id (None where the id is not in the set)."""
    values: tuple[tuple[int, str], ...]
    """`value(id)` of every id, looked up in the hot loop."""

    @classmethod
    def build(cls, ruleset: Ruleset) -> TileTable:
        tile_set = ruleset.tile_set
        tiles: list[Tile | None] = [None] * (ALL_KINDS * 4)
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
        for flower in range(FLOWER_BASE, FLOWER_BASE + tile_set.flowers):
            tiles[flower * 4] = Tile(flower)
        values = tuple((i >> 2, t.mark.value if t is not None else "") for i, t in enumerate(tiles))
        return cls(tuple(i for i, t in enumerate(tiles) if t is not None), tuple(tiles), values)

    def value(self, tile_id: int) -> tuple[int, str]:
        """What tells copies apart for play: the kind and its mark's letter (empty for a plain copy), so a
        gold and a pocchi White of one set stay apart."""
        return self.values[tile_id]


def flower_kinds(ruleset: Ruleset) -> frozenset[int]:
    """The flower kinds of the set (R-TILE-6: 「花」と宣言しながら脇に置く, for a replacement)."""
    return frozenset(range(FLOWER_BASE, FLOWER_BASE + ruleset.tile_set.flowers))


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
        "fixed_winds",
        "formal_tenpai",
        "furiten_indicators",
        "kan",
        "kan_dora",
        "kan_dora_after_pass",
        "kan_dora_immediate",
        "kan_ura",
        "kuikae_forbidden",
        "last_discard_calls",
        "max_indicators",
        "next_dealer",
        "nuki",
        "nuki_breaks_ippatsu",
        "nuki_rinshan",
        "open_riichi",
        "play_on",
        "players",
        "pon",
        "replacements_shorten_live",
        "riichi",
        "riichi_locked",
        "ruleset",
        "scorer",
        "seat_wind_deal",
        "set_aside_only",
        "shanten",
        "shapes",
        "tiles",
        "ura",
    )

    def __init__(self, ruleset: Ruleset) -> None:
        check_playable(ruleset)
        self.ruleset = ruleset
        self.scorer = Scorer(ruleset)
        self.players: int = ruleset.game.players
        self.dead_wall: int = ruleset.tiles.dead_wall
        self.replacements_shorten_live: bool = replacement_shortens_live(ruleset)
        self.tiles = TileTable.build(ruleset)
        self.copies: tuple[int, ...] = ruleset.tile_set.copies
        self.shapes: Shapes = shapes(ruleset)
        self.shanten: ShantenTables = self.shapes.tables
        self.chi: bool = ruleset.calls.chi
        self.pon: bool = ruleset.calls.pon
        self.kan: bool = ruleset.calls.kan
        self.kuikae_forbidden: bool = ruleset.calls.kuikae == "forbid"
        self.last_discard_calls: bool = ruleset.calls.last_discard
        self.riichi: bool = ruleset.riichi.enabled
        self.formal_tenpai: bool = ruleset.draws.formal_tenpai
        self.open_riichi: bool = ruleset.riichi.enabled and ruleset.riichi.open_riichi
        self.kan_dora: bool = ruleset.dora.kan_dora
        self.kan_dora_immediate: bool = ruleset.dora.kan_dora_timing == "immediate"
        self.kan_dora_after_pass: bool = ruleset.dora.kan_dora_timing == "after_discard_passes"
        self.kan_ura: bool = ruleset.dora.kan_ura
        self.ura: bool = ruleset.dora.ura
        self.max_indicators: int = ruleset.dora.max_indicators
        self.nuki: frozenset[int] = ruleset.dora_tables.nuki | flower_kinds(ruleset)
        """Kinds a seat may set aside for a replacement: the nuki dora and the flowers (R-TILE-6)."""
        self.set_aside_only: tuple[int, ...] = () if ruleset.dora.nuki_discard else tuple(sorted(self.nuki))
        """Kinds that are set aside after a draw and never discarded (`dora.nuki_discard off`)."""
        self.nuki_breaks_ippatsu: bool = ruleset.dora.nuki_breaks_ippatsu
        self.nuki_rinshan: bool = ruleset.dora.nuki_rinshan
        self.ankan_robbing: bool = ruleset.win.ankan_robbing == "kokushi"
        self.next_dealer: NextDealer = DEALERS[ruleset.game.renchan]
        self.deal: Deal = DEALS[ruleset.game.deal]
        self.play_on: bool = ruleset.game.after_win == "play_on_best_paid"
        self.chosen_indicators: bool = ruleset.dora.chosen_indicators
        self.furiten_indicators: bool = ruleset.riichi.furiten_indicators
        game = ruleset.game
        self.fixed_winds: bool = game.seating == "wind_tiles" and game.deal == "seat_wind_plus_12_pass_3"
        """鳴き立直: the wind tile drawn at seating is dealt back every hand, so seat i's wind is 27 + i all game."""
        self.riichi_locked: bool = ruleset.riichi.locked
        self.declaration_required: bool = ruleset.riichi.declaration_required
        self.seat_wind_deal: bool = ruleset.game.deal == "seat_wind_plus_12_pass_3"
        """The wall lays each seat's wind tile into its hand (`SeededWall`)."""
