"""`variantlang compare`: variants played on the same walls, each figure side by side with its paired
difference to the first arm."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from variantlang.bots import BOTS
from variantlang.cli.common import EXIT_PROBLEMS, fail, ruleset_option_value
from variantlang.cli.simulate import DEFAULT_BOT, Placement, Reporter, _bots, executor_options, lang_option
from variantlang.diagnostics import DiagnosticError, safe_name
from variantlang.engine.rules import UnplayableError
from variantlang.files import OutputProblem
from variantlang.reports.balance import Arm, Labels, render_comparison, yaku_names
from variantlang.reports.balance.text import FIGURES, HEADLINE, WORDS, difference_text, figure_value
from variantlang.scoring.scorer import RuleBoundsError
from variantlang.simulation import arms as arms_module
from variantlang.simulation.arms import ArmSpec
from variantlang.simulation.outputs import write
from variantlang.simulation.store import RunError


def run_options(command: Any) -> Any:
    """The options `compare` and `sweep` share with `simulate`."""
    options = (
        click.option("--games", "-n", type=click.IntRange(min=1), default=200, show_default=True,
                     help="Games per arm (the same game seeds in every arm)."),
        click.option("--seed", type=int, default=0, show_default=True, help="Run seed: game i's walls follow from it."),
        click.option("--bots", default=DEFAULT_BOT, show_default=True, metavar="A,B,C,D",
                     help=f"One bot per seat, or one for every seat. Bots: {', '.join(BOTS)}."),
        click.option("--out", "-o", type=click.Path(file_okay=False, path_type=Path),
                     help="Folder for each arm's run, summary.json and report.html."),
        click.option("--resume", is_flag=True, help="Finish (or extend) the runs stored in --out."),
        lang_option,
    )  # fmt: skip
    for option in reversed(options):
        command = option(command)
    return executor_options(command)


def set_arm(base: ArmSpec, option: str) -> ArmSpec:
    """The arm `--set section.setting=value` derives from `base`; a bad option or value exits with its message."""
    try:
        section, key, value = arms_module.parse_setting(option)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--set") from None
    name = f"--set {section}.{key}={value}"
    try:
        ruleset = arms_module.derive(base.variant, base.ruleset, name, section, key, value)
    except DiagnosticError as error:
        click.echo(error.render(), err=True)
        sys.exit(EXIT_PROBLEMS)
    return ArmSpec(f"{section}.{key}={value}", f"{base.provenance} {name}", name, ruleset)


def given_arm(variant: str) -> ArmSpec:
    ruleset = ruleset_option_value(variant)
    return ArmSpec(ruleset.name if not variant.endswith(".variant") else variant, variant, variant, ruleset)


@dataclass(frozen=True, slots=True)
class RunOptions:
    """The options `run_options` adds, as the command received them."""

    games: int
    seed: int
    bots: str
    out: Path | None
    resume: bool
    lang: str
    placement: Placement


def play_and_report(arms: Sequence[ArmSpec], options: RunOptions, *, title: str, setting: str, folder: Path) -> None:
    """Play every arm, write summary.json and report.html in `folder`, and print the table."""
    names = _bots(options.bots)
    games, seed, lang = options.games, options.seed, options.lang
    executor = options.placement.executor()
    if len({arm.label for arm in arms}) != len(arms):
        raise click.UsageError("two arms are the same variant: give each once")
    try:
        with Reporter() as reporter:
            played = arms_module.play_arms(
                arms, names, folder, seed=seed, games=games, executor=executor, resume=options.resume,
                progress=reporter,
            )  # fmt: skip
    except (RunError, UnplayableError, OutputProblem, RuleBoundsError) as error:
        fail(str(error))
    figures = arms_module.figures(played)
    bots = ", ".join(played[0].spec.bots)
    labels = Labels(WORDS[lang][title], " · ".join(a.label for a in arms), "", version("variantlang"), games, seed,
                    bots, "self-play, same walls in every arm")  # fmt: skip
    html = render_comparison(
        figures, labels, setting=setting, yaku_names=yaku_names(*(a.ruleset for a in arms), lang=lang), lang=lang
    )
    try:
        written = write(folder, arms_module.document(played, figures, setting), html)
    except OutputProblem as error:
        fail(str(error))
    Console().print(comparison_table(figures, f"{games} games per arm, seed {seed}, bots {bots}"))
    click.echo("wrote " + " and ".join(safe_name(path) for path in written))


def comparison_table(arms: Sequence[Arm], title: str) -> Table:
    """The headline figures by arm, each arm after the first with its paired difference and interval."""
    table = Table(title=title, title_justify="left")
    table.add_column("figure")
    for k, arm in enumerate(arms):
        table.add_column(arm.label)
        if k:
            table.add_column(f"− {arms[0].label} [95 %]")
    for name in HEADLINE:
        row = [FIGURES["en"][name]]
        for k, arm in enumerate(arms):
            s = arm.summary
            value = s.rates[name].value if name in s.rates else {"value": s.value, "hands_per_game": s.hands_per_game,
                                                                   "spread": s.spread}[name].mean  # fmt: skip
            row.append(figure_value(name, value))
            if k:
                d = arm.differences[name]
                text = difference_text(name, d, "en")
                row.append(f"[bold]{text}[/bold]" if d.distinguishable else text)
        table.add_row(*row)
    return table


@click.command("compare")
@click.argument("variants", nargs=-1, required=True, metavar="FILE|NAME...")
@click.option(
    "--set",
    "settings",
    multiple=True,
    metavar="SECTION.SETTING=VALUE",
    help="An arm derived from the first variant by one setting, without a file (repeatable: one arm each).",
)
@run_options
def command(variants: tuple[str, ...], settings: tuple[str, ...], **given: Any) -> None:
    """Play variants on the same walls with the same bots, and show each figure side by side with its
    difference to the first arm: a 95 % interval from the per-game paired differences, and whether it can
    be told from 0.

    \b
    variantlang compare standard --set calls.kuitan=off
    variantlang compare standard friday.variant --games 400
    """
    arms = [given_arm(v) for v in variants]
    arms += [set_arm(arms[0], option) for option in settings]
    if len(arms) < 2:
        raise click.UsageError("give two variants or more, or a variant and --set SECTION.SETTING=VALUE")
    options = RunOptions(**given)
    folder = options.out or Path(f"compare-{arms[0].ruleset.name}")
    play_and_report(arms, options, title="comparison", setting="", folder=folder)
