"""The compiled conditions of every shipped variant agree with the reference evaluator.

The scorer runs each yaku condition cut into a shape gate, kinds-held masks and a residual, built by
the optimising compiler (`lang.expr.split.split_condition`); bonuses and payment formulas run as closures of
the same compiler. The reference evaluator (`lang.expr.evaluate`) walks the checked tree with no
optimisation at all. On random wins and on every example hand of every shipped variant, for every
reading the scorer considers, the split member, the plainly compiled condition and the reference give
the same answer; bonus values and payment formulas give the same numbers."""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from typing import Any

import pytest
from setting_values import setting_values

from variantlang.api import load, parse
from variantlang.io.wins import win_input
from variantlang.lang.expr import Compiler, Scope, Unchecked, evaluate
from variantlang.lang.expr.split import split_condition
from variantlang.lang.expr.vocabulary import FLAG_ATTRIBUTES, FLAG_FACTS
from variantlang.lang.resolve import shipped_names
from variantlang.model.facts import BUILD, FACTS, GROUP_ATTRIBUTES, KINDS_HELD, TILE_ATTRIBUTES, EvaluationError, T
from variantlang.model.ruleset import Ruleset
from variantlang.model.samples import random_win
from variantlang.model.win import WinInput
from variantlang.rules.dora import most_indicators
from variantlang.rules.nuki import in_hand
from variantlang.scoring.scorer import Scorer
from variantlang.syntax import ast

RANDOM_WINS = 300


@cache
def shipped(name: str) -> tuple[Ruleset, Scorer]:
    ruleset = load(name)
    return ruleset, Scorer(ruleset)


def hands(ruleset: Ruleset, seed: str, count: int) -> list[WinInput]:
    """`count` random wins under the variant's tiles, and its example hands. Examples with flowers in
    the hand are left out: the scorer stands an honour in for each flower before it reads the hand."""
    rng = random.Random(seed)
    nuki = tuple(sorted(ruleset.dora_tables.nuki))
    never = {k for k in nuki if in_hand(ruleset, k) == "never"}  # 囲将会's 5萬: a hand never holds one
    drawn = [
        random_win(
            rng, ruleset.tile_set, nuki_kinds=nuki, indicators=most_indicators(ruleset.dora), chi=ruleset.calls.chi
        )
        for _ in range(count)
    ]
    found = [
        w for w in drawn if not never & {t.kind for t in (*w.closed, w.win, *(t for m in w.melds for t in m.tiles))}
    ]
    return found + [e.win for e in ruleset.examples.values() if not any(t.is_flower for t in e.win.closed)]


def same(a: Any, b: Any) -> bool:
    """Equal values of the same type (arithmetic is exact, so there is no NaN or rounding to allow for)."""
    return bool(a == b) and type(a) is type(b)


def yaku_disagreements(ruleset: Ruleset, scorer: Scorer, hand: WinInput) -> Iterator[str]:
    """For each reading of `hand`: every yaku the scorer may award (the members of its clusters, as it
    runs them) against the plainly compiled condition and the reference; and what the scorer awards
    (gates decided once per shape and remembered, the highest member of each family) against the
    highest member of each family that the reference says holds."""
    scope = Scope.of_settings(setting_values(ruleset))
    rules = {rule.id: rule for rule in ruleset.all_yaku()}
    plain = {rule.id: Compiler(scope).condition(rule.condition_expr) for rule in rules.values()}
    for w, reading in scorer.readings(hand):
        held = w[KINDS_HELD]
        awarded: list[str] = []
        for cluster in scorer.clusters:
            for family in cluster.families[w["closed"]]:
                best = next((m for m in family if evaluate(rules[m.scored.id].condition_expr, w, scope)), None)
                awarded += [best.scored.id] if best is not None else []
                for member in family:
                    yaku = member.scored.id
                    split = (
                        (member.gate is None or bool(member.gate(w, ())))
                        and not held & member.none_held
                        and (not member.some_held or bool(held & member.some_held))
                        and (member.residual is None or bool(member.residual(w, ())))
                    )
                    whole = bool(plain[yaku](w, ()))
                    reference = bool(evaluate(rules[yaku].condition_expr, w, scope))
                    if not split == whole == reference:
                        yield f"{yaku} on {reading.decomposition}: split {split}, plain {whole}, reference {reference}"
        found = [member.scored.id for member in scorer.awarded(w)]
        if sorted(found) != sorted(awarded):
            yield f"the scorer awards {found} on {reading.decomposition}, the reference {awarded}"


