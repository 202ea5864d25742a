"""Dora of every kind: indicators and cycles, kan and ura dora, red and always-dora tiles, nuki (R-DORA)."""

from __future__ import annotations

from typing import Any, Literal

from variantlang.catalog import formats
from variantlang.catalog.applies import FIRST_TURN, yaku_ids
from variantlang.catalog.declare import section, setting
from variantlang.catalog.entry import Choice, Kind, Switch, Template, Text
from variantlang.catalog.feeds import Question, at_least_one
from variantlang.hand.tiles import Tile


def _nuki(rules: Any) -> bool:
    """Nuki details matter only where something is set aside: nuki tiles, or flowers counted as nuki."""
    return bool(rules.dora.nuki) or rules.dora.flowers_as_nuki


def _nuki_kept(rules: Any) -> bool:
    """Whether a nuki tile may be kept in the hand or won on at all: some nuki kind is not one that is only
    ever set aside (`nuki_aside_only`), or flowers count as nuki."""
    aside = {t.kind for t in rules.dora.nuki_aside_only}
    return any(t.kind not in aside for t in rules.dora.nuki) or rules.dora.flowers_as_nuki


def _kept_in_hand(rules: Any) -> bool:
    """Whether `nuki_in_hand` answers something: a nuki kind that may be kept is not a flower. A flower kept in
    the hand is what `flower_honour_copy` says (a fifth honour, or part of no set), one answer."""
    aside = {t.kind for t in rules.dora.nuki_aside_only}
    return any(t.kind not in aside for t in rules.dora.nuki)


def _turned(rules: Any) -> bool:
    """Indicators are turned from the dead wall, not placed by the players (`chosen_indicators`): only
    then do kan dora, their timing and a most number of indicators speak of something the variant has."""
    return not rules.dora.chosen_indicators


def _first_turn(rules: Any) -> bool:
    """Something a nuki could interrupt: a first-turn yaku or bonus, or an abortive draw of the first
    go-around (four winds, nine terminals)."""
    draws = rules.draws
    return bool(yaku_ids(rules) & FIRST_TURN) or bool(draws.suufon_renda or draws.kyuushu_kyuuhai)


def _riichi(rules: Any) -> bool:
    """Riichi is played (`riichi.enabled`): the rules that follow from a riichi matter."""
    return bool(rules.riichi.enabled)


