"""The balance report's words in English and Japanese (`--lang en|ja`), and the plain-language sentences
it draws from the figures: the same figures, said in either language.

Figure names (the keys of `Summary.rates` and of `figures.clusters`) map to labels; a sentence is written
only from a figure and its interval, so it says no more than the numbers do.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from variantlang.stats.figures import RATE_NAMES, Difference, Rate, Summary

LANGS = ("en", "ja")

FIGURES: dict[str, dict[str, str]] = {
    "en": {
        "win": "Win (per player-hand)",
        "deal_in": "Deal-in (per player-hand)",
        "tsumo_share": "Tsumo share (of wins)",
        "riichi": "Riichi (per player-hand)",
        "call": "Open call (per player-hand)",
        "exhaustive_draw": "Exhaustive draw (per hand)",
        "abortive_draw": "Abortive draw (per hand)",
        "timeout": "Timeout: hand cap reached (per game)",
        "tobi": "Tobi: a player busted (per game)",
        "value": "Points per win",
        "hands_per_game": "Hands per game",
        "spread": "Score spread: top minus last at the end",
        "dealer_points": "Dealer score change per hand",
    },
    "ja": {
        "win": "和了率（1人1局あたり）",
        "deal_in": "放銃率（1人1局あたり）",
        "tsumo_share": "ツモ和了の割合（和了のうち）",
        "riichi": "立直率（1人1局あたり）",
        "call": "副露率（1人1局あたり）",
        "exhaustive_draw": "流局率（1局あたり）",
        "abortive_draw": "途中流局率（1局あたり）",
        "timeout": "打ち切り：局数上限（1半荘あたり）",
        "tobi": "トビ（1半荘あたり）",
        "value": "平均和了点",
        "hands_per_game": "1半荘の局数",
        "spread": "終局時のトップとラスの点差",
        "dealer_points": "親の1局あたりの収支",
    },
}

SHORT: dict[str, dict[str, str]] = {
    "en": {
        "win": "the win rate",
        "deal_in": "the deal-in rate",
        "tsumo_share": "the share of wins by tsumo",
        "riichi": "the riichi rate",
        "call": "the call rate",
        "exhaustive_draw": "the share of hands drawn",
        "abortive_draw": "the share of abortive draws",
        "timeout": "the share of games cut off",
        "tobi": "the share of games ended by a bust",
        "value": "points per win",
        "hands_per_game": "hands per game",
        "spread": "the final score spread",
        "dealer_points": "the dealer's score change per hand",
    },
    "ja": {
        "win": "和了率",
        "deal_in": "放銃率",
        "tsumo_share": "ツモ和了の割合",
        "riichi": "立直率",
        "call": "副露率",
        "exhaustive_draw": "流局率",
        "abortive_draw": "途中流局率",
        "timeout": "打ち切りの割合",
        "tobi": "トビの割合",
        "value": "平均和了点",
        "hands_per_game": "1半荘の局数",
        "spread": "終局時の点差",
        "dealer_points": "親の1局あたりの収支",
    },
}

PLAY_ON_FIGURES: dict[str, dict[str, str]] = {
    "en": {
        "wins_reached": "Wins reached, paid or not (per player-hand)",
        "wins_paid": "Wins paid (of the wins reached)",
        "paid_first": "Paid win was the hand's first (of wins paid)",
        "paid_by_discarder": "Paid by the discarder alone (of wins paid)",
    },
    "ja": {
        "wins_reached": "和了率（未払いを含む、1人1局あたり）",
        "wins_paid": "支払われた和了（和了のうち）",
        "paid_first": "局の最初の和了が支払われた（支払いのうち）",
        "paid_by_discarder": "放銃者1人の支払い（支払いのうち）",
    },
}
"""The labels of a play-on variant's rates (`stats.figures.PLAY_ON_NAMES`)."""

