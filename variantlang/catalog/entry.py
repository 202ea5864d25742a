"""One rule setting, declared once: everything `check`, the compiler, `diff` and the rule sheet need.

A section of the catalog is a frozen dataclass whose fields are settings (`declare.setting(...)` gives
the default and the entry); the same class is the typed record the compiled Ruleset carries
(`ruleset.dora.kan_ura: bool`), so a misspelt key is a type error, not a run-time KeyError. The entry
holds the type, domain, default, rule id (RULES.md), labels, the sheet's sentences in both languages,
where the sheet prints it, when it applies, and what it feeds: the rule questions it changes and so the
consumers it reaches (`catalog.feeds`), with the values the engine plays.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from variantlang.catalog.feeds import Consumer, Played, Question, consumers
from variantlang.hand.tiles import format_tiles, kind_name

LANGS = ("en", "ja")


class Kind(enum.Enum):
    """What a setting's value is, as `check` says it in an error."""

    BOOL = "on/off"
    INT = "a whole number"
    CHOICE = "one of the listed words"
    TILES = "a list of tiles"
    CYCLE = "a dora cycle (1m -> 9m -> 1m)"
    TEXT = 'a quoted text ("…")'
    INTS = "a list of whole numbers"
    WORDS = "a list of names"


@dataclass(frozen=True, slots=True)
class Text:
    """One sentence (or sentence template, or label) in both languages."""

    en: str
    ja: str

    def pick(self, lang: str) -> str:
        return self.en if lang == "en" else self.ja


