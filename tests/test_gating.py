"""The scorer's fast path decides yaku by shape gates, kinds-held masks and residual conditions
(`Compiler.split_condition`, `scoring._Cluster`). These tests check that the split never changes an
answer: for every yaku of every shipped variant, on random wins and on each variant's example hands,
the split condition agrees with the whole condition compiled the plain way."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from variantlang import scoring
from variantlang.compile import _REPEATABLE, Checker, load
from variantlang.expr import KINDS_HELD, Compiler, Scope
from variantlang.hand import Reading, decompositions, readings
from variantlang.resolve import Loader, load_chain, merge, shipped_names
from variantlang.ruleset import Ruleset
from variantlang.samples import random_win
from variantlang.scoring import WinInput
from variantlang.syntax import ast
from variantlang.tiles import KINDS, Mark


def whole_conditions(name: str) -> dict[str, Callable[[Any, Any], Any]]:
    """Every yaku condition of a shipped variant, compiled in one piece (no gates, no masks)."""
    loader = Loader()
    chain, problems = load_chain(loader, loader.locate(name))
    assert not problems
    checker = Checker(merge(chain, _REPEATABLE), loader.sources, [Path(f.path).stem for f in chain])
    checker.ruleset()
    compiler = Compiler(Scope(checker._scope_settings()))
    out = {}
    for item in checker.merged.yaku.values():
        for member in item.members if isinstance(item, ast.Family) else (item,):
            assert member.condition is not None
            out[member.id] = compiler.condition(member.condition)
    return out


def reading_facts(ruleset: Ruleset, hand: WinInput) -> Iterator[tuple[dict[str, Any], Reading]]:
    """The facts the scorer builds for each reading of a hand (the dict is reused between readings)."""
    kit = scoring._kit(ruleset)
    concealed = [0] * KINDS
    for tile in hand.closed:
        concealed[tile.kind] += 1
    counts = list(concealed)
    for meld in hand.melds:
        for tile in meld.tiles:
            counts[tile.kind] += 1
    physical = [*hand.closed, *(t for m in hand.melds for t in m.tiles), *hand.nuki]
    marked = [t for t in physical if t.mark is not Mark.PLAIN]
    w = scoring._hand_facts(hand, counts, marked, 0)
    elements = scoring._ELEMENTS[hand.seat_wind, hand.round_wind]
    for decomposition in decompositions(concealed, hand.melds, quads_as_pairs=kit.quads_as_pairs):
        for reading in readings(decomposition, hand.winning_tile.kind):
            yield scoring._reading_facts(w, reading, elements, hand.tsumo), reading


def disagreements(ruleset: Ruleset, whole: dict[str, Callable[[Any, Any], Any]], hand: WinInput) -> list[str]:
    out = []
    for w, reading in reading_facts(ruleset, hand):
        held = w[KINDS_HELD]
        for cluster in scoring._kit(ruleset).clusters:
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
    nuki = tuple(sorted(ruleset.dora.nuki))
    rng = random.Random(name)
    hands = [random_win(rng, ruleset.tiles, nuki_kinds=nuki) for _ in range(800)]
    hands += [example.win for example in ruleset.examples.values() if not any(t.is_flower for t in example.win.closed)]
    problems = [problem for hand in hands for problem in disagreements(ruleset, whole, hand)]
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
