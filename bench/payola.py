#!/usr/bin/env python3
"""Benchmark Payola order determination against the movement adjudication of the same phase, and the drain attack.

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

Last, the drain attack of issue 21 (``tests/payola/drain.py``): France, with
48 AgP, offers a million AgP to hold its army in Paris, or a million to each
of twenty units for one of 15–17 orders; determination is timed on those
sheets and on the same sheets with offers of 100 AgP, and the ratio printed:
near 1, since the over-expenditure loop's rounds do not grow with the amounts.

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
from tests.payola.drain import ATTACKER, BALANCE, drain_lines, hold_line, read_sheet  # noqa: E402

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
    parser.add_argument("--coupled", type=int, metavar="AMOUNT",
                        help="also time the worst sheets known for rule 5.5 in rounds, with offers of AMOUNT")
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
    _drain(variant, args.repeat)
    if args.coupled:
        _coupled(variant, args.coupled)
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


#: the drain attack's offers, and the small amount its sheets are timed with for comparison
MILLION, SMALL = 1_000_000, 100


def _drain(variant: Variant, repeat: int) -> None:
    """Issue 21: determination with offers of a million AgP against 48, and of 100 on the same sheets."""
    state = variant.ruleset.initial_state()
    balances = {power: BALANCE for power in state.units}
    for name, lines in (("one A PAR H", hold_line), ("twenty offers of 15-17 orders",
                                                     lambda a: drain_lines(variant, state, a))):
        spent, rounds, reductions = {}, {}, {}
        for amount in (MILLION, SMALL):
            sheets = {ATTACKER: read_sheet(variant, state, lines(amount))}
            best = float("inf")
            for _ in range(repeat * 20):
                start = time.perf_counter()
                done = determine(variant.map, variant.ruleset, state, sheets, balances, {}, "drain")
                best = min(best, time.perf_counter() - start)
            spent[amount], rounds[amount] = best, done.rounds
            reductions[amount] = done.ledgers[ATTACKER].reductions
        print(f"drain attack, {name}: {MILLION:,} AgP {spent[MILLION] * 1000:.3f} ms "
              f"({rounds[MILLION]} rounds for {reductions[MILLION]:,} passes), {SMALL} AgP "
              f"{spent[SMALL] * 1000:.3f} ms ({rounds[SMALL]} rounds for {reductions[SMALL]} passes), "
              f"ratio {spent[MILLION] / spent[SMALL]:.2f}")


#: six powers' offers that take turns at Munich and Vienna without coming back to one place (``--coupled``)
COUPLED = {
    "AUSTRIA": ["48*{a} & A MUN - BUR", "32*{a} : A VIE - TRI", "21*{a}#{fifth} : A VIE - BOH | - BUD"],
    "ENGLAND": ["1*{a} : A MUN - BER"], "TURKEY": ["70*{a}#{third} : A MUN - SIL | - RUH"],
    "FRANCE": ["54*{a} : A VIE - GAL", "39*{a} : A VIE - GAL"],
    "GERMANY": ["46*{a} > A VIE - GAL", "61*{a}#{half} : A VIE - BUD", "71*{a} ! A PAR - BRE | - BUR"],
    "ITALY": ["24*{a}#{third} : A MUN - BUR | - KIE", "68*{a} > A VIE - TRI | - GAL", "5*{a} ! A MUN - BER | - SIL"]}
COUPLED_BALANCES = {"ENGLAND": 5, "FRANCE": 13, "GERMANY": 21, "ITALY": 32, "AUSTRIA": 39, "RUSSIA": 23, "TURKEY": 58}


def _coupled(variant: Variant, amount: int) -> None:
    """The worst sheets a random search found for the loop of 5.5 in rounds: its rounds grow with the amounts."""
    state = variant.ruleset.initial_state()
    values = {"a": amount, "half": amount // 2, "third": amount // 3, "fifth": amount // 5}
    sheets = {power: read_sheet(variant, state, [line.format(**values) for line in lines])
              for power, lines in COUPLED.items()}
    start = time.perf_counter()
    done = determine(variant.map, variant.ruleset, state, sheets, COUPLED_BALANCES, {}, "coupled")
    passes = max(ledger.reductions for ledger in done.ledgers.values())
    print(f"coupled turns at {amount:,} AgP: {time.perf_counter() - start:.2f} s, {done.rounds:,} rounds "
          f"for up to {passes:,} passes a power")


def _report(n: int, offers: int, done: list[Determination], best_lines: float, best_read: float, best_det: float,
            best_adj: float) -> None:
    """The figures per phase, and whether determination costs less than the adjudication (issue 12's goal)."""
    passes = sum(led.reductions for d in done for led in d.ledgers.values())
    rounds = sum(d.rounds for d in done)
    print(f"{n} phases of {UNITS} units, 7 sheets of ~{BRIBED} units bribed each "
          f"({offers / n:.0f} offers a phase; rule 5.5 cut the offers of a power {passes / n:.1f} times a phase, "
          f"in {rounds / n:.1f} rounds)")
    print(f"offer lines read:        {best_lines / n * 1000:8.3f} ms per phase (each line as its mail comes, "
          "and again from the store when the phase is played)")
    print(f"  of which prepare:       {best_read / n * 1000:8.3f} ms per phase (OfferReader: the orders as the board reads them)")
    print(f"order determination:     {best_det / n * 1000:8.3f} ms per phase")
    print(f"movement adjudication:   {best_adj / n * 1000:8.3f} ms per phase")
    ratio = best_det / best_adj
    print(f"ratio determination / adjudication: {ratio:.2f} (goal below 1: {'met' if ratio < 1 else 'not met'})")


if __name__ == "__main__":
    sys.exit(main())
