"""`variantlang replay`: play real game logs through the engine and compare every hand with the log."""

from __future__ import annotations

import json
import sys
from decimal import Decimal
from pathlib import Path

import click

from variantlang.cli.common import EXIT_PROBLEMS, ruleset_option_value
from variantlang.engine.events import EndGame, Event
from variantlang.engine.rules import UnplayableError
from variantlang.model.ruleset import Ruleset
from variantlang.records import mjai, tenhou6
from variantlang.records.files import log_files
from variantlang.records.replay import GameResult, RescoreError, replay
from variantlang.records.tenhou_xml import Record, RecordError, read_file
from variantlang.records.variants import derived_variant, engine_rules, variant_for
from variantlang.rules.standing import points_json, points_text


def _as_json(result: GameResult) -> dict[str, object]:
    return {
        "game": result.name,
        "hands": len(result.hands),
        "matched": result.matched,
        "ok": result.ok,
        "problems": result.problems,
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
) -> GameResult:
    record, derived = _read(path, chosen)
    ruleset = chosen or derived
    for candidate in (ruleset, other):
        if candidate is not None and candidate.game.players != record.rules.players:
            raise RecordError(
                f"{path}: a {record.rules.players}-player log, {candidate.name} has {candidate.game.players}"
            )
    rules = engine_rules(ruleset)
    events: list[Event] = []
    listener = events.append if out or out_json else None
    result = replay(rules, record, engine_rules(other) if other else None, listener)
    if out_json is not None:
        out_json.mkdir(parents=True, exist_ok=True)
        flags = record.rules
        game = tenhou6.write(events, players=flags.players, red=flags.red, east=not flags.hanchan)
        (out_json / f"{path.stem}.json").write_text(json.dumps(game, ensure_ascii=False), encoding="utf-8")
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        lines = mjai.write(events, rules.tiles)
        (out / f"{path.stem}.mjson").write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return result


def _read(path: Path, chosen: Ruleset | None) -> tuple[Record, Ruleset]:
    """A log in whichever format it is (mjai JSON lines: `.mjson`, or JSON whose first line is an mjai
    event; tenhou.net/6 JSON; Tenhou mjlog XML) and the variant to replay it under: `chosen`, or the one
    derived from the log. mjai names tiles, so its tile ids come from that variant's tile set."""
    if path.suffix not in (".json", ".jsonl", ".mjson"):
        record = read_file(path)
        return record, chosen or derived_variant(record)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError(f"{path}: cannot read: {error}") from None
    if path.suffix != ".mjson" and not mjai.is_mjai(text):
        record = tenhou6.read_text(text, str(path))
        return record, chosen or derived_variant(record)
    parsed = mjai.parse(text.splitlines(), str(path))
    ruleset = chosen or variant_for(mjai.flags(parsed, str(path)), mjai.first_scores(parsed), tenhou=False)
    return mjai.to_record(parsed, engine_rules(ruleset).tiles, str(path)), ruleset


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
        if other is not None:
            _print_rescored(result, rescore or other.name)
    if not as_json:
        click.echo(f"{games} games, {hands} hands replayed, {matched} hands matched, {failed} games not matched")
    sys.exit(EXIT_PROBLEMS if failed else 0)
