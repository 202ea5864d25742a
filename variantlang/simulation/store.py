"""A run's results in SQLite (the standard library's `sqlite3`): per game, per hand and per win.

Games are written as they finish and committed in batches, so a killed run loses only the games in
flight. The run's parameters are stored with the results, and `--resume` refuses to add games to a
run whose parameters differ (another variant text, other bots, seed or version).

A run folder is used by one process at a time: `run.lock` is locked (`flock`) while the store is open,
and the kernel releases the lock when the process ends however it ends, so a lock left by a killed run
never blocks the next. An existing database is checked before anything is written to it: a file that is
not SQLite, a truncated one, another program's database or one another program holds locked is refused
with a message (RunError) and left as it was.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import sqlite3
import stat
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from variantlang.files import FileProblem, OutputProblem, make_folder, read_regular
from variantlang.stats.games import GameRecord, HandRecord, WinRecord

DATABASE = "results.sqlite"
LOCK = "run.lock"
BUSY_SECONDS = 2.0
"""How long to wait for another program's lock on the database before refusing it."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS run (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    game INTEGER PRIMARY KEY, players INTEGER NOT NULL, bots TEXT NOT NULL, scores TEXT NOT NULL,
    points TEXT NOT NULL, reason TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS hands (
    game INTEGER NOT NULL, hand INTEGER NOT NULL, bakaze INTEGER NOT NULL, kyoku INTEGER NOT NULL,
    honba INTEGER NOT NULL, oya INTEGER NOT NULL, result TEXT NOT NULL, riichi TEXT NOT NULL,
    called TEXT NOT NULL, won TEXT NOT NULL, dealt_in TEXT NOT NULL, deltas TEXT NOT NULL,
    PRIMARY KEY (game, hand));
CREATE TABLE IF NOT EXISTS wins (
    game INTEGER NOT NULL, hand INTEGER NOT NULL, seat INTEGER NOT NULL, dealer INTEGER NOT NULL,
    tsumo INTEGER NOT NULL, han INTEGER NOT NULL, fu INTEGER NOT NULL, points INTEGER NOT NULL,
    yakuman INTEGER NOT NULL, yaku TEXT NOT NULL, limit_paid TEXT NOT NULL, paid INTEGER NOT NULL);
"""
SQLITE_HEADER = b"SQLite format 3\x00"


class RunError(ValueError):
    """A run that cannot start or resume as asked (said in the message)."""


def _j(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def _tables(db: sqlite3.Connection) -> dict[str, tuple[str, ...]]:
    """Each table's columns (name and declared type, in order): what tells our database from another's."""
    names = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
    return {
        name: tuple(f"{row[1]} {row[2]}" for row in db.execute("SELECT * FROM pragma_table_info(?)", (name,)))
        for name in names
    }


def _ours() -> dict[str, tuple[str, ...]]:
    memory = sqlite3.connect(":memory:")
    try:
        memory.executescript(_SCHEMA)
        return _tables(memory)
    finally:
        memory.close()


_TABLES = _ours()
_BEFORE_PAID = {**_TABLES, "wins": _TABLES["wins"][:-1]}
"""The tables of a run stored before wins said whether they were paid: told apart from another program's."""


def _lock(out: Path) -> int:
    """The run folder's lock, held until the returned descriptor is closed (or the process ends)."""
    path = out / LOCK
    try:
        handle = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o666)
    except OSError as error:
        raise OutputProblem(path, error.strerror or str(error)) from None
    if not stat.S_ISREG(os.fstat(handle).st_mode):  # a FIFO of that name opens without blocking (O_RDWR)
        os.close(handle)
        raise OutputProblem(path, "something other than a file is there")
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = os.read(handle, 32).decode("ascii", "replace").strip()
        os.close(handle)
        who = f" (process {holder})" if holder.isdigit() else ""
        raise RunError(
            f"{out} is in use by another variantlang run{who}: wait for it, or choose another --out"
        ) from None
    except OSError as error:
        os.close(handle)
        raise OutputProblem(path, error.strerror or str(error)) from None
    with contextlib.suppress(OSError):  # the holder's number is for the message only: a full disk may refuse it
        os.ftruncate(handle, 0)
        os.write(handle, f"{os.getpid()}\n".encode())
    return handle


def _open_existing(path: Path) -> sqlite3.Connection:
    """An existing database, checked without writing to it: SQLite, whole, ours, not locked by another."""
    where = path.parent
    try:
        header = read_regular(path, len(SQLITE_HEADER))
    except FileProblem as error:
        raise RunError(f"{path}: {error.message}: {where} cannot be used") from None
    if header[: len(SQLITE_HEADER)] != SQLITE_HEADER:
        raise RunError(f"{path} is not an SQLite database (damaged, or another kind of file): {where} cannot be used")
    db = sqlite3.connect(path.resolve().as_uri() + "?mode=rw", uri=True, timeout=BUSY_SECONDS)
    try:
        problem = _problem(db, path)
    except sqlite3.Error as error:
        said = "locked by another program" if "locked" in str(error) else f"unreadable ({error})"
        problem = f"{path} is {said}: {where} cannot be used"
    if problem is not None:
        db.close()
        raise RunError(problem)
    return db


def _problem(db: sqlite3.Connection, path: Path) -> str | None:
    """What is wrong with an existing database, read without writing (sqlite3.Error when it cannot be
    read at all)."""
    if db.execute("PRAGMA quick_check").fetchone() != ("ok",):
        return f"{path} is damaged (SQLite's check fails): {path.parent} cannot be used"
    if _tables(db) == _BEFORE_PAID:
        return (
            f"{path} was stored by an earlier variantlang, whose wins do not say whether they were paid: "
            "it cannot be resumed; choose another --out"
        )
    if _tables(db) != _TABLES:
        return f"{path} is another program's database, not a variantlang run: choose another --out"
    db.execute("BEGIN IMMEDIATE")  # the write lock now, or refuse: another program holds it
    db.execute("ROLLBACK")
    return None


