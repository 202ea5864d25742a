"""Penalties: chombo, dead hands and fines (R-GAME-8)."""

from __future__ import annotations

from typing import Literal

from variantlang.catalog import formats
from variantlang.catalog.declare import section, setting
from variantlang.catalog.entry import Choice, Kind, Switch, Template, Text
from variantlang.catalog.feeds import Consumer, Question

NO_OFFENCE = {
    Consumer.ENGINE: "the engine's seats commit no offence: every action is checked against the offers, so no hand "
    "has an irregular player to settle"
}
"""Why the engine is unaffected by the penalties for offences."""


@section("penalties", sheet="penalties")
class PenaltiesSettings:
    chombo_style: Literal["each", "mangan"] = setting(
        "each",
        Kind.CHOICE,
        rule="R-GAME-8 R-PAY-2",
        label=Text("Chombo payment", "チョンボの支払い"),
        feeds=(Question.SETTLEMENT,),
        quiet=True,
        # a set amount of 0 is no chombo payment at all (鳴き立直): then there is no way of paying to compare
        applies=lambda rules: rules.penalties.chombo_style == "mangan" or rules.penalties.chombo > 0,
        short={"each": Text("a set amount to each", "各自に定額"), "mangan": Text("a mangan", "満貫払い")},
        prose=Choice(
            {
                "each": Text(
                    "A chombo is paid as a set amount to each other player.",
                    "チョンボは他家全員に定額を支払う。",
                ),
                "mangan": Text(
                    "A chombo is paid as a mangan (mangan barai): the offender pays each other player what that "
                    "player would pay for a mangan the offender won by tsumo.",
                    "チョンボは満貫払い。反則者が満貫をツモ和了したときに各自が払う額を、反則者が各自に支払う。",
                ),
            }
        ),
    )
    chombo: int = setting(
        0,
        Kind.INT,
        rule="R-GAME-8 R-PAY-2",
        label=Text("Chombo (each player)", "チョンボで1人に払う額"),
        feeds=(Question.SETTLEMENT,),
        applies=lambda rules: rules.penalties.chombo_style == "each",
        low=0,
        high=10**6,
        prose=Template(
            Text(
                "A player who commits a chombo pays {value} to each other player.",
                "チョンボをした者は他家全員に{value}ずつ支払う。",
            ),
            formats.points,
            empty=Text("A chombo carries no payment to the other players.", "チョンボで他家全員に払う罰符はない。"),
        ),
    )
    agari_houki: bool = setting(
        False,
        Kind.BOOL,
        rule="R-GAME-8",
        label=Text("Dead hand (agari houki)", "和了放棄"),
        feeds=(Question.SETTLEMENT,),
        unaffected=NO_OFFENCE,
        prose=Switch(
            on=Text(
                "Agari houki: a player whose hand is irregular (such as too few tiles) plays on but may not win, "
                "call or declare riichi for the rest of the hand.",
                "和了放棄あり。少牌などの反則をした者は、その局の和了・副露・立直ができなくなる（打牌は続ける）。",
            ),
            off=Text("There is no agari houki penalty.", "和了放棄の罰則はない。"),
        ),
    )
    bappu: int = setting(
        0,
        Kind.INT,
        rule="R-GAME-8",
        label=Text("Minor offence fine (bappu)", "軽い反則の罰符"),
        feeds=(Question.SETTLEMENT,),
        unaffected=NO_OFFENCE,
        low=0,
        high=10**6,
        prose=Template(
            Text(
                "A minor offence, such as a wrong pon or kan call, costs a fine (bappu) of {value}.",
                "誤ポン・誤カンなどの軽い反則は罰符{value}。",
            ),
            formats.points,
            empty=Text(
                "A minor offence, such as a wrong pon or kan call, carries no fine.",
                "誤ポン・誤カンなどの軽い反則に罰符はない。",
            ),
        ),
    )
    bappu_deposit: bool = setting(
        False,
        Kind.BOOL,
        rule="R-GAME-8",
        label=Text("Bappu onto the table", "罰符の供託"),
        feeds=(Question.SETTLEMENT,),
        unaffected=NO_OFFENCE,
        applies=lambda rules: rules.penalties.bappu > 0,
        prose=Switch(
            on=Text(
                "The fine goes onto the table as a deposit, like a riichi stick: the next winner takes it.",
                "罰符は場に供託し、立直棒と同じく次の和了者が受け取る。",
            ),
            off=Text("The fine is paid to the other players.", "罰符は他家に支払う。"),
        ),
    )
