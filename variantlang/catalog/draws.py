"""How a hand ends without a win: abortive draws, noten payments, nagashi mangan (R-DRAW)."""

from __future__ import annotations

from typing import Any, Literal

from variantlang.catalog import formats
from variantlang.catalog.declare import section, setting
from variantlang.catalog.entry import Choice, Kind, Switch, Template, Text
from variantlang.catalog.feeds import Question


def _riichi(rules: Any) -> bool:
    """Riichi is played (`riichi.enabled`): the rules that follow from a riichi matter."""
    return bool(rules.riichi.enabled)


NAGASHI_NO_NOTEN = Text(
    "⟪noten: A hand that pays nagashi mangan pays no noten payments.⟫",
    "⟪noten:流し満貫が成立した局はノーテン罰符を払わない。⟫",
)
"""What nagashi does to the noten payments (`rules.settlement.settle_exhaustive`: nagashi in their place), said
wherever nagashi's amount is (the catalog's sentence, the sheet's for a formula's own value)."""


@section("draws", sheet="hand_end")
class DrawsSettings:
    kyuushu_kyuuhai: bool = setting(
        False,
        Kind.BOOL,
        rule="R-DRAW-1",
        label=Text("Nine terminals", "九種九牌"),
        feeds=(Question.OFFERS,),
        abortive=True,
        prose=Switch(
            on=Text(
                "Nine terminals (kyuushu kyuuhai): a player holding nine or more different terminals and honours "
                "on their first draw, before any call, may declare an abortive draw.",
                "九種九牌あり。第一ツモの時点で（鳴きが入る前）么九牌が9種以上あれば、流局を宣言できる。",
            ),
            off=Text(
                "No nine-terminals abort: a starting hand with nine different terminals and honours is played on.",
                "九種九牌なし。么九牌が9種以上あっても流局にはできない。",
            ),
        ),
    )
    suufon_renda: bool = setting(
        False,
        Kind.BOOL,
        rule="R-DRAW-1",
        label=Text("⟪four:Four winds|Three winds⟫", "⟪four:四風連打|三風連打⟫"),
        feeds=(Question.PROCEDURE,),
        abortive=True,
        prose=Switch(
            on=Text(
                "Four winds (suufon renda⟪four:|; with three players, three winds: sanfuu renda⟫): if every player "
                "discards the same wind on the first go-around with no call, the hand is an abortive draw.",
                "四風連打⟪four:|（三人麻雀では三風連打）⟫あり。第一巡に全員が同じ風牌を捨て、その間に鳴きがなければ途中流局。",
            ),
            off=Text(
                "No abort when every player discards the same wind on the first go-around: play goes on.",
                "第一巡に全員が同じ風牌を捨てても途中流局にせず、続行する。",
            ),
        ),
    )
    suukan_sanra: bool = setting(
        False,
        Kind.BOOL,
        rule="R-DRAW-1",
        label=Text("Four kans", "四槓散了"),
        feeds=(Question.PROCEDURE,),
        abortive=True,
        prose=Switch(
            on=Text(
                "Four kans (suukan sanra): once two or more players have made four kans between them, the hand is an "
                "abortive draw when the fourth kan's discard is not won on.",
                "四槓散了あり。2人以上で合計4回カンが行われ、4回目のカンの打牌でロンがなければ途中流局。",
            ),
            off=Text(
                "No four-kans abort: play goes on after four kans by different players.",
                "四槓散了なし。複数人で合計4回カンが行われても続行する。",
            ),
        ),
    )
    suucha_riichi: bool = setting(
        False,
        Kind.BOOL,
        rule="R-DRAW-1",
        label=Text("Every player in riichi", "全員立直"),
        feeds=(Question.PROCEDURE,),
        applies=_riichi,
        abortive=True,
        prose=Switch(
            on=Text(
                "Every player in riichi (⟪four:suucha riichi|sancha riichi⟫): when every player at "
                "the table is in riichi, the hand is an abortive draw once the last riichi discard is not won on.",
                "全員立直で途中流局（⟪four:四家立直|三家立直⟫）。全員が立直し、最後の立直の宣言牌でロンがなけ"
                "れば途中流局。",
            ),
            off=Text(
                "No abort when every player is in riichi: the hand goes on.",
                "全員が立直しても途中流局にせず、続行する。",
            ),
        ),
    )
    sancha_hou: bool = setting(
        False,
        Kind.BOOL,
        rule="R-DRAW-1 R-WIN-1",
        label=Text("Triple ron", "三家和（途中流局）"),
        feeds=(Question.PROCEDURE,),
        abortive=True,
        prose=Switch(
            on=Text(
                "Triple ron (sancha hou): when three players call ron on the same discard, the hand is an abortive "
                "draw and nobody wins.",
                "三家和あり。3人が同じ牌でロンしたら途中流局とし、和了は成立しない。",
            ),
            off=Text(
                "No triple-ron abort: when three players call ron on the same discard, the multiple-ron rule decides "
                "who wins.",
                "三家和なし。3人が同じ牌でロンしても流局にせず、複数ロンの規定に従う。",
            ),
        ),
        applies=lambda rules: rules.game.players == 4,  # three players: at most two can ron
    )
    noten_payment: int = setting(
        3000,
        Kind.INT,
        rule="R-DRAW-2",
        label=Text("Noten penalty", "ノーテン罰符"),
        feeds=(Question.SETTLEMENT,),
        low=0,
        high=10**6,
        glance=16,
        prose=Template(
            Text(
                "At an exhaustive draw the noten players pay a noten penalty of {value} to the tenpai players.",
                "荒牌流局時、ノーテンの者は聴牌の者にノーテン罰符{value}を支払う。",
            ),
            formats.points,
            empty=Text(
                "There is no noten penalty: an exhaustive draw costs nobody anything.",
                "ノーテン罰符なし。荒牌流局で点棒の移動はない。",
            ),
        ),
    )
    noten_style: Literal["split", "per_tenpai_player"] = setting(
        "split",
        Kind.CHOICE,
        rule="R-DRAW-2",
        label=Text("Noten payment", "ノーテン罰符の払い方"),
        feeds=(Question.SETTLEMENT,),
        short={
            "split": Text("a total, shared", "場に分配"),
            "per_tenpai_player": Text("to each tenpai player", "聴牌者1人につき"),
        },
        prose=Choice(
            {
                "split": Text(
                    "The noten penalty is a total: the noten players pay it in equal shares and the tenpai players "
                    "receive it in equal shares, in multiples of 100 points⟪uneven:; what does not divide evenly is "
                    "paid, or received, by the first of them in turn from the dealer (decision: 1,000 from three noten "
                    "players is 400, 300, 300)⟫, so exactly the total changes hands.",
                    "ノーテン罰符は場全体の合計額で、ノーテンの者が等分して支払い、聴牌の者が等分して受け取る（100点単位"
                    "⟪uneven:。割り切れない分は、親から順に数えて先の者が払う、または受け取る。判断：1000点をノーテン3人"
                    "なら400・300・300⟫）。受け渡しはちょうど合計額になる。",
                ),
                "per_tenpai_player": Text(
                    "The noten penalty is paid in full by each noten player to each tenpai player.",
                    "ノーテン罰符は、ノーテンの者それぞれが聴牌の者それぞれに全額を支払う。",
                ),
            }
        ),
        applies=lambda rules: rules.draws.noten_payment > 0,
    )
    nagashi_mangan: bool = setting(
        False,
        Kind.BOOL,
        rule="R-DRAW-2",
        label=Text("Nagashi mangan", "流し満貫"),
        feeds=(Question.SETTLEMENT,),
        prose=Switch(
            on=Text(
                "Nagashi mangan: at an exhaustive draw, a player whose discards are all terminals and honours, none "
                "of them called, is paid a mangan as for a tsumo win." + NAGASHI_NO_NOTEN.en,
                "流し満貫あり。荒牌流局時に捨て牌がすべて么九牌で一枚も鳴かれていない者は、ツモ和了と同様に"
                "満貫の支払いを受ける。" + NAGASHI_NO_NOTEN.ja,
            ),
            off=Text(
                "No nagashi mangan: discards that are all terminals and honours earn nothing at an exhaustive draw.",
                "流し満貫なし。捨て牌がすべて么九牌でも何も得ない。",
            ),
        ),
    )
    formal_tenpai: bool = setting(
        True,
        Kind.BOOL,
        rule="R-DRAW-3",
        label=Text("Formal tenpai", "形式テンパイ"),
        feeds=(Question.SETTLEMENT,),
        prose=Switch(
            on=Text(
                "Formal tenpai counts at an exhaustive draw: a tenpai shape is tenpai "
                "⟪yaku:even without a yaku or with|even with⟫ every winning tile already visible, but not when it "
                "waits only on a fifth copy of a tile the player holds all four of.",
                "形式テンパイあり。⟪yaku:役がなくても、⟫和了牌がすべて見えていても聴牌形なら聴牌とする。"
                "ただし自分で4枚使っている牌の5枚目だけを待つ形は聴牌としない。",
            ),
            off=Text(
                "Formal tenpai does not count: at an exhaustive draw a hand is tenpai only if it could really win, "
                "⟪yaku:with a yaku and |with ⟫a winning tile still unseen.",
                "形式テンパイなし。荒牌流局時は、⟪yaku:役があり|⟫和了牌が残っている手だけを聴牌とする。",
            ),
        ),
    )
