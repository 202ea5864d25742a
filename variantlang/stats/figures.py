"""The balance figures from game records, each with its uncertainty, clustered by game.

Hands in one game are not independent (the scores, the seats and the bots carry over), so every figure is
a ratio of per-game sums, R = Σ y_g / Σ x_g (wins over player-hands, points over wins, …), and its
variance the cluster-robust one over games (the linearised ratio, or sandwich, estimator):
V = G / (G − 1) · Σ (y_g − R x_g)² / (Σ x_g)². Means carry R ± 1.96 √V. Rates carry a Wilson score
interval at the effective sample size p (1 − p) / V (the design effect), so they stay sound near 0 and 1,
where limits and draws live; with no variance to go on (nothing counted, or one game) the plain Wilson
interval over the units counted. A difference between two runs on the same game seeds (same walls) is
paired: its variance is the same sum over the per-game differences of the linearised terms, so two
identical runs differ by exactly 0 with a zero-width interval.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from variantlang.model.ruleset import Ruleset
from variantlang.stats.games import GameRecord, HandRecord, WinRecord

Z95 = 1.959963984540054

VALUE_BINS = (0, 2000, 4000, 6000, 8000, 12000, 16000, 24000, 32000)
"""Lower edges of the hand-value histogram (points without honba and sticks)."""

SCORE_BIN = 10000
"""Width of the final-score histogram's bins."""

LIMITS = ("mangan", "haneman", "baiman", "sanbaiman", "kazoe_yakuman", "yakuman")
"""The limits of a fu-and-han payment, in order (`Score.limit` values)."""

OUTCOMES = ("won", "dealt_in", "draw", "other_won")
"""What became of a player-hand after a riichi or a call: it won, dealt in, the hand was drawn, or
another seat won without this one paying a ron."""


@dataclass(frozen=True, slots=True)
class Cluster:
    """One figure's per-game numerators and denominators, in game order."""

    ys: tuple[float, ...]
    xs: tuple[float, ...]

    @property
    def ratio(self) -> float:
        total = math.fsum(self.xs)
        return math.fsum(self.ys) / total if total else 0.0

    def terms(self) -> list[float]:
        """Each game's linearised contribution to the ratio: (y_g − R x_g) / Σ x."""
        total = math.fsum(self.xs)
        if not total:
            return [0.0] * len(self.ys)
        r = self.ratio
        return [(y - r * x) / total for y, x in zip(self.ys, self.xs, strict=True)]

    @property
    def variance(self) -> float | None:
        """The cluster-robust variance of the ratio; None below two games."""
        return _variance(self.terms())


def _variance(terms: Sequence[float]) -> float | None:
    g = len(terms)
    return g / (g - 1) * math.fsum(t * t for t in terms) if g > 1 else None


