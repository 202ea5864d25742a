"""Settlement of a hand: what a win, an exhaustive draw (noten payments, nagashi, a chombo found at the
draw) and the best-paid end of a play-on hand pay to whom, as pure functions of (Ruleset, situation,
Score).

The engine's table loop and `replay --rescore` both call these, so a game played under a variant and a
logged game paid again under it are settled by the same answers. A win's value is the Scorer's
(`Score.payments`, its limit, its chips); a limit's base points are `hand.points`'; nothing here rounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from variantlang.hand.points import LIMIT_HAN, Limit, hand_value, payments
from variantlang.model.ruleset import Ruleset
from variantlang.model.win import Score

NAGASHI_LIMIT = Limit.MANGAN
"""Nagashi mangan is paid as this limit's tsumo (R-DRAW: 流し満貫); its base is `hand.points`'."""


@dataclass(frozen=True, slots=True)
class WinSituation:
    """Who wins from whom, at which table: what a win's payment depends on besides its Score."""

    players: int
    oya: int
    actor: int
    target: int
    """The discarder of a ron; the winner itself on a tsumo."""
    liable: int | None = None
    """The seat that fed the pao yaku (`win.pao`), if any: liable when the Score has one of them."""
    wareme: int | None = None
    """The seat whose wall the dice broke (`game.wareme`), where its payments double."""
    first: bool = True
    """The hand's first win: only it is paid the honba and the sticks."""
    east: int | None = None
    """The seat that is East, for payments by the payer's wind (the dealer if None)."""
    sharing: int = 1
    """How many winners of one discard share the honba and the sticks (`sharers`); 1: the first takes them."""
    false_declarers: tuple[int, ...] = ()
    """Seats that declared tenpai and are not tenpai as the win ends the hand: each pays the `first` win
    `riichi.false_declaration` (R-RIICHI-9; empty under play-on, where the end of the hand judges them)."""


@dataclass(frozen=True, slots=True)
class WinPayment:
    deltas: tuple[int, ...]
    chips: tuple[int, ...]
    """Each seat's change in chips, where the win earns any (else empty)."""
    pao: int | None
    limit: str
    """The limit the Scorer paid the hand as (`mangan` …; empty for none)."""


def wareme_seat(ruleset: Ruleset, oya: int, throw: int, players: int) -> int | None:
    """The seat whose wall the break falls in, where wareme doubles its payments (None without
    `game.wareme`), counted as `game.dice_break` says from the dealer, who throws the dice `throw`:
    `standard`, counter-clockwise (5 and 9 the dealer's own, 2, 6 and 10 the next seat …); `sanma`, the
    three-player count (2, 5, 8 and 11 the right, 3, 6, 9 and 12 the left, 4, 7 and 10 the own wall);
    `own_wall`, no dice: the dealer's own wall."""
    if not ruleset.game.wareme:
        return None
    rule = ruleset.game.dice_break
    if rule == "own_wall":
        return oya
    if rule == "sanma":
        return (oya + (1, -1, 0)[(throw - 2) % 3]) % players
    return (oya + throw - 1) % players


def liable_seat(ruleset: Ruleset, liable: int | None, score: Score) -> int | None:
    """The pao seat of a win: the seat that fed it, when the Score has one of the variant's pao yaku."""
    if liable is None or not any(y.id in ruleset.win.pao for y in score.yaku):
        return None
    return liable


