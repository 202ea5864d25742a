"""The catalog: every setting declared once and complete (labels, rule id, sentences for every value shape
in both languages, short words, bounds, a stage), and its sentences read right for every value of every
shipped variant."""

import re
from collections.abc import Callable

import pytest

from variantlang import catalog
from variantlang.api import loads, shipped_names
from variantlang.catalog import BY_PATH, SETTINGS, Context, Kind, Question, Setting
from variantlang.catalog.entry import LANGS, Choice, Switch, Template
from variantlang.diagnostics import DiagnosticError
from variantlang.engine.dealers import DEALERS
from variantlang.engine.deals import DEALS
from variantlang.engine.rules import unsupported
from variantlang.hand.tiles import parse_tiles
from variantlang.model.ruleset import Ruleset

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


def sentence(path: str, value: object, lang: str, ruleset: Ruleset | None = None) -> str:
    """The sheet's sentence for `path` at `value`; yaku named as `ruleset` names them (else by id)."""
    context = ruleset.sentence_context(lang) if ruleset else Context(lang)
    return catalog.BY_PATH[path].sentence(value, context)


def values_of(knob: Setting) -> list[object]:
    """Every value shape a setting can take: both switch positions, every word, the default and examples."""
    if knob.kind is Kind.BOOL:
        return [True, False]
    if knob.kind is Kind.CHOICE:
        return list(knob.choices)
    if knob.kind is Kind.INT:
        assert knob.low is not None and knob.high is not None
        return sorted({knob.default, int(knob.low), int(knob.low) + 1, int(knob.high)})
    return [knob.default, *EXAMPLES[knob.kind]]


CASES = [(knob.path, value) for knob in SETTINGS for value in values_of(knob)]
RULE_CASES = [(path, value) for path, value in CASES if not path.startswith("about.")]


def assert_rule_sentences(path: str, value: object, ruleset: Ruleset | None = None) -> None:
    en = sentence(path, value, "en", ruleset)
    ja = sentence(path, value, "ja", ruleset)
    assert en.endswith("."), en
    assert ja.endswith("。"), ja
    assert en[0].isupper() or en[0].isdigit(), en
    assert not JAPANESE.search(en), en
    assert JAPANESE.search(ja), ja
    assert "{" not in en + ja, "a template slot was left unfilled"


# ---------------------------------------------------------------------------------------------- coverage
@pytest.mark.parametrize("setting", SETTINGS, ids=lambda s: s.path)
def test_each_entry_is_complete(setting: Setting) -> None:
    """Every part of a setting lives in its one entry; one missing fails here, not on paper."""
    assert setting.missing() == []
    if setting.kind is Kind.BOOL:
        assert isinstance(setting.prose, Switch)
    elif setting.kind is Kind.CHOICE:
        assert isinstance(setting.prose, Choice) and setting.default in setting.choices
        assert set(setting.short) == set(setting.choices), "a short word for no word, or a word without one"
    else:
        assert isinstance(setting.prose, Template)
    assert setting.sheet in ("setup", "play", "dora", "yaku", "scoring", "hand_end", "game_end", "penalties")
    assert (setting.feeds == (Question.INFORMATION,)) == (setting.section == "about"), "only metadata is sheet-only"
    assert setting.feeds, "every setting feeds a rule question"
    assert setting.rule == "-" if setting.section == "about" else setting.rule.startswith("R-")


def test_the_typed_records_are_the_catalog(shipped: Callable[[str], Ruleset]) -> None:
    """`ruleset.dora.kan_ura` and friends: one record per section, one field per setting, default as declared."""
    ruleset = shipped("standard")
    for setting in SETTINGS:
        record = getattr(ruleset, setting.section)
        assert hasattr(record, setting.key), setting.path
        assert getattr(type(record)(), setting.key) == setting.default, setting.path
    assert ruleset.dora.kan_ura is True and ruleset.game.uma == (20, 10, -10, -20)


def test_check_accepts_exactly_the_catalog() -> None:
    """Each setting the catalog declares is accepted with a value of its kind, and takes that value; a
    setting it does not declare is an error (E0102)."""
    chosen: dict[str, str] = {}
    for setting in SETTINGS:
        if setting.path in ("game.players", "payment.scheme", "game.length"):
            continue  # these change what the rest of the file must say (uma per player, a formula, a bust)
        if setting.kind is Kind.BOOL:
            chosen[setting.path] = "off" if setting.default else "on"
        elif setting.kind is Kind.CHOICE:
            chosen[setting.path] = next(c for c in reversed(setting.choices) if c != setting.default)
        elif setting.kind is Kind.INT:
            chosen[setting.path] = str(setting.high if setting.default != setting.high else setting.low)
    body = "\n".join(f"  {path.replace('.', ' { ', 1)} {value} }}" for path, value in chosen.items())
    body += "\n  yaku { drop riichi_family ippatsu }"  # riichi is off: its yaku go (E0114)
    ruleset = loads(f'variant "x" "x" {{\n  extends standard\n{body}\n}}\n')
    for path, value in chosen.items():
        setting = catalog.BY_PATH[path]
        expected = {
            Kind.BOOL: value == "on",
            Kind.INT: int(value) if value.isdigit() else value,
            Kind.CHOICE: value,
        }[setting.kind]
        assert ruleset.value(setting) == expected, path
    with pytest.raises(DiagnosticError) as error:
        loads('variant "x" "x" {\n  extends standard\n  dora { kan_urra off }\n}\n')
    assert [d.code for d in error.value.diagnostics] == ["E0102"]


