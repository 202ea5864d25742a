"""`variantlang simulate`: self-play of a variant between named bots, with a balance report."""

from __future__ import annotations

import sys
from pathlib import Path

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskProgressColumn, TextColumn, TimeRemainingColumn
from rich.table import Table

from variantlang.bots import BOTS, UnknownBot
from variantlang.cli.common import EXIT_PROBLEMS, fail, ruleset_option_value, say
from variantlang.diagnostics import safe_name, unknown_name
from variantlang.engine.rules import UnplayableError
from variantlang.files import OutputProblem
from variantlang.records.files import log_files
from variantlang.records.tenhou_xml import RecordError
from variantlang.reports.balance import RATES, ReportError, mean_text, rate_text, require_charts
from variantlang.scoring.scorer import RuleBoundsError
from variantlang.simulation import outputs
from variantlang.simulation.run import prepare, run
from variantlang.simulation.store import RunError
from variantlang.stats.figures import Edge, Summary, summarize

DEFAULT_BOT = next((name for name in ("defensive", "efficiency") if name in BOTS), "random")


def _bots(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",")]
    for name in names:
        if name not in BOTS:
            raise click.BadParameter(unknown_name("bot", name, BOTS), param_hint="--bots")
    return names


def summary_table(summary: Summary, title: str, real: Summary | None = None, edge: Edge | None = None) -> Table:
    """The figures that fit a terminal, each with its 95 % interval."""
    table = Table(title=title, title_justify="left")
    table.add_column("figure")
    table.add_column("value [95 % interval]")
    if real is not None:
        table.add_column("real games")
    rows: list[tuple[str, str, str]] = [
        (label, rate_text(summary.rates[name]), rate_text(real.rates[name]) if real else "")
        for name, label in RATES.items()
    ]
    rows += [
        ("Points per win", mean_text(summary.value), mean_text(real.value) if real else ""),
        ("Hands per game", mean_text(summary.hands_per_game, 2), mean_text(real.hands_per_game, 2) if real else ""),
        ("Dealer win rate", rate_text(summary.dealer.win), rate_text(real.dealer.win) if real else ""),
        ("Non-dealer win rate", rate_text(summary.non_dealer.win), rate_text(real.non_dealer.win) if real else ""),
        (
            "Dealer score change per hand",
            mean_text(summary.dealer.points),
            mean_text(real.dealer.points) if real else "",
        ),
        ("Score spread at the end", mean_text(summary.spread), mean_text(real.spread) if real else ""),
    ]
    for seat, figures in enumerate(summary.seats, start=1):
        rows.append((f"Seat {seat}: first place", rate_text(figures.placements[0]), ""))
    if edge is not None:
        rows.append(("Challenger mean placement", mean_text(edge.placement, 3), f"no skill: {edge.even}"))
        rows.append(("Challenger mean points", mean_text(edge.points, 1), ""))
    for row in rows:
        table.add_row(*(row if real is not None else row[:2]))
    return table


def real_figures(truth: Path | None) -> Summary | None:
    """The figures of the real four-player logs under `truth` (see `outputs.truth_folder`), if any."""
    folder = outputs.truth_folder(truth)
    if folder is None:
        return None
    games = []
    for path in log_files([folder]):
        try:
            games.append(outputs.real_game(path)[0])
        except RecordError as error:
            say(f"warning: real games: {error}")
    return summarize(games) if games else None


