"""The arms of a comparison: variants played on the same walls (`compare`, `sweep`), and arms derived from
a variant by one setting without a file (`--set section.setting=value`, `--over section.setting=v1,v2`).

A derived arm is a small rule text, `extends <variant>` plus the setting, checked like any rule file: its
errors point into the option (the file name they cite is the option as written). Every arm plays the
same game seeds with the same bots, so game i has the same walls in each and a difference between arms
is paired game by game.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from variantlang.api import loads
from variantlang.model.ruleset import Ruleset
from variantlang.reports.balance import Arm
from variantlang.simulation.run import Executor, Played, RunSpec, prepare, run
from variantlang.simulation.store import RunError
from variantlang.stats.figures import differences, has_limits, plays_on, summarize

_SETTING = re.compile(r"^([a-z_][a-z0-9_]*)\.([a-z_][a-z0-9_]*)=(.+)$", re.DOTALL)
_RANGE = re.compile(r"^(-?\d+)\.\.(-?\d+)$")
_PAIR = re.compile(r"^(\d+)-(\d+)$")


@dataclass(frozen=True, slots=True)
class ArmSpec:
    """An arm before it is played: its label, how it was given, and its variant."""

    label: str
    provenance: str
    variant: str
    """What the run records as the variant it was given (the argument, or the option)."""
    ruleset: Ruleset


def parse_setting(text: str) -> tuple[str, str, str]:
    """`section.setting=value` as (section, setting, value); ValueError saying what is expected."""
    match = _SETTING.match(text.strip())
    if match is None:
        raise ValueError(f"{text!r}: expected SECTION.SETTING=VALUE, e.g. calls.kuitan=off")
    section, key, value = match.groups()
    return section, key, value.strip()


def rule_value(section: str, key: str, value: str, players: int) -> str:
    """A value as a rule file writes it. `game.uma` also takes the usual pair `A-B` (a "10-20" uma): the
    first place gets B and the last −B, the second A and the third −A with four players (20 10 −10 −20);
    with three, B 0 −B."""
    pair = _PAIR.match(value)
    if (section, key) == ("game", "uma") and pair is not None:
        small, big = pair.groups()
        return f"{big} {small} -{small} -{big}" if players == 4 else f"{big} 0 -{big}"
    return value


def sweep_values(section: str, key: str, text: str) -> list[str]:
    """The values of `--over section.setting=v1,v2,…`; a number range `A..B` stands for every integer from
    A to B (`win.min_han=1..3`), and for `game.uma` each value may be a pair `A-B`."""
    out: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        span = _RANGE.match(part)
        if span is not None:
            low, high = (int(x) for x in span.groups())
            if high < low or high - low > 100:
                raise ValueError(f"{part!r}: a range A..B needs A ≤ B and at most 101 values")
            out += [str(v) for v in range(low, high + 1)]
        elif part:
            out.append(part)
    if len(out) < 2:
        raise ValueError(f"{section}.{key}: give at least two values to sweep over")
    if len(set(out)) != len(out):
        raise ValueError(f"{section}.{key}: a value is given twice")
    return out


def derive(variant: str, base: Ruleset, option: str, section: str, key: str, value: str) -> Ruleset:
    """`variant` with one setting changed, checked as a rule file named `option` (DiagnosticError)."""
    path = Path(variant)
    is_file = path.suffix == ".variant" or path.exists()
    target = '"' + path.as_posix().replace('"', '\\"') + '"' if is_file else variant
    written = rule_value(section, key, value, base.game.players)
    text = f'variant "{base.name} {option}" {{\n  extends {target}\n  {section} {{ {key} {written} }}\n}}\n'
    return loads(text, name=option, roots=[path.resolve().parent] if is_file else None)


class ArmProgress(Protocol):
    """Told when an arm starts, then called as `run.Progress` after each of its games."""

    def start(self, label: str, total: int) -> None: ...

    def __call__(self, done: int, total: int) -> None: ...


@dataclass(frozen=True, slots=True)
class PlayedArm:
    """An arm after it is played."""

    arm: ArmSpec
    spec: RunSpec
    played: list[Played]


def play_arms(
    arms: Sequence[ArmSpec],
    bots: Sequence[str],
    out: Path,
    *,
    seed: int,
    games: int,
    executor: Executor,
    resume: bool,
    progress: ArmProgress | None = None,
) -> list[PlayedArm]:
    """Every arm on the same game seeds, each in its own run folder under `out` (`1-<label>`, …), so a
    stopped comparison resumes arm by arm."""
    players = {arm.ruleset.game.players for arm in arms}
    if len(players) > 1:
        raise RunError("the arms have different numbers of players: they cannot play the same walls")
    specs = [prepare(arm.variant, arm.ruleset, bots, seed=seed, games=games, duplicate=False) for arm in arms]
    out_arms = []
    for k, (arm, spec) in enumerate(zip(arms, specs, strict=True), start=1):
        folder = out / f"{k}-{_slug(arm.label)}"
        if progress is not None:
            progress.start(arm.label, games)
        played = run(spec, arm.ruleset, folder, executor=executor, resume=resume, progress=progress)
        out_arms.append(PlayedArm(arm, spec, played))
    return out_arms


def _slug(label: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.=-]+", "_", label).strip("_")[:60] or "arm"


def figures(played: Sequence[PlayedArm]) -> list[Arm]:
    """Each arm's figures and its paired differences to the first arm."""
    games = [[game for _, _, game in p.played] for p in played]
    out = []
    for k, p in enumerate(played):
        summary = summarize(games[k], limits=has_limits(p.arm.ruleset), play_on=plays_on(p.arm.ruleset))
        paired = differences(games[k], games[0], paired=True) if k else {}
        out.append(Arm(p.arm.label, p.arm.provenance, p.spec.content_hash, summary, paired))
    return out


def document(played: Sequence[PlayedArm], arms: Sequence[Arm], setting: str = "") -> dict[str, object]:
    """`summary.json` of a comparison: each arm's run and figures, and its paired differences to the first."""
    doc: dict[str, object] = {
        "arms": [
            {
                "label": arm.label,
                "provenance": arm.provenance,
                "run": p.spec.parameters(),
                "figures": arm.summary.as_json(),
                "difference_to_first": {name: d.as_json() for name, d in arm.differences.items()},
            }
            for p, arm in zip(played, arms, strict=True)
        ]
    }
    if setting:
        doc["setting"] = setting
    return doc
