"""What a run or a set of logs leaves in its folder: `summary.json` (figures only, deterministic) and
`report.html`; and the records of real games, read through the same statistics listener.

Real logs go through the engine (`records.replay`, every action checked) with `GameCollector` as its
listener; mjai logs already carry each result, so their events go to the collector directly. Either way
the figures come from the same code as a simulation's.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from variantlang.engine.rules import EngineRules
from variantlang.files import OutputProblem, write_set
from variantlang.model.ruleset import Ruleset
from variantlang.records.logs import read_log
from variantlang.records.replay import replay
from variantlang.records.tenhou_xml import RecordError
from variantlang.records.variants import engine_rules
from variantlang.reports.balance import Labels, Real, render, yaku_names
from variantlang.reports.balance.text import WORDS
from variantlang.simulation.run import Played, RunSpec
from variantlang.stats.figures import Edge, Summary, differences, duplicate_edge, has_limits, plays_on, summarize
from variantlang.stats.games import GameCollector, GameRecord

TRUTH_ENV = "VARIANTLANG_TRUTH"


@dataclass(frozen=True, slots=True)
class Results:
    """A run's figures: the summary, and the challenger's edge in duplicate play."""

    summary: Summary
    edge: Edge | None


@dataclass(frozen=True, slots=True)
class RealGames:
    """Real games to set beside a run: their records, the folder they were read from, and their names."""

    games: tuple[GameRecord, ...]
    source: str
    names: tuple[str, ...]


def results(spec: RunSpec, ruleset: Ruleset, played: Sequence[Played]) -> Results:
    games = [game for _, _, game in played]
    summary = summarize(games, limits=has_limits(ruleset), play_on=plays_on(ruleset))
    edge = None
    if spec.duplicate:
        players = summary.players
        edge = duplicate_edge(games, [index % players for index, _, _ in played], players)
    return Results(summary, edge)


def real_beside(played: Sequence[Played], real: RealGames, *, limits: bool) -> Real:
    """The real games' figures, and each figure of the run minus theirs (independent samples, both
    clustered by game)."""
    games = [game for _, _, game in played]
    return Real(
        summarize(real.games, limits=limits), differences(games, real.games, paired=False), real.source, real.names
    )


def document(run: dict[str, Any], figures: Results, real: Real | None = None) -> dict[str, Any]:
    """The content of `summary.json`: what was run, and its figures (no timings, no paths)."""
    out: dict[str, Any] = {"run": run, "figures": figures.summary.as_json()}
    edge = figures.edge
    if edge is not None:
        out["duplicate"] = {
            "challenger": run["bots"][0],
            "others": run["bots"][1],
            "sets": edge.sets,
            "mean_placement": edge.placement.as_json(),
            "even": edge.even,
            "mean_points": edge.points.as_json(),
        }
    if real is not None:
        out["real"] = {
            "games": real.summary.games,
            "figures": real.summary.as_json(),
            "simulated_minus_real": {name: d.as_json() for name, d in real.differences.items()},
        }
    return out


OUTPUTS = ("summary.json", "report.html")


def write(out: Path, doc: dict[str, Any], html: str) -> list[Path]:
    """`summary.json` and `report.html` in `out`, the pair written all or nothing (OutputProblem says
    why not). The figures are finite numbers: a NaN would be written as `NaN`, which is not JSON."""
    try:
        summary = json.dumps(doc, indent=2, ensure_ascii=False, sort_keys=True, allow_nan=False) + "\n"
    except ValueError:
        raise OutputProblem(out / OUTPUTS[0], "a figure is not a finite number (a log gave NaN or infinity)") from None
    return write_set(out, dict(zip(OUTPUTS, (summary, html), strict=True)))


def run_report(spec: RunSpec, ruleset: Ruleset, figures: Results, real: Real | None, lang: str = "en") -> str:
    labels = Labels(
        WORDS[lang]["report"],
        spec.variant_name,
        spec.content_hash,
        spec.version,
        spec.games,
        spec.seed,
        _bots_text(spec),
        "self-play, duplicate format" if spec.duplicate else "self-play",
    )
    challenger = spec.bots[0] if spec.duplicate else ""
    return render(
        figures.summary,
        labels,
        real=real,
        edge=figures.edge,
        challenger=challenger,
        yaku_names=yaku_names(ruleset, lang=lang),
        lang=lang,
    )


def _bots_text(spec: RunSpec) -> str:
    if spec.duplicate:
        return f"{spec.bots[0]} (challenger, in each seat in turn) against {spec.bots[1]}"
    return ", ".join(spec.bots)


def is_tenhou(variant_name: str, players: int) -> bool:
    """Whether real Tenhou four-player games are the peer of this variant (`standard`)."""
    return variant_name == "standard" and players == 4


def truth_folder(given: Path | None) -> Path | None:
    """The real four-player logs to show beside a `standard` run: `given`, else $VARIANTLANG_TRUTH, else
    `../shared/truth` from the working directory; its `logs/mjlog_xml/4p` when that exists."""
    candidates = [given] if given is not None else [Path(os.environ.get(TRUTH_ENV, "../shared/truth"))]
    for folder in candidates:
        logs = folder / "logs" / "mjlog_xml" / "4p"
        if logs.is_dir():
            return logs
    return None


def real_game(path: Path, variant: EngineRules | None = None) -> tuple[GameRecord, Ruleset]:
    """One logged game's record and the variant it was read under (derived from the log's
    rule flags unless `variant`): RecordError for a log that cannot be read. Every logged action must be
    one the engine offers; the figures are those of the log's events as the engine settles them (the
    few games whose final points Tenhou counted by rules no setting states still count)."""
    record, ruleset = read_log(path, variant.ruleset if variant is not None else None)
    rules = engine_rules(ruleset)
    # a log that carries no limit (mjai's `hora`) has it derived from han and fu under the variant's rules
    collector = GameCollector(rules.ruleset.riichi.stick, rules.ruleset.limit_rules)
    replay(rules, record, None, collector)
    try:
        return collector.game(), rules.ruleset
    except ValueError:
        raise RecordError(f"{path}: the log ends before its game does") from None
