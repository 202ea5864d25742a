"""The diagnostics corpus: every error code has a file in tests/diagnostics/ and the exact text `check`
prints for it (FILE:LINE:COL: error[CODE], the source line, a caret, help).

Regenerate the expected texts after an intended change with
`VARIANTLANG_UPDATE_GOLDEN=1 pytest tests/test_diagnostics.py`, then read the diff.
"""

import os
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from variantlang.cli import main

CORPUS = Path(__file__).with_name("diagnostics")
SOURCE = Path(__file__).parents[1] / "variantlang"
UPDATE = os.environ.get("VARIANTLANG_UPDATE_GOLDEN") == "1"
CASES = sorted(p.stem for p in CORPUS.glob("E*.expected"))
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
    assert code == 1
    assert f"error[{name.split('_', maxsplit=1)[0]}]" in output
    assert output == expected_file.read_text(encoding="utf-8")
    assert "Traceback" not in output


def test_every_error_code_has_a_corpus_file() -> None:
    used = set()
    for path in SOURCE.rglob("*.py"):
        used |= set(re.findall(r'"(E\d{4})"', path.read_text(encoding="utf-8")))
    covered = {name.split("_")[0] for name in CASES}
    assert used, "no error codes found in the source"
    assert used - covered == set()
    assert covered - used == set()


def test_corpus_files_have_expected_texts() -> None:
    names = {p.stem for p in CORPUS.glob("E*.variant")} - {"E0401_extends_cycle_other"}
    assert names - set(CASES) == set()
    assert MISSING in CASES and not (CORPUS / f"{MISSING}.variant").exists()
    assert PIPE in CASES and not (CORPUS / f"{PIPE}.variant").exists()


def test_check_accepts_every_shipped_variant(tmp_path: Path) -> None:
    shipped = sorted((Path(__file__).parents[1] / "variants").glob("*.variant"))
    result = CliRunner().invoke(main, ["check", *map(str, shipped)])
    assert result.exit_code == 0, result.output
    assert result.output.count(": ok (") == len(shipped)
    assert shutil.which("variantlang") is not None
