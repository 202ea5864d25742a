"""`variantlang simulate`: self-play of a variant between named bots, with a balance report."""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskProgressColumn, TextColumn, TimeRemainingColumn
from rich.table import Table

from variantlang.bots import BOTS, UnknownBot
from variantlang.cli.common import EXIT_PROBLEMS, fail, grouped, ruleset_option_value, say
from variantlang.diagnostics import safe_name, unknown_name
from variantlang.engine.rules import UnplayableError
from variantlang.files import OutputProblem
from variantlang.model.ruleset import Ruleset
from variantlang.records.files import log_files
from variantlang.records.tenhou_xml import RecordError
from variantlang.reports.balance import INSTALL, RATES, charts_available, mean_text, rate_text
from variantlang.reports.balance.text import LANGS, PLAY_ON_FIGURES, WORDS
from variantlang.scoring.scorer import RuleBoundsError
from variantlang.simulation import outputs
from variantlang.simulation.executors import DASK_INSTALL, DaskCluster, LocalPool
from variantlang.simulation.run import Executor, InProcess, Played, RunSpec, prepare, run
from variantlang.simulation.store import RunError
from variantlang.stats.figures import RATE_NAMES, Edge, Summary

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
        (RATES[name], rate_text(summary.rates[name]), rate_text(real.rates[name]) if real else "")
        for name in RATE_NAMES
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


def play_on_table(summary: Summary, lang: str = "en") -> Table | None:
    """The rates of a variant that plays on after a win (`Summary.play_on`) for the terminal, with their
    95 % intervals; None for a variant that ends the hand at a win."""
    if not summary.play_on:
        return None
    words = WORDS[lang]
    table = Table(title=words["play_on"], title_justify="left")
    for column in ("rate", "value_ci", "count_total"):
        table.add_column(words[column])
    for name, rate in summary.play_on.items():
        table.add_row(PLAY_ON_FIGURES[lang][name], rate_text(rate), f"{rate.count} / {rate.total}")
    return table


def real_games(truth: Path | None) -> outputs.RealGames | None:
    """The real four-player logs under `truth` (see `outputs.truth_folder`), if any."""
    folder = outputs.truth_folder(truth)
    if folder is None:
        return None
    games, names = [], []
    for path in log_files([folder]):
        try:
            games.append(outputs.real_game(path)[0])
        except RecordError as error:
            say(f"warning: real games: {error}")
            continue
        names.append(path.name)
    return outputs.RealGames(tuple(games), f"Tenhou logs in {folder}", tuple(names)) if games else None


lang_option = click.option(
    "--lang", type=click.Choice(LANGS), default="en", show_default=True, help="Language of the HTML report."
)


@dataclass(frozen=True, slots=True)
class Placement:
    """Where the games are played: `--workers`, `--dask` or `--scheduler`, as given (at most one)."""

    workers: int | None
    dask: int | None
    scheduler: str | None

    def executor(self) -> Executor:
        """The executor the options ask for; a wrong combination or Dask missing is a usage error."""
        workers, dask, scheduler = self.workers, self.dask, self.scheduler
        if sum(x is not None for x in (workers, dask, scheduler)) > 1:
            raise click.UsageError("give one of --workers, --dask and --scheduler")
        if dask is not None or scheduler is not None:
            try:
                return DaskCluster(workers=dask, scheduler=scheduler)
            except RunError as error:
                raise click.UsageError(str(error)) from None
        k = workers or os.cpu_count() or 1
        return LocalPool(k) if k > 1 else InProcess()


executor_options = grouped(
    "placement",
    Placement,
    click.option("--workers", "-j", type=click.IntRange(min=1), help="Worker processes [default: one per core]."),
    click.option(
        "--dask",
        type=click.IntRange(min=1),
        metavar="N",
        help=f"Play on a Dask LocalCluster of N worker processes ({DASK_INSTALL}).",
    ),
    click.option(
        "--scheduler",
        metavar="ADDRESS",
        help="Play on a running Dask cluster, e.g. tcp://10.0.0.5:8786 (see the README).",
    ),
)
"""`--workers`, `--dask`, `--scheduler`: where the games are played (`simulate`, `compare`, `sweep`), as
one `placement`."""


