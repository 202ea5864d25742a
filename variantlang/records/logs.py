"""The one reading layer for logs, and the one place a game's logs are written.

A log is as untrusted as a rule file: only a regular file is read (`files.open_regular`); one whose size
says more than `MAX_LOG_BYTES` is refused before a byte is read (a sparse file of many GB fails at once),
and no more than that is read whatever its size says. Where the format allows, the log is read as a
stream: mjai line by line (at most `MAX_LINE_BYTES` a line), mjlog XML a chunk of tags at a time;
tenhou.net/6 is one JSON value, read whole. Every field is checked by the format's reader before the
engine sees it (`records.fields`). The variant is the one the file names (`records.variants.identity`),
else the one `--variant` gives, else one derived from the log's metadata.
"""

from __future__ import annotations

import itertools
import json
import os
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from variantlang.engine.events import Event
from variantlang.engine.rules import EngineRules
from variantlang.files import FileProblem, open_regular
from variantlang.model.ruleset import Ruleset
from variantlang.records import mjai, tenhou6
from variantlang.records.fields import FieldError
from variantlang.records.tenhou_xml import CHUNK_BYTES, Record, RecordError, read_chunks
from variantlang.records.variants import derived_variant, engine_rules, from_identity, identity
from variantlang.syntax.parser import MAX_FILE_BYTES

MAX_LOG_BYTES = 64 * 1024 * 1024
"""No log we read is larger: a Tenhou hanchan is about 30 kB, an mjai one about 100 kB."""
MAX_LINE_BYTES = 8 * MAX_FILE_BYTES
"""No mjai line is longer: an event is under 1 kB, and the longest we write, `start_game` with the
variant's rule text (at most `MAX_FILE_BYTES` of UTF-8), escapes a character to at most six bytes. The
first line of a `.json` or `.jsonl` file, which may be a whole tenhou.net/6 game, is bounded by the file's
limit instead."""


def read_log(path: Path, chosen: Ruleset | None = None) -> tuple[Record, Ruleset]:
    """A log in whichever format it is (mjai JSON lines: `.mjson`, `.jsonl` or JSON whose first line is an
    mjai event; tenhou.net/6 JSON; Tenhou mjlog XML) and the variant to replay it under: `chosen`, else
    the one the file names, else the one derived from its metadata."""
    name = str(path)
    with _opened(path) as stream:
        if path.suffix not in (".json", ".jsonl", ".mjson"):
            record = read_chunks(_chunks(stream, path), name)
            return record, chosen or _derived(record, name)
        first_limit = MAX_LINE_BYTES if path.suffix == ".mjson" else MAX_LOG_BYTES
        lines = _lines(stream, path, first_limit)
        first = next(lines, "")
        if path.suffix != ".mjson" and not mjai.is_mjai(first):
            return _tenhou6(first + "".join(lines), name, chosen)
        return _mjai(itertools.chain([first], lines), path, chosen)


@contextmanager
def _opened(path: Path) -> Iterator[BinaryIO]:
    """A log file open for reading: RecordError for one that is not a regular file or says it is too large."""
    try:
        with open_regular(path) as stream:
            size = os.fstat(stream.fileno()).st_size
            if size > MAX_LOG_BYTES:
                raise RecordError(f"{path}: {size} bytes, larger than {_mib(MAX_LOG_BYTES)}: not a log we read")
            yield stream
    except FileProblem as problem:
        raise RecordError(f"{path}: {problem.message}") from None


def _mib(limit: int) -> str:
    return f"{limit // 2**20} MiB"


def _too_large(path: Path) -> RecordError:
    return RecordError(f"{path}: larger than {_mib(MAX_LOG_BYTES)}: not a log we read")


def _chunks(stream: BinaryIO, path: Path) -> Iterator[bytes]:
    """The file's bytes a chunk at a time, at most `MAX_LOG_BYTES` of them (a file may say less, or grow)."""
    total = 0
    while chunk := _read(stream, path, CHUNK_BYTES):
        total += len(chunk)
        if total > MAX_LOG_BYTES:
            raise _too_large(path)
        yield chunk


def _lines(stream: BinaryIO, path: Path, first_limit: int) -> Iterator[str]:
    """The file's lines as text, each at most `MAX_LINE_BYTES` (the first `first_limit`), at most
    `MAX_LOG_BYTES` in all; a line is read only when the reader asks for it."""
    total = 0
    for number in itertools.count(1):
        limit = first_limit if number == 1 else MAX_LINE_BYTES
        raw = _read(stream, path, limit + 1, line=True)
        if not raw:
            return
        total += len(raw)
        if total > MAX_LOG_BYTES:
            raise _too_large(path)
        if len(raw) > limit:
            raise RecordError(f"{path}:{number}: a line longer than {_mib(limit)}: not a log we read")
        try:
            yield raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise RecordError(f"{path}:{number}: not UTF-8 text (byte {error.start + 1} of the line)") from None


def _read(stream: BinaryIO, path: Path, size: int, *, line: bool = False) -> bytes:
    try:
        return stream.readline(size) if line else stream.read(size)
    except OSError as error:
        raise RecordError(f"{path}: cannot read the file: {error.strerror}") from None


def _tenhou6(text: str, name: str, chosen: Ruleset | None) -> tuple[Record, Ruleset]:
    objects = tenhou6.parse(text, name)
    named = objects[0].get("variant")
    ruleset = chosen or (from_identity(named, name) if named is not None else None)
    record = tenhou6.read_objects(objects, name, ruleset)
    return record, ruleset or _derived(record, name)


def _mjai(lines: Iterable[str], path: Path, chosen: Ruleset | None) -> tuple[Record, Ruleset]:
    name = str(path)
    parsed = mjai.parse(lines, name)
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
