"""Rule sheets and `diff`: generated_docs/ is current, sheets say every rule, diff golden files hold."""

import itertools
import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from builds import pure_only
from click.testing import CliRunner

from variantlang import Ruleset
from variantlang.api import load, shipped_names
from variantlang.catalog import SETTINGS
from variantlang.catalog.formats import tile_word
from variantlang.cli import main
from variantlang.hand.tiles import TileSet
from variantlang.model.ruleset import next_in_set
from variantlang.reports.diff import diff, render_text
from variantlang.reports.sheets.labels import LABELS
from variantlang.reports.sheets.model import build, reworded
from variantlang.reports.sheets.render import LANGS, chromium, decided, sheets_for
from variantlang.reports.sheets.tiles import text_with_tiles

pytestmark = pure_only

ROOT = Path(__file__).parents[1]
GENERATED = ROOT / "generated_docs"
GOLDEN = Path(__file__).with_name("golden")
UPDATE = os.environ.get("VARIANTLANG_UPDATE_GOLDEN") == "1"
REGENERATE = "variantlang sheet variants/*.variant -o generated_docs"


def test_generated_docs_are_current(shipped: Callable[[str], Ruleset]) -> None:
    """Every shipped variant's sheets in generated_docs/ are exactly what the code renders now."""
    expected = {}
    for name in shipped_names():
        for item in sheets_for(shipped(name), LANGS, ("html", "md")):
            expected[item.name] = item.content
    present = {p.name for p in GENERATED.iterdir() if not p.name.startswith(".")}
    stale = (
        sorted(n for n, text in expected.items() if (GENERATED / n).read_text(encoding="utf-8") != text)
        if present >= set(expected)
        else sorted(set(expected) - present)
    )
    assert stale == [], f"stale sheets: regenerate with `{REGENERATE}`"
    assert present - set(expected) == set(), "files in generated_docs/ that no variant produces"


@pytest.mark.parametrize("name", shipped_names())
def test_sheet_states_every_rule_and_every_yaku(name: str, shipped: Callable[[str], Ruleset]) -> None:
    ruleset = shipped(name)
    for lang in LANGS:
        html = next(i.content for i in sheets_for(ruleset, (lang,), ("html",)) if i.name == f"{name}.{lang}.html")
        assert isinstance(html, str)
        context = ruleset.sentence_context(lang)
        for setting in SETTINGS:
            if setting.section != "about" and setting.said(ruleset):
                words = reworded(setting, ruleset, lang) or setting.sentence(ruleset.value(setting), context)
                assert decided(text_with_tiles(words, setting.path), lang) in html, (lang, setting.path)
        for rule in ruleset.all_yaku():
            assert rule.name_ja in html
        # the content hash identifies the file for rule authors: in the Markdown version, not the hand-out
        markdown = next(i.content for i in sheets_for(ruleset, (lang,), ("md",)))
        assert ruleset.source_hash not in html and ruleset.source_hash in markdown and "{{" not in html


@pytest.mark.parametrize("name", shipped_names())
def test_one_han_column_where_calls_change_no_yaku(name: str, shipped: Callable[[str], Ruleset]) -> None:
    """A variant whose every yaku is worth the same closed and open (鳴き立直) prints one 翻 column and says
    so; a variant with kuisagari or closed-only yaku keeps 門前 and 副露 (sheet, Markdown and card)."""
    ruleset = shipped(name)
    same = all(r.closed == r.open for r in ruleset.all_yaku() if not r.yakuman and r.limit is None)
    assert same == (name == "naki-riichi")  # the only shipped variant whose calls lower no yaku
    for lang in LANGS:
        t = LABELS[lang]
        files = {i.name: i.content for i in sheets_for(ruleset, (lang,), ("html", "md"))}
        html, card, md = (str(files[f"{name}.{k}"]) for k in (f"{lang}.html", f"card.{lang}.html", f"{lang}.md"))
        two = f'<th class="num">{t["closed"]}</th><th class="num">{t["open"]}</th>'
        assert (two not in html) == same and (t["legend_one_han"] in html) == same, lang
        assert (f'<th class="num">{t["han"]}</th>' in html) == same, lang
        assert (f"| {t['closed']} | {t['open']} |" not in md) == same and (t["legend_one_han"] in md) == same
        assert (t["card_one_han"] in card) == same and (t["card_han"] not in card) == same, lang


def test_sheet_command_is_all_or_nothing(tmp_path: Path) -> None:
    broken = tmp_path / "broken.variant"
    broken.write_text('variant "x" {\n  extends standard\n  calls { chii off }\n}\n', encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["sheet", "standard", str(broken), "-o", str(out)])
    assert result.exit_code != 0 and "E0102" in result.output
    assert not out.exists() or not any(out.iterdir())
    good = CliRunner().invoke(main, ["sheet", "standard-sanma", "-o", str(out), "--lang", "en", "--format", "md"])
    assert good.exit_code == 0
    assert sorted(p.name for p in out.iterdir()) == ["standard-sanma.en.md"]


