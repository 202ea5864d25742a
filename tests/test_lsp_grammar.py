"""The VS Code extension's TextMate grammar highlights what the language's own grammar defines: its keywords
are exactly the words of `variantlang/syntax/grammar.lark`, and its tile and number patterns are the lark
terminals', so a new keyword or token cannot be left unhighlighted."""

import json
import re
from pathlib import Path

from builds import pure_only

pytestmark = pure_only

ROOT = Path(__file__).parents[1]
LARK = (ROOT / "variantlang" / "syntax" / "grammar.lark").read_text(encoding="utf-8")
TEXTMATE = json.loads((ROOT / "editors" / "vscode" / "syntaxes" / "variant.tmLanguage.json").read_text("utf-8"))


def _lark_keywords() -> set[str]:
    """Every word the grammar spells out: literals in rules (`"variant"`) and word terminals (`WHEN: "when"`)."""
    code = "\n".join(line.split("//")[0] for line in LARK.splitlines())
    return set(re.findall(r'"([a-z_]+)"', code))


def _lark_terminal(name: str) -> str:
    return re.search(rf"^{name}(?:\.\d+)?:\s*/(.*)/\s*$", LARK, re.MULTILINE).group(1)  # type: ignore[union-attr]


def _alternatives(pattern: str) -> set[str]:
    return set(re.fullmatch(r"\\b\(\?:(.*)\)\\b", pattern).group(1).split("|"))  # type: ignore[union-attr]


def test_the_keywords_are_the_grammars() -> None:
    repository = TEXTMATE["repository"]
    highlighted = _alternatives(repository["keyword"]["match"]) | _alternatives(repository["operator-word"]["match"])
    assert highlighted == _lark_keywords()
    assert len(_lark_keywords()) >= 15  # the reading above found the grammar's words


def test_tiles_and_numbers_are_the_grammars_terminals() -> None:
    repository = TEXTMATE["repository"]
    assert _lark_terminal("TILES") in repository["tile"]["match"]
    assert _lark_terminal("KANJI") in repository["tile"]["match"]
    assert repository["number"]["match"].endswith(_lark_terminal("NUMBER"))


def test_the_textmate_patterns_highlight_a_shipped_file() -> None:
    text = (ROOT / "variants" / "standard.variant").read_text("utf-8")
    code = "\n".join(line.split("#")[0] for line in text.splitlines())
    words = set(re.findall(r"[A-Za-z_]+", code))
    keyword = re.compile(TEXTMATE["repository"]["keyword"]["match"])
    assert {m.group(0) for m in keyword.finditer(code)} == {"variant", "yaku", "family", "when", "yakuman", "example"}
    assert {"calls", "dora"} <= words
    tiles = re.compile(TEXTMATE["repository"]["tile"]["match"])
    assert {m.group(0) for m in tiles.finditer("red 5m 5p 5s; nuki 北; x5m")} == {"5m", "5p", "5s", "北"}


def test_the_extension_starts_variantlang_lsp_for_variant_files() -> None:
    package = json.loads((ROOT / "editors" / "vscode" / "package.json").read_text("utf-8"))
    (language,) = package["contributes"]["languages"]
    assert language["extensions"] == [".variant"]
    assert package["contributes"]["grammars"][0]["path"] == "./syntaxes/variant.tmLanguage.json"
    assert package["contributes"]["configuration"]["properties"]["variantlang.command"]["default"] == [
        "variantlang",
        "lsp",
    ]
    assert "vscode-languageclient" in package["dependencies"]
    assert json.loads((ROOT / "editors" / "vscode" / "language-configuration.json").read_text("utf-8"))
