"""Which limit a win reaches (R-PAY-1, R-PAY-2), with settings that take another value on some wins
(`payment { kiriage on when dealer }`): the scorer's payments and the sheet's tables both ask here, so a
table cannot say 11600 where `score` pays 12000."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from variantlang.catalog import PaymentSettings
from variantlang.hand.points import Value, hand_value
from variantlang.model.ruleset import Ruleset


def uses_fu(payment: PaymentSettings) -> bool:
    """Whether hands are paid by fu and han (R-PAY-1), not by the variant's own formula (R-PAY-2, R-PAY-3)."""
    return payment.scheme == "standard"


def setting_on_win(ruleset: Ruleset, path: str, plain: Any, facts: Mapping[str, Any]) -> Any:
    """A conditional setting's value on one win (`min_han 2 when honba >= 5`): the last alternative whose
    condition holds on the win's `facts`, else its `plain` value."""
    value = plain
    for alternative in ruleset.conditional.get(path, ()):
        if alternative.condition(facts, ()):
            value = alternative.value
    return value


def kiriage(ruleset: Ruleset, facts: Mapping[str, Any] | None) -> bool:
    """Whether 4 han 30 fu and 3 han 60 fu are paid as mangan on this win (`payment.kiriage`, which may
    hold on some wins only); `facts` None: a win no condition holds on."""
    plain = ruleset.payment.kiriage
    if facts is None or "payment.kiriage" not in ruleset.conditional:
        return plain
    return bool(setting_on_win(ruleset, "payment.kiriage", plain, facts))


def worth(ruleset: Ruleset, han: int, fu: int, yakuman: int, *, kiriage: bool) -> Value:
    """The base points and the limit of a hand of `han` and `fu` (or `yakuman`), with kiriage as it holds
    on the win (`kiriage`)."""
    limits = ruleset.limit_rules
    return hand_value(han, fu, yakuman, limits if limits.kiriage == kiriage else replace(limits, kiriage=kiriage))
