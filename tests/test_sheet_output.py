"""`sheet -o` writes its set of files all or nothing (issue 12, part 4): an error or Ctrl-C part-way
leaves the files already there as they were and no temporaries; files get the umask's permissions; an
unwritable place is a message, not a traceback."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from builds import pure_only
from click.testing import CliRunner

from variantlang.cli import main
from variantlang.files import write_set

pytestmark = pure_only


class Interrupting(str):
    """Sheet content whose encoding is interrupted, as by Ctrl-C while the set is being written."""

    __slots__ = ()

    def encode(self, encoding: str = "utf-8", errors: str = "strict") -> bytes:
        raise KeyboardInterrupt


def previous_set(directory: Path) -> dict[str, str]:
    directory.mkdir()
    for name in ("a.en.html", "b.en.html"):
        (directory / name).write_text(f"old {name}", encoding="utf-8")
    return {p.name: p.read_text(encoding="utf-8") for p in directory.iterdir()}


@pytest.mark.parametrize(
    "failing",
    [("b.en.html", Interrupting("new b")), ("sub/c.en.html", "no such folder")],
    ids=["ctrl-c", "error"],
)
def test_a_failure_part_way_leaves_the_previous_set(tmp_path: Path, failing: tuple[str, str]) -> None:
    out = tmp_path / "sheets"
    before = previous_set(out)
    with pytest.raises((KeyboardInterrupt, OSError)):
        write_set(out, dict([("a.en.html", "new a"), failing]))
    assert {p.name: p.read_text(encoding="utf-8") for p in out.iterdir()} == before


def test_files_get_the_umask_permissions(tmp_path: Path) -> None:
    umask = os.umask(0o022)
    try:
        written = write_set(tmp_path, {"a.en.md": "# a"})
    finally:
        os.umask(umask)
    assert stat.S_IMODE(written[0].stat().st_mode) == 0o644
    assert [p.name for p in tmp_path.iterdir()] == ["a.en.md"]


def test_an_unwritable_place_is_a_message(tmp_path: Path) -> None:
    blocker = tmp_path / "file.txt"
    blocker.write_text("not a folder", encoding="utf-8")
    result = CliRunner().invoke(main, ["sheet", "standard", "-o", str(blocker / "sheets"), "--format", "md"])
    assert result.exit_code == 1 and "a part of the path is a file, not a folder; no sheet was written" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
