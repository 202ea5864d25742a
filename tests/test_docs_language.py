"""Every rule-file example in docs/language.md checks: whole variants as written, fragments (a section or
two) inside a variant that extends `standard`. Only the outline of the yaku section, which names its
parts (ID, HAN, CONDITION) instead of giving them, is not a rule file."""

import re
from pathlib import Path

import pytest
from builds import pure_only

from variantlang import loads

pytestmark = pure_only

DOC = (Path(__file__).parents[1] / "docs" / "language.md").read_text(encoding="utf-8")
BLOCKS = [block for block in re.findall(r"```\n(.*?)```", DOC, re.S) if 'ID "漢字"' not in block]


def test_the_doc_has_its_examples() -> None:
    assert len(BLOCKS) >= 6
    assert any("when honba >= 5" in b for b in BLOCKS) and any("payer_dealer" in b for b in BLOCKS)


@pytest.mark.parametrize("block", BLOCKS, ids=[b.strip().splitlines()[0][:40] for b in BLOCKS])
def test_every_example_checks(block: str) -> None:
    text = block if 'variant "' in block else f'variant "d" "d" {{\n  extends standard\n{block}\n}}\n'
    loads(text)
