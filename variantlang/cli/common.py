"""What every command shares: how a variant named on the command line is loaded, and the exit codes."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from variantlang.api import load
from variantlang.diagnostics import DiagnosticError
from variantlang.model.ruleset import Ruleset

EXIT_BAD_INPUT = 2


def variant_option(function: Any) -> Any:
    return click.option(
        "--variant",
        "variant",
        default="standard",
        show_default=True,
        metavar="NAME",
        help="Variant (shipped name or .variant file) whose tile set decides which tiles exist.",
    )(function)


def ruleset_option_value(variant: str) -> Ruleset:
    """The variant a `--variant` (or argument) names: a shipped name or a file, whose folder is searched
    for a relative `extends`. A bad file prints its diagnostics and exits."""
    try:
        path = Path(variant)
        return load(variant, roots=[path.parent] if path.suffix == ".variant" else None)
    except LookupError as error:
        raise click.BadParameter(str(error.args[0]), param_hint="--variant") from None
    except DiagnosticError as error:
        click.echo(error.render(), err=True)
        sys.exit(EXIT_BAD_INPUT)