@pytest.mark.skipif(chromium() is None, reason="PDF needs a headless Chromium")
def test_pdf_through_chromium(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["sheet", "naki-riichi", "-o", str(tmp_path), "--lang", "ja", "--format", "pdf"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "naki-riichi.ja.pdf").read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize(
    ("a", "b", "fmt", "golden"),
    [
        ("standard", "standard-sanma", "text", "diff-standard-standard-sanma.txt"),
        ("standard-sanma", "igishokai-sanma", "md", "diff-standard-sanma-igishokai-sanma.md"),
    ],
)
def test_diff_golden(a: str, b: str, fmt: str, golden: str) -> None:
    result = CliRunner().invoke(main, ["diff", a, b, "--format", fmt])
    assert result.exit_code == 0
    if UPDATE:
        (GOLDEN / golden).write_text(result.output, encoding="utf-8")
    assert result.output == (GOLDEN / golden).read_text(encoding="utf-8")


@pytest.mark.parametrize(("a", "b"), list(itertools.permutations(shipped_names(), 2)))
def test_diff_works_on_any_two_shipped_variants(a: str, b: str, shipped: Callable[[str], Ruleset]) -> None:
    first, second = shipped(a), shipped(b)
    text = render_text(first, second, diff(first, second))
    assert text.startswith(f"{a} → {b}: ")
    assert "(variants/" in text


def test_diff_command_prints_the_differences() -> None:
    result = CliRunner().invoke(main, ["diff", "standard", "naki-riichi"])
    assert result.exit_code == 0 and "Traceback" not in result.output
    assert result.output.startswith("standard → naki-riichi: ") and "payment.scheme" in result.output


@pytest.mark.parametrize("name", shipped_names())
def test_a_dropped_yaku_says_what_its_hand_is_paid_as(name: str, shipped: Callable[[str], Ruleset]) -> None:
    """A parent's yaku the variant drops but pays under another name (鳴き立直's 三色同刻 as 三色) says so in the
    comparison and is not listed as not used: the stand-in is, among the yaku the variant gives the parent's
    example and the parent does not, the highest (a member of the family where the variant keeps it); a yaku
    of the win's circumstances (嶺上開花) has none (the reader's finding 3)."""
    ruleset = shipped(name)
    if not ruleset.parent_path:
        return
    parent = load(ruleset.parent_path)
    sheet = build(ruleset, "ja", parent)
    said = {d.path.removeprefix("yaku."): d.right for d in sheet.differences if d.path.startswith("yaku.")}
    standing = {
        i: re.match(r"「(.+?)」として", said[i]).group(1)  # type: ignore[union-attr]
        for i in said
        if i not in {r.id for r in ruleset.all_yaku()} and said[i].startswith("「")
    }
    names = {r.id: r.name_ja for r in parent.all_yaku()}
    assert not {names[i] for i in standing} & set(sheet.dropped)
    expected = {
        "naki-riichi": {
            "sanshoku_doukou": "三色",
            "chinitsu": "純絶二門",
            "honitsu": "絶二門",
            "tsuuiisou": "絶三門",
            "iipeikou": "通二順",
            "ryanpeikou": "双通二順",
            "haku": "一元",
            "hatsu": "一元",
            "chun": "一元",
            "junchan": "全帯幺九",
            "suuankou_tanki": "四暗刻",
            "junsei_chuuren": "九連宝塔",
            "ryuuiisou": "絶二門",
        },
    }
    assert standing == expected.get(name, {})
    assert "rinshan" not in standing and ("嶺上開花" in sheet.dropped) == (name == "naki-riichi")


@pytest.mark.parametrize("name", shipped_names())
def test_the_dora_cycle_row_says_what_each_indicator_makes_dora(name: str, shipped: Callable[[str], Ruleset]) -> None:
    """The comparison's dora cycle row compares what the indicators make dora (`Ruleset.dora_for`), not the
    `dora.cycle` setting: Tenhou sanma's 1萬 indicates 9萬 by its tile set (the reader's finding 12)."""
    ruleset = shipped(name)
    if not ruleset.parent_path:
        return
    parent = load(ruleset.parent_path)
    sides = {}
    for side in (parent, ruleset):
        sides[side.name] = {
            f"{tile_word(k, 'ja')}の表示で{tile_word(d, 'ja')}"
            for k in range(34)
            if side.tile_set.exists(k) and side.dora_for(k) != (next_in_set(k, TileSet()),)
            for d in side.dora_for(k)
        }
    rows = [d for d in build(ruleset, "ja", parent).differences if d.path == "dora.cycle"]
    assert not rows or sides[parent.name] != sides[ruleset.name]  # a cycle the tile set already makes is no row
    for row in rows:
        assert all(words in row.left for words in sides[parent.name])
        assert all(words in row.right for words in sides[ruleset.name])
    if name == "igishokai-sanma":
        assert rows[0].left == "1萬の表示で9萬、9萬の表示で1萬"
