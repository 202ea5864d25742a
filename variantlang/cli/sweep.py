"""`variantlang sweep`: one variant with one setting at several values, played on the same walls."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from variantlang.cli.common import ruleset_option_value
from variantlang.cli.compare import RunOptions, play_and_report, run_options, set_arm
from variantlang.simulation import arms as arms_module
from variantlang.simulation.arms import ArmSpec


@click.command("sweep")
@click.argument("variant", metavar="FILE|NAME")
@click.option(
    "--over",
    required=True,
    metavar="SECTION.SETTING=V1,V2,…",
    help="The setting and its values, as a rule file writes them; A..B is every integer from A to B; "
    "game.uma also takes pairs A-B (10-20: 20 10 -10 -20).",
)
@run_options
def command(variant: str, over: str, **given: Any) -> None:
    """Play VARIANT once per value of one setting, on the same walls with the same bots, and show each
    figure against the value with its interval (chart and table), with the paired difference to the
    first value.

    \b
    variantlang sweep standard --over game.uma=5-10,10-20,20-30
    variantlang sweep standard --over win.min_han=1..2
    """
    try:
        section, key, values = arms_module.parse_setting(over)
        listed = arms_module.sweep_values(section, key, values)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--over") from None
    ruleset = ruleset_option_value(variant)
    base = ArmSpec(ruleset.name, variant, variant, ruleset)
    arms = [set_arm(base, f"{section}.{key}={value}") for value in listed]
    options = RunOptions(**given)
    folder = options.out or Path(f"sweep-{ruleset.name}-{section}.{key}")
    play_and_report(arms, options, title="sweep", setting=f"{section}.{key}", folder=folder)
