"""The simplest seat: picks uniformly among what the rules offer (a floor for comparisons, and the
random legal play the invariant tests drive the engine with)."""

from __future__ import annotations

import random

from variantlang.engine.events import CallAction, TurnAction
from variantlang.engine.state import View


class RandomSeat:
    """Chooses a random offered action; passes on a call with probability `pass_rate`."""

    __slots__ = ("pass_rate", "random")

    def __init__(self, seed: int, pass_rate: float = 0.5) -> None:
        self.random = random.Random(seed)
        self.pass_rate = pass_rate

    def turn(self, view: View, options: list[TurnAction]) -> TurnAction:
        return self.random.choice(options)

    def call(self, view: View, options: list[CallAction]) -> CallAction | None:
        if self.random.random() < self.pass_rate:
            return None
        return self.random.choice(options)
