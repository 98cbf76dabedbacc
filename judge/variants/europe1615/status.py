"""Political and religious status of the minor states, and the counterbalance (R-v3-19 to R-v3-35).

Statuses are worked out from the INFs present (after attacks: A-v3-03) and
who holds what, whenever they are needed, so they can never disagree with
the position; :func:`status_sheet` writes them out for the results.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from judge.engine.state import GameState
from judge.variants.europe1615.modifiers import UNLOCKED_BY
from judge.variants.europe1615.tables import (
    ALIGNED,
    CAPTURED,
    CATHOLIC,
    COUNTERBALANCE_RATIO,
    ISLAMIC,
    KETZENHAMMER,
    NEUTRAL,
    PROTESTANT,
    TOLERANT,
    UNALIGNED,
    WIDERSTAND,
    religious_minimum,
)
from judge.variants.europe1615.thresholds import (
    political_by_threshold,
    religion_by_threshold,
)
from judge.variants.europe1615.world import (
    Setup,
    active_powers,
    allocation,
    captured,
    holder,
    holdings,
    home_centres,
    pliant,
    states,
)


def influence_in(state: GameState, minor: str) -> dict[str, int]:
    """INFs present in a state, per power (only powers that have some)."""
    return {p: int(n) for p, n in state.extra.get("influence", {}).get(minor, {}).items() if int(n) > 0}


def modifiers_in_force(state: GameState) -> list[str]:
    return list(state.extra.get("modifiers", []))


def locked(setup: Setup, state: GameState, minor: str) -> bool:
    """R-v3-14, R-v3-15: Morocco and Catalonia take no INFs until their modifier passes (editions with modifiers)."""
    key = UNLOCKED_BY.get(minor)
    return setup.edition.modifiers and key is not None and key not in modifiers_in_force(state)


def political(setup: Setup, state: GameState, minor: str) -> tuple[str, str | None]:
    """(status, power): ALIGNED to a power, NEUTRAL, UNALIGNED (UNMARKED), or CAPTURED (by whom)."""
    if captured(setup, state, minor):
        cap = home_centres(setup, state, minor)
        if cap:
            return CAPTURED, holder(setup, state, cap[0])
        land = states(setup, state).get(minor, ())
        return CAPTURED, state.extra.get("annexed", {}).get(land[0]) if land else None  # a state without centre
    if minor in setup.neutral_at_start and locked(setup, state, minor):
        return NEUTRAL, None  # R-v3-14: Morocco "begins the game as a neutral state"
    return ALIGNMENT[setup.edition.alignment](setup, state, minor)


def political_by_majority(setup: Setup, state: GameState, minor: str) -> tuple[str, str | None]:
    """Version 3: half the INFs present and no tie (R-v3-19 to R-v3-22)."""
    present = influence_in(state, minor)
    total = sum(present.values())
    if total == 0:  # R-v3-19, R-v3-22
        return (NEUTRAL if _three_centres(setup, state, minor) else UNALIGNED), None
    ranked = sorted(present.items(), key=lambda item: (-item[1], item[0]))
    leader, top = ranked[0]
    tie = len(ranked) > 1 and ranked[1][1] == top
    if 2 * top >= total and not tie:  # R-v3-20
        return ALIGNED, leader
    return NEUTRAL, None  # R-v3-21


def _three_centres(setup: Setup, state: GameState, minor: str) -> bool:
    """R-v3-22: a state with 3 centres cannot be UNALIGNED (held, or only acquired ones, by option)."""
    held = holdings(setup, state, minor)
    if setup.options["three_centre_count"] == "acquired":
        held -= set(home_centres(setup, state, minor))
    return len(held) >= 3


def aligned_to(setup: Setup, state: GameState, minor: str) -> str | None:
    status, power = political(setup, state, minor)
    return power if status == ALIGNED else None


def religion(setup: Setup, state: GameState, minor: str) -> str | None:
    """The religious marker: the edition's rule (``religion`` = "majority" or "threshold")."""
    return RELIGION[setup.edition.religion](setup, state, minor)


