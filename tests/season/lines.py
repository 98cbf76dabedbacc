"""The lines a simulated player mails for one phase, worked out from the game's stored position.

Unit orders are legal and simple (a hold, or a move to a neighbouring
province the unit may enter, as ``bench/archive.py`` plays); retreats go to a
place the unit may retreat to; builds go on free home centres, removals take
the power's own units.  Each variant's other inputs get the simplest line that
meets them, as the demo scripts write them: Europe 1615's INF lines
(``9: WUR``), a ballot vote (``+1 = Wallenstein``), a minor's disband, an
attack (``HES > SPAIN``); a Payola sheet is the bare orders (a 0 AgP offer
each) and now and then a small offer.  The judge checks every line when it
arrives, so a line these rules get wrong shows in the reply, never in the game.
"""

from __future__ import annotations

import random
from typing import Any

from judge.engine.orders import Unit
from judge.engine.retreats import retreat_options
from judge.engine.state import GameState
from judge.engine.variant import Variant
from judge.reading.lines import read_line
from judge.reading.order_reader import OrderError
from judge.turns.gameview import check_order, due
from judge.variants import line_reader
from judge.variants.europe1615.ballots import CANCEL, ballot_items
from judge.variants.europe1615.checks import disband_choices, item_label


def phase_lines(variant: Variant, state: GameState, power: str, rng: random.Random) -> list[str]:
    """Every line ``power`` owes this phase: an order for each unit due, its adjustments, its other inputs."""
    owed = due(variant, state, power)
    keys = [key for key, _ in owed.inputs]
    if state.phase.kind == "R":
        lines = [_retreat(variant, state, Unit.parse(u), rng) for u in owed.units]
    elif state.phase.kind == "A":
        lines = _adjustments(variant, state, power, owed.adjustments, rng)
    else:  # a Payola sheet orders the power's own units
        units = [Unit.parse(u) for u in owed.units] or (list(state.units.get(power, [])) if "SHEET" in keys else [])
        lines = [*_influence(variant, state, power, rng), *(_unit_order(variant, state, u, rng) for u in units)]
        lines += _small_offer(state, power, rng) if "SHEET" in keys else []
    for key in dict.fromkeys(keys):
        lines += _input(variant, state, power, key, keys.count(key), rng)
    return lines


def _unit_order(variant: Variant, state: GameState, unit: Unit, rng: random.Random) -> str:
    """A hold, or (three times in four) a move to a neighbouring province the unit may enter."""
    board, ruleset = variant.map, variant.ruleset
    owner = next((o for o, us in state.units.items() if unit in us), "")
    near = sorted(p for p in board.neighbours(unit.location)
                  if board.can_reach_province(unit.type, unit.location, p)
                  and ruleset.may_enter(state, owner, unit, p))
    if not near or rng.random() < 0.25:
        return f"{unit.type} {unit.location} H"
    target = rng.choice(near)
    if unit.type == "F":
        target = rng.choice(board.fleet_targets(unit.location, target))
    return f"{unit.type} {unit.location} - {target}"


def _retreat(variant: Variant, state: GameState, unit: Unit, rng: random.Random) -> str:
    found = next(d for d in state.dislodged if d.unit == unit)
    options = retreat_options(variant.map, state, found)
    if options and rng.random() < 0.8:
        return f"{unit.type} {unit.location} - {rng.choice(sorted(options))}"
    return f"{unit.type} {unit.location} DISBAND"


def _adjustments(variant: Variant, state: GameState, power: str, owed: int, rng: random.Random) -> list[str]:
    """Builds on free home centres (WAIVE for the rest), or removals of the power's own units."""
    if owed < 0:
        units = sorted(state.units.get(power, []), key=str)
        rng.shuffle(units)
        return [f"REMOVE {u}" for u in units[:-owed]]
    if owed == 0:
        return []
    board, ruleset = variant.map, variant.ruleset
    met = ruleset.orders_meet(state)
    taken = {board.province_of(u.location) for us in met.units.values() for u in us}
    free = sorted({board.province_of(s) for s in ruleset.build_sites(met, power)} - taken)
    rng.shuffle(free)
    builds = [b for b in (_build(variant, state, power, site) for site in free) if b][:owed]
    return builds + ["WAIVE"] * (owed - len(builds))


