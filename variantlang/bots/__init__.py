"""Seats that play: each bot sees one player's `View` and chooses among the actions the engine offers.

Bots are named so a command line, a simulation's database and a report can say which played: `make`
builds one by name for a Ruleset and a seed, and `BOTS` lists them with their one-paragraph description.
No bot names a variant; every rule question goes to the Ruleset and the Scorer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from variantlang.bots.balanced import BalancedSeat
from variantlang.bots.defensive import DefensiveSeat
from variantlang.bots.efficiency import EfficiencySeat
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
        Bot(
            "efficiency",
            "Plays its own hand as fast and as valuably as it can and never looks at the others: discards by "
            "shanten, then by the improving tiles it cannot see yet, keeping dora and marked tiles (valued as "
            "the Ruleset values them); declares riichi when a closed tenpai hand would not pay well as a "
            "silent ron, never on a wait that is all furiten, nor on any furiten wait where the variant makes "
            "that a chombo; calls only when the call brings the hand closer and the Ruleset's scorer confirms a "
            "yaku is still reachable (a yaku honour, all simples, one suit, all triplets), then discards what "
            "that yaku cannot use first; takes every win and sets nuki tiles aside when that costs nothing.",
            lambda rules, seed: EfficiencySeat(rules),
        ),
        Bot(
            "defensive",
            "Plays as `efficiency` until another seat looks ready to win (a riichi, three open melds, or two "
            "with dora or one suit's look), then weighs each discard's chance of dealing in, judged from that "
            "seat's river and what passed after its riichi (genbutsu), suji, kabe and one-chance, and honours "
            "by their unseen copies, against its own hand: it folds two or more away from tenpai, pushes with "
            "care one away with three han or more, and pushes at tenpai; it makes no kan while threatened and "
            "no call against a riichi unless the hand is one away.",
            lambda rules, seed: DefensiveSeat(rules),
        ),
        Bot(
            "balanced",
            "Plays as `defensive`, with the judgements people make about value and the table: keeps dora and "
            "marked tiles hard; one step from tenpai keeps the shape whose tenpai would wait on two sides (the "
            "shape of pinfu, and of more wins by tsumo) and, at tenpai, prefers the wait that pays more (the "
            "Ruleset's scorer asked with the table's dora); declares riichi by its live waits and what riichi "
            "adds, waiting early on a bad wait for a better one (on a cheap one until the middle of the hand), "
            "staying silent (dama) on a hand that already "
            "pays a lot, late in the hand or leading the last hand; declares whenever the variant requires it to "
            "win; opens a closed hand for a call that is not its yaku only with dora or a marked tile to carry, "
            "or one away from tenpai, and towards all simples alone two away only with two of them (with none, one "
            "away only once the wall is short, and never on a two-sided shape); where the "
            "payment takes much of a hand's value for its calls (the Ruleset's scorer asked), calls only into "
            "tenpai; against a riichi, pushes or folds at tenpai by its chance of winning times its value "
            "against the cost of dealing in, builds on with care one away with dora or early with more, and "
            "folds sooner when fourth place is at stake in the last hand; takes every win offered.",
            lambda rules, seed: BalancedSeat(rules),
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
