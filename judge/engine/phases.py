"""One call per phase: pick the phase's adjudicator, then work out the next phase.

Movement (M), retreat (R) and adjustment (A) phases are built in; a ruleset
adds other kinds (influence, early winter, scoring) through its handlers.
Centres change hands when the ruleset's ownership season ends.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine.adjustments import adjudicate_adjustments
from judge.engine.movement import adjudicate_movement
from judge.engine.orders import AnyOrder
from judge.engine.results import PhaseOutcome
from judge.engine.retreats import adjudicate_retreats
from judge.engine.state import ADJUSTMENT, MOVEMENT, RETREAT, GameState, Phase
from judge.engine.variant import Variant

_BUILT_IN = {MOVEMENT: adjudicate_movement, RETREAT: adjudicate_retreats, ADJUSTMENT: adjudicate_adjustments}


class PhaseError(ValueError):
    """The state names a phase this variant does not play."""


def adjudicate(variant: Variant, state: GameState,
               orders: Mapping[str, Sequence[AnyOrder]]) -> PhaseOutcome:
    """Play ``state.phase`` with these orders; the outcome's state is at the next phase."""
    kind = state.phase.kind
    if (state.phase.season, kind) not in variant.ruleset.phase_cycle:
        raise PhaseError(f"{variant.name} has no phase {state.phase}")
    custom = variant.ruleset.phase_handlers().get(kind)
    if custom is not None:
        outcome = custom(state, orders)
    elif kind in _BUILT_IN:
        outcome = _BUILT_IN[kind](variant, state, orders)
    else:
        raise PhaseError(f"{variant.name} has no handler for phase kind {kind!r}")
    outcome.state = advance(variant, outcome.state)
    return outcome


def advance(variant: Variant, state: GameState) -> GameState:
    """Move ``state`` on to the next phase that has something to do."""
    cycle = variant.ruleset.phase_cycle
    position = cycle.index((state.phase.season, state.phase.kind))
    year = state.phase.year
    ownership = variant.ruleset.ownership_season()
    for _ in range(len(cycle) * 2):
        was = cycle[position][0]
        position += 1
        if position == len(cycle):
            position, year = 0, year + 1
        season, kind = cycle[position]
        if was == ownership and season != ownership:
            update_ownership(variant, state)
            variant.ruleset.ownership_settled(state)
        state.phase = Phase(season, year, kind)
        if phase_needed(variant, state):
            return state
    return state


def phase_needed(variant: Variant, state: GameState) -> bool:
    said = variant.ruleset.phase_needed(state)
    if said is not None:
        return said
    if state.phase.kind == RETREAT:
        return bool(state.dislodged)
    if state.phase.kind == ADJUSTMENT:
        return any(_adjustment_due(variant, state, power) for power in set(state.units) | set(state.centers))
    return True


def _adjustment_due(variant: Variant, state: GameState, power: str) -> bool:
    owed = variant.ruleset.adjustment_count(state, power)
    if owed < 0:
        return True
    if owed == 0:
        return False
    occupied = {variant.map.province_of(u.location) for us in state.units.values() for u in us}
    return any(site not in occupied for site in variant.ruleset.build_sites(state, power))


def update_ownership(variant: Variant, state: GameState) -> None:
    """Each supply centre with a unit on it passes to that unit's power."""
    board, ruleset = variant.map, variant.ruleset
    for power, units in state.units.items():
        for unit in units:
            province = board.province_of(unit.location)
            if not board.provinces[province].is_center:
                continue
            if not ruleset.may_capture(state, power, unit, province):
                continue
            for owned in state.centers.values():
                owned.discard(province)
            state.centers.setdefault(power, set()).add(province)
