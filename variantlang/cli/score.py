"""`variantlang score`: a point calculator for any variant, for hands on the command line or JSON lines."""

from __future__ import annotations

import json
import sys
from typing import Any, BinaryIO

import click
from rich.console import Console
from rich.table import Table

from variantlang.api import score
from variantlang.cli.common import EXIT_PROBLEMS, ruleset_option_value
from variantlang.hand.notation import HandNotationError, format_hand, parse_hand
from variantlang.hand.tiles import WIND_LETTERS, format_tiles
from variantlang.io import wins
from variantlang.io.batch import answers
from variantlang.model.ruleset import Ruleset
from variantlang.model.win import CIRCUMSTANCES, Score, WinInput
from variantlang.reports.sheets.labels import LABELS
from variantlang.reports.sheets.model import breakdown, dora_names
from variantlang.rules.limits import uses_fu
from variantlang.scoring.scorer import ScoreError


@click.command("score")
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
    type=click.File("rb"),
    metavar="FILE.jsonl",
    help="Read one JSON win per line (- for stdin); write one JSON result per line, in order.",
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
@click.option("--renhou", is_flag=True, help="A non-dealer's ron before their first draw.")
@click.option("--open-riichi", is_flag=True, help="Riichi declared with the hand shown (give --riichi too).")
@click.option("--discarder-riichi", is_flag=True, help="The discarder of a ron was in riichi (open riichi payment).")
@click.option(
    "--seat",
    type=click.Choice(list(WIND_LETTERS)),
    default=wins.DEFAULT_WIND,
    show_default=True,
    help="Seat wind (E is the dealer).",
)
@click.option(
    "--discarder",
    type=click.Choice(list(WIND_LETTERS)),
    help="The seat wind of a ron's discarder, for payments that depend on the payer (default: the player "
    "before the winner).",
)
@click.option(
    "--round", "round_wind", type=click.Choice(list(WIND_LETTERS)), default=wins.DEFAULT_WIND, show_default=True
)
@click.option("--dora", default="", metavar="TILES", help="Dora indicators, e.g. 3p1z.")
@click.option("--ura", default="", metavar="TILES", help="Ura dora indicators.")
@click.option("--nuki", default="", metavar="TILES", help="Tiles set aside as nuki dora, e.g. 44z.")
@click.option("--honba", default=0, type=click.IntRange(0, 100))
@click.option("--sticks", default=0, type=click.IntRange(0, 100), help="Riichi sticks on the table.")
@click.option("--first-win/--not-first-win", default=True, help="First win of the round (鳴き立直).")
@click.option("--tenpai-others", default=0, type=click.IntRange(0, 3), help="Other players in tenpai (鳴き立直).")
def command(hands: tuple[str, ...], variant: str, as_json: bool, batch: BinaryIO | None, **options: Any) -> None:
    """Score winning hands under a variant: yaku, han, fu, dora and who pays what.

    HAND is the concealed tiles (the winning tile included), then called melds separated by spaces:
    a run is a chi, three alike a pon, four alike an open kan, a kan in parentheses a concealed kan.

    \b
      variantlang score "234m567p11z777s 789s" --win 7s --tsumo
      variantlang score --variant igishokai-sanma --json "99m123p555p789s111z" --win 1z --dora 1m
    """
    ruleset = ruleset_option_value(variant)
    if batch is not None:
        if hands:
            raise click.UsageError("give either HAND or --batch, not both")
        for line in answers(batch, lambda record: _score_record(ruleset, record)):
            click.echo(line)
        return
    if not hands:
        raise click.UsageError("missing HAND (or --batch FILE.jsonl)")
    failed = False
    for text in hands:
        try:
            hand = _win_from_options(text, options)
            result = score(ruleset, hand)
        except (wins.InputError, HandNotationError, ScoreError) as error:
            failed = True
            message = str(error)
            if len(hands) > 1 and "tiles where a win has 14" in message:
                message += f'; melds go in the same quoted HAND as the concealed tiles: "{" ".join(hands[:2])}"'
            if as_json:
                click.echo(json.dumps({"ok": False, "hand": text, "error": message}, ensure_ascii=False))
            else:
                click.echo(f"{text}: error: {message}", err=True)
            continue
        if as_json:
            scored = wins.score_json(result, hand)
            failed = failed or not scored["ok"]
            click.echo(json.dumps(scored, ensure_ascii=False, allow_nan=False))
        else:
            _print_score(ruleset, hand, result)
    if failed:
        sys.exit(EXIT_PROBLEMS)


def _win_from_options(text: str, options: dict[str, Any]) -> WinInput:
    closed, melds = parse_hand(text)
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
        "discarder_riichi": options["discarder_riichi"],
        "discarder": options["discarder"],
    }
    if options["win"]:
        record["win"] = options["win"]
    for flag in CIRCUMSTANCES:
        if flag in options:
            record[flag] = options[flag]
    return wins.win_input(record)


def _score_record(ruleset: Ruleset, record: object) -> dict[str, Any]:
    hand = wins.win_input(record)
    return wins.score_json(score(ruleset, hand), hand)


def _print_score(ruleset: Ruleset, hand: WinInput, result: Score) -> None:
    console = Console(highlight=False, soft_wrap=True, markup=False)
    label = f"{result.han} han {result.fu} fu" if not result.yakuman else f"yakuman ×{result.yakuman}"
    if not uses_fu(ruleset.payment):
        # a formula payment reads no fu: say what it reads, as the sheet does
        label = breakdown(result, LABELS["en"], kinds=dora_names(ruleset, "en"))
    if any(yaku.limit for yaku in result.yaku):
        label = f"{result.limit.value} (a limit yaku)"
    elif result.limit.value:
        label += f" ({result.limit.value.replace('_', ' ')})"
    console.print(f"{format_hand(hand.closed, hand.melds)}  [{ruleset.name}]  {label}")
    table = Table(box=None, pad_edge=False, show_header=False)
    for yaku in result.yaku:
        value = "yakuman" if yaku.yakuman else yaku.limit or str(yaku.han)
        table.add_row(yaku.id, yaku.name_ja, yaku.name_en or "", value)
    for bonus in result.bonuses:
        table.add_row(bonus.id, bonus.name_ja, bonus.name_en or "(not a yaku)", str(bonus.han))
    for kind, count in result.dora.items():
        table.add_row(kind, "", "dora", str(count))
    console.print(table)
    paid = result.payments.named(tsumo=hand.tsumo, dealer=hand.seat_wind == 27)
    who = ", ".join(f"{LABELS['en']['payer_' + payer]} {amount}" for payer, amount in paid.items())
    console.print(f"{who}; the winner receives {result.total}")
    chips = result.chips
    if chips is not None and chips.by_kind:
        kinds = ", ".join(f"{kind.replace('_', ' ')} {n}" for kind, n in chips.by_kind.items())
        payer = "each other player pays" if hand.tsumo else "the discarder pays"
        worth = f" ({chips.total * chips.value} points at settlement)" if chips.value else ""
        console.print(f"chips: {kinds}; {payer} {chips.each}, {chips.total} in all{worth}")
