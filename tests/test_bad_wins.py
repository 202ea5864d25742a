"""Wins that cannot happen are refused, each contradiction named (issue 12): no score is made up for
flags that contradict each other, and a hand written with a stray bracket is not read as something else."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from click.testing import CliRunner

from variantlang import Ruleset, ScoreError, score
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