def religion_by_majority(setup: Setup, state: GameState, minor: str) -> str | None:
    """R-v3-25 to R-v3-31: CATHOLIC or PROTESTANT majority, TOLERANT, ISLAMIC, or no marker (None)."""
    if captured(setup, state, minor):
        return None  # R-v3-63: markers removed for the time being
    if minor == setup.papal:
        return CATHOLIC  # R-v3-30
    if minor in setup.islamic:
        return ISLAMIC  # R-v3-30: never changes
    by_faith = faith_totals(setup, state, minor)
    catholic, protestant = by_faith[CATHOLIC], by_faith[PROTESTANT]
    if catholic == protestant:
        return TOLERANT if catholic else None  # R-v3-27
    faith, amount = (CATHOLIC, catholic) if catholic > protestant else (PROTESTANT, protestant)
    provinces = len(states(setup, state).get(minor, ())) or 1
    return faith if amount >= religious_minimum(provinces) else None  # R-v3-26, R-v3-28


def faith_totals(setup: Setup, state: GameState, minor: str) -> dict[str, int]:
    totals = {CATHOLIC: 0, PROTESTANT: 0}
    for power, amount in influence_in(state, minor).items():
        faith = setup.faith.get(power)
        if faith in totals:
            totals[faith] += amount
    return totals


def controller(setup: Setup, state: GameState, owner: str) -> str:
    """Who stands behind a unit's owner: a power itself, or the power a minor state is aligned to.

    The Ottomans steered by a vote of all powers stand for themselves.
    """
    if setup.is_power(owner) or (owner == setup.ottoman and owner not in setup.minors):
        return owner
    return aligned_to(setup, state, owner) or owner


def aligned_minors(setup: Setup, state: GameState, power: str) -> list[str]:
    return [m for m in pliant(setup, state) if aligned_to(setup, state, m) == power]


def has_alliance_system(setup: Setup, state: GameState, power: str) -> bool:
    """R-v3-58: two or more minor states aligned to one power."""
    return len(aligned_minors(setup, state, power)) >= 2


def counterbalance(setup: Setup, state: GameState) -> str | None:
    """R-v3-32 to R-v3-34: WIDERSTAND, KETZENHAMMER or None, from the faiths' totals (A-v3-15)."""
    if not setup.edition.counterbalance:
        return None
    totals = {CATHOLIC: 0, PROTESTANT: 0}
    if setup.options["counterbalance_basis"] == "deployed":
        for minor in pliant(setup, state):
            for faith, amount in faith_totals(setup, state, minor).items():
                totals[faith] += amount
    else:
        for power in active_powers(setup, state):
            if setup.faith.get(power) in totals:
                totals[setup.faith[power]] += allocation(setup, state, power)
    if totals[CATHOLIC] and totals[CATHOLIC] >= COUNTERBALANCE_RATIO * totals[PROTESTANT]:
        return WIDERSTAND
    if totals[PROTESTANT] and totals[PROTESTANT] >= COUNTERBALANCE_RATIO * totals[CATHOLIC]:
        return KETZENHAMMER
    return None


def status_sheet(setup: Setup, state: GameState) -> dict[str, dict[str, Any]]:
    """Every minor state's status for the results (R-v3-05 step 4, R-v3-18)."""
    sheet: dict[str, dict[str, Any]] = {}
    for minor in states(setup, state):
        status, power = political(setup, state, minor)
        entry: dict[str, Any] = {"political": status, "power": power, "religion": religion(setup, state, minor),
                                 "deployed": sorted(influence_in(state, minor))}
        if status == CAPTURED and power is not None and not setup.is_power(power):
            entry["dominion_of"] = power  # R-v3-66: it takes its captor's status
            entry["political"], entry["power"] = political(setup, state, power)
        sheet[minor] = entry
    return sheet


Rule = Callable[[Setup, GameState, str], tuple[str, str | None]]
#: the edition's ``alignment`` strategy
ALIGNMENT: dict[str, Rule] = {"majority": political_by_majority, "threshold": political_by_threshold}
#: the edition's ``religion`` strategy
RELIGION: dict[str, Callable[[Setup, GameState, str], str | None]] = {
    "majority": religion_by_majority, "threshold": religion_by_threshold}
