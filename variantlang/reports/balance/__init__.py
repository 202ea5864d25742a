"""The balance report: one self-contained HTML page (inline CSS, charts as inline SVG), in English or
Japanese: of one run or set of logs (`render`), or of several arms played on the same walls
(`render_comparison`, for `compare` and `sweep`).

Beside a run of `standard` it shows the figures of real games and each difference to them with its
interval. Charts are drawn by matplotlib, an optional extra (`pip install 'variantlang[report]'`):
without it the report is written with its tables and says how to get the charts.
"""

from __future__ import annotations

import io
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from variantlang.model.ruleset import Ruleset
from variantlang.reports.balance.text import (
    DORA_NAMES,
    FIGURES,
    HEADLINE,
    LIMIT_NAMES,
    MEAN_FIGURES,
    PLAY_ON_FIGURES,
    RATE_FIGURES,
    WORDS,
    comparison_sentences,
    difference_text,
    figure_value,
    pct,
    run_sentences,
)
from variantlang.stats.figures import OUTCOMES, SCORE_BIN, VALUE_BINS, Difference, Edge, Mean, Rate, Summary

INSTALL = "pip install 'variantlang[report]'"

RATES = FIGURES["en"]
"""The figures' English labels (the terminal table's)."""


def charts_available() -> bool:
    try:
        import matplotlib  # noqa: F401, PLC0415  (optional: imported only to see that it is there)
    except ImportError:
        return False
    return True


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


@dataclass(frozen=True, slots=True)
class Real:
    """Real games shown beside a run: their figures, the differences simulated − real, and what they are."""

    summary: Summary
    differences: Mapping[str, Difference]
    source: str
    """Where they came from (a folder), said in the report."""
    games: tuple[str, ...] = ()
    """The games' names (log files), listed in the report."""


@dataclass(frozen=True, slots=True)
class Arm:
    """One arm of a comparison: its label, where it came from (a file, a name, `--set …`), its figures,
    and its differences to the first arm (empty for the first)."""

    label: str
    provenance: str
    content_hash: str
    summary: Summary
    differences: Mapping[str, Difference] = field(default_factory=dict)


def rate_text(rate: Rate) -> str:
    low, high = rate.interval
    return f"{pct(rate.value)} [{pct(low)}, {pct(high)}]"


def mean_text(mean: Mean, digits: int = 0) -> str:
    interval = mean.interval
    if mean.n == 0:
        return "—"
    if interval is None:
        return f"{mean.mean:,.{digits}f}"
    return f"{mean.mean:,.{digits}f} [{interval[0]:,.{digits}f}, {interval[1]:,.{digits}f}]"


def yaku_names(*rulesets: Ruleset, lang: str = "en") -> dict[str, str]:
    """The yaku as the variants name them (in English their English name where they give one), so the
    report's yaku table reads as players speak, not as rule-file ids."""
    names = dict(DORA_NAMES[lang])
    for ruleset in rulesets:
        for y in ruleset.all_yaku():
            own = (y.name_ja, y.name_en) if lang == "ja" else (y.name_en, y.name_ja)
            names[y.id] = own[0] or own[1] or y.id
    return names


