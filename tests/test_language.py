"""The `.variant` language (docs/language.md): inheritance and provenance, tile sets and dora, the expression
language on scored hands, line continuation, and the limits that keep untrusted rule files harmless.

Each test writes a small variant as text and compiles it with `variantlang.loads`; the tests about files
(`extends` by sibling name or relative path, search roots, provenance that names a file) write them into
`tmp_path` and `load` them from there. The shipped variants come from the session fixture `shipped`.
Expected values are worked out by hand in the comments; R-ids refer to /work/shared/RULES.md.
"""

from __future__ import annotations

import itertools
import random
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from builds import pure_only
from hypothesis import given, settings
from hypothesis import strategies as st
from setting_values import setting_values

from variantlang import DiagnosticError, Ruleset, Score, ScoreError, WinInput, load, loads, score
from variantlang.hand.decomposition import Meld
from variantlang.hand.tiles import parse_kind, parse_tiles
from variantlang.model.samples import random_win

TON, NAN = 27, 28

# ------------------------------------------------------------------ helpers


def source(body: str = "", *, name: str = "x", extends: str | None = "standard") -> str:
    """The text of a variant `name`: the header on line 1, `extends` on line 2 (when given), then `body` from
    line 3 on (or line 2 without `extends`)."""
    head = f"  extends {extends}\n" if extends else ""
    return f'variant "{name}" "{name}" {{\n{head}{textwrap.dedent(body)}\n}}\n'


def compile_variant(body: str = "", *, name: str = "x", beside: Path | None = None, **kwargs: Any) -> Ruleset:
    """`loads` of `source(body)`, standing for the file `name.variant` (so `ruleset.chain` starts with `name`);
    `beside` is the folder it stands in, when it extends a parent file written there."""
    text = source(body, name=name, **kwargs)
    if beside is None:
        return loads(text, name=f"{name}.variant")
    return loads(text, name=str(beside / f"{name}.variant"), roots=[beside])


def write(folder: Path, body: str = "", *, name: str = "x", extends: str | None = "standard") -> Path:
    """`source(body)` saved as the file `name.variant` in `folder`."""
    path = folder / f"{name}.variant"
    path.write_text(source(body, name=name, extends=extends), encoding="utf-8")
    return path


def load_file(folder: Path, body: str = "", **kwargs: Any) -> Ruleset:
    """`load` of the variant file `write(folder, body)`, with `folder` as the search root."""
    return load(write(folder, body, **kwargs), roots=[folder])


def line_of(text: str, needle: str) -> int:
    """The 1-based number of the only line of `text` that contains `needle`."""
    lines = [i for i, line in enumerate(text.splitlines(), 1) if needle in line]
    assert len(lines) == 1, (needle, lines)
    return lines[0]


def hand(closed: str, win: str | None = None, *melds: tuple[str, str], **facts: Any) -> WinInput:
    """A win: ron by 南 (a non-dealer) in an 東 round unless told otherwise; `dora`/`ura` are indicator tiles."""
    return WinInput(
        closed=tuple(parse_tiles(closed)),
        melds=tuple(Meld.parse(kind, tiles) for kind, tiles in melds),
        win=parse_tiles(win)[0] if win else None,
        seat_wind=facts.pop("seat_wind", NAN),
        round_wind=facts.pop("round_wind", TON),
        dora_indicators=tuple(parse_tiles(facts.pop("dora", ""))),
        ura_indicators=tuple(parse_tiles(facts.pop("ura", ""))),
        **facts,
    )


def yaku(result: Score) -> dict[str, int]:
    return {y.id: y.han for y in result.yaku}


def kinds(text: str) -> tuple[int, ...]:
    return tuple(parse_kind(t) for t in text.split())


# Hand A: 111m 234p 678p 345s + 白白, won by ron on 5s (34s waited on 2s/5s: ryanmen), riichi, seat 南.
# Under standard it has riichi (1) and nothing else: no tanyao (111m, 白), no pinfu (the 白 pair is a
# value pair and 111m is a triplet), no dora. So han 1, fu 20 + 10 (closed ron) + 8 (concealed 111m) + 2 (the
# dragon pair) = 40.
HAND_A = hand("111m234p678p345s55z", "5s", riichi=True)
# Hand P: 234m 567p 345s 678s + 22s, ron on 8s (67s waited on 5s/8s): riichi, pinfu, tanyao.
HAND_P = hand("234m567p22s345678s", "8s", riichi=True)
# A full flush: 123m 456m 789m 234m + 55m, ron on 9m (78m waited on 6m/9m: ryanmen, four runs, a plain pair):
# riichi 1, pinfu 1, chinitsu 6, ittsu 2.
FLUSH = hand("123456789m23455m", "9m", riichi=True)


# ------------------------------------------------------------------ inheritance


