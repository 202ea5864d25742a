"""What a hand pays: the standard han-and-fu payment, or the variant's own payment program (`scheme
formula`), each assignment run in order."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from variantlang.hand.points import Limit, Payments, hand_value, payments
from variantlang.model.ruleset import Ruleset
from variantlang.model.win import WinInput
from variantlang.scoring.facts import Win


def standard_payment(
    ruleset: Ruleset,
    han: int,
    fu: int,
    yakuman: int,
    dealer: bool,
    tsumo: bool,
    honba: int,
    sticks: int,
    kiriage: bool,
) -> tuple[Payments, Limit]:
    """Standard payment of a hand (kept per ruleset by its terms: few combinations occur). `kiriage` is
    the setting's value on this win (it may depend on the win)."""
    limits = ruleset.limit_rules
    worth = hand_value(han, fu, yakuman, limits if limits.kiriage == kiriage else replace(limits, kiriage=kiriage))
    paid = payments(
        worth.base, dealer=dealer, tsumo=tsumo, honba=honba, riichi_sticks=sticks, rules=ruleset.payment_rules
    )
    return paid, worth.limit


def formula_payment(
    ruleset: Ruleset,
    hand: WinInput,
    w: Win,
    han: int,
    yaku_han: int,
    bonus_han: int,
    dora_han: int,
    fu_total: int,
    yakuman: int,
) -> tuple[Payments, Limit, dict[str, float]]:
    """Run the variant's payment program: each assignment in order, the later ones winning when they hold.
    The values are exact (integers and fractions); a payment is rounded up to 100 only at the end."""
    w.update(han=han, yaku_han=yaku_han, bonus_han=bonus_han, dora=dora_han, fu=fu_total, yakuman=yakuman)
    variables: list[Any] = [0] * ruleset.formula_slots
    w["vars"] = variables
    for formula in ruleset.formulas:
        if formula.condition is None or formula.condition(w, ()):
            variables[formula.slot] = formula.value(w, ())
    names = {f.name: f.slot for f in ruleset.formulas}
    value = _up_to_100(max(0, variables[names["value"]]))
    rules = ruleset.payment_rules
    sticks = hand.riichi_sticks * rules.riichi_stick
    dealer = w["dealer"]
    values = {name: _shown(variables[slot]) for name, slot in names.items()}
    limit = Limit.YAKUMAN if yakuman else Limit.NONE
    if not hand.tsumo:
        return Payments(value, 0, 0, 0, hand.honba * rules.honba_ron, sticks), limit, values
    others = rules.players - 1
    honba = hand.honba * rules.honba_tsumo
    if ruleset.payment.tsumo == "split":
        value = _up_to_100(Fraction(value, others))
    if dealer:
        return Payments(0, 0, value, others, honba, sticks), limit, values
    return Payments(0, value, value, others - 1, honba, sticks), limit, values


def _up_to_100(points: Any) -> int:
    """An exact amount (an int or a Fraction) rounded up to a multiple of 100, without passing through floats."""
    return int(-(-points // 100)) * 100


def _shown(value: Any) -> float:
    """A formula variable as `Score` shows it: a whole number as an int, a fraction as the nearest float."""
    return value if isinstance(value, int) else float(value)
