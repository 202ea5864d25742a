"""The `variantlang` command, one module per subcommand. Each turns bad input into a message and a
documented exit code (`common.EXIT_*`); a bug becomes a short "please report" message, with the
traceback only under `--debug`."""

from __future__ import annotations

import sys
from importlib.metadata import version
from typing import Any

import click

from variantlang.cli import analyze, check, compare, diff, lsp, replay, score, sheet, simulate, stats, sweep
from variantlang.cli.common import EXIT_INTERNAL, EXIT_INTERRUPTED


class _Main(click.Group):
    """The command group, with the last word on errors that no command expected."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except KeyboardInterrupt:
            click.echo("\ninterrupted", err=True)
            sys.exit(EXIT_INTERRUPTED)
        except BrokenPipeError:
            sys.stderr.close()  # the reader went away (`| head`): nothing more to say to anyone
            sys.exit(EXIT_INTERRUPTED)
        except Exception as error:  # a bug: whatever it is, the user gets a message, not a traceback
            if ctx.params.get("debug"):
                raise
            click.echo(
                f"variantlang {version('variantlang')}: internal error: {type(error).__name__}: {error}\n"
                "This is a bug in variantlang, not in your input. Please report it on the project's issue "
                "tracker with the command you ran,\nits input files and the traceback that "
                "`variantlang --debug …` shows.",
                err=True,
            )
            sys.exit(EXIT_INTERNAL)


@click.group(cls=_Main, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="variantlang")
@click.option("--debug", is_flag=True, help="Show the traceback of an internal error.")
def main(debug: bool) -> None:
    """Mahjong house rules as code: analyse hands, check and score variants, print rule sheets.

    \b
    Exit status: 0 ok; 1 problems in the input (each said in a message); 2 a wrong command line;
    70 an internal error (a bug: please report it); 130 interrupted.
    """


for _module in (analyze, check, diff, lsp, score, sheet, replay, simulate, compare, sweep, stats):
    main.add_command(_module.command)
