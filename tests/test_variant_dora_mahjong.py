"""The DORA麻雀 variants (source seeds/001): settings the engine will play and hands scored by hand.

Every expected number below is worked out from the source and the standard tables, not read back from
the scorer: base points = fu × 2^(han+2), a non-dealer ron pays 4 × base and a dealer ron 6 × base,
rounded up to 100; mangan 2000 base, baiman 4000, yakuman 8000 (×2 for a double).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from setting_values import setting_values

from variantlang import Ruleset, Score, ScoreError, WinInput, score
from variantlang.hand.decomposition import Meld
from variantlang.hand.tiles import parse_tiles

EAST, SOUTH, WEST = 27, 28, 29

FOUR = "dora-mahjong"
THREE = "dora-mahjong-sanma"
TOURNAMENT = "dora-mahjong-tournament"


@pytest.fixture(scope="module")
def rulesets(shipped: Callable[[str], Ruleset]) -> dict[str, Ruleset]:
    names = [FOUR, THREE, TOURNAMENT, "standard", "standard-sanma"]
    return {name: shipped(name) for name in names}


def _tiles(text: str) -> tuple[Any, ...]:
    return tuple(parse_tiles(text))


def win(
    r: Ruleset,
    closed: str,
    winning: str,
    *,
    melds: tuple[Meld, ...] = (),
    seat: int = SOUTH,
    indicators: str = "",
    nuki: str = "",
    **flags: Any,
) -> Score:
    """Score a win; `closed` includes the winning tile. Default: a South (non-dealer) ron in the East round."""
    return score(
        r,
        WinInput(
            closed=_tiles(closed),
            melds=melds,
            win=parse_tiles(winning)[0],
            seat_wind=seat,
            round_wind=EAST,
            dora_indicators=_tiles(indicators),
            ura_indicators=(),
            honba=0,
            riichi_sticks=0,
            nuki=_tiles(nuki),
            **flags,
        ),
    )


def set_in(r: Ruleset, key: str) -> tuple[str, str]:
    """(file name, source line) of the statement that set `key`."""
    span = r.provenance[key]
    text = r.sources[span.file].splitlines()[span.line - 1]
    return Path(span.file).name, text


def yaku_ids(s: Score) -> set[str]:
    return {y.id for y in s.yaku}


# ------------------------------------------------------------------ four players: settings


def test_chains(rulesets: dict[str, Ruleset]) -> None:
    assert rulesets[FOUR].chain == ("dora-mahjong", "standard")
    assert rulesets[THREE].chain == ("dora-mahjong-sanma", "dora-mahjong", "standard")
    assert rulesets[TOURNAMENT].chain == ("dora-mahjong-tournament", "dora-mahjong", "standard")


@pytest.mark.parametrize(
    ("key", "value", "rule"),
    [
        ("win.multiple_ron", "head_bump", "R-WIN-1"),  # §2-1 頭ハネ, no double ron
        ("draws.sancha_hou", False, "R-DRAW-1"),  # §1-2 三家和 impossible under head bump
        ("draws.nagashi_mangan", False, "R-DRAW-2"),  # §2-2 流し満貫 not used
        ("draws.kyuushu_kyuuhai", False, "R-DRAW-1"),  # §1-2 九種九牌 not used
        ("draws.suufon_renda", True, "R-DRAW-1"),  # §1-2 四風連打 used
        ("draws.suukan_sanra", True, "R-DRAW-1"),  # §1-2 四槓散了 used
        ("draws.suucha_riichi", True, "R-DRAW-1"),  # §1-2 四家立直 used with four players
        ("draws.formal_tenpai", True, "R-DRAW-3"),  # §2-3 形式テンパイ
        ("calls.kuitan", True, "R-CALL-2"),  # §2-4 ありあり
        ("calls.atozuke", True, "R-CALL-2"),
        ("calls.kuikae", "allow", "R-CALL-3"),  # §2-6 喰い替え allowed
        ("game.tobi", "below_zero", "R-GAME-3"),  # §2-5 item 1
        ("game.extension", "none", "R-GAME-1"),  # §2-5 items 2-4: no West round
        ("game.return_points", 25000, "R-PAY-4"),  # §2-5 no 返し
        ("game.top_prize", 0, "R-PAY-4"),  # §2-5 no oka for the top
        ("payment.double_yakuman", True, "R-YAKU-1"),  # §1-1 役満/ダブル役満 (decision)
        ("win.min_han", 1, "R-WIN-3"),
    ],
)
def test_four_player_settings_come_from_the_dora_file(
    rulesets: dict[str, Ruleset], key: str, value: Any, rule: str
) -> None:
    """Each DORA rule (R-id in the parametrisation) is what the ruleset will play, and the line that says
    so is in dora-mahjong.variant, not inherited by accident from standard."""
    r = rulesets[FOUR]
    assert setting_values(r)[key] == value, rule
    file, line = set_in(r, key)
    assert file == "dora-mahjong.variant"
    assert line.split()[0] == key.split(".")[1]


def test_start_equals_return_points(rulesets: dict[str, Ruleset]) -> None:
    """R-PAY-4: no oka in DORA麻雀 — 4p 25,000 start = return, 3p 35,000 = return (§2-5)."""
    for name, start in ((FOUR, 25000), (THREE, 35000), (TOURNAMENT, 25000)):
        v = setting_values(rulesets[name])
        assert v["game.start_points"] == v["game.return_points"] == start


def test_standard_differs_where_dora_does(rulesets: dict[str, Ruleset]) -> None:
    """The DORA settings are real differences from the Tenhou parent (R-WIN-1, R-DRAW-1/2, R-CALL-3)."""
    std, dora = setting_values(rulesets["standard"]), setting_values(rulesets[FOUR])
    for key in (
        "win.multiple_ron",
        "draws.nagashi_mangan",
        "draws.kyuushu_kyuuhai",
        "calls.kuikae",
        "game.extension",
        "game.return_points",
        "payment.double_yakuman",
    ):
        assert std[key] != dora[key], key


# ------------------------------------------------------------------ four players: scoring


def test_double_yakuman_pays_twice(rulesets: dict[str, Ruleset]) -> None:
    """R-YAKU-1 (decision): 四暗刻単騎 is listed apart from 四暗刻, so it is a double yakuman.
    111m 333p 555s 777s + 南 tanki, ron by a non-dealer: 2 × 32,000 = 64,000 (standard: 32,000)."""
    hand = ("111m333p555s777s22z", "2z")
    s = win(rulesets[FOUR], *hand)
    assert yaku_ids(s) == {"suuankou_tanki"} and s.yakuman == 2
    assert s.payments.ron == 64000
    assert win(rulesets["standard"], *hand).payments.ron == 32000


def test_no_renhou(rulesets: dict[str, Ruleset]) -> None:
    """R-YAKU-2 (decision): §1-1 excludes 人和 (連鵬, レンホー) with 流し満貫, so a win on a discard before
    one's first draw earns nothing extra. 234p 678p 345s 789s 11p, ron 8s in the kanchan: no yaku at all."""
    r = rulesets[FOUR]
    assert all(m.id != "renhou" for g in r.yaku for m in g.members)
    with pytest.raises(ScoreError, match="no yaku"):
        win(r, "234p678p345s789s11p", "8s", renhou=True)
    # with a yaku it is an ordinary hand: tanyao 1 han, 20 + 10 (closed ron) + 2 (tanki) = 32 → 40 fu: 1,300
    s = win(r, "234m567p345s678s22s", "2s", renhou=True)
    assert yaku_ids(s) == {"tanyao"} and s.yakuman == 0 and s.payments.ron == 1300


