#!/usr/bin/env python3
"""Benchmark Payola order determination against the movement adjudication of the same phase.

Random standard-map phases of 34 units (fixed seed) get seven full offer
sheets: every power bribes about 15 units, each with several alternatives
(direct offers, ``|`` lists, negative, move and hold offers, repetition and
plateaus), with balances low enough that every power overspends and the
reduction loop of rule 5.5 runs.  The script times, per phase (mean, best of
``--repeat``), what the judge does with the sheets:

* reading the offer lines (``PayolaLines.read`` with the position: the Lark
  parse, then ``prepare``, which reads each offer's orders against the board).
  The judge does it when each line arrives by mail, and again when the phase
  is played, since the store keeps the lines as text;
* of that, ``prepare`` alone (it hangs its result on the offer, ``Offer.read``);
* order determination (``determine``: rules 3.1–5.7, on offers read as above);
* the standard movement adjudication of the orders determination issued;

and prints the ratio determination / adjudication; then both timed phase by
phase as the judge plays a phase (its offers read just before).  Each timed
loop starts after a full collection of garbage (``_settled``).

    python bench/payola.py --phases 50 --seed 1
"""


from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from judge.engine.geography import Map, Terrain  # noqa: E402
from judge.engine.movement import adjudicate_movement  # noqa: E402
from judge.engine.orders import Hold, Move, Order, Support, Unit  # noqa: E402
from judge.engine.state import GameState, Phase  # noqa: E402
from judge.engine.variant import Variant  # noqa: E402
from judge.reading.payola import PayolaLines  # noqa: E402
from judge.variants import load_variant  # noqa: E402
from judge.variants.payola.determination import Determination, determine  # noqa: E402
from judge.variants.payola.offers import Amount, Offer, Savings  # noqa: E402
from judge.variants.payola.prepared import OfferReader, units_by_province  # noqa: E402

UNITS = 34
BRIBED = 15


def _settled() -> float:
    """The clock, after a full collection: each timed loop pays for its own garbage, not for the loop's before it.

    Without it the collector's full pass over the arrival's (or the other
    path's) objects falls into whichever loop allocates next, which made the
    figures of a path swing by half between runs.
    """
    gc.collect()
    return time.perf_counter()


def random_position(board: Map, rng: random.Random) -> GameState:
    """34 units on distinct provinces, shared among the seven powers."""
    powers = sorted(board.powers)
    provinces = sorted(board.provinces)
    rng.shuffle(provinces)
    units: dict[str, list[Unit]] = {p: [] for p in powers}
    for i, province in enumerate(provinces[:UNITS]):
        terrain = board.provinces[province].terrain
        kind = "A" if terrain == Terrain.LAND else "F" if terrain == Terrain.SEA else rng.choice("AF")
        location = rng.choice(board.locations_of(province)) if kind == "F" else province
        if kind == "F" and not board.fleet_adjacency.get(location):
            kind, location = "A", province
        units[powers[i % len(powers)]].append(Unit(kind, location))
    return GameState(Phase.parse("S1901M"), units)


def moves_of(board: Map, unit: Unit) -> list[Order]:
    """A unit's moves to its neighbours, its hold, and supports into those neighbours."""
    if unit.type == "A":
        near = sorted(board.army_adjacency.get(board.province_of(unit.location), ()))
    else:
        near = sorted(board.fleet_adjacency.get(unit.location, ()))
    orders: list[Order] = [Hold(unit.type, unit.location)]
    orders += [Move(unit.type, unit.location, n) for n in near]
    orders += [Support(unit.type, unit.location, None, board.province_of(n)) for n in near[:2]]
    return orders


def random_offer(board: Map, unit: Unit, rng: random.Random) -> Offer:
    orders = rng.sample(moves_of(board, unit), k=min(rng.randint(1, 3), len(moves_of(board, unit))))
    kind = rng.choice(":::::!>@")
    amounts = [Amount(rng.randint(1, 9))]
    if rng.random() < 0.3:
        amounts.append(Amount(rng.randint(1, 4), times=rng.randint(2, 4), plateau=rng.randint(0, 1)))
    return Offer(tuple(amounts), kind, unit, tuple(orders))


def random_sheets(board: Map, state: GameState, rng: random.Random) -> dict[str, list[object]]:
    every = [u for us in state.units.values() for u in us]
    sheets: dict[str, list[object]] = {}
    for power in state.units:
        sheet: list[object] = [Savings(rng.randint(0, 5))]
        for unit in rng.sample(every, BRIBED):
            sheet += [random_offer(board, unit, rng) for _ in range(rng.randint(2, 4))]
        sheets[power] = sheet
    return sheets


