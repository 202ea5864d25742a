"""What a setting feeds: the rule questions it changes, and so the consumers it reaches.

Each setting of the catalog names the questions (`Question`) whose answers it changes; each question
names the consumers that ask it (`Consumer`). Every setting is also printed on the sheet, and every rule
compared by `diff`. The flip test (`tests/test_flip.py`) reads this: for each setting, each value and each consumer
reached, flipping the setting on a situation built for the question changes that consumer's answer.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any


class Consumer(enum.Enum):
    """A part of variantlang that answers users from a variant."""

    SCORE = "score"
    """The Scorer: `score`, the engine's wins, the sheet's examples, `replay --rescore`."""
    ENGINE = "engine"
    """The engine: its offers and its table (`simulate`, the bots, logs)."""
    SHEET = "sheet"
    """The rule sheet: its sentences and tables."""
    DIFF = "diff"
    """`diff` and the sheet's difference table."""


EVERY_SETTING_REACHES = (Consumer.SHEET,)
"""Every setting is printed on the sheet (where it applies); every rule (all but information for people)
is compared by `diff`."""


class Question(enum.Enum):
    """A rule question (`variantlang.rules`, or the engine's table for its procedure), with the consumers
    that ask it."""

    consumers: tuple[Consumer, ...]

    def __new__(cls, value: str, *consumers: Consumer) -> Question:
        member = object.__new__(cls)
        member._value_ = value
        member.consumers = consumers
        return member

    INFORMATION = "information for people (title, source, notes)"
    TABLE_MANNER = "what players say at a physical table (the word that calls a win): a rule no program plays"
    TILES = "which tiles are in play", Consumer.SCORE, Consumer.ENGINE
    SHAPES = "which shapes complete a hand", Consumer.SCORE, Consumer.ENGINE
    ROUND_WIND = "which round wind applies", Consumer.SCORE, Consumer.ENGINE
    WIN_VALUE = "which yaku, fu and dora a win has", Consumer.SCORE
    LIMIT = "which limit a win reaches", Consumer.SCORE, Consumer.SHEET
    WIN_PAYMENT = "what a win pays: honba, sticks, the tsumo split", Consumer.SCORE
    CHIPS = "which chips a win earns", Consumer.SCORE
    CALLS = "which calls and kans may be made", Consumer.SCORE, Consumer.ENGINE
    RIICHI = "whether a seat may declare riichi now", Consumer.ENGINE
    RIICHI_WIN = "whether a win may be in riichi, and what riichi costs", Consumer.SCORE, Consumer.ENGINE
    FURITEN = "whether a seat is furiten, and why", Consumer.ENGINE
    OFFERS = "what else a seat may do on its turn or on a discard", Consumer.ENGINE
    INDICATORS = "how many dora indicators a win can show", Consumer.SCORE, Consumer.ENGINE
    PROCEDURE = "how the hand and the game proceed: wall, deal, dealer, length", Consumer.ENGINE
    SETTLEMENT = "how the table settles wins, draws, nagashi and penalties", Consumer.ENGINE
    STANDING = "the final standing: uma, oka, ties, prizes", Consumer.ENGINE


def consumers(feeds: tuple[Question, ...]) -> tuple[Consumer, ...]:
    """The consumers a setting feeding `feeds` reaches, in `Consumer` order."""
    reached = {c for q in feeds for c in q.consumers} | set(EVERY_SETTING_REACHES)
    if any(q is not Question.INFORMATION for q in feeds):
        reached.add(Consumer.DIFF)
    return tuple(c for c in Consumer if c in reached)


Played = Callable[[Any], bool]
"""Which values of a setting the engine plays (the rest `simulate` refuses, naming the setting)."""


def among(*values: Any) -> Played:
    """The engine plays these values only."""
    return lambda value: value in values


def at_least_one(value: Any) -> bool:
    """The engine turns at least one indicator at the start."""
    return bool(value >= 1)
