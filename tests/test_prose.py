"""Rule-sheet sentences: every catalog setting, every value shape, both languages, every shipped variant."""

import re

import pytest

from variantlang.api import load
from variantlang.catalog import prose
from variantlang.catalog.settings import KNOBS, Kind, Knob
from variantlang.hand.tiles import parse_tiles
from variantlang.lang.resolve import shipped_names

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")
"""Kana, kanji and full-width forms."""

EXAMPLES: dict[Kind, tuple[object, ...]] = {
    Kind.TILES: (
        tuple(parse_tiles("5m5p5p5s")),
        tuple(parse_tiles("5m北")),
        tuple(parse_tiles("2345678m")),
        tuple(parse_tiles("白")),
    ),
    Kind.CYCLE: (((0, 8, 0),), ((4, 4), (0, 8, 0))),
    Kind.INTS: ((20, 10, -10, -20), (15, 0, -15), (30, 10, -10, -30)),
    Kind.WORDS: (("daisangen", "daisuushii", "suukantsu"), ("sanrenkou",)),
    Kind.TEXT: ("club notice 2026-04", ("First note.", "Second note.")),
}
"""Non-empty values for the kinds whose values are not a fixed list."""


def values_of(knob: Knob) -> list[object]:
    """Every value shape a setting can take: both switch positions, every word, the default and examples."""
    if knob.kind is Kind.BOOL:
        return [True, False]
    if knob.kind is Kind.CHOICE:
        return list(knob.choices)
    if knob.kind is Kind.INT:
        assert knob.low is not None and knob.high is not None
        return sorted({knob.default, int(knob.low), int(knob.low) + 1, int(knob.high)})
    return [knob.default, *EXAMPLES[knob.kind]]


CASES = [(knob.path, value) for knob in KNOBS for value in values_of(knob)]
RULE_CASES = [(path, value) for path, value in CASES if not path.startswith("about.")]


def assert_rule_sentences(path: str, value: object) -> None:
    en = prose.sentence(path, value, "en")
    ja = prose.sentence(path, value, "ja")
    assert en.endswith("."), en
    assert ja.endswith("。"), ja
    assert en[0].isupper() or en[0].isdigit(), en
    assert not JAPANESE.search(en), en
    assert JAPANESE.search(ja), ja
    assert "{" not in en + ja, "a template slot was left unfilled"


# ---------------------------------------------------------------------------------------------- coverage
def test_every_catalog_setting_has_sentences_and_no_others() -> None:
    assert prose.unknown_paths() == set()
    assert set(prose.SENTENCES) == {knob.path for knob in KNOBS}


@pytest.mark.parametrize("knob", KNOBS, ids=lambda knob: knob.path)
def test_each_entry_has_the_shape_of_its_kind(knob: Knob) -> None:
    entry = prose.SENTENCES[knob.path]
    if knob.kind is Kind.BOOL:
        assert isinstance(entry, prose.Switch)
    elif knob.kind is Kind.CHOICE:
        assert isinstance(entry, prose.Choice)
        assert set(entry.words) == set(knob.choices), "a word without a sentence, or a sentence for no word"
    else:
        assert isinstance(entry, prose.Template)


@pytest.mark.parametrize(("path", "value"), RULE_CASES, ids=[f"{path}-{i}" for i, (path, _) in enumerate(RULE_CASES)])
def test_every_value_shape_reads_in_both_languages(path: str, value: object) -> None:
    assert_rule_sentences(path, value)


def test_sentences_are_specific_to_their_setting() -> None:
    """No two settings share a sentence: nothing generic like "X is on"."""
    owner: dict[str, str] = {}
    for path, value in RULE_CASES:
        for lang in prose.LANGS:
            text = prose.sentence(path, value, lang)
            assert owner.setdefault(text, path) == path, f"{path} and {owner[text]} both say {text!r}"


def test_each_value_of_a_setting_reads_differently() -> None:
    for knob in KNOBS:
        if knob.section == "about":
            continue
        values = values_of(knob)
        for lang in prose.LANGS:
            texts = {prose.sentence(knob.path, value, lang) for value in values}
            assert len(texts) == len(values), f"{knob.path} says the same thing for different values"


@pytest.mark.parametrize("name", shipped_names())
def test_every_setting_of_every_shipped_variant_reads(name: str) -> None:
    values = load(name).values
    assert set(values) == {knob.path for knob in KNOBS}
    for path, value in values.items():
        if path.startswith("about."):
            text = value if isinstance(value, str) else " ".join(value)
            assert prose.sentence(path, value, "en") == prose.sentence(path, value, "ja") == text
        else:
            assert_rule_sentences(path, value)


