"""Reader of real Tenhou game records (mjlog XML) for the scorer's ground-truth test.

Every `AGARI` of a game becomes a `TruthWin`: the `WinInput` our scorer takes and what Tenhou recorded
(fu, han, yaku, points, limit and the per-seat score deltas). The records live outside the repository in
`../shared/truth/` (see its README.md and FORMAT.md); nothing here is copied from them.

The circumstances of a win (riichi, double riichi, ippatsu, rinshan, chankan, haitei, houtei, tenhou,
chiihou) are replayed from the round's events, not read from Tenhou's yaku list, so the yaku list stays an
independent answer to check against. Tenhou's rules for them, as replayed here:

* riichi: the seat declared (`REACH step=1`) and its riichi discard was made. Double riichi: that discard
  was the seat's first and no call (`N`, kita included) came before it in the round.
* ippatsu: since the riichi discard no call, kan or kita by anyone and no further discard by the winner.
  A chankan ron is judged before the robbed kan. (That a kita breaks ippatsu and double riichi is the
  variant's `nuki_breaks_ippatsu on`; no three-player record here has a case that tells.)
* rinshan: a tsumo on the replacement tile drawn after the winner's own kan or kita.
* chankan: a ron right after a kakan (a ron on a kita is not chankan).
* haitei / houtei: the wall is empty, i.e. the round has had 70 draws (four players) or 55 (three),
  replacement draws included (FORMAT.md §5.2).
* tenhou / chiihou: a tsumo on the winner's first draw with no call in the round before it.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from variantlang import WinInput
from variantlang.engine.events import Ankan, Daiminkan, Nukidora
from variantlang.engine.legal import MELD_TYPES
from variantlang.hand.decomposition import Meld
from variantlang.hand.tiles import Mark, Tile, format_tiles
from variantlang.records.tenhou_xml import RED_IDS, decode_call

TRUTH = Path(__file__).resolve().parents[2] / "shared" / "truth"
"""The shared ground-truth folder (third-party records: read in place, never copied into the repository)."""
LOGS = TRUTH / "logs" / "mjlog_xml"

NORTH = 30
WALL_DRAWS = {4: 70, 3: 55}
"""Draw tags in a round when the wall runs out (FORMAT.md §5.2): the last one is haitei."""

_TENHOU_YAKU = """menzen_tsumo riichi ippatsu chankan rinshan haitei houtei pinfu tanyao iipeikou
        seat_E seat_S seat_W seat_N round_E round_S round_W round_N haku hatsu chun
        double_riichi chiitoitsu chanta ittsu sanshoku sanshoku_doukou sankantsu toitoi sanankou shousangen
        honroutou ryanpeikou junchan honitsu chinitsu renhou tenhou chiihou daisangen suuankou suuankou_tanki
        tsuuiisou ryuuiisou chinroutou chuuren junsei_chuuren kokushi kokushi_13 daisuushii shousuushii
        suukantsu dora ura red"""
YAKU_NAMES = dict(enumerate(_TENHOU_YAKU.split()))
"""Tenhou's yaku ids 0–54 (FORMAT.md §5.3), named by the yaku ids of `standard.variant` where it has
the yaku (renhou is not a Tenhou ranked yaku; 10–17 are the seat and round winds, 52–54 dora / ura / red)."""

WIND_NAMES = "ESWN"
_CIRCUMSTANCES = "tsumo riichi double_riichi ippatsu rinshan chankan haitei houtei tenhou chiihou"


@dataclass(frozen=True)
class Expected:
    """What Tenhou recorded for one win."""

    fu: int
    han: int
    """Sum of the `yaku` han, dora included (0 for a yakuman hand)."""
    yaku: tuple[tuple[int, int], ...]
    """(Tenhou yaku id, han) pairs, or (id, 0) per yakuman of a yakuman hand."""
    yakuman: int
    """Number of yakuman ids (0 for a normal hand, also for a counted yakuman)."""
    points: int
    """`ten`'s second field: the hand's value without honba and sticks (tsumo: the sum actually paid)."""
    limit: int
    """0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 yakuman."""
    deltas: tuple[int, ...]
    """Per seat, the score change of this result (points, not ×100)."""
    pao: int | None = None

    def describe_yaku(self) -> str:
        return ", ".join(
            YAKU_NAMES.get(i, str(i)) + (f" {h}" if not self.yakuman else "") for i, h in self.yaku if h or self.yakuman
        )


@dataclass(frozen=True)
class TruthWin:
    file: str
    """Path under logs/mjlog_xml/."""
    round: str
    """E1, S3-2 (round wind, dealer number, honba)."""
    players: int
    dealer: int
    who: int
    from_who: int
    hand: WinInput
    expected: Expected
    first: bool = True
    """False for the second winner of a double ron (no honba or sticks, R-STD-2)."""
    notes: tuple[str, ...] = field(default=())

    @property
    def tsumo(self) -> bool:
        return self.who == self.from_who

    @property
    def where(self) -> str:
        return f"{self.file} {self.round} seat {self.who}"

    def describe(self) -> str:
        """The win in notation players read: hand, melds, circumstances, Tenhou's answer."""
        h = self.hand
        melds = " ".join(f"{m.type.value}({format_tiles(m.tiles)})" for m in h.melds)
        flags = [name for name in _CIRCUMSTANCES.split() if getattr(h, name)]
        e = self.expected
        return (
            f"{' '.join(filter(None, (format_tiles(h.closed), melds)))} win {h.winning_tile}"
            f" [{' '.join(flags) or 'ron'}] seat {WIND_NAMES[h.seat_wind - 27]} round {WIND_NAMES[h.round_wind - 27]}"
            f" dora {format_tiles(h.dora_indicators)}"
            + (f" ura {format_tiles(h.ura_indicators)}" if h.ura_indicators else "")
            + (f" nuki {len(h.nuki)}" if h.nuki else "")
            + f" honba {h.honba} sticks {h.riichi_sticks}"
            + f" | Tenhou: {e.fu} fu {e.han} han, {e.points} ({e.describe_yaku()})"
        )


