"""`variantlang check`: every problem of rule files, each with its place, a caret and a hint."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from variantlang.api import load
from variantlang.diagnostics import DiagnosticError


@click.command("check")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
def command(files: tuple[Path, ...]) -> None:
    """Check rule files: every problem with FILE:LINE:COL, the line, a caret and a hint.

    Exit status 0 when every file compiles, 1 when any has problems.
    """
    problems = 0
    for path in files:
        try:
            ruleset = load(path, roots=[path.parent])
        except DiagnosticError as error:
            problems += len(error.diagnostics)
            click.echo(error.render(), err=True)
            click.echo(err=True)
            continue
        except LookupError as error:
            problems += 1
            click.echo(f"{path}: error: {error.args[0]}", err=True)
            continue
        yaku = sum(len(group.members) for group in ruleset.yaku)
        click.echo(
            f"{path}: ok ({ruleset.name_en or ruleset.name_ja}; {' → '.join(ruleset.chain)}; "
            f"{ruleset.tile_set.size} tiles, {yaku} yaku)"
        )
    if problems:
        click.echo(f"{problems} problem{'s' if problems != 1 else ''} found", err=True)
        sys.exit(1)
