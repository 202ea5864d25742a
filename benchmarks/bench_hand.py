"""Benchmark variantlang's hand analysis against the `mahjong` package (PyPI), on the same random inputs.

Measures, in one run and from one seed:

1. shanten of random 13-tile hands dealt from the 136-tile wall (normal form, seven pairs, thirteen
   orphans): `STANDARD_TABLES.shanten`, the module function `shanten` and a cold `ShantenTables`
   against `Shanten.calculate_shanten`;
2. the same for 14-tile hands;
3. three-player shanten (2m-8m removed) against `calculate_shanten(..., is_three_player=True)`;
4. decomposition of random complete hands (called melds included): `decompositions` and
   `all_readings` against `HandDivider.divide_hand`;
5. fu of every reading of those hands (thirteen orphans skipped): `fu` against
   `FuCalculator.calculate_fu`.

Every figure is the best of R passes over all N inputs (`timeit`, so the garbage collector is off
during a pass), shown as microseconds per item; ratio = mahjong time / variantlang time, so a ratio
above 1 means variantlang is faster. variantlang fills memo tables on first use by design, so its
cold time (a pass over empty tables) is reported apart from its warm time (tables already filled).
Inputs for the other library are converted outside the timed region, and an "agree" column counts
the items on which both libraries give the same answer, to show they did comparable work.

Run from the repository root:

    python benchmarks/bench_hand.py [--hands N] [--seed S] [--repeat R]
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import timeit
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path
from typing import Any

from mahjong.hand_calculating.divider import HandDivider
from mahjong.hand_calculating.fu import FuCalculator
from mahjong.hand_calculating.hand_config import HandConfig
from mahjong.meld import Meld as MjMeld
from mahjong.shanten import Shanten

from variantlang.hand import shanten as vshanten
from variantlang.hand.decomposition import Form, Reading, all_readings, clear_split_cache, decompositions
from variantlang.hand.fu import fu
from variantlang.hand.shanten import STANDARD_TABLES, ShantenTables, tables_for
from variantlang.hand.tiles import SANMA_TILES, STANDARD_TILES
from variantlang.model.samples import CompleteHand, random_complete_hand, random_counts

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from oracle import full_counts, oracle_melds

Pass = Callable[[], object]
"""One timed pass over all inputs of a measurement."""

SEAT_WIND = ROUND_WIND = 27
"""East seat in the east round, so an east pair is worth 4 fu in both libraries."""
VALUED_TILES = [31, 32, 33, SEAT_WIND, ROUND_WIND]
"""mahjong's way of saying the same thing: the three dragons, and east twice."""


@dataclass(frozen=True)
class Row:
    """One line of the result table: one of our entry points against mahjong on the same items."""

    task: str
    ours: str
    items: int
    ours_s: float
    theirs_s: float
    agree: int

    @property
    def ratio(self) -> float:
        return self.theirs_s / self.ours_s


def best_of(run: Pass, repeat: int, reset: Callable[[], None] | None = None) -> float:
    """Seconds of the fastest of `repeat` passes: the least disturbed pass is the best estimate of the
    code's own cost. `reset` runs untimed before each pass (to empty a cache)."""
    best = float("inf")
    for _ in range(repeat):
        if reset is not None:
            reset()
        best = min(best, timeit.Timer(run).timeit(number=1))
    return best


def once(run: Pass) -> float:
    """Seconds of a single pass, for cold measurements that only exist once per fresh table."""
    return timeit.Timer(run).timeit(number=1)


# --- shanten ---------------------------------------------------------------------------------------


def shanten_pass(calculate: Callable[[Sequence[int]], int], hands: list[list[int]]) -> Pass:
    """A pass of a one-argument shanten function; the function is bound once, as a caller would."""

    def run() -> None:
        for counts in hands:
            calculate(counts)

    return run


def mahjong_shanten_pass(hands: list[list[int]], three_player: bool) -> Pass:
    """A pass of mahjong's shanten with its defaults (seven pairs and thirteen orphans included)."""
    calculate = Shanten.calculate_shanten

    if three_player:

        def run() -> None:
            for counts in hands:
                calculate(counts, is_three_player=True)

    else:

        def run() -> None:
            for counts in hands:
                calculate(counts)

    return run


def bench_shanten(task: str, hands: list[list[int]], three_player: bool, repeat: int) -> list[Row]:
    """Warm rows for the shared tables (and, for four players, the module function), then one cold
    row: a brand-new `ShantenTables`, so no earlier measurement has filled any of its tables."""
    tiles = SANMA_TILES if three_player else STANDARD_TILES
    shared = tables_for(SANMA_TILES) if three_player else STANDARD_TABLES
    theirs_run = mahjong_shanten_pass(hands, three_player)

    # Untimed warm-up of both sides (fills our shared tables, lets the interpreter specialise), which
    # also checks that both libraries compute the same numbers.
    theirs_values = [Shanten.calculate_shanten(c, is_three_player=three_player) for c in hands]
    ours_values = [shared.shanten(c) for c in hands]
    agree = sum(a == b for a, b in zip(ours_values, theirs_values, strict=False))
    theirs_s = best_of(theirs_run, repeat)

    entry = "tables_for(SANMA_TILES).shanten" if three_player else "STANDARD_TABLES.shanten"
    rows = [
        Row(task, f"{entry}, warm", len(hands), best_of(shanten_pass(shared.shanten, hands), repeat), theirs_s, agree)
    ]
    if not three_player:
        module_fn = vshanten.shanten
        rows.append(
            Row(
                task,
                "shanten() module function, warm",
                len(hands),
                best_of(shanten_pass(module_fn, hands), repeat),
                theirs_s,
                agree,
            )
        )
    fresh = ShantenTables(tiles.copies)  # built outside the timed region; its tables are empty
    rows.append(
        Row(
            task,
            "fresh ShantenTables, cold (1 pass)",
            len(hands),
            once(shanten_pass(fresh.shanten, hands)),
            theirs_s,
            agree,
        )
    )
    return rows


