"""The scorer's fast path decides yaku by shape gates, kinds-held masks and residual conditions
(`Compiler.split_condition`, `scoring._Cluster`). These tests check that the split never changes an
answer: for every yaku of every shipped variant, on random wins and on each variant's example hands,
the split condition agrees with the whole condition compiled the plain way."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from variantlang.api import load, resolve, shipped_names
from variantlang.lang.compile import Checker
from variantlang.lang.expr import Compiler, Scope
from variantlang.model.facts import KINDS_HELD
from variantlang.model.samples import random_win
from variantlang.model.win import WinInput
from variantlang.scoring.scorer import Scorer
from variantlang.syntax import ast


def whole_conditions(name: str) -> dict[str, Callable[[Any, Any], Any]]:
    """Every yaku condition of a shipped variant, compiled in one piece (no gates, no masks)."""
    resolved = resolve(name)
    checker = Checker(resolved.merged, resolved.sources, [Path(f.path).stem for f in resolved.merged.chain])
    checker.ruleset()
    compiler = Compiler(Scope(checker._scope_settings()))
    out = {}
    for item in checker.merged.yaku.values():
        for member in item.members if isinstance(item, ast.Family) else (item,):
            assert member.condition is not None
            out[member.id] = compiler.condition(member.condition)
    return out


def disagreements(scorer: Scorer, whole: dict[str, Callable[[Any, Any], Any]], hand: WinInput) -> list[str]:
    out = []
    for w, reading in scorer.readings(hand):
        held = w[KINDS_HELD]
        for cluster in scorer.clusters:
            for family in cluster.families[w["closed"]]:
                for member in family:
                    split = (
                        (member.gate is None or bool(member.gate(w, ())))
                        and not held & member.none_held
                        and (not member.some_held or bool(held & member.some_held))
                        and (member.residual is None or bool(member.residual(w, ())))
                    )
                    if split != bool(whole[member.scored.id](w, ())):
                        out.append(f"{member.scored.id} on {reading.decomposition} (split says {split})")
    return out


@pytest.mark.parametrize("name", shipped_names())
def test_split_conditions_agree_with_whole_ones(name: str) -> None:
    ruleset = load(name)
    whole = whole_conditions(name)
    nuki = tuple(sorted(ruleset.dora_tables.nuki))
    rng = random.Random(name)
    hands = [random_win(rng, ruleset.tile_set, nuki_kinds=nuki) for _ in range(800)]
    hands += [example.win for example in ruleset.examples.values() if not any(t.is_flower for t in example.win.closed)]
    scorer = Scorer(ruleset)
    problems = [problem for hand in hands for problem in disagreements(scorer, whole, hand)]
    assert not problems, problems[:5]


def test_conditions_split_as_designed() -> None:
    """What `standard` compiles to: flags are gates only; all-simples is a mask with nothing left to
    run; a dragon triplet needs a triplet (gate), a held 5z (mask) and the check itself."""
    ruleset = load("standard")
    split = {rule.id: rule.condition for group in ruleset.yaku for rule in group.members}
    assert split["riichi"].residual is None and split["riichi"].reads == {"riichi"}
    assert split["tanyao"].residual is None and split["tanyao"].none_held and not split["tanyao"].some_held
    haku = split["haku"]
    assert haku.reads == {"#triplets"} and haku.residual is not None
    assert haku.some_held == 0xFF << 8 * 31  # the byte of 5z (kind 31)
    assert split["daisangen"].reads == {"#triplets"}  # count(triplets: dragon) == 3 implies three triplets
    assert split["sanshoku"].reads == {"#runs"} and split["sanshoku"].residual is not None