RATE_FIGURES = RATE_NAMES
MEAN_FIGURES = ("value", "hands_per_game", "spread", "dealer_points")
HEADLINE = ("call", "riichi", "win", "deal_in", "tsumo_share", "exhaustive_draw", "value", "hands_per_game", "spread")
"""The figures a comparison talks about, in this order."""

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "report": "Balance report",
        "comparison": "Comparison on the same walls",
        "sweep": "Sweep on the same walls",
        "real_report": "Figures of real games",
        "variant": "Variant",
        "hash": "Content hash",
        "games": "Games",
        "hands": "hands",
        "source": "Source",
        "bots": "Bots",
        "seed": "Seed",
        "intervals": "Intervals",
        "intervals_text": "95 %, clustered by game (hands in one game are not independent)",
        "summary": "In a few words",
        "rates": "Rates",
        "rate": "rate",
        "value_ci": "value [95 % interval]",
        "simulated": "simulated",
        "real_games": "real games",
        "difference": "simulated − real [95 % interval]",
        "count_total": "count / total",
        "abortive_by_reason": "Abortive draws by reason",
        "hand_value": "Hand value",
        "points_per_win": "Mean points per win (without honba and sticks)",
        "paid_at": "Paid at the limit: {limit} (share of wins)",
        "no_limits": "This variant's payment has no limits (a formula payment): no limit is counted.",
        "chart_value": "Points per win",
        "axis_value": "hand value (points, without honba and sticks)",
        "axis_share_wins": "share of wins",
        "chart_han": "Han per win (YM: yakuman hands)",
        "axis_han": "han",
        "dealer": "Dealer and non-dealer",
        "dealer_row": "Dealer",
        "non_dealer_row": "Non-dealer",
        "win_rate": "win rate (per player-hand)",
        "score_change": "score change per hand",
        "by_seat": "Placement by seat",
        "seat_note": "Seat 1 is the first dealer. With no seat advantage each place is {even} for every seat.",
        "seat": "seat",
        "place": "place {rank}",
        "mean_score": "mean final score",
        "mean_points": "mean points",
        "seat_test": "Test of equal seats (first places, chi-square, {df} degrees of freedom): χ² = {chi:.2f}, "
        "p = {p:.3f}.",
        "chart_places": "Placements by seat",
        "axis_share_games": "share of games",
        "final_scores": "Distribution of final scores",
        "axis_final_score": "final score (points)",
        "axis_share_players": "share of player-games",
        "after": "After a riichi or a call",
        "after_note": "Of the player-hands with a riichi (or at least one open call): how often that player won, "
        "dealt in, the hand was drawn, or another player won without this one dealing in.",
        "axis_share_after": "share of the player-hands with a riichi (a call)",
        "won": "won",
        "dealt_in": "dealt in",
        "draw": "drawn",
        "other_won": "another won",
        "after_riichi": "after riichi",
        "after_call": "after a call",
        "play_on": "Play on after a win",
        "play_on_note": "This variant plays on after a win and pays only the best hand: every win reached is "
        "stored with whether it was paid. The other figures count the paid win as the hand's result (a hand "
        "with a win is never a draw); these say how many wins were reached, how many were paid, and who paid: the "
        "discarder alone on a ron, every other player on a tsumo.",
        "game": "The game",
        "skill": "Skill against luck (duplicate play)",
        "yaku": "Yaku",
        "yaku_note": "Share of wins that counted each yaku (dora kinds included), every one counted, none dropped.",
        "yaku_col": "yaku",
        "share_ci": "share [95 % interval]",
        "wins": "wins",
        "no_wins": "No wins.",
        "real_used": "Real games: {count} games, {source}.",
        "games_used": "the games, by file",
        "no_charts": "This report has no charts: matplotlib is not installed. Install it with {install} and run "
        "the command again with --resume (the games are kept).",
        "footer": "Generated by variantlang {version} from {variant} @{hash}. Every interval is a 95 % interval "
        "clustered by game: a figure is a ratio of per-game sums, its variance the cluster-robust (linearised "
        "ratio) one over games; rates use the Wilson interval at the effective sample size it implies. "
        "Differences to real games add the two variances; differences between arms of a comparison are paired "
        "on the same game seeds.",
        "arm": "arm",
        "provenance": "given as",
        "figure": "figure",
        "vs_first": "difference to {first} [95 % interval]",
        "distinguishable": "distinguishable from 0",
        "yes": "yes",
        "no": "no",
        "chart_differences": "Paired differences to {first} (rates, percentage points, with 95 % intervals)",
        "axis_difference_pp": "difference (percentage points)",
        "axis_setting": "{setting}",
        "yaku_differences": "Yaku mix: share of wins, by arm",
        "pp": "points",
        "same_walls": "Every arm played the same {games} game seeds (the same walls) with the same bots, so each "
        "difference is paired game by game.",
    },
    "ja": {
        "report": "バランスレポート",
        "comparison": "同じ牌山での比較",
        "sweep": "同じ牌山での設定の掃引",
        "real_report": "実戦の集計",
        "variant": "ルール",
        "hash": "内容ハッシュ",
        "games": "半荘数",
        "hands": "局",
        "source": "出典",
        "bots": "ボット",
        "seed": "シード",
        "intervals": "区間",
        "intervals_text": "95 %、半荘単位でクラスタ化（同じ半荘の局は独立でない）",
        "summary": "要点",
        "rates": "率",
        "rate": "項目",
        "value_ci": "値 [95 % 区間]",
        "simulated": "シミュレーション",
        "real_games": "実戦",
        "difference": "シミュレーション − 実戦 [95 % 区間]",
        "count_total": "回数 / 母数",
        "abortive_by_reason": "途中流局の内訳",
        "hand_value": "打点",
        "points_per_win": "平均和了点（本場・供託を除く）",
        "paid_at": "{limit}以上で支払われた和了の割合",
        "no_limits": "このルールの支払いは計算式によるもので、満貫などの上限はない。上限は数えない。",
        "chart_value": "和了点の分布",
        "axis_value": "和了点（本場・供託を除く）",
        "axis_share_wins": "和了に占める割合",
        "chart_han": "翻数の分布（YM：役満）",
        "axis_han": "翻",
        "dealer": "親と子",
        "dealer_row": "親",
        "non_dealer_row": "子",
        "win_rate": "和了率（1人1局あたり）",
        "score_change": "1局あたりの収支",
        "by_seat": "席順別の着順",
        "seat_note": "席1が起家。席の有利不利がなければ、どの席も各着順が{even}になる。",
        "seat": "席",
        "place": "{rank}着",
        "mean_score": "平均最終持ち点",
        "mean_points": "平均ポイント",
        "seat_test": "席の平等の検定（トップ回数、カイ二乗、自由度{df}）：χ² = {chi:.2f}、p = {p:.3f}。",
        "chart_places": "席順別の着順",
        "axis_share_games": "半荘に占める割合",
        "final_scores": "最終持ち点の分布",
        "axis_final_score": "最終持ち点",
        "axis_share_players": "1人1半荘あたりの割合",
        "after": "立直・副露のその後",
        "after_note": "立直した（または1回以上副露した）1人1局について、その人が和了した、放銃した、流局した、"
        "他家が和了した（自分は放銃していない）割合。",
        "axis_share_after": "立直（副露）した1人1局に占める割合",
        "won": "和了",
        "dealt_in": "放銃",
        "draw": "流局",
        "other_won": "他家の和了",
        "after_riichi": "立直後",
        "after_call": "副露後",
        "play_on": "和了後の続行",
        "play_on_note": "このルールは和了後も局を続け、最も高い手だけが支払いを受ける。和了はすべて、支払われたか"
        "どうかとともに記録する。他の数値は支払われた和了をその局の結果として数える（和了のあった局は流局にならない）。"
        "ここでは和了した数、支払われた数、誰が払ったか（ロンなら放銃者1人、ツモなら他の全員）を示す。",
        "game": "対局全体",
        "skill": "運と実力（デュプリケート）",
        "yaku": "役",
        "yaku_note": "各役（ドラ類を含む）が数えられた和了の割合。すべての役を載せ、省略しない。",
        "yaku_col": "役",
        "share_ci": "割合 [95 % 区間]",
        "wins": "和了数",
        "no_wins": "和了なし。",
        "real_used": "実戦：{count}半荘、{source}。",
        "games_used": "使用した対局（ファイル名）",
        "no_charts": "matplotlib が入っていないため、このレポートにはグラフがない。{install} で入れてから、"
        "--resume を付けて同じコマンドをもう一度実行する（対局結果はそのまま使われる）。",
        "footer": "variantlang {version} により {variant} @{hash} から生成。区間はすべて半荘単位でクラスタ化した"
        "95 % 区間：各数値は半荘ごとの合計の比で、その分散は半荘を単位とする頑健（線形化比）分散。率は、それが"
        "示す有効標本数での Wilson 区間。実戦との差は両方の分散の和、比較の各案の差は同じ半荘シードで対にした"
        "差から求める。",
        "arm": "案",
        "provenance": "指定",
        "figure": "項目",
        "vs_first": "{first} との差 [95 % 区間]",
        "distinguishable": "0と区別できるか",
        "yes": "できる",
        "no": "できない",
        "chart_differences": "{first} との対応のある差（率、ポイント、95 % 区間）",
        "axis_difference_pp": "差（ポイント）",
        "axis_setting": "{setting}",
        "yaku_differences": "役の構成：和了に占める割合（案ごと）",
        "pp": "ポイント",
        "same_walls": "すべての案が同じ{games}個の半荘シード（同じ牌山）を同じボットで打ったので、差は半荘ごとに"
        "対にして求めている。",
    },
}

