"""What every command shares: how a variant named on the command line is loaded, and the exit codes."""

from __future__ import annotations

import dataclasses
import functools
import sys
from collections.abc import Callable
from typing import Any, NoReturn

import click

from variantlang.api import load_variant
from variantlang.diagnostics import DiagnosticError, safe_text
from variantlang.model.ruleset import Ruleset

EXIT_PROBLEMS = 1
"""The input has problems (a rule file, a hand, a batch line), or a file or tool it needs is missing:
each is said in a message."""
EXIT_USAGE = 2
"""The command line itself is wrong (click's usage errors: a missing argument, an unknown option or
variant name)."""
EXIT_INTERNAL = 70
"""A bug in variantlang (sysexits' EX_SOFTWARE): a short "please report" message, the traceback only
with `--debug`."""
EXIT_INTERRUPTED = 130
"""Stopped with Ctrl-C (128 + SIGINT, as shells report it)."""


def variant_option(function: Any) -> Any:
    return click.option(
        "--variant",
        "variant",
        default="standard",
        show_default=True,
        metavar="NAME",
        help="Variant (shipped name or .variant file) whose tile set decides which tiles exist.",
    )(function)


def grouped(name: str, record: Any, *options: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """A decorator that adds `options` to a command, which receives them as one `record` (a dataclass whose
    fields are the options' names) under the keyword `name`: options that travel together stay together."""
    keys = [f.name for f in dataclasses.fields(record)]

    def decorate(command: Any) -> Any:
        @functools.wraps(command)
        def gathered(*args: Any, **given: Any) -> Any:
            together = record(**{key: given.pop(key) for key in keys})
            return command(*args, **given, **{name: together})

        for option in reversed(options):
            gathered = option(gathered)
        return gathered

    return decorate


def ruleset_option_value(variant: str) -> Ruleset:
    """The variant a `--variant` (or argument) names: a shipped name or a file, whose folder is searched
    for a relative `extends`. A bad file prints its diagnostics and exits."""
    try:
        return load_variant(variant)
    except LookupError as error:
        raise click.BadParameter(str(error.args[0]), param_hint="--variant") from None
    except DiagnosticError as error:
        click.echo(error.render(), err=True)
        sys.exit(EXIT_PROBLEMS)


def say(message: str) -> None:
    """A message on standard error, made safe to print: a file name it quotes may hold escape sequences
    or bytes that are not UTF-8 (`diagnostics.safe_text`)."""
    click.echo(safe_text(message), err=True)


def fail(message: str) -> NoReturn:
    """`error: message` and exit 1: the input, or a place to write to, has a problem."""
    say(f"error: {message}")
    sys.exit(EXIT_PROBLEMS)