def test_north_and_dragon_triplets_add_no_house_yaku(rulesets: dict[str, Ruleset]) -> None:
    """R-YAKU-2 (decision): 北龍退治 is the translation of 「北ドラ抜き」, the three-player nuki North, not a
    yaku. With four players a North triplet (South seat) and a 白 triplet score only 役牌 白:
    234m 678p 11s 北北北 白白白, ron 2m: 1 han, 20 + 10 + 8 + 8 = 46 → 50 fu, 4 × 400 = 1,600, as standard."""
    hand = ("234m678p11s444z555z", "2m")
    s = win(rulesets[FOUR], *hand)
    assert yaku_ids(s) == {"haku"} and (s.han, s.fu) == (1, 50) and s.payments.ron == 1600
    assert not any(m.house for g in rulesets[FOUR].yaku for m in g.members)
    assert s.payments == win(rulesets["standard"], *hand).payments


def test_no_nuki_with_four_players(rulesets: dict[str, Ruleset]) -> None:
    """R-DORA-15: North is set aside only at three-player tables (§2-7)."""
    assert rulesets[FOUR].dora.nuki == ()
    with pytest.raises(ScoreError, match="nuki"):
        win(rulesets[FOUR], "234p678p345s789s11p", "8s", riichi=True, nuki="4z")


