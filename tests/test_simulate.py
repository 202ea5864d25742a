"""`variantlang simulate`: the same figures for any number of workers, a stopped run resumed to the same
figures, duplicate play on shared walls, the report labelled and drawn, and every bad input refused with
nothing written. Small runs of the `random` bot (a few games each), so the tests stay quick."""

from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import pytest
from builds import pure_only
from click.testing import CliRunner, Result
from test_engine import UNPLAYED

from variantlang.api import load_variant
from variantlang.cli import main
from variantlang.simulation.outputs import TRUTH_ENV, real_game
from variantlang.simulation.run import BATCH, prepare, run
from variantlang.simulation.store import DATABASE
from variantlang.stats.figures import summarize


def simulate(out: Path, *args: str) -> Result:
    """`simulate standard` with the real games left out (they take seconds to replay)."""
    return CliRunner().invoke(
        main,
        ["simulate", "standard", "--bots", "random", "--out", str(out), *args],
        env={TRUTH_ENV: str(out.parent / "none")},
    )


def summary(out: Path) -> dict[str, object]:
    return dict(json.loads((out / "summary.json").read_text(encoding="utf-8")))


def test_one_and_two_workers_give_the_same_summary(tmp_path: Path) -> None:
    one = simulate(tmp_path / "one", "--games", "4", "--seed", "7", "--workers", "1")
    two = simulate(tmp_path / "two", "--games", "4", "--seed", "7", "--workers", "2")
    assert one.exit_code == 0, one.output
    assert two.exit_code == 0, two.output
    assert (tmp_path / "one" / "summary.json").read_bytes() == (tmp_path / "two" / "summary.json").read_bytes()
    figures = summary(tmp_path / "one")["figures"]
    assert isinstance(figures, dict) and figures["games"] == 4 and figures["hands"] > 0


def test_another_seed_plays_other_games(tmp_path: Path) -> None:
    assert simulate(tmp_path / "a", "--games", "2", "--seed", "1", "--workers", "1").exit_code == 0
    assert simulate(tmp_path / "b", "--games", "2", "--seed", "2", "--workers", "1").exit_code == 0
    assert summary(tmp_path / "a")["figures"] != summary(tmp_path / "b")["figures"]


class Stop(Exception):
    pass


@pure_only  # the store, resumption and the report: interpreted in both builds (the compiled play is checked above)
def test_a_stopped_run_resumes_to_the_same_summary(tmp_path: Path) -> None:
    ruleset = load_variant("standard")
    spec = prepare("standard", ruleset, ["random"], seed=3, games=5, duplicate=False)

    def stop_after_two(done: int, total: int) -> None:
        if done == 2:
            raise Stop

    with pytest.raises(Stop):
        run(spec, ruleset, tmp_path / "stopped", progress=stop_after_two)
    resumed = simulate(tmp_path / "stopped", "--games", "5", "--seed", "3", "--workers", "2", "--resume")
    whole = simulate(tmp_path / "whole", "--games", "5", "--seed", "3", "--workers", "1")
    assert resumed.exit_code == 0, resumed.output
    assert whole.exit_code == 0, whole.output
    assert summary(tmp_path / "stopped") == summary(tmp_path / "whole")


@pure_only  # the store, resumption and the report: interpreted in both builds (the compiled play is checked above)
def test_a_killed_run_resumes_to_the_same_summary(tmp_path: Path) -> None:
    """A real kill (SIGKILL, no clean-up): the batches committed before it survive, `--resume` plays the rest."""
    killed = tmp_path / "killed"
    args = ["simulate", "standard", "--bots", "random", "--games", "20", "--seed", "5", "--workers", "1"]
    env = {**os.environ, TRUTH_ENV: str(tmp_path / "none")}
    # run from outside the checkout, so the child imports the installed build (as CI's compiled run needs)
    child = subprocess.Popen([sys.executable, "-m", "variantlang", *args, "--out", str(killed)],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=tmp_path)  # fmt: skip
    deadline = time.monotonic() + 300
    try:
        while stored(killed) < BATCH:
            assert child.poll() is None, "the run ended before it could be killed"
            assert time.monotonic() < deadline
            time.sleep(0.05)
    finally:
        child.kill()
        child.wait()
    assert BATCH <= stored(killed) < 20 and not (killed / "summary.json").exists()
    resumed = simulate(killed, *args[4:], "--resume")
    whole = simulate(tmp_path / "whole", *args[4:])
    assert resumed.exit_code == 0, resumed.output
    assert whole.exit_code == 0, whole.output
    assert summary(killed) == summary(tmp_path / "whole")


