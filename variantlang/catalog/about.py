"""Not rules but facts about the rule file: where it comes from, who wrote it, its version and notes."""

from __future__ import annotations

from variantlang.catalog import formats
from variantlang.catalog.entry import Kind, Stage, Text, section, setting

SHEET = Stage.SHEET


@section("about", sheet="setup")
class About:
    source: tuple[str, ...] = setting(
        "",
        Kind.TEXT,
        rule="-",
        label=Text("Source", "出典"),
        stage=SHEET,
        repeatable=True,
        prose=formats.METADATA,
    )
    """Like `notes`, may be given once in each language; a sheet prints the one in its own."""
    credit: str = setting(
        "",
        Kind.TEXT,
        rule="-",
        label=Text("Credit", "作成"),
        stage=SHEET,
        prose=formats.METADATA,
    )
    version: str = setting(
        "",
        Kind.TEXT,
        rule="-",
        label=Text("Version", "版"),
        stage=SHEET,
        prose=formats.METADATA,
    )
    notes: tuple[str, ...] = setting(
        "",
        Kind.TEXT,
        rule="-",
        label=Text("Notes", "備考"),
        stage=SHEET,
        repeatable=True,
        prose=formats.METADATA,
    )
