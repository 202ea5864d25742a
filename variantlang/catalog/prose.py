"""The rule sheet's sentences: every setting value stated as a rule, in English and Japanese.

A printed sheet is read at the table, where nobody can look up what `kan_dora_timing after_discard`
means, so every setting in the catalog is written out here the way a careful rule book states it
(EMA/WRC books in English, 競技規定 style in Japanese): what the value is and, where it is not
obvious, what it means for play. A setting with no sentence is a test failure, not a blank on paper.

The sentences are data, keyed by `section.key`:
- on/off settings have a `Switch`, one sentence for on and one for off;
- settings with a list of words have a `Choice`, one sentence per word;
- numbers, tile lists, dora cycles, uma, yaku lists and texts have a `Template` whose `{value}` a
  formatter fills in, with its own sentence for an empty list or a zero where that reads better.
`sentence(path, value, lang)` picks the right one for a value as `Ruleset.values` holds it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from variantlang.catalog.settings import KNOBS
from variantlang.hand.tiles import TON, Tile, format_tiles, kind_name, suit_of

LANGS = ("en", "ja")


@dataclass(frozen=True, slots=True)
class Text:
    """One sentence (or sentence template) in both languages."""

    en: str
    ja: str

    def pick(self, lang: str) -> str:
        return self.en if lang == "en" else self.ja


@dataclass(frozen=True, slots=True)
class Switch:
    """An on/off setting: what the rule book says when it is on and when it is off."""

    on: Text
    off: Text


@dataclass(frozen=True, slots=True)
class Choice:
    """A setting that takes one of a few words: a sentence for each word."""

    words: Mapping[str, Text]


Formatter = Callable[[Any, str], str]
"""Writes a setting's value for a sentence in one language (`25,000 points` / `25000点`)."""


@dataclass(frozen=True, slots=True)
class Template:
    """A sentence with a `{value}` slot, and what to say instead when the value is empty or zero."""

    text: Text
    format: Formatter
    empty: Text | None = None


Prose = Switch | Choice | Template


# ------------------------------------------------------------------------------------------ formatters
_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_HONOURS = {
    "en": ("East", "South", "West", "North", "White dragon", "Green dragon", "Red dragon"),
    "ja": ("東", "南", "西", "北", "白", "發", "中"),
}
_YAKU_NAMES = {
    "daisangen": Text("Big three dragons", "大三元"),
    "daisuushii": Text("Big four winds", "大四喜"),
    "shousuushii": Text("Little four winds", "小四喜"),
    "suukantsu": Text("Four kans", "四槓子"),
    "tsuuiisou": Text("All honours", "字一色"),
    "ryuuiisou": Text("All green", "緑一色"),
}
"""Yakuman that house rules commonly make liable (pao); any other id is printed as written."""


def _join(parts: Iterable[str], lang: str, ja_separator: str = "・") -> str:
    """`a, b and c` in English, `a・b・c` in Japanese."""
    items = list(parts)
    if lang == "ja":
        return ja_separator.join(items)
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _points(value: int, lang: str) -> str:
    if lang == "ja":
        return f"{value}点"
    return f"{value:,} point" + ("" if value == 1 else "s")


def _han(value: int, lang: str) -> str:
    return f"{value} han" if lang == "en" else f"{value}翻"


def _fu(value: int, lang: str) -> str:
    return f"{value} fu" if lang == "en" else f"{value}符"


def _count(singular: str, plural: str, counter: str) -> Formatter:
    """A count of things: `four tiles`, `14 tiles` / `4枚`."""

    def write(value: int, lang: str) -> str:
        if lang == "ja":
            return f"{value}{counter}"
        number = _NUMBER_WORDS[value] if 0 <= value < len(_NUMBER_WORDS) else str(value)
        return f"{number} {singular if value == 1 else plural}"

    return write


def _stack(value: int, lang: str) -> str:
    """An ordinal stack of the wall: `3rd stack` / `3幢目`."""
    if lang == "ja":
        return f"{value}幢目"
    suffix = "th" if value % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(value % 10, "th")
    return f"{value}{suffix} stack"


def _suit_letter(tile: Tile) -> str:
    return "f" if tile.is_flower else "mpsz"[suit_of(tile.kind)]


def _tiles(tiles: tuple[Tile, ...], lang: str) -> str:
    """Suited tiles in notation, one group per suit (`234678m`, `55p`); honours by name (North / 北)."""
    parts: list[str] = []
    for letter, group in groupby(sorted(tiles, key=Tile.sort_key), key=_suit_letter):
        if letter == "z":
            parts += [_HONOURS[lang][t.kind - TON] for t in group]
        else:
            parts.append(format_tiles(group))
    return _join(parts, lang)


def _cycles(cycles: tuple[tuple[int, ...], ...], lang: str) -> str:
    """`5m → 5m and 1m → 9m → 1m` / `5m → 5m、1m → 9m → 1m`."""
    return _join((" → ".join(kind_name(k) for k in cycle) for cycle in cycles), lang, "、")