def _wilson(p: float, n: float) -> tuple[float, float]:
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True, slots=True)
class Rate:
    count: int
    total: int
    variance: float | None = None
    """The game-clustered variance of count / total (None: the units are independent, or unknown)."""

    @property
    def value(self) -> float:
        return self.count / self.total if self.total else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % Wilson score interval at the effective sample size ((0, 1) when nothing was counted)."""
        n: float = self.total
        if n == 0:
            return (0.0, 1.0)
        p = self.value
        if self.variance is not None and self.variance > 0 and 0 < p < 1:
            n = p * (1 - p) / self.variance
        return _wilson(p, n)

    def as_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {"count": self.count, "total": self.total, "value": _r(self.value), "low": _r(low), "high": _r(high)}


def clustered_rate(cluster: Cluster) -> Rate:
    return Rate(round(math.fsum(cluster.ys)), round(math.fsum(cluster.xs)), cluster.variance)


@dataclass(frozen=True, slots=True)
class Mean:
    n: int
    """The units averaged (wins, hands, games)."""
    mean: float
    se: float | None
    """Standard error (game-clustered for a ratio of per-game sums); None below two games."""

    @classmethod
    def of(cls, values: Iterable[float]) -> Mean:
        """The mean of independent values (one per game, or per set of games)."""
        xs = list(values)
        return cls.ratio(Cluster(tuple(xs), (1.0,) * len(xs)))

    @classmethod
    def ratio(cls, cluster: Cluster) -> Mean:
        variance = cluster.variance
        return cls(round(math.fsum(cluster.xs)), cluster.ratio, None if variance is None else math.sqrt(variance))

    @property
    def interval(self) -> tuple[float, float] | None:
        """mean ± 1.96 · se; None when fewer than two games leave the spread unknown."""
        if self.se is None:
            return None
        half = Z95 * self.se
        return (self.mean - half, self.mean + half)

    def as_json(self) -> dict[str, Any]:
        interval = self.interval
        low, high = (None, None) if interval is None else (_r(interval[0]), _r(interval[1]))
        return {"n": self.n, "mean": _r(self.mean), "low": low, "high": high}


@dataclass(frozen=True, slots=True)
class Difference:
    """A figure of one run minus the same figure of another, with its 95 % interval."""

    value: float
    low: float
    high: float
    paired: bool
    """On the same game seeds (per-game differences), or between independent samples."""

    @property
    def distinguishable(self) -> bool:
        """Whether the interval excludes 0."""
        return self.low > 0 or self.high < 0

    def as_json(self) -> dict[str, Any]:
        """An interval whose spread is unknown (one game) has no bounds: `null`, not an infinity JSON lacks."""
        known = math.isfinite(self.low) and math.isfinite(self.high)
        return {
            "value": _r(self.value),
            "low": _r(self.low) if known else None,
            "high": _r(self.high) if known else None,
            "paired": self.paired,
            "distinguishable": self.distinguishable,
        }


def difference(a: Cluster, b: Cluster, *, paired: bool, rate: bool = False) -> Difference:
    """a − b. Paired: the games are the same seeds in both (same count, same order), and the variance is
    that of the per-game differences of the linearised terms. Unpaired, the two variances add; for a rate
    (`rate`), Newcombe's hybrid score interval from the two clustered Wilson intervals, which stays honest
    where one side counted nothing (a yaku the bots never made has no spread to add, but an upper bound)."""
    value = a.ratio - b.ratio
    if paired:
        if len(a.ys) != len(b.ys):
            raise ValueError("a paired difference needs the same games in both runs")
        variance = _variance([x - y for x, y in zip(a.terms(), b.terms(), strict=True)])
    elif rate:
        (la, ha), (lb, hb) = clustered_rate(a).interval, clustered_rate(b).interval
        pa, pb = a.ratio, b.ratio
        low = value - math.sqrt((pa - la) ** 2 + (hb - pb) ** 2)
        high = value + math.sqrt((ha - pa) ** 2 + (pb - lb) ** 2)
        return Difference(value, low, high, paired)
    else:
        va, vb = a.variance, b.variance
        variance = None if va is None or vb is None else va + vb
    half = math.inf if variance is None else Z95 * math.sqrt(variance)
    return Difference(value, value - half, value + half, paired)


@dataclass(frozen=True, slots=True)
class Side:
    """The dealer's or the non-dealers' figures."""

    win: Rate
    """Wins per player-hand in this role."""
    points: Mean
    """Score change per player-hand in this role."""


@dataclass(frozen=True, slots=True)
class SeatFigures:
    placements: tuple[Rate, ...]
    """How often this seat (by first-dealer order) finished first, second, …"""
    score: Mean
    """Final score."""
    points: Mean


@dataclass(frozen=True, slots=True)
class Summary:
    players: int
    games: int
    hands: int
    player_hands: int
    rates: dict[str, Rate]
    """`win`, `deal_in`, `riichi`, `call` per player-hand; `tsumo_share` per win; `exhaustive_draw`,
    `abortive_draw` per hand; `timeout`, `tobi` per game."""
    abortive: dict[str, int]
    """Abortive draws by reason."""
    value: Mean
    """Points per win (hand value, without honba and sticks)."""
    value_bins: tuple[tuple[int, int], ...]
    """(lower edge, wins) per histogram bin, edges `VALUE_BINS`."""
    han: tuple[tuple[str, int], ...]
    """Wins by han: `1` … `12`, `13+`, `yakuman`."""
    limits: dict[str, Rate]
    """Per win: how often each limit was paid, as the Scorer answered; empty for a payment without limits."""
    yaku: tuple[tuple[str, Rate], ...]
    """Per win: each yaku (and dora kind) counted, most frequent first."""
    dealer: Side
    non_dealer: Side
    seats: tuple[SeatFigures, ...]
    seat_test: tuple[float, float]
    """Chi-square statistic and p-value of "every seat finishes first equally often"."""
    spread: Mean
    """Final score of the top minus the last, per game."""
    hands_per_game: Mean
    score_bins: tuple[tuple[int, int], ...]
    """(lower edge, player-games) of the final scores, in bins of `SCORE_BIN`."""
    after: dict[str, dict[str, Rate]]
    """`riichi`, `call`: per player-hand with one, the share of each of `OUTCOMES`."""
    play_on: dict[str, Rate] = field(default_factory=dict)
    """For a variant that plays on after a win, the rates of `PLAY_ON_NAMES`; empty otherwise."""

    def as_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "games": self.games,
            "hands": self.hands,
            "player_hands": self.player_hands,
            "rates": {name: rate.as_json() for name, rate in self.rates.items()},
            "abortive": dict(self.abortive),
            "value": self.value.as_json(),
            "value_bins": [{"from": edge, "wins": wins} for edge, wins in self.value_bins],
            "han": {label: wins for label, wins in self.han},
            "limits": {name: rate.as_json() for name, rate in self.limits.items()},
            "yaku": {name: rate.as_json() for name, rate in self.yaku},
            "dealer": {"win": self.dealer.win.as_json(), "points": self.dealer.points.as_json()},
            "non_dealer": {"win": self.non_dealer.win.as_json(), "points": self.non_dealer.points.as_json()},
            "seats": [
                {
                    "placements": [rate.as_json() for rate in seat.placements],
                    "score": seat.score.as_json(),
                    "points": seat.points.as_json(),
                }
                for seat in self.seats
            ],
            "seat_test": {"chi_square": _r(self.seat_test[0]), "p": _r(self.seat_test[1])},
            "spread": self.spread.as_json(),
            "hands_per_game": self.hands_per_game.as_json(),
            "final_scores": [{"from": edge, "count": count} for edge, count in self.score_bins],
            "after": {kind: {k: r.as_json() for k, r in shares.items()} for kind, shares in self.after.items()},
        } | ({"play_on": {name: rate.as_json() for name, rate in self.play_on.items()}} if self.play_on else {})


def _r(x: float) -> float:
    """Six decimals: enough for any figure, and stable across platforms in summary.json."""
    return round(x, 6)


def _per_game(
    games: Sequence[GameRecord], y: Callable[[GameRecord], float], x: Callable[[GameRecord], float]
) -> Cluster:
    return Cluster(tuple(float(y(g)) for g in games), tuple(float(x(g)) for g in games))


def _seat_hands(g: GameRecord) -> int:
    return len(g.hands) * g.players


def _outcome(h: HandRecord, seat: int) -> str:
    if h.won[seat]:
        return "won"
    if h.dealt_in[seat]:
        return "dealt_in"
    return "other_won" if any(h.won) else "draw"


def clusters(games: Sequence[GameRecord]) -> dict[str, Cluster]:
    """The per-game sums behind every figure that `compare` pairs, by name: the rates of `Summary.rates`,
    `value` (points per win), `hands_per_game`, `spread`, `dealer_points` (score change per dealer hand),
    and `yaku:ID` for each yaku counted (per win)."""
    out = {
        "win": _per_game(games, lambda g: sum(sum(h.won) for h in g.hands), _seat_hands),
        "deal_in": _per_game(games, lambda g: sum(sum(h.dealt_in) for h in g.hands), _seat_hands),
        "tsumo_share": _per_game(games, _wins_with(lambda w: w.tsumo), _wins),
        "riichi": _per_game(games, lambda g: sum(sum(h.riichi) for h in g.hands), _seat_hands),
        "call": _per_game(games, lambda g: sum(sum(h.called) for h in g.hands), _seat_hands),
        "exhaustive_draw": _per_game(games, lambda g: sum(h.result == "exhaustive" for h in g.hands), _hands),
        "abortive_draw": _per_game(games, lambda g: sum(_abortive(h) for h in g.hands), _hands),
        "timeout": _per_game(games, lambda g: g.reason == "timeout", lambda g: 1),
        "tobi": _per_game(games, lambda g: g.reason == "tobi", lambda g: 1),
        "value": _per_game(games, lambda g: sum(w.points for w in g.paid_wins), _wins),
        "hands_per_game": _per_game(games, _hands, lambda g: 1),
        "spread": _per_game(games, lambda g: max(g.scores) - min(g.scores), lambda g: 1),
        "dealer_points": _per_game(games, lambda g: sum(h.deltas[h.oya] for h in g.hands), _hands),
    }
    for name in sorted({y for g in games for w in g.paid_wins for y in w.yaku}):
        out[f"yaku:{name}"] = _per_game(games, _wins_with(_has_yaku(name)), _wins)
    return out


def _hands(g: GameRecord) -> int:
    return len(g.hands)


def _wins(g: GameRecord) -> int:
    """The paid wins: the figures count a hand's paid win as its result."""
    return len(g.paid_wins)