class Store:
    """The database of one run in folder `out`."""

    def __init__(self, out: Path) -> None:
        """Lock the folder (made if missing), then open its database: checked if it exists (RunError
        for one that is not ours or not whole), created if not. OutputProblem for a folder that cannot
        be written."""
        make_folder(out)
        self.path = out / DATABASE
        self._lock = _lock(out)
        try:
            if self.path.exists() or self.path.is_symlink():
                self.db = _open_existing(self.path)
            else:
                self.db = sqlite3.connect(self.path, timeout=BUSY_SECONDS)
                self._write(lambda: self.db.executescript(_SCHEMA))
        except BaseException:
            os.close(self._lock)
            raise

    def close(self) -> None:
        try:
            self._write(self.db.commit)
        finally:
            self.db.close()
            os.close(self._lock)

    def _write(self, step: Any) -> None:
        """A write to the database; a full disk or an unwritable file is a RunError naming it."""
        try:
            step()
        except sqlite3.Error as error:
            raise RunError(f"{self.path}: cannot write the results: {error}") from None

    def parameters(self) -> dict[str, Any] | None:
        row = self.db.execute("SELECT value FROM run WHERE key = 'parameters'").fetchone()
        if row is None:
            return None
        try:
            stored = json.loads(row[0])
        except (ValueError, RecursionError):
            stored = None
        if not isinstance(stored, dict):
            raise RunError(f"{self.path}: the run's parameters are damaged: it cannot be resumed")
        return stored

    def start(self, parameters: Mapping[str, Any], *, resume: bool) -> set[int]:
        """Record a new run's parameters, or check a resumed run's; the indices of the games already done."""
        stored = self.parameters()
        if stored is None:
            if resume:
                raise RunError(f"{self.path.parent}: no run to resume there")
            self._write(lambda: self.db.execute("INSERT INTO run VALUES ('parameters', ?)", (_j(dict(parameters)),)))
            self._write(self.db.commit)
            return set()
        if not resume:
            raise RunError(
                f"{self.path.parent} already holds a run: add --resume to finish it, or choose another --out"
            )
        differ = [key for key in sorted(set(stored) | set(parameters)) if stored.get(key) != parameters.get(key)]
        if differ:
            said = "; ".join(f"{key}: {stored.get(key)!r} there, {parameters.get(key)!r} now" for key in differ)
            raise RunError(f"{self.path.parent} holds a run with other parameters, cannot resume it ({said})")
        return {row[0] for row in self.db.execute("SELECT game FROM games")}

    def add(self, index: int, bots: tuple[str, ...], game: GameRecord) -> None:
        """One finished game (not yet committed: `commit` does, in batches)."""
        self._write(lambda: self._add(index, bots, game))

    def _add(self, index: int, bots: tuple[str, ...], game: GameRecord) -> None:
        self.db.execute(
            "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?)",
            (index, game.players, _j(bots), _j(game.scores), _j(game.points), game.reason),
        )
        self.db.executemany(
            "INSERT INTO hands VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    index,
                    h.index,
                    h.bakaze,
                    h.kyoku,
                    h.honba,
                    h.oya,
                    h.result,
                    _j(h.riichi),
                    _j(h.called),
                    _j(h.won),
                    _j(h.dealt_in),
                    _j(h.deltas),
                )
                for h in game.hands
            ],
        )
        self.db.executemany(
            "INSERT INTO wins VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    index,
                    w.hand,
                    w.seat,
                    w.dealer,
                    w.tsumo,
                    w.han,
                    w.fu,
                    w.points,
                    w.yakuman,
                    _j(w.yaku),
                    w.limit,
                    w.paid,
                )
                for w in game.wins
            ],
        )

    def commit(self) -> None:
        self._write(self.db.commit)

    def games(self) -> Iterator[tuple[int, tuple[str, ...], GameRecord]]:
        """Every stored game in index order, with its bots by seat: the order does not depend on which
        worker finished first."""
        hands: dict[int, list[HandRecord]] = {}
        for row in self.db.execute("SELECT * FROM hands ORDER BY game, hand"):
            g, i, bakaze, kyoku, honba, oya, result, riichi, called, won, dealt_in, deltas = row
            hands.setdefault(g, []).append(
                HandRecord(
                    i,
                    bakaze,
                    kyoku,
                    honba,
                    oya,
                    result,
                    _bools(riichi),
                    _bools(called),
                    _bools(won),
                    _bools(dealt_in),
                    tuple(json.loads(deltas)),
                )
            )
        wins: dict[int, list[WinRecord]] = {}
        for row in self.db.execute("SELECT * FROM wins ORDER BY game, rowid"):
            g, hand, seat, dealer, tsumo, han, fu, points, yakuman, yaku, limit, paid = row
            wins.setdefault(g, []).append(
                WinRecord(
                    hand,
                    seat,
                    bool(dealer),
                    bool(tsumo),
                    han,
                    fu,
                    points,
                    yakuman,
                    tuple(json.loads(yaku)),
                    limit,
                    bool(paid),
                )
            )
        for g, players, bots, scores, points, reason in self.db.execute("SELECT * FROM games ORDER BY game"):
            record = GameRecord(
                players,
                tuple(hands.get(g, ())),
                tuple(wins.get(g, ())),
                tuple(json.loads(scores)),
                tuple(json.loads(points)),
                reason,
            )
            yield g, tuple(json.loads(bots)), record


def _bools(text: str) -> tuple[bool, ...]:
    return tuple(bool(x) for x in json.loads(text))
