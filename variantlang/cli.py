"""The `variantlang` command. Each subcommand turns bad input into a message and a non-zero exit code;
tracebacks are for bugs only."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

import click
from rich.console import Console
from rich.table import Table

from . import score_json
from .compile import load
from .diagnostics import DiagnosticError
from .diff import diff as diff_rules
from .diff import render_markdown as render_diff_markdown
from .diff import render_text as render_diff_text
from .efficiency import Analysis, HandSizeError, analyze
from .ruleset import Ruleset
from .scoring import CIRCUMSTANCES, ScoreError, WinInput, score
from .sheets.render import FORMATS, LANGS, PdfUnavailable, sheets_for, write_all
from .tiles import WIND_LETTERS, NotationError, TileSet, format_tiles, kind_name, parse_tiles

EXIT_BAD_INPUT = 2


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="variantlang")
def main() -> None:
    """Mahjong house rules as code: analyse hands, check and score variants, print rule sheets."""


def _variant_option(function: Any) -> Any:
    return click.option(
        "--variant",
        "variant",
        default="standard",
        show_default=True,
        metavar="NAME",
        help="Variant (shipped name or .variant file) whose tile set decides which tiles exist.",
    )(function)


@main.command("analyze")
@click.argument("hand", required=False)
@_variant_option
@click.option("--json", "as_json", is_flag=True, help="Print the result as one JSON object.")
@click.option(
    "--batch",
    type=click.File("r", encoding="utf-8"),
    metavar="FILE.jsonl",
    help='Read one {"hand": "..."} per line (- for stdin); write one JSON result per line.',
)
def analyze_command(hand: str | None, variant: str, as_json: bool, batch: TextIO | None) -> None:
    """Tile efficiency (牌理) of HAND, e.g. 123m406p789s1122z3z.

    13 tiles: shanten by form and the tiles that improve the hand with how many remain.
    14 tiles: every discard with the shanten and ukeire it leaves, best first.
    """
    tiles = _ruleset(variant).tiles
    if batch is not None:
        if hand is not None:
            raise click.UsageError("give either HAND or --batch, not both")
        for line in _batch_results(batch, tiles):
            click.echo(json.dumps(line, ensure_ascii=False))
        return
    if hand is None:
        raise click.UsageError("missing HAND (or --batch FILE.jsonl)")
    try:
        result = analyze(parse_tiles(hand), tiles)
    except NotationError as error:
        click.echo(error.render(), err=True)
        sys.exit(EXIT_BAD_INPUT)
    except HandSizeError as error:
        click.echo(f"error: {error}", err=True)
        sys.exit(EXIT_BAD_INPUT)
    if as_json:
        click.echo(json.dumps(result.to_json(), ensure_ascii=False))
    else:
        _print_analysis(result, variant)


def _batch_results(lines: TextIO, tiles: TileSet) -> Iterator[dict[str, Any]]:
    """One result per non-blank input line; a bad line becomes {"ok": false, ...} and the batch goes on."""
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            yield {"line": number, **analyze(parse_tiles(_hand_field(line)), tiles).to_json()}
        except (ValueError, NotationError) as error:
            yield {"line": number, "ok": False, "error": str(error)}


def _hand_field(line: str) -> str:
    try:
        record = json.loads(line)
    except json.JSONDecodeError as error:
        raise ValueError(f"not a JSON object: {error.msg} at column {error.colno}") from None
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


# ------------------------------------------------------------------ check


@main.command("check")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
def check_command(files: tuple[Path, ...]) -> None:
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
            f"{ruleset.tiles.size} tiles, {yaku} yaku)"
        )
    if problems:
        click.echo(f"{problems} problem{'s' if problems != 1 else ''} found", err=True)
        sys.exit(1)


# ------------------------------------------------------------------ score


def _ruleset(variant: str) -> Ruleset:
    try:
        path = Path(variant)
        return load(variant, roots=[path.parent] if path.suffix == ".variant" else None)
    except LookupError as error:
        raise click.BadParameter(str(error.args[0]), param_hint="--variant") from None
    except DiagnosticError as error:
        click.echo(error.render(), err=True)
        sys.exit(EXIT_BAD_INPUT)


@main.command("score")
@click.argument("hands", nargs=-1, metavar="HAND...")
@click.option(
    "--variant",
    default="standard",
    show_default=True,
    metavar="NAME|FILE",
    help="A shipped variant's name or a .variant file.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per hand.")
@click.option(
    "--batch",
    type=click.File("r", encoding="utf-8"),
    metavar="FILE.jsonl",
    help="Read one JSON win per line (- for stdin); write one JSON result per line.",
)
@click.option("--win", "win", metavar="TILE", help="The winning tile (default: the last concealed tile).")
@click.option("--tsumo", is_flag=True, help="Won by self-draw (default: ron).")
@click.option("--riichi", is_flag=True)
@click.option("--double-riichi", is_flag=True)
@click.option("--ippatsu", is_flag=True)
@click.option("--rinshan", is_flag=True)
@click.option("--chankan", is_flag=True)
@click.option("--haitei", is_flag=True)
@click.option("--houtei", is_flag=True)
@click.option("--tenhou", is_flag=True)
@click.option("--chiihou", is_flag=True)
@click.option(
    "--seat", type=click.Choice(list(WIND_LETTERS)), default="S", show_default=True, help="Seat wind (E is the dealer)."
)
@click.option("--round", "round_wind", type=click.Choice(list(WIND_LETTERS)), default="E", show_default=True)
@click.option("--dora", default="", metavar="TILES", help="Dora indicators, e.g. 3p1z.")
@click.option("--ura", default="", metavar="TILES", help="Ura dora indicators.")
@click.option("--nuki", default="", metavar="TILES", help="Tiles set aside as nuki dora, e.g. 44z.")
@click.option("--honba", default=0, type=click.IntRange(0, 100))
@click.option("--sticks", default=0, type=click.IntRange(0, 100), help="Riichi sticks on the table.")
@click.option("--first-win/--not-first-win", default=True, help="First win of the round (鳴き立直).")
@click.option("--tenpai-others", default=0, type=click.IntRange(0, 3), help="Other players in tenpai (鳴き立直).")
def score_command(hands: tuple[str, ...], variant: str, as_json: bool, batch: TextIO | None, **options: Any) -> None:
    """Score winning hands under a variant: yaku, han, fu, dora and who pays what.

    HAND is the concealed tiles (the winning tile included), then called melds separated by spaces:
    a run is a chi, three alike a pon, four alike an open kan, a kan in parentheses a concealed kan.

    \b
      variantlang score "234m567p11z777s 789s" --win 7s --tsumo
      variantlang score --variant igishokai-sanma --json "99m123p555p789s111z" --win 1z --dora 1m
    """
    ruleset = _ruleset(variant)
    if batch is not None:
        if hands:
            raise click.UsageError("give either HAND or --batch, not both")
        for number, line in enumerate(batch, start=1):
            if line.strip():
                click.echo(json.dumps({"line": number, **_score_line(ruleset, line)}, ensure_ascii=False))
        return
    if not hands:
        raise click.UsageError("missing HAND (or --batch FILE.jsonl)")
    failed = False
    for text in hands:
        try:
            hand = _win_from_options(text, options)
            result = score(ruleset, hand)
        except (score_json.InputError, ScoreError) as error:
            failed = True
            if as_json:
                click.echo(json.dumps({"ok": False, "hand": text, "error": str(error)}, ensure_ascii=False))
            else:
                click.echo(f"{text}: error: {error}", err=True)
            continue
        if as_json:
            click.echo(json.dumps(score_json.score_json(result, hand), ensure_ascii=False))
        else:
            _print_score(ruleset, hand, result)
    if failed:
        sys.exit(1)


def _win_from_options(text: str, options: dict[str, Any]) -> WinInput:
    closed, melds = score_json.parse_hand_text(text)
    record: dict[str, Any] = {
        "closed": format_tiles(closed, sort=False),
        "melds": [{"type": m.type.value, "tiles": format_tiles(m.tiles)} for m in melds],
        "seat_wind": options["seat"],
        "round_wind": options["round_wind"],
        "dora_indicators": options["dora"],
        "ura_indicators": options["ura"],
        "nuki": options["nuki"],
        "honba": options["honba"],
        "riichi_sticks": options["sticks"],
        "first_win": options["first_win"],
        "tenpai_others": options["tenpai_others"],
    }
    if options["win"]:
        record["win"] = options["win"]
    for flag in CIRCUMSTANCES:
        if flag in options:
            record[flag] = options[flag]
    return score_json.win_input(record)


def _score_line(ruleset: Ruleset, line: str) -> dict[str, Any]:
    try:
        record = json.loads(line)
    except json.JSONDecodeError as error:
        return {"ok": False, "error": f"not a JSON object: {error.msg} at column {error.colno}"}
    try:
        hand = score_json.win_input(record)
        return score_json.score_json(score(ruleset, hand), hand)
    except (score_json.InputError, ScoreError) as error:
        return {"ok": False, "error": str(error)}


def _print_score(ruleset: Ruleset, hand: WinInput, result: Any) -> None:
    console = Console(highlight=False, soft_wrap=True, markup=False)
    label = f"{result.han} han {result.fu} fu" if not result.yakuman else f"yakuman ×{result.yakuman}"
    if result.limit.value:
        label += f" ({result.limit.value.replace('_', ' ')})"
    console.print(f"{score_json.describe_hand(hand)}  [{ruleset.name}]  {label}")
    table = Table(box=None, pad_edge=False, show_header=False)
    for yaku in result.yaku:
        table.add_row(yaku.id, yaku.name_ja, yaku.name_en or "", "yakuman" if yaku.yakuman else str(yaku.han))
    for bonus in result.bonuses:
        table.add_row(bonus.id, bonus.name_ja, bonus.name_en or "(not a yaku)", str(bonus.han))
    for kind, count in result.dora.items():
        table.add_row(kind, "", "dora", str(count))
    console.print(table)
    paid = score_json.points(result.payments, tsumo=hand.tsumo, dealer=hand.seat_wind == 27)
    who = ", ".join(f"{payer.replace('_', ' ')} pays {amount}" for payer, amount in paid.items())
    console.print(f"{who}; the winner receives {result.total}")


# ------------------------------------------------------------------ diff


@main.command("diff")
@click.argument("first", metavar="A")
@click.argument("second", metavar="B")
@click.option("--format", "output", type=click.Choice(["text", "md"]), default="text", show_default=True)
def diff_command(first: str, second: str, output: str) -> None:
    """The rule differences between variants A and B (names or files), after inheritance: each with its
    rule id, both values and the file:line that set it."""
    a, b = _ruleset(first), _ruleset(second)
    entries = diff_rules(a, b)
    click.echo((render_diff_markdown if output == "md" else render_diff_text)(a, b, entries), nl=False)


# ------------------------------------------------------------------ sheet


@main.command("sheet")
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
def sheet_command(variants: tuple[str, ...], directory: Path, lang: str, formats: str) -> None:
    """Printable rule sheets (full sheet and one-page card) for shipped names or .variant files.

    Files are NAME.LANG.html, NAME.card.LANG.html and NAME.LANG.md (and .pdf). Nothing is written unless
    every sheet renders.
    """
    wanted = [f.strip() for f in formats.split(",") if f.strip()]
    unknown = [f for f in wanted if f not in FORMATS]
    if unknown or not wanted:
        raise click.BadParameter(f"formats are {', '.join(FORMATS)}", param_hint="--format")
    langs = LANGS if lang == "both" else (lang,)
    rendered = []
    for variant in variants:
        try:
            rendered += sheets_for(_ruleset(variant), langs, wanted)
        except PdfUnavailable as error:
            click.echo(f"error: {error}", err=True)
            sys.exit(EXIT_BAD_INPUT)
    for path in write_all(rendered, directory):
        click.echo(str(path))
