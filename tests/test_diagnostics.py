"""The diagnostics corpus: every error code has a file in tests/diagnostics/ and the exact text `check`
prints for it (FILE:LINE:COL: error[CODE], the source line, a caret, help); every warning that the engine
cannot play a variant (W0502: settings it cannot lay out together) has a file per refusal; every value the
catalog lists is played, and W0501 is checked on a value withdrawn for the test.

Regenerate the expected texts after an intended change with
`VARIANTLANG_UPDATE_GOLDEN=1 pytest tests/test_diagnostics.py`, then read the diff.
"""

import os
import re
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from variantlang import load, loads
from variantlang.catalog import BY_PATH, SETTINGS, Kind
from variantlang.catalog.feeds import among
from variantlang.cli import main
from variantlang.engine.rules import EngineRules, UnplayableError
from variantlang.rules import playable
from variantlang.rules.pao import CERTAIN
from variantlang.rules.playable import UNPLAYED_VALUE

CORPUS = Path(__file__).with_name("diagnostics")
SOURCE = Path(__file__).parents[1] / "variantlang"
UPDATE = os.environ.get("VARIANTLANG_UPDATE_GOLDEN") == "1"
CASES = sorted(p.stem for p in CORPUS.glob("[EW]*.expected"))
PADDED = "E0004_file_too_large"
"""Kept small in the repository: the test pads it past the size limit before checking it."""
MISSING = "E0008_unreadable"
"""Has no .variant: the test checks a path that does not exist."""
PIPE = "E0009_not_a_file"
"""Has no .variant: the test makes a named pipe of that name, which must be refused, not read."""


def _check(name: str, where: Path) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["check", f"{name}.variant"])
    return result.exit_code, result.output


@pytest.mark.parametrize("name", CASES)
def test_diagnostic_text(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if name == PIPE:
        os.mkfifo(tmp_path / f"{name}.variant")
        monkeypatch.chdir(tmp_path)
    elif name == PADDED:
        text = (CORPUS / f"{name}.variant").read_text(encoding="utf-8")
        (tmp_path / f"{name}.variant").write_text(text + "# padding\n" * 30_000, encoding="utf-8")
        monkeypatch.chdir(tmp_path)
    else:
        monkeypatch.chdir(CORPUS)
    code, output = _check(name, Path.cwd())
    expected_file = CORPUS / f"{name}.expected"
    if UPDATE:
        expected_file.write_text(output, encoding="utf-8")
    warning = name.startswith("W")
    assert code == (0 if warning else 1)
    assert f"{'warning' if warning else 'error'}[{name.split('_', maxsplit=1)[0]}]" in output
    assert output == expected_file.read_text(encoding="utf-8")
    assert "Traceback" not in output


def test_every_error_code_has_a_corpus_file() -> None:
    used = set()
    for path in SOURCE.rglob("*.py"):
        used |= set(re.findall(r'"([EW]\d{4})"', path.read_text(encoding="utf-8")))
    covered = {name.split("_")[0] for name in CASES} | {UNPLAYED_VALUE}  # its cases: `test_an_unplayed_value…`
    assert used, "no error codes found in the source"
    assert used - covered == set()
    assert covered - used == set()


def test_corpus_files_have_expected_texts() -> None:
    names = {p.stem for p in CORPUS.glob("[EW]*.variant")} - {"E0401_extends_cycle_other"}
    assert names - set(CASES) == set()
    assert MISSING in CASES and not (CORPUS / f"{MISSING}.variant").exists()
    assert PIPE in CASES and not (CORPUS / f"{PIPE}.variant").exists()


def test_check_accepts_every_shipped_variant(tmp_path: Path) -> None:
    shipped = sorted((Path(__file__).parents[1] / "variants").glob("*.variant"))
    result = CliRunner().invoke(main, ["check", *map(str, shipped)])
    assert result.exit_code == 0, result.output
    assert result.output.count(": ok (") == len(shipped)
    assert shutil.which("variantlang") is not None


@pytest.mark.parametrize("name", [c for c in CASES if c.startswith("W")])
def test_what_check_warns_of_simulate_refuses(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """`check` is first to say what the engine cannot play: each refusal it warns of is the engine's own,
    and the file compiles (`check` prints it as ok)."""
    monkeypatch.chdir(CORPUS)
    with pytest.raises(UnplayableError) as refused:
        EngineRules(load(f"{name}.variant", roots=[CORPUS]))
    _, output = _check(name, CORPUS)
    reason = str(refused.value).splitlines()[1].strip().split(" (")[0]
    assert reason in output and ": ok (" in output


def test_the_engine_plays_every_value_the_catalog_lists() -> None:
    """What `check` accepts, the engine plays (issue 19): every on/off and every choice, and every yaku
    `win.pao` may name (the others are E0116), so `check` has no W0501 to say of a shipped setting."""
    for setting in SETTINGS:
        if setting.kind is Kind.BOOL:
            values: list[object] = [True, False]
        elif setting.kind is Kind.CHOICE:
            values = list(setting.choices)
        elif setting.kind is Kind.INT and setting.low is not None:
            values = [setting.low]
        else:
            continue
        assert all(setting.engine_plays(v) for v in values), setting.path
    assert BY_PATH["win.pao"].engine_plays(tuple(CERTAIN))


def test_an_unplayed_value_is_a_warning_where_it_is_written(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """W0501: were a listed value not played (here play-on, withdrawn for the test), `check` points at it,
    says `simulate` refuses it, and exits 0; the engine refuses it by the same answer."""
    after_win = replace(BY_PATH["game.after_win"], played=among("end"))
    monkeypatch.setattr(playable, "SETTINGS", [after_win if s.path == "game.after_win" else s for s in SETTINGS])
    text = 'variant "v" "V" {\n  extends standard\n  game { after_win play_on_best_paid }\n}\n'
    (tmp_path / "v.variant").write_text(text, encoding="utf-8")
    with pytest.raises(UnplayableError, match=r"game\.after_win"):
        EngineRules(loads(text))
    result = CliRunner().invoke(main, ["check", str(tmp_path / "v.variant")])
    assert result.exit_code == 0, result.output
    assert f"v.variant:3:10: warning[{UNPLAYED_VALUE}]: game.after_win = play_on_best_paid" in result.output
    assert "`simulate` refuses the variant" in result.output


def test_the_sheet_tells_rule_authors_what_the_engine_cannot_play(tmp_path: Path) -> None:
    """The Markdown sheet's appendix for rule authors says what `check` warns of; the club's pages do not."""
    result = CliRunner().invoke(main, ["sheet", str(CORPUS / "W0502_dead_wall_empty.variant"), "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    said = "tiles.dead_wall = 0: no room for the dora indicator and its ura"
    assert said in (tmp_path / "W0502_dead_wall_empty.en.md").read_text(encoding="utf-8")
    assert "`simulate`はこのルールを拒む" in (tmp_path / "W0502_dead_wall_empty.ja.md").read_text(encoding="utf-8")
    assert said not in (tmp_path / "W0502_dead_wall_empty.en.html").read_text(encoding="utf-8")
