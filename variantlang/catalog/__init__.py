"""Every rule setting a variant may state, each declared once (`declare.setting`) in the module of its
section: type, domain, default, rule id, labels, the sheet's sentences in both languages, where the sheet
prints it, when it applies and what it feeds (the rule questions it changes, `catalog.feeds`). Checking,
compiling, `diff` and the rule sheet all read these entries; the section classes are the typed records of
the compiled Ruleset.

Defaults are the bare minimum a table needs (four players, 136 tiles, no house options); the shipped
`standard.variant` states Tenhou's choices explicitly, so they appear on its sheet and in diffs.
"""

from __future__ import annotations

from typing import Any

from variantlang.catalog.about import About
from variantlang.catalog.calls import CallsSettings
from variantlang.catalog.chips import ChipsSettings
from variantlang.catalog.declare import SECTIONS
from variantlang.catalog.dora import DoraSettings
from variantlang.catalog.draws import DrawsSettings
from variantlang.catalog.entry import Context, Kind, Setting, Text
from variantlang.catalog.feeds import Consumer, Question
from variantlang.catalog.game import GameSettings
from variantlang.catalog.payment import PaymentSettings
from variantlang.catalog.penalties import PenaltiesSettings
from variantlang.catalog.riichi import RiichiSettings
from variantlang.catalog.tiles import TilesSettings
from variantlang.catalog.win import WinSettings

__all__ = [
    "BOOL_WORDS",
    "BY_PATH",
    "FORMULA_SECTION",
    "SECTIONS",
    "SECTION_NAMES",
    "SETTINGS",
    "About",
    "CallsSettings",
    "ChipsSettings",
    "Consumer",
    "Context",
    "DoraSettings",
    "DrawsSettings",
    "GameSettings",
    "Kind",
    "PaymentSettings",
    "PenaltiesSettings",
    "Question",
    "RiichiSettings",
    "Setting",
    "Text",
    "TilesSettings",
    "WinSettings",
    "lookup",
    "records",
]


SECTION_NAMES = ("about", "tiles", "game", "draws", "win", "calls", "riichi", "dora", "payment", "chips", "penalties")
"""The sections in the order sheets and diffs list them."""
assert set(SECTION_NAMES) == set(SECTIONS)

SETTINGS: tuple[Setting, ...] = tuple(entry for name in SECTION_NAMES for entry in SECTIONS[name][1])
"""Every setting, section by section, in declaration order (the order of sheets and diffs)."""
BY_PATH: dict[str, Setting] = {s.path: s for s in SETTINGS}

FORMULA_SECTION = "payment"
"""The one section whose statements may also be `name = expression [when condition]`."""

BOOL_WORDS = {"on": True, "off": False, "yes": True, "no": False, "true": True, "false": False}


def lookup(section: str, key: str) -> Setting | None:
    return BY_PATH.get(f"{section}.{key}")


def records(values: dict[str, Any]) -> dict[str, Any]:
    """Each section's typed record from values by `section.key` (a missing one keeps its default)."""
    out = {}
    for name in SECTION_NAMES:
        record, entries = SECTIONS[name]
        out[name] = record(**{e.key: values[e.path] for e in entries if e.path in values})
    return out