@section("dora", sheet="dora")
class DoraSettings:
    indicator: Literal["next", "same"] = setting(
        "next",
        Kind.CHOICE,
        rule="R-DORA-1 R-DORA-4",
        label=Text("Indicator", "ドラ表示"),
        feeds=(Question.WIN_VALUE,),
        short={"next": Text("the next tile", "次の牌"), "same": Text("the indicator itself", "現物")},
        prose=Choice(
            {
                "next": Text(
                    "The dora is the tile after the indicator: 1 to 9 and back to 1 in each suit, East → South → "
                    "West → North → East, and White → Green → Red → White.",
                    "ドラは表示牌の次の牌。数牌は1→2→…→9→1、風牌は東→南→西→北→東、三元牌は白→發→中→白の順。",
                ),
                "same": Text(
                    "The indicator itself is the dora (genbutsu dora).",
                    "表示牌そのものがドラ（現物ドラ）。",
                ),
            }
        ),
    )
    ura_indicator: Literal["next", "same"] = setting(
        "next",
        Kind.CHOICE,
        rule="R-DORA-4",
        label=Text("Ura indicator", "裏ドラ表示"),
        feeds=(Question.WIN_VALUE,),
        short={"next": Text("the next tile", "次の牌"), "same": Text("the indicator itself", "現物")},
        prose=Choice(
            {
                "next": Text(
                    "The ura dora is the tile after each ura indicator, in the same order as the dora.",
                    "裏ドラは裏ドラ表示牌の次の牌（表ドラと同じ順序）。",
                ),
                "same": Text(
                    "Each ura indicator is itself the ura dora (genbutsu).",
                    "裏ドラ表示牌そのものが裏ドラ（現物）。",
                ),
            }
        ),
        applies=lambda rules: _riichi(rules) and rules.dora.ura,
    )
    cycle: tuple[tuple[int, ...], ...] = setting(
        (),
        Kind.CYCLE,
        rule="R-DORA-2 R-DORA-3",
        label=Text("Dora cycle", "ドラの循環"),
        feeds=(Question.WIN_VALUE,),
        repeatable=True,
        quiet=True,  # the usual order needs no sentence (reader s33 #17); a cycle is said where a variant has one
        prose=Template(
            Text(
                "These indicator orders replace the usual one, for ura dora too: {value}.",
                "次の表示牌は通常の順序によらず矢印の先の牌をドラとする（裏ドラも同じ）：{value}。",
            ),
            formats.cycles,
            empty=Text(
                "Every indicator follows the usual order.",
                "ドラはすべて通常の順序による。",
            ),
        ),
    )
    kan_dora: bool = setting(
        True,
        Kind.BOOL,
        rule="R-DORA-5",
        label=Text("Kan dora", "カンドラ"),
        feeds=(Question.INDICATORS,),
        prose=Switch(
            on=Text(
                "Each kan adds a new dora indicator (kan dora), up to the limit on indicators.",
                "カンドラあり。カンのたびにドラ表示牌が1枚増える（上限まで）。",
            ),
            off=Text("A kan adds no dora indicator.", "カンドラなし。"),
        ),
        # placed indicators: on, the kan maker's move is `chosen_indicators`' sentence; off, no move is
        applies=lambda rules: _turned(rules) or not rules.dora.kan_dora,
    )
    kan_dora_timing: Literal["immediate", "after_discard", "after_discard_passes"] = setting(
        "after_discard",
        Kind.CHOICE,
        rule="R-DORA-6",
        label=Text("Kan dora timing", "カンドラのめくり"),
        feeds=(Question.PROCEDURE,),
        short={
            "immediate": Text("immediate", "即乗り"),
            "after_discard": Text("closed kan at once, open kan after the discard", "暗槓即・明槓打牌後"),
            "after_discard_passes": Text("closed kan at once, open kan once the discard passes", "暗槓即・明槓通過後"),
        },
        prose=Choice(
            {
                "immediate": Text(
                    "Every kan, closed or open, reveals its new indicator at once.",
                    "カンドラは暗槓・明槓とも即めくる。",
                ),
                "after_discard": Text(
                    "A closed kan reveals its new indicator at once; an open kan reveals it after the kan's discard.",
                    "カンドラは暗槓なら即めくり、明槓なら打牌後にめくる。",
                ),
                "after_discard_passes": Text(
                    "A closed kan reveals its new indicator at once; an open kan reveals it only once the kan's "
                    "discard has passed without a win.",
                    "カンドラは暗槓なら即めくり、明槓なら打牌が通ってからめくる（その打牌でロンされたらめくらない）。",
                ),
            }
        ),
        applies=lambda rules: _turned(rules) and rules.dora.kan_dora,
    )
    max_indicators: int = setting(
        5,
        Kind.INT,
        rule="R-DORA-5",
        label=Text("Most indicators", "ドラ表示牌の上限"),
        feeds=(Question.INDICATORS,),
        low=1,
        high=10,
        prose=Template(
            Text(
                "No more than {value} can be showing.",
                "ドラ表示牌は最大{value}まで。",
            ),
            formats.count("dora indicator", "dora indicators", "枚"),
        ),
        applies=lambda rules: _turned(rules) and rules.dora.kan_dora,
    )
    ura: bool = setting(
        True,
        Kind.BOOL,
        rule="R-DORA-7",
        label=Text("Ura dora", "裏ドラ"),
        feeds=(
            Question.WIN_VALUE,
            Question.INDICATORS,
        ),
        applies=_riichi,
        prose=Switch(
            on=Text(
                "Ura dora: a player who wins after declaring riichi also counts dora from the tiles under the "
                "indicators.",
                "裏ドラあり。立直して和了した者は、ドラ表示牌の下の牌（裏ドラ表示牌）でもドラを数える。",
            ),
            off=Text("There are no ura dora.", "裏ドラなし。"),
        ),
    )
    kan_ura: bool = setting(
        True,
        Kind.BOOL,
        rule="R-DORA-8",
        label=Text("Kan ura", "カン裏"),
        feeds=(Question.INDICATORS,),
        prose=Switch(
            on=Text(
                "Kan ura: the tiles under the kan dora indicators are ura indicators too.",
                "カン裏あり。カンドラ表示牌の下の牌も裏ドラ表示牌になる。",
            ),
            off=Text(
                "No kan ura: only the tiles under the starting indicators are ura indicators.",
                "カン裏なし。裏ドラ表示牌は最初のドラ表示牌の下だけ。",
            ),
        ),
        applies=lambda rules: _riichi(rules) and rules.dora.ura and rules.dora.kan_dora,
    )
    start_indicators: int = setting(
        1,
        Kind.INT,
        rule="R-DORA-9",
        label=Text("Indicators at the start", "最初のドラ表示牌"),
        feeds=(Question.INDICATORS,),
        played=at_least_one,
        low=1,
        high=2,
        prose=Template(
            Text("Each hand starts with {value}.", "局の開始時のドラ表示牌は{value}。"),
            formats.count("dora indicator", "dora indicators", "枚"),
        ),
    )
    double_on_dice_pair: bool = setting(
        False,
        Kind.BOOL,
        rule="R-DORA-9",
        label=Text("Double dora on a dice pair", "ゾロ目でダブルドラ"),
        feeds=(Question.INDICATORS,),
        quiet=True,  # a house extra: said only where played
        prose=Switch(
            on=Text(
                "When the opening dice show a pair, a second dora indicator is turned at the start (double dora).",
                "配牌時のサイコロがゾロ目なら、ドラ表示牌をもう1枚めくる（ダブルドラ）。",
            ),
            off=Text("A pair on the opening dice does not change the dora.", "ゾロ目によるダブルドラはない。"),
        ),
        applies=lambda rules: not rules.dora.chosen_indicators,
    )
    stack: bool = setting(
        True,
        Kind.BOOL,
        rule="R-DORA-10",
        label=Text("Repeated indicators stack", "同じ表示牌の重複"),
        feeds=(Question.WIN_VALUE,),
        prose=Switch(
            on=Text(
                "Repeated indicators stack: with two 3-pin indicators, each 4-pin is worth 2 dora.",
                "表示牌が重なればドラも重なる（表示牌が3筒2枚なら4筒は1枚につきドラ2）。",
            ),
            off=Text(
                "Repeated indicators do not stack: a tile is worth at most 1 dora from indicators.",
                "表示牌が重なってもドラは重ならず、表示牌によるドラは1枚につき最大1。",
            ),
        ),
    )
    red_value: int = setting(
        1,
        Kind.INT,
        rule="R-DORA-11",
        label=Text("Red dora value", "赤ドラの翻"),
        feeds=(Question.WIN_VALUE,),
        low=0,
        high=13,
        prose=Template(
            Text(
                "Each red tile adds {value}, on top of any dora it also counts from the indicators.",
                "赤牌は1枚につき{value}（表示牌によるドラとは別に加算）。",
            ),
            formats.dora_han,
            empty=Text("Red tiles add no han of their own.", "赤牌自体に翻はない。"),
        ),
        applies=lambda rules: bool(rules.tiles.red),
    )
    gold_value: int = setting(
        0,
        Kind.INT,
        rule="R-TILE-5 R-DORA-11",
        label=Text("Gold dora value", "金ドラの翻"),
        feeds=(Question.WIN_VALUE,),
        applies=lambda rules: bool(rules.tiles.gold),
        low=-13,
        high=13,
        prose=Template(
            Text(
                "Each gold tile adds {value}, on top of any dora it also counts from the indicators.",
                "金牌は1枚につき{value}（表示牌によるドラとは別に加算）。",
            ),
            formats.dora_han,
            empty=Text("Gold tiles add no han of their own.", "金牌自体に翻はない。"),
        ),
    )
    blue_value: int = setting(
        0,
        Kind.INT,
        rule="R-TILE-5 R-DORA-11",
        label=Text("Blue tile value", "青牌の翻"),
        feeds=(Question.WIN_VALUE,),
        applies=lambda rules: bool(rules.tiles.blue),
        low=-13,
        high=13,
        prose=Template(
            Text(
                "Each blue tile adds {value} (often a minus value), on top of any dora it also counts from the "
                "indicators.",
                "青牌は1枚につき{value}（表示牌によるドラとは別に加算）。",
            ),
            formats.dora_han,
            empty=Text("Blue tiles add no han of their own.", "青牌自体に翻はない。"),
        ),
    )
    rainbow_value: int = setting(
        0,
        Kind.INT,
        rule="R-TILE-5 R-DORA-11",
        label=Text("Rainbow dora value", "虹ドラの翻"),
        feeds=(Question.WIN_VALUE,),
        applies=lambda rules: bool(rules.tiles.rainbow),
        low=-13,
        high=13,
        prose=Template(
            Text(
                "Each rainbow tile adds {value}, on top of any dora it also counts from the indicators.",
                "虹牌は1枚につき{value}（表示牌によるドラとは別に加算）。",
            ),
            formats.dora_han,
            empty=Text("Rainbow tiles add no han of their own.", "虹牌自体に翻はない。"),
        ),
    )
    pocchi_value: int = setting(
        0,
        Kind.INT,
        rule="R-TILE-7 R-DORA-11",
        label=Text("Pocchi dora value", "ポッチの翻"),
        feeds=(Question.WIN_VALUE,),
        applies=lambda rules: bool(rules.tiles.pocchi),
        low=-13,
        high=13,
        prose=Template(
            Text(
                "Each pocchi tile in the winning hand adds {value} (a pocchi is a dora of its own), on top of any "
                "dora it also counts from the indicators.",
                "ポッチ牌は1枚につき{value}（ドラ扱い。表示牌によるドラとは別に加算）。",
            ),
            formats.dora_han,
            empty=Text("Pocchi tiles add no han of their own.", "ポッチ牌自体に翻はない。"),
        ),
    )
    red_condition: Literal["always", "closed", "riichi", "chip_only"] = setting(
        "always",
        Kind.CHOICE,
        rule="R-DORA-12",
        label=Text("Red dora counts", "赤ドラの条件"),
        feeds=(Question.WIN_VALUE,),
        short={
            "always": Text("always", "常に"),
            "closed": Text("closed", "門前のみ"),
            "riichi": Text("riichi", "立直時のみ"),
            "chip_only": Text("chip only", "祝儀のみ"),
        },
        prose=Choice(
            {
                "always": Text("Red tiles count in every winning hand.", "赤ドラは常に有効。"),
                "closed": Text("Red tiles count only in a closed hand.", "赤ドラは門前の手に限り有効。"),
                "riichi": Text(
                    "Red tiles count only when the winner is in riichi.", "赤ドラは立直して和了したときに限り有効。"
                ),
                "chip_only": Text(
                    "Red tiles earn a side payment (chip) only: they add no han.",
                    "赤牌はチップ（祝儀）の対象になるだけで、翻はつかない。",
                ),
            }
        ),
        applies=lambda rules: bool(rules.tiles.red),
    )
    all_star: int = setting(
        0,
        Kind.INT,
        rule="R-DORA-13",
        label=Text("All-star bonus", "オールスター"),
        feeds=(Question.WIN_VALUE,),
        low=0,
        high=13,
        prose=Template(
            Text(
                "Red tiles of all three suits in the winning hand add {value} more (all-star).",
                "オールスター：和了形に三色すべての赤牌があれば{value}加算。",
            ),
            formats.dora_han,
            empty=Text("There is no all-star bonus.", "オールスターなし。"),
        ),
        applies=lambda rules: rules.dora.all_star > 0,
    )
    all_star_condition: Literal["always", "closed"] = setting(
        "always",
        Kind.CHOICE,
        rule="R-DORA-13",
        label=Text("All-star counts", "オールスターの条件"),
        feeds=(Question.WIN_VALUE,),
        short={"always": Text("always", "常に"), "closed": Text("closed", "門前のみ")},
        prose=Choice(
            {
                "always": Text("The all-star bonus counts in any winning hand.", "オールスターは副露していても有効。"),
                "closed": Text(
                    "The all-star bonus counts only in a closed hand.", "オールスターは門前の手に限り有効。"
                ),
            }
        ),
        applies=lambda rules: rules.dora.all_star > 0,
    )
    always: tuple[Tile, ...] = setting(
        (),
        Kind.TILES,
        rule="R-DORA-14",
        label=Text("Always dora", "常時ドラ"),
        feeds=(Question.WIN_VALUE,),
        prose=Template(
            Text(
                "Every copy of {value} is always a dora, whatever the indicators show.",
                "{value}は表示牌に関係なく常にドラ（1枚につき1翻）。",
            ),
            formats.tiles,
            empty=Text("No tile is a dora without an indicator.", "常時ドラはない。"),
        ),
        applies=lambda rules: bool(rules.dora.always),
    )
    nuki: tuple[Tile, ...] = setting(
        (),
        Kind.TILES,
        rule="R-DORA-15",
        sheet="play",
        label=Text("Nuki dora", "抜きドラ"),
        feeds=(
            Question.OFFERS,
            Question.WIN_VALUE,
        ),
        prose=Template(
            Text(
                "Nuki dora: {value} can be set aside right after the player's own draw (not after a pon) for a "
                "replacement tile. Each counts as 1 dora. Setting one aside is not a call: the hand stays concealed, "
                "and it is allowed during riichi.",
                "抜きドラ：{value}は自分のツモの直後に抜いて脇に置き（ポンの後は不可）、嶺上牌を1枚取る。"
                "抜いた牌は1枚につきドラ1。抜きは鳴きではないので門前は崩れず、立直後も抜ける。",
            ),
            formats.tiles_named,
            empty=Text("There are no nuki dora.", "抜きドラなし。"),
        ),
        applies=lambda rules: bool(rules.dora.nuki),
    )
    nuki_mode: Literal["optional", "forced"] = setting(
        "optional",
        Kind.CHOICE,
        rule="R-DORA-16",
        sheet="play",
        label=Text("Setting nuki aside", "抜きドラの抜き方"),
        feeds=(Question.OFFERS,),
        short={"optional": Text("optional", "任意"), "forced": Text("forced", "必ず抜く")},
        prose=Choice(
            {
                "optional": Text(
                    "{nuki} may be set aside or kept in the hand instead: setting it aside is optional.",
                    "{nuki}を抜くかどうかは任意で、手牌に残してもよい。",
                ),
                "forced": Text(
                    "A nuki tile must be set aside as soon as it is drawn (those dealt, at the player's first "
                    "turn), before any discard, riichi or kan; only a tsumo win on it or nine terminals come "
                    "first. Where it may not be set aside (at haitei), it stays in the hand.",
                    "抜きドラは引いたらすぐに抜かなければならない（配牌にあるものは最初のツモ番に）。打牌・立直・"
                    "槓より先に抜き、先にできるのはその牌でのツモ和了と九種九牌だけ。抜けないとき（海底）は手牌に残る。",
                ),
            }
        ),
        applies=_nuki,
    )
    nuki_in_hand: Literal["always", "yakuman_only", "never"] = setting(
        "always",
        Kind.CHOICE,
        rule="R-DORA-16",
        sheet="play",
        label=Text("Nuki tiles used in a winning hand", "抜きドラを手牌で使う"),
        feeds=(Question.WIN_VALUE,),
        short={
            "always": Text("always", "可"),
            "yakuman_only": Text("yakuman only", "役満のみ"),
            "never": Text("never", "不可"),
        },
        prose=Choice(
            {
                "always": Text(
                    "{nuki} kept in the hand is an ordinary tile and may be used in any set.",
                    "手牌に残した{nuki}は通常の牌として面子に使える。",
                ),
                "yakuman_only": Text(
                    "{nuki} may be kept and used in the hand only for a yakuman.",
                    "{nuki}を手牌に残して使えるのは役満の場合に限る。",
                ),
                "never": Text(
                    "{nuki} can never be used in the hand.",
                    "{nuki}は手牌の一部として使えない。",
                ),
            }
        ),
        applies=_kept_in_hand,
    )
    nuki_kept_dora: bool = setting(
        False,
        Kind.BOOL,
        rule="R-DORA-16",
        label=Text("Nuki tiles kept in hand are dora", "手牌の抜きドラ牌"),
        feeds=(Question.WIN_VALUE,),
        applies=lambda rules: bool(rules.dora.nuki),
        prose=Switch(
            on=Text(
                "A nuki tile kept in the hand still counts as 1 dora, as if it had been set aside.",
                "抜かずに手牌に残した抜きドラ牌も1枚につきドラ1。",
            ),
            off=Text(
                "A nuki tile kept in the hand is no nuki dora: only tiles set aside count.",
                "手牌に残した抜きドラ牌はドラにならない（抜いた牌だけが抜きドラ）。",
            ),
        ),
    )
    nuki_indicated: bool = setting(
        True,
        Kind.BOOL,
        rule="R-DORA-16",
        label=Text("Nuki tiles count indicated dora", "抜きドラと表示牌のドラ"),
        feeds=(Question.WIN_VALUE,),
        applies=lambda rules: bool(rules.dora.nuki),
        prose=Switch(
            on=Text(
                "A tile set aside as nuki also counts the dora the indicators give it: a nuki tile that is an "
                "indicated dora counts double.",
                "抜いた牌が表示牌によるドラでもあれば、その分も数える（抜きドラかつドラなら2枚分）。",
            ),
            off=Text(
                "A tile set aside as nuki counts only as its own 1 dora, never as a dora from the indicators.",
                "抜いた牌は抜きドラとしての1だけで、表示牌によるドラにはならない。",
            ),
        ),
    )
    nuki_discard: bool = setting(
        True,
        Kind.BOOL,
        rule="R-DORA-16",
        sheet="play",
        label=Text("Nuki tiles may be discarded", "抜きドラを捨てる"),
        feeds=(Question.OFFERS,),
        prose=Switch(
            on=Text("A nuki tile may be discarded like any other tile.", "抜きドラを捨ててもよい。"),
            off=Text(
                "A nuki tile may not be discarded, except by a player in riichi who draws one where it cannot be "
                "set aside (the last draw, haitei): that tile is discarded.",
                "抜きドラは捨てられない。ただし立直者が抜けないとき（海底）に引いた抜きドラは河に捨てる。",
            ),
        ),
        applies=_nuki,
    )
    nuki_ron: Literal["all", "yakuman_only", "never"] = setting(
        "all",
        Kind.CHOICE,
        rule="R-DORA-16",
        sheet="play",
        label=Text("Ron on a nuki tile", "抜きドラへのロン"),
        feeds=(Question.OFFERS,),
        short={
            "all": Text("all", "可"),
            "yakuman_only": Text("yakuman only", "役満のみ"),
            "never": Text("never", "不可"),
        },
        prose=Choice(
            {
                "all": Text(
                    "{nuki} another player sets aside may be won on by ron.",
                    "他家が抜いた{nuki}でロンできる。",
                ),
                "yakuman_only": Text(
                    "{nuki} another player sets aside may be won on only for a yakuman.",
                    "他家が抜いた{nuki}でロンできるのは役満の場合に限る。",
                ),
                "never": Text(
                    "{nuki} another player sets aside can never be won on.",
                    "他家が抜いた{nuki}ではロンできない。",
                ),
            }
        ),
        applies=_nuki_kept,
    )
    nuki_aside_only: tuple[Tile, ...] = setting(
        (),
        Kind.TILES,
        rule="R-DORA-16",
        sheet="play",
        label=Text("Nuki kinds only set aside", "抜くだけの抜きドラ"),
        feeds=(Question.WIN_VALUE, Question.OFFERS),
        prose=Template(
            Text(
                "{value} is only set aside: kept, it is part of no winning hand (not even a yakuman)⟪discard:| "
                "and cannot be discarded, so it is set aside when drawn⟫; nor is another player's {value} won on.",
                "{value}は抜くだけの牌：手牌に残すと和了形の一部にならず（役満でも不可）⟪discard:|、捨てることも"
                "できないので、引いたら抜く⟫。他家が抜いた{value}でロンすることもできない。",
            ),
            formats.tiles_named,
            empty=Text("Every nuki tile follows the same rules.", "抜きドラの扱いはどの牌も同じ。"),
        ),
        applies=lambda rules: bool(rules.dora.nuki),
        quiet=True,
    )
    nuki_breaks_ippatsu: bool = setting(
        True,
        Kind.BOOL,
        rule="R-DORA-16",
        sheet="play",
        label=Text("Nuki breaks ippatsu", "抜きドラで一発消し"),
        feeds=(Question.OFFERS,),
        prose=Switch(
            on=Text(
                "Setting a tile aside as nuki interrupts play like a call: it breaks ippatsu and the uninterrupted "
                "first go-around (double riichi, chiihou, the abortive draw on the same wind).",
                "抜きドラは鳴きと同様に扱い、一発や第一巡の条件（ダブル立直・地和・同じ風牌の連打による流局など）を消す。",
            ),
            off=Text(
                "Setting a tile aside as nuki is no interruption: ippatsu and first go-around wins survive it.",
                "抜きドラを抜いても一発や第一巡の条件（天和・地和など）は消えない。",
            ),
        ),
        applies=lambda rules: _nuki(rules) and _first_turn(rules),
    )
    nuki_rinshan: bool = setting(
        True,
        Kind.BOOL,
        rule="R-DORA-16",
        sheet="play",
        label=Text("A win on a nuki replacement is rinshan", "抜きドラの補充牌で嶺上開花"),
        feeds=(Question.OFFERS,),
        # off is not "never": the replacement of a nuki tile that was itself a kan's replacement still is
        short={
            "on": Text("yes", "あり"),
            "off": Text("only where the nuki tile came from a kan", "槓の補充牌から抜いたときのみ"),
        },
        prose=Switch(
            on=Text(
                "A win on a nuki tile's replacement counts as rinshan kaihou (a win after a kan).",
                "抜きドラの補充牌で和了すれば嶺上開花。",
            ),
            off=Text(
                "Setting a nuki tile aside counts as no draw: its replacement stands for the draw it replaced, so a "
                "win on it is rinshan kaihou only when that draw was a kan's replacement.",
                "抜きドラは0回のツモとみなす。補充牌は抜いた牌の代わりなので、それで和了しても嶺上開花になるのは"
                "抜いた牌が槓の補充牌だったときだけ。",
            ),
        ),
        applies=lambda rules: _nuki(rules) and "rinshan" in yaku_ids(rules),
    )
    nuki_at_haitei: bool = setting(
        False,
        Kind.BOOL,
        rule="R-DORA-16",
        sheet="play",
        label=Text("Nuki on the last draw", "海底での抜きドラ"),
        feeds=(Question.OFFERS,),
        prose=Switch(
            on=Text(
                "A nuki tile may be set aside even on the last draw of the wall (haitei).",
                "海底牌でも抜きドラを抜ける。",
            ),
            off=Text(
                "No tile may be set aside as nuki on the last draw of the wall (haitei).",
                "海底牌では抜きドラを抜けない。",
            ),
        ),
        # without a dead wall a replacement is the next live tile: on the last draw there is none anyway
        applies=lambda rules: _nuki(rules) and rules.tiles.dead_wall > 0,
    )
    flowers_as_nuki: bool = setting(
        False,
        Kind.BOOL,
        rule="R-DORA-17",
        label=Text("Flowers count as nuki dora", "花牌は抜きドラ"),
        feeds=(Question.WIN_VALUE,),
        prose=Switch(
            on=Text(
                "A flower set aside counts as a nuki dora: 1 dora each.", "抜いた花牌は抜きドラとして1枚につきドラ1。"
            ),
            off=Text("A flower set aside is not a dora.", "花牌は抜いてもドラにならない。"),
        ),
        applies=lambda rules: rules.tiles.flowers > 0,
    )
    flower_honour_copy: bool = setting(
        False,
        Kind.BOOL,
        rule="R-DORA-17",
        sheet="play",
        label=Text("A flower is a fifth honour", "花牌は字牌の5枚目"),
        feeds=(Question.SHAPES,),
        prose=Switch(
            on=Text(
                "A flower kept in the hand may be a fifth copy of an honour: one flower with two of an honour "
                "makes a triplet, but two flowers with one honour do not.",
                "花牌は手に残せば字牌の5枚目として使える。花牌1枚と同じ字牌2枚で刻子になるが、花牌2枚と字牌1枚では"
                "刻子にならない。",
            ),
            off=Text("A flower is never part of a set.", "花牌は面子に使えない。"),
        ),
        applies=lambda rules: rules.tiles.flowers > 0,
    )
    chosen_indicators: bool = setting(
        False,
        Kind.BOOL,
        rule="R-DORA-19",
        label=Text("Players place the indicators", "ドラ表示牌を選ぶ"),
        feeds=(Question.PROCEDURE,),
        prose=Switch(
            on=Text(
                "The players place the dora indicators: the start player puts one tile from hand into the indicator "
                "area, and on each kan the player who made it may move one of their own discards there. The start "
                "player does so after the first draw, in place of a first discard (no one calls or wins on it); "
                "a discard another player has called is no longer there.",
                "ドラ表示牌はプレイヤーが置く。開始時にスタートプレイヤー⟪dealer:（その局の親）⟫が手牌から1枚をドラ表示エリアに置き、"
                "カンをした者は自分の捨て牌を1枚そこに移すことができる。スタートプレイヤーは最初のツモの後、最初の打牌の代わりに置く"
                "（その牌は鳴けず、和了もできない）。鳴かれた捨て牌は移せない。",
            ),
            off=Text("The dora indicators are turned over from the dead wall.", "ドラ表示牌は王牌からめくる。"),
        ),
    )
