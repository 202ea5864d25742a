"""The game as a whole: players, length, points, uma, dealer repeats, bust, seating and the deal (R-GAME, R-PAY-4)."""

from __future__ import annotations

from typing import Any, Literal

from variantlang.catalog import formats
from variantlang.catalog.declare import section, setting
from variantlang.catalog.entry import Choice, Kind, Switch, Template, Text
from variantlang.catalog.feeds import Consumer, Question, among


def has_last_hand(rules: Any) -> bool:
    """Whether the game has a last hand (a set length, not `until_bust`): the one answer the engine's end of
    the game, the sheet's sentences and the settings that follow a last hand (extension, yame) ask."""
    return bool(rules.game.length != "until_bust")


def _sinking(rules: Any) -> bool:
    """Whether the variant has a sinking uma at all (a sheet says nothing of it otherwise)."""
    game = rules.game
    return bool(game.uma_one_below or game.uma_two_below or game.uma_three_below)


@section("game", sheet="game_end")
class GameSettings:
    players: int = setting(
        4,
        Kind.INT,
        rule="R-TILE-1 R-TILE-2",
        label=Text("Players", "人数"),
        feeds=(
            Question.PROCEDURE,
            Question.WIN_PAYMENT,
        ),
        sheet="setup",
        low=3,
        high=4,
        glance=1,
        prose=Template(
            Text("The game is for {value}.", "{value}で打つ。"),
            formats.count("player", "players", "人"),
        ),
    )
    length: Literal["east", "hanchan", "four_hands", "until_bust"] = setting(
        "hanchan",
        Kind.CHOICE,
        rule="R-GAME-1",
        label=Text("Length", "対局の長さ"),
        feeds=(Question.PROCEDURE,),
        glance=3,
        short={
            "east": Text("east round only", "東風戦"),
            "hanchan": Text("east and south (hanchan)", "半荘戦"),
            "four_hands": Text("four hands", "4局"),
            "until_bust": Text("until a player busts", "飛ぶまで"),
        },
        prose=Choice(
            {
                "east": Text("The game is one East round (tonpuusen).", "東風戦（東場のみ）。"),
                "hanchan": Text("The game is a hanchan: an East round and a South round.", "半荘戦（東場・南場）。"),
                "four_hands": Text(
                    "The game is four hands, ⟪dealer:one deal per seat|each player being the start player once⟫, with "
                    "no East or South rounds.",
                    "4局で1ゲームとし、各自が1回ずつ⟪dealer:親|スタートプレイヤー⟫をする（東場・南場の区別はない）。",
                ),
                "until_bust": Text(
                    "The game has no set number of hands: it goes on until a player busts (see the bust rule). "
                    "Rounds are not counted, so the round wind, where it counts, is always East.",
                    "局数の定めはなく、誰かが飛ぶまで続ける（飛びの規定のとおり）。東場・南場は数えないので、"
                    "場風がある場合は常に東とする。",
                ),
            }
        ),
    )
    round_wind: bool = setting(
        True,
        Kind.BOOL,
        rule="R-GAME-6",
        label=Text("Round wind", "場風"),
        feeds=(Question.ROUND_WIND,),
        prose=Switch(
            on=Text(
                "The round wind counts: a triplet of the round wind is a value set (yakuhai).",
                "場風あり。場風牌の刻子は役牌になる。",
            ),
            off=Text(
                "There is no round wind: only the seat wind makes a wind triplet a value set.",
                "場風なし。風牌の役牌は自風のみ。",
            ),
        ),
    )
    start_points: int = setting(
        25000,
        Kind.INT,
        rule="R-PAY-4",
        label=Text("Starting points", "配給原点"),
        feeds=(Question.PROCEDURE,),
        low=0,
        high=10**7,
        glance=4,
        prose=Template(
            Text("Each player starts with {value}.", "配給原点は{value}。"),
            formats.points,
        ),
    )
    return_points: int = setting(
        30000,
        Kind.INT,
        rule="R-PAY-4",
        label=Text("Return points", "返し"),
        feeds=(Question.STANDING,),
        low=0,
        high=10**7,
        glance=5,
        prose=Template(
            Text(
                "Final scores are settled against {value} (return points); the difference from the starting "
                "points, paid in by every player, goes to the first-place player as oka.",
                "{value}返し。配給原点との差（オカ）は全員から集めてトップが受け取る。",
            ),
            formats.points,
        ),
    )
    uma: tuple[int, ...] = setting(
        (),
        Kind.INTS,
        rule="R-PAY-4",
        label=Text("Uma", "ウマ"),
        feeds=(Question.STANDING,),
        glance=6,
        prose=Template(
            Text(
                "Uma by final place, first to last, is {value} (in thousands of points).",
                "ウマは順位順に{value}（千点単位）。",
            ),
            formats.uma,
            empty=Text("There is no uma.", "ウマなし。"),
        ),
    )
    top_prize: int = setting(
        0,
        Kind.INT,
        rule="R-PAY-4",
        label=Text("Top prize", "トップ賞"),
        feeds=(Question.STANDING,),
        low=0,
        high=10**7,
        quiet=True,
        prose=Template(
            Text(
                "The first-place player receives a top prize of {value} in place of the oka; the others pay "
                "in equal shares what it exceeds the oka by (or receive what it falls short of it).",
                "トップ賞{value}（オカに代わるもの。オカを超える分は他家が等分して払い、不足分は他家が等分して受け取る）。",
            ),
            formats.points,
            empty=Text("There is no top prize.", "トップ賞なし。"),
        ),
    )
    ties: Literal["seat", "last_winner", "lot"] = setting(
        "seat",
        Kind.CHOICE,
        rule="R-PAY-4",
        label=Text("Tied players' places", "同点の順位"),
        feeds=(Question.STANDING,),
        short={
            "seat": Text("by seat", "起家に近い順"),
            "last_winner": Text(
                "first: last winner higher, others by seat", "1位の同点は後の和了者が上、他は起家に近い順"
            ),
            "lot": Text("first by lot, others by seat", "1位の同点は抽選、他は起家に近い順"),
        },
        prose=Choice(
            {
                "seat": Text(
                    "Players tied on points at the end are placed in seat order from the first "
                    "⟪dealer:dealer|start player⟫.",
                    "終局時に同点の者は、⟪dealer:起家|最初のスタートプレイヤー⟫に近い順に上位とする。",
                ),
                "last_winner": Text(
                    "Players tied for first place at the end are placed by their last win: the one who won a hand "
                    "more recently ranks higher (after a double ron, the winner nearest the dealer in turn order); "
                    "other ties go by seat order from the first dealer.",
                    "終局時にトップが同点の場合は、最後に和了した者を上位とする（ダブロンは親の位置から頭ハネの順）。"
                    "その他の同点は起家に近い順。",
                ),
                "lot": Text(
                    "Players tied for first place at the end are placed by drawing lots; other ties go by seat "
                    "order from the first dealer.",
                    "終局時にトップが同点の場合は、抽選で順位を決める。その他の同点は起家に近い順。",
                ),
            }
        ),
    )
    points_rounding: Literal["none", "shisha_gonyuu", "gosha_rokunyuu"] = setting(
        "none",
        Kind.CHOICE,
        rule="R-PAY-4",
        label=Text("Rounding of final scores", "素点の端数"),
        feeds=(Question.STANDING,),
        quiet=True,
        short={
            "none": Text("not rounded", "丸めない"),
            "shisha_gonyuu": Text("to 1000, 500 up", "千点単位で四捨五入"),
            "gosha_rokunyuu": Text("to 1000, 600 up", "千点単位で五捨六入"),
        },
        prose=Choice(
            {
                "none": Text("Final scores count to the hundred points.", "終局時の持ち点は端数を丸めずに計算する。"),
                "shisha_gonyuu": Text(
                    "Before points are counted, every final score but first place's is rounded to the nearest "
                    "1000, 500 rounding away from zero; first place takes what the rounding leaves over, so the "
                    "points sum as they would unrounded.",
                    "トップ以外の終局時の持ち点を千点単位に四捨五入（負の持ち点は絶対値で）してから計算し、"
                    "丸めによる差はトップが持つ。",
                ),
                "gosha_rokunyuu": Text(
                    "Before points are counted, every final score but first place's is rounded to 1000: 600 and "
                    "more away from zero, 500 and less toward it; first place takes what the rounding leaves over, "
                    "so the points sum as they would unrounded.",
                    "トップ以外の終局時の持ち点を千点単位に五捨六入（負の持ち点は絶対値で）してから計算し、"
                    "丸めによる差はトップが持つ。",
                ),
            }
        ),
    )
    uma_one_below: tuple[int, ...] = setting(
        (),
        Kind.INTS,
        rule="R-PAY-4",
        label=Text("Uma with one player below the return points", "返し点未満が1人のウマ"),
        feeds=(Question.STANDING,),
        applies=_sinking,
        prose=Template(
            Text(
                "When exactly one player ends below the return points at the end, uma by place is {value} instead "
                "(sinking uma).",
                "終局時に返し点未満の者がちょうど1人なら、ウマは順位順に{value}（沈みウマ）。",
            ),
            formats.uma,
            empty=Text(
                "With one player below the return points the usual uma applies.",
                "返し点未満が1人のときも通常のウマ。",
            ),
        ),
    )
    uma_two_below: tuple[int, ...] = setting(
        (),
        Kind.INTS,
        rule="R-PAY-4",
        label=Text("Uma with two players below the return points", "返し点未満が2人のウマ"),
        feeds=(Question.STANDING,),
        applies=_sinking,
        prose=Template(
            Text(
                "When exactly two players end below the return points at the end, uma by place is {value} instead "
                "(sinking uma).",
                "終局時に返し点未満の者がちょうど2人なら、ウマは順位順に{value}（沈みウマ）。",
            ),
            formats.uma,
            empty=Text(
                "With two players below the return points the usual uma applies.",
                "返し点未満が2人のときも通常のウマ。",
            ),
        ),
    )
    uma_three_below: tuple[int, ...] = setting(
        (),
        Kind.INTS,
        rule="R-PAY-4",
        label=Text("Uma with three players below the return points", "返し点未満が3人のウマ"),
        feeds=(Question.STANDING,),
        applies=lambda s: _sinking(s) and s.game.players == 4,
        prose=Template(
            Text(
                "When exactly three players end below the return points at the end, uma by place is {value} instead "
                "(sinking uma).",
                "終局時に返し点未満の者がちょうど3人なら、ウマは順位順に{value}（沈みウマ）。",
            ),
            formats.uma,
            empty=Text(
                "With three players below the return points the usual uma applies.",
                "返し点未満が3人のときも通常のウマ。",
            ),
        ),
    )
    extension: Literal["none", "south", "west"] = setting(
        "none",
        Kind.CHOICE,
        rule="R-GAME-1 R-STD-5",
        label=Text("Extension", "延長戦"),
        feeds=(Question.PROCEDURE,),
        short={"none": Text("none", "なし"), "south": Text("south", "南入"), "west": Text("west", "西入")},
        prose=Choice(
            {
                "none": Text(
                    "There is no extension: the game ends after its last scheduled hand.",
                    "延長戦なし。規定の局で終了する。",
                ),
                "south": Text(
                    "If nobody has ⟦target⟧ or more when the last scheduled hand ends, play continues into the "
                    "South round and ends with the first hand after which someone has it (a hand the dealer stays "
                    "after ends it only if the dealer, winning or tenpai, is first with ⟦target⟧ or more). There "
                    "is no West round: the game ends when the deal passes after South ⟪four:4|3⟫.",
                    "規定の局（オーラス）を終えて誰も⟦target⟧以上でなければ南入し、誰かが⟦target⟧以上になった局で終了する"
                    "（親が連荘する局は、親が和了か聴牌でトップ目かつ⟦target⟧以上のときだけ終了）。西入はなく、"
                    "南⟪four:4|3⟫局で親が流れれば終了する。",
                ),
                "west": Text(
                    "If nobody has ⟦target⟧ or more when the last scheduled hand ends, play continues into the "
                    "West round and ends with the first hand after which someone has it (a hand the dealer stays "
                    "after ends it only if the dealer, winning or tenpai, is first with ⟦target⟧ or more). There "
                    "is no North round: the game ends when the deal passes after West ⟪four:4|3⟫.",
                    "規定の局（オーラス）を終えて誰も⟦target⟧以上でなければ西入し、誰かが⟦target⟧以上になった局で終了する"
                    "（親が連荘する局は、親が和了か聴牌でトップ目かつ⟦target⟧以上のときだけ終了）。北入はなく、"
                    "西⟪four:4|3⟫局で親が流れれば終了する。",
                ),
            }
        ),
        applies=has_last_hand,
    )
    target_points: int = setting(
        30000,
        Kind.INT,
        rule="R-STD-5",
        label=Text("Target to end", "終了条件の点数"),
        feeds=(Question.PROCEDURE,),
        low=0,
        high=10**7,
        prose=Template(
            Text("The target score to end the game is {value}.", "終了条件の点数は{value}。"),
            formats.points,
            empty=Text("No score is needed to end the game.", "終了条件の点数はない。"),
        ),
        applies=lambda rules: has_last_hand(rules) and rules.game.extension != "none",
    )
    agari_yame: bool = setting(
        False,
        Kind.BOOL,
        rule="R-STD-5",
        label=Text("Agari-yame", "アガリやめ"),
        feeds=(Question.PROCEDURE,),
        glance=13,
        prose=Switch(
            on=Text(
                "Agari-yame: if the dealer wins the last hand and is then in first place⟪target: with ⟦target⟧ or "
                "more⟫, the game ends there.",
                "アガリやめあり。オーラスに親が和了してトップ目⟪target:かつ⟦target⟧以上⟫になれば、その局で終了する。",
            ),
            off=Text(
                "No agari-yame: a dealer who wins the last hand goes on under the dealer-repeat rule, even in "
                "first place.",
                "アガリやめなし。オーラスに親が和了したら、トップ目でも連荘の規定どおり続行する。",
            ),
        ),
        applies=lambda rules: has_last_hand(rules) and rules.game.renchan != "none",
    )
    tenpai_yame: bool = setting(
        False,
        Kind.BOOL,
        rule="R-STD-5",
        label=Text("Tenpai-yame", "テンパイやめ"),
        feeds=(Question.PROCEDURE,),
        prose=Switch(
            on=Text(
                "Tenpai-yame: if the last hand ends in an exhaustive draw with the dealer tenpai and⟪noten:, once "
                "the noten payments are made,⟫ in first place⟪target: with ⟦target⟧ or more⟫, the game ends there.",
                "テンパイやめあり。オーラスの荒牌流局時に親が聴牌していて、⟪noten:ノーテン罰符の精算後に⟫トップ目"
                "⟪target:かつ⟦target⟧以上⟫なら、その局で終了する。",
            ),
            off=Text(
                "No tenpai-yame: a dealer who is tenpai when the last hand ends in an exhaustive draw goes on "
                "under the dealer-repeat rule, even in first place.",
                "テンパイやめなし。オーラスの流局時に親が聴牌していれば、トップ目でも連荘の規定どおり続行する。",
            ),
        ),
        applies=lambda rules: has_last_hand(rules) and rules.game.renchan == "tenpai",
    )
    renchan: Literal["tenpai", "win", "last_winner", "none"] = setting(
        "tenpai",
        Kind.CHOICE,
        rule="R-GAME-2",
        label=Text("Dealer repeat", "連荘"),
        feeds=(Question.PROCEDURE,),
        short={
            "tenpai": Text("on a win or tenpai", "和了または聴牌で連荘"),
            "win": Text("on a win", "和了で連荘"),
            "last_winner": Text("last winner", "最後の和了者が親"),
            "none": Text("none", "連荘なし"),
        },
        prose=Choice(
            {
                "tenpai": Text(
                    "The dealer keeps the seat after winning⟪abortive:, after every abortive draw⟫ or after an "
                    "exhaustive draw in tenpai.⟪honba: A honba is added each time the dealer stays and at every "
                    "draw; a win with no dealer among the winners puts the honba back to 0.⟫",
                    "親は和了するか、荒牌流局時に聴牌していれば連荘する⟪abortive:（途中流局も親の連荘）⟫。"
                    "⟪honba:連荘と流局のたびに本場を1本加え、子だけが和了すれば0本場に戻る。⟫",
                ),
                "win": Text(
                    "The dealer keeps the seat only after winning⟪abortive: or an abortive draw⟫; after an "
                    "exhaustive draw the deal passes on, tenpai or not.⟪honba: A honba is added each time the dealer "
                    "stays and at every draw; a win with no dealer among the winners puts the honba back to 0.⟫",
                    "親は和了したとき⟪abortive:と途中流局のとき⟫だけ連荘する。荒牌流局では聴牌していても親が流れる。"
                    "⟪honba:連荘と流局のたびに本場を1本加え、子だけが和了すれば0本場に戻る。⟫",
                ),
                "last_winner": Text(
                    "The winner of each hand deals the next one (after a double ron the dealer stays if among the "
                    "winners, otherwise the winner first in turn after the discarder deals). A honba is added when "
                    "the dealer stays; a non-dealer's win puts the honba back to 0. After any draw, whatever its "
                    "reason, the dealer stays, the riichi sticks stay on the table and a honba is added.",
                    "和了した者が次局の親になる（ダブロンでは、親が和了者に含まれれば親続行、そうでなければ放銃者の下家"
                    "から数えて先の和了者が親）。親が続行すれば本場を1本加え、子が和了して親になれば0本場に戻る。"
                    "流局した場合は理由によらず親続行で、立直棒は供託のまま、本場を加算する。",
                ),
                "none": Text(
                    "⟪dealer:There are no dealer repeats: the deal|The role of start player⟫ passes to the next player "
                    "after every hand.⟪honba: A draw still adds a honba as the deal passes; a win puts the honba back "
                    "to 0.⟫",
                    "⟪dealer:連荘なし。親|スタートプレイヤー⟫は和了・流局にかかわらず毎局次の者に移る。"
                    "⟪honba:流局では親が移っても本場を1本加え、和了があれば0本場に戻る。⟫",
                ),
            }
        ),
    )
    tobi: Literal["below_zero", "at_zero", "at_start", "off"] = setting(
        "below_zero",
        Kind.CHOICE,
        rule="R-GAME-3",
        label=Text("Bust (tobi)", "飛び"),
        feeds=(Question.PROCEDURE,),
        glance=12,
        short={
            "below_zero": Text("ends below zero", "⟦0⟧未満で終了"),
            "at_zero": Text("ends at zero", "⟦0⟧以下で終了"),
            "at_start": Text("at zero or below when a hand starts", "開局時点で⟦0⟧以下なら終了"),
            "off": Text("play goes on", "なし（続行）"),
        },
        prose=Choice(
            {
                "below_zero": Text(
                    "The game ends when a hand leaves a player below zero (bust), before the next hand starts; exactly "
                    "zero plays on.",
                    "飛びあり。局の精算後、次の局を始める時点で持ち点がマイナスの者がいれば終了する（⟦0⟧ちょうどは続行）。",
                ),
                "at_zero": Text(
                    "The game ends when a hand leaves a player at zero or below (bust), before the next hand starts.",
                    "飛びあり。局の精算後、次の局を始める時点で持ち点が⟦0⟧以下の者がいれば終了する。",
                ),
                "at_start": Text(
                    "The game ends when a hand is about to start with a player at zero or below (bust).⟪last: After "
                    "the last hand there is no next hand to start: the game ends as usual, and a score at zero or "
                    "below is no bust.⟫",
                    "飛びあり。開局時点で持ち点が⟦0⟧以下の者がいれば、その時点で半荘終了とする。⟪last:最終局の後は次の局を"
                    "始めないので飛びとはせず、通常どおり終了する。⟫",
                ),
                "off": Text(
                    "There is no bust: play goes on when a score falls below zero.",
                    "飛びなし。持ち点がマイナスになっても続行する。",
                ),
            }
        ),
    )
    tobi_prize: int = setting(
        0,
        Kind.INT,
        rule="R-GAME-3",
        label=Text("Bust prize", "飛び賞"),
        feeds=(Question.STANDING,),
        low=0,
        high=10**7,
        applies=lambda s: s.game.tobi != "off",
        quiet=True,
        prose=Template(
            Text(
                "A player who busts pays {value} to the player whose win took them there (after a double ron, "
                "the winner first in turn after the discarder); a bust at a draw pays no prize.",
                "飛んだ者は、飛ばした和了者に{value}を支払う（ダブロンでは放銃者の下家から数えて先の和了者）。"
                "流局で飛んだときは飛び賞なし。",
            ),
            formats.points,
            empty=Text("There is no bust prize.", "飛び賞なし。"),
        ),
    )
    yakitori: int = setting(
        0,
        Kind.INT,
        rule="R-PAY-4",
        label=Text("Yakitori", "焼き鳥"),
        feeds=(Question.STANDING,),
        low=0,
        high=10**7,
        quiet=True,
        prose=Template(
            Text(
                "A player who has not won a single hand when the game ends (yakitori) pays {value} to each "
                "player who has, before places are decided.",
                "終局までに一度も和了しなかった者（焼き鳥）は、和了した者それぞれに{value}を支払う（順位はその後で決める）。",
            ),
            formats.points,
            empty=Text("There is no yakitori penalty.", "焼き鳥なし。"),
        ),
    )
    wareme: bool = setting(
        False,
        Kind.BOOL,
        rule="R-GAME-7",
        label=Text("Wareme", "割れ目"),
        feeds=(Question.SETTLEMENT,),
        quiet=True,
        prose=Switch(
            on=Text(
                "Wareme: the player whose wall the dice break pays double what they owe for a win and receives "
                "double when they win; honba and riichi sticks are not doubled.",
                "割れ目あり。サイコロで開門された山の者は、和了の支払いが倍になり、自分が和了すれば受け取りも倍になる"
                "（積み棒・供託は倍にしない）。",
            ),
            off=Text(
                "No wareme: where the wall is broken changes no payment.",
                "割れ目なし。開門の位置で支払いは変わらない。",
            ),
        ),
    )
    seating: Literal["random", "wind_tiles"] = setting(
        "random",
        Kind.CHOICE,
        rule="R-GAME-4",
        label=Text("Seating", "席決め"),
        feeds=(Question.PROCEDURE,),
        sheet="setup",
        short={"random": Text("random", "ランダム"), "wind_tiles": Text("wind tiles", "風牌で決める")},
        prose=Choice(
            {
                "random": Text("Seats are decided at random.", "席順は無作為に決める。"),
                "wind_tiles": Text(
                    "Each player draws one of the wind tiles face down; nobody moves. The player who drew East "
                    "⟪dealer:deals first|is the first start player⟫, and the winds are handed out again from East, "
                    "South, West, North in turn order.",
                    "風牌を1枚ずつ伏せて引く。席は動かず、東を引いた者が⟪dealer:起家|最初のスタートプレイヤー⟫となり、"
                    "そこから手番順に南・西・北を渡し直す。",
                ),
            }
        ),
    )
    first_dealer: Literal["random", "dice_twice"] = setting(
        "random",
        Kind.CHOICE,
        rule="R-GAME-4",
        label=Text("First dealer", "起家の決め方"),
        feeds=(Question.PROCEDURE,),
        sheet="setup",
        applies=lambda s: s.game.seating == "random",
        unaffected={
            Consumer.ENGINE: "with the seats drawn at random, every player is the first dealer with the same chance "
            "however the table picks the seat: a simulated game starts with seat 0 dealing"
        },
        short={"random": Text("random", "無作為"), "dice_twice": Text("two throws of the dice", "2度振り")},
        prose=Choice(
            {
                "random": Text("The first dealer is decided at random.", "起家は無作為に決める。"),
                "dice_twice": Text(
                    "Where no dealer is known yet, the dice are thrown twice: a provisional East throws and counts "
                    "counter-clockwise from themself to a player, who throws again and counts from themself to the "
                    "first dealer.",
                    "親が決まっていないときは2度振りで起家を決める。仮の東家がサイコロを振って自分から反時計回りに数えた者が"
                    "もう一度振り、その者から数えた者が起家となる。",
                ),
            }
        ),
    )
    seats_kept: bool = setting(
        False,
        Kind.BOOL,
        rule="R-GAME-4",
        label=Text("Seats in a later hanchan", "次の半荘の席"),
        feeds=(Question.PROCEDURE,),
        sheet="setup",
        unaffected={
            Consumer.ENGINE: "a simulated game is one hanchan from its own first seats: what the next hanchan of "
            "a session keeps is the table's"
        },
        short={
            "on": Text("kept from the last hanchan", "前の半荘を引き継ぐ"),
            "off": Text("decided anew", "半荘ごとに決め直す"),
        },
        prose=Switch(
            on=Text(
                "Seats and the first ⟪dealer:dealer|start player⟫ are decided only for a session's first hanchan: "
                "each later hanchan keeps the seats and the ⟪dealer:dealer|start player⟫ of the last hand before it.",
                "席と⟪dealer:起家|最初のスタートプレイヤー⟫を決めるのは最初の半荘だけで、以後の半荘は前の半荘の最後の局の席と"
                "⟪dealer:親|スタートプレイヤー⟫を引き継ぐ。",
            ),
            off=Text(
                "Seats and the first ⟪dealer:dealer|start player⟫ are decided anew for every hanchan.",
                "席と⟪dealer:起家|最初のスタートプレイヤー⟫は半荘ごとに決め直す。",
            ),
        ),
        quiet=True,
    )
    deal: Literal["standard", "seat_wind_plus_12_pass_3"] = setting(
        "standard",
        Kind.CHOICE,
        rule="R-GAME-5",
        label=Text("Deal", "配牌"),
        feeds=(Question.PROCEDURE,),
        sheet="setup",
        short={
            "standard": Text("13 tiles each", "通常の配牌"),
            "seat_wind_plus_12_pass_3": Text("own seat wind + 12 tiles, pass 3", "自風牌＋12枚、3枚交換"),
        },
        prose=Choice(
            {
                "standard": Text(
                    "The deal is the usual one: 13 tiles to each player, and the dealer takes a 14th.",
                    "配牌は通常どおり各13枚で、親は14枚目をとる。",
                ),
                "seat_wind_plus_12_pass_3": Text(
                    "Each player takes 12 tiles from their own wall plus their seat-wind tile, then every player "
                    "passes 3 tiles to the player on their left (the one before them in turn order) at the same "
                    "time. The seat-wind tile is dealt back every hand, so a player's seat wind stays the same all "
                    "game.",
                    "各自が自分の山から12枚と自風牌1枚をとり、その後全員が同時に3枚を左隣（上家）に渡す。"
                    "自風牌は毎局配るので、自風はゲームを通じて変わらない。",
                ),
            }
        ),
    )
    dice_break: Literal["standard", "sanma", "own_wall"] = setting(
        "standard",
        Kind.CHOICE,
        rule="R-GAME-7",
        label=Text("Wall break by dice", "開門"),
        feeds=(Question.PROCEDURE,),
        sheet="setup",
        short={
            "standard": Text("the dice pick the wall", "通常"),
            "sanma": Text("three-player count", "三麻の開門"),
            "own_wall": Text("no dice: the first player's own wall", "自分の山から"),
        },
        prose=Choice(
            {
                "standard": Text(
                    "The dice total picks the wall to break, counting counter-clockwise from the thrower: 5 and 9 "
                    "the thrower's own, 2, 6 and 10 the right, 3, 7 and 11 the opposite, 4, 8 and 12 the left.",
                    "開門はサイコロの目で決める。5・9は自山、2・6・10は右、3・7・11は対面、4・8・12は左。",
                ),
                "sanma": Text(
                    "The dice total picks the wall to break as at three players: 2, 5, 8 and 11 the wall of the "
                    "next player (shimocha); 3, 6, 9 and 12 the wall of the player before (kamicha); 4, 7 and 10 "
                    "the thrower's own.",
                    "三人麻雀の開門。2・5・8・11は下家の山、3・6・9・12は上家の山、4・7・10は自山。",
                ),
                "own_wall": Text(
                    "No dice are thrown: the ⟪dealer:dealer|start player⟫ starts drawing from the right end of their "
                    "own wall.",
                    "サイコロは振らず、⟪dealer:親|スタートプレイヤー⟫が自分の山の右端から取り始める。",
                ),
            }
        ),
    )
    indicator_stack: int = setting(
        3,
        Kind.INT,
        rule="R-GAME-7",
        label=Text("Dora indicator stack", "ドラ表示牌の位置"),
        feeds=(Question.PROCEDURE,),
        sheet="setup",
        low=1,
        high=20,
        applies=lambda s: s.tiles.dead_wall > 0 and not s.dora.chosen_indicators,
        unaffected={
            Consumer.ENGINE: "the engine's walls have no stacks (a uniform shuffle, or a log's tiles): which stack "
            "holds the indicator changes no tile's chance, and no wall has a position to move"
        },
        prose=Template(
            Text(
                "The dora indicator is the top tile of the {value} of the dead wall, counting from the break.",
                "ドラ表示牌は、王牌を開門位置から数えて{value}の上段の牌とする。",
            ),
            formats.stack,
        ),
    )
    after_win: Literal["end", "play_on_best_paid"] = setting(
        "end",
        Kind.CHOICE,
        rule="R-WIN-2",
        label=Text("After a win", "和了後"),
        feeds=(Question.PROCEDURE,),
        played=among("end", "play_on_best_paid"),
        quiet=True,  # that a win ends the hand goes without saying (reader s35 #25); play going on does not
        short={
            "end": Text("the hand ends", "局の終了"),
            "play_on_best_paid": Text("play on, only the best hand is paid", "続行し最高の手のみ支払い"),
        },
        prose=Choice(
            {
                "end": Text("A hand ends when a player wins.", "和了が出たら局は終了する。"),
                "play_on_best_paid": Text(
                    "A win does not end the hand: play goes on until the wall is empty or every player has won, "
                    "and only the best winning hand is paid; once three have won with at least 8 tiles left, "
                    "the last player draws at most 8 more. The best hand is the one whose single payer pays "
                    "the most (a tsumo and a ron alike; between equals, the earlier win); it is paid as it "
                    "would have been when it was made, as the hand's one win (decision: the paid win is the hand's "
                    "result, whichever win came first). A discard won on is not called, and a player who has won "
                    "takes no further part.",
                    "和了が出ても、山が尽きるか全員が和了するまで局を続け、その局で最も高い手だけが支払いを受ける。"
                    "3人が和了した時点で残りが8枚以上あれば、残る1人は最大8枚までツモる。"
                    "最も高い手とは、1人が払う点数が最も大きい手（ツモもロンも同じ。同点なら先の和了）で、"
                    "和了した時点の条件で、その局のただ一つの和了として支払いを受ける（判断：先に和了した者ではなく、"
                    "支払いを受ける和了がその局の結果）。和了された捨て牌は鳴けず、和了した者はその後の進行に加わらない。",
                ),
            }
        ),
    )
    leftover_sticks: Literal["top", "owners", "lost"] = setting(
        "top",
        Kind.CHOICE,
        rule="R-RIICHI-8",
        label=Text("Leftover riichi sticks", "供託の行方"),
        feeds=(Question.STANDING,),
        short={
            "top": Text("top", "トップ取り"),
            "owners": Text("owners", "供託者に返す"),
            "lost": Text("lost", "消滅"),
        },
        applies=lambda rules: rules.riichi.stick > 0,
        prose=Choice(
            {
                "top": Text(
                    "Riichi sticks still on the table when the game ends go to the first-place player.",
                    "終局時に残った供託はトップが受け取る。",
                ),
                "owners": Text(
                    "Riichi sticks still on the table when the game ends go back to the players who put them up.",
                    "終局時に残った供託は、供託した本人に戻す。",
                ),
                "lost": Text(
                    "Riichi sticks still on the table when the game ends are lost: nobody receives them.",
                    "終局時に残った供託は誰のものにもならない。",
                ),
            }
        ),
    )