def test_settings_merge_by_key_and_the_child_wins(shipped: Callable[[str], Ruleset]) -> None:
    """Settings merge by (section, key): the child's `kuitan off` replaces standard's `kuitan on` (R-CALL-2) while
    the rest of standard's `calls` section (chi on, kuikae forbid) and other sections are still inherited."""
    ruleset = compile_variant("calls { kuitan off }\npayment { kiriage on }")
    v = setting_values(ruleset)
    assert v["calls.kuitan"] is False and v["payment.kiriage"] is True
    assert v["calls.chi"] is True and v["calls.kuikae"] == "forbid"
    assert v["payment.honba_ron"] == 300 and v["win.min_han"] == 1
    assert ruleset.chain == ("x", "standard")
    # kuitan off: an open all-simples hand (234m 567p 88s + chi 345s, chi 678s) has no yaku any more
    open_tanyao = hand("234m567p88s", "8s", ("chi", "345s"), ("chi", "678s"))
    assert yaku(score(shipped("standard"), open_tanyao)) == {"tanyao": 1}
    with pytest.raises(ScoreError, match="no yaku"):
        score(ruleset, open_tanyao)


def test_extends_by_shipped_name_relative_path_and_sibling_name(tmp_path: Path) -> None:
    """`extends NAME` finds a shipped variant or a `NAME.variant` beside the file; `extends "rel/path.variant"`
    finds a parent below the child's folder. `ruleset.chain` lists the files nearest first."""
    write(tmp_path, "game { start_points 30000 }", name="club")
    (tmp_path / "league").mkdir()
    write(tmp_path / "league", "riichi { stick 500 }", name="league", extends='"../club.variant"')
    by_sibling = load_file(tmp_path, "calls { kuitan off }", extends="club")
    assert by_sibling.chain == ("x", "club", "standard")
    assert by_sibling.game.start_points == 30000 and by_sibling.calls.kuitan is False
    by_path = load_file(tmp_path, "", extends='"league/league.variant"')
    assert by_path.chain == ("x", "league", "club", "standard")
    assert by_path.riichi.stick == 500 and by_path.game.start_points == 30000
    by_name = load_file(tmp_path, "", extends="standard-sanma")
    assert by_name.chain == ("x", "standard-sanma", "standard") and by_name.game.players == 3


def test_yaku_merge_by_id_replace_add_drop(shipped: Callable[[str], Ruleset]) -> None:
    """Yaku merge by id: the same id replaces the parent's definition with its new han, a new id adds a yaku,
    `drop ID` removes one and records it in `ruleset.dropped` (R-YAKU-1, R-YAKU-2)."""
    ruleset = compile_variant(
        """
        yaku {
          tanyao "断幺九" "All simples" 2/2 when all(tiles: simple)
          house sanrenkou "三連刻" "Three consecutive triplets" 2
            when any(t in triplets: t.suit != honour and any(triplets: suit == t.suit and number == t.number + 1)
                     and any(triplets: suit == t.suit and number == t.number + 2))
          drop pinfu ippatsu
        }
        """,
    )
    ids = [y.id for y in ruleset.all_yaku()]
    assert "sanrenkou" in ids and "pinfu" not in ids and "ippatsu" not in ids
    assert set(ruleset.dropped) == {"pinfu", "ippatsu"}
    assert next(y for y in ruleset.all_yaku() if y.id == "sanrenkou").house
    # HAND_P under standard: riichi 1, pinfu 1, tanyao 1. Here: riichi 1, tanyao 2 (replaced), no pinfu (dropped).
    assert yaku(score(shipped("standard"), HAND_P)) == {"riichi": 1, "pinfu": 1, "tanyao": 1}
    assert yaku(score(ruleset, HAND_P)) == {"riichi": 1, "tanyao": 2}
    # 222m 333m 444m 567p + 99s, ron on 6p (57p kanchan): as triplets, sanrenkou 2 + sanankou 2 (all three
    # concealed) = 4 han, which beats the reading as three 234m runs (iipeikou 1)
    three = hand("222333444m567p99s", "6p")
    assert yaku(score(ruleset, three)) == {"sanrenkou": 2, "sanankou": 2}


def test_family_redefined_in_a_child_replaces_the_whole_family(shipped: Callable[[str], Ruleset]) -> None:
    """A family is merged by its id as one item: a child's `family isshoku { honitsu … }` replaces standard's
    whole family, so chinitsu no longer exists (R-YAKU-4 families)."""
    ruleset = compile_variant(
        """
        yaku {
          family isshoku "染め手" {
            honitsu "混一色" "Half flush" 4/3 when suits == 1
          }
        }
        """,
    )
    family = next(g for g in ruleset.yaku if g.id == "isshoku")
    assert [m.id for m in family.members] == ["honitsu"]
    assert "chinitsu" not in [y.id for y in ruleset.all_yaku()]
    # FLUSH under standard: riichi 1 + pinfu 1 + chinitsu 6 + ittsu 2. Here the flush only matches honitsu (4).
    assert yaku(score(shipped("standard"), FLUSH)) == {"riichi": 1, "pinfu": 1, "chinitsu": 6, "ittsu": 2}
    assert yaku(score(ruleset, FLUSH)) == {"riichi": 1, "pinfu": 1, "honitsu": 4, "ittsu": 2}