def _has_yaku(name: str) -> Callable[[WinRecord], bool]:
    return lambda w: name in w.yaku


def _at_limit(limit: str) -> Callable[[WinRecord], bool]:
    return lambda w: w.limit == limit


def _wins_with(test: Callable[[WinRecord], bool]) -> Callable[[GameRecord], float]:
    return lambda g: sum(test(w) for w in g.paid_wins)


def _abortive(h: HandRecord) -> bool:
    return h.result not in ("win", "exhaustive", "unfinished")


def plays_on(ruleset: Ruleset) -> bool:
    """Whether a win leaves the hand playing on, only the best paid (`game.after_win play_on_best_paid`):
    the report then says how many wins were reached, how many paid, and who paid them (`PLAY_ON_NAMES`)."""
    return ruleset.game.after_win == "play_on_best_paid"


PLAY_ON_NAMES = ("wins_reached", "wins_paid", "paid_first", "paid_by_discarder")
"""The rates of a variant that plays on after a win: wins reached per player-hand (paid or not); of those,
the share paid; of the paid, the share that was the hand's first win, and the share one discarder paid
(a ron; the rest every other player paid, on tsumo)."""


def _play_on(games: Sequence[GameRecord]) -> dict[str, Rate]:
    clusters = {
        "wins_reached": _per_game(games, lambda g: len(g.wins), _seat_hands),
        "wins_paid": _per_game(games, _wins, lambda g: len(g.wins)),
        "paid_first": _per_game(games, lambda g: sum(w.paid for w in _firsts(g)), _wins),
        "paid_by_discarder": _per_game(games, _wins_with(lambda w: not w.tsumo), _wins),
    }
    return {name: clustered_rate(clusters[name]) for name in PLAY_ON_NAMES}