def tile(tile_id: int, red: bool) -> Tile:
    return Tile(tile_id // 4, Mark.RED if red and tile_id in RED_IDS else Mark.PLAIN)


def _ints(text: str | None) -> list[int]:
    return [int(x) for x in text.split(",")] if text else []


def decode_meld(m: int, red: bool) -> Meld | None:
    """A call's `m` code as a Meld; None for a kita (North set aside, sanma). The decoding is the
    package's (`records.tenhou_xml.decode_call`)."""
    call = decode_call(0, m)
    if isinstance(call, Nukidora):
        return None
    ids = sorted((*call.consumed, call.pai) if not isinstance(call, Ankan) else call.consumed)
    return Meld(MELD_TYPES[type(call).__name__.lower()], tuple(tile(i, red) for i in ids))


def _meld_kind(m: int) -> str:
    call = decode_call(0, m)
    return (
        "kita"
        if isinstance(call, Nukidora)
        else "kan"
        if isinstance(call, Ankan | Daiminkan)
        else type(call).__name__.lower()
    )


DRAW_TAGS = "TUVW"
DISCARD_TAGS = "DEFG"


class _Round:
    """Replay state of one round: enough to tell the circumstances of a win."""

    def __init__(self, init: ET.Element, players: int) -> None:
        seed = _ints(init.get("seed"))
        self.kyoku, self.honba, self.sticks = seed[0], seed[1], seed[2]
        self.oya = int(init.get("oya", "0"))
        self.players = players
        self.draws = 0
        self.calls = 0
        """Calls, kans and kita so far in the round (they end the first go-around)."""
        self.drawn = [0] * 4
        self.discards = [0] * 4
        self.pending_riichi = [False] * 4
        self.riichi = [False] * 4
        self.double_riichi = [False] * 4
        self.ippatsu = [False] * 4
        self.ippatsu_before_call = [False] * 4
        self.replacement = [False] * 4
        """The seat's last draw was a replacement tile after its own kan or kita."""
        self.pending_replacement: int | None = None
        """The seat whose next draw is a replacement tile."""
        self.after_call: tuple[int, str] | None = None
        """(seat, kind) when the last event was a call: a ron now robs that kan / kita."""
        self.wins = 0

    @property
    def name(self) -> str:
        wind = "ESWN"[self.kyoku // 4]
        return f"{wind}{self.kyoku % 4 + 1}" + (f"-{self.honba}" if self.honba else "")

    def event(self, el: ET.Element) -> None:
        tag = el.tag
        if tag == "N":
            who = int(el.get("who", "0"))
            kind = _meld_kind(int(el.get("m", "0")))
            self.calls += 1
            self.ippatsu_before_call = list(self.ippatsu)
            self.ippatsu = [False] * 4
            self.after_call = (who, kind)
            self.pending_replacement = who if kind in ("kan", "kakan", "kita") else None
            return
        if tag == "REACH":
            if el.get("step") == "1":
                self.pending_riichi[int(el.get("who", "0"))] = True
            return
        if tag in ("DORA", "BYE", "UN"):
            return
        self.after_call = None
        if len(tag) > 1 and tag[0] in DRAW_TAGS and tag[1:].isdigit():
            seat = DRAW_TAGS.index(tag[0])
            self.draws += 1
            self.drawn[seat] += 1
            self.replacement[seat] = self.pending_replacement == seat
            self.pending_replacement = None
        elif len(tag) > 1 and tag[0] in DISCARD_TAGS and tag[1:].isdigit():
            seat = DISCARD_TAGS.index(tag[0])
            if self.pending_riichi[seat]:
                self.pending_riichi[seat] = False
                self.riichi[seat] = True
                self.ippatsu[seat] = True
                self.double_riichi[seat] = self.discards[seat] == 0 and self.calls == 0
            else:
                self.ippatsu[seat] = False
            self.discards[seat] += 1
            self.replacement[seat] = False


def _agari(game: str, rnd: _Round, el: ET.Element, red: bool) -> TruthWin:
    players = rnd.players
    who, from_who = int(el.get("who", "0")), int(el.get("fromWho", "0"))
    tsumo = who == from_who
    first = rnd.wins == 0
    rnd.wins += 1
    machi = int(el.get("machi", "0"))
    closed = tuple(tile(i, red) for i in _ints(el.get("hai")))
    melds: list[Meld] = []
    nuki: list[Tile] = []
    for code in _ints(el.get("m")):
        meld = decode_meld(code, red)
        if meld is None:
            nuki.append(Tile(NORTH))
        else:
            melds.append(meld)
    robbed = rnd.after_call if not tsumo and rnd.after_call and rnd.after_call[0] == from_who else None
    chankan = robbed is not None and robbed[1] == "kakan"
    ippatsu = (rnd.ippatsu_before_call if robbed else rnd.ippatsu)[who]
    wall_empty = rnd.draws == WALL_DRAWS[players]
    honba, sticks = _ints(el.get("ba"))
    first_turn = rnd.calls == 0 and rnd.discards[who] == 0 and tsumo
    double = rnd.double_riichi[who]
    hand = WinInput(
        closed=closed,
        melds=tuple(melds),
        win=tile(machi, red),
        tsumo=tsumo,
        riichi=rnd.riichi[who] and not double,
        double_riichi=double,
        ippatsu=rnd.riichi[who] and ippatsu,
        rinshan=tsumo and rnd.replacement[who],
        chankan=chankan,
        haitei=tsumo and wall_empty and not rnd.replacement[who],
        houtei=not tsumo and wall_empty and robbed is None,
        tenhou=first_turn and who == rnd.oya,
        chiihou=first_turn and who != rnd.oya,
        seat_wind=27 + (who - rnd.oya) % players,
        round_wind=27 + rnd.kyoku // 4,
        dora_indicators=tuple(tile(i, red) for i in _ints(el.get("doraHai"))),
        ura_indicators=tuple(tile(i, red) for i in _ints(el.get("doraHaiUra"))),
        # R-STD-2: honba and riichi sticks go to the first winner of a double ron only.
        honba=honba if first else 0,
        riichi_sticks=sticks if first else 0,
        nuki=tuple(nuki),
        first_win=first,
    )
    fu, points, limit = _ints(el.get("ten"))
    yakuman_ids = _ints(el.get("yakuman"))
    flat = _ints(el.get("yaku"))
    yaku = tuple(zip(flat[::2], flat[1::2], strict=True)) if flat else tuple((i, 0) for i in yakuman_ids)
    sc = _ints(el.get("sc"))
    pao = el.get("paoWho")
    expected = Expected(
        fu=fu,
        han=sum(h for _, h in yaku) if flat else 0,
        yaku=yaku,
        yakuman=len(yakuman_ids),
        points=points,
        limit=limit,
        deltas=tuple(100 * d for d in sc[1::2]),
        pao=int(pao) if pao is not None else None,
    )
    return TruthWin(game, rnd.name, players, rnd.oya, who, from_who, hand, expected, first)


def read_game(path: Path, root: Path = LOGS) -> Iterator[TruthWin]:
    """Every win of one game record, in order."""
    name = str(path.relative_to(root)) if path.is_relative_to(root) else path.name
    game = ET.parse(path).getroot()
    red = True
    players = 4
    rnd: _Round | None = None
    for el in game:
        if el.tag == "GO":
            go_type = int(el.get("type", "0"))
            red = not go_type & 0x02
            players = 3 if go_type & 0x10 else 4
        elif el.tag == "INIT":
            rnd = _Round(el, players)
        elif el.tag == "AGARI":
            assert rnd is not None, f"{name}: AGARI before INIT"
            yield _agari(name, rnd, el, red)
        elif rnd is not None:
            rnd.event(el)


def game_files(players: int, root: Path = LOGS) -> list[Path]:
    folder = root / f"{players}p"
    return sorted(p for p in folder.rglob("*") if p.suffix in (".mjlog", ".xml"))


def all_wins(players: int, root: Path = LOGS) -> Iterator[TruthWin]:
    for path in game_files(players, root):
        yield from read_game(path, root)