def test_dropping_a_family_member_keeps_the_rest_of_the_family() -> None:
    """`drop chinitsu` removes one member of standard's family `isshoku`; honitsu stays and now counts for a
    full flush; the dropped member is listed in `ruleset.dropped` with its place in the child file."""
    body = "yaku {\n  drop chinitsu\n}"
    ruleset = compile_variant(body)
    family = next(g for g in ruleset.yaku if g.id == "isshoku")
    assert [m.id for m in family.members] == ["honitsu"]
    assert "chinitsu" in ruleset.dropped and ruleset.dropped["chinitsu"].line == line_of(source(body), "drop chinitsu")
    assert yaku(score(ruleset, FLUSH)) == {"riichi": 1, "pinfu": 1, "honitsu": 3, "ittsu": 2}


def test_payment_formulas_are_replaced_as_a_whole(tmp_path: Path) -> None:
    """A child's payment formulas replace every formula of its parent: the parent's `base` variable is gone
    (so using it is E0301), while the parent's `scheme formula` setting is still inherited (R-PAY-2 style)."""
    write(
        tmp_path,
        """
        payment {
          scheme formula
          tsumo each
          honba_ron 0
          base = 300
          value = base * han
        }
        """,
        name="club",
    )
    parent = load(tmp_path / "club.variant", roots=[tmp_path])
    assert [f.name for f in parent.formulas] == ["base", "value"]
    # HAND_A: han 1 (riichi) → the parent pays 300 × 1 = 300
    assert score(parent, HAND_A).payments.ron == 300
    child = compile_variant("payment { value = 2000 * han }", extends="club", beside=tmp_path)
    assert child.payment.scheme == "formula" and [f.name for f in child.formulas] == ["value"]
    assert "payment.base" not in child.provenance
    assert score(child, HAND_A).payments.ron == 2000  # 2000 × 1 han
    with pytest.raises(DiagnosticError) as error:
        compile_variant("payment { value = base * 2 }", extends="club", beside=tmp_path)
    assert [d.code for d in error.value.diagnostics] == ["E0301"]


def test_repeatable_dora_cycles_accumulate_across_the_chain(tmp_path: Path) -> None:
    """`dora.cycle` is repeatable: the parent's cycle and the child's both apply (R-DORA-3)."""
    write(tmp_path, "dora { cycle 1p -> 3p }", name="club")
    ruleset = compile_variant("dora { cycle 7s -> 9s -> 7s }", extends="club", beside=tmp_path)
    assert ruleset.dora.cycle == (kinds("1p 3p"), kinds("7s 9s 7s"))
    assert ruleset.dora_for(parse_kind("1p")) == kinds("3p")
    assert ruleset.dora_for(parse_kind("7s")) == kinds("9s")
    assert ruleset.dora_for(parse_kind("9s")) == kinds("7s")
    assert ruleset.dora_for(parse_kind("2p")) == kinds("3p")  # untouched kinds still use "next"


def test_a_child_states_its_own_notes_and_source(shipped: Callable[[str], Ruleset]) -> None:
    """`about` is not inherited: a parent's notes and source speak of the parent's rules. Within one file
    `notes` accumulate, and `notes none` starts the list afresh."""
    assert len(shipped("standard").about.notes) == 8  # four notes, each in Japanese and in English
    silent = compile_variant("tiles { dead_wall 14 }")
    assert silent.about.notes == () and silent.about.source == ()
    added = compile_variant('about {\n  notes "ours"\n  notes "and this"\n}')
    assert added.about.notes == ("ours", "and this")
    restarted = compile_variant('about {\n  notes "dropped"\n  notes none\n  notes "only this"\n}')
    assert restarted.about.notes == ("only this",)


# ------------------------------------------------------------------ provenance


def test_provenance_points_at_the_file_and_line_that_set_a_value(tmp_path: Path) -> None:
    """`ruleset.provenance[path]` is the span of the statement that last set it: the child's file and line when
    the child sets `calls.kuitan`, standard.variant's line otherwise; yaku provenance follows redefinitions."""
    path = write(
        tmp_path, 'calls {\n  kuitan off\n}\nyaku {\n  tanyao "断幺九" "All simples" 2/2 when all(tiles: simple)\n}'
    )
    text = path.read_text(encoding="utf-8")
    child = load(path, roots=[tmp_path])
    span = child.provenance["calls.kuitan"]
    assert Path(span.file).resolve() == path.resolve()
    assert span.line == line_of(text, "kuitan off") == 4
    assert child.provenance["yaku.tanyao"].line == line_of(text, "tanyao")
    plain = load_file(tmp_path, "game { start_points 30000 }", name="y")
    span = plain.provenance["calls.kuitan"]
    assert Path(span.file).name == "standard.variant"
    standard_text = plain.sources[span.file]  # the text of the shipped standard.variant
    assert span.line == line_of(standard_text, "kuitan on")
    assert plain.provenance["yaku.tanyao"].line == line_of(standard_text, '"断幺九"')
    assert plain.chain == ("y", "standard") and child.chain == ("x", "standard")
    # a grandchild that does not set it: the provenance is the nearest ancestor that did (x.variant, line 4)
    grandchild = load_file(tmp_path, "game { start_points 30000 }", name="z", extends="x")
    assert grandchild.chain == ("z", "x", "standard")
    span = grandchild.provenance["calls.kuitan"]
    assert (Path(span.file).resolve(), span.line) == (path.resolve(), 4)
    assert Path(grandchild.provenance["game.start_points"].file).name == "z.variant"


