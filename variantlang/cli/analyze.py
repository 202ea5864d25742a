"""`variantlang analyze`: tile efficiency (牌理) of a hand under a variant's tile set."""

from __future__ import annotations

import json
import sys
from typing import BinaryIO

import click
from rich.console import Console
from rich.table import Table

from variantlang.cli.common import EXIT_PROBLEMS, ruleset_option_value, variant_option
from variantlang.hand.efficiency import Analysis, HandSizeError, analyze
from variantlang.hand.tiles import NotationError, format_tiles, kind_name, parse_tiles
from variantlang.io.batch import answers


@click.command("analyze")
@click.argument("hand", required=False)
@variant_option
@click.option("--json", "as_json", is_flag=True, help="Print the result as one JSON object.")
@click.option(
    "--batch",
    type=click.File("rb"),
    metavar="FILE.jsonl",
    help='Read one {"hand": "..."} per line (- for stdin); write one JSON result per line, in order.',
)
def command(hand: str | None, variant: str, as_json: bool, batch: BinaryIO | None) -> None:
    """Tile efficiency (牌理) of HAND, e.g. 123m406p789s1122z3z.

    13 tiles: shanten by form and the tiles that improve the hand with how many remain.
    14 tiles: every discard with the shanten and ukeire it leaves, best first.
    """
    tiles = ruleset_option_value(variant).tile_set
    if batch is not None:
        if hand is not None:
            raise click.UsageError("give either HAND or --batch, not both")
        for answer in answers(batch, lambda record: analyze(parse_tiles(_hand_field(record)), tiles).to_json()):
            click.echo(answer)
        return
    if hand is None:
        raise click.UsageError("missing HAND (or --batch FILE.jsonl)")
    try:
        result = analyze(parse_tiles(hand), tiles)
    except NotationError as error:
        click.echo(error.render(), err=True)
        sys.exit(EXIT_PROBLEMS)
    except HandSizeError as error:
        click.echo(f"error: {error}", err=True)
        sys.exit(EXIT_PROBLEMS)
    if as_json:
        click.echo(json.dumps(result.to_json(), ensure_ascii=False))
    else:
        _print_analysis(result, variant)


def _hand_field(record: object) -> str:
    hand = record.get("hand") if isinstance(record, dict) else None
    if not isinstance(hand, str):
        raise ValueError('expected an object like {"hand": "123m456p789s1122z3z"}')  # noqa: TRY004 (a bad line)
    return hand


def _print_analysis(result: Analysis, variant: str) -> None:
    console = Console(highlight=False, soft_wrap=True, markup=False)
    report = result.shanten
    forms = [f"normal {report.normal}"]
    if report.chiitoi is not None:
        forms.append(f"seven pairs {report.chiitoi}")
    if report.kokushi is not None:
        forms.append(f"thirteen orphans {report.kokushi}")
    console.print(f"{format_tiles(result.hand)}  ({len(result.hand)} tiles, variant {variant})")
    console.print(f"{_shanten_words(report.minimum)}  ({', '.join(forms)})")
    if result.ukeire is not None:
        ukeire = result.ukeire
        detail = " ".join(f"{kind_name(k)}×{n}" for k, n in ukeire.tiles.items())
        console.print(f"improving tiles: {detail or 'none'}  — {ukeire.count} tiles")
        return
    table = Table("discard", "shanten", "ukeire", "improving tiles", box=None, pad_edge=False)
    for d in result.discards:
        tiles = " ".join(f"{kind_name(k)}×{n}" for k, n in d.ukeire.tiles.items())
        table.add_row(kind_name(d.tile), str(d.shanten), str(d.ukeire.count), tiles)
    console.print(table)


def _shanten_words(shanten: int) -> str:
    if shanten < 0:
        return "complete (agari)"
    if shanten == 0:
        return "tenpai"
    return f"{shanten}-shanten"
