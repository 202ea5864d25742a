"""Not rules but facts about the rule file: where it comes from, who wrote it, its version and notes."""

from __future__ import annotations

import re

from variantlang.catalog import formats
from variantlang.catalog.declare import section, setting
from variantlang.catalog.entry import Kind, Template, Text
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
    always_dora: tuple[str, ...] = setting(
        "",
        Kind.TEXT,
        rule="-",
        label=Text("Name of the always dora", "常時ドラの呼び名"),
        feeds=(Question.INFORMATION,),
        repeatable=True,
        prose=formats.METADATA,
    )
    """The club's word for its `dora.always` tiles (囲将会's 「5ドラ」), once in each language like `notes`: the
    worked examples and the card's tiles say it where the catalog would say 「常時ドラ」."""
    stick: int = setting(
        0,
        Kind.INT,
        rule="-",
        label=Text("Points per stick", "1本の点数"),
        feeds=(Question.INFORMATION,),
        low=0,
        high=10**6,
        prose=Template(
            Text("The club counts in sticks of {value}.", "点数は本で数える（1本＝{value}）。"),
            formats.in_points,
            empty=Text("Amounts are counted in points.", "点数は点で数える。"),
        ),
    )
    """A club that counts in sticks (囲将会: 1本 = 1000点): the sheet's quick reference and penalty table say
    amounts in sticks. Not a rule: nothing but the sheet reads it."""


DECISION = re.compile(r"^(?:Decision|判断)\s*(?:[\[［](?P<paths>[\w. ]+)[\]］])?\s*[:：]\s*")
"""A decision note: 「判断：…」, or one made at rules, 「判断［riichi.locked］：…」 / "Decision [riichi.locked]: …",
printed at those rules. `check` refuses a path that is not a setting (E0102)."""


WHY = re.compile(r"\s*(?:Why|理由)\s*[:：]\s*")
"""Where a decision note gives its reason (「判断：…。理由：…」 / "Decision: …. Why: …"): the sheet prints both,
the card, which has room for the rule a player applies, only what was decided."""


def decided_at(note: str) -> tuple[str, ...]:
    """The settings a decision note is made at (「判断［riichi.locked］：…」); () for any other note."""
    match = DECISION.match(note)
    return tuple(match["paths"].split()) if match and match["paths"] else ()