# ------------------------------------------------------------------ tiles and dora


def test_removed_tiles_change_the_set_size(shipped: Callable[[str], Ruleset]) -> None:
    """`tiles { remove … }`: 136 − 7 × 4 = 108 without 2m–8m (R-TILE-2), 136 − 6 × 4 = 112 keeping 5m (R-TILE-3)."""
    assert shipped("standard").tile_set.size == 136
    assert compile_variant("tiles { remove 2m 3m 4m 5m 6m 7m 8m\n red 5p 5s }").tile_set.size == 108
    assert compile_variant("tiles { remove 2m 3m 4m 6m 7m 8m }").tile_set.size == 112


def test_next_indicator_wraps_and_skips_removed_kinds(shipped: Callable[[str], Ruleset]) -> None:
    """R-DORA-1: suits 9→1, winds 北→東, dragons 中→白 (北 does not lead to 白). R-DORA-2: "next" skips kinds the
    set removed: 1m→9m→1m without 2m–8m; 1m→5m→9m→1m when 5m is kept."""
    full = shipped("standard")
    assert full.dora_for(parse_kind("9p")) == kinds("1p")
    assert full.dora_for(parse_kind("4z")) == kinds("1z")
    assert full.dora_for(parse_kind("7z")) == kinds("5z")
    # (standard's red 5m has to go with the 5m kind: `red 5p 5s`)
    sanma = compile_variant("tiles { remove 2m 3m 4m 5m 6m 7m 8m\n red 5p 5s }")
    assert sanma.dora_for(parse_kind("1m")) == kinds("9m")
    assert sanma.dora_for(parse_kind("9m")) == kinds("1m")
    assert sanma.dora_for(parse_kind("1m"), ura=True) == kinds("9m")
    keep_5m = compile_variant("tiles { remove 2m 3m 4m 6m 7m 8m }")
    assert [keep_5m.dora_for(parse_kind(t)) for t in ("1m", "5m", "9m")] == [kinds("5m"), kinds("9m"), kinds("1m")]
    # scored: 99m pair with a 1m indicator is two dora in the 108-tile set, none in the full set
    pairs_9m = hand("99m123p555p789s111z", "1z", dora="1m")
    assert score(sanma, pairs_9m).dora == {"dora": 2}
    assert "dora" not in score(full, pairs_9m).dora


def test_explicit_cycles_override_next() -> None:
    """R-DORA-3: explicit cycles replace "next" for the kinds they name (囲将会: 5m→5m, 1m→9m→1m), for the
    indicator and the ura table alike; other kinds keep "next"."""
    ruleset = compile_variant("tiles { remove 2m 3m 4m 6m 7m 8m }\ndora {\n cycle 5m -> 5m\n cycle 1m -> 9m -> 1m\n}")
    assert ruleset.dora_for(parse_kind("5m")) == kinds("5m")
    assert ruleset.dora_for(parse_kind("1m")) == kinds("9m")
    assert ruleset.dora_for(parse_kind("9m")) == kinds("1m")
    assert ruleset.dora_for(parse_kind("1m"), ura=True) == kinds("9m")
    assert ruleset.dora_for(parse_kind("3p")) == kinds("4p")
    full = compile_variant("dora { cycle 3p -> 7p }")
    assert full.dora_for(parse_kind("3p")) == kinds("7p") and full.dora_for(parse_kind("3p"), ura=True) == kinds("7p")


def test_indicator_same_is_genbutsu() -> None:
    """R-DORA-4: `indicator same` makes the indicator itself dora (ura still "next" unless `ura_indicator same`);
    the mixed "omote next, ura genbutsu" rule is `ura_indicator same` alone."""
    same = compile_variant("dora { indicator same }")
    assert all(same.dora_for(k) == (k,) for k in range(34))
    assert same.dora_for(parse_kind("1m"), ura=True) == kinds("2m")
    mixed = compile_variant("dora { ura_indicator same }")
    assert mixed.dora_for(parse_kind("1m")) == kinds("2m") and mixed.dora_for(parse_kind("1m"), ura=True) == kinds("1m")
    # HAND_P holds 22s and one 3s: a 2s indicator is 2 dora under `same`, 1 under "next" (it points at 3s)
    with_2s = hand("234m567p22s345678s", "8s", riichi=True, dora="2s", ura="2s")
    assert score(same, with_2s).dora == {"dora": 2, "ura": 1}
    assert score(mixed, with_2s).dora == {"dora": 1, "ura": 2}


# ------------------------------------------------------------------ expressions on scored hands


def probes(conditions: dict[str, str], extra: str = "") -> Ruleset:
    """Standard plus one house yaku per condition (`house ID "試" ID 1 when CONDITION`)."""
    lines = "\n".join(f'  house {name} "試" "{name}" 1 when {cond}' for name, cond in conditions.items())
    return compile_variant(f"{extra}\nyaku {{\n{lines}\n}}")


def holding(ruleset: Ruleset, win: WinInput) -> set[str]:
    return {y.id for y in score(ruleset, win).yaku if y.id.startswith("p_")}


