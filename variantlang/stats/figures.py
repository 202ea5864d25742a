"""The balance figures from game records, each with its uncertainty.

Rates carry a 95 % Wilson score interval (sound near 0 and 1, where hand-value limits and draws live);
means carry a 95 % normal-approximation interval, mean ± 1.96 · s / √n (s the sample standard deviation),
which is what these sample sizes (hundreds of wins or games) justify. Per player-hand rates count every
seat of every hand, as Tenhou's and Mortal's statistics do; they share hands, so their intervals are a
little narrower than a clustered estimate would give.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from variantlang.hand.points import Limit, hand_value
from variantlang.stats.games import GameRecord

Z95 = 1.959963984540054

VALUE_BINS = (0, 2000, 4000, 6000, 8000, 12000, 16000, 24000, 32000)
"""Lower edges of the hand-value histogram (points without honba and sticks)."""


@dataclass(frozen=True, slots=True)
class Rate:
    count: int
    total: int

    @property
    def value(self) -> float:
        return self.count / self.total if self.total else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % Wilson score interval ((0, 1) when nothing was counted)."""
        n = self.total
        if n == 0:
            return (0.0, 1.0)
        p = self.count / n
        z2 = Z95 * Z95
        centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
        return (max(0.0, centre - half), min(1.0, centre + half))

    def as_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {"count": self.count, "total": self.total, "value": _r(self.value), "low": _r(low), "high": _r(high)}


@dataclass(frozen=True, slots=True)
class Mean:
    n: int
    mean: float
    sd: float | None
    """Sample standard deviation (None below two values)."""

    @classmethod
    def of(cls, values: Iterable[float]) -> Mean:
        xs = list(values)
        n = len(xs)
        if n == 0:
            return cls(0, 0.0, None)
        mean = math.fsum(xs) / n
        sd = math.sqrt(math.fsum((x - mean) ** 2 for x in xs) / (n - 1)) if n > 1 else None
        return cls(n, mean, sd)

    @property
    def interval(self) -> tuple[float, float] | None:
        """mean ± 1.96 · s / √n; None when fewer than two values leave the spread unknown."""
        if self.sd is None:
            return None
        half = Z95 * self.sd / math.sqrt(self.n)
        return (self.mean - half, self.mean + half)

    def as_json(self) -> dict[str, Any]:
        interval = self.interval
        low, high = (None, None) if interval is None else (_r(interval[0]), _r(interval[1]))
        return {"n": self.n, "mean": _r(self.mean), "low": low, "high": high}


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
    """Per win: how often each limit was reached, read from han and fu."""
    yaku: tuple[tuple[str, Rate], ...]
    """Per win: each yaku (and dora kind) counted, most frequent first."""
    dealer: Side
    non_dealer: Side
    seats: tuple[SeatFigures, ...]
    spread: Mean
    """Final score of the top minus the last, per game."""
    hands_per_game: Mean

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
            "spread": self.spread.as_json(),
            "hands_per_game": self.hands_per_game.as_json(),
        }


def _r(x: float) -> float:
    """Six decimals: enough for any figure, and stable across platforms in summary.json."""
    return round(x, 6)


def summarize(games: Sequence[GameRecord]) -> Summary:
    """Every figure of the report from `games` (all with the same number of players)."""
    players = games[0].players if games else 4
    if any(g.players != players for g in games):
        raise ValueError("games with different numbers of players cannot be summarized together")
    hands = [h for g in games for h in g.hands]
    wins = [w for g in games for w in g.wins]
    n_hands = len(hands)
    seat_hands = n_hands * players

    results = Counter(h.result for h in hands)
    abortive = {r: c for r, c in sorted(results.items()) if r not in ("win", "exhaustive", "unfinished")}
    rates = {
        "win": Rate(sum(sum(h.won) for h in hands), seat_hands),
        "deal_in": Rate(sum(sum(h.dealt_in) for h in hands), seat_hands),
        "tsumo_share": Rate(sum(w.tsumo for w in wins), len(wins)),
        "riichi": Rate(sum(sum(h.riichi) for h in hands), seat_hands),
        "call": Rate(sum(sum(h.called) for h in hands), seat_hands),
        "exhaustive_draw": Rate(results["exhaustive"], n_hands),
        "abortive_draw": Rate(sum(abortive.values()), n_hands),
        "timeout": Rate(sum(g.reason == "timeout" for g in games), len(games)),
        "tobi": Rate(sum(g.reason == "tobi" for g in games), len(games)),
    }
    bins = Counter(max(i for i, edge in enumerate(VALUE_BINS) if w.points >= edge) for w in wins)
    han = Counter("yakuman" if w.yakuman else ("13+" if w.han >= 13 else str(max(w.han, 0))) for w in wins)
    han_labels = [str(i) for i in range(13)] + ["13+", "yakuman"]
    limits = Counter(hand_value(w.han, w.fu, w.yakuman).limit for w in wins)
    yaku = Counter(y for w in wins for y in set(w.yaku))
    dealer_points = [h.deltas[h.oya] for h in hands]
    other_points = [h.deltas[s] for h in hands for s in range(players) if s != h.oya]
    places = [g.placements() for g in games]
    return Summary(
        players=players,
        games=len(games),
        hands=n_hands,
        player_hands=seat_hands,
        rates=rates,
        abortive=abortive,
        value=Mean.of(w.points for w in wins),
        value_bins=tuple((edge, bins[i]) for i, edge in enumerate(VALUE_BINS)),
        han=tuple((label, han[label]) for label in han_labels if han[label] or (label.isdigit() and label != "0")),
        limits={limit.value: Rate(limits[limit], len(wins)) for limit in Limit if limit is not Limit.NONE},
        yaku=tuple(
            (name, Rate(count, len(wins))) for name, count in sorted(yaku.items(), key=lambda kv: (-kv[1], kv[0]))
        ),
        dealer=Side(Rate(sum(h.won[h.oya] for h in hands), n_hands), Mean.of(dealer_points)),
        non_dealer=Side(
            Rate(sum(sum(h.won) - h.won[h.oya] for h in hands), n_hands * (players - 1)), Mean.of(other_points)
        ),
        seats=tuple(
            SeatFigures(
                tuple(Rate(sum(p[seat] == rank for p in places), len(games)) for rank in range(1, players + 1)),
                Mean.of(g.scores[seat] for g in games),
                Mean.of(g.points[seat] for g in games if g.points),
            )
            for seat in range(players)
        ),
        spread=Mean.of(max(g.scores) - min(g.scores) for g in games),
        hands_per_game=Mean.of(len(g.hands) for g in games),
    )


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
