"""Seats that play: each bot sees one player's `View` and chooses among the actions the engine offers.

Bots are named so a command line, a simulation's database and a report can say which played: `make`
builds one by name for a Ruleset and a seed, and `BOTS` lists them with their one-paragraph description.
No bot names a variant; every rule question goes to the Ruleset and the Scorer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from variantlang.bots.random import RandomSeat
from variantlang.engine.rules import EngineRules
from variantlang.engine.table import Seat


@dataclass(frozen=True, slots=True)
class Bot:
    """A bot's name, what it does (shown by `--help` and in reports), and how to build one for a seat."""

    name: str
    about: str
    build: Callable[[EngineRules, int], Seat]


BOTS: dict[str, Bot] = {
    bot.name: bot
    for bot in (
        Bot(
            "random",
            "Uniform over the legal actions, passing on half of the calls it is offered: the floor every "
            "other bot is measured against, and the random legal play the engine's invariant tests use.",
            lambda rules, seed: RandomSeat(seed),
        ),
    )
}


class UnknownBot(KeyError):
    """A bot name that is not in `BOTS`."""


def make(name: str, rules: EngineRules, seed: int) -> Seat:
    """A fresh seat of bot `name` for `rules`, its choices a pure function of `seed`."""
    try:
        bot = BOTS[name]
    except KeyError:
        raise UnknownBot(name) from None
    return bot.build(rules, seed)