LIMIT_NAMES = {
    "en": {
        "mangan": "mangan",
        "haneman": "haneman",
        "baiman": "baiman",
        "sanbaiman": "sanbaiman",
        "kazoe_yakuman": "kazoe yakuman",
        "yakuman": "yakuman",
    },
    "ja": {
        "mangan": "満貫",
        "haneman": "跳満",
        "baiman": "倍満",
        "sanbaiman": "三倍満",
        "kazoe_yakuman": "数え役満",
        "yakuman": "役満",
    },
}


DORA_NAMES = {
    "en": {"dora": "Dora", "red": "Red fives", "aka": "Red fives", "ura": "Ura dora", "nuki": "North (nukidora)"},
    "ja": {"dora": "ドラ", "red": "赤ドラ", "aka": "赤ドラ", "ura": "裏ドラ", "nuki": "抜きドラ"},
}
"""The dora kinds a win counts beside its yaku (`Hora.yaku`), named for the report's yaku table."""


def pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def figure_value(name: str, x: float) -> str:
    """A figure's value as the report prints it (a rate as a percentage)."""
    if name in RATE_FIGURES or name.startswith("yaku:"):
        return pct(x)
    return f"{x:,.2f}" if name == "hands_per_game" else f"{x:,.0f}"


def difference_text(name: str, d: Difference, lang: str) -> str:
    """`+5.8 points [+4.1, +7.5]` for a rate (percentage points), `+429 [+353, +505]` for a mean."""
    if name in RATE_FIGURES or name.startswith("yaku:"):
        unit = " " + WORDS[lang]["pp"]
        value, low, high = (f"{100 * x:+.1f}" for x in (d.value, d.low, d.high))
    else:
        unit = ""
        digits = 2 if name == "hands_per_game" else 0
        value, low, high = (f"{x:+,.{digits}f}" for x in (d.value, d.low, d.high))
    if d.low == float("-inf"):
        return f"{value}{unit}"
    return f"{value}{unit} [{low}, {high}]"


