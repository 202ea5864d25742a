"""What a win pays: fu and han with their limits and options, honba, or the variant's own formula (R-PAY, R-STD)."""

from __future__ import annotations

from typing import Literal

from variantlang.catalog import formats
from variantlang.catalog.applies import has_yakuman, honba_as_points
from variantlang.catalog.declare import section, setting
from variantlang.catalog.entry import Choice, Kind, Switch, Template, Text
from variantlang.catalog.feeds import Question


@section("payment", sheet="scoring")
class PaymentSettings:
    scheme: Literal["standard", "formula"] = setting(
        "standard",
        Kind.CHOICE,
        rule="R-PAY-1 R-PAY-2 R-PAY-3",
        label=Text("Payment scheme", "点数計算"),
        feeds=(
            Question.WIN_PAYMENT,
            Question.LIMIT,
        ),
        glance=17,
        short={"standard": Text("fu and han", "符と翻"), "formula": Text("its own formula", "独自の計算式")},
        prose=Choice(
            {
                "standard": Text(
                    "Hands are scored by fu and han: base points are fu × 4, doubled once for each han (1 han: "
                    "fu × 8), with limits from mangan up.",
                    "点数は符と翻で計算する。基本点は符×4を翻の数だけ2倍した値（1翻なら符×8）で、満貫以上は限度額。",
                ),
                "formula": Text(
                    "Hands are paid by this rule set's own payment formula instead of fu and han.",
                    "点数は符と翻によらず、このルール独自の計算式で決める。",
                ),
            }
        ),
    )
    kiriage: bool = setting(
        False,
        Kind.BOOL,
        rule="R-PAY-1",
        label=Text("Kiriage mangan", "切り上げ満貫"),
        feeds=(Question.LIMIT,),
        glance=14,
        applies=lambda s: s.payment.scheme == "standard",
        conditional=True,
        prose=Switch(
            on=Text(
                "Kiriage mangan: 4 han 30 fu and 3 han 60 fu are paid as mangan.",
                "切り上げ満貫あり。4翻30符・3翻60符は満貫とする。",
            ),
            off=Text(
                "No kiriage mangan: 4 han 30 fu and 3 han 60 fu pay their calculated value (7,700 for a non-dealer, "
                "11,600 for the dealer).",
                "切り上げ満貫なし。4翻30符・3翻60符は計算どおり（子7700点・親11600点）。",
            ),
        ),
    )
    kazoe: Literal["yakuman", "sanbaiman", "multiple"] = setting(
        "yakuman",
        Kind.CHOICE,
        rule="R-PAY-1",
        label=Text("13 han or more", "数え役満"),
        feeds=(Question.LIMIT,),
        applies=lambda s: s.payment.scheme == "standard",
        short={
            "yakuman": Text("yakuman", "数え役満"),
            "sanbaiman": Text("sanbaiman", "三倍満止め"),
            "multiple": Text("multiple", "13翻ごとに役満"),
        },
        prose=Choice(
            {
                "yakuman": Text(
                    "13 han or more without a yakuman is a counted yakuman (kazoe yakuman).",
                    "13翻以上は数え役満。",
                ),
                "sanbaiman": Text(
                    "13 han or more without a yakuman is paid as sanbaiman: there is no counted yakuman.",
                    "13翻以上も三倍満とし、数え役満はない。",
                ),
                "multiple": Text(
                    "Every 13 han counts as one yakuman: 13 han is a yakuman, 26 han a double yakuman.",
                    "13翻ごとに役満1倍とする（26翻でダブル役満）。",
                ),
            }
        ),
    )
    double_yakuman: bool = setting(
        False,
        Kind.BOOL,
        rule="R-YAKU-1",
        label=Text("Double yakuman hands", "ダブル役満"),
        feeds=(Question.LIMIT,),
        applies=has_yakuman,
        prose=Switch(
            on=Text(
                "The yakuman marked ×2 in the yaku list are paid as two yakuman.",
                "ダブル役満あり。ダブル役満の役は役満2倍とする。",
            ),
            off=Text(
                "No double yakuman: every yakuman hand counts as one yakuman (different yakuman combine as below).",
                "ダブル役満なし。どの役満も役満1つと数える（異なる役満の複合は下記のとおり）。",
            ),
        ),
    )
    max_yakuman: int = setting(
        6,
        Kind.INT,
        rule="R-YAKU-1",
        label=Text("Most yakuman in one hand", "役満の複合上限"),
        feeds=(Question.LIMIT,),
        low=1,
        high=6,
        applies=has_yakuman,
        prose=Template(
            Text(
                "A hand is paid for at most {value}, however many it combines.",
                "役満の複合は{value}まで。",
            ),
            formats.count("yakuman", "yakuman", "倍"),
        ),
    )
    honba_ron: int = setting(
        300,
        Kind.INT,
        rule="R-PAY-1 R-STD-6",
        label=Text("Honba (ron)", "積み棒1本の加算（ロン）"),
        feeds=(Question.WIN_PAYMENT,),
        low=0,
        high=10**5,
        glance=15,
        applies=lambda s: honba_as_points(s) or bool(s.payment.honba_ron),
        prose=Template(
            Text(
                "Each honba counter adds {value} to a ron, paid by the discarder.",
                "積み棒1本につき、ロン和了は{value}加算（放銃者が支払う）。",
            ),
            formats.points,
            empty=Text("Honba counters add nothing to a ron.", "積み棒によるロン和了の加算はない。"),
        ),
    )
    honba_tsumo: int = setting(
        100,
        Kind.INT,
        rule="R-PAY-1 R-STD-6",
        label=Text("Honba (tsumo, each)", "積み棒1本の加算（ツモ・各自）"),
        feeds=(Question.WIN_PAYMENT,),
        low=0,
        high=10**5,
        applies=lambda s: honba_as_points(s) or bool(s.payment.honba_tsumo),
        prose=Template(
            Text(
                "Each honba counter adds {value} to what each player pays on a tsumo.",
                "積み棒1本につき、ツモ和了は各自{value}加算。",
            ),
            formats.points,
            empty=Text("Honba counters add nothing to a tsumo.", "積み棒によるツモ和了の加算はない。"),
        ),
    )
    tsumo_split: Literal["tsumo_loss", "north_bisection", "ron_split"] = setting(
        "tsumo_loss",
        Kind.CHOICE,
        rule="R-STD-6",
        label=Text("Three-player tsumo", "三麻のツモ"),
        feeds=(Question.WIN_PAYMENT,),
        applies=lambda s: s.game.players == 3 and s.payment.scheme == "standard",
        glance=18,
        short={
            "tsumo_loss": Text("tsumo loss (no North share)", "ツモ損（北家の分なし）"),
            "north_bisection": Text("north bisection", "北家折半"),
            "ron_split": Text("ron split", "ロンと同額を折半"),
        },
        prose=Choice(
            {
                "tsumo_loss": Text(
                    "With three players, the two others pay a tsumo as at four players and the absent North's "
                    "share is not paid (tsumo loss).",
                    "三人麻雀のツモ和了は、2人が四人麻雀と同じ額を支払い、いない北家の分はなくなる（ツモ損）。",
                ),
                "north_bisection": Text(
                    "With three players, the absent North's share of a tsumo is split equally between the two payers.",
                    "三人麻雀のツモ和了は、いない北家の分を2人で折半する（北家折半）。",
                ),
                "ron_split": Text(
                    "With three players, a tsumo is worth exactly what a ron is, split equally between the two payers.",
                    "三人麻雀のツモ和了はロン和了と同額とし、2人で等分して支払う。",
                ),
            }
        ),
    )
    double_wind_pair: int = setting(
        4,
        Kind.INT,
        rule="R-STD-3",
        label=Text("Double-wind pair fu", "連風牌の雀頭"),
        feeds=(Question.WIN_VALUE,),
        low=2,
        high=4,
        applies=lambda s: s.payment.scheme == "standard",
        prose=Template(
            Text(
                "A pair of the wind that is both the seat wind and the round wind is worth {value}.",
                "連風牌の雀頭は{value}。",
            ),
            formats.fu,
        ),
    )
    open_pinfu_fu: bool = setting(
        True,
        Kind.BOOL,
        rule="R-STD-3",
        label=Text("Open pinfu shape is 30 fu", "喰い平和形は30符"),
        feeds=(Question.WIN_VALUE,),
        applies=lambda s: s.payment.scheme == "standard",
        prose=Switch(
            on=Text(
                "An open hand with no fu beyond the base 20 is counted as 30 fu.",
                "喰い平和形（副露して符のつかない手）は30符とする。",
            ),
            off=Text(
                "An open hand with no fu beyond the base 20 stays at 20 fu.",
                "喰い平和形（副露して符のつかない手）は20符のまま。",
            ),
        ),
    )
    pinfu_tsumo_fu: bool = setting(
        False,
        Kind.BOOL,
        rule="R-STD-3",
        label=Text("Pinfu tsumo earns tsumo fu", "平和ツモの符"),
        feeds=(Question.WIN_VALUE,),
        applies=lambda s: s.payment.scheme == "standard",
        prose=Switch(
            on=Text(
                "A pinfu won by tsumo still earns the 2 tsumo fu, so it is 30 fu.",
                "平和ツモにもツモ符2符をつける（30符）。",
            ),
            off=Text(
                "A pinfu won by tsumo earns no tsumo fu: it is 20 fu.",
                "平和ツモはツモ符をつけず20符。",
            ),
        ),
    )
    chiitoitsu_fu: int = setting(
        25,
        Kind.INT,
        rule="R-STD-3",
        label=Text("Seven pairs fu", "七対子の符"),
        feeds=(Question.WIN_VALUE,),
        low=20,
        high=100,
        applies=lambda s: s.payment.scheme == "standard",
        prose=Template(
            Text("Seven pairs is always counted as {value}.", "七対子は{value}固定。"),
            formats.fu,
        ),
    )
    rinshan_tsumo_fu: bool = setting(
        True,
        Kind.BOOL,
        rule="R-STD-3",
        label=Text("Rinshan earns tsumo fu", "嶺上開花のツモ符"),
        feeds=(Question.WIN_VALUE,),
        applies=lambda s: s.payment.scheme == "standard",
        prose=Switch(
            on=Text(
                "A win on a kan replacement tile (rinshan) earns the 2 tsumo fu.",
                "嶺上開花にもツモ符2符をつける。",
            ),
            off=Text(
                "A win on a kan replacement tile (rinshan) earns no tsumo fu.",
                "嶺上開花にはツモ符をつけない。",
            ),
        ),
    )
    tsumo: Literal["split", "each"] = setting(
        "split",
        Kind.CHOICE,
        rule="R-PAY-2 R-PAY-3",
        label=Text("Tsumo payment", "ツモの支払い"),
        feeds=(Question.WIN_PAYMENT,),
        applies=lambda s: s.payment.scheme == "formula",
        short={"split": Text("shared by the others", "分割"), "each": Text("the full value from each", "各自が全額")},
        prose=Choice(
            {
                "split": Text(
                    "The value of a tsumo is split between the other players.",
                    "計算式による点数では、ツモ和了の点数を他家全員で分けて支払う。",
                ),
                "each": Text(
                    "Each other player pays the full value of a tsumo.",
                    "計算式による点数では、ツモ和了の点数を他家全員がそれぞれ全額支払う。",
                ),
            }
        ),
    )
    nagashi_value: int = setting(
        0,
        Kind.INT,
        rule="R-DRAW-2 R-PAY-2",
        label=Text("Nagashi value", "流し満貫の点"),
        feeds=(Question.SETTLEMENT,),
        low=0,
        high=10**6,
        applies=lambda s: s.payment.scheme == "formula" and s.draws.nagashi_mangan,
        prose=Template(
            Text(
                "Under the payment formula, nagashi mangan is worth {value} instead of a mangan, paid like a tsumo.",
                "計算式による点数では、流し満貫は満貫ではなく{value}とし、ツモ和了と同様に支払う。",
            ),
            formats.points,
            empty=Text(
                "Under the payment formula too, nagashi mangan is paid as a mangan of the standard table.",
                "計算式による点数でも、流し満貫は通常の点数表の満貫を支払う。",
            ),
        ),
    )
