"""The card (issues 13 and 22) leads with the tiles the variant singles out, drawn (each face defined once
on the page), and the settings at a glance; it keeps its penalty, furiten and call boxes, and ends with what
differs from the parent, for players who know it. Printed, a card takes one or two A4 pages
(`test_sheet_club`)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from builds import pure_only
from markupsafe import escape

from variantlang import Ruleset
from variantlang.api import load, shipped_names
from variantlang.reports.sheets.model import Sheet, build
from variantlang.reports.sheets.render import LANGS, SheetRenderer
from variantlang.reports.sheets.tiles import tiles_svg

pytestmark = pure_only


def card(ruleset: Ruleset, lang: str) -> tuple[Sheet, str]:
    parent = load(ruleset.parent_path) if ruleset.parent_path else None
    sheet = build(ruleset, lang, parent)
    html = next(r.content for r in SheetRenderer().render(sheet, ["html"]) if ".card." in r.name)
    assert isinstance(html, str)
    return sheet, html


@pytest.mark.parametrize("name", shipped_names())
def test_the_card_leads_with_the_tiles_and_ends_with_the_differences(
    name: str, shipped: Callable[[str], Ruleset]
) -> None:
    for lang in LANGS:
        sheet, html = card(shipped(name), lang)
        lead = html[html.index('<section class="lead">') : html.index("</section>")]
        assert re.findall(r'<symbol id="([^"]+)"', html) == sorted(set(re.findall(r'href="#([^"]+)"', html)))
        assert '<div class="glance">' in lead
        for group in sheet.tile_groups:
            assert str(escape(group.label)) in lead and tiles_svg(group.tiles) in lead, (lang, group.path)
        for table in (sheet.penalty_table, sheet.furiten_table, sheet.calls_table):
            assert table is not None and f"<h3>{escape(table.title)}</h3>" in html, (lang, name)
        settings = [d for d in sheet.differences if not d.path.startswith(("yaku.", "bonus.", "payment.formula"))]
        if sheet.parent is None or len(settings) > 24:  # past 24, the header line says how many differ
            assert 'class="for-parent"' not in html
            if sheet.parent is not None:
                meta = html[html.index('<p class="meta">') :]
                assert f"{len(settings)}" in meta[: meta.index("</p>")], (lang, name)
            continue
        tail = html[html.index('<section class="for-parent">') :]
        assert html.index('<section class="table-side">') < html.index('<section class="for-parent">')
        for entry in settings:
            assert f"<b>{escape(entry.label)}</b>" in tail, (lang, entry.path)
        for change in sheet.yaku_changes:
            if change.before == "—":  # a new yaku is always named
                assert f"{escape(change.name)} <strong>{change.after}</strong>" in tail, (lang, change.name)


def test_the_igishokai_card_shows_what_makes_it_itself(shipped: Callable[[str], Ruleset]) -> None:
    """The issue's own example: 5ドラ, 抜きドラ (5m and 北), the 萬子 dora cycle, the red 5m."""
    sheet, html = card(shipped("igishokai-sanma"), "ja")
    groups = {g.path: g.tiles for g in sheet.tile_groups}
    assert groups["dora.always"] == "5m5p5s" and groups["dora.nuki"] == "5m4z" and groups["tiles.red"] == "0m0p0s"
    assert ("5m", "5m") in sheet.dora_map and ("1m", "9m") in sheet.dora_map
    assert 'class="dora-pairs"' in html and 'aria-label="0m (red)"' in html


@pytest.mark.parametrize("name", shipped_names())
def test_the_card_marks_the_closed_only_yakuman_as_the_sheet_does(name: str, shipped: Callable[[str], Ruleset]) -> None:
    """The card's yakuman list has no open column, so a yakuman the sheet's table prints — open (天和, 国士無双,
    四暗刻, …) says 門前 / closed beside its name there; one that holds open (大三元) says nothing."""
    for lang in LANGS:
        sheet, html = card(shipped(name), lang)
        for y in sheet.yakuman:
            shown = str(escape(y.name_ja if lang == "ja" else y.name_en or y.name_ja))
            cell = re.search(rf'<span>{re.escape(shown)}(?: ★)?</span><span class="han">([^<]*)</span>', html)
            assert cell is not None, (lang, y.id)
            assert (sheet.t["card_closed"] in cell.group(1).split()) is (y.open == "—"), (lang, y.id, cell.group(1))


@pytest.mark.parametrize("name", shipped_names())
def test_both_cards_print_the_same_worked_examples_under_their_heading(
    name: str, shipped: Callable[[str], Ruleset]
) -> None:
    """The ja and en cards print the same worked examples (鳴き立直's en card printed 3 to the ja card's 4: the
    decisions' room was counted in examples while they lie two to a row), and the heading keeps its first row
    with it on the page (the reader's findings 13 and 16)."""
    shown = {}
    for lang in LANGS:
        sheet, html = card(shipped(name), lang)
        shown[lang] = len(re.findall(r'<span class="score">', html.partition('<div class="keep">')[2]))
        if sheet.worked and sheet.formula:
            keep = html[html.index('<div class="keep">') :]
            assert (
                keep.index(f"<h3>{sheet.t['worked']}</h3>")
                < keep.index('<div class="worked-cards">')
                < keep.index("</div>\n</div>")
            )
    assert shown["ja"] == shown["en"]
