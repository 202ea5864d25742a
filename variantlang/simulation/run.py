"""Self-play runs: N games of one variant between named bots, in worker processes, stored as they finish.

Game i's seed is a hash of (run seed, i) and each seat's bot seed a hash of (run seed, i, seat), so a
game is the same whichever worker plays it and whenever: results are identical for any number of
workers. In duplicate play the walls repeat: games 4k … 4k + 3 share one wall seed and the challenger
sits in seat 0, 1, 2, 3 in turn (Mortal's arena, 1 vs 3), so the luck of the tiles cancels out.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass
from importlib.metadata import version
from itertools import islice
from pathlib import Path
from typing import Any

from variantlang.api import load_variant
from variantlang.bots import BOTS, UnknownBot, make
from variantlang.engine.events import Event
from variantlang.engine.rules import EngineRules, check_playable
from variantlang.engine.table import play_game
from variantlang.engine.wall import SeededWall
from variantlang.files import write_atomic
from variantlang.model.ruleset import Ruleset
from variantlang.records.logs import game_logs
from variantlang.simulation.store import DATABASE, RunError, Store
from variantlang.stats.games import GameCollector, GameRecord

BATCH = 16
"""Games per commit: a killed run loses at most this many finished games (and those in flight)."""

Played = tuple[int, tuple[str, ...], GameRecord]
"""A game's index, its bots by seat, and its record."""

Progress = Callable[[int, int], None]
"""Called with (games done, games in the run) after each stored game."""


