"""Merged statements → checked, typed values → `Ruleset`. One pass that reports every problem.

Order matters only where facts depend on each other: the tile set comes first, because whether a
tile named anywhere else exists depends on it (a dora cycle naming 3m in a set without 2–8m).
"""

from __future__ import annotations

import hashlib
from dataclasses import replace
from pathlib import Path
from typing import Any

from variantlang import catalog
from variantlang.catalog import Kind, Setting
from variantlang.catalog.about import decided_at
from variantlang.diagnostics import Diagnostic, DiagnosticError, Span, suggestion
from variantlang.hand.fu import FuRules
from variantlang.hand.points import LIMIT_HAN, Kazoe, LimitRules, PaymentRules, TsumoSplit
from variantlang.hand.tiles import FLOWERS, KINDS, Mark, Tile, TileSet, format_tiles, kind_name
from variantlang.lang.examples import EXAMPLE_HELP, ExampleError, example_win
from variantlang.lang.expr import Compiler, Scope
from variantlang.lang.expr.split import split_condition
from variantlang.lang.expr.types import MAX_EXAMPLES_COST, MAX_FILE_COST
from variantlang.lang.resolve import Merged
from variantlang.model.facts import FACTS, PAYER_FACTS
from variantlang.model.ruleset import (
    Alternative,
    BonusRule,
    DoraTables,
    Example,
    Formula,
    Ruleset,
    YakuGroup,
    YakuRule,
    indicator_table,
)
from variantlang.rules.pao import CERTAIN
from variantlang.syntax import ast

LIMIT_WORDS = {limit.value: limit for limit in LIMIT_HAN}
"""The limits a yaku may be worth instead of han (`renhou "人和" mangan when renhou`)."""
REPEATABLE = {(k.section, k.key) for k in catalog.SETTINGS if k.repeatable}
_SECTIONS = {name: {e.key: e for e in entries} for name, (_, entries) in catalog.SECTIONS.items()}


def compile_variant(merged: Merged, sources: dict[str, str], parent: Path | None = None) -> Ruleset:
    """The checked, compiled Ruleset of a resolved variant; `DiagnosticError` with every problem found."""
    names = [Path(f.path).stem for f in merged.chain]
    ruleset = Checker(merged, sources, names).ruleset()
    return replace(ruleset, parent_path=str(parent) if parent is not None else None)