def check_probes(win: WinInput, expected: dict[str, tuple[str, bool]], extra: str = "") -> None:
    ruleset = probes({name: cond for name, (cond, _) in expected.items()}, extra)
    assert holding(ruleset, win) == {name for name, (_, holds) in expected.items() if holds}


def test_quantifiers_on_a_scored_hand() -> None:
    """count/any/all/sum/max/min/distinct with `C: cond` (bare attributes) and `x in C: …` (named element)."""
    # HAND_A: triplet 111m; runs 234p (number 2), 678p (6), 345s (3); pair 白 (number 5); won on 5s.
    check_probes(
        HAND_A,
        {
            "p_count": ("count(runs) == 3 and count(triplets) == 1 and count(pairs) == 1", True),
            "p_count_cond": ("count(runs: suit == pin) == 2", True),
            "p_count_cond_no": ("count(runs: suit == sou) == 2", False),
            "p_any_named": ("any(t in triplets: t.number == 1)", True),
            "p_any_named_no": ("any(t in triplets: t.number == 9)", False),
            "p_any_bare": ("any(groups: dragon and kind != run)", True),
            "p_all_tiles": ("all(tiles: simple)", False),
            "p_all_runs": ("all(runs: simple)", True),
            "p_sum": ("sum(runs: number) == 11", True),  # 2 + 6 + 3
            "p_max_min": ("max(runs: number) == 6 and min(runs: number) == 2", True),
            "p_distinct": ("distinct(runs: suit) == 2", True),  # pin and sou
            "p_nested": ("any(r in runs: count(runs: suit == r.suit) == 2)", True),
            "p_win_group": ("completed.kind == run and completed.suit == sou and win == 5s", True),
        },
    )


def test_ranges_membership_and_conditionals() -> None:
    """`in` a range `2..8` and a list, `not in`, `a if c else b`, chained comparisons `1 < x < 3`."""
    # HAND_A's suit tiles: 1 1 1 2 3 4 6 7 8 3 4 5 — nine of them are 2..8; the winning 5s is no terminal.
    check_probes(
        HAND_A,
        {
            "p_range": ("count(t in tiles: t.suit != honour and t.number in 2..8) == 9", True),
            "p_range_all": ("all(n in 2..4: count(tiles: number == n and suit == pin) == 1)", True),
            "p_list": ("pair.tile in [5z, 6z, 7z]", True),
            "p_not_in": ("win.number not in [1, 9]", True),
            "p_not_in_no": ("pair.tile not in [5z, 6z, 7z]", False),
            "p_not_in_range": ("count(triplets: number not in 2..8) == 1", True),
            "p_cond": ("(2 if riichi else 5) == 2 and (2 if tsumo else 5) == 5", True),
            "p_cond_no": ("(2 if tsumo else 5) == 2", False),
            "p_chain": ("1 < count(runs: suit == pin) < 3", True),  # 1 < 2 < 3
            "p_chain_no": ("1 < count(triplets) < 3", False),  # 1 < 1 fails
            "p_chain_long": ("0 < count(triplets) <= 1 < count(runs) == 3", True),
            "p_arith": ("2 ** 3 == 8 and 7 // 2 == 3 and 7 % 4 == 3 and -count(runs) == -3", True),
        },
    )


def test_suit_constant_honour_inside_an_implicit_quantifier() -> None:
    """docs/language.md lists `suit` values man, pin, sou, honour: `count(tiles: suit == honour)` counts honour
    tiles, the same as the named form `count(t in tiles: t.suit == honour)`. HAND_A holds two (白白)."""
    check_probes(
        HAND_A,
        {
            "p_named": ("count(t in tiles: t.suit == honour) == 2", True),
            "p_bare": ("count(tiles: suit == honour) == 2", True),
            "p_bare_not": ("count(tiles: suit != honour) == 12", True),
        },
    )


def test_kind_constant_pair() -> None:
    """`kind` is run, triplet, kan or pair: a tanki win completes the pair (`completed.kind == pair`) and every
    hand has one group of kind pair."""
    # 111m 234p 678p 345s + 白白, ron on 白: a tanki wait completing the pair
    tanki = hand("111m234p678p345s55z", "5z", riichi=True)
    check_probes(
        tanki,
        {"p_completed": ("completed.kind == pair", True), "p_count": ("count(groups: kind == pair) == 1", True)},
    )


def test_collections_as_numbers_and_settings_in_conditions() -> None:
    """A collection where a number is wanted is its size (`200 * kans`, `tiles` counts a kan four times);
    settings are read as `section.key` or by a unique bare key, and `win.min_han` is the setting, not the tile."""
    # 1111m concealed kan, 234p 678p 345s, 白 pair, ron on 5s: 15 tiles, one kan, three runs.
    kan_hand = hand("234p678p345s55z", "5s", ("ankan", "1111m"), riichi=True)
    expected = {
        "p_kans": ("200 * kans == 200 and kans == 1", True),
        "p_tiles": ("tiles == 15 and count(tiles) == 15", True),
        "p_sizes": ("runs + triplets == 4 and sets == 4 and groups == 5 and melds == 0", True),
        "p_kuitan": ("kuitan", True),
        "p_section_key": ("calls.kuitan and payment.honba_ron == 300", True),
        "p_min_han": ("win.min_han == 1 and win.number == 5", True),
        "p_bare_number": ("honba_ron > 200 and not kiriage", True),
    }
    check_probes(kan_hand, expected)
    # with `kuitan off` and `honba_ron 100` the setting-reading probes flip
    changed = {**expected, "p_kuitan": ("kuitan", False), "p_section_key": (expected["p_section_key"][0], False)}
    changed["p_bare_number"] = (expected["p_bare_number"][0], False)
    check_probes(kan_hand, changed, extra="calls { kuitan off }\npayment { honba_ron 100 }")


