"""Who deals the next hand: named strategies that the Ruleset selects (`game.renchan`, R-GAME-2).

Each takes the dealer's seat, the hand's result and the number of players, and answers the next dealer
with why the dealer stays (`win`, `tenpai`, `draw`), or an empty reason when the deal moves on. The
table reads only the answer, so a variant's own procedure is one more entry here (and one more word of
`game.renchan`; tests/test_catalog.py keeps the two lists the same).
"""

from __future__ import annotations

from collections.abc import Callable

from variantlang.engine.events import Hora, Ryukyoku

Result = list[Hora] | Ryukyoku
NextDealer = Callable[[int, Result, int], tuple[int, str]]


def _draw_reason(oya: int, result: Ryukyoku) -> str:
    """Why a draw kept the dealer: tenpai at an exhaustive draw, or any other draw."""
    if result.reason == "exhaustive":
        return "tenpai" if result.tenpai and result.tenpai[oya] else ""
    return "draw"


def on_win_or_tenpai(oya: int, result: Result, players: int) -> tuple[int, str]:
    """The dealer stays after winning, after an abortive draw, or tenpai at an exhaustive draw."""
    if isinstance(result, list):
        return (oya, "win") if any(h.actor == oya for h in result) else ((oya + 1) % players, "")
    reason = _draw_reason(oya, result)
    return (oya, reason) if reason else ((oya + 1) % players, "")


def on_win(oya: int, result: Result, players: int) -> tuple[int, str]:
    """The dealer stays after winning or after an abortive draw; an exhaustive draw moves the deal on."""
    if isinstance(result, list):
        return (oya, "win") if any(h.actor == oya for h in result) else ((oya + 1) % players, "")
    return (oya, "draw") if result.reason != "exhaustive" else ((oya + 1) % players, "")


def never(oya: int, result: Result, players: int) -> tuple[int, str]:
    """The deal moves on after every hand."""
    return (oya + 1) % players, ""


def last_winner(oya: int, result: Result, players: int) -> tuple[int, str]:
    """囲将会 (seed 002 §1.1): the last winner deals; after a double ron the dealer stays if among the
    winners, else the winner first in turn after the discarder (head bump) deals; any draw keeps the dealer."""
    if isinstance(result, Ryukyoku):
        return oya, _draw_reason(oya, result) or "draw"
    if any(h.actor == oya for h in result):
        return oya, "win"
    return result[0].actor, ""


DEALERS: dict[str, NextDealer] = {
    "tenpai": on_win_or_tenpai,
    "win": on_win,
    "none": never,
    "last_winner": last_winner,
}