@dataclass(frozen=True, slots=True)
class Plan:
    """What games are played: with the variant, what `prepare` makes the run's `RunSpec` of."""

    games: int
    seed: int
    bots: str
    duplicate: bool


plan_options = grouped(
    "plan",
    Plan,
    click.option("--games", "-n", type=click.IntRange(min=1), default=200, show_default=True, help="Games to play."),
    click.option(
        "--seed",
        type=int,
        default=0,
        show_default=True,
        help="Run seed: game i's walls and bots follow from (seed, i).",
    ),
    click.option(
        "--bots",
        default=DEFAULT_BOT,
        show_default=True,
        metavar="A,B,C,D",
        help=f"One bot per seat, or one for every seat; with --duplicate, CHALLENGER,OTHERS. Bots: {', '.join(BOTS)}.",
    ),
    click.option(
        "--duplicate",
        is_flag=True,
        help="Skill against luck: each wall seed is played once per seat with the challenger (the first of --bots) "
        "in that seat and the other bot in the rest; --games must be a multiple of the players.",
    ),
)
"""`--games`, `--seed`, `--bots`, `--duplicate`, as one `plan`."""


class Reporter:
    """Progress on stderr: a bar on a terminal; elsewhere (a log file, CI) a plain line every few seconds."""

    EVERY = 5.0

    def __init__(self) -> None:
        self.console = Console(stderr=True)
        self.bar: Progress | None = None
        self.task: Any = None
        self.started = time.monotonic()
        self.said = 0.0
        self.label = ""

    def __enter__(self) -> Reporter:
        if self.console.is_terminal:
            columns = (
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TaskProgressColumn(),
                TextColumn("{task.fields[rate]}"),
                TimeRemainingColumn(),
            )
            self.bar = Progress(*columns, console=self.console, transient=False)
            self.bar.start()
        return self

    def __exit__(self, *_: object) -> None:
        if self.bar is not None:
            self.bar.stop()

    def start(self, label: str, total: int) -> None:
        self.label, self.started, self.said, self.first = label, time.monotonic(), 0.0, -1
        if self.bar is not None:
            self.task = self.bar.add_task(safe_name(label), total=total, rate="")

    def __call__(self, done: int, total: int) -> None:
        if self.first < 0:
            self.first = done
        if self.bar is not None:
            self.bar.update(self.task, completed=done)
            speed = self.bar.tasks[self.task].speed
            self.bar.update(self.task, rate=f"{speed:.1f} games/s" if speed else "")
            return
        now = time.monotonic()
        if done in (self.first, total) or now - self.said >= self.EVERY:
            self.said = now
            elapsed = now - self.started
            speed = (done - self.first) / elapsed if elapsed > 0 and done > self.first else 0.0
            rate = f", {speed:.2f} games/s" if speed else ""
            click.echo(f"{self.label}: {done}/{total} games{rate}", err=True)