def test_yaku_when_a_setting_name() -> None:
    """A yaku whose whole condition is a bare setting name (`when kuitan`) holds on every hand exactly when the
    setting is on."""
    on = probes({"p_k": "kuitan"})
    off = probes({"p_k": "kuitan"}, extra="calls { kuitan off }")
    assert holding(on, HAND_A) == {"p_k"} and holding(off, HAND_A) == set()


def test_division_by_zero_gives_zero_in_a_payment_formula() -> None:
    """`/`, `//` and `%` by zero give 0, at run time (`/ riichi_sticks`) and when folded at compile time (`5 / 0`)."""
    ruleset = compile_variant(
        """
        payment {
          scheme formula
          tsumo each
          honba_ron 0
          value = 1000 * han + 1000 / riichi_sticks + 700 // honba + 300 % honba + 5 / 0 + 5 // 0 + 5 % 0
        }
        """,
    )
    # HAND_A: han 1 (riichi). No sticks, no honba: every division is by zero → 1000.
    assert score(ruleset, HAND_A).payments.ron == 1000
    # 2 sticks, 3 honba: 1000 + 1000/2 + 700//3 + 300%3 = 1000 + 500 + 233 + 0 = 1733 → rounded up to 1800
    busy = hand("111m234p678p345s55z", "5s", riichi=True, riichi_sticks=2, honba=3)
    result = score(ruleset, busy)
    assert result.payments.ron == 1800 and result.formula_values["value"] == 1733


def test_bonuses_add_han_but_are_not_yaku() -> None:
    """R-YAKU-3: `bonus` han count toward the value but not toward `win.min_han` (R-WIN-3), and are listed apart."""
    body = """
        yaku {
          bonus bazoro "場ゾロ" "Table bonus" = 2
          bonus ankan "暗槓" = 4 * count(kans: not open) when closed
        }
        """
    ruleset = compile_variant(body)
    # HAND_A: riichi 1 + bazoro 2 = 3 han, 40 fu (see HAND_A): 40 × 2^5 = 1280 base, × 4 = 5120 → 5200.
    result = score(ruleset, HAND_A)
    assert yaku(result) == {"riichi": 1}
    assert [(b.id, b.han) for b in result.bonuses] == [("bazoro", 2)]  # ankan is worth 0 here: not listed
    assert (result.han, result.fu, result.payments.ron) == (3, 40, 5200)
    # without riichi the only han is the bonus: no yaku under standard's min_han 1
    no_riichi = hand("111m234p678p345s55z", "5s")
    with pytest.raises(ScoreError, match="no yaku"):
        score(ruleset, no_riichi)
    # … and with min_han 0 it wins on the bonus alone: 2 han 40 fu → 40 × 2^4 × 4 = 2560 → 2600
    relaxed = compile_variant(body + "win { min_han 0 }")
    result = score(relaxed, no_riichi)
    assert result.yaku == () and (result.han, result.payments.ron) == (2, 2600)
    # a concealed kan: 4 more bonus han
    kan_hand = hand("234p678p345s55z", "5s", ("ankan", "1111m"), riichi=True)
    assert {b.id: b.han for b in score(ruleset, kan_hand).bonuses} == {"bazoro": 2, "ankan": 4}


def test_with_yakuman_keeps_a_yaku_beside_a_yakuman() -> None:
    """A yakuman removes every other yaku, bonus and dora unless they are marked `with_yakuman` (R-YAKU-3)."""
    ruleset = compile_variant(
        """
        yaku {
          house extra "加" "Kept" 1 with_yakuman when riichi
          house plain "普" "Dropped" 1 when riichi
          bonus bazoro "場ゾロ" = 2
          bonus honba_han "本場" = honba with_yakuman
        }
        """,
    )
    # 111m 222p 333s 444s + 白白, tsumo on 4s (shanpon), riichi, 1 honba: suuankou; riichi, menzen tsumo,
    # sanankou, toitoi, `plain`, bazoro and the three 1m dora of the 9m indicator all drop; `extra` and
    # honba_han (with_yakuman) stay.
    quads = hand("111m222p333s444s55z", "4s", tsumo=True, riichi=True, honba=1, dora="9m")
    result = score(ruleset, quads)
    assert yaku(result) == {"suuankou": 0, "extra": 1}
    assert [(b.id, b.han) for b in result.bonuses] == [("honba_han", 1)]
    assert result.yakuman == 1 and result.dora == {}
    # one yakuman, non-dealer tsumo: 16000 from the dealer + 8000 × 2, plus 1 honba × 100 × 3 payers = 32300
    assert result.total == 32300


