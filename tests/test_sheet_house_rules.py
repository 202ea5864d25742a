"""The sheets of the house-rule files in `tests/house_rules/` (the settings acceptance pass): each
renders in both languages without rule-file code, and says each rule once and coherently."""

from __future__ import annotations

from pathlib import Path

import pytest

from variantlang import load
from variantlang.reports.sheets.render import sheets_for

HOUSE = Path(__file__).resolve().parent / "house_rules"
FILES = sorted(p.stem for p in HOUSE.glob("*.variant"))


def rendered(name: str, lang: str = "en", form: str = "md") -> str:
    files = sheets_for(load(str(HOUSE / f"{name}.variant")), [lang], [form])
    text = files[0].content
    assert isinstance(text, str)
    return text


def test_the_footer_names_the_file_not_a_made_up_folder() -> None:
    sheet = rendered("ippatsu-chip")
    assert "`ippatsu-chip.variant`" in sheet
    assert "variants/ippatsu-chip.variant" not in sheet
    assert "variants/ippatsu-chip.variant" not in rendered("ippatsu-chip", "ja", "html")


def test_a_bonus_with_one_name_is_printed_once() -> None:
    for form in ("md", "html"):
        sheet = rendered("ippatsu-chip", "en", form)
        assert "一発祝儀 (一発祝儀)" not in sheet
        assert "一発祝儀<small>一発祝儀</small>" not in sheet
        assert "一発祝儀" in sheet