@click.command("simulate", epilog="Bots:\n\n" + "\n\n".join(f"{bot.name}: {bot.about}" for bot in BOTS.values()))
@click.argument("variant", metavar="FILE|NAME")
@click.option("--games", "-n", type=click.IntRange(min=1), default=200, show_default=True, help="Games to play.")
@click.option(
    "--seed", type=int, default=0, show_default=True, help="Run seed: game i's walls and bots follow from (seed, i)."
)
@click.option(
    "--bots",
    default=DEFAULT_BOT,
    show_default=True,
    metavar="A,B,C,D",
    help=f"One bot per seat, or one for every seat; with --duplicate, CHALLENGER,OTHERS. Bots: {', '.join(BOTS)}.",
)
@click.option(
    "--duplicate",
    is_flag=True,
    help="Skill against luck: each wall seed is played once per seat with the challenger (the first of --bots) "
    "in that seat and the other bot in the rest; --games must be a multiple of the players.",
)
@click.option("--workers", "-j", type=click.IntRange(min=1), help="Worker processes [default: one per core].")
@click.option(
    "--out",
    "-o",
    type=click.Path(file_okay=False, path_type=Path),
    help="Folder for results.sqlite, summary.json, report.html (and logs/) [default: simulate-<variant>].",
)
@click.option(
    "--resume", is_flag=True, help="Finish the run stored in --out (same variant, bots, seed, games, version)."
)
@click.option(
    "--logs", is_flag=True, help="Also write every game as mjai JSON lines and tenhou.net/6 JSON in OUT/logs/."
)
@click.option(
    "--truth",
    type=click.Path(file_okay=False, path_type=Path),
    help="Real Tenhou logs to show beside a `standard` run [default: $VARIANTLANG_TRUTH, else ../shared/truth].",
)
def command(
    variant: str,
    games: int,
    seed: int,
    bots: str,
    duplicate: bool,
    workers: int | None,
    out: Path | None,
    resume: bool,
    logs: bool,
    truth: Path | None,
) -> None:
    """Play a variant (a .variant file or a shipped name) between bots, --games times, and write a balance
    report: rates with 95 % intervals, hand values, yaku, dealer and seat advantage, game length.

    \b
    Results go to OUT/results.sqlite as games finish; a stopped run continues with --resume.
    The figures do not depend on --workers: game i is the same whichever process plays it.

    \b
    Duplicate play (--duplicate --bots efficiency,random): the challenger sits in each seat once on the
    same walls, so the luck of the tiles cancels and its mean placement against (players + 1) / 2 measures
    skill, with an interval from the spread between sets.
    """
    names = _bots(bots)
    ruleset = ruleset_option_value(variant)
    try:
        require_charts()
        spec = prepare(variant, ruleset, names, seed=seed, games=games, duplicate=duplicate)
    except (ReportError, UnplayableError) as error:
        click.echo(f"error: {error}", err=True)
        sys.exit(EXIT_PROBLEMS)
    except UnknownBot as error:  # `_bots` checked them; the registry is the last word
        raise click.BadParameter(unknown_name("bot", error.args[0], BOTS), param_hint="--bots") from None
    except RunError as error:
        raise click.UsageError(str(error)) from None
    if truth is not None and outputs.truth_folder(truth) is None:
        raise click.BadParameter(
            f"no Tenhou logs under {truth} (expected {truth}/logs/mjlog_xml/4p)", param_hint="--truth"
        )
    folder = out or Path(f"simulate-{ruleset.name}")
    console = Console(stderr=True)
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TaskProgressColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=False) as bar:
        task = bar.add_task(safe_name(ruleset.name), total=games, rate="")

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done)
            speed = bar.tasks[task].speed
            bar.update(task, rate=f"{speed:.1f} games/s" if speed else "")

        try:
            played = run(spec, folder, workers=workers, resume=resume, logs=logs, progress=progress)
        except (RunError, OutputProblem, RuleBoundsError) as error:
            bar.stop()
            fail(f"{ruleset.name} cannot be played: {error}" if isinstance(error, RuleBoundsError) else str(error))
    figures = outputs.results(spec, played)
    real = real_figures(truth) if outputs.is_tenhou(spec.variant_name, figures.summary.players) else None
    html = outputs.run_report(spec, ruleset, figures, real, "real Tenhou games")
    try:
        written = outputs.write(folder, outputs.document(spec.parameters(), figures), html)
    except OutputProblem as error:
        fail(str(error))
    title = f"{safe_name(ruleset.name)}: {games} games, seed {seed}"
    Console().print(summary_table(figures.summary, title, real, figures.edge))
    click.echo("wrote " + " and ".join(safe_name(path) for path in written))
