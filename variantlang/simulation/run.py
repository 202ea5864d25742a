"""Self-play runs: N games of one variant between named bots, in worker processes, stored as they finish.

Game i's seed is a hash of (run seed, i) and each seat's bot seed a hash of (run seed, i, seat), so a
game is the same whichever worker plays it and whenever: results are identical for any number of
workers, and on any executor (`executors`: the local process pool, or Dask). In duplicate play the walls
repeat: games 4k … 4k + 3 share one wall seed and the challenger sits in seat 0, 1, 2, 3 in turn
(Mortal's arena, 1 vs 3), so the luck of the tiles cancels out.

A worker gets the variant as text (`VariantText`: every file of its `extends` chain) and checks that it
compiles to the content hash the run was started with; it returns each game's record and, with `--logs`,
the log texts, which the main process writes: nothing depends on a worker's disk.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass
from importlib.metadata import version
from pathlib import Path
from typing import Any, Protocol

from variantlang.api import Resolved, compile, verify
from variantlang.bots import BOTS, UnknownBot, make
from variantlang.engine.events import Event
from variantlang.engine.rules import EngineRules, check_playable
from variantlang.engine.table import play_game
from variantlang.engine.wall import SeededWall
from variantlang.files import make_folder, write_atomic
from variantlang.lang.compile import REPEATABLE
from variantlang.lang.resolve import Loader, shipped_dir
from variantlang.lang.resolve import resolve as resolve_chain
from variantlang.model.ruleset import Ruleset
from variantlang.records.logs import game_logs
from variantlang.simulation.store import DATABASE, RunError, Store
from variantlang.stats.games import GameCollector, GameRecord

BATCH = 16
"""Games per commit: a killed run loses at most this many finished games (and those in flight)."""

Logs = tuple[str, str]
"""A game's mjai JSON lines and its tenhou.net/6 JSON."""

Played = tuple[int, tuple[str, ...], GameRecord]
"""A game's index, its bots by seat, and its record."""

Finished = tuple[int, tuple[str, ...], GameRecord, Logs | None]
"""What a worker sends back: a game as `Played`, and its logs when they were asked for."""

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
        """What the run is (the variant by content, not by the path it was named by)."""
        out = asdict(self)
        del out["variant"]
        out["bots"] = list(self.bots)
        return out

    def identity(self) -> dict[str, Any]:
        """What must match for a resume: the parameters but the number of games, so that a finished run
        can be extended to more."""
        out = self.parameters()
        del out["games"]
        return out

    def seating(self, index: int, players: int) -> tuple[str, ...]:
        """The bot in each seat of game `index`."""
        if not self.duplicate:
            return self.bots
        challenger, other = self.bots
        return tuple(challenger if seat == index % players else other for seat in range(players))

    def wall_seed(self, index: int, players: int) -> int:
        return _hash(self.seed, index // players if self.duplicate else index)

    def bot_seed(self, index: int, seat: int) -> int:
        """The seed of the bot in `seat` of game `index`."""
        return _hash(self.seed, index, seat)


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


@dataclass(frozen=True, slots=True)
class VariantText:
    """A variant as it travels to a worker: the text of every file of its chain, by the name the main
    process read it under, the first being the variant's own; and the content hash it must compile to."""

    files: tuple[tuple[str, str], ...]
    content_hash: str
    version: str

    @classmethod
    def of(cls, ruleset: Ruleset) -> VariantText:
        return cls(tuple(ruleset.sources.items()), ruleset.source_hash, version("variantlang"))

    def load(self) -> Ruleset:
        """The Ruleset, compiled from the texts alone (no file is read); RunError when this worker's
        variantlang is another version or the texts compile to another content hash."""
        if version("variantlang") != self.version:
            raise RunError(f"a worker runs variantlang {version('variantlang')}, the run {self.version}")
        loader = Loader()
        paths = [
            loader.provide(shipped_dir() / name.removeprefix("variants/") if name.startswith("variants/") else
                           Path(name), text)
            for name, text in self.files
        ]  # fmt: skip
        merged, parent = resolve_chain(loader, paths[0], REPEATABLE)
        ruleset = verify(compile(Resolved(merged, loader.sources, parent)))
        if ruleset.source_hash != self.content_hash:
            raise RunError(
                f"the variant compiled on a worker has content hash {ruleset.source_hash}, not {self.content_hash}"
            )
        return ruleset


@dataclass(frozen=True, slots=True)
class Job:
    """Everything a worker needs to play any game of a run."""

    spec: RunSpec
    variant: VariantText
    logs: bool


class _Worker:
    """What one process keeps between games: the variant and its engine rules (one warm Scorer)."""

    def __init__(self, job: Job, ruleset: Ruleset | None = None) -> None:
        self.job = job
        self.rules = EngineRules(ruleset or job.variant.load())

    def play(self, index: int) -> Finished:
        spec, rules = self.job.spec, self.rules
        players = rules.players
        names = spec.seating(index, players)
        seats = [make(name, rules, spec.bot_seed(index, seat)) for seat, name in enumerate(names)]
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
            listener=listen if self.job.logs else collector,
        )
        return index, names, collector.game(), self._logs(names, events) if self.job.logs else None

    def _logs(self, names: tuple[str, ...], events: list[Event]) -> Logs:
        return game_logs(events, self.rules, names)


