"""Rule sheets from a Ruleset: Jinja2 templates for the full sheet (HTML with print CSS, Markdown) and the
one-page card (HTML), optionally PDF through a headless Chromium.

Output is reproducible (no timestamps: the title block carries the content hash) and all-or-nothing:
every file is rendered in memory first and written only when all rendered.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from markupsafe import Markup, escape

from variantlang.api import load
from variantlang.model.ruleset import Ruleset
from variantlang.reports.sheets.labels import LABELS
from variantlang.reports.sheets.model import Sheet, build
from variantlang.reports.sheets.tiles import hand_svg, text_with_tiles, tiles_svg, with_faces

LANGS = ("ja", "en")
FORMATS = ("html", "md", "pdf")
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


class PdfUnavailable(RuntimeError):
    """No headless browser to print PDF with."""


@dataclass(frozen=True)
class Rendered:
    name: str
    """File name inside the output directory."""
    content: str | bytes


class SheetRenderer:
    def __init__(self) -> None:
        self.html = Environment(
            loader=PackageLoader("variantlang.reports.sheets", "templates"),
            autoescape=select_autoescape(("html", "html.j2")),
            undefined=StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
            keep_trailing_newline=True,
        )
        self.html.filters["tiles"] = tiles_svg
        self.html.filters["tiletext"] = text_with_tiles
        self.html.filters["hand"] = hand_svg
        self.html.filters["md_cell"] = _md_cell
        self.html.filters["text_width"] = text_width
        self.html.filters["decided"] = decided
        self.css = (Path(__file__).parent / "templates" / "sheet.css").read_text(encoding="utf-8")

    def render(self, sheet: Sheet, formats: Iterable[str]) -> list[Rendered]:
        base = f"{sheet.name}.{sheet.lang}"
        out = []
        formats = list(formats)
        if "html" in formats or "pdf" in formats:
            html = with_faces(self.html.get_template("sheet.html.j2").render(s=sheet, css=Markup(self.css)))
            card = with_faces(self.html.get_template("card.html.j2").render(s=sheet, css=Markup(self.css)))
            if "html" in formats:
                out += [Rendered(f"{base}.html", html), Rendered(f"{sheet.name}.card.{sheet.lang}.html", card)]
            if "pdf" in formats:
                out.append(Rendered(f"{base}.pdf", html_to_pdf(html)))
                out.append(Rendered(f"{sheet.name}.card.{sheet.lang}.pdf", html_to_pdf(card)))
        if "md" in formats:
            out.append(Rendered(f"{base}.md", self.html.get_template("sheet.md.j2").render(s=sheet)))
        return out


_DECIDED = {"（判断：": "（{badge}", "(decision: ": "({badge} "}
"""How a rule sentence marks the part the sheet decided where the source is silent (the catalog's words)."""


def decided(text: Markup, lang: str) -> Markup:
    """A rule sentence with its 「（判断：…）」 / "(decision: …)" part marked by the same 判断 badge as the
    decisions elsewhere, not as plain text inside the bold rule (reader s34 #24)."""
    badge = Markup('<b class="decision">{}</b>').format(LABELS[lang]["decision"])
    for plain, marked in _DECIDED.items():
        text = Markup(text.replace(plain, Markup(marked).format(badge=badge)))
    return text


def text_width(text: object) -> int:
    """How wide a text sets, in Latin letters: a kanji or kana (East Asian wide or full-width) counts two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in str(text))


def _md_cell(value: object) -> str:
    return str(escape(str(value))).replace("|", "\\|").replace("\n", " ")


def sheets_for(ruleset: Ruleset, langs: Iterable[str], formats: Iterable[str]) -> list[Rendered]:
    """Every file of a variant's sheets, rendered in memory."""
    parent = load(ruleset.parent_path) if ruleset.parent_path else None
    renderer = SheetRenderer()
    out: list[Rendered] = []
    for lang in langs:
        out += renderer.render(build(ruleset, lang, parent), formats)
    return out


def chromium() -> str | None:
    return next((path for name in CHROMIUM_NAMES if (path := shutil.which(name))), None)


def html_to_pdf(html: str) -> bytes:
    """Print HTML to PDF with a headless Chromium (A4, the sheet's print CSS)."""
    browser = chromium()
    if browser is None:
        raise PdfUnavailable("PDF needs a headless Chromium: install it (Debian: apt-get install chromium)")
    with tempfile.TemporaryDirectory() as work:
        page, pdf = Path(work) / "sheet.html", Path(work) / "sheet.pdf"
        page.write_text(html, encoding="utf-8")
        command = [
            browser,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            f"--user-data-dir={work}/profile",
            "--no-pdf-header-footer",
            f"--print-to-pdf={pdf}",
            page.as_uri(),
        ]
        subprocess.run(command, check=True, capture_output=True, timeout=120)
        return pdf.read_bytes()
