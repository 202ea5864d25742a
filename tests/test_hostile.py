"""The hostile inputs of issues 12 and 25, kept as a corpus (tests/hostile/ and the cases below): each is
run as a user would run it, in a separate process under a memory and CPU limit, and must end with its
documented exit code and a message, never a traceback, a hang or a memory blow-up, and leave no file
half-written or lost.

The limits are resource limits of the child process (1 GiB of address space, 60 s of CPU), not timed
assertions: a quadratic or exponential path shows up as a killed process, whatever the machine's speed.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import resource
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from builds import pure_only

from variantlang.simulation.store import Store

CORPUS = Path(__file__).with_name("hostile")
MEMORY = 1 << 30
CPU_SECONDS = 60

HAND = "123m456p789s11z234m"


def limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))


def run(*args: str, stdin: bytes = b"", cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [sys.executable, "-m", "variantlang", *args],
        input=stdin.decode("utf-8", "surrogateescape") if stdin else "",
        capture_output=True,
        text=True,
        errors="replace",
        preexec_fn=limited,
        cwd=cwd or tempfile.gettempdir(),  # not the checkout, whose source folder would shadow the installed package
        timeout=CPU_SECONDS * 3,
        check=False,
    )
    assert "Traceback" not in result.stderr + result.stdout, result.stderr[-2000:]
    assert result.returncode >= 0, f"killed by signal {-result.returncode} (a resource limit)"
    return result


CHECKED = {
    "range_membership": (0, "ok"),
    "range_dynamic": (0, "ok"),
    "bonus_negative": (0, "ok"),
    "list_60000_items": (0, "ok"),
    "chain_30000_comparisons": (1, "error[E0307]"),
    "nested_seven": (1, "error[E0307]"),
    "nested_seven_gated": (1, "error[E0307]"),
    "product_overflow": (1, "error[E0308]"),
    "bonus_infinity": (1, "error[E0308]"),
    "power_fraction": (1, "error[E0308]"),
    "nul_in_string": (1, "error[E0010]"),
    "bad_escapes": (1, "error[E0010]"),
    "terminal_escape": (1, "error[E0010]"),
    "number_5000_digits": (1, "error[E0011]"),
    "parentheses_100000": (1, "error[E0006]"),
    "not_60000": (1, "error[E0006]"),
    "sum_30000_terms": (1, "error[E0006]"),
    "and_20000_terms": (1, "error[E0006]"),
    "unknown_35000": (1, "35000 problems found"),
    "deal_64_tiles": (1, "error[E0115]: the tile set has 64 tiles, too few to deal 13 to each of 4 players"),
    "deal_0_tiles": (1, "error[E0115]: the tile set has 0 tiles"),
    "formula_past_bounds": (0, "ok"),
}


def test_every_corpus_file_has_an_expectation() -> None:
    assert {p.stem for p in CORPUS.glob("*.variant")} == set(CHECKED)


@pure_only  # the parser and the compiler: the same interpreted code in both builds
@pytest.mark.parametrize("name", sorted(CHECKED))
def test_check_ends_cleanly_on_each_hostile_file(name: str) -> None:
    code, expected = CHECKED[name]
    result = run("check", str(CORPUS / f"{name}.variant"))
    assert result.returncode == code, result.stderr[-2000:]
    assert expected in result.stdout + result.stderr
    assert "\x1b" not in result.stderr  # an escape sequence in a file never reaches the terminal


def test_a_range_too_long_to_go_through_is_a_clean_answer_at_score() -> None:
    """Membership in the range costs nothing; going through 500 million numbers on a hand with five
    honba is refused at `score`, by the command and by a batch, and names the place in the file."""
    variant = str(CORPUS / "range_dynamic.variant")
    assert run("score", "--variant", variant, HAND, "--riichi").returncode == 0
    refused = run("score", "--variant", variant, HAND, "--riichi", "--honba", "5")
    assert refused.returncode == 1 and "range_dynamic.variant:5:" in refused.stderr
    assert "too long to go through" in refused.stderr
    batch = run("score", "--variant", variant, "--batch", "-", stdin=b'{"closed": "%s", "honba": 5}\n' % HAND.encode())
    assert batch.returncode == 0 and '"ok": false' in batch.stdout and "too long" in batch.stdout


def test_a_negative_bonus_scores_cleanly() -> None:
    """Riichi and tsumo (2 han) with a bonus of -3: -1 han, paid as 0 han 30 fu (base 120), on both builds
    (the compiled one used to fail on the negative power of two)."""
    result = run(
        "score",
        "--variant",
        str(CORPUS / "bonus_negative.variant"),
        "--json",
        HAND,
        "--riichi",
        "--tsumo",
        "--seat",
        "S",
    )
    assert result.returncode == 0, result.stderr
    assert '"han": -1' in result.stdout and '"points": {"dealer": 300, "each_non_dealer": 200}' in result.stdout


@pure_only  # what the command does with places, disks and names: the same interpreted code in both builds
def test_a_device_and_standard_input_are_bounded() -> None:
    assert "error[E0009]" in run("check", "/dev/zero").stderr
    huge = run("check", "-", stdin=b"#" * (4 << 20))
    assert huge.returncode == 1 and "error[E0004]" in huge.stderr


# ------------------------------------------------------------------ issue 25: outputs, run folders, names

LOG = (
    Path(__file__).resolve().parents[2]
    / "shared/truth/logs/tenhou6_json/4p/mjlog2json/2023053016gm-0029-0000-e54b3b98.json"
)
"""A real 12-hand game (tenhou.net/6 JSON) that replays and matches under `standard`; read in place."""


@pytest.fixture
def log(tmp_path: Path) -> Path:
    """A copy of the real game in its own folder (the cases below write beside it)."""
    if not LOG.is_file():
        pytest.skip(f"the shared Tenhou records are not here: {LOG}")
    copy = tmp_path / "logs" / "g.json"
    copy.parent.mkdir()
    copy.write_bytes(LOG.read_bytes())
    return copy


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` with its bytes, hidden ones (a temporary left behind) included."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def writers(out: str, log: Path) -> dict[str, tuple[str, ...]]:
    """Every command that writes, with `out` as its output place."""
    return {
        "sheet": ("sheet", "standard", "--format", "md", "-o", out),
        "stats": ("stats", str(log), "-o", out),
        "replay": ("replay", "-q", str(log), "--mjai", out),
        "simulate": ("simulate", "standard", "-n", "1", "-j", "1", "-o", out),
    }


PLACES = {
    "under-a-file": ("afile/out", "cannot write {tmp}/afile/out: a part of the path is a file, not a folder"),
    "proc": ("/proc/variantlang-out", "cannot write /proc/variantlang-out: nothing can be made there"),
    "fifo": ("fifo", "cannot write {tmp}/fifo: a pipe is there, not a folder"),
    "device": ("/dev/null", "cannot write /dev/null: a device or socket is there, not a folder"),
}


@pure_only  # what the command does with places, disks and names: the same interpreted code in both builds
@pytest.mark.parametrize(
    ("command", "place"),
    [(c, p) for c in ("sheet", "stats", "replay") for p in sorted(PLACES)]
    + [("simulate", "under-a-file"), ("simulate", "proc")],  # its start-up is the slow part of this file
)
def test_an_output_place_that_cannot_be_written_is_named(tmp_path: Path, log: Path, command: str, place: str) -> None:
    (tmp_path / "afile").write_text("x", encoding="utf-8")
    os.mkfifo(tmp_path / "fifo")
    out, message = PLACES[place]
    before = tree(tmp_path)
    result = run(*writers(str(tmp_path / out) if not out.startswith("/") else out, log)[command], cwd=tmp_path)
    assert result.returncode == 1, result.stderr[-2000:]
    assert f"error: {message.format(tmp=tmp_path)}" in result.stderr
    assert tree(tmp_path) == before


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A real 256 KiB tmpfs, filled to its last few KiB (where the machine lets this process mount one:
    root in a container with the capability; else skipped, and tests/test_outputs.py's fake full disk
    still runs)."""
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(disk)], capture_output=True, check=False
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode(errors='replace').strip()}")
    try:
        filler = os.open(disk / "filler", os.O_WRONLY | os.O_CREAT)
        with contextlib.suppress(OSError):
            while True:
                os.write(filler, b"\0" * 4096)
        os.ftruncate(filler, os.fstat(filler).st_size - 8 * 4096)  # room for a few small files, not for all
        os.close(filler)
        yield disk
    finally:
        subprocess.run(["umount", str(disk)], check=False)