def _build(variant: Variant, state: GameState, power: str, site: str) -> str:
    """An army on ``site``, or a fleet where the rules want one there ("" if neither may be built)."""
    for line in (f"BUILD A {site}", f"BUILD F {site}"):
        try:
            if not check_order(variant, state, power, read_line(variant, state, line))[1]:
                return line
        except OrderError:  # a split coast: the fleet needs its coast, the army will do elsewhere
            continue
    return ""


def _influence(variant: Variant, state: GameState, power: str, rng: random.Random) -> list[str]:
    """Europe 1615, in spring: some of the year's INFs (``allocation``) on one or two minor states that take them."""
    budget = int(state.extra.get("allocation", {}).get(power, 0))
    states = sorted(state.extra.get("status", {}))
    if state.phase.season != "S" or state.phase.kind != "M" or budget < 2 or not states:
        return []
    chosen = rng.sample(states, min(len(states), rng.randint(1, 3)))
    share = max(1, budget // (2 * len(chosen)))
    return _standing(variant, state, power, [f"{share}: {name}" for name in chosen])


def _standing(variant: Variant, state: GameState, power: str, lines: list[str]) -> list[str]:
    """The lines the judge will take on arrival (its own check: a state captured, barred by a modifier...)."""
    reader = line_reader(variant.name, variant.overrides)
    kept: list[str] = []
    earlier: list[Any] = []
    for line in lines:
        value = read_line(variant, state, line)
        if reader is None or not reader.check(value, power, state, earlier)[0]:
            kept.append(line)
            earlier.append(value)
    return kept


def _small_offer(state: GameState, power: str, rng: random.Random) -> list[str]:
    """Payola, now and then: one AgP on a hold of one of the power's own units (its sheet is its orders)."""
    treasury = state.extra.get("treasury", {})
    mine = sorted(state.units.get(power, []), key=str)
    if not mine or int(treasury.get(power, 0)) < 1 or rng.random() < 0.5:
        return []
    return [f"1 : {rng.choice(mine)} H"]


def _input(variant: Variant, state: GameState, power: str, key: str, count: int, rng: random.Random) -> list[str]:
    """The simplest lines meeting ``count`` of one of the variant's inputs due (``Ruleset.inputs_due``)."""
    ruleset: Any = variant.ruleset
    if key == "INF":  # the Payola editions' Influence phase: one INF in the power's own home box
        return [f"1: {power}"]
    if key == "ATTACK":
        return _attack(state, power)
    if key == "BALLOT" or key.startswith("BALLOT:"):
        return _ballot(ruleset, state, key)
    if key == "DISBAND":
        return _minor_disbands(ruleset, state, power, count, rng)
    return []  # SHEET: the orders are the sheet


def _attack(state: GameState, power: str) -> list[str]:
    """The first place where ``power`` and another power both have INFs: an attack on the other."""
    for place, by in sorted(state.extra.get("influence", {}).items()):
        others = sorted(q for q, n in by.items() if q != power and n)
        if by.get(power) and others:
            return [f"{place} > {others[0]}"]
    return []


def _ballot(ruleset: Any, state: GameState, key: str) -> list[str]:
    """One vote for the first modifier on the ballot, or for the modifier ``key`` names."""
    items = [k for k in ballot_items(ruleset.setup, state) if not k.startswith(CANCEL)]
    wanted = key.partition(":")[2] or (items[0] if items else "")
    return [f"+1 = {item_label(wanted)}"] if wanted else []


def _minor_disbands(ruleset: Any, state: GameState, power: str, count: int, rng: random.Random) -> list[str]:
    """Units of the aligned minor states that must lose units in Early Winter (R-v3-56)."""
    lines: list[str] = []
    for minor, n in sorted(disband_choices(ruleset.setup, state).get(power, {}).items()):
        units = sorted(state.units.get(minor, []), key=str)
        lines += [f"REMOVE {u}" for u in rng.sample(units, min(n, len(units)))]
    return lines[:count]