def test_kuitan(rulesets: dict[str, Ruleset]) -> None:
    """R-CALL-2 (§2-4 喰いタン あり): 234m 567p 22s + pon 444p + chi 678s, ron 2m: open tanyao 1 han,
    20 + 2 (open simple pon) = 22 → 30 fu: 4 × 240 = 960 → 1,000."""
    melds = (Meld.parse("pon", "444p"), Meld.parse("chi", "678s"))
    s = win(rulesets[FOUR], "234m567p22s", "2m", melds=melds)
    assert yaku_ids(s) == {"tanyao"} and (s.han, s.fu) == (1, 30) and s.payments.ron == 1000


# ------------------------------------------------------------------ three players


def test_three_player_settings(rulesets: dict[str, Ruleset]) -> None:
    """§1-2: 三風連打 is used, 四家立直 is not (R-DRAW-1); §2-7: North is an optional nuki dora that can be
    ronned and breaks ippatsu (R-DORA-15, R-DORA-16)."""
    r = rulesets[THREE]
    v = setting_values(r)
    assert v["game.players"] == 3
    assert v["draws.suufon_renda"] is True and v["draws.suucha_riichi"] is False
    assert [t.kind for t in v["dora.nuki"]] == [30]
    assert v["dora.nuki_mode"] == "optional"
    assert v["dora.nuki_in_hand"] == "always"
    assert v["dora.nuki_ron"] == "all"
    assert v["dora.nuki_breaks_ippatsu"] is True
    for key in ("game.players", "draws.suucha_riichi", "dora.nuki", "dora.nuki_ron", "dora.nuki_breaks_ippatsu"):
        assert set_in(r, key)[0] == "dora-mahjong-sanma.variant", key


def test_three_player_inherits_every_dora_rule(rulesets: dict[str, Ruleset]) -> None:
    """The DORA rules are written once: head bump, no nagashi, kuikae, double yakuman … reach the
    three-player table from dora-mahjong.variant (R-WIN-1, R-DRAW-2, R-CALL-3, R-YAKU-1)."""
    r = rulesets[THREE]
    for key in (
        "win.multiple_ron",
        "draws.nagashi_mangan",
        "draws.kyuushu_kyuuhai",
        "calls.kuikae",
        "game.extension",
        "payment.double_yakuman",
        "game.tobi",
    ):
        assert setting_values(r)[key] == setting_values(rulesets[FOUR])[key], key
        assert set_in(r, key)[0] == "dora-mahjong.variant", key


def test_four_norths_under_a_west_indicator_are_dora_8(rulesets: dict[str, Ruleset]) -> None:
    """§2-7 item 4, the source's own example (R-DORA-15, R-DORA-10): four Norths set aside under a 西
    indicator are dora 8 — 4 as nuki and 4 as indicator dora. Riichi ron on 234p 678p 345s 789s 11p
    (kanchan 8s): 1 + 8 = 9 han, 20 + 10 + 2 = 32 → 40 fu, baiman: 4 × 4,000 = 16,000."""
    s = win(rulesets[THREE], "234p678p345s789s11p", "8s", riichi=True, indicators="3z", nuki="4z4z4z4z")
    assert yaku_ids(s) == {"riichi"}
    assert s.dora == {"dora": 4, "nuki": 4}
    assert (s.han, s.fu) == (9, 40)
    assert s.payments.ron == 16000


def test_nuki_alone_does_not_win(rulesets: dict[str, Ruleset]) -> None:
    """§2-7 item 5, R-DORA-18: the same hand without riichi has 8 han of dora and no yaku, so it cannot win."""
    with pytest.raises(ScoreError, match="no yaku"):
        win(rulesets[THREE], "234p678p345s789s11p", "8s", indicators="3z", nuki="4z4z4z4z")