@pure_only  # what the command does with places, disks and names: the same interpreted code in both builds
@pytest.mark.parametrize("command", ["sheet", "stats", "replay", "simulate"])
def test_a_full_disk_is_named_and_leaves_nothing(small_disk: Path, log: Path, command: str) -> None:
    out = small_disk / "out"
    result = run(*writers(str(out), log)[command], cwd=small_disk.parent)
    assert result.returncode == 1, result.stderr[-2000:]
    assert "the disk is full" in result.stderr or "database or disk is full" in result.stderr
    assert not [p for p in out.rglob(".*") if p.name != "run.lock"]  # no temporary left behind
    assert not [p for p in out.rglob("*") if p.suffix in (".md", ".html", ".mjson", ".json")]


@pure_only  # what the command does with places, disks and names: the same interpreted code in both builds
def test_a_read_only_file_system_is_named(small_disk: Path, log: Path) -> None:
    (small_disk / "filler").unlink()
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    for command, args in writers(str(small_disk / "out"), log).items():
        if command == "simulate":
            continue  # the same make_folder as the others
        result = run(*args, cwd=small_disk.parent)
        assert result.returncode == 1, result.stderr[-2000:]
        assert f"error: cannot write {small_disk / 'out'}: the file system is read-only" in result.stderr