def _firsts(g: GameRecord) -> list[WinRecord]:
    """Each hand's first win (the wins are stored in the order they were reached)."""
    seen: set[int] = set()
    out = []
    for w in g.wins:
        if w.hand not in seen:
            seen.add(w.hand)
            out.append(w)
    return out


def has_limits(ruleset: Ruleset) -> bool:
    """Whether the variant pays at limits at all: a formula payment (`payment.scheme formula`) has none."""
    return ruleset.payment.scheme != "formula"


RATE_NAMES = ("win", "deal_in", "tsumo_share", "riichi", "call", "exhaustive_draw", "abortive_draw", "timeout", "tobi")


def summarize(games: Sequence[GameRecord], *, limits: bool = True, play_on: bool = False) -> Summary:
    """Every figure of the report from `games` (all with the same number of players). `limits`: whether
    the variant's payment has limits at all (a formula payment has none: `has_limits`); `play_on`: whether
    it plays on after a win (`plays_on`), for the rates of `PLAY_ON_NAMES`."""
    players = games[0].players if games else 4
    if any(g.players != players for g in games):
        raise ValueError("games with different numbers of players cannot be summarized together")
    hands = [h for g in games for h in g.hands]
    wins = [w for g in games for w in g.paid_wins]
    n_hands = len(hands)
    per_game = clusters(games)
    abortive = dict(sorted(Counter(h.result for h in hands if _abortive(h)).items()))
    bins = Counter(max(i for i, edge in enumerate(VALUE_BINS) if w.points >= edge) for w in wins)
    han = Counter("yakuman" if w.yakuman else ("13+" if w.han >= 13 else str(max(w.han, 0))) for w in wins)
    han_labels = [str(i) for i in range(13)] + ["13+", "yakuman"]
    yaku = Counter(y for w in wins for y in set(w.yaku))
    places = [g.placements() for g in games]
    first = [sum(p[seat] == 1 for p in places) for seat in range(players)]
    scores = Counter(s // SCORE_BIN * SCORE_BIN for g in games for s in g.scores)
    return Summary(
        players=players,
        games=len(games),
        hands=n_hands,
        player_hands=n_hands * players,
        rates={name: clustered_rate(per_game[name]) for name in RATE_NAMES},
        abortive=abortive,
        value=Mean.ratio(per_game["value"]),
        value_bins=tuple((edge, bins[i]) for i, edge in enumerate(VALUE_BINS)),
        han=tuple((label, han[label]) for label in han_labels if han[label] or (label.isdigit() and label != "0")),
        limits=_limits(games) if limits else {},
        yaku=tuple(
            (name, clustered_rate(per_game[f"yaku:{name}"]))
            for name, _ in sorted(yaku.items(), key=lambda kv: (-kv[1], kv[0]))
        ),
        dealer=Side(
            clustered_rate(_per_game(games, lambda g: sum(h.won[h.oya] for h in g.hands), _hands)),
            Mean.ratio(per_game["dealer_points"]),
        ),
        non_dealer=Side(
            clustered_rate(
                _per_game(games, lambda g: sum(sum(h.won) - h.won[h.oya] for h in g.hands), _others(players))
            ),
            Mean.ratio(
                _per_game(games, lambda g: sum(sum(h.deltas) - h.deltas[h.oya] for h in g.hands), _others(players))
            ),
        ),
        seats=tuple(
            SeatFigures(
                tuple(Rate(sum(p[seat] == rank for p in places), len(games)) for rank in range(1, players + 1)),
                Mean.of(g.scores[seat] for g in games),
                Mean.of(g.points[seat] for g in games if g.points),
            )
            for seat in range(players)
        ),
        seat_test=chi_square_uniform(first),
        spread=Mean.ratio(per_game["spread"]),
        hands_per_game=Mean.ratio(per_game["hands_per_game"]),
        score_bins=tuple(sorted(scores.items())),
        after={"riichi": _after(games, "riichi"), "call": _after(games, "called")},
        play_on=_play_on(games) if play_on else {},
    )


def _others(players: int) -> Callable[[GameRecord], float]:
    return lambda g: len(g.hands) * (players - 1)


def _limits(games: Sequence[GameRecord]) -> dict[str, Rate]:
    return {limit: clustered_rate(_per_game(games, _wins_with(_at_limit(limit)), _wins)) for limit in LIMITS}


def _after(games: Sequence[GameRecord], field: str) -> dict[str, Rate]:
    """Per player-hand with a riichi (or a call), the share of each outcome, clustered by game."""

    def counter(outcome: str | None) -> Callable[[GameRecord], float]:
        return lambda g: sum(
            1
            for h in g.hands
            for seat, did in enumerate(getattr(h, field))
            if did and (outcome is None or _outcome(h, seat) == outcome)
        )

    return {outcome: clustered_rate(_per_game(games, counter(outcome), counter(None))) for outcome in OUTCOMES}


def chi_square_uniform(counts: Sequence[int]) -> tuple[float, float]:
    """Pearson's chi-square of `counts` against equal shares, and its p-value (k − 1 degrees of freedom);
    (0, 1) when nothing was counted."""
    total, k = sum(counts), len(counts)
    if not total or k < 2:
        return (0.0, 1.0)
    expected = total / k
    statistic = math.fsum((c - expected) ** 2 / expected for c in counts)
    return (statistic, chi_square_p(statistic, k - 1))


def chi_square_p(x: float, df: int) -> float:
    """P(X ≥ x) for X chi-square with `df` (a positive integer) degrees of freedom, in closed form."""
    h = x / 2
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for k in range(1, df // 2):
            term *= h / k
            total += term
        return min(1.0, math.exp(-h) * total)
    total = math.erfc(math.sqrt(h))
    term = math.sqrt(h) / math.gamma(1.5)
    for k in range(1, (df + 1) // 2):
        total += math.exp(-h) * term
        term *= h / (k + 0.5)
    return min(1.0, total)


@dataclass(frozen=True, slots=True)
class Edge:
    """A challenger's result in duplicate play: per set of games on the same walls (the challenger in each
    seat once), its mean placement and mean points; the sets are independent, so their spread gives the
    interval."""

    sets: int
    placement: Mean
    points: Mean
    even: float
    """The mean placement of a bot no better than the others: (players + 1) / 2."""


def duplicate_edge(games: Sequence[GameRecord], challenger: Sequence[int], players: int) -> Edge:
    """`games` in order, in sets of `players` games on the same walls; `challenger[i]` is the seat the
    challenger had in game i."""
    sets = len(games) // players
    placement: list[float] = []
    points: list[float] = []
    for k in range(sets):
        chunk = range(k * players, (k + 1) * players)
        placement.append(sum(games[i].placements()[challenger[i]] for i in chunk) / players)
        points.append(sum(games[i].points[challenger[i]] for i in chunk if games[i].points) / players)
    return Edge(sets, Mean.of(placement), Mean.of(points), (players + 1) / 2)


def differences(a: Sequence[GameRecord], b: Sequence[GameRecord], *, paired: bool) -> dict[str, Difference]:
    """Every figure of `clusters` for `a` minus the same for `b`: paired game by game (the same game
    seeds in both, in the same order), or between independent samples (simulated against real games). A
    yaku counted in one only is 0 in the other."""
    ca, cb = clusters(a), clusters(b)
    out = {}
    for name in sorted(set(ca) | set(cb)):
        none_a = Cluster((0.0,) * len(a), tuple(float(_wins(g)) for g in a))
        none_b = Cluster((0.0,) * len(b), tuple(float(_wins(g)) for g in b))
        rate = name in RATE_NAMES or name.startswith("yaku:")
        out[name] = difference(ca.get(name, none_a), cb.get(name, none_b), paired=paired, rate=rate)
    return out