# --- decompositions and fu -------------------------------------------------------------------------


@dataclass(frozen=True)
class Converted:
    """One complete hand in both libraries' input formats, built before any timing."""

    hand: CompleteHand
    concealed: list[int]
    """Our input: 34-counts of the concealed tiles, winning tile included."""
    full: list[int]
    """mahjong's input: 34-counts including the tiles of called melds."""
    melds: list[MjMeld]


def convert(hand: CompleteHand) -> Converted:
    """Both libraries' inputs for a hand (the oracle's through the tests' own translation)."""
    melds = oracle_melds(hand.melds)
    for meld in melds:
        _ = meld.tiles_34  # a cached_property: fill it now, not inside mahjong's first timed pass
    return Converted(hand, hand.concealed_counts, full_counts(hand), melds)


def _divider_cache_clear() -> Callable[[], None] | None:
    """mahjong 2.x memoises `HandDivider._divide_hand_impl` (lru_cache, keyed on the whole hand); its
    clear function if present, so every timed pass of mahjong starts from an empty cache."""
    impl: Any = getattr(HandDivider, "_divide_hand_impl", None)
    clear = getattr(impl, "cache_clear", None)
    return clear if callable(clear) else None


def bench_decompositions(hands: list[Converted], repeat: int) -> tuple[list[Row], str]:
    """Our decompositions and all readings, cold (per-suit split cache emptied before every pass) and
    warm, against `HandDivider.divide_hand` with its cache emptied before every pass. Also returns a
    note on how much mahjong's cache was hit within one pass."""
    divide = HandDivider.divide_hand
    clear_theirs = _divider_cache_clear()

    def theirs_run() -> None:
        for h in hands:
            divide(h.full, h.melds)

    def ours_run() -> None:
        for h in hands:
            decompositions(h.concealed, h.hand.melds)

    def readings_run() -> None:
        for h in hands:
            all_readings(h.concealed, h.hand.win.kind, h.hand.melds)

    # Untimed warm-up of both sides and the agreement check: mahjong does not return thirteen orphans.
    theirs_counts = [len(divide(h.full, h.melds)) for h in hands]
    ours_counts = [sum(d.form is not Form.KOKUSHI for d in decompositions(h.concealed, h.hand.melds)) for h in hands]
    agree = sum(a == b for a, b in zip(ours_counts, theirs_counts, strict=False))

    if clear_theirs is not None:
        clear_theirs()
        theirs_run()
        info = HandDivider._divide_hand_impl.cache_info()
        note = (
            f"mahjong memoises HandDivider._divide_hand_impl (lru_cache maxsize={info.maxsize}, keyed on the\n"
            f"  whole hand); it is cleared before every timed pass. One pass from empty: {info.hits} hits,\n"
            f"  {info.misses} misses (hits are hands repeated within its window, e.g. thirteen orphans)."
        )
    else:
        note = "mahjong's HandDivider has no lru_cache in this version; nothing to clear."
    theirs_s = best_of(theirs_run, repeat, clear_theirs)

    task = "decompose complete hand"
    rows = [
        Row(
            task,
            "decompositions, cold (split cache cleared)",
            len(hands),
            best_of(ours_run, repeat, clear_split_cache),
            theirs_s,
            agree,
        ),
        Row(
            task,
            "all_readings, cold (split cache cleared)",
            len(hands),
            best_of(readings_run, repeat, clear_split_cache),
            theirs_s,
            agree,
        ),
    ]
    ours_run()  # fill the split cache again for the warm rows
    rows += [
        Row(task, "decompositions, warm", len(hands), best_of(ours_run, repeat), theirs_s, agree),
        Row(
            task,
            "all_readings, warm (does more: waits too)",
            len(hands),
            best_of(readings_run, repeat),
            theirs_s,
            agree,
        ),
    ]
    return rows, note


FuArgs = tuple[list[list[int]], int, list[int], list[MjMeld]]
"""mahjong's arguments for one reading: hand blocks, 136-format winning tile, winning group, melds."""


