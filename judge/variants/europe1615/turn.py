"""A movement phase of Version 3 in the text's four steps, and the retreats after it (R-v3-05).

(1) the INFs deployed this phase are placed; (2) the diplomatic attacks are
resolved; (3) the statuses follow from what is left; (4) the unit orders are
adjudicated by the standard engine, asking the ruleset's hooks, which read
the statuses of step 3.  The lettered units are followed as they move.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from judge.engine.movement import adjudicate_movement
from judge.engine.orders import Order, Waive
from judge.engine.results import OK, VOID, OrderResult, PhaseOutcome
from judge.engine.retreats import adjudicate_retreats
from judge.engine.state import GameState
from judge.engine.variant import Variant
from judge.variants.europe1615.attacks import resolve_attacks
from judge.variants.europe1615.influence import (
    apply_deployments,
    close_period,
    open_period,
)
from judge.variants.europe1615.inputs import (
    INPUT_NAMES,
    Agree,
    Attack,
    Deploy,
    Motion,
    Permit,
    WaiveCapture,
)
from judge.variants.europe1615.sanctions import record_motions
from judge.variants.europe1615.status import status_sheet
from judge.variants.europe1615.units import minor_starts, original_positions, special_positions
from judge.variants.europe1615.world import Setup, waived_by


@dataclass
class Sorted:
    """A phase's orders split by kind: unit orders for the engine, the rest by input type."""

    units: dict[str, list[Order | Waive]] = field(default_factory=dict)
    inputs: dict[type, dict[str, list[Any]]] = field(default_factory=dict)

    def of(self, kind: type) -> dict[str, list[Any]]:
        return self.inputs.get(kind, {})


def sort_orders(orders: Mapping[str, Sequence[Any]]) -> Sorted:
    found = Sorted()
    for power, given in orders.items():
        found.units.setdefault(power, [])
        for order in given:
            if isinstance(order, (Order, Waive)):  # a waived build is the engine's too
                found.units[power].append(order)
            else:
                found.inputs.setdefault(type(order), {}).setdefault(power, []).append(order)
    return found


def out_of_phase(found: Sorted, allowed: tuple[type, ...], phase: str) -> list[OrderResult]:
    """Inputs that this phase does not take are void, with the reason."""
    results = []
    for kind, by_power in found.inputs.items():
        if kind in allowed:
            continue
        for power, given in by_power.items():
            results += [OrderResult(power, "", g, VOID, f"not an order for {phase}") for g in given]
    return results


#: a move or retreat as the engine writes it: "A BOH - SAX", "BOH R SAX"
_MOVED = re.compile(r"^(?:[AF] )?\S+ (?:-|R) (\S+)")

MOVEMENT_INPUTS = (Deploy, Attack, WaiveCapture, Motion, Permit, Agree)


def play_movement(variant: Variant, setup: Setup, state: GameState,
                  orders: Mapping[str, Sequence[Any]]) -> PhaseOutcome:
    """R-v3-05 (R-1308-05), steps 1 to 4; the edition's INFs for the phase first (R-1308-06)."""
    found = sort_orders(orders)
    work = state.copy()
    open_period(setup, work)
    taken = tuple(kind for kind in MOVEMENT_INPUTS if INPUT_NAMES[kind] in setup.edition.inputs)
    results = out_of_phase(found, taken, "a movement phase")
    results += apply_deployments(setup, work, found.of(Deploy))                # step 1
    results += resolve_attacks(setup, work, found.of(Attack))                  # step 2
    work.extra["status"] = status_sheet(setup, work)                           # step 3
    results += record_side_inputs(setup, work, found)
    outcome = adjudicate_movement(variant, work, found.units)                  # step 4
    outcome.state.extra.pop("permitted", None)
    close_period(setup, outcome.state)
    follow_specials(setup, work, outcome)
    outcome.results = results + outcome.results
    return outcome


def play_retreats(variant: Variant, setup: Setup, state: GameState,
                  orders: Mapping[str, Sequence[Any]]) -> PhaseOutcome:
    found = sort_orders(orders)
    outcome = adjudicate_retreats(variant, state, found.units)
    follow_specials(setup, state, outcome)
    outcome.results = out_of_phase(found, (), "a retreat phase") + outcome.results
    return outcome


def record_side_inputs(setup: Setup, state: GameState, found: Sorted) -> list[OrderResult]:
    """Waived captures (R-v3-115), motions (R-v3-84), France's permits (R-v3-89), agreement (R-v3-126)."""
    results = []
    waived = state.extra.setdefault("waived", {})
    for power, given in sorted(found.of(WaiveCapture).items()):
        for order in given:
            province = setup.board.province_of_or_none(order.province.upper())
            if province is None:
                results.append(OrderResult(power, "", order, VOID, f"unknown province {order.province}"))
                continue
            waived[province] = sorted(set(waived_by(state, province)) | {power})  # each power waives for itself
            results.append(OrderResult(power, province, order, OK, f"{power} will not capture {province}"))
    results += record_motions(setup, state, dict(sorted(found.of(Motion).items())))
    results += _permits(state, found.of(Permit))
    for power, given in found.of(Agree).items():
        state.extra["agreed"] = sorted(set(state.extra.get("agreed", [])) | {power})
        results += [OrderResult(power, "", g, OK, "agrees to end the game") for g in given]
    return results


def _permits(state: GameState, given: Mapping[str, list[Permit]]) -> list[OrderResult]:
    results = []
    for power, permits in given.items():
        for permit in permits:
            if power != "FRANCE":
                results.append(OrderResult(power, "", permit, VOID, "only France grants passage (Treaty of Lyon)"))
                continue
            state.extra.setdefault("permitted", []).append(permit.province.upper())
            results.append(OrderResult(power, "", permit, OK, f"Spain may pass through {permit.province} this phase"))
    return results


def follow_specials(setup: Setup, before: GameState, outcome: PhaseOutcome) -> None:
    """Keep ``extra["special"]`` on the lettered units, and ``extra["originals"]`` on the minor states' original units."""
    positions = special_positions(setup, before)
    if positions or "special" in before.extra:
        now: dict[str, str] = {}
        lost = list(outcome.state.extra.get("lost_specials", []))
        for letter, where in positions.items():
            found = _where_now(setup, setup.specials[letter][0], where, outcome)
            if found:
                now[letter] = found
            elif letter not in lost:
                lost.append(letter)
        outcome.state.extra["special"] = now
        if lost:
            outcome.state.extra["lost_specials"] = lost
    owners = minor_starts(setup)
    originals = {start: _where_now(setup, owners[start], where, outcome)
                 for start, where in original_positions(setup, before).items()}
    outcome.state.extra["originals"] = {start: where for start, where in originals.items() if where}


def _where_now(setup: Setup, owner: str, where: str, outcome: PhaseOutcome) -> str:
    board = setup.board
    units = outcome.state.units.get(owner, [])
    for r in outcome.results:
        if r.power != owner or r.unit != where or r.result != OK:
            continue
        moved = _MOVED.match(r.order)
        if moved:
            target = board.province_of_or_none(moved.group(1))
            return next((str(u) for u in units if board.province_of(u.location) == target), "")
    if any(str(u) == where for u in units) or any(str(d.unit) == where for d in outcome.state.dislodged):
        return where
    return ""