class Checker:
    def __init__(self, merged: Merged, sources: dict[str, str], names: list[str]) -> None:
        self.merged = merged
        self.sources = sources
        self.names = names
        self.diagnostics: list[Diagnostic] = list(merged.problems)
        self.values: dict[str, Any] = {}
        self.provenance: dict[str, Span] = {}
        self.cost = 0
        """The worst-case cost per hand of every expression compiled (`MAX_FILE_COST`)."""

    def error(self, code: str, message: str, span: Span, help: str | None = None) -> None:
        self.diagnostics.append(Diagnostic(code, message, span, help))

    # -------------------------------------------------------------- the whole pass
    def ruleset(self) -> Ruleset:
        self._check_structure()
        self._settings()
        sections = catalog.records(self.values)
        tiles: catalog.TilesSettings = sections["tiles"]
        game: catalog.GameSettings = sections["game"]
        payment: catalog.PaymentSettings = sections["payment"]
        self._check_consistency(game)
        self._check_indicators(sections["dora"], tiles)
        tile_set = self._tile_set(tiles)
        self._check_tiles_exist(tile_set)
        self._check_deal(game, tiles, tile_set)
        scope = Scope.of_settings(self.values)
        yaku = self._yaku(scope)
        self._check_yaku_named(yaku)
        self._check_pao(yaku)
        bonuses = self._bonuses(scope)
        conditional = self._conditional(scope)
        formulas, slots = self._formulas(payment)
        self._check_open_riichi(yaku, bonuses, formulas)
        self._check_no_riichi(yaku, bonuses)
        self._check_cost()
        dora = self._dora(tile_set, sections["dora"])
        examples = self._examples(yaku, bonuses)
        if self.diagnostics:
            raise DiagnosticError(self.diagnostics, self.sources)
        file = self.merged.file
        digest = hashlib.sha256("\n".join(self.sources.get(f.path, "") for f in self.merged.chain).encode()).hexdigest()
        for yaku_id, span in self.merged.dropped.items():
            self.provenance.setdefault(f"yaku.{yaku_id}", span)
        return Ruleset(
            name=self.names[0],
            name_ja=file.name_ja,
            name_en=file.name_en,
            chain=tuple(self.names),
            source_hash=digest[:16],
            **sections,
            provenance=dict(self.provenance),
            tile_set=tile_set,
            dora_tables=dora,
            yaku=yaku,
            bonuses=bonuses,
            dropped=dict(self.merged.dropped),
            fu_rules=FuRules(
                double_wind_pair=payment.double_wind_pair,
                open_pinfu=payment.open_pinfu_fu,
                pinfu_tsumo=payment.pinfu_tsumo_fu,
                chiitoitsu=payment.chiitoitsu_fu,
                rinshan_tsumo=payment.rinshan_tsumo_fu,
            ),
            limit_rules=LimitRules(
                kiriage=payment.kiriage, kazoe=Kazoe(payment.kazoe), max_yakuman=payment.max_yakuman
            ),
            payment_rules=PaymentRules(
                players=game.players,
                honba_ron=payment.honba_ron,
                honba_tsumo=payment.honba_tsumo,
                riichi_stick=sections["riichi"].stick,
                tsumo_split=TsumoSplit(payment.tsumo_split),
            ),
            formulas=formulas,
            formula_slots=slots,
            payer_aware=any(
                _reads(f.value_expr, PAYER_FACTS) or _reads(f.condition_expr, PAYER_FACTS) for f in formulas
            ),
            conditional=conditional,
            examples=examples,
            sources=dict(self.sources),
        )

    # -------------------------------------------------------------- structure
    def _check_structure(self) -> None:
        for file in self.merged.chain:
            seen: dict[tuple[str, str], Span] = {}
            for section in file.sections:
                if section.name not in _SECTIONS:
                    self.error(
                        "E0101",
                        f"unknown section `{section.name}`",
                        section.name_span,
                        help=suggestion(section.name, [*_SECTIONS, "yaku"]),
                    )
                    continue
                for statement in section.statements:
                    if isinstance(statement, ast.Assignment):
                        if section.name != catalog.FORMULA_SECTION:
                            self.error(
                                "E0107",
                                f"`{statement.name} = …` only belongs in `payment`",
                                statement.span,
                                help="settings are written `key value`, e.g. `kuitan on`",
                            )
                        continue
                    setting = catalog.lookup(section.name, statement.key)
                    if setting is None:
                        self._unknown_setting(section.name, statement)
                        continue
                    key = (section.name, statement.key)
                    if statement.condition is not None:
                        if not setting.conditional:
                            self._not_conditional(setting, statement.condition)
                        continue
                    if key in seen and not setting.repeatable:
                        self.error(
                            "E0105",
                            f"`{setting.path}` is set twice in this file",
                            statement.key_span,
                            help=f"the first is on line {seen[key].line}; keep one",
                        )
                    seen[key] = statement.key_span
            self._check_yaku_ids(file)

    def _unknown_setting(self, section: str, statement: ast.Setting) -> None:
        elsewhere = [k for k in catalog.SETTINGS if k.key == statement.key]
        if elsewhere:
            hint = f"`{statement.key}` belongs in section `{elsewhere[0].section}`"
        else:
            hint = suggestion(statement.key, _SECTIONS[section]) or (
                f"settings of `{section}`: {', '.join(sorted(_SECTIONS[section]))}"
            )
        self.error("E0102", f"unknown setting `{statement.key}` in section `{section}`", statement.key_span, help=hint)

    def _not_conditional(self, setting: Setting, condition: ast.Expr) -> None:
        can = [s.path for s in catalog.SETTINGS if s.conditional]
        self.error(
            "E0112",
            f"`{setting.path}` cannot depend on the win",
            condition.span,
            help=f"give it one value; settings that take `when`: {', '.join(can)}",
        )

    def _check_yaku_ids(self, file: ast.VariantFile) -> None:
        seen: dict[str, Span] = {}
        for section in file.yaku:
            for item in section.items:
                entries: list[ast.YakuDef | ast.Family | ast.Bonus] = []
                if isinstance(item, ast.Family):
                    entries = [item, *item.members]
                    self._check_family(item)
                elif isinstance(item, (ast.YakuDef, ast.Bonus)):
                    entries = [item]
                for entry in entries:
                    if entry.id in seen:
                        self.error(
                            "E0201",
                            f"yaku id `{entry.id}` is defined twice",
                            entry.id_span,
                            help=f"the first is on line {seen[entry.id].line}; rename one, or use one "
                            "definition (a child file may redefine a parent's yaku by id)",
                        )
                    seen.setdefault(entry.id, entry.id_span)

    def _check_family(self, family: ast.Family) -> None:
        ranks: dict[tuple[int, int], str] = {}
        for member in family.members:
            rank = (member.han.yakuman, max(member.han.closed or 0, member.han.open or 0))
            if rank in ranks:
                self.error(
                    "E0202",
                    f"family `{family.id}`: `{member.id}` and `{ranks[rank]}` are worth the same",
                    member.id_span,
                    help="only the highest member of a family counts, so members need different values",
                )
            ranks[rank] = member.id
            if member.han.limit:
                self.error(
                    "E0202",
                    f"family `{family.id}`: `{member.id}` cannot be worth a limit inside a family",
                    member.han.span,
                    help="a limit yaku already stands alone (it is paid as its limit, or the other yaku are)",
                )
            if member.with_yakuman:
                self.error(
                    "E0202",
                    f"family `{family.id}`: `{member.id}` cannot be `with_yakuman` inside a family",
                    member.id_span,
                )

    # -------------------------------------------------------------- settings
    def _settings(self) -> None:
        for setting in catalog.SETTINGS:
            key = (setting.section, setting.key)
            if setting.repeatable:
                statements = self.merged.repeated.get(key, [])
                values: list[Any] = []
                for repeated in statements:
                    if _is_none(repeated):
                        values = []  # `notes none` clears what the ancestors said
                        continue
                    values.append(self._convert(setting, repeated))
                self.values[setting.path] = tuple(v for v in values if v is not None)
                if statements:
                    self.provenance[setting.path] = statements[-1].span
                continue
            statement = self.merged.settings.get(key)
            if statement is None:
                self.values[setting.path] = setting.default
                continue
            value = self._convert(setting, statement)
            self.values[setting.path] = setting.default if value is None else value
            self.provenance[setting.path] = statement.span

    def _convert(self, setting: Setting, statement: ast.Setting) -> Any:
        """A setting's value from its statement, or None after reporting why it cannot be one."""
        values = statement.values
        if setting.kind in (Kind.TILES, Kind.INTS, Kind.WORDS):
            return self._convert_list(setting, values, values[0].span if values else statement.key_span)
        if len(values) != 1:
            span = values[0].span if values else statement.key_span
            return self._bad(f"`{setting.path}` takes {setting.kind.value}, one value", span, _choices_help(setting))
        convert = {
            Kind.BOOL: self._convert_bool,
            Kind.INT: self._convert_int,
            Kind.CHOICE: self._convert_choice,
            Kind.CYCLE: self._convert_cycle,
        }.get(setting.kind, self._convert_text)
        return convert(setting, values[0])

    def _convert_list(self, setting: Setting, values: tuple[ast.Value, ...], span: Span) -> Any:
        if len(values) == 1 and isinstance(values[0], ast.Word) and values[0].value == "none":
            return ()
        expected = f"`{setting.path}` takes {setting.kind.value}"
        if setting.kind is Kind.TILES:
            if not all(isinstance(v, ast.Tiles) for v in values):
                return self._bad(expected, span, "write tiles like 5m 5p 5s, or `none`")
            return tuple(t for v in values if isinstance(v, ast.Tiles) for t in v.tiles)
        if setting.kind is Kind.INTS:
            if not all(isinstance(v, ast.Number) and isinstance(v.value, int) for v in values):
                return self._bad(expected, span)
            return tuple(int(v.value) for v in values if isinstance(v, ast.Number))
        if not all(isinstance(v, ast.Word) for v in values):
            return self._bad(expected, span)
        return tuple(v.value for v in values if isinstance(v, ast.Word))

    def _convert_bool(self, setting: Setting, value: ast.Value) -> Any:
        if isinstance(value, ast.Word) and value.value in catalog.BOOL_WORDS:
            return catalog.BOOL_WORDS[value.value]
        return self._bad(f"`{setting.path}` takes {setting.kind.value}", value.span, "on or off")

    def _convert_int(self, setting: Setting, value: ast.Value) -> Any:
        if not isinstance(value, ast.Number) or not isinstance(value.value, int):
            return self._bad(f"`{setting.path}` takes {setting.kind.value}", value.span)
        low, high = setting.low, setting.high
        if (low is not None and value.value < low) or (high is not None and value.value > high):
            self.error(
                "E0104",
                f"`{setting.path}` must be between {setting.low:g} and {setting.high:g}, not {value.value}",
                value.span,
            )
            return None
        return value.value

    def _convert_choice(self, setting: Setting, value: ast.Value) -> Any:
        if isinstance(value, ast.Word) and value.value in setting.choices:
            return value.value
        shown = value.value if isinstance(value, ast.Word) else "this"
        self.error(
            "E0103",
            f"`{setting.path}` cannot be `{shown}`",
            value.span,
            help=suggestion(shown, setting.choices)
            if isinstance(value, ast.Word) and suggestion(shown, setting.choices)
            else _choices_help(setting),
        )
        return None

    def _convert_cycle(self, setting: Setting, value: ast.Value) -> Any:
        if isinstance(value, ast.Cycle):
            return tuple(t.kind for t in value.tiles)
        return self._bad(f"`{setting.path}` takes {setting.kind.value}", value.span, "write 1m -> 9m -> 1m")

    def _convert_text(self, setting: Setting, value: ast.Value) -> Any:
        if isinstance(value, ast.Text):
            if setting.path == "about.notes":
                self._check_decided_at(value)
            return value.value
        return self._bad(f"`{setting.path}` takes {setting.kind.value}", value.span, 'write it in quotes: "…"')

    def _check_decided_at(self, note: ast.Text) -> None:
        """A decision made at settings (「判断［riichi.locked］：…」) names settings that exist: the sheet prints
        it at them."""
        for path in decided_at(note.value):
            if path not in catalog.BY_PATH:
                self.error(
                    "E0102",
                    f"a decision note is made at `{path}`, which is not a setting",
                    note.span,
                    help=suggestion(path, catalog.BY_PATH) or "name settings as `section.key`, e.g. `riichi.locked`",
                )

    def _bad(self, message: str, span: Span, help: str | None = None) -> None:
        self.error("E0103", message, span, help)

    # -------------------------------------------------------------- tiles
    def _check_consistency(self, game: catalog.GameSettings) -> None:
        """Settings that must agree with each other."""
        if game.length == "until_bust" and game.tobi == "off":
            whole = self.merged.file.span
            spans = [self.provenance[p] for p in ("game.tobi", "game.length") if p in self.provenance]
            self.error(
                "E0110",
                "`game.length until_bust` ends the game only when a player busts, and `game.tobi` is off: "
                "the game would never end",
                next((span for span in spans if span.file == whole.file), spans[0] if spans else whole),
                help="set `game.tobi` (e.g. `tobi at_start`), or give the game a length (`length hanchan`)",
            )
        for key in ("uma", "uma_one_below", "uma_two_below", "uma_three_below"):
            uma = getattr(game, key)
            span = self.provenance.get(f"game.{key}", self.merged.file.span)
            if uma and len(uma) != game.players:
                help = f"give one value per place, first to last, or `{key} none`"
                message = f"`game.{key}` has {len(uma)} values for {game.players} players"
                if len(uma) == 2 and game.players == 4:  # ウマ 10-30 (`uma 10-30` reads as 10 and -30)
                    low, high = sorted(abs(v) for v in uma)
                    help = f"ウマ {low}-{high} is one value per place: `{key} {high} {low} -{low} -{high}`"
                players = self.provenance.get("game.players")
                here = self.merged.file.span.file
                if players is not None and players.file == here != span.file:  # inherited uma, players set here
                    message = f"`game.{key}` from {span} has {len(uma)} values for the {game.players} players set here"
                    help = f"set `{key}` here too, one value per place, or `{key} none`"
                    span = players
                self.error("E0110", message, span, help=help)
            elif sum(uma) != 0:
                self.error(
                    "E0110",
                    f"`game.{key}` adds up to {sum(uma)}, not 0",
                    span,
                    help="what the top places win, the bottom places pay",
                )

    def _check_indicators(self, dora: catalog.DoraSettings, tiles: catalog.TilesSettings) -> None:
        """The dora settings agree with each other and with the dead wall they are turned from."""
        if dora.start_indicators > dora.max_indicators:
            self.error(
                "E0110",
                f"`dora.start_indicators` is {dora.start_indicators}, more than `dora.max_indicators` "
                f"({dora.max_indicators})",
                self.provenance.get("dora.start_indicators", self.merged.file.span),
                help="a hand starts with at most as many indicators as it may ever have",
            )
        if dora.chosen_indicators or tiles.dead_wall == 0:
            return  # indicators put down by the players, or no dead wall: nothing is turned from it
        per_indicator = 2 if dora.ura or dora.kan_ura else 1
        needed = dora.max_indicators * per_indicator
        if tiles.dead_wall < needed:
            self.error(
                "E0110",
                f"a dead wall of {tiles.dead_wall} tiles cannot hold {dora.max_indicators} dora indicators"
                + (" with their ura indicators" if per_indicator == 2 else "")
                + f" ({needed} tiles)",
                self.provenance.get(
                    "tiles.dead_wall", self.provenance.get("dora.max_indicators", self.merged.file.span)
                ),
                help="enlarge `tiles.dead_wall`, or lower `dora.max_indicators`",
            )

    def _check_deal(self, game: catalog.GameSettings, tiles: catalog.TilesSettings, tile_set: TileSet) -> None:
        """The set deals 13 tiles to every player, keeps the dead wall and leaves the dealer a first draw
        (R-TILE-1): a smaller set is no game (E0115). Flowers are set aside, not dealt, so not counted."""
        dealt = sum(tile_set.copies)
        needed = 13 * game.players + tiles.dead_wall + 1
        if dealt >= needed:
            return
        span = next(
            (self.provenance[p] for p in ("tiles.remove", "tiles.dead_wall", "game.players") if p in self.provenance),
            self.merged.file.span,
        )
        self.error(
            "E0115",
            f"the tile set has {dealt} tiles, too few to deal 13 to each of {game.players} players, keep a dead "
            f"wall of {tiles.dead_wall} and draw one ({needed} needed)",
            span,
            help="remove fewer kinds, or make `tiles.dead_wall` smaller",
        )

    def _check_yaku_named(self, yaku: tuple[YakuGroup, ...]) -> None:
        """Settings that name yaku (`win.pao`) name yaku this variant has."""
        known = _yaku_ids(yaku)
        for setting in catalog.SETTINGS:
            if setting.kind is not Kind.WORDS:
                continue
            statement = self.merged.settings.get((setting.section, setting.key))
            for value in statement.values if statement is not None else ():
                if isinstance(value, ast.Word) and value.value != "none" and value.value not in known:
                    self.error(
                        "E0111",
                        f"`{setting.path}` names `{value.value}`, which is not a yaku of this variant",
                        value.span,
                        help=suggestion(value.value, known),
                    )

    def _check_pao(self, yaku: tuple[YakuGroup, ...]) -> None:
        """`win.pao` names yaku a called set can make certain (`rules.pao.CERTAIN`): for any other, no call
        could make anyone liable, and the rule would silently never apply (an unknown name is E0111's)."""
        statement = self.merged.settings.get(("win", "pao"))
        known = _yaku_ids(yaku)
        for value in statement.values if statement is not None else ():
            if isinstance(value, ast.Word) and value.value in known and value.value not in CERTAIN:
                self.error(
                    "E0116",
                    f"`win.pao` names `{value.value}`, which no called set can make certain",
                    value.span,
                    help=f"liability follows {', '.join(CERTAIN)} (`docs/language.md`, Liability)",
                )

    def _tile_set(self, tiles: catalog.TilesSettings) -> TileSet:
        removed = {t.kind for t in tiles.remove}
        # marks on removed kinds are reported by `_check_tiles_exist`; leave them out here
        marked = [Tile(t.kind, Mark.RED) for t in tiles.red if t.kind not in removed]
        marked += [Tile(t.kind, Mark.GOLD) for t in tiles.gold if t.kind not in removed]
        marked += [Tile(t.kind, Mark.POCCHI) for t in tiles.pocchi if t.kind not in removed]
        marked += [Tile(t.kind, Mark.BLUE) for t in tiles.blue if t.kind not in removed]
        marked += [Tile(t.kind, Mark.RAINBOW) for t in tiles.rainbow if t.kind not in removed]
        try:
            return TileSet.build(remove=removed, marked=marked, flowers=tiles.flowers)
        except ValueError as error:
            where = self.provenance.get("tiles.red") or self.merged.file.span
            self.error("E0106", str(error), where, help="a marked tile must be a kind the set keeps")
            return TileSet.build(remove=removed, flowers=min(tiles.flowers, FLOWERS))

    def _check_tiles_exist(self, tiles: TileSet) -> None:
        """Every tile a setting names must be in the variant's own set (removing is the exception)."""
        for setting in catalog.SETTINGS:
            if setting.kind not in (Kind.TILES, Kind.CYCLE) or setting.path == "tiles.remove":
                continue
            statements = (
                self.merged.repeated.get((setting.section, setting.key), [])
                if setting.repeatable
                else [s for s in [self.merged.settings.get((setting.section, setting.key))] if s is not None]
            )
            own = _MARK_OF.get(setting.path)
            for statement in statements:
                for value in statement.values:
                    for tile in getattr(value, "tiles", ()):
                        if own is not None and tile.mark not in (Mark.PLAIN, own):
                            self.error(
                                "E0106",
                                f"one copy cannot be both {tile.mark.name.lower()} and {own.name.lower()}",
                                value.span,
                                help=f"each tile of `{setting.path}` marks a plain copy: write {kind_name(tile.kind)}",
                            )
                        if not tiles.exists(tile.kind):
                            self.error(
                                "E0106",
                                f"{kind_name(tile.kind)} is not in this variant's tiles",
                                value.span,
                                help=_removed_help(tiles),
                            )

    # -------------------------------------------------------------- yaku
    def _yaku(self, scope: Scope) -> tuple[YakuGroup, ...]:
        compiler = Compiler(scope)
        groups: list[YakuGroup] = []
        for item in self.merged.yaku.values():
            if isinstance(item, ast.Family):
                members = [self._yaku_rule(m, compiler, item.id) for m in item.members]
                members.sort(key=lambda m: m.rank, reverse=True)
                groups.append(YakuGroup(item.id, item.name, tuple(members), item.name_en))
                self.provenance[f"yaku.{item.id}"] = item.span
            else:
                rule = self._yaku_rule(item, compiler, None)
                groups.append(YakuGroup(item.id, None, (rule,)))
        self.diagnostics += compiler.diagnostics
        self.cost += compiler.cost
        return tuple(groups)

    def _yaku_rule(self, item: ast.YakuDef, compiler: Compiler, family: str | None) -> YakuRule:
        han = item.han
        if han.yakuman == 0 and han.closed is not None and han.open is not None and han.open > han.closed:
            self.error(
                "E0204",
                f"`{item.id}` is worth more open ({han.open}) than closed ({han.closed})",
                han.span,
                help="write closed/open, e.g. 2/1",
            )
        limit = None
        if han.limit:
            limit = LIMIT_WORDS.get(han.limit)
            if limit is None:
                self.error(
                    "E0209",
                    f"`{item.id}` is worth `{han.limit}`, which is not a value",
                    han.span,
                    help=suggestion(han.limit, list(LIMIT_WORDS))
                    or "a yaku is worth han (`2/1`, `1/-`, `3`), `yakuman` (`yakuman 2`) or a limit: "
                    + ", ".join(LIMIT_WORDS),
                )
            else:
                han = replace(han, closed=LIMIT_HAN[limit], open=LIMIT_HAN[limit])
        condition = item.condition
        if condition is None:
            self.error(
                "E0205", f"yaku `{item.id}` has no condition", item.id_span, help="add `when …`, e.g. `when riichi`"
            )
            condition = ast.Name("false", item.span)
        split = split_condition(compiler, condition, when=True)
        self.provenance[f"yaku.{item.id}"] = item.span
        return YakuRule(
            item.id,
            item.name_ja,
            item.name_en,
            han.closed,
            han.open,
            han.yakuman,
            item.with_yakuman,
            item.house,
            family,
            split,
            condition,
            item.span,
            limit,
        )

    def _bonuses(self, scope: Scope) -> tuple[BonusRule, ...]:
        compiler = Compiler(scope)
        out = []
        for bonus in self.merged.bonuses.values():
            value = compiler.value(bonus.value)
            condition = compiler.condition(bonus.condition, when=True) if bonus.condition is not None else None
            out.append(
                BonusRule(
                    bonus.id,
                    bonus.name_ja,
                    bonus.name_en,
                    value,
                    condition,
                    bonus.with_yakuman,
                    bonus.value,
                    bonus.condition,
                    bonus.span,
                    bonus.chips,
                )
            )
            self.provenance[f"bonus.{bonus.id}"] = bonus.span
        self.diagnostics += compiler.diagnostics
        self.cost += compiler.cost
        return tuple(out)

    def _conditional(self, scope: Scope) -> dict[str, tuple[Alternative, ...]]:
        """Each setting's `value when condition` alternatives, the condition checked as a truth value over
        the facts of the win (payment-only facts are not known yet when these settings apply)."""
        compiler = Compiler(scope)
        out: dict[str, tuple[Alternative, ...]] = {}
        for (section, key), statements in self.merged.conditional.items():
            setting = catalog.lookup(section, key)
            if setting is None or not setting.conditional:
                continue  # reported with the file's structure (E0102, E0112)
            alternatives = []
            for statement in statements:
                assert statement.condition is not None
                value = self._convert(setting, statement)
                condition = compiler.condition(statement.condition, when=True)
                if value is not None:
                    alternatives.append(Alternative(value, condition, statement.condition, statement.span))
            out[setting.path] = tuple(alternatives)
            self.provenance[setting.path] = statements[-1].span  # the conditions are the newest word
        self.diagnostics += compiler.diagnostics
        self.cost += compiler.cost
        return out

    def _formulas(self, payment: catalog.PaymentSettings) -> tuple[tuple[Formula, ...], int]:
        slots: dict[str, int] = {}
        out: list[Formula] = []
        diagnostics: list[Diagnostic] = []
        for assignment in self.merged.formulas:
            if assignment.name in FACTS:
                diagnostics.append(
                    Diagnostic(
                        "E0109",
                        f"`{assignment.name}` is a fact of the win and cannot be assigned",
                        assignment.span,
                        help="choose another name, e.g. `base`",
                    )
                )
                continue
            compiler = Compiler(Scope.of_settings(self.values, payment=True, variables=dict(slots)))
            value = compiler.value(assignment.expr)
            condition = (
                compiler.condition(assignment.condition, when=True) if assignment.condition is not None else None
            )
            diagnostics += compiler.diagnostics
            self.cost += compiler.cost
            slot = slots.setdefault(assignment.name, len(slots))
            out.append(
                Formula(assignment.name, slot, value, condition, assignment.expr, assignment.condition, assignment.span)
            )
            self.provenance[f"payment.{assignment.name}"] = assignment.span
        scheme = payment.scheme
        if scheme == "formula" and "value" not in slots:
            span = self.provenance.get("payment.scheme", self.merged.file.span)
            diagnostics.append(
                Diagnostic(
                    "E0108",
                    "`scheme formula` needs a `value = …` assignment",
                    span,
                    help="e.g. `value = 1000 * han`: what each payer pays",
                )
            )
        if scheme != "formula" and out:
            diagnostics.append(
                Diagnostic(
                    "E0108",
                    "payment formulas are only used with `scheme formula`",
                    self.merged.formulas[0].span,
                    help="add `scheme formula` to `payment`",
                )
            )
        self.diagnostics += diagnostics
        return tuple(out), len(slots)

    def _check_open_riichi(
        self, yaku: tuple[YakuGroup, ...], bonuses: tuple[BonusRule, ...], formulas: tuple[Formula, ...]
    ) -> None:
        """Open riichi earns a han more than riichi (R-RIICHI-6, as the sheet says): a variant that allows
        it needs a yaku, bonus or formula that reads `open_riichi`, or an open riichi would earn nothing."""
        if not self.values["riichi.open_riichi"] or not self.values["riichi.enabled"]:
            return  # without riichi, no open riichi either (E0114 refuses the yaku that read it)
        read: list[ast.Expr | None] = [m.condition_expr for g in yaku for m in g.members]
        read += [e for b in bonuses for e in (b.value_expr, b.condition_expr)]
        read += [e for f in formulas for e in (f.value_expr, f.condition_expr)]
        if not any(_reads(e, _OPEN_RIICHI) for e in read):
            self.error(
                "E0113",
                "open riichi is allowed, but no yaku reads `open_riichi`: it would earn no han",
                self.provenance.get("riichi.open_riichi", self.merged.file.span),
                help='add `yaku { open_riichi "オープン立直" "Open riichi" 1/- when open_riichi }`',
            )

    def _check_no_riichi(self, yaku: tuple[YakuGroup, ...], bonuses: tuple[BonusRule, ...]) -> None:
        """Under `riichi.enabled off` no win is in riichi, so a yaku or bonus that reads riichi, double
        riichi, open riichi or ippatsu is dead text the rule sheet would still list: refused (E0114), with
        the `drop` line that removes what the file inherits."""
        if self.values["riichi.enabled"]:
            return
        dead: list[str] = []
        for group in yaku:
            reading = [m.id for m in group.members if _reads(m.condition_expr, _RIICHI_FACTS)]
            dead += [group.id] if len(reading) == len(group.members) else reading
        dead += [b.id for b in bonuses if _reads((b.value_expr, b.condition_expr), _RIICHI_FACTS)]
        if dead:
            names = ", ".join(f"`{i}`" for i in dead)
            self.error(
                "E0114",
                f"there is no riichi (`riichi.enabled off`), but {names} "
                f"{'reads' if len(dead) == 1 else 'read'} riichi, double riichi, open riichi or ippatsu: "
                "never won, yet listed on the rule sheet",
                self.provenance.get("riichi.enabled", self.merged.file.span),
                help=f"add `yaku {{ drop {' '.join(dead)} }}`",
            )

    def _check_cost(self) -> None:
        if self.cost > MAX_FILE_COST:
            self.error(
                "E0309",
                f"the yaku, bonuses and formulas together may take about {self.cost:,} steps per hand, over the "
                f"limit of {MAX_FILE_COST:,}",
                self.merged.file.span,
                help="simplify the costliest conditions: fewer nested quantifiers, shorter lists and ranges",
            )

    # -------------------------------------------------------------- examples
    def _examples(self, yaku: tuple[YakuGroup, ...], bonuses: tuple[BonusRule, ...]) -> dict[str, Example]:
        known = {m.id for g in yaku for m in g.members} | {b.id for b in bonuses}
        out: dict[str, Example] = {}
        budget = MAX_EXAMPLES_COST // max(1, self.cost)
        for example in self.merged.examples.values():
            if example.id not in known and example.span.file != self.merged.file.path:
                continue  # an inherited example of a yaku this variant dropped
            if len(out) == budget:
                self.error(
                    "E0310",
                    f"too many examples for conditions this costly: checking them would take about "
                    f"{len(self.merged.examples) * self.cost:,} steps, over the limit of {MAX_EXAMPLES_COST:,}",
                    example.span,
                    help=f"keep at most {budget} examples, or make the conditions cheaper",
                )
                break
            if example.id not in known:
                self.error(
                    "E0206",
                    f"example for unknown yaku `{example.id}`",
                    example.id_span,
                    help=suggestion(example.id, known),
                )
                continue
            try:
                out[example.id] = Example(example.id, example_win(example.hand, example.options), example.span)
            except ExampleError as error:
                self.error("E0207", f"example `{example.id}`: {error}", error.span or example.span, help=EXAMPLE_HELP)
        return out

    # -------------------------------------------------------------- dora
    def _dora(self, tiles: TileSet, dora: catalog.DoraSettings) -> DoraTables:
        for cycle, statement in zip(dora.cycle, self.merged.repeated.get(("dora", "cycle"), []), strict=False):
            starts = cycle[:-1]
            if len(set(starts)) != len(starts):
                self.error("E0103", "a dora cycle names a tile twice before it ends", statement.span)
        stray = [t for t in dora.nuki_aside_only if all(t.kind != n.kind for n in dora.nuki)]
        if stray:
            self.error(
                "E0103",
                f"`dora.nuki_aside_only` names {format_tiles(stray)}, which is no nuki tile of this variant",
                self.provenance["dora.nuki_aside_only"],
                help="name tiles of `dora.nuki`",
            )
        cycles = list(dora.cycle)
        return DoraTables(
            indicator=indicator_table(tiles, dora.indicator, cycles),
            ura=indicator_table(tiles, dora.ura_indicator, cycles),
            always=frozenset(t.kind for t in dora.always),
            nuki=frozenset(t.kind for t in dora.nuki),
        )


