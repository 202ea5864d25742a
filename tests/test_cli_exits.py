"""What the command line promises whatever happens (issue 12): documented, distinct exit codes (0 ok, 1
problems in the input, 2 a wrong command line, 70 a bug, 130 interrupted), `check -` for standard
input, and diagnostics that stay readable and safe on hostile lines."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from variantlang.cli import check, main
from variantlang.diagnostics import Diagnostic, DiagnosticError, Span

GOOD = b'variant "x" "x" {\n  extends standard\n  calls { kuitan off }\n}\n'
BAD = b'variant "x" "x" {\n  extends standard\n  calls { kuitan of }\n}\n'


def run(*args: str, input: bytes | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=input)
    return result.exit_code, result.output


@pytest.mark.parametrize(
    ("args", "input", "code"),
    [
        (("check", "-"), GOOD, 0),
        (("check", "-"), BAD, 1),
        (("score", "123m456p789s11z234m", "--riichi"), None, 0),
        (("score", "123m456p789s11z2345m"), None, 1),  # fifteen tiles: a problem in the input
        (("score", "--variant", "standrd", "123m456p789s11z234m"), None, 2),  # an unknown name: usage
        (("score",), None, 2),
        (("check",), None, 2),
        (("no-such-command",), None, 2),
    ],
)
def test_exit_codes_are_documented_and_distinct(args: tuple[str, ...], input: bytes | None, code: int) -> None:
    found, output = run(*args, input=input)
    assert found == code, output
    assert "Traceback" not in output


def test_check_reads_standard_input() -> None:
    code, output = run("check", "-", input=GOOD)
    assert code == 0 and output.startswith("<stdin>: ok")
    code, output = run("check", "-", input=BAD)
    assert code == 1 and "<stdin>:3:18: error[E0103]" in output


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b"\xff\xfe\x00v", "error[E0007]"),
        (b"#" * (256 * 1024 + 10), "error[E0004]"),
        (b"\xef\xbb\xbf" + GOOD, "<stdin>: ok"),
    ],
    ids=["not-utf8", "too-large", "bom"],
)
def test_standard_input_has_the_limits_of_a_file(data: bytes, expected: str) -> None:
    _, output = run("check", "-", input=data)
    assert expected in output and "Traceback" not in output


def test_a_bug_is_a_short_report_request_not_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("something nobody expected")

    monkeypatch.setattr(check, "load", broken)
    result = CliRunner().invoke(main, ["check", "variants/standard.variant"])
    assert result.exit_code == 70
    assert "internal error: RuntimeError: something nobody expected" in result.output
    assert "please report" in result.output.lower() and "--debug" in result.output
    assert "Traceback" not in result.output
    debug = CliRunner().invoke(main, ["--debug", "check", "variants/standard.variant"])
    assert isinstance(debug.exception, RuntimeError)  # --debug lets the traceback through


def test_ctrl_c_is_its_own_exit_code(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(check, "load", interrupted)
    result = CliRunner().invoke(main, ["check", "variants/standard.variant"])
    assert result.exit_code == 130 and "Traceback" not in result.output


def test_a_long_line_is_shown_around_the_error_only() -> None:
    line = "x" * 5000 + " bad " + "y" * 5000
    error = DiagnosticError([Diagnostic("E0102", "unknown", Span("f", 1, 5002, 1, 5005))], {"f": line})
    _, shown, caret = error.render().splitlines()
    assert len(shown) < 200 and shown.startswith("1 | …") and shown.endswith("…")
    assert shown[caret.index("^") :].startswith("bad")


def test_control_characters_never_reach_the_terminal() -> None:
    """An escape sequence in an untrusted file could rewrite the user's terminal; it shows as �."""
    line = 'about { source "\x1b[2J\x1b]0;pwned\x07" }'
    error = DiagnosticError([Diagnostic("E0010", "bad", Span("f", 1, 17, 1, 18))], {"f": line})
    rendered = error.render()
    assert "\x1b" not in rendered and "\x07" not in rendered and "\ufffd" in rendered


def test_rendering_a_set_splits_each_file_once_and_says_the_same() -> None:
    """A set of diagnostics splits each file into lines once (35 000 unknown settings used to take
    minutes; tests/test_hostile.py runs that file under a CPU limit) and says what each one says alone."""
    text = "\n".join(f"k{i} on" for i in range(3000))
    diagnostics = [Diagnostic("E0102", f"unknown `k{i}`", Span("f", i + 1, 1, i + 1, 3)) for i in range(3000)]
    error = DiagnosticError(diagnostics, {"f": text})
    assert error.render() == "\n\n".join(d.render(text) for d in error.diagnostics)


def test_a_place_that_cannot_be_written_is_exit_1_naming_it(tmp_path: Path) -> None:
    """Issue 25: an output under a file was exit 70; it is a problem of the input, said with the path."""
    (tmp_path / "file").write_text("x", encoding="utf-8")
    code, output = run("sheet", "standard", "--format", "md", "-o", str(tmp_path / "file" / "sheets"))
    assert code == 1 and f"error: cannot write {tmp_path / 'file' / 'sheets'}: a part of the path is a file" in output
    assert "Traceback" not in output and list(tmp_path.iterdir()) == [tmp_path / "file"]