# ---------------------------------------------------------------------------------------------- metadata
def test_metadata_is_printed_as_written_or_not_at_all() -> None:
    assert prose.sentence("about.source", "囲将会三麻ルール (seed 002)", "en") == "囲将会三麻ルール (seed 002)"
    assert prose.sentence("about.notes", ("First note.", "Second note."), "ja") == "First note. Second note."
    assert prose.sentence("about.credit", "", "en") == ""
    assert prose.sentence("about.notes", (), "ja") == ""


# ---------------------------------------------------------------------------------------------- spot checks
def test_spot_check_switches_and_choices() -> None:
    assert prose.sentence("calls.kuitan", True, "ja") == "喰いタンあり。副露した手でも断幺九が成立する。"
    assert (
        prose.sentence("calls.kuitan", False, "en")
        == "No open tanyao (kuitan): all simples counts only in a closed hand."
    )
    assert prose.sentence("dora.kan_dora_timing", "after_discard", "en") == (
        "A closed kan reveals its new indicator at once; an open kan reveals it after the kan's discard."
    )
    assert prose.sentence("game.renchan", "tenpai", "en") == (
        "The dealer keeps the seat after winning, or after an exhaustive draw in tenpai."
    )


def test_spot_check_templates_from_the_shipped_variants() -> None:
    standard = load("standard").values
    assert prose.sentence("game.start_points", standard["game.start_points"], "en") == (
        "Each player starts with 25,000 points."
    )
    assert prose.sentence("game.start_points", standard["game.start_points"], "ja") == "配給原点は25000点。"
    assert prose.sentence("game.uma", standard["game.uma"], "en") == (
        "Uma by final place, first to last, is +20 / +10 / −10 / −20 (in thousands of points)."
    )
    assert prose.sentence("tiles.remove", standard["tiles.remove"], "en") == "No tiles are removed."
    assert prose.sentence("tiles.remove", standard["tiles.remove"], "ja") == "抜く牌はない。"
    assert prose.sentence("win.pao", standard["win.pao"], "ja") == (
        "大三元・大四喜に包（パオ）あり。役満を確定させる副露をさせた者は、ツモ和了なら全額を、"
        "他家からのロン和了なら放銃者と折半して支払う。"
    )

    igishokai = load("igishokai-sanma").values
    assert prose.sentence("tiles.remove", igishokai["tiles.remove"], "en") == (
        "All four copies of 234678m are removed from the set."
    )
    assert prose.sentence("dora.cycle", igishokai["dora.cycle"], "en") == (
        "These indicator orders replace the usual one, for ura dora too: 5m → 5m and 1m → 9m → 1m."
    )
    assert "5m and North can be set aside" in prose.sentence("dora.nuki", igishokai["dora.nuki"], "en")
    assert prose.sentence("dora.nuki", igishokai["dora.nuki"], "ja").startswith("抜きドラ：5m・北は")
    assert prose.sentence("riichi.min_wall", igishokai["riichi.min_wall"], "en") == (
        "Riichi may be declared only while at least three tiles remain in the live wall."
    )


def test_tile_lists_group_by_suit_and_name_honours() -> None:
    red = prose.sentence("tiles.red", tuple(parse_tiles("5m5p5p5s")), "en")
    assert "red tiles 5m, 55p and 5s," in red
    assert "5m・55p・5s" in prose.sentence("tiles.red", tuple(parse_tiles("5m5p5p5s")), "ja")
    assert "White dragon" in prose.sentence("tiles.pocchi", tuple(parse_tiles("白")), "en")


def test_yaku_lists_name_the_common_yakuman_and_keep_other_ids() -> None:
    assert prose.sentence("win.pao", ("daisangen", "daisuushii", "suukantsu"), "en").startswith(
        "Liability (pao) applies to Big three dragons, Big four winds and Four kans:"
    )
    assert prose.sentence("win.pao", ("sanrenkou",), "ja").startswith("sanrenkouに包（パオ）あり。")


def test_zero_and_empty_values_have_their_own_sentences() -> None:
    assert prose.sentence("game.uma", (), "en") == "There is no uma."
    assert prose.sentence("win.min_han", 0, "ja") == "縛りなし。役がなくても和了できる。"
    assert prose.sentence("riichi.stick", 0, "en") == "Declaring riichi costs nothing: no stick is put up."


# ---------------------------------------------------------------------------------------------- errors
def test_an_unknown_setting_is_a_key_error() -> None:
    with pytest.raises(KeyError, match=r"calls\.kuitann"):
        prose.sentence("calls.kuitann", True, "en")


def test_a_word_without_a_sentence_is_a_key_error() -> None:
    with pytest.raises(KeyError, match="sometimes"):
        prose.sentence("game.renchan", "sometimes", "en")


def test_an_unknown_language_or_a_wrong_value_type_is_refused() -> None:
    with pytest.raises(ValueError, match="fr"):
        prose.sentence("calls.kuitan", True, "fr")
    with pytest.raises(TypeError, match=r"calls\.kuitan"):
        prose.sentence("calls.kuitan", "on", "en")