_MARK_OF = {
    "tiles.red": Mark.RED,
    "tiles.gold": Mark.GOLD,
    "tiles.pocchi": Mark.POCCHI,
    "tiles.blue": Mark.BLUE,
    "tiles.rainbow": Mark.RAINBOW,
}
"""The mark each marking setting gives a copy (R-TILE-4, R-TILE-5, R-TILE-7)."""


_OPEN_RIICHI = frozenset({"open_riichi"})
_RIICHI_FACTS = frozenset({"riichi", "double_riichi", "open_riichi", "ippatsu"})


def _reads(node: object, names: frozenset[str]) -> bool:
    """Whether an expression mentions one of `names`."""
    return any(name in names for name in ast.names(node))


def _is_none(statement: ast.Setting) -> bool:
    return (
        len(statement.values) == 1 and isinstance(statement.values[0], ast.Word) and statement.values[0].value == "none"
    )


def _choices_help(setting: Setting) -> str | None:
    if setting.kind is Kind.CHOICE:
        return f"one of: {', '.join(setting.choices)}"
    if setting.kind is Kind.BOOL:
        return "on or off"
    return None


def _removed_help(tiles: TileSet) -> str:
    removed = [Tile(k) for k in range(KINDS) if not tiles.exists(k)]
    return f"this variant removes {format_tiles(removed)}" if removed else "check the tile's spelling"


def _yaku_ids(yaku: tuple[YakuGroup, ...]) -> set[str]:
    """The ids a setting may name a yaku by: each yaku's and each family's."""
    return {m.id for g in yaku for m in g.members} | {g.id for g in yaku}