@pure_only  # what the command does with places, disks and names: the same interpreted code in both builds
def test_sheet_is_all_or_nothing_when_two_variants_share_a_name_or_a_name_is_a_folder(tmp_path: Path) -> None:
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "club.variant").write_text('variant "c" "c" {\n  extends standard\n}\n', encoding="utf-8")
    clash = run("sheet", "a/club.variant", "b/club.variant", "--format", "md", "-o", "out", cwd=tmp_path)
    assert clash.returncode == 1
    assert "error: a/club.variant and b/club.variant both make club.ja.md" in clash.stderr
    assert not (tmp_path / "out").exists()
    out = tmp_path / "sheets"
    (out / "standard.en.md").mkdir(parents=True)
    (out / "standard.ja.md").write_text("old", encoding="utf-8")
    before = tree(out)
    folder = run("sheet", "standard", "--format", "md", "-o", "sheets", cwd=tmp_path)
    assert folder.returncode == 1
    assert (
        "error: cannot write sheets/standard.en.md: a folder is there, not a file; no sheet was written"
        in folder.stderr
    )
    assert tree(out) == before


@pure_only  # what the command does with places, disks and names: the same interpreted code in both builds
def test_replay_outputs_are_whole_distinct_and_never_an_input(tmp_path: Path, log: Path) -> None:
    other = tmp_path / "other" / "g.json"
    other.parent.mkdir()
    other.write_bytes(log.read_bytes())
    same = run("replay", "-q", str(log), str(other), "--mjai", "out", cwd=tmp_path)
    assert same.returncode == 1 and f"error: {log} and {other} would both be written as g.mjson" in same.stderr
    assert not (tmp_path / "out").exists()
    before = tree(log.parent)
    over = run("replay", "-q", str(log), "--tenhou6", str(log.parent), cwd=tmp_path)
    assert over.returncode == 1 and f"error: cannot write {log}: it is one of the inputs" in over.stderr
    assert tree(log.parent) == before
    mismatch = run("replay", "-q", str(log), "--variant", "dora-mahjong", "--mjai", "out", cwd=tmp_path)
    assert mismatch.returncode == 1 and "not written: out/g.mjson (g.json does not match its log)" in mismatch.stderr
    assert tree(tmp_path / "out") == {}
    ok = run("replay", "-q", str(log), "--mjai", "out", "--tenhou6", "out6", cwd=tmp_path)
    assert ok.returncode == 0, ok.stderr
    assert set(tree(tmp_path / "out")) == {"g.mjson"} and set(tree(tmp_path / "out6")) == {"g.json"}


