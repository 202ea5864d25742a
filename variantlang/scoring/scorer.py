"""Scoring a win under a Ruleset: every reading of the hand, the variant's yaku and bonuses, dora, fu,
and the payment — the reading that pays most wins.

A `Scorer` is made once per Ruleset (and per worker): it prepares what the hot path reads and owns
the memos that fill as it scores, so the Ruleset stays pure data. Per reading one fact record is built
once (`scoring.facts`); the compiled yaku conditions only read it. Speed comes from deciding things
once (a self-play scores millions of wins): yaku gates once per shape (`scoring.plans`), group
elements once per group and winds, standard payments once per set of terms. A normal install
compiles this package with mypyc (setup.py).
"""

from __future__ import annotations

import operator
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import NamedTuple

from variantlang.hand.decomposition import Decomposition, MeldType, Reading, decompositions, readings
from variantlang.hand.flowers import stand_ins
from variantlang.hand.fu import Fu, fu
from variantlang.hand.points import LIMIT_HAN, Limit, Payments
from variantlang.hand.tiles import FLOWER_BASE, FLOWERS, KINDS, TON, Mark, Tile, format_tiles, suit_of, to_counts
from variantlang.model.facts import KINDS_HELD, EvaluationError
from variantlang.model.ruleset import BonusRule, Ruleset
from variantlang.model.win import Chips, Score, ScoredYaku, WinInput
from variantlang.rules import nuki as nuki_rules
from variantlang.rules.dora import most_indicators
from variantlang.rules.limits import kiriage, setting_on_win, uses_fu
from variantlang.rules.shapes import shapes
from variantlang.rules.winds import round_wind
from variantlang.scoring.dora import DoraCounter
from variantlang.scoring.facts import ELEMENTS, Win, hand_facts, reading_facts
from variantlang.scoring.payment import HandValue, PaymentTerms, formula_payment, standard_payment
from variantlang.scoring.plans import PLAN_LIMIT, Member, clusters

PINFU = "pinfu"
"""The yaku whose award takes a tsumo's 2 fu away (`payment.pinfu_tsumo_fu off`): fu follow the yaku the
variant awards, not a shape the scorer would recognise on its own."""


class ScoreError(ValueError):
    """The hand cannot be scored: not a winning shape, no yaku, or impossible input."""


class NoYakuError(ScoreError):
    """A complete hand without the yaku the variant requires (`win.min_han`)."""


class RuleBoundsError(ScoreError):
    """One of the variant's expressions leaves the language's bounds on this win (the message says where
    in the rule file): the rule file's fault, not the hand's, so a player of the game must not take it for
    "no win"."""


class _Hand(NamedTuple):
    """A checked hand: what every reading shares."""

    w: Win
    held: list[int]
    """Copies held of each kind, nuki included (what dora count)."""
    counts: list[int]
    """Copies in the hand and its melds, nuki not included."""
    marked: list[Tile]
    found: list[Decomposition]
    win: int
    nuki_kept: bool
    """The hand holds (or has called) a tile of a nuki kind: under `nuki_in_hand yakuman_only` it wins only
    as a yakuman."""


