"""The writing layer (`variantlang.files`) and the run folder's database (`simulation.store`), in process
(issue 25): an output is whole or absent, a set of outputs all or nothing, temporaries never stay, a place
that cannot be written is an `OutputProblem` naming it, an output never replaces an input or a special
file; a database that is not ours, not whole or in use is refused and left byte for byte as it was.

A full disk is faked here (the files module's `os.write` raises ENOSPC); `tests/test_hostile.py` fills a
real small tmpfs where the machine lets it mount one.
"""

from __future__ import annotations

import errno
import fcntl
import os
import pickle
import sqlite3
import stat
import types
from pathlib import Path

import pytest
from builds import pure_only

from variantlang import files
from variantlang.diagnostics import safe_name, safe_text
from variantlang.files import FileProblem, OutputProblem, distinct_names, refuse_overwriting, write_atomic, write_set
from variantlang.simulation import store
from variantlang.simulation.store import LOCK, RunError, Store
from variantlang.stats.games import GameRecord, HandRecord, WinRecord

pytestmark = pure_only


@pytest.fixture
def full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every write of the files module fails as on a full disk, after the file was created."""

    def no_space(handle: int, data: object) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(files, "os", types.SimpleNamespace(**{**vars(os), "write": no_space}))


def contents(folder: Path) -> dict[str, bytes]:
    """Every entry of `folder`, hidden ones included (a temporary left behind shows here)."""
    return {p.name: p.read_bytes() if p.is_file() else b"<folder>" for p in folder.iterdir()}


def test_write_atomic_replaces_a_file_whole_with_the_umask_permissions(tmp_path: Path) -> None:
    target = tmp_path / "sub" / "out.json"
    umask = os.umask(0o027)
    try:
        write_atomic(target, "first")
        write_atomic(target, b"second")
    finally:
        os.umask(umask)
    assert target.read_text(encoding="utf-8") == "second"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert contents(target.parent) == {"out.json": b"second"}


def test_a_full_disk_leaves_the_old_file_and_no_temporary(tmp_path: Path, full_disk: None) -> None:
    target = tmp_path / "out.mjson"
    target.write_text("old", encoding="utf-8")
    with pytest.raises(OutputProblem, match=r"cannot write .*out\.mjson: the disk is full"):
        write_atomic(target, "new")
    assert contents(tmp_path) == {"out.mjson": b"old"}


def test_a_full_disk_part_way_through_a_set_leaves_the_previous_set(tmp_path: Path, full_disk: None) -> None:
    (tmp_path / "summary.json").write_text("old", encoding="utf-8")
    with pytest.raises(OutputProblem, match=r"summary\.json: the disk is full"):
        write_set(tmp_path, {"summary.json": "new", "report.html": "new"})
    assert contents(tmp_path) == {"summary.json": b"old"}


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda p: p.mkdir(), "a folder is there, not a file"),
        (os.mkfifo, "a pipe is there, not a file"),
        (lambda p: p.symlink_to("/dev/null"), "a symbolic link is there, not a file"),
    ],
    ids=["folder", "fifo", "symlink"],
)
def test_an_output_never_replaces_a_folder_or_a_special_file(tmp_path: Path, make: object, reason: str) -> None:
    assert callable(make)
    make(tmp_path / "b.md")
    (tmp_path / "a.md").write_text("old a", encoding="utf-8")
    for write in (
        lambda: write_atomic(tmp_path / "b.md", "x"),
        lambda: write_set(tmp_path, {"a.md": "x", "b.md": "x"}),
    ):
        with pytest.raises(OutputProblem, match=reason):
            write()
    assert (tmp_path / "a.md").read_text(encoding="utf-8") == "old a"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.md", "b.md"]


@pytest.mark.parametrize(
    ("where", "reason"),
    [("file/out", "a part of the path is a file, not a folder"), ("file", "a file is there, not a folder")],
)
def test_a_folder_that_cannot_be_made_is_named(tmp_path: Path, where: str, reason: str) -> None:
    (tmp_path / "file").write_text("x", encoding="utf-8")
    with pytest.raises(OutputProblem) as raised:
        write_set(tmp_path / where, {"a.md": "x"})
    assert str(raised.value) == f"cannot write {tmp_path / where}: {reason}"


def test_a_set_cannot_name_another_folder(tmp_path: Path) -> None:
    for name in ("../a.md", "sub/a.md", ".."):
        with pytest.raises(OutputProblem, match="names another folder"):
            write_set(tmp_path / "out", {name: "x"})


def test_an_output_that_is_an_input_is_refused_however_it_is_spelled(tmp_path: Path) -> None:
    log = tmp_path / "logs" / "g.json"
    log.parent.mkdir()
    log.write_text("{}", encoding="utf-8")
    with pytest.raises(OutputProblem, match="it is one of the inputs"):
        refuse_overwriting([tmp_path / "logs" / ".." / "logs" / "g.json"], [log])
    refuse_overwriting([tmp_path / "logs" / "g.mjson"], [log])  # not the same file: fine


def test_two_inputs_of_one_name_would_become_one_output(tmp_path: Path) -> None:
    a, b = tmp_path / "a" / "g.json", tmp_path / "b" / "g.json"
    with pytest.raises(ValueError, match=r"a/g.json and .*b/g.json would both be written as g.mjson"):
        distinct_names([a, b], "{}.mjson")
    distinct_names([a, a, tmp_path / "h.json"], "{}.mjson")  # the same file twice is one output


def test_problems_cross_from_a_worker_process_whole() -> None:
    output = pickle.loads(pickle.dumps(OutputProblem(Path("x/y"), "the disk is full")))
    assert str(output) == "cannot write x/y: the disk is full" and output.path == Path("x/y")
    read = pickle.loads(pickle.dumps(FileProblem("not_regular", "not a regular file")))
    assert (read.kind, read.message) == ("not_regular", "not a regular file")


def test_a_name_is_printed_without_escapes_bidi_or_undecodable_bytes() -> None:
    raw = os.fsdecode(b"log\x1b]0;pwned\x07\xff\xe2\x80\xaegnp.json")
    shown = safe_name(raw)
    assert shown == "log\ufffd]0;pwned\ufffd\ufffd\ufffdgnp.json"
    shown.encode("utf-8")  # a JSON line or a terminal can carry it
    assert safe_text("a\nb\x1b") == "a\nb\ufffd"


# ------------------------------------------------------------------ the run folder


PARAMETERS = {"variant": "standard", "games": 2}


def new_run(folder: Path) -> bytes:
    run = Store(folder)
    run.start(PARAMETERS, resume=False)
    run.close()
    return (folder / store.DATABASE).read_bytes()


def refused(folder: Path, match: str) -> None:
    before = {p.name: p.read_bytes() for p in folder.iterdir() if p.name != LOCK}
    with pytest.raises(RunError, match=match):
        Store(folder).start(PARAMETERS, resume=True)
    assert {p.name: p.read_bytes() for p in folder.iterdir() if p.name != LOCK} == before


def test_a_run_resumes_and_releases_its_lock(tmp_path: Path) -> None:
    new_run(tmp_path)
    again = Store(tmp_path)
    assert again.start(PARAMETERS, resume=True) == set()
    again.close()
    with pytest.raises(RunError, match="already holds a run"):
        Store(tmp_path).start(PARAMETERS, resume=False)


def test_a_stored_game_reads_back_with_its_unpaid_wins(tmp_path: Path) -> None:
    """Issue 19 item 3: every win is stored with whether it was paid (a played-on hand's reached wins)."""
    reached = WinRecord(0, 1, False, False, 1, 30, 1000, 0, ("tanyao",), "", paid=False)
    paid = WinRecord(0, 2, False, True, 3, 30, 3900, 0, ("riichi",), "", paid=True)
    hand = HandRecord(0, 0, 0, 0, 0, "win", (False,) * 4, (False,) * 4, (False, False, True, False), (False,) * 4,
                      (-1300, 0, 3900, -1300))  # fmt: skip
    game = GameRecord(4, (hand,), (reached, paid), (23700, 25000, 28900, 23700), (0.0,) * 4, "complete")
    run = Store(tmp_path)
    run.start(PARAMETERS, resume=False)
    run.add(0, ("random",) * 4, game)
    run.commit()
    assert list(run.games()) == [(0, ("random",) * 4, game)]
    run.close()


def test_garbage_and_a_truncated_database_are_refused_unchanged(tmp_path: Path) -> None:
    (tmp_path / store.DATABASE).write_bytes(os.urandom(3000))
    refused(tmp_path, "is not an SQLite database")
    data = new_run(tmp_path / "run")
    (tmp_path / "run" / store.DATABASE).write_bytes(data[: len(data) // 2])
    refused(tmp_path / "run", "malformed|damaged")
    (tmp_path / "run" / store.DATABASE).write_bytes(b"")
    refused(tmp_path / "run", "is not an SQLite database")


def test_another_programs_database_gets_none_of_our_tables(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / store.DATABASE)
    db.execute("CREATE TABLE people (name TEXT)")
    db.commit()
    db.close()
    refused(tmp_path, "another program's database")
    with pytest.raises(RunError, match="another program's database"):
        Store(tmp_path)  # a new run there is refused too


def test_a_run_stored_before_wins_said_whether_they_were_paid_is_refused_by_name(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / store.DATABASE)
    db.executescript(store._SCHEMA.replace(", paid INTEGER NOT NULL", ""))
    db.commit()
    db.close()
    refused(tmp_path, "stored by an earlier variantlang, whose wins do not say whether they were paid")


def test_a_database_another_program_holds_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    new_run(tmp_path)
    monkeypatch.setattr(store, "BUSY_SECONDS", 0.1)
    holder = sqlite3.connect(tmp_path / store.DATABASE, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        refused(tmp_path, "locked by another program")
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def test_a_second_process_on_the_folder_is_refused_and_a_dead_ones_lock_is_not(tmp_path: Path) -> None:
    new_run(tmp_path)
    (tmp_path / LOCK).write_text("999999999\n", encoding="ascii")  # left by a killed run: no one holds it
    Store(tmp_path).close()
    handle = os.open(tmp_path / LOCK, os.O_RDWR)
    fcntl.flock(handle, fcntl.LOCK_EX)  # held as a second variantlang process would hold it
    os.ftruncate(handle, 0)
    os.write(handle, b"4242\n")
    try:
        refused(tmp_path, r"in use by another variantlang run \(process 4242\)")
    finally:
        os.close(handle)
    Store(tmp_path).close()


def test_a_full_disk_while_storing_is_a_run_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run = Store(tmp_path)
    run.start(PARAMETERS, resume=False)

    class Full:
        def commit(self) -> None:
            raise sqlite3.OperationalError("database or disk is full")

        def close(self) -> None:
            pass

    real = run.db
    monkeypatch.setattr(run, "db", Full())
    with pytest.raises(RunError, match=r"results.sqlite: cannot write the results: database or disk is full"):
        run.commit()
    with pytest.raises(RunError):
        run.close()
    real.close()


def test_a_lock_that_is_not_a_file_is_named(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / LOCK)  # opened for reading and writing, a FIFO would not block: it must be refused
    with pytest.raises(OutputProblem, match=r"run\.lock: something other than a file is there"):
        Store(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [LOCK]
