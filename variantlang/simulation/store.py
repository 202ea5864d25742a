"""A run's results in SQLite (the standard library's `sqlite3`): per game, per hand and per win.

Games are written as they finish and committed in batches, so a killed run loses only the games in
flight. The run's parameters are stored with the results, and `--resume` refuses to add games to a
run whose parameters differ (another variant text, other bots, seed or version).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from variantlang.stats.games import GameRecord, HandRecord, WinRecord

DATABASE = "results.sqlite"

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
    yakuman INTEGER NOT NULL, yaku TEXT NOT NULL, limit_paid TEXT NOT NULL);
"""


class RunError(ValueError):
    """A run that cannot start or resume as asked (said in the message)."""


def _j(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


class Store:
    """The database of one run in folder `out`."""

    def __init__(self, out: Path) -> None:
        self.path = out / DATABASE
        self.db = sqlite3.connect(self.path)
        self.db.executescript(_SCHEMA)

    def close(self) -> None:
        self.db.commit()
        self.db.close()

    def parameters(self) -> dict[str, Any] | None:
        row = self.db.execute("SELECT value FROM run WHERE key = 'parameters'").fetchone()
        return None if row is None else dict(json.loads(row[0]))

    def start(self, parameters: Mapping[str, Any], *, resume: bool) -> set[int]:
        """Record a new run's parameters, or check a resumed run's; the indices of the games already done."""
        stored = self.parameters()
        if stored is None:
            if resume:
                raise RunError(f"{self.path.parent}: no run to resume there")
            self.db.execute("INSERT INTO run VALUES ('parameters', ?)", (_j(dict(parameters)),))
            self.db.commit()
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
            "INSERT INTO wins VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (index, w.hand, w.seat, w.dealer, w.tsumo, w.han, w.fu, w.points, w.yakuman, _j(w.yaku), w.limit)
                for w in game.wins
            ],
        )

    def commit(self) -> None:
        self.db.commit()

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
            g, hand, seat, dealer, tsumo, han, fu, points, yakuman, yaku, limit = row
            wins.setdefault(g, []).append(
                WinRecord(
                    hand, seat, bool(dealer), bool(tsumo), han, fu, points, yakuman, tuple(json.loads(yaku)), limit
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