def test_family_counts_only_its_highest_member() -> None:
    """In a family only the highest member that holds counts (R-YAKU-4); standard's chinitsu beats honitsu."""
    ruleset = compile_variant(
        """
        yaku {
          family tiers "段" {
            low "低" "Low" 1 when count(runs) >= 1
            high "高" "High" 3 when count(runs) >= 3
          }
        }
        """,
    )
    assert [m.id for g in ruleset.yaku if g.id == "tiers" for m in g.members] == ["high", "low"]  # highest first
    assert {"high": 3}.items() <= yaku(score(ruleset, HAND_A)).items() and "low" not in yaku(score(ruleset, HAND_A))
    # 111m 999p 555s 234s + 中中, ron on 3s (kanchan): one run → only `low`
    one_run = hand("111m999p555s234s77z", "3s", riichi=True)
    assert yaku(score(ruleset, one_run)) == {"riichi": 1, "sanankou": 2, "low": 1}
    assert "honitsu" not in yaku(score(ruleset, FLUSH))


def test_double_yakuman_on_and_off() -> None:
    """`yakuman 2` counts twice with `payment.double_yakuman on` and once with it off."""
    body = 'yaku {\n  house twin "双" "Twin" yakuman 2 when ippatsu\n}\npayment { double_yakuman %s }'
    twin = hand("111m234p678p345s55z", "5s", riichi=True, ippatsu=True)
    on = score(compile_variant(body % "on"), twin)
    off = score(compile_variant(body % "off"), twin)
    # non-dealer ron: 8000 base × 4 = 32000 per yakuman
    assert (on.yakuman, on.payments.ron, yaku(on)) == (2, 64000, {"twin": 0})
    assert (off.yakuman, off.payments.ron) == (1, 32000)


# ------------------------------------------------------------------ line continuation (property)

ATOMS = (
    "riichi",
    "tsumo",
    "closed",
    "not ippatsu",
    "count(runs) >= 2",
    "any(triplets: honour)",
    "all(tiles: simple)",
    "suits == 1",
    "pair.value",
    "kans > 0",
    "wait == ryanmen",
    "any(t in runs: t.number == 1)",
    "dealer",
    "honba >= 2",
    "count(tiles: terminal) in 1..4",
    "win.number not in [1, 9]",
)


BREAK = "\n      "


@st.composite
def conditions(draw: st.DrawFn) -> tuple[str, str]:
    """A condition as (one line, the same text broken across lines): atoms joined by `and`/`or`, some runs of
    atoms wrapped in parentheses. A break may go where the language says a line continues: right after or
    right before `and`/`or`, right after `(` or right before `)`; every other gap stays a space."""
    count = draw(st.integers(1, 6))
    pieces: list[str] = []
    i = 0
    while i < count:
        if i > 0:
            pieces.append(draw(st.sampled_from(["and", "or"])))
        if i + 1 < count and draw(st.booleans()):
            j = draw(st.integers(i + 1, count - 1))  # atoms i..j in parentheses
            pieces.append("(")
            for k in range(i, j + 1):
                if k > i:
                    pieces.append(draw(st.sampled_from(["and", "or"])))
                pieces.append(draw(st.sampled_from(ATOMS)))
            pieces.append(")")
            i = j + 1
        else:
            pieces.append(draw(st.sampled_from(ATOMS)))
            i += 1
    broken = pieces[0]
    for before, after in itertools.pairwise(pieces):
        may_break = before in ("and", "or", "(") or after in ("and", "or", ")")
        broken += BREAK if may_break and draw(st.booleans()) else " "
        broken += after
    return " ".join(pieces), broken


@pure_only  # what it checks is the grammar's line continuation: the same interpreted code in both builds
@pytest.mark.slow  # 25 variants compiled, 625 random wins scored
@settings(max_examples=25, deadline=None)
@given(condition=conditions(), rng=st.randoms(use_true_random=False))
def test_line_continuation_does_not_change_a_condition(
    shipped: Callable[[str], Ruleset], condition: tuple[str, str], rng: random.Random
) -> None:
    """Breaking a condition across lines after or before `and`/`or`, or inside parentheses, compiles to the
    same predicate as writing it on one line: on random standard wins both house yaku hold together."""
    one_line, broken = condition
    body = (
        f'yaku {{\n  house p_flat "平" "Flat" 1 with_yakuman when {one_line}\n'
        f'  house p_broken "折" "Broken" 1 with_yakuman when {broken}\n}}'
    )
    ruleset = compile_variant(body)
    for _ in range(25):
        win = random_win(rng)
        try:
            found = holding(ruleset, win)
        except ScoreError:
            with pytest.raises(ScoreError):
                score(shipped("standard"), win)  # the house yaku cannot rescue a hand only if neither holds
            continue
        assert found in (set(), {"p_flat", "p_broken"}), (one_line, broken, win)


# ------------------------------------------------------------------ safety