@pytest.mark.parametrize(("path", "value"), RULE_CASES, ids=[f"{path}-{i}" for i, (path, _) in enumerate(RULE_CASES)])
def test_every_value_shape_reads_in_both_languages(path: str, value: object) -> None:
    assert_rule_sentences(path, value)


def test_sentences_are_specific_to_their_setting() -> None:
    """No two settings share a sentence: nothing generic like "X is on"."""
    owner: dict[str, str] = {}
    for path, value in RULE_CASES:
        for lang in LANGS:
            text = sentence(path, value, lang)
            assert owner.setdefault(text, path) == path, f"{path} and {owner[text]} both say {text!r}"


def test_each_value_of_a_setting_reads_differently() -> None:
    for knob in SETTINGS:
        if knob.section == "about":
            continue
        values = values_of(knob)
        for lang in LANGS:
            texts = {sentence(knob.path, value, lang) for value in values}
            assert len(texts) == len(values), f"{knob.path} says the same thing for different values"


@pytest.mark.parametrize("name", shipped_names())
def test_every_setting_of_every_shipped_variant_reads(name: str, shipped: Callable[[str], Ruleset]) -> None:
    ruleset = shipped(name)
    for setting in SETTINGS:
        path, value = setting.path, ruleset.value(setting)
        if path.startswith("about.") and setting.kind is Kind.TEXT:
            text = value if isinstance(value, str) else " ".join(value)
            assert sentence(path, value, "en") == sentence(path, value, "ja") == text
        else:
            assert_rule_sentences(path, value, ruleset)


# ---------------------------------------------------------------------------------------------- metadata
def test_metadata_is_printed_as_written_or_not_at_all() -> None:
    assert sentence("about.source", "囲将会三麻ルール (seed 002)", "en") == "囲将会三麻ルール (seed 002)"
    assert sentence("about.notes", ("First note.", "Second note."), "ja") == "First note. Second note."
    assert sentence("about.credit", "", "en") == ""
    assert sentence("about.notes", (), "ja") == ""


# ---------------------------------------------------------------------------------------------- spot checks
def test_spot_check_switches_and_choices() -> None:
    assert sentence("calls.kuitan", True, "ja") == "喰いタンあり。副露した手でも断幺九が成立する。"
    assert sentence("calls.kuitan", False, "en") == "No open tanyao (kuitan): all simples counts only in a closed hand."
    assert sentence("dora.kan_dora_timing", "after_discard", "en") == (
        "A closed kan reveals its new indicator at once; an open kan reveals it after the kan's discard."
    )
    assert sentence("game.renchan", "tenpai", "en") == (
        "The dealer keeps the seat after winning, after every abortive draw or after an exhaustive draw in tenpai. "
        "A honba is added each time the dealer stays and at every draw; a win with no dealer among the winners puts "
        "the honba back to 0."
    )


def test_spot_check_templates_from_the_shipped_variants(shipped: Callable[[str], Ruleset]) -> None:
    rules = shipped("standard")
    standard = {s.path: rules.value(s) for s in SETTINGS}
    assert sentence("game.start_points", standard["game.start_points"], "en") == (
        "Each player starts with 25,000 points."
    )
    assert sentence("game.start_points", standard["game.start_points"], "ja") == "配給原点は25000点。"
    assert sentence("game.uma", standard["game.uma"], "en") == (
        "Uma by final place, first to last, is +20 / +10 / −10 / −20 (in thousands of points)."
    )
    assert sentence("tiles.remove", standard["tiles.remove"], "en") == "No tiles are removed."
    assert sentence("tiles.remove", standard["tiles.remove"], "ja") == "使わない牌はない。"
    assert sentence("win.pao", standard["win.pao"], "ja", rules) == (
        "包（パオ）は大三元・大四喜のみ。役満を確定させる副露をさせた者は、ツモ和了なら全額を、"
        "他家からのロン和了なら放銃者と折半して支払う（積み棒はどちらの場合も包の者が支払う）。"
        "副露だけで役満が成立したときに確定とする"
        "（判断：その役満で和了したときに限り責任払い）。"
    )

    igishokai_rules = shipped("igishokai-sanma")
    igishokai = {s.path: igishokai_rules.value(s) for s in SETTINGS}
    assert sentence("tiles.remove", igishokai["tiles.remove"], "en") == (
        "All four copies of 234678m are removed from the set (and skipped in the dora order)."
    )
    assert sentence("dora.cycle", igishokai["dora.cycle"], "en") == (
        "These indicator orders replace the usual one, for ura dora too: 5m → 5m and 1m → 9m → 1m."
    )
    assert "5-man and North can be set aside" in sentence("dora.nuki", igishokai["dora.nuki"], "en")
    assert sentence("dora.nuki", igishokai["dora.nuki"], "ja").startswith("抜きドラ：5萬・北は")
    assert sentence("riichi.min_wall", igishokai["riichi.min_wall"], "en") == (
        "Riichi may be declared only while at least three tiles remain in the live wall."
    )