def settle_win(ruleset: Ruleset, situation: WinSituation, score: Score) -> WinPayment:
    """A win's result: who pays what (pao: all of a tsumo, half of a ron and the honba; wareme: that seat's
    share doubled, or every share when it wins), and the chips. Only the `first` win of the hand is paid
    the honba and the sticks (a double ron's second winner is scored with the table's honba, for the
    conditions that read it, and paid none). A tsumo whose payments differ by payer seat
    (`Payments.by_seat`, East first) is paid by each seat's wind counted from `east`."""
    s = situation
    players = s.players
    p = score.payments
    if s.sharing > 1:
        p = p._replace(honba_each=_share(p.honba_each, s.sharing, s.first), sticks=_share(p.sticks, s.sharing, s.first))
    elif not s.first:
        p = p._replace(honba_each=0, sticks=0)
    pao = liable_seat(ruleset, s.liable, score)
    tsumo = s.actor == s.target
    east = s.oya if s.east is None else s.east
    deltas = [0] * players

    def times(payer: int) -> int:
        return 2 if s.wareme is not None and s.wareme in (payer, s.actor) else 1

    if tsumo:
        for i in range(players):
            if i != s.actor:
                if p.by_seat:
                    share = p.by_seat[(i - east) % players] or 0
                else:
                    share = p.from_dealer if i == s.oya else p.from_non_dealer
                deltas[pao if pao is not None else i] -= share * times(i) + p.honba_each
    elif pao is not None and pao != s.target:
        half = p.ron // 2
        deltas[s.target] -= (p.ron - half) * times(s.target)
        deltas[pao] -= half * times(pao) + p.honba_each
    else:
        deltas[s.target] -= p.ron * times(s.target) + p.honba_each
    deltas[s.actor] += p.sticks - sum(deltas)
    if s.first:
        deltas = list(_fine_false_declarers(ruleset, deltas, s.actor, s.false_declarers))
    chips: tuple[int, ...] = ()
    if score.chips is not None and score.chips.each:
        each = score.chips.each
        payers = [i for i in range(players) if i != s.actor] if tsumo else [s.target]
        chips = tuple(each * len(payers) if i == s.actor else -each if i in payers else 0 for i in range(players))
    return WinPayment(tuple(deltas), chips, pao, score.limit.value)


def takes_sticks(ruleset: Ruleset, first_win: bool) -> bool:
    """Whether a win is settled with the honba and the sticks on the table: the hand's first win; under
    `game.after_win play_on_best_paid` every win, since each is settled as the hand's result should it be
    the one paid (decision: the paid winner takes the sticks and the honba, whichever win came first)."""
    return first_win or ruleset.game.after_win == "play_on_best_paid"


def _fine_false_declarers(
    ruleset: Ruleset, deltas: Sequence[int], receiver: int, declarers: Sequence[int]
) -> tuple[int, ...]:
    """R-RIICHI-9 (004 「聴牌を宣言したにも関わらず、終局時に聴牌していない場合は、4000点のペナルティ…これは、
    そのラウンドの勝者に渡される」): each false declarer pays `riichi.false_declaration` to the hand's paid
    winner `receiver` (never to or from itself)."""
    fine = ruleset.riichi.false_declaration
    out = list(deltas)
    for i in declarers:
        if fine and i != receiver:
            out[i] -= fine
            out[receiver] += fine
    return tuple(out)


def sharers(ruleset: Ruleset, winners: int, *, tsumo: bool) -> int:
    """How many winners share the honba and the sticks (`win.sticks_to`): all the winners of a multiple
    ron under `split`; otherwise the first winner in turn order takes them (1)."""
    return winners if ruleset.win.sticks_to == "split" and not tsumo and winners > 1 else 1


def _share(amount: int, sharing: int, first: bool) -> int:
    """One winner's share of `amount` split `sharing` ways in whole 100s; the first winner in turn order
    also takes what does not split evenly (decision: 1000 among three is 400, 300, 300)."""
    each = amount // sharing // 100 * 100
    return each + (amount - each * sharing if first else 0)


@dataclass(frozen=True, slots=True)
class DrawSituation:
    """The table at an exhaustive draw, as settlement needs it."""

    oya: int
    tenpai: tuple[bool, ...]
    nagashi: tuple[int, ...] = ()
    """Seats whose discards qualify for nagashi (all terminals and honours, none called, at least one
    turn); whether the variant pays it is `draws.nagashi_mangan`."""
    furiten_riichi: tuple[int, ...] = ()
    """Seats that declared riichi in furiten, found when the hands are shown."""
    riichi: tuple[int, ...] = ()
    """Seats in riichi (a riichi hand not `tenpai` is a noten riichi)."""
    missed_in_riichi: tuple[int, ...] = ()
    """Seats in riichi that let a winning tile pass (a discard not won on, a winning draw discarded)."""


