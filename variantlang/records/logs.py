"""The one reading layer for logs, and the one place a game's logs are written.

A log is as untrusted as a rule file: only a regular file is read, at most `MAX_LOG_BYTES` of it
(`files.read_regular`), as UTF-8; every field is checked by the format's reader before the engine sees it
(`records.fields`). The variant is the one the file names (`records.variants.identity`), else the one
`--variant` gives, else one derived from the log's metadata.
"""

from __future__ import annotations

import json
from pathlib import Path

from variantlang.engine.events import Event
from variantlang.engine.rules import EngineRules
from variantlang.files import FileProblem, read_regular
from variantlang.model.ruleset import Ruleset
from variantlang.records import mjai, tenhou6
from variantlang.records.fields import FieldError
from variantlang.records.tenhou_xml import Record, RecordError
from variantlang.records.tenhou_xml import read_text as read_xml
from variantlang.records.variants import derived_variant, engine_rules, from_identity, identity

MAX_LOG_BYTES = 64 * 1024 * 1024
"""No log we read is larger: a Tenhou hanchan is about 30 kB, an mjai one about 100 kB."""


def log_text(path: Path) -> str:
    """A log file's text: RecordError for a file that is not a regular file, too large, or not UTF-8."""
    try:
        data = read_regular(path, MAX_LOG_BYTES)
    except FileProblem as problem:
        raise RecordError(f"{path}: {problem.message}") from None
    if len(data) > MAX_LOG_BYTES:
        raise RecordError(f"{path}: larger than {MAX_LOG_BYTES // 2**20} MiB: not a log we read")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RecordError(f"{path}: not UTF-8 text (byte {error.start})") from None


def read_log(path: Path, chosen: Ruleset | None = None) -> tuple[Record, Ruleset]:
    """A log in whichever format it is (mjai JSON lines: `.mjson`, `.jsonl` or JSON whose first line is an
    mjai event; tenhou.net/6 JSON; Tenhou mjlog XML) and the variant to replay it under: `chosen`, else
    the one the file names, else the one derived from its metadata."""
    text = log_text(path)
    name = str(path)
    if path.suffix not in (".json", ".jsonl", ".mjson"):
        record = read_xml(text, name)
        return record, chosen or _derived(record, name)
    if path.suffix != ".mjson" and not mjai.is_mjai(text):
        objects = tenhou6.parse(text, name)
        named = objects[0].get("variant")
        ruleset = chosen or (from_identity(named, name) if named is not None else None)
        record = tenhou6.read_objects(objects, name, ruleset)
        return record, ruleset or _derived(record, name)
    parsed = mjai.parse(text.splitlines(), name)
    named = mjai.identity(parsed)
    ruleset = chosen or (from_identity(named, name) if named is not None else None)
    if ruleset is None:
        flags = mjai.flags(parsed, name)
        sketch = Record(path.name, flags, [], None)
        ruleset = _derived(sketch, name, tenhou=False, start=mjai.first_scores(parsed))
    return mjai.to_record(parsed, engine_rules(ruleset).tiles, name), ruleset


def _derived(record: Record, name: str, *, tenhou: bool = True, start: tuple[int, ...] | None = None) -> Ruleset:
    try:
        return derived_variant(record, tenhou=tenhou, start=start)
    except FieldError as error:
        raise RecordError(f"{name}: {error}") from None


def game_logs(events: list[Event], rules: EngineRules, names: tuple[str, ...] = ()) -> tuple[str, str]:
    """One game's mjai JSON lines and tenhou.net/6 JSON, each carrying the variant's identity."""
    variant = identity(rules.ruleset)
    lines = "".join(line + "\n" for line in mjai.write(events, rules.tiles, variant))
    viewer = tenhou6.write(events, rules.ruleset, names=names, variant=variant)
    return lines, json.dumps(viewer, ensure_ascii=False)
