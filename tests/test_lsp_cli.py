"""`variantlang lsp` is an optional extra: the core install and the other commands never load it, and
without pygls the command says how to install it and exits 1."""

import subprocess
import sys

from builds import pure_only

pytestmark = pure_only

BLOCK = "import sys; sys.modules['pygls'] = None; sys.modules['lsprotocol'] = None; "


def _python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)


def test_without_the_extra_the_command_says_how_to_install_it() -> None:
    done = _python(BLOCK + "from variantlang.cli import main; main(['lsp'])")
    assert done.returncode == 1
    assert "pip install 'variantlang[lsp]'" in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""


def test_nothing_of_the_language_server_is_loaded_by_the_package_or_other_commands() -> None:
    done = _python(
        "import sys, variantlang, variantlang.cli\n"
        "from click.testing import CliRunner\n"
        "result = CliRunner().invoke(variantlang.cli.main, ['check', 'standard'])\n"
        "assert result.exit_code == 0, result.output\n"
        "loaded = [m for m in sys.modules if m.startswith(('variantlang.lsp', 'pygls', 'lsprotocol'))]\n"
        "print(loaded)"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_command_is_listed() -> None:
    done = _python("from variantlang.cli import main; main(['--help'])")
    assert " lsp " in done.stdout