def test_tile_lists_group_by_suit_and_name_honours() -> None:
    red = sentence("tiles.red", tuple(parse_tiles("5m5p5p5s")), "en")
    assert "red tiles 5m, 55p and 5s," in red
    assert "5m・55p・5s" in sentence("tiles.red", tuple(parse_tiles("5m5p5p5s")), "ja")
    assert "White dragon" in sentence("tiles.pocchi", tuple(parse_tiles("白")), "en")


def test_yaku_lists_name_yaku_as_the_ruleset_does_and_keep_other_ids(shipped: Callable[[str], Ruleset]) -> None:
    assert sentence("win.pao", ("daisangen", "daisuushii", "suukantsu"), "en", shipped("standard")).startswith(
        "Liability (pao) applies to Big three dragons, Big four winds and Four kans only:"
    )
    assert sentence("win.pao", ("sanrenkou",), "ja").startswith("包（パオ）はsanrenkouのみ。")


def test_zero_and_empty_values_have_their_own_sentences() -> None:
    assert sentence("game.uma", (), "en") == "There is no uma."
    assert sentence("win.min_han", 0, "ja") == "縛りなし。役がなくても和了できる。"
    assert sentence("riichi.stick", 0, "en") == "Declaring riichi costs nothing: no points are put up."


@pytest.mark.parametrize("formal", [True, False])
def test_the_tenpai_sentence_speaks_of_a_yaku_only_where_a_win_needs_one(
    shipped: Callable[[str], Ruleset], formal: bool
) -> None:
    for name in shipped_names():
        ruleset = shipped(name)
        for lang, word in (("en", "yaku"), ("ja", "役")):
            said = sentence("draws.formal_tenpai", formal, lang, ruleset)
            assert (word in said) == (ruleset.win.min_han > 0), (name, lang, said)


# ---------------------------------------------------------------------------------------------- errors
def test_a_word_without_a_sentence_is_a_key_error() -> None:
    with pytest.raises(KeyError, match="sometimes"):
        sentence("game.renchan", "sometimes", "en")


def test_an_unknown_language_or_a_wrong_value_type_is_refused() -> None:
    with pytest.raises(ValueError, match="fr"):
        sentence("calls.kuitan", True, "fr")
    with pytest.raises(TypeError, match=r"calls\.kuitan"):
        sentence("calls.kuitan", "on", "en")


def test_the_engine_has_a_procedure_for_every_word() -> None:
    """`game.renchan` and `game.deal` select named strategies of the engine: every word has one, so the
    catalog's `played` need not list them."""
    assert set(DEALERS) == set(BY_PATH["game.renchan"].choices)
    assert set(DEALS) == set(BY_PATH["game.deal"].choices)


def test_liability_for_all_honours_is_played() -> None:
    """`win.pao` may name the yakuman a fourth called set decides (all honours): the engine plays it, where
    it once refused it by name (`Setting.played`)."""
    ruleset = loads('variant "t" "t" {\n  extends standard\n  win { pao daisangen tsuuiisou }\n}\n')
    assert unsupported(ruleset) == []


def test_labels_name_the_question_not_one_answer() -> None:
    """Reader s34 #20, #6, #23: a label that states one answer reads wrong beside a decision that gives the
    other (「立直後はツモ切り：宣言後も待ちを変えてよい」); the nuki rule limits using the tiles in a winning hand,
    not keeping them; number order is drawn apart from the arrows of a dora cycle (「1m → 9m」)."""
    locked, order = BY_PATH["riichi.locked"].label, BY_PATH["dora.indicator"].prose
    switch = BY_PATH["riichi.locked"].prose
    assert isinstance(switch, Switch) and isinstance(order, Choice)
    for lang in LANGS:
        for sentence in (switch.on, switch.off):
            assert locked.pick(lang).split(" (")[0] not in sentence.pick(lang)
    assert "used in a winning hand" in BY_PATH["dora.nuki_in_hand"].label.en
    assert "1→2→…→9→1" in order.words["next"].ja and "1→9" not in order.words["next"].ja
