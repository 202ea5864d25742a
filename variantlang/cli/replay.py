"""`variantlang replay`: play real game logs through the engine and compare every hand with the log."""

from __future__ import annotations

import json
import sys
from decimal import Decimal
from pathlib import Path

import click

from variantlang.cli.common import EXIT_PROBLEMS, fail, ruleset_option_value, say
from variantlang.diagnostics import safe_name
from variantlang.engine.events import EndGame, Event
from variantlang.engine.rules import UnplayableError
from variantlang.files import OutputProblem, distinct_names, make_folder, refuse_overwriting, write_atomic
from variantlang.model.ruleset import Ruleset
from variantlang.records.files import log_files
from variantlang.records.logs import game_logs, read_log
from variantlang.records.replay import GameResult, RescoreError, replay
from variantlang.records.tenhou_xml import RecordError
from variantlang.records.variants import engine_rules
from variantlang.rules.standing import points_json, points_text
from variantlang.scoring.scorer import RuleBoundsError


def _as_json(result: GameResult) -> dict[str, object]:
    return {
        "game": safe_name(result.name),
        "hands": len(result.hands),
        "matched": result.matched,
        "ok": result.ok,
        "problems": result.problems,
        "notes": result.notes,
        "rounds": [{"round": h.round, "results": h.summary, "problems": h.problems} for h in result.hands],
        "final": _end_json(result.final),
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
        "final_rescored": _end_json(result.final_rescored),
    }


def _end_json(end: EndGame | None) -> dict[str, object] | None:
    if end is None:
        return None
    out: dict[str, object] = {"scores": end.scores, "points": [points_json(p) for p in end.points]}
    return out | ({"chips": end.chips} if end.chips else {})


def _replay(
    path: Path, chosen: Ruleset | None, other: Ruleset | None, out: Path | None, out_json: Path | None
) -> tuple[GameResult, dict[Path, str]]:
    """The game's result, and the logs to write of it (mjai in `out`, tenhou.net/6 in `out_json`)."""
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
    written: dict[Path, str] = {}
    if out_json is not None or out is not None:
        lines, viewer = game_logs(events, rules)
        if out is not None:
            written[_output(out, path, MJAI)] = lines
        if out_json is not None:
            written[_output(out_json, path, TENHOU6)] = viewer
    return result, written


MJAI = "{}.mjson"
TENHOU6 = "{}.json"


def _output(folder: Path, log: Path, name: str) -> Path:
    return folder / name.format(log.stem)


def _plan_outputs(files: list[Path], folders: dict[str, Path | None]) -> None:
    """Refuse, before replaying anything, outputs that cannot be written or would be lost: a folder that
    cannot be made, two logs of one name (both would become one file), an output that is an input."""
    wanted = {name: folder for name, folder in folders.items() if folder is not None}
    for name, folder in wanted.items():
        distinct_names(files, name)
        refuse_overwriting([_output(folder, log, name) for log in files], files)
    for folder in wanted.values():
        make_folder(folder)


def _write(outputs: dict[Path, str], result: GameResult) -> None:
    """A matched game's logs, each whole; a game that does not match is not written (its log would stop
    where the engine and the log part)."""
    if not outputs:
        return
    if not result.ok:
        say(f"not written: {', '.join(map(str, outputs))} ({result.name} does not match its log)")
        return
    for path, text in outputs.items():
        write_atomic(path, text)


def _points(values: tuple[Decimal, ...]) -> str:
    return "[" + ", ".join(points_text(v) for v in values) + "]"


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
    help="Also settle the game again under this variant: every win, draw and riichi stick, and its end of the "
    "game (it must use the log's tiles).",
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
    try:
        _plan_outputs(files, {MJAI: mjai_out, TENHOU6: tenhou6_out})
    except (OutputProblem, ValueError) as error:
        fail(str(error))
    games = hands = matched = failed = 0
    for path in files:
        try:
            result, outputs = _replay(path, chosen, other, mjai_out, tenhou6_out)
            _write(outputs, result)
        except (RecordError, UnplayableError, RescoreError, RuleBoundsError) as error:
            say(f"error: {error}" if str(path) in str(error) else f"error: {path}: {error}")
            failed += 1
            continue
        except OutputProblem as error:
            fail(str(error))
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
        name = safe_name(result.name)
        click.echo(f"{name}: {len(result.hands)} hands, {result.matched} matched [{status}]")
        for hand in result.hands:
            if not quiet:
                for line in hand.summary:
                    click.echo(f"  {hand.round:6} {line}")
            for problem in hand.problems:
                click.echo(f"  mismatch {name} {hand.round}: {problem}")
        for problem in result.problems:
            click.echo(f"  mismatch {name}: {problem}")
        for note in result.notes:
            click.echo(f"  note: {note}")
        if other is not None:
            _print_rescored(result, rescore or other.name)
    if not as_json:
        click.echo(f"{games} games, {hands} hands replayed, {matched} hands matched, {failed} games not matched")
    sys.exit(EXIT_PROBLEMS if failed else 0)
