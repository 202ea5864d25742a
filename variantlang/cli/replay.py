"""`variantlang replay`: play real game logs through the engine and compare every hand with the log."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from variantlang.cli.common import ruleset_option_value
from variantlang.engine.rules import UnplayableError
from variantlang.model.ruleset import Ruleset
from variantlang.records.replay import GameResult, replay
from variantlang.records.tenhou_xml import RecordError, read_file
from variantlang.records.variants import derived_variant, engine_rules

LOG_SUFFIXES = (".xml", ".mjlog")


def _logs(paths: tuple[Path, ...]) -> list[Path]:
    """The log files named, folders searched for Tenhou mjlog XML."""
    out: list[Path] = []
    for path in paths:
        if path.is_dir():
            out += sorted(p for p in path.rglob("*") if p.suffix in LOG_SUFFIXES)
        else:
            out.append(path)
    return out


def _as_json(result: GameResult) -> dict[str, object]:
    return {
        "game": result.name,
        "hands": len(result.hands),
        "matched": result.matched,
        "ok": result.ok,
        "problems": result.problems,
        "rounds": [{"round": h.round, "results": h.summary, "problems": h.problems} for h in result.hands],
    }


def _replay(path: Path, chosen: Ruleset | None) -> GameResult:
    record = read_file(path)
    ruleset = chosen or derived_variant(record)
    if ruleset.game.players != record.rules.players:
        raise RecordError(f"{path}: a {record.rules.players}-player log, {ruleset.name} has {ruleset.game.players}")
    return replay(engine_rules(ruleset), record)


@click.command("replay")
@click.argument("logs", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path), metavar="LOG...")
@click.option(
    "--variant",
    metavar="NAME|FILE",
    help="Replay under this variant (default: derived from each log's rule flags).",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per game.")
@click.option("--quiet", "-q", is_flag=True, help="Print only games with a mismatch, and the totals.")
def command(logs: tuple[Path, ...], variant: str | None, as_json: bool, quiet: bool) -> None:
    """Replay Tenhou mjlog XML games through the engine: every action must be one the engine offers, and
    every hand's result, score change, draw and the final standings must match the log."""
    chosen = ruleset_option_value(variant) if variant else None
    files = _logs(logs)
    games = hands = matched = failed = 0
    for path in files:
        try:
            result = _replay(path, chosen)
        except (RecordError, UnplayableError) as error:
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
        if quiet and result.ok:
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
    if not as_json:
        click.echo(
            f"{games} games, {hands} hands replayed, {matched} hands matched, {failed} games not matched"
        )
    sys.exit(1 if failed else 0)