def bonus_disagreements(ruleset: Ruleset, scorer: Scorer, hand: WinInput) -> Iterator[str]:
    scope = Scope.of_settings(setting_values(ruleset))
    for w, reading in scorer.readings(hand):
        for bonus in ruleset.bonuses:
            if bonus.condition is not None and bonus.condition_expr is not None:
                compiled, reference = bool(bonus.condition(w, ())), bool(evaluate(bonus.condition_expr, w, scope))
                if compiled != reference:
                    yield f"bonus {bonus.id} condition on {reading.decomposition}: {compiled} != {reference}"
            compiled, reference = bonus.value(w, ()), evaluate(bonus.value_expr, w, scope)
            if not same(compiled, reference):
                yield f"bonus {bonus.id} value on {reading.decomposition}: {compiled} != {reference}"


def formula_disagreements(ruleset: Ruleset, scorer: Scorer, hand: WinInput, rng: random.Random) -> Iterator[str]:
    """The payment program run as the scorer runs it (each assignment in order, a later one replacing an
    earlier one when its condition holds), on each reading with made-up han, fu, dora and yakuman."""
    for w, reading in scorer.readings(hand):
        paid = dict(w)
        yakuman = rng.choice([0, 0, 0, 1, 2])
        yaku_han, bonus_han, dora = rng.randint(0, 13), rng.randint(0, 6), rng.randint(0, 8)
        paid.update(
            han=yaku_han + bonus_han + dora,
            yaku_han=yaku_han,
            bonus_han=bonus_han,
            dora=dora,
            fu=rng.choice([20, 25, 30, 40, 50, 70, 110]),
            yakuman=yakuman,
        )
        variables = paid["vars"] = [0.0] * ruleset.formula_slots
        defined: dict[str, int] = {}
        for formula in ruleset.formulas:
            scope = Scope.of_settings(setting_values(ruleset), payment=True, variables=dict(defined))
            defined.setdefault(formula.name, formula.slot)
            holds = formula.condition is None or bool(formula.condition(paid, ()))
            if formula.condition_expr is not None and holds != bool(evaluate(formula.condition_expr, paid, scope)):
                yield f"{formula.text} on {reading.decomposition}: condition {holds}"
            if holds:
                compiled, reference = formula.value(paid, ()), evaluate(formula.value_expr, paid, scope)
                if not same(compiled, reference):
                    yield f"{formula.text} on {reading.decomposition}: {compiled} != {reference}"
                variables[formula.slot] = compiled


@pytest.mark.parametrize("name", shipped_names())
def test_yaku_conditions_agree_with_the_reference(name: str) -> None:
    ruleset, scorer = shipped(name)
    problems = [p for hand in hands(ruleset, name, RANDOM_WINS) for p in yaku_disagreements(ruleset, scorer, hand)]
    assert not problems, problems[:5]


