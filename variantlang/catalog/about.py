"""Not rules but facts about the rule file: where it comes from, who wrote it, its version and notes."""

from __future__ import annotations

from variantlang.catalog import formats
from variantlang.catalog.declare import section, setting
from variantlang.catalog.entry import Kind, Text
from variantlang.catalog.feeds import Question


@section("about", sheet="setup")
class About:
    source: tuple[str, ...] = setting(
        "",
        Kind.TEXT,
        rule="-",
        label=Text("Source", "出典"),
        feeds=(Question.INFORMATION,),
        repeatable=True,
        prose=formats.METADATA,
    )
    """Like `notes`, may be given once in each language; a sheet prints the one in its own."""
    credit: str = setting(
        "",
        Kind.TEXT,
        rule="-",
        label=Text("Credit", "作成"),
        feeds=(Question.INFORMATION,),
        prose=formats.METADATA,
    )
    version: str = setting(
        "",
        Kind.TEXT,
        rule="-",
        label=Text("Version", "版"),
        feeds=(Question.INFORMATION,),
        prose=formats.METADATA,
    )
    notes: tuple[str, ...] = setting(
        "",
        Kind.TEXT,
        rule="-",
        label=Text("Notes", "備考"),
        feeds=(Question.INFORMATION,),
        repeatable=True,
        prose=formats.METADATA,
    )
