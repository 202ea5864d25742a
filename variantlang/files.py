"""Reading untrusted files and writing outputs, once for every command.

A path from the command line or from inside a folder may name a FIFO, a device, a folder or a file far
larger than any log or rule file: only a regular file is read, opened without blocking, and at most
`limit + 1` bytes of it. An output is written whole or not at all.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path


class FileProblem(OSError):
    """A file that cannot be read. `kind` is `unreadable` or `not_regular`; the message says what was
    found, in words for the user."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message


def _kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    return "a pipe" if stat.S_ISFIFO(mode) else "a device or socket"


def read_regular(path: Path, limit: int) -> bytes:
    """At most `limit + 1` bytes of a regular file: a caller given more than `limit` knows the file is
    too large without having read the rest."""
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise FileProblem("unreadable", f"cannot read the file: {error.strerror}") from None
    try:
        mode = os.fstat(handle).st_mode
        if not stat.S_ISREG(mode):
            raise FileProblem("not_regular", f"not a regular file: this is {_kind_of(mode)}")
        with os.fdopen(os.dup(handle), "rb") as stream:
            data = stream.read(limit + 1)
    except OSError as error:
        if isinstance(error, FileProblem):
            raise
        raise FileProblem("unreadable", f"cannot read the file: {error.strerror}") from None
    finally:
        os.close(handle)
    return data


def write_atomic(path: Path, text: str) -> None:
    """Write through a temporary name beside `path` and rename: a reader never sees half a file, and
    the temporary file is removed when the write fails."""
    temp = path.with_name(f".{path.name}.tmp")
    try:
        temp.write_text(text, encoding="utf-8")
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