def test_north_triplet_in_hand_is_yakuhai(rulesets: dict[str, Ruleset]) -> None:
    """§2-7 item 10 (house yaku `pei`, R-YAKU-2): a North kept in hand is an ordinary tile and its triplet is
    役牌. 234p 678p 345s 11s 北北北, ron 2p: 1 han, 20 + 10 + 8 (concealed honour triplet) = 38 → 40 fu:
    non-dealer 4 × 320 = 1,280 → 1,300; dealer 6 × 320 = 1,920 → 2,000. Under standard-sanma: no yaku."""
    hand = ("234p678p345s11s444z", "2p")
    s = win(rulesets[THREE], *hand)
    assert yaku_ids(s) == {"pei"} and (s.han, s.fu) == (1, 40)
    assert s.payments.ron == 1300
    assert win(rulesets[THREE], *hand, seat=EAST).payments.ron == 2000
    assert next(m for g in rulesets[THREE].yaku for m in g.members if m.id == "pei").house
    with pytest.raises(ScoreError, match="no yaku"):
        win(rulesets["standard-sanma"], *hand)


def test_north_pair_keeps_pinfu(rulesets: dict[str, Ruleset]) -> None:
    """Decision on §2-7 item 10: only a North triplet is 役牌; a North pair is no value pair, so
    234p 678p 345s 567s 北北, ron 2p (ryanmen) is pinfu: 30 fu 1 han, 4 × 240 = 960 → 1,000."""
    s = win(rulesets[THREE], "234p678p345s567s44z", "2p")
    assert yaku_ids(s) == {"pinfu"} and (s.han, s.fu) == (1, 30) and s.payments.ron == 1000


def test_kokushi_with_north_kept_in_hand(rulesets: dict[str, Ruleset]) -> None:
    """§2-7 item 9: a North set aside is out of the 14 tiles, so 国士無双 needs it kept in hand (R-DORA-16
    `nuki_in_hand always`). 1m9m1p9p1s9s 東東南西北白發中, ron 南 (single wait): yakuman, 32,000 from a
    non-dealer in three-player ron."""
    s = win(rulesets[THREE], "19m19p19s11234567z", "2z")
    assert yaku_ids(s) == {"kokushi"} and s.yakuman == 1 and s.payments.ron == 32000


def test_three_player_double_yakuman(rulesets: dict[str, Ruleset]) -> None:
    """R-YAKU-1: the double yakuman decision reaches three players: 国士無双十三面待ち pays 2 × 32,000."""
    s = win(rulesets[THREE], "19m19p19s12345677z", "7z")
    assert yaku_ids(s) == {"kokushi_13"} and s.yakuman == 2 and s.payments.ron == 64000
    assert win(rulesets["standard-sanma"], "19m19p19s12345677z", "7z").payments.ron == 32000


# ------------------------------------------------------------------ tournament


@pytest.mark.parametrize(
    ("key", "value", "rule"),
    [
        ("game.players", 4, "R-TILE-1"),
        ("game.length", "east", "R-GAME-1"),  # §3-1 東風戦
        ("game.renchan", "none", "R-GAME-2"),  # §3-1 no 連荘
        ("game.tobi", "off", "R-GAME-3"),  # §3-1 play goes on below zero
    ],
)
def test_tournament_settings(rulesets: dict[str, Ruleset], key: str, value: Any, rule: str) -> None:
    r = rulesets[TOURNAMENT]
    assert setting_values(r)[key] == value, rule
    assert set_in(r, key)[0] == "dora-mahjong-tournament.variant"


def test_tournament_keeps_dora_rules_and_scoring(rulesets: dict[str, Ruleset]) -> None:
    """§3: "yaku and scoring are the same as DORA麻雀": every setting but the four above (and ties for first,
    drawn by lot at a tournament table) is dora-mahjong's, and the hands above pay the same."""
    t, d = setting_values(rulesets[TOURNAMENT]), setting_values(rulesets[FOUR])
    changed = {k for k in t if t[k] != d[k]}
    assert changed <= {"game.length", "game.renchan", "game.tobi", "game.ties", "about.source", "about.notes"}
    assert t["game.ties"] == "lot"
    assert t["win.multiple_ron"] == "head_bump"
    for hand in (("111m333p555s777s22z", "2z"), ("234m678p11s444z555z", "2m")):
        assert win(rulesets[TOURNAMENT], *hand).payments == win(rulesets[FOUR], *hand).payments
