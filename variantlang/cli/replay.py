"""`variantlang replay`: play real game logs through the engine and compare every hand with the log."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from variantlang.cli.common import EXIT_PROBLEMS, ruleset_option_value
from variantlang.engine.events import Event
from variantlang.engine.rules import UnplayableError
from variantlang.model.ruleset import Ruleset
from variantlang.records.files import log_files
from variantlang.records.logs import game_logs, read_log
from variantlang.records.replay import GameResult, RescoreError, replay
from variantlang.records.tenhou_xml import RecordError
from variantlang.records.variants import engine_rules


def _as_json(result: GameResult) -> dict[str, object]:
    return {
        "game": result.name,
        "hands": len(result.hands),
        "matched": result.matched,
        "ok": result.ok,
        "problems": result.problems,
        "notes": result.notes,
        "rounds": [{"round": h.round, "results": h.summary, "problems": h.problems} for h in result.hands],
        "final": None if result.final is None else {"scores": result.final.scores, "points": result.final.points},
        "rescored": [
            {
                "round": r.round,
                "seat": r.played.actor,
                "played": {"points": r.played.points, "deltas": r.played.deltas},
                "rescored": None
                if r.rescored is None
                else {"points": r.rescored.points, "deltas": r.rescored.deltas, "yaku": r.rescored.yaku},
            }
            for r in result.rescored
        ],
        "final_rescored": None
        if result.final_rescored is None
        else {"scores": result.final_rescored.scores, "points": result.final_rescored.points},
    }


def _replay(
    path: Path, chosen: Ruleset | None, other: Ruleset | None, out: Path | None, out_json: Path | None
) -> GameResult:
    record, ruleset = read_log(path, chosen)
    for candidate in (ruleset, other):
        if candidate is not None and candidate.game.players != record.rules.players:
            raise RecordError(
                f"{path}: a {record.rules.players}-player log, {candidate.name} has {candidate.game.players}"
            )
    rules = engine_rules(ruleset)
    events: list[Event] = []
    listener = events.append if out or out_json else None
    result = replay(rules, record, engine_rules(other) if other else None, listener)
    if out_json is not None or out is not None:
        lines, viewer = game_logs(events, rules)
        for folder, suffix, text in ((out, ".mjson", lines), (out_json, ".json", viewer)):
            if folder is not None:
                folder.mkdir(parents=True, exist_ok=True)
                (folder / f"{path.stem}{suffix}").write_text(text, encoding="utf-8")
    return result


def _points(values: tuple[float, ...]) -> str:
    return "[" + ", ".join(f"{v:+.1f}" for v in values) + "]"


def _print_rescored(result: GameResult, name: str) -> None:
    click.echo(f"  rescored under {name} (same tiles and actions; under {name} play would have differed):")
    for r in result.rescored:
        new = "no win (no yaku)" if r.rescored is None else f"{r.rescored.points} {list(r.rescored.deltas)}"
        click.echo(f"    {r.round:6} seat {r.played.actor}: {r.played.points} {list(r.played.deltas)} -> {new}")
    if result.final is not None and result.final_rescored is not None:
        click.echo(f"    final scores {list(result.final.scores)} -> {list(result.final_rescored.scores)}")
        click.echo(f"    final points {_points(result.final.points)} -> {_points(result.final_rescored.points)}")


@click.command("replay")
@click.argument("logs", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path), metavar="LOG...")
@click.option(
    "--variant",
    metavar="NAME|FILE",
    help="Replay under this variant (default: derived from each log's rule flags).",
)
@click.option(
    "--rescore",
    metavar="NAME|FILE",
    help="Also pay every win again under this variant's scoring (it must use the log's tiles).",
)
@click.option(
    "--mjai",
    "mjai_out",
    type=click.Path(file_okay=False, path_type=Path),
    metavar="FOLDER",
    help="Also write each replayed game as mjai JSON lines (FOLDER/<log>.mjson).",
)
@click.option(
    "--tenhou6",
    "tenhou6_out",
    type=click.Path(file_okay=False, path_type=Path),
    metavar="FOLDER",
    help="Also write each replayed game as tenhou.net/6 JSON (FOLDER/<log>.json, opens in Tenhou's viewer).",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per game.")
@click.option("--quiet", "-q", is_flag=True, help="Print only games with a mismatch, and the totals.")
def command(
    logs: tuple[Path, ...],
    variant: str | None,
    rescore: str | None,
    mjai_out: Path | None,
    tenhou6_out: Path | None,
    as_json: bool,
    quiet: bool,
) -> None:
    """Replay games (Tenhou mjlog XML, tenhou.net/6 JSON, mjai JSON lines) through the engine: every action
    must be one the engine offers, and every hand's result, score change, draw and the final standings must
    match the log."""
    chosen = ruleset_option_value(variant) if variant else None
    other = ruleset_option_value(rescore) if rescore else None
    files = log_files(logs)
    games = hands = matched = failed = 0
    for path in files:
        try:
            result = _replay(path, chosen, other, mjai_out, tenhou6_out)
        except (RecordError, UnplayableError, RescoreError) as error:
            click.echo(f"error: {error}", err=True)
            failed += 1
            continue
        games += 1
        hands += len(result.hands)
        matched += result.matched
        failed += not result.ok
        if as_json:
            click.echo(json.dumps(_as_json(result), ensure_ascii=False))
            continue
        if quiet and result.ok and other is None:
            continue
        status = "ok" if result.ok else "MISMATCH"
        click.echo(f"{result.name}: {len(result.hands)} hands, {result.matched} matched [{status}]")
        for hand in result.hands:
            if not quiet:
                for line in hand.summary:
                    click.echo(f"  {hand.round:6} {line}")
            for problem in hand.problems:
                click.echo(f"  mismatch {result.name} {hand.round}: {problem}")
        for problem in result.problems:
            click.echo(f"  mismatch {result.name}: {problem}")
        for note in result.notes:
            click.echo(f"  note: {note}")
        if other is not None:
            _print_rescored(result, rescore or other.name)
    if not as_json:
        click.echo(f"{games} games, {hands} hands replayed, {matched} hands matched, {failed} games not matched")
    sys.exit(EXIT_PROBLEMS if failed else 0)
