"""The variant a log was played under: the one its file names (our writers' identity), or one derived from
its metadata, as data: settings on a shipped Ruleset.

Four players → `standard`, three → `standard-sanma` (Tenhou's own rooms). The log's rule flags change
`tiles.red`, `calls.kuitan` and `game.length`; a game that started from other scores (a special lobby)
`game.start_points`. Tenhou's rules changed over the years and differ in special lobbies; what the logs
show of that is in `TENHOU_BEFORE_2010`, `TENHOU_BEFORE_2021` and `TENHOU_LOBBIES`, settings like any other.
"""

from __future__ import annotations

import dataclasses
import hashlib
import weakref
from collections.abc import Mapping
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Any

from variantlang.api import load, loads
from variantlang.diagnostics import DiagnosticError
from variantlang.engine.rules import EngineRules
from variantlang.hand.tiles import Mark, TileSet
from variantlang.model.ruleset import Ruleset
from variantlang.records.fields import MAX_SCORE, FieldError
from variantlang.records.tenhou_xml import Record, RecordError, Rules

TENHOU_BEFORE_2010: dict[str, dict[str, Any]] = {
    "all": {"game.tenpai_yame": False},
    "east": {"game.uma": (10, 5, -5, -10)},
}
"""Tenhou's rooms until 2009 (data, FORMAT.md §5.5): a dealer in the last hand who is top and tenpai plays
on (a 2009 game goes on after such a draw), and East-only games pay uma 10-5 (two 2009 East games' final
points fit 10-5 with the return of 30000, not 20-10)."""
TENHOU_BEFORE_2021: dict[str, Any] = {"game.points_rounding": "shisha_gonyuu"}
"""Tenhou's rooms until 2020: every final score but the top's is rounded to 1000 (500 away from zero)
before points are counted, the top taking the rest (riichi.wiki's translation of Tenhou's rules: "points
are rounded to the closest thousand, 4 down, 5 up"). This fits the final points of all 63 games of 2009
to 2020 in ../shared/truth (four- and three-player, busted scores included) and of the 6 whose name has no
date (their points are whole, from scores that are not all multiples of 1000: `undated_rounding`); no
rounding of (score − return) / 1000 itself fits them all. The 112 games from 2022 on keep tenths of a
point; the shared data have no 2021 game, which is read as today's (a three-player game of 2 January 2021
outside them, 2021010217gm-00b9-0000-3eb2e915, still has whole points: −8, +42, −34 from 31900, 47200,
25900)."""
TENHOU_LOBBIES: dict[int, dict[str, Any]] = {
    10011: {"game.return_points": 30000, "game.uma": (50, 20, 0, -70), "game.points_rounding": "none"},
}
"""Special lobbies by number (`GO lobby`): 10011 starts from 30000 and returns 30000 (no oka) with uma
+50/+20/0/−70, and keeps tenths of a point in 2019 (its final points fit exactly)."""

_DERIVED: weakref.WeakKeyDictionary[Ruleset, tuple[Ruleset, tuple[tuple[str, Any], ...]]] = weakref.WeakKeyDictionary()
"""Each derived Ruleset's base and settings (its identity, when it is written to a log again)."""


def log_settings(
    flags: Rules,
    start: tuple[int, ...],
    base: Ruleset,
    *,
    log_id: str = "",
    lobby: int = 0,
    points: tuple[Decimal, ...] = (),
) -> dict[str, Any]:
    """The settings a log's metadata changes on its base variant: rule flags, start scores, Tenhou's rules
    of the log's year (of an undated log, its final `points`: `undated_rounding`) and lobby."""
    out: dict[str, Any] = {}
    if not flags.red:
        out["tiles.red"] = ()
    if not flags.kuitan:
        out["calls.kuitan"] = False
    if not flags.hanchan:
        out |= {"game.length": "east", "game.extension": "south"}
    if len(set(start)) == 1 and start[0] != base.game.start_points:
        if not 0 < start[0] <= MAX_SCORE:
            raise FieldError("start scores", f"{start[0]} is not a score a game starts from (1 to {MAX_SCORE})")
        out["game.start_points"] = start[0]
    year = tenhou_year(log_id)
    if year is not None and year < 2010:
        out |= TENHOU_BEFORE_2010["all"] | ({} if flags.hanchan else TENHOU_BEFORE_2010["east"])
    if year is not None and year < 2021:
        out |= TENHOU_BEFORE_2021
    if year is None:
        out |= undated_rounding(points)
    return out | TENHOU_LOBBIES.get(lobby, {})


def undated_rounding(points: tuple[Decimal, ...]) -> dict[str, Any]:
    """Tenhou's rounding of final scores for a log without a date, from its final points: whole points
    throughout are the rounding of the years until 2020 (`TENHOU_BEFORE_2021`); a tenth anywhere is
    today's, none. Where every final score is a multiple of 1000 the two give the same points."""
    if points and all(p == p.to_integral_value() for p in points):
        return TENHOU_BEFORE_2021
    return {}


