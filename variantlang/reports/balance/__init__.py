"""The balance report: one self-contained HTML page (inline CSS, charts as inline SVG) from a `Summary`.

The same page serves a self-play run and real logs (`stats`); beside a run of `standard` it can show the
figures of real games and the bands around Tenhou 鳳凰卓 play the bots should fall in. Charts are drawn by
matplotlib, an optional extra (`pip install 'variantlang[report]'`): `require_charts` says so before a
long run starts rather than after it.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from variantlang.model.ruleset import Ruleset
from variantlang.stats.figures import VALUE_BINS, Edge, Mean, Rate, Summary

INSTALL = "pip install 'variantlang[report]'"

RATES = {
    "win": "Win (per player-hand)",
    "deal_in": "Deal-in (per player-hand)",
    "tsumo_share": "Tsumo share (of wins)",
    "riichi": "Riichi (per player-hand)",
    "call": "Open call (per player-hand)",
    "exhaustive_draw": "Exhaustive draw (per hand)",
    "abortive_draw": "Abortive draw (per hand)",
    "timeout": "Timeout: hand cap reached (per game)",
    "tobi": "Tobi: a player busted (per game)",
}

TENHOU_BANDS = {
    "win": (0.18, 0.25),
    "deal_in": (0.09, 0.16),
    "riichi": (0.13, 0.25),
    "call": (0.20, 0.42),
    "exhaustive_draw": (0.09, 0.20),
}
"""Where sensible bots on `standard` should land: bands around real Tenhou 鳳凰卓 play (issue 11)."""
TENHOU_HANDS = (9.5, 12.0)


class ReportError(RuntimeError):
    """The report cannot be drawn (a missing optional dependency, said with how to install it)."""


def require_charts() -> None:
    """Raise ReportError, with the install command, when matplotlib is missing."""
    try:
        import matplotlib  # noqa: F401, PLC0415  (optional: imported only to see that it is there)
    except ImportError:
        raise ReportError(
            f"the HTML report draws its charts with matplotlib, which is not installed: {INSTALL}"
        ) from None


@dataclass(frozen=True, slots=True)
class Labels:
    """What the report says it is about, printed in its title block."""

    title: str
    variant: str
    content_hash: str
    version: str
    games: int
    seed: int | None = None
    bots: str = ""
    source: str = "self-play"


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def rate_text(rate: Rate) -> str:
    low, high = rate.interval
    return f"{_pct(rate.value)} [{_pct(low)}, {_pct(high)}]"


def mean_text(mean: Mean, digits: int = 0) -> str:
    interval = mean.interval
    if mean.n == 0:
        return "—"
    if interval is None:
        return f"{mean.mean:,.{digits}f}"
    return f"{mean.mean:,.{digits}f} [{interval[0]:,.{digits}f}, {interval[1]:,.{digits}f}]"


def _band(name: str, rate: Rate) -> str:
    low, high = TENHOU_BANDS[name]
    if rate.value < low:
        return "below"
    if rate.value > high:
        return "above"
    return "inside"


def _svg(figure: Any) -> Markup:
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    text = buffer.getvalue()
    return Markup(text[text.index("<svg") :])


def _charts(summary: Summary, real: Summary | None) -> dict[str, Markup]:
    require_charts()
    import matplotlib  # noqa: PLC0415  (optional extra)

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    plt.rcParams.update(
        {
            "svg.fonttype": "none",
            "svg.hashsalt": "variantlang",
            "font.size": 9,
            "axes.spines.top": False,
            "axes.spines.right": False,
        }
    )
    charts: dict[str, Markup] = {}
    sim_colour, real_colour = "#3465a4", "#bbbbbb"

    def bars(labels: Sequence[str], ours: Sequence[float], theirs: Sequence[float] | None, ylabel: str) -> Markup:
        figure, axes = plt.subplots(figsize=(6.6, 2.3))
        x = range(len(labels))
        width = 0.4 if theirs is not None else 0.7
        axes.bar([i - (width / 2 if theirs else 0) for i in x], ours, width, color=sim_colour, label=title_ours)
        if theirs is not None:
            axes.bar([i + width / 2 for i in x], theirs, width, color=real_colour, label="real games")
            axes.legend(frameon=False)
        axes.set_xticks(list(x), labels)
        axes.set_ylabel(ylabel)
        axes.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0, decimals=0))
        svg = _svg(figure)
        plt.close(figure)
        return svg

    title_ours = "this report" if real is None else "simulated"
    wins = max(summary.value.n, 1)
    edges = [f"{e // 1000}k+" if i == len(VALUE_BINS) - 1 else f"{e // 1000}–{VALUE_BINS[i + 1] // 1000}k"
             for i, e in enumerate(VALUE_BINS)]  # fmt: skip
    real_wins = max(real.value.n, 1) if real else 1
    charts["value"] = bars(
        edges,
        [count / wins for _, count in summary.value_bins],
        [count / real_wins for _, count in real.value_bins] if real else None,
        "share of wins",
    )
    han_labels = [label for label, _ in summary.han]
    ticks = ["YM" if label == "yakuman" else label for label in han_labels]
    real_han = dict(real.han) if real else {}
    charts["han"] = bars(
        ticks,
        [count / wins for _, count in summary.han],
        [real_han.get(label, 0) / real_wins for label in han_labels] if real else None,
        "share of wins",
    )
    figure, axes = plt.subplots(figsize=(6.6, 0.5 + 0.35 * summary.players))
    palette = [("#204a87", "white"), ("#729fcf", "black"), ("#c0c0c0", "black"), ("#707070", "white")]
    shades = palette[: summary.players - 1] + palette[-1:]  # the last place always dark grey
    for seat, figures in enumerate(summary.seats):
        left = 0.0
        for rank, rate in enumerate(figures.placements):
            fill, ink = shades[rank]
            axes.barh(seat, rate.value, left=left, color=fill, label=f"{rank + 1}" if seat == 0 else None)
            if rate.value >= 0.06:
                axes.text(left + rate.value / 2, seat, _pct(rate.value), ha="center", va="center", color=ink)
            left += rate.value
    axes.set_yticks(range(summary.players), [f"seat {s + 1}" for s in range(summary.players)])
    axes.invert_yaxis()
    axes.set_xlim(0, 1)
    axes.xaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0, decimals=0))
    axes.legend(title="place", ncols=summary.players, frameon=False, loc="lower center", bbox_to_anchor=(0.5, 1.0))
    charts["placements"] = _svg(figure)
    plt.close(figure)
    return charts


def yaku_names(*rulesets: Ruleset) -> dict[str, str]:
    """The yaku as the variants name them in English (their Japanese name where they give no English one),
    so the report's yaku table reads as players speak, not as rule-file ids."""
    return {y.id: y.name_en or y.name_ja for ruleset in rulesets for y in ruleset.all_yaku()}


