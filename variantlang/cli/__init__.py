"""The `variantlang` command, one module per subcommand. Each turns bad input into a message and a non-zero
exit code; tracebacks are for bugs only."""

from __future__ import annotations

import click

from variantlang.cli import analyze, check, diff, replay, score, sheet


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="variantlang")
def main() -> None:
    """Mahjong house rules as code: analyse hands, check and score variants, print rule sheets."""


for _module in (analyze, check, diff, score, sheet, replay):
    main.add_command(_module.command)