def _environment(lang: str) -> Environment:
    environment = Environment(
        loader=PackageLoader("variantlang.reports.balance", "templates"),
        autoescape=select_autoescape(("html", "html.j2")),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    environment.filters["rate"] = rate_text
    environment.filters["mean"] = mean_text
    environment.filters["pct"] = pct
    environment.globals["w"] = WORDS[lang]
    environment.globals["figures"] = FIGURES[lang]
    environment.globals["limit_names"] = LIMIT_NAMES[lang]
    environment.globals["play_on_figures"] = PLAY_ON_FIGURES[lang]
    environment.globals["lang"] = lang
    environment.globals["install"] = INSTALL
    environment.globals["css"] = Markup((Path(__file__).parent / "templates" / "report.css").read_text("utf-8"))
    environment.globals["difference_text"] = lambda name, d: difference_text(name, d, lang)
    environment.globals["figure_value"] = figure_value
    return environment


def render(
    summary: Summary,
    labels: Labels,
    *,
    real: Real | None = None,
    edge: Edge | None = None,
    challenger: str = "",
    yaku_names: Mapping[str, str] | None = None,
    lang: str = "en",
) -> str:
    """The report of one run or set of logs as one HTML page. `real`: real games shown beside, with the
    differences; `edge`: the challenger's result in duplicate play."""
    return (
        _environment(lang)
        .get_template("report.html.j2")
        .render(
            s=summary,
            real=real,
            labels=labels,
            rates=RATE_FIGURES,
            edge=edge,
            challenger=challenger,
            yaku_names=yaku_names or {},
            outcomes=OUTCOMES,
            sentences=run_sentences(summary, real.differences if real else None, real.summary if real else None, lang),
            charts=_run_charts(summary, real.summary if real else None, lang) if charts_available() else {},
            seat_df=summary.players - 1,
        )
    )


def render_comparison(
    arms: Sequence[Arm],
    labels: Labels,
    *,
    setting: str = "",
    yaku_names: Mapping[str, str] | None = None,
    lang: str = "en",
) -> str:
    """The report of a comparison (or, with `setting`, a sweep over its values): each figure by arm, and
    each arm's paired difference to the first with its interval and whether it excludes 0."""
    names = [*HEADLINE, *(n for n in (*RATE_FIGURES, *MEAN_FIGURES) if n not in HEADLINE)]
    values = {name: [_figure(arm.summary, name) for arm in arms] for name in names}
    first = arms[0].label
    sentences = comparison_sentences(
        first, [(arm.label, arm.summary, arm.differences) for arm in arms[1:]], values, lang
    )
    shares = [dict(arm.summary.yaku) for arm in arms]
    yaku = sorted({y for arm in arms for y, _ in arm.summary.yaku},
                  key=lambda y: (-max(s[y].value if y in s else 0.0 for s in shares), y))  # fmt: skip
    return (
        _environment(lang)
        .get_template("compare.html.j2")
        .render(
            arms=arms,
            labels=labels,
            names=names,
            values=values,
            first=first,
            setting=setting,
            sentences=sentences,
            yaku=yaku,
            yaku_shares=shares,
            yaku_names=yaku_names or {},
            charts=_comparison_charts(arms, setting, lang) if charts_available() else {},
        )
    )


def _figure(summary: Summary, name: str) -> float:
    if name in summary.rates:
        return summary.rates[name].value
    means = {
        "value": summary.value,
        "hands_per_game": summary.hands_per_game,
        "spread": summary.spread,
        "dealer_points": summary.dealer.points,
    }
    return means[name].mean


def _svg(figure: Any) -> Markup:
    buffer = io.StringIO()
    with warnings.catch_warnings():  # the SVG's text is drawn by the browser, in a font it finds itself
        warnings.filterwarnings("ignore", "Glyph .* missing from font", UserWarning)
        figure.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    text = buffer.getvalue()
    return Markup(text[text.index("<svg") :])


def _pyplot() -> Any:
    import matplotlib  # noqa: PLC0415  (optional extra)

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    plt.rcParams.update(
        {
            "svg.fonttype": "none",
            "svg.hashsalt": "variantlang",
            "font.size": 9,
            "font.family": _fonts(),
            "axes.spines.top": False,
            "axes.spines.right": False,
        }
    )
    return plt


def _fonts() -> list[str]:
    """The fonts the charts are measured with: a Japanese one first where this machine has one (the
    SVG's text is drawn by the browser, which finds its own where none is installed here)."""
    from matplotlib import font_manager  # noqa: PLC0415  (optional extra)

    have = {font.name for font in font_manager.fontManager.ttflist}
    return [name for name in ("Noto Sans CJK JP", "IPAexGothic", "DejaVu Sans") if name in have] or ["sans-serif"]


def _percent_axis(axis: Any) -> None:
    import matplotlib.ticker  # noqa: PLC0415  (optional extra)

    axis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0, decimals=0))


SIM_COLOUR, REAL_COLOUR = "#3465a4", "#bbbbbb"