def stored(out: Path) -> int:
    """Games committed to the run's database so far."""
    try:
        with closing(sqlite3.connect(f"file:{out / DATABASE}?mode=ro", uri=True)) as db:
            return int(db.execute("SELECT count(*) FROM games").fetchone()[0])
    except sqlite3.OperationalError:  # not created yet, or its tables not yet (read-only: never creates it)
        return 0


@pure_only  # the store, resumption and the report: interpreted in both builds (the compiled play is checked above)
def test_resume_refuses_a_run_with_other_parameters(tmp_path: Path) -> None:
    assert simulate(tmp_path / "run", "--games", "1", "--seed", "1", "--workers", "1").exit_code == 0
    other = simulate(tmp_path / "run", "--games", "1", "--seed", "2", "--workers", "1", "--resume")
    assert other.exit_code == 1
    assert "other parameters" in other.output and "seed" in other.output
    again = simulate(tmp_path / "run", "--games", "1", "--seed", "1", "--workers", "1")
    assert again.exit_code == 1 and "--resume" in again.output
    nothing = simulate(tmp_path / "empty", "--games", "1", "--workers", "1", "--resume")
    assert nothing.exit_code == 1 and "no run to resume" in nothing.output
    assert not (tmp_path / "empty").exists()


def test_duplicate_play_repeats_the_walls_with_the_challenger_in_each_seat(tmp_path: Path) -> None:
    out = tmp_path / "dup"
    result = CliRunner().invoke(
        main,
        ["simulate", "standard", "--duplicate", "--bots", "random,random", "--games", "4", "--workers", "1",
         "--out", str(out), "--logs"],
        env={TRUTH_ENV: str(tmp_path / "none")},
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    duplicate = summary(out)["duplicate"]
    assert isinstance(duplicate, dict)
    assert duplicate["sets"] == 1 and duplicate["even"] == 2.5
    assert 1 <= duplicate["mean_placement"]["mean"] <= 4
    first_hands = []
    for i in range(4):
        lines = (out / "logs" / f"game-{i:06d}.mjson").read_text(encoding="utf-8").splitlines()
        start = next(json.loads(line) for line in lines if '"start_kyoku"' in line)
        first_hands.append(start["tehais"])
    assert all(hands == first_hands[0] for hands in first_hands)
    html = (out / "report.html").read_text(encoding="utf-8")
    assert "Skill against luck" in html and "duplicate format" in html


@pure_only  # the store, resumption and the report: interpreted in both builds (the compiled play is checked above)
def test_the_report_is_labelled_and_drawn(tmp_path: Path, shipped: object) -> None:
    out = tmp_path / "report"
    assert simulate(out, "--games", "2", "--seed", "11", "--workers", "1").exit_code == 0
    html = (out / "report.html").read_text(encoding="utf-8")
    run_info = summary(out)["run"]
    assert isinstance(run_info, dict)
    for label in ("N = 2", "standard", str(run_info["content_hash"]), str(run_info["version"]), "random, random"):
        assert label in html
    assert "<td>11</td>" in html
    assert html.count("<svg") == 5  # points, han, placements, final scores, after a riichi or a call
    for axis in ("share of wins", "final score (points)", "share of games", "hand value (points"):
        assert axis in html  # every chart's axes are labelled
    assert "Win (per player-hand)" in html and "Exhaustive draw (per hand)" in html
    assert "Test of equal seats" in html and "After a riichi or a call" in html and "clustered by game" in html
    assert re.search(r"(src|href)=\"?https?:", html) is None and "<link" not in html  # works offline
    assert "@page { size: A4" in html


@pure_only  # the store, resumption and the report: interpreted in both builds (the compiled play is checked above)
def test_the_report_names_yaku_as_the_variant_does(tmp_path: Path) -> None:
    out = tmp_path / "named"
    assert simulate(out, "--games", "2", "--seed", "3", "--workers", "1", "--bots", "defensive").exit_code == 0
    yaku = summary(out)["figures"]["yaku"]
    assert isinstance(yaku, dict) and "riichi" in yaku  # four defensive bots declare riichi within two games
    html = (out / "report.html").read_text(encoding="utf-8")
    assert "<td>Riichi</td>" in html and "<td>riichi</td>" not in html


@pure_only  # the store, resumption and the report: interpreted in both builds (the compiled play is checked above)
def test_the_logs_give_the_summary_back_through_stats(tmp_path: Path) -> None:
    out = tmp_path / "logs"
    assert simulate(out, "--games", "2", "--workers", "1", "--logs").exit_code == 0
    figures = summary(out)["figures"]
    games = [real_game(path)[0] for path in sorted((out / "logs").glob("*.mjson"))]
    assert summarize(games).as_json() == figures
    # tenhou.net/6, for Tenhou's viewer, reads back to the same games (game 0 adds a 5p to a pon of the red 5p)
    viewer = [real_game(path)[0] for path in sorted((out / "logs").glob("*.json"))]
    assert len(viewer) == 2 and summarize(viewer).as_json() == figures
    result = CliRunner().invoke(main, ["stats", str(out / "logs"), "--out", str(tmp_path / "stats")])
    assert result.exit_code == 0, result.output
    assert summary(tmp_path / "stats")["figures"] == figures


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["--bots", "randm"], 2, "did you mean 'random'"),
        (["--games", "0"], 2, "--games"),
        (["--bots", "random,random,random"], 2, "give one bot or 4"),
        (["--duplicate", "--bots", "random,random", "--games", "3"], 2, "multiple of 4"),
        (["--duplicate", "--bots", "random", "--games", "4"], 2, "two bots"),
        (["--truth", "no-such-folder"], 2, "no Tenhou logs under no-such-folder"),
    ],
)
def test_bad_arguments_are_refused_before_anything_is_written(
    tmp_path: Path, args: list[str], code: int, message: str
) -> None:
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["simulate", "standard", "--out", str(out), *args])
    assert result.exit_code == code, result.output
    assert message in result.output
    assert "Traceback" not in result.output
    assert not out.exists()