@dataclass(frozen=True, slots=True)
class DrawPayment:
    reason: str
    """`exhaustive`, or `chombo` (a riichi offence settled at the draw, `chombo_at_draw`)."""
    deltas: tuple[int, ...]
    nagashi: tuple[int, ...] = ()
    """Seats paid nagashi mangan."""


def false_declarers(situation: DrawSituation) -> tuple[int, ...]:
    """The seats that declared (riichi) and are not tenpai as the hand ends (R-RIICHI-9, 004 「終局時に聴牌して
    いない」; 囲将会's ノー聴リーチ): one answer for the fine a win or the best-paid end takes
    (`riichi.false_declaration`), the chombo at the draw (`riichi.noten_riichi_chombo`) and the rescoring of
    a log, each asking the same `DrawSituation`."""
    return tuple(i for i in situation.riichi if not situation.tenpai[i])


def chombo_at_draw(ruleset: Ruleset, situation: DrawSituation) -> tuple[int, ...]:
    """The seats whose riichi is a chombo found when the hands are shown at an exhaustive draw (囲将会 §4.1:
    ノー聴リーチ、振り聴リーチ、リーチ後の見逃しは、流局後チョンボ): a furiten riichi
    (`riichi.furiten_riichi chombo`), a win let pass in riichi (`riichi.missed_win_chombo`, only where a win
    let pass makes furiten at all, `riichi.missed_furiten`, as the catalog applies it), a riichi hand not
    tenpai (`riichi.noten_riichi_chombo`). A seat is one offender, whatever it did."""
    riichi = ruleset.riichi
    offenders = set(situation.furiten_riichi) if riichi.furiten_riichi == "chombo" else set()
    if riichi.missed_win_chombo and riichi.missed_furiten:
        offenders.update(situation.missed_in_riichi)
    if riichi.noten_riichi_chombo:
        offenders.update(false_declarers(situation))
    return tuple(sorted(offenders))


def settle_exhaustive(ruleset: Ruleset, situation: DrawSituation) -> DrawPayment:
    """An exhaustive draw: a chombo for a riichi offence where the variant settles one there
    (`chombo_at_draw`, in place of everything else), else nagashi mangan where some seat has it, else
    the noten payments."""
    offenders = chombo_at_draw(ruleset, situation)
    if offenders:
        return DrawPayment("chombo", settle_chombo(ruleset, situation.oya, len(situation.tenpai), offenders))
    nagashi = situation.nagashi if ruleset.draws.nagashi_mangan else ()
    if nagashi:
        return DrawPayment("exhaustive", _nagashi(ruleset, situation.oya, len(situation.tenpai), nagashi), nagashi)
    return DrawPayment("exhaustive", noten_payments(ruleset, situation.tenpai, situation.oya))


def noten_payments(ruleset: Ruleset, tenpai: Sequence[bool], oya: int) -> tuple[int, ...]:
    """The noten payments (R-DRAW): `split`, the total paid by the noten seats in equal shares and
    received by the tenpai seats in equal shares, in whole 100s, what does not divide evenly paid (or
    received) by the first of them in turn from the dealer `oya` (decision: 1000 from three noten seats is
    400, 300, 300), so exactly the total changes hands; otherwise each noten seat pays the total to each
    tenpai seat. Nothing when all or none are."""
    n = len(tenpai)
    winners = sum(tenpai)
    if not 0 < winners < n:
        return (0,) * n
    draws = ruleset.draws
    total = draws.noten_payment
    if draws.noten_style != "split":
        return tuple(total * (n - winners) if t else -total * winners for t in tenpai)
    deltas = [0] * n
    for side, sign in ((True, 1), (False, -1)):
        seats = [i for i in sorted(range(n), key=lambda i: (i - oya) % n) if tenpai[i] is side]
        for k, i in enumerate(seats):
            deltas[i] = sign * _share(total, len(seats), k == 0)
    return tuple(deltas)


