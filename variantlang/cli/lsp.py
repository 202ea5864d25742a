"""`variantlang lsp`: the language server for editors, when the `lsp` extra is installed."""

from __future__ import annotations

import sys

import click

from variantlang.cli.common import EXIT_PROBLEMS

EXTRA = ("pygls", "lsprotocol", "cattrs", "attrs")
"""The packages of the `lsp` extra and what they need."""


@click.command("lsp")
def command() -> None:
    """Run the language server for rule files on standard input and output (editors start it: see the
    README's "Editor support"). Needs the `lsp` extra: pip install 'variantlang[lsp]'."""
    try:
        from variantlang.lsp.server import run  # noqa: PLC0415 — the extra is loaded only by this command
    except ImportError as error:
        if (error.name or "").split(".")[0] not in EXTRA:
            raise
        click.echo(
            f"variantlang lsp needs the `lsp` extra ({error.name or 'pygls'} is not installed): "
            "pip install 'variantlang[lsp]'",
            err=True,
        )
        sys.exit(EXIT_PROBLEMS)
    run()