def _bars(
    plt: Any, labels: Sequence[str], series: Sequence[tuple[str, Sequence[float], str]], xlabel: str, ylabel: str
) -> Markup:
    figure, axes = plt.subplots(figsize=(6.6, 2.4))
    width = 0.8 / len(series)
    for k, (name, values, colour) in enumerate(series):
        offset = (k - (len(series) - 1) / 2) * width
        axes.bar([i + offset for i in range(len(labels))], values, width, color=colour, label=name)
    if len(series) > 1:
        axes.legend(frameon=False)
    axes.set_xticks(list(range(len(labels))), labels)
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    _percent_axis(axes.yaxis)
    svg = _svg(figure)
    plt.close(figure)
    return svg


def _run_charts(summary: Summary, real: Summary | None, lang: str) -> dict[str, Markup]:
    plt = _pyplot()
    w = WORDS[lang]
    ours_name = w["simulated"]

    def share(
        of: Callable[[Summary], Sequence[tuple[Any, int]]], total: Callable[[Summary], int]
    ) -> list[tuple[str, Sequence[float], str]]:
        out: list[tuple[str, Sequence[float], str]] = [
            (ours_name, [c / max(total(summary), 1) for _, c in of(summary)], SIM_COLOUR)
        ]
        if real is not None:
            theirs = dict(of(real))
            out.append((w["real_games"], [theirs.get(k, 0) / max(total(real), 1) for k, _ in of(summary)], REAL_COLOUR))
        return out

    edges = [f"{e // 1000}k+" if i == len(VALUE_BINS) - 1 else f"{e // 1000}–{VALUE_BINS[i + 1] // 1000}k"
             for i, e in enumerate(VALUE_BINS)]  # fmt: skip
    charts = {
        "value": _bars(plt, edges, share(lambda s: s.value_bins, lambda s: s.value.n), w["axis_value"],
                       w["axis_share_wins"]),
        "han": _bars(plt, ["YM" if label == "yakuman" else label for label, _ in summary.han],
                     share(lambda s: s.han, lambda s: s.value.n), w["axis_han"], w["axis_share_wins"]),
    }  # fmt: skip
    scores = _score_bins(summary, real)
    charts["scores"] = _bars(
        plt,
        [f"{edge // 1000}k" for edge in scores],
        [
            (ours_name, [dict(summary.score_bins).get(e, 0) / max(summary.games * summary.players, 1) for e in scores],
             SIM_COLOUR),
            *([(w["real_games"], [dict(real.score_bins).get(e, 0) / max(real.games * real.players, 1)
                                  for e in scores], REAL_COLOUR)] if real else []),
        ],
        w["axis_final_score"],
        w["axis_share_players"],
    )  # fmt: skip
    charts["placements"] = _placements(plt, summary, w)
    charts["after"] = _after(plt, summary, w)
    return charts


def _score_bins(summary: Summary, real: Summary | None) -> list[int]:
    edges = {edge for edge, _ in summary.score_bins} | ({edge for edge, _ in real.score_bins} if real else set())
    return list(range(min(edges), max(edges) + SCORE_BIN, SCORE_BIN)) if edges else []


def _placements(plt: Any, summary: Summary, w: Mapping[str, str]) -> Markup:
    figure, axes = plt.subplots(figsize=(6.6, 0.7 + 0.35 * summary.players))
    palette = [("#204a87", "white"), ("#729fcf", "black"), ("#c0c0c0", "black"), ("#707070", "white")]
    shades = palette[: summary.players - 1] + palette[-1:]  # the last place always dark grey
    for seat, figures in enumerate(summary.seats):
        left = 0.0
        for rank, rate in enumerate(figures.placements):
            fill, ink = shades[rank]
            label = w["place"].format(rank=rank + 1) if seat == 0 else None
            axes.barh(seat, rate.value, left=left, color=fill, label=label)
            if rate.value >= 0.06:
                axes.text(left + rate.value / 2, seat, pct(rate.value), ha="center", va="center", color=ink)
            left += rate.value
    axes.set_yticks(range(summary.players), [f"{w['seat']} {s + 1}" for s in range(summary.players)])
    axes.invert_yaxis()
    axes.set_xlim(0, 1)
    axes.set_xlabel(w["axis_share_games"])
    _percent_axis(axes.xaxis)
    axes.legend(ncols=summary.players, frameon=False, loc="lower center", bbox_to_anchor=(0.5, 1.0))
    svg = _svg(figure)
    plt.close(figure)
    return svg


