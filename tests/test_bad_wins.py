"""Wins that cannot happen are refused, each contradiction named (issue 12): no score is made up for
flags that contradict each other, and a hand written with a stray bracket is not read as something else."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from click.testing import CliRunner

from variantlang import Ruleset, ScoreError, loads, score
from variantlang.cli import main
from variantlang.hand.notation import HandNotationError, parse_hand
from variantlang.io.wins import win_input

PINFU = {"closed": "234m567p234s88s345s", "win": "5s"}

IMPOSSIBLE = [
    ({"ippatsu": True}, "ippatsu needs riichi"),
    ({"open_riichi": True}, "open riichi is a riichi"),
    ({"chankan": True, "tsumo": True}, "chankan"),
    ({"rinshan": True}, "rinshan"),
    ({"haitei": True}, "houtei"),
    ({"houtei": True, "tsumo": True}, "haitei"),
    ({"tenhou": True, "tsumo": True, "seat_wind": "S"}, "chiihou"),
    ({"chiihou": True, "tsumo": True, "seat_wind": "E"}, "tenhou"),
    ({"tenhou": True, "seat_wind": "E"}, "tenhou and chiihou are tsumo"),
    ({"renhou": True, "tsumo": True, "seat_wind": "S"}, "renhou"),
]


@pytest.mark.parametrize(("flags", "named"), IMPOSSIBLE, ids=[str(f) for f, _ in IMPOSSIBLE])
def test_contradictory_circumstances_are_refused_by_name(
    flags: dict[str, object], named: str, shipped: Callable[[str], Ruleset]
) -> None:
    with pytest.raises(ScoreError, match="impossible win") as error:
        score(shipped("standard"), win_input({**PINFU, **flags}))
    assert named in str(error.value)


def test_the_possible_ones_still_score(shipped: Callable[[str], Ruleset]) -> None:
    standard = shipped("standard")
    for flags in (
        {"riichi": True, "ippatsu": True, "tsumo": True},
        {"double_riichi": True, "ippatsu": True},
        {"riichi": True, "haitei": True, "tsumo": True},
        {"riichi": True, "houtei": True},
        {"tenhou": True, "tsumo": True, "seat_wind": "E"},
        {"riichi": True, "chankan": True},
    ):
        result = score(standard, win_input({**PINFU, **flags}))
        assert result.han >= 1 or result.yakuman, flags


def test_riichi_with_calls_only_where_the_variant_allows_it(shipped: Callable[[str], Ruleset]) -> None:
    """R-RIICHI-9: 鳴き立直 lets a player declare riichi after calling; standard does not."""
    open_hand = {"closed": "234m567p88s345s", "melds": [{"type": "chi", "tiles": "234s"}], "win": "5s"}
    with pytest.raises(ScoreError, match="riichi needs a closed hand"):
        score(shipped("standard"), win_input({**open_hand, "riichi": True}))
    assert shipped("naki-riichi").riichi.with_calls
    score(shipped("naki-riichi"), win_input({**open_hand, "riichi": True, "tsumo": True}))


@pytest.mark.parametrize("text", ["234m567p88s345s (1111m", "234m567p88s345s 1111m)", "234m567p88s345s ((1111m))"])
def test_a_stray_bracket_is_an_error_not_another_meld(text: str) -> None:
    with pytest.raises(HandNotationError, match="one pair of brackets"):
        parse_hand(text)


def test_the_command_line_names_the_contradiction() -> None:
    result = CliRunner().invoke(main, ["score", "234m567p234s88s345s", "--win", "5s", "--ippatsu"])
    assert result.exit_code == 1 and "ippatsu needs riichi" in result.output and "Traceback" not in result.output


# ------------------------------------------------------------------ tiles and indicators that cannot exist (issue 9)
def _variant(body: str) -> Ruleset:
    return loads(f'variant "x" "x" {{\n  extends standard\n  {body}\n}}\n')


@pytest.mark.parametrize(
    ("fields", "named"),
    [
        ({"dora_indicators": "888s"}, "5 copies of 8s"),  # the hand holds 88s: five 8s in all
        ({"dora_indicators": "00p"}, "2 × 0p"),  # the set's one red 5p, twice
        ({"nuki": "4z"}, "not a nuki dora"),
        ({"nuki": "1f"}, "flowers but the set has 0"),
        ({"dora_indicators": "1f"}, "not in this variant's tiles"),
        ({"dora_indicators": "111222m"}, "6 dora indicators, but this variant shows at most 5"),
        ({"riichi": True, "ura_indicators": "1234m9p1p"}, "6 ura indicators, but this variant has at most 5"),
    ],
)
def test_tiles_the_set_cannot_hold_are_refused(
    fields: dict[str, object], named: str, shipped: Callable[[str], Ruleset]
) -> None:
    """Issue 9 item 7: copies of a kind across hand, melds, shown indicators and nuki beyond the tile set
    (R-TILE-1, R-TILE-4: one red 5p), more indicators than the variant shows (R-DORA-5: at most five)."""
    with pytest.raises(ScoreError, match=named.replace("(", r"\(")):
        score(shipped("standard"), win_input({**PINFU, **fields}))


def test_indicators_the_variant_cannot_have_are_refused_not_counted() -> None:
    """R-DORA-5, R-DORA-8: without kan dora only the starting indicator shows; without kan ura only the
    ura under it. A second one is refused; it is never counted as dora (issue 9's first example)."""
    riichi = {**PINFU, "riichi": True, "dora_indicators": "1m2m"}
    with pytest.raises(ScoreError, match="2 ura indicators, but this variant has at most 1"):
        score(_variant("dora { kan_ura off }"), win_input({**riichi, "ura_indicators": "1m3m"}))
    assert score(_variant("dora { kan_ura off }"), win_input({**riichi, "ura_indicators": "1m"})).dora == {
        "dora": 2,
        "ura": 1,
    }
    with pytest.raises(ScoreError, match="2 dora indicators, but this variant shows at most 1"):
        score(_variant("dora { kan_dora off }"), win_input(riichi))
    two = score(_variant("dora { kan_dora off\n double_on_dice_pair on }"), win_input(riichi))
    assert two.dora == {"dora": 2}  # 1m → 2m and 2m → 3m, one of each held (a dice pair allows two)
    with pytest.raises(ScoreError, match="no ura dora"):
        score(_variant("dora { ura off }"), win_input({**riichi, "ura_indicators": "1m"}))


def test_flowers_beyond_the_set_are_refused(shipped: Callable[[str], Ruleset]) -> None:
    """R-TILE-6: 鳴き立直 plays with four flowers, 1f–4f (naki-riichi.variant)."""
    hand = {"closed": "234m567p234s88s345s", "win": "5s", "seat_wind": "S"}
    assert score(shipped("naki-riichi"), win_input({**hand, "nuki": "1f4f"})).dora.get("nuki") == 2
    with pytest.raises(ScoreError, match="5f is not in this tile set"):
        score(shipped("naki-riichi"), win_input({**hand, "nuki": "5f"}))
    with pytest.raises(ScoreError, match="2 × 1f"):
        score(shipped("naki-riichi"), win_input({**hand, "nuki": "11f"}))


def test_the_command_line_and_a_batch_share_their_defaults() -> None:
    """Issue 9 item 7: the same win without winds is the same win in both (East seat, East round)."""
    runner = CliRunner()
    line = runner.invoke(main, ["score", "--json", PINFU["closed"], "--win", "5s"]).output
    batch = runner.invoke(main, ["score", "--batch", "-"], input=json.dumps(PINFU) + "\n").output
    assert json.loads(line)["points"] == json.loads(batch)["points"] == {"discarder": 2900}
    refused = runner.invoke(main, ["score", "--batch", "-"], input=json.dumps({**PINFU, "dora_indicators": "888s"}))
    assert '"ok": false' in refused.output and "5 copies of 8s" in refused.output
