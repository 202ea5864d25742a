"""Whether the engine can play a Ruleset: asked by the engine before a game (`engine.rules.check_playable`,
so `simulate`, `replay` and `stats` refuse), by `check` (a warning with its place) and by the sheet's
appendix for rule authors, so no one learns it first from `simulate`.

Which values the engine plays is the catalog's word (`Setting.played`, for each setting whose questions
reach the engine); the rest are combinations of settings the table cannot lay out (the dead wall and
the indicators). Each refusal names the settings it is about, the first one the variant
wrote being where `check` points.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from variantlang.catalog import BY_PATH, SETTINGS
from variantlang.diagnostics import Diagnostic, Span
from variantlang.model.ruleset import Ruleset
from variantlang.rules.dora import MOST_KANS, STACK, rinshan_tiles

UNPLAYED_VALUE = "W0501"
"""`check`'s code for a value the engine cannot play yet (the catalog's `Setting.played`)."""
UNPLAYED_COMBINATION = "W0502"
"""`check`'s code for settings the engine cannot play together (the dead wall, the indicators, copies)."""


@dataclass(frozen=True, slots=True)
class Unplayable:
    """One reason the engine refuses a Ruleset."""

    code: str
    message: str
    paths: tuple[str, ...]
    """The settings it is about, in the order `where` looks for the one the variant wrote."""

    def where(self, ruleset: Ruleset) -> Span | None:
        """Where the variant set the first of `paths` it set itself, else a file it extends; None if none
        was written (every one is the default)."""
        spans = [ruleset.provenance[p] for p in self.paths if p in ruleset.provenance]
        own = next(iter(ruleset.sources), None)
        return next((span for span in spans if span.file == own), spans[0] if spans else None)

    def line(self, ruleset: Ruleset) -> str:
        """The refusal as one line, with the place: `simulate`'s words."""
        span = self.where(ruleset)
        where = f" ({span.file}:{span.line})" if span else ""
        value = ": the engine cannot play this value yet" if self.code == UNPLAYED_VALUE else ""
        return f"{self.message}{where}{value}"


def _written(path: str, value: Any) -> str:
    """A value as a rule file writes it (`5z`, `on`), by the catalog's formatter; repr if none."""
    setting = BY_PATH.get(path)
    if setting is None:
        return repr(value)
    try:
        return setting.format(value)
    except (TypeError, ValueError, AttributeError):
        return repr(value)


def unplayable(ruleset: Ruleset) -> list[Unplayable]:
    """Every reason the engine cannot play `ruleset` (empty: it plays)."""
    out = [
        Unplayable(UNPLAYED_VALUE, f"{s.path} = {_written(s.path, ruleset.value(s))}", (s.path,))
        for s in SETTINGS
        if not s.engine_plays(ruleset.value(s))
    ]
    # A kind has at most four copies, marked ones among them (the compiler's E0106), as tile ids need.
    return out + _indicators(ruleset) + _fixed_dead_wall(ruleset)


def unsupported(ruleset: Ruleset) -> list[str]:
    """One line per reason the engine cannot play `ruleset`, with where the variant set it (empty: it plays)."""
    return [problem.line(ruleset) for problem in unplayable(ruleset)]


def warnings(ruleset: Ruleset) -> list[Diagnostic]:
    """Each reason as a diagnostic (W0501, W0502) where the variant set it (else its first line): what
    `check` prints and the language server shows, from one answer."""
    fallback = Span(next(iter(ruleset.sources), "<variant>"), 1, 1, 1, 1)
    return [
        Diagnostic(
            p.code,
            f"{p.message}: the engine cannot play this yet, so `simulate` refuses the variant",
            p.where(ruleset) or fallback,
            help="the sheet still prints; `docs/language.md` (What the engine plays) lists what is played",
        )
        for p in unplayable(ruleset)
    ]


def _combination(message: str, *paths: str) -> Unplayable:
    return Unplayable(UNPLAYED_COMBINATION, message, paths)


def _indicators(ruleset: Ruleset) -> list[Unplayable]:
    """Indicators the players place (`dora.chosen_indicators`) have no tile under them and show at once;
    turned ones need room in the dead wall, and spare tiles there for nuki at haitei."""
    dead = ruleset.tiles.dead_wall
    dora = ruleset.dora
    out = []
    if dora.chosen_indicators:
        if dora.ura or dora.kan_ura:
            out.append(
                _combination(
                    "dora.ura with dora.chosen_indicators: a placed indicator has no tile under it",
                    "dora.ura",
                    "dora.kan_ura",
                    "dora.chosen_indicators",
                )
            )
        if dora.kan_dora and dora.kan_dora_timing != "immediate":
            out.append(
                _combination(
                    "dora.kan_dora_timing with dora.chosen_indicators: a placed indicator shows at once",
                    "dora.kan_dora_timing",
                    "dora.chosen_indicators",
                )
            )
        if dora.start_indicators != 1:
            out.append(
                _combination(
                    "dora.start_indicators with dora.chosen_indicators: the start player places one",
                    "dora.start_indicators",
                    "dora.chosen_indicators",
                )
            )
    elif dead < 2:
        message = f"tiles.dead_wall = {dead}: no room for the dora indicator and its ura"
        out.append(_combination(message, "tiles.dead_wall"))
    elif dead < 2 * dora.max_indicators and dora.kan_dora:
        out.append(
            _combination(
                f"tiles.dead_wall = {dead}: too small for {dora.max_indicators} indicators and ura",
                "tiles.dead_wall",
                "dora.max_indicators",
            )
        )
    spare = dead if dora.chosen_indicators else dead - 2 * dora.max_indicators
    if dora.nuki_at_haitei and ruleset.dora_tables.nuki and spare < 4:
        out.append(
            _combination(
                f"tiles.dead_wall = {dead}: no spare tiles for nuki at haitei (dora.nuki_at_haitei)",
                "dora.nuki_at_haitei",
                "tiles.dead_wall",
            )
        )
    return out


def _fixed_dead_wall(ruleset: Ruleset) -> list[Unplayable]:
    """What a fixed dead wall (`tiles.dead_wall_fixed`) needs: room for every replacement before the dora
    indicator (four kans and every nuki tile), and kan dora turned at once (a later one would be turned
    from a live wall the table no longer knows)."""
    if not ruleset.tiles.dead_wall_fixed:
        return []
    out = []
    replacements = MOST_KANS + 4 * len(ruleset.dora_tables.nuki)
    stack = ruleset.game.indicator_stack
    if rinshan_tiles(ruleset) < replacements:
        out.append(
            _combination(
                f"tiles.dead_wall_fixed with game.indicator_stack {stack}: {rinshan_tiles(ruleset)} replacement "
                f"tiles before the indicator, where {replacements} may be needed",
                "game.indicator_stack",
                "tiles.dead_wall_fixed",
            )
        )
    if ruleset.tiles.dead_wall % STACK or STACK * stack > ruleset.tiles.dead_wall:
        out.append(
            _combination(
                "tiles.dead_wall_fixed needs whole stacks in the dead wall, the dora indicator's among them",
                "tiles.dead_wall",
                "tiles.dead_wall_fixed",
            )
        )
    if ruleset.dora.kan_dora and ruleset.dora.kan_dora_timing != "immediate":
        out.append(
            _combination(
                "tiles.dead_wall_fixed with dora.kan_dora_timing other than immediate",
                "dora.kan_dora_timing",
                "tiles.dead_wall_fixed",
            )
        )
    return out
