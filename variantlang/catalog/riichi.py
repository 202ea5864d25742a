"""Riichi: when it may be declared, what it costs and locks, furiten (R-RIICHI, R-FURI)."""

from __future__ import annotations

from typing import Any, Literal

from variantlang.catalog import formats
from variantlang.catalog.declare import section, setting
from variantlang.catalog.entry import Choice, Kind, Switch, Template, Text
from variantlang.catalog.feeds import Question


def _riichi(rules: Any) -> bool:
    """Riichi is played (`riichi.enabled`): the rules about declaring it matter."""
    return bool(rules.riichi.enabled)


@section("riichi", sheet="play")
class RiichiSettings:
    enabled: bool = setting(
        True,
        Kind.BOOL,
        rule="R-RIICHI-1",
        label=Text("Riichi", "立直"),
        feeds=(
            Question.RIICHI,
            Question.RIICHI_WIN,
        ),
        prose=Switch(
            on=Text(
                "Riichi is played: a player in tenpai may declare it.",
                "立直あり。聴牌した者は立直を宣言できる。",
            ),
            off=Text("There is no riichi: nobody may declare it.", "立直なし。"),
        ),
    )
    stick: int = setting(
        1000,
        Kind.INT,
        rule="R-RIICHI-1",
        label=Text("Riichi stick", "立直棒"),
        feeds=(Question.RIICHI_WIN,),
        # said where it is 0 too: a player used to riichi would otherwise put up a stick (鳴き立直, reader s34 #4)
        applies=_riichi,
        low=0,
        high=10**6,
        prose=Template(
            Text(
                "Declaring riichi costs ⟪sticks:{value}|a stick of {value}⟫, put up once the declaring discard "
                "passes and left on the table for the next winner; a ron on the declaring discard costs no stick.",
                "立直時に{value}を供託し、次の和了者が受け取る。宣言牌でロンされたときは供託しない。",
            ),
            formats.points,
            empty=Text(
                "Declaring riichi costs nothing: no points are put up.",
                "立直の宣言に点数はかからない（点棒を出さない）。",
            ),
        ),
    )
    min_wall: int = setting(
        4,
        Kind.INT,
        rule="R-RIICHI-1",
        label=Text("Wall tiles needed", "立直に必要な残り枚数"),
        feeds=(Question.RIICHI,),
        applies=lambda rules: _riichi(rules) and not rules.riichi.no_draw_riichi,
        low=0,
        high=20,
        prose=Template(
            Text(
                "Riichi may be declared only while at least {value} remain in the live wall⟪draw:, enough for one more "
                "draw of one's own⟫.",
                "立直は山の残りが{value}以上⟪draw:（自分のツモ番がもう一度来る）⟫のときだけ宣言できる。",
            ),
            formats.count("tile", "tiles", "枚"),
            empty=Text(
                "Riichi may be declared however few tiles remain in the wall.",
                "山の残り枚数にかかわらず立直できる。",
            ),
        ),
    )
    no_draw_riichi: bool = setting(
        False,
        Kind.BOOL,
        rule="R-RIICHI-1",
        label=Text("Riichi without a draw left", "ツモ番なし立直"),
        feeds=(Question.RIICHI,),
        applies=_riichi,
        quiet=True,  # off, the wall's minimum says it where that leaves a draw to each player (`min_wall`)
        said_off=lambda s: s.riichi.min_wall < s.game.players,
        prose=Switch(
            on=Text(
                "Riichi may be declared even with no draw of one's own left (no-draw riichi); it can still win by ron.",
                "ツモ番なし立直あり。自分のツモ番が残っていなくても立直でき、ロン和了はできる。",
            ),
            off=Text(
                "Riichi needs at least one more draw of one's own to come.",
                "ツモ番なし立直なし。自分のツモ番が残っていなければ立直できない。",
            ),
        ),
    )
    at_1000: bool = setting(
        True,
        Kind.BOOL,
        rule="R-RIICHI-2",
        label=Text("Riichi with exactly 1000", "持ち点1000点での立直"),
        feeds=(Question.RIICHI,),
        prose=Switch(
            on=Text(
                "A player with exactly ⟦1000⟧ may declare riichi, going down to zero.",
                "持ち点がちょうど⟦1000⟧でも立直できる（⟦0⟧になる）。",
            ),
            off=Text(
                "A player with exactly ⟦1000⟧ may not declare riichi.",
                "持ち点がちょうど⟦1000⟧のときは立直できない。",
            ),
        ),
        applies=lambda rules: _riichi(rules) and rules.riichi.stick > 0,
    )
    below_zero: bool = setting(
        False,
        Kind.BOOL,
        rule="R-RIICHI-2",
        label=Text("Riichi below zero", "持ち点マイナスでの立直"),
        feeds=(Question.RIICHI,),
        applies=lambda rules: _riichi(rules) and rules.riichi.stick > 0,  # no stick: points never bar it
        prose=Switch(
            on=Text(
                "A player may declare riichi whatever their points, even below zero.",
                "持ち点にかかわらず、マイナスでも立直できる。",
            ),
            off=Text(
                "A player without enough points for the riichi stick may not declare riichi.",
                "持ち点が立直棒に満たない者は立直できない。",
            ),
        ),
    )
    ankan: Literal["forbid", "same_waits", "strict"] = setting(
        "same_waits",
        Kind.CHOICE,
        rule="R-RIICHI-4",
        label=Text("Concealed kan after riichi", "立直後の暗槓"),
        feeds=(Question.OFFERS,),
        short={
            "forbid": Text("not allowed", "禁止"),
            "same_waits": Text("if the waits stay the same", "待ちが変わらなければ可"),
            "strict": Text("if waits, sets and yaku stay the same", "待ち・面子・役が変わらなければ可"),
        },
        prose=Choice(
            {
                "forbid": Text("After riichi, no closed kan may be made.", "立直後の暗槓はできない。"),
                "same_waits": Text(
                    "After riichi, a closed kan is allowed only if it does not change the hand's waits.",
                    "立直後の暗槓は、待ちが変わらない場合に限り認める。",
                ),
                "strict": Text(
                    "After riichi, a closed kan is allowed only with the tile just drawn, and only if it changes "
                    "neither the waits, nor how the hand divides into sets, nor its yaku (no okuri-kan). Every wait "
                    "counts, and a yaku the kan itself adds (three kans) is a change of yaku.",
                    "立直後の暗槓は、ツモった牌で行い、待ち・面子構成・役がいずれも変わらない場合に限り認める"
                    "（送り槓は不可）。どの待ちについても判断し、槓そのものが加える役（三槓子）も役の変化とみなす。",
                ),
            }
        ),
        applies=lambda rules: _riichi(rules) and rules.riichi.locked,
    )
    open_riichi: bool = setting(
        False,
        Kind.BOOL,
        rule="R-RIICHI-6",
        label=Text("Open riichi", "オープン立直"),
        feeds=(Question.RIICHI_WIN,),
        # where declaring is how every hand wins (鳴き立直), there is no open riichi to deny
        applies=lambda rules: _riichi(rules) and (rules.riichi.open_riichi or not rules.riichi.declaration_required),
        prose=Switch(
            on=Text(
                "Open riichi is allowed: the player shows the hand when declaring and earns 1 han more than riichi; "
                "a player not in riichi who deals into it pays a yakuman.",
                "オープン立直あり。手牌を公開して立直し、立直より1翻高い。立直していない者が放銃すると役満払い。",
            ),
            off=Text(
                "There is no open riichi: the concealed tiles of a riichi hand stay hidden.",
                "オープン立直なし。",
            ),
        ),
    )
    open_riichi_deal_in: Literal["yakuman", "hand"] = setting(
        "yakuman",
        Kind.CHOICE,
        rule="R-RIICHI-6",
        label=Text("Dealing into open riichi", "オープン立直への放銃"),
        feeds=(Question.WIN_PAYMENT,),
        applies=lambda rules: rules.riichi.open_riichi,
        short={"yakuman": Text("yakuman", "役満払い"), "hand": Text("hand value", "和了点")},
        prose=Choice(
            {
                "yakuman": Text(
                    "A player not in riichi who deals into an open riichi pays a yakuman, whatever the hand is worth.",
                    "立直していない者がオープン立直に放銃したら、手の値にかかわらず役満を支払う。",
                ),
                "hand": Text(
                    "Dealing into an open riichi costs what the hand is worth, like any ron.",
                    "オープン立直への放銃は通常どおり和了点を支払う。",
                ),
            }
        ),
    )
    furiten: Literal["waits", "tile"] = setting(
        "waits",
        Kind.CHOICE,
        rule="R-RIICHI-3 R-FURI-1",
        label=Text("Furiten covers", "振聴の範囲"),
        feeds=(Question.FURITEN,),
        short={"waits": Text("every wait", "待ち全体"), "tile": Text("the discarded tile only", "捨てた牌のみ")},
        prose=Choice(
            {
                "waits": Text(
                    "Furiten covers every wait: a player who has discarded any of the hand's winning tiles cannot win "
                    "by ron on any of them.",
                    "振聴は待ち全体にかかる。待ち牌のどれかを自分で捨てていれば、どの待ち牌でもロンできない。",
                ),
                "tile": Text(
                    "Furiten covers only the tile discarded: a player cannot win by ron on a tile they discarded, but "
                    "may on their other winning tiles.",
                    "振聴は捨てた牌だけにかかる。自分が捨てた牌ではロンできないが、他の待ち牌ではロンできる。",
                ),
            }
        ),
    )
    furiten_tsumo: bool = setting(
        False,
        Kind.BOOL,
        rule="R-FURI-1",
        label=Text("Own discards bar a tsumo win too", "捨てた牌はツモ和了もできない"),
        feeds=(Question.FURITEN, Question.OFFERS),
        prose=Switch(
            on=Text(
                "A player can never win on a tile they discarded, by ron or by tsumo.",
                "自分が捨てた牌では、ロンでもツモでも和了できない。",
            ),
            off=Text(
                "Furiten bars only a ron: a furiten player may still win by tsumo.",
                "振聴で禁じられるのはロンだけで、ツモ和了はできる。",
            ),
        ),
        quiet=True,
    )
    locked: bool = setting(
        True,
        Kind.BOOL,
        rule="R-RIICHI-3",
        # neutral: a decision that unlocks it reads right (reader s34 #20)
        label=Text("Hand after riichi", "立直後の手牌"),
        feeds=(
            Question.OFFERS,
            Question.FURITEN,
        ),
        applies=_riichi,
        prose=Switch(
            on=Text(
                "After riichi the hand is locked: every drawn tile that does not win is discarded (tsumogiri); "
                "for letting a winning tile pass, see Furiten.",
                "立直後はツモ切りのみで、手牌を変えられない（和了牌を見逃したときの扱いは振聴の表のとおり）。",
            ),
            off=Text(
                "After riichi the hand may still change: the player may discard any tile, not only the one drawn.",
                "立直後も手牌を入れ替えてよく、ツモ牌以外を捨ててもよい。",
            ),
        ),
    )
    furiten_riichi: Literal["allow", "chombo"] = setting(
        "allow",
        Kind.CHOICE,
        rule="R-RIICHI-7",
        label=Text("Furiten riichi", "振聴立直"),
        feeds=(Question.SETTLEMENT,),
        # under furiten by tile (鳴き立直) allowing it adds nothing to the furiten rules; a chombo would
        applies=lambda rules: (
            _riichi(rules) and (rules.riichi.furiten == "waits" or rules.riichi.furiten_riichi == "chombo")
        ),
        short={"allow": Text("allowed", "あり"), "chombo": Text("chombo", "チョンボ")},
        prose=Choice(
            {
                "allow": Text(
                    "A player in furiten may declare riichi, and can then win only by tsumo.",
                    "振聴立直あり。振聴でも立直でき、和了はツモに限る。",
                ),
                "chombo": Text(
                    "Declaring riichi while furiten (a wait among one's own discards, the declaring tile "
                    "included) is a chombo, found when the hands are shown at an exhaustive draw: the offender "
                    "pays the chombo penalty instead of the draw's noten payments; the dealer stays, the honba "
                    "is added and the riichi sticks stay on the table. A hand that ends otherwise (a win, the "
                    "offender's tsumo included, or an abortive draw) is settled as usual.",
                    "振聴立直（自分の捨て牌に待ち牌がある。宣言牌を含む）はチョンボとし、荒牌流局で手牌を"
                    "開けたときに発覚する。ノーテン罰符の代わりにチョンボの罰符を払い、親は続行、本場を加え、"
                    "立直棒は供託のまま。和了（本人のツモ和了を含む）や途中流局で局が終われば通常どおり精算する。",
                ),
            }
        ),
    )
    missed_furiten: bool = setting(
        True,
        Kind.BOOL,
        rule="R-FURI-1 R-RIICHI-3",
        label=Text("Furiten after passing a win", "見逃しの振聴"),
        feeds=(Question.FURITEN,),
        prose=Switch(
            on=Text(
                "A player who lets a winning tile pass may not win by ron until their own next discard.",
                "和了牌を見逃した者は、自分の次の打牌までロンできない。",
            ),
            off=Text(
                "Letting a winning tile pass costs nothing: the next winning tile may be won on, in riichi too "
                "(only a tile one discarded bars a win).",
                "和了牌を見逃しても振聴にならない。立直後も次の和了牌で和了できる（和了を妨げるのは自分が捨てた牌だけ）。",
            ),
        ),
    )
    missed_win_chombo: bool = setting(
        False,
        Kind.BOOL,
        rule="R-RIICHI-3 R-RIICHI-7",
        label=Text("Passing a win after riichi", "立直後の見逃し"),
        feeds=(Question.SETTLEMENT,),
        short={
            "on": Text("chombo at the draw", "流局時チョンボ"),
            "off": Text("no penalty", "罰則なし"),
        },
        applies=lambda rules: _riichi(rules) and rules.riichi.missed_furiten,
        prose=Switch(
            on=Text(
                "A player in riichi who lets a winning tile pass (a discard not won on, or a winning tile drawn "
                "and discarded) may not ron for the rest of the hand, and it is a chombo, found when the hands "
                "are shown at an exhaustive draw: the offender pays the chombo penalty instead of the draw's "
                "noten payments. A hand that ends otherwise is settled as usual.",
                "立直後に和了牌を見逃した者（ロンしなかった、またはツモった和了牌を捨てた）は、その局の終わりまで"
                "ロンできず、荒牌流局で手牌を開けたときにチョンボとなる。ノーテン罰符の代わりにチョンボの罰符を"
                "払う。和了や途中流局で局が終われば通常どおり精算する。",
            ),
            off=Text(
                "A player in riichi who lets a winning tile pass may not ron for the rest of the hand.",
                "立直後に和了牌を見逃した者は、その局の終わりまでロンできない。",
            ),
        ),
    )
    noten_riichi_chombo: bool = setting(
        False,
        Kind.BOOL,
        rule="R-RIICHI-7",
        label=Text("Noten riichi", "ノーテン立直"),
        feeds=(Question.SETTLEMENT,),
        short={
            "on": Text("chombo at the draw", "流局時チョンボ"),
            "off": Text("no penalty", "罰則なし"),
        },
        applies=_riichi,
        quiet=True,
        prose=Switch(
            on=Text(
                "A riichi hand that is not tenpai when the hands are shown at an exhaustive draw is a chombo: "
                "the offender pays the chombo penalty instead of the draw's noten payments.",
                "ノーテン立直は、荒牌流局で手牌を開けたときにチョンボとなり、ノーテン罰符の代わりにチョンボの罰符を払う。",
            ),
            off=Text(
                "A riichi hand that is not tenpai at an exhaustive draw is noten and pays as noten.",
                "流局時にノーテンの立直者はノーテンとして扱う。",
            ),
        ),
    )
    with_calls: bool = setting(
        False,
        Kind.BOOL,
        rule="R-RIICHI-9",
        label=Text("Riichi after calls", "鳴いてからの立直"),
        feeds=(
            Question.RIICHI,
            Question.RIICHI_WIN,
        ),
        applies=_riichi,
        prose=Switch(
            on=Text("Riichi may be declared after calls, with an open hand.", "鳴いた後でも立直できる。"),
            off=Text(
                "Riichi may be declared only with a closed hand: no calls other than closed kans.",
                "立直は門前（暗槓以外の副露なし）に限る。",
            ),
        ),
    )
    declaration_required: bool = setting(
        False,
        Kind.BOOL,
        rule="R-RIICHI-9",
        label=Text("Tenpai declaration required to win", "和了には聴牌宣言が必要"),
        feeds=(Question.OFFERS,),
        quiet=True,  # said only where a win needs a declaration (鳴き立直); otherwise nothing differs
        prose=Switch(
            on=Text(
                "A player must have declared tenpai (riichi) before winning at all.",
                "和了するには事前に聴牌宣言（立直）が必要。",
            ),
            off=Text(
                "No declaration is needed to win: a hand without riichi may win if it has the required yaku.",
                "和了に聴牌宣言は不要。",
            ),
        ),
    )
    false_declaration: int = setting(
        0,
        Kind.INT,
        rule="R-RIICHI-9",
        label=Text("False declaration penalty", "誤宣言の罰符"),
        feeds=(Question.SETTLEMENT,),
        low=0,
        high=10**6,
        prose=Template(
            Text(
                "A player whose tenpai declaration turns out false (not tenpai when the hand ends) {value} "
                "(decision: a hand that ends with no win has no winner, and the penalty is not paid).",
                "聴牌宣言が誤りだった者（終局時に聴牌していない者）は、{value}（判断：和了のないまま終わった局には"
                "勝者がいないので、罰符は払わない）。",
            ),
            formats.to_winner,
            empty=Text("A false tenpai declaration carries no penalty.", "誤った聴牌宣言に罰符はない。"),
        ),
        applies=lambda rules: rules.riichi.declaration_required,
    )
    furiten_indicators: bool = setting(
        False,
        Kind.BOOL,
        rule="R-FURI-1",
        label=Text("Indicator-area tiles count for furiten", "ドラ表示エリアの牌も振聴"),
        feeds=(Question.FURITEN,),
        prose=Switch(
            on=Text(
                "Tiles a player puts among the dora indicators count as that player's discards for furiten.",
                "自分がドラ表示エリアに置いた牌も捨て牌とみなし、振聴の対象とする。",
            ),
            off=Text(
                "Tiles a player puts among the dora indicators (when players place them) do not count as discards "
                "for furiten.",
                "（ドラ表示牌を置く場合）自分がドラ表示エリアに置いた牌は捨て牌とみなさず、振聴の対象にしない。",
            ),
        ),
        applies=lambda rules: rules.dora.chosen_indicators,
    )
