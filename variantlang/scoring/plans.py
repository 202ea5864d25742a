"""The yaku table as the scorer tries it. Each yaku condition arrives split (`model.facts.Split`) into a
gate on shape facts, masks on the kinds held and a residual; the gates are decided once per shape and
remembered per cluster of related facts (`Cluster`), so a win runs only the masks and residuals its
shape leaves open."""

from __future__ import annotations

import operator
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from variantlang.model.facts import Fn
from variantlang.model.ruleset import Ruleset
from variantlang.model.win import ScoredYaku
from variantlang.scoring.facts import Win


@dataclass(frozen=True, slots=True)
class Member:
    """A yaku as the scorer tries it: its shape gate, its tests of the kinds held, the rest of its
    condition, and its scored row."""

    gate: Fn | None
    residual: Fn | None
    none_held: int
    some_held: int
    scored: ScoredYaku
    with_yakuman: bool
    order: int
    """Position in the yaku table, so the yaku are listed in the file's order."""

    @property
    def settled(self) -> bool:
        """Whether passing the gate alone awards it."""
        return self.residual is None and not self.none_held and not self.some_held


@dataclass(frozen=True, slots=True)
class ShapePlan:
    """The yaku of one shape (one combination of the values the gates read): those the shape alone
    decides, and per family the members whose remaining condition must still be checked, best first."""

    certain: tuple[Member, ...]
    open_families: tuple[tuple[tuple[int, int, Fn | None, Member], ...], ...]
    """Per family, (none_held, some_held, residual, member) of each member still to check: flat tuples,
    which the per-hand loop unpacks faster than it reads attributes."""


PLAN_LIMIT = 1 << 16
"""Shapes (and payments) remembered per ruleset; the gates read few facts, so a long self-play stays
far below this."""

_READING_SHAPE = frozenset({"form", "wait"})
_HAND_SHAPE = frozenset({"calls", "suits", "honours", "flowers"})


@dataclass(frozen=True, slots=True)
class Cluster:
    """Families whose gates read the same kind of facts, planned together: the circumstances of the
    win, the hand's suits, or the reading's form, wait and group counts. Independent facts in separate
    clusters keep each memo small (a few dozen to a few hundred shapes, not their product)."""

    families: dict[bool, tuple[tuple[Member, ...], ...]]
    """The yaku that can apply to a closed / an open hand, per family, highest first."""
    shape: Callable[[Win], Hashable]
    """The values the gates read, as a key of `plans`."""
    plans: dict[Hashable, ShapePlan]

    def decide(self, w: Win, key: Hashable) -> ShapePlan:
        """The plan of a shape not seen before (`plans` misses `key`), remembered."""
        if len(self.plans) >= PLAN_LIMIT:
            self.plans.clear()
        plan = self.plans[key] = self._decide(w)
        return plan

    def _decide(self, w: Win) -> ShapePlan:
        """Decide every gate for this shape: a yaku whose gate fails is gone, one that its gate settles
        is certain (and ends its family)."""
        certain: list[Member] = []
        open_families = []
        for family in self.families[w["closed"]]:
            options: list[Member] = []
            for member in family:
                if member.gate is not None and not member.gate(w, ()):
                    continue
                options.append(member)
                if member.settled:
                    break
            if options and options[0].settled:
                certain.append(options[0])
            elif options:
                open_families.append(tuple((m.none_held, m.some_held, m.residual, m) for m in options))
        return ShapePlan(tuple(certain), tuple(open_families))


def clusters(ruleset: Ruleset) -> tuple[Cluster, ...]:
    """The yaku table as members the scorer tries, split into clusters by what their gates read."""
    double = ruleset.payment.double_yakuman
    by_cluster: dict[str, dict[bool, list[tuple[Member, ...]]]] = {}
    reads: dict[str, set[str]] = {}
    order = 0
    for group in ruleset.yaku:
        family_reads = set().union(*(rule.condition.reads for rule in group.members)) - {"closed"}
        if family_reads & _READING_SHAPE or any(r.startswith("#") for r in family_reads):
            name = "reading"
        elif family_reads & _HAND_SHAPE:
            name = "hand"
        else:
            name = "circumstances"
        reads.setdefault(name, set()).update(family_reads)
        for closed in (True, False):
            members = []
            for index, rule in enumerate(group.members):
                han = rule.han(closed)
                if rule.yakuman == 0 and han is None:
                    continue
                count = rule.yakuman if double else min(rule.yakuman, 1)
                if rule.limit is not None:
                    scored = ScoredYaku(rule.id, rule.name_ja, rule.name_en, 0, 0, rule.limit.value)
                else:
                    scored = ScoredYaku(rule.id, rule.name_ja, rule.name_en, 0 if rule.yakuman else han or 0, count)
                split = rule.condition
                members.append(
                    Member(
                        split.gate,
                        split.residual,
                        split.none_held,
                        split.some_held,
                        scored,
                        rule.with_yakuman,
                        order + index,
                    )
                )
            if members:
                by_cluster.setdefault(name, {True: [], False: []})[closed].append(tuple(members))
        order += len(group.members)
    return tuple(
        Cluster({closed: tuple(found) for closed, found in families.items()}, shape_key(reads[name]), {})
        for name, families in by_cluster.items()
    )


def shape_key(reads: set[str]) -> Callable[[Win], Hashable]:
    """A function of the win giving the values the gates read: shape facts (`closed` always: it picks
    the han) and collection sizes (`#runs`)."""
    scalars = operator.itemgetter("closed", *sorted(r for r in reads if not r.startswith("#") and r != "closed"))
    collections = sorted(r[1:] for r in reads if r.startswith("#"))
    if not collections:
        return scalars
    if len(collections) == 1:
        only = collections[0]
        return lambda w: (scalars(w), len(w[only]))
    sizes = operator.itemgetter(*collections)
    return lambda w: (scalars(w), *map(len, sizes(w)))
