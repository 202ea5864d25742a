"""Which files a list of log paths and folders names: every kind of log the readers take."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

LOG_SUFFIXES = (".xml", ".mjlog", ".json", ".jsonl", ".mjson")
"""Tenhou mjlog XML (`.xml`, `.mjlog`), tenhou.net/6 JSON (`.json`) and mjai JSON lines (`.jsonl`, `.mjson`)."""


def log_files(paths: Iterable[Path]) -> list[Path]:
    """The log files named, folders searched (sorted) for every readable kind. In a folder, a tenhou.net/6
    `X.json` beside an mjai `X.mjson` is the same game (`simulate --logs` writes both) and is read once."""
    out: list[Path] = []
    for path in paths:
        if path.is_dir():
            found = sorted(p for p in path.rglob("*") if p.is_file() and p.suffix in LOG_SUFFIXES)
            out += [p for p in found if not (p.suffix == ".json" and p.with_suffix(".mjson").is_file())]
        else:
            out.append(path)
    return out
