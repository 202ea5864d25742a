"""Reading untrusted files and writing outputs, once for every command.

A path from the command line or from inside a folder may name a FIFO, a device, a folder or a file far
larger than any log or rule file: only a regular file is read, opened without blocking, and at most
`limit + 1` bytes of it.

An output is written whole or not at all: into a temporary file beside it, renamed into place, the
temporary removed on every error (a full disk, Ctrl-C). A set of files (a rule sheet's, a report's) is
staged whole before the first rename. A place that cannot be written (a path under a file, `/proc`, a
read-only folder, a full disk) is an `OutputProblem` naming the path, and an output never replaces an
input or a non-regular file, nor two outputs share a name.
"""

from __future__ import annotations

import errno
import os
import secrets
import shutil
import signal
import stat
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO


class FileProblem(OSError):
    """A file that cannot be read. `kind` is `unreadable` or `not_regular`; the message says what was
    found, in words for the user."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message

    def __reduce__(self) -> tuple[type[FileProblem], tuple[str, str]]:
        return FileProblem, (self.kind, self.message)  # crosses from a worker process whole


class OutputProblem(OSError):
    """An output that cannot be written, or must not be: the message names the path and says why. The
    path is as given (commands show it through `diagnostics.safe_text`)."""

    def __init__(self, path: Path, reason: str) -> None:
        self.message = f"cannot write {path}: {reason}"
        super().__init__(self.message)
        self.path = path
        self.reason = reason

    def __str__(self) -> str:
        return self.message

    def __reduce__(self) -> tuple[type[OutputProblem], tuple[Path, str]]:
        return OutputProblem, (self.path, self.reason)  # crosses from a worker process whole


_REASONS = {
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is used up",
    errno.EROFS: "the file system is read-only",
    errno.EACCES: "permission denied",
    errno.EPERM: "the operation is not permitted there",
    errno.ENOTDIR: "a part of the path is a file, not a folder",
    errno.EISDIR: "a folder is in the way",
    errno.ENAMETOOLONG: "the name is too long",
    errno.ENOENT: "nothing can be made there",
    errno.EEXIST: "something else is in the way",
}


def _reason(error: OSError) -> str:
    return _REASONS.get(error.errno or 0) or error.strerror or str(error)


def _kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    return "a pipe" if stat.S_ISFIFO(mode) else "a device or socket"


def read_regular(path: Path, limit: int) -> bytes:
    """At most `limit + 1` bytes of a regular file: a caller given more than `limit` knows the file is
    too large without having read the rest."""
    with open_regular(path) as stream:
        try:
            return stream.read(limit + 1)
        except OSError as error:
            raise FileProblem("unreadable", f"cannot read the file: {error.strerror}") from None


@contextmanager
def open_regular(path: Path) -> Iterator[BinaryIO]:
    """A regular file open for reading (opened without blocking, so a FIFO named as one is refused, not
    waited on); FileProblem for anything else. The caller bounds what it reads (`read_regular`, the log
    readers' streams)."""
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise FileProblem("unreadable", f"cannot read the file: {error.strerror}") from None
    try:
        mode = os.fstat(handle).st_mode
        if not stat.S_ISREG(mode):
            raise FileProblem("not_regular", f"not a regular file: this is {_kind_of(mode)}")
        stream = os.fdopen(os.dup(handle), "rb")
    except OSError as error:
        if isinstance(error, FileProblem):
            raise
        raise FileProblem("unreadable", f"cannot read the file: {error.strerror}") from None
    finally:
        os.close(handle)
    with stream:
        yield stream


def make_folder(folder: Path) -> None:
    """`folder` and its parents, or OutputProblem saying why not (a file in the way, a read-only or
    special file system)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise OutputProblem(folder, f"{_found(folder)} is there, not a folder") from None
    except OSError as error:
        raise OutputProblem(folder, _reason(error)) from None


def _check_target(path: Path) -> None:
    """An output may replace a regular file, nothing else (a folder, a FIFO, a device named like it)."""
    try:
        mode = path.lstat().st_mode
    except FileNotFoundError:
        return
    except OSError as error:
        raise OutputProblem(path, _reason(error)) from None
    if not stat.S_ISREG(mode):
        raise OutputProblem(path, f"{_found(path)} is there, not a file")


def _found(path: Path) -> str:
    """What is at `path`, in words: `a file`, `a folder`, `a pipe`, …"""
    try:
        mode = path.lstat().st_mode
    except OSError:
        return "something"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    return "a file" if stat.S_ISREG(mode) else _kind_of(mode)


def _write_new(path: Path, data: bytes) -> None:
    """`data` in a new file `path`, with the permissions the umask gives; the file is removed again when
    any part of the write fails (a full disk, Ctrl-C)."""
    handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(handle, view) :]
    except BaseException:
        os.close(handle)
        path.unlink(missing_ok=True)
        raise
    os.close(handle)


def _encoded(content: str | bytes) -> bytes:
    return content.encode("utf-8") if isinstance(content, str) else content


def write_atomic(path: Path, content: str | bytes) -> None:
    """Write through a temporary name beside `path` and rename: a reader never sees half a file, and
    the temporary file is removed when the write fails. The file gets the permissions the umask gives.
    OutputProblem when it cannot be written (the folder is made if missing)."""
    make_folder(path.parent)
    _check_target(path)
    temp = path.with_name(f".{path.name}.{secrets.token_hex(6)}.tmp")
    try:
        _write_new(temp, _encoded(content))
    except OSError as error:
        raise OutputProblem(path, _reason(error)) from None
    try:
        os.replace(temp, path)
    except BaseException as error:
        temp.unlink(missing_ok=True)
        if isinstance(error, OSError):
            raise OutputProblem(path, _reason(error)) from None
        raise


def write_set(folder: Path, files: Mapping[str, str | bytes]) -> list[Path]:
    """Write a set of files into `folder`, all or nothing. Every file is first written into a temporary
    folder inside `folder` (so renames stay on one file system); only when all are written are they
    renamed into place, with SIGINT held back until the last rename. On any error or interruption before
    that, the temporaries are removed and the files already there are left as they were. OutputProblem
    says which file could not be written, or which name is taken by a folder or a special file."""
    make_folder(folder)
    targets = [folder / name for name in files]
    for name, target in zip(files, targets, strict=True):
        if Path(name).name != name or name in (".", ".."):
            raise OutputProblem(target, "a file name of the set names another folder")
        _check_target(target)
    try:
        staging = Path(tempfile.mkdtemp(dir=folder, prefix=".tmp-"))
    except OSError as error:
        raise OutputProblem(folder, _reason(error)) from None
    try:
        for target, content in zip(targets, files.values(), strict=True):
            try:
                _write_new(staging / target.name, _encoded(content))
            except OSError as error:
                raise OutputProblem(target, _reason(error)) from None
        with _sigint_held():
            for target in targets:
                (staging / target.name).replace(target)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return targets


@contextmanager
def _sigint_held() -> Iterator[None]:
    """Hold back Ctrl-C while a set of renames completes (it is delivered after), where the platform can."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _identity(path: Path) -> tuple[int, int] | Path:
    """What tells two paths to one file apart: device and inode when it exists, else the resolved path."""
    try:
        info = path.stat()
    except OSError:
        return path.resolve()
    return (info.st_dev, info.st_ino)


def refuse_overwriting(outputs: Iterable[Path], inputs: Iterable[Path]) -> None:
    """OutputProblem for the first output that is one of the inputs (by file, not by spelling)."""
    taken = {_identity(path) for path in inputs}
    for output in outputs:
        if _identity(output) in taken:
            raise OutputProblem(output, "it is one of the inputs, and would be overwritten")


def distinct_names(inputs: Iterable[Path], name: str) -> None:
    """ValueError naming two inputs that would give the same output name (`name` formats it from the
    input's stem, as `{}.mjson`), before anything is written."""
    seen: dict[str, Path] = {}
    for path in inputs:
        out = name.format(path.stem)
        if out in seen and _identity(seen[out]) != _identity(path):
            raise ValueError(f"{seen[out]} and {path} would both be written as {out}: give them separately")
        seen.setdefault(out, path)
