"""`variantlang analyze`: human output, JSON, batches with bad lines, and clear errors."""

import json

from click.testing import CliRunner

from variantlang.cli import main


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(args), input=stdin)


def test_thirteen_tiles_show_shanten_and_improving_tiles() -> None:
    result = run("analyze", "123m456p789s1123z")
    assert result.exit_code == 0
    assert "1-shanten" in result.output
    assert "1z×2 2z×3 3z×3" in result.output and "8 tiles" in result.output


def test_fourteen_tiles_rank_discards() -> None:
    result = run("analyze", "123m406p789s11223z", "--json")
    data = json.loads(result.output)
    assert data["shanten"] == 0 and data["tiles"] == 14
    best = data["discards"][0]
    assert best == {
        "discard": "3z",
        "shanten": 0,
        "ukeire": {"tiles": "12z", "count": 4, "by_tile": {"1z": 2, "2z": 2}},
    }
    counts = [(d["shanten"], -d["ukeire"]["count"]) for d in data["discards"]]
    assert counts == sorted(counts)


def test_json_fields_for_thirteen_tiles() -> None:
    data = json.loads(run("analyze", "--json", "19m19p19s1234567z").output)
    assert (data["shanten"], data["shanten_normal"], data["shanten_chiitoi"], data["shanten_kokushi"]) == (0, 8, 6, 0)
    assert data["ukeire"]["count"] == 39


def test_variant_tile_set_decides_which_tiles_exist() -> None:
    data = json.loads(run("analyze", "--json", "--variant", "standard-sanma", "19m123456p789s11z").output)
    assert "2m" not in data["ukeire"]["by_tile"] and "8m" not in data["ukeire"]["by_tile"]
    bad = run("analyze", "--variant", "standard-sanma", "2m345p")
    assert bad.exit_code == 1 and "2m is not in this tile set" in bad.output


def test_batch_reports_bad_lines_and_goes_on() -> None:
    lines = '{"hand": "1112345678999m"}\n\n{"hand": "12x"}\nnot json\n{"hand": 5}\n{"hand": "19m19p19s1234567z"}\n'
    result = run("analyze", "--batch", "-", stdin=lines)
    assert result.exit_code == 0
    records = [json.loads(line) for line in result.output.splitlines()]
    assert [r["ok"] for r in records] == [True, False, False, False, True]
    assert records[0]["ukeire"]["count"] == 23 and records[0]["shanten"] == 0  # nine-sided wait
    assert "position 3" in records[1]["error"]
    assert "not a JSON object" in records[2]["error"]
    assert [r["line"] for r in records] == [1, 3, 4, 5, 6]


def test_bad_notation_points_at_the_character() -> None:
    result = run("analyze", "123m456p7x9s")
    assert result.exit_code == 1  # a problem in the input
    assert result.output.splitlines()[-3:] == [
        "error: unexpected character 'x' (expected a digit, m p s z, or an honour)",
        "  123m456p7x9s",
        "           ^",
    ]
    assert "Traceback" not in result.output


def test_wrong_sizes_and_unknown_variants_are_errors_not_tracebacks() -> None:
    assert run("analyze", "123m").exit_code == 1  # a problem in the input
    unknown = run("analyze", "1m", "--variant", "standrd")
    assert unknown.exit_code == 2 and "did you mean 'standard'" in unknown.output  # a wrong command line
    assert run("analyze").exit_code == 2
