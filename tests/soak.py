"""A random-orders soak: a variant played for many game years with seeded random orders, checked after every phase.

Each phase every power orders each of its units at random (hold, a move to a
neighbour, a support of a neighbour, a convoy by a fleet at sea, now and then
an order for a unit it may not order), retreats or disbands at random, and
builds or removes at random (sometimes too few, so civil-disorder removals
run).  After each phase the position must be legal:

* every unit on a place it may stand on (no army at sea, no fleet inland, none
  off the board), at most one unit per province;
* centres owned by one owner each, only real centres, none by a non-power;
* after each Winter, no power with more units than centres;
* the position survives its JSON form (``judge adjudicate``'s state) unchanged.

``tests/diplomacy1618/test_soak.py`` runs a few years; ``bench/soak.py`` the
200 years of issue 14.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from judge.engine import Build, Convoy, Disband, GameState, Hold, Move, Remove, Retreat, Support, Unit, Variant
from judge.engine import Waive, adjudicate
from judge.engine.codec import state_from_json, state_to_json
from judge.engine.geography import Terrain


@dataclass
class SoakReport:
    """What a soak played: its counts, and the first illegal position (empty if none)."""

    phases: int = 0
    years: int = 0
    orders: int = 0
    dislodged: int = 0
    builds: int = 0
    victories: list[tuple[str, str]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def soak(variant: Variant, years: int, seed: int | str = 1) -> SoakReport:
    """Play ``years`` game years from the variant's opening with random orders; stop at the first problem."""
    rng = random.Random(f"soak/{variant.name}/{seed}")
    state = variant.ruleset.initial_state()
    first_year = state.phase.year
    report = SoakReport()
    while state.phase.year < first_year + years and not report.problems:
        orders = _orders(variant, state, rng)
        report.orders += sum(len(o) for o in orders.values())
        outcome = adjudicate(variant, state, orders)
        report.phases += 1
        report.dislodged += len(outcome.state.dislodged) if state.phase.kind == "M" else 0
        report.builds += sum(1 for r in outcome.results if r.message == "built")
        winter_over = state.phase.kind == "A" or outcome.state.phase.year > state.phase.year
        report.problems += [f"{state.phase}: {p}" for p in check_position(variant, outcome.state, winter_over)]
        result = variant.ruleset.game_result(outcome.state)
        if result is not None and result[0] == "victory":
            report.victories.append((str(state.phase), ",".join(result[1])))
        state = outcome.state
    report.years = state.phase.year - first_year
    return report


def check_position(variant: Variant, state: GameState, winter_over: bool) -> list[str]:
    """Every way the position is illegal (empty when it is legal)."""
    board, problems = variant.map, []
    standing: dict[str, str] = {}
    for owner, units in state.units.items():
        for unit in units:
            problems += [f"{owner} {unit}: {p}" for p in _misplaced(variant, unit)]
            province = board.province_of_or_none(unit.location) or unit.location
            if province in standing:
                problems.append(f"{owner} {unit} and {standing[province]} share {province}")
            standing[province] = f"{owner} {unit}"
    owned: dict[str, str] = {}
    for owner, centres in state.centers.items():
        if centres and owner not in board.powers:
            problems.append(f"{owner} owns centres {sorted(centres)}")
        for centre in centres:
            if centre not in board.centers:
                problems.append(f"{owner} owns {centre}, which is no centre")
            if centre in owned:
                problems.append(f"{centre} is owned by {owned[centre]} and {owner}")
            owned[centre] = owner
        if winter_over and state.unit_count(owner) > len(centres):
            problems.append(f"{owner} has {state.unit_count(owner)} units and {len(centres)} centres after Winter")
    again = state_from_json(variant, state_to_json(state))
    if state_to_json(again) != state_to_json(state):
        problems.append("the position changes through its JSON form")
    return problems


def _misplaced(variant: Variant, unit: Unit) -> list[str]:
    board = variant.map
    if not board.is_location(unit.location):
        return ["no such place"]
    province = board.province_of(unit.location)
    terrain = board.provinces[province].terrain
    if province in board.offboard:
        return ["off the board"]
    if unit.type == "A" and terrain is Terrain.SEA:
        return ["an army at sea"]
    if unit.type == "F" and terrain is Terrain.LAND:
        return ["a fleet inland"]
    return []


def _orders(variant: Variant, state: GameState, rng: random.Random) -> dict[str, list[Any]]:
    kind = state.phase.kind
    if kind == "R":
        return _retreats(state, rng)
    if kind == "A":
        return _adjustments(variant, state, rng)
    return _movement(variant, state, rng)


