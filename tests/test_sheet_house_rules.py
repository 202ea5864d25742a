"""The sheets of the house-rule files in `tests/house_rules/` (the settings acceptance pass): each
renders in both languages without rule-file code, and says each rule once and coherently."""

from __future__ import annotations

import re
from pathlib import Path

from builds import pure_only

from variantlang import catalog, load
from variantlang.model.ruleset import Ruleset
from variantlang.reports.sheets.model import _short, build
from variantlang.reports.sheets.render import SheetRenderer, sheets_for

pytestmark = pure_only

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


def test_a_chip_bonus_and_the_per_kind_chip_rule_agree(tmp_path: Path) -> None:
    """`bonus ippatsu … chips = 1` under a parent that paid ippatsu chips, with `chips { ippatsu 0 }`: the
    sheet states the bonus, never that an ippatsu earns no chip."""
    (tmp_path / "shuugi.variant").write_text((HOUSE / "shuugi.variant").read_text(encoding="utf-8"))
    child = tmp_path / "child.variant"
    child.write_text(
        'variant "子" "Child" {\n  extends shuugi\n  chips { ippatsu 0 }\n'
        '  yaku { bonus ippatsu "一発祝儀" chips = 1 when ippatsu }\n}\n',
        encoding="utf-8",
    )
    ruleset = load(str(child))
    for lang in ("en", "ja"):
        sheet = build(ruleset, lang, load(str(tmp_path / "shuugi.variant")))
        assert not [s for s in sheet.statements if s.path == "chips.ippatsu"]
        assert "一発祝儀" in rendered_of(ruleset, lang)
    standard = load("standard")
    for name in FILES:
        if "chips =" not in (HOUSE / f"{name}.variant").read_text(encoding="utf-8"):
            continue  # no chip bonus
        ruleset = load(str(HOUSE / f"{name}.variant"))
        for bonus in ruleset.bonuses:
            path = f"chips.{bonus.id}"
            if bonus.chips and path in catalog.BY_PATH:
                for lang in ("en", "ja"):
                    said = {s.value for s in build(ruleset, lang, standard).statements if s.path == path}
                    assert said <= {_short(catalog.BY_PATH[path], ruleset, lang)} - {"none", "なし"}, (name, said)
    assert "earns no chip" not in rendered("ippatsu-chip")


def rendered_of(ruleset: Ruleset, lang: str) -> str:
    text = sheets_for(ruleset, [lang], ["md"])[0].content
    assert isinstance(text, str)
    return text


def test_the_glance_box_leaves_out_abortive_draws_that_do_not_apply() -> None:
    """`riichi.enabled off`: no four-riichi abort in the glance box, as in the sections."""
    ruleset = load(str(HOUSE / "no-riichi-no-chi.variant"))
    for lang, word in (("en", "Every player in riichi"), ("ja", "全員立直")):
        sheet = build(ruleset, lang)
        assert all(word not in value for _, value in sheet.glance)
        for form in ("md", "html"):
            assert word not in rendered("no-riichi-no-chi", lang, form)


def test_nagashi_mangan_under_a_formula_is_said_once_and_coherently(tmp_path: Path) -> None:
    """A formula sheet with nagashi mangan says what it pays (a standard mangan, as the engine pays it
    without `nagashi_value`, or the value set), and says nothing of it without nagashi mangan."""
    (tmp_path / "aotenjou.variant").write_text((HOUSE / "aotenjou.variant").read_text(encoding="utf-8"))
    for value, said in (("", "paid as a mangan of the standard table"), ("nagashi_value 12000", "worth 12,000")):
        child = tmp_path / "child.variant"
        child.write_text(
            'variant "子" "Child" {\n  extends aotenjou\n  draws { nagashi_mangan on }\n'
            f"  payment {{ {value} }}\n}}\n",
            encoding="utf-8",
        )
        sheet = rendered_of(load(str(child)), "en")
        assert said in sheet
        assert "No value is set" not in sheet and "under standard payment" not in sheet
    child.write_text('variant "子" "Child" {\n  extends aotenjou\n  draws { nagashi_mangan off }\n}\n', "utf-8")
    assert "nagashi mangan is" not in rendered_of(load(str(child)), "en")
    sheet = rendered("aotenjou")
    assert "paid as a mangan of the standard table" in sheet and "No value is set" not in sheet


CODE = re.compile(r"\b[a-z]+_[a-z_]+\b|==|!=|\*\*\s*\(|[{}]|\bwhen\s+[a-z]+\s*[<>=]")
"""What rule-file code looks like in a sheet: setting and fact names, operators, braces."""


def test_every_house_rule_sheet_renders_without_code() -> None:
    """Each of the house-rule files renders in both languages (Markdown) with no rule-file code in it."""
    parents: dict[str, Ruleset] = {}
    renderer = SheetRenderer()
    for name in FILES:
        ruleset = load(str(HOUSE / f"{name}.variant"))
        parent = None
        if ruleset.parent_path:
            if ruleset.parent_path not in parents:
                parents[ruleset.parent_path] = load(ruleset.parent_path)
            parent = parents[ruleset.parent_path]
        for lang in ("en", "ja"):
            (page,) = renderer.render(build(ruleset, lang, parent), ["md"])
            assert isinstance(page.content, str) and page.content
            leaks = [m.group() for m in CODE.finditer(page.content)]
            assert not leaks, (name, lang, leaks)