def bench_fu(hands: list[Converted], repeat: int) -> Row:
    """Fu of every reading (ron, not pinfu, east seat in the east round) against mahjong's fu for the
    same decomposition and winning group; all arguments are prepared before timing."""
    readings: list[Reading] = []
    args: list[FuArgs] = []
    for h in hands:
        for reading in all_readings(h.concealed, h.hand.win.kind, h.hand.melds):
            if reading.decomposition.form is Form.KOKUSHI:
                continue
            readings.append(reading)
            blocks = [list(g.kinds) for g in reading.decomposition.groups]
            args.append((blocks, reading.win * 4, list(reading.completed_group.kinds), h.melds))
    calculate = FuCalculator.calculate_fu
    config = HandConfig()

    def theirs_run() -> None:
        for blocks, win_tile, win_group, melds in args:
            calculate(blocks, win_tile, win_group, config, valued_tiles=VALUED_TILES, melds=melds)

    def ours_run() -> None:
        for reading in readings:
            fu(reading, tsumo=False, pinfu=False, seat_wind=SEAT_WIND, round_wind=ROUND_WIND)

    ours_totals = [fu(r, tsumo=False, pinfu=False, seat_wind=SEAT_WIND, round_wind=ROUND_WIND).total for r in readings]
    theirs_totals = [calculate(b, w, g, config, valued_tiles=VALUED_TILES, melds=m)[1] for b, w, g, m in args]
    agree = sum(a == b for a, b in zip(ours_totals, theirs_totals, strict=False))
    theirs_s = best_of(theirs_run, repeat)
    return Row("fu of each reading", "fu (nothing cached)", len(readings), best_of(ours_run, repeat), theirs_s, agree)


# --- report ----------------------------------------------------------------------------------------


def format_table(rows: list[Row]) -> str:
    """Plain aligned text, so the output reads the same in a terminal, a log or a commit message."""
    header = ("measurement", "variantlang entry point", "items", "ours µs", "mahjong µs", "ratio", "agree")
    lines = [header]
    previous: str | None = None
    for row in rows:
        lines.append(
            (
                row.task if row.task != previous else "",
                row.ours,
                str(row.items),
                f"{row.ours_s / row.items * 1e6:.2f}",
                f"{row.theirs_s / row.items * 1e6:.2f}",
                f"{row.ratio:.1f}x" if row.ratio >= 1 else f"{row.ratio:.2f}x",
                f"{row.agree}/{row.items}",
            )
        )
        previous = row.task
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    left = {0, 1}
    out = []
    for n, line in enumerate(lines):
        cells = [
            cell.ljust(w) if i in left else cell.rjust(w) for i, (cell, w) in enumerate(zip(line, widths, strict=False))
        ]
        out.append("  ".join(cells).rstrip())
        if n == 0:
            out.append("  ".join("-" * w for w in widths))
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=5000, help="random hands per measurement (default 5000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the one random.Random all inputs come from")
    parser.add_argument("--repeat", type=int, default=5, help="timed passes per figure; the best is kept (default 5)")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.repeat < 1:
        parser.error("--hands and --repeat must be at least 1")

    # All inputs from one generator, drawn in a fixed order: the run is reproducible from the seed.
    rng = random.Random(args.seed)
    hands13 = [random_counts(rng, 13) for _ in range(args.hands)]
    hands14 = [random_counts(rng, 14) for _ in range(args.hands)]
    sanma13 = [random_counts(rng, 13, SANMA_TILES) for _ in range(args.hands)]
    complete = [convert(random_complete_hand(rng)) for _ in range(args.hands)]

    python = f"{platform.python_implementation()} {sys.version.split()[0]}"
    print(f"Python {python} on {platform.system()} {platform.machine()}")
    print(f"variantlang {version('variantlang')}, mahjong {version('mahjong')}")
    print(f"hands={args.hands} seed={args.seed} repeat={args.repeat}: best of {args.repeat} passes, µs per item,")
    print("ratio = mahjong / ours (above 1: we are faster)")
    print()

    rows = bench_shanten("shanten, 13 tiles", hands13, three_player=False, repeat=args.repeat)
    rows += bench_shanten("shanten, 14 tiles", hands14, three_player=False, repeat=args.repeat)
    rows += bench_shanten("shanten, 3-player 13", sanma13, three_player=True, repeat=args.repeat)
    decomposition_rows, cache_note = bench_decompositions(complete, args.repeat)
    rows += decomposition_rows
    rows.append(bench_fu(complete, args.repeat))

    print(format_table(rows))
    print()
    print("Notes:")
    print("- Cold is reported separately from warm. variantlang fills its tables on first use (the design):")
    print("  shanten cold = one pass over a freshly built ShantenTables (construction not timed);")
    print("  decomposition cold = best pass with variantlang.hand.decomposition.clear_split_cache() before each pass.")
    print("  Warm = best of R passes after an untimed pass has filled the tables. mahjong keeps no tables")
    print("  for shanten or fu, so its one figure is compared with both.")
    print(f"- {cache_note}")
    print("- mahjong melds are built before timing, their cached tiles_34 filled; the garbage collector is")
    print("  off during timed passes (timeit default) for both libraries.")
    print("- agree: items where both give the same shanten / number of decompositions (thirteen orphans,")
    print("  which mahjong does not decompose, excluded) / fu total.")


if __name__ == "__main__":
    main()