def _said(name: str, d: Difference, lang: str) -> str:
    text = difference_text(name, d, lang)
    return text.replace(" [", ", 95 % interval [", 1) if lang == "en" else text.replace(" [", "、95 % 区間 [", 1)


def comparison_sentences(
    first: str, arms: Sequence[tuple[str, Summary, Mapping[str, Difference]]], values: Mapping[str, Sequence[float]],
    lang: str,
) -> list[str]:  # fmt: skip
    """One sentence per arm after the first: the headline figures it moves distinguishably from the first
    arm, with both values and the difference; and those it does not move."""
    out = []
    for k, (label, _, differences) in enumerate(arms, start=1):
        moved, still = [], []
        for name in HEADLINE:
            d = differences.get(name)
            if d is None:
                continue
            a, b = values[name][0], values[name][k]
            if not d.distinguishable:
                still.append(SHORT[lang][name])
            elif lang == "en":
                verb = "raises" if d.value > 0 else "lowers"
                moved.append(
                    f"{verb} {SHORT[lang][name]} from {figure_value(name, a)} to {figure_value(name, b)} "
                    f"({_said(name, d, lang)})"
                )
            else:
                verb = "上がる" if d.value > 0 else "下がる"
                moved.append(
                    f"{SHORT[lang][name]}は{figure_value(name, a)}から{figure_value(name, b)}に{verb}"
                    f"（{_said(name, d, lang)}）"
                )
        out.append(_arm_sentence(first, label, moved, still, lang))
    return out