class Scorer:
    """Scores wins under one Ruleset, with the tables prepared from it and the memos it fills."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        tiles = ruleset.tile_set
        copies = set(tiles.copies)
        self.clusters = clusters(ruleset)
        self.paid: dict[PaymentTerms, tuple[Payments, Limit]] = {}
        """Standard payments by their terms."""
        self.uniform_copies: int | None = copies.pop() if len(copies) == 1 else None
        """The copies of every kind when the tile set has no removed kinds (a quick count check)."""
        self.marked_copies = {(tile.kind, tile.mark): n for tile, n in tiles.marked}
        kinds = [k for k in range(KINDS) if tiles.copies[k]]
        self.indicator_kinds = frozenset(kinds + list(range(FLOWER_BASE, FLOWER_BASE + tiles.flowers)))
        self.most_dora, self.most_ura = most_indicators(ruleset.dora)
        self.copies = tiles.copies
        self.dora = DoraCounter(ruleset)
        self.nuki = ruleset.dora_tables.nuki
        self.shapes = shapes(ruleset)
        self.quads_as_pairs = self.shapes.quads_as_pairs
        self.nuki_never_held = tuple(k for k in sorted(self.nuki) if nuki_rules.in_hand(ruleset, k) == "never")
        self.nuki_yakuman_only = tuple(k for k in sorted(self.nuki) if nuki_rules.in_hand(ruleset, k) == "yakuman_only")
        self.jokers = ruleset.tiles.pocchi_wild != "off"
        self.pocchi_value = ruleset.dora.pocchi_value
        self.open_riichi = ruleset.riichi.open_riichi
        self.open_deal_in_yakuman = ruleset.riichi.open_riichi_deal_in == "yakuman"
        chips = ruleset.chips
        self.chip_bonuses = tuple(b for b in ruleset.bonuses if b.chips)
        self.chips = bool(self.chip_bonuses) or any(
            (chips.ippatsu, chips.ura, chips.red, chips.gold, chips.pocchi, chips.blue, chips.rainbow, chips.all_star,
             chips.yakuman_ron, chips.yakuman_tsumo)
        )  # fmt: skip
        self.flowers_held = ruleset.dora.flower_honour_copy
        self.riichi_with_calls = ruleset.riichi.with_calls
        self.riichi_enabled = ruleset.riichi.enabled
        calls = ruleset.calls
        self.forbidden_calls = {
            meld: f"{name} (calls.{key} off)"
            for meld, name, key, allowed in (
                (MeldType.CHI, "chi", "chi", calls.chi),
                (MeldType.PON, "pon", "pon", calls.pon),
                (MeldType.MINKAN, "kan", "kan", calls.kan),
                (MeldType.ANKAN, "kan", "kan", calls.kan),
                (MeldType.KAKAN, "kan", "kan", calls.kan),
            )
            if not allowed
        }
        self.min_han = ruleset.win.min_han
        self.atozuke = calls.atozuke
        self.kiriage = ruleset.payment.kiriage
        self.conditional = dict(ruleset.conditional)
        self.max_yakuman = ruleset.limit_rules.max_yakuman
        self.formula = not uses_fu(ruleset.payment)
        self.limit_yaku = any(rule.limit is not None for rule in ruleset.all_yaku())

    def score(self, hand: WinInput) -> Score:
        """The best-paying reading of `hand`; ScoreError when it cannot win, or when one of the variant's
        expressions cannot be evaluated on it within the language's bounds."""
        wind = round_wind(self.ruleset, hand.round_wind)
        if wind != hand.round_wind:
            hand = replace(hand, round_wind=wind)
        try:
            result = self._score(hand, 0)
            atozuke = self.atozuke or self.yaku_before_winning_tile(hand)
        except EvaluationError as error:
            raise RuleBoundsError(f"the rule file cannot score this hand: {error}") from None
        if not atozuke:
            raise ScoreError(
                "no yaku before the winning tile (calls.atozuke off): another tile of the wait wins this hand "
                "without one"
            )
        return result

    def yaku_before_winning_tile(self, hand: WinInput) -> bool:
        """Whether a hand with calls had its yaku before the winning tile (R-CALL-2, `calls.atozuke off`):
        every tile its wait completes it with would win it, under the same circumstances, with a yaku. A
        yaku only some tiles of the wait give (dragons in a shanpon, a sanshoku of the last tile) comes with
        the winning tile. A closed hand (kans aside) is not asked: atozuke is a rule of calls."""
        if all(m.type is MeldType.ANKAN for m in hand.melds):
            return True
        win = hand.winning_tile
        index = hand.closed.index(win)
        for kind in self.shapes.waits(*_without(hand, index)):
            if kind == win.kind:
                continue
            other = Tile(kind)
            closed = (*hand.closed[:index], other, *hand.closed[index + 1 :])
            try:
                self._score(replace(hand, closed=closed, win=other), 0)
            except NoYakuError:
                return False
            except ScoreError:  # not a win for another reason (the tiles shown): no yaku is missing
                continue
        return True

    def readings(self, hand: WinInput) -> Iterator[tuple[Win, Reading]]:
        """The facts of each reading of `hand` as the compiled conditions see them (one dict, refilled
        per reading): what tests compare the optimised conditions on with the reference evaluator."""
        wind = round_wind(self.ruleset, hand.round_wind)
        if wind != hand.round_wind:
            hand = replace(hand, round_wind=wind)
        checked = self._check(hand, 0)
        elements = ELEMENTS[hand.seat_wind, hand.round_wind]
        for decomposition in checked.found:
            for reading in readings(decomposition, checked.win):
                yield reading_facts(checked.w, reading, elements, hand.tsumo), reading

    def awarded(self, w: Win) -> list[Member]:
        """The yaku of one reading, in the yaku table's order (before yakuman or minimum han apply)."""
        found: list[Member] = []
        held = w[KINDS_HELD]
        for cluster in self.clusters:
            key = cluster.shape(w)
            plan = cluster.plans.get(key) or cluster.decide(w, key)
            if plan.certain:
                found += plan.certain
            for family in plan.open_families:
                for none_held, some_held, residual, member in family:
                    if held & none_held or (some_held and not held & some_held):
                        continue
                    if residual is None or residual(w, ()):
                        found.append(member)
                        break
        if len(found) > 1:
            found.sort(key=_ORDER)
        return found

    # -------------------------------------------------------------- the hand
    def _score(self, hand: WinInput, flowers: int, jokers: int = 0) -> Score:
        """`score`, with `flowers` the number of flowers the hand held as honours (`_score_with_flowers`)
        and `jokers` the pocchi tiles standing for another tile (`_score_with_joker`)."""
        if self.flowers_held and any(t.is_flower for t in hand.closed):
            return self._score_with_flowers(hand)
        if self.jokers and self._wild(hand):
            return self._score_with_joker(hand)
        checked = self._check(hand, flowers)
        w = checked.w
        elements = ELEMENTS[hand.seat_wind, hand.round_wind]
        dora = self.dora.count(hand, checked.held, checked.counts, checked.marked, w["closed"])
        if jokers and self.pocchi_value:
            dora["pocchi"] = dora.get("pocchi", 0) + jokers * self.pocchi_value
        best: Score | None = None
        no_yaku: Win | None = None
        kept = False
        tsumo = hand.tsumo
        for decomposition in checked.found:
            for reading in readings(decomposition, checked.win):
                facts = reading_facts(w, reading, elements, tsumo)
                result = self._score_reading(hand, reading, facts, dora)
                if result is None:
                    no_yaku = facts
                elif checked.nuki_kept and not result.yakuman:
                    kept = True
                elif best is None or _better(result, best):
                    best = result
        if best is None:
            if kept:
                nuki = format_tiles(Tile(k) for k in self.nuki_yakuman_only if w[KINDS_HELD] >> (8 * k) & 255)
                raise ScoreError(f"{nuki} is a nuki dora: kept in the hand it may be used only for a yakuman")
            if no_yaku is None:
                raise ScoreError("no reading wins")
            least = setting_on_win(self.ruleset, "win.min_han", self.min_han, no_yaku)
            raise NoYakuError(f"no yaku: the hand needs at least {least} han of yaku (dora do not count)")
        if self.chips:
            chips = self._chips(hand, dora, checked.marked, w["closed"], best.yakuman, jokers, best.chips)
            return best._replace(chips=chips)
        return best

    def _chips(
        self,
        hand: WinInput,
        dora: dict[str, int],
        marked: list[Tile],
        closed: bool,
        yakuman: int,
        jokers: int,
        bonuses: Chips | None,
    ) -> Chips:
        """The chips of a win (R-DORA-12, R-DORA-13): a condition on marked tiles removes their chips, never
        their dora; ura chips follow the ura dora counted (before a yakuman sets dora aside). `bonuses` holds
        the chips of the variant's chip bonuses on the reading that pays."""
        rules = self.ruleset.chips
        riichi = hand.riichi or hand.double_riichi
        found = {"ippatsu": rules.ippatsu if hand.ippatsu else 0, "ura": rules.ura * dora.get("ura", 0)}
        condition = rules.marked_condition
        if condition == "always" or (closed if condition == "closed" else riichi):
            reds = [t for t in marked if t.mark is Mark.RED]
            found["red"] = rules.red * len(reds)
            found["gold"] = rules.gold * sum([t.mark is Mark.GOLD for t in marked])
            found["pocchi"] = rules.pocchi * (sum([t.mark is Mark.POCCHI for t in marked]) + jokers)
            found["blue"] = rules.blue * sum([t.mark is Mark.BLUE for t in marked])
            found["rainbow"] = rules.rainbow * sum([t.mark is Mark.RAINBOW for t in marked])
            all_star = {suit_of(t.kind) for t in reds} >= {0, 1, 2}
            if all_star and (closed or self.ruleset.dora.all_star_condition == "always"):
                found["all_star"] = rules.all_star
        found["yakuman"] = (rules.yakuman_tsumo if hand.tsumo else rules.yakuman_ron) * yakuman
        if bonuses is not None:
            found.update(bonuses.by_kind)
        payers = self.ruleset.game.players - 1 if hand.tsumo else 1
        return Chips({kind: n for kind, n in found.items() if n}, payers, rules.value)

    def _check(self, hand: WinInput, flowers: int) -> _Hand:
        """Count and check the tiles, and find the hand's decompositions; ScoreError for a hand that cannot
        exist under the variant or does not win."""
        impossible = self._impossible(hand)
        if impossible:
            raise ScoreError("impossible win: " + "; ".join(impossible))
        concealed, counts, held, marked = self._counted(hand)
        self._check_counts(hand, counts, held, marked)
        if not hand.closed:
            raise ScoreError("no closed tiles: the winning tile at least is in the hand")
        win_tile = hand.win or hand.closed[-1]
        win = win_tile.kind
        if win >= KINDS or not concealed[win]:
            raise ScoreError(f"the winning tile {win_tile} is not among the closed tiles")
        if hand.chankan and counts[win] != 1:
            raise ScoreError(f"robbing a kan of {win_tile} needs its other three copies in that kan, not in this hand")
        found = decompositions(concealed, hand.melds, quads_as_pairs=self.quads_as_pairs)
        if not found:
            size = sum(concealed) + 3 * len(hand.melds)
            if size != 14:
                raise ScoreError(
                    f"not a winning hand: {size} tiles where a win has 14 (a called meld or a kan counts as 3)"
                )
            raise ScoreError(
                "not a winning hand: no reading as four groups and a pair, seven pairs or thirteen orphans"
            )
        nuki_kept = any(counts[k] for k in self.nuki_yakuman_only)
        return _Hand(hand_facts(hand, counts, marked, flowers), held, counts, marked, found, win, nuki_kept)

    def _impossible(self, hand: WinInput) -> list[str]:
        """What the win cannot have under this variant (riichi, calls, seats), each said in words."""
        impossible = hand.contradictions()
        riichi_after_calls = bool(hand.melds) and (hand.riichi or hand.double_riichi) and not self.riichi_with_calls
        if riichi_after_calls and any(m.is_open for m in hand.melds):
            impossible.append("riichi needs a closed hand under this variant (no riichi after calls)")
        if hand.open_riichi and not self.open_riichi:
            impossible.append("this variant has no open riichi")
        if not self.riichi_enabled and (hand.riichi or hand.double_riichi or hand.open_riichi):
            impossible.append("this variant has no riichi (riichi.enabled off)")
        if self.forbidden_calls:
            for forbidden in dict.fromkeys(self.forbidden_calls.get(m.type) for m in hand.melds):
                if forbidden is not None:
                    impossible.append(f"this variant has no {forbidden}")
            if hand.chankan and not self.ruleset.calls.kan:
                impossible.append("robbing a kan needs a kan, and this variant has none (calls.kan off)")
        seats = self.ruleset.game.players
        for who, wind in (("the winner", hand.seat_wind), ("the discarder", hand.discarder)):
            if wind is not None and wind - TON >= seats:
                impossible.append(f"{who} sits North, but this variant seats {seats} players (East, South, West)")
        return impossible

    def _counted(self, hand: WinInput) -> tuple[list[int], list[int], list[int], list[Tile]]:
        """The copies of each kind in the closed tiles, with the melds (`counts`), with the nuki too
        (`held`), and the marked tiles among them all."""
        plain = Mark.PLAIN
        concealed = [0] * (FLOWER_BASE + FLOWERS)  # flowers land past the 34 kinds
        marked: list[Tile] = []
        for tile in hand.closed:
            concealed[tile.kind] += 1
            if tile.mark is not plain:
                marked.append(tile)
        if any(concealed[KINDS:]):
            raise ScoreError("flowers are set aside (nuki), not part of the hand")
        del concealed[KINDS:]
        counts = concealed
        if hand.melds:
            counts = list(concealed)
            for meld in hand.melds:
                for tile in meld.tiles:
                    counts[tile.kind] += 1
                    if tile.mark is not plain:
                        marked.append(tile)
        held = counts
        if hand.nuki:
            held = list(counts)
            for tile in hand.nuki:
                if tile.mark is not plain:
                    marked.append(tile)
                if tile.kind < KINDS:
                    if tile.kind not in self.nuki:
                        raise ScoreError(f"{tile} is not a nuki dora of this variant")
                    held[tile.kind] += 1
        return concealed, counts, held, marked

    def _check_counts(self, hand: WinInput, counts: list[int], held: list[int], marked: list[Tile]) -> None:
        """Refuse more copies than the set has (hand, melds, nuki and indicators together), indicators the
        variant cannot show, and a nuki kind held where nuki are never part of a hand."""
        ruleset = self.ruleset
        indicators = hand.dora_indicators + hand.ura_indicators
        if indicators:
            self._check_indicators(hand, indicators)
        if (
            hand.nuki
            or (
                max(held) > self.uniform_copies
                if self.uniform_copies is not None
                else any(map(operator.gt, held, ruleset.tile_set.copies))
            )
            or (marked and not _marks_fit(self.marked_copies, marked))
            or (indicators and not self._indicators_fit(indicators, held, marked))
        ):
            problem = ruleset.tile_set.check_hand(hand.tiles)
            if problem:
                raise ScoreError(f"{problem} (the hand, its melds, nuki and the indicators together)")
        if self.nuki_never_held:
            nuki_held = [k for k in self.nuki_never_held if counts[k]]
            if nuki_held:
                raise ScoreError(
                    f"{format_tiles(Tile(k) for k in nuki_held)} is set aside as nuki dora and is never part of a hand"
                )

    def _wild(self, hand: WinInput) -> bool:
        """Whether the winning tile is a joker on this win (`Shapes.wild`, R-TILE-7)."""
        riichi = hand.riichi or hand.double_riichi
        return self.shapes.wild(hand.winning_tile, tsumo=hand.tsumo, riichi=riichi, ippatsu=hand.ippatsu)

    def _score_with_joker(self, hand: WinInput) -> Score:
        """White pocchi as a joker (R-TILE-7): it stands for each kind `Shapes.joker_kinds` gives (the kinds
        the engine offers the win on), as a plain copy that counts toward that kind's copies; its own pocchi
        value still counts. The best reading pays."""
        win = hand.winning_tile
        index = next(i for i, t in enumerate(hand.closed) if t.mark is Mark.POCCHI and t.kind == win.kind)
        rest, melded = _without(hand, index)
        best: Score | None = None
        problem = "not a winning hand"
        for kind in self.shapes.joker_kinds(rest, melded):
            stand_in = Tile(kind)
            closed = (*hand.closed[:index], stand_in, *hand.closed[index + 1 :])
            try:
                result = self._score(replace(hand, closed=closed, win=stand_in), 0, 1)
            except ScoreError as error:
                problem = str(error)
                continue
            if best is None or _better(result, best):
                best = result
        if best is None:
            raise ScoreError(f"{problem} (whatever the pocchi stands for)")
        return best

    def _check_indicators(self, hand: WinInput, indicators: tuple[Tile, ...]) -> None:
        """Refuse indicators this variant cannot show (`most_indicators`), rather than count them."""
        kinds = self.indicator_kinds
        for indicator in indicators:
            if indicator.kind not in kinds:
                raise ScoreError(f"dora indicator {indicator} is not in this variant's tiles")
        shown, ura = len(hand.dora_indicators), len(hand.ura_indicators)
        if shown > self.most_dora:
            raise ScoreError(f"{shown} dora indicators, but this variant shows at most {self.most_dora}")
        if ura > self.most_ura:
            raise ScoreError(
                f"{ura} ura indicators, but this variant has "
                + (f"at most {self.most_ura}" if self.most_ura else "no ura dora")
            )

    def _indicators_fit(self, indicators: tuple[Tile, ...], held: list[int], marked: list[Tile]) -> bool:
        """Whether the set has the indicators' tiles besides those the hand holds (a quick test: the
        full one, with its message, is `TileSet.check_hand`). A kind held so few times that all the
        indicators could be copies of it needs no count."""
        copies = self.copies
        room = len(indicators)
        plain = Mark.PLAIN
        for t in indicators:
            if t.mark is not plain:
                return _marks_fit(self.marked_copies, marked + [u for u in indicators if u.mark is not plain]) and all(
                    u.kind >= KINDS or held[u.kind] + indicators.count(u) <= copies[u.kind] for u in indicators
                )
            k = t.kind
            if k < KINDS and held[k] + room > copies[k] and held[k] + indicators.count(t) > copies[k]:
                return False
        return True

    def _score_with_flowers(self, hand: WinInput) -> Score:
        """Flowers held in the hand (R-DORA-17, 鳴き立直): every way they stand in for honours
        (`hand.flowers.stand_ins`) is scored as if each flower were its honour, with the fact `flowers`
        saying how many flowers are held; the best pays."""
        flowers = [t for t in hand.closed if t.is_flower]
        held = to_counts(hand.closed)
        honours = [k for k in range(27, KINDS) if self.ruleset.tile_set.copies[k]]
        best: Score | None = None
        problem = ""
        for kinds in stand_ins(held, len(flowers), honours):
            stand_in = dict(zip(flowers, kinds, strict=True))
            closed = tuple(Tile(stand_in[t]) if t.is_flower else t for t in hand.closed)
            win = Tile(stand_in[hand.winning_tile]) if hand.winning_tile.is_flower else hand.winning_tile
            try:
                result = self._score(replace(hand, closed=closed, win=win), len(flowers))
            except ScoreError as error:
                problem = str(error)
                continue
            if best is None or _better(result, best):
                best = result
        if best is None:
            if not problem:
                raise ScoreError(
                    "a flower in the hand must stand beside one or two of an honour, or pair with another flower"
                )
            raise ScoreError(f"{problem} (however the flowers stand in for honours)")
        return best

    # -------------------------------------------------------------- one reading
    def _score_reading(self, hand: WinInput, reading: Reading, w: Win, dora: dict[str, int]) -> Score | None:
        found = self.awarded(w)
        if self.limit_yaku and any(m.scored.limit for m in found) and not any(m.scored.yakuman for m in found):
            # A limit yaku is not cumulative: the hand is paid as the limit alone, or as its other yaku
            # (with dora and bonuses) when those pay more.
            top = max((m for m in found if m.scored.limit), key=lambda m: LIMIT_HAN[Limit(m.scored.limit)])
            alone = self._limit_reading(hand, reading, w, top, found)
            plain = self._priced(hand, reading, w, dora, [m for m in found if not m.scored.limit])
            return alone if plain is None or _better(alone, plain) else plain
        return self._priced(hand, reading, w, dora, found)

    def _limit_reading(self, hand: WinInput, reading: Reading, w: Win, top: Member, found: list[Member]) -> Score:
        """The reading paid as the limit yaku `top` alone: no other yaku, bonus or dora; the limit's han
        whatever the fu, shared out as the standard payment does, under a formula scheme too."""
        limit = Limit(top.scored.limit)
        fu_result = self._fu(hand, reading, found)
        chips = Chips(_chip_bonuses(self.chip_bonuses, w), 0, 0) if self.chip_bonuses else None
        terms = PaymentTerms(
            LIMIT_HAN[limit], fu_result.total, 0, w["dealer"], hand.tsumo, hand.honba, hand.riichi_sticks, False
        )
        paid, _ = standard_payment(self.ruleset, terms)
        return Score(0, fu_result.total, (top.scored,), (), 0, {}, paid, limit, reading, fu_result.parts, chips=chips)

    def _fu(self, hand: WinInput, reading: Reading, found: list[Member]) -> Fu:
        return fu(
            reading,
            tsumo=hand.tsumo,
            pinfu=hand.tsumo and any(m.scored.id == PINFU for m in found),
            seat_wind=hand.seat_wind,
            round_wind=hand.round_wind,
            rinshan=hand.rinshan,
            rules=self.ruleset.fu_rules,
        )

    def _priced(
        self, hand: WinInput, reading: Reading, w: Win, dora: dict[str, int], found: list[Member]
    ) -> Score | None:
        """The reading paid by its yaku's han (or yakuman), bonuses and dora."""
        yakuman = sum([m.scored.yakuman for m in found])
        if yakuman:
            yakuman = min(yakuman, self.max_yakuman)
            yaku = tuple(m.scored for m in found if m.scored.yakuman or m.with_yakuman)
        else:
            yaku = tuple(m.scored for m in found)
        yaku_han = sum(map(_HAN, yaku))
        conditional = self.conditional
        min_han = setting_on_win(self.ruleset, "win.min_han", self.min_han, w) if conditional else self.min_han
        if not yakuman and yaku_han < min_han:
            return None  # with `min_han 0` a hand without yaku still wins (鳴き立直, R-WIN-3)
        ruleset = self.ruleset
        bonuses = _bonuses(ruleset, w, yakuman) if ruleset.bonuses else ()
        chips = Chips(_chip_bonuses(self.chip_bonuses, w), 0, 0) if self.chip_bonuses else None
        bonus_han = sum(map(_HAN, bonuses))
        dora_han = sum(dora.values()) if dora and not yakuman else 0
        han = yaku_han + bonus_han + dora_han
        paid_yakuman = yakuman or int(
            hand.open_riichi and not hand.tsumo and not hand.discarder_riichi and self.open_deal_in_yakuman
        )  # R-RIICHI-6: a player not in riichi who deals into an open riichi pays a yakuman
        fu_result = self._fu(hand, reading, found)
        if self.formula:
            value = HandValue(han, yaku_han, bonus_han, dora_han, fu_result.total, paid_yakuman)
            paid, limit, formula_values = formula_payment(ruleset, hand, w, value)
            return Score(
                han, fu_result.total, yaku, bonuses, yakuman, dora if not yakuman else {}, paid, limit, reading,
                fu_result.parts, formula_values, chips,
            )  # fmt: skip
        on = kiriage(ruleset, w) if conditional else self.kiriage
        terms = PaymentTerms(
            han, fu_result.total, paid_yakuman, w["dealer"], hand.tsumo, hand.honba, hand.riichi_sticks, on
        )
        paid_as = self.paid.get(terms)
        if paid_as is None:
            if len(self.paid) >= PLAN_LIMIT:
                self.paid.clear()
            paid_as = self.paid[terms] = standard_payment(ruleset, terms)
        return Score(
            han, fu_result.total, yaku, bonuses, yakuman, dora if not yakuman else {}, paid_as[0], paid_as[1],
            reading, fu_result.parts, chips=chips,
        )  # fmt: skip


