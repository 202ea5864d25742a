"""`variantlang compare` and `sweep`: arms on the same walls, paired differences that are exactly 0 for
identical arms and that find kuitan's effect on calls, `--set` checked like a rule file, sweeps over
uma pairs and ranges, both report languages, and every shipped variant the engine plays."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from builds import compiled_only
from click.testing import CliRunner, Result

from variantlang.api import load_variant
from variantlang.cli import main
from variantlang.engine.rules import UnplayableError, check_playable
from variantlang.simulation.arms import rule_value, sweep_values

SHIPPED = sorted(p.stem for p in (Path(__file__).parent.parent / "variants").glob("*.variant"))


def invoke(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def document(out: Path) -> dict[str, object]:
    return dict(json.loads((out / "summary.json").read_text(encoding="utf-8")))


def arms(out: Path) -> list[dict[str, object]]:
    found = document(out)["arms"]
    assert isinstance(found, list)
    return found


def test_identical_arms_differ_by_exactly_zero_with_a_zero_width_interval(tmp_path: Path) -> None:
    out = tmp_path / "same"
    # standard already has kuitan on: the derived arm is the same game under another name
    result = invoke("compare", "standard", "--set", "calls.kuitan=on", "--games", "3", "--bots", "random",
                    "-j", "1", "--out", str(out))  # fmt: skip
    assert result.exit_code == 0, result.output
    first, second = arms(out)
    assert first["figures"] == second["figures"]
    differences = second["difference_to_first"]
    assert isinstance(differences, dict) and "call" in differences and "value" in differences
    for name, d in differences.items():
        assert (d["value"], d["low"], d["high"]) == (0.0, 0.0, 0.0), name
        assert d["paired"] and not d["distinguishable"]
    html = (out / "report.html").read_text(encoding="utf-8")
    assert "--set calls.kuitan=on" in html and "standard" in html  # the arm's provenance


def kuitan_off(tmp_path: Path, games: int) -> dict[str, object]:
    out = tmp_path / "kuitan"
    result = invoke("compare", "standard", "--set", "calls.kuitan=off", "--games", str(games), "--bots",
                    "efficiency", "--out", str(out))  # fmt: skip
    assert result.exit_code == 0, result.output
    call = arms(out)[1]["difference_to_first"]
    assert isinstance(call, dict)
    return dict(call["call"])


def test_kuitan_off_lowers_the_call_rate_on_a_few_games(tmp_path: Path) -> None:
    call = kuitan_off(tmp_path, 6)
    assert call["value"] < 0 and call["high"] < 0 and call["distinguishable"]


@pytest.mark.slow
@compiled_only
def test_kuitan_off_lowers_the_call_rate_with_an_interval_excluding_zero_at_400_games(tmp_path: Path) -> None:
    call = kuitan_off(tmp_path, 400)
    assert call["value"] < 0 and call["high"] < 0


def test_a_bad_set_is_refused_pointing_into_the_option(tmp_path: Path) -> None:
    out = tmp_path / "bad"
    wrong = invoke("compare", "standard", "--set", "calls.kuitan=maybe", "--out", str(out))
    assert wrong.exit_code == 1, wrong.output
    assert "--set calls.kuitan=maybe:3:" in wrong.output and "on/off" in wrong.output
    unknown = invoke("compare", "standard", "--set", "calls.kuitann=off", "--out", str(out))
    assert unknown.exit_code == 1 and "--set calls.kuitann=off:3:" in unknown.output
    shape = invoke("compare", "standard", "--set", "kuitan", "--out", str(out))
    assert shape.exit_code == 2 and "SECTION.SETTING=VALUE" in shape.output
    alone = invoke("compare", "standard", "--out", str(out))
    assert alone.exit_code == 2 and "two variants" in alone.output
    mixed = invoke("compare", "standard", "standard-sanma", "--games", "1", "--bots", "random", "--out", str(out))
    assert mixed.exit_code == 1 and "different numbers of players" in mixed.output
    for result in (wrong, unknown, shape, alone, mixed):
        assert "Traceback" not in result.output
    assert not (out / "summary.json").exists()


def test_sweep_values_take_ranges_and_uma_pairs() -> None:
    assert sweep_values("win", "min_han", "1..3") == ["1", "2", "3"]
    assert sweep_values("game", "uma", "5-10, 10-20") == ["5-10", "10-20"]
    assert rule_value("game", "uma", "10-20", 4) == "20 10 -10 -20"
    assert rule_value("game", "uma", "10-20", 3) == "20 0 -20"
    assert rule_value("game", "uma", "15 0 -15", 3) == "15 0 -15"
    for bad in ("1", "1,1", "3..1"):
        with pytest.raises(ValueError):
            sweep_values("win", "min_han", bad)


def test_a_sweep_over_uma_changes_the_points_and_not_the_play(tmp_path: Path) -> None:
    out = tmp_path / "uma"
    result = invoke("sweep", "standard", "--over", "game.uma=5-10,10-20,20-30", "--games", "2", "--bots", "random",
                    "-j", "1", "--out", str(out))  # fmt: skip
    assert result.exit_code == 0, result.output
    found = arms(out)
    assert [a["label"] for a in found] == ["game.uma=5-10", "game.uma=10-20", "game.uma=20-30"]
    assert document(out)["setting"] == "game.uma"
    for arm in found[1:]:
        differences = arm["difference_to_first"]
        assert isinstance(differences, dict)
        assert differences["win"]["value"] == 0.0 and differences["hands_per_game"]["value"] == 0.0
        figures, first = arm["figures"], found[0]["figures"]
        assert isinstance(figures, dict) and isinstance(first, dict)
        assert figures["seats"] != first["seats"]  # the points follow the uma
    html = (out / "report.html").read_text(encoding="utf-8")
    assert html.count("<svg") == 1 + 9  # the differences, and each headline figure against the value


def test_the_comparison_report_speaks_japanese(tmp_path: Path) -> None:
    out = tmp_path / "ja"
    result = invoke("compare", "standard", "--set", "game.uma=10 5 -5 -10", "--games", "2", "--bots", "random",
                    "-j", "1", "--lang", "ja", "--out", str(out))  # fmt: skip
    assert result.exit_code == 0, result.output
    html = (out / "report.html").read_text(encoding="utf-8")
    assert '<html lang="ja">' in html and "同じ牌山での比較" in html and "和了率" in html and "との差" in html


@pytest.mark.parametrize("name", SHIPPED)
def test_compare_plays_every_shipped_variant_the_engine_plays(tmp_path: Path, name: str) -> None:
    try:
        check_playable(load_variant(name))
    except UnplayableError as error:
        pytest.skip(f"the engine does not play {name} yet: {error}")
    out = tmp_path / name
    result = invoke("compare", name, "--set", "calls.kuitan=off", "--games", "1", "--bots", "random", "-j", "1",
                    "--out", str(out))  # fmt: skip
    assert result.exit_code == 0, result.output
    assert len(arms(out)) == 2 and (out / "report.html").is_file()
