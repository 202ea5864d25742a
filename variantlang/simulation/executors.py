"""Where a run's games are played, behind one interface (`run.Executor`): the local process pool, or a
Dask `distributed` cluster for more than one machine (an optional extra: `pip install 'variantlang[dask]'`).

Both take the games lazily, a bounded window at a time (twice the workers), so nothing grows with
`--games`, and stopping waits only for the games in flight. Either gives the same games as one worker:
a game is a pure function of (variant, bots, seed, index).
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from itertools import islice
from typing import Any

from variantlang.simulation.run import Finished, Job, play, worker
from variantlang.simulation.store import RunError

DASK_INSTALL = "pip install 'variantlang[dask]'"

PR_SET_PDEATHSIG = 1
"""prctl(2): the signal a Linux process gets when its parent dies."""


def _start_method() -> str:
    """`fork` on Linux: the workers start as copies of the main process, with its variant and its warm
    tables (the Scorer's, the shanten tables, the bots' shape memos), shared copy-on-write instead of
    built again from cold in each. Elsewhere `spawn` (macOS's fork is unsafe with its system libraries;
    Windows has none). The caches only ever hold what they would compute, so a game's result never
    depends on which way it started. The workers never write to the terminal."""
    return "fork" if sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods() else "spawn"


def die_with_parent(parent: int) -> None:
    """End this process when `parent` dies, however it dies (SIGKILL included): on Linux the kernel sends
    SIGTERM (prctl PR_SET_PDEATHSIG); elsewhere a watchdog thread polls the parent's id."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0) == 0:
            if os.getppid() != parent:  # it died before the call: no signal will come
                os._exit(1)
            return

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


def _init(job: Job, parent: int) -> None:
    # Ctrl-C reaches the whole process group: the main process alone stops the run (it stores what has
    # finished and lets the games in flight end), so a worker never dies half-way through a game.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with_parent(parent)
    worker(job)  # forked: the main process's warm worker; spawned: compiled here, once


def _task(job: Job, index: int) -> Finished:
    return play(job, index)


class LocalPool:
    """`workers` processes on this machine. With `fork` they inherit the main process's worker (`run`
    builds it before the pool starts: the compiled variant, its engine rules and warm Scorer, the shanten
    tables built on import), so none compiles or fills them again, and no game is played serially first:
    a cold game costs about 0.1 s more than a warm one (1.39 s against 1.18–1.50 s, `efficiency`,
    pure Python), far less than a warm-up game in the main process would (one game of serial time)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def start(self) -> None:
        pass

    def play(self, job: Job, games: Iterator[int]) -> Iterator[Finished]:
        context = multiprocessing.get_context(_start_method())
        with ProcessPoolExecutor(self.workers, context, _init, (job, os.getpid())) as pool:
            flying = {pool.submit(_task, job, i) for i in islice(games, 2 * self.workers)}
            try:
                while flying:
                    finished, flying = wait(flying, return_when=FIRST_COMPLETED)
                    flying |= {pool.submit(_task, job, i) for i in islice(games, len(finished))}
                    yield from _in_order(finished)
            finally:
                for future in flying:
                    future.cancel()


def _in_order(finished: set[Future[Finished]]) -> list[Finished]:
    return sorted((f.result() for f in finished), key=lambda r: r[0])


class DaskCluster:
    """A Dask `distributed` cluster: a running one at `scheduler` (`tcp://host:8786`), or a `LocalCluster`
    of `workers` processes started for the run and closed after it. The variant travels in each task by
    content (`VariantText`, checked by hash on the worker); records and logs come back to this process."""

    def __init__(self, *, workers: int | None = None, scheduler: str | None = None) -> None:
        if (workers is None) == (scheduler is None):
            raise ValueError("a Dask cluster is either started (workers) or reached (scheduler)")
        self.workers = workers
        self.scheduler = scheduler
        self._modules()
        self._cluster: Any = None
        self._client: Any = None

    @staticmethod
    def _modules() -> Any:
        try:
            import distributed  # noqa: PLC0415  (optional extra)
        except ImportError:
            raise RunError(f"Dask is not installed: {DASK_INSTALL}") from None
        return distributed

    def start(self) -> None:
        """Start the LocalCluster, or reach the scheduler (RunError when it cannot be reached)."""
        if self._client is not None:
            return
        distributed = self._modules()
        if self.workers is not None:
            self._cluster = distributed.LocalCluster(
                n_workers=self.workers, threads_per_worker=1, processes=True, dashboard_address=None
            )
        try:  # a cluster of our own is there once started; a scheduler gets 10 s to answer
            self._client = (
                distributed.Client(self._cluster) if self._cluster is not None
                else distributed.Client(self.scheduler, timeout="10s")
            )  # fmt: skip
        except OSError as error:
            raise RunError(f"cannot reach the Dask scheduler at {self.scheduler}: {error}") from None

    def play(self, job: Job, games: Iterator[int]) -> Iterator[Finished]:
        self.start()
        client, distributed = self._client, self._modules()
        assert client is not None
        try:
            size = len(client.scheduler_info().get("workers", {})) or 1
            pending = distributed.as_completed()
            for i in islice(games, 2 * size):
                pending.add(client.submit(play, job, i, pure=False))
            for future in pending:
                result: Finished = future.result()
                following = next(games, None)
                if following is not None:
                    pending.add(client.submit(play, job, following, pure=False))
                yield result
        finally:
            client.close()
            if self._cluster is not None:
                self._cluster.close()
            self._client = self._cluster = None