@dataclass(frozen=True, slots=True)
class Context:
    """What a sentence may need besides the value: the language, and the names this ruleset gives its yaku
    (a liability rule names yaku; the names come from the ruleset, not from the catalog)."""

    lang: str
    yaku_name: Callable[[str], str] = str
    dora_counted: bool = False
    """Dora are paid as a count, not as han (鳴き立直: +200 base per dora), so a marked tile's value is
    said in dora."""
    best_paid: bool = False
    """Play goes on after a win and only the best hand of the hand is paid (`game.after_win
    play_on_best_paid`, 鳴き立直): what goes to "the winner" goes to that one."""
    nuki: str = ""
    """The nuki tiles the rules for nuki kept in the hand or won on speak of, where some kinds are only
    set aside (`dora.nuki_aside_only`: 囲将会's "北"); empty: every nuki tile ("A nuki tile" / "抜きドラ")."""
    last_hand: bool = True
    """The game has a last hand (a set length, `game.length`): a sentence's `⟪last:…⟫` part says what
    happens after it, and is left out without one."""
    players: int = 4
    """The players at the table: a sentence's `⟪four:…|…⟫` part says the four-player or the other answer."""
    chi: bool = True
    """Chi is allowed (`calls.chi`): a sentence's `⟪chi:…⟫` part speaks of chi and is left out without it."""

    uneven: bool = True
    """The noten penalty does not divide into whole 100s for every count of noten or tenpai players: a
    sentence's `⟪uneven:…⟫` part (how the remainder goes) is said only then."""

    fourth: bool = False
    """Liability (`win.pao`) covers a yakuman made certain by a fourth call of its tiles only (all honours,
    all terminals, all green): a sentence's `⟪fourth:…⟫` part defines that certainty only then."""

    honba: bool = True
    """Honba count for something (`Ruleset.honba_counts`): a sentence's `⟪honba:…⟫` part says how they are
    stacked only then."""
    dealer: bool = True
    """The round's first player is a dealer in anything but name (`Ruleset.has_dealer`): a sentence's
    `⟪dealer:…|…⟫` part says 親・起家 (dealer) then, and the start player (スタートプレイヤー) otherwise."""
    red: bool = True
    """The set has red fives (`tiles.red`): a sentence's `⟪red:…⟫` part speaks of them only then."""
    fixed: bool = False
    """The dead wall is not topped up (`tiles.dead_wall_fixed`): a sentence's `⟪fixed:…|…⟫` part says where
    replacement tiles come from as the dead wall's own sentence says it (`catalog.tiles.REPLACEMENT`)."""
    discard: bool = True
    """Nuki tiles may be discarded (`dora.nuki_discard`): a sentence's `⟪discard:…|…⟫` part says so only then."""
    kandora: bool = True
    """A kan turns a kan dora indicator (`dora.kan_dora`, indicators not placed by the players): a
    sentence's `⟪kandora:…⟫` part speaks of kan dora only then."""
    chankan: bool = True
    """Robbing a kan is a yaku (搶槓) in this variant: a sentence's `⟪chankan:…⟫` part names the win by it
    only then (鳴き立直 keeps the win on a kan, not the yaku)."""
    target: int = 0
    """The score the end of the game asks for (`game.target_points`, 0: none): a sentence's `⟪target:…⟫` part
    says it (its amount written `⟦target⟧`) only where there is one."""
    abortive: bool = True
    """The variant has an abortive draw (`Ruleset.abortive_draws`): a sentence's `⟪abortive:…⟫` part says
    what one does only then."""
    noten: bool = True
    """An exhaustive draw has noten payments (`draws.noten_payment`): a sentence's `⟪noten:…⟫` part speaks of
    them only then."""
    draw: bool = False
    """Riichi needs a draw of one's own to come and the wall's minimum leaves one to each player
    (`riichi.no_draw_riichi` off, `riichi.min_wall` at least the players): a sentence's `⟪draw:…⟫` part says
    so, in the one sentence that states both (reader s35 #25: two sentences read as two conditions)."""
    yaku: bool = True
    """A win needs a yaku (`win.min_han` above 0): a sentence's `⟪yaku:…⟫` part says what a hand without one
    may still do only then (鳴き立直 has no such minimum, so "even without a yaku" would say nothing)."""
    stick: int = 0
    """The points in one of the club's sticks (`about.stick`, 囲将会's 1本 = 1000点), 0 where it counts in
    points: every amount of points a sentence says (`points`, a `⟦1000⟧` part) is said in sticks then."""

    def sticks(self, value: int) -> str:
        """An amount in the club's sticks (「8本」 / "8 sticks"), or "" where it does not count in sticks or the
        amount is not a whole number of them: the one place a sheet turns points into sticks."""
        if not self.stick or value % self.stick:
            return ""
        count = value // self.stick
        return f"{count}本" if self.lang == "ja" else f"{count} stick{'' if count == 1 else 's'}"

    def points(self, value: int, in_sticks: bool = True) -> str:
        """An amount of points as a sentence says it: in sticks where the club counts in them (`sticks`), else
        `25,000 points` / `25000点`."""
        said = self.sticks(value) if in_sticks else ""
        if said:
            return said
        if self.lang == "ja":
            return f"{value}点"
        return f"{value:,} point" + ("" if value == 1 else "s")

    def fit(self, text: str) -> str:
        """`text` as this table plays it: each `⟪flag:yes|no⟫` part (`|no` optional) replaced by the
        part that holds (`four`: four players, `last`: `last_hand`, `sticks`: a `stick`, `target`: a target
        score; every other flag is the field of its name), and each amount `⟦n⟧` in the club's unit
        (`points`; `⟦target⟧` is the target score)."""
        flags = {
            "four": self.players == 4,
            "chi": self.chi,
            "uneven": self.uneven,
            "fourth": self.fourth,
            "last": self.last_hand,
            "dealer": self.dealer,
            "honba": self.honba,
            "red": self.red,
            "kandora": self.kandora,
            "sticks": bool(self.stick),
            "fixed": self.fixed,
            "discard": self.discard,
            "chankan": self.chankan,
            "target": bool(self.target),
            "abortive": self.abortive,
            "noten": self.noten,
            "yaku": self.yaku,
            "draw": self.draw,
        }
        fitted = _PART.sub(lambda m: m[2] if flags[m[1]] else m[3] or "", text)
        return _AMOUNT.sub(lambda m: self.points(self.target if m[1] == "target" else int(m[1])), fitted)