def test_a_file_over_256_kib_is_refused(tmp_path: Path) -> None:
    """Rule files are untrusted: more than 256 KiB is refused before parsing (E0004), read from a file or given
    as text."""
    padding = "# padding padding padding padding padding padding padding padding padding padding\n" * 3300
    assert len(padding.encode()) > 256 * 1024
    with pytest.raises(DiagnosticError) as error:
        load_file(tmp_path, padding)
    assert [d.code for d in error.value.diagnostics] == ["E0004"]
    with pytest.raises(DiagnosticError) as error:
        compile_variant(padding)
    assert [d.code for d in error.value.diagnostics] == ["E0004"]


def test_deep_parentheses_are_a_diagnostic_not_a_crash() -> None:
    """An expression nested 40 parentheses deep is a DiagnosticError (E0006), never a RecursionError."""
    condition = "(" * 40 + "riichi" + ")" * 40
    with pytest.raises(DiagnosticError) as error:
        compile_variant(f'yaku {{\n  house deep "深" 1 when {condition}\n}}')
    assert [d.code for d in error.value.diagnostics] == ["E0006"]
    assert "Traceback" not in error.value.render()


def test_a_2000_term_sum_is_a_diagnostic_not_a_crash() -> None:
    """`a + a + …` with 2000 terms nests 2000 deep on the left: a DiagnosticError (E0006), not a RecursionError,
    in a yaku condition and in a payment formula alike."""
    chain = " + ".join(["riichi"] * 2000)
    with pytest.raises(DiagnosticError) as error:
        compile_variant(f'yaku {{\n  house long "長" 1 when {chain} > 0\n}}')
    assert [d.code for d in error.value.diagnostics] == ["E0006"]
    chain = " + ".join(["han"] * 2000)
    with pytest.raises(DiagnosticError) as error:
        compile_variant(f"payment {{\n  scheme formula\n  value = {chain}\n}}")
    assert [d.code for d in error.value.diagnostics] == ["E0006"]


def test_sum_of_groups_without_a_value_is_a_diagnostic() -> None:
    """`sum(C: value)` needs a value for a collection of groups or tiles; `sum(runs)` has nothing to add up and
    must be reported when the file is checked, not crash the scorer."""
    with pytest.raises(DiagnosticError) as error:
        ruleset = compile_variant('yaku {\n  house s "和" 1 when sum(runs) == 0\n}')
        score(ruleset, HAND_A)
    assert error.value.diagnostics[0].code.startswith("E03")


POWER_TOWER = """
import sys
from variantlang import DiagnosticError, ScoreError, WinInput, loads, score
from variantlang.hand.tiles import parse_tiles
for text in sys.argv[1:]:
    try:
        ruleset = loads(text)
        score(ruleset, WinInput(tuple(parse_tiles("234m567p22s345678s")), riichi=True))
    except (DiagnosticError, ScoreError):
        pass
"""


def test_nested_powers_cannot_hang_the_checker_or_the_scorer(tmp_path: Path) -> None:
    """Rule files are untrusted: a seven-line file must not make `loads` or `score` run for ever. Both a constant
    tower (folded when the file is compiled) and one over `han` (evaluated when a hand is paid) must finish —
    as a diagnostic or a bounded number (in well under a second; the generous limit only tells a hang from a
    busy machine, where a cold parser cache alone can take seconds)."""
    folded = source("payment {\n  scheme formula\n  value = 1000 + 0 * ((((9 ** 64) ** 64) ** 64) ** 64) ** 64\n}")
    paid = source(
        "payment {\n  scheme formula\n  value = 1000 * han + 0 * (((han ** 64) ** 64) ** 64) ** 64\n}", name="y"
    )
    # run outside the checkout, so the installed package is imported (compiled or not), not the source tree
    subprocess.run([sys.executable, "-c", POWER_TOWER, folded, paid], timeout=60, check=True, cwd=tmp_path)


def test_extends_may_not_leave_the_roots(tmp_path: Path) -> None:
    """`extends "../outside.variant"` pointing above the search roots is refused (E0404)."""
    write(tmp_path, "", name="outside")
    inner = tmp_path / "inner"
    inner.mkdir()
    path = write(inner, "", extends='"../outside.variant"')
    with pytest.raises(DiagnosticError) as error:
        load(path, roots=[inner])
    assert [d.code for d in error.value.diagnostics] == ["E0404"]
    assert error.value.diagnostics[0].span.line == 2
    # the same file is fine when the roots include the parent's folder
    assert load(path, roots=[tmp_path]).chain == ("x", "outside", "standard")


def test_extends_chains_are_at_most_eight_long(tmp_path: Path) -> None:
    """A chain of 8 files (7 on top of standard) loads; a 9-long chain is refused (E0403)."""
    parent = "standard"
    for i in range(1, 9):
        write(tmp_path, f"game {{ start_points {20000 + 1000 * i} }}", name=f"v{i}", extends=parent)
        parent = f"v{i}"
    eight = load(tmp_path / "v7.variant", roots=[tmp_path])
    assert len(eight.chain) == 8 and eight.game.start_points == 27000
    with pytest.raises(DiagnosticError) as error:
        load(tmp_path / "v8.variant", roots=[tmp_path])
    assert "E0403" in [d.code for d in error.value.diagnostics]
