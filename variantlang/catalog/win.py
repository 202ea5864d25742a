"""What a win needs and what happens when several players win on one discard (R-WIN)."""

from __future__ import annotations

from typing import Literal

from variantlang.catalog import formats
from variantlang.catalog.applies import has_sticks, has_yakuman
from variantlang.catalog.declare import section, setting
from variantlang.catalog.entry import Choice, Kind, Switch, Template, Text
from variantlang.catalog.feeds import Question

PAO_BY_FOURTH_SET = ("tsuuiisou", "chinroutou", "ryuuiisou")
"""The pao yakuman that a fourth set of their tiles makes certain (the clubs' extension of 大三元・大四喜):
`win.pao`'s sentence defines that certainty (its ⟪fourth:…⟫ part) only where the variant names one of them."""


@section("win", sheet="hand_end")
class WinSettings:
    min_han: int = setting(
        1,
        Kind.INT,
        rule="R-WIN-3 R-DORA-18",
        label=Text("Minimum yaku han", "翻縛り"),
        feeds=(Question.WIN_VALUE,),
        sheet="yaku",
        low=0,
        high=13,
        glance=10,
        conditional=True,
        prose=Template(
            Text(
                "A win needs at least {value} from yaku; dora and other han that are not yaku do not count toward it.",
                "{value}縛り。役による翻が{value}以上なければ和了できず、ドラなど役でない翻は数えない。",
            ),
            formats.han,
            empty=Text(
                "No yaku is needed to win: a complete hand may win without one.",
                "縛りなし。役がなくても和了できる。",
            ),
        ),
    )
    call: Literal["ron", "agari"] = setting(
        "ron",
        Kind.CHOICE,
        rule="R-WIN-2",
        label=Text("Win call", "和了の発声"),
        feeds=(Question.TABLE_MANNER,),
        sheet="play",
        quiet=True,
        short={"ron": Text("Ron", "ロン"), "agari": Text("Agari (or Hu)", "あがり（フー）")},
        prose=Choice(
            {
                "ron": Text(
                    "A win is called 「ron」 on a discard and 「tsumo」 on one's own draw.",
                    "和了の発声は、捨て牌なら「ロン」、自分のツモなら「ツモ」。",
                ),
                "agari": Text(
                    "A win is called 「agari」 (or 「hu」), on a discard and on one's own draw alike, so that it "
                    "is not heard as 「pon」; any call understood as a win will do, and 「ron」 may be used but is "
                    "not the official call.",
                    "和了の発声は、捨て牌でもツモでも「あがり」（または「フー」）。ポンと聞き違えないためで、和了と分かる"
                    "発声なら何でもよく、「ロン」も使えるが正式な発声ではない。",
                ),
            }
        ),
    )
    multiple_ron: Literal["head_bump", "double", "triple"] = setting(
        "double",
        Kind.CHOICE,
        rule="R-WIN-1",
        label=Text("Several ron", "複数ロン"),
        feeds=(Question.SETTLEMENT,),
        glance=11,
        short={
            "head_bump": Text("head bump (one winner)", "頭ハネ"),
            "double": Text("double ron", "ダブロンあり"),
            "triple": Text("up to triple ron", "トリプルロンあり"),
        },
        prose=Choice(
            {
                "head_bump": Text(
                    "Only one player can win on a discard: of several ron calls, the player first in turn after the "
                    "discarder wins (head bump).",
                    "頭ハネ。同じ牌に複数のロンがあれば、放銃者の下家から数えて最初の者だけが和了する。",
                ),
                "double": Text(
                    "Up to two players may win on the same discard (double ron).",
                    "ダブロンあり。同じ牌で2人まで和了できる。",
                ),
                "triple": Text(
                    "Up to three players may win on the same discard (triple ron).",
                    "トリプルロンあり。同じ牌で3人まで和了できる。",
                ),
            }
        ),
    )
    sticks_to: Literal["first_winner", "split"] = setting(
        "first_winner",
        Kind.CHOICE,
        rule="R-STD-2",
        label=Text("Sticks on double ron", "ダブロン時の供託"),
        feeds=(Question.SETTLEMENT,),
        short={"first_winner": Text("first winner in turn", "上家取り"), "split": Text("shared", "折半")},
        applies=lambda rules: rules.win.multiple_ron != "head_bump" and has_sticks(rules),
        prose=Choice(
            {
                "first_winner": Text(
                    "On a double ron, the riichi sticks on the table and the honba go to the winner first in turn "
                    "after the discarder.",
                    "ダブロン時の供託と積み棒は、放銃者の下家から数えて先の和了者が受け取る（上家取り）。",
                ),
                "split": Text(
                    "On a double ron, the riichi sticks on the table and the honba are shared equally by the winners, "
                    "in multiples of 100 points; what does not divide evenly goes to the winner first in turn after "
                    "the discarder (decision: 1,000 among three is 400, 300, 300).",
                    "ダブロン時の供託と積み棒は、和了者で100点単位で等分し、割り切れない分は放銃者の下家から数えて先の"
                    "和了者が受け取る（判断：1000点を3人なら400・300・300）。",
                ),
            }
        ),
    )
    ankan_robbing: Literal["never", "kokushi"] = setting(
        "never",
        Kind.CHOICE,
        rule="R-YAKU-1",
        label=Text("Robbing a closed kan", "暗槓の搶槓"),
        feeds=(Question.OFFERS,),
        short={"never": Text("never", "なし"), "kokushi": Text("thirteen orphans only", "国士無双のみ")},
        prose=Choice(
            {
                "never": Text(
                    "A closed kan cannot be robbed: only an added kan can be won on (chankan).",
                    "暗槓は搶槓できない。搶槓は加槓に対してのみ。",
                ),
                "kokushi": Text(
                    "A player waiting for thirteen orphans on the tile of a closed kan may win on it by ron⟪chankan:, "
                    "as a robbed kan (chankan)⟫; the kan does not stand⟪kandora: and adds no kan dora⟫.",
                    "国士無双の聴牌者は、その待ち牌の暗槓⟪chankan:を搶槓として|で⟫ロン和了できる。"
                    "その槓は⟪kandora:成立せず、槓ドラも増えない|成立しない⟫。",
                ),
            }
        ),
    )
    chiitoitsu_quads: bool = setting(
        False,
        Kind.BOOL,
        rule="R-YAKU-4",
        label=Text("Four of a kind as two pairs in seven pairs", "七対子で4枚使いを2対子とみなす"),
        feeds=(Question.SHAPES,),
        sheet="yaku",
        prose=Switch(
            on=Text(
                "Seven pairs may use four of a kind as two pairs.",
                "七対子で同じ牌4枚を2対子として使える。",
            ),
            off=Text(
                "Seven pairs needs seven different pairs: four of a kind is not two pairs.",
                "七対子は7種類の対子が必要で、同じ牌4枚を2対子とはみなさない。",
            ),
        ),
    )
    pao: tuple[str, ...] = setting(
        (),
        Kind.WORDS,
        rule="R-STD-1",
        label=Text("Liability (pao) for", "包"),
        feeds=(Question.SETTLEMENT,),
        prose=Template(
            Text(
                "Liability (pao) applies to {value} only: the player whose discard was called for the set that made "
                "the yakuman certain pays all of a tsumo win, and half of a ron win on another player's discard"
                "⟪honba:, the honba in either case⟫. A yakuman is certain when the called sets alone hold it"
                "⟪fourth:; all honours, all terminals and all green when the fourth set, made only of their tiles, "
                "is called⟫ (decision: ⟪fourth:the hand is then left one tile; ⟫the liability is paid only when the "
                "hand wins with that yakuman).",
                "包（パオ）は{value}のみ。役満を確定させる副露をさせた者は、ツモ和了なら全額を、"
                "他家からのロン和了なら放銃者と折半して支払う⟪honba:（積み棒はどちらの場合も包の者が支払う）⟫。"
                "副露だけで役満が成立したときに確定とする"
                "⟪fourth:。字一色・清老頭・緑一色はその牌だけの4つ目の副露で確定とする⟫"
                "（判断：⟪fourth:手牌は1枚となる。⟫その役満で和了したときに限り責任払い）。",
            ),
            formats.yaku,
            empty=Text(
                "There is no liability (pao): a yakuman is paid as usual, whoever fed its sets.",
                "包（パオ）なし。役満を確定させる副露をさせても責任払いはない。",
            ),
        ),
        # liability is for feeding a yakuman: a variant with none says nothing of it (鳴き立直)
        applies=lambda rules: bool(rules.win.pao) or has_yakuman(rules),
    )