def _after(plt: Any, summary: Summary, w: Mapping[str, str]) -> Markup:
    figure, axes = plt.subplots(figsize=(6.6, 1.3))
    colours = {"won": "#4e9a06", "dealt_in": "#a40000", "draw": "#c0c0c0", "other_won": "#729fcf"}
    rows = [("riichi", w["after_riichi"]), ("call", w["after_call"])]
    for row, (kind, _) in enumerate(rows):
        left = 0.0
        for outcome in OUTCOMES:
            rate = summary.after[kind][outcome]
            axes.barh(row, rate.value, left=left, color=colours[outcome], label=w[outcome] if row == 0 else None)
            if rate.value >= 0.06:
                ink = "white" if outcome == "dealt_in" else "black"
                axes.text(left + rate.value / 2, row, pct(rate.value), ha="center", va="center", color=ink)
            left += rate.value
    axes.set_yticks(range(len(rows)), [label for _, label in rows])
    axes.invert_yaxis()
    axes.set_xlim(0, 1)
    axes.set_xlabel(w["axis_share_after"])
    _percent_axis(axes.xaxis)
    axes.legend(ncols=len(OUTCOMES), frameon=False, loc="lower center", bbox_to_anchor=(0.5, 1.0))
    svg = _svg(figure)
    plt.close(figure)
    return svg


def _comparison_charts(arms: Sequence[Arm], setting: str, lang: str) -> dict[str, Markup]:
    """A forest plot of the rates' paired differences to the first arm; for a sweep, each headline
    figure against the setting's value with its interval."""
    plt = _pyplot()
    w = WORDS[lang]
    charts: dict[str, Markup] = {}
    rates = [n for n in HEADLINE if n in RATE_FIGURES]
    figure, axes = plt.subplots(figsize=(6.6, 0.6 + 0.32 * len(rates) * max(len(arms) - 1, 1)))
    rows = [(arm, name) for name in rates for arm in arms[1:]]
    for y, (arm, name) in enumerate(rows):
        d = arm.differences[name]
        below, above = 100 * max(0.0, d.value - d.low), 100 * max(0.0, d.high - d.value)
        colour = SIM_COLOUR if d.distinguishable else "#888888"
        axes.errorbar(100 * d.value, y, xerr=[[below], [above]], fmt="o", color=colour, capsize=3)
    axes.axvline(0, color="#111111", linewidth=0.8)
    axes.set_yticks(range(len(rows)), [f"{FIGURES[lang][n].split(' (')[0].split('（')[0]}: {a.label}" for a, n in rows])
    axes.invert_yaxis()
    axes.set_xlabel(w["axis_difference_pp"])
    charts["differences"] = _svg(figure)
    plt.close(figure)
    if setting:
        for name in HEADLINE:
            figure, axes = plt.subplots(figsize=(3.2, 2.0))
            xs = range(len(arms))
            ys, lows, highs = [], [], []
            for arm in arms:
                value, (low, high) = _with_interval(arm.summary, name)
                ys.append(value)
                lows.append(max(0.0, value - low))  # rounding can leave a zero-width interval a hair off
                highs.append(max(0.0, high - value))
            axes.errorbar(list(xs), ys, yerr=[lows, highs], fmt="o-", color=SIM_COLOUR, capsize=3)
            axes.set_xticks(list(xs), [arm.label.rsplit("=", 1)[-1] for arm in arms])
            axes.set_xlabel(setting)
            axes.set_ylabel(FIGURES[lang][name].split(" (")[0].split("（")[0])
            if name in RATE_FIGURES:
                _percent_axis(axes.yaxis)
            charts[f"sweep:{name}"] = _svg(figure)
            plt.close(figure)
    return charts


def _with_interval(summary: Summary, name: str) -> tuple[float, tuple[float, float]]:
    if name in summary.rates:
        rate = summary.rates[name]
        return rate.value, rate.interval
    mean = {"value": summary.value, "hands_per_game": summary.hands_per_game, "spread": summary.spread}[name]
    return mean.mean, mean.interval or (mean.mean, mean.mean)
