"""Simulation on Dask: a 2-worker LocalCluster gives the same summary.json bytes as the local pool, the
logs come back to the client, the variant travels by content and is checked by hash, and a cluster that
cannot be reached or a missing Dask is said plainly."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest
from builds import pure_only
from click.testing import CliRunner, Result

from variantlang.api import load_variant
from variantlang.cli import main
from variantlang.simulation.outputs import TRUTH_ENV
from variantlang.simulation.run import VariantText
from variantlang.simulation.store import RunError

pytestmark = pure_only


def simulate(out: Path, *args: str) -> Result:
    return CliRunner().invoke(
        main,
        ["simulate", "standard", "--bots", "random", "--games", "4", "--seed", "7", "--out", str(out), *args],
        env={TRUTH_ENV: str(out.parent / "none")},
    )


def test_a_local_dask_cluster_gives_the_same_summary_bytes_and_logs_as_the_local_pool(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    dask = simulate(tmp_path / "dask", "--dask", "2", "--logs")
    local = simulate(tmp_path / "local", "--workers", "1", "--logs")
    assert dask.exit_code == 0, dask.output
    assert local.exit_code == 0, local.output
    assert (tmp_path / "dask" / "summary.json").read_bytes() == (tmp_path / "local" / "summary.json").read_bytes()
    logs = sorted(p.name for p in (tmp_path / "dask" / "logs").iterdir())
    assert logs == sorted(p.name for p in (tmp_path / "local" / "logs").iterdir()) and len(logs) == 8
    for name in logs:
        assert (tmp_path / "dask" / "logs" / name).read_bytes() == (tmp_path / "local" / "logs" / name).read_bytes()


def test_the_variant_travels_by_content_and_is_checked_by_hash(tmp_path: Path) -> None:
    friday = tmp_path / "friday.variant"
    friday.write_text('variant "friday" {\n  extends standard\n  calls { kuitan off }\n}\n', encoding="utf-8")
    ruleset = load_variant(str(friday))
    sent = VariantText.of(ruleset)
    friday.unlink()  # the worker reads no file: the texts travel
    assert sent.load().source_hash == ruleset.source_hash
    with pytest.raises(RunError, match="content hash"):
        replace(sent, content_hash="0" * 16).load()


def test_an_unreachable_scheduler_and_a_missing_dask_are_said_plainly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("distributed")
    unreachable = simulate(tmp_path / "far", "--scheduler", "tcp://127.0.0.1:9")
    assert unreachable.exit_code == 1, unreachable.output
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in unreachable.output
    both = simulate(tmp_path / "both", "--dask", "2", "--workers", "2")
    assert both.exit_code == 2 and "one of --workers, --dask and --scheduler" in both.output
    monkeypatch.setitem(sys.modules, "distributed", None)
    missing = simulate(tmp_path / "none", "--dask", "2")
    assert missing.exit_code == 2 and "pip install 'variantlang[dask]'" in missing.output
    for result in (unreachable, both, missing):
        assert "Traceback" not in result.output
    for folder in ("far", "both", "none"):
        assert not (tmp_path / folder).exists()  # refused before anything is written
