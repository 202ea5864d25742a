"""The final standing of a game: leftover sticks, bust prize, yakitori, places and ties, uma, oka or top
prize, and chips, as a pure function of (Ruleset, final scores, what the game tallied).

Points are exact: computed as `Fraction`s and handed on as `Decimal`s (every amount is a whole number
of points, so points in thousands are exact decimals; see `exact_points`). `points_text` and
`points_json` are the one way they are printed and written.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from variantlang.model.ruleset import Ruleset


@dataclass
class Tally:
    """What the end of the game settles besides the scores, kept hand by hand: whose riichi sticks are on
    the table, who has won (yakitori), when each seat last won (ties `last_winner`), the chip ledger."""

    players: int
    owners: list[int] = field(default_factory=list)
    """Riichi sticks each seat has on the table (`leftover_sticks owners`)."""
    won: list[bool] = field(default_factory=list)
    last_won: list[int] = field(default_factory=list)
    """When each seat last won (-1: never; higher is later)."""
    chips: list[int] = field(default_factory=list)
    hands: int = 0

    def __post_init__(self) -> None:
        n = self.players
        self.owners = self.owners or [0] * n
        self.won = self.won or [False] * n
        self.last_won = self.last_won or [-1] * n
        self.chips = self.chips or [0] * n

    def drawn(self, riichi: Sequence[bool]) -> None:
        """A hand ended without a win: the sticks of the seats in `riichi` stay on the table."""
        for i, declared in enumerate(riichi):
            self.owners[i] += declared
        self.hands += 1

    def won_by(self, oya: int, wins: Sequence[tuple[int, tuple[int, ...]]]) -> None:
        """A hand was won: (winner, chips change) for each paid win; the table's sticks are taken."""
        n = self.players
        self.owners = [0] * n
        for actor, chips in wins:
            self.won[actor] = True
            # the later hand ranks higher; within a double ron, head-bump order from the dealer (囲将会 §1.3)
            self.last_won[actor] = self.hands * n + n - 1 - (actor - oya) % n
            for i, c in enumerate(chips):
                self.chips[i] += c
        self.hands += 1


def busted_seats(ruleset: Ruleset, scores: Sequence[int], *, hand_starts: bool = False) -> list[int]:
    """The seats that have busted (`game.tobi`: below zero, or at zero too) once a hand is settled; under
    `at_start` (囲将会 §1.2: 開局時点で誰かが0本以下) only when another hand is about to start
    (`hand_starts`), so the last hand's scores end no game by a bust. None where there is no bust."""
    tobi = ruleset.game.tobi
    if tobi == "below_zero":
        return [i for i, s in enumerate(scores) if s < 0]
    if tobi == "at_zero" or (tobi == "at_start" and hand_starts):
        return [i for i, s in enumerate(scores) if s <= 0]
    return []


