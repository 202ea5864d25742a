"""`variantlang score` and `variantlang check` through click's CliRunner: human output, `--json` fields, meld
notation, `--batch -` with good and bad lines, other variants, and clean errors.

Every expected number is worked out by hand from Tenhou's rules (R-PAY-1): fu from 20 (+10 closed ron, +2 tsumo
unless pinfu, triplets 2/4/8/16 × 2 for a kan, value pairs 2, double wind pair 4, kanchan/penchan/tanki 2), rounded up
to 10; base = fu × 2^(han+2) below mangan (5 han 2000, 6–7 3000, 8–10 4000, 11–12 6000, yakuman 8000); a ron pays
4 × base (dealer 6 ×), a tsumo 1 × base from each non-dealer and 2 × base from the dealer, each rounded up to 100;
honba 300 per ron, 100 per payer on a tsumo; riichi sticks 1000 each to the winner.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from variantlang.cli import main

VARIANTS = Path(__file__).resolve().parents[1] / "variants"


def run(*args: str, stdin: str | None = None) -> Result:
    result = CliRunner().invoke(main, list(args), input=stdin)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def score_json(*args: str) -> dict[str, Any]:
    result = run("score", "--json", *args)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) == 1
    data: dict[str, Any] = json.loads(lines[0])
    return data


# 234m 567p 345s 678s + 22s, won on 8s (67s waited on 5s/8s): closed, ryanmen, four runs, plain pair → pinfu, tanyao.
PINFU_HAND = "234m567p22s345678s"
# 111m 345p 678p 789s + 西西, ron on 8s (7_9s kanchan). Fu: 20 + 10 (closed ron) + 8 (concealed 111m, terminal)
# + 2 (kanchan) = 40; the 西 pair is neither seat (南) nor round (東) wind. Riichi 1 + dora from 2p→3p and 7p→8p
# (one each) = 3 han. Base 40 × 2^5 = 1280; non-dealer ron 4 × 1280 = 5120 → 5200.
KANCHAN_HAND = "111m345p678p789s33z"


# ------------------------------------------------------------------ single hands


def test_human_output_of_a_riichi_tsumo_dora_hand() -> None:
    """Non-dealer (南) riichi tsumo with a 1s indicator: riichi 1, menzen tsumo 1, pinfu 1, tanyao 1 and the 22s pair
    as two dora = 6 han, haneman (base 3000); pinfu tsumo is 20 fu. Dealer pays 2 × 3000 = 6000, each non-dealer
    3000; 12000 in all."""
    result = run("score", PINFU_HAND, "--riichi", "--tsumo", "--dora", "1s", "--seat", "S")
    assert result.exit_code == 0
    out = result.output
    assert "6 han 20 fu (haneman)" in out and "[standard]" in out
    for row in ("riichi", "menzen_tsumo", "pinfu", "tanyao", "立直", "Pinfu"):
        assert row in out
    assert re.search(r"dora\s+dora\s+2", out)
    assert "dealer pays 6000, each non-dealer pays 3000; the winner receives 12000" in out


def test_json_non_dealer_3_han_40_fu_ron() -> None:
    """3 han 40 fu non-dealer ron = 5200 (see KANCHAN_HAND)."""
    data = score_json(KANCHAN_HAND, "--win", "8s", "--riichi", "--dora", "2p7p", "--seat", "S")
    assert data["ok"] is True
    assert (data["han"], data["fu"], data["yakuman"]) == (3, 40, 0)
    assert [{k: y[k] for k in ("id", "name", "han")} for y in data["yaku"]] == [
        {"id": "riichi", "name": "立直", "han": 1}
    ]
    assert data["dora"] == {"dora": 2}
    assert data["points"] == {"discarder": 5200}
    assert data["total"] == 5200 and data["wait"] == "kanchan"


def test_json_honba_and_riichi_sticks_are_added() -> None:
    """The same 5200 ron with 2 honba and 1 riichi stick: the discarder pays 5200 + 2 × 300 = 5800, and the winner
    also takes the 1000 stick: 6800."""
    data = score_json(
        KANCHAN_HAND, "--win", "8s", "--riichi", "--dora", "2p7p", "--honba", "2", "--sticks", "1", "--seat", "S"
    )
    assert data["points"] == {"discarder": 5800}
    assert (data["hand_value"], data["honba"], data["riichi_sticks"], data["total"]) == (5200, 600, 1000, 6800)


def test_json_dealer_mangan_tsumo_with_honba() -> None:
    """Dealer (東) riichi tsumo pinfu tanyao with a 2m indicator (3m in 234m: one dora) = 5 han: mangan, base 2000;
    a dealer tsumo is 2 × 2000 = 4000 from each of three: 12000. With 2 honba (+200 each) and 1 stick:
    4200 each, 12000 + 600 + 1000 = 13600."""
    data = score_json(PINFU_HAND, "--seat", "E", "--riichi", "--tsumo", "--dora", "2m")
    assert (data["han"], data["fu"], data["limit"]) == (5, 20, "mangan")
    assert {y["id"] for y in data["yaku"]} == {"riichi", "menzen_tsumo", "pinfu", "tanyao"}
    assert data["dora"] == {"dora": 1}
    assert data["points"] == {"each_non_dealer": 4000} and data["total"] == 12000
    data = score_json(PINFU_HAND, "--seat", "E", "--riichi", "--tsumo", "--dora", "2m", "--honba", "2", "--sticks", "1")
    assert data["points"] == {"each_non_dealer": 4200}
    assert (data["honba"], data["riichi_sticks"], data["total"]) == (600, 1000, 13600)


def test_meld_notation_chi_and_concealed_kan() -> None:
    """HAND "234m11z777s 789s (5555z)": 789s is a chi, (5555z) a concealed kan of 白. Tsumo on 7s by 南 in an 東
    round: shanpon on 11z/77s, so 777s is a concealed triplet. Fu: 20 + 2 (tsumo) + 32 (concealed honour kan)
    + 4 (concealed simple triplet) + 2 (東 pair: round wind) = 60. Han: 白 1 (open hand: no menzen tsumo).
    Base 60 × 2^3 = 480: dealer 960 → 1000, each non-dealer 480 → 500; 2000 in all."""
    hand = "234m11z777s 789s (5555z)"
    data = score_json(hand, "--win", "7s", "--tsumo", "--seat", "S")
    assert (data["han"], data["fu"]) == (1, 60)
    assert [(y["id"], y["han"]) for y in data["yaku"]] == [("haku", 1)]
    assert data["points"] == {"dealer": 1000, "each_non_dealer": 500} and data["total"] == 2000
    assert "(789s)" in data["reading"] and "5555z" in data["reading"] and data["wait"] == "shanpon"
    human = run("score", hand, "--win", "7s", "--tsumo", "--seat", "S")
    assert human.exit_code == 0
    assert "789s (5555z)" in human.output and "1 han 60 fu" in human.output
    assert "dealer pays 1000, each non-dealer pays 500; the winner receives 2000" in human.output


def test_a_hand_that_cannot_win_is_an_error_not_a_traceback() -> None:
    """No yaku and a bad shape exit 1 with a message (JSON: ok false); bad notation too."""
    result = run("score", "123m567p88s 345s 678s", "--win", "8s")
    assert result.exit_code == 1 and "no yaku" in result.output
    result = run("score", "--json", "123m456p789s1234z")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["ok"] is False and "not a winning hand" in data["error"]
    result = run("score", "123x456p")
    assert result.exit_code != 0 and "error" in result.output


# ------------------------------------------------------------------ batches

ALL_FIELDS = {
    # 7 han haneman: riichi 1, ippatsu 1, houtei 1, pinfu 1, tanyao 1, dora 2 (1s → 2s, the 22s pair); the ura
    # indicator 9p points at 1p, which the hand does not hold. Non-dealer (西) ron: 12000, + 300 for 1 honba,
    # + 2 sticks: the discarder pays 12300 and the winner receives 14300. Pinfu ron: 20 + 10 = 30 fu.
    "closed": PINFU_HAND,
    "melds": [],
    "win": "8s",
    "tsumo": False,
    "riichi": True,
    "double_riichi": False,
    "ippatsu": True,
    "rinshan": False,
    "chankan": False,
    "haitei": False,
    "houtei": True,
    "tenhou": False,
    "chiihou": False,
    "seat_wind": "W",
    "round_wind": "S",
    "dora_indicators": "1s",
    "ura_indicators": "9p",
    "honba": 1,
    "riichi_sticks": 2,
    "nuki": "",
    "first_win": True,
    "tenpai_others": 0,
}
# the meld hand of test_meld_notation_chi_and_concealed_kan, but by the dealer (seat_wind defaults to E) in an 東
# round: the 東 pair is a double wind pair, 4 fu (R-STD-3): 20 + 2 + 32 + 4 + 4 = 62 → 70 fu. 1 han 70 fu: base
# 70 × 8 = 560, a dealer tsumo is 2 × 560 = 1120 → 1200 from each of three: 3600.
MELD_LINE = {
    "closed": "234m11z777s",
    "melds": [{"type": "chi", "tiles": "789s"}, {"type": "ankan", "tiles": "5555z"}],
    "win": "7s",
    "tsumo": True,
}
BATCH = [
    json.dumps(ALL_FIELDS),
    "this is not json",
    json.dumps({"closed": KANCHAN_HAND, "win": "8s", "riich": True}),
    "",
    json.dumps({"closed": "123x456p"}),
    json.dumps(
        {"closed": "123m567p88s", "melds": [{"type": "chi", "tiles": "345s"}, {"type": "chi", "tiles": "678s"}]}
    ),
    json.dumps({"closed": "123m456p789s1234z", "win": "4z"}),
    json.dumps(MELD_LINE),
    json.dumps({"closed": KANCHAN_HAND, "win": "8s", "riichi": True, "dora_indicators": "2p7p", "seat_wind": "S"}),
]


def test_batch_reads_json_lines_and_goes_on_after_bad_ones() -> None:
    """`--batch -`: one result per non-blank line, numbered by input line; bad lines become {"ok": false, "error"}
    (not JSON, an unknown field with a did-you-mean, a bad tile, no yaku, not a winning shape)."""
    result = run("score", "--batch", "-", stdin="\n".join(BATCH) + "\n")
    assert result.exit_code == 0
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["line"] for r in records] == [1, 2, 3, 5, 6, 7, 8, 9]
    assert [r["ok"] for r in records] == [True, False, False, False, False, False, True, True]
    everything, not_json, unknown, bad_tile, no_yaku, shape, melds, kanchan = records
    assert (everything["han"], everything["fu"], everything["limit"]) == (7, 30, "haneman")
    assert {y["id"] for y in everything["yaku"]} == {"riichi", "ippatsu", "houtei", "pinfu", "tanyao"}
    assert everything["dora"] == {"dora": 2}
    assert everything["points"] == {"discarder": 12300} and everything["total"] == 14300
    assert not_json["error"].startswith("not a JSON object")
    assert "unknown field `riich`" in unknown["error"] and "did you mean `riichi`?" in unknown["error"]
    assert "`closed`" in bad_tile["error"]
    assert "no yaku" in no_yaku["error"]
    assert "not a winning hand" in shape["error"]
    assert (melds["han"], melds["fu"]) == (1, 70)
    assert melds["points"] == {"each_non_dealer": 1200} and melds["total"] == 3600
    assert (kanchan["han"], kanchan["fu"], kanchan["total"]) == (3, 40, 5200)


def test_batch_rejects_bad_field_values() -> None:
    """Wrong types are per-line errors naming the field: a wind that is not E/S/W/N, a flag that is not a boolean,
    a honba count that is not a whole number, a meld of an unknown type."""
    lines = [
        {"closed": PINFU_HAND, "seat_wind": "X"},
        {"closed": PINFU_HAND, "riichi": "yes"},
        {"closed": PINFU_HAND, "honba": -1},
        {"closed": "234m567p22s", "melds": [{"type": "chow", "tiles": "345s"}]},
        [1, 2],
    ]
    result = run("score", "--batch", "-", stdin="\n".join(json.dumps(x) for x in lines))
    assert result.exit_code == 0
    errors = [json.loads(line)["error"] for line in result.stdout.splitlines()]
    assert len(errors) == 5
    assert "`seat_wind`" in errors[0] and "`riichi`" in errors[1] and "`honba`" in errors[2]
    assert "`melds[0]`" in errors[3] and "expected a JSON object" in errors[4]


# ------------------------------------------------------------------ other variants


def test_naki_riichi_payment_depends_on_first_win_and_tenpai_others() -> None:
    """R-PAY-3: 234m 555p 567s 88s 白白白 ron on 8s has 二暗刻 1 + 一元 1 = 2 yaku points; no dora, no calls, no kans.
    First win, nobody else tenpai: base 400 + 200 = 600, × 2 = 1200. Not the first win, two others tenpai:
    400 + 2 × 200 = 800, × 2 = 1600. A tsumo (first win) is paid by each of the other three: 3 × 1200 = 3600."""
    hand = "234m555p567s88s555z"
    data = score_json("--variant", "naki-riichi", hand, "--win", "8s", "--seat", "S")
    assert sorted((y["id"], y["han"]) for y in data["yaku"]) == [("ichigen", 1), ("niankou", 1)]
    assert data["points"] == {"discarder": 1200} and data["total"] == 1200
    assert data["formula"]["base"] == 600
    data = score_json(
        "--variant", "naki-riichi", hand, "--win", "8s", "--not-first-win", "--tenpai-others", "2", "--seat", "S"
    )
    assert data["points"] == {"discarder": 1600} and data["total"] == 1600
    data = score_json("--variant", "naki-riichi", hand, "--win", "8s", "--tsumo", "--seat", "S")
    assert data["points"] == {"dealer": 1200, "each_non_dealer": 1200} and data["total"] == 3600
    line = json.dumps({"closed": hand, "win": "8s", "seat_wind": "S", "first_win": False, "tenpai_others": 2})
    batch = run("score", "--variant", "naki-riichi", "--batch", "-", stdin=line)
    assert json.loads(batch.stdout)["total"] == 1600


def test_a_formula_payment_is_shown_as_the_formula_reads_it() -> None:
    """鳴き立直 pays base × yaku points and reads no fu: the human output says the base and the yaku points (as the
    sheet's worked examples do), never "han … fu", and two flowers set aside are in the base (+200 each), not han.
    123m 456p 789s 東東 + 白 pon, ron on 東: 一元 1; base 400 + 200 (first win) − 200 (the pon) + 2 × 200 (flowers)
    = 800, × 1 = 800."""
    out = run("score", "--variant", "naki-riichi", "123m456p789s11z 555z", "--nuki", "12f").stdout
    head = out.splitlines()[0]
    assert "fu" not in head and "han" not in head, head
    assert "base 800 × yaku (A dragon triplet 1 = 1) = 800 (the base includes 2 dora)" in head
    assert "the winner receives 800" in out


def test_igishokai_1m_indicator_makes_9m_dora() -> None:
    """R-DORA-3, R-DORA-14, R-PAY-2: 99m 123p 555p 789s 東東東, ron on 東 by 南 in an 東 round under 囲将会.
    Yaku: 場風 東 1. Bonuses: 場ゾロ 2, 門前 1. Dora: the 1m indicator points at 9m (cycle 1m -> 9m -> 1m), the
    99m pair = 2; every five is dora, 555p = 3. 1 + 3 + 5 = 9 han, 1000 per han: the discarder pays 9000."""
    data = score_json(
        "--variant", "igishokai-sanma", "99m123p555p789s111z", "--win", "1z", "--dora", "1m", "--seat", "S"
    )
    assert [(y["id"], y["han"]) for y in data["yaku"]] == [("bakaze", 1)]
    assert sorted((b["id"], b["han"]) for b in data["bonuses"]) == [("bazoro", 2), ("menzen", 1)]
    assert data["dora"] == {"dora": 2, "always": 3}
    assert data["han"] == 9 and data["points"] == {"discarder": 9000} and data["total"] == 9000


def test_unknown_variant_suggests_a_name() -> None:
    """A misspelt `--variant` is a usage error (exit 2) with a did-you-mean, not a traceback."""
    result = run("score", "--variant", "standrd", PINFU_HAND)
    assert result.exit_code != 0
    assert "did you mean 'standard'" in result.output


# ------------------------------------------------------------------ check


def test_check_accepts_every_shipped_variant() -> None:
    """`check` on every file in variants/: one `ok` line each with the chain and the tile count (136; 112 for
    囲将会's set without 2–4m and 6–8m, R-TILE-3), exit 0."""
    files = sorted(VARIANTS.glob("*.variant"))
    assert len(files) >= 7
    result = run("check", *map(str, files))
    assert result.exit_code == 0, result.output
    assert result.output.count(": ok (") == len(files)
    assert re.search(r"standard\.variant: ok \(Standard \(Tenhou\); standard; 136 tiles, \d+ yaku\)", result.output)
    assert re.search(
        r"igishokai-sanma\.variant: ok \(.*; igishokai-sanma → standard-sanma → standard; 112 tiles", result.output
    )
    assert "error" not in result.output


def test_check_reports_file_line_column_and_exits_1(tmp_path: Path) -> None:
    """A broken file: every problem as FILE:LINE:COL: error[CODE] with a caret and a help, then exit 1."""
    path = tmp_path / "broken.variant"
    path.write_text(
        'variant "壊" "Broken" {\n  extends standard\n  payment { kiriagi on }\n'
        '  yaku {\n    house odd "奇" 1 when count(runs) == 1 and riichii\n  }\n}\n',
        encoding="utf-8",
    )
    result = run("check", str(path))
    assert result.exit_code == 1
    out = result.output
    assert re.search(r"broken\.variant:3:13: error\[E0102\]: unknown setting `kiriagi`", out), out
    assert re.search(r"broken\.variant:5:\d+: error\[E0301\]: unknown name `riichii`", out), out
    assert "did you mean `kiriage`?" in out and "did you mean `riichi`?" in out
    assert "^^^^^^^" in out and "2 problems found" in out
    # a good file next to the broken one still passes, but the exit status is 1
    good = tmp_path / "good.variant"
    good.write_text('variant "良" "Good" {\n  extends standard\n}\n', encoding="utf-8")
    both = run("check", str(good), str(path))
    assert both.exit_code == 1 and "good.variant: ok (Good; good → standard; 136 tiles" in both.output


def test_kokushi_takes_the_base_fu_of_a_closed_hand() -> None:
    """A hand with no four-sets-and-a-pair shape takes no set, pair or wait fu: seven pairs a fixed 25
    (`payment.chiitoitsu_fu`), kokushi the base of a closed hand, 30 on a ron or a tsumo, whatever its
    pair (a double-wind East here) or wait (single or thirteen-sided). Fu matter under a formula payment."""
    for win in (["--win", "1z"], ["--win", "7z"], ["--win", "1z", "--tsumo"]):
        data = score_json("--variant", "naki-riichi", "19m19p19s1234567z1f", *win)
        assert data["fu"] == 30, win
        assert "pair" not in {p["name"] for p in data["fu_parts"]}
    assert score_json("1122m3344p5566s77z", "--win", "7z")["fu"] == 25


@pytest.mark.parametrize(
    ("variant", "seat", "said"),
    [
        ("standard", "S", "dealer pays 500, each non-dealer pays 300; the winner receives 1100"),
        ("standard", "E", "each other player pays 700; the winner receives 2100"),
        ("standard-sanma", "S", "dealer pays 500, the other non-dealer pays 300; the winner receives 800"),
        ("igishokai-sanma", "S", "each other player pays 5000; the winner receives 10000"),
    ],
)
def test_a_tsumo_names_its_payers_as_a_table_would(variant: str, seat: str, said: str) -> None:
    """`score` names the payers as the sheet's examples do (`Payments.named`): at three players one other
    non-dealer pays, not "each"; where everyone pays the same (囲将会) there is no dealer to name."""
    out = run("score", "--variant", variant, "234p567p11z777s789s", "--win", "7s", "--tsumo", "--seat", seat).stdout
    assert out.splitlines()[-1] == said, out