@click.command("simulate", epilog="Bots:\n\n" + "\n\n".join(f"{bot.name}: {bot.about}" for bot in BOTS.values()))
@click.argument("variant", metavar="FILE|NAME")
@plan_options
@executor_options
@click.option(
    "--out",
    "-o",
    type=click.Path(file_okay=False, path_type=Path),
    help="Folder for results.sqlite, summary.json, report.html (and logs/) [default: simulate-<variant>].",
)
@click.option(
    "--resume",
    is_flag=True,
    help="Finish the run stored in --out (same variant, bots, seed, version), or extend it to more --games.",
)
@click.option(
    "--logs", is_flag=True, help="Also write every game as mjai JSON lines and tenhou.net/6 JSON in OUT/logs/."
)
@click.option(
    "--truth",
    type=click.Path(file_okay=False, path_type=Path),
    help="Real Tenhou logs to show beside a `standard` run [default: $VARIANTLANG_TRUTH, else ../shared/truth].",
)
@lang_option
def command(
    variant: str,
    plan: Plan,
    placement: Placement,
    out: Path | None,
    resume: bool,
    logs: bool,
    truth: Path | None,
    lang: str,
) -> None:
    """Play a variant (a .variant file or a shipped name) between bots, --games times, and write a balance
    report: rates with 95 % intervals, hand values, yaku, dealer and seat advantage, game length.

    \b
    Results go to OUT/results.sqlite as games finish; a stopped run continues with --resume, and a
    finished one is extended with --resume and more --games (the games it has are kept).
    The figures do not depend on --workers, --dask or --scheduler: game i is the same wherever it is played.

    \b
    Duplicate play (--duplicate --bots efficiency,random): the challenger sits in each seat once on the
    same walls, so the luck of the tiles cancels and its mean placement against (players + 1) / 2 measures
    skill, with an interval from the spread between sets.
    """
    names = _bots(plan.bots)
    ruleset = ruleset_option_value(variant)
    executor = placement.executor()
    spec = _prepared(variant, ruleset, names, plan)
    if truth is not None and outputs.truth_folder(truth) is None:
        raise click.BadParameter(
            f"no Tenhou logs under {truth} (expected {truth}/logs/mjlog_xml/4p)", param_hint="--truth"
        )
    folder = out or Path(f"simulate-{ruleset.name}")
    with Reporter() as reporter:
        reporter.start(ruleset.name, plan.games)
        try:
            played = run(spec, ruleset, folder, executor=executor, resume=resume, logs=logs, progress=reporter)
        except (RunError, OutputProblem, RuleBoundsError) as error:
            fail(f"{ruleset.name} cannot be played: {error}" if isinstance(error, RuleBoundsError) else str(error))
    _report(spec, ruleset, played, folder, truth, lang)


def _prepared(variant: str, ruleset: Ruleset, names: list[str], plan: Plan) -> RunSpec:
    """The run's spec, checked before any game is played; what cannot be played exits with its reason."""
    try:
        return prepare(variant, ruleset, names, seed=plan.seed, games=plan.games, duplicate=plan.duplicate)
    except UnplayableError as error:
        click.echo(f"error: {error}", err=True)
        sys.exit(EXIT_PROBLEMS)
    except UnknownBot as error:  # `_bots` checked them; the registry is the last word
        raise click.BadParameter(unknown_name("bot", error.args[0], BOTS), param_hint="--bots") from None
    except RunError as error:
        raise click.UsageError(str(error)) from None


def _report(spec: RunSpec, ruleset: Ruleset, played: list[Played], folder: Path, truth: Path | None, lang: str) -> None:
    """The run's figures, beside real games where there are some: written to `folder`, and the terminal
    table printed."""
    figures = outputs.results(spec, ruleset, played)
    truth_games = real_games(truth) if outputs.is_tenhou(spec.variant_name, figures.summary.players) else None
    real = None if truth_games is None else outputs.real_beside(played, truth_games, limits=True)
    html = outputs.run_report(spec, ruleset, figures, real, lang)
    try:
        written = outputs.write(folder, outputs.document(spec.parameters(), figures, real), html)
    except OutputProblem as error:
        fail(str(error))
    title = f"{safe_name(ruleset.name)}: {spec.games} games, seed {spec.seed}"
    console = Console()
    console.print(summary_table(figures.summary, title, real.summary if real else None, figures.edge))
    play_on = play_on_table(figures.summary, lang)
    if play_on is not None:
        console.print(play_on)
    click.echo("wrote " + " and ".join(safe_name(path) for path in written))
    if not charts_available():
        click.echo(f"note: the report has no charts: matplotlib is not installed ({INSTALL})", err=True)