_WORKERS: dict[Job, _Worker] = {}
"""The workers this process has built, by job: a pool process or a Dask worker plays many games of one
run, and loads its variant once."""


def worker(job: Job, ruleset: Ruleset | None = None) -> _Worker:
    """This process's worker for `job` (built on first use; `ruleset` when the caller has it compiled)."""
    here = _WORKERS.get(job)
    if here is None:
        _WORKERS.clear()
        here = _WORKERS[job] = _Worker(job, ruleset)
    return here


def play(job: Job, index: int) -> Finished:
    """Game `index` of the run, in whatever process calls it (the executors' one task)."""
    return worker(job).play(index)


class Executor(Protocol):
    """Plays the games of a run somewhere: `games` is consumed lazily, a bounded number in flight, and the
    games come back as they finish, in any order. Closing the iterator stops the run (the games in flight
    end, nothing more starts), and releases what `start` took."""

    def start(self) -> None:
        """Reach what the games will be played on (RunError if it cannot be), before anything is written."""

    def play(self, job: Job, games: Iterator[int]) -> Iterator[Finished]: ...


class InProcess:
    """The main process alone: one worker, no pool."""

    def start(self) -> None:
        pass

    def play(self, job: Job, games: Iterator[int]) -> Iterator[Finished]:
        here = worker(job)
        return map(here.play, games)


def run(
    spec: RunSpec,
    ruleset: Ruleset,
    out: Path,
    *,
    executor: Executor | None = None,
    resume: bool = False,
    logs: bool = False,
    progress: Progress | None = None,
) -> list[Played]:
    """Play the games of `spec` (whose variant `ruleset` is) not yet stored in `out` (all of them unless
    `resume`; a resumed run may ask for more games than it has) on `executor` (default: this process),
    and return every game of the run in index order."""
    if resume and not (out / DATABASE).is_file():
        raise RunError(f"{out}: no run to resume there")
    job = Job(spec, VariantText.of(ruleset), logs)
    worker(job, ruleset)  # this process's worker, from the variant already compiled: warm before any fork
    executor = executor or InProcess()
    executor.start()
    store = Store(out)
    try:
        done = store.start(spec.identity(), resume=resume)
        if done and max(done) >= spec.games:
            raise RunError(f"{out} holds {len(done)} games: --games must be at least that many to resume it")
        log_dir = out / "logs"
        if logs:
            make_folder(log_dir)
        count = len(done)
        if progress is not None:
            progress(count, spec.games)
        results = executor.play(job, (i for i in range(spec.games) if i not in done))
        try:
            for index, names, game, texts in results:
                if texts is not None:
                    stem = log_dir / f"game-{index:06d}"
                    write_atomic(stem.with_suffix(".mjson"), texts[0])
                    write_atomic(stem.with_suffix(".json"), texts[1])
                store.add(index, names, game)
                count += 1
                if count % BATCH == 0:
                    store.commit()
                if progress is not None:
                    progress(count, spec.games)
        finally:
            close = getattr(results, "close", None)
            if close is not None:
                close()  # an executor's generator: stop submitting, let the games in flight end
        store.commit()
        return [played for played in store.games() if played[0] < spec.games]
    finally:
        store.close()