@pytest.mark.parametrize("name", shipped_names())
def test_bonuses_and_payment_formulas_agree_with_the_reference(name: str) -> None:
    ruleset, scorer = shipped(name)
    if not ruleset.bonuses and not ruleset.formulas:
        pytest.skip("neither bonuses nor payment formulas")
    rng = random.Random(name)
    problems: list[str] = []
    for hand in hands(ruleset, f"{name} payment", RANDOM_WINS // 3):
        problems += bonus_disagreements(ruleset, scorer, hand)
        problems += formula_disagreements(ruleset, scorer, hand, rng)
    assert not problems, problems[:5]


def test_the_shipped_variants_use_bonuses_and_formulas() -> None:
    """The test above is not vacuous: some shipped variant has each."""
    assert any(shipped(name)[0].bonuses for name in shipped_names())
    assert any(shipped(name)[0].formulas for name in shipped_names())


# ------------------------------------------------------------------ the semantics, worked by hand


def condition(text: str) -> ast.Expr:
    tree = parse(f'variant "t" {{\n  yaku {{\n    t "t" 1 when {text}\n  }}\n}}\n')
    item = tree.yaku[0].items[0]
    assert isinstance(item, ast.YakuDef) and item.condition is not None
    return item.condition


FOUR_RUNS = {"closed": "123m456p789s234s99p", "win": "9p", "seat_wind": "S"}
"""Closed, four runs (1m 4p 7s 2s) and a pair of 9p, won on the pair by ron as South in an East round."""

SEVEN_PAIRS = {"closed": "223344m0566p77s11z", "win": "1z", "tsumo": True, "riichi": True}
"""Seven pairs (one 5p red) won by tsumo after riichi; no other reading."""

WORKED_FOUR_RUNS = [
    ("count(runs)", 4),
    ("runs * 200", 800),  # a collection where a number is wanted is its size
    ("count(runs: number)", 4),  # counts the runs whose number holds, it does not add the numbers up
    ("count(runs: number) == 4", True),
    ("sum(runs: number)", 14),
    ("max(runs: number)", 7),
    ("min(r in runs: r.number)", 1),
    ("max(pairs: number)", 9),
    ("min(kans: number)", 0),  # max / min over nothing are 0
    ("distinct(runs: suit)", 3),
    ("distinct(groups: kind)", 2),
    ("count(tiles)", 14),
    ("count(tiles: simple)", 10),
    ("count(t in tiles: t.number == 5)", 1),
    ("win", 17),  # a tile where a value is wanted is its kind: 9p
    ("win == 9p and pair.tile == 9p", True),
    ("2s in runs", True),  # a tile in groups: the groups' (lowest) tile
    ("3s in runs", False),
    ("5p in tiles and 5p not in runs", True),
    ("wait", 4),  # tanki (the pair)
    ("wait == tanki and form == standard", True),
    ("seat_wind == 2z and round_wind == 1z", True),
    ("any(triplets)", False),
    ("all(triplets: dragon)", True),  # all of nothing
    ("all(groups: suit != honour)", True),  # `honour` beside `suit` is the suit, elsewhere the attribute
    ("count(groups: honour)", 0),
    ("any(r in runs: r.suit == sou and any(runs: suit == r.suit and number == r.number + 5))", True),
    ("count(n in 1..9: any(runs: number == n))", 4),
    ("sum(1..4) + sum([2, 3]) + count([])", 15),
    ("distinct([1, 1, 2])", 2),
    ("3 in 1..count(runs) and 5 not in 1..4", True),
    ("1 < count(runs) <= 4 != 5", True),
    ("1 < count(runs) < 4", False),
    ("7 / 2", Fraction(7, 2)),  # exact: a fraction, not a binary float
    ("6 / 2", 3),
    ("0.1 + 0.2 == 0.3", True),
    ("2 ** 49 + 2 ** -1", Fraction(2**50 + 1, 2)),
    ("7 // 0 + 7 / 0 + 7 % 0", 0),  # division by zero gives 0
    ("honba in 0..999999999 and 0.5 not in 0..1", True),  # a range is its bounds: no list is built
    ("-2 ** 2", -4),
    ("min(3, suits, 9) + max(1, 2) + abs(0 - 2)", 7),
    ("(suits and 2m) + (0 or calls) + (not closed)", 1),  # `and`, `or`, `not` give true or false
    ("10 if riichi else 20 if closed else 30", 20),
    ("kuitan and game.players == 4", True),
    ("pair.suit == pin and completed.kind == pair and not completed.open", True),
]

BEYOND_BOUNDS = [
    "(honba + 1) ** 100 > 0",
    "honba * 10 ** 10 * 10 ** 10 > 0",
    "count(n in 0..((honba + 1) * 10 ** 6): n == 3) > 0",  # a range bounded by the win, too long to go through
]


@pytest.mark.parametrize("text", BEYOND_BOUNDS)
def test_values_beyond_the_bounds_stop_both_evaluators(text: str) -> None:
    """Past ±10^15, or through a range of more than 10 000 numbers, neither the reference nor the
    compiled condition gives a value: both raise `EvaluationError`, which the scorer reports."""
    ruleset, scorer = shipped("standard")
    scope = Scope.of_settings(setting_values(ruleset))
    node = condition(text)
    compiler = Compiler(scope)
    value = compiler.value(node)
    assert not compiler.diagnostics
    (w, _), *_ = scorer.readings(win_input({**FOUR_RUNS, "honba": 1}))
    with pytest.raises(EvaluationError):
        evaluate(node, w, scope)
    with pytest.raises(EvaluationError):
        value(w, ())


WORKED_SEVEN_PAIRS = [
    ("form == chiitoitsu and count(pairs) == 7 and count(sets) == 0", True),
    ("all(groups: kind == pair)", True),
    ("all(groups: simple)", False),
    ("all(groups: simple or wind) and any(pairs: tile == 1z)", True),
    ("count(tiles: red)", 1),
    ("all(tiles: not red)", False),
    ("any(t in tiles: t.red and t.tile == 5p)", True),
    ("all(tiles: number <= 7)", True),
    ("distinct(tiles: tile)", 7),
    ("sum(groups: number) - sum(g in groups: g.tile % 9 + 1)", 0),
]

WORKED = [(FOUR_RUNS, text, expected) for text, expected in WORKED_FOUR_RUNS] + [
    (SEVEN_PAIRS, text, expected) for text, expected in WORKED_SEVEN_PAIRS
]


@pytest.mark.parametrize(("hand", "text", "expected"), WORKED, ids=[text for _, text, _ in WORKED])
def test_worked_examples(hand: dict[str, Any], text: str, expected: Any) -> None:
    """On a hand worked by hand, the reference gives the answer, and so do the compiled value, the
    compiled condition and its split."""
    ruleset, scorer = shipped("standard")
    scope = Scope.of_settings(setting_values(ruleset))
    node = condition(text)
    compiler = Compiler(scope)
    value, whole, split = compiler.value(node), compiler.condition(node), split_condition(compiler, node)
    assert not compiler.diagnostics
    (w, _), *others = scorer.readings(win_input(hand))
    assert not others
    found = evaluate(node, w, scope)
    assert found == expected and type(found) is type(expected)
    assert same(value(w, ()), found)
    held = w[KINDS_HELD]
    assert (
        bool(whole(w, ()))
        == bool(found)
        == (
            (split.gate is None or bool(split.gate(w, ())))
            and not held & split.none_held
            and (not split.some_held or bool(held & split.some_held))
            and (split.residual is None or bool(split.residual(w, ())))
        )
    )


@pytest.mark.parametrize(
    "text",
    ["1 in 5", "suit in honour", "count(win)", "any(x in 5: x)", "1 in [1, 2] < 3", "1 in runs == 0"],
)
def test_what_the_reference_cannot_evaluate_the_checker_refuses(text: str) -> None:
    """These crashed the checker (a value after `in`, a quantifier over a value) or the scorer (a
    collection compared on in a chain); they are type errors."""
    ruleset, scorer = shipped("standard")
    scope = Scope.of_settings(setting_values(ruleset))
    compiler = Compiler(scope)
    split_condition(compiler, condition(text))
    assert [d.code for d in compiler.diagnostics][-1] == "E0304"
    w, _ = next(iter(scorer.readings(win_input(FOUR_RUNS))))
    with pytest.raises(Unchecked):
        evaluate(condition(text), w, scope)


def test_flags_are_true_or_false() -> None:
    """The compiler skips converting `and` / `or` terms it knows are flags (`vocabulary`): on every
    reading they are booleans, and the facts and attributes left off those lists are not."""
    ruleset, scorer = shipped("standard")
    seen: dict[str, set[type]] = {}
    for hand in hands(ruleset, "flags", 200):
        for w, _ in scorer.readings(hand):
            for name in FACTS:
                if name in w and FACTS[name].type is T.VALUE:
                    seen.setdefault(name, set()).add(type(w[name]))
            for kind, attributes, elements in (
                (T.GROUP, GROUP_ATTRIBUTES, w["groups"]),
                (T.TILE, TILE_ATTRIBUTES, w[BUILD]("tiles")),
            ):
                for element in elements:
                    for attribute, value in zip(attributes, element, strict=True):
                        seen.setdefault(f"{kind.name}.{attribute}", set()).add(type(value))
    flags = {*FLAG_FACTS, *(f"{kind.name}.{a}" for kind, names in FLAG_ATTRIBUTES.items() for a in names)}
    assert {name for name, types in seen.items() if types == {bool}} == flags