def _arm_sentence(first: str, label: str, moved: list[str], still: list[str], lang: str) -> str:
    if lang == "en":
        head = f"Against {first}, {label} " + (_join(moved, "and") if moved else "changes no headline figure")
        tail = f". No difference can be told from 0 in {_join(still, 'or')}." if still else "."
        return head + tail
    head = f"{first}に比べて{label}では、" + ("、".join(moved) if moved else "主な数値はどれも変わらない")
    tail = f"。{('、'.join(still))}は0と区別できる差がない。" if still else "。"
    return head + tail


def _join(items: Sequence[str], word: str) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {word} " + items[-1]


def run_sentences(
    summary: Summary, real: Mapping[str, Difference] | None, real_values: Summary | None, lang: str
) -> list[str]:
    """What the figures of one run say: against real games where there are some, the seat test, and what
    follows a riichi."""
    out = []
    if real is not None and real_values is not None:
        for name in ("riichi", "call", "win", "deal_in", "value"):
            d = real.get(name)
            if d is None:
                continue
            ours, theirs = _value(summary, name), _value(real_values, name)
            out.append(_real_sentence(name, ours, theirs, d, lang))
    p = summary.seat_test[1]
    first = summary.seats[0].placements[0] if summary.seats else Rate(0, 0)
    if lang == "en":
        verdict = "the seats differ" if p < 0.05 else "no seat advantage can be told from chance"
        out.append(f"Seat 1 (the first dealer) finishes first in {pct(first.value)} of games; {verdict} (p = {p:.3f}).")
    else:
        verdict = "席による差がある" if p < 0.05 else "席による有利不利は偶然と区別できない"
        out.append(f"起家（席1）のトップ率は{pct(first.value)}。{verdict}（p = {p:.3f}）。")
    out += _play_on_sentences(summary, lang)
    after = summary.after.get("riichi", {})
    if after and after["won"].total:
        won, dealt = after["won"].value, after["dealt_in"].value
        if lang == "en":
            out.append(f"After a riichi the player wins {pct(won)} of the time and deals in {pct(dealt)}.")
        else:
            out.append(f"立直後の和了率は{pct(won)}、放銃率は{pct(dealt)}。")
    return out


def _play_on_sentences(summary: Summary, lang: str) -> list[str]:
    """For a variant that plays on: how many of the wins reached were paid."""
    if not summary.play_on:
        return []
    paid, first = summary.play_on["wins_paid"], summary.play_on["paid_first"]
    if not paid.total:
        return []
    if lang == "en":
        return [
            f"Of {paid.total} wins reached, {paid.count} were paid ({pct(paid.value)}); the paid win was the hand's "
            f"first in {pct(first.value)} of hands won."
        ]
    return [
        f"和了{paid.total}回のうち支払われたのは{paid.count}回（{pct(paid.value)}）。支払われた和了がその局の最初の"
        f"和了だったのは、和了のあった局の{pct(first.value)}。"
    ]


def _value(summary: Summary, name: str) -> float:
    return summary.rates[name].value if name in summary.rates else summary.value.mean


def _real_sentence(name: str, ours: float, theirs: float, d: Difference, lang: str) -> str:
    if lang == "en":
        if d.distinguishable:
            how = "more" if d.value > 0 else "less"
            return (
                f"The bots' {SHORT[lang][name].removeprefix('the ')} is {figure_value(name, ours)} against "
                f"{figure_value(name, theirs)} in real games: {how} ({_said(name, d, lang)})."
            )
        return (
            f"The bots' {SHORT[lang][name].removeprefix('the ')} ({figure_value(name, ours)}) cannot be told from "
            f"real games' ({figure_value(name, theirs)}; {_said(name, d, lang)})."
        )
    if d.distinguishable:
        how = "高い" if d.value > 0 else "低い"
        return (
            f"ボットの{SHORT[lang][name]}は{figure_value(name, ours)}で、実戦の{figure_value(name, theirs)}より"
            f"{how}（{_said(name, d, lang)}）。"
        )
    return (
        f"ボットの{SHORT[lang][name]}（{figure_value(name, ours)}）は実戦（{figure_value(name, theirs)}）と区別できない"
        f"（{_said(name, d, lang)}）。"
    )
