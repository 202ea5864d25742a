"""`variantlang sheet`: printable rule sheets and cards."""

from __future__ import annotations

from pathlib import Path

import click

from variantlang.cli.common import fail, ruleset_option_value
from variantlang.diagnostics import safe_name
from variantlang.files import OutputProblem, refuse_overwriting, write_set
from variantlang.reports.sheets.render import FORMATS, LANGS, PdfUnavailable, sheets_for


@click.command("sheet")
@click.argument("variants", nargs=-1, required=True, metavar="VARIANT...")
@click.option(
    "-o",
    "--output",
    "directory",
    type=click.Path(file_okay=False, path_type=Path),
    required=True,
    help="Directory to write the sheets to (created if missing).",
)
@click.option("--lang", type=click.Choice(["ja", "en", "both"]), default="both", show_default=True)
@click.option(
    "--format",
    "formats",
    default="html,md",
    show_default=True,
    metavar="html,md,pdf",
    help="Comma-separated; pdf needs a headless Chromium.",
)
def command(variants: tuple[str, ...], directory: Path, lang: str, formats: str) -> None:
    """Printable rule sheets (full sheet and one-page card) for shipped names or .variant files.

    Files are NAME.LANG.html, NAME.card.LANG.html and NAME.LANG.md (and .pdf). Nothing is written unless
    every sheet renders, and the set is written all or nothing: on an error or Ctrl-C the files already in
    the directory stay as they were.
    """
    wanted = [f.strip() for f in formats.split(",") if f.strip()]
    unknown = [f for f in wanted if f not in FORMATS]
    if unknown or not wanted:
        raise click.BadParameter(f"formats are {', '.join(FORMATS)}", param_hint="--format")
    langs = LANGS if lang == "both" else (lang,)
    files: dict[str, str | bytes] = {}
    made_by: dict[str, str] = {}
    for variant in variants:
        try:
            rendered = sheets_for(ruleset_option_value(variant), langs, wanted)
        except PdfUnavailable as error:
            fail(str(error))
        for item in rendered:
            if item.name in made_by and made_by[item.name] != variant:
                fail(f"{made_by[item.name]} and {variant} both make {item.name}: give them in separate runs or folders")
            made_by[item.name] = variant
            files[item.name] = item.content
    try:
        refuse_overwriting([directory / name for name in files], [Path(v) for v in variants])
        written = write_set(directory, files)
    except OutputProblem as error:
        fail(f"{error}; no sheet was written")
    for path in written:
        click.echo(safe_name(path))