def busted_by(wins: Sequence[tuple[int, tuple[int, ...]]], busted: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """(busted seat, the winner whose win took points from it), from the last hand's (winner, deltas) in
    turn order from the discarder: the first such winner; a seat that busted at a draw (no wins), or
    without paying a winner, has nobody to pay."""
    out = []
    for seat in busted:
        winner = next((actor for actor, deltas in wins if deltas and deltas[seat] < 0), None)
        if winner is not None:
            out.append((seat, winner))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Standing:
    scores: tuple[int, ...]
    """Final scores, after sticks, bust prize and yakitori."""
    points: tuple[Fraction, ...]


def tie_order(ruleset: Ruleset, players: int, last_won: Sequence[int], lot: int) -> list[int]:
    """How ties for first place are broken (`game.ties`), lower first: `seat` (all equal: seat order
    decides); `last_winner` (囲将会), the later winner first; `lot` (DORA tournament), an order drawn
    from `lot` (the game's seed)."""
    ties = ruleset.game.ties
    if ties == "last_winner":
        return [-last_won[i] for i in range(players)]
    if ties == "lot":
        order = list(range(players))
        random.Random(f"ties:{lot}").shuffle(order)
        return order
    return [0] * players


def final_standing(
    ruleset: Ruleset,
    scores: Sequence[int],
    kyotaku: int,
    tally: Tally | None = None,
    busted: Sequence[tuple[int, int]] = (),
    lot: int = 0,
) -> Standing:
    """Final scores and points. The scores settle, in this order, the leftover sticks (to first place,
    back to their owners, or lost), the bust prize (`busted`: who pays whom) and yakitori (who won a
    hand, from the `tally`; not applied without one). Places follow, ties for first broken by
    `tie_order`, other ties by seat order from the first dealer, and points are (score − return) / 1000
    (every score but first place's rounded first, `rounded_score`; first place takes what that leaves over),
    plus the uma of the place (the sinking uma for the number of players below the return points, where
    the variant has one), plus the oka for first place, plus the chips at their value. A top prize
    (`game.top_prize`) goes to first place in place of the oka, and the others pay in equal shares what
    it exceeds the oka by (receive what it falls short), so the points still sum to zero: 囲将会's +15
    (25 000 start, 30 000 return, three players) is the oka itself."""
    game = ruleset.game
    players = len(scores)
    tally = tally or Tally(players)
    tie = tie_order(ruleset, players, tally.last_won, lot)

    def placed(final: list[int], i: int) -> tuple[int, int, int]:  # the tie rule ranks ties for top only
        return -final[i], tie[i] if final[i] == max(final) else 0, i

    final = list(scores)
    stick = ruleset.riichi.stick
    if game.leftover_sticks == "top":
        final[min(range(players), key=lambda i: placed(final, i))] += kyotaku * stick
    elif game.leftover_sticks == "owners":
        for i, count in enumerate(tally.owners):
            final[i] += count * stick
    for loser, winner in busted:
        final[loser] -= game.tobi_prize
        final[winner] += game.tobi_prize
    winners = [i for i, w in enumerate(tally.won) if w]
    if game.yakitori and winners:
        for i, w in enumerate(tally.won):
            if not w:
                final[i] -= game.yakitori * len(winners)
                for j in winners:
                    final[j] += game.yakitori
    order = sorted(range(players), key=lambda i: placed(final, i))
    below = sum(1 for s in final if s < game.return_points)
    sinking = {1: game.uma_one_below, 2: game.uma_two_below, 3: game.uma_three_below}.get(below, ())
    uma = list(sinking or game.uma) or [0] * players
    oka = (game.return_points - game.start_points) * players
    top, rest = Fraction(oka), Fraction(0)
    if game.top_prize:  # in place of the oka; the others share what it exceeds the oka by
        top, rest = Fraction(game.top_prize), Fraction(game.top_prize - oka, players - 1)
    value = ruleset.chips.value
    counted = [final[i] if rank == 0 else rounded_score(ruleset, final[i]) for rank, i in enumerate(order)]
    counted[0] += sum(final) - sum(counted)  # first place takes what the rounding leaves over
    points = [Fraction(0)] * players
    for rank, i in enumerate(order):
        prize = top if rank == 0 else -rest
        points[i] = (counted[rank] - game.return_points + prize + tally.chips[i] * value) / 1000 + uma[rank]
    return Standing(tuple(final), tuple(points))


def rounded_score(ruleset: Ruleset, score: int) -> int:
    """A final score as points count it (`game.points_rounding`): as it is, or to the nearest 1000 on its
    absolute value, 500 away from zero (四捨五入: Tenhou's rooms until 2020) or toward it (五捨六入)."""
    rounding = ruleset.game.points_rounding
    if rounding == "none":
        return score
    thousands, rest = divmod(abs(score), 1000)
    up = rest >= 500 if rounding == "shisha_gonyuu" else rest >= 600
    return (thousands + up) * 1000 * (1 if score >= 0 else -1)


EXACT_DIGITS = 15
"""Significant digits a written point value keeps exactly (a JSON number read as a binary float)."""


def exact_points(value: Fraction) -> Decimal:
    """A point value as a `Decimal`, exactly. Amounts are whole points, so points in thousands have at
    most three decimals; the one exception is a top prize whose excess over the oka does not split evenly
    between the others (a share of 1/3 point), which is given to 28 significant digits."""
    return Decimal(value.numerator) / Decimal(value.denominator)


def points_text(value: Decimal) -> str:
    """A point value as printed: its exact digits with a sign (`+41`, `-0.2`, `+5.3`)."""
    return f"{value:+f}" if value else "0"


def points_json(value: Decimal) -> int | float:
    """A point value as a JSON number: an integer, or the float whose shortest form is its exact digits
    (Python writes a float with the fewest digits that read back the same, and a decimal of up to 15
    significant digits reads back as itself)."""
    if value == value.to_integral_value():
        return int(value)
    return float(value)


def read_points(value: object) -> Decimal:
    """A point value as a log writes it (a JSON number or a text), exactly: a float is read by its
    shortest digits, which are the digits written."""
    if isinstance(value, bool) or not isinstance(value, int | float | str | Decimal):
        raise TypeError(f"final points {value!r} are not a number")
    try:
        return Decimal(str(value))
    except ArithmeticError:
        raise ValueError(f"final points {value!r} are not a number") from None