def test_an_unplayable_variant_is_refused_naming_the_setting_and_line(tmp_path: Path) -> None:
    out = tmp_path / "out"
    club = tmp_path / "club.variant"
    club.write_text(UNPLAYED, encoding="utf-8")
    result = CliRunner().invoke(main, ["simulate", str(club), "--bots", "random", "--out", str(out)])
    assert result.exit_code == 1
    assert "dora.chosen_indicators" in result.output and "club.variant:3" in result.output
    assert not out.exists()


def test_without_matplotlib_the_run_is_played_stored_and_reported_without_charts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    out = tmp_path / "out"
    result = simulate(out, "--games", "1", "--workers", "1")
    assert result.exit_code == 0, result.output
    assert "pip install 'variantlang[report]'" in result.output
    assert stored(out) == 1 and summary(out)["figures"]
    html = (out / "report.html").read_text(encoding="utf-8")
    assert "<svg" not in html and "pip install &#39;variantlang[report]&#39;" in html and "--resume" in html


@pure_only  # the store, resumption and the report: interpreted in both builds (the compiled play is checked above)
def test_a_finished_run_is_extended_with_resume_reusing_its_games(tmp_path: Path) -> None:
    assert simulate(tmp_path / "run", "--games", "2", "--seed", "4", "--workers", "1").exit_code == 0
    extended = simulate(tmp_path / "run", "--games", "4", "--seed", "4", "--workers", "1", "--resume")
    assert extended.exit_code == 0, extended.output
    assert "standard: 2/4 games\n" in extended.output  # it starts from the two games it has
    whole = simulate(tmp_path / "whole", "--games", "4", "--seed", "4", "--workers", "1")
    assert whole.exit_code == 0, whole.output
    assert summary(tmp_path / "run") == summary(tmp_path / "whole")
    fewer = simulate(tmp_path / "run", "--games", "3", "--seed", "4", "--workers", "1", "--resume")
    assert fewer.exit_code == 1 and "holds 4 games" in fewer.output


@pure_only  # the store, resumption and the report: interpreted in both builds (the compiled play is checked above)
def test_progress_is_a_line_every_few_seconds_when_stderr_is_not_a_terminal(tmp_path: Path) -> None:
    result = simulate(tmp_path / "run", "--games", "2", "--workers", "1")
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if re.match(r"standard: \d+/2 games", line)]
    assert lines[0] == "standard: 0/2 games" and lines[-1].startswith("standard: 2/2 games, ")


def children(pid: int) -> set[int]:
    """The live processes whose parent is `pid` (read from /proc)."""
    out = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            out.add(int(stat.parent.name))
    return out


@pure_only  # the store, resumption and the report: interpreted in both builds (the compiled play is checked above)
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("how", ["SIGKILL", "SIGTERM"])
def test_workers_die_with_their_parent(tmp_path: Path, how: str) -> None:
    """However the main process ends, its workers end too, and do not play on alone."""
    args = ["simulate", "standard", "--bots", "random", "--games", "10000", "--workers", "2"]
    env = {**os.environ, TRUTH_ENV: str(tmp_path / "none")}
    child = subprocess.Popen([sys.executable, "-m", "variantlang", *args, "--out", str(tmp_path / "run")],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=tmp_path)  # fmt: skip
    deadline = time.monotonic() + 120
    try:
        while len(workers := children(child.pid)) < 2:
            assert child.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
    finally:
        child.send_signal(getattr(signal, how))
        child.wait()
    gone = time.monotonic() + 20
    while any(_alive(pid) for pid in workers):
        assert time.monotonic() < gone, f"workers {workers} outlived their parent"
        time.sleep(0.1)


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"
