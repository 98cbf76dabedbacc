"""The drain attack of issue 21: offers of a million AgP against a balance of 48, the sheets as text lines.

Rule 5.5 takes one silver piece off each offer of an overspending power per
pass, so a loop that makes the passes one by one makes about a million of
them.  These sheets are built from real orders of the standard map's Spring
1901 position: France (48 AgP) sends either one ``A PAR H`` or twenty offers,
each to another unit, of 15–17 orders (its moves and supports, all legal), all
for the same amount.  The bench (``bench/payola.py``) and the tests
(``tests/payola/test_drain.py``) share them.

>>> from judge.variants import load_variant
>>> variant = load_variant("payola")
>>> lines = drain_lines(variant, variant.ruleset.initial_state(), 1_000_000)
>>> len(lines), lines[0][:40]
(20, '1000000 : A BER - KIE | - MUN | - PRU | ')
"""

from __future__ import annotations

from collections.abc import Sequence

from judge.engine.orders import Hold, Move, Order, Support, Unit
from judge.engine.state import GameState
from judge.engine.variant import Variant
from judge.reading.payola import PayolaLines
from judge.variants.payola.legal import order_problem

#: the attacker and its balance (three centres: rule 2.1's 48 AgP)
ATTACKER, BALANCE = "FRANCE", 48
#: the most orders in one offer of the twenty-line sheet
ALTERNATIVES = 17


def unit_orders(variant: Variant, state: GameState, unit: Unit) -> list[Order]:
    """The unit's moves, then its supports of every other unit's hold or move into a province it reaches."""
    board = variant.map
    here = board.province_of(unit.location)
    near = sorted({board.province_of(n) for n in (board.army_adjacency.get(here, ()) if unit.type == "A"
                                                   else board.fleet_adjacency.get(unit.location, ()))})
    orders: list[Order] = [Move(unit.type, unit.location, n) for n in near]
    others = [u for us in state.units.values() for u in us if u != unit]
    for into in near:
        for other in others:
            there = board.province_of(other.location)
            if there == into:
                orders.append(Support(unit.type, unit.location, other.type, there))
            elif order_problem(board, other, Move(other.type, other.location, into)) == "":
                orders.append(Support(unit.type, unit.location, other.type, there, into))
    return [o for o in orders if order_problem(board, unit, o) == ""]


def drain_lines(variant: Variant, state: GameState, amount: int, count: int = 20) -> list[str]:
    """``count`` offers of ``amount`` to as many units (those with the most orders first), 15–17 orders each."""
    units = sorted((u for us in state.units.values() for u in us), key=str)
    ranked = sorted(units, key=lambda u: -len(unit_orders(variant, state, u)))[:count]
    lines = []
    for i, unit in enumerate(sorted(ranked, key=str)):
        orders = unit_orders(variant, state, unit)[:ALTERNATIVES - i % 3]
        rest = [str(o)[len(str(unit)) + 1:] for o in orders[1:]]
        lines.append(f"{amount} : " + " | ".join([str(orders[0]), *rest]))
    return lines


def hold_line(amount: int) -> list[str]:
    """The single offer: France pays its own army in Paris to hold."""
    return [f"{amount} : {Hold('A', 'PAR')}"]


def read_sheet(variant: Variant, state: GameState, lines: Sequence[str]) -> list[object]:
    """The lines as the reader hands them to determination, each read against the position on arrival."""
    reader = PayolaLines(variant.map, variant.ruleset)
    return [reader.read(line, state) for line in lines]


def par_drain(amount: int, count: int = 20) -> str:
    """Issue 21's mailed drain: ``count`` offers of ``amount`` to France's own army in Paris, each naming 17 of
    the supports it may give (3.1 allows a support of any unit), in turned orders so that no two lines are alike."""
    named = [f"S A {x} - {t}" for t in ("BUR", "PIC") for x in ("MUN", "MAR", "BER", "VEN", "ROM", "VIE", "BUD",
                                                               "WAR", "MOS")][:ALTERNATIVES]
    return "\n".join(f"{amount} : A PAR " + " | ".join(named[i:] + named[:i]) for i in range(count))