def _uma(uma: tuple[int, ...], lang: str) -> str:
    """`+20 / +10 / −10 / −20` in both languages."""
    return " / ".join(f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0" for n in uma)


def _yaku(ids: tuple[str, ...], lang: str) -> str:
    return _join((_YAKU_NAMES[i].pick(lang) if i in _YAKU_NAMES else i for i in ids), lang)


def _text(value: str | tuple[str, ...], lang: str) -> str:
    """Metadata as written; repeated notes one after the other."""
    return value if isinstance(value, str) else " ".join(value)


_METADATA = Template(Text("{value}", "{value}"), _text, empty=Text("", ""))
"""`about.*` is not a rule: the sheet prints the text itself (not translated), or nothing."""

# ------------------------------------------------------------------------------------------ sentences
SENTENCES: dict[str, Prose] = {
    # ---------------------------------------------------------------- about (metadata)
    "about.source": _METADATA,
    "about.credit": _METADATA,
    "about.version": _METADATA,
    "about.notes": _METADATA,
    # ---------------------------------------------------------------- tiles
    "tiles.remove": Template(
        Text("All four copies of {value} are removed from the set.", "{value}は4枚ずつすべて抜いて使わない。"),
        _tiles,
        empty=Text("No tiles are removed.", "抜く牌はない。"),
    ),
    "tiles.red": Template(
        Text(
            "The set has the red tiles {value}, each replacing one plain copy of the same tile.",
            "赤牌として{value}を入れる（それぞれ同じ牌の通常牌1枚と差し替える）。",
        ),
        _tiles,
        empty=Text("No red tiles are used.", "赤牌は使わない。"),
    ),
    "tiles.gold": Template(
        Text(
            "The set has the gold tiles {value}, each replacing one plain copy of the same tile.",
            "金牌として{value}を入れる（それぞれ同じ牌の通常牌1枚と差し替える）。",
        ),
        _tiles,
        empty=Text("No gold tiles are used.", "金牌は使わない。"),
    ),
    "tiles.pocchi": Template(
        Text(
            "The set has the pocchi (marked) tiles {value}, each replacing one plain copy of the same tile.",
            "ポッチ牌（印のついた牌）として{value}を入れる（それぞれ同じ牌の通常牌1枚と差し替える）。",
        ),
        _tiles,
        empty=Text("No pocchi tiles are used.", "ポッチ牌は使わない。"),
    ),
    "tiles.pocchi_wild": Choice(
        {
            "off": Text("A pocchi tile is an ordinary tile.", "ポッチ牌は通常の牌として扱う。"),
            "riichi_ippatsu_tsumo": Text(
                "A pocchi tile is wild only when a player in riichi draws it on the ippatsu turn: "
                "it then completes the hand as any tile.",
                "立直者が一発でポッチ牌をツモったときに限り、ポッチ牌はオールマイティ（何の牌としても和了できる）。",
            ),
            "after_riichi": Text(
                "A pocchi tile drawn at any time after riichi is wild: it completes the hand as any tile.",
                "立直後にツモったポッチ牌はいつでもオールマイティ（何の牌としても和了できる）。",
            ),
        }
    ),
    "tiles.flowers": Template(
        Text(
            "The set includes {value}; a flower drawn is set aside and a replacement tile drawn.",
            "花牌を{value}加える。引いた花牌は脇に置き、代わりの牌を補充する。",
        ),
        _count("flower tile", "flower tiles", "枚"),
        empty=Text("No flower tiles are used.", "花牌は使わない。"),
    ),
    "tiles.dead_wall": Template(
        Text(
            "The dead wall holds {value}, counting the dora indicators and the kan replacement tiles.",
            "王牌は{value}（ドラ表示牌と嶺上牌を含む）。",
        ),
        _count("tile", "tiles", "枚"),
        empty=Text(
            "There is no dead wall: every tile of the wall may be drawn in play.",
            "王牌は置かず、山の牌はすべてツモに使う。",
        ),
    ),
    # ---------------------------------------------------------------- game
    "game.players": Template(
        Text("The game is for {value}.", "{value}で打つ。"),
        _count("player", "players", "人"),
    ),
    "game.length": Choice(
        {
            "east": Text("The game is one East round (tonpuusen).", "東風戦（東場のみ）。"),
            "hanchan": Text("The game is a hanchan: an East round and a South round.", "半荘戦（東場・南場）。"),
            "four_hands": Text(
                "The game is four hands, one deal per seat, with no East or South rounds.",
                "4局で1ゲームとし、各自が1回ずつ親をする（東場・南場の区別はない）。",
            ),
        }
    ),
    "game.round_wind": Switch(
        on=Text(
            "The round wind counts: a triplet of the round wind is a value set (yakuhai).",
            "場風あり。場風牌の刻子は役牌になる。",
        ),
        off=Text(
            "There is no round wind: only the seat wind makes a wind triplet a value set.",
            "場風なし。風牌の役牌は自風のみ。",
        ),
    ),
    "game.start_points": Template(
        Text("Each player starts with {value}.", "配給原点は{value}。"),
        _points,
    ),
    "game.return_points": Template(
        Text(
            "Final scores are settled against {value} (return points); the difference from the starting "
            "points, paid in by every player, goes to the first-place player as oka.",
            "{value}返し。配給原点との差（オカ）は全員から集めてトップが受け取る。",
        ),
        _points,
    ),
    "game.uma": Template(
        Text(
            "Uma by final place, first to last, is {value} (in thousands of points).",
            "ウマは順位順に{value}（千点単位）。",
        ),
        _uma,
        empty=Text("There is no uma.", "ウマなし。"),
    ),
    "game.top_prize": Template(
        Text("The first-place player receives a top prize of {value}.", "トップ賞{value}。"),
        _points,
        empty=Text("There is no top prize.", "トップ賞なし。"),
    ),
    "game.extension": Choice(
        {
            "none": Text(
                "There is no extension: the game ends after its last scheduled hand even if nobody has reached "
                "the target score.",
                "延長戦なし。誰も終了条件の点数に達していなくても、規定の局で終了する。",
            ),
            "south": Text(
                "If nobody has reached the target score when the last scheduled hand ends, play continues into "
                "the South round and ends with the first hand after which someone has it.",
                "規定の局を終えて誰も終了条件の点数に達していなければ南入し、誰かが達した局で終了する。",
            ),
            "west": Text(
                "If nobody has reached the target score when the last scheduled hand ends, play continues into "
                "the West round and ends with the first hand after which someone has it.",
                "規定の局を終えて誰も終了条件の点数に達していなければ西入し、誰かが達した局で終了する。",
            ),
        }
    ),
    "game.target_points": Template(
        Text(
            "A player needs {value} to end the game; if nobody has it after the last hand, the game goes into "
            "the extension, when the rules have one.",
            "終了条件は{value}以上。オーラス終了時に誰も達していなければ、延長戦がある場合は延長戦に入る。",
        ),
        _points,
        empty=Text("No score is needed to end the game.", "終了条件の点数はない。"),
    ),
    "game.agari_yame": Switch(
        on=Text(
            "Agari-yame: if the dealer wins the last hand while in first place, the game ends there.",
            "アガリやめあり。オーラスにトップ目の親が和了したら、その局で終了する。",
        ),
        off=Text(
            "No agari-yame: a dealer who wins the last hand goes on under the dealer-repeat rule, even in first place.",
            "アガリやめなし。オーラスに親が和了したら、トップ目でも連荘の規定どおり続行する。",
        ),
    ),
    "game.tenpai_yame": Switch(
        on=Text(
            "Tenpai-yame: if the last hand ends in an exhaustive draw with the dealer tenpai and in first "
            "place, the game ends there.",
            "テンパイやめあり。オーラスの流局時にトップ目の親が聴牌していれば、その局で終了する。",
        ),
        off=Text(
            "No tenpai-yame: a dealer who is tenpai when the last hand ends in an exhaustive draw goes on "
            "under the dealer-repeat rule, even in first place.",
            "テンパイやめなし。オーラスの流局時に親が聴牌していれば、トップ目でも連荘の規定どおり続行する。",
        ),
    ),
    "game.renchan": Choice(
        {
            "tenpai": Text(
                "The dealer keeps the seat after winning, or after an exhaustive draw in tenpai.",
                "親は和了するか、荒牌流局時に聴牌していれば連荘する。",
            ),
            "win": Text(
                "The dealer keeps the seat only after winning; after an exhaustive draw the deal passes on, "
                "tenpai or not.",
                "親は和了したときだけ連荘する。荒牌流局では聴牌していても親が流れる。",
            ),
            "last_winner": Text(
                "The winner of each hand deals the next one, and after any draw the dealer stays.",
                "和了した者が次局の親になる。流局では親は変わらない。",
            ),
            "none": Text(
                "There are no dealer repeats: the deal passes to the next player after every hand.",
                "連荘なし。親は和了・流局にかかわらず毎局次の者に移る。",
            ),
        }
    ),
    "game.tobi": Choice(
        {
            "below_zero": Text(
                "The game ends at once when a player's score goes below zero (bust); exactly zero plays on.",
                "飛びあり。持ち点がマイナスになった時点で終了する（0点ちょうどは続行）。",
            ),
            "at_zero": Text(
                "The game ends at once when a player's score reaches zero or goes below it (bust).",
                "飛びあり。持ち点が0点以下になった時点で終了する。",
            ),
            "off": Text(
                "There is no bust: play goes on when a score falls below zero.",
                "飛びなし。持ち点がマイナスになっても続行する。",
            ),
        }
    ),
    "game.seating": Choice(
        {
            "random": Text("Seats and the first dealer are decided at random.", "席順と起家は無作為に決める。"),
            "wind_tiles": Text(
                "Each player draws one of the wind tiles face down and sits at that wind; East deals first.",
                "風牌を1枚ずつ伏せて引き、引いた風の席に着く。東を引いた者が起家。",
            ),
        }
    ),
    "game.deal": Choice(
        {
            "standard": Text(
                "The deal is the usual one: 13 tiles to each player, and the dealer takes a 14th.",
                "配牌は通常どおり各13枚で、親は14枚目をとる。",
            ),
            "seat_wind_plus_12_pass_3": Text(
                "Each player takes 12 tiles from their own wall plus their seat-wind tile, then every player "
                "passes 3 tiles to the player on their left at the same time.",
                "各自が自分の山から12枚と自風牌1枚をとり、その後全員が同時に3枚を左隣に渡す。",
            ),
        }
    ),
    "game.dice_break": Choice(
        {
            "standard": Text(
                "The dice total picks the wall to break, counting counter-clockwise from the thrower: 5 and 9 "
                "the thrower's own, 2, 6 and 10 the right, 3, 7 and 11 the opposite, 4, 8 and 12 the left.",
                "開門はサイコロの目で決める。5・9は自山、2・6・10は右、3・7・11は対面、4・8・12は左。",
            ),
            "sanma": Text(
                "The dice total picks the wall to break as at three players: 2, 5, 8 and 11 the wall on the "
                "right; 3, 6, 9 and 12 the wall on the left; 4, 7 and 10 the thrower's own.",
                "三人麻雀の開門。2・5・8・11は右、3・6・9・12は左、4・7・10は自山。",
            ),
            "own_wall": Text(
                "No dice are thrown: the first player starts drawing from the right end of their own wall.",
                "サイコロは振らず、起家が自分の山の右端から取り始める。",
            ),
        }
    ),
    "game.indicator_stack": Template(
        Text(
            "The dora indicator is the top tile of the {value} of the dead wall, counting from the break.",
            "ドラ表示牌は、王牌を開門位置から数えて{value}の上段の牌とする。",
        ),
        _stack,
    ),
    "game.after_win": Choice(
        {
            "end": Text("A hand ends when a player wins.", "和了が出たら局は終了する。"),
            "play_on_best_paid": Text(
                "A win does not end the hand: play goes on until the wall is empty or every player has won, "
                "and only the best winning hand is paid; once three have won with at least 8 tiles left, "
                "the last player draws at most 8 more.",
                "和了が出ても、山が尽きるか全員が和了するまで局を続け、その局で最も高い手だけが支払いを受ける。"
                "3人が和了した時点で残りが8枚以上あれば、残る1人は最大8枚までツモる。",
            ),
        }
    ),
    "game.leftover_sticks": Choice(
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
    # ---------------------------------------------------------------- draws
    "draws.kyuushu_kyuuhai": Switch(
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
    "draws.suufon_renda": Switch(
        on=Text(
            "Four winds (suufon renda): if every player discards the same wind on the first go-around with no "
            "call, the hand is an abortive draw (with three players, three of the same wind).",
            "四風連打あり。第一巡に全員が同じ風牌を捨て、その間に鳴きがなければ途中流局（三人麻雀では3枚）。",
        ),
        off=Text(
            "No four-winds abort: the same wind discarded by every player on the first go-around is played on.",
            "四風連打なし。第一巡に全員が同じ風牌を捨てても続行する。",
        ),
    ),
    "draws.suukan_sanra": Switch(
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
    "draws.suucha_riichi": Switch(
        on=Text(
            "Four riichi (suucha riichi): when all four players are in riichi, the hand is an abortive draw "
            "once the fourth riichi discard is not won on.",
            "四家立直あり。4人全員が立直し、4人目の宣言牌でロンがなければ途中流局。",
        ),
        off=Text(
            "No four-riichi abort: the hand goes on with every player in riichi.",
            "四家立直なし。全員が立直しても続行する。",
        ),
    ),
    "draws.sancha_hou": Switch(
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
    "draws.noten_payment": Template(
        Text(
            "At an exhaustive draw the noten players pay a noten penalty of {value} to the tenpai players.",
            "荒牌流局時、ノーテンの者は聴牌の者にノーテン罰符{value}を支払う。",
        ),
        _points,
        empty=Text(
            "There is no noten penalty: an exhaustive draw costs nobody anything.",
            "ノーテン罰符なし。荒牌流局で点棒の移動はない。",
        ),
    ),
    "draws.noten_style": Choice(
        {
            "split": Text(
                "The noten penalty is a total: the noten players pay it in equal shares and the tenpai players "
                "receive it in equal shares.",
                "ノーテン罰符は場全体の合計額で、ノーテンの者が等分して支払い、聴牌の者が等分して受け取る。",
            ),
            "per_tenpai_player": Text(
                "The noten penalty is paid in full by each noten player to each tenpai player.",
                "ノーテン罰符は、ノーテンの者それぞれが聴牌の者それぞれに全額を支払う。",
            ),
        }
    ),
    "draws.nagashi_mangan": Switch(
        on=Text(
            "Nagashi mangan: at an exhaustive draw, a player whose discards are all terminals and honours, none "
            "of them called, is paid as for a tsumo win (a mangan under standard payment).",
            "流し満貫あり。荒牌流局時に捨て牌がすべて么九牌で一枚も鳴かれていない者は、ツモ和了と同様の支払いを"
            "受ける（通常の点数計算では満貫）。",
        ),
        off=Text(
            "No nagashi mangan: discards that are all terminals and honours earn nothing at an exhaustive draw.",
            "流し満貫なし。捨て牌がすべて么九牌でも何も得ない。",
        ),
    ),
    "draws.formal_tenpai": Switch(
        on=Text(
            "Formal tenpai counts at an exhaustive draw: a tenpai shape is tenpai even without a yaku or with "
            "every winning tile already visible, but not when it waits only on a fifth copy of a tile the "
            "player holds all four of.",
            "形式テンパイあり。役がなくても、和了牌がすべて見えていても聴牌形なら聴牌とする。"
            "ただし自分で4枚使っている牌の5枚目だけを待つ形は聴牌としない。",
        ),
        off=Text(
            "Formal tenpai does not count: at an exhaustive draw a hand is tenpai only if it could really win, "
            "with a yaku and a winning tile still unseen.",
            "形式テンパイなし。荒牌流局時は、役があり和了牌が残っている手だけを聴牌とする。",
        ),
    ),
    # ---------------------------------------------------------------- winning
    "win.min_han": Template(
        Text(
            "A win needs at least {value} from yaku; dora and other han that are not yaku do not count toward it.",
            "{value}縛り。役による翻が{value}以上なければ和了できず、ドラなど役でない翻は数えない。",
        ),
        _han,
        empty=Text(
            "No yaku is needed to win: a complete hand may win without one.",
            "縛りなし。役がなくても和了できる。",
        ),
    ),
    "win.multiple_ron": Choice(
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
    "win.sticks_to": Choice(
        {
            "first_winner": Text(
                "On a double ron, the riichi sticks on the table and the honba go to the winner first in turn "
                "after the discarder.",
                "ダブロン時の供託と積み棒は、放銃者の下家から数えて先の和了者が受け取る（上家取り）。",
            ),
            "split": Text(
                "On a double ron, the riichi sticks on the table and the honba are shared equally by the winners.",
                "ダブロン時の供託と積み棒は、和了者で等分する。",
            ),
        }
    ),
    "win.chiitoitsu_quads": Switch(
        on=Text(
            "Seven pairs may use four of a kind as two pairs.",
            "七対子で同じ牌4枚を2対子として使える。",
        ),
        off=Text(
            "Seven pairs needs seven different pairs: four of a kind is not two pairs.",
            "七対子は7種類の対子が必要で、同じ牌4枚を2対子とはみなさない。",
        ),
    ),
    "win.pao": Template(
        Text(
            "Liability (pao) applies to {value}: the player whose discard was called for the set that made "
            "the yakuman certain pays all of a tsumo win, and half of a ron win on another player's discard.",
            "{value}に包（パオ）あり。役満を確定させる副露をさせた者は、ツモ和了なら全額を、"
            "他家からのロン和了なら放銃者と折半して支払う。",
        ),
        _yaku,
        empty=Text(
            "There is no liability (pao): a yakuman is paid as usual, whoever fed its sets.",
            "包（パオ）なし。役満を確定させる副露をさせても責任払いはない。",
        ),
    ),
    # ---------------------------------------------------------------- calls
    "calls.chi": Switch(
        on=Text(
            "Chi is allowed: a player may call the discard of the player on their left to complete a run.",
            "チーあり。上家の捨て牌で順子を作れる。",
        ),
        off=Text(
            "Chi is not allowed: runs can only be made from one's own draws.",
            "チーなし。順子は自分のツモでしか作れない。",
        ),
    ),
    "calls.pon": Switch(
        on=Text(
            "Pon is allowed: a player may call any other player's discard to complete a triplet.",
            "ポンあり。誰の捨て牌でも刻子を作れる。",
        ),
        off=Text(
            "Pon is not allowed: triplets can only be made from one's own draws.",
            "ポンなし。刻子は自分のツモでしか作れない。",
        ),
    ),
    "calls.kan": Switch(
        on=Text(
            "Kans are allowed: closed kan, added kan, and open kan on a discard.",
            "カンあり（暗槓・加槓・大明槓）。",
        ),
        off=Text(
            "Kans are not allowed, closed or open: four of a kind stays in the hand.",
            "カンなし。暗槓・加槓・大明槓のいずれもできない。",
        ),
    ),
    "calls.kuitan": Switch(
        on=Text(
            "Open tanyao (kuitan) is allowed: all simples counts in a hand with calls.",
            "喰いタンあり。副露した手でも断幺九が成立する。",
        ),
        off=Text(
            "No open tanyao (kuitan): all simples counts only in a closed hand.",
            "喰いタンなし。断幺九は門前でなければ成立しない。",
        ),
    ),
    "calls.atozuke": Switch(
        on=Text(
            "Atozuke is allowed: a hand with calls may win even when its yaku comes only with the winning tile "
            "or a later call.",
            "後付けあり。副露した手は、和了牌や後の副露で初めて役がつく場合でも和了できる。",
        ),
        off=Text(
            "No atozuke: a hand must have its yaku certain when it calls, and may not win on a tile that alone "
            "gives it a yaku.",
            "後付けなし。副露する時点で役が確定していなければならず、和了牌によって初めて役がつく形では和了できない。",
        ),
    ),
    "calls.kuikae": Choice(
        {
            "forbid": Text(
                "Swap calling (kuikae) is forbidden: right after a call a player may not discard the same tile "
                "as the one called, nor after a chi the tile at the other end of the run.",
                "喰い替えなし。鳴いた直後に、鳴いた牌と同じ牌（現物）やチーした順子の反対側の牌（筋）は捨てられない。",
            ),
            "allow": Text(
                "Swap calling (kuikae) is allowed: right after a call a player may discard the same tile as the "
                "one called or the tile at the other end of the run, even a plain 5 after calling a red one.",
                "喰い替えあり。鳴いた直後に、鳴いた牌と同じ牌やチーした順子の反対側の牌を捨ててもよい"
                "（赤5を鳴いて通常の5を捨てることも含む）。",
            ),
        }
    ),
    "calls.last_discard": Switch(
        on=Text(
            "The last discard of the hand (houtei) may be called for pon or chi, not only won on.",
            "河底牌へのポン・チーあり。",
        ),
        off=Text(
            "The last discard of the hand (houtei) can only be won on: no pon, chi or kan.",
            "河底牌はロンのみ可能で、ポン・チー・カンはできない。",
        ),
    ),
    # ---------------------------------------------------------------- riichi
    "riichi.enabled": Switch(
        on=Text(
            "Riichi is played: a player in tenpai may declare it (its yaku, if any, is in the yaku table).",
            "立直あり。聴牌した者は立直を宣言できる（役になるかは役の表のとおり）。",
        ),
        off=Text("There is no riichi: nobody may declare it.", "立直なし。"),
    ),
    "riichi.stick": Template(
        Text(
            "Declaring riichi costs a stick of {value}, left on the table for the next winner.",
            "立直時に{value}を供託し、次の和了者が受け取る。",
        ),
        _points,
        empty=Text("Declaring riichi costs nothing: no stick is put up.", "立直棒は出さない（供託なし）。"),
    ),
    "riichi.min_wall": Template(
        Text(
            "Riichi may be declared only while at least {value} remain in the live wall.",
            "立直は山の残りが{value}以上のときだけ宣言できる。",
        ),
        _count("tile", "tiles", "枚"),
        empty=Text(
            "Riichi may be declared however few tiles remain in the wall.",
            "山の残り枚数にかかわらず立直できる。",
        ),
    ),
    "riichi.no_draw_riichi": Switch(
        on=Text(
            "Riichi may be declared even with no draw of one's own left (no-draw riichi); it can still win by ron.",
            "ツモ番なし立直あり。自分のツモ番が残っていなくても立直でき、ロン和了はできる。",
        ),
        off=Text(
            "Riichi needs at least one more draw of one's own to come.",
            "ツモ番なし立直なし。自分のツモ番が残っていなければ立直できない。",
        ),
    ),
    "riichi.at_1000": Switch(
        on=Text(
            "A player with exactly 1,000 points may declare riichi, going down to zero.",
            "持ち点がちょうど1000点でも立直できる（0点になる）。",
        ),
        off=Text(
            "A player with exactly 1,000 points may not declare riichi.",
            "持ち点がちょうど1000点のときは立直できない。",
        ),
    ),
    "riichi.below_zero": Switch(
        on=Text(
            "A player without enough points for the riichi stick, even below zero, may still declare riichi.",
            "持ち点が立直棒に足りなくても（マイナスでも）立直できる。",
        ),
        off=Text(
            "A player without enough points for the riichi stick may not declare riichi.",
            "持ち点が立直棒に満たない者は立直できない。",
        ),
    ),
    "riichi.ankan": Choice(
        {
            "forbid": Text("After riichi, no closed kan may be made.", "立直後の暗槓はできない。"),
            "same_waits": Text(
                "After riichi, a closed kan is allowed only if it does not change the hand's waits.",
                "立直後の暗槓は、待ちが変わらない場合に限り認める。",
            ),
            "strict": Text(
                "After riichi, a closed kan is allowed only with the tile just drawn, and only if it changes "
                "neither the waits, nor how the hand divides into sets, nor its yaku (no okuri-kan).",
                "立直後の暗槓は、ツモった牌で行い、待ち・面子構成・役がいずれも変わらない場合に限り認める"
                "（送り槓は不可）。",
            ),
        }
    ),
    "riichi.open_riichi": Switch(
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
    "riichi.furiten": Choice(
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
    "riichi.locked": Switch(
        on=Text(
            "After riichi the hand is locked: every drawn tile that does not win is discarded (tsumogiri), and a "
            "missed win makes the player furiten for the rest of the hand.",
            "立直後はツモ切りのみで、手牌を変えられない。和了牌を見逃すとその局は振聴となる。",
        ),
        off=Text(
            "After riichi the hand may still change: the player may discard any tile, not only the one drawn.",
            "立直後も手牌を入れ替えてよく、ツモ牌以外を捨ててもよい。",
        ),
    ),
    "riichi.furiten_riichi": Choice(
        {
            "allow": Text(
                "A player in furiten may declare riichi, and can then win only by tsumo.",
                "振聴立直あり。振聴でも立直でき、和了はツモに限る。",
            ),
            "chombo": Text(
                "Declaring riichi while furiten is a chombo.",
                "振聴立直はチョンボとする。",
            ),
        }
    ),
    "riichi.with_calls": Switch(
        on=Text("Riichi may be declared after calls, with an open hand.", "鳴いた後でも立直できる。"),
        off=Text(
            "Riichi may be declared only with a closed hand: no calls other than closed kans.",
            "立直は門前（暗槓以外の副露なし）に限る。",
        ),
    ),
    "riichi.declaration_required": Switch(
        on=Text(
            "A player must have declared tenpai (riichi) before winning at all.",
            "和了するには事前に聴牌宣言（立直）が必要。",
        ),
        off=Text(
            "No declaration is needed to win: a hand without riichi may win if it has the required yaku.",
            "和了に聴牌宣言は不要。",
        ),
    ),
    "riichi.false_declaration": Template(
        Text(
            "A player whose tenpai declaration turns out false pays a penalty of {value} to the winner of the hand.",
            "聴牌宣言が誤りだった者は、その局の和了者に{value}を支払う。",
        ),
        _points,
        empty=Text("A false tenpai declaration carries no penalty.", "誤った聴牌宣言に罰符はない。"),
    ),
    "riichi.furiten_indicators": Switch(
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
    # ---------------------------------------------------------------- dora
    "dora.indicator": Choice(
        {
            "next": Text(
                "The dora is the tile after the indicator: 1 to 9 and back to 1 in each suit, East → South → "
                "West → North → East, and White → Green → Red → White; removed tiles are skipped.",
                "ドラは表示牌の次の牌。数牌は1→9→1、風牌は東→南→西→北→東、三元牌は白→發→中→白の順で、"
                "抜いた牌は飛ばす。",
            ),
            "same": Text(
                "The indicator itself is the dora (genbutsu dora).",
                "表示牌そのものがドラ（現物ドラ）。",
            ),
        }
    ),
    "dora.ura_indicator": Choice(
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
    "dora.cycle": Template(
        Text(
            "These indicator orders replace the usual one, for ura dora too: {value}.",
            "次の表示牌は通常の順序によらず矢印の先の牌をドラとする（裏ドラも同じ）：{value}。",
        ),
        _cycles,
        empty=Text(
            "Every indicator follows the usual order.",
            "ドラはすべて通常の順序による。",
        ),
    ),
    "dora.kan_dora": Switch(
        on=Text(
            "Each kan adds a new dora indicator (kan dora), up to the limit on indicators.",
            "カンドラあり。カンのたびにドラ表示牌が1枚増える（上限まで）。",
        ),
        off=Text("A kan adds no dora indicator.", "カンドラなし。"),
    ),
    "dora.kan_dora_timing": Choice(
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
    "dora.max_indicators": Template(
        Text(
            "No more than {value} can be showing; further kans add none.",
            "ドラ表示牌は最大{value}まで。それ以上のカンでは増えない。",
        ),
        _count("dora indicator", "dora indicators", "枚"),
    ),
    "dora.ura": Switch(
        on=Text(
            "Ura dora: a player who wins after declaring riichi also counts dora from the tiles under the indicators.",
            "裏ドラあり。立直して和了した者は、ドラ表示牌の下の牌（裏ドラ表示牌）でもドラを数える。",
        ),
        off=Text("There are no ura dora.", "裏ドラなし。"),
    ),
    "dora.kan_ura": Switch(
        on=Text(
            "Kan ura: the tiles under the kan dora indicators are ura indicators too.",
            "カン裏あり。カンドラ表示牌の下の牌も裏ドラ表示牌になる。",
        ),
        off=Text(
            "No kan ura: only the tiles under the starting indicators are ura indicators.",
            "カン裏なし。裏ドラ表示牌は最初のドラ表示牌の下だけ。",
        ),
    ),
    "dora.start_indicators": Template(
        Text("Each hand starts with {value}.", "局の開始時のドラ表示牌は{value}。"),
        _count("dora indicator", "dora indicators", "枚"),
    ),
    "dora.double_on_dice_pair": Switch(
        on=Text(
            "When the opening dice show a pair, a second dora indicator is turned at the start (double dora).",
            "配牌時のサイコロがゾロ目なら、ドラ表示牌をもう1枚めくる（ダブルドラ）。",
        ),
        off=Text("A pair on the opening dice does not change the dora.", "ゾロ目によるダブルドラはない。"),
    ),
    "dora.stack": Switch(
        on=Text(
            "Repeated indicators stack: with two 3p indicators, each 4p is worth 2 dora.",
            "表示牌が重なればドラも重なる（表示牌3pが2枚なら4pは1枚につきドラ2）。",
        ),
        off=Text(
            "Repeated indicators do not stack: a tile is worth at most 1 dora from indicators.",
            "表示牌が重なってもドラは重ならず、表示牌によるドラは1枚につき最大1。",
        ),
    ),
    "dora.red_value": Template(
        Text(
            "Each red tile adds {value}, on top of any dora it is from the indicators.",
            "赤牌は1枚につき{value}（表示牌によるドラとは別に加算）。",
        ),
        _han,
        empty=Text("Red tiles add no han of their own.", "赤牌自体に翻はない。"),
    ),
    "dora.red_condition": Choice(
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
    "dora.all_star": Template(
        Text(
            "Red tiles of all three suits in the winning hand add {value} more (all-star).",
            "オールスター：和了形に三色すべての赤牌があれば{value}加算。",
        ),
        _han,
        empty=Text("There is no all-star bonus.", "オールスターなし。"),
    ),
    "dora.all_star_condition": Choice(
        {
            "always": Text("The all-star bonus counts in any winning hand.", "オールスターは副露していても有効。"),
            "closed": Text("The all-star bonus counts only in a closed hand.", "オールスターは門前の手に限り有効。"),
        }
    ),
    "dora.always": Template(
        Text(
            "Every copy of {value} is always a dora, whatever the indicators show.",
            "{value}は表示牌に関係なく常にドラ（1枚につき1翻）。",
        ),
        _tiles,
        empty=Text("No tile is a dora without an indicator.", "常時ドラはない。"),
    ),
    "dora.nuki": Template(
        Text(
            "Nuki dora: {value} can be set aside on the player's own turn and replaced from the dead wall, each "
            "set-aside tile counting as 1 dora.",
            "抜きドラ：{value}は自分の手番に抜いて脇に置き、王牌から補充する。抜いた牌は1枚につきドラ1。",
        ),
        _tiles,
        empty=Text("There are no nuki dora.", "抜きドラなし。"),
    ),
    "dora.nuki_mode": Choice(
        {
            "optional": Text(
                "Setting a nuki tile aside is optional: it may be kept in the hand instead.",
                "抜きドラを抜くかどうかは任意で、手牌に残してもよい。",
            ),
            "forced": Text(
                "A nuki tile must be set aside as soon as it is drawn.",
                "抜きドラは引いたらすぐに抜かなければならない。",
            ),
        }
    ),
    "dora.nuki_in_hand": Choice(
        {
            "always": Text(
                "A nuki tile kept in the hand is an ordinary tile and may be used in any set.",
                "手牌に残した抜きドラは通常の牌として面子に使える。",
            ),
            "yakuman_only": Text(
                "A nuki tile may be kept and used in the hand only for a yakuman.",
                "抜きドラを手牌に残して使えるのは役満の場合に限る。",
            ),
            "never": Text(
                "A nuki tile can never be used in the hand.",
                "抜きドラは手牌の一部として使えない。",
            ),
        }
    ),
    "dora.nuki_discard": Switch(
        on=Text("A nuki tile may be discarded like any other tile.", "抜きドラを捨ててもよい。"),
        off=Text("A nuki tile may not be discarded.", "抜きドラは捨てられない。"),
    ),
    "dora.nuki_ron": Choice(
        {
            "all": Text(
                "A player may win by ron on a tile another player sets aside as nuki.",
                "他家が抜いた抜きドラでロンできる。",
            ),
            "yakuman_only": Text(
                "A tile another player sets aside as nuki may be won on only for a yakuman.",
                "他家が抜いた抜きドラでロンできるのは役満の場合に限る。",
            ),
            "never": Text(
                "A tile set aside as nuki can never be won on.",
                "抜きドラではロンできない。",
            ),
        }
    ),
    "dora.nuki_breaks_ippatsu": Switch(
        on=Text(
            "Setting a tile aside as nuki interrupts play like a call: it breaks ippatsu and the uninterrupted "
            "first go-around (double riichi, chiihou).",
            "抜きドラは鳴きと同様に扱い、一発や第一巡の条件（ダブル立直・地和など）を消す。",
        ),
        off=Text(
            "Setting a tile aside as nuki is no interruption: ippatsu and first go-around wins survive it.",
            "抜きドラを抜いても一発や第一巡の条件（天和・地和など）は消えない。",
        ),
    ),
    "dora.nuki_at_haitei": Switch(
        on=Text(
            "A nuki tile may be set aside even on the last draw of the wall (haitei).",
            "海底牌でも抜きドラを抜ける。",
        ),
        off=Text(
            "No tile may be set aside as nuki on the last draw of the wall (haitei).",
            "海底牌では抜きドラを抜けない。",
        ),
    ),
    "dora.flowers_as_nuki": Switch(
        on=Text("A flower set aside counts as a nuki dora: 1 dora each.", "抜いた花牌は抜きドラとして1枚につきドラ1。"),
        off=Text("A flower set aside is not a dora.", "花牌は抜いてもドラにならない。"),
    ),
    "dora.flower_honour_copy": Switch(
        on=Text(
            "A flower may stand in for a fifth copy of any honour: one flower with two of an honour makes a "
            "triplet, but two flowers with one honour do not.",
            "花牌は字牌の5枚目として使える。花牌1枚と同じ字牌2枚で刻子になるが、花牌2枚と字牌1枚では刻子にならない。",
        ),
        off=Text("A flower is never part of a set.", "花牌は面子に使えない。"),
    ),
    "dora.chosen_indicators": Switch(
        on=Text(
            "The players place the dora indicators: the start player puts one tile from hand into the indicator "
            "area, and on each kan the player who made it moves one of their own discards there.",
            "ドラ表示牌はプレイヤーが置く。開始時に親が手牌から1枚をドラ表示エリアに置き、"
            "カンのたびにカンした者が自分の捨て牌を1枚そこに移す。",
        ),
        off=Text("The dora indicators are turned over from the dead wall.", "ドラ表示牌は王牌からめくる。"),
    ),
    # ---------------------------------------------------------------- payment
    "payment.scheme": Choice(
        {
            "standard": Text(
                "Hands are scored by fu and han: base points are fu × 2^(han + 2), with limits from mangan up.",
                "点数は符と翻で計算する（基本点＝符×2^(翻＋2)、満貫以上は限度額）。",
            ),
            "formula": Text(
                "Hands are paid by this rule set's own payment formula instead of fu and han.",
                "点数は符と翻によらず、このルール独自の計算式で決める。",
            ),
        }
    ),
    "payment.kiriage": Switch(
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
    "payment.kazoe": Choice(
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
    "payment.double_yakuman": Switch(
        on=Text("Yakuman listed as double are paid as two yakuman.", "ダブル役満あり。ダブル役満の役は役満2倍とする。"),
        off=Text(
            "Every yakuman hand counts as a single yakuman, even those listed as double.",
            "ダブル役満なし。ダブル役満とされる役も役満1倍とする。",
        ),
    ),
    "payment.max_yakuman": Template(
        Text(
            "A hand is paid for at most {value}, however many it combines.",
            "役満の複合は{value}まで。",
        ),
        _count("yakuman", "yakuman", "倍"),
    ),
    "payment.honba_ron": Template(
        Text(
            "Each honba counter adds {value} to a ron, paid by the discarder.",
            "積み棒1本につき、ロン和了は{value}加算（放銃者が支払う）。",
        ),
        _points,
        empty=Text("Honba counters add nothing to a ron.", "積み棒によるロン和了の加算はない。"),
    ),
    "payment.honba_tsumo": Template(
        Text(
            "Each honba counter adds {value} to what each player pays on a tsumo.",
            "積み棒1本につき、ツモ和了は各自{value}加算。",
        ),
        _points,
        empty=Text("Honba counters add nothing to a tsumo.", "積み棒によるツモ和了の加算はない。"),
    ),
    "payment.tsumo_split": Choice(
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
    "payment.double_wind_pair": Template(
        Text(
            "A pair of the wind that is both the seat wind and the round wind is worth {value}.",
            "連風牌の雀頭は{value}。",
        ),
        _fu,
    ),
    "payment.open_pinfu_fu": Switch(
        on=Text(
            "An open hand with no fu beyond the base 20 is counted as 30 fu.",
            "喰い平和形（副露して符のつかない手）は30符とする。",
        ),
        off=Text(
            "An open hand with no fu beyond the base 20 stays at 20 fu.",
            "喰い平和形（副露して符のつかない手）は20符のまま。",
        ),
    ),
    "payment.pinfu_tsumo_fu": Switch(
        on=Text(
            "A pinfu won by tsumo still earns the 2 tsumo fu, so it is 30 fu.",
            "平和ツモにもツモ符2符をつける（30符）。",
        ),
        off=Text(
            "A pinfu won by tsumo earns no tsumo fu: it is 20 fu.",
            "平和ツモはツモ符をつけず20符。",
        ),
    ),
    "payment.chiitoitsu_fu": Template(
        Text("Seven pairs is always counted as {value}.", "七対子は{value}固定。"),
        _fu,
    ),
    "payment.rinshan_tsumo_fu": Switch(
        on=Text(
            "A win on a kan replacement tile (rinshan) earns the 2 tsumo fu.",
            "嶺上開花にもツモ符2符をつける。",
        ),
        off=Text(
            "A win on a kan replacement tile (rinshan) earns no tsumo fu.",
            "嶺上開花にはツモ符をつけない。",
        ),
    ),
    "payment.tsumo": Choice(
        {
            "split": Text(
                "Under a payment formula, the value of a tsumo is split between the other players.",
                "計算式による点数では、ツモ和了の点数を他家全員で分けて支払う。",
            ),
            "each": Text(
                "Under a payment formula, every other player pays the full value of a tsumo.",
                "計算式による点数では、ツモ和了の点数を他家全員がそれぞれ全額支払う。",
            ),
        }
    ),
    "payment.nagashi_value": Template(
        Text(
            "Under a payment formula, nagashi mangan is worth {value}, paid like a tsumo.",
            "計算式による点数では、流し満貫は{value}とし、ツモ和了と同様に支払う。",
        ),
        _points,
        empty=Text(
            "No value is set for nagashi mangan under a payment formula.",
            "計算式による流し満貫の点数は定めない。",
        ),
    ),
    # ---------------------------------------------------------------- penalties
    "penalties.chombo": Template(
        Text(
            "A player who commits a chombo pays {value} to each other player.",
            "チョンボをした者は他家全員に{value}ずつ支払う。",
        ),
        _points,
        empty=Text("A chombo carries no payment.", "チョンボの罰符はない。"),
    ),
    "penalties.agari_houki": Switch(
        on=Text(
            "Agari houki: a player whose hand is irregular (such as too few tiles) plays on but may not win, "
            "call or declare riichi for the rest of the hand.",
            "和了放棄あり。少牌などの反則をした者は、その局の和了・副露・立直ができなくなる（打牌は続ける）。",
        ),
        off=Text("There is no agari houki penalty.", "和了放棄の罰則はない。"),
    ),
    "penalties.bappu": Template(
        Text(
            "A minor offence, such as a wrong pon or kan call, costs a fine (bappu) of {value}.",
            "誤ポン・誤カンなどの軽い反則は罰符{value}。",
        ),
        _points,
        empty=Text("There is no bappu fine.", "罰符はない。"),
    ),
}


def sentence(path: str, value: object, lang: str) -> str:
    """The rule sheet's sentence for setting `path` (`calls.kuitan`) at `value`, in `lang` (`en` or `ja`).

    `value` is typed as in `Ruleset.values`. `about.*` settings give their text as written, or "".
    Raises KeyError for a path with no sentences or a word with no sentence, ValueError for another language.
    """
    if lang not in LANGS:
        raise ValueError(f"no sentences in {lang!r}: use one of {', '.join(LANGS)}")
    try:
        prose = SENTENCES[path]
    except KeyError:
        raise KeyError(f"no rule-sheet sentence for setting `{path}`") from None
    if isinstance(prose, Switch):
        if not isinstance(value, bool):
            raise TypeError(f"`{path}` is on or off, not {value!r}")
        return (prose.on if value else prose.off).pick(lang)
    if isinstance(prose, Choice):
        text = prose.words.get(value) if isinstance(value, str) else None
        if text is None:
            raise KeyError(f"no rule-sheet sentence for `{path}` = {value!r}")
        return text.pick(lang)
    if not value and prose.empty is not None:
        return prose.empty.pick(lang)
    return prose.text.pick(lang).format(value=prose.format(value, lang))


def unknown_paths() -> set[str]:
    """Catalog settings without sentences (a complete table leaves none)."""
    return {knob.path for knob in KNOBS} - SENTENCES.keys()