_PART = re.compile(r"⟪(\w+):([^⟫|]*)(?:\|([^⟫]*))?⟫")
"""A part of a sentence that depends on the table (`Context.fit`)."""

_AMOUNT = re.compile(r"⟦(\d+|target)⟧")
"""An amount of points written into a sentence (`⟦1000⟧`, or `⟦target⟧`: the game's target score): said as
`Context.points` says it (1000点, 1本)."""

NUKI = Text("A nuki tile", "抜きドラ")
"""What `{nuki}` in a sentence says where every nuki kind follows the same rules."""

Formatter = Callable[[Any, Context], str]
"""Writes a setting's value for a sentence (`25,000 points` / `25000点`)."""


@dataclass(frozen=True, slots=True)
class Switch:
    """An on/off setting: what the rule book says when it is on and when it is off."""

    on: Text
    off: Text


@dataclass(frozen=True, slots=True)
class Choice:
    """A setting that takes one of a few words: a sentence for each word (the words are its domain)."""

    words: Mapping[str, Text]


@dataclass(frozen=True, slots=True)
class Template:
    """A sentence with a `{value}` slot, and what to say instead when the value is empty or zero."""

    text: Text
    format: Formatter
    empty: Text | None = None


Prose = Switch | Choice | Template


@dataclass(frozen=True)
class Setting:
    """A setting of the catalog (see the module docstring)."""

    section: str
    key: str
    kind: Kind
    default: Any
    rule: str
    """The R-id(s) in RULES.md this setting expresses ("-" for metadata)."""
    label: Text
    feeds: tuple[Question, ...]
    """The rule questions whose answers it changes (`catalog.feeds`)."""
    prose: Prose
    """The sheet's sentence for each value."""
    sheet: str
    """The sheet section it is printed in (`setup`, `play`, `dora`, …)."""
    low: int | None = None
    high: int | None = None
    repeatable: bool = False
    """Statements accumulate (dora cycles, notes) instead of a second one being an error."""
    short: Mapping[str, Text] = field(default_factory=dict)
    """A few words per choice for the at-a-glance box (the full sentence is in `prose`)."""
    glance: int | None = None
    """Its row in the sheet's at-a-glance box (1 first), or None."""
    abortive: bool = False
    """An abortive draw: the glance box lists those in effect on one row."""
    applies: Callable[[Any], bool] | None = None
    """Whether it matters under the rest of the rules (`Settings` → bool); a sheet leaves out a setting
    that does not apply (fu options under a formula payment). None: always."""
    quiet: bool = False
    """A house extra most tables do not play (yakitori, wareme, a bust prize): off, zero or empty (a choice:
    its default), the sheet's sections say nothing of it (`said`); a difference from the parent is still
    listed."""
    said_off: Callable[[Any], bool] | None = None
    """Where a `quiet` setting that is off is still said (`Settings` → bool): the fixed dead wall's "off"
    sentence where nuki replacements come from the dead wall too."""
    conditional: bool = False
    """It may take another value on some wins (`min_han 2 when honba >= 5`): the scorer decides it per win.
    Only settings the scorer reads per win may; on any other a condition is refused (E0112)."""
    played: Played | None = None
    """The values the engine plays, where it does not play every value (`simulate` refuses the others)."""
    unaffected: Mapping[Consumer, str] = field(default_factory=dict)
    """Consumers its questions reach that it cannot change, each with why (the flip test skips them)."""

    @property
    def path(self) -> str:
        return f"{self.section}.{self.key}"

    @property
    def consumers(self) -> tuple[Consumer, ...]:
        """The consumers it reaches: those of the questions it feeds, the sheet and `diff`."""
        return consumers(self.feeds)

    def engine_plays(self, value: Any) -> bool:
        """Whether the engine plays the setting at `value` (a setting the engine does not reach: yes)."""
        return self.played is None or Consumer.ENGINE not in self.consumers or self.played(value)

    def applies_under(self, rules: Any) -> bool:
        """Whether the setting matters under `rules` (anything with the section records as attributes)."""
        return self.applies is None or bool(self.applies(rules))

    def said(self, rules: Any) -> bool:
        """Whether the sheet's sections state it under `rules`: it applies, and a `quiet` setting is on (or off
        where `said_off` says so)."""
        value = getattr(getattr(rules, self.section), self.key)
        on = value != self.default if self.kind is Kind.CHOICE else bool(value)
        loud = not self.quiet or on or (self.said_off is not None and self.said_off(rules))
        return self.applies_under(rules) and bool(loud)

    @property
    def choices(self) -> tuple[str, ...]:
        return tuple(self.prose.words) if isinstance(self.prose, Choice) else ()

    def format(self, value: Any) -> str:
        """A value as a short text for tables and diffs: `on`, `5m5p5s`, `1m → 9m → 1m`, `20 10 -10 -20`."""
        if self.kind is Kind.BOOL:
            return "on" if value else "off"
        if self.kind is Kind.TILES:
            return format_tiles(value) if value else "none"
        if self.kind is Kind.CYCLE:
            return "; ".join(" → ".join(kind_name(k) for k in cycle) for cycle in value) if value else "none"
        if self.kind in (Kind.INTS, Kind.WORDS) or (self.kind is Kind.TEXT and self.repeatable):
            return " ".join(str(v) for v in value) if value else "none"
        return str(value) if value != "" else "—"

    def name(self, lang: str, context: Context | None = None) -> str:
        """The label as this table says it (`Context.fit`: 「三風連打」 for 四風連打 at three players); with no
        table, as the catalog names the rule (each `⟪flag:yes|no⟫` part's first answer)."""
        text = self.label.pick(lang)
        return context.fit(text) if context is not None else _PART.sub(lambda m: m[2], text)

    def brief(self, word: str, context: Context) -> str | None:
        """The few words for `word` (`short`) as this table says them (`Context.fit`: amounts in its unit)."""
        text = self.short.get(word)
        return None if text is None else context.fit(text.pick(context.lang))

    def sentence(self, value: Any, context: Context) -> str:
        """The rule sheet's sentence for this setting at `value` (typed as the settings record holds it)."""
        if context.lang not in LANGS:
            raise ValueError(f"no sentences in {context.lang!r}: use one of {', '.join(LANGS)}")
        prose = self.prose
        if isinstance(prose, Switch):
            if not isinstance(value, bool):
                raise TypeError(f"`{self.path}` is on or off, not {value!r}")
            return context.fit((prose.on if value else prose.off).pick(context.lang))
        if isinstance(prose, Choice):
            text = prose.words.get(value) if isinstance(value, str) else None
            if text is None:
                raise KeyError(f"no rule-sheet sentence for `{self.path}` = {value!r}")
            return context.fit(text.pick(context.lang)).replace("{nuki}", context.nuki or NUKI.pick(context.lang))
        if not value and prose.empty is not None:
            return context.fit(prose.empty.pick(context.lang))
        return context.fit(prose.text.pick(context.lang)).format(value=prose.format(value, context))

    def missing(self) -> list[str]:
        """The parts this entry lacks (a complete catalog has none): labels in both languages, a rule id,
        a sentence for every value shape, a short word for every choice."""
        out = [f"label {lang}" for lang in LANGS if not self.label.pick(lang)]
        if not self.rule:
            out.append("rule id")
        if self.kind is Kind.CHOICE and not isinstance(self.prose, Choice):
            out.append("a sentence per word")
        if self.kind is Kind.BOOL and not isinstance(self.prose, Switch):
            out.append("sentences for on and off")
        if self.kind not in (Kind.BOOL, Kind.CHOICE) and not isinstance(self.prose, Template):
            out.append("a sentence template")
        if isinstance(self.prose, Choice) and self.section != "about":
            out += [f"short word for `{word}`" for word in self.prose.words if word not in self.short]
        if self.kind is Kind.INT and (self.low is None or self.high is None):
            out.append("bounds")
        return out
