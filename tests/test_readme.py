"""The README's examples work when pasted: its house-rule file checks, and every `variantlang` command
it shows (with `echo … |` feeding stdin) runs to a zero exit without a traceback."""

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from variantlang.cli import main

README = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
HOUSE_RULES = "# friday.variant" + README.split("```\n# friday.variant", 1)[1].split("```", 1)[0]
COMMANDS = [
    line.strip()
    for block in re.findall(r"```sh\n(.*?)```", README, re.S)
    for line in block.splitlines()
    if "variantlang " in line and not line.strip().startswith(("pip ", "python "))
]


@pytest.fixture
def club(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "friday.variant").write_text(HOUSE_RULES, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _run(command: str) -> tuple[int, str]:
    stdin = None
    if "|" in command:
        feed, command = (part.strip() for part in command.split("|", 1))
        stdin = shlex.split(feed)[1] + "\n"
    words = shlex.split(command.split("#")[0] if " #" in command else command)
    assert words[0] == "variantlang"
    result = CliRunner().invoke(main, words[1:], input=stdin)
    return result.exit_code, result.output


def test_readme_has_examples() -> None:
    assert len(COMMANDS) >= 8
    assert "extends standard" in HOUSE_RULES


@pytest.mark.parametrize("command", COMMANDS)
def test_readme_command_runs(command: str, club: Path) -> None:
    code, output = _run(command)
    assert code == 0, output
    assert "Traceback" not in output and "error" not in output.lower().replace('"error"', "")


def test_readme_diagnostic_example_is_what_check_prints(club: Path) -> None:
    (club / "friday.variant").write_text(HOUSE_RULES.replace("kiriage on", "kiriagi on"), encoding="utf-8")
    code, output = _run("variantlang check friday.variant")
    shown = README.split("exits 1 when anything is wrong:\n\n```\n", 1)[1].split("```", 1)[0]
    assert code == 1
    assert output.startswith(shown.rstrip("\n"))
