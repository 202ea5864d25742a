"""The compiled, immutable form of a variant: what the scorer, the engine and the sheets read.

Pure data: the typed settings (one catalog record per section), the tables worked out from them
(tile set, dora per indicator, fu and payment rules), the yaku, bonuses and payment formulas with both
their compiled closures (made by `lang.expr`, never `eval`) and their checked trees, and where each
came from. Whatever a consumer prepares from it for speed, it keeps itself (`scoring.Scorer`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from variantlang.catalog import (
    SETTINGS,
    About,
    CallsSettings,
    ChipsSettings,
    Context,
    DoraSettings,
    DrawsSettings,
    GameSettings,
    PaymentSettings,
    PenaltiesSettings,
    RiichiSettings,
    Setting,
    TilesSettings,
    WinSettings,
    formats,
)
from variantlang.catalog.game import has_last_hand
from variantlang.catalog.win import PAO_BY_FOURTH_SET
from variantlang.diagnostics import Span
from variantlang.hand.fu import FuRules
from variantlang.hand.points import Limit, LimitRules, PaymentRules
from variantlang.hand.tiles import KINDS, TileSet
from variantlang.model.facts import Fn, Split
from variantlang.syntax import ast
from variantlang.syntax.unparse import unparse

if TYPE_CHECKING:
    from variantlang.model.win import WinInput


@dataclass(frozen=True, slots=True)
class YakuRule:
    id: str
    name_ja: str
    name_en: str | None
    closed: int | None
    """Han when the hand is closed (None: never)."""
    open: int | None
    """Han when the hand has called melds (None: closed only)."""
    yakuman: int
    """Number of yakuman it is worth (0: an ordinary yaku)."""
    with_yakuman: bool
    """Still counts beside a yakuman (囲将会's 役満複合役)."""
    house: bool
    family: str | None
    condition: Split
    """The `when` condition as a shape gate and the rest (`lang.expr.split.split_condition`)."""
    condition_expr: ast.Expr
    """The checked condition as written (the reference evaluator and the texts read it)."""
    span: Span
    limit: Limit | None = None
    """A limit yaku (`mangan` …): paid as that limit, alone, unless the hand's other yaku pay more
    (`closed` and `open` then hold the han the limit starts at, which order it among the yaku)."""

    @property
    def condition_text(self) -> str:
        return unparse(self.condition_expr)

    def han(self, closed: bool) -> int | None:
        return self.closed if closed else self.open

    @property
    def rank(self) -> tuple[int, int]:
        """Order inside a family: yakuman above han, then by value."""
        return (self.yakuman, max(self.closed or 0, self.open or 0))


@dataclass(frozen=True, slots=True)
class YakuGroup:
    """A family (only the highest member that holds counts) or a lone yaku (a family of one)."""

    id: str
    name: str | None
    members: tuple[YakuRule, ...]
    """Highest first."""
    name_en: str | None = None


@dataclass(frozen=True, slots=True)
class BonusRule:
    """Han that count toward the value but are not yaku (so not toward the one-yaku minimum), or with
    `chips`, chips the win earns beside its points (a yakuman does not take those away)."""

    id: str
    name_ja: str
    name_en: str | None
    value: Fn
    condition: Fn | None
    with_yakuman: bool
    value_expr: ast.Expr
    condition_expr: ast.Expr | None
    span: Span
    chips: bool = False

    @property
    def text(self) -> str:
        """`4 * count(kans: not open)` (`chips = 2` for chips), with `when …` if it has a condition."""
        return _assignment_text("chips" if self.chips else None, self.value_expr, self.condition_expr)


@dataclass(frozen=True, slots=True)
class DoraTables:
    """The dora settings worked out over the variant's tile set."""

    indicator: tuple[tuple[int, ...], ...]
    """For each indicator kind, the kinds it makes dora (R-DORA-1..4)."""
    ura: tuple[tuple[int, ...], ...]
    always: frozenset[int]
    """Kinds that are always dora (R-DORA-14)."""
    nuki: frozenset[int]
    """Kinds set aside as nuki dora (R-DORA-15)."""


@dataclass(frozen=True, slots=True)
class Example:
    """A hand that shows a yaku or bonus on the rule sheet; `scoring.verify` scores it after compiling."""

    id: str
    win: WinInput
    span: Span


@dataclass(frozen=True, slots=True)
class Formula:
    """One payment assignment: `slot = value [when condition]`."""

    name: str
    slot: int
    value: Fn
    condition: Fn | None
    value_expr: ast.Expr
    condition_expr: ast.Expr | None
    span: Span

    @property
    def text(self) -> str:
        """`value = base * 0.5 when yaku_han == 0`."""
        return _assignment_text(self.name, self.value_expr, self.condition_expr)


@dataclass(frozen=True, slots=True)
class Alternative:
    """`min_han 2 when honba >= 5`: a setting's value on the wins its condition is true of (the last
    alternative that holds wins; on other wins the setting keeps its plain value)."""

    value: Any
    condition: Fn
    condition_expr: ast.Expr
    span: Span

    @property
    def condition_text(self) -> str:
        """The condition as the sheet and `diff` print it."""
        return unparse(self.condition_expr)


@dataclass(frozen=True, eq=False)
class Ruleset:
    """A variant after inheritance, checked and compiled: its typed settings (one record per catalog
    section: `ruleset.dora.kan_ura`, `ruleset.game.uma`), the tables worked out from them, its yaku,
    bonuses and payment formulas, and where each came from."""

    name: str
    name_ja: str
    name_en: str | None
    chain: tuple[str, ...]
    """This variant and its ancestors, nearest first (file names without `.variant`)."""
    source_hash: str
    about: About
    tiles: TilesSettings
    game: GameSettings
    draws: DrawsSettings
    win: WinSettings
    calls: CallsSettings
    riichi: RiichiSettings
    dora: DoraSettings
    payment: PaymentSettings
    chips: ChipsSettings
    penalties: PenaltiesSettings
    provenance: Mapping[str, Span]
    """Where each setting (`section.key`), yaku and bonus was last set."""
    tile_set: TileSet
    dora_tables: DoraTables
    yaku: tuple[YakuGroup, ...]
    bonuses: tuple[BonusRule, ...]
    dropped: Mapping[str, Span]
    fu_rules: FuRules
    limit_rules: LimitRules
    payment_rules: PaymentRules
    formulas: tuple[Formula, ...] = ()
    formula_slots: int = 0
    payer_aware: bool = False
    """The payment formulas read the payer (`model.facts.PAYER_FACTS`): they run once for each payer."""
    conditional: Mapping[str, tuple[Alternative, ...]] = field(default_factory=dict)
    """The alternatives of each setting that has some (`section.key`), in the order written."""
    examples: Mapping[str, Example] = field(default_factory=dict)
    parent_path: str | None = None
    """The file of the variant this one extends (its sheet lists the differences from it)."""
    sources: Mapping[str, str] = field(default_factory=dict, repr=False)

    def value(self, setting: Setting) -> Any:
        """A setting's value, for code that walks the catalog (sheets, diff); rules read the typed fields."""
        return getattr(getattr(self, setting.section), setting.key)

    def shown(self, setting: Setting) -> str:
        """A setting's value as a short text with its alternatives (`1; 2 when honba >= 5`), for `diff`."""
        alternatives = self.conditional.get(setting.path, ())
        text = setting.format(self.value(setting))
        return "; ".join([text, *(f"{setting.format(a.value)} when {a.condition_text}" for a in alternatives)])

    def sentence_context(self, lang: str) -> Context:
        """What the catalog's sentences need in `lang`: yaku named as this variant names them (an id it
        does not know is printed as written)."""
        names = {r.id: r.name_ja if lang == "ja" else r.name_en or r.name_ja for r in self.all_yaku()}
        read = {n for f in self.formulas for e in (f.value_expr, f.condition_expr) if e for n in ast.names(e)}
        dora_counted = "dora" in read and "han" not in read  # a formula that pays dora as a count (鳴き立直)
        dora = self.dora
        aside = {t.kind for t in dora.nuki_aside_only}
        context = Context(
            lang,
            lambda yaku_id: names.get(yaku_id, yaku_id),
            dora_counted,
            players=self.game.players,
            chi=self.calls.chi,
            fourth=not set(PAO_BY_FOURTH_SET).isdisjoint(self.win.pao),
            uneven=any(self.draws.noten_payment % (100 * k) for k in range(2, self.game.players)),
            last_hand=has_last_hand(self),
            best_paid=self.game.after_win == "play_on_best_paid",
            dealer=self.has_dealer(),
            honba=self.honba_counts(),
            red=bool(self.tiles.red),
            kandora=dora.kan_dora and not dora.chosen_indicators,
            stick=self.about.stick,
            fixed=self.tiles.dead_wall_fixed,
            discard=dora.nuki_discard,
            chankan="chankan" in names,
            target=self.game.target_points,
            abortive=bool(self.abortive_draws()),
            noten=self.draws.noten_payment > 0,
            yaku=self.win.min_han > 0,
            draw=not self.riichi.no_draw_riichi and self.riichi.min_wall >= self.game.players,
        )
        kept = tuple(t for t in dora.nuki if t.kind not in aside)
        if aside and kept:  # the rules for nuki kept or won on speak of the other kinds only
            context = replace(context, nuki=formats.tiles_named(kept, context))
        return context

    def abortive_draws(self) -> tuple[Setting, ...]:
        """The abortive draws in effect: the glance box lists them, and the dealer-repeat sentence says what
        one does to the dealer only where there is one."""
        return tuple(s for s in SETTINGS if s.abortive and self.value(s) and s.applies_under(self))

    def dora_for(self, indicator: int, *, ura: bool = False) -> tuple[int, ...]:
        """The kinds an indicator makes dora."""
        return (self.dora_tables.ura if ura else self.dora_tables.indicator)[indicator]

    def all_yaku(self) -> list[YakuRule]:
        return [m for g in self.yaku for m in g.members]

    def honba_as_han(self) -> bool:
        """Honba are paid as han by a bonus that reads them (囲将会's 本場), not (only) as points."""
        return any("honba" in ast.names(b.value_expr) for b in self.bonuses)

    def honba_counts(self) -> bool:
        """Honba counters change something: a win pays points for them, or a bonus, a payment formula, a yaku
        or a conditional setting reads them. Where none does (鳴き立直), the variant has no honba to speak of."""
        return bool(self.payment.honba_ron or self.payment.honba_tsumo) or self.reads({"honba"})

    def has_dealer(self) -> bool:
        """Whether the round's first player is a dealer (親) in anything but name: the fu/han payment (the
        dealer pays and is paid more), a dealer repeat, or a rule that reads whether the winner or payer is
        the dealer or a dealer's first-turn win (天和・地和・人和). Where none does (鳴き立直), the sheet says the
        start player (スタートプレイヤー), as its source does, never 親 or 起家."""
        if self.payment.scheme != "formula" or self.game.renchan != "none":
            return True
        return self.reads({"dealer", "payer_dealer", "tenhou", "chiihou", "renhou"})

    def reads(self, names: set[str]) -> bool:
        """Whether a bonus, a payment formula, a yaku's condition or a conditional setting reads one of
        `names` (the language's variables)."""
        read = [
            *(e for b in self.bonuses for e in (b.value_expr, b.condition_expr)),
            *(e for f in self.formulas for e in (f.value_expr, f.condition_expr)),
            *(r.condition_expr for r in self.all_yaku()),
            *(a.condition_expr for alternatives in self.conditional.values() for a in alternatives),
        ]
        return any(names & set(ast.names(e)) for e in read if e is not None)


def _assignment_text(name: str | None, value: ast.Expr, condition: ast.Expr | None) -> str:
    text = unparse(value) if name is None else f"{name} = {unparse(value)}"
    return f"{text} when {unparse(condition)}" if condition is not None else text


def indicator_group(kind: int) -> tuple[int, int]:
    """The first kind and the size of the group an indicator cycles in: its suit (1→9→1), the winds
    (東→南→西→北→東) or the dragons (白→發→中→白)."""
    if kind < 27:
        return kind - kind % 9, 9
    if kind < 31:
        return 27, 4
    return 31, 3


def next_in_set(kind: int, tiles: TileSet) -> int:
    """The tile an indicator points at under "next" in its group (`indicator_group`), skipping kinds the set
    removed (R-DORA-1, R-DORA-2)."""
    base, size = indicator_group(kind)
    step = kind
    for _ in range(size):
        step = base + (step - base + 1) % size
        if tiles.exists(step):
            return step
    return kind


def indicator_table(tiles: TileSet, mode: str, cycles: list[tuple[int, ...]]) -> tuple[tuple[int, ...], ...]:
    """Dora per indicator kind: "next" or "same" (genbutsu), with explicit cycles taking precedence."""
    table = [((k,) if mode == "same" else (next_in_set(k, tiles),)) for k in range(KINDS)]
    for cycle in cycles:
        for here, there in pairwise(cycle):
            table[here] = (there,)
    return tuple(table)
