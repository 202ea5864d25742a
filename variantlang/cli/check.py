"""`variantlang check`: every problem of rule files, each with its place, a caret and a hint."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from variantlang.api import decode, load, loads
from variantlang.cli.common import EXIT_PROBLEMS, say
from variantlang.diagnostics import DiagnosticError, safe_name
from variantlang.model.ruleset import Ruleset
from variantlang.rules.playable import warnings
from variantlang.syntax.parser import MAX_FILE_BYTES

STDIN = Path("-")


@click.command("check")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, allow_dash=True, path_type=Path))
def command(files: tuple[Path, ...]) -> None:
    """Check rule files: every problem with FILE:LINE:COL, the line, a caret and a hint. `-` reads a
    rule file from standard input (a relative `extends` is then read from the working directory).

    A setting the engine cannot play (so `simulate` refuses the variant) is a warning, with its place:
    the file compiles and its sheet prints.

    Exit status 0 when every file compiles (warnings or not), 1 when any has problems.
    """
    problems = 0
    for path in files:
        try:
            ruleset = _stdin() if path == STDIN else load(path, roots=[path.parent])
        except DiagnosticError as error:
            problems += len(error.diagnostics)
            click.echo(error.render(), err=True)
            click.echo(err=True)
            continue
        except LookupError as error:
            problems += 1
            say(f"{path}: error: {error.args[0]}")
            continue
        _warn(ruleset)
        yaku = sum(len(group.members) for group in ruleset.yaku)
        click.echo(
            safe_name(
                f"{'<stdin>' if path == STDIN else path}: ok ({ruleset.name_en or ruleset.name_ja}; "
                f"{' → '.join(ruleset.chain)}; {ruleset.tile_set.size} tiles, {yaku} yaku)"
            )
        )
    if problems:
        click.echo(f"{problems} problem{'s' if problems != 1 else ''} found", err=True)
        sys.exit(EXIT_PROBLEMS)


def _warn(ruleset: Ruleset) -> None:
    """What the engine cannot play (`rules.playable`), each where the variant set it: `simulate` would
    refuse the variant, so `check` says it first."""
    found = warnings(ruleset)
    if found:
        click.echo(DiagnosticError(found, dict(ruleset.sources)).render(), err=True)
        click.echo(err=True)


def _stdin() -> Ruleset:
    """The rule file on standard input, read no further than the size limit allows."""
    return loads(decode(sys.stdin.buffer.read(MAX_FILE_BYTES + 1)), name="<stdin>", roots=[Path.cwd()])
