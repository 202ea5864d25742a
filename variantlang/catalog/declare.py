"""How the catalog's section modules declare their settings: `section` makes a class the typed record of
a section, and each of its fields is a `setting(...)`, whose keywords are the parts of its entry
(`entry.Setting`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from variantlang.catalog.entry import Kind, Prose, Setting, Text
from variantlang.catalog.feeds import Consumer, Played, Question


def setting(
    default: Any,
    kind: Kind,
    *,
    rule: str,
    label: Text,
    feeds: tuple[Question, ...],
    prose: Prose,
    sheet: str = "",
    low: int | None = None,
    high: int | None = None,
    repeatable: bool = False,
    short: Mapping[str, Text] | None = None,
    glance: int | None = None,
    abortive: bool = False,
    applies: Callable[[Any], bool] | None = None,
    quiet: bool = False,
    said_off: Callable[[Any], bool] | None = None,
    conditional: bool = False,
    played: Played | None = None,
    unaffected: Mapping[Consumer, str] | None = None,
) -> Any:
    """A field of a section record: its default, and its entry (`section` gives it its section, its key
    and, unless `sheet` names another, the section's sheet section). Each keyword is a part of the entry
    (`Setting` says what each means): `rule`, `label`, `feeds` and `prose` are
    required, the others are said only where they differ from the usual."""
    entry = Setting(
        section="",
        key="",
        kind=kind,
        default=default,
        rule=rule,
        label=label,
        feeds=feeds,
        prose=prose,
        sheet=sheet,
        low=low,
        high=high,
        repeatable=repeatable,
        short=dict(short or {}),
        glance=glance,
        abortive=abortive,
        applies=applies,
        quiet=quiet,
        said_off=said_off,
        conditional=conditional,
        played=played,
        unaffected=dict(unaffected or {}),
    )
    return field(default=default, metadata={"setting": entry})


Record = TypeVar("Record")


def section(name: str, *, sheet: str) -> Callable[[type[Record]], type[Record]]:
    """Make a class a section of the catalog: a frozen record of its settings, whose entries are listed
    in `SECTIONS[name]` (the sheet section `sheet` is the default for its settings)."""

    def register(cls: type[Record]) -> type[Record]:
        record = dataclass(frozen=True, slots=True)(cls)
        entries = []
        for f in dataclasses.fields(record):  # type: ignore[arg-type]
            entry: Setting = f.metadata["setting"]
            entries.append(dataclasses.replace(entry, section=name, key=f.name, sheet=entry.sheet or sheet))
        SECTIONS[name] = (record, tuple(entries))
        return record

    return register


SECTIONS: dict[str, tuple[type, tuple[Setting, ...]]] = {}
"""Every section in declaration order: its record class and its settings."""
