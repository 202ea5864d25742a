"""The check of a document in a process of its own, so that a check made stale by an edit is stopped at
once (the process is ended) instead of being waited for; the server stays free to answer while it runs.

The process is started once and reused while its checks finish; `stop` ends it mid-check. Its standard
output is the server's protocol channel, so the worker writes nothing there (it is pointed at stderr).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import sys
import traceback
from collections.abc import AsyncIterator
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from variantlang.lsp.analysis import Analysis, Problem, check

Result = Analysis | list[Problem]


def _serve(connection: Connection) -> None:
    """The worker's loop: a request is (text, path, roots); the answers are the stages' results, then None."""
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    sys.stdout = sys.stderr
    while True:
        try:
            text, path, roots = connection.recv()
        except (EOFError, OSError):
            return
        try:
            for result in check(text, path, roots):
                connection.send(result)
        except Exception:  # a bug in variantlang: said in the server's log, the server goes on
            connection.send(RuntimeError(traceback.format_exc()))
        connection.send(None)


def _context() -> Any:
    """Processes forked from a clean server process where the platform has one (quick to start and
    already holding variantlang), else spawned."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["variantlang.lsp.analysis"])
        return context
    return multiprocessing.get_context("spawn")


def _unwrap(result: Result | RuntimeError) -> Result:
    """A result, or the worker's report of a bug raised here."""
    if isinstance(result, RuntimeError):
        raise result
    return result


class Worker:
    """One process that checks rule files, one at a time."""

    def __init__(self) -> None:
        self._process: BaseProcess | None = None
        self._connection: Connection | None = None
        self.busy = False

    def _start(self) -> Connection:
        if self._process is None or self._connection is None or not self._process.is_alive():
            ours, theirs = multiprocessing.Pipe()
            self._process = _context().Process(target=_serve, args=(theirs,), daemon=True, name="variantlang-check")
            self._process.start()
            theirs.close()
            self._connection = ours
        return self._connection

    async def check(self, text: str, path: str, roots: list[str]) -> AsyncIterator[Result]:
        """The results of checking `text`, as they come. Cancelling the caller ends the process."""
        connection = self._start()
        self.busy = True
        try:
            connection.send((text, path, roots))
            while True:
                result = await asyncio.to_thread(connection.recv)
                if result is None:
                    break
                yield _unwrap(result)
        except BaseException:
            self.stop()
            raise
        finally:
            self.busy = False

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    def stop(self) -> None:
        """End the process (and any check it is doing)."""
        if self._process is not None:
            self._process.kill()
            self._process.join(timeout=5)
        if self._connection is not None:
            self._connection.close()
        self._process = self._connection = None