@dataclass(frozen=True, slots=True)
class RunSpec:
    """What decides a run's results: stored with them, and checked again on `--resume`."""

    variant: str
    """The shipped name or file the workers load."""
    variant_name: str
    content_hash: str
    bots: tuple[str, ...]
    """One per seat, or (challenger, others) in duplicate play."""
    seed: int
    games: int
    duplicate: bool
    version: str

    def parameters(self) -> dict[str, Any]:
        """What must match for a resume (the variant by content, not by the path it was named by)."""
        out = asdict(self)
        del out["variant"]
        out["bots"] = list(self.bots)
        return out

    def seating(self, index: int, players: int) -> tuple[str, ...]:
        """The bot in each seat of game `index`."""
        if not self.duplicate:
            return self.bots
        challenger, other = self.bots
        return tuple(challenger if seat == index % players else other for seat in range(players))

    def wall_seed(self, index: int, players: int) -> int:
        return _hash(self.seed, index // players if self.duplicate else index)


def _hash(*parts: int) -> int:
    digest = hashlib.sha256(":".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def prepare(variant: str, ruleset: Ruleset, bots: Iterable[str], *, seed: int, games: int, duplicate: bool) -> RunSpec:
    """Check everything before any game is played: the engine can play the variant (UnplayableError
    names the setting and its line), the bots exist (UnknownBot), and the seats add up (RunError)."""
    check_playable(ruleset)
    names = tuple(bots)
    for name in names:
        if name not in BOTS:
            raise UnknownBot(name)
    players = ruleset.game.players
    if games < 1:
        raise RunError("--games must be at least 1")
    if duplicate:
        if len(names) != 2:
            raise RunError(f"duplicate play takes two bots, CHALLENGER,OTHERS (got {len(names)})")
        if games % players:
            raise RunError(
                f"duplicate play needs whole sets of {players} games: --games must be a multiple of {players}"
            )
    elif len(names) == 1:
        names *= players
    elif len(names) != players:
        raise RunError(f"{ruleset.name} is played by {players}: give one bot or {players} (got {len(names)})")
    return RunSpec(variant, ruleset.name, ruleset.source_hash, names, seed, games, duplicate, version("variantlang"))


class _Worker:
    """What one process keeps between games: the variant and its engine rules (one warm Scorer)."""

    def __init__(self, spec: RunSpec, logs: Path | None) -> None:
        self.spec = spec
        self.rules = EngineRules(load_variant(spec.variant))
        self.logs = logs

    def play(self, index: int) -> Played:
        spec, rules = self.spec, self.rules
        players = rules.players
        names = spec.seating(index, players)
        seats = [make(name, rules, _hash(spec.seed, index, seat)) for seat, name in enumerate(names)]
        wall = spec.wall_seed(index, players)
        collector = GameCollector(rules.ruleset.riichi.stick)
        events: list[Event] = []

        def listen(event: Event) -> None:
            collector(event)
            events.append(event)

        play_game(
            rules,
            seats,
            lambda g: SeededWall(rules, wall, g.round_index, g.honba),
            seed=wall,
            listener=collector if self.logs is None else listen,
        )
        if self.logs is not None:
            self._write_logs(index, names, events)
        return index, names, collector.game()

    def _write_logs(self, index: int, names: tuple[str, ...], events: list[Event]) -> None:
        assert self.logs is not None
        stem = self.logs / f"game-{index:06d}"
        lines, viewer = game_logs(events, self.rules, names)
        write_atomic(stem.with_suffix(".mjson"), lines)
        write_atomic(stem.with_suffix(".json"), viewer)


_WORKER: dict[str, _Worker] = {}
"""The worker process's own `_Worker`, built once by the pool's initializer."""


def _init(spec: RunSpec, logs: Path | None) -> None:
    # Ctrl-C reaches the whole process group: the main process alone stops the run (it stores what has
    # finished and lets the games in flight end), so a worker never dies half-way through a game.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    here = _WORKER.get("here")
    if here is None or here.spec != spec or here.logs != logs:  # spawned: a fresh interpreter
        _WORKER["here"] = _Worker(spec, logs)


def _play(index: int) -> Played:
    return _WORKER["here"].play(index)


def _start_method() -> str:
    """`fork` on Linux: the workers start as copies of the main process, with its variant and its warm
    tables (the Scorer's, the shanten tables), shared copy-on-write instead of built again in each.
    Elsewhere `spawn` (macOS's fork is unsafe with its system libraries; Windows has none). The caches
    only ever hold what they would compute, so a game's result never depends on which way it started.
    The workers never write to the terminal, so a progress bar's thread in the main process is harmless."""
    return "fork" if sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods() else "spawn"


def _in_processes(spec: RunSpec, logs: Path | None, pending: list[int], workers: int) -> Iterator[Played]:
    """The games played by `workers` processes, as they finish; a few games per worker are queued at a
    time, so stopping (an error, Ctrl-C) waits only for the games in flight. With `fork` the main process
    first plays the first game itself, which warms the tables the workers then inherit."""
    method = _start_method()
    try:
        if method == "fork":
            here = _WORKER["here"] = _Worker(spec, logs)
            yield here.play(pending[0])
            pending = pending[1:]
            if not pending:
                return
        context = multiprocessing.get_context(method)
        with ProcessPoolExecutor(min(workers, len(pending)), context, _init, (spec, logs)) as pool:
            queue = iter(pending)
            flying = {pool.submit(_play, i) for i in islice(queue, 2 * workers)}
            try:
                while flying:
                    finished, flying = wait(flying, return_when=FIRST_COMPLETED)
                    flying |= {pool.submit(_play, i) for i in islice(queue, len(finished))}
                    for future in sorted(finished, key=lambda f: f.result()[0]):
                        yield future.result()
            finally:
                for future in flying:
                    future.cancel()
    finally:
        _WORKER.pop("here", None)


def run(
    spec: RunSpec,
    out: Path,
    *,
    workers: int | None = None,
    resume: bool = False,
    logs: bool = False,
    progress: Progress | None = None,
) -> list[Played]:
    """Play the games of `spec` not yet stored in `out` (all of them unless `resume`), with `workers`
    processes (default one per core), and return every game of the run in index order."""
    if resume and not (out / DATABASE).is_file():
        raise RunError(f"{out}: no run to resume there")
    out.mkdir(parents=True, exist_ok=True)
    store = Store(out)
    try:
        done = store.start(spec.parameters(), resume=resume)
        log_dir = out / "logs" if logs else None
        if log_dir is not None:
            log_dir.mkdir(exist_ok=True)
        pending = [i for i in range(spec.games) if i not in done]
        count = len(done)
        if progress is not None:
            progress(count, spec.games)
        k = workers or os.cpu_count() or 1
        if k > 1 and len(pending) > 1:
            results: Iterable[Played] = _in_processes(spec, log_dir, pending, k)
        else:
            results = map(_Worker(spec, log_dir).play, pending)
        for index, names, game in results:
            store.add(index, names, game)
            count += 1
            if count % BATCH == 0:
                store.commit()
            if progress is not None:
                progress(count, spec.games)
        store.commit()
        return list(store.games())
    finally:
        store.close()
