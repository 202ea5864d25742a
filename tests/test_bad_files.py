"""A rule file comes from a stranger (issue 12, part 1): only a regular file is read, and only up to the
size limit, so a device, a folder or a named pipe — named directly or reached through `extends` — is a
located error in bounded time, never a hang."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from variantlang import DiagnosticError, load, loads
from variantlang.cli import main


def codes(error: pytest.ExceptionInfo[DiagnosticError]) -> list[str]:
    return [d.code for d in error.value.diagnostics]


def test_a_device_is_refused_without_reading_it() -> None:
    with pytest.raises(DiagnosticError) as error:
        load("/dev/zero")
    assert codes(error) == ["E0009"] and "device" in error.value.diagnostics[0].message


def test_a_pipe_reached_through_extends_is_refused(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "parent.variant")
    with pytest.raises(DiagnosticError) as error:
        loads('variant "x" "x" {\n  extends "parent.variant"\n}\n', name=str(tmp_path / "x.variant"))
    assert codes(error) == ["E0009"] and "pipe" in error.value.diagnostics[0].message


def test_a_folder_named_as_a_parent_is_refused(tmp_path: Path) -> None:
    (tmp_path / "parent.variant").mkdir()
    with pytest.raises(DiagnosticError) as error:
        loads('variant "x" "x" {\n  extends "parent.variant"\n}\n', name=str(tmp_path / "x.variant"))
    assert codes(error) == ["E0009"] and "folder" in error.value.diagnostics[0].message


def test_check_of_a_device_is_a_message() -> None:
    result = CliRunner().invoke(main, ["check", "/dev/zero"])
    assert result.exit_code == 1 and "error[E0009]" in result.output and "Traceback" not in result.output


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "bom.variant"
    path.write_bytes(b'\xef\xbb\xbfvariant "x" "x" {\n  extends standard\n}\n')
    assert load(path).chain == ("bom", "standard")
