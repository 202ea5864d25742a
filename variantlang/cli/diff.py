"""`variantlang diff`: the rule differences between two variants."""

from __future__ import annotations

import click

from variantlang.cli.common import ruleset_option_value
from variantlang.reports.diff import diff as diff_rules
from variantlang.reports.diff import render_markdown, render_text


@click.command("diff")
@click.argument("first", metavar="A")
@click.argument("second", metavar="B")
@click.option("--format", "output", type=click.Choice(["text", "md"]), default="text", show_default=True)
def command(first: str, second: str, output: str) -> None:
    """The rule differences between variants A and B (names or files), after inheritance: each with its
    rule id, both values and the file:line that set it."""
    a, b = ruleset_option_value(first), ruleset_option_value(second)
    entries = diff_rules(a, b)
    click.echo((render_markdown if output == "md" else render_text)(a, b, entries), nl=False)
