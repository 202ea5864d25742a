"""How yaku conditions are cut for the scorer (`lang.expr.split.split_condition`): a shape gate, masks on the
kinds held, and the residual. That the cut never changes an answer is tested against the reference
evaluator (tests/test_reference.py, tests/test_reference_random.py); these tests pin down what the cut
is, and that a mask is only ever derived from an attribute the tile kind alone decides."""

from __future__ import annotations

from functools import cache
from itertools import product

import pytest
from setting_values import setting_values

from variantlang.api import load, parse
from variantlang.hand.decomposition import Group, GroupKind
from variantlang.hand.tiles import KINDS, WINDS
from variantlang.lang.expr import (
    GROUP_ATTRIBUTES_OF_GROUP,
    GROUP_ATTRIBUTES_OF_LOWEST_TILE,
    TILE_ATTRIBUTES_OF_KIND,
    Compiler,
    Scope,
)
from variantlang.lang.expr.split import split_condition
from variantlang.model.facts import (
    GROUP_ATTRIBUTES,
    GROUP_INDEX,
    TILE_ATTRIBUTES,
    TILE_INDEX,
    Split,
    group_element,
    tile_element,
)
from variantlang.syntax import ast

EVERY_GROUP = [Group(GroupKind.SHUNTSU, k, called) for k in range(27) if k % 9 <= 6 for called in (False, True)] + [
    Group(kind, k, called)
    for kind in (GroupKind.KOUTSU, GroupKind.KANTSU, GroupKind.TOITSU)
    for k in range(KINDS)
    for called in (False, True)
]
GROUP_COLLECTIONS = ("groups", "sets", "runs", "triplets", "kans", "pairs", "melds")


def condition(text: str) -> ast.Expr:
    tree = parse(f'variant "t" {{\n  yaku {{\n    t "t" 1 when {text}\n  }}\n}}\n')
    item = tree.yaku[0].items[0]
    assert isinstance(item, ast.YakuDef) and item.condition is not None
    return item.condition


@cache
def scope() -> Scope:
    return Scope.of_settings(setting_values(load("standard")))


def split(text: str) -> Split:
    compiler = Compiler(scope())
    result = split_condition(compiler, condition(text))
    assert not compiler.diagnostics, compiler.diagnostics
    return result


def test_conditions_split_as_designed() -> None:
    """What `standard` compiles to: flags are gates only; all-simples is a mask with nothing left to
    run; a dragon triplet needs a triplet (gate), a held 5z (mask) and the check itself."""
    ruleset = load("standard")
    found = {rule.id: rule.condition for group in ruleset.yaku for rule in group.members}
    assert found["riichi"].residual is None and found["riichi"].reads == {"riichi"}
    assert found["tanyao"].residual is None and found["tanyao"].none_held and not found["tanyao"].some_held
    haku = found["haku"]
    assert haku.reads == {"#triplets"} and haku.residual is not None
    assert haku.some_held == 0xFF << 8 * 31  # the byte of 5z (kind 31)
    assert found["daisangen"].reads == {"#triplets"}  # count(triplets: dragon) == 3 implies three triplets
    assert found["sanshoku"].reads == {"#runs"} and found["sanshoku"].residual is not None


def test_every_attribute_is_on_an_allow_list_or_declined() -> None:
    """The allow-lists name only attributes that exist, so a renamed one cannot linger there."""
    assert set(TILE_ATTRIBUTES_OF_KIND) <= set(TILE_ATTRIBUTES)
    assert set(GROUP_ATTRIBUTES_OF_GROUP) <= set(GROUP_ATTRIBUTES)
    assert set(GROUP_ATTRIBUTES_OF_LOWEST_TILE) <= set(GROUP_ATTRIBUTES_OF_GROUP)


LIKE_VALUES = {
    "kind": ("triplet", "pair", "[run, kan]"),  # `pair` in a list would be the pair itself
    "suit": ("pin", "honour", "[man, pin]"),
    "tile": ("2m", "4m", "[1m, 4m]"),
}
"""Values to compare an attribute with, of its own kind (the checker refuses `kind == 1`)."""


def element_tests(attribute: str, variable: str | None = None) -> list[str]:
    """Element tests of one attribute in the shapes the mask optimiser reads."""
    word = f"{variable}.{attribute}" if variable else attribute
    one, three, pair = LIKE_VALUES.get(attribute, ("1", "3", "[0, 3]"))
    return [word, f"not {word}", f"{word} == {one}", f"{word} >= {three}", f"{word} in {pair}"]


@pytest.mark.parametrize("attribute", TILE_ATTRIBUTES)
def test_a_tile_attribute_gives_masks_only_when_the_kind_decides_it(attribute: str) -> None:
    index = TILE_INDEX[attribute]
    if attribute in TILE_ATTRIBUTES_OF_KIND:
        # the kind decides it: a red copy has the same value as a plain one, for every kind
        assert all(tile_element(k)[index] == tile_element(k, red=True)[index] for k in range(KINDS))
        assert split(f"all(tiles: {attribute})").none_held or split(f"all(tiles: not {attribute})").none_held
        return
    for test in [*element_tests(attribute), *element_tests(attribute, "t")]:
        source = "t in tiles" if test.startswith(("t.", "not t.")) else "tiles"
        for text in (f"all({source}: {test})", f"any({source}: {test})", f"count({source}: {test}) >= 2"):
            cut = split(text)
            assert (cut.none_held, cut.some_held) == (0, 0), text


@pytest.mark.parametrize("attribute", GROUP_ATTRIBUTES)
def test_a_group_attribute_gives_masks_only_when_its_tiles_decide_it(attribute: str) -> None:
    index = GROUP_INDEX[attribute]
    values = {
        group: {
            group_element(group, concealed, seat, wind)[index]
            for concealed, seat, wind in product((False, True), WINDS, WINDS)
        }
        for group in EVERY_GROUP
    }
    if attribute in GROUP_ATTRIBUTES_OF_GROUP:
        # the group's kind and tiles decide it: not whether it was called or concealed, not the winds
        assert all(len(v) == 1 for v in values.values())
        assert all(values[g] == values[g._replace(open=not g.open)] for g in EVERY_GROUP)
    if attribute in GROUP_ATTRIBUTES_OF_LOWEST_TILE:
        # it is the same attribute of the group's lowest tile, a kind the hand holds
        assert all(values[g] == {tile_element(g.tile)[TILE_INDEX[attribute]]} for g in EVERY_GROUP)
    shapes = {
        "all": attribute in GROUP_ATTRIBUTES_OF_GROUP,
        "any": attribute in GROUP_ATTRIBUTES_OF_LOWEST_TILE,
    }
    for test in element_tests(attribute):
        cut = split(f"all(groups: {test})")
        if not shapes["all"]:
            assert (cut.none_held, cut.some_held) == (0, 0), test
        for collection in GROUP_COLLECTIONS:
            for text in (f"any({collection}: {test})", f"count({collection}: {test}) >= 1"):
                cut = split(text)
                if not shapes["any"]:
                    assert (cut.none_held, cut.some_held) == (0, 0), text


def test_masks_are_made_from_the_allowed_attributes() -> None:
    """The allow-lists are used: each kind of term does give its mask."""
    assert split("all(tiles: simple)").none_held
    assert split("any(triplets: tile == 5z)").some_held == 0xFF << 8 * 31
    assert split("count(groups: dragon) >= 2").some_held
    assert split("all(groups: yaochuu)").none_held
    assert split("any(triplets: value)").some_held == 0  # the winds decide a value triplet
    assert split("all(groups: not open)").none_held == 0
    assert split("any(t in tiles: t.red)").some_held == 0
