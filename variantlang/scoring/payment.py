"""What a hand pays: the standard han-and-fu payment, or the variant's own payment program (`scheme
formula`), each assignment run in order."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, NamedTuple

from variantlang.hand.points import SEAT_NAMES, Limit, Payments, payments
from variantlang.hand.tiles import TON
from variantlang.model.ruleset import Ruleset
from variantlang.model.win import WinInput
from variantlang.rules.limits import worth
from variantlang.scoring.facts import Win


class PaymentTerms(NamedTuple):
    """What a standard payment depends on: the scorer keeps one payment per set of terms (few occur)."""

    han: int
    fu: int
    yakuman: int
    dealer: bool
    tsumo: bool
    honba: int
    sticks: int
    kiriage: bool
    """The setting's value on this win (it may depend on the win)."""


class HandValue(NamedTuple):
    """What a payment program reads of the hand, by the names the program uses."""

    han: int
    yaku_han: int
    bonus_han: int
    dora: int
    fu: int
    yakuman: int


def standard_payment(ruleset: Ruleset, terms: PaymentTerms) -> tuple[Payments, Limit]:
    """Standard payment of a hand: its limit by han and fu, shared out among the payers."""
    value = worth(ruleset, terms.han, terms.fu, terms.yakuman, kiriage=terms.kiriage)
    paid = payments(
        value.base,
        dealer=terms.dealer,
        tsumo=terms.tsumo,
        honba=terms.honba,
        riichi_sticks=terms.sticks,
        rules=ruleset.payment_rules,
    )
    return paid, value.limit


def formula_payment(
    ruleset: Ruleset, hand: WinInput, w: Win, value: HandValue
) -> tuple[Payments, Limit, dict[str, float]]:
    """Run the variant's payment program: each assignment in order, the later ones winning when they hold.
    A program that reads the payer (`payer_dealer`, `payer_seat`, `payer_relative`) runs once for each
    payer: the discarder of a ron, every other player of a tsumo. The values are exact (integers and
    fractions); each payer's amount (its share, under `tsumo split`) is rounded up to 100 only at the end."""
    w.update(value._asdict())
    rules = ruleset.payment_rules
    players = rules.players
    seat = w["seat_wind"] - TON
    if hand.tsumo:
        payers = [(seat + step) % players for step in range(1, players)]
    else:
        payers = [hand.discarder - TON if hand.discarder is not None else (seat - 1) % players]
    share = Fraction(1, players - 1) if hand.tsumo and ruleset.payment.tsumo == "split" else 1
    names = {f.name: f.slot for f in ruleset.formulas}
    owed: dict[int, int] = {}
    values: dict[str, float] = {}
    variables: list[Any] = []
    for payer in payers:
        if ruleset.payer_aware:
            w.update(payer_dealer=payer == 0, payer_seat=TON + payer, payer_relative=(payer - seat) % players)
            variables = _run(ruleset, w)
            values.update({f"{name}@{SEAT_NAMES[payer]}": _shown(variables[slot]) for name, slot in names.items()})
        elif not variables:  # the same for every payer: run once
            variables = _run(ruleset, w)
            values = {name: _shown(variables[slot]) for name, slot in names.items()}
        owed[payer] = _up_to_100(max(0, variables[names["value"]]) * share)
    limit = Limit.YAKUMAN if value.yakuman else Limit.NONE
    sticks = hand.riichi_sticks * rules.riichi_stick
    if not hand.tsumo:
        return Payments(owed[payers[0]], 0, 0, 0, hand.honba * rules.honba_ron, sticks), limit, values
    honba = hand.honba * rules.honba_tsumo
    dealer_pays = owed.pop(0, 0)
    others = set(owed.values())
    if len(others) > 1:
        by_seat = tuple(None if i == seat else dealer_pays if i == 0 else owed[i] for i in range(players))
        return Payments(0, 0, 0, 0, honba, sticks, by_seat), limit, values
    each = others.pop() if others else dealer_pays
    if seat == 0:
        return Payments(0, 0, each, players - 1, honba, sticks), limit, values
    return Payments(0, dealer_pays, each, players - 2, honba, sticks), limit, values


def _run(ruleset: Ruleset, w: Win) -> list[Any]:
    """The payment variables after every assignment whose condition holds has run, in order."""
    variables: list[Any] = [0] * ruleset.formula_slots
    w["vars"] = variables
    for formula in ruleset.formulas:
        if formula.condition is None or formula.condition(w, ()):
            variables[formula.slot] = formula.value(w, ())
    return variables


def _up_to_100(points: Any) -> int:
    """An exact amount (an int or a Fraction) rounded up to a multiple of 100, without passing through floats."""
    return int(-(-points // 100)) * 100


def _shown(value: Any) -> int | float:
    """A formula variable as `Score` shows it: a whole number as an int, a fraction as the nearest float
    (typed so: mypyc turns whatever a function declared `float` returns into a float)."""
    return value if isinstance(value, int) else float(value)