def render(
    summary: Summary,
    labels: Labels,
    *,
    real: Summary | None = None,
    real_label: str = "",
    edge: Edge | None = None,
    challenger: str = "",
    yaku_names: Mapping[str, str] | None = None,
    tenhou_bands: bool = False,
) -> str:
    """The report as one HTML page. `real`: the same figures from real games, shown beside; `edge`: the
    challenger's result in duplicate play; `tenhou_bands`: say where each rate falls against the bands
    around Tenhou play (for `standard`)."""
    environment = Environment(
        loader=PackageLoader("variantlang.reports.balance", "templates"),
        autoescape=select_autoescape(("html", "html.j2")),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    environment.filters["rate"] = rate_text
    environment.filters["mean"] = mean_text
    environment.filters["pct"] = _pct
    css = (Path(__file__).parent / "templates" / "report.css").read_text(encoding="utf-8")
    bands = (
        {name: (TENHOU_BANDS[name], _band(name, summary.rates[name])) for name in TENHOU_BANDS} if tenhou_bands else {}
    )
    return environment.get_template("report.html.j2").render(
        s=summary,
        real=real,
        real_label=real_label,
        labels=labels,
        rates=RATES,
        bands=bands,
        hands_band=TENHOU_HANDS,
        edge=edge,
        challenger=challenger,
        yaku_names=yaku_names or {},
        charts=_charts(summary, real),
        css=Markup(css),
    )
