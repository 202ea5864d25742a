"""Calling discards: chi, pon and kan, open tanyao, yaku after calling, swap calling (R-CALL)."""

from __future__ import annotations

from typing import Literal

from variantlang.catalog.declare import section, setting
from variantlang.catalog.entry import Choice, Kind, Switch, Text
from variantlang.catalog.feeds import Question


@section("calls", sheet="play")
class CallsSettings:
    chi: bool = setting(
        True,
        Kind.BOOL,
        rule="R-CALL-1",
        label=Text("Chi", "チー"),
        feeds=(Question.CALLS,),
        prose=Switch(
            on=Text(
                "Chi is allowed: a player may call the discard of the player on their left to complete a run.",
                "チーあり。上家の捨て牌で順子を作れる。",
            ),
            off=Text(
                "Chi is not allowed: runs can only be made from one's own draws.",
                "チーなし。順子は自分のツモでしか作れない。",
            ),
        ),
    )
    pon: bool = setting(
        True,
        Kind.BOOL,
        rule="R-CALL-1",
        label=Text("Pon", "ポン"),
        feeds=(Question.CALLS,),
        prose=Switch(
            on=Text(
                "Pon is allowed: a player may call any other player's discard to complete a triplet.",
                "ポンあり。誰の捨て牌でも刻子を作れる。",
            ),
            off=Text(
                "Pon is not allowed: triplets can only be made from one's own draws.",
                "ポンなし。刻子は自分のツモでしか作れない。",
            ),
        ),
    )
    kan: bool = setting(
        True,
        Kind.BOOL,
        rule="R-CALL-1",
        label=Text("Kan", "カン"),
        feeds=(Question.CALLS,),
        prose=Switch(
            on=Text(
                "Kans are allowed: closed kan, added kan, and open kan on a discard.",
                "カンあり（暗槓・加槓・大明槓）。",
            ),
            off=Text(
                "Kans are not allowed, closed or open: four of a kind stays in the hand.",
                "カンなし。暗槓・加槓・大明槓のいずれもできない。",
            ),
        ),
    )
    kuitan: bool = setting(
        False,
        Kind.BOOL,
        rule="R-CALL-2",
        label=Text("Open tanyao (kuitan)", "喰いタン"),
        feeds=(Question.WIN_VALUE,),
        glance=8,
        prose=Switch(
            on=Text(
                "Open tanyao (kuitan) is allowed: all simples counts in a hand with calls.",
                "喰いタンあり。副露した手でも断幺九が成立する。",
            ),
            off=Text(
                "No open tanyao (kuitan): all simples counts only in a closed hand.",
                "喰いタンなし。断幺九は門前でなければ成立しない。",
            ),
        ),
    )
    atozuke: bool = setting(
        True,
        Kind.BOOL,
        rule="R-CALL-2",
        label=Text("Yaku after calling (atozuke)", "後付け"),
        feeds=(Question.WIN_VALUE, Question.OFFERS),
        glance=9,
        applies=lambda rules: rules.win.min_han > 0,  # with no minimum every hand may win: nothing to be late for
        prose=Switch(
            on=Text(
                "Atozuke is allowed: a hand with calls may win even when its yaku comes only with the winning tile "
                "or a later call.",
                "後付けあり。副露した手は、和了牌や後の副露で初めて役がつく場合でも和了できる。",
            ),
            # Decision (issue 19): "yaku certain" is judged at the win, not at each call. A hand with calls
            # wins only if every tile of its wait would give it a yaku under the same circumstances; a later
            # call that makes the yaku certain (a dragon pon after a chi) is allowed.
            off=Text(
                "No atozuke: a hand with calls must have its yaku before the winning tile. It may win only if "
                "every tile it waits on would give it a yaku, so a yaku that only the winning tile brings (a "
                "dragon in a two-pair wait, the last tile of a sanshoku) does not count (decision: judged at the "
                "win, so a later call may still make the yaku certain).",
                "後付けなし。副露した手は和了牌の前に役が確定していなければならない。待ちのどの牌で和了しても役がつく"
                "場合に限り和了でき、和了牌によって初めてつく役（シャンポン待ちの役牌、最後の1枚で完成する三色など）は"
                "認めない（判断：和了の時点で判定するため、後の副露で役を確定させることはできる）。",
            ),
        ),
    )
    kuikae: Literal["forbid", "allow"] = setting(
        "forbid",
        Kind.CHOICE,
        rule="R-CALL-3 R-STD-4",
        label=Text("Swap calling (kuikae)", "喰い替え"),
        feeds=(Question.OFFERS,),
        short={"forbid": Text("not allowed", "禁止"), "allow": Text("allowed", "あり")},
        prose=Choice(
            {
                "forbid": Text(
                    "Swap calling (kuikae) is forbidden: right after a call a player may not discard the same tile "
                    "as the one called⟪chi:, nor after a chi the tile at the other end of the run⟫.",
                    "喰い替えなし。鳴いた直後に、鳴いた牌と同じ牌（現物）⟪chi:やチーした順子の反対側の牌（筋）⟫"
                    "は捨てられない。",
                ),
                "allow": Text(
                    "Swap calling (kuikae) is allowed: right after a call a player may discard the same tile as the "
                    "one called⟪chi: or the tile at the other end of the run⟫⟪red:, even a plain 5 after calling a red "
                    "one⟫.",
                    "喰い替えあり。鳴いた直後に、鳴いた牌と同じ牌⟪chi:やチーした順子の反対側の牌⟫を捨ててもよい"
                    "⟪red:（赤5を鳴いて通常の5を捨てることも含む）⟫。",
                ),
            }
        ),
    )
    last_discard: bool = setting(
        False,
        Kind.BOOL,
        rule="R-CALL-4",
        label=Text("Calls on the last discard", "河底牌への鳴き"),
        feeds=(Question.OFFERS,),
        prose=Switch(
            on=Text(
                "The last discard of the hand (houtei) may be called for pon⟪chi: or chi⟫, not only won on; the "
                "discard made after such a call is then the last discard.",
                "河底牌へのポン⟪chi:・チー⟫あり。その場合、鳴いた後の打牌が河底牌となる。",
            ),
            off=Text(
                "The last discard of the hand (houtei) can only be won on: no pon⟪chi:, chi⟫ or kan.",
                "河底牌はロンのみ可能で、ポン⟪chi:・チー⟫・カンはできない。",
            ),
        ),
    )
    nuki_callable: bool = setting(
        True,
        Kind.BOOL,
        rule="R-DORA-16",
        label=Text("Calls on a discarded nuki tile", "抜きドラ牌へのポン・カン"),
        feeds=(Question.OFFERS,),
        prose=Switch(
            on=Text(
                "A discarded nuki tile may be called for pon or kan like any other tile.",
                "捨てられた抜きドラ牌もポン・カンできる。",
            ),
            off=Text(
                "A discarded nuki tile cannot be called for pon or kan; it can only be won on.",
                "捨てられた抜きドラ牌はポン・カンできない（ロンはできる）。",
            ),
        ),
        applies=lambda rules: bool(rules.dora.nuki) and rules.dora.nuki_discard,
    )