def tenhou_year(log_id: str) -> int | None:
    """The year a Tenhou log was played, from its id (`2009031702gm-…`); None for an id without a date."""
    return int(log_id[:4]) if len(log_id) >= 10 and log_id[:10].isdigit() else None


def derived_variant(record: Record, *, tenhou: bool = True, start: tuple[int, ...] | None = None) -> Ruleset:
    """The variant of a log that does not name one: `standard` or `standard-sanma` with the settings its
    metadata gives (`log_settings`). `tenhou`: the log is Tenhou's (an mjai log's id and lobby are not)."""
    base = _load("standard" if record.rules.players == 4 else "standard-sanma")
    if start is None:
        start = record.rounds[0].start.scores if record.rounds else ()
    tenhou_end = record.end if tenhou else None
    settings = log_settings(
        record.rules,
        start,
        base,
        log_id=record.log_id if tenhou else "",
        lobby=record.lobby if tenhou else 0,
        points=tenhou_end.points if tenhou_end is not None else (),
    )
    return with_settings(base, tuple(sorted(settings.items())))


@lru_cache(maxsize=64)
def with_settings(base: Ruleset, settings: tuple[tuple[str, Any], ...]) -> Ruleset:
    """`base` with these settings changed (`section.key`, value): the same Ruleset otherwise. The tile set
    is rebuilt when the marks change."""
    if not settings:
        return base
    sections: dict[str, dict[str, Any]] = {}
    for path, value in settings:
        section, _, key = path.partition(".")
        record = getattr(base, section, None)
        if record is None or key not in {f.name for f in dataclasses.fields(record)}:
            raise ValueError(f"no setting {path}")
        sections.setdefault(section, {})[key] = value
    changed = {name: dataclasses.replace(getattr(base, name), **keys) for name, keys in sections.items()}
    if "tiles" in changed:
        tiles = changed["tiles"]
        marked = [t for t, n in base.tile_set.marked if t.mark is not Mark.RED for _ in range(n)]
        marked += [t for t in tiles.red]
        removed = [k for k in range(len(base.tile_set.copies)) if not base.tile_set.copies[k]]
        changed["tile_set"] = TileSet.build(remove=removed, marked=marked, flowers=base.tile_set.flowers)
    digest = hashlib.sha256(f"{base.source_hash}{settings!r}".encode()).hexdigest()[:16]
    words = ", ".join(f"{path} {value}" for path, value in settings)
    derived = dataclasses.replace(base, name=f"{base.name} ({words})", source_hash=digest, **changed)
    _DERIVED[derived] = (base, settings)
    return derived


def identity(ruleset: Ruleset) -> dict[str, Any]:
    """What a log writes of the variant it was played under: its name, content hash and rule text (and,
    for a variant derived from a log, the settings on that text), so `replay` and `stats` read the log
    under the same rules without `--variant`."""
    base, settings = _DERIVED.get(ruleset, (ruleset, ()))
    path = next((p for p in base.sources if Path(p).stem == base.chain[0]), "")
    out: dict[str, Any] = {"name": base.chain[0], "content_hash": base.source_hash, "text": base.sources.get(path, "")}
    if settings:
        out["settings"] = [[p, list(v) if isinstance(v, tuple) else v] for p, v in settings]
    return out


def from_identity(data: Any, name: str) -> Ruleset:
    """The variant a log names: its rule text compiled (a relative `extends` is read beside the log), with
    the settings it lists; RecordError when the text does not compile to the content hash written."""
    if not isinstance(data, Mapping) or not all(isinstance(data.get(k), str) for k in ("name", "content_hash", "text")):
        raise RecordError(f"{name}: field variant: not a name, content_hash and text")
    try:
        base = _compiled(data["text"], f"{data['name'][:64]}.variant", str(Path(name).parent))
    except DiagnosticError as error:
        raise RecordError(f"{name}: field variant: its rule text does not compile ({error})") from None
    if base.source_hash != data["content_hash"]:
        raise RecordError(
            f"{name}: field variant: {data['name'][:64]} compiles to content hash {base.source_hash}, the log says"
            f" {data['content_hash'][:64]} (a variant it extends has changed): give --variant"
        )
    settings = data.get("settings", [])
    if not isinstance(settings, list) or not all(isinstance(s, list) and len(s) == 2 for s in settings):
        raise RecordError(f"{name}: field variant.settings: not a list of [setting, value]")
    try:
        return with_settings(base, tuple((str(p), tuple(v) if isinstance(v, list) else v) for p, v in settings))
    except (ValueError, TypeError) as error:
        raise RecordError(f"{name}: field variant.settings: {error}") from None


@lru_cache(maxsize=16)
def _compiled(text: str, name: str, folder: str) -> Ruleset:
    return loads(text, name=name, roots=[Path(folder)])


@lru_cache(maxsize=16)
def engine_rules(ruleset: Ruleset) -> EngineRules:
    """One `EngineRules` (and so one warm Scorer) per Ruleset, for replaying many logs."""
    return EngineRules(ruleset)


@lru_cache(maxsize=4)
def _load(name: str) -> Ruleset:
    return load(name)
