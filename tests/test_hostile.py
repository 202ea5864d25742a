"""The hostile inputs of issue 12, kept as a corpus (tests/hostile/): each is run as a user would run it,
in a separate process under a memory and CPU limit, and must end with its documented exit code and a
message, never a traceback, a hang or a memory blow-up.

The limits are resource limits of the child process (1 GiB of address space, 60 s of CPU), not timed
assertions: a quadratic or exponential path shows up as a killed process, whatever the machine's speed.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

CORPUS = Path(__file__).with_name("hostile")
MEMORY = 1 << 30
CPU_SECONDS = 60

HAND = "123m456p789s11z234m"


def limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))


def run(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [sys.executable, "-m", "variantlang", *args],
        input=stdin.decode("utf-8", "surrogateescape") if stdin else "",
        capture_output=True,
        text=True,
        errors="replace",
        preexec_fn=limited,
        cwd=tempfile.gettempdir(),  # not the checkout, whose source folder would shadow the installed package
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
}


def test_every_corpus_file_has_an_expectation() -> None:
    assert {p.stem for p in CORPUS.glob("*.variant")} == set(CHECKED)


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


def test_a_device_and_standard_input_are_bounded() -> None:
    assert "error[E0009]" in run("check", "/dev/zero").stderr
    huge = run("check", "-", stdin=b"#" * (4 << 20))
    assert huge.returncode == 1 and "error[E0004]" in huge.stderr