def arrive(board: Map, state: GameState, sheets: dict[str, list[object]]) -> dict[str, list[object]]:
    """The sheets as the line reader hands them over: each offer read against the board (``Offer.read``)."""
    reader = OfferReader(board, units_by_province(board, state))
    return {power: [Offer(v.amounts, v.kind, v.unit, v.orders, reader.read(v)) if isinstance(v, Offer) else v
                    for v in sheet] for power, sheet in sheets.items()}


def read_lines(variant: Variant, phases: list[tuple[GameState, dict[str, list[object]], dict[str, int]]],
               repeat: int) -> float:
    """The offers as text lines read with the position (``PayolaLines.read``), best of ``repeat``, in seconds."""
    reader = PayolaLines(variant.map, variant.ruleset)
    lines = [(state, [str(v) for s in sheets.values() for v in s if isinstance(v, Offer)])
             for state, sheets, _ in phases]
    best = float("inf")
    for _ in range(repeat):
        start = _settled()
        for state, texts in lines:
            for text in texts:
                reader.read(text, state)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phases", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="timing repetitions; the best is reported")
    args = parser.parse_args()
    variant = load_variant("payola")
    plain = Variant("standard", variant.map, load_variant("standard").ruleset)
    rng = random.Random(args.seed)
    phases = []
    for _ in range(args.phases):
        state = random_position(variant.map, rng)
        balances = {p: rng.randint(20, 80) for p in state.units}
        phases.append((state, random_sheets(variant.map, state, rng), balances))
    offers = sum(isinstance(v, Offer) for _, sheets, _ in phases for s in sheets.values() for v in s)
    best_lines = read_lines(variant, phases, args.repeat)
    best_read = best_det = best_adj = float("inf")
    done: list[Determination] = []
    for _ in range(args.repeat):
        start = _settled()
        ready = [arrive(variant.map, state, sheets) for state, sheets, _ in phases]
        best_read = min(best_read, time.perf_counter() - start)
        start = _settled()
        done = [determine(variant.map, variant.ruleset, state, sheets, balances, {}, "bench")
                for (state, _, balances), sheets in zip(phases, ready)]
        best_det = min(best_det, time.perf_counter() - start)
        start = _settled()
        for (state, _, _), determined in zip(phases, done):
            adjudicate_movement(plain, state, determined.orders)
        best_adj = min(best_adj, time.perf_counter() - start)
    _report(len(phases), offers, done, best_lines, best_read, best_det, best_adj)
    _as_played(variant, plain, phases, args.repeat)
    return 0


def _as_played(variant: Variant, plain: Variant,
               phases: list[tuple[GameState, dict[str, list[object]], dict[str, int]]], repeat: int) -> None:
    """Each phase as the judge plays it: its offers read (not timed), then determination and adjudication at once.

    The figures above take the phases one loop at a time, after every phase's
    offers were read, so each determination reads offers made 50 phases
    earlier; the judge reads a phase's stored lines just before it determines
    that phase.  This loop does the same, to show whether the order of the
    loops decides the ratio.
    """
    best_det = best_adj = float("inf")
    for _ in range(repeat):
        spent_det = spent_adj = 0.0
        _settled()
        for state, sheets, balances in phases:
            ready = arrive(variant.map, state, sheets)
            start = time.perf_counter()
            done = determine(variant.map, variant.ruleset, state, ready, balances, {}, "bench")
            middle = time.perf_counter()
            adjudicate_movement(plain, state, done.orders)
            spent_det += middle - start
            spent_adj += time.perf_counter() - middle
        best_det, best_adj = min(best_det, spent_det), min(best_adj, spent_adj)
    n = len(phases)
    print(f"as the judge plays a phase (its lines read just before): determination {best_det / n * 1000:.3f} ms, "
          f"adjudication {best_adj / n * 1000:.3f} ms, ratio {best_det / best_adj:.2f}")


def _report(n: int, offers: int, done: list[Determination], best_lines: float, best_read: float, best_det: float,
            best_adj: float) -> None:
    """The figures per phase, and whether determination costs less than the adjudication (issue 12's goal)."""
    passes = sum(led.reductions for d in done for led in d.ledgers.values())
    print(f"{n} phases of {UNITS} units, 7 sheets of ~{BRIBED} units bribed each "
          f"({offers / n:.0f} offers a phase; rule 5.5 cut the offers of a power {passes / n:.1f} times a phase)")
    print(f"offer lines read:        {best_lines / n * 1000:8.3f} ms per phase (each line as its mail comes, "
          "and again from the store when the phase is played)")
    print(f"  of which prepare:       {best_read / n * 1000:8.3f} ms per phase (OfferReader: the orders as the board reads them)")
    print(f"order determination:     {best_det / n * 1000:8.3f} ms per phase")
    print(f"movement adjudication:   {best_adj / n * 1000:8.3f} ms per phase")
    ratio = best_det / best_adj
    print(f"ratio determination / adjudication: {ratio:.2f} (goal below 1: {'met' if ratio < 1 else 'not met'})")


if __name__ == "__main__":
    sys.exit(main())