def _movement(variant: Variant, state: GameState, rng: random.Random) -> dict[str, list[Any]]:
    board = variant.map
    everyone = [(owner, unit) for owner, units in state.units.items() for unit in units]
    orders: dict[str, list[Any]] = {}
    for owner, unit in everyone:
        power = owner if owner in board.powers else rng.choice(sorted(board.powers))  # a void order now and then
        if owner not in board.powers and rng.random() < 0.5:
            continue
        orders.setdefault(power, []).append(_unit_order(variant, unit, everyone, rng))
    for power in board.powers:
        if rng.random() < 0.6:
            orders[power] = orders.get(power, []) + _attack(variant, state, power, rng)  # the last order counts
    return orders


def _reach(variant: Variant, unit: Unit) -> frozenset[str]:
    board = variant.map
    if unit.type == "A":
        return board.army_adjacency.get(board.province_of(unit.location), frozenset())
    return frozenset(board.province_of(t) for t in board.fleet_adjacency.get(unit.location, ()))


def _attack(variant: Variant, state: GameState, power: str, rng: random.Random) -> list[Any]:
    """A supported attack on a foreign unit, when two of the power's units can reach it: dislodgements happen."""
    board = variant.map
    theirs = {board.province_of(u.location) for owner, us in state.units.items() if owner != power for u in us}
    mine = list(state.units.get(power, []))
    rng.shuffle(mine)
    for a in mine:
        for b in mine:
            targets = sorted((_reach(variant, a) & _reach(variant, b) & theirs) - {board.province_of(b.location)})
            if a != b and targets:
                goal = rng.choice(targets)
                goal_loc = goal if a.type == "A" else next(t for t in board.fleet_adjacency[a.location]
                                                            if board.province_of(t) == goal)
                return [Move(a.type, a.location, goal_loc), Support(b.type, b.location, a.type, a.location, goal)]
    return []


def _unit_order(variant: Variant, unit: Unit, everyone: Sequence[tuple[str, Unit]], rng: random.Random) -> Any:
    board = variant.map
    own = board.army_adjacency if unit.type == "A" else board.fleet_adjacency
    legal = own.get(board.province_of(unit.location) if unit.type == "A" else unit.location, frozenset())
    near = sorted(legal if legal and rng.random() < 0.9 else board.neighbours(unit.location))  # some illegal
    roll = rng.random()
    if roll < 0.15 or not near:
        return Hold(unit.type, unit.location)
    if roll < 0.65:
        return Move(unit.type, unit.location, rng.choice(near))
    neighbours = [u for _, u in everyone if board.province_of(u.location) in {board.province_of(n) for n in near}]
    if roll < 0.9 and neighbours:
        other = rng.choice(neighbours)
        targets = sorted(board.neighbours(other.location) & {board.province_of(n) for n in near})
        into = rng.choice(targets) if targets and rng.random() < 0.6 else None
        return Support(unit.type, unit.location, other.type, other.location, into)
    armies = [u for _, u in everyone if u.type == "A"]
    if unit.type == "F" and board.terrain(unit.location) is Terrain.SEA and armies:
        army = rng.choice(armies)
        return Convoy(unit.type, unit.location, army.location, rng.choice(sorted(board.centers)))
    return Move(unit.type, unit.location, rng.choice(near))


def _retreats(state: GameState, rng: random.Random) -> dict[str, list[Any]]:
    orders: dict[str, list[Any]] = {}
    for d in state.dislodged:
        choice = rng.choice([*d.retreats, None, None]) if d.retreats else None
        order = Retreat(d.unit.type, d.unit.location, choice) if choice else Disband(d.unit.type, d.unit.location)
        if rng.random() < 0.9:  # now and then no order: the unit is disbanded
            orders.setdefault(d.power, []).append(order)
    return orders


def _adjustments(variant: Variant, state: GameState, rng: random.Random) -> dict[str, list[Any]]:
    ruleset, orders = variant.ruleset, {}
    for power in variant.map.powers:
        owed = ruleset.adjustment_count(state, power)
        mine: list[Any] = []
        if owed > 0:
            sites = list(ruleset.build_sites(state, power)) + ["SWX", "BAL"]  # and some that must be refused
            for _ in range(owed + rng.randrange(2)):
                if rng.random() < 0.1:
                    mine.append(Waive())
                else:
                    mine.append(Build(rng.choice("AF"), rng.choice(sites)))
        elif owed < 0:
            units = list(state.units.get(power, []))
            rng.shuffle(units)
            mine = [Remove(u.type, u.location) for u in units[:-owed - rng.randrange(2)]]
        if mine:
            orders[power] = mine
    return orders
