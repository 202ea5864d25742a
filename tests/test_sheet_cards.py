"""The one-page card (issue 13, item 6) leads with what differs from the parent and with the tiles the
variant singles out, drawn (each face defined once on the page); printed, every card is exactly one A4 page."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from markupsafe import escape

from variantlang import Ruleset
from variantlang.api import load, shipped_names
from variantlang.reports.sheets.model import Sheet, build
from variantlang.reports.sheets.render import LANGS, SheetRenderer, chromium, html_to_pdf
from variantlang.reports.sheets.tiles import tiles_svg


def card(ruleset: Ruleset, lang: str) -> tuple[Sheet, str]:
    parent = load(ruleset.parent_path) if ruleset.parent_path else None
    sheet = build(ruleset, lang, parent)
    html = next(r.content for r in SheetRenderer().render(sheet, ["html"]) if ".card." in r.name)
    assert isinstance(html, str)
    return sheet, html


@pytest.mark.parametrize("name", shipped_names())
def test_the_card_leads_with_the_differences_and_the_tiles(name: str, shipped: Callable[[str], Ruleset]) -> None:
    for lang in LANGS:
        sheet, html = card(shipped(name), lang)
        lead = html[html.index('<section class="lead">') : html.index("</section>")]
        assert re.findall(r'<symbol id="([^"]+)"', html) == sorted(set(re.findall(r'href="#([^"]+)"', html)))
        assert html.index("</section>") < html.index('<div class="glance">')
        settings = [d for d in sheet.differences if not d.path.startswith(("yaku.", "bonus.", "payment.formula"))]
        for entry in settings:
            assert f"<b>{escape(entry.label)}</b>" in lead, (lang, entry.path)
        for group in sheet.tile_groups:
            assert str(escape(group.label)) in lead and tiles_svg(group.tiles) in lead, (lang, group.path)
        for change in sheet.yaku_changes:
            if change.before == "—":  # a new yaku is always named
                assert f"{escape(change.name)} <strong>{change.after}</strong>" in lead, (lang, change.name)


def test_the_igishokai_card_shows_what_makes_it_itself(shipped: Callable[[str], Ruleset]) -> None:
    """The issue's own example: 5ドラ, 抜きドラ (5m and 北), the 萬子 dora cycle, the red 5m."""
    sheet, html = card(shipped("igishokai-sanma"), "ja")
    groups = {g.path: g.tiles for g in sheet.tile_groups}
    assert groups["dora.always"] == "5m5p5s" and groups["dora.nuki"] == "5m4z" and groups["tiles.red"] == "0m0p0s"
    assert ("5m", "5m") in sheet.dora_map and ("1m", "9m") in sheet.dora_map
    assert 'class="dora-pairs"' in html and 'aria-label="0m (red)"' in html


@pytest.mark.slow
@pytest.mark.skipif(chromium() is None, reason="printing needs a headless Chromium")
@pytest.mark.parametrize("name", shipped_names())
def test_every_card_prints_on_one_a4_page(name: str, shipped: Callable[[str], Ruleset]) -> None:
    for lang in LANGS:
        pdf = html_to_pdf(card(shipped(name), lang)[1])
        assert len(re.findall(rb"/Type\s*/Page(?!s)", pdf)) == 1, lang
