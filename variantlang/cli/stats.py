"""`variantlang stats`: the balance figures of real game logs, through the same code as a simulation's."""

from __future__ import annotations

import sys
from collections import Counter
from importlib.metadata import version
from pathlib import Path

import click
from rich.console import Console

from variantlang.cli.common import EXIT_PROBLEMS, fail, ruleset_option_value, say
from variantlang.cli.simulate import lang_option, play_on_table, summary_table
from variantlang.diagnostics import safe_name
from variantlang.engine.rules import UnplayableError
from variantlang.files import OutputProblem, make_folder, refuse_overwriting
from variantlang.model.ruleset import Ruleset
from variantlang.records.files import log_files
from variantlang.records.tenhou_xml import RecordError
from variantlang.records.variants import engine_rules
from variantlang.reports.balance import Labels, render, yaku_names
from variantlang.reports.balance.text import WORDS
from variantlang.scoring.scorer import RuleBoundsError
from variantlang.simulation import outputs
from variantlang.stats.figures import has_limits, plays_on, summarize
from variantlang.stats.games import GameRecord


@click.command("stats")
@click.argument("logs", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path), metavar="LOG...")
@click.option(
    "--variant",
    metavar="NAME|FILE",
    help="Read every log under this variant (default: derived from each log's rule flags; mjai: standard).",
)
@click.option(
    "--out",
    "-o",
    type=click.Path(file_okay=False, path_type=Path),
    help="Also write summary.json and report.html in this folder.",
)
@lang_option
def command(logs: tuple[Path, ...], variant: str | None, out: Path | None, lang: str) -> None:
    """The balance figures of real games: Tenhou mjlog XML, tenhou.net/6 JSON (.json, .jsonl) and mjai JSON
    lines (.mjson); folders are searched. Each game goes through the engine and the statistics listener a
    simulation uses, so the figures compare one to one with a `simulate` report."""
    rules = None
    if variant is not None:
        try:
            rules = engine_rules(ruleset_option_value(variant))
        except UnplayableError as error:
            click.echo(f"error: {error}", err=True)
            sys.exit(EXIT_PROBLEMS)
    games: list[GameRecord] = []
    rulesets: dict[str, Ruleset] = {}
    variants: Counter[tuple[str, str]] = Counter()
    failed = 0
    files = log_files(logs)
    if out is not None:
        try:
            make_folder(out)  # a place that cannot be written is said before the logs are read
            refuse_overwriting([out / name for name in outputs.OUTPUTS], files)
        except OutputProblem as error:
            fail(str(error))
    for path in files:
        try:
            game, ruleset = outputs.real_game(path, rules)
        except (RecordError, UnplayableError, RuleBoundsError, OSError, UnicodeDecodeError) as error:
            say(f"error: {path}: {error}" if str(path) not in str(error) else f"error: {error}")
            failed += 1
            continue
        games.append(game)
        variants[ruleset.name, ruleset.source_hash] += 1
        rulesets[ruleset.source_hash] = ruleset
    by_players = Counter(g.players for g in games)
    if len(by_players) > 1:
        click.echo("error: the logs mix three- and four-player games; give them to `stats` separately", err=True)
        sys.exit(EXIT_PROBLEMS)
    if not games:
        click.echo("error: no game could be read", err=True)
        sys.exit(EXIT_PROBLEMS)
    every = rulesets.values()
    summary = summarize(games, limits=all(map(has_limits, every)), play_on=all(map(plays_on, every)))
    names = ", ".join(
        f"{name} ({count})" if len(variants) > 1 else name for (name, _), count in sorted(variants.items())
    )
    hashes = ", ".join(digest for _, digest in sorted(variants))
    console = Console()
    console.print(summary_table(summary, f"{len(games)} real games, {summary.hands} hands: {names}"))
    play_on = play_on_table(summary, lang)
    if play_on is not None:
        console.print(play_on)
    if out is not None:
        labels = Labels(
            WORDS[lang]["real_report"], names, hashes, version("variantlang"), len(games), source="real logs"
        )
        html = render(summary, labels, yaku_names=yaku_names(*rulesets.values(), lang=lang), lang=lang)
        try:
            written = outputs.write(
                out,
                {
                    "run": {
                        "games": len(games),
                        "variants": [
                            {"name": n, "content_hash": h, "games": c} for (n, h), c in sorted(variants.items())
                        ],
                    },
                    "figures": summary.as_json(),
                },
                html,
            )
        except OutputProblem as error:
            fail(str(error))
        click.echo("wrote " + " and ".join(safe_name(path) for path in written))
    sys.exit(EXIT_PROBLEMS if failed else 0)
