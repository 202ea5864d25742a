"""The formatter of `variantlang lsp` (`lsp.format`): a formatted rule file compiles to the same rules
(the content of its Ruleset, layout aside, hashes alike) on every shipped variant and the README's
examples, keeps every comment where a reader expects it, and formats to itself a second time."""

from __future__ import annotations

import dataclasses
import enum
import hashlib
from pathlib import Path
from typing import Any

import pytest
from builds import pure_only
from test_readme import RULE_FILES

from variantlang.api import loads
from variantlang.diagnostics import DiagnosticError, Span
from variantlang.lang.resolve import shipped_dir
from variantlang.lsp.format import WIDTH, format_text
from variantlang.model.ruleset import Ruleset
from variantlang.syntax import ast, parse
from variantlang.syntax.parser import comments
from variantlang.syntax.unparse import chain, unparse

pytestmark = pure_only

SHIPPED = sorted(shipped_dir().glob("*.variant"))
FILES = {**{p.name: p.read_text("utf-8") for p in SHIPPED}, **RULE_FILES}

_LAYOUT = {"sources", "source_hash", "parent_path"}
"""Ruleset fields that are about the text (its bytes, and where it is), not the rules."""


def _content(value: Any) -> Any:
    """A Ruleset's rules as plain data: positions, closures and the text itself left out."""
    if isinstance(value, Span) or (callable(value) and not isinstance(value, type | enum.Enum)):
        return None
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return tuple(
            (f.name, _content(getattr(value, f.name))) for f in dataclasses.fields(value) if f.name not in _LAYOUT
        )
    if isinstance(value, dict):
        return tuple(sorted((repr(k), _content(v)) for k, v in value.items()))
    if isinstance(value, tuple | list):
        return tuple(_content(v) for v in value)
    if isinstance(value, set | frozenset):
        return tuple(sorted(repr(v) for v in value))
    if isinstance(value, enum.Enum):
        return repr(value)
    if isinstance(value, int | float | str | bool | type(None)):
        return value
    slots = getattr(type(value), "__slots__", None)
    if slots is not None:
        return (type(value).__name__, tuple(_content(getattr(value, s, None)) for s in slots))
    return (type(value).__name__, _content(vars(value)))


def content_hash(ruleset: Ruleset) -> str:
    return hashlib.sha256(repr(_content(ruleset)).encode()).hexdigest()


def _compile(text: str, name: str, folder: Path) -> Ruleset:
    return loads(text, name=str(folder / name), roots=[folder])


@pytest.mark.parametrize("name", sorted(FILES))
def test_a_formatted_file_compiles_to_the_same_rules(name: str, tmp_path: Path) -> None:
    text = FILES[name]
    formatted = format_text(text, name)
    before, after = _compile(text, name, tmp_path), _compile(formatted, name, tmp_path)
    assert content_hash(after) == content_hash(before)
    assert after.source_hash != before.source_hash or formatted == text  # the text's own hash does change
    assert format_text(formatted, name) == formatted
    assert [c[2] for c in comments(formatted)] == [c[2] for c in comments(text)]


def test_the_content_hash_sees_a_change_of_rules(tmp_path: Path) -> None:
    text = RULE_FILES["friday.variant"]
    changed = text.replace("kuitan off", "kuitan on")
    friday = _compile(text, "friday.variant", tmp_path)
    assert content_hash(_compile(changed, "friday.variant", tmp_path)) != content_hash(friday)
    condition = text.replace("number == t.number + 2", "number == t.number + 3")
    assert content_hash(_compile(condition, "friday.variant", tmp_path)) != content_hash(friday)


def test_the_layout_is_canonical_and_comments_stay_with_their_statements() -> None:
    text = (
        "# a house rule\n\n\n"
        'variant "倶楽部" {   extends standard ; calls {kuitan off;chi on}   # no open tanyao\n'
        "  payment {\n"
        "      # the base\n"
        "    base = fu*2**(han+2)\n"
        "  }\n"
        "  yaku { drop ippatsu     # a chip instead\n" + " " * 26 + "# (said on the sheet)\n"
        "  }\n"
        "}\n"
        "# the end\n"
    )
    assert format_text(text) == (
        "# a house rule\n"
        "\n"
        'variant "倶楽部" {\n'
        "  extends standard\n"
        "  calls {\n"
        "    kuitan off\n" + "    chi on".ljust(text.splitlines()[3].index("#")) + "# no open tanyao\n"
        "  }\n"
        "  payment {\n"
        "    # the base\n"
        "    base = fu * 2 ** (han + 2)\n"
        "  }\n"
        "  yaku {\n" + "    drop ippatsu".ljust(26) + "# a chip instead\n" + " " * 26 + "# (said on the sheet)\n"
        "  }\n"
        "}\n"
        "# the end\n"
    )


def test_a_long_condition_is_broken_before_and_or_and_inside_a_quantifier() -> None:
    condition = " and ".join(
        f"any(runs: suit == {s} and number == {n})" for s, n in [("man", 1), ("pin", 4), ("sou", 7)]
    )
    yaku = f'house long "長い" 2 when count(runs) >= 3 and {condition} and closed'
    text = f'variant "x" {{\n  yaku {{\n    {yaku}\n  }}\n}}\n'
    formatted = format_text(text)
    lines = formatted.splitlines()
    assert all(len(line) <= WIDTH for line in lines)
    assert [line.lstrip().split(" ")[0] for line in lines[3:-2]] == ["and"] * (len(lines) - 5)
    assert _shape(parse(formatted, "x")) == _shape(parse(text, "x"))


def test_a_file_that_does_not_parse_is_refused() -> None:
    with pytest.raises(DiagnosticError):
        format_text('variant "x" {\n  calls { kuitan\n')


def test_comments_are_found_outside_strings_only() -> None:
    text = 'variant "x # not a comment" {  # one\n  about { source "#2" }\n}\n# two\n'
    assert comments(text) == [(1, 32, "# one"), (4, 1, "# two")]


def test_chain_gives_the_operands_as_unparse_brackets_them() -> None:
    node = parse('variant "x" {\n  yaku {\n    y "y" 1 when a and (b or c) and not d\n  }\n}\n', "x").yaku[0].items[0]
    assert isinstance(node, ast.YakuDef) and isinstance(node.condition, ast.BoolOp)
    assert [(unparse(o), bracketed) for o, bracketed in chain(node.condition)] == [
        ("a", False),
        ("b or c", True),
        ("not d", False),
    ]


def _shape(node: Any) -> Any:
    if isinstance(node, Span):
        return None
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return tuple(_shape(getattr(node, f.name)) for f in dataclasses.fields(node))
    if isinstance(node, tuple):
        return tuple(_shape(n) for n in node)
    return node
