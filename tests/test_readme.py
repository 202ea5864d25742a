"""The README's examples work when pasted: its house-rule file checks, and every `variantlang` command
it shows (with `echo … |` feeding stdin) runs to a zero exit without a traceback."""

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from variantlang.cli import main

README = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
RULE_FILES = {name: f"# {name}{text}" for name, text in re.findall(r"```\n# ([a-z]+\.variant)(.*?)```", README, re.S)}
"""Every rule file the README shows, by the name its first line gives it."""
HOUSE_RULES = RULE_FILES["friday.variant"]
COMMANDS = [
    line.strip()
    for block in re.findall(r"```sh\n(.*?)```", README, re.S)
    for line in block.splitlines()
    if "variantlang " in line and not line.strip().startswith(("pip ", "python "))
]


@pytest.fixture
def club(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name, text in RULE_FILES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
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
    assert set(RULE_FILES) == {"friday.variant", "aotenjou.variant"}


@pytest.mark.parametrize(
    ("command", "says"),
    [
        # R-WIN-3: hatsu called, 1 han 30 fu (20 + 4 for the open honour pon) by the dealer, 1500 + 4 honba
        # × 300; refused from five honba
        ('variantlang score --variant friday.variant "234m567p88s345s 666z" --win 5s --honba 4', "receives 2700"),
        # 7 han 20 fu, base 20 × 2^9 = 10240: 20480 → 20500 from the dealer, 10240 → 10300 from the others
        (
            'variantlang score --variant aotenjou.variant "234m567p234s88s345s" --win 5s --tsumo --riichi --seat S '
            "--dora 7s1m",
            "dealer pays 20500, each non-dealer pays 10300; the winner receives 41100",
        ),
    ],
)
def test_readme_results_are_what_it_says(command: str, says: str, club: Path) -> None:
    assert command in COMMANDS
    code, output = _run(command)
    assert code == 0 and says in output, output


def test_two_han_from_five_honba_as_the_readme_says(club: Path) -> None:
    code, output = _run('variantlang score --variant friday.variant "234m567p88s345s 666z" --win 5s --honba 5')
    assert code == 1 and "at least 2 han" in output


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
