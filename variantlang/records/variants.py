"""The variant a log was played under, derived from its rule flags (`replay`'s default).

Four players → `standard`, three → `standard-sanma`; a log without red fives, without kuitan, or East-only
gets the same with those settings changed. Three-player logs also get Tenhou's ranking uma (20-0-20,
FORMAT.md §5.5), which is what their final points are counted with; `standard-sanma` ships a club uma.
A game that started from other scores (a special lobby) starts from the log's scores.
"""

from __future__ import annotations

from functools import lru_cache

from variantlang.api import load, loads
from variantlang.engine.rules import EngineRules
from variantlang.model.ruleset import Ruleset
from variantlang.records.tenhou_xml import Record, Rules

TENHOU_SANMA_UMA = "20 0 -20"


def derived_variant(record: Record) -> Ruleset:
    return variant_for(record.rules, record.rounds[0].start.scores)


def variant_for(flags: Rules, start: tuple[int, ...] = (), *, tenhou: bool = True) -> Ruleset:
    """The variant of a log with these rule flags whose first hand starts from `start` (empty: the
    variant's own start points). `tenhou`: the log is Tenhou's, so three players get Tenhou's uma; an
    mjai log says nothing of its uma and keeps the shipped variant's."""
    base = "standard" if flags.players == 4 else "standard-sanma"
    parent = _load(base)
    tiles = [] if flags.red else ["red none"]
    calls = [] if flags.kuitan else ["kuitan off"]
    game = [] if flags.hanchan else ["length east", "extension south"]
    if flags.players == 3 and tenhou:
        game.append(f"uma {TENHOU_SANMA_UMA}")
    if len(set(start)) == 1 and start[0] != parent.game.start_points:
        game.append(f"start_points {start[0]}")
    if not (tiles or calls or game):
        return parent
    return _compiled(base, tuple(tiles), tuple(game), tuple(calls))


@lru_cache(maxsize=16)
def engine_rules(ruleset: Ruleset) -> EngineRules:
    """One `EngineRules` (and so one warm Scorer) per Ruleset, for replaying many logs."""
    return EngineRules(ruleset)


@lru_cache(maxsize=16)
def _compiled(base: str, tiles: tuple[str, ...], game: tuple[str, ...], calls: tuple[str, ...]) -> Ruleset:
    sections = [(name, lines) for name, lines in (("tiles", tiles), ("game", game), ("calls", calls)) if lines]
    body = "\n".join(
        f"  {name} {{\n" + "\n".join(f"    {line}" for line in lines) + "\n  }" for name, lines in sections
    )
    text = f'variant "{base} (Tenhou log)" "{base} as the log was played" {{\n  extends {base}\n{body}\n}}\n'
    return loads(text, name=f"{base}-log.variant")


@lru_cache(maxsize=4)
def _load(name: str) -> Ruleset:
    return load(name)