_ORDER = operator.attrgetter("order")
_HAN = operator.attrgetter("han")


def _marks_fit(allowed: dict[tuple[int, Mark], int], marked: Sequence[Tile]) -> bool:
    """Whether the set has enough copies of each marked tile held (a red 5m twice cannot be)."""
    seen: dict[tuple[int, Mark], int] = {}
    for tile in marked:
        key = (tile.kind, tile.mark)
        n = seen[key] = seen.get(key, 0) + 1
        if n > allowed.get(key, 0):
            return False
    return True


def _better(a: Score, b: Score) -> bool:
    """Pays more; at the same pay a real yakuman before a counted one (四暗刻単騎 over 13 han of
    iipeikou, chanta, honitsu and dora), then more han, then more fu."""
    return (a.payments.hand, a.yakuman, a.han, a.fu) > (b.payments.hand, b.yakuman, b.han, b.fu)


def _bonuses(ruleset: Ruleset, w: Win, yakuman: int) -> tuple[ScoredYaku, ...]:
    """The non-yaku han that apply (with a yakuman, only those marked `with_yakuman`)."""
    bonuses = []
    for bonus in ruleset.bonuses:
        if bonus.chips or (yakuman and not bonus.with_yakuman):
            continue
        if bonus.condition is None or bonus.condition(w, ()):
            value = int(bonus.value(w, ()))
            if value:
                bonuses.append(ScoredYaku(bonus.id, bonus.name_ja, bonus.name_en, value))
    return tuple(bonuses)


def _chip_bonuses(bonuses: tuple[BonusRule, ...], w: Win) -> dict[str, int]:
    """The chips each chip bonus (`bonus … chips = …`) earns on this reading, by its id."""
    found = {}
    for bonus in bonuses:
        if bonus.condition is None or bonus.condition(w, ()):
            found[bonus.id] = int(bonus.value(w, ()))
    return found


def _without(hand: WinInput, index: int) -> tuple[list[int], list[int]]:
    """The counts of the closed tiles less the one at `index` (the winning tile), and of the melds: the hand
    one tile short, as `Shapes.waits` reads it."""
    return to_counts(hand.closed[:index] + hand.closed[index + 1 :]), to_counts(
        [t for m in hand.melds for t in m.tiles]
    )