def sqlite_of_another_program(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE people (name TEXT)")
    db.commit()
    db.close()


RESUMES = {
    "garbage": (lambda p: p.write_bytes(b"\x89not a database" * 100), "is not an SQLite database"),
    "empty": (lambda p: p.write_bytes(b""), "is not an SQLite database"),
    "truncated": (lambda p: p.write_bytes(b"SQLite format 3\x00" + b"\x10\x00" + b"\0" * 200), "cannot be used"),
    "foreign": (sqlite_of_another_program, "is another program's database, not a variantlang run"),
}


@pure_only  # what the command does with places, disks and names: the same interpreted code in both builds
@pytest.mark.parametrize("case", sorted(RESUMES))
def test_resume_refuses_a_database_that_is_not_a_whole_run_and_leaves_it(tmp_path: Path, case: str) -> None:
    make, message = RESUMES[case]
    (tmp_path / "run").mkdir()
    make(tmp_path / "run" / "results.sqlite")
    before = (tmp_path / "run" / "results.sqlite").read_bytes()
    result = run("simulate", "standard", "-n", "1", "-j", "1", "-o", "run", "--resume", cwd=tmp_path)
    assert result.returncode == 1, result.stderr[-2000:]
    assert f"error: run/results.sqlite {message}" in result.stderr or message in result.stderr
    assert (tmp_path / "run" / "results.sqlite").read_bytes() == before
    assert sorted(p.name for p in (tmp_path / "run").iterdir()) == ["results.sqlite", "run.lock"]


@pure_only  # what the command does with places, disks and names: the same interpreted code in both builds
def test_a_second_resumer_is_refused_while_the_first_holds_the_folder(tmp_path: Path) -> None:
    first = Store(tmp_path / "run")  # a run's database, as the first resumer found it
    first.start({"games": 1}, resume=False)
    first.close()
    before = tree(tmp_path / "run")
    handle = os.open(tmp_path / "run" / "run.lock", os.O_RDWR | os.O_CREAT)
    fcntl.flock(handle, fcntl.LOCK_EX)  # as a running `simulate` holds it
    os.ftruncate(handle, 0)
    os.write(handle, b"4242\n")
    try:
        result = run("simulate", "standard", "-n", "1", "-j", "1", "-o", "run", "--resume", cwd=tmp_path)
    finally:
        os.close(handle)
    assert result.returncode == 1
    assert "error: run is in use by another variantlang run (process 4242)" in result.stderr
    assert tree(tmp_path / "run") == {**before, "run.lock": b"4242\n"}


@pure_only  # what the command does with places, disks and names: the same interpreted code in both builds
def test_names_with_escapes_or_bytes_that_are_not_utf8_are_shown_safely(tmp_path: Path, log: Path) -> None:
    escape = "evil\x1b]0;pwned\x07\x1b[2J"
    (tmp_path / f"{escape}.variant").write_text('variant "c" "c" {\n  extends standard\n}\n', encoding="utf-8")
    checked = run("check", f"{escape}.variant", cwd=tmp_path)
    assert checked.returncode == 0 and "evil\ufffd]0;pwned\ufffd\ufffd[2J.variant: ok" in checked.stdout
    sheet = run("sheet", f"{escape}.variant", "--format", "md", "-o", "out", cwd=tmp_path)
    assert sheet.returncode == 0 and "\x1b" not in sheet.stdout + sheet.stderr
    names = log.parent
    (names / os.fsdecode(b"bad\xff.json")).write_bytes(log.read_bytes())
    (names / f"{escape}.json").write_bytes(b"not json")
    replayed = run("replay", "--json", str(names), cwd=tmp_path)
    assert replayed.returncode == 1  # the broken log; the others are read
    games = [json.loads(line)["game"] for line in replayed.stdout.splitlines()]
    assert games == ["bad\ufffd.json", "g.json"]
    assert "\x1b" not in replayed.stdout + replayed.stderr and "evil\ufffd]0;pwned" in replayed.stderr


def test_a_formula_past_the_bounds_in_play_is_a_located_message(tmp_path: Path, log: Path) -> None:
    variant = str(CORPUS / "formula_past_bounds.variant")
    simulated = run("simulate", variant, "-n", "1", "-j", "1", "-o", "run", cwd=tmp_path)
    assert simulated.returncode == 1, simulated.stderr[-2000:]
    assert "formula_past_bounds cannot be played: the rule file cannot score this hand: " in simulated.stderr
    assert "formula_past_bounds.variant:8:" in simulated.stderr
    rescored = run("replay", "-q", str(log), "--rescore", variant, cwd=tmp_path)
    assert rescored.returncode == 1
    assert "seat 0: the rule file cannot score this hand: " in rescored.stderr
    assert "formula_past_bounds.variant:8:" in rescored.stderr and "no win" not in rescored.stdout


@pure_only  # what the command does with places, disks and names: the same interpreted code in both builds
def test_simulate_refuses_a_set_too_small_to_deal(tmp_path: Path) -> None:
    result = run("simulate", str(CORPUS / "deal_64_tiles.variant"), "-n", "1", "-j", "1", cwd=tmp_path)
    assert result.returncode == 1 and "error[E0115]" in result.stderr
    assert list(tmp_path.iterdir()) == []


@pure_only  # what the command does with places, disks and names: the same interpreted code in both builds
@pytest.mark.parametrize("special", ["fifo", "/dev/zero"])
def test_sheet_refuses_a_pipe_or_device_as_its_variant(tmp_path: Path, special: str) -> None:
    os.mkfifo(tmp_path / "fifo")
    result = run("sheet", special, "--format", "md", "-o", "out", cwd=tmp_path)
    assert result.returncode == 1
    kind = "a pipe" if special == "fifo" else "a device or socket"
    assert f"{special}:1:1: error[E0009]: not a regular file: this is {kind}" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fifo"]