def _nagashi(ruleset: Ruleset, oya: int, players: int, seats: Sequence[int]) -> tuple[int, ...]:
    """Nagashi mangan for each of `seats`: a mangan tsumo (`_mangan_tsumo`)."""
    deltas = [0] * players
    for i in seats:
        for j, owed in enumerate(_mangan_tsumo(ruleset, oya, players, i)):
            deltas[j] -= owed
            deltas[i] += owed
    return tuple(deltas)


def _mangan_tsumo(ruleset: Ruleset, oya: int, players: int, seat: int) -> list[int]:
    """What each seat pays for a mangan `seat` wins by tsumo (0 for `seat`): `hand.points`' base for the
    limit, paid as the variant pays a tsumo, or under a payment formula the variant's `payment.nagashi_value`
    from each payer (shared as a formula tsumo is, rounded up to 100, where tsumo is `split`)."""
    payment = ruleset.payment
    flat = payment.nagashi_value if payment.scheme == "formula" else 0
    if flat and payment.tsumo == "split":
        flat = -(-flat // ((players - 1) * 100)) * 100
    base = hand_value(LIMIT_HAN[NAGASHI_LIMIT], 0, rules=ruleset.limit_rules).base
    p = payments(base, dealer=seat == oya, tsumo=True, rules=ruleset.payment_rules)
    return [0 if j == seat else flat or (p.from_dealer if j == oya else p.from_non_dealer) for j in range(players)]


def settle_chombo(ruleset: Ruleset, oya: int, players: int, offenders: Sequence[int]) -> tuple[int, ...]:
    """A chombo (囲将会 §4.1: 振り聴リーチ…は流局後チョンボ): each offender pays `penalties.chombo` to every
    other player, or under `penalties.chombo_style mangan` (満貫払い) what each would pay for a mangan tsumo
    by the offender (`_mangan_tsumo`, nagashi mangan's payments reversed)."""
    deltas = [0] * players
    for i in offenders:
        if ruleset.penalties.chombo_style == "mangan":
            owed = _mangan_tsumo(ruleset, oya, players, i)
        else:
            owed = [0 if j == i else ruleset.penalties.chombo for j in range(players)]
        for j, amount in enumerate(owed):
            deltas[i] -= amount
            deltas[j] += amount
    return tuple(deltas)


def settle_best_paid(
    ruleset: Ruleset, wins: Sequence[tuple[int, tuple[int, ...]]], false_riichi: Sequence[int]
) -> tuple[int, tuple[int, ...]]:
    """`game.after_win play_on_best_paid` (鳴き立直, seed 004 「出来上がった手牌の点数を比較し、最も点数が高い
    人が勝者とする」): of the hand's wins, (winner, deltas as it would have been paid), which one is paid and
    how. Decision: the best is the win with the highest value one payer pays (the source's 「1人が払う点数」),
    a tsumo and a ron alike; between equals the earlier. A declared player not tenpai at the end
    (`false_riichi`, not a winner) pays `riichi.false_declaration` to the paid winner (R-RIICHI-9).
    Each win is settled with the honba and the sticks (`takes_sticks`), so the paid one takes them; the
    value compared is what its one payer pays, honba included (the same honba for every win of the hand).
    Returns the index of the best win and its deltas."""
    best = max(range(len(wins)), key=lambda i: (max((-d for d in wins[i][1]), default=0), -i))
    actor, paid = wins[best]
    won = {w for w, _ in wins}
    return best, _fine_false_declarers(ruleset, paid, actor, [i for i in false_riichi if i not in won])
